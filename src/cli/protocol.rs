//! `castellan protocol`: the engine's JSON-lines protocol on standard input and output,
//! so that bots, test harnesses and other front ends can drive games. The conversation
//! itself is `castellan_engine::protocol::Session`; this module only moves lines.

use std::io::{self, BufRead, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use castellan_engine::protocol::{MAX_LINE_BYTES, Session};
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

/// Reads requests line by line and writes each reply as one line, flushed at once so
/// that a client waiting for it is never left hanging. A line longer than
/// [`MAX_LINE_BYTES`] is refused and skipped without being held in memory.
pub fn serve(
    session: &mut Session,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut bytes = Vec::new();
    while !session.is_finished() {
        bytes.clear();
        let limit = MAX_LINE_BYTES as u64 + 2;
        if (&mut input).take(limit).read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        let ended = bytes.ends_with(b"\n");
        let line = bytes.strip_suffix(b"\n").unwrap_or(&bytes);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        let replies = if line.len() > MAX_LINE_BYTES {
            if !ended {
                skip_line(&mut input)?;
            }
            vec![session.reject_long_line()]
        } else {
            match std::str::from_utf8(line) {
                Ok(line) => session.handle_line(line),
                Err(_) => vec![session.reject_line("the line is not UTF-8")],
            }
        };
        for reply in replies {
            serde_json::to_writer(&mut output, &reply)?;
            output.write_all(b"\n")?;
        }
        output.flush()?;
    }
    Ok(())
}

/// Reads on to the end of the line, keeping nothing.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buffer = input.fill_buf()?;
        if buffer.is_empty() {
            return Ok(());
        }
        match buffer.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let all = buffer.len();
                input.consume(all);
            }
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
