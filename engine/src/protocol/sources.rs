//! Reading what a request names: boards (shipped, from a file or inline), variants,
//! positions and saves, with file paths resolved against the session's directory.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::board::{Board, MAX_SOURCE_BYTES, parse_board};
use crate::diagnostics::{ReadError, read_text_file};
use crate::game::{Position, ReplayError, SavedGame};
use crate::variant::{MAX_VARIANT_BYTES, Variant, parse_variant};

use super::refusal::{Refusal, with_limits};
use super::request::{BoardSource, PositionSource, VariantSource};

/// Where named boards and relative paths are looked for.
#[derive(Clone, Debug, Default)]
pub(crate) struct Places {
    /// The shipped boards: `{"name":"castle-risk"}` is `<boards>/castle-risk.toml`.
    pub boards: Option<PathBuf>,
    /// Relative paths are taken from here (the process's directory when `None`).
    pub base: Option<PathBuf>,
}

/// A board and the text it was read from (a save needs the text).
pub(crate) struct LoadedBoard {
    pub board: Arc<Board>,
    pub source: String,
}

impl Places {
    fn resolve(&self, path: &str) -> PathBuf {
        match &self.base {
            Some(base) => base.join(path),
            None => PathBuf::from(path),
        }
    }

    pub fn board(&self, source: &BoardSource) -> Result<LoadedBoard, Refusal> {
        let (text, origin) = match source {
            BoardSource::Name(name) => {
                let dir = self.boards.as_ref().ok_or_else(|| {
                    Refusal::new(
                        "no_shipped_boards",
                        "this session knows no shipped boards: give a path or the text",
                    )
                })?;
                // A name, not a path: no way out of the boards directory.
                let plain = !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
                if !plain {
                    return Err(Refusal::new(
                        "unknown_board",
                        format!("“{name}” is not the name of a shipped board"),
                    ));
                }
                let file = dir.join(format!("{name}.toml"));
                if !file.is_file() {
                    return Err(Refusal::new(
                        "unknown_board",
                        format!("there is no shipped board named “{name}”"),
                    ));
                }
                // Messages name the board as asked for, not where it lives.
                (
                    read_limited(&file, MAX_SOURCE_BYTES, "board")?,
                    format!("{name}.toml"),
                )
            }
            BoardSource::Path(path) => (
                read_limited(&self.resolve(path), MAX_SOURCE_BYTES, "board")?,
                path.clone(),
            ),
            BoardSource::Toml(text) => (text.clone(), "inline board".to_owned()),
        };
        let board = parse_board(&text, &origin).map_err(|error| Refusal::board(&error))?;
        Ok(LoadedBoard {
            board: Arc::new(board),
            source: text,
        })
    }

    pub fn variant(&self, source: Option<&VariantSource>) -> Result<Variant, Refusal> {
        match source {
            None => Ok(Variant::rulebook()),
            Some(VariantSource::Table(variant)) => {
                let problems = variant.validate();
                if problems.is_empty() {
                    Ok((**variant).clone())
                } else {
                    Err(Refusal::variant(
                        problems
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join("\n"),
                    ))
                }
            }
            Some(VariantSource::Path(path)) => {
                let text = read_limited(&self.resolve(path), MAX_VARIANT_BYTES, "variant")?;
                parse_variant(&text, path).map_err(|error| Refusal::variant(error.to_string()))
            }
            Some(VariantSource::Toml(text)) => {
                Variant::from_toml(text).map_err(|error| Refusal::variant(error.to_string()))
            }
        }
    }

    pub fn position(&self, source: &PositionSource) -> Result<Position, Refusal> {
        match source {
            PositionSource::Table(position) => Ok((**position).clone()),
            PositionSource::Path(path) => {
                let text = read_limited(&self.resolve(path), MAX_SOURCE_BYTES, "position")?;
                Position::from_toml(&text)
                    .map_err(|error| Refusal::position(format!("{path}: {error}")))
            }
            PositionSource::Toml(text) => {
                Position::from_toml(text).map_err(|error| Refusal::position(error.to_string()))
            }
        }
    }

    pub fn save(&self, path: &str) -> Result<SavedGame, Refusal> {
        SavedGame::read_file(&self.resolve(path)).map_err(|error| {
            let code = match error {
                ReplayError::TooLarge => "file_too_large",
                ReplayError::Read(_) => "unreadable_file",
                _ => "invalid_save",
            };
            Refusal::new(code, format!("{path}: {}", with_limits(&error)))
        })
    }
}

/// Reads a text file of at most `limit` bytes (a `kind` file, in messages), with the
/// reader every file people share goes through: a huge file, or one that never ends,
/// is refused unread.
fn read_limited(path: &Path, limit: usize, kind: &str) -> Result<String, Refusal> {
    let shown = path.display();
    read_text_file(path, limit).map_err(|error| match error {
        ReadError::TooLarge(_) => Refusal::new(
            "file_too_large",
            format!(
                "{shown}: larger than the {} KiB a {kind} file may have",
                limit / 1024
            ),
        ),
        ReadError::Io(error) => Refusal::new("unreadable_file", format!("{shown}: {error}")),
        ReadError::NotUtf8(problem) => {
            Refusal::new("unreadable_file", format!("{shown}:{problem}"))
        }
    })
}
