//! Sieges (XI.1, ruling 22): a group of one army's orthogonally connected pieces that
//! cannot move, hemmed in by enemy pieces only, for three turns in a row, is captured
//! when its army's fourth such turn begins.

use serde::{Deserialize, Serialize};

use super::state::Pieces;
use super::table::Sides;
use crate::board::{ArmyId, Board};
use crate::square::{Bits, ORTHOGONAL, Square, contains, squares_of};

/// A besieged group and the turns of its army it has been besieged, in a row.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Siege {
    pub army: ArmyId,
    pub squares: Vec<Square>,
    pub turns: u8,
}

/// The turn of its army at whose start a besieged group is captured.
pub const SIEGE_TURNS: u8 = 4;

/// The orthogonal neighbours of a set of squares, outside it.
pub(crate) fn neighbours(squares: Bits) -> Bits {
    let mut around = 0;
    for square in squares_of(squares) {
        for (dc, dr) in ORTHOGONAL {
            if let Some(next) = square.offset(dc, dr) {
                around |= next.bit();
            }
        }
    }
    around & !squares
}

/// The orthogonally connected groups of a set of squares.
pub(crate) fn groups(mut squares: Bits) -> Vec<Bits> {
    let mut groups = Vec::new();
    while squares != 0 {
        let seed = squares & squares.wrapping_neg();
        let mut group = seed;
        loop {
            let grown = group | (neighbours(group) & squares);
            if grown == group {
                break;
            }
            group = grown;
        }
        squares &= !group;
        groups.push(group);
    }
    groups
}

/// Whether no piece of `group` has a unit of movement it could make.
fn cannot_move(board: &Board, pieces: &Pieces, group: Bits) -> bool {
    let occupied = pieces.occupied();
    squares_of(group).all(|square| {
        let captain = contains(pieces.captains(), square);
        board.moves().reach(square, captain) & !occupied == 0
    })
}

/// The groups of `army` under siege now: unable to move, and every orthogonal
/// neighbour on the board an enemy piece.
///
/// ```
/// use castellan_chateau::board::{ArmyId, Board};
/// use castellan_chateau::game::{Pieces, Sides, Table, besieged_groups};
///
/// let board = Board::reconstructed();
/// let sq = |s: &str| s.parse::<castellan_chateau::Square>().unwrap();
/// let mut pieces = Pieces::default();
/// // A red soldier in the corner A1, hemmed in by blue soldiers on A2 and B1; blue
/// // pieces also stand on every square it could reach diagonally or by jumping.
/// pieces.put(ArmyId(0), sq("A1"), false);
/// for s in ["A2", "B1", "B2"] {
///     pieces.put(ArmyId(1), sq(s), false);
/// }
/// let sides = Sides::new(&board, &Table::four_alone());
/// assert_eq!(besieged_groups(&board, &pieces, ArmyId(0), &sides), vec![sq("A1").bit()]);
/// ```
pub fn besieged_groups(board: &Board, pieces: &Pieces, army: ArmyId, sides: &Sides) -> Vec<Bits> {
    let enemies = pieces.of_set(sides.enemies(army));
    groups(pieces.of(army))
        .into_iter()
        .filter(|&group| {
            let around = neighbours(group);
            around & !enemies == 0 && cannot_move(board, pieces, group)
        })
        .collect()
}

/// The enemy army with the most pieces next to `group`; a tie goes to the army that
/// plays first after `army` (ruling 22).
pub(crate) fn besieger(
    board: &Board,
    pieces: &Pieces,
    army: ArmyId,
    group: Bits,
    sides: &Sides,
) -> Option<ArmyId> {
    let around = neighbours(group);
    let count = board.armies().len() as u8;
    (1..count)
        .map(|step| ArmyId((army.0 + step) % count))
        .filter(|enemy| sides.enemies(army) & enemy.bit() != 0)
        .map(|enemy| (enemy, (pieces.of(enemy) & around).count_ones()))
        .filter(|&(_, n)| n > 0)
        // max_by_key keeps the last of equals: reverse so the first in play order wins.
        .rev()
        .max_by_key(|&(_, n)| n)
        .map(|(enemy, _)| enemy)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_orthogonally_connected() {
        let sq = |s: &str| s.parse::<Square>().unwrap().bit();
        let set = sq("A1") | sq("A2") | sq("B2") | sq("D4") | sq("E5");
        let mut found = groups(set);
        found.sort();
        let mut expected = vec![sq("A1") | sq("A2") | sq("B2"), sq("D4"), sq("E5")];
        expected.sort();
        assert_eq!(found, expected);
    }
}
