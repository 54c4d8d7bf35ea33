//! Saved games: the board's text, the variant, who plays, the seed (and the position
//! the game started from, if any) and every action, as JSON with `"game":
//! "chateau-noir"` (`docs/save-format.md`, "Château Noir saves"). Loading replays and
//! checks every action, so a save that does not replay is refused, naming the action.

use std::path::Path;
use std::sync::Arc;

use castellan_common::GameId;
use castellan_common::diagnostics::{BaseProblem, ReadError, read_text_file};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::board::{BoardError, parse_board};
use crate::game::{Action, Event, Finder, Game, NewGameError, RuleError, Seat, Table};
use crate::position::PositionError;
use crate::variant::Variant;

/// The save format this engine writes and reads.
pub const SAVE_FORMAT: u32 = 1;

/// The largest save read, in bytes.
pub const MAX_SAVE_BYTES: usize = 64 * 1024 * 1024;

/// A game as its start and its actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedGame {
    pub format: u32,
    /// Always `chateau-noir`: the envelope that picks this engine.
    pub game: GameId,
    /// The board file's text, so that the save plays even if the file changes.
    pub board_source: String,
    pub board_name: String,
    pub variant: Variant,
    pub table: Table,
    pub seed: u64,
    /// The text of the position the game started from, if not from the start.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Every accepted action, in order.
    pub actions: Vec<(Seat, Action)>,
    /// What the front end that wrote the save keeps with it; the engine never reads
    /// it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app: Option<Map<String, Value>>,
}

/// Why a game could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("the board text given does not load: {0}")]
    Board(#[from] BoardError),
    #[error("the board text given is not the board this game is played on")]
    BoardMismatch,
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
    #[error("the save is of `{0}`, not of Château Noir")]
    OtherGame(GameId),
    #[error(
        "the save was made by a newer Castellan, format {0} (this version reads format {SAVE_FORMAT})"
    )]
    NewerFormat(u32),
    #[error("save format {0} is not supported (this version reads format {SAVE_FORMAT})")]
    Format(u32),
    #[error("the saved board does not load:\n{0}")]
    Board(#[from] BoardError),
    #[error("the save names the board “{saved}” but its board text is “{loaded}”")]
    BoardName { saved: String, loaded: String },
    #[error("the saved game cannot start: {0}")]
    NewGame(#[from] NewGameError),
    #[error("the saved position is refused:\n{0}")]
    Position(#[from] PositionError),
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
    pub fn from_json(json: &str) -> Result<SavedGame, ReplayError> {
        if json.len() > MAX_SAVE_BYTES {
            return Err(ReplayError::TooLarge);
        }
        let save: SavedGame = serde_json::from_str(json)?;
        save.check_envelope()?;
        Ok(save)
    }

    /// Like [`SavedGame::from_json`], from JSON already parsed.
    pub fn from_value(value: &Value) -> Result<SavedGame, ReplayError> {
        let save = SavedGame::deserialize(value)?;
        save.check_envelope()?;
        Ok(save)
    }

    fn check_envelope(&self) -> Result<(), ReplayError> {
        if self.game != GameId::ChateauNoir {
            return Err(ReplayError::OtherGame(self.game));
        }
        match self.format {
            0 => Err(ReplayError::Format(0)),
            SAVE_FORMAT => Ok(()),
            newer => Err(ReplayError::NewerFormat(newer)),
        }
    }

    /// Reads a save file (at most [`MAX_SAVE_BYTES`]), without replaying it.
    pub fn read_file(path: &Path) -> Result<SavedGame, ReplayError> {
        match read_text_file::<BaseProblem>(path, MAX_SAVE_BYTES) {
            Ok(json) => Self::from_json(&json),
            Err(ReadError::TooLarge(_)) => Err(ReplayError::TooLarge),
            Err(error) => Err(ReplayError::Read(error)),
        }
    }

    /// The save as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a save always serialises to JSON")
    }

    /// Rebuilds the game by replaying every action, checking each.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        self.replay_with(|_, _| {})
    }

    /// Like [`SavedGame::replay`], calling `observe` after each action with the game
    /// and the events the action caused.
    pub fn replay_with(
        &self,
        mut observe: impl FnMut(&Game, &[Event]),
    ) -> Result<Game, ReplayError> {
        self.check_envelope()?;
        let board = parse_board(&self.board_source, &self.board_name)?;
        if board.meta.name != self.board_name {
            return Err(ReplayError::BoardName {
                saved: self.board_name.clone(),
                loaded: board.meta.name,
            });
        }
        let board = Arc::new(board);
        let mut game = match &self.position {
            Some(position) => Game::from_position(
                board,
                self.variant.clone(),
                Some(self.table.clone()),
                position,
                "saved position",
            )?,
            None => Game::new(board, self.variant.clone(), self.table.clone(), self.seed)?,
        };
        let mut finder = Finder::new();
        let mut events = Vec::new();
        for (index, (seat, action)) in self.actions.iter().enumerate() {
            events.clear();
            game.apply_with(*seat, action.clone(), &mut finder, &mut events)
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
        if self.unrecorded {
            return Err(SaveError::NotRecorded);
        }
        let board = parse_board(board_source, &self.board().meta.name)?;
        if board != **self.board() {
            return Err(SaveError::BoardMismatch);
        }
        Ok(SavedGame {
            format: SAVE_FORMAT,
            game: GameId::ChateauNoir,
            board_source: board_source.to_owned(),
            board_name: self.board().meta.name.clone(),
            variant: self.variant().clone(),
            table: self.table().clone(),
            seed: self.seed(),
            position: self.start_position().map(str::to_owned),
            actions: self.history().to_vec(),
            app: None,
        })
    }
}
