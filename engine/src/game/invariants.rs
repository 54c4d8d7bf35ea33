//! Whole-game checks on random play: every listed legal action is accepted, listed and
//! accepted agree on random junk, refusals change nothing, and cards and armies are
//! conserved. Only built for tests.

use std::sync::Arc;

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::board::{Board, TerritoryId, parse_board};
use crate::variant::Variant;

use super::state::{Phase, Step};

use super::{Action, Card, Game, Placement, Seat};

pub(crate) fn castle_board() -> Arc<Board> {
    let source = include_str!("../../../data/boards/castle-risk.toml");
    Arc::new(parse_board(source, "castle-risk.toml").expect("the Castle Risk board loads"))
}

fn deck_counts(variant: &Variant) -> [u64; 6] {
    let d = &variant.deck;
    [
        d.reinforcements,
        d.diplomats,
        d.spies,
        d.generals,
        d.marshalls,
        d.admirals,
    ]
    .map(u64::from)
}

fn junk_action<R: Rng>(rng: &mut R, territories: u16, seats: u8) -> Action {
    let t = |rng: &mut R| TerritoryId(rng.random_range(0..territories + 2));
    let s = |rng: &mut R| Seat(rng.random_range(0..seats + 1));
    let n = |rng: &mut R| rng.random_range(0..8u32);
    match rng.random_range(0..22) {
        0 => Action::PlaceCastle { territory: t(rng) },
        1 => Action::Claim { territory: t(rng) },
        2 => Action::PlaceArmies {
            placements: vec![
                Placement::new(t(rng), n(rng)),
                Placement::new(t(rng), n(rng)),
            ],
        },
        3 => Action::HideArmies { territory: t(rng) },
        4 => Action::PlayReinforcements {
            cards: n(rng) as u8,
        },
        5 => Action::PlayDiplomat { target: s(rng) },
        6 => Action::PlaySpy { target: s(rng) },
        7 => Action::RevealHiddenArmies { territory: t(rng) },
        8 => Action::Attack {
            from: t(rng),
            to: t(rng),
        },
        9 => Action::AdmiralAttack {
            from: t(rng),
            to: t(rng),
            armies: n(rng),
        },
        10 => Action::Occupy {
            from: t(rng),
            to: t(rng),
            armies: n(rng),
        },
        11 => Action::EndTurn,
        12 => Action::Roll {
            dice: n(rng) as u8,
            general: rng.random_bool(0.5),
        },
        13 => Action::StopAttack,
        14 => Action::Defend {
            dice: n(rng) as u8,
            marshall: rng.random_bool(0.5),
        },
        15 => Action::MoveIn { armies: n(rng) },
        16 => Action::AnswerSpy {
            counter: rng.random_bool(0.5),
        },
        17 => Action::SpyDiscard {
            card: Card::ALL[rng.random_range(0..6)],
        },
        18 => Action::FillVacated {
            territory: t(rng),
            from: t(rng),
        },
        19 => Action::StopFilling,
        20 => Action::Fortify {
            from: t(rng),
            to: t(rng),
            armies: n(rng),
        },
        _ => Action::SkipFortify,
    }
}

/// Plays one random game to its end (or `max_actions`), checking invariants after
/// every action. Returns the game.
pub(crate) fn play_random_game(
    board: Arc<Board>,
    variant: Variant,
    seats: usize,
    seed: u64,
    max_actions: usize,
) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut game = Game::new(board.clone(), variant.clone(), seats, seed).expect("game starts");
    let deck = deck_counts(&variant);
    let mut events = Vec::new();
    for step in 0..max_actions {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        let legal = game.legal_actions();
        assert_eq!(legal.seat, Some(seat));
        assert!(
            !legal.is_empty(),
            "no legal action for {:?}",
            game.pending()
        );

        // Junk: listed and accepted agree; refusals leave everything as it was.
        for _ in 0..3 {
            let junk = junk_action(&mut rng, board.territories.len() as u16, seats as u8);
            let verdict = game.check(seat, &junk);
            assert_eq!(
                legal.allows(&junk),
                verdict.is_ok(),
                "{junk:?}: {verdict:?} at {:?}",
                game.pending()
            );
            if verdict.is_err() && step % 16 == 0 {
                let before = game.clone();
                assert!(game.apply(seat, junk).is_err());
                assert_eq!(game, before);
            }
        }
        let wrong_seat = Seat(((seat.index() + 1) % seats) as u8);
        let action = legal.sample(&mut rng).expect("non-empty");
        assert!(game.check(wrong_seat, &action).is_err());
        assert!(
            legal.allows(&action),
            "sampled {action:?} not allowed by {legal:?}"
        );
        events.clear();
        game.apply_into(seat, action.clone(), &mut events)
            .unwrap_or_else(|e| panic!("legal {action:?} refused: {e} at {:?}", game.pending()));

        assert_eq!(
            game.card_census(),
            deck,
            "cards not conserved after {action:?}"
        );
        if let Err(problem) = game.audit() {
            panic!("{problem} after {action:?}");
        }
        let moving_in =
            matches!(&game.state.phase, Phase::Turn(t) if matches!(t.step, Step::MoveIn(_)));
        for (i, t) in game.state.territories.iter().enumerate() {
            if t.owner.is_none() {
                assert_eq!(t.armies, 0);
            } else if !moving_in {
                assert!(
                    t.armies >= 1,
                    "territory {i} owned with 0 armies after {action:?}"
                );
            }
        }
        for (i, s) in game.state.seats.iter().enumerate() {
            if let Some(castle) = s.castle {
                assert_eq!(game.owner(castle), Some(Seat(i as u8)), "castle not held");
            }
        }
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_games_keep_every_invariant() {
        let board = castle_board();
        let mut finished = 0;
        for seed in 0..10u64 {
            let seats = 2 + (seed as usize % 5);
            let game = play_random_game(board.clone(), Variant::rulebook(), seats, seed, 30_000);
            if game.is_over() {
                finished += 1;
            }
        }
        assert!(finished >= 5, "only {finished} random games finished");
    }

    #[test]
    fn random_games_with_house_rules() {
        let board = castle_board();
        let mut variant = Variant::rulebook();
        variant.classic_fortify = true;
        variant.lenient_general = true;
        variant.hidden_army_minimum = 4;
        variant.spoils.per_region_bonus = true;
        variant.diplomats_in_play = false;
        for seed in 100..104u64 {
            play_random_game(
                board.clone(),
                variant.clone(),
                3 + (seed as usize % 4),
                seed,
                20_000,
            );
        }
        variant.hidden_armies = false;
        variant.deck.reinforcements = 3;
        variant.castle_dice_limit = 3;
        play_random_game(board.clone(), variant, 4, 7, 20_000);
    }
}

#[cfg(test)]
mod campaign {
    use super::*;

    /// A longer campaign over odd variants; run with `cargo test -- --ignored`.
    #[test]
    #[ignore = "minutes in debug builds; run by hand after changing the rules"]
    fn long_random_campaign() {
        let board = castle_board();
        for seed in 0..300u64 {
            let mut variant = Variant::rulebook();
            match seed % 6 {
                0 => variant.castle_dice_limit = 1,
                1 => variant.armies_per_setup_placement = 1,
                2 => {
                    variant.deck.reinforcements = 1;
                    variant.deck.spies = 0;
                    variant.deck.admirals = 20;
                }
                3 => variant.reinforcement_track = (1..=40).collect(),
                4 => {
                    variant.classic_fortify = true;
                    variant.hidden_armies = false;
                }
                _ => variant.starting_armies.six = 8,
            }
            let seats = 2 + (seed as usize % 5);
            let game = play_random_game(board.clone(), variant, seats, seed, 60_000);
            assert!(game.is_over() || game.history().len() >= 60_000);
        }
    }
}
