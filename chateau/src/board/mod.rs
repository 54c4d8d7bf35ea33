//! The board as data: the kind of each of the 100 squares, the armies (their
//! territory, starting squares and colour table) and the teams, read from a TOML file
//! (`data/boards/chateau-noir.toml`, format in `docs/chateau-noir-board-format.md`)
//! and validated with `FILE:LINE:COLUMN` messages (`load`, `problems`). The movement
//! rules are worked out once per board into tables (`moves`), and a board that is not
//! the same seen from every corner gets a warning (`symmetry`).

mod load;
mod moves;
mod problems;
mod symmetry;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::square::{Bits, SQUARES, Square, squares_of};

pub use load::{
    BOARD_FORMAT, CheckedBoard, MAX_BOARD_BYTES, check_board, load_board_file, parse_board,
};
pub use moves::{Move, MoveTables, UnitKind};
pub use problems::{BoardError, BoardProblem};

/// The reconstructed board Castellan ships (`data/boards/chateau-noir.toml`), built
/// into the engine so that tests, tools and protocol sessions without an installed
/// data folder can play it.
pub const RECONSTRUCTED_BOARD: &str = include_str!("../../../data/boards/chateau-noir.toml");

/// The most armies a board may have (one per corner).
pub const MAX_ARMIES: usize = 4;
/// The pieces of an army: a captain and eight soldiers.
pub const SOLDIERS: usize = 8;

/// An army, by its place in the board's list (play order, clockwise): 0 to 3. In JSON
/// it is that number; the board names it (`Board::army`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ArmyId(pub u8);

impl ArmyId {
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Its bit in a set of armies (`u8`).
    pub fn bit(self) -> u8 {
        1 << self.0
    }
}

impl fmt::Display for ArmyId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "army {}", self.0)
    }
}

/// The armies of a set of armies (`u8`, bit `i` for army `i`).
pub fn armies_of(set: u8) -> impl Iterator<Item = ArmyId> {
    (0..MAX_ARMIES as u8)
        .filter(move |i| set & (1 << i) != 0)
        .map(ArmyId)
}

/// What a square is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SquareKind {
    /// A white square (`.`).
    White,
    /// A plain black square of the castle (`#`).
    Black,
    /// A black square with an X, a tower (`X`).
    Tower,
    /// A square of an army's coloured territory.
    Territory(ArmyId),
}

impl SquareKind {
    /// The character the board diagram uses; territories use their army's letter.
    pub fn symbol(self, board: &Board) -> char {
        match self {
            Self::White => '.',
            Self::Black => '#',
            Self::Tower => 'X',
            Self::Territory(army) => board.army(army).letter,
        }
    }

    /// The id used in JSON views: `"white"`, `"black"`, `"tower"`, `"territory"`.
    pub fn id(self) -> &'static str {
        match self {
            Self::White => "white",
            Self::Black => "black",
            Self::Tower => "tower",
            Self::Territory(_) => "territory",
        }
    }
}

/// A colour written `#rrggbb`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl fmt::Display for Rgb {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

impl Serialize for Rgb {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// One army of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Army {
    /// Its id in files and requests: `"red"`.
    pub id: String,
    /// Its name, for people: "Red".
    pub name: String,
    /// The letter of its territory in the board diagram (and of its pieces in
    /// position diagrams, a captain in capitals).
    pub letter: char,
    pub colour: Option<Rgb>,
    /// The squares of its coloured territory (a 3×3 corner).
    pub territory: Bits,
    /// Where its captain starts.
    pub captain: Square,
    /// Where its eight soldiers start.
    pub soldiers: Vec<Square>,
    /// Its colour table: the territories (by army) it must occupy, in order; its own
    /// territory last (ruling 17).
    pub table: Vec<ArmyId>,
}

/// A team of armies that play together in team play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Team {
    pub id: String,
    pub name: String,
    pub armies: Vec<ArmyId>,
}

/// What the board file says about itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardMeta {
    pub name: String,
    pub description: String,
    pub author: String,
    pub licence: String,
    /// Why and how the board was reconstructed, when it is not a published board; the
    /// app shows it ("reconstructed board").
    pub reconstruction: Option<String>,
}

/// A Château Noir board: squares, armies, teams, and its movement tables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    pub meta: BoardMeta,
    kinds: [SquareKind; SQUARES],
    armies: Vec<Army>,
    teams: Vec<Team>,
    towers: Bits,
    whites: Bits,
    moves: MoveTables,
}

impl Board {
    /// A board from already checked parts (the loader checks them).
    pub(crate) fn new(
        meta: BoardMeta,
        kinds: [SquareKind; SQUARES],
        armies: Vec<Army>,
        teams: Vec<Team>,
    ) -> Self {
        let of_kind = |kind: SquareKind| {
            Square::all()
                .filter(|s| kinds[s.index()] == kind)
                .fold(0, |bits, s| bits | s.bit())
        };
        Self {
            meta,
            towers: of_kind(SquareKind::Tower),
            whites: of_kind(SquareKind::White),
            moves: MoveTables::build(&kinds),
            kinds,
            armies,
            teams,
        }
    }

    /// The text of the reconstructed board's file.
    pub fn reconstructed_text() -> &'static str {
        RECONSTRUCTED_BOARD
    }

    /// The reconstructed board Castellan ships.
    ///
    /// ```
    /// use castellan_chateau::board::{Board, SquareKind};
    ///
    /// let board = Board::reconstructed();
    /// assert_eq!(board.kind("E5".parse().unwrap()), SquareKind::Tower);
    /// assert_eq!(board.armies().len(), 4);
    /// assert!(board.meta.reconstruction.is_some());
    /// ```
    pub fn reconstructed() -> Board {
        parse_board(RECONSTRUCTED_BOARD, "chateau-noir.toml")
            .expect("the shipped board is checked by its tests")
    }

    /// What `square` is.
    #[inline]
    pub fn kind(&self, square: Square) -> SquareKind {
        self.kinds[square.index()]
    }

    /// The towers (X squares).
    #[inline]
    pub fn towers(&self) -> Bits {
        self.towers
    }

    /// The white squares.
    pub fn whites(&self) -> Bits {
        self.whites
    }

    /// The armies, in play order (clockwise).
    pub fn armies(&self) -> &[Army] {
        &self.armies
    }

    /// Every army's id.
    pub fn army_ids(&self) -> impl Iterator<Item = ArmyId> + use<> {
        (0..self.armies.len() as u8).map(ArmyId)
    }

    /// One army. Panics if `army` is not of this board (ids come from the board).
    pub fn army(&self, army: ArmyId) -> &Army {
        &self.armies[army.index()]
    }

    /// The army whose id is `id`.
    pub fn army_by_id(&self, id: &str) -> Option<ArmyId> {
        self.armies
            .iter()
            .position(|army| army.id == id)
            .map(|i| ArmyId(i as u8))
    }

    /// The army whose territory holds `square`, if any.
    pub fn territory_at(&self, square: Square) -> Option<ArmyId> {
        match self.kind(square) {
            SquareKind::Territory(army) => Some(army),
            _ => None,
        }
    }

    /// The teams the file defines.
    pub fn teams(&self) -> &[Team] {
        &self.teams
    }

    /// The team of `army`, if it is in one.
    pub fn team_of(&self, army: ArmyId) -> Option<usize> {
        self.teams
            .iter()
            .position(|team| team.armies.contains(&army))
    }

    /// The movement tables.
    #[inline]
    pub fn moves(&self) -> &MoveTables {
        &self.moves
    }

    /// The board as a diagram, rows 10 to 1, as the file and the shared reading write
    /// it.
    pub fn diagram(&self) -> String {
        let mut text = String::from("     A B C D E F G H I J\n");
        for row in (0..10).rev() {
            text.push_str(&format!("  {:>2}", row + 1));
            for column in 0..10 {
                let square = Square::at(column, row).expect("on the board");
                text.push(' ');
                text.push(self.kind(square).symbol(self));
            }
            text.push('\n');
        }
        text
    }

    /// The starting squares of every piece: `(army, square, captain)`.
    pub fn start(&self) -> impl Iterator<Item = (ArmyId, Square, bool)> + '_ {
        self.army_ids().flat_map(move |id| {
            let army = self.army(id);
            std::iter::once((id, army.captain, true))
                .chain(army.soldiers.iter().map(move |&s| (id, s, false)))
        })
    }

    /// The squares of `army`'s territory, lowest first.
    pub fn territory(&self, army: ArmyId) -> impl Iterator<Item = Square> + use<> {
        squares_of(self.army(army).territory)
    }
}
