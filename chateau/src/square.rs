//! Squares and sets of squares: a square is a small integer (0 to 99, `row * 10 +
//! column`, A1 = 0, J10 = 99) and a set of squares is a `u128` bitboard, so that
//! occupancy tests and updates are single machine operations.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Columns and rows of the board.
pub const SIDE: u8 = 10;
/// Squares of the board.
pub const SQUARES: usize = 100;

/// One square, by its column (A–J, left to right) and row (1–10, bottom to top).
/// In JSON and TOML it is written as people write it: `"E10"`.
///
/// ```
/// use castellan_chateau::Square;
///
/// let e10: Square = "E10".parse().unwrap();
/// assert_eq!((e10.column(), e10.row()), (4, 9));
/// assert_eq!(e10.to_string(), "E10");
/// assert_eq!(Square::at(0, 0).unwrap().to_string(), "A1");
/// assert!("K1".parse::<Square>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `column` (0 = A) and `row` (0 = row 1), if on the board.
    pub const fn at(column: u8, row: u8) -> Option<Square> {
        if column < SIDE && row < SIDE {
            Some(Square(row * SIDE + column))
        } else {
            None
        }
    }

    /// The square of index `index` (0–99).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Its index, 0–99.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Its column, 0 (A) to 9 (J).
    pub const fn column(self) -> u8 {
        self.0 % SIDE
    }

    /// Its row, 0 (row 1) to 9 (row 10).
    pub const fn row(self) -> u8 {
        self.0 / SIDE
    }

    /// The square `dc` columns and `dr` rows away, if on the board.
    pub const fn offset(self, dc: i8, dr: i8) -> Option<Square> {
        let c = self.column() as i8 + dc;
        let r = self.row() as i8 + dr;
        if c >= 0 && r >= 0 {
            Square::at(c as u8, r as u8)
        } else {
            None
        }
    }

    /// Its bit in a [`Bits`] set.
    pub const fn bit(self) -> Bits {
        1u128 << self.0
    }

    /// Every square, A1 first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }

    /// The column letter: `'A'`–`'J'`.
    pub fn column_letter(self) -> char {
        char::from(b'A' + self.column())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_letter(), self.row() + 1)
    }
}

/// Why a text is not a square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a square of the board (A1 to J10)")]
pub struct NotASquare;

impl FromStr for Square {
    type Err = NotASquare;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut chars = text.chars();
        let letter = chars.next().ok_or(NotASquare)?.to_ascii_uppercase();
        if !letter.is_ascii_uppercase() {
            return Err(NotASquare);
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(NotASquare);
        }
        let row: u8 = digits.parse().map_err(|_| NotASquare)?;
        if row == 0 || digits.starts_with('0') {
            return Err(NotASquare);
        }
        Square::at(letter as u8 - b'A', row - 1).ok_or(NotASquare)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(|_| {
            serde::de::Error::custom(format!(
                "`{}` is not a square of the board (A1 to J10)",
                castellan_common::diagnostics::FileText::new(&text)
            ))
        })
    }
}

/// A set of squares: bit `i` is the square of index `i`.
pub type Bits = u128;

/// The squares of a set, lowest index first.
///
/// ```
/// use castellan_chateau::{Square, squares_of};
///
/// let set = Square::at(1, 0).unwrap().bit() | Square::at(0, 1).unwrap().bit();
/// let names: Vec<String> = squares_of(set).map(|s| s.to_string()).collect();
/// assert_eq!(names, ["B1", "A2"]);
/// ```
pub fn squares_of(mut bits: Bits) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let index = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(Square(index))
    })
}

/// Whether `square` is in `bits`.
pub const fn contains(bits: Bits, square: Square) -> bool {
    bits & square.bit() != 0
}

/// The four orthogonal directions, as (columns, rows).
pub const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
/// The four diagonal directions.
pub const DIAGONAL: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_square_round_trips_through_its_name() {
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>(), Ok(square));
        }
        for bad in ["", "A", "A0", "A11", "K5", "A01", "5A", "AA", "A+1", "é1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert_eq!("e10".parse::<Square>().unwrap().to_string(), "E10");
    }

    #[test]
    fn offsets_stay_on_the_board() {
        let a1 = Square::at(0, 0).unwrap();
        assert_eq!(a1.offset(-1, 0), None);
        assert_eq!(a1.offset(1, 1).unwrap().to_string(), "B2");
        let j10 = Square::at(9, 9).unwrap();
        assert_eq!(j10.offset(1, 0), None);
        assert_eq!(j10.offset(0, 1), None);
    }

    #[test]
    fn squares_serialise_as_their_names() {
        let square: Square = "D7".parse().unwrap();
        assert_eq!(serde_json::to_string(&square).unwrap(), "\"D7\"");
        assert_eq!(serde_json::from_str::<Square>("\"D7\"").unwrap(), square);
        let error = serde_json::from_str::<Square>("\"Z\\u001b9\"").unwrap_err();
        assert!(error.to_string().contains("\\u001B"), "{error}");
    }
}
