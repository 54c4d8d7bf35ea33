//! Luck: each seat's armies lost and killed in the rolls it took part in, against what
//! the exact odds of each roll (its dice and its General or Marshall, as rolled)
//! expected. Expectations are kept exactly, in 7776ths of an army: every roll's
//! probabilities have a denominator of 6^dice, which divides 6^5 = 7776.

use serde::{Deserialize, Serialize};

use crate::battle::RollModifiers;
use crate::odds::roll_distribution;

/// Expected armies are counted in this fraction of an army (6^5: the most dice one
/// roll throws), so that sums stay exact.
pub const LUCK_DENOMINATOR: i64 = 7776;

/// One seat's luck over the rolls it took part in, attacking or defending.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Luck {
    /// Rolls this seat took part in.
    pub rolls: u32,
    /// Armies it lost, and what the odds expected it to lose (in 7776ths).
    pub losses: u64,
    pub expected_losses: u64,
    /// Armies of the other side it killed, and what the odds expected (in 7776ths).
    pub kills: u64,
    pub expected_kills: u64,
}

/// What the odds expect of one roll, in 7776ths of an army: (attacker's losses,
/// defender's losses). `None` for dice the rules never roll (which no replayed event
/// has).
pub(crate) fn expected_losses(
    attacker_dice: usize,
    defender_dice: usize,
    modifiers: RollModifiers,
) -> Option<(u64, u64)> {
    let roll = roll_distribution(
        u8::try_from(attacker_dice).ok()?,
        u8::try_from(defender_dice).ok()?,
        modifiers,
    )
    .ok()?;
    // total = 6^dice divides 7776, so each count scales to a whole number of 7776ths.
    let scale = LUCK_DENOMINATOR as u64 / u64::from(roll.total());
    let mut attacker = 0;
    let mut defender = 0;
    for outcome in roll.outcomes() {
        let count = u64::from(outcome.count) * scale;
        attacker += count * u64::from(outcome.outcome.attacker_losses);
        defender += count * u64::from(outcome.outcome.defender_losses);
    }
    Some((attacker, defender))
}

impl Luck {
    /// Counts one roll for the side that lost `lost` and killed `killed`, where the
    /// odds expected it to lose `expected_lost` and kill `expected_killed` (7776ths).
    pub(crate) fn add_roll(
        &mut self,
        lost: u8,
        killed: u8,
        expected_lost: u64,
        expected_killed: u64,
    ) {
        self.rolls += 1;
        self.losses += u64::from(lost);
        self.kills += u64::from(killed);
        self.expected_losses += expected_lost;
        self.expected_kills += expected_killed;
    }

    /// Armies better off than expected, in 7776ths: fewer losses and more kills than
    /// the odds said. Negative for bad luck. Over all seats it sums to zero.
    pub fn armies_ahead_exact(&self) -> i64 {
        let d = LUCK_DENOMINATOR as i128;
        let ahead = (self.expected_losses as i128 - self.losses as i128 * d)
            + (self.kills as i128 * d - self.expected_kills as i128);
        ahead.clamp(i64::MIN.into(), i64::MAX.into()) as i64
    }

    /// Armies better off than expected (see [`Luck::armies_ahead_exact`]).
    pub fn armies_ahead(&self) -> f64 {
        self.armies_ahead_exact() as f64 / LUCK_DENOMINATOR as f64
    }

    /// Armies the odds expected this seat to lose.
    pub fn expected_losses_armies(&self) -> f64 {
        self.expected_losses as f64 / LUCK_DENOMINATOR as f64
    }

    /// Armies the odds expected this seat to kill.
    pub fn expected_kills_armies(&self) -> f64 {
        self.expected_kills as f64 / LUCK_DENOMINATOR as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_die_each_expects_the_classic_fractions() {
        // The attacker loses on 21 throws of 36, the defender on 15.
        let (attacker, defender) = expected_losses(1, 1, RollModifiers::default()).unwrap();
        assert_eq!(attacker, 21 * 216);
        assert_eq!(defender, 15 * 216);
    }

    #[test]
    fn three_against_two_expects_the_known_counts() {
        // Of 7776 throws: attacker loses 2 on 2275, defender 2 on 2890, one each 2611.
        let (attacker, defender) = expected_losses(3, 2, RollModifiers::default()).unwrap();
        assert_eq!(attacker, 2 * 2275 + 2611);
        assert_eq!(defender, 2 * 2890 + 2611);
    }

    #[test]
    fn a_general_lowers_the_attackers_expected_losses() {
        let plain = expected_losses(2, 2, RollModifiers::default()).unwrap();
        let general = RollModifiers {
            general: true,
            ..Default::default()
        };
        let with = expected_losses(2, 2, general).unwrap();
        assert!(with.0 < plain.0 && with.1 > plain.1);
        // Two comparisons per roll, whatever the cards.
        assert_eq!(with.0 + with.1, 2 * LUCK_DENOMINATOR as u64);
    }

    #[test]
    fn dice_the_rules_never_roll_expect_nothing() {
        assert_eq!(expected_losses(4, 1, RollModifiers::default()), None);
        assert_eq!(expected_losses(0, 1, RollModifiers::default()), None);
    }

    #[test]
    fn luck_is_fewer_losses_and_more_kills_than_expected() {
        let mut luck = Luck::default();
        // Lost 0 where 1/2 was expected, killed 1 where 1/2 was expected: 1 ahead.
        luck.add_roll(0, 1, 3888, 3888);
        assert_eq!(luck.armies_ahead_exact(), LUCK_DENOMINATOR);
        assert_eq!(luck.armies_ahead(), 1.0);
        luck.add_roll(2, 0, 3888, 3888);
        assert_eq!(luck.armies_ahead(), -1.0);
    }
}
