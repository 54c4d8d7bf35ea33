//! [`BoardProblem`]: what can be wrong in a Château Noir board file, as data, and
//! [`BoardError`], the error listing them. Two of them are warnings, which do not stop
//! a board from loading ([`BoardProblem::is_warning`]).

use std::fmt;

use castellan_common::diagnostics::{FileText, Hint};

use crate::diagnostics::FileError;
use crate::square::Square;

/// Why a board file could not be loaded.
pub type BoardError = FileError;

/// A mistake (or, for two of them, a warning) only a board file can make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardProblem {
    /// `squares` must have ten rows.
    RowCount {
        found: usize,
    },
    /// Row `row` (10 to 1) must have ten squares.
    RowLength {
        row: u8,
        found: usize,
    },
    /// A character that is no kind of square and no army's letter.
    UnknownSquareKind {
        symbol: FileText,
    },
    /// Ids are lower-case letters, digits, `-` and `_`, at most 32 characters.
    BadId {
        id: FileText,
    },
    DuplicateArmy {
        id: FileText,
    },
    /// A board has two to four armies.
    ArmyCount {
        found: usize,
    },
    /// An army's `letter` must be one lower-case letter that is no square kind.
    BadLetter {
        letter: FileText,
    },
    DuplicateLetter {
        letter: char,
    },
    /// Not a square of the board (A1 to J10).
    NotASquare {
        text: FileText,
    },
    /// An army's territory must be a 3×3 block of its letter; it has `squares`.
    TerritoryNotThreeByThree {
        army: FileText,
        squares: usize,
    },
    /// An army has eight soldiers.
    SoldierCount {
        army: FileText,
        found: usize,
    },
    /// A piece starts on a black square or a tower.
    StartOnCastle {
        square: Square,
    },
    /// Two pieces start on one square.
    SharedStart {
        square: Square,
    },
    /// An army id that no `[[army]]` has.
    UnknownArmy {
        id: FileText,
        hint: Option<FileText>,
    },
    /// The colour table must name every army once, the army's own last.
    TableMissing {
        army: FileText,
        missing: FileText,
    },
    TableRepeats {
        army: FileText,
        repeated: FileText,
    },
    TableOwnNotLast {
        army: FileText,
    },
    /// An army in two teams.
    ArmyInTwoTeams {
        army: FileText,
    },
    DuplicateTeam {
        id: FileText,
    },
    /// A team has at least one army.
    EmptyTeam,
    /// A colour is written `#rrggbb`.
    BadColour {
        colour: FileText,
    },
    /// Warning: the board does not look the same from every corner: `square` and the
    /// square a quarter turn away (`turned`) differ.
    NotSymmetric {
        square: Square,
        turned: Square,
    },
    /// Warning: a piece starts outside its army's territory.
    StartOutsideTerritory {
        army: FileText,
        square: Square,
    },
}

impl BoardProblem {
    /// Whether this is only a warning: the board loads all the same.
    pub fn is_warning(&self) -> bool {
        matches!(
            self,
            Self::NotSymmetric { .. } | Self::StartOutsideTerritory { .. }
        )
    }
}

impl fmt::Display for BoardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::RowCount { found } => {
                write!(
                    f,
                    "`squares` must have 10 rows (10 at the top to 1), not {found}"
                )
            }
            Self::RowLength { row, found } => {
                write!(f, "row {row} must have 10 squares, not {found}")
            }
            Self::UnknownSquareKind { symbol } => write!(
                f,
                "unknown kind of square `{symbol}`: write `.` (white), `#` (black), `X` \
                 (tower) or an army's letter"
            ),
            Self::BadId { id } => write!(
                f,
                "`{id}` is not an id: use lower-case letters, digits, `-` and `_` (at most 32)"
            ),
            Self::DuplicateArmy { id } => write!(f, "two armies are called `{id}`"),
            Self::ArmyCount { found } => {
                write!(f, "a board has 2 to 4 armies (one a corner), not {found}")
            }
            Self::BadLetter { letter } => write!(
                f,
                "`{letter}` is not an army letter: use one lower-case letter other than `x`"
            ),
            Self::DuplicateLetter { letter } => {
                write!(f, "two armies use the letter `{letter}`")
            }
            Self::NotASquare { text } => {
                write!(f, "`{text}` is not a square of the board (A1 to J10)")
            }
            Self::TerritoryNotThreeByThree { army, squares } => write!(
                f,
                "the territory of `{army}` must be a 3×3 block of its letter; it has {squares} \
                 squares that are not one"
            ),
            Self::SoldierCount { army, found } => {
                write!(f, "`{army}` must have 8 soldiers, not {found}")
            }
            Self::StartOnCastle { square } => {
                write!(
                    f,
                    "{square} is a square of the castle: no piece starts there"
                )
            }
            Self::SharedStart { square } => write!(f, "two pieces start on {square}"),
            Self::UnknownArmy { id, hint } => {
                write!(f, "there is no army `{id}`{}", Hint(hint))
            }
            Self::TableMissing { army, missing } => write!(
                f,
                "the colour table of `{army}` does not name `{missing}`: it names every army once"
            ),
            Self::TableRepeats { army, repeated } => write!(
                f,
                "the colour table of `{army}` names `{repeated}` twice: it names every army once"
            ),
            Self::TableOwnNotLast { army } => write!(
                f,
                "the colour table of `{army}` must end with `{army}` (its own territory is taken \
                 last)"
            ),
            Self::ArmyInTwoTeams { army } => write!(f, "`{army}` is in two teams"),
            Self::DuplicateTeam { id } => write!(f, "two teams are called `{id}`"),
            Self::EmptyTeam => f.write_str("a team needs at least one army"),
            Self::BadColour { colour } => {
                write!(f, "`{colour}` is not a colour: write it `#rrggbb`")
            }
            Self::NotSymmetric { square, turned } => write!(
                f,
                "warning: the board is not the same from every corner ({square} and {turned}, a \
                 quarter turn apart, differ)"
            ),
            Self::StartOutsideTerritory { army, square } => write!(
                f,
                "warning: a piece of `{army}` starts on {square}, outside its territory"
            ),
        }
    }
}
