//! Actions: every decision any seat can send to a game, as plain messages.

use crate::board::TerritoryId;
use serde::{Deserialize, Serialize};

use super::card::{Card, Hand};
use super::classic::TerritoryCard;
use super::seat::Seat;

/// Armies put on one territory.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Placement {
    pub territory: TerritoryId,
    pub armies: u32,
}

impl Placement {
    /// `armies` armies on `territory`.
    pub fn new(territory: TerritoryId, armies: u32) -> Self {
        Self { territory, armies }
    }
}

/// One decision of one seat. [`crate::game::Game::pending`] says whose decision is
/// awaited and of which kind; [`crate::game::Game::legal_actions`] lists what fits.
///
/// In JSON an action is an object tagged by `"action"`:
/// `{"action":"attack","from":3,"to":7}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    // --- Setup ---
    /// Put one's castle and 1 army on a territory of the empire one drew.
    PlaceCastle { territory: TerritoryId },
    /// Put 1 army on an unoccupied territory.
    Claim { territory: TerritoryId },
    /// Put armies on own territories: the setup rounds, Reinforcements and spoils.
    /// The counts must add up to exactly what is to be placed.
    PlaceArmies { placements: Vec<Placement> },
    /// Secretly choose where one's hidden armies lie (any territory without a castle).
    HideArmies { territory: TerritoryId },

    // --- One's own turn, between attacks ---
    /// Play this many Reinforcement cards at once (before the turn's first attack).
    PlayReinforcements { cards: u8 },
    /// Make a truce with `target` (before the turn's first attack).
    PlayDiplomat { target: Seat },
    /// Spy on `target`'s hand.
    PlaySpy { target: Seat },
    /// Bring out one's hidden armies on this own territory (own turn, or when it is
    /// attacked, before a roll).
    RevealHiddenArmies { territory: TerritoryId },
    /// Start an attack by land or dotted line.
    Attack { from: TerritoryId, to: TerritoryId },
    /// Start an attack by sea with an Admiral: `armies` board the ship at `from`.
    AdmiralAttack {
        from: TerritoryId,
        to: TerritoryId,
        armies: u32,
    },
    /// Move armies into an adjacent empty territory, without a battle.
    Occupy {
        from: TerritoryId,
        to: TerritoryId,
        armies: u32,
    },
    /// Stop attacking: fortify (if the variant allows), then collect spoils.
    EndTurn,

    // --- During an attack ---
    /// The attacker rolls this many dice, first committing a General if `general`.
    Roll { dice: u8, general: bool },
    /// The attacker ends the attack (not with an Admiral).
    StopAttack,
    /// The defender rolls this many dice, first committing a Marshall if `marshall`.
    Defend { dice: u8, marshall: bool },
    /// After a capture, move this many armies in from the attacking territory.
    MoveIn { armies: u32 },

    // --- Spies ---
    /// The target of a Spy answers: with a Spy of its own (`counter`), or lets it see.
    AnswerSpy { counter: bool },
    /// The spy discards this card from the hand it saw.
    SpyDiscard { card: Card },

    // --- After a castle falls ---
    /// Put 1 army from `from` (an own territory keeping at least 1) on a vacated
    /// territory.
    FillVacated {
        territory: TerritoryId,
        from: TerritoryId,
    },
    /// The victor fills no more vacated territories; the others take over.
    StopFilling,

    // --- Classic fortify (variant) ---
    /// Move armies to an adjacent own territory, leaving at least 1 behind.
    Fortify {
        from: TerritoryId,
        to: TerritoryId,
        armies: u32,
    },
    /// Do not fortify this turn.
    SkipFortify,

    // --- Card trading (ruling 25) ---
    /// In one's own turn, between attacks: offer `give` (cards from one's hand) to
    /// `target`, asking `ask` in return (either may be empty, not both). Everyone sees
    /// the offer; `target` answers it.
    OfferCards { target: Seat, give: Hand, ask: Hand },
    /// The target of an offer accepts it (the cards change hands) or refuses it.
    AnswerOffer { accept: bool },

    // --- Classic Risk ---
    /// Trade three territory cards that make a set for armies (placed with the
    /// turn's new armies); the first card whose territory the seat holds brings its
    /// extra armies there (ruling 31).
    TradeCards { cards: [TerritoryCard; 3] },
}
