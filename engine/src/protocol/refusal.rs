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
