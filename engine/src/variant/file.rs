//! Variant files: TOML that names only what differs from the rulebook (format in
//! `docs/variant-format.md`), read with every problem reported at its line and column.
//!
//! The steps: refuse absurd sizes, parse TOML, refuse unknown options (all of them,
//! with "did you mean" hints), read the values with serde (a wrong type stops there),
//! then check that the values make sense ([`Variant::validate`]), pointing each problem
//! at the option it is about.

use std::path::Path;

use toml::de::{DeTable, DeValue};

use super::{DESCRIPTIVE_KEYS, Variant};
use crate::diagnostics::{
    FileError, Hints, ProblemList, ReadError, parse_toml, read_text_file, shown,
};

/// Largest variant file accepted, in bytes. Real ones are a few hundred bytes.
pub const MAX_VARIANT_BYTES: usize = 256 * 1024;

/// Why a variant could not be loaded.
pub type VariantError = FileError;

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
    let Some(document) = parse_toml(source, &mut problems) else {
        return Err(invalid(problems, origin));
    };
    let document = document.get_ref();
    let options = known_keys();
    check_keys(document, "", &options, &mut Hints::new(), &mut problems);
    if !problems.is_empty() {
        return Err(invalid(problems, origin));
    }
    let variant: Variant = match toml::from_str(source) {
        Ok(variant) => variant,
        Err(error) => {
            let at = error.span().map_or(0, |span| span.start);
            problems.at(at, in_plain_words(error.message()));
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
        problems.at(at, problem.to_string());
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
        format!(
            "the file is {bytes} bytes long; variant files may be at most {} KiB",
            MAX_VARIANT_BYTES / 1024
        ),
    );
    invalid(problems, origin)
}

/// serde's message with Rust's type names replaced by words a designer knows.
fn in_plain_words(message: &str) -> String {
    message
        .trim_end()
        .replace("expected u32", "expected a whole number (0 or more)")
        .replace("expected u8", "expected a whole number (0 or more)")
        .replace("expected a boolean", "expected true or false")
}

/// Every key a variant file may hold, as dotted paths.
fn known_keys() -> Vec<String> {
    DESCRIPTIVE_KEYS
        .iter()
        .map(|key| (*key).to_owned())
        .chain(Variant::option_paths())
        .collect()
}

/// Reports every key of `table` (at `prefix`, "" or "spoils.") that is no option nor
/// table of options, and checks inside the tables that are.
fn check_keys(
    table: &DeTable<'_>,
    prefix: &str,
    options: &[String],
    hints: &mut Hints,
    problems: &mut ProblemList<'_>,
) {
    // The keys allowed at this level: the next segment of every path under `prefix`.
    let mut here: Vec<&str> = options
        .iter()
        .filter_map(|path| path.strip_prefix(prefix))
        .map(|rest| rest.split('.').next().unwrap_or(rest))
        .collect();
    here.dedup();
    for (key, value) in table {
        let name = key.get_ref().as_ref();
        let path = format!("{prefix}{name}");
        let is_option = options.contains(&path);
        let table_prefix = format!("{path}.");
        let is_table = options.iter().any(|o| o.starts_with(&table_prefix));
        if is_table && let DeValue::Table(inner) = value.get_ref() {
            check_keys(inner, &table_prefix, options, hints, problems);
        } else if !is_option && !is_table {
            problems.at(
                key.span().start,
                format!(
                    "unknown option `{}`{}",
                    shown(&path),
                    hints.hint(name, here.iter().copied())
                ),
            );
        }
        // A known key with a value of the wrong type is serde's to report.
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

    fn problems_of(source: &str) -> Vec<String> {
        parse_variant(source, "v.toml")
            .unwrap_err()
            .problems()
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn every_unknown_option_is_reported_with_a_hint() {
        let problems =
            problems_of("lenient_generals = true\n[spoils]\nbaner_bonus = 3\n[dek]\nspies = 1\n");
        assert_eq!(
            problems,
            [
                "1:1: unknown option `lenient_generals` (did you mean `lenient_general`?)",
                "3:1: unknown option `spoils.baner_bonus` (did you mean `banner_bonus`?)",
                "4:2: unknown option `dek` (did you mean `deck`?)",
            ]
        );
    }

    #[test]
    fn a_wrong_type_is_reported_where_it_is() {
        let problems = problems_of("name = \"x\"\n[deck]\nspies = \"seven\"\n");
        assert_eq!(problems.len(), 1);
        assert!(problems[0].starts_with("3:9: "), "{problems:?}");
        assert!(
            problems[0].ends_with("expected a whole number (0 or more)"),
            "{problems:?}"
        );
    }

    #[test]
    fn values_that_make_no_sense_point_at_their_option() {
        let problems = problems_of(
            "castle_dice_limit = 0\n\n[starting_armies]\nfour = 0\n\n[deck]\nreinforcements = 20\n",
        );
        assert_eq!(
            problems,
            [
                "1:1: `castle_dice_limit` = 0 must be 1, 2 or 3",
                "4:1: `starting_armies.four` must be at least 1",
                "7:1: the reinforcement track has 12 numbers but the deck has 20 \
                 Reinforcement cards: every card needs a number",
            ]
        );
    }

    #[test]
    fn syntax_errors_say_where() {
        let problems = problems_of("name = \"unterminated\n");
        assert_eq!(problems.len(), 1);
        assert!(problems[0].starts_with("1:"), "{problems:?}");
        assert!(problems[0].contains("TOML syntax"), "{problems:?}");
    }

    #[test]
    fn a_huge_file_is_refused_before_parsing() {
        let source = "#".repeat(MAX_VARIANT_BYTES + 1);
        let error = parse_variant(&source, "big.toml").unwrap_err();
        assert!(error.to_string().starts_with("big.toml:1:1: the file is"));
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
        let error = load_variant_file(&bad).unwrap_err().to_string();
        assert!(
            error.starts_with(&format!("{}:1:1: ", bad.display())),
            "{error}"
        );
        let missing = load_variant_file(&dir.join("missing.toml")).unwrap_err();
        assert!(matches!(missing, VariantError::Io { .. }));
        assert!(missing.to_string().contains("missing.toml"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
