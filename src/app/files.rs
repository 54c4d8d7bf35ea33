//! Every file the window reads or writes, and choosing them: the desktop's own file
//! chooser (`gtk::FileChooserNative`) for saved games, board files and variant files;
//! the app's part of a save file and reading and writing saves; the last setup
//! (`last-game.toml`). (Writing any file safely is `castellan::safe_write`.)

use std::path::{Path, PathBuf};

use castellan_engine::board::parse_board;
use castellan_engine::diagnostics::{ReadError, escaped, read_text_file};
use castellan_engine::game::{MAX_SAVE_BYTES, ReplayError, SaveError, SavedGame};
use gettextrs::gettext;
use relm4::gtk::{gio, glib, prelude::*};
use serde::{Deserialize, Serialize};

use super::computer::GameSpeed;
use super::session::{GameSetup, SeatSettings, Session, SessionError, TableEvent, yes};
use crate::map::palette::SEAT_COLOURS;
use crate::messages;
use crate::safe_write::write_file;

/// The extension of Castellan saves.
pub const EXTENSION: &str = "castellan";

/// What kind of file is chosen: it decides the titles, the filter and the extension.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FileKind {
    Game,
    Board,
    Variant,
}

impl FileKind {
    fn filter(self) -> gtk::FileFilter {
        let filter = gtk::FileFilter::new();
        match self {
            FileKind::Game => {
                filter.set_name(Some(&gettext("Castellan Games")));
                filter.add_pattern(&format!("*.{EXTENSION}"));
                filter.add_pattern("*.json");
            }
            FileKind::Board => {
                filter.set_name(Some(&gettext("Board Files")));
                filter.add_pattern("*.toml");
            }
            FileKind::Variant => {
                filter.set_name(Some(&gettext("Variant Files")));
                filter.add_pattern("*.toml");
            }
        }
        filter
    }

    fn extension(self) -> &'static str {
        match self {
            FileKind::Game => EXTENSION,
            FileKind::Board | FileKind::Variant => "toml",
        }
    }

    /// The window title and accept button of the chooser.
    fn texts(self, save: bool) -> (String, String) {
        let title = match (self, save) {
            (FileKind::Game, true) => gettext("Save Game"),
            (FileKind::Game, false) => gettext("Open Game"),
            (FileKind::Board, _) => gettext("Open Board File"),
            (FileKind::Variant, true) => gettext("Save Variant"),
            (FileKind::Variant, false) => gettext("Open Variant File"),
        };
        let accept = if save {
            gettext("_Save")
        } else {
            gettext("_Open")
        };
        (title, accept)
    }

    /// The name offered for a new file.
    fn new_name(self) -> String {
        match self {
            FileKind::Game => gettext("Game"),
            FileKind::Board => gettext("Board"),
            FileKind::Variant => gettext("Variant"),
        }
    }
}

/// Asks for a file of `kind` to open, or where to save one (`save`); calls `chosen`
/// with the path if the person chose one (with the kind's extension added to a saved
/// name that has none). `folder` is where the chooser starts when nothing is
/// suggested. The returned chooser must be kept alive until it answers.
pub fn choose(
    parent: &impl IsA<gtk::Window>,
    kind: FileKind,
    save: bool,
    suggested: Option<&Path>,
    folder: Option<&Path>,
    chosen: impl Fn(PathBuf) + 'static,
) -> gtk::FileChooserNative {
    let (title, accept) = kind.texts(save);
    let action = if save {
        gtk::FileChooserAction::Save
    } else {
        gtk::FileChooserAction::Open
    };
    let chooser = gtk::FileChooserNative::new(
        Some(&title),
        Some(parent),
        action,
        Some(&accept),
        Some(&gettext("_Cancel")),
    );
    chooser.set_modal(true);
    chooser.add_filter(&kind.filter());
    match suggested {
        Some(path) if save => {
            let _ = chooser.set_file(&gio::File::for_path(path));
        }
        _ => {
            if let Some(folder) = folder {
                // The folder may not exist yet (a person's own variants before the
                // first is saved); the chooser then starts where it likes.
                if std::fs::create_dir_all(folder).is_ok() {
                    let _ = chooser.set_current_folder(Some(&gio::File::for_path(folder)));
                }
            }
            if save {
                chooser.set_current_name(&format!("{}.{}", kind.new_name(), kind.extension()));
            }
        }
    }
    chooser.connect_response(move |chooser, response| {
        if response == gtk::ResponseType::Accept
            && let Some(path) = chooser.file().and_then(|f| f.path())
        {
            chosen(if save {
                with_extension(path, kind.extension())
            } else {
                path
            });
        }
    });
    chooser.show();
    chooser
}

/// A saved file's path gets `extension` when it has none.
pub fn with_extension(path: PathBuf, extension: &str) -> PathBuf {
    if path.extension().is_none() {
        path.with_extension(extension)
    } else {
        path
    }
}

/// What this app keeps in a save's `app` part (`docs/save-format.md`): the seats as
/// set up at this table and the preferences. A save without it (as the protocol
/// writes) opens too, with plain seat names.
#[derive(Serialize, Deserialize)]
struct AppPart {
    seats: Vec<SeatSettings>,
    /// See [`GameSetup::quick_defence`]; saves made before it existed had it on.
    #[serde(default = "yes")]
    quick_defence: bool,
}

/// Opens the saved game at `path`, read with the engine's size limit. The game in
/// progress (if any) is untouched whatever happens: a new session is returned, or why
/// the file cannot be played (in the reader's language).
pub fn open_game(path: &Path) -> Result<Session, OpenFailure> {
    let not_a_save = |detail: String| OpenFailure {
        not_a_save: true,
        detail,
    };
    let json = read_text_file(path, MAX_SAVE_BYTES).map_err(|e| match e {
        ReadError::TooLarge(_) => OpenFailure {
            not_a_save: false,
            detail: messages::replay_error(&ReplayError::TooLarge, None, &[]),
        },
        ReadError::Io(e) => OpenFailure {
            not_a_save: false,
            detail: messages::io_error(&e),
        },
        ReadError::NotUtf8(problem) => not_a_save(format!(
            "{}:{}: {}",
            problem.line,
            problem.column,
            messages::problem(&problem.kind)
        )),
    })?;
    read_game(&json, Some(path.to_owned())).map_err(|e| match &e {
        // Not JSON, or JSON that says no save format: no save at all. JSON with a
        // save format that does not read is a damaged save, said as such.
        SessionError::Replay { error, .. } => match &**error {
            ReplayError::Json(detail) if !says_a_save_format(&json) => {
                not_a_save(escaped(&detail.to_string()))
            }
            ReplayError::NoFormat => not_a_save(e.describe()),
            _ => OpenFailure {
                not_a_save: false,
                detail: e.describe(),
            },
        },
        _ => OpenFailure {
            not_a_save: false,
            detail: e.describe(),
        },
    })
}

/// Whether `json` is a JSON object naming a save format, as every save does.
fn says_a_save_format(json: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(json)
        .is_ok_and(|value| value.get("format").is_some_and(serde_json::Value::is_u64))
}

/// Why a saved game could not be opened: the file is no save at all (not text, not
/// JSON, no save format), or a save that cannot be played; and the detail, in the
/// reader's language, for below the plain words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenFailure {
    pub not_a_save: bool,
    pub detail: String,
}

/// Writes `session` to `path` as a save file, whole or not at all and harming no
/// other file (`castellan::safe_write`); or says why it could not (in the reader's
/// language).
pub fn save_game(session: &Session, path: &Path) -> Result<(), String> {
    let json = game_json(session).map_err(|e| messages::save_error(&e))?;
    write_file(path, json.as_bytes()).map_err(|e| messages::io_error(&e))
}

/// A session from a save's JSON, opened from `path`: the engine's save, with this
/// app's seats in its `app` part when it has one. Its log is rebuilt from the events
/// of its replay.
pub fn read_game(json: &str, path: Option<PathBuf>) -> Result<Session, SessionError> {
    let saved = SavedGame::from_json(json).map_err(|error| SessionError::Replay {
        error: Box::new(error),
        board: None,
        seats: Vec::new(),
    })?;
    let (seats, quick_defence) = match &saved.app {
        Some(app) => {
            let part: AppPart = serde_json::from_value(app.clone().into())?;
            (Some(part.seats), part.quick_defence)
        }
        None => (None, true),
    };
    let mut replayed = Vec::new();
    let game = saved
        .replay_with(|game, events| {
            replayed.extend(events.iter().filter_map(|e| TableEvent::public(game, e)));
        })
        .map_err(|error| SessionError::Replay {
            // The board, when it loads, and the players' names let the reason name
            // territories and seats.
            board: parse_board(&saved.board_source, &saved.board_name)
                .ok()
                .map(Box::new),
            seats: seats.iter().flatten().map(|s| s.name.clone()).collect(),
            error: Box::new(error),
        })?;
    let seats = seats.unwrap_or_else(|| {
        (0..game.seats())
            .map(|i| SeatSettings {
                name: format!("Player {}", i + 1),
                colour: (i % SEAT_COLOURS) as u8,
                computer: false,
                strength: castellan_engine::bot::Strength::Normal,
            })
            .collect()
    });
    Session::resume(
        game,
        saved.board_source,
        seats,
        quick_defence,
        path,
        replayed,
    )
}

/// The session as a save file's JSON: the engine's save, with the seats and
/// preferences in its `app` part.
pub fn game_json(session: &Session) -> Result<String, SaveError> {
    let mut save = session.saved_game()?;
    let part = AppPart {
        seats: session.seats().to_vec(),
        quick_defence: session.quick_defence(),
    };
    // A struct of strings, numbers and booleans: always a JSON object.
    save.app = serde_json::to_value(part)
        .ok()
        .and_then(|part| part.as_object().cloned());
    Ok(save.to_json())
}

/// Where the last setup is remembered: `$XDG_CONFIG_HOME/castellan/last-game.toml`.
pub fn last_setup_path() -> PathBuf {
    glib::user_config_dir()
        .join("castellan")
        .join("last-game.toml")
}

/// The most `last-game.toml` may hold: a few seats' names and two paths.
const MAX_SETUP_BYTES: usize = 64 * 1024;

/// The setup remembered at `path`, if it is there and makes sense.
pub fn load_setup(path: &Path) -> Option<GameSetup> {
    let text = read_text_file(path, MAX_SETUP_BYTES).ok()?;
    let setup: GameSetup = toml::from_str(&text).ok()?;
    setup.problem().is_none().then_some(setup)
}

/// Remembers a setup at `path`, creating its folder.
pub fn store_setup(path: &Path, setup: &GameSetup) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let text = toml::to_string(setup).map_err(std::io::Error::other)?;
    write_file(path, text.as_bytes())
}

/// The app's preferences, which `preferences.toml` keeps from one run to the next
/// (the game setup's own are in `last-game.toml`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preferences {
    /// How fast computer seats play.
    #[serde(default)]
    pub speed: GameSpeed,
    /// Whether people's decisions get a hint (what the Normal player would do); off
    /// unless switched on.
    #[serde(default)]
    pub hints: bool,
    /// Whether the status line tells people how to make each decision with the mouse
    /// and keys: on until a game is finished (or the tip is closed).
    #[serde(default = "first_game")]
    pub first_game_tips: bool,
}

/// A file without the tips setting was written before any game was finished with
/// tips: they are still owed.
fn first_game() -> bool {
    true
}

impl Default for Preferences {
    fn default() -> Self {
        Preferences {
            speed: GameSpeed::default(),
            hints: false,
            first_game_tips: first_game(),
        }
    }
}

/// Where the preferences are kept: `$XDG_CONFIG_HOME/castellan/preferences.toml`.
pub fn preferences_path() -> PathBuf {
    glib::user_config_dir()
        .join("castellan")
        .join("preferences.toml")
}

/// The preferences at `path`; the defaults when it is missing or unreadable (a
/// preference is never worth refusing to start over).
pub fn load_preferences(path: &Path) -> Preferences {
    read_text_file(path, MAX_SETUP_BYTES)
        .ok()
        .and_then(|text| toml::from_str(&text).ok())
        .unwrap_or_default()
}

/// Keeps `preferences` at `path`, creating its folder.
pub fn store_preferences(path: &Path, preferences: &Preferences) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let text = toml::to_string(preferences).map_err(std::io::Error::other)?;
    write_file(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_get_the_extension_only_when_they_have_none() {
        assert_eq!(
            with_extension(PathBuf::from("/tmp/war"), EXTENSION),
            PathBuf::from("/tmp/war.castellan")
        );
        assert_eq!(
            with_extension(PathBuf::from("/tmp/war.json"), EXTENSION),
            PathBuf::from("/tmp/war.json")
        );
        assert_eq!(
            with_extension(PathBuf::from("/tmp/mine"), "toml"),
            PathBuf::from("/tmp/mine.toml")
        );
    }

    fn session(computers: &[bool]) -> Session {
        use crate::app::library::{default_board_path, load_board};
        let setup = GameSetup {
            seats: computers
                .iter()
                .enumerate()
                .map(|(i, &computer)| SeatSettings {
                    name: format!("P{i}"),
                    colour: (5 - i) as u8,
                    computer,
                    strength: if computer {
                        castellan_engine::bot::Strength::Expert
                    } else {
                        castellan_engine::bot::Strength::Easy
                    },
                })
                .collect(),
            seed: Some(11),
            ..GameSetup::default_for(2, |_| String::new())
        };
        let board = load_board(&default_board_path()).unwrap();
        Session::new(
            board,
            castellan_engine::variant::Variant::rulebook(),
            &setup,
            0,
        )
        .unwrap()
    }

    #[test]
    fn a_saved_session_reopens_with_its_seats_and_a_broken_one_is_refused() {
        use crate::app::session::Click;
        use castellan_engine::game::Seat;
        let mut session = session(&[false, true]);
        let seat = session.human_to_move().unwrap_or(Seat(0));
        if session.human_to_move().is_some() {
            let (first, _) = session.targets()[0];
            let Click::Act(action) = session.click(first) else {
                panic!("a castle is one click");
            };
            session.apply(seat, action).unwrap();
        }
        let json = game_json(&session).unwrap();
        assert!(json.contains("\"strength\": \"expert\""), "{json}");
        let mut reopened = read_game(&json, Some(PathBuf::from("x.castellan"))).unwrap();
        assert_eq!(reopened.seats(), session.seats());
        assert_eq!(reopened.game(), session.game());
        assert!(!reopened.unsaved());
        let told = session.take_events();
        assert_eq!(
            reopened.take_events(),
            told,
            "the log of a reopened game tells the whole game again"
        );
        let mut again = read_game(&json, None).unwrap();
        assert_eq!(
            again.take_past_events(),
            told,
            "all of it is past, which nothing announces again"
        );
        assert!(again.take_events().is_empty());
        let broken = json.replacen("\"seed\"", "\"sead\"", 1);
        assert!(read_game(&broken, None).is_err());
        assert!(read_game("{}", None).is_err());
    }

    #[test]
    fn a_file_that_is_no_save_says_so_with_the_detail_apart() {
        let dir = std::env::temp_dir().join(format!("castellan-not-saves-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, bytes: &[u8]| {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            path
        };
        let open = |path: PathBuf| match open_game(&path) {
            Ok(_) => panic!("{} opened", path.display()),
            Err(failure) => failure,
        };
        // Random bytes: not text.
        let failure = open(write("noise.castellan", &[0xff, 0xfe, 0x00, 0x9c]));
        assert!(failure.not_a_save);
        assert!(failure.detail.contains("not UTF-8"), "{}", failure.detail);
        // Broken JSON: the parser's detail, without repeating what the heading says.
        let failure = open(write("cut.castellan", br#"{"format": 2, "board": "#));
        assert!(failure.not_a_save);
        assert!(failure.detail.contains("EOF"), "{}", failure.detail);
        assert!(!failure.detail.contains("not a save"), "{}", failure.detail);
        // JSON that is no save.
        let failure = open(write("other.json", b"{\"colour\": \"blue\"}"));
        assert!(failure.not_a_save, "{}", failure.detail);
        // A damaged save is a save: its reason, not "not a save".
        let session = session(&[false, false]);
        let json = game_json(&session)
            .unwrap()
            .replacen("\"seed\"", "\"sead\"", 1);
        let failure = open(write("broken.castellan", json.as_bytes()));
        assert!(!failure.not_a_save, "{}", failure.detail);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_save_of_the_app_before_format_2_opens_with_its_seats() {
        let json = include_str!("../../engine/tests/saves/app-format-1.castellan");
        let session = read_game(json, None).unwrap();
        let names: Vec<&str> = session.seats().iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Anna", "Béla", "Chloé"]);
        let colours: Vec<u8> = session.seats().iter().map(|s| s.colour).collect();
        assert_eq!(colours, [3, 1, 5]);
        assert!(session.seats().iter().all(|s| s.computer));
        // Saved before strengths were chosen: every computer played Normal.
        assert!(
            session
                .seats()
                .iter()
                .all(|s| s.strength == castellan_engine::bot::Strength::Normal)
        );
        assert!(!session.quick_defence());
        // Saved again: the engine's format, the seats in its `app` part.
        let again = game_json(&session).unwrap();
        let save = SavedGame::from_json(&again).unwrap();
        assert_eq!(save.format, castellan_engine::game::SAVE_FORMAT);
        assert_eq!(save.app.unwrap()["seats"][1]["name"], "Béla");
    }

    #[test]
    fn a_bare_engine_save_opens_with_plain_names() {
        use crate::app::library::{default_board_path, load_board};
        let session = session(&[false, false]);
        let source = load_board(&default_board_path()).unwrap().source;
        let json = session.game().save(&source).unwrap().to_json();
        let reopened = read_game(&json, None).unwrap();
        assert_eq!(reopened.seats().len(), 2);
        assert_ne!(reopened.seats()[0].colour, reopened.seats()[1].colour);
    }

    #[test]
    fn the_last_setup_is_stored_and_loaded_and_a_bad_one_ignored() {
        let dir = std::env::temp_dir().join(format!("castellan-setup-{}", std::process::id()));
        let path = dir.join("castellan").join("last-game.toml");
        let mut setup = GameSetup::default_for(3, |i| format!("S{i}"));
        setup.seed = Some(99);
        setup.variant = Some(PathBuf::from("/somewhere/mine.toml"));
        store_setup(&path, &setup).unwrap();
        assert_eq!(load_setup(&path), Some(setup.clone()));
        setup.seats[1].colour = setup.seats[0].colour;
        store_setup(&path, &setup).unwrap();
        assert_eq!(
            load_setup(&path),
            None,
            "two seats alike are not offered again"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn preferences_are_kept_and_a_bad_file_gives_the_defaults() {
        let dir = std::env::temp_dir().join(format!("castellan-prefs-{}", std::process::id()));
        let path = dir.join("preferences.toml");
        assert_eq!(load_preferences(&path), Preferences::default());
        assert!(!Preferences::default().hints, "hints are off by default");
        assert!(
            Preferences::default().first_game_tips,
            "first-game tips are on by default"
        );
        let slow = Preferences {
            speed: GameSpeed::Slow,
            hints: true,
            first_game_tips: false,
        };
        store_preferences(&path, &slow).unwrap();
        assert_eq!(load_preferences(&path), slow);
        // A file from before hints and tips existed keeps its speed, with hints
        // off and the first game's tips still on.
        std::fs::write(&path, "speed = \"slow\"").unwrap();
        assert_eq!(
            load_preferences(&path),
            Preferences {
                speed: GameSpeed::Slow,
                hints: false,
                first_game_tips: true,
            }
        );
        std::fs::write(&path, "first_game_tips = false").unwrap();
        assert!(!load_preferences(&path).first_game_tips);
        std::fs::write(&path, "speed = \"warp\"").unwrap();
        assert_eq!(load_preferences(&path), Preferences::default());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
