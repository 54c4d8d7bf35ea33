//! Every board shipped in `data/boards/` loads, and a game of computer players on it
//! plays to a winner with 2 and with 6 seats.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use castellan_engine::board::load_board_file;
use castellan_engine::bot::{GreedyPolicy, Outcome, Policy, play_to_end};
use castellan_engine::game::Game;
use castellan_engine::variant::Variant;
use rand::SeedableRng;

const MAX_ACTIONS: usize = 200_000;

fn shipped_boards() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/boards");
    let mut boards: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        // Boards of another game (Château Noir's) ship beside them.
        .filter(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            castellan_common::game_id::board_game(&text).is_none()
        })
        .collect();
    boards.sort();
    boards
}

#[test]
fn the_three_boards_are_shipped() {
    let names: Vec<String> = shipped_boards()
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["castle-risk.toml", "classic.toml", "world.toml"]);
}

#[test]
fn every_shipped_board_plays_to_a_winner_with_2_and_6_greedy_seats() {
    for path in shipped_boards() {
        let board = Arc::new(
            load_board_file(&path).unwrap_or_else(|e| panic!("{} must load:\n{e}", path.display())),
        );
        for seats in [2, 6] {
            let mut game = Game::new(board.clone(), Variant::rulebook(), seats, 2024)
                .unwrap_or_else(|e| panic!("{}, {seats} seats: {e:?}", path.display()));
            let mut policies: Vec<Box<dyn Policy>> = (0..seats)
                .map(|_| Box::new(GreedyPolicy::new()) as Box<dyn Policy>)
                .collect();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seats as u64);
            match play_to_end(&mut game, &mut policies, &mut rng, MAX_ACTIONS) {
                Outcome::Won { winner, actions } => {
                    assert_eq!(game.winner(), Some(winner));
                    // Claiming alone takes one action per territory: a real game was played.
                    assert!(actions > board.territories.len(), "{actions} actions");
                }
                other => panic!("{}, {seats} seats: {other:?}", path.display()),
            }
        }
    }
}
