//! Castellan's entry point: the command line, or the desktop game when given no command.

mod app;
mod cli;
mod config;
mod map;

fn main() {
    app::run();
}
