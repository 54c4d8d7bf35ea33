//! Checking hand-written files (boards, variants) from the terminal, the way compilers
//! report: a one-line summary of each good file on standard output, every problem of
//! each bad one on standard error, and going on after a bad file so that one run
//! shows everything.

use std::fmt::Display;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Loads each file with `load`, writing `summary` of the good ones to `out` and the
/// errors of the bad ones (one `FILE:LINE:COLUMN: message` per line) to `errors`.
/// Returns whether every file was good.
pub fn check_files<T, E: Display>(
    files: &[PathBuf],
    load: impl Fn(&Path) -> Result<T, E>,
    summary: impl Fn(&Path, &T) -> String,
    out: &mut impl Write,
    errors: &mut impl Write,
) -> io::Result<bool> {
    let mut all_good = true;
    for file in files {
        match load(file) {
            Ok(loaded) => writeln!(out, "{}", summary(file, &loaded))?,
            Err(error) => {
                all_good = false;
                writeln!(errors, "{error}")?;
            }
        }
    }
    Ok(all_good)
}

/// The exit status of a check: success only when every file was good and every line
/// could be written.
pub fn exit_code(result: io::Result<bool>) -> ExitCode {
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) | Err(_) => ExitCode::FAILURE,
    }
}
