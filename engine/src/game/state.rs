//! The game's state: the board's armies, the seats, the cards, and where in the
//! sequence of setup steps and turn steps the game stands. Plain data, compact and
//! indexed by territory and seat ids; the rules that change it live in sibling modules.

use crate::board::{GroupId, TerritoryId};
use serde::{Deserialize, Serialize};

use super::card::{Card, Hand};
use super::classic::ClassicState;
use super::seat::Seat;

/// The most armies the whole board may hold (ruling 26): armies that would take it
/// past this are not placed. Far beyond any real game, it keeps every count of armies
/// (a territory, a seat's total, a placement) well inside `u32`.
pub const MAX_ARMIES_ON_BOARD: u32 = 1_000_000_000;

/// Full rounds without a territory taken in an attack after which the game ends in a
/// draw (ruling 24): the game can no longer change, or will not.
pub const QUIET_ROUNDS_FOR_A_DRAW: u32 = 60;

/// Who holds a territory and with how many armies. An empty territory has no owner
/// and 0 armies.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TerritoryState {
    pub owner: Option<Seat>,
    pub armies: u32,
}

/// One hidden-army slip: where, and whether it was brought out already.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HiddenArmy {
    pub territory: TerritoryId,
    pub revealed: bool,
}

/// A truce made by `seat` with a Diplomat on `target`: neither attacks the other until
/// the target's next turn has ended (ruling 10).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Truce {
    pub seat: Seat,
    pub target: Seat,
}

impl Truce {
    /// Whether this truce binds `a` and `b` (either way round).
    pub fn binds(&self, a: Seat, b: Seat) -> bool {
        (self.seat == a && self.target == b) || (self.seat == b && self.target == a)
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct SeatState {
    /// Where the castle stands; `None` before setup places it and after it fell.
    pub castle: Option<TerritoryId>,
    /// The banner drawn at setup: the empire of the castle.
    pub empire: Option<GroupId>,
    /// Banners won from others, flown on this castle (each worth spoils).
    pub captured_banners: Vec<GroupId>,
    pub hand: Hand,
    /// Hidden-army slips, own and taken from eliminated seats.
    pub hidden: Vec<HiddenArmy>,
    /// Starting armies still to be placed during setup.
    pub armies_to_place: u32,
    pub eliminated: bool,
    /// Classic Risk's neutral army of a two-player game: it holds territories and
    /// defends, never plays a turn (ruling 27).
    pub neutral: bool,
}

impl SeatState {
    pub fn unrevealed_hidden(&self) -> usize {
        self.hidden.iter().filter(|h| !h.revealed).count()
    }
}

/// Everything that changes during a game, apart from chance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct GameState {
    pub territories: Vec<TerritoryState>,
    pub seats: Vec<SeatState>,
    /// The draw pile; the top card is the last.
    pub draw_pile: Vec<Card>,
    /// The discard pile, face up; the latest is the last.
    pub discards: Vec<Card>,
    /// Reinforcement cards on the track (they never come back).
    pub track: usize,
    pub truces: Vec<Truce>,
    pub phase: Phase,
    /// Turns begun so far.
    pub turns: u32,
    /// Attacks started so far (since setup, or since the position the game was made
    /// from): the number of the attack in progress, which tells one attack from the next.
    pub attacks: u32,
    /// Turns ended since a territory was last taken in an attack (ruling 24).
    pub quiet_turns: u32,
    /// Classic Risk's territory cards and missions (empty in Castle Risk).
    pub classic: ClassicState,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    Setup(Setup),
    Turn(Turn),
    Won(Seat),
    /// Nothing was taken for [`QUIET_ROUNDS_FOR_A_DRAW`] rounds (ruling 24).
    Drawn,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Setup {
    /// The high roller, who begins each round.
    pub starter: Seat,
    /// Whose decision it is.
    pub seat: Seat,
    pub step: SetupStep,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum SetupStep {
    Castle { empire: GroupId },
    Claim,
    Place,
    Hide,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Turn {
    pub seat: Seat,
    /// An attack was started this turn: no more Reinforcements or Diplomats.
    pub attacked: bool,
    /// A General is committed (out of the hand until the turn ends or it is lost).
    pub general: bool,
    pub step: Step,
    /// A Spy being played; it interrupts `step`, which resumes after it.
    pub spy: Option<SpyStage>,
    /// Cards offered to another seat, awaiting its answer (ruling 25).
    pub offer: Option<Offer>,
    /// The seats offered cards this turn, one bit per seat (one offer each).
    pub offered: u8,
    /// Classic Risk: a territory was taken this turn (a card is earned at its end).
    pub captured: bool,
    /// Classic Risk: sets traded this turn, and the hand's size when it began.
    pub trades: u8,
    pub hand_at_start: u8,
    /// Classic Risk: after taking an eliminated seat's cards, trading down (ruling 35).
    pub trading_down: bool,
    /// Classic Risk: the capture being settled eliminated a seat, whose cards the
    /// turn's seat took; whether it must trade down is decided once its armies have
    /// moved in (ruling 35). Only an elimination leads to trading down.
    pub eliminated_a_seat: bool,
}

/// Cards offered by the turn's seat to `target`: `give` for `ask` (ruling 25).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Offer {
    pub target: Seat,
    pub give: Hand,
    pub ask: Hand,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// Free choice: play cards, reveal, attack, occupy, end the turn.
    Main,
    PlaceReinforcements {
        armies: u32,
    },
    Attack(Attack),
    MoveIn(MoveIn),
    Redistribute(Redistribution),
    Fortify,
    PlaceSpoils {
        armies: u32,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Attack {
    pub from: TerritoryId,
    pub to: TerritoryId,
    pub defender: Seat,
    /// Armies aboard the Admiral's ship (attack by sea).
    pub ship: Option<u32>,
    /// The defender committed a Marshall to this attack.
    pub marshall: bool,
    /// The attacker chose this many dice; the defender's answer is awaited.
    pub attacker_dice: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveIn {
    pub from: TerritoryId,
    pub to: TerritoryId,
    pub min: u32,
    pub max: u32,
    /// The captured territory held a castle: its owner's vacated territories follow.
    pub vacated: Vec<TerritoryId>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Redistribution {
    pub victor: Seat,
    /// Where the attacking armies stand: they are spent first (ruling 19).
    pub attacking: [Option<TerritoryId>; 2],
    /// Vacated territories still empty.
    pub vacated: Vec<TerritoryId>,
    /// Who fills next; the victor until it stops or cannot.
    pub filler: Seat,
    pub victor_done: bool,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum SpyStage {
    /// The target may answer with a Spy of its own.
    Answer { target: Seat },
    /// The spy saw the hand and picks a card to discard.
    Choose { target: Seat },
}
