//! Playing cards from the hand (ruling 9–11): Reinforcements onto the track,
//! Diplomats making truces, and Spies (with the target's answer and the discard).
//! Generals, Marshalls and Admirals are committed to attacks in `attack`.

use super::Game;
use super::card::Card;
use super::error::{DiplomatsOff, RuleError};
use super::event::{Event, EventKind};
use super::seat::Seat;
use super::state::{SpyStage, Step, Truce};

impl Game {
    /// Track numbers still free.
    pub(crate) fn track_room(&self) -> usize {
        self.variant.reinforcement_track.len() - self.state.track
    }

    /// Armies the next `cards` Reinforcement cards are worth.
    pub fn reinforcement_armies(&self, cards: u8) -> u32 {
        track_armies(&self.variant.reinforcement_track, self.state.track, cards)
    }

    pub(crate) fn check_reinforcements(&self, seat: Seat, cards: u8) -> Result<(), RuleError> {
        if self.turn().attacked {
            return Err(RuleError::AfterFirstAttack(Card::Reinforcements));
        }
        let held = self.hand(seat).count(Card::Reinforcements);
        if held == 0 {
            return Err(RuleError::NoCard(Card::Reinforcements));
        }
        let room = self.track_room();
        if room == 0 {
            return Err(RuleError::TrackFull);
        }
        if cards == 0 {
            return Err(RuleError::NoReinforcementCards);
        }
        if cards > held || usize::from(cards) > room {
            return Err(RuleError::TooManyReinforcements {
                asked: cards,
                held,
                room,
            });
        }
        Ok(())
    }

    pub(crate) fn play_reinforcements(&mut self, seat: Seat, cards: u8, events: &mut Vec<Event>) {
        let earned = self.reinforcement_armies(cards);
        let first_slot = u16::try_from(self.state.track).unwrap_or(u16::MAX);
        let hand = &mut self.state.seats[seat.index()].hand;
        for _ in 0..cards {
            hand.remove(Card::Reinforcements);
        }
        self.state.track += usize::from(cards);
        events.push(Event::public(EventKind::ReinforcementsPlayed {
            seat,
            cards,
            first_slot,
            armies: earned,
        }));
        let armies = self.armies_with_room(seat, earned, events);
        if armies > 0 {
            self.turn_mut().step = Step::PlaceReinforcements { armies };
        }
    }

    pub(crate) fn check_diplomat(&self, seat: Seat, target: Seat) -> Result<(), RuleError> {
        if !self.variant.diplomats_in_play {
            return Err(RuleError::DiplomatsNotUsed(DiplomatsOff::InVariant));
        }
        if self.seats_in_play() <= 2 {
            return Err(RuleError::DiplomatsNotUsed(DiplomatsOff::TwoSeats));
        }
        if self.turn().attacked {
            return Err(RuleError::AfterFirstAttack(Card::Diplomat));
        }
        if !self.hand(seat).has(Card::Diplomat) {
            return Err(RuleError::NoCard(Card::Diplomat));
        }
        self.other_seat_in_play(seat, target)?;
        if self.state.truces.contains(&Truce { seat, target }) {
            return Err(RuleError::TruceAlreadyMade(target));
        }
        Ok(())
    }

    pub(crate) fn play_diplomat(&mut self, seat: Seat, target: Seat, events: &mut Vec<Event>) {
        // The card stays on the table with the truce, and is discarded when it ends.
        self.state.seats[seat.index()].hand.remove(Card::Diplomat);
        self.state.truces.push(Truce { seat, target });
        events.push(Event::public(EventKind::TruceMade { seat, target }));
    }

    pub(crate) fn check_spy(&self, seat: Seat, target: Seat) -> Result<(), RuleError> {
        if !self.hand(seat).has(Card::Spy) {
            return Err(RuleError::NoCard(Card::Spy));
        }
        self.other_seat_in_play(seat, target)
    }

    pub(crate) fn play_spy(&mut self, seat: Seat, target: Seat, events: &mut Vec<Event>) {
        self.state.seats[seat.index()].hand.remove(Card::Spy);
        self.state.discards.push(Card::Spy);
        events.push(Event::public(EventKind::SpyPlayed { seat, target }));
        self.turn_mut().spy = Some(SpyStage::Answer { target });
    }

    pub(crate) fn check_answer_spy(&self, target: Seat, counter: bool) -> Result<(), RuleError> {
        if counter && !self.hand(target).has(Card::Spy) {
            return Err(RuleError::NoCard(Card::Spy));
        }
        Ok(())
    }

    pub(crate) fn answer_spy(&mut self, target: Seat, counter: bool, events: &mut Vec<Event>) {
        let spy = self.turn().seat;
        if counter {
            self.state.seats[target.index()].hand.remove(Card::Spy);
            self.state.discards.push(Card::Spy);
            events.push(Event::public(EventKind::SpyCountered { seat: spy, target }));
            self.turn_mut().spy = None;
            return;
        }
        let hand = self.hand(target);
        events.push(Event::private(
            spy,
            EventKind::HandSeen {
                seat: spy,
                target,
                hand,
            },
        ));
        self.turn_mut().spy = if hand.is_empty() {
            None
        } else {
            Some(SpyStage::Choose { target })
        };
    }

    pub(crate) fn check_spy_discard(&self, target: Seat, card: Card) -> Result<(), RuleError> {
        if self.hand(target).has(card) {
            Ok(())
        } else {
            Err(RuleError::TargetHasNoCard { seat: target, card })
        }
    }

    pub(crate) fn spy_discard(&mut self, card: Card, events: &mut Vec<Event>) {
        let spy = self.turn().seat;
        let Some(SpyStage::Choose { target }) = self.turn().spy else {
            unreachable!("checked: a spy is choosing")
        };
        self.state.seats[target.index()].hand.remove(card);
        self.state.discards.push(card);
        events.push(Event::public(EventKind::CardDiscardedBySpy {
            seat: spy,
            target,
            card,
        }));
        self.turn_mut().spy = None;
    }
}

/// Armies the next `cards` Reinforcement cards bring on a track of `values` with
/// `played` cards on it already: the next numbers, nothing past the track's end
/// (ruling 9).
pub(crate) fn track_armies(values: &[u32], played: usize, cards: u8) -> u32 {
    let start = played.min(values.len());
    let end = (start + usize::from(cards)).min(values.len());
    values[start..end]
        .iter()
        .fold(0u32, |sum, &n| sum.saturating_add(n))
}
