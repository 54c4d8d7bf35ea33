//! What the fuzzers share: how many cases to run, the boards, any playable variant
//! (classic ones with their `[classic]` options mutated too), and games played a
//! while by computer players, held to progress.
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
pub const CLASSIC_SOURCE: &str = include_str!("../../../data/boards/classic.toml");

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

/// Numbers a fuzzer puts into `[classic]` options: the edges of what each holds and
/// of what the checks accept.
pub const CLASSIC_NUMBERS: &[u64] = &[
    0,
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    9,
    12,
    255,
    256,
    10_000,
    10_001,
    4_294_967_295,
];

/// `[classic]` options drawn anywhere in their ranges and past them, as a TOML table
/// of a classic variant file (its name set): what a careless or hostile hand might
/// write. Many are refused; the others must play.
pub fn mutated_classic_options(rng: &mut impl Rng) -> String {
    let mut text = String::from("name = \"Fuzzed\"\nruleset = \"classic\"\n\n[classic]\n");
    for option in [
        "trade_increment",
        "fixed_infantry",
        "fixed_cavalry",
        "fixed_artillery",
        "fixed_mixed",
        "territory_bonus",
        "wild_cards",
        "must_trade_at",
        "trade_down_above",
        "territories_per_army",
        "minimum_armies",
        "neutral_armies",
    ] {
        if rng.random_bool(0.5) {
            text += &format!("{option} = {}\n", classic_number(rng));
        }
    }
    for option in ["fixed_trade", "fortify_path", "missions"] {
        if rng.random_bool(0.5) {
            text += &format!("{option} = {}\n", rng.random_bool(0.5));
        }
    }
    if rng.random_bool(0.4) {
        let length = rng.random_range(0..=9);
        let values: Vec<String> = (0..length)
            .map(|_| classic_number(rng).to_string())
            .collect();
        text += &format!("trade_values = [{}]\n", values.join(", "));
    }
    text
}

/// A number for a `[classic]` option: most often a small one, now and then an edge.
fn classic_number(rng: &mut impl Rng) -> u64 {
    if rng.random_bool(0.7) {
        rng.random_range(0..=12u64)
    } else {
        CLASSIC_NUMBERS[rng.random_range(0..CLASSIC_NUMBERS.len())]
    }
}

/// Any playable classic variant: every `[classic]` option drawn within what
/// `Variant::validate` accepts.
pub fn random_classic_variant(rng: &mut impl Rng) -> Variant {
    loop {
        let text = mutated_classic_options(rng);
        if let Ok(variant) = Variant::from_toml(&text) {
            return variant;
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
        let before = game.unrecorded_copy();
        game.apply(seat, action.clone())
            .unwrap_or_else(|e| panic!("a policy's {action:?} refused: {e}"));
        if let Err(problem) = game.audit() {
            panic!("{problem} after {action:?}");
        }
        // No decision that changes nothing is asked again: the game cannot loop.
        assert!(
            !game.is_unchanged_from(&before),
            "{seat} {action:?} changed nothing ({:?})",
            game.variant().classic
        );
    }
}
