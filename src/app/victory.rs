//! The victory page: who won (or that the game ended in a draw), how long it took,
//! and a way to play again.

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

/// "The Game Is Drawn" (ruling 24).
pub fn draw_title() -> String {
    gettext("The Game Is Drawn")
}

/// "No territory was taken in the last 60 rounds, after 412 turns."
pub fn draw_description(rounds: u32, turns: u32) -> String {
    // TRANSLATORS: {rounds} is at least 2; the turns are counted by the next string.
    ngettext(
        "No territory was taken in the last {rounds} rounds, after {turns} turn.",
        "No territory was taken in the last {rounds} rounds, after {turns} turns.",
        turns,
    )
    .replace("{rounds}", &rounds.to_string())
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

    #[test]
    fn a_drawn_game_says_so() {
        assert_eq!(super::draw_title(), "The Game Is Drawn");
        assert_eq!(
            super::draw_description(60, 412),
            "No territory was taken in the last 60 rounds, after 412 turns."
        );
    }
}
