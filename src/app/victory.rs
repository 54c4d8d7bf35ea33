//! The victory page: who won, how long it took, and a way to play again.

use gettextrs::{gettext, ngettext};
use relm4::gtk::prelude::*;

/// "Anna Wins!"
pub fn title(name: &str) -> String {
    gettext("{name} Wins!").replace("{name}", name)
}

/// "The last castle standing, after 12 turns."
pub fn description(turns: u32) -> String {
    ngettext(
        "The last castle standing, after {turns} turn.",
        "The last castle standing, after {turns} turns.",
        turns,
    )
    .replace("{turns}", &turns.to_string())
}

/// The page, with "New Game" (calling `on_new_game`) and "Show Map" (`on_show_map`).
pub fn page(on_new_game: impl Fn() + 'static, on_show_map: impl Fn() + 'static) -> adw::StatusPage {
    let buttons = gtk::Box::builder()
        .spacing(12)
        .halign(gtk::Align::Center)
        .build();
    let new_game = gtk::Button::builder()
        .label(gettext("New Game"))
        .css_classes(["pill", "suggested-action"])
        .build();
    new_game.connect_clicked(move |_| on_new_game());
    let show_map = gtk::Button::builder()
        .label(gettext("Show Map"))
        .css_classes(["pill"])
        .build();
    show_map.connect_clicked(move |_| on_show_map());
    buttons.append(&new_game);
    buttons.append(&show_map);
    adw::StatusPage::builder()
        .icon_name("starred-symbolic")
        .child(&buttons)
        .build()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_names_the_winner_and_counts_turns() {
        assert_eq!(super::title("Anna"), "Anna Wins!");
        assert_eq!(
            super::description(12),
            "The last castle standing, after 12 turns."
        );
        assert_eq!(
            super::description(1),
            "The last castle standing, after 1 turn."
        );
    }
}
