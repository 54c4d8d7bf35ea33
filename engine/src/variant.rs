//! Variants: the house rules a game is played with (RULINGS.md "option"s), their
//! rulebook defaults, their checks, and reading them from TOML files that name only
//! what differs from the rulebook.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The largest army count any option may ask for; beyond it a value is surely a typo.
const ARMY_LIMIT: u32 = 10_000;
/// The largest number of copies of one card kind in a deck.
const CARD_LIMIT: u32 = 1_000;

/// Every rule a game may bend. `Variant::default()` is the 1986 rulebook.
///
/// In TOML every key is optional and unknown keys are refused, so a variant file names
/// only what it changes:
///
/// ```
/// use castellan_engine::variant::Variant;
/// let v = Variant::from_toml("lenient_general = true\n[spoils]\nbanner_bonus = 10\n").unwrap();
/// assert!(v.lenient_general);
/// assert_eq!(v.spoils.banner_bonus, 10);
/// assert_eq!(v.differences_from_rulebook().len(), 2);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Variant {
    /// Starting armies of each seat, by number of seats; the castle army and the
    /// claiming armies come out of it (RULINGS 1; rulebook 40/35/30/25/20).
    pub starting_armies: StartingArmies,
    /// Armies each seat places at a time once every territory is claimed; the last
    /// placement may be smaller (RULINGS 3; rulebook 5).
    pub armies_per_setup_placement: u32,
    /// Each seat secretly picks a territory for hidden armies at setup (RULINGS 4; on).
    pub hidden_armies: bool,
    /// The fewest armies hidden armies bring when revealed, even before any
    /// Reinforcement card is on the track (RULINGS 22; rulebook 0).
    pub hidden_army_minimum: u32,
    /// Classic Risk's free move: once at the end of the turn, armies may move from one
    /// territory to an adjacent own territory, leaving 1 behind (RULINGS 8; off).
    pub classic_fortify: bool,
    /// Diplomat cards are used (with 3 or more seats; never with 2). When off, every
    /// Diplomat dealt or drawn is discarded and replaced, as in a two-seat game
    /// (RULINGS 10; on).
    pub diplomats_in_play: bool,
    /// "Lenient General": the General is lost only when the defender's high die is
    /// strictly higher, not on a tie (RULINGS 12; off).
    pub lenient_general: bool,
    /// Most dice an attacker may roll against a territory with a castle (RULINGS 15; 2).
    pub castle_dice_limit: u8,
    /// How many cards of each kind make up the deck (rulebook: 48 cards).
    pub deck: DeckCounts,
    /// The numbers printed along the board's edge: the n-th Reinforcement card played
    /// in the game is worth the n-th number (RULINGS 9; 3, 4, … 14).
    pub reinforcement_track: Vec<u32>,
    /// Armies collected at the end of a turn (RULINGS 20).
    pub spoils: SpoilsRules,
}

/// Starting armies per seat for each number of seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StartingArmies {
    /// Each seat's armies in a 2-seat game (rulebook 40).
    pub two: u32,
    /// Each seat's armies in a 3-seat game (rulebook 35).
    pub three: u32,
    /// Each seat's armies in a 4-seat game (rulebook 30).
    pub four: u32,
    /// Each seat's armies in a 5-seat game (rulebook 25).
    pub five: u32,
    /// Each seat's armies in a 6-seat game (rulebook 20).
    pub six: u32,
}

/// How many cards of each kind the deck holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DeckCounts {
    /// Reinforcements (rulebook 12).
    pub reinforcements: u32,
    /// Diplomats (rulebook 7).
    pub diplomats: u32,
    /// Spies (rulebook 7).
    pub spies: u32,
    /// Generals (rulebook 8).
    pub generals: u32,
    /// Marshalls (rulebook 8).
    pub marshalls: u32,
    /// Admirals (rulebook 6).
    pub admirals: u32,
}

/// What the end-of-turn spoils are worth.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SpoilsRules {
    /// Armies for each whole empire; absent: each empire's own value from the board
    /// (Castle Risk: 4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub empire_bonus: Option<u32>,
    /// Armies for holding every independent territory; absent: the board's value
    /// (Castle Risk: 6). Not used under the per-region house rule.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub all_independents_bonus: Option<u32>,
    /// Armies for each captured banner on one's castle; one's own does not count (8).
    pub banner_bonus: u32,
    /// House rule: each wholly held independent region gives its board value (Castle
    /// Risk: 2 for Italy, Spain and Scandinavia), replacing the all-independents bonus
    /// (off).
    pub per_region_bonus: bool,
}

impl Default for Variant {
    fn default() -> Self {
        Self {
            starting_armies: StartingArmies::default(),
            armies_per_setup_placement: 5,
            hidden_armies: true,
            hidden_army_minimum: 0,
            classic_fortify: false,
            diplomats_in_play: true,
            lenient_general: false,
            castle_dice_limit: 2,
            deck: DeckCounts::default(),
            reinforcement_track: (3..=14).collect(),
            spoils: SpoilsRules::default(),
        }
    }
}

impl Default for StartingArmies {
    fn default() -> Self {
        Self {
            two: 40,
            three: 35,
            four: 30,
            five: 25,
            six: 20,
        }
    }
}

impl Default for DeckCounts {
    fn default() -> Self {
        Self {
            reinforcements: 12,
            diplomats: 7,
            spies: 7,
            generals: 8,
            marshalls: 8,
            admirals: 6,
        }
    }
}

impl Default for SpoilsRules {
    fn default() -> Self {
        Self {
            empire_bonus: None,
            all_independents_bonus: None,
            banner_bonus: 8,
            per_region_bonus: false,
        }
    }
}

impl StartingArmies {
    /// Each seat's starting armies with `seats` seats; `None` outside 2–6.
    pub fn for_seats(&self, seats: usize) -> Option<u32> {
        match seats {
            2 => Some(self.two),
            3 => Some(self.three),
            4 => Some(self.four),
            5 => Some(self.five),
            6 => Some(self.six),
            _ => None,
        }
    }

    fn entries(&self) -> [(&'static str, usize, u32); 5] {
        [
            ("starting_armies.two", 2, self.two),
            ("starting_armies.three", 3, self.three),
            ("starting_armies.four", 4, self.four),
            ("starting_armies.five", 5, self.five),
            ("starting_armies.six", 6, self.six),
        ]
    }
}

impl DeckCounts {
    /// Total number of cards in the deck.
    pub fn total(&self) -> u32 {
        self.entries().iter().map(|&(_, n)| n).sum()
    }

    fn entries(&self) -> [(&'static str, u32); 6] {
        [
            ("deck.reinforcements", self.reinforcements),
            ("deck.diplomats", self.diplomats),
            ("deck.spies", self.spies),
            ("deck.generals", self.generals),
            ("deck.marshalls", self.marshalls),
            ("deck.admirals", self.admirals),
        ]
    }
}

/// Something wrong with a variant, found by [`Variant::validate`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantProblem {
    /// An option that must be positive is zero.
    #[error("`{field}` must be at least 1")]
    Zero { field: &'static str },
    /// A value too large to be meant.
    #[error("`{field}` = {value} is absurdly large (at most {max})")]
    TooLarge {
        field: &'static str,
        value: u64,
        max: u64,
    },
    /// The castle dice limit is outside what the dice allow.
    #[error("`castle_dice_limit` = {0} must be 1, 2 or 3")]
    CastleDiceLimit(u8),
    /// No card at all.
    #[error("the deck is empty: give at least one card kind a count")]
    EmptyDeck,
    /// Fewer track numbers than Reinforcement cards.
    #[error(
        "the reinforcement track has {track} numbers but the deck has {cards} Reinforcement cards: \
         every card needs a number"
    )]
    TrackTooShort { track: usize, cards: u32 },
}

/// One option whose value differs from the rulebook's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariantDifference {
    /// The option's TOML path (`"spoils.banner_bonus"`).
    pub option: String,
    /// The rulebook's value, as written in TOML.
    pub rulebook: String,
    /// This variant's value, as written in TOML.
    pub value: String,
}

impl fmt::Display for VariantDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} = {} (rulebook: {})",
            self.option, self.value, self.rulebook
        )
    }
}

/// A variant file that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum VariantError {
    /// Not TOML, an unknown key, or a value of the wrong type.
    #[error("{0}")]
    Toml(#[from] toml::de::Error),
    /// Read, but some values make no sense (every problem, one per line).
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Invalid(Vec<VariantProblem>),
}

impl Variant {
    /// The 1986 rulebook, with no house rule.
    pub fn rulebook() -> Self {
        Self::default()
    }

    /// Reads a variant from TOML (only the options that differ need be named) and checks it.
    pub fn from_toml(source: &str) -> Result<Self, VariantError> {
        let variant: Variant = toml::from_str(source)?;
        let problems = variant.validate();
        if problems.is_empty() {
            Ok(variant)
        } else {
            Err(VariantError::Invalid(problems))
        }
    }

    /// Writes every option as TOML.
    pub fn to_toml(&self) -> String {
        toml::to_string_pretty(self).expect("a variant always serialises to TOML")
    }

    /// Every problem of this variant at once; empty when it can be played.
    pub fn validate(&self) -> Vec<VariantProblem> {
        let mut problems = Vec::new();
        let mut at_most = |field: &'static str, value: u64, max: u64| {
            if value > max {
                problems.push(VariantProblem::TooLarge { field, value, max });
            }
        };
        for (field, _, armies) in self.starting_armies.entries() {
            at_most(field, armies.into(), ARMY_LIMIT.into());
        }
        at_most(
            "armies_per_setup_placement",
            self.armies_per_setup_placement.into(),
            ARMY_LIMIT.into(),
        );
        at_most(
            "hidden_army_minimum",
            self.hidden_army_minimum.into(),
            ARMY_LIMIT.into(),
        );
        for (field, count) in self.deck.entries() {
            at_most(field, count.into(), CARD_LIMIT.into());
        }
        at_most(
            "reinforcement_track",
            self.reinforcement_track.len() as u64,
            CARD_LIMIT.into(),
        );
        if let Some(&largest) = self.reinforcement_track.iter().max() {
            at_most("reinforcement_track", largest.into(), ARMY_LIMIT.into());
        }
        if let Some(bonus) = self.spoils.empire_bonus {
            at_most("spoils.empire_bonus", bonus.into(), ARMY_LIMIT.into());
        }
        if let Some(bonus) = self.spoils.all_independents_bonus {
            at_most(
                "spoils.all_independents_bonus",
                bonus.into(),
                ARMY_LIMIT.into(),
            );
        }
        at_most(
            "spoils.banner_bonus",
            self.spoils.banner_bonus.into(),
            ARMY_LIMIT.into(),
        );

        for (field, _, armies) in self.starting_armies.entries() {
            if armies == 0 {
                problems.push(VariantProblem::Zero { field });
            }
        }
        if self.armies_per_setup_placement == 0 {
            problems.push(VariantProblem::Zero {
                field: "armies_per_setup_placement",
            });
        }
        if !(1..=3).contains(&self.castle_dice_limit) {
            problems.push(VariantProblem::CastleDiceLimit(self.castle_dice_limit));
        }
        if self.deck.total() == 0 {
            problems.push(VariantProblem::EmptyDeck);
        }
        if (self.reinforcement_track.len() as u64) < u64::from(self.deck.reinforcements) {
            problems.push(VariantProblem::TrackTooShort {
                track: self.reinforcement_track.len(),
                cards: self.deck.reinforcements,
            });
        }
        problems
    }

    /// Each option whose value is not the rulebook's, in declaration order.
    pub fn differences_from_rulebook(&self) -> Vec<VariantDifference> {
        let ours = flatten(&toml::Value::try_from(self).expect("a variant is TOML"));
        let rulebook =
            flatten(&toml::Value::try_from(Self::rulebook()).expect("a variant is TOML"));
        let mut differences = Vec::new();
        for (option, value) in &ours {
            let standard = rulebook
                .iter()
                .find(|(key, _)| key == option)
                .map(|(_, v)| v.clone());
            if standard.as_ref() != Some(value) {
                differences.push(VariantDifference {
                    option: option.clone(),
                    rulebook: standard.unwrap_or_else(|| "the board's value".to_owned()),
                    value: value.clone(),
                });
            }
        }
        // The rulebook leaves every optional value to the board, so an option absent
        // here is absent there too: walking this variant's keys finds every difference.
        differences
    }

    /// Starting armies of each seat with `seats` seats (`None` outside 2–6).
    pub fn starting_armies_for(&self, seats: usize) -> Option<u32> {
        self.starting_armies.for_seats(seats)
    }
}

/// `(dotted.path, value as TOML)` for every leaf of a TOML table, in order.
fn flatten(value: &toml::Value) -> Vec<(String, String)> {
    fn walk(prefix: &str, value: &toml::Value, out: &mut Vec<(String, String)>) {
        match value {
            toml::Value::Table(table) => {
                for (key, inner) in table {
                    let path = if prefix.is_empty() {
                        key.clone()
                    } else {
                        format!("{prefix}.{key}")
                    };
                    walk(&path, inner, out);
                }
            }
            leaf => out.push((prefix.to_owned(), leaf.to_string())),
        }
    }
    let mut out = Vec::new();
    walk("", value, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rulebook_is_valid_and_has_no_differences() {
        let v = Variant::rulebook();
        assert!(v.validate().is_empty());
        assert!(v.differences_from_rulebook().is_empty());
        assert_eq!(v.deck.total(), 48);
        assert_eq!(v.reinforcement_track.first(), Some(&3));
        assert_eq!(v.reinforcement_track.last(), Some(&14));
        assert_eq!(v.starting_armies_for(2), Some(40));
        assert_eq!(v.starting_armies_for(6), Some(20));
        assert_eq!(v.starting_armies_for(7), None);
    }

    #[test]
    fn toml_names_only_what_differs() {
        let v =
            Variant::from_toml("classic_fortify = true\n[starting_armies]\nfour = 35\n").unwrap();
        assert!(v.classic_fortify);
        assert_eq!(v.starting_armies.four, 35);
        assert_eq!(v.starting_armies.three, 35);
        let diffs = v.differences_from_rulebook();
        let options: Vec<&str> = diffs.iter().map(|d| d.option.as_str()).collect();
        assert_eq!(options, ["classic_fortify", "starting_armies.four"]);
        assert_eq!(
            diffs[1].to_string(),
            "starting_armies.four = 35 (rulebook: 30)"
        );
    }

    #[test]
    fn board_values_overridden_are_differences() {
        let mut v = Variant::rulebook();
        v.spoils.empire_bonus = Some(5);
        let diffs = v.differences_from_rulebook();
        assert_eq!(diffs.len(), 1);
        assert_eq!(diffs[0].option, "spoils.empire_bonus");
        assert_eq!(diffs[0].rulebook, "the board's value");
    }

    #[test]
    fn unknown_keys_are_refused() {
        let err = Variant::from_toml("lenient_generals = true\n").unwrap_err();
        assert!(err.to_string().contains("lenient_generals"), "{err}");
    }

    #[test]
    fn round_trips_through_toml() {
        let mut v = Variant::rulebook();
        v.spoils.per_region_bonus = true;
        v.spoils.all_independents_bonus = Some(7);
        v.reinforcement_track = (1..=12).collect();
        assert_eq!(Variant::from_toml(&v.to_toml()).unwrap(), v);
    }

    #[test]
    fn validate_reports_every_problem() {
        let mut v = Variant::rulebook();
        v.starting_armies.three = 0;
        v.castle_dice_limit = 4;
        v.reinforcement_track.truncate(5);
        v.armies_per_setup_placement = 1_000_000;
        let problems = v.validate();
        assert!(problems.contains(&VariantProblem::Zero {
            field: "starting_armies.three"
        }));
        assert!(problems.contains(&VariantProblem::CastleDiceLimit(4)));
        assert!(problems.contains(&VariantProblem::TrackTooShort {
            track: 5,
            cards: 12
        }));
        assert!(problems.iter().any(|p| matches!(
            p,
            VariantProblem::TooLarge {
                field: "armies_per_setup_placement",
                ..
            }
        )));
        assert_eq!(problems.len(), 4);
    }

    #[test]
    fn empty_deck_is_a_problem() {
        let mut v = Variant::rulebook();
        v.deck = DeckCounts {
            reinforcements: 0,
            diplomats: 0,
            spies: 0,
            generals: 0,
            marshalls: 0,
            admirals: 0,
        };
        assert_eq!(v.validate(), vec![VariantProblem::EmptyDeck]);
        let err = Variant::from_toml(
            "[deck]\nreinforcements = 0\ndiplomats = 0\nspies = 0\ngenerals = 0\nmarshalls = 0\nadmirals = 0\n",
        )
        .unwrap_err();
        assert!(err.to_string().contains("deck is empty"));
    }
}
