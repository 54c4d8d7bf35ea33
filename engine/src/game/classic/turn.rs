//! The classic turn: new armies (territories ÷ 3, at least 3, and whole continents),
//! trading sets (a hand of 5 or more must), placing; attacks (the shared core's);
//! one fortifying move, to a neighbour or along a chain of own territories (option);
//! a card for a turn that took a territory; the next seat.

use crate::board::TerritoryId;

use super::super::Game;
use super::super::action::Action;
use super::super::error::{Departure, RuleError};
use super::super::event::{Event, EventKind, MoveReason, PlacementReason};
use super::super::legal::{Choice, Route};
use super::super::pending::Decision;
use super::super::seat::Seat;
use super::super::state::{Phase, QUIET_ROUNDS_FOR_A_DRAW, SetupStep, Step, Turn};
use super::super::turn::range_check;
use crate::game::error::Quantity;

impl Game {
    /// New armies for `seat`'s turn: (territories, continents), the first at least
    /// the minimum (ruling 29).
    pub fn classic_new_armies(&self, seat: Seat) -> (u32, u32) {
        let rules = &self.variant.classic;
        let held = self
            .state
            .territories
            .iter()
            .filter(|t| t.owner == Some(seat))
            .count() as u32;
        let from_territories = (held / rules.territories_per_army.max(1)).max(rules.minimum_armies);
        let continents = self
            .board
            .groups
            .iter()
            .filter(|g| {
                !g.territories.is_empty()
                    && g.territories.iter().all(|&t| self.owner(t) == Some(seat))
            })
            .fold(0u32, |sum, g| sum.saturating_add(g.bonus));
        (from_territories, continents)
    }

    /// Starts `seat`'s classic turn: its new armies await placing (and trading).
    pub(crate) fn begin_classic_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.state.turns = self.state.turns.saturating_add(1);
        events.push(Event::public(EventKind::TurnStarted {
            seat,
            turn: self.state.turns,
        }));
        let (territories, continents) = self.classic_new_armies(seat);
        events.push(Event::public(EventKind::NewArmies {
            seat,
            territories,
            continents,
        }));
        let armies = self.armies_with_room(seat, territories.saturating_add(continents), events);
        let hand = self.territory_cards(seat).len();
        self.state.phase = Phase::Turn(Turn {
            seat,
            attacked: false,
            general: false,
            step: Step::PlaceReinforcements { armies },
            spy: None,
            offer: None,
            offered: 0,
            captured: false,
            trades: 0,
            hand_at_start: hand.min(255) as u8,
            trading_down: false,
            eliminated_a_seat: false,
        });
    }

    /// Whether the turn's seat must trade a set before anything else (ruling 34):
    /// a hand of `must_trade_at` or more at the start of the turn, and the second set
    /// of a hand larger than that when the cards left make one; while trading down
    /// after an elimination (ruling 35), until fewer than `must_trade_at` are left.
    pub(crate) fn must_trade(&self) -> bool {
        let turn = self.turn();
        if !matches!(turn.step, Step::PlaceReinforcements { .. }) {
            return false;
        }
        let at = self.variant.classic.must_trade_at as usize;
        let held = self.territory_cards(turn.seat).len();
        if turn.trading_down {
            return self.can_trade_down(turn.seat);
        }
        if turn.attacked {
            return false;
        }
        held >= at
            || (turn.trades == 1
                && usize::from(turn.hand_at_start) > at
                && !self.tradeable_sets(turn.seat).is_empty())
    }

    /// Whether `seat` still has to trade down (ruling 35): it holds `must_trade_at`
    /// cards or more, and they make a set. Trading down never asks for a set that
    /// cannot be traded, so it always ends.
    fn can_trade_down(&self, seat: Seat) -> bool {
        let at = self.variant.classic.must_trade_at as usize;
        self.territory_cards(seat).len() >= at && !self.tradeable_sets(seat).is_empty()
    }

    /// Whether the turn's seat may trade now: before placing its new armies, or
    /// while trading down.
    fn may_trade(&self) -> bool {
        let turn = self.turn();
        matches!(turn.step, Step::PlaceReinforcements { .. })
            && (!turn.attacked || turn.trading_down)
    }

    /// The seat that rolls a defending seat's dice: the seat itself, or for the
    /// neutral the next seat in play other than the attacker (ruling 27); `None`
    /// when there is none (the neutral then rolls the most dice it may).
    pub(crate) fn defence_roller(&self, defender: Seat) -> Option<Seat> {
        if !self.is_neutral(defender) {
            return Some(defender);
        }
        let attacker = self.turn().seat;
        let mut seat = attacker.next(self.seats());
        while seat != attacker {
            if !self.is_eliminated(seat) && !self.is_neutral(seat) {
                return Some(seat);
            }
            seat = seat.next(self.seats());
        }
        None
    }

    pub(crate) fn classic_turn_decision(&self) -> Decision {
        match self.turn().step {
            Step::PlaceReinforcements { armies } if self.must_trade() => {
                Decision::TradeCards { armies }
            }
            _ => self.turn_decision(),
        }
    }

    pub(crate) fn check_classic_turn(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let turn = self.turn();
        match (&turn.step, action) {
            (Step::PlaceReinforcements { .. }, Action::TradeCards { cards })
                if self.may_trade() =>
            {
                self.check_set(seat, cards).map(drop)
            }
            (Step::PlaceReinforcements { armies }, Action::PlaceArmies { placements }) => {
                if self.must_trade() {
                    return Err(RuleError::MustTrade {
                        cards: self.territory_cards(seat).len(),
                    });
                }
                self.check_placements(seat, placements, *armies)
            }
            (Step::Main, &Action::Attack { from, to }) => self.check_attack(seat, from, to),
            (Step::Main, &Action::Occupy { from, to, armies }) => {
                self.check_occupy(seat, from, to, armies)
            }
            (Step::Main, Action::EndTurn) => Ok(()),
            (Step::Attack(a), &Action::Roll { dice, general }) if a.attacker_dice.is_none() => {
                self.check_roll(a, dice, general)?;
                if self.defence_roller(a.defender).is_none() {
                    let needed = usize::from(dice + self.defender_max_dice(a));
                    self.chance
                        .can_roll(needed)
                        .map_err(|left| RuleError::FixedDiceExhausted { needed, left })?;
                }
                Ok(())
            }
            (Step::Attack(a), Action::StopAttack) if a.attacker_dice.is_none() => Ok(()),
            (Step::Attack(a), &Action::Defend { dice, marshall }) if a.attacker_dice.is_some() => {
                self.check_defend(a, dice, marshall)
            }
            (Step::MoveIn(m), &Action::MoveIn { armies }) => {
                range_check(Quantity::ArmiesMovedIn, armies, m.min, m.max)
            }
            (Step::Fortify, &Action::Fortify { from, to, armies }) => {
                self.check_classic_fortify(seat, from, to, armies)
            }
            (Step::Fortify, Action::SkipFortify) => Ok(()),
            _ => Err(self.unexpected(action)),
        }
    }

    pub(crate) fn execute_classic_turn(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) {
        match action {
            &Action::TradeCards { cards } => {
                let earned = self.trade_set(seat, cards, events);
                let done_trading_down = !self.can_trade_down(seat);
                let turn = self.turn_mut();
                turn.trades = turn.trades.saturating_add(1);
                let Step::PlaceReinforcements { armies } = &mut turn.step else {
                    unreachable!("checked: trading before placing")
                };
                *armies = armies.saturating_add(earned);
                if turn.trading_down && done_trading_down {
                    turn.trading_down = false;
                    // Nothing earned, nothing to place: no decision that changes
                    // nothing is asked.
                    if *armies == 0 {
                        turn.step = Step::Main;
                    }
                }
            }
            Action::PlaceArmies { placements } => {
                self.place_armies(seat, placements, PlacementReason::Reinforcements, events);
                self.turn_mut().step = Step::Main;
            }
            &Action::Attack { from, to } => self.start_attack(seat, from, to, None, events),
            &Action::Occupy { from, to, armies } => {
                self.move_armies(seat, from, to, armies, MoveReason::Occupy, events);
            }
            Action::EndTurn => {
                if self.classic_fortify_routes(seat).is_empty() {
                    self.finish_classic_turn(seat, events);
                } else {
                    self.turn_mut().step = Step::Fortify;
                }
            }
            &Action::Roll { dice, general } => {
                self.roll_declared(seat, dice, general, events);
                let Step::Attack(attack) = self.turn().step else {
                    unreachable!("rolling in an attack")
                };
                if self.defence_roller(attack.defender).is_none() {
                    let dice = self.defender_max_dice(&attack);
                    self.defend(attack.defender, dice, false, events);
                }
            }
            Action::StopAttack => self.stop_attack(events),
            &Action::Defend { dice, marshall } => {
                let Step::Attack(attack) = self.turn().step else {
                    unreachable!("defending in an attack")
                };
                self.defend(attack.defender, dice, marshall, events);
            }
            &Action::MoveIn { armies } => self.move_in(seat, armies, events),
            &Action::Fortify { from, to, armies } => {
                self.move_armies(seat, from, to, armies, MoveReason::Fortify, events);
                self.finish_classic_turn(seat, events);
            }
            Action::SkipFortify => self.finish_classic_turn(seat, events),
            _ => unreachable!("checked by check_classic_turn"),
        }
        self.after_classic_action(events);
    }

    /// After each action of a turn: a completed mission wins, and trading down
    /// begins once a capture that eliminated a seat is settled (ruling 35). Only an
    /// elimination leads to it, once: an ordinary capture never does, whatever the
    /// hand holds.
    fn after_classic_action(&mut self, events: &mut Vec<Event>) {
        let Phase::Turn(turn) = &self.state.phase else {
            return;
        };
        if turn.step != Step::Main {
            return;
        }
        let seat = turn.seat;
        let eliminated_a_seat = turn.eliminated_a_seat;
        if self.variant.classic.missions && self.mission_done(seat) {
            self.win_by_mission(seat, events);
            return;
        }
        if !eliminated_a_seat {
            return;
        }
        self.turn_mut().eliminated_a_seat = false;
        let held = self.territory_cards(seat).len();
        if held > self.variant.classic.trade_down_above as usize && self.can_trade_down(seat) {
            events.push(Event::public(EventKind::MustTradeDown {
                seat,
                cards: held as u32,
            }));
            let turn = self.turn_mut();
            turn.trading_down = true;
            turn.step = Step::PlaceReinforcements { armies: 0 };
        }
    }

    /// The end of `seat`'s classic turn: a card if it took a territory, then the next
    /// seat in play (the neutral never plays).
    fn finish_classic_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.turn().captured {
            self.draw_territory_card(seat, events);
        }
        if self.variant.classic.missions && self.mission_done(seat) {
            self.win_by_mission(seat, events);
            return;
        }
        events.push(Event::public(EventKind::TurnEnded { seat }));
        // Ruling 24 holds for classic Risk too: a game that stalls is drawn.
        self.state.quiet_turns = self.state.quiet_turns.saturating_add(1);
        let rounds = self.state.quiet_turns / self.seats_in_play().max(1) as u32;
        if rounds >= QUIET_ROUNDS_FOR_A_DRAW {
            self.state.phase = Phase::Drawn;
            events.push(Event::public(EventKind::GameDrawn { rounds }));
            return;
        }
        let next = self.next_in_play(seat);
        self.begin_classic_turn(next, events);
    }

    /// Checks a fortifying move: to an adjacent own territory, or with the path
    /// option to any own territory joined to `from` through own territories.
    fn check_classic_fortify(
        &self,
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
        armies: u32,
    ) -> Result<(), RuleError> {
        self.territory_exists(to)?;
        self.check_departure(seat, from, armies, Departure::Fortify)?;
        if self.owner(to) != Some(seat) || to == from {
            return Err(RuleError::NotYours(to));
        }
        if self.variant.classic.fortify_path {
            if !self.own_chain(seat, from).contains(&to) {
                return Err(RuleError::NotConnected { from, to });
            }
        } else if !self.board.are_adjacent(from, to) {
            return Err(RuleError::NotAdjacent { from, to });
        }
        Ok(())
    }

    /// The own territories joined to `from` through own territories (`from` itself
    /// left out).
    fn own_chain(&self, seat: Seat, from: TerritoryId) -> Vec<TerritoryId> {
        let mut seen = vec![false; self.board.territories.len()];
        seen[from.index()] = true;
        let mut queue = vec![from];
        let mut chain = Vec::new();
        while let Some(t) = queue.pop() {
            for &n in self.reach().neighbours(t) {
                if !seen[n.index()] && self.owner(n) == Some(seat) {
                    seen[n.index()] = true;
                    chain.push(n);
                    queue.push(n);
                }
            }
        }
        chain.sort();
        chain
    }

    /// Every fortifying move `seat` may make (classic Risk).
    pub fn classic_fortify_routes(&self, seat: Seat) -> Vec<Route> {
        if !self.variant.classic.fortify_path {
            return self.fortify_routes(seat).collect();
        }
        let mut routes = Vec::new();
        for from in self.board.territory_ids() {
            let armies = self.armies(from);
            if self.owner(from) != Some(seat) || armies < 2 {
                continue;
            }
            routes.extend(self.own_chain(seat, from).into_iter().map(|to| Route {
                from,
                to,
                max_armies: armies - 1,
            }));
        }
        routes
    }

    /// The legal actions of a classic game's pending seat.
    pub(crate) fn classic_choices(&self, seat: Seat, choices: &mut Vec<Choice>) {
        let owned = || {
            self.board
                .territory_ids()
                .filter(|&t| self.owner(t) == Some(seat))
                .collect::<Vec<_>>()
        };
        let turn = match &self.state.phase {
            Phase::Won(_) | Phase::Drawn => return,
            Phase::Setup(setup) => {
                choices.push(match setup.step {
                    SetupStep::Claim => Choice::Claim {
                        territories: self
                            .board
                            .territory_ids()
                            .filter(|&t| self.owner(t).is_none())
                            .collect(),
                    },
                    _ => Choice::PlaceArmies {
                        armies: 1,
                        territories: owned(),
                    },
                });
                return;
            }
            Phase::Turn(turn) => turn,
        };
        match &turn.step {
            Step::PlaceReinforcements { armies } => {
                let sets = if self.may_trade() {
                    self.tradeable_sets(seat)
                } else {
                    Vec::new()
                };
                if !sets.is_empty() {
                    choices.push(Choice::TradeCards { sets });
                }
                if !self.must_trade() {
                    choices.push(Choice::PlaceArmies {
                        armies: *armies,
                        territories: owned(),
                    });
                }
            }
            Step::Main => {
                let attacks: Vec<Route> = self.attack_routes(seat).collect();
                if !attacks.is_empty() {
                    choices.push(Choice::Attack { routes: attacks });
                }
                if self.state.territories.iter().any(|t| t.owner.is_none()) {
                    let routes: Vec<Route> = self.occupy_routes(seat).collect();
                    if !routes.is_empty() {
                        choices.push(Choice::Occupy { routes });
                    }
                }
                choices.push(Choice::EndTurn);
            }
            Step::Attack(attack) => match attack.attacker_dice {
                None => {
                    let (min_dice, max_dice) = self.attacker_dice_range(attack);
                    choices.push(Choice::Roll {
                        min_dice,
                        max_dice,
                        general: false,
                    });
                    choices.push(Choice::StopAttack);
                }
                Some(_) => choices.push(Choice::Defend {
                    max_dice: self.defender_max_dice(attack),
                    marshall: false,
                }),
            },
            Step::MoveIn(m) => choices.push(Choice::MoveIn {
                min: m.min,
                max: m.max,
            }),
            Step::Fortify => {
                choices.push(Choice::Fortify {
                    routes: self.classic_fortify_routes(seat),
                });
                choices.push(Choice::SkipFortify);
            }
            Step::PlaceSpoils { .. } | Step::Redistribute(_) => {
                unreachable!("Castle Risk steps never come up in classic Risk")
            }
        }
    }
}
