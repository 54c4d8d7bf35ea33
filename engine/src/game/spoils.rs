//! Spoils (ruling 20): what a seat earns at the end of its turn for whole empires,
//! the independents (all of them, or per region under the house rule) and captured
//! banners.

use crate::board::GroupKind;

use super::Game;
use super::event::SpoilsBreakdown;
use super::seat::Seat;

impl Game {
    /// What `seat` would collect if its turn ended now.
    pub fn spoils_for(&self, seat: Seat) -> SpoilsBreakdown {
        let rules = &self.variant.spoils;
        let holds = |t: &crate::board::TerritoryId| self.owner(*t) == Some(seat);
        let mut breakdown = SpoilsBreakdown::default();
        let mut all_independents = true;
        let mut any_independent = false;
        for id in self.board.group_ids() {
            let group = self.board.group(id);
            let whole = !group.territories.is_empty() && group.territories.iter().all(holds);
            match group.kind {
                GroupKind::Empire if whole => {
                    breakdown
                        .empires
                        .push((id, rules.empire_bonus.unwrap_or(group.bonus)));
                }
                GroupKind::Empire => {}
                GroupKind::Independent => {
                    any_independent |= !group.territories.is_empty();
                    all_independents &= whole || group.territories.is_empty();
                    if whole && rules.per_region_bonus {
                        breakdown
                            .regions
                            .push((id, rules.region_bonus.unwrap_or(group.bonus)));
                    }
                }
            }
        }
        if any_independent && all_independents && !rules.per_region_bonus {
            breakdown.all_independents = rules
                .all_independents_bonus
                .unwrap_or(self.board.all_independents_bonus);
        }
        breakdown.banners = self.captured_banners(seat).len() as u32;
        breakdown.banner_armies = breakdown.banners.saturating_mul(rules.banner_bonus);
        // Saturating: whatever the bonuses, the board takes no more than its limit
        // (ruling 26), so a sum past `u32` would be cut down anyway.
        breakdown.total = breakdown
            .empires
            .iter()
            .chain(&breakdown.regions)
            .map(|&(_, n)| n)
            .chain([breakdown.all_independents, breakdown.banner_armies])
            .fold(0u32, u32::saturating_add);
        breakdown
    }
}
