//! The strengths a computer seat is chosen by (Easy, Normal, Expert), their stable
//! ids, and how long a seat may think: a budget counted in work (partial turns
//! scored, so that a game replays the same from its seed on any machine), an
//! optional wall-clock cap, and a cancellation flag another thread may raise.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// How well a computer seat plays Château Noir.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    /// Sensible but shallow: spends its units, takes what is offered, walks to its
    /// next territory, and misses threats.
    Easy,
    /// The best end of its own turn under the full evaluation.
    Normal,
    /// A search over its turn and the next armies' replies.
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

/// A flag that stops a computer player's thinking: clones share it. A cancelled
/// player still answers, at once, with the best turn it has found so far (a legal
/// one).
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    pub fn new() -> Self {
        Self::default()
    }

    /// Raises the flag.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers it again.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The Expert's work budget for one turn at effort 1: partial turns scored. About a
/// second of one core's time on the reconstructed board.
pub const EXPERT_WORK: u64 = 400_000;

/// How much a computer player may think on a turn.
#[derive(Clone, Debug)]
pub struct Thinking {
    /// Scales the Expert's work budget ([`EXPERT_WORK`]): 1 is its full strength,
    /// 0.1 a tenth of it. Counted in work, never in time, so that play is
    /// reproducible.
    pub effort: f64,
    /// A safety cap on the wall-clock time of one turn's thinking. When it strikes,
    /// the turn depends on the machine's speed: leave it `None` wherever play must be
    /// reproducible (tournaments, tests, the protocol).
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
    /// The Expert's work budget for one turn.
    pub fn work(&self) -> u64 {
        (EXPERT_WORK as f64 * self.effort.clamp(0.001, 100.0)) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable_and_read_back() {
        for strength in Strength::ALL {
            assert_eq!(strength.id().parse::<Strength>(), Ok(strength));
            let json = serde_json::to_string(&strength).unwrap();
            assert_eq!(json, format!("\"{}\"", strength.id()));
        }
        assert!("hard".parse::<Strength>().is_err());
    }

    #[test]
    fn a_cancel_flag_is_shared_by_its_clones() {
        let cancel = Cancel::new();
        let held = cancel.clone();
        cancel.cancel();
        assert!(held.is_cancelled());
        held.reset();
        assert!(!cancel.is_cancelled());
    }
}
