//! Board files: every check the loader makes, each reported as `FILE:LINE:COLUMN:
//! message` at the very place of the mistake, all of them at once, and the warning
//! of a board that is not the same from every corner.

use castellan_chateau::board::{Board, MAX_BOARD_BYTES, check_board, parse_board};

const ORIGIN: &str = "cn.toml";

/// The shipped board with `from` replaced by `to` (which must be there).
fn changed(from: &str, to: &str) -> String {
    let text = Board::reconstructed_text();
    assert!(text.contains(from), "the board has {from:?}");
    text.replacen(from, to, 1)
}

/// `ORIGIN:LINE:COLUMN` of the first `needle` in `text`, shifted `offset` characters.
fn at(text: &str, needle: &str, offset: usize) -> String {
    let byte = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} is in the text"));
    let line = text[..byte].matches('\n').count() + 1;
    let line_start = text[..byte].rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..byte].chars().count() + 1 + offset;
    format!("{ORIGIN}:{line}:{column}")
}

fn errors(text: &str) -> String {
    parse_board(text, ORIGIN).unwrap_err().to_string()
}

#[test]
fn unknown_kinds_of_square_are_located() {
    let text = changed(
        "\"r r r . . . . g g g\",  #  2",
        "\"r r r . . ? . g g g\",  #  2",
    );
    assert_eq!(
        errors(&text),
        format!(
            "{}: unknown kind of square `?`: write `.` (white), `#` (black), `X` (tower) or \
             an army's letter",
            at(&text, "? .", 0)
        )
    );
}

#[test]
fn a_corner_that_is_not_three_by_three_is_refused() {
    let text = changed("\"r r r . # # # g g g\"", "\"r r . . # # # g g g\"");
    let message = errors(&text);
    assert!(
        message.contains(&format!(
            "{}: the territory of `red` must be a 3×3 block of its letter; it has 8 squares",
            at(&text, "letter = \"r\"", 9)
        )),
        "{message}"
    );
}

#[test]
fn starts_on_the_castle_and_shared_starts_are_refused() {
    let text = changed(
        "soldiers = [\"A1\", \"A2\", \"A3\", \"B1\", \"B3\", \"C1\", \"C2\", \"C3\"]",
        "soldiers = [\"E3\", \"A2\", \"A3\", \"B1\", \"B3\", \"C1\", \"A2\", \"C3\"]",
    );
    let message = errors(&text);
    assert!(
        message.contains(&format!(
            "{}: E3 is a square of the castle: no piece starts there",
            at(&text, "\"E3\"", 0)
        )),
        "{message}"
    );
    assert!(message.contains(": two pieces start on A2"), "{message}");
}

#[test]
fn every_problem_is_reported_at_once_with_hints() {
    let text = changed(
        "table = [\"blue\", \"yellow\", \"green\", \"red\"]",
        "table = [\"blue\", \"yelow\", \"green\", \"red\"]",
    )
    .replacen("letter = \"b\"", "leter = \"b\"", 1);
    let message = errors(&text);
    assert!(
        message.contains(&format!(
            "{}: there is no army `yelow` (did you mean `yellow`?)",
            at(&text, "\"yelow\"", 0)
        )),
        "{message}"
    );
    assert!(
        message.contains("unknown key `leter` in [[army]] (did you mean `letter`?)"),
        "{message}"
    );
    assert!(message.lines().count() >= 3, "{message}");
    assert!(
        message.lines().all(|line| line.starts_with("cn.toml:")),
        "{message}"
    );
}

#[test]
fn a_file_for_another_game_or_format_is_refused() {
    let text = changed("game = \"chateau-noir\"", "game = \"castle-risk\"");
    assert!(errors(&text).contains(&format!(
        "{}: this board is for `castle-risk`: a Château Noir board says game = \"chateau-noir\"",
        at(&text, "\"castle-risk\"", 0)
    )));
    let text = changed("format = 1", "format = 7");
    assert!(errors(&text).contains("unsupported board format 7"));
    let syntax = errors("[board\n");
    assert!(syntax.starts_with("cn.toml:1:"), "{syntax}");
    assert!(syntax.contains("TOML syntax"), "{syntax}");
}

#[test]
fn a_board_not_the_same_from_every_corner_loads_with_a_warning() {
    let text = changed(". . # X . . X . . .", ". . # X . . . . . .");
    let checked = check_board(&text, ORIGIN).expect("an asymmetric board still loads");
    assert_eq!(checked.warnings.len(), 1);
    let warning = checked.warnings[0].to_string();
    assert!(
        warning.contains("warning: the board is not the same from every corner"),
        "{warning}"
    );
}

#[test]
fn huge_files_and_hostile_names_are_refused_plainly() {
    let huge = "#".repeat(MAX_BOARD_BYTES + 1);
    assert!(errors(&huge).contains("the file is"), "too large");
    let text = changed("name = \"Red\"", "name = \"Red\\u001b[2J\"");
    let message = errors(&text);
    assert!(!message.contains('\u{1b}'), "{message}");
    assert!(message.contains("\\u001B"), "{message}");
}
