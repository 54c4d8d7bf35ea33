//! Saves: a game written as JSON and read back replays into the very same game,
//! from the start or from a described position; a save that does not replay is
//! refused naming the action; saves of another game or format are refused.

mod support;

use std::sync::Arc;

use castellan_chateau::board::Board;
use castellan_chateau::game::{Action, Game, Table};
use castellan_chateau::random::RandomPlayer;
use castellan_chateau::save::{ReplayError, SavedGame};
use castellan_chateau::variant::Variant;
use rand::SeedableRng;
use serde_json::{Value, json};
use support::*;

fn played(seed: u64, actions: usize) -> Game {
    let board = Arc::new(Board::reconstructed());
    let mut game = Game::new(board, Variant::default(), Table::four_in_teams(), seed).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    RandomPlayer::new().play(&mut game, &mut rng, actions);
    game
}

#[test]
fn a_save_replays_to_the_same_game() {
    let game = played(3, 400);
    assert!(game.history().len() > 100);
    let save = game.save(Board::reconstructed_text()).unwrap();
    let json = save.to_json();
    let value: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["game"], "chateau-noir");
    assert_eq!(value["format"], 1);
    let replayed = SavedGame::from_json(&json).unwrap().replay().unwrap();
    assert_eq!(replayed, game);
    // The protocol's parsed form reads the same.
    assert_eq!(SavedGame::from_value(&value).unwrap(), save);
}

#[test]
fn a_game_from_a_position_saves_and_replays() {
    let mut game = game(
        &[
            ("D2", 'r'),
            ("G1", 'r'),
            ("A6", 'r'),
            ("E2", 'b'),
            ("J6", 'b'),
        ],
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "",
    );
    play_path(&mut game, &["G1", "F1", "F2"]);
    spend_with(&mut game, "A6");
    end_turn(&mut game, &["E2"]);
    let save = game.save(Board::reconstructed_text()).unwrap();
    assert!(save.position.is_some());
    let replayed = SavedGame::from_json(&save.to_json())
        .unwrap()
        .replay()
        .unwrap();
    assert_eq!(replayed, game);
}

#[test]
fn a_save_that_does_not_replay_names_the_action() {
    let game = played(4, 60);
    let mut save = game.save(Board::reconstructed_text()).unwrap();
    save.actions[5].1 = Action::EndTurn { captures: vec![] };
    match save.replay() {
        Err(ReplayError::Action { index, .. }) => assert_eq!(index, 5),
        other => panic!("{other:?}"),
    }
    let message = save.replay().unwrap_err().to_string();
    assert!(message.starts_with("action 5 ("), "{message}");
}

#[test]
fn saves_of_another_game_or_format_are_refused() {
    let game = played(5, 10);
    let save = game.save(Board::reconstructed_text()).unwrap();
    let mut value = serde_json::to_value(&save).unwrap();
    value["game"] = json!("castle-risk");
    assert!(matches!(
        SavedGame::from_value(&value),
        Err(ReplayError::OtherGame(_))
    ));
    value["game"] = json!("chateau-noir");
    value["format"] = json!(2);
    let newer = SavedGame::from_value(&value).unwrap_err().to_string();
    assert!(newer.contains("newer Castellan, format 2"), "{newer}");
    value["format"] = json!(1);
    value["extra"] = json!(true);
    assert!(matches!(
        SavedGame::from_value(&value),
        Err(ReplayError::Json(_))
    ));
}

#[test]
fn a_save_with_another_board_text_is_refused() {
    let game = played(6, 10);
    let other = Board::reconstructed_text().replace("name = \"Château Noir\"", "name = \"Other\"");
    assert!(game.save(&other).is_err());
    let mut save = game.save(Board::reconstructed_text()).unwrap();
    save.board_name = "Elsewhere".to_owned();
    assert!(matches!(save.replay(), Err(ReplayError::BoardName { .. })));
}
