//! A game handed to the story pages (statistics and replay): its save, its board, and
//! how its seats are shown (names, map colours), with what may be disclosed of it: a
//! finished game shows everything, a game in progress only what everyone may know.

use std::sync::Arc;

use castellan_engine::board::Board;
use castellan_engine::game::SavedGame;
use castellan_engine::story::Disclosure;

use super::session::Session;
use crate::messages;

/// A game to tell the story of.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub saved: SavedGame,
    pub board: Arc<Board>,
    /// Indexed by seat.
    pub names: Vec<String>,
    /// The map palette's seat colour of each seat.
    pub colours: Vec<u8>,
    pub over: bool,
}

impl GameRecord {
    /// The game at the table, as it stands.
    pub fn of(session: &Session) -> Result<GameRecord, String> {
        let saved = session
            .saved_game()
            .map_err(|error| messages::save_error(&error))?;
        Ok(GameRecord {
            saved,
            board: Arc::clone(session.board()),
            names: session.names(),
            colours: session.seats().iter().map(|s| s.colour).collect(),
            over: session.game().is_over(),
        })
    }

    /// Everything once the game is over (every hand may be shown then), only what
    /// every player may know before: the engine refuses more.
    pub fn disclosure(&self) -> Disclosure {
        if self.over {
            Disclosure::Everything
        } else {
            Disclosure::Public
        }
    }

    /// The names to tell the story with.
    pub fn messages_names(&self) -> messages::Names<'_> {
        messages::Names::new(&self.board).with_seats(&self.names)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use castellan_engine::board::parse_board;

    use super::*;

    /// A finished four-seat game (a golden game of the engine's tests), seated by
    /// Anna, Bob, Chloé and Dmitri.
    pub(crate) fn finished() -> GameRecord {
        let saved: SavedGame = serde_json::from_str(include_str!(
            "../../engine/tests/golden/four-seats.save.json"
        ))
        .unwrap();
        let board = Arc::new(parse_board(&saved.board_source, "castle-risk.toml").unwrap());
        GameRecord {
            saved,
            board,
            names: ["Anna", "Bob", "Chloé", "Dmitri"]
                .map(String::from)
                .to_vec(),
            colours: vec![0, 1, 2, 3],
            over: true,
        }
    }
}
