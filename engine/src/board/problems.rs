//! What goes wrong when a board file is loaded: [`Problem`]s, [`BoardError`], and the
//! collector the loader fills while it reads.
//!
//! The loader never stops at the first mistake (only TOML syntax errors and absurd sizes
//! stop it early): a designer fixing a board wants the whole list, in file order.

use std::fmt;
use std::io;

use super::limits::MAX_REPORTED_PROBLEMS;
use super::source::LineIndex;

/// One mistake in a board file, at a 1-based line and column (counted in characters).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

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

fn write_problems(origin: &str, problems: &[Problem], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for (i, problem) in problems.iter().enumerate() {
        if i > 0 {
            writeln!(f)?;
        }
        write!(f, "{origin}:{problem}")?;
    }
    Ok(())
}

/// Problems gathered while reading one source text, kept as byte offsets until the end
/// so that sorting by offset sorts by position.
#[derive(Debug)]
pub(crate) struct ProblemList<'s> {
    lines: LineIndex<'s>,
    found: Vec<(usize, String)>,
}

impl<'s> ProblemList<'s> {
    pub fn new(source: &'s str) -> Self {
        Self {
            lines: LineIndex::new(source),
            found: Vec::new(),
        }
    }

    /// Records a problem at the byte `offset` of the source.
    pub fn at(&mut self, offset: usize, message: impl Into<String>) {
        self.found.push((offset, message.into()));
    }

    /// The 1-based line of a byte offset, for messages such as "first at line 12".
    pub fn line_of(&self, offset: usize) -> usize {
        self.lines.line(offset)
    }

    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The problems sorted by position (problems at the same place keep the order in
    /// which they were found). A flood of problems from a file that is not a board at
    /// all is cut short with a final note rather than printed in full.
    pub fn into_sorted(mut self) -> Vec<Problem> {
        self.found.sort_by_key(|(offset, _)| *offset);
        let total = self.found.len();
        // The problems shown, plus the one where the note about the rest goes.
        let kept = self.found.len().min(MAX_REPORTED_PROBLEMS + 1);
        let positions = self
            .lines
            .positions_in_order(self.found[..kept].iter().map(|(offset, _)| *offset));
        let mut problems: Vec<Problem> = self
            .found
            .drain(..kept)
            .zip(positions)
            .map(|((_, message), position)| Problem {
                line: position.line,
                column: position.column,
                message,
            })
            .collect();
        if total > MAX_REPORTED_PROBLEMS {
            let hidden = total - MAX_REPORTED_PROBLEMS;
            problems[MAX_REPORTED_PROBLEMS].message =
                format!("{hidden} more problems from here on are not shown");
        }
        problems
    }

    /// The [`BoardError`] listing every problem found.
    pub fn into_error(mut self, origin: &str) -> BoardError {
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
    fn problems_are_sorted_by_position_and_displayed_one_per_line() {
        let source = "a = 1\nb = 2\n";
        let mut list = ProblemList::new(source);
        list.at(8, "second");
        list.at(4, "first");
        let error = list.into_error("x.toml");
        assert_eq!(error.to_string(), "x.toml:1:5: first\nx.toml:2:3: second");
        assert_eq!(error.origin(), "x.toml");
        assert_eq!(error.problems().len(), 2);
    }

    #[test]
    fn a_flood_of_problems_is_cut_short_with_a_note() {
        let source = "x\n".repeat(MAX_REPORTED_PROBLEMS + 10);
        let mut list = ProblemList::new(&source);
        for line in 0..MAX_REPORTED_PROBLEMS + 10 {
            list.at(line * 2, "bad");
        }
        let problems = list.into_sorted();
        assert_eq!(problems.len(), MAX_REPORTED_PROBLEMS + 1);
        let last = problems.last().unwrap();
        assert_eq!(last.line, MAX_REPORTED_PROBLEMS + 1);
        assert_eq!(last.message, "10 more problems from here on are not shown");
    }

    #[test]
    fn an_error_always_lists_a_problem() {
        let error = ProblemList::new("").into_error("x.toml");
        assert_eq!(error.problems().len(), 1);
    }
}
