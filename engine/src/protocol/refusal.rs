//! [`Refusal`]: why a request was not carried out, as the `error` reply gives it: a
//! stable machine-readable `code` that clients match on, and an English `message`
//! for people reading the conversation. `docs/protocol.md` lists every code.

use crate::board::{Board, parse_board};
use crate::diagnostics::FileError;
use crate::game::{NewGameError, ReplayError, RuleError, SaveError, SavedGame};
use crate::odds::OddsError;

/// A request that could not be carried out, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Refusal {
    pub code: &'static str,
    pub message: String,
}

impl Refusal {
    pub fn new(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// A request that cannot be read as one (`bad_request`), saying why in the
    /// reader's words, with the limit of a number out of range.
    pub fn unreadable_request(error: &serde_json::Error) -> Self {
        Self::new(
            "bad_request",
            format!("bad request: {}", with_limits(error)),
        )
    }

    /// An illegal action, naming territories and empires by the board's names.
    pub fn rule(error: &RuleError, board: &Board) -> Self {
        Self::new(error.code(), error.in_english(board).to_string())
    }

    /// A board file that does not load: every problem, one per line.
    pub fn board(error: &FileError) -> Self {
        Self::new("invalid_board", error.to_string())
    }

    /// A variant that does not load or cannot be played.
    pub fn variant(message: impl Into<String>) -> Self {
        Self::new("invalid_variant", message)
    }

    /// A position that cannot be read or played.
    pub fn position(message: impl Into<String>) -> Self {
        Self::new("invalid_position", message)
    }
}

impl From<NewGameError> for Refusal {
    fn from(error: NewGameError) -> Self {
        Self::new(error.code(), error.to_string())
    }
}

impl Refusal {
    /// A save that does not replay; a refused action names the territories of the
    /// save's board.
    pub fn replay(error: &ReplayError, save: &SavedGame) -> Self {
        let message = match error {
            ReplayError::Action {
                index,
                seat,
                action,
                reason,
            } => match parse_board(&save.board_source, &save.board_name) {
                Ok(board) => format!(
                    "action {index} ({seat}: {action}) does not replay: {}",
                    reason.in_english(&board)
                ),
                Err(_) => error.to_string(),
            },
            _ => error.to_string(),
        };
        Self::new("invalid_save", message)
    }
}

impl From<SaveError> for Refusal {
    fn from(error: SaveError) -> Self {
        Self::new("cannot_save", error.to_string())
    }
}

impl From<OddsError> for Refusal {
    fn from(error: OddsError) -> Self {
        Self::new("invalid_odds", error.to_string())
    }
}

/// A reader's error with the range of each integer type spelt out: serde says a
/// number is not an `u8`; people and bots are told it is not from 0 to 255.
pub(crate) fn with_limits(error: &impl std::fmt::Display) -> String {
    let mut text = error.to_string();
    for (name, max) in [
        ("u8", u64::from(u8::MAX)),
        ("u16", u64::from(u16::MAX)),
        ("u32", u64::from(u32::MAX)),
        ("u64", u64::MAX),
        ("usize", usize::MAX as u64),
    ] {
        let limited = format!("expected a whole number from 0 to {max}");
        text = text.replace(&format!("expected {name} "), &format!("{limited} "));
        if let Some(stem) = text.strip_suffix(&format!("expected {name}")) {
            text = format!("{stem}{limited}");
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_out_of_range_are_told_their_range() {
        let error = serde_json::from_str::<u8>("300").unwrap_err();
        assert_eq!(
            with_limits(&error),
            "invalid value: integer `300`, expected a whole number from 0 to 255 at line 1 column 3"
        );
        let error = serde_json::from_value::<u32>(serde_json::json!(-1)).unwrap_err();
        assert_eq!(
            with_limits(&error),
            "invalid value: integer `-1`, expected a whole number from 0 to 4294967295"
        );
        let error = serde_json::from_str::<u16>("\"x\"").unwrap_err();
        assert!(with_limits(&error).contains("from 0 to 65535"), "{error}");
    }
}
