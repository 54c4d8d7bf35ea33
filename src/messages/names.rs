//! [`Names`]: what errors call things by. Territories, empires and seas by their
//! translated names (through [`translated`], which never hands gettext a text it would
//! abort on), seats by their players' names when the table has them.

use castellan_engine::board::{Board, GroupId, TerritoryId};
use castellan_engine::game::{Card, Seat};
use gettextrs::gettext;

use crate::text::{fill, translated};

/// The board and, when known, the players' names.
#[derive(Clone, Copy)]
pub struct Names<'a> {
    board: Option<&'a Board>,
    seats: &'a [String],
}

impl<'a> Names<'a> {
    /// Names from `board`; seats are called "seat 0", "seat 1"….
    pub fn new(board: &'a Board) -> Self {
        Self {
            board: Some(board),
            seats: &[],
        }
    }

    /// Without a board (it did not load): territories are called by their numbers.
    pub fn without_board() -> Self {
        Self {
            board: None,
            seats: &[],
        }
    }

    /// Seats called by their players' names, indexed by seat.
    pub fn with_seats(self, seats: &'a [String]) -> Self {
        Self { seats, ..self }
    }

    pub fn territory(&self, id: TerritoryId) -> String {
        match self.board {
            Some(board) if id.index() < board.territories.len() => {
                translated(&board.territory(id).name)
            }
            _ => fill(&gettext("territory {number}"), &[("number", &id.0)]),
        }
    }

    pub fn group(&self, id: GroupId) -> String {
        match self.board {
            Some(board) if id.index() < board.groups.len() => translated(&board.group(id).name),
            _ => fill(&gettext("group {number}"), &[("number", &id.0)]),
        }
    }

    pub fn seat(&self, seat: Seat) -> String {
        match self.seats.get(seat.index()) {
            Some(name) if !name.is_empty() => name.clone(),
            _ => seat_number(seat),
        }
    }
}

/// "seat 2", for a seat that has no name here.
pub(super) fn seat_number(seat: Seat) -> String {
    fill(&gettext("seat {number}"), &[("number", &seat.0)])
}

/// A card's name, as the cards show it.
pub(super) fn card(card: Card) -> String {
    match card {
        Card::Reinforcements => gettext("Reinforcements"),
        Card::Diplomat => gettext("Diplomat"),
        Card::Spy => gettext("Spy"),
        Card::General => gettext("General"),
        Card::Marshall => gettext("Marshall"),
        Card::Admiral => gettext("Admiral"),
    }
}
