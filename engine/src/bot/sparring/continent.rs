//! The continent player: the classic textbook. It takes the continent that is cheapest
//! for what it brings (Australia and South America first on the classic map), guards
//! the borders of what it holds against the largest army next to each, takes one
//! territory every turn for the card, trades as soon as it may, breaks any continent a
//! rival holds whole, and fortifies from the interior to the borders.
//!
//! In Castle Risk the same play goes for empires (spoils), its castle guarded first.

use super::look::{Continent, Look};
use super::{
    Character, TurnMemory, anywhere, card_play, land_attacks, occupy, reveal, sea_attacks, top_up,
};
use crate::board::{GroupId, TerritoryId};
use crate::game::{Action, Choice, LegalActions, Placement, PlacementReason, Route};

/// The chance of losing a border territory (or the castle) it accepts.
const BORDER_RISK: f64 = 0.3;
/// Castle Risk: the chance of losing its castle it accepts.
const CASTLE_RISK: f64 = 0.2;

pub struct ContinentPlayer;

impl ContinentPlayer {
    /// The continent it is taking: the one not yet its own that brings most for
    /// what stands in the way (its castle's empire first in Castle Risk).
    fn target(&self, look: &Look<'_, '_>) -> Option<GroupId> {
        let home = look
            .sight
            .castle(look.me)
            .map(|c| look.board().territory(c).group);
        look.continents()
            .into_iter()
            .filter(|c| c.whole != Some(look.me) && c.bonus > 0)
            .max_by(|a, b| {
                let worth = |c: &Continent| {
                    let standing = f64::from(c.enemy_armies)
                        + (c.size - c.held) as f64
                        + 2.0 * look.borders(c.id).len() as f64;
                    let at_home = if Some(c.id) == home { 2.0 } else { 1.0 };
                    at_home * (f64::from(c.bonus) + 1.0) / (standing + 1.0)
                };
                worth(a).total_cmp(&worth(b)).then(b.id.cmp(&a.id))
            })
            .map(|c| c.id)
    }

    /// The borders of the continents it holds whole.
    fn guarded(&self, look: &Look<'_, '_>) -> Vec<TerritoryId> {
        look.continents()
            .into_iter()
            .filter(|c| c.whole == Some(look.me))
            .flat_map(|c| look.borders(c.id))
            .collect()
    }

    /// Armies that may leave `from` for an attack: a guarded border or the castle
    /// keeps its guard.
    fn spare(&self, look: &Look<'_, '_>, from: TerritoryId) -> u32 {
        let keep = if look.sight.castle(look.me) == Some(from) {
            look.garrison_for(from, CASTLE_RISK)
        } else if self.guarded(look).contains(&from) {
            look.garrison_for(from, BORDER_RISK)
        } else {
            1
        };
        look.armies(from).saturating_sub(keep.max(1))
    }

    fn in_group(&self, look: &Look<'_, '_>, t: TerritoryId, g: GroupId) -> bool {
        look.board().territory(t).group == g
    }
}

impl Character for ContinentPlayer {
    fn claim(&self, look: &Look<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
        let continents = look.continents();
        let home = look
            .sight
            .castle(look.me)
            .map(|c| look.board().territory(c).group);
        *territories
            .iter()
            .max_by_key(|&&t| {
                let g = look.board().territory(t).group;
                let c = &continents[g.index()];
                let own_next = look
                    .neighbours(t)
                    .iter()
                    .filter(|&&n| look.is_mine(n))
                    .count() as i64;
                (
                    4 * c.held as i64 - c.size as i64 + own_next + 6 * i64::from(home == Some(g)),
                    std::cmp::Reverse(t),
                )
            })
            .expect("a territory to claim")
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
            out.push(top_up(look, castle, CASTLE_RISK, &mut left));
        }
        let mut borders = self.guarded(look);
        borders.sort_by_key(|&t| std::cmp::Reverse(look.threat(t)));
        for t in borders {
            if left == 0 {
                break;
            }
            out.push(top_up(look, t, BORDER_RISK, &mut left));
        }
        if left > 0 {
            let staging = self
                .target(look)
                .and_then(|g| {
                    look.board()
                        .group(g)
                        .territories
                        .iter()
                        .copied()
                        .filter(|&t| !look.is_mine(t))
                        .filter_map(|t| look.path_to(t))
                        .min_by_key(|p| (p.cost, p.steps.len()))
                })
                .and_then(|p| look.staging_for(p.steps[0]))
                .filter(|t| territories.contains(t))
                .unwrap_or_else(|| anywhere(look, territories));
            out.push(Placement::new(staging, left));
        }
        out
    }

    fn play(&mut self, look: &Look<'_, '_>, legal: &LegalActions, turn: &TurnMemory) -> Action {
        let played = card_play(legal, |choice| match choice {
            Choice::PlayReinforcements { max_cards } => {
                Some(Action::PlayReinforcements { cards: *max_cards })
            }
            _ => None,
        });
        if let Some(action) = played.or_else(|| reveal(look, legal, 5)) {
            return action;
        }
        let attack = |r: &Route| Action::Attack {
            from: r.from,
            to: r.to,
        };
        let odds_spared = |r: &Route| {
            let castle = look.sight.castle_at(r.to).is_some();
            look.odds(self.spare(look, r.from), look.armies(r.to), castle)
        };
        let best = |keep: &dyn Fn(&Route) -> bool, at: f64| {
            land_attacks(look, legal)
                .filter(|(r, _)| keep(r))
                .map(|(r, _)| (r, odds_spared(&r)))
                .filter(|(_, p)| *p >= at)
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(r, _)| r)
        };
        // A rival castle at good odds ends a seat.
        if let Some(r) = best(&|r| look.sight.castle_at(r.to).is_some(), 0.6) {
            return attack(&r);
        }
        for (r, p) in sea_attacks(look, legal) {
            let from_castle = look.sight.castle(look.me) == Some(r.from);
            if look.sight.castle_at(r.to).is_some() && p >= 0.7 && !from_castle {
                return Action::AdmiralAttack {
                    from: r.from,
                    to: r.to,
                    armies: r.max_armies,
                };
            }
        }
        // Into the continent it is taking.
        if let Some(g) = self.target(look)
            && let Some(r) = best(&|r| self.in_group(look, r.to, g), 0.55)
        {
            return attack(&r);
        }
        // Break a rival's continent.
        let rivals_whole: Vec<GroupId> = look
            .continents()
            .into_iter()
            .filter(|c| c.whole.is_some_and(|o| o != look.me) && c.bonus > 0)
            .map(|c| c.id)
            .collect();
        if let Some(r) = best(
            &|r| rivals_whole.contains(&look.board().territory(r.to).group),
            0.5,
        ) {
            return attack(&r);
        }
        // One territory a turn, for the card.
        if look.sight.is_classic()
            && !turn.captured(look)
            && let Some(r) = best(&|_| true, 0.6)
        {
            return attack(&r);
        }
        occupy(look, legal).unwrap_or(Action::EndTurn)
    }

    fn press_on(&self, look: &Look<'_, '_>, from: TerritoryId, to: TerritoryId) -> bool {
        let castle = look.sight.castle_at(to).is_some();
        look.odds(self.spare(look, from), look.armies(to), castle) >= 0.45
    }

    fn move_in(
        &self,
        look: &Look<'_, '_>,
        from: TerritoryId,
        to: TerritoryId,
        min: u32,
        max: u32,
    ) -> u32 {
        let keep_from = self.spare(look, from);
        let room = look.armies(from).saturating_sub(1);
        let kept = room.saturating_sub(keep_from);
        let most = max.min(room.saturating_sub(kept)).max(min);
        let target = self.target(look);
        let more_to_take = look
            .neighbours(to)
            .iter()
            .any(|&n| look.is_enemy(n) && target.is_some_and(|g| self.in_group(look, n, g)));
        if more_to_take || !look.on_front(from) {
            most
        } else if look.on_front(to) {
            min + (most.saturating_sub(min)) / 2
        } else {
            min
        }
    }
}
