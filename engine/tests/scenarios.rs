//! Scenarios: longer stretches of play from described positions with fixed dice, what
//! each seat is shown, how positions are checked and written, and whole games played
//! at random.

#[path = "positions/support.rs"]
mod support;

use castellan_engine::game::{
    Action, Audience, Card, Choice, Decision, Dice, EventKind, Game, Hand, PlacementReason,
    Position, PositionProblem, Route, RuleError, Seat, TurnStep,
};
use castellan_engine::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::*;

const THREE_SEATS: &str = include_str!("positions/three-seats.toml");
const BROKEN: &str = include_str!("positions/broken.toml");

fn three_seats(dice: &[u8]) -> Game {
    tiny_game(THREE_SEATS, Variant::rulebook(), dice)
}

#[test]
fn full_setup_on_the_castle_board_places_every_army() {
    let mut game = Game::new(castle_board(), Variant::rulebook(), 4, 2024).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    while !game.setup_done() {
        let seat = game.pending_seat().unwrap();
        let action = game.legal_actions().sample(&mut rng).unwrap();
        play(&mut game, seat.0, action);
    }
    assert!(
        game.board()
            .territory_ids()
            .all(|t| game.owner(t).is_some())
    );
    let mut empires = Vec::new();
    for seat in game.seat_ids() {
        let armies: u32 = game
            .board()
            .territory_ids()
            .filter(|&t| game.owner(t) == Some(seat))
            .map(|t| game.armies(t))
            .sum();
        assert_eq!(armies, 30, "{seat}");
        assert_eq!(game.armies_to_place(seat), 0);
        let castle = game.castle(seat).unwrap();
        assert_eq!(game.owner(castle), Some(seat));
        assert_eq!(
            Some(game.board().territory(castle).group),
            game.empire(seat)
        );
        empires.push(game.empire(seat).unwrap());
        assert_eq!(game.hidden_armies(seat).len(), 1);
    }
    empires.sort();
    empires.dedup();
    assert_eq!(empires.len(), 4);
}

#[test]
fn a_castle_falls_by_sea_and_the_victor_fills_from_the_landing() {
    let mut game = three_seats(&[6, 6, 1]);
    play(
        &mut game,
        0,
        Action::AdmiralAttack {
            from: t("n1"),
            to: t("e2"),
            armies: 3,
        },
    );
    let events = roll(&mut game, 0, 2, 2, 1);
    assert!(events.iter().any(|e| e.kind
        == EventKind::SeatEliminated {
            seat: Seat(2),
            by: Seat(0)
        }));
    assert!(events.iter().any(|e| e.kind
        == EventKind::CardReturned {
            seat: Seat(0),
            card: Card::Admiral
        }));
    assert!(events.iter().any(|e| e.kind
        == EventKind::TerritoriesVacated {
            territories: vec![t("e1"), t("h1")]
        }));
    // Seat 2's hand and its used hidden armies: the cards pass, the spent slip does not.
    assert!(game.hand(Seat(0)).has(Card::Reinforcements) && game.hand(Seat(0)).has(Card::Diplomat));
    assert_eq!(game.hidden_armies(Seat(0)).len(), 1);
    assert_eq!(armies(&game, "e2"), 3);
    // The attacking armies are the ones that landed: they fill first.
    let error = refused(
        &mut game,
        0,
        Action::FillVacated {
            territory: t("e1"),
            from: t("n2"),
        },
    );
    assert_eq!(error, RuleError::AttackingArmiesFirst(t("e2")));
    play(
        &mut game,
        0,
        Action::FillVacated {
            territory: t("e1"),
            from: t("e2"),
        },
    );
    play(
        &mut game,
        0,
        Action::FillVacated {
            territory: t("h1"),
            from: t("e2"),
        },
    );
    assert_eq!(
        (
            armies(&game, "e2"),
            armies(&game, "e1"),
            armies(&game, "h1")
        ),
        (1, 1, 1)
    );
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::Play { attacked: true }
    );
    // Two seats are left: the end of this turn takes the Diplomats away.
    let events = end_turn(&mut game, 0);
    assert!(events.iter().any(|e| e.kind
        == EventKind::DiplomatsDiscarded {
            seat: Seat(0),
            count: 1
        }));
    assert_eq!(game.turn_seat(), Some(Seat(1)));
}

#[test]
fn spy_between_rolls_resumes_the_attack() {
    let mut game = three_seats(&[]);
    play(&mut game, 0, attack("n1", "s1"));
    let before = game.pending().unwrap();
    play(&mut game, 0, Action::PlaySpy { target: Seat(2) });
    assert_eq!(game.pending_seat(), Some(Seat(2)));
    play(&mut game, 2, Action::AnswerSpy { counter: false });
    play(
        &mut game,
        0,
        Action::SpyDiscard {
            card: Card::Diplomat,
        },
    );
    assert_eq!(game.pending().unwrap(), before);
    assert_eq!(game.hand(Seat(2)), Hand::from(vec![Card::Reinforcements]));
    // Not while the defender is answering the dice.
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 3,
            general: false,
        },
    );
    let error = refused(&mut game, 1, Action::PlaySpy { target: Seat(0) });
    assert!(
        matches!(error, RuleError::UnexpectedAction { .. }),
        "{error:?}"
    );
}

#[test]
fn seat_view_shows_only_what_the_seat_may_know() {
    let game = three_seats(&[]);
    let view = game.view_for(Seat(1));
    assert_eq!(view.seat, Seat(1));
    assert_eq!(view.hand, Hand::from(vec![Card::Spy, Card::Marshall]));
    assert_eq!(view.hidden_armies.len(), 1);
    assert_eq!(view.hidden_armies[0].territory, t("e1"));
    assert_eq!(view.seats[0].hand_size, 3);
    assert_eq!(view.seats[0].hidden_armies_left, 1);
    assert_eq!(view.seats[2].hidden_armies_left, 0);
    assert_eq!(view.territories[t("s2").index()].castle, Some(Seat(1)));
    assert_eq!(view.territories[t("n1").index()].armies, 5);
    assert_eq!(
        (view.track, view.hidden_army_size, view.turn_number),
        (2, 4, 7)
    );
    assert_eq!(view.discards, [Card::Spy]);
    assert_eq!(view.turn_seat, Some(Seat(0)));
    assert_eq!(
        view.pending.as_ref().unwrap().decision,
        Decision::Play { attacked: false }
    );
    // Nothing of seat 0's secrets appears in seat 1's view, even in JSON.
    let json = serde_json::to_string(&view).unwrap();
    assert!(!json.contains("admiral"), "{json}");
    let n2 = t("n2").0.to_string();
    assert!(!json.contains(&format!("\"territory\":{n2}")), "{json}");
    assert_eq!(view.seats[1].territories, 3);
    assert_eq!(view.seats[1].armies, 8);
}

#[test]
fn card_draws_name_the_card_only_to_its_owner() {
    let mut position = Position::from_toml(THREE_SEATS).unwrap();
    position.turn.step = TurnStep::Start;
    let game = game_at(&position, Variant::rulebook(), &[]);
    let draws: Vec<_> = game
        .opening_events()
        .iter()
        .filter(|e| matches!(e.kind, EventKind::CardDrawn { .. }))
        .collect();
    assert_eq!(draws.len(), 2, "3 cards held: no top-up, one draw");
    for event in draws {
        let EventKind::CardDrawn { seat, card } = &event.kind else {
            unreachable!()
        };
        assert_eq!(*seat, Seat(0));
        match event.audience {
            Audience::Seat(s) => {
                assert_eq!(s, Seat(0));
                assert!(card.is_some());
                assert!(!event.is_public());
            }
            Audience::AllBut(s) => {
                assert_eq!(s, Seat(0));
                assert!(card.is_none());
                assert!(event.visible_to(Seat(1)) && !event.visible_to(Seat(0)));
            }
            Audience::Everyone => panic!("a draw is never shown whole to everyone"),
        }
    }
    assert_eq!(game.hand(Seat(0)).len(), 4);
}

#[test]
fn position_problems_are_all_reported_at_once() {
    let position = Position::from_toml(BROKEN).unwrap();
    let error = Game::from_position(tiny_board(), Variant::rulebook(), &position, Dice::Random)
        .unwrap_err();
    let expected = [
        PositionProblem::OwnedWithoutArmies("n2".into()),
        PositionProblem::UnknownTerritory("nowhere".into()),
        PositionProblem::ArmiesWithoutOwner("s1".into()),
        PositionProblem::UnknownSeat(Seat(7)),
        PositionProblem::TwoCastlesInEmpire {
            first: Seat(0),
            second: Seat(1),
            empire: "north".into(),
        },
        PositionProblem::CastleNotHeld {
            seat: Seat(1),
            territory: "n2".into(),
        },
        PositionProblem::UnknownEmpire("atlantis".into()),
        PositionProblem::CastleOutsideEmpire {
            seat: Seat(2),
            territory: "i1".into(),
        },
        PositionProblem::CastleNotHeld {
            seat: Seat(2),
            territory: "i1".into(),
        },
        PositionProblem::OutSeatHolds {
            seat: Seat(3),
            what: "cards",
        },
        PositionProblem::HiddenUnderCastle {
            seat: Seat(1),
            territory: "n1".into(),
        },
        PositionProblem::TruceWithSelf(Seat(1)),
        PositionProblem::TruceWithOutSeat(Seat(3)),
        PositionProblem::TurnOfOutSeat(Seat(3)),
        PositionProblem::GeneralBeforeAttack,
        PositionProblem::CardCount {
            card: Card::General,
            deck: 8,
            found: 10,
        },
    ];
    for problem in &expected {
        assert!(
            error.problems.contains(problem),
            "missing {problem:?} in\n{error}"
        );
    }
    assert_eq!(error.problems.len(), expected.len(), "{error}");
    let text = error.to_string();
    assert_eq!(text.lines().count(), expected.len());
    assert!(
        text.contains("there is no territory `nowhere` on this board"),
        "{text}"
    );
    assert!(
        text.contains("the General cards do not add up: the deck has 8, the position has 10"),
        "{text}"
    );

    // Unknown keys in the file itself are refused by the reader.
    let error = Position::from_toml("[turn]\nseat = 0\nstep = \"play\"\nsteps = 1\n").unwrap_err();
    assert!(error.to_string().contains("steps"), "{error}");
}

#[test]
fn an_explicit_draw_pile_must_complete_the_deck() {
    let mut position = Position::from_toml(THREE_SEATS).unwrap();
    position.cards.draw_pile = Some(vec![Card::Admiral; 3]);
    let error = Game::from_position(tiny_board(), Variant::rulebook(), &position, Dice::Random)
        .unwrap_err();
    assert!(error.problems.contains(&PositionProblem::CardCount {
        card: Card::Admiral,
        deck: 6,
        found: 4
    }));
    assert!(error.problems.contains(&PositionProblem::CardCount {
        card: Card::Marshall,
        deck: 8,
        found: 1
    }));
    let bad_dice = Game::from_position(
        tiny_board(),
        Variant::rulebook(),
        &Position::from_toml(THREE_SEATS).unwrap(),
        Dice::Fixed(vec![3, 7]),
    );
    assert_eq!(
        bad_dice.unwrap_err().problems,
        [PositionProblem::DieFace(7)]
    );
}

#[test]
fn position_round_trips_through_toml_and_json() {
    let mut game = three_seats(&[6, 6, 1, 1, 6]);
    play(&mut game, 0, attack("n1", "s1"));
    roll(&mut game, 0, 1, 2, 2);
    play(&mut game, 0, Action::StopAttack);
    let position = game.to_position().expect("between attacks");
    assert_eq!(position.turn.step, TurnStep::Attacked);
    assert_eq!(position.turn.number, 7);
    let toml = position.to_toml();
    let again = Position::from_toml(&toml).unwrap();
    assert_eq!(again, position);
    let json = serde_json::to_string(&position).unwrap();
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), position);
    let copy =
        Game::from_position(tiny_board(), Variant::rulebook(), &again, Dice::Random).unwrap();
    assert_eq!(copy.to_position().unwrap(), position);
    assert_eq!(copy.territories(), game.territories());
    for seat in game.seat_ids() {
        assert_eq!(copy.hand(seat), game.hand(seat));
        assert_eq!(copy.hidden_armies(seat), game.hidden_armies(seat));
    }
    // Mid-attack there is no position to describe.
    play(&mut game, 0, attack("n2", "s2"));
    assert_eq!(game.to_position(), None);
}

#[test]
fn fixed_dice_running_out_is_an_error_not_a_panic() {
    let mut game = three_seats(&[6]);
    play(&mut game, 0, attack("n1", "s1"));
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 1,
            general: false,
        },
    );
    let error = refused(
        &mut game,
        1,
        Action::Defend {
            dice: 1,
            marshall: false,
        },
    );
    assert_eq!(error, RuleError::FixedDiceExhausted { needed: 2, left: 1 });
    assert_eq!(game.fixed_dice_left(), Some(1));
    game.set_dice(Dice::Fixed(vec![2, 5])).unwrap();
    play(
        &mut game,
        1,
        Action::Defend {
            dice: 1,
            marshall: false,
        },
    );
    assert_eq!(armies(&game, "n1"), 4);
    assert!(game.set_dice(Dice::Fixed(vec![0])).is_err());
}

#[test]
fn pending_decisions_are_described_in_plain_words() {
    let mut game = three_seats(&[]);
    let board = tiny_board();
    assert_eq!(
        game.pending().unwrap().describe(&board),
        "seat 0: play cards, attack or end the turn"
    );
    play(&mut game, 0, attack("n1", "s1"));
    assert_eq!(
        game.pending().unwrap().describe(&board),
        "seat 0: roll against South One from North One, or stop"
    );
    play(
        &mut game,
        0,
        Action::Roll {
            dice: 3,
            general: true,
        },
    );
    assert_eq!(
        game.pending().unwrap().describe(&board),
        "seat 1: defend South One against 3 dice"
    );
    let awaited = game.pending();
    let error = refused(&mut game, 1, Action::EndTurn);
    assert_eq!(
        error,
        RuleError::UnexpectedAction {
            action: "end_turn",
            awaited
        }
    );
    // The English sentence, as the protocol gives it.
    assert_eq!(
        error.in_english(&board).to_string(),
        "`end_turn` is not possible now: awaiting seat 1: defend South One against 3 dice"
    );
}

#[test]
fn legal_actions_summarise_what_the_rules_allow() {
    let game = three_seats(&[]);
    let legal = game.legal_actions();
    assert_eq!(legal.seat, Some(Seat(0)));
    let attack_routes = legal
        .choices
        .iter()
        .find_map(|c| match c {
            Choice::Attack { routes } => Some(routes.clone()),
            _ => None,
        })
        .unwrap();
    let mut pairs: Vec<_> = attack_routes.iter().map(|r| (r.from, r.to)).collect();
    pairs.sort();
    let mut expected = vec![(t("n1"), t("s1")), (t("n2"), t("s2")), (t("n3"), t("e1"))];
    expected.sort();
    assert_eq!(pairs, expected);
    assert!(legal.choices.contains(&Choice::EndTurn));
    assert!(legal.choices.contains(&Choice::PlaySpy {
        targets: vec![Seat(1), Seat(2)]
    }));
    assert!(legal.choices.contains(&Choice::RevealHiddenArmies {
        territories: vec![t("n2")],
        armies: 4
    }));
    assert!(
        !legal
            .choices
            .iter()
            .any(|c| matches!(c, Choice::PlayReinforcements { .. }))
    );
    let admiral = legal.choices.iter().find_map(|c| match c {
        Choice::AdmiralAttack { routes } => Some(routes.clone()),
        _ => None,
    });
    assert!(admiral.unwrap().contains(&Route {
        from: t("n1"),
        to: t("e2"),
        max_armies: 4
    }));
    assert!(legal.allows(&attack("n1", "s1")));
    assert!(!legal.allows(&attack("n1", "e2")));
    assert!(legal.allows(&Action::AdmiralAttack {
        from: t("n1"),
        to: t("e1"),
        armies: 4
    }));
    assert!(!legal.allows(&Action::AdmiralAttack {
        from: t("n1"),
        to: t("e1"),
        armies: 5
    }));
    assert_eq!(game.attack_routes(Seat(0)).count(), 3);
}

#[test]
fn refusals_mid_game_leave_the_game_exactly_as_it_was() {
    let mut game = Game::new(castle_board(), Variant::rulebook(), 3, 77).unwrap();
    play_at_random(&mut game, 77, 300, |_| true);
    let seat = game.pending_seat().expect("still going after 300 actions");
    let other = Seat((seat.0 + 1) % 3);
    let junk = [
        Action::EndTurn,
        Action::StopFilling,
        Action::MoveIn { armies: 1000 },
        Action::Claim {
            territory: castellan_engine::board::TerritoryId(0),
        },
        Action::Attack {
            from: castellan_engine::board::TerritoryId(900),
            to: castellan_engine::board::TerritoryId(1),
        },
        Action::PlayDiplomat { target: Seat(9) },
        Action::SpyDiscard {
            card: Card::Admiral,
        },
    ];
    for action in junk {
        let before = game.clone();
        let accepted_by_rules = game.check(seat, &action).is_ok();
        if !accepted_by_rules {
            assert!(game.apply(seat, action.clone()).is_err());
            assert_eq!(game, before);
        }
        let error = game.apply(other, action).unwrap_err();
        assert!(
            matches!(error, RuleError::NotYourDecision { .. }),
            "{error}"
        );
        assert_eq!(game, before);
    }
}

#[test]
fn games_from_positions_and_from_setup_play_to_a_winner() {
    for seed in 0..4u64 {
        let mut game = three_seats(&[]);
        game.set_dice(Dice::Random).unwrap();
        play_at_random(&mut game, seed, 20_000, |_| true);
        assert!(game.winner().is_some(), "seed {seed}");
        let winner = game.winner().unwrap();
        assert_eq!(game.seats_in_play(), 1);
        assert!(game.castle(winner).is_some());
    }
    let mut game = Game::new(castle_board(), Variant::rulebook(), 2, 31).unwrap();
    play_at_random(&mut game, 31, 50_000, |_| true);
    assert!(game.winner().is_some());
}

#[test]
fn reinforcement_armies_are_placed_before_anything_else() {
    let mut position = Position::from_toml(THREE_SEATS).unwrap();
    position.turn.seat = Seat(2);
    let mut game = game_at(&position, Variant::rulebook(), &[]);
    // The track has 3 and 4 covered: the next card is worth 5.
    play(&mut game, 2, Action::PlayReinforcements { cards: 1 });
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::PlaceArmies {
            armies: 5,
            reason: PlacementReason::Reinforcements
        }
    );
    assert!(matches!(
        refused(&mut game, 2, attack("e1", "n3")),
        RuleError::UnexpectedAction {
            action: "attack",
            ..
        }
    ));
    assert!(matches!(
        refused(&mut game, 2, place(&[("e1", 2), ("h1", 2)])),
        RuleError::PlacementTotal {
            placed: 4,
            required: 5
        }
    ));
    assert!(matches!(
    refused(&mut game, 2, place(&[("e1", 5), ("h1", 0)])),
    RuleError::EmptyPlacement(territory) if territory == t("h1")
    ));
    play(&mut game, 2, place(&[("e1", 2), ("h1", 3)]));
    assert_eq!((armies(&game, "e1"), armies(&game, "h1")), (5, 4));
    play(&mut game, 2, attack("e1", "n3"));
}
