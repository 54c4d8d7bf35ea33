//! What the save and protocol fuzzers share: how many cases to run, the boards, any
//! playable variant, and games played a while by computer players.
//!
//! `cargo test` runs a short campaign; `CASTELLAN_FUZZ_CASES=<n>` runs `n` cases of
//! each fuzzer instead (an optimised build runs thousands in minutes:
//! `CASTELLAN_FUZZ_CASES=5000 cargo test --release -p castellan-engine --test
//! fuzz_saves --test fuzz_protocol -- --nocapture`), and `CASTELLAN_FUZZ_LINES` sets
//! the lines of each protocol session (long sessions play games to their end).

// Each fuzzer uses part of what is here.
#![allow(dead_code)]

use std::sync::Arc;

use castellan_engine::board::{Board, parse_board};
use castellan_engine::bot::{GreedyPolicy, Policy, RandomPolicy, SeatSight};
use castellan_engine::game::Game;
use castellan_engine::variant::Variant;
use rand::{Rng, RngExt};

pub const CASTLE_SOURCE: &str = include_str!("../../../data/boards/castle-risk.toml");
pub const WORLD_SOURCE: &str = include_str!("../../../data/boards/world.toml");
pub const TINY_SOURCE: &str = include_str!("../positions/tiny-board.toml");

/// The boards games are played on, with their text (saves carry it).
pub fn boards() -> Vec<(Arc<Board>, &'static str)> {
    [CASTLE_SOURCE, WORLD_SOURCE, TINY_SOURCE]
        .into_iter()
        .map(|source| {
            let board = parse_board(source, "board").expect("a test board loads");
            (Arc::new(board), source)
        })
        .collect()
}

/// Cases each fuzzer runs: `CASTELLAN_FUZZ_CASES`, or `short` (the everyday run).
pub fn fuzz_cases(short: u32) -> u32 {
    env_number("CASTELLAN_FUZZ_CASES").unwrap_or(short)
}

/// A number from the environment, if set.
pub fn env_number(name: &str) -> Option<u32> {
    let value = std::env::var(name).ok()?;
    Some(
        value
            .parse()
            .unwrap_or_else(|_| panic!("{name}={value} is not a number")),
    )
}

/// Any playable variant, every option somewhere in its range (the rulebook a third of
/// the time), starting armies low enough now and then for games to stall.
pub fn random_variant(rng: &mut impl Rng) -> Variant {
    if rng.random_bool(0.3) {
        return Variant::rulebook();
    }
    loop {
        let mut v = Variant::rulebook();
        v.classic_fortify = rng.random_bool(0.3);
        v.lenient_general = rng.random_bool(0.3);
        v.hidden_armies = rng.random_bool(0.6);
        v.diplomats_in_play = rng.random_bool(0.7);
        v.spoils.per_region_bonus = rng.random_bool(0.3);
        v.hidden_army_minimum = rng.random_range(0..=6);
        v.castle_dice_limit = rng.random_range(1..=3);
        v.armies_per_setup_placement = rng.random_range(1..=8);
        if rng.random_bool(0.3) {
            v.spoils.banner_bonus = rng.random_range(0..=12);
            v.spoils.empire_bonus = Some(rng.random_range(0..=8));
            v.spoils.all_independents_bonus = Some(rng.random_range(0..=10));
        }
        if rng.random_bool(0.3) {
            let d = &mut v.deck;
            d.reinforcements = rng.random_range(0..=15);
            d.diplomats = rng.random_range(0..=9);
            d.spies = rng.random_range(0..=9);
            d.generals = rng.random_range(0..=10);
            d.marshalls = rng.random_range(0..=10);
            d.admirals = rng.random_range(0..=10);
            let length = (d.reinforcements as usize).max(rng.random_range(0..=16));
            v.reinforcement_track = (0..length).map(|_| rng.random_range(0..=15)).collect();
        }
        if rng.random_bool(0.2) {
            let s = &mut v.starting_armies;
            s.two = rng.random_range(1..=40);
            s.three = rng.random_range(1..=35);
            s.four = rng.random_range(1..=30);
            s.five = rng.random_range(1..=25);
            s.six = rng.random_range(1..=20);
        }
        if v.validate().is_empty() {
            return v;
        }
    }
}

/// Plays up to `actions` actions, each seat greedy or random as `random_seats` says,
/// checking the game's consistency after each.
pub fn play_on(game: &mut Game, random_seats: &[bool], actions: usize, rng: &mut impl Rng) {
    let mut greedy = GreedyPolicy::new();
    for _ in 0..actions {
        let Some(seat) = game.pending_seat() else {
            return;
        };
        let legal = game.legal_actions();
        let sight = SeatSight::new(game, seat);
        let action = if random_seats[seat.index()] {
            RandomPolicy.choose(&sight, &legal, rng)
        } else {
            greedy.choose(&sight, &legal, rng)
        };
        game.apply(seat, action.clone())
            .unwrap_or_else(|e| panic!("a policy's {action:?} refused: {e}"));
        if let Err(problem) = game.audit() {
            panic!("{problem} after {action:?}");
        }
    }
}
