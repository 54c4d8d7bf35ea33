//! The parts of the API computer players lean on: blocked armies, the state of any
//! army's turn, and games played unrecorded.

mod support;

use castellan_chateau::board::Board;
use castellan_chateau::game::{Finder, Table};
use castellan_chateau::save::SaveError;
use castellan_chateau::variant::Variant;
use support::*;

#[test]
fn blocked_armies_and_turn_states_are_told() {
    let game = game(
        &[
            ("A9", 'r'),
            ("B10", 'r'),
            ("F5", 'r'),
            ("A10", 'b'),
            ("J6", 'g'),
            ("F9", 'Y'),
            ("E9", 'r'),
        ],
        "red",
        Table::four_in_teams(),
        Variant::default(),
        "[[alliance]]\ngiver = \"yellow\"\nreceiver = \"red\"\n",
    );
    let mut finder = Finder::new();
    assert_eq!(game.blocked_armies(&mut finder), BLUE.bit());
    assert_eq!(game.armies_moved_by(RED), RED.bit() | YELLOW.bit());
    let red = game.turn_state_of(RED);
    assert_eq!(
        (red.factor(), red.controlled()),
        (12, RED.bit() | YELLOW.bit())
    );
    assert_eq!(game.turn_state_of(GREEN).factor(), 6);
}

#[test]
fn a_game_played_unrecorded_cannot_be_saved() {
    let mut game = game(
        &[("A6", 'r'), ("J6", 'b')],
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "",
    );
    game.set_recording(false);
    pass_turn(&mut game);
    assert!(game.history().is_empty());
    assert!(matches!(
        game.save(Board::reconstructed_text()),
        Err(SaveError::NotRecorded)
    ));
}
