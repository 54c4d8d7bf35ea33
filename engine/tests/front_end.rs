//! What front ends read from the engine instead of working it out again: how many
//! seats a board takes, which decisions are private, the attack in progress (its
//! number, its fighting armies, the castle's hold on its dice), what Reinforcement
//! cards would bring, and which cards may be played now.

#[path = "positions/support.rs"]
mod support;

use castellan_engine::game::{
    Action, Card, Choice, Decision, Game, MAX_SEATS, MIN_SEATS, NewGameError, PlacementReason,
    Seat, seats_allowed,
};
use castellan_engine::variant::Variant;
use support::*;

const THREE_SEATS: &str = include_str!("positions/three-seats.toml");

fn three_seats() -> Game {
    tiny_game(THREE_SEATS, Variant::rulebook(), &[])
}

#[test]
fn a_board_takes_as_many_seats_as_it_has_empires_up_to_six() {
    assert_eq!(seats_allowed(&castle_board()), MIN_SEATS..=MAX_SEATS);
    assert_eq!((MIN_SEATS, MAX_SEATS), (2, 6));
    // The tiny board has four empires: four castles.
    let tiny = tiny_board();
    assert_eq!(tiny.empire_count(), 4);
    assert_eq!(seats_allowed(&tiny), 2..=4);
    assert!(Game::new(tiny.clone(), Variant::rulebook(), 4, 1).is_ok());
    assert_eq!(
        Game::new(tiny, Variant::rulebook(), 5, 1).unwrap_err(),
        NewGameError::TooFewEmpires {
            empires: 4,
            seats: 5
        }
    );
}

#[test]
fn only_setups_castles_claims_and_starting_armies_are_decided_in_the_open() {
    let empire = castle_board().territory(id_of_castle_board("paris")).group;
    let open = [
        Decision::PlaceCastle { empire },
        Decision::Claim,
        Decision::PlaceArmies {
            armies: 5,
            reason: PlacementReason::Setup,
        },
    ];
    assert!(open.iter().all(|d| !d.is_private()));
    let private = [
        Decision::HideArmies,
        Decision::Play { attacked: false },
        Decision::PlaceArmies {
            armies: 7,
            reason: PlacementReason::Reinforcements,
        },
        Decision::Defend {
            territory: t("s1"),
            attacker_dice: 3,
            max_dice: 2,
        },
        Decision::AnswerSpy { spy: Seat(0) },
        Decision::Fortify,
    ];
    assert!(private.iter().all(Decision::is_private));
}

fn id_of_castle_board(key: &str) -> castellan_engine::board::TerritoryId {
    castle_board().territory_by_key(key).unwrap()
}

#[test]
fn the_attack_in_progress_is_numbered_and_counts_the_armies_that_fight() {
    let mut game = three_seats();
    assert_eq!(game.attack_in_progress(), None);
    play(&mut game, 0, attack("n1", "s1"));
    let first = game.attack_in_progress().expect("an attack started");
    assert_eq!(first.number, 1);
    assert_eq!((first.from, first.to), (t("n1"), t("s1")));
    assert_eq!((first.attacker, first.defender), (Seat(0), Seat(1)));
    assert_eq!(first.attackers, 4, "all but 1 of the 5 armies");
    assert_eq!(first.castle_limit, None, "no castle on South One");
    // Every seat sees the same attack.
    for seat in game.seat_ids() {
        assert_eq!(game.view_for(seat).attack, Some(first));
    }
    play(&mut game, 0, Action::StopAttack);
    assert_eq!(game.attack_in_progress(), None);
    // The same territories again: another attack, another number.
    play(&mut game, 0, attack("n1", "s1"));
    let second = game.attack_in_progress().unwrap();
    assert_eq!(second.number, 2);
    assert_eq!((second.from, second.to), (first.from, first.to));
}

#[test]
fn the_castle_limit_is_told_only_when_it_holds_the_dice_down() {
    // North Two has 2 armies that can fight against the castle of South Two: the
    // castle's 2 dice hold nothing down.
    let mut game = three_seats();
    play(&mut game, 0, attack("n2", "s2"));
    assert_eq!(game.attack_in_progress().unwrap().castle_limit, None);
    // With 5 that can fight, the castle keeps the attacker to 2 dice of 3.
    let crowded = THREE_SEATS.replace(
        "n2 = { owner = 0, armies = 3 }",
        "n2 = { owner = 0, armies = 6 }",
    );
    let mut game = tiny_game(&crowded, Variant::rulebook(), &[]);
    play(&mut game, 0, attack("n2", "s2"));
    let held = game.attack_in_progress().unwrap();
    assert_eq!(held.castle_limit, Some(2));
    assert!(matches!(
        game.pending().unwrap().decision,
        Decision::Roll { max_dice: 2, .. }
    ));
    // A variant that lets 3 dice roll against a castle holds nothing down.
    let mut variant = Variant::rulebook();
    variant.castle_dice_limit = 3;
    let mut game = tiny_game(&crowded, variant, &[]);
    play(&mut game, 0, attack("n2", "s2"));
    assert_eq!(game.attack_in_progress().unwrap().castle_limit, None);
}

#[test]
fn a_seats_view_tells_what_reinforcement_cards_would_bring() {
    let game = three_seats();
    let view = game.view_for(Seat(2));
    assert_eq!(view.track, 2);
    for cards in 0..=15 {
        assert_eq!(
            view.reinforcement_armies(cards),
            game.reinforcement_armies(cards),
            "{cards} cards"
        );
    }
    // The third and fourth numbers of the rulebook's track: 5 + 6.
    assert_eq!(view.reinforcement_armies(2), 11);
    // Nothing past the track's end.
    assert_eq!(view.reinforcement_armies(15), (5..=14).sum::<u32>());
}

#[test]
fn legal_actions_say_which_cards_may_be_played_on_their_own() {
    let game = three_seats();
    let legal = game.legal_actions();
    // Seat 0 holds an Admiral, a Spy and a General, before any attack.
    assert!(matches!(
        legal.card_play(Card::Admiral),
        Some(Choice::AdmiralAttack { .. })
    ));
    assert!(matches!(
        legal.card_play(Card::Spy),
        Some(Choice::PlaySpy { .. })
    ));
    assert_eq!(legal.card_play(Card::Reinforcements), None);
    assert_eq!(legal.card_play(Card::General), None);
    assert!(Card::General.is_committed_in_battle());
    assert!(Card::Marshall.is_committed_in_battle());
    assert!(!Card::Admiral.is_committed_in_battle());
    for choice in &legal.choices {
        if let Some(card) = choice.card_played() {
            assert!(game.hand(Seat(0)).has(card), "{choice:?}");
        }
    }
}

#[test]
fn a_copy_to_think_with_plays_like_the_game_but_keeps_no_history() {
    use rand::SeedableRng;
    let mut game = Game::new(castle_board(), Variant::rulebook(), 3, 5).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for _ in 0..200 {
        let seat = game.pending_seat().unwrap();
        let action = game.legal_actions().sample(&mut rng).unwrap();
        play(&mut game, seat.0, action);
    }
    let mut copy = game.unrecorded_copy();
    assert!(copy.history().is_empty());
    assert!(copy.save(CASTLE_SOURCE).is_err(), "a copy cannot be saved");
    // The same actions bring the same events, dice included, to both.
    for _ in 0..200 {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        let action = game.legal_actions().sample(&mut rng).unwrap();
        let events = game.apply(seat, action.clone()).unwrap();
        assert_eq!(copy.apply(seat, action).unwrap(), events);
    }
    assert_eq!(copy.view_for(Seat(0)), game.view_for(Seat(0)));
    assert!(copy.history().is_empty());
}

#[test]
fn a_view_without_secrets_keeps_what_everyone_sees_and_drops_the_rest() {
    let game = three_seats();
    let seat = Seat(2);
    let view = game.view_for(seat);
    assert!(!view.hand.is_empty(), "the position gives seat 2 cards");
    let public = view.clone().without_secrets();
    assert!(public.hand.is_empty());
    assert!(public.hidden_armies.is_empty());
    assert_eq!(public.spied_hand, None);
    // What another seat sees of seat 2 is all still there.
    let other = game.view_for(Seat(0));
    assert_eq!(public.seats, other.seats);
    assert_eq!(public.territories, other.territories);
    assert_eq!(public.seats[seat.index()].hand_size, view.hand.len());
}
