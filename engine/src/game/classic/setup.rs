//! Classic setup (rulings 27, 28): the starting armies, the neutral army of a
//! two-player game (spread like a player's, or, as an option, all on one territory),
//! claiming the territories one army at a time, then placing the rest one army at a
//! time; the seat that placed first plays first.

use std::sync::Arc;

use crate::board::{Board, TerritoryId};
use crate::variant::Variant;

use super::super::Game;
use super::super::action::{Action, Placement};
use super::super::error::{NewGameError, RuleError};
use super::super::event::{Event, EventKind, PlacementReason};
use super::super::pending::Decision;
use super::super::reach::Reach;
use super::super::rng::{Chance, Dice};
use super::super::seat::Seat;
use super::super::state::{GameState, Phase, SeatState, Setup, SetupStep, TerritoryState};
use super::ClassicState;

impl Game {
    /// A classic game at setup: `players` seats, plus the neutral seat (the last
    /// one) in a two-player game when the variant gives it armies (ruling 27).
    pub(crate) fn new_classic(
        board: Arc<Board>,
        variant: Variant,
        players: usize,
        seed: u64,
    ) -> Result<Game, NewGameError> {
        let neutral = players == 2 && variant.classic.neutral_armies > 0;
        let seats = players + usize::from(neutral);
        if board.territories.len() < seats {
            return Err(NewGameError::TooFewTerritories {
                territories: board.territories.len(),
                seats,
            });
        }
        let starting = variant
            .starting_armies_for(players)
            .expect("2 to 6 seats checked by the caller");
        let mut seat_states: Vec<SeatState> = (0..players)
            .map(|_| SeatState {
                armies_to_place: starting,
                ..SeatState::default()
            })
            .collect();
        if neutral {
            seat_states.push(SeatState {
                armies_to_place: variant.classic.neutral_armies,
                neutral: true,
                ..SeatState::default()
            });
        }
        let mut chance = Chance::new(seed, Dice::Random);
        let starter = Seat(chance.below(players) as u8);
        let state = GameState {
            territories: vec![TerritoryState::default(); board.territories.len()],
            seats: seat_states,
            draw_pile: Vec::new(),
            discards: Vec::new(),
            track: 0,
            truces: Vec::new(),
            phase: Phase::Setup(Setup {
                starter,
                seat: starter,
                step: SetupStep::Claim,
            }),
            turns: 0,
            attacks: 0,
            quiet_turns: 0,
            classic: ClassicState {
                hands: vec![Vec::new(); seats],
                ..ClassicState::default()
            },
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
        let mut deck = game.classic_deck();
        game.chance.shuffle(&mut deck);
        game.state.classic.draw_pile = deck;
        let mut events = vec![Event::public(EventKind::SetupStarts { seat: starter })];
        if game.variant.classic.missions {
            game.deal_missions(&mut events);
        }
        game.opening = events;
        Ok(game)
    }

    /// The classic setup decision: claim, or place one army.
    pub(crate) fn classic_setup_decision(&self, setup: &Setup) -> Decision {
        match setup.step {
            SetupStep::Claim => Decision::Claim,
            _ => Decision::PlaceArmies {
                armies: 1,
                reason: PlacementReason::Setup,
            },
        }
    }

    pub(crate) fn check_classic_setup(
        &self,
        setup: &Setup,
        action: &Action,
    ) -> Result<(), RuleError> {
        match (setup.step, action) {
            (SetupStep::Claim, &Action::Claim { territory }) => {
                self.territory_exists(territory)?;
                if self.owner(territory).is_some() {
                    return Err(RuleError::AlreadyOccupied(territory));
                }
                Ok(())
            }
            (SetupStep::Place, Action::PlaceArmies { placements }) => {
                self.check_placements(setup.seat, placements, 1)
            }
            _ => Err(self.unexpected(action)),
        }
    }

    pub(crate) fn execute_classic_setup(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) {
        match action {
            &Action::Claim { territory } => self.claim(seat, territory, events),
            Action::PlaceArmies { placements } => {
                self.place_armies(seat, placements, PlacementReason::Setup, events);
                self.state.seats[seat.index()].armies_to_place -= 1;
            }
            _ => unreachable!("checked by check_classic_setup"),
        }
        self.next_setup_seat(seat, events);
    }

    fn claim(&mut self, seat: Seat, territory: TerritoryId, events: &mut Vec<Event>) {
        self.put_army(seat, territory);
        events.push(Event::public(EventKind::TerritoryClaimed {
            seat,
            territory,
        }));
    }

    /// Passes setup on from `seat` to the next seat with armies left, in seat order:
    /// claiming while a territory is unoccupied, then placing. The neutral's turns
    /// are played at once, by chance (ruling 27). Once every army is down, the
    /// starter plays the first turn.
    fn next_setup_seat(&mut self, mut seat: Seat, events: &mut Vec<Event>) {
        let Phase::Setup(Setup { starter, .. }) = self.state.phase else {
            unreachable!("called in setup")
        };
        // Each round places an army or returns: it ends once every army is down.
        while let Some(next) = self.next_with_armies_to_place(seat.next(self.seats())) {
            seat = next;
            let claiming = self.state.territories.iter().any(|t| t.owner.is_none());
            let own: Vec<TerritoryId> = self
                .board
                .territory_ids()
                .filter(|&t| self.owner(t) == Some(seat))
                .collect();
            if !claiming && own.is_empty() {
                // Nowhere to put them (a seat that claimed nothing): they are lost.
                self.state.seats[seat.index()].armies_to_place = 0;
                continue;
            }
            if !self.is_neutral(seat) {
                self.state.phase = Phase::Setup(Setup {
                    starter,
                    seat,
                    step: if claiming {
                        SetupStep::Claim
                    } else {
                        SetupStep::Place
                    },
                });
                return;
            }
            if claiming {
                let free: Vec<TerritoryId> = self
                    .board
                    .territory_ids()
                    .filter(|&t| self.owner(t).is_none())
                    .collect();
                let territory = free[self.chance.below(free.len())];
                self.claim(seat, territory, events);
                if self.variant.classic.neutral_in_one_territory {
                    // The rules text's reading: the territory claimed holds them all.
                    let rest = std::mem::take(&mut self.state.seats[seat.index()].armies_to_place);
                    if rest > 0 {
                        let placements = [Placement::new(territory, rest)];
                        self.place_armies(seat, &placements, PlacementReason::Setup, events);
                    }
                }
            } else {
                let territory = own[self.chance.below(own.len())];
                let placements = [Placement::new(territory, 1)];
                self.place_armies(seat, &placements, PlacementReason::Setup, events);
                self.state.seats[seat.index()].armies_to_place -= 1;
            }
        }
        events.push(Event::public(EventKind::FirstPlayer { seat: starter }));
        self.begin_classic_turn(starter, events);
    }
}
