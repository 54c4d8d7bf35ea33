//! The exact odds against known values, hand-computed fractions, their own invariants,
//! and a seeded Monte-Carlo run of `resolve_roll` fighting the same attacks.

use std::collections::HashMap;

use castellan_engine::battle::{RollModifiers, RollOutcome, resolve_roll};
use castellan_engine::odds::{
    EndState, MAX_ARMIES, Odds, OddsError, OddsOptions, attacker_dice, defender_dice, odds,
    roll_distribution,
};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const PLAIN: OddsOptions = OddsOptions {
    castle: false,
    castle_dice_limit: None,
    general: false,
    marshall: false,
    lenient_general: false,
    admiral: false,
    stop_at: None,
};

const CASTLE: OddsOptions = OddsOptions {
    castle: true,
    ..PLAIN
};
const GENERAL: OddsOptions = OddsOptions {
    general: true,
    ..PLAIN
};
const MARSHALL: OddsOptions = OddsOptions {
    marshall: true,
    ..PLAIN
};

fn solve(attackers: u32, defenders: u32, options: OddsOptions) -> Odds {
    odds(attackers, defenders, options).expect("within the size limit")
}

fn win(attackers: u32, defenders: u32, options: OddsOptions) -> f64 {
    solve(attackers, defenders, options).attacker_win_probability()
}

fn total(odds: &Odds) -> f64 {
    odds.end_states().map(|(_, p)| p).sum()
}

fn assert_close(actual: f64, expected: f64, tolerance: f64) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{actual} is not within {tolerance} of {expected}"
    );
}

// ---- Single rolls ----------------------------------------------------------------------

#[test]
fn three_against_two_counts_with_ties_to_the_defender_rulings_15() {
    let roll = roll_distribution(3, 2, RollModifiers::default()).unwrap();
    assert_eq!(roll.total(), 7776);
    assert_eq!(roll.count_of_losses(2, 0), 2275);
    assert_eq!(roll.count_of_losses(1, 1), 2611);
    assert_eq!(roll.count_of_losses(0, 2), 2890);
    assert_close(roll.probability_of_losses(0, 2), 2890.0 / 7776.0, 1e-15);
}

#[test]
fn the_classic_single_roll_counts() {
    let plain = RollModifiers::default();
    let counts = |a, d, att_losses, def_losses| {
        roll_distribution(a, d, plain)
            .unwrap()
            .count_of_losses(att_losses, def_losses)
    };
    assert_eq!(counts(1, 1, 0, 1), 15);
    assert_eq!(counts(2, 1, 0, 1), 125);
    assert_eq!(counts(3, 1, 0, 1), 855);
    assert_eq!(counts(1, 2, 0, 1), 55);
    assert_eq!(counts(2, 2, 2, 0), 581);
    assert_eq!(counts(2, 2, 1, 1), 420);
    assert_eq!(counts(2, 2, 0, 2), 295);
}

#[test]
fn every_roll_table_counts_every_throw_once() {
    for a in 1..=3u8 {
        for d in 1..=2u8 {
            for bits in 0..8u8 {
                let modifiers = RollModifiers {
                    general: bits & 1 != 0,
                    marshall: bits & 2 != 0,
                    lenient_general: bits & 4 != 0,
                };
                let roll = roll_distribution(a, d, modifiers).unwrap();
                assert_eq!(roll.total(), 6u32.pow(u32::from(a + d)));
                let sum: u32 = roll.outcomes().iter().map(|c| c.count).sum();
                assert_eq!(sum, roll.total(), "{a} v {d} with {modifiers:?}");
                for counted in roll.outcomes() {
                    let o = counted.outcome;
                    assert_eq!(o.attacker_losses + o.defender_losses, a.min(d));
                    assert!(modifiers.general || !o.general_lost);
                    assert!(modifiers.marshall || !o.marshall_lost);
                }
            }
        }
    }
}

#[test]
fn general_lost_on_tie_in_a_single_roll_rulings_12() {
    // One die each, General committed: lost when the defender's die ≥ attacker's + 1,
    // i.e. strictly above the attacker's own face: 15 of 36. Lenient: ≥ + 2, 10 of 36.
    let strict = RollModifiers {
        general: true,
        ..Default::default()
    };
    let lenient = RollModifiers {
        lenient_general: true,
        ..strict
    };
    assert_eq!(
        roll_distribution(1, 1, strict)
            .unwrap()
            .general_loss_count(),
        15
    );
    assert_eq!(
        roll_distribution(1, 1, lenient)
            .unwrap()
            .general_loss_count(),
        10
    );
    // The General makes the attacker win whenever its face is at least the defender's.
    assert_eq!(
        roll_distribution(1, 1, strict)
            .unwrap()
            .count_of_losses(0, 1),
        21
    );
}

#[test]
fn marshall_lost_when_the_attacker_wins_the_high_die_rulings_13() {
    let marshall = RollModifiers {
        marshall: true,
        ..Default::default()
    };
    let roll = roll_distribution(1, 1, marshall).unwrap();
    // Attacker's face ≥ defender's + 2: 10 of 36, and exactly those throws lose armies too.
    assert_eq!(roll.marshall_loss_count(), 10);
    let lost = RollOutcome {
        attacker_losses: 0,
        defender_losses: 1,
        general_lost: false,
        marshall_lost: true,
    };
    assert_eq!(roll.count(lost), 10);
    assert_close(roll.probability(lost), 10.0 / 36.0, 1e-15);
}

#[test]
fn rolls_outside_the_rules_are_refused() {
    assert_eq!(
        roll_distribution(4, 2, RollModifiers::default()),
        Err(OddsError::InvalidDice {
            attacker_dice: 4,
            defender_dice: 2
        })
    );
}

// ---- Whole attacks: known values -----------------------------------------------------

#[test]
fn known_win_probabilities_fought_to_the_end() {
    assert_close(win(5, 3, PLAIN), 0.7694, 1e-4);
    assert_close(win(4, 3, PLAIN), 0.6416, 1e-4);
    assert_close(win(10, 10, PLAIN), 0.5676, 1e-4);
}

#[test]
fn one_against_one_is_a_single_roll() {
    let o = solve(1, 1, PLAIN);
    assert_close(o.attacker_win_probability(), 15.0 / 36.0, 1e-15);
    assert_close(
        o.probability(EndState::AttackerWon { survivors: 1 }),
        15.0 / 36.0,
        1e-15,
    );
    assert_close(
        o.probability(EndState::DefenderHeld { defenders_left: 1 }),
        21.0 / 36.0,
        1e-15,
    );
    assert_eq!(o.end_states().count(), 2);
}

#[test]
fn two_against_one_matches_the_hand_computed_fraction() {
    // 2 dice v 1 wins at once 125/216; otherwise 1 v 1 remains and wins 15/36.
    let o = solve(2, 1, PLAIN);
    assert_close(
        o.probability(EndState::AttackerWon { survivors: 2 }),
        125.0 / 216.0,
        1e-15,
    );
    assert_close(
        o.probability(EndState::AttackerWon { survivors: 1 }),
        91.0 / 216.0 * 15.0 / 36.0,
        1e-15,
    );
    assert_close(
        o.expected_attacker_survivors(),
        2.0 * 125.0 / 216.0 + 91.0 / 216.0 * 15.0 / 36.0,
        1e-15,
    );
    assert_close(
        o.expected_defender_survivors(),
        91.0 / 216.0 * 21.0 / 36.0,
        1e-15,
    );
}

#[test]
fn two_against_two_matches_the_hand_computed_fraction() {
    // 2v2 roll: 295 defender loses 2 (won with 2), 420 one each (then 1 v 1),
    // 581 attacker loses 2 (held with 2).
    let o = solve(2, 2, PLAIN);
    let one_each = 420.0 / 1296.0;
    assert_close(
        o.attacker_win_probability(),
        295.0 / 1296.0 + one_each * 15.0 / 36.0,
        1e-15,
    );
    assert_close(
        o.probability(EndState::DefenderHeld { defenders_left: 2 }),
        581.0 / 1296.0,
        1e-15,
    );
    assert_close(
        o.probability(EndState::DefenderHeld { defenders_left: 1 }),
        one_each * 21.0 / 36.0,
        1e-15,
    );
}

#[test]
fn empty_sides_end_at_once() {
    let no_attack = solve(0, 4, PLAIN);
    assert_eq!(
        no_attack.end_states().collect::<Vec<_>>(),
        vec![(EndState::DefenderHeld { defenders_left: 4 }, 1.0)]
    );
    let undefended = solve(3, 0, PLAIN);
    assert_eq!(undefended.attacker_win_probability(), 1.0);
    assert_eq!(undefended.expected_attacker_survivors(), 3.0);
}

// ---- Invariants ------------------------------------------------------------------------

fn any_options() -> impl Strategy<Value = OddsOptions> {
    (
        any::<[bool; 5]>(),
        prop::option::of(0u32..12),
        prop::option::of(1u8..=3),
    )
        .prop_map(|(flags, stop_at, castle_dice_limit)| OddsOptions {
            castle: flags[0],
            castle_dice_limit,
            general: flags[1],
            marshall: flags[2],
            lenient_general: flags[3],
            admiral: flags[4],
            stop_at,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn end_states_are_a_distribution(a in 0u32..40, d in 0u32..40, options in any_options()) {
        let o = solve(a, d, options);
        prop_assert!((total(&o) - 1.0).abs() < 1e-12);
        let parts = o.attacker_win_probability() + o.defender_hold_probability()
            + o.stop_probability();
        prop_assert!((parts - 1.0).abs() < 1e-12);
        prop_assert!(o.expected_attacker_survivors() <= f64::from(a) + 1e-9);
        prop_assert!(o.expected_defender_survivors() <= f64::from(d) + 1e-9);
        for (state, p) in o.end_states() {
            prop_assert!(p > 0.0 && p <= 1.0 + 1e-12);
            prop_assert!((o.probability(state) - p).abs() == 0.0);
            match state {
                EndState::AttackerWon { survivors } => {
                    prop_assert!(survivors >= 1 && survivors <= a);
                }
                EndState::DefenderHeld { defenders_left } => {
                    prop_assert!(defenders_left <= d);
                }
                EndState::AttackerStopped { attackers_left, defenders_left } => {
                    let stop = options.stop_at.unwrap_or(0);
                    prop_assert!(!options.admiral);
                    prop_assert!(attackers_left >= 1 && attackers_left <= stop);
                    prop_assert!(defenders_left >= 1 && defenders_left <= d);
                }
            }
        }
        let loss_bound = 1.0 + 1e-12;
        prop_assert!(o.general_loss_probability() <= loss_bound);
        prop_assert!(options.general || o.general_loss_probability() == 0.0);
        prop_assert!(options.marshall || o.marshall_loss_probability() == 0.0);
    }

    #[test]
    fn castle_and_marshall_never_help_the_attacker_and_general_never_hurts(
        a in 1u32..30,
        d in 1u32..30,
    ) {
        let plain = win(a, d, PLAIN);
        let castle = win(a, d, CASTLE);
        let general = win(a, d, GENERAL);
        let marshall = win(a, d, MARSHALL);
        prop_assert!(castle <= plain + 1e-12);
        prop_assert!(general >= plain - 1e-12);
        prop_assert!(marshall <= plain + 1e-12);
    }
}

#[test]
fn castle_two_dice_lowers_the_odds_rulings_15() {
    let plain = win(10, 10, PLAIN);
    let castle = win(10, 10, CASTLE);
    assert!(castle < plain - 0.05, "castle {castle} against {plain}");
    // With 1 or 2 attackers the cap makes no difference.
    assert_eq!(win(2, 3, CASTLE), win(2, 3, PLAIN));
}

#[test]
fn general_raises_and_marshall_lowers_the_odds() {
    let plain = win(10, 10, PLAIN);
    let general = win(10, 10, GENERAL);
    let marshall = win(10, 10, MARSHALL);
    let both = win(
        10,
        10,
        OddsOptions {
            general: true,
            marshall: true,
            ..PLAIN
        },
    );
    assert!(general > plain + 0.01, "general {general} against {plain}");
    assert!(
        marshall < plain - 0.01,
        "marshall {marshall} against {plain}"
    );
    assert!(both > marshall && both < general);
}

#[test]
fn general_lost_on_tie_over_a_whole_attack_rulings_12() {
    let strict = solve(1, 1, GENERAL);
    assert_close(strict.general_loss_probability(), 15.0 / 36.0, 1e-15);
    let lenient_options = OddsOptions {
        general: true,
        lenient_general: true,
        ..PLAIN
    };
    let lenient = solve(1, 1, lenient_options);
    assert_close(lenient.general_loss_probability(), 10.0 / 36.0, 1e-15);
    // Over a long attack the lenient General survives longer, so it wins more often.
    let strict_win = win(10, 10, GENERAL);
    assert!(win(10, 10, lenient_options) > strict_win);
}

#[test]
fn a_lost_general_is_not_replaced() {
    // 2 v 1 with a General: the first roll (two dice, high +1, against one) is lost in
    // 55 of 216 throws, the General with it; the last army then fights 1 v 1 plainly
    // (15/36), not with a fresh General (which would be 21/36).
    let o = solve(2, 1, GENERAL);
    assert_close(
        o.attacker_win_probability(),
        161.0 / 216.0 + 55.0 / 216.0 * 15.0 / 36.0,
        1e-15,
    );
    // Winning the first roll ends the attack, so the General is lost exactly when that
    // roll is.
    assert_close(o.general_loss_probability(), 55.0 / 216.0, 1e-15);
}

#[test]
fn marshall_lost_when_the_attacker_wins_over_a_whole_attack_rulings_13() {
    let o = solve(1, 1, MARSHALL);
    assert_close(o.marshall_loss_probability(), 10.0 / 36.0, 1e-15);
}

#[test]
fn stopping_at_a_threshold() {
    let options = OddsOptions {
        stop_at: Some(3),
        ..PLAIN
    };
    let o = solve(10, 10, options);
    assert!(o.stop_probability() > 0.1);
    assert!(o.defender_hold_probability() < 1e-12);
    assert!(o.attacker_win_probability() < win(10, 10, PLAIN));
    // The attacker can only be stopped with 3, or with 2 after losing two at once.
    for (state, _) in o.end_states() {
        if let EndState::AttackerStopped { attackers_left, .. } = state {
            assert!(attackers_left == 3 || attackers_left == 2, "{state:?}");
        }
    }
    assert_eq!(
        solve(
            10,
            10,
            OddsOptions {
                stop_at: Some(0),
                ..PLAIN
            }
        )
        .end_states()
        .collect::<Vec<_>>(),
        solve(10, 10, PLAIN).end_states().collect::<Vec<_>>()
    );
}

#[test]
fn a_threshold_at_or_above_the_attackers_means_no_roll() {
    let o = solve(
        4,
        6,
        OddsOptions {
            stop_at: Some(4),
            ..PLAIN
        },
    );
    assert_eq!(
        o.end_states().collect::<Vec<_>>(),
        vec![(
            EndState::AttackerStopped {
                attackers_left: 4,
                defenders_left: 6
            },
            1.0
        )]
    );
}

#[test]
fn admiral_attack_cannot_stop_rulings_14() {
    let by_sea = OddsOptions {
        admiral: true,
        stop_at: Some(5),
        ..PLAIN
    };
    let o = solve(8, 6, by_sea);
    assert_eq!(o.stop_probability(), 0.0);
    assert_eq!(
        o.end_states().collect::<Vec<_>>(),
        solve(8, 6, PLAIN).end_states().collect::<Vec<_>>()
    );
}

#[test]
fn most_dice_allowed_helpers() {
    assert_eq!(attacker_dice(5, false), 3);
    assert_eq!(attacker_dice(5, true), 2);
    assert_eq!(defender_dice(5), 2);
}

#[test]
fn a_thousand_against_a_thousand_is_a_distribution() {
    for options in [
        PLAIN,
        OddsOptions {
            general: true,
            marshall: true,
            ..PLAIN
        },
    ] {
        let o = solve(1000, 1000, options);
        assert_close(total(&o), 1.0, 1e-9);
        // Three dice against two favour the attacker in a long war.
        assert!(o.attacker_win_probability() > 0.5);
    }
}

#[test]
fn absurd_sizes_are_refused_not_allocated() {
    assert_eq!(
        odds(MAX_ARMIES + 1, 5, PLAIN),
        Err(OddsError::TooManyAttackers {
            armies: MAX_ARMIES + 1,
            limit: MAX_ARMIES
        })
    );
    assert_eq!(
        odds(5, u32::MAX, PLAIN),
        Err(OddsError::TooManyDefenders {
            armies: u32::MAX,
            limit: MAX_ARMIES
        })
    );
    // At the limit on one side and small on the other it is quick and exact.
    let o = solve(MAX_ARMIES, 1, PLAIN);
    assert_close(total(&o), 1.0, 1e-9);
    assert!(o.attacker_win_probability() > 0.999_999);
}

// ---- Monte-Carlo cross-check ---------------------------------------------------------

/// Fights one attack the way the game would, roll by roll through `resolve_roll`, with
/// the General and Marshall leaving play when beaten.
fn fight(
    attackers: u32,
    defenders: u32,
    options: OddsOptions,
    rng: &mut ChaCha8Rng,
) -> (EndState, bool, bool) {
    let (mut a, mut d) = (attackers, defenders);
    let (mut general, mut marshall) = (options.general, options.marshall);
    let stop = if options.admiral {
        0
    } else {
        options.stop_at.unwrap_or(0)
    };
    let state = loop {
        if d == 0 {
            break EndState::AttackerWon { survivors: a };
        }
        if a == 0 {
            break EndState::DefenderHeld { defenders_left: d };
        }
        if a <= stop {
            break EndState::AttackerStopped {
                attackers_left: a,
                defenders_left: d,
            };
        }
        let cap = if options.castle { 2 } else { 3 };
        let att: Vec<u8> = (0..a.min(cap)).map(|_| rng.random_range(1..=6)).collect();
        let def: Vec<u8> = (0..d.min(2)).map(|_| rng.random_range(1..=6)).collect();
        let modifiers = RollModifiers {
            general,
            marshall,
            lenient_general: options.lenient_general,
        };
        let outcome = resolve_roll(&att, &def, modifiers);
        a -= u32::from(outcome.attacker_losses);
        d -= u32::from(outcome.defender_losses);
        general &= !outcome.general_lost;
        marshall &= !outcome.marshall_lost;
    };
    let general_lost = options.general && !general;
    let marshall_lost = options.marshall && !marshall;
    (state, general_lost, marshall_lost)
}

/// Within 4.5 standard deviations of a binomial frequency, plus a hair for p near 0.
fn assert_sampled(frequency: f64, p: f64, trials: u32, what: &str) {
    let sigma = (p * (1.0 - p) / f64::from(trials)).sqrt();
    assert!(
        (frequency - p).abs() <= 4.5 * sigma + 1e-3,
        "{what}: sampled {frequency}, exact {p}"
    );
}

#[test]
fn monte_carlo_agrees_with_the_exact_odds() {
    const TRIALS: u32 = 20_000;
    let cases = [
        (5, 3, PLAIN),
        (
            6,
            4,
            OddsOptions {
                general: true,
                marshall: true,
                ..PLAIN
            },
        ),
        (
            7,
            5,
            OddsOptions {
                general: true,
                lenient_general: true,
                castle: true,
                stop_at: Some(2),
                ..PLAIN
            },
        ),
        (
            4,
            6,
            OddsOptions {
                marshall: true,
                admiral: true,
                stop_at: Some(3),
                ..PLAIN
            },
        ),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(0x0dd5);
    for (a, d, options) in cases {
        let exact = solve(a, d, options);
        let mut seen: HashMap<EndState, u32> = HashMap::new();
        let (mut generals_lost, mut marshalls_lost) = (0u32, 0u32);
        for _ in 0..TRIALS {
            let (state, general_lost, marshall_lost) = fight(a, d, options, &mut rng);
            *seen.entry(state).or_default() += 1;
            generals_lost += u32::from(general_lost);
            marshalls_lost += u32::from(marshall_lost);
        }
        let case = format!("{a} v {d} with {options:?}");
        for (state, &count) in &seen {
            assert!(
                exact.probability(*state) > 0.0,
                "{case}: {state:?} happened but has no probability"
            );
            let frequency = f64::from(count) / f64::from(TRIALS);
            assert_sampled(frequency, exact.probability(*state), TRIALS, &case);
        }
        for (state, p) in exact.end_states() {
            let frequency = f64::from(seen.get(&state).copied().unwrap_or(0)) / f64::from(TRIALS);
            assert_sampled(frequency, p, TRIALS, &format!("{case}: {state:?}"));
        }
        let frequency = f64::from(generals_lost) / f64::from(TRIALS);
        assert_sampled(frequency, exact.general_loss_probability(), TRIALS, &case);
        let frequency = f64::from(marshalls_lost) / f64::from(TRIALS);
        assert_sampled(frequency, exact.marshall_loss_probability(), TRIALS, &case);
    }
}

#[test]
fn a_variants_castle_dice_limit_changes_the_odds_of_a_castle_attack() {
    // Ruling 15, option: 3 dice against a castle are the plain odds, 1 die is worse
    // than the rulebook's 2, and the limit means nothing without a castle.
    let with = |limit| OddsOptions {
        castle_dice_limit: Some(limit),
        ..CASTLE
    };
    let win = |options| solve(8, 6, options).attacker_win_probability();
    assert_eq!(win(with(2)), win(CASTLE));
    assert_eq!(win(with(3)), win(PLAIN));
    assert!(win(with(1)) < win(CASTLE));
    let no_castle = OddsOptions {
        castle_dice_limit: Some(1),
        ..PLAIN
    };
    assert_eq!(win(no_castle), win(PLAIN));
    assert!(odds(8, 6, with(4)).is_err());
    assert!(odds(8, 6, with(0)).is_err());
}
