//! The seeded generator behind every random choice of a game, so that a game is
//! replayed exactly from its seed and its actions, on any machine.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{SystemTime, UNIX_EPOCH};

/// The generator every engine draws from: ChaCha8, portable and reproducible.
pub type GameRng = ChaCha8Rng;

/// The generator of a game with this seed.
///
/// ```
/// use castellan_common::rng::seeded;
/// use rand::RngExt;
///
/// let (mut a, mut b) = (seeded(7), seeded(7));
/// assert_eq!(a.random::<u64>(), b.random::<u64>());
/// ```
pub fn seeded(seed: u64) -> GameRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A seed of its own for each use of one game's seed (`stream` names the use: the
/// computer players', a suggestion's…), so that uses do not draw the same numbers.
/// SplitMix64's finaliser: every bit of both inputs moves every bit of the result.
pub fn derive_seed(seed: u64, stream: u64) -> u64 {
    let mut z = seed ^ stream.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A seed for a game whose player named none (taken from the clock); front ends show
/// it, so that the game can still be replayed.
pub fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn derived_seeds_differ_by_stream_and_are_stable() {
        assert_ne!(derive_seed(1, 1), derive_seed(1, 2));
        assert_ne!(derive_seed(1, 1), derive_seed(2, 1));
        assert_eq!(derive_seed(42, 7), derive_seed(42, 7));
        let mut rng = seeded(derive_seed(3, 4));
        let draws: Vec<u32> = (0..8).map(|_| rng.random_range(0..100)).collect();
        assert!(draws.iter().any(|&d| d != draws[0]));
    }
}
