//! How long the computer players think over a whole turn (issue 24: Normal within
//! 50 ms, Expert's median within 1 s and its 95th percentile within 3 s, on one
//! core). Positions are the turn starts of a few seeded games between Normal players
//! in each layout; each strength then plans a turn from each of them on this thread.
//!
//! Each turn is timed twice: on the wall clock, and on this thread's CPU clock
//! ([`thread_cpu_seconds`]), which a machine busy with other work does not inflate:
//! "on one core" is the CPU figure.
//!
//! `cargo bench -p castellan-chateau --bench bots` (release). Fewer or more positions:
//! `CASTELLAN_BENCH_POSITIONS=40`; the Expert's effort: `CASTELLAN_BENCH_EFFORT=0.25`.

use std::sync::Arc;
use std::time::Instant;

use castellan_chateau::board::Board;
use castellan_chateau::bot::model::Context;
use castellan_chateau::bot::stats::{percentile, thread_cpu_seconds};
use castellan_chateau::bot::{Player, Strength, Thinking};
use castellan_chateau::game::{Game, Table};
use castellan_chateau::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Turn starts of games between Normal players, every other turn.
fn positions(count: usize) -> Vec<Game> {
    let board = Arc::new(Board::reconstructed());
    let tables = [
        Table::two_players(&board),
        Table::four_in_teams(),
        Table::four_alone(),
    ];
    let mut positions = Vec::new();
    let mut seed = 0;
    while positions.len() < count {
        let table = tables[seed as usize % tables.len()].clone();
        let mut game = Game::new(board.clone(), Variant::default(), table.clone(), seed).unwrap();
        let mut players: Vec<Player> = (0..table.seats.len())
            .map(|_| Player::new(Strength::Normal, Thinking::default()))
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut last_turn = u32::MAX;
        while let Some(seat) = game.pending_seat() {
            if game.turns() != last_turn && game.state().spent() == 0 {
                last_turn = game.turns();
                if last_turn % 2 == 0 && positions.len() < count {
                    positions.push(game.clone());
                }
            }
            let (seat, action) = players[seat.index()].choose(&game, &mut rng).unwrap();
            game.apply(seat, action).unwrap();
        }
        seed += 1;
    }
    positions
}

fn main() {
    let count = env("CASTELLAN_BENCH_POSITIONS", 60usize);
    let effort = env("CASTELLAN_BENCH_EFFORT", 1.0f64);
    let positions = positions(count);
    println!(
        "{} turn starts from games between Normal players; Expert effort {effort}",
        positions.len()
    );
    for strength in Strength::ALL {
        let mut player = Player::new(
            strength,
            Thinking {
                effort,
                ..Thinking::default()
            },
        );
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seconds = Vec::new();
        let mut cpu_seconds = Vec::new();
        let mut depths = [0usize; 8];
        for game in &positions {
            let ctx = Context::of_game(game);
            let started = Instant::now();
            let cpu_started = thread_cpu_seconds();
            let plan = player.plan(&ctx, game, &mut rng);
            seconds.push(started.elapsed().as_secs_f32());
            cpu_seconds.push((thread_cpu_seconds() - cpu_started) as f32);
            assert!(plan.is_some());
            depths[usize::from(player.thought.depth).min(7)] += 1;
        }
        let max = seconds.iter().copied().fold(0.0f32, f32::max);
        println!(
            "{:<7} whole turn: median {:>8.1} ms, p95 {:>8.1} ms, max {:>8.1} ms; depth reached {:?}",
            strength.id(),
            percentile(&mut seconds, 0.5) * 1e3,
            percentile(&mut seconds, 0.95) * 1e3,
            f64::from(max) * 1e3,
            &depths[1..5],
        );
        let max = cpu_seconds.iter().copied().fold(0.0f32, f32::max);
        println!(
            "{:<7} CPU time:   median {:>8.1} ms, p95 {:>8.1} ms, max {:>8.1} ms",
            "",
            percentile(&mut cpu_seconds, 0.5) * 1e3,
            percentile(&mut cpu_seconds, 0.95) * 1e3,
            f64::from(max) * 1e3,
        );
    }
}
