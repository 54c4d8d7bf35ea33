//! The exact odds of a whole attack: the probability of every end state, by dynamic
//! programming over (attacking armies, defending armies, General still committed,
//! Marshall still committed).
//!
//! Every roll removes one or two armies and never brings any back, so the states can be
//! visited in order of attacking armies falling and, within those, defending armies
//! falling: by the time a state is expanded, all the probability that can reach it has
//! arrived. A roll costs the attacker at most 2 armies, so only three rows of attacking
//! armies are ever live and the memory stays linear in the defenders.

use serde::{Deserialize, Serialize};

use super::roll::{
    MAX_ATTACKER_DICE, MAX_ATTACKER_DICE_AGAINST_CASTLE, attacker_dice_at_most, defender_dice,
    roll_distribution,
};
use super::{MAX_ARMIES, MAX_WORK, OddsError};
use crate::battle::RollModifiers;

/// How the attack is fought.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OddsOptions {
    /// The defended territory holds a castle: the attacker rolls at most 2 dice (or
    /// `castle_dice_limit`).
    pub castle: bool,
    /// With `castle`, the most dice the attacker rolls against it when a variant
    /// changes the rulebook's 2 (ruling 15, option); `None` is the rulebook's.
    pub castle_dice_limit: Option<u8>,
    /// A General is committed at the first roll (+1 to the attacker's high die). Once
    /// lost it stays lost: the odds assume the attacker commits no other.
    pub general: bool,
    /// A Marshall is committed at the first roll (+1 to the defender's high die) and
    /// kept until the attacker wins a comparison of high dice (ruling 13).
    pub marshall: bool,
    /// House rule: the General is lost only to a strictly higher defending die (ruling 12).
    pub lenient_general: bool,
    /// The attack comes by sea (ruling 14): the armies on board fight until one side
    /// is gone, and `stop_at` is ignored.
    pub admiral: bool,
    /// The attacker stops as soon as the attacking armies are down to this many or
    /// fewer (and not yet all lost). `None` (or `Some(0)`) fights to the end.
    pub stop_at: Option<u32>,
}

impl OddsOptions {
    /// The most dice the attacker may roll in this battle.
    fn attacker_dice_cap(&self) -> u8 {
        if self.castle {
            self.castle_dice_limit
                .unwrap_or(MAX_ATTACKER_DICE_AGAINST_CASTLE)
        } else {
            MAX_ATTACKER_DICE
        }
    }

    /// The number of attacking armies at or below which the attack stops; 0 fights on.
    fn threshold(&self) -> u32 {
        if self.admiral {
            0
        } else {
            self.stop_at.unwrap_or(0)
        }
    }
}

/// How an attack ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndState {
    /// The defenders are all gone; `survivors` attacking armies are left to move in.
    AttackerWon { survivors: u32 },
    /// Every attacking army is lost; the territory holds `defenders_left` armies.
    DefenderHeld { defenders_left: u32 },
    /// The attacker reached the `stop_at` threshold and stopped.
    AttackerStopped {
        attackers_left: u32,
        defenders_left: u32,
    },
}

/// The exact distribution over the end states of one attack, with summaries.
///
/// Probabilities are `f64`; each sums the exact single-roll probabilities along every
/// path, so they are exact up to floating-point rounding.
#[derive(Clone, Debug, PartialEq)]
pub struct Odds {
    attackers: u32,
    defenders: u32,
    options: OddsOptions,
    /// Indexed by survivors; index 0 is never reached.
    attacker_won: Vec<f64>,
    /// Indexed by defenders left; index 0 only when there were no attackers at all.
    defender_held: Vec<f64>,
    /// (attackers left, defenders left, probability), sorted, zero-probability states left out.
    attacker_stopped: Vec<(u32, u32, f64)>,
    general_lost: f64,
    marshall_lost: f64,
}

/// The exact odds of an attack by `attackers` armies (the army that must stay behind is
/// not counted) on a territory held by `defenders`, fought until one side is gone or the
/// attacker reaches `options.stop_at`.
///
/// The attacker always rolls the most dice allowed, `min(3, attackers)` (2 at most
/// against a castle), and the defender `min(2, defenders)`. With no attackers the
/// defender holds; with no defenders the attacker has won.
///
/// The work grows with `attackers × defenders` (1000 against 1000 takes milliseconds;
/// see [`odds_work`]): either side above [`MAX_ARMIES`], or work above [`MAX_WORK`]
/// (about a second), is refused rather than ground through.
pub fn odds(attackers: u32, defenders: u32, options: OddsOptions) -> Result<Odds, OddsError> {
    if let Some(limit) = options.castle_dice_limit.filter(|_| options.castle)
        && !(1..=MAX_ATTACKER_DICE).contains(&limit)
    {
        return Err(OddsError::CastleDiceLimit(limit));
    }
    if attackers > MAX_ARMIES {
        return Err(OddsError::TooManyAttackers {
            armies: attackers,
            limit: MAX_ARMIES,
        });
    }
    if defenders > MAX_ARMIES {
        return Err(OddsError::TooManyDefenders {
            armies: defenders,
            limit: MAX_ARMIES,
        });
    }
    let work = odds_work(attackers, defenders, options);
    if work > MAX_WORK {
        return Err(OddsError::TooMuchWork {
            attackers,
            defenders,
            card_states: card_states(options) as u64,
            work,
            limit: MAX_WORK,
        });
    }
    Ok(Battle::new(attackers, defenders, options).solve())
}

/// The work [`odds`] would do for this battle, as it is measured against
/// [`MAX_WORK`]: attackers × defenders × the states of the committed cards.
pub fn odds_work(attackers: u32, defenders: u32, options: OddsOptions) -> u64 {
    u64::from(attackers) * u64::from(defenders) * card_states(options) as u64
}

fn card_states(options: OddsOptions) -> usize {
    CardStates {
        general: options.general,
        marshall: options.marshall,
    }
    .count()
}

impl Odds {
    /// Attacking armies at the start (the army left behind not counted).
    pub fn attackers(&self) -> u32 {
        self.attackers
    }

    /// Defending armies at the start.
    pub fn defenders(&self) -> u32 {
        self.defenders
    }

    /// How the attack was fought.
    pub fn options(&self) -> OddsOptions {
        self.options
    }

    /// Every end state that can happen, with its probability: wins by survivors,
    /// then holds by defenders left, then stops, each in increasing order.
    pub fn end_states(&self) -> impl Iterator<Item = (EndState, f64)> + '_ {
        let won = self.attacker_won.iter().enumerate().map(|(k, &p)| {
            let survivors = k as u32;
            (EndState::AttackerWon { survivors }, p)
        });
        let held = self.defender_held.iter().enumerate().map(|(j, &p)| {
            let defenders_left = j as u32;
            (EndState::DefenderHeld { defenders_left }, p)
        });
        let stopped = self.attacker_stopped.iter().map(|&(k, j, p)| {
            let state = EndState::AttackerStopped {
                attackers_left: k,
                defenders_left: j,
            };
            (state, p)
        });
        won.chain(held).chain(stopped).filter(|&(_, p)| p > 0.0)
    }

    /// The probability of one end state (0 for states that cannot happen).
    pub fn probability(&self, state: EndState) -> f64 {
        let at = |v: &[f64], i: u32| v.get(i as usize).copied().unwrap_or(0.0);
        match state {
            EndState::AttackerWon { survivors } => at(&self.attacker_won, survivors),
            EndState::DefenderHeld { defenders_left } => at(&self.defender_held, defenders_left),
            EndState::AttackerStopped {
                attackers_left,
                defenders_left,
            } => self
                .attacker_stopped
                .binary_search_by_key(&(attackers_left, defenders_left), |&(k, j, _)| (k, j))
                .map_or(0.0, |i| self.attacker_stopped[i].2),
        }
    }

    /// The probability that the attacker takes the territory.
    pub fn attacker_win_probability(&self) -> f64 {
        self.attacker_won.iter().sum()
    }

    /// The probability that every attacking army is lost.
    pub fn defender_hold_probability(&self) -> f64 {
        self.defender_held.iter().sum()
    }

    /// The probability that the attacker stops at the threshold.
    pub fn stop_probability(&self) -> f64 {
        self.attacker_stopped.iter().map(|&(_, _, p)| p).sum()
    }

    /// Attacking armies expected to be left at the end (0 when the defender holds).
    pub fn expected_attacker_survivors(&self) -> f64 {
        self.end_states()
            .map(|(state, p)| match state {
                EndState::AttackerWon { survivors: k }
                | EndState::AttackerStopped {
                    attackers_left: k, ..
                } => f64::from(k) * p,
                EndState::DefenderHeld { .. } => 0.0,
            })
            .sum()
    }

    /// Defending armies expected to be left at the end (0 when the attacker wins).
    pub fn expected_defender_survivors(&self) -> f64 {
        self.end_states()
            .map(|(state, p)| match state {
                EndState::DefenderHeld { defenders_left: j }
                | EndState::AttackerStopped {
                    defenders_left: j, ..
                } => f64::from(j) * p,
                EndState::AttackerWon { .. } => 0.0,
            })
            .sum()
    }

    /// The probability that the committed General is lost during the attack (0 without one).
    pub fn general_loss_probability(&self) -> f64 {
        self.general_lost
    }

    /// The probability that the committed Marshall is lost during the attack (0 without one).
    pub fn marshall_loss_probability(&self) -> f64 {
        self.marshall_lost
    }
}

/// Which of the committed cards are still in play. States are numbered from 0 (every
/// committed card still in play) and only the combinations the options can reach get a
/// number, so an attack without cards has one state per cell and pays nothing for them.
#[derive(Copy, Clone)]
struct CardStates {
    general: bool,
    marshall: bool,
}

impl CardStates {
    fn count(self) -> usize {
        (1 + usize::from(self.general)) * (1 + usize::from(self.marshall))
    }

    fn index(self, general_alive: bool, marshall_alive: bool) -> usize {
        let general_gone = usize::from(self.general && !general_alive);
        let marshall_gone = usize::from(self.marshall && !marshall_alive);
        general_gone * (1 + usize::from(self.marshall)) + marshall_gone
    }

    fn general_alive(self, state: usize) -> bool {
        self.general && state / (1 + usize::from(self.marshall)) == 0
    }

    fn marshall_alive(self, state: usize) -> bool {
        self.marshall && state.is_multiple_of(1 + usize::from(self.marshall))
    }
}

/// One way a roll can go from a given card state, with its probability.
#[derive(Copy, Clone)]
struct Step {
    attacker_losses: usize,
    defender_losses: usize,
    next_cards: usize,
    probability: f64,
}

/// A step as seen from one row: where its probability goes, as an offset (modulo
/// `usize`) from the cell it leaves, and how much of it.
#[derive(Copy, Clone)]
struct Jump {
    offset: usize,
    probability: f64,
}

/// The steps of every kind of roll from every card state, as f64, for one set of options.
struct StepTable {
    cards: usize,
    /// Start and end in `steps` for each (attacker dice, defender dice, card state).
    ranges: Vec<(usize, usize)>,
    steps: Vec<Step>,
}

impl StepTable {
    fn new(cards: CardStates, lenient_general: bool) -> Self {
        let mut ranges = Vec::new();
        let mut steps: Vec<Step> = Vec::new();
        for att_dice in 1..=3u8 {
            for def_dice in 1..=2u8 {
                for state in 0..cards.count() {
                    let modifiers = RollModifiers {
                        general: cards.general_alive(state),
                        marshall: cards.marshall_alive(state),
                        lenient_general,
                    };
                    let roll = roll_distribution(att_dice, def_dice, modifiers)
                        .expect("1 to 3 against 1 or 2 dice is always a roll");
                    let start = steps.len();
                    for counted in roll.outcomes() {
                        let o = counted.outcome;
                        let step = Step {
                            attacker_losses: usize::from(o.attacker_losses),
                            defender_losses: usize::from(o.defender_losses),
                            next_cards: cards.index(
                                modifiers.general && !o.general_lost,
                                modifiers.marshall && !o.marshall_lost,
                            ),
                            probability: f64::from(counted.count) / f64::from(roll.total()),
                        };
                        // Outcomes that differ only in a card nobody holds lead to the
                        // same state: merge them so the inner loop does less.
                        match steps[start..].iter_mut().find(|s| {
                            (s.attacker_losses, s.defender_losses, s.next_cards)
                                == (step.attacker_losses, step.defender_losses, step.next_cards)
                        }) {
                            Some(same) => same.probability += step.probability,
                            None => steps.push(step),
                        }
                    }
                    ranges.push((start, steps.len()));
                }
            }
        }
        Self {
            cards: cards.count(),
            ranges,
            steps,
        }
    }

    fn steps(&self, att_dice: u8, def_dice: u8, state: usize) -> &[Step] {
        let kind = usize::from(att_dice - 1) * 2 + usize::from(def_dice - 1);
        let (start, end) = self.ranges[kind * self.cards + state];
        &self.steps[start..end]
    }
}

/// One attack being solved.
struct Battle {
    attackers: usize,
    defenders: usize,
    options: OddsOptions,
    cards: CardStates,
}

/// Rows of attacking armies kept live: a roll costs the attacker 0, 1 or 2 armies.
const LIVE_ROWS: usize = 3;

/// Probability below which a cell is not expanded: far below anything shown, and above
/// the subnormal numbers that would slow the arithmetic down.
const NEGLIGIBLE: f64 = 1e-300;

impl Battle {
    fn new(attackers: u32, defenders: u32, options: OddsOptions) -> Self {
        Self {
            attackers: attackers as usize,
            defenders: defenders as usize,
            options,
            cards: CardStates {
                general: options.general,
                marshall: options.marshall,
            },
        }
    }

    fn solve(&self) -> Odds {
        let mut odds = Odds {
            attackers: self.attackers as u32,
            defenders: self.defenders as u32,
            options: self.options,
            attacker_won: vec![0.0; self.attackers + 1],
            defender_held: vec![0.0; self.defenders + 1],
            attacker_stopped: Vec::new(),
            general_lost: 0.0,
            marshall_lost: 0.0,
        };
        if self.attackers == 0 {
            odds.defender_held[self.defenders] = 1.0;
            return odds;
        }
        if self.defenders == 0 {
            odds.attacker_won[self.attackers] = 1.0;
            return odds;
        }

        let table = StepTable::new(self.cards, self.options.lenient_general);
        let states = self.cards.count();
        // One row holds every (defenders, card state) cell for a number of attackers.
        let row_len = (self.defenders + 1) * states;
        let row_start = |attackers: usize| (attackers % LIVE_ROWS) * row_len;
        let cell = |defenders: usize, state: usize| defenders * states + state;
        let threshold = self.options.threshold() as usize;

        let mut mass = vec![0.0f64; LIVE_ROWS * row_len];
        let mut jumps: Vec<Jump> = Vec::new();
        let mut jump_ranges = vec![(0, 0); 2 * states];
        mass[row_start(self.attackers) + cell(self.defenders, 0)] = 1.0;

        for a in (1..=self.attackers).rev() {
            let row = row_start(a);
            if a <= threshold {
                // Nothing is rolled from here: whatever reached the row has stopped.
                for d in 1..=self.defenders {
                    let here = &mass[row + cell(d, 0)..row + cell(d + 1, 0)];
                    let p = self.settle(here, &mut odds);
                    if p > 0.0 {
                        odds.attacker_stopped.push((a as u32, d as u32, p));
                    }
                }
            } else {
                // Every cell of the row rolls the same attacking dice, so the steps
                // can be turned into plain index offsets once per row.
                let att_dice = attacker_dice_at_most(a as u32, self.options.attacker_dice_cap());
                jumps.clear();
                for def_dice in 1..=2u8 {
                    for state in 0..states {
                        let start = jumps.len();
                        for step in table.steps(att_dice, def_dice, state) {
                            let to = row_start(a - step.attacker_losses) + step.next_cards;
                            let from = row + step.defender_losses * states + state;
                            jumps.push(Jump {
                                offset: to.wrapping_sub(from),
                                probability: step.probability,
                            });
                        }
                        jump_ranges[usize::from(def_dice - 1) * states + state] =
                            (start, jumps.len());
                    }
                }
                // Defenders falling: the steps that stay in this row go to cells
                // not yet visited.
                for d in (1..=self.defenders).rev() {
                    let kind = usize::from(defender_dice(d as u32) - 1) * states;
                    for state in 0..states {
                        let from = row + cell(d, state);
                        let p = mass[from];
                        if p < NEGLIGIBLE {
                            // Far out in the tails the mass underflows into subnormal
                            // numbers, which the processor handles many times slower;
                            // dropping it changes no figure by more than 1e-290.
                            continue;
                        }
                        let (start, end) = jump_ranges[kind + state];
                        for jump in &jumps[start..end] {
                            mass[from.wrapping_add(jump.offset)] += p * jump.probability;
                        }
                    }
                }
            }
            // The defenders are gone: the attacker has won with `a` armies.
            let won = self.settle(&mass[row..row + states], &mut odds);
            odds.attacker_won[a] = won;
            // The row is done; clear it for the row three below, which reuses its space.
            mass[row..row + row_len].fill(0.0);
        }

        // No attacking armies left: the defender has held.
        let row = row_start(0);
        for d in 1..=self.defenders {
            let here = &mass[row + cell(d, 0)..row + cell(d + 1, 0)];
            odds.defender_held[d] = self.settle(here, &mut odds);
        }
        odds.attacker_stopped.sort_by_key(|&(k, j, _)| (k, j));
        odds
    }

    /// Ends the attack in one cell: adds the loss of each card to the odds and returns
    /// the cell's total probability, whatever became of the cards.
    fn settle(&self, by_cards: &[f64], odds: &mut Odds) -> f64 {
        let mut total = 0.0;
        for (state, &p) in by_cards.iter().enumerate() {
            if self.options.general && !self.cards.general_alive(state) {
                odds.general_lost += p;
            }
            if self.options.marshall && !self.cards.marshall_alive(state) {
                odds.marshall_lost += p;
            }
            total += p;
        }
        total
    }
}
