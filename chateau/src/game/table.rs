//! Who plays: the seats (people or programs) and the armies each commands, team play
//! or each army for itself, and the sides that score (a team, or an army alone).
//!
//! Rulings 23 and 24: four players in two teams or four alone; two players each
//! commanding a team's two armies; three players, one commanding a whole team; two or
//! three single armies with empty corners.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::board::{ArmyId, Board, MAX_ARMIES};

/// A seat at the table, by its number (0 first). In JSON, that number.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A side that scores: a team in team play, an army alone otherwise. In JSON, its
/// number (the views name it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SideId(pub u8);

impl SideId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Who commands which army, and whether teams play together.
///
/// ```
/// use castellan_chateau::board::{ArmyId, Board};
/// use castellan_chateau::game::Table;
///
/// let board = Board::reconstructed();
/// let two = Table::two_players(&board);
/// // Red and Yellow, then Blue and Green (the board's teams).
/// assert_eq!(two.seats, vec![vec![ArmyId(0), ArmyId(2)], vec![ArmyId(1), ArmyId(3)]]);
/// assert!(two.teams);
/// assert!(Table::four_in_teams().check(&board).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    /// The armies each seat commands, in seat order. Armies nobody commands are not in
    /// the game (their corners stay empty).
    pub seats: Vec<Vec<ArmyId>>,
    /// Team play: the board's teams score together and frame together (ruling 14).
    pub teams: bool,
}

/// Why a table cannot play on a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("a game has 1 to 4 seats, not {0}")]
    SeatCount(usize),
    #[error("seat {0} commands no army")]
    EmptySeat(usize),
    #[error("the board has no army {0}")]
    UnknownArmy(u8),
    #[error("army {0} is commanded by two seats")]
    ArmyTwice(u8),
    #[error("a game needs at least two sides: armies or teams that play against each other")]
    OneSide,
    #[error("team play needs the board's teams, and this board has none")]
    NoTeams,
}

impl Table {
    /// Four seats, one army each, in two teams (the text's favourite game).
    pub fn four_in_teams() -> Self {
        Self {
            seats: (0..4).map(|a| vec![ArmyId(a)]).collect(),
            teams: true,
        }
    }

    /// Four seats, each army for itself.
    pub fn four_alone() -> Self {
        Self {
            seats: (0..4).map(|a| vec![ArmyId(a)]).collect(),
            teams: false,
        }
    }

    /// Two seats, each commanding one team's two armies (ruling 23).
    pub fn two_players(board: &Board) -> Self {
        Self {
            seats: board
                .teams()
                .iter()
                .map(|team| {
                    let mut armies = team.armies.clone();
                    armies.sort();
                    armies
                })
                .collect(),
            teams: true,
        }
    }

    /// Three seats: the first commands the first team whole, the other two share the
    /// second team's armies (ruling 23).
    pub fn three_players(board: &Board) -> Self {
        let mut seats = Vec::new();
        if let Some(first) = board.teams().first() {
            seats.push(first.armies.clone());
        }
        for team in board.teams().iter().skip(1) {
            seats.extend(team.armies.iter().map(|&a| vec![a]));
        }
        Self { seats, teams: true }
    }

    /// Single armies, each for itself, the other corners empty (ruling 23, option).
    pub fn single_armies(armies: &[ArmyId]) -> Self {
        Self {
            seats: armies.iter().map(|&a| vec![a]).collect(),
            teams: false,
        }
    }

    /// Checks that the table can play on `board`.
    pub fn check(&self, board: &Board) -> Result<(), TableError> {
        if self.seats.is_empty() || self.seats.len() > MAX_ARMIES {
            return Err(TableError::SeatCount(self.seats.len()));
        }
        let mut seen = 0u8;
        for (i, armies) in self.seats.iter().enumerate() {
            if armies.is_empty() {
                return Err(TableError::EmptySeat(i));
            }
            for army in armies {
                if army.index() >= board.armies().len() {
                    return Err(TableError::UnknownArmy(army.0));
                }
                if seen & army.bit() != 0 {
                    return Err(TableError::ArmyTwice(army.0));
                }
                seen |= army.bit();
            }
        }
        if self.teams && board.teams().is_empty() {
            return Err(TableError::NoTeams);
        }
        let sides = Sides::new(board, self);
        if sides.count() < 2 {
            return Err(TableError::OneSide);
        }
        Ok(())
    }

    /// The armies in the game, as a set.
    pub fn armies(&self) -> u8 {
        self.seats.iter().flatten().fold(0, |set, a| set | a.bit())
    }

    /// The seat commanding `army`, if it is in the game.
    pub fn seat_of(&self, army: ArmyId) -> Option<Seat> {
        self.seats
            .iter()
            .position(|armies| armies.contains(&army))
            .map(|i| Seat(i as u8))
    }
}

/// The sides of a game: which side each army is on, and each side's armies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sides {
    side_of: [u8; MAX_ARMIES],
    /// Armies of each side (a set of armies), by side number.
    armies: [u8; MAX_ARMIES],
    count: u8,
}

impl Sides {
    /// The sides of `table` on `board`: in team play the board's teams (an army in no
    /// team alone), otherwise each army alone. Sides are numbered in the order of
    /// their first army.
    pub fn new(board: &Board, table: &Table) -> Self {
        let in_game = table.armies();
        let mut sides = Self {
            side_of: [u8::MAX; MAX_ARMIES],
            armies: [0; MAX_ARMIES],
            count: 0,
        };
        for army in board.army_ids() {
            if in_game & army.bit() == 0 || sides.side_of[army.index()] != u8::MAX {
                continue;
            }
            let members = match board.team_of(army) {
                Some(team) if table.teams => board.teams()[team]
                    .armies
                    .iter()
                    .filter(|a| in_game & a.bit() != 0)
                    .fold(0, |set, a| set | a.bit()),
                _ => army.bit(),
            };
            for member in crate::board::armies_of(members) {
                sides.side_of[member.index()] = sides.count;
            }
            sides.armies[sides.count as usize] = members;
            sides.count += 1;
        }
        sides
    }

    /// How many sides there are.
    pub fn count(&self) -> usize {
        self.count as usize
    }

    /// Every side.
    pub fn ids(&self) -> impl Iterator<Item = SideId> + use<> {
        (0..self.count).map(SideId)
    }

    /// The side of `army` (an army in the game).
    #[inline]
    pub fn side_of(&self, army: ArmyId) -> SideId {
        SideId(self.side_of[army.index()])
    }

    /// The armies of `side`, as a set.
    #[inline]
    pub fn armies(&self, side: SideId) -> u8 {
        self.armies[side.index()]
    }

    /// The armies on `army`'s side, itself included.
    #[inline]
    pub fn friends(&self, army: ArmyId) -> u8 {
        self.armies[self.side_of[army.index()] as usize]
    }

    /// The armies in the game on other sides than `army`'s.
    #[inline]
    pub fn enemies(&self, army: ArmyId) -> u8 {
        let all = self.armies[..self.count as usize]
            .iter()
            .fold(0, |set, &s| set | s);
        all & !self.friends(army)
    }
}
