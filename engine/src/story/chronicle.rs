//! The chronicle: every seat's territories, armies and cards turn by turn, the battles
//! fought and won, luck against the exact odds, and the turning points (castles
//! taken, eliminations, the end). A [`Chronicler`] records a game as it is played (or
//! replayed) with everything it sees; [`Chronicler::finish`] hands out only what the
//! [`Disclosure`] allows.

use serde::{Deserialize, Serialize};

use crate::battle::RollModifiers;
use crate::board::TerritoryId;
use crate::game::{AttackEnd, Event, EventKind, Game, Hand, SavedGame, Seat};

use super::luck::{Luck, expected_losses};
use super::replay::{apply_saved, start_of};
use super::{Disclosure, StoryError};

/// One seat at one point of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPoint {
    pub territories: u32,
    /// Armies on the board.
    pub armies: u32,
    /// Hidden-army slips not yet revealed (public), and the armies they would bring
    /// if revealed then (public: the track says it).
    pub hidden_slips: u32,
    pub hidden_armies: u32,
    /// Cards in hand (public).
    pub cards: u32,
    pub eliminated: bool,
    /// The hand itself, when the disclosure shows this seat's secrets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Hand>,
    /// Where its unrevealed hidden armies lie, when the disclosure shows its secrets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden_at: Option<Vec<TerritoryId>>,
}

/// Every seat at one point of the game: as a turn began, or at the end.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnPoint {
    /// The position after this many actions.
    pub action: usize,
    /// Turns begun by then (0 during setup).
    pub turn: u32,
    /// Whose turn it was (`None` during setup and once the game is over).
    pub turn_seat: Option<Seat>,
    /// Indexed by seat.
    pub seats: Vec<SeatPoint>,
}

/// The attacks one seat made and suffered.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Battles {
    /// Attacks it launched, and those that took the territory.
    pub attacks: u32,
    pub captures: u32,
    /// Attacks on it, and those it threw back (the attacker stopped or ran out).
    pub defences: u32,
    pub held: u32,
}

/// What turned the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TurningPoint {
    /// `seat` took `owner`'s castle on `territory`.
    CastleTaken {
        action: usize,
        turn: u32,
        seat: Seat,
        territory: TerritoryId,
        owner: Seat,
    },
    /// `seat` is out of the game, put out by `by`.
    Eliminated {
        action: usize,
        turn: u32,
        seat: Seat,
        by: Seat,
    },
    /// The last castle standing.
    Won {
        action: usize,
        turn: u32,
        seat: Seat,
    },
    /// Nothing taken for `rounds` rounds (ruling 24).
    Drawn {
        action: usize,
        turn: u32,
        rounds: u32,
    },
}

impl TurningPoint {
    /// The turn it happened in.
    pub fn turn(&self) -> u32 {
        match self {
            TurningPoint::CastleTaken { turn, .. }
            | TurningPoint::Eliminated { turn, .. }
            | TurningPoint::Won { turn, .. }
            | TurningPoint::Drawn { turn, .. } => *turn,
        }
    }
}

/// The story of a game, as much of it as its [`Disclosure`] allows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chronicle {
    pub disclosure: Disclosure,
    pub seats: usize,
    /// Actions the story covers.
    pub actions: usize,
    /// Turns begun by its end.
    pub turns: u32,
    pub over: bool,
    pub winner: Option<Seat>,
    /// A point as each turn began (after its cards were drawn), one where play began
    /// if the game started from a position already in its turns, and one at the end.
    pub points: Vec<TurnPoint>,
    /// Indexed by seat.
    pub battles: Vec<Battles>,
    /// Indexed by seat.
    pub luck: Vec<Luck>,
    pub turning_points: Vec<TurningPoint>,
}

impl Chronicle {
    /// Replays a save and tells its story. [`Disclosure::Everything`] is refused unless
    /// the save's game is over.
    pub fn from_save(saved: &SavedGame, disclosure: Disclosure) -> Result<Chronicle, StoryError> {
        let mut game = start_of(saved)?;
        let mut chronicler = Chronicler::new(&game);
        let mut events = Vec::new();
        for (index, (seat, action)) in saved.actions.iter().enumerate() {
            events.clear();
            apply_saved(&mut game, index, *seat, action, &mut events)?;
            chronicler.record(&game, &events);
        }
        chronicler.finish(&game, disclosure)
    }

    /// The seat that fared best against the odds, and by how many armies (only seats
    /// that rolled; the first of equals).
    pub fn luckiest(&self) -> Option<(Seat, f64)> {
        self.rolled()
            .max_by_key(|(i, luck)| (luck.armies_ahead_exact(), std::cmp::Reverse(*i)))
            .map(|(i, luck)| (Seat(i as u8), luck.armies_ahead()))
    }

    /// The seat that fared worst against the odds, and by how many armies.
    pub fn unluckiest(&self) -> Option<(Seat, f64)> {
        self.rolled()
            .min_by_key(|(i, luck)| (luck.armies_ahead_exact(), *i))
            .map(|(i, luck)| (Seat(i as u8), luck.armies_ahead()))
    }

    fn rolled(&self) -> impl Iterator<Item = (usize, &Luck)> {
        self.luck.iter().enumerate().filter(|(_, l)| l.rolls > 0)
    }
}

/// Records a game as it goes, with everything it sees; hands out a [`Chronicle`] with
/// only what a disclosure allows.
#[derive(Clone, Debug)]
pub struct Chronicler {
    actions: usize,
    points: Vec<TurnPoint>,
    battles: Vec<Battles>,
    luck: Vec<Luck>,
    turning_points: Vec<TurningPoint>,
    /// The attack in progress: (attacker, defender).
    attack: Option<(Seat, Seat)>,
}

impl Chronicler {
    /// Starts recording `game` as it stands (before the actions to be recorded).
    pub fn new(game: &Game) -> Self {
        let mut chronicler = Self {
            actions: 0,
            points: Vec::new(),
            battles: vec![Battles::default(); game.seats()],
            luck: vec![Luck::default(); game.seats()],
            turning_points: Vec::new(),
            attack: None,
        };
        // A game from a position already in its turns has no turn start to come for
        // the turn in progress: its first point is where play began.
        if game.setup_done() {
            chronicler.points.push(point(game, 0));
        }
        chronicler
    }

    /// Records one accepted action: `game` as it stands after it, and its events.
    pub fn record(&mut self, game: &Game, events: &[Event]) {
        self.actions += 1;
        let turn = game.turn_number();
        let action = self.actions;
        let lenient_general = game.variant().lenient_general;
        let mut turn_started = false;
        for event in events {
            match event.kind {
                EventKind::TurnStarted { .. } => turn_started = true,
                EventKind::AttackStarted { seat, defender, .. } => {
                    self.battles[seat.index()].attacks += 1;
                    self.battles[defender.index()].defences += 1;
                    self.attack = Some((seat, defender));
                }
                EventKind::AttackEnded { reason, .. } => {
                    if let Some((attacker, defender)) = self.attack.take() {
                        if reason == AttackEnd::Captured {
                            self.battles[attacker.index()].captures += 1;
                        } else {
                            self.battles[defender.index()].held += 1;
                        }
                    }
                }
                EventKind::DiceRolled {
                    attacker,
                    defender,
                    ref attack,
                    ref defence,
                    general,
                    marshall,
                    attacker_losses,
                    defender_losses,
                } => {
                    let modifiers = RollModifiers {
                        general,
                        marshall,
                        lenient_general,
                    };
                    if let Some((att, def)) =
                        expected_losses(attack.len(), defence.len(), modifiers)
                    {
                        self.luck[attacker.index()].add_roll(
                            attacker_losses,
                            defender_losses,
                            att,
                            def,
                        );
                        self.luck[defender.index()].add_roll(
                            defender_losses,
                            attacker_losses,
                            def,
                            att,
                        );
                    }
                }
                EventKind::CastleTaken {
                    seat,
                    territory,
                    owner,
                } => self.turning_points.push(TurningPoint::CastleTaken {
                    action,
                    turn,
                    seat,
                    territory,
                    owner,
                }),
                EventKind::SeatEliminated { seat, by } => {
                    self.turning_points.push(TurningPoint::Eliminated {
                        action,
                        turn,
                        seat,
                        by,
                    })
                }
                EventKind::GameWon { seat } => {
                    self.turning_points
                        .push(TurningPoint::Won { action, turn, seat })
                }
                EventKind::GameDrawn { rounds } => self.turning_points.push(TurningPoint::Drawn {
                    action,
                    turn,
                    rounds,
                }),
                _ => {}
            }
        }
        if turn_started {
            self.points.push(point(game, action));
        }
    }

    /// The story so far, with what `disclosure` allows of it; `game` is the game as it
    /// stands after the last recorded action. Every secret is refused before the game
    /// is over.
    pub fn finish(&self, game: &Game, disclosure: Disclosure) -> Result<Chronicle, StoryError> {
        disclosure.check(game)?;
        let mut points = self.points.clone();
        points.push(point(game, self.actions));
        for point in &mut points {
            for (i, seat) in point.seats.iter_mut().enumerate() {
                if !disclosure.shows_secrets_of(Seat(i as u8)) {
                    seat.hand = None;
                    seat.hidden_at = None;
                }
            }
        }
        Ok(Chronicle {
            disclosure,
            seats: game.seats(),
            actions: self.actions,
            turns: game.turn_number(),
            over: game.is_over(),
            winner: game.winner(),
            points,
            battles: self.battles.clone(),
            luck: self.luck.clone(),
            turning_points: self.turning_points.clone(),
        })
    }
}

/// Every seat of `game` as it stands, secrets included (redacted by `finish`).
fn point(game: &Game, action: usize) -> TurnPoint {
    let mut seats: Vec<SeatPoint> = game
        .seat_ids()
        .map(|seat| {
            let hidden_at: Vec<TerritoryId> = game
                .hidden_armies(seat)
                .iter()
                .filter(|h| !h.revealed)
                .map(|h| h.territory)
                .collect();
            let slips = hidden_at.len() as u32;
            SeatPoint {
                territories: 0,
                armies: 0,
                hidden_slips: slips,
                hidden_armies: slips.saturating_mul(game.hidden_army_size()),
                cards: game.hand(seat).len() as u32,
                eliminated: game.is_eliminated(seat),
                hand: Some(game.hand(seat)),
                hidden_at: Some(hidden_at),
            }
        })
        .collect();
    for territory in game.territories() {
        if let Some(owner) = territory.owner {
            let seat = &mut seats[owner.index()];
            seat.territories += 1;
            seat.armies = seat.armies.saturating_add(territory.armies);
        }
    }
    TurnPoint {
        action,
        turn: game.turn_number(),
        turn_seat: game.turn_seat(),
        seats,
    }
}
