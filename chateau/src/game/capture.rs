//! Capture by framing (rulings 12–14) and the safety of a piece that moved itself
//! between two enemies (VI.5b, ruling 13): which enemy pieces the mover may take at
//! the end of its turn.

use serde::{Deserialize, Serialize};

use super::state::Pieces;
use super::table::Sides;
use crate::board::ArmyId;
use crate::square::{Bits, Square};

/// A piece that moved itself between two enemies: safe from `against` (a set of
/// armies) until each of them has played its next turn (VI.5b).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Safety {
    pub square: Square,
    pub army: ArmyId,
    /// The armies that may not take it yet, as a set.
    pub against: u8,
}

/// The 100 squares of the board.
const BOARD: Bits = (1 << 100) - 1;
/// Column A, and column J.
const COLUMN_A: Bits = {
    let mut bits = 0;
    let mut row = 0;
    while row < 10 {
        bits |= 1 << (row * 10);
        row += 1;
    }
    bits
};
const COLUMN_J: Bits = COLUMN_A << 9;

/// The squares whose neighbour `(dc, dr)` away is in `set` (the whole set shifted at
/// once: a bitboard's way of looking around every square).
#[inline]
fn neighbour_in(set: Bits, dc: i8, dr: i8) -> Bits {
    // The neighbour of square s is s + dc + 10 dr: move the set the other way.
    let shift = i32::from(dc) + 10 * i32::from(dr);
    let moved = if shift >= 0 {
        set >> shift
    } else {
        set << (-shift)
    };
    // A neighbour to the right of column J or left of column A is off the board.
    let off = match dc {
        1 => COLUMN_J,
        -1 => COLUMN_A,
        _ => 0,
    };
    moved & !off & BOARD
}

/// The squares lying between two pieces of `framers` on a line, at least one of them
/// in `own`: along rows and columns, and along diagonals if `diagonals`.
#[inline]
fn framed_squares(framers: Bits, own: Bits, diagonals: bool) -> Bits {
    let mut framed = 0;
    let lines: &[(i8, i8)] = if diagonals {
        &[(1, 0), (0, 1), (1, 1), (1, -1)]
    } else {
        &[(1, 0), (0, 1)]
    };
    for &(dc, dr) in lines {
        let (ahead, behind) = (
            neighbour_in(framers, dc, dr),
            neighbour_in(framers, -dc, -dr),
        );
        let own_side = neighbour_in(own, dc, dr) | neighbour_in(own, -dc, -dr);
        framed |= ahead & behind & own_side;
    }
    framed
}

/// The enemy pieces the armies `controlled` (moved by `mover` this turn) may take at
/// the end of its turn: each framed on a line between two pieces of the mover's side,
/// at least one of them a controlled army's (ruling 13, 14; a line of several enemies
/// is not framed), and not safe from the mover.
///
/// ```
/// use castellan_chateau::board::{ArmyId, Board};
/// use castellan_chateau::game::{Pieces, Sides, Table, capturable};
///
/// let board = Board::reconstructed();
/// let mut pieces = Pieces::default();
/// let sq = |s: &str| s.parse().unwrap();
/// pieces.put(ArmyId(0), sq("D5"), false);
/// pieces.put(ArmyId(1), sq("E5"), false);
/// pieces.put(ArmyId(0), sq("F5"), false);
/// let sides = Sides::new(&board, &Table::four_alone());
/// let taken = capturable(&pieces, ArmyId(0), 1, &sides, &[], false);
/// assert_eq!(taken, sq("E5").bit());
/// ```
pub fn capturable(
    pieces: &Pieces,
    mover: ArmyId,
    controlled: u8,
    sides: &Sides,
    safe: &[Safety],
    diagonals: bool,
) -> Bits {
    let own = pieces.of_set(controlled);
    let friends = pieces.of_set(sides.friends(mover) | controlled);
    let enemies = pieces.of_set(sides.enemies(mover) & !controlled);
    let mut taken = enemies & framed_squares(friends, own, diagonals);
    for record in safe {
        if record.against & controlled != 0 {
            taken &= !record.square.bit();
        }
    }
    taken
}

/// The armies a piece of `army` on `square` is framed by, side by side: every army of
/// each enemy side with two pieces around it on a line (for the safety of VI.5b).
pub fn framing_armies(
    pieces: &Pieces,
    square: Square,
    army: ArmyId,
    sides: &Sides,
    diagonals: bool,
) -> u8 {
    let mut against = 0;
    for side in sides.ids() {
        let armies = sides.armies(side);
        if armies & sides.friends(army) != 0 {
            continue;
        }
        let framers = pieces.of_set(armies);
        if framed_squares(framers, framers, diagonals) & square.bit() != 0 {
            against |= armies;
        }
    }
    against
}

/// The safety records after `movers` (a set of armies) ended a turn: the movers'
/// earlier safety has run out against them; a mover's piece that moved (`moved`
/// holds where each moved piece started and ended) loses its old record, and gains one
/// if it now stands between two enemies.
pub(crate) fn update_safety(
    safe: &mut Vec<Safety>,
    pieces: &Pieces,
    movers: u8,
    moved: &[(Square, Square)],
    sides: &Sides,
    diagonals: bool,
) {
    for record in safe.iter_mut() {
        record.against &= !movers;
    }
    safe.retain(|record| {
        record.against != 0
            && pieces.army_at(record.square) == Some(record.army)
            && !moved
                .iter()
                .any(|&(from, to)| from == record.square || to == record.square)
    });
    for &(_, to) in moved {
        let Some(army) = pieces.army_at(to) else {
            continue;
        };
        let against = framing_armies(pieces, to, army, sides, diagonals);
        if against != 0 {
            safe.push(Safety {
                square: to,
                army,
                against,
            });
        }
    }
    safe.sort_by_key(|s| s.square);
    safe.dedup_by_key(|s| s.square);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &[&str]) -> Bits {
        names
            .iter()
            .fold(0, |bits, n| bits | n.parse::<Square>().unwrap().bit())
    }

    #[test]
    fn frames_do_not_wrap_around_the_edges() {
        // J5 and A6 are next to each other in square numbers, not on the board.
        assert_eq!(framed_squares(set(&["I5", "A6"]), set(&["I5"]), false), 0);
        assert_eq!(
            framed_squares(set(&["I5", "J6", "J4"]), set(&["J6"]), false),
            set(&["J5"])
        );
        assert_eq!(
            framed_squares(set(&["A1", "C1"]), set(&["A1"]), false),
            set(&["B1"])
        );
        assert_eq!(
            framed_squares(set(&["A10", "A8"]), set(&["A8"]), false),
            set(&["A9"])
        );
        // Diagonals only when asked, and never across the edge.
        let diagonal = set(&["A1", "C3"]);
        assert_eq!(framed_squares(diagonal, diagonal, false), 0);
        assert_eq!(framed_squares(diagonal, diagonal, true), set(&["B2"]));
        assert_eq!(framed_squares(set(&["J1", "A3"]), set(&["J1"]), true), 0);
        // At least one framer must be the mover's own.
        assert_eq!(framed_squares(set(&["A1", "C1"]), 0, false), 0);
    }
}
