//! The turn (ruling 6–8): its start (topping the hand up, drawing), which action fits
//! which step, placing Reinforcement and spoils armies, moving into empty territories,
//! classic fortify, and the end of the turn (returning the General, truces expiring,
//! Diplomats leaving two-seat games, the next seat).

use crate::board::TerritoryId;

use super::Game;
use super::action::Action;
use super::card::Card;
use super::error::{Departure, Quantity, RuleError};
use super::event::{Event, EventKind, MoveReason, PlacementReason};
use super::pending::Decision;
use super::seat::Seat;
use super::state::{Phase, QUIET_ROUNDS_FOR_A_DRAW, SpyStage, Step, Turn};

/// A hand is topped up to this many cards before the turn's draw (ruling 6).
pub const HAND_TOP_UP: usize = 3;

impl Game {
    pub(crate) fn turn(&self) -> &Turn {
        match &self.state.phase {
            Phase::Turn(turn) => turn,
            _ => unreachable!("called during a turn"),
        }
    }

    pub(crate) fn turn_mut(&mut self) -> &mut Turn {
        match &mut self.state.phase {
            Phase::Turn(turn) => turn,
            _ => unreachable!("called during a turn"),
        }
    }

    pub(crate) fn turn_decision(&self) -> Decision {
        let turn = self.turn();
        if let Some(offer) = &turn.offer {
            return Decision::AnswerOffer {
                from: turn.seat,
                give: offer.give,
                ask: offer.ask,
            };
        }
        match (&turn.spy, &turn.step) {
            (Some(SpyStage::Answer { .. }), _) => Decision::AnswerSpy { spy: turn.seat },
            (Some(SpyStage::Choose { target }), _) => Decision::SpyDiscard { target: *target },
            (None, Step::Main) => Decision::Play {
                attacked: turn.attacked,
            },
            (None, Step::PlaceReinforcements { armies }) => Decision::PlaceArmies {
                armies: *armies,
                reason: PlacementReason::Reinforcements,
            },
            (None, Step::PlaceSpoils { armies }) => Decision::PlaceArmies {
                armies: *armies,
                reason: PlacementReason::Spoils,
            },
            (None, Step::Attack(attack)) => match attack.attacker_dice {
                None => {
                    let (min_dice, max_dice) = self.attacker_dice_range(attack);
                    Decision::Roll {
                        from: attack.from,
                        to: attack.to,
                        min_dice,
                        max_dice,
                        ship: attack.ship,
                    }
                }
                Some(attacker_dice) => Decision::Defend {
                    territory: attack.to,
                    attacker_dice,
                    max_dice: self.defender_max_dice(attack),
                },
            },
            (None, Step::MoveIn(m)) => Decision::MoveIn {
                from: m.from,
                to: m.to,
                min: m.min,
                max: m.max,
            },
            (None, Step::Redistribute(r)) => Decision::FillVacated {
                territories: r.vacated.clone(),
                victor: r.filler == r.victor && !r.victor_done,
            },
            (None, Step::Fortify) => Decision::Fortify,
        }
    }

    pub(crate) fn check_turn(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let turn = self.turn();
        if let Some(offer) = &turn.offer {
            return match action {
                &Action::AnswerOffer { accept } => self.check_answer_offer(offer, accept),
                _ => Err(self.unexpected(action)),
            };
        }
        match (&turn.spy, &turn.step, action) {
            (Some(SpyStage::Answer { target }), _, &Action::AnswerSpy { counter }) => {
                self.check_answer_spy(*target, counter)
            }
            (Some(SpyStage::Choose { target }), _, &Action::SpyDiscard { card }) => {
                self.check_spy_discard(*target, card)
            }
            (Some(_), _, _) => Err(self.unexpected(action)),

            (None, Step::Main, Action::PlayReinforcements { cards }) => {
                self.check_reinforcements(seat, *cards)
            }
            (None, Step::Main, &Action::PlayDiplomat { target }) => {
                self.check_diplomat(seat, target)
            }
            (None, Step::Main, &Action::Attack { from, to }) => self.check_attack(seat, from, to),
            (None, Step::Main, &Action::AdmiralAttack { from, to, armies }) => {
                self.check_admiral_attack(seat, from, to, armies)
            }
            (None, Step::Main, &Action::Occupy { from, to, armies }) => {
                self.check_occupy(seat, from, to, armies)
            }
            (None, Step::Main, Action::EndTurn) => Ok(()),
            (None, Step::Main, Action::OfferCards { target, give, ask }) => {
                self.check_offer(seat, *target, give, ask)
            }

            (None, Step::Main, &Action::PlaySpy { target }) => self.check_spy(seat, target),
            (None, Step::Attack(a), &Action::PlaySpy { target }) if a.attacker_dice.is_none() => {
                self.check_spy(seat, target)
            }
            (None, Step::Main, &Action::RevealHiddenArmies { territory }) => {
                self.check_reveal(seat, territory)
            }
            (None, Step::Attack(a), &Action::RevealHiddenArmies { territory }) => {
                if a.attacker_dice.is_some() && territory != a.to {
                    self.territory_exists(territory)?;
                    return Err(RuleError::RevealOnlyUnderAttack(a.to));
                }
                self.check_reveal(seat, territory)
            }

            (
                None,
                Step::PlaceReinforcements { armies } | Step::PlaceSpoils { armies },
                Action::PlaceArmies { placements },
            ) => self.check_placements(seat, placements, *armies),

            (None, Step::Attack(a), &Action::Roll { dice, general })
                if a.attacker_dice.is_none() =>
            {
                self.check_roll(a, dice, general)
            }
            (None, Step::Attack(a), Action::StopAttack) if a.attacker_dice.is_none() => {
                if a.ship.is_some() {
                    Err(RuleError::CannotStopAdmiral)
                } else {
                    Ok(())
                }
            }
            (None, Step::Attack(a), &Action::Defend { dice, marshall })
                if a.attacker_dice.is_some() =>
            {
                self.check_defend(a, dice, marshall)
            }
            (None, Step::MoveIn(m), &Action::MoveIn { armies }) => {
                range_check(Quantity::ArmiesMovedIn, armies, m.min, m.max)
            }
            (None, Step::Redistribute(r), &Action::FillVacated { territory, from }) => {
                self.check_fill(r, territory, from)
            }
            (None, Step::Redistribute(r), Action::StopFilling)
                if r.filler == r.victor && !r.victor_done =>
            {
                Ok(())
            }

            (None, Step::Fortify, &Action::Fortify { from, to, armies }) => {
                self.check_fortify(seat, from, to, armies)
            }
            (None, Step::Fortify, Action::SkipFortify) => Ok(()),

            _ => Err(self.unexpected(action)),
        }
    }

    pub(crate) fn execute_turn(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        match action {
            &Action::AnswerSpy { counter } => self.answer_spy(seat, counter, events),
            &Action::SpyDiscard { card } => self.spy_discard(card, events),
            &Action::PlayReinforcements { cards } => self.play_reinforcements(seat, cards, events),
            &Action::PlayDiplomat { target } => self.play_diplomat(seat, target, events),
            &Action::PlaySpy { target } => self.play_spy(seat, target, events),
            &Action::RevealHiddenArmies { territory } => {
                self.reveal_hidden_armies(seat, territory, events)
            }
            &Action::Attack { from, to } => self.start_attack(seat, from, to, None, events),
            &Action::AdmiralAttack { from, to, armies } => {
                self.start_attack(seat, from, to, Some(armies), events)
            }
            &Action::Occupy { from, to, armies } => {
                self.move_armies(seat, from, to, armies, MoveReason::Occupy, events);
            }
            Action::EndTurn => self.end_attacks(seat, events),
            Action::PlaceArmies { placements } => {
                let reason = match self.turn().step {
                    Step::PlaceReinforcements { .. } => PlacementReason::Reinforcements,
                    _ => PlacementReason::Spoils,
                };
                self.place_armies(seat, placements, reason, events);
                match reason {
                    PlacementReason::Reinforcements => self.turn_mut().step = Step::Main,
                    _ => self.finish_turn(seat, events),
                }
            }
            &Action::Roll { dice, general } => self.roll_declared(seat, dice, general, events),
            Action::StopAttack => self.stop_attack(events),
            &Action::Defend { dice, marshall } => self.defend(seat, dice, marshall, events),
            &Action::MoveIn { armies } => self.move_in(seat, armies, events),
            &Action::FillVacated { territory, from } => {
                self.fill_vacated(seat, territory, from, events)
            }
            Action::StopFilling => self.stop_filling(events),
            &Action::Fortify { from, to, armies } => {
                self.move_armies(seat, from, to, armies, MoveReason::Fortify, events);
                self.collect_spoils(seat, events);
            }
            Action::SkipFortify => self.collect_spoils(seat, events),
            &Action::OfferCards { target, give, ask } => {
                self.offer_cards(seat, target, give, ask, events)
            }
            &Action::AnswerOffer { accept } => self.answer_offer(accept, events),
            Action::PlaceCastle { .. } | Action::Claim { .. } | Action::HideArmies { .. } => {
                unreachable!("setup actions are refused during turns")
            }
            Action::TradeCards { .. } => unreachable!("classic actions are refused here"),
        }
    }

    /// Starts `seat`'s turn: top the hand up to 3, then draw 1 (ruling 6).
    pub(crate) fn begin_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.state.turns = self.state.turns.saturating_add(1);
        self.state.phase = Phase::Turn(Turn {
            seat,
            attacked: false,
            general: false,
            step: Step::Main,
            spy: None,
            offer: None,
            offered: 0,
            captured: false,
            trades: 0,
            hand_at_start: 0,
            trading_down: false,
            eliminated_a_seat: false,
        });
        events.push(Event::public(EventKind::TurnStarted {
            seat,
            turn: self.state.turns,
        }));
        self.fill_hand_to(seat, HAND_TOP_UP, events);
        self.draw_card(seat, events);
    }

    /// The seat ends its attacks: fortify if the variant allows and a move exists,
    /// then spoils.
    fn end_attacks(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if self.variant.classic_fortify && self.fortify_routes(seat).next().is_some() {
            self.turn_mut().step = Step::Fortify;
        } else {
            self.collect_spoils(seat, events);
        }
    }

    /// Spoils (ruling 20): to be placed, or straight to the turn's end when none.
    fn collect_spoils(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let breakdown = self.spoils_for(seat);
        let earned = breakdown.total;
        events.push(Event::public(EventKind::Spoils { seat, breakdown }));
        let armies = self.armies_with_room(seat, earned, events);
        if armies > 0 {
            self.turn_mut().step = Step::PlaceSpoils { armies };
        } else {
            self.finish_turn(seat, events);
        }
    }

    /// The end of `seat`'s turn, and the start of the next seat's.
    fn finish_turn(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let general = self.turn().general;
        if general {
            self.state.seats[seat.index()].hand.add(Card::General);
            events.push(Event::public(EventKind::CardReturned {
                seat,
                card: Card::General,
            }));
        }
        // Truces on this seat have lasted until the end of its turn (ruling 10).
        self.end_truces(|t| t.target == seat, events);
        if !self.diplomats_in_use() {
            self.swap_diplomats_in_hands(seat, events);
        }
        events.push(Event::public(EventKind::TurnEnded { seat }));
        // Ruling 24: a game in which nothing is taken for long enough is drawn.
        self.state.quiet_turns = self.state.quiet_turns.saturating_add(1);
        let rounds = self.state.quiet_turns / self.seats_in_play().max(1) as u32;
        if rounds >= QUIET_ROUNDS_FOR_A_DRAW {
            self.state.phase = Phase::Drawn;
            events.push(Event::public(EventKind::GameDrawn { rounds }));
            return;
        }
        let next = self.next_in_play(seat);
        self.begin_turn(next, events);
    }

    /// Of `armies` earned by `seat`, those the board has room for (ruling 26); the
    /// others are forfeited, and an event says so.
    pub(crate) fn armies_with_room(&self, seat: Seat, armies: u32, events: &mut Vec<Event>) -> u32 {
        let room = self.room_for_armies();
        if armies > room {
            events.push(Event::public(EventKind::ArmiesForfeited {
                seat,
                armies: armies - room,
            }));
        }
        armies.min(room)
    }

    /// Diplomats are out of use (ruling 10): every seat in play, from `seat` on,
    /// discards the Diplomats it holds and draws replacements. Hands hold some only at
    /// the end of the turn the game dropped to two seats (both remaining seats' own,
    /// and those the victor took), so that is when it happens. The hands themselves
    /// tell it, not a mark on the turn: a position written in that turn and read back
    /// still swaps them.
    fn swap_diplomats_in_hands(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let mut s = seat;
        for _ in 0..self.seats() {
            if !self.is_eliminated(s) {
                let count = self.state.seats[s.index()].hand.remove_all(Card::Diplomat);
                if count > 0 {
                    self.state
                        .discards
                        .extend(std::iter::repeat_n(Card::Diplomat, count.into()));
                    events.push(Event::public(EventKind::DiplomatsDiscarded {
                        seat: s,
                        count,
                    }));
                    for _ in 0..count {
                        self.draw_card(s, events);
                    }
                }
            }
            s = s.next(self.seats());
        }
    }

    /// Moves checked armies between territories; the destination becomes the mover's.
    pub(crate) fn move_armies(
        &mut self,
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
        armies: u32,
        reason: MoveReason,
        events: &mut Vec<Event>,
    ) {
        self.state.territories[from.index()].armies -= armies;
        let dest = &mut self.state.territories[to.index()];
        dest.owner = Some(seat);
        dest.armies += armies;
        events.push(Event::public(EventKind::ArmiesMoved {
            seat,
            from,
            to,
            armies,
            reason,
        }));
    }

    /// Checks an own territory from which armies may leave (keeping 1), and an amount.
    pub(crate) fn check_departure(
        &self,
        seat: Seat,
        from: TerritoryId,
        armies: u32,
        needed_for: Departure,
    ) -> Result<(), RuleError> {
        self.territory_exists(from)?;
        let t = self.territory(from);
        if t.owner != Some(seat) {
            return Err(RuleError::NotYours(from));
        }
        if t.armies < 2 {
            return Err(RuleError::TooFewArmies {
                territory: from,
                armies: t.armies,
                needed_for,
            });
        }
        range_check(Quantity::ArmiesMoved, armies, 1, t.armies - 1)
    }

    pub(crate) fn check_occupy(
        &self,
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
        armies: u32,
    ) -> Result<(), RuleError> {
        self.check_move_to_neighbour(seat, from, to, armies, Departure::Move)?;
        if self.owner(to).is_some() {
            return Err(RuleError::NotEmpty(to));
        }
        Ok(())
    }

    fn check_fortify(
        &self,
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
        armies: u32,
    ) -> Result<(), RuleError> {
        self.check_move_to_neighbour(seat, from, to, armies, Departure::Fortify)?;
        if self.owner(to) != Some(seat) {
            return Err(RuleError::NotYours(to));
        }
        Ok(())
    }

    /// What moving into an empty territory and fortifying share: `armies` may leave
    /// `from` (1 stays behind) for a neighbouring `to`.
    fn check_move_to_neighbour(
        &self,
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
        armies: u32,
        needed_for: Departure,
    ) -> Result<(), RuleError> {
        self.territory_exists(to)?;
        self.check_departure(seat, from, armies, needed_for)?;
        if !self.board.are_adjacent(from, to) {
            return Err(RuleError::NotAdjacent { from, to });
        }
        Ok(())
    }

    /// Ends every truce matching `ends`; its Diplomat goes to the discards then
    /// (the rulebook discards it "at the end of the round").
    pub(crate) fn end_truces(
        &mut self,
        ends: impl Fn(&super::state::Truce) -> bool,
        events: &mut Vec<Event>,
    ) {
        let mut i = 0;
        while i < self.state.truces.len() {
            let truce = self.state.truces[i];
            if ends(&truce) {
                self.state.truces.remove(i);
                self.state.discards.push(Card::Diplomat);
                events.push(Event::public(EventKind::TruceEnded {
                    seat: truce.seat,
                    target: truce.target,
                }));
            } else {
                i += 1;
            }
        }
    }
}

/// Checks `min <= value <= max`, naming the quantity in the error.
pub(crate) fn range_check(what: Quantity, value: u32, min: u32, max: u32) -> Result<(), RuleError> {
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(RuleError::OutOfRange {
            what,
            asked: value.into(),
            min: min.into(),
            max: max.into(),
        })
    }
}
