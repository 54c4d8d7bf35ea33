//! Every ruling of `docs/chateau-noir-rulings.md`, held to by name: each test is listed
//! under the ruling it checks (`rulings_doc.rs` checks the list).

mod support;

use castellan_chateau::board::{Board, UnitKind, parse_board};
use castellan_chateau::game::{
    Action, EndReason, Event, Outcome, PieceKind, RuleError, Sides, Table, capturable,
};
use castellan_chateau::variant::{Revisits, UnitRule, Variant};
use support::*;

use UnitKind::*;

fn kinds(units: &[(String, UnitKind)]) -> Vec<(&str, UnitKind)> {
    units.iter().map(|(s, k)| (s.as_str(), *k)).collect()
}

// --- Movement (rulings 1–11) ---

#[test]
fn a_soldier_steps_orthogonally_onto_any_free_square() {
    let state = state(&[("D5", 'r'), ("D1", 'r')], RED, 6, rules());
    assert_eq!(
        kinds(&first_units(&state, "D5")),
        [
            ("B5", WallJump),
            ("C5", Step),
            ("D3", TowerJump),
            ("D4", Step),
            ("D6", Step),
            ("E4", GateDiagonal),
            ("E5", Step),
            ("E6", TowerDiagonal),
        ]
    );
    // Onto a coloured square too.
    assert!(first_units(&state, "D1").contains(&("C1".to_owned(), Step)));
}

#[test]
fn no_piece_passes_through_or_stops_on_an_occupied_square() {
    let state = state(
        &[("D5", 'r'), ("D6", 'b'), ("C5", 'b'), ("D3", 'b')],
        RED,
        6,
        rules(),
    );
    let units = first_units(&state, "D5");
    let landings: Vec<&str> = units.iter().map(|(s, _)| s.as_str()).collect();
    // Not onto D6, C5 or D3; over the occupied wall C5 all the same.
    assert_eq!(landings, ["B5", "D4", "E4", "E5", "E6"]);
}

#[test]
fn a_soldier_jumps_a_tower_from_a_white_or_black_square_onto_a_free_white_one() {
    let state = state(&[("D8", 'r'), ("C7", 'r'), ("D7", 'b')], RED, 6, rules());
    // From the wall D8 over the tower D7 (occupied) onto D6; from white C7 onto E7.
    assert!(first_units(&state, "D8").contains(&("D6".to_owned(), TowerJump)));
    assert!(first_units(&state, "C7").contains(&("E7".to_owned(), TowerJump)));
}

#[test]
fn coloured_squares_never_launch_or_receive_a_jump() {
    // A board where a coloured square (C8) touches a tower (D8) with white beyond (E8).
    let text = Board::reconstructed_text().replace(
        "\"b b b # # # . y y y\",  #  8",
        "\"b b b X . # . y y y\",  #  8",
    );
    let board = parse_board(&text, "variant board").expect("the changed board loads");
    let mut pieces = castellan_chateau::game::Pieces::default();
    pieces.put(RED, sq("C8"), false);
    pieces.put(RED, sq("E8"), false);
    let mut state = castellan_chateau::game::State::new(pieces, RED, 1, 6, rules());
    assert!(state.pick(sq("C8")));
    assert_eq!(state.unit_kind(&board, sq("E8")), None, "no jump from C8");
    state.unpick();
    assert!(state.pick(sq("E8")));
    assert_eq!(state.unit_kind(&board, sq("C8")), None, "no jump onto C8");
}

#[test]
fn a_soldier_jumps_a_wall_square_onto_a_free_white_square() {
    let state = state(&[("E9", 'r'), ("F8", 'r'), ("B5", 'r')], RED, 6, rules());
    assert!(first_units(&state, "E9").contains(&("E7".to_owned(), WallJump)));
    assert!(first_units(&state, "B5").contains(&("D5".to_owned(), WallJump)));
    // Never onto a black square: F8 over E8 would land on the wall D8.
    assert!(!first_units(&state, "F8").iter().any(|(s, _)| s == "D8"));
}

#[test]
fn diagonals_lead_from_and_onto_towers() {
    let state = state(&[("D7", 'r'), ("C6", 'r'), ("A5", 'r')], RED, 6, rules());
    let units = first_units(&state, "D7");
    let from_tower: Vec<(&str, UnitKind)> = kinds(&units)
        .into_iter()
        .filter(|(_, k)| *k == TowerDiagonal)
        .collect();
    assert_eq!(
        from_tower,
        [
            ("C8", TowerDiagonal),
            ("E6", TowerDiagonal),
            ("E8", TowerDiagonal)
        ]
    );
    let state = self::state(&[("C6", 'r'), ("A5", 'r')], RED, 6, rules());
    assert!(first_units(&state, "C6").contains(&("D7".to_owned(), TowerDiagonal)));
    // A soldier between plain squares has no diagonal.
    assert!(
        first_units(&state, "A5")
            .iter()
            .all(|(_, k)| *k != TowerDiagonal)
    );
}

#[test]
fn white_squares_touching_between_two_towers_are_joined_diagonally() {
    let state = state(
        &[("D6", 'r'), ("D5", 'r'), ("F7", 'r'), ("C7", 'r')],
        RED,
        6,
        rules(),
    );
    assert!(first_units(&state, "D6").contains(&("E7".to_owned(), GateDiagonal)));
    assert!(first_units(&state, "D5").contains(&("E4".to_owned(), GateDiagonal)));
    assert!(first_units(&state, "F7").contains(&("G6".to_owned(), GateDiagonal)));
    assert!(
        first_units(&state, "C7")
            .iter()
            .all(|(_, k)| *k != GateDiagonal)
    );
}

#[test]
fn a_tower_launches_only_the_twin_jump_and_never_in_reverse() {
    let state = state(
        &[
            ("E6", 'r'),
            ("F5", 'r'),
            ("E4", 'r'),
            ("D4", 'r'),
            ("E5", 'b'),
        ],
        RED,
        6,
        rules(),
    );
    // Not onto the occupied E4.
    assert!(!first_units(&state, "E6").contains(&("E4".to_owned(), TwinJump)));
    // Over the occupied twin E5.
    let state2 = self::state(&[("E6", 'r'), ("F5", 'r'), ("E5", 'b')], RED, 6, rules());
    assert!(first_units(&state2, "E6").contains(&("E4".to_owned(), TwinJump)));
    assert!(first_units(&state2, "F5").contains(&("D5".to_owned(), TwinJump)));
    // White E4 over E5 onto the tower E6: forbidden.
    let units = first_units(&state, "E4");
    assert!(!units.iter().any(|(s, _)| s == "E6"));
    // The lone tower D4 launches no jump.
    assert!(first_units(&state, "D4").iter().all(|(_, k)| !k.is_jump()));
}

#[test]
fn a_soldier_crosses_the_board_edge_to_edge_in_six_units() {
    let path = ["E10", "E9", "E7", "E6", "E4", "E2", "E1"];
    let state = state(&[("E10", 'r')], RED, 6, rules());
    assert!(path_allowed(&state, &path));
    let mut game = game(
        &[("E10", 'r'), ("A5", 'b')],
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "",
    );
    let events = play_path(&mut game, &path);
    let kinds: Vec<UnitKind> = events
        .iter()
        .filter_map(|e| match e {
            Event::Moved { kind, .. } => Some(*kind),
            _ => None,
        })
        .collect();
    assert_eq!(kinds, [Step, WallJump, Step, TwinJump, WallJump, Step]);
    assert_eq!(game.state().left(), 0);
}

#[test]
fn a_tower_may_be_passed_twice_but_no_edge_twice() {
    // Illustration K: C10–C9–C8–D7–E6–D6–D7, six units.
    let state = state(&[("C10", 'r')], RED, 6, rules());
    assert!(path_allowed(
        &state,
        &["C10", "C9", "C8", "D7", "E6", "D6", "D7"]
    ));
    // Back and forth over one edge, even between towers.
    let state = self::state(&[("D7", 'r')], RED, 6, rules());
    assert!(!path_allowed(&state, &["D7", "E6", "D7"]));
}

#[test]
fn a_piece_never_reenters_a_square_but_a_tower() {
    let state = state(&[("D5", 'r')], RED, 6, rules());
    assert!(!path_allowed(&state, &["D5", "D6", "C6", "C5", "D5"]));
    // A jumped square was not stood on: E9 jumps E8, then may step back onto it.
    let state = self::state(&[("E9", 'r')], RED, 6, rules());
    assert!(path_allowed(&state, &["E9", "E7", "E8"]));
}

#[test]
fn each_piece_has_its_own_trail_unless_the_option_shares_it() {
    let pieces = [("D5", 'r'), ("D3", 'r')];
    for (revisits, allowed) in [(Revisits::PerPiece, true), (Revisits::PerPlayer, false)] {
        let variant = Variant {
            revisits,
            ..Variant::default()
        };
        let rules = variant.turn_rules();
        let board = board();
        let mut state = state(&pieces, RED, 6, rules);
        assert!(state.pick(sq("D5")));
        state.apply_unit(sq("D6"));
        state.release();
        assert!(state.pick(sq("D3")));
        // D3 to D4 then D5, where the first piece stood before it left.
        state.apply_unit(sq("D4"));
        assert_eq!(
            state.unit_kind(&board, sq("D5")).is_some(),
            allowed,
            "{revisits:?}"
        );
    }
}

#[test]
fn the_captain_moves_diagonally_anywhere_and_jumps_towers_diagonally() {
    let state = state(&[("B5", 'R'), ("A5", 'b'), ("B6", 'b')], RED, 6, rules());
    let units = first_units(&state, "B5");
    // Diagonal steps onto plain squares, even between two occupied squares.
    for corner in ["A4", "A6", "C4", "C6"] {
        assert!(
            units.contains(&(corner.to_owned(), CaptainDiagonal)),
            "{corner}"
        );
    }
    let state = self::state(&[("E4", 'R'), ("F5", 'b')], RED, 6, rules());
    assert!(first_units(&state, "E4").contains(&("G6".to_owned(), CaptainJump)));
    // Soldiers have neither.
    let state = self::state(&[("B5", 'r')], RED, 6, rules());
    assert!(
        first_units(&state, "B5")
            .iter()
            .all(|(_, k)| *k != CaptainDiagonal)
    );
}

#[test]
fn the_captains_diagonal_jump_starts_and_lands_on_any_kind_of_square() {
    // From a coloured square over a tower onto a tower, and from a tower onto a
    // coloured square.
    let state = state(&[("C3", 'R')], RED, 6, rules());
    assert!(first_units(&state, "C3").contains(&("E5".to_owned(), CaptainJump)));
    let state = self::state(&[("E6", 'R')], RED, 6, rules());
    assert!(first_units(&state, "E6").contains(&("C8".to_owned(), CaptainJump)));
}

#[test]
fn every_unit_must_be_spent() {
    let mut game = game(
        &[("D5", 'r'), ("A5", 'b')],
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "",
    );
    let red = seat(&game);
    game.apply(red, Action::Pick { square: sq("D5") }).unwrap();
    game.apply(red, Action::Unit { to: sq("D6") }).unwrap();
    let before = game.clone();
    let refused = game
        .apply(seat(&game), Action::EndTurn { captures: vec![] })
        .unwrap_err();
    assert_eq!(refused, RuleError::UnitsLeft { left: 5 });
    assert_eq!(refused.code(), "units_left");
    assert_eq!(game, before);
}

#[test]
fn units_that_leave_the_turn_unfinishable_are_refused() {
    // Red's only piece, on A4: A3 is a dead end (A2 and B3 are blue), A5 is open.
    let mut game = game(
        &[("A4", 'r'), ("B4", 'b'), ("A2", 'b'), ("B3", 'b')],
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "",
    );
    let seat = seat(&game);
    game.apply(seat, Action::Pick { square: sq("A4") }).unwrap();
    let offered: Vec<String> = game
        .legal()
        .units
        .iter()
        .map(|u| u.to.to_string())
        .collect();
    assert!(offered.contains(&"A5".to_owned()));
    assert!(!offered.contains(&"A3".to_owned()));
    let before = game.clone();
    let refused = game.apply(seat, Action::Unit { to: sq("A3") }).unwrap_err();
    assert_eq!(refused.code(), "cannot_finish_turn");
    assert_eq!(game, before);
}

#[test]
fn up_to_six_lets_a_turn_end_after_one_unit() {
    let variant = Variant {
        units: UnitRule::UpTo,
        ..Variant::default()
    };
    let mut game = game(
        &[("D5", 'r'), ("A5", 'b')],
        "red",
        Table::single_armies(&[RED, BLUE]),
        variant,
        "",
    );
    play_path(&mut game, &["D5", "D6"]);
    assert!(game.legal().can_end_turn);
    end_turn(&mut game, &[]);
    assert_eq!(game.mover(), BLUE);
}

// --- Capture (rulings 12–15) ---

#[test]
fn an_enemy_between_two_pieces_on_a_line_is_framed() {
    let board = board();
    let sides = Sides::new(&board, &Table::four_alone());
    let st = |pieces: &[(&str, char)]| state(pieces, RED, 6, rules());
    let framed = |pieces: &[(&str, char)], diagonals: bool| {
        let s = st(pieces);
        castellan_chateau::square_names(capturable(s.pieces(), RED, 1, &sides, &[], diagonals))
    };
    assert_eq!(
        framed(&[("D5", 'r'), ("E5", 'b'), ("F5", 'r')], false),
        ["E5"]
    );
    assert_eq!(
        framed(&[("E4", 'r'), ("E5", 'B'), ("E6", 'r')], false),
        ["E5"]
    );
    // A line of two enemies is not taken.
    assert!(framed(&[("C5", 'r'), ("D5", 'b'), ("E5", 'b'), ("F5", 'r')], false).is_empty());
    // Diagonals only with the option.
    let diagonal = [("D4", 'r'), ("E5", 'b'), ("F6", 'r')];
    assert!(framed(&diagonal, false).is_empty());
    assert_eq!(framed(&diagonal, true), ["E5"]);
}

/// Red soldiers on D2 and G2, a blue soldier on E2, spare pieces far apart.
fn frame_game() -> castellan_chateau::game::Game {
    game(
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
    )
}

#[test]
fn captures_are_chosen_at_the_end_of_the_turn_and_optional() {
    let mut game = frame_game();
    play_path(&mut game, &["G1", "F1", "F2"]);
    spend_with(&mut game, "A6");
    assert_eq!(names(game.legal().captures), ["E2"]);
    let mut taken = game.clone();
    // Optional: ending without taking leaves E2 there.
    end_turn(&mut game, &[]);
    assert_eq!(game.state().pieces().army_at(sq("E2")), Some(BLUE));
    let events = end_turn(&mut taken, &["E2"]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Captured { square, piece: PieceKind::Soldier, points: 1, .. } if *square == sq("E2")
    )));
    assert_eq!(taken.state().pieces().army_at(sq("E2")), None);
}

#[test]
fn a_frame_formed_and_broken_during_the_turn_does_not_count() {
    let mut game = frame_game();
    play_path(&mut game, &["G1", "F1", "F2", "F3"]);
    spend_with(&mut game, "A6");
    assert!(game.legal().captures.is_empty());
    let refused = game
        .apply(
            seat(&game),
            Action::EndTurn {
                captures: vec![sq("E2")],
            },
        )
        .unwrap_err();
    assert_eq!(refused.code(), "not_capturable");
}

#[test]
fn a_frame_that_stood_before_the_turn_counts() {
    let mut game = game(
        &[
            ("D2", 'r'),
            ("F2", 'r'),
            ("A6", 'r'),
            ("E2", 'b'),
            ("J6", 'b'),
        ],
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "",
    );
    spend_with(&mut game, "A6");
    assert_eq!(names(game.legal().captures), ["E2"]);
}

#[test]
fn a_piece_that_moved_between_two_enemies_is_safe_until_they_have_played() {
    let mut game = game(
        &[
            ("D2", 'r'),
            ("F2", 'r'),
            ("A6", 'r'),
            ("E4", 'b'),
            ("J6", 'b'),
        ],
        "blue",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "",
    );
    // Blue steps between the two red soldiers, on E2.
    play_path(&mut game, &["E4", "F4", "F3", "E3", "E2"]);
    let blue_spare = spend_with(&mut game, "J6");
    end_turn(&mut game, &[]);
    assert_eq!(game.mover(), RED);
    let red_spare = spend_with(&mut game, "A6");
    assert!(game.legal().captures.is_empty(), "safe at Red's next turn");
    let refused = game
        .apply(
            seat(&game),
            Action::EndTurn {
                captures: vec![sq("E2")],
            },
        )
        .unwrap_err();
    assert_eq!(refused.code(), "not_capturable");
    end_turn(&mut game, &[]);
    spend_with(&mut game, &blue_spare);
    end_turn(&mut game, &[]);
    // Red has played since: the frame that stands now counts.
    spend_with(&mut game, &red_spare);
    assert_eq!(names(game.legal().captures), ["E2"]);
}

#[test]
fn a_partners_piece_frames_with_the_movers() {
    let mut game = game(
        &[
            ("D2", 'y'),
            ("G1", 'r'),
            ("A6", 'r'),
            ("E2", 'b'),
            ("J6", 'b'),
            ("J9", 'y'),
        ],
        "red",
        Table::four_in_teams(),
        Variant::default(),
        "",
    );
    play_path(&mut game, &["G1", "F1", "F2"]);
    spend_with(&mut game, "A6");
    assert_eq!(names(game.legal().captures), ["E2"]);
}

#[test]
fn partners_pieces_are_never_moved() {
    let mut game = game(
        &[("A6", 'r'), ("D2", 'y'), ("J6", 'b')],
        "red",
        Table::four_in_teams(),
        Variant::default(),
        "",
    );
    let refused = game
        .apply(seat(&game), Action::Pick { square: sq("D2") })
        .unwrap_err();
    assert_eq!(refused.code(), "not_pickable");
}

#[test]
fn captured_pieces_come_back_at_the_next_partie() {
    // Blue's last piece is framed: taking it ends the partie.
    let mut game = game(
        &[("D2", 'r'), ("F2", 'r'), ("A6", 'r'), ("E2", 'b')],
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "",
    );
    spend_with(&mut game, "A6");
    let events = end_turn(&mut game, &["E2"]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::PartieEnded { partie: 1, .. }))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::PartieBegan { partie: 2, .. }))
    );
    assert_eq!(game.partie(), 2);
    assert_eq!(game.state().pieces().count(BLUE), 9);
    assert_eq!(game.state().pieces().count(RED), 9);
    // Scores kept: 1 for the soldier, 2 for the whole army.
    assert_eq!(game.scores(), [3, 0]);
}

// --- Scoring (rulings 16–22) ---

#[test]
fn a_captain_is_worth_three_and_its_army_owes_three() {
    let mut game = game(
        &[
            ("D2", 'r'),
            ("F2", 'r'),
            ("A6", 'r'),
            ("E2", 'B'),
            ("J6", 'b'),
        ],
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "",
    );
    spend_with(&mut game, "A6");
    let events = end_turn(&mut game, &["E2"]);
    assert_eq!(points(&events), [(0, 3), (1, -3)]);
    let blue = &game.view().sides[1];
    assert_eq!((blue.score, blue.shown, blue.debt), (-3, 0, 3));
}

/// Red (to play) with a soldier in Blue's territory held a full round.
fn occupation_game(pieces: &[(&str, char)], occupation: &str) -> castellan_chateau::game::Game {
    let mut all = pieces.to_vec();
    all.push(("J6", 'b'));
    game(
        &all,
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        occupation,
    )
}

fn occupation_events(events: &[Event]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Occupation {
                territory, points, ..
            } => Some(format!("{} +{points}", territory.0)),
            Event::OccupationOutOfOrder { territory, .. } => {
                Some(format!("{} out of order", territory.0))
            }
            Event::Simultanee { points, .. } => Some(format!("simultanée +{points}")),
            _ => None,
        })
        .collect()
}

#[test]
fn leaving_a_held_territory_in_table_order_scores_one() {
    let mut game = occupation_game(&[("C8", 'r')], "[occupation.red]\nheld = [\"blue\"]\n");
    play_path(&mut game, &["C8", "D8", "D9", "D10", "E10", "E9", "F9"]);
    let events = end_turn(&mut game, &[]);
    assert_eq!(occupation_events(&events), ["1 +1"]);
    assert_eq!(game.scores()[0], 1);
    assert_eq!(game.occupation()[0].next, 1, "Yellow's territory is next");
}

#[test]
fn a_second_exit_the_same_turn_scores_nothing() {
    let mut game = occupation_game(
        &[("C8", 'r'), ("C9", 'r')],
        "[occupation.red]\nheld = [\"blue\"]\n",
    );
    play_path(&mut game, &["C8", "D8", "E8"]);
    play_path(&mut game, &["C9", "D9", "D10", "E10", "F10"]);
    let events = end_turn(&mut game, &[]);
    assert_eq!(occupation_events(&events), ["1 +1"]);
}

#[test]
fn an_exit_out_of_the_tables_order_scores_nothing() {
    let mut game = occupation_game(&[("H8", 'r')], "[occupation.red]\nheld = [\"yellow\"]\n");
    play_path(&mut game, &["H8", "G8", "G9", "G10", "F10", "F9", "E9"]);
    let events = end_turn(&mut game, &[]);
    assert_eq!(occupation_events(&events), ["2 out of order"]);
    assert_eq!(game.scores()[0], 0);
}

#[test]
fn a_territory_scores_only_after_a_full_round() {
    let mut game = occupation_game(&[("D8", 'r'), ("A5", 'r')], "");
    // In and out the same turn: not held.
    play_path(&mut game, &["D8", "C8", "C9", "D9", "D10", "E10", "F10"]);
    assert!(occupation_events(&end_turn(&mut game, &[])).is_empty());
    // Blue plays; Red enters, stays a round, then leaves.
    let blue = spend_with(&mut game, "J6");
    end_turn(&mut game, &[]);
    play_path(&mut game, &["A5", "A6", "A7", "A8", "B8", "B9", "B10"]);
    end_turn(&mut game, &[]);
    assert_eq!(
        game.occupation()[0].held,
        BLUE.bit(),
        "{:?}",
        game.occupation()
    );
    spend_with(&mut game, &blue);
    end_turn(&mut game, &[]);
    play_path(&mut game, &["B10", "C10", "D10", "D9", "E9", "F9", "G9"]);
    assert_eq!(occupation_events(&end_turn(&mut game, &[])), ["1 +1"]);
}

#[test]
fn leaving_ones_own_territory_last_scores_two() {
    let mut game = occupation_game(
        &[("C3", 'r')],
        "[occupation.red]\nheld = [\"red\"]\nnext = \"red\"\n",
    );
    play_path(&mut game, &["C3", "D3", "D2", "E2", "E1", "F1", "F2"]);
    let events = end_turn(&mut game, &[]);
    assert_eq!(occupation_events(&events), ["0 +2"]);
    assert_eq!(game.occupation()[0].next, 0, "the cycle starts again");
}

#[test]
fn starting_in_ones_own_corner_counts_as_holding_it() {
    let game =
        castellan_chateau::game::Game::new(board(), Variant::default(), Table::four_in_teams(), 5)
            .unwrap();
    for army in game.view().armies {
        assert_eq!(army.held, [army.army], "{}", army.id);
        assert_eq!(army.table_next, 0);
    }
}

#[test]
fn pieces_captured_break_the_occupation() {
    // Red holds Blue's territory with one soldier, which Blue frames and takes.
    let mut game = game(
        &[
            ("C9", 'r'),
            ("A5", 'r'),
            ("C10", 'b'),
            ("D8", 'b'),
            ("J6", 'b'),
        ],
        "blue",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "[occupation.red]\nheld = [\"blue\"]\n",
    );
    assert_eq!(game.occupation()[0].held, BLUE.bit());
    play_path(&mut game, &["D8", "C8"]);
    spend_with(&mut game, "J6");
    end_turn(&mut game, &["C9"]);
    assert_eq!(game.occupation()[0].held, 0);
}

#[test]
fn leaving_all_four_territories_in_order_in_one_turn_is_a_simultanee() {
    let held =
        "[occupation.red]\nheld = [\"blue\", \"yellow\", \"green\", \"red\"]\nnext = \"green\"\n";
    let mut game = occupation_game(&[("C8", 'r'), ("H8", 'r'), ("H3", 'r'), ("C3", 'r')], held);
    play_path(&mut game, &["C8", "D8"]);
    play_path(&mut game, &["H8", "G8"]);
    play_path(&mut game, &["H3", "G3"]);
    play_path(&mut game, &["C3", "D3", "D2", "E2"]);
    let events = end_turn(&mut game, &[]);
    assert_eq!(occupation_events(&events), ["simultanée +7"]);
    assert_eq!(game.scores()[0], 7);
    assert_eq!(game.occupation()[0].next, 0);
}

#[test]
fn an_army_that_cannot_complete_its_units_is_captured_whole() {
    // Blue's only piece, on A10, is boxed in once Red reaches B10.
    let mut game = game(
        &[("A9", 'r'), ("D10", 'r'), ("F5", 'r'), ("A10", 'b')],
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "",
    );
    play_path(&mut game, &["D10", "C10", "B10"]);
    spend_with(&mut game, "F5");
    let events = end_turn(&mut game, &[]);
    let chateau = events
        .iter()
        .find_map(|e| match e {
            Event::Chateau { army, points, .. } => Some((*army, *points)),
            _ => None,
        })
        .expect("a Château");
    assert_eq!(chateau, (BLUE, 1 + 5));
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ArmyTaken { army, points: 2, .. } if *army == BLUE))
    );
    assert_eq!(game.scores()[0], 8);
}

#[test]
fn an_army_blocked_by_its_own_side_only_is_removed_without_points() {
    // Blue's soldier on A10 is boxed in by its partner Green's soldiers.
    let mut game = game(
        &[
            ("A9", 'g'),
            ("B10", 'g'),
            ("J6", 'g'),
            ("A10", 'b'),
            ("F5", 'r'),
        ],
        "red",
        Table::four_in_teams(),
        Variant::default(),
        "",
    );
    spend_with(&mut game, "F5");
    let events = end_turn(&mut game, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Stranded { army, .. } if *army == BLUE))
    );
    assert!(!events.iter().any(|e| matches!(e, Event::Chateau { .. })));
    assert!(points(&events).is_empty());
}

#[test]
fn two_opposing_armies_blocked_at_once_are_a_chateau_noir() {
    let mut game = game(
        &[
            ("A9", 'r'),
            ("B10", 'r'),
            ("I1", 'r'),
            ("J4", 'r'),
            ("F5", 'r'),
            ("A10", 'b'),
            ("J1", 'g'),
        ],
        "red",
        Table::four_in_teams(),
        Variant::default(),
        "",
    );
    play_path(&mut game, &["J4", "J3", "J2"]);
    spend_with(&mut game, "F5");
    let events = end_turn(&mut game, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ChateauNoir { .. }))
    );
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Won {
            side: game.sides().side_of(RED),
            reason: EndReason::ChateauNoir
        })
    );
}

#[test]
fn taking_every_piece_of_an_army_adds_two() {
    let mut game = game(
        &[
            ("D2", 'r'),
            ("F2", 'r'),
            ("A6", 'r'),
            ("E2", 'b'),
            ("J6", 'g'),
        ],
        "red",
        Table::four_alone(),
        Variant::default(),
        "",
    );
    spend_with(&mut game, "A6");
    let events = end_turn(&mut game, &["E2"]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ArmyTaken { army, points: 2, .. } if *army == BLUE))
    );
    assert_eq!(game.scores()[0], 3);
}

#[test]
fn a_group_besieged_three_turns_is_taken_at_the_fourth() {
    let mut game = game(
        &[
            ("A1", 'r'),
            ("F5", 'r'),
            ("A2", 'b'),
            ("B1", 'b'),
            ("J6", 'b'),
        ],
        "blue",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "[[siege]]\narmy = \"red\"\nsquares = [\"A1\"]\nturns = 2\n",
    );
    spend_with(&mut game, "J6");
    let events = end_turn(&mut game, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Besieged { turns: 3, .. }))
    );
    assert_eq!(game.state().pieces().army_at(sq("A1")), Some(RED));
    spend_with(&mut game, "F5");
    end_turn(&mut game, &[]);
    let spare = game.state().pieces().of(BLUE) & !(sq("A2").bit() | sq("B1").bit());
    let spare = castellan_chateau::squares_of(spare)
        .next()
        .unwrap()
        .to_string();
    spend_with(&mut game, &spare);
    let events = end_turn(&mut game, &[]);
    let taken = events.iter().any(|e| {
        matches!(e, Event::Captured { square, siege: true, by, .. } if *square == sq("A1") && *by == BLUE)
    });
    assert!(taken, "{events:?}");
}

// --- Players, teams, the match (rulings 23–26) ---

#[test]
fn two_players_each_command_a_teams_two_armies() {
    let board = board();
    let game = castellan_chateau::game::Game::new(
        board.clone(),
        Variant::default(),
        Table::two_players(&board),
        3,
    )
    .unwrap();
    let view = game.view();
    assert_eq!(view.sides.len(), 2);
    assert_eq!(view.armies[0].seat, view.armies[2].seat);
    assert_eq!(view.armies[1].seat, view.armies[3].seat);
    let three = Table::three_players(&board);
    assert_eq!(three.seats.len(), 3);
    assert_eq!(three.seats[0].len(), 2);
}

#[test]
fn single_armies_leave_the_other_corners_empty() {
    let game = castellan_chateau::game::Game::new(
        board(),
        Variant::default(),
        Table::single_armies(&[RED, YELLOW]),
        3,
    )
    .unwrap();
    assert_eq!(game.state().pieces().count(BLUE), 0);
    assert_eq!(game.state().pieces().count(GREEN), 0);
    assert_eq!(game.sides().count(), 2);
}

/// Yellow (to play) has only its captain, next to a red soldier.
fn alliance_game() -> castellan_chateau::game::Game {
    game(
        &[
            ("F9", 'Y'),
            ("E9", 'r'),
            ("A5", 'r'),
            ("J5", 'b'),
            ("J1", 'g'),
        ],
        "yellow",
        Table::four_in_teams(),
        Variant::default(),
        "",
    )
}

#[test]
fn an_army_reduced_to_its_captain_may_give_its_turns_to_its_partner() {
    let mut game = alliance_game();
    assert!(game.legal().can_declare_alliance);
    let events = game.apply(seat(&game), Action::DeclareAlliance {}).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::AllianceDeclared { giver, receiver } if *giver == YELLOW && *receiver == RED)));
    // Green plays next; then Red, with twelve units over both armies; Yellow is skipped.
    assert_eq!(game.mover(), GREEN);
    pass_turn(&mut game);
    assert_eq!(game.mover(), RED);
    assert_eq!(game.state().factor(), 12);
    assert_eq!(game.state().controlled(), RED.bit() | YELLOW.bit());
    pass_turn(&mut game);
    assert_eq!(game.mover(), BLUE);
}

#[test]
fn an_alliance_needs_its_conditions() {
    // Three seats or more, in teams: not for two players.
    let board = board();
    let mut two = game(
        &[("F9", 'Y'), ("E9", 'r'), ("J5", 'b'), ("J1", 'g')],
        "yellow",
        Table::two_players(&board),
        Variant::default(),
        "",
    );
    assert!(!two.legal().can_declare_alliance);
    let refused = two
        .apply(seat(&two), Action::DeclareAlliance {})
        .unwrap_err();
    assert_eq!(refused.code(), "no_alliance");
    // More than the captain and one soldier.
    let crowded = game(
        &[
            ("F9", 'Y'),
            ("G9", 'y'),
            ("G10", 'y'),
            ("E9", 'r'),
            ("J5", 'b'),
            ("J1", 'g'),
        ],
        "yellow",
        Table::four_in_teams(),
        Variant::default(),
        "",
    );
    assert!(!crowded.legal().can_declare_alliance);
    // The captain away from any partner's soldier.
    let alone = game(
        &[("F9", 'Y'), ("A5", 'r'), ("J5", 'b'), ("J1", 'g')],
        "yellow",
        Table::four_in_teams(),
        Variant::default(),
        "",
    );
    assert!(!alone.legal().can_declare_alliance);
    // After moving.
    let mut moved = alliance_game();
    let yellow = seat(&moved);
    moved
        .apply(yellow, Action::Pick { square: sq("F9") })
        .unwrap();
    moved.apply(yellow, Action::Unit { to: sq("G9") }).unwrap();
    let refused = moved
        .apply(seat(&moved), Action::DeclareAlliance {})
        .unwrap_err();
    assert_eq!(refused.code(), "alliance_after_moving");
}

#[test]
fn an_alliance_ends_when_its_captain_is_captured() {
    // Yellow gave its turns to Red; Green frames Yellow's captain with Blue's help.
    let mut game = game(
        &[
            ("F9", 'Y'),
            ("A5", 'r'),
            ("E9", 'b'),
            ("J5", 'b'),
            ("G8", 'g'),
            ("J1", 'g'),
        ],
        "green",
        Table::four_in_teams(),
        Variant::default(),
        "[[alliance]]\ngiver = \"yellow\"\nreceiver = \"red\"\n",
    );
    play_path(&mut game, &["G8", "G9"]);
    spend_with(&mut game, "J1");
    assert_eq!(names(game.legal().captures), ["F9"]);
    let events = end_turn(&mut game, &["F9"]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::AllianceEnded { giver, receiver } if *giver == YELLOW && *receiver == RED
    )));
    assert!(game.alliances().is_empty());
    assert_eq!(game.mover(), RED);
    assert_eq!(game.state().factor(), 6);
}

#[test]
fn twenty_seven_points_win_the_match() {
    let mut game = game(
        &[
            ("D2", 'r'),
            ("F2", 'r'),
            ("A6", 'r'),
            ("E2", 'b'),
            ("J6", 'b'),
        ],
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "[scores]\nred = 26\n",
    );
    spend_with(&mut game, "A6");
    let events = end_turn(&mut game, &["E2"]);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::MatchWon {
            reason: EndReason::Points,
            ..
        }
    )));
    assert!(game.is_over());
    assert_eq!(game.pending_seat(), None);
}

#[test]
fn a_single_partie_is_won_by_the_highest_score() {
    let variant = Variant {
        single_partie: true,
        ..Variant::default()
    };
    let mut game = game(
        &[("D2", 'r'), ("F2", 'r'), ("A6", 'r'), ("E2", 'b')],
        "red",
        Table::single_armies(&[RED, BLUE]),
        variant,
        "[scores]\nblue = 5\n",
    );
    spend_with(&mut game, "A6");
    let events = end_turn(&mut game, &["E2"]);
    assert!(events.iter().any(|e| matches!(e, Event::MatchWon { reason: EndReason::HighestScore, side, .. } if side.0 == 1)));
}

#[test]
fn a_draw_needs_every_other_seat() {
    let mut game =
        castellan_chateau::game::Game::new(board(), Variant::default(), Table::four_in_teams(), 2)
            .unwrap();
    let offerer = game.pending_seat().unwrap();
    let seats = game.table().seats.len() as u8;
    let next = |k: u8| castellan_chateau::game::Seat((offerer.0 + k) % seats);
    // Only the seat to play offers.
    let refused = game.apply(next(1), Action::OfferDraw {}).unwrap_err();
    assert_eq!(refused.code(), "not_your_decision");
    game.apply(offerer, Action::OfferDraw {}).unwrap();
    assert_eq!(game.pending_seat(), Some(next(1)));
    // Nothing else until the answers.
    let refused = game.apply(offerer, Action::Release {}).unwrap_err();
    assert_eq!(refused.code(), "draw_answer_awaited");
    game.apply(next(1), Action::AnswerDraw { accept: true })
        .unwrap();
    let events = game
        .apply(next(2), Action::AnswerDraw { accept: false })
        .unwrap();
    assert_eq!(events, [Event::DrawDeclined { seat: next(2) }]);
    assert!(!game.is_over());
    // Once a turn.
    let again = game.apply(offerer, Action::OfferDraw {}).unwrap_err();
    assert_eq!(again.code(), "draw_already_offered");
    // The next turn, all agree.
    pass_turn(&mut game);
    let offerer = game.pending_seat().unwrap();
    game.apply(offerer, Action::OfferDraw {}).unwrap();
    for k in 1..seats {
        let seat = castellan_chateau::game::Seat((offerer.0 + k) % seats);
        game.apply(seat, Action::AnswerDraw { accept: true })
            .unwrap();
    }
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Drawn {
            reason: EndReason::Agreement
        })
    );
}

#[test]
fn the_clock_costs_a_point_an_overrun_when_it_is_on() {
    let mut plain = frame_game();
    let refused = plain
        .apply(seat(&plain), Action::ClockOverrun {})
        .unwrap_err();
    assert_eq!(refused.code(), "no_clock");
    let variant = Variant {
        clock_minutes: Some(3),
        ..Variant::default()
    };
    let mut game = game(
        &[("A6", 'r'), ("J6", 'b')],
        "red",
        Table::single_armies(&[RED, BLUE]),
        variant,
        "",
    );
    let events = game.apply(seat(&game), Action::ClockOverrun {}).unwrap();
    assert_eq!(points(&events), [(0, -1)]);
    let again = game
        .apply(seat(&game), Action::ClockOverrun {})
        .unwrap_err();
    assert_eq!(again.code(), "overrun_counted");
}

// --- Castellan's own rulings (27 on) ---

#[test]
fn the_reconstructed_board_is_the_shared_readings() {
    let board = board();
    let reading = "     A B C D E F G H I J
  10 b b b . . . . y y y
   9 b b b . . . . y y y
   8 b b b # # # . y y y
   7 . . . X . . X # . .
   6 . . # . X X . # . .
   5 . . # . X X . # . .
   4 . . # X . . X . . .
   3 r r r . # # # g g g
   2 r r r . . . . g g g
   1 r r r . . . . g g g
";
    assert_eq!(board.diagram(), reading);
    let count = |kind: castellan_chateau::board::SquareKind| {
        castellan_chateau::Square::all()
            .filter(|&s| board.kind(s) == kind)
            .count()
    };
    use castellan_chateau::board::SquareKind as K;
    assert_eq!(
        (count(K::Tower), count(K::Black), count(K::White)),
        (8, 12, 44)
    );
    let checked =
        castellan_chateau::board::check_board(Board::reconstructed_text(), "b.toml").unwrap();
    assert!(checked.warnings.is_empty(), "{:?}", checked.warnings);
    assert!(board.meta.reconstruction.is_some());
    let captains: Vec<String> = board
        .armies()
        .iter()
        .map(|a| a.captain.to_string())
        .collect();
    assert_eq!(captains, ["B2", "B9", "I9", "I2"]);
    let teams: Vec<&str> = board.teams().iter().map(|t| t.id.as_str()).collect();
    assert_eq!(teams, ["red-yellow", "green-blue"]);
}

#[test]
fn a_piece_put_back_before_moving_is_not_played() {
    let mut game = frame_game();
    let red = seat(&game);
    game.apply(red, Action::Pick { square: sq("G1") }).unwrap();
    // Picking another piece puts the first back.
    game.apply(red, Action::Pick { square: sq("A6") }).unwrap();
    let events = game.apply(red, Action::Release {}).unwrap();
    assert_eq!(
        events,
        [Event::Released {
            square: sq("A6"),
            units: 0
        }]
    );
    assert_eq!(game.state().played(), 0);
    assert_eq!(names(game.legal().pickable), ["A6", "D2", "G1"]);
}

#[test]
fn an_army_that_cannot_move_when_its_turn_begins_is_removed_without_points() {
    // Yellow gave its turns to Red, so Green plays after its partner Blue, whose
    // move boxes Green's only soldier in.
    let mut game = game(
        &[
            ("F9", 'Y'),
            ("E9", 'r'),
            ("I1", 'r'),
            ("J4", 'b'),
            ("A5", 'b'),
            ("J1", 'g'),
        ],
        "blue",
        Table::four_in_teams(),
        Variant::default(),
        "[[alliance]]\ngiver = \"yellow\"\nreceiver = \"red\"\n",
    );
    play_path(&mut game, &["J4", "J3", "J2"]);
    spend_with(&mut game, "A5");
    let events = end_turn(&mut game, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Stranded { army, .. } if *army == GREEN))
    );
    assert!(points(&events).is_empty());
    assert_eq!(game.mover(), RED);
}

#[test]
fn a_stranded_army_does_not_make_a_chateau_noir() {
    // After Red's turn Blue is boxed in by Red (a Château) and Green only by Blue.
    let mut game = game(
        &[
            ("H1", 'r'),
            ("I2", 'r'),
            ("J3", 'r'),
            ("F5", 'r'),
            ("I1", 'b'),
            ("J2", 'b'),
            ("J1", 'g'),
        ],
        "red",
        Table::four_in_teams(),
        Variant::default(),
        "",
    );
    spend_with(&mut game, "F5");
    let events = end_turn(&mut game, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Chateau { army, .. } if *army == BLUE))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Stranded { army, .. } if *army == GREEN))
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::ChateauNoir { .. }))
    );
}

#[test]
fn a_blocked_alliance_counts_as_two_armies() {
    let mut game = game(
        &[
            ("A9", 'r'),
            ("B10", 'r'),
            ("I1", 'r'),
            ("B9", 'r'),
            ("J4", 'r'),
            ("F5", 'r'),
            ("A10", 'B'),
            ("J1", 'g'),
        ],
        "red",
        Table::four_in_teams(),
        Variant::default(),
        "[[alliance]]\ngiver = \"blue\"\nreceiver = \"green\"\n",
    );
    play_path(&mut game, &["J4", "J3", "J2"]);
    spend_with(&mut game, "F5");
    let events = end_turn(&mut game, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::ChateauNoir { .. }))
    );
    assert!(game.is_over());
}

#[test]
fn a_chateau_takes_the_captain_with_its_debt() {
    let mut game = game(
        &[
            ("A9", 'r'),
            ("B9", 'r'),
            ("D10", 'r'),
            ("F5", 'r'),
            ("A10", 'B'),
        ],
        "red",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "",
    );
    play_path(&mut game, &["D10", "C10", "B10"]);
    spend_with(&mut game, "F5");
    let events = end_turn(&mut game, &[]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Chateau { points: 8, .. }))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::CaptainLost { points: -3, .. }))
    );
    assert_eq!(points(&events), [(0, 10), (1, -3)]);
}

#[test]
fn a_team_keeps_one_score() {
    let mut game = game(
        &[
            ("D2", 'y'),
            ("F2", 'y'),
            ("A6", 'y'),
            ("E2", 'b'),
            ("J6", 'b'),
            ("A1", 'r'),
        ],
        "yellow",
        Table::four_in_teams(),
        Variant::default(),
        "[scores]\nred-yellow = 4\n",
    );
    assert_eq!(game.sides().side_of(RED), game.sides().side_of(YELLOW));
    spend_with(&mut game, "A6");
    end_turn(&mut game, &["E2"]);
    let side = game.sides().side_of(RED);
    assert_eq!(game.score(side), 5);
    assert_eq!(game.view().sides.len(), 2);
}

#[test]
fn occupation_points_come_at_the_end_of_the_turn() {
    let mut game = occupation_game(&[("C8", 'r')], "[occupation.red]\nheld = [\"blue\"]\n");
    play_path(&mut game, &["C8", "D8", "D9", "D10", "E10", "E9", "F9"]);
    assert_eq!(game.scores()[0], 0);
    assert_eq!(game.exits(), [(RED, BLUE)]);
    end_turn(&mut game, &[]);
    assert_eq!(game.scores()[0], 1);
}

#[test]
fn a_siege_starts_again_when_its_group_changes() {
    let mut game = game(
        &[
            ("A1", 'r'),
            ("B1", 'r'),
            ("F5", 'r'),
            ("A2", 'b'),
            ("B2", 'b'),
            ("C1", 'b'),
            ("J6", 'b'),
        ],
        "blue",
        Table::single_armies(&[RED, BLUE]),
        Variant::default(),
        "[[siege]]\narmy = \"red\"\nsquares = [\"A1\"]\nturns = 2\n",
    );
    spend_with(&mut game, "J6");
    let events = end_turn(&mut game, &[]);
    // The recorded group was A1 alone; the group under siege now is A1 and B1.
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::Besieged { turns: 1, .. }))
    );
    assert_eq!(game.sieges()[0].turns, 1);
}

#[test]
fn the_besieger_is_the_army_with_most_pieces_around_the_group() {
    // Red's A1 and A2 are hemmed in by Blue's B1 and Green's A3 and B2.
    let mut game = game(
        &[
            ("A1", 'r'),
            ("A2", 'r'),
            ("F5", 'r'),
            ("B1", 'b'),
            ("J6", 'b'),
            ("A3", 'g'),
            ("B2", 'g'),
            ("J9", 'g'),
        ],
        "green",
        Table::four_alone(),
        Variant::default(),
        "[[siege]]\narmy = \"red\"\nsquares = [\"A1\", \"A2\"]\nturns = 3\n",
    );
    spend_with(&mut game, "J9");
    let events = end_turn(&mut game, &[]);
    let takers: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            Event::Captured {
                by, siege: true, ..
            } => Some(*by),
            _ => None,
        })
        .collect();
    assert_eq!(takers, [GREEN, GREEN]);
}

#[test]
fn the_round_cap_ends_a_simulation_on_scores() {
    let variant = Variant {
        round_cap: Some(2),
        ..Variant::default()
    };
    let mut game = game(
        &[("A6", 'r'), ("J6", 'b')],
        "red",
        Table::single_armies(&[RED, BLUE]),
        variant,
        "[scores]\nblue = 1\n",
    );
    for _ in 0..4 {
        pass_turn(&mut game);
    }
    assert_eq!(
        game.outcome(),
        Some(&Outcome::Won {
            side: game.sides().side_of(BLUE),
            reason: EndReason::RoundCap
        })
    );
}

#[test]
fn rounds_count_from_the_parties_first_army() {
    let mut game = game(
        &[("A6", 'r'), ("J6", 'b'), ("J1", 'g')],
        "blue",
        Table::four_alone(),
        Variant::default(),
        "first = \"red\"\nround = 3\n",
    );
    pass_turn(&mut game);
    assert_eq!((game.mover(), game.round()), (GREEN, 3));
    pass_turn(&mut game);
    assert_eq!((game.mover(), game.round()), (RED, 4));
}

#[test]
fn up_to_six_blocks_only_an_army_that_cannot_move_at_all() {
    // Blue's A10 can make one unit (to A9) and no more.
    let pieces = [
        ("B10", 'r'),
        ("A8", 'r'),
        ("B9", 'r'),
        ("F5", 'r'),
        ("A10", 'b'),
    ];
    for (units, blocked) in [(UnitRule::All, true), (UnitRule::UpTo, false)] {
        let variant = Variant {
            units,
            ..Variant::default()
        };
        let mut game = game(
            &pieces,
            "red",
            Table::single_armies(&[RED, BLUE]),
            variant,
            "",
        );
        spend_with(&mut game, "F5");
        let events = end_turn(&mut game, &[]);
        let chateau = events.iter().any(|e| matches!(e, Event::Chateau { .. }));
        assert_eq!(chateau, blocked, "{units:?}");
    }
}

#[test]
fn captures_must_be_framed_enemies_named_once() {
    let mut game = frame_game();
    play_path(&mut game, &["G1", "F1", "F2"]);
    spend_with(&mut game, "A6");
    let red = seat(&game);
    let twice = game
        .apply(
            red,
            Action::EndTurn {
                captures: vec![sq("E2"), sq("E2")],
            },
        )
        .unwrap_err();
    assert_eq!(twice.code(), "capture_twice");
    let own = game
        .apply(
            red,
            Action::EndTurn {
                captures: vec![sq("D2")],
            },
        )
        .unwrap_err();
    assert_eq!(own.code(), "not_capturable");
}

#[test]
fn under_an_alliance_both_armies_frame_as_the_movers_own() {
    let mut game = game(
        &[
            ("D2", 'Y'),
            ("G1", 'y'),
            ("A6", 'r'),
            ("E2", 'b'),
            ("J6", 'b'),
            ("J9", 'g'),
        ],
        "red",
        Table::four_in_teams(),
        Variant::default(),
        "[[alliance]]\ngiver = \"yellow\"\nreceiver = \"red\"\n",
    );
    // Red moves Yellow's soldier: Yellow's two pieces frame E2.
    play_path(&mut game, &["G1", "F1", "F2"]);
    spend_with(&mut game, "A6");
    assert_eq!(names(game.legal().captures), ["E2"]);
}

#[test]
fn the_first_army_is_drawn_from_the_seed() {
    let first = |seed| {
        castellan_chateau::game::Game::new(
            board(),
            Variant::default(),
            Table::four_in_teams(),
            seed,
        )
        .unwrap()
        .mover()
    };
    assert_eq!(first(11), first(11));
    let firsts: std::collections::BTreeSet<_> = (0..20).map(first).collect();
    assert_eq!(firsts.len(), 4, "every army starts with some seed");
}
