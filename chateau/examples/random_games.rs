//! Plays a few whole games of random-but-legal players (for profiling the engine's
//! turn rules): `cargo run --release -p castellan-chateau --example random_games [N]`.

use std::sync::Arc;

use castellan_chateau::board::Board;
use castellan_chateau::game::{Game, Table};
use castellan_chateau::random::RandomPlayer;
use castellan_chateau::variant::Variant;
use rand::SeedableRng;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(5);
    let board = Arc::new(Board::reconstructed());
    let mut player = RandomPlayer::new();
    let mut turns = 0;
    for seed in 0..games {
        let mut game = Game::new(
            board.clone(),
            Variant::default(),
            Table::four_in_teams(),
            seed,
        )
        .expect("a game starts");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        player.play(&mut game, &mut rng, 10_000_000);
        turns += game.turns();
    }
    println!("{games} games, {turns} turns");
}
