//! Counts the opening turn twenty times (for profiling the perft):
//! `cargo run --release -p castellan-chateau --example perft_opening`.

use std::sync::Arc;

use castellan_chateau::board::Board;
use castellan_chateau::game::{Game, Table};
use castellan_chateau::perft::perft;
use castellan_chateau::variant::Variant;

fn main() {
    let board = Arc::new(Board::reconstructed());
    let game = Game::new(board.clone(), Variant::default(), Table::four_in_teams(), 1)
        .expect("a game starts");
    let mut ends = 0;
    for _ in 0..20 {
        ends += perft(&board, game.state()).ends;
    }
    println!("{ends}");
}
