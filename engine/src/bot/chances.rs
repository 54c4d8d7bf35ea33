//! The exact odds a computer player asks for thousands of times a decision: the
//! probability that an attack fought to the end takes the territory, from
//! [`crate::odds::odds`], worked out once per kind of battle for every army count up to
//! [`TABLE_ARMIES`] and kept for the life of the program.

use std::sync::OnceLock;

use crate::odds::{OddsOptions, odds};

/// Armies on either side covered by the tables; larger battles are read at this size
/// with the same ratio (the odds change slowly there).
pub const TABLE_ARMIES: u32 = 40;

/// One table per (castle, General, Marshall).
static TABLES: [OnceLock<Vec<f32>>; 8] = [const { OnceLock::new() }; 8];

/// How a battle is fought, for [`win_probability`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Battle {
    /// Against a castle (the attacker rolls at most 2 dice, by the rulebook).
    pub castle: bool,
    /// The attacker has a General committed.
    pub general: bool,
    /// The defender has a Marshall committed.
    pub marshall: bool,
}

impl Battle {
    fn index(self) -> usize {
        usize::from(self.castle) | usize::from(self.general) << 1 | usize::from(self.marshall) << 2
    }
}

/// The exact probability that `attackers` armies (the one left behind not counted)
/// fighting to the end take a territory held by `defenders`, each side rolling the
/// most dice it may (rulebook castle limit and General, not the lenient one).
pub fn win_probability(attackers: u32, defenders: u32, battle: Battle) -> f64 {
    if defenders == 0 {
        return 1.0;
    }
    if attackers == 0 {
        return 0.0;
    }
    let (a, d) = scaled(attackers, defenders);
    let table = TABLES[battle.index()].get_or_init(|| build(battle));
    f64::from(table[index(a, d)])
}

/// Army counts brought within the table, keeping their ratio.
fn scaled(attackers: u32, defenders: u32) -> (u32, u32) {
    let largest = attackers.max(defenders);
    if largest <= TABLE_ARMIES {
        return (attackers, defenders);
    }
    let scale = |n: u32| ((u64::from(n) * u64::from(TABLE_ARMIES)) / u64::from(largest)).max(1);
    (scale(attackers) as u32, scale(defenders) as u32)
}

fn index(attackers: u32, defenders: u32) -> usize {
    (attackers as usize - 1) * TABLE_ARMIES as usize + defenders as usize - 1
}

fn build(battle: Battle) -> Vec<f32> {
    let options = OddsOptions {
        castle: battle.castle,
        general: battle.general,
        marshall: battle.marshall,
        ..OddsOptions::default()
    };
    let mut table = vec![0.0; (TABLE_ARMIES * TABLE_ARMIES) as usize];
    for a in 1..=TABLE_ARMIES {
        for d in 1..=TABLE_ARMIES {
            let p = odds(a, d, options)
                .expect("small battles are within the odds' limits")
                .attacker_win_probability();
            table[index(a, d)] = p as f32;
        }
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_reads_the_exact_odds() {
        let exact = odds(10, 10, OddsOptions::default())
            .unwrap()
            .attacker_win_probability();
        let read = win_probability(10, 10, Battle::default());
        assert!((exact - read).abs() < 1e-6, "{exact} {read}");
        let castle = win_probability(
            10,
            10,
            Battle {
                castle: true,
                ..Battle::default()
            },
        );
        assert!(castle < read);
        assert_eq!(win_probability(0, 3, Battle::default()), 0.0);
        assert_eq!(win_probability(3, 0, Battle::default()), 1.0);
        // Beyond the table: the ratio decides.
        let big = win_probability(400, 100, Battle::default());
        assert!(big > 0.99, "{big}");
    }
}
