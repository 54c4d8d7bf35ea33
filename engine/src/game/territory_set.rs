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
    a.iter()
        .zip(b)
        .enumerate()
        .flat_map(|(word, (x, y))| Bits(x & y).map(move |bit| word * 64 + bit))
        .map(|i| TerritoryId(i as u16))
}

/// The set bits of one word, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
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
