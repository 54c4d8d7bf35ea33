//! Errors: why an action was refused, and why a game could not be created, as data
//! (territories, empires, seats, cards and numbers by id) that a front end puts into
//! words in its reader's language. Each kind has a stable machine-readable
//! [`code`](RuleError::code), and an English sentence: [`RuleError::in_english`]
//! names territories and empires by the board's names, `Display` by their numbers.

use std::borrow::Cow;
use std::fmt;

use crate::board::{Board, GroupId, TerritoryId};

use super::card::Card;
use super::classic::TerritoryCard;
use super::pending::Pending;
use super::seat::Seat;

/// Why [`crate::game::Game::apply`] refused an action. The game is left exactly as it
/// was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    GameOver,
    /// The game awaits `pending`'s decision, not `seat`'s.
    NotYourDecision {
        seat: Seat,
        pending: Seat,
    },
    /// `action` (its JSON tag) is not one the game awaits; `awaited` is the decision it
    /// awaits (`None`: the game is over).
    UnexpectedAction {
        action: &'static str,
        awaited: Option<Pending>,
    },
    /// No territory has this number on this board.
    UnknownTerritory(u16),
    UnknownSeat(Seat),
    /// The seat is out of the game.
    SeatOut(Seat),
    SelfTarget,

    // --- Setup and placing ---
    /// The castle must go in `empire`, the empire drawn.
    OutsideDrawnEmpire {
        territory: TerritoryId,
        empire: GroupId,
    },
    AlreadyOccupied(TerritoryId),
    NotYours(TerritoryId),
    /// The placements add up to `placed` armies where exactly `required` must be placed.
    PlacementTotal {
        placed: u64,
        required: u32,
    },
    EmptyPlacement(TerritoryId),
    HiddenUnderCastle(TerritoryId),
    NoHiddenArmiesInVariant,

    // --- Cards ---
    NoCard(Card),
    TargetHasNoCard {
        seat: Seat,
        card: Card,
    },
    /// The card is played only before the turn's first attack.
    AfterFirstAttack(Card),
    NoReinforcementCards,
    /// `asked` Reinforcements played, holding `held`, with room for `room` on the track.
    TooManyReinforcements {
        asked: u8,
        held: u8,
        room: usize,
    },
    TrackFull,
    DiplomatsNotUsed(DiplomatsOff),
    TruceAlreadyMade(Seat),
    InTruce(Seat),
    GeneralAlreadyCommitted,
    MarshallAlreadyCommitted,

    // --- Hidden armies ---
    NoHiddenArmiesThere(TerritoryId),
    /// Only the hidden armies of this territory, the one under attack, may come out.
    RevealOnlyUnderAttack(TerritoryId),

    // --- Attacks and moves ---
    NotAdjacent {
        from: TerritoryId,
        to: TerritoryId,
    },
    AttackOwnTerritory(TerritoryId),
    AttackEmptyTerritory(TerritoryId),
    /// Only an empty territory is taken without a battle.
    NotEmpty(TerritoryId),
    /// `territory` has only `armies`, and `needed_for` needs at least 2.
    TooFewArmies {
        territory: TerritoryId,
        armies: u32,
        needed_for: Departure,
    },
    NotCoastal(TerritoryId),
    NoSharedSea {
        from: TerritoryId,
        to: TerritoryId,
    },
    /// `what` must be between `min` and `max`, not `asked`.
    OutOfRange {
        what: Quantity,
        asked: u64,
        min: u64,
        max: u64,
    },
    CannotStopAdmiral,
    FixedDiceExhausted {
        needed: usize,
        left: usize,
    },

    // --- After a castle falls ---
    NotVacated(TerritoryId),
    /// The territory has only 1 army and must keep it.
    CannotSpare(TerritoryId),
    /// Armies come from the attacking territory first, which can still spare one.
    AttackingArmiesFirst(TerritoryId),

    // --- Card trading (ruling 25) ---
    /// An offer gives nothing and asks nothing.
    EmptyOffer,
    /// `offered` cards of a kind offered, holding only `held`.
    OfferBeyondHand {
        card: Card,
        offered: u8,
        held: u8,
    },
    /// This seat was made an offer this turn already (one each a turn).
    AlreadyOffered(Seat),
    /// The offer asks `asked` cards of a kind, and the seat answering holds `held`:
    /// it can only refuse.
    CannotMeetOffer {
        card: Card,
        asked: u8,
        held: u8,
    },

    // --- Classic Risk ---
    /// The seat does not hold this territory card.
    TerritoryCardNotHeld(TerritoryCard),
    /// The same card was named twice in one set.
    CardTwice(TerritoryCard),
    /// Three cards that are not alike, not one of each, and hold no wild card.
    NotASet,
    /// A hand of `cards` cards must trade a set before anything else.
    MustTrade {
        cards: usize,
    },
    /// Classic fortifying along a path: no chain of own territories joins the two.
    NotConnected {
        from: TerritoryId,
        to: TerritoryId,
    },
}

/// Why Diplomats cannot be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DiplomatsOff {
    /// The variant plays without them.
    InVariant,
    /// Only two seats are in play (ruling 10).
    TwoSeats,
}

/// What moving armies out of a territory is for, each needing 2 armies or more.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Departure {
    Attack,
    /// Taking an empty territory.
    Move,
    /// The classic fortifying move.
    Fortify,
}

/// A number an action gives, checked against its bounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Quantity {
    DieFace,
    AttackerDice,
    DefenderDice,
    /// Armies aboard the Admiral's ship.
    ArmiesAboard,
    /// Armies moved into a captured territory.
    ArmiesMovedIn,
    /// Armies moved to an empty or own territory.
    ArmiesMoved,
}

impl RuleError {
    /// A stable, machine-readable name of the error's kind, in snake_case: what
    /// programs (the protocol's clients) match on, never the words.
    pub fn code(&self) -> &'static str {
        match self {
            Self::GameOver => "game_over",
            Self::NotYourDecision { .. } => "not_your_decision",
            Self::UnexpectedAction { .. } => "unexpected_action",
            Self::UnknownTerritory(_) => "unknown_territory",
            Self::UnknownSeat(_) => "unknown_seat",
            Self::SeatOut(_) => "seat_out",
            Self::SelfTarget => "self_target",
            Self::OutsideDrawnEmpire { .. } => "outside_drawn_empire",
            Self::AlreadyOccupied(_) => "already_occupied",
            Self::NotYours(_) => "not_yours",
            Self::PlacementTotal { .. } => "placement_total",
            Self::EmptyPlacement(_) => "empty_placement",
            Self::HiddenUnderCastle(_) => "hidden_under_castle",
            Self::NoHiddenArmiesInVariant => "no_hidden_armies_in_variant",
            Self::NoCard(_) => "no_card",
            Self::TargetHasNoCard { .. } => "target_has_no_card",
            Self::AfterFirstAttack(_) => "after_first_attack",
            Self::NoReinforcementCards => "no_reinforcement_cards",
            Self::TooManyReinforcements { .. } => "too_many_reinforcements",
            Self::TrackFull => "track_full",
            Self::DiplomatsNotUsed(_) => "diplomats_not_used",
            Self::TruceAlreadyMade(_) => "truce_already_made",
            Self::InTruce(_) => "in_truce",
            Self::GeneralAlreadyCommitted => "general_already_committed",
            Self::MarshallAlreadyCommitted => "marshall_already_committed",
            Self::NoHiddenArmiesThere(_) => "no_hidden_armies_there",
            Self::RevealOnlyUnderAttack(_) => "reveal_only_under_attack",
            Self::NotAdjacent { .. } => "not_adjacent",
            Self::AttackOwnTerritory(_) => "attack_own_territory",
            Self::AttackEmptyTerritory(_) => "attack_empty_territory",
            Self::NotEmpty(_) => "not_empty",
            Self::TooFewArmies { .. } => "too_few_armies",
            Self::NotCoastal(_) => "not_coastal",
            Self::NoSharedSea { .. } => "no_shared_sea",
            Self::OutOfRange { .. } => "out_of_range",
            Self::CannotStopAdmiral => "cannot_stop_admiral",
            Self::FixedDiceExhausted { .. } => "fixed_dice_exhausted",
            Self::NotVacated(_) => "not_vacated",
            Self::CannotSpare(_) => "cannot_spare",
            Self::AttackingArmiesFirst(_) => "attacking_armies_first",
            Self::EmptyOffer => "empty_offer",
            Self::OfferBeyondHand { .. } => "offer_beyond_hand",
            Self::AlreadyOffered(_) => "already_offered",
            Self::CannotMeetOffer { .. } => "cannot_meet_offer",
            Self::TerritoryCardNotHeld(_) => "territory_card_not_held",
            Self::CardTwice(_) => "card_twice",
            Self::NotASet => "not_a_set",
            Self::MustTrade { .. } => "must_trade",
            Self::NotConnected { .. } => "not_connected",
        }
    }

    /// The English sentence naming territories and empires by the board's names, for
    /// the protocol and logs (a front end for people translates instead).
    ///
    /// ```
    /// use castellan_engine::board::{TerritoryId, parse_board};
    /// use castellan_engine::game::RuleError;
    ///
    /// let board = parse_board(include_str!("../../../data/boards/castle-risk.toml"), "b")
    ///     .unwrap();
    /// let london = board.territory_by_key("london").unwrap();
    /// let error = RuleError::NotYours(london);
    /// assert_eq!(error.in_english(&board).to_string(), "London is not yours");
    /// assert_eq!(error.to_string(), format!("territory {} is not yours", london.0));
    /// assert_eq!(error.code(), "not_yours");
    /// ```
    pub fn in_english<'a>(&'a self, board: &'a Board) -> impl fmt::Display + 'a {
        English {
            error: self,
            board: Some(board),
        }
    }
}

impl std::error::Error for RuleError {}

/// Without a board, territories and empires are named by their numbers.
impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        English {
            error: self,
            board: None,
        }
        .fmt(f)
    }
}

/// A rule error in English, naming things by the board's names when there is one.
struct English<'a> {
    error: &'a RuleError,
    board: Option<&'a Board>,
}

impl English<'_> {
    fn territory(&self, id: TerritoryId) -> Cow<'_, str> {
        match self.board {
            Some(board) if id.index() < board.territories.len() => {
                Cow::Borrowed(&board.territory(id).name)
            }
            _ => Cow::Owned(format!("territory {}", id.0)),
        }
    }

    fn group(&self, id: GroupId) -> Cow<'_, str> {
        match self.board {
            Some(board) if id.index() < board.groups.len() => Cow::Borrowed(&board.group(id).name),
            _ => Cow::Owned(format!("group {}", id.0)),
        }
    }
}

impl fmt::Display for English<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = |id: &TerritoryId| self.territory(*id);
        match self.error {
            RuleError::GameOver => f.write_str("the game is over"),
            RuleError::NotYourDecision { seat, pending } => {
                write!(f, "it is {pending}'s decision, not {seat}'s")
            }
            RuleError::UnexpectedAction { action, awaited } => {
                write!(f, "`{action}` is not possible now: ")?;
                match (awaited, self.board) {
                    (None, _) => f.write_str("the game is over"),
                    (Some(pending), Some(board)) => {
                        write!(f, "awaiting {}", pending.describe(board))
                    }
                    (Some(pending), None) => write!(f, "awaiting {}'s decision", pending.seat),
                }
            }
            RuleError::UnknownTerritory(number) => {
                write!(f, "there is no territory #{number} on this board")
            }
            RuleError::UnknownSeat(seat) => write!(f, "there is no {seat} at this table"),
            RuleError::SeatOut(seat) => write!(f, "{seat} is out of the game"),
            RuleError::SelfTarget => f.write_str("you cannot target yourself"),
            RuleError::OutsideDrawnEmpire { territory, empire } => write!(
                f,
                "{} is not in the {}, the empire you drew",
                t(territory),
                self.group(*empire)
            ),
            RuleError::AlreadyOccupied(territory) => {
                write!(f, "{} is already occupied", t(territory))
            }
            RuleError::NotYours(territory) => write!(f, "{} is not yours", t(territory)),
            RuleError::PlacementTotal { placed, required } => write!(
                f,
                "the placements add up to {placed} armies, but exactly {required} must be placed"
            ),
            RuleError::EmptyPlacement(territory) => {
                write!(f, "a placement on {} puts no army", t(territory))
            }
            RuleError::HiddenUnderCastle(territory) => write!(
                f,
                "hidden armies cannot lie under a castle ({})",
                t(territory)
            ),
            RuleError::NoHiddenArmiesInVariant => {
                f.write_str("this variant plays without hidden armies")
            }
            RuleError::NoCard(card) => write!(f, "you hold no {card}"),
            RuleError::TargetHasNoCard { seat, card } => write!(f, "{seat} holds no {card}"),
            RuleError::AfterFirstAttack(card) => write!(
                f,
                "{card} can only be played before the turn's first attack"
            ),
            RuleError::NoReinforcementCards => f.write_str("play at least 1 Reinforcement card"),
            RuleError::TooManyReinforcements { asked, held, room } => write!(
                f,
                "you hold {held} Reinforcements, and the track has room for {room}: {asked} \
                 cannot be played"
            ),
            RuleError::TrackFull => {
                f.write_str("the reinforcement track is full: no more Reinforcements can be played")
            }
            RuleError::DiplomatsNotUsed(why) => f.write_str(match why {
                DiplomatsOff::InVariant => "Diplomats are not used in this variant",
                DiplomatsOff::TwoSeats => "Diplomats are not used with two seats",
            }),
            RuleError::TruceAlreadyMade(seat) => {
                write!(f, "you already made a truce with {seat} this turn")
            }
            RuleError::InTruce(seat) => write!(
                f,
                "you are in truce with {seat}: neither may attack the other"
            ),
            RuleError::GeneralAlreadyCommitted => f.write_str("a General is already committed"),
            RuleError::MarshallAlreadyCommitted => {
                f.write_str("a Marshall is already committed to this attack")
            }
            RuleError::NoHiddenArmiesThere(territory) => {
                write!(f, "you have no hidden armies in {}", t(territory))
            }
            RuleError::RevealOnlyUnderAttack(territory) => write!(
                f,
                "only {}'s hidden armies can come out now: it is the territory under attack",
                t(territory)
            ),
            RuleError::NotAdjacent { from, to } => {
                write!(f, "{} and {} are not adjacent", t(from), t(to))
            }
            RuleError::AttackOwnTerritory(territory) => {
                write!(f, "{} is yours: attack an enemy territory", t(territory))
            }
            RuleError::AttackEmptyTerritory(territory) => write!(
                f,
                "{} is empty: take it by moving in, without a battle",
                t(territory)
            ),
            RuleError::NotEmpty(territory) => write!(
                f,
                "{} is not empty: only an empty territory is taken without a battle",
                t(territory)
            ),
            RuleError::TooFewArmies {
                territory,
                armies,
                needed_for,
            } => write!(
                f,
                "{} has only {armies} {}: {}",
                t(territory),
                if *armies == 1 { "army" } else { "armies" },
                match needed_for {
                    Departure::Attack => "an attack needs at least 2",
                    Departure::Move => "moving needs at least 2, as 1 stays behind",
                    Departure::Fortify => "fortifying needs at least 2, as 1 stays behind",
                }
            ),
            RuleError::NotCoastal(territory) => write!(
                f,
                "{} has no coast: the Admiral sails only between coasts",
                t(territory)
            ),
            RuleError::NoSharedSea { from, to } => write!(
                f,
                "{} and {} share no sea: the Admiral sails only on one sea",
                t(from),
                t(to)
            ),
            RuleError::OutOfRange {
                what,
                asked,
                min,
                max,
            } => {
                let what = match what {
                    Quantity::DieFace => "a die face",
                    Quantity::AttackerDice => "the attacker's dice",
                    Quantity::DefenderDice => "the defender's dice",
                    Quantity::ArmiesAboard => "the armies aboard",
                    Quantity::ArmiesMovedIn => "the armies moved in",
                    Quantity::ArmiesMoved => "the armies moved",
                };
                write!(f, "{what} must be between {min} and {max} (not {asked})")
            }
            RuleError::CannotStopAdmiral => {
                f.write_str("an attack with the Admiral cannot be stopped")
            }
            RuleError::FixedDiceExhausted { needed, left } => write!(
                f,
                "the fixed dice ran out: {needed} faces needed, {left} left"
            ),
            RuleError::NotVacated(territory) => write!(
                f,
                "{} is not a vacated territory waiting for an army",
                t(territory)
            ),
            RuleError::CannotSpare(territory) => {
                write!(f, "{} has only 1 army and must keep it", t(territory))
            }
            RuleError::AttackingArmiesFirst(territory) => write!(
                f,
                "take armies from the attacking armies first: {} can still spare one",
                t(territory)
            ),
            RuleError::EmptyOffer => f.write_str("an offer gives or asks at least one card"),
            RuleError::OfferBeyondHand {
                card,
                offered,
                held,
            } => write!(f, "you offer {offered} {card} but hold {held}"),
            RuleError::AlreadyOffered(seat) => {
                write!(f, "you already made {seat} an offer this turn")
            }
            RuleError::CannotMeetOffer { card, asked, held } => write!(
                f,
                "the offer asks {asked} {card} and you hold {held}: it can only be refused"
            ),
            RuleError::TerritoryCardNotHeld(card) => {
                write!(f, "you do not hold territory card {}", card.0)
            }
            RuleError::CardTwice(card) => {
                write!(f, "territory card {} is named twice in the set", card.0)
            }
            RuleError::NotASet => f.write_str(
                "these cards are not a set: three alike, one of each, or two and a wild card",
            ),
            RuleError::MustTrade { cards } => {
                write!(f, "with {cards} cards in hand you must trade a set first")
            }
            RuleError::NotConnected { from, to } => write!(
                f,
                "no chain of your territories joins {} to {}",
                t(from),
                t(to)
            ),
        }
    }
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
    #[error(
        "this board has {territories} territories but {seats} seats: every seat needs a territory"
    )]
    TooFewTerritories { territories: usize, seats: usize },
    #[error("the variant cannot be played:\n{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Variant(Vec<crate::variant::VariantProblem>),
}

impl NewGameError {
    /// A stable, machine-readable name of the error's kind.
    pub fn code(&self) -> &'static str {
        match self {
            Self::SeatCount(_) => "seat_count",
            Self::TooFewEmpires { .. } => "too_few_empires",
            Self::TooFewTerritories { .. } => "too_few_territories",
            Self::Variant(_) => "unplayable_variant",
        }
    }
}
