//! The part of Castellan that needs neither a window nor the command line: the map's
//! scene and drawing, the reference sheet, how rule options are described, errors in
//! the reader's language, the words and numbers they are written with, and writing
//! files safely. It is a library so that the benchmarks
//! (`benches/`) can use it; the program (`main.rs`) uses it from here too.

pub mod charts;
pub mod chateau_board;
pub mod chateau_rules;
pub mod chateau_story;
pub mod config;
pub mod lab;
pub mod map;
pub mod messages;
pub mod numbers;
pub mod safe_write;
pub mod sheet;
pub mod text;
pub mod variant_options;
