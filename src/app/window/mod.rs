//! The main window: the header bar, the pages (the game, the privacy page between
//! people, the victory page, a board that cannot load), the game page's map, status
//! line and side panels, and the messages that drive them. It holds the session at
//! the table and hands each part what it shows after every move; the parts are
//! components of their own (`map_view`, `sidebar`, `battle_panel`, `log_view`,
//! `privacy`, `victory`), computer seats think in the `computer` worker, and files go
//! through `files`.

use std::path::PathBuf;
use std::sync::Arc;

use adw::prelude::*;
use castellan_engine::board::{Board, TerritoryId};
use castellan_engine::game::{Action, RuleError, Seat};
use castellan_engine::variant::Variant;
use gettextrs::gettext;
use relm4::WorkerController;
use relm4::gtk::{gio, glib};
use relm4::prelude::*;

use super::battle_panel::{BattlePanel, BattlePanelInput, BattlePanelOutput};
use super::computer::{ComputerSeats, ComputerSeatsOutput, GameSpeed};
use super::elimination_banner::EliminationBanner;
use super::first_game_tips::{TipBar, TurnTipsOff};
use super::fixed_width::FixedWidth;
use super::hint::{self, Hints};
use super::log_view::GameLog;
use super::map_view::{ClickKind, MapView, MapViewInput};
use super::new_game::{NewGame, NewGameDialog, NewGameOutput};
use super::privacy::PrivacyPage;
use super::session::{FortifyDraft, HandOver, Session, TableEvent};
use super::sidebar::{CardSidebar, CardSidebarOutput};
use super::toasts::TableToasts;
use super::variant_editor::{EditorMode, VariantEditor, VariantEditorInput};
use super::victory::{VictoryPage, VictoryPageOutput};
use super::{files, library, menu, printing, shortcuts};
use crate::messages::{self, Names};
use crate::text::{fill, translated};
use castellan_engine::bot::Cancel;

mod commands;
mod play;
mod story;
mod tables;
mod tips;

pub use tables::Family;

/// The side panels' width beside the map.
pub(super) const SIDEBAR_WIDTH: i32 = 340;

/// The least height the battle panel is given before it scrolls: enough for its
/// sides and the first row of controls.
const BATTLE_LEAST_HEIGHT: i32 = 140;

/// Below this window width the map keeps the whole width and the side panels fold
/// over it (the map needs about twice the panels' width to stay readable).
pub(super) const NARROW_BELOW: i32 = 1000;

/// What the window shows in its main area.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Page {
    Game,
    /// The screen waits for this seat's person.
    Privacy,
    Victory,
    /// The board could not be loaded.
    Broken,
    /// The Château Noir table.
    Chateau,
}

impl Page {
    /// How the stack comes to this page: a cross-fade only to the victory page; the
    /// game and the privacy page replace each other at once, so that no frame blends
    /// one person's secrets into the page that waits for the next.
    fn transition(self) -> gtk::StackTransitionType {
        match self {
            Page::Victory => gtk::StackTransitionType::Crossfade,
            _ => gtk::StackTransitionType::None,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Page::Game => "game",
            Page::Privacy => "privacy",
            Page::Victory => "victory",
            Page::Broken => "broken",
            Page::Chateau => "chateau",
        }
    }
}

/// What the action bar's last slot holds: the button that goes on with the decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Primary {
    Nothing,
    /// End the turn, stop filling or skip the fortify.
    Finish,
    ConfirmPlacement,
    Fortify,
}

impl Primary {
    fn page(self) -> &'static str {
        match self {
            Primary::Nothing => "nothing",
            Primary::Finish => "finish",
            Primary::ConfirmPlacement => "confirm-placement",
            Primary::Fortify => "confirm-fortify",
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Then {
    NewGame,
    /// Open this saved game (chosen already).
    Open(PathBuf),
    Quit,
}

pub struct MainWindow {
    window: adw::ApplicationWindow,
    /// Why the default board could not be loaded, if it could not.
    broken: Option<String>,
    /// The map of the board shown, and the box it sits in (a new board gets a new map).
    pub(super) map: Option<Controller<MapView>>,
    map_holder: gtk::Box,
    /// The board the map shows.
    shown_board: Option<Arc<Board>>,
    pub(super) new_game: Controller<NewGameDialog>,
    /// Made when first opened: most games never need it.
    variant_editor: Option<Controller<VariantEditor>>,
    pub(super) sidebar: Controller<CardSidebar>,
    pub(super) battle: Controller<BattlePanel>,
    pub(super) log: Controller<GameLog>,
    pub(super) privacy: Controller<PrivacyPage>,
    victory: Controller<VictoryPage>,
    /// The story pages, made when first opened.
    statistics: Option<Controller<super::statistics::Statistics>>,
    replay: Option<Controller<super::replay::ReplayWindow>>,
    /// A Château Noir match's story pages, made when first opened.
    pub(crate) chateau_statistics:
        Option<Controller<super::chateau::statistics::ChateauStatistics>>,
    pub(crate) chateau_replay: Option<Controller<super::chateau::replay::ChateauReplay>>,
    /// The rules (F1), made when first opened.
    rules: Option<Controller<super::rules_help::RulesHelp>>,
    /// Château Noir's rules (F1 at its table), made on first use.
    pub(crate) chateau_rules: Option<Controller<super::chateau_help::ChateauRulesHelp>>,
    computers: WorkerController<ComputerSeats>,
    /// The number of the computer seat's move being thought out, if one is.
    pub(super) thought: Option<u64>,
    /// Raised when the table gets up (a new game, quitting): the computer seats'
    /// thinking stops at once.
    table: Cancel,
    /// The window is too narrow for the side panels beside the map: they fold over it.
    pub(super) narrow: bool,
    /// Whether the folded side panels are shown over the map.
    pub(super) sidebar_open: bool,
    /// The decision (by moves made) the folded panels were last opened for.
    panels_opened_at: Option<usize>,
    /// How fast computer seats play (a preference).
    pub(super) speed: GameSpeed,
    /// The hints setting (a preference) and the hint of the decision on screen.
    pub(super) hints: Hints,
    /// Whether people get the first game's tips (a preference), the bar showing the
    /// tip, and the main menu's switch, kept in step with the preference.
    pub(super) first_game_tips: bool,
    pub(super) tips: Controller<TipBar>,
    tips_switch: Option<gio::SimpleAction>,
    /// Eliminations announced over the map.
    pub(super) eliminations: Controller<EliminationBanner>,
    /// Thoughts asked for so far: each answer names its own, so a stale one is dropped.
    thoughts: u64,
    /// Why the computer cannot go on (its move was refused), shown until a new game.
    computer_stuck: Option<String>,
    pub(super) session: Option<Session>,
    pub(super) page: Page,
    status: String,
    /// Armies placed and to place, while placing on the map.
    draft: Option<(u32, u32)>,
    /// Whether Undo takes something back now (a placement step or a decision).
    may_undo: bool,
    /// The fortify chosen on the map, waiting for its count and confirmation.
    fortify: Option<FortifyDraft>,
    /// What the status line's finishing button does, if shown.
    finish: Option<Action>,
    /// The last event the log told, which the privacy page repeats.
    last_told: Option<TableEvent>,
    /// The computer seat whose turn is under way, and its public events so far.
    pub(super) computer_turn: Option<(Seat, Vec<TableEvent>)>,
    /// Computer turns summed up and moves offered back, over the map.
    pub(super) toasts: TableToasts,
    /// Kept alive until the file chooser answers.
    chooser: Option<gtk::FileChooserNative>,
    /// Echo the log on standard output (the quick-start variable).
    echo_log: bool,
    /// Where the last setup is remembered (see [`setup_file`]).
    setup_file: PathBuf,
    /// The game family at the table (see `tables`).
    pub(super) family: Family,
    /// The Château Noir table, made when first played, the box its page holds it in,
    /// and the flag that stops its computer seats' thinking.
    pub(super) chateau: Option<Controller<super::chateau::ChateauTable>>,
    chateau_holder: gtk::Box,
    chateau_cancel: castellan_chateau::bot::Cancel,
    /// The person and turn (0 in setup) last warned that a placement leaves their
    /// castle in danger: the warning comes once a turn, and Confirm then places.
    castle_warned: Option<(Seat, u32)>,
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
    /// The story of the game at the table: its statistics, or its replay.
    Statistics,
    Replay,
    /// The rules as the game at the table plays them (F1).
    Rules,
    /// Open the variant editor on these rules, for the new-game dialog.
    EditVariantForNewGame(Variant, Option<PathBuf>),
    PrintReference,
    ExportReference,
    /// Unsaved changes may go: carry on.
    Proceed(Then),
    StartGame(Box<NewGame>),
    /// Start a Château Noir match seated so.
    StartChateau(Box<super::chateau::setup::ChateauSetup>),
    /// The Château Noir table asks for its computer seat's action.
    ChateauThink {
        id: u64,
        game: Box<castellan_chateau::game::Game>,
    },
    /// The worker's answer to the Château Noir table.
    ChateauChose {
        id: u64,
        seat: Option<castellan_chateau::game::Seat>,
        action: Option<castellan_chateau::game::Action>,
    },
    /// The Château Noir table passes the screen to this person.
    ChateauPass {
        name: String,
        /// What the other seats did since this person last had the screen.
        news: Vec<String>,
    },
    /// What a table shows in the header changed.
    TableChanged,
    /// A saved game chosen to open in place of the game at the table.
    OpenChosen(PathBuf),
    /// Open this saved game now.
    OpenFile(PathBuf),
    SaveTo(PathBuf),
    FitMap,
    /// A territory clicked on the map, and how.
    MapClicked(TerritoryId, ClickKind),
    MapEscape,
    /// The Admiral was chosen or put back (in the sidebar or by its key).
    ToggleAdmiral,
    /// At most this many armies aboard the Admiral's ships.
    AdmiralAboard(u32),
    /// End the turn, stop filling or skip the fortify.
    Finish,
    /// Confirm the placement or the fortify being made.
    ConfirmPlacement,
    /// The fortify being made moves this many armies.
    SetFortifyArmies(u32),
    /// Take back the last placement step, or else the person's last decision that
    /// may be taken back (a placement, a move-in, …).
    Undo,
    /// An action of the person to move (from a panel).
    Act(Action),
    /// Roll, and keep rolling the attack (from the battle panel).
    RollUntilDecided {
        dice: u8,
        general: bool,
    },
    /// The defender's standing order: the most dice for the rest of the attack.
    DefendForTheAttack {
        marshall: bool,
    },
    /// A message to the battle panel (a turn's shortcut).
    Battle(BattlePanelInput),
    /// The keyboard focus to the map's next lit territory.
    NextTerritory,
    /// A shortcut's message, which counts only while the game page is up.
    OnGamePage(Box<MainWindowInput>),
    /// The person named on the privacy page took the screen.
    PrivacyCleared,
    ShowMap,
    /// Computer seats play at this speed from their next move.
    SetSpeed(GameSpeed),
    /// The window is now this wide: below [`NARROW_BELOW`] the side panels fold.
    WindowWidth(i32),
    /// Show or hide the folded side panels.
    ShowSidebar(bool),
    /// Switch hints for people's decisions on or off.
    SetHints(bool),
    /// Switch the first game's tips on or off.
    SetFirstGameTips(bool),
    /// Play the hint shown.
    TakeHint,
    /// The person to claim or place in setup hands the rest over to the computer
    /// ("Claim for Me", "Place for Me").
    ClaimForMe,
    /// The computer worker's hint for request `id`.
    Hinted {
        id: u64,
        action: Option<Action>,
    },
    /// The computer worker's answer to thought `id`.
    ComputerChose {
        id: u64,
        seat: Option<Seat>,
        action: Option<Action>,
    },
}

#[relm4::component(pub)]
impl Component for MainWindow {
    type Init = Startup;
    type Input = MainWindowInput;
    type Output = ();
    type CommandOutput = ();

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
                        set_menu_model: Some(&menu::primary_menu()),
                    },
                    pack_end = &gtk::ToggleButton {
                        set_widget_name: "show-sidebar",
                        set_icon_name: "sidebar-show-right-symbolic",
                        set_tooltip_text: Some(&gettext("Show Cards and Log")),
                        #[watch]
                        set_visible: model.narrow && model.page == Page::Game,
                        #[watch]
                        #[block_signal(sidebar_toggled)]
                        set_active: model.sidebar_open,
                        connect_toggled[sender] => move |button| {
                            sender.input(MainWindowInput::ShowSidebar(button.is_active()));
                        } @sidebar_toggled,
                    },
                    pack_end = &gtk::Button {
                        set_icon_name: "zoom-fit-best-symbolic",
                        set_tooltip_text: Some(&gettext("Fit Map to Window")),
                        #[watch]
                        set_sensitive: model.map.is_some(),
                        // The Château Noir board always fits its place.
                        #[watch]
                        set_visible: model.page != Page::Chateau,
                        connect_clicked => MainWindowInput::FitMap,
                    },
                },

                gtk::Stack {
                    set_vexpand: true,

                    // The side panels beside the map, or over it in a narrow window,
                    // shown by the header's button (libadwaita 1.2 has no breakpoints).
                    add_named[Some("game")] = &adw::Flap {
                        set_flap_position: gtk::PackType::End,
                        set_swipe_to_open: false,
                        #[watch]
                        set_fold_policy: if model.narrow {
                            adw::FlapFoldPolicy::Always
                        } else {
                            adw::FlapFoldPolicy::Never
                        },
                        #[watch]
                        #[block_signal(flap_revealed)]
                        set_reveal_flap: !model.narrow || model.sidebar_open,
                        connect_reveal_flap_notify[sender] => move |flap| {
                            if flap.is_folded() {
                                sender.input(MainWindowInput::ShowSidebar(flap.reveals_flap()));
                            }
                        } @flap_revealed,

                        #[wrap(Some)]
                        set_separator = &gtk::Separator {},

                        #[wrap(Some)]
                        set_content = &gtk::Box {
                            set_orientation: gtk::Orientation::Vertical,

                            // Eliminations are announced over the map, and computer
                            // turns summed up at its foot: never over the action bar
                            // below.
                            gtk::Overlay {
                                set_vexpand: true,
                                #[local_ref]
                                #[wrap(Some)]
                                set_child = map_holder -> gtk::Box {
                                    set_vexpand: true,
                                },
                                add_overlay: eliminations_widget,
                                add_overlay: toast_widget,
                            },

                            // While hints are on, their row keeps its place (empty
                            // while the hint is worked out or a computer plays), so
                            // that the map above never changes size.
                            gtk::Box {
                                set_widget_name: "hint",
                                set_spacing: 6,
                                set_margin_start: 6,
                                set_margin_end: 6,
                                set_margin_top: 6,
                                #[watch]
                                set_visible: model.hints.enabled() && model.game_under_way(),

                                gtk::Image {
                                    set_icon_name: Some("dialog-information-symbolic"),
                                },
                                gtk::Label {
                                    set_widget_name: "hint-text",
                                    set_hexpand: true,
                                    set_xalign: 0.0,
                                    set_wrap: true,
                                    set_lines: 1,
                                    set_ellipsize: gtk::pango::EllipsizeMode::End,
                                    #[watch]
                                    set_label: &model.hint_text(),
                                    #[watch]
                                    set_tooltip_text: Some(&model.hint_text()),
                                },
                                gtk::Button {
                                    set_widget_name: "take-hint",
                                    set_label: &gettext("Take Hint"),
                                    set_tooltip_text: Some(&gettext("Play the suggested move")),
                                    #[watch]
                                    set_sensitive: model.hints.shown().is_some(),
                                    connect_clicked => MainWindowInput::TakeHint,
                                },
                            },

                            #[local_ref]
                            tips_widget -> gtk::Box {},

                            // The action bar. Its buttons keep their places: the
                            // button that goes on (End Turn, Confirm, Fortify, …) is
                            // always last, in a slot as wide as the widest of them,
                            // with Undo always just before it; what comes and goes
                            // (Claim for Me, the fortify's count, Skip Fortifying
                            // beside a fortify being made) sits before Undo. The bar
                            // is two lines of status high whatever it says.
                            gtk::Box {
                                set_widget_name: "action-bar",
                                set_spacing: 6,
                                set_margin_all: 6,
                                set_height_request: 44,

                                gtk::Label {
                                    set_widget_name: "status",
                                    set_hexpand: true,
                                    set_xalign: 0.0,
                                    set_wrap: true,
                                    set_lines: 2,
                                    set_ellipsize: gtk::pango::EllipsizeMode::End,
                                    #[watch]
                                    set_label: &model.status,
                                    #[watch]
                                    set_tooltip_text: Some(&model.status),
                                },
                                gtk::Button {
                                    set_widget_name: "claim-for-me",
                                    set_valign: gtk::Align::Center,
                                    #[watch]
                                    set_label: &model.hand_over_label(),
                                    #[watch]
                                    set_tooltip_text: Some(&model.hand_over_tip()),
                                    #[watch]
                                    set_visible: model.page == Page::Game
                                        && model.session.as_ref().and_then(Session::may_hand_over).is_some(),
                                    connect_clicked => MainWindowInput::ClaimForMe,
                                },
                                gtk::SpinButton {
                                    set_widget_name: "fortify-armies",
                                    set_valign: gtk::Align::Center,
                                    set_tooltip_text: Some(&gettext("Armies to move")),
                                    set_digits: 0,
                                    set_increments: (1.0, 5.0),
                                    #[watch]
                                    set_visible: model.fortify.is_some(),
                                    #[watch]
                                    #[block_signal(fortify_changed)]
                                    set_range: (1.0, f64::from(model.fortify.map_or(1, |f| f.max).max(1))),
                                    #[watch]
                                    #[block_signal(fortify_changed)]
                                    set_value: f64::from(model.fortify.map_or(1, |f| f.armies)),
                                    connect_value_changed[sender] => move |spin| {
                                        sender.input(MainWindowInput::SetFortifyArmies(
                                            spin.value_as_int().max(1) as u32,
                                        ));
                                    } @fortify_changed,
                                },
                                gtk::Button {
                                    set_widget_name: "skip-beside-fortify",
                                    set_valign: gtk::Align::Center,
                                    #[watch]
                                    set_label: &model.finish_label(),
                                    #[watch]
                                    set_visible: model.primary() == Primary::Fortify && model.finish.is_some(),
                                    connect_clicked => MainWindowInput::Finish,
                                },
                                gtk::Button {
                                    set_widget_name: "undo",
                                    set_valign: gtk::Align::Center,
                                    set_label: &gettext("Undo"),
                                    set_tooltip_text: Some(&gettext("Take back your last placement or move (Ctrl+Z)")),
                                    #[watch]
                                    set_visible: model.game_under_way(),
                                    #[watch]
                                    set_sensitive: model.may_undo,
                                    connect_clicked => MainWindowInput::Undo,
                                },
                                #[name = "primary_slot"]
                                gtk::Stack {
                                    set_widget_name: "primary-slot",
                                    set_valign: gtk::Align::Center,
                                    set_hhomogeneous: true,
                                    set_vhomogeneous: true,
                                    #[watch]
                                    set_visible: model.game_under_way(),

                                    add_named[Some("nothing")] = &gtk::Box {},
                                    add_named[Some("finish")] = &gtk::Button {
                                        set_widget_name: "finish",
                                        #[watch]
                                        set_label: &model.finish_label(),
                                        connect_clicked => MainWindowInput::Finish,
                                    },
                                    add_named[Some("confirm-placement")] = &gtk::Button {
                                        set_widget_name: "confirm-placement",
                                        #[watch]
                                        set_label: &model.confirm_label(),
                                        add_css_class: "suggested-action",
                                        #[watch]
                                        set_sensitive: model.draft.is_some_and(|(placed, armies)| placed == armies),
                                        connect_clicked => MainWindowInput::ConfirmPlacement,
                                    },
                                    add_named[Some("confirm-fortify")] = &gtk::Button {
                                        set_widget_name: "confirm-fortify",
                                        set_label: &gettext("Fortify"),
                                        set_tooltip_text: Some(&gettext("Move the armies and end the turn (Ctrl+Enter)")),
                                        add_css_class: "suggested-action",
                                        connect_clicked => MainWindowInput::ConfirmPlacement,
                                    },
                                    // Never shown: as wide as the widest label the
                                    // other buttons take, so that the slot never
                                    // changes width as their labels do.
                                    add_named[Some("widest")] = &gtk::Button {
                                        #[watch]
                                        set_label: &model.widest_primary_label(),
                                    },

                                    #[watch]
                                    set_visible_child_name: model.primary().page(),
                                },
                            },
                        },

                        // One width whatever the panels show (a defence's row, the
                        // dice, a long name): the map beside them never shifts.
                        #[wrap(Some)]
                        set_flap = &FixedWidth {
                            set_width: SIDEBAR_WIDTH,
                            // Never widened by a child that expands (a card row): the
                            // flap would then share the map's room half and half.
                            set_hexpand: false,

                        #[wrap(Some)]
                        set_child = &gtk::Box {
                            set_widget_name: "side-panels",
                            set_orientation: gtk::Orientation::Vertical,
                            set_hexpand: false,
                            // Opaque over the map when folded.
                            add_css_class: "background",

                            // The battle at its natural height, scrolled only in a
                            // window too short for it (800×600, folded over the map);
                            // shown while the panel is.
                            #[name = "battle_scroller"]
                            gtk::ScrolledWindow {
                                set_widget_name: "battle-scroller",
                                set_hscrollbar_policy: gtk::PolicyType::Never,
                                set_propagate_natural_height: true,
                                set_min_content_height: BATTLE_LEAST_HEIGHT,

                                #[local_ref]
                                battle_widget -> gtk::Box {},
                            },
                            #[local_ref]
                            sidebar_widget -> gtk::ScrolledWindow {
                                set_vexpand: true,
                            },

                            gtk::Expander {
                                set_label: Some(&gettext("Game Log")),
                                set_expanded: true,
                                set_margin_all: 6,

                                #[local_ref]
                                log_widget -> gtk::ScrolledWindow {},
                            },
                        },
                        },
                    },

                    #[local_ref]
                    add_named[Some("chateau")] = chateau_holder -> gtk::Box {},
                    #[local_ref]
                    add_named[Some("privacy")] = privacy_widget -> adw::StatusPage {},
                    #[local_ref]
                    add_named[Some("victory")] = victory_widget -> adw::StatusPage {},

                    add_named[Some("broken")] = &adw::StatusPage {
                        set_icon_name: Some("dialog-error-symbolic"),
                        set_title: &gettext("The Board Could Not Be Loaded"),
                        #[watch]
                        set_description: model.broken.as_deref(),
                    },

                    // After the pages, so that the first page named exists; the
                    // transition first, so that it applies to this change.
                    #[watch]
                    set_transition_type: model.page.transition(),
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
                NewGameOutput::StartChateau(setup) => MainWindowInput::StartChateau(setup),
                NewGameOutput::EditVariant(variant, path) => {
                    MainWindowInput::EditVariantForNewGame(variant, path)
                }
            });
        let sidebar = CardSidebar::builder()
            .launch(())
            .forward(sender.input_sender(), |output| match output {
                CardSidebarOutput::Act(action) => MainWindowInput::Act(action),
                CardSidebarOutput::ToggleAdmiral => MainWindowInput::ToggleAdmiral,
                CardSidebarOutput::Aboard(armies) => MainWindowInput::AdmiralAboard(armies),
            });
        let battle = BattlePanel::builder()
            .launch(())
            .forward(sender.input_sender(), |output| match output {
                BattlePanelOutput::Act(action) => MainWindowInput::Act(action),
                BattlePanelOutput::RollUntilDecided { dice, general } => {
                    MainWindowInput::RollUntilDecided { dice, general }
                }
                BattlePanelOutput::DefendForTheAttack { marshall } => {
                    MainWindowInput::DefendForTheAttack { marshall }
                }
            });
        let log = GameLog::builder().launch(()).detach();
        let privacy = PrivacyPage::builder()
            .launch(())
            .forward(sender.input_sender(), |_| MainWindowInput::PrivacyCleared);
        let victory = VictoryPage::builder()
            .launch(())
            .forward(sender.input_sender(), |output| match output {
                VictoryPageOutput::NewGame => MainWindowInput::NewGame,
                VictoryPageOutput::ShowMap => MainWindowInput::ShowMap,
                VictoryPageOutput::Statistics => MainWindowInput::Statistics,
                VictoryPageOutput::Replay => MainWindowInput::Replay,
            });
        let computers =
            ComputerSeats::builder()
                .detach_worker(())
                .forward(sender.input_sender(), |output| match output {
                    ComputerSeatsOutput::Chose { id, seat, action } => {
                        MainWindowInput::ComputerChose { id, seat, action }
                    }
                    ComputerSeatsOutput::Hinted { id, action } => {
                        MainWindowInput::Hinted { id, action }
                    }
                    ComputerSeatsOutput::ChateauChose { id, seat, action } => {
                        MainWindowInput::ChateauChose { id, seat, action }
                    }
                });
        let tips = TipBar::builder()
            .launch(())
            .forward(sender.input_sender(), |TurnTipsOff| {
                MainWindowInput::SetFirstGameTips(false)
            });
        let eliminations = EliminationBanner::builder().launch(()).detach();
        let preferences = stored_preferences();
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
            log,
            privacy,
            victory,
            statistics: None,
            replay: None,
            chateau_statistics: None,
            chateau_replay: None,
            rules: None,
            chateau_rules: None,
            computers,
            thought: None,
            table: Cancel::new(),
            thoughts: 0,
            narrow: false,
            sidebar_open: false,
            panels_opened_at: None,
            speed: preferences.speed,
            hints: Hints::new(preferences.hints),
            first_game_tips: preferences.first_game_tips,
            tips,
            tips_switch: None,
            eliminations,
            computer_stuck: None,
            session: None,
            page,
            status: gettext("Start a game with New Game in the main menu (Ctrl+N)"),
            draft: None,
            may_undo: false,
            fortify: None,
            finish: None,
            last_told: None,
            toasts: TableToasts::new(),
            computer_turn: None,
            chooser: None,
            echo_log: std::env::var_os(super::QUICK_START_VARIABLE).is_some(),
            setup_file: setup_file(),
            castle_warned: None,
            family: Family::Risk,
            chateau: None,
            chateau_holder: gtk::Box::new(gtk::Orientation::Vertical, 0),
            chateau_cancel: castellan_chateau::bot::Cancel::new(),
        };
        if let Ok(loaded) = &board {
            model.show_board(Arc::clone(&loaded.board), &sender);
        }
        let map_holder = &model.map_holder.clone();
        let chateau_holder = &model.chateau_holder.clone();
        let battle_widget = &model.battle.widget().clone();
        let sidebar_widget = &model.sidebar.widget().clone();
        let log_widget = &model.log.widget().clone();
        let privacy_widget = &model.privacy.widget().clone();
        let toast_widget = &model.toasts.widget().clone();
        let victory_widget = &model.victory.widget().clone();
        let tips_widget = &model.tips.widget().clone();
        let eliminations_widget = &model.eliminations.widget().clone();
        let widgets = view_output!();
        battle_widget
            .bind_property("visible", &widgets.battle_scroller, "visible")
            .sync_create()
            .build();

        model.tips_switch = Some(menu::register_actions(&root, &sender, &preferences));
        {
            let sender = sender.clone();
            root.connect_default_width_notify(move |window| {
                sender.input(MainWindowInput::WindowWidth(window.default_width()));
            });
        }
        {
            // Closing asks first when there are unsaved changes; `Quit` decides.
            let sender = sender.clone();
            root.connect_close_request(move |_| {
                sender.input(MainWindowInput::Quit);
                glib::Propagation::Stop
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
            // The file first: the game in progress is asked about only once there is
            // something to open instead.
            MainWindowInput::Open => self.choose_file(false, &sender),
            MainWindowInput::OpenChosen(path) => self.unless_unsaved(Then::Open(path), &sender),
            MainWindowInput::Quit => self.unless_unsaved(Then::Quit, &sender),
            MainWindowInput::Proceed(then) => self.proceed(then, &sender),
            MainWindowInput::Save if self.chateau_path().is_some() => {
                match self.chateau_path().flatten() {
                    Some(path) => {
                        self.save_chateau(path);
                    }
                    None => self.choose_file(true, &sender),
                }
            }
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
            MainWindowInput::VariantEditor => self.open_variant_editor(
                Variant::rulebook(),
                EditorMode::Edit {
                    for_new_game: false,
                },
            ),
            // A Château Noir match's rules are its help, which lists the variant's
            // options (the variant editor shows a Risk table's rules).
            MainWindowInput::GameRules if self.family == Family::ChateauNoir => self.show_rules(),
            MainWindowInput::GameRules => {
                if let Some(session) = &self.session {
                    let variant = session.game().variant().clone();
                    self.open_variant_editor(variant, EditorMode::ReadOnly);
                }
            }
            MainWindowInput::Statistics => self.show_statistics(),
            MainWindowInput::Replay => self.show_replay(),
            MainWindowInput::Rules => self.show_rules(),
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
                let Some(rules) = self.printable() else {
                    return;
                };
                if matches!(message, MainWindowInput::PrintReference) {
                    printing::print(&self.window, rules);
                } else {
                    self.chooser = Some(printing::export(&self.window, rules));
                }
            }
            MainWindowInput::StartGame(game) => self.start_game(*game, &sender),
            MainWindowInput::StartChateau(setup) => self.start_chateau(*setup, &sender),
            MainWindowInput::ChateauThink { id, game } => self.chateau_think(id, game),
            MainWindowInput::ChateauChose { id, seat, action } => {
                if let Some(table) = &self.chateau {
                    table.emit(super::chateau::ChateauTableInput::ComputerChose {
                        id,
                        seat,
                        action,
                    });
                }
            }
            MainWindowInput::ChateauPass { name, news } => self.chateau_pass(name, news),
            MainWindowInput::TableChanged => {}
            MainWindowInput::OpenFile(path) => self.open_file(path, &sender),
            MainWindowInput::SaveTo(path) => self.save_to(path),
            MainWindowInput::FitMap => {
                if let Some(map) = &self.map {
                    map.emit(MapViewInput::FitToWindow);
                }
            }
            MainWindowInput::MapClicked(id, kind) => self.map_clicked(id, kind),
            MainWindowInput::MapEscape => {
                if let Some(session) = &mut self.session
                    && session.cancel()
                {
                    self.refresh();
                }
            }
            MainWindowInput::AdmiralAboard(armies) => {
                if let Some(session) = &mut self.session {
                    session.set_admiral_aboard(armies);
                }
                self.refresh();
            }
            MainWindowInput::ToggleAdmiral => {
                if let Some(session) = &mut self.session
                    && session.toggle_admiral()
                {
                    self.refresh();
                }
            }
            MainWindowInput::Finish => {
                if let Some(action) = self.finish.clone() {
                    self.act(action);
                }
            }
            MainWindowInput::ConfirmPlacement => self.confirm(),
            MainWindowInput::SetFortifyArmies(armies) => {
                if let Some(session) = &mut self.session {
                    session.set_fortify_armies(armies);
                    self.refresh();
                }
            }
            MainWindowInput::Undo => self.undo(),
            MainWindowInput::Act(action) => self.act(action),
            MainWindowInput::RollUntilDecided { dice, general } => {
                if let Some(session) = &mut self.session {
                    if let Err(error) = session.roll_until_decided(dice, general) {
                        let reason = rule_error_text(&error, session);
                        self.error(&gettext("That Move Is Not Allowed"), &reason);
                    }
                    self.refresh();
                }
            }
            MainWindowInput::DefendForTheAttack { marshall } => {
                if let Some(session) = &mut self.session
                    && let Some(seat) = session.human_to_move()
                {
                    if let Err(error) = session.defend_for_the_attack(seat, marshall) {
                        let reason = rule_error_text(&error, session);
                        self.error(&gettext("That Move Is Not Allowed"), &reason);
                    }
                    self.refresh();
                }
            }
            MainWindowInput::Battle(message) => self.battle.emit(message),
            MainWindowInput::NextTerritory => {
                if let Some(map) = &self.map {
                    // The move first: the focus arriving only shows where it is, and
                    // would otherwise pick a territory of its own to start from.
                    map.emit(MapViewInput::FocusNextTarget);
                    map.widget().grab_focus();
                }
            }
            MainWindowInput::OnGamePage(message) if self.page == Page::Chateau => {
                self.chateau_shortcut(*message);
            }
            MainWindowInput::OnGamePage(message) => {
                if self.page == Page::Game && self.session.is_some() {
                    sender.input(*message);
                }
            }
            MainWindowInput::PrivacyCleared if self.family != Family::Risk => {
                self.page = self.table_page();
            }
            MainWindowInput::PrivacyCleared => {
                if let Some(session) = &mut self.session
                    && let Some(seat) = session.pass_to()
                {
                    session.show_to(seat);
                }
                self.refresh();
            }
            MainWindowInput::ShowMap => self.page = Page::Game,
            MainWindowInput::SetSpeed(speed) => {
                self.speed = speed;
                if let Some(table) = &self.chateau {
                    table.emit(super::chateau::ChateauTableInput::SetPace(speed.pace()));
                }
                self.keep_preferences();
            }
            MainWindowInput::WindowWidth(width) => {
                let narrow = width > 0 && width < NARROW_BELOW;
                if narrow != self.narrow {
                    self.narrow = narrow;
                    self.sidebar_open = false;
                }
            }
            MainWindowInput::ShowSidebar(open) => self.sidebar_open = open,
            MainWindowInput::SetHints(on) => {
                self.hints.set_enabled(on);
                self.keep_preferences();
                self.refresh();
            }
            MainWindowInput::ClaimForMe => {
                if let Some(session) = &mut self.session
                    && let Some((seat, what)) = session.may_hand_over()
                {
                    session.hand_over(seat, what);
                }
                self.refresh();
            }
            MainWindowInput::SetFirstGameTips(on) => self.set_first_game_tips(on),
            MainWindowInput::TakeHint => {
                if let Some(action) = self.hints.shown().cloned() {
                    self.act(action);
                }
            }
            MainWindowInput::Hinted { id, action } => {
                self.hints.answered(id, action);
            }
            MainWindowInput::ComputerChose { id, seat, action } => {
                self.computer_chose(id, seat, action)
            }
        }
    }

    fn shutdown(&mut self, _widgets: &mut Self::Widgets, _output: relm4::Sender<()>) {
        self.leave_table();
        self.leave_chateau();
    }
}

/// The preferences kept from the last run (the defaults in tests, which must not
/// depend on whoever runs them).
fn stored_preferences() -> files::Preferences {
    if cfg!(test) {
        files::Preferences::default()
    } else {
        files::load_preferences(&files::preferences_path())
    }
}

/// Where the window remembers the last setup: `last-game.toml` in the person's
/// settings; in tests, a file of each window's own that does not exist yet, so that
/// no test reads or changes the setup of whoever runs them, nor another test's.
fn setup_file() -> PathBuf {
    if cfg!(test) {
        static WINDOWS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let window = WINDOWS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        std::env::temp_dir()
            .join(format!("castellan-test-{}-{window}", std::process::id()))
            .join("last-game.toml")
    } else {
        files::last_setup_path()
    }
}

/// A refused move in the reader's language, with the table's territory and seat
/// names, wherever the window shows one.
fn rule_error_text(error: &RuleError, session: &Session) -> String {
    let seats = session.names();
    let names = Names::new(session.board()).with_seats(&seats);
    messages::sentence(&messages::rule_error(error, &names))
}

impl MainWindow {
    /// Keeps the preferences for the next run (tests neither read nor change the
    /// preferences of whoever runs them).
    fn keep_preferences(&self) {
        if cfg!(test) {
            return;
        }
        let preferences = files::Preferences {
            speed: self.speed,
            hints: self.hints.enabled(),
            first_game_tips: self.first_game_tips,
        };
        if let Err(error) = files::store_preferences(&files::preferences_path(), &preferences) {
            eprintln!("castellan: cannot keep the preferences: {error}");
        }
    }

    /// The hint shown, in words.
    fn hint_text(&self) -> String {
        let (Some(session), Some(action)) = (&self.session, self.hints.shown()) else {
            return String::new();
        };
        let seats = session.names();
        let names = Names::new(session.board()).with_seats(&seats);
        fill(
            &gettext("Hint: {move}"),
            &[("move", &hint::describe(action, &names))],
        )
    }

    /// Whether a file chooser is open.
    #[cfg(test)]
    pub fn choosing_a_file(&self) -> bool {
        self.chooser.as_ref().is_some_and(|c| c.is_visible())
    }

    /// The game's file (or "New Game") with a dot when unsaved, then the board and
    /// the rules it is played with; before any game, the board shown.
    fn subtitle(&self) -> String {
        if let Some(subtitle) = self.chateau_subtitle() {
            return subtitle;
        }
        let Some(session) = &self.session else {
            return self
                .shown_board
                .as_ref()
                .map(|board| translated(board.meta.name.as_str()))
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
            translated(variant.name.as_str())
        } else if variant.plays_as_rulebook() {
            gettext("Rulebook")
        } else {
            gettext("Custom rules")
        };
        format!(
            "{dot}{name} — {}, {rules}",
            translated(game.board().meta.name.as_str())
        )
    }

    /// The hand-over button's label: claims or setup placements.
    fn hand_over_label(&self) -> String {
        match self.session.as_ref().and_then(Session::may_hand_over) {
            Some((_, HandOver::Placements)) => gettext("Place for Me"),
            _ => gettext("Claim for Me"),
        }
    }

    fn hand_over_tip(&self) -> String {
        match self.session.as_ref().and_then(Session::may_hand_over) {
            Some((_, HandOver::Placements)) => gettext(
                "The computer places the rest of your starting armies, as the Normal player would",
            ),
            _ => gettext(
                "The computer claims the rest of your territories, as the Normal player would",
            ),
        }
    }

    /// Whether a game is being played at the table, on the game page: what the action
    /// bar's steady buttons and the rows above it are shown for.
    fn game_under_way(&self) -> bool {
        self.page == Page::Game
            && self
                .session
                .as_ref()
                .is_some_and(|s| s.game().pending().is_some())
    }

    /// What the action bar's last slot holds.
    fn primary(&self) -> Primary {
        if self.fortify.is_some() {
            Primary::Fortify
        } else if self.draft.is_some() {
            Primary::ConfirmPlacement
        } else if self.finish.is_some() {
            Primary::Finish
        } else {
            Primary::Nothing
        }
    }

    /// The longest label the last slot's buttons take, which sets the slot's width
    /// once and for all.
    fn widest_primary_label(&self) -> String {
        // Three wide digits each way: more than any turn brings.
        let most = 888;
        let labels = [
            gettext("End Turn"),
            gettext("Stop Filling"),
            gettext("Skip Fortifying"),
            gettext("Fortify"),
            fill(
                &gettext("Confirm {placed}/{armies}"),
                &[("placed", &most), ("armies", &most)],
            ),
        ];
        labels
            .into_iter()
            .max_by_key(|label| label.chars().count())
            .unwrap_or_default()
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
            Some((placed, armies)) => fill(
                &gettext("Confirm {placed}/{armies}"),
                &[("placed", &placed), ("armies", &armies)],
            ),
            None => gettext("Confirm"),
        }
    }
}
