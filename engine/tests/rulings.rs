//! One test per ruling of `docs/rulings.md` (numbers in comments), each named after it,
//! played on the small test board from described positions with fixed dice. Every
//! refused action is also checked to leave the game exactly as it was.

#[path = "positions/support.rs"]
mod support;

use castellan_engine::board::{GroupKind, TerritoryId};
use castellan_engine::game::{
    Action, AttackEnd, Audience, Card, Decision, Departure, DiplomatsOff, EventKind, Game, Hand,
    HiddenArmyPosition, MAX_ARMIES_ON_BOARD, MoveReason, NewGameError, PlacementReason, Position,
    QUIET_ROUNDS_FOR_A_DRAW, RuleError, Seat,
};
use castellan_engine::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::*;

/// Three seats on the tiny board; seat 0 to play, cards drawn, no attack yet.
/// Seat 0 holds the North empire whole, seat 1 the South, seat 2 the East.
const BASE: &str = r#"
seed = 1
[territories]
n1 = { owner = 0, armies = 5 }
n2 = { owner = 0, armies = 3 }
n3 = { owner = 0, armies = 2 }
i1 = { owner = 0, armies = 1 }
s1 = { owner = 1, armies = 3 }
s2 = { owner = 1, armies = 4 }
i2 = { owner = 1, armies = 1 }
e1 = { owner = 2, armies = 3 }
e2 = { owner = 2, armies = 4 }
h1 = { owner = 2, armies = 1 }

[[seats]]
castle = "n1"
[[seats]]
castle = "s2"
[[seats]]
castle = "e2"

[turn]
seat = 0
step = "play"
"#;

fn base() -> Position {
    Position::from_toml(BASE).expect("base position")
}

fn with_hand(mut p: Position, seat: usize, cards: &[Card]) -> Position {
    p.seats[seat].hand = cards.iter().copied().collect();
    p
}

fn rulebook_game(p: &Position, dice: &[u8]) -> Game {
    game_at(p, Variant::rulebook(), dice)
}

// ---------------------------------------------------------------- Setup (1–5)

#[test]
fn starting_armies_by_seat_count() {
    // Ruling 1.
    for (seats, armies) in [(2, 40), (3, 35), (4, 30), (5, 25), (6, 20)] {
        let game = Game::new(castle_board(), Variant::rulebook(), seats, 3).unwrap();
        for seat in game.seat_ids() {
            assert_eq!(game.armies_to_place(seat), armies, "{seats} seats");
        }
    }
    let mut variant = Variant::rulebook();
    variant.starting_armies.four = 33;
    let game = Game::new(castle_board(), variant, 4, 3).unwrap();
    assert_eq!(game.armies_to_place(Seat(2)), 33);
}

#[test]
fn castle_and_claim_armies_come_out_of_the_starting_armies() {
    // Ruling 1.
    let mut game = Game::new(tiny_board(), Variant::rulebook(), 2, 5).unwrap();
    let starter = game.pending_seat().unwrap();
    let Some(Decision::PlaceCastle { empire }) = game.pending().map(|p| p.decision) else {
        panic!()
    };
    let territory = game.board().group(empire).territories[0];
    play(&mut game, starter.0, Action::PlaceCastle { territory });
    assert_eq!(game.armies_to_place(starter), 39);
    assert_eq!(game.armies(territory), 1);
}

#[test]
fn castle_goes_in_the_drawn_empire() {
    // Ruling 2: a random empire is drawn; the castle goes on one of its territories.
    let mut game = Game::new(tiny_board(), Variant::rulebook(), 3, 11).unwrap();
    let starter = game.pending_seat().unwrap();
    assert!(
        game.opening_events()
            .iter()
            .any(|e| e.kind == EventKind::SetupStarts { seat: starter })
    );
    let Some(Decision::PlaceCastle { empire }) = game.pending().map(|p| p.decision) else {
        panic!()
    };
    assert_eq!(game.empire(starter), Some(empire));
    let outside = game
        .board()
        .territory_ids()
        .find(|&t| game.board().territory(t).group != empire)
        .unwrap();
    let error = refused(
        &mut game,
        starter.0,
        Action::PlaceCastle { territory: outside },
    );
    assert!(
        matches!(
            error,
            RuleError::OutsideDrawnEmpire { territory, empire: drawn }
                if territory == outside && drawn == empire
        ),
        "{error:?}"
    );
    let inside = game.board().group(empire).territories[0];
    let events = play(
        &mut game,
        starter.0,
        Action::PlaceCastle { territory: inside },
    );
    assert!(has_event(&events, |k| matches!(
        k,
        EventKind::EmpireDrawn { .. }
    )));
    assert_eq!(game.castle(starter), Some(inside));
    // The next seat in seat order draws another empire.
    assert_eq!(game.pending_seat(), Some(starter.next(3)));
    let Some(Decision::PlaceCastle { empire: second }) = game.pending().map(|p| p.decision) else {
        panic!()
    };
    assert_ne!(second, empire);
}

#[test]
fn empires_nobody_drew_have_no_castle() {
    // Ruling 2: two seats on a four-empire board leave two empires without a castle.
    let mut game = Game::new(tiny_board(), Variant::rulebook(), 2, 8).unwrap();
    finish_setup(&mut game, 8);
    let castles: Vec<TerritoryId> = game.seat_ids().filter_map(|s| game.castle(s)).collect();
    assert_eq!(castles.len(), 2);
    for &castle in &castles {
        assert_eq!(
            game.board()
                .group(game.board().territory(castle).group)
                .kind,
            GroupKind::Empire
        );
    }
    let castle_empires: Vec<_> = castles
        .iter()
        .map(|&c| game.board().territory(c).group)
        .collect();
    assert_ne!(castle_empires[0], castle_empires[1]);
    let empires_without = game
        .board()
        .group_ids()
        .filter(|&g| {
            game.board().group(g).kind == GroupKind::Empire && !castle_empires.contains(&g)
        })
        .count();
    assert_eq!(empires_without, 2);
}

#[test]
fn board_with_fewer_empires_than_seats_is_refused() {
    // Ruling 2: every seat needs an empire for its castle.
    let error = Game::new(tiny_board(), Variant::rulebook(), 5, 1).unwrap_err();
    assert_eq!(
        error,
        NewGameError::TooFewEmpires {
            empires: 4,
            seats: 5
        }
    );
    assert_eq!(
        Game::new(tiny_board(), Variant::rulebook(), 7, 1).unwrap_err(),
        NewGameError::SeatCount(7)
    );
}

#[test]
fn claiming_until_all_occupied_then_five_at_a_time() {
    // Ruling 3.
    let mut game = Game::new(tiny_board(), Variant::rulebook(), 3, 21).unwrap();
    let starter = game.pending_seat().unwrap();
    for _ in 0..3 {
        let seat = game.pending_seat().unwrap();
        let Some(Decision::PlaceCastle { empire }) = game.pending().map(|p| p.decision) else {
            panic!()
        };
        let territory = game.board().group(empire).territories[0];
        play(&mut game, seat.0, Action::PlaceCastle { territory });
    }
    // Claims go round from the high roller, one army on an unoccupied territory each.
    let mut expected = starter;
    let castle = game.castle(starter).unwrap();
    while game.pending().map(|p| p.decision) == Some(Decision::Claim) {
        let seat = game.pending_seat().unwrap();
        assert_eq!(seat, expected);
        let error = refused(&mut game, seat.0, Action::Claim { territory: castle });
        assert!(
            matches!(error, RuleError::AlreadyOccupied(taken) if taken == castle),
            "{error:?}"
        );
        let free = game
            .board()
            .territory_ids()
            .find(|&t| game.owner(t).is_none())
            .unwrap();
        play(&mut game, seat.0, Action::Claim { territory: free });
        expected = seat.next(3);
    }
    assert!(
        game.board()
            .territory_ids()
            .all(|t| game.owner(t).is_some())
    );
    // Then 5 armies at a time on own territories, again from the high roller.
    let pending = game.pending().unwrap();
    assert_eq!(pending.seat, starter);
    assert_eq!(
        pending.decision,
        Decision::PlaceArmies {
            armies: 5,
            reason: PlacementReason::Setup
        }
    );
    let other = game
        .board()
        .territory_ids()
        .find(|&t| game.owner(t) != Some(starter))
        .unwrap();
    let error = refused(
        &mut game,
        starter.0,
        Action::PlaceArmies {
            placements: vec![castellan_engine::game::Placement::new(other, 5)],
        },
    );
    assert!(
        matches!(error, RuleError::NotYours(territory) if territory == other),
        "{error:?}"
    );
    let error = refused(
        &mut game,
        starter.0,
        Action::PlaceArmies {
            placements: vec![castellan_engine::game::Placement::new(castle, 4)],
        },
    );
    assert!(
        matches!(error, RuleError::PlacementTotal { required: 5, .. }),
        "{error:?}"
    );
    let before = game.armies_to_place(starter);
    play(
        &mut game,
        starter.0,
        Action::PlaceArmies {
            placements: vec![
                castellan_engine::game::Placement::new(castle, 2),
                castellan_engine::game::Placement::new(castle, 3),
            ],
        },
    );
    assert_eq!(game.armies_to_place(starter), before - 5);
    assert_eq!(game.armies(castle), 6);
    assert_eq!(game.pending_seat(), Some(starter.next(3)));
}

#[test]
fn last_setup_placement_is_smaller_and_placed_seats_skip() {
    // Ruling 3: 12 armies, 2 seats, 10 territories: 1 castle + 4 claims each, then
    // 5 and the last 2; a seat with nothing left is skipped.
    let mut variant = Variant::rulebook();
    variant.starting_armies.two = 12;
    variant.hidden_armies = false;
    let mut game = Game::new(tiny_board(), variant, 2, 4).unwrap();
    let mut sizes = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    while !game.setup_done() {
        let pending = game.pending().unwrap();
        if let Decision::PlaceArmies { armies, .. } = pending.decision {
            sizes.push((pending.seat, armies));
        }
        let action = game.legal_actions().sample(&mut rng).unwrap();
        play(&mut game, pending.seat.0, action);
    }
    assert_eq!(sizes.len(), 4);
    let armies: Vec<u32> = sizes.iter().map(|&(_, n)| n).collect();
    // Claims went 5 to the high roller and 4 to the other: 6 and 7 left to place.
    assert_eq!(armies, [5, 5, 1, 2]);

    // Fewer armies than territories: claiming stops when everyone is out of armies.
    let mut variant = Variant::rulebook();
    variant.starting_armies.two = 3;
    let mut game = Game::new(tiny_board(), variant, 2, 4).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    while game.pending().map(|p| p.decision) != Some(Decision::HideArmies) {
        let seat = game.pending_seat().unwrap();
        let action = game.legal_actions().sample(&mut rng).unwrap();
        play(&mut game, seat.0, action);
    }
    let empty = game
        .board()
        .territory_ids()
        .filter(|&t| game.owner(t).is_none())
        .count();
    assert_eq!(empty, 11 - 6);
}

#[test]
fn hidden_armies_anywhere_but_under_a_castle() {
    // Ruling 4: secret, own territory or not, never under a castle.
    let mut game = Game::new(tiny_board(), Variant::rulebook(), 2, 6).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    while game.pending().map(|p| p.decision) != Some(Decision::HideArmies) {
        let seat = game.pending_seat().unwrap();
        let action = game.legal_actions().sample(&mut rng).unwrap();
        play(&mut game, seat.0, action);
    }
    let seat = game.pending_seat().unwrap();
    let other = Seat(1 - seat.0);
    let castle = game.castle(other).unwrap();
    let error = refused(&mut game, seat.0, Action::HideArmies { territory: castle });
    assert!(
        matches!(error, RuleError::HiddenUnderCastle(territory) if territory == castle),
        "{error:?}"
    );
    let enemy = game
        .board()
        .territory_ids()
        .find(|&t| game.owner(t) == Some(other) && game.castle_at(t).is_none())
        .unwrap();
    let events = play(&mut game, seat.0, Action::HideArmies { territory: enemy });
    for event in &events {
        if let EventKind::ArmiesHidden { territory, .. } = &event.kind {
            assert_eq!(territory.is_some(), event.audience == Audience::Seat(seat));
            assert_eq!(event.visible_to(other), territory.is_none());
        }
    }
    assert_eq!(game.hidden_armies(seat)[0].territory, enemy);
    assert!(
        !game
            .view_for(other)
            .hidden_armies
            .iter()
            .any(|h| h.territory == enemy)
    );
    assert_eq!(
        game.view_for(other).seats[seat.index()].hidden_armies_left,
        1
    );
}

#[test]
fn hidden_armies_option_off_skips_the_choice() {
    // Ruling 4, option.
    let mut variant = Variant::rulebook();
    variant.hidden_armies = false;
    let mut game = Game::new(tiny_board(), variant, 3, 6).unwrap();
    let mut seen = false;
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    while !game.setup_done() {
        seen |= game.pending().map(|p| p.decision) == Some(Decision::HideArmies);
        let seat = game.pending_seat().unwrap();
        let action = game.legal_actions().sample(&mut rng).unwrap();
        play(&mut game, seat.0, action);
    }
    assert!(!seen);
    assert!(game.seat_ids().all(|s| game.hidden_armies(s).is_empty()));
    let seat = game.turn_seat().unwrap();
    let own = game
        .board()
        .territory_ids()
        .find(|&t| game.owner(t) == Some(seat))
        .unwrap();
    let error = refused(
        &mut game,
        seat.0,
        Action::RevealHiddenArmies { territory: own },
    );
    assert_eq!(error, RuleError::NoHiddenArmiesInVariant);
}

#[test]
fn three_cards_dealt_and_random_first_player() {
    // Ruling 5 and 6: 3 cards each; the first player then draws a fourth.
    let mut game = Game::new(castle_board(), Variant::rulebook(), 4, 12).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut last_events = Vec::new();
    while !game.setup_done() {
        let seat = game.pending_seat().unwrap();
        let action = game.legal_actions().sample(&mut rng).unwrap();
        last_events = play(&mut game, seat.0, action);
    }
    let first = game.turn_seat().unwrap();
    assert!(
        last_events
            .iter()
            .any(|e| e.kind == EventKind::FirstPlayer { seat: first })
    );
    for seat in game.seat_ids() {
        assert_eq!(game.hand(seat).len(), if seat == first { 4 } else { 3 });
    }
    assert_eq!(game.draw_pile_len(), 48 - 13);
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: false }
    );
    // Different seeds pick different first players somewhere.
    let firsts: std::collections::BTreeSet<Seat> = (0..12u64)
        .map(|seed| {
            let mut g = Game::new(castle_board(), Variant::rulebook(), 4, seed).unwrap();
            finish_setup(&mut g, seed);
            g.turn_seat().unwrap()
        })
        .collect();
    assert!(firsts.len() > 1);
}

// ---------------------------------------------------------------- The turn (6–8)

#[test]
fn turn_starts_by_topping_up_to_three_then_drawing_one() {
    // Ruling 6: no hand limit.
    let mut p = with_hand(base(), 0, &[Card::Spy]);
    p.turn.step = castellan_engine::game::TurnStep::Start;
    let game = rulebook_game(&p, &[]);
    assert_eq!(game.hand(Seat(0)).len(), 4);
    assert_eq!(
        game.opening_events()
            .iter()
            .filter(|e| matches!(e.kind, EventKind::CardDrawn { .. }))
            .count(),
        6
    );

    let mut p = with_hand(
        base(),
        0,
        &[
            Card::Spy,
            Card::Spy,
            Card::General,
            Card::General,
            Card::Admiral,
        ],
    );
    p.turn.step = castellan_engine::game::TurnStep::Start;
    let game = rulebook_game(&p, &[]);
    assert_eq!(game.hand(Seat(0)).len(), 6);
}

fn small_deck_variant() -> Variant {
    let mut variant = Variant::rulebook();
    variant.deck.reinforcements = 2;
    variant.deck.diplomats = 2;
    variant.deck.spies = 1;
    variant.deck.generals = 1;
    variant.deck.marshalls = 1;
    variant.deck.admirals = 1;
    variant
}

#[test]
fn empty_draw_pile_refilled_by_shuffling_discards() {
    // Ruling 7: and the Reinforcements on the track never come back.
    let mut p = base();
    p.cards.track = 2;
    p.cards.draw_pile = Some(vec![Card::General]);
    p.cards.discards = vec![
        Card::Spy,
        Card::Marshall,
        Card::Admiral,
        Card::Diplomat,
        Card::Diplomat,
    ];
    p.turn.step = castellan_engine::game::TurnStep::Start;
    let game = game_at(&p, small_deck_variant(), &[]);
    assert!(
        game.opening_events()
            .iter()
            .any(|e| e.kind == EventKind::DeckReshuffled { cards: 5 })
    );
    let hand = game.hand(Seat(0));
    assert_eq!(hand.len(), 4);
    assert!(hand.has(Card::General));
    assert!(!hand.has(Card::Reinforcements));
    assert_eq!(game.draw_pile_len(), 2);
    assert!(game.discards().is_empty());
}

#[test]
fn played_reinforcements_never_return() {
    // Ruling 7.
    let p = with_hand(base(), 0, &[Card::Reinforcements]);
    let mut game = rulebook_game(&p, &[]);
    play(&mut game, 0, Action::PlayReinforcements { cards: 1 });
    assert_eq!(game.track(), 1);
    assert!(!game.discards().contains(&Card::Reinforcements));
    assert!(!game.hand(Seat(0)).has(Card::Reinforcements));
}

#[test]
fn no_free_fortify_by_default() {
    // Ruling 8.
    let mut game = rulebook_game(&base(), &[]);
    play(&mut game, 0, Action::EndTurn);
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::PlaceArmies {
            armies: 4,
            reason: PlacementReason::Spoils
        }
    );
    let error = refused(
        &mut game,
        0,
        Action::Fortify {
            from: t("n1"),
            to: t("n2"),
            armies: 1,
        },
    );
    assert!(
        matches!(error, RuleError::UnexpectedAction { .. }),
        "{error:?}"
    );
}

#[test]
fn classic_fortify_once_at_end_of_turn() {
    // Ruling 8, option: one move to an adjacent own territory, then spoils.
    let mut variant = Variant::rulebook();
    variant.classic_fortify = true;
    let mut game = game_at(&base(), variant, &[]);
    play(&mut game, 0, Action::EndTurn);
    assert_eq!(game.pending().unwrap().decision, Decision::Fortify);
    let (n1, n2, n3, s1) = (t("n1"), t("n2"), t("n3"), t("s1"));
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::Fortify {
                from: n1,
                to: n3,
                armies: 1
            }
        ),
        RuleError::NotAdjacent { .. }
    ));
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::Fortify {
                from: n1,
                to: s1,
                armies: 1
            }
        ),
        RuleError::NotYours(territory) if territory == s1
    ));
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::Fortify {
                from: n1,
                to: n2,
                armies: 5
            }
        ),
        RuleError::OutOfRange { min: 1, max: 4, .. }
    ));
    let events = play(
        &mut game,
        0,
        Action::Fortify {
            from: n1,
            to: n2,
            armies: 4,
        },
    );
    assert!(has_event(&events, |k| matches!(
        k,
        EventKind::ArmiesMoved {
            reason: MoveReason::Fortify,
            armies: 4,
            ..
        }
    )));
    assert_eq!((game.armies(n1), game.armies(n2)), (1, 7));
    assert!(matches!(
        game.pending().unwrap().decision,
        Decision::PlaceArmies {
            reason: PlacementReason::Spoils,
            ..
        }
    ));
}

// ---------------------------------------------------------------- Cards (9–14)

#[test]
fn reinforcements_sum_the_track_numbers_covered() {
    // Ruling 9: 3 and 4 are covered; the next two cards cover 5 and 6.
    let mut p = with_hand(
        base(),
        0,
        &[
            Card::Reinforcements,
            Card::Reinforcements,
            Card::Reinforcements,
        ],
    );
    p.cards.track = 2;
    let mut game = rulebook_game(&p, &[]);
    let error = refused(&mut game, 0, Action::PlayReinforcements { cards: 4 });
    assert!(
        matches!(error, RuleError::TooManyReinforcements { held: 3, .. }),
        "{error:?}"
    );
    let events = play(&mut game, 0, Action::PlayReinforcements { cards: 2 });
    assert!(events.iter().any(|e| e.kind
        == EventKind::ReinforcementsPlayed {
            seat: Seat(0),
            cards: 2,
            first_slot: 2,
            armies: 11
        }));
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::PlaceArmies {
            armies: 11,
            reason: PlacementReason::Reinforcements
        }
    );
    assert!(matches!(
        refused(&mut game, 0, place(&[("s1", 11)])),
        RuleError::NotYours(territory) if territory == t("s1")
    ));
    play(&mut game, 0, place(&[("n1", 6), ("n2", 5)]));
    assert_eq!((armies(&game, "n1"), armies(&game, "n2")), (11, 8));
    assert_eq!(game.track(), 4);
    // Another play in the same turn continues on the track.
    play(&mut game, 0, Action::PlayReinforcements { cards: 1 });
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::PlaceArmies {
            armies: 7,
            reason: PlacementReason::Reinforcements
        }
    );
}

#[test]
fn reinforcements_only_before_first_attack() {
    // Ruling 9.
    let p = with_hand(base(), 0, &[Card::Reinforcements]);
    let mut game = rulebook_game(&p, &[]);
    play(&mut game, 0, attack("n1", "s1"));
    play(&mut game, 0, Action::StopAttack);
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: true }
    );
    let error = refused(&mut game, 0, Action::PlayReinforcements { cards: 1 });
    assert!(
        matches!(error, RuleError::AfterFirstAttack(Card::Reinforcements)),
        "{error:?}"
    );
}

#[test]
fn last_reinforcement_fills_the_track() {
    // Ruling 9: the twelfth card is worth 14; then the track is full.
    let mut p = with_hand(base(), 0, &[Card::Reinforcements]);
    p.cards.track = 11;
    let mut game = rulebook_game(&p, &[]);
    play(&mut game, 0, Action::PlayReinforcements { cards: 1 });
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::PlaceArmies {
            armies: 14,
            reason: PlacementReason::Reinforcements
        }
    );
    assert_eq!(game.track(), 12);
    assert_eq!(game.hidden_army_size(), 14);
}

#[test]
fn diplomat_truce_until_the_targets_next_turn_ends() {
    // Ruling 10.
    let p = with_hand(base(), 0, &[Card::Diplomat]);
    let mut game = rulebook_game(&p, &[]);
    let events = play(&mut game, 0, Action::PlayDiplomat { target: Seat(1) });
    assert!(events.iter().any(|e| e.kind
        == EventKind::TruceMade {
            seat: Seat(0),
            target: Seat(1)
        }));
    assert!(matches!(
        refused(&mut game, 0, attack("n1", "s1")),
        RuleError::InTruce(Seat(1))
    ));
    end_turn(&mut game, 0);
    assert_eq!(game.turn_seat(), Some(Seat(1)));
    assert!(matches!(
        refused(&mut game, 1, attack("s1", "n1")),
        RuleError::InTruce(Seat(0))
    ));
    let events = end_turn(&mut game, 1);
    assert!(events.iter().any(|e| e.kind
        == EventKind::TruceEnded {
            seat: Seat(0),
            target: Seat(1)
        }));
    assert!(game.truces().is_empty());
    assert!(game.discards().contains(&Card::Diplomat));
    end_turn(&mut game, 2);
    play(&mut game, 0, attack("n1", "s1"));
}

#[test]
fn diplomat_one_per_target_and_only_before_first_attack() {
    // Ruling 10.
    let p = with_hand(base(), 0, &[Card::Diplomat, Card::Diplomat, Card::Diplomat]);
    let mut game = rulebook_game(&p, &[]);
    play(&mut game, 0, Action::PlayDiplomat { target: Seat(1) });
    assert!(matches!(
        refused(&mut game, 0, Action::PlayDiplomat { target: Seat(1) }),
        RuleError::TruceAlreadyMade(Seat(1))
    ));
    assert!(matches!(
        refused(&mut game, 0, Action::PlayDiplomat { target: Seat(0) }),
        RuleError::SelfTarget
    ));
    play(&mut game, 0, attack("n3", "e1"));
    play(&mut game, 0, Action::StopAttack);
    assert!(matches!(
        refused(&mut game, 0, Action::PlayDiplomat { target: Seat(2) }),
        RuleError::AfterFirstAttack(Card::Diplomat)
    ));
}

const TWO_SEATS: &str = r#"
[territories]
n1 = { owner = 0, armies = 5 }
n2 = { owner = 0, armies = 3 }
s1 = { owner = 1, armies = 3 }
s2 = { owner = 1, armies = 4 }

[[seats]]
castle = "n1"
[[seats]]
castle = "s2"
hand = ["reinforcements", "admiral", "reinforcements"]

[cards]
draw_pile = ["diplomat", "spy", "general", "diplomat", "marshall"]

[turn]
seat = 0
step = "start"
"#;

#[test]
fn diplomat_discarded_in_two_seat_game() {
    // Ruling 10: drawn Diplomats are discarded and replaced; none can be played.
    let p = Position::from_toml(TWO_SEATS).unwrap();
    let game = game_at(&p, small_deck_variant(), &[]);
    let replaced = game
        .opening_events()
        .iter()
        .filter(|e| matches!(e.kind, EventKind::DiplomatReplaced { .. }))
        .count();
    assert_eq!(replaced, 2);
    // Three cards; the fourth cannot be had: only Diplomats are left.
    assert_eq!(
        game.hand(Seat(0)),
        Hand::from(vec![Card::Spy, Card::General, Card::Marshall])
    );
    assert_eq!(game.discards(), [Card::Diplomat, Card::Diplomat]);

    let mut p = Position::from_toml(TWO_SEATS).unwrap();
    p.turn.step = castellan_engine::game::TurnStep::Play;
    p.seats[0].hand = vec![Card::Diplomat].into();
    p.cards.draw_pile = Some(vec![
        Card::Spy,
        Card::General,
        Card::Diplomat,
        Card::Marshall,
    ]);
    let mut game = game_at(&p, small_deck_variant(), &[]);
    assert!(matches!(
        refused(&mut game, 0, Action::PlayDiplomat { target: Seat(1) }),
        RuleError::DiplomatsNotUsed(DiplomatsOff::TwoSeats)
    ));

    // The variant switch turns them off at any table.
    let mut variant = Variant::rulebook();
    variant.diplomats_in_play = false;
    let mut game = game_at(&with_hand(base(), 0, &[Card::Diplomat]), variant, &[]);
    assert!(matches!(
        refused(&mut game, 0, Action::PlayDiplomat { target: Seat(1) }),
        RuleError::DiplomatsNotUsed(DiplomatsOff::InVariant)
    ));
}

#[test]
fn diplomats_dealt_in_a_two_seat_game_are_discarded_and_replaced() {
    // Ruling 10: from the very first deal, a two-seat game holds no Diplomat.
    let mut game = Game::new(castle_board(), Variant::rulebook(), 2, 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut replaced = 0;
    while !game.setup_done() {
        let seat = game.pending_seat().unwrap();
        let action = game.legal_actions().sample(&mut rng).unwrap();
        let events = play(&mut game, seat.0, action);
        replaced += events
            .iter()
            .filter(|e| matches!(e.kind, EventKind::DiplomatReplaced { .. }))
            .count();
    }
    assert!(
        replaced > 0,
        "this seed deals a Diplomat: the test needs one"
    );
    let first = game.turn_seat().unwrap();
    for seat in game.seat_ids() {
        assert!(!game.hand(seat).has(Card::Diplomat));
        assert_eq!(game.hand(seat).len(), if seat == first { 4 } else { 3 });
    }
    assert_eq!(
        game.discards()
            .iter()
            .filter(|&&c| c == Card::Diplomat)
            .count(),
        replaced
    );
}

/// Seat 0 takes seat 2's castle on East Two, fills the vacated Hill One and is
/// between attacks again, both remaining seats holding a Diplomat. Returns the game
/// and the events of the roll that took the castle.
fn third_castle_falls() -> (Game, Vec<castellan_engine::game::Event>) {
    let mut p = with_hand(base(), 0, &[Card::Diplomat]);
    p.seats[1].hand = vec![Card::Diplomat, Card::Spy].into();
    set(&mut p, "e1", 0, 4);
    set(&mut p, "e2", 2, 1);
    let mut game = rulebook_game(&p, &[6, 6, 1]);
    play(&mut game, 0, attack("e1", "e2"));
    let events = roll(&mut game, 0, 2, 2, 1);
    play(&mut game, 0, Action::MoveIn { armies: 2 });
    // Seat 2's Hill One is vacated: the victor fills it from the attacking armies.
    play(
        &mut game,
        0,
        Action::FillVacated {
            territory: t("h1"),
            from: t("e2"),
        },
    );
    (game, events)
}

/// Both seats left discarded their one Diplomat, and none holds one any more.
fn both_swapped_their_diplomats(game: &Game, events: &[castellan_engine::game::Event]) {
    for seat in [Seat(0), Seat(1)] {
        assert!(
            events
                .iter()
                .any(|e| e.kind == EventKind::DiplomatsDiscarded { seat, count: 1 }),
            "{seat} kept its Diplomat"
        );
    }
    assert!(game.seat_ids().all(|s| !game.hand(s).has(Card::Diplomat)));
}

#[test]
fn diplomats_discarded_when_the_game_drops_to_two() {
    // Ruling 10: at the end of the turn the third castle fell, both discard theirs.
    let (mut game, events) = third_castle_falls();
    assert!(events.iter().any(|e| e.kind
        == EventKind::SeatEliminated {
            seat: Seat(2),
            by: Seat(0)
        }));
    assert!(game.is_eliminated(Seat(2)));
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: true }
    );
    let events = end_turn(&mut game, 0);
    both_swapped_their_diplomats(&game, &events);
    assert_eq!(game.hand(Seat(0)).len(), 1);
    assert!(game.hand(Seat(1)).has(Card::Spy));
}

#[test]
fn diplomats_discarded_when_the_game_drops_to_two_even_through_a_position() {
    // Ruling 10: the turn a third castle fell, written out as a position and read
    // back, must still end with both remaining seats swapping their Diplomats.
    let (mut game, _) = third_castle_falls();
    let position = game.to_position().expect("between attacks");
    let mut resumed = game_at(&position, Variant::rulebook(), &[]);
    let events = end_turn(&mut resumed, 0);
    both_swapped_their_diplomats(&resumed, &events);
    // And the game read back goes on exactly as the one that never stopped.
    end_turn(&mut game, 0);
    for seat in game.seat_ids() {
        assert_eq!(resumed.hand(seat), game.hand(seat));
    }
}

#[test]
fn spy_sees_the_hand_and_discards_one_card_face_up() {
    // Ruling 11.
    let mut p = with_hand(base(), 0, &[Card::Spy]);
    p.seats[1].hand = vec![Card::General, Card::Admiral].into();
    let mut game = rulebook_game(&p, &[]);
    play(&mut game, 0, Action::PlaySpy { target: Seat(1) });
    assert_eq!(
        game.pending().unwrap(),
        castellan_engine::game::Pending {
            seat: Seat(1),
            decision: Decision::AnswerSpy { spy: Seat(0) }
        }
    );
    assert!(matches!(
        refused(&mut game, 1, Action::AnswerSpy { counter: true }),
        RuleError::NoCard(Card::Spy)
    ));
    let events = play(&mut game, 1, Action::AnswerSpy { counter: false });
    let seen: Vec<_> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::HandSeen { .. }))
        .collect();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].audience, Audience::Seat(Seat(0)));
    assert!(!seen[0].visible_to(Seat(2)));
    assert_eq!(
        game.view_for(Seat(0)).spied_hand,
        Some((Seat(1), Hand::from(vec![Card::General, Card::Admiral])))
    );
    assert_eq!(game.view_for(Seat(2)).spied_hand, None);
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::SpyDiscard { target: Seat(1) }
    );
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::SpyDiscard {
                card: Card::Marshall
            }
        ),
        RuleError::TargetHasNoCard {
            seat: Seat(1),
            card: Card::Marshall
        }
    ));
    let events = play(
        &mut game,
        0,
        Action::SpyDiscard {
            card: Card::Admiral,
        },
    );
    let discarded = events
        .iter()
        .find(|e| matches!(e.kind, EventKind::CardDiscardedBySpy { .. }))
        .unwrap();
    assert_eq!(discarded.audience, Audience::Everyone);
    assert_eq!(game.hand(Seat(1)), Hand::from(vec![Card::General]));
    assert_eq!(game.discards(), [Card::Spy, Card::Admiral]);
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: false }
    );
}

#[test]
fn spy_countered_by_a_spy() {
    // Ruling 11: both Spies are discarded and nothing is seen.
    let mut p = with_hand(base(), 0, &[Card::Spy, Card::Spy]);
    p.seats[2].hand = vec![Card::Spy, Card::Marshall].into();
    let mut game = rulebook_game(&p, &[]);
    play(&mut game, 0, Action::PlaySpy { target: Seat(2) });
    let events = play(&mut game, 2, Action::AnswerSpy { counter: true });
    assert!(events.iter().any(|e| e.kind
        == EventKind::SpyCountered {
            seat: Seat(0),
            target: Seat(2)
        }));
    assert!(!has_event(&events, |k| matches!(
        k,
        EventKind::HandSeen { .. }
    )));
    assert_eq!(game.hand(Seat(2)), Hand::from(vec![Card::Marshall]));
    assert_eq!(game.discards(), [Card::Spy, Card::Spy]);
    // Any number of Spies per turn.
    play(&mut game, 0, Action::PlaySpy { target: Seat(2) });
    play(&mut game, 2, Action::AnswerSpy { counter: false });
    play(
        &mut game,
        0,
        Action::SpyDiscard {
            card: Card::Marshall,
        },
    );
    assert!(game.hand(Seat(2)).is_empty());
}

#[test]
fn general_lost_on_tie() {
    // Ruling 12: 4 + 1 against a 5: the tie goes to the defender, the General falls;
    // another may then be committed.
    let p = with_hand(base(), 0, &[Card::General, Card::General]);
    let mut game = rulebook_game(&p, &[4, 5, 3, 1]);
    play(&mut game, 0, attack("n1", "s1"));
    let events = play(
        &mut game,
        0,
        Action::Roll {
            dice: 1,
            general: true,
        },
    );
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::GeneralCommitted { seat: Seat(0) })
    );
    let events = play(
        &mut game,
        1,
        Action::Defend {
            dice: 1,
            marshall: false,
        },
    );
    assert!(events.iter().any(|e| e.kind
        == EventKind::CardLost {
            seat: Seat(0),
            card: Card::General
        }));
    assert_eq!(armies(&game, "n1"), 4);
    assert!(events.iter().any(|e| e.kind
        == EventKind::ArmiesLost {
            seat: Seat(0),
            territory: t("n1"),
            armies: 1,
            aboard: false
        }));
    assert_eq!(game.hand(Seat(0)).count(Card::General), 1);
    assert_eq!(game.discards(), [Card::General]);
    let events = play(
        &mut game,
        0,
        Action::Roll {
            dice: 1,
            general: true,
        },
    );
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::GeneralCommitted { seat: Seat(0) })
    );
    let events = play(
        &mut game,
        1,
        Action::Defend {
            dice: 1,
            marshall: false,
        },
    );
    assert!(has_event(&events, |k| matches!(
        k,
        EventKind::DiceRolled {
            general: true,
            defender_losses: 1,
            ..
        }
    )));
}

#[test]
fn lenient_general_survives_a_tie() {
    // Ruling 12, option.
    let mut variant = Variant::rulebook();
    variant.lenient_general = true;
    let p = with_hand(base(), 0, &[Card::General]);
    let mut game = game_at(&p, variant, &[4, 5]);
    play(&mut game, 0, attack("n1", "s1"));
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 1,
            general: true,
        },
    );
    let events = play(
        &mut game,
        1,
        Action::Defend {
            dice: 1,
            marshall: false,
        },
    );
    assert!(!has_event(&events, |k| matches!(
        k,
        EventKind::CardLost { .. }
    )));
    assert_eq!(armies(&game, "n1"), 4, "the attacker still loses the tie");
}

#[test]
fn general_stays_committed_for_the_turn_and_returns_at_its_end() {
    // Ruling 12.
    let mut p = with_hand(base(), 0, &[Card::General]);
    set(&mut p, "s1", 1, 1);
    let mut game = rulebook_game(&p, &[6, 1, 6, 1]);
    play(&mut game, 0, attack("n1", "s1"));
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 1,
            general: true,
        },
    );
    play(
        &mut game,
        1,
        Action::Defend {
            dice: 1,
            marshall: false,
        },
    );
    play(&mut game, 0, Action::MoveIn { armies: 3 });
    assert!(!game.hand(Seat(0)).has(Card::General));
    play(&mut game, 0, attack("s1", "h1"));
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::Roll {
                dice: 1,
                general: true
            }
        ),
        RuleError::GeneralAlreadyCommitted
    ));
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 1,
            general: false,
        },
    );
    let events = play(
        &mut game,
        2,
        Action::Defend {
            dice: 1,
            marshall: false,
        },
    );
    assert!(has_event(&events, |k| matches!(
        k,
        EventKind::DiceRolled { general: true, .. }
    )));
    play(&mut game, 0, Action::MoveIn { armies: 1 });
    let events = end_turn(&mut game, 0);
    assert!(events.iter().any(|e| e.kind
        == EventKind::CardReturned {
            seat: Seat(0),
            card: Card::General
        }));
    assert!(game.hand(Seat(0)).has(Card::General));
}

#[test]
fn marshall_lost_when_attacker_wins_the_high_die() {
    // Ruling 13: 6 beats 4 + 1.
    let p = with_hand(base(), 1, &[Card::Marshall, Card::Marshall]);
    let mut game = rulebook_game(&p, &[6, 4]);
    play(&mut game, 0, attack("n1", "s1"));
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 1,
            general: false,
        },
    );
    let events = play(
        &mut game,
        1,
        Action::Defend {
            dice: 1,
            marshall: true,
        },
    );
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::MarshallCommitted { seat: Seat(1) })
    );
    assert!(events.iter().any(|e| e.kind
        == EventKind::CardLost {
            seat: Seat(1),
            card: Card::Marshall
        }));
    assert_eq!(game.hand(Seat(1)).count(Card::Marshall), 1);
    assert_eq!(armies(&game, "s1"), 2);
}

#[test]
fn general_lost_when_the_marshall_lifts_the_defence_to_a_tie() {
    // Ruling 12 and 13: 5 + 1 against 5 + 1. The defender's high die with its
    // Marshall reaches the attacker's with its General: the tie goes to the defender,
    // the General falls, the Marshall stays; the second pair (4 against 2) still
    // goes to the attacker.
    let mut p = with_hand(base(), 0, &[Card::General]);
    p.seats[1].hand = vec![Card::Marshall].into();
    let mut game = rulebook_game(&p, &[5, 4, 5, 2]);
    play(&mut game, 0, attack("n1", "s1"));
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 2,
            general: true,
        },
    );
    let events = play(
        &mut game,
        1,
        Action::Defend {
            dice: 2,
            marshall: true,
        },
    );
    assert!(has_event(&events, |k| matches!(
        k,
        EventKind::DiceRolled {
            general: true,
            marshall: true,
            attacker_losses: 1,
            defender_losses: 1,
            ..
        }
    )));
    assert!(events.iter().any(|e| e.kind
        == EventKind::CardLost {
            seat: Seat(0),
            card: Card::General
        }));
    assert!(!events.iter().any(|e| e.kind
        == EventKind::CardLost {
            seat: Seat(1),
            card: Card::Marshall
        }));
    assert_eq!((armies(&game, "n1"), armies(&game, "s1")), (4, 2));
}

#[test]
fn marshall_lasts_the_attack_and_returns_at_its_end() {
    // Ruling 13: 3 against 4 + 1, then 5 against 4 + 1: the Marshall holds both times.
    let p = with_hand(base(), 1, &[Card::Marshall, Card::Marshall]);
    let mut game = rulebook_game(&p, &[3, 4, 5, 4]);
    play(&mut game, 0, attack("n1", "s1"));
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 1,
            general: false,
        },
    );
    play(
        &mut game,
        1,
        Action::Defend {
            dice: 1,
            marshall: true,
        },
    );
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 1,
            general: false,
        },
    );
    assert!(matches!(
        refused(
            &mut game,
            1,
            Action::Defend {
                dice: 1,
                marshall: true
            }
        ),
        RuleError::MarshallAlreadyCommitted
    ));
    let events = play(
        &mut game,
        1,
        Action::Defend {
            dice: 1,
            marshall: false,
        },
    );
    assert!(has_event(&events, |k| matches!(
        k,
        EventKind::DiceRolled {
            marshall: true,
            attacker_losses: 1,
            ..
        }
    )));
    assert_eq!(armies(&game, "n1"), 3);
    let events = play(&mut game, 0, Action::StopAttack);
    assert!(events.iter().any(|e| e.kind
        == EventKind::CardReturned {
            seat: Seat(1),
            card: Card::Marshall
        }));
    assert_eq!(game.hand(Seat(1)).count(Card::Marshall), 2);
}

#[test]
fn admiral_cannot_stop() {
    // Ruling 14: the ship rolls min(3, aboard) dice and fights to the end.
    let p = with_hand(base(), 0, &[Card::Admiral]);
    let mut game = rulebook_game(&p, &[]);
    let (n1, e1) = (t("n1"), t("e1"));
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::AdmiralAttack {
                from: n1,
                to: e1,
                armies: 5
            }
        ),
        RuleError::OutOfRange { min: 1, max: 4, .. }
    ));
    play(
        &mut game,
        0,
        Action::AdmiralAttack {
            from: n1,
            to: e1,
            armies: 3,
        },
    );
    assert_eq!(armies(&game, "n1"), 2);
    assert!(!game.hand(Seat(0)).has(Card::Admiral));
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Roll {
            from: n1,
            to: e1,
            min_dice: 3,
            max_dice: 3,
            ship: Some(3)
        }
    );
    assert!(matches!(
        refused(&mut game, 0, Action::StopAttack),
        RuleError::CannotStopAdmiral
    ));
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::Roll {
                dice: 2,
                general: false
            }
        ),
        RuleError::OutOfRange { min: 3, max: 3, .. }
    ));
}

#[test]
fn admiral_ship_rolls_a_die_for_each_army_aboard_up_to_three() {
    // Ruling 14: 3 aboard roll 3; after losing 2 of them, the one left rolls 1.
    let p = with_hand(base(), 0, &[Card::Admiral]);
    let mut game = rulebook_game(&p, &[1, 1, 6, 6, 6]);
    let (n1, e1) = (t("n1"), t("e1"));
    play(
        &mut game,
        0,
        Action::AdmiralAttack {
            from: n1,
            to: e1,
            armies: 3,
        },
    );
    roll(&mut game, 0, 2, 3, 2);
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Roll {
            from: n1,
            to: e1,
            min_dice: 1,
            max_dice: 1,
            ship: Some(1)
        }
    );
    assert_eq!(armies(&game, "n1"), 2, "losses aboard leave the port alone");
}

#[test]
fn admiral_discarded_when_every_army_aboard_is_lost() {
    // Ruling 14.
    let p = with_hand(base(), 0, &[Card::Admiral]);
    let mut game = rulebook_game(&p, &[1, 6, 6]);
    play(
        &mut game,
        0,
        Action::AdmiralAttack {
            from: t("n1"),
            to: t("e1"),
            armies: 1,
        },
    );
    let events = roll(&mut game, 0, 2, 1, 2);
    assert!(events.iter().any(|e| e.kind
        == EventKind::CardLost {
            seat: Seat(0),
            card: Card::Admiral
        }));
    assert!(has_event(&events, |k| matches!(
        k,
        EventKind::AttackEnded {
            reason: AttackEnd::ShipLost,
            ..
        }
    )));
    assert!(events.iter().any(|e| e.kind
        == EventKind::ArmiesLost {
            seat: Seat(0),
            territory: t("n1"),
            armies: 1,
            aboard: true
        }));
    assert_eq!((armies(&game, "n1"), armies(&game, "e1")), (4, 3));
    assert_eq!(game.discards(), [Card::Admiral]);
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: true }
    );
}

#[test]
fn admiral_lands_every_army_and_returns_to_hand() {
    // Ruling 14: it may be used again the same turn.
    let p = with_hand(base(), 0, &[Card::Admiral]);
    let mut game = rulebook_game(&p, &[6, 6, 6, 1, 1, 6, 6, 6, 1]);
    play(
        &mut game,
        0,
        Action::AdmiralAttack {
            from: t("n1"),
            to: t("e1"),
            armies: 3,
        },
    );
    roll(&mut game, 0, 2, 3, 2);
    let events = roll(&mut game, 0, 2, 3, 1);
    assert!(has_event(&events, |k| matches!(
        k,
        EventKind::ArmiesMoved {
            reason: MoveReason::Landing,
            armies: 3,
            ..
        }
    )));
    assert!(events.iter().any(|e| e.kind
        == EventKind::CardReturned {
            seat: Seat(0),
            card: Card::Admiral
        }));
    assert_eq!(
        (owner(&game, "e1"), armies(&game, "e1")),
        (Some(Seat(0)), 3)
    );
    assert!(game.hand(Seat(0)).has(Card::Admiral));
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: true }
    );
    game.check(
        Seat(0),
        &Action::AdmiralAttack {
            from: t("e1"),
            to: t("s2"),
            armies: 2,
        },
    )
    .unwrap();
}

#[test]
fn admiral_sails_the_black_sea_only_between_its_coasts() {
    // Ruling 14: South Two lies on the Black Sea only; East One on both seas.
    let mut p = with_hand(base(), 1, &[Card::Admiral]);
    p.turn.seat = Seat(1);
    let game = rulebook_game(&p, &[]);
    let (s2, n1, e1, n2, s1) = (t("s2"), t("n1"), t("e1"), t("n2"), t("s1"));
    let error = game
        .check(
            Seat(1),
            &Action::AdmiralAttack {
                from: s2,
                to: n1,
                armies: 1,
            },
        )
        .unwrap_err();
    assert_eq!(error, RuleError::NoSharedSea { from: s2, to: n1 });
    game.check(
        Seat(1),
        &Action::AdmiralAttack {
            from: s2,
            to: e1,
            armies: 1,
        },
    )
    .unwrap();
    let error = game
        .check(
            Seat(1),
            &Action::AdmiralAttack {
                from: s1,
                to: n2,
                armies: 1,
            },
        )
        .unwrap_err();
    assert_eq!(error, RuleError::NotCoastal(n2));
    game.check(
        Seat(1),
        &Action::AdmiralAttack {
            from: s1,
            to: e1,
            armies: 1,
        },
    )
    .unwrap();
}

#[test]
fn admiral_dice_limited_against_a_castle() {
    // Ruling 14: two dice at most against a castle, even with three aboard.
    let p = with_hand(base(), 0, &[Card::Admiral]);
    let mut game = rulebook_game(&p, &[]);
    play(
        &mut game,
        0,
        Action::AdmiralAttack {
            from: t("n1"),
            to: t("e2"),
            armies: 4,
        },
    );
    assert!(matches!(
        game.pending().unwrap().decision,
        Decision::Roll {
            min_dice: 2,
            max_dice: 2,
            ship: Some(4),
            ..
        }
    ));
}

// ---------------------------------------------------------------- Battles (15–17)

#[test]
fn attack_needs_two_armies_and_an_adjacent_enemy() {
    // Ruling 15.
    let mut game = rulebook_game(&base(), &[]);
    let error = refused(&mut game, 0, attack("i1", "i2"));
    assert_eq!(
        error,
        RuleError::TooFewArmies {
            territory: t("i1"),
            armies: 1,
            needed_for: Departure::Attack,
        }
    );
    assert!(matches!(
        refused(&mut game, 0, attack("n1", "e2")),
        RuleError::NotAdjacent { .. }
    ));
    assert!(matches!(
        refused(&mut game, 0, attack("n1", "n2")),
        RuleError::AttackOwnTerritory(_)
    ));
    assert!(matches!(
        refused(&mut game, 0, attack("s1", "h1")),
        RuleError::NotYours(territory) if territory == t("s1")
    ));
}

#[test]
fn dotted_line_is_adjacent() {
    // Ruling 15: North Three and Isle One are joined by a dotted line.
    let mut p = base();
    set(&mut p, "i1", 1, 1);
    let mut game = rulebook_game(&p, &[]);
    play(&mut game, 0, attack("n3", "i1"));
}

#[test]
fn attacker_rolls_fewer_dice_than_armies() {
    // Ruling 15: with 2 armies, 1 die.
    let mut game = rulebook_game(&base(), &[]);
    play(&mut game, 0, attack("n3", "e1"));
    assert!(matches!(
        game.pending().unwrap().decision,
        Decision::Roll {
            min_dice: 1,
            max_dice: 1,
            ..
        }
    ));
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::Roll {
                dice: 2,
                general: false
            }
        ),
        RuleError::OutOfRange { min: 1, max: 1, .. }
    ));
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::Roll {
                dice: 0,
                general: false
            }
        ),
        RuleError::OutOfRange { min: 1, max: 1, .. }
    ));
}

#[test]
fn castle_attack_limited_to_two_dice() {
    // Ruling 15.
    let mut p = base();
    set(&mut p, "n2", 0, 6);
    let mut game = rulebook_game(&p, &[]);
    play(&mut game, 0, attack("n2", "s2"));
    assert!(matches!(
        game.pending().unwrap().decision,
        Decision::Roll { max_dice: 2, .. }
    ));
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::Roll {
                dice: 3,
                general: false
            }
        ),
        RuleError::OutOfRange { min: 1, max: 2, .. }
    ));
    // The limit is a variant option.
    let mut variant = Variant::rulebook();
    variant.castle_dice_limit = 3;
    let mut game = game_at(&p, variant, &[]);
    play(&mut game, 0, attack("n2", "s2"));
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 3,
            general: false,
        },
    );
}

#[test]
fn defender_rolls_two_dice_only_with_two_armies() {
    // Ruling 15.
    let mut p = base();
    set(&mut p, "s1", 1, 1);
    let mut game = rulebook_game(&p, &[6, 6, 1]);
    play(&mut game, 0, attack("n1", "s1"));
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 2,
            general: false,
        },
    );
    assert!(matches!(
        game.pending().unwrap().decision,
        Decision::Defend {
            max_dice: 1,
            attacker_dice: 2,
            ..
        }
    ));
    assert!(matches!(
        refused(
            &mut game,
            1,
            Action::Defend {
                dice: 2,
                marshall: false
            }
        ),
        RuleError::OutOfRange { min: 1, max: 1, .. }
    ));
    play(
        &mut game,
        1,
        Action::Defend {
            dice: 1,
            marshall: false,
        },
    );
}

#[test]
fn move_in_at_least_the_dice_of_the_last_roll_leaving_one() {
    // Ruling 16.
    let mut p = base();
    set(&mut p, "s1", 1, 1);
    let mut game = rulebook_game(&p, &[6, 6, 1]);
    play(&mut game, 0, attack("n1", "s1"));
    let events = roll(&mut game, 0, 1, 2, 1);
    assert!(events.iter().any(|e| e.kind
        == EventKind::TerritoryTaken {
            seat: Seat(0),
            territory: t("s1"),
            from: Some(Seat(1))
        }));
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::MoveIn {
            from: t("n1"),
            to: t("s1"),
            min: 2,
            max: 4
        }
    );
    assert!(matches!(
        refused(&mut game, 0, Action::MoveIn { armies: 1 }),
        RuleError::OutOfRange { min: 2, max: 4, .. }
    ));
    assert!(matches!(
        refused(&mut game, 0, Action::MoveIn { armies: 5 }),
        RuleError::OutOfRange { min: 2, max: 4, .. }
    ));
    play(&mut game, 0, Action::MoveIn { armies: 3 });
    assert_eq!((armies(&game, "n1"), armies(&game, "s1")), (2, 3));
}

#[test]
fn attacker_may_stop_between_rolls_and_stops_at_one_army() {
    // Ruling 16.
    let mut game = rulebook_game(&base(), &[1, 6, 1, 6]);
    play(&mut game, 0, attack("n3", "e1"));
    let events = play(&mut game, 0, Action::StopAttack);
    assert!(has_event(&events, |k| matches!(
        k,
        EventKind::AttackEnded {
            reason: AttackEnd::Stopped,
            ..
        }
    )));
    play(&mut game, 0, attack("n3", "e1"));
    let events = roll(&mut game, 0, 2, 1, 1);
    assert!(has_event(&events, |k| matches!(
        k,
        EventKind::AttackEnded {
            reason: AttackEnd::OutOfArmies,
            ..
        }
    )));
    assert_eq!(armies(&game, "n3"), 1);
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: true }
    );
}

#[test]
fn defender_chooses_its_dice_and_marshall() {
    // Ruling 17: the defender's decision comes from the defender.
    let mut game = rulebook_game(&base(), &[5, 5, 2]);
    play(&mut game, 0, attack("n1", "s1"));
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 1,
            general: false,
        },
    );
    let pending = game.pending().unwrap();
    assert_eq!(pending.seat, Seat(1));
    assert_eq!(
        pending.describe(game.board()),
        "seat 1: defend South One against 1 die"
    );
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::Defend {
                dice: 1,
                marshall: false
            }
        ),
        RuleError::NotYourDecision {
            pending: Seat(1),
            ..
        }
    ));
    assert!(matches!(
        refused(
            &mut game,
            1,
            Action::Defend {
                dice: 1,
                marshall: true
            }
        ),
        RuleError::NoCard(Card::Marshall)
    ));
    let events = play(
        &mut game,
        1,
        Action::Defend {
            dice: 2,
            marshall: false,
        },
    );
    assert!(has_event(
        &events,
        |k| matches!(k, EventKind::DiceRolled { attack, defence, .. } if attack == &vec![5] && defence == &vec![5, 2])
    ));
}

// ---------------------------------------------------------------- Castles (18–21)

#[test]
fn castle_capture_eliminates_its_owner() {
    // Ruling 18: castle off, banner to the victor, armies removed, cards and unused
    // hidden armies to the victor.
    let mut p = base();
    set(&mut p, "n2", 0, 6);
    set(&mut p, "s2", 1, 1);
    p.seats[1].hand = vec![Card::Spy, Card::Marshall].into();
    p.seats[1].hidden_armies = vec![HiddenArmyPosition {
        territory: "h1".into(),
        revealed: false,
    }];
    let mut game = rulebook_game(&p, &[6, 6, 1]);
    play(&mut game, 0, attack("n2", "s2"));
    let events = roll(&mut game, 0, 1, 2, 1);
    let south = game.board().group_by_key("south").unwrap();
    assert!(events.iter().any(|e| e.kind
        == EventKind::CastleTaken {
            seat: Seat(0),
            territory: t("s2"),
            owner: Seat(1)
        }));
    assert!(events.iter().any(|e| e.kind
        == EventKind::BannersMoved {
            from: Seat(1),
            to: Seat(0),
            banners: vec![south]
        }));
    assert!(events.iter().any(|e| e.kind
        == EventKind::SeatEliminated {
            seat: Seat(1),
            by: Seat(0)
        }));
    let taken: Vec<_> = events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::CardsTaken { .. }))
        .collect();
    assert_eq!(taken.len(), 2);
    for event in taken {
        let EventKind::CardsTaken { count, hand, .. } = &event.kind else {
            unreachable!()
        };
        assert_eq!(*count, 2);
        assert_eq!(hand.is_some(), event.audience == Audience::Seat(Seat(0)));
    }
    assert!(game.is_eliminated(Seat(1)));
    assert_eq!(game.castle(Seat(1)), None);
    assert_eq!(game.captured_banners(Seat(0)), [south]);
    assert_eq!(
        game.hand(Seat(0)),
        Hand::from(vec![Card::Spy, Card::Marshall])
    );
    assert!(game.hand(Seat(1)).is_empty());
    assert_eq!(game.hidden_armies(Seat(0)).len(), 1);
    assert_eq!(owner(&game, "s1"), None);
    assert_eq!(owner(&game, "i2"), None);
    assert_eq!(armies(&game, "s1"), 0);
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::MoveIn {
            from: t("n2"),
            to: t("s2"),
            min: 2,
            max: 5
        }
    );
    assert_eq!(
        game.view_for(Seat(2)).territories[t("s2").index()].castle,
        None
    );
}

const FOUR_SEATS: &str = r#"
[territories]
n1 = { owner = 0, armies = 5 }
n2 = { owner = 0, armies = 6 }
n3 = { owner = 0, armies = 2 }
i1 = { owner = 0, armies = 1 }
s1 = { owner = 1, armies = 1 }
s2 = { owner = 1, armies = 1 }
i2 = { owner = 1, armies = 1 }
h1 = { owner = 1, armies = 1 }
e1 = { owner = 2, armies = 3 }
e2 = { owner = 2, armies = 3 }
w1 = { owner = 3, armies = 3 }

[[seats]]
castle = "n1"
[[seats]]
castle = "s2"
[[seats]]
castle = "e2"
[[seats]]
castle = "w1"

[turn]
seat = 0
"#;

fn four_seats_after_capture() -> Game {
    let p = Position::from_toml(FOUR_SEATS).unwrap();
    let mut game = rulebook_game(&p, &[6, 6, 1]);
    play(&mut game, 0, attack("n2", "s2"));
    roll(&mut game, 0, 1, 2, 1);
    play(&mut game, 0, Action::MoveIn { armies: 2 });
    game
}

#[test]
fn redistribution_victor_first_then_seat_order() {
    // Ruling 19: the victor fills first, from the attacking armies first; then the
    // others one territory at a time in seat order.
    let mut game = four_seats_after_capture();
    let (s1, i2, h1, n1, n2, s2) = (t("s1"), t("i2"), t("h1"), t("n1"), t("n2"), t("s2"));
    let pending = game.pending().unwrap();
    assert_eq!(pending.seat, Seat(0));
    assert!(
        matches!(&pending.decision, Decision::FillVacated { territories, victor: true } if territories.len() == 3)
    );
    let error = refused(
        &mut game,
        0,
        Action::FillVacated {
            territory: s1,
            from: n1,
        },
    );
    assert!(
        matches!(error, RuleError::AttackingArmiesFirst(_)),
        "{error:?}"
    );
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::FillVacated {
                territory: t("n3"),
                from: s2
            }
        ),
        RuleError::NotVacated(_)
    ));
    // Always leaving 1 behind: Isle One's only army stays.
    let error = refused(
        &mut game,
        0,
        Action::FillVacated {
            territory: s1,
            from: t("i1"),
        },
    );
    assert_eq!(error, RuleError::CannotSpare(t("i1")));
    play(
        &mut game,
        0,
        Action::FillVacated {
            territory: s1,
            from: s2,
        },
    );
    play(
        &mut game,
        0,
        Action::FillVacated {
            territory: i2,
            from: n2,
        },
    );
    assert_eq!(
        (
            armies(&game, "s2"),
            armies(&game, "n2"),
            armies(&game, "s1")
        ),
        (1, 3, 1)
    );
    play(&mut game, 0, Action::StopFilling);
    let pending = game.pending().unwrap();
    assert_eq!(pending.seat, Seat(2));
    assert_eq!(
        pending.decision,
        Decision::FillVacated {
            territories: vec![h1],
            victor: false
        }
    );
    assert!(matches!(
        refused(&mut game, 2, Action::StopFilling),
        RuleError::UnexpectedAction { .. }
    ));
    play(
        &mut game,
        2,
        Action::FillVacated {
            territory: h1,
            from: t("e1"),
        },
    );
    assert_eq!(
        (owner(&game, "h1"), armies(&game, "e1")),
        (Some(Seat(2)), 2)
    );
    assert_eq!(
        game.pending().unwrap(),
        castellan_engine::game::Pending {
            seat: Seat(0),
            decision: Decision::Play { attacked: true }
        }
    );
}

#[test]
fn others_fill_one_at_a_time_in_seat_order() {
    // Ruling 19: after the victor: seat 2, seat 3, seat 2 again.
    let mut game = four_seats_after_capture();
    play(&mut game, 0, Action::StopFilling);
    let mut fillers = Vec::new();
    let sources = [("e1", 2), ("w1", 3), ("e2", 2)];
    for (source, seat) in sources {
        let pending = game.pending().unwrap();
        fillers.push(pending.seat);
        let Decision::FillVacated {
            territories,
            victor: false,
        } = pending.decision
        else {
            panic!()
        };
        play(
            &mut game,
            seat,
            Action::FillVacated {
                territory: territories[0],
                from: t(source),
            },
        );
    }
    assert_eq!(fillers, [Seat(2), Seat(3), Seat(2)]);
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: true }
    );
}

#[test]
fn territory_nobody_can_fill_stays_empty_and_is_taken_without_battle() {
    // Ruling 19.
    let mut p = base();
    set(&mut p, "n2", 0, 6);
    set(&mut p, "s2", 1, 1);
    set(&mut p, "e1", 2, 1);
    set(&mut p, "e2", 2, 1);
    let mut game = rulebook_game(&p, &[6, 6, 1]);
    play(&mut game, 0, attack("n2", "s2"));
    roll(&mut game, 0, 1, 2, 1);
    play(&mut game, 0, Action::MoveIn { armies: 2 });
    let events = play(&mut game, 0, Action::StopFilling);
    let (s1, i2, n1) = (t("s1"), t("i2"), t("n1"));
    assert!(events.iter().any(|e| e.kind
        == EventKind::TerritoriesLeftEmpty {
            territories: vec![s1, i2]
        }));
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: true }
    );
    assert!(matches!(
        refused(&mut game, 0, attack("n1", "s1")),
        RuleError::AttackEmptyTerritory(_)
    ));
    assert!(matches!(
        refused(
            &mut game,
            0,
            Action::Occupy {
                from: n1,
                to: t("n2"),
                armies: 1
            }
        ),
        RuleError::NotEmpty(_)
    ));
    let events = play(
        &mut game,
        0,
        Action::Occupy {
            from: n1,
            to: s1,
            armies: 2,
        },
    );
    assert!(has_event(&events, |k| matches!(
        k,
        EventKind::ArmiesMoved {
            reason: MoveReason::Occupy,
            armies: 2,
            ..
        }
    )));
    assert_eq!(
        (owner(&game, "s1"), armies(&game, "s1"), armies(&game, "n1")),
        (Some(Seat(0)), 2, 3)
    );
}

#[test]
fn spoils_per_whole_empire() {
    // Ruling 20: 4 for the North, nothing else.
    let mut game = rulebook_game(&base(), &[]);
    let events = play(&mut game, 0, Action::EndTurn);
    let north = game.board().group_by_key("north").unwrap();
    let spoils = events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::Spoils { breakdown, .. } => Some(breakdown.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(spoils.empires, [(north, 4)]);
    assert_eq!(spoils.total, 4);
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::PlaceArmies {
            armies: 4,
            reason: PlacementReason::Spoils
        }
    );
    play(&mut game, 0, place(&[("n3", 4)]));
    assert_eq!(armies(&game, "n3"), 6);
    assert_eq!(game.turn_seat(), Some(Seat(1)));
}

#[test]
fn spoils_for_all_independents_and_captured_banners() {
    // Ruling 20: 4 (North) + 6 (all independents) + 8 per captured banner; one's own
    // banner does not count.
    let mut p = base();
    set(&mut p, "i2", 0, 1);
    set(&mut p, "h1", 0, 1);
    p.seats[0].captured_banners = vec!["west".into()];
    let game = rulebook_game(&p, &[]);
    let spoils = game.spoils_for(Seat(0));
    assert_eq!(spoils.all_independents, 6);
    assert_eq!((spoils.banners, spoils.banner_armies), (1, 8));
    assert_eq!(spoils.total, 18);
    assert_eq!(
        game.spoils_for(Seat(1)).total,
        4,
        "seat 1 still holds the South whole"
    );

    let mut variant = Variant::rulebook();
    variant.spoils.empire_bonus = Some(7);
    variant.spoils.all_independents_bonus = Some(1);
    variant.spoils.banner_bonus = 10;
    let game = game_at(&p, variant, &[]);
    assert_eq!(game.spoils_for(Seat(0)).total, 7 + 1 + 10);
}

#[test]
fn spoils_two_per_region_house_rule() {
    // Ruling 20, option: each whole region gives its board value, replacing the 6.
    let mut variant = Variant::rulebook();
    variant.spoils.per_region_bonus = true;
    let mut p = base();
    set(&mut p, "i2", 0, 1);
    let game = game_at(&p, variant.clone(), &[]);
    let isles = game.board().group_by_key("isles").unwrap();
    let spoils = game.spoils_for(Seat(0));
    assert_eq!(spoils.regions, [(isles, 2)]);
    assert_eq!(spoils.all_independents, 0);
    assert_eq!(spoils.total, 4 + 2);
    set(&mut p, "h1", 0, 1);
    let game = game_at(&p, variant, &[]);
    let spoils = game.spoils_for(Seat(0));
    assert_eq!(spoils.regions.len(), 2);
    assert_eq!((spoils.all_independents, spoils.total), (0, 4 + 2 + 2));
}

#[test]
fn spoils_per_region_house_rule_with_its_own_region_value() {
    // Ruling 20, options: the per-region value may be set by the variant instead of
    // the board; without the per-region rule it has no effect.
    let mut variant = Variant::rulebook();
    variant.spoils.region_bonus = Some(3);
    let mut p = base();
    set(&mut p, "i2", 0, 1);
    let spoils = game_at(&p, variant.clone(), &[]).spoils_for(Seat(0));
    assert!(
        spoils.regions.is_empty(),
        "the rulebook scores no region alone"
    );
    variant.spoils.per_region_bonus = true;
    let game = game_at(&p, variant, &[]);
    let isles = game.board().group_by_key("isles").unwrap();
    let spoils = game.spoils_for(Seat(0));
    assert_eq!(spoils.regions, [(isles, 3)]);
    assert_eq!(spoils.total, 4 + 3);
}

#[test]
fn last_castle_standing_wins() {
    // Ruling 18 and 21: the loser's banners (its own and those it captured) go to
    // the victor, and the last castle wins.
    let p = Position::from_toml(
        r#"
[territories]
n1 = { owner = 0, armies = 5 }
n2 = { owner = 0, armies = 6 }
s1 = { owner = 1, armies = 2 }
s2 = { owner = 1, armies = 1 }
e1 = { owner = 1, armies = 1 }

[[seats]]
castle = "n1"
[[seats]]
castle = "s2"
captured_banners = ["east"]
[[seats]]

[turn]
seat = 0
step = "attacked"
"#,
    )
    .unwrap();
    let mut game = rulebook_game(&p, &[6, 6, 1]);
    play(&mut game, 0, attack("n2", "s2"));
    let events = roll(&mut game, 0, 1, 2, 1);
    assert!(
        events
            .iter()
            .any(|e| e.kind == EventKind::GameWon { seat: Seat(0) })
    );
    let (south, east) = (
        game.board().group_by_key("south").unwrap(),
        game.board().group_by_key("east").unwrap(),
    );
    assert_eq!(game.captured_banners(Seat(0)), [south, east]);
    assert_eq!(game.winner(), Some(Seat(0)));
    assert_eq!(game.pending(), None);
    assert!(game.legal_actions().is_empty());
    assert_eq!(
        (owner(&game, "s2"), armies(&game, "s2")),
        (Some(Seat(0)), 2)
    );
    assert_eq!(refused(&mut game, 0, Action::EndTurn), RuleError::GameOver);
}

// ---------------------------------------------------------------- Hidden armies (22)

fn hidden(p: &mut Position, seat: usize, keys: &[&str]) {
    p.seats[seat].hidden_armies = keys
        .iter()
        .map(|k| HiddenArmyPosition {
            territory: (*k).to_owned(),
            revealed: false,
        })
        .collect();
}

#[test]
fn hidden_armies_sized_by_last_track_card() {
    // Ruling 22: 0 before any Reinforcement; then the last number covered.
    let mut p = base();
    hidden(&mut p, 0, &["n2", "n3"]);
    let mut game = rulebook_game(&p, &[]);
    let events = play(
        &mut game,
        0,
        Action::RevealHiddenArmies { territory: t("n2") },
    );
    assert!(events.iter().any(|e| e.kind
        == EventKind::HiddenArmiesRevealed {
            seat: Seat(0),
            territory: t("n2"),
            armies: 0
        }));
    p.cards.track = 3;
    let mut game = rulebook_game(&p, &[]);
    assert_eq!(game.hidden_army_size(), 5);
    play(
        &mut game,
        0,
        Action::RevealHiddenArmies { territory: t("n3") },
    );
    assert_eq!(armies(&game, "n3"), 7);
    assert_eq!(game.view_for(Seat(1)).seats[0].hidden_armies_left, 1);
}

#[test]
fn hidden_army_minimum_option() {
    // Ruling 22, option.
    let mut variant = Variant::rulebook();
    variant.hidden_army_minimum = 4;
    let mut p = base();
    hidden(&mut p, 0, &["n2"]);
    assert_eq!(game_at(&p, variant.clone(), &[]).hidden_army_size(), 4);
    p.cards.track = 3;
    assert_eq!(game_at(&p, variant, &[]).hidden_army_size(), 5);
}

#[test]
fn hidden_armies_revealed_when_attacked_before_a_roll() {
    // Ruling 22: only on the territory under attack, then the defence goes on.
    let mut p = base();
    p.cards.track = 2;
    hidden(&mut p, 1, &["s1", "i2"]);
    let mut game = rulebook_game(&p, &[]);
    assert!(matches!(
        refused(
            &mut game,
            1,
            Action::RevealHiddenArmies { territory: t("s1") }
        ),
        RuleError::NotYourDecision {
            pending: Seat(0),
            ..
        }
    ));
    play(&mut game, 0, attack("n1", "s1"));
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 3,
            general: false,
        },
    );
    let error = refused(
        &mut game,
        1,
        Action::RevealHiddenArmies { territory: t("i2") },
    );
    assert!(
        matches!(error, RuleError::RevealOnlyUnderAttack(territory) if territory == t("s1")),
        "{error:?}"
    );
    play(
        &mut game,
        1,
        Action::RevealHiddenArmies { territory: t("s1") },
    );
    assert_eq!(armies(&game, "s1"), 3 + 4);
    assert!(matches!(
        game.pending().unwrap().decision,
        Decision::Defend {
            max_dice: 2,
            attacker_dice: 3,
            ..
        }
    ));
}

#[test]
fn hidden_armies_need_the_territory_held_and_come_out_once() {
    // Ruling 22.
    let mut p = base();
    hidden(&mut p, 0, &["s1", "n2"]);
    let mut game = rulebook_game(&p, &[]);
    assert!(matches!(
        refused(&mut game, 0, Action::RevealHiddenArmies { territory: t("s1") }),
        RuleError::NotYours(territory) if territory == t("s1")
    ));
    play(
        &mut game,
        0,
        Action::RevealHiddenArmies { territory: t("n2") },
    );
    assert!(matches!(
        refused(&mut game, 0, Action::RevealHiddenArmies { territory: t("n2") }),
        RuleError::NoHiddenArmiesThere(territory) if territory == t("n2")
    ));
}

// ---------------------------------------------------------------- Randomness (23)

#[test]
fn same_seed_and_actions_replay_the_same_game() {
    // Ruling 23.
    let mut a = Game::new(castle_board(), Variant::rulebook(), 4, 99).unwrap();
    let mut b = Game::new(castle_board(), Variant::rulebook(), 4, 99).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..400 {
        let Some(seat) = a.pending_seat() else { break };
        let action = a.legal_actions().sample(&mut rng).unwrap();
        let events_a = a.apply(seat, action.clone()).unwrap();
        let events_b = b.apply(seat, action).unwrap();
        assert_eq!(events_a, events_b);
    }
    assert_eq!(a, b);
    let c = Game::new(castle_board(), Variant::rulebook(), 4, 100).unwrap();
    let d = Game::new(castle_board(), Variant::rulebook(), 4, 99).unwrap();
    assert_ne!(c, d);
}

// ---------------------------------------------------------------- The draw (24)

/// Ends turns (placing spoils on the castle) until the game is over or `turns` turns
/// have ended; returns the events of the last.
fn end_turns(game: &mut Game, turns: u32) -> Vec<castellan_engine::game::Event> {
    let mut events = Vec::new();
    for _ in 0..turns {
        let Some(seat) = game.turn_seat() else {
            break;
        };
        events = end_turn(game, seat.0);
    }
    events
}

#[test]
fn a_game_without_a_capture_for_sixty_rounds_is_drawn() {
    // Ruling 24: 60 full rounds (180 turns at three seats) with nothing taken.
    assert_eq!(QUIET_ROUNDS_FOR_A_DRAW, 60);
    let mut game = rulebook_game(&base(), &[]);
    end_turns(&mut game, 179);
    assert_eq!(game.quiet_turns(), 179);
    assert!(!game.is_over(), "one turn short of the draw");
    let seat = game.turn_seat().unwrap();
    let events = end_turn(&mut game, seat.0);
    assert!(has_event(&events, |e| matches!(
        e,
        EventKind::GameDrawn { rounds: 60 }
    )));
    assert!(game.is_drawn() && game.is_over());
    assert_eq!((game.winner(), game.pending()), (None, None));
    assert!(game.legal_actions().is_empty());
    assert!(game.view_for(Seat(1)).drawn);
    let error = game.apply(seat, Action::EndTurn).unwrap_err();
    assert_eq!(error, castellan_engine::game::RuleError::GameOver);
    game.audit().unwrap();
}

#[test]
fn a_capture_starts_the_count_of_quiet_rounds_again() {
    // Ruling 24: the count is of turns ended since a territory was last taken.
    let mut p = base();
    p.turn.quiet_turns = 179;
    set(&mut p, "s1", 1, 1);
    let mut game = rulebook_game(&p, &[6, 6, 1]);
    // Seat 0 takes s1 (1 army) from n1 in one roll.
    play(&mut game, 0, attack("n1", "s1"));
    let events = roll(&mut game, 0, 1, 2, 1);
    assert!(has_event(&events, |e| matches!(
        e,
        EventKind::TerritoryTaken { .. }
    )));
    assert_eq!(game.quiet_turns(), 0);
    if let Some(Decision::MoveIn { min, .. }) = game.pending().map(|p| p.decision) {
        play(&mut game, 0, Action::MoveIn { armies: min });
    }
    end_turn(&mut game, 0);
    assert!(!game.is_over(), "the turn with a capture ended the count");
    assert_eq!(game.quiet_turns(), 1);
    // A position carries the count.
    let described = game.to_position().unwrap();
    assert_eq!(described.turn.quiet_turns, 1);
}

#[test]
fn a_position_near_the_draw_ends_in_one_more_turn() {
    // Ruling 24: the count written in a position goes on from there.
    let mut p = base();
    p.turn.quiet_turns = 179;
    let mut game = rulebook_game(&p, &[]);
    end_turn(&mut game, 0);
    assert!(game.is_drawn());
}

// ---------------------------------------------------------------- Card trading (25)

fn trading_position() -> Position {
    let p = with_hand(base(), 0, &[Card::Spy, Card::General, Card::General]);
    let p = with_hand(p, 1, &[Card::Marshall]);
    with_hand(p, 2, &[Card::Admiral])
}

fn offer(target: u8, give: &[Card], ask: &[Card]) -> Action {
    Action::OfferCards {
        target: Seat(target),
        give: give.iter().copied().collect(),
        ask: ask.iter().copied().collect(),
    }
}

#[test]
fn cards_are_offered_openly_and_change_hands_when_accepted() {
    // Ruling 25.
    let mut game = rulebook_game(&trading_position(), &[]);
    let events = play(&mut game, 0, offer(1, &[Card::Spy], &[Card::Marshall]));
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].audience, Audience::Everyone, "offers are open");
    let pending = game.pending().unwrap();
    assert_eq!(pending.seat, Seat(1));
    assert!(matches!(
        pending.decision,
        Decision::AnswerOffer { from: Seat(0), .. }
    ));
    // Nothing else goes on until the offer is answered.
    refused(&mut game, 0, Action::EndTurn);
    refused(&mut game, 1, Action::EndTurn);
    let events = play(&mut game, 1, Action::AnswerOffer { accept: true });
    assert!(has_event(&events, |e| matches!(
        e,
        EventKind::OfferAccepted {
            seat: Seat(0),
            target: Seat(1),
            ..
        }
    )));
    assert!(events.iter().all(|e| e.audience == Audience::Everyone));
    let hand = |game: &Game, seat: u8| game.hand(Seat(seat)).cards().collect::<Vec<_>>();
    assert_eq!(
        hand(&game, 0),
        [Card::General, Card::General, Card::Marshall]
    );
    assert_eq!(hand(&game, 1), [Card::Spy]);
    assert!(matches!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: false }
    ));
    game.audit().unwrap();
}

#[test]
fn an_offer_is_refused_or_cannot_be_met() {
    // Ruling 25: refusing is always possible; accepting needs the cards asked.
    let mut game = rulebook_game(&trading_position(), &[]);
    play(&mut game, 0, offer(2, &[], &[Card::Admiral, Card::Admiral]));
    let error = game
        .apply(Seat(2), Action::AnswerOffer { accept: true })
        .unwrap_err();
    assert_eq!(
        error,
        castellan_engine::game::RuleError::CannotMeetOffer {
            card: Card::Admiral,
            asked: 2,
            held: 1
        }
    );
    let before: Vec<Hand> = game.seat_ids().map(|s| game.hand(s)).collect();
    let events = play(&mut game, 2, Action::AnswerOffer { accept: false });
    assert!(has_event(&events, |e| matches!(
        e,
        EventKind::OfferRefused {
            seat: Seat(0),
            target: Seat(2)
        }
    )));
    let after: Vec<Hand> = game.seat_ids().map(|s| game.hand(s)).collect();
    assert_eq!(before, after, "a refusal moves no card");
}

#[test]
fn one_offer_per_seat_and_turn_of_cards_held_between_attacks() {
    // Ruling 25: one offer to each other seat in a turn, of cards one holds, giving or
    // asking something, in one's own turn between attacks.
    use castellan_engine::game::RuleError;
    let mut game = rulebook_game(&trading_position(), &[6, 6, 1]);
    let refusal = |game: &mut Game, seat: u8, action: Action| {
        let before = game.clone();
        let error = game.apply(Seat(seat), action).unwrap_err();
        assert_eq!(*game, before);
        error
    };
    assert_eq!(
        refusal(&mut game, 0, offer(1, &[], &[])),
        RuleError::EmptyOffer
    );
    assert_eq!(
        refusal(&mut game, 0, offer(1, &[Card::Spy, Card::Spy], &[])),
        RuleError::OfferBeyondHand {
            card: Card::Spy,
            offered: 2,
            held: 1
        }
    );
    assert_eq!(
        refusal(&mut game, 0, offer(0, &[Card::Spy], &[])),
        RuleError::SelfTarget
    );
    assert!(matches!(
        refusal(&mut game, 1, offer(0, &[Card::Marshall], &[])),
        RuleError::NotYourDecision { .. }
    ));
    play(&mut game, 0, offer(1, &[Card::General], &[]));
    play(&mut game, 1, Action::AnswerOffer { accept: false });
    assert_eq!(
        refusal(&mut game, 0, offer(1, &[Card::General], &[])),
        RuleError::AlreadyOffered(Seat(1))
    );
    // Another seat may still be offered cards, after an attack too, but not during it.
    play(&mut game, 0, attack("n1", "s1"));
    assert!(matches!(
        refusal(&mut game, 0, offer(2, &[Card::General], &[])),
        RuleError::UnexpectedAction { .. }
    ));
    play(&mut game, 0, Action::StopAttack);
    play(&mut game, 0, offer(2, &[Card::General], &[]));
    play(&mut game, 2, Action::AnswerOffer { accept: true });
    assert_eq!(game.hand(Seat(2)).count(Card::General), 1);
    // Next turn, offers may be made again.
    end_turn(&mut game, 0);
    let legal = game.legal_actions();
    assert!(legal.allows(&offer(0, &[Card::Marshall], &[])));
}

#[test]
fn computer_players_answer_offers() {
    // Ruling 25: the computer accepts a gift or a fair trade and refuses the rest.
    use castellan_engine::bot::{GreedyPolicy, Policy, RandomPolicy, SeatSight};
    for (give, ask, accepted) in [
        (&[Card::Spy][..], &[][..], true),
        (&[Card::General][..], &[Card::Marshall][..], true),
        (&[Card::Spy][..], &[Card::Marshall][..], true),
        (&[][..], &[Card::Marshall][..], false),
    ] {
        let mut game = rulebook_game(&trading_position(), &[]);
        play(&mut game, 0, offer(1, give, ask));
        let legal = game.legal_actions();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let sight = SeatSight::new(&game, Seat(1));
        let answer = GreedyPolicy::new().choose(&sight, &legal, &mut rng);
        assert_eq!(answer, Action::AnswerOffer { accept: accepted });
        let answer = RandomPolicy.choose(&sight, &legal, &mut rng);
        play(&mut game, 1, answer);
    }
}

// ---------------------------------------------------------------- The limit on armies (26)

#[test]
fn armies_past_the_limit_of_the_board_are_forfeited() {
    // Ruling 26: spoils of 4 with room for 1 on the board: 1 placed, 3 forfeited.
    let mut p = base();
    let on_board: u32 = p.territories.values().map(|t| t.armies).sum();
    set(&mut p, "n1", 0, 5 + MAX_ARMIES_ON_BOARD - 1 - on_board);
    let mut game = rulebook_game(&p, &[]);
    assert_eq!(game.room_for_armies(), 1);
    let events = play(&mut game, 0, Action::EndTurn);
    assert!(has_event(&events, |e| matches!(
        e,
        EventKind::ArmiesForfeited {
            seat: Seat(0),
            armies: 3
        }
    )));
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::PlaceArmies {
            armies: 1,
            reason: PlacementReason::Spoils
        }
    );
    play(&mut game, 0, place(&[("n2", 1)]));
    assert_eq!(game.room_for_armies(), 0);
    // A full board: the next seat's spoils are all forfeited, its turn goes on.
    let events = end_turn(&mut game, 1);
    assert!(has_event(&events, |e| matches!(
        e,
        EventKind::ArmiesForfeited { seat: Seat(1), .. }
    )));
    assert_eq!(game.turn_seat(), Some(Seat(2)));
    game.audit().unwrap();
}

#[test]
fn a_position_past_the_limit_on_armies_is_refused() {
    // Ruling 26: no count of armies wraps round; a position past the limit is refused.
    let mut p = base();
    set(&mut p, "n1", 0, u32::MAX);
    let error = Game::from_position(
        tiny_board(),
        Variant::rulebook(),
        &p,
        castellan_engine::game::Dice::Random,
    )
    .unwrap_err();
    assert!(error.problems.iter().any(|problem| matches!(
        problem,
        castellan_engine::game::PositionProblem::TooManyArmies { .. }
    )));
    set(&mut p, "n1", 0, MAX_ARMIES_ON_BOARD);
    assert!(
        Game::from_position(
            tiny_board(),
            Variant::rulebook(),
            &p,
            castellan_engine::game::Dice::Random
        )
        .is_err(),
        "the other territories' armies take it past the limit"
    );
}

#[test]
fn hidden_armies_and_reinforcements_stop_at_the_limit_on_armies() {
    // Ruling 26: hidden armies of 5 with room for 2: 2 come out, 3 are forfeited; then
    // Reinforcements of 3 with no room left: none to place.
    let mut p = with_hand(base(), 0, &[Card::Reinforcements]);
    hidden(&mut p, 0, &["n3"]);
    p.cards.track = 3;
    let on_board: u32 = p.territories.values().map(|t| t.armies).sum();
    set(&mut p, "n1", 0, 5 + MAX_ARMIES_ON_BOARD - 2 - on_board);
    let mut game = rulebook_game(&p, &[]);
    let events = play(
        &mut game,
        0,
        Action::RevealHiddenArmies { territory: t("n3") },
    );
    assert!(has_event(&events, |e| matches!(
        e,
        EventKind::HiddenArmiesRevealed { armies: 2, .. }
    )));
    assert!(has_event(&events, |e| matches!(
        e,
        EventKind::ArmiesForfeited { armies: 3, .. }
    )));
    assert_eq!(armies(&game, "n3"), 4);
    let events = play(&mut game, 0, Action::PlayReinforcements { cards: 1 });
    assert!(has_event(&events, |e| matches!(
        e,
        EventKind::ArmiesForfeited { armies: 6, .. }
    )));
    assert!(matches!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: false }
    ));
    game.audit().unwrap();
}

#[test]
fn a_position_says_which_seats_were_offered_cards_this_turn() {
    // Ruling 25: the offers made in a turn survive a described position.
    let mut game = rulebook_game(&trading_position(), &[]);
    play(&mut game, 0, offer(1, &[Card::Spy], &[]));
    assert_eq!(game.to_position(), None, "an offer awaits its answer");
    play(&mut game, 1, Action::AnswerOffer { accept: false });
    let described = game.to_position().unwrap();
    assert_eq!(described.turn.offered, [Seat(1)]);
    let mut again = rulebook_game(&described, &[]);
    assert_eq!(
        again
            .apply(Seat(0), offer(1, &[Card::Spy], &[]))
            .unwrap_err(),
        castellan_engine::game::RuleError::AlreadyOffered(Seat(1))
    );
    // Seats that are not at the table are refused, whatever their number.
    let mut wrong = described.clone();
    wrong.turn.offered = vec![Seat(0), Seat(9), Seat(200)];
    let error = Game::from_position(
        tiny_board(),
        Variant::rulebook(),
        &wrong,
        castellan_engine::game::Dice::Random,
    )
    .unwrap_err();
    assert_eq!(error.problems.len(), 3, "{error}");
}
