//! Setup (ruling 1–5): creating a game, castles on drawn empires, claiming, placing
//! the starting armies a few at a time, hiding armies, dealing, and the first player.

use std::sync::Arc;

use crate::board::{Board, GroupId, GroupKind, TerritoryId};
use crate::variant::{Ruleset, Variant};

use super::Game;
use super::action::{Action, Placement};
use super::deck::shuffled_deck;
use super::error::{NewGameError, RuleError};
use super::event::{Event, EventKind, PlacementReason};
use super::pending::Decision;
use super::reach::Reach;
use super::rng::{Chance, Dice};
use super::seat::Seat;
use super::state::{GameState, HiddenArmy, Phase, SeatState, Setup, SetupStep, TerritoryState};

/// Cards dealt to each seat before the first turn (ruling 5).
pub const CARDS_DEALT: usize = 3;

/// The fewest seats a game is played by.
pub const MIN_SEATS: usize = 2;
/// The most seats a game is played by (the rulebook's six castles and colours).
pub const MAX_SEATS: usize = 6;

/// How many seats a game on `board` may have: [`MIN_SEATS`] to [`MAX_SEATS`], and no
/// more than the board's empires, since every seat's castle stands in an empire of its
/// own. Empty when the board has fewer empires than [`MIN_SEATS`].
pub fn seats_allowed(board: &Board) -> std::ops::RangeInclusive<usize> {
    MIN_SEATS..=MAX_SEATS.min(board.empire_count())
}

impl Game {
    /// Starts a game at setup. The generator seeded with `seed` picks the high roller
    /// (who places a castle first) and draws that seat's empire; see
    /// [`Game::opening_events`].
    ///
    /// Refused when `seats` is not 2–6, when the variant has problems, or when the
    /// board has fewer empires than seats.
    pub fn new(
        board: Arc<Board>,
        variant: Variant,
        seats: usize,
        seed: u64,
    ) -> Result<Game, NewGameError> {
        if !(MIN_SEATS..=MAX_SEATS).contains(&seats) {
            return Err(NewGameError::SeatCount(seats));
        }
        let problems = variant.validate();
        if !problems.is_empty() {
            return Err(NewGameError::Variant(problems));
        }
        if variant.ruleset == Ruleset::Classic {
            return Game::new_classic(board, variant, seats, seed);
        }
        let empires = board.empire_count();
        if empires < seats {
            return Err(NewGameError::TooFewEmpires { empires, seats });
        }
        let starting = variant
            .starting_armies_for(seats)
            .expect("2 to 6 seats checked above");

        let mut chance = Chance::new(seed, Dice::Random);
        let draw_pile = shuffled_deck(&variant.deck, &mut chance);
        let starter = Seat(chance.below(seats) as u8);
        let state = GameState {
            territories: vec![TerritoryState::default(); board.territories.len()],
            seats: (0..seats)
                .map(|_| SeatState {
                    armies_to_place: starting,
                    ..SeatState::default()
                })
                .collect(),
            draw_pile,
            discards: Vec::new(),
            track: 0,
            truces: Vec::new(),
            // Replaced right below, once the high roller's empire is drawn.
            phase: Phase::Won(starter),
            turns: 0,
            attacks: 0,
            quiet_turns: 0,
            classic: Default::default(),
        };
        let mut game = Game {
            reach: Arc::new(Reach::new(&board)),
            board,
            variant,
            seed,
            state,
            chance,
            history: Vec::new(),
            opening: Vec::new(),
            start: None,
            fixed_dice: None,
            dice_changed_mid_game: false,
            recording: true,
            history_incomplete: false,
            take_backs: Vec::new(),
        };
        let mut events = vec![Event::public(EventKind::SetupStarts { seat: starter })];
        game.begin_castle_placement(starter, starter, &mut events);
        game.opening = events;
        Ok(game)
    }

    pub(crate) fn setup_decision(&self, setup: &Setup) -> Decision {
        match setup.step {
            SetupStep::Castle { empire } => Decision::PlaceCastle { empire },
            SetupStep::Claim => Decision::Claim,
            SetupStep::Place => Decision::PlaceArmies {
                armies: self.setup_placement_size(setup.seat),
                reason: PlacementReason::Setup,
            },
            SetupStep::Hide => Decision::HideArmies,
        }
    }

    /// Armies `seat` must place in its next setup placement.
    fn setup_placement_size(&self, seat: Seat) -> u32 {
        self.armies_to_place(seat)
            .min(self.variant.armies_per_setup_placement)
    }

    pub(crate) fn check_setup(&self, setup: &Setup, action: &Action) -> Result<(), RuleError> {
        let seat = setup.seat;
        match (setup.step, action) {
            (SetupStep::Castle { empire }, Action::PlaceCastle { territory }) => {
                self.territory_exists(*territory)?;
                if self.board.territory(*territory).group != empire {
                    return Err(RuleError::OutsideDrawnEmpire {
                        territory: *territory,
                        empire,
                    });
                }
                if self.owner(*territory).is_some() {
                    return Err(RuleError::AlreadyOccupied(*territory));
                }
                Ok(())
            }
            (SetupStep::Claim, Action::Claim { territory }) => {
                self.territory_exists(*territory)?;
                if self.owner(*territory).is_some() {
                    return Err(RuleError::AlreadyOccupied(*territory));
                }
                Ok(())
            }
            (SetupStep::Place, Action::PlaceArmies { placements }) => {
                self.check_placements(seat, placements, self.setup_placement_size(seat))
            }
            (SetupStep::Hide, Action::HideArmies { territory }) => {
                self.territory_exists(*territory)?;
                if self.castle_at(*territory).is_some() {
                    return Err(RuleError::HiddenUnderCastle(*territory));
                }
                Ok(())
            }
            _ => Err(self.unexpected(action)),
        }
    }

    pub(crate) fn execute_setup(&mut self, seat: Seat, action: &Action, events: &mut Vec<Event>) {
        let Phase::Setup(setup) = &self.state.phase else {
            unreachable!("called in setup")
        };
        let (starter, step) = (setup.starter, setup.step);
        match (step, action) {
            (SetupStep::Castle { empire }, &Action::PlaceCastle { territory }) => {
                self.put_army(seat, territory);
                let s = &mut self.state.seats[seat.index()];
                s.castle = Some(territory);
                s.empire = Some(empire);
                events.push(Event::public(EventKind::CastlePlaced { seat, territory }));
                let next = seat.next(self.seats());
                if next == starter {
                    self.begin_claiming(starter, events);
                } else {
                    self.begin_castle_placement(starter, next, events);
                }
            }
            (SetupStep::Claim, &Action::Claim { territory }) => {
                self.put_army(seat, territory);
                events.push(Event::public(EventKind::TerritoryClaimed {
                    seat,
                    territory,
                }));
                let next = self.next_with_armies_to_place(seat.next(self.seats()));
                match next {
                    Some(next) if self.has_unoccupied_territory() => {
                        self.state.phase = Phase::Setup(Setup {
                            starter,
                            seat: next,
                            step: SetupStep::Claim,
                        });
                    }
                    _ => self.begin_placing(starter, events),
                }
            }
            (SetupStep::Place, Action::PlaceArmies { placements }) => {
                self.place_armies(seat, placements, PlacementReason::Setup, events);
                let total: u32 = placements.iter().map(|p| p.armies).sum();
                self.state.seats[seat.index()].armies_to_place -= total;
                match self.next_with_armies_to_place(seat.next(self.seats())) {
                    Some(next) => {
                        self.state.phase = Phase::Setup(Setup {
                            starter,
                            seat: next,
                            step: SetupStep::Place,
                        });
                    }
                    None => self.begin_hiding(starter, events),
                }
            }
            (SetupStep::Hide, &Action::HideArmies { territory }) => {
                self.state.seats[seat.index()].hidden.push(HiddenArmy {
                    territory,
                    revealed: false,
                });
                events.push(Event::all_but(
                    seat,
                    EventKind::ArmiesHidden {
                        seat,
                        territory: None,
                    },
                ));
                events.push(Event::private(
                    seat,
                    EventKind::ArmiesHidden {
                        seat,
                        territory: Some(territory),
                    },
                ));
                let next = seat.next(self.seats());
                if next == starter {
                    self.deal_and_start(starter, events);
                } else {
                    self.state.phase = Phase::Setup(Setup {
                        starter,
                        seat: next,
                        step: SetupStep::Hide,
                    });
                }
            }
            _ => unreachable!("checked by check_setup"),
        }
    }

    /// Puts one starting army of `seat` on an empty territory.
    pub(crate) fn put_army(&mut self, seat: Seat, territory: TerritoryId) {
        self.state.territories[territory.index()] = TerritoryState {
            owner: Some(seat),
            armies: 1,
        };
        self.state.seats[seat.index()].armies_to_place -= 1;
    }

    /// `seat` draws a banner among the empires nobody has drawn, then places its castle.
    fn begin_castle_placement(&mut self, starter: Seat, seat: Seat, events: &mut Vec<Event>) {
        let undrawn: Vec<GroupId> = self
            .board
            .group_ids()
            .filter(|&g| self.board.group(g).kind == GroupKind::Empire)
            .filter(|&g| self.state.seats.iter().all(|s| s.empire != Some(g)))
            .collect();
        let empire = undrawn[self.chance.below(undrawn.len())];
        // The banner is shown at once: the castle's place tells everyone anyway.
        self.state.seats[seat.index()].empire = Some(empire);
        events.push(Event::public(EventKind::EmpireDrawn { seat, empire }));
        self.state.phase = Phase::Setup(Setup {
            starter,
            seat,
            step: SetupStep::Castle { empire },
        });
    }

    fn has_unoccupied_territory(&self) -> bool {
        self.state.territories.iter().any(|t| t.owner.is_none())
    }

    /// The first seat from `from` (included, in seat order) with starting armies left.
    pub(crate) fn next_with_armies_to_place(&self, from: Seat) -> Option<Seat> {
        let mut seat = from;
        for _ in 0..self.seats() {
            if self.armies_to_place(seat) > 0 {
                return Some(seat);
            }
            seat = seat.next(self.seats());
        }
        None
    }

    fn begin_claiming(&mut self, starter: Seat, events: &mut Vec<Event>) {
        match self.next_with_armies_to_place(starter) {
            Some(seat) if self.has_unoccupied_territory() => {
                self.state.phase = Phase::Setup(Setup {
                    starter,
                    seat,
                    step: SetupStep::Claim,
                });
            }
            _ => self.begin_placing(starter, events),
        }
    }

    fn begin_placing(&mut self, starter: Seat, events: &mut Vec<Event>) {
        match self.next_with_armies_to_place(starter) {
            Some(seat) => {
                self.state.phase = Phase::Setup(Setup {
                    starter,
                    seat,
                    step: SetupStep::Place,
                })
            }
            None => self.begin_hiding(starter, events),
        }
    }

    fn begin_hiding(&mut self, starter: Seat, events: &mut Vec<Event>) {
        if self.variant.hidden_armies {
            self.state.phase = Phase::Setup(Setup {
                starter,
                seat: starter,
                step: SetupStep::Hide,
            });
        } else {
            self.deal_and_start(starter, events);
        }
    }

    /// Deals the starting hands one card at a time from the high roller, then picks
    /// the first player at random and starts the first turn.
    fn deal_and_start(&mut self, starter: Seat, events: &mut Vec<Event>) {
        for _ in 0..CARDS_DEALT {
            let mut seat = starter;
            for _ in 0..self.seats() {
                self.draw_card(seat, events);
                seat = seat.next(self.seats());
            }
        }
        let first = Seat(self.chance.below(self.seats()) as u8);
        events.push(Event::public(EventKind::FirstPlayer { seat: first }));
        self.begin_turn(first, events);
    }

    /// Checks a list of placements: own territories, no empty entry, exactly `required`
    /// armies in all.
    pub(crate) fn check_placements(
        &self,
        seat: Seat,
        placements: &[Placement],
        required: u32,
    ) -> Result<(), RuleError> {
        let mut placed: u64 = 0;
        for p in placements {
            self.territory_exists(p.territory)?;
            if self.owner(p.territory) != Some(seat) {
                return Err(RuleError::NotYours(p.territory));
            }
            if p.armies == 0 {
                return Err(RuleError::EmptyPlacement(p.territory));
            }
            placed += u64::from(p.armies);
        }
        if placed != u64::from(required) {
            return Err(RuleError::PlacementTotal { placed, required });
        }
        Ok(())
    }

    /// Adds checked placements to the board.
    pub(crate) fn place_armies(
        &mut self,
        seat: Seat,
        placements: &[Placement],
        reason: PlacementReason,
        events: &mut Vec<Event>,
    ) {
        for p in placements {
            self.state.territories[p.territory.index()].armies += p.armies;
        }
        events.push(Event::public(EventKind::ArmiesPlaced {
            seat,
            placements: placements.to_vec(),
            reason,
        }));
    }
}
