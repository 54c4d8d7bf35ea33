//! [`Legal`]: everything the seat to decide may do now, as a front end or a program
//! needs it: the pieces it may pick, the next units of the piece in hand (with their
//! kind and the square jumped), whether it may release or end the turn, the enemy
//! pieces it could take, whether it may declare an alliance. Only what can still lead
//! to a finished turn is listed (ruling 11).

use serde::{Deserialize, Serialize};

use super::Game;
use super::capture::capturable;
use super::finder::Finder;
use super::table::Seat;
use crate::board::UnitKind;
use crate::square::{Square, squares_of};

/// What is awaited.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// The seat plays its army's turn.
    Turn,
    /// The seat answers a draw offer.
    DrawAnswer,
    /// Nothing: the match is over.
    None,
}

/// One unit the piece in hand may make next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalUnit {
    pub to: Square,
    pub kind: UnitKind,
    /// The square jumped over, for jumps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<Square>,
}

/// What the seat to decide may do.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legal {
    /// The seat to decide (`None` once the match is over).
    pub seat: Option<Seat>,
    pub decision: Decision,
    /// Pieces that may be picked now (by square).
    pub pickable: Vec<Square>,
    /// The piece in hand.
    pub hand: Option<Square>,
    /// Its next units.
    pub units: Vec<LegalUnit>,
    pub can_release: bool,
    pub can_end_turn: bool,
    /// The enemy pieces that could be taken if the turn ended now (any of them, or
    /// none; listed only when the turn may end).
    pub captures: Vec<Square>,
    pub can_declare_alliance: bool,
    /// Whether the seat may offer a draw now.
    pub can_offer_draw: bool,
    /// Whether a clock overrun may be reported (a clock is on and none was yet).
    pub can_report_overrun: bool,
}

impl Game {
    /// What the seat to decide may do now.
    pub fn legal(&self) -> Legal {
        self.legal_with(&mut Finder::new())
    }

    /// Like [`Game::legal`], with a [`Finder`] of the caller's.
    pub fn legal_with(&self, finder: &mut Finder) -> Legal {
        let mut legal = Legal {
            seat: self.pending_seat(),
            decision: Decision::None,
            pickable: Vec::new(),
            hand: None,
            units: Vec::new(),
            can_release: false,
            can_end_turn: false,
            captures: Vec::new(),
            can_declare_alliance: false,
            can_offer_draw: false,
            can_report_overrun: false,
        };
        let Some(seat) = legal.seat else {
            return legal;
        };
        if self.draw.is_some() {
            legal.decision = Decision::DrawAnswer;
            return legal;
        }
        legal.decision = Decision::Turn;
        legal.can_offer_draw = self.offered & (1 << seat.0) == 0;
        legal.can_report_overrun = self.variant.clock_minutes.is_some() && !self.overrun;
        let state = &self.state;
        legal.pickable = squares_of(finder.pickable(&self.board, state)).collect();
        if let Some(hand) = state.hand() {
            legal.hand = Some(hand.at());
            let mut units = Vec::new();
            finder.next_units(&self.board, state, &mut units);
            legal.units = units
                .into_iter()
                .map(|m| LegalUnit {
                    to: m.to,
                    kind: m.kind,
                    over: m.kind.is_jump().then(|| midpoint(hand.at(), m.to)),
                })
                .collect();
            // An unmoved piece may always be put back.
            legal.can_release = hand.units() == 0 || finder.can_release(&self.board, state);
        }
        legal.can_end_turn = state.is_complete();
        if legal.can_end_turn {
            let mut released = *state;
            released.release();
            legal.captures = squares_of(capturable(
                released.pieces(),
                state.mover(),
                state.controlled(),
                &self.sides,
                &self.safe,
                self.variant.diagonal_capture,
            ))
            .collect();
        }
        legal.can_declare_alliance = state.spent() == 0
            && state.hand().is_none_or(|h| h.units() == 0)
            && self.alliance_refusal().is_none();
        legal
    }
}

/// The square between two squares two apart on a line.
pub(crate) fn midpoint(a: Square, b: Square) -> Square {
    let column = (a.column() + b.column()) / 2;
    let row = (a.row() + b.row()) / 2;
    Square::at(column, row).expect("between two squares of the board")
}
