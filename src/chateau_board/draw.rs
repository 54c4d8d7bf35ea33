//! Drawing a [`BoardScene`] on any Cairo surface — the window, a PNG, the reference
//! sheet's PDF, the rules' diagrams — in the order things overlap: the frame (score
//! scales, colour tables, the score in each corner), the squares, sieges, the path of
//! the piece in hand, the lit units, the pieces with their marks, framed enemies, the
//! keyboard cursor, a piece in motion, and announcements on top. Sizes are in board
//! units, turned into pixels by the scene's camera.

use std::f64::consts::{PI, TAU};

use castellan_chateau::Square;
use castellan_chateau::board::{ArmyId, SquareKind};
use castellan_chateau::game::PieceKind;

use super::geometry::{Rect, Side};
use super::glyphs::{
    Emblem, PieceStyle, arc_path, arrow_head, draw_brackets, draw_piece, draw_shield,
    draw_tick_badge, draw_unit_mark,
};
use super::palette::BoardPalette;
use super::scene::{BoardScene, Light, UnitMark};
use crate::map::ViewPoint;
use crate::map::glyphs::{Label, TextStyle, font};
use crate::map::palette::Colour;

/// The size of a unit's mark, as a share of a square.
const MARK: f64 = 0.34;
/// How far a piece in hand is lifted, as a share of a square.
const HAND_LIFT: f64 = 0.1;

/// Pixels from units, for one drawing.
struct Pixels<'a> {
    scene: &'a BoardScene,
    unit: f64,
}

impl<'a> Pixels<'a> {
    fn new(scene: &'a BoardScene) -> Self {
        Self {
            scene,
            unit: scene.camera().length(1.0),
        }
    }

    fn point(&self, (x, y): (f64, f64)) -> ViewPoint {
        self.scene.camera().to_view(x, y)
    }

    fn rect(&self, rect: Rect) -> (f64, f64, f64, f64) {
        let top_left = self.point((rect.x, rect.y));
        (
            top_left.x,
            top_left.y,
            rect.width * self.unit,
            rect.height * self.unit,
        )
    }

    fn centre(&self, square: Square) -> ViewPoint {
        self.point(self.scene.geometry().centre(square))
    }
}

/// Draws the whole scene.
pub fn draw(
    cr: &cairo::Context,
    scene: &BoardScene,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let pango = pangocairo::functions::create_context(cr);
    let px = Pixels::new(scene);
    cr.save()?;
    if scene.geometry().is_framed() {
        draw_frame(cr, &pango, &px, palette)?;
    } else {
        draw_excerpt_labels(cr, &pango, &px, palette)?;
    }
    draw_squares(cr, &px, palette)?;
    draw_sieges(cr, &pango, &px, palette)?;
    draw_path(cr, &px, palette)?;
    draw_units(cr, &px, palette)?;
    draw_pieces(cr, &px, palette)?;
    draw_captures(cr, &px, palette)?;
    draw_cursor(cr, &px, palette)?;
    draw_motion(cr, &px, palette)?;
    draw_announcements(cr, &pango, &px, palette)?;
    cr.restore()
}

/// A rounded rectangle's path.
fn rounded(cr: &cairo::Context, (x, y, w, h): (f64, f64, f64, f64), radius: f64) {
    let r = radius.min(w / 2.0).min(h / 2.0).max(0.0);
    cr.new_sub_path();
    cr.arc(x + w - r, y + r, r, -PI / 2.0, 0.0);
    cr.arc(x + w - r, y + h - r, r, 0.0, PI / 2.0);
    cr.arc(x + r, y + h - r, r, PI / 2.0, PI);
    cr.arc(x + r, y + r, r, PI, 1.5 * PI);
    cr.close_path();
}

fn text_style(fill: Colour) -> TextStyle {
    TextStyle {
        fill,
        halo: fill,
        halo_width: 0.0,
    }
}

fn piece_style(palette: &BoardPalette, army: ArmyId) -> PieceStyle {
    PieceStyle {
        fill: palette.army(army),
        ink: palette.ink,
        emblem_ink: palette.on_army(army),
        halo: palette.paper.with_alpha(0.85),
        stroke: palette.stroke(),
    }
}

/// The frame: its wood, each side's strip of coordinates that is its army's score
/// scale (with the markers), the colour tables, and the score in each corner.
fn draw_frame(
    cr: &cairo::Context,
    pango: &pango::Context,
    px: &Pixels,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let scene = px.scene;
    let geometry = scene.geometry();
    let (width, height) = geometry.size();
    rounded(
        cr,
        px.rect(Rect::new(0.0, 0.0, width, height)),
        0.25 * px.unit,
    );
    palette.frame.apply(cr);
    cr.fill()?;
    let label_font = font("Sans", 0.3 * px.unit);
    for side in Side::ALL {
        let army = geometry.army_at(side);
        let frame = army.and_then(|a| scene.army_frame(a));
        let markers = frame.and_then(|f| f.score).map(|s| s.markers());
        // Whose turn: the band of the army to play glows in its colour.
        if let (Some(army), Some(mover)) = (army, scene.mover())
            && army == mover
        {
            rounded(cr, px.rect(geometry.band(side).inset(0.04)), 0.12 * px.unit);
            palette.army(army).with_alpha(0.3).apply(cr);
            cr.fill_preserve()?;
            palette.lit.apply(cr);
            cr.set_line_width((0.05 * px.unit).max(1.5));
            cr.stroke()?;
        }
        for index in 0..10u8 {
            let cell = geometry.strip_cell(side, index);
            let (x, y, w, h) = px.rect(cell);
            cr.rectangle(x, y, w, h);
            palette.strip.apply(cr);
            cr.fill_preserve()?;
            palette.grid.with_alpha(0.6).apply(cr);
            cr.set_line_width(1.0);
            cr.stroke()?;
            let text = if side.is_vertical() {
                (index + 1).to_string()
            } else {
                char::from(b'A' + index).to_string()
            };
            let centre = px.point(cell.centre());
            let marked = markers.is_some_and(|m| m.contains(&(index + 1)));
            let ink = match (marked, army) {
                (true, Some(army)) => {
                    // A marker peg on the cell, in the army's colour.
                    cr.new_path();
                    cr.arc(centre.x, centre.y, 0.26 * px.unit, 0.0, TAU);
                    palette.army(army).apply(cr);
                    cr.fill_preserve()?;
                    palette.ink.apply(cr);
                    cr.set_line_width((0.03 * px.unit).max(1.0));
                    cr.stroke()?;
                    palette.on_army(army)
                }
                _ => palette.frame_text,
            };
            Label::new(pango, &text, &label_font).draw(cr, centre, text_style(ink))?;
        }
        if let (Some(army), Some(frame)) = (army, frame) {
            draw_colour_table(cr, px, palette, side, frame)?;
            draw_corner(cr, pango, px, palette, side, army)?;
        }
    }
    Ok(())
}

/// One army's colour table: four bars in the order of its table, the next to leave
/// outlined and pointed at, the ones left already this cycle ticked, the held ones
/// dotted (lit when leaving them can score this turn).
fn draw_colour_table(
    cr: &cairo::Context,
    px: &Pixels,
    palette: &BoardPalette,
    side: Side,
    frame: &super::scene::ArmyFrame,
) -> Result<(), cairo::Error> {
    let geometry = px.scene.geometry();
    let faded = if frame.in_game { 1.0 } else { 0.35 };
    for (index, &territory) in frame.table.iter().enumerate().take(4) {
        let bar = geometry.table_bar(side, index);
        let rect = px.rect(bar);
        let done = frame.in_game && index < usize::from(frame.next);
        let alpha = if done { 0.45 } else { faded };
        rounded(cr, rect, 0.1 * px.unit);
        palette.army(territory).with_alpha(alpha).apply(cr);
        cr.fill_preserve()?;
        palette.ink.with_alpha(faded).apply(cr);
        cr.set_line_width((0.025 * px.unit).max(1.0));
        cr.stroke()?;
        let centre = px.point(bar.centre());
        Emblem::of(territory).draw(
            cr,
            centre,
            0.26 * px.unit,
            palette.on_army(territory).with_alpha(alpha),
        )?;
        if done {
            let badge = ViewPoint::new(centre.x + 0.45 * px.unit, centre.y);
            let badge = if side.is_vertical() {
                ViewPoint::new(centre.x, centre.y + 0.45 * px.unit)
            } else {
                badge
            };
            draw_tick_badge(cr, badge, 0.14 * px.unit, palette.paper, palette.ink)?;
        }
        if frame.in_game && frame.held & territory.bit() != 0 {
            // A dot towards the bar's start: pieces have held it a full round.
            let offset = 0.62 * px.unit;
            let dot = if side.is_vertical() {
                ViewPoint::new(centre.x, centre.y - offset)
            } else {
                ViewPoint::new(centre.x - offset, centre.y)
            };
            let ripe = frame.ripe & territory.bit() != 0;
            cr.new_path();
            cr.arc(dot.x, dot.y, 0.09 * px.unit, 0.0, TAU);
            if ripe {
                palette.lit.apply(cr);
            } else {
                palette.paper.apply(cr);
            }
            cr.fill_preserve()?;
            palette.ink.apply(cr);
            cr.set_line_width(1.0);
            cr.stroke()?;
        }
        if frame.in_game && index == usize::from(frame.next) {
            // The marker: a thick outline and a pointer towards the board.
            rounded(cr, rect, 0.1 * px.unit);
            palette.lit_halo.apply(cr);
            cr.set_line_width((0.12 * px.unit).max(3.0));
            cr.stroke()?;
            rounded(cr, rect, 0.1 * px.unit);
            palette.lit.apply(cr);
            cr.set_line_width((0.07 * px.unit).max(2.0));
            cr.stroke()?;
            let (angle, tip) = match side {
                Side::West => (0.0, (bar.x + bar.width + 0.02, bar.y + bar.height / 2.0)),
                Side::East => (PI, (bar.x - 0.02, bar.y + bar.height / 2.0)),
                Side::North => (
                    PI / 2.0,
                    (bar.x + bar.width / 2.0, bar.y + bar.height + 0.02),
                ),
                Side::South => (-PI / 2.0, (bar.x + bar.width / 2.0, bar.y - 0.02)),
            };
            let tip = px.point(tip);
            let tip = ViewPoint::new(
                tip.x + 0.14 * px.unit * angle.cos(),
                tip.y + 0.14 * px.unit * angle.sin(),
            );
            cr.new_path();
            arrow_head(cr, tip, angle, 0.2 * px.unit);
            palette.lit.apply(cr);
            cr.fill()?;
        }
    }
    Ok(())
}

/// The corner of an army: its emblem in its colour, and its side's score (a debt
/// beside it); dimmed for a partner whose scale does not keep the score.
fn draw_corner(
    cr: &cairo::Context,
    pango: &pango::Context,
    px: &Pixels,
    palette: &BoardPalette,
    side: Side,
    army: ArmyId,
) -> Result<(), cairo::Error> {
    let scene = px.scene;
    let Some(frame) = scene.army_frame(army) else {
        return Ok(());
    };
    let corner = scene.geometry().corner(side).inset(0.08);
    let (x, y, w, h) = px.rect(corner);
    let faded = if frame.in_game { 1.0 } else { 0.35 };
    // The emblem, in a disc of the army's colour, towards the board.
    let emblem_centre = ViewPoint::new(x + w * 0.5, y + h * 0.3);
    cr.new_path();
    cr.arc(emblem_centre.x, emblem_centre.y, 0.22 * px.unit, 0.0, TAU);
    palette.army(army).with_alpha(faded).apply(cr);
    cr.fill_preserve()?;
    palette.ink.with_alpha(faded).apply(cr);
    cr.set_line_width((0.025 * px.unit).max(1.0));
    cr.stroke()?;
    Emblem::of(army).draw(
        cr,
        emblem_centre,
        0.2 * px.unit,
        palette.on_army(army).with_alpha(faded),
    )?;
    let (score, dim) = match (frame.score, frame.partner) {
        (Some(score), _) => (Some(score), false),
        (None, Some(keeper)) => (scene.army_frame(keeper).and_then(|f| f.score), true),
        (None, None) => (None, false),
    };
    let Some(score) = score.filter(|_| frame.in_game) else {
        return Ok(());
    };
    let number_centre = ViewPoint::new(x + w * 0.5, y + h * 0.74);
    let ink = if dim {
        palette.frame_text.with_alpha(0.55)
    } else {
        palette.frame_text
    };
    let number = Label::new(
        pango,
        &score.shown.to_string(),
        &font("Sans Bold", 0.4 * px.unit),
    );
    if score.debt > 0 {
        let left = ViewPoint::new(number_centre.x - 0.2 * px.unit, number_centre.y);
        number.draw(cr, left, text_style(ink))?;
        Label::new(
            pango,
            &format!("−{}", score.debt),
            &font("Sans Bold", 0.24 * px.unit),
        )
        .draw(
            cr,
            ViewPoint::new(number_centre.x + 0.28 * px.unit, number_centre.y),
            text_style(palette.siege),
        )?;
    } else {
        number.draw(cr, number_centre, text_style(ink))?;
    }
    Ok(())
}

/// An excerpt's coordinates, below and on the left.
fn draw_excerpt_labels(
    cr: &cairo::Context,
    pango: &pango::Context,
    px: &Pixels,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let label_font = font("Sans", 0.27 * px.unit);
    for (text, cell) in px.scene.geometry().excerpt_labels() {
        Label::new(pango, &text, &label_font).draw(
            cr,
            px.point(cell.centre()),
            text_style(palette.frame_text),
        )?;
    }
    Ok(())
}

/// The squares: white, black, towers with their X, and the armies' territories.
fn draw_squares(
    cr: &cairo::Context,
    px: &Pixels,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let scene = px.scene;
    let geometry = scene.geometry();
    for square in geometry.squares() {
        let Some(cell) = geometry.square(square) else {
            continue;
        };
        let (x, y, w, h) = px.rect(cell);
        cr.rectangle(x, y, w, h);
        let fill = match scene.board().kind(square) {
            SquareKind::White => palette.white,
            SquareKind::Black | SquareKind::Tower => palette.black,
            SquareKind::Territory(army) => palette.territory(army),
        };
        fill.apply(cr);
        cr.fill()?;
        if scene.board().kind(square) == SquareKind::Tower {
            let inset = 0.2 * px.unit;
            cr.move_to(x + inset, y + inset);
            cr.line_to(x + w - inset, y + h - inset);
            cr.move_to(x + w - inset, y + inset);
            cr.line_to(x + inset, y + h - inset);
            palette.tower_mark.apply(cr);
            cr.set_line_width((0.07 * px.unit).max(1.5));
            cr.set_line_cap(cairo::LineCap::Round);
            cr.stroke()?;
        }
    }
    // The grid, then the board's edge.
    let board = geometry.board_rect();
    let (x, y, w, h) = px.rect(board);
    let ((c0, c1), (r0, r1)) = geometry.span();
    for i in 1..=(c1 - c0) {
        let gx = x + f64::from(i) * px.unit;
        cr.move_to(gx, y);
        cr.line_to(gx, y + h);
    }
    for i in 1..=(r1 - r0) {
        let gy = y + f64::from(i) * px.unit;
        cr.move_to(x, gy);
        cr.line_to(x + w, gy);
    }
    palette.grid.apply(cr);
    cr.set_line_width(palette.grid_width);
    cr.stroke()?;
    cr.rectangle(x, y, w, h);
    palette.ink.apply(cr);
    cr.set_line_width(2.0 * palette.stroke());
    cr.stroke()
}

/// Besieged groups: hatched, with the turns they have been besieged.
fn draw_sieges(
    cr: &cairo::Context,
    pango: &pango::Context,
    px: &Pixels,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let geometry = px.scene.geometry();
    for (_, squares, turns) in px.scene.sieges() {
        for &square in squares {
            let Some(cell) = geometry.square(square) else {
                continue;
            };
            let (x, y, w, h) = px.rect(cell);
            cr.save()?;
            cr.rectangle(x, y, w, h);
            cr.clip();
            let step = 0.16 * px.unit;
            let mut offset = -h;
            while offset < w {
                cr.move_to(x + offset, y + h);
                cr.line_to(x + offset + h, y);
                offset += step;
            }
            palette.siege.with_alpha(0.55).apply(cr);
            cr.set_line_width((0.03 * px.unit).max(1.0));
            cr.stroke()?;
            cr.restore()?;
        }
        if let Some(cell) = squares.first().and_then(|&s| geometry.square(s)) {
            let (x, y, w, _) = px.rect(cell);
            let centre = ViewPoint::new(x + w - 0.17 * px.unit, y + 0.17 * px.unit);
            cr.new_path();
            cr.arc(centre.x, centre.y, 0.15 * px.unit, 0.0, TAU);
            palette.siege.apply(cr);
            cr.fill()?;
            Label::new(pango, &turns.to_string(), &font("Sans Bold", 0.2 * px.unit)).draw(
                cr,
                centre,
                text_style(palette.ink),
            )?;
        }
    }
    Ok(())
}

/// The path the piece in hand took this turn: a line through its squares, jumps as
/// arcs over the square they cleared.
fn draw_path(cr: &cairo::Context, px: &Pixels, palette: &BoardPalette) -> Result<(), cairo::Error> {
    let path = px.scene.path();
    if path.len() < 2 {
        return Ok(());
    }
    let trace = |cr: &cairo::Context| {
        cr.new_path();
        let first = px.centre(path[0]);
        cr.move_to(first.x, first.y);
        for pair in path.windows(2) {
            let (a, b) = (px.centre(pair[0]), px.centre(pair[1]));
            let far = pair[0].column().abs_diff(pair[1].column()) > 1
                || pair[0].row().abs_diff(pair[1].row()) > 1;
            if far {
                arc_path(cr, a, b, 0.45 * px.unit);
            } else {
                cr.line_to(b.x, b.y);
            }
        }
    };
    cr.save()?;
    cr.set_line_cap(cairo::LineCap::Round);
    cr.set_line_join(cairo::LineJoin::Round);
    trace(cr);
    palette.lit_halo.with_alpha(0.8).apply(cr);
    cr.set_line_width(0.16 * px.unit);
    cr.stroke()?;
    trace(cr);
    palette.lit.apply(cr);
    cr.set_line_width(0.08 * px.unit);
    cr.stroke()?;
    for &square in &path[..path.len() - 1] {
        let c = px.centre(square);
        cr.new_path();
        cr.arc(c.x, c.y, 0.08 * px.unit, 0.0, TAU);
        palette.lit.apply(cr);
        cr.fill()?;
    }
    cr.restore()
}

/// The next units of the piece in hand, each marked by its kind, and the track of
/// the one pointed at.
fn draw_units(
    cr: &cairo::Context,
    px: &Pixels,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let scene = px.scene;
    for unit in scene.units() {
        if !scene.geometry().shows(unit.to) {
            continue;
        }
        let centre = px.centre(unit.to);
        if scene.hovered() == Some(unit.to) {
            let (x, y, w, h) = px.rect(scene.geometry().square_rect(unit.to));
            cr.rectangle(x, y, w, h);
            palette.lit.with_alpha(0.25).apply(cr);
            cr.fill()?;
        }
        draw_unit_mark(
            cr,
            centre,
            MARK * px.unit,
            UnitMark::of(unit.kind),
            palette.lit,
            palette.lit_halo,
        )?;
    }
    if let (Some(unit), Some(hand)) = (scene.previewed_unit(), scene.hand()) {
        let (from, to) = (px.centre(hand), px.centre(unit.to));
        cr.save()?;
        cr.new_path();
        if unit.over.is_some() {
            arc_path(cr, from, to, 0.5 * px.unit);
        } else {
            cr.move_to(from.x, from.y);
            cr.line_to(to.x, to.y);
        }
        cr.set_dash(&[0.12 * px.unit, 0.08 * px.unit], 0.0);
        palette.lit.apply(cr);
        cr.set_line_width((0.05 * px.unit).max(1.5));
        cr.stroke()?;
        cr.restore()?;
    }
    Ok(())
}

/// The pieces: lit rings round those that may be picked, the piece in hand lifted,
/// ticks on those played, shields on those safe for now.
fn draw_pieces(
    cr: &cairo::Context,
    px: &Pixels,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let scene = px.scene;
    let moving = scene.motion().map(|m| m.to);
    for square in scene.geometry().squares() {
        let Some(piece) = scene.piece(square) else {
            continue;
        };
        let (x, y, w, h) = px.rect(scene.geometry().square_rect(square));
        let in_hand = scene.hand() == Some(square);
        if scene.light(square) == Some(Light::Pick) || in_hand {
            let inset = 0.07 * px.unit;
            let width = if in_hand { 0.09 } else { 0.05 } * px.unit;
            let ring = (x + inset, y + inset, w - 2.0 * inset, h - 2.0 * inset);
            rounded(cr, ring, 0.14 * px.unit);
            palette.lit_halo.apply(cr);
            cr.set_line_width(width + 2.0);
            cr.stroke()?;
            rounded(cr, ring, 0.14 * px.unit);
            palette.lit.apply(cr);
            cr.set_line_width(width.max(1.5));
            cr.stroke()?;
        }
        if moving == Some(square) {
            continue;
        }
        let lift = if in_hand { HAND_LIFT * px.unit } else { 0.0 };
        draw_piece(
            cr,
            px.centre(square),
            px.unit,
            lift,
            piece.kind,
            Emblem::of(piece.army),
            piece_style(palette, piece.army),
        )?;
        if piece.played {
            let badge = ViewPoint::new(x + w - 0.17 * px.unit, y + h - 0.17 * px.unit);
            draw_tick_badge(cr, badge, 0.13 * px.unit, palette.paper, palette.ink)?;
        }
        if piece.safe {
            let at = ViewPoint::new(x + 0.17 * px.unit, y + 0.2 * px.unit);
            draw_shield(cr, at, 0.24 * px.unit, palette.paper, palette.ink)?;
        }
    }
    Ok(())
}

/// Framed enemies: brackets round each, solid with a tick when chosen.
fn draw_captures(
    cr: &cairo::Context,
    px: &Pixels,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let scene = px.scene;
    for &square in scene.captures() {
        if !scene.geometry().shows(square) {
            continue;
        }
        let chosen = scene.chosen().contains(&square);
        let centre = px.centre(square);
        draw_brackets(
            cr,
            centre,
            0.9 * px.unit,
            chosen,
            palette.capture,
            palette.lit_halo,
        )?;
        if chosen {
            let badge = ViewPoint::new(centre.x + 0.32 * px.unit, centre.y - 0.32 * px.unit);
            draw_tick_badge(cr, badge, 0.15 * px.unit, palette.capture, palette.paper)?;
        }
    }
    Ok(())
}

/// The keyboard cursor: a ring in the focus colour.
fn draw_cursor(
    cr: &cairo::Context,
    px: &Pixels,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let Some(cell) = px
        .scene
        .cursor()
        .and_then(|s| px.scene.geometry().square(s))
    else {
        return Ok(());
    };
    let (x, y, w, h) = px.rect(cell.inset(0.02));
    for (colour, width) in [(palette.lit_halo, 0.13), (palette.cursor, 0.07)] {
        rounded(cr, (x, y, w, h), 0.1 * px.unit);
        colour.apply(cr);
        cr.set_line_width((width * px.unit).max(2.0));
        cr.stroke()?;
    }
    Ok(())
}

/// A piece part of the way through a unit of movement.
fn draw_motion(
    cr: &cairo::Context,
    px: &Pixels,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let scene = px.scene;
    let Some(motion) = scene.motion() else {
        return Ok(());
    };
    let Some(piece) = scene.piece(motion.to) else {
        return Ok(());
    };
    let (at, lift) = motion.position(scene.geometry());
    draw_piece(
        cr,
        px.point(at),
        px.unit,
        lift * px.unit,
        piece.kind,
        Emblem::of(piece.army),
        piece_style(palette, piece.army),
    )
}

/// Announcements: cards written over the board near where each thing happened, in
/// the scoring army's colour, the newest nearest its square, none over another.
fn draw_announcements(
    cr: &cairo::Context,
    pango: &pango::Context,
    px: &Pixels,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    let scene = px.scene;
    let board = px.rect(scene.geometry().board_rect());
    let text_font = font("Sans Bold", 0.3 * px.unit);
    let mut placed: Vec<(f64, f64, f64, f64)> = Vec::new();
    for announcement in scene.announcements() {
        let label = Label::new(pango, &announcement.text, &text_font).wrapped(5.0 * px.unit);
        let (left, top, right, bottom) = label.ink_offsets();
        let stripe = if announcement.army.is_some() {
            0.5 * px.unit
        } else {
            0.0
        };
        let pad = 0.16 * px.unit;
        let (width, height) = (right - left + 2.0 * pad + stripe, bottom - top + 2.0 * pad);
        let anchor = match announcement.at {
            Some(square) if scene.geometry().shows(square) => {
                let c = px.centre(square);
                ViewPoint::new(c.x, c.y - 0.55 * px.unit - height / 2.0)
            }
            _ => ViewPoint::new(board.0 + board.2 / 2.0, board.1 + board.3 / 2.0),
        };
        let mut x =
            (anchor.x - width / 2.0).clamp(board.0, (board.0 + board.2 - width).max(board.0));
        let mut y =
            (anchor.y - height / 2.0).clamp(board.1, (board.1 + board.3 - height).max(board.1));
        // Below the cards already placed that it would cover.
        while let Some(&(_, oy, _, oh)) = placed.iter().find(|&&(ox, oy, ow, oh)| {
            x < ox + ow && ox < x + width && y < oy + oh && oy < y + height
        }) {
            y = oy + oh + 0.06 * px.unit;
        }
        if y + height > board.1 + board.3 {
            y = (board.1 + board.3 - height).max(board.1);
            x = x.min(board.0 + board.2 - width).max(board.0);
        }
        placed.push((x, y, width, height));
        rounded(cr, (x, y, width, height), 0.14 * px.unit);
        palette.banner.apply(cr);
        cr.fill()?;
        if let Some(army) = announcement.army {
            let stripe_rect = (x, y, stripe, height);
            cr.save()?;
            rounded(cr, (x, y, width, height), 0.14 * px.unit);
            cr.clip();
            cr.rectangle(stripe_rect.0, stripe_rect.1, stripe_rect.2, stripe_rect.3);
            palette.army(army).apply(cr);
            cr.fill()?;
            cr.restore()?;
            Emblem::of(army).draw(
                cr,
                ViewPoint::new(x + stripe / 2.0, y + height / 2.0),
                0.24 * px.unit,
                palette.on_army(army),
            )?;
        }
        let centre = ViewPoint::new(x + stripe + (width - stripe) / 2.0, y + height / 2.0);
        label.draw(cr, centre, text_style(palette.banner_text))?;
    }
    Ok(())
}

/// The mark of a kind of unit alone, centred in a `size`-pixel box: the legend of
/// the panel and the rules.
pub fn draw_mark_icon(
    cr: &cairo::Context,
    size: f64,
    mark: UnitMark,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    draw_unit_mark(
        cr,
        ViewPoint::new(size / 2.0, size / 2.0),
        size * 0.55,
        mark,
        palette.lit,
        palette.lit_halo,
    )
}

/// An army's piece alone, centred in a `size`-pixel box: for the panels.
pub fn draw_piece_icon(
    cr: &cairo::Context,
    size: f64,
    army: ArmyId,
    kind: PieceKind,
    palette: &BoardPalette,
) -> Result<(), cairo::Error> {
    draw_piece(
        cr,
        ViewPoint::new(size / 2.0, size / 2.0),
        size,
        0.0,
        kind,
        Emblem::of(army),
        piece_style(palette, army),
    )
}

/// How the scene is drawn into a picture of its own: the camera is fitted to
/// `width × height` pixels without a margin.
pub fn fit_to(scene: &mut BoardScene, width: f64, height: f64) {
    let (content_width, content_height) = scene.geometry().size();
    let mut camera = super::camera::Camera::new(content_width, content_height).without_margin();
    camera.resize(width, height);
    *scene.camera_mut() = camera;
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use castellan_chateau::board::Board;
    use castellan_chateau::game::{Action, Game, Table};
    use castellan_chateau::variant::Variant;

    use super::*;
    use crate::chateau_board::scene::Motion;

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn game() -> Game {
        Game::new(
            Arc::new(Board::reconstructed()),
            Variant::default(),
            Table::four_in_teams(),
            5,
        )
        .unwrap()
    }

    fn scene_of(game: &Game, size: f64) -> BoardScene {
        let mut scene = BoardScene::new(Arc::clone(game.board()));
        scene.camera_mut().resize(size, size);
        scene.show(&game.view(), &game.legal(), &[]);
        scene
    }

    fn render(scene: &BoardScene, palette: &BoardPalette) -> cairo::ImageSurface {
        let (w, h) = scene.camera().view_size();
        let surface = cairo::ImageSurface::create(cairo::Format::Rgb24, w as i32, h as i32)
            .expect("an image");
        {
            let cr = cairo::Context::new(&surface).unwrap();
            cr.set_source_rgb(1.0, 0.0, 1.0);
            cr.paint().unwrap();
            draw(&cr, scene, palette).unwrap();
        }
        surface
    }

    /// The colour at a pixel, as (r, g, b).
    fn pixel(surface: &mut cairo::ImageSurface, at: ViewPoint) -> [u8; 3] {
        surface.flush();
        let stride = surface.stride() as usize;
        let (x, y) = (at.x as usize, at.y as usize);
        let data = surface.data().unwrap();
        let i = y * stride + x * 4;
        [data[i + 2], data[i + 1], data[i]]
    }

    fn rgb8(colour: Colour) -> [u8; 3] {
        [
            (colour.r * 255.0).round() as u8,
            (colour.g * 255.0).round() as u8,
            (colour.b * 255.0).round() as u8,
        ]
    }

    fn close(a: [u8; 3], b: [u8; 3]) -> bool {
        a.iter().zip(b).all(|(x, y)| x.abs_diff(y) <= 6)
    }

    /// A point of a square away from its middle, where no piece or mark is drawn.
    fn corner_of(scene: &BoardScene, name: &str) -> ViewPoint {
        let (x, y) = scene.geometry().centre(square(name));
        scene.camera().to_view(x - 0.4, y + 0.05)
    }

    #[test]
    fn squares_are_drawn_in_their_kinds_colours() {
        let game = game();
        let scene = scene_of(&game, 600.0);
        for dark in [false, true] {
            let palette = BoardPalette::new(game.board(), dark, false);
            let mut image = render(&scene, &palette);
            assert!(close(
                pixel(&mut image, corner_of(&scene, "E7")),
                rgb8(palette.white)
            ));
            assert!(close(
                pixel(&mut image, corner_of(&scene, "D8")),
                rgb8(palette.black)
            ));
            let red = game.board().army_by_id("red").unwrap();
            assert!(close(
                pixel(
                    &mut image,
                    scene.camera().to_view(
                        scene.geometry().centre(square("A1")).0 - 0.4,
                        scene.geometry().centre(square("A1")).1 - 0.4,
                    )
                ),
                rgb8(palette.territory(red))
            ));
        }
    }

    #[test]
    fn a_tower_carries_its_x() {
        let game = game();
        let scene = scene_of(&game, 600.0);
        let palette = BoardPalette::new(game.board(), false, false);
        let mut image = render(&scene, &palette);
        // The middle of E5 is where the X's strokes cross.
        let middle = scene.camera().to_view(
            scene.geometry().centre(square("E5")).0,
            scene.geometry().centre(square("E5")).1,
        );
        assert!(close(pixel(&mut image, middle), rgb8(palette.tower_mark)));
        // A plain black square has none.
        let plain = scene.camera().to_view(
            scene.geometry().centre(square("D8")).0,
            scene.geometry().centre(square("D8")).1,
        );
        assert!(close(pixel(&mut image, plain), rgb8(palette.black)));
    }

    #[test]
    fn pieces_wear_their_armys_colour() {
        let game = game();
        let scene = scene_of(&game, 600.0);
        let palette = BoardPalette::new(game.board(), false, false);
        let mut image = render(&scene, &palette);
        for (name, army) in [("A1", "red"), ("J10", "yellow"), ("B9", "blue")] {
            let army = game.board().army_by_id(army).unwrap();
            let (x, y) = scene.geometry().centre(square(name));
            // The body, between the head and the emblem (beside the emblem the body
            // narrows under its outline).
            let at = scene.camera().to_view(x - 0.05, y + 0.03);
            assert!(
                close(pixel(&mut image, at), rgb8(palette.army(army))),
                "{name}: {:?}",
                pixel(&mut image, at)
            );
        }
    }

    #[test]
    fn lit_squares_carry_their_units_mark_and_nothing_else_does() {
        let mut game = game();
        let seat = game.pending_seat().unwrap();
        let legal = game.legal();
        game.apply(
            seat,
            Action::Pick {
                square: legal.pickable[0],
            },
        )
        .unwrap();
        let scene = scene_of(&game, 700.0);
        let palette = BoardPalette::new(game.board(), false, false);
        let mut image = render(&scene, &palette);
        let lit: Vec<Square> = game.legal().units.iter().map(|u| u.to).collect();
        assert!(!lit.is_empty());
        for s in Square::all() {
            if scene.piece(s).is_some() || s == scene.hand().unwrap() {
                continue;
            }
            let (x, y) = scene.geometry().centre(s);
            let middle = pixel(&mut image, scene.camera().to_view(x, y));
            let unit = lit.contains(&s);
            let jump = unit
                && matches!(
                    UnitMark::of(game.legal().units.iter().find(|u| u.to == s).unwrap().kind),
                    UnitMark::Jump | UnitMark::CaptainJump
                );
            // Filled marks are lit in the middle; hollow ones are not, but their ring is.
            if unit && !jump {
                assert!(close(middle, rgb8(palette.lit)), "{s}: {middle:?}");
            } else if !unit {
                assert!(!close(middle, rgb8(palette.lit)), "{s} is not lit");
            }
        }
    }

    #[test]
    fn the_scale_shows_the_score_with_its_markers() {
        // A side at 12: its first marker on cell 10, its second on cell 2.
        let board = Arc::new(Board::reconstructed());
        let text = Game::new(board.clone(), Variant::default(), Table::four_in_teams(), 1)
            .unwrap()
            .position_text()
            .replace("red-yellow = 0", "red-yellow = 12");
        let game = Game::from_position(board, Variant::default(), None, &text, "p").unwrap();
        let scene = scene_of(&game, 700.0);
        let palette = BoardPalette::new(game.board(), false, false);
        let mut image = render(&scene, &palette);
        let red = game.board().army_by_id("red").unwrap();
        let side = scene.geometry().side_of(red);
        let peg = |index: u8| {
            let cell = scene.geometry().strip_cell(side, index);
            // Beside the number, inside the peg.
            scene
                .camera()
                .to_view(cell.x + cell.width / 2.0 - 0.2, cell.y + cell.height / 2.0)
        };
        let colour = rgb8(palette.army(red));
        assert!(close(pixel(&mut image, peg(9)), colour));
        assert!(close(pixel(&mut image, peg(1)), colour));
        assert!(!close(pixel(&mut image, peg(4)), colour));
    }

    #[test]
    fn a_piece_in_motion_is_drawn_on_its_way() {
        let game = game();
        let mut scene = scene_of(&game, 600.0);
        let palette = BoardPalette::new(game.board(), false, false);
        let before = render(&scene, &palette);
        // Pretend C3's piece is jumping there from two squares right.
        scene.set_motion(Some(Motion {
            from: square("E3"),
            to: square("C3"),
            kind: castellan_chateau::board::UnitKind::WallJump,
            progress: 0.5,
        }));
        let mut during = render(&scene, &palette);
        let mut before = before;
        let c3 = {
            let (x, y) = scene.geometry().centre(square("C3"));
            scene.camera().to_view(x - 0.13, y + 0.2)
        };
        assert_ne!(pixel(&mut before, c3), pixel(&mut during, c3));
    }

    #[test]
    fn every_style_and_size_draws_without_error() {
        let mut game = game();
        let seat = game.pending_seat().unwrap();
        let legal = game.legal();
        game.apply(
            seat,
            Action::Pick {
                square: legal.pickable[0],
            },
        )
        .unwrap();
        for size in [120.0, 333.0, 900.0] {
            let mut scene = scene_of(&game, size);
            scene.set_cursor(Some(square("E5")));
            scene.announce(
                "Red takes a captain: +3".into(),
                Some(square("E5")),
                Some(ArmyId(0)),
            );
            scene.announce("Château!".into(), None, None);
            for (dark, high_contrast) in
                [(false, false), (true, false), (false, true), (true, true)]
            {
                let palette = BoardPalette::new(game.board(), dark, high_contrast);
                render(&scene, &palette);
            }
        }
    }
}
