//! Why a board file could not be loaded: [`BoardError`], listing every problem found
//! (the error and the collector are shared with variant files, in `diagnostics`).

use crate::diagnostics::{FileError, ProblemList};

/// Why a board could not be loaded.
pub type BoardError = FileError;

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
