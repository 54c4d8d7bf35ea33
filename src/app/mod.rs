//! The GTK application: the main window, which loads the board and shows it in the map
//! component (`map_view`), or says why it could not.

mod map_view;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use castellan_engine::board::{Board, TerritoryId, load_board_file};
use gettextrs::gettext;
use relm4::gtk::prelude::*;
use relm4::prelude::*;

use crate::config::{APP_ID, PKGDATADIR};
use map_view::{MapView, MapViewInput, MapViewOutput};

/// The board the window shows, relative to the data directory.
const BOARD_FILE: &str = "boards/castle-risk.toml";

struct MainWindow {
    /// The board and its map, or why the board could not be loaded.
    map: Result<(Arc<Board>, Controller<MapView>), String>,
    subtitle: String,
}

#[derive(Debug)]
enum MainWindowInput {
    FitMap,
    MapSelectionChanged(Option<TerritoryId>),
}

#[relm4::component]
impl SimpleComponent for MainWindow {
    type Init = PathBuf;
    type Input = MainWindowInput;
    type Output = ();

    view! {
        adw::ApplicationWindow {
            set_title: Some(&gettext("Castellan")),
            set_default_width: 1200,
            set_default_height: 900,

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,

                adw::HeaderBar {
                    #[wrap(Some)]
                    set_title_widget = &adw::WindowTitle {
                        set_title: &gettext("Castellan"),
                        #[watch]
                        set_subtitle: &model.subtitle,
                    },
                    pack_end = &gtk::Button {
                        set_icon_name: "zoom-fit-best-symbolic",
                        set_tooltip_text: Some(&gettext("Fit Map to Window")),
                        set_sensitive: model.map.is_ok(),
                        connect_clicked => MainWindowInput::FitMap,
                    },
                },

                #[local_ref]
                content -> gtk::Widget {
                    set_vexpand: true,
                },
            },
        }
    }

    fn init(
        board_path: PathBuf,
        root: Self::Root,
        sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        let map = load_board(&board_path).map(|board| {
            let controller = MapView::builder().launch(Arc::clone(&board)).forward(
                sender.input_sender(),
                |output| match output {
                    MapViewOutput::SelectionChanged(id) => MainWindowInput::MapSelectionChanged(id),
                },
            );
            (board, controller)
        });
        let content: gtk::Widget = match &map {
            Ok((_, controller)) => controller.widget().clone().upcast(),
            Err(reason) => adw::StatusPage::builder()
                .icon_name("dialog-error-symbolic")
                .title(gettext("The Board Could Not Be Loaded"))
                .description(reason.as_str())
                .build()
                .upcast(),
        };
        let subtitle = match &map {
            Ok((board, _)) => gettext(board.meta.name.as_str()),
            Err(_) => String::new(),
        };
        let model = MainWindow { map, subtitle };
        let content = &content;
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: MainWindowInput, _sender: ComponentSender<Self>) {
        let Ok((board, map)) = &self.map else {
            return;
        };
        match message {
            MainWindowInput::FitMap => map.emit(MapViewInput::FitToWindow),
            MainWindowInput::MapSelectionChanged(selected) => {
                self.subtitle = match selected {
                    Some(id) => {
                        let territory = board.territory(id);
                        let group = board.group(territory.group);
                        // TRANSLATORS: the selected territory and its empire or region,
                        // shown under the window title.
                        gettext("{territory} — {group}")
                            .replace("{territory}", &gettext(territory.name.as_str()))
                            .replace("{group}", &gettext(group.name.as_str()))
                    }
                    None => gettext(board.meta.name.as_str()),
                };
            }
        }
    }
}

/// Loads the board, or explains in a sentence why not.
fn load_board(path: &Path) -> Result<Arc<Board>, String> {
    load_board_file(path)
        .map(Arc::new)
        .map_err(|error| error.to_string())
}

/// Runs the desktop application until its last window closes.
pub fn run() {
    let app = RelmApp::new(APP_ID).with_args(Vec::new());
    app.run::<MainWindow>(Path::new(PKGDATADIR).join(BOARD_FILE));
}
