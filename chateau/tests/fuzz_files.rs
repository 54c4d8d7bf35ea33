//! Mutation fuzzers for Château Noir's files: the shipped board, a variant and a
//! position, mangled as a careless or hostile hand would (bytes changed, lines deleted,
//! duplicated or swapped, values of another type, hostile strings, keys misspelt).
//! Whatever comes out, the loader must not panic nor take long, and must answer
//! either a valid file or an error naming the file, the line and the column of each
//! problem, with nothing from the file shown unescaped.
//!
//! `make test` runs a short campaign; a long one:
//! `CASTELLAN_FUZZ_CASES=100000 cargo test --release -p castellan-chateau --test fuzz_files`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use castellan_chateau::board::{Board, parse_board};
use castellan_chateau::game::Game;
use castellan_chateau::variant::Variant;
use castellan_common::diagnostics::is_unsafe_char;
use rand::seq::IndexedRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn cases(short: u32) -> u32 {
    std::env::var("CASTELLAN_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(short)
}

/// The longest one file may take, even in a debug build on a busy machine.
const PATIENCE: Duration = Duration::from_secs(10);

const HOSTILE: [&str; 7] = [
    "\\u0000",
    "\\u001b[2J",
    "\\n",
    "\\u202e",
    "\\u0085",
    "\\nfake.toml:1:1: everything is fine",
    "",
];

const VALUES: [&str; 12] = [
    "[1, 2]",
    "[]",
    "{}",
    "\"x\"",
    "\"\"",
    "true",
    "1.5",
    "-1",
    "0",
    "99999999999999999999",
    "[[\"red\"]]",
    "=",
];

const KEYS: [&str; 10] = [
    "game", "format", "squares", "army", "letter", "table", "captain", "soldiers", "diagram",
    "to_play",
];

const VARIANT: &str = "ruleset = \"chateau-noir\"\nname = \"House\"\ndescription = \"Shared trails\"\n\
    revisits = \"per_player\"\nunits = \"up_to\"\ndiagonal_capture = true\nsingle_partie = false\n\
    clock_minutes = 3\nround_cap = 40\n";

const POSITION: &str = include_str!("positions/midgame-turn-12.toml");

/// `text` mangled once or a few times.
fn mutate(text: &str, rng: &mut impl Rng) -> String {
    let mut text = text.to_owned();
    for _ in 0..rng.random_range(1..=3) {
        let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
        if lines.is_empty() {
            lines.push(String::new());
        }
        let i = rng.random_range(0..lines.len());
        match rng.random_range(0..7) {
            0 => {
                lines.remove(i);
            }
            1 => {
                let line = lines[i].clone();
                lines.insert(i, line);
            }
            2 => {
                let j = rng.random_range(0..lines.len());
                lines.swap(i, j);
            }
            3 => {
                // A hostile text inside the first string of the line.
                if let Some(open) = lines[i].find('"') {
                    let hostile = HOSTILE.choose(rng).unwrap();
                    lines[i].insert_str(open + 1, hostile);
                }
            }
            4 => {
                // A value of another type.
                if let Some(eq) = lines[i].find(" = ") {
                    lines[i].truncate(eq + 3);
                    lines[i].push_str(VALUES.choose(rng).unwrap());
                }
            }
            5 => {
                // A key misspelt, or a known key where another was.
                if let Some(eq) = lines[i].find(" = ") {
                    let key = if rng.random_bool(0.5) {
                        let mut key: String = lines[i][..eq].to_owned();
                        if !key.is_empty() {
                            let at = rng.random_range(0..key.len());
                            if key.is_char_boundary(at) {
                                key.insert(at, 'z');
                            }
                        }
                        key
                    } else {
                        KEYS.choose(rng).unwrap().to_string()
                    };
                    let rest = lines[i][eq..].to_owned();
                    lines[i] = key + &rest;
                }
            }
            _ => {
                // A character changed.
                let chars: Vec<char> = lines[i].chars().collect();
                if !chars.is_empty() {
                    let at = rng.random_range(0..chars.len());
                    let replacement = ['X', '.', '#', 'r', 'R', ':', '\u{7}', 'é', '\t', '"', '['];
                    let mut chars = chars;
                    chars[at] = *replacement.choose(rng).unwrap();
                    lines[i] = chars.into_iter().collect();
                }
            }
        }
        text = lines.join("\n");
        text.push('\n');
    }
    text
}

/// An error's message: one `ORIGIN:LINE:COLUMN: message` per line, nothing unescaped.
fn check_message(origin: &str, message: &str, input: &str) {
    assert!(
        !message.chars().any(|c| c != '\n' && is_unsafe_char(c)),
        "an unescaped character in:\n{message}\nfrom:\n{input}"
    );
    for line in message.lines() {
        let rest = line
            .strip_prefix(origin)
            .and_then(|rest| rest.strip_prefix(':'))
            .unwrap_or_else(|| panic!("`{line}` does not name {origin}\nfrom:\n{input}"));
        let mut parts = rest.splitn(3, ':');
        let (line_no, column) = (parts.next().unwrap(), parts.next().unwrap_or(""));
        assert!(
            line_no.parse::<usize>().is_ok() && column.parse::<usize>().is_ok(),
            "`{line}` has no line and column\nfrom:\n{input}"
        );
    }
}

fn campaign(seed: u64, short: u32, mut each: impl FnMut(&mut ChaCha8Rng)) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..cases(short) {
        let started = Instant::now();
        each(&mut rng);
        assert!(
            started.elapsed() < PATIENCE,
            "a file took {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn mangled_boards_load_or_say_where_they_are_wrong() {
    campaign(1, 300, |rng| {
        let text = mutate(Board::reconstructed_text(), rng);
        if let Err(error) = parse_board(&text, "board.toml") {
            check_message("board.toml", &error.to_string(), &text);
        }
    });
}

#[test]
fn mangled_variants_load_or_say_where_they_are_wrong() {
    campaign(2, 300, |rng| {
        let text = mutate(VARIANT, rng);
        if let Err(error) = Variant::from_toml(&text, "house.toml") {
            check_message("house.toml", &error.to_string(), &text);
        }
    });
}

#[test]
fn mangled_positions_load_or_say_where_they_are_wrong() {
    let board = Arc::new(Board::reconstructed());
    campaign(3, 300, |rng| {
        let text = mutate(POSITION, rng);
        match Game::from_position(board.clone(), Variant::default(), None, &text, "p.toml") {
            Ok(game) => {
                // A position that loads can be played and written again.
                let _ = game.legal();
                let again = game.position_text();
                Game::from_position(board.clone(), Variant::default(), None, &again, "again")
                    .unwrap_or_else(|e| panic!("a written position reads back:\n{e}\n{again}"));
            }
            Err(castellan_chateau::position::PositionError::File(error)) => {
                check_message("p.toml", &error.to_string(), &text);
            }
            Err(other) => {
                // A table the position names that cannot play: said plainly.
                assert!(!other.to_string().is_empty());
            }
        }
    });
}
