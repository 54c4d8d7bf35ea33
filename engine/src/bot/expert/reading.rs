//! The Expert's reading of a position from one seat's sight: the threat each
//! territory faces (the largest enemy army next to it, by land or, in Castle Risk, by
//! sea), how many armies keep a territory safe, the cheapest way into enemy land, the
//! continents (empires and regions) and who holds what of them. Worked out once per
//! decision; cheap enough to be worked out at every decision of a look-ahead.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::board::{GroupId, GroupKind, TerritoryId};
use crate::bot::SeatSight;
use crate::bot::chances::{Battle, win_probability};
use crate::game::{Card, Seat};

/// What a card held counts against a seat's armies in the eyes of players who prey
/// on the weak.
const CARD_LOOKS: i64 = 3;

/// One seat's reading of a position.
pub struct Reading<'s, 'a> {
    pub sight: &'s SeatSight<'a>,
    pub me: Seat,
    pub classic: bool,
    /// The largest army (all but one rolling) that could attack each territory this
    /// round, by land or by sea (0 for own-less or unthreatened land).
    threat: Vec<u32>,
}

/// The cheapest way into one enemy territory: the territories to take in order (the
/// target last), the enemy armies on them, and the own territory it starts from.
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    pub from: TerritoryId,
    pub steps: Vec<TerritoryId>,
    /// Enemy armies on the way (a castle's counted twice: only two dice attack it).
    pub cost: u32,
}

/// A group of the board as a seat sees it.
#[derive(Clone, Debug)]
pub struct Group {
    pub id: GroupId,
    pub territories: Vec<TerritoryId>,
    /// What holding it whole brings a turn (classic) or at the end of a turn (spoils).
    pub bonus: u32,
    /// Its territories this seat holds.
    pub held: usize,
    /// The seat holding it whole, if any.
    pub whole: Option<Seat>,
    /// Its territories bordering land outside it.
    pub borders: Vec<TerritoryId>,
    /// Armies of other seats in it.
    pub enemy_armies: u32,
}

impl<'s, 'a> Reading<'s, 'a> {
    pub fn new(sight: &'s SeatSight<'a>) -> Self {
        let me = sight.seat();
        let classic = sight.is_classic();
        let threat = threats(sight, me);
        Self {
            sight,
            me,
            classic,
            threat,
        }
    }

    pub fn armies(&self, t: TerritoryId) -> u32 {
        self.sight.armies(t)
    }

    pub fn is_mine(&self, t: TerritoryId) -> bool {
        self.sight.owner(t) == Some(self.me)
    }

    /// Held by another seat not in truce with this one (the neutral included).
    pub fn is_target(&self, t: TerritoryId) -> bool {
        matches!(self.sight.owner(t), Some(o) if o != self.me && !self.sight.in_truce(self.me, o))
    }

    pub fn neighbours(&self, t: TerritoryId) -> &'a [TerritoryId] {
        self.sight.neighbours(t)
    }

    /// This seat's castle (Castle Risk).
    pub fn castle(&self) -> Option<TerritoryId> {
        self.sight.castle(self.me)
    }

    pub fn is_castle(&self, t: TerritoryId) -> bool {
        self.sight.castle_at(t).is_some()
    }

    /// The largest army that could attack own territory `t` this round.
    pub fn threat(&self, t: TerritoryId) -> u32 {
        self.threat[t.index()]
    }

    /// The chance that `attackers` (all rolling) take `defenders` fighting to the end.
    pub fn odds(&self, attackers: u32, defenders: u32, castle: bool) -> f64 {
        win_probability(
            attackers,
            defenders,
            Battle {
                castle,
                general: false,
                marshall: false,
            },
        )
    }

    /// The chance that own territory `t`, held by `defenders`, falls to its threat.
    pub fn fall_chance(&self, t: TerritoryId, defenders: u32) -> f64 {
        self.odds(self.threat(t), defenders, self.is_castle(t))
    }

    /// The fewest armies on own territory `t` that keep its chance of falling at most
    /// `risk`.
    pub fn guard(&self, t: TerritoryId, risk: f64) -> u32 {
        let threat = self.threat(t);
        if threat == 0 {
            return 1;
        }
        let castle = self.is_castle(t);
        fewest_holding(threat, |defenders| {
            self.odds(threat, defenders, castle) <= risk
        })
    }

    /// Armies that may leave own territory `t` for an attack while it keeps its guard
    /// (the castle: at `castle_risk`, and never open) or at least 1.
    pub fn spare(&self, t: TerritoryId, castle_risk: f64) -> u32 {
        let keep = if Some(t) == self.castle() {
            self.castle_keep(castle_risk)
        } else {
            1
        };
        self.armies(t).saturating_sub(keep)
    }

    /// The chance that own castle, held by `defenders`, falls to its threat next
    /// round with a General: any hand may hold one when it attacks, as every hand is
    /// topped up and draws at the start of its turn. This is how an open castle is
    /// judged ([`OPEN_AT`]): the General alone turned castles the Expert thought
    /// closed into ones a castle-hunter took at 60 % (issue 22).
    pub fn castle_open_chance(&self, defenders: u32) -> f64 {
        let Some(castle) = self.castle() else {
            return 0.0;
        };
        win_probability(
            self.threat(castle),
            defenders,
            Battle {
                castle: true,
                general: true,
                marshall: false,
            },
        )
    }

    /// The fewest armies that keep own castle from being open ([`OPEN_AT`]).
    pub fn castle_closed_at(&self) -> u32 {
        let Some(castle) = self.castle() else {
            return 1;
        };
        fewest_holding(self.threat(castle), |defenders| {
            self.castle_open_chance(defenders) < OPEN_AT
        })
    }

    /// Armies own castle holds above [`Self::castle_closed_at`]: what it may lose
    /// or send away and stay closed (0 without a castle).
    pub fn castle_spare(&self) -> u32 {
        self.castle().map_or(0, |castle| {
            self.armies(castle).saturating_sub(self.castle_closed_at())
        })
    }

    /// The armies own castle keeps whatever else it is asked for: its guard at
    /// `risk`, and never fewer than keep it closed.
    pub fn castle_keep(&self, risk: f64) -> u32 {
        match self.castle() {
            Some(castle) => self.guard(castle, risk).max(self.castle_closed_at()),
            None => 1,
        }
    }

    /// The cheapest ways from own land into every enemy territory: each enemy
    /// territory passed costs its armies (a castle twice) and one for the step.
    /// Indexed by territory; `None` for own or unreachable land.
    pub fn paths(&self) -> Vec<Option<Path>> {
        let board = self.sight.board();
        let n = board.territories.len();
        let mut cost = vec![u32::MAX; n];
        let mut previous: Vec<Option<TerritoryId>> = vec![None; n];
        let mut origin: Vec<Option<TerritoryId>> = vec![None; n];
        let mut queue = BinaryHeap::new();
        for t in board.territory_ids().filter(|&t| self.is_mine(t)) {
            // Starting from a strong territory is cheaper: its armies pay the way.
            cost[t.index()] = 0;
            origin[t.index()] = Some(t);
            queue.push(Reverse((0u32, Reverse(self.armies(t)), t)));
        }
        while let Some(Reverse((c, _, t))) = queue.pop() {
            if c > cost[t.index()] {
                continue;
            }
            for &next in self.neighbours(t) {
                if self.is_mine(next) || !self.is_target(next) && self.sight.owner(next).is_some() {
                    continue;
                }
                let weight = if self.is_castle(next) { 2 } else { 1 };
                let through = c + self.armies(next) * weight + 1;
                if through < cost[next.index()] {
                    cost[next.index()] = through;
                    previous[next.index()] = (!self.is_mine(t)).then_some(t);
                    origin[next.index()] = origin[t.index()];
                    queue.push(Reverse((through, Reverse(0), next)));
                }
            }
        }
        board
            .territory_ids()
            .map(|target| {
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
                // The strongest own neighbour of the first step starts the way.
                let from = self
                    .neighbours(steps[0])
                    .iter()
                    .copied()
                    .filter(|&n| self.is_mine(n))
                    .max_by_key(|&n| (self.armies(n), Reverse(n)))
                    .or(origin[target.index()])?;
                Some(Path {
                    from,
                    steps,
                    cost: cost[target.index()],
                })
            })
            .collect()
    }

    /// Every group of the board.
    pub fn groups(&self) -> Vec<Group> {
        let board = self.sight.board();
        board
            .group_ids()
            .map(|g| {
                let group = board.group(g);
                let territories = group.territories.clone();
                let held = territories.iter().filter(|&&t| self.is_mine(t)).count();
                let first = territories.first().and_then(|&t| self.sight.owner(t));
                let whole =
                    first.filter(|&o| territories.iter().all(|&t| self.sight.owner(t) == Some(o)));
                let borders = territories
                    .iter()
                    .copied()
                    .filter(|&t| {
                        self.neighbours(t)
                            .iter()
                            .any(|&n| board.territory(n).group != g)
                    })
                    .collect();
                let enemy_armies = territories
                    .iter()
                    .filter(|&&t| !self.is_mine(t))
                    .map(|&t| self.armies(t))
                    .sum();
                Group {
                    id: g,
                    bonus: group_bonus(self.sight, g),
                    territories,
                    held,
                    whole,
                    borders,
                    enemy_armies,
                }
            })
            .collect()
    }

    /// Rivals still in play (the neutral left out).
    pub fn rivals(&self) -> impl Iterator<Item = Seat> + '_ {
        self.sight
            .seat_ids()
            .filter(|&s| s != self.me && !self.sight.is_eliminated(s) && !self.sight.is_neutral(s))
    }

    /// Armies on the board by seat.
    pub fn armies_by_seat(&self) -> Vec<u32> {
        let mut out = vec![0; self.sight.seats()];
        for t in self.sight.territories() {
            if let Some(o) = t.owner {
                out[o.index()] += t.armies;
            }
        }
        out
    }

    /// Classic Risk at a table of three or more: how far this seat stands above the
    /// weakest rival, each counted as players who prey on the weak count (armies on
    /// the board, less [`CARD_LOOKS`] for each card held, a card being the first step
    /// to a set), after `cost` armies it would lose and `cards` it would earn, and
    /// the armies a `victim` (seat, count) would lose. `None` heads-up, where there
    /// is no one else to prey on.
    pub fn weakest_margin(
        &self,
        cost: u32,
        cards: usize,
        victim: Option<(Seat, u32)>,
    ) -> Option<i64> {
        if !self.classic || self.rivals().count() < 2 {
            return None;
        }
        let armies = self.armies_by_seat();
        let looks = |s: Seat| i64::from(armies[s.index()]) - CARD_LOOKS * self.cards_of(s) as i64;
        let floor = self
            .rivals()
            .map(|s| {
                let hurt = victim.filter(|&(v, _)| v == s).map_or(0, |(_, n)| n);
                looks(s) - i64::from(hurt)
            })
            .min()?;
        Some(looks(self.me) - i64::from(cost) - CARD_LOOKS * cards as i64 - floor)
    }

    /// Whether this seat holds at least twice the armies of every other seat in play.
    pub fn dominant(&self) -> bool {
        let armies = self.armies_by_seat();
        let mine = armies[self.me.index()];
        self.sight
            .seat_ids()
            .filter(|&s| s != self.me && !self.sight.is_eliminated(s))
            .all(|s| mine >= 2 * armies[s.index()])
    }

    /// Whether this seat holds a card of this kind (Castle Risk).
    pub fn holds(&self, card: Card) -> bool {
        self.sight.hand().has(card)
    }

    /// Cards a seat holds, in either ruleset.
    pub fn cards_of(&self, seat: Seat) -> usize {
        if self.classic {
            self.sight.territory_card_count(seat)
        } else {
            self.sight.hand_size(seat)
        }
    }
}

/// What holding group `g` whole brings, by the rules in play.
pub fn group_bonus(sight: &SeatSight<'_>, g: GroupId) -> u32 {
    let group = sight.board().group(g);
    if sight.is_classic() {
        return group.bonus;
    }
    let spoils = &sight.variant().spoils;
    match group.kind {
        GroupKind::Empire => spoils.empire_bonus.unwrap_or(group.bonus),
        GroupKind::Independent if spoils.per_region_bonus => {
            spoils.region_bonus.unwrap_or(group.bonus)
        }
        GroupKind::Independent => 0,
    }
}

/// The chance of a fall at which a castle, or a border of a classic seat's only
/// continent, counts as open at the end of a turn (the tournament's watcher counts
/// the same).
pub const OPEN_AT: f64 = crate::bot::watch::OPEN_AT;

/// Whether rival `o` is kept off `me`'s land by a truce when it next attacks: a
/// truce played on `me` ends with `me`'s turn (ruling 10), so in `me`'s own turn it
/// protects nothing after it.
fn truce_protects(sight: &SeatSight<'_>, me: Seat, o: Seat) -> bool {
    let my_turn = sight.turn_seat() == Some(me);
    sight
        .truces()
        .iter()
        .any(|t| t.binds(me, o) && !(my_turn && t.target == me))
}

/// The fewest defenders (at least 1) for which `holds` is true against `threat`
/// attackers. An attacker's chance falls as defenders grow, so a binary search over
/// a bound no threat's odds survive.
pub fn fewest_holding(threat: u32, holds: impl Fn(u32) -> bool) -> u32 {
    let (mut low, mut high) = (1u32, threat * 3 + 4);
    while low < high {
        let mid = (low + high) / 2;
        if holds(mid) {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    low
}

/// Expected attacker losses per defending army taken, fighting with the most dice.
const LOSS_PER_DEFENDER: f64 = 0.9;

/// The largest force one rival could bring against each of `me`'s territories in its
/// next turn: the armies of all its neighbouring territories (each keeping one
/// behind), or in Castle Risk a stack that could sail there with an Admiral (any
/// hand may hide one, or draw one at the start of its turn). Against the castle,
/// also what could first take a neighbouring own territory (by land, or landing from
/// the sea) and attack from there.
pub fn threats(sight: &SeatSight<'_>, me: Seat) -> Vec<u32> {
    let board = sight.board();
    let n = board.territories.len();
    let seats = sight.seats();
    let classic = sight.is_classic();
    let rival = |o: Seat| o != me && !truce_protects(sight, me, o) && !sight.is_neutral(o);
    // By land: each rival's armies next to each own territory, summed.
    let mut by_seat = vec![0u32; n * seats];
    for t in board.territory_ids() {
        let Some(owner) = sight.owner(t) else {
            continue;
        };
        if !rival(owner) || sight.armies(t) < 2 {
            continue;
        }
        let force = sight.armies(t) - 1;
        for &m in sight.neighbours(t) {
            if sight.owner(m) == Some(me) {
                by_seat[m.index() * seats + owner.index()] += force;
            }
        }
    }
    let mut threat: Vec<u32> = (0..n)
        .map(|t| {
            by_seat[t * seats..(t + 1) * seats]
                .iter()
                .copied()
                .max()
                .unwrap_or(0)
        })
        .collect();
    // By sea: the largest stack of a rival on a shared sea. Every hand is topped up
    // and draws at the start of its turn, before it attacks: any rival may hold an
    // Admiral then, even one whose hand is empty now (classic Risk has no ships).
    let coasts: Vec<TerritoryId> = if classic {
        Vec::new()
    } else {
        board
            .territory_ids()
            .filter(|&t| !board.territory(t).seas.is_empty())
            .collect()
    };
    let fleets: Vec<(TerritoryId, u32)> = coasts
        .iter()
        .copied()
        .filter_map(|t| {
            let owner = sight.owner(t)?;
            (rival(owner) && sight.armies(t) >= 2).then(|| (t, sight.armies(t) - 1))
        })
        .collect();
    let by_sea = |m: TerritoryId| {
        fleets
            .iter()
            .filter(|&&(f, _)| sight.share_a_sea(f, m))
            .map(|&(_, force)| force)
            .max()
            .unwrap_or(0)
    };
    for &m in &coasts {
        if sight.owner(m) == Some(me) && !fleets.is_empty() {
            threat[m.index()] = threat[m.index()].max(by_sea(m));
        }
    }
    // The castle: also through a neighbouring own territory, by land or by sea.
    if let Some(castle) = sight.castle(me) {
        let mut worst = threat[castle.index()];
        for &m in sight.neighbours(castle) {
            if sight.owner(m) != Some(me) {
                continue;
            }
            let toll = (f64::from(sight.armies(m)) * LOSS_PER_DEFENDER).ceil() as u32 + 1;
            let landing = if fleets.is_empty() || board.territory(m).seas.is_empty() {
                0
            } else {
                by_sea(m)
            };
            let overland = by_seat[m.index() * seats..(m.index() + 1) * seats]
                .iter()
                .copied()
                .max()
                .unwrap_or(0);
            worst = worst.max(overland.max(landing).saturating_sub(toll));
        }
        threat[castle.index()] = worst;
    }
    threat
}
