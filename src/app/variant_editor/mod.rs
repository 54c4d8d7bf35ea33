//! The variant editor: one row per rule option (from `variant_options`), grouped as
//! setup, cards, battles, spoils and hidden armies, each with its explanation, the
//! rulebook's value and, when it differs, a way back to it; the variant's name and
//! description; presets and files to start from; saving as TOML that names only what
//! differs. Values that make no sense are refused in their row with the reason, and
//! such rules can be neither saved nor played. It also shows a running game's rules,
//! read only. A file changed on disk by a text editor is read again. The editor owns
//! the variant; each option's row (`option_row`) follows it. Rules for Château Noir
//! (chosen under "Game Played", or a file with `ruleset = "chateau-noir"`) show that
//! game's options instead (`chateau_rows`).

mod chateau_rows;
mod option_row;
#[cfg(test)]
mod tests;

use std::path::{Path, PathBuf};

use adw::prelude::*;
use castellan_engine::variant::{Ruleset, Variant, VariantProblem, load_variant_file};
use gettextrs::{gettext, ngettext};
use relm4::factory::FactoryVecDeque;
use relm4::gtk::{gio, glib};
use relm4::prelude::*;

use crate::app::balance_lab::{BalanceLab, BalanceLabInput};
use crate::app::files::{self, FileKind};
use crate::app::library::{self, personal_folder, shipped_folder};
use crate::app::rows::keep_in_line;
use crate::messages;
use crate::safe_write::write_file;
use crate::text::fill;
use crate::variant_options::{OptionGroup, OptionKind, options, parse_track};
use castellan_chateau::variant::Variant as ChateauVariant;
use chateau_rows::ChateauRows;
use option_row::{OptionEdit, OptionRow, OptionRowOutput, OptionShown};

/// How the editor is opened.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditorMode {
    /// To design rules; `for_new_game` adds "Use for New Game".
    Edit { for_new_game: bool },
    /// To show the rules of the game in progress.
    ReadOnly,
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
    /// The options' rows, a list per group in [`OptionGroup::ALL`]'s order.
    groups: Vec<FactoryVecDeque<OptionRow>>,
    /// Counts the times values were put in from outside the rows and entries (a file
    /// opened, a reset), which show them again then.
    filled: u64,
    /// Set by a message that put values in from outside: the name and description
    /// entries show them again.
    refilled: bool,
    presets: gtk::Box,
    monitor: Option<gio::FileMonitor>,
    chooser: Option<gtk::FileChooserNative>,
    /// The balance lab, made the first time the rules are tested.
    lab: Option<Controller<BalanceLab>>,
    /// Château Noir's options, when the rules are for that game (their name and
    /// description are `variant`'s), and as last opened or saved.
    chateau: Option<ChateauVariant>,
    chateau_saved: Option<ChateauVariant>,
    chateau_rows: ChateauRows,
}

#[derive(Debug)]
pub enum VariantEditorInput {
    Open {
        variant: Variant,
        path: Option<PathBuf>,
        mode: EditorMode,
    },
    /// A person changed option `index`.
    OptionEdited(usize, OptionEdit),
    /// A person changed Château Noir's option `index` (of `chateau_rules::options`).
    ChateauEdited(usize, crate::chateau_rules::options::OptionValue),
    ResetOption(usize),
    ResetAll,
    NameEdited(String),
    DescriptionEdited(String),
    /// The game these rules are for, by its place in [`Ruleset::ALL`].
    RulesetChosen(u32),
    OpenFile,
    /// Start from a file (a preset or one's own).
    Load(PathBuf),
    Save,
    SaveAs,
    SaveTo(PathBuf),
    ChangedOnDisk,
    Reload,
    UseForNewGame,
    /// Play the rules many times in the balance lab.
    TestRules,
    /// Close, asking first about unsaved rules.
    Close,
    /// Close if everything is saved (after a save that may still ask where to).
    CloseIfSaved,
    /// Close without asking.
    Discard,
}

#[derive(Debug)]
pub enum VariantEditorOutput {
    /// Play these rules (saved at this path, if they are).
    UseForNewGame(Variant, Option<PathBuf>),
    /// The rules were saved (at the editor's path): lists of variants may change.
    Saved,
}

impl VariantEditor {
    fn editable(&self) -> bool {
        self.mode != EditorMode::ReadOnly
    }

    fn unsaved(&self) -> bool {
        if self.chateau.is_some() {
            return self.editable() && self.chateau_rules() != self.chateau_saved;
        }
        self.editable() && (self.variant != self.saved || self.track_error.is_some())
    }

    /// What makes no sense in the rules (Château Noir's options cannot be set to a
    /// value that makes none).
    fn problems(&self) -> Vec<VariantProblem> {
        if self.chateau.is_some() {
            return Vec::new();
        }
        self.variant.validate()
    }

    /// The Château Noir rules edited, with their name and description, when the
    /// rules are for that game.
    fn chateau_rules(&self) -> Option<ChateauVariant> {
        self.chateau.as_ref().map(|chateau| ChateauVariant {
            name: self.variant.name.clone(),
            description: self.variant.description.clone(),
            ..chateau.clone()
        })
    }

    /// The options of Château Noir rules that differ from the reading.
    fn chateau_changes(&self) -> Option<usize> {
        self.chateau
            .as_ref()
            .map(|chateau| crate::chateau_rules::options::changed_options(chateau).len())
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

    /// Values were put in from outside the rows and entries: they show them again.
    fn fill(&mut self) {
        self.filled += 1;
        self.refilled = true;
    }

    /// Applies a person's edit of option `index` to the variant (a track that is not
    /// a list of numbers is kept as an error, the variant keeping its last good track).
    fn edit(&mut self, index: usize, edit: OptionEdit) {
        let option = &options()[index];
        match edit {
            OptionEdit::Value(value) => option.set(&mut self.variant, value),
            OptionEdit::Track(text) => match parse_track(&text) {
                Ok(numbers) => {
                    self.track_error = None;
                    option.set(
                        &mut self.variant,
                        crate::variant_options::OptionValue::Track(numbers),
                    );
                }
                Err(why) => self.track_error = Some(why),
            },
        }
    }

    /// Brings every option's row in line with the variant, in place.
    fn show_rows(&mut self) {
        let problems = self.problems();
        let editable = self.editable();
        self.chateau_rows.show(self.chateau.as_ref(), editable);
        let risk = self.chateau.is_none();
        for (group, rows) in OptionGroup::ALL.iter().zip(&mut self.groups) {
            // Classic Risk's own options mean nothing to a Castle Risk game, and
            // Risk's none to Château Noir.
            rows.widget().set_visible(
                risk && (*group != OptionGroup::Classic
                    || self.variant.ruleset == Ruleset::Classic),
            );
            let shown = options()
                .iter()
                .enumerate()
                .filter(|(_, option)| option.group == *group)
                .map(|(index, option)| {
                    let mut reasons: Vec<String> = problems
                        .iter()
                        .filter(|p| p.options().contains(&option.path))
                        .map(|p| sentence(&messages::variant_problem(p)))
                        .collect();
                    if matches!(option.kind, OptionKind::Track)
                        && let Some(why) = &self.track_error
                    {
                        reasons.insert(0, sentence(why));
                    }
                    OptionShown {
                        index,
                        value: option.get(&self.variant),
                        reasons,
                        differs: option.differs(&self.variant),
                        editable,
                        filled: self.filled,
                    }
                })
                .collect();
            keep_in_line(rows, shown);
        }
    }

    /// How many values make no sense, the track typed included.
    fn problem_count(&self) -> usize {
        self.problems().len() + usize::from(self.track_error.is_some())
    }

    fn window_title(&self) -> String {
        format!("{} — {}", gettext("Variant Editor"), self.title())
    }

    /// The line under the header: what the rules are, or what is wrong with them.
    fn status(&self) -> String {
        if let Some(changed) = self.chateau_changes() {
            return match changed {
                0 => gettext("These are the rules as Castellan reads the booklet of Château Noir."),
                n => fill(
                    &ngettext(
                        "{n} rule differs from Castellan’s reading of the booklet.",
                        "{n} rules differ from Castellan’s reading of the booklet.",
                        n as u32,
                    ),
                    &[("n", &n)],
                ),
            };
        }
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
        let count = self.problem_count();
        if !self.editable() {
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
        }
    }

    fn status_classes(&self) -> &'static [&'static str] {
        if self.problem_count() > 0 && self.editable() {
            &["error"]
        } else {
            &["dim-label"]
        }
    }

    fn can_reset_all(&self) -> bool {
        if let Some(changed) = self.chateau_changes() {
            return changed > 0;
        }
        !self.variant.differences_from_rulebook().is_empty() || self.track_error.is_some()
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
        if is_chateau_noir_file(path) {
            self.load_chateau_noir(path, sender);
            return;
        }
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
                self.chateau = None;
                self.chateau_saved = None;
                self.path = (!preset).then(|| path.to_owned());
                self.track_error = None;
                self.changed_on_disk = false;
                self.watch(sender);
                self.fill();
            }
            Err(error) => crate::app::new_game::problems_dialog(
                &self.window,
                &gettext("These Rules Cannot Be Opened"),
                &messages::file_error(&error),
            ),
        }
    }

    /// Opens a Château Noir variant file.
    fn load_chateau_noir(&mut self, path: &Path, sender: &ComponentSender<Self>) {
        match ChateauVariant::load_file(path) {
            Ok(chateau) => {
                self.variant.name = chateau.name.clone();
                self.variant.description = chateau.description.clone();
                self.chateau_saved = Some(chateau.clone());
                self.chateau = Some(chateau);
                self.path = Some(path.to_owned());
                self.track_error = None;
                self.changed_on_disk = false;
                self.watch(sender);
                self.fill();
            }
            Err(error) => crate::app::new_game::problems_dialog(
                &self.window,
                &gettext("These Rules Cannot Be Opened"),
                &messages::chateau::file_error(&error),
            ),
        }
    }

    fn save_to(&mut self, path: PathBuf, sender: &ComponentSender<Self>) {
        if !self.problems().is_empty() || self.track_error.is_some() {
            return;
        }
        let text = match self.chateau_rules() {
            Some(chateau) => crate::chateau_rules::options::variant_file(&chateau),
            None => self.variant.to_toml(),
        };
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| write_file(&path, text.as_bytes()));
        match written {
            Ok(()) => {
                self.saved = self.variant.clone();
                self.chateau_saved = self.chateau_rules();
                let _ = sender.output(VariantEditorOutput::Saved);
                self.path = Some(path);
                self.changed_on_disk = false;
                self.watch(sender);
            }
            Err(error) => {
                let dialog = adw::MessageDialog::new(
                    Some(&self.window),
                    Some(&gettext("The Rules Could Not Be Saved")),
                    Some(&format!(
                        "{}: {}",
                        path.display(),
                        messages::io_error(&error)
                    )),
                );
                dialog.add_response("close", &gettext("_Close"));
                dialog.present();
            }
        }
    }

    /// Saves rules never saved before into the person's variants folder, under a
    /// name made from their title, asking before replacing another file there; rules
    /// without a title go through the file chooser.
    fn save_by_title(&mut self, sender: &ComponentSender<Self>) {
        let Some(path) = library::personal_variant_path(&self.variant.name) else {
            sender.input(VariantEditorInput::SaveAs);
            return;
        };
        if path.exists() {
            self.ask_before_replacing(path, sender);
        } else {
            self.save_to(path, sender);
        }
    }

    fn ask_before_replacing(&self, path: PathBuf, sender: &ComponentSender<Self>) {
        let file = path
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let dialog = adw::MessageDialog::new(
            Some(&self.window),
            Some(&fill(&gettext("Replace “{file}”?"), &[("file", &file)])),
            Some(&gettext(
                "Other rules are saved under this name in your variants folder; replacing them loses them.",
            )),
        );
        dialog.add_response("cancel", &gettext("_Cancel"));
        dialog.add_response("save-as", &gettext("Save _As…"));
        dialog.add_response("replace", &gettext("_Replace"));
        dialog.set_response_appearance("replace", adw::ResponseAppearance::Destructive);
        dialog.set_default_response(Some("save-as"));
        dialog.set_close_response("cancel");
        let sender = sender.clone();
        dialog.connect_response(None, move |_, response| match response {
            "replace" => sender.input(VariantEditorInput::SaveTo(path.clone())),
            "save-as" => sender.input(VariantEditorInput::SaveAs),
            _ => {}
        });
        dialog.present();
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
                sender.input(VariantEditorInput::CloseIfSaved);
            }
            _ => {}
        });
        dialog.present();
    }
}

/// Whether the variant file at `path` is for Château Noir (`ruleset =
/// "chateau-noir"`); a file that cannot be read is left to the Risk reader to report.
fn is_chateau_noir_file(path: &Path) -> bool {
    std::fs::read_to_string(path)
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .and_then(|table| {
            table
                .get("ruleset")
                .and_then(|r| r.as_str().map(str::to_owned))
        })
        .is_some_and(|ruleset| ruleset == castellan_common::GameId::ChateauNoir.id())
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
            #[watch]
            set_title: Some(&model.window_title()),
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
                                    #[watch]
                                    set_sensitive: model.editable(),
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
                    pack_end = &gtk::Button {
                        set_label: &gettext("Use for New Game"),
                        set_widget_name: "use",
                        add_css_class: "suggested-action",
                        #[watch]
                        set_visible: model.mode == EditorMode::Edit { for_new_game: true },
                        #[watch]
                        set_sensitive: model.problem_count() == 0 && model.chateau.is_none(),
                        connect_clicked => VariantEditorInput::UseForNewGame,
                    },
                    pack_end = &gtk::Button {
                        set_label: &gettext("Test These Rules…"),
                        set_widget_name: "test-rules",
                        set_tooltip_text: Some(&gettext("Play these rules many times with computer players and chart the results")),
                        #[watch]
                        set_sensitive: model.problem_count() == 0 && model.chateau.is_none(),
                        connect_clicked => VariantEditorInput::TestRules,
                    },
                    pack_end = &gtk::Button {
                        set_label: &gettext("Save"),
                        set_widget_name: "save",
                        set_tooltip_text: Some(&gettext("Save the rules (Ctrl+S)")),
                        #[watch]
                        set_visible: model.editable(),
                        #[watch]
                        set_sensitive: model.problem_count() == 0 && model.unsaved(),
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
                    gtk::Label {
                        set_widget_name: "status",
                        set_hexpand: true,
                        set_xalign: 0.0,
                        set_wrap: true,
                        #[watch]
                        set_text: &model.status(),
                        #[watch]
                        set_css_classes: model.status_classes(),
                    },
                    gtk::Button {
                        set_label: &gettext("Reload"),
                        set_valign: gtk::Align::Center,
                        #[watch]
                        set_visible: model.changed_on_disk && model.editable(),
                        connect_clicked => VariantEditorInput::Reload,
                    },
                    gtk::Button {
                        #[watch]
                        set_label: &if model.chateau.is_some() {
                            gettext("Reset to the Reading")
                        } else {
                            gettext("Reset to Rulebook")
                        },
                        set_valign: gtk::Align::Center,
                        #[watch]
                        set_visible: model.editable(),
                        #[watch]
                        set_sensitive: model.can_reset_all(),
                        connect_clicked => VariantEditorInput::ResetAll,
                    },
                },

                gtk::ScrolledWindow {
                    set_vexpand: true,
                    set_hscrollbar_policy: gtk::PolicyType::Never,
                    #[local_ref]
                    page -> adw::PreferencesPage {
                        add = &adw::PreferencesGroup {
                            set_title: &gettext("About These Rules"),

                            adw::ActionRow {
                                set_title: &gettext("Name"),
                                add_suffix = &gtk::Entry {
                                    set_valign: gtk::Align::Center,
                                    set_hexpand: true,
                                    set_placeholder_text: Some(&gettext("For example: Quick and bloody")),
                                    #[watch]
                                    set_editable: model.editable(),
                                    #[track(model.refilled)]
                                    #[block_signal(name_edited)]
                                    set_text: &model.variant.name,
                                    connect_changed[sender] => move |entry| {
                                        sender.input(VariantEditorInput::NameEdited(entry.text().to_string()));
                                    } @name_edited,
                                },
                            },
                            adw::ActionRow {
                                set_title: &gettext("Game Played"),
                                set_subtitle: &gettext("Castle Risk, classic Risk with its territory cards, or Château Noir"),
                                add_suffix = &gtk::DropDown {
                                    set_widget_name: "ruleset",
                                    set_valign: gtk::Align::Center,
                                    set_model: Some(&gtk::StringList::new(&[
                                        &gettext("Castle Risk"),
                                        &gettext("Classic Risk"),
                                        &gettext("Château Noir"),
                                    ])),
                                    #[watch]
                                    set_sensitive: model.editable(),
                                    #[watch]
                                    #[block_signal(ruleset_chosen)]
                                    set_selected: if model.chateau.is_some() {
                                        Ruleset::ALL.len() as u32
                                    } else {
                                        Ruleset::ALL
                                            .iter()
                                            .position(|r| *r == model.variant.ruleset)
                                            .map_or(0, |i| i as u32)
                                    },
                                    connect_selected_notify[sender] => move |list| {
                                        sender.input(VariantEditorInput::RulesetChosen(list.selected()));
                                    } @ruleset_chosen,
                                },
                            },
                            adw::ActionRow {
                                set_title: &gettext("Description"),
                                add_suffix = &gtk::Entry {
                                    set_valign: gtk::Align::Center,
                                    set_hexpand: true,
                                    set_placeholder_text: Some(&gettext("What the rules change, and why")),
                                    #[watch]
                                    set_editable: model.editable(),
                                    #[track(model.refilled)]
                                    #[block_signal(description_edited)]
                                    set_text: &model.variant.description,
                                    connect_changed[sender] => move |entry| {
                                        sender.input(VariantEditorInput::DescriptionEdited(entry.text().to_string()));
                                    } @description_edited,
                                },
                            },
                        },
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let page = adw::PreferencesPage::new();
        let groups = OptionGroup::ALL
            .iter()
            .map(|group| {
                FactoryVecDeque::builder()
                    .launch(
                        adw::PreferencesGroup::builder()
                            .title(group.title())
                            .build(),
                    )
                    .forward(sender.input_sender(), |output| match output {
                        OptionRowOutput::Edited { index, edit } => {
                            VariantEditorInput::OptionEdited(index, edit)
                        }
                        OptionRowOutput::Reset(index) => VariantEditorInput::ResetOption(index),
                    })
            })
            .collect::<Vec<_>>();
        let presets = gtk::Box::new(gtk::Orientation::Vertical, 0);
        fill_presets(&presets, &sender);
        let chateau_rows = ChateauRows::new(sender.input_sender());
        let mut model = VariantEditor {
            window: root.clone(),
            mode: EditorMode::Edit {
                for_new_game: false,
            },
            variant: Variant::rulebook(),
            saved: Variant::rulebook(),
            path: None,
            track_error: None,
            changed_on_disk: false,
            groups,
            filled: 0,
            refilled: true,
            presets: presets.clone(),
            monitor: None,
            chooser: None,
            lab: None,
            chateau: None,
            chateau_saved: None,
            chateau_rows,
        };
        model.show_rows();
        let (presets, page) = (&presets, &page);
        let widgets = view_output!();
        // The options' groups come after "About These Rules".
        for rows in &model.groups {
            page.add(rows.widget());
        }
        page.add(&model.chateau_rows.group);
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
        ComponentParts { model, widgets }
    }

    fn update(
        &mut self,
        message: VariantEditorInput,
        sender: ComponentSender<Self>,
        _: &Self::Root,
    ) {
        self.refilled = false;
        match message {
            VariantEditorInput::Open {
                variant,
                path,
                mode,
            } => {
                self.mode = mode;
                self.saved = variant.clone();
                self.variant = variant;
                self.chateau = None;
                self.chateau_saved = None;
                self.path = path;
                self.track_error = None;
                self.changed_on_disk = false;
                self.watch(&sender);
                fill_presets(&self.presets, &sender);
                self.fill();
                self.window.present();
            }
            VariantEditorInput::OptionEdited(index, edit) => {
                if self.editable() {
                    self.edit(index, edit);
                }
            }
            VariantEditorInput::ChateauEdited(index, value) => {
                if self.editable()
                    && let (Some(chateau), Some(option)) = (
                        &mut self.chateau,
                        crate::chateau_rules::options::options().get(index),
                    )
                {
                    option.set(chateau, value);
                }
            }
            VariantEditorInput::ResetOption(index) => {
                let option = &options()[index];
                option.set(&mut self.variant, option.rulebook_value());
                if matches!(option.kind, OptionKind::Track) {
                    self.track_error = None;
                }
                self.fill();
            }
            VariantEditorInput::ResetAll if self.chateau.is_some() => {
                self.chateau = Some(ChateauVariant::default());
                self.fill();
            }
            VariantEditorInput::ResetAll => {
                let (name, description) = (
                    std::mem::take(&mut self.variant.name),
                    std::mem::take(&mut self.variant.description),
                );
                // Back to the standard rules of the game these rules are for.
                self.variant = Variant {
                    name,
                    description,
                    ..Variant::standard(self.variant.ruleset)
                };
                self.track_error = None;
                self.fill();
            }
            VariantEditorInput::NameEdited(name) => {
                if self.editable() {
                    self.variant.name = name.trim().into();
                }
            }
            VariantEditorInput::DescriptionEdited(description) => {
                if self.editable() {
                    self.variant.description = description.trim().into();
                }
            }
            VariantEditorInput::RulesetChosen(index) => {
                if self.editable()
                    && let Some(&ruleset) = Ruleset::ALL.get(index as usize)
                {
                    // The other options stay as edited: each game reads the ones it
                    // knows, and the rows say which differ from its standard rules.
                    self.variant.ruleset = ruleset;
                    self.chateau = None;
                } else if self.editable() && index as usize == Ruleset::ALL.len() {
                    // Château Noir: its own options, as read unless already edited.
                    self.chateau.get_or_insert_with(ChateauVariant::default);
                }
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
                None => self.save_by_title(&sender),
            },
            VariantEditorInput::SaveAs => {
                if !self.editable() {
                    return;
                }
                let sender = sender.clone();
                let suggested = self
                    .path
                    .clone()
                    .or_else(|| library::personal_variant_path(&self.variant.name));
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
            VariantEditorInput::ChangedOnDisk if self.chateau.is_some() => {
                let on_disk = self.path.as_deref().map(ChateauVariant::load_file);
                match on_disk {
                    Some(Ok(chateau)) if Some(&chateau) == self.chateau_rules().as_ref() => {
                        self.chateau_saved = Some(chateau);
                        self.changed_on_disk = false;
                    }
                    Some(_) if !self.unsaved() => sender.input(VariantEditorInput::Reload),
                    Some(_) => self.changed_on_disk = true,
                    None => {}
                }
            }
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
            VariantEditorInput::TestRules => {
                // The balance lab plays Risk games.
                if self.problem_count() > 0 || self.chateau.is_some() {
                    return;
                }
                let window = &self.window;
                let lab = self.lab.get_or_insert_with(|| {
                    BalanceLab::builder()
                        .transient_for(window)
                        .launch(())
                        .detach()
                });
                lab.emit(BalanceLabInput::Open {
                    variant: Box::new(self.variant.clone()),
                    name: self.variant.name.clone(),
                    board: None,
                    seats: None,
                });
            }
            VariantEditorInput::UseForNewGame => {
                // The new-game dialog sets up Risk games.
                if self.problems().is_empty()
                    && self.track_error.is_none()
                    && self.chateau.is_none()
                {
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
            VariantEditorInput::CloseIfSaved => {
                if !self.unsaved() {
                    self.window.set_visible(false);
                }
            }
            VariantEditorInput::Discard => {
                self.variant = self.saved.clone();
                self.chateau.clone_from(&self.chateau_saved);
                if let Some(saved) = &self.chateau_saved {
                    self.variant.name.clone_from(&saved.name);
                    self.variant.description.clone_from(&saved.description);
                }
                self.track_error = None;
                self.fill();
                self.window.set_visible(false);
            }
        }
        self.show_rows();
    }
}
