//! The hot-seat privacy page: "Pass to Anna" covers the board's secrets (a hand, a
//! hidden-army choice, a defence) until that person clicks.

use gettextrs::gettext;
use relm4::gtk::prelude::*;

/// The title of the page for the person who must take the screen.
pub fn title(name: &str) -> String {
    gettext("Pass to {name}").replace("{name}", name)
}

/// The button's label: the person confirms it is them.
pub fn button_label(name: &str) -> String {
    gettext("I Am {name}").replace("{name}", name)
}

/// The page: a status page with one button, which calls `on_ready` when clicked.
pub fn page(on_ready: impl Fn() + 'static) -> (adw::StatusPage, gtk::Button) {
    let button = gtk::Button::builder()
        .halign(gtk::Align::Center)
        .css_classes(["pill", "suggested-action"])
        .build();
    button.connect_clicked(move |_| on_ready());
    let page = adw::StatusPage::builder()
        .icon_name("system-users-symbolic")
        .description(gettext(
            "The next decision is private. Hand the screen over, then click.",
        ))
        .child(&button)
        .build();
    (page, button)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_names_the_person() {
        assert_eq!(super::title("Ben"), "Pass to Ben");
        assert_eq!(super::button_label("Ben"), "I Am Ben");
    }
}
