//! Golden replays: whole games played by greedy seats with fixed seeds, kept in
//! `tests/golden/` as saves (`<name>.save.json`, the app's own save format) with the
//! summary of how each ended (`<name>.summary.json`: winner, turns, cards, and every
//! territory's owner and armies). Replaying a save must end exactly as its summary
//! says, so any change in how a rule plays out (a die compared differently, a card
//! drawn at another moment, a spoil counted otherwise) fails here.
//!
//! When a rule is changed on purpose, or the greedy policy is retuned, regenerate the
//! files and review their diff:
//!
//! ```text
//! CASTELLAN_BLESS=1 cargo test -p castellan-engine --test golden
//! ```

use std::path::PathBuf;
use std::sync::Arc;

use castellan_engine::board::parse_board;
use castellan_engine::bot::{GreedyPolicy, Outcome, Policy, SeatSight, play_to_end};
use castellan_engine::game::{Card, Game, SavedGame};
use castellan_engine::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

const BOARD_SOURCE: &str = include_str!("../../data/boards/castle-risk.toml");
/// No golden game comes near this; reaching it means the greedy policy stalled.
const MAX_ACTIONS: usize = 50_000;

/// One golden game: its name, table and seeds.
struct Golden {
    name: &'static str,
    seats: usize,
    game_seed: u64,
    policy_seed: u64,
    variant: fn() -> Variant,
}

const GOLDENS: &[Golden] = &[
    Golden {
        name: "two-seats",
        seats: 2,
        game_seed: 1986,
        policy_seed: 1,
        variant: Variant::rulebook,
    },
    Golden {
        name: "four-seats",
        seats: 4,
        game_seed: 4,
        policy_seed: 2,
        variant: Variant::rulebook,
    },
    Golden {
        name: "six-seats",
        seats: 6,
        game_seed: 6,
        policy_seed: 3,
        variant: Variant::rulebook,
    },
    Golden {
        name: "four-seats-house-rules",
        seats: 4,
        game_seed: 44,
        policy_seed: 4,
        variant: house_rules,
    },
];

/// The encyclopedia's usual house rules and a few more switches, all at once.
fn house_rules() -> Variant {
    let mut v = Variant::rulebook();
    v.classic_fortify = true;
    v.lenient_general = true;
    v.spoils.per_region_bonus = true;
    v.hidden_army_minimum = 3;
    v.castle_dice_limit = 3;
    v
}

/// How a game ended, in words a reviewer can read in a diff.
#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
struct Summary {
    winner: Option<u8>,
    turns: u32,
    actions: usize,
    track: usize,
    draw_pile: usize,
    discards: Vec<Card>,
    seats: Vec<SeatSummary>,
    /// `"key: seat N, armies"` for every territory, or `"key: empty"`.
    territories: Vec<String>,
}

#[derive(Debug, PartialEq, Eq, Serialize, Deserialize)]
struct SeatSummary {
    seat: u8,
    eliminated: bool,
    castle: Option<String>,
    hand: Vec<Card>,
    captured_banners: Vec<String>,
}

fn summarise(game: &Game) -> Summary {
    let board = game.board();
    Summary {
        winner: game.winner().map(|s| s.0),
        turns: game.turn_number(),
        actions: game.history().len(),
        track: game.track(),
        draw_pile: game.draw_pile_len(),
        discards: game.discards().to_vec(),
        seats: game
            .seat_ids()
            .map(|seat| SeatSummary {
                seat: seat.0,
                eliminated: game.is_eliminated(seat),
                castle: game.castle(seat).map(|t| board.territory(t).key.clone()),
                hand: game.hand(seat).cards().collect(),
                captured_banners: game
                    .captured_banners(seat)
                    .iter()
                    .map(|&g| board.group(g).key.clone())
                    .collect(),
            })
            .collect(),
        territories: board
            .territory_ids()
            .map(|t| {
                let key = &board.territory(t).key;
                match game.owner(t) {
                    Some(owner) => format!("{key}: seat {}, {}", owner.0, game.armies(t)),
                    None => format!("{key}: empty"),
                }
            })
            .collect(),
    }
}

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn paths(golden: &Golden) -> (PathBuf, PathBuf) {
    let dir = golden_dir();
    (
        dir.join(format!("{}.save.json", golden.name)),
        dir.join(format!("{}.summary.json", golden.name)),
    )
}

/// Plays a golden game afresh with greedy seats.
fn play_golden(golden: &Golden) -> Game {
    let board = Arc::new(parse_board(BOARD_SOURCE, "castle-risk.toml").expect("the board loads"));
    let mut game = Game::new(board, (golden.variant)(), golden.seats, golden.game_seed)
        .expect("a golden game starts");
    let mut policies: Vec<Box<dyn Policy>> = (0..golden.seats)
        .map(|_| Box::new(GreedyPolicy::new()) as Box<dyn Policy>)
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(golden.policy_seed);
    match play_to_end(&mut game, &mut policies, &mut rng, MAX_ACTIONS) {
        Outcome::Won { .. } => game,
        other => panic!("golden game {} did not finish: {other:?}", golden.name),
    }
}

fn blessing() -> bool {
    std::env::var_os("CASTELLAN_BLESS").is_some_and(|v| v != "0" && !v.is_empty())
}

fn read(path: &PathBuf) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; run `CASTELLAN_BLESS=1 cargo test -p castellan-engine --test golden`",
            path.display()
        )
    })
}

fn bless() {
    std::fs::create_dir_all(golden_dir()).expect("the golden directory can be made");
    for golden in GOLDENS {
        let game = play_golden(golden);
        let save = game.save(BOARD_SOURCE).expect("a recorded game saves");
        let summary = serde_json::to_string_pretty(&summarise(&game)).expect("serialises");
        let (save_path, summary_path) = paths(golden);
        std::fs::write(&save_path, save.to_json() + "\n").expect("the save is written");
        std::fs::write(&summary_path, summary + "\n").expect("the summary is written");
        eprintln!("blessed {} ({} actions)", golden.name, save.actions.len());
    }
}

/// Each save replays, action by action, to exactly its summary.
#[test]
fn golden_saves_replay_to_their_summaries() {
    if blessing() {
        bless();
    }
    for golden in GOLDENS {
        let (save_path, summary_path) = paths(golden);
        let game = SavedGame::load(&read(&save_path))
            .unwrap_or_else(|e| panic!("golden {} no longer replays: {e}", golden.name));
        let expected: Summary = serde_json::from_str(&read(&summary_path)).expect("a summary file");
        let actual = summarise(&game);
        assert_eq!(
            actual, expected,
            "golden {} ends differently: a rule changed how it plays out",
            golden.name
        );
        assert!(actual.winner.is_some(), "golden {} is not won", golden.name);
        assert_eq!(game.seats(), golden.seats);
        assert_eq!(game.variant(), &(golden.variant)());
    }
}

/// The greedy policy still makes the saved choices, decision by decision: a change in
/// the legal actions' lists or in the policy shows here first.
#[test]
fn greedy_seats_still_choose_the_saved_actions() {
    if blessing() {
        // The other test is rewriting the files.
        return;
    }
    for golden in GOLDENS {
        let saved = SavedGame::from_json(&read(&paths(golden).0)).expect("a save file");
        let board = Arc::new(parse_board(&saved.board_source, "castle-risk.toml").unwrap());
        let mut game = Game::new(board, saved.variant.clone(), saved.seats, saved.seed).unwrap();
        let mut policies: Vec<GreedyPolicy> =
            (0..saved.seats).map(|_| GreedyPolicy::new()).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(golden.policy_seed);
        for (index, (seat, action)) in saved.actions.iter().enumerate() {
            assert_eq!(
                game.pending_seat(),
                Some(*seat),
                "{} action {index}",
                golden.name
            );
            let legal = game.legal_actions();
            let chosen =
                policies[seat.index()].choose(&SeatSight::new(&game, *seat), &legal, &mut rng);
            assert_eq!(
                &chosen, action,
                "golden {} action {index}: greedy now chooses otherwise",
                golden.name
            );
            game.apply(*seat, chosen).unwrap();
        }
        assert!(game.winner().is_some());
    }
}
