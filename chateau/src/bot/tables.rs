//! What the computer players work out once per board: how far each square is from
//! each territory (for walking towards the next one, ruling 17), the squares worth
//! holding (the keep and the towers, whose diagonals and twin jumps give a piece the
//! most ways to go), and the two lines through each square along which a piece is
//! framed (ruling 12).

use crate::board::{ArmyId, Board, MAX_ARMIES};
use crate::square::{Bits, SQUARES, Square, squares_of};

/// Units from a square to a territory that nothing reaches (a board without a way).
pub const FAR: u8 = 40;

/// A line through a square: the two neighbours a framer must stand on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub a: Square,
    pub b: Square,
}

/// The per-board tables.
#[derive(Clone, Debug)]
pub struct Tables {
    /// `distance[army][square]`: the fewest units a soldier needs from `square` to a
    /// square of `army`'s territory on an empty board.
    distance: [[u8; SQUARES]; MAX_ARMIES],
    /// The lines through each square (orthogonal, and diagonal when `diagonals`).
    lines: Vec<Vec<Line>>,
    /// The keep: towers whose orthogonal neighbours include another tower (twins).
    pub keep: Bits,
    pub towers: Bits,
    /// Each army's territory.
    pub territory: [Bits; MAX_ARMIES],
}

impl Tables {
    /// The tables of `board`, with diagonal lines when captures take diagonals
    /// (ruling 12, option).
    pub fn new(board: &Board, diagonals: bool) -> Self {
        let mut distance = [[FAR; SQUARES]; MAX_ARMIES];
        let mut territory = [0; MAX_ARMIES];
        for army in board.army_ids() {
            let target = board.army(army).territory;
            territory[army.index()] = target;
            distance[army.index()] = distances_to(board, target);
        }
        let towers = board.towers();
        let keep = squares_of(towers)
            .filter(|s| {
                crate::square::ORTHOGONAL
                    .iter()
                    .any(|&(dc, dr)| s.offset(dc, dr).is_some_and(|n| towers & n.bit() != 0))
            })
            .fold(0, |bits, s| bits | s.bit());
        let mut directions: Vec<(i8, i8)> = vec![(1, 0), (0, 1)];
        if diagonals {
            directions.extend([(1, 1), (1, -1)]);
        }
        let lines = Square::all()
            .map(|s| {
                directions
                    .iter()
                    .filter_map(|&(dc, dr)| {
                        Some(Line {
                            a: s.offset(dc, dr)?,
                            b: s.offset(-dc, -dr)?,
                        })
                    })
                    .collect()
            })
            .collect();
        Self {
            distance,
            lines,
            keep,
            towers,
            territory,
        }
    }

    /// Units from `square` to `army`'s territory (0 inside it).
    #[inline]
    pub fn distance(&self, army: ArmyId, square: Square) -> u8 {
        self.distance[army.index()][square.index()]
    }

    /// The lines along which a piece on `square` can be framed.
    #[inline]
    pub fn lines(&self, square: Square) -> &[Line] {
        &self.lines[square.index()]
    }
}

/// The fewest soldier units from every square to any square of `target`, by a
/// breadth-first search backwards over the movement tables.
fn distances_to(board: &Board, target: Bits) -> [u8; SQUARES] {
    let mut distance = [FAR; SQUARES];
    let mut frontier = target;
    let mut reached = target;
    let mut d = 0;
    while frontier != 0 {
        for s in squares_of(frontier) {
            distance[s.index()] = d;
        }
        d += 1;
        let mut next = 0;
        for s in squares_of(!reached & all_squares()) {
            if board.moves().reach(s, false) & frontier != 0 {
                next |= s.bit();
            }
        }
        reached |= next;
        frontier = next;
    }
    distance
}

/// Every square of the board.
pub fn all_squares() -> Bits {
    (1u128 << SQUARES) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_count_units_to_the_territory() {
        let board = Board::reconstructed();
        let tables = Tables::new(&board, false);
        let red = ArmyId(0);
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(tables.distance(red, sq("B2")), 0);
        assert_eq!(tables.distance(red, sq("D1")), 1);
        // Blue's corner is A8–C10: from A7 one step.
        assert_eq!(tables.distance(ArmyId(1), sq("A7")), 1);
        assert_eq!(tables.keep.count_ones(), 4);
        assert_eq!(tables.lines(sq("A1")).len(), 0);
        assert_eq!(tables.lines(sq("B2")).len(), 2);
    }
}
