//! The map's drawing area: a `gtk::DrawingArea` that hands GTK render nodes instead of
//! drawing every pixel of every frame. Each frame is the map's base (kept as one node
//! for as long as it does not change) and a small node for the overlay. GTK compares
//! a frame's nodes with the last frame's and repaints only where they differ, so a
//! hover repaints the old and the new highlight, not the whole map: on a HiDPI screen
//! a whole frame is tens of megabytes to copy. What goes in the nodes is
//! `map::LayerCache`'s business; `map_view.rs` supplies it through the snapshot function.

use std::cell::RefCell;

use relm4::gtk::{self, glib, graphene, gsk, prelude::*, subclass::prelude::*};

use crate::map::layers::BaseView;
use crate::map::{LayerCache, MapScene, Palette};

/// Draws a frame: the snapshot to fill, and the area's width and height.
type SnapshotFunc = Box<dyn Fn(&gtk::Snapshot, f64, f64)>;

mod imp {
    use super::*;

    #[derive(Default)]
    pub struct MapArea {
        pub snapshot_func: RefCell<Option<SnapshotFunc>>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for MapArea {
        const NAME: &'static str = "CastellanMapArea";
        type Type = super::MapArea;
        type ParentType = gtk::DrawingArea;
    }

    impl ObjectImpl for MapArea {}

    impl WidgetImpl for MapArea {
        // In place of the drawing area's own, which would draw every pixel on a new
        // surface each frame.
        fn snapshot(&self, snapshot: &gtk::Snapshot) {
            let widget = self.obj();
            if let Some(func) = &*self.snapshot_func.borrow() {
                func(
                    snapshot,
                    f64::from(widget.width()),
                    f64::from(widget.height()),
                );
            }
        }
    }

    impl DrawingAreaImpl for MapArea {}
}

glib::wrapper! {
    /// A drawing area whose frames are made of render nodes by a snapshot function.
    pub struct MapArea(ObjectSubclass<imp::MapArea>)
        @extends gtk::DrawingArea, gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget;
}

impl Default for MapArea {
    fn default() -> Self {
        glib::Object::new()
    }
}

impl MapArea {
    /// Sets what draws each frame.
    pub fn set_snapshot_func(&self, func: impl Fn(&gtk::Snapshot, f64, f64) + 'static) {
        self.imp().snapshot_func.replace(Some(Box::new(func)));
        self.queue_draw();
    }
}

/// The base nodes a map has handed GTK, kept so that an unchanged base is the same
/// node frame after frame (GTK then sees nothing to repaint there).
#[derive(Default)]
pub struct Frames {
    current: Option<(BaseView, gsk::RenderNode, cairo::ImageSurface)>,
    /// Earlier bases, each with the snapshot it was replaced at. A node paints its image
    /// through a snapshot that Cairo copies if the image goes first, so each image is
    /// kept until GTK, which holds a frame's nodes until the next is shown, has let go.
    retired: Vec<(u64, gsk::RenderNode, cairo::ImageSurface)>,
    snapshots: u64,
}

/// How many snapshots a replaced base is kept for.
const RETIRED_FOR: u64 = 2;

impl Frames {
    /// Appends a frame of the map to `snapshot`: the base, then the overlay.
    pub fn snapshot(
        &mut self,
        snapshot: &gtk::Snapshot,
        (width, height): (f64, f64),
        layers: &mut LayerCache,
        scene: &MapScene,
        palette: &Palette,
    ) -> Result<(), cairo::Error> {
        self.snapshots += 1;
        // Nothing of the map is drawn outside its area: a highlight near the edge
        // (Turkey's, beside the side panels) would otherwise spill over the panels.
        snapshot.push_clip(&graphene::Rect::new(0.0, 0.0, width as f32, height as f32));
        let drawn = self.snapshot_within(snapshot, (width, height), layers, scene, palette);
        snapshot.pop();
        drawn
    }

    fn snapshot_within(
        &mut self,
        snapshot: &gtk::Snapshot,
        (width, height): (f64, f64),
        layers: &mut LayerCache,
        scene: &MapScene,
        palette: &Palette,
    ) -> Result<(), cairo::Error> {
        let snapshots = self.snapshots;
        self.retired
            .retain(|(since, _, _)| snapshots - since <= RETIRED_FOR);
        layers.update(scene, palette)?;
        let (Some(view), Some(image)) = (layers.base_view(), layers.base_image()) else {
            return Ok(());
        };
        let node = match &self.current {
            Some((shown, node, _)) if *shown == view => node.clone(),
            _ => {
                let bounds = graphene::Rect::new(0.0, 0.0, width as f32, height as f32);
                let node = gsk::CairoNode::new(&bounds);
                layers.paint_base(&node.draw_context(), scene, palette)?;
                let node = node.upcast();
                if let Some((_, old, old_image)) = self.current.replace((view, node.clone(), image))
                {
                    self.retired.push((snapshots, old, old_image));
                }
                node
            }
        };
        snapshot.append_node(&node);
        if let Some(bounds) = layers.overlay_bounds() {
            let area = graphene::Rect::new(
                bounds.left as f32,
                bounds.top as f32,
                bounds.width() as f32,
                bounds.height() as f32,
            );
            layers.paint_overlay(&snapshot.append_cairo(&area), scene, palette)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::map::camera::ViewPoint;

    #[gtk::test]
    fn nothing_of_the_map_is_drawn_outside_its_area() {
        let board = crate::app::library::load_board(&crate::app::library::default_board_path())
            .unwrap()
            .board;
        let turkey = board.territory_by_key("turkey").unwrap();
        let mut scene = MapScene::new(Arc::clone(&board));
        let (width, height) = (400.0, 300.0);
        scene.camera_mut().resize(width, height);
        // Zoomed in about Turkey: its highlight reaches far past every edge.
        let centre = scene
            .camera()
            .to_view(board.territory(turkey).geometry.centre);
        scene
            .camera_mut()
            .zoom_about(ViewPoint::new(centre.x, centre.y), 8.0);
        scene.set_hovered(Some(turkey));
        let palette = Palette::new(false, false);
        let mut layers = LayerCache::new();
        let mut frames = Frames::default();
        let snapshot = gtk::Snapshot::new();
        frames
            .snapshot(&snapshot, (width, height), &mut layers, &scene, &palette)
            .unwrap();
        let overlay = layers.overlay_bounds().expect("the highlight is drawn");
        assert!(
            overlay.left < 0.0
                || overlay.top < 0.0
                || overlay.right > width
                || overlay.bottom > height,
            "the test needs a highlight past the edges: {overlay:?}"
        );
        let bounds = snapshot.to_node().expect("a frame").bounds();
        assert!(
            bounds.x() >= 0.0
                && bounds.y() >= 0.0
                && bounds.x() + bounds.width() <= width as f32
                && bounds.y() + bounds.height() <= height as f32,
            "drawn outside the area: {bounds:?}"
        );
    }
}
