//! The JSON-lines protocol, driven line by line through `Session` as a client would:
//! whole games, what each seat is shown, every kind of bad line, saves and loads, and
//! the examples of `docs/protocol.md` (each request must get exactly the reply shown).

#[path = "positions/support.rs"]
mod support;

use std::path::{Path, PathBuf};

use castellan_engine::game::{SavedGame, Seat};
use castellan_engine::protocol::{MAX_COMPUTER_ACTIONS, Session};
use serde_json::{Value, json};
use support::{TINY_SOURCE, t};

/// The top of the source tree (docs and shipped boards live there).
fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the engine is a member of the workspace")
        .to_path_buf()
}

/// A session that finds the shipped boards and reads paths from the top of the tree.
fn session() -> Session {
    Session::new()
        .with_boards_dir(workspace().join("data/boards"))
        .with_base_dir(workspace())
}

/// Sends one request (a JSON value, written on one line) and returns its one reply.
fn send(session: &mut Session, request: Value) -> Value {
    let mut replies = session.handle_line(&request.to_string());
    assert_eq!(replies.len(), 1, "one reply per request: {replies:?}");
    replies.remove(0)
}

/// Sends a request that must succeed with a reply of type `kind`.
fn ok(session: &mut Session, kind: &str, request: Value) -> Value {
    let reply = send(session, request.clone());
    assert_eq!(reply["type"], kind, "{request} got {reply:#}");
    reply
}

/// Sends a request that must be refused, and returns the error's code and message.
fn refused(session: &mut Session, request: Value) -> (String, String) {
    let reply = send(session, request.clone());
    assert_eq!(reply["type"], "error", "{request} was accepted: {reply:#}");
    let text = |key: &str| {
        reply[key]
            .as_str()
            .unwrap_or_else(|| panic!("an error has a {key}: {reply:#}"))
            .to_owned()
    };
    (text("code"), text("message"))
}

/// Seat 0 (castle n1, North) against seat 1 (castle s1 with 1 army, and s2), seat 0
/// to play. Hidden armies are off so that nothing interferes with the battles.
fn duel_position() -> Value {
    json!({
        "seed": 3,
        "territories": {
            "n1": { "owner": 0, "armies": 6 },
            "n2": { "owner": 0, "armies": 4 },
            "s1": { "owner": 1, "armies": 1 },
            "s2": { "owner": 1, "armies": 2 },
        },
        "seats": [
            { "castle": "n1", "hand": ["general"] },
            { "castle": "s1", "hand": ["marshall"] },
        ],
        "turn": { "seat": 0, "step": "play" },
    })
}

fn start_duel(session: &mut Session, dice: &[u8]) -> Value {
    ok(
        session,
        "started",
        json!({
            "type": "start_from_position",
            "id": "duel",
            "board": { "toml": TINY_SOURCE },
            "variant": { "table": { "hidden_armies": false } },
            "position": { "table": duel_position() },
            "dice": dice,
        }),
    )
}

fn tid(key: &str) -> u16 {
    t(key).0
}

fn act(seat: u8, action: Value) -> Value {
    json!({ "type": "act", "seat": seat, "action": action })
}

/// The `"event"` tags of a reply's events, in order.
fn event_names(reply: &Value) -> Vec<&str> {
    reply["events"]
        .as_array()
        .expect("a list of events")
        .iter()
        .map(|event| event["event"].as_str().expect("an event is tagged"))
        .collect()
}

#[test]
fn a_short_game_from_a_position_with_fixed_dice_is_played_to_the_end() {
    let mut session = session();
    // First battle: attacker 1 1 against 6 6 (two losses); then 6 6 against a 1 on the
    // castle.
    let started = start_duel(&mut session, &[1, 1, 6, 6, 6, 6, 1]);
    assert_eq!(started["id"], "duel");
    assert_eq!(started["board"], "Tiny");
    assert_eq!(started["seats"], 2);
    assert_eq!(started["seed"], 3);
    assert_eq!(started["territories"][tid("s1") as usize], "s1");
    assert_eq!(started["pending"]["seat"], 0);
    assert_eq!(started["pending"]["decision"]["decision"], "play");

    let legal = ok(&mut session, "legal", json!({ "type": "legal" }));
    assert_eq!(legal["seat"], 0);
    let attack = legal["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|choice| choice["choice"] == "attack")
        .expect("seat 0 can attack");
    assert!(
        attack["routes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|route| route["from"] == tid("n2") && route["to"] == tid("s2"))
    );

    let reply = ok(
        &mut session,
        "events",
        act(
            0,
            json!({ "action": "attack", "from": tid("n2"), "to": tid("s2") }),
        ),
    );
    assert_eq!(event_names(&reply), ["attack_started"]);
    assert_eq!(reply["pending"]["decision"]["decision"], "roll");
    let reply = ok(
        &mut session,
        "events",
        act(0, json!({ "action": "roll", "dice": 2, "general": false })),
    );
    assert_eq!(reply["pending"]["seat"], 1);
    assert_eq!(reply["pending"]["decision"]["decision"], "defend");
    assert_eq!(
        reply["description"],
        "seat 1: defend South Two against 2 dice"
    );

    let reply = ok(
        &mut session,
        "events",
        act(
            1,
            json!({ "action": "defend", "dice": 2, "marshall": false }),
        ),
    );
    let rolled = &reply["events"][0];
    assert_eq!(rolled["event"], "dice_rolled");
    assert_eq!(rolled["attack"], json!([1, 1]));
    assert_eq!(rolled["defence"], json!([6, 6]));
    assert_eq!(rolled["attacker_losses"], 2);
    assert_eq!(rolled["audience"], "everyone");
    let game = session.game().unwrap();
    assert_eq!(game.armies(t("n2")), 2);
    assert_eq!(game.armies(t("s2")), 2);

    let reply = ok(
        &mut session,
        "events",
        act(0, json!({ "action": "stop_attack" })),
    );
    assert_eq!(event_names(&reply), ["attack_ended"]);
    assert_eq!(reply["events"][0]["reason"], "stopped");

    ok(
        &mut session,
        "events",
        act(
            0,
            json!({ "action": "attack", "from": tid("n1"), "to": tid("s1") }),
        ),
    );
    ok(
        &mut session,
        "events",
        act(0, json!({ "action": "roll", "dice": 2, "general": false })),
    );
    let reply = ok(
        &mut session,
        "events",
        act(
            1,
            json!({ "action": "defend", "dice": 1, "marshall": false }),
        ),
    );
    let names = event_names(&reply);
    assert!(names.contains(&"castle_taken"), "{names:?}");
    assert!(names.contains(&"game_won"), "{names:?}");
    assert_eq!(reply["winner"], 0);
    assert_eq!(reply["pending"], Value::Null);
    assert_eq!(reply["description"], Value::Null);

    // Once won, every action is refused and the pending decision is none.
    let (code, message) = refused(&mut session, act(0, json!({ "action": "end_turn" })));
    assert_eq!(
        (code.as_str(), message.as_str()),
        ("game_over", "the game is over")
    );
    let pending = ok(&mut session, "pending", json!({ "type": "pending" }));
    assert_eq!(pending["winner"], 0);
    assert_eq!(pending["pending"], Value::Null);

    // The save replays to the very same game.
    let save = ok(&mut session, "save", json!({ "type": "save" }));
    let saved: SavedGame = serde_json::from_value(save["save"].clone()).unwrap();
    assert_eq!(saved.actions.len(), 7);
    assert_eq!(saved.fixed_dice, Some(vec![1, 1, 6, 6, 6, 6, 1]));
    assert_eq!(&saved.replay().unwrap(), session.game().unwrap());
}

#[test]
fn an_illegal_action_is_refused_and_leaves_the_game_unchanged() {
    let mut session = session();
    start_duel(&mut session, &[6, 6, 1, 1]);
    let before = session.game().unwrap().clone();
    let save_before = ok(&mut session, "save", json!({ "type": "save" }));

    // Not its decision; a territory it does not hold; a territory not on the board;
    // an action of the wrong kind.
    let (code, message) = refused(&mut session, act(1, json!({ "action": "end_turn" })));
    assert_eq!(code, "not_your_decision");
    assert_eq!(message, "it is seat 0's decision, not seat 1's");
    let (code, message) = refused(
        &mut session,
        act(
            0,
            json!({ "action": "attack", "from": tid("s2"), "to": tid("n2") }),
        ),
    );
    assert_eq!(code, "not_yours");
    // Territories are named as the board names them.
    assert_eq!(message, "South Two is not yours");
    let (code, message) = refused(
        &mut session,
        act(0, json!({ "action": "attack", "from": 999, "to": 0 })),
    );
    assert_eq!(code, "unknown_territory");
    assert!(message.contains("#999"), "{message}");
    let (code, message) = refused(
        &mut session,
        act(
            0,
            json!({ "action": "defend", "dice": 1, "marshall": false }),
        ),
    );
    assert_eq!(code, "unexpected_action", "{message}");

    assert_eq!(session.game().unwrap(), &before);
    let save_after = ok(&mut session, "save", json!({ "type": "save" }));
    assert_eq!(save_after["save"], save_before["save"]);
    // And the game goes on.
    ok(
        &mut session,
        "events",
        act(
            0,
            json!({ "action": "attack", "from": tid("n1"), "to": tid("s1") }),
        ),
    );
}

/// `docs/save-format.md` and this protocol refuse unknown fields at every level: in
/// an action, in a placement, in actions without fields (`end_turn`), whatever the
/// game awaits. Each such action is refused before any rule is consulted, and changes
/// nothing; without the field it is accepted.
#[test]
fn unknown_fields_inside_an_action_are_refused() {
    let mut session = session();
    start_duel(&mut session, &[6, 6, 1, 1]);
    let before = session.game().unwrap().clone();
    let (n1, s1) = (tid("n1"), tid("s1"));
    for action in [
        json!({ "action": "end_turn", "confirm": true }),
        json!({ "action": "attack", "from": n1, "to": s1, "dice": 3 }),
        json!({ "action": "offer_cards", "target": 1, "give": ["general"], "ask": [], "note": "" }),
        json!({ "action": "answer_offer", "accept": true, "counter": false }),
        json!({ "action": "stop_attack", "now": 1 }),
        json!({ "action": "skip_fortify", "x": null }),
        json!({ "action": "place_armies", "placements": [{ "territory": n1, "armies": 1, "hidden": false }] }),
        json!({ "action": "roll", "dice": 2, "general": false, "marshall": false }),
    ] {
        let (code, message) = refused(&mut session, act(0, action.clone()));
        assert_eq!(code, "bad_request", "{action}: {message}");
        assert!(message.contains("unknown field"), "{action}: {message}");
        assert_eq!(
            session.game().unwrap(),
            &before,
            "{action} changed the game"
        );
    }
    // The same without the stray field goes through.
    ok(
        &mut session,
        "events",
        act(
            0,
            json!({ "action": "offer_cards", "target": 1, "give": ["general"], "ask": [] }),
        ),
    );
    let (code, message) = refused(
        &mut session,
        act(
            1,
            json!({ "action": "answer_offer", "accept": false, "why": "no" }),
        ),
    );
    assert_eq!(code, "bad_request", "{message}");
    ok(
        &mut session,
        "events",
        act(1, json!({ "action": "answer_offer", "accept": false })),
    );
}

/// A list or number past what it fills is refused with the limit, never cut: an
/// offer asking for 1,000 Admirals was accepted as 255 and saved so.
#[test]
fn lists_and_numbers_out_of_range_are_refused_with_the_limit() {
    let mut session = session();
    start_duel(&mut session, &[6, 6, 1, 1]);
    let before = session.game().unwrap().clone();
    for (action, limit) in [
        (
            json!({ "action": "play_reinforcements", "cards": 300 }),
            "from 0 to 255",
        ),
        (
            json!({ "action": "play_spy", "target": -1 }),
            "from 0 to 255",
        ),
        (
            json!({ "action": "attack", "from": 70_000, "to": 1 }),
            "from 0 to 65535",
        ),
        (
            json!({ "action": "move_in", "armies": 4_294_967_296u64 }),
            "from 0 to 4294967295",
        ),
    ] {
        let (code, message) = refused(&mut session, act(0, action.clone()));
        assert_eq!(code, "bad_request");
        assert!(message.contains(limit), "{action}: {message}");
    }
    let admirals = vec!["admiral"; 1_000];
    let (code, message) = refused(
        &mut session,
        act(
            0,
            json!({ "action": "offer_cards", "target": 1, "give": [], "ask": admirals }),
        ),
    );
    assert_eq!(code, "bad_request");
    assert!(
        message.contains("at most 255 cards of a kind, not 1000 `admiral`"),
        "{message}"
    );
    assert_eq!(session.game().unwrap(), &before);
    // At the limit, the offer is read whole (and the target can only refuse it).
    let admirals = vec!["admiral"; 255];
    let reply = ok(
        &mut session,
        "events",
        act(
            0,
            json!({ "action": "offer_cards", "target": 1, "give": [], "ask": admirals }),
        ),
    );
    assert_eq!(reply["events"][0]["ask"].as_array().unwrap().len(), 255);
    let save = ok(&mut session, "save", json!({ "type": "save" }));
    let saved = save["save"]["actions"][0][1]["ask"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(saved, 255);
}

#[test]
fn bad_lines_get_errors_naming_the_line_and_the_session_goes_on() {
    let mut session = session();
    let cases: [(&str, &str); 9] = [
        ("{not json", "not_json"),
        ("[1, 2]", "not_an_object"),
        (r#"{"id": 5}"#, "bad_request"),
        (r#"{"type": "fly", "id": 5}"#, "bad_request"),
        (r#"{"type": "view"}"#, "bad_request"),
        (r#"{"type": "pending", "colour": "red"}"#, "bad_request"),
        (
            r#"{"type": "act", "seat": 0, "action": {"action": "end_turn"}}"#,
            "no_game",
        ),
        (r#"{"type": "save"}"#, "no_game"),
        (
            r#"{"type": "start", "board": {"name": "castle-risk"}, "seats": 9, "seed": 1}"#,
            "seat_count",
        ),
    ];
    for (index, (line, expected)) in cases.iter().enumerate() {
        let replies = session.handle_line(line);
        assert_eq!(replies.len(), 1, "{line}");
        let reply = &replies[0];
        assert_eq!(reply["type"], "error", "{line}");
        assert_eq!(reply["line"], index + 1, "{line}");
        assert_eq!(reply["code"], *expected, "{line}: {reply}");
        assert!(reply["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // The id is echoed whenever the line was an object, even a wrong one.
    assert_eq!(
        session.handle_line(r#"{"type": "fly", "id": 5}"#)[0]["id"],
        5
    );
    assert_eq!(session.handle_line("{not json")[0]["id"], Value::Null);
    // Blank lines get no reply but are counted.
    assert!(session.handle_line("   ").is_empty());
    let reply = send(&mut session, json!({ "type": "legal", "id": [1, "x"] }));
    assert_eq!(reply["line"], 13);
    assert_eq!(reply["id"], json!([1, "x"]));
    assert_eq!(session.lines_read(), 13);
    assert!(!session.is_finished());

    // After all that, a game starts as if nothing had happened.
    let started = ok(
        &mut session,
        "started",
        json!({ "type": "start", "board": { "name": "castle-risk" }, "seats": 3, "seed": 11 }),
    );
    assert_eq!(started["board"], "Castle Risk");
    assert_eq!(started["territories"].as_array().unwrap().len(), 44);
}

#[test]
fn a_failed_start_keeps_the_game_in_play() {
    let mut session = session();
    start_duel(&mut session, &[]);
    let before = session.game().unwrap().clone();
    let mut broken = duel_position();
    broken["territories"]["nowhere"] = json!({ "owner": 0, "armies": 1 });
    let (code, message) = refused(
        &mut session,
        json!({
            "type": "start_from_position",
            "board": { "toml": TINY_SOURCE },
            "position": { "table": broken },
        }),
    );
    assert_eq!(code, "invalid_position", "{message}");
    let (code, message) = refused(
        &mut session,
        json!({ "type": "start", "board": { "toml": "[board]\nformat = 2\n" }, "seats": 2 }),
    );
    assert_eq!(code, "invalid_board", "{message}");
    assert_eq!(session.game().unwrap(), &before);
}

#[test]
fn events_for_a_seat_hide_what_it_may_not_see() {
    // Ending the turn draws seat 1 a card: only seat 1 sees which.
    let all = {
        let mut session = session();
        start_duel(&mut session, &[]);
        ok(
            &mut session,
            "events",
            act(0, json!({ "action": "end_turn" })),
        )
    };
    let for_seat = |seat: u8| {
        let mut session = session();
        start_duel(&mut session, &[]);
        let mut request = act(0, json!({ "action": "end_turn" }));
        request["events_for"] = json!(seat);
        ok(&mut session, "events", request)
    };
    let mine = for_seat(1);
    let theirs = for_seat(0);

    let drawn = |reply: &Value| -> Vec<Value> {
        reply["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|event| event["event"] == "card_drawn" && event["seat"] == 1)
            .cloned()
            .collect()
    };
    // Everyone's list holds both versions of each draw, each with its audience.
    let both = drawn(&all);
    let private: Vec<&Value> = both
        .iter()
        .filter(|e| e["audience"] == json!({ "seat": 1 }))
        .collect();
    let public: Vec<&Value> = both
        .iter()
        .filter(|e| e["audience"] == json!({ "all_but": 1 }))
        .collect();
    assert!(!private.is_empty(), "{all:#}");
    assert_eq!(private.len(), public.len(), "{all:#}");
    assert_eq!(private.len() * 2, both.len(), "{all:#}");
    assert!(private.iter().all(|e| e["card"].is_string()));
    assert!(public.iter().all(|e| e["card"].is_null()));
    // Seat 1 sees its cards; seat 0 sees that cards were drawn, not which; neither
    // list carries audiences.
    let mine = drawn(&mine);
    assert_eq!(mine.len(), private.len());
    assert!(
        mine.iter()
            .all(|e| e["card"].is_string() && e.get("audience").is_none())
    );
    let theirs = drawn(&theirs);
    assert_eq!(theirs.len(), public.len());
    assert!(theirs.iter().all(|e| e["card"].is_null()));

    let mut session = session();
    start_duel(&mut session, &[]);
    let mut request = act(0, json!({ "action": "end_turn" }));
    request["events_for"] = json!(2);
    let (code, message) = refused(&mut session, request);
    assert_eq!(code, "unknown_seat");
    assert_eq!(message, "there is no seat 2 at this table (seats 0 to 1)");
    assert_eq!(session.game().unwrap().turn_seat(), Some(Seat(0)));
}

#[test]
fn a_view_shows_own_cards_and_only_the_size_of_others() {
    let mut session = session();
    start_duel(&mut session, &[]);
    let view = ok(&mut session, "view", json!({ "type": "view", "seat": 1 }))["view"].clone();
    assert_eq!(view["seat"], 1);
    assert_eq!(view["hand"], json!(["marshall"]));
    assert_eq!(view["seats"][0]["hand_size"], 1);
    assert_eq!(view["territories"][tid("s1") as usize]["castle"], 1);
    let (code, message) = refused(&mut session, json!({ "type": "view", "seat": 7 }));
    assert_eq!(code, "unknown_seat", "{message}");
}

#[test]
fn boards_come_by_name_by_path_or_inline_and_names_stay_in_their_directory() {
    let mut session = session();
    let by_name = ok(
        &mut session,
        "started",
        json!({ "type": "start", "board": { "name": "castle-risk" }, "seats": 2, "seed": 5 }),
    );
    let by_path = ok(
        &mut session,
        "started",
        json!({ "type": "start", "board": { "path": "data/boards/castle-risk.toml" }, "seats": 2, "seed": 5 }),
    );
    assert_eq!(by_name, by_path);
    let text = std::fs::read_to_string(workspace().join("data/boards/castle-risk.toml")).unwrap();
    let inline = ok(
        &mut session,
        "started",
        json!({ "type": "start", "board": { "toml": text }, "seats": 2, "seed": 5 }),
    );
    assert_eq!(inline, by_name);

    for name in ["../boards/castle-risk", "castle risk", ""] {
        let (code, message) = refused(
            &mut session,
            json!({ "type": "start", "board": { "name": name }, "seats": 2 }),
        );
        assert_eq!(code, "unknown_board", "{message}");
    }
    let (code, message) = refused(
        &mut session,
        json!({ "type": "start", "board": { "name": "atlantis" }, "seats": 2 }),
    );
    assert_eq!(code, "unknown_board");
    assert_eq!(message, "there is no shipped board named “atlantis”");
    let (code, message) = refused(
        &mut session,
        json!({ "type": "start", "board": { "path": "no/such/board.toml" }, "seats": 2 }),
    );
    assert_eq!(code, "unreadable_file");
    assert!(
        message.starts_with(&format!(
            "{}",
            workspace().join("no/such/board.toml").display()
        )),
        "{message}"
    );

    // Without a boards directory, names are refused with a reason.
    let mut bare = Session::new();
    let (code, message) = refused(
        &mut bare,
        json!({ "type": "start", "board": { "name": "castle-risk" }, "seats": 2 }),
    );
    assert_eq!(code, "no_shipped_boards", "{message}");
}

#[test]
fn variants_come_as_a_table_a_path_or_text_and_bad_ones_are_refused() {
    let mut session = session();
    let started = ok(
        &mut session,
        "started",
        json!({
            "type": "start",
            "board": { "name": "castle-risk" },
            "variant": { "toml": "hidden_armies = false\n" },
            "seats": 2,
            "seed": 9,
        }),
    );
    assert_eq!(started["seed"], 9);
    assert!(!session.game().unwrap().variant().hidden_armies);

    let (code, message) = refused(
        &mut session,
        json!({
            "type": "start",
            "board": { "name": "castle-risk" },
            "variant": { "table": { "no_such_rule": true } },
            "seats": 2,
        }),
    );
    assert_eq!(code, "bad_request", "{message}");
    let (code, message) = refused(
        &mut session,
        json!({
            "type": "start",
            "board": { "name": "castle-risk" },
            "variant": { "path": "no-such-variant.toml" },
            "seats": 2,
        }),
    );
    assert_eq!(code, "unreadable_file");
    assert!(message.contains("no-such-variant.toml"), "{message}");
    // The refused starts left the first game in play.
    assert!(!session.game().unwrap().variant().hidden_armies);
}

#[test]
fn a_save_loads_into_a_new_session_and_play_goes_on() {
    let mut first = session();
    start_duel(&mut first, &[1, 1, 6, 6, 6, 6, 1]);
    ok(
        &mut first,
        "events",
        act(
            0,
            json!({ "action": "attack", "from": tid("n2"), "to": tid("s2") }),
        ),
    );
    ok(
        &mut first,
        "events",
        act(0, json!({ "action": "roll", "dice": 2, "general": false })),
    );
    let save = ok(&mut first, "save", json!({ "type": "save" }))["save"].clone();

    let mut second = session();
    let loaded = ok(
        &mut second,
        "started",
        json!({ "type": "load", "id": 2, "save": save }),
    );
    assert_eq!(loaded["id"], 2);
    assert_eq!(loaded["actions"], 2);
    assert_eq!(loaded["pending"]["decision"]["decision"], "defend");
    assert_eq!(second.game(), first.game());
    // The fixed dice still queued carry on in the loaded game.
    let reply = ok(
        &mut second,
        "events",
        act(
            1,
            json!({ "action": "defend", "dice": 2, "marshall": false }),
        ),
    );
    assert_eq!(reply["events"][0]["defence"], json!([6, 6]));

    // A save whose actions do not replay names the action and the reason.
    let mut broken = save.clone();
    broken["actions"][1][0] = json!(1);
    let (code, message) = refused(&mut second, json!({ "type": "load", "save": broken }));
    assert_eq!(code, "invalid_save");
    assert_eq!(
        message,
        "action 1 (seat 1: roll) does not replay: it is seat 0's decision, not seat 1's"
    );
    let (code, message) = refused(&mut second, json!({ "type": "load" }));
    assert_eq!(code, "bad_request", "{message}");
    let (code, message) = refused(&mut second, json!({ "type": "load", "path": "README.md" }));
    assert_eq!(code, "invalid_save", "{message}");
}

#[test]
fn a_save_refused_for_an_action_names_its_territories() {
    let mut session = session();
    ok(
        &mut session,
        "started",
        json!({ "type": "start", "board": { "name": "castle-risk" }, "seats": 3, "seed": 1 }),
    );
    let pending = ok(&mut session, "pending", json!({ "type": "pending" }));
    assert_eq!(
        pending["description"],
        "seat 0: place the castle in the Ottoman Empire"
    );
    let mut save = ok(&mut session, "save", json!({ "type": "save" }))["save"].clone();
    // London (territory 0) is not in the Ottoman Empire.
    save["actions"] = json!([[0, { "action": "place_castle", "territory": 0 }]]);
    let (code, message) = refused(&mut session, json!({ "type": "load", "save": save }));
    assert_eq!(code, "invalid_save");
    assert_eq!(
        message,
        "action 0 (seat 0: place_castle) does not replay: London is not in the Ottoman \
         Empire, the empire you drew"
    );
}

#[test]
fn odds_are_the_engines_and_impossible_ones_are_refused() {
    let mut session = session();
    let reply = ok(
        &mut session,
        "odds",
        json!({ "type": "odds", "attackers": 10, "defenders": 10 }),
    );
    let wins = reply["attacker_wins"].as_f64().unwrap();
    assert!((wins - 0.5676).abs() < 1e-4, "{wins}");
    assert!((wins + reply["defender_holds"].as_f64().unwrap() - 1.0).abs() < 1e-9);
    assert!(reply.get("general_lost").is_none());
    let reply = ok(
        &mut session,
        "odds",
        json!({ "type": "odds", "attackers": 10, "defenders": 10, "general": true, "stop_at": 3 }),
    );
    assert!(reply["general_lost"].as_f64().unwrap() > 0.0);
    assert!(reply["attacker_stops"].as_f64().unwrap() > 0.0);
    let (code, message) = refused(
        &mut session,
        json!({ "type": "odds", "attackers": 200000, "defenders": 1 }),
    );
    assert_eq!(code, "invalid_odds", "{message}");
}

#[test]
fn quit_says_goodbye_and_ends_the_session() {
    let mut session = session();
    let reply = ok(&mut session, "bye", json!({ "type": "quit", "id": "q" }));
    assert_eq!(reply["id"], "q");
    assert!(session.is_finished());
    let (code, message) = refused(&mut session, json!({ "type": "pending" }));
    assert_eq!(code, "session_over", "{message}");
}

/// What a fenced block of the protocol's documentation shows.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Shown {
    /// `json request`: a request, which must be JSON.
    Request,
    /// `text request`: a deliberately malformed line, sent as it is.
    Malformed,
    /// `json reply`: the reply to the request before it.
    Reply,
}

/// The example blocks of the protocol's documentation, in order.
fn doc_blocks(doc: &str) -> Vec<(Shown, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(Shown, String)> = None;
    for line in doc.lines() {
        match &mut current {
            None => {
                let info = line.trim().strip_prefix("```").map(str::trim);
                current = match info {
                    Some("json request") => Some((Shown::Request, String::new())),
                    Some("text request") => Some((Shown::Malformed, String::new())),
                    Some("json reply") => Some((Shown::Reply, String::new())),
                    _ => None,
                };
            }
            Some(_) if line.trim() == "```" => {
                blocks.extend(current.take());
            }
            Some((_, text)) => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    assert!(
        current.is_none(),
        "a block of docs/protocol.md is not closed"
    );
    blocks
}

/// Whether two replies are equal, numbers compared as numbers: serde_json's default
/// float parsing may miss the last bit of a number it wrote itself.
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

#[test]
fn every_request_in_the_docs_gets_exactly_the_reply_shown() {
    let doc = std::fs::read_to_string(workspace().join("docs/protocol.md"))
        .expect("docs/protocol.md is readable");
    let blocks = doc_blocks(&doc);
    let requests = blocks
        .iter()
        .filter(|(shown, _)| *shown == Shown::Request)
        .count();
    assert!(requests >= 12, "only {requests} example requests");

    let mut session = session();
    let mut blocks = blocks.into_iter().peekable();
    while let Some((shown, text)) = blocks.next() {
        assert_ne!(
            shown,
            Shown::Reply,
            "a reply shown without its request:\n{text}"
        );
        // Requests are shown as they are sent: one line each.
        assert_eq!(
            text.lines().count(),
            1,
            "a request on several lines:\n{text}"
        );
        let line = text.trim_end();
        if shown == Shown::Request {
            serde_json::from_str::<Value>(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        let replies = session.handle_line(line);
        let Some((_, reply)) = blocks.next_if(|(shown, _)| *shown == Shown::Reply) else {
            panic!("no reply shown for {line}");
        };
        let reply: Value =
            serde_json::from_str(&reply).unwrap_or_else(|e| panic!("reply to {line}: {e}"));
        assert_eq!(replies.len(), 1, "{line}");
        assert!(
            same(&replies[0], &reply),
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
fn every_error_code_is_documented() {
    let docs = include_str!("../../docs/protocol.md");
    let mut codes = Vec::new();
    // The `code()` functions of the engine's errors: every literal they return.
    let errors = include_str!("../src/game/error.rs");
    for body in errors.split("pub fn code(&self) -> &'static str {").skip(1) {
        let end = body.find("\n    }\n").expect("the function's end");
        codes.extend(literals(&body[..end]));
    }
    // The protocol's own refusals: the literal first argument of every `Refusal::new`
    // (`Self::new` inside `refusal.rs`).
    for source in [
        include_str!("../src/protocol/refusal.rs"),
        include_str!("../src/protocol/session.rs"),
        include_str!("../src/protocol/sources.rs"),
    ] {
        for call in source.split("::new(").skip(1) {
            if call.trim_start().starts_with('"') {
                codes.push(literals(call)[0]);
            }
        }
    }
    assert!(codes.len() > 50, "{codes:?}");
    for code in codes {
        assert!(
            code.chars().all(|c| c.is_ascii_lowercase() || c == '_'),
            "{code} is not snake_case"
        );
        assert!(
            docs.contains(&format!("| `{code}` |")),
            "{code} is not in the tables of docs/protocol.md"
        );
    }
}

// --- Computer seats and suggestions ---

/// A game whose every seat the engine plays is over by the `started` reply, with
/// every computer action listed and every one of them legal when replayed.
#[test]
fn computer_seats_play_until_someone_else_decides() {
    let mut session = session();
    let started = ok(
        &mut session,
        "started",
        json!({"type": "start", "board": {"name": "castle-risk"}, "seats": 3, "seed": 8,
               "computers": [{"seat": 0, "strength": "easy"}, {"seat": 1, "strength": "normal"},
                             {"seat": 2, "strength": "expert"}]}),
    );
    assert!(started["winner"].is_u64(), "{:#}", started["winner"]);
    assert_eq!(started["pending"], Value::Null);
    let actions = started["computer_actions"].as_array().unwrap();
    assert!(actions.len() > 100, "{} actions", actions.len());
    assert_eq!(started["computers"][2]["strength"], "expert");
    // Replayed by hand, the listed actions are accepted and end the same way.
    let mut replay = Session::new().with_boards_dir(workspace().join("data/boards"));
    ok(
        &mut replay,
        "started",
        json!({"type": "start", "board": {"name": "castle-risk"}, "seats": 3, "seed": 8}),
    );
    let mut last = Value::Null;
    for entry in actions {
        last = ok(
            &mut replay,
            "events",
            json!({"type": "act", "seat": entry["seat"], "action": entry["action"]}),
        );
    }
    assert_eq!(last["winner"], started["winner"]);
}

/// One request lets the computer seats take at most `MAX_COMPUTER_ACTIONS` actions:
/// a game of six computers on the classic map pauses, says so, and `continue` plays
/// it on, as far again each time, to its end (a game once ran 200,000 computer
/// actions and answered 46 MB before handing a decision back).
#[test]
fn one_request_does_a_bounded_amount_of_computer_play() {
    let mut session = session();
    let computers: Vec<Value> = (0..6)
        .map(|seat| json!({"seat": seat, "strength": "normal"}))
        .collect();
    let mut reply = ok(
        &mut session,
        "started",
        json!({"type": "start", "board": {"name": "classic"}, "ruleset": "classic",
               "seats": 6, "seed": 0, "computers": computers}),
    );
    let mut played: Vec<Value> = Vec::new();
    let mut pauses = 0;
    loop {
        let actions = reply["computer_actions"].as_array().unwrap();
        assert!(actions.len() <= MAX_COMPUTER_ACTIONS, "{}", actions.len());
        played.extend(actions.iter().cloned());
        if reply["computers_paused"] == true {
            pauses += 1;
            assert_eq!(actions.len(), MAX_COMPUTER_ACTIONS);
            assert!(
                reply["pending"]["seat"].is_u64(),
                "a computer still decides"
            );
            reply = ok(
                &mut session,
                "events",
                json!({"type": "continue", "events_for": 0}),
            );
            continue;
        }
        assert_eq!(reply.get("computers_paused"), None, "{reply:#}");
        break;
    }
    assert!(pauses >= 2, "{pauses} pauses in {} actions", played.len());
    assert!(
        reply["winner"].is_u64() || reply["drawn"] == true,
        "{reply:#}"
    );
    let game = session.game().unwrap();
    assert_eq!(game.history().len(), played.len());
    // Nothing left to play: `continue` plays nothing.
    let again = ok(&mut session, "events", json!({"type": "continue"}));
    assert_eq!(again["computer_actions"], json!([]));
    assert_eq!(again["events"], json!([]));
}

/// The neutral army of a two-player classic game never decides: a computer for it
/// is refused rather than accepted to do nothing.
#[test]
fn the_neutral_seat_cannot_be_a_computer() {
    let mut session = session();
    let start = |computers: Value| {
        json!({"type": "start", "board": {"name": "classic"}, "ruleset": "classic",
               "seats": 2, "seed": 4, "computers": computers})
    };
    let (code, message) = refused(
        &mut session,
        start(json!([{"seat": 2, "strength": "easy"}])),
    );
    assert_eq!(code, "neutral_seat");
    assert!(
        message.contains("seat 2") && message.contains("neutral"),
        "{message}"
    );
    let started = ok(
        &mut session,
        "started",
        start(json!([{"seat": 1, "strength": "easy"}])),
    );
    assert_eq!(started["neutral"], 2);
}

#[test]
fn a_person_against_computers_sees_only_its_own_secrets() {
    let mut session = session();
    let started = ok(
        &mut session,
        "started",
        json!({"type": "start", "board": {"name": "castle-risk"}, "seats": 2, "seed": 3,
               "computers": [{"seat": 1, "strength": "normal"}]}),
    );
    // Whoever places first, seat 0 is asked next.
    assert_eq!(started["pending"]["seat"], 0);
    let mut hidden_seen = false;
    for _ in 0..400 {
        let pending = ok(&mut session, "pending", json!({"type": "pending"}));
        if pending["winner"].is_u64() {
            break;
        }
        assert_eq!(
            pending["pending"]["seat"], 0,
            "a computer seat left pending"
        );
        let action = ok(
            &mut session,
            "suggestion",
            json!({"type": "suggest", "strength": "normal"}),
        );
        let reply = ok(
            &mut session,
            "events",
            json!({"type": "act", "seat": 0, "action": action["action"], "events_for": 0}),
        );
        for entry in reply["computer_actions"].as_array().unwrap() {
            if entry["action"]["action"] == "hide_armies" {
                assert_eq!(entry["action"]["territory"], Value::Null);
                hidden_seen = true;
            }
        }
        for event in reply["events"].as_array().unwrap() {
            if event["event"] == "card_drawn" && event["seat"] == 1 {
                assert_eq!(event["card"], Value::Null, "seat 1's card shown: {event}");
            }
        }
    }
    assert!(hidden_seen, "the computer never hid its armies");
}

#[test]
fn bad_computer_seats_and_suggestions_are_refused() {
    let mut session = session();
    let start = |computers: Value| {
        json!({"type": "start", "board": {"name": "castle-risk"}, "seats": 2, "seed": 1,
               "computers": computers})
    };
    let (code, _) = refused(
        &mut session,
        start(json!([{"seat": 2, "strength": "normal"}])),
    );
    assert_eq!(code, "unknown_seat");
    let (code, _) = refused(
        &mut session,
        start(json!([{"seat": 1, "strength": "normal"}, {"seat": 1, "strength": "easy"}])),
    );
    assert_eq!(code, "bad_request");
    let (code, message) = refused(
        &mut session,
        start(json!([{"seat": 1, "strength": "hard"}])),
    );
    assert_eq!(code, "bad_request");
    // The refusal quotes the strength it does not know, for the bot's author.
    assert!(message.contains("hard"), "{message}");
    let (code, _) = refused(
        &mut session,
        json!({"type": "suggest", "strength": "expert"}),
    );
    assert_eq!(code, "no_game");
    ok(&mut session, "started", start(json!([])));
    let first = ok(
        &mut session,
        "suggestion",
        json!({"type": "suggest", "strength": "expert"}),
    );
    let again = ok(
        &mut session,
        "suggestion",
        json!({"type": "suggest", "strength": "expert"}),
    );
    assert_eq!(first, again, "the same question gets the same answer");
    let legal = ok(&mut session, "legal", json!({"type": "legal"}));
    assert_eq!(first["seat"], legal["seat"]);
    // Nothing was played.
    let pending = ok(&mut session, "pending", json!({"type": "pending"}));
    assert_eq!(pending["pending"]["seat"], legal["seat"]);
}
