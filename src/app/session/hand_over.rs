//! Setup decisions a person leaves to others: claims or setup placements handed to
//! the computer ("Claim for Me", "Place for Me": the Normal player makes them from
//! that seat's own sight), and setup placements of one army at a time (classic Risk)
//! ordered ahead on one territory with a Shift- or Ctrl-click, made as the person's
//! turns come. Every such move is an ordinary action the engine checks.

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Action, Decision, Placement, PlacementReason, Seat};

use super::Session;

/// What a person handed over to the computer.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct HandedOver {
    claims: bool,
    placements: bool,
}

/// A setup decision the person may hand over now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum HandOver {
    /// The rest of their claims ("Claim for Me").
    Claims,
    /// The rest of their setup placements ("Place for Me").
    Placements,
}

impl Session {
    pub(super) fn computer_decides(&self, seat: Seat) -> bool {
        let handed = self
            .handed_over
            .get(seat.index())
            .copied()
            .unwrap_or_default();
        self.seats[seat.index()].computer
            || match self.setup_decision() {
                Some(HandOver::Claims) => handed.claims,
                Some(HandOver::Placements) => handed.placements,
                None => false,
            }
    }

    /// Which kind of setup decision is at hand, if one that may be handed over is.
    fn setup_decision(&self) -> Option<HandOver> {
        match self.game.pending()?.decision {
            Decision::Claim => Some(HandOver::Claims),
            Decision::PlaceArmies {
                reason: PlacementReason::Setup,
                ..
            } => Some(HandOver::Placements),
            _ => None,
        }
    }

    /// The person who may hand their setup decision at hand over to the computer
    /// now, and which: they are to claim or place and have not handed it over yet.
    pub fn may_hand_over(&self) -> Option<(Seat, HandOver)> {
        let seat = self.human_to_move()?;
        Some((seat, self.setup_decision()?))
    }

    /// The person who may hand their claims over to the computer now.
    #[cfg(test)]
    pub fn may_hand_over_claims(&self) -> Option<Seat> {
        self.may_hand_over()
            .filter(|(_, what)| *what == HandOver::Claims)
            .map(|(seat, _)| seat)
    }

    /// The computer makes `what` for `seat` from now on (as the Normal player would,
    /// from that seat's own sight); refused unless that person is to make it now.
    /// A placement being made on the map, or ordered ahead, is dropped.
    pub fn hand_over(&mut self, seat: Seat, what: HandOver) -> bool {
        if self.may_hand_over() != Some((seat, what)) {
            return false;
        }
        let handed = &mut self.handed_over[seat.index()];
        match what {
            HandOver::Claims => handed.claims = true,
            HandOver::Placements => handed.placements = true,
        }
        self.draft.clear();
        self.placements_ahead[seat.index()] = None;
        true
    }

    /// The computer claims for `seat` from now on ("Claim for Me").
    #[cfg(test)]
    pub fn hand_over_claims(&mut self, seat: Seat) -> bool {
        self.hand_over(seat, HandOver::Claims)
    }

    /// Orders `more` setup placements of one army on `territory` ahead, after the one
    /// being made now, for the person to move.
    pub(super) fn place_ahead(&mut self, territory: TerritoryId, more: u32) {
        if let Some(seat) = self.human_to_move() {
            self.placements_ahead[seat.index()] = (more > 0).then_some((territory, more));
        }
    }

    /// The placement ordered ahead that is due now: a person's setup placement of
    /// one army, on the territory they ordered, while the engine allows it.
    pub(super) fn placement_ahead(&self) -> Option<(Seat, Action)> {
        let seat = self.human_to_move()?;
        let (territory, more) = self.placements_ahead.get(seat.index()).copied().flatten()?;
        let Decision::PlaceArmies {
            armies: 1,
            reason: PlacementReason::Setup,
        } = self.game.pending()?.decision
        else {
            return None;
        };
        let placement = Action::PlaceArmies {
            placements: vec![Placement::new(territory, 1)],
        };
        (more > 0 && self.game.check(seat, &placement).is_ok()).then_some((seat, placement))
    }

    /// One placement ordered ahead for `seat` was made.
    pub(super) fn placement_made_ahead(&mut self, seat: Seat) {
        if let Some(slot) = self.placements_ahead.get_mut(seat.index()) {
            *slot = slot.and_then(|(territory, more)| (more > 1).then_some((territory, more - 1)));
        }
    }

    /// Forgets the placements ordered ahead by `seat` (taken back with Undo).
    pub(super) fn forget_placements_ahead(&mut self, seat: Seat) {
        if let Some(slot) = self.placements_ahead.get_mut(seat.index()) {
            *slot = None;
        }
    }
}
