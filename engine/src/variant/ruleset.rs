//! Rulesets: which game a variant plays (Castle Risk or classic Risk), named by a
//! stable id in files, and the options only classic Risk has.
//!
//! The two games share the board, battles, dice, odds, events, views, saves and the
//! protocol; what differs (cards, reinforcements, setup, victory) lives in one module
//! of the engine per ruleset (`game::classic` for classic Risk).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The game a variant plays. Files name it by its id (`ruleset = "classic"`); a
/// file that names none is Castle Risk, so every file written before rulesets
/// existed keeps its meaning.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Ruleset {
    /// Castle Risk (Parker Brothers, 1986): castles, banners, six card kinds.
    #[default]
    #[serde(rename = "castle-risk")]
    CastleRisk,
    /// Classic Risk: world domination, territory cards traded in sets.
    #[serde(rename = "classic")]
    Classic,
}

impl Ruleset {
    /// Every ruleset, Castle Risk first.
    pub const ALL: [Ruleset; 2] = [Ruleset::CastleRisk, Ruleset::Classic];

    /// The stable id files and the protocol use (`"classic"`).
    pub fn id(self) -> &'static str {
        match self {
            Ruleset::CastleRisk => "castle-risk",
            Ruleset::Classic => "classic",
        }
    }

    /// The ruleset an id names.
    pub fn from_id(id: &str) -> Option<Ruleset> {
        Self::ALL.into_iter().find(|r| r.id() == id)
    }

    /// The game's name, in English (front ends translate it).
    pub fn name(self) -> &'static str {
        match self {
            Ruleset::CastleRisk => "Castle Risk",
            Ruleset::Classic => "Classic Risk",
        }
    }

    /// Whether this is the default ruleset (files leave it out).
    pub fn is_castle_risk(&self) -> bool {
        *self == Ruleset::CastleRisk
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The options of classic Risk (`[classic]` in a variant file). Castle Risk games
/// ignore them. Defaults are the rules text's values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ClassicRules {
    /// Armies the first sets traded in the game bring, in order (4, 6, 8, 10, 12, 15).
    pub trade_values: Vec<u32>,
    /// Each set traded after those is worth this many more than the one before (5).
    pub trade_increment: u32,
    /// Play with a fixed value for each kind of set instead of escalating values (off).
    pub fixed_trade: bool,
    /// Under `fixed_trade`: three infantry (4).
    pub fixed_infantry: u32,
    /// Under `fixed_trade`: three cavalry (6).
    pub fixed_cavalry: u32,
    /// Under `fixed_trade`: three artillery (8).
    pub fixed_artillery: u32,
    /// Under `fixed_trade`: one of each, or any set with a wild card (10).
    pub fixed_mixed: u32,
    /// Extra armies placed on a traded card's territory that the trader holds (2).
    pub territory_bonus: u32,
    /// Wild cards in the deck, beside one card per territory (2).
    pub wild_cards: u32,
    /// A hand of this many cards or more must trade before placing (5; at least 5,
    /// since any 5 cards hold a set).
    pub must_trade_at: u32,
    /// A seat taking an eliminated seat's cards that then holds more than this many
    /// trades at once until it holds fewer than `must_trade_at` (6).
    pub trade_down_above: u32,
    /// New armies at the start of a turn: one per this many territories held (3).
    pub territories_per_army: u32,
    /// The fewest new armies a turn brings from territories (3).
    pub minimum_armies: u32,
    /// The neutral army of a two-player game (40; 0: no neutral).
    pub neutral_armies: u32,
    /// The neutral holds one territory, with all its armies, as the rules text
    /// reads ("a neutral territory with 40 more armies"); off, it claims and places
    /// like a player (ruling 27).
    pub neutral_in_one_territory: bool,
    /// Fortify along a chain of own territories instead of only to a neighbour (off).
    pub fortify_path: bool,
    /// Secret missions instead of world domination (off).
    pub missions: bool,
}

impl Default for ClassicRules {
    fn default() -> Self {
        Self {
            trade_values: vec![4, 6, 8, 10, 12, 15],
            trade_increment: 5,
            fixed_trade: false,
            fixed_infantry: 4,
            fixed_cavalry: 6,
            fixed_artillery: 8,
            fixed_mixed: 10,
            territory_bonus: 2,
            wild_cards: 2,
            must_trade_at: 5,
            trade_down_above: 6,
            territories_per_army: 3,
            minimum_armies: 3,
            neutral_armies: 40,
            neutral_in_one_territory: false,
            fortify_path: false,
            missions: false,
        }
    }
}

impl ClassicRules {
    /// Armies the `n`-th set traded in the game brings (0-based) under escalating
    /// values: the listed values, then `trade_increment` more each time.
    pub fn escalating_value(&self, n: u32) -> u32 {
        let listed = self.trade_values.len() as u32;
        match self.trade_values.get(n as usize) {
            Some(&value) => value,
            None => {
                let last = self.trade_values.last().copied().unwrap_or(0);
                let beyond = u64::from(n - listed + 1) * u64::from(self.trade_increment);
                (u64::from(last) + beyond).min(u64::from(u32::MAX)) as u32
            }
        }
    }

    /// Whether these are the default options (files leave the table out).
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for r in Ruleset::ALL {
            assert_eq!(Ruleset::from_id(r.id()), Some(r));
        }
        assert_eq!(Ruleset::from_id("chess"), None);
        assert_eq!(Ruleset::default(), Ruleset::CastleRisk);
    }

    #[test]
    fn escalating_values_follow_the_text() {
        let rules = ClassicRules::default();
        let values: Vec<u32> = (0..9).map(|n| rules.escalating_value(n)).collect();
        assert_eq!(values, [4, 6, 8, 10, 12, 15, 20, 25, 30]);
        assert_eq!(rules.escalating_value(u32::MAX - 1), u32::MAX);
    }
}
