//! How long the program takes from launch to the map's first drawn frame, and how much
//! memory it holds once a game has started: issue 4's targets are under 0.5 s and under
//! 120 MiB. It runs the built program (a release build under `cargo bench`) several
//! times with `CASTELLAN_MEASURE=1`, which makes it print its figures and quit, and
//! `CASTELLAN_QUICK_START=1`, which starts a three-seat game without the dialog.
//!
//! It needs a display and a session bus of its own (a Castellan already running on the
//! same bus would take the launch over):
//!
//! ```sh
//! xvfb-run -a -s "-screen 0 1920x1080x24" dbus-run-session -- \
//!     env GSK_RENDERER=cairo GSETTINGS_BACKEND=memory cargo bench --bench startup
//! ```

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

const RUNS: usize = 7;

/// How long one launch may take before it is given up.
const TIMEOUT: Duration = Duration::from_secs(60);

/// What `src/app/map_view/measure.rs` starts its lines with.
const PREFIX: &str = "castellan-measure:";

/// A game of three people, so that no computer moves while memory is read.
const SETUP: &str = r#"seed = 7

[[seats]]
name = "Anna"
colour = 0
computer = false

[[seats]]
name = "Ben"
colour = 1
computer = false

[[seats]]
name = "Chloé"
colour = 2
computer = false
"#;

/// One launch: the time from spawning the program to reading its first-frame line,
/// the program's own figure for it (from its start time in `/proc`), and the resident
/// memory it reported once the game was on the map.
struct Launch {
    first_frame: Duration,
    own_first_frame_ms: Option<f64>,
    resident_kib: u64,
    /// The part of it that is the program's own, not shared libraries' and fonts' pages.
    anonymous_kib: Option<u64>,
}

fn launch(program: &Path, config: &Path) -> Result<Launch, String> {
    let started = Instant::now();
    let mut child = Command::new(program)
        .env("CASTELLAN_MEASURE", "1")
        .env("CASTELLAN_QUICK_START", "1")
        .env("XDG_CONFIG_HOME", config)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
    let stdout = child.stdout.take().expect("piped");
    let (lines, received) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send((line, started.elapsed())).is_err() {
                break;
            }
        }
    });
    let mut first_frame = None;
    let mut own_first_frame_ms = None;
    let mut resident_kib = None;
    let mut anonymous_kib = None;
    while resident_kib.is_none() || anonymous_kib.is_none() {
        let Ok((line, at)) = received.recv_timeout(TIMEOUT.saturating_sub(started.elapsed()))
        else {
            break;
        };
        let Some(figure) = line.strip_prefix(PREFIX) else {
            continue;
        };
        let mut words = figure.split_whitespace();
        match (words.next(), words.next()) {
            (Some("first-frame-ms"), value) => {
                first_frame = Some(at);
                own_first_frame_ms = value.and_then(|v| v.parse().ok());
            }
            (Some("game-rss-kib"), value) => {
                resident_kib = value.and_then(|v| v.parse().ok());
            }
            (Some("game-rss-anon-kib"), value) => {
                anonymous_kib = Some(value.and_then(|v| v.parse().ok()));
            }
            _ => {}
        }
    }
    if resident_kib.is_none() || anonymous_kib.is_none() {
        child.kill().ok();
    }
    child.wait().map_err(|e| e.to_string())?;
    match (first_frame, resident_kib) {
        (Some(first_frame), Some(resident_kib)) => Ok(Launch {
            first_frame,
            own_first_frame_ms,
            resident_kib,
            anonymous_kib: anonymous_kib.flatten(),
        }),
        _ => Err("the program printed no figures (is another Castellan on this bus?)".into()),
    }
}

fn median<T: Copy + PartialOrd>(values: &mut [T]) -> T {
    values.sort_by(|a, b| a.partial_cmp(b).expect("comparable"));
    values[values.len() / 2]
}

fn main() -> ExitCode {
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        eprintln!(
            "The startup benchmark opens the game's window and needs a display: run it as \
             `xvfb-run -a dbus-run-session -- cargo bench --bench startup`."
        );
        return ExitCode::FAILURE;
    }
    let program = PathBuf::from(env!("CARGO_BIN_EXE_castellan"));
    let config = std::env::temp_dir().join(format!("castellan-startup-{}", std::process::id()));
    let setup_dir = config.join("castellan");
    if let Err(error) = std::fs::create_dir_all(&setup_dir)
        .and_then(|()| std::fs::write(setup_dir.join("last-game.toml"), SETUP))
    {
        eprintln!(
            "cannot write the game's setup in {}: {error}",
            setup_dir.display()
        );
        return ExitCode::FAILURE;
    }
    println!("{} launches of {}", RUNS, program.display());
    let mut launches = Vec::new();
    for run in 1..=RUNS {
        match launch(&program, &config) {
            Ok(launch) => {
                println!(
                    "  run {run}: first frame after {:5.0} ms (the program's own count: {}), \
                     {:5.1} MiB resident with a game ({} of it the program's own)",
                    launch.first_frame.as_secs_f64() * 1000.0,
                    launch
                        .own_first_frame_ms
                        .map_or("unknown".to_owned(), |ms| format!("{ms:.0} ms")),
                    launch.resident_kib as f64 / 1024.0,
                    launch
                        .anonymous_kib
                        .map_or("unknown".to_owned(), |kib| format!(
                            "{:.1} MiB",
                            kib as f64 / 1024.0
                        )),
                );
                launches.push(launch);
            }
            Err(error) => {
                eprintln!("  run {run}: {error}");
                std::fs::remove_dir_all(&config).ok();
                return ExitCode::FAILURE;
            }
        }
    }
    std::fs::remove_dir_all(&config).ok();
    let mut frames: Vec<Duration> = launches.iter().map(|l| l.first_frame).collect();
    let mut memory: Vec<u64> = launches.iter().map(|l| l.resident_kib).collect();
    let fastest = *frames.iter().min().expect("runs");
    println!(
        "launch to first frame: fastest {:.0} ms, median {:.0} ms (target under 500 ms)",
        fastest.as_secs_f64() * 1000.0,
        median(&mut frames).as_secs_f64() * 1000.0
    );
    println!(
        "resident memory after a game starts: median {:.1} MiB (target under 120 MiB)",
        median(&mut memory) as f64 / 1024.0
    );
    ExitCode::SUCCESS
}
