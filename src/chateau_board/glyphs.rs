//! The small drawn things of the board, each at a centre and size in pixels: the
//! pieces (a soldier, and a captain wearing a crown), the armies' emblems (a disc, a
//! square, a triangle, a diamond: what tells armies apart without their colours), the
//! marks of the five kinds of unit, and the badges set on a piece's corner. Choosing
//! where they go is `draw.rs`'s business.

use std::f64::consts::{FRAC_PI_2, PI, TAU};

use castellan_chateau::board::ArmyId;
use castellan_chateau::game::PieceKind;

use super::scene::UnitMark;
use crate::map::ViewPoint;
use crate::map::palette::Colour;

/// The emblem of an army, by its place on the board: so that armies are told apart
/// without their colours (and named the same in the rules' legend).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Emblem {
    Disc,
    Square,
    Triangle,
    Diamond,
}

impl Emblem {
    pub fn of(army: ArmyId) -> Emblem {
        match army.0 % 4 {
            0 => Emblem::Disc,
            1 => Emblem::Square,
            2 => Emblem::Triangle,
            _ => Emblem::Diamond,
        }
    }

    /// Adds the emblem's outline, `size` pixels across, to the current path.
    pub fn path(self, cr: &cairo::Context, centre: ViewPoint, size: f64) {
        let r = size / 2.0;
        let ViewPoint { x, y } = centre;
        cr.new_sub_path();
        match self {
            Emblem::Disc => cr.arc(x, y, r, 0.0, TAU),
            Emblem::Square => {
                let side = r * 1.7;
                cr.rectangle(x - side / 2.0, y - side / 2.0, side, side);
            }
            Emblem::Triangle => {
                let r = r * 1.2;
                for i in 0..3 {
                    let angle = -FRAC_PI_2 + f64::from(i) * TAU / 3.0;
                    let (px, py) = (x + r * angle.cos(), y + 0.12 * r + r * angle.sin());
                    if i == 0 {
                        cr.move_to(px, py);
                    } else {
                        cr.line_to(px, py);
                    }
                }
                cr.close_path();
            }
            Emblem::Diamond => {
                let r = r * 1.2;
                cr.move_to(x, y - r);
                cr.line_to(x + r, y);
                cr.line_to(x, y + r);
                cr.line_to(x - r, y);
                cr.close_path();
            }
        }
    }

    /// Draws the emblem filled with `fill`.
    pub fn draw(
        self,
        cr: &cairo::Context,
        centre: ViewPoint,
        size: f64,
        fill: Colour,
    ) -> Result<(), cairo::Error> {
        self.path(cr, centre, size);
        fill.apply(cr);
        cr.fill()
    }
}

/// How a piece is drawn.
#[derive(Copy, Clone, Debug)]
pub struct PieceStyle {
    pub fill: Colour,
    pub ink: Colour,
    /// The emblem's colour: one that reads on `fill`.
    pub emblem_ink: Colour,
    /// A light edge round the outline, so a piece stands out on its own territory.
    pub halo: Colour,
    /// Outline width factor (high contrast draws thicker).
    pub stroke: f64,
}

/// A piece standing on a square `size` pixels wide whose middle is `centre`, lifted
/// `lift` pixels (a piece in hand, or jumping): a soldier is a figure with a head,
/// a body bearing its army's emblem, and a base; a captain is taller and crowned.
pub fn draw_piece(
    cr: &cairo::Context,
    centre: ViewPoint,
    size: f64,
    lift: f64,
    kind: PieceKind,
    emblem: Emblem,
    style: PieceStyle,
) -> Result<(), cairo::Error> {
    let s = size;
    let ViewPoint { x, y } = centre;
    cr.save()?;
    if lift > 0.5 {
        // Its shadow stays on the square.
        cr.new_path();
        cr.save()?;
        cr.translate(x, y + 0.3 * s);
        cr.scale(0.32 * s, 0.1 * s);
        cr.arc(0.0, 0.0, 1.0, 0.0, TAU);
        cr.restore()?;
        style.ink.with_alpha(0.3).apply(cr);
        cr.fill()?;
    }
    let y = y - lift;
    let captain = kind == PieceKind::Captain;
    let body_half = if captain { 0.24 * s } else { 0.21 * s };
    let neck_half = if captain { 0.12 * s } else { 0.1 * s };
    let shoulders = if captain { y - 0.1 * s } else { y - 0.04 * s };
    let head_y = if captain { y - 0.2 * s } else { y - 0.14 * s };
    let head_r = if captain { 0.105 * s } else { 0.11 * s };
    let base_y = y + 0.3 * s;

    let figure = |cr: &cairo::Context| -> Result<(), cairo::Error> {
        cr.new_path();
        // Base: a flat ellipse.
        cr.save()?;
        cr.translate(x, base_y);
        cr.scale(0.3 * s, 0.09 * s);
        cr.arc(0.0, 0.0, 1.0, 0.0, TAU);
        cr.restore()?;
        // Body: a flared trapezoid from the base up to the shoulders.
        cr.move_to(x - body_half, base_y);
        cr.curve_to(
            x - body_half * 0.9,
            base_y - 0.12 * s,
            x - neck_half * 1.1,
            shoulders + 0.08 * s,
            x - neck_half,
            shoulders,
        );
        cr.line_to(x + neck_half, shoulders);
        cr.curve_to(
            x + neck_half * 1.1,
            shoulders + 0.08 * s,
            x + body_half * 0.9,
            base_y - 0.12 * s,
            x + body_half,
            base_y,
        );
        cr.close_path();
        // Head.
        cr.new_sub_path();
        cr.arc(x, head_y, head_r, 0.0, TAU);
        if captain {
            crown_path(cr, x, head_y - head_r * 0.55, s);
        }
        Ok(())
    };

    let line = (0.035 * s).max(1.0) * style.stroke;
    figure(cr)?;
    style.halo.apply(cr);
    cr.set_line_width(line * 3.0);
    cr.set_line_join(cairo::LineJoin::Round);
    cr.stroke()?;
    figure(cr)?;
    style.fill.apply(cr);
    cr.fill_preserve()?;
    style.ink.apply(cr);
    cr.set_line_width(line);
    cr.stroke()?;
    if captain {
        // The crown in gold-ish ink so that it reads as a crown on any army.
        crown_path(cr, x, head_y - head_r * 0.55, s);
        Colour::hex(0xf6d32d).apply(cr);
        cr.fill_preserve()?;
        style.ink.apply(cr);
        cr.set_line_width(line);
        cr.stroke()?;
    }
    // The emblem on the body.
    let emblem_y = (shoulders + base_y) / 2.0 + 0.02 * s;
    emblem.draw(cr, ViewPoint::new(x, emblem_y), 0.17 * s, style.emblem_ink)?;
    cr.restore()
}

/// A crown of three points resting at `(x, bottom)`.
fn crown_path(cr: &cairo::Context, x: f64, bottom: f64, s: f64) {
    let half = 0.15 * s;
    let height = 0.16 * s;
    cr.new_sub_path();
    cr.move_to(x - half, bottom);
    cr.line_to(x - half * 1.1, bottom - height);
    cr.line_to(x - half * 0.45, bottom - height * 0.55);
    cr.line_to(x, bottom - height * 1.15);
    cr.line_to(x + half * 0.45, bottom - height * 0.55);
    cr.line_to(x + half * 1.1, bottom - height);
    cr.line_to(x + half, bottom);
    cr.close_path();
}

/// How a unit's mark traces its path on a Cairo context.
type MarkPath = Box<dyn Fn(&cairo::Context)>;

/// The mark of a kind of unit on the square it lands on, `size` pixels across: in
/// `fill`, inside a halo of `halo` so that it reads on every square.
pub fn draw_unit_mark(
    cr: &cairo::Context,
    centre: ViewPoint,
    size: f64,
    mark: UnitMark,
    fill: Colour,
    halo: Colour,
) -> Result<(), cairo::Error> {
    let r = size / 2.0;
    let ViewPoint { x, y } = centre;
    let ring = (r * 0.34).max(1.5);
    let halo_extra = (r * 0.28).max(1.5);
    // Each mark: its path, and whether it is filled (else stroked with `ring`).
    let shapes: Vec<(MarkPath, bool)> = match mark {
        UnitMark::Step => vec![(
            Box::new(move |cr: &cairo::Context| cr.arc(x, y, r * 0.75, 0.0, TAU)),
            true,
        )],
        UnitMark::Jump => vec![(
            Box::new(move |cr: &cairo::Context| cr.arc(x, y, r * 0.95, 0.0, TAU)),
            false,
        )],
        UnitMark::Diagonal => vec![(
            Box::new(move |cr: &cairo::Context| diamond(cr, x, y, r)),
            true,
        )],
        UnitMark::TwinJump => vec![
            (
                Box::new(move |cr: &cairo::Context| cr.arc(x, y, r * 1.15, 0.0, TAU)),
                false,
            ),
            (
                Box::new(move |cr: &cairo::Context| cr.arc(x, y, r * 0.45, 0.0, TAU)),
                true,
            ),
        ],
        UnitMark::CaptainJump => vec![(
            Box::new(move |cr: &cairo::Context| diamond(cr, x, y, r * 1.1)),
            false,
        )],
    };
    cr.save()?;
    cr.set_line_join(cairo::LineJoin::Round);
    for (shape, filled) in &shapes {
        cr.new_path();
        shape(cr);
        halo.apply(cr);
        cr.set_line_width(if *filled {
            2.0 * halo_extra
        } else {
            ring + 2.0 * halo_extra
        });
        cr.stroke()?;
    }
    for (shape, filled) in &shapes {
        cr.new_path();
        shape(cr);
        fill.apply(cr);
        if *filled {
            cr.fill()?;
        } else {
            cr.set_line_width(ring);
            cr.stroke()?;
        }
    }
    cr.restore()
}

fn diamond(cr: &cairo::Context, x: f64, y: f64, r: f64) {
    cr.new_sub_path();
    cr.move_to(x, y - r);
    cr.line_to(x + r, y);
    cr.line_to(x, y + r);
    cr.line_to(x - r, y);
    cr.close_path();
}

/// A small round badge with a tick, at `centre`: a piece already played.
pub fn draw_tick_badge(
    cr: &cairo::Context,
    centre: ViewPoint,
    radius: f64,
    fill: Colour,
    ink: Colour,
) -> Result<(), cairo::Error> {
    let ViewPoint { x, y } = centre;
    cr.save()?;
    cr.new_path();
    cr.arc(x, y, radius, 0.0, TAU);
    fill.apply(cr);
    cr.fill()?;
    cr.move_to(x - radius * 0.5, y + radius * 0.02);
    cr.line_to(x - radius * 0.12, y + radius * 0.42);
    cr.line_to(x + radius * 0.52, y - radius * 0.4);
    ink.apply(cr);
    cr.set_line_width((radius * 0.32).max(1.0));
    cr.set_line_cap(cairo::LineCap::Round);
    cr.set_line_join(cairo::LineJoin::Round);
    cr.stroke()?;
    cr.restore()
}

/// A small shield at `centre`: a piece safe for now from the armies it moved between.
pub fn draw_shield(
    cr: &cairo::Context,
    centre: ViewPoint,
    size: f64,
    fill: Colour,
    ink: Colour,
) -> Result<(), cairo::Error> {
    let ViewPoint { x, y } = centre;
    let h = size / 2.0;
    cr.save()?;
    cr.new_path();
    cr.move_to(x - h * 0.8, y - h);
    cr.line_to(x + h * 0.8, y - h);
    cr.line_to(x + h * 0.8, y - h * 0.1);
    cr.curve_to(x + h * 0.8, y + h * 0.5, x, y + h, x, y + h);
    cr.curve_to(x, y + h, x - h * 0.8, y + h * 0.5, x - h * 0.8, y - h * 0.1);
    cr.close_path();
    fill.apply(cr);
    cr.fill_preserve()?;
    ink.apply(cr);
    cr.set_line_width((size * 0.1).max(1.0));
    cr.stroke()?;
    cr.restore()
}

/// Brackets at the four corners of a square of `side` pixels: a framed enemy. Solid
/// and thicker when `strong` (chosen to be taken).
pub fn draw_brackets(
    cr: &cairo::Context,
    centre: ViewPoint,
    side: f64,
    strong: bool,
    fill: Colour,
    halo: Colour,
) -> Result<(), cairo::Error> {
    let ViewPoint { x, y } = centre;
    let h = side / 2.0;
    let arm = side * 0.3;
    let width = if strong { side * 0.1 } else { side * 0.06 }.max(1.5);
    cr.save()?;
    cr.set_line_cap(cairo::LineCap::Square);
    let corners = |cr: &cairo::Context| {
        cr.new_path();
        for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            let (cx, cy) = (x + sx * h, y + sy * h);
            cr.move_to(cx - sx * arm, cy);
            cr.line_to(cx, cy);
            cr.line_to(cx, cy - sy * arm);
        }
    };
    corners(cr);
    halo.apply(cr);
    cr.set_line_width(width + 3.0);
    cr.stroke()?;
    corners(cr);
    fill.apply(cr);
    cr.set_line_width(width);
    cr.stroke()?;
    cr.restore()
}

/// An arc from `from` to `to` bulging `bulge` pixels to the left of the travel: the
/// track of a jump over the square between them.
pub fn arc_path(cr: &cairo::Context, from: ViewPoint, to: ViewPoint, bulge: f64) {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let length = dx.hypot(dy).max(1e-6);
    let (nx, ny) = (-dy / length, dx / length);
    let control = ViewPoint::new(
        (from.x + to.x) / 2.0 + nx * bulge,
        (from.y + to.y) / 2.0 + ny * bulge,
    );
    cr.move_to(from.x, from.y);
    // A quadratic curve as Cairo's cubic one.
    cr.curve_to(
        from.x + (control.x - from.x) * 2.0 / 3.0,
        from.y + (control.y - from.y) * 2.0 / 3.0,
        to.x + (control.x - to.x) * 2.0 / 3.0,
        to.y + (control.y - to.y) * 2.0 / 3.0,
        to.x,
        to.y,
    );
}

/// An arrow head at `tip`, pointing along `angle` (radians, y down).
pub fn arrow_head(cr: &cairo::Context, tip: ViewPoint, angle: f64, length: f64) {
    let spread = PI / 7.0;
    cr.new_sub_path();
    cr.move_to(tip.x, tip.y);
    cr.line_to(
        tip.x - length * (angle - spread).cos(),
        tip.y - length * (angle - spread).sin(),
    );
    cr.line_to(
        tip.x - length * (angle + spread).cos(),
        tip.y - length * (angle + spread).sin(),
    );
    cr.close_path();
}
