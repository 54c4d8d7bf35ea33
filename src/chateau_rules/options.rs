//! Every option of a Château Noir variant as people see it: its title, one-line
//! explanation, the kind of value it takes, and how to read and set it on a
//! [`Variant`]. The help lists them all with the variant's values, the sheet names
//! those a variant changes, and the variant editor builds its rows from them, so that
//! an option is described the same way everywhere. A test checks that it covers every
//! key the engine's variant files have.

use castellan_chateau::variant::{MAX_ROUND_CAP, Revisits, UnitRule, Variant};
use gettextrs::{gettext, ngettext};

use crate::text::fill;

/// The most minutes a turn's clock may be set to in the editor.
pub const MAX_CLOCK_MINUTES: u32 = 60;

/// What kind of value an option takes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// On or off.
    Switch,
    /// Off, or a whole number within `min..=max`.
    OptionalNumber { min: u32, max: u32 },
}

/// An option's value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    Switch(bool),
    OptionalNumber(Option<u32>),
}

/// One option of a Château Noir variant.
pub struct ChateauOption {
    /// The key in a variant file: `diagonal_capture`.
    pub key: &'static str,
    pub kind: OptionKind,
    title: fn() -> String,
    explanation: fn() -> String,
    describe: fn(OptionValue) -> String,
    get: fn(&Variant) -> OptionValue,
    set: fn(&mut Variant, OptionValue),
}

impl ChateauOption {
    pub fn title(&self) -> String {
        (self.title)()
    }

    pub fn explanation(&self) -> String {
        (self.explanation)()
    }

    pub fn get(&self, variant: &Variant) -> OptionValue {
        (self.get)(variant)
    }

    /// Sets the option; a value of another kind is ignored.
    pub fn set(&self, variant: &mut Variant, value: OptionValue) {
        (self.set)(variant, value);
    }

    /// The option's value in `variant`, in words: "each piece its own", "3 minutes".
    pub fn describe(&self, variant: &Variant) -> String {
        (self.describe)(self.get(variant))
    }

    /// The value as Castellan reads the booklet, in words.
    pub fn as_read(&self) -> String {
        (self.describe)(self.get(&Variant::default()))
    }

    /// Whether `variant` plays this option otherwise than the reading.
    pub fn differs(&self, variant: &Variant) -> bool {
        self.get(variant) != self.get(&Variant::default())
    }
}

fn switch(value: OptionValue) -> bool {
    matches!(value, OptionValue::Switch(true))
}

fn on_off(value: OptionValue) -> String {
    if switch(value) {
        gettext("on")
    } else {
        gettext("off")
    }
}

fn number(value: OptionValue) -> Option<u32> {
    match value {
        OptionValue::OptionalNumber(number) => number,
        OptionValue::Switch(_) => None,
    }
}

static OPTIONS: [ChateauOption; 6] = [
    ChateauOption {
        key: "revisits",
        kind: OptionKind::Switch,
        title: || gettext("Trails shared by the turn’s pieces"),
        explanation: || {
            gettext(
                "A square (other than a tower) or a passage already used this turn by any piece may not be used again, not only by the same piece.",
            )
        },
        describe: |value| {
            if switch(value) {
                gettext("shared by every piece of the turn")
            } else {
                gettext("each piece its own")
            }
        },
        get: |v| OptionValue::Switch(v.revisits == Revisits::PerPlayer),
        set: |v, value| {
            if let OptionValue::Switch(on) = value {
                v.revisits = if on {
                    Revisits::PerPlayer
                } else {
                    Revisits::PerPiece
                };
            }
        },
    },
    ChateauOption {
        key: "units",
        kind: OptionKind::Switch,
        title: || gettext("Up to six units"),
        explanation: || {
            gettext(
                "A turn may stop before its six units are spent (at least one). As read, every unit must be spent, which is what makes a blocked army a Château.",
            )
        },
        describe: |value| {
            if switch(value) {
                gettext("up to six, at least one")
            } else {
                gettext("all six must be spent")
            }
        },
        get: |v| OptionValue::Switch(v.units == UnitRule::UpTo),
        set: |v, value| {
            if let OptionValue::Switch(on) = value {
                v.units = if on { UnitRule::UpTo } else { UnitRule::All };
            }
        },
    },
    ChateauOption {
        key: "diagonal_capture",
        kind: OptionKind::Switch,
        title: || gettext("Capture on diagonals"),
        explanation: || {
            gettext("An enemy framed between two pieces on a diagonal may be taken too.")
        },
        describe: on_off,
        get: |v| OptionValue::Switch(v.diagonal_capture),
        set: |v, value| {
            if let OptionValue::Switch(on) = value {
                v.diagonal_capture = on;
            }
        },
    },
    ChateauOption {
        key: "single_partie",
        kind: OptionKind::Switch,
        title: || gettext("A single partie"),
        explanation: || {
            gettext(
                "The game is one partie, the highest score winning, instead of a match of parties played until a side has 27 points.",
            )
        },
        describe: |value| {
            if switch(value) {
                gettext("one partie, highest score wins")
            } else {
                gettext("a match to 27 points")
            }
        },
        get: |v| OptionValue::Switch(v.single_partie),
        set: |v, value| {
            if let OptionValue::Switch(on) = value {
                v.single_partie = on;
            }
        },
    },
    ChateauOption {
        key: "clock_minutes",
        kind: OptionKind::OptionalNumber {
            min: 1,
            max: MAX_CLOCK_MINUTES,
        },
        title: || gettext("Clock"),
        explanation: || {
            gettext("Minutes a turn may take; each turn over the time costs its side 1 point.")
        },
        describe: |value| match number(value) {
            Some(minutes) => fill(
                &ngettext("{count} minute a turn", "{count} minutes a turn", minutes),
                &[("count", &minutes)],
            ),
            None => gettext("off"),
        },
        get: |v| OptionValue::OptionalNumber(v.clock_minutes),
        set: |v, value| {
            if let OptionValue::OptionalNumber(minutes) = value {
                v.clock_minutes = minutes;
            }
        },
    },
    ChateauOption {
        key: "round_cap",
        kind: OptionKind::OptionalNumber {
            min: 1,
            max: MAX_ROUND_CAP,
        },
        title: || gettext("Round limit"),
        explanation: || {
            gettext(
                "For simulations: the match ends after this many rounds, the highest score winning.",
            )
        },
        describe: |value| match number(value) {
            Some(rounds) => fill(
                &ngettext("after {count} round", "after {count} rounds", rounds),
                &[("count", &rounds)],
            ),
            None => gettext("none"),
        },
        get: |v| OptionValue::OptionalNumber(v.round_cap),
        set: |v, value| {
            if let OptionValue::OptionalNumber(rounds) = value {
                v.round_cap = rounds;
            }
        },
    },
];

/// Every option, in the order they are listed.
pub fn options() -> &'static [ChateauOption] {
    &OPTIONS
}

/// The options `variant` plays otherwise than the reading.
pub fn changed_options(variant: &Variant) -> Vec<&'static ChateauOption> {
    OPTIONS.iter().filter(|o| o.differs(variant)).collect()
}

/// `variant` as a variant file: the game, its name and description if it has them,
/// and only the options it plays otherwise than the reading (so that a later reading
/// of an option is not overridden by a file that never chose it).
pub fn variant_file(variant: &Variant) -> String {
    let mut text = format!(
        "ruleset = \"{}\"\n",
        castellan_common::GameId::ChateauNoir.id()
    );
    let Ok(toml::Value::Table(all)) = toml::Value::try_from(variant) else {
        return text;
    };
    let keep = |key: &str| {
        key == "name"
            || key == "description"
            || OPTIONS.iter().any(|o| o.key == key && o.differs(variant))
    };
    let chosen: toml::Table = all.into_iter().filter(|(key, _)| keep(key)).collect();
    text.push_str(&toml::to_string(&chosen).unwrap_or_default());
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variant_file_names_only_what_differs_and_reads_back() {
        assert_eq!(
            variant_file(&Variant::default()),
            "ruleset = \"chateau-noir\"\n"
        );
        let house = Variant {
            name: "House \"rules\"".into(),
            diagonal_capture: true,
            clock_minutes: Some(3),
            ..Variant::default()
        };
        let text = variant_file(&house);
        assert!(
            !text.contains("revisits") && !text.contains("single_partie"),
            "{text}"
        );
        assert_eq!(Variant::from_toml(&text, "house.toml").unwrap(), house);
    }

    #[test]
    fn every_key_of_a_variant_file_is_an_option_and_round_trips() {
        // Each option, set away from the reading, is written to a variant file and
        // read back with that value (the engine's own reader), and no other changes.
        for option in options() {
            let mut variant = Variant::default();
            let value = match option.kind {
                OptionKind::Switch => OptionValue::Switch(true),
                OptionKind::OptionalNumber { min, .. } => {
                    OptionValue::OptionalNumber(Some(min + 2))
                }
            };
            option.set(&mut variant, value);
            assert!(option.differs(&variant), "{}", option.key);
            assert_eq!(changed_options(&variant).len(), 1, "{}", option.key);
            let text = format!(
                "ruleset = \"chateau-noir\"\n{}",
                toml::to_string(&variant).unwrap()
            );
            assert!(text.contains(option.key), "{text}");
            let read = Variant::from_toml(&text, "v.toml").unwrap();
            assert_eq!(option.get(&read), value, "{text}");
        }
        // And the file's keys are these options' and the names'.
        let keys: Vec<&str> = options().iter().map(|o| o.key).collect();
        let mut all = Variant {
            name: "n".into(),
            description: "d".into(),
            ..Variant::default()
        };
        for option in options() {
            let value = match option.kind {
                OptionKind::Switch => OptionValue::Switch(true),
                OptionKind::OptionalNumber { min, .. } => OptionValue::OptionalNumber(Some(min)),
            };
            option.set(&mut all, value);
        }
        let table: toml::Table = toml::from_str(&toml::to_string(&all).unwrap()).unwrap();
        for key in table.keys() {
            assert!(
                keys.contains(&key.as_str()) || key == "name" || key == "description",
                "{key} has no option"
            );
        }
        assert_eq!(table.len(), keys.len() + 2);
    }

    #[test]
    fn values_are_described_in_words() {
        let mut variant = Variant::default();
        let clock = options().iter().find(|o| o.key == "clock_minutes").unwrap();
        assert_eq!(clock.describe(&variant), "off");
        variant.clock_minutes = Some(3);
        assert_eq!(clock.describe(&variant), "3 minutes a turn");
        assert_eq!(clock.as_read(), "off");
    }
}
