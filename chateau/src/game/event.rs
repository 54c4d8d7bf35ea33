//! Events: what happened, for logs, front ends and the protocol. Every moment that
//! scores says which side got how many points, so that a side's score is always the
//! sum of its events' points ([`Event::points`]).

use serde::{Deserialize, Serialize};

use super::state::PieceKind;
use super::table::{Seat, SideId};
use crate::board::{ArmyId, UnitKind};
use crate::square::Square;

/// Why a partie or the match ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// A side reached 27 points (ruling 25).
    Points,
    /// A Château noir: two opposing armies blocked at once (ruling 20).
    ChateauNoir,
    /// A single partie (option) ended: the highest score wins.
    HighestScore,
    /// The round cap of a simulation was reached: the highest score wins.
    RoundCap,
    /// Every seat agreed to a draw.
    Agreement,
}

/// One thing that happened. In JSON an object tagged by `"event"`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A partie began (the first of the match, or the next with scores kept).
    PartieBegan {
        partie: u32,
        first: ArmyId,
    },
    /// `army`'s turn began: `seat` plays it, moving `factor` units.
    TurnBegan {
        army: ArmyId,
        seat: Seat,
        factor: u8,
        round: u32,
    },
    Picked {
        square: Square,
    },
    /// One unit of movement.
    Moved {
        from: Square,
        to: Square,
        kind: UnitKind,
    },
    /// The piece in hand was put down after `units` units (0: put back unplayed).
    Released {
        square: Square,
        units: u8,
    },
    /// The turn ended.
    TurnEnded {
        army: ArmyId,
        units: u8,
    },
    /// An enemy piece was captured by `by`'s side: 1 point for a soldier, 3 for a
    /// captain (ruling 16), framed (ruling 13) or besieged (ruling 22, `siege`).
    Captured {
        square: Square,
        army: ArmyId,
        piece: PieceKind,
        by: ArmyId,
        side: SideId,
        points: i32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        siege: bool,
    },
    /// `army` lost its captain: its side loses 3 points, into debt if need be
    /// (ruling 16).
    CaptainLost {
        army: ArmyId,
        side: SideId,
        points: i32,
    },
    /// `army` left `territory` after holding it a full round, in its colour table's
    /// order: 1 point, 2 for its own territory (ruling 17).
    Occupation {
        army: ArmyId,
        territory: ArmyId,
        side: SideId,
        points: i32,
    },
    /// `army` left a held territory out of its table's order: no point (ruling 17).
    OccupationOutOfOrder {
        army: ArmyId,
        territory: ArmyId,
    },
    /// `army` left all four territories in its table's order in one turn: 7 points
    /// (ruling 18).
    Simultanee {
        army: ArmyId,
        side: SideId,
        points: i32,
    },
    /// `army` could not complete its factor after `by`'s turn: captured whole, 1 a
    /// soldier, 3 the captain and 5 more to `by`'s side (ruling 19).
    Chateau {
        army: ArmyId,
        by: ArmyId,
        side: SideId,
        points: i32,
        squares: Vec<Square>,
    },
    /// `army` could not complete its factor, blocked by its own side only (or at the
    /// start of its own turn): removed for this partie, no points (rulings 19, 31, 32).
    Stranded {
        army: ArmyId,
        squares: Vec<Square>,
    },
    /// Every piece of `army` was taken by `by`'s side: 2 points more (ruling 21).
    ArmyTaken {
        army: ArmyId,
        by: ArmyId,
        side: SideId,
        points: i32,
    },
    /// A group of `army` besieged `turns` turns in a row (ruling 22).
    Besieged {
        army: ArmyId,
        squares: Vec<Square>,
        turns: u8,
    },
    /// `giver` gave its turns to `receiver`, who now moves both armies with twelve
    /// units (ruling 24).
    AllianceDeclared {
        giver: ArmyId,
        receiver: ArmyId,
    },
    /// The alliance ended: its giver's captain was captured.
    AllianceEnded {
        giver: ArmyId,
        receiver: ArmyId,
    },
    /// A Château noir by `by`: its side wins the match (ruling 20).
    ChateauNoir {
        by: ArmyId,
        side: SideId,
    },
    /// The partie ended with these sides still on the board.
    PartieEnded {
        partie: u32,
        sides: Vec<SideId>,
    },
    /// The match is won by `side` (its seats).
    MatchWon {
        side: SideId,
        seats: Vec<Seat>,
        reason: EndReason,
    },
    /// The match ended in a draw.
    Drawn {
        reason: EndReason,
    },
    DrawOffered {
        seat: Seat,
    },
    DrawAccepted {
        seat: Seat,
    },
    DrawDeclined {
        seat: Seat,
    },
    /// The seat to play ran over its time: 1 point off its side (ruling 26).
    ClockPenalty {
        army: ArmyId,
        side: SideId,
        points: i32,
    },
}

impl Event {
    /// The points this event gave (or took from) a side.
    ///
    /// ```
    /// use castellan_chateau::board::ArmyId;
    /// use castellan_chateau::game::{Event, SideId};
    ///
    /// let lost = Event::CaptainLost { army: ArmyId(1), side: SideId(1), points: -3 };
    /// assert_eq!(lost.points(), Some((SideId(1), -3)));
    /// ```
    pub fn points(&self) -> Option<(SideId, i32)> {
        match *self {
            Self::Captured { side, points, .. }
            | Self::CaptainLost { side, points, .. }
            | Self::Occupation { side, points, .. }
            | Self::Simultanee { side, points, .. }
            | Self::Chateau { side, points, .. }
            | Self::ArmyTaken { side, points, .. }
            | Self::ClockPenalty { side, points, .. } => Some((side, points)),
            _ => None,
        }
    }
}
