//! Saved games: the board's text, the variant, the seed and every action, as JSON
//! (`docs/save-format.md`). Loading replays and checks every action, so a save that
//! does not replay cleanly is refused, naming the failing action. One format serves
//! the desktop app, `castellan replay` and the protocol: what a front end keeps with
//! its games (seat names, colours…) travels in the save's `app` part, which the engine
//! keeps without reading it.

use std::path::Path;
use std::sync::Arc;

use serde::de::IgnoredAny;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::board::{BoardError, parse_board};
use crate::diagnostics::{ReadError, read_text_file};
use crate::variant::Variant;

use super::Game;
use super::action::Action;
use super::error::{NewGameError, RuleError};
use super::event::Event;
use super::position::{Position, PositionError};
use super::rng::Dice;
use super::seat::Seat;

/// The save format this engine writes. It reads every format from 1 to this one.
///
/// Format 2 added the `app` part, card trading (ruling 25) and the draw (ruling 24);
/// format 1 saves, and the desktop app's saves made before format 2 (the engine's
/// save under `game`, the seats beside it), still load.
pub const SAVE_FORMAT: u32 = 2;

/// The largest save file read, in bytes (64 MiB: a game of a million actions is
/// well under it). Longer files, or files that never end, are refused unread.
pub const MAX_SAVE_BYTES: usize = 64 * 1024 * 1024;

/// A game as a seed and a list of actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    /// The format the save was written in: [`SAVE_FORMAT`] for new saves.
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
    /// What the front end that wrote the save keeps with its games (the desktop app:
    /// seat names, colours, which seats the computer plays, preferences). The engine
    /// keeps it as it is and never reads it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app: Option<Map<String, Value>>,
}

/// The desktop app's saves before format 2: its settings beside the engine's save.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EarlyAppSave {
    seats: Value,
    #[serde(default)]
    quick_defence: Option<Value>,
    game: SavedGame,
}

/// Just enough of a save to know how to read the rest.
#[derive(Deserialize)]
struct Probe {
    #[serde(default)]
    format: Option<u64>,
    #[serde(default)]
    game: Option<IgnoredAny>,
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
    #[error("the save cannot be read: {0}")]
    Read(ReadError),
    #[error("the save is larger than the {} MiB a save may have", MAX_SAVE_BYTES / (1024 * 1024))]
    TooLarge,
    #[error("not a save file: {0}")]
    Json(#[from] serde_json::Error),
    #[error("not a save file: it says no format")]
    NoFormat,
    #[error(
        "the save was made by a newer Castellan, format {0} (this version reads formats 1 to {SAVE_FORMAT})"
    )]
    NewerFormat(u64),
    #[error("save format {0} is not supported (this version reads formats 1 to {SAVE_FORMAT})")]
    Format(u64),
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
    /// Reads a save from JSON (without replaying it): any format from 1 to
    /// [`SAVE_FORMAT`], and the desktop app's early saves. A save of a newer format is
    /// refused as such before anything else is read, even when it has fields this
    /// version does not know.
    pub fn from_json(json: &str) -> Result<SavedGame, ReplayError> {
        if json.len() > MAX_SAVE_BYTES {
            return Err(ReplayError::TooLarge);
        }
        Self::from_parts(
            serde_json::from_str(json)?,
            || serde_json::from_str(json),
            || serde_json::from_str(json),
        )
    }

    /// Like [`SavedGame::from_json`], from JSON already parsed (a save inside a
    /// protocol request).
    pub fn from_value(value: &Value) -> Result<SavedGame, ReplayError> {
        Self::from_parts(
            Probe::deserialize(value)?,
            || EarlyAppSave::deserialize(value),
            || SavedGame::deserialize(value),
        )
    }

    /// Reads the rest of a save once its probe says how.
    fn from_parts(
        probe: Probe,
        early: impl FnOnce() -> Result<EarlyAppSave, serde_json::Error>,
        current: impl FnOnce() -> Result<SavedGame, serde_json::Error>,
    ) -> Result<SavedGame, ReplayError> {
        if probe.format.is_none() && probe.game.is_some() {
            let early = early()?;
            let mut app = Map::new();
            app.insert("seats".to_owned(), early.seats);
            if let Some(quick_defence) = early.quick_defence {
                app.insert("quick_defence".to_owned(), quick_defence);
            }
            let mut save = early.game;
            check_format(save.format.into())?;
            save.app = Some(app);
            return Ok(save);
        }
        check_format(probe.format.ok_or(ReplayError::NoFormat)?)?;
        Ok(current()?)
    }

    /// Reads a save file (at most [`MAX_SAVE_BYTES`]), without replaying it.
    pub fn read_file(path: &Path) -> Result<SavedGame, ReplayError> {
        match read_text_file(path, MAX_SAVE_BYTES) {
            Ok(json) => Self::from_json(&json),
            Err(ReadError::TooLarge(_)) => Err(ReplayError::TooLarge),
            Err(error) => Err(ReplayError::Read(error)),
        }
    }

    /// Writes the save as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a save always serialises to JSON")
    }

    /// Reads a save from JSON and replays it.
    pub fn load(json: &str) -> Result<Game, ReplayError> {
        Self::from_json(json)?.replay()
    }

    /// Reads a save file and replays it.
    pub fn load_file(path: &Path) -> Result<Game, ReplayError> {
        Self::read_file(path)?.replay()
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
        check_format(self.format.into())?;
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
            // The neutral army of a classic game comes with the game, not the table.
            seats: self.players(),
            seed: self.seed,
            position: self.start.as_deref().cloned(),
            fixed_dice: self.fixed_dice.clone(),
            actions: self.history.clone(),
            app: None,
        })
    }
}

/// Refuses formats this version cannot read, saying so when the save is newer.
fn check_format(format: u64) -> Result<(), ReplayError> {
    match format {
        0 => Err(ReplayError::Format(0)),
        known if known <= u64::from(SAVE_FORMAT) => Ok(()),
        newer => Err(ReplayError::NewerFormat(newer)),
    }
}
