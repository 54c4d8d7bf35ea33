//! The map's camera: converts between board units and widget pixels (fit-to-window, zoom
//! about a point, pan, HiDPI scale factor). Pure arithmetic; drawing lives in `draw.rs`.

use castellan_engine::board::Point;

/// How far the user may zoom in, as a multiple of the fit-to-window scale.
pub const MAX_ZOOM: f64 = 8.0;

/// How far the user may zoom out: the whole board fitted in the window.
pub const MIN_ZOOM: f64 = 1.0;

/// Free space kept around the board when it is fitted, in logical pixels.
pub const FIT_MARGIN: f64 = 12.0;

/// A point in logical widget pixels (x rightwards, y downwards), as GTK reports pointer
/// positions. Kept apart from [`Point`], which is in board units, so the two never mix.
#[derive(Copy, Clone, Debug, PartialEq, Default)]
pub struct ViewPoint {
    pub x: f64,
    pub y: f64,
}

impl ViewPoint {
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }

    /// Straight-line distance to `other`, in pixels.
    pub fn distance(self, other: ViewPoint) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }
}

/// Maps board units to widget pixels: `view = board × scale + offset`.
///
/// The scale is the fit-to-window scale times the user's zoom, so resizing the window
/// keeps the board fitted. The offset is clamped so that a board larger than the window
/// never leaves a gap wider than the margin, and a board smaller than the window stays
/// centred (that is also what letterboxes the fitted board).
#[derive(Clone, Debug, PartialEq)]
pub struct Camera {
    board_width: f64,
    board_height: f64,
    view_width: f64,
    view_height: f64,
    /// Device pixels per logical pixel (2 on a HiDPI screen).
    scale_factor: f64,
    zoom: f64,
    offset_x: f64,
    offset_y: f64,
}

impl Camera {
    /// A camera for a board of this size, before the widget has a size of its own.
    pub fn new(board_width: f64, board_height: f64) -> Self {
        let mut camera = Self {
            // A degenerate board size would make every scale infinite; one unit is the
            // smallest board the arithmetic below handles.
            board_width: board_width.max(1.0),
            board_height: board_height.max(1.0),
            view_width: 1.0,
            view_height: 1.0,
            scale_factor: 1.0,
            zoom: MIN_ZOOM,
            offset_x: 0.0,
            offset_y: 0.0,
        };
        camera.fit();
        camera
    }

    /// Gives the widget's new size in logical pixels and fits the board into it.
    pub fn resize(&mut self, width: f64, height: f64) {
        self.view_width = width.max(1.0);
        self.view_height = height.max(1.0);
        self.fit();
    }

    /// Records how many device pixels make one logical pixel (GTK's integer scale factor).
    pub fn set_scale_factor(&mut self, factor: f64) {
        self.scale_factor = if factor.is_finite() && factor >= 1.0 {
            factor
        } else {
            1.0
        };
    }

    /// Device pixels per logical pixel.
    pub fn scale_factor(&self) -> f64 {
        self.scale_factor
    }

    /// The widget's size in logical pixels.
    pub fn view_size(&self) -> (f64, f64) {
        (self.view_width, self.view_height)
    }

    /// The widget's size in device pixels: the size of an image that covers it sharply.
    pub fn device_size(&self) -> (i32, i32) {
        let to_device = |logical: f64| (logical * self.scale_factor).ceil() as i32;
        (to_device(self.view_width), to_device(self.view_height))
    }

    /// Shows the whole board, centred, with [`FIT_MARGIN`] around it.
    pub fn fit(&mut self) {
        self.zoom = MIN_ZOOM;
        self.clamp_offset();
    }

    /// The scale at which the whole board just fits inside the margins.
    pub fn fit_scale(&self) -> f64 {
        let usable_width = (self.view_width - 2.0 * FIT_MARGIN).max(1.0);
        let usable_height = (self.view_height - 2.0 * FIT_MARGIN).max(1.0);
        (usable_width / self.board_width).min(usable_height / self.board_height)
    }

    /// Logical pixels per board unit.
    pub fn scale(&self) -> f64 {
        self.fit_scale() * self.zoom
    }

    /// The user's zoom as a multiple of the fit scale, in `MIN_ZOOM..=MAX_ZOOM`.
    pub fn zoom(&self) -> f64 {
        self.zoom
    }

    /// Where the board's origin lands in the widget.
    pub fn offset(&self) -> ViewPoint {
        ViewPoint::new(self.offset_x, self.offset_y)
    }

    /// Where a board point appears in the widget.
    pub fn to_view(&self, p: Point) -> ViewPoint {
        let scale = self.scale();
        ViewPoint::new(p.x * scale + self.offset_x, p.y * scale + self.offset_y)
    }

    /// Which board point is under a widget point.
    pub fn to_board(&self, v: ViewPoint) -> Point {
        let scale = self.scale();
        Point::new((v.x - self.offset_x) / scale, (v.y - self.offset_y) / scale)
    }

    /// Converts a length in board units to logical pixels.
    pub fn length_to_view(&self, board_units: f64) -> f64 {
        board_units * self.scale()
    }

    /// Multiplies the zoom by `factor` (clamped), keeping the board point under `anchor`
    /// where it is — unless the clamping of the offset has to move the board back into view.
    pub fn zoom_about(&mut self, anchor: ViewPoint, factor: f64) {
        if !factor.is_finite() || factor <= 0.0 {
            return;
        }
        let under_anchor = self.to_board(anchor);
        self.zoom = (self.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
        let scale = self.scale();
        self.offset_x = anchor.x - under_anchor.x * scale;
        self.offset_y = anchor.y - under_anchor.y * scale;
        self.clamp_offset();
    }

    /// Moves the board by this many logical pixels (as a drag does), within the clamp.
    pub fn pan_by(&mut self, dx: f64, dy: f64) {
        if dx.is_finite() && dy.is_finite() {
            self.offset_x += dx;
            self.offset_y += dy;
            self.clamp_offset();
        }
    }

    /// Pans the least that brings the board point `p` at least `margin` pixels inside
    /// the view (as far as the board's clamp allows); returns whether anything moved.
    pub fn pan_to_show(&mut self, p: Point, margin: f64) -> bool {
        let at = self.to_view(p);
        let shift = |position: f64, size: f64| {
            let margin = margin.min(size / 2.0);
            if position < margin {
                margin - position
            } else if position > size - margin {
                size - margin - position
            } else {
                0.0
            }
        };
        let before = self.offset();
        self.pan_by(shift(at.x, self.view_width), shift(at.y, self.view_height));
        self.offset() != before
    }

    /// How far the board has moved since `earlier`, in logical pixels, if moving is all
    /// that changed (same board, size, scale factor and zoom).
    pub fn panned_since(&self, earlier: &Camera) -> Option<ViewPoint> {
        let unmoved = Camera {
            offset_x: earlier.offset_x,
            offset_y: earlier.offset_y,
            ..self.clone()
        };
        (unmoved == *earlier).then(|| {
            ViewPoint::new(
                self.offset_x - earlier.offset_x,
                self.offset_y - earlier.offset_y,
            )
        })
    }

    /// Per axis: a board narrower than the usable space is centred; a wider one may move
    /// only until its edge meets the margin, so it can never be lost off-screen.
    fn clamp_offset(&mut self) {
        let scale = self.scale();
        self.offset_x = clamp_axis(self.offset_x, self.board_width * scale, self.view_width);
        self.offset_y = clamp_axis(self.offset_y, self.board_height * scale, self.view_height);
    }
}

fn clamp_axis(offset: f64, content: f64, view: f64) -> f64 {
    let usable = view - 2.0 * FIT_MARGIN;
    // The tolerance absorbs rounding in `usable / board × board` at the fit scale.
    if content <= usable + 1e-9 {
        (view - content) / 2.0
    } else {
        offset.clamp(view - FIT_MARGIN - content, FIT_MARGIN)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EPSILON: f64 = 1e-9;

    fn camera_1000_by_800_in(width: f64, height: f64) -> Camera {
        let mut camera = Camera::new(1000.0, 800.0);
        camera.resize(width, height);
        camera
    }

    fn assert_close(a: f64, b: f64) {
        assert!((a - b).abs() < 1e-6, "{a} != {b}");
    }

    #[test]
    fn fit_letterboxes_a_board_into_a_wider_window() {
        let camera = camera_1000_by_800_in(1600.0, 824.0);
        // Height limits: (824 - 2 × 12) / 800 = 1.
        assert_close(camera.scale(), 1.0);
        assert_close(camera.offset().y, FIT_MARGIN);
        // The 1000-pixel-wide board is centred in 1600 pixels.
        assert_close(camera.offset().x, 300.0);
        let top_left = camera.to_view(Point::new(0.0, 0.0));
        let bottom_right = camera.to_view(Point::new(1000.0, 800.0));
        assert_close(top_left.x, 1600.0 - bottom_right.x);
        assert_close(bottom_right.y, 824.0 - FIT_MARGIN);
    }

    #[test]
    fn fit_letterboxes_a_board_into_a_taller_window() {
        let camera = camera_1000_by_800_in(524.0, 1000.0);
        assert_close(camera.scale(), 0.5);
        assert_close(camera.offset().x, FIT_MARGIN);
        assert_close(camera.offset().y, (1000.0 - 400.0) / 2.0);
    }

    #[test]
    fn board_to_view_and_back_is_the_identity() {
        let mut camera = camera_1000_by_800_in(1280.0, 720.0);
        camera.zoom_about(ViewPoint::new(400.0, 300.0), 2.7);
        camera.pan_by(-150.0, 80.0);
        for (x, y) in [(0.0, 0.0), (193.0, 417.0), (1000.0, 800.0), (-40.0, 1234.5)] {
            let board = Point::new(x, y);
            let back = camera.to_board(camera.to_view(board));
            assert!((back.x - x).abs() < EPSILON && (back.y - y).abs() < EPSILON);
        }
        for (x, y) in [(0.0, 0.0), (640.0, 360.0), (1279.0, 719.0)] {
            let view = ViewPoint::new(x, y);
            let back = camera.to_view(camera.to_board(view));
            assert!((back.x - x).abs() < EPSILON && (back.y - y).abs() < EPSILON);
        }
    }

    #[test]
    fn zooming_keeps_the_point_under_the_cursor_fixed() {
        let mut camera = camera_1000_by_800_in(1280.0, 720.0);
        // First make the board larger than the window on both axes, so that no
        // centring applies, then zoom about points away from the middle.
        camera.zoom_about(ViewPoint::new(640.0, 360.0), 2.0);
        for (cursor, factor) in [
            (ViewPoint::new(300.0, 200.0), 1.25),
            (ViewPoint::new(1000.0, 600.0), 0.8),
            (ViewPoint::new(90.0, 650.0), 1.5),
        ] {
            let before = camera.to_board(cursor);
            camera.zoom_about(cursor, factor);
            let after = camera.to_board(cursor);
            assert!(
                before.x.hypot(before.y) > 0.0 && (before.x - after.x).abs() < EPSILON,
                "x moved from {} to {}",
                before.x,
                after.x
            );
            assert!((before.y - after.y).abs() < EPSILON);
        }
    }

    #[test]
    fn zoom_is_clamped_and_full_zoom_out_returns_to_the_fit() {
        let mut camera = camera_1000_by_800_in(1280.0, 720.0);
        let fitted = camera.clone();
        camera.zoom_about(ViewPoint::new(100.0, 100.0), 1000.0);
        assert_close(camera.zoom(), MAX_ZOOM);
        camera.zoom_about(ViewPoint::new(900.0, 500.0), 1e-6);
        assert_close(camera.zoom(), MIN_ZOOM);
        assert_eq!(camera, fitted);
    }

    #[test]
    fn panning_moves_a_zoomed_board_but_never_past_the_margin() {
        let mut camera = camera_1000_by_800_in(1280.0, 720.0);
        camera.zoom_about(ViewPoint::new(640.0, 360.0), 3.0);
        let before = camera.offset();
        camera.pan_by(25.0, -10.0);
        assert_close(camera.offset().x, before.x + 25.0);
        assert_close(camera.offset().y, before.y - 10.0);
        camera.pan_by(1e6, 1e6);
        assert_close(camera.offset().x, FIT_MARGIN);
        assert_close(camera.offset().y, FIT_MARGIN);
        camera.pan_by(-1e7, -1e7);
        let bottom_right = camera.to_view(Point::new(1000.0, 800.0));
        assert_close(bottom_right.x, 1280.0 - FIT_MARGIN);
        assert_close(bottom_right.y, 720.0 - FIT_MARGIN);
    }

    #[test]
    fn panning_a_fitted_board_keeps_it_centred() {
        let mut camera = camera_1000_by_800_in(1280.0, 720.0);
        let fitted = camera.offset();
        camera.pan_by(200.0, 200.0);
        assert_eq!(camera.offset(), fitted);
    }

    #[test]
    fn a_pan_is_told_apart_from_other_camera_changes() {
        let mut camera = camera_1000_by_800_in(1280.0, 720.0);
        camera.zoom_about(ViewPoint::new(640.0, 360.0), 3.0);
        let before = camera.clone();
        camera.pan_by(-30.0, 12.0);
        assert_eq!(
            camera.panned_since(&before),
            Some(ViewPoint::new(-30.0, 12.0))
        );
        let mut zoomed = camera.clone();
        zoomed.zoom_about(ViewPoint::new(10.0, 10.0), 1.1);
        assert_eq!(zoomed.panned_since(&camera), None);
        let mut denser = camera.clone();
        denser.set_scale_factor(2.0);
        assert_eq!(denser.panned_since(&camera), None);
    }

    #[test]
    fn resizing_refits_the_board() {
        let mut camera = camera_1000_by_800_in(1280.0, 720.0);
        camera.zoom_about(ViewPoint::new(10.0, 10.0), 4.0);
        camera.resize(2024.0, 1624.0);
        assert_close(camera.zoom(), MIN_ZOOM);
        assert_close(camera.scale(), 2.0);
    }

    #[test]
    fn device_size_follows_the_hidpi_scale_factor() {
        let mut camera = camera_1000_by_800_in(1280.0, 720.0);
        assert_eq!(camera.device_size(), (1280, 720));
        camera.set_scale_factor(2.0);
        assert_eq!(camera.device_size(), (2560, 1440));
        // A HiDPI screen changes the surface size, never the board-to-logical mapping.
        assert_close(
            camera.to_view(Point::new(1000.0, 800.0)).y,
            720.0 - FIT_MARGIN,
        );
        camera.set_scale_factor(0.0);
        assert_close(camera.scale_factor(), 1.0);
    }

    #[test]
    fn panning_to_show_a_point_brings_it_inside_the_margin_and_no_further() {
        let mut camera = camera_1000_by_800_in(1280.0, 720.0);
        camera.zoom_about(ViewPoint::new(0.0, 0.0), 4.0);
        let far = Point::new(900.0, 700.0);
        assert!(camera.to_view(far).x > 1280.0);
        assert!(camera.pan_to_show(far, 40.0));
        let shown = camera.to_view(far);
        assert_close(shown.x, 1280.0 - 40.0);
        assert_close(shown.y, 720.0 - 40.0);
        // Already in view: nothing moves.
        assert!(!camera.pan_to_show(far, 40.0));
        // A fitted board cannot move at all.
        let mut fitted = camera_1000_by_800_in(1280.0, 720.0);
        assert!(!fitted.pan_to_show(Point::new(0.0, 0.0), 40.0));
    }
}
