//! The story of a game: luck against hand-computed expectations, series as long as
//! the game's turns, replays that step to the same positions as fresh replays, saves
//! that tell the same story as the game played, and secrets kept mid-game.

#[path = "positions/support.rs"]
mod support;

use castellan_engine::game::{Action, Game, SavedGame, Seat};
use castellan_engine::story::{
    Chronicle, Chronicler, Disclosure, LUCK_DENOMINATOR, Replay, StoryError, TurningPoint,
};
use castellan_engine::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use support::*;

const THREE_SEATS: &str = include_str!("positions/three-seats.toml");

/// Plays random legal actions, recording the story as it goes.
fn random_game(seats: usize, seed: u64, actions: usize) -> (Game, Chronicler) {
    let mut game = Game::new(castle_board(), Variant::rulebook(), seats, seed).unwrap();
    let mut chronicler = Chronicler::new(&game);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..actions {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        let action = game.legal_actions().sample(&mut rng).unwrap();
        let events = game.apply(seat, action).unwrap();
        chronicler.record(&game, &events);
    }
    (game, chronicler)
}

/// Seat 0 attacks s1 (3 armies of seat 1) from n1 (5 armies) with rigged dice:
/// 3 dice against 2 (defender loses 2), 1 against 1 with the Marshall committed
/// (attacker loses 1), 3 against 1 with the Marshall (defender loses 1: captured).
fn rigged_attack() -> (Game, Chronicler) {
    let dice = [6, 6, 6, 1, 1, 1, 6, 6, 6, 6, 1];
    let mut game = tiny_game(THREE_SEATS, Variant::rulebook(), &dice);
    let mut chronicler = Chronicler::new(&game);
    let actions = [
        (0, attack("n1", "s1")),
        (
            0,
            Action::Roll {
                dice: 3,
                general: false,
            },
        ),
        (
            1,
            Action::Defend {
                dice: 2,
                marshall: false,
            },
        ),
        (
            0,
            Action::Roll {
                dice: 1,
                general: false,
            },
        ),
        (
            1,
            Action::Defend {
                dice: 1,
                marshall: true,
            },
        ),
        (
            0,
            Action::Roll {
                dice: 3,
                general: false,
            },
        ),
        (
            1,
            Action::Defend {
                dice: 1,
                marshall: false,
            },
        ),
    ];
    for (seat, action) in actions {
        let events = play(&mut game, seat, action);
        chronicler.record(&game, &events);
    }
    assert_eq!(
        game.owner(t("s1")),
        Some(Seat(0)),
        "the rigged attack took s1"
    );
    (game, chronicler)
}

#[test]
fn luck_of_rigged_rolls_is_the_hand_computed_expectation() {
    let (game, chronicler) = rigged_attack();
    let story = chronicler.finish(&game, Disclosure::Public).unwrap();
    // In 7776ths of an army. 3 v 2: the attacker loses 2·2275 + 2611 = 7161, the
    // defender 2·2890 + 2611 = 8391. 1 v 1 with a Marshall (+1 to the defender): the
    // attacker wins 10 of 36 throws, so loses 26·216 = 5616 and kills 10·216 = 2160.
    // 3 v 1 with a Marshall: the attacker loses when its best die ≤ the defender's
    // + 1, on 8+27+64+125+216+216 = 656 of 1296 throws: 656·6 = 3936, kills 3840.
    let expected_losses = 7161 + 5616 + 3936;
    let expected_kills = 8391 + 2160 + 3840;
    let attacker = story.luck[0];
    assert_eq!(attacker.rolls, 3);
    assert_eq!((attacker.losses, attacker.kills), (1, 3));
    assert_eq!(attacker.expected_losses, expected_losses);
    assert_eq!(attacker.expected_kills, expected_kills);
    let ahead = (expected_losses as i64 - LUCK_DENOMINATOR)
        + (3 * LUCK_DENOMINATOR - expected_kills as i64);
    assert_eq!(attacker.armies_ahead_exact(), ahead);
    assert_eq!(story.luck[1].armies_ahead_exact(), -ahead);
    assert_eq!(story.luck[2].rolls, 0, "seat 2 took no part");
    assert_eq!(story.luckiest().unwrap().0, Seat(0));
    assert_eq!(story.unluckiest().unwrap().0, Seat(1));
    assert!((story.luckiest().unwrap().1 - ahead as f64 / 7776.0).abs() < 1e-12);
    assert_eq!(
        (story.battles[0].attacks, story.battles[0].captures),
        (1, 1)
    );
    assert_eq!((story.battles[1].defences, story.battles[1].held), (1, 0));
}

#[test]
fn a_save_of_the_rigged_game_tells_the_same_story() {
    let (game, chronicler) = rigged_attack();
    let save = game.save(TINY_SOURCE).unwrap();
    let saved = SavedGame::from_json(&save.to_json()).unwrap();
    let from_save = Chronicle::from_save(&saved, Disclosure::Public).unwrap();
    assert_eq!(
        from_save,
        chronicler.finish(&game, Disclosure::Public).unwrap()
    );
    // A position already in its turns: one point where play began, one at the end.
    assert_eq!(from_save.points.len(), 2);
    assert_eq!(from_save.points[0].action, 0);
    assert_eq!(from_save.points[1].action, 7);
    assert_eq!(from_save.points[1].seats[0].territories, 5);
}

#[test]
fn a_whole_game_has_a_point_per_turn_and_zero_sum_luck() {
    let (game, chronicler) = random_game(3, 5, 100_000);
    assert!(game.is_over());
    let story = chronicler.finish(&game, Disclosure::Everything).unwrap();
    let turns = game.turn_number() as usize;
    assert_eq!(
        story.points.len(),
        turns + 1,
        "a point per turn and the end"
    );
    for (i, point) in story.points[..turns].iter().enumerate() {
        assert_eq!(point.turn as usize, i + 1);
    }
    assert_eq!(story.points.last().unwrap().action, game.history().len());
    assert_eq!(story.actions, game.history().len());
    // Every army lost by one side was killed by the other, and the odds balance too.
    let total: i64 = story.luck.iter().map(|l| l.armies_ahead_exact()).sum();
    assert_eq!(total, 0);
    let losses: u64 = story.luck.iter().map(|l| l.losses).sum();
    let kills: u64 = story.luck.iter().map(|l| l.kills).sum();
    assert_eq!(losses, kills);
    assert!(losses > 0);
    // Every attack is someone's defence.
    let attacks: u32 = story.battles.iter().map(|b| b.attacks).sum();
    let defences: u32 = story.battles.iter().map(|b| b.defences).sum();
    assert_eq!(attacks, defences);
    // Two castles fell, two seats went out, and the game was won.
    let count = |f: fn(&TurningPoint) -> bool| story.turning_points.iter().filter(|p| f(p)).count();
    assert_eq!(count(|p| matches!(p, TurningPoint::CastleTaken { .. })), 2);
    assert_eq!(count(|p| matches!(p, TurningPoint::Eliminated { .. })), 2);
    assert!(matches!(
        story.turning_points.last(),
        Some(TurningPoint::Won { seat, .. }) if Some(*seat) == game.winner()
    ));
    // The end shows the winner holding every castle's lands it kept, and every hand.
    let end = story.points.last().unwrap();
    let winner = game.winner().unwrap().index();
    assert_eq!(
        end.seats[winner].hand,
        Some(game.hand(game.winner().unwrap()))
    );
    assert!(
        end.seats
            .iter()
            .enumerate()
            .all(|(i, s)| s.eliminated == (i != winner))
    );
}

#[test]
fn a_save_replays_to_the_same_chronicle() {
    let (game, chronicler) = random_game(4, 8, 100_000);
    let json = game.save(CASTLE_SOURCE).unwrap().to_json();
    let saved = SavedGame::from_json(&json).unwrap();
    for disclosure in [
        Disclosure::Public,
        Disclosure::Seat(Seat(2)),
        Disclosure::Everything,
    ] {
        assert_eq!(
            Chronicle::from_save(&saved, disclosure).unwrap(),
            chronicler.finish(&game, disclosure).unwrap()
        );
    }
    let replay = Replay::new(&saved, Disclosure::Everything).unwrap();
    assert_eq!(
        *replay.chronicle(),
        chronicler.finish(&game, Disclosure::Everything).unwrap()
    );
}

#[test]
fn mid_game_the_story_keeps_every_secret() {
    let (game, _) = random_game(3, 11, 600);
    assert!(!game.is_over());
    let saved = game.save(CASTLE_SOURCE).unwrap();
    assert!(matches!(
        Chronicle::from_save(&saved, Disclosure::Everything),
        Err(StoryError::GameNotOver)
    ));
    assert!(matches!(
        Replay::new(&saved, Disclosure::Everything),
        Err(StoryError::GameNotOver)
    ));
    assert!(matches!(
        Chronicle::from_save(&saved, Disclosure::Seat(Seat(3))),
        Err(StoryError::UnknownSeat(Seat(3)))
    ));
    let public = Chronicle::from_save(&saved, Disclosure::Public).unwrap();
    assert!(public.points.len() > 2, "turns were played");
    for point in &public.points {
        for seat in &point.seats {
            assert!(seat.hand.is_none() && seat.hidden_at.is_none());
        }
    }
    let json = serde_json::to_string(&public).unwrap();
    assert!(!json.contains("\"hand\"") && !json.contains("hidden_at"));
    // Hand sizes are public, and a seat sees its own hand only.
    let end = public.points.last().unwrap();
    assert_eq!(end.seats[1].cards as usize, game.hand(Seat(1)).len());
    let own = Chronicle::from_save(&saved, Disclosure::Seat(Seat(1))).unwrap();
    let end = own.points.last().unwrap();
    assert_eq!(end.seats[1].hand, Some(game.hand(Seat(1))));
    assert!(end.seats[0].hand.is_none() && end.seats[2].hand.is_none());

    let mut replay = Replay::new(&saved, Disclosure::Public).unwrap();
    assert!(
        replay.game().is_none(),
        "the whole game would show every hand"
    );
    for k in [0, 1, 50, 599, 600, 200] {
        replay.seek(k);
        let scene = replay.scene();
        assert!(scene.hands.iter().all(Option::is_none));
        assert!(scene.hidden_armies.iter().all(Option::is_none));
        if let Some(step) = replay.step(k) {
            assert!(step.events.iter().all(|e| e.is_public()));
        }
    }
    assert!(replay.log().iter().all(|e| e.is_public()));
    let mut own = Replay::new(&saved, Disclosure::Seat(Seat(0))).unwrap();
    own.seek(600);
    assert!(own.log().iter().all(|e| e.visible_to(Seat(0))));
    assert!(
        own.log().len() > replay.log().len(),
        "seat 0 sees its own draws"
    );
    assert_eq!(own.scene().hands[0], Some(game.hand(Seat(0))));
}

/// The save cut after `k` actions, replayed from scratch.
fn fresh(saved: &SavedGame, k: usize) -> Game {
    let mut cut = saved.clone();
    cut.actions.truncate(k);
    cut.replay().unwrap()
}

#[test]
fn a_replay_step_is_a_fresh_replay_to_that_step() {
    let (game, _) = random_game(3, 5, 100_000);
    let saved = game.save(CASTLE_SOURCE).unwrap();
    let mut replay = Replay::with_checkpoints(&saved, Disclosure::Everything, 16).unwrap();
    let n = replay.len();
    assert_eq!(replay.at(), n, "a replay starts at the end");
    assert_eq!(replay.game(), Some(&game));
    let mut targets: Vec<usize> = vec![0, 1, 15, 16, 17, n / 2, n - 1, n, 3];
    // Jumps all over the game, backwards and forwards.
    targets.extend((1..9).map(|i| i * 7919 % (n + 1)));
    for k in targets {
        replay.seek(k);
        assert_eq!(replay.at(), k);
        let fresh = fresh(&saved, k);
        assert_eq!(replay.game(), Some(&fresh), "position {k}");
        assert_eq!(
            replay.scene().territories,
            fresh.view_for(Seat(0)).territories
        );
    }
    // Stepping back and forth one action at a time.
    replay.seek(40);
    assert!(replay.back());
    assert!(replay.back());
    assert_eq!(replay.game(), Some(&fresh(&saved, 38)));
    assert!(replay.forward());
    assert_eq!(replay.game(), Some(&fresh(&saved, 39)));
    replay.seek(0);
    assert!(!replay.back());
    replay.seek(n);
    assert!(!replay.forward());
    assert!(replay.step(0).is_none() && replay.step(n + 1).is_none());
}

#[test]
fn the_log_of_each_step_is_what_the_action_caused() {
    let (game, _) = random_game(3, 21, 400);
    let saved = game.save(CASTLE_SOURCE).unwrap();
    let replay = Replay::new(&saved, Disclosure::Seat(Seat(1))).unwrap();
    let mut caused = Vec::new();
    saved
        .replay_with(|_, events| caused.push(events.to_vec()))
        .unwrap();
    for (k, events) in caused.iter().enumerate() {
        let step = replay.step(k + 1).unwrap();
        assert_eq!(step.seat, saved.actions[k].0);
        assert_eq!(step.action, saved.actions[k].1.name());
        let seen: Vec<_> = events.iter().filter(|e| e.visible_to(Seat(1))).collect();
        assert_eq!(step.events, seen, "step {}", k + 1);
    }
}

#[test]
fn a_save_that_does_not_replay_tells_no_story() {
    let (game, _) = random_game(3, 2, 100);
    let mut saved = game.save(CASTLE_SOURCE).unwrap();
    saved.actions.swap(10, 60);
    assert!(matches!(
        Chronicle::from_save(&saved, Disclosure::Public),
        Err(StoryError::Replay(_))
    ));
    assert!(Replay::new(&saved, Disclosure::Public).is_err());
}
