//! Speed figures of the Château Noir engine, printed one per line, in the engine
//! benchmark's manner: `cargo bench -p castellan-chateau` runs every figure,
//! `cargo bench -p castellan-chateau -- perft` only those whose name contains "perft".
//!
//! Each figure is measured on one thread, both in wall-clock time and in the time the
//! thread spent on a core (from `/proc/thread-self/schedstat`, where Linux has it):
//! on a machine shared with other work the second is the "per core" figure the targets
//! speak of (issue 23: the opening's end positions in ≤ 30 ms, a crowded middle-game
//! turn's in ≤ 0.5 s, ≥ 5 million units generated and applied a second, ≥ 500 random
//! games a second).

use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};

use castellan_chateau::board::{Board, Move};
use castellan_chateau::game::{Game, State, Table};
use castellan_chateau::perft::perft;
use castellan_chateau::random::{Played, RandomPlayer};
use castellan_chateau::squares_of;
use castellan_chateau::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Every group of figures, in the order they are printed.
const SECTIONS: &[fn(&mut Bench)] = &[perft_figures, unit_figures, game_figures];

/// How long each figure is measured for, after a warm-up of the same length.
const MEASURE_FOR: Duration = Duration::from_millis(1500);

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|arg| !arg.starts_with('-'))
        .collect();
    let mut bench = Bench { filters };
    for section in SECTIONS {
        section(&mut bench);
    }
}

fn board() -> Arc<Board> {
    Arc::new(Board::reconstructed())
}

/// A position of `tests/positions/`.
fn position(board: &Arc<Board>, name: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/positions")
        .join(name);
    let text = std::fs::read_to_string(path).expect("a test position");
    Game::from_position(board.clone(), Variant::default(), None, &text, name)
        .expect("the test position loads")
}

/// The distinct end positions (and sequences) of whole turns.
fn perft_figures(bench: &mut Bench) {
    let board = board();
    let opening = Game::new(board.clone(), Variant::default(), Table::four_in_teams(), 1)
        .expect("a game starts");
    let cases = [
        ("perft opening turn", *opening.state()),
        (
            "perft middle game (turn 12, 35 pieces)",
            *position(&board, "midgame-turn-12.toml").state(),
        ),
        (
            "perft middle game (turn 40, 36 pieces)",
            *position(&board, "midgame-turn-40.toml").state(),
        ),
        (
            "perft crowded turn (turn 24, 36 pieces)",
            *position(&board, "crowded-turn-24.toml").state(),
        ),
    ];
    for (name, state) in cases {
        if !bench.wanted(name) {
            continue;
        }
        let counts = perft(&board, &state);
        bench.time_per_call(&format!("{name}: {} end positions", counts.ends), || {
            perft(&board, &state)
        });
    }
}

/// Units generated and applied: every path of every piece of the opening and of a
/// middle-game position, to six units, as a search walks them.
fn unit_figures(bench: &mut Bench) {
    let board = board();
    let states: Vec<State> = [
        *Game::new(board.clone(), Variant::default(), Table::four_in_teams(), 1)
            .expect("a game starts")
            .state(),
        *position(&board, "midgame-turn-12.toml").state(),
        *position(&board, "midgame-turn-40.toml").state(),
    ]
    .to_vec();
    bench.rate("units generated and applied", "units", || {
        let mut done = 0;
        for state in &states {
            for square in squares_of(state.unplayed()) {
                let mut picked = *state;
                picked.pick(square);
                done += walk(&board, &mut picked, &mut Vec::new());
            }
        }
        done
    });
}

/// Walks every path of the piece in hand: generates its units, applies and takes back
/// each; returns the units applied.
fn walk(board: &Board, state: &mut State, buffer: &mut Vec<Vec<Move>>) -> u64 {
    let depth = state.hand().map_or(0, |h| h.units()) as usize;
    if buffer.len() <= depth {
        buffer.push(Vec::new());
    }
    let mut units = std::mem::take(&mut buffer[depth]);
    units.clear();
    state.units_into(board, &mut units);
    let mut done = 0;
    for m in &units {
        state.apply_unit(m.to);
        done += 1 + walk(board, state, buffer);
        state.undo_unit();
    }
    buffer[depth] = units;
    black_box(state.piece_hash());
    done
}

/// Whole games of random-but-legal players, capped at a number of rounds or not.
fn game_figures(bench: &mut Bench) {
    let board = board();
    for (label, table) in [
        ("4 players in teams", Table::four_in_teams()),
        (
            "2 single armies",
            Table::single_armies(&[
                castellan_chateau::board::ArmyId(0),
                castellan_chateau::board::ArmyId(2),
            ]),
        ),
    ] {
        for cap in [None, Some(50), Some(10)] {
            let variant = Variant {
                round_cap: cap,
                ..Variant::default()
            };
            let mut seed = 0u64;
            let mut player = RandomPlayer::new();
            let (mut turns, mut games) = (0u64, 0u64);
            let name = match cap {
                Some(rounds) => format!("random games, {label}, capped at {rounds} rounds"),
                None => format!("random games, {label}, played to the end"),
            };
            if !bench.wanted(&name) {
                continue;
            }
            bench.rate(&name, "games", || {
                seed += 1;
                let mut game = Game::new(board.clone(), variant.clone(), table.clone(), seed)
                    .expect("a game starts");
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let played = player.play(&mut game, &mut rng, 10_000_000);
                assert!(matches!(played, Played::Over { .. }), "a random game ends");
                turns += u64::from(game.turns());
                games += 1;
                1
            });
            println!(
                "  ({:.0} turns a game on average)",
                turns as f64 / games.max(1) as f64
            );
        }
    }
}

/// The time this thread has spent on a core, where Linux says it.
fn cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}

/// Runs and prints the figures the command line asked for.
struct Bench {
    filters: Vec<String>,
}

impl Bench {
    fn wanted(&self, name: &str) -> bool {
        self.filters.is_empty() || self.filters.iter().any(|f| name.contains(f.as_str()))
    }

    /// Prints the mean time of one call of `work`.
    fn time_per_call<T>(&mut self, name: &str, mut work: impl FnMut() -> T) {
        if !self.wanted(name) {
            return;
        }
        let (calls, wall, cpu) = Self::measure(|| {
            black_box(work());
            1
        });
        let per = |total: Duration| total.as_secs_f64() * 1e3 / calls as f64;
        match cpu {
            Some(cpu) => println!(
                "{name}: {:.2} ms on a core ({:.2} ms wall)",
                per(cpu),
                per(wall)
            ),
            None => println!("{name}: {:.2} ms", per(wall)),
        }
    }

    /// Prints how many `unit`s a second `work` gets through.
    fn rate(&mut self, name: &str, unit: &str, work: impl FnMut() -> u64) {
        if !self.wanted(name) {
            return;
        }
        let (done, wall, cpu) = Self::measure(work);
        let rate = |total: Duration| done as f64 / total.as_secs_f64();
        match cpu {
            Some(cpu) => println!(
                "{name}: {:.1} {unit} a second on a core ({:.1} wall)",
                rate(cpu),
                rate(wall)
            ),
            None => println!("{name}: {:.1} {unit} a second", rate(wall)),
        }
    }

    /// Calls `work` for a warm-up, then again until [`MEASURE_FOR`] has passed (at least
    /// three times); returns the units done, the wall time and the core time.
    fn measure(mut work: impl FnMut() -> u64) -> (u64, Duration, Option<Duration>) {
        let warm_up = Instant::now();
        while warm_up.elapsed() < MEASURE_FOR / 3 {
            black_box(work());
        }
        let (start, cpu_start) = (Instant::now(), cpu_time());
        let (mut done, mut calls) = (0, 0);
        while start.elapsed() < MEASURE_FOR || calls < 3 {
            done += work();
            calls += 1;
        }
        let cpu = cpu_time().zip(cpu_start).map(|(end, start)| end - start);
        (done, start.elapsed(), cpu)
    }
}
