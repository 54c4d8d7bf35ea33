//! Territory cards (classic Risk): the deck of one card per territory and the wild
//! cards, each card's symbol, what makes a set, what the next set is worth
//! (escalating or fixed), trading a set, and drawing (the traded sets reshuffled when
//! the pile runs out, ruling 33).

use serde::{Deserialize, Serialize};

use crate::board::{CardSymbol, TerritoryId};

use super::super::Game;
use super::super::error::RuleError;
use super::super::event::{Event, EventKind};
use super::super::seat::Seat;
use super::{CardFace, TerritoryCard};

/// What kind of set three cards make (for the fixed-value table).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SetKind {
    /// Three of one symbol.
    ThreeAlike(CardSymbol),
    /// One of each symbol, or any set with a wild card.
    Mixed,
}

impl Game {
    /// The whole classic deck, unshuffled: one card per territory, then the wild
    /// cards.
    pub(crate) fn classic_deck(&self) -> Vec<TerritoryCard> {
        let total = self.board.territories.len() + self.variant.classic.wild_cards as usize;
        (0..total).map(|i| TerritoryCard(i as u16)).collect()
    }

    /// The territory on a card; `None` for a wild card.
    pub fn card_territory(&self, card: TerritoryCard) -> Option<TerritoryId> {
        (usize::from(card.0) < self.board.territories.len()).then_some(TerritoryId(card.0))
    }

    /// The symbol on a card; `None` for a wild card. A territory the board gives no
    /// symbol gets infantry, cavalry and artillery in turn by its number (ruling 30).
    pub fn card_symbol(&self, card: TerritoryCard) -> Option<CardSymbol> {
        let territory = self.card_territory(card)?;
        Some(
            self.board
                .territory(territory)
                .card_symbol
                .unwrap_or(CardSymbol::ALL[territory.index() % 3]),
        )
    }

    /// A card as its holder sees it.
    pub fn card_face(&self, card: TerritoryCard) -> CardFace {
        CardFace {
            card,
            territory: self.card_territory(card),
            symbol: self.card_symbol(card),
        }
    }

    /// A seat's territory cards (private: front ends show them to their holder only).
    pub fn territory_cards(&self, seat: Seat) -> &[TerritoryCard] {
        self.state.classic.hand(seat)
    }

    /// Sets traded so far in the game.
    pub fn sets_traded(&self) -> u32 {
        self.state.classic.sets_traded
    }

    /// Territory cards left in the draw pile.
    pub fn territory_card_pile(&self) -> usize {
        self.state.classic.draw_pile.len()
    }

    /// Traded cards waiting to be reshuffled.
    pub fn traded_cards(&self) -> &[TerritoryCard] {
        &self.state.classic.discards
    }

    /// What kind of set three cards make, if they make one: three alike, one of
    /// each, or two and a wild card (a wild with any two: ruling 32).
    pub fn set_kind(&self, cards: &[TerritoryCard; 3]) -> Option<SetKind> {
        let symbols: Vec<Option<CardSymbol>> = cards.iter().map(|&c| self.card_symbol(c)).collect();
        let wilds = symbols.iter().filter(|s| s.is_none()).count();
        if wilds > 0 {
            return Some(SetKind::Mixed);
        }
        let [a, b, c] = [symbols[0], symbols[1], symbols[2]].map(|s| s.expect("no wild"));
        if a == b && b == c {
            Some(SetKind::ThreeAlike(a))
        } else if a != b && b != c && a != c {
            Some(SetKind::Mixed)
        } else {
            None
        }
    }

    /// Armies a set of this kind brings if traded now: the escalating value of the
    /// next set, or the fixed table's.
    pub fn set_value(&self, kind: SetKind) -> u32 {
        let rules = &self.variant.classic;
        if !rules.fixed_trade {
            return rules.escalating_value(self.state.classic.sets_traded);
        }
        match kind {
            SetKind::ThreeAlike(CardSymbol::Infantry) => rules.fixed_infantry,
            SetKind::ThreeAlike(CardSymbol::Cavalry) => rules.fixed_cavalry,
            SetKind::ThreeAlike(CardSymbol::Artillery) => rules.fixed_artillery,
            SetKind::Mixed => rules.fixed_mixed,
        }
    }

    /// What the next set traded in the game brings under escalating values (`None`
    /// with the fixed table, where it depends on the set).
    pub fn next_set_value(&self) -> Option<u32> {
        let rules = &self.variant.classic;
        (!rules.fixed_trade).then(|| rules.escalating_value(self.state.classic.sets_traded))
    }

    /// Every set `seat` could trade from its hand, each once (cards in hand order).
    pub fn tradeable_sets(&self, seat: Seat) -> Vec<[TerritoryCard; 3]> {
        let hand = self.territory_cards(seat);
        let mut sets = Vec::new();
        for i in 0..hand.len() {
            for j in i + 1..hand.len() {
                for k in j + 1..hand.len() {
                    let set = [hand[i], hand[j], hand[k]];
                    if self.set_kind(&set).is_some() {
                        sets.push(set);
                    }
                }
            }
        }
        sets
    }

    /// Checks a set: three different cards of the hand that make a set.
    pub(crate) fn check_set(
        &self,
        seat: Seat,
        cards: &[TerritoryCard; 3],
    ) -> Result<SetKind, RuleError> {
        let hand = self.territory_cards(seat);
        for (i, card) in cards.iter().enumerate() {
            if cards[..i].contains(card) {
                return Err(RuleError::CardTwice(*card));
            }
            if !hand.contains(card) {
                return Err(RuleError::TerritoryCardNotHeld(*card));
            }
        }
        self.set_kind(cards).ok_or(RuleError::NotASet)
    }

    /// Trades a checked set: the cards go to the traded pile, the set's armies are
    /// returned (to be placed), and the extra armies of the first card whose
    /// territory the seat holds go onto that territory at once (ruling 31).
    pub(crate) fn trade_set(
        &mut self,
        seat: Seat,
        cards: [TerritoryCard; 3],
        events: &mut Vec<Event>,
    ) -> u32 {
        let kind = self.set_kind(&cards).expect("checked: a set");
        let value = self.set_value(kind);
        let hand = &mut self.state.classic.hands[seat.index()];
        hand.retain(|c| !cards.contains(c));
        self.state.classic.discards.extend(cards);
        self.state.classic.sets_traded = self.state.classic.sets_traded.saturating_add(1);
        let bonus_territory = cards
            .iter()
            .filter_map(|&c| self.card_territory(c))
            .find(|&t| self.owner(t) == Some(seat));
        let mut bonus = 0;
        if let Some(territory) = bonus_territory {
            bonus = self.armies_with_room(seat, self.variant.classic.territory_bonus, events);
            self.state.territories[territory.index()].armies += bonus;
        }
        events.push(Event::public(EventKind::SetTraded {
            seat,
            cards,
            set: self.state.classic.sets_traded,
            armies: value,
            bonus_territory,
            bonus,
        }));
        self.armies_with_room(seat, value, events)
    }

    /// Draws a territory card into `seat`'s hand, reshuffling the traded sets when
    /// the pile is empty (ruling 33). Returns `false` when no card is left anywhere.
    pub(crate) fn draw_territory_card(&mut self, seat: Seat, events: &mut Vec<Event>) -> bool {
        let classic = &mut self.state.classic;
        if classic.draw_pile.is_empty() {
            if classic.discards.is_empty() {
                return false;
            }
            classic.draw_pile = std::mem::take(&mut classic.discards);
            self.chance.shuffle(&mut self.state.classic.draw_pile);
            events.push(Event::public(EventKind::TerritoryCardsReshuffled {
                cards: self.state.classic.draw_pile.len() as u32,
            }));
        }
        let card = self.state.classic.draw_pile.pop().expect("refilled above");
        let hand = &mut self.state.classic.hands[seat.index()];
        hand.push(card);
        hand.sort();
        events.push(Event::all_but(
            seat,
            EventKind::TerritoryCardDrawn { seat, card: None },
        ));
        events.push(Event::private(
            seat,
            EventKind::TerritoryCardDrawn {
                seat,
                card: Some(card),
            },
        ));
        true
    }
}
