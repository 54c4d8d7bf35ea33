//! Parsing the `path` key of a territory: SVG-like path data restricted to straight lines.
//!
//! Only `M`, `L`, `H`, `V` and `Z` are understood (and their lower-case relative forms),
//! because an outline is a polygon: curves would have to be flattened by every reader.
//! Numbers follow SVG (`10-5` is two numbers, `1.5.5` is `1.5` and `.5`), commas and
//! whitespace separate them, and a command letter may be left out when it repeats
//! (after `M`, further pairs are lines). Each `M` starts a ring; rings are closed
//! whether or not they end with `Z`, since an outline is always a closed shape.

use std::fmt;

use super::model::Point;
use crate::diagnostics::escaped;

/// One closed ring of a path, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct PathRing {
    /// Byte offset of the `M` command that starts the ring.
    pub start: usize,
    /// The ring's corners, without repeating the first one at the end.
    pub points: Vec<Point>,
    /// Byte offset in the path data where each point's coordinates begin.
    pub offsets: Vec<usize>,
}

/// Why path data could not be read, and where (a byte offset into the path data).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{problem}")]
pub struct PathDataError {
    pub offset: usize,
    pub problem: PathProblem,
}

/// What is wrong with path data.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PathProblem {
    Empty,
    /// A number where a command letter must come first.
    NumberBeforeCommand,
    /// A character that is neither a command, a number nor a separator.
    Unexpected(char),
    MustStartWithMove,
    /// A command letter other than M, L, H, V, Z (a curve, say).
    UnsupportedCommand(char),
    /// A command other than `M` right after `Z`.
    RingAfterClose,
    /// The command letter written is not followed by a number.
    NumberExpectedAfter(char),
    /// A point that adds up to infinity.
    CoordinateOutOfRange,
    NumberExpected,
    /// An exponent `e` without digits.
    ExponentDigits,
    /// A number too large to be finite.
    NumberOutOfRange,
}

impl fmt::Display for PathProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |c: &char| escaped(c.encode_utf8(&mut [0; 4]));
        match self {
            Self::Empty => f.write_str("path data is empty"),
            Self::NumberBeforeCommand => {
                f.write_str("expected a command letter before this number")
            }
            Self::Unexpected(c) => write!(f, "unexpected `{}` in path data", shown(c)),
            Self::MustStartWithMove => f.write_str("path data must start with `M`"),
            Self::UnsupportedCommand(c) => write!(
                f,
                "unsupported path command `{c}`: outlines use only straight lines (M, L, H, \
                 V, Z and their lower-case forms)"
            ),
            Self::RingAfterClose => f.write_str("a new ring must start with `M` after `Z`"),
            Self::NumberExpectedAfter(c) => write!(f, "expected a number after `{c}`"),
            Self::CoordinateOutOfRange => f.write_str("coordinate out of range"),
            Self::NumberExpected => f.write_str("expected a number"),
            Self::ExponentDigits => f.write_str("expected digits after the exponent `e`"),
            Self::NumberOutOfRange => f.write_str("number out of range"),
        }
    }
}

/// Parses path data into rings.
///
/// ```
/// use castellan_engine::board::parse_path_data;
/// let rings = parse_path_data("M 0 0 H 10 V 10 Z m 20 0 l 5 0 l 0 5 z").unwrap();
/// assert_eq!(rings.len(), 2);
/// assert_eq!(rings[1].points[2].y, 5.0);
/// ```
pub fn parse_path_data(data: &str) -> Result<Vec<PathRing>, PathDataError> {
    let mut parser = Parser {
        data,
        pos: 0,
        rings: Vec::new(),
        open: None,
        current: Point::default(),
        ring_start: Point::default(),
    };
    parser.parse()?;
    Ok(parser.rings)
}

/// What a command letter asks for.
#[derive(Copy, Clone, Debug, PartialEq)]
enum Command {
    MoveTo,
    LineTo,
    Horizontal,
    Vertical,
    Close,
}

struct Parser<'d> {
    data: &'d str,
    pos: usize,
    rings: Vec<PathRing>,
    /// The ring being drawn; `None` before the first `M` and after a `Z`.
    open: Option<PathRing>,
    current: Point,
    /// Where the last ring started: after `Z` the pen returns here, so a relative `m`
    /// that follows is measured from it, as in SVG.
    ring_start: Point,
}

impl Parser<'_> {
    fn parse(&mut self) -> Result<(), PathDataError> {
        self.skip_separators();
        if self.at_end() {
            return Err(self.error_here(PathProblem::Empty));
        }
        // The command in force and whether it is relative, for implicit repetition.
        let mut in_force: Option<(Command, bool)> = None;
        while !self.at_end() {
            let here = self.pos;
            let byte = self.data.as_bytes()[here];
            let (command, relative) = if byte.is_ascii_alphabetic() {
                self.pos += 1;
                self.command(byte as char, here)?
            } else if starts_number(byte) {
                match in_force {
                    Some((Command::Close, _)) | None => {
                        return Err(self.error_at(here, PathProblem::NumberBeforeCommand));
                    }
                    Some(repeated) => repeated,
                }
            } else {
                let found = self.data[here..].chars().next().unwrap_or(' ');
                return Err(self.error_at(here, PathProblem::Unexpected(found)));
            };
            if in_force.is_none() && command != Command::MoveTo {
                return Err(self.error_at(here, PathProblem::MustStartWithMove));
            }
            self.apply(command, relative, here, byte.is_ascii_alphabetic())?;
            // After a move, further coordinate pairs are lines (SVG's rule).
            in_force = Some(match command {
                Command::MoveTo => (Command::LineTo, relative),
                other => (other, relative),
            });
            self.skip_separators();
        }
        self.finish_ring();
        Ok(())
    }

    fn command(&self, letter: char, at: usize) -> Result<(Command, bool), PathDataError> {
        let command = match letter.to_ascii_uppercase() {
            'M' => Command::MoveTo,
            'L' => Command::LineTo,
            'H' => Command::Horizontal,
            'V' => Command::Vertical,
            'Z' => Command::Close,
            _ => {
                return Err(self.error_at(at, PathProblem::UnsupportedCommand(letter)));
            }
        };
        Ok((command, letter.is_ascii_lowercase()))
    }

    /// Carries out one command; `explicit` tells whether its letter was written, since
    /// a written letter must be followed by its numbers.
    fn apply(
        &mut self,
        command: Command,
        relative: bool,
        at: usize,
        explicit: bool,
    ) -> Result<(), PathDataError> {
        if command == Command::Close {
            if self.open.is_some() {
                self.current = self.ring_start;
            }
            self.finish_ring();
            return Ok(());
        }
        if command != Command::MoveTo && self.open.is_none() {
            return Err(self.error_at(at, PathProblem::RingAfterClose));
        }
        let coordinates_at = self.next_token_start();
        if explicit && !self.number_follows() {
            let letter = self.data[at..].chars().next().unwrap_or('M');
            return Err(self.error_at(coordinates_at, PathProblem::NumberExpectedAfter(letter)));
        }
        let origin = if relative {
            self.current
        } else {
            Point::default()
        };
        let point = match command {
            Command::MoveTo | Command::LineTo => {
                let x = self.number()?;
                let y = self.number()?;
                Point::new(origin.x + x, origin.y + y)
            }
            Command::Horizontal => {
                let x = self.number()?;
                Point::new(origin.x + x, self.current.y)
            }
            Command::Vertical => {
                let y = self.number()?;
                Point::new(self.current.x, origin.y + y)
            }
            Command::Close => unreachable!("handled above"),
        };
        if !(point.x.is_finite() && point.y.is_finite()) {
            return Err(self.error_at(coordinates_at, PathProblem::CoordinateOutOfRange));
        }
        if command == Command::MoveTo {
            self.finish_ring();
            self.ring_start = point;
            self.open = Some(PathRing {
                start: at,
                points: Vec::new(),
                offsets: Vec::new(),
            });
        }
        if let Some(ring) = &mut self.open {
            ring.points.push(point);
            ring.offsets.push(coordinates_at);
        }
        self.current = point;
        Ok(())
    }

    /// Closes the open ring, if any, dropping a last point that repeats the first
    /// (`M 0 0 … L 0 0 Z` draws the same shape as `M 0 0 … Z`).
    fn finish_ring(&mut self) {
        if let Some(mut ring) = self.open.take() {
            if ring.points.len() > 1 && ring.points.first() == ring.points.last() {
                ring.points.pop();
                ring.offsets.pop();
            }
            self.rings.push(ring);
        }
    }

    fn number(&mut self) -> Result<f64, PathDataError> {
        self.skip_separators();
        let start = self.pos;
        let bytes = self.data.as_bytes();
        let mut end = start;
        if end < bytes.len() && matches!(bytes[end], b'+' | b'-') {
            end += 1;
        }
        let integer_digits = count_digits(&bytes[end..]);
        end += integer_digits;
        let mut fraction_digits = 0;
        if end < bytes.len() && bytes[end] == b'.' {
            fraction_digits = count_digits(&bytes[end + 1..]);
            end += 1 + fraction_digits;
        }
        if integer_digits + fraction_digits == 0 {
            return Err(self.error_at(start, PathProblem::NumberExpected));
        }
        if end < bytes.len() && matches!(bytes[end], b'e' | b'E') {
            let mut exponent_end = end + 1;
            if exponent_end < bytes.len() && matches!(bytes[exponent_end], b'+' | b'-') {
                exponent_end += 1;
            }
            let exponent_digits = count_digits(&bytes[exponent_end..]);
            if exponent_digits == 0 {
                return Err(self.error_at(end, PathProblem::ExponentDigits));
            }
            end = exponent_end + exponent_digits;
        }
        self.pos = end;
        let value: f64 = self.data[start..end]
            .parse()
            .map_err(|_| self.error_at(start, PathProblem::NumberExpected))?;
        if value.is_finite() {
            Ok(value)
        } else {
            Err(self.error_at(start, PathProblem::NumberOutOfRange))
        }
    }

    fn number_follows(&self) -> bool {
        let at = self.next_token_start();
        at < self.data.len() && starts_number(self.data.as_bytes()[at])
    }

    fn next_token_start(&self) -> usize {
        let bytes = self.data.as_bytes();
        let mut at = self.pos;
        while at < bytes.len() && is_separator(bytes[at]) {
            at += 1;
        }
        at
    }

    fn skip_separators(&mut self) {
        self.pos = self.next_token_start();
    }

    fn at_end(&self) -> bool {
        self.pos >= self.data.len()
    }

    fn error_here(&self, problem: PathProblem) -> PathDataError {
        self.error_at(self.pos, problem)
    }

    fn error_at(&self, offset: usize, problem: PathProblem) -> PathDataError {
        PathDataError { offset, problem }
    }
}

fn is_separator(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | b',')
}

fn starts_number(byte: u8) -> bool {
    byte.is_ascii_digit() || matches!(byte, b'+' | b'-' | b'.')
}

fn count_digits(bytes: &[u8]) -> usize {
    bytes.iter().take_while(|b| b.is_ascii_digit()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn points(data: &str) -> Vec<Vec<(f64, f64)>> {
        parse_path_data(data)
            .unwrap()
            .into_iter()
            .map(|ring| ring.points.iter().map(|p| (p.x, p.y)).collect())
            .collect()
    }

    fn error(data: &str) -> (usize, PathProblem) {
        let error = parse_path_data(data).unwrap_err();
        (error.offset, error.problem)
    }

    #[test]
    fn absolute_commands() {
        assert_eq!(
            points("M 10 20 L 30 40 H 50 V 60 Z"),
            vec![vec![(10.0, 20.0), (30.0, 40.0), (50.0, 40.0), (50.0, 60.0)]]
        );
    }

    #[test]
    fn relative_commands_are_measured_from_the_current_point() {
        assert_eq!(
            points("m 10 20 l 5 0 h 5 v 5 z"),
            vec![vec![(10.0, 20.0), (15.0, 20.0), (20.0, 20.0), (20.0, 25.0)]]
        );
    }

    #[test]
    fn a_relative_move_after_close_starts_from_the_last_ring_start() {
        assert_eq!(
            points("M 100 100 l 10 0 l 0 10 z m 50 0 l 10 0 l 0 10 z"),
            vec![
                vec![(100.0, 100.0), (110.0, 100.0), (110.0, 110.0)],
                vec![(150.0, 100.0), (160.0, 100.0), (160.0, 110.0)],
            ]
        );
    }

    #[test]
    fn implicit_repetition_and_compact_numbers() {
        // After M, extra pairs are lines; `10-5` is two numbers; `.5.5` is two numbers.
        assert_eq!(
            points("M0,0 10-5 .5.5 1e1,2E0"),
            vec![vec![(0.0, 0.0), (10.0, -5.0), (0.5, 0.5), (10.0, 2.0)]]
        );
    }

    #[test]
    fn several_rings_are_islands_and_z_is_optional() {
        let rings = parse_path_data("M 0 0 L 1 0 L 1 1 M 5 5 L 6 5 L 6 6 Z").unwrap();
        assert_eq!(rings.len(), 2);
        assert_eq!(rings[0].start, 0);
        assert_eq!(rings[1].start, 18);
        assert_eq!(rings[1].offsets, vec![20, 26, 32]);
    }

    #[test]
    fn a_written_closing_point_is_dropped() {
        assert_eq!(
            points("M 0 0 L 4 0 L 4 4 L 0 0 Z"),
            vec![vec![(0.0, 0.0), (4.0, 0.0), (4.0, 4.0)]]
        );
    }

    #[test]
    fn errors_say_where() {
        use PathProblem::*;
        assert_eq!(error("   ").1, Empty);
        assert_eq!(error("L 1 2"), (0, MustStartWithMove));
        assert_eq!(error("M 1 2 C 1 2 3 4 5 6"), (6, UnsupportedCommand('C')));
        assert_eq!(error("M 1 2 L"), (7, NumberExpectedAfter('L')));
        assert_eq!(error("M 1 2 L 3"), (9, NumberExpected));
        assert_eq!(error("M 1 2 L 3 x"), (10, NumberExpected));
        assert_eq!(error("M 1 2 # 3"), (6, Unexpected('#')));
        assert_eq!(error("M 1 2 é"), (6, Unexpected('é')));
        assert_eq!(error("M 0 0 L 1 1 Z L 2 2"), (14, RingAfterClose));
        assert_eq!(error("M 0 0 Z 5 5"), (8, NumberBeforeCommand));
        assert_eq!(error("M 1e 2"), (3, ExponentDigits));
        assert_eq!(error("M 1e999 2"), (2, NumberOutOfRange));
        assert_eq!(error("M - 2"), (2, NumberExpected));
    }

    #[test]
    fn problems_read_in_english_with_characters_escaped() {
        assert_eq!(
            error("M 1 2 C 1 2").1.to_string(),
            "unsupported path command `C`: outlines use only straight lines (M, L, H, V, Z \
             and their lower-case forms)"
        );
        assert_eq!(
            error("M 1 2 \u{1b}[2J").1.to_string(),
            "unexpected `\\u001B` in path data"
        );
    }
}
