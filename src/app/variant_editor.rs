//! The variant editor: one row per rule option (from `variant_options`), grouped as
//! setup, cards, battles, spoils and hidden armies, each with its explanation, the
//! rulebook's value and, when it differs, a way back to it; the variant's name and
//! description; presets and files to start from; saving as TOML that names only what
//! differs. Values that make no sense are refused in their row with the reason, and
//! such rules can be neither saved nor played. It also shows a running game's rules,
//! read only. A file changed on disk by a text editor is read again.

use std::cell::Cell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use adw::prelude::*;
use castellan_engine::variant::{Variant, VariantProblem, load_variant_file};
use gettextrs::{gettext, ngettext};
use relm4::gtk::{gio, glib};
use relm4::prelude::*;

use crate::app::files::{self, FileKind, write_atomically};
use crate::app::library::{self, personal_folder, shipped_folder};
use crate::text::fill;
use crate::variant_options::{
    OptionGroup, OptionKind, OptionValue, VariantOption, options, parse_track, track_text,
};

/// How the editor is opened.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditorMode {
    /// To design rules; `for_new_game` adds "Use for New Game".
    Edit { for_new_game: bool },
    /// To show the rules of the game in progress.
    ReadOnly,
}

/// The widget that sets one option.
enum Control {
    Switch(gtk::Switch),
    Number(gtk::SpinButton),
    /// "The board's value" and the number used instead.
    Board(gtk::CheckButton, gtk::SpinButton),
    Track(gtk::Entry),
}

/// One option's row.
struct OptionRow {
    option: &'static VariantOption,
    row: adw::ActionRow,
    control: Control,
    warning: gtk::Image,
    changed: gtk::Label,
    reset: gtk::Button,
}

pub struct VariantEditor {
    window: adw::Window,
    mode: EditorMode,
    /// The rules as edited.
    variant: Variant,
    /// The rules as last opened or saved, to know whether there is anything to save.
    saved: Variant,
    path: Option<PathBuf>,
    /// A track that is not a list of numbers, with why; the variant keeps the last
    /// good track meanwhile.
    track_error: Option<String>,
    /// The file changed on disk while there were edits here.
    changed_on_disk: bool,
    rows: Vec<OptionRow>,
    name: gtk::Entry,
    description: gtk::Entry,
    status: gtk::Label,
    reload: gtk::Button,
    save: gtk::Button,
    use_for_game: gtk::Button,
    reset_all: gtk::Button,
    presets: gtk::Box,
    syncing: Rc<Cell<bool>>,
    monitor: Option<gio::FileMonitor>,
    chooser: Option<gtk::FileChooserNative>,
}

#[derive(Debug)]
pub enum VariantEditorInput {
    Open {
        variant: Variant,
        path: Option<PathBuf>,
        mode: EditorMode,
    },
    /// Option `index`'s widget changed.
    OptionEdited(usize),
    ResetOption(usize),
    ResetAll,
    NameEdited,
    DescriptionEdited,
    OpenFile,
    /// Start from a file (a preset or one's own).
    Load(PathBuf),
    Save,
    SaveAs,
    SaveTo(PathBuf),
    ChangedOnDisk,
    Reload,
    UseForNewGame,
    /// Close, asking first about unsaved rules.
    Close,
    /// Close without asking.
    Discard,
}

#[derive(Debug)]
pub enum VariantEditorOutput {
    /// Play these rules (saved at this path, if they are).
    UseForNewGame(Variant, Option<PathBuf>),
}

impl VariantEditor {
    fn editable(&self) -> bool {
        self.mode != EditorMode::ReadOnly
    }

    fn unsaved(&self) -> bool {
        self.editable() && (self.variant != self.saved || self.track_error.is_some())
    }

    fn problems(&self) -> Vec<VariantProblem> {
        self.variant.validate()
    }

    fn title(&self) -> String {
        let name = match &self.path {
            Some(path) => path
                .file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned()),
            None if self.mode == EditorMode::ReadOnly => gettext("The Game’s Rules"),
            None => gettext("Not Saved"),
        };
        if self.unsaved() {
            format!("{name} •")
        } else {
            name
        }
    }

    /// Puts the variant into every widget.
    fn fill_widgets(&self) {
        self.syncing.set(true);
        self.name.set_text(&self.variant.name);
        self.description.set_text(&self.variant.description);
        for row in &self.rows {
            match (&row.control, row.option.get(&self.variant)) {
                (Control::Switch(switch), OptionValue::Switch(on)) => switch.set_active(on),
                (Control::Number(spin), OptionValue::Number(n)) => spin.set_value(f64::from(n)),
                (Control::Board(board, spin), OptionValue::BoardNumber(n)) => {
                    board.set_active(n.is_none());
                    if let Some(n) = n {
                        spin.set_value(f64::from(n));
                    }
                }
                (Control::Track(entry), OptionValue::Track(numbers)) => {
                    entry.set_text(&track_text(&numbers))
                }
                _ => {}
            }
        }
        self.syncing.set(false);
    }

    /// Reads option `index`'s widget into the variant.
    fn read_widget(&mut self, index: usize) {
        let row = &self.rows[index];
        let value = match &row.control {
            Control::Switch(switch) => OptionValue::Switch(switch.is_active()),
            Control::Number(spin) => OptionValue::Number(spin.value_as_int().max(0) as u32),
            Control::Board(board, spin) => OptionValue::BoardNumber(
                (!board.is_active()).then(|| spin.value_as_int().max(0) as u32),
            ),
            Control::Track(entry) => match parse_track(&entry.text()) {
                Ok(numbers) => {
                    self.track_error = None;
                    OptionValue::Track(numbers)
                }
                Err(why) => {
                    self.track_error = Some(why);
                    return;
                }
            },
        };
        row.option.set(&mut self.variant, value);
    }

    /// Brings rows, status and buttons in line with the variant.
    fn refresh(&self) {
        let problems = self.problems();
        let editable = self.editable();
        for row in &self.rows {
            let option = row.option;
            let differs = option.differs(&self.variant);
            let mut reasons: Vec<String> = problems
                .iter()
                .filter(|p| p.options().contains(&option.path))
                .map(ToString::to_string)
                .collect();
            if matches!(row.control, Control::Track(_))
                && let Some(why) = &self.track_error
            {
                reasons.insert(0, why.clone());
            }
            let rulebook = fill(
                &gettext("Rulebook: {value}"),
                &[("value", &option.rulebook_value().describe())],
            );
            let mut subtitle = format!(
                "{}\n{}",
                glib::markup_escape_text(&option.explanation()),
                glib::markup_escape_text(&rulebook)
            );
            for reason in &reasons {
                subtitle.push_str(&format!(
                    "\n<b>{}</b>",
                    glib::markup_escape_text(&sentence(reason))
                ));
            }
            row.row.set_subtitle(&subtitle);
            row.warning.set_visible(!reasons.is_empty());
            row.changed.set_visible(differs);
            row.reset.set_visible(differs && editable);
            row.reset
                .set_tooltip_text(Some(&gettext("Back to the rulebook’s value")));
            let sensitive = editable;
            match &row.control {
                Control::Switch(w) => w.set_sensitive(sensitive),
                Control::Number(w) => w.set_sensitive(sensitive),
                Control::Board(board, spin) => {
                    board.set_sensitive(sensitive);
                    // The board's value is not known here: no number rather than a wrong one.
                    spin.set_visible(!board.is_active());
                    spin.set_sensitive(sensitive);
                }
                Control::Track(w) => w.set_editable(sensitive),
            }
        }
        self.name.set_editable(editable);
        self.description.set_editable(editable);
        self.window.set_title(Some(&format!(
            "{} — {}",
            gettext("Variant Editor"),
            self.title()
        )));
        let changed = self.variant.differences_from_rulebook().len();
        let differences = match changed {
            0 => gettext("These are the rules of the 1986 rulebook."),
            n => fill(
                &ngettext(
                    "{n} rule differs from the rulebook.",
                    "{n} rules differ from the rulebook.",
                    n as u32,
                ),
                &[("n", &n)],
            ),
        };
        let count = problems.len() + usize::from(self.track_error.is_some());
        let status = if !editable {
            format!(
                "{} {differences}",
                gettext("The rules of the game in progress, which cannot change.")
            )
        } else if self.changed_on_disk {
            gettext("The file changed on disk since it was opened.")
        } else if count > 0 {
            fill(
                &ngettext(
                    "{n} value makes no sense: these rules can be neither saved nor played until it is fixed.",
                    "{n} values make no sense: these rules can be neither saved nor played until they are fixed.",
                    count as u32,
                ),
                &[("n", &count)],
            )
        } else {
            differences
        };
        self.status.set_text(&status);
        self.status.set_css_classes(if count > 0 && editable {
            &["error"]
        } else {
            &["dim-label"]
        });
        self.reload.set_visible(self.changed_on_disk && editable);
        self.save.set_visible(editable);
        self.save.set_sensitive(count == 0 && self.unsaved());
        self.use_for_game
            .set_visible(self.mode == EditorMode::Edit { for_new_game: true });
        self.use_for_game.set_sensitive(count == 0);
        self.reset_all.set_visible(editable);
        self.reset_all
            .set_sensitive(changed > 0 || self.track_error.is_some());
        self.presets.set_sensitive(editable);
    }

    /// Watches the open file, so that edits made in a text editor come in.
    fn watch(&mut self, sender: &ComponentSender<Self>) {
        self.monitor = self.path.as_ref().and_then(|path| {
            gio::File::for_path(path)
                .monitor_file(gio::FileMonitorFlags::WATCH_MOVES, gio::Cancellable::NONE)
                .ok()
        });
        if let Some(monitor) = &self.monitor {
            let sender = sender.clone();
            monitor.connect_changed(move |_, _, _, event| {
                if !matches!(event, gio::FileMonitorEvent::Changed) {
                    sender.input(VariantEditorInput::ChangedOnDisk);
                }
            });
        }
    }

    fn load(&mut self, path: &Path, sender: &ComponentSender<Self>) {
        match load_variant_file(path) {
            Ok(mut variant) => {
                // A shipped preset is a starting point: editing it makes new rules,
                // which are not the preset and so start without its name.
                let preset = path.starts_with(shipped_folder("variants"));
                if preset {
                    variant.name.clear();
                    variant.description.clear();
                }
                self.variant = variant.clone();
                self.saved = if preset { Variant::rulebook() } else { variant };
                self.path = (!preset).then(|| path.to_owned());
                self.track_error = None;
                self.changed_on_disk = false;
                self.watch(sender);
                self.fill_widgets();
            }
            Err(error) => crate::app::new_game::problems_dialog(
                &self.window,
                &gettext("These Rules Cannot Be Opened"),
                &error.to_string(),
            ),
        }
    }

    fn save_to(&mut self, path: PathBuf, sender: &ComponentSender<Self>) {
        if !self.problems().is_empty() || self.track_error.is_some() {
            return;
        }
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| write_atomically(&path, &self.variant.to_toml()));
        match written {
            Ok(()) => {
                self.saved = self.variant.clone();
                self.path = Some(path);
                self.changed_on_disk = false;
                self.watch(sender);
            }
            Err(error) => {
                let dialog = adw::MessageDialog::new(
                    Some(&self.window),
                    Some(&gettext("The Rules Could Not Be Saved")),
                    Some(&format!("{}: {error}", path.display())),
                );
                dialog.add_response("close", &gettext("_Close"));
                dialog.present();
            }
        }
    }

    fn ask_before_closing(&self, sender: &ComponentSender<Self>) {
        let dialog = adw::MessageDialog::new(
            Some(&self.window),
            Some(&gettext("Save the Rules?")),
            Some(&gettext(
                "The changes made since they were last saved will be lost.",
            )),
        );
        dialog.add_response("cancel", &gettext("_Cancel"));
        dialog.add_response("discard", &gettext("_Discard"));
        dialog.set_response_appearance("discard", adw::ResponseAppearance::Destructive);
        let can_save = self.problems().is_empty() && self.track_error.is_none();
        if can_save {
            dialog.add_response("save", &gettext("_Save"));
            dialog.set_response_appearance("save", adw::ResponseAppearance::Suggested);
            dialog.set_default_response(Some("save"));
        }
        dialog.set_close_response("cancel");
        let sender = sender.clone();
        dialog.connect_response(None, move |_, response| match response {
            "discard" => sender.input(VariantEditorInput::Discard),
            "save" => {
                sender.input(VariantEditorInput::Save);
                sender.input(VariantEditorInput::Close);
            }
            _ => {}
        });
        dialog.present();
    }
}

/// A problem's message as a sentence: "`castle_dice_limit` = 5 must be…" reads as
/// "Must be…" would not, so the option's path is kept, capitalised.
fn sentence(message: &str) -> String {
    let mut chars = message.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Builds the row of `option` and its control, connecting it to `sender`.
fn option_row(
    index: usize,
    option: &'static VariantOption,
    sender: &ComponentSender<VariantEditor>,
    syncing: &Rc<Cell<bool>>,
) -> OptionRow {
    let row = adw::ActionRow::builder().title(option.title()).build();
    row.set_subtitle_lines(0);
    // Names let tests (and accessibility tools' users) find each option's widgets.
    row.set_widget_name(option.path);
    let warning = gtk::Image::builder()
        .icon_name("dialog-warning-symbolic")
        .css_classes(["error"])
        .visible(false)
        .name(format!("{}:warning", option.path))
        .build();
    row.add_prefix(&warning);
    let changed = gtk::Label::builder()
        .label(gettext("Changed"))
        .css_classes(["caption-heading", "accent"])
        .valign(gtk::Align::Center)
        .visible(false)
        .name(format!("{}:changed", option.path))
        .build();
    row.add_suffix(&changed);
    let reset = gtk::Button::builder()
        .icon_name("edit-undo-symbolic")
        .valign(gtk::Align::Center)
        .css_classes(["flat"])
        .visible(false)
        .name(format!("{}:reset", option.path))
        .build();
    {
        let sender = sender.clone();
        reset.connect_clicked(move |_| sender.input(VariantEditorInput::ResetOption(index)));
    }
    row.add_suffix(&reset);
    let edited = {
        let (sender, syncing) = (sender.clone(), Rc::clone(syncing));
        move || {
            if !syncing.get() {
                sender.input(VariantEditorInput::OptionEdited(index));
            }
        }
    };
    let spin = |min: u32, max: u32| {
        let spin = gtk::SpinButton::with_range(f64::from(min), f64::from(max), 1.0);
        spin.set_valign(gtk::Align::Center);
        spin.set_numeric(true);
        let edited = edited.clone();
        spin.connect_value_changed(move |_| edited());
        spin
    };
    let control = match option.kind {
        OptionKind::Switch => {
            let switch = gtk::Switch::builder().valign(gtk::Align::Center).build();
            let edited = edited.clone();
            switch.connect_active_notify(move |_| edited());
            row.add_suffix(&switch);
            row.set_activatable_widget(Some(&switch));
            Control::Switch(switch)
        }
        OptionKind::Number { min, max } => {
            let spin = spin(min, max);
            row.add_suffix(&spin);
            Control::Number(spin)
        }
        OptionKind::BoardNumber { min, max } => {
            let board = gtk::CheckButton::with_label(&gettext("Board’s value"));
            board.set_valign(gtk::Align::Center);
            let spin = spin(min, max);
            let edited = edited.clone();
            board.connect_toggled(move |_| edited());
            row.add_suffix(&board);
            row.add_suffix(&spin);
            Control::Board(board, spin)
        }
        OptionKind::Track => {
            let entry = gtk::Entry::builder()
                .valign(gtk::Align::Center)
                .width_chars(28)
                .build();
            let edited = edited.clone();
            entry.connect_changed(move |_| edited());
            row.add_suffix(&entry);
            Control::Track(entry)
        }
    };
    let control_widget: &gtk::Widget = match &control {
        Control::Switch(w) => w.upcast_ref(),
        Control::Number(w) | Control::Board(_, w) => w.upcast_ref(),
        Control::Track(w) => w.upcast_ref(),
    };
    control_widget.set_widget_name(&format!("{}:control", option.path));
    if let Control::Board(board, _) = &control {
        board.set_widget_name(&format!("{}:board", option.path));
    }
    OptionRow {
        option,
        row,
        control,
        warning,
        changed,
        reset,
    }
}

/// The presets menu's content: one button per variant of the library.
fn fill_presets(presets: &gtk::Box, sender: &ComponentSender<VariantEditor>) {
    while let Some(child) = presets.first_child() {
        presets.remove(&child);
    }
    for entry in library::variants() {
        if entry.loaded.is_err() {
            continue;
        }
        let button = gtk::Button::builder()
            .label(entry.name())
            .css_classes(["flat"])
            .build();
        if let Some(label) = button.child().and_downcast::<gtk::Label>() {
            label.set_xalign(0.0);
        }
        let (sender, path) = (sender.clone(), entry.path.clone());
        button.connect_clicked(move |button| {
            if let Some(popover) = button
                .ancestor(gtk::Popover::static_type())
                .and_downcast::<gtk::Popover>()
            {
                popover.popdown();
            }
            sender.input(VariantEditorInput::Load(path.clone()));
        });
        presets.append(&button);
    }
}

#[relm4::component(pub)]
impl Component for VariantEditor {
    type Init = ();
    type Input = VariantEditorInput;
    type Output = VariantEditorOutput;
    type CommandOutput = ();

    view! {
        #[root]
        window = adw::Window {
            set_title: Some(&gettext("Variant Editor")),
            set_hide_on_close: true,
            set_default_width: 720,
            set_default_height: 820,

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,

                adw::HeaderBar {
                    pack_start = &gtk::MenuButton {
                        set_label: &gettext("Start From"),
                        set_tooltip_text: Some(&gettext("Start from a preset or saved rules")),
                        #[wrap(Some)]
                        set_popover = &gtk::Popover {
                            gtk::Box {
                                set_orientation: gtk::Orientation::Vertical,
                                #[local_ref]
                                presets -> gtk::Box {
                                    set_orientation: gtk::Orientation::Vertical,
                                },
                                gtk::Separator {},
                                gtk::Button {
                                    set_label: &gettext("Open File…"),
                                    add_css_class: "flat",
                                    connect_clicked => VariantEditorInput::OpenFile,
                                },
                            },
                        },
                    },
                    #[local_ref]
                    pack_end = use_for_game -> gtk::Button {
                        set_label: &gettext("Use for New Game"),
                        add_css_class: "suggested-action",
                        connect_clicked => VariantEditorInput::UseForNewGame,
                    },
                    #[local_ref]
                    pack_end = save -> gtk::Button {
                        set_label: &gettext("Save"),
                        set_tooltip_text: Some(&gettext("Save the rules (Ctrl+S)")),
                        connect_clicked => VariantEditorInput::Save,
                    },
                    pack_end = &gtk::Button {
                        set_icon_name: "document-save-as-symbolic",
                        set_tooltip_text: Some(&gettext("Save As…")),
                        #[watch]
                        set_visible: model.editable(),
                        connect_clicked => VariantEditorInput::SaveAs,
                    },
                },

                gtk::Box {
                    set_spacing: 12,
                    set_margin_all: 12,
                    #[local_ref]
                    status -> gtk::Label {
                        set_hexpand: true,
                        set_xalign: 0.0,
                        set_wrap: true,
                    },
                    #[local_ref]
                    reload -> gtk::Button {
                        set_label: &gettext("Reload"),
                        set_valign: gtk::Align::Center,
                        connect_clicked => VariantEditorInput::Reload,
                    },
                    #[local_ref]
                    reset_all -> gtk::Button {
                        set_label: &gettext("Reset to Rulebook"),
                        set_valign: gtk::Align::Center,
                        connect_clicked => VariantEditorInput::ResetAll,
                    },
                },

                gtk::ScrolledWindow {
                    set_vexpand: true,
                    set_hscrollbar_policy: gtk::PolicyType::Never,
                    #[local_ref]
                    page -> adw::PreferencesPage {},
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let syncing = Rc::new(Cell::new(false));
        let page = adw::PreferencesPage::new();
        let about = adw::PreferencesGroup::builder()
            .title(gettext("About These Rules"))
            .build();
        let entry_row = |title: String, entry: &gtk::Entry| {
            let row = adw::ActionRow::builder().title(title).build();
            entry.set_valign(gtk::Align::Center);
            entry.set_hexpand(true);
            row.add_suffix(entry);
            about.add(&row);
        };
        let name = gtk::Entry::new();
        name.set_placeholder_text(Some(&gettext("For example: Quick and bloody")));
        entry_row(gettext("Name"), &name);
        let description = gtk::Entry::new();
        description.set_placeholder_text(Some(&gettext("What the rules change, and why")));
        entry_row(gettext("Description"), &description);
        page.add(&about);
        for (entry, is_name) in [(&name, true), (&description, false)] {
            let (sender, syncing) = (sender.clone(), Rc::clone(&syncing));
            entry.connect_changed(move |_| {
                if !syncing.get() {
                    sender.input(if is_name {
                        VariantEditorInput::NameEdited
                    } else {
                        VariantEditorInput::DescriptionEdited
                    });
                }
            });
        }
        let mut rows = Vec::new();
        for group in OptionGroup::ALL {
            let preferences = adw::PreferencesGroup::builder()
                .title(group.title())
                .build();
            for (index, option) in options().iter().enumerate() {
                if option.group == group {
                    let row = option_row(index, option, &sender, &syncing);
                    preferences.add(&row.row);
                    rows.push(row);
                }
            }
            page.add(&preferences);
        }
        let presets = gtk::Box::new(gtk::Orientation::Vertical, 0);
        fill_presets(&presets, &sender);
        let model = VariantEditor {
            window: root.clone(),
            mode: EditorMode::Edit {
                for_new_game: false,
            },
            variant: Variant::rulebook(),
            saved: Variant::rulebook(),
            path: None,
            track_error: None,
            changed_on_disk: false,
            rows,
            name,
            description,
            status: gtk::Label::builder().name("status").build(),
            reload: gtk::Button::new(),
            save: gtk::Button::builder().name("save").build(),
            use_for_game: gtk::Button::builder().name("use").build(),
            reset_all: gtk::Button::new(),
            presets: presets.clone(),
            syncing,
            monitor: None,
            chooser: None,
        };
        let (status, reload, save, use_for_game, reset_all) = (
            &model.status.clone(),
            &model.reload.clone(),
            &model.save.clone(),
            &model.use_for_game.clone(),
            &model.reset_all.clone(),
        );
        let (presets, page) = (&presets, &page);
        let widgets = view_output!();
        {
            let sender = sender.clone();
            root.connect_close_request(move |_| {
                sender.input(VariantEditorInput::Close);
                glib::Propagation::Stop
            });
        }
        let shortcuts = gtk::ShortcutController::new();
        shortcuts.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string("<Control>s"),
            Some(gtk::CallbackAction::new({
                let sender = sender.clone();
                move |_, _| {
                    sender.input(VariantEditorInput::Save);
                    glib::Propagation::Stop
                }
            })),
        ));
        shortcuts.add_shortcut(gtk::Shortcut::new(
            gtk::ShortcutTrigger::parse_string("<Control>w"),
            Some(gtk::CallbackAction::new({
                let sender = sender.clone();
                move |_, _| {
                    sender.input(VariantEditorInput::Close);
                    glib::Propagation::Stop
                }
            })),
        ));
        root.add_controller(shortcuts);
        model.fill_widgets();
        model.refresh();
        ComponentParts { model, widgets }
    }

    fn update(
        &mut self,
        message: VariantEditorInput,
        sender: ComponentSender<Self>,
        _: &Self::Root,
    ) {
        match message {
            VariantEditorInput::Open {
                variant,
                path,
                mode,
            } => {
                self.mode = mode;
                self.saved = variant.clone();
                self.variant = variant;
                self.path = path;
                self.track_error = None;
                self.changed_on_disk = false;
                self.watch(&sender);
                fill_presets(&self.presets, &sender);
                self.fill_widgets();
                self.window.present();
            }
            VariantEditorInput::OptionEdited(index) => {
                if self.editable() {
                    self.read_widget(index);
                }
            }
            VariantEditorInput::ResetOption(index) => {
                let option = self.rows[index].option;
                option.set(&mut self.variant, option.rulebook_value());
                if matches!(option.kind, OptionKind::Track) {
                    self.track_error = None;
                }
                self.fill_widgets();
            }
            VariantEditorInput::ResetAll => {
                let (name, description) = (
                    std::mem::take(&mut self.variant.name),
                    std::mem::take(&mut self.variant.description),
                );
                self.variant = Variant {
                    name,
                    description,
                    ..Variant::rulebook()
                };
                self.track_error = None;
                self.fill_widgets();
            }
            VariantEditorInput::NameEdited => self.variant.name = self.name.text().trim().into(),
            VariantEditorInput::DescriptionEdited => {
                self.variant.description = self.description.text().trim().into()
            }
            VariantEditorInput::OpenFile => {
                let sender = sender.clone();
                self.chooser = Some(files::choose(
                    &self.window,
                    FileKind::Variant,
                    false,
                    None,
                    Some(&personal_folder("variants")),
                    move |path| sender.input(VariantEditorInput::Load(path)),
                ));
            }
            VariantEditorInput::Load(path) => self.load(&path, &sender),
            VariantEditorInput::Save => match self.path.clone() {
                Some(path) => self.save_to(path, &sender),
                None => sender.input(VariantEditorInput::SaveAs),
            },
            VariantEditorInput::SaveAs => {
                if !self.editable() {
                    return;
                }
                let sender = sender.clone();
                let suggested = self.path.clone().or_else(|| {
                    (!self.variant.name.is_empty()).then(|| {
                        personal_folder("variants").join(format!("{}.toml", self.variant.name))
                    })
                });
                self.chooser = Some(files::choose(
                    &self.window,
                    FileKind::Variant,
                    true,
                    suggested.as_deref(),
                    Some(&personal_folder("variants")),
                    move |path| sender.input(VariantEditorInput::SaveTo(path)),
                ));
            }
            VariantEditorInput::SaveTo(path) => self.save_to(path, &sender),
            VariantEditorInput::ChangedOnDisk => {
                let on_disk = self.path.as_deref().map(load_variant_file);
                match on_disk {
                    // Our own save, or a change that leaves the rules as they are.
                    Some(Ok(variant)) if variant == self.variant => {
                        self.saved = variant;
                        self.changed_on_disk = false;
                    }
                    Some(_) if !self.unsaved() => sender.input(VariantEditorInput::Reload),
                    Some(_) => self.changed_on_disk = true,
                    None => {}
                }
            }
            VariantEditorInput::Reload => {
                if let Some(path) = self.path.clone() {
                    self.load(&path, &sender);
                }
            }
            VariantEditorInput::UseForNewGame => {
                if self.problems().is_empty() && self.track_error.is_none() {
                    let path = (!self.unsaved()).then(|| self.path.clone()).flatten();
                    let _ = sender.output(VariantEditorOutput::UseForNewGame(
                        self.variant.clone(),
                        path,
                    ));
                    self.window.set_visible(false);
                }
            }
            VariantEditorInput::Close => {
                if self.unsaved() {
                    self.ask_before_closing(&sender);
                } else {
                    self.window.set_visible(false);
                }
            }
            VariantEditorInput::Discard => {
                self.variant = self.saved.clone();
                self.track_error = None;
                self.fill_widgets();
                self.window.set_visible(false);
            }
        }
        self.refresh();
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::app::panel_testing::{named, save_window_png, settle};

    struct Editor {
        controller: Controller<VariantEditor>,
        outputs: Rc<RefCell<Vec<VariantEditorOutput>>>,
    }

    impl Editor {
        fn open(variant: Variant, path: Option<PathBuf>, mode: EditorMode) -> Self {
            let outputs = Rc::new(RefCell::new(Vec::new()));
            let sent = Rc::clone(&outputs);
            let controller = VariantEditor::builder()
                .launch(())
                .connect_receiver(move |_, output| sent.borrow_mut().push(output));
            controller.emit(VariantEditorInput::Open {
                variant,
                path,
                mode,
            });
            settle();
            Self {
                controller,
                outputs,
            }
        }

        fn widget<W: IsA<gtk::Widget>>(&self, name: &str) -> W {
            named(self.controller.widget(), name)
                .downcast()
                .unwrap_or_else(|w| panic!("{name} is a {}", w.type_()))
        }

        fn visible(&self, name: &str) -> bool {
            self.widget::<gtk::Widget>(name).is_visible()
        }

        fn set_number(&self, path: &str, value: u32) {
            self.widget::<gtk::SpinButton>(&format!("{path}:control"))
                .set_value(f64::from(value));
            settle();
        }

        fn status(&self) -> String {
            self.widget::<gtk::Label>("status").text().into()
        }

        fn variant(&self) -> Variant {
            self.controller.model().variant.clone()
        }
    }

    fn for_new_game() -> EditorMode {
        EditorMode::Edit { for_new_game: true }
    }

    #[test]
    fn problems_read_as_sentences() {
        assert_eq!(sentence("the deck is empty"), "The deck is empty");
        assert_eq!(sentence(""), "");
    }

    #[gtk::test]
    fn a_changed_rule_is_marked_and_can_go_back_to_the_rulebook() {
        let editor = Editor::open(Variant::rulebook(), None, for_new_game());
        assert!(!editor.visible("lenient_general:changed"));
        editor
            .widget::<gtk::Switch>("lenient_general:control")
            .set_active(true);
        settle();
        assert!(editor.variant().lenient_general);
        assert!(editor.visible("lenient_general:changed"));
        assert!(editor.visible("lenient_general:reset"));
        assert_eq!(editor.status(), "1 rule differs from the rulebook.");
        editor
            .widget::<gtk::Button>("lenient_general:reset")
            .emit_clicked();
        settle();
        assert!(!editor.variant().lenient_general);
        assert!(
            !editor
                .widget::<gtk::Switch>("lenient_general:control")
                .is_active()
        );
        assert!(!editor.visible("lenient_general:changed"));
    }

    #[gtk::test]
    fn values_that_make_no_sense_are_refused_in_their_rows() {
        let editor = Editor::open(Variant::rulebook(), None, for_new_game());
        // More Reinforcement cards than track numbers: both rows say why.
        editor.set_number("deck.reinforcements", 14);
        assert!(editor.visible("deck.reinforcements:warning"));
        assert!(editor.visible("reinforcement_track:warning"));
        assert!(!editor.visible("deck.spies:warning"));
        assert!(
            editor.status().starts_with("1 value makes no sense"),
            "{}",
            editor.status()
        );
        assert!(!editor.widget::<gtk::Button>("use").is_sensitive());
        assert!(!editor.widget::<gtk::Button>("save").is_sensitive());
        let subtitle = editor
            .widget::<adw::ActionRow>("deck.reinforcements")
            .subtitle()
            .unwrap_or_default();
        assert!(subtitle.contains("every card needs a number"), "{subtitle}");

        // A track that is not numbers is refused with the word at fault.
        let track = editor.widget::<gtk::Entry>("reinforcement_track:control");
        track.set_text("3, 4, five");
        settle();
        let subtitle = editor
            .widget::<adw::ActionRow>("reinforcement_track")
            .subtitle()
            .unwrap_or_default();
        assert!(
            subtitle.contains("“five” is not a whole number"),
            "{subtitle}"
        );
        track.set_text("1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14");
        settle();
        assert!(!editor.visible("reinforcement_track:warning"));
        assert!(!editor.visible("deck.reinforcements:warning"));
        assert!(editor.widget::<gtk::Button>("use").is_sensitive());

        // No card at all: every deck row says so.
        for kind in [
            "reinforcements",
            "diplomats",
            "spies",
            "generals",
            "marshalls",
            "admirals",
        ] {
            editor.set_number(&format!("deck.{kind}"), 0);
        }
        assert!(editor.visible("deck.admirals:warning"));
        assert!(editor.visible("deck.spies:warning"));
    }

    #[gtk::test]
    fn rules_are_saved_naming_only_what_differs_and_used_for_the_new_game() {
        let dir = std::env::temp_dir().join(format!("castellan-editor-{}", std::process::id()));
        let path = dir.join("mine.toml");
        let editor = Editor::open(Variant::rulebook(), None, for_new_game());
        editor
            .widget::<gtk::Switch>("spoils.per_region_bonus:control")
            .set_active(true);
        editor
            .widget::<gtk::CheckButton>("spoils.region_bonus:board")
            .set_active(false);
        settle();
        editor.set_number("spoils.region_bonus", 3);
        editor
            .controller
            .emit(VariantEditorInput::SaveTo(path.clone()));
        settle();
        let saved = load_variant_file(&path).unwrap();
        assert!(saved.spoils.per_region_bonus);
        assert_eq!(saved.spoils.region_bonus, Some(3));
        assert_eq!(saved.differences_from_rulebook().len(), 2);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("banner_bonus"), "{text}");
        assert!(
            !editor.widget::<gtk::Button>("save").is_sensitive(),
            "nothing left to save"
        );

        editor.widget::<gtk::Button>("use").emit_clicked();
        settle();
        let outputs = editor.outputs.borrow();
        let [VariantEditorOutput::UseForNewGame(variant, used_path)] = &outputs[..] else {
            panic!("{outputs:?}");
        };
        assert_eq!(variant, &saved);
        assert_eq!(used_path.as_deref(), Some(path.as_path()));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[gtk::test]
    fn a_shipped_preset_is_a_starting_point_without_its_name() {
        let editor = Editor::open(Variant::rulebook(), None, for_new_game());
        let preset = shipped_folder("variants").join("house-rules.toml");
        editor.controller.emit(VariantEditorInput::Load(preset));
        settle();
        let variant = editor.variant();
        assert!(
            variant.spoils.per_region_bonus,
            "the preset's rules came in"
        );
        assert_eq!(variant.name, "", "but not its name");
        assert_eq!(editor.controller.model().path, None, "nor its file");
        assert!(editor.widget::<gtk::Button>("save").is_sensitive());
    }

    #[gtk::test]
    fn a_running_games_rules_are_shown_read_only() {
        let mut variant = Variant::rulebook();
        variant.castle_dice_limit = 3;
        let editor = Editor::open(variant, None, EditorMode::ReadOnly);
        let spin = editor.widget::<gtk::SpinButton>("castle_dice_limit:control");
        assert!(!spin.is_sensitive());
        assert_eq!(spin.value_as_int(), 3);
        assert!(editor.visible("castle_dice_limit:changed"));
        assert!(!editor.visible("castle_dice_limit:reset"));
        assert!(!editor.visible("save"));
        assert!(!editor.visible("use"));
        assert!(
            editor.status().contains("cannot change"),
            "{}",
            editor.status()
        );
    }

    #[gtk::test]
    fn rules_edited_on_disk_come_in_unless_there_are_edits_here() {
        let dir = std::env::temp_dir().join(format!("castellan-reload-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("house.toml");
        std::fs::write(&path, "name = \"House\"\nlenient_general = true\n").unwrap();
        let variant = load_variant_file(&path).unwrap();
        let editor = Editor::open(variant, Some(path.clone()), for_new_game());
        let wait_until = |done: &dyn Fn() -> bool| {
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
            while !done() && std::time::Instant::now() < deadline {
                settle();
            }
        };
        // Untouched here: the file's new rules come in.
        std::fs::write(&path, "name = \"House\"\ncastle_dice_limit = 3\n").unwrap();
        wait_until(&|| editor.variant().castle_dice_limit == 3);
        assert_eq!(editor.variant().castle_dice_limit, 3);
        assert!(!editor.variant().lenient_general);
        assert_eq!(
            editor
                .widget::<gtk::SpinButton>("castle_dice_limit:control")
                .value_as_int(),
            3
        );

        // With edits here, they are kept and the change is announced instead.
        editor.set_number("deck.spies", 9);
        std::fs::write(&path, "name = \"House\"\ncastle_dice_limit = 1\n").unwrap();
        wait_until(&|| editor.status().contains("changed on disk"));
        assert!(
            editor.status().contains("changed on disk"),
            "{}",
            editor.status()
        );
        assert_eq!(editor.variant().deck.spies, 9);
        assert_eq!(editor.variant().castle_dice_limit, 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// With `CASTELLAN_PANEL_SHOTS=DIR`, saves the editor, whole, as people see it:
    /// rules changed, and one value that makes no sense.
    #[gtk::test]
    fn editor_screenshot() {
        let Some(dir) = std::env::var_os("CASTELLAN_PANEL_SHOTS") else {
            return;
        };
        let mut variant = Variant::rulebook();
        variant.name = "Quick and bloody".into();
        variant.description = "Fewer armies, a lenient General, richer spoils.".into();
        variant.starting_armies.four = 20;
        variant.lenient_general = true;
        variant.spoils.per_region_bonus = true;
        variant.deck.reinforcements = 14;
        let editor = Editor::open(variant, None, for_new_game());
        let window = editor.controller.widget();
        window.set_default_size(720, 3000);
        window.present();
        settle();
        save_window_png(
            window,
            &std::path::Path::new(&dir).join("variant-editor.png"),
        );
    }
}
