//! Errors: why an action was refused (in plain words, naming territories and seats),
//! and why a game could not be created.

use super::card::Card;
use super::seat::Seat;

/// Why [`crate::game::Game::apply`] refused an action. The game is left exactly as it
/// was. Each variant's message says what went wrong in plain words, naming territories
/// by the board's display names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("it is {pending}'s decision, not {seat}'s")]
    NotYourDecision { seat: Seat, pending: Seat },
    #[error("`{action}` is not possible now: {awaited}")]
    UnexpectedAction {
        action: &'static str,
        awaited: String,
    },
    #[error("there is no territory #{0} on this board")]
    UnknownTerritory(u16),
    #[error("there is no {0} at this table")]
    UnknownSeat(Seat),
    #[error("{0} is out of the game")]
    SeatOut(Seat),
    #[error("you cannot target yourself")]
    SelfTarget,

    // --- Setup and placing ---
    #[error("{territory} is not in the {empire}, the empire you drew")]
    OutsideDrawnEmpire { territory: String, empire: String },
    #[error("{0} is already occupied")]
    AlreadyOccupied(String),
    #[error("{0} is not yours")]
    NotYours(String),
    #[error("the placements add up to {placed} armies, but exactly {required} must be placed")]
    PlacementTotal { placed: u64, required: u32 },
    #[error("a placement on {0} puts no army")]
    EmptyPlacement(String),
    #[error("hidden armies cannot lie under a castle ({0})")]
    HiddenUnderCastle(String),
    #[error("this variant plays without hidden armies")]
    NoHiddenArmiesInVariant,

    // --- Cards ---
    #[error("you hold no {0}")]
    NoCard(Card),
    #[error("{seat} holds no {card}")]
    TargetHasNoCard { seat: Seat, card: Card },
    #[error("{0} can only be played before the turn's first attack")]
    AfterFirstAttack(Card),
    #[error("play at least 1 Reinforcement card")]
    NoReinforcementCards,
    #[error(
        "you hold {held} Reinforcements, and the track has room for {room}: {asked} cannot be played"
    )]
    TooManyReinforcements { asked: u8, held: u8, room: usize },
    #[error("the reinforcement track is full: no more Reinforcements can be played")]
    TrackFull,
    #[error("Diplomats are not used {0}")]
    DiplomatsNotUsed(&'static str),
    #[error("you already made a truce with {0} this turn")]
    TruceAlreadyMade(Seat),
    #[error("you are in truce with {0}: neither may attack the other")]
    InTruce(Seat),
    #[error("a General is already committed")]
    GeneralAlreadyCommitted,
    #[error("a Marshall is already committed to this attack")]
    MarshallAlreadyCommitted,

    // --- Hidden armies ---
    #[error("you have no hidden armies in {0}")]
    NoHiddenArmiesThere(String),
    #[error("only {0}'s hidden armies can come out now: it is the territory under attack")]
    RevealOnlyUnderAttack(String),

    // --- Attacks and moves ---
    #[error("{from} and {to} are not adjacent")]
    NotAdjacent { from: String, to: String },
    #[error("{0} is yours: attack an enemy territory")]
    AttackOwnTerritory(String),
    #[error("{0} is empty: take it by moving in, without a battle")]
    AttackEmptyTerritory(String),
    #[error("{0} is not empty: only an empty territory is taken without a battle")]
    NotEmpty(String),
    #[error("{territory} has only {armies} {}: {why}", if *.armies == 1 { "army" } else { "armies" })]
    TooFewArmies {
        territory: String,
        armies: u32,
        why: &'static str,
    },
    #[error("{0} has no coast: the Admiral sails only between coasts")]
    NotCoastal(String),
    #[error("{from} and {to} share no sea: the Admiral sails only on one sea")]
    NoSharedSea { from: String, to: String },
    #[error("{what} must be between {min} and {max} (not {asked})")]
    OutOfRange {
        what: &'static str,
        asked: u64,
        min: u64,
        max: u64,
    },
    #[error("an attack with the Admiral cannot be stopped")]
    CannotStopAdmiral,
    #[error("the fixed dice ran out: {needed} faces needed, {left} left")]
    FixedDiceExhausted { needed: usize, left: usize },

    // --- After a castle falls ---
    #[error("{0} is not a vacated territory waiting for an army")]
    NotVacated(String),
    #[error("{0} has only 1 army and must keep it")]
    CannotSpare(String),
    #[error("take armies from the attacking armies first: {0} can still spare one")]
    AttackingArmiesFirst(String),

    // --- Card trading (ruling 25) ---
    #[error("an offer gives or asks at least one card")]
    EmptyOffer,
    #[error("you offer {offered} {card} but hold {held}")]
    OfferBeyondHand { card: Card, offered: u8, held: u8 },
    #[error("you already made {0} an offer this turn")]
    AlreadyOffered(Seat),
    #[error("the offer asks {asked} {card} and you hold {held}: it can only be refused")]
    CannotMeetOffer { card: Card, asked: u8, held: u8 },
}

/// Why [`crate::game::Game::new`] refused to start a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NewGameError {
    #[error("Castle Risk is played by 2 to 6 seats, not {0}")]
    SeatCount(usize),
    #[error(
        "this board has {empires} empires but {seats} seats: every seat needs an empire for its castle"
    )]
    TooFewEmpires { empires: usize, seats: usize },
    #[error("the variant cannot be played:\n{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Variant(Vec<crate::variant::VariantProblem>),
}
