//! Fits the Expert's evaluation to self-play: plays games between computer seats,
//! records every seat's features at the start of each turn with the game's eventual
//! winner, and fits the softmax weights of `bot::eval` by maximum likelihood (gradient
//! ascent). Prints the weights to paste into `engine/src/bot/expert/eval.rs`.
//!
//! ```text
//! cargo run --release -p castellan-engine --example tune_eval -- GAMES [EXPERT_SHARE]
//! ```
//!
//! Games are 2 to 6 seats on both shipped boards, seeded by their number; a share of
//! the seats (default 0.25) are Experts at a quarter of their budget, the rest Normal.

use std::sync::Arc;

use castellan_engine::board::parse_board;
use castellan_engine::bot::eval::{FEATURE_NAMES, FEATURES, WEIGHTS, features};
use castellan_engine::bot::{Policy, SeatSight, Strength, Thinking};
use castellan_engine::game::{Game, LegalActions};
use castellan_engine::variant::Variant;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// One recorded position: each seat's features (`None` when out) and the winner.
type Sample = (Vec<Option<[f64; FEATURES]>>, usize);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).map_or(4_000, |s| s.parse().expect("GAMES"));
    let share: f64 = args
        .get(2)
        .map_or(0.25, |s| s.parse().expect("EXPERT_SHARE"));
    let boards = [
        include_str!("../../data/boards/castle-risk.toml"),
        include_str!("../../data/boards/world.toml"),
    ]
    .map(|source| Arc::new(parse_board(source, "board").expect("a shipped board")));
    let samples: Vec<Sample> = (0..games)
        .into_par_iter()
        .flat_map_iter(|number| play(&boards[(number % 2) as usize], number, share))
        .collect();
    eprintln!("{} positions from {games} games", samples.len());
    let fitted = fit(&samples);
    println!(
        "log-likelihood per position: start {:.4}, fitted {:.4}",
        likelihood(&samples, &WEIGHTS),
        likelihood(&samples, &fitted)
    );
    for (name, w) in FEATURE_NAMES.iter().zip(fitted) {
        println!("{name:>40}: {w:.3}");
    }
    let list: Vec<String> = fitted.iter().map(|w| format!("{w:.3}")).collect();
    println!(
        "pub const WEIGHTS: [f64; FEATURES] = [{}];",
        list.join(", ")
    );
}

fn play(board: &Arc<castellan_engine::board::Board>, number: u64, share: f64) -> Vec<Sample> {
    let mut rng = ChaCha8Rng::seed_from_u64(number);
    let seats = rng.random_range(2..=6);
    let mut game = Game::new(board.clone(), Variant::rulebook(), seats, number).expect("starts");
    game.set_recording(false);
    let thinking = Thinking {
        effort: 0.25,
        ..Thinking::default()
    };
    let mut players: Vec<Box<dyn Policy + Send>> = (0..seats)
        .map(|_| {
            let strength = if rng.random_bool(share) {
                Strength::Expert
            } else {
                Strength::Normal
            };
            strength.policy_with(thinking.clone())
        })
        .collect();
    let mut recorded = Vec::new();
    let mut last_turn = 0;
    let mut legal = LegalActions::default();
    for _ in 0..50_000 {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        if game.turn_number() != last_turn {
            last_turn = game.turn_number();
            recorded.push(features(&game));
        }
        game.legal_actions_into(&mut legal);
        let action = players[seat.index()].choose(&SeatSight::new(&game, seat), &legal, &mut rng);
        game.apply(seat, action).expect("legal");
    }
    match game.winner() {
        Some(w) => recorded.into_iter().map(|f| (f, w.index())).collect(),
        None => Vec::new(),
    }
}

fn probabilities(f: &[Option<[f64; FEATURES]>], w: &[f64; FEATURES]) -> Vec<f64> {
    let scores: Vec<Option<f64>> = f
        .iter()
        .map(|x| x.map(|x| x.iter().zip(w).map(|(a, b)| a * b).sum()))
        .collect();
    let top = scores
        .iter()
        .flatten()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let exp: Vec<f64> = scores
        .iter()
        .map(|s| s.map_or(0.0, |s| (s - top).exp()))
        .collect();
    let total: f64 = exp.iter().sum();
    exp.iter().map(|e| e / total).collect()
}

fn likelihood(samples: &[Sample], w: &[f64; FEATURES]) -> f64 {
    samples
        .iter()
        .map(|(f, winner)| probabilities(f, w)[*winner].max(1e-12).ln())
        .sum::<f64>()
        / samples.len() as f64
}

/// Gradient ascent on the mean log-likelihood, from the current weights.
fn fit(samples: &[Sample]) -> [f64; FEATURES] {
    let mut w = WEIGHTS;
    let rate = 0.5;
    for _ in 0..400 {
        let gradient = samples
            .par_iter()
            .map(|(f, winner)| {
                let p = probabilities(f, &w);
                let mut g = [0.0; FEATURES];
                for (s, x) in f.iter().enumerate() {
                    if let Some(x) = x {
                        let target = f64::from(u8::from(s == *winner));
                        for k in 0..FEATURES {
                            g[k] += (target - p[s]) * x[k];
                        }
                    }
                }
                g
            })
            .reduce(
                || [0.0; FEATURES],
                |mut a, b| {
                    for k in 0..FEATURES {
                        a[k] += b[k];
                    }
                    a
                },
            );
        for k in 0..FEATURES {
            w[k] += rate * gradient[k] / samples.len() as f64;
        }
    }
    w
}
