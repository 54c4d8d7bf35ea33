//! What opening a saved game costs per action of its history, in the engine and in
//! the window (issue 12: the window within 3× of the engine's replay).
//!
//! It writes two saves of a game where seats seldom attack (so that it neither ends
//! nor is drawn): a short one and a long one. The engine's figure is reading and replaying the long
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
use castellan_engine::game::{
    Action, Choice, Game, LegalActions, QUIET_ROUNDS_FOR_A_DRAW, SavedGame, Seat,
};
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

/// A game of four seats that mostly end their turns without attacking, `actions`
/// long (or shorter, should the rules ever end such a game), saved. Left alone, such a
/// game is drawn after 60 quiet rounds (ruling 24), so once half of that has passed
/// the seat to move attacks once, from its strongest border onto a territory without
/// a castle of the seat holding the most land: a capture now and then keeps the game
/// going and the seats even.
fn quiet_game(actions: usize) -> SavedGame {
    let board = Arc::new(parse_board(BOARD, "castle-risk.toml").expect("the shipped board"));
    // Armies enough for a capture every few dozen rounds, placed a thousand at a time.
    let mut variant = Variant::rulebook();
    variant.starting_armies.four = 10_000;
    variant.armies_per_setup_placement = 1_000;
    let mut game = Game::new(board, variant, 4, 7).expect("a valid variant");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let draw_turns = QUIET_ROUNDS_FOR_A_DRAW * 4;
    let mut attacked_in_turn = None;
    while game.history().len() < actions {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        let legal = game.legal_actions();
        let restless =
            game.quiet_turns() > draw_turns / 2 && attacked_in_turn != Some(game.turn_number());
        let attack = restless
            .then(|| attack_on_a_larger_seat(&game, &legal))
            .flatten();
        // The attack goes on until the territory falls (or the attacker cannot).
        let roll = legal.choices.iter().find_map(|choice| match choice {
            Choice::Roll { max_dice, .. } => Some(Action::Roll {
                dice: *max_dice,
                general: false,
            }),
            _ => None,
        });
        let action = if let Some(attack) = attack {
            attacked_in_turn = Some(game.turn_number());
            attack
        } else if let Some(roll) = roll {
            roll
        } else if legal.allows(&Action::EndTurn) {
            Action::EndTurn
        } else {
            legal.sample(&mut rng).expect("a decision is pending")
        };
        game.apply(seat, action).expect("a legal action");
    }
    game.save(BOARD).expect("a game from setup saves")
}

/// A legal attack onto a territory without a castle, of the seat holding the most
/// territories (and more than 3, so that nobody is eliminated), with the most armies
/// to spare.
fn attack_on_a_larger_seat(game: &Game, legal: &LegalActions) -> Option<Action> {
    let held = |seat: Seat| {
        game.board()
            .territory_ids()
            .filter(|&t| game.owner(t) == Some(seat))
            .count()
    };
    legal
        .choices
        .iter()
        .filter_map(|choice| match choice {
            Choice::Attack { routes } => Some(routes),
            _ => None,
        })
        .flatten()
        .filter(|route| game.castle_at(route.to).is_none())
        .filter_map(|route| Some((route, held(game.owner(route.to)?))))
        .filter(|&(_, defender_holds)| defender_holds > 3)
        .max_by_key(|&(route, defender_holds)| {
            let spare = i64::from(game.armies(route.from)) - i64::from(game.armies(route.to));
            (defender_holds, spare)
        })
        .map(|(route, _)| Action::Attack {
            from: route.from,
            to: route.to,
        })
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
    let long = quiet_game(LONG);
    let short = quiet_game(SHORT);
    let (long_actions, short_actions) = (long.actions.len(), short.actions.len());
    if long_actions < LONG {
        eprintln!(
            "the long game ended after {long_actions} actions: the figure would mean nothing"
        );
        return ExitCode::FAILURE;
    }
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
