//! Castles falling (ruling 18, 19, 21): the owner's elimination (banners, armies,
//! cards, hidden armies to the victor), filling the vacated territories (the victor
//! first, from the attacking armies first; then the others in seat order), and victory.

use crate::board::TerritoryId;

use super::Game;
use super::card::Card;
use super::error::RuleError;
use super::event::{Event, EventKind, MoveReason};
use super::seat::Seat;
use super::state::{Phase, Redistribution, Step, TerritoryState};

impl Game {
    /// `victor` took `loser`'s castle on `castle`. Returns the territories the loser's
    /// armies left empty. Declares the victory when no other castle stands.
    pub(crate) fn eliminate(
        &mut self,
        loser: Seat,
        victor: Seat,
        castle: TerritoryId,
        events: &mut Vec<Event>,
    ) -> Vec<TerritoryId> {
        events.push(Event::public(EventKind::CastleTaken {
            seat: victor,
            territory: castle,
            owner: loser,
        }));

        let lost = std::mem::take(&mut self.state.seats[loser.index()]);
        let mut banners: Vec<_> = lost.empire.into_iter().collect();
        banners.extend(lost.captured_banners.iter().copied());
        self.state.seats[victor.index()]
            .captured_banners
            .extend(banners.iter().copied());
        events.push(Event::public(EventKind::BannersMoved {
            from: loser,
            to: victor,
            banners,
        }));

        let mut vacated = Vec::new();
        for (i, t) in self.state.territories.iter_mut().enumerate() {
            if t.owner == Some(loser) {
                *t = TerritoryState::default();
                vacated.push(TerritoryId(i as u16));
            }
        }

        let mut hand = lost.hand;
        let count = hand.len() as u32;
        self.state.seats[victor.index()].hand.take_all(&mut hand);
        events.push(Event::all_but(
            victor,
            EventKind::CardsTaken {
                seat: victor,
                from: loser,
                count,
                hand: None,
            },
        ));
        events.push(Event::private(
            victor,
            EventKind::CardsTaken {
                seat: victor,
                from: loser,
                count,
                hand: Some(lost.hand),
            },
        ));

        let unrevealed: Vec<_> = lost
            .hidden
            .iter()
            .filter(|h| !h.revealed)
            .copied()
            .collect();
        if !unrevealed.is_empty() {
            events.push(Event::public(EventKind::HiddenArmiesTaken {
                seat: victor,
                from: loser,
                count: unrevealed.len() as u32,
            }));
            self.state.seats[victor.index()].hidden.extend(unrevealed);
        }
        // The loser keeps the record of what it did, and nothing else.
        let loser_state = &mut self.state.seats[loser.index()];
        loser_state.empire = lost.empire;
        loser_state.hidden = lost.hidden.into_iter().filter(|h| h.revealed).collect();
        loser_state.eliminated = true;

        self.end_truces(|t| t.seat == loser || t.target == loser, events);
        events.push(Event::public(EventKind::SeatEliminated {
            seat: loser,
            by: victor,
        }));
        if !vacated.is_empty() {
            events.push(Event::public(EventKind::TerritoriesVacated {
                territories: vacated.clone(),
            }));
        }

        if self.seats_in_play() == 1 {
            // The turn never ends now: a committed General goes back to the hand.
            if std::mem::take(&mut self.turn_mut().general) {
                self.state.seats[victor.index()].hand.add(Card::General);
                events.push(Event::public(EventKind::CardReturned {
                    seat: victor,
                    card: Card::General,
                }));
            }
            // `game_won` is told once the victor's armies have moved in (`attack`),
            // so that events come in the order things happen.
            self.state.phase = Phase::Won(victor);
        }
        // With two seats left, the Diplomats in hand go at the end of the turn (`turn`).
        vacated
    }

    /// Whether `seat` has an army to spare for a vacated territory.
    fn can_fill(&self, seat: Seat) -> bool {
        self.state
            .territories
            .iter()
            .any(|t| t.owner == Some(seat) && t.armies >= 2)
    }

    /// The victor fills first, from the attacking armies (on `attacking`) first.
    pub(crate) fn begin_redistribution(
        &mut self,
        victor: Seat,
        attacking: [Option<TerritoryId>; 2],
        vacated: Vec<TerritoryId>,
        events: &mut Vec<Event>,
    ) {
        let mut r = Redistribution {
            victor,
            attacking,
            vacated,
            filler: victor,
            victor_done: false,
        };
        if !self.can_fill(victor) {
            r.victor_done = true;
        }
        self.continue_redistribution(r, victor, events);
    }

    /// Picks who fills next after `last` filled (or stopped); when nobody can, the
    /// rest stay empty and the turn goes on.
    fn continue_redistribution(
        &mut self,
        mut r: Redistribution,
        last: Seat,
        events: &mut Vec<Event>,
    ) {
        if r.vacated.is_empty() {
            self.turn_mut().step = Step::Main;
            return;
        }
        if !r.victor_done {
            r.filler = r.victor;
            self.turn_mut().step = Step::Redistribute(r);
            return;
        }
        // The others, one territory at a time, in seat order after the last filler.
        let mut seat = last;
        for _ in 0..self.seats() {
            seat = seat.next(self.seats());
            if seat != r.victor && !self.is_eliminated(seat) && self.can_fill(seat) {
                r.filler = seat;
                self.turn_mut().step = Step::Redistribute(r);
                return;
            }
        }
        events.push(Event::public(EventKind::TerritoriesLeftEmpty {
            territories: r.vacated,
        }));
        self.turn_mut().step = Step::Main;
    }

    pub(crate) fn check_fill(
        &self,
        r: &Redistribution,
        territory: TerritoryId,
        from: TerritoryId,
    ) -> Result<(), RuleError> {
        self.territory_exists(territory)?;
        self.territory_exists(from)?;
        if !r.vacated.contains(&territory) {
            return Err(RuleError::NotVacated(territory));
        }
        if self.owner(from) != Some(r.filler) {
            return Err(RuleError::NotYours(from));
        }
        if self.armies(from) < 2 {
            return Err(RuleError::CannotSpare(from));
        }
        if r.filler == r.victor && !r.victor_done {
            let attacking_with_spare = r
                .attacking
                .iter()
                .flatten()
                .find(|&&t| self.owner(t) == Some(r.victor) && self.armies(t) >= 2);
            if let Some(&spare) = attacking_with_spare
                && !r.attacking.contains(&Some(from))
            {
                return Err(RuleError::AttackingArmiesFirst(spare));
            }
        }
        Ok(())
    }

    /// Where a filler may take an army from now (ruling 19).
    pub(crate) fn fill_sources(&self, r: &Redistribution) -> Vec<TerritoryId> {
        let spare = |t: TerritoryId| self.owner(t) == Some(r.filler) && self.armies(t) >= 2;
        if r.filler == r.victor && !r.victor_done {
            let attacking: Vec<TerritoryId> = r
                .attacking
                .iter()
                .flatten()
                .copied()
                .filter(|&t| spare(t))
                .collect();
            if !attacking.is_empty() {
                return attacking;
            }
        }
        self.board.territory_ids().filter(|&t| spare(t)).collect()
    }

    pub(crate) fn fill_vacated(
        &mut self,
        seat: Seat,
        territory: TerritoryId,
        from: TerritoryId,
        events: &mut Vec<Event>,
    ) {
        let Step::Redistribute(mut r) = std::mem::replace(&mut self.turn_mut().step, Step::Main)
        else {
            unreachable!("checked: filling vacated territories")
        };
        self.move_armies(seat, from, territory, 1, MoveReason::Fill, events);
        r.vacated.retain(|&t| t != territory);
        if seat == r.victor && !self.can_fill(seat) {
            r.victor_done = true;
        }
        self.continue_redistribution(r, seat, events);
    }

    pub(crate) fn stop_filling(&mut self, events: &mut Vec<Event>) {
        let Step::Redistribute(mut r) = std::mem::replace(&mut self.turn_mut().step, Step::Main)
        else {
            unreachable!("checked: filling vacated territories")
        };
        r.victor_done = true;
        let victor = r.victor;
        self.continue_redistribution(r, victor, events);
    }
}
