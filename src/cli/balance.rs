//! `castellan balance`: the balance lab on the command line. Plays a board and variant
//! many times with one strength at every seat, on every core, and prints a verdict in
//! plain words per finding, or the figures as JSON or CSV; `--against` plays a second
//! variant (or board) from the same seeds and prints the differences.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use castellan_engine::balance::{Comparison, LAB_EXPERT_EFFORT, Lab, MAX_GAMES, Report};
use castellan_engine::board::{Board, MAX_SOURCE_BYTES, load_board_file};
use castellan_engine::bot::{Cancel, Strength};
use castellan_engine::diagnostics::read_text_file;
use castellan_engine::variant::{Variant, load_variant_file};
use clap::Args;
use gettextrs::gettext;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;

use super::chateau_games::{self, ChateauOptions};
use super::games_args::{BoardAndRules, effort};
use crate::charts::page::{PageText, write_page};
use crate::charts::{Figures, Theme};
use crate::lab::{export, strength_name, verdicts};
use crate::messages;
use crate::numbers::decimal;
use crate::sheet::Format;
use crate::text::fill;

/// What the lab plays.
#[derive(Debug, Args)]
pub struct BalanceArgs {
    #[command(flatten)]
    files: BoardAndRules,
    #[arg(
        long,
        value_name = "FILE",
        help = gettext("A second variant, or a second board, to compare on the same seeds")
    )]
    against: Option<PathBuf>,
    #[arg(
        long,
        value_name = "N",
        default_value_t = 4,
        value_parser = clap::value_parser!(u8).range(2..=6),
        help = gettext("Seats at each game (2 to 6)")
    )]
    seats: u8,
    #[arg(
        long,
        value_name = "STRENGTH",
        default_value = "normal",
        help = gettext("The computer players' strength: easy, normal or expert")
    )]
    strength: Strength,
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1000,
        value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES),
        help = gettext("Games to play")
    )]
    games: u64,
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1,
        help = gettext("Seed of the whole run: the same seed plays the same games")
    )]
    seed: u64,
    #[arg(
        long,
        value_name = "X",
        default_value_t = LAB_EXPERT_EFFORT,
        value_parser = effort,
        help = gettext("Scales the Expert's thinking (0.1 to 10; 1 is its budget at the table, the lab's is 0.25)")
    )]
    effort: f64,
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..),
        help = gettext("Threads to play on (default: one per core)")
    )]
    threads: Option<u16>,
    #[arg(
        long,
        conflicts_with = "csv",
        help = gettext("Write the findings as JSON")
    )]
    json: bool,
    #[arg(
        long,
        help = gettext("Write the raw figures as CSV")
    )]
    csv: bool,
    #[arg(
        long,
        value_name = "FILE",
        help = gettext("Also draw the report with its charts as PDF, PNG or SVG")
    )]
    report: Option<PathBuf>,
    #[command(flatten)]
    chateau: ChateauOptions,
}

/// Plays the games and prints the findings.
pub fn run(args: BalanceArgs) -> ExitCode {
    match balance(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("castellan balance: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What `--against` named.
enum Other {
    Board(PathBuf, Board),
    Variant(Variant),
}

/// A file is a board when it has a `[board]` table (every board file must); anything
/// else is read as a variant, whose reader then names any problem.
fn read_other(path: &Path) -> Result<Other, String> {
    // Read within a board's size limit: a larger file is no board, and the variant
    // reader then refuses it with the reason.
    let is_board = read_text_file(path, MAX_SOURCE_BYTES)
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .is_some_and(|table| table.contains_key("board"));
    if is_board {
        let board = load_board_file(path).map_err(|error| messages::file_error(&error))?;
        Ok(Other::Board(path.to_owned(), board))
    } else {
        let variant = load_variant_file(path).map_err(|error| messages::file_error(&error))?;
        Ok(Other::Variant(variant))
    }
}

fn lab(
    args: &BalanceArgs,
    board: Arc<Board>,
    variant: Variant,
    path: &Path,
) -> Result<Lab, String> {
    Lab::new(
        board,
        variant,
        usize::from(args.seats),
        args.strength,
        args.seed,
    )
    .map(|lab| lab.with_effort(args.effort))
    .map_err(|error| {
        fill(
            &gettext("{file}: {problem}"),
            &[
                ("file", &path.display()),
                ("problem", &messages::new_game_error(&error)),
            ],
        )
    })
}

fn balance(args: &BalanceArgs) -> Result<(), String> {
    if args.chateau.wanted(&args.files) {
        if args.against.is_some() || args.csv || args.report.is_some() {
            return Err(gettext(
                "--against, --csv and --report are for Castle Risk boards: Château Noir's lab prints its findings or JSON",
            ));
        }
        return chateau_games::balance(&chateau_games::BalanceRequest {
            files: &args.files,
            options: &args.chateau,
            seats: args.seats,
            strength: args.strength,
            games: args.games,
            seed: args.seed,
            effort: args.effort,
            threads: args.threads.map_or(0, usize::from),
            json: args.json,
        });
    }
    let board_path = args.files.board_path();
    let (board, variant) = args.files.load()?;
    let board = Arc::new(board);
    let format = match &args.report {
        None => None,
        Some(path) => Some(Format::of(path).ok_or_else(|| {
            fill(
                &gettext(
                    "{file}: cannot tell the format from the name: end it with .pdf, .png or .svg",
                ),
                &[("file", &path.display())],
            )
        })?),
    };
    let first = lab(args, board.clone(), variant.clone(), &board_path)?;
    let second = match &args.against {
        None => None,
        Some(path) => Some(match read_other(path)? {
            Other::Board(path, other) => lab(args, Arc::new(other), variant, &path)?,
            Other::Variant(other) => lab(args, board.clone(), other, path)?,
        }),
    };
    let runs = if second.is_some() { 2 } else { 1 };
    let bar = if std::io::stderr().is_terminal() && !args.json && !args.csv {
        ProgressBar::with_draw_target(Some(args.games * runs), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {msg} ({eta})") {
        bar.set_style(style);
    }
    bar.set_message(gettext("games"));
    let threads = args.threads.map_or(0, usize::from);
    let started = Instant::now();
    let never = Cancel::new();
    let play = |lab: &Lab| {
        let tally = lab.run(args.games, threads, &never, &|_| bar.inc(1));
        Report::new(&tally, lab.board())
    };
    let a = play(&first);
    let b = second.as_ref().map(play);
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let about = json!({
        "board": board_path.display().to_string(),
        "variant": args.files.variant.as_ref().map(|p| p.display().to_string()),
        "against": args.against.as_ref().map(|p| p.display().to_string()),
        "seats": args.seats,
        "strength": args.strength,
        "games": args.games,
        "seed": args.seed,
        "effort": args.effort,
        "seconds": seconds,
    });
    let heading = heading(args, &board_path, seconds);
    let draw = |figures: Figures<'_>, lines: &[String]| -> Result<(), String> {
        if let (Some(path), Some(format)) = (&args.report, format) {
            let text = PageText {
                heading: &heading,
                lines,
            };
            write_page(path, format, figures, &text, Theme::Light)
                .map_err(|error| error.to_string())?;
        }
        Ok(())
    };
    let text = match b {
        None => {
            let lines = verdicts::lines(&a);
            draw(Figures::One(&a), &lines)?;
            if args.json {
                export::json(&a, &lines, about) + "\n"
            } else if args.csv {
                export::csv(&a)
            } else {
                words(&heading, &lines)
            }
        }
        Some(b) => {
            let comparison = Comparison::new(a, b);
            let lines = verdicts::comparison_lines(&comparison);
            draw(Figures::Two(&comparison), &lines)?;
            if args.json {
                export::comparison_json(&comparison, &lines, about) + "\n"
            } else if args.csv {
                export::comparison_csv(&comparison)
            } else {
                words(&heading, &lines)
            }
        }
    };
    // A reader that stopped reading (`| head`) wants no more: not an error.
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(messages::io_error(&error))
        }
        _ => Ok(()),
    }
}

/// The heading and the verdicts, a line each.
fn words(heading: &str, lines: &[String]) -> String {
    let mut text = format!("{heading}\n");
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    text
}

fn heading(args: &BalanceArgs, board: &Path, seconds: f64) -> String {
    let variant = args
        .files
        .variant
        .as_ref()
        .map_or_else(|| gettext("the rulebook"), |p| p.display().to_string());
    let mut line = fill(
        &gettext(
            "{board}, {variant}: {games} games of {seats} {strength} seats, seed {seed}, {seconds} s",
        ),
        &[
            ("board", &board.display()),
            ("variant", &variant),
            ("games", &args.games),
            ("seats", &args.seats),
            ("strength", &strength_name(args.strength)),
            ("seed", &args.seed),
            ("seconds", &decimal(seconds, 1)),
        ],
    );
    if let Some(against) = &args.against {
        line.push('\n');
        line.push_str(&fill(
            &gettext("Compared with {file} (first run against second)"),
            &[("file", &against.display())],
        ));
    }
    line
}
