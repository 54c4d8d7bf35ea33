//! Replay mode: a finished or saved game stepped through forwards and backwards in a
//! window of its own, the map and the log in step (buttons, a slider, and Left,
//! Right, Home and End). The positions come from the engine's `story::Replay`, which
//! shows everything of a finished game and only what everyone may know of one in
//! progress; `Stepper` (no GTK) holds it and the log's lines, the window follows.

use std::sync::Arc;

use adw::prelude::*;
use castellan_engine::game::{EventKind, Seat};
use castellan_engine::story::Replay;
use gettextrs::gettext;
use relm4::gtk::{gdk, glib};
use relm4::prelude::*;

use super::game_record::GameRecord;
use super::log::{LogNames, tells};
use super::log_view::{GameLog, GameLogInput, LogNamesInput};
use super::map_view::{MapView, MapViewInput};
use super::session::TableEvent;
use crate::map::scene::{Castle, TerritoryState};
use crate::messages;
use crate::text::fill;

/// A game being replayed, with the log's lines of every step worked out once.
pub struct Stepper {
    replay: Replay,
    colours: Vec<u8>,
    names: Vec<String>,
    /// The lines the log tells: the opening's, then each step's in order.
    lines: Vec<TableEvent>,
    /// `ends[k]`: the lines told by position `k` (after `k` actions).
    ends: Vec<usize>,
}

impl std::fmt::Debug for Stepper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Stepper({} of {})", self.replay.at(), self.replay.len())
    }
}

impl Stepper {
    /// Replays `record` with what it may disclose, and opens it at its start.
    pub fn new(record: &GameRecord) -> Result<Stepper, String> {
        let mut replay =
            Replay::new(&record.saved, record.disclosure()).map_err(|error| error.to_string())?;
        replay.seek(0);
        let mut lines: Vec<TableEvent> = replay
            .opening()
            .into_iter()
            .filter(|e| tells(&e.kind))
            .map(|e| TableEvent {
                event: e.clone(),
                armies: 0,
            })
            .collect();
        let mut ends = Vec::with_capacity(replay.len() + 1);
        ends.push(lines.len());
        for k in 1..=replay.len() {
            replay.seek(k);
            let scene_armies = |replay: &Replay, id: castellan_engine::board::TerritoryId| {
                replay
                    .scene()
                    .territories
                    .get(id.index())
                    .map_or(0, |t| t.armies)
            };
            if let Some(step) = replay.step(k) {
                for event in step.events.into_iter().filter(|e| tells(&e.kind)) {
                    // The log says how many armies an attack started with, read just
                    // after it started, as the table does.
                    let armies = match event.kind {
                        EventKind::AttackStarted { from, .. } => scene_armies(&replay, from),
                        _ => 0,
                    };
                    lines.push(TableEvent {
                        event: event.clone(),
                        armies,
                    });
                }
            }
            ends.push(lines.len());
        }
        replay.seek(0);
        Ok(Stepper {
            replay,
            colours: record.colours.clone(),
            names: record.names.clone(),
            lines,
            ends,
        })
    }

    /// The position shown: after this many actions.
    pub fn at(&self) -> usize {
        self.replay.at()
    }

    /// The last position.
    pub fn len(&self) -> usize {
        self.replay.len()
    }

    /// Shows the position after `k` actions (at most [`Stepper::len`]).
    pub fn seek(&mut self, k: usize) {
        self.replay.seek(k);
    }

    /// The log's lines up to the position shown.
    pub fn told(&self) -> &[TableEvent] {
        &self.lines[..self.ends[self.at()]]
    }

    /// What the map shows of the position.
    pub fn territory_states(&self) -> Vec<TerritoryState> {
        let scene = self.replay.scene();
        let colour = |seat: Seat| {
            self.colours
                .get(seat.index())
                .copied()
                .unwrap_or(seat.index() as u8)
        };
        scene
            .territories
            .iter()
            .map(|t| TerritoryState {
                owner: t.owner.map(colour),
                armies: t.armies,
                castle: t.castle.map(|seat| Castle {
                    banners: 1 + scene
                        .seats
                        .get(seat.index())
                        .map_or(0, |s| s.captured_banners.len() as u32),
                }),
            })
            .collect()
    }

    /// The seats' names by the colour the map's states carry (for its tooltips).
    pub fn seat_names(&self) -> Vec<(u8, String)> {
        (0..self.replay.chronicle().seats)
            .map(|i| {
                let colour = self.colours.get(i).copied().unwrap_or(i as u8);
                let name = self.names.get(i).cloned().unwrap_or_default();
                (colour, name)
            })
            .collect()
    }

    /// "Step 120 of 1 400 · turn 9, Anna".
    pub fn position_text(&self) -> String {
        let scene = self.replay.scene();
        let step = fill(
            &gettext("Step {step} of {steps}"),
            &[("step", &self.at()), ("steps", &self.len())],
        );
        match scene.turn_seat {
            Some(seat) if scene.turn_number > 0 => fill(
                &gettext("{step} · turn {turn}, {seat}"),
                &[
                    ("step", &step),
                    ("turn", &scene.turn_number),
                    (
                        "seat",
                        &self.names.get(seat.index()).cloned().unwrap_or_default(),
                    ),
                ],
            ),
            _ if self.at() == self.len() && self.replay.chronicle().over => {
                fill(&gettext("{step} · the end"), &[("step", &step)])
            }
            _ => fill(&gettext("{step} · setting up"), &[("step", &step)]),
        }
    }
}

/// Scrolls `log` to its end once the lines just added or removed are in it: the
/// replay's log always ends with the step shown. The log takes its lines on its own
/// turn of the main loop, and a list knows its height only once laid out, so this
/// waits for the next frames to be drawn.
fn follow_the_end(log: &gtk::ScrolledWindow) {
    let ticks = std::cell::Cell::new(0);
    log.add_tick_callback(move |log, _| {
        ticks.set(ticks.get() + 1);
        let adjustment = log.vadjustment();
        adjustment.set_value(adjustment.upper() - adjustment.page_size());
        if ticks.get() < 4 {
            glib::ControlFlow::Continue
        } else {
            glib::ControlFlow::Break
        }
    });
}

/// The replay window's state.
pub struct ReplayWindow {
    window: adw::Window,
    stepper: Option<Stepper>,
    map: Option<Controller<MapView>>,
    map_holder: gtk::Box,
    log: Controller<GameLog>,
    /// Lines the log shows now.
    log_lines: usize,
    problem: Option<String>,
    /// The game being opened (the count of games asked for): an older one is dropped.
    opening: u64,
}

#[derive(Debug)]
pub enum ReplayInput {
    /// Replay this game from its start, and present the window.
    Open(Box<GameRecord>),
    First,
    Back,
    Forward,
    Last,
    /// The slider moved to this position.
    Seek(usize),
}

#[derive(Debug)]
pub struct Opened {
    opening: u64,
    record: Box<GameRecord>,
    stepper: Result<Box<Stepper>, String>,
}

/// The message for a key of the replay window, if it steps.
fn message_for_key(key: gdk::Key) -> Option<ReplayInput> {
    match key {
        gdk::Key::Left | gdk::Key::KP_Left => Some(ReplayInput::Back),
        gdk::Key::Right | gdk::Key::KP_Right => Some(ReplayInput::Forward),
        gdk::Key::Home | gdk::Key::KP_Home => Some(ReplayInput::First),
        gdk::Key::End | gdk::Key::KP_End => Some(ReplayInput::Last),
        _ => None,
    }
}

#[relm4::component(pub)]
impl Component for ReplayWindow {
    type Init = ();
    type Input = ReplayInput;
    type Output = ();
    type CommandOutput = Opened;

    view! {
        #[root]
        window = adw::Window {
            set_title: Some(&gettext("Replay")),
            set_default_width: 1100,
            set_default_height: 780,
            set_hide_on_close: true,

            // Stepping keys act before the map's own arrow keys (which move its focus).
            add_controller = gtk::EventControllerKey {
                set_propagation_phase: gtk::PropagationPhase::Capture,
                connect_key_pressed[sender] => move |_, key, _, _| {
                    match message_for_key(key) {
                        Some(message) => {
                            sender.input(message);
                            glib::Propagation::Stop
                        }
                        None => glib::Propagation::Proceed,
                    }
                },
            },

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,

                adw::HeaderBar {
                    #[wrap(Some)]
                    set_title_widget = &adw::WindowTitle {
                        set_title: &gettext("Replay"),
                        #[watch]
                        set_subtitle: &model.position_text(),
                    },
                },

                gtk::Label {
                    set_widget_name: "problem",
                    add_css_class: "error",
                    set_wrap: true,
                    set_margin_all: 12,
                    #[watch]
                    set_label: model.problem.as_deref().unwrap_or_default(),
                    #[watch]
                    set_visible: model.problem.is_some(),
                },

                gtk::Paned {
                    set_vexpand: true,
                    set_shrink_end_child: false,
                    set_resize_end_child: false,

                    #[wrap(Some)]
                    #[local_ref]
                    set_start_child = map_holder -> gtk::Box {
                        set_hexpand: true,
                        set_vexpand: true,
                    },
                    #[wrap(Some)]
                    set_end_child = &gtk::Box {
                        set_orientation: gtk::Orientation::Vertical,
                        set_width_request: 300,
                        set_margin_all: 6,

                        gtk::Label {
                            add_css_class: "heading",
                            set_xalign: 0.0,
                            set_label: &gettext("Game Log"),
                        },
                        #[local_ref]
                        log_widget -> gtk::ScrolledWindow {
                            set_vexpand: true,
                        },
                    },
                },

                gtk::Box {
                    set_spacing: 6,
                    set_margin_all: 6,

                    gtk::Button {
                        set_widget_name: "first",
                        set_icon_name: "go-first-symbolic",
                        set_tooltip_text: Some(&gettext("To the Start (Home)")),
                        #[watch]
                        set_sensitive: model.at().is_some_and(|at| at > 0),
                        connect_clicked => ReplayInput::First,
                    },
                    gtk::Button {
                        set_widget_name: "back",
                        set_icon_name: "go-previous-symbolic",
                        set_tooltip_text: Some(&gettext("One Step Back (Left)")),
                        #[watch]
                        set_sensitive: model.at().is_some_and(|at| at > 0),
                        connect_clicked => ReplayInput::Back,
                    },
                    #[name = "slider"]
                    gtk::Scale {
                        set_hexpand: true,
                        set_draw_value: false,
                        #[watch]
                        set_range: (0.0, model.stepper.as_ref().map_or(1.0, |s| s.len().max(1) as f64)),
                        set_increments: (1.0, 10.0),
                        #[watch]
                        #[block_signal(seek)]
                        set_value: model.at().unwrap_or(0) as f64,
                        connect_value_changed[sender] => move |scale| {
                            sender.input(ReplayInput::Seek(scale.value().round().max(0.0) as usize));
                        } @seek,
                    },
                    gtk::Button {
                        set_widget_name: "forward",
                        set_icon_name: "go-next-symbolic",
                        set_tooltip_text: Some(&gettext("One Step On (Right)")),
                        #[watch]
                        set_sensitive: model.stepper.as_ref().is_some_and(|s| s.at() < s.len()),
                        connect_clicked => ReplayInput::Forward,
                    },
                    gtk::Button {
                        set_widget_name: "last",
                        set_icon_name: "go-last-symbolic",
                        set_tooltip_text: Some(&gettext("To the End (End)")),
                        #[watch]
                        set_sensitive: model.stepper.as_ref().is_some_and(|s| s.at() < s.len()),
                        connect_clicked => ReplayInput::Last,
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = ReplayWindow {
            window: root.clone(),
            stepper: None,
            map: None,
            map_holder: gtk::Box::new(gtk::Orientation::Vertical, 0),
            log: GameLog::builder().launch(()).detach(),
            log_lines: 0,
            problem: None,
            opening: 0,
        };
        let map_holder = &model.map_holder.clone();
        let log_widget = &model.log.widget().clone();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: ReplayInput, sender: ComponentSender<Self>, _: &Self::Root) {
        let Some(stepper) = &mut self.stepper else {
            if let ReplayInput::Open(record) = message {
                self.open(record, &sender);
            }
            return;
        };
        let at = stepper.at();
        let to = match message {
            ReplayInput::Open(record) => {
                self.open(record, &sender);
                return;
            }
            ReplayInput::First => 0,
            ReplayInput::Back => at.saturating_sub(1),
            ReplayInput::Forward => at + 1,
            ReplayInput::Last => stepper.len(),
            ReplayInput::Seek(k) => k,
        };
        stepper.seek(to);
        self.show();
    }

    fn update_cmd(&mut self, opened: Opened, _sender: ComponentSender<Self>, _: &Self::Root) {
        if opened.opening != self.opening {
            return;
        }
        match opened.stepper {
            Ok(stepper) => {
                if let Some(old) = self.map.take() {
                    self.map_holder.remove(old.widget());
                }
                let map = MapView::builder()
                    .launch(Arc::clone(&opened.record.board))
                    .detach();
                map.widget().set_vexpand(true);
                self.map_holder.append(map.widget());
                self.map = Some(map);
                self.log.emit(GameLogInput::Start(LogNamesInput(LogNames {
                    board: Arc::clone(&opened.record.board),
                    seats: opened.record.names.clone(),
                })));
                self.log_lines = 0;
                self.stepper = Some(*stepper);
                self.show();
            }
            Err(reason) => self.problem = Some(messages::sentence(&reason)),
        }
    }
}

impl ReplayWindow {
    fn at(&self) -> Option<usize> {
        self.stepper.as_ref().map(Stepper::at)
    }

    fn position_text(&self) -> String {
        self.stepper
            .as_ref()
            .map(Stepper::position_text)
            .unwrap_or_default()
    }

    /// Replays `record` off the main loop; the window shows it when ready.
    fn open(&mut self, record: Box<GameRecord>, sender: &ComponentSender<Self>) {
        self.opening += 1;
        let opening = self.opening;
        self.stepper = None;
        self.problem = None;
        self.window.present();
        sender.spawn_oneshot_command(move || {
            let stepper = Stepper::new(&record).map(Box::new);
            Opened {
                opening,
                record,
                stepper,
            }
        });
    }

    /// The map and the log follow the position.
    fn show(&mut self) {
        let Some(stepper) = &self.stepper else {
            return;
        };
        if let Some(map) = &self.map {
            map.emit(MapViewInput::Show {
                territories: stepper.territory_states(),
                seat_names: stepper.seat_names(),
                targets: Vec::new(),
                selected: None,
                battle: None,
            });
        }
        let told = stepper.told();
        if told.len() < self.log_lines {
            self.log.emit(GameLogInput::KeepFirst(told.len()));
        } else if told.len() > self.log_lines {
            self.log
                .emit(GameLogInput::Append(told[self.log_lines..].to_vec()));
        }
        self.log_lines = told.len();
        follow_the_end(self.log.widget());
    }

    /// The log's lines as shown (for tests).
    #[cfg(test)]
    fn log_text(&self) -> String {
        self.log.model().text()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::game_record::tests::finished;
    use crate::app::log::sentence;
    use crate::app::panel_testing::{named, settle, settle_until};

    /// What the window's key controller sends for `key`.
    fn press(sender: &relm4::Sender<ReplayInput>, key: gdk::Key) {
        sender.emit(message_for_key(key).unwrap());
    }

    #[test]
    fn stepping_moves_the_map_and_the_log_together() {
        let record = finished();
        let mut stepper = Stepper::new(&record).unwrap();
        assert_eq!(stepper.at(), 0);
        let start = stepper.territory_states();
        let opening = stepper.told().len();
        // Forwards until something on the map changes: the log has grown with it.
        let mut k = 0;
        while stepper.territory_states() == start {
            k += 1;
            stepper.seek(k);
        }
        assert!(stepper.told().len() > opening);
        // Back one step and forward again: the same map and the same log.
        let (map, log) = (stepper.territory_states(), stepper.told().len());
        stepper.seek(k - 1);
        assert_eq!(stepper.territory_states(), start);
        assert!(stepper.told().len() < log);
        stepper.seek(k);
        assert_eq!(
            (stepper.territory_states(), stepper.told().len()),
            (map, log)
        );
        // At the end, the log holds the winner's last capture and the map agrees:
        // every castle is the winner's.
        stepper.seek(stepper.len());
        let winner = stepper.replay.chronicle().winner.unwrap();
        let colour = record.colours[winner.index()];
        let states = stepper.territory_states();
        assert!(
            states
                .iter()
                .filter(|t| t.castle.is_some())
                .all(|t| t.owner == Some(colour))
        );
        let names = LogNames {
            board: Arc::clone(&record.board),
            seats: record.names.clone(),
        };
        let text: Vec<String> = stepper
            .told()
            .iter()
            .filter_map(|e| sentence(&names, &e.event.kind, e.armies))
            .collect();
        assert_eq!(text.len(), stepper.told().len());
        assert!(
            stepper.position_text().ends_with("the end"),
            "{}",
            stepper.position_text()
        );
    }

    #[test]
    fn a_game_in_progress_keeps_its_secrets() {
        let mut record = finished();
        record.saved.actions.truncate(200);
        record.over = false;
        let mut stepper = Stepper::new(&record).unwrap();
        stepper.seek(stepper.len());
        assert!(stepper.told().iter().all(|e| e.event.is_public()));
        assert!(stepper.replay.game().is_none());
        // A game that says it is over but is not: everything is refused.
        record.over = true;
        assert!(Stepper::new(&record).is_err());
    }

    #[gtk::test]
    fn the_window_steps_with_the_keys_and_the_buttons() {
        let replay = ReplayWindow::builder().launch(()).detach();
        replay.emit(ReplayInput::Open(Box::new(finished())));
        settle_until(|| replay.model().stepper.is_some());
        let sender = replay.sender().clone();
        let model = || replay.model();
        assert_eq!(model().at(), Some(0));
        let opening = model().log_text();
        for _ in 0..40 {
            press(&sender, gdk::Key::Right);
        }
        settle();
        assert_eq!(model().at(), Some(40));
        let later = model().log_text();
        assert!(later.len() > opening.len() && later.starts_with(&opening));
        press(&sender, gdk::Key::Left);
        settle();
        assert_eq!(model().at(), Some(39));
        press(&sender, gdk::Key::End);
        settle();
        let len = model().stepper.as_ref().unwrap().len();
        assert_eq!(model().at(), Some(len));
        assert!(
            model().log_text().contains("won the game"),
            "the log ends with the win"
        );
        assert!(!named(replay.widget(), "forward").is_sensitive());
        press(&sender, gdk::Key::Home);
        settle();
        assert_eq!(model().at(), Some(0));
        assert_eq!(model().log_text(), opening);
        assert!(!named(replay.widget(), "back").is_sensitive());
        // The buttons step too.
        named(replay.widget(), "forward")
            .downcast::<gtk::Button>()
            .unwrap()
            .emit_clicked();
        settle();
        assert_eq!(model().at(), Some(1));
        replay.widget().close();
    }
}
