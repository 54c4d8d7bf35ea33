//! The Castle Risk rules engine of Castellan.
//!
//! No GUI code lives here: the crate builds and tests without any system library, so
//! that bots, tools and other front ends can use it. It owns boards (loading and
//! validating TOML files), variants (house rules), games (every rule, driven by
//! messages), and the exact battle odds.
//!
//! Where the rule texts disagree or are silent, the engine follows the numbered rulings
//! of `docs/rulings.md`; code and tests cite them as "ruling 17".

pub mod balance;
pub mod battle;
pub mod board;
pub mod bot;
pub mod diagnostics;
pub mod game;
pub mod odds;
pub mod protocol;
pub mod story;
pub mod variant;
