//! The replay of a Château Noir match, finished or in progress, in a window of its
//! own: the board stepped through forwards and backwards a turn or a unit at a time
//! (buttons, a slider, Left and Right by turn, Shift with them by unit, Home and
//! End), with the log's lines up to the position shown. Read-only: the board takes
//! no clicks. `ChateauStepper` (no GTK) replays the save through the engine once and
//! keeps every position's view; the window follows it.

use std::sync::Arc;

use adw::prelude::*;
use castellan_chateau::board::Board;
use castellan_chateau::game::{Event, Game, Legal, Seat, View};
use castellan_chateau::save::SavedGame;
use gettextrs::{gettext, pgettext};
use relm4::gtk::{gdk, glib};
use relm4::prelude::*;

use super::board_area::BoardArea;
use super::session::ChateauRecord;
use super::words;
use crate::app::follow_end::EndFollower;
use crate::chateau_board::BoardScene;
use crate::messages;
use crate::messages::chateau::replay_error;
use crate::text::fill;

/// A match being replayed: the engine's view after every action, and the log's
/// lines of every step, worked out once.
pub struct ChateauStepper {
    /// `views[k]`: the position after `k` actions.
    views: Vec<View>,
    /// The positions a turn begins at (the first is 0), in order.
    turn_starts: Vec<usize>,
    /// The lines the log tells: the opening's, then each action's in order.
    lines: Vec<String>,
    /// `ends[k]`: the lines told by position `k`.
    ends: Vec<usize>,
    at: usize,
    /// The game at the end (the names of its armies and sides).
    game: Game,
    seat_names: Vec<String>,
    /// What the board lights: nothing (a replay is not played).
    unlit: Legal,
}

impl std::fmt::Debug for ChateauStepper {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ChateauStepper({} of {})", self.at, self.len())
    }
}

impl ChateauStepper {
    /// Replays `record` through the engine, checking every action, and opens it at
    /// its start; or why it does not replay, in words.
    pub fn new(record: &ChateauRecord) -> Result<ChateauStepper, String> {
        let saved = &record.saved;
        let in_words = |error| {
            let board =
                castellan_chateau::board::parse_board(&saved.board_source, &saved.board_name).ok();
            replay_error(&error, board.as_ref())
        };
        let start = SavedGame {
            actions: Vec::new(),
            ..saved.clone()
        }
        .replay()
        .map_err(in_words)?;
        let mut views = Vec::with_capacity(saved.actions.len() + 1);
        views.push(start.view());
        let name = |seat: Seat| {
            record
                .seat_names
                .get(seat.index())
                .cloned()
                .unwrap_or_else(|| format!("{}", seat.0 + 1))
        };
        let mut moves = words::TurnMoves::default();
        let mut lines = Vec::new();
        tell(
            &mut lines,
            &mut moves,
            &start,
            start.opening_events(),
            &name,
        );
        let mut ends = Vec::with_capacity(saved.actions.len() + 1);
        ends.push(lines.len());
        let mut turn_starts = vec![0];
        let game = saved
            .replay_with(|game, events| {
                views.push(game.view());
                tell(&mut lines, &mut moves, game, events, &name);
                ends.push(lines.len());
                if events.iter().any(|e| matches!(e, Event::TurnBegan { .. })) {
                    turn_starts.push(views.len() - 1);
                }
            })
            .map_err(in_words)?;
        let unlit = Legal {
            pickable: Vec::new(),
            units: Vec::new(),
            captures: Vec::new(),
            ..game.legal()
        };
        Ok(ChateauStepper {
            views,
            turn_starts,
            lines,
            ends,
            at: 0,
            game,
            seat_names: record.seat_names.clone(),
            unlit,
        })
    }

    /// The position shown: after this many actions.
    pub fn at(&self) -> usize {
        self.at
    }

    /// The last position.
    pub fn len(&self) -> usize {
        self.views.len() - 1
    }

    /// Shows the position after `k` actions (at most [`ChateauStepper::len`]).
    pub fn seek(&mut self, k: usize) {
        self.at = k.min(self.len());
    }

    /// To the beginning of the next turn (or the end).
    pub fn next_turn(&mut self) {
        let next = self.turn_starts.iter().copied().find(|&k| k > self.at);
        self.seek(next.unwrap_or(self.len()));
    }

    /// To the beginning of this turn, or of the one before if at a beginning.
    pub fn previous_turn(&mut self) {
        let previous = self
            .turn_starts
            .iter()
            .rev()
            .copied()
            .find(|&k| k < self.at);
        self.seek(previous.unwrap_or(0));
    }

    /// The engine's view of the position shown.
    pub fn view(&self) -> &View {
        &self.views[self.at]
    }

    /// The board the match is played on.
    pub fn board(&self) -> &Arc<Board> {
        self.game.board()
    }

    /// Shows the position on `scene`, nothing lit.
    pub fn show_on(&self, scene: &mut BoardScene) -> bool {
        scene.show(self.view(), &self.unlit, &[])
    }

    /// The log's lines up to the position shown.
    pub fn told(&self) -> &[String] {
        &self.lines[..self.ends[self.at]]
    }

    /// "Step 120 of 1 400 · turn 9, Red — Ana", or "… · the end".
    pub fn position_text(&self) -> String {
        let step = fill(
            &gettext("Step {step} of {steps}"),
            &[("step", &self.at), ("steps", &self.len())],
        );
        let view = self.view();
        if view.outcome.is_some() {
            return fill(&gettext("{step} · the end"), &[("step", &step)]);
        }
        let armies: Vec<String> = view
            .turn
            .armies
            .iter()
            .map(|&a| words::army(self.board(), a))
            .collect();
        let seat = view
            .turn
            .seat
            .and_then(|s| self.seat_names.get(s.index()).cloned())
            .unwrap_or_default();
        fill(
            &gettext("{step} · turn {turn}, {army} — {seat}"),
            &[
                ("step", &step),
                ("turn", &view.turn.number),
                ("army", &armies.join(" + ")),
                ("seat", &seat),
            ],
        )
    }
}

/// Adds the log's lines for the events of one action, as the table's log tells
/// them: each event's sentence, a draw's naming the seat, and a turn's summary after
/// its last move and before what the turn scored.
fn tell(
    lines: &mut Vec<String>,
    moves: &mut words::TurnMoves,
    game: &Game,
    events: &[Event],
    name: &impl Fn(Seat) -> String,
) {
    let mut summary_at = lines.len();
    for event in events {
        if let Some(summary) = moves.see(game.board(), event) {
            lines.insert(summary_at.min(lines.len()), summary);
        }
        if matches!(
            event,
            Event::Picked { .. }
                | Event::Moved { .. }
                | Event::Released { .. }
                | Event::TurnEnded { .. }
        ) {
            summary_at = lines.len();
        }
        if let Some(line) = words::draw_moment(event, name).or_else(|| words::event(game, event)) {
            lines.push(line);
        }
    }
}

/// How the replay steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    First,
    TurnBack,
    UnitBack,
    UnitOn,
    TurnOn,
    Last,
    /// The slider moved to this position.
    To(usize),
}

/// The step for a key of the replay window, if it steps: Shift makes Left and
/// Right step a unit rather than a turn.
fn step_for_key(key: gdk::Key, shift: bool) -> Option<Step> {
    match key {
        gdk::Key::Left | gdk::Key::KP_Left if shift => Some(Step::UnitBack),
        gdk::Key::Right | gdk::Key::KP_Right if shift => Some(Step::UnitOn),
        gdk::Key::Left | gdk::Key::KP_Left => Some(Step::TurnBack),
        gdk::Key::Right | gdk::Key::KP_Right => Some(Step::TurnOn),
        gdk::Key::Home | gdk::Key::KP_Home => Some(Step::First),
        gdk::Key::End | gdk::Key::KP_End => Some(Step::Last),
        _ => None,
    }
}

/// The replay window's state.
pub struct ChateauReplay {
    window: adw::Window,
    stepper: Option<ChateauStepper>,
    board: BoardArea,
    log_buffer: gtk::TextBuffer,
    log_view: gtk::TextView,
    /// Keeps the log on the step's last line (`follow_end`).
    log_follower: Option<EndFollower>,
    /// Lines the log shows now.
    log_lines: usize,
    problem: Option<String>,
    /// The match being opened (the count of matches asked for): an older one is
    /// dropped.
    opening: u64,
}

#[derive(Debug)]
pub enum ChateauReplayInput {
    /// Replay this match from its start, and present the window.
    Open(Box<ChateauRecord>),
    Step(Step),
}

#[derive(Debug)]
pub struct Opened {
    opening: u64,
    stepper: Result<Box<ChateauStepper>, String>,
}

#[relm4::component(pub)]
impl Component for ChateauReplay {
    type Init = ();
    type Input = ChateauReplayInput;
    type Output = ();
    type CommandOutput = Opened;

    view! {
        #[root]
        window = adw::Window {
            set_title: Some(&pgettext("Château Noir", "Replay")),
            set_default_width: 1100,
            set_default_height: 780,
            set_hide_on_close: true,

            // Stepping keys act before the board's own arrow keys.
            add_controller = gtk::EventControllerKey {
                set_propagation_phase: gtk::PropagationPhase::Capture,
                connect_key_pressed[sender] => move |_, key, _, modifiers| {
                    match step_for_key(key, modifiers.contains(gdk::ModifierType::SHIFT_MASK)) {
                        Some(step) => {
                            sender.input(ChateauReplayInput::Step(step));
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
                        set_title: &pgettext("Château Noir", "Replay"),
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
                    set_start_child = board_widget -> gtk::DrawingArea {},
                    #[wrap(Some)]
                    set_end_child = &gtk::Box {
                        set_orientation: gtk::Orientation::Vertical,
                        set_width_request: 320,
                        set_margin_all: 6,
                        set_spacing: 6,

                        gtk::Label {
                            add_css_class: "heading",
                            set_xalign: 0.0,
                            set_label: &gettext("Game Log"),
                        },
                        #[name = "log_scroll"]
                        gtk::ScrolledWindow {
                            set_vexpand: true,
                            set_hscrollbar_policy: gtk::PolicyType::Never,
                            #[local_ref]
                            log_widget -> gtk::TextView {
                                set_widget_name: "replay-log",
                                set_editable: false,
                                set_cursor_visible: false,
                                set_wrap_mode: gtk::WrapMode::WordChar,
                            },
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
                        connect_clicked => ChateauReplayInput::Step(Step::First),
                    },
                    gtk::Button {
                        set_widget_name: "turn-back",
                        set_icon_name: "media-seek-backward-symbolic",
                        set_tooltip_text: Some(&gettext("One Turn Back (Left)")),
                        #[watch]
                        set_sensitive: model.at().is_some_and(|at| at > 0),
                        connect_clicked => ChateauReplayInput::Step(Step::TurnBack),
                    },
                    gtk::Button {
                        set_widget_name: "back",
                        set_icon_name: "go-previous-symbolic",
                        set_tooltip_text: Some(&gettext("One Unit Back (Shift+Left)")),
                        #[watch]
                        set_sensitive: model.at().is_some_and(|at| at > 0),
                        connect_clicked => ChateauReplayInput::Step(Step::UnitBack),
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
                            let to = scale.value().round().max(0.0) as usize;
                            sender.input(ChateauReplayInput::Step(Step::To(to)));
                        } @seek,
                    },
                    gtk::Button {
                        set_widget_name: "forward",
                        set_icon_name: "go-next-symbolic",
                        set_tooltip_text: Some(&gettext("One Unit On (Shift+Right)")),
                        #[watch]
                        set_sensitive: model.at_end() == Some(false),
                        connect_clicked => ChateauReplayInput::Step(Step::UnitOn),
                    },
                    gtk::Button {
                        set_widget_name: "turn-forward",
                        set_icon_name: "media-seek-forward-symbolic",
                        set_tooltip_text: Some(&gettext("One Turn On (Right)")),
                        #[watch]
                        set_sensitive: model.at_end() == Some(false),
                        connect_clicked => ChateauReplayInput::Step(Step::TurnOn),
                    },
                    gtk::Button {
                        set_widget_name: "last",
                        set_icon_name: "go-last-symbolic",
                        set_tooltip_text: Some(&gettext("To the End (End)")),
                        #[watch]
                        set_sensitive: model.at_end() == Some(false),
                        connect_clicked => ChateauReplayInput::Step(Step::Last),
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        // The board takes no clicks or keys: what it tells is dropped.
        let board = BoardArea::new(BoardScene::new(Arc::new(Board::reconstructed())), |_| {});
        board.area.set_focusable(false);
        let log_buffer = gtk::TextBuffer::new(None);
        let log_view = gtk::TextView::with_buffer(&log_buffer);
        let model = ChateauReplay {
            window: root.clone(),
            stepper: None,
            board,
            log_buffer,
            log_view,
            log_follower: None,
            log_lines: 0,
            problem: None,
            opening: 0,
        };
        let board_widget = &model.board.area.clone();
        let log_widget = &model.log_view.clone();
        let widgets = view_output!();
        let mut model = model;
        model.log_follower = Some(EndFollower::attach(&widgets.log_scroll));
        ComponentParts { model, widgets }
    }

    fn update(
        &mut self,
        message: ChateauReplayInput,
        sender: ComponentSender<Self>,
        _: &Self::Root,
    ) {
        match message {
            ChateauReplayInput::Open(record) => self.open(record, &sender),
            ChateauReplayInput::Step(step) => {
                let Some(stepper) = &mut self.stepper else {
                    return;
                };
                let at = stepper.at();
                match step {
                    Step::First => stepper.seek(0),
                    Step::TurnBack => stepper.previous_turn(),
                    Step::UnitBack => stepper.seek(at.saturating_sub(1)),
                    Step::UnitOn => stepper.seek(at + 1),
                    Step::TurnOn => stepper.next_turn(),
                    Step::Last => stepper.seek(stepper.len()),
                    Step::To(k) => stepper.seek(k),
                }
                self.show();
            }
        }
    }

    fn update_cmd(&mut self, opened: Opened, _sender: ComponentSender<Self>, _: &Self::Root) {
        if opened.opening != self.opening {
            return;
        }
        match opened.stepper {
            Ok(stepper) => {
                // A board of another make gets a scene of its own.
                if !Arc::ptr_eq(self.board.scene.borrow().board_arc(), stepper.board())
                    && **self.board.scene.borrow().board_arc() != **stepper.board()
                {
                    *self.board.scene.borrow_mut() = BoardScene::new(Arc::clone(stepper.board()));
                }
                self.log_buffer.set_text("");
                self.log_lines = 0;
                self.stepper = Some(*stepper);
                self.show();
            }
            Err(reason) => self.problem = Some(messages::sentence(&reason)),
        }
    }
}

impl ChateauReplay {
    fn at(&self) -> Option<usize> {
        self.stepper.as_ref().map(ChateauStepper::at)
    }

    fn at_end(&self) -> Option<bool> {
        self.stepper.as_ref().map(|s| s.at() >= s.len())
    }

    fn position_text(&self) -> String {
        self.stepper
            .as_ref()
            .map(ChateauStepper::position_text)
            .unwrap_or_default()
    }

    /// Replays `record` off the main loop; the window shows it when ready.
    fn open(&mut self, record: Box<ChateauRecord>, sender: &ComponentSender<Self>) {
        self.opening += 1;
        let opening = self.opening;
        self.stepper = None;
        self.problem = None;
        self.window.present();
        sender.spawn_oneshot_command(move || Opened {
            opening,
            stepper: ChateauStepper::new(&record).map(Box::new),
        });
    }

    /// The board and the log follow the position.
    fn show(&mut self) {
        let Some(stepper) = &self.stepper else {
            return;
        };
        stepper.show_on(&mut self.board.scene.borrow_mut());
        self.board.area.queue_draw();
        let told = stepper.told();
        if told.len() < self.log_lines {
            // Back: the lines after the position go.
            let line = i32::try_from(told.len()).unwrap_or(i32::MAX);
            let mut from = if told.is_empty() {
                self.log_buffer.start_iter()
            } else {
                // From the end of the last line kept, its newline with the rest.
                let mut end = self
                    .log_buffer
                    .iter_at_line(line - 1)
                    .unwrap_or_else(|| self.log_buffer.start_iter());
                end.forward_to_line_end();
                end
            };
            let mut to = self.log_buffer.end_iter();
            self.log_buffer.delete(&mut from, &mut to);
        } else if told.len() > self.log_lines {
            let mut end = self.log_buffer.end_iter();
            let mut text = told[self.log_lines..].join("\n");
            if self.log_lines > 0 {
                text.insert(0, '\n');
            }
            self.log_buffer.insert(&mut end, &text);
        }
        self.log_lines = told.len();
        // Each step shows its own last line, once the text is laid out.
        if let Some(follower) = &self.log_follower {
            follower.follow();
        }
    }

    /// The log as shown (for tests).
    #[cfg(test)]
    pub fn log_text(&self) -> String {
        let (start, end) = self.log_buffer.bounds();
        self.log_buffer.text(&start, &end, false).to_string()
    }

    /// The stepper, once the match is open (for tests).
    #[cfg(test)]
    pub fn stepper(&self) -> Option<&ChateauStepper> {
        self.stepper.as_ref()
    }

    /// What the board shows (for tests).
    #[cfg(test)]
    pub fn scene(&self) -> std::cell::Ref<'_, BoardScene> {
        self.board.scene.borrow()
    }

    /// Steps as the window's keys do (for tests).
    #[cfg(test)]
    pub fn press(sender: &relm4::Sender<ChateauReplayInput>, key: gdk::Key, shift: bool) {
        sender.emit(ChateauReplayInput::Step(step_for_key(key, shift).unwrap()));
    }
}

#[cfg(test)]
mod tests {
    use super::super::statistics::tests::random_match;
    use super::*;
    use castellan_chateau::game::Table;

    fn record() -> (ChateauRecord, Game) {
        let (saved, game) = random_match(Table::four_in_teams(), 2);
        let record = ChateauRecord {
            saved,
            seat_names: ["Ana", "Bo", "Cy", "Di"].map(String::from).to_vec(),
        };
        (record, game)
    }

    #[test]
    fn stepping_moves_the_board_and_the_log_together() {
        let (record, game) = record();
        let mut stepper = ChateauStepper::new(&record).unwrap();
        let start = stepper.view().clone();
        let opening = stepper.told().len();
        assert!(opening > 0, "the first partie's beginning is told");
        assert_eq!(stepper.len(), game.history().len());
        // A turn on: the next turn has begun, its number one more.
        stepper.next_turn();
        let after_one = stepper.view().clone();
        assert_eq!(after_one.turn.number, start.turn.number + 1);
        assert_ne!(after_one.pieces, start.pieces);
        assert!(stepper.told().len() > opening);
        // A unit back is inside the first turn; a turn back is its start again.
        stepper.seek(stepper.at() - 1);
        assert_eq!(stepper.view().turn.number, start.turn.number);
        stepper.previous_turn();
        assert_eq!(stepper.at(), 0);
        assert_eq!(stepper.view(), &start);
        assert_eq!(stepper.told().len(), opening);
        // At the end: the engine's own final view, and the log ends with the win.
        stepper.seek(usize::MAX);
        assert_eq!(stepper.at(), stepper.len());
        assert_eq!(stepper.view(), &game.view());
        assert!(
            stepper.told().last().unwrap().contains(" the match ("),
            "{:?}",
            stepper.told().last()
        );
        assert!(stepper.position_text().ends_with("the end"));
        // Turn by turn from the start reaches the end too, one turn at a time.
        stepper.seek(0);
        let mut turns = 0;
        while stepper.at() < stepper.len() {
            stepper.next_turn();
            turns += 1;
        }
        assert!(turns >= game.turns() as usize, "{turns} steps");
    }

    #[test]
    fn a_broken_save_is_said_not_replayed() {
        let (mut record, _) = record();
        let (seat, _) = record.saved.actions[0].clone();
        record.saved.actions.insert(
            0,
            (
                seat,
                castellan_chateau::game::Action::Unit {
                    to: castellan_chateau::Square::at(0, 0).unwrap(),
                },
            ),
        );
        let error = ChateauStepper::new(&record).unwrap_err();
        assert!(
            error.contains("action 0 ") && error.contains("no piece is in hand"),
            "{error}"
        );
    }
}
