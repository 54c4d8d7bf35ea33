//! The GTK application: the main window, where a game is set up, played on the map
//! with the side panels, saved and opened, and won. Each file owns one part:
//!
//! - `window`: the main window, its pages and the messages that drive them;
//!   `menu`: its main menu and actions; `shortcuts`: accelerators and their window.
//! - `session`: the game at this table, without GTK (tested on its own): its setup,
//!   map clicks, quick defence and what the screen shows to whom.
//! - `computer`: computer seats' policies and the worker they think in; `hint`: what
//!   the Normal player would do in a person's place.
//! - `files`: every file read or written (saves, the last setup) and the file chooser.
//! - `status`: the status line's words; `log` the log's words, `log_view` the log;
//!   `first_game_tips`: how to make each decision, on the status line in a first game;
//!   `elimination_banner`: eliminations announced over the map.
//! - `map_view`: the map widget; `privacy`, `victory`: the pages between people and
//!   after a win; `turn_summary`: a computer's turn summed up, `toasts` where it
//!   shows; `new_game`: the
//!   new-game dialog; `printing`: the reference sheet.
//! - `library`: the boards and variants on offer; `variant_editor`: the rules editor;
//!   `rules_help`: the rules in play, read in the app (F1); `chateau_help` the same
//!   for Château Noir, with the move diagrams.
//! - `balance_lab`: the balance lab window, opened from the editor and the new-game
//!   dialog; `lab_run`: its runs off the main loop.
//! - `table`: what the side panels are shown; `fixed_width`: their column, which
//!   never widens; `sidebar` (cards) and `battle_panel`
//!   (dice) are the panels, with `decisions`, `card_art` and `dice_view`; `rows`
//!   keeps their lists in place.
//! - `statistics`: the story of a game in words and charts; `replay`: stepping through
//!   a game on a map of its own; `game_record`: the game both are handed.
//! - `icons`: the app's icon from an uninstalled build; `screenshots`: the README's
//!   screenshots, made by `make screenshot`.

mod balance_lab;
mod battle_panel;
mod card_art;
mod chart_theme;
mod chateau;
pub(crate) mod chateau_help;
mod computer;
mod decisions;
mod dice_view;
mod elimination_banner;
mod files;
mod first_game_tips;
mod fixed_width;
mod follow_end;
mod game_record;
mod hint;
mod icons;
mod lab_run;
mod library;
mod log;
mod log_view;
mod map_view;
mod menu;
mod new_game;
#[cfg(test)]
mod panel_testing;
mod printing;
mod privacy;
mod replay;
mod rows;
mod rules_help;
#[cfg(test)]
mod screenshots;
mod session;
mod shortcuts;
mod sidebar;
mod statistics;
mod status;
mod table;
mod toasts;
mod turn_summary;
mod variant_editor;
mod victory;
mod window;
#[cfg(test)]
mod window_tests;

use std::path::PathBuf;

use relm4::prelude::*;

use crate::config::APP_ID;
use window::{MainWindow, Startup};

/// Set (to anything) to start the last setup at once, without the dialog (unless a
/// save is given), and to echo the log on standard output: what the desktop tests
/// drive and watch the game with.
const QUICK_START_VARIABLE: &str = "CASTELLAN_QUICK_START";

/// Runs the desktop application until its last window closes, opening `save` if given.
pub fn run(save: Option<PathBuf>) {
    let startup = if let Some(path) = save {
        Startup::Open(path)
    } else if std::env::var_os(QUICK_START_VARIABLE).is_some() {
        let setup =
            files::load_setup(&files::last_setup_path()).unwrap_or_else(new_game::default_setup);
        match new_game::resolve(setup) {
            Ok(game) => Startup::Game(Box::new(game)),
            Err(reason) => {
                eprintln!("castellan: cannot start the last game: {reason}");
                Startup::Dialog
            }
        }
    } else {
        Startup::Dialog
    };
    let app = RelmApp::new(APP_ID).with_args(Vec::new());
    icons::register_at_startup();
    app.run::<MainWindow>(startup);
}
