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

use castellan_engine::odds::{OddsOptions, odds};

/// Every group of figures, in the order they are printed.
const SECTIONS: &[fn(&mut Bench)] = &[odds_figures];

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
