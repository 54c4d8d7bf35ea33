//! The new-game dialog: the board (shipped, the person's own, or opened from any file,
//! each shown with a thumbnail: `boards`), the rules (a variant preset or file, or one
//! made in the variant editor), the seats with names, colours and person or computer
//! (`seats`; as many as the engine allows on the board), and an optional seed. The
//! dialog owns every choice; its widgets follow. It follows board and variant files as
//! designers edit them in a text editor; `files` remembers the last setup.

mod boards;
mod chateau_seats;
mod presets;
pub(crate) mod seats;
#[cfg(test)]
mod tests;

use std::path::PathBuf;

use adw::prelude::*;
use castellan_engine::game::{MAX_SEATS, MIN_SEATS, seats_allowed};
use castellan_engine::variant::{Variant, load_variant_file};
use gettextrs::{gettext, ngettext, pgettext};
use relm4::factory::FactoryVecDeque;
use relm4::gtk::gio;
use relm4::prelude::*;

use crate::app::balance_lab::{BalanceLab, BalanceLabInput};
use crate::app::chateau::setup::{self as chateau_setup, ChateauSetup};
use crate::app::files::{self, FileKind};
use crate::app::library::{
    self, BoardEntry, LoadedBoard, Origin, VariantEntry, personal_folder, shipped_folder,
};
use crate::app::rows::keep_in_line;
use crate::app::session::{GameSetup, SeatSettings};
use crate::messages;
use crate::text::{fill, translated};
use crate::variant_options::changed_options;
use boards::{BoardTile, BoardTileData};
use chateau_seats::{ChateauSeatChange, ChateauSeatInit, ChateauSeatRow};
#[cfg(test)]
pub use seats::{COMPUTER_ICON, PERSON_ICON};
use seats::{
    SeatChange, SeatRow, choose_colour, default_name, free_colours_for_new_seats, person_name,
};

/// How many seats a first game has: the person and two computer seats, enough for
/// every card of the rulebook (Diplomats are not used by two).
const FIRST_GAME_SEATS: usize = 3;

/// The setup of a first game, when none is remembered: the person at the screen
/// ("You", or their name from the system) against computer seats of Normal strength,
/// on the Castle Risk board by the rulebook.
pub fn default_setup() -> GameSetup {
    GameSetup::default_for(FIRST_GAME_SEATS, |seat| match seat {
        0 => person_name(),
        _ => default_name(seat),
    })
}

/// Loads the board and rules a remembered setup names (the default board and the
/// rulebook when it names none), without the dialog: for starting the last game at once.
pub fn resolve(setup: GameSetup) -> Result<NewGame, String> {
    let board_path = setup
        .board
        .clone()
        .unwrap_or_else(library::default_board_path);
    let board = library::load_board(&board_path).map_err(|e| messages::file_error(&e))?;
    let variant = match &setup.variant {
        Some(path) => load_variant_file(path).map_err(|e| messages::file_error(&e))?,
        None => Variant::rulebook(),
    };
    Ok(NewGame {
        setup,
        board,
        variant,
    })
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

/// The dialog: every choice, and the files on offer.
pub struct NewGameDialog {
    window: adw::Window,
    boards: Vec<BoardEntry>,
    /// Board files opened from elsewhere, kept in the list (and watched) until closed.
    opened_boards: Vec<PathBuf>,
    /// The chosen board's file.
    board: Option<PathBuf>,
    board_tiles: FactoryVecDeque<BoardTile>,
    variants: Vec<VariantEntry>,
    opened_variants: Vec<PathBuf>,
    /// A variant made in the variant editor and never saved.
    edited: Option<Variant>,
    /// The rules list's items and their labels, in the drop-down's order, and the
    /// chosen one.
    rules_items: Vec<RulesItem>,
    rules_labels: Vec<String>,
    rules: Option<RulesItem>,
    /// Every seat a game may have, as chosen; the first `count` play.
    seats: Vec<SeatSettings>,
    count: usize,
    seat_rows: FactoryVecDeque<SeatRow>,
    quick_defence: bool,
    /// The seed as typed.
    seed: String,
    /// Set by the message that filled the dialog from a setup (the seed is shown
    /// again) or changed its lists (the rules list is shown again).
    filled: bool,
    lists_changed: bool,
    monitors: Vec<gio::FileMonitor>,
    chooser: Option<gtk::FileChooserNative>,
    /// The balance lab, made the first time a board and rules are tested.
    lab: Option<Controller<BalanceLab>>,
    /// Château Noir is chosen rather than a Risk game, and its table.
    chateau: bool,
    chateau_setup: ChateauSetup,
    chateau_rows: FactoryVecDeque<ChateauSeatRow>,
    chateau_board: castellan_chateau::board::Board,
}

/// The games the dialog offers, in its list's order.
const GAME_CHOICES: usize = 3;

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
    /// Play the chosen board and rules many times in the balance lab.
    TestRules,
    /// The editor hands back a variant: saved at a path, or not saved.
    UseVariant(Variant, Option<PathBuf>),
    /// A board or variant file changed on disk: read them all again.
    FilesChanged,
    SetCount(usize),
    Seat(SeatChange),
    SetQuickDefence(bool),
    SetSeed(String),
    /// Castle Risk, classic Risk or Château Noir (by the list's position).
    ChooseGame(u32),
    ChateauCount(usize),
    ChateauTeams(bool),
    ChateauSeat(ChateauSeatChange),
    Start,
    Cancel,
}

#[derive(Debug)]
pub enum NewGameOutput {
    Start(Box<NewGame>),
    /// Start a Château Noir match seated so.
    StartChateau(Box<ChateauSetup>),
    /// Open the variant editor on these rules (from this file, if any).
    EditVariant(Variant, Option<PathBuf>),
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
                    pack_end = &gtk::Button {
                        set_label: &gettext("Start"),
                        set_widget_name: "start",
                        add_css_class: "suggested-action",
                        #[watch]
                        set_sensitive: model.chateau || model.new_game().is_ok(),
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
                                adw::ActionRow {
                                    set_title: &pgettext("game family", "Game"),
                                    add_suffix = &gtk::DropDown {
                                        set_widget_name: "game-choice",
                                        set_valign: gtk::Align::Center,
                                        set_model: Some(&gtk::StringList::new(&[
                                            gettext("Castle Risk").as_str(),
                                            gettext("Classic Risk").as_str(),
                                            gettext("Château Noir").as_str(),
                                        ])),
                                        #[watch]
                                        #[block_signal(game_chosen)]
                                        set_selected: model.game_position(),
                                        connect_selected_notify[sender] => move |list| {
                                            sender.input(NewGameInput::ChooseGame(list.selected()));
                                        } @game_chosen,
                                    },
                                },
                            },

                            adw::PreferencesGroup {
                                set_title: &gettext("Château Noir"),
                                set_description: Some(&gettext("Four armies on the reconstructed board. Two seats command a team each; three seats, one a team and two an army; four seats, an army each — in teams or each for itself.")),
                                #[watch]
                                set_visible: model.chateau,

                                adw::ActionRow {
                                    set_title: &gettext("Seats"),
                                    add_suffix = &gtk::SpinButton {
                                        set_widget_name: "chateau-seats",
                                        set_valign: gtk::Align::Center,
                                        set_range: (chateau_setup::MIN_SEATS as f64, chateau_setup::MAX_SEATS as f64),
                                        set_increments: (1.0, 1.0),
                                        #[watch]
                                        #[block_signal(chateau_count_changed)]
                                        set_value: model.chateau_setup.seats.len() as f64,
                                        connect_value_changed[sender] => move |spin| {
                                            sender.input(NewGameInput::ChateauCount(spin.value_as_int().max(0) as usize));
                                        } @chateau_count_changed,
                                    },
                                },
                                adw::ActionRow {
                                    set_title: &gettext("Teams"),
                                    set_subtitle: &gettext("Red and Yellow against Green and Blue; off: each army for itself"),
                                    add_suffix = &gtk::Switch {
                                        set_widget_name: "chateau-teams",
                                        set_valign: gtk::Align::Center,
                                        #[watch]
                                        #[block_signal(chateau_teams_changed)]
                                        set_active: model.chateau_setup.teams,
                                        connect_active_notify[sender] => move |switch| {
                                            sender.input(NewGameInput::ChateauTeams(switch.is_active()));
                                        } @chateau_teams_changed,
                                    },
                                },
                                #[local_ref]
                                chateau_list -> gtk::Box {
                                    set_orientation: gtk::Orientation::Vertical,
                                    set_spacing: 6,
                                    set_margin_top: 6,
                                },
                            },

                            adw::PreferencesGroup {
                                set_title: &gettext("Board"),
                                #[watch]
                                set_visible: !model.chateau,
                                #[wrap(Some)]
                                set_header_suffix = &gtk::Button {
                                    set_label: &gettext("Open Board File…"),
                                    add_css_class: "flat",
                                    connect_clicked => NewGameInput::OpenBoardFile,
                                },

                                #[local_ref]
                                board_grid -> gtk::FlowBox {
                                    set_widget_name: "boards",
                                    set_selection_mode: gtk::SelectionMode::Single,
                                    set_homogeneous: true,
                                    set_max_children_per_line: 3,
                                    set_min_children_per_line: 1,
                                    set_row_spacing: 6,
                                    set_column_spacing: 6,
                                    set_activate_on_single_click: true,
                                    connect_child_activated[sender] => move |_, child| {
                                        sender.input(NewGameInput::BoardChosen(child.index() as usize));
                                    },
                                },
                            },

                            adw::PreferencesGroup {
                                set_title: &gettext("Rules"),
                                #[watch]
                                set_visible: !model.chateau,
                                #[wrap(Some)]
                                set_header_suffix = &gtk::Button {
                                    set_widget_name: "test-rules",
                                    set_label: &gettext("Test These Rules…"),
                                    set_tooltip_text: Some(&gettext("Play this board and these rules many times with computer players and chart the results")),
                                    add_css_class: "flat",
                                    connect_clicked => NewGameInput::TestRules,
                                },

                                adw::ActionRow {
                                    set_title: &gettext("Variant"),
                                    add_suffix = &gtk::DropDown {
                                        set_widget_name: "rules",
                                        set_valign: gtk::Align::Center,
                                        #[track(model.lists_changed)]
                                        #[block_signal(rules_chosen)]
                                        set_model: Some(&gtk::StringList::new(
                                            &model.rules_labels.iter().map(String::as_str).collect::<Vec<_>>(),
                                        )),
                                        #[watch]
                                        #[block_signal(rules_chosen)]
                                        set_selected: model.rules_position(),
                                        connect_selected_notify[sender] => move |list| {
                                            sender.input(NewGameInput::RulesChosen(list.selected()));
                                        } @rules_chosen,
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

                                gtk::Label {
                                    set_widget_name: "rules-notes",
                                    set_xalign: 0.0,
                                    set_wrap: true,
                                    set_margin_top: 6,
                                    add_css_class: "dim-label",
                                    #[watch]
                                    set_text: &model.rules_notes(),
                                },
                            },

                            adw::PreferencesGroup {
                                set_title: &gettext("Players"),
                                #[watch]
                                set_visible: !model.chateau,
                                #[wrap(Some)]
                                set_header_suffix = &gtk::Box {
                                    set_spacing: 6,
                                    gtk::Label {
                                        set_label: &gettext("Seats"),
                                    },
                                    gtk::SpinButton {
                                        set_widget_name: "seats",
                                        set_valign: gtk::Align::Center,
                                        set_range: (MIN_SEATS as f64, MAX_SEATS as f64),
                                        set_increments: (1.0, 1.0),
                                        #[watch]
                                        #[block_signal(count_changed)]
                                        set_value: model.count as f64,
                                        connect_value_changed[sender] => move |spin| {
                                            sender.input(NewGameInput::SetCount(spin.value_as_int().max(0) as usize));
                                        } @count_changed,
                                    },
                                },

                                #[local_ref]
                                seat_list -> gtk::Box {
                                    set_orientation: gtk::Orientation::Vertical,
                                    set_spacing: 6,
                                },
                            },

                            adw::PreferencesGroup {
                                #[watch]
                                set_visible: !model.chateau,
                                adw::ActionRow {
                                    set_title: &gettext("Defenders Roll the Most Dice"),
                                    set_subtitle: &gettext("People are asked to defend only when they could play a Marshall or bring out hidden armies"),
                                    set_activatable_widget: Some(&quick_defence),
                                    #[name = "quick_defence"]
                                    add_suffix = &gtk::Switch {
                                        set_widget_name: "quick-defence",
                                        set_valign: gtk::Align::Center,
                                        #[watch]
                                        #[block_signal(quick_defence_changed)]
                                        set_active: model.quick_defence,
                                        connect_active_notify[sender] => move |switch| {
                                            sender.input(NewGameInput::SetQuickDefence(switch.is_active()));
                                        } @quick_defence_changed,
                                    },
                                },
                                adw::ActionRow {
                                    set_title: &gettext("Seed"),
                                    set_subtitle: &gettext("The same seed deals the same dice and cards again"),
                                    add_suffix = &gtk::Entry {
                                        set_placeholder_text: Some(&gettext("Random")),
                                        set_valign: gtk::Align::Center,
                                        set_width_chars: 12,
                                        #[track(model.filled)]
                                        #[block_signal(seed_changed)]
                                        set_text: &model.seed,
                                        connect_changed[sender] => move |entry| {
                                            sender.input(NewGameInput::SetSeed(entry.text().to_string()));
                                        } @seed_changed,
                                    },
                                },
                            },

                            gtk::Label {
                                set_widget_name: "problem",
                                add_css_class: "error",
                                set_wrap: true,
                                #[watch]
                                set_text: &model.problem_text(),
                            },
                        },
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let board_tiles = FactoryVecDeque::builder()
            .launch(gtk::FlowBox::default())
            .detach();
        let seat_rows = FactoryVecDeque::builder()
            .launch(gtk::Box::default())
            .forward(sender.input_sender(), NewGameInput::Seat);
        let model = NewGameDialog {
            window: root.clone(),
            boards: Vec::new(),
            opened_boards: Vec::new(),
            board: None,
            board_tiles,
            variants: Vec::new(),
            opened_variants: Vec::new(),
            edited: None,
            rules_items: Vec::new(),
            rules_labels: Vec::new(),
            rules: None,
            seats: default_setup().seats,
            count: MIN_SEATS,
            seat_rows,
            quick_defence: true,
            seed: String::new(),
            filled: false,
            lists_changed: false,
            monitors: Vec::new(),
            chooser: None,
            lab: None,
            chateau: false,
            chateau_setup: ChateauSetup::new(person_name(), 2, default_name),
            chateau_rows: FactoryVecDeque::builder()
                .launch(gtk::Box::default())
                .forward(sender.input_sender(), NewGameInput::ChateauSeat),
            chateau_board: castellan_chateau::board::Board::reconstructed(),
        };
        let board_grid = model.board_tiles.widget();
        let seat_list = model.seat_rows.widget();
        let chateau_list = model.chateau_rows.widget();
        let widgets = view_output!();
        // The boards and variants are read, and watched, when the dialog opens: a game
        // started without it never pays for them.
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: NewGameInput, sender: ComponentSender<Self>, _: &Self::Root) {
        self.filled = false;
        self.lists_changed = false;
        match message {
            NewGameInput::Open(setup) => self.open(setup, &sender),
            NewGameInput::BoardChosen(index) => {
                let Some(entry) = self.boards.get(index) else {
                    return;
                };
                match &entry.loaded {
                    Ok(_) => self.board = Some(entry.path.clone()),
                    // The board chosen before stays chosen.
                    Err(problems) => {
                        self.show_problems(&gettext("This Board Cannot Be Used"), problems)
                    }
                }
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
            }
            NewGameInput::RulesChosen(position) => {
                if let Some(item) = self.rules_items.get(position as usize) {
                    self.rules = Some(item.clone());
                    if let RulesItem::File(index) = item {
                        match &self.variants[*index].loaded {
                            Err(problems) => {
                                let problems = problems.clone();
                                self.show_problems(
                                    &gettext("These Rules Cannot Be Used"),
                                    &problems,
                                );
                            }
                            Ok(variant) => {
                                if let Some(board) = presets::board_for_rules(
                                    variant,
                                    &self.boards,
                                    self.board.as_deref(),
                                ) {
                                    self.board = Some(board);
                                }
                            }
                        }
                    }
                }
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
            NewGameInput::TestRules => {
                // Rules that cannot be had are already explained under the dialog.
                let Ok((variant, _)) = self.chosen_variant() else {
                    return;
                };
                let name = match &self.rules {
                    Some(RulesItem::File(index)) => self.variants[*index].name(),
                    _ => variant.name.clone(),
                };
                let (board, seats) = (self.board.clone(), self.count);
                let window = &self.window;
                let lab = self.lab.get_or_insert_with(|| {
                    BalanceLab::builder()
                        .transient_for(window)
                        .launch(())
                        .detach()
                });
                lab.emit(BalanceLabInput::Open {
                    variant: Box::new(variant),
                    name,
                    board,
                    seats: Some(seats),
                });
            }
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
                }
            },
            NewGameInput::FilesChanged => self.reload_files(),
            NewGameInput::SetCount(count) => {
                let count = count.clamp(MIN_SEATS, MAX_SEATS);
                if count > self.count {
                    let mut colours: Vec<u8> = self.seats.iter().map(|s| s.colour).collect();
                    free_colours_for_new_seats(&mut colours, count);
                    for (seat, colour) in self.seats.iter_mut().zip(colours) {
                        seat.colour = colour;
                    }
                }
                self.count = count;
            }
            // The row already shows the name as typed; writing it back (possibly an
            // older one, when changes come faster than the answers) would move the
            // cursor, so a name changes nothing else on screen.
            NewGameInput::Seat(change @ SeatChange::Name { .. }) => {
                self.change_seat(change);
                return;
            }
            NewGameInput::Seat(change) => self.change_seat(change),
            NewGameInput::SetQuickDefence(on) => self.quick_defence = on,
            NewGameInput::SetSeed(seed) => self.seed = seed,
            NewGameInput::ChooseGame(position) => self.choose_game(position, &sender),
            NewGameInput::ChateauCount(count) => {
                let count = count.clamp(chateau_setup::MIN_SEATS, chateau_setup::MAX_SEATS);
                let seats = &mut self.chateau_setup.seats;
                while seats.len() < count {
                    let seat =
                        ChateauSetup::new(String::new(), chateau_setup::MAX_SEATS, default_name)
                            .seats[seats.len()]
                        .clone();
                    seats.push(seat);
                }
                seats.truncate(count);
                self.chateau_setup.mend_groups();
                self.show_chateau_seats();
            }
            NewGameInput::ChateauTeams(teams) => {
                self.chateau_setup.teams = teams;
                self.show_chateau_seats();
            }
            NewGameInput::ChateauSeat(change) => {
                let seats = &mut self.chateau_setup.seats;
                match change {
                    ChateauSeatChange::Name(seat, name) => {
                        if let Some(s) = seats.get_mut(seat) {
                            s.name = name;
                        }
                    }
                    ChateauSeatChange::Computer(seat, computer) => {
                        if let Some(s) = seats.get_mut(seat) {
                            s.computer = computer;
                        }
                    }
                    ChateauSeatChange::Strength(seat, strength) => {
                        if let Some(s) = seats.get_mut(seat) {
                            s.strength = strength;
                        }
                    }
                    ChateauSeatChange::Group(seat, group) => {
                        if self.chateau_setup.groups.get(seat) != Some(&group) {
                            self.chateau_setup.give_group(seat, group);
                            self.show_chateau_seats();
                        }
                    }
                }
                return;
            }
            NewGameInput::Start if self.chateau => {
                let mut setup = self.chateau_setup.clone();
                for (index, seat) in setup.seats.iter_mut().enumerate() {
                    seat.name = seat
                        .name
                        .trim()
                        .chars()
                        .filter(|c| !c.is_control())
                        .take(32)
                        .collect();
                    if seat.name.is_empty() {
                        seat.name = default_name(index);
                    }
                }
                let _ = sender.output(NewGameOutput::StartChateau(Box::new(setup)));
            }
            NewGameInput::Start => {
                if let Ok(game) = self.new_game() {
                    let _ = sender.output(NewGameOutput::Start(Box::new(game)));
                }
            }
            NewGameInput::Cancel => self.window.set_visible(false),
        }
        self.show_lists();
    }
}

impl NewGameDialog {
    /// Why the game cannot start yet, under the dialog (empty when it can).
    fn problem_text(&self) -> String {
        if self.chateau {
            return String::new();
        }
        self.new_game().err().unwrap_or_default()
    }

    /// The game chosen, as its position in the game list: Château Noir, or the Risk
    /// game the chosen rules play.
    fn game_position(&self) -> u32 {
        if self.chateau {
            return 2;
        }
        match self.chosen_variant() {
            Ok((variant, _)) if variant.ruleset == castellan_engine::variant::Ruleset::Classic => 1,
            _ => 0,
        }
    }

    /// Chooses a game: Château Noir, or a Risk game by its shipped rules (and board).
    fn choose_game(&mut self, position: u32, sender: &ComponentSender<Self>) {
        if position as usize >= GAME_CHOICES {
            return;
        }
        self.chateau = position == 2;
        if self.chateau {
            self.show_chateau_seats();
            return;
        }
        let ruleset = if position == 1 {
            castellan_engine::variant::Ruleset::Classic
        } else {
            castellan_engine::variant::Ruleset::CastleRisk
        };
        if self.game_position() == position {
            return;
        }
        // The shipped rules of each Risk game.
        let file = match ruleset {
            castellan_engine::variant::Ruleset::Classic => "classic.toml",
            castellan_engine::variant::Ruleset::CastleRisk => "rulebook.toml",
        };
        let shipped = self.variants.iter().position(|entry| {
            entry.origin == Origin::Shipped
                && entry.loaded.is_ok()
                && entry.path.file_name().is_some_and(|name| name == file)
        });
        if let Some(index) = shipped
            && let Some(at) = self
                .rules_items
                .iter()
                .position(|item| *item == RulesItem::File(index))
        {
            sender.input(NewGameInput::RulesChosen(at as u32));
        }
    }

    /// The Château Noir seat rows, rebuilt from the setup (after a change of count,
    /// teams or armies).
    fn show_chateau_seats(&mut self) {
        let groups: Vec<String> = chateau_setup::army_groups(
            &self.chateau_board,
            self.chateau_setup.seats.len(),
            self.chateau_setup.teams,
        )
        .iter()
        .map(|armies| {
            armies
                .iter()
                .map(|&a| crate::app::chateau::words::army(&self.chateau_board, a))
                .collect::<Vec<_>>()
                .join(" + ")
        })
        .collect();
        self.chateau_setup.mend_groups();
        let mut rows = self.chateau_rows.guard();
        rows.clear();
        for (index, seat) in self.chateau_setup.seats.iter().enumerate() {
            rows.push_back(ChateauSeatInit {
                index,
                seat: seat.clone(),
                groups: groups.clone(),
                group: self.chateau_setup.groups[index],
            });
        }
    }

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

    /// The seats that play: the first `count`, names trimmed.
    fn playing_seats(&self) -> Vec<SeatSettings> {
        self.seats[..self.count]
            .iter()
            .map(|seat| SeatSettings {
                name: seat.name.trim().to_owned(),
                ..seat.clone()
            })
            .collect()
    }

    /// Everything needed to start, or the first reason it cannot start yet.
    fn new_game(&self) -> Result<NewGame, String> {
        let seed = match self.seed.trim() {
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
            seats: self.playing_seats(),
            seed,
            board: Some(entry.path.clone()).filter(|p| *p != library::default_board_path()),
            variant: variant_path,
            quick_defence: self.quick_defence,
        };
        if let Some(problem) = setup.problem() {
            return Err(messages::sentence(&problem.describe()));
        }
        let allowed = seats_allowed(&board.board);
        if !allowed.contains(&setup.seats.len()) {
            let most = *allowed.end();
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

    /// The description of the chosen rules and what they change.
    fn rules_notes(&self) -> String {
        match self.chosen_variant() {
            Ok((variant, _)) => {
                let changes = variant_changes(&variant);
                match (variant.description.is_empty(), variant.plays_as_rulebook()) {
                    (true, _) => changes,
                    // The description says it already; no need to repeat it.
                    (false, true) => translated(variant.description.as_str()),
                    (false, false) => {
                        format!("{}\n{changes}", translated(variant.description.as_str()))
                    }
                }
            }
            Err(problems) => problems,
        }
    }

    fn rules_position(&self) -> u32 {
        self.rules
            .as_ref()
            .and_then(|r| self.rules_items.iter().position(|i| i == r))
            .map_or(gtk::INVALID_LIST_POSITION, |p| p as u32)
    }

    /// A seat row's change: the name, the computer switch or its strength, or a
    /// colour, which the
    /// seat that had it gives up for the chosen seat's old one.
    fn change_seat(&mut self, change: SeatChange) {
        match change {
            SeatChange::Name { seat, name } => self.seats[seat].name = name,
            SeatChange::Computer { seat, computer } => self.seats[seat].computer = computer,
            SeatChange::Strength { seat, strength } => self.seats[seat].strength = strength,
            SeatChange::Colour { seat, colour } => {
                let mut colours: Vec<u8> = self.seats.iter().map(|s| s.colour).collect();
                choose_colour(&mut colours, self.count.max(seat + 1), seat, colour);
                for (seat, colour) in self.seats.iter_mut().zip(colours) {
                    seat.colour = colour;
                }
            }
        }
    }

    /// Brings the board tiles and seat rows in line with the model, in place.
    fn show_lists(&mut self) {
        let tiles = self
            .boards
            .iter()
            .cloned()
            .map(BoardTileData::new)
            .collect();
        keep_in_line(&mut self.board_tiles, tiles);
        let rows = self.seats[..self.count]
            .iter()
            .cloned()
            .enumerate()
            .collect();
        keep_in_line(&mut self.seat_rows, rows);
        // The chosen board's tile is the selected one.
        let grid = self.board_tiles.widget();
        let chosen = self.board.as_ref().and_then(|path| {
            let index = self.boards.iter().position(|b| &b.path == path)?;
            grid.child_at_index(index as i32)
        });
        match chosen {
            Some(child) if !child.is_selected() => grid.select_child(&child),
            Some(_) => {}
            None => grid.unselect_all(),
        }
    }

    /// Reads every board and variant again (shipped, personal, opened), keeping the
    /// choices.
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
        self.rebuild_rules_list();
    }

    /// The rules list's items and labels, from the variants and the edited rules.
    fn rebuild_rules_list(&mut self) {
        let mut items: Vec<RulesItem> = (0..self.variants.len()).map(RulesItem::File).collect();
        if self.edited.is_some() {
            items.push(RulesItem::Edited);
        }
        let labels = items
            .iter()
            .map(|item| match item {
                RulesItem::File(index) => {
                    let entry = &self.variants[*index];
                    let name = entry.name();
                    match (&entry.loaded, entry.origin) {
                        (Err(_), _) => {
                            fill(&gettext("{name} (cannot be loaded)"), &[("name", &name)])
                        }
                        (Ok(_), Origin::Shipped) => name,
                        (Ok(_), _) => fill(&gettext("{name} (yours)"), &[("name", &name)]),
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
        if self.rules.as_ref().is_none_or(|r| !items.contains(r)) {
            self.rules = items.first().cloned();
        }
        self.rules_items = items;
        self.rules_labels = labels;
        self.lists_changed = true;
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

    /// Fills the dialog from a setup: seats, seed, board and rules.
    fn open(&mut self, setup: GameSetup, sender: &ComponentSender<Self>) {
        let mut seats: Vec<SeatSettings> = (0..MAX_SEATS)
            .map(|i| {
                setup.seats.get(i).cloned().unwrap_or(SeatSettings {
                    name: default_name(i),
                    colour: i as u8,
                    computer: i > 0,
                    strength: castellan_engine::bot::Strength::Normal,
                })
            })
            .collect();
        let mut colours: Vec<u8> = seats.iter().map(|s| s.colour).collect();
        free_colours_for_new_seats(&mut colours, MAX_SEATS);
        for (seat, colour) in seats.iter_mut().zip(colours) {
            seat.colour = colour;
        }
        self.seats = seats;
        self.count = setup.seats.len().clamp(MIN_SEATS, MAX_SEATS);
        self.quick_defence = setup.quick_defence;
        self.seed = setup.seed.map(|s| s.to_string()).unwrap_or_default();
        self.filled = true;
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
