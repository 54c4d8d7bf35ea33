//! `castellan board …`: working with board files from the terminal. `check` loads each
//! file with the engine's loader and prints a summary of a good board or every
//! problem of a bad one.

use std::io;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use castellan_engine::board::{Board, BorderKind, GroupKind, load_board_file};
use clap::{Args, Subcommand};
use gettextrs::{gettext, ngettext};

use super::check::{check_files, exit_code};
use crate::text::fill;

/// What to do with board files.
#[derive(Debug, Args)]
pub struct BoardArgs {
    #[command(subcommand)]
    command: BoardCommand,
}

#[derive(Debug, Subcommand)]
enum BoardCommand {
    #[command(
        about = gettext("Check board files: a summary of each good one, every problem of each bad one"),
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

/// Runs a `board` subcommand: success only when every file is a good board.
pub fn run(args: BoardArgs) -> ExitCode {
    match args.command {
        BoardCommand::Check { files } => exit_code(check_files(
            &files,
            load_board_file,
            summary,
            &mut io::stdout().lock(),
            &mut io::stderr().lock(),
        )),
    }
}

/// One line describing a good board, e.g. "castle-risk.toml: 44 territories, 85 borders
/// (8 dotted), 9 groups (6 empires, 3 regions), 2 seas".
fn summary(file: &Path, board: &Board) -> String {
    let dotted = board
        .borders
        .iter()
        .filter(|border| border.kind == BorderKind::Dotted)
        .count();
    let empires = board
        .groups
        .iter()
        .filter(|group| group.kind == GroupKind::Empire)
        .count();
    let regions = board.groups.len() - empires;

    let territories = counted(
        board.territories.len(),
        ngettext(
            "{count} territory",
            "{count} territories",
            plural_n(board.territories.len()),
        ),
    );
    let borders = counted(
        board.borders.len(),
        ngettext(
            "{count} border",
            "{count} borders",
            plural_n(board.borders.len()),
        ),
    );
    // Translators: how many of the borders are dotted lines across water.
    let dotted = counted(
        dotted,
        ngettext("{count} dotted", "{count} dotted", plural_n(dotted)),
    );
    // Translators: groups are the empires and independent regions together.
    let groups = counted(
        board.groups.len(),
        ngettext(
            "{count} group",
            "{count} groups",
            plural_n(board.groups.len()),
        ),
    );
    let empires = counted(
        empires,
        ngettext("{count} empire", "{count} empires", plural_n(empires)),
    );
    // Translators: independent regions, the groups of territories without a castle.
    let regions = counted(
        regions,
        ngettext("{count} region", "{count} regions", plural_n(regions)),
    );
    let seas = counted(
        board.seas.len(),
        ngettext("{count} sea", "{count} seas", plural_n(board.seas.len())),
    );
    fill(
        // Translators: the summary of a good board file; keep every {name}.
        &gettext(
            "{file}: {territories}, {borders} ({dotted}), {groups} ({empires}, {regions}), {seas}",
        ),
        &[
            ("file", &file.display()),
            ("territories", &territories),
            ("borders", &borders),
            ("dotted", &dotted),
            ("groups", &groups),
            ("empires", &empires),
            ("regions", &regions),
            ("seas", &seas),
        ],
    )
}

/// Puts `count` into a translated "{count} things".
fn counted(count: usize, template: String) -> String {
    fill(&template, &[("count", &count)])
}

/// The number gettext picks a plural form by. No loaded board comes near `u32::MAX`
/// of anything, so saturating never changes the form in practice.
fn plural_n(count: usize) -> u32 {
    u32::try_from(count).unwrap_or(u32::MAX)
}
