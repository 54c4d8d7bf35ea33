//! The castle-hunter: the rulebook's own advice followed to the letter. Its castle
//! keeps enough armies that the largest army that could reach it, by land or by sea,
//! takes it at most one time in five (by the exact odds); everything else is massed
//! on the way to the rival castle that is cheapest to reach, attacked at 60 % or
//! better, with the General kept for castles and Reinforcements played at once.
//!
//! In classic Risk, where there are no castles, it hunts players instead: the
//! weakest rival, whose elimination brings its cards.

use super::look::{Look, Path};
use super::{
    Character, TurnMemory, anywhere, card_play, land_attacks, occupy, reveal, sea_attacks, spy,
    top_up,
};
use crate::board::TerritoryId;
use crate::game::{Action, Choice, LegalActions, Placement, PlacementReason, Seat};

/// The chance of losing the castle it accepts.
const CASTLE_RISK: f64 = 0.2;
/// The odds it attacks at.
const ATTACK_AT: f64 = 0.6;

pub struct CastleHunter;

impl CastleHunter {
    /// Castle Risk: the cheapest rival castle and the way to it.
    fn quarry(&self, look: &Look<'_, '_>) -> Option<(Seat, TerritoryId, Path)> {
        look.rival_castles().into_iter().next()
    }

    /// Classic Risk: the rival with the fewest armies for its cards, and the way to
    /// its weakest territory.
    fn prey(&self, look: &Look<'_, '_>) -> Option<(Seat, Path)> {
        let armies = look.armies_by_seat();
        let prey = look
            .rivals()
            .into_iter()
            .filter(|&s| armies[s.index()] > 0)
            .min_by_key(|&s| (armies[s.index()] as i64 - 3 * look.cards_of(s) as i64, s))?;
        look.board()
            .territory_ids()
            .filter(|&t| look.sight.owner(t) == Some(prey))
            .filter_map(|t| look.path_to(t))
            .min_by_key(|p| (p.cost, p.steps.len()))
            .map(|p| (prey, p))
    }

    /// The first step of the way to its quarry (or prey).
    fn next_step(&self, look: &Look<'_, '_>) -> Option<TerritoryId> {
        if look.sight.is_classic() {
            self.prey(look).map(|(_, p)| p.steps[0])
        } else {
            self.quarry(look).map(|(_, _, p)| p.steps[0])
        }
    }

    /// The armies its castle must keep.
    fn garrison(&self, look: &Look<'_, '_>) -> Option<(TerritoryId, u32)> {
        let castle = look.sight.castle(look.me)?;
        Some((castle, look.garrison_for(castle, CASTLE_RISK)))
    }

    /// Armies that may leave `from` for an attack.
    fn spare(&self, look: &Look<'_, '_>, from: TerritoryId) -> u32 {
        match self.garrison(look) {
            Some((castle, keep)) if castle == from => look.armies(from).saturating_sub(keep),
            _ => look.armies(from).saturating_sub(1),
        }
    }
}

impl Character for CastleHunter {
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
        let staging = self
            .next_step(look)
            .and_then(|first| look.staging_for(first))
            .filter(|t| territories.contains(t))
            .unwrap_or_else(|| anywhere(look, territories));
        out.push(Placement::new(staging, left));
        out
    }

    fn play(&mut self, look: &Look<'_, '_>, legal: &LegalActions, turn: &TurnMemory) -> Action {
        let played = card_play(legal, |choice| match choice {
            Choice::PlayReinforcements { max_cards } => {
                Some(Action::PlayReinforcements { cards: *max_cards })
            }
            _ => None,
        });
        if let Some(action) = played
            .or_else(|| spy(look, legal))
            .or_else(|| reveal(look, legal, 5))
        {
            return action;
        }
        // A castle within reach at good odds, by land first.
        let castle_attack = land_attacks(look, legal)
            .filter(|(r, _)| look.sight.castle_at(r.to).is_some())
            .filter(|(r, _)| {
                let castle = true;
                look.odds(self.spare(look, r.from), look.armies(r.to), castle) >= ATTACK_AT
            })
            .max_by(|a, b| a.1.total_cmp(&b.1));
        if let Some((r, _)) = castle_attack {
            return Action::Attack {
                from: r.from,
                to: r.to,
            };
        }
        for (r, _) in sea_attacks(look, legal) {
            let aboard = self.spare(look, r.from).min(r.max_armies);
            if look.sight.castle_at(r.to).is_some()
                && aboard > 0
                && look.odds(aboard, look.armies(r.to), true) >= ATTACK_AT
            {
                return Action::AdmiralAttack {
                    from: r.from,
                    to: r.to,
                    armies: aboard,
                };
            }
        }
        // On along the way to its quarry.
        if let Some(first) = self.next_step(look) {
            let step = land_attacks(look, legal)
                .filter(|(r, _)| r.to == first && self.spare(look, r.from) > 0)
                .filter(|(r, _)| {
                    let castle = look.sight.castle_at(r.to).is_some();
                    look.odds(self.spare(look, r.from), look.armies(r.to), castle) >= ATTACK_AT
                })
                .max_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((r, _)) = step {
                return Action::Attack {
                    from: r.from,
                    to: r.to,
                };
            }
        }
        // Classic Risk: a card for the turn, from the safest attack.
        if look.sight.is_classic() && !turn.captured(look) {
            let card = land_attacks(look, legal)
                .filter(|(_, p)| *p >= 0.75)
                .max_by(|a, b| a.1.total_cmp(&b.1));
            if let Some((r, _)) = card {
                return Action::Attack {
                    from: r.from,
                    to: r.to,
                };
            }
        }
        occupy(look, legal).unwrap_or(Action::EndTurn)
    }

    fn press_on(&self, look: &Look<'_, '_>, from: TerritoryId, to: TerritoryId) -> bool {
        let castle = look.sight.castle_at(to).is_some();
        look.odds(self.spare(look, from), look.armies(to), castle) >= if castle { 0.4 } else { 0.5 }
    }

    fn commit_general(&self, look: &Look<'_, '_>, to: TerritoryId) -> bool {
        look.sight.castle_at(to).is_some()
    }

    fn move_in(
        &self,
        look: &Look<'_, '_>,
        from: TerritoryId,
        to: TerritoryId,
        min: u32,
        max: u32,
    ) -> u32 {
        if let Some((castle, keep)) = self.garrison(look)
            && castle == from
        {
            return look.armies(from).saturating_sub(keep).clamp(min, max);
        }
        // On towards the quarry: everything follows when the way goes on from here.
        let ahead = look.neighbours(to).iter().any(|&n| look.is_enemy(n));
        if ahead { max } else { min }
    }
}
