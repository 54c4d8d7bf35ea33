//! The entry points: loading a board from TOML text or from a file.
//!
//! The steps, each in its own module: refuse absurd sizes (here), parse TOML, read the
//! document's shape (`raw`), cross-check and build (`validate`, `geometry`). Problems
//! from every step after parsing are gathered and reported together.

use std::path::Path;

use toml::de::{DeTable, DeValue};

use super::limits::{MAX_GROUPS, MAX_SEAS, MAX_SOURCE_BYTES, MAX_TERRITORIES};
use super::model::Board;
use super::problems::{BoardError, BoardProblem, Counted, IntoBoardError};
use super::raw::read_document;
use super::validate::validate;
use crate::diagnostics::{ProblemKind, ProblemList, ReadError, parse_toml, read_text_file};

/// Parses and validates a board from TOML text. `origin` names the text in messages
/// (usually the file name).
///
/// Every problem found is reported at once, sorted by position; only a TOML syntax
/// error or an absurd size stops the checks early.
///
/// ```
/// use castellan_engine::board::parse_board;
///
/// let error = parse_board("[board]\nformat = 2\n", "new.toml").unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "new.toml:2:10: unsupported board format 2: this version of Castellan reads format 1"
/// );
/// ```
pub fn parse_board(source: &str, origin: &str) -> Result<Board, BoardError> {
    if source.len() > MAX_SOURCE_BYTES {
        // Refused before even indexing its lines.
        let mut problems = ProblemList::new("");
        problems.at(0, too_large(source.len() as u64));
        return Err(problems.into_error(origin));
    }
    let mut problems = ProblemList::new(source);
    let Some(document) = parse_toml(source, &mut problems) else {
        return Err(problems.into_error(origin));
    };
    let document = document.get_ref();
    check_counts(document, &mut problems);
    if !problems.is_empty() {
        return Err(problems.into_error(origin));
    }
    let board =
        read_document(source, document, &mut problems).and_then(|raw| validate(raw, &mut problems));
    match board {
        Some(board) if problems.is_empty() => Ok(board),
        _ => Err(problems.into_error(origin)),
    }
}

/// Reads and validates a board file. Messages name the file as given in `path`.
pub fn load_board_file(path: &Path) -> Result<Board, BoardError> {
    load_board_file_with_text(path).map(|(board, _)| board)
}

/// Like [`load_board_file`], also returning the file's text, which saved games carry
/// so that they replay on the very board they were played on.
pub fn load_board_file_with_text(path: &Path) -> Result<(Board, String), BoardError> {
    let origin = path.display().to_string();
    match read_text_file(path, MAX_SOURCE_BYTES) {
        Ok(source) => parse_board(&source, &origin).map(|board| (board, source)),
        Err(ReadError::Io(error)) => Err(BoardError::Io { origin, error }),
        Err(ReadError::NotUtf8(problem)) => Err(BoardError::Invalid {
            origin,
            problems: vec![problem],
        }),
        Err(ReadError::TooLarge(length)) => {
            let mut problems = ProblemList::new("");
            problems.at(0, too_large(length));
            Err(problems.into_error(&origin))
        }
    }
}

fn too_large(bytes: u64) -> ProblemKind {
    ProblemKind::FileTooLarge {
        bytes,
        max_bytes: MAX_SOURCE_BYTES,
    }
}

/// Refuses absurd numbers of territories, groups and seas before anything is read in
/// detail; the problem points at the first table over the limit.
fn check_counts(document: &DeTable<'_>, problems: &mut ProblemList<'_>) {
    let tables = |key: &str| -> Vec<usize> {
        match document.get(key).map(|value| value.get_ref()) {
            Some(DeValue::Array(items)) => items.iter().map(|item| item.span().start).collect(),
            _ => Vec::new(),
        }
    };
    let mut groups = tables("empire");
    groups.extend(tables("region"));
    groups.sort_unstable();
    for (what, headers, limit) in [
        (Counted::Territories, tables("territory"), MAX_TERRITORIES),
        (Counted::Groups, groups, MAX_GROUPS),
        (Counted::Seas, tables("sea"), MAX_SEAS),
    ] {
        if let Some(&first_over) = headers.get(limit) {
            problems.at(
                first_over,
                BoardProblem::TooMany {
                    what,
                    found: headers.len(),
                    max: limit,
                },
            );
        }
    }
}
