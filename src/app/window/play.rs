//! Playing at the table: a session sits down (its computer players, its board on the
//! map, an empty log), map clicks and panel actions are applied, every part of the
//! window is brought up to date after each move, and computer seats' moves are asked
//! of the `computer` worker and played.

use std::sync::Arc;

use adw::prelude::*;
use castellan_engine::board::{Board, TerritoryId};
use castellan_engine::game::{Action, Decision, EventKind, Seat};
use gettextrs::gettext;

use super::{MainWindow, MainWindowInput, Page, rule_error_text};
use crate::app::battle_panel::BattlePanelInput;
use crate::app::computer::{ComputerSeatsInput, Computers};
use crate::app::elimination_banner::{self, EliminationBannerInput};
use crate::app::hint;
use crate::app::log::{LogNames, sentence, tells};
use crate::app::log_view::{GameLogInput, LogNamesInput};
use crate::app::map_view::{ClickKind, MapView, MapViewInput, MapViewOutput};
use crate::app::privacy::{self, PrivacyPageInput};
use crate::app::session::{Click, PlaceCount, Session, TableEvent, Undone};
use crate::app::sidebar::CardSidebarInput;
use crate::app::status;
use crate::app::turn_summary;
use crate::app::victory::{Ending, VictoryPageInput};
use crate::text::fill;
use castellan_engine::bot::Cancel;
use relm4::prelude::*;

impl MainWindow {
    /// Shows `board` on the map, making a new map widget when the board changes.
    pub(super) fn show_board(&mut self, board: Arc<Board>, sender: &ComponentSender<Self>) {
        if self
            .shown_board
            .as_ref()
            .is_some_and(|shown| Arc::ptr_eq(shown, &board))
        {
            return;
        }
        if let Some(old) = self.map.take() {
            self.map_holder.remove(old.widget());
        }
        self.shown_board = Some(Arc::clone(&board));
        let map = MapView::builder()
            .launch(board)
            .forward(sender.input_sender(), |output| match output {
                MapViewOutput::Clicked(id, kind) => MainWindowInput::MapClicked(id, kind),
                MapViewOutput::Escape => MainWindowInput::MapEscape,
            });
        map.widget().set_vexpand(true);
        self.map_holder.append(map.widget());
        self.map = Some(map);
        self.broken = None;
    }

    /// Sits a new session at the table: its computer players, its board on the map,
    /// an empty log.
    pub(super) fn begin(&mut self, session: Session, sender: &ComponentSender<Self>) {
        self.leave_table();
        self.table = Cancel::new();
        self.computer_stuck = None;
        // Seeded from the game's seed, so that a replayed setup plays the same way.
        self.computers
            .emit(ComputerSeatsInput::Seat(Box::new(Computers::for_table(
                session.seats(),
                session.game().seed(),
                &self.table,
            ))));
        self.show_board(Arc::clone(session.board()), sender);
        self.log.emit(GameLogInput::Start(LogNamesInput(LogNames {
            board: Arc::clone(session.board()),
            seats: session.names(),
        })));
        let mut session = session;
        let past = session.take_past_events();
        self.session = Some(session);
        self.computer_turn = None;
        self.eliminations.emit(EliminationBannerInput::Dismiss);
        self.toasts.open();
        self.battle.emit(BattlePanelInput::Reset);
        // A reopened game's past is logged again, and nothing of it announced anew.
        self.tell(past, false);
        if let Some(map) = &self.map {
            map.emit(MapViewInput::FitToWindow);
        }
        self.refresh();
    }

    pub(super) fn map_clicked(&mut self, id: TerritoryId, kind: ClickKind) {
        let Some(session) = &mut self.session else {
            return;
        };
        let click = match kind {
            ClickKind::Plain => session.click(id),
            ClickKind::Shift => session.place(id, PlaceCount::Five),
            ClickKind::Control => session.place(id, PlaceCount::All),
            ClickKind::Secondary if session.take_back(id) => Click::Changed,
            ClickKind::Secondary => Click::Ignored,
        };
        match click {
            Click::Act(action) => self.act(action),
            Click::Changed => self.refresh(),
            // Never a click without a word: the status line says why, until the
            // next move.
            Click::Ignored => self.status = status::refusal(&session.why_not(id), session),
        }
    }

    /// Applies an action of the person to move.
    pub(super) fn act(&mut self, action: Action) {
        let Some(session) = &mut self.session else {
            return;
        };
        let Some(seat) = session.human_to_move() else {
            return;
        };
        // An older toast's Undo would take back something else now.
        self.toasts.dismiss_undo();
        match session.apply(seat, action.clone()) {
            Err(error) => {
                let reason = rule_error_text(&error, session);
                self.error(&gettext("That Move Is Not Allowed"), &reason);
            }
            // Armies moved by a count the person chose: the toast says what moved,
            // as the log does, and offers to take it back (the GNOME way).
            Ok(events) if offers_undo_toast(&action) && session.may_undo() => {
                let moved = events
                    .iter()
                    .rev()
                    .find(|e| matches!(e.kind, EventKind::ArmiesMoved { .. }));
                if let (Some(moved), Some(names)) = (moved, self.log_names())
                    && let Some(line) = sentence(&names, &moved.kind, 0)
                {
                    self.toasts.offer_undo(&line);
                }
            }
            Ok(_) => {}
        }
        self.refresh();
    }

    /// Confirms the placement or the fortify being made; a placement that leaves the
    /// person's castle in danger is first said so, once a turn, on the status line.
    pub(super) fn confirm(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let Some(action) = session
            .confirm_placement()
            .or_else(|| session.confirm_fortify())
        else {
            return;
        };
        if let (Some(seat), Some(danger)) = (
            session.human_to_move(),
            session.castle_danger_after_placement(),
        ) {
            let turn = (seat, session.game().turn_number());
            if self.castle_warned != Some(turn) {
                self.castle_warned = Some(turn);
                self.status = status::castle_danger(&danger, session);
                return;
            }
        }
        self.act(action);
    }

    /// Takes back the last placement step or decision the person may take back, and
    /// the log lines it wrote.
    pub(super) fn undo(&mut self) {
        let Some(undone) = self.session.as_mut().and_then(Session::undo) else {
            return;
        };
        self.toasts.dismiss_undo();
        if let Undone::Decision { events, .. } = undone {
            self.log.emit(GameLogInput::TakenBack(events));
        }
        self.refresh();
    }

    /// Brings every view up to date with the session, and lets a computer move.
    pub(super) fn refresh(&mut self) {
        let Some(session) = &mut self.session else {
            return;
        };
        let news = session.take_events();
        self.tell(news, true);
        let Some(session) = &self.session else {
            return;
        };
        self.draft = session.draft_progress();
        self.may_undo = session.may_undo();
        self.fortify = session.fortify_draft();
        self.finish = session.finish_action();
        let placed = self.draft.map_or(0, |(placed, _)| placed);
        self.status = match &self.computer_stuck {
            Some(reason) => reason.clone(),
            None => status::for_session(session, placed),
        };
        let game = session.game();
        let snapshot = Arc::new(session.snapshot());
        self.sidebar
            .emit(CardSidebarInput::Show(Arc::clone(&snapshot)));
        self.battle.emit(BattlePanelInput::Show(snapshot));
        if let Some(map) = &self.map {
            map.emit(MapViewInput::Show {
                territories: session.territory_states(),
                seat_names: session
                    .seats()
                    .iter()
                    .map(|s| (s.colour, s.name.clone()))
                    .collect(),
                targets: session.targets(),
                selected: session.source(),
                battle: session.battle_arrow(),
            });
        }
        if game.winner().is_some() || game.is_drawn() {
            // Nothing that happened before the end is news any more.
            self.toasts.close();
        }
        self.page = if let Some(winner) = game.winner() {
            self.victory.emit(VictoryPageInput::Show {
                ending: Ending::Won(session.seats()[winner.index()].name.clone()),
                turns: game.turn_number(),
            });
            Page::Victory
        } else if game.is_drawn() {
            self.victory.emit(VictoryPageInput::Show {
                ending: Ending::Drawn,
                turns: game.turn_number(),
            });
            Page::Victory
        } else if let Some(seat) = session.pass_to() {
            let news = self
                .log_names()
                .map(|names| {
                    let (turn_seat, events) = session.news_for(seat);
                    privacy::news(&names, seat, turn_seat, events)
                })
                .unwrap_or_default();
            self.privacy.emit(PrivacyPageInput::Show {
                name: session.seats()[seat.index()].name.clone(),
                last_event: self.last_told_sentence(),
                news,
                private: true,
            });
            Page::Privacy
        } else {
            Page::Game
        };
        self.open_panels_for_their_decision();
        self.follow_hint();
        self.follow_tip();
        self.let_computer_move();
    }

    /// In a narrow window, shows the folded side panels when the person's decision is
    /// made there (dice, a move-in, a spy's or an offer's answer), once per decision,
    /// so that they can be closed again.
    fn open_panels_for_their_decision(&mut self) {
        let Some(session) = self.session.as_ref().filter(|_| self.narrow) else {
            return;
        };
        let game = session.game();
        let in_panels = session.human_to_move().is_some()
            && game.pending().is_some_and(|p| {
                matches!(
                    p.decision,
                    Decision::Roll { .. }
                        | Decision::Defend { .. }
                        | Decision::MoveIn { .. }
                        | Decision::AnswerSpy { .. }
                        | Decision::SpyDiscard { .. }
                        | Decision::AnswerOffer { .. }
                )
            });
        let moves = game.history().len();
        if in_panels && self.page == Page::Game && self.panels_opened_at != Some(moves) {
            self.panels_opened_at = Some(moves);
            self.sidebar_open = true;
        }
    }

    /// Asks the worker for the hint of the decision in front of a person, when hints
    /// are on and the decision is new; a changed decision drops the old hint.
    fn follow_hint(&mut self) {
        let decision = self
            .session
            .as_ref()
            .filter(|_| self.page == Page::Game && self.computer_stuck.is_none())
            .and_then(|session| {
                let seat = session.human_to_move()?;
                hint::Decision::of(session.game(), seat)
            });
        let Some(request) = self.hints.follow(decision) else {
            return;
        };
        let Some(session) = &self.session else {
            return;
        };
        self.computers.emit(ComputerSeatsInput::Hint {
            id: request.id,
            game: Box::new(session.game().unrecorded_copy()),
            seat: request.seat,
            cancel: request.cancel,
        });
    }

    /// Hands the events since the last refresh to the log and the battle panel's dice;
    /// `fresh` ones (not a reopened game's past) are announced too: eliminations over
    /// the map and in a toast, computer turns summed up, the end of a game.
    pub(super) fn tell(&mut self, news: Vec<TableEvent>, fresh: bool) {
        if news.is_empty() {
            return;
        }
        // Every roll and attack end, in order: the panel keeps the attack's tally
        // (a "Roll Until Decided" brings many at once) and shows the last dice. A
        // reopened game's past is not the panel's: its summaries would be stale.
        let colours = self
            .session
            .as_ref()
            .map(Session::colours)
            .unwrap_or_default();
        let colour = |seat: Seat| colours.get(seat.index()).copied().unwrap_or(0x777777);
        for event in news.iter().filter(|_| fresh) {
            let message = match &event.event.kind {
                EventKind::DiceRolled {
                    attacker,
                    defender,
                    attack,
                    defence,
                    attacker_losses,
                    defender_losses,
                    general,
                    marshall,
                } => BattlePanelInput::ShowRoll {
                    attacker: attack.clone(),
                    defender: defence.clone(),
                    attacker_losses: *attacker_losses,
                    defender_losses: *defender_losses,
                    general: *general,
                    marshall: *marshall,
                    seat: *attacker,
                    colours: (colour(*attacker), colour(*defender)),
                },
                &EventKind::AttackEnded { to, reason, .. } => {
                    BattlePanelInput::AttackEnded { to, reason }
                }
                _ => continue,
            };
            self.battle.emit(message);
        }
        if let Some(names) = self.log_names().filter(|_| fresh) {
            self.announce_eliminations(&names, &news);
            for event in &news {
                self.follow_computer_turn(&names, event);
            }
        }
        if let Some(told) = news.iter().rev().find(|e| tells(&e.event.kind)) {
            self.last_told = Some(told.clone());
        }
        if self.echo_log {
            let names = self.log_names();
            for event in &news {
                if let Some(line) = names
                    .as_ref()
                    .and_then(|names| sentence(names, &event.event.kind, event.armies))
                {
                    println!("{line}");
                }
            }
        }
        self.log.emit(GameLogInput::Append(news));
    }

    /// Announces the eliminations among `news` over the map; a person's turn
    /// beginning takes the earlier ones away (they were on the map a whole turn), and
    /// a finished game ends the first game's tips.
    fn announce_eliminations(&mut self, names: &LogNames, news: &[TableEvent]) {
        let Some(session) = &self.session else {
            return;
        };
        let persons_turn = news.iter().rposition(|e| match e.event.kind {
            EventKind::TurnStarted { seat, .. } => session
                .seats()
                .get(seat.index())
                .is_some_and(|s| !s.computer),
            _ => false,
        });
        let since = match persons_turn {
            Some(index) => {
                self.eliminations.emit(EliminationBannerInput::Dismiss);
                index + 1
            }
            None => 0,
        };
        let out = elimination_banner::eliminations(names, &session.colours(), &news[since..]);
        if !out.is_empty() {
            self.eliminations
                .emit(EliminationBannerInput::Announce(out));
        }
        if news.iter().any(|e| {
            matches!(
                e.event.kind,
                EventKind::GameWon { .. } | EventKind::GameDrawn { .. }
            )
        }) {
            self.toasts.close();
            self.game_finished();
        }
    }

    /// Gathers a computer seat's turn, and sums it up in a toast when it ends: it
    /// stays readable while play goes on, at any speed.
    fn follow_computer_turn(&mut self, names: &LogNames, event: &TableEvent) {
        let computer = |seat: Seat| {
            self.session
                .as_ref()
                .is_some_and(|s| s.seats().get(seat.index()).is_some_and(|s| s.computer))
        };
        match event.event.kind {
            EventKind::TurnStarted { seat, .. } if computer(seat) => {
                self.computer_turn = Some((seat, Vec::new()));
            }
            EventKind::TurnEnded { seat } => {
                if let Some((turn, events)) = self.computer_turn.take()
                    && turn == seat
                {
                    self.toasts
                        .summary(&turn_summary::summary(names, seat, &events));
                }
            }
            _ => {
                if let Some((_, events)) = &mut self.computer_turn {
                    events.push(event.clone());
                }
            }
        }
    }

    pub(super) fn log_names(&self) -> Option<LogNames> {
        self.session.as_ref().map(|session| LogNames {
            board: Arc::clone(session.board()),
            seats: session.names(),
        })
    }

    /// The log's last sentence, which the privacy page repeats.
    pub(super) fn last_told_sentence(&self) -> Option<String> {
        let told = self.last_told.as_ref()?;
        sentence(&self.log_names()?, &told.event.kind, told.armies)
    }

    /// Asks the worker for a computer seat's move, if a computer is to move and none
    /// is being thought out.
    pub(super) fn let_computer_move(&mut self) {
        if self.thought.is_some() || self.computer_stuck.is_some() {
            return;
        }
        let Some(session) = &self.session else {
            return;
        };
        if session.computer_to_move().is_none() {
            return;
        }
        self.thoughts += 1;
        let think = ComputerSeatsInput::Think {
            id: self.thoughts,
            game: Box::new(session.game().unrecorded_copy()),
            pace: self.speed.pace(),
        };
        // Asked once the main loop has nothing more urgent, a frame due included: at
        // Instant speed the answers otherwise came back faster than the window could
        // handle them, the redraws (of lower priority than messages) never ran, and
        // the map stayed unpainted until the game was over.
        let computers = self.computers.sender().clone();
        gtk::glib::idle_add_local_once(move || computers.emit(think));
        self.thought = Some(self.thoughts);
    }

    /// The table gets up: the computer seats stop thinking at once, and the answer of
    /// the thought under way, if any, will never come.
    pub(super) fn leave_table(&mut self) {
        self.table.cancel();
        self.thought = None;
        self.hints.forget();
    }

    /// Plays the move the worker chose, unless it answers an old thought; a move the
    /// game refuses stops the computer, and the person is told why.
    pub(super) fn computer_chose(&mut self, id: u64, seat: Option<Seat>, action: Option<Action>) {
        if self.thought != Some(id) {
            return;
        }
        self.thought = None;
        let Some(session) = &mut self.session else {
            return;
        };
        let Some(to_move) = session.computer_to_move() else {
            self.refresh();
            return;
        };
        let refused = match action {
            Some(action) if seat == Some(to_move) => {
                session.apply(to_move, action).err().map(|error| {
                    eprintln!(
                        "castellan: the computer's move was refused: {}",
                        error.in_english(session.board())
                    );
                    rule_error_text(&error, session)
                })
            }
            _ => {
                eprintln!("castellan: the computer found no move to make");
                Some(gettext("it found no move to make"))
            }
        };
        if let Some(reason) = refused {
            let name = session.seats()[to_move.index()].name.clone();
            let message = fill(
                &gettext("{name} cannot move: {reason}"),
                &[("name", &name), ("reason", &reason)],
            );
            self.error(&gettext("The Computer Cannot Move"), &message);
            self.computer_stuck = Some(message);
        }
        self.refresh();
    }
}

/// Whether a person's accepted `action` is worth a toast offering to undo it: moves
/// whose count was a choice; a placement being made has its own Undo button.
fn offers_undo_toast(action: &Action) -> bool {
    matches!(action, Action::MoveIn { .. } | Action::Occupy { .. })
}
