//! `castellan chateau-noir …`: the Château Noir engine from the terminal. `perft`
//! counts the distinct end positions and the unit sequences of one turn from a
//! position (the opening by default), the oracle that tells a change to move
//! generation; `check` checks board files, warnings included.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use castellan_chateau::board::{Board, CheckedBoard, load_board_file};
use castellan_chateau::game::{Game, Table};
use castellan_chateau::perft::{Perft, perft};
use castellan_chateau::variant::Variant;
use clap::{Args, Subcommand};
use gettextrs::{gettext, ngettext};

use crate::text::fill;

/// What to do with Château Noir.
#[derive(Debug, Args)]
pub struct ChateauNoirArgs {
    #[command(subcommand)]
    command: ChateauNoirCommand,
}

#[derive(Debug, Subcommand)]
enum ChateauNoirCommand {
    #[command(
        about = gettext("Count the distinct end positions and unit sequences of one turn"),
        long_about = None
    )]
    Perft {
        #[arg(
            long,
            value_name = "FILE",
            help = gettext("A position (TOML) to count from; without it, the opening")
        )]
        position: Option<PathBuf>,
        #[arg(
            long,
            value_name = "FILE",
            help = gettext("A Château Noir board file; without it, the reconstructed board")
        )]
        board: Option<PathBuf>,
        #[arg(
            long,
            value_name = "FILE",
            help = gettext("A Château Noir variant file")
        )]
        variant: Option<PathBuf>,
    },
    #[command(
        about = gettext("Check Château Noir board files: problems and warnings of each"),
        long_about = None
    )]
    Check {
        #[arg(
            required = true,
            value_name = "FILE",
            help = gettext("Board files (TOML) to check")
        )]
        files: Vec<PathBuf>,
    },
}

/// Runs a `chateau-noir` subcommand.
pub fn run(args: ChateauNoirArgs) -> ExitCode {
    match args.command {
        ChateauNoirCommand::Perft {
            position,
            board,
            variant,
        } => match count(position, board, variant) {
            Ok((counts, millis)) => {
                println!("{}", summary(&counts, millis));
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("castellan chateau-noir perft: {message}");
                ExitCode::FAILURE
            }
        },
        ChateauNoirCommand::Check { files } => {
            check(&files, &mut io::stdout().lock(), &mut io::stderr().lock())
        }
    }
}

/// The counts of the turn to play in the position, and the milliseconds they took.
fn count(
    position: Option<PathBuf>,
    board: Option<PathBuf>,
    variant: Option<PathBuf>,
) -> Result<(Perft, u128), String> {
    let board = match board {
        Some(path) => load_board_file(&path)
            .map(|(checked, _)| checked.board)
            .map_err(|error| error.to_string())?,
        None => Board::reconstructed(),
    };
    let board = Arc::new(board);
    let variant = match variant {
        Some(path) => Variant::load_file(&path).map_err(|error| error.to_string())?,
        None => Variant::default(),
    };
    let game = match position {
        Some(path) => {
            let text = std::fs::read_to_string(&path)
                .map_err(|error| format!("{}: {error}", path.display()))?;
            Game::from_position(board, variant, None, &text, &path.display().to_string())
                .map_err(|error| error.to_string())?
        }
        None => Game::new(board, variant, Table::four_in_teams(), 0)
            .map_err(|error| error.to_string())?,
    };
    let started = Instant::now();
    let counts = perft(game.board(), game.state());
    Ok((counts, started.elapsed().as_millis()))
}

/// "35542 end positions, 946685 sequences (14577 states searched) in 7 ms".
fn summary(counts: &Perft, millis: u128) -> String {
    let ends = fill(
        &ngettext(
            "{count} end position",
            "{count} end positions",
            plural(counts.ends),
        ),
        &[("count", &counts.ends)],
    );
    let sequences = fill(
        &ngettext(
            "{count} sequence",
            "{count} sequences",
            plural(counts.sequences),
        ),
        &[("count", &counts.sequences)],
    );
    fill(
        &gettext("{ends}, {sequences} ({states} states searched) in {millis} ms"),
        &[
            ("ends", &ends),
            ("sequences", &sequences),
            ("states", &counts.states),
            ("millis", &millis),
        ],
    )
}

/// The number gettext chooses a plural form by.
fn plural(count: u64) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// Checks each board file: a summary line for a good one (then its warnings, on the
/// error output), every problem of a bad one. Success when every file is good.
fn check(files: &[PathBuf], out: &mut impl Write, err: &mut impl Write) -> ExitCode {
    let mut all_good = true;
    for file in files {
        match load_board_file(file) {
            Ok((CheckedBoard { board, warnings }, _)) => {
                let armies = board.armies().len();
                let teams = board.teams().len();
                let line = fill(
                    &gettext("{file}: “{name}”, {armies}, {teams}"),
                    &[
                        ("file", &file.display()),
                        ("name", &board.meta.name),
                        (
                            "armies",
                            &fill(
                                &ngettext("{count} army", "{count} armies", armies as u32),
                                &[("count", &armies)],
                            ),
                        ),
                        (
                            "teams",
                            &fill(
                                &ngettext("{count} team", "{count} teams", teams as u32),
                                &[("count", &teams)],
                            ),
                        ),
                    ],
                );
                let _ = writeln!(out, "{line}");
                for warning in warnings {
                    let _ = writeln!(err, "{}:{warning}", file.display());
                }
            }
            Err(error) => {
                all_good = false;
                let _ = writeln!(err, "{error}");
            }
        }
    }
    if all_good {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_is_counted_by_default() {
        let (counts, _) = count(None, None, None).expect("the opening counts");
        assert_eq!((counts.ends, counts.sequences), (35_542, 946_685));
        let line = summary(&counts, 7);
        assert!(
            line.starts_with("35542 end positions, 946685 sequences ("),
            "{line}"
        );
    }

    #[test]
    fn a_missing_position_is_named() {
        let error = count(Some(PathBuf::from("/nonexistent/p.toml")), None, None).unwrap_err();
        assert!(error.starts_with("/nonexistent/p.toml: "), "{error}");
    }

    #[test]
    fn the_shipped_board_checks_without_warnings_and_a_broken_one_is_located() {
        let shipped =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/boards/chateau-noir.toml");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(check(&[shipped], &mut out, &mut err), ExitCode::SUCCESS);
        assert!(
            String::from_utf8(out)
                .unwrap()
                .contains("“Château Noir”, 4 armies, 2 teams")
        );
        assert!(err.is_empty());
        let broken = std::env::temp_dir().join(format!("cn-broken-{}.toml", std::process::id()));
        std::fs::write(
            &broken,
            "[board]\ngame = \"chateau-noir\"\nformat = 1\nname = \"x\"\nsquares = []\n",
        )
        .unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(
            check(std::slice::from_ref(&broken), &mut out, &mut err),
            ExitCode::FAILURE
        );
        let _ = std::fs::remove_file(&broken);
        let err = String::from_utf8(err).unwrap();
        assert!(err.contains(":5:11: `squares` must have 10 rows"), "{err}");
    }
}
