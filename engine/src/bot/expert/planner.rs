//! The Expert's hands: how a [`Plan`] is carried out, decision by decision, in both
//! rulesets. The search chooses the plan; the planner places the armies (the castle's
//! guard and the borders of held continents first, then where the plan's target is
//! reached from), picks the attacks that serve the plan, presses them while the odds
//! hold, moves in, fortifies, trades and fills. It is also the Expert's own player in
//! its look-ahead, so it answers in microseconds.

use std::cmp::Reverse;

use rand::Rng;

use super::plan::{Intent, Plan};
use super::reading::{OPEN_AT, Path, Reading, fewest_holding};
use crate::board::TerritoryId;
use crate::bot::{Policy, SeatSight};
use crate::game::{
    Action, Card, Choice, Decision, LegalActions, Placement, PlacementReason, Route, Seat,
    TerritoryCard,
};

/// A seat's decisions in one turn after which the planner only looks for a way out.
const DECISIONS_PER_TURN: u32 = 1_500;
/// The chance of losing a border of its only continent it never accepts at the end
/// of a placement when armies could prevent it.
const LAST_CONTINENT_RISK: f64 = 0.45;
/// Classic Risk: its turns in a row without a capture after which it takes its card
/// even where the card leaves it the weakest seat at the table.
const QUIET_TURNS_AT_MOST: u32 = 2;
/// Classic Risk: the least chance at which a duel with a rival army is fought on.
const DUEL_AT_LEAST: f64 = 0.2;
/// Reinforcement cards it never holds more of: armies in hand do not defend.
const MOST_REINFORCEMENTS_HELD: u8 = 2;

/// Carries out a plan.
#[derive(Clone, Debug)]
pub struct Planner {
    pub plan: Plan,
    turn: u32,
    territories_at_start: usize,
    decisions: u32,
    /// Attacks stopped this turn (not tried again: they would stop at once).
    stopped: Vec<(TerritoryId, TerritoryId)>,
    /// Classic Risk: whether it took a territory this turn.
    took: bool,
    /// Classic Risk: its turns in a row (before this one) that took no territory.
    quiet_turns: u32,
}

impl Planner {
    pub fn new(plan: Plan) -> Self {
        Self {
            plan,
            turn: u32::MAX,
            territories_at_start: 0,
            decisions: 0,
            stopped: Vec::new(),
            took: false,
            quiet_turns: 0,
        }
    }

    /// Whether it took a territory this turn.
    pub fn captured(&self, reading: &Reading<'_, '_>) -> bool {
        own_count(reading) > self.territories_at_start
    }

    /// Keeps count of the turn (called on every decision).
    pub fn note_turn(&mut self, sight: &SeatSight<'_>) {
        if sight.turn_seat() == Some(sight.seat()) && sight.turn_number() != self.turn {
            if self.turn != u32::MAX {
                self.quiet_turns = if self.took { 0 } else { self.quiet_turns + 1 };
            }
            self.took = false;
            self.turn = sight.turn_number();
            let reading = Reading::new(sight);
            self.territories_at_start = own_count(&reading);
            self.decisions = 0;
            self.stopped.clear();
        }
        self.decisions += 1;
    }

    /// Whether the plan's attacks are done: between attacks, it would end the turn.
    pub fn would_end_turn(&self, sight: &SeatSight<'_>, legal: &LegalActions) -> bool {
        let reading = Reading::new(sight);
        matches!(self.turn_action(&reading, legal), Action::EndTurn)
    }
}

fn own_count(reading: &Reading<'_, '_>) -> usize {
    reading
        .sight
        .territories()
        .iter()
        .filter(|t| t.owner == Some(reading.me))
        .count()
}

impl Policy for Planner {
    fn choose(
        &mut self,
        sight: &SeatSight<'_>,
        legal: &LegalActions,
        _rng: &mut dyn Rng,
    ) -> Action {
        self.note_turn(sight);
        if self.decisions > DECISIONS_PER_TURN
            && let Some(out) = way_out(legal)
        {
            return out;
        }
        let reading = Reading::new(sight);
        self.decide(&reading, legal)
    }
}

impl Planner {
    /// The planner's answer to any decision.
    pub fn decide(&mut self, r: &Reading<'_, '_>, legal: &LegalActions) -> Action {
        let pending = r
            .sight
            .pending()
            .expect("a policy is only asked while a decision is pending");
        let first = legal.choices.first().expect("a decision has choices");
        if r.classic
            && !self.took
            && r.sight.turn_seat() == Some(r.me)
            && r.sight.turn_number() == self.turn
        {
            self.took = self.captured(r);
        }
        match (&pending.decision, first) {
            (_, Choice::PlaceCastle { territories }) => Action::PlaceCastle {
                territory: castle_site(r, territories),
            },
            (_, Choice::Claim { territories }) => Action::Claim {
                territory: claim(r, territories),
            },
            (_, Choice::HideArmies { territories }) => Action::HideArmies {
                territory: hiding_place(r, territories),
            },
            (_, Choice::TradeCards { .. } | Choice::PlaceArmies { .. }) => {
                let reason = match pending.decision {
                    Decision::PlaceArmies { reason, .. } => reason,
                    _ => PlacementReason::Reinforcements,
                };
                self.placement_step(r, legal, reason)
            }
            (
                _,
                Choice::FillVacated {
                    territories,
                    sources,
                },
            ) => fill(r, legal, territories, sources, self.plan.risk),
            (_, Choice::Defend { max_dice, marshall }) => defend(r, legal, *max_dice, *marshall),
            (
                Decision::Roll { from, to, ship, .. },
                Choice::Roll {
                    max_dice, general, ..
                },
            ) => {
                if ship.is_some()
                    || ((self.press_on(r, *from, *to) || self.finish_duel(r, *from, *to))
                        && self.stays_off_the_bottom(r, *to))
                {
                    // A capture moves in at least the dice rolled: a guarded castle or
                    // continent border rolls no more than it can spare, or the move
                    // would empty it.
                    Action::Roll {
                        dice: (*max_dice)
                            .min(u8::try_from(self.spare(r, *from).max(1)).unwrap_or(u8::MAX)),
                        general: *general && (r.is_castle(*to) || self.on_plan(r, *to)),
                    }
                } else {
                    self.stopped.push((*from, *to));
                    Action::StopAttack
                }
            }
            (Decision::MoveIn { from, to, min, max }, _) => Action::MoveIn {
                armies: self.move_in(r, *from, *to, *min, *max).clamp(*min, *max),
            },
            (_, Choice::AnswerSpy { counter }) => Action::AnswerSpy { counter: *counter },
            (_, Choice::SpyDiscard { cards }) => Action::SpyDiscard {
                card: [
                    Card::Reinforcements,
                    Card::Admiral,
                    Card::General,
                    Card::Marshall,
                    Card::Spy,
                    Card::Diplomat,
                ]
                .into_iter()
                .find(|c| cards.contains(c))
                .unwrap_or(cards[0]),
            },
            (_, Choice::Fortify { routes }) => fortify(r, routes, &self.plan),
            (Decision::AnswerOffer { give, ask, .. }, &Choice::AnswerOffer { accept }) => {
                crate::bot::trade::answer_offer(give, ask, accept)
            }
            _ => self.turn_action(r, legal),
        }
    }

    /// Trading (classic Risk) and every placement.
    fn placement_step(
        &self,
        r: &Reading<'_, '_>,
        legal: &LegalActions,
        reason: PlacementReason,
    ) -> Action {
        let mut place = None;
        let mut sets = None;
        for choice in &legal.choices {
            match choice {
                Choice::TradeCards { sets: s } => sets = Some(s),
                Choice::PlaceArmies {
                    armies,
                    territories,
                } => place = Some((*armies, territories)),
                _ => {}
            }
        }
        if let Some(sets) = sets
            && (place.is_none() || self.plan.trade)
        {
            return trade(r, sets);
        }
        let Some((armies, territories)) = place else {
            return way_out(legal).expect("a way on from a placement");
        };
        let placements = if reason == PlacementReason::Setup {
            if r.classic {
                vec![Placement::new(safe_stack(r, territories), armies)]
            } else {
                setup_placements(r, armies, territories)
            }
        } else {
            self.placements(r, armies, territories)
        };
        Action::PlaceArmies {
            placements: merge(placements, territories),
        }
    }

    /// Where `armies` go: the castle's guard, the borders of held continents, then
    /// the plan's target.
    pub fn placements(
        &self,
        r: &Reading<'_, '_>,
        armies: u32,
        territories: &[TerritoryId],
    ) -> Vec<Placement> {
        let mut left = armies;
        let mut out = Vec::new();
        let add = |t: TerritoryId, n: u32, left: &mut u32, out: &mut Vec<Placement>| {
            let n = n.min(*left);
            if n > 0 {
                out.push(Placement::new(t, n));
                *left -= n;
            }
        };
        if let Some(castle) = r.castle().filter(|c| territories.contains(c)) {
            let need = r
                .guard(castle, self.plan.risk)
                .saturating_sub(r.armies(castle));
            add(castle, need, &mut left, &mut out);
        }
        if r.classic {
            let needs = leave_to_fortify(r, border_needs(r, &self.plan), left);
            for (t, need) in needs {
                if territories.contains(&t) {
                    add(t, need, &mut left, &mut out);
                }
            }
        }
        if left == 0 {
            return out;
        }
        match self.focus(r) {
            Some(Focus::On(t)) if territories.contains(&t) => add(t, left, &mut left, &mut out),
            Some(Focus::Card { from, enough }) if territories.contains(&from) => {
                add(from, enough, &mut left, &mut out);
                spread_to_threats(r, left, territories, &mut out);
            }
            _ => spread_to_threats(r, left, territories, &mut out),
        }
        out
    }

    /// Where the plan's armies gather.
    fn focus(&self, r: &Reading<'_, '_>) -> Option<Focus> {
        match self.plan.intent {
            Intent::Guard => None,
            Intent::Card => card_attack(r).map(|(from, to)| {
                let mut need = 0;
                while need < 40 && r.odds(r.armies(from) - 1 + need, r.armies(to), false) < 0.85 {
                    need += 1;
                }
                Focus::Card { from, enough: need }
            }),
            Intent::Sweep => strongest_front(r).map(Focus::On),
            _ => self.target_path(r).map(|p| Focus::On(p.from)),
        }
    }

    /// The cheapest way to the plan's target, if it has one.
    fn target_path(&self, r: &Reading<'_, '_>) -> Option<Path> {
        let targets = self.targets(r);
        let paths = r.paths();
        targets
            .into_iter()
            .filter_map(|t| paths[t.index()].clone())
            .min_by_key(|p| (p.cost, p.steps.len(), p.steps[0]))
    }

    /// The territories the plan aims at.
    fn targets(&self, r: &Reading<'_, '_>) -> Vec<TerritoryId> {
        let board = r.sight.board();
        let of_group = |g: crate::board::GroupId| {
            board
                .group(g)
                .territories
                .iter()
                .copied()
                .filter(|&t| !r.is_mine(t))
                .collect::<Vec<_>>()
        };
        match self.plan.intent {
            Intent::Take(g) | Intent::Break(g) => of_group(g),
            Intent::Strike(t) => {
                if r.is_target(t) {
                    vec![t]
                } else {
                    Vec::new()
                }
            }
            Intent::Hunt(seat) => match r.sight.castle(seat) {
                Some(castle) if !r.classic => vec![castle],
                _ => board
                    .territory_ids()
                    .filter(|&t| r.sight.owner(t) == Some(seat))
                    .collect(),
            },
            _ => Vec::new(),
        }
    }

    /// Whether `t` lies on the way to the plan's target.
    fn on_plan(&self, r: &Reading<'_, '_>, t: TerritoryId) -> bool {
        self.target_path(r).is_some_and(|p| p.steps.contains(&t)) || self.targets(r).contains(&t)
    }

    /// Armies that may leave `from` for an attack.
    fn spare(&self, r: &Reading<'_, '_>, from: TerritoryId) -> u32 {
        if Some(from) == r.castle() {
            return r.spare(from, self.plan.risk);
        }
        let mut keep = 1;
        if r.classic {
            if !matches!(self.plan.intent, Intent::Sweep | Intent::Hunt(_))
                && guarded_border(r, from)
            {
                keep = r.guard(from, 0.5).max(1);
            }
            // Its only continent stays closed whatever the plan: an attack or a
            // move-in that opens it hands a rival the bonus and the card at once.
            // Reckoned at every roll, so a threat worn down by this very attack
            // frees armies as it shrinks.
            if in_last_continent(r, from) {
                keep = keep.max(safe_defenders(r, from));
            }
        }
        r.armies(from).saturating_sub(keep)
    }

    /// The chance that an attack from `from` takes `to` with the armies that may go.
    fn spared_odds(&self, r: &Reading<'_, '_>, from: TerritoryId, to: TerritoryId) -> f64 {
        r.odds(self.spare(r, from), r.armies(to), r.is_castle(to))
    }

    /// Whether an attack goes on for another roll.
    fn press_on(&self, r: &Reading<'_, '_>, from: TerritoryId, to: TerritoryId) -> bool {
        let p = self.spared_odds(r, from, to);
        let at = if r.is_castle(to) {
            0.3
        } else {
            (self.plan.press - 0.1).max(0.3)
        };
        p >= at
    }

    /// Classic Risk: whether an attack on a rival's army is better fought on than
    /// stopped. Stopped, the attacking army stays next to the rival's, which strikes
    /// back next turn with its income on top (as a player who masses everything on one
    /// army does) and rolls on through the thin land behind; fought on, it has its own
    /// chance to win. It goes on while its chance of winning now is above its chance
    /// of surviving the blow it would invite, so a duel begun is not broken off after a
    /// few bad rolls, which leaves its army both worn down and exposed. Heads-up
    /// only: at a table of three or more, two armies worn down to the end leave both
    /// seats to the others.
    fn finish_duel(&self, r: &Reading<'_, '_>, from: TerritoryId, to: TerritoryId) -> bool {
        if !r.classic || r.rivals().count() != 1 {
            return false;
        }
        let Some(rival) = r
            .sight
            .owner(to)
            .filter(|&o| o != r.me && !r.sight.is_neutral(o))
        else {
            return false;
        };
        let (land, continents) = r.sight.new_armies(rival);
        let back = (r.armies(to) + land + continents).saturating_sub(1);
        let survive = 1.0 - r.odds(back, r.armies(from), false);
        let on = self.spared_odds(r, from, to);
        on >= DUEL_AT_LEAST && on > survive
    }

    /// Classic Risk at a table of three or more: whether an attack on `to` (started
    /// or pressed on) leaves this seat above the weakest rival, as players who prey
    /// on the weak count, when it stands above now. Taken, `to` costs about its
    /// armies on each side, and the turn's first capture a card. Three rivals who all
    /// prey on the weakest put it out in a few rounds, while one that stays off the
    /// bottom watches them wear each other down. After [`QUIET_TURNS_AT_MOST`] turns
    /// without a capture it takes its card all the same: staying off the bottom must
    /// not become a stall.
    fn stays_off_the_bottom(&self, r: &Reading<'_, '_>, to: TerritoryId) -> bool {
        if self.quiet_turns >= QUIET_TURNS_AT_MOST {
            return true;
        }
        match r.weakest_margin(0, 0, None) {
            Some(now) if now > 0 => {
                let defenders = r.armies(to);
                let card = usize::from(!self.captured(r));
                let victim = r.sight.owner(to).map(|o| (o, defenders));
                r.weakest_margin(defenders, card, victim)
                    .is_some_and(|after| after > 0)
            }
            _ => true,
        }
    }

    /// Between attacks: cards, hidden armies, empty land, then the plan's attacks.
    fn turn_action(&self, r: &Reading<'_, '_>, legal: &LegalActions) -> Action {
        if let Some(action) = self.cards(r, legal) {
            return action;
        }
        if let Some(action) = occupy(r, legal) {
            return action;
        }
        let routes: Vec<Route> = legal
            .choices
            .iter()
            .flat_map(|c| match c {
                Choice::Attack { routes } => routes.as_slice(),
                _ => &[],
            })
            .copied()
            .filter(|route| !self.stopped.contains(&(route.from, route.to)))
            .collect();
        let attack = |route: &Route| Action::Attack {
            from: route.from,
            to: route.to,
        };
        let best = |keep: &dyn Fn(&Route) -> bool, at: f64| -> Option<Route> {
            routes
                .iter()
                .filter(|route| keep(route) && self.stays_off_the_bottom(r, route.to))
                .map(|route| (route, self.spared_odds(r, route.from, route.to)))
                .filter(|(_, p)| *p >= at)
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.to.cmp(&a.0.to)))
                .map(|(route, _)| *route)
        };
        // A castle within reach ends a seat (and brings its cards and banners).
        if let Some(route) = best(&|route| r.is_castle(route.to), 0.5) {
            return attack(&route);
        }
        if let Some(action) = self.castle_by_sea(r, legal) {
            return action;
        }
        // The plan's way forward.
        if let Some(path) = self.target_path(r) {
            let first = path.steps[0];
            if let Some(route) = best(&|route| route.to == first, self.plan.press) {
                return attack(&route);
            }
        }
        let captured = r.classic && self.captured(r);
        match self.plan.intent {
            Intent::Sweep => {
                if let Some(route) = best(&|_| true, self.plan.press) {
                    return attack(&route);
                }
            }
            Intent::Guard => {
                if let Some(route) = best(&|_| true, 0.9) {
                    return attack(&route);
                }
            }
            _ => {}
        }
        // Classic Risk: no turn without its card when a fair attack gives one.
        if r.classic
            && !captured
            && let Some(route) = best(&|_| true, 0.5)
        {
            return attack(&route);
        }
        // A won position is pressed: the strongest never sits still.
        if r.dominant()
            && !self.captured(r)
            && let Some(route) = best(&|_| true, 0.45)
        {
            return attack(&route);
        }
        Action::EndTurn
    }

    /// Castle Risk's cards between attacks: Reinforcements when the plan or the
    /// castle wants them (and never too many held), a Diplomat on whoever threatens
    /// the castle, hidden armies where they help, a Spy with a Spy to spare.
    fn cards(&self, r: &Reading<'_, '_>, legal: &LegalActions) -> Option<Action> {
        let castle_danger = r
            .castle()
            .is_some_and(|c| r.fall_chance(c, r.armies(c)) > self.plan.risk);
        for choice in &legal.choices {
            match choice {
                Choice::PlayReinforcements { max_cards } => {
                    let held = r.sight.hand().count(Card::Reinforcements);
                    let cards = if self.plan.reinforce || castle_danger || r.sight.track() >= 8 {
                        *max_cards
                    } else {
                        held.saturating_sub(MOST_REINFORCEMENTS_HELD)
                            .min(*max_cards)
                    };
                    if cards > 0 {
                        return Some(Action::PlayReinforcements { cards });
                    }
                }
                Choice::PlayDiplomat { targets } if castle_danger => {
                    let castle = r.castle()?;
                    let menace = targets
                        .iter()
                        .copied()
                        .filter(|&s| !matches!(self.plan.intent, Intent::Hunt(h) if h == s))
                        .max_by_key(|&s| (seat_threat_to(r, s, castle), Reverse(s)))?;
                    if seat_threat_to(r, menace, castle) > 0 {
                        return Some(Action::PlayDiplomat { target: menace });
                    }
                }
                Choice::PlaySpy { targets } if r.sight.hand().count(Card::Spy) >= 2 => {
                    if let Some(target) = targets
                        .iter()
                        .copied()
                        .filter(|&s| r.sight.hand_size(s) >= 3)
                        .max_by_key(|&s| (r.sight.hand_size(s), Reverse(s)))
                    {
                        return Some(Action::PlaySpy { target });
                    }
                }
                Choice::RevealHiddenArmies {
                    territories,
                    armies,
                } if *armies > 0 => {
                    let worth = *armies >= 6 || r.sight.track_full() || castle_danger;
                    if worth {
                        let territory = territories
                            .iter()
                            .copied()
                            .max_by_key(|&t| {
                                (Some(t) == r.castle(), r.threat(t), r.armies(t), Reverse(t))
                            })
                            .expect("a territory to reveal on");
                        return Some(Action::RevealHiddenArmies { territory });
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// An attack by sea on a rival castle at good odds, with armies its own castle can
    /// spare.
    fn castle_by_sea(&self, r: &Reading<'_, '_>, legal: &LegalActions) -> Option<Action> {
        legal
            .choices
            .iter()
            .flat_map(|c| match c {
                Choice::AdmiralAttack { routes } => routes.as_slice(),
                _ => &[],
            })
            .filter(|route| r.is_castle(route.to))
            .map(|route| {
                let aboard = self.spare(r, route.from).min(route.max_armies);
                (route, aboard, r.odds(aboard, r.armies(route.to), true))
            })
            .filter(|&(_, aboard, p)| aboard > 0 && p >= 0.6)
            .max_by(|a, b| a.2.total_cmp(&b.2))
            .map(|(route, aboard, _)| Action::AdmiralAttack {
                from: route.from,
                to: route.to,
                armies: aboard,
            })
    }

    /// After a capture: on along the plan's way with everything that may go; the
    /// least when nothing lies ahead; else shared by the threats on each side.
    fn move_in(
        &self,
        r: &Reading<'_, '_>,
        from: TerritoryId,
        to: TerritoryId,
        min: u32,
        max: u32,
    ) -> u32 {
        let spare = self.spare(r, from);
        let most = max.min(spare).max(min);
        let enemies_ahead = r.neighbours(to).iter().any(|&n| r.is_target(n));
        if !enemies_ahead {
            return min;
        }
        let onward = self
            .target_path(r)
            .is_some_and(|p| r.neighbours(to).contains(&p.steps[0]));
        if onward || r.threat(from) == 0 || matches!(self.plan.intent, Intent::Sweep) {
            return most;
        }
        // Both sides face enemies: shared by the largest threat next to each.
        let behind = r.threat(from);
        let ahead = r
            .neighbours(to)
            .iter()
            .filter(|&&n| r.is_target(n))
            .map(|&n| r.armies(n).saturating_sub(1))
            .max()
            .unwrap_or(0);
        let total = most;
        let share =
            (u64::from(total) * u64::from(ahead) / u64::from((ahead + behind).max(1))) as u32;
        share.clamp(min, most)
    }
}

/// Where a plan's armies gather.
enum Focus {
    /// Everything on this territory.
    On(TerritoryId),
    /// Classic Risk's card: enough on `from` for a sure capture, the rest guarding.
    Card { from: TerritoryId, enough: u32 },
}

/// Placements merged by territory, none empty, all on `territories`.
fn merge(placements: Vec<Placement>, territories: &[TerritoryId]) -> Vec<Placement> {
    let mut out: Vec<Placement> = Vec::with_capacity(placements.len());
    for p in placements.into_iter().filter(|p| p.armies > 0) {
        debug_assert!(territories.contains(&p.territory));
        match out.iter_mut().find(|q| q.territory == p.territory) {
            Some(q) => q.armies += p.armies,
            None => out.push(p),
        }
    }
    out
}

/// The closing action of whatever is going on.
fn way_out(legal: &LegalActions) -> Option<Action> {
    legal.choices.iter().find_map(|choice| match choice {
        Choice::EndTurn => Some(Action::EndTurn),
        Choice::StopAttack => Some(Action::StopAttack),
        Choice::SkipFortify => Some(Action::SkipFortify),
        Choice::StopFilling => Some(Action::StopFilling),
        _ => None,
    })
}

/// Classic Risk: whether own `t` is a border of a continent this seat holds whole.
fn guarded_border(r: &Reading<'_, '_>, t: TerritoryId) -> bool {
    let board = r.sight.board();
    let g = board.territory(t).group;
    board.group(g).territories.iter().all(|&u| r.is_mine(u))
        && r.neighbours(t)
            .iter()
            .any(|&n| board.territory(n).group != g)
}

/// Classic Risk: armies the borders of held continents need, most valuable first:
/// every border of its only continent up to [`LAST_CONTINENT_RISK`], and under a
/// plan to guard, every border up to the plan's risk; but first every such border
/// out of [`OPEN_AT`]'s reach, so that a few armies close all of them before
/// making any one safer.
fn border_needs(r: &Reading<'_, '_>, plan: &Plan) -> Vec<(TerritoryId, u32)> {
    let held: Vec<_> = r
        .groups()
        .into_iter()
        .filter(|g| g.whole == Some(r.me) && g.bonus > 0)
        .collect();
    let risk = match (plan.intent, held.len()) {
        (Intent::Guard, _) => plan.risk.max(0.2),
        (_, 1) => LAST_CONTINENT_RISK,
        _ => return Vec::new(),
    };
    let borders: Vec<(u32, TerritoryId)> = held
        .iter()
        .flat_map(|g| g.borders.iter().map(move |&t| (g.bonus, t)))
        .filter(|&(_, t)| r.threat(t) > 0)
        .collect();
    // First every border out of reach of a blow at [`OPEN_AT`], then each up to the
    // plan's risk: a few armies must not make one border safe while another stays
    // open.
    let mut out = Vec::new();
    for pass in [OPEN_AT, risk] {
        let mut needs: Vec<(u32, TerritoryId, u32)> = borders
            .iter()
            .map(|&(bonus, t)| {
                let had = r.armies(t) + placed_on(&out, t);
                let need = if pass == OPEN_AT {
                    safe_defenders(r, t)
                } else {
                    r.guard(t, risk)
                };
                (bonus, t, need.saturating_sub(had))
            })
            .filter(|&(_, _, need)| need > 0)
            .collect();
        needs.sort_by_key(|&(bonus, t, need)| (Reverse(bonus), need, t));
        out.extend(needs.into_iter().map(|(_, t, need)| (t, need)));
    }
    out
}

/// Classic Risk: when the armies to place cannot close every open border of its
/// only continent but can with the turn's fortifying move, what that move can bring
/// to one border is left to it (to the border it helps most), so that the armies go
/// where no move can reach. The move comes from an own neighbour with no rival next
/// to it: it can neither attack nor be attacked this turn, so its armies are still
/// there to move when the turn ends, where the fortifying rail moves them.
fn leave_to_fortify(
    r: &Reading<'_, '_>,
    mut needs: Vec<(TerritoryId, u32)>,
    armies: u32,
) -> Vec<(TerritoryId, u32)> {
    let open = open_last_continent(r);
    let lacking: u32 = open.iter().map(|&(_, n)| n).sum();
    if lacking <= armies {
        return needs;
    }
    let movable = |t: TerritoryId| {
        r.neighbours(t)
            .iter()
            .copied()
            .filter(|&n| r.is_mine(n) && r.neighbours(n).iter().all(|&m| r.is_mine(m)))
            .map(|n| r.armies(n) - 1)
            .max()
            .unwrap_or(0)
    };
    let brought = open
        .iter()
        .map(|&(t, lacks)| (t, movable(t).min(lacks)))
        .filter(|&(_, n)| n > 0)
        .max_by_key(|&(t, n)| (n, Reverse(t)));
    // Only when the placement then closes every other border: else the one move is
    // wanted where a border stays open (it may come from land taken this turn), and
    // leaning on it left two borders open where placing the cheaper border's need
    // and moving into the other closed both (issue 22).
    if let Some((t, n)) = brought
        && lacking - n <= armies
        && let Some(first) = needs.iter_mut().find(|(u, _)| *u == t)
    {
        first.1 = first.1.saturating_sub(n);
    }
    needs
}

/// Armies `needs` already give `t`.
fn placed_on(needs: &[(TerritoryId, u32)], t: TerritoryId) -> u32 {
    needs.iter().filter(|(u, _)| *u == t).map(|(_, n)| n).sum()
}

/// The rest spread where the threats are worst: each army to the own territory whose
/// chance of falling it lowers most (the castle and continent borders first).
fn spread_to_threats(
    r: &Reading<'_, '_>,
    armies: u32,
    territories: &[TerritoryId],
    out: &mut Vec<Placement>,
) {
    if armies == 0 {
        return;
    }
    // Castle Risk: armies move only by attacking, so spread armies are lost to the
    // game; what no plan needs guards the castle.
    if !r.classic {
        let home = r
            .castle()
            .filter(|c| territories.contains(c))
            .or_else(|| strongest_front(r).filter(|t| territories.contains(t)))
            .unwrap_or(territories[0]);
        out.push(Placement::new(home, armies));
        return;
    }
    let threatened: Vec<TerritoryId> = territories
        .iter()
        .copied()
        .filter(|&t| r.threat(t) > 0)
        .collect();
    if threatened.is_empty() {
        let t = strongest_front(r)
            .filter(|t| territories.contains(t))
            .unwrap_or(territories[0]);
        out.push(Placement::new(t, armies));
        return;
    }
    let mut extra = vec![0u32; threatened.len()];
    let mut left = armies;
    // In chunks, so that large placements cost little.
    let chunk = (armies / 12).max(1);
    while left > 0 {
        let (i, _) = threatened
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let now = r.fall_chance(t, r.armies(t) + extra[i]);
                let weight = if Some(t) == r.castle() { 3.0 } else { 1.0 };
                (i, now * weight)
            })
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
            .expect("threatened territories");
        let n = chunk.min(left);
        extra[i] += n;
        left -= n;
    }
    for (i, &t) in threatened.iter().enumerate() {
        if extra[i] > 0 {
            out.push(Placement::new(t, extra[i]));
        }
    }
}

/// The own territory with the most armies next to an enemy.
fn strongest_front(r: &Reading<'_, '_>) -> Option<TerritoryId> {
    r.sight
        .board()
        .territory_ids()
        .filter(|&t| r.is_mine(t) && r.neighbours(t).iter().any(|&n| r.is_target(n)))
        .max_by_key(|&t| (r.armies(t), Reverse(t)))
}

/// Classic Risk's cheapest card: the weakest enemy territory next to own land, and
/// the strongest own neighbour to take it from (not a guarded border if avoidable).
fn card_attack(r: &Reading<'_, '_>) -> Option<(TerritoryId, TerritoryId)> {
    let board = r.sight.board();
    board
        .territory_ids()
        .filter(|&t| r.is_target(t))
        .filter_map(|to| {
            let from = r
                .neighbours(to)
                .iter()
                .copied()
                .filter(|&n| r.is_mine(n))
                .max_by_key(|&n| (!guarded_border(r, n), r.armies(n), Reverse(n)))?;
            Some((from, to))
        })
        .max_by(|a, b| {
            let p = |(from, to): (TerritoryId, TerritoryId)| {
                r.odds(
                    r.armies(from).saturating_sub(1),
                    r.armies(to),
                    r.is_castle(to),
                )
            };
            p(*a).total_cmp(&p(*b)).then(b.1.cmp(&a.1))
        })
}

/// The largest army of `seat` that could fall on `castle` (by land).
fn seat_threat_to(r: &Reading<'_, '_>, seat: Seat, castle: TerritoryId) -> u32 {
    r.neighbours(castle)
        .iter()
        .filter(|&&n| r.sight.owner(n) == Some(seat))
        .map(|&n| r.armies(n).saturating_sub(1))
        .max()
        .unwrap_or(0)
}

/// Empty land is free: taken from the strongest neighbour, keeping armies home where
/// enemies are near.
fn occupy(r: &Reading<'_, '_>, legal: &LegalActions) -> Option<Action> {
    legal.choices.iter().find_map(|choice| match choice {
        Choice::Occupy { routes } => routes
            .iter()
            .filter(|route| Some(route.from) != r.castle() || route.max_armies > 3)
            .max_by_key(|route| (route.max_armies, Reverse(route.from)))
            .map(|route| Action::Occupy {
                from: route.from,
                to: route.to,
                armies: if r.threat(route.from) > 0 {
                    1
                } else {
                    route.max_armies.div_ceil(2)
                },
            }),
        _ => None,
    })
}

/// Classic Risk: the set worth most, wild cards kept if possible, a card of a held
/// territory named first for its extra armies.
fn trade(r: &Reading<'_, '_>, sets: &[[TerritoryCard; 3]]) -> Action {
    let sight = r.sight;
    let held = |c: &TerritoryCard| sight.card_territory(*c).is_some_and(|t| r.is_mine(t));
    let wilds = |set: &[TerritoryCard; 3]| {
        set.iter()
            .filter(|&&c| sight.card_territory(c).is_none())
            .count()
    };
    let mut cards = *sets
        .iter()
        .max_by_key(|set| {
            (
                sight.set_value(set).unwrap_or(0),
                Reverse(wilds(set)),
                set.iter().any(held),
            )
        })
        .expect("a trade is offered only with a set");
    if let Some(i) = cards.iter().position(held) {
        cards.swap(0, i);
    }
    Action::TradeCards { cards }
}

/// The Castle Risk fortifying option and the classic move: from the largest army no
/// enemy can reach to the own territory most in danger (a continent's border first).
fn fortify(r: &Reading<'_, '_>, routes: &[Route], plan: &Plan) -> Action {
    let need = |t: TerritoryId| {
        let weight = if guarded_border(r, t) { 2.0 } else { 1.0 };
        weight * r.fall_chance(t, r.armies(t))
    };
    let best = routes
        .iter()
        .filter(|route| r.threat(route.from) == 0 && r.threat(route.to) > 0)
        .max_by(|a, b| {
            let worth = |route: &Route| f64::from(route.max_armies) * (0.2 + need(route.to));
            worth(a).total_cmp(&worth(b)).then(b.from.cmp(&a.from))
        });
    if let Some(route) = best {
        return Action::Fortify {
            from: route.from,
            to: route.to,
            armies: route.max_armies,
        };
    }
    // Nothing idle: from a safe surplus to a border in danger.
    let relief = routes
        .iter()
        .filter_map(|route| {
            let keep = r.guard(route.from, plan.risk.max(0.3));
            let spare = r
                .armies(route.from)
                .saturating_sub(keep)
                .min(route.max_armies);
            let gain = need(route.to) - r.fall_chance(route.to, r.armies(route.to) + spare);
            (spare > 0 && gain > 0.1).then_some((route, spare, gain))
        })
        .max_by(|a, b| a.2.total_cmp(&b.2));
    match relief {
        Some((route, spare, _)) => Action::Fortify {
            from: route.from,
            to: route.to,
            armies: spare,
        },
        None => Action::SkipFortify,
    }
}

/// Filling a fallen castle's land: next to its own, from the largest army that can
/// spare one (its castle only above its guard); the victor stops rather than thin
/// out what guards it.
fn fill(
    r: &Reading<'_, '_>,
    legal: &LegalActions,
    territories: &[TerritoryId],
    sources: &[TerritoryId],
    risk: f64,
) -> Action {
    let can_stop = legal
        .choices
        .iter()
        .any(|c| matches!(c, Choice::StopFilling));
    let spare = |t: TerritoryId| -> u32 {
        if Some(t) == r.castle() {
            r.spare(t, risk)
        } else {
            r.armies(t).saturating_sub(r.guard(t, 0.5).max(1))
        }
    };
    let source = sources
        .iter()
        .copied()
        .max_by_key(|&t| (spare(t), Some(t) != r.castle(), r.armies(t), Reverse(t)));
    let Some(from) = source else {
        return Action::StopFilling;
    };
    if can_stop && spare(from) == 0 {
        return Action::StopFilling;
    }
    // A forced fill still spares the castle while anything else can give.
    let from = if Some(from) == r.castle() && spare(from) == 0 {
        sources
            .iter()
            .copied()
            .filter(|&t| Some(t) != r.castle())
            .max_by_key(|&t| (r.armies(t), Reverse(t)))
            .unwrap_or(from)
    } else {
        from
    };
    let territory = territories
        .iter()
        .copied()
        .max_by_key(|&t| {
            let own = r.neighbours(t).iter().filter(|&&n| r.is_mine(n)).count();
            (own, Reverse(t))
        })
        .expect("a vacated territory");
    Action::FillVacated { territory, from }
}

/// Defending: hidden armies out first if there are any, the most dice, a Marshall
/// for the castle.
fn defend(r: &Reading<'_, '_>, legal: &LegalActions, max_dice: u8, marshall: bool) -> Action {
    for choice in &legal.choices {
        if let Choice::RevealHiddenArmies {
            territories,
            armies,
        } = choice
            && *armies > 0
        {
            return Action::RevealHiddenArmies {
                territory: territories[0],
            };
        }
    }
    let castle_attacked = matches!(
        r.sight.pending().map(|p| p.decision),
        Some(Decision::Defend { territory, .. }) if Some(territory) == r.castle()
    );
    Action::Defend {
        dice: max_dice,
        marshall: marshall && castle_attacked,
    }
}

// --- Setup ---

/// A castle deep inside its empire, away from other castles and other empires.
fn castle_site(r: &Reading<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
    let board = r.sight.board();
    *territories
        .iter()
        .max_by_key(|&&t| {
            let group = board.territory(t).group;
            let mut worth = 0i64;
            for &n in r.neighbours(t) {
                worth += if board.territory(n).group == group {
                    1
                } else {
                    -3
                };
                if r.sight.castle_at(n).is_some() {
                    worth -= 4;
                }
            }
            if !board.territory(t).seas.is_empty() {
                worth -= 2;
            }
            (worth, Reverse(t))
        })
        .expect("a site")
}

/// Claims: its castle's empire, then the group it can most easily make its own (the
/// most of it held, the least left to others), next to its own land.
fn claim(r: &Reading<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
    claims_ranked(r, territories)[0]
}

/// Unclaimed territories, the best claim first (see [`claim`]).
pub fn claims_ranked(r: &Reading<'_, '_>, territories: &[TerritoryId]) -> Vec<TerritoryId> {
    let board = r.sight.board();
    let home = r.castle().map(|c| board.territory(c).group);
    let groups = r.groups();
    let worth = |t: TerritoryId| {
        let g = &groups[board.territory(t).group.index()];
        let others = g
            .territories
            .iter()
            .filter(|&&u| r.sight.owner(u).is_some_and(|o| o != r.me))
            .count() as i64;
        let own_next = r.neighbours(t).iter().filter(|&&n| r.is_mine(n)).count() as i64;
        let size = g.territories.len() as i64;
        8 * i64::from(home == Some(g.id)) + 4 * g.held as i64 - 3 * others + 2 * own_next - size / 2
            + i64::from(g.bonus)
    };
    let mut ranked: Vec<TerritoryId> = territories.to_vec();
    ranked.sort_by_key(|&t| (Reverse(worth(t)), t));
    ranked
}

/// Hidden armies under its own land by its castle (never on it), where they will be
/// there to bring out.
fn hiding_place(r: &Reading<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
    let castle = r.castle();
    *territories
        .iter()
        .max_by_key(|&&t| {
            let by_castle = castle.is_some_and(|c| r.sight.board().are_adjacent(c, t));
            let own = r.neighbours(t).iter().filter(|&&n| r.is_mine(n)).count();
            (r.is_mine(t), by_castle, own, Reverse(t))
        })
        .expect("somewhere to hide")
}

/// Starting armies: the castle's guard, then the group it is making its own (its
/// borders in danger first, then where the rest of it is taken from).
fn setup_placements(
    r: &Reading<'_, '_>,
    armies: u32,
    territories: &[TerritoryId],
) -> Vec<Placement> {
    let mut left = armies;
    let mut out = Vec::new();
    if let Some(castle) = r.castle().filter(|c| territories.contains(c)) {
        let need = r
            .guard(castle, 0.15)
            .saturating_sub(r.armies(castle))
            .min(left);
        if need > 0 {
            out.push(Placement::new(castle, need));
            left -= need;
        }
    }
    if left == 0 {
        return out;
    }
    // The group it holds most of (by share), and its most exposed own territory.
    let groups = r.groups();
    let board = r.sight.board();
    let main = groups.iter().filter(|g| g.held > 0).max_by(|a, b| {
        let share = |g: &super::reading::Group| g.held as f64 / g.territories.len() as f64;
        share(a).total_cmp(&share(b)).then(b.id.cmp(&a.id))
    });
    let spot = main
        .and_then(|g| {
            g.territories
                .iter()
                .copied()
                .filter(|t| territories.contains(t))
                .filter(|&t| r.neighbours(t).iter().any(|&n| r.is_target(n)))
                .max_by_key(|&t| {
                    let inside_enemy = r
                        .neighbours(t)
                        .iter()
                        .any(|&n| r.is_target(n) && board.territory(n).group == g.id);
                    let deficit = i64::from(r.threat(t)) - i64::from(r.armies(t));
                    (inside_enemy, deficit, Reverse(t))
                })
        })
        .or_else(|| strongest_front(r).filter(|t| territories.contains(t)))
        .unwrap_or(territories[0]);
    out.push(Placement::new(spot, left));
    out
}

/// Classic setup: the largest stack next to an enemy that no enemy next to it
/// outnumbers by more: one army that survives the first blow and strikes back.
fn safe_stack(r: &Reading<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
    territories
        .iter()
        .copied()
        .filter(|&t| r.neighbours(t).iter().any(|&n| r.is_target(n)))
        .max_by_key(|&t| (i64::from(r.armies(t)) - i64::from(r.threat(t)), Reverse(t)))
        .unwrap_or(territories[0])
}

/// Classic Risk: the continent it holds whole when it holds only one.
pub fn last_continent(r: &Reading<'_, '_>) -> Option<Vec<TerritoryId>> {
    let mut held = r
        .groups()
        .into_iter()
        .filter(|g| g.whole == Some(r.me) && g.bonus > 0);
    let continent = held.next()?;
    held.next().is_none().then_some(continent.territories)
}

/// The fewest armies that keep own territory `t` from falling at [`OPEN_AT`] or
/// more to the largest rival army next to it.
pub fn safe_defenders(r: &Reading<'_, '_>, t: TerritoryId) -> u32 {
    let threat = r
        .neighbours(t)
        .iter()
        .filter(|&&n| {
            r.sight
                .owner(n)
                .is_some_and(|o| o != r.me && !r.sight.is_neutral(o) && !r.sight.in_truce(r.me, o))
        })
        .map(|&n| r.armies(n).saturating_sub(1))
        .max()
        .unwrap_or(0);
    fewest_holding(threat, |defenders| {
        r.odds(threat, defenders, false) < OPEN_AT
    })
}

/// Classic Risk: whether own territory `t` lies in its only whole continent (with a
/// bonus). Cheaper than [`last_continent`]: nothing is collected.
pub fn in_last_continent(r: &Reading<'_, '_>, t: TerritoryId) -> bool {
    let board = r.sight.board();
    let whole = |g: crate::board::GroupId| {
        let group = board.group(g);
        group.bonus > 0
            && !group.territories.is_empty()
            && group.territories.iter().all(|&u| r.is_mine(u))
    };
    let own = board.territory(t).group;
    whole(own) && !board.group_ids().any(|g| g != own && whole(g))
}

/// Classic Risk: the territories of its only whole continent open at [`OPEN_AT`],
/// with the armies each lacks.
pub fn open_last_continent(r: &Reading<'_, '_>) -> Vec<(TerritoryId, u32)> {
    last_continent(r)
        .unwrap_or_default()
        .into_iter()
        .filter_map(|t| {
            let safe = safe_defenders(r, t);
            (safe > r.armies(t)).then(|| (t, safe - r.armies(t)))
        })
        .collect()
}
