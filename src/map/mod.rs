//! The map of the board: a pure scene (camera, hit-testing, highlights) and Cairo drawing.
//!
//! - `camera`: board units ↔ widget pixels (fit, zoom, pan, HiDPI).
//! - `geometry`: what is derived once per board (frontiers, disc radii, bounds).
//! - `sea_route`: the open water of a sea, which the Admiral's arrow passes through.
//! - `scene`: the plain data the map shows, and hit-testing.
//! - `palette`: colours for the light, dark and high-contrast styles.
//! - `glyphs`: badges, castles, the arrow and haloed text.
//! - `layout`: where each territory's badge, castle and name go, clear of each other.
//! - `room`: where a territory's land is free for a mark, for the layout.
//! - `draw`: the drawing of a scene on any Cairo surface.
//! - `layers`: the cached static layer for the widget.
//! - `test_boards` (tests only): small boards built in code, and the shipped one.
//! - `gallery` (tests only): pictures of each stage of a game, for people to look at.

pub mod camera;
pub mod draw;
pub mod geometry;
pub mod glyphs;
pub mod layers;
pub mod layout;
pub mod palette;
pub mod room;
pub mod scene;
pub mod sea_route;

#[cfg(test)]
mod gallery;
#[cfg(test)]
pub(crate) mod test_boards;

pub use camera::ViewPoint;
pub use layers::LayerCache;
pub use palette::Palette;
pub use scene::{AttackArrow, MapScene, TargetKind};
