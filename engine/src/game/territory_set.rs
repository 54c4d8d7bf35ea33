//! Sets of territories as bits: slices of 64-bit words, bit `t` for territory `t`.
//! The Admiral's routes are worked out with them (the enemy coasts, and the coasts an
//! own coast can sail to): a word or two for a real board instead of a walk over
//! every pair of territories.

use crate::board::{MAX_TERRITORIES, TerritoryId};

/// Words of 64 bits that hold a set of the largest board's territories: a set on the
/// stack takes this many, and uses the first [`words_for`] of them.
pub(crate) const MAX_WORDS: usize = MAX_TERRITORIES.div_ceil(64);

/// Words a set of `territories` territories uses.
pub(crate) fn words_for(territories: usize) -> usize {
    territories.div_ceil(64)
}

pub(crate) fn insert(set: &mut [u64], t: TerritoryId) {
    set[t.index() / 64] |= 1 << (t.index() % 64);
}

pub(crate) fn is_empty(set: &[u64]) -> bool {
    set.iter().all(|&word| word == 0)
}

/// How many territories are in both sets.
pub(crate) fn common_len(a: &[u64], b: &[u64]) -> usize {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x & y).count_ones() as usize)
        .sum()
}

/// The territories in both sets, in increasing id order.
pub(crate) fn common<'s>(a: &'s [u64], b: &'s [u64]) -> impl Iterator<Item = TerritoryId> + 's {
    Common {
        a,
        b,
        word: 0,
        bits: match (a.first(), b.first()) {
            (Some(x), Some(y)) => x & y,
            _ => 0,
        },
    }
}

/// The walk of [`common`]: the bits left in the current word, then the next words.
struct Common<'s> {
    a: &'s [u64],
    b: &'s [u64],
    word: usize,
    bits: u64,
}

impl Iterator for Common<'_> {
    type Item = TerritoryId;

    fn next(&mut self) -> Option<TerritoryId> {
        while self.bits == 0 {
            self.word += 1;
            self.bits = self.a.get(self.word)? & self.b.get(self.word)?;
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(TerritoryId((self.word * 64 + bit) as u16))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_across_words_list_their_common_territories_in_order() {
        let ids = |v: &[u16]| v.iter().map(|&i| TerritoryId(i)).collect::<Vec<_>>();
        let words = words_for(200);
        assert_eq!(words, 4);
        let (mut a, mut b) = (vec![0; words], vec![0; words]);
        assert!(is_empty(&a));
        for i in [3, 64, 70, 130, 199] {
            insert(&mut a, TerritoryId(i));
        }
        for i in [0, 3, 70, 130, 150, 199] {
            insert(&mut b, TerritoryId(i));
        }
        assert!(!is_empty(&b));
        assert_eq!(common(&a, &b).collect::<Vec<_>>(), ids(&[3, 70, 130, 199]));
        assert_eq!(common_len(&a, &b), 4);
        assert_eq!(common(&a, &a).count(), 5);
    }
}
