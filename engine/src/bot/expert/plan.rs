//! The plans the Expert weighs for a turn: what the turn is for (an [`Intent`]: a
//! continent or empire to take, a rival's to break, a seat to hunt, a card to earn,
//! everything to sweep, or its own land to guard) and how it goes about it (whether to
//! trade a set or play its Reinforcements now, how safe its castle must stay, how long
//! it presses an attack). The candidates are drawn from the ruleset's way to win:
//! continents, cards and eliminations in classic Risk; castles, empires, banners and
//! Reinforcement timing in Castle Risk.

use crate::board::GroupId;
use crate::game::{Card, Choice, LegalActions, Seat};

use super::reading::Reading;

/// What a turn is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Take this group (continent, empire, region), or hold it if it is whole.
    Take(GroupId),
    /// Take a territory of a rival's whole group, so that its bonus stops.
    Break(GroupId),
    /// Eliminate this seat: its castle (Castle Risk), or all its land (classic).
    Hunt(Seat),
    /// Destroy the enemy army on this territory: a stack that threatens or sweeps.
    Strike(crate::board::TerritoryId),
    /// Classic Risk: earn the turn's card at the least cost, guard the rest.
    Card,
    /// Attack everything beatable, the most promising first.
    Sweep,
    /// Guard its castle and borders; attack only at very good odds.
    Guard,
}

/// One way to play a turn.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Plan {
    pub intent: Intent,
    /// Classic Risk: trade a set now even when not forced to.
    pub trade: bool,
    /// Castle Risk: play every Reinforcement card now (else keep them for higher
    /// numbers of the track, unless the castle needs them).
    pub reinforce: bool,
    /// The chance of losing its castle (classic: a border of a continent it holds)
    /// it accepts when it places armies and attacks from there.
    pub risk: f64,
    /// The odds below which an attack is not started or not pressed on.
    pub press: f64,
}

impl Plan {
    pub fn new(intent: Intent) -> Self {
        let (risk, press) = match intent {
            Intent::Guard => (0.1, 0.7),
            Intent::Sweep => (0.3, 0.4),
            Intent::Hunt(_) => (0.25, 0.4),
            Intent::Strike(_) => (0.25, 0.45),
            _ => (0.2, 0.5),
        };
        Self {
            intent,
            trade: true,
            reinforce: true,
            risk,
            press,
        }
    }

    /// The plan used where nothing was searched (look-ahead, a cancelled search).
    pub fn default_for(reading: &Reading<'_, '_>) -> Self {
        if reading.classic {
            Self::new(Intent::Card)
        } else {
            Self::new(Intent::Sweep)
        }
    }
}

/// Most groups weighed as targets to take, and rivals' groups to break.
const GROUPS_WEIGHED: usize = 2;
/// Most seats weighed as prey.
const PREY_WEIGHED: usize = 2;
/// Enemy stacks weighed as targets, the largest first.
const STACKS_WEIGHED: usize = 2;
/// The least army worth a plan of its own to destroy.
const STRIKE_AT_LEAST: u32 = 6;

/// The plans worth comparing at the start of a turn.
pub fn candidates(reading: &Reading<'_, '_>, legal: &LegalActions) -> Vec<Plan> {
    let groups = reading.groups();
    let paths = reading.paths();
    let mut intents: Vec<Intent> = Vec::new();
    // Groups to take: the most brought for the enemy armies in the way.
    let mut takes: Vec<(f64, GroupId)> = groups
        .iter()
        .filter(|g| g.bonus > 0 && g.whole != Some(reading.me))
        .map(|g| {
            let missing = (g.territories.len() - g.held) as f64;
            let worth = f64::from(g.bonus)
                / (f64::from(g.enemy_armies) + missing + g.borders.len() as f64 + 1.0);
            (worth, g.id)
        })
        .collect();
    takes.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    intents.extend(
        takes
            .iter()
            .take(GROUPS_WEIGHED)
            .map(|&(_, g)| Intent::Take(g)),
    );
    // Held groups to keep (their borders come first in every plan; holding one as
    // the turn's purpose guards them all the more).
    if groups
        .iter()
        .any(|g| g.whole == Some(reading.me) && g.bonus > 0)
    {
        intents.push(Intent::Guard);
    }
    // Rivals' whole groups to break, the most valuable within reach first.
    let mut breaks: Vec<(u32, GroupId)> = groups
        .iter()
        .filter(|g| g.bonus > 0 && g.whole.is_some_and(|o| o != reading.me))
        .filter_map(|g| {
            let cheapest = g
                .territories
                .iter()
                .filter_map(|t| paths[t.index()].as_ref())
                .map(|p| p.cost)
                .min()?;
            Some((cheapest.saturating_sub(g.bonus * 3), g.id))
        })
        .collect();
    breaks.sort();
    intents.extend(
        breaks
            .iter()
            .take(GROUPS_WEIGHED)
            .map(|&(_, g)| Intent::Break(g)),
    );
    // Prey: rival castles cheapest to reach (Castle Risk), or the rivals weakest
    // for the cards they hold (classic).
    let mut prey: Vec<(i64, Seat)> = reading
        .rivals()
        .filter(|&s| !reading.sight.in_truce(reading.me, s))
        .filter_map(|s| {
            if reading.classic {
                let armies: u32 = reading
                    .sight
                    .territories()
                    .iter()
                    .filter(|t| t.owner == Some(s))
                    .map(|t| t.armies)
                    .sum();
                let cards = reading.cards_of(s) as i64;
                let value = i64::from(reading.sight.next_set_value().unwrap_or(8));
                Some((i64::from(armies) - cards * value / 3, s))
            } else {
                let castle = reading.sight.castle(s)?;
                let path = paths[castle.index()].as_ref()?;
                Some((i64::from(path.cost), s))
            }
        })
        .collect();
    prey.sort();
    intents.extend(
        prey.iter()
            .take(PREY_WEIGHED)
            .map(|&(_, s)| Intent::Hunt(s)),
    );
    // The largest enemy stacks next to its land, while they can still be beaten.
    if reading.classic {
        let mut stacks: Vec<(u32, crate::board::TerritoryId)> = reading
            .sight
            .board()
            .territory_ids()
            .filter(|&t| reading.is_target(t) && reading.armies(t) >= STRIKE_AT_LEAST)
            .filter(|&t| reading.neighbours(t).iter().any(|&n| reading.is_mine(n)))
            .filter(|&t| {
                !reading
                    .sight
                    .owner(t)
                    .is_some_and(|o| reading.sight.is_neutral(o))
            })
            .map(|t| (reading.armies(t), t))
            .collect();
        stacks.sort_by(|a, b| b.cmp(a));
        intents.extend(
            stacks
                .iter()
                .take(STACKS_WEIGHED)
                .map(|&(_, t)| Intent::Strike(t)),
        );
        intents.push(Intent::Card);
    }
    intents.push(Intent::Sweep);
    if !intents.contains(&Intent::Guard) {
        intents.push(Intent::Guard);
    }
    // A won position is pressed: no turn of guarding alone.
    if reading.dominant() {
        intents.retain(|i| *i != Intent::Guard);
    }

    let set_offered = legal
        .choices
        .iter()
        .any(|c| matches!(c, Choice::TradeCards { .. }));
    let must_trade = set_offered
        && !legal
            .choices
            .iter()
            .any(|c| matches!(c, Choice::PlaceArmies { .. }));
    let reinforcements = legal
        .choices
        .iter()
        .any(|c| matches!(c, Choice::PlayReinforcements { .. }))
        && reading.holds(Card::Reinforcements);
    let mut plans = Vec::new();
    for intent in intents {
        let plan = Plan::new(intent);
        plans.push(plan);
        // Keeping a set for a higher value, or Reinforcements for higher numbers.
        if set_offered && !must_trade {
            plans.push(Plan {
                trade: false,
                ..plan
            });
        }
        if reinforcements && matches!(intent, Intent::Guard | Intent::Take(_)) {
            plans.push(Plan {
                reinforce: false,
                ..plan
            });
        }
    }
    plans
}
