//! Reading the parsed TOML document into raw, unchecked records of a board file.
//!
//! This is the shape check: unknown keys (with "did you mean" hints), wrong types,
//! missing required keys, and everything that can be judged from one value alone (id
//! syntax, empty names, colours, bonuses, the board size). It walks the spanned
//! document by hand rather than through serde so that every such problem is reported,
//! each at its own position. Cross-references (groups, seas, borders) and geometry
//! are checked by `validate`, which consumes these records.

use toml::Spanned;
use toml::de::{DeTable, DeValue};

use super::limits::{MAX_BOARD_SIZE, MAX_BONUS, MAX_ID_LENGTH};
use super::model::{BorderKind, CardSymbol, GroupKind, Point, Rgb};
use super::problems::{BoardProblem, Found, Section as Table, StringPlace};
use crate::diagnostics::{
    FileText, Hints, ProblemKind, ProblemList, TextKind, ValueType, check_text,
};

/// The only board file format this version reads.
pub const SUPPORTED_FORMAT: u32 = 1;

/// A value and the byte offset in the source where it was written.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct At<T> {
    pub at: usize,
    pub value: T,
}

/// The `[board]` table.
#[derive(Debug, Default)]
pub(crate) struct RawMeta {
    pub header: usize,
    pub name: Option<String>,
    pub description: Option<String>,
    pub author: Option<String>,
    pub licence: Option<String>,
    /// `None` when missing or unusable (already reported).
    pub width: Option<f64>,
    pub height: Option<f64>,
    pub all_independents_bonus: u32,
    /// Whether the east and west edges are one meridian (`wraps_around`).
    pub wraps_around: bool,
}

/// One `[[empire]]` or `[[region]]`.
#[derive(Debug)]
pub(crate) struct RawGroup {
    pub header: usize,
    pub kind: GroupKind,
    pub id: Option<At<String>>,
    pub name: Option<String>,
    pub bonus: u32,
    pub colour: Option<Rgb>,
}

/// One `[[sea]]`.
#[derive(Debug)]
pub(crate) struct RawSea {
    pub header: usize,
    pub id: Option<At<String>>,
    pub name: Option<String>,
    pub label: Option<At<Point>>,
    /// `label_angle`, when given and valid (-90 to 90 degrees).
    pub label_angle: Option<f64>,
    /// The sea's water, for drawing: an `outline` or a `path`, as for a territory.
    pub outline: Option<At<Vec<At<Point>>>>,
    pub path: Option<RawPath>,
}

/// The `path` of a territory or sea, with what is needed to point inside the string.
#[derive(Debug)]
pub(crate) struct RawPath {
    /// Where the string value starts (its opening quote).
    pub at: usize,
    pub text: String,
    /// Source offset of the text's first character, when the string is written
    /// verbatim (no escapes), so that a byte offset into the text is one into the
    /// source too.
    pub text_start: Option<usize>,
}

impl RawPath {
    /// The source offset of a byte offset inside the path text, or the string's start
    /// when escapes make the two disagree.
    pub fn source_offset(&self, offset_in_text: usize) -> usize {
        self.text_start
            .map_or(self.at, |start| start + offset_in_text)
    }
}

/// One `[[territory]]`.
#[derive(Debug)]
pub(crate) struct RawTerritory {
    pub header: usize,
    pub id: Option<At<String>>,
    pub name: Option<String>,
    /// The value of `group`; `None` when the key is missing or not a string.
    pub group: Option<At<String>>,
    /// Whether a `group` key was written at all (a wrong type is reported as such,
    /// not as "in no group").
    pub group_written: bool,
    pub coasts: Vec<At<String>>,
    pub centre: Option<At<Point>>,
    pub badge: Option<At<Point>>,
    pub label: Option<At<Point>>,
    pub castle: Option<At<Point>>,
    /// The symbol on its card (`card_symbol`), when the file gives a valid one.
    pub card_symbol: Option<CardSymbol>,
    /// The `outline` array (its position) and its points.
    pub outline: Option<At<Vec<At<Point>>>>,
    pub path: Option<RawPath>,
}

/// One pair of `[borders]`.
#[derive(Debug)]
pub(crate) struct RawBorder {
    pub at: usize,
    pub kind: BorderKind,
    pub ends: [At<String>; 2],
}

/// Everything read from a board file, before cross-checks.
#[derive(Debug, Default)]
pub(crate) struct RawBoard {
    /// `None` when `[board]` is missing or not a table (already reported).
    pub meta: Option<RawMeta>,
    /// Empires and regions together, in file order.
    pub groups: Vec<RawGroup>,
    pub seas: Vec<RawSea>,
    pub territories: Vec<RawTerritory>,
    /// Land and dotted borders together, in file order.
    pub borders: Vec<RawBorder>,
}

const TOP_KEYS: &[&str] = &["board", "empire", "region", "sea", "territory", "borders"];
const BOARD_KEYS: &[&str] = &[
    "format",
    "name",
    "description",
    "author",
    "licence",
    "width",
    "height",
    "all_independents_bonus",
    "wraps_around",
];
const GROUP_KEYS: &[&str] = &["id", "name", "bonus", "colour"];
const SEA_KEYS: &[&str] = &["id", "name", "label", "label_angle", "outline", "path"];
const TERRITORY_KEYS: &[&str] = &[
    "id",
    "name",
    "group",
    "coasts",
    "card_symbol",
    "centre",
    "badge",
    "label",
    "castle",
    "outline",
    "path",
];
const BORDER_KEYS: &[&str] = &["land", "dotted"];

/// Reads the document into raw records, reporting every shape problem. Returns `None`
/// when the file declares a format other than [`SUPPORTED_FORMAT`]: its other keys
/// may mean something else entirely, so they are not judged.
pub(crate) fn read_document(
    source: &str,
    document: &DeTable<'_>,
    problems: &mut ProblemList<'_>,
) -> Option<RawBoard> {
    let mut reader = Reader {
        source,
        hints: Hints::new(),
    };
    let meta = match document.get("board") {
        None => {
            problems.at(0, BoardProblem::MissingBoardTable);
            None
        }
        Some(value) => match value.get_ref() {
            DeValue::Table(table) => {
                let section = Section {
                    table,
                    header: value.span().start,
                    name: Table::Board,
                };
                if let Some(format) = reader.format(&section, problems)
                    && format.value != i64::from(SUPPORTED_FORMAT)
                {
                    problems.at(
                        format.at,
                        BoardProblem::UnsupportedFormat {
                            found: format.value,
                        },
                    );
                    return None;
                }
                Some(reader.meta(&section, problems))
            }
            other => {
                problems.at(
                    value.span().start,
                    BoardProblem::NotATable {
                        section: Table::Board,
                        found: ValueType::of(other),
                    },
                );
                None
            }
        },
    };

    reader.check_keys(document, TOP_KEYS, Table::TopLevel, problems);

    let mut groups: Vec<RawGroup> = Vec::new();
    for (key, kind) in [
        ("empire", GroupKind::Empire),
        ("region", GroupKind::Independent),
    ] {
        for section in reader.array_of_tables(document, key, problems) {
            groups.push(reader.group(&section, kind, problems));
        }
    }
    // Empires and regions are two arrays; ids follow the order they were written in.
    groups.sort_by_key(|group| group.header);

    let seas = reader
        .array_of_tables(document, "sea", problems)
        .iter()
        .map(|section| reader.sea(section, problems))
        .collect();
    let territories = reader
        .array_of_tables(document, "territory", problems)
        .iter()
        .map(|section| reader.territory(section, problems))
        .collect();
    let borders = reader.borders(document, problems);

    Some(RawBoard {
        meta,
        groups,
        seas,
        territories,
        borders,
    })
}

/// A table being read, with where to report problems about it as a whole.
struct Section<'a, 'i> {
    table: &'a DeTable<'i>,
    /// Offset of the table's header (`[[territory]]`) or opening brace.
    header: usize,
    /// How messages name it.
    name: Table,
}

impl<'a, 'i> Section<'a, 'i> {
    fn value(&self, key: &str) -> Option<&'a Spanned<DeValue<'i>>> {
        self.table.get(key)
    }

    fn report_missing(&self, key: &'static str, problems: &mut ProblemList<'_>) {
        problems.at(
            self.header,
            BoardProblem::MissingKey {
                key,
                section: self.name,
            },
        );
    }
}

/// Reads values, knowing the source so that string contents can be located.
struct Reader<'s> {
    source: &'s str,
    hints: Hints,
}

impl Reader<'_> {
    fn check_keys(
        &mut self,
        table: &DeTable<'_>,
        known: &[&str],
        section: Table,
        problems: &mut ProblemList<'_>,
    ) {
        for key in table.keys() {
            let name = key.get_ref().as_ref();
            if !known.contains(&name) {
                problems.at(
                    key.span().start,
                    BoardProblem::UnknownKey {
                        key: FileText::new(name),
                        section,
                        hint: self.hints.hint(name, known.iter().copied()),
                    },
                );
            }
        }
    }

    /// The tables of a top-level array such as `[[territory]]`; empty when absent.
    fn array_of_tables<'a, 'i>(
        &mut self,
        document: &'a DeTable<'i>,
        key: &'static str,
        problems: &mut ProblemList<'_>,
    ) -> Vec<Section<'a, 'i>> {
        let Some(value) = document.get(key) else {
            return Vec::new();
        };
        let name = section_name(key);
        let DeValue::Array(items) = value.get_ref() else {
            problems.at(
                value.span().start,
                BoardProblem::NotAnArrayOfTables {
                    section: name,
                    found: ValueType::of(value.get_ref()),
                },
            );
            return Vec::new();
        };
        let mut sections = Vec::with_capacity(items.len());
        for item in items.iter() {
            match item.get_ref() {
                DeValue::Table(table) => sections.push(Section {
                    table,
                    header: item.span().start,
                    name,
                }),
                other => problems.at(
                    item.span().start,
                    BoardProblem::EntryNotATable {
                        section: name,
                        found: ValueType::of(other),
                    },
                ),
            }
        }
        sections
    }

    fn format(
        &mut self,
        section: &Section<'_, '_>,
        problems: &mut ProblemList<'_>,
    ) -> Option<At<i64>> {
        let Some(value) = section.value("format") else {
            problems.at(section.header, BoardProblem::MissingFormat);
            return None;
        };
        self.whole_number("format", value, SUPPORTED_FORMAT.into(), problems)
    }

    fn meta(&mut self, section: &Section<'_, '_>, problems: &mut ProblemList<'_>) -> RawMeta {
        self.check_keys(section.table, BOARD_KEYS, Table::Board, problems);
        RawMeta {
            header: section.header,
            name: self.name(section, problems),
            description: self.optional_text(
                section,
                "description",
                TextKind::Description,
                problems,
            ),
            author: self.optional_text(section, "author", TextKind::Name, problems),
            licence: self.optional_text(section, "licence", TextKind::Name, problems),
            width: self.board_size(section, "width", problems),
            height: self.board_size(section, "height", problems),
            all_independents_bonus: self
                .bonus(section, "all_independents_bonus", false, problems)
                .unwrap_or(0),
            wraps_around: self
                .optional_bool(section, "wraps_around", problems)
                .unwrap_or(false),
        }
    }

    fn group(
        &mut self,
        section: &Section<'_, '_>,
        kind: GroupKind,
        problems: &mut ProblemList<'_>,
    ) -> RawGroup {
        self.check_keys(section.table, GROUP_KEYS, section.name, problems);
        // The rulebook gives every empire a spoils bonus, so an empire must say it;
        // a region's bonus only matters under the house rule and defaults to 0.
        let bonus_required = kind == GroupKind::Empire;
        RawGroup {
            header: section.header,
            kind,
            id: self.id(section, problems),
            name: self.name(section, problems),
            bonus: self
                .bonus(section, "bonus", bonus_required, problems)
                .unwrap_or(0),
            colour: self.colour(section, problems),
        }
    }

    fn sea(&mut self, section: &Section<'_, '_>, problems: &mut ProblemList<'_>) -> RawSea {
        self.check_keys(section.table, SEA_KEYS, section.name, problems);
        RawSea {
            header: section.header,
            id: self.id(section, problems),
            name: self.name(section, problems),
            label: self.optional_point(section, "label", problems),
            label_angle: self.label_angle(section, problems),
            outline: self.outline(section, problems),
            path: self.path(section, problems),
        }
    }

    /// A sea's `label_angle`: degrees from -90 to 90.
    fn label_angle(
        &mut self,
        section: &Section<'_, '_>,
        problems: &mut ProblemList<'_>,
    ) -> Option<f64> {
        let angle = self.number("label_angle", section.value("label_angle")?, problems)?;
        if angle.value.is_finite() && (-90.0..=90.0).contains(&angle.value) {
            Some(angle.value)
        } else {
            problems.at(angle.at, BoardProblem::LabelAngle { value: angle.value });
            None
        }
    }

    fn territory(
        &mut self,
        section: &Section<'_, '_>,
        problems: &mut ProblemList<'_>,
    ) -> RawTerritory {
        self.check_keys(section.table, TERRITORY_KEYS, section.name, problems);
        let centre = match section.value("centre") {
            Some(value) => self.point("centre", value, problems),
            None => {
                section.report_missing("centre", problems);
                None
            }
        };
        RawTerritory {
            header: section.header,
            id: self.id(section, problems),
            name: self.name(section, problems),
            // A missing group is reported by `validate`, which can name the territory.
            group: self.optional_string(section, "group", problems),
            group_written: section.value("group").is_some(),
            coasts: self.string_list(section, "coasts", problems),
            centre,
            badge: self.optional_point(section, "badge", problems),
            label: self.optional_point(section, "label", problems),
            castle: self.optional_point(section, "castle", problems),
            card_symbol: self.card_symbol(section, problems),
            outline: self.outline(section, problems),
            path: self.path(section, problems),
        }
    }

    fn borders(
        &mut self,
        document: &DeTable<'_>,
        problems: &mut ProblemList<'_>,
    ) -> Vec<RawBorder> {
        let Some(value) = document.get("borders") else {
            return Vec::new();
        };
        let DeValue::Table(table) = value.get_ref() else {
            problems.at(
                value.span().start,
                BoardProblem::NotATable {
                    section: Table::Borders,
                    found: ValueType::of(value.get_ref()),
                },
            );
            return Vec::new();
        };
        self.check_keys(table, BORDER_KEYS, Table::Borders, problems);
        let mut borders = Vec::new();
        for (key, kind) in [("land", BorderKind::Land), ("dotted", BorderKind::Dotted)] {
            let Some(list) = table.get(key) else {
                continue;
            };
            let DeValue::Array(pairs) = list.get_ref() else {
                problems.at(
                    list.span().start,
                    BoardProblem::NotABorderList {
                        key,
                        found: ValueType::of(list.get_ref()),
                    },
                );
                continue;
            };
            for pair in pairs.iter() {
                if let Some(ends) = self.border_ends(pair, problems) {
                    borders.push(RawBorder {
                        at: pair.span().start,
                        kind,
                        ends,
                    });
                }
            }
        }
        borders.sort_by_key(|border| border.at);
        borders
    }

    fn border_ends(
        &mut self,
        pair: &Spanned<DeValue<'_>>,
        problems: &mut ProblemList<'_>,
    ) -> Option<[At<String>; 2]> {
        let not_a_pair = |found: Found, problems: &mut ProblemList<'_>| {
            problems.at(pair.span().start, BoardProblem::NotABorderPair { found });
        };
        let DeValue::Array(ends) = pair.get_ref() else {
            not_a_pair(Found::Type(ValueType::of(pair.get_ref())), problems);
            return None;
        };
        if ends.len() != 2 {
            not_a_pair(Found::Values(ends.len()), problems);
            return None;
        }
        let a = self.string_item(&ends[0], StringPlace::BorderEnd, problems);
        let b = self.string_item(&ends[1], StringPlace::BorderEnd, problems);
        Some([a?, b?])
    }

    fn id(
        &mut self,
        section: &Section<'_, '_>,
        problems: &mut ProblemList<'_>,
    ) -> Option<At<String>> {
        let Some(value) = section.value("id") else {
            section.report_missing("id", problems);
            return None;
        };
        let id = self.string("id", value, problems)?;
        if let Err(why) = check_id_syntax(&id.value) {
            problems.at(id.at, why);
        }
        // Kept even when malformed, so that references to it are not reported again.
        Some(id)
    }

    /// The required, non-empty `name`, plain text of a sensible length.
    fn name(
        &mut self,
        section: &Section<'_, '_>,
        problems: &mut ProblemList<'_>,
    ) -> Option<String> {
        let Some(value) = section.value("name") else {
            section.report_missing("name", problems);
            return None;
        };
        let name = self.string("name", value, problems)?;
        if name.value.trim().is_empty() {
            problems.at(
                name.at,
                BoardProblem::EmptyName {
                    section: section.name,
                },
            );
        }
        self.check_text("name", &name, TextKind::Name, problems);
        Some(name.value)
    }

    /// An optional text (a description, the author), plain text of its kind.
    fn optional_text(
        &mut self,
        section: &Section<'_, '_>,
        key: &'static str,
        kind: TextKind,
        problems: &mut ProblemList<'_>,
    ) -> Option<String> {
        let text = self.optional_string(section, key, problems)?;
        self.check_text(key, &text, kind, problems);
        Some(text.value)
    }

    /// Reports a text that is not plain text of its kind: such a text must never
    /// reach a translation catalogue (gettext aborts on a NUL), a terminal or a window.
    fn check_text(
        &mut self,
        key: &'static str,
        text: &At<String>,
        kind: TextKind,
        problems: &mut ProblemList<'_>,
    ) {
        if let Err(problem) = check_text(&text.value, kind) {
            problems.at(text.at, ProblemKind::Text { key, problem });
        }
    }

    fn optional_bool(
        &mut self,
        section: &Section<'_, '_>,
        key: &'static str,
        problems: &mut ProblemList<'_>,
    ) -> Option<bool> {
        let value = section.value(key)?;
        match value.get_ref() {
            DeValue::Boolean(flag) => Some(*flag),
            other => {
                problems.at(
                    value.span().start,
                    BoardProblem::NotABoolean {
                        key,
                        found: ValueType::of(other),
                    },
                );
                None
            }
        }
    }

    fn optional_string(
        &mut self,
        section: &Section<'_, '_>,
        key: &'static str,
        problems: &mut ProblemList<'_>,
    ) -> Option<At<String>> {
        self.string(key, section.value(key)?, problems)
    }

    fn string(
        &mut self,
        key: &'static str,
        value: &Spanned<DeValue<'_>>,
        problems: &mut ProblemList<'_>,
    ) -> Option<At<String>> {
        self.string_item(value, StringPlace::Key(key), problems)
    }

    /// A string, where `place` says where it stands for messages.
    fn string_item(
        &mut self,
        value: &Spanned<DeValue<'_>>,
        place: StringPlace,
        problems: &mut ProblemList<'_>,
    ) -> Option<At<String>> {
        match value.get_ref() {
            DeValue::String(text) => Some(At {
                at: value.span().start,
                value: text.to_string(),
            }),
            other => {
                problems.at(
                    value.span().start,
                    BoardProblem::NotAString {
                        place,
                        found: ValueType::of(other),
                    },
                );
                None
            }
        }
    }

    /// `coasts`: an array of sea ids.
    fn string_list(
        &mut self,
        section: &Section<'_, '_>,
        key: &'static str,
        problems: &mut ProblemList<'_>,
    ) -> Vec<At<String>> {
        let Some(value) = section.value(key) else {
            return Vec::new();
        };
        let DeValue::Array(items) = value.get_ref() else {
            problems.at(
                value.span().start,
                BoardProblem::NotASeaList {
                    found: ValueType::of(value.get_ref()),
                },
            );
            return Vec::new();
        };
        items
            .iter()
            .filter_map(|item| self.string_item(item, StringPlace::ItemOf(key), problems))
            .collect()
    }

    /// A whole number; one past what 64 bits hold is reported as larger than `max`,
    /// the key's own limit.
    fn whole_number(
        &mut self,
        key: &'static str,
        value: &Spanned<DeValue<'_>>,
        max: u64,
        problems: &mut ProblemList<'_>,
    ) -> Option<At<i64>> {
        let at = value.span().start;
        let parsed = match value.get_ref() {
            DeValue::Integer(integer) => {
                i64::from_str_radix(integer.as_str(), integer.radix()).ok()
            }
            other => {
                problems.at(
                    at,
                    BoardProblem::NotAWholeNumber {
                        key,
                        found: ValueType::of(other),
                    },
                );
                return None;
            }
        };
        match parsed {
            Some(value) => Some(At { at, value }),
            None => {
                problems.at(at, BoardProblem::NumberTooLarge { key, max });
                None
            }
        }
    }

    /// A bonus in armies: a whole number from 0 to [`MAX_BONUS`].
    fn bonus(
        &mut self,
        section: &Section<'_, '_>,
        key: &'static str,
        required: bool,
        problems: &mut ProblemList<'_>,
    ) -> Option<u32> {
        let Some(value) = section.value(key) else {
            if required {
                section.report_missing(key, problems);
            }
            return None;
        };
        let number = self.whole_number(key, value, MAX_BONUS.into(), problems)?;
        match u32::try_from(number.value) {
            Ok(bonus) if bonus <= MAX_BONUS => Some(bonus),
            _ if number.value < 0 => {
                problems.at(
                    number.at,
                    BoardProblem::Negative {
                        key,
                        value: number.value,
                    },
                );
                None
            }
            _ => {
                problems.at(
                    number.at,
                    BoardProblem::NumberTooLarge {
                        key,
                        max: MAX_BONUS.into(),
                    },
                );
                None
            }
        }
    }

    /// `width` or `height`: required, more than 0 and at most [`MAX_BOARD_SIZE`].
    fn board_size(
        &mut self,
        section: &Section<'_, '_>,
        key: &'static str,
        problems: &mut ProblemList<'_>,
    ) -> Option<f64> {
        let Some(value) = section.value(key) else {
            section.report_missing(key, problems);
            return None;
        };
        let size = self.number(key, value, problems)?;
        if size.value.is_finite() && size.value > 0.0 && size.value <= MAX_BOARD_SIZE {
            Some(size.value)
        } else {
            problems.at(
                size.at,
                BoardProblem::BoardSize {
                    key,
                    value: size.value,
                },
            );
            None
        }
    }

    /// Any number, integer or float (finiteness is judged by the caller).
    fn number(
        &mut self,
        key: &'static str,
        value: &Spanned<DeValue<'_>>,
        problems: &mut ProblemList<'_>,
    ) -> Option<At<f64>> {
        let at = value.span().start;
        match number_of(value.get_ref()) {
            Some(number) => Some(At { at, value: number }),
            None => {
                problems.at(
                    at,
                    BoardProblem::NotANumber {
                        key,
                        found: ValueType::of(value.get_ref()),
                    },
                );
                None
            }
        }
    }

    fn optional_point(
        &mut self,
        section: &Section<'_, '_>,
        key: &'static str,
        problems: &mut ProblemList<'_>,
    ) -> Option<At<Point>> {
        self.point(key, section.value(key)?, problems)
    }

    /// A point `[x, y]`; whether it lies on the board is judged by the caller.
    fn point(
        &mut self,
        key: &'static str,
        value: &Spanned<DeValue<'_>>,
        problems: &mut ProblemList<'_>,
    ) -> Option<At<Point>> {
        let at = value.span().start;
        let DeValue::Array(pair) = value.get_ref() else {
            problems.at(
                at,
                BoardProblem::NotAPoint {
                    key,
                    found: Found::Type(ValueType::of(value.get_ref())),
                },
            );
            return None;
        };
        if pair.len() != 2 {
            problems.at(
                at,
                BoardProblem::NotAPoint {
                    key,
                    found: Found::Values(pair.len()),
                },
            );
            return None;
        }
        let mut coordinates = [0.0; 2];
        let mut all_numbers = true;
        for (coordinate, item) in coordinates.iter_mut().zip(pair.iter()) {
            match number_of(item.get_ref()) {
                Some(number) => *coordinate = number,
                None => {
                    all_numbers = false;
                    problems.at(
                        item.span().start,
                        BoardProblem::CoordinateNotANumber {
                            key,
                            found: ValueType::of(item.get_ref()),
                        },
                    );
                }
            }
        }
        all_numbers.then(|| At {
            at,
            value: Point::new(coordinates[0], coordinates[1]),
        })
    }

    fn outline(
        &mut self,
        section: &Section<'_, '_>,
        problems: &mut ProblemList<'_>,
    ) -> Option<At<Vec<At<Point>>>> {
        let value = section.value("outline")?;
        let DeValue::Array(items) = value.get_ref() else {
            problems.at(
                value.span().start,
                BoardProblem::NotAnOutline {
                    found: ValueType::of(value.get_ref()),
                },
            );
            return None;
        };
        let points = items
            .iter()
            .filter_map(|item| self.point("outline", item, problems))
            .collect();
        Some(At {
            at: value.span().start,
            value: points,
        })
    }

    fn path(
        &mut self,
        section: &Section<'_, '_>,
        problems: &mut ProblemList<'_>,
    ) -> Option<RawPath> {
        let value = section.value("path")?;
        let text = self.string("path", value, problems)?;
        let span = value.span();
        let written = self.source.get(span.clone()).unwrap_or_default();
        Some(RawPath {
            at: span.start,
            text_start: verbatim_text_start(written, &text.value).map(|start| span.start + start),
            text: text.value,
        })
    }

    fn colour(&mut self, section: &Section<'_, '_>, problems: &mut ProblemList<'_>) -> Option<Rgb> {
        let text = self.optional_string(section, "colour", problems)?;
        let colour = parse_colour(&text.value);
        if colour.is_none() {
            problems.at(
                text.at,
                BoardProblem::BadColour {
                    written: FileText::new(&text.value),
                },
            );
        }
        colour
    }

    /// The optional `card_symbol` of a territory: one of the classic deck's words.
    fn card_symbol(
        &mut self,
        section: &Section<'_, '_>,
        problems: &mut ProblemList<'_>,
    ) -> Option<CardSymbol> {
        let text = self.optional_string(section, "card_symbol", problems)?;
        let symbol = CardSymbol::from_key(&text.value);
        if symbol.is_none() {
            let words = CardSymbol::ALL.map(CardSymbol::key);
            problems.at(
                text.at,
                BoardProblem::BadCardSymbol {
                    written: FileText::new(&text.value),
                    hint: self.hints.hint(&text.value, words),
                },
            );
        }
        symbol
    }
}

/// Where the text of a string literal starts inside the literal as written, when the
/// literal holds the text verbatim (no escapes or line-ending backslashes).
fn verbatim_text_start(written: &str, text: &str) -> Option<usize> {
    let (open, close) = if written.starts_with("\"\"\"") || written.starts_with("'''") {
        (3, 3)
    } else {
        (1, 1)
    };
    let body = written.get(open..written.len().checked_sub(close)?)?;
    // A multi-line string drops a newline that directly follows its opening quotes.
    let trimmed = if open == 3 {
        body.strip_prefix("\r\n")
            .or_else(|| body.strip_prefix('\n'))
            .unwrap_or(body)
    } else {
        body
    };
    (trimmed == text).then(|| open + (body.len() - trimmed.len()))
}

fn number_of(value: &DeValue<'_>) -> Option<f64> {
    match value {
        DeValue::Integer(integer) => i64::from_str_radix(integer.as_str(), integer.radix())
            .ok()
            .map(|n| n as f64),
        DeValue::Float(float) => float.as_str().parse().ok(),
        _ => None,
    }
}

/// Checks the id syntax: `[a-z0-9_]+`, at most [`MAX_ID_LENGTH`] characters (which
/// also keeps control characters out of ids).
pub(crate) fn check_id_syntax(id: &str) -> Result<(), BoardProblem> {
    if id.is_empty() {
        return Err(BoardProblem::EmptyId);
    }
    if id.chars().count() > MAX_ID_LENGTH {
        return Err(BoardProblem::IdTooLong {
            id: FileText::new(id),
        });
    }
    if !id
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
    {
        return Err(BoardProblem::InvalidId {
            id: FileText::new(id),
        });
    }
    Ok(())
}

/// Parses `"#rrggbb"`.
pub(crate) fn parse_colour(text: &str) -> Option<Rgb> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(Rgb {
        r: channel(0)?,
        g: channel(2)?,
        b: channel(4)?,
    })
}

/// The table of a top-level array.
fn section_name(key: &str) -> Table {
    match key {
        "empire" => Table::Empire,
        "region" => Table::Region,
        "sea" => Table::Sea,
        _ => Table::Territory,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_six_hex_digits() {
        assert_eq!(
            parse_colour("#c94f4F"),
            Some(Rgb {
                r: 0xc9,
                g: 0x4f,
                b: 0x4f
            })
        );
        for bad in [
            "c94f4f",
            "#c94f4",
            "#c94f4f0",
            "#g94f4f",
            "red",
            "",
            "#éé4f4f",
        ] {
            assert_eq!(parse_colour(bad), None, "{bad}");
        }
    }

    #[test]
    fn id_syntax() {
        assert!(check_id_syntax("saint_petersburg2").is_ok());
        assert!(check_id_syntax(&"a".repeat(MAX_ID_LENGTH)).is_ok());
        assert!(check_id_syntax(&"a".repeat(MAX_ID_LENGTH + 1)).is_err());
        for bad in ["", "London", "île", "a-b", "a b"] {
            assert!(check_id_syntax(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn verbatim_strings_are_located() {
        assert_eq!(verbatim_text_start("\"M 1 2\"", "M 1 2"), Some(1));
        assert_eq!(verbatim_text_start("'M 1 2'", "M 1 2"), Some(1));
        assert_eq!(verbatim_text_start("\"\"\"\nM 1 2\"\"\"", "M 1 2"), Some(4));
        assert_eq!(verbatim_text_start("'''M 1 2'''", "M 1 2"), Some(3));
        assert_eq!(verbatim_text_start("\"M\\t1 2\"", "M\t1 2"), None);
    }

    #[test]
    fn long_ids_are_cut_short_in_messages() {
        let Err(BoardProblem::IdTooLong { id }) = check_id_syntax(&"x".repeat(100)) else {
            panic!("a 100-character id is too long");
        };
        assert_eq!(id.to_string().chars().count(), 41);
    }
}
