//! Who sits at the table before a game starts: each seat's name, colour and whether
//! the computer plays it, the seed, the board and rules files, and the quick-defence
//! preference. It is what the new-game dialog asks for and what `last-game.toml`
//! remembers; the seat count a board allows is the engine's.

use std::path::PathBuf;

use castellan_engine::bot::Strength;
use castellan_engine::game::{MAX_SEATS, MIN_SEATS};
use gettextrs::gettext;
use serde::{Deserialize, Serialize};

use crate::map::palette::SEAT_COLOURS;
use crate::text::fill;

// Every seat a game may have gets a colour of its own.
const _: () = assert!(SEAT_COLOURS >= MAX_SEATS);

/// Who sits in one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSettings {
    pub name: String,
    /// Index into the map palette's seat colours (`crate::map::palette::SEAT_RGB`).
    pub colour: u8,
    /// Played by the computer rather than a person at this screen.
    pub computer: bool,
    /// How well the computer plays the seat, when it does (kept for a person's seat
    /// too, so that switching the computer back on finds it). Saves and setups from
    /// before strengths were chosen played Normal.
    #[serde(default = "normal")]
    pub strength: Strength,
}

fn normal() -> Strength {
    Strength::Normal
}

/// The seat of classic Risk's neutral army (ruling 27), added to a two-player table:
/// the computer's (it never decides), in the first colour nobody has.
pub fn neutral_seat(taken: &[SeatSettings]) -> SeatSettings {
    let colour = (0..crate::map::palette::SEAT_COLOURS as u8)
        .find(|c| taken.iter().all(|s| s.colour != *c))
        .unwrap_or(0);
    SeatSettings {
        name: gettext("Neutral"),
        colour,
        computer: true,
        strength: Strength::Normal,
    }
}

/// Everything the new-game dialog asks for; also what `last-game.toml` remembers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    pub seats: Vec<SeatSettings>,
    /// A fixed seed replays the same dice and draws; `None` picks one at random.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The board file; `None` is the shipped Castle Risk board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<PathBuf>,
    /// The variant file; `None` is the rulebook (or a variant made in the editor and
    /// never saved, which is not remembered).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<PathBuf>,
    /// People defending always roll the most dice allowed, and are asked only when
    /// they could also commit a Marshall or bring out hidden armies (ruling 17).
    #[serde(default = "yes")]
    pub quick_defence: bool,
}

pub(crate) fn yes() -> bool {
    true
}

impl GameSetup {
    /// What keeps the seats from starting a game: see [`seats_problem`].
    pub fn problem(&self) -> Option<SetupProblem> {
        seats_problem(&self.seats)
    }

    /// `count` seats named by `name_of(index)`, each with its own colour; the first is
    /// a person, the others computers.
    pub fn default_for(count: usize, name_of: impl Fn(usize) -> String) -> Self {
        let seats = (0..count.clamp(MIN_SEATS, MAX_SEATS))
            .map(|i| SeatSettings {
                name: name_of(i),
                colour: i as u8,
                computer: i > 0,
                strength: castellan_engine::bot::Strength::Normal,
            })
            .collect();
        Self {
            seats,
            seed: None,
            board: None,
            variant: None,
            quick_defence: true,
        }
    }
}

/// What keeps `seats` from sitting at a game: the engine's seat count (2 to 6), each
/// seat with a name and a palette colour, no two colours alike.
pub fn seats_problem(seats: &[SeatSettings]) -> Option<SetupProblem> {
    if !(MIN_SEATS..=MAX_SEATS).contains(&seats.len()) {
        return Some(SetupProblem::SeatCount(seats.len()));
    }
    if seats.iter().any(|s| s.name.trim().is_empty()) {
        return Some(SetupProblem::EmptyName);
    }
    let mut seen = [false; SEAT_COLOURS];
    for seat in seats {
        let colour = usize::from(seat.colour);
        if colour >= SEAT_COLOURS || std::mem::replace(&mut seen[colour], true) {
            return Some(SetupProblem::ColourTwice);
        }
    }
    None
}

/// Why a setup cannot start a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    #[error("a game needs 2 to 6 seats, not {0}")]
    SeatCount(usize),
    #[error("every seat needs a name")]
    EmptyName,
    #[error("two seats have the same colour")]
    ColourTwice,
}

impl SetupProblem {
    /// The problem in the reader's language.
    pub fn describe(&self) -> String {
        match self {
            Self::SeatCount(seats) => fill(
                &gettext("a game needs 2 to 6 seats, not {seats}"),
                &[("seats", seats)],
            ),
            Self::EmptyName => gettext("every seat needs a name"),
            Self::ColourTwice => gettext("two seats have the same colour"),
        }
    }
}
