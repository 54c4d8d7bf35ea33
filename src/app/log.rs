//! The game log: one plain sentence per public event, with seat and territory names
//! ("Red's 6 armies in Paris attack London").

use castellan_engine::board::{Board, TerritoryId};
use castellan_engine::game::{AttackEnd, EventKind, Hand, Seat};
use gettextrs::{gettext, ngettext};

/// Names the log needs: the board's and the seats'.
pub struct LogNames<'a> {
    pub board: &'a Board,
    /// Seat names, indexed by seat.
    pub seats: &'a [String],
}

impl LogNames<'_> {
    fn seat(&self, seat: Seat) -> String {
        self.seats.get(seat.index()).cloned().unwrap_or_default()
    }

    fn territory(&self, id: TerritoryId) -> String {
        gettext(self.board.territory(id).name.as_str())
    }

    fn armies(&self, armies: u32) -> String {
        ngettext("{n} army", "{n} armies", armies).replace("{n}", &armies.to_string())
    }
}

/// Cards as the log names them ("Spy, 2 × General"), or "nothing".
fn cards_list(hand: &Hand) -> String {
    if hand.is_empty() {
        return gettext("nothing");
    }
    hand.kinds()
        .map(|card| match hand.count(card) {
            1 => gettext(card.name()),
            n => gettext("{card} ×{count}")
                .replace("{card}", &gettext(card.name()))
                .replace("{count}", &n.to_string()),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The sentence for an event, or `None` for bookkeeping the log leaves out. `armies`
/// gives the armies on a territory just before the event (for attacks).
pub fn sentence(names: &LogNames, event: &EventKind, armies_before: u32) -> Option<String> {
    let text = match event {
        EventKind::SetupStarts { seat } => gettext("{seat} rolled highest and starts the setup")
            .replace("{seat}", &names.seat(*seat)),
        EventKind::EmpireDrawn { seat, empire } => gettext("{seat} drew the banner of {empire}")
            .replace("{seat}", &names.seat(*seat))
            .replace(
                "{empire}",
                &gettext(names.board.group(*empire).name.as_str()),
            ),
        EventKind::CastlePlaced { seat, territory } => {
            gettext("{seat} built a castle in {territory}")
                .replace("{seat}", &names.seat(*seat))
                .replace("{territory}", &names.territory(*territory))
        }
        EventKind::TerritoryClaimed { seat, territory } => gettext("{seat} claimed {territory}")
            .replace("{seat}", &names.seat(*seat))
            .replace("{territory}", &names.territory(*territory)),
        EventKind::ArmiesPlaced {
            seat, placements, ..
        } => {
            let places: Vec<String> = placements
                .iter()
                .map(|p| {
                    gettext("{armies} in {territory}")
                        .replace("{armies}", &p.armies.to_string())
                        .replace("{territory}", &names.territory(p.territory))
                })
                .collect();
            gettext("{seat} placed {places}")
                .replace("{seat}", &names.seat(*seat))
                .replace("{places}", &places.join(", "))
        }
        EventKind::ArmiesHidden { seat, .. } => {
            gettext("{seat} hid armies").replace("{seat}", &names.seat(*seat))
        }
        EventKind::FirstPlayer { seat } => {
            gettext("{seat} plays first").replace("{seat}", &names.seat(*seat))
        }
        EventKind::TurnStarted { seat, turn } => gettext("Turn {turn}: {seat}")
            .replace("{turn}", &turn.to_string())
            .replace("{seat}", &names.seat(*seat)),
        EventKind::CardDrawn { seat, .. } => {
            gettext("{seat} drew a card").replace("{seat}", &names.seat(*seat))
        }
        EventKind::ReinforcementsPlayed {
            seat,
            cards,
            armies,
            ..
        } => ngettext(
            "{seat} played {cards} Reinforcements card for {armies}",
            "{seat} played {cards} Reinforcements cards for {armies}",
            u32::from(*cards),
        )
        .replace("{seat}", &names.seat(*seat))
        .replace("{cards}", &cards.to_string())
        .replace("{armies}", &names.armies(*armies)),
        EventKind::TruceMade { seat, target } => gettext("{seat} made a truce with {target}")
            .replace("{seat}", &names.seat(*seat))
            .replace("{target}", &names.seat(*target)),
        EventKind::TruceEnded { seat, target } => {
            gettext("The truce between {seat} and {target} is over")
                .replace("{seat}", &names.seat(*seat))
                .replace("{target}", &names.seat(*target))
        }
        EventKind::SpyPlayed { seat, target } => gettext("{seat} played a Spy on {target}")
            .replace("{seat}", &names.seat(*seat))
            .replace("{target}", &names.seat(*target)),
        EventKind::SpyCountered { target, .. } => {
            gettext("{target} answered with a Spy").replace("{target}", &names.seat(*target))
        }
        EventKind::CardDiscardedBySpy { seat, target, card } => {
            gettext("{seat} discarded {target}'s {card}")
                .replace("{seat}", &names.seat(*seat))
                .replace("{target}", &names.seat(*target))
                .replace("{card}", &gettext(card.name()))
        }
        EventKind::HiddenArmiesRevealed {
            seat,
            territory,
            armies,
        } => gettext("{seat}'s hidden armies came out in {territory}: {armies}")
            .replace("{seat}", &names.seat(*seat))
            .replace("{territory}", &names.territory(*territory))
            .replace("{armies}", &names.armies(*armies)),
        EventKind::AttackStarted {
            seat,
            from,
            to,
            ship,
            ..
        } => match ship {
            Some(aboard) => gettext("{seat} sails {armies} from {from} against {to}")
                .replace("{seat}", &names.seat(*seat))
                .replace("{armies}", &names.armies(*aboard))
                .replace("{from}", &names.territory(*from))
                .replace("{to}", &names.territory(*to)),
            // TRANSLATORS: e.g. "Red's 6 armies in Paris attack London".
            None => gettext("{seat}'s {armies} in {from} attack {to}")
                .replace("{seat}", &names.seat(*seat))
                .replace("{armies}", &names.armies(armies_before))
                .replace("{from}", &names.territory(*from))
                .replace("{to}", &names.territory(*to)),
        },
        EventKind::GeneralCommitted { seat } => {
            gettext("{seat} commits a General").replace("{seat}", &names.seat(*seat))
        }
        EventKind::MarshallCommitted { seat } => {
            gettext("{seat} commits a Marshall").replace("{seat}", &names.seat(*seat))
        }
        EventKind::DiceRolled {
            attack, defence, ..
        } => {
            let faces = |dice: &[u8]| dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
            gettext("Dice: {attack} against {defence}")
                .replace("{attack}", &faces(attack))
                .replace("{defence}", &faces(defence))
        }
        EventKind::ArmiesLost {
            territory, armies, ..
        } => gettext("{territory} loses {armies}")
            .replace("{territory}", &names.territory(*territory))
            .replace("{armies}", &armies.to_string()),
        EventKind::AttackEnded { to, reason, .. } => match reason {
            AttackEnd::Captured => return None,
            AttackEnd::Stopped => {
                gettext("The attack on {to} stopped").replace("{to}", &names.territory(*to))
            }
            AttackEnd::OutOfArmies | AttackEnd::ShipLost => {
                gettext("The attack on {to} failed").replace("{to}", &names.territory(*to))
            }
        },
        EventKind::TerritoryTaken {
            seat, territory, ..
        } => gettext("{seat} took {territory}")
            .replace("{seat}", &names.seat(*seat))
            .replace("{territory}", &names.territory(*territory)),
        EventKind::ArmiesMoved {
            seat,
            from,
            to,
            armies,
            ..
        } => gettext("{seat} moved {armies} from {from} to {to}")
            .replace("{seat}", &names.seat(*seat))
            .replace("{armies}", &names.armies(*armies))
            .replace("{from}", &names.territory(*from))
            .replace("{to}", &names.territory(*to)),
        EventKind::CastleTaken {
            seat,
            territory,
            owner,
        } => gettext("{seat} took {owner}'s castle in {territory}")
            .replace("{seat}", &names.seat(*seat))
            .replace("{owner}", &names.seat(*owner))
            .replace("{territory}", &names.territory(*territory)),
        EventKind::SeatEliminated { seat, .. } => {
            gettext("{seat} is out of the game").replace("{seat}", &names.seat(*seat))
        }
        EventKind::Spoils { seat, breakdown } if breakdown.total > 0 => {
            gettext("{seat} collects spoils of {armies}")
                .replace("{seat}", &names.seat(*seat))
                .replace("{armies}", &names.armies(breakdown.total))
        }
        EventKind::GameWon { seat } => {
            gettext("{seat} has won the game").replace("{seat}", &names.seat(*seat))
        }
        EventKind::GameDrawn { rounds } => ngettext(
            "No territory was taken in {rounds} round: the game is drawn",
            "No territory was taken in {rounds} rounds: the game is drawn",
            *rounds,
        )
        .replace("{rounds}", &rounds.to_string()),
        EventKind::CardsOffered {
            seat,
            target,
            give,
            ask,
        } => gettext("{seat} offers {target} {give} for {ask}")
            .replace("{seat}", &names.seat(*seat))
            .replace("{target}", &names.seat(*target))
            .replace("{give}", &cards_list(give))
            .replace("{ask}", &cards_list(ask)),
        EventKind::OfferAccepted { seat, target, .. } => {
            gettext("{target} accepted the offer of {seat}")
                .replace("{seat}", &names.seat(*seat))
                .replace("{target}", &names.seat(*target))
        }
        EventKind::OfferRefused { seat, target } => gettext("{target} refused the offer of {seat}")
            .replace("{seat}", &names.seat(*seat))
            .replace("{target}", &names.seat(*target)),
        EventKind::ArmiesForfeited { seat, armies } => {
            gettext("{seat} could not place {armies}: the board holds no more")
                .replace("{seat}", &names.seat(*seat))
                .replace("{armies}", &names.armies(*armies))
        }
        _ => return None,
    };
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::board::load_board_file;
    use castellan_engine::game::Card;
    use std::path::Path;

    fn board() -> Board {
        load_board_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/castle-risk.toml"))
            .unwrap()
    }

    #[test]
    fn an_attack_names_the_attacker_its_armies_and_both_territories() {
        let board = board();
        let seats = vec!["Red".to_owned(), "Blue".to_owned()];
        let names = LogNames {
            board: &board,
            seats: &seats,
        };
        let paris = board.territory_by_key("paris").unwrap();
        let london = board.territory_by_key("london").unwrap();
        let started = EventKind::AttackStarted {
            seat: Seat(0),
            from: paris,
            to: london,
            defender: Seat(1),
            ship: None,
        };
        assert_eq!(
            sentence(&names, &started, 6).as_deref(),
            Some("Red's 6 armies in Paris attack London")
        );
        let lost = EventKind::ArmiesLost {
            seat: Seat(1),
            territory: london,
            armies: 2,
            aboard: false,
        };
        assert_eq!(
            sentence(&names, &lost, 0).as_deref(),
            Some("London loses 2")
        );
    }

    #[test]
    fn trades_the_draw_and_forfeited_armies_are_logged() {
        let board = board();
        let seats = vec!["Anna".to_owned(), "Béla".to_owned()];
        let names = LogNames {
            board: &board,
            seats: &seats,
        };
        let hand = |cards: &[Card]| cards.iter().copied().collect::<Hand>();
        let offered = EventKind::CardsOffered {
            seat: Seat(0),
            target: Seat(1),
            give: hand(&[Card::Spy, Card::General, Card::General]),
            ask: hand(&[]),
        };
        assert_eq!(
            sentence(&names, &offered, 0).as_deref(),
            Some("Anna offers Béla Spy, General ×2 for nothing")
        );
        let refused = EventKind::OfferRefused {
            seat: Seat(0),
            target: Seat(1),
        };
        assert_eq!(
            sentence(&names, &refused, 0).as_deref(),
            Some("Béla refused the offer of Anna")
        );
        assert_eq!(
            sentence(&names, &EventKind::GameDrawn { rounds: 60 }, 0).as_deref(),
            Some("No territory was taken in 60 rounds: the game is drawn")
        );
        let forfeited = EventKind::ArmiesForfeited {
            seat: Seat(1),
            armies: 3,
        };
        assert_eq!(
            sentence(&names, &forfeited, 0).as_deref(),
            Some("Béla could not place 3 armies: the board holds no more")
        );
    }

    #[test]
    fn placements_list_every_territory_and_bookkeeping_is_left_out() {
        let board = board();
        let seats = vec!["Anna".to_owned()];
        let names = LogNames {
            board: &board,
            seats: &seats,
        };
        let paris = board.territory_by_key("paris").unwrap();
        let london = board.territory_by_key("london").unwrap();
        let placed = EventKind::ArmiesPlaced {
            seat: Seat(0),
            placements: vec![
                castellan_engine::game::Placement::new(paris, 3),
                castellan_engine::game::Placement::new(london, 2),
            ],
            reason: castellan_engine::game::PlacementReason::Setup,
        };
        assert_eq!(
            sentence(&names, &placed, 0).as_deref(),
            Some("Anna placed 3 in Paris, 2 in London")
        );
        assert_eq!(
            sentence(&names, &EventKind::TurnEnded { seat: Seat(0) }, 0),
            None
        );
    }
}
