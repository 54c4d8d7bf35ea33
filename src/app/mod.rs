//! The GTK application: the main window, where a game is set up, played on the map
//! with the side panels, saved and opened, and won.
//!
//! - `session`: the game at this table, without GTK (tested on its own).
//! - `status`, `log`: the status line and the log's sentences.
//! - `computer`: what computer seats play.
//! - `map_view`: the map widget; `new_game`, `privacy`, `victory`: dialog and pages;
//!   `files`: the file chooser; `shortcuts`: accelerators and their window;
//!   `printing`: printing and exporting the reference sheet.
//! - `library`: the boards and variants on offer; `variant_editor`: the rules editor.
//! - `table`: what the side panels are shown; `sidebar` (cards) and `battle_panel`
//!   (dice) are the panels, with `decisions`, `card_art` and `dice_view`.

mod battle_panel;
mod card_art;
mod computer;
mod decisions;
mod dice_view;
mod files;
mod icons;
mod library;
mod log;
mod map_view;
mod new_game;
#[cfg(test)]
mod panel_testing;
mod printing;
mod privacy;
#[cfg(test)]
mod screenshots;
mod session;
mod shortcuts;
mod sidebar;
mod status;
mod table;
mod variant_editor;
mod victory;
#[cfg(test)]
mod window_tests;

use std::cell::Cell;
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use adw::prelude::*;
use castellan_engine::board::{Board, TerritoryId};
use castellan_engine::diagnostics::{ReadError, read_text_file};
use castellan_engine::game::{
    Action, Decision, EventKind, Game, MAX_SAVE_BYTES, PlacementReason, QUIET_ROUNDS_FOR_A_DRAW,
    ReplayError,
};
use castellan_engine::variant::Variant;
use gettextrs::gettext;
use relm4::actions::{RelmAction, RelmActionGroup};
use relm4::gtk::{gio, glib};
use relm4::prelude::*;

use crate::config::{APP_ID, VERSION};
use crate::messages::{self, Names};
use crate::safe_write::write_file;
use battle_panel::{BattlePanel, BattlePanelInput, BattlePanelOutput};
use map_view::{MapView, MapViewInput, MapViewOutput};
use new_game::{NewGame, NewGameDialog, NewGameInput, NewGameOutput};
use session::{Click, Session};
use sidebar::{CardSidebar, CardSidebarInput, CardSidebarOutput};
use variant_editor::{EditorMode, VariantEditor, VariantEditorInput, VariantEditorOutput};

/// How long a computer seat "thinks" before each move, so that people can follow.
const COMPUTER_PACE: Duration = Duration::from_millis(250);

/// Set (to anything) to start the last setup at once, without the dialog (unless a
/// save is given), and to echo the log on standard output: what the desktop tests
/// drive and watch the game with.
const QUICK_START_VARIABLE: &str = "CASTELLAN_QUICK_START";

relm4::new_action_group!(WindowActions, "win");
relm4::new_stateless_action!(NewGameAction, WindowActions, "new-game");
relm4::new_stateless_action!(OpenAction, WindowActions, "open");
relm4::new_stateless_action!(SaveAction, WindowActions, "save");
relm4::new_stateless_action!(SaveAsAction, WindowActions, "save-as");
relm4::new_stateless_action!(VariantEditorAction, WindowActions, "variant-editor");
relm4::new_stateless_action!(GameRulesAction, WindowActions, "game-rules");
relm4::new_stateless_action!(PrintReferenceAction, WindowActions, "print-reference");
relm4::new_stateless_action!(ExportReferenceAction, WindowActions, "export-reference");
relm4::new_stateless_action!(ShortcutsAction, WindowActions, "show-help-overlay");
relm4::new_stateless_action!(AboutAction, WindowActions, "about");
relm4::new_stateless_action!(QuitAction, WindowActions, "quit");

/// What the window shows in its main area.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Page {
    Game,
    /// The screen waits for this seat's person.
    Privacy,
    Victory,
    /// The board could not be loaded.
    Broken,
}

impl Page {
    fn name(self) -> &'static str {
        match self {
            Page::Game => "game",
            Page::Privacy => "privacy",
            Page::Victory => "victory",
            Page::Broken => "broken",
        }
    }
}

/// How the window starts.
pub enum Startup {
    /// With the new-game dialog, as people start it.
    Dialog,
    /// With this game at once (the quick-start variable, and tests).
    Game(Box<NewGame>),
    /// With this saved game (given on the command line); the dialog if it cannot open.
    Open(PathBuf),
}

/// What to do once unsaved changes may be dropped.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Then {
    NewGame,
    Open,
    Quit,
}

pub struct MainWindow {
    window: adw::ApplicationWindow,
    /// Why the default board could not be loaded, if it could not.
    broken: Option<String>,
    /// The map of the board shown, and the box it sits in (a new board gets a new map).
    map: Option<Controller<MapView>>,
    map_holder: gtk::Box,
    /// The board the map shows.
    shown_board: Option<Arc<Board>>,
    new_game: Controller<NewGameDialog>,
    /// Made when first opened: most games never need it.
    variant_editor: Option<Controller<VariantEditor>>,
    sidebar: Controller<CardSidebar>,
    battle: Controller<BattlePanel>,
    session: Option<Session>,
    page: Page,
    status: String,
    /// Armies placed and to place, while placing on the map.
    draft: Option<(u32, u32)>,
    /// What the status line's finishing button does, if shown.
    finish: Option<Action>,
    log: gtk::TextBuffer,
    log_view: gtk::TextView,
    /// Events of the session already in the log view.
    logged: usize,
    /// The log's last sentence, which the privacy page repeats.
    last_logged: Option<String>,
    privacy_page: adw::StatusPage,
    privacy_button: gtk::Button,
    victory_page: adw::StatusPage,
    /// Shared with the close handler: whether closing must ask first.
    unsaved: Rc<Cell<bool>>,
    /// Counts sessions, so that a computer move computed for an old one is dropped.
    generation: u64,
    computer_thinking: bool,
    /// The computer players, shared with the thread that runs them.
    computers: Arc<Mutex<computer::Computers>>,
    /// Kept alive until the file chooser answers.
    chooser: Option<gtk::FileChooserNative>,
    echo_log: bool,
}

#[derive(Debug)]
pub enum MainWindowInput {
    NewGame,
    Open,
    Save,
    SaveAs,
    Shortcuts,
    About,
    Quit,
    VariantEditor,
    /// Show the running game's rules, read only.
    GameRules,
    /// Open the variant editor on these rules, for the new-game dialog.
    EditVariantForNewGame(Variant, Option<PathBuf>),
    PrintReference,
    ExportReference,
    /// Unsaved changes may go: carry on.
    Proceed(Then),
    StartGame(Box<NewGame>),
    OpenFile(PathBuf),
    SaveTo(PathBuf),
    FitMap,
    MapClicked(TerritoryId),
    MapEscape,
    /// End the turn, stop filling or skip the fortify.
    Finish,
    ConfirmPlacement,
    UndoPlacement,
    /// An action of the person to move (from a panel).
    Act(Action),
    /// Roll, and keep rolling the attack (from the battle panel).
    RollUntilDecided {
        dice: u8,
        general: bool,
    },
    /// The person named on the privacy page took the screen.
    PrivacyCleared,
    ShowMap,
}

#[derive(Debug)]
pub enum MainWindowCommand {
    /// A computer seat's move, for session `generation`.
    ComputerMove {
        generation: u64,
        action: Option<Action>,
    },
}

#[relm4::component(pub)]
impl Component for MainWindow {
    type Init = Startup;
    type Input = MainWindowInput;
    type Output = ();
    type CommandOutput = MainWindowCommand;

    view! {
        #[root]
        window = adw::ApplicationWindow {
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
                        set_subtitle: &model.subtitle(),
                    },
                    pack_end = &gtk::MenuButton {
                        set_icon_name: "open-menu-symbolic",
                        set_tooltip_text: Some(&gettext("Main Menu")),
                        set_primary: true,
                        set_menu_model: Some(&primary_menu()),
                    },
                    pack_end = &gtk::Button {
                        set_icon_name: "zoom-fit-best-symbolic",
                        set_tooltip_text: Some(&gettext("Fit Map to Window")),
                        set_sensitive: model.map.is_some(),
                        connect_clicked => MainWindowInput::FitMap,
                    },
                },

                gtk::Stack {
                    set_vexpand: true,
                    set_transition_type: gtk::StackTransitionType::Crossfade,

                    add_named[Some("game")] = &gtk::Paned {
                        set_orientation: gtk::Orientation::Horizontal,
                        set_shrink_end_child: false,
                        set_resize_end_child: false,

                        #[wrap(Some)]
                        set_start_child = &gtk::Box {
                            set_orientation: gtk::Orientation::Vertical,

                            #[local_ref]
                            map_holder -> gtk::Box {
                                set_vexpand: true,
                            },

                            gtk::Box {
                                set_spacing: 6,
                                set_margin_all: 6,
                                // Tall enough for the buttons, so the map keeps its size.
                                set_height_request: 34,

                                gtk::Label {
                                    set_widget_name: "status",
                                    set_hexpand: true,
                                    set_xalign: 0.0,
                                    set_wrap: true,
                                    #[watch]
                                    set_label: &model.status,
                                },
                                gtk::Button {
                                    #[watch]
                                    set_label: &model.finish_label(),
                                    #[watch]
                                    set_visible: model.finish.is_some(),
                                    connect_clicked => MainWindowInput::Finish,
                                },
                                gtk::Button {
                                    set_label: &gettext("Undo"),
                                    #[watch]
                                    set_visible: model.draft.is_some(),
                                    #[watch]
                                    set_sensitive: model.draft.is_some_and(|(placed, _)| placed > 0),
                                    connect_clicked => MainWindowInput::UndoPlacement,
                                },
                                gtk::Button {
                                    #[watch]
                                    set_label: &model.confirm_label(),
                                    add_css_class: "suggested-action",
                                    #[watch]
                                    set_visible: model.draft.is_some(),
                                    #[watch]
                                    set_sensitive: model.draft.is_some_and(|(placed, armies)| placed == armies),
                                    connect_clicked => MainWindowInput::ConfirmPlacement,
                                },
                            },
                        },

                        #[wrap(Some)]
                        set_end_child = &gtk::Box {
                            set_orientation: gtk::Orientation::Vertical,
                            set_width_request: 340,

                            #[local_ref]
                            battle_widget -> gtk::Box {},
                            #[local_ref]
                            sidebar_widget -> gtk::ScrolledWindow {
                                set_vexpand: true,
                            },

                            gtk::Expander {
                                set_label: Some(&gettext("Game Log")),
                                set_expanded: true,
                                set_margin_all: 6,

                                gtk::ScrolledWindow {
                                    set_min_content_height: 160,
                                    set_hscrollbar_policy: gtk::PolicyType::Never,
                                    #[local_ref]
                                    log_view -> gtk::TextView {
                                        set_editable: false,
                                        set_cursor_visible: false,
                                        set_wrap_mode: gtk::WrapMode::WordChar,
                                    },
                                },
                            },
                        },
                    },

                    add_named[Some("privacy")] = &model.privacy_page.clone(),
                    add_named[Some("victory")] = &model.victory_page.clone(),

                    add_named[Some("broken")] = &adw::StatusPage {
                        set_icon_name: Some("dialog-error-symbolic"),
                        set_title: &gettext("The Board Could Not Be Loaded"),
                        set_description: model.broken.as_deref(),
                    },

                    // After the pages, so that the first page named exists.
                    #[watch]
                    set_visible_child_name: model.page.name(),
                },
            },
        }
    }

    fn init(
        startup: Startup,
        root: Self::Root,
        sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        // Before any game, the default board shows behind the new-game dialog.
        let board = library::load_board(&library::default_board_path());
        let new_game = NewGameDialog::builder()
            .transient_for(&root)
            .launch(())
            .forward(sender.input_sender(), |output| match output {
                NewGameOutput::Start(game) => MainWindowInput::StartGame(game),
                NewGameOutput::EditVariant(variant, path) => {
                    MainWindowInput::EditVariantForNewGame(variant, path)
                }
            });
        let sidebar = CardSidebar::builder()
            .launch(())
            .forward(sender.input_sender(), |output| match output {
                CardSidebarOutput::Act(action) => MainWindowInput::Act(action),
            });
        let battle = BattlePanel::builder()
            .launch(())
            .forward(sender.input_sender(), |output| match output {
                BattlePanelOutput::Act(action) => MainWindowInput::Act(action),
                BattlePanelOutput::RollUntilDecided { dice, general } => {
                    MainWindowInput::RollUntilDecided { dice, general }
                }
            });
        let (privacy_page, privacy_button) = {
            let sender = sender.clone();
            privacy::page(move || sender.input(MainWindowInput::PrivacyCleared))
        };
        let victory_page = {
            let (again, map) = (sender.clone(), sender.clone());
            victory::page(
                move || again.input(MainWindowInput::NewGame),
                move || map.input(MainWindowInput::ShowMap),
            )
        };
        let echo_log = std::env::var_os(QUICK_START_VARIABLE).is_some();
        let page = if board.is_ok() {
            Page::Game
        } else {
            Page::Broken
        };
        let mut model = MainWindow {
            window: root.clone(),
            broken: board.as_ref().err().map(ToString::to_string),
            map: None,
            map_holder: gtk::Box::new(gtk::Orientation::Vertical, 0),
            shown_board: None,
            new_game,
            variant_editor: None,
            sidebar,
            battle,
            session: None,
            page,
            status: gettext("Start a game with New Game in the main menu (Ctrl+N)"),
            draft: None,
            finish: None,
            log: gtk::TextBuffer::new(None),
            log_view: gtk::TextView::new(),
            logged: 0,
            last_logged: None,
            privacy_page,
            privacy_button,
            victory_page,
            unsaved: Rc::new(Cell::new(false)),
            generation: 0,
            computer_thinking: false,
            computers: Arc::new(Mutex::new(computer::Computers::new(0, 0))),
            chooser: None,
            echo_log,
        };
        model.log_view.set_buffer(Some(&model.log));
        if let Ok(loaded) = &board {
            model.show_board(Arc::clone(&loaded.board), &sender);
        }
        let map_holder = &model.map_holder.clone();
        let log_view = &model.log_view.clone();
        let battle_widget = &model.battle.widget().clone();
        let sidebar_widget = &model.sidebar.widget().clone();
        let widgets = view_output!();

        register_actions(&root, &sender);
        {
            let unsaved = Rc::clone(&model.unsaved);
            let sender = sender.clone();
            root.connect_close_request(move |_| {
                if unsaved.get() {
                    sender.input(MainWindowInput::Quit);
                    glib::Propagation::Stop
                } else {
                    glib::Propagation::Proceed
                }
            });
        }
        match startup {
            Startup::Game(game) => sender.input(MainWindowInput::StartGame(game)),
            Startup::Open(path) => sender.input(MainWindowInput::OpenFile(path)),
            Startup::Dialog => sender.input(MainWindowInput::NewGame),
        }
        ComponentParts { model, widgets }
    }

    fn update(
        &mut self,
        message: MainWindowInput,
        sender: ComponentSender<Self>,
        _root: &Self::Root,
    ) {
        match message {
            MainWindowInput::NewGame => self.unless_unsaved(Then::NewGame, &sender),
            MainWindowInput::Open => self.unless_unsaved(Then::Open, &sender),
            MainWindowInput::Quit => self.unless_unsaved(Then::Quit, &sender),
            MainWindowInput::Proceed(then) => self.proceed(then, &sender),
            MainWindowInput::Save => match self.session.as_ref().and_then(|s| s.path().cloned()) {
                Some(path) => self.save_to(path),
                None => self.choose_file(true, &sender),
            },
            MainWindowInput::SaveAs => self.choose_file(true, &sender),
            MainWindowInput::Shortcuts => {
                let window = shortcuts::window();
                window.set_transient_for(Some(&self.window));
                window.present();
            }
            MainWindowInput::About => self.about(),
            MainWindowInput::VariantEditor => {
                let window = self.window.clone();
                let editor = self.variant_editor();
                editor.widget().set_transient_for(Some(&window));
                editor.widget().set_modal(false);
                editor.emit(VariantEditorInput::Open {
                    variant: Variant::rulebook(),
                    path: None,
                    mode: EditorMode::Edit {
                        for_new_game: false,
                    },
                });
            }
            MainWindowInput::GameRules => {
                if let Some(session) = &self.session {
                    let variant = session.game().variant().clone();
                    let window = self.window.clone();
                    let editor = self.variant_editor();
                    editor.widget().set_transient_for(Some(&window));
                    editor.widget().set_modal(false);
                    editor.emit(VariantEditorInput::Open {
                        variant,
                        path: None,
                        mode: EditorMode::ReadOnly,
                    });
                }
            }
            MainWindowInput::EditVariantForNewGame(variant, path) => {
                // Over the modal new-game dialog, which would otherwise keep it from input.
                let dialog = self.new_game.widget().clone();
                let editor = self.variant_editor();
                editor.widget().set_transient_for(Some(&dialog));
                editor.widget().set_modal(true);
                editor.emit(VariantEditorInput::Open {
                    variant,
                    path,
                    mode: EditorMode::Edit { for_new_game: true },
                });
            }
            MainWindowInput::PrintReference | MainWindowInput::ExportReference => {
                let board = self.shown_board.as_ref();
                let Some(rules) = printing::rules_in_play(self.session.as_ref(), board) else {
                    return;
                };
                if matches!(message, MainWindowInput::PrintReference) {
                    printing::print(&self.window, rules);
                } else {
                    self.chooser = Some(printing::export(&self.window, rules));
                }
            }
            MainWindowInput::StartGame(game) => self.start_game(*game, &sender),
            MainWindowInput::OpenFile(path) => self.open_file(path, &sender),
            MainWindowInput::SaveTo(path) => self.save_to(path),
            MainWindowInput::FitMap => {
                if let Some(map) = &self.map {
                    map.emit(MapViewInput::FitToWindow);
                }
            }
            MainWindowInput::MapClicked(id) => self.map_clicked(id, &sender),
            MainWindowInput::MapEscape => {
                if let Some(session) = &mut self.session
                    && session.clear_source()
                {
                    self.refresh(&sender);
                }
            }
            MainWindowInput::Finish => {
                if let Some(action) = self.finish.clone() {
                    self.act(action, &sender);
                }
            }
            MainWindowInput::ConfirmPlacement => {
                if let Some(action) = self.session.as_ref().and_then(Session::confirm_placement) {
                    self.act(action, &sender);
                }
            }
            MainWindowInput::UndoPlacement => {
                if let Some(session) = &mut self.session
                    && session.undo_placement()
                {
                    self.refresh(&sender);
                }
            }
            MainWindowInput::Act(action) => self.act(action, &sender),
            MainWindowInput::RollUntilDecided { dice, general } => {
                if let Some(session) = &mut self.session {
                    if let Err(error) = session.roll_until_decided(dice, general) {
                        let names = session.names();
                        let names = Names::new(session.board()).with_seats(&names);
                        self.status = messages::sentence(&messages::rule_error(&error, &names));
                    }
                    self.refresh(&sender);
                }
            }
            MainWindowInput::PrivacyCleared => {
                if let Some(session) = &mut self.session
                    && let Some(seat) = session.pass_to()
                {
                    session.show_to(seat);
                }
                self.refresh(&sender);
            }
            MainWindowInput::ShowMap => self.page = Page::Game,
        }
    }

    fn update_cmd(
        &mut self,
        message: MainWindowCommand,
        sender: ComponentSender<Self>,
        _root: &Self::Root,
    ) {
        let MainWindowCommand::ComputerMove { generation, action } = message;
        self.computer_thinking = false;
        if generation != self.generation {
            return;
        }
        let Some(session) = &mut self.session else {
            return;
        };
        let (Some(seat), Some(action)) = (session.computer_to_move(), action) else {
            return;
        };
        if let Err(error) = session.apply(seat, action) {
            eprintln!(
                "castellan: the computer's move was refused: {}",
                error.in_english(session.board())
            );
            return;
        }
        self.refresh(&sender);
    }
}

impl MainWindow {
    /// The game's file (or "New Game") with a dot when unsaved, then the board and
    /// the rules it is played with; before any game, the board shown.
    fn subtitle(&self) -> String {
        let Some(session) = &self.session else {
            return self
                .shown_board
                .as_ref()
                .map(|board| gettext(board.meta.name.as_str()))
                .unwrap_or_default();
        };
        let name = session
            .path()
            .and_then(|p| p.file_stem())
            .map_or_else(|| gettext("New Game"), |s| s.to_string_lossy().into_owned());
        let dot = if session.unsaved() { "• " } else { "" };
        let game = session.game();
        let variant = game.variant();
        let rules = if !variant.name.is_empty() {
            gettext(variant.name.as_str())
        } else if variant.plays_as_rulebook() {
            gettext("Rulebook")
        } else {
            gettext("Custom rules")
        };
        format!(
            "{dot}{name} — {}, {rules}",
            gettext(game.board().meta.name.as_str())
        )
    }

    fn finish_label(&self) -> String {
        match self.finish {
            Some(Action::StopFilling) => gettext("Stop Filling"),
            Some(Action::SkipFortify) => gettext("Skip Fortifying"),
            _ => gettext("End Turn"),
        }
    }

    fn confirm_label(&self) -> String {
        match self.draft {
            Some((placed, armies)) => gettext("Confirm {placed}/{armies}")
                .replace("{placed}", &placed.to_string())
                .replace("{armies}", &armies.to_string()),
            None => gettext("Confirm"),
        }
    }

    /// Asks before dropping unsaved changes; carries on at once when there are none.
    fn unless_unsaved(&mut self, then: Then, sender: &ComponentSender<Self>) {
        if !self.session.as_ref().is_some_and(Session::unsaved) {
            self.proceed(then, sender);
            return;
        }
        let dialog = adw::MessageDialog::new(
            Some(&self.window),
            Some(&gettext("Discard the Game in Progress?")),
            Some(&gettext(
                "Its changes since it was last saved will be lost.",
            )),
        );
        dialog.add_response("cancel", &gettext("_Cancel"));
        dialog.add_response("discard", &gettext("_Discard"));
        dialog.set_response_appearance("discard", adw::ResponseAppearance::Destructive);
        dialog.set_default_response(Some("cancel"));
        dialog.set_close_response("cancel");
        let sender = sender.clone();
        dialog.connect_response(None, move |_, response| {
            if response == "discard" {
                sender.input(MainWindowInput::Proceed(then));
            }
        });
        dialog.present();
    }

    fn proceed(&mut self, then: Then, sender: &ComponentSender<Self>) {
        match then {
            Then::NewGame => {
                let setup = new_game::load_setup(&new_game::last_setup_path())
                    .unwrap_or_else(new_game::default_setup);
                self.new_game.emit(NewGameInput::Open(setup));
                self.new_game.widget().present();
            }
            Then::Open => self.choose_file(false, sender),
            Then::Quit => {
                self.unsaved.set(false);
                self.window.close();
            }
        }
    }

    fn choose_file(&mut self, save: bool, sender: &ComponentSender<Self>) {
        if save && self.session.is_none() {
            return;
        }
        let suggested = self.session.as_ref().and_then(|s| s.path().cloned());
        let sender = sender.clone();
        self.chooser = Some(files::choose(
            &self.window,
            files::FileKind::Game,
            save,
            suggested.as_deref(),
            None,
            move |path| {
                sender.input(if save {
                    MainWindowInput::SaveTo(path)
                } else {
                    MainWindowInput::OpenFile(path)
                })
            },
        ));
    }

    fn start_game(&mut self, game: NewGame, sender: &ComponentSender<Self>) {
        let NewGame {
            setup,
            board,
            variant,
        } = game;
        if let Err(error) = new_game::store_setup(&new_game::last_setup_path(), &setup) {
            eprintln!("castellan: cannot remember the game's setup: {error}");
        }
        let seed = glib::random_int() as u64 | (u64::from(glib::random_int()) << 32);
        match Session::new(board, variant, &setup, seed) {
            Ok(session) => {
                self.new_game.widget().set_visible(false);
                self.begin(session, sender);
            }
            // The dialog stays open, so that the setup can be mended.
            Err(error) => self.error(
                &gettext("The Game Could Not Start"),
                &messages::sentence(&error.describe()),
            ),
        }
    }

    /// The variant editor, made on first use; its "Use for New Game" goes to the
    /// new-game dialog.
    fn variant_editor(&mut self) -> &Controller<VariantEditor> {
        let (window, dialog) = (&self.window, &self.new_game);
        self.variant_editor.get_or_insert_with(|| {
            VariantEditor::builder()
                .transient_for(window)
                .launch(())
                .forward(dialog.sender(), |output| match output {
                    VariantEditorOutput::UseForNewGame(variant, path) => {
                        NewGameInput::UseVariant(variant, path)
                    }
                })
        })
    }

    /// Shows `board` on the map, making a new map widget when the board changes.
    fn show_board(&mut self, board: Arc<Board>, sender: &ComponentSender<Self>) {
        if self
            .shown_board
            .as_ref()
            .is_some_and(|shown| Arc::ptr_eq(shown, &board))
        {
            return;
        }
        if let Some(old) = self.map.take() {
            self.map_holder.remove(old.widget());
        }
        self.shown_board = Some(Arc::clone(&board));
        let map = MapView::builder()
            .launch(board)
            .forward(sender.input_sender(), |output| match output {
                MapViewOutput::Clicked(id) => MainWindowInput::MapClicked(id),
                MapViewOutput::Escape => MainWindowInput::MapEscape,
            });
        map.widget().set_vexpand(true);
        self.map_holder.append(map.widget());
        self.map = Some(map);
        self.broken = None;
    }

    fn open_file(&mut self, path: PathBuf, sender: &ComponentSender<Self>) {
        let opened = read_text_file(&path, MAX_SAVE_BYTES)
            .map_err(|e| match e {
                ReadError::TooLarge(_) => messages::replay_error(&ReplayError::TooLarge, None, &[]),
                ReadError::Io(e) => messages::io_error(&e),
                ReadError::NotUtf8(problem) => format!(
                    "{}:{}: {}",
                    problem.line,
                    problem.column,
                    messages::problem(&problem.kind)
                ),
            })
            .and_then(|json| Session::open(&json, Some(path.clone())).map_err(|e| e.describe()));
        match opened {
            Ok(session) => self.begin(session, sender),
            // The game in progress stays as it was.
            Err(reason) => self.error(
                &gettext("The Game Could Not Be Opened"),
                &messages::sentence(&reason),
            ),
        }
    }

    fn save_to(&mut self, path: PathBuf) {
        let Some(session) = &mut self.session else {
            return;
        };
        let written = session
            .to_json()
            .map_err(|e| messages::save_error(&e))
            .and_then(|json| {
                write_file(&path, json.as_bytes()).map_err(|e| messages::io_error(&e))
            });
        match written {
            Ok(()) => {
                session.mark_saved(path);
                self.unsaved.set(false);
            }
            Err(reason) => self.error(
                &gettext("The Game Could Not Be Saved"),
                &messages::sentence(&reason),
            ),
        }
    }

    fn begin(&mut self, session: Session, sender: &ComponentSender<Self>) {
        self.generation += 1;
        self.computer_thinking = false;
        // Seeded from the game's seed, so that a replayed setup plays the same way.
        self.computers = Arc::new(Mutex::new(computer::Computers::new(
            session.seats().len(),
            session.game().seed(),
        )));
        self.show_board(Arc::clone(session.board()), sender);
        self.session = Some(session);
        self.log.set_text("");
        self.logged = 0;
        self.last_logged = None;
        if let Some(map) = &self.map {
            map.emit(MapViewInput::FitToWindow);
        }
        self.refresh(sender);
    }

    fn map_clicked(&mut self, id: TerritoryId, sender: &ComponentSender<Self>) {
        let Some(session) = &mut self.session else {
            return;
        };
        match session.click(id) {
            Click::Act(action) => self.act(action, sender),
            Click::Changed => self.refresh(sender),
            Click::Ignored => {}
        }
    }

    /// Applies an action of the person to move.
    fn act(&mut self, action: Action, sender: &ComponentSender<Self>) {
        let Some(session) = &mut self.session else {
            return;
        };
        let Some(seat) = session.human_to_move() else {
            return;
        };
        if let Err(error) = session.apply(seat, action) {
            let names = session.names();
            let names = Names::new(session.board()).with_seats(&names);
            let reason = messages::sentence(&messages::rule_error(&error, &names));
            self.error(&gettext("That Move Is Not Allowed"), &reason);
        }
        self.refresh(sender);
    }

    fn error(&self, heading: &str, body: &str) {
        let dialog = adw::MessageDialog::new(Some(&self.window), Some(heading), Some(body));
        dialog.add_response("close", &gettext("_Close"));
        dialog.present();
    }

    fn about(&self) {
        let about = adw::AboutWindow::builder()
            .transient_for(&self.window)
            .application_name(gettext("Castellan"))
            .application_icon(APP_ID)
            .version(VERSION)
            .comments(gettext(
                "Castle Risk for the GNOME desktop, with a variant editor",
            ))
            .license_type(gtk::License::Gpl30)
            .build();
        about.present();
    }

    /// Brings every view up to date with the session, and lets a computer move.
    fn refresh(&mut self, sender: &ComponentSender<Self>) {
        if self.session.is_none() {
            return;
        }
        self.append_log();
        self.draft = self.session.as_ref().and_then(Session::draft_progress);
        self.finish = self.session.as_ref().and_then(Session::finish_action);
        self.status = self.status_line();
        let Some(session) = &self.session else {
            return;
        };
        self.unsaved.set(session.unsaved());
        let game = session.game();
        let snapshot = Rc::new(session.snapshot());
        self.sidebar
            .emit(CardSidebarInput::Show(Rc::clone(&snapshot)));
        self.battle.emit(BattlePanelInput::Show(snapshot));
        if let Some(map) = &self.map {
            map.emit(MapViewInput::Show {
                territories: session.territory_states(),
                seat_names: session
                    .seats()
                    .iter()
                    .map(|s| (s.colour, s.name.clone()))
                    .collect(),
                targets: session.targets(),
                selected: session.source(),
                battle: session
                    .battle()
                    .map(|(from, to)| crate::map::AttackArrow { from, to }),
            });
        }
        self.page = if let Some(winner) = game.winner() {
            let name = &session.seats()[winner.index()].name;
            self.victory_page.set_title(&victory::title(name));
            self.victory_page
                .set_description(Some(&victory::description(game.turn_number())));
            Page::Victory
        } else if game.is_drawn() {
            self.victory_page.set_title(&victory::draw_title());
            self.victory_page
                .set_description(Some(&victory::draw_description(
                    QUIET_ROUNDS_FOR_A_DRAW,
                    game.turn_number(),
                )));
            Page::Victory
        } else if let Some(seat) = session.pass_to() {
            let name = &session.seats()[seat.index()].name;
            self.privacy_page.set_title(&privacy::title(name));
            self.privacy_page
                .set_description(Some(&privacy::description(self.last_logged.as_deref())));
            self.privacy_button.set_label(&privacy::button_label(name));
            Page::Privacy
        } else {
            Page::Game
        };
        self.let_computer_move(sender);
    }

    /// Asks the computer for its move off the main loop, if a computer is to move.
    fn let_computer_move(&mut self, sender: &ComponentSender<Self>) {
        let Some(session) = &self.session else {
            return;
        };
        if self.computer_thinking || session.computer_to_move().is_none() {
            return;
        }
        self.computer_thinking = true;
        let mut game: Game = session.game().clone();
        game.set_recording(false);
        let generation = self.generation;
        let computers = Arc::clone(&self.computers);
        sender.spawn_oneshot_command(move || {
            std::thread::sleep(COMPUTER_PACE);
            let action = computers
                .lock()
                .map_or(None, |mut computers| computers.choose(&game));
            MainWindowCommand::ComputerMove { generation, action }
        });
    }

    fn status_line(&self) -> String {
        let Some(session) = &self.session else {
            return String::new();
        };
        let game = session.game();
        let pending = game.pending();
        let seat = pending.as_ref().map(|p| p.seat);
        let names = session.names();
        let placed = self.draft.map_or(0, |(placed, _)| placed);
        let armies_in_hand = match (&pending, seat) {
            (
                Some(castellan_engine::game::Pending {
                    decision:
                        Decision::PlaceArmies {
                            reason: PlacementReason::Setup,
                            ..
                        },
                    ..
                }),
                Some(seat),
            ) => game.armies_to_place(seat),
            _ => 0,
        };
        let cx = status::StatusContext {
            board: game.board(),
            names: &names,
            computer: seat.is_some_and(|s| session.seats()[s.index()].computer),
            armies_in_hand,
            placed,
            source: session.source(),
        };
        if game.is_drawn() {
            return victory::draw_title();
        }
        let winner = game
            .winner()
            .map(|w| session.seats()[w.index()].name.clone());
        status::status_line(pending.as_ref(), winner, &cx)
    }

    /// Adds the public events not yet in the log view.
    fn append_log(&mut self) {
        let Some(session) = &self.session else {
            return;
        };
        let names = session.names();
        let log_names = log::LogNames {
            board: session.board(),
            seats: &names,
        };
        let events = session.events();
        let new = &events[self.logged.min(events.len())..];
        if let Some(roll) = new.iter().rev().find_map(|(e, _)| match &e.kind {
            EventKind::DiceRolled {
                attack,
                defence,
                attacker_losses,
                defender_losses,
                ..
            } => Some(BattlePanelInput::ShowRoll {
                attacker: attack.clone(),
                defender: defence.clone(),
                attacker_losses: *attacker_losses,
                defender_losses: *defender_losses,
            }),
            _ => None,
        }) {
            self.battle.emit(roll);
        }
        for (event, armies) in new {
            if !event.is_public() {
                continue;
            }
            if let Some(line) = log::sentence(&log_names, &event.kind, *armies) {
                if self.echo_log {
                    println!("{line}");
                }
                let mut end = self.log.end_iter();
                if self.log.char_count() > 0 {
                    self.log.insert(&mut end, "\n");
                }
                self.log.insert(&mut end, &line);
                self.last_logged = Some(line);
            }
        }
        self.logged = events.len();
        let mark = self.log.create_mark(None, &self.log.end_iter(), false);
        self.log_view.scroll_mark_onscreen(&mark);
        self.log.delete_mark(&mark);
    }
}

/// The primary menu.
fn primary_menu() -> gio::Menu {
    let menu = gio::Menu::new();
    let game = gio::Menu::new();
    game.append(Some(&gettext("_New Game")), Some("win.new-game"));
    game.append(Some(&gettext("_Open…")), Some("win.open"));
    game.append(Some(&gettext("_Save")), Some("win.save"));
    game.append(Some(&gettext("Save _As…")), Some("win.save-as"));
    menu.append_section(None, &game);
    let tools = gio::Menu::new();
    tools.append(
        Some(&gettext("_Rules of This Game")),
        Some("win.game-rules"),
    );
    tools.append(
        Some(&gettext("_Variant Editor")),
        Some("win.variant-editor"),
    );
    tools.append(
        Some(&gettext("_Print Reference Sheet…")),
        Some("win.print-reference"),
    );
    tools.append(
        Some(&gettext("_Export Reference Sheet as PDF…")),
        Some("win.export-reference"),
    );
    menu.append_section(None, &tools);
    let help = gio::Menu::new();
    help.append(
        Some(&gettext("_Keyboard Shortcuts")),
        Some("win.show-help-overlay"),
    );
    help.append(Some(&gettext("_About Castellan")), Some("win.about"));
    menu.append_section(None, &help);
    menu
}

/// The window's actions and their accelerators.
fn register_actions(window: &adw::ApplicationWindow, sender: &ComponentSender<MainWindow>) {
    let mut group = RelmActionGroup::<WindowActions>::new();
    macro_rules! add {
        ($action:ty, $message:expr) => {{
            let sender = sender.clone();
            let action: RelmAction<$action> =
                RelmAction::new_stateless(move |_| sender.input($message));
            group.add_action(action);
        }};
    }
    add!(NewGameAction, MainWindowInput::NewGame);
    add!(OpenAction, MainWindowInput::Open);
    add!(SaveAction, MainWindowInput::Save);
    add!(SaveAsAction, MainWindowInput::SaveAs);
    add!(ShortcutsAction, MainWindowInput::Shortcuts);
    add!(AboutAction, MainWindowInput::About);
    add!(QuitAction, MainWindowInput::Quit);
    add!(VariantEditorAction, MainWindowInput::VariantEditor);
    add!(GameRulesAction, MainWindowInput::GameRules);
    add!(PrintReferenceAction, MainWindowInput::PrintReference);
    add!(ExportReferenceAction, MainWindowInput::ExportReference);
    group.register_for_widget(window);
    let app = relm4::main_application();
    for (action, accels) in shortcuts::ACCELERATORS {
        app.set_accels_for_action(action, accels);
    }
}

/// Runs the desktop application until its last window closes, opening `save` if given.
pub fn run(save: Option<PathBuf>) {
    let startup = if let Some(path) = save {
        Startup::Open(path)
    } else if std::env::var_os(QUICK_START_VARIABLE).is_some() {
        let setup = new_game::load_setup(&new_game::last_setup_path())
            .unwrap_or_else(new_game::default_setup);
        match new_game::resolve(setup) {
            Ok(game) => Startup::Game(Box::new(game)),
            Err(reason) => {
                eprintln!("castellan: cannot start the last game: {reason}");
                Startup::Dialog
            }
        }
    } else {
        Startup::Dialog
    };
    let app = RelmApp::new(APP_ID).with_args(Vec::new());
    relm4::main_application().connect_startup(|_| icons::register());
    app.run::<MainWindow>(startup);
}
