//! The card farmer: the aggressive player. Everything goes on one large army at the
//! front that rolls on from capture to capture, moving everything in; it attacks
//! whatever it beats at even odds, never ends a classic turn without a card if any
//! attack gives one a fair chance, trades and plays its cards at once, spies on the
//! fullest hand, and goes after whoever holds the most cards, whose elimination (or
//! castle) would bring them.

use super::look::Look;
use super::{
    Character, TurnMemory, anywhere, card_play, land_attacks, occupy, reveal, sea_attacks, spy,
    top_up,
};
use crate::board::TerritoryId;
use crate::game::{Action, Choice, LegalActions, Placement, PlacementReason, Route, Seat};

/// The chance of losing its castle it accepts: a gambler's.
const CASTLE_RISK: f64 = 0.35;
/// The odds it attacks at.
const ATTACK_AT: f64 = 0.5;

pub struct CardFarmer;

impl CardFarmer {
    /// The rival holding the most cards for its armies: the richest to eliminate.
    fn mark(&self, look: &Look<'_, '_>) -> Option<Seat> {
        let armies = look.armies_by_seat();
        look.rivals()
            .into_iter()
            .filter(|&s| !look.sight.in_truce(look.me, s))
            .max_by_key(|&s| {
                (
                    4 * look.cards_of(s) as i64 - armies[s.index()] as i64 / 4,
                    std::cmp::Reverse(s),
                )
            })
    }

    /// Its spearhead: the largest own army next to an enemy.
    fn spearhead(&self, look: &Look<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
        let mark = self.mark(look);
        territories
            .iter()
            .copied()
            .filter(|&t| look.on_front(t))
            .max_by_key(|&t| {
                let next_to_mark = look
                    .neighbours(t)
                    .iter()
                    .any(|&n| mark.is_some() && look.sight.owner(n) == mark);
                (next_to_mark, look.armies(t), std::cmp::Reverse(t))
            })
            .unwrap_or_else(|| anywhere(look, territories))
    }

    fn spare(&self, look: &Look<'_, '_>, from: TerritoryId) -> u32 {
        if look.sight.castle(look.me) == Some(from) {
            look.armies(from)
                .saturating_sub(look.garrison_for(from, CASTLE_RISK))
        } else {
            look.armies(from).saturating_sub(1)
        }
    }
}

impl Character for CardFarmer {
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
        out.push(Placement::new(self.spearhead(look, territories), left));
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
            .or_else(|| reveal(look, legal, 1))
            .or_else(|| spy(look, legal))
        {
            return action;
        }
        let mark = self.mark(look);
        let worth = |r: &Route, p: f64| {
            let castle = look.sight.castle_at(r.to).is_some();
            let marked = look.sight.owner(r.to) == mark;
            p + if castle { 1.0 } else { 0.0 } + if marked { 0.3 } else { 0.0 }
        };
        let spared = |r: &Route| {
            let castle = look.sight.castle_at(r.to).is_some();
            look.odds(self.spare(look, r.from), look.armies(r.to), castle)
        };
        let at = if look.sight.is_classic() && !turn.captured(look) {
            0.4
        } else {
            ATTACK_AT
        };
        let best = land_attacks(look, legal)
            .map(|(r, _)| (r, spared(&r)))
            .filter(|(_, p)| *p >= at)
            .max_by(|a, b| worth(&a.0, a.1).total_cmp(&worth(&b.0, b.1)));
        if let Some((r, _)) = best {
            return Action::Attack {
                from: r.from,
                to: r.to,
            };
        }
        for (r, p) in sea_attacks(look, legal) {
            if p >= 0.6 && look.sight.castle(look.me) != Some(r.from) {
                return Action::AdmiralAttack {
                    from: r.from,
                    to: r.to,
                    armies: r.max_armies,
                };
            }
        }
        occupy(look, legal).unwrap_or(Action::EndTurn)
    }

    fn press_on(&self, look: &Look<'_, '_>, from: TerritoryId, to: TerritoryId) -> bool {
        let castle = look.sight.castle_at(to).is_some();
        look.odds(self.spare(look, from), look.armies(to), castle) >= 0.4
    }

    fn move_in(
        &self,
        look: &Look<'_, '_>,
        from: TerritoryId,
        _to: TerritoryId,
        min: u32,
        max: u32,
    ) -> u32 {
        if look.sight.castle(look.me) == Some(from) {
            return self.spare(look, from).clamp(min, max);
        }
        max
    }
}
