//! Checking hand-written files (boards, variants) from the terminal, the way compilers
//! report: a one-line summary of each good file on standard output, every problem of
//! each bad one on standard error, and going on after a bad file so that one run
//! shows everything.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use castellan_engine::diagnostics::FileError;

use crate::messages;

/// Loads each file with `load`, writing `summary` of the good ones to `out` and the
/// errors of the bad ones (one `FILE:LINE:COLUMN: message` per line, in the reader's
/// language) to `errors`. Returns whether every file was good.
pub fn check_files<T>(
    files: &[PathBuf],
    load: impl Fn(&Path) -> Result<T, FileError>,
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
                writeln!(errors, "{}", messages::file_error(&error))?;
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
