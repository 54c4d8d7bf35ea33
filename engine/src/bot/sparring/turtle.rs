//! The turtle: everything at home until the time comes, then one sweep. It keeps its
//! castle (in classic Risk, the borders of its heartland) so strong that nothing next
//! to it stands a chance, attacks only what it takes at very good odds, holds its
//! Reinforcements for the high numbers of the track and its classic sets for the high
//! values, and sweeps once it has grown half again as strong as anyone else, once the
//! cards are worth much, or once the game has gone on long: then it plays everything
//! and attacks all it beats, castles and the weakest first.

use super::look::Look;
use super::{
    Character, TurnMemory, anywhere, card_play, land_attacks, occupy, reveal, sea_attacks, top_up,
};
use crate::board::TerritoryId;
use crate::game::{Action, Card, Choice, LegalActions, Placement, PlacementReason, Route};

/// The chance of losing its castle or a border it accepts while it waits.
const HOME_RISK: f64 = 0.1;
/// Rounds after which it sweeps whatever the armies say.
const SWEEP_AFTER_ROUNDS: u32 = 8;
/// Its armies over the strongest rival's at which it sweeps.
const SWEEP_AT_LEAD: f64 = 1.5;
/// Classic Risk: the set value at which it trades and sweeps.
const SWEEP_AT_SET_VALUE: u32 = 12;
/// Castle Risk: Reinforcement cards on the track at which it plays its own.
const SWEEP_AT_TRACK: usize = 7;

pub struct Turtle;

impl Turtle {
    /// Whether the time to sweep has come.
    fn sweeping(&self, look: &Look<'_, '_>) -> bool {
        let armies = look.armies_by_seat();
        let mine = f64::from(armies[look.me.index()]);
        let strongest = look
            .rivals()
            .into_iter()
            .map(|s| armies[s.index()])
            .max()
            .unwrap_or(0);
        let late = look.rounds() >= SWEEP_AFTER_ROUNDS;
        let cards = if look.sight.is_classic() {
            look.sight.next_set_value().unwrap_or(10) >= SWEEP_AT_SET_VALUE
        } else {
            look.sight.track() >= SWEEP_AT_TRACK
        };
        late || cards || mine >= SWEEP_AT_LEAD * f64::from(strongest)
    }

    /// Its heartland's front: the castle and the own territories next to it that face
    /// an enemy (Castle Risk), or every own territory facing an enemy (classic).
    fn walls(&self, look: &Look<'_, '_>) -> Vec<TerritoryId> {
        let castle = look.sight.castle(look.me);
        let mut walls: Vec<TerritoryId> = look
            .mine()
            .into_iter()
            .filter(|&t| look.land_threat(t) > 0)
            .filter(|&t| castle.is_none_or(|c| c == t || look.board().are_adjacent(c, t)))
            .collect();
        walls.sort_by_key(|&t| (std::cmp::Reverse(look.threat(t)), t));
        walls
    }

    /// Where a sweep starts: next to the first step towards the cheapest rival castle
    /// (classic: the cheapest rival territory).
    fn sweep_start(&self, look: &Look<'_, '_>) -> Option<TerritoryId> {
        let path = if look.sight.is_classic() {
            look.board()
                .territory_ids()
                .filter(|&t| look.is_enemy(t))
                .filter_map(|t| look.path_to(t))
                .min_by_key(|p| (p.cost, p.steps.len()))
        } else {
            look.rival_castles().into_iter().next().map(|(_, _, p)| p)
        }?;
        look.staging_for(path.steps[0])
    }

    fn spare(&self, look: &Look<'_, '_>, from: TerritoryId) -> u32 {
        let keep = if look.sight.castle(look.me) == Some(from) {
            look.garrison_for(from, HOME_RISK)
        } else {
            1
        };
        look.armies(from).saturating_sub(keep)
    }
}

impl Character for Turtle {
    fn castle_site(&self, look: &Look<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
        // Off the coasts and away from other empires: the hardest to reach.
        let board = look.board();
        *territories
            .iter()
            .min_by_key(|&&t| {
                let group = board.territory(t).group;
                let foreign = look
                    .neighbours(t)
                    .iter()
                    .filter(|&&n| board.territory(n).group != group)
                    .count();
                (foreign * 2 + board.territory(t).seas.len() * 3, t)
            })
            .expect("a site")
    }

    fn place(
        &mut self,
        look: &Look<'_, '_>,
        armies: u32,
        territories: &[TerritoryId],
        _reason: PlacementReason,
    ) -> Vec<Placement> {
        let mut left = armies;
        let mut out = Vec::new();
        if let Some(castle) = look
            .sight
            .castle(look.me)
            .filter(|c| territories.contains(c))
        {
            out.push(top_up(look, castle, HOME_RISK, &mut left));
        }
        let walls = self.walls(look);
        if !self.sweeping(look) {
            for &t in walls.iter().filter(|t| territories.contains(t)) {
                if left == 0 {
                    break;
                }
                out.push(top_up(look, t, HOME_RISK, &mut left));
            }
        }
        if left > 0 {
            // The rest on the strongest wall; in a sweep, where the way to the nearest
            // rival castle (classic: the nearest rival land) begins.
            let towards = if self.sweeping(look) {
                self.sweep_start(look).filter(|t| territories.contains(t))
            } else {
                None
            };
            let target = towards
                .or_else(|| {
                    walls
                        .iter()
                        .copied()
                        .filter(|t| territories.contains(t))
                        .max_by_key(|&t| (look.armies(t), std::cmp::Reverse(t)))
                })
                .unwrap_or_else(|| anywhere(look, territories));
            out.push(Placement::new(target, left));
        }
        out
    }

    fn trade_now(&self, look: &Look<'_, '_>) -> bool {
        self.sweeping(look)
    }

    fn play(&mut self, look: &Look<'_, '_>, legal: &LegalActions, turn: &TurnMemory) -> Action {
        let sweeping = self.sweeping(look);
        let castle_danger = look
            .sight
            .castle(look.me)
            .is_some_and(|c| look.fall_chance(c) > 0.3);
        let hand_full = look.sight.hand().count(Card::Reinforcements) >= 4;
        let played = card_play(legal, |choice| match choice {
            Choice::PlayReinforcements { max_cards } if sweeping || castle_danger || hand_full => {
                Some(Action::PlayReinforcements { cards: *max_cards })
            }
            _ => None,
        });
        if let Some(action) = played.or_else(|| reveal(look, legal, if sweeping { 1 } else { 10 }))
        {
            return action;
        }
        let spared = |r: &Route| {
            let castle = look.sight.castle_at(r.to).is_some();
            look.odds(self.spare(look, r.from), look.armies(r.to), castle)
        };
        let (at, card_at) = if sweeping { (0.5, 0.4) } else { (0.8, 0.8) };
        let at = if look.sight.is_classic() && !turn.captured(look) {
            card_at
        } else {
            at
        };
        let best = land_attacks(look, legal)
            .map(|(r, _)| (r, spared(&r)))
            .filter(|(_, p)| *p >= at)
            .max_by(|a, b| {
                let worth = |r: &Route, p: f64| {
                    p + if look.sight.castle_at(r.to).is_some() {
                        1.0
                    } else {
                        0.0
                    }
                };
                worth(&a.0, a.1).total_cmp(&worth(&b.0, b.1))
            });
        if let Some((r, _)) = best {
            return Action::Attack {
                from: r.from,
                to: r.to,
            };
        }
        if sweeping {
            for (r, p) in sea_attacks(look, legal) {
                if p >= 0.7 && look.sight.castle(look.me) != Some(r.from) {
                    return Action::AdmiralAttack {
                        from: r.from,
                        to: r.to,
                        armies: r.max_armies,
                    };
                }
            }
        }
        occupy(look, legal).unwrap_or(Action::EndTurn)
    }

    fn press_on(&self, look: &Look<'_, '_>, from: TerritoryId, to: TerritoryId) -> bool {
        let castle = look.sight.castle_at(to).is_some();
        let at = if self.sweeping(look) { 0.4 } else { 0.7 };
        look.odds(self.spare(look, from), look.armies(to), castle) >= at
    }

    fn move_in(
        &self,
        look: &Look<'_, '_>,
        from: TerritoryId,
        to: TerritoryId,
        min: u32,
        max: u32,
    ) -> u32 {
        if look.sight.castle(look.me) == Some(from) {
            return self.spare(look, from).clamp(min, max);
        }
        if self.sweeping(look) {
            return max;
        }
        // While it waits, the wall stays home and a few go on.
        if look.on_front(to) && !look.on_front(from) {
            max
        } else {
            min
        }
    }
}
