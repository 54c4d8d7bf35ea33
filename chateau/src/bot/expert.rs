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
use std::sync::Arc;
use std::time::Instant;

use crate::game::SideId;

use rand::Rng;

use super::eval::{WIN, Weights};
use super::model::{Context, Position};
use super::player::{TIE, among_equals};
use super::strength::Thinking;
use super::turn::{Candidate, TurnSearch, Width};

/// How wide the Expert looks: its own turns at the root, and the turns of the armies
/// that answer them.
const ROOT_WIDTH: Width = Width {
    beam: 8,
    finals: 32,
    branches: 4,
};
const REPLY_WIDTH: Width = Width {
    beam: 4,
    finals: 12,
    branches: 3,
};
/// Root turns followed deeper, and turns followed at each position below the root.
const ROOT_MOVES: usize = 14;
const INNER_MOVES: usize = 5;
/// Root turns a pass cut short must have valued for its values to be used.
const MIN_PARTIAL: usize = 4;
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
    searched: HashMap<(u64, u8), Arc<Vec<Candidate>>>,
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
    pub fn decide(
        &mut self,
        ctx: &Context,
        root: &Position,
        rng: &mut dyn Rng,
    ) -> Option<Decision> {
        self.searched.clear();
        self.values.clear();
        self.turns.work = 0;
        self.budget = self.thinking.work();
        self.started = Some(Instant::now());
        let side = ctx.sides.side_of(root.mover());
        let first = self.candidates(ctx, root, side, 0).ok()?;
        first.first()?;
        let mut scored: Vec<(usize, f32)> = first
            .iter()
            .enumerate()
            .map(|(i, c)| (i, c.value))
            .collect();
        let mut depth = 1;
        let mut order: Vec<usize> = (0..first.len().min(ROOT_MOVES)).collect();
        for pass in 2..=MAX_DEPTH {
            let (mut deeper, complete) = self.root_pass(ctx, side, &first, &order, pass);
            // A pass cut short still tells which of the best turns by their own
            // lights survive the replies: two turns deep, that is worth keeping.
            if !complete && (pass > 2 || deeper.len() < MIN_PARTIAL) {
                break;
            }
            deeper.sort_by(|a, b| b.1.total_cmp(&a.1));
            order = deeper.iter().map(|&(i, _)| i).collect();
            scored = deeper;
            depth = pass;
            if !complete || scored[0].1.abs() >= WIN * 0.5 {
                break;
            }
        }
        let pick = among_equals(&scored, |&(_, v)| v, rng);
        let (i, value) = scored[pick];
        let mut best = first[i].clone();
        best.value = value;
        Some(Decision {
            best,
            depth,
            work: self.turns.work,
        })
    }

    /// One pass at `depth` over the root's turns (in `order`): each turn's value, and
    /// whether the pass went through them all before the budget ran out.
    fn root_pass(
        &mut self,
        ctx: &Context,
        side: SideId,
        first: &[Candidate],
        order: &[usize],
        depth: u8,
    ) -> (Vec<(usize, f32)>, bool) {
        let mut scored = Vec::with_capacity(order.len());
        let mut alpha = -f32::INFINITY;
        for &i in order {
            let after = first[i].after;
            // Turns within `TIE` of the best are searched exactly: one is drawn among
            // them.
            match self.value(ctx, &after, side, depth - 1, 1, alpha - TIE, f32::INFINITY) {
                Ok(value) => {
                    alpha = alpha.max(value);
                    scored.push((i, value));
                }
                Err(OutOfTime) => return (scored, false),
            }
        }
        (scored, true)
    }

    /// The value of `position` (`ply` turns after the root) for `side`, `depth` turns
    /// deep (alpha-beta).
    #[allow(clippy::too_many_arguments)]
    fn value(
        &mut self,
        ctx: &Context,
        position: &Position,
        side: SideId,
        depth: u8,
        ply: u8,
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
        let candidates = self.candidates(ctx, position, side, ply)?;
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
                let v = self.value(ctx, &c.after, side, depth - 1, ply + 1, alpha, beta)?;
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

    /// The turns of the army to move in `position` (`ply` turns after the root),
    /// valued for `side` (searched once per position and width, and remembered).
    fn candidates(
        &mut self,
        ctx: &Context,
        position: &Position,
        side: SideId,
        ply: u8,
    ) -> Result<Arc<Vec<Candidate>>, OutOfTime> {
        let (width, class) = if ply == 0 {
            (ROOT_WIDTH, 0)
        } else {
            (REPLY_WIDTH, 1)
        };
        let key = (position.key(), class);
        if let Some(found) = self.searched.get(&key) {
            return Ok(found.clone());
        }
        if ply > 0 {
            self.check_time()?;
        }
        let found = Arc::new(self.turns.search(ctx, position, side, width));
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
