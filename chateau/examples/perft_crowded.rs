//! Counts the crowded test position's turn three times (for profiling the perft):
//! `cargo run --release -p castellan-chateau --example perft_crowded`.

use std::sync::Arc;

use castellan_chateau::board::Board;
use castellan_chateau::game::Game;
use castellan_chateau::perft::perft;
use castellan_chateau::variant::Variant;

fn main() {
    let board = Arc::new(Board::reconstructed());
    let text = include_str!("../tests/positions/crowded-turn-24.toml");
    let game = Game::from_position(board.clone(), Variant::default(), None, text, "crowded")
        .expect("the test position loads");
    for _ in 0..3 {
        println!("{:?}", perft(&board, game.state()));
    }
}
