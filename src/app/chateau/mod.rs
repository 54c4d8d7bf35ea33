//! The Château Noir table: the Cairo board (`board_area`, drawing `chateau_board`)
//! with a side panel — whose turn, the units left, the turn's buttons (undo the last
//! unit or the piece in progress, release, end the turn, the alliance when allowed),
//! every army's score with its debt and its occupation along its colour table,
//! sieges, the partie and the log — and the pages between parties and after the
//! match. It holds the match (`session`, without GTK) and shows only what the
//! engine offers; the window hosts it and brings it the computer's moves.
//!
//! - `setup`: who sits where; `session`: the match, clicks, undo and saves;
//!   `words`: the table's sentences; `board_area`: the board widget;
//!   `statistics` and `replay`: the match's story, in windows of their own.

pub mod board_area;
pub mod replay;
pub mod session;
pub mod setup;
pub mod statistics;
#[cfg(test)]
mod tests;
pub mod words;

use std::collections::VecDeque;
use std::time::Duration;

use adw::prelude::*;
use castellan_chateau::Square;
use castellan_chateau::game::{Action, Decision, Event, Game, Seat};
use gettextrs::{gettext, pgettext};
use relm4::gtk::glib;
use relm4::prelude::*;

use self::board_area::{BoardArea, BoardEvent};
use self::session::{ChateauSession, Click, seat_name};
use crate::app::follow_end::EndFollower;
use crate::chateau_board::BoardScene;
use crate::map::scene::Direction;
use crate::text::fill;

/// The side panel's width beside the board.
const PANEL_WIDTH: i32 = 340;

/// How long a scoring moment stays written on the board.
const ANNOUNCEMENT_TIME: Duration = Duration::from_millis(2_500);

/// What a test watches the board with: what it shows, and the match.
#[cfg(test)]
pub type Observer = Box<dyn Fn(&BoardScene, &ChateauSession)>;

#[cfg(test)]
thread_local! {
    /// Called after every refresh of the board, with what it shows and the match:
    /// how window tests check the board after every action.
    pub static OBSERVER: std::cell::RefCell<Option<Observer>> = const { std::cell::RefCell::new(None) };
}

/// What the table shows over the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    Board,
    /// A partie ended and the next is offered, scores kept.
    PartieOver,
    /// The match is over.
    MatchOver,
}

/// The lines of text the status line keeps room for.
const STATUS_LINES: i32 = 3;

/// The most lines of news the pass page lists; the log keeps the rest.
const MOST_NEWS_LINES: usize = 10;

/// The log's lines from `seen` on, at most [`MOST_NEWS_LINES`] of the latest.
fn news_since(log: &[String], seen: usize) -> Vec<String> {
    let new = &log[seen.min(log.len())..];
    new[new.len().saturating_sub(MOST_NEWS_LINES)..].to_vec()
}

impl Shown {
    fn name(self) -> &'static str {
        match self {
            Shown::Board => "board",
            Shown::PartieOver => "partie-over",
            Shown::MatchOver => "match-over",
        }
    }
}

pub struct ChateauTable {
    session: Option<ChateauSession>,
    board: BoardArea,
    shown: Shown,
    /// The log's lines, oldest first.
    log: Vec<String>,
    log_buffer: gtk::TextBuffer,
    /// Keeps the log's view on its last line unless the reader scrolled back.
    log_follower: Option<EndFollower>,
    /// The computer's actions still to show, one unit at a time.
    computer_queue: VecDeque<(Seat, Action)>,
    /// The number of the thought asked of the computer, if one is awaited.
    thought: Option<u64>,
    thoughts: u64,
    /// Bumped when a match is left: paced steps of the one before are dropped.
    generation: u64,
    /// How long each computer unit is shown.
    pace: Duration,
    /// The person who last had the screen (hot-seat: a new person gets the pass page).
    screen: Option<Seat>,
    /// Why the computer stopped, if it did.
    stuck: Option<String>,
    /// What went on with the last partie, for its page.
    partie_summary: String,
    /// The pieces moved in the turn under way, summed up in the log at its end.
    moves: words::TurnMoves,
    /// How many of the log's lines the person with the screen has seen: the pass page
    /// tells the next person the lines since.
    seen_lines: usize,
}

#[derive(Debug)]
pub enum ChateauTableInput {
    /// Sit down to this match, with the log of its events so far.
    Begin(Box<ChateauSession>, Vec<Event>),
    Board(BoardEvent),
    Undo,
    UndoPiece,
    Release,
    EndTurn,
    Alliance,
    /// The person offers every other seat a draw.
    OfferDraw,
    /// The person's answer to a draw offered.
    AnswerDraw(bool),
    /// Play on after a partie's end.
    NextPartie,
    /// The board again, after the match's end.
    ShowBoard,
    /// The keyboard cursor to the next lit square, the board focused.
    NextLit,
    /// The computer's choice for thought `id`.
    ComputerChose {
        id: u64,
        seat: Option<Seat>,
        action: Option<Action>,
    },
    /// Show the computer's next queued unit (of match `generation`).
    ComputerStep(u64),
    SetPace(Duration),
    /// The match was saved at this path.
    Saved(std::path::PathBuf),
    /// The explanation of the reconstructed board.
    AboutBoard,
    /// The table gets up (another game, quitting).
    Leave,
}

#[derive(Debug)]
pub enum ChateauTableOutput {
    /// Think out the move of the pending computer seat of this game.
    Think {
        id: u64,
        game: Box<Game>,
    },
    /// Show the pass page for this person before they see the board.
    PassTo {
        name: String,
        /// The log's lines since the screen last changed hands.
        news: Vec<String>,
    },
    NewGame,
    /// The match's statistics, or its replay (from the victory page).
    Statistics,
    Replay,
    /// Something the header shows changed (unsaved, file name).
    Changed,
}

#[relm4::component(pub)]
impl Component for ChateauTable {
    type Init = ();
    type Input = ChateauTableInput;
    type Output = ChateauTableOutput;
    type CommandOutput = ();

    view! {
        #[root]
        gtk::Box {
            set_widget_name: "chateau-table",

            #[name = "pages"]
            gtk::Stack {
                set_hexpand: true,
                set_vexpand: true,
                #[local_ref]
                add_named[Some("board")] = board_widget -> gtk::DrawingArea {},
                add_named[Some("partie-over")] = &adw::StatusPage {
                    set_icon_name: Some("view-refresh-symbolic"),
                    set_title: &gettext("The Partie Is Over"),
                    #[watch]
                    set_description: Some(&model.partie_summary),
                    #[wrap(Some)]
                    set_child = &gtk::Button {
                        set_widget_name: "next-partie",
                        set_halign: gtk::Align::Center,
                        add_css_class: "pill",
                        add_css_class: "suggested-action",
                        set_label: &gettext("Play the Next Partie"),
                        connect_clicked => ChateauTableInput::NextPartie,
                    },
                },
                add_named[Some("match-over")] = &adw::StatusPage {
                    set_widget_name: "chateau-victory",
                    set_icon_name: Some("emblem-ok-symbolic"),
                    #[watch]
                    set_title: &model.victory_title(),
                    #[watch]
                    set_description: Some(&model.partie_summary),
                    #[wrap(Some)]
                    set_child = &gtk::Box {
                        set_halign: gtk::Align::Center,
                        set_spacing: 12,
                        gtk::Button {
                            set_widget_name: "chateau-statistics",
                            add_css_class: "pill",
                            set_label: &gettext("Statistics"),
                            connect_clicked[sender] => move |_| {
                                let _ = sender.output(ChateauTableOutput::Statistics);
                            },
                        },
                        gtk::Button {
                            set_widget_name: "chateau-replay",
                            add_css_class: "pill",
                            // A match of one partie or several, not a "game" as in Risk.
                            set_label: &pgettext("Château Noir", "Replay"),
                            connect_clicked[sender] => move |_| {
                                let _ = sender.output(ChateauTableOutput::Replay);
                            },
                        },
                        gtk::Button {
                            set_widget_name: "chateau-show-board",
                            add_css_class: "pill",
                            set_label: &gettext("Show the Board"),
                            connect_clicked => ChateauTableInput::ShowBoard,
                        },
                        gtk::Button {
                            set_widget_name: "chateau-new-game",
                            add_css_class: "pill",
                            add_css_class: "suggested-action",
                            set_label: &gettext("New Game"),
                            connect_clicked[sender] => move |_| {
                                let _ = sender.output(ChateauTableOutput::NewGame);
                            },
                        },
                    },
                },
                #[watch]
                set_visible_child_name: model.shown.name(),
            },

            gtk::Separator {},

            gtk::ScrolledWindow {
                set_width_request: PANEL_WIDTH,
                set_hscrollbar_policy: gtk::PolicyType::Never,

                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 10,
                    set_margin_all: 10,

                    gtk::Label {
                        set_widget_name: "chateau-turn",
                        add_css_class: "title-3",
                        set_xalign: 0.0,
                        set_wrap: true,
                        #[watch]
                        set_label: &model.turn_text(),
                    },
                    gtk::Label {
                        set_widget_name: "chateau-units",
                        set_xalign: 0.0,
                        #[watch]
                        set_label: &model.units_text(),
                    },
                    #[name = "status_label"]
                    gtk::Label {
                        set_widget_name: "chateau-status",
                        set_valign: gtk::Align::Start,
                        set_yalign: 0.0,
                        set_xalign: 0.0,
                        set_wrap: true,
                        add_css_class: "dim-label",
                        #[watch]
                        set_label: &model.status_text(),
                    },
                    gtk::FlowBox {
                        set_selection_mode: gtk::SelectionMode::None,
                        set_max_children_per_line: 2,
                        set_column_spacing: 6,
                        set_row_spacing: 6,
                        set_homogeneous: true,

                        gtk::Button {
                            set_widget_name: "chateau-undo",
                            set_label: &gettext("Undo Unit"),
                            set_tooltip_text: Some(&gettext("Take back the last unit (Backspace)")),
                            #[watch]
                            set_sensitive: model.person_plays() && model.session.as_ref().is_some_and(ChateauSession::may_undo),
                            connect_clicked => ChateauTableInput::Undo,
                        },
                        gtk::Button {
                            set_widget_name: "chateau-undo-piece",
                            set_label: &gettext("Undo Piece"),
                            set_tooltip_text: Some(&gettext("Put the piece in hand back where it started (Escape)")),
                            #[watch]
                            set_sensitive: model.person_plays() && model.session.as_ref().is_some_and(ChateauSession::may_undo_piece),
                            connect_clicked => ChateauTableInput::UndoPiece,
                        },
                        gtk::Button {
                            set_widget_name: "chateau-release",
                            set_label: &gettext("Release"),
                            set_tooltip_text: Some(&gettext("Put the piece in hand down here (R)")),
                            #[watch]
                            set_sensitive: model.person_plays() && model.legal_now(|l| l.can_release && l.hand.is_some()),
                            connect_clicked => ChateauTableInput::Release,
                        },
                        gtk::Button {
                            set_widget_name: "chateau-end-turn",
                            set_label: &gettext("End Turn"),
                            set_tooltip_text: Some(&gettext("End the turn, taking the framed enemies chosen (E)")),
                            add_css_class: "suggested-action",
                            #[watch]
                            set_sensitive: model.person_plays() && model.legal_now(|l| l.can_end_turn),
                            connect_clicked => ChateauTableInput::EndTurn,
                        },
                    },
                    gtk::Button {
                        set_widget_name: "chateau-alliance",
                        set_label: &gettext("Declare Alliance"),
                        set_tooltip_text: Some(&gettext("Give this turn and your army's next turns to your partner, who moves both armies with 12 units")),
                        #[watch]
                        set_visible: model.person_plays() && model.legal_now(|l| l.can_declare_alliance),
                        connect_clicked => ChateauTableInput::Alliance,
                    },
                    // Once a turn, the person to play may ask every other seat to end
                    // the match drawn (ruling 43); each of them answers in turn.
                    gtk::Button {
                        set_widget_name: "chateau-offer-draw",
                        set_label: &gettext("Offer a Draw"),
                        set_tooltip_text: Some(&gettext("Ask every other player to end the match drawn; the match goes on unless all of them accept")),
                        #[watch]
                        set_visible: model.person_plays() && model.legal_now(|l| l.can_offer_draw),
                        connect_clicked => ChateauTableInput::OfferDraw,
                    },
                    // A draw offered by another seat: the person answers it.
                    gtk::Box {
                        set_spacing: 6,
                        #[watch]
                        set_visible: model.person_plays() && model.legal_now(|l| l.decision == Decision::DrawAnswer),
                        gtk::Label {
                            set_hexpand: true,
                            set_xalign: 0.0,
                            set_wrap: true,
                            #[watch]
                            set_label: &model.draw_offer_text(),
                        },
                        gtk::Button {
                            set_widget_name: "chateau-accept-draw",
                            set_label: &gettext("Accept"),
                            connect_clicked => ChateauTableInput::AnswerDraw(true),
                        },
                        gtk::Button {
                            set_widget_name: "chateau-decline-draw",
                            set_label: &gettext("Decline"),
                            connect_clicked => ChateauTableInput::AnswerDraw(false),
                        },
                    },
                    gtk::Label {
                        set_widget_name: "chateau-captures",
                        set_xalign: 0.0,
                        set_wrap: true,
                        #[watch]
                        set_visible: !model.captures_text().is_empty(),
                        #[watch]
                        set_label: &model.captures_text(),
                    },

                    gtk::Label {
                        add_css_class: "heading",
                        set_xalign: 0.0,
                        set_label: &gettext("Armies"),
                    },
                    gtk::Label {
                        set_widget_name: "chateau-armies",
                        set_xalign: 0.0,
                        set_wrap: true,
                        set_selectable: true,
                        #[watch]
                        set_label: &model.armies_text(),
                    },
                    gtk::Label {
                        set_widget_name: "chateau-sieges",
                        set_xalign: 0.0,
                        set_wrap: true,
                        add_css_class: "warning",
                        #[watch]
                        set_visible: !model.sieges_text().is_empty(),
                        #[watch]
                        set_label: &model.sieges_text(),
                    },
                    gtk::Label {
                        set_widget_name: "chateau-match",
                        set_xalign: 0.0,
                        set_wrap: true,
                        #[watch]
                        set_label: &model.match_text(),
                    },

                    gtk::Expander {
                        set_label: Some(&gettext("Game Log")),
                        set_expanded: true,
                        #[name = "log_scroll"]
                        gtk::ScrolledWindow {
                            set_min_content_height: 200,
                            set_vexpand: true,
                            gtk::TextView {
                                set_widget_name: "chateau-log",
                                set_editable: false,
                                set_cursor_visible: false,
                                set_wrap_mode: gtk::WrapMode::WordChar,
                                set_buffer: Some(&model.log_buffer),
                            },
                        },
                    },

                    gtk::Button {
                        set_widget_name: "chateau-reconstructed",
                        add_css_class: "flat",
                        set_label: &gettext("Reconstructed board — why?"),
                        set_tooltip_text: Some(&gettext("No published source shows this game's board: read how Castellan rebuilt it")),
                        connect_clicked => ChateauTableInput::AboutBoard,
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let board = {
            let sender = sender.input_sender().clone();
            let scene = BoardScene::new(std::sync::Arc::new(
                castellan_chateau::board::Board::reconstructed(),
            ));
            BoardArea::new(scene, move |event| {
                sender.emit(ChateauTableInput::Board(event))
            })
        };
        let mut model = ChateauTable {
            session: None,
            board,
            shown: Shown::Board,
            log: Vec::new(),
            log_buffer: gtk::TextBuffer::new(None),
            log_follower: None,
            computer_queue: VecDeque::new(),
            thought: None,
            thoughts: 0,
            generation: 0,
            pace: Duration::ZERO,
            screen: None,
            stuck: None,
            partie_summary: String::new(),
            moves: words::TurnMoves::default(),
            seen_lines: 0,
        };
        let board_widget = &model.board.area.clone();
        let widgets = view_output!();
        model.log_follower = Some(EndFollower::attach(&widgets.log_scroll));
        // The page shown between parties or after the match takes the keyboard, so
        // that Enter plays on as a click would (keyboard play for all of it).
        widgets.pages.connect_visible_child_notify(|pages| {
            if pages.visible_child_name().as_deref() == Some(Shown::Board.name()) {
                return;
            }
            if let Some(page) = pages.visible_child() {
                glib::idle_add_local_once(move || {
                    page.child_focus(gtk::DirectionType::TabForward);
                });
            }
        });
        // The status line keeps room for three lines, so that the buttons under it
        // stay put whatever it says.
        let metrics = widgets.status_label.pango_context().metrics(None, None);
        let line = metrics.height().max(metrics.ascent() + metrics.descent());
        widgets
            .status_label
            .set_height_request(STATUS_LINES * line / gtk::pango::SCALE);
        ComponentParts { model, widgets }
    }

    fn update(
        &mut self,
        message: ChateauTableInput,
        sender: ComponentSender<Self>,
        root: &Self::Root,
    ) {
        match message {
            ChateauTableInput::Begin(session, events) => {
                self.leave();
                self.log.clear();
                self.moves = words::TurnMoves::default();
                if let Some(follower) = &self.log_follower {
                    follower.follow();
                }
                self.shown = Shown::Board;
                self.stuck = None;
                {
                    let mut scene = self.board.scene.borrow_mut();
                    *scene = BoardScene::new(std::sync::Arc::clone(session.board()));
                }
                self.session = Some(*session);
                self.tell(&events, false);
                if self.session.as_ref().is_some_and(|s| s.game().is_over()) {
                    self.shown = Shown::MatchOver;
                    self.partie_summary = self.scores_text();
                }
                self.screen = None;
                self.seen_lines = self.log.len();
            }
            ChateauTableInput::Board(BoardEvent::Hovered(square)) => {
                // Only the board and the status line follow the pointer.
                if self.board.scene.borrow_mut().set_hovered(square) {
                    self.board.area.queue_draw();
                }
                return;
            }
            ChateauTableInput::Board(event) => self.board_event(event),
            ChateauTableInput::Undo => self.undo(false),
            ChateauTableInput::UndoPiece => self.undo(true),
            ChateauTableInput::Release => self.person_acts(Action::Release {}),
            ChateauTableInput::EndTurn => {
                if let Some(session) = &self.session {
                    let action = session.end_turn_action();
                    self.person_acts(action);
                }
            }
            ChateauTableInput::Alliance => self.person_acts(Action::DeclareAlliance {}),
            ChateauTableInput::OfferDraw => self.person_acts(Action::OfferDraw {}),
            ChateauTableInput::AnswerDraw(accept) => {
                self.person_acts(Action::AnswerDraw { accept })
            }
            ChateauTableInput::NextPartie | ChateauTableInput::ShowBoard => {
                self.shown = Shown::Board
            }
            ChateauTableInput::NextLit => {
                self.cursor_to_next();
                self.board.area.grab_focus();
            }
            ChateauTableInput::ComputerChose { id, seat, action } => {
                if self.thought != Some(id) {
                    return;
                }
                self.thought = None;
                match (seat, action) {
                    (Some(seat), Some(action)) => {
                        self.computer_queue.extend(unit_by_unit(seat, action));
                        self.computer_step(&sender);
                        return;
                    }
                    _ => self.stuck = Some(gettext("The computer found no move to make.")),
                }
            }
            ChateauTableInput::ComputerStep(generation) => {
                if generation == self.generation {
                    self.computer_step(&sender);
                }
                return;
            }
            ChateauTableInput::SetPace(pace) => self.pace = pace,
            ChateauTableInput::Saved(path) => {
                if let Some(session) = &mut self.session {
                    session.mark_saved(path);
                }
            }
            ChateauTableInput::AboutBoard => about_board(root),
            ChateauTableInput::Leave => {
                self.leave();
                self.session = None;
            }
        }
        self.refresh(&sender);
    }
}

/// A computer's action as the board shows it, one unit at a time: a whole path is
/// picked, moved square by square and released (the engine plays a path exactly so).
fn unit_by_unit(seat: Seat, action: Action) -> Vec<(Seat, Action)> {
    match action {
        Action::Path { from, to } => std::iter::once(Action::Pick { square: from })
            .chain(to.into_iter().map(|to| Action::Unit { to }))
            .chain(std::iter::once(Action::Release {}))
            .map(|a| (seat, a))
            .collect(),
        other => vec![(seat, other)],
    }
}

/// The explanation of the reconstructed board, in a dialog over the window.
fn about_board(root: &gtk::Box) {
    let window = root.root().and_downcast::<gtk::Window>();
    let dialog = adw::MessageDialog::new(
        window.as_ref(),
        Some(&gettext("A Reconstructed Board")),
        Some(&gettext(
            "Château Noir was published in Québec in 1983. Its rule booklet survives, but no published source shows its board or its starting position: the booklet's illustrations are lost. The board you play on is Castellan's reconstruction from the rule text — the white, plain-black and X squares, the four coloured corners and the colour tables are placed so that every rule of the booklet can be played as written. Where the text leaves a choice, Castellan's rulings say which reading it plays.",
        )),
    );
    dialog.add_response("close", &gettext("_Close"));
    dialog.present();
}

impl ChateauTable {
    /// The board and variant of the match at the table, for its help and its sheet.
    pub(crate) fn rules_in_play(
        &self,
    ) -> Option<(
        std::sync::Arc<castellan_chateau::board::Board>,
        castellan_chateau::variant::Variant,
    )> {
        let game = self.session.as_ref()?.game();
        Some((std::sync::Arc::clone(game.board()), game.variant().clone()))
    }

    pub fn session(&self) -> Option<&ChateauSession> {
        self.session.as_ref()
    }

    /// The scene the board shows (for tests).
    #[cfg(test)]
    pub fn scene(&self) -> std::cell::Ref<'_, BoardScene> {
        self.board.scene.borrow()
    }

    /// The log's lines (for tests).
    #[cfg(test)]
    pub fn log_lines(&self) -> &[String] {
        &self.log
    }

    #[cfg(test)]
    pub fn shown(&self) -> Shown {
        self.shown
    }

    fn leave(&mut self) {
        self.generation += 1;
        self.thought = None;
        self.computer_queue.clear();
    }

    /// Whether a person plays the decision on screen.
    fn person_plays(&self) -> bool {
        self.shown == Shown::Board
            && self.computer_queue.is_empty()
            && self
                .session
                .as_ref()
                .and_then(ChateauSession::person_to_move)
                .is_some()
    }

    fn legal_now(&self, test: impl Fn(&castellan_chateau::game::Legal) -> bool) -> bool {
        self.session.as_ref().is_some_and(|s| test(&s.legal()))
    }

    fn board_event(&mut self, event: BoardEvent) {
        match event {
            BoardEvent::Clicked(square) => self.clicked(square),
            BoardEvent::Hovered(square) => {
                if self.board.scene.borrow_mut().set_hovered(square) {
                    self.board.area.queue_draw();
                }
            }
            BoardEvent::Key(key, control) => self.key(key, control),
            BoardEvent::DraggedOver { from, to } => self.dragged_over(from, to),
            BoardEvent::DragEnded => {
                // A path dragged is put down where the drag ends, if it may be.
                let moved = self
                    .session
                    .as_ref()
                    .and_then(|s| s.game().state().hand().map(|h| h.units() > 0))
                    .unwrap_or(false);
                if moved && self.legal_now(|l| l.can_release) {
                    self.person_acts(Action::Release {});
                }
            }
        }
    }

    fn clicked(&mut self, square: Square) {
        if !self.person_plays() {
            return;
        }
        self.board.scene.borrow_mut().set_cursor(Some(square));
        let Some(session) = &mut self.session else {
            return;
        };
        if let Click::Act(action) = session.click(square) {
            self.person_acts(action);
        }
    }

    /// A drag from `from` into `to`: the piece dragged is picked if it is not in hand
    /// yet, and moved one unit to `to` if the engine offers that unit; any other
    /// square crossed is passed over.
    fn dragged_over(&mut self, from: Square, to: Square) {
        if !self.person_plays() {
            return;
        }
        let legal = self.legal_now(|l| l.hand != Some(from) && l.pickable.contains(&from));
        if legal {
            self.person_acts(Action::Pick { square: from });
        }
        if self.legal_now(|l| l.hand == Some(from) && l.units.iter().any(|u| u.to == to)) {
            self.person_acts(Action::Unit { to });
        }
    }

    /// Keyboard play: arrows move the cursor, Tab goes to the next lit square, Enter
    /// or Space clicks the cursor's square, Backspace undoes the last unit, Escape the
    /// piece in hand, R releases, E (or Ctrl+Enter) ends the turn.
    fn key(&mut self, key: gtk::gdk::Key, control: bool) {
        use gtk::gdk::Key;
        let direction = match key {
            Key::Left => Some(Direction::Left),
            Key::Right => Some(Direction::Right),
            Key::Up => Some(Direction::Up),
            Key::Down => Some(Direction::Down),
            _ => None,
        };
        if let Some(direction) = direction {
            self.board.scene.borrow_mut().move_cursor(Some(direction));
            return;
        }
        match key {
            Key::Tab | Key::n => self.cursor_to_next(),
            Key::Return | Key::KP_Enter if control => self.end_turn(),
            Key::e => self.end_turn(),
            Key::Return | Key::KP_Enter | Key::space => {
                let cursor = self.board.scene.borrow().cursor();
                if let Some(square) = cursor {
                    self.clicked(square);
                }
            }
            Key::BackSpace => self.undo(false),
            Key::Escape => self.undo(true),
            // `person_acts` plays only a person's decision.
            Key::r => self.person_acts(Action::Release {}),
            _ => {}
        }
    }

    /// The keyboard cursor to the next lit square; with a piece in hand, to its next
    /// unit only (picking another piece is one Escape away), so that Tab and Enter
    /// walk a piece along instead of hopping between pieces.
    fn cursor_to_next(&mut self) {
        let units: Vec<Square> = match &self.session {
            Some(session) if self.person_plays() => {
                session.legal().units.iter().map(|u| u.to).collect()
            }
            _ => Vec::new(),
        };
        let mut scene = self.board.scene.borrow_mut();
        if units.is_empty() {
            scene.cursor_to_next_lit();
            return;
        }
        let after = scene.cursor().map_or(0, |s| s.index() + 1);
        let next = units
            .iter()
            .copied()
            .filter(|s| s.index() >= after)
            .min_by_key(|s| s.index())
            .or_else(|| units.iter().copied().min_by_key(|s| s.index()));
        scene.set_cursor(next);
    }

    fn end_turn(&mut self) {
        if self.person_plays()
            && let Some(session) = &self.session
        {
            let action = session.end_turn_action();
            self.person_acts(action);
        }
    }

    /// Takes back the person's last unit (or the whole piece in hand): the turn's
    /// summary forgets what was taken back.
    fn undo(&mut self, whole_piece: bool) {
        if !self.person_plays() {
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        let undone = if whole_piece {
            session.undo_piece()
        } else {
            session.undo()
        };
        if undone {
            self.moves = words::TurnMoves::with(session.moves_this_turn());
        }
    }

    /// A person's action; the engine refuses what it does not allow (the board lights
    /// only what it offers, so this is rare), and nothing changes then.
    fn person_acts(&mut self, action: Action) {
        if !self.person_plays() {
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        let Some(seat) = session.person_to_move() else {
            return;
        };
        match session.apply(seat, action) {
            Ok(events) => self.tell(&events, true),
            Err(error) => eprintln!("castellan: the move was refused: {error}"),
        }
    }

    /// Shows the computer's next queued action.
    fn computer_step(&mut self, sender: &ComponentSender<Self>) {
        while let Some((seat, action)) = self.computer_queue.pop_front() {
            let Some(session) = &mut self.session else {
                self.computer_queue.clear();
                break;
            };
            match session.apply(seat, action) {
                Ok(events) => self.tell(&events, true),
                Err(error) => {
                    eprintln!("castellan: the computer's move was refused: {error}");
                    self.stuck = Some(fill(
                        &gettext("The computer cannot move: {reason}"),
                        &[("reason", &error)],
                    ));
                    self.computer_queue.clear();
                    break;
                }
            }
            if !self.computer_queue.is_empty() && !self.pace.is_zero() {
                let generation = self.generation;
                let input = sender.input_sender().clone();
                glib::timeout_add_local_once(self.pace, move || {
                    input.emit(ChateauTableInput::ComputerStep(generation));
                });
                break;
            }
        }
        self.refresh(sender);
    }

    /// Writes `events` in the log; scoring moments are also announced on the board
    /// when `fresh` (not when a save is read).
    fn tell(&mut self, events: &[Event], fresh: bool) {
        let Some(session) = &self.session else {
            return;
        };
        let game = session.game();
        let before = self.log.len();
        // Where the turn's summary goes when it ends: after its last move, before
        // what the turn scored.
        let mut summary_at = before;
        for event in events {
            if let Some(summary) = self.moves.see(game.board(), event) {
                self.log.insert(summary_at.min(self.log.len()), summary);
            }
            if matches!(
                event,
                Event::Picked { .. }
                    | Event::Moved { .. }
                    | Event::Released { .. }
                    | Event::TurnEnded { .. }
            ) {
                summary_at = self.log.len();
            }
            // A draw's offer and answers name the seat, which only the table knows.
            let named = words::draw_moment(event, |seat| seat_name(session, seat));
            let Some(line) = named.or_else(|| words::event(game, event)) else {
                continue;
            };
            if fresh && (event.points().is_some() || matches!(event, Event::ChateauNoir { .. })) {
                let (at, army) = match event {
                    Event::Captured { square, by, .. } => (Some(*square), Some(*by)),
                    Event::Occupation { army, .. }
                    | Event::Simultanee { army, .. }
                    | Event::ClockPenalty { army, .. } => (None, Some(*army)),
                    Event::Chateau { by, .. } | Event::ArmyTaken { by, .. } => (None, Some(*by)),
                    Event::ChateauNoir { by, .. } => (None, Some(*by)),
                    _ => (None, None),
                };
                let id = self
                    .board
                    .scene
                    .borrow_mut()
                    .announce(line.clone(), at, army);
                let scene = std::rc::Rc::downgrade(&self.board.scene);
                let area = self.board.area.clone();
                glib::timeout_add_local_once(ANNOUNCEMENT_TIME, move || {
                    if let Some(scene) = scene.upgrade()
                        && scene.borrow_mut().withdraw(id)
                    {
                        area.queue_draw();
                    }
                });
            }
            if fresh && matches!(event, Event::PartieEnded { .. }) && session.people() > 0 {
                self.shown = Shown::PartieOver;
            }
            self.log.push(line);
        }
        if fresh && game.is_over() {
            self.shown = Shown::MatchOver;
        }
        if matches!(self.shown, Shown::PartieOver | Shown::MatchOver) {
            self.partie_summary = self.scores_text();
        }
        let mut end = self.log_buffer.end_iter();
        if !fresh {
            self.log_buffer.set_text("");
            end = self.log_buffer.end_iter();
            let text = self.log.join("\n");
            self.log_buffer.insert(&mut end, &text);
        } else {
            for line in &self.log[before..] {
                if self.log_buffer.char_count() > 0 {
                    self.log_buffer.insert(&mut end, "\n");
                }
                self.log_buffer.insert(&mut end, line);
            }
        }
    }

    /// After every change: the board shows the engine's view and what it offers, the
    /// computer is asked for its move, the screen is passed between people.
    fn refresh(&mut self, sender: &ComponentSender<Self>) {
        let _ = sender.output(ChateauTableOutput::Changed);
        let Some(session) = &self.session else {
            return;
        };
        let view = session.game().view();
        // A computer's turn lights nothing: only a person's decisions are offered.
        let legal = if session.person_to_move().is_some() && self.computer_queue.is_empty() {
            session.legal()
        } else {
            castellan_chateau::game::Legal {
                pickable: Vec::new(),
                units: Vec::new(),
                captures: Vec::new(),
                ..session.legal()
            }
        };
        self.board
            .scene
            .borrow_mut()
            .show(&view, &legal, session.chosen());
        self.board.area.queue_draw();
        #[cfg(test)]
        if self.computer_queue.is_empty() {
            OBSERVER.with_borrow(|observer| {
                if let Some(observe) = observer {
                    observe(&self.board.scene.borrow(), session);
                }
            });
        }
        if self.shown != Shown::Board || self.stuck.is_some() || !self.computer_queue.is_empty() {
            return;
        }
        if session.computer_to_move().is_some() {
            if self.thought.is_none() {
                self.thoughts += 1;
                self.thought = Some(self.thoughts);
                let _ = sender.output(ChateauTableOutput::Think {
                    id: self.thoughts,
                    game: Box::new(session.game().clone()),
                });
            }
        } else if let Some(seat) = session.person_to_move() {
            if session.people() > 1 && self.screen.is_some_and(|s| s != seat) {
                let _ = sender.output(ChateauTableOutput::PassTo {
                    name: seat_name(session, seat),
                    news: news_since(&self.log, self.seen_lines),
                });
            }
            self.screen = Some(seat);
            self.seen_lines = self.log.len();
        }
    }

    fn victory_title(&self) -> String {
        let Some(session) = &self.session else {
            return String::new();
        };
        let game = session.game();
        match game.outcome() {
            Some(castellan_chateau::game::Outcome::Won { side, .. }) => fill(
                &gettext("Victory for {side}"),
                &[("side", &words::side(game, *side))],
            ),
            Some(castellan_chateau::game::Outcome::Drawn { .. }) => gettext("The Match Is Drawn"),
            None => String::new(),
        }
    }

    /// "Ana offers a draw.", over the answer's buttons.
    fn draw_offer_text(&self) -> String {
        let Some(session) = &self.session else {
            return String::new();
        };
        match session.game().draw_offer() {
            Some(offer) => fill(
                &gettext("{name} offers a draw."),
                &[("name", &seat_name(session, offer.by))],
            ),
            None => String::new(),
        }
    }

    /// "Red to play — Ana", or who won.
    fn turn_text(&self) -> String {
        let Some(session) = &self.session else {
            return gettext("No game");
        };
        let game = session.game();
        if game.is_over() {
            return self.victory_title();
        }
        let view = game.view();
        let armies: Vec<String> = view
            .turn
            .armies
            .iter()
            .map(|&a| words::army(game.board(), a))
            .collect();
        let name = game
            .pending_seat()
            .map(|s| seat_name(session, s))
            .unwrap_or_default();
        fill(
            &gettext("{army} to play — {name}"),
            &[("army", &armies.join(" + ")), ("name", &name)],
        )
    }

    fn units_text(&self) -> String {
        let Some(session) = &self.session else {
            return String::new();
        };
        let state = session.game().state();
        fill(
            &gettext("Units left: {left} of {factor}"),
            &[("left", &state.left()), ("factor", &state.factor())],
        )
    }

    /// What to do now, in a sentence.
    fn status_text(&self) -> String {
        if let Some(stuck) = &self.stuck {
            return stuck.clone();
        }
        let Some(session) = &self.session else {
            return gettext("Start a game with New Game in the main menu (Ctrl+N)");
        };
        if session.game().is_over() {
            return String::new();
        }
        if session.person_to_move().is_none() || !self.computer_queue.is_empty() {
            return gettext("The computer is playing…");
        }
        let legal = session.legal();
        if legal.decision == Decision::DrawAnswer {
            match session.game().draw_offer() {
                Some(offer) => fill(
                    &gettext("{name} offers a draw: accept or decline it."),
                    &[("name", &seat_name(session, offer.by))],
                ),
                None => gettext("Another player offers a draw: accept or decline it."),
            }
        } else if legal.can_end_turn {
            if legal.captures.is_empty() {
                gettext("Every unit is spent: end the turn.")
            } else {
                gettext(
                    "Every unit is spent. Click framed enemies to take them (optional), then end the turn.",
                )
            }
        } else if legal.hand.is_some() {
            let scene = self.board.scene.borrow();
            let pointed = scene.hovered().or(scene.cursor());
            match legal.units.iter().find(|u| Some(u.to) == pointed) {
                Some(unit) => fill(
                    &gettext("{square}: {kind}. Click to move there."),
                    &[("square", &unit.to), ("kind", &words::unit_kind(unit.kind))],
                ),
                None => gettext(
                    "Click a lit square to move the piece one unit, or the piece itself to put it down.",
                ),
            }
        } else {
            gettext("Click one of your lit pieces to pick it up.")
        }
    }

    fn captures_text(&self) -> String {
        let Some(session) = &self.session else {
            return String::new();
        };
        if !self.person_plays() {
            return String::new();
        }
        let legal = session.legal();
        if legal.captures.is_empty() {
            return String::new();
        }
        let names = |squares: &[Square]| {
            squares
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        };
        let chosen: Vec<Square> = session
            .chosen()
            .iter()
            .copied()
            .filter(|s| legal.captures.contains(s))
            .collect();
        fill(
            &gettext("Framed enemies: {framed}. To take: {chosen}."),
            &[
                ("framed", &names(&legal.captures)),
                (
                    "chosen",
                    &if chosen.is_empty() {
                        gettext("none")
                    } else {
                        names(&chosen)
                    },
                ),
            ],
        )
    }

    /// Each army: its commander, its side's score (with a debt), its pieces and where
    /// it stands along its colour table.
    fn armies_text(&self) -> String {
        let Some(session) = &self.session else {
            return String::new();
        };
        let game = session.game();
        let board = game.board();
        let view = game.view();
        let mut lines = Vec::new();
        for army in &view.armies {
            let Some(seat) = army.seat else {
                continue;
            };
            let score = army
                .side
                .and_then(|side| view.sides.iter().find(|s| s.side == side))
                .map(|s| words::score(s.shown, s.debt))
                .unwrap_or_default();
            let next = army
                .table
                .get(army.table_next as usize)
                .map(|&t| words::army(board, t));
            let progress = fill(
                &gettext("territories left in order: {done} of {all}"),
                &[("done", &army.table_next), ("all", &army.table.len())],
            );
            let timer = match next {
                Some(next)
                    if army
                        .held
                        .iter()
                        .any(|h| army.table.get(army.table_next as usize) == Some(h)) =>
                {
                    fill(
                        &gettext("leaves {territory} next turn for a point"),
                        &[("territory", &next)],
                    )
                }
                Some(next) => fill(&gettext("next: {territory}"), &[("territory", &next)]),
                None => String::new(),
            };
            lines.push(fill(
                &gettext("{army} ({name}): {score}, {pieces}\n    {progress}; {timer}"),
                &[
                    ("army", &words::army(board, army.army)),
                    ("name", &seat_name(session, seat)),
                    ("score", &score),
                    ("pieces", &words::pieces(army.pieces)),
                    ("progress", &progress),
                    ("timer", &timer),
                ],
            ));
        }
        lines.join("\n")
    }

    fn sieges_text(&self) -> String {
        let Some(session) = &self.session else {
            return String::new();
        };
        let game = session.game();
        game.sieges()
            .iter()
            .map(|siege| {
                fill(
                    &gettext("Siege! {army}: {count} besieged on {squares}, turn {turns} of the siege; a group besieged too long is taken whole."),
                    &[
                        ("count", &siege.squares.len()),
                        ("squares", &siege.squares.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ")),
                        ("army", &words::army(game.board(), siege.army)),
                        ("turns", &siege.turns),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn match_text(&self) -> String {
        let Some(session) = &self.session else {
            return String::new();
        };
        let game = session.game();
        fill(
            &gettext(
                "Partie {partie}, round {round}. The match is won at 27 points or by a Château noir.\n{scores}",
            ),
            &[
                ("partie", &game.partie()),
                ("round", &game.round()),
                ("scores", &self.scores_text()),
            ],
        )
    }

    /// Every side's score, one a line.
    fn scores_text(&self) -> String {
        let Some(session) = &self.session else {
            return String::new();
        };
        let game = session.game();
        game.view()
            .sides
            .iter()
            .map(|side| {
                fill(
                    &gettext("{side}: {score}"),
                    &[
                        ("side", &words::side(game, side.side)),
                        ("score", &words::score(side.shown, side.debt)),
                    ],
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}
