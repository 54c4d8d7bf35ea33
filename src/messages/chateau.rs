//! Château Noir's errors in the reader's language: a board or variant file that does
//! not load (every problem as `FILE:LINE:COLUMN: problem`, like the Risk files'), a
//! save that does not replay, an action the engine refused. Armies are called by
//! their translated names; text from the file arrives as `FileText` (escaped).
//!
//! Described positions (`PositionProblem`) keep the engine's English sentence: they
//! are a tool for tests and the protocol, not something a player writes.

use castellan_chateau::board::{ArmyId, Board, BoardProblem};
use castellan_chateau::diagnostics::{FileError, ProblemKind};
use castellan_chateau::game::{NewGameError, RuleError, Seat, TableError};
use castellan_chateau::position::PositionError;
use castellan_chateau::save::{MAX_SAVE_BYTES, ReplayError, SAVE_FORMAT, SaveError};
use castellan_chateau::variant::VariantProblem;
use castellan_common::diagnostics::{BaseProblem, ReadError, escaped};
use gettextrs::{gettext, ngettext};

use super::files::{byte_size, count, hint_text, io_error, text_problem, value_type};
use crate::text::{fill, translated};

/// Every problem of a Château Noir board, variant or position file, one per line as
/// `FILE:LINE:COLUMN: problem`, or why the file could not be read.
pub fn file_error(error: &FileError) -> String {
    match error {
        FileError::Invalid { origin, problems } => {
            let origin = escaped(origin);
            problems
                .iter()
                .map(|p| format!("{origin}:{}:{}: {}", p.line, p.column, problem(&p.kind)))
                .collect::<Vec<_>>()
                .join("\n")
        }
        FileError::Io { origin, error } => format!("{}: {}", escaped(origin), io_error(error)),
    }
}

/// One problem of a Château Noir file, without its place.
pub fn problem(kind: &ProblemKind) -> String {
    match kind {
        ProblemKind::Base(problem) => base_problem(problem),
        ProblemKind::UnknownKey { section, key, hint } => fill(
            &gettext("unknown key `{key}` in {section}{hint}"),
            &[
                ("key", key),
                ("section", &section_name(section)),
                ("hint", &hint_text(hint)),
            ],
        ),
        ProblemKind::MissingKey { section, key } => fill(
            &gettext("{section} needs `{key}`"),
            &[("section", &section_name(section)), ("key", key)],
        ),
        ProblemKind::WrongType {
            key,
            expected,
            found,
        } => fill(
            &gettext("`{key}` must be {expected}, not {found}"),
            &[
                ("key", key),
                ("expected", &expected_name(expected)),
                ("found", &value_type(*found)),
            ],
        ),
        ProblemKind::OutOfRange {
            key,
            min,
            max,
            found,
        } => fill(
            &gettext("`{key}` must be from {min} to {max}, not {found}"),
            &[("key", key), ("min", min), ("max", max), ("found", found)],
        ),
        ProblemKind::NotThisGame { what, key, found } => {
            let template = match (*what, found.is_some()) {
                ("board", true) => gettext(
                    "this board is for `{found}`: a Château Noir board says {key} = \"chateau-noir\"",
                ),
                ("board", false) => gettext(
                    "a Château Noir board says {key} = \"chateau-noir\" (this file does not say)",
                ),
                ("variant", true) => gettext(
                    "this variant is for `{found}`: a Château Noir variant says {key} = \"chateau-noir\"",
                ),
                ("variant", false) => gettext(
                    "a Château Noir variant says {key} = \"chateau-noir\" (this file does not say)",
                ),
                (_, true) => gettext(
                    "this file is for `{found}`: a Château Noir file says {key} = \"chateau-noir\"",
                ),
                (_, false) => gettext(
                    "a Château Noir file says {key} = \"chateau-noir\" (this file does not say)",
                ),
            };
            let found = found.as_ref().map(ToString::to_string).unwrap_or_default();
            fill(&template, &[("found", &found), ("key", key)])
        }
        ProblemKind::UnsupportedFormat {
            found, supported, ..
        } => fill(
            &gettext(
                "unsupported format {found}: this version of Castellan reads format {supported}",
            ),
            &[("found", found), ("supported", supported)],
        ),
        ProblemKind::Board(problem) => board_problem(problem),
        ProblemKind::Variant(problem) => variant_problem(problem),
        ProblemKind::Position(problem) => escaped(&problem.to_string()),
    }
}

/// The mistakes any file can make.
fn base_problem(problem: &BaseProblem) -> String {
    match problem {
        BaseProblem::TomlSyntax { detail } => {
            fill(&gettext("TOML syntax: {detail}"), &[("detail", detail)])
        }
        BaseProblem::NotUtf8 => gettext("not UTF-8 text: this byte is not a character"),
        BaseProblem::FileTooLarge { bytes, max_bytes } => fill(
            &gettext("the file is {bytes} bytes long; it may be at most {max}"),
            &[("bytes", bytes), ("max", &byte_size(*max_bytes))],
        ),
        BaseProblem::MoreProblems { hidden } => fill(
            &ngettext(
                "{count} more problem from here on is not shown",
                "{count} more problems from here on are not shown",
                count(*hidden),
            ),
            &[("count", hidden)],
        ),
        BaseProblem::Text { key, problem } => text_problem(key, problem),
    }
}

/// The part of a file the engine names (`[board]`, `[[army]]`…): written as in the
/// file, so left as it is unless it is a sentence.
fn section_name(section: &str) -> String {
    match section {
        "the file" => gettext("the file"),
        "the position" => gettext("the position"),
        "the variant" => gettext("the variant"),
        other => other.to_owned(),
    }
}

/// What a key must hold, as the engine names it (a kind of TOML value, with the
/// table it means in brackets, written as in the file).
fn expected_name(expected: &str) -> String {
    match expected {
        "a string" => gettext("a string"),
        "a whole number" => gettext("a whole number"),
        "a table" => gettext("a table"),
        "an array of strings" => gettext("an array of strings"),
        "an array of 10 strings (rows 10 to 1)" => gettext("an array of 10 strings (rows 10 to 1)"),
        "an array of [army, territory] pairs" => gettext("an array of [army, territory] pairs"),
        other => match other.split_once(" (") {
            Some(("an array of tables", table)) => fill(
                &gettext("an array of tables ({table}"),
                &[("table", &table)],
            ),
            Some(("a table", table)) => fill(&gettext("a table ({table}"), &[("table", &table)]),
            _ => other.to_owned(),
        },
    }
}

/// A mistake (or warning) only a Château Noir board file can make.
pub fn board_problem(problem: &BoardProblem) -> String {
    match problem {
        BoardProblem::RowCount { found } => fill(
            &gettext("`squares` must have 10 rows (10 at the top to 1), not {found}"),
            &[("found", found)],
        ),
        BoardProblem::RowLength { row, found } => fill(
            &gettext("row {row} must have 10 squares, not {found}"),
            &[("row", row), ("found", found)],
        ),
        BoardProblem::UnknownSquareKind { symbol } => fill(
            &gettext(
                "unknown kind of square `{symbol}`: write `.` (white), `#` (black), `X` (tower) or an army's letter",
            ),
            &[("symbol", symbol)],
        ),
        BoardProblem::BadId { id } => fill(
            &gettext(
                "`{id}` is not an id: use lower-case letters, digits, `-` and `_` (at most 32)",
            ),
            &[("id", id)],
        ),
        BoardProblem::DuplicateArmy { id } => {
            fill(&gettext("two armies are called `{id}`"), &[("id", id)])
        }
        BoardProblem::ArmyCount { found } => fill(
            &gettext("a board has 2 to 4 armies (one a corner), not {found}"),
            &[("found", found)],
        ),
        BoardProblem::BadLetter { letter } => fill(
            &gettext("`{letter}` is not an army letter: use one lower-case letter other than `x`"),
            &[("letter", letter)],
        ),
        BoardProblem::DuplicateLetter { letter } => fill(
            &gettext("two armies use the letter `{letter}`"),
            &[("letter", letter)],
        ),
        BoardProblem::NotASquare { text } => fill(
            &gettext("`{text}` is not a square of the board (A1 to J10)"),
            &[("text", text)],
        ),
        BoardProblem::TerritoryNotThreeByThree { army, squares } => fill(
            &ngettext(
                "the territory of `{army}` must be a 3×3 block of its letter; it has {squares} square that is not one",
                "the territory of `{army}` must be a 3×3 block of its letter; it has {squares} squares that are not one",
                count(*squares),
            ),
            &[("army", army), ("squares", squares)],
        ),
        BoardProblem::SoldierCount { army, found } => fill(
            &gettext("`{army}` must have 8 soldiers, not {found}"),
            &[("army", army), ("found", found)],
        ),
        BoardProblem::StartOnCastle { square } => fill(
            &gettext("{square} is a square of the castle: no piece starts there"),
            &[("square", square)],
        ),
        BoardProblem::SharedStart { square } => fill(
            &gettext("two pieces start on {square}"),
            &[("square", square)],
        ),
        BoardProblem::UnknownArmy { id, hint } => fill(
            &gettext("there is no army `{id}`{hint}"),
            &[("id", id), ("hint", &hint_text(hint))],
        ),
        BoardProblem::TableMissing { army, missing } => fill(
            &gettext(
                "the colour table of `{army}` does not name `{missing}`: it names every army once",
            ),
            &[("army", army), ("missing", missing)],
        ),
        BoardProblem::TableRepeats { army, repeated } => fill(
            &gettext(
                "the colour table of `{army}` names `{repeated}` twice: it names every army once",
            ),
            &[("army", army), ("repeated", repeated)],
        ),
        BoardProblem::TableOwnNotLast { army } => fill(
            &gettext(
                "the colour table of `{army}` must end with `{army}` (its own territory is taken last)",
            ),
            &[("army", army)],
        ),
        BoardProblem::ArmyInTwoTeams { army } => {
            fill(&gettext("`{army}` is in two teams"), &[("army", army)])
        }
        BoardProblem::DuplicateTeam { id } => {
            fill(&gettext("two teams are called `{id}`"), &[("id", id)])
        }
        BoardProblem::EmptyTeam => gettext("a team needs at least one army"),
        BoardProblem::BadColour { colour } => fill(
            &gettext("`{colour}` is not a colour: write it `#rrggbb`"),
            &[("colour", colour)],
        ),
        BoardProblem::NotSymmetric { square, turned } => fill(
            &gettext(
                "warning: the board is not the same from every corner ({square} and {turned}, a quarter turn apart, differ)",
            ),
            &[("square", square), ("turned", turned)],
        ),
        BoardProblem::StartOutsideTerritory { army, square } => fill(
            &gettext("warning: a piece of `{army}` starts on {square}, outside its territory"),
            &[("army", army), ("square", square)],
        ),
    }
}

/// A mistake only a Château Noir variant file can make.
fn variant_problem(problem: &VariantProblem) -> String {
    match problem {
        VariantProblem::UnknownValue {
            key,
            value,
            expected,
        } => fill(
            &gettext("`{key}` cannot be `{value}`: write {expected}"),
            &[("key", key), ("value", value), ("expected", expected)],
        ),
    }
}

/// An army by its translated name, or its number when the board has no such army.
pub fn army_name(board: Option<&Board>, army: ArmyId) -> String {
    match board {
        Some(board) if army.index() < board.armies().len() => translated(&board.army(army).name),
        _ => fill(&gettext("army {number}"), &[("number", &army.0)]),
    }
}

/// "seat 2".
pub fn seat_name(seat: Seat) -> String {
    fill(&gettext("seat {number}"), &[("number", &seat.0)])
}

/// Why the engine refused an action.
pub fn rule_error(error: &RuleError, board: Option<&Board>) -> String {
    match error {
        RuleError::GameOver => gettext("the game is over"),
        RuleError::UnknownSeat(seat) => fill(
            &gettext("there is no {seat} at this table"),
            &[("seat", &seat_name(*seat))],
        ),
        RuleError::NotYourDecision { seat, pending } => fill(
            &gettext("it is {pending}'s decision, not {seat}'s"),
            &[
                ("pending", &seat_name(*pending)),
                ("seat", &seat_name(*seat)),
            ],
        ),
        RuleError::DrawAnswerAwaited(seat) => fill(
            &gettext("a draw offer awaits {seat}'s answer first"),
            &[("seat", &seat_name(*seat))],
        ),
        RuleError::NoDrawOffer => gettext("there is no draw offer to answer"),
        RuleError::DrawAlreadyOffered(seat) => fill(
            &gettext("{seat} already offered a draw this turn"),
            &[("seat", &seat_name(*seat))],
        ),
        RuleError::NotPickable { square } => fill(
            &gettext(
                "{square} holds no piece that may be picked now (a piece of the moving armies, not played yet)",
            ),
            &[("square", square)],
        ),
        RuleError::HandMoved => {
            gettext("the piece in hand has moved: release it before picking another")
        }
        RuleError::NothingInHand => gettext("no piece is in hand: pick one first"),
        RuleError::NoSuchUnit { to } => fill(
            &gettext(
                "the piece in hand cannot move to {square}: no unit of movement leads there now",
            ),
            &[("square", to)],
        ),
        RuleError::CannotFinish => {
            gettext("after that the turn could not spend all its units: every unit must be spent")
        }
        RuleError::NoUnitsLeft => gettext("all the turn's units are spent"),
        RuleError::StuckPiece { square } => fill(
            &gettext("the piece on {square} cannot move so that the turn can be finished"),
            &[("square", square)],
        ),
        RuleError::EmptyPath => gettext("the path needs at least one square"),
        RuleError::UnitsLeft { left } => fill(
            &ngettext(
                "the turn's units are not all spent: {left} left",
                "the turn's units are not all spent: {left} left",
                u32::from(*left),
            ),
            &[("left", left)],
        ),
        RuleError::NotCapturable { square } => fill(
            &gettext("{square} is not an enemy piece that may be taken now"),
            &[("square", square)],
        ),
        RuleError::CaptureTwice { square } => fill(
            &gettext("{square} is named twice among the captures"),
            &[("square", square)],
        ),
        RuleError::AllianceAfterMoving => {
            gettext("an alliance is declared at the start of one's own turn, before any move")
        }
        RuleError::NoAlliance { army, why } => fill(
            &gettext("{army} may not declare an alliance now: {why}"),
            &[("army", &army_name(board, *army)), ("why", why)],
        ),
        RuleError::NoClock => gettext("this game plays without a clock"),
        RuleError::OverrunCounted => gettext("the clock's overrun was already counted this turn"),
    }
}

/// Why a game could not start (the table's faults in the engine's words, which name
/// seats and armies by number).
pub fn new_game_error(error: &NewGameError) -> String {
    match error {
        NewGameError::Table(TableError::OneSide) => {
            gettext("a game needs at least two sides: armies or teams that play against each other")
        }
        NewGameError::Table(error) => fill(
            &gettext("the table does not fit the board: {reason}"),
            &[("reason", &escaped(&error.to_string()))],
        ),
        NewGameError::Variant(reason) => fill(
            &gettext("the variant cannot be played: {reason}"),
            &[("reason", &escaped(reason))],
        ),
    }
}

/// Why a Château Noir game could not be saved.
pub fn save_error(error: &SaveError) -> String {
    match error {
        SaveError::Board(error) => fill(
            &gettext("the board text given does not load: {reason}"),
            &[("reason", &escaped(&error.to_string()))],
        ),
        SaveError::BoardMismatch => {
            gettext("the board text given is not the board this game is played on")
        }
        SaveError::NotRecorded => {
            gettext("the game was played without recording its actions: it cannot be saved")
        }
    }
}

/// Why a Château Noir save does not open. `board` is the save's board when it
/// loads, so that a refused action names its armies.
pub fn replay_error(error: &ReplayError, board: Option<&Board>) -> String {
    match error {
        ReplayError::Read(error) => fill(
            &gettext("the save cannot be read: {reason}"),
            &[("reason", &read_error(error))],
        ),
        ReplayError::TooLarge => fill(
            &gettext("the save is larger than the {size} MiB a save may have"),
            &[("size", &(MAX_SAVE_BYTES / (1024 * 1024)))],
        ),
        ReplayError::Json(detail) => fill(
            &gettext("not a save file: {detail}"),
            &[("detail", &escaped(&detail.to_string()))],
        ),
        ReplayError::OtherGame(game) => fill(
            &gettext("the save is of `{game}`, not of Château Noir"),
            &[("game", game)],
        ),
        ReplayError::NewerFormat(format) => fill(
            &gettext(
                "the save was made by a newer Castellan, format {format} (this version reads format {supported})",
            ),
            &[("format", format), ("supported", &SAVE_FORMAT)],
        ),
        ReplayError::Format(format) => fill(
            &gettext(
                "save format {format} is not supported (this version reads format {supported})",
            ),
            &[("format", format), ("supported", &SAVE_FORMAT)],
        ),
        ReplayError::Board(error) => fill(
            &gettext("the saved board does not load:\n{problems}"),
            &[("problems", &file_error(error))],
        ),
        ReplayError::BoardName { saved, loaded } => fill(
            &gettext("the save names the board “{saved}” but its board text is “{loaded}”"),
            &[("saved", &escaped(saved)), ("loaded", &escaped(loaded))],
        ),
        ReplayError::NewGame(error) => fill(
            &gettext("the saved game cannot start: {reason}"),
            &[("reason", &new_game_error(error))],
        ),
        ReplayError::Position(PositionError::File(error)) => fill(
            &gettext("the saved position is refused:\n{problems}"),
            &[("problems", &file_error(error))],
        ),
        ReplayError::Position(PositionError::NewGame(error)) => fill(
            &gettext("the saved game cannot start: {reason}"),
            &[("reason", &new_game_error(error))],
        ),
        ReplayError::Action {
            index,
            seat,
            action,
            reason,
        } => fill(
            &gettext("action {index} ({seat}: {action}) does not replay: {reason}"),
            &[
                ("index", index),
                ("seat", &seat_name(*seat)),
                ("action", action),
                ("reason", &rule_error(reason, board)),
            ],
        ),
    }
}

/// Why a file could not be read at all.
fn read_error(error: &ReadError) -> String {
    match error {
        ReadError::Io(error) => io_error(error),
        ReadError::TooLarge(bytes) => fill(
            &gettext("the file is too large to be read ({bytes} bytes or more)"),
            &[("bytes", bytes)],
        ),
        ReadError::NotUtf8(at) => format!("{}:{}: {}", at.line, at.column, base_problem(&at.kind)),
    }
}

#[cfg(test)]
mod tests {
    use castellan_chateau::board::parse_board;

    use super::*;

    #[test]
    fn a_broken_board_is_located_line_and_column_in_words() {
        let error = parse_board(
            "[board]\ngame = \"chateau-noir\"\nformat = 1\nname = \"x\"\nsquares = []\n",
            "broken.toml",
        )
        .unwrap_err();
        let text = file_error(&error);
        assert!(
            text.contains("broken.toml:5:11: `squares` must have 10 rows"),
            "{text}"
        );
    }

    #[test]
    fn a_refused_action_names_the_army_and_square() {
        let board = Board::reconstructed();
        let error = RuleError::NoSuchUnit {
            to: "E5".parse().unwrap(),
        };
        assert_eq!(
            rule_error(&error, Some(&board)),
            "the piece in hand cannot move to E5: no unit of movement leads there now"
        );
        let error = RuleError::NoAlliance {
            army: ArmyId(1),
            why: "its captain is gone",
        };
        assert!(rule_error(&error, Some(&board)).starts_with("Blue may not"));
        assert_eq!(army_name(None, ArmyId(3)), "army 3");
    }
}
