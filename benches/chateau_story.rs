//! What telling a Château Noir match's story costs, per action of its history, against
//! the engine's plain replay of the same save: the statistics page's figures
//! (`chateau_story`) and the replay window's positions (the engine's view after every
//! action, as its stepper keeps them). Both are worked out off the main loop; this
//! says how long a long match keeps the window waiting.
//!
//! ```sh
//! cargo bench --bench chateau_story
//! ```

use std::sync::Arc;
use std::time::{Duration, Instant};

use castellan::chateau_story::ChateauStory;
use castellan_chateau::board::Board;
use castellan_chateau::game::{Game, Table};
use castellan_chateau::random::RandomPlayer;
use castellan_chateau::save::SavedGame;
use castellan_chateau::variant::Variant;
use rand::SeedableRng;

/// Runs of each measure; the best is kept.
const RUNS: usize = 5;

/// A long match of random moves, four armies in teams, played to its end.
fn long_match() -> SavedGame {
    let board = Arc::new(Board::reconstructed());
    let variant = Variant {
        round_cap: Some(2_000),
        ..Variant::default()
    };
    let mut game = Game::new(board, variant, Table::four_in_teams(), 11).expect("a valid match");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    RandomPlayer::new().play(&mut game, &mut rng, 1_000_000);
    game.save(Board::reconstructed_text())
        .expect("a recorded game saves")
}

/// The best of `RUNS` timings of `work`.
fn best(mut work: impl FnMut()) -> Duration {
    (0..RUNS)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let saved = long_match();
    let actions = saved.actions.len();
    let per_action = |time: Duration| time.as_secs_f64() * 1e6 / actions as f64;
    let replay = best(|| {
        saved.replay().expect("the save replays");
    });
    let story = best(|| {
        ChateauStory::tell(&saved).expect("the save replays");
    });
    let mut views = 0;
    let positions = best(|| {
        let mut kept = Vec::with_capacity(actions + 1);
        saved
            .replay_with(|game, _| kept.push(game.view()))
            .expect("the save replays");
        views = kept.len();
    });
    println!("a match of {actions} actions ({views} positions), best of {RUNS}:");
    println!(
        "  engine replay      {:>8.1} ms  {:>6.2} µs/action",
        replay.as_secs_f64() * 1e3,
        per_action(replay)
    );
    println!(
        "  statistics figures {:>8.1} ms  {:>6.2} µs/action",
        story.as_secs_f64() * 1e3,
        per_action(story)
    );
    println!(
        "  replay positions   {:>8.1} ms  {:>6.2} µs/action",
        positions.as_secs_f64() * 1e3,
        per_action(positions)
    );
}
