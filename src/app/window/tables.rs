//! The tables the window hosts, one a game family: the Risk table (the map, the card
//! sidebar, the battle panel: the window's own `game` page and `session`, unchanged)
//! and the Château Noir table (a component of its own, made the first time it is
//! played). What every game shares stays the window's: the header bar and menu, the
//! new-game dialog, files, the computer worker, the pass page, the game speed.
//!
//! Adding a game: a variant of [`Family`], its table component, and the arms of the
//! matches below (start, think, save, open, subtitle, unsaved).

use std::path::{Path, PathBuf};

use adw::prelude::*;
use castellan_chateau::bot::Cancel as ChateauCancel;
use castellan_common::diagnostics::escaped;
use gettextrs::gettext;
use relm4::prelude::*;

use super::{MainWindow, MainWindowInput, Page};
use crate::app::battle_panel::BattlePanelInput;
use crate::app::chateau::session::ChateauSession;
use crate::app::chateau::setup::ChateauSetup;
use crate::app::chateau::{ChateauTable, ChateauTableInput, ChateauTableOutput};
use crate::app::computer::ComputerSeatsInput;
use crate::app::privacy::PrivacyPageInput;
use crate::text::fill;

/// The game family at the table.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Family {
    /// Castle Risk or classic Risk: the window's map and panels.
    #[default]
    Risk,
    ChateauNoir,
}

impl MainWindow {
    /// The Château Noir table, made (and put in its page) the first time.
    pub(in crate::app) fn chateau(
        &mut self,
        sender: &ComponentSender<Self>,
    ) -> &Controller<ChateauTable> {
        if self.chateau.is_none() {
            let table =
                ChateauTable::builder()
                    .launch(())
                    .forward(sender.input_sender(), |output| match output {
                        ChateauTableOutput::Think { id, game } => {
                            MainWindowInput::ChateauThink { id, game }
                        }
                        ChateauTableOutput::PassTo { name, news } => {
                            MainWindowInput::ChateauPass { name, news }
                        }
                        ChateauTableOutput::NewGame => MainWindowInput::NewGame,
                        ChateauTableOutput::Statistics => MainWindowInput::Statistics,
                        ChateauTableOutput::Replay => MainWindowInput::Replay,
                        ChateauTableOutput::Changed => MainWindowInput::TableChanged,
                    });
            table.emit(ChateauTableInput::SetPace(self.speed.pace()));
            self.chateau_holder.append(table.widget());
            self.chateau = Some(table);
        }
        self.chateau.as_ref().expect("just made")
    }

    /// The Risk table gets up: its session and its computer seats go.
    fn leave_risk(&mut self) {
        self.leave_table();
        self.session = None;
    }

    /// The Château Noir table gets up: its computer seats stop at once.
    pub(super) fn leave_chateau(&mut self) {
        self.chateau_cancel.cancel();
        if let Some(table) = &self.chateau {
            table.emit(ChateauTableInput::Leave);
        }
    }

    /// Starts a Château Noir match chosen in the new-game dialog.
    pub(super) fn start_chateau(&mut self, setup: ChateauSetup, sender: &ComponentSender<Self>) {
        let seed = setup.seed.unwrap_or_else(|| {
            relm4::gtk::glib::random_int() as u64
                | (u64::from(relm4::gtk::glib::random_int()) << 32)
        });
        match ChateauSession::new(&setup, seed) {
            Ok(session) => {
                self.new_game.widget().set_visible(false);
                let opening = session.game().opening_events().to_vec();
                self.sit_at_chateau(session, opening, sender);
            }
            Err(error) => self.error(
                &gettext("The Game Could Not Start"),
                &crate::messages::sentence(&error.in_words()),
            ),
        }
    }

    /// Sits a Château Noir match at its table, with the log of what happened so far.
    pub(super) fn sit_at_chateau(
        &mut self,
        session: ChateauSession,
        past: Vec<castellan_chateau::game::Event>,
        sender: &ComponentSender<Self>,
    ) {
        self.leave_risk();
        self.leave_chateau();
        self.chateau_cancel = ChateauCancel::new();
        let strengths: Vec<_> = session
            .seats()
            .iter()
            .map(|s| s.computer.then_some(s.strength))
            .collect();
        self.computers.emit(ComputerSeatsInput::SeatChateau {
            strengths,
            seed: session.game().seed(),
            cancel: self.chateau_cancel.clone(),
        });
        self.family = Family::ChateauNoir;
        self.page = Page::Chateau;
        self.chateau(sender)
            .emit(ChateauTableInput::Begin(Box::new(session), past));
    }

    /// The Risk table sits down (the window's own `begin` does the rest).
    pub(super) fn sit_at_risk(&mut self) {
        self.leave_chateau();
        self.family = Family::Risk;
    }

    /// Asks the worker for a Château Noir computer seat's action.
    pub(super) fn chateau_think(&mut self, id: u64, game: Box<castellan_chateau::game::Game>) {
        let think = ComputerSeatsInput::ThinkChateau {
            id,
            game,
            pace: self.speed.pace(),
        };
        // After any frame that is due, as for Risk (see `let_computer_move`): at
        // Instant speed the board would otherwise not be painted between units.
        let computers = self.computers.sender().clone();
        gtk::glib::idle_add_local_once(move || computers.emit(think));
    }

    /// A turn's shortcut (an accelerator of the window's, made for the Risk table)
    /// as the Château Noir table reads it: E ends the turn, Ctrl+Z undoes the last
    /// unit, R releases the piece in hand, N goes to the next lit square.
    pub(super) fn chateau_shortcut(&self, message: MainWindowInput) {
        let Some(table) = &self.chateau else {
            return;
        };
        let input = match message {
            MainWindowInput::Finish | MainWindowInput::ConfirmPlacement => {
                ChateauTableInput::EndTurn
            }
            MainWindowInput::Undo => ChateauTableInput::Undo,
            MainWindowInput::Battle(BattlePanelInput::RollOnce) => ChateauTableInput::Release,
            MainWindowInput::NextTerritory => ChateauTableInput::NextLit,
            _ => return,
        };
        table.emit(input);
    }

    /// The screen goes to the next person of a hot-seat match.
    pub(super) fn chateau_pass(&mut self, name: String, news: Vec<String>) {
        // Nothing on a Château Noir board is secret: the page only hands the screen
        // over, with what the other seats did since this person last had it.
        self.privacy.emit(PrivacyPageInput::Show {
            name,
            last_event: None,
            news,
            private: false,
        });
        self.page = Page::Privacy;
    }

    /// The person named on the pass page took the screen: back to their table.
    pub(super) fn table_page(&self) -> Page {
        match self.family {
            Family::Risk => Page::Game,
            Family::ChateauNoir => Page::Chateau,
        }
    }

    /// Whether the match at the Château Noir table has unsaved changes while under way.
    pub(super) fn chateau_unsaved(&self) -> bool {
        self.family == Family::ChateauNoir
            && self.chateau.as_ref().is_some_and(|t| {
                t.model()
                    .session()
                    .is_some_and(|s| s.unsaved() && !s.game().is_over())
            })
    }

    /// The header's subtitle for the Château Noir table.
    pub(super) fn chateau_subtitle(&self) -> Option<String> {
        if self.family != Family::ChateauNoir {
            return None;
        }
        let table = self.chateau.as_ref()?;
        let model = table.model();
        let session = model.session()?;
        let name = session
            .path()
            .and_then(Path::file_stem)
            .map_or_else(|| gettext("New Game"), |s| s.to_string_lossy().into_owned());
        let dot = if session.unsaved() { "• " } else { "" };
        Some(fill(
            &gettext("{dot}{name} — Château Noir (reconstructed board)"),
            &[("dot", &dot), ("name", &name)],
        ))
    }

    /// The path the Château Noir match was saved at, if it is the one at the table.
    pub(super) fn chateau_path(&self) -> Option<Option<PathBuf>> {
        if self.family != Family::ChateauNoir {
            return None;
        }
        let table = self.chateau.as_ref()?;
        let model = table.model();
        Some(model.session()?.path().map(Path::to_path_buf))
    }

    /// Saves the Château Noir match at `path`; `false` if none is at the table.
    pub(super) fn save_chateau(&mut self, path: PathBuf) -> bool {
        if self.family != Family::ChateauNoir {
            return false;
        }
        let Some(table) = &self.chateau else {
            return false;
        };
        let json = match table.model().session().map(ChateauSession::to_json) {
            Some(Ok(json)) => json,
            Some(Err(error)) => {
                self.error(
                    &gettext("The Game Could Not Be Saved"),
                    &crate::messages::sentence(&error.in_words()),
                );
                return true;
            }
            None => return false,
        };
        match crate::safe_write::write_file(&path, json.as_bytes()) {
            Ok(()) => table.emit(ChateauTableInput::Saved(path)),
            Err(error) => self.error(
                &gettext("The Game Could Not Be Saved"),
                &crate::messages::sentence(&crate::messages::io_error(&error)),
            ),
        }
        true
    }

    /// Opens `json` (read from `path`) if it is a Château Noir save: `false` if it is
    /// not one (the Risk table opens it then).
    pub(super) fn open_chateau(
        &mut self,
        json: &str,
        path: &Path,
        sender: &ComponentSender<Self>,
    ) -> bool {
        if !ChateauSession::is_chateau_save(json) {
            return false;
        }
        match ChateauSession::from_save(json, Some(path.to_path_buf())) {
            Ok((session, past)) => self.sit_at_chateau(session, past, sender),
            // The game at the table stays as it was; the file is named, and why it
            // does not open is said in the reader's language.
            Err(error) => {
                let file = path
                    .file_name()
                    .map(|name| escaped(&name.to_string_lossy()))
                    .unwrap_or_default();
                self.error(
                    &gettext("The Game Could Not Be Opened"),
                    &fill(
                        &gettext("“{file}” does not open: {reason}"),
                        &[("file", &file), ("reason", &error.in_words())],
                    ),
                );
            }
        }
        true
    }
}
