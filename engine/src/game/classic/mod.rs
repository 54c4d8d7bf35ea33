//! Classic Risk, the second ruleset: what differs from Castle Risk lives here, behind
//! the dispatch of `game::rules`. Setup (claiming and placing one army at a time, the
//! neutral army of two-player games) is `setup`; territory cards, sets and their
//! values `cards`; the turn (new armies, trading, fortifying, the card earned) `turn`;
//! eliminations, world domination and secret missions `victory` and `missions`.
//! Battles, moving in, dice and odds are the shared core's (`game::attack`).
//!
//! Where the rules text (`risk-classic-regles-fr.md`) is silent or ambiguous the
//! engine follows the numbered rulings of `docs/rulings.md` (rulings 27 onwards).

mod cards;
mod missions;
mod setup;
mod turn;
mod victory;

use serde::{Deserialize, Serialize};

use crate::board::{CardSymbol, TerritoryId};

use super::seat::Seat;

pub use cards::SetKind;
pub use missions::Mission;
pub(crate) use missions::{fallback as fallback_mission, mission_deck};

/// A card of the classic deck: the card of territory `id` when `id` is below the
/// board's number of territories, a wild card (all three symbols, no territory)
/// otherwise. Written in files and messages as that number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TerritoryCard(pub u16);

/// A territory card as a seat sees it in its hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardFace {
    pub card: TerritoryCard,
    /// The territory shown; `None` on a wild card.
    pub territory: Option<TerritoryId>,
    /// The symbol; `None` on a wild card (it stands for any).
    pub symbol: Option<CardSymbol>,
}

/// The classic cards and missions of a game (empty in Castle Risk games).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ClassicState {
    /// Each seat's territory cards, sorted.
    pub hands: Vec<Vec<TerritoryCard>>,
    /// The draw pile; the top card is the last.
    pub draw_pile: Vec<TerritoryCard>,
    /// Traded sets, to be shuffled into a new pile when the draw pile runs out.
    pub discards: Vec<TerritoryCard>,
    /// Sets traded so far in the game (the next set's value follows from it).
    pub sets_traded: u32,
    /// Each seat's secret mission, when the variant plays with missions.
    pub missions: Vec<Option<Mission>>,
}

impl ClassicState {
    pub fn hand(&self, seat: Seat) -> &[TerritoryCard] {
        self.hands.get(seat.index()).map_or(&[], Vec::as_slice)
    }
}
