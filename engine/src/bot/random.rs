//! The random policy: any legal action, for property tests and as a yardstick.

use rand::Rng;

use super::{Policy, SeatSight};
use crate::game::{Action, LegalActions};

/// Picks a legal action at random: each family of actions (attack, end the turn, …)
/// equally likely, then uniformly within it, army counts and dice included (see
/// [`LegalActions::sample`]). It knows nothing, so it needs nothing from its sight.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct RandomPolicy;

impl Policy for RandomPolicy {
    fn choose(
        &mut self,
        _sight: &SeatSight<'_>,
        legal: &LegalActions,
        rng: &mut dyn Rng,
    ) -> Action {
        legal
            .sample(rng)
            .expect("a policy is only asked while a decision is pending")
    }
}
