//! The map widget: a relm4 component wrapping a drawing area (`area.rs`) that draws a
//! [`MapScene`]. Gesture controllers only send messages; `update` changes the scene and
//! queues a redraw; the snapshot function only draws. The scene and drawing are in
//! `map/`.
//! The map decides nothing about the game: it reports clicks, and the window tells it
//! what each territory shows, which light up and which is selected. Its controllers
//! send their events with `emit`, which drops them once the map is gone: a map
//! replaced by another board's may still be told of a pointer leaving it.
//!
//! Keyboard: the arrow keys move a focus ring from territory to territory (panning a
//! zoomed map to keep it in view), Enter or Space clicks the focused territory, `+`,
//! `-` and `0` zoom and fit, Escape backs out.

mod area;
mod measure;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use castellan_engine::board::{Board, TerritoryId};
use gettextrs::{gettext, ngettext};
use relm4::gtk::{gdk, glib, prelude::*};
use relm4::prelude::*;

use crate::map::scene::{Direction, TerritoryState};
use crate::map::{AttackArrow, LayerCache, MapScene, Palette, TargetKind, ViewPoint};
use crate::text::{fill, translated};
use area::{Frames, MapArea};
use measure::Measure;

/// Zoom change for one notch of a mouse wheel (smooth scrolling scales it).
const WHEEL_ZOOM_STEP: f64 = 1.2;

/// Zoom change for one press of the zoom keys.
const KEY_ZOOM_STEP: f64 = 1.25;

/// How far, in pixels, the pointer may move between press and release for a click.
const CLICK_SLOP: f64 = 4.0;

/// How far inside the widget's edges, in pixels, the keyboard focus is kept in view.
const FOCUS_VIEW_MARGIN: f64 = 60.0;

/// What the draw function needs, shared between the component and the draw closure.
struct Canvas {
    scene: MapScene,
    palette: Palette,
    layers: LayerCache,
    /// The render nodes of the frames handed to GTK.
    frames: Frames,
    /// Set by `CASTELLAN_MEASURE`: reports the first frame and the memory in use.
    measure: Option<Measure>,
    /// The name of the seat behind each owner value (a palette colour) on the map.
    seat_names: Vec<(u8, String)>,
}

impl Canvas {
    /// The territory at a point of the widget: its name or badge as drawn, or its
    /// land.
    fn territory_at(&self, point: ViewPoint) -> Option<TerritoryId> {
        self.layers.territory_at(&self.scene, point)
    }

    /// The tooltip for a territory, with its owner's name.
    fn tooltip(&self, id: TerritoryId) -> String {
        let state = self.scene.territory(id);
        let owner = state.owner.and_then(|owner| {
            self.seat_names
                .iter()
                .find(|(value, _)| *value == owner)
                .map(|(_, name)| name.as_str())
        });
        tooltip_markup(self.scene.board(), id, state, owner)
    }

    /// The part of the widget a territory's tooltip belongs to: its outline's bounds
    /// (its badge's surroundings when it has no outline). GTK moves the tooltip when
    /// the pointer leaves it.
    fn tooltip_area(&self, id: TerritoryId) -> gdk::Rectangle {
        let camera = self.scene.camera();
        let (top_left, bottom_right) = match self.scene.geometry().bounds(id) {
            Some(bounds) => (camera.to_view(bounds.min), camera.to_view(bounds.max)),
            None => {
                let centre = camera.to_view(self.scene.board().territory(id).geometry.centre);
                let radius = camera.length_to_view(self.scene.geometry().disc_radius(id));
                (
                    ViewPoint::new(centre.x - radius, centre.y - radius),
                    ViewPoint::new(centre.x + radius, centre.y + radius),
                )
            }
        };
        gdk::Rectangle::new(
            top_left.x.floor() as i32,
            top_left.y.floor() as i32,
            (bottom_right.x - top_left.x).ceil() as i32 + 1,
            (bottom_right.y - top_left.y).ceil() as i32 + 1,
        )
    }
}

/// The map of the board, with hover, selection, zoom and pan.
pub struct MapView {
    canvas: Rc<RefCell<Canvas>>,
    /// Where the pointer is over the widget, for zooming about it.
    pointer: Option<ViewPoint>,
    drag: Option<Drag>,
    style_handlers: Vec<glib::SignalHandlerId>,
    /// The attack in progress, if any: its arrow stays while no move is previewed.
    battle: Option<AttackArrow>,
    /// The zoom a pinch had reached at its last update (GTK reports it from the start).
    pinch_scale: f64,
}

/// A press of the primary button that may become a pan.
#[derive(Copy, Clone, Debug)]
struct Drag {
    start: ViewPoint,
    /// The offset from `start` already applied to the camera.
    applied: (f64, f64),
    /// Whether the pointer has left the click slop, making this a pan and not a click.
    panning: bool,
}

/// Messages to the map: pointer and keyboard events, size and style changes, and
/// requests from the window.
#[derive(Debug)]
pub enum MapViewInput {
    PointerMoved {
        x: f64,
        y: f64,
    },
    PointerLeft,
    DragBegan {
        x: f64,
        y: f64,
    },
    DragMoved {
        dx: f64,
        dy: f64,
    },
    DragEnded {
        dx: f64,
        dy: f64,
        /// The keys held at the release (Shift, Control).
        modifiers: gdk::ModifierType,
    },
    /// A click of the secondary button.
    SecondaryClicked {
        x: f64,
        y: f64,
    },
    /// Wheel or touchpad scrolling: negative is away from the user (zoom in).
    Scrolled {
        dy: f64,
    },
    PinchBegan,
    /// A pinch, as the zoom since it began, about the middle of the fingers.
    Pinched {
        scale: f64,
        x: f64,
        y: f64,
    },
    /// An arrow key: the keyboard focus moves to the territory that way.
    MoveFocus(Direction),
    /// Enter or Space: clicks the focused territory.
    Activate,
    /// The "next territory" shortcut: the keyboard focus goes to the next lit target.
    FocusNextTarget,
    /// The widget got the keyboard focus from the keyboard.
    FocusEntered,
    /// The widget lost the keyboard focus.
    FocusLeft,
    /// Zoom by a factor about the middle of the widget (keys, buttons).
    ZoomBy(f64),
    FitToWindow,
    /// Escape: the player backs out of a half-made choice.
    Escape,
    /// What the game shows: every territory's state (indexed by id), the seats' names
    /// by the owner value the states carry (for the tooltip), the lit targets and the
    /// selected territory.
    Show {
        territories: Vec<TerritoryState>,
        seat_names: Vec<(u8, String)>,
        targets: Vec<(TerritoryId, TargetKind)>,
        selected: Option<TerritoryId>,
        /// The attack in progress, drawn whatever the pointer does.
        battle: Option<AttackArrow>,
    },
    Resized {
        width: i32,
        height: i32,
        scale_factor: i32,
    },
    ScaleFactorChanged(i32),
    StyleChanged {
        dark: bool,
        high_contrast: bool,
    },
}

/// Which click a territory got: the map tells them apart, the window gives them
/// meaning (while placing: one army, five, all that are left, take one back).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ClickKind {
    Plain,
    /// With Shift held.
    Shift,
    /// With Control held.
    Control,
    /// The secondary (right) button.
    Secondary,
}

impl ClickKind {
    /// The kind of a primary click made with `modifiers` held.
    fn primary(modifiers: gdk::ModifierType) -> ClickKind {
        if modifiers.contains(gdk::ModifierType::CONTROL_MASK) {
            ClickKind::Control
        } else if modifiers.contains(gdk::ModifierType::SHIFT_MASK) {
            ClickKind::Shift
        } else {
            ClickKind::Plain
        }
    }
}

/// What the map tells its parent.
#[derive(Debug)]
pub enum MapViewOutput {
    /// The player clicked a territory.
    Clicked(TerritoryId, ClickKind),
    /// The player pressed Escape on the map.
    Escape,
}

#[relm4::component(pub)]
impl Component for MapView {
    type Init = Arc<Board>;
    type Input = MapViewInput;
    type Output = MapViewOutput;
    type CommandOutput = ();

    view! {
        MapArea {
            set_hexpand: true,
            set_vexpand: true,
            set_focusable: true,

            set_has_tooltip: true,
            #[watch]
            set_cursor_from_name: Some(model.cursor_name()),

            set_snapshot_func[canvas = model.canvas.clone()] => move |snapshot, width, height| {
                let mut canvas = canvas.borrow_mut();
                let Canvas { scene, palette, layers, frames, measure, .. } = &mut *canvas;
                let size = (width, height);
                if let Err(error) = frames.snapshot(snapshot, size, layers, scene, palette) {
                    eprintln!("castellan: cannot draw the map: {error}");
                }
                if let Some(measure) = measure {
                    measure.frame_drawn();
                }
            },
            // Asked by GTK as the pointer rests (or, in keyboard mode, for the focused
            // territory); the area makes GTK move the tooltip to the next territory.
            connect_query_tooltip[canvas = model.canvas.clone()] =>
                move |_, x, y, keyboard, tooltip| {
                    let canvas = canvas.borrow();
                    let id = if keyboard {
                        canvas.scene.focused()
                    } else {
                        canvas.territory_at(ViewPoint::new(f64::from(x), f64::from(y)))
                    };
                    let Some(id) = id else {
                        return false;
                    };
                    tooltip.set_markup(Some(&canvas.tooltip(id)));
                    tooltip.set_tip_area(&canvas.tooltip_area(id));
                    true
                },
            connect_resize[sender] => move |area, width, height| {
                sender.input_sender().emit(MapViewInput::Resized {
                    width,
                    height,
                    scale_factor: area.scale_factor(),
                });
            },
            connect_scale_factor_notify[sender] => move |area| {
                sender.input_sender().emit(MapViewInput::ScaleFactorChanged(area.scale_factor()));
            },

            add_controller = gtk::EventControllerMotion {
                connect_motion[sender] => move |_, x, y| {
                    sender.input_sender().emit(MapViewInput::PointerMoved { x, y });
                },
                connect_leave[sender] => move |_| {
                    sender.input_sender().emit(MapViewInput::PointerLeft);
                },
            },
            add_controller = gtk::GestureDrag {
                set_button: gdk::BUTTON_PRIMARY,
                connect_drag_begin[sender] => move |gesture, x, y| {
                    // Focus follows a click, so that the zoom keys work on the map.
                    if let Some(area) = gesture.widget() {
                        area.grab_focus();
                    }
                    sender.input_sender().emit(MapViewInput::DragBegan { x, y });
                },
                connect_drag_update[sender] => move |_, dx, dy| {
                    sender.input_sender().emit(MapViewInput::DragMoved { dx, dy });
                },
                connect_drag_end[sender] => move |gesture, dx, dy| {
                    let modifiers = gesture.current_event_state();
                    sender.input_sender().emit(MapViewInput::DragEnded { dx, dy, modifiers });
                },
            },
            add_controller = gtk::GestureClick {
                set_button: gdk::BUTTON_SECONDARY,
                connect_released[sender] => move |_, _, x, y| {
                    sender.input_sender().emit(MapViewInput::SecondaryClicked { x, y });
                },
            },
            add_controller = gtk::EventControllerScroll::new(
                gtk::EventControllerScrollFlags::VERTICAL,
            ) {
                connect_scroll[sender] => move |_, _, dy| {
                    sender.input_sender().emit(MapViewInput::Scrolled { dy });
                    glib::Propagation::Stop
                },
            },
            add_controller = gtk::GestureZoom {
                connect_begin[sender] => move |_, _| {
                    sender.input_sender().emit(MapViewInput::PinchBegan);
                },
                connect_scale_changed[sender] => move |gesture, scale| {
                    if let Some((x, y)) = gesture.bounding_box_center() {
                        sender.input_sender().emit(MapViewInput::Pinched { scale, x, y });
                    }
                },
            },
            add_controller = gtk::EventControllerFocus {
                connect_enter[sender] => move |controller| {
                    // Shown at once when the map is reached with the keyboard (Tab),
                    // not when it is clicked.
                    let keyboard = controller
                        .widget()
                        .and_then(|w| w.root())
                        .and_downcast::<gtk::Window>()
                        .is_some_and(|window| window.gets_focus_visible());
                    if keyboard {
                        sender.input_sender().emit(MapViewInput::FocusEntered);
                    }
                },
                connect_leave[sender] => move |_| {
                    sender.input_sender().emit(MapViewInput::FocusLeft);
                },
            },
            add_controller = gtk::EventControllerKey {
                connect_key_pressed[sender] => move |_, key, _, modifiers| {
                    match message_for_key(key, modifiers) {
                        Some(message) => {
                            sender.input_sender().emit(message);
                            glib::Propagation::Stop
                        }
                        None => glib::Propagation::Proceed,
                    }
                },
            },
        }
    }

    fn init(
        board: Arc<Board>,
        root: Self::Root,
        sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        let style = adw::StyleManager::default();
        let canvas = Canvas {
            scene: MapScene::new(board),
            palette: Palette::new(style.is_dark(), style.is_high_contrast()),
            layers: LayerCache::new(),
            frames: Frames::default(),
            measure: Measure::from_env(),
            seat_names: Vec::new(),
        };
        let style_changed = {
            let sender = sender.clone();
            move |style: &adw::StyleManager| {
                sender.input_sender().emit(MapViewInput::StyleChanged {
                    dark: style.is_dark(),
                    high_contrast: style.is_high_contrast(),
                });
            }
        };
        let style_handlers = vec![
            style.connect_dark_notify(style_changed.clone()),
            style.connect_high_contrast_notify(style_changed),
        ];
        let model = MapView {
            canvas: Rc::new(RefCell::new(canvas)),
            pointer: None,
            drag: None,
            style_handlers,
            battle: None,
            pinch_scale: 1.0,
        };
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: MapViewInput, sender: ComponentSender<Self>, root: &Self::Root) {
        // GTK asks for a tooltip's text only when the pointer moves: a territory that
        // changes hands under a still pointer would keep its old tooltip.
        let mut requery_tooltip = false;
        let redraw = match message {
            MapViewInput::PointerMoved { x, y } => {
                let point = ViewPoint::new(x, y);
                self.pointer = Some(point);
                // While panning, the territory under the pointer changes under it; the
                // hover follows when the drag ends.
                self.drag.is_none_or(|d| !d.panning) && self.hover_at(Some(point))
            }
            MapViewInput::PointerLeft => {
                self.pointer = None;
                self.hover_at(None)
            }
            MapViewInput::DragBegan { x, y } => {
                self.drag = Some(Drag {
                    start: ViewPoint::new(x, y),
                    applied: (0.0, 0.0),
                    panning: false,
                });
                false
            }
            MapViewInput::DragMoved { dx, dy } => self.drag_to(dx, dy),
            MapViewInput::DragEnded { dx, dy, modifiers } => {
                let moved = self.drag_to(dx, dy);
                match self.drag.take() {
                    Some(drag) if !drag.panning => {
                        let at = ViewPoint::new(drag.start.x + dx, drag.start.y + dy);
                        self.click_at(at, ClickKind::primary(modifiers), &sender)
                    }
                    _ => moved | self.hover_at(self.pointer),
                }
            }
            MapViewInput::SecondaryClicked { x, y } => {
                self.click_at(ViewPoint::new(x, y), ClickKind::Secondary, &sender)
            }
            MapViewInput::Scrolled { dy } => {
                let anchor = self.pointer.unwrap_or_else(|| self.middle());
                self.canvas
                    .borrow_mut()
                    .scene
                    .camera_mut()
                    .zoom_about(anchor, WHEEL_ZOOM_STEP.powf(-dy));
                self.hover_at(self.pointer);
                true
            }
            MapViewInput::PinchBegan => {
                self.pinch_scale = 1.0;
                false
            }
            MapViewInput::Pinched { scale, x, y } => {
                let step = scale / self.pinch_scale;
                self.pinch_scale = scale;
                self.canvas
                    .borrow_mut()
                    .scene
                    .camera_mut()
                    .zoom_about(ViewPoint::new(x, y), step);
                self.hover_at(self.pointer);
                true
            }
            MapViewInput::MoveFocus(direction) => self.move_focus(Some(direction)),
            MapViewInput::FocusEntered => self.move_focus(None),
            MapViewInput::FocusNextTarget => {
                let mut canvas = self.canvas.borrow_mut();
                let scene = &mut canvas.scene;
                match scene.next_target(scene.focused()) {
                    Some(next) => {
                        show_focus(scene, next, self.battle);
                        true
                    }
                    None => false,
                }
            }
            MapViewInput::Activate => {
                let focused = self.canvas.borrow().scene.focused();
                if let Some(id) = focused {
                    sender
                        .output(MapViewOutput::Clicked(id, ClickKind::Plain))
                        .ok();
                }
                false
            }
            MapViewInput::FocusLeft => {
                let mut canvas = self.canvas.borrow_mut();
                let changed = canvas.scene.set_focused(None);
                preview_attack(&mut canvas.scene, self.battle);
                changed
            }
            MapViewInput::ZoomBy(factor) => {
                let middle = self.middle();
                self.canvas
                    .borrow_mut()
                    .scene
                    .camera_mut()
                    .zoom_about(middle, factor);
                self.hover_at(self.pointer);
                true
            }
            MapViewInput::FitToWindow => {
                self.canvas.borrow_mut().scene.camera_mut().fit();
                self.hover_at(self.pointer);
                true
            }
            MapViewInput::Escape => {
                sender.output(MapViewOutput::Escape).ok();
                false
            }
            MapViewInput::Show {
                territories,
                seat_names,
                targets,
                selected,
                battle,
            } => {
                self.battle = battle;
                let mut canvas = self.canvas.borrow_mut();
                canvas.seat_names = seat_names;
                let scene = &mut canvas.scene;
                let ids: Vec<TerritoryId> = scene.board().territory_ids().collect();
                for (id, state) in ids.into_iter().zip(territories) {
                    scene.set_territory(id, state);
                }
                scene.set_targets(targets);
                scene.set_selected(selected);
                preview_attack(scene, self.battle);
                if let Some(measure) = &mut canvas.measure {
                    measure.game_shown();
                }
                requery_tooltip = true;
                true
            }
            MapViewInput::Resized {
                width,
                height,
                scale_factor,
            } => {
                let mut canvas = self.canvas.borrow_mut();
                let camera = canvas.scene.camera_mut();
                camera.resize(f64::from(width), f64::from(height));
                camera.set_scale_factor(f64::from(scale_factor));
                true
            }
            MapViewInput::ScaleFactorChanged(factor) => {
                let mut canvas = self.canvas.borrow_mut();
                canvas
                    .scene
                    .camera_mut()
                    .set_scale_factor(f64::from(factor));
                true
            }
            MapViewInput::StyleChanged {
                dark,
                high_contrast,
            } => {
                self.canvas.borrow_mut().palette = Palette::new(dark, high_contrast);
                true
            }
        };
        if redraw {
            root.queue_draw();
        }
        // After the canvas is let go of: the query may be answered at once.
        if requery_tooltip {
            root.trigger_tooltip_query();
        }
    }

    fn shutdown(&mut self, _widgets: &mut Self::Widgets, _output: relm4::Sender<MapViewOutput>) {
        let style = adw::StyleManager::default();
        for handler in self.style_handlers.drain(..) {
            style.disconnect(handler);
        }
    }
}

impl MapView {
    /// The territories the map lights now, with why, in board order.
    #[cfg(test)]
    pub(crate) fn lit(&self) -> Vec<(TerritoryId, TargetKind)> {
        let canvas = self.canvas.borrow();
        let scene = &canvas.scene;
        scene
            .board()
            .territory_ids()
            .filter_map(|id| Some((id, scene.target(id)?)))
            .collect()
    }

    /// The territory with the keyboard focus, if any.
    #[cfg(test)]
    pub fn focused(&self) -> Option<TerritoryId> {
        self.canvas.borrow().scene.focused()
    }

    /// Hovers the territory under `point` (none when `None`) and updates the attack
    /// preview. Returns whether the map must be redrawn.
    fn hover_at(&mut self, point: Option<ViewPoint>) -> bool {
        let mut canvas = self.canvas.borrow_mut();
        let hovered = point.and_then(|p| canvas.territory_at(p));
        let scene = &mut canvas.scene;
        if !scene.set_hovered(hovered) {
            return false;
        }
        preview_attack(scene, self.battle);
        true
    }

    /// Reports a click on a territory (its land, name or badge); a click on the sea
    /// means nothing. The keyboard
    /// focus ring goes, as a pointer user does not need it.
    fn click_at(
        &mut self,
        point: ViewPoint,
        kind: ClickKind,
        sender: &ComponentSender<Self>,
    ) -> bool {
        let mut canvas = self.canvas.borrow_mut();
        let unfocused = canvas.scene.set_focused(None);
        let clicked = canvas.territory_at(point);
        if let Some(id) = clicked {
            sender.output(MapViewOutput::Clicked(id, kind)).ok();
        }
        unfocused
    }

    /// Moves the keyboard focus one territory in `direction`; with no direction, or
    /// when nothing has the focus yet, only shows where it is: on the selected
    /// territory, else the hovered one, else the target nearest the middle of the
    /// view, else the territory nearest it.
    fn move_focus(&mut self, direction: Option<Direction>) -> bool {
        let mut canvas = self.canvas.borrow_mut();
        let scene = &mut canvas.scene;
        let next = match (scene.focused(), direction) {
            (Some(from), Some(direction)) => scene.neighbour_towards(from, direction),
            (Some(from), None) => Some(from),
            (None, _) => scene
                .selected()
                .or(scene.hovered())
                .or_else(|| nearest_to_middle(scene, true))
                .or_else(|| nearest_to_middle(scene, false)),
        };
        let Some(next) = next else {
            return false;
        };
        show_focus(scene, next, self.battle);
        true
    }

    /// Follows a drag to offset `(dx, dy)` from its start; returns whether the map moved.
    fn drag_to(&mut self, dx: f64, dy: f64) -> bool {
        let Some(drag) = self.drag.as_mut() else {
            return false;
        };
        if !drag.panning && dx.hypot(dy) <= CLICK_SLOP {
            return false;
        }
        if !drag.panning {
            drag.panning = true;
            // A pan hides the hover: the territory under the pointer keeps changing.
            let mut canvas = self.canvas.borrow_mut();
            canvas.scene.set_hovered(None);
            canvas.scene.set_arrow(None);
        }
        let (step_x, step_y) = (dx - drag.applied.0, dy - drag.applied.1);
        drag.applied = (dx, dy);
        self.canvas
            .borrow_mut()
            .scene
            .camera_mut()
            .pan_by(step_x, step_y);
        true
    }

    fn middle(&self) -> ViewPoint {
        let (width, height) = self.canvas.borrow().scene.camera().view_size();
        ViewPoint::new(width / 2.0, height / 2.0)
    }

    fn cursor_name(&self) -> &'static str {
        match self.drag {
            Some(Drag { panning: true, .. }) => "grabbing",
            _ if self.canvas.borrow().scene.hovered().is_some() => "pointer",
            _ => "default",
        }
    }
}

/// The territory whose badge is nearest the middle of the view, among the targets
/// if `targets_only`.
fn nearest_to_middle(scene: &MapScene, targets_only: bool) -> Option<TerritoryId> {
    let (width, height) = scene.camera().view_size();
    let middle = scene
        .camera()
        .to_board(ViewPoint::new(width / 2.0, height / 2.0));
    let board = scene.board();
    board
        .territory_ids()
        .filter(|&id| !targets_only || scene.target(id).is_some())
        .min_by(|&a, &b| {
            let distance = |id: TerritoryId| {
                let badge = board.territory(id).geometry.badge;
                (badge.x - middle.x).hypot(badge.y - middle.y)
            };
            distance(a).total_cmp(&distance(b))
        })
}

/// Puts the keyboard focus on `territory`, in view, with the attack it would make.
fn show_focus(scene: &mut MapScene, territory: TerritoryId, battle: Option<AttackArrow>) {
    scene.set_focused(Some(territory));
    let badge = scene.board().territory(territory).geometry.badge;
    scene.camera_mut().pan_to_show(badge, FOCUS_VIEW_MARGIN);
    preview_attack(scene, battle);
}

/// The keys the map answers to, without modifiers: move the focus, click, zoom in and
/// out, fit, back out.
fn message_for_key(key: gdk::Key, modifiers: gdk::ModifierType) -> Option<MapViewInput> {
    // Keys held with Control or Alt are the window's shortcuts (Ctrl+Enter confirms,
    // Ctrl+N starts a new game): the map lets them through.
    if modifiers.intersects(gdk::ModifierType::CONTROL_MASK | gdk::ModifierType::ALT_MASK) {
        return None;
    }
    match key {
        gdk::Key::Left | gdk::Key::KP_Left => Some(MapViewInput::MoveFocus(Direction::Left)),
        gdk::Key::Right | gdk::Key::KP_Right => Some(MapViewInput::MoveFocus(Direction::Right)),
        gdk::Key::Up | gdk::Key::KP_Up => Some(MapViewInput::MoveFocus(Direction::Up)),
        gdk::Key::Down | gdk::Key::KP_Down => Some(MapViewInput::MoveFocus(Direction::Down)),
        gdk::Key::Return | gdk::Key::KP_Enter | gdk::Key::space | gdk::Key::KP_Space => {
            Some(MapViewInput::Activate)
        }
        gdk::Key::plus | gdk::Key::equal | gdk::Key::KP_Add => {
            Some(MapViewInput::ZoomBy(KEY_ZOOM_STEP))
        }
        gdk::Key::minus | gdk::Key::KP_Subtract => Some(MapViewInput::ZoomBy(1.0 / KEY_ZOOM_STEP)),
        gdk::Key::_0 | gdk::Key::KP_0 => Some(MapViewInput::FitToWindow),
        gdk::Key::Escape => Some(MapViewInput::Escape),
        _ => None,
    }
}

/// Pointing (or moving the keyboard focus) at a lit target of the selected territory,
/// by land or across the sea, previews the move with the arrow; anything else clears
/// the arrow.
fn preview_attack(scene: &mut MapScene, battle: Option<AttackArrow>) {
    let arrow = scene
        .selected()
        .zip(scene.focused().or(scene.hovered()))
        .filter(|&(from, to)| from != to && scene.target(to).is_some())
        .map(|(from, to)| AttackArrow {
            from,
            to,
            by_sea: scene.target(to) == Some(TargetKind::AcrossSea),
        })
        .or(battle);
    scene.set_arrow(arrow);
}

/// The tooltip of a territory, as markup: its name in bold, its group, then who holds
/// it with how many armies, and its castle. Everything shown is on the board for all
/// to see (hidden armies never are). Names are looked up in the message catalogue in
/// case it translates them.
fn tooltip_markup(
    board: &Board,
    id: TerritoryId,
    state: &TerritoryState,
    owner: Option<&str>,
) -> String {
    let territory = board.territory(id);
    let name = translated(territory.name.as_str());
    let mut lines = vec![translated(board.group(territory.group).name.as_str())];
    let armies = fill(
        &ngettext("{n} army", "{n} armies", state.armies),
        &[("n", &state.armies)],
    );
    lines.push(match (state.owner, owner) {
        (Some(_), Some(owner)) => fill(
            &gettext("Held by {owner}, {armies}"),
            &[("owner", &owner), ("armies", &armies)],
        ),
        (Some(_), None) => armies,
        (None, _) if state.armies > 0 => armies,
        (None, _) => gettext("Unclaimed"),
    });
    if let Some(castle) = state.castle {
        lines.push(fill(
            &ngettext(
                "Castle with {n} banner",
                "Castle with {n} banners",
                castle.banners,
            ),
            &[("n", &castle.banners)],
        ));
    }
    // Seat names come from players: everything is escaped after the substitutions.
    let mut markup = format!("<b>{}</b>", glib::markup_escape_text(&name));
    for line in lines {
        markup.push('\n');
        markup.push_str(&glib::markup_escape_text(&line));
    }
    markup
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::scene::Castle;

    #[test]
    fn the_map_leaves_the_windows_shortcuts_alone() {
        let none = gdk::ModifierType::empty();
        assert!(matches!(
            message_for_key(gdk::Key::Return, none),
            Some(MapViewInput::Activate)
        ));
        // Ctrl+Enter confirms a placement, even with the map focused after its clicks.
        assert!(message_for_key(gdk::Key::Return, gdk::ModifierType::CONTROL_MASK).is_none());
        assert!(message_for_key(gdk::Key::plus, gdk::ModifierType::ALT_MASK).is_none());
        // Shift-modified keys stay the map's (Shift+= is "+" on many keyboards).
        assert!(message_for_key(gdk::Key::plus, gdk::ModifierType::SHIFT_MASK).is_some());
    }

    fn board() -> Board {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/castle-risk.toml");
        castellan_engine::board::load_board_file(&path).unwrap()
    }

    #[test]
    fn the_tooltip_names_the_territory_group_owner_armies_and_castle() {
        let board = board();
        let vienna = board.territory_by_key("vienna").unwrap();
        let state = TerritoryState {
            owner: Some(0),
            armies: 7,
            castle: Some(Castle { banners: 2 }),
        };
        assert_eq!(
            tooltip_markup(&board, vienna, &state, Some("Anna & Ben")),
            "<b>Vienna</b>\nAustrian Empire\nHeld by Anna &amp; Ben, 7 armies\n\
             Castle with 2 banners"
        );
    }

    #[test]
    fn the_tooltip_of_an_unclaimed_territory_says_so() {
        let board = board();
        let madrid = board.territory_by_key("madrid").unwrap();
        assert_eq!(
            tooltip_markup(&board, madrid, &TerritoryState::default(), None),
            "<b>Madrid</b>\nSpain\nUnclaimed"
        );
        let one = TerritoryState {
            owner: Some(3),
            armies: 1,
            castle: None,
        };
        assert_eq!(
            tooltip_markup(&board, madrid, &one, Some("Chloé")),
            "<b>Madrid</b>\nSpain\nHeld by Chloé, 1 army"
        );
    }
}
