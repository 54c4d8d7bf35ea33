//! The property campaign for both rulesets on every shipped board: whole games of
//! Castle Risk and of classic Risk (with its options mixed in), 2 to 6 seats, random
//! and greedy computer players, checked after every action:
//!
//! - the listed legal actions are accepted, and near-miss and junk actions are
//!   accepted exactly when listed; a refused action leaves the game `==` to what it
//!   was;
//! - an owned territory holds at least 1 army (the captured one awaiting its armies
//!   excepted), an empty one none;
//! - classic Risk: every card of the deck (one per territory and the wild cards: 44
//!   on the classic map) is in exactly one place, hands, draw pile or traded sets; a
//!   seat out of the game holds none and no territory; the neutral never plays;
//! - games of greedy seats end (won or drawn), and a classic game is won by holding
//!   every territory or completing a mission;
//! - an accepted action always changes the game: no decision that changes nothing is
//!   asked twice in a row, so no game can loop, whatever the `[classic]` options (drawn
//!   at random; those `Variant::validate` refuses must keep a game from starting).
//!
//! `CASTELLAN_PROPTEST_GAMES` sets the number of games per board and ruleset.

use std::sync::Arc;

use castellan_engine::board::{Board, TerritoryId, parse_board};
use castellan_engine::bot::{GreedyPolicy, Policy, RandomPolicy, SeatSight};
use castellan_engine::game::{Action, Choice, Decision, Game, Placement, TerritoryCard};
use castellan_engine::variant::{Ruleset, Variant};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const BOARDS: [(&str, &str); 3] = [
    (
        "castle-risk.toml",
        include_str!("../../data/boards/castle-risk.toml"),
    ),
    ("world.toml", include_str!("../../data/boards/world.toml")),
    (
        "classic.toml",
        include_str!("../../data/boards/classic.toml"),
    ),
];

fn games_per_board() -> u64 {
    std::env::var("CASTELLAN_PROPTEST_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) { 10 } else { 200 })
}

fn board((name, source): (&str, &str)) -> Arc<Board> {
    Arc::new(parse_board(source, name).expect("a shipped board loads"))
}

/// A classic variant with every `[classic]` option drawn at random most of the time
/// (numbers near their edges, trading down often below what it needs). Drawn options
/// that `Variant::validate` refuses must keep a game from starting (a variant with
/// `trade_down_above` below `must_trade_at` − 1 once locked games, ruling 35); they are
/// drawn again until a playable variant comes.
fn classic_variant(rng: &mut ChaCha8Rng, board: &Arc<Board>) -> Variant {
    loop {
        let mut v = Variant::classic();
        v.classic.fortify_path = rng.random_bool(0.4);
        v.classic.fixed_trade = rng.random_bool(0.3);
        v.classic.missions = rng.random_bool(0.4);
        if rng.random_bool(0.2) {
            v.classic.neutral_armies = 0;
        }
        if rng.random_bool(0.6) {
            let c = &mut v.classic;
            let length = rng.random_range(1..=8);
            c.trade_values = (0..length).map(|_| rng.random_range(0..=20)).collect();
            c.trade_increment = rng.random_range(0..=6);
            c.fixed_infantry = rng.random_range(0..=12);
            c.fixed_cavalry = rng.random_range(0..=12);
            c.fixed_artillery = rng.random_range(0..=12);
            c.fixed_mixed = rng.random_range(0..=12);
            c.territory_bonus = rng.random_range(0..=4);
            c.wild_cards = rng.random_range(0..=6);
            // Now and then too low (refused: a hand of 4 may hold no set).
            c.must_trade_at = if rng.random_bool(0.1) {
                4
            } else {
                rng.random_range(5..=9)
            };
            // Often below what trading down needs: such variants are refused.
            c.trade_down_above = if rng.random_bool(0.3) {
                rng.random_range(0..=3)
            } else {
                (c.must_trade_at - 1) + rng.random_range(0..=3)
            };
            c.territories_per_army = rng.random_range(1..=6);
            c.minimum_armies = rng.random_range(0..=5);
            if c.neutral_armies > 0 {
                c.neutral_armies = rng.random_range(1..=60);
            }
        }
        if v.validate().is_empty() {
            return v;
        }
        assert!(
            Game::new(board.clone(), v.clone(), 3, 1).is_err(),
            "refused by validate, yet a game starts: {:?}",
            v.classic
        );
    }
}

/// Actions near the legal ones, and junk, to probe `check` against the list.
fn probes(rng: &mut ChaCha8Rng, game: &Game, legal: &[Choice]) -> Vec<Action> {
    let n = game.board().territories.len() as u16;
    let t = |rng: &mut ChaCha8Rng| TerritoryId(rng.random_range(0..n + 2));
    let c = |rng: &mut ChaCha8Rng| TerritoryCard(rng.random_range(0..n + 4));
    let mut out = vec![
        Action::TradeCards {
            cards: [c(rng), c(rng), c(rng)],
        },
        Action::Claim { territory: t(rng) },
        Action::PlaceArmies {
            placements: vec![Placement::new(t(rng), rng.random_range(0..4))],
        },
        Action::Attack {
            from: t(rng),
            to: t(rng),
        },
        Action::Fortify {
            from: t(rng),
            to: t(rng),
            armies: rng.random_range(0..6),
        },
        Action::Roll {
            dice: rng.random_range(0..5),
            general: rng.random_bool(0.2),
        },
        Action::Defend {
            dice: rng.random_range(0..4),
            marshall: rng.random_bool(0.2),
        },
        Action::MoveIn {
            armies: rng.random_range(0..8),
        },
        Action::EndTurn,
        Action::SkipFortify,
        Action::StopAttack,
        Action::PlayReinforcements { cards: 1 },
        Action::HideArmies { territory: t(rng) },
    ];
    for choice in legal {
        if let Choice::TradeCards { sets } = choice {
            let mut set = sets[rng.random_range(0..sets.len())];
            set[rng.random_range(0..3)] = c(rng);
            out.push(Action::TradeCards { cards: set });
        }
    }
    out
}

fn check_invariants(game: &Game, why: &str) {
    let moving_into = match game.pending().map(|p| p.decision) {
        Some(Decision::MoveIn { to, .. }) => Some(to),
        _ => None,
    };
    for (i, t) in game.territories().iter().enumerate() {
        match t.owner {
            None => assert_eq!(t.armies, 0, "territory {i} {why}"),
            Some(_) if moving_into == Some(TerritoryId(i as u16)) => {}
            Some(_) if game.winner().is_some() => {}
            Some(_) => assert!(t.armies >= 1, "territory {i} held by 0 armies {why}"),
        }
    }
    if game.ruleset() != Ruleset::Classic {
        return;
    }
    let deck = game.board().territories.len() + game.variant().classic.wild_cards as usize;
    let mut seen = vec![0u32; deck];
    let mut count = |cards: &[TerritoryCard]| {
        for card in cards {
            seen[usize::from(card.0)] += 1;
        }
    };
    for seat in game.seat_ids() {
        count(game.territory_cards(seat));
        if game.is_eliminated(seat) || game.is_neutral(seat) {
            assert!(
                game.territory_cards(seat).is_empty(),
                "{seat} holds cards {why}"
            );
        }
        if game.is_eliminated(seat) {
            assert!(game.territories().iter().all(|t| t.owner != Some(seat)));
        }
    }
    count(game.traded_cards());
    let pile_len = game.territory_card_pile();
    let in_hands_and_traded: u32 = seen.iter().sum();
    assert_eq!(
        in_hands_and_traded as usize + pile_len,
        deck,
        "cards lost or made {why}"
    );
    assert!(seen.iter().all(|&n| n <= 1), "a card twice {why}");
    if let Some(seat) = game.pending_seat() {
        assert!(!game.is_neutral(seat), "the neutral never decides {why}");
    }
    if let Some(turn) = game.turn_seat() {
        assert!(!game.is_neutral(turn) && !game.is_eliminated(turn));
    }
    if let Some(winner) = game.winner()
        && !game.variant().classic.missions
    {
        let held = game
            .territories()
            .iter()
            .filter(|t| t.owner == Some(winner))
            .count();
        assert_eq!(
            held,
            game.board().territories.len(),
            "won without the world"
        );
    }
}

/// Plays one checked game; whether it ended.
fn play(board: Arc<Board>, variant: Variant, seats: usize, number: u64, greedy_only: bool) -> bool {
    let mut rng = ChaCha8Rng::seed_from_u64(number);
    let mut game = Game::new(board, variant, seats, number).expect("the game starts");
    let mut policies: Vec<Box<dyn Policy>> = (0..game.seats())
        .map(|_| -> Box<dyn Policy> {
            if !greedy_only && rng.random_bool(0.5) {
                Box::new(RandomPolicy)
            } else {
                Box::new(GreedyPolicy::new())
            }
        })
        .collect();
    let cap = if greedy_only { 40_000 } else { 4_000 };
    for step in 0..cap {
        let Some(seat) = game.pending_seat() else {
            return true;
        };
        let legal = game.legal_actions();
        assert!(!legal.is_empty(), "nothing to do at step {step}");
        for probe in probes(&mut rng, &game, &legal.choices) {
            let verdict = game.check(seat, &probe);
            assert_eq!(
                legal.allows(&probe),
                verdict.is_ok(),
                "{probe:?}: check says {verdict:?}, awaiting {:?}",
                game.pending()
            );
            if verdict.is_err() && step % 11 == 0 {
                let before = game.clone();
                assert!(game.apply(seat, probe).is_err());
                assert!(game == before, "a refused action changed the game");
            }
        }
        let action = policies[seat.index()].choose(&SeatSight::new(&game, seat), &legal, &mut rng);
        assert!(legal.allows(&action), "{action:?} not listed");
        let before = game.unrecorded_copy();
        game.apply(seat, action.clone())
            .unwrap_or_else(|e| panic!("listed {action:?} refused: {e}"));
        // No decision that changes nothing is asked twice in a row: no game can loop.
        assert!(
            !game.is_unchanged_from(&before),
            "{seat} {action:?} changed nothing: {:?} is asked again at step {step} ({:?})",
            game.pending(),
            game.variant().classic
        );
        check_invariants(&game, &format!("after {action:?} at step {step}"));
        if let Err(problem) = game.audit() {
            panic!("{problem} after {action:?} at step {step}");
        }
    }
    game.is_over()
}

fn campaign(ruleset: Ruleset) {
    for (board_number, shipped) in BOARDS.into_iter().enumerate() {
        for number in 0..games_per_board() {
            let seats = 2 + (number % 5) as usize;
            // Each board its own variants.
            let mut rng = ChaCha8Rng::seed_from_u64(number ^ 0x5eed ^ (board_number as u64) << 32);
            let variant = match ruleset {
                Ruleset::Classic => classic_variant(&mut rng, &board(shipped)),
                Ruleset::CastleRisk => Variant::rulebook(),
            };
            if ruleset == Ruleset::CastleRisk
                && Game::new(board(shipped), variant.clone(), seats, number).is_err()
            {
                continue; // fewer empires than seats on this board
            }
            let greedy_only = number % 2 == 0;
            let ended = play(board(shipped), variant, seats, number, greedy_only);
            assert!(
                ended || !greedy_only,
                "{ruleset} game {number} on {} did not end",
                shipped.0
            );
        }
    }
}

#[test]
fn classic_games_keep_every_invariant_on_every_board() {
    campaign(Ruleset::Classic);
}

#[test]
fn castle_risk_games_keep_every_invariant_on_every_board() {
    campaign(Ruleset::CastleRisk);
}
