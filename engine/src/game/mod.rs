//! Games of Castle Risk: the state, and every rule that changes it, driven by messages.
//!
//! A [`Game`] always knows whose decision is pending and of what kind
//! ([`Game::pending`]); a seat answers with an [`Action`] through [`Game::apply`], which
//! either refuses it with a [`RuleError`] (leaving the game exactly as it was) or
//! returns the [`Event`]s it caused, each addressed to its audience. What a seat may
//! know is its [`SeatView`]. All chance comes from one seeded generator, so a seed and
//! the list of actions replay a game exactly ([`SavedGame`]).
//!
//! ```
//! use std::sync::Arc;
//! use castellan_engine::board::parse_board;
//! use castellan_engine::game::{Action, Decision, Game, SavedGame, Seat};
//! use castellan_engine::variant::Variant;
//! use rand::SeedableRng;
//!
//! const BOARD: &str = r#"
//! [board]
//! format = 1
//! name = "Two Valleys"
//! width = 100
//! height = 100
//!
//! [[empire]]
//! id = "west"
//! name = "West"
//! bonus = 2
//!
//! [[empire]]
//! id = "east"
//! name = "East"
//! bonus = 2
//!
//! [[territory]]
//! id = "w1"
//! name = "West One"
//! group = "west"
//! centre = [10, 50]
//!
//! [[territory]]
//! id = "w2"
//! name = "West Two"
//! group = "west"
//! centre = [30, 50]
//!
//! [[territory]]
//! id = "e1"
//! name = "East One"
//! group = "east"
//! centre = [70, 50]
//!
//! [borders]
//! land = [["w1", "w2"], ["w2", "e1"]]
//! "#;
//!
//! let board = Arc::new(parse_board(BOARD, "two-valleys.toml").unwrap());
//! let mut variant = Variant::rulebook();
//! variant.starting_armies.two = 8;
//! let mut game = Game::new(board, variant, 2, 42).unwrap();
//!
//! // The game says whose decision it awaits, and of what kind.
//! let pending = game.pending().unwrap();
//! assert!(matches!(pending.decision, Decision::PlaceCastle { .. }));
//! println!("{}", pending.describe(game.board())); // e.g. "seat 1: place the castle in the East"
//!
//! // A wrong action is refused with a reason, and changes nothing.
//! let other = Seat(1 - pending.seat.0);
//! let error = game.apply(other, Action::EndTurn).unwrap_err();
//! assert!(error.to_string().contains("decision"));
//!
//! // Play at random until the game is over (a bot would choose better).
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! while let Some(seat) = game.pending_seat() {
//!     let action = game.legal_actions().sample(&mut rng).unwrap();
//!     for event in game.apply(seat, action).unwrap() {
//!         // A front end shows each seat only the events it may see.
//!         if event.visible_to(Seat(0)) { /* log or animate it for seat 0 */ }
//!     }
//! }
//! // Over: the last castle standing won, or nothing was taken for 60 rounds (a
//! // draw, ruling 24: random play on so small a board often dithers that long).
//! match game.winner() {
//!     Some(winner) => assert!(game.view_for(winner).seats[winner.index()].castle.is_some()),
//!     None => assert!(game.is_drawn()),
//! }
//!
//! // A seed and the actions replay the game exactly.
//! let save = game.save(BOARD).unwrap();
//! assert_eq!(SavedGame::load(&save.to_json()).unwrap(), game);
//! ```
//!
//! The rules are split by concern: `setup`, `turn` (its start, end, placements and
//! fortifying), `cards` (Reinforcements, Diplomats, Spies), `deck` (drawing and
//! shuffling), `attack` (battles, the Admiral, moving in), `elimination` (castles,
//! redistribution, victory), `hidden` (hidden armies), `spoils`, `trade` (card
//! trading), `legal` (what may be done now), `view`, `position` (described positions)
//! and `save`.

mod action;
mod attack;
mod audit;
mod card;
mod cards;
pub mod classic;
mod deck;
mod elimination;
mod error;
mod event;
mod hidden;
#[cfg(test)]
mod invariants;
mod legal;
mod pending;
mod position;
mod reach;
mod rng;
mod rules;
mod save;
mod seat;
mod setup;
mod spoils;
mod state;
mod take_back;
mod territory_set;
mod trade;
mod turn;
mod view;
mod world;

use std::sync::Arc;

use crate::board::{Board, GroupId, TerritoryId};
use crate::variant::Variant;

pub use action::{Action, Placement};
// Fixed rules that front ends state (the reference sheet), not variant options.
pub use attack::{MAX_ATTACK_DICE, MAX_DEFENCE_DICE};
pub use card::{Card, Hand};
pub use classic::{CardFace, Mission, SetKind, TerritoryCard};
pub use error::{Departure, DiplomatsOff, NewGameError, Quantity, RuleError};
pub use event::{
    AttackEnd, Audience, Event, EventKind, MoveReason, PlacementReason, SpoilsBreakdown,
};
pub use legal::{Choice, LegalActions, Route};
pub use pending::{Decision, Pending};
pub use position::{
    CardsPosition, HiddenArmyPosition, Position, PositionError, PositionProblem, SeatPosition,
    TerritoryPosition, TurnPosition, TurnStep,
};
pub use rng::Dice;
pub use save::{MAX_SAVE_BYTES, ReplayError, SAVE_FORMAT, SaveError, SavedGame};
pub use seat::Seat;
pub use setup::{CARDS_DEALT, MAX_SEATS, MIN_SEATS, seats_allowed};
pub use state::{HiddenArmy, MAX_ARMIES_ON_BOARD, QUIET_ROUNDS_FOR_A_DRAW, TerritoryState, Truce};
pub use take_back::TakeBackRefused;
pub use turn::HAND_TOP_UP;
pub use view::{AttackView, SeatSummary, SeatView, TerritoryView};

pub(crate) use reach::Reach;
use rng::Chance;
use state::{GameState, Phase, SpyStage, Step, Turn};

/// A game in progress (or won). Cheap to clone apart from its history; the board is
/// shared. Accessors taking a [`Seat`] or a [`TerritoryId`] expect one of this game's
/// (as given by [`Game::seat_ids`] and the board) and panic otherwise; actions are
/// checked and never panic.
#[derive(Clone, Debug, PartialEq)]
pub struct Game {
    board: Arc<Board>,
    /// The board's lookups in compact form, worked out once (shared by clones).
    reach: Arc<Reach>,
    variant: Variant,
    seed: u64,
    state: GameState,
    chance: Chance,
    /// Every accepted action, in order: with the seed, enough to replay the game.
    history: Vec<(Seat, Action)>,
    /// Events of the game's creation (the high roller, the first empire drawn).
    opening: Vec<Event>,
    /// The described position the game started from, if it did not start from setup.
    start: Option<Box<Position>>,
    /// Fixed die faces given before the first action, for saves.
    fixed_dice: Option<Vec<u8>>,
    /// The dice were replaced after the first action: no save can replay that.
    dice_changed_mid_game: bool,
    /// Whether accepted actions are kept in `history` (see [`Game::set_recording`]).
    recording: bool,
    /// Recording was switched off at some point: the history is incomplete.
    history_incomplete: bool,
    /// The game before each of the pending seat's last decisions that may still be
    /// taken back, oldest first (see [`Game::take_back`]).
    take_backs: Vec<take_back::TakeBackPoint>,
}

impl Game {
    /// Applies one seat's action. On error nothing changes; on success the events say
    /// what happened, in order.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        self.apply_into(seat, action, &mut events)?;
        Ok(events)
    }

    /// Like [`Game::apply`], appending the events to `events` (to reuse one buffer
    /// across many actions).
    pub fn apply_into(
        &mut self,
        seat: Seat,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        self.check(seat, &action)?;
        let before = self.before_action(&action);
        let first_event = events.len();
        self.execute(seat, &action, events);
        self.after_action(seat, before, &events[first_event..]);
        if self.recording {
            self.history.push((seat, action));
        }
        Ok(())
    }

    /// Whether [`Game::apply`] would accept this action, and why not.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let pending = self.pending_seat().ok_or(RuleError::GameOver)?;
        if seat != pending {
            return Err(RuleError::NotYourDecision { seat, pending });
        }
        match &self.state.phase {
            Phase::Won(_) | Phase::Drawn => Err(RuleError::GameOver),
            Phase::Setup(setup) => self.rules_check_setup(setup, action),
            Phase::Turn(_) => self.rules_check_turn(seat, action),
        }
    }

    fn execute(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        match &self.state.phase {
            Phase::Won(_) | Phase::Drawn => {
                unreachable!("checked: no action once the game is over")
            }
            Phase::Setup(_) => self.rules_execute_setup(seat, action, events),
            Phase::Turn(_) => self.rules_execute_turn(seat, action, events),
        }
    }

    /// The decision the game awaits; `None` once it is over (won or drawn).
    pub fn pending(&self) -> Option<Pending> {
        let seat = self.pending_seat()?;
        let decision = match &self.state.phase {
            Phase::Won(_) | Phase::Drawn => return None,
            Phase::Setup(setup) => self.rules_setup_decision(setup),
            Phase::Turn(_) => self.rules_turn_decision(),
        };
        Some(Pending { seat, decision })
    }

    /// Whose decision the game awaits; `None` once it is over (won or drawn).
    pub fn pending_seat(&self) -> Option<Seat> {
        match &self.state.phase {
            Phase::Won(_) | Phase::Drawn => None,
            Phase::Setup(setup) => Some(setup.seat),
            Phase::Turn(Turn {
                offer: Some(offer), ..
            }) => Some(offer.target),
            Phase::Turn(turn) => Some(match (&turn.spy, &turn.step) {
                (Some(SpyStage::Answer { target }), _) => *target,
                (Some(SpyStage::Choose { .. }), _) => turn.seat,
                (None, Step::Attack(attack)) if attack.attacker_dice.is_some() => self
                    .defence_roller(attack.defender)
                    .unwrap_or(attack.defender),
                (None, Step::Redistribute(r)) => r.filler,
                (None, _) => turn.seat,
            }),
        }
    }

    /// The board this game is played on.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The board, shared.
    pub fn board_arc(&self) -> &Arc<Board> {
        &self.board
    }

    /// The board's compact lookups (neighbours, seas), for the computer players.
    pub(crate) fn reach(&self) -> &Reach {
        &self.reach
    }

    /// The house rules this game is played with.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The seed of the game's generator.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Number of seats at the table (eliminated ones included).
    pub fn seats(&self) -> usize {
        self.state.seats.len()
    }

    /// Every seat, in seat order.
    pub fn seat_ids(&self) -> impl ExactSizeIterator<Item = Seat> + '_ {
        (0..self.seats()).map(|i| Seat(i as u8))
    }

    /// Keeps (the default) or stops keeping accepted actions in the history. Bots that
    /// clone games to look ahead, and benchmarks, may switch it off; a game that ever
    /// ran without recording can no longer be saved.
    pub fn set_recording(&mut self, on: bool) {
        self.recording = on;
        self.history_incomplete |= !on;
        if !on {
            self.take_backs.clear();
        }
    }

    /// A copy to think with, as [`Game::set_recording`]`(false)` on a clone but without
    /// copying the history first (a long game's history is most of a clone's cost):
    /// the same position and chance, for a computer player on another thread. It
    /// cannot be saved.
    pub fn unrecorded_copy(&self) -> Game {
        Game {
            board: Arc::clone(&self.board),
            reach: Arc::clone(&self.reach),
            variant: self.variant.clone(),
            seed: self.seed,
            state: self.state.clone(),
            chance: self.chance.clone(),
            history: Vec::new(),
            opening: self.opening.clone(),
            start: self.start.clone(),
            fixed_dice: self.fixed_dice.clone(),
            dice_changed_mid_game: self.dice_changed_mid_game,
            recording: false,
            history_incomplete: true,
            take_backs: Vec::new(),
        }
    }

    /// Whether nothing but the record of actions tells this game from `before`: the
    /// same position, the same decision awaited and the same chance to come. An
    /// accepted action always changes something, so that no decision is ever asked
    /// again with nothing changed and no game can loop; the property tests hold every
    /// ruleset and variant to it.
    pub fn is_unchanged_from(&self, before: &Game) -> bool {
        self.state == before.state && self.chance == before.chance
    }

    /// Every accepted action so far, in order.
    pub fn history(&self) -> &[(Seat, Action)] {
        &self.history
    }

    /// The events of the game's creation (the high roller and the first empire drawn,
    /// or nothing for a game from a position).
    pub fn opening_events(&self) -> &[Event] {
        &self.opening
    }

    /// Who holds a territory, and with how many armies.
    pub fn territory(&self, id: TerritoryId) -> TerritoryState {
        self.state.territories[id.index()]
    }

    /// Every territory's owner and armies, indexed by territory id.
    pub fn territories(&self) -> &[TerritoryState] {
        &self.state.territories
    }

    /// Who holds a territory (`None` when empty).
    pub fn owner(&self, id: TerritoryId) -> Option<Seat> {
        self.state.territories[id.index()].owner
    }

    /// Armies on a territory.
    pub fn armies(&self, id: TerritoryId) -> u32 {
        self.state.territories[id.index()].armies
    }

    /// Armies the board can still take before it holds [`MAX_ARMIES_ON_BOARD`]
    /// (ruling 26).
    pub fn room_for_armies(&self) -> u32 {
        let on_board: u64 = self
            .state
            .territories
            .iter()
            .map(|t| u64::from(t.armies))
            .sum();
        u64::from(MAX_ARMIES_ON_BOARD).saturating_sub(on_board) as u32
    }

    /// A seat's hand (private: front ends show it to its owner only).
    pub fn hand(&self, seat: Seat) -> Hand {
        self.state.seats[seat.index()].hand
    }

    /// Where a seat's castle stands (`None` before setup places it, or after it fell).
    pub fn castle(&self, seat: Seat) -> Option<TerritoryId> {
        self.state.seats[seat.index()].castle
    }

    /// The seat whose castle stands on this territory.
    pub fn castle_at(&self, id: TerritoryId) -> Option<Seat> {
        self.state
            .seats
            .iter()
            .position(|s| s.castle == Some(id))
            .map(|i| Seat(i as u8))
    }

    /// The empire a seat drew at setup (its own banner).
    pub fn empire(&self, seat: Seat) -> Option<GroupId> {
        self.state.seats[seat.index()].empire
    }

    /// Banners a seat has captured (its own not included).
    pub fn captured_banners(&self, seat: Seat) -> &[GroupId] {
        &self.state.seats[seat.index()].captured_banners
    }

    /// A seat's hidden-army slips, revealed or not (private).
    pub fn hidden_armies(&self, seat: Seat) -> &[HiddenArmy] {
        &self.state.seats[seat.index()].hidden
    }

    /// Starting armies a seat still has to place during setup.
    pub fn armies_to_place(&self, seat: Seat) -> u32 {
        self.state.seats[seat.index()].armies_to_place
    }

    /// Whether a seat's castle fell (or it never had one, in a described position).
    pub fn is_eliminated(&self, seat: Seat) -> bool {
        self.state.seats[seat.index()].eliminated
    }

    /// Seats still in the game (a classic neutral army is not one).
    pub fn seats_in_play(&self) -> usize {
        self.state
            .seats
            .iter()
            .filter(|s| !s.eliminated && !s.neutral)
            .count()
    }

    /// The winner, once the game is won.
    pub fn winner(&self) -> Option<Seat> {
        match self.state.phase {
            Phase::Won(seat) => Some(seat),
            _ => None,
        }
    }

    /// Whether the game ended in a draw: no territory was taken in an attack for
    /// [`QUIET_ROUNDS_FOR_A_DRAW`] full rounds (ruling 24).
    pub fn is_drawn(&self) -> bool {
        matches!(self.state.phase, Phase::Drawn)
    }

    /// Whether the game is over: won, or drawn.
    pub fn is_over(&self) -> bool {
        matches!(self.state.phase, Phase::Won(_) | Phase::Drawn)
    }

    /// Turns ended since a territory was last taken in an attack (ruling 24): the game
    /// is drawn when they reach [`QUIET_ROUNDS_FOR_A_DRAW`] times the seats in play.
    pub fn quiet_turns(&self) -> u32 {
        self.state.quiet_turns
    }

    /// Whether setup is over and turns are being played (or the game is over).
    pub fn setup_done(&self) -> bool {
        !matches!(self.state.phase, Phase::Setup(_))
    }

    /// The seat whose turn it is (`None` during setup and once won).
    pub fn turn_seat(&self) -> Option<Seat> {
        match &self.state.phase {
            Phase::Turn(turn) => Some(turn.seat),
            _ => None,
        }
    }

    /// Whether the turn's seat has a General committed for the rest of its turn
    /// (ruling 12): public, as the card was shown when it was committed.
    pub fn general_committed(&self) -> bool {
        matches!(&self.state.phase, Phase::Turn(turn) if turn.general)
    }

    /// Whether the defender committed a Marshall to the attack in progress.
    pub fn marshall_committed(&self) -> bool {
        matches!(&self.state.phase, Phase::Turn(turn)
            if matches!(&turn.step, Step::Attack(attack) if attack.marshall))
    }

    /// Unrevealed hidden-army slips a seat holds (public: where they lie is not).
    pub fn hidden_armies_left(&self, seat: Seat) -> usize {
        self.state.seats[seat.index()].unrevealed_hidden()
    }

    /// Turns begun so far.
    pub fn turn_number(&self) -> u32 {
        self.state.turns
    }

    /// Reinforcement cards on the track.
    pub fn track(&self) -> usize {
        self.state.track
    }

    /// Cards left in the draw pile.
    pub fn draw_pile_len(&self) -> usize {
        self.state.draw_pile.len()
    }

    /// The discard pile, face up, latest last.
    pub fn discards(&self) -> &[Card] {
        &self.state.discards
    }

    /// Truces in force.
    pub fn truces(&self) -> &[Truce] {
        &self.state.truces
    }

    /// Whether `a` and `b` are in truce (neither may attack the other).
    pub fn in_truce(&self, a: Seat, b: Seat) -> bool {
        self.state.truces.iter().any(|t| t.binds(a, b))
    }

    /// Whether Diplomats can be played now: the variant uses them and more than two
    /// seats are in play (ruling 10).
    pub fn diplomats_in_use(&self) -> bool {
        self.variant.diplomats_in_play && self.seats_in_play() > 2
    }

    /// How many armies hidden armies bring if revealed now: the number of the last
    /// Reinforcement card on the track, at least the variant's minimum (ruling 22).
    pub fn hidden_army_size(&self) -> u32 {
        let last = match self.state.track {
            0 => 0,
            n => self.variant.reinforcement_track[n - 1],
        };
        last.max(self.variant.hidden_army_minimum)
    }

    /// Replaces the dice: from the generator, or from a queue of fixed faces (tests,
    /// tutorials). Shuffles and draws keep using the generator. Faces outside 1–6 are
    /// refused.
    pub fn set_dice(&mut self, dice: Dice) -> Result<(), RuleError> {
        if let Dice::Fixed(faces) = &dice
            && let Some(&bad) = faces.iter().find(|f| !(1..=6).contains(*f))
        {
            return Err(RuleError::OutOfRange {
                what: Quantity::DieFace,
                asked: bad.into(),
                min: 1,
                max: 6,
            });
        }
        if self.history.is_empty() {
            self.fixed_dice = match &dice {
                Dice::Fixed(faces) => Some(faces.clone()),
                Dice::Random => None,
            };
        } else {
            self.dice_changed_mid_game = true;
        }
        // A take back would bring the old dice back with the old position.
        self.take_backs.clear();
        self.chance.set_dice(dice);
        Ok(())
    }

    /// Fixed die faces still queued, if the dice are fixed.
    pub fn fixed_dice_left(&self) -> Option<usize> {
        self.chance.fixed_faces_left()
    }

    // --- Helpers shared by the rule modules ---

    fn territory_exists(&self, id: TerritoryId) -> Result<(), RuleError> {
        if id.index() < self.state.territories.len() {
            Ok(())
        } else {
            Err(RuleError::UnknownTerritory(id.0))
        }
    }

    /// Checks that `target` is another seat still in play.
    fn other_seat_in_play(&self, seat: Seat, target: Seat) -> Result<(), RuleError> {
        if target.index() >= self.seats() {
            Err(RuleError::UnknownSeat(target))
        } else if target == seat {
            Err(RuleError::SelfTarget)
        } else if self.is_eliminated(target) {
            Err(RuleError::SeatOut(target))
        } else {
            Ok(())
        }
    }

    /// The next seat in play after `seat`, in seat order.
    fn next_in_play(&self, seat: Seat) -> Seat {
        let mut next = seat.next(self.seats());
        while (self.is_eliminated(next) || self.is_neutral(next)) && next != seat {
            next = next.next(self.seats());
        }
        next
    }

    fn unexpected(&self, action: &Action) -> RuleError {
        RuleError::UnexpectedAction {
            action: action.name(),
            awaited: self.pending(),
        }
    }
}

impl Action {
    /// The action's tag, as written in JSON (`"attack"`).
    pub fn name(&self) -> &'static str {
        match self {
            Action::PlaceCastle { .. } => "place_castle",
            Action::Claim { .. } => "claim",
            Action::PlaceArmies { .. } => "place_armies",
            Action::HideArmies { .. } => "hide_armies",
            Action::PlayReinforcements { .. } => "play_reinforcements",
            Action::PlayDiplomat { .. } => "play_diplomat",
            Action::PlaySpy { .. } => "play_spy",
            Action::RevealHiddenArmies { .. } => "reveal_hidden_armies",
            Action::Attack { .. } => "attack",
            Action::AdmiralAttack { .. } => "admiral_attack",
            Action::Occupy { .. } => "occupy",
            Action::EndTurn => "end_turn",
            Action::Roll { .. } => "roll",
            Action::StopAttack => "stop_attack",
            Action::Defend { .. } => "defend",
            Action::MoveIn { .. } => "move_in",
            Action::AnswerSpy { .. } => "answer_spy",
            Action::SpyDiscard { .. } => "spy_discard",
            Action::FillVacated { .. } => "fill_vacated",
            Action::StopFilling => "stop_filling",
            Action::Fortify { .. } => "fortify",
            Action::SkipFortify => "skip_fortify",
            Action::OfferCards { .. } => "offer_cards",
            Action::AnswerOffer { .. } => "answer_offer",
            Action::TradeCards { .. } => "trade_cards",
        }
    }
}
