//! Taking back one's own quiet decisions (placements, a move-in, an occupation, a
//! fortify, filling a vacated territory): whole games of both rulesets are played, and
//! after every action the tests check that a take back is offered exactly when the
//! action was such a decision of the seat still deciding, that it brings the game back
//! `==` to what it was before (history, chance and every earlier take back included),
//! that nobody else may take it back, and that nothing reaches past a roll or a draw.

use std::sync::Arc;

use castellan_engine::board::{Board, parse_board};
use castellan_engine::bot::{GreedyPolicy, Policy, SeatSight};
use castellan_engine::game::{Action, Event, EventKind, Game, SavedGame, Seat, TakeBackRefused};
use castellan_engine::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn board(name: &str) -> Arc<Board> {
    let source = match name {
        "castle-risk.toml" => include_str!("../../data/boards/castle-risk.toml"),
        _ => include_str!("../../data/boards/classic.toml"),
    };
    Arc::new(parse_board(source, name).expect("a shipped board loads"))
}

fn is_quiet_kind(action: &Action) -> bool {
    matches!(
        action,
        Action::PlaceArmies { .. }
            | Action::MoveIn { .. }
            | Action::Occupy { .. }
            | Action::Fortify { .. }
            | Action::FillVacated { .. }
    )
}

/// Plays `game` with greedy seats (seeded by `seed`) until it ends or its history
/// holds `cap` actions, calling `after(game, seat, action, before, events)` once
/// each action is applied, with the game as it was before it.
fn play_greedy(
    game: &mut Game,
    seed: u64,
    cap: usize,
    mut after: impl FnMut(&mut Game, Seat, &Action, &Game, &[Event]),
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut policies: Vec<GreedyPolicy> = (0..game.seats()).map(|_| GreedyPolicy::new()).collect();
    while let Some(seat) = game.pending_seat() {
        if game.history().len() >= cap {
            return;
        }
        let legal = game.legal_actions();
        let action = policies[seat.index()].choose(&SeatSight::new(game, seat), &legal, &mut rng);
        let before = game.clone();
        let events = game.apply(seat, action.clone()).expect("a listed action");
        after(game, seat, &action, &before, &events);
    }
}

/// Plays a whole game with greedy seats, checking take backs after every action;
/// returns how many were offered and taken, by kind of action.
fn play_and_take_back(mut game: Game, seed: u64) -> Vec<&'static str> {
    let mut taken = Vec::new();
    play_greedy(
        &mut game,
        seed,
        40_000,
        |game, seat, action, before, events| {
            let offered = game.last_take_back(seat).cloned();
            let chance_event = events.iter().any(|e| {
                matches!(
                    e.kind,
                    EventKind::DiceRolled { .. }
                        | EventKind::CardDrawn { .. }
                        | EventKind::DeckReshuffled { .. }
                        | EventKind::TurnStarted { .. }
                )
            });
            let still_deciding = game.pending_seat() == Some(seat);
            if !is_quiet_kind(action) || chance_event || !still_deciding {
                assert_eq!(offered, None, "{action:?} must not be taken back");
            } else {
                assert_eq!(
                    offered.as_ref(),
                    Some(action),
                    "{action:?} may be taken back"
                );
            }
            for other in game.seat_ids().filter(|&s| s != seat) {
                assert_eq!(game.last_take_back(other), None, "only the seat deciding");
                let mut copy = game.clone();
                assert_eq!(
                    copy.take_back(other),
                    Err(TakeBackRefused::NothingToTakeBack)
                );
                assert!(copy == *game, "a refused take back changed nothing");
            }
            if offered.is_some() {
                let mut copy = game.clone();
                assert_eq!(copy.take_back(seat), Ok(action.clone()));
                assert!(
                    copy == *before,
                    "the take back of {action:?} restores the game"
                );
                taken.push(match action {
                    Action::PlaceArmies { .. } => "place",
                    Action::MoveIn { .. } => "move in",
                    Action::Occupy { .. } => "occupy",
                    Action::Fortify { .. } => "fortify",
                    _ => "fill",
                });
            }
        },
    );
    taken
}

#[test]
fn castle_risk_quiet_decisions_are_taken_back_and_nothing_past_a_roll() {
    let mut kinds = Vec::new();
    for seed in 0..4 {
        let seats = 2 + seed as usize;
        let game = Game::new(board("castle-risk.toml"), Variant::rulebook(), seats, seed)
            .expect("the game starts");
        kinds.extend(play_and_take_back(game, seed));
    }
    assert!(kinds.contains(&"move in"), "a move-in was taken back");
    assert!(kinds.contains(&"place"), "a placement was taken back");
}

#[test]
fn classic_move_ins_and_placements_are_taken_back_a_fortify_ending_the_turn_is_not() {
    let mut kinds = Vec::new();
    for seed in 0..3 {
        let game =
            Game::new(board("classic.toml"), Variant::classic(), 3, seed).expect("the game starts");
        kinds.extend(play_and_take_back(game, seed));
    }
    assert!(kinds.contains(&"move in"));
    assert!(kinds.contains(&"place"));
}

/// Several quiet decisions in a row are taken back one by one, newest first, and a
/// game that took back and went on saves and replays to the same game.
#[test]
fn take_backs_unwind_newest_first_and_the_game_saves_without_them() {
    let mut game =
        Game::new(board("castle-risk.toml"), Variant::rulebook(), 3, 7).expect("the game starts");
    let mut unwound = 0;
    play_greedy(&mut game, 7, 601, |game, seat, action, before, _| {
        if game.last_take_back(seat).is_some() && unwound < 20 {
            // Take it back, then make the same decision again: the game goes on as
            // if nothing happened.
            assert_eq!(game.take_back(seat), Ok(action.clone()));
            assert!(*game == *before);
            game.apply(seat, action.clone())
                .expect("the same decision again");
            unwound += 1;
        }
    });
    assert!(unwound > 0, "the game offered take backs");
    let source = include_str!("../../data/boards/castle-risk.toml");
    let json = game.save(source).expect("the game saves").to_json();
    let replayed = SavedGame::load(&json).expect("the save replays");
    assert!(replayed == game, "a replayed game equals the one played");
}

/// Quiet decisions in a row (a victor filling vacated territories one by one) are
/// taken back newest first, each to the game just before it, and never past the
/// first of them.
#[test]
fn a_run_of_quiet_decisions_unwinds_one_by_one() {
    let mut longest = 0;
    for seed in 0..8 {
        let mut game = Game::new(board("castle-risk.toml"), Variant::rulebook(), 4, seed)
            .expect("the game starts");
        let mut snapshots: Vec<Game> = Vec::new();
        play_greedy(&mut game, seed, 5_001, |game, seat, _, before, _| {
            if game.last_take_back(seat).is_some() {
                snapshots.push(before.clone());
            } else {
                snapshots.clear();
            }
            if snapshots.len() >= 2 {
                longest = longest.max(snapshots.len());
                let mut copy = game.clone();
                for earlier in snapshots.iter().rev() {
                    copy.take_back(seat).expect("each step in turn");
                    assert!(&copy == earlier);
                }
                assert_eq!(copy.last_take_back(seat), None, "not past the first");
            }
        });
        if longest >= 3 {
            return;
        }
    }
    panic!("no run of three quiet decisions in eight games (longest {longest})");
}
