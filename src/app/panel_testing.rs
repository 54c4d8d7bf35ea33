//! Test helpers for the side panels: snapshots of real games, and finding widgets by
//! name in a panel's tree and letting GTK handle pending events.

use castellan_engine::game::Game;
use relm4::gtk::{self, glib, prelude::*};

pub(crate) use super::decisions::tests::{game_until, snapshot};

/// The first widget named `name` under (or at) `root`, depth first.
pub(crate) fn find_named(root: &gtk::Widget, name: &str) -> Option<gtk::Widget> {
    if root.widget_name() == name {
        return Some(root.clone());
    }
    let mut child = root.first_child();
    while let Some(widget) = child {
        if let Some(found) = find_named(&widget, name) {
            return Some(found);
        }
        child = widget.next_sibling();
    }
    None
}

/// The widget named `name`, which must exist.
pub(crate) fn named(root: &impl IsA<gtk::Widget>, name: &str) -> gtk::Widget {
    find_named(root.upcast_ref(), name).unwrap_or_else(|| panic!("no widget named {name}"))
}

/// Lets the main loop run what is pending: messages to components, redraws.
pub(crate) fn settle() {
    let context = glib::MainContext::default();
    for _ in 0..5 {
        while context.iteration(false) {}
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Whether the pending seat of `game` is what `wanted` says.
pub(crate) fn pending_matches(
    game: &Game,
    wanted: impl Fn(&castellan_engine::game::Decision) -> bool,
) -> bool {
    game.pending().is_some_and(|p| wanted(&p.decision))
}
