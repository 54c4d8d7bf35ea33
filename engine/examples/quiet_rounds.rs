//! How long games go without a capture: the figures behind the draw of ruling 24.
//!
//! `cargo run --release -p castellan-engine --example quiet_rounds [GAMES]` plays
//! games on both shipped boards with 2 to 6 seats, computer players (greedy, random,
//! mixed), the rulebook and the house rules, and prints for each kind of table the
//! longest stretch of full rounds in which no territory was taken by an attack. Then
//! it plays games of random playable variants with random players and counts those
//! that stall (only ending turns is left, forever) and those the draw ended.

use std::sync::Arc;

use castellan_engine::board::{Board, parse_board};
use castellan_engine::bot::{GreedyPolicy, Policy, RandomPolicy, SeatSight};
use castellan_engine::game::{EventKind, Game, LegalActions, QUIET_ROUNDS_FOR_A_DRAW};
use castellan_engine::variant::{Variant, parse_variant};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Actions after which a game is given up on.
const ACTION_CAP: usize = 200_000;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .map_or(200, |n| n.parse().expect("GAMES is a number"));
    let boards = [
        (
            "castle-risk",
            board(include_str!("../../data/boards/castle-risk.toml")),
        ),
        ("world", board(include_str!("../../data/boards/world.toml"))),
    ];
    let house = parse_variant(
        include_str!("../../data/variants/house-rules.toml"),
        "house",
    )
    .expect("the shipped house rules load");
    println!("Longest stretch without a capture, in full rounds (games of each kind: {games})");
    for (board_name, board) in &boards {
        for (variant_name, variant) in [("rulebook", Variant::rulebook()), ("house", house.clone())]
        {
            for players in ["greedy", "mixed", "random"] {
                let mut longest = 0.0f64;
                let mut per_game = Vec::new();
                let mut drawn = 0;
                let mut unfinished = 0;
                for number in 0..games {
                    let mut rng = ChaCha8Rng::seed_from_u64(number);
                    let seats = rng.random_range(2..=6);
                    let random: Vec<bool> = (0..seats)
                        .map(|_| match players {
                            "greedy" => false,
                            "random" => true,
                            _ => rng.random_bool(0.5),
                        })
                        .collect();
                    let game = Game::new(Arc::clone(board), variant.clone(), seats, number)
                        .expect("a shipped board and variant start");
                    let played = play(game, &random, &mut rng);
                    longest = longest.max(played.longest_quiet_rounds);
                    per_game.push(played.longest_quiet_rounds);
                    drawn += usize::from(played.drawn);
                    unfinished += usize::from(played.unfinished);
                }
                let over = |rounds: f64| per_game.iter().filter(|&&r| r > rounds).count();
                println!(
                    "{board_name:12} {variant_name:9} {players:7} longest {longest:6.1} rounds \
                     (games over 10: {}, over 20: {}, over 30: {}), \
                     {drawn} drawn, {unfinished} unfinished",
                    over(10.0),
                    over(20.0),
                    over(30.0)
                );
            }
        }
    }

    let (board_name, board) = &boards[0];
    let mut drawn = 0;
    let mut stalled = 0;
    let mut unfinished = 0;
    let mut warned = 0;
    let mut drawn_warned = 0;
    for number in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(number ^ 0x5ca1_ab1e);
        let variant = random_variant(&mut rng);
        let warning = !variant.warnings().is_empty();
        let seats = rng.random_range(2..=6);
        let game = Game::new(Arc::clone(board), variant, seats, number).expect("playable");
        let played = play(game, &vec![true; seats], &mut rng);
        drawn += usize::from(played.drawn);
        stalled += usize::from(played.stalled);
        unfinished += usize::from(played.unfinished);
        warned += usize::from(warning);
        drawn_warned += usize::from(warning && played.drawn);
    }
    println!(
        "{warned} of those variants are warned about by `variant check`; \
         {drawn_warned} of their games were drawn"
    );
    println!(
        "{board_name}: {games} games of random playable variants, random players: \
         {drawn} drawn (ruling 24, after {QUIET_ROUNDS_FOR_A_DRAW} quiet rounds), \
         {stalled} stalled (only ending turns left), {unfinished} unfinished after \
         {ACTION_CAP} actions"
    );
}

fn board(source: &str) -> Arc<Board> {
    Arc::new(parse_board(source, "shipped board").expect("a shipped board loads"))
}

struct Played {
    longest_quiet_rounds: f64,
    drawn: bool,
    /// Still going at the cap with nothing but ending turns legal.
    stalled: bool,
    unfinished: bool,
}

fn play(mut game: Game, random: &[bool], rng: &mut ChaCha8Rng) -> Played {
    let mut policies: Vec<Box<dyn Policy>> = random
        .iter()
        .map(|&r| -> Box<dyn Policy> {
            if r {
                Box::new(RandomPolicy)
            } else {
                Box::new(GreedyPolicy::new())
            }
        })
        .collect();
    game.set_recording(false);
    let mut legal = LegalActions::default();
    let mut events = Vec::new();
    let mut quiet_turns = 0u32;
    let mut longest = 0.0f64;
    let mut quiet_rounds = 0.0f64;
    for _ in 0..ACTION_CAP {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        game.legal_actions_into(&mut legal);
        let action = policies[seat.index()].choose(&SeatSight::new(&game, seat), &legal, rng);
        events.clear();
        game.apply_into(seat, action, &mut events)
            .expect("the policies choose legal actions");
        for event in &events {
            match event.kind {
                EventKind::TerritoryTaken { .. } => {
                    // Only stretches that a capture ended count: the game could
                    // still change during them.
                    longest = longest.max(quiet_rounds);
                    quiet_turns = 0;
                    quiet_rounds = 0.0;
                }
                EventKind::TurnEnded { .. } => {
                    quiet_turns += 1;
                    quiet_rounds = f64::from(quiet_turns) / game.seats_in_play() as f64;
                }
                _ => {}
            }
        }
    }
    let over = game.pending_seat().is_none();
    let only_end_turn = !over
        && legal.choices.len() == 1
        && matches!(legal.choices[0], castellan_engine::game::Choice::EndTurn);
    Played {
        longest_quiet_rounds: longest,
        drawn: game.is_drawn(),
        stalled: only_end_turn,
        unfinished: !over,
    }
}

/// Any playable variant: every option anywhere in its range, as a careless designer
/// might write it.
fn random_variant(rng: &mut ChaCha8Rng) -> Variant {
    loop {
        let mut v = Variant::rulebook();
        v.classic_fortify = rng.random_bool(0.5);
        v.lenient_general = rng.random_bool(0.5);
        v.hidden_armies = rng.random_bool(0.5);
        v.diplomats_in_play = rng.random_bool(0.5);
        v.spoils.per_region_bonus = rng.random_bool(0.5);
        v.hidden_army_minimum = rng.random_range(0..=10);
        v.castle_dice_limit = rng.random_range(1..=3);
        v.armies_per_setup_placement = rng.random_range(1..=10);
        v.spoils.banner_bonus = rng.random_range(0..=12);
        v.spoils.empire_bonus = Some(rng.random_range(0..=8));
        v.spoils.all_independents_bonus = Some(rng.random_range(0..=10));
        let d = &mut v.deck;
        d.reinforcements = rng.random_range(0..=15);
        d.diplomats = rng.random_range(0..=9);
        d.spies = rng.random_range(0..=9);
        d.generals = rng.random_range(0..=10);
        d.marshalls = rng.random_range(0..=10);
        d.admirals = rng.random_range(0..=10);
        let length = (d.reinforcements as usize).max(rng.random_range(0..=16));
        v.reinforcement_track = (0..length).map(|_| rng.random_range(0..=15)).collect();
        let s = &mut v.starting_armies;
        s.two = rng.random_range(1..=40);
        s.three = rng.random_range(1..=35);
        s.four = rng.random_range(1..=30);
        s.five = rng.random_range(1..=25);
        s.six = rng.random_range(1..=20);
        if v.validate().is_empty() {
            return v;
        }
    }
}
