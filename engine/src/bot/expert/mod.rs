//! The Expert: a planning and search player that never cheats, with a different way to
//! win for each ruleset.
//!
//! At the start of each of its turns it weighs plans (`plan`): what the turn is for
//! (a continent or empire to take, a rival's to break, a seat to hunt, a classic card
//! to earn, a sweep, or guarding) and how (trade a set now or keep it, play
//! Reinforcements now or wait for higher numbers). Each plan is tried in worlds drawn
//! from its seat's sight ([`SeatSight::sample_world`]: other hands, hidden slips, the
//! draw pile's order, missions and the dice are imagined, never read): the planner
//! (`planner`) plays the turn by the plan, imagined rivals play everyone else's turns
//! of the round (the greedy player or a sweeper; in Castle Risk, in a third of the
//! worlds, castle hunters massing on the cheapest castle; heads-up in classic Risk,
//! in a third of the worlds, the card player whose one army rolls on through thin
//! land), and the position is judged by the evaluation fitted to the ruleset
//! (`eval`). Plans share their worlds and dice, and the weaker half is dropped after
//! each pass (successive halving, `search`). Then the planner carries the best plan
//! out.
//!
//! Within the turn, the search comes back where it matters: when the plan's attacks
//! are done (press on with another plan, or stop), for Castle Risk's spoils (where
//! they go decides next turn's castle guard and attacks) and for the classic
//! fortifying move. Whatever the search says, some things are never done: its castle
//! (or its only continent) is guarded first when armies are placed, its castle gives
//! no army below its guard (never below what keeps it closed to a rival with a
//! General) to an attack, its rolls, a ship or a vacated territory, and a seat
//! that holds twice everyone's armies does not end a turn without attacking when an
//! attack (by the whole ring around a Castle Risk target) has a fair chance; its
//! only classic continent gives no attack, roll or move-in the armies that keep it
//! closed, and a classic turn does not end with it
//! open to one rival army at 60 % when the fortifying move can close it; at a
//! classic table of three or more, an attack that would leave it the weakest seat
//! (armies less three a card) is not made while it stands above, unless two turns
//! in a row have passed without a capture; heads-up, a duel with a rival's army once
//! begun is fought on while winning it is likelier than surviving the blow that
//! stopping would invite. Classic claims are searched; the starting armies then
//! follow the planner's rule (one stack that survives the first blow).
//!
//! Its thinking is counted in simulations, so a game replays the same from its seeds;
//! a [`Thinking`] scales the budget, caps the wall-clock time and cancels (a
//! cancelled Expert answers at once with its planner's choice).

mod castle;
pub mod eval;
mod plan;
mod planner;
mod reading;
mod search;

use std::time::Instant;

use rand::Rng;

use super::{GreedyPolicy, Policy, SeatSight, Thinking};
use crate::board::TerritoryId;
use crate::game::{Action, Choice, Decision, LegalActions, PlacementReason, Route};
use plan::Plan;
use planner::Planner;
use reading::Reading;
use search::Opt;

/// Simulations for choosing the turn's plan, at effort 1.
const PLAN_SIMULATIONS: u32 = 96;
/// Simulations for pressing on once the plan's attacks are done.
const PRESS_SIMULATIONS: u32 = 48;
/// Simulations for placing armies (Castle Risk), or choosing the classic fortify.
const PLACEMENT_SIMULATIONS: u32 = 64;
/// Castle Risk: simulations for a decision of the turn (which attack, which card,
/// when to stop).
const TURN_SIMULATIONS: u32 = 96;
/// Castle Risk: simulations for a choice of setup (the castle, a claim).
const CASTLE_SETUP_SIMULATIONS: u32 = 48;
/// Classic Risk: simulations for a choice of setup (a claim, a starting army).
const SETUP_SIMULATIONS: u32 = 24;
/// Claims weighed at setup.
const SETUP_CHOICES: usize = 6;
/// Castle Risk: simulations for a choice within a battle or a spy's visit.
const BATTLE_SIMULATIONS: u32 = 24;
/// Searches for pressing on in one turn, at most.
const PRESS_SEARCHES_PER_TURN: u32 = 2;
/// Fortifying moves weighed.
const FORTIFY_OPTIONS: usize = 5;

/// Castle Risk: an attack the Expert stopped, and the armies on both sides then.
#[derive(Clone, Debug)]
struct StoppedAttack {
    from: TerritoryId,
    to: TerritoryId,
    armies: (u32, u32),
}

/// The Expert strength. See the module documentation.
#[derive(Clone, Debug)]
pub struct ExpertPolicy {
    thinking: Thinking,
    /// Castle Risk: the quick answer, and the seat's part in the look-ahead.
    greedy: GreedyPolicy,
    /// Classic Risk: carries out the turn's plan (in Castle Risk, fills vacated land
    /// and keeps count of the turn's captures).
    planner: Planner,
    /// The turn the plan was chosen for.
    planned_turn: Option<u32>,
    /// Searches for pressing on made this turn.
    press_searches: u32,
    /// Castle Risk: the attacks it stopped this turn (with the armies on both sides
    /// then), and the turn. An attack stopped is not started again in the same turn
    /// while neither side's armies changed: a rail that forced it again once started
    /// and stopped it 25,000 times in one turn.
    stopped: (u32, Vec<StoppedAttack>),
    /// Simulations spent so far (for benchmarks and the tournament's figures).
    simulations: u64,
}

impl ExpertPolicy {
    /// An Expert thinking within `thinking`.
    pub fn new(thinking: Thinking) -> Self {
        Self {
            thinking,
            greedy: GreedyPolicy::new(),
            planner: Planner::new(Plan::new(plan::Intent::Sweep)),
            planned_turn: None,
            press_searches: 0,
            stopped: (u32::MAX, Vec::new()),
            simulations: 0,
        }
    }

    /// Simulations spent on all decisions so far.
    pub fn simulations(&self) -> u64 {
        self.simulations
    }

    fn budget(&self, base: u32) -> u32 {
        ((f64::from(base) * self.thinking.effort).round() as u32).max(2)
    }

    /// The best of `options` by the search, or `None` when it was stopped first.
    fn search(
        &mut self,
        sight: &SeatSight<'_>,
        options: &[Opt],
        base: u32,
        rng: &mut dyn Rng,
    ) -> Option<usize> {
        if options.len() < 2 {
            return (options.len() == 1).then_some(0);
        }
        let limits = search::Limits {
            simulations: self.budget(base),
            started: Instant::now(),
            time_cap: self.thinking.time_cap,
            cancel: &self.thinking.cancel,
        };
        let planner = sight.is_classic().then_some(&self.planner);
        let found = search::best(sight, options, planner, &limits, rng);
        self.simulations += u64::from(found.simulations);
        found.best
    }

    /// Chooses the turn's plan.
    fn plan_turn(&mut self, sight: &SeatSight<'_>, legal: &LegalActions, rng: &mut dyn Rng) {
        let reading = Reading::new(sight);
        let plans = plan::candidates(&reading, legal);
        let options: Vec<Opt> = plans.iter().copied().map(Opt::Plan).collect();
        let chosen = self
            .search(sight, &options, PLAN_SIMULATIONS, rng)
            .map_or_else(|| Plan::default_for(&reading), |i| plans[i]);
        self.planner.plan = chosen;
    }

    /// Once the plan's attacks are done: stop, or press on with another plan.
    fn press_on(&mut self, sight: &SeatSight<'_>, legal: &LegalActions, rng: &mut dyn Rng) {
        let reading = Reading::new(sight);
        let current = self.planner.plan;
        let mut plans: Vec<Plan> = vec![current];
        for p in plan::candidates(&reading, legal) {
            let aggressive = !matches!(p.intent, plan::Intent::Guard);
            if aggressive && !plans.iter().any(|q| q.intent == p.intent) {
                plans.push(Plan {
                    trade: current.trade,
                    reinforce: current.reinforce,
                    ..p
                });
            }
        }
        // Only plans that would attack now are worth a simulation.
        plans.retain(|p| {
            let mut trial = self.planner.clone();
            trial.plan = *p;
            *p == current || !trial.would_end_turn(sight, legal)
        });
        let options: Vec<Opt> = plans.iter().copied().map(Opt::Plan).collect();
        if let Some(i) = self.search(sight, &options, PRESS_SIMULATIONS, rng) {
            self.planner.plan = plans[i];
        }
    }

    /// Classic Risk's setup: each claim weighed among a few, played out to the end of
    /// the first round. Starting armies follow the planner's rule (one stack that
    /// survives the first blow): searched one by one, the noise of each search
    /// spread them at random, and the rule won more games.
    fn classic_setup(
        &mut self,
        sight: &SeatSight<'_>,
        legal: &LegalActions,
        rng: &mut dyn Rng,
    ) -> Option<Action> {
        let reading = Reading::new(sight);
        let options: Vec<Opt> = match legal.choices.first()? {
            Choice::Claim { territories } => planner::claims_ranked(&reading, territories)
                .into_iter()
                .take(SETUP_CHOICES)
                .map(|territory| Opt::Act(Action::Claim { territory }))
                .collect(),
            _ => return None,
        };
        let i = self.search(sight, &options, SETUP_SIMULATIONS, rng)?;
        match &options[i] {
            Opt::Act(action) => Some(action.clone()),
            Opt::Plan(_) => None,
        }
    }

    /// The classic fortifying move: the planner's, skipping, and the largest moves to
    /// threatened territories.
    fn fortify(
        &mut self,
        sight: &SeatSight<'_>,
        legal: &LegalActions,
        routes: &[Route],
        rng: &mut dyn Rng,
    ) -> Option<Action> {
        let reading = Reading::new(sight);
        if let Some(action) = close_last_continent(&reading, routes) {
            return Some(action);
        }
        let quick = self.planner.decide(&reading, legal);
        let mut options = vec![Opt::Act(quick), Opt::Act(Action::SkipFortify)];
        let mut moves: Vec<&Route> = routes
            .iter()
            .filter(|r| reading.threat(r.to) > 0 && reading.threat(r.to) >= reading.threat(r.from))
            .collect();
        moves.sort_by_key(|r| (std::cmp::Reverse(r.max_armies), r.from, r.to));
        for route in moves.into_iter().take(FORTIFY_OPTIONS) {
            // Its only continent is not opened to make another territory safer.
            let armies = if planner::in_last_continent(&reading, route.from) {
                let keep = planner::safe_defenders(&reading, route.from);
                route
                    .max_armies
                    .min(reading.armies(route.from).saturating_sub(keep))
            } else {
                route.max_armies
            };
            if armies == 0 {
                continue;
            }
            let action = Action::Fortify {
                from: route.from,
                to: route.to,
                armies,
            };
            if !options.contains(&Opt::Act(action.clone())) {
                options.push(Opt::Act(action));
            }
        }
        let i = self.search(sight, &options, PLACEMENT_SIMULATIONS, rng)?;
        match &options[i] {
            Opt::Act(action) => Some(action.clone()),
            Opt::Plan(_) => None,
        }
    }
}

impl Policy for ExpertPolicy {
    fn choose(&mut self, sight: &SeatSight<'_>, legal: &LegalActions, rng: &mut dyn Rng) -> Action {
        self.planner.note_turn(sight);
        if sight.is_classic() {
            self.choose_classic(sight, legal, rng)
        } else {
            self.choose_castle(sight, legal, rng)
        }
    }
}

impl ExpertPolicy {
    /// Castle Risk: each decision that matters searched among its candidates, within
    /// the rails.
    fn choose_castle(
        &mut self,
        sight: &SeatSight<'_>,
        legal: &LegalActions,
        rng: &mut dyn Rng,
    ) -> Action {
        // The greedy answer comes first: it keeps the greedy player's count of the
        // turn's decisions, and is the answer when there is nothing to think about.
        let quick = self.greedy.choose(sight, legal, rng);
        let Some(pending) = sight.pending() else {
            return quick;
        };
        let reading = Reading::new(sight);
        if let Some(Choice::FillVacated { .. }) = legal.choices.first() {
            return self.planner.decide(&reading, legal);
        }
        let (candidates, base) = match pending.decision {
            Decision::Play { .. } => {
                let captured = self.planner.captured(&reading);
                let stopped: Vec<(TerritoryId, TerritoryId)> = self
                    .stopped_this_turn(sight)
                    .iter()
                    .filter(|s| s.armies == (sight.armies(s.from), sight.armies(s.to)))
                    .map(|s| (s.from, s.to))
                    .collect();
                let candidates = castle::turn_candidates(&reading, legal, &quick);
                (
                    castle::turn_rails(&reading, legal, captured, &stopped, candidates),
                    TURN_SIMULATIONS,
                )
            }
            Decision::PlaceArmies { armies, .. } => match legal.choices.first() {
                Some(Choice::PlaceArmies { territories, .. }) => (
                    castle::placement_candidates(&reading, armies, territories, &quick),
                    PLACEMENT_SIMULATIONS,
                ),
                _ => return quick,
            },
            Decision::PlaceCastle { .. } | Decision::Claim => (
                castle::setup_candidates(sight, legal, &quick),
                CASTLE_SETUP_SIMULATIONS,
            ),
            Decision::Roll { .. }
            | Decision::Defend { .. }
            | Decision::MoveIn { .. }
            | Decision::AnswerSpy { .. }
            | Decision::SpyDiscard { .. } => (
                castle::battle_rails(&reading, castle::battle_candidates(legal, &quick)),
                BATTLE_SIMULATIONS,
            ),
            _ => return quick,
        };
        let Some(first) = candidates.first().cloned() else {
            return quick;
        };
        if self.thinking.cancel.is_cancelled() || candidates.len() < 2 {
            return first;
        }
        let options: Vec<Opt> = candidates.into_iter().map(Opt::Act).collect();
        let action = match self.search(sight, &options, base, rng) {
            Some(i) => match &options[i] {
                Opt::Act(action) => action.clone(),
                Opt::Plan(_) => first,
            },
            None => first,
        };
        if let (Decision::Roll { from, to, .. }, Action::StopAttack) = (&pending.decision, &action)
        {
            self.stopped_this_turn(sight);
            self.stopped.1.push(StoppedAttack {
                from: *from,
                to: *to,
                armies: (sight.armies(*from), sight.armies(*to)),
            });
        }
        action
    }

    /// Castle Risk: the attacks stopped in the turn under way (forgetting those of
    /// earlier turns).
    fn stopped_this_turn(&mut self, sight: &SeatSight<'_>) -> &[StoppedAttack] {
        let turn = sight.turn_number();
        if self.stopped.0 != turn {
            self.stopped = (turn, Vec::new());
        }
        &self.stopped.1
    }

    /// Classic Risk: a plan chosen at the start of the turn and carried out by the
    /// planner, the search coming back to press on and to fortify.
    fn choose_classic(
        &mut self,
        sight: &SeatSight<'_>,
        legal: &LegalActions,
        rng: &mut dyn Rng,
    ) -> Action {
        let Some(pending) = sight.pending() else {
            return self.planner.decide(&Reading::new(sight), legal);
        };
        let thinking = !self.thinking.cancel.is_cancelled();
        if thinking
            && !sight.setup_done()
            && let Some(action) = self.classic_setup(sight, legal, rng)
        {
            return action;
        }
        let my_turn = sight.turn_seat() == Some(sight.seat());
        let turn = sight.turn_number();
        if thinking && my_turn && self.planned_turn != Some(turn) {
            let turn_start = matches!(
                pending.decision,
                Decision::TradeCards { .. }
                    | Decision::PlaceArmies {
                        reason: PlacementReason::Reinforcements,
                        ..
                    }
            );
            if turn_start {
                self.planned_turn = Some(turn);
                self.press_searches = 0;
                self.plan_turn(sight, legal, rng);
            }
        }
        if thinking && my_turn {
            match &pending.decision {
                Decision::Play { .. }
                    if self.press_searches < PRESS_SEARCHES_PER_TURN
                        && self.planner.would_end_turn(sight, legal) =>
                {
                    self.press_searches += 1;
                    self.press_on(sight, legal, rng);
                }
                Decision::Fortify => {
                    if let Some(Choice::Fortify { routes }) = legal.choices.first()
                        && let Some(action) = self.fortify(sight, legal, routes, rng)
                    {
                        return action;
                    }
                }
                _ => {}
            }
        }
        self.planner.decide(&Reading::new(sight), legal)
    }
}

/// Classic Risk's rail at the fortifying move: its only continent is not left open
/// to a single rival army at 60 % or more when one move can close a border (or, when
/// none can, narrow the widest gap). The armies come from outside the continent, or
/// from a border with more than its own safety needs.
fn close_last_continent(r: &Reading<'_, '_>, routes: &[Route]) -> Option<Action> {
    let open = planner::open_last_continent(r);
    if open.is_empty() {
        return None;
    }
    let continent = planner::last_continent(r).unwrap_or_default();
    routes
        .iter()
        .filter_map(|route| {
            let &(_, lacking) = open.iter().find(|(t, _)| *t == route.to)?;
            let can_give = if continent.contains(&route.from) {
                r.armies(route.from)
                    .saturating_sub(planner::safe_defenders(r, route.from))
                    .min(route.max_armies)
            } else {
                route.max_armies
            };
            // A margin over what it lacks, the rest left where it was.
            let armies = can_give.min(lacking * 2);
            (armies > 0).then_some((armies >= lacking, armies.min(lacking), route, armies))
        })
        .max_by_key(|&(closes, covered, route, _)| {
            (closes, covered, std::cmp::Reverse((route.from, route.to)))
        })
        .map(|(_, _, route, armies)| Action::Fortify {
            from: route.from,
            to: route.to,
            armies,
        })
}
