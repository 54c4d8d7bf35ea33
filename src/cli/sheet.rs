//! `castellan sheet`: draws the reference sheet of a board and variant into a PDF, PNG
//! or SVG file (by the output's extension), without a display. `--lang` (global, read
//! at start-up) picks its language. A Château Noir board or variant, or `--game
//! chateau-noir`, draws that game's one-page sheet (`chateau_rules::sheet`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use castellan_engine::board::load_board_file;
use castellan_engine::variant::{Variant, load_variant_file};
use clap::{Args, ValueEnum};
use gettextrs::{gettext, ngettext};

use castellan_common::GameId;
use castellan_common::game_id::board_game;

use crate::chateau_rules;
use crate::config;
use crate::messages;
use crate::sheet::{self, Format, Paper};
use crate::text::fill;

/// What to draw, on what, and where.
#[derive(Debug, Args)]
pub struct SheetArgs {
    #[arg(
        long,
        value_enum,
        help = gettext("The game (default: the board's or variant's, else Castle Risk)")
    )]
    game: Option<SheetGame>,
    #[arg(
        long,
        value_name = "FILE",
        help = gettext("Board file (default: the game's board)")
    )]
    board: Option<PathBuf>,
    #[arg(
        long,
        value_name = "FILE",
        help = gettext("Variant file (default: the rulebook)")
    )]
    variant: Option<PathBuf>,
    #[arg(
        long,
        value_enum,
        help = gettext("Paper size (default: the locale's, Letter in North America and A4 elsewhere)")
    )]
    paper: Option<PaperName>,
    #[arg(
        short,
        long,
        value_name = "FILE",
        help = gettext("The file to write: .pdf, .png or .svg (PNG and SVG get one file per page)")
    )]
    output: PathBuf,
}

/// The games a sheet can be drawn for (classic Risk is Castle Risk's sheet with a
/// classic variant).
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum SheetGame {
    CastleRisk,
    ChateauNoir,
}

/// The paper sizes the command offers.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum PaperName {
    A4,
    Letter,
}

impl PaperName {
    fn paper(self) -> Paper {
        match self {
            PaperName::A4 => Paper::A4,
            PaperName::Letter => Paper::LETTER,
        }
    }
}

/// Draws the sheet; on success prints one line per file written.
pub fn run(args: SheetArgs) -> ExitCode {
    match draw(&args) {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Loads the files, lays the sheet out and writes it; returns the lines to print, or
/// why it could not (naming the file at fault).
fn draw(args: &SheetArgs) -> Result<Vec<String>, String> {
    let format = Format::of(&args.output).ok_or_else(|| {
        fill(
            &gettext(
                "{file}: cannot tell the format from the name: end it with .pdf, .png or .svg",
            ),
            &[("file", &args.output.display())],
        )
    })?;
    let (paper, paper_name) = match args.paper {
        Some(name) => (name.paper(), name),
        None => {
            let paper = Paper::from_environment();
            let name = if paper == Paper::LETTER {
                PaperName::Letter
            } else {
                PaperName::A4
            };
            (paper, name)
        }
    };

    let (files, pages) = if game_of(args) == SheetGame::ChateauNoir {
        chateau_noir_sheet(args, format, paper)?
    } else {
        let board_path = args
            .board
            .clone()
            .unwrap_or_else(|| Path::new(config::PKGDATADIR).join(config::SHIPPED_BOARD));
        let board = load_board_file(&board_path).map_err(|error| messages::file_error(&error))?;
        let variant = match &args.variant {
            Some(path) => load_variant_file(path).map_err(|error| messages::file_error(&error))?,
            None => Variant::rulebook(),
        };
        let sheet = sheet::lay_out(Arc::new(board), &variant, paper);
        let files =
            sheet::write(&sheet, format, &args.output).map_err(|error| error.to_string())?;
        (files, sheet.pages.len())
    };
    let paper_label = match paper_name {
        PaperName::A4 => gettext("A4"),
        // Translators: the US paper size.
        PaperName::Letter => gettext("Letter"),
    };
    Ok(files
        .iter()
        .enumerate()
        .map(|(index, file)| {
            let template = if files.len() > 1 {
                // Translators: a file written by `castellan sheet`, one per page.
                gettext("{file}: page {page} of {pages}, {paper}")
            } else {
                ngettext(
                    "{file}: {pages} page, {paper}",
                    "{file}: {pages} pages, {paper}",
                    u32::try_from(pages).unwrap_or(u32::MAX),
                )
            };
            fill(
                &template,
                &[
                    ("file", &file.display()),
                    ("page", &(index + 1)),
                    ("pages", &pages),
                    ("paper", &paper_label),
                ],
            )
        })
        .collect())
}

/// The game whose sheet is asked for: `--game`, else the board file's or the variant
/// file's game (a file that cannot be read is left to the loader to report).
fn game_of(args: &SheetArgs) -> SheetGame {
    if let Some(game) = args.game {
        return game;
    }
    let says_chateau_noir = |path: &Option<PathBuf>| {
        path.as_ref()
            .and_then(|path| std::fs::read_to_string(path).ok())
            .is_some_and(|text| {
                board_game(&text) == Some(GameId::ChateauNoir)
                    || text
                        .parse::<toml::Table>()
                        .ok()
                        .and_then(|table| table.get("ruleset").cloned())
                        .and_then(|ruleset| ruleset.as_str().map(str::to_owned))
                        .as_deref()
                        == Some(GameId::ChateauNoir.id())
            })
    };
    if says_chateau_noir(&args.board) || says_chateau_noir(&args.variant) {
        SheetGame::ChateauNoir
    } else {
        SheetGame::CastleRisk
    }
}

/// Loads a Château Noir board (the reconstructed one by default) and variant, and
/// writes their one-page sheet; returns the files written and the page count.
fn chateau_noir_sheet(
    args: &SheetArgs,
    format: Format,
    paper: Paper,
) -> Result<(Vec<PathBuf>, usize), String> {
    let board = match &args.board {
        Some(path) => {
            castellan_chateau::board::load_board_file(path)
                .map_err(|error| messages::chateau::file_error(&error))?
                .0
                .board
        }
        None => castellan_chateau::board::Board::reconstructed(),
    };
    let variant = match &args.variant {
        Some(path) => castellan_chateau::variant::Variant::load_file(path)
            .map_err(|error| messages::chateau::file_error(&error))?,
        None => castellan_chateau::variant::Variant::default(),
    };
    let sheet = chateau_rules::sheet::lay_out(Arc::new(board), &variant, paper);
    let files = chateau_rules::sheet::write(&sheet, format, &args.output)
        .map_err(|error| error.to_string())?;
    Ok((files, 1))
}
