//! Attacks (ruling 12–17): starting one by land or by sea, the attacker's dice and
//! General, the defender's dice and Marshall, each roll through
//! [`crate::battle::resolve_roll`], stopping, and moving in after a capture. What a
//! captured castle brings is in `elimination`.

use crate::battle::{RollModifiers, resolve_roll};
use crate::board::TerritoryId;

use super::Game;
use super::card::Card;
use super::error::{Departure, Quantity, RuleError};
use super::event::{AttackEnd, Event, EventKind, MoveReason};
use super::seat::Seat;
use super::state::{Attack, MoveIn, Step};
use super::turn::range_check;

/// Most dice an attacker rolls (ruling 15).
pub const MAX_ATTACK_DICE: u8 = 3;
/// Most dice a defender rolls (ruling 15).
pub const MAX_DEFENCE_DICE: u8 = 2;

impl Game {
    /// The dice the attacker may roll next: `1..=max` by land (more armies than dice),
    /// exactly `min(3, aboard)` from the Admiral's ship; at most the castle limit
    /// against a castle.
    pub(crate) fn attacker_dice_range(&self, attack: &Attack) -> (u8, u8) {
        let limit = if self.castle_at(attack.to).is_some() {
            self.variant.castle_dice_limit.min(MAX_ATTACK_DICE)
        } else {
            MAX_ATTACK_DICE
        };
        match attack.ship {
            Some(aboard) => {
                let dice = limit.min(aboard.min(3) as u8);
                (dice, dice)
            }
            None => {
                let spare = self.armies(attack.from).saturating_sub(1).min(3) as u8;
                (1, limit.min(spare))
            }
        }
    }

    /// The most dice the defender may roll: 2 needs at least 2 armies.
    pub(crate) fn defender_max_dice(&self, attack: &Attack) -> u8 {
        MAX_DEFENCE_DICE.min(self.armies(attack.to).min(2) as u8)
    }

    /// Checks the target of an attack by `seat` from its territory `from`.
    fn check_target(&self, seat: Seat, to: TerritoryId) -> Result<Seat, RuleError> {
        self.territory_exists(to)?;
        match self.owner(to) {
            None => Err(RuleError::AttackEmptyTerritory(to)),
            Some(owner) if owner == seat => Err(RuleError::AttackOwnTerritory(to)),
            Some(owner) if self.in_truce(seat, owner) => Err(RuleError::InTruce(owner)),
            Some(owner) => Ok(owner),
        }
    }

    fn check_attacking_territory(&self, seat: Seat, from: TerritoryId) -> Result<(), RuleError> {
        self.territory_exists(from)?;
        if self.owner(from) != Some(seat) {
            return Err(RuleError::NotYours(from));
        }
        let armies = self.armies(from);
        if armies < 2 {
            return Err(RuleError::TooFewArmies {
                territory: from,
                armies,
                needed_for: Departure::Attack,
            });
        }
        Ok(())
    }

    pub(crate) fn check_attack(
        &self,
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
    ) -> Result<(), RuleError> {
        self.check_attacking_territory(seat, from)?;
        self.territory_exists(to)?;
        if !self.board.are_adjacent(from, to) {
            return Err(RuleError::NotAdjacent { from, to });
        }
        self.check_target(seat, to).map(drop)
    }

    pub(crate) fn check_admiral_attack(
        &self,
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
        armies: u32,
    ) -> Result<(), RuleError> {
        if !self.hand(seat).has(Card::Admiral) {
            return Err(RuleError::NoCard(Card::Admiral));
        }
        self.check_attacking_territory(seat, from)?;
        self.territory_exists(to)?;
        if self.board.territory(from).seas.is_empty() {
            return Err(RuleError::NotCoastal(from));
        }
        if self.board.territory(to).seas.is_empty() {
            return Err(RuleError::NotCoastal(to));
        }
        if !self.board.share_a_sea(from, to) {
            return Err(RuleError::NoSharedSea { from, to });
        }
        self.check_target(seat, to)?;
        range_check(Quantity::ArmiesAboard, armies, 1, self.armies(from) - 1)
    }

    pub(crate) fn start_attack(
        &mut self,
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
        ship: Option<u32>,
        events: &mut Vec<Event>,
    ) {
        let defender = self.owner(to).expect("checked: an enemy territory");
        if let Some(aboard) = ship {
            self.state.seats[seat.index()].hand.remove(Card::Admiral);
            self.state.territories[from.index()].armies -= aboard;
        }
        self.state.attacks += 1;
        let turn = self.turn_mut();
        turn.attacked = true;
        turn.step = Step::Attack(Attack {
            from,
            to,
            defender,
            ship,
            marshall: false,
            attacker_dice: None,
        });
        events.push(Event::public(EventKind::AttackStarted {
            seat,
            from,
            to,
            defender,
            ship,
        }));
    }

    fn attack(&self) -> &Attack {
        match &self.turn().step {
            Step::Attack(attack) => attack,
            _ => unreachable!("called during an attack"),
        }
    }

    fn attack_mut(&mut self) -> &mut Attack {
        match &mut self.turn_mut().step {
            Step::Attack(attack) => attack,
            _ => unreachable!("called during an attack"),
        }
    }

    pub(crate) fn check_roll(
        &self,
        attack: &Attack,
        dice: u8,
        general: bool,
    ) -> Result<(), RuleError> {
        let (min, max) = self.attacker_dice_range(attack);
        range_check(Quantity::AttackerDice, dice.into(), min.into(), max.into())?;
        if general {
            if self.turn().general {
                return Err(RuleError::GeneralAlreadyCommitted);
            }
            if !self.hand(self.turn().seat).has(Card::General) {
                return Err(RuleError::NoCard(Card::General));
            }
        }
        Ok(())
    }

    /// The attacker chose its dice (and maybe a General): the defender answers next.
    pub(crate) fn roll_declared(
        &mut self,
        seat: Seat,
        dice: u8,
        general: bool,
        events: &mut Vec<Event>,
    ) {
        if general {
            self.state.seats[seat.index()].hand.remove(Card::General);
            self.turn_mut().general = true;
            events.push(Event::public(EventKind::GeneralCommitted { seat }));
        }
        self.attack_mut().attacker_dice = Some(dice);
    }

    pub(crate) fn check_defend(
        &self,
        attack: &Attack,
        dice: u8,
        marshall: bool,
    ) -> Result<(), RuleError> {
        range_check(
            Quantity::DefenderDice,
            dice.into(),
            1,
            self.defender_max_dice(attack).into(),
        )?;
        if marshall {
            if attack.marshall {
                return Err(RuleError::MarshallAlreadyCommitted);
            }
            if !self.hand(attack.defender).has(Card::Marshall) {
                return Err(RuleError::NoCard(Card::Marshall));
            }
        }
        let attacker_dice = attack.attacker_dice.expect("the attacker has chosen");
        let needed = usize::from(attacker_dice + dice);
        self.chance
            .can_roll(needed)
            .map_err(|left| RuleError::FixedDiceExhausted { needed, left })
    }

    /// The defender answered: the dice are rolled and the battle resolved.
    pub(crate) fn defend(
        &mut self,
        defender: Seat,
        dice: u8,
        marshall: bool,
        events: &mut Vec<Event>,
    ) {
        if marshall {
            self.state.seats[defender.index()]
                .hand
                .remove(Card::Marshall);
            self.attack_mut().marshall = true;
            events.push(Event::public(EventKind::MarshallCommitted {
                seat: defender,
            }));
        }
        let attacker = self.turn().seat;
        let general = self.turn().general;
        let attack = *self.attack();
        let attacker_dice = attack.attacker_dice.expect("the attacker has chosen");

        let mut faces = [0u8; 5];
        for face in faces.iter_mut().take(usize::from(attacker_dice + dice)) {
            *face = self.chance.roll();
        }
        let (attack_faces, rest) = faces.split_at(usize::from(attacker_dice));
        let defence_faces = &rest[..usize::from(dice)];
        let modifiers = RollModifiers {
            general,
            marshall: attack.marshall,
            lenient_general: self.variant.lenient_general,
        };
        let outcome = resolve_roll(attack_faces, defence_faces, modifiers);
        events.push(Event::public(EventKind::DiceRolled {
            attacker,
            defender,
            attack: attack_faces.to_vec(),
            defence: defence_faces.to_vec(),
            general,
            marshall: attack.marshall,
            attacker_losses: outcome.attacker_losses,
            defender_losses: outcome.defender_losses,
        }));

        let attacker_losses = u32::from(outcome.attacker_losses);
        let ship = attack.ship.map(|aboard| aboard - attacker_losses);
        if ship.is_none() {
            self.state.territories[attack.from.index()].armies -= attacker_losses;
        }
        if attacker_losses > 0 {
            events.push(Event::public(EventKind::ArmiesLost {
                seat: attacker,
                territory: attack.from,
                armies: attacker_losses,
                aboard: ship.is_some(),
            }));
        }
        let defender_losses = u32::from(outcome.defender_losses);
        self.state.territories[attack.to.index()].armies -= defender_losses;
        if defender_losses > 0 {
            events.push(Event::public(EventKind::ArmiesLost {
                seat: defender,
                territory: attack.to,
                armies: defender_losses,
                aboard: false,
            }));
        }
        if outcome.general_lost {
            self.turn_mut().general = false;
            self.state.discards.push(Card::General);
            events.push(Event::public(EventKind::CardLost {
                seat: attacker,
                card: Card::General,
            }));
        }
        if outcome.marshall_lost {
            self.state.discards.push(Card::Marshall);
            events.push(Event::public(EventKind::CardLost {
                seat: defender,
                card: Card::Marshall,
            }));
        }
        {
            let a = self.attack_mut();
            a.attacker_dice = None;
            a.ship = ship;
            a.marshall &= !outcome.marshall_lost;
        }

        if self.armies(attack.to) == 0 {
            self.capture(attacker, attacker_dice, events);
        } else if ship == Some(0) {
            self.state.discards.push(Card::Admiral);
            events.push(Event::public(EventKind::CardLost {
                seat: attacker,
                card: Card::Admiral,
            }));
            self.end_attack(AttackEnd::ShipLost, events);
        } else if ship.is_none() && self.armies(attack.from) < 2 {
            self.end_attack(AttackEnd::OutOfArmies, events);
        }
    }

    pub(crate) fn stop_attack(&mut self, events: &mut Vec<Event>) {
        self.end_attack(AttackEnd::Stopped, events);
    }

    /// Ends the attack: a surviving Marshall returns to the defender's hand.
    fn end_attack(&mut self, reason: AttackEnd, events: &mut Vec<Event>) {
        let attack = *self.attack();
        if attack.marshall {
            self.state.seats[attack.defender.index()]
                .hand
                .add(Card::Marshall);
            events.push(Event::public(EventKind::CardReturned {
                seat: attack.defender,
                card: Card::Marshall,
            }));
        }
        events.push(Event::public(EventKind::AttackEnded {
            from: attack.from,
            to: attack.to,
            reason,
        }));
        self.turn_mut().step = Step::Main;
    }

    /// The defender's last army fell: the territory changes hands, a castle falls with
    /// its owner, and the attackers move in (all of them from a ship).
    fn capture(&mut self, seat: Seat, last_dice: u8, events: &mut Vec<Event>) {
        let attack = *self.attack();
        self.end_attack(AttackEnd::Captured, events);
        let (from, to) = (attack.from, attack.to);
        self.state.territories[to.index()].owner = Some(seat);
        self.state.quiet_turns = 0;
        events.push(Event::public(EventKind::TerritoryTaken {
            seat,
            territory: to,
            from: Some(attack.defender),
        }));

        let vacated = self.rules_after_capture(attack.defender, seat, to, events);

        if let Some(aboard) = attack.ship {
            self.state.territories[to.index()].armies = aboard;
            events.push(Event::public(EventKind::ArmiesMoved {
                seat,
                from,
                to,
                armies: aboard,
                reason: MoveReason::Landing,
            }));
            self.state.seats[seat.index()].hand.add(Card::Admiral);
            events.push(Event::public(EventKind::CardReturned {
                seat,
                card: Card::Admiral,
            }));
            self.after_move_in(seat, to, None, vacated, events);
            return;
        }

        let min = u32::from(last_dice);
        let max = self.armies(from) - 1;
        if min == max || self.winner().is_some() {
            // Nothing to decide (or nobody left to decide against): the least moves in.
            self.move_armies(seat, from, to, min, MoveReason::MoveIn, events);
            self.after_move_in(seat, to, Some(from), vacated, events);
        } else {
            self.turn_mut().step = Step::MoveIn(MoveIn {
                from,
                to,
                min,
                max,
                vacated,
            });
        }
    }

    pub(crate) fn move_in(&mut self, seat: Seat, armies: u32, events: &mut Vec<Event>) {
        let Step::MoveIn(m) = std::mem::replace(&mut self.turn_mut().step, Step::Main) else {
            unreachable!("checked: moving in")
        };
        self.move_armies(seat, m.from, m.to, armies, MoveReason::MoveIn, events);
        self.after_move_in(seat, m.to, Some(m.from), m.vacated, events);
    }

    /// After the attackers moved in: the vacated territories of a fallen castle's owner
    /// are filled, else the turn goes on.
    fn after_move_in(
        &mut self,
        seat: Seat,
        captured: TerritoryId,
        origin: Option<TerritoryId>,
        vacated: Vec<TerritoryId>,
        events: &mut Vec<Event>,
    ) {
        if self.winner().is_some() {
            // The last castle fell and the armies are in: the game is won.
            events.push(Event::public(EventKind::GameWon { seat }));
            return;
        }
        if vacated.is_empty() {
            self.turn_mut().step = Step::Main;
        } else {
            self.begin_redistribution(seat, [Some(captured), origin], vacated, events);
        }
    }
}
