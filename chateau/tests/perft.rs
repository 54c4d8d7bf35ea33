//! The perft oracle's counts, pinned: the distinct end positions and the sequences of
//! (piece, path) of the opening turn, of a lone soldier's turn from every square, and
//! of fixed positions from the middle of games (`tests/positions/`). A change to move
//! generation that changes them fails here; if the change is meant, check the new
//! counts by hand and pin them.

mod support;

use std::path::Path;

use castellan_chateau::game::{Game, Pieces, State, Table};
use castellan_chateau::perft::{Perft, perft};
use castellan_chateau::square::Square;
use castellan_chateau::variant::{Revisits, UnitRule, Variant};
use support::*;

fn counts(perft: Perft) -> (u64, u64) {
    (perft.ends, perft.sequences)
}

#[test]
fn the_opening_turn_has_tens_of_thousands_of_end_positions() {
    let board = board();
    let game = Game::new(board.clone(), Variant::default(), Table::four_in_teams(), 1).unwrap();
    // Every army's opening is the same, the board being the same from every corner.
    for army in board.army_ids() {
        let state = State::new(*game.state().pieces(), army, army.bit(), 6, rules());
        assert_eq!(counts(perft(&board, &state)), (35_542, 946_685), "{army}");
    }
}

#[test]
fn the_options_change_the_opening_counts() {
    let board = board();
    let opening = |variant: Variant| {
        let game = Game::new(board.clone(), variant, Table::four_in_teams(), 1).unwrap();
        counts(perft(&board, game.state()))
    };
    let per_player = Variant {
        revisits: Revisits::PerPlayer,
        ..Variant::default()
    };
    assert_eq!(opening(per_player), (4_711, 117_054));
    let up_to = Variant {
        units: UnitRule::UpTo,
        ..Variant::default()
    };
    assert_eq!(opening(up_to), (36_226, 1_055_692));
}

#[test]
fn one_soldier_alone_has_15k_to_84k_six_unit_paths_from_the_castle() {
    let board = board();
    let paths = |name: &str| {
        let mut pieces = Pieces::default();
        pieces.put(RED, sq(name), false);
        perft(&board, &State::new(pieces, RED, 1, 6, rules())).sequences
    };
    // From the keep, from a corner tower, from walls, from the squares the crossing
    // of illustration L starts from, and from a corner of the board.
    assert_eq!(paths("E5"), 84_102);
    assert_eq!(paths("D7"), 42_221);
    assert_eq!(paths("D8"), 21_258);
    assert_eq!(paths("E9"), 15_479);
    assert_eq!(paths("E10"), 3_619);
    assert_eq!(paths("A1"), 218);
    let castle: Vec<u64> = Square::all()
        .filter(|&s| {
            matches!(
                board.kind(s),
                castellan_chateau::board::SquareKind::Tower
                    | castellan_chateau::board::SquareKind::Black
            )
        })
        .map(|s| paths(&s.to_string()))
        .collect();
    assert!(
        castle.iter().all(|n| (15_000..=84_102).contains(n)),
        "{castle:?}"
    );
    assert_eq!(castle.iter().max(), Some(&84_102));
}

/// The counts of a position file under `tests/positions/`.
fn position(name: &str) -> (u64, u64) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/positions")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let game = Game::from_position(board(), Variant::default(), None, &text, name).unwrap();
    counts(perft(game.board(), game.state()))
}

#[test]
fn middle_game_turns_have_hundreds_of_thousands_of_end_positions() {
    assert_eq!(position("midgame-turn-12.toml"), (274_409, 26_073_212));
    assert_eq!(position("midgame-turn-40.toml"), (348_289, 48_413_160));
}

#[test]
fn a_crowded_turn_has_about_a_million_end_positions() {
    assert_eq!(position("crowded-turn-24.toml"), (1_001_163, 162_428_893));
}

#[test]
fn a_turn_in_progress_is_counted_from_where_it_stands() {
    let board = board();
    let game = Game::new(board.clone(), Variant::default(), Table::four_in_teams(), 1).unwrap();
    let state = *game.state();
    let total = perft(&board, &state);
    // The sequences of the turn split by the first piece picked and its first unit.
    let mut sum = 0;
    for square in castellan_chateau::squares_of(state.unplayed()) {
        let mut picked = state;
        assert!(picked.pick(square));
        sum += perft(&board, &picked).sequences;
    }
    assert_eq!(sum, total.sequences);
}
