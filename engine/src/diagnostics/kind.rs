//! [`ProblemKind`]: what is wrong at one place of a file, as data (keys, ids, numbers)
//! rather than a sentence, so that a front end can say it in its reader's language.
//! `Display` gives the English sentence, for the protocol, logs and tests' messages.

use std::fmt::{self, Display};

use castellan_common::diagnostics::{BaseProblem, ByteSize, FileText, TextProblem};

use crate::board::BoardProblem;
use crate::variant::VariantFileProblem;

/// One mistake in a file, whatever the kind of file.
#[derive(Clone, Debug, PartialEq)]
pub enum ProblemKind {
    /// The text is not TOML; `detail` is the TOML parser's explanation (in English).
    TomlSyntax { detail: FileText },
    /// The file is not UTF-8 text: the problem stands at the first bad byte.
    NotUtf8,
    /// The file is `bytes` long, more than the `max_bytes` files of its kind may be.
    FileTooLarge { bytes: u64, max_bytes: usize },
    /// Past the most problems one error lists: `hidden` more are not shown.
    MoreProblems { hidden: usize },
    /// The text under `key` (a name, a description…) is not plain text of a
    /// sensible length.
    Text {
        key: &'static str,
        problem: TextProblem,
    },
    /// A problem only board files have.
    Board(BoardProblem),
    /// A problem only variant files have.
    Variant(VariantFileProblem),
}

/// The shared loaders (`castellan_common::diagnostics`) record these.
impl From<BaseProblem> for ProblemKind {
    fn from(problem: BaseProblem) -> Self {
        match problem {
            BaseProblem::TomlSyntax { detail } => Self::TomlSyntax { detail },
            BaseProblem::NotUtf8 => Self::NotUtf8,
            BaseProblem::FileTooLarge { bytes, max_bytes } => {
                Self::FileTooLarge { bytes, max_bytes }
            }
            BaseProblem::MoreProblems { hidden } => Self::MoreProblems { hidden },
            BaseProblem::Text { key, problem } => Self::Text { key, problem },
        }
    }
}

impl From<BoardProblem> for ProblemKind {
    fn from(problem: BoardProblem) -> Self {
        Self::Board(problem)
    }
}

impl From<VariantFileProblem> for ProblemKind {
    fn from(problem: VariantFileProblem) -> Self {
        Self::Variant(problem)
    }
}

impl fmt::Display for ProblemKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TomlSyntax { detail } => write!(f, "TOML syntax: {detail}"),
            Self::NotUtf8 => f.write_str("not UTF-8 text: this byte is not a character"),
            Self::FileTooLarge { bytes, max_bytes } => write!(
                f,
                "the file is {bytes} bytes long; it may be at most {}",
                ByteSize(*max_bytes)
            ),
            Self::MoreProblems { hidden } => {
                write!(f, "{hidden} more problems from here on are not shown")
            }
            Self::Text { key, problem } => problem.write_for(key, f),
            Self::Board(problem) => Display::fmt(problem, f),
            Self::Variant(problem) => Display::fmt(problem, f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_in_text_are_named_escaped() {
        let kind = ProblemKind::Text {
            key: "name",
            problem: TextProblem::ControlCharacter('\0'),
        };
        assert_eq!(
            kind.to_string(),
            "`name` holds the control character \\u0000: write plain text"
        );
    }
}
