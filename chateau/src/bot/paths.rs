//! Piece-paths: the distinct places one piece can be moved to this turn, with a path
//! that takes it there. A computer player builds its turn piece by piece (as the
//! strongest Arimaa programs build theirs step by step), and for one piece what
//! matters is where it ends, after how many units, and which territories it left on
//! the way (ruling 17): so the enumeration keeps one path for each such ending.
//!
//! The paths of one piece grow quickly (tens of thousands of 6-unit paths for a
//! soldier alone on the board), but most of them end where another already ended.
//! The depth-first search therefore records every new ending, and goes on from a
//! square reached after a given number of units only a few times: a different path
//! to the same square and count differs only in the squares and edges it has used,
//! which rarely matters for where the piece can still go.

use crate::board::{Board, Move};
use crate::game::{MAX_FACTOR, State};
use crate::square::{SQUARES, Square};

/// At most this many paths are continued from one square reached after one count of
/// units; every ending is still recorded.
pub const DEFAULT_BRANCHES: u8 = 3;

/// One piece's move this turn: where it starts and the squares of its units.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PiecePath {
    pub from: Square,
    squares: [Square; MAX_FACTOR as usize],
    len: u8,
    /// The territories (a set of armies) it left on the way.
    pub exits: u8,
}

impl PiecePath {
    /// The squares it moves through, one a unit, its landing last.
    pub fn squares(&self) -> &[Square] {
        &self.squares[..self.len as usize]
    }

    /// Where it ends (where it starts, for a piece in hand put down at once).
    pub fn to(&self) -> Square {
        match self.len {
            0 => self.from,
            n => self.squares[n as usize - 1],
        }
    }

    /// No units: the piece in hand is put down where it stands.
    pub fn release_only(from: Square) -> Self {
        Self {
            from,
            squares: [from; MAX_FACTOR as usize],
            len: 0,
            exits: 0,
        }
    }

    /// Its units.
    pub fn units(&self) -> u8 {
        self.len
    }
}

/// Enumerates piece-paths. Keep one and reuse it: it owns its memory.
pub struct PathFinder {
    /// `seen[(square * 13 + units) * 16 + exits]` is `stamp` once that ending is found.
    seen: Vec<u32>,
    /// `expanded[square * 13 + units]`: paths continued from there, for this `stamp`.
    expanded: Vec<(u32, u8)>,
    stamp: u32,
    buffers: Vec<Vec<Move>>,
    /// How many paths to continue from one square and count of units.
    pub branches: u8,
    /// Units applied (for benchmarks).
    pub nodes: u64,
}

impl Default for PathFinder {
    fn default() -> Self {
        Self::new()
    }
}

const COUNTS: usize = MAX_FACTOR as usize + 1;

impl PathFinder {
    pub fn new() -> Self {
        Self {
            seen: vec![0; SQUARES * COUNTS * 16],
            expanded: vec![(0, 0); SQUARES * COUNTS],
            stamp: 0,
            buffers: (0..=MAX_FACTOR).map(|_| Vec::with_capacity(16)).collect(),
            branches: DEFAULT_BRANCHES,
            nodes: 0,
        }
    }

    fn fresh(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.expanded.fill((0, 0));
            self.stamp = 1;
        }
    }

    /// Calls `each` with every distinct ending of the piece on `from` moved 1 to
    /// `max_units` units from `state`: the state with the piece still in hand at its
    /// landing, and its path. When a piece in hand has already moved, it is the one
    /// that goes on (`from` is where it stands). Whether the turn can be finished
    /// afterwards is not asked. Returns `false` if the piece may not be moved.
    pub fn for_each(
        &mut self,
        board: &Board,
        state: &State,
        from: Square,
        max_units: u8,
        each: &mut dyn FnMut(&State, &PiecePath),
    ) -> bool {
        let mut state = *state;
        let continuing = state.hand().is_some_and(|h| h.units() > 0);
        if continuing {
            // The piece in hand goes on from where it stands.
            if state.hand().is_some_and(|h| h.at() != from) {
                return false;
            }
        } else if !state.pick(from) {
            return false;
        }
        self.fresh();
        let mut path = PiecePath {
            from,
            squares: [from; MAX_FACTOR as usize],
            len: 0,
            exits: 0,
        };
        let max_units = max_units.min(state.left());
        self.grow(board, &mut state, &mut path, max_units, each);
        true
    }

    fn grow(
        &mut self,
        board: &Board,
        state: &mut State,
        path: &mut PiecePath,
        max_units: u8,
        each: &mut dyn FnMut(&State, &PiecePath),
    ) {
        let depth = path.len as usize;
        let mut units = std::mem::take(&mut self.buffers[depth]);
        units.clear();
        state.units_into(board, &mut units);
        let at = if depth == 0 {
            path.from
        } else {
            path.squares[depth - 1]
        };
        let left_territory = board.territory_at(at);
        for m in &units {
            state.apply_unit(m.to);
            self.nodes += 1;
            let exits_before = path.exits;
            if let Some(t) = left_territory
                && board.territory_at(m.to) != Some(t)
            {
                path.exits |= t.bit();
            }
            path.squares[depth] = m.to;
            path.len += 1;
            let node = m.to.index() * COUNTS + path.len as usize;
            let key = node * 16 + path.exits as usize;
            if self.seen[key] != self.stamp {
                self.seen[key] = self.stamp;
                each(state, path);
            }
            if path.len < max_units {
                let (stamp, count) = &mut self.expanded[node];
                if *stamp != self.stamp {
                    *stamp = self.stamp;
                    *count = 0;
                }
                if *count < self.branches {
                    *count += 1;
                    self.grow(board, state, path, max_units, each);
                }
            }
            path.len -= 1;
            path.exits = exits_before;
            state.undo_unit();
        }
        self.buffers[depth] = units;
    }
}
