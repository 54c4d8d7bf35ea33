//! The command line: what `castellan` accepts and the subcommands that need no display.
//!
//! Each subcommand lives in a module of its own that declares its arguments (clap
//! derive) and runs them; a new one is a module plus a variant of [`Command`]. Help text
//! goes through gettext when the command line is built (after `main` picked the
//! locale); `help` translates the words clap supplies itself.

mod balance;
mod board;
mod chateau_noir;
mod check;
mod games_args;
mod help;
mod odds;
mod protocol;
mod replay;
mod sheet;
mod story;
mod tournament;
mod variant;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::builder::PossibleValuesParser;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use gettextrs::gettext;

use crate::{config, i18n};

/// Everything given on the command line.
#[derive(Debug, Parser)]
#[command(
    name = "castellan",
    version = config::VERSION,
    about = gettext("Play Castle Risk. Without a command, the game window opens."),
    long_about = None,
)]
pub struct Cli {
    /// Read before clap runs, by [`requested_language`]: declared here for `--help`
    /// and for refusing a language Castellan has no translation for.
    #[arg(
        long,
        global = true,
        value_name = "LANG",
        value_parser = PossibleValuesParser::new(i18n::languages()),
        help = gettext("Language of messages and of the reference sheet (default: the locale's)")
    )]
    pub lang: Option<String>,
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
        about = gettext("Play a board and variant many times and say whether they are fair"),
        long_about = None
    )]
    Balance(balance::BalanceArgs),
    #[command(
        about = gettext("Work with board files"),
        long_about = None
    )]
    Board(board::BoardArgs),
    #[command(
        about = gettext("Château Noir: count a turn's positions (perft), check board files"),
        long_about = None
    )]
    ChateauNoir(chateau_noir::ChateauNoirArgs),
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
        about = gettext("Draw the reference sheet of a board and variant as PDF, PNG or SVG"),
        long_about = None
    )]
    Sheet(sheet::SheetArgs),
    #[command(
        about = gettext("Play computer strengths against each other and print their results"),
        long_about = None
    )]
    Tournament(tournament::TournamentArgs),
    #[command(
        about = gettext("Check variant files or show their rules"),
        long_about = None
    )]
    Variant(variant::VariantArgs),
}

/// The language `--lang` asks for, found in the raw arguments: it must be chosen before
/// anything is translated, clap's help included, and before any thread starts. A code
/// Castellan does not offer gives `None` here and a usage error from clap.
pub fn requested_language(args: impl IntoIterator<Item = OsString>) -> Option<String> {
    let mut args = args.into_iter().skip(1);
    while let Some(arg) = args.next() {
        let value = match arg.to_str() {
            Some("--") => return None,
            Some("--lang") => args.next(),
            Some(arg) => arg.strip_prefix("--lang=").map(OsString::from),
            None => None,
        };
        if let Some(value) = value {
            return value
                .into_string()
                .ok()
                .filter(|value| i18n::languages().any(|offered| offered == value));
        }
    }
    None
}

/// Reads the process's arguments; prints help, the version or a usage error and exits
/// when that is what they ask for.
pub fn parse() -> Cli {
    let mut command = help::localize(Cli::command());
    let matches = command.get_matches_mut();
    let cli = Cli::from_arg_matches(&matches)
        .map_err(|error| error.format(&mut command))
        .unwrap_or_else(|error| error.exit());
    // A save opens the window and a command works in the terminal: both at once is a
    // mistake. clap's own `args_conflicts_with_subcommands` would also refuse the global
    // `--lang` before a command (`castellan --lang fr board check`), so check it here.
    if cli.save.is_some() && cli.command.is_some() {
        command
            .error(
                clap::error::ErrorKind::ArgumentConflict,
                gettext("a saved game to open cannot be given with a command"),
            )
            .exit();
    }
    cli
}

/// Runs a subcommand and says how it went.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Balance(args) => balance::run(args),
        Command::Board(args) => board::run(args),
        Command::ChateauNoir(args) => chateau_noir::run(args),
        Command::Odds(args) => odds::run(args),
        Command::Protocol(args) => protocol::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Sheet(args) => sheet::run(args),
        Command::Tournament(args) => tournament::run(args),
        Command::Variant(args) => variant::run(args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn language_in(args: &[&str]) -> Option<String> {
        requested_language(args.iter().map(OsString::from))
    }

    #[test]
    fn the_requested_language_is_found_in_either_spelling_anywhere() {
        assert_eq!(
            language_in(&["castellan", "sheet", "--lang", "fr", "-o", "x.pdf"]),
            Some("fr".to_owned())
        );
        assert_eq!(
            language_in(&["castellan", "--lang=en", "sheet"]),
            Some("en".to_owned())
        );
        assert_eq!(language_in(&["castellan", "sheet", "-o", "x.pdf"]), None);
    }

    #[test]
    fn an_unknown_language_or_one_after_a_double_dash_is_not_requested() {
        assert_eq!(language_in(&["castellan", "--lang", "tlh"]), None);
        assert_eq!(language_in(&["castellan", "--", "--lang", "fr"]), None);
        assert_eq!(language_in(&["castellan", "--lang"]), None);
    }
}
