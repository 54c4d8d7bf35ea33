//! The Expert's judgement of a position: each seat's chance of winning, fitted to
//! each ruleset's way to win. Castle Risk (`castle`) weighs armies, spoils, cards,
//! hidden armies, how safe each castle is and how close each seat is to taking
//! another; classic Risk (`classic`) weighs armies, the income of territories and
//! continents, the cards and what the next set brings, the continents half taken, and
//! how open the held ones are.
//!
//! It reads a whole game, secrets included: the search only ever hands it worlds it
//! drew from its own seat's sight, never the real game.

mod castle;
mod classic;

use crate::game::Game;
use crate::variant::Ruleset;

pub use castle::{FEATURE_NAMES, FEATURES, WEIGHTS, features, win_chances_with};

/// Each seat's chance of winning `game`, indexed by seat: 0 for seats out (and the
/// neutral), 1 for the winner, 0 for everyone in a drawn game.
pub fn win_chances(game: &Game) -> Vec<f64> {
    if let Some(winner) = game.winner() {
        return game
            .seat_ids()
            .map(|s| f64::from(u8::from(s == winner)))
            .collect();
    }
    if game.is_drawn() {
        return vec![0.0; game.seats()];
    }
    match game.ruleset() {
        Ruleset::CastleRisk => castle::win_chances(game),
        Ruleset::Classic => classic::win_chances(game),
    }
}
