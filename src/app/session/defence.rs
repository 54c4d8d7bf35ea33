//! Defences people leave to the game: with the quick-defence preference (ruling 17),
//! a defence with nothing to decide but the dice is made at once with the most dice,
//! and a defender who declined its cards is not asked again in the same attack; and
//! rolling an attack on until it is decided.

use castellan_engine::game::{Action, Choice, Decision, Event, RuleError, Seat};

use super::Session;

impl Session {
    /// The defence to make for a person who leaves plain defences to the game: the
    /// most dice, when a defence is pending and it offers no card to play.
    pub(super) fn plain_defence(&self) -> Option<(Seat, Action)> {
        let pending = self.game.pending()?;
        let Decision::Defend { max_dice, .. } = pending.decision else {
            return None;
        };
        let person = !self.seats[pending.seat.index()].computer;
        (self.quick_defence && person && !self.defender_must_be_asked()).then_some((
            pending.seat,
            Action::Defend {
                dice: max_dice,
                marshall: false,
            },
        ))
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
