//! The game being played at this table, without any GTK: the engine's [`Game`], who
//! sits in each seat (name, colour, person or computer), where it is saved and whether
//! it changed since, and the events the window has not shown yet. Beside it:
//!
//! - `setup`: who sits at the table before the game starts;
//! - `clicks`: the half-made map decisions (armies being placed, an attack's source)
//!   and what a click on the map does;
//! - `hand_over`: setup decisions handed to the computer (Claim for Me, Place for
//!   Me) and setup placements ordered ahead;
//! - `defence`: the quick-defence preference, a defender's standing order for the
//!   rest of an attack, and rolling an attack until it is decided;
//! - `refusals`: why a click on the map did nothing, in the engine's reasons;
//! - `screen`: whose eyes the screen is for, and what the map and panels show them;
//! - `undo`: taking back a placement step or the person's last quiet decision;
//! - `warnings`: a castle left in danger by a placement, said before it is made.

mod clicks;
mod defence;
mod hand_over;
mod refusals;
mod screen;
mod setup;
#[cfg(test)]
pub(crate) mod tests;
mod undo;
mod warnings;

use std::path::PathBuf;
use std::sync::Arc;

use castellan_engine::board::{Board, TerritoryId};
use castellan_engine::diagnostics::escaped;
use castellan_engine::game::{
    Action, Event, EventKind, Game, NewGameError, ReplayError, RuleError, SaveError, SavedGame,
    Seat,
};
use castellan_engine::variant::Variant;
use gettextrs::gettext;

use crate::app::library::LoadedBoard;
use crate::map::palette::{SEAT_COLOURS, SEAT_RGB};
use crate::messages;
use crate::text::fill;

pub use clicks::{Aboard, Click, FortifyDraft, PlaceCount};
pub use hand_over::HandOver;
pub use refusals::Refusal;
pub(crate) use setup::yes;
pub use setup::{GameSetup, SeatSettings, SetupProblem};
pub use undo::Undone;
pub use warnings::CastleDanger;

/// Why a session could not start or open.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Setup(#[from] SetupProblem),
    #[error(transparent)]
    NewGame(#[from] NewGameError),
    /// The save does not replay; its board, when that loads, and its players' names
    /// let the reason name territories and seats.
    #[error("{error}")]
    Replay {
        error: Box<ReplayError>,
        board: Option<Box<Board>>,
        seats: Vec<String>,
    },
    #[error("the save's settings for this table are not readable: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the save lists {settings} seats but its game has {game}")]
    SeatMismatch { settings: usize, game: usize },
}

impl SessionError {
    /// Why, in the reader's language.
    pub fn describe(&self) -> String {
        match self {
            Self::Setup(problem) => problem.describe(),
            Self::NewGame(error) => messages::new_game_error(error),
            Self::Replay {
                error,
                board,
                seats,
            } => messages::replay_error(error, board.as_deref(), seats),
            Self::Json(error) => fill(
                &gettext("the save's settings for this table are not readable: {detail}"),
                &[("detail", &escaped(&error.to_string()))],
            ),
            Self::SeatMismatch { settings, game } => fill(
                &gettext("the save lists {settings} seats but its game has {game}"),
                &[("settings", settings), ("game", game)],
            ),
        }
    }
}

/// A public event as the table shows it, with the armies standing on the attacking
/// territory just after it (for an attack's start: "Red attacked London from Paris with 6
/// armies"; 0 otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableEvent {
    pub event: Event,
    pub armies: u32,
}

impl TableEvent {
    /// `event` as the table shows it, read from `game` just after it happened; `None`
    /// for what only some seats may know.
    pub fn public(game: &Game, event: &Event) -> Option<TableEvent> {
        if !event.is_public() {
            return None;
        }
        let armies = match event.kind {
            EventKind::AttackStarted { from, .. } => game.armies(from),
            _ => 0,
        };
        Some(TableEvent {
            event: event.clone(),
            armies,
        })
    }
}

/// A game at this table.
pub struct Session {
    game: Game,
    /// The board file's text, which saves carry.
    board_source: String,
    seats: Vec<SeatSettings>,
    path: Option<PathBuf>,
    unsaved: bool,
    /// Public events the window has not taken yet, in order (the opening events first).
    unread: Vec<TableEvent>,
    /// How many of the first `unread` events are the replayed past of a reopened
    /// game: the log tells them again, but nothing is announced anew.
    past: usize,
    /// Armies placed on the map but not yet confirmed, in steps (territory, armies)
    /// in the order they were placed: undo takes back a whole step.
    draft: Vec<(TerritoryId, u32)>,
    /// The territory chosen to attack, occupy, fortify or fill from.
    source: Option<TerritoryId>,
    /// A fortify chosen on the map, waiting for its count and confirmation.
    fortify: Option<clicks::FortifyDraft>,
    /// The person chose the Admiral: the map offers only its attacks by sea.
    admiral: bool,
    /// The most armies the person lets aboard the Admiral's ships (`None`: all that
    /// may go).
    admiral_aboard: Option<u32>,
    /// The human seat the screen was last shown to (privacy between people).
    shown_to: Option<Seat>,
    /// Indexed by seat: the public events since that seat's person last had the
    /// screen, which the privacy page sums up for them.
    news: Vec<Vec<TableEvent>>,
    /// Indexed by seat: whose turn was under way when that seat's news began, as its
    /// person gave up the screen (none in setup), for summing up that turn too.
    news_from_turn: Vec<Option<Seat>>,
    /// See [`GameSetup::quick_defence`].
    quick_defence: bool,
    /// The attack (by the engine's number) in which the defender, asked in person,
    /// defended without its cards: it is not asked again in that attack.
    cards_declined_in: Option<u32>,
    /// A defender's order to defend with the most dice for the rest of an attack.
    standing_defence: Option<defence::StandingDefence>,
    /// Indexed by seat: the setup decisions the person handed over to the computer
    /// ("Claim for Me", "Place for Me"); their other decisions stay theirs.
    handed_over: Vec<hand_over::HandedOver>,
    /// Indexed by seat: setup placements of one army the person ordered ahead, on
    /// one territory (a Shift- or Ctrl-click), made as their turns come.
    placements_ahead: Vec<Option<(TerritoryId, u32)>>,
}

impl Session {
    /// A new game of `variant` on `board`, seated as `setup` says.
    pub fn new(
        board: LoadedBoard,
        variant: Variant,
        setup: &GameSetup,
        random_seed: u64,
    ) -> Result<Self, SessionError> {
        if let Some(problem) = setup.problem() {
            return Err(problem.into());
        }
        let seed = setup.seed.unwrap_or(random_seed);
        let game = Game::new(board.board, variant, setup.seats.len(), seed)?;
        let unread = opening_events(&game);
        Ok(Self::around(
            game,
            board.source,
            setup.seats.clone(),
            setup.quick_defence,
            None,
            unread,
        ))
    }

    /// A game brought back from a save at `path`: its seats (as many as the game's,
    /// checked like a setup) and every public event of its replay, opening events
    /// first, still to be shown.
    pub fn resume(
        game: Game,
        board_source: String,
        seats: Vec<SeatSettings>,
        quick_defence: bool,
        path: Option<PathBuf>,
        replayed: Vec<TableEvent>,
    ) -> Result<Self, SessionError> {
        if seats.len() != game.seats() && seats.len() != game.players() {
            return Err(SessionError::SeatMismatch {
                settings: seats.len(),
                game: game.seats(),
            });
        }
        if let Some(problem) = setup::seats_problem(&seats) {
            return Err(problem.into());
        }
        let mut unread = opening_events(&game);
        unread.extend(replayed);
        let past = unread.len();
        let mut session = Self::around(game, board_source, seats, quick_defence, path, unread);
        session.past = past;
        Ok(session)
    }

    fn around(
        game: Game,
        board_source: String,
        seats: Vec<SeatSettings>,
        quick_defence: bool,
        path: Option<PathBuf>,
        unread: Vec<TableEvent>,
    ) -> Self {
        let mut seats = seats;
        // Classic Risk's neutral army is a seat of the game, not of the table.
        while seats.len() < game.seats() {
            seats.push(setup::neutral_seat(&seats));
        }
        let news = vec![Vec::new(); seats.len()];
        let news_from_turn = vec![game.turn_seat(); seats.len()];
        let handed_over = vec![hand_over::HandedOver::default(); seats.len()];
        let placements_ahead = vec![None; seats.len()];
        Self {
            handed_over,
            placements_ahead,
            game,
            board_source,
            seats,
            path,
            unsaved: false,
            unread,
            past: 0,
            draft: Vec::new(),
            source: None,
            fortify: None,
            admiral: false,
            admiral_aboard: None,
            shown_to: None,
            news,
            news_from_turn,
            quick_defence,
            cards_declined_in: None,
            standing_defence: None,
        }
    }

    /// The engine's save of this game, carrying the board's text.
    pub fn saved_game(&self) -> Result<SavedGame, SaveError> {
        self.game.save(&self.board_source)
    }

    /// See [`GameSetup::quick_defence`].
    pub fn quick_defence(&self) -> bool {
        self.quick_defence
    }

    /// Records that the session was written to `path`.
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.unsaved = false;
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn board(&self) -> &Arc<Board> {
        self.game.board_arc()
    }

    pub fn seats(&self) -> &[SeatSettings] {
        &self.seats
    }

    /// Where the session was last saved or opened from.
    pub fn path(&self) -> Option<&PathBuf> {
        self.path.as_ref()
    }

    /// Whether anything happened since the last save (a new game counts once moved).
    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    /// The public events not taken yet, in order; the next call returns only newer
    /// ones. The window logs them and shows their dice.
    pub fn take_events(&mut self) -> Vec<TableEvent> {
        self.past = 0;
        std::mem::take(&mut self.unread)
    }

    /// The events of a reopened game's past (its replay) not taken yet, which the
    /// window logs without announcing them again; newer events stay for
    /// [`Session::take_events`].
    pub fn take_past_events(&mut self) -> Vec<TableEvent> {
        let past = std::mem::take(&mut self.past).min(self.unread.len());
        self.unread.drain(..past).collect()
    }

    /// Seat names, indexed by seat.
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// Seat colours as `0xRRGGBB`, indexed by seat.
    pub fn colours(&self) -> Vec<u32> {
        self.seats
            .iter()
            .map(|s| SEAT_RGB[usize::from(s.colour) % SEAT_COLOURS])
            .collect()
    }

    /// Applies an action of `seat`; on success clears the half-made decision and keeps
    /// the public events for the window.
    /// With the quick-defence preference, a defence left with nothing to decide but
    /// the dice is answered at once with the most dice; its events are returned too.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        let declines_cards = matches!(
            action,
            Action::Defend {
                marshall: false,
                ..
            }
        ) && self.defence_needs_a_person();
        let attack = self.game.attack_in_progress().map(|a| a.number);
        let mut events = self.game.apply(seat, action)?;
        if declines_cards {
            self.cards_declined_in = attack;
        }
        // Defences left to the game, and placements the person ordered ahead.
        loop {
            if let Some((defender, defence)) = self.defence_left_to_the_game() {
                events.extend(self.game.apply(defender, defence)?);
            } else if let Some((seat, placement)) = self.placement_ahead() {
                self.placement_made_ahead(seat);
                events.extend(self.game.apply(seat, placement)?);
            } else {
                break;
            }
        }
        let game = &self.game;
        let public: Vec<TableEvent> = events
            .iter()
            .filter_map(|e| TableEvent::public(game, e))
            .collect();
        for (i, news) in self.news.iter_mut().enumerate() {
            // The person at the screen saw what their own move did.
            if self.shown_to != Some(Seat(i as u8)) {
                news.extend(public.iter().cloned());
            }
        }
        self.unread.extend(public);
        self.draft.clear();
        self.source = None;
        self.fortify = None;
        self.admiral = false;
        self.admiral_aboard = None;
        self.unsaved = true;
        Ok(events)
    }

    /// The seat whose decision it is, if a person plays it.
    pub fn human_to_move(&self) -> Option<Seat> {
        self.game
            .pending_seat()
            .filter(|&seat| !self.computer_decides(seat))
    }

    /// The seat whose decision it is, if the computer plays it: a computer seat, or a
    /// person's setup decision they handed over (`hand_over`).
    pub fn computer_to_move(&self) -> Option<Seat> {
        self.game
            .pending_seat()
            .filter(|&seat| self.computer_decides(seat))
    }
}

/// The opening events of a game (the high roller, the first empire) as the table
/// shows them.
fn opening_events(game: &Game) -> Vec<TableEvent> {
    game.opening_events()
        .iter()
        .filter_map(|e| TableEvent::public(game, e))
        .collect()
}
