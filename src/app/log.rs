//! The game log's words: one plain sentence per public event, with seat and territory
//! names ("Red attacked London from Paris with 6 armies"). `log_view` shows them.

use std::sync::Arc;

use castellan_engine::board::{Board, TerritoryId};
use castellan_engine::game::{AttackEnd, EventKind, Hand, Seat};
use gettextrs::{gettext, ngettext};

use crate::text::{fill, translated};

/// Names the log needs: the board's and the seats'.
pub struct LogNames {
    pub board: Arc<Board>,
    /// Seat names, indexed by seat.
    pub seats: Vec<String>,
}

impl LogNames {
    fn seat(&self, seat: Seat) -> String {
        self.seats.get(seat.index()).cloned().unwrap_or_default()
    }

    fn territory(&self, id: TerritoryId) -> String {
        translated(self.board.territory(id).name.as_str())
    }

    fn armies(&self, armies: u32) -> String {
        fill(
            &ngettext("{n} army", "{n} armies", armies),
            &[("n", &armies)],
        )
    }
}

/// Whether the log tells `event`, as [`sentence`] would, without the cost of saying
/// it: the log keeps only what it tells and words it when it is shown.
pub fn tells(event: &EventKind) -> bool {
    match event {
        EventKind::AttackEnded {
            reason: AttackEnd::Captured,
            ..
        } => false,
        EventKind::Spoils { breakdown, .. } => breakdown.total > 0,
        EventKind::SetupStarts { .. }
        | EventKind::EmpireDrawn { .. }
        | EventKind::CastlePlaced { .. }
        | EventKind::TerritoryClaimed { .. }
        | EventKind::ArmiesPlaced { .. }
        | EventKind::ArmiesHidden { .. }
        | EventKind::FirstPlayer { .. }
        | EventKind::TurnStarted { .. }
        | EventKind::CardDrawn { .. }
        | EventKind::ReinforcementsPlayed { .. }
        | EventKind::TruceMade { .. }
        | EventKind::TruceEnded { .. }
        | EventKind::SpyPlayed { .. }
        | EventKind::SpyCountered { .. }
        | EventKind::CardDiscardedBySpy { .. }
        | EventKind::HiddenArmiesRevealed { .. }
        | EventKind::AttackStarted { .. }
        | EventKind::GeneralCommitted { .. }
        | EventKind::MarshallCommitted { .. }
        | EventKind::DiceRolled { .. }
        | EventKind::ArmiesLost { .. }
        | EventKind::AttackEnded { .. }
        | EventKind::TerritoryTaken { .. }
        | EventKind::ArmiesMoved { .. }
        | EventKind::CastleTaken { .. }
        | EventKind::SeatEliminated { .. }
        | EventKind::GameWon { .. }
        | EventKind::GameDrawn { .. }
        | EventKind::CardsOffered { .. }
        | EventKind::OfferAccepted { .. }
        | EventKind::OfferRefused { .. }
        | EventKind::ArmiesForfeited { .. }
        | EventKind::NewArmies { .. }
        | EventKind::SetTraded { .. }
        | EventKind::TerritoryCardDrawn { card: None, .. }
        | EventKind::TerritoryCardsTaken { cards: None, .. }
        | EventKind::MustTradeDown { .. }
        | EventKind::MissionCompleted { .. } => true,
        _ => false,
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
            n => fill(
                &gettext("{card} ×{count}"),
                &[("card", &gettext(card.name())), ("count", &n)],
            ),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The sentence for an event, or `None` for bookkeeping the log leaves out. `armies`
/// gives the armies on a territory just after the event (for an attack's start).
pub fn sentence(names: &LogNames, event: &EventKind, armies_before: u32) -> Option<String> {
    let text = match event {
        EventKind::SetupStarts { seat } => fill(
            &gettext("{seat} rolled highest and started the setup"),
            &[("seat", &names.seat(*seat))],
        ),
        EventKind::EmpireDrawn { seat, empire } => fill(
            &gettext("{seat} drew the banner of {empire}"),
            &[
                ("seat", &names.seat(*seat)),
                (
                    "empire",
                    &translated(names.board.group(*empire).name.as_str()),
                ),
            ],
        ),
        EventKind::CastlePlaced { seat, territory } => fill(
            &gettext("{seat} built a castle in {territory}"),
            &[
                ("seat", &names.seat(*seat)),
                ("territory", &names.territory(*territory)),
            ],
        ),
        EventKind::TerritoryClaimed { seat, territory } => fill(
            &gettext("{seat} claimed {territory}"),
            &[
                ("seat", &names.seat(*seat)),
                ("territory", &names.territory(*territory)),
            ],
        ),
        EventKind::ArmiesPlaced {
            seat, placements, ..
        } => {
            let places: Vec<String> = placements
                .iter()
                .map(|p| {
                    fill(
                        &gettext("{armies} in {territory}"),
                        &[
                            ("armies", &p.armies),
                            ("territory", &names.territory(p.territory)),
                        ],
                    )
                })
                .collect();
            fill(
                &gettext("{seat} placed {places}"),
                &[("seat", &names.seat(*seat)), ("places", &places.join(", "))],
            )
        }
        EventKind::ArmiesHidden { seat, .. } => fill(
            &gettext("{seat} hid armies"),
            &[("seat", &names.seat(*seat))],
        ),
        EventKind::FirstPlayer { seat } => fill(
            &gettext("First to play: {seat}"),
            &[("seat", &names.seat(*seat))],
        ),
        EventKind::TurnStarted { seat, turn } => fill(
            &gettext("Turn {turn}: {seat}"),
            &[("turn", &turn), ("seat", &names.seat(*seat))],
        ),
        EventKind::CardDrawn { seat, .. } => fill(
            &gettext("{seat} drew a card"),
            &[("seat", &names.seat(*seat))],
        ),
        EventKind::ReinforcementsPlayed {
            seat,
            cards,
            armies,
            ..
        } => fill(
            &ngettext(
                "{seat} played {cards} Reinforcements card for {armies}",
                "{seat} played {cards} Reinforcements cards for {armies}",
                u32::from(*cards),
            ),
            &[
                ("seat", &names.seat(*seat)),
                ("cards", &cards),
                ("armies", &names.armies(*armies)),
            ],
        ),
        EventKind::TruceMade { seat, target } => fill(
            &gettext("{seat} made a truce with {target}"),
            &[
                ("seat", &names.seat(*seat)),
                ("target", &names.seat(*target)),
            ],
        ),
        EventKind::TruceEnded { seat, target } => fill(
            &gettext("The truce between {seat} and {target} is over"),
            &[
                ("seat", &names.seat(*seat)),
                ("target", &names.seat(*target)),
            ],
        ),
        EventKind::SpyPlayed { seat, target } => fill(
            &gettext("{seat} played a Spy on {target}"),
            &[
                ("seat", &names.seat(*seat)),
                ("target", &names.seat(*target)),
            ],
        ),
        EventKind::SpyCountered { target, .. } => fill(
            &gettext("{target} answered with a Spy"),
            &[("target", &names.seat(*target))],
        ),
        EventKind::CardDiscardedBySpy { seat, target, card } => fill(
            &gettext("{seat} made {target} discard: {card}"),
            &[
                ("seat", &names.seat(*seat)),
                ("target", &names.seat(*target)),
                ("card", &gettext(card.name())),
            ],
        ),
        EventKind::HiddenArmiesRevealed {
            seat,
            territory,
            armies,
        } => fill(
            &gettext("{seat} brought out hidden armies in {territory}: {armies}"),
            &[
                ("seat", &names.seat(*seat)),
                ("territory", &names.territory(*territory)),
                ("armies", &names.armies(*armies)),
            ],
        ),
        EventKind::AttackStarted {
            seat,
            from,
            to,
            ship,
            ..
        } => match ship {
            Some(aboard) => fill(
                &gettext("{seat} sailed {armies} from {from} against {to}"),
                &[
                    ("seat", &names.seat(*seat)),
                    ("armies", &names.armies(*aboard)),
                    ("from", &names.territory(*from)),
                    ("to", &names.territory(*to)),
                ],
            ),
            // TRANSLATORS: e.g. "Red attacked London from Paris with 6 armies".
            None => fill(
                &gettext("{seat} attacked {to} from {from} with {armies}"),
                &[
                    ("seat", &names.seat(*seat)),
                    ("armies", &names.armies(armies_before)),
                    ("from", &names.territory(*from)),
                    ("to", &names.territory(*to)),
                ],
            ),
        },
        EventKind::GeneralCommitted { seat } => fill(
            &gettext("{seat} committed a General"),
            &[("seat", &names.seat(*seat))],
        ),
        EventKind::MarshallCommitted { seat } => fill(
            &gettext("{seat} committed a Marshall"),
            &[("seat", &names.seat(*seat))],
        ),
        EventKind::DiceRolled {
            attack, defence, ..
        } => {
            let faces = |dice: &[u8]| dice.iter().map(u8::to_string).collect::<Vec<_>>().join(" ");
            fill(
                &gettext("Dice: {attack} against {defence}"),
                &[("attack", &faces(attack)), ("defence", &faces(defence))],
            )
        }
        EventKind::ArmiesLost {
            territory, armies, ..
        } => fill(
            &gettext("{territory} loses {armies}"),
            &[
                ("territory", &names.territory(*territory)),
                ("armies", &armies),
            ],
        ),
        EventKind::AttackEnded { to, reason, .. } => match reason {
            AttackEnd::Captured => return None,
            AttackEnd::Stopped => fill(
                &gettext("The attack on {to} stopped"),
                &[("to", &names.territory(*to))],
            ),
            AttackEnd::OutOfArmies | AttackEnd::ShipLost => fill(
                &gettext("The attack on {to} failed"),
                &[("to", &names.territory(*to))],
            ),
        },
        EventKind::TerritoryTaken {
            seat, territory, ..
        } => fill(
            &gettext("{seat} took {territory}"),
            &[
                ("seat", &names.seat(*seat)),
                ("territory", &names.territory(*territory)),
            ],
        ),
        EventKind::ArmiesMoved {
            seat,
            from,
            to,
            armies,
            ..
        } => fill(
            &gettext("{seat} moved {armies} from {from} to {to}"),
            &[
                ("seat", &names.seat(*seat)),
                ("armies", &names.armies(*armies)),
                ("from", &names.territory(*from)),
                ("to", &names.territory(*to)),
            ],
        ),
        EventKind::CastleTaken {
            seat,
            territory,
            owner,
        } => fill(
            &gettext("{seat} took the castle in {territory} from {owner}"),
            &[
                ("seat", &names.seat(*seat)),
                ("owner", &names.seat(*owner)),
                ("territory", &names.territory(*territory)),
            ],
        ),
        EventKind::SeatEliminated { seat, .. } => fill(
            &gettext("Out of the game: {seat}"),
            &[("seat", &names.seat(*seat))],
        ),
        EventKind::Spoils { seat, breakdown } if breakdown.total > 0 => fill(
            &gettext("{seat} collected spoils of {armies}"),
            &[
                ("seat", &names.seat(*seat)),
                ("armies", &names.armies(breakdown.total)),
            ],
        ),
        EventKind::GameWon { seat } => fill(
            &gettext("{seat} won the game"),
            &[("seat", &names.seat(*seat))],
        ),
        EventKind::GameDrawn { rounds } => fill(
            &ngettext(
                "No territory was taken in {rounds} round: the game is drawn",
                "No territory was taken in {rounds} rounds: the game is drawn",
                *rounds,
            ),
            &[("rounds", rounds)],
        ),
        EventKind::CardsOffered {
            seat,
            target,
            give,
            ask,
        } => fill(
            &gettext("{seat} offered {target} {give} for {ask}"),
            &[
                ("seat", &names.seat(*seat)),
                ("target", &names.seat(*target)),
                ("give", &cards_list(give)),
                ("ask", &cards_list(ask)),
            ],
        ),
        EventKind::OfferAccepted { seat, target, .. } => fill(
            &gettext("{target} accepted the offer of {seat}"),
            &[
                ("seat", &names.seat(*seat)),
                ("target", &names.seat(*target)),
            ],
        ),
        EventKind::OfferRefused { seat, target } => fill(
            &gettext("{target} refused the offer of {seat}"),
            &[
                ("seat", &names.seat(*seat)),
                ("target", &names.seat(*target)),
            ],
        ),
        EventKind::ArmiesForfeited { seat, armies } => fill(
            &gettext("{seat} could not place {armies}: the board holds no more"),
            &[
                ("seat", &names.seat(*seat)),
                ("armies", &names.armies(*armies)),
            ],
        ),
        EventKind::NewArmies {
            seat,
            territories,
            continents,
        } => fill(
            &gettext("{seat} got {armies} for territories held and {bonus} for continents"),
            &[
                ("seat", &names.seat(*seat)),
                ("armies", &names.armies(*territories)),
                ("bonus", &names.armies(*continents)),
            ],
        ),
        EventKind::SetTraded {
            seat,
            armies,
            bonus_territory,
            bonus,
            ..
        } => {
            let traded = fill(
                &gettext("{seat} traded a set of cards for {armies}"),
                &[
                    ("seat", &names.seat(*seat)),
                    ("armies", &names.armies(*armies)),
                ],
            );
            match bonus_territory {
                Some(territory) if *bonus > 0 => fill(
                    &gettext("{traded}, and {bonus} on {territory}"),
                    &[
                        ("traded", &traded),
                        ("bonus", &names.armies(*bonus)),
                        ("territory", &names.territory(*territory)),
                    ],
                ),
                _ => traded,
            }
        }
        EventKind::TerritoryCardDrawn { seat, .. } => fill(
            &gettext("{seat} drew a territory card"),
            &[("seat", &names.seat(*seat))],
        ),
        EventKind::TerritoryCardsTaken {
            seat, from, count, ..
        } => fill(
            &ngettext(
                "{seat} took {count} card from {from}",
                "{seat} took {count} cards from {from}",
                *count,
            ),
            &[
                ("seat", &names.seat(*seat)),
                ("count", count),
                ("from", &names.seat(*from)),
            ],
        ),
        EventKind::MustTradeDown { seat, cards } => fill(
            &gettext("{seat} held {cards} cards: a set must be traded at once"),
            &[("seat", &names.seat(*seat)), ("cards", cards)],
        ),
        EventKind::MissionCompleted { seat, .. } => fill(
            &gettext("{seat} completed a secret mission"),
            &[("seat", &names.seat(*seat))],
        ),
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

    fn board() -> Arc<Board> {
        Arc::new(
            load_board_file(
                &Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/castle-risk.toml"),
            )
            .unwrap(),
        )
    }

    #[test]
    fn an_attack_names_the_attacker_its_armies_and_both_territories() {
        let board = board();
        let seats = vec!["Red".to_owned(), "Blue".to_owned()];
        let names = LogNames {
            board: Arc::clone(&board),
            seats,
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
            Some("Red attacked London from Paris with 6 armies")
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
        let names = LogNames {
            board,
            seats: vec!["Anna".to_owned(), "Béla".to_owned()],
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
            Some("Anna offered Béla Spy, General ×2 for nothing")
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
            board: Arc::clone(&board),
            seats,
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

    #[test]
    fn names_that_look_like_placeholders_are_told_as_they_are() {
        let board = board();
        let names = LogNames {
            board: Arc::clone(&board),
            seats: vec!["{empire}".to_owned(), "{territory}".to_owned()],
        };
        let empire = board
            .territory(board.territory_by_key("paris").unwrap())
            .group;
        let drawn = EventKind::EmpireDrawn {
            seat: Seat(0),
            empire,
        };
        let empire_name = board.group(empire).name.clone();
        assert_eq!(
            sentence(&names, &drawn, 0),
            Some(format!("{{empire}} drew the banner of {empire_name}"))
        );
        let claimed = EventKind::TerritoryClaimed {
            seat: Seat(1),
            territory: board.territory_by_key("london").unwrap(),
        };
        assert_eq!(
            sentence(&names, &claimed, 0).as_deref(),
            Some("{territory} claimed London")
        );
    }

    #[test]
    fn the_log_tells_exactly_the_events_it_has_words_for() {
        use castellan_engine::game::Game;
        use castellan_engine::variant::Variant;
        use rand::SeedableRng;
        let board = board();
        let names = LogNames {
            board: Arc::clone(&board),
            seats: (1..=4).map(|i| format!("P{i}")).collect(),
        };
        let (mut told, mut left_out) = (0, 0);
        for seed in 1..=3 {
            let mut game = Game::new(Arc::clone(&board), Variant::rulebook(), 4, seed).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            for _ in 0..3_000 {
                let Some(seat) = game.pending_seat() else {
                    break;
                };
                let action = game.legal_actions().sample(&mut rng).unwrap();
                for event in game.apply(seat, action).unwrap() {
                    let said = sentence(&names, &event.kind, 0);
                    assert_eq!(tells(&event.kind), said.is_some(), "{event:?}");
                    if said.is_some() {
                        told += 1;
                    } else {
                        left_out += 1;
                    }
                }
            }
        }
        assert!(told > 0 && left_out > 0);
    }
}
