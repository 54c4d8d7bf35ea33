//! Draws a [`MapScene`] with Cairo on any surface (the widget, an image, a PDF): a static
//! layer (sea, fills, borders, straits, names) that changes only with ownership, camera,
//! size and style, and an overlay (targets, hover, selection, badges, castles, arrow)
//! drawn on top every frame. Caching the static layer is `layers.rs`'s job.
//!
//! A board without outlines is drawn as discs at the territory centres, joined by
//! bridges in the group's tint where two territories of a group share a land border.
//!
//! [`draw_overview`] draws the board at a glance for print: lands, lines and the
//! groups' names, without pieces or territory names.

use castellan_engine::board::{BorderKind, GroupKind, Point, TerritoryId};

use super::camera::ViewPoint;
use super::glyphs::{self, Arrow, Badge, CastleGlyph, Label, TextStyle};
use super::palette::{Colour, Palette};
use super::scene::{MapScene, TargetKind};

/// Sea names wrap into lines no wider than this, in board units.
const SEA_NAME_WIDTH: f64 = 200.0;

/// Sizes of marks in board units, kept within pixel limits so that they stay readable
/// when zoomed out and do not swamp the map when zoomed in.
struct Sizes {
    badge_radius: f64,
    name_pixels: f64,
    sea_name_pixels: f64,
    castle_width: f64,
    group_name_pixels: f64,
}

impl Sizes {
    fn at(scale: f64) -> Self {
        let sized = |board_units: f64, min: f64, max: f64| (board_units * scale).clamp(min, max);
        Self {
            badge_radius: sized(9.0, 8.5, 20.0),
            name_pixels: sized(10.5, 10.0, 22.0),
            sea_name_pixels: sized(17.0, 13.0, 40.0),
            castle_width: sized(19.0, 17.0, 40.0),
            group_name_pixels: sized(24.0, 12.0, 48.0),
        }
    }
}

/// Draws the whole map: the static layer, then the overlay. The widget goes through
/// `LayerCache` instead, which caches the static layer; this is for one-off surfaces.
#[cfg_attr(
    not(test),
    allow(dead_code, reason = "for printing and export; the tests draw with it")
)]
pub fn draw_map(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    draw_static_layer(cr, scene, palette)?;
    draw_overlay(cr, scene, palette)
}

/// Draws the board at a glance, for print: water, the groups' tints (independents
/// hatched), borders, frontiers and dotted crossings, and each group's name over its
/// land in place of territory names, so that groups are told apart by name and not
/// by colour alone. Territories are filled as the map fills them: a scene in which
/// nobody owns anything shows the groups' tints.
pub fn draw_overview(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    draw_geography(cr, scene, palette, false)?;
    let pango = pangocairo::functions::create_context(cr);
    draw_group_names(cr, &pango, scene, palette)
}

/// Draws what changes only with ownership, camera, size or style: sea, straits, land,
/// borders and names.
pub fn draw_static_layer(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    draw_geography(cr, scene, palette, true)
}

/// Draws the board small, as a preview: sea, straits, land and borders, without names
/// or pieces, which would only be specks at that size.
pub fn draw_thumbnail(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    draw_geography(cr, scene, palette, false)
}

/// Sea, straits, land and borders, with the names of seas and territories if `names`.
fn draw_geography(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
    names: bool,
) -> Result<(), cairo::Error> {
    let pango = pangocairo::functions::create_context(cr);
    cr.save()?;
    palette.sea.apply(cr);
    cr.paint()?;
    draw_sea_areas(cr, scene, palette)?;
    if names {
        draw_sea_names(cr, &pango, scene, palette)?;
    }
    draw_straits(cr, scene, palette, Straits::Within)?;
    draw_disc_links(cr, scene, palette)?;
    draw_land(cr, scene, palette)?;
    draw_frontiers(cr, scene, palette)?;
    draw_straits(cr, scene, palette, Straits::AcrossTheEdge)?;
    if names {
        draw_names(cr, &pango, scene, palette)?;
    }
    cr.restore()
}

/// Draws what changes from frame to frame: target highlights, hover, selection, army
/// badges, castles and the attack arrow.
pub fn draw_overlay(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    cr.save()?;
    for id in scene.board().territory_ids() {
        if let Some(kind) = scene.target(id) {
            draw_target(cr, scene, palette, id, kind)?;
        }
    }
    if let Some(id) = scene.hovered() {
        territory_path(cr, scene, id, 0.0);
        palette.hover.apply(cr);
        cr.fill_preserve()?;
        palette.hover_outline.apply(cr);
        cr.set_line_width(2.0);
        cr.set_line_join(cairo::LineJoin::Round);
        cr.stroke()?;
    }
    if let Some(id) = scene.selected() {
        territory_path(cr, scene, id, 0.0);
        cr.set_line_join(cairo::LineJoin::Round);
        palette.selection_outer.apply(cr);
        cr.set_line_width(6.0);
        cr.stroke_preserve()?;
        palette.selection_inner.apply(cr);
        cr.set_line_width(2.5);
        cr.stroke()?;
    }
    let pango = pangocairo::functions::create_context(cr);
    for id in scene.board().territory_ids() {
        draw_pieces(cr, &pango, scene, palette, id)?;
    }
    draw_arrow(cr, scene, palette)?;
    cr.restore()
}

/// Where a board point lands in the widget.
fn view(scene: &MapScene, p: Point) -> ViewPoint {
    scene.camera().to_view(p)
}

/// The disc standing for a territory without an outline, in pixels.
fn disc_radius(scene: &MapScene, id: TerritoryId) -> f64 {
    scene
        .camera()
        .length_to_view(scene.geometry().disc_radius(id))
}

/// Starts a new path with a territory's shape (see [`add_territory_shape`]) and sets the
/// even-odd fill rule, so that rings inside rings are holes.
fn territory_path(cr: &cairo::Context, scene: &MapScene, id: TerritoryId, grow: f64) {
    cr.new_path();
    cr.set_fill_rule(cairo::FillRule::EvenOdd);
    add_territory_shape(cr, scene, id, grow);
}

/// Adds a territory's shape to the current path: its outline rings, or its disc grown
/// by `grow` pixels when it has no outline.
fn add_territory_shape(cr: &cairo::Context, scene: &MapScene, id: TerritoryId, grow: f64) {
    let geometry = &scene.board().territory(id).geometry;
    if scene.geometry().has_outline(id) {
        add_rings(cr, scene, &geometry.outline);
    } else {
        glyphs::circle(
            cr,
            view(scene, geometry.centre),
            disc_radius(scene, id) + grow,
        );
    }
}

/// Adds closed rings of board points (an outline) to the current path.
fn add_rings(cr: &cairo::Context, scene: &MapScene, rings: &[Vec<Point>]) {
    for ring in rings {
        let mut points = ring.iter().map(|&p| view(scene, p));
        if let Some(first) = points.next() {
            cr.move_to(first.x, first.y);
            for p in points {
                cr.line_to(p.x, p.y);
            }
            cr.close_path();
        }
    }
}

/// How an unowned or owned territory is filled.
fn fill_colour(scene: &MapScene, palette: &Palette, id: TerritoryId) -> Colour {
    match scene.territory(id).owner {
        Some(seat) => palette.seat_fill(seat),
        None => {
            let group = scene.board().territory(id).group;
            palette.group_fill(group.index(), scene.board().group(group))
        }
    }
}

/// Tints each sea that has an outline, so that the Admiral's waters can be told apart,
/// with a faint line where one sea meets the next (along the coasts the land covers it).
fn draw_sea_areas(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    cr.save()?;
    cr.set_fill_rule(cairo::FillRule::EvenOdd);
    cr.set_line_join(cairo::LineJoin::Bevel);
    for (index, sea) in scene.board().seas.iter().enumerate() {
        if sea.outline.is_empty() {
            continue;
        }
        cr.new_path();
        add_rings(cr, scene, &sea.outline);
        palette.sea_tint(index).apply(cr);
        cr.fill_preserve()?;
        palette.sea_text.with_alpha(0.3).apply(cr);
        cr.set_line_width(1.0);
        cr.stroke()?;
    }
    cr.restore()
}

/// How far to move `b` east or west, by the board's width, to join it to `a` the short
/// way: across the east-west edge of a board that wraps around, when that is shorter.
fn wrap_shift(scene: &MapScene, a: Point, b: Point) -> Option<f64> {
    let width = scene.board().width;
    let dx = b.x - a.x;
    (scene.board().wraps_around && dx.abs() > width / 2.0).then(|| -width * dx.signum())
}

/// Clips further drawing to the board's own area, as seen in the widget.
fn clip_to_board(cr: &cairo::Context, scene: &MapScene) {
    let board = scene.board();
    let top_left = view(scene, Point::new(0.0, 0.0));
    let bottom_right = view(scene, Point::new(board.width, board.height));
    cr.rectangle(
        top_left.x,
        top_left.y,
        bottom_right.x - top_left.x,
        bottom_right.y - top_left.y,
    );
    cr.clip();
}

fn draw_sea_names(
    cr: &cairo::Context,
    pango: &pango::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let font = glyphs::font(
        "Serif Italic",
        Sizes::at(scene.camera().scale()).sea_name_pixels,
    );
    let style = TextStyle {
        fill: palette.sea_text,
        halo: palette.sea,
        halo_width: 0.0,
    };
    let wrap_width = scene.camera().length_to_view(SEA_NAME_WIDTH);
    for sea in &scene.board().seas {
        if let Some(label) = sea.label {
            let name = gettextrs::gettext(sea.name.as_str());
            Label::new(pango, &name, &font).wrapped(wrap_width).draw(
                cr,
                view(scene, label),
                style,
            )?;
        }
    }
    Ok(())
}

/// Which dotted lines [`draw_straits`] draws.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Straits {
    /// Lines within the board, drawn before the land so that only their stretch over
    /// water shows.
    Within,
    /// Lines across the east-west edge of a board that wraps around, drawn over the
    /// land: each runs from its badge off the board, and the edge, not the water,
    /// is what they cross.
    AcrossTheEdge,
}

/// Dotted lines between the badges of territories joined across water.
fn draw_straits(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
    which: Straits,
) -> Result<(), cairo::Error> {
    let board = scene.board();
    let width = if palette.high_contrast { 3.0 } else { 2.2 };
    cr.save()?;
    if which == Straits::AcrossTheEdge {
        clip_to_board(cr, scene);
    }
    cr.set_line_width(width);
    cr.set_line_cap(cairo::LineCap::Round);
    cr.set_dash(&[0.1, width * 2.6], 0.0);
    palette.strait.apply(cr);
    for border in board
        .borders
        .iter()
        .filter(|b| b.kind == BorderKind::Dotted)
    {
        let a = board.territory(border.a).geometry.badge;
        let b = board.territory(border.b).geometry.badge;
        // A line across the edge is drawn twice, each time running off the board:
        // from `a` towards `b`'s place beyond the edge, and from `a`'s back to `b`.
        let lines = match (wrap_shift(scene, a, b), which) {
            (Some(shift), Straits::AcrossTheEdge) => vec![
                (a, Point::new(b.x + shift, b.y)),
                (Point::new(a.x - shift, a.y), b),
            ],
            (None, Straits::Within) => vec![(a, b)],
            _ => Vec::new(),
        };
        for (from, to) in lines {
            let (from, to) = (view(scene, from), view(scene, to));
            cr.move_to(from.x, from.y);
            cr.line_to(to.x, to.y);
        }
    }
    cr.stroke()?;
    cr.restore()
}

/// The land borders of territories drawn as discs (no outline): two discs of one group
/// are joined by a broad band in the group's tint, so that empires read as lands rather
/// than as dots, and every land border is a line between centres, strong between groups.
fn draw_disc_links(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let board = scene.board();
    let geometry = scene.geometry();
    cr.save()?;
    cr.set_line_cap(cairo::LineCap::Round);
    for border in &board.borders {
        let (a, b) = (board.territory(border.a), board.territory(border.b));
        if border.kind != BorderKind::Land
            || a.group != b.group
            || geometry.has_outline(border.a)
            || geometry.has_outline(border.b)
        {
            continue;
        }
        let width = disc_radius(scene, border.a).min(disc_radius(scene, border.b)) * 1.1;
        let (pa, pb) = (
            view(scene, a.geometry.centre),
            view(scene, b.geometry.centre),
        );
        cr.move_to(pa.x, pa.y);
        cr.line_to(pb.x, pb.y);
        cr.set_line_width(width + 4.0);
        palette.shallows.apply(cr);
        cr.stroke_preserve()?;
        cr.set_line_width(width);
        palette
            .group_fill(a.group.index(), board.group(a.group))
            .apply(cr);
        cr.stroke()?;
    }
    // Land borders as lines between centres: thin inside a group, strong between groups.
    for border in board.borders.iter().filter(|b| b.kind == BorderKind::Land) {
        let (a, b) = (board.territory(border.a), board.territory(border.b));
        if geometry.has_outline(border.a) || geometry.has_outline(border.b) {
            continue;
        }
        let (pa, pb) = (
            view(scene, a.geometry.centre),
            view(scene, b.geometry.centre),
        );
        cr.move_to(pa.x, pa.y);
        cr.line_to(pb.x, pb.y);
        if a.group == b.group {
            palette.border.apply(cr);
            cr.set_line_width(palette.border_width * 1.5);
        } else {
            palette.frontier.apply(cr);
            cr.set_line_width(palette.frontier_width * 0.8);
        }
        cr.stroke()?;
    }
    cr.restore()
}

/// Coastal shallows, fills, hatching of independents and the thin territory borders.
fn draw_land(cr: &cairo::Context, scene: &MapScene, palette: &Palette) -> Result<(), cairo::Error> {
    let board = scene.board();
    // Each outline stroked on its own: one path holding every outline would hold each
    // shared border twice, which makes Cairo's stroker slower, not faster. Bevel joins
    // look the same as round ones at these widths and cost less.
    let stroke_every_outline = |cr: &cairo::Context| -> Result<(), cairo::Error> {
        for id in board.territory_ids() {
            territory_path(cr, scene, id, 0.0);
            cr.stroke()?;
        }
        Ok(())
    };
    cr.save()?;
    cr.set_line_join(cairo::LineJoin::Bevel);
    // A band of light water hugging every coast; the fills cover its inner half.
    palette.shallows.apply(cr);
    cr.set_line_width(8.0);
    stroke_every_outline(cr)?;
    let hatching = hatch_pattern(palette, scene.camera().offset())?;
    for id in board.territory_ids() {
        territory_path(cr, scene, id, 0.0);
        fill_colour(scene, palette, id).apply(cr);
        if board.group(board.territory(id).group).kind == GroupKind::Independent {
            cr.fill_preserve()?;
            cr.set_source(&hatching)?;
        }
        cr.fill()?;
    }
    palette.border.apply(cr);
    cr.set_line_width(palette.border_width);
    stroke_every_outline(cr)?;
    cr.restore()
}

/// Diagonal hatching as a repeating pattern: filling a territory with it is one
/// operation, and since the pattern is anchored to the board's origin (`origin`, in
/// pixels), the lines run on unbroken from one independent territory to the next and
/// move with the board when it is panned.
fn hatch_pattern(
    palette: &Palette,
    origin: ViewPoint,
) -> Result<cairo::SurfacePattern, cairo::Error> {
    const SPACING: i32 = 7;
    let tile = cairo::ImageSurface::create(cairo::Format::ARgb32, SPACING, SPACING)?;
    {
        let cr = cairo::Context::new(&tile)?;
        palette.hatch.apply(&cr);
        cr.set_line_width(1.0);
        // The diagonal, and its two corner pieces so that tiles join seamlessly.
        let size = f64::from(SPACING);
        for shift in [-size, 0.0, size] {
            cr.move_to(shift, size);
            cr.line_to(shift + size, 0.0);
        }
        cr.stroke()?;
    }
    let pattern = cairo::SurfacePattern::create(&tile);
    pattern.set_extend(cairo::Extend::Repeat);
    // A pattern's matrix maps user space to pattern space.
    pattern.set_matrix(cairo::Matrix::new(1.0, 0.0, 0.0, 1.0, -origin.x, -origin.y));
    Ok(pattern)
}

/// The thick lines where territories of different groups share an outline edge.
fn draw_frontiers(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let frontiers = scene.geometry().frontiers();
    if frontiers.is_empty() {
        return Ok(());
    }
    cr.save()?;
    cr.set_line_cap(cairo::LineCap::Round);
    cr.set_line_width(palette.frontier_width);
    palette.frontier.apply(cr);
    for segment in frontiers {
        let (a, b) = (view(scene, segment.from), view(scene, segment.to));
        cr.move_to(a.x, a.y);
        cr.line_to(b.x, b.y);
    }
    cr.stroke()?;
    cr.restore()
}

/// Where a territory's name goes: its label point, unless that is where the badge sits
/// (the default when a board gives only centres); then just below the badge, or below
/// the disc when there is no outline. If a badge or, in an empire, the place a castle
/// would stand covers that spot, the name moves to the nearest clear spot within a few
/// badge widths (vertical moves first); if there is none, it stays where it was.
fn name_position(
    scene: &MapScene,
    id: TerritoryId,
    sizes: &Sizes,
    (ink_left, ink_top, ink_right, ink_bottom): (f64, f64, f64, f64),
) -> ViewPoint {
    let board = scene.board();
    let geometry = &board.territory(id).geometry;
    let label = view(scene, geometry.label);
    let badge = view(scene, geometry.badge);
    let wanted = if label.distance(badge) > sizes.badge_radius {
        label
    } else {
        let clearance = if scene.geometry().has_outline(id) {
            sizes.badge_radius
        } else {
            disc_radius(scene, id).max(sizes.badge_radius)
        };
        ViewPoint::new(badge.x, badge.y + clearance + 2.0 - ink_top)
    };
    let name_box = |c: ViewPoint| Rect {
        left: c.x + ink_left,
        top: c.y + ink_top,
        right: c.x + ink_right,
        bottom: c.y + ink_bottom,
    };
    // Only marks near the name can be in the way.
    let reach = (ink_right - ink_left) + 6.0 * sizes.badge_radius;
    let badges: Vec<ViewPoint> = board
        .territories
        .iter()
        .map(|t| view(scene, t.geometry.badge))
        .filter(|b| b.distance(wanted) < reach)
        .collect();
    let castle = board
        .is_in_empire(id)
        .then(|| castle_box(castle_base(scene, id, sizes), sizes.castle_width));
    let clear = |c: ViewPoint| {
        let area = name_box(c);
        badges
            .iter()
            .all(|&b| area.distance_to(b) >= sizes.badge_radius + 1.5)
            && castle.is_none_or(|castle| !castle.overlaps(&area))
    };
    if clear(wanted) {
        return wanted;
    }
    const DIRECTIONS: [(f64, f64); 8] = [
        (0.0, -1.0),
        (0.0, 1.0),
        (0.7, -0.7),
        (-0.7, -0.7),
        (0.7, 0.7),
        (-0.7, 0.7),
        (1.0, 0.0),
        (-1.0, 0.0),
    ];
    (1..=(sizes.badge_radius * 3.0) as u32)
        .flat_map(|step| {
            DIRECTIONS.iter().map(move |&(dx, dy)| {
                ViewPoint::new(
                    wanted.x + dx * f64::from(step),
                    wanted.y + dy * f64::from(step),
                )
            })
        })
        .find(|&c| clear(c))
        .unwrap_or(wanted)
}

/// An axis-aligned rectangle in widget pixels.
#[derive(Copy, Clone, Debug)]
struct Rect {
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
}

impl Rect {
    fn overlaps(&self, other: &Rect) -> bool {
        self.left < other.right
            && other.left < self.right
            && self.top < other.bottom
            && other.top < self.bottom
    }

    /// Distance from the rectangle to a point (0 inside).
    fn distance_to(&self, p: ViewPoint) -> f64 {
        let dx = (self.left - p.x).max(p.x - self.right).max(0.0);
        let dy = (self.top - p.y).max(p.y - self.bottom).max(0.0);
        dx.hypot(dy)
    }
}

/// Where a territory's castle stands (the middle of its wall's base): at its castle
/// point, or left of the badge when that point is the badge's.
fn castle_base(scene: &MapScene, id: TerritoryId, sizes: &Sizes) -> ViewPoint {
    let geometry = &scene.board().territory(id).geometry;
    let badge = view(scene, geometry.badge);
    let base = view(scene, geometry.castle);
    if base.distance(badge) < sizes.badge_radius {
        ViewPoint::new(
            badge.x - sizes.badge_radius - sizes.castle_width * 0.6,
            badge.y + sizes.badge_radius * 0.6,
        )
    } else {
        base
    }
}

/// The box a castle glyph of this width covers above its base (see `CastleGlyph`).
fn castle_box(base: ViewPoint, width: f64) -> Rect {
    Rect {
        left: base.x - width / 2.0,
        top: base.y - width * 1.35,
        right: base.x + width / 2.0,
        bottom: base.y,
    }
}

/// The bold font and haloed ink of names on land, at `pixels`.
fn land_name_look(palette: &Palette, pixels: f64) -> (pango::FontDescription, TextStyle) {
    let style = TextStyle {
        fill: palette.text,
        halo: palette.text_halo,
        halo_width: (pixels * 0.2).max(2.0),
    };
    (glyphs::font("Sans Bold", pixels), style)
}

fn draw_names(
    cr: &cairo::Context,
    pango: &pango::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let sizes = Sizes::at(scene.camera().scale());
    let (font, style) = land_name_look(palette, sizes.name_pixels);
    for id in scene.board().territory_ids() {
        let name = gettextrs::gettext(scene.board().territory(id).name.as_str());
        let label = Label::new(pango, &name, &font);
        let centre = name_position(scene, id, &sizes, label.ink_offsets());
        label.draw(cr, centre, style)?;
    }
    Ok(())
}

/// Each group's name at its anchor, in bold capitals wrapped to the group's width.
fn draw_group_names(
    cr: &cairo::Context,
    pango: &pango::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let sizes = Sizes::at(scene.camera().scale());
    let (font, style) = land_name_look(palette, sizes.group_name_pixels);
    let board = scene.board();
    for group in board.group_ids() {
        let Some(anchor) = scene.geometry().group_anchor(board, group) else {
            continue;
        };
        // Wrapped no narrower than a long word, so that no word is ever broken.
        let width = board
            .group(group)
            .territories
            .iter()
            .filter_map(|&id| scene.geometry().bounds(id))
            .fold(None, |span: Option<(f64, f64)>, b| {
                Some(span.map_or((b.min.x, b.max.x), |(lo, hi)| {
                    (lo.min(b.min.x), hi.max(b.max.x))
                }))
            })
            .map_or(0.0, |(lo, hi)| scene.camera().length_to_view(hi - lo))
            .max(sizes.group_name_pixels * 7.0);
        let name = gettextrs::gettext(board.group(group).name.as_str()).to_uppercase();
        Label::new(pango, &name, &font)
            .wrapped(width)
            .draw(cr, view(scene, anchor), style)?;
    }
    Ok(())
}

fn draw_target(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
    id: TerritoryId,
    kind: TargetKind,
) -> Result<(), cairo::Error> {
    // Neighbours get a light wash (darkening would read as "unavailable") as well as a
    // dashed outline; the many coasts the Admiral can reach get only a dotted outline,
    // so that their names stay readable.
    let (colour, dashes, width, wash): (Colour, &[f64], f64, bool) = match kind {
        TargetKind::Adjacent => (palette.target_adjacent, &[8.0, 4.0], 2.5, true),
        TargetKind::AcrossSea => (palette.target_across_sea, &[0.1, 6.0], 3.5, false),
    };
    cr.save()?;
    territory_path(cr, scene, id, 3.0);
    if wash {
        palette.target_wash.apply(cr);
        cr.fill_preserve()?;
    }
    colour.apply(cr);
    cr.set_line_width(width);
    cr.set_line_cap(cairo::LineCap::Round);
    cr.set_line_join(cairo::LineJoin::Round);
    cr.set_dash(dashes, 0.0);
    cr.stroke()?;
    cr.restore()
}

/// The army badge and the castle of one territory.
fn draw_pieces(
    cr: &cairo::Context,
    pango: &pango::Context,
    scene: &MapScene,
    palette: &Palette,
    id: TerritoryId,
) -> Result<(), cairo::Error> {
    let state = scene.territory(id);
    let geometry = &scene.board().territory(id).geometry;
    let sizes = Sizes::at(scene.camera().scale());
    let badge = view(scene, geometry.badge);
    if let Some(castle) = state.castle {
        CastleGlyph {
            base: castle_base(scene, id, &sizes),
            width: sizes.castle_width,
            stone: palette.castle_stone,
            ink: palette.ink,
            flag: state
                .owner
                .map_or(palette.castle_stone, |s| palette.seat(s)),
            banners: castle.banners,
        }
        .draw(cr, pango)?;
    }
    if state.owner.is_some() || state.armies > 0 {
        let (fill, text) = match state.owner {
            Some(seat) => (palette.seat(seat), palette.seat_text(seat)),
            None => (palette.castle_stone, palette.ink),
        };
        Badge {
            centre: badge,
            radius: sizes.badge_radius,
            fill,
            text,
            rim: palette.ink,
            outer_rim: palette.text_halo.with_alpha(1.0),
            armies: state.armies,
        }
        .draw(cr, pango)?;
    }
    Ok(())
}

fn draw_arrow(
    cr: &cairo::Context,
    scene: &MapScene,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let Some(arrow) = scene.arrow() else {
        return Ok(());
    };
    let sizes = Sizes::at(scene.camera().scale());
    let board = scene.board();
    let body = scene
        .territory(arrow.from)
        .owner
        .map_or(palette.selection_inner, |seat| palette.seat(seat));
    let from = board.territory(arrow.from).geometry.badge;
    let to = board.territory(arrow.to).geometry.badge;
    let draw = |from: Point, to: Point| {
        Arrow {
            from: view(scene, from),
            to: view(scene, to),
            clearance: sizes.badge_radius + 3.0,
            width: (sizes.badge_radius * 0.55).max(4.0),
            body,
            edge: palette.ink,
        }
        .draw(cr)
    };
    match wrap_shift(scene, from, to) {
        // Across the edge of a board that wraps around: the arrow leaves by one edge
        // and comes back by the other, drawn twice within the board's area.
        Some(shift) => {
            cr.save()?;
            clip_to_board(cr, scene);
            draw(from, Point::new(to.x + shift, to.y))?;
            draw(Point::new(from.x - shift, from.y), to)?;
            cr.restore()
        }
        None => draw(from, to),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::map::scene::{AttackArrow, Castle, TerritoryState};
    use crate::map::test_boards;

    /// Renders the scene into a fresh image the size of its camera's view.
    fn render(scene: &MapScene, palette: &Palette) -> cairo::ImageSurface {
        let (width, height) = scene.camera().device_size();
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, width, height).unwrap();
        let cr = cairo::Context::new(&surface).unwrap();
        draw_map(&cr, scene, palette).unwrap();
        drop(cr);
        surface
    }

    /// The colour of one pixel, as 8-bit RGB.
    fn pixel(surface: &mut cairo::ImageSurface, at: ViewPoint) -> [u8; 3] {
        surface.flush();
        let stride = surface.stride() as usize;
        let data = surface.data().unwrap();
        let offset = at.y as usize * stride + at.x as usize * 4;
        // ARGB32 is native-endian: B, G, R, A in memory on little-endian machines.
        let argb = u32::from_ne_bytes(data[offset..offset + 4].try_into().unwrap());
        [(argb >> 16) as u8, (argb >> 8) as u8, argb as u8]
    }

    fn rgb8(colour: Colour) -> [u8; 3] {
        let channel = |c: f64| (c * 255.0).round() as u8;
        [channel(colour.r), channel(colour.g), channel(colour.b)]
    }

    fn close_to(actual: [u8; 3], expected: [u8; 3]) -> bool {
        actual
            .iter()
            .zip(expected)
            .all(|(&a, e)| a.abs_diff(e) <= 2)
    }

    fn scene_of(board: castellan_engine::board::Board) -> MapScene {
        let mut scene = MapScene::new(Arc::new(board));
        scene.camera_mut().resize(640.0, 240.0);
        scene
    }

    #[test]
    fn an_owned_territory_is_filled_with_its_owners_colour() {
        let mut scene = scene_of(test_boards::three_squares_with_outlines());
        let middle = scene.board().territory_by_key("middle").unwrap();
        scene.set_territory(
            middle,
            TerritoryState {
                owner: Some(2),
                armies: 7,
                castle: Some(Castle { banners: 1 }),
            },
        );
        let palette = Palette::new(false, false);
        let mut image = render(&scene, &palette);
        // Near Middle's top-right corner: inside the square, away from the badge, the
        // castle and the name at its centre, and from the border lines.
        let inside = scene.camera().to_view(Point::new(185.0, 12.0));
        assert!(close_to(
            pixel(&mut image, inside),
            rgb8(palette.seat_fill(2))
        ));
        // The neighbour nobody owns keeps its group's tint.
        let west = scene.camera().to_view(Point::new(85.0, 12.0));
        let red = scene.board().group(scene.board().territory(middle).group);
        assert!(close_to(
            pixel(&mut image, west),
            rgb8(palette.group_fill(0, red))
        ));
    }

    /// Distance from `p` to the segment `a`–`b`.
    fn distance_to_segment(p: Point, a: Point, b: Point) -> f64 {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let length_squared = dx * dx + dy * dy;
        let t = if length_squared == 0.0 {
            0.0
        } else {
            (((p.x - a.x) * dx + (p.y - a.y) * dy) / length_squared).clamp(0.0, 1.0)
        };
        (p.x - a.x - t * dx).hypot(p.y - a.y - t * dy)
    }

    /// A point well inside a territory's outline, clear of its borders, badge, castle
    /// and name: where nothing but the fill is drawn.
    fn quiet_interior_point(scene: &MapScene, id: TerritoryId) -> Point {
        let board = scene.board();
        let geometry = &board.territory(id).geometry;
        let bounds = scene.geometry().bounds(id).expect("an outline");
        let clear_of = |p: Point, q: Point, distance: f64| (p.x - q.x).hypot(p.y - q.y) > distance;
        let mut candidates = Vec::new();
        let mut y = bounds.min.y;
        while y <= bounds.max.y {
            let mut x = bounds.min.x;
            while x <= bounds.max.x {
                candidates.push(Point::new(x, y));
                x += 1.0;
            }
            y += 1.0;
        }
        candidates
            .into_iter()
            .find(|&p| {
                scene.geometry().outline_contains(board, id, p)
                    && geometry.outline.iter().all(|ring| {
                        (0..ring.len()).all(|i| {
                            distance_to_segment(p, ring[i], ring[(i + 1) % ring.len()]) > 6.0
                        })
                    })
                    && clear_of(p, geometry.badge, 16.0)
                    && clear_of(p, geometry.castle, 22.0)
                    // Names run wide: keep well away from the label sideways.
                    && ((p.x - geometry.label.x).abs() > 45.0 || (p.y - geometry.label.y).abs() > 12.0)
            })
            .expect("a quiet point")
    }

    #[test]
    fn a_territory_of_the_shipped_board_is_filled_with_its_owners_colour() {
        let mut scene = MapScene::new(Arc::new(test_boards::shipped_castle_risk()));
        scene.camera_mut().resize(1000.0, 800.0);
        let board = scene.board_arc().clone();
        let palette = Palette::new(false, false);
        for (key, seat) in [("london", 0), ("moscow", 3), ("madrid", 5)] {
            let id = board.territory_by_key(key).unwrap();
            scene.set_territory(
                id,
                TerritoryState {
                    owner: Some(seat),
                    armies: 12,
                    castle: Some(Castle { banners: 2 }).filter(|_| board.is_in_empire(id)),
                },
            );
        }
        let mut image = render(&scene, &palette);
        for (key, seat) in [("london", 0), ("moscow", 3)] {
            let id = board.territory_by_key(key).unwrap();
            let at = scene.camera().to_view(quiet_interior_point(&scene, id));
            let colour = pixel(&mut image, at);
            assert!(
                close_to(colour, rgb8(palette.seat_fill(seat))),
                "{key}: {colour:?}"
            );
        }
    }

    #[test]
    fn the_army_badge_is_drawn_in_the_owners_colour() {
        let mut scene = scene_of(test_boards::three_squares_with_outlines());
        let east = scene.board().territory_by_key("east").unwrap();
        scene.set_territory(
            east,
            TerritoryState {
                owner: Some(1),
                armies: 3,
                castle: None,
            },
        );
        let palette = Palette::new(true, false);
        let mut image = render(&scene, &palette);
        // Just right of the badge's centre, clear of the digit.
        let centre = scene.camera().to_view(Point::new(250.0, 50.0));
        let beside_digit = ViewPoint::new(centre.x + 7.0, centre.y + 4.0);
        assert!(close_to(
            pixel(&mut image, beside_digit),
            rgb8(palette.seat(1))
        ));
    }

    #[test]
    fn without_outlines_something_is_drawn_at_every_centre() {
        let scene = {
            let mut scene = MapScene::new(Arc::new(test_boards::castle_risk_centres_only()));
            scene.camera_mut().resize(1000.0, 800.0);
            scene
        };
        let palette = Palette::new(false, false);
        let mut image = render(&scene, &palette);
        let board = scene.board();
        for id in board.territory_ids() {
            let territory = board.territory(id);
            let group = board.group(territory.group);
            let colour = pixel(
                &mut image,
                scene.camera().to_view(territory.geometry.centre),
            );
            assert!(!close_to(colour, rgb8(palette.sea)), "{}", territory.key);
            // Independents are hatched, so their centre may fall on a hatching line.
            if group.kind == GroupKind::Empire {
                let tint = palette.group_fill(territory.group.index(), group);
                assert!(
                    close_to(colour, rgb8(tint)),
                    "{}: {colour:?}",
                    territory.key
                );
            }
        }
    }

    #[test]
    fn the_overview_tints_every_empire_and_writes_each_groups_name() {
        let mut scene = MapScene::new(Arc::new(test_boards::shipped_castle_risk()));
        scene.camera_mut().resize(1000.0, 800.0);
        let board = scene.board_arc().clone();
        // Away from the British Empire's name, which sits on Great Britain.
        let ireland = board.territory_by_key("ireland").unwrap();
        let palette = Palette::print();
        let (width, height) = scene.camera().device_size();
        let mut image = cairo::ImageSurface::create(cairo::Format::ARgb32, width, height).unwrap();
        {
            let cr = cairo::Context::new(&image).unwrap();
            draw_overview(&cr, &scene, &palette).unwrap();
        }
        let at = scene
            .camera()
            .to_view(quiet_interior_point(&scene, ireland));
        let british = board.territory(ireland).group;
        assert!(close_to(
            pixel(&mut image, at),
            rgb8(palette.group_fill(british.index(), board.group(british)))
        ));
        // Ink (a name) is drawn at every group's anchor, not only tints.
        for group in board.group_ids() {
            let anchor = scene
                .camera()
                .to_view(scene.geometry().group_anchor(&board, group).unwrap());
            let inked = (-12..=12).any(|dx| {
                (-6..=6).any(|dy| {
                    let p = pixel(
                        &mut image,
                        ViewPoint::new(anchor.x + f64::from(dx), anchor.y + f64::from(dy)),
                    );
                    p.iter().all(|&c| c < 80)
                })
            });
            assert!(inked, "no name on {}", board.group(group).key);
        }
    }

    #[test]
    fn hovering_changes_only_the_hovered_territory() {
        let mut scene = scene_of(test_boards::three_squares_with_outlines());
        let palette = Palette::new(false, false);
        let west_point = scene.camera().to_view(Point::new(20.0, 20.0));
        let east_point = scene.camera().to_view(Point::new(280.0, 20.0));
        let mut before = render(&scene, &palette);
        scene.set_hovered(scene.board().territory_by_key("west"));
        let mut after = render(&scene, &palette);
        assert_ne!(
            pixel(&mut before, west_point),
            pixel(&mut after, west_point)
        );
        assert_eq!(
            pixel(&mut before, east_point),
            pixel(&mut after, east_point)
        );
    }

    #[test]
    fn targets_selection_arrow_and_castles_draw_on_every_style() {
        let mut scene = MapScene::new(Arc::new(test_boards::castle_risk_centres_only()));
        scene.camera_mut().resize(1200.0, 900.0);
        let board = scene.board_arc().clone();
        let london = board.territory_by_key("london").unwrap();
        let paris = board.territory_by_key("paris").unwrap();
        for (i, id) in board.territory_ids().enumerate() {
            scene.set_territory(
                id,
                TerritoryState {
                    owner: Some((i % 6) as u8),
                    armies: (i * 7) as u32,
                    castle: (i % 9 == 0).then_some(Castle { banners: 2 }),
                },
            );
        }
        scene.set_selected(Some(london));
        scene.set_targets(board.neighbours(london).map(|n| (n, TargetKind::Adjacent)));
        scene.set_arrow(Some(AttackArrow {
            from: london,
            to: paris,
        }));
        let between = {
            let (a, b) = (
                board.territory(london).geometry.badge,
                board.territory(paris).geometry.badge,
            );
            scene
                .camera()
                .to_view(Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0))
        };
        for (dark, high_contrast) in [(false, false), (true, false), (false, true), (true, true)] {
            let palette = Palette::new(dark, high_contrast);
            let mut with_arrow = render(&scene, &palette);
            let mut plain = scene.clone();
            plain.set_arrow(None);
            let mut without = render(&plain, &palette);
            // The arrow bows, so look along a short line across the straight path.
            let differs = (-12..=12).any(|dy| {
                let at = ViewPoint::new(between.x, between.y + f64::from(dy));
                pixel(&mut with_arrow, at) != pixel(&mut without, at)
            });
            assert!(differs, "no arrow with dark={dark} hc={high_contrast}");
        }
    }

    /// Prints how long a full static-layer draw and an overlay-only frame take at
    /// 1920 × 1080 on the shipped board. Run it with
    /// `cargo test --release -- --ignored --nocapture draw_timing`.
    #[test]
    #[ignore = "a timing to read, not a check"]
    fn draw_timing_at_1920_by_1080() {
        use std::time::{Duration, Instant};

        let mut scene = MapScene::new(Arc::new(test_boards::shipped_castle_risk()));
        scene.camera_mut().resize(1920.0, 1080.0);
        let board = scene.board_arc().clone();
        for (i, id) in board.territory_ids().enumerate() {
            scene.set_territory(
                id,
                TerritoryState {
                    owner: Some((i % 5) as u8),
                    armies: 1 + (i * 7 % 23) as u32,
                    castle: (board.is_in_empire(id) && i % 7 == 0).then_some(Castle { banners: 1 }),
                },
            );
        }
        let london = board.territory_by_key("london").unwrap();
        scene.set_selected(Some(london));
        scene.set_targets(board.neighbours(london).map(|n| (n, TargetKind::Adjacent)));
        let palette = Palette::new(false, false);
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1920, 1080).unwrap();
        let cr = cairo::Context::new(&surface).unwrap();

        // The machine may be busy: report the fastest run and the median, not a mean.
        const RUNS: usize = 21;
        let time = |f: &mut dyn FnMut()| {
            let mut runs: Vec<Duration> = (0..RUNS)
                .map(|_| {
                    let started = Instant::now();
                    f();
                    started.elapsed()
                })
                .collect();
            runs.sort();
            (runs[0], runs[RUNS / 2])
        };
        let static_layer = time(&mut || draw_static_layer(&cr, &scene, &palette).unwrap());
        let overlay = time(&mut || draw_overlay(&cr, &scene, &palette).unwrap());

        let mut cache = crate::map::LayerCache::new();
        cache.draw(&cr, &scene, &palette).unwrap();
        let territories: Vec<TerritoryId> = board.territory_ids().collect();
        let mut frame = 0;
        let hover_frame = time(&mut || {
            // Each frame hovers another territory, as moving the pointer does.
            frame += 1;
            scene.set_hovered(Some(territories[frame % territories.len()]));
            cache.draw(&cr, &scene, &palette).unwrap();
        });
        assert_eq!(cache.static_renders(), (1, 0));

        // Dragging a zoomed map: 6 pixels a frame, back and forth.
        scene
            .camera_mut()
            .zoom_about(crate::map::ViewPoint::new(960.0, 540.0), 2.0);
        cache.draw(&cr, &scene, &palette).unwrap();
        let mut frame = 0;
        let pan_frame = time(&mut || {
            frame += 1;
            let step = if frame % 20 < 10 { 6.0 } else { -6.0 };
            scene.camera_mut().pan_by(step, 0.0);
            cache.draw(&cr, &scene, &palette).unwrap();
        });
        assert_eq!(cache.static_renders(), (2, RUNS as u64));
        println!(
            "pan frame (shifted layer + strip + overlay) {:?} / {:?}",
            pan_frame.0, pan_frame.1
        );
        println!(
            "1920×1080, shipped board, fastest / median of {RUNS}: static layer {:?} / {:?}, \
             overlay {:?} / {:?}, hover frame (cached layer + overlay) {:?} / {:?}",
            static_layer.0, static_layer.1, overlay.0, overlay.1, hover_frame.0, hover_frame.1
        );
    }
}
