//! Château Noir requests: their shape only, tagged by `"type"` (the router took their
//! `"id"` off). Variants without fields are written `{}` so that serde refuses unknown
//! fields on them too.

use castellan_chateau::bot::Strength;
use castellan_chateau::game::{Action, Seat};
use castellan_chateau::variant::Variant;
use serde::Deserialize;
use serde_json::Value;

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum Request {
    /// A new match from the starting position.
    Start {
        /// `"chateau-noir"` (the router sent it here for it).
        game: String,
        /// Absent: the reconstructed board.
        #[serde(default)]
        board: Option<BoardSource>,
        #[serde(default)]
        variant: Option<VariantSource>,
        /// The armies each seat commands, by id; absent: one seat an army.
        #[serde(default)]
        seats: Option<Vec<Vec<String>>>,
        /// Team play (absent: team play when the board has teams).
        #[serde(default)]
        teams: Option<bool>,
        #[serde(default)]
        seed: Option<u64>,
        /// The seats the engine plays.
        #[serde(default)]
        computers: Vec<ComputerSeat>,
    },
    /// A new game from a described position.
    StartFromPosition {
        game: String,
        #[serde(default)]
        board: Option<BoardSource>,
        #[serde(default)]
        variant: Option<VariantSource>,
        position: PositionSource,
        /// Absent: the position's own `seats` (or one seat an army).
        #[serde(default)]
        seats: Option<Vec<Vec<String>>>,
        #[serde(default)]
        teams: Option<bool>,
        #[serde(default)]
        computers: Vec<ComputerSeat>,
    },
    /// One seat's action.
    Act { seat: Seat, action: Action },
    /// The decision the game awaits.
    Pending {},
    /// What the seat to decide may do.
    Legal {},
    /// Everything a front end shows (every seat sees the same; `seat` is checked and
    /// otherwise ignored).
    View {
        #[serde(default)]
        seat: Option<Seat>,
    },
    /// The position as text (`docs/chateau-noir-position-format.md`).
    Position {},
    /// The game as a save.
    Save {},
    /// Replays a save and plays on from it.
    Load {
        #[serde(default)]
        save: Option<Box<Value>>,
        #[serde(default)]
        path: Option<String>,
        #[serde(default)]
        computers: Vec<ComputerSeat>,
    },
    /// Lets the computer seats play on where they paused.
    Continue {},
    /// What a computer player of `strength` would do for the seat to decide (the
    /// seed: by default the game's, mixed with the actions played).
    Suggest {
        strength: Strength,
        #[serde(default)]
        seed: Option<u64>,
    },
}

/// A seat the engine plays: `{"seat": 1, "strength": "expert"}`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ComputerSeat {
    pub seat: Seat,
    pub strength: Strength,
}

/// Where a board comes from: `{"name":"chateau-noir"}`, `{"path":…}` or `{"toml":…}`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum BoardSource {
    Name(String),
    Path(String),
    Toml(String),
}

/// Where a variant comes from: `{"table":{…}}`, `{"path":…}` or `{"toml":…}`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum VariantSource {
    Table(Box<Variant>),
    Path(String),
    Toml(String),
}

/// Where a position comes from: `{"path":…}` or `{"toml":…}`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub(crate) enum PositionSource {
    Path(String),
    Toml(String),
}
