//! Why a board or variant file could not be loaded ([`FileError`], each [`ProblemKind`])
//! and why a variant cannot be played ([`VariantProblem`]), in the reader's language.
//! Text from the file (ids, keys) is shown escaped: it arrives as [`FileText`], whose
//! `Display` escapes it.

use std::io;

use castellan_engine::board::{
    Anchor, BoardProblem, Counted, Found, IdKind, MAX_BOARD_SIZE, MAX_ID_LENGTH,
    MAX_OUTLINE_POINTS, OUTLINE_MARGIN, PathProblem, SUPPORTED_FORMAT, Section, Shape, StringPlace,
    TerritoryRef,
};
use castellan_engine::diagnostics::{
    ByteSize, FileError, FileText, ProblemKind, TextProblem, ValueType, escaped,
};
use castellan_engine::variant::{Expected, VariantFileProblem, VariantProblem, VariantWarning};
use gettextrs::{gettext, ngettext};

use crate::safe_write::MissingFolder;
use crate::text::fill;

/// Every problem of a file, one per line as `FILE:LINE:COLUMN: problem` (the form
/// editors and terminals link to), or why the file could not be read at all.
pub fn file_error(error: &FileError) -> String {
    let origin = escaped(error.origin());
    match error {
        FileError::Invalid { problems, .. } => problems
            .iter()
            .map(|p| format!("{origin}:{}:{}: {}", p.line, p.column, problem(&p.kind)))
            .collect::<Vec<_>>()
            .join("\n"),
        FileError::Io { error, .. } => format!("{origin}: {}", io_error(error)),
    }
}

/// Why a file could not be read or written: the usual reasons in words, others as the
/// system says.
pub fn io_error(error: &io::Error) -> String {
    if let Some(missing) = error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<MissingFolder>())
    {
        return fill(
            &gettext("cannot write {file}: the folder {folder} does not exist"),
            &[
                ("file", &escaped(&missing.file_name())),
                ("folder", &escaped(&missing.folder.display().to_string())),
            ],
        );
    }
    match error.kind() {
        io::ErrorKind::NotFound => gettext("there is no such file"),
        io::ErrorKind::PermissionDenied => gettext("permission to read it is denied"),
        io::ErrorKind::IsADirectory => gettext("this is a folder, not a file"),
        _ => escaped(&error.to_string()),
    }
}

/// One problem of a file, without its place.
pub fn problem(kind: &ProblemKind) -> String {
    match kind {
        ProblemKind::TomlSyntax { detail } => {
            fill(&gettext("TOML syntax: {detail}"), &[("detail", detail)])
        }
        ProblemKind::NotUtf8 => gettext("not UTF-8 text: this byte is not a character"),
        ProblemKind::FileTooLarge { bytes, max_bytes } => fill(
            &gettext("the file is {bytes} bytes long; it may be at most {max}"),
            &[("bytes", bytes), ("max", &byte_size(*max_bytes))],
        ),
        ProblemKind::MoreProblems { hidden } => fill(
            &ngettext(
                "{count} more problem from here on is not shown",
                "{count} more problems from here on are not shown",
                count(*hidden),
            ),
            &[("count", hidden)],
        ),
        ProblemKind::Text { key, problem } => text_problem(key, problem),
        ProblemKind::Board(problem) => board_problem(problem),
        ProblemKind::Variant(problem) => variant_file_problem(problem),
    }
}

/// Why a variant cannot be played (in a file, or in the variant editor).
pub fn variant_problem(problem: &VariantProblem) -> String {
    match problem {
        VariantProblem::Text { field, problem } => text_problem(field, problem),
        VariantProblem::Zero { field } => fill(
            &gettext("`{option}` must be at least 1"),
            &[("option", field)],
        ),
        VariantProblem::TooLarge { field, value, max } => fill(
            &gettext("`{option}` = {value} is absurdly large (at most {max})"),
            &[("option", field), ("value", value), ("max", max)],
        ),
        VariantProblem::CastleDiceLimit(limit) => fill(
            &gettext("`castle_dice_limit` = {value} must be 1, 2 or 3"),
            &[("value", limit)],
        ),
        VariantProblem::EmptyDeck => {
            gettext("the deck is empty: give at least one card kind a count")
        }
        VariantProblem::TrackTooShort { track, cards } => fill(
            &gettext(
                "the reinforcement track has {track} numbers but the deck has {cards} Reinforcement cards: every card needs a number",
            ),
            &[("track", track), ("cards", cards)],
        ),
        VariantProblem::MustTradeTooLow(value) => fill(
            &gettext(
                "`classic.must_trade_at` = {value} must be at least 5: only a hand of 5 cards is sure to hold a set",
            ),
            &[("value", value)],
        ),
        VariantProblem::TradeDownBelowMustTrade {
            trade_down_above,
            must_trade_at,
        } => fill(
            &gettext(
                "`classic.trade_down_above` = {value} must be at least {least} (`classic.must_trade_at` − 1): a victor trades down until it holds fewer than {cards} cards, so it must hold at least {cards} to begin",
            ),
            &[
                ("value", trade_down_above),
                ("least", &must_trade_at.saturating_sub(1)),
                ("cards", must_trade_at),
            ],
        ),
    }
}

/// Why a playable variant's games are likely to stall (`castellan variant check`).
pub fn variant_warning(warning: &VariantWarning) -> String {
    match warning {
        VariantWarning::OnlySpoilsBringArmies => gettext(
            "no Reinforcement card and no hidden army brings armies after setup, only spoils: unless the starting armies let players attack and take whole empires, games come to a standstill and end in a draw (ruling 24)",
        ),
        VariantWarning::NoArmiesAfterSetup => gettext(
            "nothing brings armies after setup (no Reinforcements, hidden armies or spoils): games come to a standstill once the starting armies are spent, and end in a draw (ruling 24)",
        ),
    }
}

fn text_problem(key: &str, problem: &TextProblem) -> String {
    match problem {
        TextProblem::ControlCharacter(c) => fill(
            &gettext("`{key}` holds the control character {character}: write plain text"),
            &[
                ("key", &key),
                ("character", &escaped(c.encode_utf8(&mut [0; 4]))),
            ],
        ),
        TextProblem::TooLong { length, max } => fill(
            &gettext("`{key}` is {length} characters long; it may have at most {max}"),
            &[("key", &key), ("length", length), ("max", max)],
        ),
    }
}

fn variant_file_problem(problem: &VariantFileProblem) -> String {
    match problem {
        VariantFileProblem::UnknownOption { option, hint } => fill(
            &gettext("unknown option `{option}`{hint}"),
            &[("option", option), ("hint", &hint_text(hint))],
        ),
        VariantFileProblem::WrongType {
            option,
            expected,
            found,
        } => {
            let template = match expected {
                Expected::WholeNumber => {
                    gettext("`{key}` must be a whole number (0 or more), found {found}")
                }
                Expected::Boolean => gettext("`{key}` must be true or false, found {found}"),
                Expected::Text => gettext("`{key}` must be a string, found {found}"),
                Expected::NumberList => gettext(
                    "`{key}` must be an array of whole numbers ([3, 4, 5, …]), found {found}",
                ),
                Expected::Table => gettext(
                    "`{key}` must be a table ([{key}] followed by its options), found {found}",
                ),
            };
            fill(
                &template,
                &[("key", option), ("found", &value_type(*found))],
            )
        }
        VariantFileProblem::NotANumberInList { option, found } => fill(
            &gettext("each number of `{key}` must be a whole number (0 or more), found {found}"),
            &[("key", option), ("found", &value_type(*found))],
        ),
        VariantFileProblem::Negative { option, value } => fill(
            &gettext("`{key}` must be 0 or more, found {value}"),
            &[("key", option), ("value", value)],
        ),
        VariantFileProblem::NumberTooLarge { option, max } => fill(
            &gettext("`{key}` is far too large (at most {max})"),
            &[("key", option), ("max", max)],
        ),
        // The reader's own words: not expected, since the checks above come first.
        VariantFileProblem::Unreadable { detail } => detail.to_string(),
        VariantFileProblem::Invalid(problem) => variant_problem(problem),
        VariantFileProblem::Empty => gettext(
            "the file is empty: a variant file names what it changes from the rulebook, or at least its `name` or a comment (an empty file is most likely one cut short, or the wrong file)",
        ),
    }
}

fn board_problem(problem: &BoardProblem) -> String {
    match problem {
        BoardProblem::MissingBoardTable => {
            gettext("missing [board] table (it gives the format, name and size)")
        }
        BoardProblem::UnsupportedFormat { found } => fill(
            &gettext(
                "unsupported board format {found}: this version of Castellan reads format {supported}",
            ),
            &[("found", found), ("supported", &SUPPORTED_FORMAT)],
        ),
        BoardProblem::MissingFormat => fill(
            &gettext("missing key `format` in [board] (write `format = {supported}`)"),
            &[("supported", &SUPPORTED_FORMAT)],
        ),
        BoardProblem::NotATable { section, found } => fill(
            &gettext("`{key}` must be a table ({section}), found {found}"),
            &[
                ("key", &section.key()),
                ("section", &section.header()),
                ("found", &value_type(*found)),
            ],
        ),
        BoardProblem::NotAnArrayOfTables { section, found } => fill(
            &gettext("`{key}` must be an array of tables ({section}), found {found}"),
            &[
                ("key", &section.key()),
                ("section", &section.header()),
                ("found", &value_type(*found)),
            ],
        ),
        BoardProblem::EntryNotATable { section, found } => fill(
            &gettext("each {section} entry must be a table, found {found}"),
            &[
                ("section", &section.header()),
                ("found", &value_type(*found)),
            ],
        ),
        BoardProblem::UnknownKey { key, section, hint } => {
            let template = if *section == Section::TopLevel {
                gettext("unknown key `{key}` at the top level{hint}")
            } else {
                gettext("unknown key `{key}` in {section}{hint}")
            };
            fill(
                &template,
                &[
                    ("key", key),
                    ("section", &section.header()),
                    ("hint", &hint_text(hint)),
                ],
            )
        }
        BoardProblem::MissingKey { key, section } => fill(
            &gettext("missing key `{key}` in {section}"),
            &[("key", key), ("section", &section.header())],
        ),
        BoardProblem::EmptyName { section } => fill(
            &gettext("`name` in {section} must not be empty"),
            &[("section", &section.header())],
        ),
        BoardProblem::NotABoolean { key, found } => fill(
            &gettext("`{key}` must be true or false, found {found}"),
            &[("key", key), ("found", &value_type(*found))],
        ),
        BoardProblem::NotAString { place, found } => {
            let (template, key) = match place {
                StringPlace::Key(key) => (gettext("`{key}` must be a string, found {found}"), *key),
                StringPlace::ItemOf(key) => (
                    gettext("each of `{key}` must be a string, found {found}"),
                    *key,
                ),
                StringPlace::BorderEnd => {
                    (gettext("a border end must be a string, found {found}"), "")
                }
            };
            fill(&template, &[("key", &key), ("found", &value_type(*found))])
        }
        BoardProblem::NotASeaList { found } => fill(
            &gettext("`coasts` must be an array of sea ids, found {found}"),
            &[("found", &value_type(*found))],
        ),
        BoardProblem::NotAWholeNumber { key, found } => fill(
            &gettext("`{key}` must be a whole number, found {found}"),
            &[("key", key), ("found", &value_type(*found))],
        ),
        BoardProblem::NumberTooLarge { key, max } => fill(
            &gettext("`{key}` is far too large (at most {max})"),
            &[("key", key), ("max", max)],
        ),
        BoardProblem::Negative { key, value } => fill(
            &gettext("`{key}` must be 0 or more, found {value}"),
            &[("key", key), ("value", value)],
        ),
        BoardProblem::BoardSize { key, value } => fill(
            &gettext("`{key}` must be more than 0 and at most {max}, found {value}"),
            &[("key", key), ("max", &MAX_BOARD_SIZE), ("value", value)],
        ),
        BoardProblem::LabelAngle { value } => fill(
            &gettext("`label_angle` must be from -90 to 90 degrees, found {value}"),
            &[("value", value)],
        ),
        BoardProblem::NotANumber { key, found } => fill(
            &gettext("`{key}` must be a number, found {found}"),
            &[("key", key), ("found", &value_type(*found))],
        ),
        BoardProblem::NotAPoint { key, found } => fill(
            &gettext("`{key}` must be a point [x, y], found {found}"),
            &[("key", key), ("found", &found_text(*found))],
        ),
        BoardProblem::CoordinateNotANumber { key, found } => fill(
            &gettext("coordinates of `{key}` must be numbers, found {found}"),
            &[("key", key), ("found", &value_type(*found))],
        ),
        BoardProblem::NotAnOutline { found } => fill(
            &gettext("`outline` must be an array of points [[x, y], …], found {found}"),
            &[("found", &value_type(*found))],
        ),
        BoardProblem::NotABorderList { key, found } => fill(
            &gettext("`{key}` must be an array of pairs [\"a\", \"b\"], found {found}"),
            &[("key", key), ("found", &value_type(*found))],
        ),
        BoardProblem::NotABorderPair { found } => fill(
            &gettext("a border must be a pair of territory ids [\"a\", \"b\"], found {found}"),
            &[("found", &found_text(*found))],
        ),
        BoardProblem::BadColour { written } => fill(
            &gettext("`colour` must be written \"#rrggbb\" (six hex digits), found \"{written}\""),
            &[("written", written)],
        ),
        BoardProblem::BadCardSymbol { written, hint } => fill(
            &gettext(
                "`card_symbol` must be \"infantry\", \"cavalry\" or \"artillery\", found \"{written}\"{hint}",
            ),
            &[("written", written), ("hint", &hint_text(hint))],
        ),
        BoardProblem::EmptyId => gettext("id must not be empty"),
        BoardProblem::IdTooLong { id } => fill(
            &gettext("id `{id}` is too long: ids have at most {max} characters"),
            &[("id", id), ("max", &MAX_ID_LENGTH)],
        ),
        BoardProblem::InvalidId { id } => fill(
            &gettext("invalid id `{id}`: ids use only lower-case letters a–z, digits and `_`"),
            &[("id", id)],
        ),
        BoardProblem::TooMany { what, found, max } => {
            let template = match what {
                Counted::Territories => {
                    gettext("too many territories: {found} (a board may have at most {max})")
                }
                Counted::Groups => gettext(
                    "too many groups (empires and regions): {found} (a board may have at most {max})",
                ),
                Counted::Seas => gettext("too many seas: {found} (a board may have at most {max})"),
            };
            fill(&template, &[("found", found), ("max", max)])
        }
        BoardProblem::DuplicateId {
            kind,
            id,
            first_line,
        } => {
            let template = match kind {
                IdKind::Group => gettext("duplicate group id `{id}` (first at line {line})"),
                IdKind::Sea => gettext("duplicate sea id `{id}` (first at line {line})"),
                IdKind::Territory => {
                    gettext("duplicate territory id `{id}` (first at line {line})")
                }
            };
            fill(&template, &[("id", id), ("line", first_line)])
        }
        BoardProblem::NoGroup { territory } => fill(
            &gettext("{territory} is in no group"),
            &[("territory", &territory_subject(territory))],
        ),
        BoardProblem::UnknownGroup {
            territory,
            group,
            hint,
        } => fill(
            &gettext(
                "{territory} is in unknown group `{group}` (no [[empire]] or [[region]] has this id){hint}",
            ),
            &[
                ("territory", &territory_subject(territory)),
                ("group", group),
                ("hint", &hint_text(hint)),
            ],
        ),
        BoardProblem::UnknownSea { sea, hint } => fill(
            &gettext("unknown sea `{sea}` in `coasts`{hint}"),
            &[("sea", sea), ("hint", &hint_text(hint))],
        ),
        BoardProblem::SeaListedTwice { sea } => fill(
            &gettext("sea `{sea}` is listed twice in `coasts`"),
            &[("sea", sea)],
        ),
        BoardProblem::UnknownBorderEnd { territory, hint } => fill(
            &gettext("border names unknown territory `{territory}`{hint}"),
            &[("territory", territory), ("hint", &hint_text(hint))],
        ),
        BoardProblem::BorderToItself { territory } => fill(
            &gettext("border from `{territory}` to itself"),
            &[("territory", territory)],
        ),
        BoardProblem::BorderTwice { a, b, first_line } => fill(
            &gettext("border {a}–{b} listed twice (first at line {line})"),
            &[("a", a), ("b", b), ("line", first_line)],
        ),
        BoardProblem::EmptyGroup { section, id } => {
            let template = if *section == Section::Empire {
                gettext("empire `{id}` has no territory")
            } else {
                gettext("region `{id}` has no territory")
            };
            fill(&template, &[("id", id)])
        }
        BoardProblem::TooFewEmpires { found } => fill(
            &gettext("a board needs at least 2 empires ([[empire]] tables), found {found}"),
            &[("found", found)],
        ),
        BoardProblem::UnusedSea { sea } => fill(
            &gettext("sea `{sea}` touches no territory (no `coasts` names it)"),
            &[("sea", sea)],
        ),
        BoardProblem::NoTerritory => gettext("the board has no territory ([[territory]] tables)"),
        BoardProblem::NotConnected {
            cut_off,
            more,
            from,
        } => {
            let mut named: Vec<String> = cut_off.iter().map(territory_named).collect();
            if *more > 0 {
                named.push(fill(&gettext("and {count} more"), &[("count", more)]));
            }
            fill(
                &ngettext(
                    "the map is not connected: {territories} cannot be reached from {from} by land or dotted borders",
                    "the map is not connected: {territories} cannot be reached from {from} by land or dotted borders",
                    count(cut_off.len() + more),
                ),
                &[
                    ("territories", &named.join(", ")),
                    ("from", &territory_named(from)),
                ],
            )
        }
        BoardProblem::AnchorNotFinite { anchor } => fill(
            &gettext("coordinates of {anchor} must be finite numbers"),
            &[("anchor", &anchor_name(*anchor))],
        ),
        BoardProblem::AnchorOffBoard {
            anchor,
            x,
            y,
            width,
            height,
        } => fill(
            &gettext("{anchor} ({x}, {y}) lies outside the board (0..={width} × 0..={height})"),
            &[
                ("anchor", &anchor_name(*anchor)),
                ("x", x),
                ("y", y),
                ("width", width),
                ("height", height),
            ],
        ),
        BoardProblem::OutlineAndPath { shape } => match shape {
            Shape::Territory => gettext("a territory has either `outline` or `path`, not both"),
            Shape::Sea => gettext("a sea has either `outline` or `path`, not both"),
        },
        BoardProblem::OutlineTooShort { points } => fill(
            &ngettext(
                "`outline` has {count} point; a polygon needs at least 3",
                "`outline` has {count} points; a polygon needs at least 3",
                count(*points),
            ),
            &[("count", points)],
        ),
        BoardProblem::BadPath(problem) => fill(
            &gettext("bad `path` data: {problem}"),
            &[("problem", &path_problem(*problem))],
        ),
        BoardProblem::RingTooShort { ring, points } => fill(
            &ngettext(
                "ring {ring} of `path` has {count} point; a ring needs at least 3",
                "ring {ring} of `path` has {count} points; a ring needs at least 3",
                count(*points),
            ),
            &[("ring", ring), ("count", points)],
        ),
        BoardProblem::OutlineOffBoard { x, y, others } => {
            let margin = (OUTLINE_MARGIN * 100.0).round();
            let first = fill(
                // xgettext:no-c-format
                &gettext("outline point ({x}, {y}) lies more than {margin} % outside the board"),
                &[("x", x), ("y", y), ("margin", &margin)],
            );
            first + &others_text(*others)
        }
        BoardProblem::OutlineNotFinite { others } => {
            gettext("outline coordinates must be finite numbers") + &others_text(*others)
        }
        BoardProblem::TooManyOutlinePoints => fill(
            &gettext(
                "too many outline points: the whole board may have at most {max}; outlines from here on are not read",
            ),
            &[("max", &MAX_OUTLINE_POINTS)],
        ),
        BoardProblem::Unbuilt => gettext("the board could not be built"),
    }
}

fn path_problem(problem: PathProblem) -> String {
    let character = |c: char| escaped(c.encode_utf8(&mut [0; 4]));
    match problem {
        PathProblem::Empty => gettext("path data is empty"),
        PathProblem::NumberBeforeCommand => gettext("expected a command letter before this number"),
        PathProblem::Unexpected(c) => fill(
            &gettext("unexpected `{character}` in path data"),
            &[("character", &character(c))],
        ),
        PathProblem::MustStartWithMove => gettext("path data must start with `M`"),
        PathProblem::UnsupportedCommand(c) => fill(
            &gettext(
                "unsupported path command `{command}`: outlines use only straight lines (M, L, H, V, Z and their lower-case forms)",
            ),
            &[("command", &character(c))],
        ),
        PathProblem::RingAfterClose => gettext("a new ring must start with `M` after `Z`"),
        PathProblem::NumberExpectedAfter(c) => fill(
            &gettext("expected a number after `{command}`"),
            &[("command", &character(c))],
        ),
        PathProblem::CoordinateOutOfRange => gettext("coordinate out of range"),
        PathProblem::NumberExpected => gettext("expected a number"),
        PathProblem::ExponentDigits => gettext("expected digits after the exponent `e`"),
        PathProblem::NumberOutOfRange => gettext("number out of range"),
    }
}

/// " (did you mean `coasts`?)", or nothing.
fn hint_text(hint: &Option<FileText>) -> String {
    match hint {
        Some(candidate) => fill(
            &gettext(" (did you mean `{candidate}`?)"),
            &[("candidate", candidate)],
        ),
        None => String::new(),
    }
}

/// " (and 3 more points)", or nothing.
fn others_text(others: usize) -> String {
    if others == 0 {
        return String::new();
    }
    fill(
        &ngettext(
            " (and {count} more point)",
            " (and {count} more points)",
            count(others),
        ),
        &[("count", &others)],
    )
}

/// A territory as the subject of a sentence: "territory `london`".
fn territory_subject(territory: &TerritoryRef) -> String {
    match territory {
        TerritoryRef::Id(id) => fill(&gettext("territory `{id}`"), &[("id", id)]),
        TerritoryRef::AtLine(_) => territory_named(territory),
    }
}

/// A territory in a list: "`london`", or "the territory at line 12".
fn territory_named(territory: &TerritoryRef) -> String {
    match territory {
        TerritoryRef::Id(id) => format!("`{id}`"),
        TerritoryRef::AtLine(line) => {
            fill(&gettext("the territory at line {line}"), &[("line", line)])
        }
    }
}

fn anchor_name(anchor: Anchor) -> String {
    match anchor {
        Anchor::Centre => "`centre`".to_owned(),
        Anchor::Badge => "`badge`".to_owned(),
        Anchor::Label => "`label`".to_owned(),
        Anchor::Castle => "`castle`".to_owned(),
        Anchor::SeaLabel => gettext("the sea's `label`"),
    }
}

/// "a string", "an integer"…, after "found".
fn value_type(found: ValueType) -> String {
    match found {
        ValueType::String => gettext("a string"),
        ValueType::Integer => gettext("an integer"),
        ValueType::Float => gettext("a float"),
        ValueType::Boolean => gettext("a boolean"),
        ValueType::Date => gettext("a date"),
        ValueType::Array => gettext("an array"),
        ValueType::Table => gettext("a table"),
    }
}

fn found_text(found: Found) -> String {
    match found {
        Found::Type(found) => value_type(found),
        Found::Values(values) => fill(
            &ngettext("{count} value", "{count} values", count(values)),
            &[("count", &values)],
        ),
    }
}

/// "4 MiB", "256 KiB", in the reader's units.
fn byte_size(bytes: usize) -> String {
    let (size, unit) = ByteSize(bytes).parts();
    let template = match unit {
        "MiB" => gettext("{size} MiB"),
        "KiB" => gettext("{size} KiB"),
        _ => ngettext("{size} byte", "{size} bytes", count(size)),
    };
    fill(&template, &[("size", &size)])
}

/// A count for ngettext, which takes a `u32`.
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use castellan_engine::board::parse_board;
    use castellan_engine::variant::parse_variant;

    use super::*;

    fn text(text: &str) -> FileText {
        FileText::new(text)
    }

    /// One of every problem a file can have, with counts above 1 (English has one
    /// plural form in the engine's sentences).
    fn every_problem() -> Vec<ProblemKind> {
        let id = || TerritoryRef::Id(text("london"));
        let board = [
            BoardProblem::MissingBoardTable,
            BoardProblem::UnsupportedFormat { found: 2 },
            BoardProblem::MissingFormat,
            BoardProblem::NotATable {
                section: Section::Borders,
                found: ValueType::Array,
            },
            BoardProblem::NotAnArrayOfTables {
                section: Section::Territory,
                found: ValueType::String,
            },
            BoardProblem::EntryNotATable {
                section: Section::Sea,
                found: ValueType::Integer,
            },
            BoardProblem::UnknownKey {
                key: text("coast"),
                section: Section::Territory,
                hint: Some(text("coasts")),
            },
            BoardProblem::UnknownKey {
                key: text("x\n\u{1b}[2J"),
                section: Section::TopLevel,
                hint: None,
            },
            BoardProblem::MissingKey {
                key: "name",
                section: Section::Empire,
            },
            BoardProblem::EmptyName {
                section: Section::Region,
            },
            BoardProblem::NotABoolean {
                key: "wraps_around",
                found: ValueType::Float,
            },
            BoardProblem::NotAString {
                place: StringPlace::Key("name"),
                found: ValueType::Boolean,
            },
            BoardProblem::NotAString {
                place: StringPlace::ItemOf("coasts"),
                found: ValueType::Date,
            },
            BoardProblem::NotAString {
                place: StringPlace::BorderEnd,
                found: ValueType::Table,
            },
            BoardProblem::NotASeaList {
                found: ValueType::String,
            },
            BoardProblem::NotAWholeNumber {
                key: "bonus",
                found: ValueType::String,
            },
            BoardProblem::NumberTooLarge {
                key: "bonus",
                max: 10_000,
            },
            BoardProblem::Negative {
                key: "bonus",
                value: -1,
            },
            BoardProblem::BoardSize {
                key: "width",
                value: 0.5,
            },
            BoardProblem::LabelAngle { value: 120.0 },
            BoardProblem::NotANumber {
                key: "height",
                found: ValueType::String,
            },
            BoardProblem::NotAPoint {
                key: "centre",
                found: Found::Values(3),
            },
            BoardProblem::NotAPoint {
                key: "centre",
                found: Found::Type(ValueType::String),
            },
            BoardProblem::CoordinateNotANumber {
                key: "badge",
                found: ValueType::String,
            },
            BoardProblem::NotAnOutline {
                found: ValueType::Integer,
            },
            BoardProblem::NotABorderList {
                key: "land",
                found: ValueType::Table,
            },
            BoardProblem::NotABorderPair {
                found: Found::Values(3),
            },
            BoardProblem::BadColour {
                written: text("red"),
            },
            BoardProblem::BadCardSymbol {
                written: text("cavalery"),
                hint: Some(text("cavalry")),
            },
            BoardProblem::EmptyId,
            BoardProblem::IdTooLong {
                id: text(&"x".repeat(80)),
            },
            BoardProblem::InvalidId {
                id: text("Red Keep"),
            },
            BoardProblem::TooMany {
                what: Counted::Territories,
                found: 2001,
                max: 2000,
            },
            BoardProblem::TooMany {
                what: Counted::Groups,
                found: 501,
                max: 500,
            },
            BoardProblem::TooMany {
                what: Counted::Seas,
                found: 101,
                max: 100,
            },
            BoardProblem::DuplicateId {
                kind: IdKind::Group,
                id: text("red"),
                first_line: 9,
            },
            BoardProblem::DuplicateId {
                kind: IdKind::Sea,
                id: text("main"),
                first_line: 9,
            },
            BoardProblem::DuplicateId {
                kind: IdKind::Territory,
                id: text("a"),
                first_line: 9,
            },
            BoardProblem::NoGroup { territory: id() },
            BoardProblem::NoGroup {
                territory: TerritoryRef::AtLine(12),
            },
            BoardProblem::UnknownGroup {
                territory: id(),
                group: text("rde"),
                hint: Some(text("red")),
            },
            BoardProblem::UnknownSea {
                sea: text("mian"),
                hint: None,
            },
            BoardProblem::SeaListedTwice { sea: text("main") },
            BoardProblem::UnknownBorderEnd {
                territory: text("lodnon"),
                hint: Some(text("london")),
            },
            BoardProblem::BorderToItself {
                territory: text("a"),
            },
            BoardProblem::BorderTwice {
                a: text("b"),
                b: text("a"),
                first_line: 31,
            },
            BoardProblem::EmptyGroup {
                section: Section::Empire,
                id: text("red"),
            },
            BoardProblem::EmptyGroup {
                section: Section::Region,
                id: text("wilds"),
            },
            BoardProblem::TooFewEmpires { found: 1 },
            BoardProblem::UnusedSea { sea: text("main") },
            BoardProblem::NoTerritory,
            BoardProblem::NotConnected {
                cut_off: vec![id(), TerritoryRef::AtLine(30)],
                more: 4,
                from: TerritoryRef::Id(text("paris")),
            },
            BoardProblem::AnchorNotFinite {
                anchor: Anchor::Centre,
            },
            BoardProblem::AnchorNotFinite {
                anchor: Anchor::SeaLabel,
            },
            BoardProblem::AnchorOffBoard {
                anchor: Anchor::Castle,
                x: 150.0,
                y: 10.5,
                width: 100.0,
                height: 100.0,
            },
            BoardProblem::AnchorOffBoard {
                anchor: Anchor::Badge,
                x: 1.0,
                y: -1.0,
                width: 100.0,
                height: 100.0,
            },
            BoardProblem::AnchorOffBoard {
                anchor: Anchor::Label,
                x: 1.0,
                y: -1.0,
                width: 100.0,
                height: 100.0,
            },
            BoardProblem::OutlineAndPath {
                shape: Shape::Territory,
            },
            BoardProblem::OutlineAndPath { shape: Shape::Sea },
            BoardProblem::OutlineTooShort { points: 2 },
            BoardProblem::RingTooShort { ring: 2, points: 2 },
            BoardProblem::OutlineOffBoard {
                x: 120.0,
                y: 15.0,
                others: 2,
            },
            BoardProblem::OutlineOffBoard {
                x: 120.0,
                y: 15.0,
                others: 0,
            },
            BoardProblem::OutlineNotFinite { others: 3 },
            BoardProblem::TooManyOutlinePoints,
            BoardProblem::Unbuilt,
        ]
        .into_iter()
        .map(ProblemKind::from);
        let paths = [
            PathProblem::Empty,
            PathProblem::NumberBeforeCommand,
            PathProblem::Unexpected('\u{1b}'),
            PathProblem::MustStartWithMove,
            PathProblem::UnsupportedCommand('C'),
            PathProblem::RingAfterClose,
            PathProblem::NumberExpectedAfter('L'),
            PathProblem::CoordinateOutOfRange,
            PathProblem::NumberExpected,
            PathProblem::ExponentDigits,
            PathProblem::NumberOutOfRange,
        ]
        .into_iter()
        .map(ProblemKind::from);
        let variants = [
            VariantFileProblem::UnknownOption {
                option: text("dek"),
                hint: Some(text("deck")),
            },
            VariantFileProblem::NotANumberInList {
                option: "reinforcement_track".into(),
                found: ValueType::String,
            },
            VariantFileProblem::Negative {
                option: "hidden_army_minimum".into(),
                value: -1,
            },
            VariantFileProblem::NumberTooLarge {
                option: "castle_dice_limit".into(),
                max: 255,
            },
            VariantFileProblem::Unreadable {
                detail: FileText::detail("invalid type"),
            },
            VariantFileProblem::Invalid(VariantProblem::Zero {
                field: "starting_armies.four",
            }),
            VariantFileProblem::Invalid(VariantProblem::TooLarge {
                field: "spoils.banner_bonus",
                value: 20_000,
                max: 10_000,
            }),
            VariantFileProblem::Invalid(VariantProblem::CastleDiceLimit(5)),
            VariantFileProblem::Invalid(VariantProblem::EmptyDeck),
            VariantFileProblem::Invalid(VariantProblem::MustTradeTooLow(3)),
            VariantFileProblem::Invalid(VariantProblem::TradeDownBelowMustTrade {
                trade_down_above: 2,
                must_trade_at: 5,
            }),
            VariantFileProblem::Empty,
            VariantFileProblem::Invalid(VariantProblem::TrackTooShort {
                track: 12,
                cards: 20,
            }),
            VariantFileProblem::Invalid(VariantProblem::Text {
                field: "description",
                problem: TextProblem::TooLong {
                    length: 3000,
                    max: 2000,
                },
            }),
        ]
        .into_iter()
        .chain(
            [
                Expected::WholeNumber,
                Expected::Boolean,
                Expected::Text,
                Expected::NumberList,
                Expected::Table,
            ]
            .map(|expected| VariantFileProblem::WrongType {
                option: "deck".into(),
                expected,
                found: ValueType::Array,
            }),
        )
        .map(ProblemKind::from);
        let shared = [
            ProblemKind::TomlSyntax {
                detail: FileText::detail("invalid basic string"),
            },
            ProblemKind::NotUtf8,
            ProblemKind::FileTooLarge {
                bytes: 5_000_000,
                max_bytes: 4 * 1024 * 1024,
            },
            ProblemKind::FileTooLarge {
                bytes: 300_000,
                max_bytes: 256 * 1024,
            },
            ProblemKind::MoreProblems { hidden: 10 },
            ProblemKind::Text {
                key: "name",
                problem: TextProblem::ControlCharacter('\0'),
            },
            ProblemKind::Text {
                key: "name",
                problem: TextProblem::TooLong {
                    length: 200,
                    max: 100,
                },
            },
        ];
        shared
            .into_iter()
            .chain(board)
            .chain(paths)
            .chain(variants)
            .collect()
    }

    #[test]
    fn untranslated_problems_are_the_engines_english() {
        // The catalogue's English is the engine's: `board check` reads the same as
        // the protocol, and nothing from the file reaches the terminal unescaped.
        for kind in every_problem() {
            let said = problem(&kind);
            assert_eq!(said, kind.to_string(), "{kind:?}");
            assert!(
                !said
                    .chars()
                    .any(castellan_engine::diagnostics::is_unsafe_char),
                "{said:?}"
            );
        }
    }

    #[test]
    fn a_file_error_is_one_line_per_problem_named_by_file() {
        let error = parse_board("[board]\nformat = 2\n", "new\n.toml").unwrap_err();
        assert_eq!(file_error(&error), error.to_string());
        assert_eq!(
            file_error(&error),
            "new\\n.toml:2:10: unsupported board format 2: this version of Castellan reads format 1"
        );
        let error = parse_variant("castle_dice_limit = 0\nlenient = 1\n", "v.toml").unwrap_err();
        assert_eq!(file_error(&error), error.to_string());
    }

    #[test]
    fn io_errors_say_why_in_words() {
        let missing = io::Error::from(io::ErrorKind::NotFound);
        assert_eq!(io_error(&missing), "there is no such file");
        let odd = io::Error::other("odd\u{1b}[2J");
        assert_eq!(io_error(&odd), "odd\\u001B[2J");
        let folder = io::Error::new(
            io::ErrorKind::NotFound,
            MissingFolder {
                target: "/saves/gone/game.castellan".into(),
                folder: "/saves/gone".into(),
            },
        );
        assert_eq!(
            io_error(&folder),
            "cannot write game.castellan: the folder /saves/gone does not exist"
        );
    }
}
