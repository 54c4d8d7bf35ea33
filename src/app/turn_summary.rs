//! The words that sum up a computer seat's turn once it ends ("Cleo: played 2
//! cards; 3 attacks, took Poland, Silesia; spoils of 4 armies"), so that people see
//! what it did without reading the log.

use castellan_engine::game::{EventKind, Seat};
use gettextrs::{gettext, ngettext};

use super::log::LogNames;
use super::session::TableEvent;
use crate::text::{fill, translated};

/// What `seat` did in `events` (the public events of its turn): the cards it
/// played, its attacks and the territories it took, its spoils.
pub fn summary(names: &LogNames, seat: Seat, events: &[TableEvent]) -> String {
    let (mut cards, mut attacks, mut spoils) = (0u32, 0u32, 0u32);
    let mut taken = Vec::new();
    for event in events {
        match &event.event.kind {
            EventKind::ReinforcementsPlayed {
                seat: s, cards: n, ..
            } if *s == seat => {
                cards += u32::from(*n);
            }
            EventKind::TruceMade { seat: s, .. } | EventKind::SpyPlayed { seat: s, .. }
                if *s == seat =>
            {
                cards += 1;
            }
            EventKind::AttackStarted { seat: s, .. } if *s == seat => attacks += 1,
            EventKind::TerritoryTaken {
                seat: s, territory, ..
            } if *s == seat => {
                taken.push(translated(names.board.territory(*territory).name.as_str()));
            }
            EventKind::Spoils { seat: s, breakdown } if *s == seat => spoils += breakdown.total,
            _ => {}
        }
    }
    let mut parts = Vec::new();
    if cards > 0 {
        parts.push(fill(
            &ngettext("played {n} card", "played {n} cards", cards),
            &[("n", &cards)],
        ));
    }
    if attacks == 0 {
        parts.push(gettext("no attack"));
    } else {
        let attacked = fill(
            &ngettext("{n} attack", "{n} attacks", attacks),
            &[("n", &attacks)],
        );
        parts.push(if taken.is_empty() {
            fill(
                &gettext("{attacks}, nothing taken"),
                &[("attacks", &attacked)],
            )
        } else {
            fill(
                &gettext("{attacks}, took {territories}"),
                &[("attacks", &attacked), ("territories", &taken.join(", "))],
            )
        });
    }
    if spoils > 0 {
        parts.push(fill(
            &ngettext("spoils of {n} army", "spoils of {n} armies", spoils),
            &[("n", &spoils)],
        ));
    }
    let name = names.seats.get(seat.index()).cloned().unwrap_or_default();
    fill(
        &gettext("{seat}: {what}"),
        &[("seat", &name), ("what", &parts.join("; "))],
    )
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use castellan_engine::board::load_board_file;
    use castellan_engine::game::{Audience, Event, EventKind, Seat, SpoilsBreakdown};

    use super::*;

    #[test]
    fn a_turn_is_summed_up_by_its_cards_attacks_captures_and_spoils() {
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/castle-risk.toml");
        let board = Arc::new(load_board_file(&path).unwrap());
        let names = LogNames {
            board: Arc::clone(&board),
            seats: vec!["Anna".into(), "Cleo".into()],
        };
        let paris = board.territory_by_key("paris").unwrap();
        let london = board.territory_by_key("london").unwrap();
        let public = |kind| TableEvent {
            event: Event {
                audience: Audience::Everyone,
                kind,
            },
            armies: 0,
        };
        let attack = || {
            public(EventKind::AttackStarted {
                seat: Seat(1),
                from: paris,
                to: london,
                defender: Seat(0),
                ship: None,
            })
        };
        let events = vec![
            public(EventKind::ReinforcementsPlayed {
                seat: Seat(1),
                cards: 2,
                first_slot: 0,
                armies: 9,
            }),
            attack(),
            attack(),
            public(EventKind::TerritoryTaken {
                seat: Seat(1),
                territory: london,
                from: Some(Seat(0)),
            }),
            public(EventKind::Spoils {
                seat: Seat(1),
                breakdown: SpoilsBreakdown {
                    total: 4,
                    ..SpoilsBreakdown::default()
                },
            }),
        ];
        assert_eq!(
            summary(&names, Seat(1), &events),
            "Cleo: played 2 cards; 2 attacks, took London; spoils of 4 armies"
        );
        assert_eq!(summary(&names, Seat(0), &events), "Anna: no attack");
    }
}
