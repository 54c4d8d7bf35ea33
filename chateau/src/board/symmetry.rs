//! The 4-fold symmetry check: the board and the starting pieces should look the same
//! from every corner, so that no army is favoured. A board that is not gets a warning
//! (it still loads: a designer may want it so).

use super::{Board, SquareKind};
use crate::square::{SIDE, Square};

/// A quarter turn clockwise about the board's centre: A1 goes to A10.
pub(crate) fn quarter_turn(square: Square) -> Square {
    Square::at(square.row(), SIDE - 1 - square.column()).expect("the turned square is on the board")
}

/// What must match under the turn: the kind of square (any territory alike) and the
/// kind of piece starting there.
fn class(board: &Board, square: Square) -> (u8, u8) {
    let kind = match board.kind(square) {
        SquareKind::White => 0,
        SquareKind::Black => 1,
        SquareKind::Tower => 2,
        SquareKind::Territory(_) => 3,
    };
    let piece = board
        .start()
        .find(|&(_, s, _)| s == square)
        .map_or(0, |(_, _, captain)| if captain { 2 } else { 1 });
    (kind, piece)
}

/// The first square whose quarter turn differs from it, with that turned square.
pub(crate) fn first_asymmetry(board: &Board) -> Option<(Square, Square)> {
    Square::all().find_map(|square| {
        let turned = quarter_turn(square);
        (class(board, square) != class(board, turned)).then_some((square, turned))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quarter_turn_takes_each_corner_to_the_next_clockwise() {
        let turn = |name: &str| quarter_turn(name.parse().unwrap()).to_string();
        assert_eq!(turn("A1"), "A10");
        assert_eq!(turn("A10"), "J10");
        assert_eq!(turn("J10"), "J1");
        assert_eq!(turn("J1"), "A1");
        assert_eq!(turn("D7"), "G7");
        for square in Square::all() {
            let four = (0..4).fold(square, |s, _| quarter_turn(s));
            assert_eq!(four, square);
        }
    }
}
