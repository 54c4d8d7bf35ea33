//! The save fuzzer: real saves (the desktop app's and the protocol's of the day before
//! format 2, a golden game, and fresh games on every board, from setup and from
//! positions, with fixed dice and the app's part), mutated as a careless editor or a
//! damaged disk would: bytes flipped, cut, repeated or inserted, numbers pushed to
//! their limits, values of the wrong type, keys dropped or added, actions reordered,
//! the board's text broken.
//!
//! For every mutated save: reading and replaying never panic or hang; a save that
//! replays gives a consistent game (`Game::audit`), and that game saved again loads
//! identically. A short run is part of `cargo test`; `CASTELLAN_FUZZ_CASES` sets
//! another number of cases (see `fuzzing/common.rs`).

#[path = "fuzzing/common.rs"]
mod common;

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use castellan_engine::board::parse_board;
use castellan_engine::game::{Dice, Game, ReplayError, SavedGame};
use castellan_engine::variant::Variant;
use proptest::prelude::*;
use proptest::sample::Index;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{Map, Value, json};

use common::{CLASSIC_SOURCE, boards, fuzz_cases, play_on, random_classic_variant, random_variant};

/// Cases in the everyday test run.
const SHORT_RUN: u32 = 48;
/// No save here replays for anywhere near this long: more is a hang.
const TOO_LONG: Duration = Duration::from_secs(30);

/// The saves mutations start from, as JSON text.
fn base_saves() -> &'static [String] {
    static SAVES: OnceLock<Vec<String>> = OnceLock::new();
    SAVES.get_or_init(|| {
        let mut saves = vec![
            include_str!("saves/app-format-1.castellan").to_owned(),
            include_str!("saves/protocol-format-1.castellan").to_owned(),
            include_str!("golden/two-seats.save.json").to_owned(),
        ];
        let boards = boards();
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        for number in 0..9u64 {
            let (board, source) = &boards[number as usize % boards.len()];
            let seats = rng.random_range(2..=4);
            let variant = random_variant(&mut rng);
            let random_seats: Vec<bool> = (0..seats).map(|_| rng.random_bool(0.5)).collect();
            let mut game = Game::new(board.clone(), variant.clone(), seats, number).unwrap();
            if number % 3 == 1 {
                let faces = (0..4_000).map(|_| rng.random_range(1..=6)).collect();
                game.set_dice(Dice::Fixed(faces)).unwrap();
            }
            play_on(&mut game, &random_seats, rng.random_range(50..700), &mut rng);
            if number % 3 == 2 {
                // Played on from a described position, which the save then carries.
                if let Some(position) = game.to_position() {
                    game = Game::from_position(board.clone(), variant, &position, Dice::Random)
                        .expect("a game's own position is valid");
                    play_on(&mut game, &random_seats, 200, &mut rng);
                }
            }
            let mut save = game.save(source).expect("a recorded game saves");
            if number % 2 == 0 {
                save.app = json!({
                    "seats": (0..seats)
                        .map(|i| json!({ "name": format!("Seat {i}"), "colour": i, "computer": i > 0 }))
                        .collect::<Vec<_>>(),
                    "quick_defence": false,
                })
                .as_object()
                .cloned();
            }
            saves.push(save.to_json());
        }
        // Classic games, their `[classic]` options drawn at random: territory cards
        // traded, trading down, the neutral.
        let classic = Arc::new(parse_board(CLASSIC_SOURCE, "classic.toml").unwrap());
        for number in 0..3u64 {
            let variant = random_classic_variant(&mut rng);
            let seats = 2 + number as usize;
            let random_seats: Vec<bool> = (0..seats + 1).map(|_| rng.random_bool(0.3)).collect();
            let mut game = Game::new(classic.clone(), variant, seats, number).unwrap();
            play_on(&mut game, &random_seats, rng.random_range(300..1_500), &mut rng);
            saves.push(game.save(CLASSIC_SOURCE).unwrap().to_json());
        }
        saves
    })
}

/// Text put into a save by a mutation: JSON's own punctuation, numbers past every
/// limit, control characters, and values of every type.
const TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "\"",
    "\\",
    "\\u0000",
    "\\ud800",
    "\u{0}",
    "\u{1b}[2J",
    "\n",
    "-",
    "-1",
    "0",
    "1e999",
    "4294967296",
    "18446744073709551616",
    "1.5",
    "null",
    "true",
    "\"x\"",
    "[]",
    "{}",
    "\u{feff}",
    "é",
];

/// Numbers a mutation sets: the edges of every integer type the engine reads.
const NUMBERS: &[f64] = &[
    -1.0,
    0.0,
    1.0,
    2.0,
    6.0,
    7.0,
    255.0,
    256.0,
    65_535.0,
    65_536.0,
    1_000_000_000.0,
    2_147_483_648.0,
    4_294_967_295.0,
    4_294_967_296.0,
    9_007_199_254_740_993.0,
    1.8446744073709552e19,
    0.5,
    1e308,
];

/// Values of every JSON type a mutation puts where another was.
fn odd_value(which: usize) -> Value {
    match which % 8 {
        0 => Value::Null,
        1 => json!(true),
        2 => json!("spy"),
        3 => json!([]),
        4 => json!({}),
        5 => json!([0, { "action": "end_turn" }]),
        6 => json!("x".repeat(1_000)),
        _ => json!({ "unknown": 1 }),
    }
}

/// One change to a save.
#[derive(Clone, Debug)]
enum Mutation {
    FlipBit {
        at: Index,
        bit: u8,
    },
    Delete {
        at: Index,
        len: u16,
    },
    Repeat {
        at: Index,
        len: u16,
        to: Index,
    },
    Insert {
        at: Index,
        token: Index,
    },
    Truncate {
        at: Index,
    },
    SetNumber {
        node: Index,
        number: Index,
    },
    SetValue {
        node: Index,
        value: usize,
    },
    RemoveKey {
        node: Index,
    },
    AddKey {
        node: Index,
        key: Index,
    },
    SetFormat {
        format: u64,
    },
    /// A field no object of a save has, in any object outside `app`.
    MisspellField {
        node: Index,
    },
    SwapActions {
        a: Index,
        b: Index,
    },
    RepeatAction {
        at: Index,
    },
    DropAction {
        at: Index,
    },
    BreakBoard {
        at: Index,
        token: Index,
    },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<Index>(), 0u8..8).prop_map(|(at, bit)| Mutation::FlipBit { at, bit }),
        (any::<Index>(), 1u16..200).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<Index>(), 1u16..200, any::<Index>()).prop_map(|(at, len, to)| Mutation::Repeat {
            at,
            len,
            to
        }),
        (any::<Index>(), any::<Index>()).prop_map(|(at, token)| Mutation::Insert { at, token }),
        any::<Index>().prop_map(|at| Mutation::Truncate { at }),
        (any::<Index>(), any::<Index>())
            .prop_map(|(node, number)| Mutation::SetNumber { node, number }),
        (any::<Index>(), 0usize..8).prop_map(|(node, value)| Mutation::SetValue { node, value }),
        any::<Index>().prop_map(|node| Mutation::RemoveKey { node }),
        (any::<Index>(), any::<Index>()).prop_map(|(node, key)| Mutation::AddKey { node, key }),
        prop_oneof![
            Just(0u64),
            Just(1),
            Just(2),
            Just(3),
            Just(99),
            Just(u64::from(u32::MAX) + 1)
        ]
        .prop_map(|format| Mutation::SetFormat { format }),
        any::<Index>().prop_map(|node| Mutation::MisspellField { node }),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Mutation::SwapActions { a, b }),
        any::<Index>().prop_map(|at| Mutation::RepeatAction { at }),
        any::<Index>().prop_map(|at| Mutation::DropAction { at }),
        (any::<Index>(), any::<Index>()).prop_map(|(at, token)| Mutation::BreakBoard { at, token }),
    ]
}

/// A byte offset of `text` on a character boundary (mutations keep the text UTF-8: a
/// save is read as text, and bytes that are not are refused before any JSON).
fn boundary(text: &str, at: &Index) -> usize {
    let mut i = at.index(text.len() + 1);
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Every value of a JSON tree, as paths of keys and indices (pointer syntax).
fn nodes(value: &Value, path: String, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                let key = key.replace('~', "~0").replace('/', "~1");
                nodes(child, format!("{path}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                nodes(child, format!("{path}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(path);
}

/// The parent object's pointer and the key, for a pointer into an object.
fn split_last(pointer: &str) -> Option<(&str, &str)> {
    pointer.rsplit_once('/')
}

fn mutate(text: &mut String, mutation: &Mutation) {
    match mutation {
        Mutation::FlipBit { at, bit } => {
            let mut bytes = std::mem::take(text).into_bytes();
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] ^= 1 << bit;
            }
            *text = String::from_utf8_lossy(&bytes).into_owned();
        }
        Mutation::Delete { at, len } => {
            let start = boundary(text, at);
            let mut end = (start + usize::from(*len)).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.replace_range(start..end, "");
        }
        Mutation::Repeat { at, len, to } => {
            let start = boundary(text, at);
            let mut end = (start + usize::from(*len)).min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let piece = text[start..end].to_owned();
            let to = boundary(text, to);
            text.insert_str(to, &piece);
        }
        Mutation::Insert { at, token } => {
            let at = boundary(text, at);
            text.insert_str(at, TOKENS[token.index(TOKENS.len())]);
        }
        Mutation::Truncate { at } => {
            let at = boundary(text, at);
            text.truncate(at);
        }
        _ => {
            // The rest change the JSON tree, when there is one.
            let Ok(mut value) = serde_json::from_str::<Value>(text) else {
                return;
            };
            mutate_tree(&mut value, mutation);
            *text = serde_json::to_string_pretty(&value).expect("JSON writes");
        }
    }
}

/// The list of actions of a save (or of an early app save's game).
fn actions_of(value: &mut Value) -> Option<&mut Vec<Value>> {
    let pointer = if value.get("actions").is_some() {
        "/actions"
    } else {
        "/game/actions"
    };
    value.pointer_mut(pointer).and_then(Value::as_array_mut)
}

fn mutate_tree(value: &mut Value, mutation: &Mutation) {
    let mut all = Vec::new();
    nodes(value, String::new(), &mut all);
    let pick = |index: &Index| all[index.index(all.len())].clone();
    match mutation {
        Mutation::SetNumber { node, number } => {
            let number = NUMBERS[number.index(NUMBERS.len())];
            let number = if number.fract() == 0.0 && number.abs() < 1.8e19 {
                if number < 0.0 {
                    json!(number as i64)
                } else {
                    json!(number as u64)
                }
            } else {
                json!(number)
            };
            if let Some(target) = value.pointer_mut(&pick(node)) {
                *target = number;
            }
        }
        Mutation::SetValue { node, value: which } => {
            if let Some(target) = value.pointer_mut(&pick(node)) {
                *target = odd_value(*which);
            }
        }
        Mutation::RemoveKey { node } => {
            let pointer = pick(node);
            if let Some((parent, key)) = split_last(&pointer)
                && let Some(Value::Object(map)) = value.pointer_mut(parent)
            {
                map.remove(&key.replace("~1", "/").replace("~0", "~"));
            }
        }
        Mutation::AddKey { node, key } => {
            let keys = [
                "unknown", "format", "app", "seats", "game", "position", "actions",
            ];
            let pointer = pick(node);
            let parent = split_last(&pointer).map_or("", |(parent, _)| parent);
            if let Some(Value::Object(map)) = value.pointer_mut(parent) {
                map.insert(keys[key.index(keys.len())].to_owned(), json!(7));
            }
        }
        Mutation::MisspellField { node } => {
            let mut objects = Vec::new();
            object_shapes(value, String::new(), String::new(), &mut objects);
            let (pointer, _) = &objects[node.index(objects.len())];
            if let Some(Value::Object(map)) = value.pointer_mut(pointer) {
                map.insert(MISSPELT.to_owned(), json!(7));
            }
        }
        Mutation::SetFormat { format } => {
            for pointer in ["/format", "/game/format"] {
                if let Some(target) = value.pointer_mut(pointer) {
                    *target = json!(format);
                }
            }
        }
        Mutation::SwapActions { a, b } => {
            if let Some(actions) = actions_of(value)
                && !actions.is_empty()
            {
                let (a, b) = (a.index(actions.len()), b.index(actions.len()));
                actions.swap(a, b);
            }
        }
        Mutation::RepeatAction { at } => {
            if let Some(actions) = actions_of(value)
                && !actions.is_empty()
            {
                let at = at.index(actions.len());
                let copy = actions[at].clone();
                actions.insert(at, copy);
            }
        }
        Mutation::DropAction { at } => {
            if let Some(actions) = actions_of(value)
                && !actions.is_empty()
            {
                let at = at.index(actions.len());
                actions.remove(at);
            }
        }
        Mutation::BreakBoard { at, token } => {
            let pointer = if value.get("board_source").is_some() {
                "/board_source"
            } else {
                "/game/board_source"
            };
            if let Some(Value::String(source)) = value.pointer_mut(pointer) {
                let at = boundary(source, at);
                source.insert_str(at, TOKENS[token.index(TOKENS.len())]);
            }
        }
        _ => unreachable!("text mutations are applied to the text"),
    }
}

/// The field no object of a save has.
const MISSPELT: &str = "misspelt_field";

/// Whether an object of the save, outside the parts a front end owns, has the
/// misspelt field.
fn has_misspelt_field(text: &str) -> bool {
    let Ok(value) = serde_json::from_str::<Value>(text) else {
        return false;
    };
    fn any_has(value: &Value, top: bool) -> bool {
        match value {
            Value::Object(map) => {
                map.contains_key(MISSPELT)
                    || map.iter().any(|(key, child)| {
                        !(top && (key == "app" || key == "seats" && child.is_array()))
                            && any_has(child, false)
                    })
            }
            Value::Array(items) => items.iter().any(|item| any_has(item, false)),
            _ => false,
        }
    }
    any_has(&value, true)
}

/// What one mutated save did, for the campaign's counts.
#[derive(Default)]
struct Tally {
    cases: u64,
    unreadable: u64,
    newer: u64,
    refused_on_replay: u64,
    replayed: u64,
    /// Saves given a field that no object has (all refused).
    misspelt: u64,
    slowest: Duration,
}

/// Reads, replays, and when it replays, audits and saves again: nothing may panic.
fn check(text: &str, tally: &mut Tally) {
    tally.cases += 1;
    // A field no save has, outside the front end's part, is refused at any level.
    let misspelt = has_misspelt_field(text);
    tally.misspelt += u64::from(misspelt);
    let started = Instant::now();
    let save = match SavedGame::from_json(text) {
        Ok(save) => save,
        Err(ReplayError::NewerFormat(_)) => {
            tally.newer += 1;
            return;
        }
        Err(_) => {
            tally.unreadable += 1;
            return;
        }
    };
    let replayed = save.replay();
    let took = started.elapsed();
    tally.slowest = tally.slowest.max(took);
    assert!(took < TOO_LONG, "a save took {took:?} to replay");
    let game = match replayed {
        Ok(game) => game,
        Err(error) => {
            // Every refusal says why in words.
            assert!(!error.to_string().is_empty());
            tally.refused_on_replay += 1;
            return;
        }
    };
    assert!(!misspelt, "a save with an unknown field replays");
    tally.replayed += 1;
    if let Err(problem) = game.audit() {
        panic!("a replayed save is inconsistent: {problem}");
    }
    let mut again = game
        .save(&save.board_source)
        .expect("a replayed game saves on its own board");
    again.app = save.app.clone();
    let json = again.to_json();
    let reread = SavedGame::from_json(&json).expect("a fresh save reads");
    assert_eq!(reread, again, "save → read is not identical");
    let reloaded = reread.replay().expect("a fresh save replays");
    assert!(reloaded == game, "save → load is not the same game");
    assert_eq!(
        reread.to_json(),
        json,
        "a save reads and writes back identically"
    );
}

fn report(name: &str, tally: &Tally) {
    eprintln!(
        "{name}: {} mutated saves: {} unreadable, {} newer format, {} refused on replay, \
         {} replayed (slowest {:?}); {} with an unknown field, all refused",
        tally.cases,
        tally.unreadable,
        tally.newer,
        tally.refused_on_replay,
        tally.replayed,
        tally.slowest,
        tally.misspelt
    );
}

#[test]
fn every_base_save_loads_and_saves_back_identically() {
    let mut tally = Tally::default();
    for text in base_saves() {
        check(text, &mut tally);
    }
    assert_eq!(tally.replayed, base_saves().len() as u64);
}

#[test]
fn mutated_saves_are_refused_or_load_consistently() {
    let tally = std::cell::RefCell::new(Tally::default());
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: fuzz_cases(SHORT_RUN),
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let strategy = (any::<Index>(), prop::collection::vec(mutation(), 1..4));
    runner
        .run(&strategy, |(base, mutations)| {
            let saves = base_saves();
            let mut text = saves[base.index(saves.len())].clone();
            for mutation in &mutations {
                mutate(&mut text, mutation);
            }
            check(&text, &mut tally.borrow_mut());
            Ok(())
        })
        .unwrap_or_else(|failure| panic!("{failure}"));
    let tally = tally.into_inner();
    report("save fuzzer", &tally);
    assert!(tally.cases > 0);
}

/// The pointers of every object of a JSON tree (the root's is `""`), one of each
/// shape (array indices read as `*`), outside the parts a front end owns.
fn object_shapes(value: &Value, path: String, shape: String, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            // One of each kind of action.
            let shape = match map.get("action") {
                Some(Value::String(tag)) => format!("{shape}[{tag}]"),
                _ => shape,
            };
            if !out.iter().any(|(_, seen)| *seen == shape) {
                out.push((path.clone(), shape.clone()));
            }
            for (key, child) in map {
                // `app` (and the early app saves' `seats`) belong to the front end.
                if path.is_empty() && (key == "app" || key == "seats" && child.is_array()) {
                    continue;
                }
                let key = key.replace('~', "~0").replace('/', "~1");
                object_shapes(
                    child,
                    format!("{path}/{key}"),
                    format!("{shape}/{key}"),
                    out,
                );
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                object_shapes(child, format!("{path}/{i}"), format!("{shape}/*"), out);
            }
        }
        _ => {}
    }
}

/// `docs/save-format.md`: unknown fields are refused at every level, so that a
/// misspelt key is never silently ignored. Every kind of object of every base save
/// (the save, its variant and its tables, its position and each of its parts, each
/// kind of action, a placement…) is given a field it does not have: the save is
/// refused, when read or at the latest when replayed, naming the field.
#[test]
fn a_field_unknown_at_any_level_of_a_save_is_refused() {
    let mut levels = std::collections::BTreeSet::new();
    // A game from a described position, with a truce in force, for the position's
    // parts.
    let (board, source) = &boards()[0];
    let mut game = Game::new(board.clone(), Variant::rulebook(), 4, 5).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let position = loop {
        play_on(&mut game, &[false; 4], 1, &mut rng);
        if let Some(position) = game.to_position()
            && !position.truces.is_empty()
        {
            break position;
        }
        assert!(game.pending_seat().is_some(), "no truce in the whole game");
    };
    let mut from_position =
        Game::from_position(board.clone(), Variant::rulebook(), &position, Dice::Random).unwrap();
    play_on(&mut from_position, &[false; 4], 50, &mut rng);
    let from_position = from_position.save(source).unwrap().to_json();
    for text in base_saves().iter().chain([&from_position]) {
        let save: Value = serde_json::from_str(text).unwrap();
        let mut shapes = Vec::new();
        object_shapes(&save, String::new(), String::new(), &mut shapes);
        for (pointer, shape) in shapes {
            let mut changed = save.clone();
            let Some(Value::Object(object)) = changed.pointer_mut(&pointer) else {
                unreachable!("an object's pointer")
            };
            // The position's territories are a table by key: a key that is no
            // territory's, with a value that would do for one.
            let value = if shape.ends_with("/territories") {
                json!({ "owner": 0, "armies": 1 })
            } else {
                json!(7)
            };
            object.insert("misspelt_field".to_owned(), value);
            let refused = match SavedGame::from_json(&changed.to_string()) {
                Err(error) => error.to_string(),
                Ok(save) => match save.replay() {
                    Err(error) => error.to_string(),
                    Ok(_) => panic!("a save with an unknown field at {shape} loads"),
                },
            };
            assert!(refused.contains("misspelt_field"), "{shape}: {refused}");
            levels.insert(shape);
        }
    }
    // Actions with and without fields, placements, the position's parts.
    for level in [
        "/actions/*/*[end_turn]",
        "/actions/*/*[attack]",
        "/actions/*/*[place_armies]/placements/*",
        "/variant/deck",
        "/position/turn",
        "/position/seats/*/hidden_armies/*",
        "/position/truces/*",
    ] {
        assert!(
            levels.iter().any(|l| l.ends_with(level)),
            "{level} not tried: {levels:?}"
        );
    }
    eprintln!("{} kinds of objects given an unknown field", levels.len());
}

#[test]
fn a_save_from_a_newer_version_says_so_even_with_fields_unknown_here() {
    let mut save: Value = serde_json::from_str(&base_saves()[3]).unwrap();
    save["format"] = json!(3);
    save["weather"] = json!("rain");
    let mut map = Map::new();
    map.insert("new_rule".to_owned(), json!(true));
    save["variant"]["new_rule"] = Value::Object(map);
    let error = SavedGame::from_json(&save.to_string()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "the save was made by a newer Castellan, format 3 (this version reads formats 1 to 2)"
    );
    let error = SavedGame::from_value(&save).unwrap_err();
    assert!(matches!(error, ReplayError::NewerFormat(3)), "{error}");
}
