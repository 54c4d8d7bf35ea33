//! Why a click on the map does nothing: the engine's own reason for refusing what the
//! click would have done (a castle outside the drawn empire, hidden armies under a
//! castle, a territory of someone else), or, for a territory to attack or fortify
//! from, what every move from it runs into (no enemy next to it, truces with every
//! enemy next to it). Nothing here reads a rule: each reason is the engine's answer
//! to the action the click stands for.

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Action, Decision, Placement, RuleError, Seat};

use super::Session;

/// Why a click on a territory did nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The engine refuses what the click would do, for this reason.
    Rule(RuleError),
    /// Nothing to attack from `from`: every territory next to it is the person's own.
    NoEnemyNext(TerritoryId),
    /// The only enemies next to `from` are in truce with the person.
    TrucesOnly { from: TerritoryId, seats: Vec<Seat> },
    /// Nothing to fortify from `from`: no territory of the person's is next to it.
    NoOwnNext(TerritoryId),
    /// Every army of the placement is on the map: it waits to be confirmed.
    AllPlaced,
    /// The decision at hand is made in the side panels, not on the map.
    InThePanels,
    /// Someone else is to move: the computer, or another person.
    NotYourMove(Seat),
    /// The game is over.
    GameOver,
}

impl Session {
    /// Why a click on `territory` did nothing for the person to move.
    pub fn why_not(&self, territory: TerritoryId) -> Refusal {
        let Some(pending) = self.game.pending() else {
            return Refusal::GameOver;
        };
        let Some(seat) = self.human_to_move() else {
            return Refusal::NotYourMove(pending.seat);
        };
        let check = |action: Action| match self.game.check(seat, &action) {
            Err(error) => Refusal::Rule(error),
            // Allowed, yet the click did nothing: the map offers it another way.
            Ok(()) => Refusal::InThePanels,
        };
        match pending.decision {
            Decision::PlaceCastle { .. } => check(Action::PlaceCastle { territory }),
            Decision::Claim => check(Action::Claim { territory }),
            Decision::HideArmies => check(Action::HideArmies { territory }),
            Decision::PlaceArmies { armies, .. } => {
                if self
                    .draft_progress()
                    .is_some_and(|(placed, all)| placed >= all)
                {
                    return Refusal::AllPlaced;
                }
                check(Action::PlaceArmies {
                    placements: vec![Placement::new(territory, armies.max(1))],
                })
            }
            Decision::FillVacated { .. } => {
                let from = self.source.unwrap_or(territory);
                check(Action::FillVacated { territory, from })
            }
            Decision::Play { .. } => match self.source {
                Some(from) if self.game.owner(territory) != Some(seat) => {
                    if self.admiral_chosen() {
                        check(Action::AdmiralAttack {
                            from,
                            to: territory,
                            armies: 1,
                        })
                    } else {
                        check(Action::Attack {
                            from,
                            to: territory,
                        })
                    }
                }
                _ => self.no_attack_from(seat, territory),
            },
            Decision::Fortify => match self.source {
                Some(from) if from != territory => check(Action::Fortify {
                    from,
                    to: territory,
                    armies: 1,
                }),
                _ => self.no_fortify_from(seat, territory),
            },
            Decision::Roll { .. }
            | Decision::Defend { .. }
            | Decision::MoveIn { .. }
            | Decision::AnswerSpy { .. }
            | Decision::SpyDiscard { .. }
            | Decision::AnswerOffer { .. }
            | Decision::TradeCards { .. } => Refusal::InThePanels,
        }
    }

    /// What every attack from `from` runs into, by the engine's answers to an
    /// attack on each of its neighbours.
    fn no_attack_from(&self, seat: Seat, from: TerritoryId) -> Refusal {
        let errors: Vec<RuleError> = self
            .game
            .board()
            .neighbours(from)
            .filter_map(|to| self.game.check(seat, &Action::Attack { from, to }).err())
            .collect();
        // The territory itself: not the person's, or too few armies to attack.
        if let Some(error) = errors.iter().find(|e| {
            matches!(
                e,
                RuleError::NotYours(t) | RuleError::TooFewArmies { territory: t, .. } if *t == from
            )
        }) {
            return Refusal::Rule(error.clone());
        }
        let mut truces: Vec<Seat> = errors
            .iter()
            .filter_map(|e| match e {
                RuleError::InTruce(seat) => Some(*seat),
                _ => None,
            })
            .collect();
        truces.dedup();
        if !truces.is_empty() {
            return Refusal::TrucesOnly {
                from,
                seats: truces,
            };
        }
        if !errors.is_empty()
            && errors
                .iter()
                .all(|e| matches!(e, RuleError::AttackOwnTerritory(_)))
        {
            return Refusal::NoEnemyNext(from);
        }
        // Something else (an empty territory next to it, cards to play first…): the
        // engine's reason for the first neighbour says it.
        errors
            .into_iter()
            .find(|e| !matches!(e, RuleError::AttackOwnTerritory(_)))
            .map_or(Refusal::NoEnemyNext(from), Refusal::Rule)
    }

    /// What every fortify from `from` runs into.
    fn no_fortify_from(&self, seat: Seat, from: TerritoryId) -> Refusal {
        let errors: Vec<RuleError> = self
            .game
            .board()
            .neighbours(from)
            .filter_map(|to| {
                let fortify = Action::Fortify {
                    from,
                    to,
                    armies: 1,
                };
                self.game.check(seat, &fortify).err()
            })
            .collect();
        if let Some(error) = errors.iter().find(|e| {
            matches!(
                e,
                RuleError::NotYours(t) | RuleError::TooFewArmies { territory: t, .. } if *t == from
            )
        }) {
            return Refusal::Rule(error.clone());
        }
        if errors.iter().all(|e| matches!(e, RuleError::NotYours(_))) {
            return Refusal::NoOwnNext(from);
        }
        errors
            .into_iter()
            .next()
            .map_or(Refusal::InThePanels, Refusal::Rule)
    }
}
