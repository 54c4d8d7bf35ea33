//! Text on charts that never overlaps: every label is measured with Pango and placed
//! only where it fits inside the chart and clear of every label placed before; a
//! label that does not fit is left out (or shortened with an ellipsis, where a
//! shorter form still says enough). The placed boxes are kept, so tests can check.

use super::theme::Colour;

/// A box on the chart, in the drawing's units.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    pub fn overlaps(&self, other: &Rect) -> bool {
        self.x < other.x + other.width
            && other.x < self.x + self.width
            && self.y < other.y + other.height
            && other.y < self.y + self.height
    }

    fn inside(&self, bounds: &Rect) -> bool {
        self.x >= bounds.x - 0.5
            && self.y >= bounds.y - 0.5
            && self.x + self.width <= bounds.x + bounds.width + 0.5
            && self.y + self.height <= bounds.y + bounds.height + 0.5
    }
}

/// Where a label's anchor point is on the label.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The anchor is the left end of the label, centred vertically.
    Left,
    /// The right end, centred vertically.
    Right,
    /// The middle of the top edge.
    Top,
    /// The top left corner.
    TopLeft,
}

/// The labels of one chart.
pub struct Labels<'a> {
    cr: &'a cairo::Context,
    bounds: Rect,
    placed: Vec<Rect>,
}

impl<'a> Labels<'a> {
    /// Labels kept within `bounds`.
    pub fn new(cr: &'a cairo::Context, bounds: Rect) -> Self {
        Self {
            cr,
            bounds,
            placed: Vec::new(),
        }
    }

    /// A layout of `text` in a `size`-pixel font, bold or not, at most `max_width`
    /// wide (ellipsized past it).
    pub fn layout(
        &self,
        text: &str,
        size: f64,
        bold: bool,
        max_width: Option<f64>,
    ) -> pango::Layout {
        let layout = pangocairo::functions::create_layout(self.cr);
        let mut font = pango::FontDescription::from_string("Sans");
        font.set_absolute_size(size.max(1.0) * f64::from(pango::SCALE));
        if bold {
            font.set_weight(pango::Weight::Bold);
        }
        layout.set_font_description(Some(&font));
        layout.set_text(text);
        if let Some(width) = max_width {
            layout.set_width((width.max(1.0) * f64::from(pango::SCALE)) as i32);
            layout.set_ellipsize(pango::EllipsizeMode::End);
            layout.set_wrap(pango::WrapMode::WordChar);
        }
        layout
    }

    /// The size of `text` as [`Labels::layout`] would set it.
    pub fn measure(&self, text: &str, size: f64) -> (f64, f64) {
        let (w, h) = self.layout(text, size, false, None).pixel_size();
        (f64::from(w), f64::from(h))
    }

    /// Draws `text` anchored at `(x, y)` when it fits clear of the others; says
    /// whether it was drawn.
    #[allow(clippy::too_many_arguments)]
    pub fn place(
        &mut self,
        text: &str,
        x: f64,
        y: f64,
        anchor: Anchor,
        size: f64,
        bold: bool,
        max_width: Option<f64>,
        colour: Colour,
    ) -> bool {
        if text.is_empty() || size < 4.0 {
            return false;
        }
        let layout = self.layout(text, size, bold, max_width);
        // One line only: an ellipsized layout never wraps to a second.
        layout.set_height(0);
        let (w, h) = layout.pixel_size();
        let (w, h) = (f64::from(w), f64::from(h));
        let (left, top) = match anchor {
            Anchor::Left => (x, y - h / 2.0),
            Anchor::Right => (x - w, y - h / 2.0),
            Anchor::Top => (x - w / 2.0, y),
            Anchor::TopLeft => (x, y),
        };
        let rect = Rect {
            x: left,
            y: top,
            width: w,
            height: h,
        };
        if !rect.inside(&self.bounds) || self.placed.iter().any(|r| r.overlaps(&rect)) {
            return false;
        }
        colour.apply(self.cr);
        self.cr.move_to(left, top);
        pangocairo::functions::show_layout(self.cr, &layout);
        self.placed.push(rect);
        true
    }

    /// Keeps `rect` clear for a mark that goes with a label (a legend's swatch), when
    /// it fits clear of the others; says whether it does.
    pub fn reserve(&mut self, rect: Rect) -> bool {
        if !rect.inside(&self.bounds) || self.placed.iter().any(|r| r.overlaps(&rect)) {
            return false;
        }
        self.placed.push(rect);
        true
    }

    /// Every label drawn, in order.
    pub fn into_placed(self) -> Vec<Rect> {
        self.placed
    }
}
