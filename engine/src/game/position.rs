//! Described positions: a game's state written by hand or by a tool (TOML or JSON,
//! territories and empires by key), checked like a board (every problem at once),
//! turned into a playable [`Game`], and written back from one.
//!
//! A position always stands at the start of a turn or between its attacks; setup and
//! the middle of an attack cannot be described. Classic Risk positions (under a
//! classic variant) name each seat's territory cards instead of castles, cards and
//! hidden armies, the neutral seat of a two-player game, and the sets traded so far;
//! secret missions are not described. Scenario tests build small positions on small
//! boards:
//!
//! ```toml
//! seed = 7
//! [territories]
//! london = { owner = 0, armies = 5 }
//! paris = { owner = 1, armies = 3 }
//!
//! [[seats]]
//! castle = "london"
//! hand = ["general"]
//!
//! [[seats]]
//! castle = "paris"
//!
//! [turn]
//! seat = 0
//! step = "play"
//! ```

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::board::{Board, GroupId, GroupKind, TerritoryId};
use crate::variant::{Ruleset, Variant, VariantProblem};

use super::Game;
use super::card::{Card, Hand};
use super::classic::{ClassicState, TerritoryCard};
use super::deck::unshuffled_deck;
use super::event::Event;
use super::reach::Reach;
use super::rng::{Chance, Dice};
use super::seat::Seat;
use super::state::{
    GameState, HiddenArmy, MAX_ARMIES_ON_BOARD, Phase, SeatState, Step, TerritoryState, Truce, Turn,
};

/// A game's state at the start of a turn or between attacks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Seeds the generator for everything after the position (draws, shuffles, dice).
    #[serde(default)]
    pub seed: u64,
    /// Territory key → owner and armies. Territories not listed are empty.
    #[serde(default)]
    pub territories: BTreeMap<String, TerritoryPosition>,
    /// Every seat, in seat order (2 to 6).
    #[serde(default)]
    pub seats: Vec<SeatPosition>,
    #[serde(default)]
    pub cards: CardsPosition,
    /// Truces in force (each made by `seat` with a Diplomat on `target`).
    #[serde(default)]
    pub truces: Vec<Truce>,
    pub turn: TurnPosition,
}

/// Who holds a territory and with how many armies.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerritoryPosition {
    /// `None`: empty (then `armies` must be 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<Seat>,
    #[serde(default)]
    pub armies: u32,
}

/// One seat.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SeatPosition {
    /// Territory key of the castle (its empire is the seat's own banner); absent: the
    /// seat is out of the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub castle: Option<String>,
    /// Empire keys of the banners captured from others.
    pub captured_banners: Vec<String>,
    pub hand: Hand,
    pub hidden_armies: Vec<HiddenArmyPosition>,
    /// Classic Risk: the territory cards in hand, each by its territory's key
    /// (`"wild"` for a wild card).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub territory_cards: Vec<String>,
    /// Classic Risk: the neutral army of a two-player game (it holds land and
    /// defends, never plays).
    #[serde(skip_serializing_if = "is_false")]
    pub neutral: bool,
}

/// A hidden-army slip.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HiddenArmyPosition {
    /// Territory key.
    pub territory: String,
    /// Already brought out.
    #[serde(default)]
    pub revealed: bool,
}

/// The cards outside the hands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CardsPosition {
    /// The draw pile, top card first. Absent: every card found nowhere else,
    /// shuffled with the seed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub draw_pile: Option<Vec<Card>>,
    /// The discard pile, oldest first.
    pub discards: Vec<Card>,
    /// Reinforcement cards on the track.
    pub track: usize,
    /// Classic Risk: sets traded so far in the game (the next set's value follows).
    #[serde(skip_serializing_if = "is_zero")]
    pub sets_traded: u32,
}

/// Whose turn, and how far into it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TurnPosition {
    pub seat: Seat,
    #[serde(default)]
    pub step: TurnStep,
    /// A General is committed (it is out of the hand until the turn ends).
    #[serde(default)]
    pub general_committed: bool,
    /// Turns begun so far, this one included.
    #[serde(default = "first_turn")]
    pub number: u32,
    /// Turns ended since a territory was last taken in an attack (ruling 24).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub quiet_turns: u32,
    /// The seats offered cards this turn already (ruling 25): one offer each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub offered: Vec<Seat>,
    /// Classic Risk: a territory was taken in an attack this turn (a card is drawn
    /// at its end).
    #[serde(default, skip_serializing_if = "is_false")]
    pub captured: bool,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn first_turn() -> u32 {
    1
}

/// How far into its turn the seat is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TurnStep {
    /// The turn begins: the hand is topped up to 3 and a card drawn when the game is
    /// made from the position.
    Start,
    /// Cards drawn, no attack yet: Reinforcements and Diplomats may still be played.
    #[default]
    Play,
    /// After the turn's first attack.
    Attacked,
}

/// One thing wrong with a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionProblem {
    #[error("a position needs 2 to 6 seats, not {0}")]
    SeatCount(usize),
    #[error("fewer than 2 seats have a castle: the game would be over")]
    TooFewInPlay,
    #[error("there is no territory `{0}` on this board")]
    UnknownTerritory(String),
    #[error("there is no empire `{0}` on this board")]
    UnknownEmpire(String),
    #[error("there is no {0} in this position")]
    UnknownSeat(Seat),
    #[error("territory `{0}` has an owner but no army")]
    OwnedWithoutArmies(String),
    #[error("territory `{0}` has armies but no owner")]
    ArmiesWithoutOwner(String),
    #[error("{seat}'s castle on `{territory}` is outside an empire: castles stand only in empires")]
    CastleOutsideEmpire { seat: Seat, territory: String },
    #[error("{seat}'s castle on `{territory}` stands on a territory it does not hold")]
    CastleNotHeld { seat: Seat, territory: String },
    #[error("{first} and {second} both have a castle in the `{empire}` empire")]
    TwoCastlesInEmpire {
        first: Seat,
        second: Seat,
        empire: String,
    },
    #[error("{seat} captured the `{banner}` banner, but that empire's castle still stands")]
    BannerStillFlying { seat: Seat, banner: String },
    #[error("the `{0}` banner is captured twice")]
    BannerTwice(String),
    #[error("{seat} is out of the game (no castle) but still has {what}")]
    OutSeatHolds { seat: Seat, what: &'static str },
    #[error("{seat} hides armies under a castle (`{territory}`)")]
    HiddenUnderCastle { seat: Seat, territory: String },
    #[error("this variant plays without hidden armies, but {0} has some")]
    HiddenArmiesOff(Seat),
    #[error("the {card} cards do not add up: the deck has {deck}, the position has {found}")]
    CardCount { card: Card, deck: u32, found: u64 },
    #[error("the track holds {track} Reinforcement cards but has only {max} numbers")]
    TrackTooLong { track: usize, max: usize },
    #[error("a truce cannot bind {0} to itself")]
    TruceWithSelf(Seat),
    #[error("a truce involves {0}, who is out of the game")]
    TruceWithOutSeat(Seat),
    #[error("the truce of {seat} on {target} is listed twice")]
    TruceTwice { seat: Seat, target: Seat },
    #[error("it cannot be {0}'s turn: it is out of the game")]
    TurnOfOutSeat(Seat),
    #[error("a General can only be committed after the turn's first attack")]
    GeneralBeforeAttack,
    #[error("a fixed die face must be 1 to 6, not {0}")]
    DieFace(u8),
    #[error("the board holds {armies} armies in all, more than the {max} it may hold")]
    TooManyArmies { armies: u64, max: u32 },
    #[error("{0} cannot have been offered cards by itself")]
    OfferedToSelf(Seat),
    #[error("the variant cannot be played: {0}")]
    Variant(VariantProblem),
    #[error(
        "positions do not describe secret missions: a game with missions starts from its setup"
    )]
    ClassicMissions,
    #[error("classic Risk has no {0}, but the position gives some")]
    NotInClassic(&'static str),
    #[error("{seat} has {what}, which Castle Risk does not have")]
    NotInCastleRisk { seat: Seat, what: &'static str },
    #[error("the territory card `{0}` is held twice")]
    TerritoryCardTwice(String),
    #[error("{found} wild cards are held, but the deck has {deck}")]
    TooManyWildCards { found: u32, deck: u32 },
}

/// Every problem of a position, one per line.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct PositionError {
    pub problems: Vec<PositionProblem>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl Position {
    /// Reads a position from TOML.
    pub fn from_toml(source: &str) -> Result<Position, toml::de::Error> {
        toml::from_str(source)
    }

    /// Writes the position as TOML.
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).expect("a position always serialises to TOML")
    }
}

/// The state a position describes, before it becomes a game.
struct Checked {
    state: GameState,
    draw_pile_given: bool,
}

impl Game {
    /// Makes a game from a described position, or lists every problem with it.
    /// `dice` chooses where die faces come from; shuffles and draws use the
    /// position's seed.
    pub fn from_position(
        board: Arc<Board>,
        variant: Variant,
        position: &Position,
        dice: Dice,
    ) -> Result<Game, PositionError> {
        let checked = check_position(&board, &variant, position, &dice)?;
        let mut chance = Chance::new(position.seed, Dice::Random);
        let mut state = checked.state;
        if !checked.draw_pile_given {
            chance.shuffle(&mut state.draw_pile);
        }
        chance.shuffle(&mut state.classic.draw_pile);
        let fixed_dice = match &dice {
            Dice::Fixed(faces) => Some(faces.clone()),
            Dice::Random => None,
        };
        chance.set_dice(dice);
        let mut game = Game {
            reach: Arc::new(Reach::new(&board)),
            board,
            variant,
            seed: position.seed,
            state,
            chance,
            history: Vec::new(),
            opening: Vec::new(),
            start: Some(Box::new(position.clone())),
            fixed_dice,
            dice_changed_mid_game: false,
            recording: true,
            history_incomplete: false,
            take_backs: Vec::new(),
        };
        if position.turn.step == TurnStep::Start {
            let mut events: Vec<Event> = Vec::new();
            // `begin_turn` counts the turn itself.
            game.state.turns = position.turn.number.saturating_sub(1);
            match game.ruleset() {
                Ruleset::CastleRisk => game.begin_turn(position.turn.seat, &mut events),
                Ruleset::Classic => game.begin_classic_turn(position.turn.seat, &mut events),
            }
            game.opening = events;
        }
        Ok(game)
    }

    /// The position this game stands in, when it can be described: between the
    /// actions of a turn (not during setup, an attack, a placement, a Spy, or once
    /// won). The generator is not part of a position: what follows is drawn afresh
    /// from the game's seed.
    pub fn to_position(&self) -> Option<Position> {
        let Phase::Turn(turn) = &self.state.phase else {
            return None;
        };
        let classic = self.ruleset() == Ruleset::Classic;
        if classic && self.variant.classic.missions {
            return None;
        }
        if turn.step != Step::Main || turn.spy.is_some() || turn.offer.is_some() {
            return None;
        }
        let key = |t: TerritoryId| self.board.territory(t).key.clone();
        let group_key = |g: GroupId| self.board.group(g).key.clone();
        let territories = self
            .board
            .territory_ids()
            .filter(|&t| self.owner(t).is_some())
            .map(|t| {
                (
                    key(t),
                    TerritoryPosition {
                        owner: self.owner(t),
                        armies: self.armies(t),
                    },
                )
            })
            .collect();
        let card_key = |c: &TerritoryCard| match self.card_territory(*c) {
            Some(t) => key(t),
            None => "wild".to_owned(),
        };
        let seats = self
            .state
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatPosition {
                territory_cards: self
                    .state
                    .classic
                    .hands
                    .get(i)
                    .map(|hand| hand.iter().map(card_key).collect())
                    .unwrap_or_default(),
                neutral: s.neutral,
                castle: s.castle.map(key),
                captured_banners: s.captured_banners.iter().map(|&g| group_key(g)).collect(),
                hand: s.hand,
                hidden_armies: s
                    .hidden
                    .iter()
                    .map(|h| HiddenArmyPosition {
                        territory: key(h.territory),
                        revealed: h.revealed,
                    })
                    .collect(),
            })
            .collect();
        Some(Position {
            seed: self.seed,
            territories,
            seats,
            cards: CardsPosition {
                draw_pile: (!classic).then(|| self.state.draw_pile.iter().rev().copied().collect()),
                discards: self.state.discards.clone(),
                track: self.state.track,
                sets_traded: self.state.classic.sets_traded,
            },
            truces: self.state.truces.clone(),
            turn: TurnPosition {
                seat: turn.seat,
                step: if turn.attacked {
                    TurnStep::Attacked
                } else {
                    TurnStep::Play
                },
                general_committed: turn.general,
                number: self.state.turns,
                quiet_turns: self.state.quiet_turns,
                offered: self
                    .seat_ids()
                    .filter(|s| turn.offered >> s.index() & 1 == 1)
                    .collect(),
                captured: classic && turn.captured,
            },
        })
    }
}

/// Checks a position against a board and variant, collecting every problem.
fn check_position(
    board: &Board,
    variant: &Variant,
    position: &Position,
    dice: &Dice,
) -> Result<Checked, PositionError> {
    let mut problems: Vec<PositionProblem> = variant
        .validate()
        .into_iter()
        .map(PositionProblem::Variant)
        .collect();
    let classic = variant.ruleset == Ruleset::Classic;
    if classic && variant.classic.missions {
        problems.push(PositionProblem::ClassicMissions);
    }
    if let Dice::Fixed(faces) = dice
        && let Some(&bad) = faces.iter().find(|f| !(1..=6).contains(*f))
    {
        problems.push(PositionProblem::DieFace(bad));
    }
    let seat_count = position.seats.len();
    if !(2..=6).contains(&seat_count) {
        problems.push(PositionProblem::SeatCount(seat_count));
    }
    let seat_ok = |seat: Seat, problems: &mut Vec<PositionProblem>| {
        let ok = seat.index() < seat_count;
        if !ok {
            problems.push(PositionProblem::UnknownSeat(seat));
        }
        ok
    };
    let territory = |key: &str, problems: &mut Vec<PositionProblem>| {
        let id = board.territory_by_key(key);
        if id.is_none() {
            problems.push(PositionProblem::UnknownTerritory(key.to_owned()));
        }
        id
    };

    // Territories.
    let mut territories = vec![TerritoryState::default(); board.territories.len()];
    for (key, t) in &position.territories {
        let Some(id) = territory(key, &mut problems) else {
            continue;
        };
        match t.owner {
            Some(owner) => {
                if !seat_ok(owner, &mut problems) {
                    continue;
                }
                if t.armies == 0 {
                    problems.push(PositionProblem::OwnedWithoutArmies(key.clone()));
                }
            }
            None if t.armies > 0 => problems.push(PositionProblem::ArmiesWithoutOwner(key.clone())),
            None => {}
        }
        territories[id.index()] = TerritoryState {
            owner: t.owner,
            armies: t.armies,
        };
    }

    // Seats: castles, banners, hands, hidden armies.
    let mut seats: Vec<SeatState> = Vec::with_capacity(seat_count);
    let mut castle_empires: Vec<(GroupId, Seat)> = Vec::new();
    for (i, s) in position.seats.iter().enumerate() {
        let seat = Seat(i as u8);
        let mut state = SeatState {
            hand: s.hand,
            ..SeatState::default()
        };
        if classic {
            // No castles: a seat is in play while it holds land (the neutral always).
            let parts: [(bool, &'static str); 4] = [
                (s.castle.is_some(), "castles"),
                (!s.hand.is_empty(), "Castle Risk cards"),
                (!s.captured_banners.is_empty(), "banners"),
                (!s.hidden_armies.is_empty(), "hidden armies"),
            ];
            for (given, what) in parts {
                if given {
                    problems.push(PositionProblem::NotInClassic(what));
                }
            }
            state.neutral = s.neutral;
            state.eliminated = !s.neutral && !territories.iter().any(|t| t.owner == Some(seat));
            seats.push(state);
            continue;
        }
        if !s.territory_cards.is_empty() {
            problems.push(PositionProblem::NotInCastleRisk {
                seat,
                what: "territory cards",
            });
        }
        if s.neutral {
            problems.push(PositionProblem::NotInCastleRisk {
                seat,
                what: "a neutral army",
            });
        }
        match &s.castle {
            Some(key) => {
                if let Some(castle) = territory(key, &mut problems) {
                    let group = board.territory(castle).group;
                    if board.group(group).kind != GroupKind::Empire {
                        problems.push(PositionProblem::CastleOutsideEmpire {
                            seat,
                            territory: key.clone(),
                        });
                    } else if let Some(&(_, first)) =
                        castle_empires.iter().find(|(g, _)| *g == group)
                    {
                        problems.push(PositionProblem::TwoCastlesInEmpire {
                            first,
                            second: seat,
                            empire: board.group(group).key.clone(),
                        });
                    } else {
                        castle_empires.push((group, seat));
                    }
                    if territories[castle.index()].owner != Some(seat) {
                        problems.push(PositionProblem::CastleNotHeld {
                            seat,
                            territory: key.clone(),
                        });
                    }
                    state.castle = Some(castle);
                    state.empire = Some(group);
                }
            }
            None => {
                state.eliminated = true;
                let mut holds = |what: &'static str| {
                    problems.push(PositionProblem::OutSeatHolds { seat, what })
                };
                if territories.iter().any(|t| t.owner == Some(seat)) {
                    holds("territories");
                }
                if !s.hand.is_empty() {
                    holds("cards");
                }
                if !s.captured_banners.is_empty() {
                    holds("banners");
                }
                if s.hidden_armies.iter().any(|h| !h.revealed) {
                    holds("hidden armies");
                }
            }
        }
        for key in &s.captured_banners {
            match board.group_by_key(key) {
                Some(g) if board.group(g).kind == GroupKind::Empire => {
                    state.captured_banners.push(g)
                }
                _ => problems.push(PositionProblem::UnknownEmpire(key.clone())),
            }
        }
        if !variant.hidden_armies && !s.hidden_armies.is_empty() {
            problems.push(PositionProblem::HiddenArmiesOff(seat));
        }
        for h in &s.hidden_armies {
            if let Some(t) = territory(&h.territory, &mut problems) {
                state.hidden.push(HiddenArmy {
                    territory: t,
                    revealed: h.revealed,
                });
            }
        }
        seats.push(state);
    }
    for (i, s) in seats.iter().enumerate() {
        for h in &s.hidden {
            if seats.iter().any(|other| other.castle == Some(h.territory)) {
                problems.push(PositionProblem::HiddenUnderCastle {
                    seat: Seat(i as u8),
                    territory: board.territory(h.territory).key.clone(),
                });
            }
        }
    }
    let mut captured: Vec<GroupId> = Vec::new();
    for (i, s) in seats.iter().enumerate() {
        for &banner in &s.captured_banners {
            let key = board.group(banner).key.clone();
            if captured.contains(&banner) {
                problems.push(PositionProblem::BannerTwice(key));
            } else if castle_empires.iter().any(|&(g, _)| g == banner) {
                problems.push(PositionProblem::BannerStillFlying {
                    seat: Seat(i as u8),
                    banner: key,
                });
            }
            captured.push(banner);
        }
    }
    if seat_count >= 2 && seats.iter().filter(|s| !s.eliminated && !s.neutral).count() < 2 {
        problems.push(PositionProblem::TooFewInPlay);
    }
    let in_play = |seat: Seat| seats.get(seat.index()).is_some_and(|s| !s.eliminated);

    // Truces.
    for (i, truce) in position.truces.iter().enumerate() {
        if !seat_ok(truce.seat, &mut problems) || !seat_ok(truce.target, &mut problems) {
            continue;
        }
        if truce.seat == truce.target {
            problems.push(PositionProblem::TruceWithSelf(truce.seat));
        }
        for seat in [truce.seat, truce.target] {
            if !in_play(seat) {
                problems.push(PositionProblem::TruceWithOutSeat(seat));
            }
        }
        if position.truces[..i].contains(truce) {
            problems.push(PositionProblem::TruceTwice {
                seat: truce.seat,
                target: truce.target,
            });
        }
    }

    // The turn.
    let turn = &position.turn;
    if seat_ok(turn.seat, &mut problems) && !in_play(turn.seat) {
        problems.push(PositionProblem::TurnOfOutSeat(turn.seat));
    }
    if turn.general_committed && turn.step != TurnStep::Attacked {
        problems.push(PositionProblem::GeneralBeforeAttack);
    }
    let mut offered = 0u8;
    for &seat in &turn.offered {
        if !seat_ok(seat, &mut problems) {
            continue;
        }
        if seat == turn.seat {
            problems.push(PositionProblem::OfferedToSelf(seat));
        }
        // A seat past the sixth is already a problem (too many seats): no bit for it.
        offered |= 1u8.checked_shl(u32::from(seat.0)).unwrap_or(0);
    }
    let armies: u64 = territories.iter().map(|t| u64::from(t.armies)).sum();
    if armies > u64::from(MAX_ARMIES_ON_BOARD) {
        problems.push(PositionProblem::TooManyArmies {
            armies,
            max: MAX_ARMIES_ON_BOARD,
        });
    }

    let classic_state = if classic {
        classic_cards(board, variant, position, &mut problems)
    } else {
        Default::default()
    };
    if classic {
        let castle_risk_parts: [(bool, &'static str); 4] = [
            (
                !position.cards.discards.is_empty()
                    || position
                        .cards
                        .draw_pile
                        .as_ref()
                        .is_some_and(|p| !p.is_empty()),
                "Castle Risk cards",
            ),
            (position.cards.track > 0, "Reinforcement track"),
            (!position.truces.is_empty(), "truces"),
            (turn.general_committed, "Generals"),
        ];
        for (given, what) in castle_risk_parts {
            if given {
                problems.push(PositionProblem::NotInClassic(what));
            }
        }
    }

    // Cards: every card of the deck is somewhere, exactly once.
    if position.cards.track > variant.reinforcement_track.len() {
        problems.push(PositionProblem::TrackTooLong {
            track: position.cards.track,
            max: variant.reinforcement_track.len(),
        });
    }
    let deck: Hand = unshuffled_deck(&variant.deck).into_iter().collect();
    let mut used = [0u64; 6];
    for s in &position.seats {
        for card in Card::ALL {
            used[card.index()] += u64::from(s.hand.count(card));
        }
    }
    for &card in &position.cards.discards {
        used[card.index()] += 1;
    }
    used[Card::Reinforcements.index()] += position.cards.track as u64;
    used[Card::Diplomat.index()] += position.truces.len() as u64;
    used[Card::General.index()] += u64::from(turn.general_committed);
    let mut draw_pile: Vec<Card> = Vec::new();
    match &position.cards.draw_pile {
        _ if classic => {}
        Some(pile) => {
            for &card in pile {
                used[card.index()] += 1;
            }
            for card in Card::ALL {
                let (in_deck, found) = (u64::from(deck.count(card)), used[card.index()]);
                if found != in_deck {
                    problems.push(PositionProblem::CardCount {
                        card,
                        deck: in_deck as u32,
                        found,
                    });
                }
            }
            // Files list the top card first; the state keeps it last.
            draw_pile = pile.iter().rev().copied().collect();
        }
        None => {
            for card in Card::ALL {
                let (in_deck, found) = (u64::from(deck.count(card)), used[card.index()]);
                if found > in_deck {
                    problems.push(PositionProblem::CardCount {
                        card,
                        deck: in_deck as u32,
                        found,
                    });
                } else {
                    draw_pile.extend(std::iter::repeat_n(card, (in_deck - found) as usize));
                }
            }
        }
    }

    if !problems.is_empty() {
        return Err(PositionError { problems });
    }
    let state = GameState {
        territories,
        seats,
        draw_pile,
        discards: position.cards.discards.clone(),
        track: position.cards.track,
        truces: position.truces.clone(),
        phase: Phase::Turn(Turn {
            seat: turn.seat,
            attacked: turn.step == TurnStep::Attacked,
            general: turn.general_committed,
            step: Step::Main,
            spy: None,
            offer: None,
            offered,
            captured: turn.captured,
            trades: 0,
            hand_at_start: 0,
            trading_down: false,
            eliminated_a_seat: false,
        }),
        turns: turn.number,
        attacks: 0,
        quiet_turns: turn.quiet_turns,
        classic: classic_state,
    };
    Ok(Checked {
        state,
        draw_pile_given: position.cards.draw_pile.is_some(),
    })
}

/// Classic Risk: the hands of territory cards a position names, every other card of
/// the deck in the draw pile (shuffled when the game is made), and the sets traded.
fn classic_cards(
    board: &Board,
    variant: &Variant,
    position: &Position,
    problems: &mut Vec<PositionProblem>,
) -> ClassicState {
    let n = board.territories.len();
    let deck_wilds = variant.classic.wild_cards;
    let mut held = vec![false; n + deck_wilds as usize];
    let mut wilds = 0u32;
    let mut hands = Vec::with_capacity(position.seats.len());
    for seat in &position.seats {
        let mut hand: Vec<TerritoryCard> = Vec::new();
        for key in &seat.territory_cards {
            let card = if key == "wild" {
                wilds += 1;
                if wilds > deck_wilds {
                    continue;
                }
                n + wilds as usize - 1
            } else {
                match board.territory_by_key(key) {
                    Some(t) => t.index(),
                    None => {
                        problems.push(PositionProblem::UnknownTerritory(key.clone()));
                        continue;
                    }
                }
            };
            if held[card] && key != "wild" {
                problems.push(PositionProblem::TerritoryCardTwice(key.clone()));
                continue;
            }
            held[card] = true;
            hand.push(TerritoryCard(card as u16));
        }
        hand.sort();
        hands.push(hand);
    }
    if wilds > deck_wilds {
        problems.push(PositionProblem::TooManyWildCards {
            found: wilds,
            deck: deck_wilds,
        });
    }
    ClassicState {
        hands,
        draw_pile: (0..held.len())
            .filter(|&c| !held[c])
            .map(|c| TerritoryCard(c as u16))
            .collect(),
        discards: Vec::new(),
        sets_traded: position.cards.sets_traded,
        missions: vec![None; position.seats.len()],
    }
}
