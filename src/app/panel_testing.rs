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
///
/// Each pass is bounded: a source that is always ready (the print dialog's printer
/// backends poll in idle callbacks on some systems) would otherwise keep
/// `iteration(false)` returning `true` forever and hang the test.
pub(crate) fn settle() {
    const DISPATCHES_PER_PASS: usize = 1_000;
    let context = glib::MainContext::default();
    for _ in 0..5 {
        for _ in 0..DISPATCHES_PER_PASS {
            if !context.iteration(false) {
                break;
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

/// Runs the main loop until `done` or a few seconds have passed: for what comes
/// through several components' channels (a row's output, forwarded to its list's
/// component, sent on), which a loaded machine may not deliver within one settle.
pub(crate) fn settle_until(done: impl Fn() -> bool) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
    while !done() && std::time::Instant::now() < deadline {
        settle();
    }
}

/// Draws a presented window as GTK renders it and saves it as a PNG: screenshots of
/// panels and dialogs for people to look at, without a screen grabber.
pub(crate) fn save_window_png(window: &impl IsA<gtk::Window>, path: &std::path::Path) {
    let window = window.upcast_ref::<gtk::Window>();
    let paintable = gtk::WidgetPaintable::new(Some(window));
    let (width, height) = (window.width(), window.height());
    let snapshot = gtk::Snapshot::new();
    paintable.snapshot(&snapshot, f64::from(width), f64::from(height));
    let node = snapshot.to_node().expect("something was drawn");
    let renderer = window.renderer().expect("a realized window has a renderer");
    renderer
        .render_texture(&node, None)
        .save_to_png(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// Whether the pending seat of `game` is what `wanted` says.
pub(crate) fn pending_matches(
    game: &Game,
    wanted: impl Fn(&castellan_engine::game::Decision) -> bool,
) -> bool {
    game.pending().is_some_and(|p| wanted(&p.decision))
}
