//! The new-game dialog: the board (shipped, the person's own, or opened from any file,
//! each shown with a thumbnail drawn by the map renderer), the rules (a variant preset
//! or file, or one made in the variant editor), 2–6 seats with names, colours (the map
//! palette's colour-blind-safe set, never two alike) and person or computer, and an
//! optional seed. It remembers the last setup in
//! `$XDG_CONFIG_HOME/castellan/last-game.toml`, and follows board and variant files as
//! designers edit them in a text editor.

use std::cell::{Cell, RefCell};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::Arc;

use adw::prelude::*;
use castellan_engine::board::{Board, GroupKind};
use castellan_engine::variant::{Variant, load_variant_file};
use gettextrs::{gettext, ngettext};
use relm4::gtk::gio;
use relm4::prelude::*;

use crate::app::files::{self, FileKind};
use crate::app::library::{
    self, BoardEntry, LoadedBoard, Origin, VariantEntry, personal_folder, shipped_folder,
};
use crate::app::session::{GameSetup, SeatSettings};
use crate::map::draw::draw_thumbnail;
use crate::map::palette::{SEAT_COLOURS, SEAT_RGB};
use crate::map::{MapScene, Palette};
use crate::text::fill;
use crate::variant_options::changed_options;

/// A fresh setup: you against one computer, on Castle Risk by the rulebook.
pub fn default_setup() -> GameSetup {
    GameSetup::default_for(2, default_name)
}

/// Loads the board and rules a remembered setup names (the default board and the
/// rulebook when it names none), without the dialog: for starting the last game at once.
pub fn resolve(setup: GameSetup) -> Result<NewGame, String> {
    let board_path = setup
        .board
        .clone()
        .unwrap_or_else(library::default_board_path);
    let board = library::load_board(&board_path).map_err(|e| e.to_string())?;
    let variant = match &setup.variant {
        Some(path) => load_variant_file(path).map_err(|e| e.to_string())?,
        None => Variant::rulebook(),
    };
    Ok(NewGame {
        setup,
        board,
        variant,
    })
}

/// "Player 3" for the third seat.
fn default_name(index: usize) -> String {
    fill(&gettext("Player {n}"), &[("n", &(index + 1).to_string())])
}

/// The names of the palette's seat colours, in [`SEAT_RGB`] order.
pub fn colour_names() -> [String; SEAT_COLOURS] {
    [
        gettext("Vermilion"),
        gettext("Blue"),
        gettext("Green"),
        gettext("Yellow"),
        gettext("Purple"),
        gettext("Orange"),
    ]
}

/// Gives seat `seat` colour `colour` among the first `count` seats; a seat that had it
/// takes the chosen seat's old colour, so that no two stay alike.
pub fn choose_colour(colours: &mut [u8], count: usize, seat: usize, colour: u8) {
    let old = colours[seat];
    if let Some(other) = (0..count).find(|&i| i != seat && colours[i] == colour) {
        colours[other] = old;
    }
    colours[seat] = colour;
}

/// Gives every seat from `count` on a colour none of the first seats use, after the
/// seat count grew.
pub fn free_colours_for_new_seats(colours: &mut [u8], count: usize) {
    for seat in 1..count.min(colours.len()) {
        if colours[..seat].contains(&colours[seat]) {
            let free = (0..SEAT_COLOURS as u8)
                .find(|c| !colours[..seat].contains(c))
                .expect("six colours for at most six seats");
            colours[seat] = free;
        }
    }
}

/// How many empires (castle sites) a board has: the most seats it can take.
fn empires(board: &Board) -> usize {
    board
        .groups
        .iter()
        .filter(|g| g.kind == GroupKind::Empire)
        .count()
}

/// What the chosen board and rules allow, as the words under the board and rules.
pub fn board_caption(board: &Board) -> String {
    let territories = board.territories.len();
    let empires = empires(board);
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

/// What a variant changes, in a sentence: "Changes: Lenient General, Armies per
/// Captured Banner." or that it plays by the rulebook.
pub fn variant_changes(variant: &Variant) -> String {
    let changed = changed_options(variant);
    if changed.is_empty() {
        return gettext("The rules of the 1986 rulebook, with nothing changed.");
    }
    let titles: Vec<String> = changed.iter().map(|o| o.title()).collect();
    fill(
        &gettext("Changes: {rules}."),
        &[("rules", &titles.join(", "))],
    )
}

/// One seat's row of widgets.
struct SeatRow {
    row: gtk::Box,
    name: gtk::Entry,
    colour: gtk::DropDown,
    computer: gtk::CheckButton,
}

/// One choice of the rules list.
#[derive(Clone, Debug, PartialEq)]
enum RulesItem {
    /// A variant file of the library (index into `variants`).
    File(usize),
    /// The variant made in the editor and not saved.
    Edited,
}

/// What the dialog hands over to start a game.
#[derive(Debug)]
pub struct NewGame {
    pub setup: GameSetup,
    pub board: LoadedBoard,
    pub variant: Variant,
}

/// The dialog.
pub struct NewGameDialog {
    window: adw::Window,
    boards: Vec<BoardEntry>,
    /// Board files opened from elsewhere, kept in the list (and watched) until closed.
    opened_boards: Vec<PathBuf>,
    /// The chosen board's file.
    board: Option<PathBuf>,
    board_grid: gtk::FlowBox,
    variants: Vec<VariantEntry>,
    opened_variants: Vec<PathBuf>,
    /// A variant made in the variant editor and never saved.
    edited: Option<Variant>,
    /// The rules list's items, in the drop-down's order, and the chosen one.
    rules_items: Vec<RulesItem>,
    rules: Option<RulesItem>,
    rules_list: gtk::DropDown,
    rules_notes: gtk::Label,
    rows: Vec<SeatRow>,
    count: gtk::SpinButton,
    quick_defence: gtk::Switch,
    seed: gtk::Entry,
    problem: gtk::Label,
    start: gtk::Button,
    /// Colours as chosen, all six rows, kept apart as the drop-downs change.
    colours: Rc<RefCell<Vec<u8>>>,
    /// Set while widgets are filled from the model, so their signals are ignored.
    syncing: Rc<Cell<bool>>,
    monitors: Vec<gio::FileMonitor>,
    chooser: Option<gtk::FileChooserNative>,
}

#[derive(Debug)]
pub enum NewGameInput {
    /// Fill in from a setup and show the dialog.
    Open(GameSetup),
    BoardChosen(usize),
    OpenBoardFile,
    BoardFileChosen(PathBuf),
    RulesChosen(u32),
    OpenVariantFile,
    VariantFileChosen(PathBuf),
    EditRules,
    /// The editor hands back a variant: saved at a path, or not saved.
    UseVariant(Variant, Option<PathBuf>),
    /// A board or variant file changed on disk: read them all again.
    FilesChanged,
    CountChanged,
    ColourChosen {
        seat: usize,
        colour: u8,
    },
    Changed,
    Start,
    Cancel,
}

#[derive(Debug)]
pub enum NewGameOutput {
    Start(Box<NewGame>),
    /// Open the variant editor on these rules (from this file, if any).
    EditVariant(Variant, Option<PathBuf>),
}

impl NewGameDialog {
    fn chosen_board(&self) -> Option<&BoardEntry> {
        let path = self.board.as_ref()?;
        self.boards.iter().find(|b| &b.path == path)
    }

    /// The chosen rules: the variant, and its file if it has one.
    fn chosen_variant(&self) -> Result<(Variant, Option<PathBuf>), String> {
        match &self.rules {
            Some(RulesItem::File(index)) => {
                let entry = &self.variants[*index];
                entry.loaded.clone().map(|v| (v, Some(entry.path.clone())))
            }
            Some(RulesItem::Edited) => self
                .edited
                .clone()
                .map(|v| (v, None))
                .ok_or_else(|| gettext("Choose the rules")),
            None => Ok((Variant::rulebook(), None)),
        }
    }

    fn seats(&self) -> Result<Vec<SeatSettings>, String> {
        let count = self.count.value_as_int() as usize;
        let colours = self.colours.borrow();
        Ok(self.rows[..count]
            .iter()
            .enumerate()
            .map(|(i, row)| SeatSettings {
                name: row.name.text().trim().to_owned(),
                colour: colours[i],
                computer: row.computer.is_active(),
            })
            .collect())
    }

    /// Everything needed to start, or the first reason it cannot start yet.
    fn new_game(&self) -> Result<NewGame, String> {
        let seats = self.seats()?;
        let seed = match self.seed.text().trim() {
            "" => None,
            text => Some(
                text.parse::<u64>()
                    .map_err(|_| gettext("The seed must be a whole number, or empty"))?,
            ),
        };
        let entry = self
            .chosen_board()
            .ok_or_else(|| gettext("Choose a board"))?;
        let board = entry
            .loaded
            .clone()
            .map_err(|_| gettext("The chosen board cannot be loaded"))?;
        let (variant, variant_path) = self
            .chosen_variant()
            .map_err(|_| gettext("The chosen rules cannot be loaded"))?;
        let setup = GameSetup {
            seats,
            seed,
            board: Some(entry.path.clone()).filter(|p| *p != library::default_board_path()),
            variant: variant_path,
            quick_defence: self.quick_defence.is_active(),
        };
        if let Some(problem) = setup.problem() {
            return Err(problem.to_string());
        }
        let most = empires(&board.board);
        if setup.seats.len() > most {
            return Err(fill(
                &ngettext(
                    "This board has {n} empire: at most {n} player",
                    "This board has {n} empires: at most {n} players",
                    most as u32,
                ),
                &[("n", &most)],
            ));
        }
        Ok(NewGame {
            setup,
            board,
            variant,
        })
    }

    /// Reads every board and variant again (shipped, personal, opened), keeping the
    /// choices, and rebuilds the lists.
    fn reload_files(&mut self) {
        let mut boards = library::boards();
        for path in &self.opened_boards {
            if !boards.iter().any(|b| &b.path == path) {
                boards.push(BoardEntry::load(path.clone(), Origin::Opened));
            }
        }
        self.boards = boards;
        let mut variants = library::variants();
        for path in &self.opened_variants {
            if !variants.iter().any(|v| &v.path == path) {
                variants.push(VariantEntry::load(path.clone(), Origin::Opened));
            }
        }
        let chosen_path = match &self.rules {
            Some(RulesItem::File(index)) => self.variants.get(*index).map(|v| v.path.clone()),
            _ => None,
        };
        self.variants = variants;
        if let Some(path) = chosen_path {
            self.rules = self
                .variants
                .iter()
                .position(|v| v.path == path)
                .map(RulesItem::File);
        }
        self.rebuild_board_grid();
        self.rebuild_rules_list();
        self.refresh();
    }

    fn rebuild_board_grid(&self) {
        self.syncing.set(true);
        while let Some(child) = self.board_grid.first_child() {
            self.board_grid.remove(&child);
        }
        for entry in &self.boards {
            let child = gtk::FlowBoxChild::new();
            child.set_child(Some(&board_tile(entry)));
            self.board_grid.insert(&child, -1);
            if self.board.as_ref() == Some(&entry.path) {
                self.board_grid.select_child(&child);
            }
        }
        self.syncing.set(false);
    }

    fn rebuild_rules_list(&mut self) {
        self.syncing.set(true);
        let mut items: Vec<RulesItem> = (0..self.variants.len()).map(RulesItem::File).collect();
        if self.edited.is_some() {
            items.push(RulesItem::Edited);
        }
        let labels: Vec<String> = items
            .iter()
            .map(|item| match item {
                RulesItem::File(index) => {
                    let entry = &self.variants[*index];
                    match (&entry.loaded, entry.origin) {
                        (Err(_), _) => fill(
                            &gettext("{name} (cannot be loaded)"),
                            &[("name", &entry.name())],
                        ),
                        (Ok(_), Origin::Shipped) => entry.name(),
                        (Ok(_), _) => fill(&gettext("{name} (yours)"), &[("name", &entry.name())]),
                    }
                }
                RulesItem::Edited => {
                    let name = self
                        .edited
                        .as_ref()
                        .map(|v| v.name.clone())
                        .filter(|n| !n.is_empty())
                        .unwrap_or_else(|| gettext("Custom rules"));
                    fill(&gettext("{name} (not saved)"), &[("name", &name)])
                }
            })
            .collect();
        let labels: Vec<&str> = labels.iter().map(String::as_str).collect();
        self.rules_list
            .set_model(Some(&gtk::StringList::new(&labels)));
        if self.rules.as_ref().is_none_or(|r| !items.contains(r)) {
            self.rules = items.first().cloned();
        }
        if let Some(position) = self
            .rules
            .as_ref()
            .and_then(|r| items.iter().position(|i| i == r))
        {
            self.rules_list.set_selected(position as u32);
        }
        self.rules_items = items;
        self.syncing.set(false);
    }

    fn refresh(&self) {
        self.syncing.set(true);
        let count = self.count.value_as_int() as usize;
        let colours = self.colours.borrow().clone();
        for (i, row) in self.rows.iter().enumerate() {
            row.row.set_visible(i < count);
            if row.colour.selected() != u32::from(colours[i]) {
                row.colour.set_selected(u32::from(colours[i]));
            }
        }
        let notes = match self.chosen_variant() {
            Ok((variant, _)) => {
                let changes = variant_changes(&variant);
                match (variant.description.is_empty(), variant.plays_as_rulebook()) {
                    (true, _) => changes,
                    // The description says it already; no need to repeat it.
                    (false, true) => gettext(variant.description.as_str()),
                    (false, false) => {
                        format!("{}\n{changes}", gettext(variant.description.as_str()))
                    }
                }
            }
            Err(problems) => problems,
        };
        self.rules_notes.set_text(&notes);
        let result = self.new_game();
        self.start.set_sensitive(result.is_ok());
        self.problem.set_text(result.err().as_deref().unwrap_or(""));
        self.syncing.set(false);
    }

    /// Watches the board and variant folders and the opened files, so that the lists
    /// follow files edited meanwhile.
    fn watch_files(&mut self, sender: &ComponentSender<Self>) {
        let folders = ["boards", "variants"]
            .into_iter()
            .flat_map(|kind| [shipped_folder(kind), personal_folder(kind)]);
        let files = self.opened_boards.iter().chain(&self.opened_variants);
        self.monitors = folders
            .map(|folder| {
                gio::File::for_path(folder)
                    .monitor_directory(gio::FileMonitorFlags::WATCH_MOVES, gio::Cancellable::NONE)
            })
            .chain(files.map(|file| {
                gio::File::for_path(file)
                    .monitor_file(gio::FileMonitorFlags::WATCH_MOVES, gio::Cancellable::NONE)
            }))
            .filter_map(Result::ok)
            .collect();
        for monitor in &self.monitors {
            let sender = sender.clone();
            monitor.connect_changed(move |_, _, _, event| {
                // Editors write in several steps; the hint comes once they are done.
                if !matches!(event, gio::FileMonitorEvent::Changed) {
                    sender.input(NewGameInput::FilesChanged);
                }
            });
        }
    }

    fn show_problems(&self, heading: &str, problems: &str) {
        problems_dialog(&self.window, heading, problems);
    }
}

/// A dialog listing a file's problems, one per line, in a scrollable, selectable
/// monospace list that can be copied into a bug report or an editor.
pub fn problems_dialog(parent: &impl IsA<gtk::Window>, heading: &str, problems: &str) {
    let dialog = adw::MessageDialog::new(
        Some(parent),
        Some(heading),
        Some(&gettext(
            "Fix these problems in the file and it is read again at once.",
        )),
    );
    let list = gtk::Label::builder()
        .label(problems)
        .selectable(true)
        .wrap(true)
        .wrap_mode(gtk::pango::WrapMode::WordChar)
        .xalign(0.0)
        .yalign(0.0)
        .css_classes(["monospace"])
        .build();
    let scrolled = gtk::ScrolledWindow::builder()
        .child(&list)
        .min_content_height(120)
        .max_content_height(320)
        .propagate_natural_height(true)
        .hscrollbar_policy(gtk::PolicyType::Never)
        .build();
    dialog.set_extra_child(Some(&scrolled));
    dialog.add_response("close", &gettext("_Close"));
    dialog.present();
}

/// A board's tile: its thumbnail, name and size, or why it cannot be loaded.
fn board_tile(entry: &BoardEntry) -> gtk::Box {
    let tile = gtk::Box::builder()
        .orientation(gtk::Orientation::Vertical)
        .spacing(4)
        .margin_top(6)
        .margin_bottom(6)
        .margin_start(6)
        .margin_end(6)
        .build();
    let name = gtk::Label::builder()
        .label(entry.name())
        .css_classes(["heading"])
        .ellipsize(gtk::pango::EllipsizeMode::End)
        .max_width_chars(20)
        .build();
    match &entry.loaded {
        Ok(loaded) => {
            tile.append(&thumbnail(Arc::clone(&loaded.board)));
            tile.append(&name);
            let caption = gtk::Label::builder()
                .label(board_caption(&loaded.board))
                .css_classes(["caption", "dim-label"])
                .build();
            tile.append(&caption);
            let mut tooltip = gettext(loaded.board.meta.description.as_str());
            if entry.origin != Origin::Shipped {
                // People's own boards may share a name: the file tells them apart.
                tooltip = format!("{tooltip}\n\n{}", entry.path.display());
            }
            tile.set_tooltip_text(Some(&tooltip));
        }
        Err(_) => {
            let icon = gtk::Image::builder()
                .icon_name("dialog-warning-symbolic")
                .pixel_size(48)
                .width_request(THUMBNAIL_WIDTH)
                .height_request(THUMBNAIL_HEIGHT)
                .css_classes(["warning"])
                .build();
            tile.append(&icon);
            tile.append(&name);
            let caption = gtk::Label::builder()
                .label(gettext("Cannot be loaded: click for why"))
                .css_classes(["caption", "error"])
                .build();
            tile.append(&caption);
        }
    }
    tile
}

const THUMBNAIL_WIDTH: i32 = 176;
const THUMBNAIL_HEIGHT: i32 = 124;

/// The board drawn small by the map renderer, in the current style.
fn thumbnail(board: Arc<Board>) -> gtk::DrawingArea {
    let area = gtk::DrawingArea::builder()
        .content_width(THUMBNAIL_WIDTH)
        .content_height(THUMBNAIL_HEIGHT)
        .css_classes(["card"])
        .build();
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

#[relm4::component(pub)]
impl Component for NewGameDialog {
    type Init = ();
    type Input = NewGameInput;
    type Output = NewGameOutput;
    type CommandOutput = ();

    view! {
        #[root]
        window = adw::Window {
            set_title: Some(&gettext("New Game")),
            set_modal: true,
            set_hide_on_close: true,
            set_default_width: 680,
            set_default_height: 760,

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,

                adw::HeaderBar {
                    set_show_end_title_buttons: false,
                    pack_start = &gtk::Button {
                        set_label: &gettext("Cancel"),
                        connect_clicked => NewGameInput::Cancel,
                    },
                    #[local_ref]
                    pack_end = start -> gtk::Button {
                        set_label: &gettext("Start"),
                        add_css_class: "suggested-action",
                        connect_clicked => NewGameInput::Start,
                    },
                },

                gtk::ScrolledWindow {
                    set_vexpand: true,
                    set_hscrollbar_policy: gtk::PolicyType::Never,

                    adw::Clamp {
                        set_maximum_size: 640,
                        set_margin_top: 18,
                        set_margin_bottom: 18,
                        set_margin_start: 12,
                        set_margin_end: 12,

                        gtk::Box {
                            set_orientation: gtk::Orientation::Vertical,
                            set_spacing: 24,

                            adw::PreferencesGroup {
                                set_title: &gettext("Board"),
                                #[wrap(Some)]
                                set_header_suffix = &gtk::Button {
                                    set_label: &gettext("Open Board File…"),
                                    add_css_class: "flat",
                                    connect_clicked => NewGameInput::OpenBoardFile,
                                },

                                #[local_ref]
                                board_grid -> gtk::FlowBox {
                                    set_selection_mode: gtk::SelectionMode::Single,
                                    set_homogeneous: true,
                                    set_max_children_per_line: 3,
                                    set_min_children_per_line: 1,
                                    set_row_spacing: 6,
                                    set_column_spacing: 6,
                                    set_activate_on_single_click: true,
                                },
                            },

                            adw::PreferencesGroup {
                                set_title: &gettext("Rules"),

                                adw::ActionRow {
                                    set_title: &gettext("Variant"),
                                    #[local_ref]
                                    add_suffix = rules_list -> gtk::DropDown {
                                        set_valign: gtk::Align::Center,
                                    },
                                    add_suffix = &gtk::Button {
                                        set_icon_name: "document-edit-symbolic",
                                        set_tooltip_text: Some(&gettext("Edit in the Variant Editor")),
                                        set_valign: gtk::Align::Center,
                                        add_css_class: "flat",
                                        connect_clicked => NewGameInput::EditRules,
                                    },
                                    add_suffix = &gtk::Button {
                                        set_icon_name: "document-open-symbolic",
                                        set_tooltip_text: Some(&gettext("Open a Variant File")),
                                        set_valign: gtk::Align::Center,
                                        add_css_class: "flat",
                                        connect_clicked => NewGameInput::OpenVariantFile,
                                    },
                                },

                                #[local_ref]
                                rules_notes -> gtk::Label {
                                    set_xalign: 0.0,
                                    set_wrap: true,
                                    set_margin_top: 6,
                                    add_css_class: "dim-label",
                                },
                            },

                            adw::PreferencesGroup {
                                set_title: &gettext("Players"),
                                #[wrap(Some)]
                                set_header_suffix = &gtk::Box {
                                    set_spacing: 6,
                                    gtk::Label {
                                        set_label: &gettext("Seats"),
                                    },
                                    #[local_ref]
                                    count -> gtk::SpinButton {
                                        set_valign: gtk::Align::Center,
                                        connect_value_changed => NewGameInput::CountChanged,
                                    },
                                },

                                #[local_ref]
                                seat_list -> gtk::Box {
                                    set_orientation: gtk::Orientation::Vertical,
                                    set_spacing: 6,
                                },
                            },

                            adw::PreferencesGroup {
                                adw::ActionRow {
                                    set_title: &gettext("Defenders Roll the Most Dice"),
                                    set_subtitle: &gettext("People are asked to defend only when they could play a Marshall or bring out hidden armies"),
                                    set_activatable_widget: Some(quick_defence),
                                    #[local_ref]
                                    add_suffix = quick_defence -> gtk::Switch {
                                        set_valign: gtk::Align::Center,
                                    },
                                },
                                adw::ActionRow {
                                    set_title: &gettext("Seed"),
                                    set_subtitle: &gettext("The same seed deals the same dice and cards again"),
                                    #[local_ref]
                                    add_suffix = seed -> gtk::Entry {
                                        set_placeholder_text: Some(&gettext("Random")),
                                        set_valign: gtk::Align::Center,
                                        set_width_chars: 12,
                                        connect_changed => NewGameInput::Changed,
                                    },
                                },
                            },

                            #[local_ref]
                            problem -> gtk::Label {
                                add_css_class: "error",
                                set_wrap: true,
                            },
                        },
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let start = gtk::Button::builder().name("start").build();
        let count = gtk::SpinButton::with_range(2.0, SEAT_COLOURS as f64, 1.0);
        count.set_widget_name("seats");
        let seed = gtk::Entry::new();
        let quick_defence = gtk::Switch::builder().name("quick-defence").build();
        let problem = gtk::Label::builder().name("problem").build();
        let seat_list = gtk::Box::new(gtk::Orientation::Vertical, 6);
        let board_grid = gtk::FlowBox::builder().name("boards").build();
        let rules_list = gtk::DropDown::from_strings(&[]);
        rules_list.set_widget_name("rules");
        let rules_notes = gtk::Label::builder().name("rules-notes").build();
        let syncing = Rc::new(Cell::new(false));
        let names = colour_names();
        let colour_labels: Vec<&str> = names.iter().map(String::as_str).collect();
        let rows: Vec<SeatRow> = (0..SEAT_COLOURS)
            .map(|i| seat_row(i, &colour_labels, &seat_list, &sender))
            .collect();
        {
            let (sender, syncing) = (sender.clone(), Rc::clone(&syncing));
            board_grid.connect_child_activated(move |_, child| {
                if !syncing.get() {
                    sender.input(NewGameInput::BoardChosen(child.index() as usize));
                }
            });
        }
        {
            let (sender, syncing) = (sender.clone(), Rc::clone(&syncing));
            rules_list.connect_selected_notify(move |list| {
                if !syncing.get() {
                    sender.input(NewGameInput::RulesChosen(list.selected()));
                }
            });
        }
        let model = NewGameDialog {
            window: root.clone(),
            boards: Vec::new(),
            opened_boards: Vec::new(),
            board: None,
            board_grid: board_grid.clone(),
            variants: Vec::new(),
            opened_variants: Vec::new(),
            edited: None,
            rules_items: Vec::new(),
            rules: None,
            rules_list: rules_list.clone(),
            rules_notes: rules_notes.clone(),
            rows,
            count: count.clone(),
            quick_defence: quick_defence.clone(),
            seed: seed.clone(),
            problem: problem.clone(),
            start: start.clone(),
            colours: Rc::new(RefCell::new((0..SEAT_COLOURS as u8).collect())),
            syncing,
            monitors: Vec::new(),
            chooser: None,
        };
        let (start, count, seed, problem, seat_list) =
            (&start, &count, &seed, &problem, &seat_list);
        let (board_grid, rules_list, rules_notes) = (&board_grid, &rules_list, &rules_notes);
        let quick_defence = &quick_defence;
        let widgets = view_output!();
        // The boards and variants are read, and watched, when the dialog opens: a game
        // started without it never pays for them.
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: NewGameInput, sender: ComponentSender<Self>, _: &Self::Root) {
        match message {
            NewGameInput::Open(setup) => self.open(setup, &sender),
            NewGameInput::BoardChosen(index) => {
                let Some(entry) = self.boards.get(index) else {
                    return;
                };
                match &entry.loaded {
                    Ok(_) => self.board = Some(entry.path.clone()),
                    Err(problems) => {
                        self.show_problems(&gettext("This Board Cannot Be Used"), problems);
                        // Back to the board that was chosen before.
                        self.rebuild_board_grid();
                    }
                }
                self.refresh();
            }
            NewGameInput::OpenBoardFile => {
                let sender = sender.clone();
                self.chooser = Some(files::choose(
                    &self.window,
                    FileKind::Board,
                    false,
                    None,
                    Some(&personal_folder("boards")),
                    move |path| sender.input(NewGameInput::BoardFileChosen(path)),
                ));
            }
            NewGameInput::BoardFileChosen(path) => {
                if !self.opened_boards.contains(&path) {
                    self.opened_boards.push(path.clone());
                }
                self.reload_files();
                self.watch_files(&sender);
                match self
                    .boards
                    .iter()
                    .find(|b| b.path == path)
                    .map(|b| &b.loaded)
                {
                    Some(Ok(_)) => self.board = Some(path),
                    Some(Err(problems)) => {
                        let problems = problems.clone();
                        self.show_problems(&gettext("This Board Cannot Be Used"), &problems);
                    }
                    None => {}
                }
                self.rebuild_board_grid();
                self.refresh();
            }
            NewGameInput::RulesChosen(position) => {
                if let Some(item) = self.rules_items.get(position as usize) {
                    self.rules = Some(item.clone());
                    if let RulesItem::File(index) = item
                        && let Err(problems) = &self.variants[*index].loaded
                    {
                        let problems = problems.clone();
                        self.show_problems(&gettext("These Rules Cannot Be Used"), &problems);
                    }
                }
                self.refresh();
            }
            NewGameInput::OpenVariantFile => {
                let sender = sender.clone();
                self.chooser = Some(files::choose(
                    &self.window,
                    FileKind::Variant,
                    false,
                    None,
                    Some(&personal_folder("variants")),
                    move |path| sender.input(NewGameInput::VariantFileChosen(path)),
                ));
            }
            NewGameInput::VariantFileChosen(path) => self.choose_variant_file(path, &sender),
            NewGameInput::EditRules => {
                let (mut variant, path) = self
                    .chosen_variant()
                    .unwrap_or_else(|_| (Variant::rulebook(), None));
                // A shipped preset is a starting point, never overwritten, and the rules
                // made from it are not the preset: they start without its name.
                let path = match path {
                    Some(path) if path.starts_with(shipped_folder("variants")) => {
                        variant.name.clear();
                        variant.description.clear();
                        None
                    }
                    path => path,
                };
                let _ = sender.output(NewGameOutput::EditVariant(variant, path));
            }
            NewGameInput::UseVariant(variant, path) => match path {
                Some(path) => self.choose_variant_file(path, &sender),
                None => {
                    self.edited = Some(variant);
                    self.rules = Some(RulesItem::Edited);
                    self.rebuild_rules_list();
                    self.refresh();
                }
            },
            NewGameInput::FilesChanged => self.reload_files(),
            NewGameInput::CountChanged | NewGameInput::Changed => {
                if !self.syncing.get() {
                    self.refresh();
                }
            }
            NewGameInput::ColourChosen { seat, colour } => {
                if self.syncing.get() {
                    return;
                }
                let count = self.count.value_as_int() as usize;
                let current = self.colours.borrow()[seat];
                if current != colour {
                    choose_colour(
                        &mut self.colours.borrow_mut(),
                        count.max(seat + 1),
                        seat,
                        colour,
                    );
                    self.refresh();
                }
            }
            NewGameInput::Start => {
                if let Ok(game) = self.new_game() {
                    let _ = sender.output(NewGameOutput::Start(Box::new(game)));
                }
            }
            NewGameInput::Cancel => self.window.set_visible(false),
        }
    }
}

impl NewGameDialog {
    /// Fills the dialog from a setup: seats, seed, board and rules.
    fn open(&mut self, setup: GameSetup, sender: &ComponentSender<Self>) {
        self.syncing.set(true);
        let mut colours: Vec<u8> = (0..SEAT_COLOURS as u8).collect();
        for (i, row) in self.rows.iter().enumerate() {
            let seat = setup.seats.get(i);
            row.name
                .set_text(&seat.map_or_else(|| default_name(i), |s| s.name.clone()));
            row.computer.set_active(seat.map_or(i > 0, |s| s.computer));
            if let Some(seat) = seat {
                colours[i] = seat.colour;
            }
        }
        free_colours_for_new_seats(&mut colours, SEAT_COLOURS);
        *self.colours.borrow_mut() = colours;
        self.count.set_value(setup.seats.len() as f64);
        self.quick_defence.set_active(setup.quick_defence);
        self.seed
            .set_text(&setup.seed.map(|s| s.to_string()).unwrap_or_default());
        self.syncing.set(false);
        let board = setup.board.unwrap_or_else(library::default_board_path);
        if !library::boards().iter().any(|b| b.path == board)
            && !self.opened_boards.contains(&board)
        {
            self.opened_boards.push(board.clone());
        }
        self.board = Some(board);
        if let Some(path) = &setup.variant
            && !library::variants().iter().any(|v| &v.path == path)
            && !self.opened_variants.contains(path)
        {
            self.opened_variants.push(path.clone());
        }
        self.reload_files();
        self.watch_files(sender);
        self.rules = match &setup.variant {
            Some(path) => self
                .variants
                .iter()
                .position(|v| &v.path == path)
                .map(RulesItem::File),
            None => (!self.variants.is_empty()).then_some(RulesItem::File(0)),
        };
        self.rebuild_rules_list();
        self.refresh();
    }

    fn choose_variant_file(&mut self, path: PathBuf, sender: &ComponentSender<Self>) {
        if !self.opened_variants.contains(&path) {
            self.opened_variants.push(path.clone());
        }
        self.reload_files();
        self.watch_files(sender);
        if let Some(index) = self.variants.iter().position(|v| v.path == path) {
            self.rules = Some(RulesItem::File(index));
            if let Err(problems) = &self.variants[index].loaded {
                let problems = problems.clone();
                self.show_problems(&gettext("These Rules Cannot Be Used"), &problems);
            }
        }
        self.rebuild_rules_list();
        self.refresh();
    }
}

/// One seat's row: colour swatch, name, colour and "Computer".
fn seat_row(
    i: usize,
    colour_labels: &[&str],
    seat_list: &gtk::Box,
    sender: &ComponentSender<NewGameDialog>,
) -> SeatRow {
    let row = gtk::Box::new(gtk::Orientation::Horizontal, 6);
    let name = gtk::Entry::new();
    name.set_hexpand(true);
    let colour = gtk::DropDown::from_strings(colour_labels);
    // As wide for every colour name, so that the rows line up.
    colour.set_width_request(136);
    let computer = gtk::CheckButton::with_label(&gettext("Computer"));
    let swatch = gtk::DrawingArea::new();
    swatch.set_content_width(16);
    swatch.set_content_height(16);
    swatch.set_valign(gtk::Align::Center);
    row.append(&swatch);
    row.append(&name);
    row.append(&colour);
    row.append(&computer);
    {
        let sender = sender.clone();
        name.connect_changed(move |_| sender.input(NewGameInput::Changed));
    }
    {
        let sender = sender.clone();
        computer.connect_toggled(move |_| sender.input(NewGameInput::Changed));
    }
    {
        let sender = sender.clone();
        let swatch = swatch.clone();
        colour.connect_selected_notify(move |dropdown| {
            swatch.queue_draw();
            sender.input(NewGameInput::ColourChosen {
                seat: i,
                colour: dropdown.selected() as u8,
            });
        });
    }
    let dropdown = colour.clone();
    swatch.set_draw_func(move |_, cr, w, h| {
        let rgb = SEAT_RGB[(dropdown.selected() as usize).min(SEAT_COLOURS - 1)];
        cr.set_source_rgb(
            f64::from((rgb >> 16) & 0xff) / 255.0,
            f64::from((rgb >> 8) & 0xff) / 255.0,
            f64::from(rgb & 0xff) / 255.0,
        );
        cr.arc(
            f64::from(w) / 2.0,
            f64::from(h) / 2.0,
            f64::from(w.min(h)) / 2.0,
            0.0,
            std::f64::consts::TAU,
        );
        let _ = cr.fill();
    });
    seat_list.append(&row);
    SeatRow {
        row,
        name,
        colour,
        computer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::RefCell;
    use std::path::Path;

    #[test]
    fn choosing_a_taken_colour_swaps_it_with_its_seat() {
        let mut colours = vec![0, 1, 2, 3, 4, 5];
        choose_colour(&mut colours, 3, 0, 2);
        assert_eq!(&colours[..3], &[2, 1, 0]);
        // A colour only a hidden seat has is simply taken.
        choose_colour(&mut colours, 3, 1, 5);
        assert_eq!(&colours[..3], &[2, 5, 0]);
    }

    #[test]
    fn new_seats_get_colours_nobody_uses() {
        let mut colours = vec![2, 5, 0, 0, 5, 2];
        free_colours_for_new_seats(&mut colours, 6);
        let mut sorted = colours.clone();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(&colours[..3], &[2, 5, 0]);
    }

    #[test]
    fn a_variant_is_summed_up_by_the_rules_it_changes() {
        assert_eq!(
            variant_changes(&Variant::rulebook()),
            "The rules of the 1986 rulebook, with nothing changed."
        );
        let mut variant = Variant::rulebook();
        variant.lenient_general = true;
        variant.spoils.per_region_bonus = true;
        assert_eq!(
            variant_changes(&variant),
            "Changes: Lenient General, Score Regions Separately."
        );
    }

    struct Dialog {
        controller: Controller<NewGameDialog>,
        outputs: Rc<RefCell<Vec<NewGameOutput>>>,
    }

    impl Dialog {
        fn open(setup: GameSetup) -> Self {
            let outputs = Rc::new(RefCell::new(Vec::new()));
            let sent = Rc::clone(&outputs);
            let controller = NewGameDialog::builder()
                .launch(())
                .connect_receiver(move |_, output| sent.borrow_mut().push(output));
            controller.emit(NewGameInput::Open(setup));
            settle();
            Self {
                controller,
                outputs,
            }
        }

        fn widget<W: IsA<gtk::Widget>>(&self, name: &str) -> W {
            named(self.controller.widget(), name).downcast().unwrap()
        }

        fn rules_labels(&self) -> Vec<String> {
            let list = self.widget::<gtk::DropDown>("rules");
            let model = list.model().unwrap().downcast::<gtk::StringList>().unwrap();
            (0..model.n_items())
                .filter_map(|i| model.string(i).map(String::from))
                .collect()
        }

        fn start(&self) -> NewGame {
            self.widget::<gtk::Button>("start").emit_clicked();
            settle();
            match self.outputs.borrow_mut().pop() {
                Some(NewGameOutput::Start(game)) => *game,
                other => panic!("no game started: {other:?}"),
            }
        }
    }

    use crate::app::panel_testing::{named, settle};

    #[gtk::test]
    fn the_dialog_offers_the_shipped_boards_and_rules_and_starts_with_them() {
        let dialog = Dialog::open(default_setup());
        let boards = dialog.widget::<gtk::FlowBox>("boards");
        assert!(
            boards.child_at_index(0).is_some(),
            "the shipped board is offered"
        );
        assert_eq!(boards.selected_children().len(), 1);
        let labels = dialog.rules_labels();
        assert_eq!(labels[0], "Rulebook (1986)");
        let house = labels
            .iter()
            .position(|l| l == "Common house rules")
            .unwrap();
        let game = dialog.start();
        assert!(game.variant.plays_as_rulebook());
        assert_eq!(game.board.board.territories.len(), 44);
        assert_eq!(
            game.setup.board, None,
            "the default board is not written down"
        );

        dialog
            .widget::<gtk::DropDown>("rules")
            .set_selected(house as u32);
        settle();
        let notes = dialog.widget::<gtk::Label>("rules-notes").text();
        assert!(notes.contains("Score Regions Separately"), "{notes}");
        let game = dialog.start();
        assert!(game.variant.spoils.per_region_bonus);
        assert!(game.setup.variant.unwrap().ends_with("house-rules.toml"));
    }

    #[gtk::test]
    fn rules_made_in_the_editor_are_offered_unsaved_and_played() {
        let dialog = Dialog::open(default_setup());
        let mut variant = Variant::rulebook();
        variant.name = "Bloody".into();
        variant.castle_dice_limit = 3;
        dialog
            .controller
            .emit(NewGameInput::UseVariant(variant.clone(), None));
        settle();
        assert_eq!(
            dialog.rules_labels().last().map(String::as_str),
            Some("Bloody (not saved)")
        );
        let game = dialog.start();
        assert_eq!(game.variant, variant);
        assert_eq!(game.setup.variant, None, "unsaved rules are not remembered");
    }

    #[gtk::test]
    fn a_board_opened_from_a_file_is_offered_and_limits_the_players() {
        let dialog = Dialog::open(GameSetup::default_for(5, default_name));
        assert!(
            dialog.widget::<gtk::Button>("start").is_sensitive(),
            "6 empires, 5 seats"
        );
        let tiny =
            Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/tests/positions/tiny-board.toml");
        dialog
            .controller
            .emit(NewGameInput::BoardFileChosen(tiny.clone()));
        settle();
        let boards = dialog.widget::<gtk::FlowBox>("boards");
        let selected = boards.selected_children();
        assert_eq!(selected.len(), 1);
        assert!(
            selected[0].index() > 0,
            "the opened board joins the list, chosen"
        );
        assert!(!dialog.widget::<gtk::Button>("start").is_sensitive());
        let problem = dialog.widget::<gtk::Label>("problem").text();
        assert_eq!(problem, "This board has 4 empires: at most 4 players");
        dialog.widget::<gtk::SpinButton>("seats").set_value(4.0);
        settle();
        let game = dialog.start();
        assert_eq!(game.setup.board, Some(tiny));
        assert_eq!(game.board.board.meta.name, "Tiny");
    }

    /// Every label's text under `widget`, depth first.
    fn texts(widget: &gtk::Widget) -> Vec<String> {
        let mut found = Vec::new();
        if let Some(label) = widget.downcast_ref::<gtk::Label>() {
            found.push(label.text().to_string());
        }
        let mut child = widget.first_child();
        while let Some(c) = child {
            found.extend(texts(&c));
            child = c.next_sibling();
        }
        found
    }

    /// Runs the main loop until `done` or a few seconds have passed.
    fn settle_until(done: impl Fn() -> bool) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while !done() && std::time::Instant::now() < deadline {
            settle();
        }
    }

    #[gtk::test]
    fn a_board_file_edited_on_disk_is_read_again() {
        let dir = std::env::temp_dir().join(format!("castellan-watch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("draft.toml");
        let good = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/tests/positions/tiny-board.toml"),
        )
        .unwrap();
        std::fs::write(&path, &good).unwrap();
        let dialog = Dialog::open(default_setup());
        dialog
            .controller
            .emit(NewGameInput::BoardFileChosen(path.clone()));
        settle();
        let boards = dialog.widget::<gtk::FlowBox>("boards");
        let last_tile = || {
            let mut index = 0;
            while boards.child_at_index(index + 1).is_some() {
                index += 1;
            }
            texts(boards.child_at_index(index).unwrap().upcast_ref())
        };
        assert!(
            last_tile().contains(&"Tiny".to_owned()),
            "{:?}",
            last_tile()
        );

        // The designer breaks the file in a text editor: the tile says so.
        std::fs::write(&path, good.replace("format = 1", "format = 7")).unwrap();
        settle_until(|| {
            last_tile()
                .iter()
                .any(|t| t.starts_with("Cannot be loaded"))
        });
        assert!(
            last_tile()
                .iter()
                .any(|t| t.starts_with("Cannot be loaded")),
            "{:?}",
            last_tile()
        );
        assert!(!dialog.widget::<gtk::Button>("start").is_sensitive());

        // And mends it: the board is back, still chosen.
        std::fs::write(&path, &good).unwrap();
        settle_until(|| last_tile().contains(&"Tiny".to_owned()));
        assert!(
            last_tile().contains(&"Tiny".to_owned()),
            "{:?}",
            last_tile()
        );
        assert!(dialog.widget::<gtk::Button>("start").is_sensitive());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn boards_are_captioned_by_their_size() {
        let board = library::load_board(&library::default_board_path()).unwrap();
        assert_eq!(board_caption(&board.board), "44 territories · 6 empires");
    }
}
