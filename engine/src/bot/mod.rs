//! Computer players: the [`Policy`] a seat plays by, seeing the game only through its
//! [`SeatSight`]; a uniformly random policy for tests, a fast greedy one for the
//! desktop's computer seats, and [`play_to_end`], which plays a game out with one
//! policy per seat and always stops.
//!
//! ```
//! use std::sync::Arc;
//! use castellan_engine::board::parse_board;
//! use castellan_engine::bot::{GreedyPolicy, Outcome, Policy, RandomPolicy, play_to_end};
//! use castellan_engine::game::Game;
//! use castellan_engine::variant::Variant;
//! use rand::SeedableRng;
//!
//! let source = include_str!("../../../data/boards/castle-risk.toml");
//! let board = Arc::new(parse_board(source, "castle-risk.toml").unwrap());
//! let mut game = Game::new(board, Variant::rulebook(), 3, 11).unwrap();
//! let mut policies: Vec<Box<dyn Policy>> = vec![
//!     Box::new(GreedyPolicy::new()),
//!     Box::new(GreedyPolicy::new()),
//!     Box::new(RandomPolicy),
//! ];
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
//! match play_to_end(&mut game, &mut policies, &mut rng, 100_000) {
//!     Outcome::Won { winner, .. } => assert_eq!(game.winner(), Some(winner)),
//!     other => panic!("{other:?}"),
//! }
//! ```

mod chances;
mod expert;
mod greedy;
mod play;
mod random;
mod sight;
mod strength;
pub mod tournament;

use rand::Rng;

use crate::game::{Action, LegalActions};

pub use chances::{Battle, win_probability};
pub use expert::ExpertPolicy;
pub use expert::eval;
pub use greedy::GreedyPolicy;
pub use play::{Outcome, play_to_end};
pub use random::RandomPolicy;
pub use sight::SeatSight;
pub use strength::{Cancel, Strength, Thinking, UnknownStrength};

/// How a seat picks its actions.
pub trait Policy {
    /// Picks one of the `legal` actions for the seat whose window is `sight` (the
    /// pending seat). Chance comes only from `rng`, so a policy given the same
    /// generator state in the same position chooses the same action.
    fn choose(&mut self, sight: &SeatSight<'_>, legal: &LegalActions, rng: &mut dyn Rng) -> Action;
}
