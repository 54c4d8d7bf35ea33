//! Defences people leave to the game: with the quick-defence preference (ruling 17),
//! a defence with nothing to decide but the dice is made at once with the most dice,
//! and a defender who declined its cards is not asked again in the same attack; a
//! defender may also order "the most dice for the rest of this attack" (keeping or
//! committing its Marshall); and rolling an attack on until it is decided.

use castellan_engine::game::{Action, Choice, Decision, Event, RuleError, Seat};

use super::Session;

/// A defender's order, given in person, to defend every roll of one attack with the
/// most dice the engine allows, committing the Marshall at the first roll if
/// `marshall` (once committed it stays for the attack, so later rolls need not).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct StandingDefence {
    /// The attack, by the engine's number.
    attack: u32,
    seat: Seat,
    marshall: bool,
}

impl Session {
    /// The defence the game makes for a person who left it to the game: their
    /// standing order for this attack, or, with the quick-defence preference, the
    /// most dice when the defence offers no card to play. The dice and whether a
    /// Marshall may be committed are read from the engine's legal actions.
    pub(super) fn defence_left_to_the_game(&self) -> Option<(Seat, Action)> {
        let pending = self.game.pending()?;
        let Decision::Defend { .. } = pending.decision else {
            return None;
        };
        let (max_dice, marshall_offered) = self.defence_offered()?;
        if let Some(order) = self.standing_order_for(pending.seat) {
            return Some((
                pending.seat,
                Action::Defend {
                    dice: max_dice,
                    marshall: order.marshall && marshall_offered,
                },
            ));
        }
        let person = !self.seats[pending.seat.index()].computer;
        (self.quick_defence && person && !self.defender_must_be_asked()).then_some((
            pending.seat,
            Action::Defend {
                dice: max_dice,
                marshall: false,
            },
        ))
    }

    /// The most dice the pending defence allows and whether it offers a Marshall.
    pub(super) fn defence_offered(&self) -> Option<(u8, bool)> {
        self.game
            .legal_actions()
            .choices
            .iter()
            .find_map(|choice| match *choice {
                Choice::Defend { max_dice, marshall } => Some((max_dice, marshall)),
                _ => None,
            })
    }

    /// `seat`'s standing order, if it holds for the attack in progress.
    pub(super) fn standing_order_for(&self, seat: Seat) -> Option<StandingDefence> {
        let attack = self.game.attack_in_progress()?.number;
        self.standing_defence
            .filter(|order| order.seat == seat && order.attack == attack)
    }

    /// The pending defender orders the most dice for every roll left in this attack,
    /// committing its Marshall at once if `marshall`: the defence at hand is made
    /// now, and the later ones as the attacker rolls, without asking. Like declining
    /// cards under ruling 17, it also declines bringing out hidden armies in this
    /// attack: the order is for not being asked again. Refused (with
    /// nothing changed) as the engine refuses the defence: unless `seat` has a
    /// defence to make and, when `marshall`, a Marshall to commit.
    pub fn defend_for_the_attack(
        &mut self,
        seat: Seat,
        marshall: bool,
    ) -> Result<Vec<Event>, RuleError> {
        let dice = self.defence_offered().map_or(1, |(max_dice, _)| max_dice);
        let defence = Action::Defend { dice, marshall };
        // Refused as the engine refuses it: not this seat's defence, no Marshall.
        self.game.check(seat, &defence)?;
        // A defence the engine allows is always within an attack.
        let Some(attack) = self.game.attack_in_progress().map(|a| a.number) else {
            return Err(RuleError::GameOver);
        };
        let events = self.apply(seat, defence)?;
        self.standing_defence = Some(StandingDefence {
            attack,
            seat,
            marshall,
        });
        Ok(events)
    }

    /// Whether the pending defence needs the defender in person: it offers cards, and
    /// the defender has not already defended without them in this attack.
    fn defender_must_be_asked(&self) -> bool {
        let attack = self.game.attack_in_progress().map(|a| a.number);
        self.defence_needs_a_person() && self.cards_declined_in != attack
    }

    /// Whether the pending defence offers more than dice: a Marshall to commit or
    /// hidden armies to bring out, which only the defender can decide.
    pub(super) fn defence_needs_a_person(&self) -> bool {
        self.game.legal_actions().choices.iter().any(|c| {
            matches!(
                c,
                Choice::Defend { marshall: true, .. } | Choice::RevealHiddenArmies { .. }
            )
        })
    }

    /// Rolls `dice` dice (committing a General first if `general`) and keeps rolling
    /// the same attack: each defence is answered with the most dice (the "always roll
    /// most dice" preference) unless the defender is a person who could also commit a
    /// Marshall or bring out hidden armies, which needs them. Stops when the attack
    /// ends or a decision needs a person; returns every event.
    pub fn roll_until_decided(&mut self, dice: u8, general: bool) -> Result<Vec<Event>, RuleError> {
        let Some(attacker) = self.game.pending_seat() else {
            return Err(RuleError::GameOver);
        };
        let mut events = Vec::new();
        let mut general = general;
        // Every roll costs someone an army, so an attack ends within the armies on the
        // board; the bound only guards against a surprise.
        for _ in 0..10_000 {
            let Some(pending) = self.game.pending() else {
                break;
            };
            match pending.decision {
                Decision::Roll {
                    min_dice, max_dice, ..
                } if pending.seat == attacker => {
                    let roll = Action::Roll {
                        dice: dice.clamp(min_dice, max_dice),
                        general,
                    };
                    general = false;
                    events.extend(self.apply(attacker, roll)?);
                }
                Decision::Defend { max_dice, .. } => {
                    let defender = pending.seat;
                    let person = !self.seats[defender.index()].computer;
                    if person && self.defender_must_be_asked() {
                        break;
                    }
                    let defence = Action::Defend {
                        dice: max_dice,
                        marshall: false,
                    };
                    events.extend(self.apply(defender, defence)?);
                }
                _ => break,
            }
        }
        Ok(events)
    }
}
