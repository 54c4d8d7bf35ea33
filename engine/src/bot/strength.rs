//! The strengths a computer seat is chosen by (Easy, Normal, Expert), their stable ids,
//! and how much a seat may think: a budget counted in simulations (so that games stay
//! deterministic from their seeds), an optional wall-clock cap and a cancellation flag
//! that a front end's worker thread can raise from outside.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::{ExpertPolicy, GreedyPolicy, Policy};

/// How well a computer seat plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    /// A beginner: legal and sensible, but careless with its castle and its cards.
    Easy,
    /// The greedy player: one quick look at the board per decision.
    Normal,
    /// The search player: looks ahead in worlds drawn from what it can see.
    Expert,
}

impl Strength {
    /// Every strength, weakest first.
    pub const ALL: [Strength; 3] = [Strength::Easy, Strength::Normal, Strength::Expert];

    /// The stable id saves, settings and the protocol write: `easy`, `normal`, `expert`.
    pub fn id(self) -> &'static str {
        match self {
            Strength::Easy => "easy",
            Strength::Normal => "normal",
            Strength::Expert => "expert",
        }
    }

    /// A player of this strength with the default thinking (no cap, never cancelled).
    pub fn policy(self) -> Box<dyn Policy + Send> {
        self.policy_with(Thinking::default())
    }

    /// A player of this strength thinking within `thinking`. Only the Expert thinks
    /// long enough for the budget, cap and cancellation to matter; the others answer
    /// in microseconds whatever they are given.
    pub fn policy_with(self, thinking: Thinking) -> Box<dyn Policy + Send> {
        match self {
            Strength::Easy => Box::new(GreedyPolicy::easy()),
            Strength::Normal => Box::new(GreedyPolicy::new()),
            Strength::Expert => Box::new(ExpertPolicy::new(thinking)),
        }
    }
}

impl fmt::Display for Strength {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An id that names no strength.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("“{0}” is not a strength (easy, normal or expert)")]
pub struct UnknownStrength(pub String);

impl FromStr for Strength {
    type Err = UnknownStrength;

    fn from_str(id: &str) -> Result<Self, Self::Err> {
        Strength::ALL
            .into_iter()
            .find(|s| s.id() == id)
            .ok_or_else(|| UnknownStrength(id.to_owned()))
    }
}

/// A flag that stops a computer player's thinking: clones share it, so a front end
/// keeps one and hands a clone to the player on its worker thread. A cancelled player
/// still answers, at once, with a legal (quick, greedy) action.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not raised.
    pub fn new() -> Self {
        Self::default()
    }

    /// Raises the flag: every player holding a clone stops thinking.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers it again, to reuse the players for another game.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// How much a computer player may think per decision.
#[derive(Clone, Debug)]
pub struct Thinking {
    /// Scales the simulations the Expert spends on a decision: 1.0 is its tuned
    /// budget, 0.5 half of it. Counted in simulations, never in time, so that a game
    /// replays the same from its seed on any machine.
    pub effort: f64,
    /// A safety cap on the wall-clock time of one decision (for a desktop on a slow
    /// machine). When it strikes, the decision depends on the machine's speed: leave
    /// it `None` wherever play must be reproducible (tournaments, tests, protocol).
    pub time_cap: Option<Duration>,
    /// Stops the thinking at once when raised.
    pub cancel: Cancel,
}

impl Default for Thinking {
    fn default() -> Self {
        Self {
            effort: 1.0,
            time_cap: None,
            cancel: Cancel::new(),
        }
    }
}

impl Thinking {
    /// The default thinking, stopped by `cancel`.
    pub fn cancelled_by(cancel: Cancel) -> Self {
        Self {
            cancel,
            ..Self::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable_and_read_back() {
        let ids: Vec<&str> = Strength::ALL.iter().map(|s| s.id()).collect();
        assert_eq!(ids, ["easy", "normal", "expert"]);
        for strength in Strength::ALL {
            assert_eq!(strength.id().parse::<Strength>(), Ok(strength));
            let json = serde_json::to_string(&strength).unwrap();
            assert_eq!(json, format!("\"{}\"", strength.id()));
        }
        let error = "hard".parse::<Strength>().unwrap_err();
        assert!(error.to_string().contains("hard"), "{error}");
    }

    #[test]
    fn a_cancel_flag_is_shared_by_its_clones() {
        let cancel = Cancel::new();
        let held = cancel.clone();
        assert!(!held.is_cancelled());
        cancel.cancel();
        assert!(held.is_cancelled());
        held.reset();
        assert!(!cancel.is_cancelled());
    }
}
