//! Two lab runs side by side (two variants on one board, or two boards under one
//! variant), played from the same seeds: for each empire both boards have, each
//! position, the games without a winner and the length, the difference and whether
//! it is significant.

use serde::Serialize;

use super::report::{Report, Share};
use super::stats::{Difference, mean_difference, share_difference};

/// One line of a comparison: a share in each run and their difference (`a - b`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DeltaLine {
    /// The empire's key, or `None` for a position's or the unfinished games' line.
    pub key: Option<String>,
    pub name: String,
    pub a: Option<Share>,
    pub b: Option<Share>,
    /// `None` when only one run has the line (an empire of one board only).
    pub difference: Option<Difference>,
}

/// Two reports compared.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    pub a: Report,
    pub b: Report,
    /// Empires matched by key: those of `a` in its order, then those only `b` has.
    pub empires: Vec<DeltaLine>,
    /// Positions in the order of play (the runs have the same seats).
    pub positions: Vec<DeltaLine>,
    pub unfinished: DeltaLine,
    /// Mean turns, `a - b`.
    pub turns: Difference,
}

fn delta(key: Option<String>, name: String, a: Option<Share>, b: Option<Share>) -> DeltaLine {
    let difference = match (a, b) {
        (Some(a), Some(b)) => Some(share_difference(a.wins, a.games, b.wins, b.games)),
        _ => None,
    };
    DeltaLine {
        key,
        name,
        a,
        b,
        difference,
    }
}

impl Comparison {
    pub fn new(a: Report, b: Report) -> Self {
        let mut empires: Vec<DeltaLine> = a
            .empires
            .iter()
            .map(|line| {
                let other = b.empires.iter().find(|o| o.key == line.key);
                delta(
                    Some(line.key.clone()),
                    line.name.clone(),
                    Some(line.share),
                    other.map(|o| o.share),
                )
            })
            .collect();
        for line in &b.empires {
            if !a.empires.iter().any(|o| o.key == line.key) {
                empires.push(delta(
                    Some(line.key.clone()),
                    line.name.clone(),
                    None,
                    Some(line.share),
                ));
            }
        }
        let positions = (0..a.positions.len().max(b.positions.len()))
            .map(|p| {
                delta(
                    None,
                    (p + 1).to_string(),
                    a.positions.get(p).copied(),
                    b.positions.get(p).copied(),
                )
            })
            .collect();
        let unfinished = delta(None, String::new(), Some(a.unfinished), Some(b.unfinished));
        let turns = mean_difference(
            a.mean_turns,
            a.turns_variance,
            a.games,
            b.mean_turns,
            b.turns_variance,
            b.games,
        );
        Self {
            a,
            b,
            empires,
            positions,
            unfinished,
            turns,
        }
    }
}
