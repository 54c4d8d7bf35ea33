//! What the loaders of hand-written files (boards, variants) share to report mistakes.
//! The machinery is `castellan_common::diagnostics`, shared with the other engines
//! (byte offsets turned into lines and columns, the list of problems found in one
//! file and the error that carries them, text from files shown escaped and names
//! checked, reading a text file of bounded size and parsing its TOML, "did you mean
//! …?" hints); this module names its types for this engine's files, whose mistakes
//! are [`ProblemKind`]s (`kind`).
//!
//! Designers fix files in a text editor: every message names the file, the line and
//! the column, and a loader reports every problem it can find at once. Problems are
//! data ([`ProblemKind`]), which front ends put into words in their reader's language;
//! `Display` says them in English.

mod kind;

use std::path::Path;

use castellan_common::diagnostics as shared;

pub use kind::ProblemKind;
pub use shared::{
    ByteSize, FileText, MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS, MAX_REPORTED_PROBLEMS, TextKind,
    TextProblem, ValueType, check_text, escaped, is_unsafe_char, write_escaped,
};
pub(crate) use shared::{Hint, Hints, parse_toml};

/// One mistake in a board or variant file, at a line and column.
pub type Problem = shared::Problem<ProblemKind>;

/// Why a board or variant file could not be loaded.
pub type FileError = shared::FileError<ProblemKind>;

/// Why a board, variant or save file could not be read.
pub type ReadError = shared::ReadError<ProblemKind>;

/// The problems of one board or variant file while it is read.
pub(crate) type ProblemList<'s> = shared::ProblemList<'s, ProblemKind>;

/// Reads `path` as UTF-8 text of at most `max_bytes` bytes, refusing a huge file or
/// one that never ends unread. Every reader of files people share (boards, variants,
/// saves) goes through here.
pub fn read_text_file(path: &Path, max_bytes: usize) -> Result<String, ReadError> {
    shared::read_text_file(path, max_bytes)
}
