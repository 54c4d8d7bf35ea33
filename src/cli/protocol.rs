//! `castellan protocol`: the engines' JSON-lines protocol on standard input and output,
//! so that bots, test harnesses and other front ends can drive games of every kind.
//! The conversation itself is `castellan_protocol::Session` (which hands each request
//! to its game's engine) and the reading of lines `castellan_protocol::serve`; this
//! module only connects them to the process.

use std::io;
use std::path::Path;
use std::process::ExitCode;

use castellan_protocol::{Session, serve};
use clap::Args;
use gettextrs::gettext;

use crate::config::PKGDATADIR;

/// `castellan protocol` takes no arguments: everything comes in on standard input.
#[derive(Debug, Args)]
pub struct ProtocolArgs {}

/// Serves one session until `quit` or the end of input (both a success).
pub fn run(_args: ProtocolArgs) -> ExitCode {
    let mut session = Session::new().with_boards_dir(Path::new(PKGDATADIR).join("boards"));
    match serve(&mut session, io::stdin().lock(), io::stdout().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!(
                "castellan protocol: {}: {error}",
                gettext("input or output failed")
            );
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn served(input: &[u8]) -> Vec<serde_json::Value> {
        let mut output = Vec::new();
        serve(&mut Session::new(), input, &mut output).expect("serving from memory");
        String::from_utf8(output)
            .expect("UTF-8 output")
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
            .collect()
    }

    #[test]
    fn crlf_blank_and_non_utf8_lines_are_handled_and_counted() {
        let replies = served(b"\r\n{\"type\":\"pending\",\"id\":\"a\"}\r\n\xff\xfe\n{\"type\":\"quit\"}\n{\"type\":\"quit\"}\n");
        assert_eq!(replies.len(), 3, "{replies:?}");
        assert_eq!(replies[0]["type"], "error");
        assert_eq!(replies[0]["id"], "a");
        assert_eq!(replies[0]["line"], 2);
        assert_eq!(replies[1]["message"], "the line is not UTF-8");
        assert_eq!(replies[1]["line"], 3);
        // Nothing after quit is read.
        assert_eq!(replies[2]["type"], "bye");
    }

    #[test]
    fn a_last_line_without_a_line_break_is_still_answered() {
        let replies = served(br#"{"type":"odds","attackers":1,"defenders":1}"#);
        assert_eq!(replies.len(), 1);
        assert_eq!(replies[0]["type"], "odds");
    }
}
