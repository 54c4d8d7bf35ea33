//! Text that came from a file, as messages show it and as names must be: control
//! characters escaped in messages (so that a hostile id can neither forge a line nor
//! clear a terminal), and names and descriptions checked to be plain text of a
//! sensible length.
//!
//! Escapes are written as TOML writes them (`\n`, `\u001B`), so that a designer can
//! find the character in the file, or paste the text back into it.

use std::fmt;

/// Most characters of a name (of a board, variant, territory, empire, region or sea)
/// and of a board's `author` and `licence`.
pub const MAX_NAME_CHARS: usize = 100;

/// Most characters of a board's or variant's `description`.
pub const MAX_DESCRIPTION_CHARS: usize = 2_000;

/// Longest text from a file quoted in a message, in characters; longer ones are cut
/// and end with `…`.
const QUOTED_CHARS: usize = 40;

/// Longest explanation from a parser (TOML's, serde's) kept in a message.
const DETAIL_CHARS: usize = 300;

/// Whether `c` must never be shown as itself: the control characters (C0, DEL, C1:
/// line breaks, escape sequences, NUL…) and the invisible ones that reorder or split
/// what is shown (bidirectional overrides and isolates, line and paragraph separators).
pub fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
}

/// Writes `text` with every [unsafe](is_unsafe_char) character and every backslash
/// escaped, so that what is shown cannot be confused with an escape either.
pub fn write_escaped(f: &mut impl fmt::Write, text: &str) -> fmt::Result {
    for c in text.chars() {
        match c {
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if is_unsafe_char(c) => write!(f, "\\u{:04X}", u32::from(c))?,
            c => f.write_char(c)?,
        }
    }
    Ok(())
}

/// `text` with unsafe characters escaped, for any message that shows it.
///
/// ```
/// use castellan_common::diagnostics::escaped;
/// assert_eq!(escaped("x\nfake.toml:1:1: ok\u{1b}[2J"), "x\\nfake.toml:1:1: ok\\u001B[2J");
/// assert_eq!(escaped("Île-de-France"), "Île-de-France");
/// ```
pub fn escaped(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    // Writing to a String cannot fail.
    let _ = write_escaped(&mut shown, text);
    shown
}

/// A piece of text from a file kept for a message (an id, a key, a colour as written):
/// at most 40 characters of it, since a hostile file may hold megabytes. `Display`
/// shows it escaped, followed by `…` when it was cut.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FileText {
    kept: String,
    cut: bool,
}

impl FileText {
    /// A text quoted in a message: an id, a key, a value.
    pub fn new(text: &str) -> Self {
        Self::cut_at(text, QUOTED_CHARS)
    }

    /// A parser's explanation, which may quote the file: kept longer than a quote.
    pub fn detail(text: &str) -> Self {
        Self::cut_at(text.trim_end(), DETAIL_CHARS)
    }

    fn cut_at(text: &str, chars: usize) -> Self {
        match text.char_indices().nth(chars) {
            Some((end, _)) => Self {
                kept: text[..end].to_owned(),
                cut: true,
            },
            None => Self {
                kept: text.to_owned(),
                cut: false,
            },
        }
    }

    /// The text kept, unescaped: the whole text unless it was cut.
    pub fn as_str(&self) -> &str {
        &self.kept
    }

    /// Whether the text was longer than what is kept.
    pub fn is_cut(&self) -> bool {
        self.cut
    }
}

impl From<&str> for FileText {
    fn from(text: &str) -> Self {
        Self::new(text)
    }
}

impl fmt::Display for FileText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_escaped(f, &self.kept)?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

/// Why a name or description is refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TextProblem {
    /// It holds a character that must never be shown as itself ([`is_unsafe_char`]).
    ControlCharacter(char),
    /// It is longer than `max` characters (`length` counts them).
    TooLong { length: usize, max: usize },
}

impl TextProblem {
    /// The English sentence for this problem with the text under `key`.
    pub fn write_for(self, key: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ControlCharacter(c) => write!(
                f,
                "`{key}` holds the control character {}: write plain text",
                escaped(c.encode_utf8(&mut [0; 4]))
            ),
            Self::TooLong { length, max } => write!(
                f,
                "`{key}` is {length} characters long; it may have at most {max}"
            ),
        }
    }
}

/// The kinds of text a file may hold, each with its rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TextKind {
    /// A name, author or licence: one line of at most [`MAX_NAME_CHARS`] characters.
    Name,
    /// A description: at most [`MAX_DESCRIPTION_CHARS`] characters, which may break
    /// lines (`\n`) but hold no other control character.
    Description,
}

/// Checks that `text` is plain text of its kind: the first problem found, if any.
pub fn check_text(text: &str, kind: TextKind) -> Result<(), TextProblem> {
    let (max, line_breaks) = match kind {
        TextKind::Name => (MAX_NAME_CHARS, false),
        TextKind::Description => (MAX_DESCRIPTION_CHARS, true),
    };
    if let Some(bad) = text
        .chars()
        .find(|&c| is_unsafe_char(c) && !(line_breaks && c == '\n'))
    {
        return Err(TextProblem::ControlCharacter(bad));
    }
    let length = text.chars().count();
    if length > max {
        return Err(TextProblem::TooLong { length, max });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_backslashes_are_escaped_toml_style() {
        assert_eq!(escaped("a\\nb"), "a\\\\nb");
        assert_eq!(escaped("\0\t\r\u{7f}\u{85}"), "\\u0000\\t\\r\\u007F\\u0085");
        assert_eq!(escaped("left\u{202E}right"), "left\\u202Eright");
        assert_eq!(
            escaped("Saint Pétersbourg – 北京"),
            "Saint Pétersbourg – 北京"
        );
    }

    #[test]
    fn file_text_is_cut_then_escaped() {
        let long = FileText::new(&"é".repeat(100));
        assert!(long.is_cut());
        assert_eq!(long.to_string(), format!("{}…", "é".repeat(40)));
        let hostile = FileText::new("x\nfake.toml:1:1: everything is fine\u{1b}[2J");
        assert!(!hostile.to_string().contains(['\n', '\u{1b}']));
        assert_eq!(FileText::new("london").to_string(), "london");
    }

    #[test]
    fn names_are_one_line_of_plain_text() {
        assert_eq!(check_text("Castle Risk", TextKind::Name), Ok(()));
        assert_eq!(
            check_text("Castle\0Risk", TextKind::Name),
            Err(TextProblem::ControlCharacter('\0'))
        );
        assert_eq!(
            check_text("two\nlines", TextKind::Name),
            Err(TextProblem::ControlCharacter('\n'))
        );
        assert_eq!(check_text("two\nlines", TextKind::Description), Ok(()));
        assert_eq!(
            check_text("tab\there", TextKind::Description),
            Err(TextProblem::ControlCharacter('\t'))
        );
        assert_eq!(
            check_text(&"n".repeat(MAX_NAME_CHARS), TextKind::Name),
            Ok(())
        );
        assert_eq!(
            check_text(&"n".repeat(MAX_NAME_CHARS + 1), TextKind::Name),
            Err(TextProblem::TooLong {
                length: MAX_NAME_CHARS + 1,
                max: MAX_NAME_CHARS
            })
        );
    }
}
