//! [`BaseProblem`]: the mistakes any hand-written file can make whatever it describes
//! (not TOML, not UTF-8, too large, bad text), and the small pieces every file's
//! messages share: sizes in bytes ([`ByteSize`]), the type of a TOML value
//! ([`ValueType`]) and "did you mean …?" hints ([`Hint`]).
//!
//! Each kind of file (a Risk board, a variant, a Château Noir board) has its own
//! problem type, which converts from [`BaseProblem`] so that the shared machinery
//! (`ProblemList`, `read_text_file`, `parse_toml`) can record these.

use std::fmt;

use toml::de::DeValue;

use super::text::{FileText, TextProblem};

/// A mistake any file can make, whatever it describes.
#[derive(Clone, Debug, PartialEq)]
pub enum BaseProblem {
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
}

impl fmt::Display for BaseProblem {
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
        }
    }
}

/// A size limit in bytes, as people read it: `4 MiB`, `256 KiB`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ByteSize(pub usize);

impl ByteSize {
    /// The size and its unit: (4, "MiB"), (256, "KiB"), (100, "bytes").
    pub fn parts(self) -> (usize, &'static str) {
        const KIB: usize = 1024;
        match self.0 {
            n if n >= KIB * KIB && n % (KIB * KIB) == 0 => (n / (KIB * KIB), "MiB"),
            n if n >= KIB && n % KIB == 0 => (n / KIB, "KiB"),
            n => (n, "bytes"),
        }
    }
}

impl fmt::Display for ByteSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (size, unit) = self.parts();
        write!(f, "{size} {unit}")
    }
}

/// The type of a TOML value, for "found …" in messages.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ValueType {
    String,
    Integer,
    Float,
    Boolean,
    Date,
    Array,
    Table,
}

impl ValueType {
    /// The type of a value of a parsed document.
    pub fn of(value: &DeValue<'_>) -> Self {
        match value {
            DeValue::String(_) => Self::String,
            DeValue::Integer(_) => Self::Integer,
            DeValue::Float(_) => Self::Float,
            DeValue::Boolean(_) => Self::Boolean,
            DeValue::Datetime(_) => Self::Date,
            DeValue::Array(_) => Self::Array,
            DeValue::Table(_) => Self::Table,
        }
    }
}

impl fmt::Display for ValueType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::String => "a string",
            Self::Integer => "an integer",
            Self::Float => "a float",
            Self::Boolean => "a boolean",
            Self::Date => "a date",
            Self::Array => "an array",
            Self::Table => "a table",
        })
    }
}

/// " (did you mean `coasts`?)", or nothing.
pub struct Hint<'a>(pub &'a Option<FileText>);

impl fmt::Display for Hint<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(candidate) => write!(f, " (did you mean `{candidate}`?)"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_written_in_the_largest_whole_unit() {
        assert_eq!(ByteSize(4 * 1024 * 1024).to_string(), "4 MiB");
        assert_eq!(ByteSize(256 * 1024).to_string(), "256 KiB");
        assert_eq!(ByteSize(1000).to_string(), "1000 bytes");
    }

    #[test]
    fn control_characters_in_text_are_named_escaped() {
        let kind = BaseProblem::Text {
            key: "name",
            problem: TextProblem::ControlCharacter('\0'),
        };
        assert_eq!(
            kind.to_string(),
            "`name` holds the control character \\u0000: write plain text"
        );
    }

    #[test]
    fn hints_say_did_you_mean_or_nothing() {
        assert_eq!(
            Hint(&Some(FileText::new("coasts"))).to_string(),
            " (did you mean `coasts`?)"
        );
        assert_eq!(Hint(&None).to_string(), "");
    }
}
