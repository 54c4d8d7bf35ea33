//! Computer players for Château Noir: three strengths ([`Strength`]), each a
//! [`Player`] that answers a [`crate::game::Game`] one action at a time, as a person
//! would: it plans its whole turn at its first decision, then plays it piece by piece.
//!
//! A turn here is six units (twelve under an alliance) over several pieces, with tens
//! of thousands of possible ends, so no player lists whole turns. The parts:
//!
//! - `paths`: the distinct places one piece can be moved to this turn.
//! - `turn`: one army's turn, searched piece by piece (a beam over partial turns,
//!   equal ends reached in different orders merged by their Zobrist key), the best
//!   ends evaluated in full.
//! - `model`: the end of a turn as the engine plays it (captures, occupation, the
//!   Château, the next army), on a `Copy` position that never touches the game's
//!   generator; `eval`: what a position is worth to a side; `tables`: per-board
//!   figures.
//! - `expert`: the search across turns (the next armies' replies, alpha-beta with a
//!   transposition table, within a work budget, cancellable).
//! - `player`: the strengths put together; `draw`: draw offers and alliances.
//! - `tournament`, `balance`, `stats`: strengths against each other, the balance
//!   lab, and their figures.
//!
//! **Easy** searches narrowly with a beginner's evaluation (points, pieces, walking to
//! its next territory; no threats, no fear of the Château) and sometimes takes its
//! second or third idea. **Normal** plays the best end of its own turn under the full
//! evaluation. **Expert** follows its best turns through the next armies' replies.
//! Normal and Expert draw among turns they value alike, and Easy draws its ideas, on
//! the generator they are given: the same seed plays the same game.
//!
//! A window's computer seat keeps one [`Player`] per seat for the match and asks
//! [`Player::choose`] for the seat's next action whenever the game waits on it (the
//! first call plans the whole turn, the next ones play it out at once). Players are
//! `Send`: think on a worker thread with a clone of the game, and keep a clone of the
//! [`Thinking::cancel`] flag to stop the Expert, which then answers at once with the
//! best turn it has (lower the flag with [`Cancel::reset`] before its next turn).
//! [`Thinking::time_cap`] caps a turn's wall-clock time; leave it `None` where play
//! must replay the same from a seed.
//!
//! ```
//! use std::sync::Arc;
//! use castellan_chateau::board::Board;
//! use castellan_chateau::bot::{Player, Strength, Thinking};
//! use castellan_chateau::game::{Game, Table};
//! use castellan_chateau::variant::Variant;
//! use rand::SeedableRng;
//!
//! let board = Arc::new(Board::reconstructed());
//! let variant = Variant { round_cap: Some(2), ..Variant::default() };
//! let mut game = Game::new(board.clone(), variant, Table::two_players(&board), 5).unwrap();
//! let mut players = [
//!     Player::new(Strength::Normal, Thinking::default()),
//!     Player::new(Strength::Easy, Thinking::default()),
//! ];
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
//! while let Some(seat) = game.pending_seat() {
//!     let (seat, action) = players[seat.index()].choose(&game, &mut rng).unwrap();
//!     game.apply(seat, action).unwrap();
//! }
//! assert!(game.is_over());
//! ```

pub mod balance;
mod draw;
pub mod eval;
pub mod expert;
pub mod model;
pub mod paths;
pub mod player;
pub mod stats;
pub mod strength;
pub mod tables;
pub mod tournament;
pub mod turn;

pub use player::{Player, Thought};
pub use strength::{Cancel, Strength, Thinking, UnknownStrength};
