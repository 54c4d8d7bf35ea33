//! Card trading (ruling 25): the rulebook's negotiations "may be carried out at any
//! time. Example: card trading." In one's own turn, between attacks, a seat offers
//! cards from its hand to another seat in play, asking cards in return or none; the
//! other seat accepts (holding what is asked) or refuses. Everything is done openly.

use super::Game;
use super::card::{Card, Hand};
use super::error::RuleError;
use super::event::{Event, EventKind};
use super::seat::Seat;
use super::state::Offer;

impl Game {
    pub(crate) fn check_offer(
        &self,
        seat: Seat,
        target: Seat,
        give: &Hand,
        ask: &Hand,
    ) -> Result<(), RuleError> {
        self.other_seat_in_play(seat, target)?;
        if give.is_empty() && ask.is_empty() {
            return Err(RuleError::EmptyOffer);
        }
        if self.turn().offered >> target.index() & 1 == 1 {
            return Err(RuleError::AlreadyOffered(target));
        }
        covers(&self.hand(seat), give).map_err(|(card, offered, held)| RuleError::OfferBeyondHand {
            card,
            offered,
            held,
        })
    }

    pub(crate) fn offer_cards(
        &mut self,
        seat: Seat,
        target: Seat,
        give: Hand,
        ask: Hand,
        events: &mut Vec<Event>,
    ) {
        let turn = self.turn_mut();
        turn.offered |= 1 << target.index();
        turn.offer = Some(Offer { target, give, ask });
        events.push(Event::public(EventKind::CardsOffered {
            seat,
            target,
            give,
            ask,
        }));
    }

    /// Checks the target's answer: refusing is always possible, accepting only when it
    /// holds every card asked.
    pub(crate) fn check_answer_offer(&self, offer: &Offer, accept: bool) -> Result<(), RuleError> {
        if !accept {
            return Ok(());
        }
        covers(&self.hand(offer.target), &offer.ask)
            .map_err(|(card, asked, held)| RuleError::CannotMeetOffer { card, asked, held })
    }

    pub(crate) fn answer_offer(&mut self, accept: bool, events: &mut Vec<Event>) {
        let seat = self.turn().seat;
        let Some(Offer { target, give, ask }) = self.turn_mut().offer.take() else {
            unreachable!("checked: an offer awaits its answer")
        };
        if !accept {
            events.push(Event::public(EventKind::OfferRefused { seat, target }));
            return;
        }
        for (from, to, cards) in [(seat, target, give), (target, seat, ask)] {
            for card in cards.cards() {
                self.state.seats[from.index()].hand.remove(card);
                self.state.seats[to.index()].hand.add(card);
            }
        }
        events.push(Event::public(EventKind::OfferAccepted {
            seat,
            target,
            give,
            ask,
        }));
    }

    /// Whether the target of the offer in progress could accept it.
    pub(crate) fn offer_can_be_met(&self, offer: &Offer) -> bool {
        covers(&self.hand(offer.target), &offer.ask).is_ok()
    }

    /// The seats `seat` may still make an offer to this turn.
    pub(crate) fn offer_targets(&self, seat: Seat) -> Vec<Seat> {
        let offered = self.turn().offered;
        self.seat_ids()
            .filter(|&s| s != seat && !self.is_eliminated(s) && offered >> s.index() & 1 == 0)
            .collect()
    }
}

/// Whether `hand` holds every card of `cards`; if not, the first kind short, how many
/// are wanted and how many are held.
fn covers(hand: &Hand, cards: &Hand) -> Result<(), (Card, u8, u8)> {
    match cards
        .kinds()
        .find(|&card| cards.count(card) > hand.count(card))
    {
        Some(card) => Err((card, cards.count(card), hand.count(card))),
        None => Ok(()),
    }
}
