//! Boards: the validated model the rules use, and loading it from TOML files.
//!
//! [`parse_board`] and [`load_board_file`] turn a board file (format described in
//! `docs/board-format.md`) into a [`Board`], or a [`BoardError`] listing every
//! problem found, each with its line and column.

mod geometry;
mod limits;
mod load;
mod model;
mod path_data;
mod problems;
mod raw;
mod validate;

pub use crate::diagnostics::Problem;
pub use limits::*;
pub use load::{load_board_file, load_board_file_with_text, parse_board};
pub use model::*;
pub use path_data::{PathDataError, PathProblem, PathRing, parse_path_data};
pub use problems::{
    Anchor, BoardError, BoardProblem, Counted, Found, IdKind, Section, Shape, StringPlace,
    TerritoryRef,
};
pub use raw::SUPPORTED_FORMAT;
