//! Replays: the position after any action of a saved game, reached cheaply forwards
//! and backwards from checkpoints kept every few actions, with the log entries of each
//! step, shown as the [`Disclosure`] allows.

use crate::game::{
    Action, Event, Game, Hand, HiddenArmy, ReplayError, SavedGame, Seat, SeatSummary, TerritoryView,
};

use super::chronicle::{Chronicle, Chronicler};
use super::{Disclosure, StoryError};

/// Actions between two kept positions: stepping back replays at most this many.
pub const DEFAULT_CHECKPOINT_EVERY: usize = 32;

/// One action of the game and the log entries it caused, as the disclosure shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayStep<'a> {
    /// The seat that acted.
    pub seat: Seat,
    /// The action's tag (`"attack"`): public, unlike some actions' details (where
    /// armies were hidden, which card a spy discarded).
    pub action: &'static str,
    /// The entries of the log, in order.
    pub events: Vec<&'a Event>,
}

/// What the disclosure shows of one position: the board and every seat as everyone
/// sees them, and the secrets it allows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    /// The position after this many actions.
    pub action: usize,
    /// Indexed by territory id.
    pub territories: Vec<TerritoryView>,
    pub seats: Vec<SeatSummary>,
    pub turn_number: u32,
    pub turn_seat: Option<Seat>,
    /// Each seat's hand, where the disclosure shows it.
    pub hands: Vec<Option<Hand>>,
    /// Each seat's hidden-army slips, where the disclosure shows them.
    pub hidden_armies: Vec<Option<Vec<HiddenArmy>>>,
}

/// A saved game to step through.
#[derive(Clone, Debug)]
pub struct Replay {
    disclosure: Disclosure,
    every: usize,
    actions: Vec<(Seat, Action)>,
    /// The position after `i * every` actions.
    checkpoints: Vec<Game>,
    /// The events of the game's creation, then of each action.
    opening: Vec<Event>,
    events: Vec<Vec<Event>>,
    /// The position shown, after `at` actions.
    current: Game,
    at: usize,
    chronicle: Chronicle,
}

impl Replay {
    /// Replays `saved` once, keeping a position every
    /// [`DEFAULT_CHECKPOINT_EVERY`] actions. [`Disclosure::Everything`] is refused
    /// unless the game is over.
    pub fn new(saved: &SavedGame, disclosure: Disclosure) -> Result<Replay, StoryError> {
        Self::with_checkpoints(saved, disclosure, DEFAULT_CHECKPOINT_EVERY)
    }

    /// Like [`Replay::new`], keeping a position every `every` actions (at least 1):
    /// more memory, quicker steps back.
    pub fn with_checkpoints(
        saved: &SavedGame,
        disclosure: Disclosure,
        every: usize,
    ) -> Result<Replay, StoryError> {
        let every = every.max(1);
        let mut game = start_of(saved)?;
        let opening = game.opening_events().to_vec();
        let mut chronicler = Chronicler::new(&game);
        let mut checkpoints = vec![game.clone()];
        let mut events = Vec::with_capacity(saved.actions.len());
        for (index, (seat, action)) in saved.actions.iter().enumerate() {
            let mut caused = Vec::new();
            apply_saved(&mut game, index, *seat, action, &mut caused)?;
            chronicler.record(&game, &caused);
            events.push(caused);
            if (index + 1) % every == 0 {
                checkpoints.push(game.clone());
            }
        }
        let chronicle = chronicler.finish(&game, disclosure)?;
        Ok(Replay {
            disclosure,
            every,
            actions: saved.actions.clone(),
            checkpoints,
            opening,
            events,
            at: saved.actions.len(),
            current: game,
            chronicle,
        })
    }

    /// Actions in the game: positions go from 0 (the start) to this.
    pub fn len(&self) -> usize {
        self.actions.len()
    }

    /// Whether the game has no action at all.
    pub fn is_empty(&self) -> bool {
        self.actions.is_empty()
    }

    /// The position shown: after this many actions.
    pub fn at(&self) -> usize {
        self.at
    }

    /// The story of the whole game, with the replay's disclosure.
    pub fn chronicle(&self) -> &Chronicle {
        &self.chronicle
    }

    /// Shows the position after `k` actions (at most [`Replay::len`]): one action on
    /// from the position shown, else from the nearest checkpoint at or before `k`.
    pub fn seek(&mut self, k: usize) {
        let k = k.min(self.len());
        if k == self.at {
            return;
        }
        if k < self.at || k - self.at > self.every {
            let checkpoint = k / self.every;
            self.current = self.checkpoints[checkpoint].clone();
            self.at = checkpoint * self.every;
        }
        while self.at < k {
            let (seat, action) = &self.actions[self.at];
            // Every action replayed once already when the replay was made.
            self.current
                .apply(*seat, action.clone())
                .expect("an action that replayed once replays again");
            self.at += 1;
        }
    }

    /// One action on; `false` at the end.
    pub fn forward(&mut self) -> bool {
        let more = self.at < self.len();
        self.seek(self.at + 1);
        more
    }

    /// One action back; `false` at the start.
    pub fn back(&mut self) -> bool {
        let more = self.at > 0;
        self.seek(self.at.saturating_sub(1));
        more
    }

    /// The action that led to position `k` (1 to [`Replay::len`]) and its log entries;
    /// `None` for position 0 (see [`Replay::opening`]) and past the end.
    pub fn step(&self, k: usize) -> Option<ReplayStep<'_>> {
        let index = k.checked_sub(1)?;
        let (seat, action) = self.actions.get(index)?;
        Some(ReplayStep {
            seat: *seat,
            action: action.name(),
            events: self.shown(&self.events[index]),
        })
    }

    /// The log entries of the game's creation (the high roller, the first empire).
    pub fn opening(&self) -> Vec<&Event> {
        self.shown(&self.opening)
    }

    /// The log up to the position shown: the opening's entries, then each step's.
    pub fn log(&self) -> Vec<&Event> {
        let mut log = self.opening();
        for caused in &self.events[..self.at] {
            log.extend(self.shown(caused));
        }
        log
    }

    /// The position shown, as the disclosure allows.
    pub fn scene(&self) -> Scene {
        let game = &self.current;
        let public = game.view_for(Seat(0));
        let secret = |seat: Seat| self.disclosure.shows_secrets_of(seat);
        Scene {
            action: self.at,
            territories: public.territories,
            seats: public.seats,
            turn_number: game.turn_number(),
            turn_seat: game.turn_seat(),
            hands: game
                .seat_ids()
                .map(|s| secret(s).then(|| game.hand(s)))
                .collect(),
            hidden_armies: game
                .seat_ids()
                .map(|s| secret(s).then(|| game.hidden_armies(s).to_vec()))
                .collect(),
        }
    }

    /// The whole game at the position shown, every secret included: only when the
    /// replay discloses everything (so only for a game that is over).
    pub fn game(&self) -> Option<&Game> {
        (self.disclosure == Disclosure::Everything).then_some(&self.current)
    }

    fn shown<'a>(&self, events: &'a [Event]) -> Vec<&'a Event> {
        events.iter().filter(|e| self.disclosure.shows(e)).collect()
    }
}

/// The game a save starts from, before its first action.
pub(crate) fn start_of(saved: &SavedGame) -> Result<Game, ReplayError> {
    SavedGame {
        format: saved.format,
        board_source: saved.board_source.clone(),
        board_name: saved.board_name.clone(),
        variant: saved.variant.clone(),
        seats: saved.seats,
        seed: saved.seed,
        position: saved.position.clone(),
        fixed_dice: saved.fixed_dice.clone(),
        actions: Vec::new(),
        app: None,
    }
    .replay()
}

/// Applies a saved action as [`SavedGame::replay`] does, naming it when refused.
pub(crate) fn apply_saved(
    game: &mut Game,
    index: usize,
    seat: Seat,
    action: &Action,
    events: &mut Vec<Event>,
) -> Result<(), ReplayError> {
    game.apply_into(seat, action.clone(), events)
        .map_err(|reason| ReplayError::Action {
            index,
            seat,
            action: action.name(),
            reason,
        })
}
