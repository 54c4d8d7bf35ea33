//! Speed figures of the engine, printed one per line (`odds 100v100: 0.12 ms`).
//!
//! A plain `harness = false` program timed with `std::time::Instant`, so it needs no
//! benchmark crate: `cargo bench -p castellan-engine` runs every figure, and
//! `cargo bench -p castellan-engine -- odds` only those whose name contains "odds".
//!
//! To add figures, write a function that takes a `&mut Bench` and calls
//! [`Bench::time_per_call`] (a duration per call) or [`Bench::rate`] (things done per
//! second) for each, then list it in `SECTIONS`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use std::sync::Arc;

use castellan_engine::board::parse_board;
use castellan_engine::bot::{GreedyPolicy, Outcome, Policy, RandomPolicy, play_to_end};
use castellan_engine::game::Game;
use castellan_engine::odds::{OddsOptions, odds};
use castellan_engine::story::{Chronicle, Disclosure, Replay};
use castellan_engine::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Every group of figures, in the order they are printed.
const SECTIONS: &[fn(&mut Bench)] = &[odds_figures, game_figures, story_figures];

/// How long each figure is measured for, after a warm-up of the same length.
const MEASURE_FOR: Duration = Duration::from_millis(500);

fn main() {
    // Cargo passes `--bench`; anything else not starting with "-" filters by name.
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with('-'))
        .collect();
    let mut bench = Bench { filters };
    for section in SECTIONS {
        section(&mut bench);
    }
}

/// Exact odds of large attacks, with and without cards.
fn odds_figures(bench: &mut Bench) {
    let with_cards = OddsOptions {
        general: true,
        marshall: true,
        ..Default::default()
    };
    for (armies, options, label) in [
        (100, OddsOptions::default(), ""),
        (1000, OddsOptions::default(), ""),
        (100, with_cards, " General+Marshall"),
        (1000, with_cards, " General+Marshall"),
    ] {
        bench.time_per_call(&format!("odds {armies}v{armies}{label}"), || {
            odds(black_box(armies), black_box(armies), black_box(options))
                .expect("within the size limit")
        });
    }
    // What a computer player asks for most: the odds of many small attacks.
    bench.rate("odds of small attacks (1-10 v 1-10)", "attacks", || {
        let mut done = 0;
        for attackers in 1..=10 {
            for defenders in 1..=10 {
                black_box(odds(attackers, defenders, OddsOptions::default()).expect("small"));
                done += 1;
            }
        }
        done
    });
}

/// Makes one seat's computer player.
type MakePolicy = fn() -> Box<dyn Policy>;

/// Actions after which a game counts as stalled (random seats may dither for long).
const GAME_ACTION_CAP: usize = 200_000;

/// Whole 4-seat games on the Castle Risk board, setup included, played by computer
/// seats on one core: what simulations and the desktop's computer players cost.
fn game_figures(bench: &mut Bench) {
    let source = include_str!("../../data/boards/castle-risk.toml");
    let board = Arc::new(parse_board(source, "castle-risk.toml").expect("the board loads"));
    // Normal is the greedy player (the Expert's simulations play it); Easy its beginner.
    let policies: [(&str, MakePolicy); 3] = [
        ("greedy (normal)", || Box::new(GreedyPolicy::new())),
        ("easy", || Box::new(GreedyPolicy::easy())),
        ("random", || Box::new(RandomPolicy)),
    ];
    for (label, policy) in policies {
        let mut seed = 0u64;
        let (mut actions, mut games, mut stalled) = (0u64, 0u64, 0u64);
        bench.rate(&format!("games 4 seats {label}"), "games", || {
            seed += 1;
            let mut game = Game::new(board.clone(), Variant::rulebook(), 4, seed)
                .expect("a 4-seat game starts");
            game.set_recording(false);
            let mut seats: Vec<Box<dyn Policy>> = (0..4).map(|_| policy()).collect();
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let done = match play_to_end(&mut game, &mut seats, &mut rng, GAME_ACTION_CAP) {
                Outcome::Won { actions, .. } | Outcome::Drawn { actions } => actions,
                Outcome::Stalled { actions } => {
                    stalled += 1;
                    actions
                }
                Outcome::Refused { error, action, .. } => {
                    panic!("{label} policy chose {action:?}: {error}")
                }
            };
            actions += done as u64;
            games += 1;
            1
        });
        if games > 0 {
            println!(
                "games 4 seats {label}: {:.0} actions per game, {stalled} of {games} stalled",
                actions as f64 / games as f64
            );
        }
    }
}

/// The story of a whole game of four greedy players: telling it from the save, making
/// its replay (one pass, checkpoints), and stepping back one action from its end, the
/// dearest step (from the last checkpoint).
fn story_figures(bench: &mut Bench) {
    let source = include_str!("../../data/boards/castle-risk.toml");
    let board = Arc::new(parse_board(source, "castle-risk.toml").expect("the board loads"));
    let mut game = Game::new(board, Variant::rulebook(), 4, 3).expect("a 4-seat game starts");
    let mut seats: Vec<Box<dyn Policy>> =
        (0..4).map(|_| Box::new(GreedyPolicy::new()) as _).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    play_to_end(&mut game, &mut seats, &mut rng, GAME_ACTION_CAP);
    let saved = game.save(source).expect("the game saves");
    let actions = saved.actions.len();
    bench.time_per_call(&format!("story chronicle of {actions} actions"), || {
        Chronicle::from_save(&saved, Disclosure::Public).expect("the save replays")
    });
    bench.time_per_call(&format!("story replay of {actions} actions"), || {
        Replay::new(&saved, Disclosure::Public).expect("the save replays")
    });
    let mut replay = Replay::new(&saved, Disclosure::Public).expect("the save replays");
    // Alternating between the end and one before it: every step back starts from the
    // last checkpoint.
    let mut back = false;
    bench.time_per_call("story step back from the end", || {
        back = !back;
        replay.seek(if back { actions - 1 } else { actions });
        replay.at()
    });
}

/// Runs and prints the figures the command line asked for.
struct Bench {
    filters: Vec<String>,
}

impl Bench {
    fn wanted(&self, name: &str) -> bool {
        self.filters.is_empty() || self.filters.iter().any(|f| name.contains(f.as_str()))
    }

    /// Prints the mean time of one call of `work`, in milliseconds.
    pub fn time_per_call<T>(&mut self, name: &str, mut work: impl FnMut() -> T) {
        if !self.wanted(name) {
            return;
        }
        let (calls, elapsed) = Self::measure(|| {
            black_box(work());
            1
        });
        let per_call = elapsed.as_secs_f64() / calls as f64;
        println!("{name}: {:.3} ms", per_call * 1e3);
    }

    /// Prints how many `unit`s per second `work` gets through; each call returns how
    /// many it did (for example the games a batch played).
    pub fn rate(&mut self, name: &str, unit: &str, work: impl FnMut() -> u64) {
        if !self.wanted(name) {
            return;
        }
        let (done, elapsed) = Self::measure(work);
        println!(
            "{name}: {:.1} {unit} per second",
            done as f64 / elapsed.as_secs_f64()
        );
    }

    /// Calls `work` for a warm-up (filling caches and lazy tables), then again until
    /// [`MEASURE_FOR`] has passed; returns the units done and the time they took.
    fn measure(mut work: impl FnMut() -> u64) -> (u64, Duration) {
        let warm_up = Instant::now();
        while warm_up.elapsed() < MEASURE_FOR {
            black_box(work());
        }
        let start = Instant::now();
        let mut done = 0;
        while start.elapsed() < MEASURE_FOR {
            done += work();
        }
        (done, start.elapsed())
    }
}
