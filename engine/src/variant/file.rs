//! Variant files: TOML that names only what differs from the rulebook (format in
//! `docs/variant-format.md`), read with every problem reported at its line and column.
//!
//! The steps: refuse absurd sizes, parse TOML, refuse unknown options (all of them,
//! with "did you mean" hints), read the values with serde (a wrong type stops there),
//! then check that the values make sense ([`Variant::validate`]), pointing each problem
//! at the option it is about.

use std::fmt::{self, Display};
use std::path::Path;

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::{DESCRIPTIVE_KEYS, Variant, VariantProblem};
use crate::diagnostics::{
    FileError, FileText, Hint, Hints, ProblemKind, ProblemList, ReadError, ValueType, parse_toml,
    read_text_file,
};

/// Largest variant file accepted, in bytes. Real ones are a few hundred bytes.
pub const MAX_VARIANT_BYTES: usize = 256 * 1024;

/// Why a variant could not be loaded.
pub type VariantError = FileError;

/// A mistake only a variant file can make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantFileProblem {
    /// A key that is no option; `hint` is the likely intended one.
    UnknownOption {
        option: FileText,
        hint: Option<FileText>,
    },
    /// An option (its TOML path) with a value of the wrong type.
    WrongType {
        option: String,
        expected: Expected,
        found: ValueType,
    },
    /// An item of a list of numbers that is not a whole number.
    NotANumberInList { option: String, found: ValueType },
    /// A negative number where only 0 or more make sense.
    Negative { option: String, value: i64 },
    /// A number beyond what the option can hold at all.
    NumberTooLarge { option: String, max: u64 },
    /// The values could not be read for another reason; `detail` is the reader's
    /// explanation (in English). Not expected: the checks above come first.
    Unreadable { detail: FileText },
    /// The values are read but make no sense together.
    Invalid(VariantProblem),
    /// Nothing but blanks, or a byte-order mark: an empty file is most likely one cut
    /// short or the wrong file, not a choice of the rulebook.
    Empty,
}

/// What an option's value must be.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Expected {
    WholeNumber,
    Boolean,
    Text,
    /// An array of whole numbers (the reinforcement track).
    NumberList,
    /// A table of options (`[deck]`).
    Table,
}

impl fmt::Display for VariantFileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownOption { option, hint } => {
                write!(f, "unknown option `{option}`{}", Hint(hint))
            }
            Self::WrongType {
                option,
                expected,
                found,
            } => {
                write!(f, "`{option}` must be ")?;
                match expected {
                    Expected::WholeNumber => f.write_str("a whole number (0 or more)")?,
                    Expected::Boolean => f.write_str("true or false")?,
                    Expected::Text => f.write_str("a string")?,
                    Expected::NumberList => {
                        f.write_str("an array of whole numbers ([3, 4, 5, …])")?
                    }
                    Expected::Table => write!(f, "a table ([{option}] followed by its options)")?,
                }
                write!(f, ", found {found}")
            }
            Self::NotANumberInList { option, found } => write!(
                f,
                "each number of `{option}` must be a whole number (0 or more), found {found}"
            ),
            Self::Negative { option, value } => {
                write!(f, "`{option}` must be 0 or more, found {value}")
            }
            Self::NumberTooLarge { option, max } => {
                write!(f, "`{option}` is far too large (at most {max})")
            }
            Self::Unreadable { detail } => Display::fmt(detail, f),
            Self::Invalid(problem) => Display::fmt(problem, f),
            Self::Empty => f.write_str(
                "the file is empty: a variant file names what it changes from the rulebook, \
                 or at least its `name` or a comment (an empty file is most likely one cut \
                 short, or the wrong file)",
            ),
        }
    }
}

/// Parses and checks a variant from TOML text. `origin` names the text in messages
/// (usually the file name).
///
/// ```
/// use castellan_engine::variant::parse_variant;
///
/// let error = parse_variant("castle_dice_limit = 5\nlenient_generel = true\n", "mine.toml")
///     .unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "mine.toml:2:1: unknown option `lenient_generel` (did you mean `lenient_general`?)"
/// );
/// let error = parse_variant("castle_dice_limit = 5\n", "mine.toml").unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "mine.toml:1:1: `castle_dice_limit` = 5 must be 1, 2 or 3"
/// );
/// ```
pub fn parse_variant(source: &str, origin: &str) -> Result<Variant, VariantError> {
    if source.len() > MAX_VARIANT_BYTES {
        return Err(too_large(origin, source.len() as u64));
    }
    let mut problems = ProblemList::new(source);
    // A file that says nothing at all is refused rather than read as the rulebook;
    // one of comments only (the editor writes the unnamed rulebook so) is the
    // rulebook. A byte-order mark before any text is let through (some editors write
    // one) but is no text.
    if source.trim_start_matches('\u{feff}').trim().is_empty() {
        problems.at(0, VariantFileProblem::Empty);
        return Err(invalid(problems, origin));
    }
    let Some(document) = parse_toml(source, &mut problems) else {
        return Err(invalid(problems, origin));
    };
    let document = document.get_ref();
    let options = OptionTypes::of_variant();
    check_keys(document, "", &options, &mut Hints::new(), &mut problems);
    if !problems.is_empty() {
        return Err(invalid(problems, origin));
    }
    let variant: Variant = match toml::from_str(source) {
        Ok(variant) => variant,
        Err(error) => {
            let at = error.span().map_or(0, |span| span.start);
            problems.at(
                at,
                VariantFileProblem::Unreadable {
                    detail: FileText::detail(error.message()),
                },
            );
            return Err(invalid(problems, origin));
        }
    };
    for problem in variant.validate() {
        // At the first of its options the file names; a problem with defaults only
        // (a deck emptied key by key names them all) goes at the top.
        let at = problem
            .options()
            .iter()
            .find_map(|option| key_offset(document, option))
            .unwrap_or(0);
        problems.at(at, VariantFileProblem::Invalid(problem));
    }
    if problems.is_empty() {
        Ok(variant)
    } else {
        Err(invalid(problems, origin))
    }
}

/// Reads and checks a variant file. Messages name the file as given in `path`.
pub fn load_variant_file(path: &Path) -> Result<Variant, VariantError> {
    let origin = path.display().to_string();
    match read_text_file(path, MAX_VARIANT_BYTES) {
        Ok(source) => parse_variant(&source, &origin),
        Err(ReadError::Io(error)) => Err(VariantError::Io { origin, error }),
        Err(ReadError::NotUtf8(problem)) => Err(VariantError::Invalid {
            origin,
            problems: vec![problem],
        }),
        Err(ReadError::TooLarge(length)) => Err(too_large(&origin, length)),
    }
}

fn invalid(problems: ProblemList<'_>, origin: &str) -> VariantError {
    VariantError::Invalid {
        origin: origin.to_owned(),
        problems: problems.into_sorted(),
    }
}

fn too_large(origin: &str, bytes: u64) -> VariantError {
    let mut problems = ProblemList::new("");
    problems.at(
        0,
        ProblemKind::FileTooLarge {
            bytes,
            max_bytes: MAX_VARIANT_BYTES,
        },
    );
    invalid(problems, origin)
}

/// Every key a variant file may hold, as dotted paths, with the type of its value.
struct OptionTypes {
    /// Leaves: options, the name and the description.
    leaves: Vec<(String, Expected)>,
}

/// Options held in a byte rather than a `u32`.
const BYTE_OPTIONS: [&str; 1] = ["castle_dice_limit"];

impl OptionTypes {
    /// Read off the rulebook's own TOML, with every optional value present, so that
    /// a new option is checked without being listed here.
    fn of_variant() -> Self {
        let table =
            toml::Table::try_from(Variant::with_every_option()).expect("a variant is a TOML table");
        let mut leaves = DESCRIPTIVE_KEYS
            .iter()
            .map(|key| ((*key).to_owned(), Expected::Text))
            .collect();
        collect_leaves("", &table, &mut leaves);
        Self { leaves }
    }

    fn leaf(&self, path: &str) -> Option<Expected> {
        self.leaves
            .iter()
            .find(|(leaf, _)| leaf == path)
            .map(|(_, expected)| *expected)
    }

    /// Whether `path` is a table of options (`deck`).
    fn is_table(&self, path: &str) -> bool {
        self.leaves.iter().any(|(leaf, _)| {
            leaf.strip_prefix(path)
                .is_some_and(|rest| rest.starts_with('.'))
        })
    }

    /// The keys allowed in the table at `prefix` ("" or "spoils."), for hints.
    fn keys_under<'a>(&'a self, prefix: &str) -> Vec<&'a str> {
        let mut here: Vec<&str> = self
            .leaves
            .iter()
            .filter_map(|(path, _)| path.strip_prefix(prefix))
            .map(|rest| rest.split('.').next().unwrap_or(rest))
            .collect();
        here.dedup();
        here
    }
}

fn collect_leaves(prefix: &str, table: &toml::Table, leaves: &mut Vec<(String, Expected)>) {
    for (key, value) in table {
        let path = format!("{prefix}{key}");
        let expected = match value {
            toml::Value::Table(inner) => {
                collect_leaves(&format!("{path}."), inner, leaves);
                continue;
            }
            toml::Value::Integer(_) => Expected::WholeNumber,
            toml::Value::Boolean(_) => Expected::Boolean,
            toml::Value::Array(_) => Expected::NumberList,
            _ => Expected::Text,
        };
        if !leaves.iter().any(|(leaf, _)| *leaf == path) {
            leaves.push((path, expected));
        }
    }
}

/// Reports every key of `table` (at `prefix`, "" or "spoils.") that is no option nor
/// table of options, every value of the wrong type (a table of options written as an
/// array, a number written as a string), and checks inside the tables that are.
fn check_keys(
    table: &DeTable<'_>,
    prefix: &str,
    options: &OptionTypes,
    hints: &mut Hints,
    problems: &mut ProblemList<'_>,
) {
    let here = options.keys_under(prefix);
    for (key, value) in table {
        let name = key.get_ref().as_ref();
        let path = format!("{prefix}{name}");
        if let Some(expected) = options.leaf(&path) {
            check_value(&path, expected, value, problems);
        } else if options.is_table(&path) {
            match value.get_ref() {
                DeValue::Table(inner) => {
                    check_keys(inner, &format!("{path}."), options, hints, problems);
                }
                other => problems.at(
                    value.span().start,
                    VariantFileProblem::WrongType {
                        option: path,
                        expected: Expected::Table,
                        found: ValueType::of(other),
                    },
                ),
            }
        } else {
            problems.at(
                key.span().start,
                VariantFileProblem::UnknownOption {
                    option: FileText::new(&path),
                    hint: hints.hint(name, here.iter().copied()),
                },
            );
        }
    }
}

/// Checks the value of the option at `path` against the type it must have.
fn check_value(
    path: &str,
    expected: Expected,
    spanned: &Spanned<DeValue<'_>>,
    problems: &mut ProblemList<'_>,
) {
    match (expected, spanned.get_ref()) {
        (Expected::WholeNumber, DeValue::Integer(_)) => {
            let max = if BYTE_OPTIONS.contains(&path) {
                u64::from(u8::MAX)
            } else {
                u64::from(u32::MAX)
            };
            check_whole_number(path, spanned, max, problems);
        }
        (Expected::NumberList, DeValue::Array(items)) => {
            for item in items.iter() {
                if let DeValue::Integer(_) = item.get_ref() {
                    check_whole_number(path, item, u64::from(u32::MAX), problems);
                } else {
                    problems.at(
                        item.span().start,
                        VariantFileProblem::NotANumberInList {
                            option: path.to_owned(),
                            found: ValueType::of(item.get_ref()),
                        },
                    );
                }
            }
        }
        (Expected::Boolean, DeValue::Boolean(_)) | (Expected::Text, DeValue::String(_)) => {}
        (_, found) => problems.at(
            spanned.span().start,
            VariantFileProblem::WrongType {
                option: path.to_owned(),
                expected,
                found: ValueType::of(found),
            },
        ),
    }
}

/// Checks that an integer is 0 or more and at most `max`.
fn check_whole_number(
    path: &str,
    value: &Spanned<DeValue<'_>>,
    max: u64,
    problems: &mut ProblemList<'_>,
) {
    let DeValue::Integer(integer) = value.get_ref() else {
        return;
    };
    let at = value.span().start;
    match i64::from_str_radix(integer.as_str(), integer.radix()) {
        Ok(number) if number < 0 => problems.at(
            at,
            VariantFileProblem::Negative {
                option: path.to_owned(),
                value: number,
            },
        ),
        Ok(number) if number.unsigned_abs() <= max => {}
        _ => problems.at(
            at,
            VariantFileProblem::NumberTooLarge {
                option: path.to_owned(),
                max,
            },
        ),
    }
}

/// Where the key of option `path` ("spoils.banner_bonus") is written, if it is.
fn key_offset(document: &DeTable<'_>, path: &str) -> Option<usize> {
    let mut table = document;
    let mut segments = path.split('.').peekable();
    while let Some(segment) = segments.next() {
        let (key, value) = table
            .iter()
            .find(|(key, _)| key.get_ref().as_ref() == segment)?;
        if segments.peek().is_none() {
            return Some(key.span().start);
        }
        let DeValue::Table(inner) = value.get_ref() else {
            return None;
        };
        table = inner;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostics::Problem;

    fn problems_of(source: &str) -> Vec<Problem> {
        parse_variant(source, "v.toml")
            .unwrap_err()
            .problems()
            .to_vec()
    }

    /// The variant-file problem, panicking on any other kind.
    fn variant_problem(problem: &Problem) -> &VariantFileProblem {
        match &problem.kind {
            ProblemKind::Variant(problem) => problem,
            other => panic!("not a variant problem: {other:?}"),
        }
    }

    fn at(problem: &Problem) -> (usize, usize) {
        (problem.line, problem.column)
    }

    /// A file with nothing in it (blanks, or only a byte-order mark) is refused, not
    /// read as the rulebook; comments alone are the rulebook (the editor writes the
    /// unnamed rulebook so), and a byte-order mark before the text is let through.
    #[test]
    fn an_empty_file_is_refused_and_comments_alone_are_the_rulebook() {
        for empty in [
            "",
            "\u{feff}",
            "\u{feff}\n",
            "  \n\t\r\n",
            "\u{feff}\u{feff}",
        ] {
            let problems = problems_of(empty);
            assert_eq!(problems.len(), 1, "{empty:?}: {problems:?}");
            assert_eq!(variant_problem(&problems[0]), &VariantFileProblem::Empty);
            assert_eq!(at(&problems[0]), (1, 1));
            assert!(
                problems[0]
                    .kind
                    .to_string()
                    .starts_with("the file is empty")
            );
        }
        let rulebook = Variant::rulebook().to_toml();
        assert!(rulebook.lines().all(|l| l.starts_with('#')), "{rulebook}");
        assert_eq!(
            parse_variant(&rulebook, "v.toml").unwrap(),
            Variant::rulebook()
        );
        let named = parse_variant("\u{feff}name = \"Mine\"\n", "v.toml").unwrap();
        assert_eq!(named.name, "Mine");
    }

    #[test]
    fn every_unknown_option_is_reported_with_a_hint() {
        let problems =
            problems_of("lenient_generals = true\n[spoils]\nbaner_bonus = 3\n[dek]\nspies = 1\n");
        let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "1:1: unknown option `lenient_generals` (did you mean `lenient_general`?)",
                "3:1: unknown option `spoils.baner_bonus` (did you mean `banner_bonus`?)",
                "4:2: unknown option `dek` (did you mean `deck`?)",
            ]
        );
        assert!(matches!(
            variant_problem(&problems[1]),
            VariantFileProblem::UnknownOption { option, hint: Some(hint) }
                if option.as_str() == "spoils.baner_bonus" && hint.as_str() == "banner_bonus"
        ));
    }

    #[test]
    fn a_wrong_type_is_reported_where_it_is() {
        let problems = problems_of("name = \"x\"\n[deck]\nspies = \"seven\"\n");
        assert_eq!(problems.len(), 1);
        assert_eq!(at(&problems[0]), (3, 9));
        assert!(matches!(
            variant_problem(&problems[0]),
            VariantFileProblem::WrongType {
                option,
                expected: Expected::WholeNumber,
                found: ValueType::String,
            } if option == "deck.spies"
        ));
        assert!(
            problems[0]
                .to_string()
                .contains("a whole number (0 or more)")
        );
    }

    #[test]
    fn tables_written_as_arrays_are_refused_with_the_shape_expected() {
        let problems =
            problems_of("starting_armies = [1, 2, 3, 4, 5]\nspoils = [1, 2, 3]\ndeck = []\n");
        let found: Vec<_> = problems
            .iter()
            .map(|problem| (at(problem), variant_problem(problem).clone()))
            .collect();
        let wrong = |option: &str| VariantFileProblem::WrongType {
            option: option.to_owned(),
            expected: Expected::Table,
            found: ValueType::Array,
        };
        assert_eq!(
            found,
            [
                ((1, 19), wrong("starting_armies")),
                ((2, 10), wrong("spoils")),
                ((3, 8), wrong("deck")),
            ]
        );
        assert_eq!(
            problems[2].to_string(),
            "3:8: `deck` must be a table ([deck] followed by its options), found an array"
        );
    }

    #[test]
    fn numbers_are_checked_against_what_the_option_holds() {
        let problems = problems_of(
            "castle_dice_limit = 300\nhidden_army_minimum = -1\n\
             armies_per_setup_placement = 99999999999\nreinforcement_track = [3, \"x\", -2]\n\
             lenient_general = 1\n",
        );
        let found: Vec<_> = problems
            .iter()
            .map(|problem| (at(problem), variant_problem(problem).clone()))
            .collect();
        assert_eq!(
            found,
            [
                (
                    (1, 21),
                    VariantFileProblem::NumberTooLarge {
                        option: "castle_dice_limit".into(),
                        max: 255
                    }
                ),
                (
                    (2, 23),
                    VariantFileProblem::Negative {
                        option: "hidden_army_minimum".into(),
                        value: -1
                    }
                ),
                (
                    (3, 30),
                    VariantFileProblem::NumberTooLarge {
                        option: "armies_per_setup_placement".into(),
                        max: u64::from(u32::MAX)
                    }
                ),
                (
                    (4, 27),
                    VariantFileProblem::NotANumberInList {
                        option: "reinforcement_track".into(),
                        found: ValueType::String
                    }
                ),
                (
                    (4, 32),
                    VariantFileProblem::Negative {
                        option: "reinforcement_track".into(),
                        value: -2
                    }
                ),
                (
                    (5, 19),
                    VariantFileProblem::WrongType {
                        option: "lenient_general".into(),
                        expected: Expected::Boolean,
                        found: ValueType::Integer
                    }
                ),
            ]
        );
    }

    #[test]
    fn the_largest_value_each_option_holds_is_read() {
        // The limits of `check_whole_number` must be those of the fields, or a value
        // passing the checks would fail in serde instead (with an English message).
        let options = OptionTypes::of_variant();
        for (path, expected) in &options.leaves {
            if *expected != Expected::WholeNumber {
                continue;
            }
            let max = if BYTE_OPTIONS.contains(&path.as_str()) {
                u64::from(u8::MAX)
            } else {
                u64::from(u32::MAX)
            };
            let (table, key) = path.split_once('.').map_or(("", path.as_str()), |p| p);
            let header = if table.is_empty() {
                String::new()
            } else {
                format!("[{table}]\n")
            };
            let fits = format!("{header}{key} = {max}\n");
            let source = toml::from_str::<Variant>(&fits);
            assert!(source.is_ok(), "{fits}: {source:?}");
            let over = format!("{header}{key} = {}\n", max + 1);
            assert!(toml::from_str::<Variant>(&over).is_err(), "{over}");
        }
    }

    #[test]
    fn names_with_control_characters_or_too_long_are_refused_where_they_are() {
        let problems = problems_of(&format!(
            "lenient_general = true\nname = \"Castle\\u0000Risk\"\ndescription = \"{}\"\n",
            "d".repeat(crate::diagnostics::MAX_DESCRIPTION_CHARS + 1)
        ));
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!(at(&problems[0]), (2, 1));
        assert!(matches!(
            variant_problem(&problems[0]),
            VariantFileProblem::Invalid(VariantProblem::Text {
                field: "name",
                problem: crate::diagnostics::TextProblem::ControlCharacter('\0'),
            })
        ));
        assert_eq!(at(&problems[1]), (3, 1));
        assert!(!problems[0].to_string().contains('\0'));
    }

    #[test]
    fn values_that_make_no_sense_point_at_their_option() {
        let problems = problems_of(
            "castle_dice_limit = 0\n\n[starting_armies]\nfour = 0\n\n[deck]\nreinforcements = 20\n",
        );
        let found: Vec<_> = problems
            .iter()
            .map(|problem| (at(problem), variant_problem(problem).clone()))
            .collect();
        assert_eq!(
            found,
            [
                (
                    (1, 1),
                    VariantFileProblem::Invalid(VariantProblem::CastleDiceLimit(0))
                ),
                (
                    (4, 1),
                    VariantFileProblem::Invalid(VariantProblem::Zero {
                        field: "starting_armies.four"
                    })
                ),
                (
                    (7, 1),
                    VariantFileProblem::Invalid(VariantProblem::TrackTooShort {
                        track: 12,
                        cards: 20
                    })
                ),
            ]
        );
    }

    #[test]
    fn syntax_errors_say_where() {
        let problems = problems_of("name = \"unterminated\n");
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].line, 1);
        assert!(matches!(problems[0].kind, ProblemKind::TomlSyntax { .. }));
    }

    #[test]
    fn a_huge_file_is_refused_before_parsing() {
        let source = "#".repeat(MAX_VARIANT_BYTES + 1);
        let error = parse_variant(&source, "big.toml").unwrap_err();
        assert!(matches!(
            error.problems(),
            [Problem {
                line: 1,
                column: 1,
                kind: ProblemKind::FileTooLarge {
                    max_bytes: MAX_VARIANT_BYTES,
                    ..
                }
            }]
        ));
    }

    #[test]
    fn files_are_read_and_named_in_messages() {
        let dir = std::env::temp_dir().join(format!("castellan-variant-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("good.toml");
        std::fs::write(&good, "name = \"Mine\"\nlenient_general = true\n").unwrap();
        let variant = load_variant_file(&good).unwrap();
        assert_eq!(variant.name, "Mine");
        assert!(variant.lenient_general);
        let bad = dir.join("bad.toml");
        std::fs::write(&bad, "castle_dice_limit = 9\n").unwrap();
        let error = load_variant_file(&bad).unwrap_err();
        assert_eq!(error.origin(), bad.display().to_string());
        assert!(
            error
                .to_string()
                .starts_with(&format!("{}:1:1: ", bad.display())),
            "{error}"
        );
        let binary = dir.join("binary.toml");
        std::fs::write(&binary, b"name = \"x\"\nlenient_general = \xff\n").unwrap();
        let error = load_variant_file(&binary).unwrap_err();
        assert!(matches!(
            error.problems(),
            [Problem {
                line: 2,
                column: 19,
                kind: ProblemKind::NotUtf8
            }]
        ));
        let missing = load_variant_file(&dir.join("missing.toml")).unwrap_err();
        assert!(matches!(missing, VariantError::Io { .. }));
        assert!(missing.to_string().contains("missing.toml"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
