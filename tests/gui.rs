//! The desktop window, started as a player starts it, on the test display that
//! `make test` provides (Xvfb): it must open, keep running, and show the board; and a
//! game started from the remembered setup must be played by the window up to a capture.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard, mpsc};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The sea of the light map style (`src/map/palette.rs`), which a fresh start uses
/// with settings kept in memory: most of the map is this colour.
const LIGHT_SEA: [u8; 3] = [0xa9, 0xc9, 0xdc];

/// One game at a time: two instances on one session bus would be one application
/// (the second hands over to the first and exits), and would share the screen.
static ONE_GAME_AT_A_TIME: Mutex<()> = Mutex::new(());

/// What every window test starts with: skipping without a display, and taking its
/// turn at the screen (the guard must live as long as the test).
fn window_test() -> Option<MutexGuard<'static, ()>> {
    if std::env::var_os("DISPLAY").is_none() {
        eprintln!("skipped: no X display; `make test` runs this under Xvfb");
        return None;
    }
    Some(
        ONE_GAME_AT_A_TIME
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner()),
    )
}

/// The game as the window tests start it: drawn with Cairo on X11 (Xvfb has no GPU),
/// settings in memory, no accessibility bus, messages in English.
fn window_command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_castellan"));
    command
        .env("GDK_BACKEND", "x11")
        .env("GSK_RENDERER", "cairo")
        .env("GSETTINGS_BACKEND", "memory")
        .env("NO_AT_BRIDGE", "1")
        .env("LC_ALL", "C");
    command
}

/// Kills the game when the test ends, whichever way it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The whole X screen as 8-bit RGB triples, taken with ImageMagick's `import`.
fn screen_pixels() -> Vec<u8> {
    let output = Command::new("import")
        .args(["-window", "root", "-depth", "8", "rgb:-"])
        .output()
        .expect("ImageMagick's import runs (make deps installs it)");
    assert!(output.status.success(), "import failed: {output:?}");
    output.stdout
}

/// Share of the screen's pixels within 3 of `colour` on every channel.
fn share_of(pixels: &[u8], colour: [u8; 3]) -> f64 {
    let total = pixels.len() / 3;
    let matching = pixels
        .chunks_exact(3)
        .filter(|p| p.iter().zip(colour).all(|(&a, b)| a.abs_diff(b) <= 3))
        .count();
    matching as f64 / total.max(1) as f64
}

#[test]
fn the_window_opens_and_shows_the_shipped_board() {
    let Some(_alone) = window_test() else {
        return;
    };
    let mut game = Running(
        window_command()
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the castellan binary starts"),
    );

    // The map is drawn once the window has been mapped and sized: wait for the sea.
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut sea = 0.0;
    while Instant::now() < deadline {
        sleep(Duration::from_millis(500));
        assert!(
            game.0
                .try_wait()
                .expect("the game can be waited on")
                .is_none(),
            "the game exited early"
        );
        sea = share_of(&screen_pixels(), LIGHT_SEA);
        if sea > 0.05 {
            break;
        }
    }
    // Europe fills much of the board, and the new-game dialog (in the corner, as Xvfb
    // has no window manager to centre it) covers part of the map, so the sea is well
    // under the whole screen; but an error page or an empty window shows none of it.
    assert!(sea > 0.05, "only {:.1}% of the screen is sea", sea * 100.0);

    let _ = game.0.kill();
    let mut stderr = String::new();
    if let Some(mut pipe) = game.0.stderr.take() {
        pipe.read_to_string(&mut stderr).expect("stderr is text");
    }
    assert!(!stderr.contains("cannot draw the map"), "{stderr}");
    assert!(!stderr.contains("CRITICAL"), "{stderr}");
}

#[test]
fn a_game_of_computer_seats_is_played_in_the_window_up_to_a_capture() {
    let Some(_alone) = window_test() else {
        return;
    };
    // The remembered setup: three computer seats and a fixed seed. The quick-start
    // variable starts it at once (no dialog) and echoes the game log on stdout.
    let config = std::env::temp_dir().join(format!("castellan-gui-{}", std::process::id()));
    std::fs::create_dir_all(config.join("castellan")).unwrap();
    std::fs::write(
        config.join("castellan/last-game.toml"),
        "seed = 5\n\
         [[seats]]\nname = \"Anna\"\ncolour = 0\ncomputer = true\n\
         [[seats]]\nname = \"Ben\"\ncolour = 1\ncomputer = true\n\
         [[seats]]\nname = \"Cleo\"\ncolour = 2\ncomputer = true\n",
    )
    .unwrap();
    // Computer seats without their pauses: at the Normal speed's quarter second a
    // move, the setup alone took most of the deadline on a loaded machine.
    std::fs::write(
        config.join("castellan/preferences.toml"),
        "speed = \"instant\"\n",
    )
    .unwrap();
    let mut game = Running(
        window_command()
            .env("XDG_CONFIG_HOME", &config)
            .env("CASTELLAN_QUICK_START", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the castellan binary starts"),
    );
    let (lines, received) = mpsc::channel();
    let stdout = game.0.stdout.take().expect("stdout is piped");
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    // The map is looked for all along, not only after the capture: at instant speed a
    // whole game can be over within seconds on an idle machine, and then the victory
    // page covers the map (seen in CI: the capture was read after the game had ended).
    let deadline = Instant::now() + Duration::from_secs(90);
    let mut log = Vec::new();
    let mut sea: f64 = 0.0;
    let mut last_look = Instant::now();
    while Instant::now() < deadline {
        if sea <= 0.05 && last_look.elapsed() >= Duration::from_millis(500) {
            sea = sea.max(share_of(&screen_pixels(), LIGHT_SEA));
            last_look = Instant::now();
        }
        match received.recv_timeout(Duration::from_millis(250)) {
            Ok(line) => {
                let captured = line.contains(" took ");
                log.push(line);
                if captured {
                    break;
                }
            }
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    let _ = std::fs::remove_dir_all(&config);
    // Setup happened in order, and then a territory changed hands.
    assert!(log.iter().any(|l| l.contains("built a castle")), "{log:#?}");
    assert!(
        log.iter().any(|l| l.contains("First to play: ")),
        "{log:#?}"
    );
    let capture = log.last().cloned().unwrap_or_default();
    assert!(capture.contains(" took "), "no capture in {log:#?}");
    assert!(
        game.0
            .try_wait()
            .expect("the game can be waited on")
            .is_none(),
        "the game exited"
    );
    // The map showed the game: the sea, at some moment while it was played (with
    // instant computer seats the capture may come before the first frame, so the
    // window is given a little longer if it had not drawn yet).
    let drawn = Instant::now() + Duration::from_secs(20);
    while sea <= 0.05 && Instant::now() < drawn {
        std::thread::sleep(Duration::from_millis(250));
        sea = sea.max(share_of(&screen_pixels(), LIGHT_SEA));
    }
    assert!(sea > 0.05, "the sea covered at most {sea} of the screen");
}

#[test]
fn a_save_given_on_the_command_line_opens_in_the_window() {
    let Some(_alone) = window_test() else {
        return;
    };
    // A save made by the protocol: a three-seat game, just set up.
    let mut protocol = Command::new(env!("CARGO_BIN_EXE_castellan"))
        .arg("protocol")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("castellan protocol starts");
    {
        use std::io::Write;
        let mut input = protocol.stdin.take().expect("stdin is piped");
        writeln!(
            input,
            r#"{{"type":"start","board":{{"name":"castle-risk"}},"seats":3,"seed":2024}}"#
        )
        .unwrap();
        writeln!(input, r#"{{"type":"save"}}"#).unwrap();
    }
    let mut replies = String::new();
    protocol
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut replies)
        .unwrap();
    let _ = protocol.wait();
    let save_reply: serde_json::Value =
        serde_json::from_str(replies.lines().last().expect("a save reply")).unwrap();
    let dir = std::env::temp_dir().join(format!("castellan-open-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("opened.castellan");
    std::fs::write(&save, save_reply["save"].to_string()).unwrap();

    let mut game = Running(
        window_command()
            .arg(&save)
            .env("XDG_CONFIG_HOME", &dir)
            .env("CASTELLAN_QUICK_START", "1")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the castellan binary starts"),
    );
    let stdout = game.0.stdout.take().expect("stdout is piped");
    let (lines, received) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    // The opened game's log is echoed: it starts with the roll for the first player.
    let line = received
        .recv_timeout(Duration::from_secs(30))
        .expect("the opened game's log");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(line.contains("rolled highest"), "{line}");
}
