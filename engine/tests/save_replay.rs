//! Saves: a game written as JSON and replayed is the same game; a save that does not
//! replay cleanly is refused with the failing action's index and the reason.

#[path = "positions/support.rs"]
mod support;

use castellan_engine::game::{
    Action, Dice, Game, Placement, Position, ReplayError, SAVE_FORMAT, SaveError, SavedGame, Seat,
};
use castellan_engine::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::*;

fn random_game(seats: usize, seed: u64, actions: usize) -> Game {
    let mut game = Game::new(castle_board(), Variant::rulebook(), seats, seed).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..actions {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        let action = game.legal_actions().sample(&mut rng).unwrap();
        game.apply(seat, action).unwrap();
    }
    game
}

#[test]
fn a_whole_game_round_trips_through_a_save() {
    let game = random_game(3, 5, 100_000);
    assert!(game.winner().is_some());
    let save = game.save(CASTLE_SOURCE).unwrap();
    assert_eq!(save.format, SAVE_FORMAT);
    assert_eq!(SAVE_FORMAT, 2);
    assert_eq!(save.board_name, "Castle Risk");
    assert_eq!(save.actions.len(), game.history().len());
    let json = save.to_json();
    assert!(
        json.contains("\"action\": \"place_castle\""),
        "actions are tagged in JSON"
    );
    let replayed = SavedGame::load(&json).unwrap();
    assert_eq!(replayed, game);
    assert_eq!(SavedGame::from_json(&json).unwrap(), save);
}

#[test]
fn a_game_saved_midway_continues_identically() {
    let mut game = random_game(4, 8, 700);
    let mut replayed = game.save(CASTLE_SOURCE).unwrap().replay().unwrap();
    assert_eq!(replayed, game);
    let mut rng = ChaCha8Rng::seed_from_u64(80);
    for _ in 0..300 {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        let action = game.legal_actions().sample(&mut rng).unwrap();
        assert_eq!(
            game.apply(seat, action.clone()).unwrap(),
            replayed.apply(seat, action).unwrap()
        );
    }
    assert_eq!(replayed, game);
}

#[test]
fn a_tampered_save_is_refused_with_the_failing_action() {
    let game = random_game(2, 12, 400);
    let mut save = game.save(CASTLE_SOURCE).unwrap();
    // Turn the first setup placement into one that puts an army too many.
    let index = save
        .actions
        .iter()
        .position(|(_, a)| matches!(a, Action::PlaceArmies { .. }))
        .expect("setup places armies");
    let (_, Action::PlaceArmies { placements }) = &mut save.actions[index] else {
        unreachable!()
    };
    placements.push(Placement::new(placements[0].territory, 1));
    let error = save.replay().unwrap_err();
    let ReplayError::Action {
        index: failing,
        action,
        ..
    } = &error
    else {
        panic!("{error}")
    };
    assert_eq!((*failing, *action), (index, "place_armies"));
    assert!(
        error.to_string().contains(&format!("action {index} ")),
        "{error}"
    );
    assert!(
        error.to_string().contains("exactly 5 must be placed"),
        "{error}"
    );

    // An action by the wrong seat is refused just the same.
    let mut save = game.save(CASTLE_SOURCE).unwrap();
    let (seat, _) = &mut save.actions[3];
    *seat = Seat(seat.0 ^ 1);
    let error = save.replay().unwrap_err();
    assert!(
        matches!(error, ReplayError::Action { index: 3, .. }),
        "{error}"
    );
}

#[test]
fn a_game_from_a_position_saves_its_position_and_dice() {
    let position = Position::from_toml(include_str!("positions/three-seats.toml")).unwrap();
    let mut game = Game::from_position(
        tiny_board(),
        Variant::rulebook(),
        &position,
        Dice::Fixed(vec![6, 6, 1, 1]),
    )
    .unwrap();
    play(&mut game, 0, attack("n1", "s1"));
    roll(&mut game, 0, 1, 2, 2);
    play(&mut game, 0, Action::StopAttack);
    let save = game.save(TINY_SOURCE).unwrap();
    assert_eq!(save.position.as_ref(), Some(&position));
    assert_eq!(save.fixed_dice, Some(vec![6, 6, 1, 1]));
    assert_eq!(save.seats, 3);
    let replayed = SavedGame::load(&save.to_json()).unwrap();
    assert_eq!(replayed, game);
}

#[test]
fn saves_that_cannot_be_read_are_refused_with_the_reason() {
    let game = random_game(2, 3, 50);
    let save = game.save(CASTLE_SOURCE).unwrap();

    let mut wrong_format = save.clone();
    wrong_format.format = 0;
    assert!(matches!(wrong_format.replay(), Err(ReplayError::Format(0))));
    wrong_format.format = 3;
    assert!(matches!(
        wrong_format.replay(),
        Err(ReplayError::NewerFormat(3))
    ));

    let mut renamed = save.clone();
    renamed.board_name = "Risk".into();
    let error = renamed.replay().unwrap_err();
    assert!(
        error.to_string().contains("names the board “Risk”"),
        "{error}"
    );

    let mut broken_board = save.clone();
    broken_board.board_source = "[board]\nformat = 1\n".into();
    assert!(matches!(broken_board.replay(), Err(ReplayError::Board(_))));

    let mut too_many_seats = save.clone();
    too_many_seats.seats = 9;
    assert!(matches!(
        too_many_seats.replay(),
        Err(ReplayError::NewGame(_))
    ));

    assert!(matches!(
        SavedGame::load("{\"format\": 1}"),
        Err(ReplayError::Json(_))
    ));
    assert!(matches!(
        SavedGame::load("{\"board\": 1}"),
        Err(ReplayError::NoFormat)
    ));
}

// --- Saves of earlier versions, and reading files of any size ---

const APP_FORMAT_1: &str = include_str!("saves/app-format-1.castellan");
const PROTOCOL_FORMAT_1: &str = include_str!("saves/protocol-format-1.castellan");

/// Each fixture was written by Castellan before format 2 (the desktop app's save, and
/// the protocol's `save` reply), with what that version's protocol showed of the
/// game it ended in: the pending decision and every seat's view.
#[test]
fn saves_of_the_app_and_the_protocol_before_format_2_still_load() {
    for (save, views) in [
        (APP_FORMAT_1, include_str!("saves/app-format-1.views.json")),
        (
            PROTOCOL_FORMAT_1,
            include_str!("saves/protocol-format-1.views.json"),
        ),
    ] {
        let game = SavedGame::load(save).unwrap();
        let recorded: serde_json::Value = serde_json::from_str(views).unwrap();
        assert_eq!(
            serde_json::to_value(game.pending()).unwrap(),
            recorded["pending"]["pending"]
        );
        for seat in game.seat_ids() {
            // Views have gained fields since: those the old version showed must agree.
            let view = serde_json::to_value(game.view_for(seat)).unwrap();
            let old = recorded["views"][seat.index()].as_object().unwrap();
            assert!(old.len() > 15);
            for (key, value) in old {
                assert_eq!(&view[key], value, "{seat}'s view: {key}");
            }
        }
    }
}

#[test]
fn the_apps_settings_are_kept_in_the_save_and_written_back() {
    let save = SavedGame::from_json(APP_FORMAT_1).unwrap();
    assert_eq!(save.format, 1);
    let app = save
        .app
        .as_ref()
        .expect("the app's settings are read into `app`");
    assert_eq!(app["seats"][1]["name"], "Béla");
    assert_eq!(app["seats"][2]["colour"], 5);
    assert_eq!(app["quick_defence"], false);
    // Saved again, the game is format 2 with the same settings, and loads the same.
    let game = save.replay().unwrap();
    let mut again = game.save(&save.board_source).unwrap();
    again.app = save.app.clone();
    let json = again.to_json();
    assert!(json.contains("\"format\": 2"));
    let reread = SavedGame::from_json(&json).unwrap();
    assert_eq!(reread.app, save.app);
    assert_eq!(reread.replay().unwrap(), game);
    // A protocol save has no settings of the app.
    assert_eq!(SavedGame::from_json(PROTOCOL_FORMAT_1).unwrap().app, None);
}

#[test]
fn save_files_are_read_with_a_size_limit() {
    let dir = std::env::temp_dir().join(format!("castellan-saves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A file of 2 GiB, all holes: refused by its length, unread.
    let huge = dir.join("huge.castellan");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(2 << 30)
        .unwrap();
    for path in [huge.as_path(), std::path::Path::new("/dev/zero")] {
        let error = SavedGame::read_file(path).unwrap_err();
        assert!(matches!(error, ReplayError::TooLarge), "{error}");
        assert_eq!(
            error.to_string(),
            "the save is larger than the 64 MiB a save may have"
        );
        assert!(castellan_engine::board::load_board_file(path).is_err());
    }
    let good = dir.join("good.castellan");
    std::fs::write(&good, APP_FORMAT_1).unwrap();
    assert!(SavedGame::load_file(&good).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(matches!(
        SavedGame::read_file(&dir.join("gone")),
        Err(ReplayError::Read(_))
    ));
}

#[test]
fn a_save_needs_the_games_own_board_and_a_full_record() {
    let mut game = random_game(2, 4, 20);
    assert!(matches!(
        game.save(TINY_SOURCE),
        Err(SaveError::BoardMismatch)
    ));
    assert!(matches!(game.save("not a board"), Err(SaveError::Board(_))));
    game.set_recording(false);
    let seat = game.pending_seat().unwrap();
    let action = game
        .legal_actions()
        .sample(&mut ChaCha8Rng::seed_from_u64(0))
        .unwrap();
    game.apply(seat, action).unwrap();
    assert_eq!(game.history().len(), 20);
    assert!(matches!(
        game.save(CASTLE_SOURCE),
        Err(SaveError::NotRecorded)
    ));

    let mut game = random_game(2, 4, 20);
    game.set_dice(Dice::Fixed(vec![1, 2, 3])).unwrap();
    assert!(matches!(
        game.save(CASTLE_SOURCE),
        Err(SaveError::DiceChangedMidGame)
    ));
}
