//! The window's keyboard shortcuts: the accelerators of its actions, and the Keyboard
//! Shortcuts window that lists them with the map's own keys and the mouse gestures
//! for placing armies.

use gettextrs::gettext;
use relm4::gtk::glib;

/// Where the shortcuts window lists an action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Group {
    /// Files and the application.
    Game,
    /// The moves of a turn (and a defence).
    Turn,
}

/// Each window action with its accelerators and group, in the order the shortcuts
/// window lists them. Turn keys are single letters: the game page has no text entry
/// to type into (the move-in stepper takes digits only); F1 opens the rules.
pub const ACCELERATORS: [(&str, &[&str], Group); 17] = [
    ("win.new-game", &["<Control>n"], Group::Game),
    ("win.open", &["<Control>o"], Group::Game),
    ("win.save", &["<Control>s"], Group::Game),
    ("win.save-as", &["<Control><Shift>s"], Group::Game),
    ("win.print-reference", &["<Control>p"], Group::Game),
    ("win.rules", &["F1"], Group::Game),
    ("win.show-help-overlay", &["<Control>question"], Group::Game),
    ("win.quit", &["<Control>q"], Group::Game),
    ("win.roll", &["r"], Group::Turn),
    ("win.roll-until-decided", &["<Shift>r"], Group::Turn),
    ("win.stop-attack", &["s"], Group::Turn),
    ("win.defend", &["d"], Group::Turn),
    ("win.defend-to-the-end", &["<Shift>d"], Group::Turn),
    ("win.next-territory", &["n"], Group::Turn),
    ("win.confirm-placement", &["<Control>Return"], Group::Turn),
    ("win.undo", &["<Control>z"], Group::Turn),
    ("win.end-turn", &["e"], Group::Turn),
];

/// What an action of [`ACCELERATORS`] does, as the shortcuts window says it.
pub fn title(action: &str) -> String {
    match action {
        "win.new-game" => gettext("New game"),
        "win.open" => gettext("Open a saved game"),
        "win.save" => gettext("Save the game"),
        "win.save-as" => gettext("Save the game as"),
        "win.print-reference" => gettext("Print the reference sheet"),
        "win.rules" => gettext("The rules of this game"),
        "win.show-help-overlay" => gettext("Keyboard shortcuts"),
        "win.quit" => gettext("Quit"),
        "win.roll" => gettext("Roll"),
        "win.roll-until-decided" => gettext("Roll until the attack is decided"),
        "win.stop-attack" => gettext("Stop the attack"),
        "win.defend" => gettext("Defend"),
        "win.defend-to-the-end" => gettext("Defend with the most dice to the end of the attack"),
        "win.next-territory" => gettext("Next territory to choose"),
        "win.confirm-placement" => gettext("Confirm the armies placed or the fortify"),
        "win.undo" => gettext("Take back the last placement or move"),
        "win.end-turn" => gettext("End the turn, stop filling or skip fortifying"),
        _ => action.to_owned(),
    }
}

/// One row of the shortcuts window: a key, or a gesture shown by an icon and its name.
enum Row {
    Key(&'static str, String),
    Mouse(String, String),
}

fn row(row: &Row) -> String {
    let property = |name: &str, value: &str| {
        format!(
            "<property name=\"{name}\">{}</property>",
            glib::markup_escape_text(value)
        )
    };
    let properties = match row {
        Row::Key(accel, title) => property("accelerator", accel) + &property("title", title),
        Row::Mouse(gesture, what) => {
            property("shortcut-type", "gesture")
                + "<property name=\"icon\"><object class=\"GThemedIcon\"><property name=\"name\">input-mouse-symbolic</property></object></property>"
                + &property("title", gesture)
                + &property("subtitle", what)
        }
    };
    format!("<child><object class=\"GtkShortcutsShortcut\">{properties}</object></child>")
}

fn group(title: &str, rows: &[Row]) -> String {
    format!(
        "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">{}</property>{}</object></child>",
        glib::markup_escape_text(title),
        rows.iter().map(row).collect::<String>()
    )
}

/// The rows of `ACCELERATORS` in `wanted`.
fn actions_of(wanted: Group) -> Vec<Row> {
    ACCELERATORS
        .iter()
        .filter(|(_, _, group)| *group == wanted)
        .map(|(action, accels, _)| Row::Key(accels[0], title(action)))
        .collect()
}

/// The shortcuts window, built from UI text with translated titles.
pub fn window() -> gtk::ShortcutsWindow {
    let mut turn = actions_of(Group::Turn);
    // Enter is the map's own key, listed after the key that focuses a territory.
    let after_next = ACCELERATORS
        .iter()
        .filter(|(_, _, group)| *group == Group::Turn)
        .position(|(action, _, _)| *action == "win.next-territory")
        .map_or(turn.len(), |i| i + 1);
    turn.insert(
        after_next,
        Row::Key(
            "Return",
            gettext("Choose the focused territory (place an army on it)"),
        ),
    );
    let placing = [
        Row::Mouse(gettext("Click a territory"), gettext("Place one army")),
        Row::Mouse(gettext("Shift + click"), gettext("Place five armies")),
        Row::Mouse(
            gettext("Ctrl + click"),
            gettext("Place all the armies left"),
        ),
        Row::Mouse(
            gettext("Right-click a territory"),
            gettext("Take one army back"),
        ),
    ];
    let map = [
        Row::Key(
            "Left Right Up Down",
            gettext("Move the focus across the map"),
        ),
        Row::Key("plus", gettext("Zoom in")),
        Row::Key("minus", gettext("Zoom out")),
        Row::Key("0", gettext("Fit the map to the window")),
        Row::Key("Escape", gettext("Back out of a choice")),
    ];
    let ui = format!(
        "<interface><object class=\"GtkShortcutsWindow\" id=\"shortcuts\"><property name=\"modal\">1</property><child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">game</property><property name=\"max-height\">12</property>{}{}{}{}</object></child></object></interface>",
        group(&gettext("Playing a Turn"), &turn),
        group(&gettext("Placing Armies"), &placing),
        group(&gettext("Map"), &map),
        group(&gettext("Game"), &actions_of(Group::Game)),
    );
    gtk::Builder::from_string(&ui)
        .object("shortcuts")
        .expect("the shortcuts UI defines its window")
}

/// Every row of a shortcuts window: its accelerator (empty for a gesture), title and
/// subtitle, found by walking its widgets.
#[cfg(test)]
pub fn rows(window: &gtk::ShortcutsWindow) -> Vec<(String, String, String)> {
    use relm4::gtk::prelude::*;
    fn walk(widget: &gtk::Widget, rows: &mut Vec<(String, String, String)>) {
        if let Some(shortcut) = widget.downcast_ref::<gtk::ShortcutsShortcut>() {
            let text = |name: &str| {
                shortcut
                    .property::<Option<String>>(name)
                    .unwrap_or_default()
            };
            rows.push((text("accelerator"), text("title"), text("subtitle")));
        }
        let mut child = widget.first_child();
        while let Some(widget) = child {
            walk(&widget, rows);
            child = widget.next_sibling();
        }
    }
    let mut rows = Vec::new();
    walk(window.upcast_ref(), &mut rows);
    rows
}
