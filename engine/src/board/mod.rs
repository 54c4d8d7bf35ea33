//! Boards: the validated model the rules use, and loading it from TOML files.

mod model;

pub use model::*;
