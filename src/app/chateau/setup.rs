//! Who sits at a Château Noir table: 2 to 4 seats (people or computers, each with a
//! strength), teams or each for itself, and which armies each seat commands — turned
//! into the engine's [`Table`]. The armies a seat may command come from the engine's
//! own tables for the number of seats (ruling 23); the person only deals them out.

use castellan_chateau::board::{ArmyId, Board};
use castellan_chateau::bot::Strength;
use castellan_chateau::game::Table;
use serde::{Deserialize, Serialize};

/// The fewest and the most seats of a Château Noir table.
pub const MIN_SEATS: usize = 2;
pub const MAX_SEATS: usize = 4;

/// One seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChateauSeat {
    pub name: String,
    pub computer: bool,
    pub strength: Strength,
}

/// A table as chosen in the new-game dialog.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChateauSetup {
    pub seats: Vec<ChateauSeat>,
    /// The board's teams play together (ruling 14); else each army for itself.
    pub teams: bool,
    /// For each seat, the index of the group of armies it commands among
    /// [`army_groups`] (a permutation: no two seats share a group).
    pub groups: Vec<usize>,
    /// The match's seed; a random one when `None`.
    #[serde(default)]
    pub seed: Option<u64>,
}

/// The groups of armies `seats` seats command, teams or alone, in the engine's order
/// (ruling 23): two seats command a team each (or one army each, the other corners
/// empty, alone); three seats, a team and two armies (or three armies alone); four
/// seats, an army each.
pub fn army_groups(board: &Board, seats: usize, teams: bool) -> Vec<Vec<ArmyId>> {
    let table = match (seats, teams) {
        (2, true) => Table::two_players(board),
        (3, true) => Table::three_players(board),
        (4, true) => Table::four_in_teams(),
        (4, false) => Table::four_alone(),
        (count, _) => {
            let armies: Vec<ArmyId> = board.army_ids().take(count).collect();
            Table::single_armies(&armies)
        }
    };
    table.seats
}

impl ChateauSetup {
    /// `count` seats: the person first, then computers of Normal strength, in teams.
    pub fn new(person: String, count: usize, name_of: impl Fn(usize) -> String) -> Self {
        let count = count.clamp(MIN_SEATS, MAX_SEATS);
        Self {
            seats: (0..count)
                .map(|seat| ChateauSeat {
                    name: if seat == 0 {
                        person.clone()
                    } else {
                        name_of(seat)
                    },
                    computer: seat != 0,
                    strength: Strength::Normal,
                })
                .collect(),
            teams: true,
            groups: (0..count).collect(),
            seed: None,
        }
    }

    /// Keeps `groups` a permutation of the seats' groups after a change of count.
    pub fn mend_groups(&mut self) {
        let count = self.seats.len();
        let valid = self.groups.len() == count && {
            let mut sorted = self.groups.clone();
            sorted.sort_unstable();
            sorted == (0..count).collect::<Vec<_>>()
        };
        if !valid {
            self.groups = (0..count).collect();
        }
    }

    /// Gives seat `seat` group `group`; the seat that had it takes the chosen seat's.
    pub fn give_group(&mut self, seat: usize, group: usize) {
        self.mend_groups();
        if seat >= self.groups.len() || group >= self.groups.len() {
            return;
        }
        if let Some(other) = self.groups.iter().position(|&g| g == group) {
            self.groups.swap(seat, other);
        }
    }

    /// The engine's table: each seat with the armies of its group.
    pub fn table(&self, board: &Board) -> Table {
        let groups = army_groups(board, self.seats.len(), self.teams);
        let mut setup = self.clone();
        setup.mend_groups();
        Table {
            seats: setup
                .groups
                .iter()
                .map(|&g| groups.get(g).cloned().unwrap_or_default())
                .collect(),
            teams: self.teams && board.teams().len() >= 2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(count: usize, teams: bool) -> ChateauSetup {
        ChateauSetup {
            teams,
            ..ChateauSetup::new("Ana".into(), count, |i| format!("C{i}"))
        }
    }

    #[test]
    fn every_count_and_grouping_makes_a_table_the_engine_accepts() {
        let board = Board::reconstructed();
        for count in MIN_SEATS..=MAX_SEATS {
            for teams in [true, false] {
                let table = setup(count, teams).table(&board);
                assert_eq!(table.seats.len(), count);
                assert!(table.check(&board).is_ok(), "{count} {teams}: {table:?}");
            }
        }
    }

    #[test]
    fn giving_a_seat_another_group_swaps_it_with_the_seat_that_had_it() {
        let board = Board::reconstructed();
        let mut two = setup(2, true);
        let before = two.table(&board);
        two.give_group(0, 1);
        let after = two.table(&board);
        assert_eq!(after.seats[0], before.seats[1]);
        assert_eq!(after.seats[1], before.seats[0]);
        // A count changed under the groups mends them.
        two.seats.pop();
        two.seats.extend(setup(4, true).seats[1..].iter().cloned());
        assert!(two.table(&board).check(&board).is_ok());
    }
}
