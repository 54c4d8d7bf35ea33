//! Requests: the messages a client sends, one JSON object per line, tagged by `"type"`.
//! Only their shape lives here; what each does is the session's business.

use serde::Deserialize;
use serde_json::Value;

use crate::bot::Strength;
use crate::game::{Action, Position, Seat};
use crate::variant::{Ruleset, Variant};

/// One message from the client (its optional `"id"` is taken off before this is read).
/// Variants without fields are written `{}` so that serde refuses unknown fields on
/// them too (it lets any through on unit variants of a tagged enum).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// A new game from setup.
    Start {
        board: BoardSource,
        /// Absent: the 1986 rulebook.
        #[serde(default)]
        variant: Option<VariantSource>,
        /// The game played, by its id (`"castle-risk"`, `"classic"`); given, it
        /// overrides the variant's.
        #[serde(default)]
        ruleset: Option<Ruleset>,
        seats: usize,
        /// Absent: taken from the clock, and given in the reply.
        #[serde(default)]
        seed: Option<u64>,
        /// Fixed die faces instead of the generator's dice.
        #[serde(default)]
        dice: Option<Vec<u8>>,
        /// Seats the engine plays, each with its strength.
        #[serde(default)]
        computers: Vec<ComputerSeat>,
    },
    /// A new game from a described position (its seed and seats are the position's).
    StartFromPosition {
        board: BoardSource,
        #[serde(default)]
        variant: Option<VariantSource>,
        position: PositionSource,
        #[serde(default)]
        dice: Option<Vec<u8>>,
        #[serde(default)]
        computers: Vec<ComputerSeat>,
    },
    /// One seat's action.
    Act {
        seat: Seat,
        action: Action,
        /// Only the events this seat may see, without their audiences.
        #[serde(default)]
        events_for: Option<Seat>,
    },
    /// Lets the computer seats play on where they paused (after
    /// [`super::MAX_COMPUTER_ACTIONS`] actions in answer to one request).
    Continue {
        /// Only the events this seat may see, without their audiences.
        #[serde(default)]
        events_for: Option<Seat>,
    },
    /// The decision the game awaits.
    Pending {},
    /// What the pending seat may do.
    Legal {},
    /// Everything one seat may know.
    View { seat: Seat },
    /// The game as a save (the engine's `SavedGame`).
    Save {},
    /// Replays a save and plays on from it.
    Load {
        /// The save itself, as the `save` reply gives it (read as a save file is:
        /// `docs/save-format.md`).
        #[serde(default)]
        save: Option<Box<Value>>,
        /// Or a save file.
        #[serde(default)]
        path: Option<String>,
    },
    /// The exact odds of an attack (no game needed).
    Odds {
        /// Attacking armies, not counting the one that stays behind.
        attackers: u32,
        defenders: u32,
        #[serde(default)]
        castle: bool,
        /// A variant's limit on the attacker's dice against the castle (the
        /// rulebook's 2 when absent).
        #[serde(default)]
        castle_dice_limit: Option<u8>,
        #[serde(default)]
        general: bool,
        #[serde(default)]
        marshall: bool,
        #[serde(default)]
        lenient_general: bool,
        #[serde(default)]
        admiral: bool,
        #[serde(default)]
        stop_at: Option<u32>,
    },
    /// The action a computer player of `strength` would take for the pending seat.
    Suggest {
        strength: Strength,
        /// Seeds the player's generator; absent: from the game's seed and the actions
        /// played, so that the same request in the same game gets the same answer.
        #[serde(default)]
        seed: Option<u64>,
    },
    /// Ends the session.
    Quit {},
}

/// A seat the engine plays: `{"seat": 1, "strength": "expert"}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputerSeat {
    pub seat: Seat,
    pub strength: Strength,
}

/// Where a board comes from: `{"name":"castle-risk"}`, `{"path":"my.toml"}` or
/// `{"toml":"[board]\n…"}`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum BoardSource {
    /// A board shipped with Castellan, by file name without `.toml`.
    Name(String),
    /// A board file.
    Path(String),
    /// The text of a board file.
    Toml(String),
}

/// Where a variant comes from: `{"table":{…}}` (only the options that differ),
/// `{"path":"house.toml"}` or `{"toml":"…"}`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum VariantSource {
    Table(Box<Variant>),
    Path(String),
    Toml(String),
}

/// Where a described position comes from: `{"table":{…}}`, `{"path":"p.toml"}` or
/// `{"toml":"…"}`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum PositionSource {
    Table(Box<Position>),
    Path(String),
    Toml(String),
}
