//! One army's turn searched piece by piece: a beam search over piece-paths.
//!
//! A turn spends its units over several pieces; listing whole turns would mean tens
//! of thousands to a million end positions (`CHATEAU-NOIR.md`, "Sizes to plan for").
//! The search instead keeps partial turns in buckets by the units they have spent.
//! From the best few of each bucket ([`Width::beam`]) it moves one more piece every
//! way [`PathFinder`] finds, scoring each partial turn with a quick look (what it may
//! take, what it leaves hanging to the next enemy, how it walks to its next
//! territory). Partial turns reached in different orders are one (their Zobrist keys
//! are equal). The complete turns with the best quick scores ([`Width::finals`]) are
//! then played out on the model, captures, Château and all, and evaluated in full.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::{ArmyId, armies_of};
use crate::game::{Finder, SideId, State, capturable};
use crate::square::{Bits, Square, squares_of};

use super::eval::{Evaluator, ThreatMap, Weights};
use super::model::{Context, Position};
use super::paths::{PathFinder, PiecePath};

/// How wide a turn search is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Width {
    /// Partial turns kept for each count of units spent.
    pub beam: usize,
    /// Complete turns evaluated in full.
    pub finals: usize,
    /// Paths continued from one square and count of units ([`PathFinder::branches`]).
    pub branches: u8,
}

impl Width {
    pub const NORMAL: Width = Width {
        beam: 6,
        finals: 24,
        branches: 4,
    };
}

/// A turn to play: the pieces' paths in order (the first may go on with the piece
/// already in hand), then the captures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub moves: Vec<PiecePath>,
    pub captures: Vec<Square>,
}

/// A complete turn found by the search, the position after it (the next army to
/// move) and its value for the side searched for.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub plan: Plan,
    pub after: Position,
    pub value: f32,
    /// Its quick score (for ordering).
    pub quick: f32,
}

/// A partial turn waiting in its bucket: a parent and one more piece moved.
#[derive(Copy, Clone, Debug)]
struct Child {
    parent: u32,
    path: PiecePath,
    quick: f32,
    /// Points from territories left on the way, kept along the turn.
    exit_bonus: f32,
    key: u64,
}

/// A partial turn taken from a bucket and expanded.
struct Node {
    state: State,
    parent: u32,
    path: Option<PiecePath>,
    exit_bonus: f32,
}

const ROOT: u32 = u32::MAX;

/// A hasher for keys that are hashes already.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

type KeyMap<V> = HashMap<u64, V, BuildHasherDefault<KeyHasher>>;

/// What the quick score needs, worked out once per search.
struct Quick<'a> {
    ctx: &'a Context,
    weights: Weights,
    mover: ArmyId,
    controlled: u8,
    root: &'a Position,
    /// The next enemy to move and what it can reach, as the turn began.
    threat: Option<ThreatMap>,
    /// The first army of the mover's side to move after that enemy (the partner, or
    /// the mover itself), and what it can reach: the frames the turn prepares.
    support: Option<ThreatMap>,
    /// For each controlled army: the next territory of its table and the points for
    /// leaving it, if it is ripe (held a full round) this turn.
    ripe_next: [(u8, f32); 4],
    /// Enemy armies short of room as the turn began (groups, as sets of armies), with
    /// what a Château on them would give: filling their last free squares is worth
    /// looking at, though nothing is taken until the turn ends.
    weak: Vec<(u8, f32)>,
}

impl Quick<'_> {
    /// The quick score of a partial turn whose pieces stand as in `state`.
    fn score(&self, state: &State) -> f32 {
        let ctx = self.ctx;
        let w = self.weights;
        let pieces = state.pieces();
        let mut value = 0.0;
        let taken = capturable(
            pieces,
            self.mover,
            self.controlled,
            &ctx.sides,
            self.root.safety(),
            ctx.diagonals,
        );
        for square in squares_of(taken) {
            value += w.price(pieces.captains() & square.bit() != 0);
        }
        for army in armies_of(self.controlled) {
            value += walk_terms(ctx, w, self.root, army, pieces.of(army));
        }
        if let Some(threat) = &self.threat {
            let free = !pieces.occupied() & super::tables::all_squares();
            let moved = state.played() | state.hand().map_or(0, |h| h.at().bit());
            let mut worst: f32 = 0.0;
            let mut rest = 0.0;
            for square in squares_of(pieces.of_set(self.controlled)) {
                let danger = threat.danger(ctx, square, free, w.threat_two);
                // Framed already: safe if it moved there itself (VI.5b).
                let safe =
                    danger.framed
                        && (moved & square.bit() != 0
                            || self.root.safety().iter().any(|s| {
                                s.square == square && s.against & threat.mover.bit() != 0
                            }));
                let d = danger.taken(safe);
                if d > 0.0 {
                    let loss = d * w.price(pieces.captains() & square.bit() != 0);
                    if loss > worst {
                        rest += worst;
                        worst = loss;
                    } else {
                        rest += loss;
                    }
                }
            }
            value -= w.threat * (worst + 0.5 * rest);
        }
        if let Some(support) = &self.support {
            // The enemies it leaves where the side's next army can frame them.
            let free = !pieces.occupied() & super::tables::all_squares();
            let friends = pieces.of_set(ctx.sides.friends(self.mover) | self.controlled);
            let mut worst: f32 = 0.0;
            let mut rest = 0.0;
            for square in
                squares_of(pieces.of_set(ctx.sides.enemies(self.mover) & !self.controlled))
            {
                let mut chance: f32 = 0.0;
                for line in ctx.tables.lines(square) {
                    let (a, b) = (line.a.bit(), line.b.bit());
                    let (ca, cb) = (friends & a != 0, friends & b != 0);
                    let fa = free & a != 0 && support.reach & a != 0;
                    let fb = free & b != 0 && support.reach & b != 0;
                    if (ca && fb) || (cb && fa) {
                        chance = 1.0;
                    } else if fa && fb && support.two_movers {
                        chance = chance.max(w.threat_two);
                    }
                }
                if chance > 0.0 {
                    let gain = chance * w.price(pieces.captains() & square.bit() != 0);
                    if gain > worst {
                        rest += worst;
                        worst = gain;
                    } else {
                        rest += gain;
                    }
                }
            }
            value += w.threat_later * (worst + 0.5 * rest);
        }
        for &(group, chateau) in &self.weak {
            let room = super::eval::reach(ctx, pieces, group, 1).one.count_ones();
            value += chateau * blockade_share(room);
        }
        value
    }

    /// Points for territories left on `path` (ripe, next in the table).
    fn exit_bonus(&self, state: &State, path: &PiecePath) -> f32 {
        let Some(army) = state.hand().map(|h| h.army()) else {
            return 0.0;
        };
        let (next, points) = self.ripe_next[army.index()];
        if next != 0 && path.exits & next != 0 {
            points
        } else {
            0.0
        }
    }
}

/// Free squares next to an enemy group below which the quick score watches it.
const WEAK_ROOM: u32 = 6;

/// The share of a Château's points the quick score gives a group with `room` free
/// squares next to it.
fn blockade_share(room: u32) -> f32 {
    match room {
        0 => 0.9,
        1 => 0.4,
        2 => 0.2,
        3 => 0.1,
        4 => 0.05,
        _ => 0.0,
    }
}

/// The occupation and placement terms of one army's pieces (the moving side's part
/// of the evaluation that changes as it moves).
fn walk_terms(ctx: &Context, w: Weights, position: &Position, army: ArmyId, own: Bits) -> f32 {
    let table = &ctx.board.army(army).table;
    if table.is_empty() || own == 0 {
        return 0.0;
    }
    let next = table[position.occupation[army.index()].next as usize % table.len()];
    let points = if next == army { 2.0 } else { 1.0 };
    let mut value = if ctx.tables.territory[next.index()] & own != 0 {
        w.hold * points * 0.8
    } else {
        let nearest = squares_of(own)
            .map(|s| ctx.tables.distance(next, s))
            .min()
            .unwrap_or(0);
        -w.walk * f32::from(nearest.min(12))
    };
    value += w.keep * (own & ctx.tables.keep).count_ones() as f32;
    value += w.tower * (own & ctx.tables.towers & !ctx.tables.keep).count_ones() as f32;
    value
}

/// The turn search. Keep one and reuse it: it owns its memory.
pub struct TurnSearch {
    paths: PathFinder,
    pub finder: Finder,
    pub eval: Evaluator,
    nodes: Vec<Node>,
    buckets: Vec<Vec<Child>>,
    seen: KeyMap<usize>,
    /// Partial turns scored so far (the searches' unit of work).
    pub work: u64,
}

impl TurnSearch {
    pub fn new(weights: Weights) -> Self {
        Self {
            paths: PathFinder::new(),
            finder: Finder::new(),
            eval: Evaluator::new(weights),
            nodes: Vec::new(),
            buckets: Vec::new(),
            seen: KeyMap::default(),
            work: 0,
        }
    }

    /// The best complete turns for the army to move in `root`, best first, valued
    /// for `side` (at most `width.finals`; none if the match is over or the turn
    /// cannot be finished).
    pub fn search(
        &mut self,
        ctx: &Context,
        root: &Position,
        side: SideId,
        width: Width,
    ) -> Vec<Candidate> {
        if root.is_over() {
            return Vec::new();
        }
        let finals = self.complete_turns(ctx, root, width);
        let mut candidates: Vec<Candidate> = finals
            .into_iter()
            .map(|(plan, quick)| {
                let mut after = *root;
                for path in &plan.moves {
                    after.play_path(&ctx.board, path);
                }
                let taken = after.capturable(ctx);
                let captures: Vec<Square> = squares_of(taken).collect();
                after.end_turn(ctx, &mut self.finder, taken);
                let value = self.eval.value(ctx, &after, side);
                Candidate {
                    plan: Plan {
                        moves: plan.moves,
                        captures,
                    },
                    after,
                    value,
                    quick,
                }
            })
            .collect();
        candidates.sort_by(|a, b| b.value.total_cmp(&a.value));
        candidates
    }

    /// The complete turns with the best quick scores, with those scores.
    fn complete_turns(&mut self, ctx: &Context, root: &Position, width: Width) -> Vec<(Plan, f32)> {
        self.paths.branches = width.branches;
        let board = &ctx.board;
        let mut state = root.state;
        state.unpick();
        let mover = state.mover();
        let controlled = state.controlled();
        let factor = state.factor();
        let quick = self.quick(ctx, root, controlled);
        self.nodes.clear();
        self.buckets.resize_with(factor as usize + 1, Vec::new);
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        self.nodes.push(Node {
            state,
            parent: ROOT,
            path: None,
            exit_bonus: 0.0,
        });
        let spend_all = state.rules().spend_all;
        let start = state.spent() as usize;
        // A piece in hand that has moved must go on or be put down first.
        if let Some(hand) = state.hand().copied() {
            if self.finder.can_release(board, &state) {
                let mut released = state;
                released.release();
                let path = PiecePath::release_only(hand.at());
                let q = quick.score(&released);
                self.buckets[start].push(Child {
                    parent: 0,
                    path,
                    quick: q,
                    exit_bonus: 0.0,
                    key: released.boundary_key(),
                });
            }
            self.expand(ctx, &quick, 0, Some(hand.at()));
        }
        let mut finals: Vec<Child> = Vec::new();
        let root_done = state.hand().is_some();
        // A turn whose units are spent already (or, "up to" the factor, one that may
        // end now) may end as it stands.
        let end_now = (state.hand().is_none() && state.is_complete()).then(|| quick.score(&state));
        for k in start..=factor as usize {
            let mut bucket = std::mem::take(&mut self.buckets[k]);
            dedupe(&mut bucket, &mut self.seen);
            bucket.sort_by(|a, b| b.quick.total_cmp(&a.quick));
            let complete = if spend_all {
                k == factor as usize
            } else {
                k >= 1
            };
            if complete {
                finals.extend(bucket.iter().take(width.finals).copied());
            }
            if k == factor as usize {
                self.buckets[k] = bucket;
                break;
            }
            if k == start && !root_done {
                // The root itself is the only node of its bucket.
                self.expand(ctx, &quick, 0, None);
                self.buckets[k] = bucket;
                continue;
            }
            let mut expanded = 0;
            for child in bucket.iter() {
                if expanded == width.beam {
                    break;
                }
                let state = self.materialise(board, child);
                if !self.finder.can_finish(board, &state) {
                    continue;
                }
                expanded += 1;
                let node = self.nodes.len() as u32;
                self.nodes.push(Node {
                    state,
                    parent: child.parent,
                    path: Some(child.path),
                    exit_bonus: child.exit_bonus,
                });
                self.expand(ctx, &quick, node, None);
            }
            self.buckets[k] = bucket;
        }
        dedupe(&mut finals, &mut self.seen);
        finals.sort_by(|a, b| b.quick.total_cmp(&a.quick));
        finals.truncate(width.finals);
        let _ = mover;
        let as_it_stands = end_now.map(|q| {
            (
                Plan {
                    moves: Vec::new(),
                    captures: Vec::new(),
                },
                q,
            )
        });
        as_it_stands
            .into_iter()
            .chain(finals.iter().map(|child| {
                let mut moves = vec![child.path];
                let mut at = child.parent;
                while at != ROOT {
                    let node = &self.nodes[at as usize];
                    if let Some(path) = node.path {
                        moves.push(path);
                    }
                    at = node.parent;
                }
                moves.reverse();
                (
                    Plan {
                        moves,
                        captures: Vec::new(),
                    },
                    child.quick,
                )
            }))
            .collect()
    }

    fn quick<'a>(&self, ctx: &'a Context, root: &'a Position, controlled: u8) -> Quick<'a> {
        let mover = root.mover();
        let weights = self.eval.weights;
        let pieces = *root.state.pieces();
        // The first enemy to move after this turn.
        let mut next = root.next_army(ctx, mover);
        for _ in 0..4 {
            if !ctx.friends(next, mover) {
                break;
            }
            next = root.next_army(ctx, next);
        }
        let threat = (weights.sees_threats && !ctx.friends(next, mover)).then(|| {
            ThreatMap::new(
                ctx,
                &pieces,
                next,
                root.controlled_by(next),
                root.factor_of(next),
            )
        });
        // The side's next army after that enemy.
        let mut after = root.next_army(ctx, next);
        for _ in 0..4 {
            if ctx.friends(after, mover) {
                break;
            }
            after = root.next_army(ctx, after);
        }
        let support = (weights.sees_threats && ctx.friends(after, mover)).then(|| {
            ThreatMap::new(
                ctx,
                &pieces,
                after,
                root.controlled_by(after),
                root.factor_of(after),
            )
        });
        let mut ripe_next = [(0u8, 0.0f32); 4];
        for army in armies_of(controlled) {
            let table = &ctx.board.army(army).table;
            if table.is_empty() {
                continue;
            }
            let next = table[root.occupation[army.index()].next as usize % table.len()];
            if root.ripe[army.index()] & next.bit() != 0 {
                ripe_next[army.index()] = (next.bit(), if next == army { 2.0 } else { 1.0 });
            }
        }
        let mut weak = Vec::new();
        if weights.blockade > 0.0 {
            for enemy in armies_of(ctx.sides.enemies(mover) & !controlled) {
                if root.is_giver(enemy) {
                    continue;
                }
                let group = root.controlled_by(enemy);
                if pieces.of_set(group) == 0 {
                    continue;
                }
                let room = super::eval::reach(ctx, &pieces, group, 1).one.count_ones();
                if room <= WEAK_ROOM {
                    weak.push((group, super::eval::chateau_value(&pieces, group, weights)));
                }
            }
        }
        Quick {
            ctx,
            weights,
            mover,
            controlled,
            root,
            threat,
            support,
            ripe_next,
            weak,
        }
    }

    /// The state of a child: its parent's with one more piece moved and put down.
    fn materialise(&self, board: &crate::board::Board, child: &Child) -> State {
        let mut state = self.nodes[child.parent as usize].state;
        let continuing = state
            .hand()
            .is_some_and(|h| h.units() > 0 && h.at() == child.path.from);
        if !continuing {
            state.pick(child.path.from);
        }
        for &to in child.path.squares() {
            debug_assert!(state.unit_kind(board, to).is_some());
            state.apply_unit(to);
        }
        state.release();
        state
    }

    /// Moves one more piece of node `node` every way, into the buckets. With `only`,
    /// just that piece (the one in hand).
    fn expand(&mut self, ctx: &Context, quick: &Quick<'_>, node: u32, only: Option<Square>) {
        let state = self.nodes[node as usize].state;
        let exit_before = self.nodes[node as usize].exit_bonus;
        let pieces = match only {
            Some(square) => square.bit(),
            None => state.unplayed(),
        };
        let left = state.left();
        let buckets = &mut self.buckets;
        let work = &mut self.work;
        for square in squares_of(pieces) {
            self.paths
                .for_each(&ctx.board, &state, square, left, &mut |st, path| {
                    let mut released = *st;
                    released.release();
                    let exit_bonus = exit_before + quick.exit_bonus(st, path);
                    *work += 1;
                    buckets[st.spent() as usize].push(Child {
                        parent: node,
                        path: *path,
                        quick: quick.score(&released) + exit_bonus,
                        exit_bonus,
                        key: released.boundary_key(),
                    });
                });
        }
    }
}

/// Keeps the best-scored child of each key.
fn dedupe(children: &mut Vec<Child>, seen: &mut KeyMap<usize>) {
    seen.clear();
    let mut kept: Vec<Child> = Vec::with_capacity(children.len());
    for child in children.drain(..) {
        match seen.get(&child.key) {
            Some(&i) => {
                if child.quick > kept[i].quick {
                    kept[i] = child;
                }
            }
            None => {
                seen.insert(child.key, kept.len());
                kept.push(child);
            }
        }
    }
    *children = kept;
}
