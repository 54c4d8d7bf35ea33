//! The Expert: a search across turns. Each army's turn is searched piece by piece
//! ([`TurnSearch`]); the best few complete turns of each army in turn are then
//! answered by the next armies, deeper and deeper while the work budget lasts
//! (iterative deepening, alpha-beta over whole turns). The armies of the side
//! searched for pick their best turn, the others the turn worst for it (paranoid:
//! with four players alone, every other army is assumed to play against it; in team
//! play the partner plays with it). Positions are remembered in a transposition
//! table by their Zobrist key, with their turns already searched, so that a deeper
//! pass reuses the shallower one's work and orders the best turn first.
//!
//! Two turns deep it sees the enemy's reply: the frames it could make and the
//! Château it could close on an army short of room. Three turns deep it sees its
//! partner's (or its own) next turn: the Château coming for the enemy, the frame a
//! partner's piece completes.

use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

use crate::game::SideId;

use super::eval::{WIN, Weights};
use super::model::{Context, Position};
use super::strength::Thinking;
use super::turn::{Candidate, TurnSearch, Width};

/// How wide the Expert looks at each depth: the root's turns, then the turns of the
/// armies answering.
const ROOT_WIDTH: Width = Width {
    beam: 8,
    finals: 32,
    branches: 4,
};
const INNER_WIDTH: Width = Width {
    beam: 4,
    finals: 12,
    branches: 3,
};
/// Turns followed at the root and below, by depth of the pass.
const ROOT_MOVES: usize = 14;
const INNER_MOVES: usize = 5;
/// The deepest pass.
const MAX_DEPTH: u8 = 4;

/// A value remembered: how deep it was searched, and whether it is exact or only a
/// bound (alpha-beta stopped early).
#[derive(Copy, Clone, Debug)]
struct Stored {
    depth: u8,
    value: f32,
    bound: Bound,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

/// Why a pass stopped.
struct OutOfTime;

/// What the Expert found for one turn.
#[derive(Clone, Debug)]
pub struct Decision {
    pub best: Candidate,
    /// The deepest pass completed (1: its own turn only).
    pub depth: u8,
    /// Work spent.
    pub work: u64,
}

/// The Expert's search. Keep one per seat: it owns its memory.
pub struct Expert {
    turns: TurnSearch,
    /// The turns of positions searched, by key and width.
    searched: HashMap<(u64, bool), Rc<Vec<Candidate>>>,
    /// Values of positions, by key.
    values: HashMap<u64, Stored>,
    budget: u64,
    started: Option<Instant>,
    thinking: Thinking,
}

impl Expert {
    pub fn new(thinking: Thinking) -> Self {
        Self {
            turns: TurnSearch::new(Weights::FULL),
            searched: HashMap::new(),
            values: HashMap::new(),
            budget: 0,
            started: None,
            thinking,
        }
    }

    /// The thinking it was given.
    pub fn thinking(&self) -> &Thinking {
        &self.thinking
    }

    /// The turn search it uses (for the draw and alliance questions).
    pub fn turn_search(&mut self) -> &mut TurnSearch {
        &mut self.turns
    }

    /// The best turn for the army to move in `root`, for its side. `None` when the
    /// turn cannot be played (the match is over).
    pub fn decide(&mut self, ctx: &Context, root: &Position) -> Option<Decision> {
        self.searched.clear();
        self.values.clear();
        self.turns.work = 0;
        self.budget = self.thinking.work();
        self.started = Some(Instant::now());
        let side = ctx.sides.side_of(root.mover());
        let first = self.candidates(ctx, root, side, true).ok()?;
        let mut best = first.first()?.clone();
        let mut depth = 1;
        let mut order: Vec<usize> = (0..first.len().min(ROOT_MOVES)).collect();
        for pass in 2..=MAX_DEPTH {
            match self.root_pass(ctx, root, side, &first, &order, pass) {
                Ok(scored) => {
                    let mut scored = scored;
                    scored.sort_by(|a, b| b.1.total_cmp(&a.1));
                    best = first[scored[0].0].clone();
                    best.value = scored[0].1;
                    order = scored.iter().map(|&(i, _)| i).collect();
                    depth = pass;
                    if best.value.abs() >= WIN * 0.5 {
                        break;
                    }
                }
                Err(OutOfTime) => break,
            }
        }
        Some(Decision {
            best,
            depth,
            work: self.turns.work,
        })
    }

    /// One pass at `depth` over the root's turns (in `order`): each turn's value.
    fn root_pass(
        &mut self,
        ctx: &Context,
        root: &Position,
        side: SideId,
        first: &[Candidate],
        order: &[usize],
        depth: u8,
    ) -> Result<Vec<(usize, f32)>, OutOfTime> {
        let mut scored = Vec::with_capacity(order.len());
        let mut alpha = -f32::INFINITY;
        for &i in order {
            let after = first[i].after;
            let value = self.value(ctx, &after, side, depth - 1, alpha, f32::INFINITY)?;
            alpha = alpha.max(value);
            scored.push((i, value));
        }
        let _ = root;
        Ok(scored)
    }

    /// The value of `position` for `side`, `depth` turns deep (alpha-beta).
    fn value(
        &mut self,
        ctx: &Context,
        position: &Position,
        side: SideId,
        depth: u8,
        mut alpha: f32,
        mut beta: f32,
    ) -> Result<f32, OutOfTime> {
        if position.is_over() || depth == 0 {
            return Ok(self.turns.eval.value(ctx, position, side));
        }
        let key = position.key();
        if let Some(stored) = self.values.get(&key)
            && stored.depth >= depth
        {
            match stored.bound {
                Bound::Exact => return Ok(stored.value),
                Bound::Lower if stored.value >= beta => return Ok(stored.value),
                Bound::Upper if stored.value <= alpha => return Ok(stored.value),
                _ => {}
            }
        }
        let (alpha_in, beta_in) = (alpha, beta);
        let candidates = self.candidates(ctx, position, side, false)?;
        if candidates.is_empty() {
            return Ok(self.turns.eval.value(ctx, position, side));
        }
        let ours = ctx.sides.side_of(position.mover()) == side;
        let best = if depth == 1 {
            // The turns' values are those of the positions after them.
            if ours {
                candidates[0].value
            } else {
                candidates
                    .iter()
                    .map(|c| c.value)
                    .fold(f32::INFINITY, f32::min)
            }
        } else {
            // The turns the mover likes best by its own lights, then deeper.
            let mut order: Vec<&Candidate> = candidates.iter().collect();
            if !ours {
                order.sort_by(|a, b| a.value.total_cmp(&b.value));
            }
            let mut best = if ours { -f32::INFINITY } else { f32::INFINITY };
            for c in order.into_iter().take(INNER_MOVES) {
                let v = self.value(ctx, &c.after, side, depth - 1, alpha, beta)?;
                if ours {
                    best = best.max(v);
                    alpha = alpha.max(v);
                } else {
                    best = best.min(v);
                    beta = beta.min(v);
                }
                if alpha >= beta {
                    break;
                }
            }
            best
        };
        let bound = if best >= beta_in {
            Bound::Lower
        } else if best <= alpha_in {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.values.insert(
            key,
            Stored {
                depth,
                value: best,
                bound,
            },
        );
        Ok(best)
    }

    /// The turns of the army to move in `position`, valued for `side` (searched once
    /// per position and remembered).
    fn candidates(
        &mut self,
        ctx: &Context,
        position: &Position,
        side: SideId,
        root: bool,
    ) -> Result<Rc<Vec<Candidate>>, OutOfTime> {
        let key = (position.key(), root);
        if let Some(found) = self.searched.get(&key) {
            return Ok(found.clone());
        }
        if !root {
            self.check_time()?;
        }
        let width = if root { ROOT_WIDTH } else { INNER_WIDTH };
        let found = Rc::new(self.turns.search(ctx, position, side, width));
        self.searched.insert(key, found.clone());
        Ok(found)
    }

    fn check_time(&self) -> Result<(), OutOfTime> {
        if self.turns.work >= self.budget || self.thinking.cancel.is_cancelled() {
            return Err(OutOfTime);
        }
        if let (Some(cap), Some(started)) = (self.thinking.time_cap, self.started)
            && started.elapsed() >= cap
        {
            return Err(OutOfTime);
        }
        Ok(())
    }
}
