//! Why an action was refused ([`RuleError`]) or a game could not start
//! ([`NewGameError`]), as data with a stable machine-readable code and an English
//! sentence. A refused action leaves the game exactly as it was.

use crate::board::ArmyId;
use crate::square::Square;

use super::table::{Seat, TableError};

/// Why [`crate::game::Game::apply`] refused an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("there is no {0} at this table")]
    UnknownSeat(Seat),
    #[error("it is {pending}'s decision, not {seat}'s")]
    NotYourDecision { seat: Seat, pending: Seat },
    #[error("a draw offer awaits {0}'s answer first")]
    DrawAnswerAwaited(Seat),
    #[error("there is no draw offer to answer")]
    NoDrawOffer,
    #[error("{0} already offered a draw this turn")]
    DrawAlreadyOffered(Seat),
    #[error(
        "{square} holds no piece that may be picked now (a piece of the moving armies, not played yet)"
    )]
    NotPickable { square: Square },
    #[error("the piece in hand has moved: release it before picking another")]
    HandMoved,
    #[error("no piece is in hand: pick one first")]
    NothingInHand,
    #[error("the piece in hand cannot move to {to}: no unit of movement leads there now")]
    NoSuchUnit { to: Square },
    #[error("after that the turn could not spend all its units: every unit must be spent")]
    CannotFinish,
    #[error("all the turn's units are spent")]
    NoUnitsLeft,
    #[error("the piece on {square} cannot move so that the turn can be finished")]
    StuckPiece { square: Square },
    #[error("the path needs at least one square")]
    EmptyPath,
    #[error("the turn's units are not all spent: {left} left")]
    UnitsLeft { left: u8 },
    #[error("{square} is not an enemy piece that may be taken now")]
    NotCapturable { square: Square },
    #[error("{square} is named twice among the captures")]
    CaptureTwice { square: Square },
    #[error("an alliance is declared at the start of one's own turn, before any move")]
    AllianceAfterMoving,
    #[error("{army} may not declare an alliance now: {why}")]
    NoAlliance { army: ArmyId, why: &'static str },
    #[error("this game plays without a clock")]
    NoClock,
    #[error("the clock's overrun was already counted this turn")]
    OverrunCounted,
}

impl RuleError {
    /// The stable code clients match on (`docs/protocol.md` lists them).
    pub fn code(&self) -> &'static str {
        match self {
            Self::GameOver => "game_over",
            Self::UnknownSeat(_) => "unknown_seat",
            Self::NotYourDecision { .. } => "not_your_decision",
            Self::DrawAnswerAwaited(_) => "draw_answer_awaited",
            Self::NoDrawOffer => "no_draw_offer",
            Self::DrawAlreadyOffered(_) => "draw_already_offered",
            Self::NotPickable { .. } => "not_pickable",
            Self::HandMoved => "hand_moved",
            Self::NothingInHand => "nothing_in_hand",
            Self::NoSuchUnit { .. } => "no_such_unit",
            Self::CannotFinish => "cannot_finish_turn",
            Self::NoUnitsLeft => "no_units_left",
            Self::StuckPiece { .. } => "stuck_piece",
            Self::EmptyPath => "empty_path",
            Self::UnitsLeft { .. } => "units_left",
            Self::NotCapturable { .. } => "not_capturable",
            Self::CaptureTwice { .. } => "capture_twice",
            Self::AllianceAfterMoving => "alliance_after_moving",
            Self::NoAlliance { .. } => "no_alliance",
            Self::NoClock => "no_clock",
            Self::OverrunCounted => "overrun_counted",
        }
    }
}

/// Why a game could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NewGameError {
    #[error("the table does not fit the board: {0}")]
    Table(#[from] TableError),
    #[error("the variant cannot be played: {0}")]
    Variant(String),
}

impl NewGameError {
    pub fn code(&self) -> &'static str {
        match self {
            Self::Table(_) => "invalid_table",
            Self::Variant(_) => "invalid_variant",
        }
    }
}
