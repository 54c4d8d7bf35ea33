//! The Château Noir board: a pure scene (what is shown, what is lit and why,
//! hit-testing, the keyboard cursor) and Cairo drawing, usable without a display —
//! the window's board, the rules' diagrams and the reference sheet all draw through
//! here.
//!
//! - `geometry`: where squares, score scales, colour tables and corners lie, in board
//!   units; `camera`: units to widget pixels, fitted, HiDPI.
//! - `scene`: the plain data the board shows, filled from the engine's view and
//!   legal actions.
//! - `palette`: colours for the light, dark and high-contrast styles and for paper.
//! - `glyphs`: pieces, emblems, the marks of the kinds of unit, badges.
//! - `draw`: the drawing of a scene on any Cairo surface.

pub mod camera;
pub mod draw;
pub mod geometry;
pub mod glyphs;
pub mod palette;
pub mod scene;

pub use draw::draw;
pub use geometry::{Side, Window};
pub use glyphs::Emblem;
pub use palette::BoardPalette;
pub use scene::{BoardScene, Light, Motion, UnitMark};
