//! Sparring partners: computer players that each play one strategy people are known
//! to play, written from the strategy books and not from the Easy, Normal or Expert
//! players (they share nothing with them but the exact odds), so that no strength is
//! only ever measured against its own family. They are tournament players
//! (`castellan tournament --players expert,continent,…`), not strengths offered at
//! the table, and like every computer player they read only their seat's sight.
//!
//! - The **castle-hunter** keeps its castle garrisoned against the largest land or
//!   sea threat by the exact odds and masses the rest on the cheapest rival castle
//!   (in classic Risk, on the weakest rival, to take its cards).
//! - The **continent player** takes the cheapest continent first, guards its
//!   borders, takes a territory every turn for the card, trades at once and breaks
//!   its rivals' continents.
//! - The **card farmer** attacks all it can every turn, with one large army that
//!   rolls on, and goes for whoever holds the most cards.
//! - The **turtle** masses everything at home, keeps its cards and strikes only
//!   late, in one sweep, when it has grown much stronger than anyone.
//!
//! The mechanics they share (dice, defence, Spies, moving in, trading, filling
//! vacated land) are here; each strategy is a [`Character`] in its own module, and
//! the board is read through [`look::Look`].

mod card_farmer;
mod castle_hunter;
mod continent;
pub mod look;
mod turtle;

use std::fmt;
use std::str::FromStr;

use rand::Rng;
use serde::{Deserialize, Serialize};

use super::{Policy, SeatSight};
use crate::board::TerritoryId;
use crate::game::{
    Action, Card, Choice, Decision, LegalActions, Placement, PlacementReason, Route, TerritoryCard,
};
use look::Look;

/// One of the sparring partners.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sparring {
    CastleHunter,
    Continent,
    CardFarmer,
    Turtle,
}

impl Sparring {
    /// Every sparring partner.
    pub const ALL: [Sparring; 4] = [
        Sparring::CastleHunter,
        Sparring::Continent,
        Sparring::CardFarmer,
        Sparring::Turtle,
    ];

    /// The id the tournament reads and writes: `castle-hunter`, `continent`,
    /// `card-farmer`, `turtle`.
    pub fn id(self) -> &'static str {
        match self {
            Sparring::CastleHunter => "castle-hunter",
            Sparring::Continent => "continent",
            Sparring::CardFarmer => "card-farmer",
            Sparring::Turtle => "turtle",
        }
    }

    /// A player of this strategy.
    pub fn policy(self) -> SparringPolicy {
        SparringPolicy::new(self)
    }
}

impl fmt::Display for Sparring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Sparring {
    type Err = String;

    fn from_str(id: &str) -> Result<Self, Self::Err> {
        Sparring::ALL
            .into_iter()
            .find(|s| s.id() == id)
            .ok_or_else(|| id.to_owned())
    }
}

/// A sparring partner's own decisions: where things go and what to attack. The rest
/// is shared by all of them (see [`SparringPolicy`]).
trait Character {
    /// The castle's territory, among `territories` of the drawn empire.
    fn castle_site(&self, look: &Look<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
        default_castle_site(look, territories)
    }

    /// A territory to claim at setup.
    fn claim(&self, look: &Look<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
        default_claim(look, territories)
    }

    /// Where `armies` armies go (setup rounds, Reinforcements, spoils, new armies).
    fn place(
        &mut self,
        look: &Look<'_, '_>,
        armies: u32,
        territories: &[TerritoryId],
        reason: PlacementReason,
    ) -> Vec<Placement>;

    /// Classic Risk: whether to trade a set now when not forced to.
    fn trade_now(&self, _look: &Look<'_, '_>) -> bool {
        true
    }

    /// Between attacks in its own turn: a card, an attack, or the end of the turn.
    fn play(&mut self, look: &Look<'_, '_>, legal: &LegalActions, turn: &TurnMemory) -> Action;

    /// Whether an attack from `from` on `to` goes on for another roll.
    fn press_on(&self, look: &Look<'_, '_>, from: TerritoryId, to: TerritoryId) -> bool {
        look.odds(look.armies(from).saturating_sub(1), look.armies(to), false) >= 0.5
    }

    /// Whether to commit a General to this attack.
    fn commit_general(&self, _look: &Look<'_, '_>, _to: TerritoryId) -> bool {
        true
    }

    /// Armies moved into a captured territory.
    fn move_in(
        &self,
        look: &Look<'_, '_>,
        from: TerritoryId,
        to: TerritoryId,
        min: u32,
        max: u32,
    ) -> u32 {
        default_move_in(look, from, to, min, max)
    }

    /// The turn's fortifying move (classic Risk, or the Castle Risk option).
    fn fortify(&self, look: &Look<'_, '_>, routes: &[Route]) -> Action {
        interior_to_front(look, routes)
    }
}

/// What a sparring partner remembers of its own turn.
#[derive(Clone, Debug, Default)]
pub struct TurnMemory {
    /// The turn this is.
    pub number: u32,
    /// Its territories at its first decision of the turn.
    pub territories_at_start: usize,
    /// Its decisions so far this turn (a safety valve: past a limit it ends the turn).
    pub decisions: u32,
    /// Attacks it stopped this turn, as (from, to).
    pub stopped: Vec<(TerritoryId, TerritoryId)>,
}

impl TurnMemory {
    /// Whether it took a territory this turn (it holds more than at its start).
    pub fn captured(&self, look: &Look<'_, '_>) -> bool {
        look.mine().len() > self.territories_at_start
    }
}

/// Rounds after which every partner, whatever its strategy, plays all out like the
/// card farmer, so that games between partners end.
const LATE_ROUNDS: u32 = 25;

/// Decisions in one turn after which a partner only looks for a way out of it.
const DECISIONS_PER_TURN: u32 = 1_000;

/// A sparring partner at a seat.
pub struct SparringPolicy {
    kind: Sparring,
    character: Box<dyn Character + Send>,
    late: card_farmer::CardFarmer,
    turn: TurnMemory,
}

impl fmt::Debug for SparringPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SparringPolicy")
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl SparringPolicy {
    pub fn new(kind: Sparring) -> Self {
        let character: Box<dyn Character + Send> = match kind {
            Sparring::CastleHunter => Box::new(castle_hunter::CastleHunter),
            Sparring::Continent => Box::new(continent::ContinentPlayer),
            Sparring::CardFarmer => Box::new(card_farmer::CardFarmer),
            Sparring::Turtle => Box::new(turtle::Turtle),
        };
        Self {
            kind,
            character,
            late: card_farmer::CardFarmer,
            turn: TurnMemory::default(),
        }
    }

    pub fn kind(&self) -> Sparring {
        self.kind
    }
}

impl Policy for SparringPolicy {
    fn choose(
        &mut self,
        sight: &SeatSight<'_>,
        legal: &LegalActions,
        _rng: &mut dyn Rng,
    ) -> Action {
        let look = Look::new(sight);
        if sight.turn_seat() == Some(sight.seat()) && sight.turn_number() != self.turn.number {
            self.turn = TurnMemory {
                number: sight.turn_number(),
                territories_at_start: look.mine().len(),
                decisions: 0,
                stopped: Vec::new(),
            };
        }
        self.turn.decisions += 1;
        if self.turn.decisions > DECISIONS_PER_TURN
            && let Some(out) = way_out(legal)
        {
            return out;
        }
        let pending = sight
            .pending()
            .expect("a policy is only asked while a decision is pending");
        let first = legal
            .choices
            .first()
            .expect("a pending decision has a choice");
        if matches!(
            first,
            Choice::TradeCards { .. } | Choice::PlaceArmies { .. }
        ) {
            let reason = match pending.decision {
                Decision::PlaceArmies { reason, .. } => reason,
                _ => PlacementReason::Reinforcements,
            };
            return self.placement_step(&look, legal, reason);
        }
        match (&pending.decision, first) {
            (_, Choice::PlaceCastle { territories }) => Action::PlaceCastle {
                territory: self.character.castle_site(&look, territories),
            },
            (_, Choice::Claim { territories }) => Action::Claim {
                territory: self.character.claim(&look, territories),
            },
            (_, Choice::HideArmies { territories }) => Action::HideArmies {
                territory: hiding_place(&look, territories),
            },
            (
                _,
                Choice::FillVacated {
                    territories,
                    sources,
                },
            ) => fill(&look, territories, sources),
            (_, Choice::Defend { max_dice, marshall }) => {
                defend(&look, legal, *max_dice, *marshall)
            }
            (
                Decision::Roll { from, to, ship, .. },
                Choice::Roll {
                    max_dice, general, ..
                },
            ) => {
                if ship.is_some() || self.now(&look).press_on(&look, *from, *to) {
                    Action::Roll {
                        dice: *max_dice,
                        general: *general && self.now(&look).commit_general(&look, *to),
                    }
                } else {
                    // Not tried again this turn: it would stop at once again.
                    self.turn.stopped.push((*from, *to));
                    Action::StopAttack
                }
            }
            (Decision::MoveIn { from, to, min, max }, _) => Action::MoveIn {
                armies: self
                    .character
                    .move_in(&look, *from, *to, *min, *max)
                    .clamp(*min, *max),
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
            (_, Choice::Fortify { routes }) => self.now(&look).fortify(&look, routes),
            (Decision::AnswerOffer { give, ask, .. }, &Choice::AnswerOffer { accept }) => {
                super::trade::answer_offer(give, ask, accept)
            }
            _ => {
                let mut fresh;
                let legal = if self.turn.stopped.is_empty() {
                    legal
                } else {
                    fresh = legal.clone();
                    for choice in &mut fresh.choices {
                        if let Choice::Attack { routes } = choice {
                            routes.retain(|r| !self.turn.stopped.contains(&(r.from, r.to)));
                        }
                    }
                    &fresh
                };
                let turn = self.turn.clone();
                self.now(&look).play(&look, legal, &turn)
            }
        }
    }
}

impl SparringPolicy {
    /// The character playing now: its own, or in a game that has gone on past
    /// [`LATE_ROUNDS`], the card farmer's all-out attack, whatever the strategy, so
    /// that games between partners end rather than stall.
    fn now(&mut self, look: &Look<'_, '_>) -> &mut (dyn Character + Send) {
        if look.rounds() >= LATE_ROUNDS {
            &mut self.late
        } else {
            &mut *self.character
        }
    }

    /// Classic Risk's start of turn (trade or place) and every placement.
    fn placement_step(
        &mut self,
        look: &Look<'_, '_>,
        legal: &LegalActions,
        reason: PlacementReason,
    ) -> Action {
        let mut place = None;
        for choice in &legal.choices {
            match choice {
                Choice::TradeCards { sets } if self.now(look).trade_now(look) => {
                    return trade(look, sets);
                }
                Choice::PlaceArmies {
                    armies,
                    territories,
                } => place = Some((*armies, territories)),
                _ => {}
            }
        }
        match place {
            Some((armies, territories)) => Action::PlaceArmies {
                placements: merge(self.now(look).place(look, armies, territories, reason)),
            },
            None => match legal.choices.first() {
                Some(Choice::TradeCards { sets }) => trade(look, sets),
                _ => way_out(legal).expect("a way on from a placement step"),
            },
        }
    }
}

/// Placements with each territory once and no empty one.
fn merge(placements: Vec<Placement>) -> Vec<Placement> {
    let mut out: Vec<Placement> = Vec::with_capacity(placements.len());
    for p in placements.into_iter().filter(|p| p.armies > 0) {
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

/// Classic Risk: the set worth most, wild cards kept when possible, a card of a held
/// territory named first for its extra armies.
fn trade(look: &Look<'_, '_>, sets: &[[TerritoryCard; 3]]) -> Action {
    let sight = look.sight;
    let held = |c: &TerritoryCard| sight.card_territory(*c).is_some_and(|t| look.is_mine(t));
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
                std::cmp::Reverse(wilds(set)),
                set.iter().any(held),
            )
        })
        .expect("a trade is offered only with a set");
    if let Some(i) = cards.iter().position(held) {
        cards.swap(0, i);
    }
    Action::TradeCards { cards }
}

/// Inside its own land, near its castle: hidden armies wait where they help most.
fn hiding_place(look: &Look<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
    let castle = look.sight.castle(look.me);
    *territories
        .iter()
        .max_by_key(|&&t| {
            let own = look.is_mine(t);
            let by_castle = castle.is_some_and(|c| look.board().are_adjacent(c, t));
            (own, by_castle, std::cmp::Reverse(t))
        })
        .expect("somewhere to hide")
}

/// Defending: hidden armies out when they are there to bring, the most dice, and a
/// Marshall for the castle.
fn defend(look: &Look<'_, '_>, legal: &LegalActions, max_dice: u8, marshall: bool) -> Action {
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
    let castle_attacked = match look.sight.pending().map(|p| p.decision) {
        Some(Decision::Defend { territory, .. }) => look.sight.castle(look.me) == Some(territory),
        _ => false,
    };
    Action::Defend {
        dice: max_dice,
        marshall: marshall && castle_attacked,
    }
}

/// Filling a fallen castle's land: next to its own, from its largest army that is not
/// its castle.
fn fill(look: &Look<'_, '_>, territories: &[TerritoryId], sources: &[TerritoryId]) -> Action {
    let own_neighbours = |t: TerritoryId| {
        look.neighbours(t)
            .iter()
            .filter(|&&n| look.is_mine(n))
            .count()
    };
    let territory = *territories
        .iter()
        .max_by_key(|&&t| (own_neighbours(t), std::cmp::Reverse(t)))
        .expect("a vacated territory");
    let castle = look.sight.castle(look.me);
    let from = *sources
        .iter()
        .max_by_key(|&&t| (Some(t) != castle, look.armies(t), std::cmp::Reverse(t)))
        .expect("a source");
    Action::FillVacated { territory, from }
}

/// A castle deep in its empire, with few foreign neighbours and no castle next door.
fn default_castle_site(look: &Look<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
    let board = look.board();
    *territories
        .iter()
        .max_by_key(|&&t| {
            let group = board.territory(t).group;
            let inside = look
                .neighbours(t)
                .iter()
                .filter(|&&n| board.territory(n).group == group)
                .count() as i64;
            let outside = look.neighbours(t).len() as i64 - inside;
            let castles = look
                .neighbours(t)
                .iter()
                .filter(|&&n| look.sight.castle_at(n).is_some())
                .count() as i64;
            (2 * inside - 2 * outside - 5 * castles, std::cmp::Reverse(t))
        })
        .expect("a site")
}

/// Claims: its castle's empire first, then next to its own land, in the groups it
/// holds most of.
fn default_claim(look: &Look<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
    let board = look.board();
    let home = look.sight.castle(look.me).map(|c| board.territory(c).group);
    let continents = look.continents();
    *territories
        .iter()
        .max_by_key(|&&t| {
            let group = board.territory(t).group;
            let c = &continents[group.index()];
            let own_next = look
                .neighbours(t)
                .iter()
                .filter(|&&n| look.is_mine(n))
                .count() as i64;
            let at_home = i64::from(home == Some(group));
            (
                10 * at_home + 3 * c.held as i64 + 2 * own_next - c.size as i64 / 3,
                std::cmp::Reverse(t),
            )
        })
        .expect("a territory to claim")
}

/// After a capture: on when the old territory is safe behind, the least when the new
/// one has nothing left to attack.
fn default_move_in(
    look: &Look<'_, '_>,
    from: TerritoryId,
    to: TerritoryId,
    min: u32,
    max: u32,
) -> u32 {
    if look.sight.castle(look.me) == Some(from) {
        let keep = look.garrison_for(from, 0.2);
        return look.armies(from).saturating_sub(keep).clamp(min, max);
    }
    let enemies_ahead = look.neighbours(to).iter().any(|&n| look.is_enemy(n));
    let enemies_behind = look.land_threat(from) > 0;
    match (enemies_ahead, enemies_behind) {
        (true, false) => max,
        (false, _) => min,
        (true, true) => min + (max - min) / 2,
    }
}

/// The largest army with no enemy next to it goes to the front territory most
/// threatened.
fn interior_to_front(look: &Look<'_, '_>, routes: &[Route]) -> Action {
    routes
        .iter()
        .filter(|r| !look.on_front(r.from) && look.on_front(r.to))
        .max_by_key(|r| {
            (
                r.max_armies,
                look.threat(r.to),
                std::cmp::Reverse((r.from, r.to)),
            )
        })
        .map_or(Action::SkipFortify, |r| Action::Fortify {
            from: r.from,
            to: r.to,
            armies: r.max_armies,
        })
}

/// The first card play of these choices that `wanted` accepts.
fn card_play(legal: &LegalActions, wanted: impl Fn(&Choice) -> Option<Action>) -> Option<Action> {
    legal.choices.iter().find_map(wanted)
}

/// Every attack route on offer, by land, with the odds of taking its target.
fn land_attacks<'l>(
    look: &'l Look<'_, '_>,
    legal: &'l LegalActions,
) -> impl Iterator<Item = (Route, f64)> + 'l {
    legal.choices.iter().flat_map(move |choice| match choice {
        Choice::Attack { routes } => routes
            .iter()
            .map(|r| (*r, look.attack_odds(r.from, r.to)))
            .collect::<Vec<_>>(),
        _ => Vec::new(),
    })
}

/// Every attack by sea on offer, with all the armies that may board.
fn sea_attacks<'l>(look: &'l Look<'_, '_>, legal: &'l LegalActions) -> Vec<(Route, f64)> {
    legal
        .choices
        .iter()
        .flat_map(|choice| match choice {
            Choice::AdmiralAttack { routes } => routes
                .iter()
                .map(|r| {
                    let castle = look.sight.castle_at(r.to).is_some();
                    (*r, look.odds(r.max_armies, look.armies(r.to), castle))
                })
                .collect::<Vec<_>>(),
            _ => Vec::new(),
        })
        .collect()
}

/// Empty land next to its own, taken for nothing from the largest neighbour.
fn occupy(look: &Look<'_, '_>, legal: &LegalActions) -> Option<Action> {
    legal.choices.iter().find_map(|choice| match choice {
        Choice::Occupy { routes } => routes
            .iter()
            .max_by_key(|r| (r.max_armies, std::cmp::Reverse(r.from)))
            .map(|r| Action::Occupy {
                from: r.from,
                to: r.to,
                armies: if look.land_threat(r.from) > 0 {
                    1
                } else {
                    r.max_armies.div_ceil(2)
                },
            }),
        _ => None,
    })
}

/// Reveals hidden armies worth at least `at_least` on its most threatened territory.
fn reveal(look: &Look<'_, '_>, legal: &LegalActions, at_least: u32) -> Option<Action> {
    card_play(legal, |choice| match choice {
        Choice::RevealHiddenArmies {
            territories,
            armies,
        } if *armies >= at_least.max(1) => territories
            .iter()
            .copied()
            .max_by_key(|&t| (look.threat(t), std::cmp::Reverse(t)))
            .map(|territory| Action::RevealHiddenArmies { territory }),
        _ => None,
    })
}

/// A Spy on the rival with the most cards, when it has two (one stays to answer).
fn spy(look: &Look<'_, '_>, legal: &LegalActions) -> Option<Action> {
    if look.sight.hand().count(Card::Spy) < 2 {
        return None;
    }
    card_play(legal, |choice| match choice {
        Choice::PlaySpy { targets } => targets
            .iter()
            .copied()
            .filter(|&s| look.sight.hand_size(s) >= 3)
            .max_by_key(|&s| (look.sight.hand_size(s), std::cmp::Reverse(s)))
            .map(|target| Action::PlaySpy { target }),
        _ => None,
    })
}

/// Armies placed on `t` so that the chance of its fall is at most `risk`, out of
/// `left` (which it lowers).
fn top_up(look: &Look<'_, '_>, t: TerritoryId, risk: f64, left: &mut u32) -> Placement {
    let wanted = look.garrison_for(t, risk).saturating_sub(look.armies(t));
    let armies = wanted.min(*left);
    *left -= armies;
    Placement::new(t, armies)
}

/// The first territory of `territories`, or the castle, as a last resort.
fn anywhere(look: &Look<'_, '_>, territories: &[TerritoryId]) -> TerritoryId {
    look.sight
        .castle(look.me)
        .filter(|c| territories.contains(c))
        .unwrap_or(territories[0])
}
