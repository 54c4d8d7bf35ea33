//! The Château Noir board widget: a drawing area showing a [`BoardScene`] with Cairo,
//! fitted to its size (HiDPI: the camera knows the scale factor), light or dark as
//! the desktop is, telling its owner which square was clicked and which keys were
//! pressed. The scene is shared with the table, which fills it from the engine.

use std::cell::RefCell;
use std::rc::Rc;

use adw::prelude::*;
use castellan_chateau::Square;
use relm4::gtk;

use crate::chateau_board::{self, BoardPalette, BoardScene};
use crate::map::ViewPoint;

/// What happened on the board.
#[derive(Debug)]
pub enum BoardEvent {
    Clicked(Square),
    Hovered(Option<Square>),
    /// A drag went on from one square to the next (a path dragged square by square).
    DraggedOver {
        from: Square,
        to: Square,
    },
    /// A drag that crossed squares ended.
    DragEnded,
    /// A key, with whether Control was held.
    Key(gtk::gdk::Key, bool),
}

/// The drawing area and the scene it draws.
pub struct BoardArea {
    pub area: gtk::DrawingArea,
    pub scene: Rc<RefCell<BoardScene>>,
}

impl BoardArea {
    /// A board widget for `scene`, calling `tell` with what the person does on it.
    pub fn new(scene: BoardScene, tell: impl Fn(BoardEvent) + Clone + 'static) -> Self {
        let scene = Rc::new(RefCell::new(scene));
        let area = gtk::DrawingArea::builder()
            .hexpand(true)
            .vexpand(true)
            .focusable(true)
            .can_focus(true)
            .name("chateau-board")
            .build();
        {
            let scene = Rc::clone(&scene);
            area.set_draw_func(move |area, cr, width, height| {
                let style = adw::StyleManager::default();
                let mut scene = scene.borrow_mut();
                let camera = scene.camera_mut();
                camera.set_scale_factor(f64::from(area.scale_factor()));
                camera.resize(f64::from(width), f64::from(height));
                let palette =
                    BoardPalette::new(scene.board(), style.is_dark(), style.is_high_contrast());
                if let Err(error) = chateau_board::draw(cr, &scene, &palette) {
                    eprintln!("castellan: the board could not be drawn: {error}");
                }
            });
        }
        {
            // The board follows the desktop's light and dark styles at once.
            let area = area.clone();
            adw::StyleManager::default().connect_dark_notify(move |_| area.queue_draw());
        }
        let click = gtk::GestureClick::new();
        {
            let (scene, tell, area) = (Rc::clone(&scene), tell.clone(), area.clone());
            click.connect_released(move |_, _, x, y| {
                area.grab_focus();
                let square = scene.borrow().square_at(ViewPoint { x, y });
                if let Some(square) = square {
                    tell(BoardEvent::Clicked(square));
                }
            });
        }
        area.add_controller(click);
        // A path dragged: each square entered is told with the one left, and the end
        // of a drag that crossed squares (a drag within one square is a click).
        let drag = gtk::GestureDrag::new();
        let dragged: Rc<std::cell::Cell<Option<Drag>>> = Rc::default();
        {
            let (scene, dragged) = (Rc::clone(&scene), Rc::clone(&dragged));
            drag.connect_drag_begin(move |_, x, y| {
                let start = ViewPoint { x, y };
                dragged.set(Some((start, scene.borrow().square_at(start), false)));
            });
        }
        {
            let (scene, dragged, tell) = (Rc::clone(&scene), Rc::clone(&dragged), tell.clone());
            drag.connect_drag_update(move |_, dx, dy| {
                let Some((start, last, crossed)) = dragged.get() else {
                    return;
                };
                let point = ViewPoint {
                    x: start.x + dx,
                    y: start.y + dy,
                };
                let now = scene.borrow().square_at(point);
                if let (Some(from), Some(to)) = (last, now)
                    && from != to
                {
                    dragged.set(Some((start, now, true)));
                    tell(BoardEvent::DraggedOver { from, to });
                } else {
                    dragged.set(Some((start, last.or(now), crossed)));
                }
            });
        }
        {
            let (dragged, tell) = (Rc::clone(&dragged), tell.clone());
            drag.connect_drag_end(move |_, _, _| {
                if let Some((_, _, true)) = dragged.take() {
                    tell(BoardEvent::DragEnded);
                }
            });
        }
        area.add_controller(drag);
        let motion = gtk::EventControllerMotion::new();
        {
            let (scene, tell) = (Rc::clone(&scene), tell.clone());
            motion.connect_motion(move |_, x, y| {
                let square = scene.borrow().square_at(ViewPoint { x, y });
                tell(BoardEvent::Hovered(square));
            });
        }
        {
            let tell = tell.clone();
            motion.connect_leave(move |_| tell(BoardEvent::Hovered(None)));
        }
        area.add_controller(motion);
        let keys = gtk::EventControllerKey::new();
        keys.connect_key_pressed(move |_, key, _, modifiers| {
            let control = modifiers.contains(gtk::gdk::ModifierType::CONTROL_MASK);
            if handled_key(key) {
                tell(BoardEvent::Key(key, control));
                gtk::glib::Propagation::Stop
            } else {
                gtk::glib::Propagation::Proceed
            }
        });
        area.add_controller(keys);
        Self { area, scene }
    }
}

/// A drag under way: where it began, the square it is over, and whether it has
/// crossed into another square yet.
type Drag = (ViewPoint, Option<Square>, bool);

/// The keys the board plays with (see the table's keyboard play).
fn handled_key(key: gtk::gdk::Key) -> bool {
    use gtk::gdk::Key;
    matches!(
        key,
        Key::Left
            | Key::Right
            | Key::Up
            | Key::Down
            | Key::Return
            | Key::KP_Enter
            | Key::space
            | Key::Tab
            | Key::BackSpace
            | Key::Escape
            | Key::r
            | Key::e
            | Key::n
    )
}
