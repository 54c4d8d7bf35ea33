//! Actions: every decision any seat can send to a game, as plain messages.

use crate::board::TerritoryId;
use serde::{Deserialize, Serialize};

use super::card::{Card, Hand};
use super::classic::TerritoryCard;
use super::seat::Seat;

/// Armies put on one territory.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
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
/// `{"action":"attack","from":3,"to":7}`. A field it does not have is refused, at
/// every level (a misspelt field must never be silently ignored); the actions without
/// fields read through [`no_fields`], since serde lets anything through on those.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
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
    #[serde(deserialize_with = "no_fields")]
    EndTurn,

    // --- During an attack ---
    /// The attacker rolls this many dice, first committing a General if `general`.
    Roll { dice: u8, general: bool },
    /// The attacker ends the attack (not with an Admiral).
    #[serde(deserialize_with = "no_fields")]
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
    #[serde(deserialize_with = "no_fields")]
    StopFilling,

    // --- Classic fortify (variant) ---
    /// Move armies to an adjacent own territory, leaving at least 1 behind.
    Fortify {
        from: TerritoryId,
        to: TerritoryId,
        armies: u32,
    },
    /// Do not fortify this turn.
    #[serde(deserialize_with = "no_fields")]
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

/// Reads what follows the tag of an action without fields: nothing at all. (Serde's
/// internally tagged enums ignore any field on such variants, even with
/// `deny_unknown_fields`.)
fn no_fields<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<(), D::Error> {
    /// An object with no field, refusing any.
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct NoFields {}
    NoFields::deserialize(deserializer).map(|NoFields {}| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<Action, String> {
        serde_json::from_str(json).map_err(|error| error.to_string())
    }

    #[test]
    fn every_action_reads_back_what_it_writes() {
        for action in [
            Action::EndTurn,
            Action::StopAttack,
            Action::StopFilling,
            Action::SkipFortify,
            Action::Roll {
                dice: 2,
                general: true,
            },
            Action::PlaceArmies {
                placements: vec![Placement::new(TerritoryId(3), 2)],
            },
        ] {
            let json = serde_json::to_string(&action).unwrap();
            assert_eq!(read(&json), Ok(action.clone()), "{json}");
            let value = serde_json::to_value(&action).unwrap();
            assert_eq!(Action::deserialize(&value).ok(), Some(action));
        }
    }

    /// `docs/save-format.md`: unknown fields are refused at every level, in actions
    /// without fields too.
    #[test]
    fn a_field_an_action_does_not_have_is_refused_at_every_level() {
        for json in [
            r#"{"action":"end_turn","x":1}"#,
            r#"{"action":"stop_attack","seat":0}"#,
            r#"{"action":"stop_filling","why":null}"#,
            r#"{"action":"skip_fortify","armies":2}"#,
            r#"{"action":"attack","from":1,"to":2,"dice":3}"#,
            r#"{"action":"roll","dice":2,"general":false,"marshall":true}"#,
            r#"{"action":"place_armies","placements":[{"territory":1,"armies":2,"castle":true}]}"#,
            r#"{"action":"answer_offer","accept":true,"counter":true}"#,
        ] {
            let error = read(json).expect_err(json);
            assert!(error.contains("unknown field"), "{json}: {error}");
            let value: serde_json::Value = serde_json::from_str(json).unwrap();
            assert!(Action::deserialize(&value).is_err(), "{json}");
        }
    }
}
