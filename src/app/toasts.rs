//! The table's toast: one line at the foot of the map saying what a computer seat did
//! in its turn, or what a person's move did with an offer to take it back. One at a
//! time: the newest replaces what was there (at Instant speed turns end faster than
//! anyone reads, and an old turn is no news), it goes by itself after a while, and
//! once the game has ended nothing is shown. It lies over the map only, never over
//! the action bar or the pages between people and after a win.
//!
//! A revealer of its own rather than libadwaita's toasts: those queue every toast
//! until it has been shown, and libadwaita 1.2 crashes when a toast is dismissed
//! while it is still coming into view, which replacing one at Instant speed does.

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use gettextrs::gettext;
use relm4::gtk::{self, glib, prelude::*};

/// How long a turn's summary stays, unless something newer replaces it.
const SUMMARY_FOR: Duration = Duration::from_secs(10);
/// How long the offer to undo a move stays.
const UNDO_FOR: Duration = Duration::from_secs(5);

/// The toast at the foot of the map.
pub struct TableToasts {
    revealer: gtk::Revealer,
    label: gtk::Label,
    undo: gtk::Button,
    /// Counts what was shown, so that a timeout ends only the toast it was set for.
    shown: Rc<Cell<u64>>,
    /// The game at the table has ended: nothing is shown until the next one begins.
    closed: bool,
}

impl TableToasts {
    /// A toast, hidden; [`TableToasts::widget`] goes over the map.
    pub fn new() -> Self {
        static STYLE: std::sync::Once = std::sync::Once::new();
        STYLE.call_once(|| {
            relm4::set_global_css(
                ".table-toast { border-radius: 999px; padding: 6px 6px 6px 18px; margin: 12px; }",
            )
        });
        let label = gtk::Label::builder()
            .wrap(true)
            .max_width_chars(60)
            .xalign(0.0)
            .build();
        label.set_widget_name("toast-text");
        let undo = gtk::Button::with_label(&gettext("Undo"));
        undo.set_action_name(Some("win.undo"));
        undo.set_valign(gtk::Align::Center);
        let close = gtk::Button::from_icon_name("window-close-symbolic");
        close.add_css_class("flat");
        close.add_css_class("circular");
        close.set_valign(gtk::Align::Center);
        close.set_tooltip_text(Some(&gettext("Dismiss")));
        let content = gtk::Box::new(gtk::Orientation::Horizontal, 12);
        content.add_css_class("osd");
        content.add_css_class("table-toast");
        content.append(&label);
        content.append(&undo);
        content.append(&close);
        let revealer = gtk::Revealer::builder()
            .child(&content)
            .halign(gtk::Align::Center)
            .valign(gtk::Align::End)
            .transition_type(gtk::RevealerTransitionType::SlideUp)
            .reveal_child(false)
            .build();
        revealer.set_widget_name("toast");
        // Hidden, it takes no clicks meant for the map under it.
        revealer.set_can_target(false);
        let shown = Rc::new(Cell::new(0));
        {
            let revealer = revealer.downgrade();
            let shown = Rc::clone(&shown);
            close.connect_clicked(move |_| {
                shown.set(shown.get() + 1);
                if let Some(revealer) = revealer.upgrade() {
                    hide(&revealer);
                }
            });
        }
        Self {
            revealer,
            label,
            undo,
            shown,
            closed: false,
        }
    }

    /// What goes over the map.
    pub fn widget(&self) -> &gtk::Revealer {
        &self.revealer
    }

    /// Shows `text` (with the Undo button if `undo`) in place of what was shown, for
    /// `time`.
    fn show(&mut self, text: &str, undo: bool, time: Duration) {
        if self.closed {
            return;
        }
        self.shown.set(self.shown.get() + 1);
        let this = self.shown.get();
        self.label.set_label(text);
        self.undo.set_visible(undo);
        self.revealer.set_can_target(true);
        self.revealer.set_reveal_child(true);
        let revealer = self.revealer.downgrade();
        let shown = Rc::clone(&self.shown);
        glib::timeout_add_local_once(time, move || {
            if shown.get() == this
                && let Some(revealer) = revealer.upgrade()
            {
                hide(&revealer);
            }
        });
    }

    /// Sums up a computer seat's turn.
    pub fn summary(&mut self, text: &str) {
        self.show(text, false, SUMMARY_FOR);
    }

    /// Tells what a person's move did, offering to take it back with the window's
    /// Undo.
    pub fn offer_undo(&mut self, text: &str) {
        self.show(text, true, UNDO_FOR);
    }

    /// The offer to undo is stale (another move was made, or it was taken back): it
    /// goes, a summary stays.
    pub fn dismiss_undo(&mut self) {
        if self.undo.is_visible() {
            self.dismiss();
        }
    }

    fn dismiss(&mut self) {
        self.shown.set(self.shown.get() + 1);
        hide(&self.revealer);
    }

    /// The game has ended: the toast goes, and no other comes.
    pub fn close(&mut self) {
        self.dismiss();
        self.closed = true;
    }

    /// A new game sits down: the last game's toast goes, and toasts come again.
    pub fn open(&mut self) {
        self.dismiss();
        self.closed = false;
    }

    /// How many toasts are on screen: 0 or 1.
    #[cfg(test)]
    pub fn live(&self) -> usize {
        usize::from(self.revealer.reveals_child())
    }

    /// The text on screen, if any.
    #[cfg(test)]
    pub fn text(&self) -> Option<String> {
        self.revealer
            .reveals_child()
            .then(|| self.label.label().to_string())
    }

    /// Whether the game has ended for the toasts.
    #[cfg(test)]
    pub fn closed(&self) -> bool {
        self.closed
    }
}

fn hide(revealer: &gtk::Revealer) {
    revealer.set_reveal_child(false);
    revealer.set_can_target(false);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::panel_testing::settle;

    #[gtk::test]
    fn a_new_toast_replaces_the_last_and_none_come_after_the_end() {
        let mut toasts = TableToasts::new();
        let window = gtk::Window::builder().child(toasts.widget()).build();
        window.present();
        for turn in 0..20 {
            toasts.summary(&format!("Cleo: turn {turn}"));
            settle();
            assert_eq!(toasts.live(), 1);
        }
        assert_eq!(toasts.text().as_deref(), Some("Cleo: turn 19"));
        toasts.offer_undo("Anna moved 3 armies");
        assert_eq!(toasts.text().as_deref(), Some("Anna moved 3 armies"));
        toasts.dismiss_undo();
        assert_eq!(toasts.live(), 0);
        toasts.summary("Cleo: turn 20");
        toasts.dismiss_undo();
        assert_eq!(toasts.live(), 1, "a summary is no offer to undo");
        toasts.close();
        settle();
        assert_eq!(toasts.live(), 0);
        toasts.summary("Cleo: after the end");
        toasts.offer_undo("after the end");
        settle();
        assert_eq!(toasts.live(), 0, "nothing after the game ended");
        toasts.open();
        toasts.summary("Cleo: a new game");
        settle();
        assert_eq!(toasts.live(), 1);
        window.close();
    }
}
