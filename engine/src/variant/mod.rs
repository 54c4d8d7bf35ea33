//! Variants: the house rules a game is played with (docs/rulings.md "option"s) and their
//! rulebook defaults. Checking that a variant makes sense is `checks`; reading and
//! writing variant files (TOML naming only what differs from the rulebook) is `file`.

mod checks;
mod file;
mod ruleset;

use serde::{Deserialize, Serialize};
use std::fmt;

pub use checks::{MAX_ARMIES_OPTION, MAX_CARDS_OF_A_KIND, VariantProblem, VariantWarning};
pub use file::{
    Expected, MAX_VARIANT_BYTES, VariantError, VariantFileProblem, load_variant_file, parse_variant,
};
pub use ruleset::{ClassicRules, Ruleset};

/// Every rule a game may bend, with the variant's name and description.
/// `Variant::default()` is the 1986 rulebook.
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
    /// What players call this variant ("Common house rules"); empty for the rulebook
    /// itself. Not a rule: it never counts as a difference.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// A sentence or two on what the variant changes and why; may be empty.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    /// The game played: Castle Risk (the default, left out of files) or classic Risk.
    #[serde(skip_serializing_if = "Ruleset::is_castle_risk")]
    pub ruleset: Ruleset,
    /// Starting armies of each seat, by number of seats; the castle army and the
    /// claiming armies come out of it (ruling 1; rulebook 40/35/30/25/20).
    pub starting_armies: StartingArmies,
    /// Armies each seat places at a time once every territory is claimed; the last
    /// placement may be smaller (ruling 3; rulebook 5).
    pub armies_per_setup_placement: u32,
    /// Each seat secretly picks a territory for hidden armies at setup (ruling 4; on).
    pub hidden_armies: bool,
    /// The fewest armies hidden armies bring when revealed, even before any
    /// Reinforcement card is on the track (ruling 22; rulebook 0).
    pub hidden_army_minimum: u32,
    /// Classic Risk's free move: once at the end of the turn, armies may move from one
    /// territory to an adjacent own territory, leaving 1 behind (ruling 8; off).
    pub classic_fortify: bool,
    /// Diplomat cards are used (with 3 or more seats; never with 2). When off, every
    /// Diplomat dealt or drawn is discarded and replaced, as in a two-seat game
    /// (ruling 10; on).
    pub diplomats_in_play: bool,
    /// "Lenient General": the General is lost only when the defender's high die is
    /// strictly higher, not on a tie (ruling 12; off).
    pub lenient_general: bool,
    /// Most dice an attacker may roll against a territory with a castle (ruling 15; 2).
    pub castle_dice_limit: u8,
    /// How many cards of each kind make up the deck (rulebook: 48 cards).
    pub deck: DeckCounts,
    /// The numbers printed along the board's edge: the n-th Reinforcement card played
    /// in the game is worth the n-th number (ruling 9; 3, 4, … 14).
    pub reinforcement_track: Vec<u32>,
    /// Armies collected at the end of a turn (ruling 20).
    pub spoils: SpoilsRules,
    /// The options of classic Risk (left out of files while they are the text's).
    /// Boxed: they would double the size of every message carrying a variant.
    #[serde(skip_serializing_if = "ClassicRules::is_default")]
    pub classic: Box<ClassicRules>,
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
    /// House rule: each wholly held independent region gives its bonus, replacing the
    /// all-independents bonus (off).
    pub per_region_bonus: bool,
    /// Armies for each wholly held independent region under the per-region house
    /// rule; absent: each region's own value from the board (Castle Risk: 2 for
    /// Italy, Spain and Scandinavia).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region_bonus: Option<u32>,
}

impl Default for Variant {
    fn default() -> Self {
        Self {
            name: String::new(),
            description: String::new(),
            ruleset: Ruleset::CastleRisk,
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
            classic: Box::default(),
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
            region_bonus: None,
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

/// The keys that describe a variant rather than set a rule (the ruleset says which
/// rulebook the options differ from).
const DESCRIPTIVE_KEYS: [&str; 3] = ["name", "description", "ruleset"];

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

impl Variant {
    /// The 1986 rulebook, with no house rule.
    pub fn rulebook() -> Self {
        Self::default()
    }

    /// Classic Risk by the rules text, with no house rule.
    pub fn classic() -> Self {
        Self {
            ruleset: Ruleset::Classic,
            ..Self::default()
        }
    }

    /// The rules of `ruleset` with no house rule.
    pub fn standard(ruleset: Ruleset) -> Self {
        match ruleset {
            Ruleset::CastleRisk => Self::rulebook(),
            Ruleset::Classic => Self::classic(),
        }
    }

    /// A variant with every option present in TOML (the optional values set, the
    /// classic table written out), to read the options' paths and types from.
    pub(crate) fn with_every_option() -> Self {
        let mut every = Self::rulebook();
        every.spoils.empire_bonus = Some(0);
        every.spoils.all_independents_bonus = Some(0);
        every.spoils.region_bonus = Some(0);
        every.ruleset = Ruleset::Classic;
        every.classic.fortify_path = true;
        every
    }

    /// Reads a variant from TOML (only the options that differ need be named) and
    /// checks it. Messages name the text "variant"; [`parse_variant`] names a file.
    pub fn from_toml(source: &str) -> Result<Self, VariantError> {
        parse_variant(source, "variant")
    }

    /// Writes the variant as a variant file: its name and description, then only the
    /// options that differ from the rulebook, so that the file says what the variant
    /// is about and keeps meaning the same if a later rulebook default changes.
    pub fn to_toml(&self) -> String {
        let mut ours = toml::Table::try_from(self).expect("a variant is a TOML table");
        remove_equal(&mut ours, &standard_table(self.ruleset));
        if self.ruleset != Ruleset::CastleRisk {
            // The ruleset says which rules the others differ from: always written.
            ours.insert("ruleset".to_owned(), self.ruleset.id().into());
        }
        let body = toml::to_string_pretty(&ours).expect("a TOML table serialises");
        format!(
            "# A Castellan variant: the rules it changes from the 1986 rulebook.\n\
             # Every option not named here keeps the rulebook's value.\n{}{body}",
            if body.starts_with('[') { "\n" } else { "" }
        )
    }

    /// Each option whose value is not the rulebook's, in declaration order. The name
    /// and description are not options.
    pub fn differences_from_rulebook(&self) -> Vec<VariantDifference> {
        let ours = flatten(&toml::Value::try_from(self).expect("a variant is TOML"));
        let rulebook = flatten(&toml::Value::Table(standard_table(self.ruleset)));
        let mut differences = Vec::new();
        for (option, value) in &ours {
            if DESCRIPTIVE_KEYS.contains(&option.as_str()) {
                continue;
            }
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

    /// Whether the rules are the rulebook's, whatever the name says.
    pub fn plays_as_rulebook(&self) -> bool {
        self.differences_from_rulebook().is_empty()
    }

    /// Every option's TOML path (`"spoils.banner_bonus"`), in declaration order,
    /// including the optional ones that default to the board's values. Front ends
    /// use it to check that they offer every option.
    pub fn option_paths() -> Vec<String> {
        flatten(&toml::Value::try_from(Self::with_every_option()).expect("a variant is TOML"))
            .into_iter()
            .map(|(path, _)| path)
            .filter(|path| !DESCRIPTIVE_KEYS.contains(&path.as_str()))
            .collect()
    }

    /// Starting armies of each seat with `seats` seats (`None` outside 2–6).
    pub fn starting_armies_for(&self, seats: usize) -> Option<u32> {
        self.starting_armies.for_seats(seats)
    }
}

/// The standard rules of `ruleset` as a TOML table, the classic options written out
/// (a variant leaves them out while they are the text's) so that each can be compared.
fn standard_table(ruleset: Ruleset) -> toml::Table {
    let mut table =
        toml::Table::try_from(Variant::standard(ruleset)).expect("a variant is a table");
    table.insert(
        "classic".to_owned(),
        toml::Value::try_from(ClassicRules::default()).expect("the classic options are TOML"),
    );
    table
}

/// Removes from `ours` every value equal to the one at the same place in `base`, and
/// the tables left empty.
fn remove_equal(ours: &mut toml::Table, base: &toml::Table) {
    ours.retain(|key, value| match (value, base.get(key)) {
        (toml::Value::Table(inner), Some(toml::Value::Table(base_inner))) => {
            remove_equal(inner, base_inner);
            !inner.is_empty()
        }
        (value, Some(standard)) => value != standard,
        (_, None) => true,
    });
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
        assert!(v.plays_as_rulebook());
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
    fn the_name_and_description_are_not_differences() {
        let mut v = Variant::rulebook();
        v.name = "Rulebook again".into();
        v.description = "Nothing changes.".into();
        assert!(v.differences_from_rulebook().is_empty());
        assert!(v.plays_as_rulebook());
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
    fn written_files_name_only_what_differs_and_read_back_the_same() {
        let mut v = Variant::rulebook();
        v.name = "Big spoils".into();
        v.spoils.per_region_bonus = true;
        v.spoils.all_independents_bonus = Some(7);
        v.reinforcement_track = (1..=12).collect();
        let text = v.to_toml();
        assert!(text.contains("name = \"Big spoils\""), "{text}");
        assert!(text.contains("per_region_bonus = true"), "{text}");
        assert!(
            !text.contains("banner_bonus"),
            "rulebook values stay out:\n{text}"
        );
        assert!(
            !text.contains("[deck]"),
            "unchanged tables stay out:\n{text}"
        );
        assert_eq!(Variant::from_toml(&text).unwrap(), v);
    }

    #[test]
    fn the_rulebook_writes_no_option_at_all() {
        let text = Variant::rulebook().to_toml();
        assert!(
            text.lines()
                .all(|line| line.starts_with('#') || line.is_empty()),
            "{text}"
        );
        assert_eq!(Variant::from_toml(&text).unwrap(), Variant::rulebook());
    }

    #[test]
    fn option_paths_list_every_option_once() {
        let paths = Variant::option_paths();
        for expected in [
            "starting_armies.six",
            "castle_dice_limit",
            "deck.admirals",
            "reinforcement_track",
            "spoils.empire_bonus",
            "spoils.region_bonus",
        ] {
            assert!(
                paths.iter().any(|p| p == expected),
                "{expected} in {paths:?}"
            );
        }
        assert!(!paths.iter().any(|p| p == "name" || p == "description"));
        let mut unique = paths.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), paths.len());
    }
}
