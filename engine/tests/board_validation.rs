//! Loading boards: one broken board per rule (`tests/boards/bad/`), a small good board,
//! the example of `docs/board-format.md`, absurd sizes, and fuzz-ish inputs that must
//! fail cleanly rather than panic or hang.

use std::path::{Path, PathBuf};

use castellan_engine::board::{
    Anchor, BoardError, BoardProblem, BorderKind, CardSymbol, Counted, GroupKind, IdKind,
    MAX_BONUS, MAX_GROUPS, MAX_OUTLINE_POINTS, MAX_SEAS, MAX_SOURCE_BYTES, MAX_TERRITORIES,
    PathProblem, Point, Problem, Rgb, Section, Shape, StringPlace, TerritoryId, TerritoryRef,
    load_board_file, parse_board,
};
use castellan_engine::diagnostics::{FileText, ProblemKind, ValueType};
use proptest::prelude::*;

fn fixture(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/boards")
        .join(relative)
}

/// The problems of a broken board from `tests/boards/bad/`, loaded from its file.
fn problems_in(name: &str) -> Vec<Problem> {
    let path = fixture(&format!("bad/{name}.toml"));
    match load_board_file(&path) {
        Ok(_) => panic!("{name}.toml loaded, but it is broken"),
        Err(error) => {
            assert!(matches!(error, BoardError::Invalid { .. }), "{error}");
            error.problems().to_vec()
        }
    }
}

/// Text as a problem quotes it.
fn text(text: &str) -> FileText {
    FileText::new(text)
}

/// Asserts that the broken board reports exactly one problem, at `line`:`column`, and
/// that it is `expected`.
fn assert_only_problem(name: &str, line: usize, column: usize, expected: impl Into<ProblemKind>) {
    let problems = problems_in(name);
    assert_eq!(problems.len(), 1, "{name}.toml: {problems:#?}");
    let problem = &problems[0];
    assert_eq!(
        (problem.line, problem.column),
        (line, column),
        "{name}.toml: {problem}"
    );
    assert_eq!(problem.kind, expected.into(), "{name}.toml: {problem}");
}

/// What every failed load must look like: at least one problem, positions within the
/// text, sorted, and nothing unescaped in the messages.
fn assert_well_formed(error: &BoardError, source: &str) {
    let problems = error.problems();
    assert!(!problems.is_empty(), "an invalid board must say why");
    let lines = source.split('\n').count();
    for problem in problems {
        assert!(problem.line >= 1 && problem.line <= lines, "{problem}");
        assert!(problem.column >= 1, "{problem}");
        let shown = problem.to_string();
        assert!(
            !shown
                .chars()
                .any(castellan_engine::diagnostics::is_unsafe_char),
            "{shown:?}"
        );
    }
    assert!(
        problems
            .windows(2)
            .all(|pair| (pair[0].line, pair[0].column) <= (pair[1].line, pair[1].column)),
        "problems out of order: {problems:#?}"
    );
}

// ---------------------------------------------------------------------------------
// One broken board per rule.

#[test]
fn toml_syntax_error_is_reported_with_its_position() {
    let problems = problems_in("syntax_error");
    assert_eq!(problems.len(), 1);
    assert_eq!((problems[0].line, problems[0].column), (4, 15));
    assert!(matches!(
        &problems[0].kind,
        ProblemKind::TomlSyntax { detail } if detail.as_str().starts_with("invalid basic string")
    ));
}

#[test]
fn unknown_key_gets_a_did_you_mean_hint() {
    assert_only_problem(
        "unknown_key",
        23,
        1,
        BoardProblem::UnknownKey {
            key: text("coast"),
            section: Section::Territory,
            hint: Some(text("coasts")),
        },
    );
}

#[test]
fn wrong_type_is_reported_at_the_value() {
    assert_only_problem(
        "wrong_type",
        11,
        9,
        BoardProblem::NotAWholeNumber {
            key: "bonus",
            found: ValueType::String,
        },
    );
}

#[test]
fn missing_required_key_is_reported_at_the_table_header() {
    assert_only_problem(
        "missing_key",
        24,
        1,
        BoardProblem::MissingKey {
            key: "name",
            section: Section::Territory,
        },
    );
}

#[test]
fn missing_board_table_is_reported_at_the_top() {
    assert_only_problem("missing_board", 1, 1, BoardProblem::MissingBoardTable);
}

#[test]
fn unsupported_format_is_reported_alone() {
    // The file also has an unknown top-level key and lacks a territory name: neither is
    // judged under a format this version cannot read.
    assert_only_problem(
        "unsupported_format",
        4,
        10,
        BoardProblem::UnsupportedFormat { found: 2 },
    );
}

#[test]
fn malformed_id_is_reported_once() {
    // The territory names the malformed group id too; that reference is not reported again.
    assert_only_problem(
        "bad_id",
        9,
        6,
        BoardProblem::InvalidId {
            id: text("Red Keep"),
        },
    );
}

#[test]
fn duplicate_territory_id_says_where_the_first_was() {
    assert_only_problem(
        "duplicate_territory_id",
        31,
        6,
        BoardProblem::DuplicateId {
            kind: IdKind::Territory,
            id: text("a"),
            first_line: 19,
        },
    );
}

#[test]
fn empires_and_regions_share_one_id_namespace() {
    assert_only_problem(
        "duplicate_group_id",
        19,
        6,
        BoardProblem::DuplicateId {
            kind: IdKind::Group,
            id: text("red"),
            first_line: 9,
        },
    );
}

#[test]
fn duplicate_sea_id_says_where_the_first_was() {
    assert_only_problem(
        "duplicate_sea_id",
        23,
        6,
        BoardProblem::DuplicateId {
            kind: IdKind::Sea,
            id: text("main"),
            first_line: 19,
        },
    );
}

#[test]
fn unknown_group_is_reported_with_a_hint() {
    assert_only_problem(
        "unknown_group",
        33,
        9,
        BoardProblem::UnknownGroup {
            territory: TerritoryRef::Id(text("c")),
            group: text("rde"),
            hint: Some(text("red")),
        },
    );
}

#[test]
fn territory_without_group_is_in_no_group() {
    assert_only_problem(
        "no_group",
        30,
        1,
        BoardProblem::NoGroup {
            territory: TerritoryRef::Id(text("c")),
        },
    );
}

#[test]
fn coast_on_unknown_sea_is_reported_with_a_hint() {
    assert_only_problem(
        "unknown_sea",
        34,
        11,
        BoardProblem::UnknownSea {
            sea: text("mian"),
            hint: Some(text("main")),
        },
    );
}

#[test]
fn same_sea_twice_in_coasts_is_reported_at_the_second() {
    assert_only_problem(
        "sea_listed_twice",
        27,
        19,
        BoardProblem::SeaListedTwice { sea: text("main") },
    );
}

#[test]
fn sea_no_territory_touches_is_reported() {
    assert_only_problem(
        "unused_sea",
        18,
        1,
        BoardProblem::UnusedSea { sea: text("main") },
    );
}

#[test]
fn border_to_unknown_territory_is_reported_at_that_end() {
    assert_only_problem(
        "unknown_border_territory",
        31,
        27,
        BoardProblem::UnknownBorderEnd {
            territory: text("lodnon"),
            hint: None,
        },
    );
}

#[test]
fn border_to_itself_is_reported() {
    assert_only_problem(
        "border_to_itself",
        31,
        21,
        BoardProblem::BorderToItself {
            territory: text("a"),
        },
    );
}

#[test]
fn same_border_twice_in_either_order_and_kind_is_reported() {
    assert_only_problem(
        "border_listed_twice",
        32,
        11,
        BoardProblem::BorderTwice {
            a: text("b"),
            b: text("a"),
            first_line: 31,
        },
    );
}

#[test]
fn group_without_territory_is_reported() {
    assert_only_problem(
        "empty_group",
        18,
        1,
        BoardProblem::EmptyGroup {
            section: Section::Region,
            id: text("wilds"),
        },
    );
}

#[test]
fn fewer_than_two_empires_is_reported() {
    assert_only_problem("one_empire", 8, 1, BoardProblem::TooFewEmpires { found: 1 });
}

#[test]
fn disconnected_map_names_the_territories_cut_off() {
    assert_only_problem(
        "disconnected",
        30,
        1,
        BoardProblem::NotConnected {
            cut_off: vec![TerritoryRef::Id(text("c")), TerritoryRef::Id(text("d"))],
            more: 0,
            from: TerritoryRef::Id(text("a")),
        },
    );
}

#[test]
fn outline_of_fewer_than_three_points_is_reported() {
    assert_only_problem(
        "short_outline",
        23,
        11,
        BoardProblem::OutlineTooShort { points: 2 },
    );
}

#[test]
fn outline_and_path_together_are_reported() {
    assert_only_problem(
        "outline_and_path",
        24,
        8,
        BoardProblem::OutlineAndPath {
            shape: Shape::Territory,
        },
    );
}

#[test]
fn bad_path_data_points_inside_the_string() {
    // Column 22 is the `C` inside "M 5 5 L 15 5 C …".
    assert_only_problem(
        "bad_path",
        23,
        22,
        BoardProblem::BadPath(PathProblem::UnsupportedCommand('C')),
    );
}

#[test]
fn path_ring_of_fewer_than_three_points_is_reported_at_its_move() {
    assert_only_problem(
        "short_path_ring",
        23,
        27,
        BoardProblem::RingTooShort { ring: 2, points: 2 },
    );
}

#[test]
fn non_finite_coordinate_is_reported() {
    assert_only_problem(
        "non_finite_coordinate",
        22,
        10,
        BoardProblem::AnchorNotFinite {
            anchor: Anchor::Centre,
        },
    );
}

#[test]
fn anchor_off_the_board_is_reported() {
    assert_only_problem(
        "off_board_anchor",
        23,
        10,
        BoardProblem::AnchorOffBoard {
            anchor: Anchor::Castle,
            x: 150.0,
            y: 10.0,
            width: 100.0,
            height: 100.0,
        },
    );
}

#[test]
fn outline_may_stray_ten_percent_off_the_board_but_no_more() {
    // (108, 5) is within the margin; (120, 15) and (5, 130) are not: one problem.
    assert_only_problem(
        "outline_off_board",
        23,
        30,
        BoardProblem::OutlineOffBoard {
            x: 120.0,
            y: 15.0,
            others: 1,
        },
    );
}

#[test]
fn colour_not_rrggbb_is_reported() {
    let problems = problems_in("bad_colour");
    assert_eq!(problems.len(), 1);
    assert_eq!((problems[0].line, problems[0].column), (12, 10));
    assert!(matches!(
        problems[0].kind,
        ProblemKind::Board(BoardProblem::BadColour { .. })
    ));
}

#[test]
fn card_symbol_not_of_the_classic_deck_is_reported_with_a_hint() {
    assert_only_problem(
        "bad_card_symbol",
        22,
        15,
        BoardProblem::BadCardSymbol {
            written: FileText::new("cavalery"),
            hint: Some(FileText::new("cavalry")),
        },
    );
}

#[test]
fn card_symbol_of_the_wrong_type_is_reported() {
    let source = std::fs::read_to_string(fixture("bad/bad_card_symbol.toml"))
        .unwrap()
        .replace("card_symbol = \"cavalery\"", "card_symbol = 3");
    let error = parse_board(&source, "wrong.toml").expect_err("a number is no card symbol");
    let problems = error.problems();
    assert_eq!(problems.len(), 1, "{problems:#?}");
    assert_eq!((problems[0].line, problems[0].column), (22, 15));
    assert_eq!(
        problems[0].kind,
        ProblemKind::Board(BoardProblem::NotAString {
            place: StringPlace::Key("card_symbol"),
            found: ValueType::Integer,
        })
    );
}

#[test]
fn blank_name_is_reported() {
    assert_only_problem(
        "empty_name",
        15,
        8,
        BoardProblem::EmptyName {
            section: Section::Empire,
        },
    );
}

#[test]
fn zero_board_size_is_reported() {
    assert_only_problem(
        "bad_board_size",
        5,
        9,
        BoardProblem::BoardSize {
            key: "width",
            value: 0.0,
        },
    );
}

#[test]
fn negative_bonus_is_reported() {
    assert_only_problem(
        "negative_bonus",
        11,
        9,
        BoardProblem::Negative {
            key: "bonus",
            value: -1,
        },
    );
}

/// Bonuses go up to 10,000 armies (`MAX_BONUS`, as the variants' army options); a
/// larger one, or one past 64 bits, is refused with the limit in the message.
#[test]
fn a_bonus_past_its_limit_is_refused_with_the_limit() {
    let source = std::fs::read_to_string(fixture("bad/negative_bonus.toml")).unwrap();
    let with = |bonus: &str, independents: &str| {
        source
            .replace("bonus = -1", &format!("bonus = {bonus}"))
            .replace(
                "height = 100\n",
                &format!("height = 100\nall_independents_bonus = {independents}\n"),
            )
    };
    let at_limit = with(&MAX_BONUS.to_string(), &MAX_BONUS.to_string());
    let board = parse_board(&at_limit, "b.toml").unwrap();
    assert_eq!(board.groups[0].bonus, MAX_BONUS);
    assert_eq!(board.all_independents_bonus, MAX_BONUS);
    for (bonus, independents, key) in [
        ("10001", "0", "bonus"),
        ("4294967296", "0", "bonus"),
        ("99999999999999999999", "0", "bonus"),
        ("2", "10001", "all_independents_bonus"),
    ] {
        let error = parse_board(&with(bonus, independents), "b.toml").unwrap_err();
        let problems = error.problems();
        assert_eq!(problems.len(), 1, "{error}");
        assert_eq!(
            problems[0].kind,
            BoardProblem::NumberTooLarge { key, max: 10_000 }.into(),
            "{error}"
        );
        assert!(
            error
                .to_string()
                .contains("is far too large (at most 10000)"),
            "{error}"
        );
    }
}

#[test]
fn every_problem_is_reported_at_once_in_file_order() {
    let problems = problems_in("several_problems");
    let positions: Vec<(usize, usize)> = problems.iter().map(|p| (p.line, p.column)).collect();
    assert_eq!(
        positions,
        [
            (4, 8),
            (7, 1),
            (17, 9),
            (19, 1),
            (28, 11),
            (34, 10),
            (36, 1),
            (43, 21),
            (43, 39)
        ],
        "{problems:#?}"
    );
    let kinds: Vec<&BoardProblem> = problems
        .iter()
        .map(|problem| match &problem.kind {
            ProblemKind::Board(kind) => kind,
            other => panic!("{other:?}"),
        })
        .collect();
    assert!(matches!(
        kinds[..],
        [
            BoardProblem::EmptyName {
                section: Section::Board
            },
            BoardProblem::UnknownKey {
                section: Section::Board,
                ..
            },
            BoardProblem::NotAWholeNumber {
                key: "bonus",
                found: ValueType::Float
            },
            BoardProblem::UnusedSea { .. },
            BoardProblem::UnknownSea { hint: Some(_), .. },
            BoardProblem::AnchorOffBoard {
                anchor: Anchor::Centre,
                ..
            },
            BoardProblem::NotConnected { .. },
            BoardProblem::BorderTwice { first_line: 43, .. },
            BoardProblem::UnknownBorderEnd { .. },
        ]
    ));
}

// ---------------------------------------------------------------------------------
// Text from a file is never trusted: names are plain text of a sensible length, and
// whatever a file holds reaches a message escaped.

#[test]
fn names_with_control_characters_are_refused_where_they_are() {
    use castellan_engine::diagnostics::TextProblem;
    // A NUL in a name once passed `board check` and then aborted the program inside
    // gettext, which refuses messages holding one.
    let source = MINIMAL
        .replacen("name = \"Minimal\"", "name = \"Castle\\u0000Risk\"", 1)
        .replacen("name = \"The Isles\"", "name = \"The\\nIsles\"", 1)
        .replacen(
            "author = \"Castellan tests\"",
            "author = \"Castellan\\u001b[2J tests\"",
            1,
        );
    let error = parse_board(&source, "nul.toml").unwrap_err();
    let found: Vec<(usize, usize, ProblemKind)> = error
        .problems()
        .iter()
        .map(|p| (p.line, p.column, p.kind.clone()))
        .collect();
    let control = |key, c| ProblemKind::Text {
        key,
        problem: TextProblem::ControlCharacter(c),
    };
    assert_eq!(
        found,
        [
            (6, 8, control("name", '\0')),
            (8, 10, control("author", '\u{1b}')),
            (22, 8, control("name", '\n')),
        ]
    );
    let shown = error.to_string();
    assert!(shown.contains("nul.toml:6:8: `name` holds the control character \\u0000"));
    assert_well_formed(&error, &source);
}

#[test]
fn a_description_may_break_lines_but_holds_no_other_control() {
    let source = MINIMAL.replacen(
        "description = \"A test board.\"",
        "description = \"\"\"\nA test board.\nOn two lines.\"\"\"",
        1,
    );
    let board = parse_board(&source, "lines.toml").unwrap();
    assert_eq!(board.meta.description, "A test board.\nOn two lines.");
    let source = MINIMAL.replacen(
        "description = \"A test board.\"",
        "description = \"A\\ttab\"",
        1,
    );
    assert!(matches!(
        parse_board(&source, "tab.toml").unwrap_err().problems(),
        [Problem {
            line: 7,
            column: 15,
            kind: ProblemKind::Text {
                key: "description",
                ..
            }
        }]
    ));
}

#[test]
fn a_hostile_id_cannot_forge_a_line_or_clear_the_terminal() {
    let source = MINIMAL.replacen(
        "id = \"north\"",
        "id = \"x\\nfake.toml:1:1: everything is fine\\u001b[2J\"",
        1,
    );
    let error = parse_board(&source, "forged.toml").unwrap_err();
    let shown = error.to_string();
    // One line per problem, every one starting with the file's name.
    assert_eq!(shown.lines().count(), error.problems().len(), "{shown}");
    assert!(
        shown.lines().all(|line| line.starts_with("forged.toml:")),
        "{shown}"
    );
    assert!(!shown.contains('\u{1b}'), "{shown:?}");
    assert!(
        shown.contains(
            "forged.toml:15:6: invalid id `x\\nfake.toml:1:1: everything is fine\\u001B[2J`"
        ),
        "{shown}"
    );
    assert_well_formed(&error, &source);
}

#[test]
fn very_long_names_are_refused_where_they_are() {
    use castellan_engine::diagnostics::{MAX_DESCRIPTION_CHARS, MAX_NAME_CHARS, TextProblem};
    let long_name = "n".repeat(100_000);
    let source = MINIMAL
        .replacen(
            "name = \"Northern Empire\"",
            &format!("name = \"{long_name}\""),
            1,
        )
        .replacen(
            "description = \"A test board.\"",
            &format!(
                "description = \"{}\"",
                "d".repeat(MAX_DESCRIPTION_CHARS + 1)
            ),
            1,
        );
    let error = parse_board(&source, "long.toml").unwrap_err();
    let found: Vec<(usize, usize, ProblemKind)> = error
        .problems()
        .iter()
        .map(|p| (p.line, p.column, p.kind.clone()))
        .collect();
    assert_eq!(
        found,
        [
            (
                7,
                15,
                ProblemKind::Text {
                    key: "description",
                    problem: TextProblem::TooLong {
                        length: MAX_DESCRIPTION_CHARS + 1,
                        max: MAX_DESCRIPTION_CHARS
                    }
                }
            ),
            (
                16,
                8,
                ProblemKind::Text {
                    key: "name",
                    problem: TextProblem::TooLong {
                        length: 100_000,
                        max: MAX_NAME_CHARS
                    }
                }
            ),
        ]
    );
    // The longest name allowed loads.
    let source = MINIMAL.replacen(
        "name = \"Northern Empire\"",
        &format!("name = \"{}\"", "é".repeat(MAX_NAME_CHARS)),
        1,
    );
    assert!(parse_board(&source, "long.toml").is_ok());
}

#[test]
fn error_display_is_one_file_line_column_message_per_line() {
    let path = fixture("bad/several_problems.toml");
    let error = load_board_file(&path).unwrap_err();
    let text = error.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 9);
    let origin = path.display().to_string();
    assert_eq!(error.origin(), origin);
    assert_eq!(
        lines[0],
        format!("{origin}:4:8: `name` in [board] must not be empty")
    );
    assert!(lines.iter().all(|line| line.starts_with(&origin)));
}

// ---------------------------------------------------------------------------------
// Good boards.

#[test]
fn minimal_board_is_built_in_file_order() {
    let board = load_board_file(&fixture("good/minimal.toml")).unwrap();
    assert_eq!(board.meta.format, 1);
    assert_eq!(board.meta.name, "Minimal");
    assert_eq!(board.meta.licence, "CC0-1.0");
    assert_eq!((board.width, board.height), (100.0, 80.0));
    assert_eq!(board.all_independents_bonus, 3);

    // Groups in file order, empires and regions interleaved as written.
    let groups: Vec<(&str, GroupKind, u32)> = board
        .groups
        .iter()
        .map(|g| (g.key.as_str(), g.kind, g.bonus))
        .collect();
    assert_eq!(
        groups,
        [
            ("north", GroupKind::Empire, 2),
            ("isles", GroupKind::Independent, 0),
            ("south", GroupKind::Empire, 3),
        ]
    );
    assert_eq!(
        board.groups[0].colour,
        Some(Rgb {
            r: 0x33,
            g: 0x66,
            b: 0xcc
        })
    );
    assert_eq!(board.groups[2].colour, None);

    let id = |key: &str| board.territory_by_key(key).unwrap();
    let (hill, ford, dale, rock) = (id("hill"), id("ford"), id("dale"), id("rock"));
    assert_eq!([hill, ford, dale, rock].map(|t| t.0), [0, 1, 2, 3]);
    assert_eq!(board.groups[0].territories, [hill, ford]);
    assert_eq!(board.groups[1].territories, [rock]);

    // Neighbour lists sorted by id, both ways, from borders listed once.
    assert_eq!(board.territory(hill).land, [ford, dale]);
    assert_eq!(board.territory(dale).land, [hill, ford]);
    assert_eq!(board.territory(dale).dotted, [rock]);
    assert_eq!(board.territory(rock).dotted, [dale]);
    assert!(board.territory(rock).land.is_empty());
    let borders: Vec<(u16, u16, BorderKind)> = board
        .borders
        .iter()
        .map(|b| (b.a.0, b.b.0, b.kind))
        .collect();
    assert_eq!(
        borders,
        [
            (0, 1, BorderKind::Land),
            (0, 2, BorderKind::Land),
            (1, 2, BorderKind::Land),
            (2, 3, BorderKind::Dotted),
        ]
    );

    // Seas list their coasts in file order.
    let west = board.sea_by_key("west").unwrap();
    let east = board.sea_by_key("east").unwrap();
    assert_eq!(board.sea(west).coasts, [hill, dale]);
    assert_eq!(board.sea(east).coasts, [dale, rock]);
    assert_eq!(board.sea(west).label, Some(Point::new(5.0, 40.0)));
    assert_eq!(board.territory(dale).seas, [west, east]);
    assert!(board.territory(ford).seas.is_empty());
}

#[test]
fn minimal_board_geometry_defaults_anchors_and_reads_outlines() {
    let board = load_board_file(&fixture("good/minimal.toml")).unwrap();
    let hill = board.territory(board.territory_by_key("hill").unwrap());
    assert_eq!(hill.geometry.centre, Point::new(30.0, 20.0));
    assert_eq!(hill.geometry.badge, Point::new(32.0, 24.0));
    assert_eq!(hill.geometry.label, hill.geometry.centre);
    assert_eq!(hill.geometry.castle, hill.geometry.centre);
    assert_eq!(hill.geometry.outline.len(), 1);
    assert_eq!(hill.geometry.outline[0].len(), 4);

    let ford = board.territory(board.territory_by_key("ford").unwrap());
    assert!(ford.geometry.outline.is_empty());

    let dale = board.territory(board.territory_by_key("dale").unwrap());
    assert_eq!(
        dale.geometry.outline,
        [vec![
            Point::new(35.0, 50.0),
            Point::new(55.0, 50.0),
            Point::new(55.0, 70.0),
            Point::new(35.0, 70.0),
        ]]
    );

    // Two rings: an island territory; the second ring is relative to the first's start.
    let rock = board.territory(board.territory_by_key("rock").unwrap());
    assert_eq!(rock.geometry.outline.len(), 2);
    assert_eq!(
        rock.geometry.outline[1],
        [
            Point::new(80.0, 75.0),
            Point::new(83.0, 75.0),
            Point::new(83.0, 78.0)
        ]
    );
}

#[test]
fn card_symbols_are_read_where_given_and_optional_elsewhere() {
    let source = std::fs::read_to_string(fixture("bad/bad_card_symbol.toml"))
        .unwrap()
        .replace("\"cavalery\"", "\"artillery\"");
    let board = parse_board(&source, "cards.toml").unwrap_or_else(|e| panic!("{e}"));
    let symbol = |key: &str| {
        board
            .territory(board.territory_by_key(key).unwrap())
            .card_symbol
    };
    assert_eq!(symbol("a"), Some(CardSymbol::Artillery));
    assert_eq!(symbol("b"), Some(CardSymbol::Infantry));

    // A board that names no symbol (every board before the classic map) still loads.
    let minimal = load_board_file(&fixture("good/minimal.toml")).unwrap();
    assert!(minimal.territories.iter().all(|t| t.card_symbol.is_none()));
}

#[test]
fn territory_ids_are_file_indices() {
    let board = load_board_file(&fixture("good/minimal.toml")).unwrap();
    for (index, id) in board.territory_ids().enumerate() {
        assert_eq!(id, TerritoryId(index as u16));
        assert_eq!(board.territory_by_key(&board.territory(id).key), Some(id));
    }
}

#[test]
fn dotted_line_is_an_attack_border_without_admiral_ruling_15() {
    let board = load_board_file(&fixture("good/minimal.toml")).unwrap();
    let id = |key: &str| board.territory_by_key(key).unwrap();
    assert_eq!(
        board.border_between(id("dale"), id("rock")),
        Some(BorderKind::Dotted)
    );
    assert!(board.are_adjacent(id("rock"), id("dale")));
    assert!(!board.are_adjacent(id("rock"), id("hill")));
}

#[test]
fn admiral_sails_only_within_one_sea_ruling_14() {
    // Dale touches both seas; Hill (west) and Rock (east) share none, like the
    // Mediterranean and the Black Sea.
    let board = load_board_file(&fixture("good/minimal.toml")).unwrap();
    let id = |key: &str| board.territory_by_key(key).unwrap();
    assert!(board.share_a_sea(id("hill"), id("dale")));
    assert!(board.share_a_sea(id("dale"), id("rock")));
    assert!(!board.share_a_sea(id("hill"), id("rock")));
    assert!(!board.share_a_sea(id("ford"), id("hill")));
}

/// The first ```toml block of the format guide.
fn documented_example() -> &'static str {
    let guide = include_str!("../../docs/board-format.md");
    let start = guide.find("```toml\n").expect("a toml example") + "```toml\n".len();
    let length = guide[start..].find("\n```").expect("the example's end");
    &guide[start..start + length + 1]
}

#[test]
fn the_documented_example_loads_as_described() {
    let board =
        parse_board(documented_example(), "board-format.md").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(board.territories.len(), 6);
    assert_eq!(board.groups.len(), 3);
    assert_eq!(board.seas.len(), 2);
    assert_eq!(board.borders.len(), 8);
    assert_eq!(board.independent_territory_count(), 2);
    let id = |key: &str| board.territory_by_key(key).unwrap();
    assert_eq!(
        board.border_between(id("redkeep"), id("bluemoor")),
        Some(BorderKind::Dotted)
    );
    assert!(board.share_a_sea(id("redkeep"), id("northmarch")));
    assert!(!board.share_a_sea(id("redkeep"), id("ashford")));
    let redkeep = board.territory(id("redkeep"));
    assert_eq!(redkeep.geometry.badge, redkeep.geometry.centre);
    assert_eq!(board.territory(id("tidewell")).geometry.outline.len(), 2);
}

// ---------------------------------------------------------------------------------
// Absurd sizes: refused fast, without panicking.

#[test]
fn source_over_the_size_limit_is_refused_before_parsing() {
    let source = format!("# {}", "x".repeat(MAX_SOURCE_BYTES));
    let error = parse_board(&source, "huge.toml").unwrap_err();
    assert_eq!(error.problems().len(), 1);
    assert_eq!(
        error.problems()[0].kind,
        ProblemKind::FileTooLarge {
            bytes: source.len() as u64,
            max_bytes: MAX_SOURCE_BYTES
        }
    );
    assert!(error.to_string().ends_with("it may be at most 4 MiB"));
}

#[test]
fn file_over_the_size_limit_is_refused_by_its_length() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-too-large.toml");
    std::fs::write(&path, vec![b'#'; MAX_SOURCE_BYTES + 1]).unwrap();
    let error = load_board_file(&path).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert_eq!(
        (error.problems()[0].line, error.problems()[0].column),
        (1, 1)
    );
    assert_eq!(
        error.problems()[0].kind,
        ProblemKind::FileTooLarge {
            bytes: MAX_SOURCE_BYTES as u64 + 1,
            max_bytes: MAX_SOURCE_BYTES
        }
    );
}

/// A board whose `[board]` takes lines 1–2, followed by `count` one-line tables.
fn many_tables(header: &str, count: usize) -> String {
    format!(
        "[board]\nformat = 1\n{}",
        format!("{header}\n").repeat(count)
    )
}

#[test]
fn too_many_territories_are_refused() {
    let source = many_tables("[[territory]]", MAX_TERRITORIES + 1);
    let error = parse_board(&source, "many.toml").unwrap_err();
    assert_eq!(error.problems().len(), 1);
    let problem = &error.problems()[0];
    assert_eq!((problem.line, problem.column), (MAX_TERRITORIES + 3, 1));
    assert_eq!(
        problem.kind,
        BoardProblem::TooMany {
            what: Counted::Territories,
            found: 2001,
            max: MAX_TERRITORIES
        }
        .into()
    );
}

#[test]
fn too_many_groups_are_refused_counting_empires_and_regions() {
    let source = format!(
        "{}{}",
        many_tables("[[empire]]", 300),
        "[[region]]\n".repeat(MAX_GROUPS - 300 + 1)
    );
    let error = parse_board(&source, "many.toml").unwrap_err();
    assert_eq!(error.problems().len(), 1);
    assert_eq!(error.problems()[0].line, MAX_GROUPS + 3);
    assert!(matches!(
        error.problems()[0].kind,
        ProblemKind::Board(BoardProblem::TooMany {
            what: Counted::Groups,
            ..
        })
    ));
}

#[test]
fn too_many_seas_are_refused() {
    let source = many_tables("[[sea]]", MAX_SEAS + 1);
    let error = parse_board(&source, "many.toml").unwrap_err();
    assert_eq!(error.problems().len(), 1);
    assert!(matches!(
        error.problems()[0].kind,
        ProblemKind::Board(BoardProblem::TooMany {
            what: Counted::Seas,
            ..
        })
    ));
}

#[test]
fn too_many_outline_points_are_refused() {
    let points = "[1, 1],".repeat(MAX_OUTLINE_POINTS + 1);
    let source = format!(
        "[board]\nformat = 1\nname = \"x\"\nwidth = 10\nheight = 10\n\n\
         [[territory]]\nid = \"a\"\nname = \"A\"\ngroup = \"g\"\ncentre = [1, 1]\n\
         outline = [{points}]\n"
    );
    let error = parse_board(&source, "points.toml").unwrap_err();
    let outline = error
        .problems()
        .iter()
        .find(|p| p.kind == BoardProblem::TooManyOutlinePoints.into())
        .expect("the outline limit is reported");
    assert_eq!((outline.line, outline.column), (12, 11));
}

#[test]
fn deeply_nested_arrays_and_tables_do_not_overflow_the_stack() {
    for source in [
        format!("a = {}", "[".repeat(100_000)),
        format!("a = {}1{}", "[".repeat(10_000), "]".repeat(10_000)),
        format!("a = {}", "{ b = ".repeat(100_000)),
        format!("{}c = 1", "b.".repeat(100_000)),
    ] {
        let error = parse_board(&source, "deep.toml").unwrap_err();
        assert_well_formed(&error, &source);
    }
}

#[test]
fn hostile_files_are_answered_quickly() {
    let long_a = "a".repeat(1 << 19);
    let long_b = "b".repeat(1 << 19);
    let sources = [
        // Thousands of problems on a single enormous line.
        format!(
            "territory = [{}]\n[board]\nformat = 1\n",
            "{}, ".repeat(MAX_TERRITORIES)
        ),
        // Huge ids, duplicated and misspelt in a border.
        format!(
            "[board]\nformat = 1\n[[territory]]\nid = \"{long_a}\"\n[[territory]]\n\
             id = \"{long_a}\"\n[borders]\nland = [[\"{long_a}\", \"{long_b}\"]]\n"
        ),
        // Hundreds of thousands of unknown keys.
        (0..300_000).map(|i| format!("k{i} = 1\n")).collect(),
    ];
    for source in &sources {
        assert!(source.len() <= MAX_SOURCE_BYTES);
        let started = std::time::Instant::now();
        let error = parse_board(source, "hostile.toml").unwrap_err();
        assert_well_formed(&error, source);
        // Generous even for a debug build on a busy machine; quadratic work takes minutes.
        assert!(
            started.elapsed().as_secs() < 20,
            "took {:?}",
            started.elapsed()
        );
    }
}

// ---------------------------------------------------------------------------------
// Files that cannot be read.

#[test]
fn missing_file_is_an_io_error_naming_the_file() {
    let path = fixture("bad/no-such-board.toml");
    let error = load_board_file(&path).unwrap_err();
    assert!(matches!(error, BoardError::Io { .. }));
    assert!(error.problems().is_empty());
    assert!(error.to_string().starts_with(&path.display().to_string()));
}

#[test]
fn file_that_is_not_utf8_is_refused_saying_where() {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("board-latin1.toml");
    std::fs::write(&path, b"[board]\nname = \"Caf\xe9\"\n").unwrap();
    let error = load_board_file(&path).unwrap_err();
    std::fs::remove_file(&path).unwrap();
    assert!(matches!(
        error.problems(),
        [Problem {
            line: 2,
            column: 12,
            kind: ProblemKind::NotUtf8
        }]
    ));
    let text = error.to_string();
    assert!(
        text.starts_with(&format!("{}:2:12: ", path.display())),
        "{text}"
    );
}

// ---------------------------------------------------------------------------------
// Boards of the whole world: an east-west edge that wraps around, and seas with water.

#[test]
fn wraps_around_is_off_unless_the_board_says_so() {
    let plain = parse_board(MINIMAL, "minimal.toml").unwrap();
    assert!(!plain.wraps_around);
    let source = MINIMAL.replacen("format = 1", "format = 1\nwraps_around = true", 1);
    assert!(parse_board(&source, "wraps.toml").unwrap().wraps_around);
}

#[test]
fn wraps_around_must_be_true_or_false() {
    let source = MINIMAL.replacen("format = 1", "format = 1\nwraps_around = \"yes\"", 1);
    let error = parse_board(&source, "wraps.toml").unwrap_err();
    let problems = error.problems();
    assert_eq!(problems.len(), 1, "{error}");
    assert_eq!((problems[0].line, problems[0].column), (6, 16));
    assert_eq!(
        problems[0].kind,
        BoardProblem::NotABoolean {
            key: "wraps_around",
            found: ValueType::String
        }
        .into()
    );
}

#[test]
fn a_sea_may_give_its_water_as_an_outline_or_a_path() {
    let with_outline = MINIMAL.replacen(
        "label = [5, 40]",
        "label = [5, 40]\noutline = [[0, 0], [10, 0], [10, 10]]",
        1,
    );
    let board = parse_board(&with_outline, "sea.toml").unwrap();
    let west = board.sea(board.sea_by_key("west").unwrap());
    assert_eq!(
        west.outline,
        vec![vec![
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
            Point::new(10.0, 10.0)
        ]]
    );
    let east = board.sea(board.sea_by_key("east").unwrap());
    assert!(east.outline.is_empty());

    let with_path = MINIMAL.replacen(
        "label = [5, 40]",
        "label = [5, 40]\npath = \"M 0 0 H 10 V 10 Z M 20 20 h 5 v 5 z\"",
        1,
    );
    let board = parse_board(&with_path, "sea.toml").unwrap();
    assert_eq!(
        board.sea(board.sea_by_key("west").unwrap()).outline.len(),
        2
    );
}

#[test]
fn a_seas_name_may_be_turned_and_is_level_unless_the_file_says() {
    let board = parse_board(MINIMAL, "sea.toml").unwrap();
    assert_eq!(
        board.sea(board.sea_by_key("west").unwrap()).label_angle,
        0.0
    );
    let turned = MINIMAL.replacen("label = [5, 40]", "label = [5, 40]\nlabel_angle = -80", 1);
    let board = parse_board(&turned, "sea.toml").unwrap();
    assert_eq!(
        board.sea(board.sea_by_key("west").unwrap()).label_angle,
        -80.0
    );
}

#[test]
fn a_seas_label_angle_beyond_a_quarter_turn_or_not_a_number_is_refused() {
    for (angle, fragment) in [
        (
            "120",
            "`label_angle` must be from -90 to 90 degrees, found 120",
        ),
        (
            "-90.5",
            "`label_angle` must be from -90 to 90 degrees, found -90.5",
        ),
        (
            "nan",
            "`label_angle` must be from -90 to 90 degrees, found NaN",
        ),
        ("\"up\"", "`label_angle` must be a number, found a string"),
    ] {
        let source = MINIMAL.replacen(
            "label = [5, 40]",
            &format!("label = [5, 40]\nlabel_angle = {angle}"),
            1,
        );
        let error = parse_board(&source, "sea.toml").unwrap_err();
        assert_well_formed(&error, &source);
        let line = source
            .lines()
            .position(|l| l.starts_with("label_angle"))
            .unwrap()
            + 1;
        let problems = error.problems();
        assert_eq!(problems.len(), 1, "{error}");
        assert_eq!(
            (problems[0].line, problems[0].column),
            (line, 15),
            "{error}"
        );
        assert_eq!(problems[0].kind.to_string(), fragment, "{error}");
    }
}

#[test]
fn a_sea_with_both_outline_and_path_is_refused() {
    let source = MINIMAL.replacen(
        "label = [5, 40]",
        "label = [5, 40]\noutline = [[0, 0], [10, 0], [10, 10]]\npath = \"M 0 0 H 10 V 10 Z\"",
        1,
    );
    let error = parse_board(&source, "sea.toml").unwrap_err();
    assert!(
        error
            .problems()
            .iter()
            .any(|p| p.kind == BoardProblem::OutlineAndPath { shape: Shape::Sea }.into()),
        "{error}"
    );
}

// ---------------------------------------------------------------------------------
// Fuzz-ish: whatever the input, an answer and never a panic.

const MINIMAL: &str = include_str!("boards/good/minimal.toml");

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn truncated_boards_are_refused_cleanly(cut in 0..MINIMAL.len()) {
        let cut = (0..=cut).rev().find(|&i| MINIMAL.is_char_boundary(i)).unwrap_or(0);
        let source = &MINIMAL[..cut];
        // Every prefix that stops before the final `]` lacks something required.
        let last_bracket = MINIMAL.rfind(']').unwrap();
        match parse_board(source, "cut.toml") {
            Ok(_) => prop_assert!(cut > last_bracket),
            Err(error) => assert_well_formed(&error, source),
        }
    }

    #[test]
    fn garbage_is_refused_cleanly(source in "\\PC{0,400}") {
        match parse_board(&source, "garbage.toml") {
            Ok(board) => prop_assert!(false, "garbage loaded: {board:?}"),
            Err(error) => assert_well_formed(&error, &source),
        }
    }

    #[test]
    fn garbage_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let source = String::from_utf8_lossy(&bytes);
        prop_assert!(parse_board(&source, "bytes.toml").is_err());
    }

    #[test]
    fn mutated_boards_load_or_are_refused_cleanly(
        at in 0..MINIMAL.len(),
        replacement in proptest::sample::select(
            vec!["", "[", "]", "\"", "=", "0", "-1", "x", "\n", "é", "nan", "[[territory]]\n"],
        ),
    ) {
        let at = (0..=at).rev().find(|&i| MINIMAL.is_char_boundary(i)).unwrap_or(0);
        let end = MINIMAL[at..].chars().next().map_or(at, |c| at + c.len_utf8());
        let source = format!("{}{replacement}{}", &MINIMAL[..at], &MINIMAL[end..]);
        if let Err(error) = parse_board(&source, "mutated.toml") {
            assert_well_formed(&error, &source);
        }
    }

    #[test]
    fn nesting_of_any_depth_is_refused_cleanly(depth in 0usize..5_000, table in any::<bool>()) {
        let opening = if table { "{ a = " } else { "[" };
        let source = format!("[board]\nx = {}", opening.repeat(depth));
        let error = parse_board(&source, "nested.toml").unwrap_err();
        assert_well_formed(&error, &source);
    }
}
