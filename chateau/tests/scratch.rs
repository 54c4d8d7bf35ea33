use castellan_chateau::board::Board;
use castellan_chateau::game::{Game, Outcome, Table};
use castellan_chateau::random::{Played, RandomPlayer};
use castellan_chateau::variant::Variant;
use rand::SeedableRng;
use std::sync::Arc;

#[test]
fn scratch() {
    let board = Arc::new(Board::reconstructed());
    let tables = [
        Table::four_in_teams(),
        Table::four_alone(),
        Table::two_players(&board),
        Table::single_armies(&[
            castellan_chateau::board::ArmyId(0),
            castellan_chateau::board::ArmyId(2),
        ]),
    ];
    for (t, table) in tables.iter().enumerate() {
        let start = std::time::Instant::now();
        let mut turns = Vec::new();
        let mut parties = 0;
        for seed in 0..20u64 {
            let mut game =
                Game::new(board.clone(), Variant::default(), table.clone(), seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let played = RandomPlayer::new().play(&mut game, &mut rng, 2_000_000);
            turns.push((
                game.turns(),
                game.partie(),
                matches!(played, Played::Over { .. }),
                matches!(game.outcome(), Some(Outcome::Won { .. })),
            ));
            parties += game.partie();
        }
        println!(
            "table {t}: {:?} parties {parties} in {:?}",
            turns,
            start.elapsed()
        );
    }
}
