//! The cached layers. The static one (sea, land, borders, names) is rendered once into
//! an image and reused until ownership, castles, camera, widget size, scale factor or
//! style change; a pan by whole device pixels reuses it shifted and draws only the
//! strips it uncovers. The pieces (targets, selection, badges, castles) are drawn over
//! a copy of it and reused until the game's state changes too, so that a hover or a
//! keyboard move repaints only the overlay. The marks' layout is kept until the board,
//! its castles or the scale change.

use std::sync::Arc;

use super::camera::{Camera, ViewPoint};
use super::draw::{draw_overlay, draw_pieces_layer, draw_static_layer, layout_marks};
use super::layout::MarkLayout;
use super::palette::Palette;
use super::scene::{MapScene, PiecesState};

/// Everything the static layer depends on; the image is redrawn when any of it differs.
#[derive(Clone, Debug, PartialEq)]
struct StaticKey {
    /// Identity of the board (the scene shares it through an `Arc`).
    board: usize,
    camera: Camera,
    owners: Vec<Option<u8>>,
    /// Castles move names aside.
    castles: Vec<bool>,
    palette: Palette,
}

impl StaticKey {
    fn of(scene: &MapScene, palette: &Palette) -> Self {
        Self {
            board: Arc::as_ptr(scene.board_arc()) as usize,
            camera: scene.camera().clone(),
            owners: scene.owners().collect(),
            castles: scene.castle_sites(),
            palette: palette.clone(),
        }
    }

    /// The shift, in logical pixels, that turns the image drawn for `earlier` into the
    /// one for `self`: only when the camera has merely been panned, by a whole number of
    /// device pixels (a fractional shift would blur the image a little more each frame).
    fn pan_since(&self, earlier: &StaticKey) -> Option<ViewPoint> {
        if (self.board, &self.owners, &self.castles, &self.palette)
            != (
                earlier.board,
                &earlier.owners,
                &earlier.castles,
                &earlier.palette,
            )
        {
            return None;
        }
        let shift = self.camera.panned_since(&earlier.camera)?;
        let factor = self.camera.scale_factor();
        let whole = |logical: f64| ((logical * factor).round() - logical * factor).abs() < 1e-6;
        let (width, height) = self.camera.view_size();
        (whole(shift.x) && whole(shift.y) && shift.x.abs() < width && shift.y.abs() < height)
            .then_some(shift)
    }
}

/// Draws a scene, keeping its static layer and its pieces in images between frames.
#[derive(Default)]
pub struct LayerCache {
    cached: Option<(StaticKey, cairo::ImageSurface)>,
    /// The static layer with the pieces drawn over it, and the state they show; valid
    /// while the static layer is the one it was drawn over.
    pieces: Option<(PiecesState, cairo::ImageSurface)>,
    /// The marks' layout, with the board and castles it was made for.
    layout: Option<(usize, Vec<bool>, Arc<MarkLayout>)>,
    static_renders: u64,
    shifted_renders: u64,
    pieces_renders: u64,
}

impl LayerCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// Draws the map: the cached layers (brought up to date first if stale), then the
    /// overlay.
    pub fn draw(
        &mut self,
        cr: &cairo::Context,
        scene: &MapScene,
        palette: &Palette,
    ) -> Result<(), cairo::Error> {
        let key = StaticKey::of(scene, palette);
        let layout = self.layout(cr, scene);
        let (surface, static_changed) = match self.cached.take() {
            Some((cached_key, surface)) if cached_key == key => (surface, false),
            Some((cached_key, surface)) => match key.pan_since(&cached_key) {
                Some(shift) => (
                    self.render_shifted(&surface, shift, scene, palette, &layout)?,
                    true,
                ),
                None => (self.render_static(scene, palette, &layout)?, true),
            },
            None => (self.render_static(scene, palette, &layout)?, true),
        };
        let state = scene.pieces_state();
        let pieces = match self.pieces.take() {
            Some((drawn, pieces)) if !static_changed && drawn == state => pieces,
            _ => self.render_pieces(&surface, scene, palette, &layout)?,
        };
        cr.save()?;
        cr.set_source_surface(&pieces, 0.0, 0.0)?;
        cr.paint()?;
        cr.restore()?;
        self.cached = Some((key, surface));
        self.pieces = Some((state, pieces));
        draw_overlay(cr, scene, palette, &layout)
    }

    /// The marks' layout for the scene's board, castles and scale, made anew only when
    /// one of them changed.
    fn layout(&mut self, cr: &cairo::Context, scene: &MapScene) -> Arc<MarkLayout> {
        let board = Arc::as_ptr(scene.board_arc()) as usize;
        let castles = scene.castle_sites();
        match &self.layout {
            Some((for_board, for_castles, layout))
                if *for_board == board
                    && *for_castles == castles
                    && layout.scale() == scene.camera().scale() =>
            {
                Arc::clone(layout)
            }
            _ => {
                let pango = pangocairo::functions::create_context(cr);
                let layout = Arc::new(layout_marks(&pango, scene));
                self.layout = Some((board, castles, Arc::clone(&layout)));
                layout
            }
        }
    }

    /// How many times the whole static layer has been drawn, and how many times only
    /// strips of it after a pan: lets tests see the cache work.
    pub fn static_renders(&self) -> (u64, u64) {
        (self.static_renders, self.shifted_renders)
    }

    /// How many times the pieces have been drawn.
    pub fn pieces_renders(&self) -> u64 {
        self.pieces_renders
    }

    /// A copy of the static layer with the pieces drawn over it.
    fn render_pieces(
        &mut self,
        static_layer: &cairo::ImageSurface,
        scene: &MapScene,
        palette: &Palette,
        layout: &MarkLayout,
    ) -> Result<cairo::ImageSurface, cairo::Error> {
        self.pieces_renders += 1;
        Self::rendered(scene, |cr| {
            cr.set_source_surface(static_layer, 0.0, 0.0)?;
            cr.paint()?;
            draw_pieces_layer(cr, scene, palette, layout)
        })
    }

    fn render_static(
        &mut self,
        scene: &MapScene,
        palette: &Palette,
        layout: &MarkLayout,
    ) -> Result<cairo::ImageSurface, cairo::Error> {
        self.static_renders += 1;
        Self::rendered(scene, |cr| draw_static_layer(cr, scene, palette, layout))
    }

    /// Paints the previous image moved by `shift` and draws the layer again only in
    /// the strips that move uncovered; Cairo skips whatever lies outside the clip.
    fn render_shifted(
        &mut self,
        previous: &cairo::ImageSurface,
        shift: ViewPoint,
        scene: &MapScene,
        palette: &Palette,
        layout: &MarkLayout,
    ) -> Result<cairo::ImageSurface, cairo::Error> {
        self.shifted_renders += 1;
        Self::rendered(scene, |cr| {
            cr.set_source_surface(previous, shift.x, shift.y)?;
            cr.paint()?;
            let (width, height) = scene.camera().view_size();
            if shift.x > 0.0 {
                cr.rectangle(0.0, 0.0, shift.x, height);
            } else if shift.x < 0.0 {
                cr.rectangle(width + shift.x, 0.0, -shift.x, height);
            }
            if shift.y > 0.0 {
                cr.rectangle(0.0, 0.0, width, shift.y);
            } else if shift.y < 0.0 {
                cr.rectangle(0.0, height + shift.y, width, -shift.y);
            }
            cr.clip();
            draw_static_layer(cr, scene, palette, layout)
        })
    }

    /// A new image for a layer, one pixel per device pixel with the device scale set
    /// (so that it is painted back 1:1 on HiDPI screens), drawn by `draw`.
    fn rendered(
        scene: &MapScene,
        draw: impl FnOnce(&cairo::Context) -> Result<(), cairo::Error>,
    ) -> Result<cairo::ImageSurface, cairo::Error> {
        let (width, height) = scene.camera().device_size();
        // The sea covers every pixel, so the layers need no alpha channel.
        let surface = cairo::ImageSurface::create(cairo::Format::Rgb24, width, height)?;
        let factor = scene.camera().scale_factor();
        surface.set_device_scale(factor, factor);
        let cr = cairo::Context::new(&surface)?;
        draw(&cr)?;
        drop(cr);
        surface.flush();
        Ok(surface)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::camera::ViewPoint;
    use crate::map::scene::TerritoryState;
    use crate::map::test_boards;
    use castellan_engine::board::TerritoryId;

    fn draw_into(cache: &mut LayerCache, scene: &MapScene, palette: &Palette) {
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 320, 120).unwrap();
        let cr = cairo::Context::new(&surface).unwrap();
        cache.draw(&cr, scene, palette).unwrap();
    }

    #[test]
    fn hover_and_focus_reuse_both_layers_and_selection_the_static_one() {
        let mut scene = MapScene::new(Arc::new(test_boards::three_squares_with_outlines()));
        scene.camera_mut().resize(320.0, 120.0);
        let palette = Palette::new(false, false);
        let mut cache = LayerCache::new();
        draw_into(&mut cache, &scene, &palette);
        scene.set_hovered(Some(TerritoryId(0)));
        draw_into(&mut cache, &scene, &palette);
        scene.set_focused(Some(TerritoryId(2)));
        draw_into(&mut cache, &scene, &palette);
        assert_eq!(
            (cache.static_renders(), cache.pieces_renders()),
            ((1, 0), 1)
        );
        scene.set_selected(Some(TerritoryId(1)));
        draw_into(&mut cache, &scene, &palette);
        scene.set_targets([(TerritoryId(2), crate::map::TargetKind::Adjacent)]);
        draw_into(&mut cache, &scene, &palette);
        assert_eq!(
            (cache.static_renders(), cache.pieces_renders()),
            ((1, 0), 3)
        );
    }

    #[test]
    fn a_pan_redraws_only_the_uncovered_strips_and_looks_the_same() {
        let mut scene = MapScene::new(Arc::new(test_boards::shipped_castle_risk()));
        scene.camera_mut().resize(400.0, 300.0);
        scene
            .camera_mut()
            .zoom_about(ViewPoint::new(200.0, 150.0), 3.0);
        let palette = Palette::new(false, false);
        let mut cache = LayerCache::new();
        let render_with = |cache: &mut LayerCache, scene: &MapScene| {
            let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 400, 300).unwrap();
            let cr = cairo::Context::new(&surface).unwrap();
            cache.draw(&cr, scene, &palette).unwrap();
            drop(cr);
            surface.take_data().unwrap().to_vec()
        };
        render_with(&mut cache, &scene);
        scene.camera_mut().pan_by(-17.0, 9.0);
        let shifted = render_with(&mut cache, &scene);
        assert_eq!(cache.static_renders(), (1, 1));
        let full = render_with(&mut LayerCache::new(), &scene);
        // Drawing through a clip may round a few antialiased pixels differently.
        let differing = shifted
            .chunks(4)
            .zip(full.chunks(4))
            .filter(|(a, b)| a.iter().zip(b.iter()).any(|(x, y)| x.abs_diff(*y) > 3))
            .count();
        let worst = shifted.iter().zip(&full).map(|(a, b)| a.abs_diff(*b)).max();
        assert!(differing <= 20, "{differing} pixels differ");
        assert!(worst <= Some(16), "a channel differs by {worst:?}");
        // Half a pixel cannot be shifted without blurring: that redraws everything.
        scene.camera_mut().pan_by(0.5, 0.0);
        render_with(&mut cache, &scene);
        assert_eq!(cache.static_renders(), (2, 1));
    }

    #[test]
    fn ownership_camera_size_and_style_each_redraw_the_static_layer() {
        let mut scene = MapScene::new(Arc::new(test_boards::three_squares_with_outlines()));
        scene.camera_mut().resize(320.0, 120.0);
        let mut palette = Palette::new(false, false);
        let mut cache = LayerCache::new();
        draw_into(&mut cache, &scene, &palette);
        scene.set_territory(
            TerritoryId(2),
            TerritoryState {
                owner: Some(0),
                ..TerritoryState::default()
            },
        );
        draw_into(&mut cache, &scene, &palette);
        assert_eq!(cache.static_renders(), (2, 0));
        // Armies alone are pieces, over the same static layer.
        scene.set_territory(
            TerritoryId(2),
            TerritoryState {
                owner: Some(0),
                armies: 9,
                castle: None,
            },
        );
        draw_into(&mut cache, &scene, &palette);
        assert_eq!(cache.static_renders(), (2, 0));
        assert_eq!(cache.pieces_renders(), 3);
        scene
            .camera_mut()
            .zoom_about(ViewPoint::new(100.0, 60.0), 2.0);
        draw_into(&mut cache, &scene, &palette);
        scene.camera_mut().resize(300.0, 100.0);
        draw_into(&mut cache, &scene, &palette);
        scene.camera_mut().set_scale_factor(2.0);
        draw_into(&mut cache, &scene, &palette);
        palette = Palette::new(true, false);
        draw_into(&mut cache, &scene, &palette);
        assert_eq!(cache.static_renders(), (6, 0));
    }
}
