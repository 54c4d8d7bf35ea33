//! One battle (a single roll of the dice): comparing faces, casualties, and the fate of
//! a committed General or Marshall. Shared by the game and by the exact odds, so that
//! both read the dice the same way.

use serde::{Deserialize, Serialize};

/// The cards that modify a roll, and how strictly the General is judged.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RollModifiers {
    /// A General is committed: +1 to the attacker's highest die.
    pub general: bool,
    /// A Marshall is committed: +1 to the defender's highest die.
    pub marshall: bool,
    /// House rule "lenient General": the General is lost only when the defender's high
    /// die is strictly higher, not on a tie (ruling 12).
    pub lenient_general: bool,
}

/// What one roll did.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RollOutcome {
    pub attacker_losses: u8,
    pub defender_losses: u8,
    /// The committed General was beaten and must be discarded.
    pub general_lost: bool,
    /// The committed Marshall was beaten and must be discarded.
    pub marshall_lost: bool,
}

/// Resolves one roll. `attacker` and `defender` hold die faces (1–6) in any order.
///
/// Highest against highest, second against second; a tie goes to the defender
/// (ruling 15). Nobody loses more than 2 armies, because the defender rolls at most
/// 2 dice. The modifiers apply to the highest die of each side only.
pub fn resolve_roll(attacker: &[u8], defender: &[u8], modifiers: RollModifiers) -> RollOutcome {
    with_highest_first(attacker, |att| {
        with_highest_first(defender, |def| compare(att, def, modifiers))
    })
}

/// Highest against highest, second against second, of faces sorted highest first.
fn compare(att: &[u8], def: &[u8], modifiers: RollModifiers) -> RollOutcome {
    let mut outcome = RollOutcome::default();
    for (i, (&a, &d)) in att.iter().zip(def.iter()).enumerate() {
        let a = u16::from(a) + u16::from(i == 0 && modifiers.general);
        let d = u16::from(d) + u16::from(i == 0 && modifiers.marshall);
        if a > d {
            outcome.defender_losses += 1;
        } else {
            outcome.attacker_losses += 1;
        }
        if i == 0 {
            // Ruling 12 and 13: the cards live or die by the comparison of high dice.
            outcome.general_lost = modifiers.general
                && if modifiers.lenient_general {
                    d > a
                } else {
                    d >= a
                };
            outcome.marshall_lost = modifiers.marshall && a > d;
        }
    }
    outcome
}

/// Calls `f` with `faces` sorted highest first. A side rolls at most 3 dice, so the
/// copy is sorted on the stack: games roll hundreds of times, the odds tables
/// thousands. Longer lists (which no roll has) are sorted on the heap.
fn with_highest_first<R>(faces: &[u8], f: impl FnOnce(&[u8]) -> R) -> R {
    let mut on_stack = [0u8; 6];
    let mut on_heap = Vec::new();
    let sorted = if faces.len() <= on_stack.len() {
        let sorted = &mut on_stack[..faces.len()];
        sorted.copy_from_slice(faces);
        sorted
    } else {
        on_heap.extend_from_slice(faces);
        &mut on_heap[..]
    };
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    f(sorted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_go_to_the_defender() {
        let o = resolve_roll(&[6, 3], &[6, 3], RollModifiers::default());
        assert_eq!((o.attacker_losses, o.defender_losses), (2, 0));
    }

    #[test]
    fn highest_against_highest_in_any_order() {
        let o = resolve_roll(&[1, 5, 4], &[4, 3], RollModifiers::default());
        assert_eq!((o.attacker_losses, o.defender_losses), (0, 2));
    }

    #[test]
    fn only_as_many_comparisons_as_the_smaller_side() {
        let o = resolve_roll(&[6], &[1, 5], RollModifiers::default());
        assert_eq!((o.attacker_losses, o.defender_losses), (0, 1));
        let o = resolve_roll(&[2], &[1, 6], RollModifiers::default());
        assert_eq!((o.attacker_losses, o.defender_losses), (1, 0));
    }

    #[test]
    fn more_faces_than_any_roll_still_compare_highest_first() {
        let o = resolve_roll(&[1, 2, 3, 4, 5, 6, 6], &[6, 1, 5], RollModifiers::default());
        // 6 v 6 (defender), 6 v 5 and 5 v 1 (attacker).
        assert_eq!((o.attacker_losses, o.defender_losses), (1, 2));
    }

    #[test]
    fn general_lost_on_tie() {
        let m = RollModifiers {
            general: true,
            ..Default::default()
        };
        // 4 + 1 = 5 against a 5: the defender wins the tie, the General falls.
        let o = resolve_roll(&[4], &[5], m);
        assert!(o.general_lost);
        assert_eq!(o.attacker_losses, 1);
        // 4 + 1 = 5 against a 4: the General survives.
        assert!(!resolve_roll(&[4], &[4], m).general_lost);
    }

    #[test]
    fn lenient_general_survives_a_tie_but_the_attacker_still_loses_the_army() {
        let m = RollModifiers {
            general: true,
            lenient_general: true,
            ..Default::default()
        };
        let o = resolve_roll(&[4], &[5], m);
        assert!(!o.general_lost);
        assert_eq!(o.attacker_losses, 1);
        assert!(resolve_roll(&[4], &[6], m).general_lost);
    }

    #[test]
    fn marshall_lost_when_attacker_wins_high_die() {
        let m = RollModifiers {
            marshall: true,
            ..Default::default()
        };
        assert!(resolve_roll(&[6], &[4], m).marshall_lost); // 6 > 4 + 1
        assert!(!resolve_roll(&[5], &[4], m).marshall_lost); // 5 = 4 + 1, tie to defender
    }

    #[test]
    fn general_and_marshall_cancel_on_the_high_die_only() {
        let m = RollModifiers {
            general: true,
            marshall: true,
            ..Default::default()
        };
        let o = resolve_roll(&[5, 5], &[5, 4], m);
        // High: 6 vs 6 → defender; second: 5 vs 4 → attacker.
        assert_eq!((o.attacker_losses, o.defender_losses), (1, 1));
        assert!(o.general_lost && !o.marshall_lost);
    }
}
