//! The exact distribution of a single roll: every outcome of
//! [`resolve_roll`](crate::battle::resolve_roll) counted over all 6^n faces, built once
//! per kind of roll and kept for the life of the program.

use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::OddsError;
use crate::battle::{RollModifiers, RollOutcome, resolve_roll};

/// The most dice an attacker may roll (ruling 15).
pub(crate) const MAX_ATTACKER_DICE: u8 = 3;
/// The most dice an attacker may roll against a castle by the rulebook (ruling 15).
pub(crate) const MAX_ATTACKER_DICE_AGAINST_CASTLE: u8 = 2;
/// The most dice a defender may roll (ruling 15).
const MAX_DEFENDER_DICE: u8 = 2;
/// One table per (attacker dice, defender dice, General, Marshall, lenient General).
const TABLE_COUNT: usize = (MAX_ATTACKER_DICE as usize) * (MAX_DEFENDER_DICE as usize) * 8;

/// Tables are built on first use only, each on its own, so that asking for one roll
/// does not pay for all of them.
static TABLES: [OnceLock<RollDistribution>; TABLE_COUNT] = [const { OnceLock::new() }; TABLE_COUNT];

/// The most dice an attack with `attackers` attacking armies (the army left behind not
/// counted) rolls: `min(3, attackers)`, at most 2 against a castle, and 0 with no
/// armies. The odds always assume the attacker rolls this many.
pub fn attacker_dice(attackers: u32, castle: bool) -> u8 {
    let cap = if castle {
        MAX_ATTACKER_DICE_AGAINST_CASTLE
    } else {
        MAX_ATTACKER_DICE
    };
    attacker_dice_at_most(attackers, cap)
}

/// The most dice an attack with `attackers` attacking armies rolls when it may roll at
/// most `cap` (a variant's limit against a castle).
pub fn attacker_dice_at_most(attackers: u32, cap: u8) -> u8 {
    u8::try_from(attackers).map_or(cap, |armies| armies.min(cap))
}

/// The most dice a territory with `defenders` armies rolls in its defence:
/// `min(2, defenders)`. The odds always assume the defender rolls this many.
pub fn defender_dice(defenders: u32) -> u8 {
    u8::try_from(defenders).map_or(MAX_DEFENDER_DICE, |armies| armies.min(MAX_DEFENDER_DICE))
}

/// How many of the equally likely throws gave one outcome.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OutcomeCount {
    pub outcome: RollOutcome,
    /// Throws (out of [`RollDistribution::total`]) that gave `outcome`.
    pub count: u32,
}

/// Every outcome of one roll with its exact count of throws: the probability of an
/// outcome is `count / total`, with `total` = 6^(attacker dice + defender dice).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollDistribution {
    attacker_dice: u8,
    defender_dice: u8,
    modifiers: RollModifiers,
    total: u32,
    /// Sorted by losses, then by the fate of the cards, so the order is stable.
    outcomes: Vec<OutcomeCount>,
}

impl RollDistribution {
    /// Dice rolled by the attacker.
    pub fn attacker_dice(&self) -> u8 {
        self.attacker_dice
    }

    /// Dice rolled by the defender.
    pub fn defender_dice(&self) -> u8 {
        self.defender_dice
    }

    /// The cards and house rule the roll was counted with.
    pub fn modifiers(&self) -> RollModifiers {
        self.modifiers
    }

    /// The number of equally likely throws: 6 to the power of the dice rolled.
    pub fn total(&self) -> u32 {
        self.total
    }

    /// Each distinct outcome with its count; the counts sum to [`Self::total`].
    pub fn outcomes(&self) -> &[OutcomeCount] {
        &self.outcomes
    }

    /// Throws giving exactly `outcome` (casualties and the fate of both cards).
    pub fn count(&self, outcome: RollOutcome) -> u32 {
        self.count_where(|o| o == outcome)
    }

    /// Throws in which the attacker loses `attacker_losses` and the defender
    /// `defender_losses` armies, whatever becomes of the cards.
    pub fn count_of_losses(&self, attacker_losses: u8, defender_losses: u8) -> u32 {
        self.count_where(|o| {
            o.attacker_losses == attacker_losses && o.defender_losses == defender_losses
        })
    }

    /// Throws in which a committed General is lost.
    pub fn general_loss_count(&self) -> u32 {
        self.count_where(|o| o.general_lost)
    }

    /// Throws in which a committed Marshall is lost.
    pub fn marshall_loss_count(&self) -> u32 {
        self.count_where(|o| o.marshall_lost)
    }

    /// The probability of exactly `outcome`.
    pub fn probability(&self, outcome: RollOutcome) -> f64 {
        self.share(self.count(outcome))
    }

    /// The probability that the attacker loses `attacker_losses` and the defender
    /// `defender_losses` armies.
    pub fn probability_of_losses(&self, attacker_losses: u8, defender_losses: u8) -> f64 {
        self.share(self.count_of_losses(attacker_losses, defender_losses))
    }

    fn count_where(&self, mut matches: impl FnMut(RollOutcome) -> bool) -> u32 {
        self.outcomes
            .iter()
            .filter(|c| matches(c.outcome))
            .map(|c| c.count)
            .sum()
    }

    fn share(&self, count: u32) -> f64 {
        f64::from(count) / f64::from(self.total)
    }

    /// Counts every throw of the dice once (6^5 = 7776 at most).
    fn enumerate(attacker_dice: u8, defender_dice: u8, modifiers: RollModifiers) -> Self {
        let att = usize::from(attacker_dice);
        let dice = att + usize::from(defender_dice);
        let total = 6u32.pow(u32::from(attacker_dice + defender_dice));
        let mut outcomes: Vec<OutcomeCount> = Vec::new();
        let mut faces = [1u8; (MAX_ATTACKER_DICE + MAX_DEFENDER_DICE) as usize];
        for throw in 0..total {
            // Read the throw number in base 6: one digit per die.
            let mut rest = throw;
            for face in faces.iter_mut().take(dice) {
                *face = (rest % 6) as u8 + 1;
                rest /= 6;
            }
            let outcome = resolve_roll(&faces[..att], &faces[att..dice], modifiers);
            match outcomes.iter_mut().find(|c| c.outcome == outcome) {
                Some(seen) => seen.count += 1,
                None => outcomes.push(OutcomeCount { outcome, count: 1 }),
            }
        }
        outcomes.sort_by_key(|c| {
            let o = c.outcome;
            (
                o.attacker_losses,
                o.defender_losses,
                o.general_lost,
                o.marshall_lost,
            )
        });
        Self {
            attacker_dice,
            defender_dice,
            modifiers,
            total,
            outcomes,
        }
    }
}

/// The exact distribution of one roll of `attacker_dice` (1–3) against `defender_dice`
/// (1–2) with the given cards. Built on first use and shared afterwards.
pub fn roll_distribution(
    attacker_dice: u8,
    defender_dice: u8,
    modifiers: RollModifiers,
) -> Result<&'static RollDistribution, OddsError> {
    if !(1..=MAX_ATTACKER_DICE).contains(&attacker_dice)
        || !(1..=MAX_DEFENDER_DICE).contains(&defender_dice)
    {
        return Err(OddsError::InvalidDice {
            attacker_dice,
            defender_dice,
        });
    }
    let card_bits = usize::from(modifiers.general)
        | usize::from(modifiers.marshall) << 1
        | usize::from(modifiers.lenient_general) << 2;
    let dice_index = usize::from(attacker_dice - 1) * usize::from(MAX_DEFENDER_DICE)
        + usize::from(defender_dice - 1);
    Ok(TABLES[dice_index * 8 + card_bits]
        .get_or_init(|| RollDistribution::enumerate(attacker_dice, defender_dice, modifiers)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn most_dice_allowed() {
        assert_eq!(attacker_dice(0, false), 0);
        assert_eq!(attacker_dice(2, false), 2);
        assert_eq!(attacker_dice(1_000, false), 3);
        assert_eq!(attacker_dice(1_000, true), 2);
        assert_eq!(attacker_dice(1, true), 1);
        assert_eq!(defender_dice(1), 1);
        assert_eq!(defender_dice(u32::MAX), 2);
    }

    #[test]
    fn one_die_each() {
        let roll = roll_distribution(1, 1, RollModifiers::default()).unwrap();
        assert_eq!(roll.total(), 36);
        // The attacker needs strictly more: 15 of 36; ties and lower (21) go to the defender.
        assert_eq!(roll.count_of_losses(0, 1), 15);
        assert_eq!(roll.count_of_losses(1, 0), 21);
    }

    #[test]
    fn tables_are_shared_and_keyed_by_every_modifier() {
        let plain = roll_distribution(2, 2, RollModifiers::default()).unwrap();
        let again = roll_distribution(2, 2, RollModifiers::default()).unwrap();
        assert!(std::ptr::eq(plain, again));
        let lenient = RollModifiers {
            general: true,
            lenient_general: true,
            ..Default::default()
        };
        assert_eq!(
            roll_distribution(2, 2, lenient).unwrap().modifiers(),
            lenient
        );
    }

    #[test]
    fn rolls_the_rules_do_not_allow_are_refused() {
        for (a, d) in [(0, 1), (4, 1), (1, 0), (1, 3)] {
            assert_eq!(
                roll_distribution(a, d, RollModifiers::default()),
                Err(OddsError::InvalidDice {
                    attacker_dice: a,
                    defender_dice: d
                })
            );
        }
    }
}
