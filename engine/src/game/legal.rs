//! Legal actions: what the pending seat may do now, summarised where a full list would
//! explode (army counts as ranges, placements as "N armies on any of these"), with a
//! membership test and a uniform-ish sampler for bots and property tests.

use crate::board::TerritoryId;
use rand::{Rng, RngExt};
use serde::{Deserialize, Serialize};

use super::Game;
use super::action::{Action, Placement};
use super::card::{Card, Hand};
use super::classic::TerritoryCard;
use super::seat::Seat;
use super::state::{Phase, SetupStep, SpyStage, Step, TerritoryState, Turn};
use super::territory_set;

/// Attack routes a seat usually has between its attacks (a guess for sizing lists).
const ROUTES_USUALLY: usize = 16;
/// Families of legal actions a decision usually offers (a guess for sizing lists).
const CHOICES_USUALLY: usize = 8;

/// A move between two territories, and the most armies that may go (for an attack by
/// land: the armies that could roll, i.e. all but 1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Route {
    pub from: TerritoryId,
    pub to: TerritoryId,
    pub max_armies: u32,
}

/// One family of legal actions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "choice", rename_all = "snake_case")]
pub enum Choice {
    /// The castle on one of these territories.
    PlaceCastle { territories: Vec<TerritoryId> },
    /// 1 army on one of these unoccupied territories.
    Claim { territories: Vec<TerritoryId> },
    /// Exactly `armies` armies, split in any way over these territories.
    PlaceArmies {
        armies: u32,
        territories: Vec<TerritoryId>,
    },
    /// Hidden armies on one of these territories.
    HideArmies { territories: Vec<TerritoryId> },
    /// 1 to `max_cards` Reinforcement cards.
    PlayReinforcements { max_cards: u8 },
    /// A truce with one of these seats.
    PlayDiplomat { targets: Vec<Seat> },
    /// A Spy on one of these seats.
    PlaySpy { targets: Vec<Seat> },
    /// Reveal on one of these; they would bring `armies` armies.
    RevealHiddenArmies {
        territories: Vec<TerritoryId>,
        armies: u32,
    },
    /// An attack on one of these routes.
    Attack { routes: Vec<Route> },
    /// 1 to `max_armies` armies aboard, on one of these routes.
    AdmiralAttack { routes: Vec<Route> },
    /// 1 to `max_armies` armies into an empty territory.
    Occupy { routes: Vec<Route> },
    /// End the attacks (then fortify if allowed, and collect spoils).
    EndTurn,
    /// `min_dice..=max_dice` dice; `general`: a General may be committed.
    Roll {
        min_dice: u8,
        max_dice: u8,
        general: bool,
    },
    /// End the attack in progress.
    StopAttack,
    /// 1 to `max_dice` dice; `marshall`: a Marshall may be committed.
    Defend { max_dice: u8, marshall: bool },
    /// `min..=max` armies into the captured territory.
    MoveIn { min: u32, max: u32 },
    /// `counter`: the target holds a Spy to answer with.
    AnswerSpy { counter: bool },
    /// One of these cards from the spied hand.
    SpyDiscard { cards: Vec<Card> },
    /// 1 army onto one of `territories`, from one of `sources`.
    FillVacated {
        territories: Vec<TerritoryId>,
        sources: Vec<TerritoryId>,
    },
    /// Leave the remaining vacated territories to the others (victor only).
    StopFilling,
    /// 1 to `max_armies` armies to an adjacent own territory.
    Fortify { routes: Vec<Route> },
    /// Do not fortify.
    SkipFortify,
    /// Offer one of these seats cards from `cards` (one's hand), asking any cards in
    /// return; at least one card given or asked (ruling 25).
    OfferCards { targets: Vec<Seat>, cards: Hand },
    /// Answer an offer: refuse, or (`accept`: the cards asked are held) accept.
    AnswerOffer { accept: bool },
    /// Classic Risk: trade one of these sets of territory cards.
    TradeCards { sets: Vec<[TerritoryCard; 3]> },
}

/// What the pending seat may do. Empty (and `seat` `None`) once the game is won.
///
/// Running out of fixed dice (see [`crate::game::Dice::Fixed`]) is not foreseen here:
/// a `defend` allowed by this list may still be refused for want of faces.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalActions {
    pub seat: Option<Seat>,
    pub choices: Vec<Choice>,
}

impl LegalActions {
    /// The choice that plays `card` from the hand on its own now, if the seat may:
    /// Reinforcements, a Diplomat, a Spy or an Admiral's attack by sea (a General or a
    /// Marshall is committed with a roll or a defence instead).
    pub fn card_play(&self, card: Card) -> Option<&Choice> {
        self.choices
            .iter()
            .find(|choice| choice.card_played() == Some(card))
    }

    /// Whether `action` is one of these.
    pub fn allows(&self, action: &Action) -> bool {
        self.choices.iter().any(|choice| choice.allows(action))
    }

    /// Whether nothing can be done (the game is won).
    pub fn is_empty(&self) -> bool {
        self.choices.is_empty()
    }

    /// A random action among these (each family equally likely, then uniformly within
    /// it as far as cheaply possible); `None` when there is none.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.choices.is_empty() {
            return None;
        }
        let choice = &self.choices[rng.random_range(0..self.choices.len())];
        Some(choice.sample(rng))
    }
}

impl Choice {
    /// The card this family of actions plays from the hand on its own, if any.
    pub fn card_played(&self) -> Option<Card> {
        match self {
            Choice::PlayReinforcements { .. } => Some(Card::Reinforcements),
            Choice::PlayDiplomat { .. } => Some(Card::Diplomat),
            Choice::PlaySpy { .. } => Some(Card::Spy),
            Choice::AdmiralAttack { .. } => Some(Card::Admiral),
            _ => None,
        }
    }

    /// Whether `action` belongs to this family of legal actions.
    pub fn allows(&self, action: &Action) -> bool {
        let route_ok = |routes: &[Route], from: TerritoryId, to: TerritoryId, armies: u32| {
            routes
                .iter()
                .any(|r| r.from == from && r.to == to && (1..=r.max_armies).contains(&armies))
        };
        match (self, action) {
            (Choice::PlaceCastle { territories }, Action::PlaceCastle { territory })
            | (Choice::Claim { territories }, Action::Claim { territory })
            | (Choice::HideArmies { territories }, Action::HideArmies { territory })
            | (
                Choice::RevealHiddenArmies { territories, .. },
                Action::RevealHiddenArmies { territory },
            ) => territories.contains(territory),
            (
                Choice::PlaceArmies {
                    armies,
                    territories,
                },
                Action::PlaceArmies { placements },
            ) => {
                placements
                    .iter()
                    .all(|p| p.armies > 0 && territories.contains(&p.territory))
                    && placements.iter().map(|p| u64::from(p.armies)).sum::<u64>()
                        == u64::from(*armies)
            }
            (Choice::PlayReinforcements { max_cards }, Action::PlayReinforcements { cards }) => {
                (1..=*max_cards).contains(cards)
            }
            (Choice::PlayDiplomat { targets }, Action::PlayDiplomat { target })
            | (Choice::PlaySpy { targets }, Action::PlaySpy { target }) => targets.contains(target),
            (Choice::Attack { routes }, &Action::Attack { from, to }) => {
                routes.iter().any(|r| r.from == from && r.to == to)
            }
            (Choice::AdmiralAttack { routes }, &Action::AdmiralAttack { from, to, armies })
            | (Choice::Occupy { routes }, &Action::Occupy { from, to, armies })
            | (Choice::Fortify { routes }, &Action::Fortify { from, to, armies }) => {
                route_ok(routes, from, to, armies)
            }
            (Choice::EndTurn, Action::EndTurn)
            | (Choice::StopAttack, Action::StopAttack)
            | (Choice::StopFilling, Action::StopFilling)
            | (Choice::SkipFortify, Action::SkipFortify) => true,
            (
                Choice::Roll {
                    min_dice,
                    max_dice,
                    general,
                },
                Action::Roll {
                    dice,
                    general: commit,
                },
            ) => (*min_dice..=*max_dice).contains(dice) && (*general || !commit),
            (
                Choice::Defend { max_dice, marshall },
                Action::Defend {
                    dice,
                    marshall: commit,
                },
            ) => (1..=*max_dice).contains(dice) && (*marshall || !commit),
            (Choice::MoveIn { min, max }, Action::MoveIn { armies }) => {
                (*min..=*max).contains(armies)
            }
            (Choice::AnswerSpy { counter }, Action::AnswerSpy { counter: answer }) => {
                *counter || !answer
            }
            (Choice::SpyDiscard { cards }, Action::SpyDiscard { card }) => cards.contains(card),
            (Choice::TradeCards { sets }, Action::TradeCards { cards }) => {
                let mut sorted = *cards;
                sorted.sort();
                sets.iter().any(|set| {
                    let mut set = *set;
                    set.sort();
                    set == sorted
                })
            }
            (Choice::OfferCards { targets, cards }, Action::OfferCards { target, give, ask }) => {
                targets.contains(target)
                    && !(give.is_empty() && ask.is_empty())
                    && give
                        .kinds()
                        .all(|card| give.count(card) <= cards.count(card))
            }
            (Choice::AnswerOffer { accept }, Action::AnswerOffer { accept: answer }) => {
                *accept || !answer
            }
            (
                Choice::FillVacated {
                    territories,
                    sources,
                },
                Action::FillVacated { territory, from },
            ) => territories.contains(territory) && sources.contains(from),
            _ => false,
        }
    }

    /// A random action of this family.
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> Action {
        fn pick<T: Copy, R: Rng + ?Sized>(items: &[T], rng: &mut R) -> T {
            items[rng.random_range(0..items.len())]
        }
        let amount = |max: u32, rng: &mut R| rng.random_range(1..=max.max(1));
        match self {
            Choice::PlaceCastle { territories } => Action::PlaceCastle {
                territory: pick(territories, rng),
            },
            Choice::Claim { territories } => Action::Claim {
                territory: pick(territories, rng),
            },
            Choice::HideArmies { territories } => Action::HideArmies {
                territory: pick(territories, rng),
            },
            Choice::RevealHiddenArmies { territories, .. } => Action::RevealHiddenArmies {
                territory: pick(territories, rng),
            },
            Choice::PlaceArmies {
                armies,
                territories,
            } => {
                // Split the armies over up to three random territories.
                let mut placements: Vec<Placement> = Vec::new();
                let mut left = *armies;
                while left > 0 {
                    let part = if placements.len() == 2 {
                        left
                    } else {
                        rng.random_range(1..=left)
                    };
                    let territory = pick(territories, rng);
                    match placements.iter_mut().find(|p| p.territory == territory) {
                        Some(p) => p.armies += part,
                        None => placements.push(Placement::new(territory, part)),
                    }
                    left -= part;
                }
                Action::PlaceArmies { placements }
            }
            Choice::PlayReinforcements { max_cards } => Action::PlayReinforcements {
                cards: rng.random_range(1..=*max_cards),
            },
            Choice::PlayDiplomat { targets } => Action::PlayDiplomat {
                target: pick(targets, rng),
            },
            Choice::PlaySpy { targets } => Action::PlaySpy {
                target: pick(targets, rng),
            },
            Choice::Attack { routes } => {
                let r = pick(routes, rng);
                Action::Attack {
                    from: r.from,
                    to: r.to,
                }
            }
            Choice::AdmiralAttack { routes } => {
                let r = pick(routes, rng);
                Action::AdmiralAttack {
                    from: r.from,
                    to: r.to,
                    armies: amount(r.max_armies, rng),
                }
            }
            Choice::Occupy { routes } => {
                let r = pick(routes, rng);
                Action::Occupy {
                    from: r.from,
                    to: r.to,
                    armies: amount(r.max_armies, rng),
                }
            }
            Choice::Fortify { routes } => {
                let r = pick(routes, rng);
                Action::Fortify {
                    from: r.from,
                    to: r.to,
                    armies: amount(r.max_armies, rng),
                }
            }
            Choice::EndTurn => Action::EndTurn,
            Choice::StopAttack => Action::StopAttack,
            Choice::StopFilling => Action::StopFilling,
            Choice::SkipFortify => Action::SkipFortify,
            Choice::Roll {
                min_dice,
                max_dice,
                general,
            } => Action::Roll {
                dice: rng.random_range(*min_dice..=*max_dice),
                general: *general && rng.random_bool(0.5),
            },
            Choice::Defend { max_dice, marshall } => Action::Defend {
                dice: rng.random_range(1..=*max_dice),
                marshall: *marshall && rng.random_bool(0.5),
            },
            Choice::MoveIn { min, max } => Action::MoveIn {
                armies: rng.random_range(*min..=*max),
            },
            Choice::AnswerSpy { counter } => Action::AnswerSpy {
                counter: *counter && rng.random_bool(0.5),
            },
            Choice::SpyDiscard { cards } => Action::SpyDiscard {
                card: pick(cards, rng),
            },
            Choice::FillVacated {
                territories,
                sources,
            } => Action::FillVacated {
                territory: pick(territories, rng),
                from: pick(sources, rng),
            },
            Choice::OfferCards { targets, cards } => {
                // A few of one's cards, for none, one or two cards of any kind.
                let give: Hand = cards.cards().filter(|_| rng.random_bool(0.3)).collect();
                let mut ask: Hand = (0..rng.random_range(0..=2))
                    .map(|_| pick(&Card::ALL, rng))
                    .collect();
                if give.is_empty() && ask.is_empty() {
                    ask.add(pick(&Card::ALL, rng));
                }
                Action::OfferCards {
                    target: pick(targets, rng),
                    give,
                    ask,
                }
            }
            Choice::AnswerOffer { accept } => Action::AnswerOffer {
                accept: *accept && rng.random_bool(0.5),
            },
            Choice::TradeCards { sets } => {
                let mut cards = pick(sets, rng);
                // Any order is allowed; the order chooses the bonus territory.
                cards.rotate_left(rng.random_range(0..3));
                Action::TradeCards { cards }
            }
        }
    }
}

impl Game {
    /// What the pending seat may do now.
    pub fn legal_actions(&self) -> LegalActions {
        let mut legal = LegalActions::default();
        self.legal_actions_into(&mut legal);
        legal
    }

    /// Like [`Game::legal_actions`], written into `legal` (whatever it held is
    /// replaced): a loop that asks at every decision, as computer players do, reuses
    /// one list instead of making a new one each time.
    pub fn legal_actions_into(&self, legal: &mut LegalActions) {
        legal.choices.clear();
        legal.seat = self.pending_seat();
        let Some(seat) = legal.seat else {
            return;
        };
        let choices = &mut legal.choices;
        choices.reserve(CHOICES_USUALLY);
        if self.rules_choices(seat, choices) {
            return;
        }
        match &self.state.phase {
            Phase::Won(_) | Phase::Drawn => {}
            Phase::Turn(Turn {
                offer: Some(offer), ..
            }) => {
                choices.push(Choice::AnswerOffer {
                    accept: self.offer_can_be_met(offer),
                });
            }
            Phase::Setup(setup) => {
                let all = self.board.territory_ids();
                choices.push(match setup.step {
                    SetupStep::Castle { empire } => Choice::PlaceCastle {
                        territories: self
                            .board
                            .group(empire)
                            .territories
                            .iter()
                            .copied()
                            .filter(|&t| self.owner(t).is_none())
                            .collect(),
                    },
                    SetupStep::Claim => Choice::Claim {
                        territories: self.territories_where(|t| t.owner.is_none()),
                    },
                    SetupStep::Place => Choice::PlaceArmies {
                        armies: self
                            .armies_to_place(seat)
                            .min(self.variant.armies_per_setup_placement),
                        territories: self.owned_by(seat),
                    },
                    SetupStep::Hide => Choice::HideArmies {
                        territories: all.filter(|&t| self.castle_at(t).is_none()).collect(),
                    },
                });
            }
            Phase::Turn(turn) => match (&turn.spy, &turn.step) {
                (Some(SpyStage::Answer { .. }), _) => {
                    choices.push(Choice::AnswerSpy {
                        counter: self.hand(seat).has(Card::Spy),
                    });
                }
                (Some(SpyStage::Choose { target }), _) => {
                    choices.push(Choice::SpyDiscard {
                        cards: self.hand(*target).kinds().collect(),
                    });
                }
                (None, Step::Main) => self.main_choices(seat, choices),
                (None, Step::PlaceReinforcements { armies } | Step::PlaceSpoils { armies }) => {
                    choices.push(Choice::PlaceArmies {
                        armies: *armies,
                        territories: self.owned_by(seat),
                    });
                }
                (None, Step::Attack(attack)) => match attack.attacker_dice {
                    None => {
                        let (min_dice, max_dice) = self.attacker_dice_range(attack);
                        choices.push(Choice::Roll {
                            min_dice,
                            max_dice,
                            general: !turn.general && self.hand(seat).has(Card::General),
                        });
                        if attack.ship.is_none() {
                            choices.push(Choice::StopAttack);
                        }
                        self.spy_and_reveal_choices(seat, choices);
                    }
                    Some(_) => {
                        choices.push(Choice::Defend {
                            max_dice: self.defender_max_dice(attack),
                            marshall: !attack.marshall && self.hand(seat).has(Card::Marshall),
                        });
                        if self.can_reveal_on(seat, attack.to) {
                            choices.push(Choice::RevealHiddenArmies {
                                territories: vec![attack.to],
                                armies: self.hidden_army_size(),
                            });
                        }
                    }
                },
                (None, Step::MoveIn(m)) => choices.push(Choice::MoveIn {
                    min: m.min,
                    max: m.max,
                }),
                (None, Step::Redistribute(r)) => {
                    choices.push(Choice::FillVacated {
                        territories: r.vacated.clone(),
                        sources: self.fill_sources(r),
                    });
                    if r.filler == r.victor && !r.victor_done {
                        choices.push(Choice::StopFilling);
                    }
                }
                (None, Step::Fortify) => {
                    choices.push(Choice::Fortify {
                        routes: self.fortify_routes(seat).collect(),
                    });
                    choices.push(Choice::SkipFortify);
                }
            },
        }
    }

    fn owned_by(&self, seat: Seat) -> Vec<TerritoryId> {
        self.territories_where(|t| t.owner == Some(seat))
    }

    /// The territories whose state passes `keep`, in id order. The list is sized for
    /// the whole board at once: these lists are made at many decisions, and growing
    /// them step by step cost more than the walk.
    fn territories_where(&self, keep: impl Fn(&TerritoryState) -> bool) -> Vec<TerritoryId> {
        let mut list = Vec::with_capacity(self.state.territories.len());
        list.extend(
            self.state
                .territories
                .iter()
                .enumerate()
                .filter(|(_, t)| keep(t))
                .map(|(i, _)| TerritoryId(i as u16)),
        );
        list
    }

    fn spy_and_reveal_choices(&self, seat: Seat, choices: &mut Vec<Choice>) {
        if self.hand(seat).has(Card::Spy) {
            let targets: Vec<Seat> = self
                .seat_ids()
                .filter(|&s| s != seat && !self.is_eliminated(s))
                .collect();
            if !targets.is_empty() {
                choices.push(Choice::PlaySpy { targets });
            }
        }
        let territories = self.revealable(seat);
        if !territories.is_empty() {
            choices.push(Choice::RevealHiddenArmies {
                territories,
                armies: self.hidden_army_size(),
            });
        }
    }

    fn main_choices(&self, seat: Seat, choices: &mut Vec<Choice>) {
        let turn = self.turn();
        let hand = self.hand(seat);
        if !turn.attacked && hand.has(Card::Reinforcements) && self.track_room() > 0 {
            let max_cards = hand
                .count(Card::Reinforcements)
                .min(self.track_room().min(255) as u8);
            choices.push(Choice::PlayReinforcements { max_cards });
        }
        if hand.has(Card::Diplomat) {
            let targets: Vec<Seat> = self
                .seat_ids()
                .filter(|&t| self.check_diplomat(seat, t).is_ok())
                .collect();
            if !targets.is_empty() {
                choices.push(Choice::PlayDiplomat { targets });
            }
        }
        self.spy_and_reveal_choices(seat, choices);

        // Listed at most decisions: sized to skip the first few doublings.
        let mut attacks = Vec::with_capacity(ROUTES_USUALLY);
        attacks.extend(self.attack_routes(seat));
        if !attacks.is_empty() {
            choices.push(Choice::Attack { routes: attacks });
        }
        if hand.has(Card::Admiral) {
            let routes = self.admiral_route_list(seat);
            if !routes.is_empty() {
                choices.push(Choice::AdmiralAttack { routes });
            }
        }
        // Empty land is rare after setup: most of the time there is nothing to walk.
        let any_empty = self.state.territories.iter().any(|t| t.owner.is_none());
        let occupations: Vec<Route> = if any_empty {
            self.occupy_routes(seat).collect()
        } else {
            Vec::new()
        };
        if !occupations.is_empty() {
            choices.push(Choice::Occupy {
                routes: occupations,
            });
        }
        let targets = self.offer_targets(seat);
        if !targets.is_empty() {
            choices.push(Choice::OfferCards {
                targets,
                cards: hand,
            });
        }
        choices.push(Choice::EndTurn);
    }

    /// Own territories of `seat` with at least 2 armies (able to attack or move).
    fn strong_territories(&self, seat: Seat) -> impl Iterator<Item = (TerritoryId, u32)> + '_ {
        self.state
            .territories
            .iter()
            .enumerate()
            .filter(move |(_, t)| t.owner == Some(seat) && t.armies >= 2)
            .map(|(i, t)| (TerritoryId(i as u16), t.armies))
    }

    /// Every attack by land or dotted line `seat` may start (ignoring whose turn it
    /// is): from an own territory with at least 2 armies to an adjacent enemy not in
    /// truce. `max_armies` is the attacking territory's armies less 1.
    pub fn attack_routes(&self, seat: Seat) -> impl Iterator<Item = Route> + '_ {
        self.land_routes(
            seat,
            move |owner| matches!(owner, Some(o) if o != seat && !self.in_truce(seat, o)),
        )
    }

    /// Every move into an adjacent empty territory `seat` may make.
    pub fn occupy_routes(&self, seat: Seat) -> impl Iterator<Item = Route> + '_ {
        self.land_routes(seat, |owner| owner.is_none())
    }

    /// Every attack by sea `seat` could make with an Admiral (whether it holds one or
    /// not): from an own coast to an enemy coast on a shared sea, each pair once.
    pub fn admiral_routes(&self, seat: Seat) -> impl Iterator<Item = Route> + '_ {
        self.admiral_route_list(seat).into_iter()
    }

    /// The routes of [`Game::admiral_routes`], listed at once. They are many (forty
    /// or so on the Castle Risk board) and asked for at most decisions of a seat
    /// holding an Admiral, so they are worked out as sets of territories: the enemy
    /// coasts once, met with the coasts each own port reaches, counted before the
    /// list is filled.
    fn admiral_route_list(&self, seat: Seat) -> Vec<Route> {
        let reach = &*self.reach;
        let words = reach.set_words();
        // Seats `seat` may attack, one bit each (a territory's owner cannot be
        // foreseen, so the coasts are sorted below without branching on it).
        let mut attackable = 0u64;
        for other in self.seat_ids() {
            if other != seat && !self.in_truce(seat, other) {
                attackable |= 1 << other.index();
            }
        }
        let mut on_stack = [[0u64; territory_set::MAX_WORDS]; 2];
        let [targets, ports] = &mut on_stack;
        for &t in reach.coasts() {
            let state = self.state.territories[t.index()];
            // No seat has this number: empty land is neither a target nor a port.
            let owner = state.owner.map_or(u64::BITS - 1, |o| u32::from(o.0));
            let is_target = attackable >> owner & 1;
            let is_port = u64::from(state.owner == Some(seat) && state.armies >= 2);
            let (word, bit) = (t.index() / 64, t.index() % 64);
            targets[word] |= is_target << bit;
            ports[word] |= is_port << bit;
        }
        let (targets, ports) = (&targets[..words], &ports[..words]);
        if territory_set::is_empty(targets) {
            return Vec::new();
        }
        let count = territory_set::common(ports, ports)
            .map(|from| territory_set::common_len(reach.sea_partners(from), targets))
            .sum();
        let mut routes = Vec::with_capacity(count);
        for from in territory_set::common(ports, ports) {
            let max_armies = self.armies(from) - 1;
            for to in territory_set::common(reach.sea_partners(from), targets) {
                routes.push(Route {
                    from,
                    to,
                    max_armies,
                });
            }
        }
        routes
    }

    /// Every classic fortify move of `seat` (variant): to an adjacent own territory.
    pub fn fortify_routes(&self, seat: Seat) -> impl Iterator<Item = Route> + '_ {
        self.land_routes(seat, move |owner| owner == Some(seat))
    }

    /// Moves by land or dotted line from `seat`'s territories that can spare armies to
    /// the neighbours whose owner `fits`; `max_armies` leaves 1 behind.
    fn land_routes<'g>(
        &'g self,
        seat: Seat,
        fits: impl Fn(Option<Seat>) -> bool + Copy + 'g,
    ) -> impl Iterator<Item = Route> + 'g {
        let reach = &*self.reach;
        self.strong_territories(seat)
            .flat_map(move |(from, armies)| {
                reach
                    .neighbours(from)
                    .iter()
                    .copied()
                    .filter(move |&to| fits(self.owner(to)))
                    .map(move |to| Route {
                        from,
                        to,
                        max_armies: armies - 1,
                    })
            })
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::game::invariants::castle_board;
    use crate::variant::Variant;

    #[test]
    fn a_reused_list_says_exactly_what_a_fresh_one_says() {
        let mut game = Game::new(castle_board(), Variant::rulebook(), 3, 5).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut reused = LegalActions::default();
        while game.pending_seat().is_some() {
            game.legal_actions_into(&mut reused);
            assert_eq!(reused, game.legal_actions());
            let action = reused.sample(&mut rng).unwrap();
            game.apply(reused.seat.unwrap(), action).unwrap();
        }
        game.legal_actions_into(&mut reused);
        assert_eq!(reused, LegalActions::default());
    }
}
