//! Why a board file could not be loaded: [`BoardError`], listing every [`Problem`]
//! found (the collector itself is shared with variant files, in `diagnostics`).

use std::io;

use crate::diagnostics::{Problem, ProblemList, write_problems};

/// Why a board could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum BoardError {
    /// The file was read but is not a valid board. `Display` prints one problem per
    /// line as `FILE:LINE:COLUMN: message`, sorted by position.
    #[error(fmt = write_problems)]
    Invalid {
        /// The file name shown in messages.
        origin: String,
        /// Every problem found, sorted by position; never empty.
        problems: Vec<Problem>,
    },
    /// The file could not be read: missing, unreadable, or not UTF-8 text.
    #[error("{origin}: {error}")]
    Io {
        /// The file name shown in messages.
        origin: String,
        error: io::Error,
    },
}

impl BoardError {
    /// The file name shown in messages.
    pub fn origin(&self) -> &str {
        match self {
            Self::Invalid { origin, .. } | Self::Io { origin, .. } => origin,
        }
    }

    /// The problems found in the file; empty when it could not be read at all.
    pub fn problems(&self) -> &[Problem] {
        match self {
            Self::Invalid { problems, .. } => problems,
            Self::Io { .. } => &[],
        }
    }
}

impl ProblemList<'_> {
    /// The [`BoardError`] listing every problem found.
    pub(crate) fn into_error(mut self, origin: &str) -> BoardError {
        if self.is_empty() {
            // Callers only give up after recording why; this keeps the promise that
            // an invalid board always comes with at least one problem.
            self.at(0, "the board could not be built");
        }
        BoardError::Invalid {
            origin: origin.to_owned(),
            problems: self.into_sorted(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_always_lists_a_problem_and_names_its_file() {
        let error = ProblemList::new("").into_error("x.toml");
        assert_eq!(error.problems().len(), 1);
        assert_eq!(error.origin(), "x.toml");
        assert_eq!(
            error.to_string(),
            "x.toml:1:1: the board could not be built"
        );
    }
}
