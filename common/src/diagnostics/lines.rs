//! Turning byte offsets in a source file (a board, a variant) into the 1-based line and column people read.
//!
//! The TOML parser speaks in byte offsets; messages speak in lines and columns. Columns
//! count characters, not bytes, so a name with an accent does not shift the caret.

/// Line starts of one source text, for converting byte offsets into positions.
#[derive(Debug)]
pub struct LineIndex<'s> {
    text: &'s str,
    /// Byte offset where each line begins; the first is always 0.
    line_starts: Vec<usize>,
}

/// A 1-based line and column (counted in characters).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl<'s> LineIndex<'s> {
    pub fn new(text: &'s str) -> Self {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        Self { text, line_starts }
    }

    /// The position of the byte `offset`; offsets past the end (or inside a character)
    /// are clamped so that a slightly wrong span never panics.
    pub fn position(&self, offset: usize) -> Position {
        self.positions_in_order([offset])[0]
    }

    /// The positions of byte offsets given in increasing order. Columns are counted
    /// on from the previous offset when it is on the same line, so that many problems
    /// on one enormous line (a hostile file may be a single 4 MiB line) cost one pass
    /// over it, not one per problem.
    pub fn positions_in_order(&self, offsets: impl IntoIterator<Item = usize>) -> Vec<Position> {
        let mut positions = Vec::new();
        // The last offset converted, and its position.
        let mut previous: Option<(usize, Position)> = None;
        for offset in offsets {
            let offset = self.clamp_to_char_boundary(offset);
            let line = self.line(offset);
            let line_start = self.line_starts[line - 1];
            let (counted_from, column_there) = match previous {
                Some((at, position)) if position.line == line && at <= offset => {
                    (at, position.column)
                }
                _ => (line_start, 1),
            };
            let position = Position {
                line,
                column: column_there + self.text[counted_from..offset].chars().count(),
            };
            positions.push(position);
            previous = Some((offset, position));
        }
        positions
    }

    /// The 1-based line of the byte `offset` (a binary search: cheap on any file).
    pub fn line(&self, offset: usize) -> usize {
        let offset = offset.min(self.text.len());
        self.line_starts.partition_point(|&start| start <= offset)
    }

    fn clamp_to_char_boundary(&self, offset: usize) -> usize {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        offset
    }
}

/// The position of the first byte that is not UTF-8, for files that are not text.
pub fn position_of_invalid_utf8(bytes: &[u8], error: &std::str::Utf8Error) -> Position {
    let valid = &bytes[..error.valid_up_to()];
    // The prefix is valid UTF-8 by definition of `valid_up_to`.
    let text = std::str::from_utf8(valid).unwrap_or_default();
    LineIndex::new(text).position(text.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_one_based_and_count_characters() {
        let index = LineIndex::new("ab\nçé = 1\n\nx");
        assert_eq!(index.position(0), Position { line: 1, column: 1 });
        assert_eq!(index.position(2), Position { line: 1, column: 3 });
        assert_eq!(index.position(3), Position { line: 2, column: 1 });
        // "çé" is four bytes but two characters.
        assert_eq!(index.position(8), Position { line: 2, column: 4 });
        assert_eq!(index.position(12), Position { line: 3, column: 1 });
        assert_eq!(index.position(13), Position { line: 4, column: 1 });
    }

    #[test]
    fn positions_in_order_count_on_along_a_line() {
        let index = LineIndex::new("aé b é c\nxy");
        assert_eq!(
            index.positions_in_order([0, 4, 8, 10, 11, 12]),
            [(1, 1), (1, 4), (1, 7), (1, 9), (2, 1), (2, 2)]
                .map(|(line, column)| Position { line, column })
        );
    }

    #[test]
    fn many_positions_on_one_huge_line_are_fast() {
        let text = "x".repeat(4 << 20);
        let index = LineIndex::new(&text);
        // Quadratic counting would take minutes here.
        let positions = index.positions_in_order((0..text.len()).step_by(1000));
        assert_eq!(positions.last().unwrap().column, 4_194_001);
    }

    #[test]
    fn offsets_out_of_range_or_inside_a_character_are_clamped() {
        let index = LineIndex::new("é\nx");
        assert_eq!(index.position(1), Position { line: 1, column: 1 });
        assert_eq!(index.position(99), Position { line: 2, column: 2 });
    }

    #[test]
    fn invalid_utf8_is_located() {
        let mut bytes = b"a = 1\nb = \"x\"".to_vec();
        bytes[11] = 0xff;
        let error = std::str::from_utf8(&bytes).unwrap_err();
        assert_eq!(
            position_of_invalid_utf8(&bytes, &error),
            Position { line: 2, column: 6 }
        );
    }
}
