//! Classic eliminations and victory: a seat that loses its last territory is out and
//! its victor takes its cards (trading down at once above six, ruling 35); the game
//! is won by holding every territory (world domination) or, with secret missions, by
//! completing one's own (ruling 39).

use super::super::Game;
use super::super::event::{Event, EventKind};
use super::super::seat::Seat;
use super::super::state::Phase;

impl Game {
    /// `victor` took a territory of `loser` in an attack (the owner is changed, the
    /// armies not yet moved in). Eliminates the loser if that was its last, and
    /// declares the victory once the victor holds every territory or completed its
    /// elimination mission.
    pub(crate) fn classic_captured(&mut self, loser: Seat, victor: Seat, events: &mut Vec<Event>) {
        self.turn_mut().captured = true;
        if self
            .state
            .territories
            .iter()
            .any(|t| t.owner == Some(loser))
        {
            return;
        }
        self.state.seats[loser.index()].eliminated = true;
        self.turn_mut().eliminated_a_seat = true;
        events.push(Event::public(EventKind::SeatEliminated {
            seat: loser,
            by: victor,
        }));
        let taken = std::mem::take(&mut self.state.classic.hands[loser.index()]);
        if !taken.is_empty() {
            let count = taken.len() as u32;
            let hand = &mut self.state.classic.hands[victor.index()];
            hand.extend(taken.iter().copied());
            hand.sort();
            events.push(Event::all_but(
                victor,
                EventKind::TerritoryCardsTaken {
                    seat: victor,
                    from: loser,
                    count,
                    cards: None,
                },
            ));
            events.push(Event::private(
                victor,
                EventKind::TerritoryCardsTaken {
                    seat: victor,
                    from: loser,
                    count,
                    cards: Some(taken),
                },
            ));
        }
        let mission_done =
            self.variant.classic.missions && self.missions_after_elimination(loser, victor, events);
        let domination = self
            .state
            .territories
            .iter()
            .all(|t| t.owner == Some(victor));
        if mission_done {
            if let Some(mission) = self.mission(victor).cloned() {
                events.push(Event::public(EventKind::MissionCompleted {
                    seat: victor,
                    mission,
                }));
            }
            self.state.phase = Phase::Won(victor);
        } else if domination {
            // `GameWon` is told once the armies have moved in (`attack`).
            self.state.phase = Phase::Won(victor);
        }
    }

    /// `seat` completed its secret mission: it shows it and wins.
    pub(crate) fn win_by_mission(&mut self, seat: Seat, events: &mut Vec<Event>) {
        if let Some(mission) = self.mission(seat).cloned() {
            events.push(Event::public(EventKind::MissionCompleted { seat, mission }));
        }
        self.state.phase = Phase::Won(seat);
        events.push(Event::public(EventKind::GameWon { seat }));
    }
}
