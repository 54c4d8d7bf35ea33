//! The ruleset interface: the few places where Castle Risk and classic Risk part,
//! dispatched here on the variant's [`Ruleset`] and nowhere else. Everything else
//! (the board, battles, dice, moving in, events, views, saves) is one code path.
//!
//! | concern                 | Castle Risk (`setup`, `turn`, `cards`, `elimination`) | classic (`classic`) |
//! |-------------------------|-------------------------------------------|----------------------------|
//! | setup                   | castles, claiming, placing 5 at a time, hiding | claiming, placing 1 at a time, neutral |
//! | a turn's armies         | Reinforcement cards, spoils               | territories ÷ 3, continents, sets |
//! | cards                   | six kinds, played                         | territory cards, traded in sets |
//! | a capture               | a castle falls: elimination, redistribution | the last territory: elimination |
//! | victory                 | the last castle                           | every territory, or a mission |

use crate::board::TerritoryId;
use crate::variant::Ruleset;

use super::Game;
use super::action::Action;
use super::error::RuleError;
use super::event::Event;
use super::legal::Choice;
use super::pending::Decision;
use super::seat::Seat;
use super::state::Setup;

impl Game {
    /// The ruleset this game is played by.
    pub fn ruleset(&self) -> Ruleset {
        self.variant.ruleset
    }

    pub(crate) fn rules_check_setup(
        &self,
        setup: &Setup,
        action: &Action,
    ) -> Result<(), RuleError> {
        match self.ruleset() {
            Ruleset::CastleRisk => self.check_setup(setup, action),
            Ruleset::Classic => self.check_classic_setup(setup, action),
        }
    }

    pub(crate) fn rules_execute_setup(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) {
        match self.ruleset() {
            Ruleset::CastleRisk => self.execute_setup(seat, action, events),
            Ruleset::Classic => self.execute_classic_setup(seat, action, events),
        }
    }

    pub(crate) fn rules_setup_decision(&self, setup: &Setup) -> Decision {
        match self.ruleset() {
            Ruleset::CastleRisk => self.setup_decision(setup),
            Ruleset::Classic => self.classic_setup_decision(setup),
        }
    }

    pub(crate) fn rules_check_turn(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        match self.ruleset() {
            Ruleset::CastleRisk => self.check_turn(seat, action),
            Ruleset::Classic => self.check_classic_turn(seat, action),
        }
    }

    pub(crate) fn rules_execute_turn(
        &mut self,
        seat: Seat,
        action: &Action,
        events: &mut Vec<Event>,
    ) {
        match self.ruleset() {
            Ruleset::CastleRisk => self.execute_turn(seat, action, events),
            Ruleset::Classic => self.execute_classic_turn(seat, action, events),
        }
    }

    pub(crate) fn rules_turn_decision(&self) -> Decision {
        match self.ruleset() {
            Ruleset::CastleRisk => self.turn_decision(),
            Ruleset::Classic => self.classic_turn_decision(),
        }
    }

    /// The legal actions of a classic game (Castle Risk's are `legal`'s own);
    /// `false` for a Castle Risk game, which lists them itself.
    pub(crate) fn rules_choices(&self, seat: Seat, choices: &mut Vec<Choice>) -> bool {
        match self.ruleset() {
            Ruleset::CastleRisk => false,
            Ruleset::Classic => {
                self.classic_choices(seat, choices);
                true
            }
        }
    }

    /// `victor` took `to` from `loser` in an attack: returns the territories the
    /// loser's elimination left empty (a fallen castle's, in Castle Risk).
    pub(crate) fn rules_after_capture(
        &mut self,
        loser: Seat,
        victor: Seat,
        to: TerritoryId,
        events: &mut Vec<Event>,
    ) -> Vec<TerritoryId> {
        match self.ruleset() {
            Ruleset::CastleRisk => match self.castle_at(to) {
                Some(owner) => self.eliminate(owner, victor, to, events),
                None => Vec::new(),
            },
            Ruleset::Classic => {
                self.classic_captured(loser, victor, events);
                Vec::new()
            }
        }
    }

    /// Whether a seat is the neutral army of a classic two-player game.
    pub fn is_neutral(&self, seat: Seat) -> bool {
        self.state.seats[seat.index()].neutral
    }

    /// Seats played by people or programs: every seat but the neutral.
    pub fn players(&self) -> usize {
        self.state.seats.iter().filter(|s| !s.neutral).count()
    }
}
