//! Zobrist hashing: one random 64-bit number for each (army, kind of piece, square),
//! fixed at compile time, so that a position's hash is the XOR of its pieces' numbers
//! and moving a piece updates it with two XORs. Equal positions hash alike in every
//! run and on every machine (transposition tables, the perft's deduplication).

use crate::board::{ArmyId, MAX_ARMIES};
use crate::square::{Bits, SQUARES, Square};

/// SplitMix64: a good 64-bit mixer, usable in a `const fn`.
const fn split_mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn make_table() -> [[u64; SQUARES]; MAX_ARMIES * 2] {
    let mut table = [[0u64; SQUARES]; MAX_ARMIES * 2];
    let mut i = 0;
    while i < MAX_ARMIES * 2 {
        let mut s = 0;
        while s < SQUARES {
            table[i][s] = split_mix(0xc4a7_ea00_0000_0000 ^ ((i as u64) << 8) ^ s as u64);
            s += 1;
        }
        i += 1;
    }
    table
}

/// `TABLE[army * 2 + captain][square]`.
static TABLE: [[u64; SQUARES]; MAX_ARMIES * 2] = make_table();

const fn make_row(salt: u64) -> [u64; SQUARES] {
    let mut row = [0u64; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        row[s] = split_mix(salt ^ s as u64);
        s += 1;
    }
    row
}

/// A number for each square holding a piece already played this turn.
static PLAYED: [u64; SQUARES] = make_row(0x91a7_ed00_0000_0000);
/// A number for each count of units spent.
static SPENT: [u64; SQUARES] = make_row(0x5be7_0000_0000_0000);

/// The number of a played piece on `square`.
#[inline]
pub fn played(square: Square) -> u64 {
    PLAYED[square.index()]
}

/// The number of `units` spent.
#[inline]
pub fn spent(units: u8) -> u64 {
    SPENT[units as usize % SQUARES]
}

/// The number of a piece of `army` (a captain if `captain`) on `square`.
#[inline]
pub fn piece(army: ArmyId, captain: bool, square: Square) -> u64 {
    TABLE[army.index() * 2 + usize::from(captain)][square.index()]
}

/// A 64-bit summary of a set of squares, for hashing sets (not a Zobrist sum).
#[inline]
pub fn bits(bits: Bits) -> u64 {
    split_mix((bits as u64) ^ split_mix((bits >> 64) as u64 ^ 0x5bd1_e995))
}

/// A 64-bit summary of a small number, for mixing counters into hashes.
#[inline]
pub fn number(tag: u64, n: u64) -> u64 {
    split_mix(tag.wrapping_mul(0x1000_0000_01b3) ^ n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_numbers_are_distinct() {
        let mut all: Vec<u64> = TABLE.iter().flatten().copied().collect();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), MAX_ARMIES * 2 * SQUARES);
        assert!(
            all.iter()
                .all(|&n| n.count_ones() > 10 && n.count_ones() < 54)
        );
    }
}
