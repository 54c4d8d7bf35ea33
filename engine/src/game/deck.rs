//! The deck: building and shuffling it, drawing (with the Diplomat rule of two-seat
//! games, ruling 10) and refilling an empty draw pile from the discards (ruling 7).

use crate::variant::DeckCounts;

use super::Game;
use super::card::Card;
use super::event::{Event, EventKind};
use super::rng::Chance;
use super::seat::Seat;

/// The deck's cards in kind order, before shuffling.
pub(crate) fn unshuffled_deck(counts: &DeckCounts) -> Vec<Card> {
    let per_kind = [
        (Card::Reinforcements, counts.reinforcements),
        (Card::Diplomat, counts.diplomats),
        (Card::Spy, counts.spies),
        (Card::General, counts.generals),
        (Card::Marshall, counts.marshalls),
        (Card::Admiral, counts.admirals),
    ];
    per_kind
        .into_iter()
        .flat_map(|(card, n)| std::iter::repeat_n(card, n as usize))
        .collect()
}

/// A freshly shuffled deck.
pub(crate) fn shuffled_deck(counts: &DeckCounts, chance: &mut Chance) -> Vec<Card> {
    let mut deck = unshuffled_deck(counts);
    chance.shuffle(&mut deck);
    deck
}

impl Game {
    /// Draws one card into `seat`'s hand. A Diplomat drawn while Diplomats are not in
    /// use is discarded face up and replaced. Returns `false` when no card can be had
    /// (draw pile and discards exhausted, or only unusable Diplomats left).
    pub(crate) fn draw_card(&mut self, seat: Seat, events: &mut Vec<Event>) -> bool {
        let diplomats_usable = self.diplomats_in_use();
        loop {
            if self.state.draw_pile.is_empty() && !self.reshuffle(diplomats_usable, events) {
                return false;
            }
            let card = self.state.draw_pile.pop().expect("refilled above");
            if card == Card::Diplomat && !diplomats_usable {
                self.state.discards.push(card);
                events.push(Event::public(EventKind::DiplomatReplaced { seat }));
                continue;
            }
            self.state.seats[seat.index()].hand.add(card);
            events.push(Event::all_but(
                seat,
                EventKind::CardDrawn { seat, card: None },
            ));
            events.push(Event::private(
                seat,
                EventKind::CardDrawn {
                    seat,
                    card: Some(card),
                },
            ));
            return true;
        }
    }

    /// Shuffles the discards into a new draw pile. Refuses (returns `false`) when that
    /// would bring no usable card, so drawing always ends.
    fn reshuffle(&mut self, diplomats_usable: bool, events: &mut Vec<Event>) -> bool {
        let useful = self
            .state
            .discards
            .iter()
            .any(|&c| diplomats_usable || c != Card::Diplomat);
        if !useful {
            return false;
        }
        self.state.draw_pile = std::mem::take(&mut self.state.discards);
        self.chance.shuffle(&mut self.state.draw_pile);
        events.push(Event::public(EventKind::DeckReshuffled {
            cards: self.state.draw_pile.len() as u32,
        }));
        true
    }

    /// Draws until `seat` holds `size` cards, or no card can be had.
    pub(crate) fn fill_hand_to(&mut self, seat: Seat, size: usize, events: &mut Vec<Event>) {
        while self.state.seats[seat.index()].hand.len() < size {
            if !self.draw_card(seat, events) {
                break;
            }
        }
    }
}
