//! Computer players: the [`Policy`] a seat plays by, seeing the game only through its
//! [`SeatSight`]; the three [`Strength`]s people choose from (Easy and Normal, the
//! greedy player with and without a beginner's habits, and the Expert, a search
//! player), a uniformly random policy for tests, [`play_to_end`], which plays a game
//! out with one policy per seat and always stops, and [`tournament`]s between them.
//! How a computer answers an offer of cards (ruling 25) is `trade`, shared by all.
//!
//! A front end makes a seat's player with [`Strength::policy_with`], giving it a
//! [`Thinking`]: the Expert's budget (in simulations, so play is reproducible), an
//! optional wall-clock cap, and a [`Cancel`] flag that another thread may raise; a
//! cancelled player answers at once with a legal action. Players are `Send`, so they
//! can think on a worker thread:
//!
//! ```
//! use std::sync::Arc;
//! use castellan_engine::board::parse_board;
//! use castellan_engine::bot::{Cancel, SeatSight, Strength, Thinking};
//! use castellan_engine::game::Game;
//! use castellan_engine::variant::Variant;
//! use rand::SeedableRng;
//!
//! let source = include_str!("../../../data/boards/castle-risk.toml");
//! let board = Arc::new(parse_board(source, "castle-risk.toml").unwrap());
//! let game = Game::new(board, Variant::rulebook(), 2, 3).unwrap();
//! let cancel = Cancel::new();
//! let mut expert = Strength::Expert.policy_with(Thinking::cancelled_by(cancel.clone()));
//! let seat = game.pending_seat().unwrap();
//! let legal = game.legal_actions();
//! let worker = std::thread::spawn(move || {
//!     let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//!     expert.choose(&SeatSight::new(&game, seat), &legal, &mut rng)
//! });
//! cancel.cancel(); // a new game or quitting: the answer comes at once
//! let action = worker.join().unwrap();
//! assert_eq!(action.name(), "place_castle");
//! ```
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
mod contender;
mod expert;
mod greedy;
mod play;
mod random;
mod sight;
pub mod sparring;
mod strength;
pub mod tournament;
mod trade;
pub mod watch;

use rand::Rng;

use crate::game::{Action, LegalActions};

pub use chances::{Battle, win_probability};
pub use contender::{Contender, UnknownContender};
pub use expert::ExpertPolicy;
pub use expert::eval;
pub use greedy::GreedyPolicy;
pub use play::{Outcome, play_to_end};
pub use random::RandomPolicy;
pub use sight::SeatSight;
pub use sparring::{Sparring, SparringPolicy};
pub use strength::{Cancel, Strength, Thinking, UnknownStrength};
pub use trade::answer_offer;

/// How a seat picks its actions.
pub trait Policy {
    /// Picks one of the `legal` actions for the seat whose window is `sight` (the
    /// pending seat). Chance comes only from `rng`, so a policy given the same
    /// generator state in the same position chooses the same action.
    fn choose(&mut self, sight: &SeatSight<'_>, legal: &LegalActions, rng: &mut dyn Rng) -> Action;
}
