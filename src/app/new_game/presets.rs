//! Ruleset presets: choosing classic Risk rules while Castle Risk's own board is
//! chosen moves to the Classic World Map, so that picking "Classic Risk" gives the
//! classic game (board and rules) in one click. Any other choice of board stays.

use std::path::{Path, PathBuf};

use castellan_engine::variant::{Ruleset, Variant};

use crate::app::library::{BoardEntry, Origin};

/// The shipped board file each ruleset is made for.
fn home_board(ruleset: Ruleset) -> &'static str {
    match ruleset {
        Ruleset::CastleRisk => "castle-risk.toml",
        Ruleset::Classic => "classic.toml",
    }
}

fn is_shipped(entry: &BoardEntry, file: &str) -> bool {
    entry.origin == Origin::Shipped
        && entry.loaded.is_ok()
        && entry.path.file_name().is_some_and(|name| name == file)
}

/// The board to move to when `variant` is chosen with the board at `current` (`None`:
/// the default, Castle Risk's): the shipped board of the variant's ruleset, when the
/// board chosen is the other ruleset's shipped board.
pub fn board_for_rules(
    variant: &Variant,
    boards: &[BoardEntry],
    current: Option<&Path>,
) -> Option<PathBuf> {
    let other = match variant.ruleset {
        Ruleset::Classic => Ruleset::CastleRisk,
        Ruleset::CastleRisk => return None,
    };
    let on_other = match current {
        None => true,
        Some(path) => boards
            .iter()
            .any(|b| b.path == path && is_shipped(b, home_board(other))),
    };
    if !on_other {
        return None;
    }
    boards
        .iter()
        .find(|b| is_shipped(b, home_board(variant.ruleset)))
        .map(|b| b.path.clone())
}
