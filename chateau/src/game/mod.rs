//! Games: a match of Château Noir played by seats, action by action
//! ([`Game::apply`]), every action validated and an illegal one refused with a coded
//! reason, the game untouched. The pieces and the turn in progress are a
//! [`State`], which computer players search; whether a turn can still be finished is
//! [`Finder`]'s; the rules of the end of a turn (captures, occupation, Château,
//! siege, eliminations, the end of a partie and of the match) are in `turn`; what a
//! seat may do now in `legal`, what a front end shows in `view`.

mod action;
mod capture;
mod error;
mod event;
mod finder;
mod legal;
mod scoring;
mod siege;
mod state;
mod table;
mod turn;
mod view;
mod zobrist;

use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use action::Action;
pub use capture::{Safety, capturable, framing_armies};
pub use error::{NewGameError, RuleError};
pub use event::{EndReason, Event};
pub use finder::Finder;
pub use legal::{Decision, Legal, LegalUnit};
pub use scoring::{
    OWN_TERRITORY_POINTS, SIMULTANEE_POINTS, TERRITORY_POINTS, occupation_events, territories_held,
};
pub use siege::{Siege, besieged_groups};
pub use state::{Hand, MAX_FACTOR, PieceKind, Pieces, ReleaseUndo, State, TurnRules};
pub use table::{Seat, SideId, Sides, Table, TableError};
pub use view::{ArmyView, HandView, PieceView, SideView, TurnView, View};
pub use zobrist::piece as zobrist_piece;

use crate::board::{ArmyId, Board, MAX_ARMIES};
use crate::variant::Variant;
use castellan_common::rng::{GameRng, seeded};

/// Units of an army's turn (ruling 11).
pub const FACTOR: u8 = 6;
/// Units of an alliance's turn (ruling 24).
pub const ALLIANCE_FACTOR: u8 = 12;
/// Points that win the match (ruling 25).
pub const WINNING_SCORE: i32 = 27;

/// How a match ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum Outcome {
    Won { side: SideId, reason: EndReason },
    Drawn { reason: EndReason },
}

/// A team alliance (ruling 24): `giver` gave its turns to `receiver`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Alliance {
    pub giver: ArmyId,
    pub receiver: ArmyId,
}

/// A draw offered and the seats still to answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DrawOffer {
    pub by: Seat,
    /// Seats still to answer, the next first.
    pub waiting: Vec<Seat>,
}

/// Where each army stands with its territories (ruling 17).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Occupation {
    /// Territories (a set of armies) the army has held without a break since the end
    /// of its last turn: leaving one of them can score.
    pub held: u8,
    /// Index in its colour table of the territory it must leave next.
    pub next: u8,
}

/// A match of Château Noir.
///
/// ```
/// use std::sync::Arc;
/// use castellan_chateau::board::Board;
/// use castellan_chateau::game::{Action, Game, Seat, Table};
/// use castellan_chateau::variant::Variant;
///
/// let board = Arc::new(Board::reconstructed());
/// let mut game = Game::new(board, Variant::default(), Table::four_in_teams(), 7).unwrap();
/// let seat = game.pending_seat().unwrap();
/// let legal = game.legal();
/// // Pick the first piece offered and move it as the engine allows.
/// let square = legal.pickable[0];
/// game.apply(seat, Action::Pick { square }).unwrap();
/// let to = game.legal().units[0].to;
/// let events = game.apply(seat, Action::Unit { to }).unwrap();
/// assert!(matches!(events[0], castellan_chateau::game::Event::Moved { .. }));
/// // An illegal action is refused and changes nothing.
/// let before = game.clone();
/// assert!(game.apply(seat, Action::EndTurn { captures: vec![] }).is_err());
/// assert_eq!(game, before);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    pub(crate) board: Arc<Board>,
    pub(crate) variant: Variant,
    pub(crate) table: Table,
    pub(crate) sides: Sides,
    pub(crate) seed: u64,
    pub(crate) rng: GameRng,
    pub(crate) state: State,
    pub(crate) outcome: Option<Outcome>,
    /// Signed scores by side (a debt is negative, ruling 16).
    pub(crate) scores: Vec<i32>,
    pub(crate) partie: u32,
    pub(crate) round: u32,
    /// Turns played in the match.
    pub(crate) turns: u32,
    /// The army that began the partie (rounds are counted from it).
    pub(crate) first: ArmyId,
    pub(crate) occupation: [Occupation; MAX_ARMIES],
    /// Territories the moving armies held when the turn began.
    pub(crate) ripe: [u8; MAX_ARMIES],
    /// Territories first left this turn, in order, by army.
    pub(crate) exits: Vec<(ArmyId, ArmyId)>,
    /// Where each piece released this turn started and ended.
    pub(crate) moved: Vec<(crate::square::Square, crate::square::Square)>,
    pub(crate) sieges: Vec<Siege>,
    pub(crate) safe: Vec<Safety>,
    pub(crate) alliances: Vec<Alliance>,
    pub(crate) draw: Option<DrawOffer>,
    /// Seats that offered a draw this turn (a set of seats).
    pub(crate) offered: u8,
    /// Whether the clock's overrun was counted this turn.
    pub(crate) overrun: bool,
    pub(crate) history: Vec<(Seat, Action)>,
    /// Whether accepted actions are kept in `history` (off for searches, which clone
    /// games by the thousand).
    pub(crate) recording: bool,
    /// Whether an action was ever accepted unrecorded (such a game cannot be saved).
    pub(crate) unrecorded: bool,
    /// The described position the game started from, as its text.
    pub(crate) start: Option<Arc<str>>,
    pub(crate) opening: Vec<Event>,
}

impl Game {
    /// A new match from the starting position; the first army is drawn with the
    /// seeded generator (IV.2).
    pub fn new(
        board: Arc<Board>,
        variant: Variant,
        table: Table,
        seed: u64,
    ) -> Result<Game, NewGameError> {
        table.check(&board)?;
        variant.check().map_err(NewGameError::Variant)?;
        let sides = Sides::new(&board, &table);
        let armies = table.armies();
        let pieces = Pieces::start(&board, armies);
        let rules = variant.turn_rules();
        let first = ArmyId(0);
        let mut game = Game {
            state: State::new(pieces, first, first.bit(), FACTOR, rules),
            scores: vec![0; sides.count()],
            board,
            variant,
            table,
            sides,
            seed,
            rng: seeded(seed),
            outcome: None,
            partie: 0,
            round: 1,
            turns: 0,
            first,
            occupation: [Occupation::default(); MAX_ARMIES],
            ripe: [0; MAX_ARMIES],
            exits: Vec::new(),
            moved: Vec::new(),
            sieges: Vec::new(),
            safe: Vec::new(),
            alliances: Vec::new(),
            draw: None,
            offered: 0,
            overrun: false,
            history: Vec::new(),
            recording: true,
            unrecorded: false,
            start: None,
            opening: Vec::new(),
        };
        let mut events = Vec::new();
        game.begin_partie(&mut Finder::new(), &mut events);
        game.opening = events;
        Ok(game)
    }

    /// The board.
    pub fn board(&self) -> &Arc<Board> {
        &self.board
    }

    /// The rules.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// Who plays.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The sides that score.
    pub fn sides(&self) -> &Sides {
        &self.sides
    }

    /// The seed of the game's generator.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The pieces and the turn in progress: what computer players search.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The signed score of `side` (negative while in debt, ruling 16).
    pub fn score(&self, side: SideId) -> i32 {
        self.scores[side.index()]
    }

    /// Every side's signed score, by side.
    pub fn scores(&self) -> &[i32] {
        &self.scores
    }

    /// How the match ended, once it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The partie being played (1 first).
    pub fn partie(&self) -> u32 {
        self.partie
    }

    /// The round of the partie (1 first).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Turns played in the match.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Each army's occupation of territories (ruling 17), by army.
    pub fn occupation(&self) -> &[Occupation; MAX_ARMIES] {
        &self.occupation
    }

    /// The territories first left this turn, in order: `(army, territory)`.
    pub fn exits(&self) -> &[(ArmyId, ArmyId)] {
        &self.exits
    }

    /// The territories each army held a full round when this turn began (the ones
    /// whose leaving can score this turn), by army.
    pub fn ripe(&self) -> &[u8; MAX_ARMIES] {
        &self.ripe
    }

    /// Groups under siege and for how many turns (ruling 22).
    pub fn sieges(&self) -> &[Siege] {
        &self.sieges
    }

    /// Pieces safe from some armies for now (VI.5b).
    pub fn safety(&self) -> &[Safety] {
        &self.safe
    }

    /// The alliances in force.
    pub fn alliances(&self) -> &[Alliance] {
        &self.alliances
    }

    /// The draw offered, if one awaits answers.
    pub fn draw_offer(&self) -> Option<&DrawOffer> {
        self.draw.as_ref()
    }

    /// Every accepted action, in order.
    pub fn history(&self) -> &[(Seat, Action)] {
        &self.history
    }

    /// The events of the game's start (the first partie and turn).
    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    /// The text of the position the game started from, if it did not start from
    /// setup.
    pub fn start_position(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// The army whose turn it is.
    pub fn mover(&self) -> ArmyId {
        self.state.mover()
    }

    /// The seat whose decision is awaited: a seat to answer a draw offer, or the seat
    /// commanding the army to play; `None` once the match is over.
    pub fn pending_seat(&self) -> Option<Seat> {
        if self.outcome.is_some() {
            return None;
        }
        if let Some(offer) = &self.draw {
            return offer.waiting.first().copied();
        }
        self.table.seat_of(self.state.mover())
    }

    /// Stops (or starts again) keeping the accepted actions: a computer player's
    /// copies of a game, applying actions to see where they lead, need no history and
    /// clone faster without it. A game that played unrecorded actions cannot be saved.
    pub fn set_recording(&mut self, recording: bool) {
        self.recording = recording;
    }

    /// The armies `army` moves on its turns: itself, and an army that gave it its turns
    /// (a set of armies).
    pub fn armies_moved_by(&self, army: ArmyId) -> u8 {
        self.controlled_by(army)
    }

    /// The state at the start of a turn of `army` with the pieces as they stand now:
    /// its own armies to move, its factor (12 under an alliance). A computer player
    /// asks [`Finder::can_finish`] of it to see whether an army is blocked (the
    /// Château, ruling 19), or counts its moves.
    pub fn turn_state_of(&self, army: ArmyId) -> State {
        self.state.restart(
            army,
            self.controlled_by(army),
            self.factor_of(army),
            self.variant.turn_rules(),
        )
    }

    /// The armies in the game that could not complete their factor if their turn began
    /// now (a set of armies; an army that gave its turns away is judged with its
    /// partner's).
    pub fn blocked_armies(&self, finder: &mut Finder) -> u8 {
        let pieces = self.state.pieces();
        crate::board::armies_of(self.table.armies())
            .filter(|&army| !self.alliances.iter().any(|a| a.giver == army))
            .filter(|&army| pieces.of_set(self.controlled_by(army)) != 0)
            .filter(|&army| !finder.can_finish(&self.board, &self.turn_state_of(army)))
            .fold(0, |set, army| set | self.controlled_by(army))
    }

    /// The seats at the table.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.table.seats.len() as u8).map(Seat)
    }

    /// The seats commanding the armies of `side`.
    pub fn seats_of(&self, side: SideId) -> Vec<Seat> {
        let mut seats: Vec<Seat> = crate::board::armies_of(self.sides.armies(side))
            .filter_map(|army| self.table.seat_of(army))
            .collect();
        seats.sort();
        seats.dedup();
        seats
    }

    /// Applies one seat's action, returning what happened. An illegal action is
    /// refused with the reason, and the game is left exactly as it was.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(seat, action, &mut events)?;
        Ok(events)
    }

    /// Like [`Game::apply`], appending the events to `events` (nothing is appended
    /// when the action is refused).
    pub fn apply_into(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.apply_with(seat, action, &mut Finder::new(), events)
    }

    /// Like [`Game::apply_into`], with a [`Finder`] of the caller's (cheaper when
    /// applying many actions).
    pub fn apply_with(
        &mut self,
        seat: Seat,
        action: Action,
        finder: &mut Finder,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let mark = events.len();
        let recorded = action.clone();
        let result = self.act(seat, action, finder, events);
        match result {
            Ok(()) => {
                if self.recording {
                    self.history.push((seat, recorded));
                } else {
                    self.unrecorded = true;
                }
                Ok(())
            }
            Err(error) => {
                events.truncate(mark);
                Err(error)
            }
        }
    }

    /// The seat check shared by every action.
    fn check_seat(&self, seat: Seat) -> Result<(), RuleError> {
        if seat.index() >= self.table.seats.len() {
            return Err(RuleError::UnknownSeat(seat));
        }
        if self.outcome.is_some() {
            return Err(RuleError::GameOver);
        }
        Ok(())
    }

    /// The seat must be the one to play its turn (no draw offer pending).
    fn check_turn(&self, seat: Seat) -> Result<(), RuleError> {
        if let Some(offer) = &self.draw {
            let waiting = offer.waiting.first().copied().unwrap_or(offer.by);
            return Err(RuleError::DrawAnswerAwaited(waiting));
        }
        let pending = self
            .table
            .seat_of(self.state.mover())
            .expect("the army to play is seated");
        if pending != seat {
            return Err(RuleError::NotYourDecision { seat, pending });
        }
        Ok(())
    }

    fn act(
        &mut self,
        seat: Seat,
        action: Action,
        finder: &mut Finder,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check_seat(seat)?;
        match action {
            Action::OfferDraw {} => {
                self.check_turn(seat)?;
                self.offer_draw(seat, events)
            }
            Action::AnswerDraw { accept } => self.answer_draw(seat, accept, events),
            Action::Pick { square } => {
                self.check_turn(seat)?;
                self.pick(square, finder, events)
            }
            Action::Unit { to } => {
                self.check_turn(seat)?;
                self.unit(to, finder, events)
            }
            Action::Release {} => {
                self.check_turn(seat)?;
                self.release(finder, events)
            }
            Action::Path { from, to } => {
                self.check_turn(seat)?;
                self.path(from, &to, finder, events)
            }
            Action::EndTurn { captures } => {
                self.check_turn(seat)?;
                self.end_turn(&captures, finder, events)
            }
            Action::DeclareAlliance {} => {
                self.check_turn(seat)?;
                self.declare_alliance(finder, events)
            }
            Action::ClockOverrun {} => {
                self.check_turn(seat)?;
                self.clock_overrun(events)
            }
        }
    }
}
