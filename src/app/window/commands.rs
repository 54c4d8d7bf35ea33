//! What the main menu's commands do: asking before unsaved changes are dropped,
//! starting a game from the new-game dialog, opening and saving games through
//! `files`, the variant editor, and the error and About dialogs.

use std::path::PathBuf;

use adw::prelude::*;
use castellan_engine::variant::Variant;
use gettextrs::gettext;
use relm4::gtk::glib;
use relm4::prelude::*;

use super::{MainWindow, MainWindowInput, Then};
use crate::app::files;
use crate::app::new_game::{self, NewGame, NewGameInput};
use crate::app::session::Session;
use crate::app::variant_editor::{
    EditorMode, VariantEditor, VariantEditorInput, VariantEditorOutput,
};
use crate::config::{APP_ID, VERSION};
use crate::messages;
use crate::text::fill;
use castellan_engine::diagnostics::escaped;

impl MainWindow {
    /// Asks before dropping a game in progress with unsaved changes; carries on at
    /// once when there are none, or when the game has ended (it is no longer in
    /// progress, and its victory page already offered what comes next).
    pub(super) fn unless_unsaved(&mut self, then: Then, sender: &ComponentSender<Self>) {
        let in_progress = self
            .session
            .as_ref()
            .is_some_and(|s| s.unsaved() && s.game().pending().is_some());
        if !in_progress {
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
                sender.input(MainWindowInput::Proceed(then.clone()));
            }
        });
        dialog.present();
    }

    pub(super) fn proceed(&mut self, then: Then, sender: &ComponentSender<Self>) {
        match then {
            Then::NewGame => {
                let setup =
                    files::load_setup(&self.setup_file).unwrap_or_else(new_game::default_setup);
                self.new_game.emit(NewGameInput::Open(setup));
                self.new_game.widget().present();
            }
            Then::Open(path) => self.open_file(path, sender),
            Then::Quit => {
                // The computer seats' thinking goes with the window, at once.
                self.leave_table();
                self.window.destroy();
            }
        }
    }

    pub(super) fn choose_file(&mut self, save: bool, sender: &ComponentSender<Self>) {
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
                    MainWindowInput::OpenChosen(path)
                })
            },
        ));
    }

    pub(super) fn open_variant_editor(&mut self, variant: Variant, mode: EditorMode) {
        let window = self.window.clone();
        let editor = self.variant_editor();
        editor.widget().set_transient_for(Some(&window));
        editor.widget().set_modal(false);
        editor.emit(VariantEditorInput::Open {
            variant,
            path: None,
            mode,
        });
    }

    /// The variant editor, made on first use; its "Use for New Game" goes to the
    /// new-game dialog.
    pub(super) fn variant_editor(&mut self) -> &Controller<VariantEditor> {
        let (window, dialog) = (&self.window, &self.new_game);
        self.variant_editor.get_or_insert_with(|| {
            VariantEditor::builder()
                .transient_for(window)
                .launch(())
                .forward(dialog.sender(), |output| match output {
                    VariantEditorOutput::UseForNewGame(variant, path) => {
                        NewGameInput::UseVariant(variant, path)
                    }
                    // The dialog lists the person's variants: a new one shows at once.
                    VariantEditorOutput::Saved => NewGameInput::FilesChanged,
                })
        })
    }

    pub(super) fn start_game(&mut self, game: NewGame, sender: &ComponentSender<Self>) {
        let NewGame {
            setup,
            board,
            variant,
        } = game;
        if let Err(error) = files::store_setup(&self.setup_file, &setup) {
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

    pub(super) fn open_file(&mut self, path: PathBuf, sender: &ComponentSender<Self>) {
        match files::open_game(&path) {
            Ok(session) => self.begin(session, sender),
            // The game in progress stays as it was. What the file is not, in plain
            // words, and the detail below for whoever wants it.
            Err(failure) if failure.not_a_save => {
                let name = path
                    .file_name()
                    .map(|name| escaped(&name.to_string_lossy()))
                    .unwrap_or_default();
                self.error_with_detail(
                    &gettext("This Is Not a Castellan Save"),
                    &fill(
                        &gettext("“{file}” is not a game saved by Castellan: it cannot be opened."),
                        &[("file", &name)],
                    ),
                    &failure.detail,
                );
            }
            Err(failure) => self.error(
                &gettext("The Game Could Not Be Opened"),
                &messages::sentence(&failure.detail),
            ),
        }
    }

    pub(super) fn save_to(&mut self, path: PathBuf) {
        let Some(session) = &mut self.session else {
            return;
        };
        match files::save_game(session, &path) {
            Ok(()) => session.mark_saved(path),
            Err(reason) => self.error(
                &gettext("The Game Could Not Be Saved"),
                &messages::sentence(&reason),
            ),
        }
    }

    pub(super) fn error(&self, heading: &str, body: &str) {
        let dialog = adw::MessageDialog::new(Some(&self.window), Some(heading), Some(body));
        dialog.add_response("close", &gettext("_Close"));
        dialog.present();
    }

    /// An error in plain words, with its technical detail in small print below
    /// (selectable, to copy into a bug report).
    pub(super) fn error_with_detail(&self, heading: &str, body: &str, detail: &str) {
        let dialog = adw::MessageDialog::new(Some(&self.window), Some(heading), Some(body));
        let detail = gtk::Label::builder()
            .label(detail)
            .selectable(true)
            .wrap(true)
            .wrap_mode(gtk::pango::WrapMode::WordChar)
            .xalign(0.0)
            .css_classes(["caption", "dim-label", "monospace"])
            .build();
        detail.set_widget_name("error-detail");
        dialog.set_extra_child(Some(&detail));
        dialog.add_response("close", &gettext("_Close"));
        dialog.present();
    }

    pub(super) fn about(&self) {
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
}
