//! Seats: who plays, by index in seat order.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's place at the table, `0..seats`. Play passes in increasing seat order
/// (the rulebook's "to the left"), wrapping round.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The index into per-seat tables.
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The seat after this one at a table of `seats`, ignoring who is still in.
    pub fn next(self, seats: usize) -> Seat {
        Seat(((self.index() + 1) % seats) as u8)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}
