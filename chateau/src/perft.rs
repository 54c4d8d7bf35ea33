//! The perft oracle: from a position at the start of (or during) a turn, count the
//! distinct end positions the turn can reach and the sequences of (piece, path) that
//! reach them (the shared reading's "Counting turns"). An end position is where the
//! pieces stand, by army and kind (one army's soldiers are interchangeable), told
//! apart by Zobrist hash; a sequence is the ordered list of the pieces moved and each
//! one's path. Pinned counts in the tests catch any change to move generation.
//!
//! The count walks every path of every piece, but the rest of a turn after a piece is
//! put down depends only on the pieces, those played and the units left, so each such
//! state is walked once: its sequences are counted once and multiplied, and its end
//! positions are gathered once.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

use serde::Serialize;

use crate::board::{Board, Move, UnitKind};
use crate::game::{State, zobrist_piece};
use crate::square::{Square, squares_of};

/// The counts of one turn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Perft {
    /// Distinct end positions.
    pub ends: u64,
    /// Sequences of (piece, path) that finish the turn.
    pub sequences: u64,
    /// States with no piece in hand that were walked (a measure of the work).
    pub states: u64,
}

/// Hashes that are Zobrist sums already: used as they are.
#[derive(Default)]
struct Identity(u64);

impl Hasher for Identity {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type Fast = BuildHasherDefault<Identity>;

/// Counts the turn of `state` (on `board`) to its end.
///
/// ```
/// use std::sync::Arc;
/// use castellan_chateau::board::Board;
/// use castellan_chateau::game::{Game, Table};
/// use castellan_chateau::perft::perft;
/// use castellan_chateau::variant::Variant;
///
/// let board = Arc::new(Board::reconstructed());
/// let game = Game::new(board.clone(), Variant::default(), Table::four_in_teams(), 1).unwrap();
/// let counts = perft(&board, game.state());
/// assert!(counts.ends > 10_000, "{counts:?}");
/// assert!(counts.sequences > counts.ends);
/// ```
pub fn perft(board: &Board, state: &State) -> Perft {
    let mut counter = Counter {
        board,
        ends: HashSet::default(),
        memo: HashMap::default(),
    };
    let mut state = *state;
    let sequences = if state.is_complete() && state.left() == 0 {
        counter.ends.insert(state.piece_hash());
        1
    } else if state.hand().is_some() {
        counter.paths(&mut state)
    } else {
        counter.boundary(&mut state)
    };
    Perft {
        ends: counter.ends.len() as u64,
        sequences,
        states: counter.memo.len() as u64,
    }
}

struct Counter<'b> {
    board: &'b Board,
    ends: HashSet<u64, Fast>,
    /// Sequences from each state with no piece in hand.
    memo: HashMap<u64, u64, Fast>,
}

impl Counter<'_> {
    /// Sequences from a state with no piece in hand.
    fn boundary(&mut self, state: &mut State) -> u64 {
        let key = state.boundary_key();
        if let Some(&count) = self.memo.get(&key) {
            return count;
        }
        let mut total = 0;
        for square in squares_of(state.unplayed()) {
            let saved = *state;
            if state.pick(square) {
                total += self.paths(state);
            }
            *state = saved;
        }
        self.memo.insert(key, total);
        total
    }

    /// Sequences that go on from the piece in hand's path so far (it moves at least
    /// one more unit).
    fn paths(&mut self, state: &mut State) -> u64 {
        let mut units = [Move {
            to: Square::from_index(0).expect("A1"),
            kind: UnitKind::Step,
        }; 16];
        let mut n = 0;
        state.for_each_unit(self.board, |m| {
            units[n] = m;
            n += 1;
            n == units.len()
        });
        if state.left() == 1 {
            // The last unit: each ends the turn; its end position's hash is two XORs
            // away, without moving the piece.
            let hand = *state.hand().expect("a piece in hand");
            let (army, captain, from) = (hand.army(), hand.is_captain(), hand.at());
            let base = state.piece_hash() ^ zobrist_piece(army, captain, from);
            for m in &units[..n] {
                self.ends.insert(base ^ zobrist_piece(army, captain, m.to));
            }
            return n as u64;
        }
        let mut total = 0;
        for m in &units[..n] {
            state.apply_unit(m.to);
            if state.is_complete() {
                self.ends.insert(state.piece_hash());
                total += 1;
            }
            total += self.paths(state);
            let undo = state.release_undoable();
            total += self.boundary(state);
            state.undo_release(undo);
            state.undo_unit();
        }
        total
    }
}
