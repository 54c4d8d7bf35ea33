//! Draws a move diagram ([`Diagram`]) with Cairo on any surface (the sheet's PDF, PNG
//! and SVG, the printer, the help window's drawing areas): the squares of its part of
//! the board (white, plain black, towers with their X, coloured corners), the piece
//! (a soldier's disc, a captain's disc with a crown), an arrow to each square the
//! diagram's kind of unit reaches, a ringed dot on that square, and a small hollow dot
//! on squares other kinds reach. Shapes, not colour alone, tell them apart, so the
//! diagrams read in black and white and for colour-blind players.

use std::f64::consts::{PI, TAU};

use castellan_chateau::board::{ArmyId, Board, Rgb, SquareKind};
use castellan_chateau::square::Square;

use super::diagrams::{Diagram, WINDOW};
use crate::map::palette::Colour;

/// The colours a diagram is drawn in (paper for the sheet, the window's style for the
/// help).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct DiagramColours {
    pub white: Colour,
    pub black: Colour,
    pub tower_mark: Colour,
    pub grid: Colour,
    /// The arrows and the rings of the lit squares.
    pub accent: Colour,
    /// The hollow dots of other kinds' squares.
    pub other: Colour,
    /// The outline of pieces.
    pub ink: Colour,
    /// How much of the army colours the coloured corners get (the rest is white).
    pub territory_tint: f64,
}

impl DiagramColours {
    /// For paper: what prints well in black and white too.
    pub const PAPER: DiagramColours = DiagramColours {
        white: Colour::hex(0xffffff),
        black: Colour::hex(0x3a3633),
        tower_mark: Colour::hex(0xd8d2c8),
        grid: Colour::hex(0x8a8276),
        accent: Colour::hex(0x7a2418),
        other: Colour::hex(0x4a443c),
        ink: Colour::hex(0x1d1a16),
        territory_tint: 0.35,
    };

    /// For a dark window.
    pub const DARK: DiagramColours = DiagramColours {
        white: Colour::hex(0xdedad3),
        black: Colour::hex(0x2a2826),
        tower_mark: Colour::hex(0xa8a29a),
        grid: Colour::hex(0x6a665e),
        accent: Colour::hex(0xb8341f),
        other: Colour::hex(0x3a3633),
        ink: Colour::hex(0x111111),
        territory_tint: 0.45,
    };
}

/// An army's colour: the board's, or a grey when the board gives none.
pub fn army_colour(board: &Board, army: ArmyId) -> Colour {
    match board.army(army).colour {
        Some(Rgb(r, g, b)) => Colour::hex(u32::from(r) << 16 | u32::from(g) << 8 | u32::from(b)),
        None => Colour::hex(0x777777),
    }
}

/// Draws `diagram` of `board` in the square of side `size` whose top left corner is
/// at `(x, y)`; the piece is drawn in `army`'s colour.
pub fn draw_diagram(
    cr: &cairo::Context,
    board: &Board,
    diagram: &Diagram,
    army: ArmyId,
    colours: &DiagramColours,
    (x, y, size): (f64, f64, f64),
) -> Result<(), cairo::Error> {
    cr.save()?;
    cr.translate(x, y);
    let cell = size / f64::from(WINDOW);
    let centre = |square: Square| {
        let column = f64::from(square.column() - diagram.left);
        let row = f64::from(WINDOW - 1 - (square.row() - diagram.bottom));
        ((column + 0.5) * cell, (row + 0.5) * cell)
    };
    for column in 0..WINDOW {
        for row in 0..WINDOW {
            let Some(square) = diagram.square_at(column, row) else {
                continue;
            };
            let (cx, cy) = centre(square);
            draw_square(cr, board, colours, board.kind(square), cx, cy, cell)?;
        }
    }
    // The grid, and a frame round the window.
    colours.grid.apply(cr);
    cr.set_line_width((cell * 0.03).max(0.4));
    for i in 0..=WINDOW {
        let at = f64::from(i) * cell;
        cr.move_to(at, 0.0);
        cr.line_to(at, size);
        cr.move_to(0.0, at);
        cr.line_to(size, at);
    }
    cr.stroke()?;
    // Squares other kinds of unit reach: small hollow dots, white inside so that
    // they show on black squares too.
    cr.set_line_width((cell * 0.05).max(0.5));
    for square in diagram.others().filter(|s| diagram.shows(*s)) {
        let (cx, cy) = centre(square);
        cr.new_sub_path();
        cr.arc(cx, cy, cell * 0.1, 0.0, TAU);
        colours.white.apply(cr);
        cr.fill_preserve()?;
        colours.other.apply(cr);
        cr.stroke()?;
    }
    // The diagram's own kind: an arrow to each square, then a ringed dot on it.
    let (px, py) = centre(diagram.piece);
    colours.accent.apply(cr);
    for square in diagram.lit() {
        let (tx, ty) = centre(square);
        arrow(cr, (px, py), (tx, ty), cell, diagram.kind.is_jump())?;
    }
    for square in diagram.lit() {
        let (tx, ty) = centre(square);
        colours.white.apply(cr);
        cr.new_sub_path();
        cr.arc(tx, ty, cell * 0.24, 0.0, TAU);
        cr.fill_preserve()?;
        colours.accent.apply(cr);
        cr.set_line_width(cell * 0.07);
        cr.stroke()?;
        cr.new_sub_path();
        cr.arc(tx, ty, cell * 0.09, 0.0, TAU);
        cr.fill()?;
    }
    draw_piece(
        cr,
        colours,
        army_colour(board, army),
        diagram.captain,
        px,
        py,
        cell,
    )?;
    cr.restore()
}

/// One square, centred on `(cx, cy)`.
fn draw_square(
    cr: &cairo::Context,
    board: &Board,
    colours: &DiagramColours,
    kind: SquareKind,
    cx: f64,
    cy: f64,
    cell: f64,
) -> Result<(), cairo::Error> {
    let fill = match kind {
        SquareKind::White => colours.white,
        SquareKind::Black | SquareKind::Tower => colours.black,
        SquareKind::Territory(army) => colours
            .white
            .mix(army_colour(board, army), colours.territory_tint),
    };
    fill.apply(cr);
    cr.rectangle(cx - cell / 2.0, cy - cell / 2.0, cell, cell);
    cr.fill()?;
    if kind == SquareKind::Tower {
        colours.tower_mark.apply(cr);
        cr.set_line_width(cell * 0.06);
        let arm = cell * 0.32;
        cr.move_to(cx - arm, cy - arm);
        cr.line_to(cx + arm, cy + arm);
        cr.move_to(cx + arm, cy - arm);
        cr.line_to(cx - arm, cy + arm);
        cr.stroke()?;
    }
    Ok(())
}

/// A line from the piece towards a square, stopping short of it, with a head; a
/// jump's line bows to one side, over the square jumped, as a leap.
fn arrow(
    cr: &cairo::Context,
    from: (f64, f64),
    to: (f64, f64),
    cell: f64,
    jump: bool,
) -> Result<(), cairo::Error> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = dx.hypot(dy);
    if length < f64::EPSILON {
        return Ok(());
    }
    let (ux, uy) = (dx / length, dy / length);
    // The control point of a jump's curve: half a square off the middle.
    let bow = if jump { cell * 0.9 } else { 0.0 };
    let control = (
        (from.0 + to.0) / 2.0 - uy * bow,
        (from.1 + to.1) / 2.0 + ux * bow,
    );
    let towards = |from: (f64, f64), to: (f64, f64)| {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let length = dx.hypot(dy).max(f64::EPSILON);
        (dx / length, dy / length)
    };
    let (sx, sy) = towards(from, control);
    let (ex, ey) = towards(control, to);
    let start = (from.0 + sx * cell * 0.36, from.1 + sy * cell * 0.36);
    let end = (to.0 - ex * cell * 0.3, to.1 - ey * cell * 0.3);
    cr.set_line_width(cell * 0.07);
    cr.move_to(start.0, start.1);
    cr.curve_to(control.0, control.1, control.0, control.1, end.0, end.1);
    cr.stroke()?;
    let head = cell * 0.18;
    let angle = ey.atan2(ex);
    cr.move_to(end.0 + ex * head * 0.4, end.1 + ey * head * 0.4);
    cr.line_to(
        end.0 - head * (angle - PI / 6.0).cos(),
        end.1 - head * (angle - PI / 6.0).sin(),
    );
    cr.line_to(
        end.0 - head * (angle + PI / 6.0).cos(),
        end.1 - head * (angle + PI / 6.0).sin(),
    );
    cr.close_path();
    cr.fill()
}

/// A piece: a disc in its army's colour with a dark rim; a captain's has a crown.
pub fn draw_piece(
    cr: &cairo::Context,
    colours: &DiagramColours,
    colour: Colour,
    captain: bool,
    cx: f64,
    cy: f64,
    cell: f64,
) -> Result<(), cairo::Error> {
    let radius = cell * 0.34;
    cr.new_sub_path();
    cr.arc(cx, cy, radius, 0.0, TAU);
    colour.apply(cr);
    cr.fill_preserve()?;
    colours.ink.apply(cr);
    cr.set_line_width(cell * 0.05);
    cr.stroke()?;
    if captain {
        // A three-pointed crown across the disc.
        let (w, h) = (radius * 1.1, radius * 0.75);
        let (left, base) = (cx - w / 2.0, cy + h / 2.0);
        cr.move_to(left, base);
        cr.line_to(left, base - h * 0.55);
        cr.line_to(left + w * 0.25, base - h * 0.25);
        cr.line_to(cx, base - h);
        cr.line_to(left + w * 0.75, base - h * 0.25);
        cr.line_to(left + w, base - h * 0.55);
        cr.line_to(left + w, base);
        cr.close_path();
        Colour::hex(0xffffff).apply(cr);
        cr.fill_preserve()?;
        colours.ink.apply(cr);
        cr.set_line_width(cell * 0.035);
        cr.stroke()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use castellan_chateau::variant::Variant;

    use super::super::diagrams::diagram;
    use super::*;
    use castellan_chateau::board::UnitKind;

    /// The pixel at the centre of `square` in a diagram drawn `size` pixels wide.
    fn pixel(image: &mut cairo::ImageSurface, d: &Diagram, square: Square, size: i32) -> [u8; 4] {
        let cell = size / i32::from(WINDOW);
        let column = i32::from(square.column() - d.left);
        let row = i32::from(WINDOW - 1 - (square.row() - d.bottom));
        let (x, y) = (column * cell + cell / 2, row * cell + cell / 2);
        let stride = image.stride();
        let data = image.data().unwrap();
        let at = (y * stride + x * 4) as usize;
        [data[at], data[at + 1], data[at + 2], data[at + 3]]
    }

    #[test]
    fn the_lit_squares_drawn_are_the_engines_and_no_others() {
        let board = Board::reconstructed();
        let size = 250;
        for kind in [
            UnitKind::TwinJump,
            UnitKind::WallJump,
            UnitKind::CaptainJump,
        ] {
            let d = diagram(&board, &Variant::default(), kind).unwrap();
            let mut image = cairo::ImageSurface::create(cairo::Format::ARgb32, size, size).unwrap();
            {
                let cr = cairo::Context::new(&image).unwrap();
                draw_diagram(
                    &cr,
                    &board,
                    &d,
                    ArmyId(0),
                    &DiagramColours::PAPER,
                    (0.0, 0.0, f64::from(size)),
                )
                .unwrap();
            }
            // The accent dot is at the centre of every lit square and of no other
            // empty square.
            let accent = DiagramColours::PAPER.accent;
            let is_accent = |p: [u8; 4]| {
                // ARGB32 is stored BGRA on little-endian machines.
                let (r, g, b) = (p[2], p[1], p[0]);
                (f64::from(r) / 255.0 - accent.r).abs() < 0.02
                    && (f64::from(g) / 255.0 - accent.g).abs() < 0.02
                    && (f64::from(b) / 255.0 - accent.b).abs() < 0.02
            };
            let lit: Vec<Square> = d.lit().collect();
            for column in 0..WINDOW {
                for row in 0..WINDOW {
                    let square = d.square_at(column, row).unwrap();
                    if square == d.piece {
                        continue;
                    }
                    let shown = is_accent(pixel(&mut image, &d, square, size));
                    assert_eq!(shown, lit.contains(&square), "{kind:?} at {square}");
                }
            }
        }
    }
}
