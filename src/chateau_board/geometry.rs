//! Where everything of a Château Noir board lies, in board units (one square is one
//! unit, x rightwards, y downwards, row 10 at the top): the squares, and around them
//! the frame of the real board — on each side a strip of ten cells that is both the
//! coordinates (A–J or 1–10) and an army's score scale, and beyond it a band holding
//! that army's colour table; a cell at each corner for the score. An excerpt of the
//! board (the rules' diagrams) has no frame, only a narrow margin for coordinates.
//! Converting to pixels is the camera's job (`camera.rs`).

use castellan_chateau::Square;
use castellan_chateau::board::{ArmyId, Board};
use castellan_chateau::square::SIDE;

/// The depth of the strip of coordinate and score cells along each side.
pub const STRIP: f64 = 0.62;
/// The depth of the band holding the colour tables, beyond the strips.
pub const BAND: f64 = 0.66;
/// The margin of an excerpt that carries coordinates, on its left and bottom.
pub const EXCERPT_LABELS: f64 = 0.42;
/// A colour table's four bars: each one's length, and the gap between two.
pub const BAR_LENGTH: f64 = 1.9;
pub const BAR_GAP: f64 = 0.3;

/// A rectangle in board units.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    pub const fn new(x: f64, y: f64, width: f64, height: f64) -> Self {
        Self {
            x,
            y,
            width,
            height,
        }
    }

    pub fn centre(&self) -> (f64, f64) {
        (self.x + self.width / 2.0, self.y + self.height / 2.0)
    }

    pub fn contains(&self, x: f64, y: f64) -> bool {
        x >= self.x && x < self.x + self.width && y >= self.y && y < self.y + self.height
    }

    /// The rectangle shrunk by `by` on every side.
    pub fn inset(&self, by: f64) -> Rect {
        Rect::new(
            self.x + by,
            self.y + by,
            (self.width - 2.0 * by).max(0.0),
            (self.height - 2.0 * by).max(0.0),
        )
    }
}

/// A side of the board, as seen on the screen (row 10 at the top).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    West,
    North,
    East,
    South,
}

impl Side {
    pub const ALL: [Side; 4] = [Side::West, Side::North, Side::East, Side::South];

    /// Whether the side runs along the rows (its cells are labelled 1–10).
    pub fn is_vertical(self) -> bool {
        matches!(self, Side::West | Side::East)
    }

    /// The side an army sits at: the one that leaves its corner clockwise (Red, in
    /// the south-west, sits west and has Blue's corner on its left, as the booklet's
    /// colour table begins "with the territory to its left").
    fn of_corner(east: bool, north: bool) -> Side {
        match (east, north) {
            (false, false) => Side::West,
            (false, true) => Side::North,
            (true, true) => Side::East,
            (true, false) => Side::South,
        }
    }
}

/// Which part of the board is shown.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Window {
    /// The whole board in its frame of scales and colour tables.
    Framed,
    /// Columns `columns.0..=columns.1` and rows `rows.0..=rows.1` (0-based), with
    /// their coordinates on the left and below.
    Excerpt { columns: (u8, u8), rows: (u8, u8) },
}

/// Where everything goes, for one board and window.
#[derive(Clone, Debug, PartialEq)]
pub struct Geometry {
    window: Window,
    /// The top-left corner of the window's top-left square.
    origin: (f64, f64),
    columns: (u8, u8),
    rows: (u8, u8),
    width: f64,
    height: f64,
    /// The side each army sits at, by army.
    sides: Vec<Side>,
}

impl Geometry {
    pub fn new(board: &Board, window: Window) -> Self {
        let sides = army_sides(board);
        match window {
            Window::Framed => {
                let frame = STRIP + BAND;
                let size = f64::from(SIDE) + 2.0 * frame;
                Self {
                    window,
                    origin: (frame, frame),
                    columns: (0, SIDE - 1),
                    rows: (0, SIDE - 1),
                    width: size,
                    height: size,
                    sides,
                }
            }
            Window::Excerpt { columns, rows } => {
                let columns = (columns.0.min(SIDE - 1), columns.1.min(SIDE - 1));
                let rows = (rows.0.min(SIDE - 1), rows.1.min(SIDE - 1));
                let columns = (columns.0.min(columns.1), columns.0.max(columns.1));
                let rows = (rows.0.min(rows.1), rows.0.max(rows.1));
                Self {
                    window: Window::Excerpt { columns, rows },
                    origin: (EXCERPT_LABELS, 0.0),
                    columns,
                    rows,
                    width: EXCERPT_LABELS + f64::from(columns.1 - columns.0 + 1),
                    height: EXCERPT_LABELS + f64::from(rows.1 - rows.0 + 1),
                    sides,
                }
            }
        }
    }

    pub fn window(&self) -> Window {
        self.window
    }

    pub fn is_framed(&self) -> bool {
        self.window == Window::Framed
    }

    /// The size of everything drawn, in units.
    pub fn size(&self) -> (f64, f64) {
        (self.width, self.height)
    }

    /// Whether `square` is in the window.
    pub fn shows(&self, square: Square) -> bool {
        (self.columns.0..=self.columns.1).contains(&square.column())
            && (self.rows.0..=self.rows.1).contains(&square.row())
    }

    /// The squares in the window, A1 first.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        Square::all().filter(|&s| self.shows(s))
    }

    /// The columns and rows shown (0-based, inclusive).
    pub fn span(&self) -> ((u8, u8), (u8, u8)) {
        (self.columns, self.rows)
    }

    /// The square's cell, or `None` outside the window.
    pub fn square(&self, square: Square) -> Option<Rect> {
        self.shows(square).then(|| self.square_rect(square))
    }

    /// The square's cell even outside the window (for a path leaving it).
    pub fn square_rect(&self, square: Square) -> Rect {
        let x = self.origin.0 + f64::from(square.column()) - f64::from(self.columns.0);
        let y = self.origin.1 + f64::from(self.rows.1) - f64::from(square.row());
        Rect::new(x, y, 1.0, 1.0)
    }

    /// The centre of a square's cell.
    pub fn centre(&self, square: Square) -> (f64, f64) {
        self.square_rect(square).centre()
    }

    /// The square under a point, if the point is on a square of the window.
    pub fn square_at(&self, x: f64, y: f64) -> Option<Square> {
        let column = (x - self.origin.0).floor() + f64::from(self.columns.0);
        let row = f64::from(self.rows.1) - (y - self.origin.1).floor();
        if !(0.0..f64::from(SIDE)).contains(&column) || !(0.0..f64::from(SIDE)).contains(&row) {
            return None;
        }
        Square::at(column as u8, row as u8).filter(|&s| self.shows(s))
    }

    /// The squares' area.
    pub fn board_rect(&self) -> Rect {
        Rect::new(
            self.origin.0,
            self.origin.1,
            f64::from(self.columns.1 - self.columns.0 + 1),
            f64::from(self.rows.1 - self.rows.0 + 1),
        )
    }

    /// The side `army` sits at.
    pub fn side_of(&self, army: ArmyId) -> Side {
        self.sides.get(army.index()).copied().unwrap_or(Side::South)
    }

    /// The army sitting at `side`, if one does.
    pub fn army_at(&self, side: Side) -> Option<ArmyId> {
        self.sides
            .iter()
            .position(|&s| s == side)
            .map(|i| ArmyId(i as u8))
    }

    /// Cell `index` (0–9) of the strip along `side`: the coordinate `index + 1` (A–J
    /// or 1–10), and the score `index + 1` on the scale of the army at that side.
    /// Framed boards only.
    pub fn strip_cell(&self, side: Side, index: u8) -> Rect {
        let board = self.board_rect();
        let i = f64::from(index);
        match side {
            Side::West => Rect::new(board.x - STRIP, board.y + 9.0 - i, STRIP, 1.0),
            Side::East => Rect::new(board.x + 10.0, board.y + 9.0 - i, STRIP, 1.0),
            Side::North => Rect::new(board.x + i, board.y - STRIP, 1.0, STRIP),
            Side::South => Rect::new(board.x + i, board.y + 10.0, 1.0, STRIP),
        }
    }

    /// The band beyond the strip of `side`, where its army's colour table lies.
    pub fn band(&self, side: Side) -> Rect {
        let board = self.board_rect();
        let frame = STRIP + BAND;
        match side {
            Side::West => Rect::new(board.x - frame, board.y, BAND, 10.0),
            Side::East => Rect::new(board.x + 10.0 + STRIP, board.y, BAND, 10.0),
            Side::North => Rect::new(board.x, board.y - frame, 10.0, BAND),
            Side::South => Rect::new(board.x, board.y + 10.0 + STRIP, 10.0, BAND),
        }
    }

    /// Bar `index` (0 first, in the table's order) of the colour table along `side`:
    /// the table reads clockwise round the board, from the right hand of the army
    /// sitting there to its left, as the booklet's tables read right to left.
    pub fn table_bar(&self, side: Side, index: usize) -> Rect {
        let band = self.band(side).inset(0.12);
        let total = 4.0 * BAR_LENGTH + 3.0 * BAR_GAP;
        let step = BAR_LENGTH + BAR_GAP;
        let i = index.min(3) as f64;
        match side {
            // Upwards along the west side.
            Side::West => {
                let start = band.y + (band.height + total) / 2.0;
                Rect::new(
                    band.x,
                    start - i * step - BAR_LENGTH,
                    band.width,
                    BAR_LENGTH,
                )
            }
            // Rightwards along the north side.
            Side::North => {
                let start = band.x + (band.width - total) / 2.0;
                Rect::new(start + i * step, band.y, BAR_LENGTH, band.height)
            }
            // Downwards along the east side.
            Side::East => {
                let start = band.y + (band.height - total) / 2.0;
                Rect::new(band.x, start + i * step, band.width, BAR_LENGTH)
            }
            // Leftwards along the south side.
            Side::South => {
                let start = band.x + (band.width + total) / 2.0;
                Rect::new(
                    start - i * step - BAR_LENGTH,
                    band.y,
                    BAR_LENGTH,
                    band.height,
                )
            }
        }
    }

    /// The corner of the frame that belongs to the army at `side` (the corner of its
    /// territory), where its score is written.
    pub fn corner(&self, side: Side) -> Rect {
        let board = self.board_rect();
        let frame = STRIP + BAND;
        let (x, y) = match side {
            Side::West => (board.x - frame, board.y + 10.0),
            Side::North => (board.x - frame, board.y - frame),
            Side::East => (board.x + 10.0, board.y - frame),
            Side::South => (board.x + 10.0, board.y + 10.0),
        };
        Rect::new(x, y, frame, frame)
    }

    /// The cells holding the coordinates of an excerpt: `(text, cell)`, the columns
    /// below and the rows on the left.
    pub fn excerpt_labels(&self) -> Vec<(String, Rect)> {
        if self.is_framed() {
            return Vec::new();
        }
        let board = self.board_rect();
        let mut labels = Vec::new();
        for column in self.columns.0..=self.columns.1 {
            let x = board.x + f64::from(column - self.columns.0);
            let letter = char::from(b'A' + column);
            labels.push((
                letter.to_string(),
                Rect::new(x, board.y + board.height, 1.0, EXCERPT_LABELS),
            ));
        }
        for row in self.rows.0..=self.rows.1 {
            let y = board.y + f64::from(self.rows.1 - row);
            labels.push((
                (row + 1).to_string(),
                Rect::new(0.0, y, EXCERPT_LABELS, 1.0),
            ));
        }
        labels
    }
}

/// The side each army sits at: the one leaving its territory's corner clockwise. An
/// army whose territory is no corner's, or whose side another army already has, takes
/// the first side left.
fn army_sides(board: &Board) -> Vec<Side> {
    let mut sides: Vec<Option<Side>> = board
        .army_ids()
        .map(|army| {
            let squares: Vec<Square> = board.territory(army).collect();
            if squares.is_empty() {
                return None;
            }
            let count = squares.len() as f64;
            let column = squares.iter().map(|s| f64::from(s.column())).sum::<f64>() / count;
            let row = squares.iter().map(|s| f64::from(s.row())).sum::<f64>() / count;
            let middle = f64::from(SIDE - 1) / 2.0;
            Some(Side::of_corner(column > middle, row > middle))
        })
        .collect();
    let mut taken: Vec<Side> = Vec::new();
    for side in &mut sides {
        if side.is_some_and(|s| taken.contains(&s)) {
            *side = None;
        }
        if let Some(s) = side {
            taken.push(*s);
        }
    }
    sides
        .into_iter()
        .map(|side| {
            side.unwrap_or_else(|| {
                let free = Side::ALL
                    .into_iter()
                    .find(|s| !taken.contains(s))
                    .unwrap_or(Side::South);
                taken.push(free);
                free
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn each_army_sits_at_the_side_leaving_its_corner_clockwise() {
        let board = Board::reconstructed();
        let geometry = Geometry::new(&board, Window::Framed);
        let side = |id: &str| geometry.side_of(board.army_by_id(id).unwrap());
        assert_eq!(side("red"), Side::West);
        assert_eq!(side("blue"), Side::North);
        assert_eq!(side("yellow"), Side::East);
        assert_eq!(side("green"), Side::South);
        assert_eq!(geometry.army_at(Side::North), board.army_by_id("blue"));
    }

    #[test]
    fn squares_are_found_where_they_are_drawn() {
        let board = Board::reconstructed();
        let geometry = Geometry::new(&board, Window::Framed);
        for s in Square::all() {
            let (x, y) = geometry.centre(s);
            assert_eq!(geometry.square_at(x, y), Some(s));
        }
        // A10 at the top left, J1 at the bottom right.
        let a10 = geometry.square(square("A10")).unwrap();
        let j1 = geometry.square(square("J1")).unwrap();
        assert!(a10.x < j1.x && a10.y < j1.y);
        // The frame is no square.
        assert_eq!(geometry.square_at(0.1, 0.1), None);
        let (width, height) = geometry.size();
        assert_eq!(geometry.square_at(width - 0.1, height / 2.0), None);
    }

    #[test]
    fn the_strips_line_up_with_the_rows_and_columns_they_name() {
        let board = Board::reconstructed();
        let geometry = Geometry::new(&board, Window::Framed);
        // Cell 3 of the west strip is row 4; cell 3 of the south strip is column D.
        let d4 = geometry.square(square("D4")).unwrap();
        let west = geometry.strip_cell(Side::West, 3);
        assert_eq!(west.y, d4.y);
        assert!(west.x + west.width <= geometry.board_rect().x + 1e-9);
        let south = geometry.strip_cell(Side::South, 3);
        assert_eq!(south.x, d4.x);
        assert!(south.y >= geometry.board_rect().y + 10.0 - 1e-9);
    }

    #[test]
    fn colour_tables_read_clockwise_and_stay_in_their_band() {
        let board = Board::reconstructed();
        let geometry = Geometry::new(&board, Window::Framed);
        for side in Side::ALL {
            let band = geometry.band(side);
            let bars: Vec<Rect> = (0..4).map(|i| geometry.table_bar(side, i)).collect();
            for bar in &bars {
                assert!(band.contains(bar.x + 1e-6, bar.y + 1e-6), "{side:?}");
                assert!(band.contains(bar.x + bar.width - 1e-6, bar.y + bar.height - 1e-6));
            }
            let (first, last) = (bars[0].centre(), bars[3].centre());
            match side {
                Side::West => assert!(first.1 > last.1),
                Side::North => assert!(first.0 < last.0),
                Side::East => assert!(first.1 < last.1),
                Side::South => assert!(first.0 > last.0),
            }
        }
    }

    #[test]
    fn an_excerpt_shows_only_its_squares_with_their_coordinates() {
        let board = Board::reconstructed();
        let geometry = Geometry::new(
            &board,
            Window::Excerpt {
                columns: (3, 6),
                rows: (3, 6),
            },
        );
        assert!(geometry.shows(square("E5")));
        assert!(!geometry.shows(square("C5")));
        assert_eq!(geometry.squares().count(), 16);
        let (x, y) = geometry.centre(square("D7"));
        assert_eq!(geometry.square_at(x, y), Some(square("D7")));
        let labels = geometry.excerpt_labels();
        let texts: Vec<&str> = labels.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(texts, ["D", "E", "F", "G", "4", "5", "6", "7"]);
        let (width, height) = geometry.size();
        assert_eq!(
            (width, height),
            (4.0 + EXCERPT_LABELS, 4.0 + EXCERPT_LABELS)
        );
    }
}
