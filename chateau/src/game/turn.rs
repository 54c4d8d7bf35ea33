//! The flow of a match: picking, moving and releasing pieces within a turn, the end
//! of a turn (captures, occupation, the Château and the Château noir), the start of
//! the next (sieges, an army that cannot move), alliances, the end of a partie and of
//! the match, draws and the clock.

use rand::RngExt;

use super::capture::{capturable, update_safety};
use super::error::RuleError;
use super::event::{EndReason, Event};
use super::finder::Finder;
use super::scoring::{occupation_events, territories_held};
use super::siege::{SIEGE_TURNS, Siege, besieged_groups, besieger};
use super::state::{PieceKind, Pieces, State};
use super::table::{Seat, SideId};
use super::{
    ALLIANCE_FACTOR, Alliance, DrawOffer, FACTOR, Game, Occupation, Outcome, WINNING_SCORE,
};
use crate::board::{ArmyId, armies_of};
use crate::square::{Square, contains, squares_of};

/// Points for taking a soldier, a captain (ruling 16).
pub const SOLDIER_POINTS: i32 = 1;
pub const CAPTAIN_POINTS: i32 = 3;
/// Points the Château adds to the pieces taken (ruling 19).
pub const CHATEAU_POINTS: i32 = 5;
/// Points for taking every piece of an army (ruling 21).
pub const WHOLE_ARMY_POINTS: i32 = 2;

fn piece_points(kind: PieceKind) -> i32 {
    match kind {
        PieceKind::Soldier => SOLDIER_POINTS,
        PieceKind::Captain => CAPTAIN_POINTS,
    }
}

impl Game {
    // --- Within a turn ---

    pub(crate) fn pick(
        &mut self,
        square: Square,
        finder: &mut Finder,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.state.hand().is_some_and(|h| h.units() > 0) {
            return Err(RuleError::HandMoved);
        }
        if self.state.left() == 0 {
            return Err(RuleError::NoUnitsLeft);
        }
        let mut next = self.state;
        if !next.pick(square) {
            return Err(RuleError::NotPickable { square });
        }
        if !finder.can_pick(&self.board, &next) {
            return Err(RuleError::StuckPiece { square });
        }
        self.state = next;
        events.push(Event::Picked { square });
        Ok(())
    }

    pub(crate) fn unit(
        &mut self,
        to: Square,
        finder: &mut Finder,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(hand) = self.state.hand().copied() else {
            return Err(RuleError::NothingInHand);
        };
        if self.state.left() == 0 {
            return Err(RuleError::NoUnitsLeft);
        }
        let Some(kind) = self.state.unit_kind(&self.board, to) else {
            return Err(RuleError::NoSuchUnit { to });
        };
        let mut next = self.state;
        next.apply_unit(to);
        if !finder.can_finish(&self.board, &next) {
            return Err(RuleError::CannotFinish);
        }
        self.state = next;
        let from = hand.at();
        if let Some(territory) = self.board.territory_at(from)
            && self.board.territory_at(to) != Some(territory)
            && !self.exits.contains(&(hand.army(), territory))
        {
            self.exits.push((hand.army(), territory));
        }
        events.push(Event::Moved { from, to, kind });
        Ok(())
    }

    pub(crate) fn release(
        &mut self,
        finder: &mut Finder,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(hand) = self.state.hand().copied() else {
            return Err(RuleError::NothingInHand);
        };
        if hand.units() > 0 && !finder.can_release(&self.board, &self.state) {
            return Err(RuleError::CannotFinish);
        }
        if hand.units() > 0 {
            self.moved.push((hand.start(), hand.at()));
        }
        self.state.release();
        events.push(Event::Released {
            square: hand.at(),
            units: hand.units(),
        });
        Ok(())
    }

    pub(crate) fn path(
        &mut self,
        from: Square,
        to: &[Square],
        finder: &mut Finder,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if to.is_empty() {
            return Err(RuleError::EmptyPath);
        }
        let (state, exits, moved) = (self.state, self.exits.len(), self.moved.len());
        let result = (|| {
            self.pick(from, finder, events)?;
            for &square in to {
                self.unit(square, finder, events)?;
            }
            self.release(finder, events)
        })();
        if result.is_err() {
            self.state = state;
            self.exits.truncate(exits);
            self.moved.truncate(moved);
        }
        result
    }

    pub(crate) fn clock_overrun(&mut self, events: &mut Vec<Event>) -> Result<(), RuleError> {
        if self.variant.clock_minutes.is_none() {
            return Err(RuleError::NoClock);
        }
        if self.overrun {
            return Err(RuleError::OverrunCounted);
        }
        self.overrun = true;
        let army = self.state.mover();
        let side = self.sides.side_of(army);
        self.scores[side.index()] -= 1;
        events.push(Event::ClockPenalty {
            army,
            side,
            points: -1,
        });
        Ok(())
    }

    // --- Draws ---

    pub(crate) fn offer_draw(
        &mut self,
        seat: Seat,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if let Some(offer) = &self.draw {
            let waiting = offer.waiting.first().copied().unwrap_or(offer.by);
            return Err(RuleError::DrawAnswerAwaited(waiting));
        }
        if self.offered & (1 << seat.0) != 0 {
            return Err(RuleError::DrawAlreadyOffered(seat));
        }
        self.offered |= 1 << seat.0;
        let seats = self.table.seats.len() as u8;
        let waiting: Vec<Seat> = (1..seats).map(|k| Seat((seat.0 + k) % seats)).collect();
        events.push(Event::DrawOffered { seat });
        if waiting.is_empty() {
            events.push(Event::Drawn {
                reason: EndReason::Agreement,
            });
            self.outcome = Some(Outcome::Drawn {
                reason: EndReason::Agreement,
            });
        } else {
            self.draw = Some(DrawOffer { by: seat, waiting });
        }
        Ok(())
    }

    pub(crate) fn answer_draw(
        &mut self,
        seat: Seat,
        accept: bool,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let Some(offer) = &mut self.draw else {
            return Err(RuleError::NoDrawOffer);
        };
        let pending = offer.waiting[0];
        if pending != seat {
            return Err(RuleError::NotYourDecision { seat, pending });
        }
        if !accept {
            self.draw = None;
            events.push(Event::DrawDeclined { seat });
            return Ok(());
        }
        offer.waiting.remove(0);
        events.push(Event::DrawAccepted { seat });
        if offer.waiting.is_empty() {
            self.draw = None;
            events.push(Event::Drawn {
                reason: EndReason::Agreement,
            });
            self.outcome = Some(Outcome::Drawn {
                reason: EndReason::Agreement,
            });
        }
        Ok(())
    }

    // --- Alliances ---

    /// Why the army to play may not declare an alliance now, if it may not (ruling
    /// 24): team play of three or four seats; at most its captain and one soldier
    /// left; its captain next to a soldier of its partner; neither in an alliance.
    pub(crate) fn alliance_refusal(&self) -> Option<(&'static str, ArmyId)> {
        let army = self.state.mover();
        if !self.table.teams || self.table.seats.len() < 3 {
            return Some((
                "alliances are made in team play of three or four players",
                army,
            ));
        }
        if self
            .alliances
            .iter()
            .any(|a| a.receiver == army || a.giver == army)
        {
            return Some(("it is already in an alliance", army));
        }
        let pieces = self.state.pieces();
        let Some(captain) = pieces.captain(army) else {
            return Some(("it has lost its captain", army));
        };
        if pieces.count(army) > 2 {
            return Some(("it has more than its captain and one soldier", army));
        }
        let partners = self.sides.friends(army) & !army.bit();
        let mut around = 0;
        for (dc, dr) in crate::square::ORTHOGONAL
            .iter()
            .chain(&crate::square::DIAGONAL)
        {
            if let Some(next) = captain.offset(*dc, *dr) {
                around |= next.bit();
            }
        }
        let partner = armies_of(partners).find(|&partner| {
            !self
                .alliances
                .iter()
                .any(|a| a.receiver == partner || a.giver == partner)
                && pieces.of(partner) & !pieces.captains() & around != 0
        });
        match partner {
            Some(_) => None,
            None => Some(("its captain is next to no soldier of its partner", army)),
        }
    }

    pub(crate) fn declare_alliance(
        &mut self,
        finder: &mut Finder,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        if self.state.spent() > 0 || self.state.hand().is_some_and(|h| h.units() > 0) {
            return Err(RuleError::AllianceAfterMoving);
        }
        if let Some((why, army)) = self.alliance_refusal() {
            return Err(RuleError::NoAlliance { army, why });
        }
        let giver = self.state.mover();
        let pieces = *self.state.pieces();
        let captain = pieces.captain(giver).expect("checked: it has its captain");
        let partner = armies_of(self.sides.friends(giver) & !giver.bit())
            .find(|&partner| {
                squares_of(pieces.of(partner) & !pieces.captains()).any(|s| {
                    let (dc, dr) = (
                        i16::from(s.column()) - i16::from(captain.column()),
                        i16::from(s.row()) - i16::from(captain.row()),
                    );
                    dc.abs() <= 1 && dr.abs() <= 1
                })
            })
            .expect("checked: a partner's soldier is next to the captain");
        self.state.unpick();
        self.alliances.push(Alliance {
            giver,
            receiver: partner,
        });
        events.push(Event::AllianceDeclared {
            giver,
            receiver: partner,
        });
        // The giver's turn ends here, without a move: its territories stay held.
        let present = territories_held(&self.board, pieces.of(giver));
        self.occupation[giver.index()].held = present;
        self.turns += 1;
        let next = self.next_slot(giver);
        self.begin_turn(next, finder, events);
        Ok(())
    }

    // --- The end of a turn ---

    pub(crate) fn end_turn(
        &mut self,
        captures: &[Square],
        finder: &mut Finder,
        events: &mut Vec<Event>,
    ) -> Result<(), RuleError> {
        let mut released = self.state;
        released.unpick();
        if !released.is_complete() {
            return Err(RuleError::UnitsLeft {
                left: released.left(),
            });
        }
        let mover = released.mover();
        let controlled = released.controlled();
        let hand = released.hand().copied();
        released.release();
        let allowed = capturable(
            released.pieces(),
            mover,
            controlled,
            &self.sides,
            &self.safe,
            self.variant.diagonal_capture,
        );
        for (i, &square) in captures.iter().enumerate() {
            if !contains(allowed, square) {
                return Err(RuleError::NotCapturable { square });
            }
            if captures[..i].contains(&square) {
                return Err(RuleError::CaptureTwice { square });
            }
        }
        // Accepted: from here on nothing is refused.
        if let Some(hand) = hand {
            self.moved.push((hand.start(), hand.at()));
            events.push(Event::Released {
                square: hand.at(),
                units: hand.units(),
            });
        }
        self.state = released;
        events.push(Event::TurnEnded {
            army: mover,
            units: self.state.spent(),
        });
        for &square in captures {
            self.take(square, mover, false, events);
        }
        // Occupation (rulings 17, 18) for the armies moved this turn.
        for army in armies_of(controlled) {
            let side = self.sides.side_of(army);
            let exits: Vec<ArmyId> = self
                .exits
                .iter()
                .filter(|(a, _)| *a == army)
                .map(|&(_, t)| t)
                .collect();
            let mut next = self.occupation[army.index()].next;
            let scored = occupation_events(
                &self.board,
                army,
                side,
                self.ripe[army.index()],
                &exits,
                &mut next,
            );
            self.occupation[army.index()].next = next;
            for event in scored {
                self.score_event(event, events);
            }
        }
        self.update_held(controlled);
        let moved = std::mem::take(&mut self.moved);
        update_safety(
            &mut self.safe,
            self.state.pieces(),
            controlled,
            &moved,
            &self.sides,
            self.variant.diagonal_capture,
        );
        self.turns += 1;
        if self.chateau(mover, finder, events) {
            return Ok(());
        }
        if self.check_winning_score(events) || self.check_partie_end(finder, events) {
            return Ok(());
        }
        let next = self.next_slot(mover);
        self.begin_turn(next, finder, events);
        Ok(())
    }

    /// Adds a scoring event's points to its side and records it.
    fn score_event(&mut self, event: Event, events: &mut Vec<Event>) {
        if let Some((side, points)) = event.points() {
            self.scores[side.index()] += points;
        }
        events.push(event);
    }

    /// Takes the piece on `square` for `by`'s side: its points, the captain's debt,
    /// the whole army's bonus, the end of an alliance.
    fn take(&mut self, square: Square, by: ArmyId, siege: bool, events: &mut Vec<Event>) {
        let Some((army, piece)) = self.state.pieces().at(square) else {
            return;
        };
        let side = self.sides.side_of(by);
        self.state.remove_piece(square);
        self.score_event(
            Event::Captured {
                square,
                army,
                piece,
                by,
                side,
                points: piece_points(piece),
                siege,
            },
            events,
        );
        if piece == PieceKind::Captain {
            self.captain_lost(army, events);
        }
        if self.state.pieces().count(army) == 0 {
            self.score_event(
                Event::ArmyTaken {
                    army,
                    by,
                    side,
                    points: WHOLE_ARMY_POINTS,
                },
                events,
            );
        }
    }

    /// `army` lost its captain: its side's debt, and the end of the alliance it gave.
    fn captain_lost(&mut self, army: ArmyId, events: &mut Vec<Event>) {
        let side = self.sides.side_of(army);
        self.score_event(
            Event::CaptainLost {
                army,
                side,
                points: -CAPTAIN_POINTS,
            },
            events,
        );
        if let Some(i) = self.alliances.iter().position(|a| a.giver == army) {
            let alliance = self.alliances.remove(i);
            events.push(Event::AllianceEnded {
                giver: alliance.giver,
                receiver: alliance.receiver,
            });
        }
    }

    /// The territories held after a turn of `movers`: theirs as they stand now, the
    /// others' kept only where they still have pieces.
    fn update_held(&mut self, movers: u8) {
        let pieces = *self.state.pieces();
        for army in self.board.army_ids() {
            let present = territories_held(&self.board, pieces.of(army));
            let occupation = &mut self.occupation[army.index()];
            if movers & army.bit() != 0 {
                occupation.held = present;
            } else {
                occupation.held &= present;
            }
        }
    }

    /// The armies moved on `army`'s turns: itself and any army that gave it its turns.
    pub(crate) fn controlled_by(&self, army: ArmyId) -> u8 {
        self.alliances
            .iter()
            .filter(|a| a.receiver == army)
            .fold(army.bit(), |set, a| set | a.giver.bit())
    }

    pub(crate) fn factor_of(&self, army: ArmyId) -> u8 {
        if self.alliances.iter().any(|a| a.receiver == army) {
            ALLIANCE_FACTOR
        } else {
            FACTOR
        }
    }

    /// After `mover`'s turn: every opposing army that cannot complete its factor is
    /// captured whole (the Château, ruling 19), or removed without points if only its
    /// own side blocks it; two at once is a Château noir (ruling 20). Returns whether
    /// the match ended.
    fn chateau(&mut self, mover: ArmyId, finder: &mut Finder, events: &mut Vec<Event>) -> bool {
        let rules = self.variant.turn_rules();
        let pieces = *self.state.pieces();
        let mut blocked = Vec::new();
        for enemy in armies_of(self.sides.enemies(mover)) {
            if self.alliances.iter().any(|a| a.giver == enemy) {
                continue;
            }
            let group = self.controlled_by(enemy);
            if pieces.of_set(group) == 0 {
                continue;
            }
            let factor = self.factor_of(enemy);
            let state = self.state.restart(enemy, group, factor, rules);
            if finder.can_finish(&self.board, &state) {
                continue;
            }
            // Blocked: by the mover's side, or by its own only?
            let mut freed = pieces;
            for square in squares_of(pieces.of_set(self.sides.enemies(enemy))) {
                freed.remove(square);
            }
            let by_own_side =
                !finder.can_finish(&self.board, &State::new(freed, enemy, group, factor, rules));
            blocked.push((enemy, group, by_own_side));
        }
        let side = self.sides.side_of(mover);
        let mut chateau_armies = 0;
        for (enemy, group, by_own_side) in blocked {
            let squares: Vec<Square> = squares_of(pieces.of_set(group)).collect();
            if by_own_side {
                for army in armies_of(group) {
                    let lost: Vec<Square> = squares_of(pieces.of(army)).collect();
                    if !lost.is_empty() {
                        events.push(Event::Stranded {
                            army,
                            squares: lost,
                        });
                    }
                }
                for &square in &squares {
                    self.state.remove_piece(square);
                }
                self.alliances.retain(|a| a.receiver != enemy);
                continue;
            }
            for army in armies_of(group) {
                let army_pieces = pieces.of(army);
                if army_pieces == 0 {
                    continue;
                }
                chateau_armies += 1;
                let captains = (army_pieces & pieces.captains()).count_ones() as i32;
                let soldiers = army_pieces.count_ones() as i32 - captains;
                let points = soldiers * SOLDIER_POINTS + captains * CAPTAIN_POINTS + CHATEAU_POINTS;
                for square in squares_of(army_pieces) {
                    self.state.remove_piece(square);
                }
                self.score_event(
                    Event::Chateau {
                        army,
                        by: mover,
                        side,
                        points,
                        squares: squares_of(army_pieces).collect(),
                    },
                    events,
                );
                if captains > 0 {
                    self.captain_lost(army, events);
                }
                self.score_event(
                    Event::ArmyTaken {
                        army,
                        by: mover,
                        side,
                        points: WHOLE_ARMY_POINTS,
                    },
                    events,
                );
            }
            self.alliances.retain(|a| a.receiver != enemy);
        }
        if chateau_armies >= 2 {
            events.push(Event::ChateauNoir { by: mover, side });
            self.win(side, EndReason::ChateauNoir, events);
            return true;
        }
        false
    }

    /// Ends the match won by `side`.
    fn win(&mut self, side: SideId, reason: EndReason, events: &mut Vec<Event>) {
        events.push(Event::MatchWon {
            side,
            seats: self.seats_of(side),
            reason,
        });
        self.outcome = Some(Outcome::Won { side, reason });
    }

    /// Ends the match on scores: the highest wins, a tie is a draw.
    fn decide_on_scores(&mut self, reason: EndReason, events: &mut Vec<Event>) {
        let best = self.scores.iter().copied().max().unwrap_or(0);
        let leaders: Vec<usize> = (0..self.scores.len())
            .filter(|&i| self.scores[i] == best)
            .collect();
        if let [leader] = leaders[..] {
            self.win(SideId(leader as u8), reason, events);
        } else {
            events.push(Event::Drawn { reason });
            self.outcome = Some(Outcome::Drawn { reason });
        }
    }

    /// A side at 27 points or more wins (ruling 25).
    fn check_winning_score(&mut self, events: &mut Vec<Event>) -> bool {
        let best = (0..self.scores.len()).max_by_key(|&i| self.scores[i]);
        match best {
            Some(i) if self.scores[i] >= WINNING_SCORE => {
                self.win(SideId(i as u8), EndReason::Points, events);
                true
            }
            _ => false,
        }
    }

    /// The sides with pieces on the board.
    fn sides_left(&self) -> Vec<SideId> {
        let pieces = self.state.pieces();
        self.sides
            .ids()
            .filter(|&side| pieces.of_set(self.sides.armies(side)) != 0)
            .collect()
    }

    /// Ends the partie if one side or none is left (ruling 25): the next partie starts
    /// with scores kept, or, for a single partie, the highest score wins. Returns
    /// whether the partie ended.
    fn check_partie_end(&mut self, finder: &mut Finder, events: &mut Vec<Event>) -> bool {
        let left = self.sides_left();
        if left.len() >= 2 {
            return false;
        }
        events.push(Event::PartieEnded {
            partie: self.partie,
            sides: left,
        });
        if self.variant.single_partie {
            self.decide_on_scores(EndReason::HighestScore, events);
        } else {
            self.begin_partie(finder, events);
        }
        true
    }

    // --- The start of a partie and of a turn ---

    /// Sets the pieces up for a new partie, scores kept; the first army is drawn at
    /// random (IV.2, ruling 25).
    pub(crate) fn begin_partie(&mut self, finder: &mut Finder, events: &mut Vec<Event>) {
        self.partie += 1;
        self.round = 1;
        self.alliances.clear();
        self.sieges.clear();
        self.safe.clear();
        let armies = self.table.armies();
        let pieces = Pieces::start(&self.board, armies);
        for army in self.board.army_ids() {
            self.occupation[army.index()] = Occupation {
                held: territories_held(&self.board, pieces.of(army)),
                next: 0,
            };
        }
        let in_game: Vec<ArmyId> = armies_of(armies).collect();
        let first = in_game[self.rng.random_range(0..in_game.len())];
        self.first = first;
        self.state = State::new(
            pieces,
            first,
            first.bit(),
            FACTOR,
            self.variant.turn_rules(),
        );
        events.push(Event::PartieBegan {
            partie: self.partie,
            first,
        });
        self.begin_turn(first, finder, events);
    }

    /// The next army to play after `army`, counting rounds: in play order, skipping
    /// armies without pieces and armies that gave their turns away.
    pub(crate) fn next_slot(&mut self, army: ArmyId) -> ArmyId {
        let count = self.board.armies().len() as u8;
        let relative = |a: ArmyId| (a.0 + count - self.first.0) % count;
        let pieces = *self.state.pieces();
        for step in 1..=count {
            let candidate = ArmyId((army.0 + step) % count);
            if self.table.armies() & candidate.bit() == 0
                || self.alliances.iter().any(|a| a.giver == candidate)
                || pieces.of_set(self.controlled_by(candidate)) == 0
            {
                continue;
            }
            if relative(candidate) <= relative(army) {
                self.round += 1;
            }
            return candidate;
        }
        army
    }

    /// Begins `army`'s turn: sieges first, then an army that cannot complete its
    /// factor is removed; then the turn is open.
    pub(crate) fn begin_turn(
        &mut self,
        army: ArmyId,
        finder: &mut Finder,
        events: &mut Vec<Event>,
    ) {
        let mut army = army;
        loop {
            if self.outcome.is_some() {
                return;
            }
            if let Some(cap) = self.variant.round_cap
                && self.round > cap
            {
                self.decide_on_scores(EndReason::RoundCap, events);
                return;
            }
            let controlled = self.controlled_by(army);
            if self.siege_step(controlled, events)
                && (self.check_winning_score(events) || self.check_partie_end(finder, events))
            {
                return;
            }
            let controlled = self.controlled_by(army);
            let factor = self.factor_of(army);
            self.state = self
                .state
                .restart(army, controlled, factor, self.variant.turn_rules());
            if self.state.pieces().of_set(controlled) != 0
                && finder.can_finish(&self.board, &self.state)
            {
                break;
            }
            // Nothing can be moved: the army is stranded (ruling 19's "by its own
            // side", met at its own turn).
            let pieces = *self.state.pieces();
            for stranded in armies_of(controlled) {
                let squares: Vec<Square> = squares_of(pieces.of(stranded)).collect();
                if squares.is_empty() {
                    continue;
                }
                for &square in &squares {
                    self.state.remove_piece(square);
                }
                events.push(Event::Stranded {
                    army: stranded,
                    squares,
                });
            }
            self.alliances
                .retain(|a| a.receiver != army && a.giver != army);
            if self.check_partie_end(finder, events) {
                return;
            }
            army = self.next_slot(army);
        }
        for a in self.board.army_ids() {
            self.ripe[a.index()] = if self.state.controlled() & a.bit() != 0 {
                self.occupation[a.index()].held
            } else {
                0
            };
        }
        self.exits.clear();
        self.moved.clear();
        self.offered = 0;
        self.overrun = false;
        events.push(Event::TurnBegan {
            army,
            seat: self
                .table
                .seat_of(army)
                .expect("the army to play is seated"),
            factor: self.state.factor(),
            round: self.round,
        });
    }

    /// Counts the sieges of the armies about to move and captures the groups whose
    /// fourth turn under siege begins (ruling 22). Returns whether a piece was taken.
    fn siege_step(&mut self, controlled: u8, events: &mut Vec<Event>) -> bool {
        let mut took = false;
        for army in armies_of(controlled) {
            let pieces = *self.state.pieces();
            let groups = besieged_groups(&self.board, &pieces, army, &self.sides);
            let before: Vec<Siege> = self
                .sieges
                .iter()
                .filter(|s| s.army == army)
                .cloned()
                .collect();
            self.sieges.retain(|s| s.army != army);
            for group in groups {
                let squares: Vec<Square> = squares_of(group).collect();
                let turns = before
                    .iter()
                    .find(|s| s.squares == squares)
                    .map_or(1, |s| s.turns + 1);
                events.push(Event::Besieged {
                    army,
                    squares: squares.clone(),
                    turns,
                });
                if turns < SIEGE_TURNS {
                    self.sieges.push(Siege {
                        army,
                        squares,
                        turns,
                    });
                    continue;
                }
                let Some(by) = besieger(&self.board, &pieces, army, group, &self.sides) else {
                    continue;
                };
                for square in squares {
                    self.take(square, by, true, events);
                }
                took = true;
            }
        }
        took
    }
}
