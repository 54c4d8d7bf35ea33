//! Taking back a seat's own last decisions while they changed nothing but where its
//! armies stand: placing armies, moving in after a capture, occupying an empty
//! territory, fortifying, filling a vacated territory. A decision may be taken back
//! only while its seat is still the one to decide, and only if it drew on no chance
//! (no die, no card) and told nobody anything they could not see on the map. Any
//! other accepted action ends the chance to take back what came before it, so a take
//! back never reaches past a roll or a draw.

use super::Game;
use super::action::Action;
use super::event::{Event, EventKind};
use super::rng::Chance;
use super::seat::Seat;
use super::state::GameState;

/// The game just before a decision that may be taken back.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TakeBackPoint {
    state: GameState,
    chance: Chance,
}

/// Why [`Game::take_back`] refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TakeBackRefused {
    /// The last accepted action was not this seat's quiet move (a roll, a draw or
    /// another seat came since), or the game keeps no history.
    #[error("there is no decision of this seat to take back")]
    NothingToTakeBack,
}

impl Game {
    /// Whether `action` is of a kind that may be taken back, if what it does turns out
    /// quiet.
    fn may_be_taken_back(action: &Action) -> bool {
        matches!(
            action,
            Action::PlaceArmies { .. }
                | Action::MoveIn { .. }
                | Action::Occupy { .. }
                | Action::Fortify { .. }
                | Action::FillVacated { .. }
        )
    }

    /// Whether an event only moves or places armies on the map, which everyone sees.
    fn is_quiet(event: &Event) -> bool {
        matches!(
            event.kind,
            EventKind::ArmiesPlaced { .. }
                | EventKind::ArmiesMoved { .. }
                | EventKind::ArmiesForfeited { .. }
        )
    }

    /// The game as it stands, for [`Game::after_action`] to keep if `action` turns
    /// out quiet; `None` when it cannot be taken back whatever it does.
    pub(super) fn before_action(&self, action: &Action) -> Option<TakeBackPoint> {
        (self.recording && Self::may_be_taken_back(action)).then(|| TakeBackPoint {
            state: self.state.clone(),
            chance: self.chance.clone(),
        })
    }

    /// After `seat`'s action produced `events`: keeps `before` if the action may be
    /// taken back, or forgets every earlier point (the action drew on chance, told
    /// something, or handed the decision to someone else).
    pub(super) fn after_action(
        &mut self,
        seat: Seat,
        before: Option<TakeBackPoint>,
        events: &[Event],
    ) {
        match before {
            Some(point)
                if self.pending_seat() == Some(seat)
                    && point.chance == self.chance
                    && events.iter().all(Self::is_quiet) =>
            {
                self.take_backs.push(point);
            }
            _ => self.take_backs.clear(),
        }
    }

    /// The action `seat` may take back now, if any: its last, while it is still its
    /// decision and nothing came of chance or was told to anyone since.
    pub fn last_take_back(&self, seat: Seat) -> Option<&Action> {
        self.take_backs.last()?;
        match self.history.last() {
            Some((by, action)) if *by == seat && self.pending_seat() == Some(seat) => Some(action),
            _ => None,
        }
    }

    /// Takes back `seat`'s last decision (see [`Game::last_take_back`]): the game is
    /// exactly as it was before it, history included, and the decision is asked
    /// again. Returns the action taken back; on refusal nothing changes.
    pub fn take_back(&mut self, seat: Seat) -> Result<Action, TakeBackRefused> {
        if self.last_take_back(seat).is_none() {
            return Err(TakeBackRefused::NothingToTakeBack);
        }
        let point = self
            .take_backs
            .pop()
            .ok_or(TakeBackRefused::NothingToTakeBack)?;
        let (_, action) = self
            .history
            .pop()
            .ok_or(TakeBackRefused::NothingToTakeBack)?;
        self.state = point.state;
        self.chance = point.chance;
        Ok(action)
    }
}
