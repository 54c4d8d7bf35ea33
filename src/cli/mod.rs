//! The command line: what `castellan` accepts and the subcommands that need no display.
//!
//! Each subcommand lives in a module of its own that declares its arguments (clap
//! derive) and runs them; a new one is a module plus a variant of [`Command`]. Help text
//! goes through gettext when the command line is built (after `main` picked the
//! locale); `help` translates the words clap supplies itself.

mod board;
mod help;
mod odds;
mod protocol;
mod replay;
mod text;
mod variant;

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use gettextrs::gettext;

use crate::config;

/// Everything given on the command line.
#[derive(Debug, Parser)]
#[command(
    name = "castellan",
    version = config::VERSION,
    about = gettext("Play Castle Risk. Without a command, the game window opens."),
    long_about = None,
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A saved game to open in the window (the desktop passes one when a save is
    /// opened from the file manager).
    #[arg(
        value_name = "SAVE",
        help = gettext("A saved game to open in the window")
    )]
    pub save: Option<std::path::PathBuf>,
}

/// A subcommand: something done in the terminal instead of opening the game.
#[derive(Debug, Subcommand)]
pub enum Command {
    #[command(
        about = gettext("Work with board files"),
        long_about = None
    )]
    Board(board::BoardArgs),
    #[command(
        about = gettext("Compute the exact odds of an attack"),
        long_about = None
    )]
    Odds(odds::OddsArgs),
    #[command(
        about = gettext("Drive games with JSON lines on standard input and output"),
        long_about = None
    )]
    Protocol(protocol::ProtocolArgs),
    #[command(
        about = gettext("Replay a saved game and print where it ended"),
        long_about = None
    )]
    Replay(replay::ReplayArgs),
    #[command(
        about = gettext("Check variant files or show their rules"),
        long_about = None
    )]
    Variant(variant::VariantArgs),
}

/// Reads the process's arguments; prints help, the version or a usage error and exits
/// when that is what they ask for.
pub fn parse() -> Cli {
    let mut command = help::localize(Cli::command());
    let matches = command.get_matches_mut();
    Cli::from_arg_matches(&matches)
        .map_err(|error| error.format(&mut command))
        .unwrap_or_else(|error| error.exit())
}

/// Runs a subcommand and says how it went.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Board(args) => board::run(args),
        Command::Odds(args) => odds::run(args),
        Command::Protocol(args) => protocol::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Variant(args) => variant::run(args),
    }
}
