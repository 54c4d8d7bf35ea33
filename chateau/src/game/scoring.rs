//! Points from occupying territories (ruling 17) and the simultanée (ruling 18),
//! worked out at the end of a turn from the territories an army held a full round and
//! the order in which its pieces first left them this turn. Pure functions, so that
//! computer players can score a turn they consider.

use super::event::Event;
use super::table::SideId;
use crate::board::{ArmyId, Board};

/// Points for leaving one's own territory, last in the colour table.
pub const OWN_TERRITORY_POINTS: i32 = 2;
/// Points for leaving another army's territory.
pub const TERRITORY_POINTS: i32 = 1;
/// Points for a simultanée.
pub const SIMULTANEE_POINTS: i32 = 7;

/// The occupation events of `army`'s turn, updating `table_next` (the index in its
/// colour table of the territory it must leave next).
///
/// `held` is the set of territories (by army) it occupied a full round when the turn
/// began; `exits` the territories its pieces first left this turn, in order.
///
/// ```
/// use castellan_chateau::board::{ArmyId, Board};
/// use castellan_chateau::game::{Event, SideId, occupation_events};
///
/// let board = Board::reconstructed();
/// let (red, blue) = (ArmyId(0), ArmyId(1));
/// let mut next = 0; // Red must leave Blue's territory first.
/// let events = occupation_events(&board, red, SideId(0), blue.bit(), &[blue], &mut next);
/// assert_eq!(events, [Event::Occupation { army: red, territory: blue, side: SideId(0), points: 1 }]);
/// assert_eq!(next, 1);
/// ```
pub fn occupation_events(
    board: &Board,
    army: ArmyId,
    side: SideId,
    held: u8,
    exits: &[ArmyId],
    table_next: &mut u8,
) -> Vec<Event> {
    let table = &board.army(army).table;
    let left: Vec<ArmyId> = exits
        .iter()
        .copied()
        .filter(|territory| held & territory.bit() != 0)
        .collect();
    let mut events = Vec::new();
    if table.is_empty() {
        return events;
    }
    // The simultanée: every territory held, and left in the table's order.
    let all_held = table.iter().all(|t| held & t.bit() != 0);
    let in_order: Vec<ArmyId> = left.iter().copied().filter(|t| table.contains(t)).collect();
    if all_held && in_order == *table {
        *table_next = 0;
        events.push(Event::Simultanee {
            army,
            side,
            points: SIMULTANEE_POINTS,
        });
        return events;
    }
    for territory in left {
        let next = table[*table_next as usize % table.len()];
        if territory == next {
            let points = if territory == army {
                OWN_TERRITORY_POINTS
            } else {
                TERRITORY_POINTS
            };
            events.push(Event::Occupation {
                army,
                territory,
                side,
                points,
            });
            *table_next = ((*table_next as usize + 1) % table.len()) as u8;
        } else {
            events.push(Event::OccupationOutOfOrder { army, territory });
        }
    }
    events
}

/// The territories (a set of armies) where `army` has pieces among `squares`.
pub fn territories_held(board: &Board, squares: crate::square::Bits) -> u8 {
    board
        .army_ids()
        .filter(|&t| board.army(t).territory & squares != 0)
        .fold(0, |set, t| set | t.bit())
}
