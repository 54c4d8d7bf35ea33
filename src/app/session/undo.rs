//! Undo at the table: the last step of a placement or the fortify still being made
//! (a fortify ends the turn, so it is confirmed rather than taken back), and then the
//! person's own last decisions that the engine lets them take back (placements, a
//! move-in, an occupation, filling a vacated territory: never past a roll or a draw,
//! see `Game::take_back`). The window removes what a taken-back decision wrote in the
//! log, so the log stays the story of the game a save replays.

use castellan_engine::game::Action;

use super::{Session, TableEvent};

/// What [`Session::undo`] took back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undone {
    /// One step of the placement being made (one army, five or all).
    PlacementStep,
    /// The fortify chosen on the map and not yet confirmed.
    FortifyDraft,
    /// A decision the engine had accepted, with the public events it had caused
    /// (for the log to drop). A placement comes back as the half-made placement it
    /// was, to change or confirm again.
    Decision {
        action: Action,
        events: Vec<TableEvent>,
    },
}

impl Session {
    /// Whether Undo would take something back now.
    pub fn may_undo(&self) -> bool {
        !self.draft.is_empty()
            || self.fortify_draft().is_some()
            || self
                .human_to_move()
                .is_some_and(|seat| self.game.last_take_back(seat).is_some())
    }

    /// Takes back the last placement step, or else the last decision the person to
    /// move may take back; `None` when there is neither.
    pub fn undo(&mut self) -> Option<Undone> {
        if self.undo_placement() {
            return Some(Undone::PlacementStep);
        }
        if self.clear_fortify() {
            return Some(Undone::FortifyDraft);
        }
        let seat = self.human_to_move()?;
        let action = self.game.take_back(seat).ok()?;
        // What was ordered ahead would only put it back.
        self.forget_placements_ahead(seat);
        // What the decision had done, worked out again on a copy: the same events, as
        // nothing of chance or anyone's secret was involved.
        let mut again = self.game.unrecorded_copy();
        let events = again
            .apply(seat, action.clone())
            .map(|events| {
                events
                    .iter()
                    .filter_map(|e| TableEvent::public(&again, e))
                    .collect()
            })
            .unwrap_or_default();
        self.source = None;
        self.draft = match &action {
            Action::PlaceArmies { placements } => {
                placements.iter().map(|p| (p.territory, p.armies)).collect()
            }
            _ => Vec::new(),
        };
        self.unsaved = true;
        Some(Undone::Decision { action, events })
    }
}
