//! The Château Noir board's colours for the light, dark and high-contrast styles, and
//! for paper: the squares (white, plain black, the towers' X), the frame of scales and
//! colour tables, the armies' colours (from the board file, with a fallback each) and
//! their softened territory tints, and the marks of play: lit squares, the piece in
//! hand and its path, framed enemies, the keyboard cursor, announcements. Armies are
//! never told apart by colour alone: each has an emblem too (`glyphs.rs`).

use castellan_chateau::board::{ArmyId, Board, Rgb};

use crate::map::palette::Colour;

/// Army colours for a board file that gives none, by army: a red, a blue, a yellow
/// and a green far apart in lightness as well as hue.
const FALLBACK_ARMIES: [u32; 4] = [0xc0392b, 0x2e6fc4, 0xd4a017, 0x2e8b57];

/// Every colour and width the board is drawn with, for one style.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardPalette {
    pub dark: bool,
    pub high_contrast: bool,
    /// Around and under everything: the board's frame.
    pub frame: Colour,
    /// The cells of the coordinate and score strips.
    pub strip: Colour,
    pub frame_text: Colour,
    pub white: Colour,
    pub black: Colour,
    /// The X of a tower.
    pub tower_mark: Colour,
    /// Lines between squares.
    pub grid: Colour,
    pub grid_width: f64,
    /// The outline of pieces and marks, and its light counterpart.
    pub ink: Colour,
    pub paper: Colour,
    /// Squares and pieces that can be chosen, and the path of the piece in hand.
    pub lit: Colour,
    /// The halo that keeps lit marks readable on any square.
    pub lit_halo: Colour,
    /// Framed enemies, which may be taken.
    pub capture: Colour,
    /// The keyboard cursor.
    pub cursor: Colour,
    /// Announcements: their card and text.
    pub banner: Colour,
    pub banner_text: Colour,
    /// Besieged groups.
    pub siege: Colour,
    /// How far an army's colour is softened towards white (or the dark frame) to tint
    /// its territory.
    territory_softening: f64,
    /// The army colours, by army.
    armies: Vec<Colour>,
}

impl BoardPalette {
    /// The palette of a style, with `board`'s army colours.
    pub fn new(board: &Board, dark: bool, high_contrast: bool) -> Self {
        let normal = if dark {
            Self::dark_style()
        } else {
            Self::light_style()
        };
        let palette = if high_contrast {
            normal.with_high_contrast()
        } else {
            normal
        };
        palette.with_armies(board)
    }

    /// For paper: a white frame that spares toner, black lines that survive grey.
    pub fn print(board: &Board) -> Self {
        Self {
            frame: Colour::hex(0xffffff),
            strip: Colour::hex(0xf3f0ea),
            white: Colour::hex(0xffffff),
            grid: Colour::hex(0x1d1a16),
            ..Self::light_style()
        }
        .with_armies(board)
    }

    fn light_style() -> Self {
        Self {
            dark: false,
            high_contrast: false,
            frame: Colour::hex(0xd9ccb2),
            strip: Colour::hex(0xeee6d5),
            frame_text: Colour::hex(0x3a3229),
            white: Colour::hex(0xf8f5ee),
            black: Colour::hex(0x24211d),
            tower_mark: Colour::hex(0xd8cdb8),
            grid: Colour::hex(0x7c705d),
            grid_width: 1.0,
            ink: Colour::hex(0x1b1813),
            paper: Colour::hex(0xffffff),
            // Dark enough to read on every softened territory as well as on white.
            lit: Colour::hex(0x0b3d91),
            lit_halo: Colour::hex(0xffffff),
            capture: Colour::hex(0x813d9c),
            cursor: Colour::hex(0x3584e4),
            banner: Colour::hex(0x241f31).with_alpha(0.92),
            banner_text: Colour::hex(0xffffff),
            siege: Colour::hex(0xc64600),
            territory_softening: 0.55,
            armies: Vec::new(),
        }
    }

    fn dark_style() -> Self {
        Self {
            dark: true,
            high_contrast: false,
            frame: Colour::hex(0x2f2b26),
            strip: Colour::hex(0x3b3630),
            frame_text: Colour::hex(0xe9e2d4),
            white: Colour::hex(0xc9c1b1),
            black: Colour::hex(0x161513),
            tower_mark: Colour::hex(0x9a917f),
            grid: Colour::hex(0x5b544a),
            grid_width: 1.0,
            ink: Colour::hex(0x12100d),
            paper: Colour::hex(0xf6f3ec),
            lit: Colour::hex(0x99c1f1),
            lit_halo: Colour::hex(0x12100d),
            capture: Colour::hex(0xdc8add),
            cursor: Colour::hex(0x62a0ea),
            banner: Colour::hex(0xf6f5f4).with_alpha(0.94),
            banner_text: Colour::hex(0x1e1e1e),
            siege: Colour::hex(0xffa348),
            territory_softening: 0.35,
            armies: Vec::new(),
        }
    }

    fn with_high_contrast(self) -> Self {
        Self {
            high_contrast: true,
            grid: self.ink,
            grid_width: 2.0,
            white: if self.dark {
                Colour::hex(0xdedede)
            } else {
                Colour::hex(0xffffff)
            },
            black: Colour::hex(0x000000),
            tower_mark: Colour::hex(0xffffff),
            territory_softening: if self.dark { 0.3 } else { 0.45 },
            ..self
        }
    }

    fn with_armies(mut self, board: &Board) -> Self {
        self.armies = board
            .armies()
            .iter()
            .enumerate()
            .map(|(i, army)| match army.colour {
                Some(Rgb(r, g, b)) => {
                    Colour::hex((u32::from(r) << 16) | (u32::from(g) << 8) | u32::from(b))
                }
                None => Colour::hex(FALLBACK_ARMIES[i % FALLBACK_ARMIES.len()]),
            })
            .collect();
        self
    }

    /// An army's colour, as its pieces wear it.
    pub fn army(&self, army: ArmyId) -> Colour {
        self.armies
            .get(army.index())
            .copied()
            .unwrap_or_else(|| Colour::hex(FALLBACK_ARMIES[army.index() % 4]))
    }

    /// An army's territory: its colour softened, so that pieces stand out on it.
    pub fn territory(&self, army: ArmyId) -> Colour {
        let base = if self.dark { self.frame } else { self.white };
        self.army(army).mix(base, self.territory_softening)
    }

    /// The colour that reads on an army's colour: ink on light colours, paper on dark.
    pub fn on_army(&self, army: ArmyId) -> Colour {
        if self.army(army).luminance() > 0.3 {
            self.ink
        } else {
            self.paper
        }
    }

    /// The scale factor of every stroke for this style.
    pub fn stroke(&self) -> f64 {
        if self.high_contrast { 1.6 } else { 1.0 }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emblems_ink_reads_on_every_army_colour() {
        let board = Board::reconstructed();
        for dark in [false, true] {
            let palette = BoardPalette::new(&board, dark, false);
            for army in board.army_ids() {
                let contrast = palette.army(army).contrast(palette.on_army(army));
                assert!(contrast >= 3.0, "{army}: {contrast}");
            }
        }
    }

    #[test]
    fn white_and_black_squares_are_far_apart_in_every_style() {
        let board = Board::reconstructed();
        for dark in [false, true] {
            for high_contrast in [false, true] {
                let palette = BoardPalette::new(&board, dark, high_contrast);
                assert!(palette.white.contrast(palette.black) > 7.0);
                // The X of a tower shows on its black square.
                assert!(palette.tower_mark.contrast(palette.black) > 4.5);
            }
        }
    }

    #[test]
    fn lit_marks_read_on_white_and_on_every_territory() {
        let board = Board::reconstructed();
        for dark in [false, true] {
            let palette = BoardPalette::new(&board, dark, false);
            // A lit mark is its colour inside a halo: one of the two stands out.
            let reads = |on: Colour| {
                palette.lit.contrast(on) >= 3.0 || palette.lit_halo.contrast(on) >= 3.0
            };
            assert!(reads(palette.white) && reads(palette.black));
            for army in board.army_ids() {
                assert!(reads(palette.territory(army)), "{army}");
            }
        }
    }

    #[test]
    fn a_board_without_colours_gets_four_different_ones() {
        let board = Board::reconstructed();
        let palette = BoardPalette::new(&board, false, false);
        assert_eq!(palette.army(ArmyId(0)), Colour::hex(0xc0392b));
        let fallback: Vec<Colour> = (0..4).map(|i| Colour::hex(FALLBACK_ARMIES[i])).collect();
        for (i, a) in fallback.iter().enumerate() {
            for b in &fallback[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}
