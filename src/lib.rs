//! The part of Castellan that needs neither a window nor the command line: the map's
//! scene and its drawing. It is a library so that the benchmarks (`benches/`) can use
//! it; the program (`main.rs`) uses it from here too.

pub mod map;
