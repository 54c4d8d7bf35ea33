//! Cards and hands: the six kinds of the Castle Risk deck, and a hand held as counts
//! (cards of a kind are interchangeable).

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};
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

    /// The card's id, as files and the protocol write it (`"admiral"`).
    pub fn id(self) -> &'static str {
        match self {
            Card::Reinforcements => "reinforcements",
            Card::Diplomat => "diplomat",
            Card::Spy => "spy",
            Card::General => "general",
            Card::Marshall => "marshall",
            Card::Admiral => "admiral",
        }
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
/// (`["spy", "general", "general"]`); a list with more than [`Hand::MAX_OF_A_KIND`]
/// cards of one kind is refused, saying so, rather than cut.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "Vec<Card>")]
pub struct Hand {
    counts: [u8; 6],
}

impl Hand {
    /// The most cards of one kind a hand holds (a deck has at most as many).
    pub const MAX_OF_A_KIND: u8 = u8::MAX;

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

impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(HandVisitor)
    }
}

/// Reads a list of cards into a hand, counting as it goes: a kind past
/// [`Hand::MAX_OF_A_KIND`] stops the reading with the limit in the message.
struct HandVisitor;

impl<'de> Visitor<'de> for HandVisitor {
    type Value = Hand;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of cards")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut cards: A) -> Result<Hand, A::Error> {
        let mut counts = [0u64; 6];
        while let Some(card) = cards.next_element::<Card>()? {
            let count = &mut counts[card.index()];
            *count += 1;
            if *count > u64::from(Hand::MAX_OF_A_KIND) {
                // Count the rest of the kind, for the message.
                while let Some(more) = cards.next_element::<Card>()? {
                    counts[more.index()] += u64::from(more == card);
                }
                return Err(de::Error::custom(format_args!(
                    "a hand holds at most {} cards of a kind, not {} `{}`",
                    Hand::MAX_OF_A_KIND,
                    counts[card.index()],
                    card.id(),
                )));
            }
        }
        Ok(Hand {
            counts: counts.map(|n| n as u8),
        })
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
    fn ids_are_what_files_write() {
        for card in Card::ALL {
            assert_eq!(serde_json::to_value(card).unwrap(), card.id());
        }
    }

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

    /// An offer asking for 1,000 Admirals was read as 255 and saved so: a list past
    /// what a hand can hold is refused, with the limit.
    #[test]
    fn a_hand_past_its_limit_is_refused_not_cut() {
        let most = vec![Card::Admiral; 255];
        let hand: Hand = serde_json::from_value(serde_json::to_value(&most).unwrap()).unwrap();
        assert_eq!(hand.count(Card::Admiral), 255);
        let mut list = vec![Card::Admiral; 1_000];
        list.push(Card::Spy);
        let json = serde_json::to_string(&list).unwrap();
        let error = serde_json::from_str::<Hand>(&json).unwrap_err().to_string();
        assert!(
            error.contains("at most 255 cards of a kind, not 1000 `admiral`"),
            "{error}"
        );
        let value = serde_json::to_value(&list).unwrap();
        assert!(serde_json::from_value::<Hand>(value).is_err());
        let error = toml::from_str::<std::collections::BTreeMap<String, Hand>>(&format!(
            "hand = [{}]",
            vec!["\"spy\""; 300].join(", ")
        ))
        .unwrap_err()
        .to_string();
        assert!(error.contains("not 300 `spy`"), "{error}");
    }
}
