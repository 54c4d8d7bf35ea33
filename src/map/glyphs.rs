//! Small drawn marks placed on the map: army badges, castles, the attack arrow and
//! text with a halo. Each takes widget-pixel positions and sizes; choosing where they go
//! and how big is `draw.rs`'s business.

use std::f64::consts::{FRAC_PI_2, PI, TAU};

use super::camera::ViewPoint;
use super::palette::Colour;

/// How text is inked: its colour, and a halo so that it reads on any background.
#[derive(Copy, Clone, Debug)]
pub struct TextStyle {
    pub fill: Colour,
    pub halo: Colour,
    /// Width of the halo around each glyph, in pixels; 0 for none.
    pub halo_width: f64,
}

/// Text laid out once, to be measured and then drawn centred on a point.
pub struct Label {
    layout: pango::Layout,
}

impl Label {
    /// Lays `text` out in `font`. One Pango context serves every label of a drawing:
    /// making one per label would dominate the cost of the overlay.
    pub fn new(pango: &pango::Context, text: &str, font: &pango::FontDescription) -> Self {
        let layout = pango::Layout::new(pango);
        layout.set_font_description(Some(font));
        layout.set_text(text);
        Self { layout }
    }

    /// Centres each line of a text of several lines under the others.
    pub fn centred(self) -> Self {
        self.layout.set_alignment(pango::Alignment::Center);
        self
    }

    /// Wraps the text into centred lines no wider than `width` pixels.
    pub fn wrapped(self, width: f64) -> Self {
        self.layout
            .set_width((width * f64::from(pango::SCALE)) as i32);
        self.layout.set_wrap(pango::WrapMode::Word);
        self.layout.set_alignment(pango::Alignment::Center);
        self
    }

    /// Where the inked glyphs lie relative to the point the text is centred on, as
    /// `(left, top, right, bottom)` offsets in pixels: tighter than the line box, since
    /// most names have no descenders.
    pub fn ink_offsets(&self) -> (f64, f64, f64, f64) {
        let (ink, logical) = self.layout.pixel_extents();
        let left = f64::from(ink.x() - logical.x()) - f64::from(logical.width()) / 2.0;
        let top = f64::from(ink.y() - logical.y()) - f64::from(logical.height()) / 2.0;
        (
            left,
            top,
            left + f64::from(ink.width()),
            top + f64::from(ink.height()),
        )
    }

    /// Draws the text with its line box centred on `centre`, turned `degrees`
    /// clockwise about it.
    pub fn draw_turned(
        &self,
        cr: &cairo::Context,
        centre: ViewPoint,
        degrees: f64,
        style: TextStyle,
    ) -> Result<(), cairo::Error> {
        if degrees == 0.0 {
            return self.draw(cr, centre, style);
        }
        cr.save()?;
        cr.translate(centre.x, centre.y);
        cr.rotate(degrees.to_radians());
        self.draw(cr, ViewPoint::new(0.0, 0.0), style)?;
        cr.restore()
    }

    /// Draws the text with its line box centred on `centre`.
    pub fn draw(
        &self,
        cr: &cairo::Context,
        centre: ViewPoint,
        style: TextStyle,
    ) -> Result<(), cairo::Error> {
        let (_, logical) = self.layout.pixel_extents();
        let x = centre.x - f64::from(logical.width()) / 2.0 - f64::from(logical.x());
        let y = centre.y - f64::from(logical.height()) / 2.0 - f64::from(logical.y());
        cr.save()?;
        cr.move_to(x, y);
        if style.halo_width > 0.0 {
            pangocairo::functions::layout_path(cr, &self.layout);
            style.halo.apply(cr);
            cr.set_line_width(2.0 * style.halo_width);
            cr.set_line_join(cairo::LineJoin::Round);
            cr.stroke()?;
            cr.move_to(x, y);
        }
        // Glyphs shown directly (not filled as paths) keep the font's hinting.
        style.fill.apply(cr);
        pangocairo::functions::show_layout(cr, &self.layout);
        cr.restore()
    }
}

/// A font description of `family` at an exact pixel size (not points), so that text
/// scales with the camera and not with the screen's DPI setting.
pub fn font(family_and_style: &str, pixels: f64) -> pango::FontDescription {
    let mut font = pango::FontDescription::from_string(family_and_style);
    font.set_absolute_size(pixels * f64::from(pango::SCALE));
    font
}

/// An army badge: a disc (a pill for wide numbers) in the owner's colour with the count,
/// ringed dark then light so that it stands out on a fill of the same colour.
pub struct Badge {
    pub centre: ViewPoint,
    pub radius: f64,
    pub fill: Colour,
    pub text: Colour,
    pub rim: Colour,
    pub outer_rim: Colour,
    pub armies: u32,
}

impl Badge {
    /// Half the width and half the height a badge of this radius covers when it shows
    /// `armies`, its outer rim included.
    pub fn half_size(pango: &pango::Context, radius: f64, armies: u32) -> (f64, f64) {
        let number = Self::number(pango, radius, armies);
        let outer = Self::rim_width(radius) * 1.5;
        (
            radius + Self::half_straight(&number, radius) + outer,
            radius + outer,
        )
    }

    fn number(pango: &pango::Context, radius: f64, armies: u32) -> Label {
        Label::new(
            pango,
            &armies.to_string(),
            &font("Sans Bold", radius * 1.15),
        )
    }

    /// Half the length of the straight sides that numbers wider than the disc stretch it
    /// into a pill by.
    fn half_straight(number: &Label, radius: f64) -> f64 {
        let (ink_left, _, ink_right, _) = number.ink_offsets();
        ((ink_right - ink_left + radius * 1.1) / 2.0 - radius).max(0.0)
    }

    fn rim_width(radius: f64) -> f64 {
        (radius * 0.14).max(1.2)
    }

    pub fn draw(&self, cr: &cairo::Context, pango: &pango::Context) -> Result<(), cairo::Error> {
        let number = Self::number(pango, self.radius, self.armies);
        let half_straight = Self::half_straight(&number, self.radius);
        let (x, y, r) = (self.centre.x, self.centre.y, self.radius);
        cr.new_path();
        cr.arc(x + half_straight, y, r, -FRAC_PI_2, FRAC_PI_2);
        cr.arc(x - half_straight, y, r, FRAC_PI_2, 3.0 * FRAC_PI_2);
        cr.close_path();
        let rim_width = Self::rim_width(r);
        self.outer_rim.apply(cr);
        cr.set_line_width(rim_width * 3.0);
        cr.stroke_preserve()?;
        self.fill.apply(cr);
        cr.fill_preserve()?;
        self.rim.apply(cr);
        cr.set_line_width(rim_width);
        cr.stroke()?;
        let style = TextStyle {
            fill: self.text,
            halo: self.text,
            halo_width: 0.0,
        };
        number.draw(cr, self.centre, style)
    }
}

/// A castle: a crenellated keep with the banner count on its wall and a flag in the
/// owner's colour.
pub struct CastleGlyph {
    /// Middle of the wall's base.
    pub base: ViewPoint,
    /// Width of the wall; every other size follows from it.
    pub width: f64,
    pub stone: Colour,
    pub ink: Colour,
    pub flag: Colour,
    pub banners: u32,
}

impl CastleGlyph {
    pub fn draw(&self, cr: &cairo::Context, pango: &pango::Context) -> Result<(), cairo::Error> {
        let w = self.width;
        let (left, right, bottom) = (self.base.x - w / 2.0, self.base.x + w / 2.0, self.base.y);
        let wall_top = bottom - w * 0.62;
        let merlon_height = w * 0.18;
        let merlon_width = w / 5.0;
        cr.save()?;
        cr.set_line_join(cairo::LineJoin::Miter);
        cr.set_line_width((w * 0.06).max(1.0));

        // The flag first, so that the wall covers the foot of its pole.
        let pole_x = self.base.x;
        let pole_top = wall_top - merlon_height - w * 0.55;
        cr.move_to(pole_x, wall_top);
        cr.line_to(pole_x, pole_top);
        self.ink.apply(cr);
        cr.stroke()?;
        cr.move_to(pole_x, pole_top);
        cr.line_to(pole_x + w * 0.45, pole_top + w * 0.14);
        cr.line_to(pole_x, pole_top + w * 0.28);
        cr.close_path();
        self.flag.apply(cr);
        cr.fill_preserve()?;
        self.ink.apply(cr);
        cr.stroke()?;

        // Wall with three merlons along its top.
        cr.move_to(left, bottom);
        cr.line_to(left, wall_top - merlon_height);
        for i in 0..5 {
            let x = left + merlon_width * f64::from(i);
            let top = if i % 2 == 0 {
                wall_top - merlon_height
            } else {
                wall_top
            };
            cr.line_to(x, top);
            cr.line_to(x + merlon_width, top);
        }
        cr.line_to(right, bottom);
        cr.close_path();
        self.stone.apply(cr);
        cr.fill_preserve()?;
        self.ink.apply(cr);
        cr.stroke()?;
        cr.restore()?;

        let count = Label::new(
            pango,
            &self.banners.to_string(),
            &font("Sans Bold", w * 0.52),
        );
        let style = TextStyle {
            fill: self.ink,
            halo: self.stone,
            halo_width: 0.0,
        };
        count.draw(
            cr,
            ViewPoint::new(self.base.x, (bottom + wall_top) / 2.0 + w * 0.02),
            style,
        )
    }
}

/// The attack arrow: a gentle curve from one badge to another with a head at the end.
pub struct Arrow {
    pub from: ViewPoint,
    pub to: ViewPoint,
    /// How far short of each end point the arrow stops (to clear the badges).
    pub clearance: f64,
    /// The point the curve is pulled towards (by sea: so that it passes over the
    /// water); `None` bows it gently to its left.
    pub control: Option<ViewPoint>,
    pub width: f64,
    pub body: Colour,
    pub edge: Colour,
}

impl Arrow {
    pub fn draw(&self, cr: &cairo::Context) -> Result<(), cairo::Error> {
        let (dx, dy) = (self.to.x - self.from.x, self.to.y - self.from.y);
        let length = dx.hypot(dy);
        if length <= 2.0 * self.clearance + self.width {
            return Ok(());
        }
        let (ux, uy) = (dx / length, dy / length);
        // Bow the arrow to its left so that two opposite attacks stay apart.
        let bow = length * 0.18;
        let control = self.control.unwrap_or(ViewPoint::new(
            (self.from.x + self.to.x) / 2.0 + uy * bow,
            (self.from.y + self.to.y) / 2.0 - ux * bow,
        ));
        let towards = |from: ViewPoint, to: ViewPoint, distance: f64| {
            let d = from.distance(to);
            ViewPoint::new(
                from.x + (to.x - from.x) * distance / d,
                from.y + (to.y - from.y) * distance / d,
            )
        };
        let start = towards(self.from, control, self.clearance);
        let tip = towards(self.to, control, self.clearance);
        let head_length = self.width * 3.2;
        let head_base = towards(tip, control, head_length);
        let angle = (tip.y - control.y).atan2(tip.x - control.x);

        cr.save()?;
        cr.set_line_cap(cairo::LineCap::Round);
        cr.set_line_join(cairo::LineJoin::Round);
        let shaft = |cr: &cairo::Context| {
            cr.move_to(start.x, start.y);
            // A quadratic curve through `control`, written as the equivalent cubic.
            let c1 = ViewPoint::new(
                start.x + 2.0 / 3.0 * (control.x - start.x),
                start.y + 2.0 / 3.0 * (control.y - start.y),
            );
            let c2 = ViewPoint::new(
                head_base.x + 2.0 / 3.0 * (control.x - head_base.x),
                head_base.y + 2.0 / 3.0 * (control.y - head_base.y),
            );
            cr.curve_to(c1.x, c1.y, c2.x, c2.y, head_base.x, head_base.y);
        };
        let head = |cr: &cairo::Context| {
            let spread = 0.45 * PI;
            let side = head_length / (spread / 2.0).cos();
            cr.move_to(tip.x, tip.y);
            cr.line_to(
                tip.x - side * (angle - spread / 2.0).cos(),
                tip.y - side * (angle - spread / 2.0).sin(),
            );
            cr.line_to(
                tip.x - side * (angle + spread / 2.0).cos(),
                tip.y - side * (angle + spread / 2.0).sin(),
            );
            cr.close_path();
        };
        let edge_width = (self.width * 0.35).max(1.5);
        shaft(cr);
        self.edge.apply(cr);
        cr.set_line_width(self.width + 2.0 * edge_width);
        cr.stroke()?;
        head(cr);
        cr.set_line_width(2.0 * edge_width);
        cr.stroke_preserve()?;
        self.body.apply(cr);
        cr.fill()?;
        shaft(cr);
        cr.set_line_width(self.width);
        cr.stroke()?;
        cr.restore()
    }
}

/// Adds a full circle to the path as a new sub-path.
pub fn circle(cr: &cairo::Context, centre: ViewPoint, radius: f64) {
    cr.new_sub_path();
    cr.arc(centre.x, centre.y, radius, 0.0, TAU);
    cr.close_path();
}
