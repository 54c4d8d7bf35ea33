//! The Expert: a search player that never cheats.
//!
//! At the decisions that shape a game (what to do next in its turn: cards, hidden
//! armies, which attack, when to stop; where reinforcements and spoils go) it draws
//! worlds from its seat's sight ([`SeatSight::sample_world`]: other hands, hidden
//! slips, the draw pile's order and the dice are imagined from what it can infer), and
//! in each world tries every candidate: the candidate, then the rest of its turn and a
//! whole round of the others' turns played out by the greedy player, then the position
//! judged by an evaluation fitted to self-play winners (`eval`). Candidates share their
//! worlds and dice (common random numbers), and the weaker half is dropped after each
//! pass so that the simulations go to the close calls (successive halving, `search`).
//! Battles are judged with the engine's exact odds when candidates are picked and
//! positions weighed.
//!
//! Other decisions (setup, dice, moving in, spies' answers) are quick rules, the
//! greedy player's or its own, so that a whole game costs seconds. Its thinking is
//! counted in simulations, so a game replays the same from its seeds; a [`Thinking`]
//! scales the budget, caps the wall-clock time and cancels.

mod candidates;
pub mod eval;
mod search;

use std::time::Instant;

use rand::Rng;

use super::{GreedyPolicy, Policy, SeatSight, Thinking};
use crate::game::{Action, Choice, Decision, LegalActions};

/// Simulations a decision of the turn may spend, at effort 1.
const TURN_SIMULATIONS: u32 = 96;
/// Simulations for placing reinforcements, spoils or starting armies.
const PLACEMENT_SIMULATIONS: u32 = 64;
/// Simulations for a choice of setup (the castle, a claim).
const SETUP_SIMULATIONS: u32 = 48;
/// Simulations for a choice within a battle or a spy's visit (roll on or stop, a
/// General or a Marshall, how many move in, what to answer or discard).
const BATTLE_SIMULATIONS: u32 = 24;

/// The Expert strength. See the module documentation.
#[derive(Clone, Debug)]
pub struct ExpertPolicy {
    thinking: Thinking,
    /// For the decisions it does not search, and its answer when cancelled.
    greedy: GreedyPolicy,
    /// Simulations spent so far (for benchmarks and the tournament's figures).
    simulations: u64,
}

impl ExpertPolicy {
    /// An Expert thinking within `thinking`.
    pub fn new(thinking: Thinking) -> Self {
        Self {
            thinking,
            greedy: GreedyPolicy::new(),
            simulations: 0,
        }
    }

    /// Simulations spent on all decisions so far.
    pub fn simulations(&self) -> u64 {
        self.simulations
    }

    fn budget(&self, base: u32) -> u32 {
        ((f64::from(base) * self.thinking.effort).round() as u32).max(2)
    }
}

impl Policy for ExpertPolicy {
    fn choose(&mut self, sight: &SeatSight<'_>, legal: &LegalActions, rng: &mut dyn Rng) -> Action {
        // The greedy answer comes first: it keeps the greedy player's count of the
        // turn's decisions, and is the answer when there is nothing to think about.
        let quick = self.greedy.choose(sight, legal, rng);
        if self.thinking.cancel.is_cancelled() {
            return quick;
        }
        let Some(pending) = sight.pending() else {
            return quick;
        };
        let (candidates, base) = match pending.decision {
            Decision::Play { .. } => (candidates::turn(sight, legal, &quick), TURN_SIMULATIONS),
            Decision::PlaceArmies { armies, .. } => match legal.choices.first() {
                Some(Choice::PlaceArmies { territories, .. }) => (
                    candidates::placements(sight, armies, territories, &quick),
                    PLACEMENT_SIMULATIONS,
                ),
                _ => return quick,
            },
            Decision::PlaceCastle { .. } | Decision::Claim => {
                (candidates::setup(sight, legal, &quick), SETUP_SIMULATIONS)
            }
            Decision::Roll { .. }
            | Decision::Defend { .. }
            | Decision::MoveIn { .. }
            | Decision::AnswerSpy { .. }
            | Decision::SpyDiscard { .. } => {
                (candidates::battle(legal, &quick), BATTLE_SIMULATIONS)
            }
            _ => return quick,
        };
        if candidates.len() < 2 {
            return quick;
        }
        let limits = search::Limits {
            simulations: self.budget(base),
            started: Instant::now(),
            time_cap: self.thinking.time_cap,
            cancel: &self.thinking.cancel,
        };
        let found = search::best(sight, &candidates, &limits, rng);
        self.simulations += u64::from(found.simulations);
        match found.best {
            Some(i) => candidates[i].clone(),
            None => quick,
        }
    }
}
