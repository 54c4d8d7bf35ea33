//! The first game's tips in the window: which tip the status line shows (a person's
//! decision only, on the game page), and the tips setting, switched from the menu,
//! the tip's close button, or off by itself once a game is finished at the table.

use relm4::gtk::prelude::*;
use relm4::prelude::*;

use super::{MainWindow, Page};
use crate::app::first_game_tips::{TipBarInput, TipKind};

impl MainWindow {
    /// Switches the tips on or off, keeping the menu's check and the preference in
    /// step.
    pub(super) fn set_first_game_tips(&mut self, on: bool) {
        self.first_game_tips = on;
        if let Some(switch) = &self.tips_switch {
            switch.set_state(&on.to_variant());
        }
        self.keep_preferences();
        self.follow_tip();
    }

    /// A game was finished at the table: the tips were for the first one.
    pub(super) fn game_finished(&mut self) {
        if self.first_game_tips {
            self.set_first_game_tips(false);
        }
    }

    /// Shows the tip of the decision in front of a person, or none: never for a
    /// computer seat's decision, nor behind the page that passes the screen.
    pub(super) fn follow_tip(&self) {
        let tip = self
            .session
            .as_ref()
            .filter(|_| {
                self.first_game_tips && self.page == Page::Game && self.computer_stuck.is_none()
            })
            .and_then(|session| {
                let seat = session.human_to_move()?;
                let pending = session.game().pending()?;
                (pending.seat == seat).then(|| TipKind::of(&pending.decision))
            });
        let keeps_place = self.first_game_tips && self.game_under_way();
        self.tips.emit(TipBarInput::Show { tip, keeps_place });
    }
}
