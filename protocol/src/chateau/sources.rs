//! Reading what a Château Noir request names: boards (shipped, from a file, inline, or
//! the reconstructed board built into the engine), variants, positions and saves,
//! with file paths resolved against the session's directory and every file read up to
//! its size limit.

use std::path::{Path, PathBuf};

use castellan_chateau::board::{Board, MAX_BOARD_BYTES, RECONSTRUCTED_BOARD, parse_board};
use castellan_chateau::position::MAX_POSITION_BYTES;
use castellan_chateau::save::{MAX_SAVE_BYTES, SavedGame};
use castellan_chateau::variant::{MAX_VARIANT_BYTES, Variant};
use castellan_common::diagnostics::{BaseProblem, ReadError, read_text_file};
use castellan_common::protocol::Refusal;

use super::request::{BoardSource, PositionSource, VariantSource};

/// Where named boards and relative paths are looked for.
#[derive(Clone, Debug, Default)]
pub(crate) struct Places {
    pub boards: Option<PathBuf>,
    pub base: Option<PathBuf>,
}

impl Places {
    fn resolve(&self, path: &str) -> PathBuf {
        match &self.base {
            Some(base) => base.join(path),
            None => PathBuf::from(path),
        }
    }

    /// The board and the text it was read from (a save needs the text).
    pub fn board(&self, source: Option<&BoardSource>) -> Result<(Board, String), Refusal> {
        let (text, origin) = match source {
            None => (
                RECONSTRUCTED_BOARD.to_owned(),
                "chateau-noir.toml".to_owned(),
            ),
            Some(BoardSource::Name(name)) => {
                let plain = !name.is_empty()
                    && name
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
                if !plain {
                    return Err(Refusal::new(
                        "unknown_board",
                        format!("“{}” is not the name of a shipped board", escaped(name)),
                    ));
                }
                match &self.boards {
                    Some(dir) if dir.join(format!("{name}.toml")).is_file() => (
                        read_limited(&dir.join(format!("{name}.toml")), MAX_BOARD_BYTES, "board")?,
                        format!("{name}.toml"),
                    ),
                    // The reconstructed board is built in: it needs no installed file.
                    _ if name == "chateau-noir" => (
                        RECONSTRUCTED_BOARD.to_owned(),
                        "chateau-noir.toml".to_owned(),
                    ),
                    Some(_) => {
                        return Err(Refusal::new(
                            "unknown_board",
                            format!("there is no shipped board named “{name}”"),
                        ));
                    }
                    None => {
                        return Err(Refusal::new(
                            "no_shipped_boards",
                            "this session knows no shipped boards: give a path or the text",
                        ));
                    }
                }
            }
            Some(BoardSource::Path(path)) => (
                read_limited(&self.resolve(path), MAX_BOARD_BYTES, "board")?,
                path.clone(),
            ),
            Some(BoardSource::Toml(text)) => (text.clone(), "inline board".to_owned()),
        };
        let board = parse_board(&text, &origin)
            .map_err(|error| Refusal::new("invalid_board", error.to_string()))?;
        Ok((board, text))
    }

    pub fn variant(&self, source: Option<&VariantSource>) -> Result<Variant, Refusal> {
        let invalid = |message: String| Refusal::new("invalid_variant", message);
        match source {
            None => Ok(Variant::default()),
            Some(VariantSource::Table(variant)) => {
                variant.check().map_err(invalid)?;
                Ok((**variant).clone())
            }
            Some(VariantSource::Path(path)) => {
                let text = read_limited(&self.resolve(path), MAX_VARIANT_BYTES, "variant")?;
                Variant::from_toml(&text, path).map_err(|e| invalid(e.to_string()))
            }
            Some(VariantSource::Toml(text)) => {
                Variant::from_toml(text, "inline variant").map_err(|e| invalid(e.to_string()))
            }
        }
    }

    /// The text of a position and the name its messages give it.
    pub fn position(&self, source: &PositionSource) -> Result<(String, String), Refusal> {
        match source {
            PositionSource::Path(path) => Ok((
                read_limited(&self.resolve(path), MAX_POSITION_BYTES, "position")?,
                path.clone(),
            )),
            PositionSource::Toml(text) => Ok((text.clone(), "inline position".to_owned())),
        }
    }

    pub fn save(&self, path: &str) -> Result<SavedGame, Refusal> {
        let text = read_limited(&self.resolve(path), MAX_SAVE_BYTES, "save")?;
        SavedGame::from_json(&text)
            .map_err(|error| Refusal::new("invalid_save", format!("{path}: {error}")))
    }
}

/// Text from a request, escaped for a message.
fn escaped(text: &str) -> String {
    castellan_common::diagnostics::FileText::new(text).to_string()
}

/// Reads a text file of at most `limit` bytes (a `kind` file, in messages).
fn read_limited(path: &Path, limit: usize, kind: &str) -> Result<String, Refusal> {
    let shown = escaped(&path.display().to_string());
    read_text_file::<BaseProblem>(path, limit).map_err(|error| match error {
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
