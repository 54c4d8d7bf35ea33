//! Secret missions (a classic Risk option, rulings 36–39): the mission cards of the
//! classic game, made for the board in play, dealt one to each seat in secret, and
//! whether a seat has completed its own.

use serde::{Deserialize, Serialize};

use crate::board::{Board, GroupId};

use super::super::Game;
use super::super::event::{Event, EventKind};
use super::super::seat::Seat;

/// One secret mission.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "mission", rename_all = "snake_case")]
pub enum Mission {
    /// Hold every territory of these continents, and of `plus_one` more continents
    /// of one's choice.
    Continents {
        continents: Vec<GroupId>,
        plus_one: bool,
    },
    /// Hold this many territories.
    Territories { count: u32 },
    /// Hold this many territories with at least `armies` armies on each.
    TerritoriesWithArmies { count: u32, armies: u32 },
    /// Eliminate this seat (take its last territory oneself).
    Eliminate { seat: Seat },
}

/// The continent pairs of the classic mission cards, by the classic board's keys;
/// `true`: and a third continent of one's choice.
const CONTINENT_MISSIONS: [(&str, &str, bool); 6] = [
    ("north_america", "africa", false),
    ("north_america", "australia", false),
    ("asia", "south_america", false),
    ("asia", "africa", false),
    ("europe", "south_america", true),
    ("europe", "australia", true),
];

/// Territories of the classic mission "conquer 24 territories", out of 42: scaled to
/// the board in play (ruling 37).
fn scaled(count: u32, board: &Board) -> u32 {
    let n = board.territories.len() as u32;
    ((count * n + 21) / 42).clamp(1, n.max(1))
}

/// The mission replacing one that can no longer be done (ruling 38).
pub(crate) fn fallback(board: &Board) -> Mission {
    Mission::Territories {
        count: scaled(24, board),
    }
}

/// The mission cards for `board` and these seats: the continent missions whose
/// continents the board has, the two territory missions, and one to eliminate each
/// seat (ruling 36).
pub(crate) fn mission_deck(board: &Board, seats: &[Seat]) -> Vec<Mission> {
    let mut deck = Vec::new();
    for (a, b, plus_one) in CONTINENT_MISSIONS {
        if let (Some(a), Some(b)) = (board.group_by_key(a), board.group_by_key(b)) {
            deck.push(Mission::Continents {
                continents: vec![a, b],
                plus_one,
            });
        }
    }
    deck.push(fallback(board));
    deck.push(Mission::TerritoriesWithArmies {
        count: scaled(18, board),
        armies: 2,
    });
    deck.extend(seats.iter().map(|&seat| Mission::Eliminate { seat }));
    deck
}

impl Game {
    /// Deals each seat in play a mission from the shuffled mission cards; a seat that
    /// draws its own elimination gets the fallback instead (ruling 36).
    pub(crate) fn deal_missions(&mut self, events: &mut Vec<Event>) {
        let players: Vec<Seat> = self.seat_ids().filter(|&s| !self.is_neutral(s)).collect();
        let mut deck = mission_deck(&self.board, &players);
        self.chance.shuffle(&mut deck);
        let mut missions = vec![None; self.seats()];
        for &seat in &players {
            let mut mission = deck.pop().unwrap_or_else(|| fallback(&self.board));
            if mission == (Mission::Eliminate { seat }) {
                mission = fallback(&self.board);
            }
            events.push(Event::all_but(
                seat,
                EventKind::MissionDealt {
                    seat,
                    mission: None,
                },
            ));
            events.push(Event::private(
                seat,
                EventKind::MissionDealt {
                    seat,
                    mission: Some(mission.clone()),
                },
            ));
            missions[seat.index()] = Some(mission);
        }
        self.state.classic.missions = missions;
    }

    /// A seat's secret mission (private: front ends show it to its holder only).
    pub fn mission(&self, seat: Seat) -> Option<&Mission> {
        self.state.classic.missions.get(seat.index())?.as_ref()
    }

    /// Whether `seat` has completed its mission now. An elimination mission is
    /// completed by the elimination itself (`victory`), not here.
    pub(crate) fn mission_done(&self, seat: Seat) -> bool {
        let Some(mission) = self.mission(seat) else {
            return false;
        };
        let held = |g: GroupId| {
            self.board
                .group(g)
                .territories
                .iter()
                .all(|&t| self.owner(t) == Some(seat))
        };
        let owned = || {
            self.state
                .territories
                .iter()
                .filter(move |t| t.owner == Some(seat))
        };
        match mission {
            Mission::Continents {
                continents,
                plus_one,
            } => {
                continents.iter().all(|&g| held(g))
                    && (!plus_one
                        || self
                            .board
                            .group_ids()
                            .any(|g| !continents.contains(&g) && held(g)))
            }
            Mission::Territories { count } => owned().count() as u32 >= *count,
            Mission::TerritoriesWithArmies { count, armies } => {
                owned().filter(|t| t.armies >= *armies).count() as u32 >= *count
            }
            Mission::Eliminate { .. } => false,
        }
    }

    /// `loser` was eliminated by `victor`: an elimination mission on `loser` is
    /// completed if its holder is the victor, and becomes the fallback for every
    /// other holder (ruling 38). Returns whether the victor completed its mission.
    pub(crate) fn missions_after_elimination(
        &mut self,
        loser: Seat,
        victor: Seat,
        events: &mut Vec<Event>,
    ) -> bool {
        let mut victor_done = false;
        for seat in self.seat_ids().collect::<Vec<_>>() {
            if self.mission(seat) != Some(&Mission::Eliminate { seat: loser }) {
                continue;
            }
            if seat == victor {
                victor_done = true;
                continue;
            }
            let mission = fallback(&self.board);
            self.state.classic.missions[seat.index()] = Some(mission.clone());
            events.push(Event::all_but(
                seat,
                EventKind::MissionChanged {
                    seat,
                    mission: None,
                },
            ));
            events.push(Event::private(
                seat,
                EventKind::MissionChanged {
                    seat,
                    mission: Some(mission),
                },
            ));
        }
        victor_done
    }
}
