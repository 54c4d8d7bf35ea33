//! The search state: where the pieces stand ([`Pieces`]) and how far the turn in
//! progress has gone ([`State`]: units spent, pieces released, the piece in hand and
//! its path). It is `Copy` (about 200 bytes) and every operation on it is a few bit
//! operations, so that computer players can copy it, or apply and undo one unit, by
//! the million. The rules that need more than the pieces (scores, timers, sieges)
//! live in [`crate::game::Game`]; the questions that need a search (can the turn
//! still be finished?) in [`crate::game::Finder`].

use serde::{Deserialize, Serialize};

use super::zobrist;
use crate::board::{ArmyId, Board, MAX_ARMIES, Move, UnitKind, armies_of};
use crate::square::{Bits, Square, contains, squares_of};

/// The most units one turn has: twelve, under a team alliance (ruling 24).
pub const MAX_FACTOR: u8 = 12;

/// The kind of a piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PieceKind {
    Soldier,
    Captain,
}

/// Where every piece stands: one set of squares per army, and the squares holding a
/// captain.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pieces {
    army: [Bits; MAX_ARMIES],
    captains: Bits,
    /// Every occupied square (the union of `army`, kept with it).
    occupied: Bits,
}

impl Pieces {
    /// The starting position of the armies in `armies` (a set of armies).
    pub fn start(board: &Board, armies: u8) -> Self {
        let mut pieces = Self::default();
        for (army, square, captain) in board.start() {
            if armies & army.bit() != 0 {
                pieces.put(army, square, captain);
            }
        }
        pieces
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bits {
        self.occupied
    }

    /// The squares of `army`'s pieces.
    #[inline]
    pub fn of(&self, army: ArmyId) -> Bits {
        self.army[army.index()]
    }

    /// The squares of the pieces of a set of armies.
    #[inline]
    pub fn of_set(&self, armies: u8) -> Bits {
        armies_of(armies).fold(0, |bits, army| bits | self.army[army.index()])
    }

    /// The squares holding captains.
    #[inline]
    pub fn captains(&self) -> Bits {
        self.captains
    }

    /// Where `army`'s captain stands, if it is on the board.
    pub fn captain(&self, army: ArmyId) -> Option<Square> {
        squares_of(self.army[army.index()] & self.captains).next()
    }

    /// How many pieces `army` has.
    pub fn count(&self, army: ArmyId) -> u32 {
        self.army[army.index()].count_ones()
    }

    /// The army of the piece on `square`, if any.
    #[inline]
    pub fn army_at(&self, square: Square) -> Option<ArmyId> {
        (0..MAX_ARMIES as u8)
            .map(ArmyId)
            .find(|a| contains(self.army[a.index()], square))
    }

    /// The piece on `square`: its army and kind.
    pub fn at(&self, square: Square) -> Option<(ArmyId, PieceKind)> {
        self.army_at(square)
            .map(|army| (army, self.kind_at(square)))
    }

    /// The kind of the piece on `square` (a soldier if the square is empty).
    #[inline]
    pub fn kind_at(&self, square: Square) -> PieceKind {
        if contains(self.captains, square) {
            PieceKind::Captain
        } else {
            PieceKind::Soldier
        }
    }

    /// Puts a piece on a free square.
    pub fn put(&mut self, army: ArmyId, square: Square, captain: bool) {
        self.army[army.index()] |= square.bit();
        self.occupied |= square.bit();
        if captain {
            self.captains |= square.bit();
        }
    }

    /// Takes the piece on `square` off the board.
    pub fn remove(&mut self, square: Square) {
        let bit = !square.bit();
        for set in &mut self.army {
            *set &= bit;
        }
        self.captains &= bit;
        self.occupied &= bit;
    }

    /// Moves the piece of `army` on `from` to the free square `to`.
    #[inline]
    pub(crate) fn shift(&mut self, army: ArmyId, from: Square, to: Square, captain: bool) {
        let both = from.bit() | to.bit();
        self.army[army.index()] ^= both;
        self.occupied ^= both;
        if captain {
            self.captains ^= both;
        }
    }

    /// The Zobrist hash of these pieces (see [`Pieces::zobrist`] for its use).
    pub fn zobrist(&self) -> u64 {
        let mut hash = 0;
        for army in 0..MAX_ARMIES as u8 {
            let army = ArmyId(army);
            for square in squares_of(self.army[army.index()]) {
                hash ^= zobrist::piece(army, contains(self.captains, square), square);
            }
        }
        hash
    }
}

/// How the turn's units are counted (the variant's options, copied into the state so
/// that the hot path needs nothing else).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct TurnRules {
    /// The revisiting rule counts per player rather than per piece (ruling 9,
    /// option): squares and edges used by any piece this turn are used for all.
    pub shared_trail: bool,
    /// The whole factor must be spent (ruling 11); otherwise "up to" the factor, at
    /// least one unit.
    pub spend_all: bool,
}

/// The piece in hand and its path this turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    army: ArmyId,
    captain: bool,
    /// The squares it stood on, its start first; `len` are used.
    path: [Square; MAX_FACTOR as usize + 1],
    len: u8,
    /// The squares of `path`.
    visited: Bits,
    /// Bit `i` set when `path[i]` was stood on for the first time at step `i` (a
    /// tower may be stood on again): what taking step `i` back removes from `visited`.
    first_visits: u16,
}

impl Hand {
    /// Its army.
    pub fn army(&self) -> ArmyId {
        self.army
    }

    /// Whether it is a captain.
    pub fn is_captain(&self) -> bool {
        self.captain
    }

    /// Where it was picked up.
    pub fn start(&self) -> Square {
        self.path[0]
    }

    /// Where it stands now.
    #[inline]
    pub fn at(&self) -> Square {
        self.path[self.len as usize - 1]
    }

    /// The squares it stood on, its start first.
    pub fn path(&self) -> &[Square] {
        &self.path[..self.len as usize]
    }

    /// Units it has moved.
    #[inline]
    pub fn units(&self) -> u8 {
        self.len - 1
    }
}

/// What taking back a release needs.
#[derive(Copy, Clone, Debug)]
pub struct ReleaseUndo {
    hand: Option<Hand>,
    visited_before: Bits,
}

/// An edge of a path: the two squares of one unit, in either order (ruling 9).
#[inline]
pub(crate) fn edge(a: Square, b: Square) -> u16 {
    let (low, high) = if a < b { (a, b) } else { (b, a) };
    (low.index() as u16) << 7 | high.index() as u16
}

/// The state of a game that computer players search: the pieces and the turn in
/// progress. See the crate's documentation for how it is used.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pieces: Pieces,
    /// Zobrist hash of `pieces`, kept up to date.
    hash: u64,
    /// The army whose turn it is.
    mover: ArmyId,
    /// The armies the mover moves this turn (its own, and its partner's under an
    /// alliance).
    controlled: u8,
    factor: u8,
    spent: u8,
    /// Squares of the pieces released this turn (they may not move again).
    played: Bits,
    /// Zobrist sum of `played`.
    played_key: u64,
    hand: Option<Hand>,
    /// Every edge used this turn, in order; the piece in hand's from `hand_edges` on.
    edges: [u16; MAX_FACTOR as usize],
    n_edges: u8,
    hand_edges: u8,
    /// Squares stood on by the pieces released this turn (for the shared trail).
    visited_before: Bits,
    rules: TurnRules,
}

impl State {
    /// The state at the start of a turn of `mover`, moving the armies `controlled`
    /// with `factor` units.
    pub fn new(
        pieces: Pieces,
        mover: ArmyId,
        controlled: u8,
        factor: u8,
        rules: TurnRules,
    ) -> Self {
        Self {
            hash: pieces.zobrist(),
            pieces,
            mover,
            controlled,
            factor: factor.min(MAX_FACTOR),
            spent: 0,
            played: 0,
            played_key: 0,
            hand: None,
            edges: [0; MAX_FACTOR as usize],
            n_edges: 0,
            hand_edges: 0,
            visited_before: 0,
            rules,
        }
    }

    /// A fresh turn of `mover` on the same pieces (their hash kept, not summed again).
    pub fn restart(&self, mover: ArmyId, controlled: u8, factor: u8, rules: TurnRules) -> Self {
        let mut state = Self::new(Pieces::default(), mover, controlled, factor, rules);
        state.pieces = self.pieces;
        state.hash = self.hash;
        state
    }

    /// The pieces.
    #[inline]
    pub fn pieces(&self) -> &Pieces {
        &self.pieces
    }

    /// The Zobrist hash of the pieces alone: equal for equal end positions, whatever
    /// the order of the units that led there.
    #[inline]
    pub fn piece_hash(&self) -> u64 {
        self.hash
    }

    /// A hash of the whole state: the pieces and the turn in progress (units spent,
    /// pieces released, the piece in hand and its trail). Equal states hash alike.
    pub fn turn_hash(&self) -> u64 {
        let mut hash = self.boundary_key();
        if let Some(hand) = &self.hand {
            hash ^= zobrist::number(1, hand.at().index() as u64)
                ^ zobrist::bits(hand.visited)
                ^ zobrist::number(2, u64::from(hand.len));
            if !self.rules.shared_trail {
                for &e in &self.edges[self.hand_edges as usize..self.n_edges as usize] {
                    hash ^= zobrist::number(3, u64::from(e));
                }
            }
        }
        hash
    }

    /// What decides the rest of a turn once no piece is in hand: the pieces, those
    /// released, the units spent (and, for a shared trail, the trail).
    pub(crate) fn boundary_key(&self) -> u64 {
        let mut key = self.hash ^ self.played_key ^ zobrist::spent(self.spent);
        if self.rules.shared_trail {
            key ^= zobrist::bits(self.visited_before).rotate_left(31);
            for &e in &self.edges[..self.n_edges as usize] {
                key ^= zobrist::number(5, u64::from(e));
            }
        }
        key
    }

    /// The army whose turn it is.
    pub fn mover(&self) -> ArmyId {
        self.mover
    }

    /// The armies moved this turn (a set of armies).
    pub fn controlled(&self) -> u8 {
        self.controlled
    }

    /// The units of this turn: 6, or 12 under an alliance.
    pub fn factor(&self) -> u8 {
        self.factor
    }

    /// Units spent so far.
    pub fn spent(&self) -> u8 {
        self.spent
    }

    /// Units left.
    #[inline]
    pub fn left(&self) -> u8 {
        self.factor - self.spent
    }

    /// The rules of the turn.
    pub fn rules(&self) -> TurnRules {
        self.rules
    }

    /// Squares of the pieces released this turn.
    pub fn played(&self) -> Bits {
        self.played
    }

    /// The piece in hand, if any.
    pub fn hand(&self) -> Option<&Hand> {
        self.hand.as_ref()
    }

    /// Squares whose pieces may still be picked up: the controlled armies' pieces not
    /// released yet (not the one in hand). Whether picking one can still lead to a
    /// finished turn is [`crate::game::Finder::pickable`]'s question.
    #[inline]
    pub fn unplayed(&self) -> Bits {
        let hand = self.hand.map_or(0, |h| h.at().bit());
        self.pieces.of_set(self.controlled) & !self.played & !hand
    }

    /// Whether the turn may end now: every unit spent (or, "up to" the factor, at
    /// least one).
    #[inline]
    pub fn is_complete(&self) -> bool {
        if self.rules.spend_all {
            self.spent == self.factor
        } else {
            self.spent >= 1
        }
    }

    /// Picks up the piece on `square` (a controlled army's, not released yet). A piece
    /// already in hand that has not moved is put back first. Returns `false`, changing
    /// nothing, if the piece may not be picked.
    pub fn pick(&mut self, square: Square) -> bool {
        if let Some(hand) = &self.hand {
            if hand.units() > 0 {
                return false;
            }
            self.hand = None;
        }
        if !contains(self.unplayed(), square) || self.spent >= self.factor {
            return false;
        }
        let army = self
            .pieces
            .army_at(square)
            .expect("an unplayed square holds a piece");
        let mut path = [square; MAX_FACTOR as usize + 1];
        path[0] = square;
        self.hand = Some(Hand {
            army,
            captain: contains(self.pieces.captains, square),
            path,
            len: 1,
            visited: square.bit(),
            first_visits: 1,
        });
        self.hand_edges = self.n_edges;
        true
    }

    /// Puts the piece in hand back without moving it (it is not played).
    pub fn unpick(&mut self) {
        if self.hand.is_some_and(|h| h.units() == 0) {
            self.hand = None;
        }
    }

    /// Whether the piece in hand may make the unit `m` (from its table) now: the
    /// landing square free, not stood on before this turn unless it is a tower, the
    /// edge not used, and a unit left (rulings 8, 9, 11).
    #[inline]
    fn allows(&self, board: &Board, hand: &Hand, m: &Move, occupied: Bits) -> bool {
        let to = m.to.bit();
        if occupied & to != 0 {
            return false;
        }
        let visited = if self.rules.shared_trail {
            hand.visited | self.visited_before
        } else {
            hand.visited
        };
        if visited & to == 0 {
            // Never stood on: no edge to it can have been used either.
            return true;
        }
        if board.towers() & to == 0 {
            return false;
        }
        let e = edge(hand.at(), m.to);
        let first = if self.rules.shared_trail {
            0
        } else {
            self.hand_edges as usize
        };
        !self.edges[first..self.n_edges as usize].contains(&e)
    }

    /// Every unit the piece in hand may make next by the movement rules alone (not
    /// asking whether the turn can still be finished after it: see
    /// [`crate::game::Finder::next_units`]). Appends to `out`.
    #[inline]
    pub fn units_into(&self, board: &Board, out: &mut Vec<Move>) {
        let Some(hand) = &self.hand else { return };
        if self.spent >= self.factor {
            return;
        }
        let occupied = self.pieces.occupied();
        for m in board.moves().from(hand.at(), hand.captain) {
            if self.allows(board, hand, m, occupied) {
                out.push(*m);
            }
        }
    }

    /// What a quick walk of the piece in hand needs: the squares it may not stand on
    /// again unless towers, and the edges it may not use again.
    #[inline]
    pub(crate) fn hand_trail(&self) -> Option<(Bits, &[u16])> {
        let hand = self.hand.as_ref()?;
        let (visited, first) = if self.rules.shared_trail {
            (hand.visited | self.visited_before, 0)
        } else {
            (hand.visited, self.hand_edges as usize)
        };
        Some((visited, &self.edges[first..self.n_edges as usize]))
    }

    /// Whether the piece in hand may make `m` (a move of its table) now.
    #[inline]
    pub(crate) fn allows_move(&self, board: &Board, m: &Move) -> bool {
        match &self.hand {
            Some(hand) if self.spent < self.factor => {
                self.allows(board, hand, m, self.pieces.occupied())
            }
            _ => false,
        }
    }

    /// Calls `each` with every unit the piece in hand may make next (like
    /// [`State::units_into`], without a vector).
    #[inline]
    pub(crate) fn for_each_unit(&self, board: &Board, mut each: impl FnMut(Move) -> bool) -> bool {
        let Some(hand) = &self.hand else { return false };
        if self.spent >= self.factor {
            return false;
        }
        let occupied = self.pieces.occupied();
        for m in board.moves().from(hand.at(), hand.captain) {
            if self.allows(board, hand, m, occupied) && each(*m) {
                return true;
            }
        }
        false
    }

    /// The kind of the unit to `to` if the piece in hand may make it by the movement
    /// rules.
    pub fn unit_kind(&self, board: &Board, to: Square) -> Option<UnitKind> {
        let hand = self.hand.as_ref()?;
        if self.spent >= self.factor {
            return None;
        }
        let occupied = self.pieces.occupied();
        board
            .moves()
            .from(hand.at(), hand.captain)
            .iter()
            .find(|m| m.to == to && self.allows(board, hand, m, occupied))
            .map(|m| m.kind)
    }

    /// Moves the piece in hand one unit to `to`. The caller has checked the unit
    /// ([`State::units_into`] lists only allowed ones).
    #[inline]
    pub fn apply_unit(&mut self, to: Square) {
        let hand = self.hand.as_mut().expect("a piece in hand");
        let from = hand.at();
        hand.path[hand.len as usize] = to;
        if hand.visited & to.bit() == 0 {
            hand.first_visits |= 1 << hand.len;
        }
        hand.len += 1;
        hand.visited |= to.bit();
        self.pieces.shift(hand.army, from, to, hand.captain);
        self.hash ^= zobrist::piece(hand.army, hand.captain, from)
            ^ zobrist::piece(hand.army, hand.captain, to);
        self.edges[self.n_edges as usize] = edge(from, to);
        self.n_edges += 1;
        self.spent += 1;
    }

    /// Takes back the last unit of the piece in hand.
    #[inline]
    pub fn undo_unit(&mut self) {
        let hand = self.hand.as_mut().expect("a piece in hand");
        debug_assert!(hand.len > 1, "the piece in hand has a unit to undo");
        let to = hand.at();
        hand.len -= 1;
        // Unused slots hold the start, so that equal states compare equal.
        hand.path[hand.len as usize] = hand.path[0];
        let step = 1u16 << hand.len;
        if hand.first_visits & step != 0 {
            hand.visited &= !to.bit();
            hand.first_visits &= !step;
        }
        let from = hand.at();
        self.pieces.shift(hand.army, to, from, hand.captain);
        self.hash ^= zobrist::piece(hand.army, hand.captain, from)
            ^ zobrist::piece(hand.army, hand.captain, to);
        self.n_edges -= 1;
        self.edges[self.n_edges as usize] = 0;
        self.spent -= 1;
    }

    /// Puts the piece in hand down: it is played and may not move again this turn
    /// (XI.7). A piece that has not moved is just put back.
    pub fn release(&mut self) {
        self.release_undoable();
    }

    /// Like [`State::release`], returning what [`State::undo_release`] needs to take
    /// it back (searches release and take back by the million).
    #[inline]
    pub fn release_undoable(&mut self) -> ReleaseUndo {
        let undo = ReleaseUndo {
            hand: self.hand,
            visited_before: self.visited_before,
        };
        if let Some(hand) = self.hand.take()
            && hand.units() > 0
        {
            self.played |= hand.at().bit();
            self.played_key ^= zobrist::played(hand.at());
            self.visited_before |= hand.visited;
        }
        undo
    }

    /// Takes back a release.
    #[inline]
    pub fn undo_release(&mut self, undo: ReleaseUndo) {
        if let Some(hand) = undo.hand
            && hand.units() > 0
        {
            self.played &= !hand.at().bit();
            self.played_key ^= zobrist::played(hand.at());
        }
        self.hand = undo.hand;
        self.visited_before = undo.visited_before;
    }

    /// The squares the piece in hand and the pieces released this turn have stood
    /// on, for views.
    pub fn trail(&self) -> Bits {
        self.visited_before | self.hand.map_or(0, |h| h.visited)
    }

    /// Marks pieces as already released this turn, after `spent` units (positions
    /// described mid-turn; their trails are not known).
    pub(crate) fn set_progress(&mut self, played: Bits, spent: u8) {
        self.played = played;
        self.played_key = squares_of(played).fold(0, |key, s| key ^ zobrist::played(s));
        self.spent = spent.min(self.factor);
    }

    /// Removes a piece (a capture between turns); the state must be at a turn's
    /// start or end, with no piece in hand.
    pub(crate) fn remove_piece(&mut self, square: Square) {
        if let Some((army, kind)) = self.pieces.at(square) {
            self.hash ^= zobrist::piece(army, kind == PieceKind::Captain, square);
            self.pieces.remove(square);
            if contains(self.played, square) {
                self.played &= !square.bit();
                self.played_key ^= zobrist::played(square);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn apply_then_undo_restores_the_state_and_its_hash() {
        let board = Board::reconstructed();
        let pieces = Pieces::start(&board, 0b1111);
        let rules = TurnRules {
            shared_trail: false,
            spend_all: true,
        };
        let mut state = State::new(pieces, ArmyId(0), 1, 6, rules);
        let before = state;
        assert!(state.pick(sq("C3")));
        let picked = state;
        let mut units = Vec::new();
        state.units_into(&board, &mut units);
        assert!(!units.is_empty());
        for m in units {
            state.apply_unit(m.to);
            assert_eq!(state.piece_hash(), state.pieces().zobrist());
            assert_ne!(state.piece_hash(), before.piece_hash());
            state.undo_unit();
            assert_eq!(state, picked);
        }
        state.unpick();
        assert_eq!(state, before);
    }
}
