//! The board's camera: fits what is drawn (in board units) into the widget, centred
//! with a margin, and converts between units and logical pixels; it knows the HiDPI
//! scale factor, so that pictures cached for the widget are made at device size. The
//! board never zooms or pans: it is small enough to be seen whole.

use crate::map::ViewPoint;

/// Free space kept around the board, in logical pixels.
pub const MARGIN: f64 = 8.0;

/// Units to pixels: `pixel = unit × scale + offset`.
#[derive(Clone, Debug, PartialEq)]
pub struct Camera {
    content: (f64, f64),
    view: (f64, f64),
    scale_factor: f64,
    margin: f64,
}

impl Camera {
    /// A camera for content `width × height` units, before the widget has a size.
    pub fn new(width: f64, height: f64) -> Self {
        Self {
            content: (width.max(0.1), height.max(0.1)),
            view: (1.0, 1.0),
            scale_factor: 1.0,
            margin: MARGIN,
        }
    }

    /// The same without a margin (pictures made to measure: the sheet, the rules).
    pub fn without_margin(mut self) -> Self {
        self.margin = 0.0;
        self
    }

    /// The widget's new size, in logical pixels.
    pub fn resize(&mut self, width: f64, height: f64) {
        self.view = (width.max(1.0), height.max(1.0));
    }

    /// Device pixels per logical pixel (2 on a HiDPI screen).
    pub fn set_scale_factor(&mut self, factor: f64) {
        self.scale_factor = if factor.is_finite() && factor >= 1.0 {
            factor
        } else {
            1.0
        };
    }

    pub fn scale_factor(&self) -> f64 {
        self.scale_factor
    }

    pub fn view_size(&self) -> (f64, f64) {
        self.view
    }

    /// The widget's size in device pixels.
    pub fn device_size(&self) -> (i32, i32) {
        let device = |logical: f64| (logical * self.scale_factor).ceil() as i32;
        (device(self.view.0), device(self.view.1))
    }

    /// Logical pixels per unit: the content just fits inside the margins.
    pub fn scale(&self) -> f64 {
        let width = (self.view.0 - 2.0 * self.margin).max(1.0);
        let height = (self.view.1 - 2.0 * self.margin).max(1.0);
        (width / self.content.0).min(height / self.content.1)
    }

    /// Where the content's origin lands: centred.
    pub fn offset(&self) -> ViewPoint {
        let scale = self.scale();
        ViewPoint::new(
            (self.view.0 - self.content.0 * scale) / 2.0,
            (self.view.1 - self.content.1 * scale) / 2.0,
        )
    }

    /// A point in units, in pixels.
    pub fn to_view(&self, x: f64, y: f64) -> ViewPoint {
        let (scale, offset) = (self.scale(), self.offset());
        ViewPoint::new(x * scale + offset.x, y * scale + offset.y)
    }

    /// A point in pixels, in units.
    pub fn to_units(&self, point: ViewPoint) -> (f64, f64) {
        let (scale, offset) = (self.scale(), self.offset());
        ((point.x - offset.x) / scale, (point.y - offset.y) / scale)
    }

    /// A length in units, in pixels.
    pub fn length(&self, units: f64) -> f64 {
        units * self.scale()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_content_is_fitted_and_centred() {
        let mut camera = Camera::new(10.0, 10.0);
        camera.resize(216.0, 116.0);
        // 100 pixels of height for 10 units.
        assert_eq!(camera.scale(), 10.0);
        assert_eq!(camera.to_view(0.0, 0.0), ViewPoint::new(58.0, 8.0));
        assert_eq!(camera.to_view(10.0, 10.0), ViewPoint::new(158.0, 108.0));
        let (x, y) = camera.to_units(ViewPoint::new(108.0, 58.0));
        assert!((x - 5.0).abs() < 1e-9 && (y - 5.0).abs() < 1e-9);
    }

    #[test]
    fn hidpi_changes_the_device_size_not_the_layout() {
        let mut camera = Camera::new(12.0, 12.0);
        camera.resize(400.0, 300.0);
        let before = camera.to_view(3.0, 4.0);
        camera.set_scale_factor(2.0);
        assert_eq!(camera.device_size(), (800, 600));
        assert_eq!(camera.to_view(3.0, 4.0), before);
        camera.set_scale_factor(f64::NAN);
        assert_eq!(camera.scale_factor(), 1.0);
    }

    #[test]
    fn a_tiny_or_empty_widget_never_divides_by_zero() {
        let mut camera = Camera::new(12.0, 12.0);
        camera.resize(0.0, -5.0);
        assert!(camera.scale().is_finite() && camera.scale() > 0.0);
    }
}
