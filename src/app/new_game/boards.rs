//! The boards of the new-game dialog: a tile per board file, with its thumbnail drawn
//! by the map renderer, its name and size, or why it cannot be loaded. Tiles are kept
//! in line with the files in place: a board file edited on disk gets a new tile, the
//! others stay as they were.

use std::cell::RefCell;
use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::Arc;

use adw::prelude::*;
use castellan_engine::board::Board;
use gettextrs::{gettext, ngettext};
use relm4::RelmWidgetExt;
use relm4::factory::{DynamicIndex, FactoryComponent, FactorySender};

use crate::app::library::{BoardEntry, Origin};
use crate::app::rows::Row;
use crate::map::draw::draw_thumbnail;
use crate::map::{MapScene, Palette};
use crate::text::{fill, translated};

const THUMBNAIL_WIDTH: i32 = 176;
const THUMBNAIL_HEIGHT: i32 = 124;

/// The words under a board's thumbnail: its territories and empires.
pub fn board_caption(board: &Board) -> String {
    let territories = board.territories.len();
    let empires = board.empire_count();
    format!(
        "{} · {}",
        fill(
            &ngettext("{n} territory", "{n} territories", territories as u32),
            &[("n", &territories)]
        ),
        fill(
            &ngettext("{n} empire", "{n} empires", empires as u32),
            &[("n", &empires)]
        )
    )
}

/// A board file as a tile shows it.
#[derive(Clone, Debug)]
pub struct BoardTileData {
    pub entry: BoardEntry,
    /// Tells the file's contents apart, so that an edited file gets a new tile.
    contents: u64,
}

impl BoardTileData {
    pub fn new(entry: BoardEntry) -> Self {
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        match &entry.loaded {
            Ok(loaded) => loaded.source.hash(&mut hasher),
            Err(problems) => problems.hash(&mut hasher),
        }
        Self {
            contents: hasher.finish(),
            entry,
        }
    }
}

impl PartialEq for BoardTileData {
    fn eq(&self, other: &Self) -> bool {
        self.entry.path == other.entry.path
            && self.entry.origin == other.entry.origin
            && self.contents == other.contents
    }
}

/// A board's tile.
#[derive(Debug)]
pub struct BoardTile {
    data: BoardTileData,
}

impl BoardTile {
    fn tooltip(&self) -> Option<String> {
        let loaded = self.data.entry.loaded.as_ref().ok()?;
        let mut tooltip = translated(loaded.board.meta.description.as_str());
        if self.data.entry.origin != Origin::Shipped {
            // People's own boards may share a name: the file tells them apart.
            tooltip = format!("{tooltip}\n\n{}", self.data.entry.path.display());
        }
        Some(tooltip)
    }

    fn caption(&self) -> String {
        match &self.data.entry.loaded {
            Ok(loaded) => board_caption(&loaded.board),
            Err(_) => gettext("Cannot be loaded: click for why"),
        }
    }
}

#[relm4::factory(pub)]
impl FactoryComponent for BoardTile {
    type Init = BoardTileData;
    type Input = ();
    type Output = ();
    type CommandOutput = ();
    type ParentWidget = gtk::FlowBox;

    view! {
        gtk::Box {
            set_orientation: gtk::Orientation::Vertical,
            set_spacing: 4,
            set_margin_all: 6,
            set_tooltip_text: self.tooltip().as_deref(),

            #[local_ref]
            picture -> gtk::Widget {},
            gtk::Label {
                set_label: &self.data.entry.name(),
                add_css_class: "heading",
                set_ellipsize: gtk::pango::EllipsizeMode::End,
                set_max_width_chars: 20,
            },
            gtk::Label {
                set_label: &self.caption(),
                add_css_class: "caption",
                add_css_class: if self.data.entry.loaded.is_ok() { "dim-label" } else { "error" },
            },
        }
    }

    fn init_model(
        data: BoardTileData,
        _index: &DynamicIndex,
        _sender: FactorySender<Self>,
    ) -> Self {
        BoardTile { data }
    }

    fn init_widgets(
        &mut self,
        _index: &DynamicIndex,
        root: Self::Root,
        _returned: &gtk::FlowBoxChild,
        _sender: FactorySender<Self>,
    ) -> Self::Widgets {
        let picture = &match &self.data.entry.loaded {
            Ok(loaded) => thumbnail(Arc::clone(&loaded.board)).upcast::<gtk::Widget>(),
            Err(_) => gtk::Image::builder()
                .icon_name("dialog-warning-symbolic")
                .pixel_size(48)
                .width_request(THUMBNAIL_WIDTH)
                .height_request(THUMBNAIL_HEIGHT)
                .css_classes(["warning"])
                .build()
                .upcast(),
        };
        let widgets = view_output!();
        widgets
    }
}

impl Row for BoardTile {
    type Key = (PathBuf, u64);

    fn key(data: &BoardTileData) -> (PathBuf, u64) {
        (data.entry.path.clone(), data.contents)
    }

    fn data(&self) -> &BoardTileData {
        &self.data
    }

    fn set_data(&mut self, data: BoardTileData) {
        self.data = data;
    }
}

/// The board drawn small by the map renderer, in the current style.
fn thumbnail(board: Arc<Board>) -> gtk::DrawingArea {
    let area = gtk::DrawingArea::builder()
        .content_width(THUMBNAIL_WIDTH)
        .content_height(THUMBNAIL_HEIGHT)
        .css_classes(["card"])
        .build();
    // The drawing's own camera, fitted to the tile at each draw.
    let scene = RefCell::new(MapScene::new(board));
    area.set_draw_func(move |_, cr, width, height| {
        let mut scene = scene.borrow_mut();
        let camera = scene.camera_mut();
        camera.resize(f64::from(width), f64::from(height));
        camera.fit();
        let style = adw::StyleManager::default();
        let palette = Palette::new(style.is_dark(), style.is_high_contrast());
        // A failed thumbnail leaves a blank tile; the name still says which board.
        let _ = draw_thumbnail(cr, &scene, &palette);
    });
    area
}
