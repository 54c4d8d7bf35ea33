//! What the commands that play many games (`tournament`, `balance`) share: the board
//! and rules they play, read the same way, and the Expert's thinking effort.

use std::path::{Path, PathBuf};

use castellan_engine::board::{Board, load_board_file};
use castellan_engine::variant::{Variant, load_variant_file};
use clap::Args;
use gettextrs::gettext;

use crate::text::fill;
use crate::{config, messages};

/// The board and the rules of the games.
#[derive(Debug, Args)]
pub struct BoardAndRules {
    #[arg(
        long,
        value_name = "FILE",
        help = gettext("The board (default: the Castle Risk board)")
    )]
    pub board: Option<PathBuf>,
    #[arg(
        long,
        value_name = "FILE",
        help = gettext("The rules (default: the 1986 rulebook)")
    )]
    pub variant: Option<PathBuf>,
}

impl BoardAndRules {
    /// The board's path: the one given, or the shipped Castle Risk board.
    pub fn board_path(&self) -> PathBuf {
        self.board
            .clone()
            .unwrap_or_else(|| Path::new(config::PKGDATADIR).join(config::SHIPPED_BOARD))
    }

    /// Reads the board and the rules (the rulebook when none is given); a bad file
    /// is told in the reader's language, with its line and column.
    pub fn load(&self) -> Result<(Board, Variant), String> {
        let board =
            load_board_file(&self.board_path()).map_err(|error| messages::file_error(&error))?;
        let variant = match &self.variant {
            Some(path) => load_variant_file(path).map_err(|error| messages::file_error(&error))?,
            None => Variant::rulebook(),
        };
        Ok((board, variant))
    }
}

/// Parses `--effort`: how hard the Expert thinks, 0.1 to 10 times its table budget.
pub fn effort(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .parse()
        .map_err(|_| fill(&gettext("“{value}” is not a number"), &[("value", &text)]))?;
    if (0.1..=10.0).contains(&value) {
        Ok(value)
    } else {
        Err(gettext("the effort must be between 0.1 and 10"))
    }
}
