//! [`Finder`]: the questions about a turn in progress that need a search, because all
//! of a turn's units must be spent (ruling 11): can this turn still be finished? Which
//! next units, pieces to pick, releases keep it finishable? Can an army complete its
//! factor at all (the Château, ruling 19)?
//!
//! The search is a depth-first one that stops at its first success: continue the
//! piece in hand, or put it down and move another piece. Whether the turn can be
//! finished once no piece is in hand depends only on the pieces, those released and
//! the units spent, so those answers are remembered (a small direct-mapped table,
//! emptied for each question) and a blocked position is searched once, not once per
//! order of its moves.

use super::state::{MAX_FACTOR, State, edge};
use crate::board::{Board, Move};
use crate::square::{Bits, squares_of};

/// A walk of one piece alone: whether it can make `units` more units from where it
/// stands, the other pieces staying where they are (the same rules as
/// [`State::units_into`], on plain bits).
struct Walk<'b> {
    board: &'b Board,
    captain: bool,
    towers: Bits,
}

impl Walk<'_> {
    fn exists(
        &self,
        at: crate::square::Square,
        units: u8,
        visited: Bits,
        occupied: Bits,
        used: &mut [u16; MAX_FACTOR as usize],
        n_used: usize,
    ) -> bool {
        if units == 0 {
            return true;
        }
        for m in self.board.moves().from(at, self.captain) {
            let to = m.to.bit();
            if occupied & to != 0 {
                continue;
            }
            let e = edge(at, m.to);
            if visited & to != 0 && (self.towers & to == 0 || used[..n_used].contains(&e)) {
                continue;
            }
            if n_used >= used.len() {
                continue;
            }
            used[n_used] = e;
            let moved = occupied ^ at.bit() ^ to;
            if self.exists(m.to, units - 1, visited | to, moved, used, n_used + 1) {
                return true;
            }
        }
        false
    }
}

/// Entries of the memo (a power of two).
const MEMO_SIZE: usize = 1 << 12;

/// Answers "can the turn still be finished?" and what follows from it. Keep one and
/// reuse it: it owns its memory.
///
/// ```
/// use castellan_chateau::board::Board;
/// use castellan_chateau::game::{Finder, Game, Table};
/// use castellan_chateau::variant::Variant;
///
/// let board = std::sync::Arc::new(Board::reconstructed());
/// let game = Game::new(board.clone(), Variant::default(), Table::four_in_teams(), 1).unwrap();
/// let mut finder = Finder::new();
/// let state = *game.state();
/// // At the opening only the pieces on the edge of a corner can move.
/// assert!(finder.pickable(&board, &state).count_ones() >= 4);
/// assert!(finder.can_finish(&board, &state));
/// ```
pub struct Finder {
    memo: Vec<(u64, u32, bool)>,
    stamp: u32,
    /// Search nodes visited since the finder was made (for benchmarks).
    pub nodes: u64,
}

impl Default for Finder {
    fn default() -> Self {
        Self::new()
    }
}

impl Finder {
    pub fn new() -> Self {
        Self {
            memo: vec![(0, 0, false); MEMO_SIZE],
            stamp: 0,
            nodes: 0,
        }
    }

    /// Starts a new question: forgets the answers of the last one (they were about
    /// another position).
    fn fresh(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.memo.fill((0, 0, false));
            self.stamp = 1;
        }
    }

    /// Whether the turn of `state` can still be finished: its remaining units spent by
    /// the piece in hand and pieces not released yet.
    pub fn can_finish(&mut self, board: &Board, state: &State) -> bool {
        self.fresh();
        let mut state = *state;
        self.finish(board, &mut state)
    }

    fn finish(&mut self, board: &Board, state: &mut State) -> bool {
        self.nodes += 1;
        if state.is_complete() {
            return true;
        }
        let Some(hand) = state.hand() else {
            return self.boundary(board, state);
        };
        let moved = hand.units() > 0;
        if state.left() == 1 && state.for_each_unit(board, |_| true) {
            // Any unit at all finishes the turn.
            return true;
        }
        // The likeliest way: the piece in hand alone goes on to the end. A walk on a
        // few bits answers it without moving anything.
        if state.rules().spend_all
            && let Some((visited, edges)) = state.hand_trail()
        {
            let mut used = [0u16; MAX_FACTOR as usize];
            used[..edges.len()].copy_from_slice(edges);
            let walk = Walk {
                board,
                captain: hand.is_captain(),
                towers: board.towers(),
            };
            let occupied = state.pieces().occupied();
            if walk.exists(
                hand.at(),
                state.left(),
                visited,
                occupied,
                &mut used,
                edges.len(),
            ) {
                return true;
            }
        }
        // Go on with the piece in hand, trying its units as they come (the first that
        // leads to a finished turn ends the search).
        let (at, captain) = (hand.at(), hand.is_captain());
        for m in board.moves().from(at, captain) {
            if !state.allows_move(board, m) {
                continue;
            }
            state.apply_unit(m.to);
            let finished = self.finish(board, state);
            state.undo_unit();
            if finished {
                return true;
            }
        }
        // Or put it down and let the other pieces finish.
        if moved {
            let undo = state.release_undoable();
            let finished = self.boundary(board, state);
            state.undo_release(undo);
            return finished;
        }
        false
    }

    /// With no piece in hand: can some piece not released yet be picked and the turn
    /// finished?
    fn boundary(&mut self, board: &Board, state: &mut State) -> bool {
        if state.is_complete() {
            return true;
        }
        let key = state.boundary_key();
        let slot = (key as usize) & (MEMO_SIZE - 1);
        let (stored, stamp, answer) = self.memo[slot];
        if stamp == self.stamp && stored == key {
            return answer;
        }
        let mut finished = false;
        for square in squares_of(state.unplayed()) {
            let saved = *state;
            state.pick(square);
            finished = self.finish(board, state);
            *state = saved;
            if finished {
                break;
            }
        }
        self.memo[slot] = (key, self.stamp, finished);
        finished
    }

    /// The units the piece in hand may make next that still let the turn be finished,
    /// appended to `out` (none when no piece is in hand).
    pub fn next_units(&mut self, board: &Board, state: &State, out: &mut Vec<Move>) {
        self.fresh();
        let mut candidates = Vec::new();
        state.units_into(board, &mut candidates);
        let mut state = *state;
        for m in candidates {
            state.apply_unit(m.to);
            if self.finish(board, &mut state) {
                out.push(m);
            }
            state.undo_unit();
        }
    }

    /// The squares of the pieces that may be picked now: pieces not released yet with
    /// a first unit after which the turn can be finished. Empty while a piece in hand
    /// has moved (it must be released first).
    pub fn pickable(&mut self, board: &Board, state: &State) -> Bits {
        if state.hand().is_some_and(|h| h.units() > 0) {
            return 0;
        }
        self.fresh();
        let mut pickable = 0;
        for square in squares_of(state.unplayed() | state.hand().map_or(0, |h| h.at().bit())) {
            let mut picked = *state;
            picked.unpick();
            if picked.pick(square) && self.first_unit(board, &mut picked) {
                pickable |= square.bit();
            }
        }
        pickable
    }

    /// Whether the piece just picked in `state` (no unit yet) has a first unit after
    /// which the turn can still be finished: the condition for picking it.
    pub fn can_pick(&mut self, board: &Board, state: &State) -> bool {
        self.fresh();
        let mut picked = *state;
        self.first_unit(board, &mut picked)
    }

    fn first_unit(&mut self, board: &Board, picked: &mut State) -> bool {
        let mut units = Vec::new();
        picked.units_into(board, &mut units);
        units.into_iter().any(|m| {
            picked.apply_unit(m.to);
            let finished = self.finish(board, picked);
            picked.undo_unit();
            finished
        })
    }

    /// Whether the piece in hand may be put down now: it has moved, and the turn can
    /// still be finished by other pieces (or is complete).
    pub fn can_release(&mut self, board: &Board, state: &State) -> bool {
        let Some(hand) = state.hand() else {
            return false;
        };
        if hand.units() == 0 {
            return false;
        }
        let mut released = *state;
        released.release();
        self.fresh();
        self.boundary(board, &mut released)
    }
}
