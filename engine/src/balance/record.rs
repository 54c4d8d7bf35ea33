//! What one lab game showed: who drew which empire, who played first, how it ended and
//! how long it took, where each army came from and which cards were played, won and
//! lost, gathered from the game's events as it is played.

use serde::Serialize;

use crate::board::GroupId;
use crate::game::{Card, Event, EventKind, Game, Seat};

/// The most seats a game takes.
pub const MAX_SEATS: usize = 6;

/// How a lab game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Won by this seat.
    Won(Seat),
    /// Drawn: nothing was taken for too long (ruling 24).
    Drawn,
    /// Still going when the tournament's action budget ran out.
    Stalled,
}

/// One card kind's use by one seat.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CardUse {
    /// Cards played (a Reinforcement card, a truce, a Spy or its answer, a General or
    /// Marshall committed, an attack by sea).
    pub played: u64,
    /// Cards taken from a seat this seat eliminated.
    pub won: u64,
    /// Cards lost: discarded per the dice, discarded by a Spy, or taken by the seat
    /// that eliminated this one.
    pub lost: u64,
}

/// Armies that came into play during the turns, by where they came from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArmySources {
    /// Spoils for holding a whole empire, indexed by the empire's [`GroupId`].
    pub empire_spoils: Vec<u64>,
    /// Spoils for independent regions (the house rule) and for holding them all.
    pub independents: u64,
    /// Spoils for captured banners.
    pub banners: u64,
    /// Armies of Reinforcement cards.
    pub reinforcements: u64,
    /// Hidden armies revealed.
    pub hidden: u64,
}

impl ArmySources {
    pub(crate) fn add(&mut self, other: &ArmySources) {
        if self.empire_spoils.len() < other.empire_spoils.len() {
            self.empire_spoils.resize(other.empire_spoils.len(), 0);
        }
        for (mine, theirs) in self.empire_spoils.iter_mut().zip(&other.empire_spoils) {
            *mine += theirs;
        }
        self.independents += other.independents;
        self.banners += other.banners;
        self.reinforcements += other.reinforcements;
        self.hidden += other.hidden;
    }
}

/// One game as the lab saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// `empires[seat]`: the empire whose banner the seat drew.
    pub empires: Vec<Option<GroupId>>,
    /// The seat that played the first turn.
    pub first: Option<Seat>,
    pub ending: Ending,
    /// Turns begun (every seat's turn counts one).
    pub turns: u32,
    pub armies: ArmySources,
    /// `cards[card.index()][seat]`.
    pub cards: [[CardUse; MAX_SEATS]; 6],
}

impl GameRecord {
    /// An empty record for a game of `seats` on a board with `groups` groups.
    pub fn new(seats: usize, groups: usize) -> Self {
        Self {
            empires: vec![None; seats],
            first: None,
            ending: Ending::Stalled,
            turns: 0,
            armies: ArmySources {
                empire_spoils: vec![0; groups],
                ..ArmySources::default()
            },
            cards: [[CardUse::default(); MAX_SEATS]; 6],
        }
    }

    /// Where `seat` sat in the order of play: 0 for the first player.
    pub fn position(&self, seat: Seat) -> Option<usize> {
        let seats = self.empires.len();
        self.first
            .map(|first| (seat.index() + seats - first.index()) % seats)
    }

    /// Takes in events of the game (each once, private ones included).
    pub fn observe(&mut self, game: &Game, events: &[Event]) {
        for event in events {
            self.take(&event.kind);
        }
        self.turns = game.turn_number();
        self.ending = if let Some(winner) = game.winner() {
            Ending::Won(winner)
        } else if game.is_drawn() {
            Ending::Drawn
        } else {
            Ending::Stalled
        };
    }

    fn played(&mut self, card: Card, seat: Seat, count: u64) {
        if let Some(slot) = self.cards[card.index()].get_mut(seat.index()) {
            slot.played += count;
        }
    }

    fn take(&mut self, kind: &EventKind) {
        match kind {
            EventKind::EmpireDrawn { seat, empire } => {
                if let Some(slot) = self.empires.get_mut(seat.index()) {
                    *slot = Some(*empire);
                }
            }
            EventKind::FirstPlayer { seat } => self.first = Some(*seat),
            EventKind::Spoils { breakdown, .. } => {
                for &(empire, armies) in &breakdown.empires {
                    if let Some(total) = self.armies.empire_spoils.get_mut(empire.index()) {
                        *total += u64::from(armies);
                    }
                }
                self.armies.independents += breakdown
                    .regions
                    .iter()
                    .map(|&(_, armies)| u64::from(armies))
                    .sum::<u64>()
                    + u64::from(breakdown.all_independents);
                self.armies.banners += u64::from(breakdown.banner_armies);
            }
            EventKind::ReinforcementsPlayed {
                seat,
                cards,
                armies,
                ..
            } => {
                self.armies.reinforcements += u64::from(*armies);
                self.played(Card::Reinforcements, *seat, u64::from(*cards));
            }
            EventKind::HiddenArmiesRevealed { armies, .. } => {
                self.armies.hidden += u64::from(*armies);
            }
            EventKind::TruceMade { seat, .. } => self.played(Card::Diplomat, *seat, 1),
            EventKind::SpyPlayed { seat, .. } => self.played(Card::Spy, *seat, 1),
            EventKind::SpyCountered { target, .. } => self.played(Card::Spy, *target, 1),
            EventKind::GeneralCommitted { seat } => self.played(Card::General, *seat, 1),
            EventKind::MarshallCommitted { seat } => self.played(Card::Marshall, *seat, 1),
            EventKind::AttackStarted {
                seat,
                ship: Some(_),
                ..
            } => self.played(Card::Admiral, *seat, 1),
            EventKind::CardLost { seat, card } => self.lost(*card, *seat, 1),
            EventKind::CardDiscardedBySpy { target, card, .. } => self.lost(*card, *target, 1),
            // The victor's own event names the cards; the others' copy does not, so
            // each taking is counted once.
            EventKind::CardsTaken {
                seat,
                from,
                hand: Some(hand),
                ..
            } => {
                for card in Card::ALL {
                    let count = u64::from(hand.count(card));
                    if let Some(slot) = self.cards[card.index()].get_mut(seat.index()) {
                        slot.won += count;
                    }
                    self.lost(card, *from, count);
                }
            }
            _ => {}
        }
    }

    fn lost(&mut self, card: Card, seat: Seat, count: u64) {
        if let Some(slot) = self.cards[card.index()].get_mut(seat.index()) {
            slot.lost += count;
        }
    }
}
