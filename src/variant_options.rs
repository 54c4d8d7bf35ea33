//! Every option of a variant as people see it: its group, title, one-line explanation,
//! the kind of value it takes, and how to read and set it on a [`Variant`]. The variant
//! editor builds its rows from this table, `castellan variant show` prints it, and the
//! reference sheet names the rules a variant changes with it, so that an option is
//! described the same way everywhere. A test checks that it covers every option the
//! engine has ([`Variant::option_paths`]).

use castellan_engine::variant::{MAX_ARMIES_OPTION, MAX_CARDS_OF_A_KIND, Variant};
use gettextrs::gettext;

use crate::text::fill;

/// The editor's sections, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionGroup {
    Setup,
    Cards,
    Battles,
    Spoils,
    HiddenArmies,
    /// Classic Risk's options (ignored by Castle Risk games).
    Classic,
}

impl OptionGroup {
    pub const ALL: [OptionGroup; 6] = [
        OptionGroup::Setup,
        OptionGroup::Cards,
        OptionGroup::Battles,
        OptionGroup::Spoils,
        OptionGroup::HiddenArmies,
        OptionGroup::Classic,
    ];

    pub fn title(self) -> String {
        match self {
            OptionGroup::Setup => gettext("Setup"),
            OptionGroup::Cards => gettext("Cards"),
            OptionGroup::Battles => gettext("Battles"),
            OptionGroup::Spoils => gettext("Spoils"),
            OptionGroup::HiddenArmies => gettext("Hidden Armies"),
            OptionGroup::Classic => gettext("Classic Risk"),
        }
    }
}

/// What kind of value an option takes, with its bounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off.
    Switch,
    /// A whole number within `min..=max`.
    Number { min: u32, max: u32 },
    /// A whole number within `min..=max`, or the board's own value when unset.
    BoardNumber { min: u32, max: u32 },
    /// A list of whole numbers (the reinforcement track).
    Track,
}

/// An option's value, whatever its kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Switch(bool),
    Number(u32),
    /// `None`: the board's value.
    BoardNumber(Option<u32>),
    Track(Vec<u32>),
}

impl OptionValue {
    /// The value in words: "on", "12", "the board's", "3, 4, 5".
    pub fn describe(&self) -> String {
        match self {
            OptionValue::Switch(true) => gettext("on"),
            OptionValue::Switch(false) => gettext("off"),
            OptionValue::Number(n) | OptionValue::BoardNumber(Some(n)) => n.to_string(),
            OptionValue::BoardNumber(None) => gettext("the board’s value"),
            OptionValue::Track(numbers) => track_text(numbers),
        }
    }
}

/// A reinforcement track as people write it: "3, 4, 5".
pub fn track_text(numbers: &[u32]) -> String {
    numbers
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Reads a track written as numbers separated by commas or spaces, or says which word
/// is not a whole number.
pub fn parse_track(text: &str) -> Result<Vec<u32>, String> {
    text.split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|word| !word.is_empty())
        .map(|word| {
            word.parse::<u32>().map_err(|_| {
                fill(
                    &gettext("“{word}” is not a whole number"),
                    &[("word", &word)],
                )
            })
        })
        .collect()
}

/// One option of a variant.
pub struct VariantOption {
    /// The engine's TOML path, e.g. `spoils.banner_bonus`.
    pub path: &'static str,
    pub group: OptionGroup,
    pub kind: OptionKind,
    title: fn() -> String,
    explanation: fn() -> String,
    get: fn(&Variant) -> OptionValue,
    set: fn(&mut Variant, OptionValue),
}

impl VariantOption {
    /// A short title, e.g. "Lenient General".
    pub fn title(&self) -> String {
        (self.title)()
    }

    /// One line saying what the option does.
    pub fn explanation(&self) -> String {
        (self.explanation)()
    }

    pub fn get(&self, variant: &Variant) -> OptionValue {
        (self.get)(variant)
    }

    /// Sets the option; a value of another kind is ignored (callers build values from
    /// `kind`).
    pub fn set(&self, variant: &mut Variant, value: OptionValue) {
        (self.set)(variant, value);
    }

    /// The rulebook's value.
    pub fn rulebook_value(&self) -> OptionValue {
        self.get(&Variant::rulebook())
    }

    /// Whether `variant` plays this option differently from the rulebook.
    pub fn differs(&self, variant: &Variant) -> bool {
        self.get(variant) != self.rulebook_value()
    }
}

/// Every option, grouped and in the order the editor shows them.
pub fn options() -> &'static [VariantOption] {
    OPTIONS
}

/// The options `variant` changes from the rulebook, in the editor's order.
pub fn changed_options(variant: &Variant) -> Vec<&'static VariantOption> {
    OPTIONS.iter().filter(|o| o.differs(variant)).collect()
}

const ARMIES: OptionKind = OptionKind::Number {
    min: 0,
    max: MAX_ARMIES_OPTION,
};
const CARDS: OptionKind = OptionKind::Number {
    min: 0,
    max: MAX_CARDS_OF_A_KIND,
};
const BOARD_ARMIES: OptionKind = OptionKind::BoardNumber {
    min: 0,
    max: MAX_ARMIES_OPTION,
};

/// Builds the `get`/`set` pair of a plain field, so the table below stays a table.
macro_rules! field {
    (switch $($field:ident).+) => {
        (
            |v: &Variant| OptionValue::Switch(v.$($field).+),
            |v: &mut Variant, value| {
                if let OptionValue::Switch(on) = value {
                    v.$($field).+ = on;
                }
            },
        )
    };
    (number $($field:ident).+) => {
        (
            |v: &Variant| OptionValue::Number(v.$($field).+.into()),
            |v: &mut Variant, value| {
                if let OptionValue::Number(n) = value {
                    // Bounds come from `kind`; a value too large for the field saturates.
                    v.$($field).+ = n.try_into().unwrap_or(v.$($field).+);
                }
            },
        )
    };
    (board $($field:ident).+) => {
        (
            |v: &Variant| OptionValue::BoardNumber(v.$($field).+),
            |v: &mut Variant, value| {
                if let OptionValue::BoardNumber(n) = value {
                    v.$($field).+ = n;
                }
            },
        )
    };
}

macro_rules! option {
    ($path:literal, $group:ident, $kind:expr, $title:expr, $explanation:expr, $access:expr) => {{
        let (get, set) = $access;
        VariantOption {
            path: $path,
            group: OptionGroup::$group,
            kind: $kind,
            title: $title,
            explanation: $explanation,
            get,
            set,
        }
    }};
}

static OPTIONS: &[VariantOption] = &[
    // Setup
    option!(
        "starting_armies.two",
        Setup,
        ARMIES,
        || gettext("Starting Armies, 2 Players"),
        || gettext("Each player’s armies, castle and claiming armies included"),
        field!(number starting_armies.two)
    ),
    option!(
        "starting_armies.three",
        Setup,
        ARMIES,
        || gettext("Starting Armies, 3 Players"),
        || gettext("Each player’s armies, castle and claiming armies included"),
        field!(number starting_armies.three)
    ),
    option!(
        "starting_armies.four",
        Setup,
        ARMIES,
        || gettext("Starting Armies, 4 Players"),
        || gettext("Each player’s armies, castle and claiming armies included"),
        field!(number starting_armies.four)
    ),
    option!(
        "starting_armies.five",
        Setup,
        ARMIES,
        || gettext("Starting Armies, 5 Players"),
        || gettext("Each player’s armies, castle and claiming armies included"),
        field!(number starting_armies.five)
    ),
    option!(
        "starting_armies.six",
        Setup,
        ARMIES,
        || gettext("Starting Armies, 6 Players"),
        || gettext("Each player’s armies, castle and claiming armies included"),
        field!(number starting_armies.six)
    ),
    option!(
        "armies_per_setup_placement",
        Setup,
        ARMIES,
        || gettext("Armies Placed at a Time"),
        || gettext("Once every territory is claimed, players place this many in turn"),
        field!(number armies_per_setup_placement)
    ),
    option!(
        "classic_fortify",
        Setup,
        OptionKind::Switch,
        || gettext("Classic Fortifying Move"),
        || gettext("Once at the end of a turn, move armies to a neighbouring own territory"),
        field!(switch classic_fortify)
    ),
    // Cards
    option!(
        "deck.reinforcements",
        Cards,
        CARDS,
        || gettext("Reinforcement Cards"),
        || gettext("Armies before the first attack, worth the next numbers of the track"),
        field!(number deck.reinforcements)
    ),
    option!(
        "deck.diplomats",
        Cards,
        CARDS,
        || gettext("Diplomat Cards"),
        || gettext("A truce with another player for a full round"),
        field!(number deck.diplomats)
    ),
    option!(
        "deck.spies",
        Cards,
        CARDS,
        || gettext("Spy Cards"),
        || gettext("See a hand and discard one of its cards, or stop a Spy"),
        field!(number deck.spies)
    ),
    option!(
        "deck.generals",
        Cards,
        CARDS,
        || gettext("General Cards"),
        || gettext("+1 to the attacker’s high die"),
        field!(number deck.generals)
    ),
    option!(
        "deck.marshalls",
        Cards,
        CARDS,
        || gettext("Marshall Cards"),
        || gettext("+1 to the defender’s high die"),
        field!(number deck.marshalls)
    ),
    option!(
        "deck.admirals",
        Cards,
        CARDS,
        || gettext("Admiral Cards"),
        || gettext("Attack by sea, from one coast to another on the same sea"),
        field!(number deck.admirals)
    ),
    option!(
        "reinforcement_track",
        Cards,
        OptionKind::Track,
        || gettext("Reinforcement Track"),
        || gettext("What the first, second, third… Reinforcement card played is worth"),
        (
            |v: &Variant| OptionValue::Track(v.reinforcement_track.clone()),
            |v: &mut Variant, value| {
                if let OptionValue::Track(numbers) = value {
                    v.reinforcement_track = numbers;
                }
            },
        )
    ),
    option!(
        "diplomats_in_play",
        Cards,
        OptionKind::Switch,
        || gettext("Diplomats in Play"),
        || gettext("When off, Diplomats are discarded and replaced, as with 2 players"),
        field!(switch diplomats_in_play)
    ),
    // Battles
    option!(
        "castle_dice_limit",
        Battles,
        OptionKind::Number { min: 1, max: 3 },
        || gettext("Dice Against a Castle"),
        || gettext("The most dice an attacker rolls against a territory with a castle"),
        field!(number castle_dice_limit)
    ),
    option!(
        "lenient_general",
        Battles,
        OptionKind::Switch,
        || gettext("Lenient General"),
        || gettext("The General is lost only when the defender rolls higher, not on a tie"),
        field!(switch lenient_general)
    ),
    // Spoils
    option!(
        "spoils.empire_bonus",
        Spoils,
        BOARD_ARMIES,
        || gettext("Armies per Empire"),
        || gettext("For each empire held whole at the end of the turn"),
        field!(board spoils.empire_bonus)
    ),
    option!(
        "spoils.all_independents_bonus",
        Spoils,
        BOARD_ARMIES,
        || gettext("Armies for All Independents"),
        || gettext("For holding every independent territory at once"),
        field!(board spoils.all_independents_bonus)
    ),
    option!(
        "spoils.banner_bonus",
        Spoils,
        ARMIES,
        || gettext("Armies per Captured Banner"),
        || gettext("For each enemy banner flying on one’s castle"),
        field!(number spoils.banner_bonus)
    ),
    option!(
        "spoils.per_region_bonus",
        Spoils,
        OptionKind::Switch,
        // The house rule most tables play, by the name players give it.
        || gettext("Two Armies per Independent Region"),
        || gettext(
            "The common house rule: each independent region held whole brings its own armies (2 on the Castle Risk board), instead of all the independents together"
        ),
        field!(switch spoils.per_region_bonus)
    ),
    option!(
        "spoils.region_bonus",
        Spoils,
        BOARD_ARMIES,
        || gettext("Armies per Independent Region"),
        || gettext("For each independent region held whole, when regions score separately"),
        field!(board spoils.region_bonus)
    ),
    // Hidden armies
    option!(
        "hidden_armies",
        HiddenArmies,
        OptionKind::Switch,
        || gettext("Hidden Armies"),
        || gettext("Each player secretly picks a territory where armies lie hidden"),
        field!(switch hidden_armies)
    ),
    option!(
        "hidden_army_minimum",
        HiddenArmies,
        ARMIES,
        || gettext("Fewest Hidden Armies"),
        || gettext("Hidden armies bring at least this many, even before any Reinforcement"),
        field!(number hidden_army_minimum)
    ),
    // Classic Risk
    option!(
        "classic.trade_values",
        Classic,
        OptionKind::Track,
        || gettext("Set Values"),
        || gettext("What the first, second, third… set traded in the game is worth"),
        (
            |v: &Variant| OptionValue::Track(v.classic.trade_values.clone()),
            |v: &mut Variant, value| {
                if let OptionValue::Track(numbers) = value {
                    v.classic.trade_values = numbers;
                }
            },
        )
    ),
    option!(
        "classic.trade_increment",
        Classic,
        ARMIES,
        || gettext("Later Sets"),
        || gettext("Each set traded after those is worth this many more"),
        field!(number classic.trade_increment)
    ),
    option!(
        "classic.fixed_trade",
        Classic,
        OptionKind::Switch,
        || gettext("Fixed Set Values"),
        || gettext("Each kind of set keeps one value instead of escalating"),
        field!(switch classic.fixed_trade)
    ),
    option!(
        "classic.fixed_infantry",
        Classic,
        ARMIES,
        || gettext("Three Infantry"),
        || gettext("What three infantry bring with fixed values"),
        field!(number classic.fixed_infantry)
    ),
    option!(
        "classic.fixed_cavalry",
        Classic,
        ARMIES,
        || gettext("Three Cavalry"),
        || gettext("What three cavalry bring with fixed values"),
        field!(number classic.fixed_cavalry)
    ),
    option!(
        "classic.fixed_artillery",
        Classic,
        ARMIES,
        || gettext("Three Artillery"),
        || gettext("What three artillery bring with fixed values"),
        field!(number classic.fixed_artillery)
    ),
    option!(
        "classic.fixed_mixed",
        Classic,
        ARMIES,
        || gettext("One of Each"),
        || gettext("What one of each, or a set with a wild card, brings with fixed values"),
        field!(number classic.fixed_mixed)
    ),
    option!(
        "classic.territory_bonus",
        Classic,
        ARMIES,
        || gettext("Card Territory Bonus"),
        || gettext("Armies put on a traded card’s territory that the trader holds"),
        field!(number classic.territory_bonus)
    ),
    option!(
        "classic.wild_cards",
        Classic,
        CARDS,
        || gettext("Wild Cards"),
        || gettext("Wild cards in the deck, beside one card per territory"),
        field!(number classic.wild_cards)
    ),
    option!(
        "classic.must_trade_at",
        Classic,
        OptionKind::Number {
            min: 5,
            max: MAX_CARDS_OF_A_KIND,
        },
        || gettext("Forced Trade"),
        || gettext("A hand this large must trade a set before placing"),
        field!(number classic.must_trade_at)
    ),
    option!(
        "classic.trade_down_above",
        Classic,
        // Trading down runs until fewer than `must_trade_at` (at least 5) are left:
        // it cannot begin below 4 (ruling 35; the check names both options).
        OptionKind::Number {
            min: 4,
            max: MAX_CARDS_OF_A_KIND,
        },
        || gettext("Cards After an Elimination"),
        || gettext("Holding more than this after taking a player’s cards, trade at once"),
        field!(number classic.trade_down_above)
    ),
    option!(
        "classic.territories_per_army",
        Classic,
        OptionKind::Number {
            min: 1,
            max: MAX_ARMIES_OPTION,
        },
        || gettext("Territories per Army"),
        || gettext("New armies: one for this many territories held"),
        field!(number classic.territories_per_army)
    ),
    option!(
        "classic.minimum_armies",
        Classic,
        ARMIES,
        || gettext("Fewest New Armies"),
        || gettext("The fewest new armies territories bring each turn"),
        field!(number classic.minimum_armies)
    ),
    option!(
        "classic.neutral_armies",
        Classic,
        ARMIES,
        || gettext("Neutral Armies"),
        || gettext("The neutral army of a two-player game (0: none)"),
        field!(number classic.neutral_armies)
    ),
    option!(
        "classic.neutral_in_one_territory",
        Classic,
        OptionKind::Switch,
        || gettext("Neutral in One Territory"),
        || gettext(
            "The neutral of a two-player game holds one territory with all its armies, as the rules text reads (off: it claims and places like a player)"
        ),
        field!(switch classic.neutral_in_one_territory)
    ),
    option!(
        "classic.fortify_path",
        Classic,
        OptionKind::Switch,
        || gettext("Fortify Along a Path"),
        || gettext("Fortifying may go through a chain of own territories"),
        field!(switch classic.fortify_path)
    ),
    option!(
        "classic.missions",
        Classic,
        OptionKind::Switch,
        || gettext("Secret Missions"),
        || gettext("Each player gets a secret mission that also wins the game"),
        field!(switch classic.missions)
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_engine_option_is_described_once_in_the_engines_order_of_groups() {
        let engine = Variant::option_paths();
        let ours: Vec<&str> = options().iter().map(|o| o.path).collect();
        let mut sorted_engine: Vec<&str> = engine.iter().map(String::as_str).collect();
        let mut sorted_ours = ours.clone();
        sorted_engine.sort_unstable();
        sorted_ours.sort_unstable();
        assert_eq!(sorted_ours, sorted_engine);
        // Grouped: once a group ends it does not come back.
        let groups: Vec<OptionGroup> = options().iter().map(|o| o.group).collect();
        let mut seen = Vec::new();
        for group in groups {
            if seen.last() != Some(&group) {
                assert!(!seen.contains(&group), "{group:?} is split");
                seen.push(group);
            }
        }
        assert_eq!(seen, OptionGroup::ALL);
    }

    #[test]
    fn get_and_set_touch_exactly_their_option() {
        for option in options() {
            let mut variant = Variant::rulebook();
            let changed = match option.get(&variant) {
                OptionValue::Switch(on) => OptionValue::Switch(!on),
                OptionValue::Number(n) => OptionValue::Number(if n == 1 { 3 } else { 1 }),
                OptionValue::BoardNumber(_) => OptionValue::BoardNumber(Some(9)),
                OptionValue::Track(_) => OptionValue::Track(vec![1; 12]),
            };
            option.set(&mut variant, changed.clone());
            assert_eq!(option.get(&variant), changed, "{}", option.path);
            assert!(option.differs(&variant), "{}", option.path);
            let differences = variant.differences_from_rulebook();
            assert_eq!(differences.len(), 1, "{}: {differences:?}", option.path);
            assert_eq!(differences[0].option, option.path);
            assert_eq!(changed_options(&variant).len(), 1);
        }
    }

    #[test]
    fn the_rulebook_stays_within_every_bound() {
        for option in options() {
            match (option.kind, option.rulebook_value()) {
                (OptionKind::Number { min, max }, OptionValue::Number(n)) => {
                    assert!((min..=max).contains(&n), "{}", option.path)
                }
                (OptionKind::BoardNumber { .. }, OptionValue::BoardNumber(None))
                | (OptionKind::Switch, OptionValue::Switch(_))
                | (OptionKind::Track, OptionValue::Track(_)) => {}
                (kind, value) => panic!("{}: {kind:?} holds {value:?}", option.path),
            }
        }
    }

    #[test]
    fn tracks_read_as_people_write_them() {
        assert_eq!(parse_track("3, 4,5  6;7").unwrap(), [3, 4, 5, 6, 7]);
        assert_eq!(parse_track("").unwrap(), Vec::<u32>::new());
        assert!(parse_track("3, four").unwrap_err().contains("four"));
        assert!(parse_track("-2").is_err());
        assert_eq!(track_text(&[3, 4, 14]), "3, 4, 14");
    }
}
