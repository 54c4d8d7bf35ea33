//! What Castellan's game engines share, and nothing else: no rule of any game lives
//! here, and no GUI code (the crate builds without any system library).
//!
//! - [`diagnostics`]: hand-written files (boards, variants, positions) read with a size
//!   limit, every mistake reported as `FILE:LINE:COLUMN: message`, text from files
//!   never shown unescaped.
//! - [`game_id`]: the ids of the games Castellan plays (`castle-risk`, `classic`,
//!   `chateau-noir`), which saves, variants and protocol requests carry.
//! - [`rng`]: the seeded generator behind every random choice, so that a game is
//!   replayed exactly from its seed.
//! - [`save`]: the envelope of a save (its `format` and `game`), read before the rest
//!   to pick the engine that reads it.
//! - [`protocol`]: the JSON-lines protocol's framing (line limits, replies, the error
//!   reply's shape) and the loop that serves a session on standard input and output.

pub mod diagnostics;
pub mod game_id;
pub mod protocol;
pub mod rng;
pub mod save;

pub use game_id::GameId;
