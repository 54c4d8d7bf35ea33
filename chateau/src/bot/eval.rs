//! The evaluation of a position for a side: its score, its pieces, the frames the
//! next armies to move can make (threats), the danger of a Château for each army
//! (how little room it has against the enemy that moves before it), its progress
//! through its colour table (ruling 17) and the squares it holds (the keep).
//!
//! Every term is in points, the currency of the match: a soldier taken is one point,
//! a captain three and three of debt, a Château five more and two for the whole army.
//! A side's worth adds its score, what its pieces are worth beyond the points they
//! would give away, and what it may expect to win or lose in the next turns; the
//! value of a position for a side is its worth less the others' (their mean when
//! more than one side opposes it, so that what two opponents trade among themselves
//! does not move it: the paranoid reading of four players alone).

use crate::board::{ArmyId, MAX_ARMIES, armies_of};
use crate::game::{Finder, Pieces, SideId, State};
use crate::square::{Bits, Square, squares_of};

use super::model::{
    CAPTAIN_POINTS, CHATEAU_POINTS, Context, Ending, Position, SOLDIER_POINTS, WHOLE_ARMY_POINTS,
};

/// The value of a won match (a lost one is its opposite).
pub const WIN: f32 = 1000.0;

/// How much each term counts. Easy, Normal and Expert differ in which terms they see.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Weights {
    /// What a soldier and a captain on the board are worth to their side beyond the
    /// points their capture gives away (they frame, block and occupy).
    pub soldier: f32,
    pub captain: f32,
    /// The share of a piece's price counted when the next army to move can frame it
    /// with one piece (0 to 1); with two pieces, `threat_two` of that.
    pub threat: f32,
    pub threat_two: f32,
    /// The share counted for the army after next (the side under threat moves in
    /// between and may parry).
    pub threat_later: f32,
    /// Whether threats are seen at all (Easy misses them).
    pub sees_threats: bool,
    /// Scales the danger of a Château for an army short of room.
    pub blockade: f32,
    /// A piece on the next territory of its colour table (held there, its leaving
    /// scores), as a share of those points.
    pub hold: f32,
    /// Per unit between the nearest piece and the next territory of the table.
    pub walk: f32,
    /// A piece on the keep, on another tower.
    pub keep: f32,
    pub tower: f32,
    /// Per free square next to an army's pieces (its room to move).
    pub liberty: f32,
}

impl Weights {
    /// The full evaluation (Normal and Expert).
    pub const FULL: Weights = Weights {
        soldier: 0.6,
        captain: 2.0,
        threat: 0.75,
        threat_two: 0.3,
        threat_later: 0.25,
        sees_threats: true,
        blockade: 1.0,
        hold: 0.6,
        walk: 0.04,
        keep: 0.08,
        tower: 0.03,
        liberty: 0.02,
    };

    /// A beginner's: points, pieces and walking to the next territory; no threats,
    /// no fear of the Château.
    pub const EASY: Weights = Weights {
        soldier: 0.6,
        captain: 2.0,
        threat: 0.0,
        threat_two: 0.0,
        threat_later: 0.0,
        sees_threats: false,
        blockade: 0.0,
        hold: 0.6,
        walk: 0.05,
        keep: 0.05,
        tower: 0.0,
        liberty: 0.0,
    };

    /// The points and material lost with a piece of `kind` (captain or not).
    #[inline]
    pub fn price(&self, captain: bool) -> f32 {
        if captain {
            (2 * CAPTAIN_POINTS) as f32 + self.captain
        } else {
            SOLDIER_POINTS as f32 + self.soldier
        }
    }
}

/// Where an army can go: the squares one unit from its pieces and those within its
/// turn's units (the path rules aside).
#[derive(Copy, Clone, Debug, Default)]
pub struct Reach {
    pub one: Bits,
    pub within: Bits,
}

/// The reach of the pieces of the armies `set` within `units`, the other pieces
/// standing still.
pub fn reach(ctx: &Context, pieces: &Pieces, set: u8, units: u8) -> Reach {
    let moves = ctx.board.moves();
    let free = !pieces.occupied() & super::tables::all_squares();
    let own = pieces.of_set(set);
    let mut frontier_soldiers = own & !pieces.captains();
    let mut frontier_captain = own & pieces.captains();
    let (mut seen_soldiers, mut seen_captain) = (0u128, 0u128);
    let mut one = 0;
    for step in 0..units {
        let mut next_soldiers = 0;
        for s in squares_of(frontier_soldiers) {
            next_soldiers |= moves.reach(s, false);
        }
        let mut next_captain = 0;
        for s in squares_of(frontier_captain) {
            next_captain |= moves.reach(s, true);
        }
        next_soldiers &= free & !seen_soldiers;
        next_captain &= free & !seen_captain;
        seen_soldiers |= next_soldiers;
        seen_captain |= next_captain;
        if step == 0 {
            one = next_soldiers | next_captain;
        }
        frontier_soldiers = next_soldiers;
        frontier_captain = next_captain;
        if frontier_soldiers | frontier_captain == 0 {
            break;
        }
    }
    Reach {
        one,
        within: seen_soldiers | seen_captain,
    }
}

/// What threatens the pieces of one army's enemies when it moves next.
pub struct ThreatMap {
    pub mover: ArmyId,
    /// Pieces of the mover's side that stay put and can frame.
    pub framers: Bits,
    /// The pieces the mover moves (one of the two framers must be one, ruling 13).
    pub own: Bits,
    /// Squares the mover can bring a piece to.
    pub reach: Bits,
    /// Whether the mover has two pieces that can move (to frame with two).
    pub two_movers: bool,
}

/// How a piece stands against the army about to move.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Danger {
    /// Framed already, one framer the mover's own: taken unless it is safe (VI.5b).
    pub framed: bool,
    /// How surely one turn frames it otherwise (0 to 1): 1 with one piece to bring,
    /// `two` with two.
    pub chance: f32,
}

impl Danger {
    /// The chance it is taken, `safe` from the mover or not.
    #[inline]
    pub fn taken(self, safe: bool) -> f32 {
        if self.framed && !safe {
            1.0
        } else {
            self.chance
        }
    }
}

impl ThreatMap {
    pub fn new(ctx: &Context, pieces: &Pieces, mover: ArmyId, controlled: u8, factor: u8) -> Self {
        let r = reach(ctx, pieces, controlled, factor);
        let movable = super::model::mobile(ctx, pieces, controlled);
        Self {
            mover,
            framers: pieces.of_set(ctx.sides.friends(mover) | controlled),
            own: pieces.of_set(controlled),
            reach: r.within,
            two_movers: movable.count_ones() >= 2,
        }
    }

    /// How the piece on `square` stands against the mover.
    #[inline]
    pub fn danger(&self, ctx: &Context, square: Square, free: Bits, two: f32) -> Danger {
        let mut danger = Danger::default();
        for line in ctx.tables.lines(square) {
            let (a, b) = (line.a.bit(), line.b.bit());
            let ca = self.framers & a != 0;
            let cb = self.framers & b != 0;
            let fa = free & a != 0 && self.reach & a != 0;
            let fb = free & b != 0 && self.reach & b != 0;
            if ca && cb {
                danger.framed |= self.own & (a | b) != 0;
                continue;
            }
            let chance = if (ca && fb) || (cb && fa) {
                1.0
            } else if fa && fb && self.two_movers {
                two
            } else {
                0.0
            };
            danger.chance = danger.chance.max(chance);
        }
        danger
    }
}

/// Scratch space and the evaluation itself.
pub struct Evaluator {
    pub weights: Weights,
    finder: Finder,
}

impl Evaluator {
    pub fn new(weights: Weights) -> Self {
        Self {
            weights,
            finder: Finder::new(),
        }
    }

    /// The value of `position` for `side` (the army to move is `position.mover()`,
    /// at the start of its turn).
    pub fn value(&mut self, ctx: &Context, position: &Position, side: SideId) -> f32 {
        match position.ending {
            Ending::Won(winner) => {
                let sooner = f32::from(position.depth);
                return if winner == side {
                    WIN - sooner
                } else {
                    -WIN + sooner
                };
            }
            Ending::Drawn => return 0.0,
            Ending::PartieOver => {
                return relative(ctx, side, |s| position.scores[s.index()] as f32);
            }
            Ending::Playing => {}
        }
        let worth = self.worths(ctx, position);
        relative(ctx, side, |s| worth[s.index()])
    }

    /// Each side's worth (see the module's documentation).
    pub fn worths(&mut self, ctx: &Context, position: &Position) -> [f32; MAX_ARMIES] {
        let w = self.weights;
        let pieces = *position.state.pieces();
        let mut worth = [0.0f32; MAX_ARMIES];
        for side in ctx.sides.ids() {
            worth[side.index()] = position.scores[side.index()] as f32;
        }
        // The armies in turn order from the one to move.
        let order = turn_order(ctx, position);
        for army in armies_of(ctx.armies) {
            let own = pieces.of(army);
            if own == 0 {
                continue;
            }
            let side = ctx.sides.side_of(army).index();
            let captains = own & pieces.captains();
            worth[side] += w.soldier * (own & !captains).count_ones() as f32
                + w.captain * captains.count_ones() as f32;
            worth[side] += self.occupation_terms(ctx, position, army, own);
        }
        // What the next two armies to move can take.
        if w.sees_threats {
            let free = !pieces.occupied() & super::tables::all_squares();
            for (k, &mover) in order.iter().take(2).enumerate() {
                let share = if k == 0 { w.threat } else { w.threat_later };
                if share == 0.0 {
                    continue;
                }
                let controlled = position.controlled_by(mover);
                let map =
                    ThreatMap::new(ctx, &pieces, mover, controlled, position.factor_of(mover));
                let mut dangers: [(f32, usize); 32] = [(0.0, 0); 32];
                let mut n = 0;
                let enemies = pieces.of_set(ctx.sides.enemies(mover) & !controlled);
                for square in squares_of(enemies) {
                    let Some(owner) = pieces.army_at(square) else {
                        continue;
                    };
                    let safe = position
                        .safety()
                        .iter()
                        .any(|s| s.square == square && s.against & controlled != 0);
                    let d = map.danger(ctx, square, free, w.threat_two).taken(safe);
                    if d > 0.0 && n < dangers.len() {
                        let captain = pieces.captains() & square.bit() != 0;
                        dangers[n] = (d * w.price(captain), ctx.sides.side_of(owner).index());
                        n += 1;
                    }
                }
                // One turn seldom takes more than one piece: the worst counts in full,
                // the others a half.
                dangers[..n].sort_by(|a, b| b.0.total_cmp(&a.0));
                let attacker = ctx.sides.side_of(mover).index();
                for (i, &(loss, owner)) in dangers[..n].iter().enumerate() {
                    let loss = loss * share * if i == 0 { 1.0 } else { 0.5 };
                    worth[owner] -= loss;
                    worth[attacker] += loss * 0.5;
                }
            }
        }
        // Room to move, and the danger of a Château.
        if w.blockade > 0.0 || w.liberty > 0.0 {
            self.blockade_terms(ctx, position, &order, &mut worth);
        }
        worth
    }

    fn occupation_terms(&self, ctx: &Context, position: &Position, army: ArmyId, own: Bits) -> f32 {
        let w = self.weights;
        let table = &ctx.board.army(army).table;
        if table.is_empty() || position.is_giver(army) {
            return 0.0;
        }
        let occupation = position.occupation[army.index()];
        let next = table[occupation.next as usize % table.len()];
        let points = if next == army { 2.0 } else { 1.0 };
        let mut value = 0.0;
        if ctx.tables.territory[next.index()] & own != 0 {
            let held = occupation.held & next.bit() != 0;
            value += w.hold * points * if held { 1.0 } else { 0.8 };
        } else {
            let nearest = squares_of(own)
                .map(|s| ctx.tables.distance(next, s))
                .min()
                .unwrap_or(0);
            value -= w.walk * f32::from(nearest.min(12));
        }
        let keep = (own & ctx.tables.keep).count_ones() as f32;
        let towers = (own & ctx.tables.towers & !ctx.tables.keep).count_ones() as f32;
        value + w.keep * keep + w.tower * towers
    }

    fn blockade_terms(
        &mut self,
        ctx: &Context,
        position: &Position,
        order: &[ArmyId],
        worth: &mut [f32; MAX_ARMIES],
    ) {
        let w = self.weights;
        let pieces = *position.state.pieces();
        for (k, &army) in order.iter().enumerate() {
            let group = position.controlled_by(army);
            let own = pieces.of_set(group);
            if own == 0 {
                continue;
            }
            let side = ctx.sides.side_of(army).index();
            let factor = position.factor_of(army);
            let room = reach(ctx, &pieces, group, factor);
            let liberties = room.one.count_ones();
            worth[side] += w.liberty * liberties.min(12) as f32;
            if w.blockade == 0.0 || liberties >= 6 {
                continue;
            }
            // The first enemy to move before this army's next turn.
            let before = if k == 0 { &order[1..] } else { &order[..k] };
            let Some(&attacker) = before.iter().find(|&&m| !ctx.friends(m, army)) else {
                continue;
            };
            let value = chateau_value(&pieces, group, w);
            let blocked_now = liberties <= 2
                && !self.finder.can_finish(
                    &ctx.board,
                    &State::new(pieces, army, group, factor, ctx.rules),
                );
            let p = if blocked_now {
                0.9
            } else {
                let attack = ThreatMap::new(
                    ctx,
                    &pieces,
                    attacker,
                    position.controlled_by(attacker),
                    position.factor_of(attacker),
                );
                let open = room.one & !attack.reach;
                let cramped = room.within.count_ones() < u32::from(factor);
                let base: f32 = match liberties {
                    0 => 0.8,
                    1 => 0.45,
                    2 => 0.25,
                    3 => 0.12,
                    4 => 0.06,
                    _ => 0.03,
                };
                let base = if open != 0 { base * 0.3 } else { base };
                if cramped { (base * 2.0).min(0.9) } else { base }
            };
            // The army moving first has a turn to get out.
            let p = if k == 0 { p * 0.4 } else { p };
            let loss = p * value * w.blockade;
            worth[side] -= loss;
            worth[ctx.sides.side_of(attacker).index()] += loss * 0.5;
        }
    }
}

/// The points a Château on `group` would give, with what its pieces are worth.
pub fn chateau_value(pieces: &Pieces, group: u8, w: Weights) -> f32 {
    let mut value = 0.0;
    for army in armies_of(group) {
        let own = pieces.of(army);
        if own == 0 {
            continue;
        }
        let captains = (own & pieces.captains()).count_ones() as f32;
        let soldiers = own.count_ones() as f32 - captains;
        value += soldiers * (SOLDIER_POINTS as f32 + w.soldier)
            + captains * ((2 * CAPTAIN_POINTS) as f32 + w.captain)
            + (CHATEAU_POINTS + WHOLE_ARMY_POINTS) as f32;
    }
    value
}

/// The armies in the order they move from the one to move (each once, givers left
/// out).
pub fn turn_order(ctx: &Context, position: &Position) -> Vec<ArmyId> {
    let mut order = Vec::with_capacity(MAX_ARMIES);
    let mut army = position.mover();
    for _ in 0..MAX_ARMIES {
        if !order.contains(&army) && !position.is_giver(army) {
            order.push(army);
        }
        army = position.next_army(ctx, army);
    }
    order
}

/// `side`'s figure less the others' (their mean).
fn relative(ctx: &Context, side: SideId, figure: impl Fn(SideId) -> f32) -> f32 {
    let others: Vec<f32> = ctx
        .sides
        .ids()
        .filter(|&s| s != side)
        .map(&figure)
        .collect();
    let mean = if others.is_empty() {
        0.0
    } else {
        others.iter().sum::<f32>() / others.len() as f32
    };
    figure(side) - mean
}
