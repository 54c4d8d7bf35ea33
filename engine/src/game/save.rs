//! Saved games: the board's text, the variant, the seed and every action, as JSON.
//! Loading replays and checks every action, so a save that does not replay cleanly is
//! refused, naming the failing action.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::board::{BoardError, parse_board};
use crate::variant::Variant;

use super::Game;
use super::action::Action;
use super::error::{NewGameError, RuleError};
use super::event::Event;
use super::position::{Position, PositionError};
use super::rng::Dice;
use super::seat::Seat;

/// The save format this engine writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// A game as a seed and a list of actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// Always [`SAVE_FORMAT`].
    pub format: u32,
    /// The board file's text, so that the save plays even if the file changes.
    pub board_source: String,
    /// The board's name, for lists of saves.
    pub board_name: String,
    pub variant: Variant,
    pub seats: usize,
    pub seed: u64,
    /// The described position the game started from, instead of setup.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<Position>,
    /// Fixed die faces used instead of the generator's dice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixed_dice: Option<Vec<u8>>,
    /// Every accepted action, in order.
    pub actions: Vec<(Seat, Action)>,
}

/// Why a game could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("the board text given does not load: {0}")]
    Board(#[from] BoardError),
    #[error("the board text given is not the board this game is played on")]
    BoardMismatch,
    #[error("the dice were replaced by fixed faces during the game: a save could not replay it")]
    DiceChangedMidGame,
    #[error("the game was played without recording its actions: it cannot be saved")]
    NotRecorded,
}

/// Why a save was refused.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    #[error("not a save file: {0}")]
    Json(#[from] serde_json::Error),
    #[error("save format {0} is not supported (this version reads format {SAVE_FORMAT})")]
    Format(u32),
    #[error("the saved board does not load:\n{0}")]
    Board(#[from] BoardError),
    #[error("the save names the board “{saved}” but its board text is “{loaded}”")]
    BoardName { saved: String, loaded: String },
    #[error("the saved game cannot start: {0}")]
    NewGame(#[from] NewGameError),
    #[error("the saved position is wrong:\n{0}")]
    Position(#[from] PositionError),
    #[error("the save has {saved} seats but its position has {position}")]
    SeatCount { saved: usize, position: usize },
    #[error("action {index} ({seat}: {action}) does not replay: {reason}")]
    Action {
        index: usize,
        seat: Seat,
        action: &'static str,
        reason: RuleError,
    },
}

impl SavedGame {
    /// Reads a save from JSON (without replaying it).
    pub fn from_json(json: &str) -> Result<SavedGame, serde_json::Error> {
        serde_json::from_str(json)
    }

    /// Writes the save as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a save always serialises to JSON")
    }

    /// Reads a save from JSON and replays it.
    pub fn load(json: &str) -> Result<Game, ReplayError> {
        Self::from_json(json)?.replay()
    }

    /// Rebuilds the game by replaying every action, checking each.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.replay_with(|_, _| {})
    }

    /// Like [`SavedGame::replay`], calling `observe` after each action with the game as
    /// it then stands and the events the action caused: a front end rebuilds its log
    /// of a reopened game this way.
    pub fn replay_with(
        &self,
        mut observe: impl FnMut(&Game, &[Event]),
    ) -> Result<Game, ReplayError> {
        if self.format != SAVE_FORMAT {
            return Err(ReplayError::Format(self.format));
        }
        let board = parse_board(&self.board_source, &self.board_name)?;
        if board.meta.name != self.board_name {
            return Err(ReplayError::BoardName {
                saved: self.board_name.clone(),
                loaded: board.meta.name,
            });
        }
        let board = Arc::new(board);
        let dice = self.fixed_dice.clone().map_or(Dice::Random, Dice::Fixed);
        let mut game = match &self.position {
            Some(position) => {
                if position.seats.len() != self.seats {
                    return Err(ReplayError::SeatCount {
                        saved: self.seats,
                        position: position.seats.len(),
                    });
                }
                Game::from_position(board, self.variant.clone(), position, dice)?
            }
            None => {
                let mut game = Game::new(board, self.variant.clone(), self.seats, self.seed)?;
                if let Dice::Fixed(_) = dice {
                    game.set_dice(dice).map_err(|reason| ReplayError::Action {
                        index: 0,
                        seat: Seat(0),
                        action: "fixed dice",
                        reason,
                    })?;
                }
                game
            }
        };
        let mut events = Vec::new();
        for (index, (seat, action)) in self.actions.iter().enumerate() {
            events.clear();
            game.apply_into(*seat, action.clone(), &mut events)
                .map_err(|reason| ReplayError::Action {
                    index,
                    seat: *seat,
                    action: action.name(),
                    reason,
                })?;
            observe(&game, &events);
        }
        Ok(game)
    }
}

impl Game {
    /// A save of this game. `board_source` is the text of the board file the game's
    /// board was loaded from; it is checked to load into the same board.
    pub fn save(&self, board_source: &str) -> Result<SavedGame, SaveError> {
        if self.dice_changed_mid_game {
            return Err(SaveError::DiceChangedMidGame);
        }
        if self.history_incomplete {
            return Err(SaveError::NotRecorded);
        }
        let board = parse_board(board_source, &self.board.meta.name)?;
        if board != *self.board {
            return Err(SaveError::BoardMismatch);
        }
        Ok(SavedGame {
            format: SAVE_FORMAT,
            board_source: board_source.to_owned(),
            board_name: self.board.meta.name.clone(),
            variant: self.variant.clone(),
            seats: self.seats(),
            seed: self.seed,
            position: self.start.as_deref().cloned(),
            fixed_dice: self.fixed_dice.clone(),
            actions: self.history.clone(),
        })
    }
}
