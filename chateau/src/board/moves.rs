//! The movement rules, worked out once per board into tables: for each square, every
//! unit of movement a soldier (and, separately, a captain) could make from it on an
//! empty board, with its kind. Whether a unit can be made during a game then only
//! depends on the landing square being free and on the piece's path so far (see
//! `game::state`), which are bit tests.
//!
//! A unit is identified by its take-off and landing squares: no two kinds of unit
//! join the same two squares (orthogonal steps land next door, orthogonal jumps two
//! squares away, diagonal steps and diagonal jumps on different diagonals).

use serde::{Deserialize, Serialize};

use super::SquareKind;
use crate::square::{Bits, DIAGONAL, ORTHOGONAL, SQUARES, Square};

/// What kind of movement one unit is (the numbers are those of the rulings in
/// `docs/chateau-noir-rulings.md`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitKind {
    /// One square orthogonally, onto a free square of any kind (ruling 1).
    Step,
    /// Over a tower (an X square) from a white or black square next to it, onto the
    /// free white square beyond (ruling 2).
    TowerJump,
    /// Over a black wall square from a white or black square, onto the free white
    /// square beyond (ruling 3).
    WallJump,
    /// A diagonal step from a tower, or onto a tower (ruling 4).
    TowerDiagonal,
    /// A diagonal step between two white squares that touch by a corner between two
    /// towers (ruling 5).
    GateDiagonal,
    /// From a tower over its twin (an orthogonally adjacent tower) onto the free white
    /// square beyond (ruling 6).
    TwinJump,
    /// The captain's diagonal step onto any free square (ruling 10).
    CaptainDiagonal,
    /// The captain's diagonal jump over a tower onto a free square (ruling 10).
    CaptainJump,
}

impl UnitKind {
    /// Whether the unit jumps over a square.
    pub fn is_jump(self) -> bool {
        matches!(
            self,
            Self::TowerJump | Self::WallJump | Self::TwinJump | Self::CaptainJump
        )
    }

    /// The id used in JSON: `"tower_jump"`.
    pub fn id(self) -> &'static str {
        match self {
            Self::Step => "step",
            Self::TowerJump => "tower_jump",
            Self::WallJump => "wall_jump",
            Self::TowerDiagonal => "tower_diagonal",
            Self::GateDiagonal => "gate_diagonal",
            Self::TwinJump => "twin_jump",
            Self::CaptainDiagonal => "captain_diagonal",
            Self::CaptainJump => "captain_jump",
        }
    }
}

/// One unit a piece could make from some square: where it lands and how.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub to: Square,
    pub kind: UnitKind,
}

/// Every unit from every square, for soldiers and for captains.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveTables {
    /// `soldier[start[s]..start[s+1]]` are the soldier's units from square `s`.
    soldier: Vec<Move>,
    soldier_start: Vec<u16>,
    captain: Vec<Move>,
    captain_start: Vec<u16>,
    /// Squares a soldier can reach in one unit from each square, as bits.
    soldier_reach: Vec<Bits>,
    captain_reach: Vec<Bits>,
}

impl MoveTables {
    /// Works the tables out from the kinds of the squares.
    pub fn build(kinds: &[SquareKind; SQUARES]) -> Self {
        let mut tables = Self {
            soldier: Vec::new(),
            soldier_start: vec![0],
            captain: Vec::new(),
            captain_start: vec![0],
            soldier_reach: Vec::with_capacity(SQUARES),
            captain_reach: Vec::with_capacity(SQUARES),
        };
        for from in Square::all() {
            let soldier = soldier_moves(kinds, from);
            let mut captain = soldier.clone();
            captain_moves(kinds, from, &mut captain);
            tables.soldier_reach.push(reach(&soldier));
            tables.captain_reach.push(reach(&captain));
            tables.soldier.extend(soldier);
            tables.soldier_start.push(tables.soldier.len() as u16);
            tables.captain.extend(captain);
            tables.captain_start.push(tables.captain.len() as u16);
        }
        tables
    }

    /// The units a soldier (or, if `captain`, a captain) could make from `from` on an
    /// empty board.
    #[inline]
    pub fn from(&self, from: Square, captain: bool) -> &[Move] {
        let i = from.index();
        if captain {
            &self.captain[self.captain_start[i] as usize..self.captain_start[i + 1] as usize]
        } else {
            &self.soldier[self.soldier_start[i] as usize..self.soldier_start[i + 1] as usize]
        }
    }

    /// The squares one unit from `from` reaches on an empty board.
    #[inline]
    pub fn reach(&self, from: Square, captain: bool) -> Bits {
        if captain {
            self.captain_reach[from.index()]
        } else {
            self.soldier_reach[from.index()]
        }
    }

    /// The kind of the unit from `from` to `to`, if a piece of that kind could make it.
    pub fn kind(&self, from: Square, to: Square, captain: bool) -> Option<UnitKind> {
        self.from(from, captain)
            .iter()
            .find(|m| m.to == to)
            .map(|m| m.kind)
    }
}

fn reach(moves: &[Move]) -> Bits {
    moves.iter().fold(0, |bits, m| bits | m.to.bit())
}

fn kind_at(kinds: &[SquareKind; SQUARES], square: Option<Square>) -> Option<SquareKind> {
    square.map(|s| kinds[s.index()])
}

/// A soldier's units from `from` (rulings 1–6).
fn soldier_moves(kinds: &[SquareKind; SQUARES], from: Square) -> Vec<Move> {
    let mut moves = Vec::new();
    let here = kinds[from.index()];
    for (dc, dr) in ORTHOGONAL {
        let Some(next) = from.offset(dc, dr) else {
            continue;
        };
        moves.push(Move {
            to: next,
            kind: UnitKind::Step,
        });
        let Some(beyond) = from.offset(2 * dc, 2 * dr) else {
            continue;
        };
        if kinds[beyond.index()] != SquareKind::White {
            continue;
        }
        let over = kinds[next.index()];
        let kind = match (here, over) {
            (SquareKind::White | SquareKind::Black, SquareKind::Tower) => Some(UnitKind::TowerJump),
            (SquareKind::White | SquareKind::Black, SquareKind::Black) => Some(UnitKind::WallJump),
            (SquareKind::Tower, SquareKind::Tower) => Some(UnitKind::TwinJump),
            _ => None,
        };
        if let Some(kind) = kind {
            moves.push(Move { to: beyond, kind });
        }
    }
    for (dc, dr) in DIAGONAL {
        let Some(next) = from.offset(dc, dr) else {
            continue;
        };
        let there = kinds[next.index()];
        if here == SquareKind::Tower || there == SquareKind::Tower {
            moves.push(Move {
                to: next,
                kind: UnitKind::TowerDiagonal,
            });
        } else if here == SquareKind::White
            && there == SquareKind::White
            && kind_at(kinds, from.offset(dc, 0)) == Some(SquareKind::Tower)
            && kind_at(kinds, from.offset(0, dr)) == Some(SquareKind::Tower)
        {
            moves.push(Move {
                to: next,
                kind: UnitKind::GateDiagonal,
            });
        }
    }
    moves
}

/// What a captain adds to a soldier's units (ruling 10): a diagonal step anywhere,
/// and a diagonal jump over a tower.
fn captain_moves(kinds: &[SquareKind; SQUARES], from: Square, moves: &mut Vec<Move>) {
    for (dc, dr) in DIAGONAL {
        let Some(next) = from.offset(dc, dr) else {
            continue;
        };
        if !moves.iter().any(|m| m.to == next) {
            moves.push(Move {
                to: next,
                kind: UnitKind::CaptainDiagonal,
            });
        }
        if kinds[next.index()] == SquareKind::Tower
            && let Some(beyond) = from.offset(2 * dc, 2 * dr)
        {
            moves.push(Move {
                to: beyond,
                kind: UnitKind::CaptainJump,
            });
        }
    }
}
