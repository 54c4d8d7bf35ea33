//! [`Player`]: a computer seat of one [`Strength`]. It answers the game one action at
//! a time, as a person would play: it plans its whole turn at the first decision,
//! then plays the plan's pieces one path at a time and ends the turn with the plan's
//! captures. A plan is followed only while the game is where the plan expected it;
//! anything else (a turn begun by someone else, a position loaded mid-turn) makes it
//! plan again from what it sees.
//!
//! It reads only the game's public state (there is nothing hidden in this game but
//! the generator, which it never touches: its own choices draw on the generator the
//! caller gives it, and only Easy draws at all).

use std::collections::VecDeque;

use rand::{Rng, RngExt};

use crate::board::ArmyId;
use crate::game::{Action, Game, Seat, SideId, State};

use super::draw;
use super::eval::Weights;
use super::expert::Expert;
use super::model::{Context, Position};
use super::strength::{Strength, Thinking};
use super::turn::{Plan, TurnSearch, Width};

/// How Easy searches: a narrow beam, and a few turns to choose among.
const EASY_WIDTH: Width = Width {
    beam: 2,
    finals: 6,
    branches: 2,
};

/// Turns whose values are this close (in points) are as good as each other: Normal
/// and Expert draw one of them with the generator they are given, so that games from
/// different seeds differ (the game itself draws only the first army of a partie).
pub const TIE: f32 = 0.25;

/// The index of one of the first `items` (best first) within [`TIE`] of the first,
/// drawn with `rng`.
pub fn among_equals<T>(items: &[T], value: impl Fn(&T) -> f32, rng: &mut dyn Rng) -> usize {
    let Some(first) = items.first() else {
        return 0;
    };
    let best = value(first);
    let equals = items.iter().take_while(|i| value(i) > best - TIE).count();
    rng.random_range(0..equals.max(1))
}

/// What a player thought about its last turn (for tournaments and logs).
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Thought {
    /// Turns deep it searched (1: its own turn).
    pub depth: u8,
    /// Partial turns it scored.
    pub work: u64,
    /// The value it gave its turn, in points for its side.
    pub value: f32,
}

/// A computer seat. Keep one per seat for a whole match: it owns its memory.
pub struct Player {
    strength: Strength,
    ctx: Option<Context>,
    search: TurnSearch,
    expert: Option<Expert>,
    /// The plan being played: each action with the turn hash and army the game must
    /// show before it.
    queue: VecDeque<(u64, ArmyId, Action)>,
    /// The turn of the match when the scores last changed, and those scores.
    last_change: (u32, Vec<i32>),
    /// The turn of its last draw offer.
    last_offer: Option<u32>,
    /// What it thought about its last turn.
    pub thought: Thought,
}

impl Player {
    /// A player of `strength` thinking within `thinking` (only the Expert's thinking
    /// depends on it).
    pub fn new(strength: Strength, thinking: Thinking) -> Self {
        let weights = match strength {
            Strength::Easy => Weights::EASY,
            _ => Weights::FULL,
        };
        Self {
            strength,
            ctx: None,
            search: TurnSearch::new(weights),
            expert: (strength == Strength::Expert).then(|| Expert::new(thinking)),
            queue: VecDeque::new(),
            last_change: (0, Vec::new()),
            last_offer: None,
            thought: Thought::default(),
        }
    }

    pub fn strength(&self) -> Strength {
        self.strength
    }

    /// The match's context, worked out once.
    fn context(&mut self, game: &Game) -> Context {
        let fresh = match &self.ctx {
            Some(ctx) => {
                !std::sync::Arc::ptr_eq(&ctx.board, game.board())
                    || ctx.sides != *game.sides()
                    || ctx.armies != game.table().armies()
                    || ctx.rules != game.variant().turn_rules()
                    || ctx.diagonals != game.variant().diagonal_capture
            }
            None => true,
        };
        if fresh {
            self.ctx = Some(Context::of_game(game));
        }
        self.ctx.clone().expect("just made")
    }

    /// The next action of the seat to decide, if this player is asked: `None` once the
    /// match is over. Every action it returns is legal.
    pub fn choose(&mut self, game: &Game, rng: &mut dyn Rng) -> Option<(Seat, Action)> {
        let seat = game.pending_seat()?;
        let ctx = self.context(game);
        self.note_scores(game);
        if game.draw_offer().is_some() {
            let stalled = self.stalled(game);
            let accept = draw::accept(&ctx, game, seat, &mut self.search, stalled);
            return Some((seat, Action::AnswerDraw { accept }));
        }
        let state = *game.state();
        if let Some(&(hash, army, _)) = self.queue.front() {
            if hash == state.turn_hash() && army == state.mover() {
                let (_, _, action) = self.queue.pop_front().expect("a front");
                return Some((seat, action));
            }
            self.queue.clear();
        }
        if self.should_offer_draw(&ctx, game, seat) {
            self.last_offer = Some(game.turns());
            return Some((seat, Action::OfferDraw {}));
        }
        if self.strength != Strength::Easy
            && game.legal_alliance()
            && draw::alliance_pays(&ctx, game, &mut self.search)
        {
            return Some((seat, Action::DeclareAlliance {}));
        }
        let plan = self.plan(&ctx, game, rng)?;
        self.queue = actions_of(&plan, &state).into();
        self.queue.pop_front().map(|(_, _, action)| (seat, action))
    }

    /// The turn this player would play now (the army to move in `game`), planned
    /// afresh; `None` if the match is over.
    pub fn plan(&mut self, ctx: &Context, game: &Game, rng: &mut dyn Rng) -> Option<Plan> {
        let root = Position::of_game(game);
        let side = ctx.sides.side_of(root.mover());
        match self.strength {
            Strength::Easy => {
                let candidates = self.search.search(ctx, &root, side, EASY_WIDTH);
                if candidates.is_empty() {
                    return None;
                }
                // Mostly the best, sometimes the second or third: a beginner's eye.
                let roll: f64 = rng.random();
                let pick = if roll < 0.6 {
                    0
                } else if roll < 0.85 {
                    1
                } else {
                    2
                };
                let chosen = &candidates[pick.min(candidates.len() - 1)];
                self.thought = Thought {
                    depth: 1,
                    work: self.search.work,
                    value: chosen.value,
                };
                Some(chosen.plan.clone())
            }
            Strength::Normal => {
                self.search.work = 0;
                let mut candidates = self.search.search(ctx, &root, side, Width::NORMAL);
                if candidates.is_empty() {
                    return None;
                }
                let pick = among_equals(&candidates, |c| c.value, rng);
                let chosen = candidates.swap_remove(pick);
                self.thought = Thought {
                    depth: 1,
                    work: self.search.work,
                    value: chosen.value,
                };
                Some(chosen.plan)
            }
            Strength::Expert => {
                let expert = self.expert.as_mut().expect("an Expert has its search");
                let decision = expert.decide(ctx, &root, rng)?;
                self.thought = Thought {
                    depth: decision.depth,
                    work: decision.work,
                    value: decision.best.value,
                };
                Some(decision.best.plan)
            }
        }
    }

    /// Remembers when the scores last moved.
    fn note_scores(&mut self, game: &Game) {
        if self.last_change.1 != game.scores() {
            self.last_change = (game.turns(), game.scores().to_vec());
        }
    }

    /// Whether nothing has scored for long (a partie that goes nowhere).
    fn stalled(&self, game: &Game) -> bool {
        game.turns().saturating_sub(self.last_change.0) >= draw::STALL_TURNS
    }

    /// Offers a draw when the match has stalled and it is not ahead (at most once
    /// every [`draw::STALL_TURNS`] turns).
    fn should_offer_draw(&mut self, ctx: &Context, game: &Game, seat: Seat) -> bool {
        if game.state().spent() > 0 || !self.stalled(game) {
            return false;
        }
        if self
            .last_offer
            .is_some_and(|turn| game.turns().saturating_sub(turn) < draw::STALL_TURNS)
        {
            return false;
        }
        if !game.legal().can_offer_draw {
            return false;
        }
        draw::standing(ctx, game, seat, &mut self.search) <= 1.0
    }
}

/// The side a seat plays for (the side of its first army).
pub fn side_of_seat(game: &Game, seat: Seat) -> Option<SideId> {
    let army = game.table().seats.get(seat.index())?.first()?;
    Some(game.sides().side_of(*army))
}

/// The actions that play `plan` from `state`, each with the turn hash and army the
/// game shows before it.
pub fn actions_of(plan: &Plan, state: &State) -> Vec<(u64, ArmyId, Action)> {
    let mut state = *state;
    let mover = state.mover();
    let mut actions = Vec::new();
    for path in &plan.moves {
        let continuing = state
            .hand()
            .is_some_and(|h| h.units() > 0 && h.at() == path.from);
        if continuing {
            for &to in path.squares() {
                actions.push((state.turn_hash(), mover, Action::Unit { to }));
                state.apply_unit(to);
            }
            actions.push((state.turn_hash(), mover, Action::Release {}));
            state.release();
        } else {
            actions.push((
                state.turn_hash(),
                mover,
                Action::Path {
                    from: path.from,
                    to: path.squares().to_vec(),
                },
            ));
            state.pick(path.from);
            for &to in path.squares() {
                state.apply_unit(to);
            }
            state.release();
        }
    }
    actions.push((
        state.turn_hash(),
        mover,
        Action::EndTurn {
            captures: plan.captures.clone(),
        },
    ));
    actions
}
