//! The statistics the lab's verdicts rest on: the Wilson interval of a share, the
//! score test of a share against its fair value (the test that interval inverts, so a
//! finding is called significant exactly when the fair share lies outside the
//! interval drawn), and the tests of a difference between two runs.

use serde::Serialize;

use statrs::function::erf::erfc;

pub use crate::bot::tournament::wilson;

/// The significance level of every verdict: 5 %, to match the 95 % intervals drawn.
pub const ALPHA: f64 = 0.05;

/// The two-sided p-value of a standard normal statistic `z`.
pub fn two_sided_p(z: f64) -> f64 {
    if z.is_nan() {
        return 1.0;
    }
    erfc(z.abs() / std::f64::consts::SQRT_2).clamp(0.0, 1.0)
}

/// The two-sided p-value of the score test of `wins` out of `games` against a true
/// rate `fair`: 1 when there are no games.
pub fn score_test(wins: u64, games: u64, fair: f64) -> f64 {
    if games == 0 {
        return 1.0;
    }
    let n = games as f64;
    let observed = wins as f64 / n;
    if fair <= 0.0 || fair >= 1.0 {
        // A rate that cannot vary: any other observation refutes it outright.
        return if observed == fair { 1.0 } else { 0.0 };
    }
    two_sided_p((observed - fair) / (fair * (1.0 - fair) / n).sqrt())
}

/// A difference between two shares (`a - b`), with its 95 % interval and the
/// two-sided p-value of the test that the shares are equal.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Difference {
    pub value: f64,
    pub interval: (f64, f64),
    pub p_value: f64,
}

impl Difference {
    /// Whether the difference is significant at [`ALPHA`].
    pub fn significant(&self) -> bool {
        self.p_value < ALPHA
    }
}

const Z95: f64 = 1.959_963_984_540_054;

/// The difference of two shares, `wins_a / games_a - wins_b / games_b`: the pooled
/// two-proportion z test for its p-value and Newcombe's hybrid score interval (from
/// the two Wilson intervals), which stays sensible near 0 and 1.
pub fn share_difference(wins_a: u64, games_a: u64, wins_b: u64, games_b: u64) -> Difference {
    if games_a == 0 || games_b == 0 {
        return Difference {
            value: 0.0,
            interval: (-1.0, 1.0),
            p_value: 1.0,
        };
    }
    let (na, nb) = (games_a as f64, games_b as f64);
    let (pa, pb) = (wins_a as f64 / na, wins_b as f64 / nb);
    let pooled = (wins_a + wins_b) as f64 / (na + nb);
    let spread = (pooled * (1.0 - pooled) * (1.0 / na + 1.0 / nb)).sqrt();
    let p_value = if spread == 0.0 {
        if pa == pb { 1.0 } else { 0.0 }
    } else {
        two_sided_p((pa - pb) / spread)
    };
    let (la, ua) = wilson(wins_a, games_a);
    let (lb, ub) = wilson(wins_b, games_b);
    let value = pa - pb;
    let low = value - ((pa - la).powi(2) + (ub - pb).powi(2)).sqrt();
    let high = value + ((ua - pa).powi(2) + (pb - lb).powi(2)).sqrt();
    Difference {
        value,
        interval: (low.max(-1.0), high.min(1.0)),
        p_value,
    }
}

/// The difference of two means (`a - b`) from their sample sizes and variances, by
/// Welch's z (the samples here are hundreds of games, where t and z agree).
pub fn mean_difference(
    mean_a: f64,
    variance_a: f64,
    n_a: u64,
    mean_b: f64,
    variance_b: f64,
    n_b: u64,
) -> Difference {
    let value = mean_a - mean_b;
    if n_a == 0 || n_b == 0 {
        return Difference {
            value,
            interval: (f64::NEG_INFINITY, f64::INFINITY),
            p_value: 1.0,
        };
    }
    let error = (variance_a / n_a as f64 + variance_b / n_b as f64).sqrt();
    let p_value = if error == 0.0 {
        if value == 0.0 { 1.0 } else { 0.0 }
    } else {
        two_sided_p(value / error)
    };
    Difference {
        value,
        interval: (value - Z95 * error, value + Z95 * error),
        p_value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normal_tails_match_the_tables() {
        assert!((two_sided_p(1.959_964) - 0.05).abs() < 1e-6);
        assert!((two_sided_p(-2.575_829) - 0.01).abs() < 1e-6);
        assert!((two_sided_p(0.0) - 1.0).abs() < 1e-12);
    }

    #[test]
    fn the_score_test_and_the_wilson_interval_agree() {
        // The fair share is outside the interval exactly when the test rejects it.
        for (wins, games) in [(9, 100), (20, 100), (33, 100), (170, 1000), (0, 30)] {
            let (low, high) = wilson(wins, games);
            for fair in [0.1, 1.0 / 6.0, 0.25, 0.5] {
                let outside = fair < low || fair > high;
                let rejected = score_test(wins, games, fair) < ALPHA;
                // Skip fair shares within a hair of the bounds, where rounding decides.
                if (fair - low).abs() > 1e-9 && (fair - high).abs() > 1e-9 {
                    assert_eq!(outside, rejected, "{wins}/{games} against {fair}");
                }
            }
        }
    }

    #[test]
    fn differences_of_shares() {
        // 60/100 against 40/100: z = 0.2 / sqrt(0.5 · 0.5 · 0.02) = 2.828…
        let d = share_difference(60, 100, 40, 100);
        assert!((d.value - 0.2).abs() < 1e-12);
        assert!((d.p_value - 0.004_678).abs() < 1e-5);
        assert!(d.significant());
        assert!(d.interval.0 > 0.0 && d.interval.1 < 0.4);
        let same = share_difference(50, 100, 50, 100);
        assert_eq!(same.p_value, 1.0);
        assert!(!same.significant());
        let m = mean_difference(20.0, 25.0, 100, 18.0, 25.0, 100);
        assert!((m.p_value - two_sided_p(2.0 / (0.5f64).sqrt())).abs() < 1e-12);
    }
}
