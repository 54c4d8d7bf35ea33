//! The protocol through the session that routes between games: every Castle Risk
//! example of `docs/protocol.md` gets the same reply through it as through the Risk
//! engine's own session (so every Risk conversation goes on byte for byte), every
//! Château Noir example gets exactly the reply shown, every Château Noir error code is
//! documented, requests find their game, saves load by theirs, and a program plays
//! whole Château Noir matches through the protocol to a winner.

use std::path::{Path, PathBuf};

use castellan_protocol::Session;
use serde_json::{Value, json};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("a workspace member")
        .to_path_buf()
}

fn session() -> Session {
    Session::new()
        .with_boards_dir(workspace().join("data/boards"))
        .with_base_dir(workspace())
}

fn risk_session() -> castellan_engine::protocol::Session {
    castellan_engine::protocol::Session::new()
        .with_boards_dir(workspace().join("data/boards"))
        .with_base_dir(workspace())
}

fn send(session: &mut Session, request: Value) -> Value {
    let mut replies = session.handle_line(&request.to_string());
    assert_eq!(replies.len(), 1, "{replies:?}");
    replies.remove(0)
}

/// The example blocks of `docs/protocol.md` whose info string is one of `tags`
/// (request, malformed request, reply), in order: `(is_reply, text)`.
fn blocks(doc: &str, tags: [&str; 3]) -> Vec<(bool, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(bool, String)> = None;
    for line in doc.lines() {
        match &mut current {
            None => {
                let info = line.trim().strip_prefix("```").map(str::trim);
                current = match info {
                    Some(tag) if tag == tags[0] || tag == tags[1] => Some((false, String::new())),
                    Some(tag) if tag == tags[2] => Some((true, String::new())),
                    _ => None,
                };
            }
            Some(_) if line.trim() == "```" => blocks.extend(current.take()),
            Some((_, text)) => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    blocks
}

/// Numbers compared as numbers: serde's float parsing may miss a last bit.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            _ if x == y => true,
            (Some(x), Some(y)) => (x - y).abs() <= 1e-12 * x.abs().max(y.abs()),
            _ => false,
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

fn doc() -> String {
    std::fs::read_to_string(workspace().join("docs/protocol.md")).expect("docs/protocol.md")
}

#[test]
fn every_risk_example_gets_the_same_reply_through_the_router() {
    let doc = doc();
    let requests: Vec<String> = blocks(&doc, ["json request", "text request", "json reply"])
        .into_iter()
        .filter(|(reply, _)| !reply)
        .map(|(_, text)| text.trim_end().to_owned())
        .collect();
    assert!(requests.len() >= 12);
    let (mut router, mut risk) = (session(), risk_session());
    for line in &requests {
        let through_router = router.handle_line(line);
        let direct = risk.handle_line(line);
        assert_eq!(
            serde_json::to_string(&through_router).unwrap(),
            serde_json::to_string(&direct).unwrap(),
            "{line}"
        );
    }
}

#[test]
fn every_chateau_noir_example_gets_exactly_the_reply_shown() {
    let doc = doc();
    let blocks = blocks(
        &doc,
        [
            "json chateau-request",
            "text chateau-request",
            "json chateau-reply",
        ],
    );
    let requests = blocks.iter().filter(|(reply, _)| !reply).count();
    assert!(requests >= 20, "only {requests} example requests");
    let mut session = session();
    let mut blocks = blocks.into_iter().peekable();
    while let Some((is_reply, text)) = blocks.next() {
        assert!(!is_reply, "a reply shown without its request:\n{text}");
        assert_eq!(
            text.lines().count(),
            1,
            "a request on several lines:\n{text}"
        );
        let line = text.trim_end();
        let replies = session.handle_line(line);
        let Some((_, shown)) = blocks.next_if(|(reply, _)| *reply) else {
            panic!("no reply shown for {line}");
        };
        let shown: Value = serde_json::from_str(&shown).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(replies.len(), 1, "{line}");
        assert!(
            same(&replies[0], &shown),
            "the reply to {line} is not the one shown:\n{:#}",
            replies[0]
        );
    }
}

/// The string literals of `text`.
fn literals(text: &str) -> Vec<&str> {
    text.split('"').skip(1).step_by(2).collect()
}

#[test]
fn every_chateau_noir_error_code_is_documented() {
    let doc = doc();
    let mut codes = Vec::new();
    let errors = include_str!("../../chateau/src/game/error.rs");
    for body in errors.split("pub fn code(&self) -> &'static str {").skip(1) {
        let end = body.find("\n    }\n").expect("the function's end");
        codes.extend(literals(&body[..end]));
    }
    for source in [
        include_str!("../src/lib.rs"),
        include_str!("../src/chateau/session.rs"),
        include_str!("../src/chateau/sources.rs"),
    ] {
        for call in source.split("Refusal::new(").skip(1) {
            if call.trim_start().starts_with('"') {
                codes.push(literals(call)[0]);
            }
        }
    }
    assert!(codes.len() > 30, "{codes:?}");
    for code in codes {
        assert!(
            code.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "{code}"
        );
        assert!(
            doc.contains(&format!("| `{code}` |")),
            "{code} is not in the tables of docs/protocol.md"
        );
    }
}

#[test]
fn requests_find_their_game() {
    let mut session = session();
    // No game: Risk answers as always.
    let none = send(&mut session, json!({"type": "legal"}));
    assert_eq!(none["code"], "no_game");
    // `game` sets a Risk start's ruleset; a contradiction is refused.
    let classic = send(
        &mut session,
        json!({"type": "start", "game": "classic", "board": {"name": "classic"}, "seats": 3, "seed": 1}),
    );
    assert_eq!(classic["type"], "started");
    assert_eq!(classic["ruleset"], "classic");
    assert!(session.risk_game().is_some());
    let clash = send(
        &mut session,
        json!({"type": "start", "game": "classic", "ruleset": "castle-risk", "board": {"name": "classic"}, "seats": 3}),
    );
    assert_eq!(clash["code"], "bad_request");
    // A Château Noir game takes over; a failed Risk start leaves it in play.
    let chateau = send(
        &mut session,
        json!({"type": "start", "game": "chateau-noir", "seed": 2}),
    );
    assert_eq!(chateau["type"], "started");
    let failed = send(
        &mut session,
        json!({"type": "start", "board": {"name": "nowhere"}, "seats": 3}),
    );
    assert_eq!(failed["type"], "error");
    assert!(session.chateau_game().is_some());
    let legal = send(&mut session, json!({"type": "legal"}));
    assert!(legal["pickable"].is_array(), "{legal}");
    // And back to Castle Risk.
    let risk = send(
        &mut session,
        json!({"type": "start", "board": {"name": "castle-risk"}, "seats": 2, "seed": 3}),
    );
    assert_eq!(risk["type"], "started");
    assert!(session.risk_game().is_some() && session.chateau_game().is_none());
    // Errors count every line of the conversation.
    let error = send(&mut session, json!({"type": "nonsense"}));
    assert_eq!(error["line"], 8);
}

#[test]
fn saves_load_by_their_game() {
    let mut session = session();
    send(
        &mut session,
        json!({"type": "start", "game": "chateau-noir", "seed": 4}),
    );
    let save = send(&mut session, json!({"type": "save"}))["save"].clone();
    assert_eq!(save["game"], "chateau-noir");
    // Inline, after a Risk game.
    send(
        &mut session,
        json!({"type": "start", "board": {"name": "castle-risk"}, "seats": 2, "seed": 3}),
    );
    let loaded = send(&mut session, json!({"type": "load", "save": save}));
    assert_eq!(loaded["type"], "started");
    assert_eq!(loaded["game"], "chateau-noir");
    // By path, and the Risk saves of the engine's fixtures as before.
    let loaded = send(
        &mut session,
        json!({"type": "load", "path": "protocol/tests/saves/duel.save.json"}),
    );
    assert_eq!(loaded["actions"], 3);
    let risk = send(
        &mut session,
        json!({"type": "load", "path": "engine/tests/saves/castle-format-2.castellan"}),
    );
    assert_eq!(risk["type"], "started", "{risk}");
    assert!(session.risk_game().is_some());
    // A save of a game nobody plays.
    let unknown = send(
        &mut session,
        json!({"type": "load", "save": {"game": "go", "format": 1}}),
    );
    assert_eq!(unknown["type"], "error");
}

/// A program that plays by the protocol alone: it asks `legal` and picks at random.
#[test]
fn whole_matches_are_played_through_the_protocol_to_a_winner() {
    use rand::seq::IndexedRandom;
    use rand::{RngExt, SeedableRng};
    for seed in 0..3u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut session = session();
        let started = send(
            &mut session,
            json!({"type": "start", "game": "chateau-noir", "seed": seed, "seats": [["red", "yellow"], ["blue", "green"]]}),
        );
        assert_eq!(started["type"], "started");
        let mut reply = started;
        for _ in 0..100_000 {
            if !reply["outcome"].is_null() {
                break;
            }
            let legal = send(&mut session, json!({"type": "legal"}));
            let seat = legal["seat"].clone();
            let list = |key: &str| legal[key].as_array().cloned().unwrap_or_default();
            let action = if legal["decision"] == "draw_answer" {
                json!({"action": "answer_draw", "accept": false})
            } else if legal["can_end_turn"] == true
                && (list("units").is_empty() || rng.random_bool(0.3))
            {
                json!({"action": "end_turn", "captures": legal["captures"]})
            } else if let Some(unit) = list("units").choose(&mut rng) {
                json!({"action": "unit", "to": unit["to"]})
            } else if legal["hand"].is_string() && legal["can_release"] == true {
                json!({"action": "release"})
            } else {
                let square = list("pickable")
                    .choose(&mut rng)
                    .cloned()
                    .expect("a piece to pick");
                json!({"action": "pick", "square": square})
            };
            reply = send(
                &mut session,
                json!({"type": "act", "seat": seat, "action": action}),
            );
            assert_eq!(reply["type"], "events", "{action} for {seat}: {reply}");
        }
        assert_eq!(reply["outcome"]["result"], "won", "seed {seed}: {reply}");
        let events = reply["events"].as_array().unwrap();
        assert!(events.iter().any(|e| e["event"] == "match_won"));
    }
}

/// `suggest` for Château Noir: a program can play a whole match by asking the computer
/// players and sending what they say; the answer is the same when asked again; a piece
/// moved by hand is carried on; a strength Castellan has not is refused.
#[test]
fn chateau_noir_suggestions_play_a_match_to_its_end() {
    let mut session = session();
    let started = send(
        &mut session,
        json!({"type": "start", "game": "chateau-noir", "seed": 5,
               "seats": [["red", "yellow"], ["blue", "green"]],
               "variant": {"table": {"round_cap": 8}}}),
    );
    assert_eq!(started["type"], "started", "{started}");
    // By hand: pick a piece and move it one unit; the suggestion carries it on.
    let legal = send(&mut session, json!({"type": "legal"}));
    let seat = legal["seat"].clone();
    let square = legal["pickable"][0].clone();
    send(
        &mut session,
        json!({"type": "act", "seat": seat, "action": {"action": "pick", "square": square}}),
    );
    let legal = send(&mut session, json!({"type": "legal"}));
    let to = legal["units"][0]["to"].clone();
    let moved = send(
        &mut session,
        json!({"type": "act", "seat": seat, "action": {"action": "unit", "to": to}}),
    );
    assert_eq!(moved["type"], "events", "{moved}");
    let suggestion = send(
        &mut session,
        json!({"type": "suggest", "strength": "expert"}),
    );
    assert_eq!(suggestion["type"], "suggestion", "{suggestion}");
    assert!(
        ["unit", "release"].contains(&suggestion["action"]["action"].as_str().unwrap()),
        "{suggestion}"
    );
    let again = send(
        &mut session,
        json!({"type": "suggest", "strength": "expert"}),
    );
    assert_eq!(suggestion, again);
    let refused = send(&mut session, json!({"type": "suggest", "strength": "hard"}));
    assert_eq!(refused["code"], "bad_request", "{refused}");
    // Then the suggestions of Normal and Easy, seat by seat, to the end.
    for _ in 0..10_000 {
        let pending = send(&mut session, json!({"type": "pending"}));
        if pending["pending"].is_null() {
            assert!(!pending["outcome"].is_null(), "{pending}");
            return;
        }
        let strength = if pending["pending"] == 0 {
            "normal"
        } else {
            "easy"
        };
        let suggestion = send(
            &mut session,
            json!({"type": "suggest", "strength": strength}),
        );
        assert_eq!(suggestion["type"], "suggestion", "{suggestion}");
        let played = send(
            &mut session,
            json!({"type": "act", "seat": suggestion["seat"], "action": suggestion["action"]}),
        );
        assert_eq!(played["type"], "events", "{suggestion} → {played}");
    }
    panic!("the match did not end");
}

/// `computers` at a Château Noir table: the engine plays those seats after every
/// request, a program plays the others with `act`; a table of computers only pauses
/// after `MAX_COMPUTER_ACTIONS` and `continue` plays it on to the end, the same game
/// whatever the pauses; a seat not at the table or named twice is refused.
#[test]
fn chateau_noir_computer_seats_play_against_a_program_and_among_themselves() {
    let mut session = session();
    let started = send(
        &mut session,
        json!({"type": "start", "game": "chateau-noir", "seed": 9,
               "seats": [["red", "yellow"], ["blue", "green"]],
               "variant": {"table": {"round_cap": 6}},
               "computers": [{"seat": 1, "strength": "normal"}]}),
    );
    assert_eq!(started["type"], "started", "{started}");
    assert_eq!(
        started["computers"],
        json!([{"seat": 1, "strength": "normal"}])
    );
    // Whoever moves first, the program (seat 0) is asked next.
    assert!(started["pending"] == json!(0), "{started}");
    let mut computer_actions = started["computer_actions"].as_array().unwrap().len();
    for _ in 0..10_000 {
        let pending = send(&mut session, json!({"type": "pending"}));
        if pending["pending"].is_null() {
            break;
        }
        assert_eq!(pending["pending"], json!(0), "only the program is asked");
        let suggestion = send(&mut session, json!({"type": "suggest", "strength": "easy"}));
        let answer = send(
            &mut session,
            json!({"type": "act", "seat": 0, "action": suggestion["action"]}),
        );
        assert_eq!(answer["type"], "events", "{answer}");
        let played = answer["computer_actions"].as_array().unwrap();
        assert!(played.iter().all(|a| a["seat"] == json!(1)), "{answer}");
        computer_actions += played.len();
    }
    let over = send(&mut session, json!({"type": "pending"}));
    assert!(
        over["pending"].is_null() && !over["outcome"].is_null(),
        "{over}"
    );
    assert!(computer_actions > 0, "the computer seat played");

    // Four computers only, to the end through `continue`; the save replays to the
    // same game as one started without pauses would.
    let start = json!({"type": "start", "game": "chateau-noir", "seed": 3,
        "computers": [{"seat": 0, "strength": "easy"}, {"seat": 1, "strength": "easy"},
                      {"seat": 2, "strength": "easy"}, {"seat": 3, "strength": "easy"}]});
    let started = send(&mut session, start.clone());
    assert_eq!(started["type"], "started", "{started}");
    let mut replies = 0;
    let mut last = started;
    while last["computers_paused"] == json!(true) {
        assert!(
            last["computer_actions"].as_array().unwrap().len()
                == castellan_engine::protocol::MAX_COMPUTER_ACTIONS
        );
        last = send(&mut session, json!({"type": "continue"}));
        replies += 1;
        assert!(replies < 1_000, "a table of computers ends");
    }
    assert!(last["pending"].is_null(), "{last}");
    let again = send(&mut session, json!({"type": "continue"}));
    assert_eq!(again["computer_actions"], json!([]), "nothing left to play");
    let first = send(&mut session, json!({"type": "save"}));
    send(&mut session, start);
    while send(&mut session, json!({"type": "continue"}))["computers_paused"] == json!(true) {}
    let second = send(&mut session, json!({"type": "save"}));
    assert_eq!(first["save"]["actions"], second["save"]["actions"]);

    for computers in [
        json!([{"seat": 4, "strength": "easy"}]),
        json!([{"seat": 1, "strength": "easy"}, {"seat": 1, "strength": "expert"}]),
        json!([{"seat": 1, "strength": "easy", "colour": 2}]),
    ] {
        let refused = send(
            &mut session,
            json!({"type": "start", "game": "chateau-noir", "computers": computers}),
        );
        assert_eq!(refused["type"], "error", "{refused}");
        assert!(
            ["unknown_seat", "bad_request"].contains(&refused["code"].as_str().unwrap()),
            "{refused}"
        );
    }
}
