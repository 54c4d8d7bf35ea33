//! The JSON-lines protocol's framing, the same for every game: one JSON object per
//! line each way, the longest line read, the shape of every reply (`"type"` and the
//! request's `"id"`) and of the error reply (`code`, `message`, `line`), and the loop
//! that serves a session on a reader and a writer (`castellan protocol` uses it on
//! standard input and output). What requests mean is each engine's business.

use std::io::{self, BufRead, Read, Write};

use serde_json::{Map, Value, json};

/// The longest request line read, in bytes (16 MiB): room for a save of hundreds of
/// thousands of actions inline; a longer save is loaded by its `path`.
pub const MAX_LINE_BYTES: usize = 16 * 1024 * 1024;

/// A request that could not be carried out, and why: a stable machine-readable `code`
/// that clients match on, and an English `message` for people reading the
/// conversation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: &'static str,
    pub message: String,
}

impl Refusal {
    pub fn new(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }

    /// Why a line longer than [`MAX_LINE_BYTES`] is not read.
    pub fn line_too_long() -> Self {
        Self::new(
            "line_too_long",
            format!(
                "the line is longer than the {} MiB a request may have: load a large save by its \
                 `path`",
                MAX_LINE_BYTES / (1024 * 1024)
            ),
        )
    }
}

/// A reply of this type, echoing `id`, with `fields` (an object) added.
///
/// ```
/// use castellan_common::protocol::reply;
/// use serde_json::json;
///
/// let answer = reply("bye", &json!(7), json!({}));
/// assert_eq!(answer, json!({"type": "bye", "id": 7}));
/// ```
pub fn reply(kind: &str, id: &Value, fields: Value) -> Value {
    let mut object = Map::new();
    object.insert("type".to_owned(), Value::from(kind));
    object.insert("id".to_owned(), id.clone());
    if let Value::Object(fields) = fields {
        object.extend(fields);
    }
    Value::Object(object)
}

/// The error reply: what went wrong with the request on input line `line`, as a
/// stable code and an English message.
pub fn error_reply(id: &Value, refusal: &Refusal, line: usize) -> Value {
    reply(
        "error",
        id,
        json!({ "code": refusal.code, "message": refusal.message, "line": line }),
    )
}

/// One protocol conversation, as the serving loop drives it.
pub trait LineSession {
    /// Handles one input line (without its line break) and returns the replies to
    /// write, one per output line.
    fn handle_line(&mut self, line: &str) -> Vec<Value>;
    /// Counts a line that could not even be read (not UTF-8) and answers it.
    fn reject_line(&mut self, message: &str) -> Value;
    /// Counts a line longer than [`MAX_LINE_BYTES`], which the reader stopped
    /// reading, and answers it.
    fn reject_long_line(&mut self) -> Value;
    /// Whether the client said `quit`.
    fn is_finished(&self) -> bool;
}

/// Reads requests line by line and writes each reply as one line, flushed at once so
/// that a client waiting for it is never left hanging. A line longer than
/// [`MAX_LINE_BYTES`] is refused and skipped without being held in memory. Returns at
/// the end of input or once the session is finished.
pub fn serve(
    session: &mut impl LineSession,
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

    /// Echoes each line's length; `quit` ends it.
    #[derive(Default)]
    struct Echo {
        lines: usize,
        finished: bool,
    }

    impl LineSession for Echo {
        fn handle_line(&mut self, line: &str) -> Vec<Value> {
            self.lines += 1;
            self.finished = line == "quit";
            vec![json!({ "line": self.lines, "length": line.len() })]
        }
        fn reject_line(&mut self, message: &str) -> Value {
            self.lines += 1;
            error_reply(
                &Value::Null,
                &Refusal::new("unreadable_line", message),
                self.lines,
            )
        }
        fn reject_long_line(&mut self) -> Value {
            self.lines += 1;
            error_reply(&Value::Null, &Refusal::line_too_long(), self.lines)
        }
        fn is_finished(&self) -> bool {
            self.finished
        }
    }

    fn served(input: &[u8]) -> Vec<Value> {
        let mut output = Vec::new();
        serve(&mut Echo::default(), input, &mut output).expect("serving from memory");
        String::from_utf8(output)
            .expect("UTF-8 output")
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
            .collect()
    }

    #[test]
    fn crlf_and_non_utf8_lines_are_counted_and_nothing_after_quit_is_read() {
        let replies = served(b"ab\r\n\xff\nquit\nignored\n");
        assert_eq!(replies.len(), 3, "{replies:?}");
        assert_eq!(replies[0]["length"], 2);
        assert_eq!(replies[1]["message"], "the line is not UTF-8");
        assert_eq!(replies[1]["line"], 2);
        assert_eq!(replies[2]["line"], 3);
    }

    #[test]
    fn a_line_too_long_is_refused_and_skipped() {
        let mut input = vec![b'x'; MAX_LINE_BYTES + 10];
        input.extend_from_slice(b"\nok\n");
        let replies = served(&input);
        assert_eq!(replies.len(), 2);
        assert_eq!(replies[0]["code"], "line_too_long");
        assert_eq!(replies[1]["length"], 2);
    }

    #[test]
    fn error_replies_have_their_shape() {
        let error = error_reply(&json!("a"), &Refusal::new("no_game", "none"), 4);
        assert_eq!(
            error,
            json!({"type": "error", "id": "a", "code": "no_game", "message": "none", "line": 4})
        );
    }
}
