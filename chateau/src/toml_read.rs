//! Reading a spanned TOML document by hand, so that every mistake is reported at its
//! own line and column (serde would stop at the first): the keys of a table checked
//! against the known ones, and typed getters that record a problem and return `None`
//! when a value is missing or of the wrong type. The board, variant and position
//! loaders share it.

use castellan_common::diagnostics::{FileText, Hints, ValueType};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

use crate::diagnostics::{ProblemKind, ProblemList};

/// A TOML table being read, with where its problems go.
pub(crate) struct TableReader<'t, 's, 'p, 'q> {
    pub table: &'t DeTable<'s>,
    /// Where the table starts (its header, or the file's start).
    pub at: usize,
    /// The section named in messages: "[board]", "the file", "[[army]]".
    pub section: &'static str,
    pub problems: &'p mut ProblemList<'q>,
}

impl<'t, 's, 'p, 'q> TableReader<'t, 's, 'p, 'q> {
    pub fn new(
        table: &'t DeTable<'s>,
        at: usize,
        section: &'static str,
        problems: &'p mut ProblemList<'q>,
    ) -> Self {
        Self {
            table,
            at,
            section,
            problems,
        }
    }

    /// Reports every key not in `known`, with a hint when one is close.
    pub fn check_keys(&mut self, known: &[&'static str], hints: &mut Hints) {
        for key in self.table.keys() {
            let name: &str = key.get_ref().as_ref();
            if !known.contains(&name) {
                let hint = hints.hint(name, known.iter().copied());
                self.problems.at(
                    key.span().start,
                    ProblemKind::UnknownKey {
                        section: self.section,
                        key: FileText::new(name),
                        hint,
                    },
                );
            }
        }
    }

    /// The value under `key`, if written.
    pub fn value(&self, key: &str) -> Option<&'t Spanned<DeValue<'s>>> {
        self.table.get(key)
    }

    /// Records that `key` is missing.
    pub fn missing(&mut self, key: &'static str) {
        self.problems.at(
            self.at,
            ProblemKind::MissingKey {
                section: self.section,
                key,
            },
        );
    }

    fn wrong_type(&mut self, key: &'static str, expected: &'static str, value: &Spanned<DeValue>) {
        self.problems.at(
            value.span().start,
            ProblemKind::WrongType {
                key,
                expected,
                found: ValueType::of(value.get_ref()),
            },
        );
    }

    /// A string under `key` and where it is; `required` reports its absence.
    pub fn string(&mut self, key: &'static str, required: bool) -> Option<(String, usize)> {
        let Some(value) = self.value(key) else {
            if required {
                self.missing(key);
            }
            return None;
        };
        match value.get_ref() {
            DeValue::String(text) => Some((text.to_string(), value.span().start)),
            _ => {
                self.wrong_type(key, "a string", value);
                None
            }
        }
    }

    /// A whole number under `key`, within `min..=max`.
    pub fn integer(
        &mut self,
        key: &'static str,
        required: bool,
        min: i64,
        max: i64,
    ) -> Option<(i64, usize)> {
        let Some(value) = self.value(key) else {
            if required {
                self.missing(key);
            }
            return None;
        };
        let at = value.span().start;
        let DeValue::Integer(integer) = value.get_ref() else {
            self.wrong_type(key, "a whole number", value);
            return None;
        };
        match i64::from_str_radix(integer.as_str(), integer.radix()) {
            Ok(n) if (min..=max).contains(&n) => Some((n, at)),
            _ => {
                self.problems.at(
                    at,
                    ProblemKind::OutOfRange {
                        key,
                        min,
                        max,
                        found: FileText::new(integer.as_str()),
                    },
                );
                None
            }
        }
    }

    /// A boolean under `key`.
    pub fn boolean(&mut self, key: &'static str) -> Option<bool> {
        let value = self.value(key)?;
        match value.get_ref() {
            DeValue::Boolean(b) => Some(*b),
            _ => {
                self.wrong_type(key, "true or false", value);
                None
            }
        }
    }

    /// An array of strings under `key`, each with where it is.
    pub fn strings(&mut self, key: &'static str, required: bool) -> Option<Vec<(String, usize)>> {
        let items = self.array(key, required, "an array of strings")?;
        let mut strings = Vec::new();
        for item in items {
            match item.get_ref() {
                DeValue::String(text) => strings.push((text.to_string(), item.span().start)),
                _ => self.wrong_type(key, "an array of strings", item),
            }
        }
        Some(strings)
    }

    /// The items of an array under `key`.
    pub fn array(
        &mut self,
        key: &'static str,
        required: bool,
        expected: &'static str,
    ) -> Option<&'t [Spanned<DeValue<'s>>]> {
        let Some(value) = self.value(key) else {
            if required {
                self.missing(key);
            }
            return None;
        };
        match value.get_ref() {
            DeValue::Array(items) => Some(&items[..]),
            _ => {
                self.wrong_type(key, expected, value);
                None
            }
        }
    }

    /// A table under `key`, and where it is.
    pub fn table(&mut self, key: &'static str) -> Option<(&'t DeTable<'s>, usize)> {
        let value = self.value(key)?;
        match value.get_ref() {
            DeValue::Table(table) => Some((table, value.span().start)),
            _ => {
                self.wrong_type(key, "a table", value);
                None
            }
        }
    }
}

/// The string's text and, when the source writes it verbatim (no escapes), the source
/// offset of its first character, so that a problem inside it can point at the very
/// character.
pub(crate) fn string_start(source: &str, at: usize, text: &str) -> Option<usize> {
    let rest = source.get(at..)?;
    let quote = rest.chars().next()?;
    if quote != '"' && quote != '\'' {
        return None;
    }
    let inner = rest.get(1..1 + text.len())?;
    (inner == text).then_some(at + 1)
}
