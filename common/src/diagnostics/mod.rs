//! What the loaders of hand-written files (boards, variants, positions, of every game)
//! share to report mistakes: byte offsets turned into lines and columns (`lines`), the
//! mistakes any file can make (`kind`), the list of problems found in one file
//! (`problems`) and the error that carries them (`error`), text from files shown
//! escaped and names checked (`text`), reading a text file of bounded size and parsing
//! its TOML (`read`), and "did you mean …?" hints for misspelt keys and ids
//! (`suggest`).
//!
//! Designers fix files in a text editor: every message names the file, the line and
//! the column, and a loader reports every problem it can find at once. Problems are
//! data, which front ends put into words in their reader's language; `Display` says
//! them in English. Each kind of file brings its own problem type `K`, convertible
//! from [`BaseProblem`].

mod error;
mod kind;
mod lines;
mod problems;
mod read;
mod suggest;
mod text;

pub use error::FileError;
pub use kind::{BaseProblem, ByteSize, Hint, ValueType};
pub use lines::{LineIndex, Position, position_of_invalid_utf8};
pub use problems::{MAX_REPORTED_PROBLEMS, Problem, ProblemList, write_problems};
pub use read::{ReadError, parse_toml, read_text_file};
pub use suggest::{Hints, closest, hint};
pub use text::{
    FileText, MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS, TextKind, TextProblem, check_text, escaped,
    is_unsafe_char, write_escaped,
};
