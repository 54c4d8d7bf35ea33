//! What the loaders of hand-written files (boards, variants) share to report mistakes:
//! byte offsets turned into lines and columns (`lines`), what a problem is (`kind`),
//! the list of problems found in one file (`problems`) and the error that carries them
//! (`error`), text from files shown escaped and names checked (`text`), reading a text
//! file of bounded size and parsing its TOML (`read`), and "did you mean …?" hints for
//! misspelt keys and ids (`suggest`).
//!
//! Designers fix files in a text editor: every message names the file, the line and
//! the column, and a loader reports every problem it can find at once. Problems are
//! data ([`ProblemKind`]), which front ends put into words in their reader's language;
//! `Display` says them in English.

mod error;
mod kind;
mod lines;
mod problems;
mod read;
mod suggest;
mod text;

pub use problems::MAX_REPORTED_PROBLEMS;

pub use error::FileError;
pub(crate) use kind::Hint;
pub use kind::{ByteSize, ProblemKind, ValueType};
pub use problems::Problem;
pub(crate) use problems::ProblemList;
pub(crate) use read::parse_toml;
pub use read::{ReadError, read_text_file};
pub(crate) use suggest::Hints;
pub use text::{
    FileText, MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS, TextKind, TextProblem, check_text, escaped,
    is_unsafe_char, write_escaped,
};
