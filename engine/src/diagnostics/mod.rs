//! What the loaders of hand-written files (boards, variants) share to report mistakes:
//! byte offsets turned into lines and columns (`lines`), the list of problems found in
//! one file (`problems`) and the error that carries them (`error`), reading a text file
//! of bounded size and parsing its TOML (`read`), and "did you mean …?" hints for
//! misspelt keys and ids (`suggest`).
//!
//! Designers fix files in a text editor: every message names the file, the line and
//! the column, and a loader reports every problem it can find at once.

mod error;
mod lines;
mod problems;
mod read;
mod suggest;

pub use problems::MAX_REPORTED_PROBLEMS;

pub use error::FileError;
pub use problems::Problem;
pub(crate) use problems::{ProblemList, shown};
pub(crate) use read::parse_toml;
pub use read::{ReadError, read_text_file};
pub(crate) use suggest::Hints;
