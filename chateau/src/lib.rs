//! The Château Noir rules engine of Castellan (Québec, 1983: a 10×10 board, four
//! armies of a captain and eight soldiers, six units of movement a turn shared among
//! the pieces, capture by framing, points from captures, from occupying the other
//! corners in order and from blocking an army). No GUI code lives here.
//!
//! The rules are Castellan's reading of the booklet (`CHATEAU-NOIR.md`), numbered in
//! `docs/chateau-noir-rulings.md`; code and tests cite them as "ruling 17". The board
//! is data (`data/boards/chateau-noir.toml`, a reconstruction: no published source
//! shows it).
//!
//! # The parts
//!
//! - [`board`]: the board file (squares, armies, colour tables, teams), validated with
//!   `FILE:LINE:COLUMN` messages, and its movement tables ([`board::UnitKind`]).
//! - [`game::Game`]: a match played by seats, action by action ([`game::Action`]),
//!   each refused with a coded [`game::RuleError`] or answered with
//!   [`game::Event`]s; [`game::Game::legal`] and [`game::Game::view`] for front ends.
//! - [`game::State`]: the pieces ([`game::Pieces`], one `u128` bitboard an army) and
//!   the turn in progress, `Copy`, with apply/undo of one unit and an incremental
//!   Zobrist hash: what computer players search.
//! - [`game::Finder`]: whether a turn can still be finished (every unit must be
//!   spent), the next units, pickable pieces and releases that keep it finishable, and
//!   whether an army is blocked.
//! - [`position`]: positions as text (a diagram and the timers), read and written.
//! - [`save`]: saves (`"game": "chateau-noir"`), replayed action by action.
//! - [`perft`]: counts the distinct end positions and unit sequences of a turn.
//! - [`random`]: a random-but-legal player, for tests and simulations.
//! - [`variant`]: the options of the reading.
//!
//! # Playing a turn unit by unit (a front end)
//!
//! ```
//! use std::sync::Arc;
//! use castellan_chateau::board::Board;
//! use castellan_chateau::game::{Action, Event, Game, Table};
//! use castellan_chateau::variant::Variant;
//!
//! let board = Arc::new(Board::reconstructed());
//! let mut game = Game::new(board, Variant::default(), Table::four_in_teams(), 2024).unwrap();
//! let seat = game.pending_seat().unwrap();
//! // Pick a piece the engine offers, spend units while it offers them…
//! let square = game.legal().pickable[0];
//! game.apply(seat, Action::Pick { square }).unwrap();
//! while game.state().left() > 0 {
//!     let legal = game.legal();
//!     if let Some(unit) = legal.units.first() {
//!         // Each unit comes with its kind: step, tower_jump, twin_jump…
//!         game.apply(seat, Action::Unit { to: unit.to }).unwrap();
//!     } else {
//!         // This piece can go no further: put it down and pick another.
//!         game.apply(seat, Action::Release {}).unwrap();
//!         let square = game.legal().pickable[0];
//!         game.apply(seat, Action::Pick { square }).unwrap();
//!     }
//! }
//! // …then end the turn, taking any framed enemies among `legal.captures`.
//! let events = game.apply(seat, Action::EndTurn { captures: vec![] }).unwrap();
//! assert!(events.iter().any(|e| matches!(e, Event::TurnBegan { .. })));
//! let view = game.view();
//! assert_eq!(view.turn.spent, 0);
//! assert_ne!(view.turn.army, castellan_chateau::board::ArmyId(99));
//! ```
//!
//! # Searching units (a computer player)
//!
//! A [`game::State`] is copied or changed in place; [`game::Finder`] answers what
//! needs a search. Hashes are Zobrist sums, updated with each unit.
//!
//! ```
//! use std::sync::Arc;
//! use castellan_chateau::board::Board;
//! use castellan_chateau::game::{Finder, Game, Table};
//! use castellan_chateau::square_names;
//! use castellan_chateau::variant::Variant;
//!
//! let board = Arc::new(Board::reconstructed());
//! let game = Game::new(board.clone(), Variant::default(), Table::four_in_teams(), 1).unwrap();
//! let mut finder = Finder::new();
//! let mut state = *game.state();
//! let pickable = finder.pickable(&board, &state);
//! assert!(!square_names(pickable).is_empty());
//! let square = castellan_chateau::squares_of(pickable).next().unwrap();
//! assert!(state.pick(square));
//! let mut units = Vec::new();
//! finder.next_units(&board, &state, &mut units);
//! let before = state.piece_hash();
//! state.apply_unit(units[0].to);
//! assert_ne!(state.piece_hash(), before);
//! state.undo_unit();
//! assert_eq!(state.piece_hash(), before);
//! ```
//!
//! At the end of a turn a player evaluates what it would score with
//! [`game::capturable`] (the framed enemies), [`game::occupation_events`] (the
//! points of the territories left, from [`game::Game::ripe`] and the exits it
//! tracked: [`board::Board::territory_at`] of each unit's two squares),
//! [`game::Game::blocked_armies`] or [`game::Finder::can_finish`] on
//! [`game::Game::turn_state_of`] an opposing army (a blocked army is a Château) and
//! [`game::besieged_groups`]; or it applies the turn's actions to a clone of the
//! [`game::Game`] made with [`game::Game::set_recording`] off (cheap to clone), and
//! reads the events. [`random::RandomPlayer`] shows the whole loop.
//!
//! ```
//! use std::sync::Arc;
//! use castellan_chateau::board::Board;
//! use castellan_chateau::game::{Action, Event, Finder, Game, Table};
//! use castellan_chateau::variant::Variant;
//!
//! let board = Arc::new(Board::reconstructed());
//! let mut game = Game::new(board, Variant::default(), Table::four_in_teams(), 1).unwrap();
//! game.set_recording(false);
//! let mut finder = Finder::new();
//! assert_eq!(game.blocked_armies(&mut finder), 0);
//! // Look ahead: a whole turn on a copy, and what its end would bring.
//! let mut trial = game.clone();
//! let seat = trial.pending_seat().unwrap();
//! let square = trial.legal_with(&mut finder).pickable[0];
//! trial.apply(seat, Action::Pick { square }).unwrap();
//! while trial.state().left() > 0 {
//!     let to = trial.legal_with(&mut finder).units[0].to;
//!     trial.apply(seat, Action::Unit { to }).unwrap();
//! }
//! let events = trial.apply(seat, Action::EndTurn { captures: vec![] }).unwrap();
//! let points: i32 = events.iter().filter_map(Event::points).map(|(_, p)| p).sum();
//! assert_eq!(points, 0);
//! assert_ne!(trial.state().piece_hash(), game.state().piece_hash());
//! ```

pub mod board;
pub mod diagnostics;
pub mod game;
pub mod perft;
pub mod position;
pub mod random;
pub mod save;
pub mod square;
mod toml_read;
pub mod variant;

pub use square::{Bits, Square, squares_of};

/// The names of a set of squares, lowest first (`["B1", "A2"]`), for messages and
/// tests.
pub fn square_names(bits: Bits) -> Vec<String> {
    squares_of(bits).map(|s| s.to_string()).collect()
}
