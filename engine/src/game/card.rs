//! Cards and hands: the six kinds of the Castle Risk deck, and a hand held as counts
//! (cards of a kind are interchangeable).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A kind of card (the rulebook's deck: 12 Reinforcements, 7 Diplomats, 7 Spies,
/// 8 Generals, 8 Marshalls, 6 Admirals).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Card {
    /// Armies before the first attack, worth the next numbers of the track.
    Reinforcements,
    /// A truce with one other seat.
    Diplomat,
    /// Look at a hand and discard one of its cards, or stop another Spy.
    Spy,
    /// +1 to the attacker's high die.
    General,
    /// +1 to the defender's high die.
    Marshall,
    /// Attack by sea.
    Admiral,
}

impl Card {
    /// Every kind, in the order hands count them.
    pub const ALL: [Card; 6] = [
        Card::Reinforcements,
        Card::Diplomat,
        Card::Spy,
        Card::General,
        Card::Marshall,
        Card::Admiral,
    ];

    /// Position in [`Card::ALL`].
    /// Whether the card is committed in a battle, with the attacker's roll (General,
    /// ruling 12) or the defender's answer (Marshall, ruling 13), rather than played
    /// from the hand on its own.
    pub fn is_committed_in_battle(self) -> bool {
        matches!(self, Card::General | Card::Marshall)
    }

    pub fn index(self) -> usize {
        self as usize
    }

    /// The name printed on the card.
    pub fn name(self) -> &'static str {
        match self {
            Card::Reinforcements => "Reinforcements",
            Card::Diplomat => "Diplomat",
            Card::Spy => "Spy",
            Card::General => "General",
            Card::Marshall => "Marshall",
            Card::Admiral => "Admiral",
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The cards a seat holds, as a count per kind. Written in files as a list of cards
/// (`["spy", "general", "general"]`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "Vec<Card>", into = "Vec<Card>")]
pub struct Hand {
    counts: [u8; 6],
}

impl Hand {
    /// An empty hand.
    pub const fn new() -> Self {
        Self { counts: [0; 6] }
    }

    /// How many cards of this kind.
    pub fn count(&self, card: Card) -> u8 {
        self.counts[card.index()]
    }

    /// Whether at least one card of this kind is held.
    pub fn has(&self, card: Card) -> bool {
        self.count(card) > 0
    }

    /// Number of cards in all.
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&n| usize::from(n)).sum()
    }

    /// Whether no card is held.
    pub fn is_empty(&self) -> bool {
        self.counts.iter().all(|&n| n == 0)
    }

    /// Adds one card.
    pub fn add(&mut self, card: Card) {
        self.counts[card.index()] = self.counts[card.index()].saturating_add(1);
    }

    /// Removes one card of this kind; `false` (and no change) when none is held.
    pub fn remove(&mut self, card: Card) -> bool {
        let count = &mut self.counts[card.index()];
        if *count == 0 {
            return false;
        }
        *count -= 1;
        true
    }

    /// Removes every card of this kind and says how many there were.
    pub fn remove_all(&mut self, card: Card) -> u8 {
        std::mem::take(&mut self.counts[card.index()])
    }

    /// Moves every card of `other` into this hand.
    pub fn take_all(&mut self, other: &mut Hand) {
        for (mine, theirs) in self.counts.iter_mut().zip(other.counts.iter_mut()) {
            *mine = mine.saturating_add(std::mem::take(theirs));
        }
    }

    /// The cards one by one, grouped by kind in [`Card::ALL`] order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        Card::ALL
            .into_iter()
            .flat_map(move |card| std::iter::repeat_n(card, usize::from(self.count(card))))
    }

    /// The kinds held at least once.
    pub fn kinds(&self) -> impl Iterator<Item = Card> + '_ {
        Card::ALL.into_iter().filter(move |&card| self.has(card))
    }
}

impl From<Vec<Card>> for Hand {
    fn from(cards: Vec<Card>) -> Self {
        cards.into_iter().collect()
    }
}

impl From<Hand> for Vec<Card> {
    fn from(hand: Hand) -> Self {
        hand.cards().collect()
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut hand = Hand::new();
        for card in iter {
            hand.add(card);
        }
        hand
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_counts_and_lists() {
        let mut hand: Hand = vec![Card::Spy, Card::General, Card::Spy].into();
        assert_eq!(hand.len(), 3);
        assert_eq!(hand.count(Card::Spy), 2);
        assert!(hand.remove(Card::General));
        assert!(!hand.remove(Card::General));
        assert_eq!(hand.cards().collect::<Vec<_>>(), [Card::Spy, Card::Spy]);
        let json = serde_json::to_string(&hand).unwrap();
        assert_eq!(json, r#"["spy","spy"]"#);
        assert_eq!(serde_json::from_str::<Hand>(&json).unwrap(), hand);
    }
}
