//! Capture by framing (rulings 12–14) and the safety of a piece that moved itself
//! between two enemies (VI.5b, ruling 13): which enemy pieces the mover may take at
//! the end of its turn.

use serde::{Deserialize, Serialize};

use super::state::Pieces;
use super::table::Sides;
use crate::board::ArmyId;
use crate::square::{Bits, Square, contains, squares_of};

/// Lines a piece is framed along: orthogonal, and diagonal with the option.
const ORTHOGONAL_LINES: [(i8, i8); 2] = [(1, 0), (0, 1)];
const DIAGONAL_LINES: [(i8, i8); 2] = [(1, 1), (1, -1)];

/// A piece that moved itself between two enemies: safe from `against` (a set of
/// armies) until each of them has played its next turn (VI.5b).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Safety {
    pub square: Square,
    pub army: ArmyId,
    /// The armies that may not take it yet, as a set.
    pub against: u8,
}

/// Whether the piece on `square` lies between two pieces of `framers` on a line, with
/// at least one of them in `own` (every square given as sets).
fn framed(square: Square, framers: Bits, own: Bits, diagonals: bool) -> bool {
    let lines = ORTHOGONAL_LINES
        .iter()
        .chain(if diagonals { &DIAGONAL_LINES[..] } else { &[] });
    lines.into_iter().any(|&(dc, dr)| {
        let (Some(a), Some(b)) = (square.offset(dc, dr), square.offset(-dc, -dr)) else {
            return false;
        };
        contains(framers, a) && contains(framers, b) && (contains(own, a) || contains(own, b))
    })
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
    let mut taken = 0;
    for square in squares_of(enemies) {
        if !framed(square, friends, own, diagonals) {
            continue;
        }
        let is_safe = safe
            .iter()
            .any(|s| s.square == square && s.against & controlled != 0);
        if !is_safe {
            taken |= square.bit();
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
        if framed(square, framers, framers, diagonals) {
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
