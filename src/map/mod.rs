//! The map of the board: a pure scene (camera, hit-testing, highlights) and Cairo drawing.
