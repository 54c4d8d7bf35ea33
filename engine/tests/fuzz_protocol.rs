//! The protocol fuzzer: whole sessions of `castellan protocol`, a random game on every
//! board and any playable variant (classic Risk with its `[classic]` options drawn at
//! random too) driven line by line through `Session` as a client would (`legal`, then
//! one of the listed actions), with broken lines mixed in: valid requests cut,
//! bit-flipped or padded with junk, actions out of range or from the wrong seat,
//! listed actions given a field they do not have (at any level: the action, a
//! placement), requests of unknown types and fields, offers of cards of every size
//! (1,000 Admirals too) and their answers, computer seats paused and continued, saves
//! and loads (some of them mutated), described positions, odds of any size, blank
//! lines.
//!
//! After every line: exactly one reply (none for a blank line), echoing the request's
//! id, and an error reply naming the line; a refused line leaves the game exactly as it
//! was; an accepted action leaves a consistent game (`Game::audit`) and changed it; an
//! action with an unknown field is refused; an offer is taken whole or refused, never
//! cut; computers pause within `MAX_COMPUTER_ACTIONS`; a save loads back as the same
//! game; no line takes long. A short run is part of `cargo test`;
//! `CASTELLAN_FUZZ_CASES` sets another number of sessions (see `fuzzing/common.rs`).

#[path = "fuzzing/common.rs"]
mod common;

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use castellan_engine::game::{Decision, Game, LegalActions};
use castellan_engine::protocol::{MAX_COMPUTER_ACTIONS, Session};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Value, json};

use common::{TINY_SOURCE, env_number, fuzz_cases, random_classic_variant, random_variant};

/// Sessions in the everyday test run.
const SHORT_RUN: u32 = 4;
/// Lines sent in one session, unless `CASTELLAN_FUZZ_LINES` says otherwise.
const LINES: u32 = 600;
/// No line takes anywhere near this long: more is a hang.
const TOO_LONG: Duration = Duration::from_secs(20);

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the engine is in the workspace")
        .to_path_buf()
}

/// Counts over a campaign.
#[derive(Default, Debug)]
struct Tally {
    sessions: u64,
    lines: u64,
    errors: u64,
    actions: u64,
    broken_accepted: u64,
    /// Listed actions sent with a field they do not have (all refused).
    misspelt_refused: u64,
    /// Offers of cards sent, taken, and answered.
    offers_sent: u64,
    offers_taken: u64,
    offers_answered: u64,
    /// Why offers were refused, by code.
    offers_refused: std::collections::BTreeMap<String, u64>,
    /// Classic games started, and times computer seats paused.
    classic_games: u64,
    computer_pauses: u64,
    saves_loaded: u64,
    games_won: u64,
    games_drawn: u64,
    slowest: Duration,
}

/// One client's session and what it knows.
struct Client<'t> {
    session: Session,
    rng: ChaCha8Rng,
    tally: &'t mut Tally,
    next_id: u64,
}

impl Client<'_> {
    /// Sends one line; checks the reply's shape, timing, and that a refusal changed
    /// nothing. Returns the reply (`None` for a blank line).
    fn send_line(&mut self, line: &str) -> Option<Value> {
        let before: Option<Game> = self.session.game().cloned();
        let started = Instant::now();
        let mut replies = self.session.handle_line(line);
        let took = started.elapsed();
        self.tally.lines += 1;
        self.tally.slowest = self.tally.slowest.max(took);
        assert!(took < TOO_LONG, "{took:?} for {line:.200}");
        if line.trim().is_empty() {
            assert!(replies.is_empty(), "a blank line got {replies:?}");
            return None;
        }
        assert_eq!(replies.len(), 1, "one reply per line: {line:.200}");
        let reply = replies.remove(0);
        let kind = reply["type"].as_str().expect("every reply has a type");
        if kind == "error" {
            self.tally.errors += 1;
            assert_eq!(
                reply["line"].as_u64(),
                Some(self.session.lines_read() as u64),
                "an error names its line"
            );
            assert!(reply["message"].as_str().is_some_and(|m| !m.is_empty()));
            assert!(
                self.session.game() == before.as_ref(),
                "a refused line changed the game: {line:.300} → {reply}"
            );
        }
        if let Some(game) = self.session.game()
            && let Err(problem) = game.audit()
        {
            panic!("{problem} after {line:.300} → {reply:.300}");
        }
        if kind == "events" && reply.get("seat").is_some() {
            // An accepted action changed the game: no decision is asked again with
            // nothing changed.
            let after = self.session.game().expect("an action needs a game");
            let before = before.as_ref().expect("an action needs a game");
            assert!(
                !after.is_unchanged_from(before),
                "{line:.300} changed nothing → {reply:.300}"
            );
        }
        if let Some(actions) = reply["computer_actions"].as_array() {
            assert!(
                actions.len() <= MAX_COMPUTER_ACTIONS,
                "{} actions",
                actions.len()
            );
            if reply["computers_paused"] == true {
                assert_eq!(actions.len(), MAX_COMPUTER_ACTIONS);
                self.tally.computer_pauses += 1;
            }
        }
        Some(reply)
    }

    /// Sends a request with a fresh id, which the reply must echo.
    fn send(&mut self, mut request: Value) -> Value {
        self.next_id += 1;
        request["id"] = json!(self.next_id);
        let reply = self
            .send_line(&request.to_string())
            .expect("a request is not blank");
        assert_eq!(reply["id"], json!(self.next_id), "the id is echoed");
        reply
    }

    fn start(&mut self) {
        let boards = [
            json!({ "name": "castle-risk" }),
            json!({ "name": "world" }),
            json!({ "toml": TINY_SOURCE }),
            json!({ "path": "data/boards/castle-risk.toml" }),
        ];
        let seats = self.rng.random_range(2..=6);
        let (board, variant) = if self.rng.random_bool(0.25) {
            // Classic Risk, its options anywhere they play.
            self.tally.classic_games += 1;
            let boards = [json!({ "name": "classic" }), json!({ "name": "world" })];
            let board = boards[self.rng.random_range(0..boards.len())].clone();
            (board, random_classic_variant(&mut self.rng))
        } else {
            let board = boards[self.rng.random_range(0..boards.len())].clone();
            (board, random_variant(&mut self.rng))
        };
        let mut request = json!({
            "type": "start",
            "board": board,
            "variant": { "table": variant },
            "seats": seats,
            "seed": self.rng.random::<u64>(),
        });
        if self.rng.random_bool(0.15) {
            // Computer seats, all of them now and then: they pause and are continued.
            let mut computers = Vec::new();
            let all = self.rng.random_bool(0.3);
            for seat in 0..seats {
                if all || self.rng.random_bool(0.6) {
                    let strength = ["easy", "normal"][self.rng.random_range(0..2)];
                    computers.push(json!({ "seat": seat, "strength": strength }));
                }
            }
            request["computers"] = json!(computers);
        }
        if self.rng.random_bool(0.2) {
            let faces: Vec<u8> = (0..3_000).map(|_| self.rng.random_range(1..=6)).collect();
            request["dice"] = json!(faces);
        }
        self.send(request);
    }

    /// Asks what is legal and sends one of the listed actions, which must be accepted.
    fn play_one(&mut self) {
        let legal = self.send(json!({ "type": "legal" }));
        if legal["type"] != "legal" {
            return;
        }
        let legal: LegalActions =
            serde_json::from_value(without_tags(legal)).expect("`legal` reads back");
        let Some(seat) = legal.seat else {
            return;
        };
        let action = legal.sample(&mut self.rng).expect("a pending seat can act");
        let reply = self.send(json!({ "type": "act", "seat": seat, "action": action }));
        match reply["type"].as_str() {
            Some("events") => self.tally.actions += 1,
            // Fixed dice may run out; nothing else refuses a listed action.
            _ => assert!(
                reply["message"]
                    .as_str()
                    .is_some_and(|m| m.contains("fixed dice")),
                "a listed action was refused: {reply}"
            ),
        }
    }

    /// A listed action given a field it does not have, at any level of it (the action,
    /// or one of its placements): refused, changing nothing.
    fn send_misspelt(&mut self) {
        let legal = self.send(json!({ "type": "legal" }));
        let Ok(legal) = serde_json::from_value::<LegalActions>(without_tags(legal)) else {
            return;
        };
        let Some(seat) = legal.seat else {
            return;
        };
        let action = legal.sample(&mut self.rng).expect("a pending seat can act");
        let mut action = serde_json::to_value(action).expect("an action writes");
        let key = ["x", "armies", "cards", "seat", "dice", "confirm"][self.rng.random_range(0..6)];
        let target = match action.get_mut("placements").and_then(Value::as_array_mut) {
            Some(placements) if self.rng.random_bool(0.5) && !placements.is_empty() => {
                let i = self.rng.random_range(0..placements.len());
                &mut placements[i]
            }
            _ => &mut action,
        };
        if target.get(key).is_some() {
            return; // a field it has
        }
        target[key] = json!(1);
        let reply = self.send(json!({ "type": "act", "seat": seat, "action": action }));
        assert_eq!(reply["code"], "bad_request", "{action} → {reply}");
        self.tally.misspelt_refused += 1;
    }

    /// An offer of cards from the pending seat's turn, of any size (asking 1,000
    /// Admirals now and then): taken exactly as sent, or refused; then, now and
    /// then, its answer.
    fn offer_cards(&mut self) {
        let Some(game) = self.session.game() else {
            return;
        };
        let Some(pending) = game.pending() else {
            return;
        };
        // Offers are made between attacks; now and then at another time (refused).
        if !matches!(pending.decision, Decision::Play { .. }) && self.rng.random_bool(0.8) {
            return self.play_one();
        }
        let seat = pending.seat;
        let seats = game.seats();
        // Mostly cards the seat holds, to another seat in play; now and then anything.
        let held: Vec<&'static str> = game.hand(seat).cards().map(|card| card.id()).collect();
        let in_play: Vec<usize> = game
            .seat_ids()
            .filter(|&s| s != seat && !game.is_eliminated(s))
            .map(|s| s.index())
            .collect();
        let cards = [
            "reinforcements",
            "diplomat",
            "spy",
            "general",
            "marshall",
            "admiral",
        ];
        let rng = &mut self.rng;
        let list = |from_hand: bool, rng: &mut ChaCha8Rng| -> Vec<&'static str> {
            match rng.random_range(0..12) {
                0 => vec!["admiral"; 1_000],
                1 => vec!["spy"; 256],
                2 => vec!["general"; 255],
                3 => (0..rng.random_range(0..=3))
                    .map(|_| cards[rng.random_range(0..cards.len())])
                    .collect(),
                _ if from_hand => held
                    .iter()
                    .copied()
                    .filter(|_| rng.random_bool(0.4))
                    .collect(),
                _ => (0..rng.random_range(0..=2))
                    .map(|_| cards[rng.random_range(0..cards.len())])
                    .collect(),
            }
        };
        let give = list(true, rng);
        let ask = list(false, rng);
        let target = match in_play.as_slice() {
            [] => rng.random_range(0..seats + 1),
            seats_in_play if rng.random_bool(0.9) => {
                seats_in_play[rng.random_range(0..seats_in_play.len())]
            }
            _ => rng.random_range(0..seats + 1),
        };
        let action = json!({ "action": "offer_cards", "target": target, "give": give, "ask": ask });
        self.tally.offers_sent += 1;
        let reply = self.send(json!({ "type": "act", "seat": seat, "action": action }));
        if reply["type"] == "events" {
            self.tally.offers_taken += 1;
            let offered = reply["events"]
                .as_array()
                .unwrap()
                .iter()
                .find(|e| e["event"] == "cards_offered")
                .expect("an offer is told");
            let count = |list: &Value| list.as_array().map_or(0, Vec::len);
            assert_eq!(count(&offered["give"]), give.len(), "the offer was cut");
            assert_eq!(count(&offered["ask"]), ask.len(), "the offer was cut");
        } else {
            let code = reply["code"].as_str().unwrap_or_default().to_owned();
            *self.tally.offers_refused.entry(code).or_default() += 1;
            let too_many = |l: &[&str]| {
                cards
                    .iter()
                    .any(|c| l.iter().filter(|x| *x == c).count() > 255)
            };
            if too_many(&give) || too_many(&ask) {
                assert_eq!(reply["code"], "bad_request", "{reply}");
                let message = reply["message"].as_str().unwrap();
                assert!(message.contains("at most 255"), "{reply}");
            }
        }
        if self.rng.random_bool(0.8) {
            self.answer_offer();
        }
    }

    /// Answers an offer awaiting its answer, yes or no (yes may be refused: the seat
    /// may not hold what is asked).
    fn answer_offer(&mut self) {
        let pending = self.send(json!({ "type": "pending" }));
        if pending["pending"]["decision"]["decision"] != "answer_offer" {
            return;
        }
        let seat = pending["pending"]["seat"].clone();
        let accept = self.rng.random_bool(0.6);
        let reply = self.send(json!({
            "type": "act", "seat": seat, "action": { "action": "answer_offer", "accept": accept }
        }));
        if reply["type"] == "events" {
            self.tally.offers_answered += 1;
        } else {
            assert!(accept, "refusing an offer is always possible: {reply}");
            assert_eq!(reply["code"], "cannot_meet_offer", "{reply}");
        }
    }

    /// Lets paused computer seats play on.
    fn continue_computers(&mut self) {
        let reply = self.send(json!({ "type": "continue" }));
        assert!(
            reply["type"] == "events" || reply["code"] == "no_game",
            "{reply}"
        );
    }

    /// A line that is wrong in one way or another.
    fn send_broken(&mut self) {
        let seats = self.session.game().map_or(2, Game::seats) as u8;
        let valid = [
            json!({ "type": "pending" }),
            json!({ "type": "legal" }),
            json!({ "type": "view", "seat": self.rng.random_range(0..seats) }),
            json!({ "type": "act", "seat": 0, "action": { "action": "end_turn" } }),
            json!({ "type": "odds", "attackers": 5, "defenders": 3 }),
            json!({ "type": "save" }),
        ];
        let mut request = valid[self.rng.random_range(0..valid.len())].clone();
        request["id"] = json!(self.rng.random::<u32>());
        let line = match self.rng.random_range(0..10) {
            0 => {
                let text = request.to_string();
                let cut = self.rng.random_range(0..text.len());
                text[..cut].to_owned()
            }
            1 => {
                let mut bytes = request.to_string().into_bytes();
                let i = self.rng.random_range(0..bytes.len());
                bytes[i] ^= 1 << self.rng.random_range(0..7);
                String::from_utf8_lossy(&bytes).into_owned()
            }
            2 => {
                request["surprise"] = json!(1);
                request.to_string()
            }
            3 => {
                request["type"] =
                    json!(["act", "quitting", "", "START", "odds "][self.rng.random_range(0..5)]);
                request.to_string()
            }
            4 => json!(self.junk_action(seats)).to_string(),
            5 => [
                "[]",
                "null",
                "42",
                "\"act\"",
                "{",
                "}{",
                "{}",
                "\u{0}",
                "\u{1b}[2J{}",
            ][self.rng.random_range(0..9)]
            .to_owned(),
            6 => {
                // Numbers past every limit where numbers go.
                let big = [
                    json!(-1),
                    json!(u64::MAX),
                    json!(4_294_967_296u64),
                    json!(1e300),
                    json!(0.5),
                ][self.rng.random_range(0..5)]
                .clone();
                json!({ "type": "view", "seat": big }).to_string()
            }
            7 => {
                // Small battles, and sizes past the limits (refused at once): battles
                // near the limit take a second each, which the odds tests measure.
                let attackers =
                    [0u64, 1, 7, 300, 200_000, 4_294_967_296][self.rng.random_range(0..6)];
                let defenders =
                    [0u64, 1, 3, 300, 1_000_000, u64::from(u32::MAX)][self.rng.random_range(0..6)];
                json!({
                    "type": "odds", "attackers": attackers, "defenders": defenders,
                    "general": self.rng.random_bool(0.5), "marshall": self.rng.random_bool(0.5),
                    "castle_dice_limit": self.rng.random_range(0..5),
                    "castle": self.rng.random_bool(0.5),
                })
                .to_string()
            }
            8 => {
                let paths = ["/dev/zero", "/nonexistent", "data", "docs/protocol.md"];
                let path = paths[self.rng.random_range(0..paths.len())];
                json!({ "type": "load", "path": path }).to_string()
            }
            _ => String::new(),
        };
        if let Some(reply) = self.send_line(&line)
            && reply["type"] != "error"
        {
            self.tally.broken_accepted += 1;
        }
    }

    /// An action of any kind, with numbers and seats anywhere near the limits.
    fn junk_action(&mut self, seats: u8) -> Value {
        let rng = &mut self.rng;
        let territory = rng.random_range(0..50u32);
        let armies = [0u64, 1, 2, 3, u64::from(u32::MAX), 1 << 32][rng.random_range(0..6)];
        let cards = ["spy", "general", "reinforcements", "admiral", "joker"];
        let card = cards[rng.random_range(0..cards.len())];
        let actions = [
            json!({ "action": "place_armies", "placements": [{ "territory": territory, "armies": armies }] }),
            json!({ "action": "attack", "from": territory, "to": rng.random_range(0..50) }),
            json!({ "action": "admiral_attack", "from": territory, "to": 3, "armies": armies }),
            json!({ "action": "roll", "dice": rng.random_range(0..5), "general": true }),
            json!({ "action": "defend", "dice": rng.random_range(0..4), "marshall": true }),
            json!({ "action": "move_in", "armies": armies }),
            json!({ "action": "play_reinforcements", "cards": rng.random_range(0..300) }),
            json!({ "action": "offer_cards", "target": rng.random_range(0..8), "give": [card, card], "ask": [] }),
            json!({ "action": "answer_offer", "accept": true }),
            json!({ "action": "spy_discard", "card": card }),
            json!({ "action": "fortify", "from": territory, "to": 1, "armies": armies }),
        ];
        let action = actions[rng.random_range(0..actions.len())].clone();
        json!({ "type": "act", "seat": rng.random_range(0..seats + 2), "action": action })
    }

    /// Saves, then loads the save (now and then with an app part, or mutated): an
    /// intact save must load as the very same game.
    fn save_and_load(&mut self) {
        let reply = self.send(json!({ "type": "save" }));
        if reply["type"] != "save" {
            return;
        }
        let before = self.session.game().cloned();
        let mut save = reply["save"].clone();
        let intact = self.rng.random_bool(0.8);
        if self.rng.random_bool(0.3) {
            save["app"] = json!({ "seats": [{ "name": "Anna" }], "anything": [1, 2] });
        }
        if !intact {
            match self.rng.random_range(0..4) {
                0 => save["format"] = json!(self.rng.random_range(0..5)),
                1 => save["seats"] = json!(self.rng.random_range(0..9)),
                2 => save["actions"] = json!([[0, { "action": "end_turn" }]]),
                _ => save["board_source"] = json!("[board]\nformat = 1\n"),
            }
        }
        let reply = self.send(json!({ "type": "load", "save": save }));
        if intact {
            assert_eq!(
                reply["type"], "started",
                "an intact save is refused: {reply}"
            );
            assert!(
                self.session.game() == before.as_ref(),
                "save → load changed the game"
            );
            self.tally.saves_loaded += 1;
            if save.get("app").is_some() {
                let again = self.send(json!({ "type": "save" }));
                assert_eq!(again["save"]["app"], save["app"], "the app part is kept");
            }
        }
    }

    /// A game from the game's own position, or a damaged one.
    fn start_from_own_position(&mut self) {
        let Some(position) = self.session.game().and_then(Game::to_position) else {
            return;
        };
        let mut position = serde_json::to_value(position).expect("a position writes");
        if self.rng.random_bool(0.5) {
            let keys = ["seed", "territories", "seats", "cards", "truces", "turn"];
            let key = keys[self.rng.random_range(0..keys.len())];
            position[key] = [
                json!(null),
                json!(-1),
                json!([]),
                json!({ "x": 1 }),
                json!(4_294_967_296u64),
            ][self.rng.random_range(0..5)]
            .clone();
        }
        let board = json!({ "toml": self.board_source() });
        self.send(json!({
            "type": "start_from_position",
            "board": board,
            "variant": { "table": self.session.game().map(|g| g.variant().clone()) },
            "position": { "table": position },
        }));
    }

    fn board_source(&mut self) -> String {
        let reply = self.send(json!({ "type": "save" }));
        reply["save"]["board_source"]
            .as_str()
            .unwrap_or("")
            .to_owned()
    }

    fn run(&mut self) {
        self.tally.sessions += 1;
        self.start();
        for _ in 0..env_number("CASTELLAN_FUZZ_LINES").unwrap_or(LINES) {
            let over = self
                .session
                .game()
                .is_none_or(|game| game.pending_seat().is_none());
            if over {
                if let Some(game) = self.session.game() {
                    self.tally.games_won += u64::from(game.winner().is_some());
                    self.tally.games_drawn += u64::from(game.is_drawn());
                }
                self.start();
                continue;
            }
            match self.rng.random_range(0..100) {
                0..=64 => self.play_one(),
                65..=66 => self.send_misspelt(),
                67..=69 => self.offer_cards(),
                70 => self.continue_computers(),
                71..=84 => self.send_broken(),
                85..=89 => {
                    let seat = self.rng.random_range(0..8u8);
                    let kinds = ["view", "pending", "legal"];
                    let kind = kinds[self.rng.random_range(0..3)];
                    self.send(json!({ "type": kind, "seat": seat }));
                }
                90..=94 => self.save_and_load(),
                95..=96 => self.start_from_own_position(),
                97 => {
                    let line = [" ", "", "\t"][self.rng.random_range(0..3)];
                    self.send_line(line);
                }
                _ => self.start(),
            }
        }
        let quit = self.send(json!({ "type": "quit" }));
        assert_eq!(quit["type"], "bye");
        let after = self.send(json!({ "type": "pending" }));
        assert_eq!(after["type"], "error", "nothing is done after quit");
    }
}

/// A reply's fields without its `type` and `id`, to be read as the engine's type.
fn without_tags(mut reply: Value) -> Value {
    if let Value::Object(map) = &mut reply {
        map.remove("type");
        map.remove("id");
    }
    reply
}

#[test]
fn random_sessions_with_broken_lines_keep_the_game_whole() {
    let tally = RefCell::new(Tally::default());
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: fuzz_cases(SHORT_RUN),
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    runner
        .run(&any::<u64>(), |seed| {
            let mut tally = tally.borrow_mut();
            let mut client = Client {
                session: Session::new()
                    .with_boards_dir(workspace().join("data/boards"))
                    .with_base_dir(workspace()),
                rng: ChaCha8Rng::seed_from_u64(seed),
                tally: &mut tally,
                next_id: 0,
            };
            client.run();
            if tally.sessions % 100 == 0 {
                eprintln!("protocol fuzzer, so far: {tally:?}");
            }
            Ok(())
        })
        .unwrap_or_else(|failure| panic!("{failure}"));
    let tally = tally.into_inner();
    eprintln!("protocol fuzzer: {tally:?}");
    assert!(tally.actions > 0 && tally.errors > 0);
}

/// Lines too long to be requests are refused before they are read as JSON.
#[test]
fn a_line_longer_than_the_limit_is_refused_unread() {
    let mut session = Session::new();
    let line = format!(
        "{{\"type\":\"odds\",\"pad\":\"{}\"}}",
        "x".repeat(castellan_engine::protocol::MAX_LINE_BYTES)
    );
    let replies = session.handle_line(&line);
    assert_eq!(replies[0]["type"], "error");
    assert!(
        replies[0]["message"]
            .as_str()
            .unwrap()
            .contains("longer than")
    );
    let replies = session.handle_line(r#"{"type":"odds","attackers":1,"defenders":1}"#);
    assert_eq!(replies[0]["type"], "odds", "the session goes on");
}
