//! The classic Risk part of the sidebar: the deciding seat's territory cards, what
//! the next set brings, and the set its Trade button offers (the engine lists the
//! sets; this picks the one a player would most likely want).

use castellan_engine::board::CardSymbol;
use castellan_engine::game::{CardFace, Choice, TerritoryCard};
use castellan_engine::variant::Ruleset;
use gettextrs::{gettext, ngettext};

use super::territory_name;
use crate::app::table::TableSnapshot;
use crate::text::fill;

/// Whether the game shown is classic Risk (its cards are territory cards).
pub fn is_classic(table: &TableSnapshot) -> bool {
    table.view.ruleset == Ruleset::Classic
}

/// A card as people read it: "Alaska (infantry)", or "Wild card".
fn card_text(table: &TableSnapshot, face: &CardFace) -> String {
    let symbol = match face.symbol {
        Some(CardSymbol::Infantry) => gettext("infantry"),
        Some(CardSymbol::Cavalry) => gettext("cavalry"),
        Some(CardSymbol::Artillery) => gettext("artillery"),
        None => return gettext("Wild card"),
    };
    match face.territory {
        Some(territory) => fill(
            &gettext("{territory} ({symbol})"),
            &[
                ("territory", &territory_name(table, territory)),
                ("symbol", &symbol),
            ],
        ),
        None => symbol,
    }
}

/// The seat's territory cards, one a line.
pub fn cards_text(table: &TableSnapshot) -> String {
    if table.withheld.territory_cards {
        return gettext("Hidden until the next person takes the screen");
    }
    if table.view.territory_cards.is_empty() {
        return gettext("No territory cards");
    }
    table
        .view
        .territory_cards
        .iter()
        .map(|face| card_text(table, face))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the next set brings, and how many were traded.
pub fn next_set_text(table: &TableSnapshot) -> String {
    let traded = table.view.sets_traded;
    let so_far = fill(
        &ngettext("{n} set traded so far", "{n} sets traded so far", traded),
        &[("n", &traded)],
    );
    match table.view.next_set_value {
        Some(value) => fill(
            &ngettext(
                "The next set brings {n} army. {traded}.",
                "The next set brings {n} armies. {traded}.",
                value,
            ),
            &[("n", &value), ("traded", &so_far)],
        ),
        None => fill(
            &gettext("Each kind of set has its fixed value. {traded}."),
            &[("traded", &so_far)],
        ),
    }
}

/// The set the Trade button trades, when a trade is allowed now: the one keeping the
/// wild cards if it can, naming first a card of a territory the seat holds (whose
/// extra armies go there, ruling 31).
pub fn offered_set(table: &TableSnapshot) -> Option<[TerritoryCard; 3]> {
    let sets = table.legal.choices.iter().find_map(|choice| match choice {
        Choice::TradeCards { sets } => Some(sets),
        _ => None,
    })?;
    let face = |card: TerritoryCard| {
        table
            .view
            .territory_cards
            .iter()
            .find(|f| f.card == card)
            .copied()
    };
    let held = |card: &TerritoryCard| {
        face(*card)
            .and_then(|f| f.territory)
            .is_some_and(|t| table.view.territories[t.index()].owner == Some(table.view.seat))
    };
    let wilds = |set: &[TerritoryCard; 3]| {
        set.iter()
            .filter(|&&c| face(c).is_some_and(|f| f.symbol.is_none()))
            .count()
    };
    let mut best = *sets
        .iter()
        .min_by_key(|set| (wilds(set), !set.iter().any(held)))?;
    if let Some(i) = best.iter().position(held) {
        best.swap(0, i);
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use castellan_engine::game::{Action, Game};
    use castellan_engine::variant::Variant;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::app::decisions::tests::{shipped_board, snapshot};

    /// A classic game on the shipped board, played at random until the pending seat
    /// may trade a set.
    fn game_with_a_set() -> Game {
        let mut game = Game::new(shipped_board(), Variant::classic(), 3, 4).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        for _ in 0..50_000 {
            let legal = game.legal_actions();
            if legal
                .choices
                .iter()
                .any(|c| matches!(c, Choice::TradeCards { .. }))
            {
                return game;
            }
            let seat = game.pending_seat().unwrap();
            game.apply(seat, legal.sample(&mut rng).unwrap()).unwrap();
        }
        panic!("no seat ever held a set");
    }

    #[test]
    fn the_trade_button_offers_a_legal_set_and_the_cards_are_named() {
        let game = game_with_a_set();
        let table = Arc::new(snapshot(&game));
        assert!(is_classic(&table));
        let set = offered_set(&table).expect("a set is offered");
        assert!(table.legal.allows(&Action::TradeCards { cards: set }));
        let text = cards_text(&table);
        assert_eq!(text.lines().count(), table.view.territory_cards.len());
        let first = table.view.territory_cards[0];
        if let Some(territory) = first.territory {
            assert!(text.contains(&territory_name(&table, territory)), "{text}");
        }
        assert!(
            next_set_text(&table).contains("set"),
            "{}",
            next_set_text(&table)
        );
    }

    #[test]
    fn nothing_is_offered_in_castle_risk() {
        let game = Game::new(shipped_board(), Variant::rulebook(), 3, 1).unwrap();
        let table = snapshot(&game);
        assert!(!is_classic(&table));
        assert_eq!(offered_set(&table), None);
    }
}
