//! The windows opened over the game at the table, each made on first use: its story
//! (the statistics page and the replay, Risk's or Château Noir's) and its rules (F1).

use gettextrs::gettext;
use relm4::prelude::*;

use super::{Family, MainWindow};
use crate::app::chateau::replay::{ChateauReplay, ChateauReplayInput};
use crate::app::chateau::session::ChateauRecord;
use crate::app::chateau::statistics::{ChateauStatistics, ChateauStatisticsInput};
use crate::app::chateau_help::{ChateauRulesHelp, ChateauRulesHelpInput};
use crate::app::game_record::GameRecord;
use crate::app::printing::{self, Printable};
use crate::app::replay::{ReplayInput, ReplayWindow};
use crate::app::rules_help::{RulesHelp, RulesHelpInput};
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

    /// The Château Noir match at the table to tell the story of; a dialog says why
    /// not.
    fn chateau_record(&self) -> Option<Box<ChateauRecord>> {
        let session = self.chateau.as_ref()?.model().session()?.record();
        match session {
            Ok(record) => Some(Box::new(record)),
            Err(reason) => {
                self.error(
                    &gettext("The Story Could Not Be Told"),
                    &messages::sentence(&reason.to_string()),
                );
                None
            }
        }
    }

    pub(super) fn show_statistics(&mut self) {
        if self.family == Family::ChateauNoir {
            self.show_chateau_statistics();
            return;
        }
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
        if self.family == Family::ChateauNoir {
            self.show_chateau_replay();
            return;
        }
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

    /// The statistics of the Château Noir match at the table.
    fn show_chateau_statistics(&mut self) {
        let Some(record) = self.chateau_record() else {
            return;
        };
        let window = &self.window;
        let statistics = self.chateau_statistics.get_or_insert_with(|| {
            ChateauStatistics::builder()
                .transient_for(window)
                .launch(())
                .detach()
        });
        statistics.emit(ChateauStatisticsInput::Show(record));
    }

    /// The replay of the Château Noir match at the table.
    fn show_chateau_replay(&mut self) {
        let Some(record) = self.chateau_record() else {
            return;
        };
        let window = &self.window;
        let replay = self.chateau_replay.get_or_insert_with(|| {
            ChateauReplay::builder()
                .transient_for(window)
                .launch(())
                .detach()
        });
        replay.emit(ChateauReplayInput::Open(record));
    }

    /// The rules of the game at the table; before any game, the board shown with the
    /// rulebook.
    pub(super) fn show_rules(&mut self) {
        if self.family == Family::ChateauNoir {
            self.show_chateau_rules();
            return;
        }
        let Some(rules) = printing::rules_in_play(self.session.as_ref(), self.shown_board.as_ref())
        else {
            return;
        };
        let window = &self.window;
        let help = self.rules.get_or_insert_with(|| {
            RulesHelp::builder()
                .transient_for(window)
                .launch(())
                .detach()
        });
        help.emit(RulesHelpInput::Show {
            board: rules.board,
            variant: Box::new(rules.variant),
        });
    }

    /// The rules of the Château Noir match at the table, with its diagrams (F1).
    fn show_chateau_rules(&mut self) {
        let Some((board, variant)) = self
            .chateau
            .as_ref()
            .and_then(|table| table.model().rules_in_play())
        else {
            return;
        };
        let window = &self.window;
        let help = self.chateau_rules.get_or_insert_with(|| {
            ChateauRulesHelp::builder()
                .transient_for(window)
                .launch(())
                .detach()
        });
        help.emit(ChateauRulesHelpInput::Show {
            board,
            variant: Box::new(variant),
        });
    }

    /// What Print and Export make a sheet of: the game at the table, whichever
    /// family it is; before any game, the window's board with the rulebook.
    pub(crate) fn printable(&self) -> Option<Printable> {
        if self.family == Family::ChateauNoir {
            let (board, variant) = self.chateau.as_ref()?.model().rules_in_play()?;
            return Some(Printable::ChateauNoir { board, variant });
        }
        printing::rules_in_play(self.session.as_ref(), self.shown_board.as_ref())
            .map(Printable::from)
    }
}
