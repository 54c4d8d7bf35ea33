//! The story of a game, told from its actions and events: how each seat's territories,
//! armies and cards went turn by turn, the battles it fought, its luck against the
//! exact odds, the turning points ([`Chronicle`]), and stepping through the game
//! forwards and backwards with the log in step ([`Replay`]).
//!
//! Secrets are kept explicitly. Everything is recorded, but what comes out is chosen
//! by a [`Disclosure`]: [`Disclosure::Public`] (what a spectator may know, safe at any
//! moment), [`Disclosure::Seat`] (what one seat may know: its own hand and hidden
//! armies besides) or [`Disclosure::Everything`] (every hand and hidden army), which
//! is refused until the game is over. Battles, luck and turning points come from
//! public events (dice are rolled in the open), so every disclosure tells them alike.
//!
//! ```
//! use castellan_engine::story::{Chronicle, Disclosure, StoryError};
//! # use castellan_engine::game::{Game, SavedGame};
//! # use castellan_engine::board::parse_board;
//! # use castellan_engine::variant::Variant;
//! # use std::sync::Arc;
//! # let source = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../data/boards/castle-risk.toml")).unwrap();
//! # let board = Arc::new(parse_board(&source, "castle-risk.toml").unwrap());
//! # let game = Game::new(board, Variant::rulebook(), 3, 1).unwrap();
//! let save: SavedGame = game.save(&source).unwrap();
//! // Mid-game, only what everyone may know.
//! let public = Chronicle::from_save(&save, Disclosure::Public).unwrap();
//! assert!(public.points.iter().all(|p| p.seats.iter().all(|s| s.hand.is_none())));
//! // Every hand is shown only once the game is over.
//! assert!(matches!(
//!     Chronicle::from_save(&save, Disclosure::Everything),
//!     Err(StoryError::GameNotOver)
//! ));
//! ```

mod chronicle;
mod luck;
mod replay;

pub use chronicle::{Battles, Chronicle, Chronicler, SeatPoint, TurnPoint, TurningPoint};
pub use luck::{LUCK_DENOMINATOR, Luck};
pub use replay::{DEFAULT_CHECKPOINT_EVERY, Replay, ReplayStep, Scene};

use serde::{Deserialize, Serialize};

use crate::game::{Audience, Event, Game, ReplayError, Seat};

/// How much of the game's private information a story may show.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Disclosure {
    /// What every spectator may know: no hand, no hidden army's place. Safe mid-game.
    Public,
    /// What this seat may know: the public story, with its own hand and hidden armies.
    Seat(Seat),
    /// Everything, every hand included: only for a game that is over.
    Everything,
}

/// Why a story could not be told.
#[derive(Debug, thiserror::Error)]
pub enum StoryError {
    #[error(transparent)]
    Replay(#[from] ReplayError),
    #[error("the game is not over: its secrets (hands, hidden armies) are not shown")]
    GameNotOver,
    #[error("the game has no {0}")]
    UnknownSeat(Seat),
}

impl Disclosure {
    /// Refuses a disclosure the game does not allow now: every secret before the game
    /// is over, or a seat the game does not have.
    pub fn check(self, game: &Game) -> Result<(), StoryError> {
        match self {
            Disclosure::Everything if !game.is_over() => Err(StoryError::GameNotOver),
            Disclosure::Seat(seat) if seat.index() >= game.seats() => {
                Err(StoryError::UnknownSeat(seat))
            }
            _ => Ok(()),
        }
    }

    /// Whether `seat`'s private things (hand, hidden armies) may be shown.
    pub fn shows_secrets_of(self, seat: Seat) -> bool {
        match self {
            Disclosure::Public => false,
            Disclosure::Seat(viewer) => viewer == seat,
            Disclosure::Everything => true,
        }
    }

    /// Whether an event belongs in a log with this disclosure. With everything shown,
    /// an event meant for all but one seat is left out: that seat's fuller private
    /// event says the same and more.
    pub fn shows(self, event: &Event) -> bool {
        match self {
            Disclosure::Public => event.is_public(),
            Disclosure::Seat(seat) => event.visible_to(seat),
            Disclosure::Everything => !matches!(event.audience, Audience::AllBut(_)),
        }
    }
}
