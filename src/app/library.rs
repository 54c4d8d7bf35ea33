//! The boards and variants the game offers: those installed with it (`PKGDATADIR`) and
//! those in the person's own data folder (`$XDG_DATA_HOME/castellan/`), each loaded with
//! the engine's checks, a broken one kept with its problems so that it can be shown
//! and explained rather than silently left out.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use castellan_engine::board::{Board, BoardError, load_board_file_with_text};
use castellan_engine::diagnostics::FileError;
use castellan_engine::variant::{Variant, load_variant_file};
use relm4::gtk::glib;

use crate::config::PKGDATADIR;
use crate::messages;
use crate::text::translated;

/// The board a game is played on when nothing else is chosen.
pub const DEFAULT_BOARD: &str = "castle-risk.toml";

/// A board ready to play, with its file's text (which saves carry).
#[derive(Clone, Debug)]
pub struct LoadedBoard {
    pub board: Arc<Board>,
    pub source: String,
}

/// Loads a board file with every check, keeping its text for saves.
pub fn load_board(path: &Path) -> Result<LoadedBoard, BoardError> {
    let (board, source) = load_board_file_with_text(path)?;
    Ok(LoadedBoard {
        board: Arc::new(board),
        source,
    })
}

/// Where a file of the library comes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// Installed with the game.
    Shipped,
    /// In the person's data folder.
    Personal,
    /// Opened from anywhere.
    Opened,
}

/// A file of the library, loaded or not.
#[derive(Clone, Debug)]
pub struct Entry<T> {
    pub path: PathBuf,
    pub origin: Origin,
    /// What the file holds, or every problem that kept it from loading, one per line.
    pub loaded: Result<T, String>,
}

/// A board file of the library.
pub type BoardEntry = Entry<LoadedBoard>;
/// A variant file of the library.
pub type VariantEntry = Entry<Variant>;

impl<T> Entry<T> {
    fn load_with(
        path: PathBuf,
        origin: Origin,
        load: impl FnOnce(&Path) -> Result<T, FileError>,
    ) -> Self {
        let loaded = load(&path).map_err(|error| messages::file_error(&error));
        Self {
            path,
            origin,
            loaded,
        }
    }
}

impl BoardEntry {
    pub fn load(path: PathBuf, origin: Origin) -> Self {
        Self::load_with(path, origin, load_board)
    }

    /// The board's translated name, or its file name when it did not load.
    pub fn name(&self) -> String {
        match &self.loaded {
            Ok(loaded) => translated(loaded.board.meta.name.as_str()),
            Err(_) => file_name(&self.path),
        }
    }
}

impl VariantEntry {
    pub fn load(path: PathBuf, origin: Origin) -> Self {
        Self::load_with(path, origin, load_variant_file)
    }

    /// The variant's translated name, or its file name when it has none or did not load.
    pub fn name(&self) -> String {
        match &self.loaded {
            Ok(variant) if !variant.name.is_empty() => translated(variant.name.as_str()),
            _ => file_name(&self.path),
        }
    }
}

fn file_name(path: &Path) -> String {
    path.file_stem().map_or_else(
        || path.display().to_string(),
        |s| s.to_string_lossy().into_owned(),
    )
}

/// The folder of installed files of a kind ("boards", "variants").
pub fn shipped_folder(kind: &str) -> PathBuf {
    Path::new(PKGDATADIR).join(kind)
}

/// The person's own folder for files of a kind, which the game reads but never
/// creates until something is saved there. Tests get a folder of their own, so that
/// they neither read nor write the files of whoever runs them.
pub fn personal_folder(kind: &str) -> PathBuf {
    if cfg!(test) {
        return std::env::temp_dir()
            .join(format!("castellan-tests-{}", std::process::id()))
            .join(kind);
    }
    glib::user_data_dir().join("castellan").join(kind)
}

/// The longest file name (without `.toml`) made from a title, in bytes: well under
/// any file system's limit, and still readable.
const MAX_STEM_BYTES: usize = 60;

/// A file name for rules titled `title`: its letters and digits in lower case, every
/// other run of characters (spaces, path separators, dots, control characters) one
/// hyphen, at most [`MAX_STEM_BYTES`] long; `None` when the title has no letter or
/// digit. "Quick & Bloody!" gives `quick-bloody.toml`.
pub fn variant_file_name(title: &str) -> Option<String> {
    let mut stem = String::new();
    for c in title.chars() {
        if c.is_alphanumeric() {
            let lower: String = c.to_lowercase().collect();
            if stem.len() + lower.len() > MAX_STEM_BYTES {
                break;
            }
            stem.push_str(&lower);
        } else if !stem.is_empty() && !stem.ends_with('-') {
            stem.push('-');
        }
    }
    let stem = stem.trim_end_matches('-');
    (!stem.is_empty()).then(|| format!("{stem}.toml"))
}

/// Where rules titled `title` are saved by default: the person's variants folder,
/// which the new-game dialog lists.
pub fn personal_variant_path(title: &str) -> Option<PathBuf> {
    variant_file_name(title).map(|name| personal_folder("variants").join(name))
}

/// The installed Castle Risk board's path.
pub fn default_board_path() -> PathBuf {
    shipped_folder("boards").join(DEFAULT_BOARD)
}

/// The `.toml` files of a folder, sorted by name; none when it does not exist.
fn toml_files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(folder)
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "toml") && path.is_file())
        .collect();
    files.sort();
    files
}

/// Every Risk board: the shipped ones (Castle Risk first), then the person's own.
/// Boards of another game (Château Noir's, which says so in its `[board]` table) are
/// left out: the Risk engine cannot play them.
pub fn boards() -> Vec<BoardEntry> {
    entries("boards", DEFAULT_BOARD, BoardEntry::load)
        .into_iter()
        .filter(|entry| entry.loaded.is_ok() || is_risk_board_file(&entry.path))
        .collect()
}

/// Whether a board file that did not load is meant for the Risk engine (it names no
/// other game).
fn is_risk_board_file(path: &Path) -> bool {
    use castellan_common::diagnostics::{BaseProblem, read_text_file};
    // A Château Noir board is a few KiB; anything larger is no board of that game.
    read_text_file::<BaseProblem>(path, 256 * 1024).map_or(true, |text| {
        castellan_common::game_id::board_game(&text).is_none()
    })
}

/// Every variant: the shipped presets (the rulebook first), then the person's own.
pub fn variants() -> Vec<VariantEntry> {
    entries("variants", "rulebook.toml", VariantEntry::load)
}

/// The files of a kind: the shipped ones, `first` before the others whatever its
/// name sorts as, then the person's own.
fn entries<T>(
    kind: &str,
    first: &str,
    load: impl Fn(PathBuf, Origin) -> Entry<T>,
) -> Vec<Entry<T>> {
    let mut shipped = toml_files(&shipped_folder(kind));
    shipped.sort_by_key(|path| path.file_name().is_none_or(|n| n != first));
    shipped
        .into_iter()
        .map(|path| load(path, Origin::Shipped))
        .chain(
            toml_files(&personal_folder(kind))
                .into_iter()
                .map(|path| load(path, Origin::Personal)),
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variants_file_name_is_made_safe_from_its_title() {
        let name = |title: &str| variant_file_name(title);
        assert_eq!(
            name("Quick & Bloody!").as_deref(),
            Some("quick-bloody.toml")
        );
        assert_eq!(
            name("  Règles à Émile  ").as_deref(),
            Some("règles-à-émile.toml")
        );
        // No separator, parent folder, hidden file or control character survives.
        assert_eq!(name("../../etc/passwd").as_deref(), Some("etc-passwd.toml"));
        assert_eq!(name("a\\b\u{0}c\nd\te").as_deref(), Some("a-b-c-d-e.toml"));
        assert_eq!(name(".hidden").as_deref(), Some("hidden.toml"));
        for title in ["", "   ", "!!!", "/", "..", "\u{7}\u{1b}"] {
            assert_eq!(name(title), None, "{title:?}");
        }
        // Long titles are cut to a sensible length, on a character's boundary.
        let long = name(&"é".repeat(500)).unwrap();
        assert!(long.len() <= MAX_STEM_BYTES + ".toml".len(), "{long}");
        assert!(long.starts_with("éé") && long.ends_with(".toml"));
        let words = name(&"word ".repeat(40)).unwrap();
        assert!(!words.contains("-.toml") && words.len() <= 65, "{words}");
        // Into the person's own folder, never beside it.
        let path = personal_variant_path("../Mine").unwrap();
        assert_eq!(path.parent(), Some(personal_folder("variants").as_path()));
        assert_eq!(path.file_name().unwrap(), "mine.toml");
    }

    #[test]
    fn the_shipped_boards_load_castle_risk_first() {
        let boards = boards();
        assert!(!boards.is_empty());
        assert!(boards[0].path.ends_with(DEFAULT_BOARD));
        for entry in boards.iter().filter(|b| b.origin == Origin::Shipped) {
            assert!(
                entry.loaded.is_ok(),
                "{}: {:?}",
                entry.path.display(),
                entry.loaded
            );
        }
        assert_eq!(boards[0].name(), "Castle Risk");
        let shipped: Vec<String> = boards
            .iter()
            .filter(|b| b.origin == Origin::Shipped)
            .map(|b| b.name())
            .collect();
        for name in ["World Powers", "Classic World Map"] {
            assert!(shipped.iter().any(|n| n == name), "{name} in {shipped:?}");
        }
        // The Château Noir board ships beside them but is not a Risk board.
        assert!(
            !boards.iter().any(|b| b.path.ends_with("chateau-noir.toml")),
            "{shipped:?}"
        );
    }

    #[test]
    fn the_shipped_variants_load_the_rulebook_first() {
        let variants = variants();
        assert!(variants.len() >= 2);
        assert!(variants[0].path.ends_with("rulebook.toml"));
        assert!(variants.iter().all(|v| v.loaded.is_ok()));
        assert!(variants.iter().any(|v| v.name() == "Common house rules"));
    }

    #[test]
    fn a_broken_file_is_kept_with_its_problems() {
        let dir = std::env::temp_dir().join(format!("castellan-library-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("broken.toml");
        std::fs::write(&path, "[board]\nformat = 9\n").unwrap();
        let entry = BoardEntry::load(path.clone(), Origin::Opened);
        let problems = entry.loaded.as_ref().unwrap_err();
        assert!(problems.contains("broken.toml:2:"), "{problems}");
        assert_eq!(entry.name(), "broken");
        std::fs::write(&path, "castle_dice_limit = 0\n").unwrap();
        let entry = VariantEntry::load(path, Origin::Opened);
        assert!(entry.loaded.unwrap_err().contains("broken.toml:1:1:"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
