//! Pending decisions: whose move the game awaits, and of what kind, with the numbers
//! a front end needs to ask for it.

use crate::board::{Board, GroupId, TerritoryId};
use serde::{Deserialize, Serialize};

use super::card::Hand;
use super::event::PlacementReason;
use super::seat::Seat;

/// The decision a game awaits, and from whom.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub seat: Seat,
    pub decision: Decision,
}

/// A kind of decision, with its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "decision", rename_all = "snake_case")]
pub enum Decision {
    /// Setup: put the castle and 1 army on a territory of this empire.
    PlaceCastle { empire: GroupId },
    /// Setup: put 1 army on an unoccupied territory.
    Claim,
    /// Put exactly `armies` armies on own territories.
    PlaceArmies {
        armies: u32,
        reason: PlacementReason,
    },
    /// Setup: secretly choose where one's hidden armies lie.
    HideArmies,
    /// One's own turn: play cards, reveal hidden armies, attack, occupy, or end the
    /// turn. `attacked`: an attack was made, so Reinforcements and Diplomats are over.
    Play { attacked: bool },
    /// The attacker rolls (`min_dice..=max_dice`, possibly committing a General) or
    /// stops (not with the Admiral: then `ship` gives the armies aboard).
    Roll {
        from: TerritoryId,
        to: TerritoryId,
        min_dice: u8,
        max_dice: u8,
        ship: Option<u32>,
    },
    /// The defender answers an attacker rolling `attacker_dice` dice.
    Defend {
        territory: TerritoryId,
        attacker_dice: u8,
        max_dice: u8,
    },
    /// After a capture: move `min..=max` armies in.
    MoveIn {
        from: TerritoryId,
        to: TerritoryId,
        min: u32,
        max: u32,
    },
    /// A Spy was played on this seat: answer with a Spy, or let it see.
    AnswerSpy { spy: Seat },
    /// The spy saw `target`'s hand and discards one card of it.
    SpyDiscard { target: Seat },
    /// After a castle fell: put 1 army on one of these vacated territories. The
    /// victor (`victor` true) may stop instead; the others must fill while they can.
    FillVacated {
        territories: Vec<TerritoryId>,
        victor: bool,
    },
    /// Classic fortify (variant): move once, or skip.
    Fortify,
    /// `from` offers `give` for `ask` (ruling 25): accept (holding `ask`) or refuse.
    AnswerOffer { from: Seat, give: Hand, ask: Hand },
    /// Classic Risk: the hand is too large, a set must be traded; `armies` are the
    /// new armies earned so far, placed once the trading is done.
    TradeCards { armies: u32 },
}

impl Decision {
    /// Whether making this decision shows the seat's secrets (its cards, its hidden
    /// armies), so that people sharing a screen pass it to the deciding seat first.
    /// Only setup's castles, claims and starting armies are made in the open: they
    /// offer nothing but the map, which everyone sees.
    pub fn is_private(&self) -> bool {
        !matches!(
            self,
            Decision::PlaceCastle { .. }
                | Decision::Claim
                | Decision::PlaceArmies {
                    reason: PlacementReason::Setup,
                    ..
                }
        )
    }
}

impl Pending {
    /// A sentence for people: "seat 1: defend London against 3 dice".
    pub fn describe(&self, board: &Board) -> String {
        let name = |t: &TerritoryId| board.territory(*t).name.as_str();
        let what = match &self.decision {
            Decision::PlaceCastle { empire } => {
                format!("place the castle in the {}", board.group(*empire).name)
            }
            Decision::Claim => "claim an unoccupied territory".to_owned(),
            Decision::PlaceArmies { armies, reason } => {
                let why = match reason {
                    PlacementReason::Setup => "starting",
                    PlacementReason::Reinforcements => "reinforcement",
                    PlacementReason::Spoils => "spoils",
                };
                format!("place {armies} {why} {}", plural(*armies, "army", "armies"))
            }
            Decision::HideArmies => "choose where the hidden armies lie".to_owned(),
            Decision::Play { attacked: false } => "play cards, attack or end the turn".to_owned(),
            Decision::Play { attacked: true } => "attack or end the turn".to_owned(),
            Decision::Roll {
                from,
                to,
                ship: Some(aboard),
                ..
            } => format!(
                "roll against {} from the ship off {} ({aboard} aboard)",
                name(to),
                name(from)
            ),
            Decision::Roll { from, to, .. } => {
                format!("roll against {} from {}, or stop", name(to), name(from))
            }
            Decision::Defend {
                territory,
                attacker_dice,
                ..
            } => format!(
                "defend {} against {attacker_dice} {}",
                name(territory),
                plural(u32::from(*attacker_dice), "die", "dice")
            ),
            Decision::MoveIn { to, min, max, .. } => {
                format!("move {min} to {max} armies into {}", name(to))
            }
            Decision::AnswerSpy { spy } => format!("answer {spy}'s Spy"),
            Decision::SpyDiscard { target } => format!("discard a card from {target}'s hand"),
            Decision::FillVacated { territories, .. } => format!(
                "put 1 army on one of {} vacated {}",
                territories.len(),
                plural(territories.len() as u32, "territory", "territories")
            ),
            Decision::Fortify => "fortify once, or skip".to_owned(),
            Decision::TradeCards { armies } => format!(
                "trade a set of cards ({armies} new {} so far)",
                plural(*armies, "army", "armies")
            ),
            Decision::AnswerOffer { from, give, ask } => {
                format!(
                    "accept or refuse {from}'s offer of {} for {}",
                    cards_in_words(give),
                    cards_in_words(ask)
                )
            }
        };
        format!("{}: {what}", self.seat)
    }
}

/// "2 × Spy, 1 × General", or "nothing".
fn cards_in_words(hand: &Hand) -> String {
    let kinds: Vec<String> = hand
        .kinds()
        .map(|card| format!("{} × {card}", hand.count(card)))
        .collect();
    if kinds.is_empty() {
        "nothing".to_owned()
    } else {
        kinds.join(", ")
    }
}

fn plural(n: u32, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 { one } else { many }
}
