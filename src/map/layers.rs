//! The cached layers, and what each frame repaints. The static layer (sea, land,
//! borders, names) is rendered into an image and reused until ownership, castles,
//! camera, widget size, scale factor or style change. The pieces (targets, selection,
//! badges, castles) are drawn over a copy of it: that image, the *base*, is what every
//! frame starts from, and it is kept until the game's state or the camera changes.
//!
//! A pan by whole device pixels keeps the base: frames paint it shifted and draw both
//! layers only in the strips it leaves uncovered, until those grow wide enough to be
//! worth a new base (the old one shifted, the strips drawn on it). The static image
//! catches up later, and only if the pieces change. A frame on a HiDPI screen is tens
//! of megabytes, and copying it is most of what a pan costs: this way a pan frame
//! copies the view once.
//!
//! The overlay (hover, keyboard focus, arrow) is drawn on top of every frame; its
//! bounds are measured, so that only the area where it changed needs painting again:
//! by [`LayerCache::draw_changes`] on a surface that still shows the last frame, and by
//! the widget's compositor, which compares the base and the overlay it is handed with
//! the previous frame's. The marks' layout is kept until the board, its castles or the
//! scale change.

use std::sync::{Arc, Mutex, PoisonError};

use super::camera::{Camera, ViewPoint};
use super::draw::{draw_overlay, draw_pieces_layer, draw_static_layer, layout_marks};
use super::layout::{MarkLayout, Rect};
use super::palette::Palette;
use super::scene::{MapScene, PiecesState};
use castellan_engine::board::TerritoryId;

/// How wide, in logical pixels, the strips a pan leaves uncovered may grow before a
/// new base is drawn: they are drawn every frame, and they cost more as they widen,
/// while a new base costs a copy of the view. At 8 pixels a frame, a new base every 8
/// frames costs least.
const MAX_UNCOVERED: f64 = 64.0;

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
    /// device pixels (a fractional shift would blur the image a little more each frame)
    /// and by less than the view, so that some of the image can be kept.
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

/// The static layer with the pieces over it, as drawn for one camera.
struct Base {
    key: StaticKey,
    state: PiecesState,
    image: cairo::ImageSurface,
    generation: u64,
}

/// Which base a frame starts from, and how far it is shifted: a frame whose base view
/// differs from the last one's must be painted again in full.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct BaseView {
    /// Changes whenever the base is a new image.
    generation: u64,
    shift: ViewPoint,
}

/// Draws a scene, keeping its static layer and its base in images between frames.
#[derive(Default)]
pub struct LayerCache {
    statics: Option<(StaticKey, cairo::ImageSurface)>,
    base: Option<Base>,
    /// How far the view has been panned since the base was drawn.
    shift: ViewPoint,
    /// Where the overlay of the last frame prepared lies.
    overlay: Option<Option<Rect>>,
    /// What a surface drawn by `draw_changes` shows.
    shown: Option<(BaseView, Option<Rect>)>,
    /// The marks' layout, with the board and castles it was made for.
    layout: Option<(usize, Vec<bool>, Arc<MarkLayout>)>,
    buffers: BufferPool,
    generations: u64,
    static_renders: u64,
    static_shifts: u64,
    pieces_renders: u64,
    base_shifts: u64,
}

impl LayerCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// Brings the base up to date with `scene` and measures the overlay: what the
    /// next frame shows.
    pub fn update(&mut self, scene: &MapScene, palette: &Palette) -> Result<(), cairo::Error> {
        let key = StaticKey::of(scene, palette);
        let state = scene.pieces_state();
        let layout = self.layout(scene)?;
        self.shift = ViewPoint::default();
        let base = match self.base.take() {
            Some(base) if base.state == state => match key.pan_since(&base.key) {
                _ if base.key == key => base,
                Some(shift) if small(shift) => {
                    self.shift = shift;
                    base
                }
                // Panned far: the strips are drawn on the base once and for all.
                Some(shift) => {
                    self.base_shifts += 1;
                    let image = self.shifted(&base.image, shift, scene, |cr| {
                        draw_static_layer(cr, scene, palette, &layout)?;
                        draw_pieces_layer(cr, scene, palette, &layout)
                    })?;
                    self.new_base(key, state, image)
                }
                None => self.render_base(key, state, scene, palette, &layout)?,
            },
            _ => self.render_base(key, state, scene, palette, &layout)?,
        };
        self.base = Some(base);
        self.overlay = Some(overlay_bounds(scene, palette, &layout)?);
        Ok(())
    }

    /// Which base the next frame starts from (`None` before the first
    /// [`update`](Self::update)).
    pub fn base_view(&self) -> Option<BaseView> {
        self.base.as_ref().map(|base| BaseView {
            generation: base.generation,
            shift: self.shift,
        })
    }

    /// The image of the next frame's base, for holding on to while something painted
    /// with [`paint_base`](Self::paint_base) may still need it.
    pub fn base_image(&self) -> Option<cairo::ImageSurface> {
        self.base.as_ref().map(|base| base.image.clone())
    }

    /// Paints the base of the next frame: the image, shifted after a pan, and both
    /// layers in the strips it leaves uncovered.
    pub fn paint_base(
        &self,
        cr: &cairo::Context,
        scene: &MapScene,
        palette: &Palette,
    ) -> Result<(), cairo::Error> {
        let (Some(base), Some((_, _, layout))) = (&self.base, &self.layout) else {
            return Ok(());
        };
        cr.save()?;
        // The base is opaque and covers the view: copying is faster than blending.
        cr.set_operator(cairo::Operator::Source);
        cr.set_source_surface(&base.image, self.shift.x, self.shift.y)?;
        cr.paint()?;
        cr.set_operator(cairo::Operator::Over);
        if self.shift != ViewPoint::default() {
            clip_to_uncovered(cr, self.shift, scene.camera());
            let (_, _, width, height) = cr.clip_extents()?;
            if width > 0.0 && height > 0.0 {
                draw_static_layer(cr, scene, palette, layout)?;
                draw_pieces_layer(cr, scene, palette, layout)?;
            }
        }
        cr.restore()
    }

    /// Where the overlay of the next frame lies, in widget pixels, rounded out to whole
    /// device pixels (`None` when it draws nothing).
    pub fn overlay_bounds(&self) -> Option<Rect> {
        self.overlay.flatten()
    }

    /// Draws the overlay of the next frame.
    pub fn paint_overlay(
        &self,
        cr: &cairo::Context,
        scene: &MapScene,
        palette: &Palette,
    ) -> Result<(), cairo::Error> {
        match &self.layout {
            Some((_, _, layout)) => draw_overlay(cr, scene, palette, layout),
            None => Ok(()),
        }
    }

    /// Draws the whole map on `cr`: the base brought up to date, then the overlay.
    pub fn draw(
        &mut self,
        cr: &cairo::Context,
        scene: &MapScene,
        palette: &Palette,
    ) -> Result<(), cairo::Error> {
        self.update(scene, palette)?;
        self.paint(cr, None, scene, palette)
    }

    /// Draws the map on a surface that still shows the last frame this cache drew on
    /// it with `draw_changes` (the first time, or with anything else drawn on it since,
    /// call [`forget_shown`](Self::forget_shown) first): only where the frames differ,
    /// which for a hover is where the old and the new highlight lie.
    pub fn draw_changes(
        &mut self,
        cr: &cairo::Context,
        scene: &MapScene,
        palette: &Palette,
    ) -> Result<(), cairo::Error> {
        self.update(scene, palette)?;
        let (Some(view), Some(bounds)) = (self.base_view(), self.overlay) else {
            return Ok(());
        };
        let damage = match self.shown.replace((view, bounds)) {
            Some((shown, before)) if shown == view => match (before, bounds) {
                (None, None) => return Ok(()),
                (Some(a), Some(b)) => Some(a.union(&b)),
                (a, b) => a.or(b),
            },
            _ => None,
        };
        self.paint(cr, damage, scene, palette)
    }

    /// Makes the next [`draw_changes`](Self::draw_changes) paint everything.
    pub fn forget_shown(&mut self) {
        self.shown = None;
    }

    /// Paints the base and draws the overlay, within `clip` when given.
    fn paint(
        &self,
        cr: &cairo::Context,
        clip: Option<Rect>,
        scene: &MapScene,
        palette: &Palette,
    ) -> Result<(), cairo::Error> {
        cr.save()?;
        if let Some(clip) = clip {
            cr.rectangle(clip.left, clip.top, clip.width(), clip.height());
            cr.clip();
        }
        self.paint_base(cr, scene, palette)?;
        self.paint_overlay(cr, scene, palette)?;
        cr.restore()
    }

    /// The territory at `point` of the widget, as the last frame drew it: the
    /// territory whose name, badge or castle is there, else the land under it.
    pub fn territory_at(&self, scene: &MapScene, point: ViewPoint) -> Option<TerritoryId> {
        let marked = self.layout.as_ref().and_then(|(_, _, layout)| {
            // Laid out for the camera's scale now (a zoom not drawn yet has none).
            if layout.scale() != scene.camera().scale() {
                return None;
            }
            let origin = scene.camera().offset();
            layout.territory_marked_at((point.x - origin.x, point.y - origin.y))
        });
        marked.or_else(|| scene.territory_at(point))
    }

    /// The marks' layout for the scene's board, castles and scale, made anew only when
    /// one of them changed.
    fn layout(&mut self, scene: &MapScene) -> Result<Arc<MarkLayout>, cairo::Error> {
        let board = Arc::as_ptr(scene.board_arc()) as usize;
        let castles = scene.castle_sites();
        if let Some((for_board, for_castles, layout)) = &self.layout
            && *for_board == board
            && *for_castles == castles
            && layout.scale() == scene.camera().scale()
        {
            return Ok(Arc::clone(layout));
        }
        // Names are measured as an image surface draws them, which is what the
        // layers are.
        let scratch = cairo::ImageSurface::create(cairo::Format::ARgb32, 1, 1)?;
        let pango = pangocairo::functions::create_context(&cairo::Context::new(&scratch)?);
        let layout = Arc::new(layout_marks(&pango, scene));
        self.layout = Some((board, castles, Arc::clone(&layout)));
        Ok(layout)
    }

    /// How many times the whole static layer has been drawn, and how many times it has
    /// been shifted with only strips of it drawn: lets tests see the cache work.
    pub fn static_renders(&self) -> (u64, u64) {
        (self.static_renders, self.static_shifts)
    }

    /// How many times the pieces have been drawn over the whole static layer, and
    /// how many times the base has been shifted after a long pan.
    pub fn pieces_renders(&self) -> (u64, u64) {
        (self.pieces_renders, self.base_shifts)
    }

    fn new_base(&mut self, key: StaticKey, state: PiecesState, image: cairo::ImageSurface) -> Base {
        self.generations += 1;
        Base {
            key,
            state,
            image,
            generation: self.generations,
        }
    }

    /// A new base: the static layer brought up to date, and the pieces over a copy.
    fn render_base(
        &mut self,
        key: StaticKey,
        state: PiecesState,
        scene: &MapScene,
        palette: &Palette,
        layout: &MarkLayout,
    ) -> Result<Base, cairo::Error> {
        let statics = match self.statics.take() {
            Some((drawn, image)) if drawn == key => image,
            Some((drawn, image)) => match key.pan_since(&drawn) {
                Some(shift) => {
                    self.static_shifts += 1;
                    self.shifted(&image, shift, scene, |cr| {
                        draw_static_layer(cr, scene, palette, layout)
                    })?
                }
                None => self.render_static(scene, palette, layout)?,
            },
            None => self.render_static(scene, palette, layout)?,
        };
        self.pieces_renders += 1;
        let image = self.rendered(scene, |cr| {
            cr.set_operator(cairo::Operator::Source);
            cr.set_source_surface(&statics, 0.0, 0.0)?;
            cr.paint()?;
            cr.set_operator(cairo::Operator::Over);
            draw_pieces_layer(cr, scene, palette, layout)
        })?;
        self.statics = Some((key.clone(), statics));
        Ok(self.new_base(key, state, image))
    }

    fn render_static(
        &mut self,
        scene: &MapScene,
        palette: &Palette,
        layout: &MarkLayout,
    ) -> Result<cairo::ImageSurface, cairo::Error> {
        self.static_renders += 1;
        self.rendered(scene, |cr| draw_static_layer(cr, scene, palette, layout))
    }

    /// `previous` moved by `shift`, with `draw` called again only for the strips that
    /// move into view: the drawing functions skip whatever lies outside the clip.
    fn shifted(
        &self,
        previous: &cairo::ImageSurface,
        shift: ViewPoint,
        scene: &MapScene,
        draw: impl FnOnce(&cairo::Context) -> Result<(), cairo::Error>,
    ) -> Result<cairo::ImageSurface, cairo::Error> {
        self.rendered(scene, |cr| {
            cr.set_operator(cairo::Operator::Source);
            cr.set_source_surface(previous, shift.x, shift.y)?;
            cr.paint()?;
            cr.set_operator(cairo::Operator::Over);
            clip_to_uncovered(cr, shift, scene.camera());
            draw(cr)
        })
    }

    /// A new image for a layer, one pixel per device pixel with the device scale set
    /// (so that it is painted back 1:1 on HiDPI screens), drawn by `draw`, which must
    /// cover every pixel: the buffer may hold an earlier image. Opaque (the sea covers
    /// the view), in the premultiplied format that GDK takes without conversion.
    fn rendered(
        &self,
        scene: &MapScene,
        draw: impl FnOnce(&cairo::Context) -> Result<(), cairo::Error>,
    ) -> Result<cairo::ImageSurface, cairo::Error> {
        let (width, height) = scene.camera().device_size();
        let format = cairo::Format::ARgb32;
        let stride = format.stride_for_width(width as u32)?;
        let buffer = self.buffers.take(stride as usize * height as usize);
        let surface = cairo::ImageSurface::create_for_data(buffer, format, width, height, stride)?;
        let factor = scene.camera().scale_factor();
        surface.set_device_scale(factor, factor);
        let cr = cairo::Context::new(&surface)?;
        draw(&cr)?;
        drop(cr);
        surface.flush();
        Ok(surface)
    }
}

/// Whether a pan by `shift` uncovers little enough of the view to draw every frame.
fn small(shift: ViewPoint) -> bool {
    shift.x.abs() <= MAX_UNCOVERED && shift.y.abs() <= MAX_UNCOVERED
}

/// Narrows the clip to the strips of the view that an image shifted by `shift` leaves
/// uncovered.
fn clip_to_uncovered(cr: &cairo::Context, shift: ViewPoint, camera: &Camera) {
    let (width, height) = camera.view_size();
    cr.new_path();
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
}

/// The area the overlay of a scene covers, in widget pixels, rounded out to whole
/// device pixels with one to spare; `None` when it draws nothing. Measured by
/// recording the drawing, which lays it out without painting a pixel.
fn overlay_bounds(
    scene: &MapScene,
    palette: &Palette,
    layout: &MarkLayout,
) -> Result<Option<Rect>, cairo::Error> {
    let recording = cairo::RecordingSurface::create(cairo::Content::ColorAlpha, None)?;
    {
        let cr = cairo::Context::new(&recording)?;
        draw_overlay(&cr, scene, palette, layout)?;
    }
    let (x, y, width, height) = recording.ink_extents();
    if width <= 0.0 || height <= 0.0 {
        return Ok(None);
    }
    // Text on a HiDPI surface may land a fraction of a pixel away from where the
    // recording, which has no device scale, put it.
    let factor = scene.camera().scale_factor();
    let spare = 1.0;
    let down = |v: f64| (v * factor).floor() / factor - spare;
    let up = |v: f64| (v * factor).ceil() / factor + spare;
    Ok(Some(Rect {
        left: down(x),
        top: down(y),
        right: up(x + width),
        bottom: up(y + height),
    }))
}

/// Pixel buffers of layers, kept for the next image when an image is dropped. A new
/// buffer the size of a HiDPI view is more than the allocator keeps at hand, so it
/// would come fresh from the kernel, one page fault per 4 KiB as it is drawn on: at
/// 3840 × 2160 that took longer than all the drawing of a pan.
#[derive(Clone, Default)]
struct BufferPool(Arc<Mutex<Vec<Vec<u8>>>>);

/// How many spare buffers a pool keeps.
const SPARE_BUFFERS: usize = 2;

impl BufferPool {
    /// A buffer of `len` bytes, reused when one of that size is spare.
    fn take(&self, len: usize) -> PooledBuffer {
        let spare = {
            let mut spares = self.0.lock().unwrap_or_else(PoisonError::into_inner);
            // Buffers of another size belong to a view that is gone.
            spares.retain(|buffer| buffer.len() == len);
            spares.pop()
        };
        PooledBuffer {
            data: spare.unwrap_or_else(|| vec![0; len]),
            pool: self.clone(),
        }
    }
}

/// A buffer that goes back to its pool when the image drawn on it is dropped.
struct PooledBuffer {
    data: Vec<u8>,
    pool: BufferPool,
}

impl AsMut<[u8]> for PooledBuffer {
    fn as_mut(&mut self) -> &mut [u8] {
        &mut self.data
    }
}

impl Drop for PooledBuffer {
    fn drop(&mut self) {
        let mut spares = self.pool.0.lock().unwrap_or_else(PoisonError::into_inner);
        if spares.len() < SPARE_BUFFERS {
            spares.push(std::mem::take(&mut self.data));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::TargetKind;
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
            ((1, 0), (1, 0))
        );
        scene.set_selected(Some(TerritoryId(1)));
        draw_into(&mut cache, &scene, &palette);
        scene.set_targets([(TerritoryId(2), crate::map::TargetKind::Adjacent)]);
        draw_into(&mut cache, &scene, &palette);
        assert_eq!(
            (cache.static_renders(), cache.pieces_renders()),
            ((1, 0), (3, 0))
        );
    }

    /// The pixels of a surface, and how many differ from another's by more than
    /// antialiasing does, with the largest difference of any channel.
    fn differences(a: &mut cairo::ImageSurface, b: &mut cairo::ImageSurface) -> (usize, u8) {
        a.flush();
        b.flush();
        let (a, b) = (a.data().unwrap(), b.data().unwrap());
        let differing = a
            .chunks(4)
            .zip(b.chunks(4))
            .filter(|(p, q)| p.iter().zip(q.iter()).any(|(x, y)| x.abs_diff(*y) > 3))
            .count();
        let worst = a.iter().zip(b.iter()).map(|(x, y)| x.abs_diff(*y)).max();
        (differing, worst.unwrap_or(0))
    }

    /// A change to a scene, as a step of a test.
    type Step<'a> = Box<dyn Fn(&mut MapScene) + 'a>;

    #[test]
    fn drawing_only_the_changes_shows_what_drawing_everything_shows() {
        // On a HiDPI screen, where a misplaced or blurred repaint shows most.
        let (width, height, factor) = (400.0, 300.0, 2.0);
        let board = Arc::new(test_boards::shipped_castle_risk());
        let mut scene = MapScene::new(Arc::clone(&board));
        scene.camera_mut().resize(width, height);
        scene.camera_mut().set_scale_factor(factor);
        let palette = Palette::new(false, false);
        let key = |k: &str| board.territory_by_key(k).unwrap();
        let (device_width, device_height) = scene.camera().device_size();
        let image = || {
            let surface =
                cairo::ImageSurface::create(cairo::Format::ARgb32, device_width, device_height)
                    .unwrap();
            surface.set_device_scale(factor, factor);
            surface
        };
        let mut retained = image();
        let mut cache = LayerCache::new();
        let steps: Vec<(&str, Step)> = vec![
            ("first frame", Box::new(|_| {})),
            (
                "hover Paris",
                Box::new(|s| {
                    s.set_hovered(Some(key("paris")));
                }),
            ),
            (
                "hover Moscow",
                Box::new(|s| {
                    s.set_hovered(Some(key("moscow")));
                }),
            ),
            (
                "focus London",
                Box::new(|s| {
                    s.set_focused(Some(key("london")));
                }),
            ),
            (
                "hover nothing",
                Box::new(|s| {
                    s.set_hovered(None);
                }),
            ),
            (
                "select Vienna",
                Box::new(|s| {
                    s.set_selected(Some(key("vienna")));
                    let targets = s.board().neighbours(key("vienna")).collect::<Vec<_>>();
                    s.set_targets(targets.into_iter().map(|n| (n, TargetKind::Adjacent)));
                }),
            ),
            (
                "arrow to Bohemia",
                Box::new(|s| {
                    s.set_arrow(Some(crate::map::AttackArrow {
                        from: key("vienna"),
                        to: key("bohemia"),
                        by_sea: false,
                    }))
                }),
            ),
            (
                "zoom",
                Box::new(|s| s.camera_mut().zoom_about(ViewPoint::new(200.0, 150.0), 2.5)),
            ),
            ("pan", Box::new(|s| s.camera_mut().pan_by(-23.0, 11.5))),
            (
                "hover Venice",
                Box::new(|s| {
                    s.set_hovered(Some(key("venice")));
                }),
            ),
            ("pan back", Box::new(|s| s.camera_mut().pan_by(30.0, -4.0))),
            ("arrow gone", Box::new(|s| s.set_arrow(None))),
            ("long pan", Box::new(|s| s.camera_mut().pan_by(0.0, 120.0))),
            (
                "hover Rome",
                Box::new(|s| {
                    s.set_hovered(Some(key("rome")));
                }),
            ),
        ];
        for (step, change) in steps {
            change(&mut scene);
            {
                let cr = cairo::Context::new(&retained).unwrap();
                cache.draw_changes(&cr, &scene, &palette).unwrap();
            }
            let mut fresh = image();
            {
                let cr = cairo::Context::new(&fresh).unwrap();
                crate::map::draw::draw_map(&cr, &scene, &palette).unwrap();
            }
            let (differing, worst) = differences(&mut retained, &mut fresh);
            // Shifted images and clipped strips may round a few edge pixels otherwise.
            assert!(
                differing <= 40 && worst <= 24,
                "after {step}: {differing} pixels differ, by up to {worst}"
            );
        }
        // The first frame, the selection and the zoom drew the pieces, the short pans
        // nothing, and the long pan only strips, on a base shifted once.
        assert_eq!(cache.pieces_renders(), (3, 1));
        assert_eq!(cache.static_renders(), (2, 0));
    }

    #[test]
    fn the_overlays_bounds_hold_everything_it_draws() {
        let mut scene = MapScene::new(Arc::new(test_boards::shipped_castle_risk()));
        scene.camera_mut().resize(500.0, 400.0);
        let palette = Palette::new(true, false);
        let mut cache = LayerCache::new();
        cache.update(&scene, &palette).unwrap();
        assert_eq!(cache.overlay_bounds(), None, "nothing hovered");
        let board = scene.board_arc().clone();
        for id in board.territory_ids() {
            scene.set_hovered(Some(id));
            scene.set_focused(Some(id));
            cache.update(&scene, &palette).unwrap();
            let bounds = cache.overlay_bounds().expect("a hover draws something");
            let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 500, 400).unwrap();
            {
                let cr = cairo::Context::new(&surface).unwrap();
                cache.paint_overlay(&cr, &scene, &palette).unwrap();
            }
            let mut surface = surface;
            let stride = surface.stride() as usize;
            let data = surface.data().unwrap();
            for y in 0..400 {
                for x in 0..500 {
                    let inside = (bounds.left..bounds.right).contains(&(x as f64 + 0.5))
                        && (bounds.top..bounds.bottom).contains(&(y as f64 + 0.5));
                    let alpha = data[y * stride + x * 4 + 3];
                    assert!(
                        inside || alpha == 0,
                        "{}: ink at ({x}, {y}) outside {bounds:?}",
                        board.territory(id).key
                    );
                }
            }
        }
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
        // The base is painted shifted; the static image waits until the pieces change.
        assert_eq!(cache.static_renders(), (1, 0));
        assert_eq!(cache.pieces_renders(), (1, 0));
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
        assert_eq!(cache.static_renders(), (2, 0));
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
        assert_eq!(cache.pieces_renders(), (3, 0));
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
