//! Chance: the one seeded generator behind every random event of a game (ruling 23),
//! and the optional queue of fixed die faces that tests and tutorials put in its place.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// Where die faces come from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dice {
    /// From the game's seeded generator.
    #[default]
    Random,
    /// From this queue, front first (each face 1–6); running out is a rule error,
    /// never a panic. Shuffles and draws still use the generator.
    Fixed(Vec<u8>),
}

/// The generator and the dice of one game.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Chance {
    rng: ChaCha8Rng,
    fixed: Option<VecDeque<u8>>,
}

impl Chance {
    pub fn new(seed: u64, dice: Dice) -> Self {
        let mut chance = Self {
            rng: ChaCha8Rng::seed_from_u64(seed),
            fixed: None,
        };
        chance.set_dice(dice);
        chance
    }

    pub fn set_dice(&mut self, dice: Dice) {
        self.fixed = match dice {
            Dice::Random => None,
            Dice::Fixed(faces) => Some(faces.into()),
        };
    }

    /// Whether `count` more dice can be rolled (always, unless fixed faces run short).
    pub fn can_roll(&self, count: usize) -> Result<(), usize> {
        match &self.fixed {
            Some(queue) if queue.len() < count => Err(queue.len()),
            _ => Ok(()),
        }
    }

    /// Fixed faces still queued, if dice are fixed.
    pub fn fixed_faces_left(&self) -> Option<usize> {
        self.fixed.as_ref().map(VecDeque::len)
    }

    /// Rolls one die. Callers check [`Chance::can_roll`] first.
    pub fn roll(&mut self) -> u8 {
        match &mut self.fixed {
            Some(queue) => queue
                .pop_front()
                .expect("checked by can_roll before rolling"),
            None => self.rng.random_range(1..=6),
        }
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.rng.random_range(0..n)
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.rng);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_chance() {
        let mut a = Chance::new(7, Dice::Random);
        let mut b = Chance::new(7, Dice::Random);
        let rolls_a: Vec<u8> = (0..50).map(|_| a.roll()).collect();
        let rolls_b: Vec<u8> = (0..50).map(|_| b.roll()).collect();
        assert_eq!(rolls_a, rolls_b);
        assert!(rolls_a.iter().all(|f| (1..=6).contains(f)));
        assert!(rolls_a.iter().any(|&f| f != rolls_a[0]));
    }

    #[test]
    fn fixed_faces_run_out_politely() {
        let mut c = Chance::new(0, Dice::Fixed(vec![6, 1]));
        assert_eq!(c.can_roll(3), Err(2));
        assert_eq!(c.can_roll(2), Ok(()));
        assert_eq!((c.roll(), c.roll()), (6, 1));
        assert_eq!(c.can_roll(1), Err(0));
    }
}
