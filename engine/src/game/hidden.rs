//! Hidden armies (ruling 22): bringing them out once, on an own territory, sized by
//! the last Reinforcement number on the track.

use crate::board::TerritoryId;

use super::Game;
use super::error::RuleError;
use super::event::{Event, EventKind};
use super::seat::Seat;

impl Game {
    /// Checks that `seat` owns `territory` and has unrevealed hidden armies there.
    pub(crate) fn check_reveal(&self, seat: Seat, territory: TerritoryId) -> Result<(), RuleError> {
        if !self.variant.hidden_armies {
            return Err(RuleError::NoHiddenArmiesInVariant);
        }
        self.territory_exists(territory)?;
        let has_slip = self.state.seats[seat.index()]
            .hidden
            .iter()
            .any(|h| h.territory == territory && !h.revealed);
        if !has_slip {
            return Err(RuleError::NoHiddenArmiesThere(territory));
        }
        if self.owner(territory) != Some(seat) {
            return Err(RuleError::NotYours(territory));
        }
        Ok(())
    }

    pub(crate) fn reveal_hidden_armies(
        &mut self,
        seat: Seat,
        territory: TerritoryId,
        events: &mut Vec<Event>,
    ) {
        let size = self.hidden_army_size();
        let mut forfeited = Vec::new();
        let armies = self.armies_with_room(seat, size, &mut forfeited);
        let slip = self.state.seats[seat.index()]
            .hidden
            .iter_mut()
            .find(|h| h.territory == territory && !h.revealed)
            .expect("checked: an unrevealed slip");
        slip.revealed = true;
        self.state.territories[territory.index()].armies += armies;
        events.push(Event::public(EventKind::HiddenArmiesRevealed {
            seat,
            territory,
            armies,
        }));
        events.extend(forfeited);
    }

    /// Whether `seat` could bring hidden armies out on `territory` now (owned, with an
    /// unrevealed slip): asked before every defence, so it lists nothing.
    pub(crate) fn can_reveal_on(&self, seat: Seat, territory: TerritoryId) -> bool {
        self.owner(territory) == Some(seat)
            && self.state.seats[seat.index()]
                .hidden
                .iter()
                .any(|h| h.territory == territory && !h.revealed)
    }

    /// Territories where `seat` could bring hidden armies out now (owned, unrevealed).
    pub(crate) fn revealable(&self, seat: Seat) -> Vec<TerritoryId> {
        let mut out: Vec<TerritoryId> = self.state.seats[seat.index()]
            .hidden
            .iter()
            .filter(|h| !h.revealed && self.owner(h.territory) == Some(seat))
            .map(|h| h.territory)
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}
