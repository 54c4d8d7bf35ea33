//! `castellan protocol` and `castellan replay`, run as programs use them: the built
//! binary with requests piped to its standard input, and saves it wrote replayed.

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use serde_json::{Value, json};

/// A board of four territories: two empires of two, in a row.
const BOARD: &str = r#"[board]
format = 1
name = "Two Valleys"
width = 100
height = 100

[[empire]]
id = "west"
name = "West"
bonus = 2

[[empire]]
id = "east"
name = "East"
bonus = 2

[[territory]]
id = "w1"
name = "West One"
group = "west"
centre = [10, 50]

[[territory]]
id = "w2"
name = "West Two"
group = "west"
centre = [30, 50]

[[territory]]
id = "e1"
name = "East One"
group = "east"
centre = [70, 50]

[[territory]]
id = "e2"
name = "East Two"
group = "east"
centre = [90, 50]

[borders]
land = [["w1", "w2"], ["w2", "e1"], ["e1", "e2"]]
"#;

/// `castellan` with `args`, from the top of the source tree, in the C locale.
fn castellan(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_castellan"));
    command
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("LC_ALL", "C")
        .env_remove("LANGUAGE");
    command
}

/// Runs `castellan protocol` on these input lines (each written with its line break)
/// and returns how it ended and the replies, one per output line.
fn protocol(lines: &[String]) -> (Output, Vec<Value>) {
    let mut child = castellan(&["protocol"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the castellan binary runs");
    let mut stdin = child.stdin.take().expect("a pipe to its input");
    for line in lines {
        writeln!(stdin, "{line}").expect("writing a request");
    }
    drop(stdin);
    let output = child.wait_with_output().expect("castellan protocol ends");
    let replies = String::from_utf8(output.stdout.clone())
        .expect("UTF-8 on stdout")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each output line is one JSON object"))
        .collect();
    (output, replies)
}

/// A scratch file of this test's own, removed when it is dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, text: &str) -> Self {
        let path = std::env::temp_dir().join(format!(
            "castellan-cli-protocol-{}-{name}",
            std::process::id()
        ));
        fs::write(&path, text).expect("writing a scratch file");
        Self(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 temporary path")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
    }
}

/// Seat 0 (castle w1) to play against seat 1 (castle e1, 2 armies), with dice that
/// let seat 0 take the castle in one roll: 6 5 against 4 3.
fn duel_start() -> Value {
    json!({
        "type": "start_from_position",
        "id": "duel",
        "board": { "toml": BOARD },
        "variant": { "table": { "hidden_armies": false } },
        "position": { "table": {
            "seed": 1,
            "territories": {
                "w1": { "owner": 0, "armies": 3 },
                "w2": { "owner": 0, "armies": 5 },
                "e1": { "owner": 1, "armies": 2 },
                "e2": { "owner": 1, "armies": 1 },
            },
            "seats": [{ "castle": "w1", "hand": ["general"] }, { "castle": "e1" }],
            "turn": { "seat": 0 },
        } },
        "dice": [6, 5, 4, 3],
    })
}

fn act(seat: u8, action: Value) -> String {
    json!({ "type": "act", "seat": seat, "action": action }).to_string()
}

/// The lines of a whole game: errors in between, then the save.
fn duel_lines() -> Vec<String> {
    vec![
        duel_start().to_string(),
        "this is not json".to_owned(),
        act(0, json!({ "action": "attack", "from": 1, "to": 2 })),
        String::new(),
        act(1, json!({ "action": "end_turn" })),
        act(0, json!({ "action": "roll", "dice": 2, "general": false })),
        act(
            1,
            json!({ "action": "defend", "dice": 2, "marshall": false }),
        ),
        json!({ "type": "save", "id": "s" }).to_string(),
    ]
}

#[test]
fn a_whole_game_is_played_through_the_pipes_and_errors_do_not_stop_it() {
    let (output, replies) = protocol(&duel_lines());
    assert!(output.status.success(), "{output:?}");
    assert!(output.stderr.is_empty(), "{output:?}");
    let kinds: Vec<&str> = replies
        .iter()
        .map(|r| r["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        [
            "started", "error", "events", "error", "events", "events", "save"
        ]
    );
    assert_eq!(replies[0]["id"], "duel");
    assert_eq!(replies[1]["line"], 2);
    assert_eq!(replies[1]["code"], "not_json");
    // The blank line 4 is counted but not answered.
    assert_eq!(replies[3]["line"], 5);
    assert_eq!(replies[3]["code"], "not_your_decision");
    assert_eq!(
        replies[3]["message"],
        "it is seat 0's decision, not seat 1's"
    );
    assert_eq!(replies[5]["winner"], 0);
    assert_eq!(replies[6]["id"], "s");
    assert_eq!(replies[6]["save"]["actions"].as_array().unwrap().len(), 3);
}

#[test]
fn replies_come_one_by_one_while_the_input_stays_open() {
    let mut child = castellan(&["protocol"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the castellan binary runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut ask = |request: Value| -> Value {
        writeln!(stdin, "{request}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        stdout
            .read_line(&mut line)
            .expect("a reply before more input");
        serde_json::from_str(&line).expect("one JSON object")
    };
    // Each reply arrives before the next request is even written.
    let started = ask(
        json!({ "type": "start", "id": 1, "board": { "name": "castle-risk" }, "seats": 4, "seed": 8 }),
    );
    assert_eq!(started["board"], "Castle Risk");
    let legal = ask(json!({ "type": "legal", "id": 2 }));
    assert_eq!(legal["choices"][0]["choice"], "place_castle");
    let bye = ask(json!({ "type": "quit", "id": 3 }));
    assert_eq!(bye, json!({ "type": "bye", "id": 3 }));
    // After quit the program ends even though its input is still open.
    let status = child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn empty_input_ends_cleanly_with_no_reply() {
    let (output, replies) = protocol(&[]);
    assert!(output.status.success());
    assert!(replies.is_empty());
}

#[test]
fn a_save_made_through_the_protocol_replays_to_its_final_position() {
    let (_, replies) = protocol(&duel_lines());
    let save = replies.last().unwrap()["save"].to_string();
    let file = Scratch::new("won.json", &save);
    let output = castellan(&["replay", file.path()]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(
        text,
        "Two Valleys: 2 seats, seed 1, 3 actions replayed
Territories:
  w1 (West One): seat 0, 3 armies, castle of seat 0
  w2 (West Two): seat 0, 3 armies
  e1 (East One): seat 0, 2 armies
  e2 (East Two): empty
Seats:
  seat 0: 1 card; banners: West, East; in play
  seat 1: 0 cards; no banner; eliminated
Winner: seat 0
"
    );
}

#[test]
fn a_game_in_progress_replays_to_its_pending_decision() {
    let mut lines = duel_lines();
    lines.truncate(3);
    lines.push(json!({ "type": "save" }).to_string());
    let (_, replies) = protocol(&lines);
    let file = Scratch::new("open.json", &replies.last().unwrap()["save"].to_string());
    let output = castellan(&["replay", file.path()]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with("Two Valleys: 2 seats, seed 1, 1 action replayed\n"),
        "{text}"
    );
    assert!(
        text.contains("  e1 (East One): seat 1, 2 armies, castle of seat 1\n"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "No winner yet; awaiting seat 0: roll against East One from West Two, or stop\n"
        ),
        "{text}"
    );
}

#[test]
fn a_save_that_does_not_replay_fails_naming_the_action() {
    let (_, replies) = protocol(&duel_lines());
    let mut save = replies.last().unwrap()["save"].clone();
    // The defender's answer, sent by the wrong seat.
    save["actions"][2][0] = json!(0);
    let file = Scratch::new("broken.json", &save.to_string());
    let output = castellan(&["replay", file.path()]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    let error = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        error,
        format!(
            "castellan replay: {}: action 2 (seat 0: defend) does not replay: it is seat 1's decision, not seat 0's\n",
            file.path()
        )
    );

    // In French, with the seats named as French names them.
    let output = castellan(&["replay", "--lang", "fr", file.path()])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(output.stderr).unwrap(),
        format!(
            "castellan replay: {}: l’action 2 (joueur 0\u{a0}: defend) ne se rejoue pas\u{a0}: \
             c’est à joueur 1 de décider, pas à joueur 0\n",
            file.path()
        )
    );

    let not_a_save = Scratch::new("not-a-save.json", "{\"hello\": 1}");
    let output = castellan(&["replay", not_a_save.path()]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let error = String::from_utf8(output.stderr).unwrap();
    assert!(error.contains("not a save file"), "{error}");
}

#[test]
fn a_drawn_game_replays_to_its_draw() {
    // Ruling 24: 119 turns ended without a capture at a table of two; one more draws.
    let mut start = duel_start();
    start["position"]["table"]["territories"] = json!({
        "w1": { "owner": 0, "armies": 1 },
        "w2": { "owner": 1, "armies": 1 },
        "e1": { "owner": 1, "armies": 1 },
        "e2": { "owner": 0, "armies": 1 },
    });
    start["position"]["table"]["turn"] = json!({ "seat": 0, "quiet_turns": 119 });
    let lines = vec![
        start.to_string(),
        act(0, json!({ "action": "end_turn" })),
        json!({ "type": "save" }).to_string(),
    ];
    let (_, replies) = protocol(&lines);
    assert_eq!(replies[1]["drawn"], json!(true), "{}", replies[1]);
    let file = Scratch::new("drawn.json", &replies[2]["save"].to_string());
    let output = castellan(&["replay", file.path()]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.ends_with("Drawn: no territory was taken in 60 rounds\n"),
        "{text}"
    );
}

#[test]
fn the_apps_saves_replay_and_load_through_the_protocol() {
    // Before format 2 the app's saves were refused by both ("invalid type: sequence").
    let save = "engine/tests/saves/app-format-1.castellan";
    let output = castellan(&["replay", save]).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.starts_with("Castle Risk: 3 seats, seed 77, 180 actions replayed\n"),
        "{text}"
    );
    let (_, replies) = protocol(&[
        json!({ "type": "load", "path": save }).to_string(),
        json!({ "type": "save" }).to_string(),
    ]);
    assert_eq!(replies[0]["type"], "started", "{}", replies[0]);
    assert_eq!(replies[1]["save"]["format"], 2);
    assert_eq!(replies[1]["save"]["app"]["seats"][0]["name"], "Anna");
}

#[test]
fn a_line_past_the_limit_is_skipped_unread_and_the_session_goes_on() {
    let mut child = castellan(&["protocol"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the castellan binary runs");
    let mut stdin = child.stdin.take().expect("a pipe to its input");
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..17 {
            stdin.write_all(&chunk).expect("writing a long line");
        }
        stdin.write_all(b"\n").unwrap();
        writeln!(stdin, r#"{{"type":"odds","attackers":2,"defenders":1}}"#).unwrap();
    });
    let output = child.wait_with_output().expect("castellan protocol ends");
    writer.join().unwrap();
    let replies: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert_eq!(replies[0]["type"], "error");
    assert_eq!(replies[0]["line"], 1);
    assert!(replies[0]["message"].as_str().unwrap().contains("16 MiB"));
    assert_eq!(replies[1]["type"], "odds");
}

#[test]
fn the_story_of_a_save_tells_luck_battles_and_turning_points() {
    let (_, replies) = protocol(&duel_lines());
    let file = Scratch::new("story.json", &replies.last().unwrap()["save"].to_string());
    let output = castellan(&["replay", "--story", file.path()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    // 2 dice against 2, 6 5 against 4 3: the attacker lost none where the odds
    // expected 1582/1296 and killed 2 where they expected 1010/1296, so it is
    // 3164/1296 = 2.44 armies ahead.
    assert_eq!(
        String::from_utf8(output.stdout).unwrap(),
        "Two Valleys: 2 seats, 1 turn
Luck against the exact odds:
  seat 0 was the luckiest: 2 armies better than expected.
  seat 1 was the unluckiest: 2 armies worse than expected.
    seat 0: lost 0 (expected 1.2), killed 2 (expected 0.8)
    seat 1: lost 2 (expected 0.8), killed 0 (expected 1.2)
Battles:
  seat 0: 1 attack, 1 won; 0 defences, 0 held
  seat 1: 0 attacks, 0 won; 1 defence, 0 held
Turning points:
  turn 1: seat 0 took the castle of seat 1 in East One
  turn 1: seat 1 is out of the game, put out by seat 0
  turn 1: seat 0 won the game
Territories / armies (+hidden) / cards as each turn began:
  turn        seat 0        seat 1
     1         2/8/1         2/3/0
   end         3/8/1         0/0/0
"
    );

    let output = castellan(&["replay", "--story", "--json", file.path()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let story: Value = serde_json::from_slice(&output.stdout).unwrap();
    let ahead = story["seats"][0]["armies_better_than_expected"]
        .as_f64()
        .unwrap();
    assert!((ahead - 3164.0 / 1296.0).abs() < 1e-9, "{ahead}");
    assert_eq!(story["chronicle"]["winner"], 0);
    assert_eq!(story["chronicle"]["disclosure"], "everything");
    assert_eq!(story["chronicle"]["luck"][1]["losses"], 2);

    let output = castellan(&["replay", "--story", "--lang", "fr", file.path()])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("joueur 0 a eu le plus de chance\u{a0}: 2\u{a0}armées de mieux que prévu."),
        "{text}"
    );
    assert!(text.contains("perdu 0 (prévu 1,2)"), "{text}");

    // JSON only for the story.
    let output = castellan(&["replay", "--json", file.path()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn the_story_of_a_game_in_progress_keeps_its_secrets() {
    let mut lines = duel_lines();
    lines.truncate(3);
    lines.push(json!({ "type": "save" }).to_string());
    let (_, replies) = protocol(&lines);
    let file = Scratch::new(
        "open-story.json",
        &replies.last().unwrap()["save"].to_string(),
    );
    let output = castellan(&["replay", "--story", "--json", file.path()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let story: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(story["chronicle"]["disclosure"], "public");
    assert!(
        !String::from_utf8(output.stdout)
            .unwrap()
            .contains("\"hand\"")
    );
    let output = castellan(&["replay", "--story", file.path()])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("not over"), "{text}");
    assert!(text.contains("No dice were rolled."), "{text}");
}

#[test]
fn a_chateau_noir_game_is_played_through_the_pipes() {
    let lines = vec![
        json!({"type": "start", "game": "chateau-noir", "id": 1, "seed": 7}).to_string(),
        json!({"type": "act", "id": 2, "seat": 0, "action": {"action": "path", "from": "C3", "to": ["D3", "D4", "D5", "D6", "E7", "F7"]}}).to_string(),
        json!({"type": "act", "id": 3, "seat": 0, "action": {"action": "end_turn"}}).to_string(),
        json!({"type": "pending", "id": 4}).to_string(),
        json!({"type": "quit", "id": 5}).to_string(),
    ];
    let (output, replies) = protocol(&lines);
    assert!(output.status.success());
    let kinds: Vec<&str> = replies
        .iter()
        .map(|r| r["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["started", "events", "events", "pending", "bye"],
        "{replies:?}"
    );
    // The shipped board is found among the installed boards, or built in.
    assert_eq!(replies[0]["board"], "Château Noir");
    assert_eq!(replies[3]["army"], 1, "Blue plays after Red");
}
