//! What the sparring partners read off their seat's sight, the way a careful person
//! reads the board: who could attack what and with how many, the exact odds of an
//! attack, how many armies keep a castle safe, the cheapest way to a rival castle or
//! into a continent, and which continents are whose. Only the public board and the
//! seat's own cards are read.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::board::{Board, GroupId, GroupKind, TerritoryId};
use crate::bot::SeatSight;
use crate::bot::chances::{Battle, win_probability};
use crate::game::{Card, Seat};

/// One seat's reading of the board.
pub struct Look<'s, 'a> {
    pub sight: &'s SeatSight<'a>,
    pub me: Seat,
}

/// The cheapest way from the seat's land to one territory: the territories to take
/// in order (the target last), and what they cost in enemy armies.
#[derive(Clone, Debug)]
pub struct Path {
    pub steps: Vec<TerritoryId>,
    pub cost: u32,
}

impl<'s, 'a> Look<'s, 'a> {
    pub fn new(sight: &'s SeatSight<'a>) -> Self {
        Self {
            sight,
            me: sight.seat(),
        }
    }

    pub fn board(&self) -> &'a Board {
        self.sight.board()
    }

    pub fn armies(&self, t: TerritoryId) -> u32 {
        self.sight.armies(t)
    }

    pub fn neighbours(&self, t: TerritoryId) -> &'a [TerritoryId] {
        self.sight.neighbours(t)
    }

    pub fn is_mine(&self, t: TerritoryId) -> bool {
        self.sight.is_mine(t)
    }

    /// Held by another seat (truce or not).
    pub fn is_enemy(&self, t: TerritoryId) -> bool {
        matches!(self.sight.owner(t), Some(o) if o != self.me)
    }

    /// Held by a seat that could attack this one (or be attacked) this round: not in
    /// truce, and not the neutral, which never attacks.
    pub fn is_threat(&self, t: TerritoryId) -> bool {
        matches!(self.sight.owner(t), Some(o) if o != self.me
            && !self.sight.in_truce(self.me, o)
            && !self.sight.is_neutral(o))
    }

    /// This seat's territories.
    pub fn mine(&self) -> Vec<TerritoryId> {
        self.board()
            .territory_ids()
            .filter(|&t| self.is_mine(t))
            .collect()
    }

    /// Armies of every seat on the board, by seat.
    pub fn armies_by_seat(&self) -> Vec<u32> {
        let mut out = vec![0; self.sight.seats()];
        for t in self.sight.territories() {
            if let Some(o) = t.owner {
                out[o.index()] += t.armies;
            }
        }
        out
    }

    /// Territories of every seat, by seat.
    pub fn territories_by_seat(&self) -> Vec<u32> {
        let mut out = vec![0; self.sight.seats()];
        for t in self.sight.territories() {
            if let Some(o) = t.owner {
                out[o.index()] += 1;
            }
        }
        out
    }

    /// Rivals still in play (the neutral left out).
    pub fn rivals(&self) -> Vec<Seat> {
        self.sight
            .seat_ids()
            .filter(|&s| s != self.me && !self.sight.is_eliminated(s) && !self.sight.is_neutral(s))
            .collect()
    }

    /// The chance that `attackers` armies (the one left behind not counted) fighting
    /// to the end take `defenders`, by the exact odds.
    pub fn odds(&self, attackers: u32, defenders: u32, castle: bool) -> f64 {
        win_probability(
            attackers,
            defenders,
            Battle {
                castle,
                ..Battle::default()
            },
        )
    }

    /// The chance that an attack from `from` takes `to`, all but one army rolling.
    pub fn attack_odds(&self, from: TerritoryId, to: TerritoryId) -> f64 {
        let castle = self.sight.castle_at(to).is_some();
        self.odds(self.armies(from).saturating_sub(1), self.armies(to), castle)
    }

    /// The largest enemy army next to `t` that could attack it (all but one rolling).
    pub fn land_threat(&self, t: TerritoryId) -> u32 {
        self.neighbours(t)
            .iter()
            .filter(|&&n| self.is_threat(n))
            .map(|&n| self.armies(n).saturating_sub(1))
            .max()
            .unwrap_or(0)
    }

    /// The largest enemy army that could sail to `t` with an Admiral, counting only
    /// seats holding a card (any card might be an Admiral; classic Risk has none).
    pub fn sea_threat(&self, t: TerritoryId) -> u32 {
        if self.sight.is_classic() || self.board().territory(t).seas.is_empty() {
            return 0;
        }
        self.board()
            .territory_ids()
            .filter(|&n| {
                self.is_threat(n)
                    && self.sight.share_a_sea(t, n)
                    && self
                        .sight
                        .owner(n)
                        .is_some_and(|o| self.sight.hand_size(o) > 0)
            })
            .map(|n| self.armies(n).saturating_sub(1))
            .max()
            .unwrap_or(0)
    }

    /// The largest single army that could fall on `t` this round, by land or sea.
    pub fn threat(&self, t: TerritoryId) -> u32 {
        self.land_threat(t).max(self.sea_threat(t))
    }

    /// The chance that the largest threat takes `t` as it stands.
    pub fn fall_chance(&self, t: TerritoryId) -> f64 {
        self.fall_chance_with(t, self.armies(t))
    }

    /// The chance that the largest threat takes `t` were it held by `defenders`.
    pub fn fall_chance_with(&self, t: TerritoryId, defenders: u32) -> f64 {
        let castle = self.sight.castle_at(t).is_some();
        self.odds(self.threat(t), defenders, castle)
    }

    /// The fewest armies on `t` that keep the chance of its fall at most `risk`.
    pub fn garrison_for(&self, t: TerritoryId, risk: f64) -> u32 {
        let threat = self.threat(t);
        if threat == 0 {
            return 1;
        }
        let castle = self.sight.castle_at(t).is_some();
        let mut defenders = 1;
        while defenders < threat * 3 + 3 && self.odds(threat, defenders, castle) > risk {
            defenders += 1;
        }
        defenders
    }

    /// Whether `t` borders a territory another seat holds.
    pub fn on_front(&self, t: TerritoryId) -> bool {
        self.neighbours(t).iter().any(|&n| self.is_enemy(n))
    }

    /// The cheapest way from this seat's land to `target`: each enemy territory on
    /// the way costs its armies (a castle twice, as only two dice attack it), plus one
    /// for each step. `None` when it cannot be reached.
    pub fn path_to(&self, target: TerritoryId) -> Option<Path> {
        let n = self.board().territories.len();
        let mut cost = vec![u32::MAX; n];
        let mut previous: Vec<Option<TerritoryId>> = vec![None; n];
        let mut queue = BinaryHeap::new();
        for t in self.board().territory_ids().filter(|&t| self.is_mine(t)) {
            cost[t.index()] = 0;
            queue.push(Reverse((0u32, t)));
        }
        while let Some(Reverse((c, t))) = queue.pop() {
            if c > cost[t.index()] {
                continue;
            }
            if t == target {
                break;
            }
            for &next in self.neighbours(t) {
                if self.is_mine(next) {
                    continue;
                }
                let step = self.armies(next)
                    * if self.sight.castle_at(next).is_some() {
                        2
                    } else {
                        1
                    }
                    + 1;
                let through = c + step;
                if through < cost[next.index()] {
                    cost[next.index()] = through;
                    previous[next.index()] = (!self.is_mine(t)).then_some(t);
                    queue.push(Reverse((through, next)));
                }
            }
        }
        if cost[target.index()] == u32::MAX || self.is_mine(target) {
            return None;
        }
        let mut steps = vec![target];
        let mut at = target;
        while let Some(p) = previous[at.index()] {
            steps.push(p);
            at = p;
        }
        steps.reverse();
        Some(Path {
            steps,
            cost: cost[target.index()],
        })
    }

    /// The own territory best placed to attack `first` (the first step of a path):
    /// the neighbour with the most armies.
    pub fn staging_for(&self, first: TerritoryId) -> Option<TerritoryId> {
        self.neighbours(first)
            .iter()
            .copied()
            .filter(|&n| self.is_mine(n))
            .max_by_key(|&n| (self.armies(n), Reverse(n)))
    }

    /// Rival castles, cheapest to reach first: (owner, castle, path).
    pub fn rival_castles(&self) -> Vec<(Seat, TerritoryId, Path)> {
        let mut out: Vec<(Seat, TerritoryId, Path)> = self
            .rivals()
            .into_iter()
            .filter(|&s| !self.sight.in_truce(self.me, s))
            .filter_map(|s| {
                let castle = self.sight.castle(s)?;
                Some((s, castle, self.path_to(castle)?))
            })
            .collect();
        out.sort_by_key(|(s, _, p)| (p.cost, *s));
        out
    }

    /// The continents (every group of the board): each with how many of its
    /// territories this seat holds, and whether some seat holds it whole.
    pub fn continents(&self) -> Vec<Continent> {
        self.board()
            .group_ids()
            .map(|g| {
                let group = self.board().group(g);
                let held = group
                    .territories
                    .iter()
                    .filter(|&&t| self.is_mine(t))
                    .count();
                let first = group.territories.first().and_then(|&t| self.sight.owner(t));
                let whole = first.filter(|&o| {
                    group
                        .territories
                        .iter()
                        .all(|&t| self.sight.owner(t) == Some(o))
                });
                let enemy_armies = group
                    .territories
                    .iter()
                    .filter(|&&t| self.is_enemy(t))
                    .map(|&t| self.armies(t))
                    .sum();
                Continent {
                    id: g,
                    size: group.territories.len(),
                    held,
                    bonus: self.bonus(g),
                    whole,
                    enemy_armies,
                }
            })
            .collect()
    }

    /// What holding a group whole brings a turn, by the rules in play.
    pub fn bonus(&self, g: GroupId) -> u32 {
        let group = self.board().group(g);
        if self.sight.is_classic() {
            return group.bonus;
        }
        let spoils = &self.sight.variant().spoils;
        match group.kind {
            GroupKind::Empire => spoils.empire_bonus.unwrap_or(group.bonus),
            GroupKind::Independent if spoils.per_region_bonus => {
                spoils.region_bonus.unwrap_or(group.bonus)
            }
            GroupKind::Independent => 0,
        }
    }

    /// The territories of a group that border land outside it: where it is held.
    pub fn borders(&self, g: GroupId) -> Vec<TerritoryId> {
        let board = self.board();
        board
            .group(g)
            .territories
            .iter()
            .copied()
            .filter(|&t| {
                self.neighbours(t)
                    .iter()
                    .any(|&n| board.territory(n).group != g)
            })
            .collect()
    }

    /// Whether this seat holds a card of this kind.
    pub fn holds(&self, card: Card) -> bool {
        self.sight.hand().has(card)
    }

    /// Rounds played: turns begun per seat in play.
    pub fn rounds(&self) -> u32 {
        self.sight.turn_number() / (self.sight.seats_in_play().max(1) as u32)
    }

    /// Cards a seat holds, in either ruleset.
    pub fn cards_of(&self, seat: Seat) -> usize {
        if self.sight.is_classic() {
            self.sight.territory_card_count(seat)
        } else {
            self.sight.hand_size(seat)
        }
    }
}

/// One continent (a group of the board) as a seat sees it.
#[derive(Clone, Debug)]
pub struct Continent {
    pub id: GroupId,
    pub size: usize,
    /// Territories of it this seat holds.
    pub held: usize,
    pub bonus: u32,
    /// The seat holding it whole, if any.
    pub whole: Option<Seat>,
    /// Armies of other seats in it.
    pub enemy_armies: u32,
}
