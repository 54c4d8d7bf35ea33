//! The window's keyboard shortcuts: the accelerators of its actions, and the Keyboard
//! Shortcuts window that lists them with the map's own keys.

use gettextrs::gettext;
use relm4::gtk::glib;

/// Each window action with its accelerators, in the order the shortcuts window lists
/// them.
pub const ACCELERATORS: [(&str, &[&str]); 8] = [
    ("win.new-game", &["<Control>n"]),
    ("win.open", &["<Control>o"]),
    ("win.save", &["<Control>s"]),
    ("win.save-as", &["<Control><Shift>s"]),
    ("win.print-reference", &["<Control>p"]),
    ("win.rules", &["F1"]),
    ("win.show-help-overlay", &["<Control>question"]),
    ("win.quit", &["<Control>q"]),
];

/// The shortcuts window, built from UI text with translated titles.
pub fn window() -> gtk::ShortcutsWindow {
    let shortcut = |accel: &str, title: String| {
        format!(
            "<child><object class=\"GtkShortcutsShortcut\"><property name=\"accelerator\">{}</property><property name=\"title\">{}</property></object></child>",
            glib::markup_escape_text(accel),
            glib::markup_escape_text(&title)
        )
    };
    let game = [
        shortcut("<Control>n", gettext("New game")),
        shortcut("<Control>o", gettext("Open a saved game")),
        shortcut("<Control>s", gettext("Save the game")),
        shortcut("<Control><Shift>s", gettext("Save the game as")),
        shortcut("<Control>p", gettext("Print the reference sheet")),
        shortcut("F1", gettext("The rules of this game")),
        shortcut("<Control>question", gettext("Keyboard shortcuts")),
        shortcut("<Control>q", gettext("Quit")),
    ]
    .concat();
    let map = [
        shortcut("plus", gettext("Zoom in")),
        shortcut("minus", gettext("Zoom out")),
        shortcut("0", gettext("Fit the map to the window")),
        shortcut("Escape", gettext("Back out of a choice")),
    ]
    .concat();
    let group = |title: String, children: String| {
        format!(
            "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">{}</property>{children}</object></child>",
            glib::markup_escape_text(&title)
        )
    };
    let ui = format!(
        "<interface><object class=\"GtkShortcutsWindow\" id=\"shortcuts\"><property name=\"modal\">1</property><child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">game</property>{}{}</object></child></object></interface>",
        group(gettext("Game"), game),
        group(gettext("Map"), map)
    );
    gtk::Builder::from_string(&ui)
        .object("shortcuts")
        .expect("the shortcuts UI defines its window")
}
