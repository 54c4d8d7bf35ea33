//! The command line, run as users run it: the built `castellan` binary on good and bad
//! board files and on odds, checking exit codes and exact output.

mod common;

use std::fs;
use std::path::Path;

use common::{Scratch, castellan, stderr, stdout};

/// The smallest board the loader accepts with every kind of thing in it: two empires,
/// a region, a sea, land and dotted borders.
const SMALL_BOARD: &str = r#"[board]
format = 1
name = "Small"
width = 100
height = 100

[[empire]]
id = "north"
name = "North"
bonus = 2

[[empire]]
id = "south"
name = "South"
bonus = 1

[[region]]
id = "isles"
name = "Isles"

[[sea]]
id = "channel"
name = "Channel"

[[territory]]
id = "a"
name = "A"
group = "north"
coasts = ["channel"]
centre = [10, 10]

[[territory]]
id = "b"
name = "B"
group = "north"
centre = [30, 10]

[[territory]]
id = "c"
name = "C"
group = "isles"
coasts = ["channel"]
centre = [60, 60]

[[territory]]
id = "d"
name = "D"
group = "south"
centre = [60, 90]

[borders]
land = [["a", "b"], ["c", "d"]]
dotted = [["b", "c"]]
"#;

/// `SMALL_BOARD` with two mistakes, territory `b`'s centre off the board and territory
/// `d` in an unknown group, which leaves the South empire empty: three problems.
fn broken_board() -> String {
    let broken = SMALL_BOARD
        .replace("centre = [30, 10]", "centre = [300, 10]")
        .replace("group = \"south\"", "group = \"west\"");
    assert_ne!(broken, SMALL_BOARD);
    broken
}

/// The 1-based line of `text` where `needle` first appears.
fn line_of(text: &str, needle: &str) -> usize {
    let at = text.find(needle).expect("the needle is in the text");
    text[..at].matches('\n').count() + 1
}

/// Splits a `FILE:LINE:COLUMN: message` line, insisting on its shape.
fn located(line: &str) -> (&str, usize, usize, &str) {
    let (place, message) = line.split_once(": ").expect("FILE:LINE:COLUMN: message");
    let mut parts = place.rsplitn(3, ':');
    let column = parts.next().and_then(|c| c.parse().ok()).expect("a column");
    let row = parts.next().and_then(|l| l.parse().ok()).expect("a line");
    let file = parts.next().expect("a file name");
    (file, row, column, message)
}

#[test]
fn board_check_prints_one_summary_line_per_good_file() {
    let scratch = Scratch::new("good");
    let small = scratch.write("small.toml", SMALL_BOARD);
    let output = castellan(&["board", "check", &small, &small]);
    assert!(output.status.success(), "{}", stderr(&output));
    let line = format!(
        "{small}: 4 territories, 3 borders (1 dotted), 3 groups (2 empires, 1 region), 1 sea\n"
    );
    assert_eq!(stdout(&output), line.repeat(2));
    assert_eq!(stderr(&output), "");
}

#[test]
fn board_check_reports_every_problem_and_still_checks_later_files() {
    let scratch = Scratch::new("bad");
    let broken = broken_board();
    let bad = scratch.write("bad.toml", &broken);
    let good = scratch.write("good.toml", SMALL_BOARD);
    let output = castellan(&["board", "check", &bad, &good]);
    assert_eq!(output.status.code(), Some(1));

    let summaries = stdout(&output);
    assert!(
        summaries.starts_with(&format!("{good}: 4 territories")),
        "{summaries}"
    );
    assert_eq!(summaries.lines().count(), 1);

    let problems = stderr(&output);
    let problems: Vec<_> = problems.lines().map(located).collect();
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(
        problems
            .iter()
            .all(|&(file, _, column, _)| file == bad && column >= 1)
    );
    // In file order: the empty empire's table, the bad centre, the unknown group.
    let rows: Vec<usize> = problems.iter().map(|&(_, row, _, _)| row).collect();
    let expected = [
        line_of(&broken, "id = \"south\"") - 1,
        line_of(&broken, "centre = [300, 10]"),
        line_of(&broken, "group = \"west\""),
    ];
    assert_eq!(rows, expected, "{problems:?}");
    assert!(problems[0].3.contains("south"), "{problems:?}");
    assert!(problems[1].3.contains("outside the board"), "{problems:?}");
    assert!(problems[2].3.contains("west"), "{problems:?}");
}

#[test]
fn board_check_speaks_the_language_asked_for() {
    let scratch = Scratch::new("french");
    let bad = scratch.write("bad.toml", &broken_board());
    let missing = scratch.path("nowhere.toml");
    let output = castellan(&["board", "check", "--lang", "fr", &bad, &missing]);
    assert_eq!(output.status.code(), Some(1));
    let problems = stderr(&output);
    let lines: Vec<&str> = problems.lines().collect();
    assert_eq!(lines.len(), 4, "{problems}");
    let (file, _, _, message) = located(lines[0]);
    assert_eq!(file, bad);
    assert_eq!(message, "l’empire `south` n’a aucun territoire");
    assert_eq!(
        located(lines[1]).3,
        "`centre` (300, 10) est hors du plateau (0..=100 × 0..=100)"
    );
    assert_eq!(
        located(lines[2]).3,
        "le territoire `d` est dans le groupe inconnu `west` (aucun [[empire]] ni [[region]] \
         n’a cet identifiant)"
    );
    assert_eq!(lines[3], format!("{missing}: ce fichier n’existe pas"));
}

#[test]
fn board_check_shows_what_a_file_holds_escaped() {
    // Issue 12: an id that forged a diagnostic line and cleared the terminal.
    let scratch = Scratch::new("hostile");
    let hostile = SMALL_BOARD.replace(
        "id = \"north\"",
        "id = \"x\\nfake.toml:1:1: everything is fine\\u001b[2J\"",
    );
    let bad = scratch.write("hostile.toml", &hostile);
    let output = castellan(&["board", "check", &bad]);
    assert_eq!(output.status.code(), Some(1));
    let problems = stderr(&output);
    assert!(!problems.contains('\u{1b}'), "{problems:?}");
    for line in problems.lines() {
        assert_eq!(located(line).0, bad, "{problems}");
    }
    assert!(
        problems.contains("invalid id `x\\nfake.toml:1:1: everything is fine\\u001B[2J`"),
        "{problems}"
    );
}

#[test]
fn board_check_refuses_a_nul_in_a_name_where_it_is() {
    // Issue 12: such a name passed the check, then aborted the program in gettext.
    let scratch = Scratch::new("nul");
    let source = SMALL_BOARD.replace("name = \"North\"", "name = \"No\\u0000rth\"");
    let bad = scratch.write("nul.toml", &source);
    let output = castellan(&["board", "check", "--lang", "fr", &bad]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "{bad}:{}:8: `name` contient le caractère de contrôle \\u0000\u{a0}: écrivez du \
             texte simple\n",
            line_of(&source, "No\\u0000rth")
        )
    );
}

#[test]
fn board_check_of_a_missing_file_names_it_and_fails() {
    let scratch = Scratch::new("missing");
    let missing = scratch.0.join("nowhere.toml");
    let missing = missing.to_str().expect("a UTF-8 temporary path");
    let output = castellan(&["board", "check", missing]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(stdout(&output), "");
    assert!(
        stderr(&output).starts_with(&format!("{missing}: ")),
        "{}",
        stderr(&output)
    );
}

#[test]
fn board_check_summarises_the_castle_risk_board() {
    let output = castellan(&["board", "check", "data/boards/castle-risk.toml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "data/boards/castle-risk.toml: 44 territories, 85 borders (8 dotted), \
         9 groups (6 empires, 3 regions), 2 seas\n"
    );
}

#[test]
fn board_check_summarises_the_classic_world_map() {
    let output = castellan(&["board", "check", "data/boards/classic.toml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "data/boards/classic.toml: 42 territories, 83 borders (26 dotted), \
         6 groups (6 empires, 0 regions), 7 seas\n"
    );
}

/// The engine's board fixtures in `kind` ("good" or "bad"), as paths from the top of
/// the source tree, sorted.
fn fixtures(kind: &str) -> Vec<String> {
    let dir = format!("engine/tests/boards/{kind}");
    let mut files: Vec<String> = fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join(&dir))
        .expect("the engine's board fixtures")
        .map(|entry| entry.expect("a directory entry").file_name())
        .map(|name| format!("{dir}/{}", name.to_str().expect("a UTF-8 file name")))
        .filter(|path| path.ends_with(".toml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no fixtures in {dir}");
    files
}

#[test]
fn board_check_passes_good_fixtures_and_locates_problems_in_every_bad_one() {
    let good = fixtures("good");
    let bad = fixtures("bad");
    // Bad and good files interleaved: a bad file must not stop the checking.
    let mut args = vec!["board", "check"];
    for i in 0..good.len().max(bad.len()) {
        args.extend(bad.get(i).map(String::as_str));
        args.extend(good.get(i).map(String::as_str));
    }
    let output = castellan(&args);
    assert_eq!(output.status.code(), Some(1));

    let summaries = stdout(&output);
    let summarised: Vec<&str> = summaries
        .lines()
        .map(|line| line.split_once(": ").expect("FILE: summary").0)
        .collect();
    assert_eq!(summarised, good, "{summaries}");

    let problems = stderr(&output);
    let mut named: Vec<&str> = problems.lines().map(|line| located(line).0).collect();
    named.dedup();
    assert_eq!(named, bad, "{problems}");
}

#[test]
fn board_check_without_files_is_a_usage_error() {
    let output = castellan(&["board", "check"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("<FILE>"), "{}", stderr(&output));
}

#[test]
fn odds_prints_the_attackers_chance_and_the_expected_survivors() {
    let output = castellan(&["odds", "10", "10"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Attacker takes the territory: 56.76 %");
    assert_eq!(lines[1], "Defender holds: 43.24 %");
    let survivors: f64 = lines[2]
        .strip_prefix("Attacking armies left, on average: ")
        .and_then(|n| n.parse().ok())
        .expect("expected attacking survivors");
    assert!(survivors > 0.0 && survivors < 10.0, "{text}");
    assert_eq!(lines.len(), 4, "{text}");
}

/// The attacker's chance as printed on the first line, in percent.
fn attacker_chance(args: &[&str]) -> f64 {
    let output = castellan(args);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
        .lines()
        .next()
        .and_then(|line| line.strip_prefix("Attacker takes the territory: "))
        .and_then(|value| value.strip_suffix(" %"))
        .and_then(|value| value.parse().ok())
        .expect("the attacker's chance on the first line")
}

#[test]
fn odds_flags_move_the_chances_the_way_the_cards_do() {
    let plain = attacker_chance(&["odds", "10", "10"]);
    assert!(attacker_chance(&["odds", "10", "10", "--castle"]) < plain);
    assert!(attacker_chance(&["odds", "10", "10", "--general"]) > plain);
    assert!(attacker_chance(&["odds", "10", "10", "--marshall"]) < plain);
    // Giving up at 5 armies forfeits the wins that would have needed them.
    assert!(attacker_chance(&["odds", "10", "10", "--stop-at", "5"]) < plain);
}

#[test]
fn odds_with_cards_report_their_fate() {
    let output = castellan(&["odds", "6", "4", "--general", "--marshall"]);
    let text = stdout(&output);
    assert!(text.contains("\nGeneral lost: "), "{text}");
    assert!(text.contains("\nMarshall lost: "), "{text}");
}

#[test]
fn odds_refuses_contradictions_and_impossible_sizes() {
    let lenient_alone = castellan(&["odds", "5", "5", "--lenient-general"]);
    assert_eq!(lenient_alone.status.code(), Some(2));
    let stop_by_sea = castellan(&["odds", "5", "5", "--admiral", "--stop-at", "2"]);
    assert_eq!(stop_by_sea.status.code(), Some(2));
    let too_many = castellan(&["odds", "1000000", "5"]);
    assert_eq!(too_many.status.code(), Some(1));
    assert!(
        stderr(&too_many).contains("1000000"),
        "{}",
        stderr(&too_many)
    );
    let not_a_number = castellan(&["odds", "ten", "5"]);
    assert_eq!(not_a_number.status.code(), Some(2));
}

#[test]
fn help_and_version_answer_without_opening_a_window() {
    let help = castellan(&["--help"]);
    assert!(help.status.success());
    let text = stdout(&help);
    assert!(text.contains("\nCommands:\n"), "{text}");
    assert!(text.contains("  board "), "{text}");
    assert!(text.contains("  odds "), "{text}");

    let version = castellan(&["--version"]);
    assert!(version.status.success());
    let expected = format!("castellan {}", env!("CARGO_PKG_VERSION"));
    assert!(
        stdout(&version).starts_with(&expected),
        "{}",
        stdout(&version)
    );
}

#[test]
fn unknown_arguments_are_refused_before_gtk_starts() {
    let output = castellan(&["--no-such-option"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("--no-such-option"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn variant_check_summarises_good_files_and_lists_every_problem_of_bad_ones() {
    let scratch = Scratch::new("variant-check");
    let bad = scratch.write(
        "bad.toml",
        "lenient_generals = true\n[spoils]\nbaner_bonus = 3\n",
    );
    let output = castellan(&[
        "variant",
        "check",
        "data/variants/house-rules.toml",
        &bad,
        "data/variants/rulebook.toml",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stdout(&output),
        "data/variants/house-rules.toml: “Common house rules”, 1 rule differs from the rulebook\n\
         data/variants/rulebook.toml: “Rulebook (1986)”, the rules of the rulebook\n"
    );
    assert_eq!(
        stderr(&output),
        format!(
            "{bad}:1:1: unknown option `lenient_generals` (did you mean `lenient_general`?)\n\
             {bad}:3:1: unknown option `spoils.baner_bonus` (did you mean `banner_bonus`?)\n"
        )
    );
}

#[test]
fn variant_check_warns_about_variants_whose_turns_bring_no_armies() {
    // Issue 12: 3 starting armies and no Reinforcements left only `end_turn` legal.
    let scratch = Scratch::new("variant-warning");
    let stalling = scratch.write(
        "stalling.toml",
        "[starting_armies]\nthree = 3\n[deck]\nreinforcements = 0\n",
    );
    let output = castellan(&["variant", "check", &stalling]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(
        lines[1].starts_with(&format!(
            "{stalling}: warning: no Reinforcement card and no hidden army brings armies"
        )),
        "{text}"
    );
    assert!(lines[1].ends_with("end in a draw (ruling 24)"), "{text}");
}

#[test]
fn odds_too_large_to_work_out_quickly_are_refused_at_once() {
    // Issue 12: this took 112 s; now it is refused with the figures.
    let output = castellan(&["odds", "100000", "100000", "--general", "--marshall"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("would take too long"),
        "{}",
        stderr(&output)
    );
    let output = castellan(&["odds", "2000", "2000"]);
    assert!(output.status.success(), "{}", stderr(&output));
}

#[test]
fn variant_check_refuses_tables_written_as_arrays() {
    // Issue 12: these were accepted, the arrays read as the tables' fields in order.
    let scratch = Scratch::new("arrays");
    let bad = scratch.write(
        "arrays.toml",
        "starting_armies = [1, 2, 3, 4, 5]\nspoils = [1, 2, 3]\ndeck = []\n",
    );
    let output = castellan(&["variant", "check", &bad]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!(
            "{bad}:1:19: `starting_armies` must be a table ([starting_armies] followed by its \
             options), found an array\n\
             {bad}:2:10: `spoils` must be a table ([spoils] followed by its options), found an \
             array\n\
             {bad}:3:8: `deck` must be a table ([deck] followed by its options), found an array\n"
        )
    );
}

#[test]
fn variant_show_prints_every_rule_and_marks_the_changed_ones() {
    let output = castellan(&["variant", "show", "data/variants/house-rules.toml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("Common house rules\n"), "{text}");
    let marked: Vec<&str> = text.lines().filter(|l| l.starts_with("* ")).collect();
    assert_eq!(marked.len(), 2, "{text}");
    assert!(
        marked[0].contains("Two Armies per Independent Region"),
        "{text}"
    );
    assert!(marked[0].ends_with("on  (rulebook: off)"), "{text}");
    assert!(text.contains("\n  Dice Against a Castle"), "{text}");

    let scratch = Scratch::new("variant-show");
    let broken = scratch.write("broken.toml", "castle_dice_limit = 7\n");
    let output = castellan(&["variant", "show", &broken]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        stderr(&output),
        format!("{broken}:1:1: `castle_dice_limit` = 7 must be 1, 2 or 3\n")
    );
}

#[test]
fn odds_follow_a_variants_castle_dice_limit() {
    let first_line = |args: &[&str]| {
        let output = castellan(args);
        assert!(output.status.success(), "{}", stderr(&output));
        stdout(&output)
            .lines()
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    let rulebook = first_line(&["odds", "8", "6", "--castle"]);
    let three = first_line(&["odds", "8", "6", "--castle-dice", "3"]);
    let plain = first_line(&["odds", "8", "6"]);
    assert_ne!(rulebook, three);
    assert_eq!(three, plain, "3 dice against a castle are the plain odds");
    assert_eq!(
        castellan(&["odds", "8", "6", "--castle-dice", "4"])
            .status
            .code(),
        Some(2)
    );
}

/// `castellan tournament`: the standings and stalls in a table or as JSON, a sparring
/// partner among the players, the same from a seed whatever the threads, and a bad
/// table refused with the reason.
#[test]
fn tournament_prints_standings_the_same_from_a_seed() {
    let board = "data/boards/castle-risk.toml";
    let json = |threads: &str| {
        let output = castellan(&[
            "tournament",
            "--board",
            board,
            "--players",
            "normal,turtle",
            "--games",
            "8",
            "--seed",
            "4",
            "--threads",
            threads,
            "--json",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        let players = value["players"].as_array().unwrap().clone();
        assert_eq!(players.len(), 2);
        assert_eq!(players[0]["id"], "normal");
        assert_eq!(players[1]["id"], "turtle");
        let wins: u64 = players.iter().map(|p| p["wins"].as_u64().unwrap()).sum();
        let undecided = value["unfinished"].as_u64().unwrap() + value["drawn"].as_u64().unwrap();
        assert_eq!(wins + undecided, 8);
        for p in &players {
            assert!(p["turns"].as_u64().unwrap() > 0, "{p}");
            assert!(p["quiet_turn_share"].as_f64().unwrap() <= 1.0, "{p}");
            assert!(p["open_turn_ends"].as_u64() >= p["preventable_open_turn_ends"].as_u64());
        }
        players
            .iter()
            .map(|p| (p["wins"].clone(), p["mean_turns"].clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(json("1"), json("2"));
    let output = castellan(&[
        "tournament",
        "--board",
        board,
        "--players",
        "expert,normal",
        "--games",
        "2",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("1 expert") && text.contains("95 % interval"),
        "{text}"
    );
    assert!(
        text.contains("Turns without a capture") && text.contains("Open at turn end"),
        "{text}"
    );
    for (players, complaint) in [("normal", "2 to 6"), ("normal,hard", "hard")] {
        let output = castellan(&["tournament", "--players", players, "--games", "2"]);
        assert!(!output.status.success());
        assert!(stderr(&output).contains(complaint), "{}", stderr(&output));
    }
}

/// `castellan balance`: verdicts in words, JSON the same from a seed whatever the
/// threads, CSV with a row per figure, a comparison against a board, and bad input
/// refused with the reason.
#[test]
fn balance_prints_findings_the_same_from_a_seed() {
    let board = "data/boards/castle-risk.toml";
    let json = |threads: &str| {
        let output = castellan(&[
            "balance",
            "--board",
            board,
            "--seats",
            "3",
            "--games",
            "60",
            "--seed",
            "9",
            "--threads",
            threads,
            "--json",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        let report = value["report"].clone();
        assert_eq!(report["games"], 60);
        assert_eq!(report["positions"].as_array().unwrap().len(), 3);
        assert_eq!(report["empires"].as_array().unwrap().len(), 6);
        assert!(
            value["verdicts"][0]
                .as_str()
                .unwrap()
                .contains("British Empire")
        );
        report
    };
    assert_eq!(json("1"), json("2"));

    let output = castellan(&["balance", "--board", board, "--games", "30"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("fair share 25 %") && text.contains("Player 4"),
        "{text}"
    );

    let output = castellan(&["balance", "--board", board, "--games", "20", "--csv"]);
    let text = stdout(&output);
    assert!(
        text.starts_with("section,key,name,position,wins,games"),
        "{text}"
    );
    assert!(
        text.lines()
            .any(|l| l.starts_with("empire,ottoman,Ottoman Empire,"))
    );

    let output = castellan(&[
        "balance",
        "--board",
        board,
        "--against",
        "data/boards/world.toml",
        "--seats",
        "2",
        "--games",
        "20",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("British Empire: ") && text.contains("in the first run only"),
        "{text}"
    );
    assert!(
        text.contains("Europe: ") && text.contains("in the second run only"),
        "{text}"
    );

    let dir = tempfile::tempdir().unwrap();
    let broken = dir.path().join("broken.toml");
    std::fs::write(&broken, "[spoils]\nbanner_bonus = \"lots\"\n").unwrap();
    let broken = broken.to_str().unwrap();
    for (args, complaint) in [
        (vec!["--games", "0"], "0"),
        (vec!["--seats", "7"], "7"),
        (vec!["--seed", "-1"], "-1"),
        (vec!["--strength", "hard"], "hard"),
        (vec!["--variant", broken], "broken.toml"),
        (vec!["--against", broken], "broken.toml"),
        (vec!["--json", "--csv"], "--csv"),
    ] {
        let mut all = vec!["balance", "--board", board, "--games", "2"];
        if args[0] == "--games" {
            all.truncate(3);
        }
        all.extend(args);
        let output = castellan(&all);
        assert!(!output.status.success(), "{all:?}");
        assert!(
            stderr(&output).contains(complaint),
            "{all:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn the_language_may_come_before_the_command_and_warnings_are_translated() {
    let scratch = Scratch::new("lang-before-command");
    let stalling = scratch.write(
        "stalling.toml",
        "[starting_armies]\nthree = 3\n[deck]\nreinforcements = 0\n",
    );
    let output = castellan(&["--lang", "fr", "variant", "check", &stalling]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("avertissement"), "{text}");
    assert!(text.contains("match nul (décision 24)"), "{text}");
}

#[test]
fn a_save_and_a_command_together_are_a_usage_error() {
    let output = castellan(&["game.castellan", "board", "check", "x.toml"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cannot be given with a command"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn without_a_display_the_window_is_refused_with_a_reason_not_a_panic() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_castellan"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("LANGUAGE", "en")
        .output()
        .expect("castellan runs");
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(said.contains("cannot open the game window"), "{said}");
    assert!(!said.contains("panicked"), "{said}");
}

#[test]
fn chateau_noir_perft_counts_the_opening_and_check_reads_its_board() {
    let output = castellan(&["chateau-noir", "perft"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    assert!(
        printed.starts_with("35542 end positions, 946685 sequences (14577 states searched) in "),
        "{printed}"
    );
    let output = castellan(&["chateau-noir", "check", "data/boards/chateau-noir.toml"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(
        stdout(&output),
        "data/boards/chateau-noir.toml: “Château Noir”, 4 armies, 2 teams\n"
    );
    let output = castellan(&["chateau-noir", "perft", "--position", "/nonexistent.toml"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("/nonexistent.toml"),
        "{}",
        stderr(&output)
    );
}

/// `castellan tournament` and `balance` on a Château Noir board: the standings and the
/// lab's findings, the same from a seed whatever the threads; the layout's number of
/// players checked; the Risk-only options refused.
#[test]
fn tournament_and_balance_play_chateau_noir() {
    let json = |threads: &str| {
        let output = castellan(&[
            "tournament",
            "--board",
            "data/boards/chateau-noir.toml",
            "--players",
            "normal,easy",
            "--games",
            "4",
            "--seed",
            "3",
            "--threads",
            threads,
            "--json",
        ]);
        assert!(output.status.success(), "{}", stderr(&output));
        let value: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
        assert_eq!(value["game"], "chateau-noir");
        assert_eq!(value["layout"], "two-players");
        let players = value["players"].as_array().unwrap().clone();
        assert_eq!(players[1]["strength"], "easy");
        let wins: u64 = players.iter().map(|p| p["wins"].as_u64().unwrap()).sum();
        let draws = players[0]["draws"].as_u64().unwrap();
        assert_eq!(wins + draws + value["unfinished"].as_u64().unwrap(), 4);
        players
            .iter()
            .map(|p| (p["wins"].clone(), p["mean_turns"].clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(json("1"), json("2"));
    // The sparring partners play Risk only: named at a Château Noir table, refused.
    let output = castellan(&[
        "tournament",
        "--game",
        "chateau-noir",
        "--players",
        "expert,turtle",
        "--games",
        "2",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("“turtle” plays Risk only"),
        "{}",
        stderr(&output)
    );
    let output = castellan(&[
        "tournament",
        "--game",
        "chateau-noir",
        "--layout",
        "alone",
        "--players",
        "normal,easy,easy",
        "--games",
        "3",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("each army alone") && text.contains("3 easy") && text.contains("Turn p95"),
        "{text}"
    );
    let output = castellan(&[
        "tournament",
        "--game",
        "chateau-noir",
        "--layout",
        "teams",
        "--players",
        "normal,easy,easy",
        "--games",
        "2",
    ]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("teams"), "{}", stderr(&output));

    let output = castellan(&[
        "balance",
        "--game",
        "chateau-noir",
        "--strength",
        "easy",
        "--seats",
        "3",
        "--games",
        "6",
        "--seed",
        "2",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let text = stdout(&output);
    for expected in [
        "The army that moves first",
        "Red's corner",
        "Blue's corner",
        "Yellow's corner",
    ] {
        assert!(text.contains(expected), "{expected}: {text}");
    }
    let output = castellan(&["balance", "--game", "chateau-noir", "--games", "4", "--csv"]);
    assert!(!output.status.success());
    assert!(stderr(&output).contains("--csv"), "{}", stderr(&output));
}

#[test]
fn replay_of_a_chateau_noir_save_prints_its_moves_in_either_language() {
    let save = "protocol/tests/saves/duel.save.json";
    let output = castellan(&["replay", save]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    assert!(
        printed.starts_with(
            "Château Noir: 2 seats, seed 0, 3 actions replayed\n\
             Round 1, Red (seat 0): G1–F1–F2, A6–A5–A4–B4–B5\n  \
             Red captures Blue's soldier on E2: +1 point\n"
        ),
        "{printed}"
    );
    assert!(printed.contains("Scores: Red 1, Blue 0\n"), "{printed}");
    let output = castellan(&["--lang", "fr", "replay", save]);
    assert!(output.status.success(), "{}", stderr(&output));
    let printed = stdout(&output);
    assert!(printed.contains("G1–F1–F2, A6–A5–A4–B4–B5"), "{printed}");
    assert!(printed.contains("Rouge"), "{printed}");
    assert!(!printed.contains("Round 1"), "{printed}");
}

#[test]
fn a_broken_chateau_noir_board_is_located_in_the_readers_language() {
    let dir = std::env::temp_dir().join(format!("castellan-cli-cn-board-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.toml");
    std::fs::write(
        &broken,
        "[board]\ngame = \"chateau-noir\"\nformat = 1\nname = \"x\"\nsquares = []\n",
    )
    .unwrap();
    let broken = broken.to_str().unwrap();
    let output = castellan(&["--lang", "fr", "chateau-noir", "check", broken]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains(&format!(
            "{broken}:5:11: `squares` doit avoir 10 rangées (10 en haut jusqu’à 1), pas 0"
        )),
        "{}",
        stderr(&output)
    );
}
