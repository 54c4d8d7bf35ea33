//! Variants: the options of the shared reading (each ruling marked **option**) and the
//! simulation round cap, as a struct and as a small TOML file that names only what
//! differs from the defaults (`docs/variant-format.md`, "Château Noir variants").

use std::fmt;
use std::path::Path;

use castellan_common::diagnostics::{
    BaseProblem, FileText, Hints, ReadError, TextKind, check_text, parse_toml, read_text_file,
};
use serde::{Deserialize, Serialize};

use crate::diagnostics::{FileError, ProblemKind, ProblemList};
use crate::game::TurnRules;
use crate::toml_read::TableReader;

/// The largest variant file read, in bytes.
pub const MAX_VARIANT_BYTES: usize = 64 * 1024;

/// The longest round cap a variant may set.
pub const MAX_ROUND_CAP: u32 = 100_000;

/// How the revisiting rule counts (ruling 9).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Revisits {
    /// Each piece's path is its own (the reading).
    #[default]
    PerPiece,
    /// Squares and edges used by any piece of the turn are used for all (option).
    PerPlayer,
}

/// How many of a turn's units must be spent (ruling 11).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitRule {
    /// All of them (the reading).
    #[default]
    All,
    /// Up to the factor, at least one (option).
    UpTo,
}

/// The rules a game is played with, beyond the board.
///
/// ```
/// use castellan_chateau::variant::{Revisits, Variant};
///
/// let variant = Variant::from_toml(
///     "ruleset = \"chateau-noir\"\nrevisits = \"per_player\"\nround_cap = 200\n",
///     "house.toml",
/// )
/// .unwrap();
/// assert_eq!(variant.revisits, Revisits::PerPlayer);
/// assert_eq!(variant.round_cap, Some(200));
/// assert!(!variant.diagonal_capture);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Variant {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub description: String,
    pub revisits: Revisits,
    pub units: UnitRule,
    /// Enemies are framed on diagonals too (ruling 12, option).
    pub diagonal_capture: bool,
    /// One partie, the highest score winning, instead of a match to 27 (ruling 25,
    /// option).
    pub single_partie: bool,
    /// A clock of this many minutes a turn, one point off per overrun (ruling 26,
    /// option; the text's is 3). The engine counts overruns the front end reports.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock_minutes: Option<u32>,
    /// For simulations: the match ends after this many rounds, the highest score
    /// winning (a tie is a draw).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub round_cap: Option<u32>,
}

/// A mistake only a variant file can make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantProblem {
    /// `value` is not one of the values `key` takes.
    UnknownValue {
        key: &'static str,
        value: FileText,
        expected: &'static str,
    },
}

impl fmt::Display for VariantProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownValue {
                key,
                value,
                expected,
            } => write!(f, "`{key}` cannot be `{value}`: write {expected}"),
        }
    }
}

const KEYS: &[&str] = &[
    "ruleset",
    "name",
    "description",
    "revisits",
    "units",
    "diagonal_capture",
    "single_partie",
    "clock_minutes",
    "round_cap",
];

impl Variant {
    /// The rules of the turn's units.
    pub fn turn_rules(&self) -> TurnRules {
        TurnRules {
            shared_trail: self.revisits == Revisits::PerPlayer,
            spend_all: self.units == UnitRule::All,
        }
    }

    /// Whether every option is the reading's default.
    pub fn plays_as_read(&self) -> bool {
        let mut plain = self.clone();
        plain.name.clear();
        plain.description.clear();
        plain == Variant::default()
    }

    /// Reads a variant file's text; `origin` names it in messages.
    pub fn from_toml(source: &str, origin: &str) -> Result<Variant, FileError> {
        if source.len() > MAX_VARIANT_BYTES {
            let mut problems = ProblemList::new("");
            problems.at(
                0,
                BaseProblem::FileTooLarge {
                    bytes: source.len() as u64,
                    max_bytes: MAX_VARIANT_BYTES,
                },
            );
            return Err(into_error(problems, origin));
        }
        let mut problems = ProblemList::new(source);
        let Some(document) = parse_toml(source, &mut problems) else {
            return Err(into_error(problems, origin));
        };
        let mut hints = Hints::new();
        let mut file = TableReader::new(document.get_ref(), 0, "the variant", &mut problems);
        file.check_keys(KEYS, &mut hints);
        match file.string("ruleset", false) {
            Some((ruleset, _)) if ruleset == "chateau-noir" => {}
            other => {
                let (found, at) = match other {
                    Some((ruleset, at)) => (Some(FileText::new(&ruleset)), at),
                    None => (None, 0),
                };
                file.problems.at(
                    at,
                    ProblemKind::NotThisGame {
                        what: "variant",
                        key: "ruleset",
                        found,
                    },
                );
            }
        }
        let mut variant = Variant::default();
        for (key, kind) in [
            ("name", TextKind::Name),
            ("description", TextKind::Description),
        ] {
            if let Some((text, at)) = file.string(key, false) {
                match check_text(&text, kind) {
                    Ok(()) if key == "name" => variant.name = text,
                    Ok(()) => variant.description = text,
                    Err(problem) => file.problems.at(at, BaseProblem::Text { key, problem }),
                }
            }
        }
        if let Some((value, at)) = file.string("revisits", false) {
            match value.as_str() {
                "per_piece" => variant.revisits = Revisits::PerPiece,
                "per_player" => variant.revisits = Revisits::PerPlayer,
                _ => file.problems.at(
                    at,
                    VariantProblem::UnknownValue {
                        key: "revisits",
                        value: FileText::new(&value),
                        expected: "\"per_piece\" or \"per_player\"",
                    },
                ),
            }
        }
        if let Some((value, at)) = file.string("units", false) {
            match value.as_str() {
                "all" => variant.units = UnitRule::All,
                "up_to" => variant.units = UnitRule::UpTo,
                _ => file.problems.at(
                    at,
                    VariantProblem::UnknownValue {
                        key: "units",
                        value: FileText::new(&value),
                        expected: "\"all\" or \"up_to\"",
                    },
                ),
            }
        }
        if let Some(on) = file.boolean("diagonal_capture") {
            variant.diagonal_capture = on;
        }
        if let Some(on) = file.boolean("single_partie") {
            variant.single_partie = on;
        }
        if let Some((minutes, _)) = file.integer("clock_minutes", false, 1, 60) {
            variant.clock_minutes = Some(minutes as u32);
        }
        if let Some((rounds, _)) = file.integer("round_cap", false, 1, i64::from(MAX_ROUND_CAP)) {
            variant.round_cap = Some(rounds as u32);
        }
        if problems.is_empty() {
            Ok(variant)
        } else {
            Err(into_error(problems, origin))
        }
    }

    /// Reads a variant file (at most [`MAX_VARIANT_BYTES`]).
    pub fn load_file(path: &Path) -> Result<Variant, FileError> {
        let origin = path.display().to_string();
        match read_text_file::<ProblemKind>(path, MAX_VARIANT_BYTES) {
            Ok(source) => Self::from_toml(&source, &origin),
            Err(ReadError::Io(error)) => Err(FileError::Io { origin, error }),
            Err(ReadError::NotUtf8(problem)) => Err(FileError::Invalid {
                origin,
                problems: vec![problem],
            }),
            Err(ReadError::TooLarge(bytes)) => {
                let mut problems = ProblemList::new("");
                problems.at(
                    0,
                    BaseProblem::FileTooLarge {
                        bytes,
                        max_bytes: MAX_VARIANT_BYTES,
                    },
                );
                Err(into_error(problems, &origin))
            }
        }
    }

    /// Checks a variant given as data (a protocol request's table): the same limits
    /// as a file's.
    pub fn check(&self) -> Result<(), String> {
        for (key, text, kind) in [
            ("name", &self.name, TextKind::Name),
            ("description", &self.description, TextKind::Description),
        ] {
            if let Err(problem) = check_text(text, kind) {
                return Err(BaseProblem::Text { key, problem }.to_string());
            }
        }
        if let Some(minutes) = self.clock_minutes
            && !(1..=60).contains(&minutes)
        {
            return Err(format!(
                "`clock_minutes` must be from 1 to 60, not {minutes}"
            ));
        }
        if let Some(rounds) = self.round_cap
            && !(1..=MAX_ROUND_CAP).contains(&rounds)
        {
            return Err(format!(
                "`round_cap` must be from 1 to {MAX_ROUND_CAP}, not {rounds}"
            ));
        }
        Ok(())
    }
}

fn into_error(problems: ProblemList<'_>, origin: &str) -> FileError {
    problems.into_error_or(origin, || ProblemKind::NotThisGame {
        what: "variant",
        key: "ruleset",
        found: None,
    })
}
