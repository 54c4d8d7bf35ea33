//! What can be wrong in this engine's files (boards, variants, positions), as data,
//! on top of the mistakes any file can make (`castellan_common::diagnostics`): the
//! shape of the TOML (unknown or missing keys, wrong types, numbers out of range) and
//! each kind of file's own problems. `Display` gives the English sentence.

use std::fmt;

use castellan_common::diagnostics::{self as shared, BaseProblem, FileText, Hint, ValueType};

use crate::board::BoardProblem;
use crate::position::PositionProblem;
use crate::variant::VariantProblem;

/// One mistake in a board, variant or position file.
#[derive(Clone, Debug, PartialEq)]
pub enum ProblemKind {
    /// A mistake any file can make (not TOML, not UTF-8, too large, bad text).
    Base(BaseProblem),
    /// A key the file's `section` does not have; `hint` is the likely intended one.
    UnknownKey {
        section: &'static str,
        key: FileText,
        hint: Option<FileText>,
    },
    /// A key the file's `section` must have.
    MissingKey {
        section: &'static str,
        key: &'static str,
    },
    /// `key` holds a value of the wrong type.
    WrongType {
        key: &'static str,
        expected: &'static str,
        found: ValueType,
    },
    /// `key` holds a number outside `min..=max`.
    OutOfRange {
        key: &'static str,
        min: i64,
        max: i64,
        found: FileText,
    },
    /// The file is not one of this game's (`game`/`ruleset` missing or another).
    NotThisGame {
        what: &'static str,
        key: &'static str,
        found: Option<FileText>,
    },
    /// A format this version does not read.
    UnsupportedFormat {
        what: &'static str,
        found: i64,
        supported: u32,
    },
    Board(BoardProblem),
    Variant(VariantProblem),
    Position(PositionProblem),
}

impl From<BaseProblem> for ProblemKind {
    fn from(problem: BaseProblem) -> Self {
        Self::Base(problem)
    }
}

impl From<BoardProblem> for ProblemKind {
    fn from(problem: BoardProblem) -> Self {
        Self::Board(problem)
    }
}

impl From<VariantProblem> for ProblemKind {
    fn from(problem: VariantProblem) -> Self {
        Self::Variant(problem)
    }
}

impl From<PositionProblem> for ProblemKind {
    fn from(problem: PositionProblem) -> Self {
        Self::Position(problem)
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Base(problem) => problem.fmt(f),
            Self::UnknownKey { section, key, hint } => {
                write!(f, "unknown key `{key}` in {section}{}", Hint(hint))
            }
            Self::MissingKey { section, key } => write!(f, "{section} needs `{key}`"),
            Self::WrongType {
                key,
                expected,
                found,
            } => write!(f, "`{key}` must be {expected}, not {found}"),
            Self::OutOfRange {
                key,
                min,
                max,
                found,
            } => write!(f, "`{key}` must be from {min} to {max}, not {found}"),
            Self::NotThisGame { what, key, found } => match found {
                Some(found) => write!(
                    f,
                    "this {what} is for `{found}`: a Château Noir {what} says {key} = \"chateau-noir\""
                ),
                None => write!(
                    f,
                    "a Château Noir {what} says {key} = \"chateau-noir\" (this file does not say)"
                ),
            },
            Self::UnsupportedFormat {
                what,
                found,
                supported,
            } => write!(
                f,
                "unsupported {what} format {found}: this version of Castellan reads format {supported}"
            ),
            Self::Board(problem) => problem.fmt(f),
            Self::Variant(problem) => problem.fmt(f),
            Self::Position(problem) => problem.fmt(f),
        }
    }
}

/// A mistake at a line and column of a file.
pub type Problem = shared::Problem<ProblemKind>;

/// Why a board, variant or position file could not be loaded: every problem, one per
/// line, as `FILE:LINE:COLUMN: message`.
pub type FileError = shared::FileError<ProblemKind>;

pub(crate) type ProblemList<'s> = shared::ProblemList<'s, ProblemKind>;
