//! The story of the game at the table, opened from the window: the statistics page
//! and the replay, each a window of its own made on first use.

use gettextrs::gettext;
use relm4::prelude::*;

use super::MainWindow;
use crate::app::game_record::GameRecord;
use crate::app::replay::{ReplayInput, ReplayWindow};
use crate::app::statistics::{Statistics, StatisticsInput};
use crate::messages;

impl MainWindow {
    /// The game at the table to tell the story of; a dialog says why not.
    fn record(&self) -> Option<Box<GameRecord>> {
        let session = self.session.as_ref()?;
        match GameRecord::of(session) {
            Ok(record) => Some(Box::new(record)),
            Err(reason) => {
                self.error(
                    &gettext("The Story Could Not Be Told"),
                    &messages::sentence(&reason),
                );
                None
            }
        }
    }

    pub(super) fn show_statistics(&mut self) {
        let Some(record) = self.record() else {
            return;
        };
        let window = &self.window;
        let statistics = self.statistics.get_or_insert_with(|| {
            Statistics::builder()
                .transient_for(window)
                .launch(())
                .detach()
        });
        statistics.emit(StatisticsInput::Show(record));
    }

    pub(super) fn show_replay(&mut self) {
        let Some(record) = self.record() else {
            return;
        };
        let window = &self.window;
        let replay = self.replay.get_or_insert_with(|| {
            ReplayWindow::builder()
                .transient_for(window)
                .launch(())
                .detach()
        });
        replay.emit(ReplayInput::Open(record));
    }
}
