//! Reading a hand-written text file whose size is bounded, so that a huge or binary
//! file is refused with a clear reason instead of exhausting memory, and parsing its
//! TOML keeping every span.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use toml::Spanned;
use toml::de::DeTable;

use super::kind::BaseProblem;
use super::lines::position_of_invalid_utf8;
use super::problems::{Problem, ProblemList};
use super::text::FileText;

/// Why a text file could not be read; `K` is the kind of problem of the file's kind
/// (the problem of a file that is not UTF-8 text is one of them).
#[derive(Debug, thiserror::Error)]
pub enum ReadError<K: fmt::Display + fmt::Debug = BaseProblem> {
    /// Missing or unreadable.
    #[error("{0}")]
    Io(io::Error),
    /// Longer than the limit; its length in bytes (the limit plus 1 when the file
    /// grew while read, or never ends, like `/dev/zero`).
    #[error("the file is too large to be read ({0} bytes or more)")]
    TooLarge(u64),
    /// Not UTF-8 text: the problem at the first bad byte.
    #[error("{0}")]
    NotUtf8(Problem<K>),
}

/// Reads `path` as UTF-8 text of at most `max_bytes` bytes. The length is checked
/// before reading, and the read is capped in case the file grows meanwhile or never
/// ends (a device such as `/dev/zero`), so memory never holds more than the limit.
/// Every reader of files people share (boards, variants, saves) goes through here.
pub fn read_text_file<K>(path: &Path, max_bytes: usize) -> Result<String, ReadError<K>>
where
    K: From<BaseProblem> + fmt::Display + fmt::Debug,
{
    let file = File::open(path).map_err(ReadError::Io)?;
    let length = file.metadata().map_err(ReadError::Io)?.len();
    if length > max_bytes as u64 {
        return Err(ReadError::TooLarge(length));
    }
    let mut bytes = Vec::with_capacity(length as usize);
    file.take(max_bytes as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() > max_bytes {
        return Err(ReadError::TooLarge(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|error| {
        let position = position_of_invalid_utf8(error.as_bytes(), &error.utf8_error());
        ReadError::NotUtf8(Problem {
            line: position.line,
            column: position.column,
            kind: BaseProblem::NotUtf8.into(),
        })
    })
}

/// Parses `source` as TOML keeping every key's and value's span, or records the syntax
/// error in `problems` (where it is, and what is wrong) and returns `None`.
pub fn parse_toml<'s, K: From<BaseProblem>>(
    source: &'s str,
    problems: &mut ProblemList<'_, K>,
) -> Option<Spanned<DeTable<'s>>> {
    match DeTable::parse(source) {
        Ok(document) => Some(document),
        Err(error) => {
            let at = error.span().map_or(0, |span| span.start);
            problems.at(
                at,
                BaseProblem::TomlSyntax {
                    detail: FileText::detail(error.message()),
                },
            );
            None
        }
    }
}
