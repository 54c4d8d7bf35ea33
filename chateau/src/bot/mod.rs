//! Computer players for Château Noir.

pub mod balance;
mod draw;
pub mod eval;
pub mod expert;
pub mod model;
pub mod paths;
pub mod player;
pub mod strength;
pub mod tables;
pub mod turn;

pub use player::{Player, Thought};
pub use strength::{Cancel, Strength, Thinking, UnknownStrength};
pub mod stats;
pub mod tournament;
