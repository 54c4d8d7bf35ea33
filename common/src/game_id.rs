//! [`GameId`]: which game a save, a variant, a board or a protocol request is of.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A game Castellan plays. Its id (`castle-risk`, `classic`, `chateau-noir`) is what
/// files and protocol requests write.
///
/// ```
/// use castellan_common::GameId;
///
/// assert_eq!(GameId::from_id("chateau-noir"), Some(GameId::ChateauNoir));
/// assert_eq!(GameId::Classic.id(), "classic");
/// assert!(GameId::CastleRisk.is_risk());
/// assert_eq!(serde_json::to_string(&GameId::ChateauNoir).unwrap(), "\"chateau-noir\"");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameId {
    /// Castle Risk, by the 1986 rulebook (the Risk engine's default ruleset).
    CastleRisk,
    /// Classic Risk (the Risk engine's other ruleset).
    Classic,
    /// Château Noir (Québec, 1983), the second game family.
    ChateauNoir,
}

impl GameId {
    /// Every game, in the order menus list them.
    pub const ALL: [GameId; 3] = [GameId::CastleRisk, GameId::Classic, GameId::ChateauNoir];

    /// The id files and requests write.
    pub fn id(self) -> &'static str {
        match self {
            Self::CastleRisk => "castle-risk",
            Self::Classic => "classic",
            Self::ChateauNoir => "chateau-noir",
        }
    }

    /// The game of an id, if it is one.
    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|game| game.id() == id)
    }

    /// Whether the Risk engine plays it (Castle Risk or classic Risk).
    pub fn is_risk(self) -> bool {
        matches!(self, Self::CastleRisk | Self::Classic)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The game a board file is for, from its `[board]` table's `game`: Château Noir
/// boards say `game = "chateau-noir"`; Risk boards (both Risk games play on any of
/// them) say nothing, and give `None`, as does text that is not TOML.
///
/// ```
/// use castellan_common::GameId;
/// use castellan_common::game_id::board_game;
///
/// assert_eq!(board_game("[board]\ngame = \"chateau-noir\"\n"), Some(GameId::ChateauNoir));
/// assert_eq!(board_game("[board]\nformat = 1\n"), None);
/// assert_eq!(board_game("not toml ["), None);
/// ```
pub fn board_game(text: &str) -> Option<GameId> {
    let document = toml::de::DeTable::parse(text).ok()?;
    let board = document.get_ref().get("board")?;
    let toml::de::DeValue::Table(board) = board.get_ref() else {
        return None;
    };
    match board.get("game")?.get_ref() {
        toml::de::DeValue::String(id) => GameId::from_id(id),
        _ => None,
    }
}

/// The ids of every game, for messages: "`castle-risk`, `classic` or `chateau-noir`".
pub fn known_ids() -> String {
    let ids: Vec<String> = GameId::ALL
        .iter()
        .map(|game| format!("`{}`", game.id()))
        .collect();
    match ids.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => ids.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip_and_unknown_ones_are_none() {
        for game in GameId::ALL {
            assert_eq!(GameId::from_id(game.id()), Some(game));
            let json = serde_json::to_string(&game).unwrap();
            assert_eq!(serde_json::from_str::<GameId>(&json).unwrap(), game);
        }
        assert_eq!(GameId::from_id("chess"), None);
        assert_eq!(GameId::from_id("Chateau-Noir"), None);
        assert_eq!(known_ids(), "`castle-risk`, `classic` or `chateau-noir`");
    }
}
