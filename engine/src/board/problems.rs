//! Why a board file could not be loaded: [`BoardError`], listing every problem found
//! (the error and the collector are shared with variant files, in `diagnostics`), and
//! [`BoardProblem`], the mistakes only a board file can make, as data: keys, ids as
//! written, numbers. `Display` says them in English.

use std::fmt::{self, Display};

use super::limits::{MAX_BOARD_SIZE, MAX_ID_LENGTH, MAX_OUTLINE_POINTS, OUTLINE_MARGIN};
use super::path_data::PathProblem;
use super::raw::SUPPORTED_FORMAT;
use crate::diagnostics::{FileError, FileText, Hint, ProblemKind, ProblemList, ValueType};

/// Why a board could not be loaded.
pub type BoardError = FileError;

/// A table of a board file, as messages name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Section {
    /// The top level of the file, outside any table.
    TopLevel,
    Board,
    Empire,
    Region,
    Sea,
    Territory,
    Borders,
}

impl Section {
    /// The key that starts it: `territory`.
    pub fn key(self) -> &'static str {
        match self {
            Self::TopLevel => "",
            Self::Board => "board",
            Self::Empire => "empire",
            Self::Region => "region",
            Self::Sea => "sea",
            Self::Territory => "territory",
            Self::Borders => "borders",
        }
    }

    /// Its header as written in the file: `[[territory]]`, `[board]`.
    pub fn header(self) -> &'static str {
        match self {
            Self::TopLevel => "",
            Self::Board => "[board]",
            Self::Empire => "[[empire]]",
            Self::Region => "[[region]]",
            Self::Sea => "[[sea]]",
            Self::Territory => "[[territory]]",
            Self::Borders => "[borders]",
        }
    }
}

/// What was found where a point `[x, y]` or a pair `["a", "b"]` was expected.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// A value of another type.
    Type(ValueType),
    /// An array of this many values.
    Values(usize),
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Type(found) => Display::fmt(found, f),
            Self::Values(count) => write!(f, "{count} values"),
        }
    }
}

/// Where a string was expected.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StringPlace {
    /// The value of this key.
    Key(&'static str),
    /// Each item of the array under this key.
    ItemOf(&'static str),
    /// An end of a border.
    BorderEnd,
}

/// The kind of thing an id names.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IdKind {
    /// An empire or a region.
    Group,
    Sea,
    Territory,
}

/// Things a board may only have so many of.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    Territories,
    /// Empires and regions together.
    Groups,
    Seas,
}

/// An anchor point of a territory or sea.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Anchor {
    Centre,
    Badge,
    Label,
    Castle,
    /// A sea's `label`.
    SeaLabel,
}

/// What a shape (`outline` or `path`) belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Territory,
    Sea,
}

/// A territory in a message: by its id, or by where it is when it has none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TerritoryRef {
    Id(FileText),
    /// The `[[territory]]` table at this line, which has no id.
    AtLine(usize),
}

/// A mistake only a board file can make.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardProblem {
    // --- The document's shape ---
    /// No `[board]` table.
    MissingBoardTable,
    /// `format` is another than [`SUPPORTED_FORMAT`].
    UnsupportedFormat {
        found: i64,
    },
    /// `[board]` has no `format`.
    MissingFormat,
    /// `board` or `borders` is not a table.
    NotATable {
        section: Section,
        found: ValueType,
    },
    /// `territory` (say) is not an array of tables.
    NotAnArrayOfTables {
        section: Section,
        found: ValueType,
    },
    /// An item of an array of tables is not a table.
    EntryNotATable {
        section: Section,
        found: ValueType,
    },
    /// A key no table of this kind has; `hint` is the likely intended one.
    UnknownKey {
        key: FileText,
        section: Section,
        hint: Option<FileText>,
    },
    /// A required key is missing.
    MissingKey {
        key: &'static str,
        section: Section,
    },

    // --- Values ---
    /// `name` is empty or blank.
    EmptyName {
        section: Section,
    },
    NotABoolean {
        key: &'static str,
        found: ValueType,
    },
    NotAString {
        place: StringPlace,
        found: ValueType,
    },
    /// `coasts` is not an array.
    NotASeaList {
        found: ValueType,
    },
    NotAWholeNumber {
        key: &'static str,
        found: ValueType,
    },
    /// A whole number beyond any use: more than `max`.
    NumberTooLarge {
        key: &'static str,
        max: u64,
    },
    Negative {
        key: &'static str,
        value: i64,
    },
    /// `width` or `height` is not more than 0 and at most [`MAX_BOARD_SIZE`].
    BoardSize {
        key: &'static str,
        value: f64,
    },
    /// A sea's `label_angle` is not from -90 to 90 degrees.
    LabelAngle {
        value: f64,
    },
    NotANumber {
        key: &'static str,
        found: ValueType,
    },
    NotAPoint {
        key: &'static str,
        found: Found,
    },
    CoordinateNotANumber {
        key: &'static str,
        found: ValueType,
    },
    /// `outline` is not an array.
    NotAnOutline {
        found: ValueType,
    },
    /// `land` or `dotted` is not an array.
    NotABorderList {
        key: &'static str,
        found: ValueType,
    },
    NotABorderPair {
        found: Found,
    },
    /// A `colour` not written `"#rrggbb"`.
    BadColour {
        written: FileText,
    },
    /// A `card_symbol` that is not one of the classic deck's words.
    BadCardSymbol {
        written: FileText,
        hint: Option<FileText>,
    },
    EmptyId,
    /// An id longer than [`MAX_ID_LENGTH`].
    IdTooLong {
        id: FileText,
    },
    /// An id with other characters than `a`–`z`, digits and `_`.
    InvalidId {
        id: FileText,
    },
    /// More territories, groups or seas than a board may have.
    TooMany {
        what: Counted,
        found: usize,
        max: usize,
    },

    // --- Cross-references ---
    DuplicateId {
        kind: IdKind,
        id: FileText,
        first_line: usize,
    },
    /// A territory without `group`.
    NoGroup {
        territory: TerritoryRef,
    },
    UnknownGroup {
        territory: TerritoryRef,
        group: FileText,
        hint: Option<FileText>,
    },
    /// A sea of `coasts` that no `[[sea]]` has.
    UnknownSea {
        sea: FileText,
        hint: Option<FileText>,
    },
    SeaListedTwice {
        sea: FileText,
    },
    UnknownBorderEnd {
        territory: FileText,
        hint: Option<FileText>,
    },
    BorderToItself {
        territory: FileText,
    },
    BorderTwice {
        a: FileText,
        b: FileText,
        first_line: usize,
    },
    /// An empire (`section` [`Section::Empire`]) or region without territories.
    EmptyGroup {
        section: Section,
        id: FileText,
    },
    TooFewEmpires {
        found: usize,
    },
    /// A sea that no territory's `coasts` names.
    UnusedSea {
        sea: FileText,
    },
    NoTerritory,
    /// Territories (the first few, and how many `more`) that land and dotted borders
    /// do not join to the first territory, `from`.
    NotConnected {
        cut_off: Vec<TerritoryRef>,
        more: usize,
        from: TerritoryRef,
    },

    // --- Geometry ---
    AnchorNotFinite {
        anchor: Anchor,
    },
    AnchorOffBoard {
        anchor: Anchor,
        x: f64,
        y: f64,
        width: f64,
        height: f64,
    },
    OutlineAndPath {
        shape: Shape,
    },
    OutlineTooShort {
        points: usize,
    },
    BadPath(PathProblem),
    /// Ring `ring` (from 1) of a `path` has fewer than 3 points.
    RingTooShort {
        ring: usize,
        points: usize,
    },
    /// An outline point further off the board than [`OUTLINE_MARGIN`] allows, and how
    /// many `others` of the same outline are too.
    OutlineOffBoard {
        x: f64,
        y: f64,
        others: usize,
    },
    OutlineNotFinite {
        others: usize,
    },
    /// Past [`MAX_OUTLINE_POINTS`]; outlines from here on are not read.
    TooManyOutlinePoints,
    /// Nothing else was found, yet no board came out (never expected).
    Unbuilt,
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.header())
    }
}

impl fmt::Display for TerritoryRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Id(id) => write!(f, "`{id}`"),
            Self::AtLine(line) => write!(f, "the territory at line {line}"),
        }
    }
}

impl fmt::Display for Anchor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Centre => "`centre`",
            Self::Badge => "`badge`",
            Self::Label => "`label`",
            Self::Castle => "`castle`",
            Self::SeaLabel => "the sea's `label`",
        })
    }
}

impl fmt::Display for BoardProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::MissingBoardTable => {
                f.write_str("missing [board] table (it gives the format, name and size)")
            }
            Self::UnsupportedFormat { found } => write!(
                f,
                "unsupported board format {found}: this version of Castellan reads format \
                 {SUPPORTED_FORMAT}"
            ),
            Self::MissingFormat => write!(
                f,
                "missing key `format` in [board] (write `format = {SUPPORTED_FORMAT}`)"
            ),
            Self::NotATable { section, found } => write!(
                f,
                "`{}` must be a table ({section}), found {found}",
                section.key()
            ),
            Self::NotAnArrayOfTables { section, found } => write!(
                f,
                "`{}` must be an array of tables ({section}), found {found}",
                section.key()
            ),
            Self::EntryNotATable { section, found } => {
                write!(f, "each {section} entry must be a table, found {found}")
            }
            Self::UnknownKey { key, section, hint } => {
                write!(f, "unknown key `{key}` ")?;
                match section {
                    Section::TopLevel => f.write_str("at the top level")?,
                    section => write!(f, "in {section}")?,
                }
                Display::fmt(&Hint(hint), f)
            }
            Self::MissingKey { key, section } => write!(f, "missing key `{key}` in {section}"),
            Self::EmptyName { section } => write!(f, "`name` in {section} must not be empty"),
            Self::NotABoolean { key, found } => {
                write!(f, "`{key}` must be true or false, found {found}")
            }
            Self::NotAString { place, found } => {
                match place {
                    StringPlace::Key(key) => write!(f, "`{key}`")?,
                    StringPlace::ItemOf(key) => write!(f, "each of `{key}`")?,
                    StringPlace::BorderEnd => f.write_str("a border end")?,
                }
                write!(f, " must be a string, found {found}")
            }
            Self::NotASeaList { found } => {
                write!(f, "`coasts` must be an array of sea ids, found {found}")
            }
            Self::NotAWholeNumber { key, found } => {
                write!(f, "`{key}` must be a whole number, found {found}")
            }
            Self::NumberTooLarge { key, max } => {
                write!(f, "`{key}` is far too large (at most {max})")
            }
            Self::Negative { key, value } => write!(f, "`{key}` must be 0 or more, found {value}"),
            Self::BoardSize { key, value } => write!(
                f,
                "`{key}` must be more than 0 and at most {MAX_BOARD_SIZE}, found {value}"
            ),
            Self::LabelAngle { value } => write!(
                f,
                "`label_angle` must be from -90 to 90 degrees, found {value}"
            ),
            Self::NotANumber { key, found } => write!(f, "`{key}` must be a number, found {found}"),
            Self::NotAPoint { key, found } => {
                write!(f, "`{key}` must be a point [x, y], found {found}")
            }
            Self::CoordinateNotANumber { key, found } => {
                write!(f, "coordinates of `{key}` must be numbers, found {found}")
            }
            Self::NotAnOutline { found } => write!(
                f,
                "`outline` must be an array of points [[x, y], …], found {found}"
            ),
            Self::NotABorderList { key, found } => write!(
                f,
                "`{key}` must be an array of pairs [\"a\", \"b\"], found {found}"
            ),
            Self::NotABorderPair { found } => write!(
                f,
                "a border must be a pair of territory ids [\"a\", \"b\"], found {found}"
            ),
            Self::BadColour { written } => write!(
                f,
                "`colour` must be written \"#rrggbb\" (six hex digits), found \"{written}\""
            ),
            Self::BadCardSymbol { written, hint } => {
                write!(
                    f,
                    "`card_symbol` must be \"infantry\", \"cavalry\" or \"artillery\", found \"{written}\""
                )?;
                Display::fmt(&Hint(hint), f)
            }
            Self::EmptyId => f.write_str("id must not be empty"),
            Self::IdTooLong { id } => write!(
                f,
                "id `{id}` is too long: ids have at most {MAX_ID_LENGTH} characters"
            ),
            Self::InvalidId { id } => write!(
                f,
                "invalid id `{id}`: ids use only lower-case letters a–z, digits and `_`"
            ),
            Self::TooMany { what, found, max } => {
                let what = match what {
                    Counted::Territories => "territories",
                    Counted::Groups => "groups (empires and regions)",
                    Counted::Seas => "seas",
                };
                write!(
                    f,
                    "too many {what}: {found} (a board may have at most {max})"
                )
            }
            Self::DuplicateId {
                kind,
                id,
                first_line,
            } => {
                let kind = match kind {
                    IdKind::Group => "group",
                    IdKind::Sea => "sea",
                    IdKind::Territory => "territory",
                };
                write!(f, "duplicate {kind} id `{id}` (first at line {first_line})")
            }
            Self::NoGroup { territory } => {
                write_territory(f, territory)?;
                f.write_str(" is in no group")
            }
            Self::UnknownGroup {
                territory,
                group,
                hint,
            } => {
                write_territory(f, territory)?;
                write!(
                    f,
                    " is in unknown group `{group}` (no [[empire]] or [[region]] has this id){}",
                    Hint(hint)
                )
            }
            Self::UnknownSea { sea, hint } => {
                write!(f, "unknown sea `{sea}` in `coasts`{}", Hint(hint))
            }
            Self::SeaListedTwice { sea } => write!(f, "sea `{sea}` is listed twice in `coasts`"),
            Self::UnknownBorderEnd { territory, hint } => write!(
                f,
                "border names unknown territory `{territory}`{}",
                Hint(hint)
            ),
            Self::BorderToItself { territory } => {
                write!(f, "border from `{territory}` to itself")
            }
            Self::BorderTwice { a, b, first_line } => write!(
                f,
                "border {a}–{b} listed twice (first at line {first_line})"
            ),
            Self::EmptyGroup { section, id } => {
                let kind = if *section == Section::Empire {
                    "empire"
                } else {
                    "region"
                };
                write!(f, "{kind} `{id}` has no territory")
            }
            Self::TooFewEmpires { found } => write!(
                f,
                "a board needs at least 2 empires ([[empire]] tables), found {found}"
            ),
            Self::UnusedSea { sea } => {
                write!(f, "sea `{sea}` touches no territory (no `coasts` names it)")
            }
            Self::NoTerritory => f.write_str("the board has no territory ([[territory]] tables)"),
            Self::NotConnected {
                cut_off,
                more,
                from,
            } => {
                f.write_str("the map is not connected: ")?;
                for (i, territory) in cut_off.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    Display::fmt(territory, f)?;
                }
                if *more > 0 {
                    write!(f, ", and {more} more")?;
                }
                write!(
                    f,
                    " cannot be reached from {from} by land or dotted borders"
                )
            }
            Self::AnchorNotFinite { anchor } => {
                write!(f, "coordinates of {anchor} must be finite numbers")
            }
            Self::AnchorOffBoard {
                anchor,
                x,
                y,
                width,
                height,
            } => write!(
                f,
                "{anchor} ({x}, {y}) lies outside the board (0..={width} × 0..={height})"
            ),
            Self::OutlineAndPath { shape } => {
                let shape = match shape {
                    Shape::Territory => "a territory",
                    Shape::Sea => "a sea",
                };
                write!(f, "{shape} has either `outline` or `path`, not both")
            }
            Self::OutlineTooShort { points } => write!(
                f,
                "`outline` has {points} points; a polygon needs at least 3"
            ),
            Self::BadPath(problem) => write!(f, "bad `path` data: {problem}"),
            Self::RingTooShort { ring, points } => write!(
                f,
                "ring {ring} of `path` has {points} points; a ring needs at least 3"
            ),
            Self::OutlineOffBoard { x, y, others } => {
                write!(
                    f,
                    "outline point ({x}, {y}) lies more than {:.0} % outside the board",
                    OUTLINE_MARGIN * 100.0
                )?;
                write_others(f, *others)
            }
            Self::OutlineNotFinite { others } => {
                f.write_str("outline coordinates must be finite numbers")?;
                write_others(f, *others)
            }
            Self::TooManyOutlinePoints => write!(
                f,
                "too many outline points: the whole board may have at most \
                 {MAX_OUTLINE_POINTS}; outlines from here on are not read"
            ),
            Self::Unbuilt => f.write_str("the board could not be built"),
        }
    }
}

/// "territory `london`", or "the territory at line 12" when it has no id.
fn write_territory(f: &mut fmt::Formatter<'_>, territory: &TerritoryRef) -> fmt::Result {
    match territory {
        TerritoryRef::Id(id) => write!(f, "territory `{id}`"),
        TerritoryRef::AtLine(_) => Display::fmt(territory, f),
    }
}

/// " (and 3 more points)", or nothing.
fn write_others(f: &mut fmt::Formatter<'_>, others: usize) -> fmt::Result {
    match others {
        0 => Ok(()),
        1 => f.write_str(" (and 1 more point)"),
        n => write!(f, " (and {n} more points)"),
    }
}

/// Turns the problems of a board file into the [`BoardError`] listing them.
pub(crate) trait IntoBoardError {
    /// The [`BoardError`] listing every problem found.
    fn into_error(self, origin: &str) -> BoardError;
}

impl IntoBoardError for ProblemList<'_> {
    fn into_error(self, origin: &str) -> BoardError {
        // Callers only give up after recording why; the fallback keeps the promise
        // that an invalid board always comes with at least one problem.
        self.into_error_or(origin, || BoardProblem::Unbuilt.into())
    }
}

impl From<PathProblem> for ProblemKind {
    fn from(problem: PathProblem) -> Self {
        Self::Board(BoardProblem::BadPath(problem))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_always_lists_a_problem_and_names_its_file() {
        let error = ProblemList::new("").into_error("x.toml");
        assert_eq!(error.problems().len(), 1);
        assert_eq!(error.origin(), "x.toml");
        assert!(matches!(
            error.problems()[0].kind,
            ProblemKind::Board(BoardProblem::Unbuilt)
        ));
        assert_eq!(
            error.to_string(),
            "x.toml:1:1: the board could not be built"
        );
    }

    #[test]
    fn territories_are_named_by_id_or_by_line() {
        let problem = BoardProblem::NotConnected {
            cut_off: vec![
                TerritoryRef::Id(FileText::new("b")),
                TerritoryRef::AtLine(12),
            ],
            more: 3,
            from: TerritoryRef::Id(FileText::new("a")),
        };
        assert_eq!(
            problem.to_string(),
            "the map is not connected: `b`, the territory at line 12, and 3 more cannot be \
             reached from `a` by land or dotted borders"
        );
        let problem = BoardProblem::NoGroup {
            territory: TerritoryRef::Id(FileText::new("x\u{1b}[2J")),
        };
        assert_eq!(
            problem.to_string(),
            "territory `x\\u001B[2J` is in no group"
        );
    }
}
