//! Board lookups the rules and the computer players ask for on nearly every decision,
//! worked out once per game in a compact form: every territory's neighbours in one
//! flat list, each territory's seas as a bit set, the coastal territories in id order
//! and, for each territory, the set of coasts its seas reach. Listing the Admiral's routes by walking
//! every territory's full record (names, outlines, sea lists) was the costliest part
//! of listing legal actions.

use crate::board::{Board, MAX_SEAS, TerritoryId};

use super::territory_set;

/// A set of seas, one bit per sea id.
type SeaSet = u128;

// Every sea id of a valid board fits in the set.
const _: () = assert!(MAX_SEAS <= SeaSet::BITS as usize);

/// Compact, derived facts about one board (see the module comment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Reach {
    /// Every territory's land and dotted neighbours, one after the other, in the
    /// order of [`Board::neighbours`].
    neighbours: Vec<TerritoryId>,
    /// Where each territory's neighbours start in `neighbours`; one more entry than
    /// territories, so that territory `t`'s end is entry `t + 1`.
    neighbours_start: Vec<u32>,
    /// The seas each territory's coast touches, indexed by territory id.
    seas: Vec<SeaSet>,
    /// Territories with a coast, in increasing id order.
    coasts: Vec<TerritoryId>,
    /// For each territory, the other coasts of its seas (see [`territory_set`]), one
    /// set of `words` words after the other.
    sea_partners: Vec<u64>,
    /// Words of one territory set on this board.
    words: usize,
}

impl Reach {
    pub fn new(board: &Board) -> Self {
        let seas: Vec<SeaSet> = board
            .territories
            .iter()
            .map(|t| t.seas.iter().fold(0, |set, sea| set | (1 << sea.index())))
            .collect();
        let coasts = board
            .territory_ids()
            .filter(|t| seas[t.index()] != 0)
            .collect();
        let mut neighbours = Vec::with_capacity(2 * board.borders.len());
        let mut neighbours_start = Vec::with_capacity(board.territories.len() + 1);
        for t in board.territory_ids() {
            neighbours_start.push(neighbours.len() as u32);
            neighbours.extend(board.neighbours(t));
        }
        neighbours_start.push(neighbours.len() as u32);
        let words = territory_set::words_for(board.territories.len());
        let mut sea_partners = vec![0u64; words * board.territories.len()];
        for sea in &board.seas {
            for &a in &sea.coasts {
                let partners = &mut sea_partners[a.index() * words..][..words];
                for &b in sea.coasts.iter().filter(|&&b| b != a) {
                    territory_set::insert(partners, b);
                }
            }
        }
        Self {
            neighbours,
            neighbours_start,
            seas,
            coasts,
            sea_partners,
            words,
        }
    }

    /// Words of one territory set on this board (see [`territory_set`]).
    pub fn set_words(&self) -> usize {
        self.words
    }

    /// The territories the Admiral may sail to from `from`, as a set: the other coasts
    /// of its seas.
    pub fn sea_partners(&self, from: TerritoryId) -> &[u64] {
        &self.sea_partners[from.index() * self.words..][..self.words]
    }

    /// The land and dotted neighbours of `t`, land first (as [`Board::neighbours`]).
    pub fn neighbours(&self, t: TerritoryId) -> &[TerritoryId] {
        let start = self.neighbours_start[t.index()] as usize;
        let end = self.neighbours_start[t.index() + 1] as usize;
        &self.neighbours[start..end]
    }

    /// Whether the Admiral may sail from `a` to `b` (the same answer as
    /// [`Board::share_a_sea`], without touching the territories' records).
    pub fn share_a_sea(&self, a: TerritoryId, b: TerritoryId) -> bool {
        a != b && self.seas[a.index()] & self.seas[b.index()] != 0
    }

    /// The coastal territories, in increasing id order.
    pub fn coasts(&self) -> &[TerritoryId] {
        &self.coasts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::invariants::castle_board;

    #[test]
    fn agrees_with_the_board_on_every_pair() {
        let board = castle_board();
        let reach = Reach::new(&board);
        for a in board.territory_ids() {
            assert_eq!(
                reach.coasts().contains(&a),
                !board.territory(a).seas.is_empty()
            );
            assert!(reach.neighbours(a).iter().copied().eq(board.neighbours(a)));
            let partners = reach.sea_partners(a);
            for b in board.territory_ids() {
                assert_eq!(reach.share_a_sea(a, b), board.share_a_sea(a, b), "{a} {b}");
                let partner = territory_set::common(partners, partners).any(|p| p == b);
                assert_eq!(partner, board.share_a_sea(a, b), "{a} {b}");
            }
        }
        assert!(reach.coasts().windows(2).all(|w| w[0] < w[1]));
    }
}
