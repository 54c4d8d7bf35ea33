//! [`FileError`]: why a hand-written file (a board, a variant) could not be loaded,
//! the same way for every kind of file.

use std::fmt;
use std::io;

use super::problems::{Problem, write_problems};
use super::text::escaped;

/// Why a file could not be loaded; `K` is the kind of problem of that kind of file.
#[derive(Debug, thiserror::Error)]
pub enum FileError<K: fmt::Display + fmt::Debug> {
    /// The file was read but is not valid. `Display` prints one problem per line as
    /// `FILE:LINE:COLUMN: message`, sorted by position.
    #[error(fmt = write_problems)]
    Invalid {
        /// The file name shown in messages.
        origin: String,
        /// Every problem found, sorted by position; never empty.
        problems: Vec<Problem<K>>,
    },
    /// The file could not be read: missing or unreadable.
    #[error("{}: {error}", escaped(.origin))]
    Io {
        /// The file name shown in messages.
        origin: String,
        error: io::Error,
    },
}

impl<K: fmt::Display + fmt::Debug> FileError<K> {
    /// The file name shown in messages.
    pub fn origin(&self) -> &str {
        match self {
            Self::Invalid { origin, .. } | Self::Io { origin, .. } => origin,
        }
    }

    /// The problems found in the file; empty when it could not be read at all.
    pub fn problems(&self) -> &[Problem<K>] {
        match self {
            Self::Invalid { problems, .. } => problems,
            Self::Io { .. } => &[],
        }
    }
}
