//! The sizes past which a board file is refused as absurd, before any real work is done.
//!
//! Real boards are tiny (Castle Risk has 44 territories); these limits only keep a
//! broken or hostile file from exhausting memory or time, and keep every id in `u16`.

/// Largest board file accepted, in bytes (4 MiB); checked before parsing.
pub const MAX_SOURCE_BYTES: usize = 4 * 1024 * 1024;

/// Most territories a board may have.
pub const MAX_TERRITORIES: usize = 2_000;

/// Most groups (empires and regions together) a board may have.
pub const MAX_GROUPS: usize = 500;

/// Most seas a board may have.
pub const MAX_SEAS: usize = 100;

/// Most outline points (from `outline` and `path` together) over the whole board.
pub const MAX_OUTLINE_POINTS: usize = 200_000;

/// Largest `width` or `height`, in board units.
pub const MAX_BOARD_SIZE: f64 = 100_000.0;

/// How far outline points may stray outside the board, as a fraction of its size (a
/// coastline may run off the edge of the drawing).
pub const OUTLINE_MARGIN: f64 = 0.10;

/// Largest bonus in armies (`bonus`, `all_independents_bonus`): as large as a
/// variant's army options may be; beyond it a value is surely a typo.
pub const MAX_BONUS: u32 = 10_000;

/// Longest id, in characters.
pub const MAX_ID_LENGTH: usize = 64;

/// Most problems listed in one error (shared with variant files).
pub use crate::diagnostics::MAX_REPORTED_PROBLEMS;
