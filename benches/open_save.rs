//! What opening a saved game costs per action of its history, in the engine and in
//! the window (issue 12: the window within 3× of the engine's replay).
//!
//! It writes two saves of a game where nobody ever attacks (so that it never ends): a
//! short one and a long one. The engine's figure is reading and replaying the long
//! save here; the window's is the release build opening each save with
//! `CASTELLAN_MEASURE=1` (which reports the processor time spent once the game is on
//! the map, then quits), the long save's time less the short one's, over the actions
//! between them. It needs a display and a session bus of its own:
//!
//! ```sh
//! xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- \
//!     env GSK_RENDERER=cairo GSETTINGS_BACKEND=memory cargo bench --bench open_save
//! ```

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use castellan_engine::board::parse_board;
use castellan_engine::game::{Action, Game, SavedGame};
use castellan_engine::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Actions in the long save (the issue's figure was for a save of this length).
const LONG: usize = 200_000;
/// Actions in the short save, whose cost is the window's own start-up.
const SHORT: usize = 1_000;
/// Launches of the window per save, and replays in the engine.
const RUNS: usize = 3;

const BOARD: &str = include_str!("../data/boards/castle-risk.toml");

/// What `src/app/map_view/measure.rs` starts its lines with.
const PREFIX: &str = "castellan-measure:";

/// A game of four seats that end their turns without attacking, `actions` long (or
/// shorter, should the rules ever end such a game), saved.
fn game_without_attacks(actions: usize) -> SavedGame {
    let board = Arc::new(parse_board(BOARD, "castle-risk.toml").expect("the shipped board"));
    let mut game = Game::new(board, Variant::rulebook(), 4, 7).expect("a rulebook game");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    while game.history().len() < actions {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        let legal = game.legal_actions();
        let action = if legal.allows(&Action::EndTurn) {
            Action::EndTurn
        } else {
            legal.sample(&mut rng).expect("a decision is pending")
        };
        game.apply(seat, action).expect("a legal action");
    }
    game.save(BOARD).expect("a game from setup saves")
}

/// The processor time the window spent opening `save`, by its own count.
fn window_cpu(program: &Path, save: &Path, config: &Path) -> Result<Duration, String> {
    let mut child = Command::new(program)
        .arg(save)
        .env("CASTELLAN_MEASURE", "1")
        .env("XDG_CONFIG_HOME", config)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
    let stdout = child.stdout.take().expect("piped");
    let mut cpu = None;
    for line in BufReader::new(stdout).lines().map_while(Result::ok) {
        if let Some(ms) = line
            .strip_prefix(PREFIX)
            .and_then(|figure| figure.trim().strip_prefix("cpu-ms "))
        {
            cpu = ms.trim().parse::<f64>().ok();
        }
    }
    child.wait().map_err(|e| e.to_string())?;
    cpu.map(|ms| Duration::from_secs_f64(ms / 1000.0))
        .ok_or_else(|| {
            "the window printed no processor time (another Castellan on this bus?)".into()
        })
}

fn median(mut values: Vec<Duration>) -> Duration {
    values.sort();
    values[values.len() / 2]
}

fn per_action(time: Duration, actions: usize) -> f64 {
    time.as_secs_f64() * 1e6 / actions as f64
}

fn main() -> ExitCode {
    let dir = std::env::temp_dir().join(format!("castellan-open-save-{}", std::process::id()));
    let config = dir.join("config");
    if let Err(error) = std::fs::create_dir_all(&config) {
        eprintln!("cannot make {}: {error}", dir.display());
        return ExitCode::FAILURE;
    }
    let long = game_without_attacks(LONG);
    let short = game_without_attacks(SHORT);
    let (long_actions, short_actions) = (long.actions.len(), short.actions.len());
    let long_json = long.to_json();
    let (long_path, short_path) = (dir.join("long.castellan"), dir.join("short.castellan"));
    if let Err(error) = std::fs::write(&long_path, &long_json)
        .and_then(|()| std::fs::write(&short_path, short.to_json()))
    {
        eprintln!("cannot write the saves: {error}");
        return ExitCode::FAILURE;
    }

    let replays: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            let game = SavedGame::load(std::hint::black_box(&long_json)).expect("it replays");
            std::hint::black_box(game);
            started.elapsed()
        })
        .collect();
    let engine = per_action(median(replays), long_actions);
    println!("engine: reading and replaying {long_actions} actions: {engine:.2} µs an action");

    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        eprintln!("The window's figure needs a display: run this under xvfb-run (see its header).");
        std::fs::remove_dir_all(&dir).ok();
        return ExitCode::FAILURE;
    }
    let program = Path::new(env!("CARGO_BIN_EXE_castellan"));
    let mut figures = Vec::new();
    for (path, actions) in [(&short_path, short_actions), (&long_path, long_actions)] {
        let mut runs = Vec::new();
        for _ in 0..RUNS {
            match window_cpu(program, path, &config) {
                Ok(cpu) => runs.push(cpu),
                Err(error) => {
                    eprintln!("{error}");
                    std::fs::remove_dir_all(&dir).ok();
                    return ExitCode::FAILURE;
                }
            }
        }
        let cpu = median(runs);
        println!(
            "window: opening a save of {actions} actions: {:.0} ms of processor time",
            cpu.as_secs_f64() * 1000.0
        );
        figures.push(cpu);
    }
    std::fs::remove_dir_all(&dir).ok();
    let window = per_action(
        figures[1].saturating_sub(figures[0]),
        long_actions - short_actions,
    );
    println!(
        "window: {window:.2} µs an action, {:.1}× the engine's replay (target: within 3×)",
        window / engine
    );
    ExitCode::SUCCESS
}
