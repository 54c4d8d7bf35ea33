//! [`Problem`]s found in a source file, and the collector a loader fills while it reads.
//!
//! Loaders never stop at the first mistake where they can go on: a designer fixing a
//! file wants the whole list, in file order. Both are generic over the kind of problem
//! (`K`), which each kind of file defines; it must convert from [`BaseProblem`] so that
//! the list can note "more problems not shown".

use std::fmt;

use super::error::FileError;
use super::kind::BaseProblem;
use super::lines::LineIndex;
use super::text::write_escaped;

/// Most problems listed in one error; a file that is not a board or variant at all
/// could otherwise produce one per line.
pub const MAX_REPORTED_PROBLEMS: usize = 1_000;

/// One mistake in a file, at a 1-based line and column (counted in characters).
/// `Display` writes `LINE:COLUMN: message` in English.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem<K> {
    pub line: usize,
    pub column: usize,
    pub kind: K,
}

impl<K: fmt::Display> fmt::Display for Problem<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.kind)
    }
}

impl<K> Problem<K> {
    /// The same problem with its kind converted (a shared problem into a file's own).
    pub fn map<L>(self, convert: impl FnOnce(K) -> L) -> Problem<L> {
        Problem {
            line: self.line,
            column: self.column,
            kind: convert(self.kind),
        }
    }
}

/// Writes problems one per line as `ORIGIN:LINE:COLUMN: message`, the form compilers
/// use, which editors and terminals turn into links. The origin is escaped: a file
/// name may hold a line break too.
pub fn write_problems<K: fmt::Display>(
    origin: &str,
    problems: &[Problem<K>],
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    for (i, problem) in problems.iter().enumerate() {
        if i > 0 {
            writeln!(f)?;
        }
        write_escaped(f, origin)?;
        write!(f, ":{problem}")?;
    }
    Ok(())
}

/// Problems gathered while reading one source text, kept as byte offsets until the end
/// so that sorting by offset sorts by position.
#[derive(Debug)]
pub struct ProblemList<'s, K> {
    lines: LineIndex<'s>,
    found: Vec<(usize, K)>,
}

impl<'s, K: From<BaseProblem>> ProblemList<'s, K> {
    pub fn new(source: &'s str) -> Self {
        Self {
            lines: LineIndex::new(source),
            found: Vec::new(),
        }
    }

    /// Records a problem at the byte `offset` of the source.
    pub fn at(&mut self, offset: usize, kind: impl Into<K>) {
        self.found.push((offset, kind.into()));
    }

    /// The 1-based line of a byte offset, for messages such as "first at line 12".
    pub fn line_of(&self, offset: usize) -> usize {
        self.lines.line(offset)
    }

    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// How many problems were recorded so far.
    pub fn len(&self) -> usize {
        self.found.len()
    }

    /// The problems sorted by position (problems at the same place keep the order in
    /// which they were found). A flood of problems from a file that is not what it
    /// should be is cut short with a final note rather than printed in full.
    pub fn into_sorted(mut self) -> Vec<Problem<K>> {
        self.found.sort_by_key(|(offset, _)| *offset);
        let total = self.found.len();
        // The problems shown, plus the one where the note about the rest goes.
        let kept = self.found.len().min(MAX_REPORTED_PROBLEMS + 1);
        let positions = self
            .lines
            .positions_in_order(self.found[..kept].iter().map(|(offset, _)| *offset));
        let mut problems: Vec<Problem<K>> = self
            .found
            .drain(..kept)
            .zip(positions)
            .map(|((_, kind), position)| Problem {
                line: position.line,
                column: position.column,
                kind,
            })
            .collect();
        if total > MAX_REPORTED_PROBLEMS {
            let hidden = total - MAX_REPORTED_PROBLEMS;
            problems[MAX_REPORTED_PROBLEMS].kind = BaseProblem::MoreProblems { hidden }.into();
        }
        problems
    }

    /// The error listing every problem found; `fallback` (at the file's start) when
    /// none was recorded, so that an invalid file always comes with a reason.
    pub fn into_error_or(mut self, origin: &str, fallback: impl FnOnce() -> K) -> FileError<K>
    where
        K: fmt::Display + fmt::Debug,
    {
        if self.is_empty() {
            self.found.push((0, fallback()));
        }
        FileError::Invalid {
            origin: origin.to_owned(),
            problems: self.into_sorted(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Kind = BaseProblem;

    /// Problems of a file with a name of the test's choosing.
    struct Named<'a>(&'a str, &'a [Problem<Kind>]);

    impl fmt::Display for Named<'_> {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write_problems(self.0, self.1, f)
        }
    }

    #[test]
    fn problems_are_sorted_by_position_and_displayed_one_per_line() {
        let source = "a = 1\nb = 2\n";
        let mut list = ProblemList::<Kind>::new(source);
        list.at(8, BaseProblem::MoreProblems { hidden: 2 });
        list.at(4, BaseProblem::NotUtf8);
        let problems = list.into_sorted();
        assert!(matches!(problems[0].kind, BaseProblem::NotUtf8));
        assert_eq!(
            Named("x.toml", &problems).to_string(),
            "x.toml:1:5: not UTF-8 text: this byte is not a character\n\
             x.toml:2:3: 2 more problems from here on are not shown"
        );
    }

    #[test]
    fn a_flood_of_problems_is_cut_short_with_a_note() {
        let source = "x\n".repeat(MAX_REPORTED_PROBLEMS + 10);
        let mut list = ProblemList::<Kind>::new(&source);
        for line in 0..MAX_REPORTED_PROBLEMS + 10 {
            list.at(line * 2, BaseProblem::NotUtf8);
        }
        let problems = list.into_sorted();
        assert_eq!(problems.len(), MAX_REPORTED_PROBLEMS + 1);
        let last = problems.last().unwrap();
        assert_eq!(last.line, MAX_REPORTED_PROBLEMS + 1);
        assert_eq!(last.kind, BaseProblem::MoreProblems { hidden: 10 });
    }

    #[test]
    fn a_file_name_cannot_forge_a_line() {
        let problem = Problem {
            line: 1,
            column: 1,
            kind: BaseProblem::NotUtf8,
        };
        let shown = Named("a\nb.toml", std::slice::from_ref(&problem)).to_string();
        assert_eq!(shown.lines().count(), 1, "{shown}");
        assert!(shown.starts_with("a\\nb.toml:1:1: "), "{shown}");
    }

    #[test]
    fn an_error_always_lists_a_problem() {
        let error = ProblemList::<Kind>::new("").into_error_or("x.toml", || BaseProblem::NotUtf8);
        assert_eq!(error.problems().len(), 1);
        assert_eq!(error.origin(), "x.toml");
        assert_eq!(
            error.to_string(),
            "x.toml:1:1: not UTF-8 text: this byte is not a character"
        );
    }
}
