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
        .description(description(None))
        .child(&button)
        .build();
    (page, button)
}

/// What the page says: what just happened on the table (public, so that the person
/// handing over the screen still sees the result of their move), then why the screen
/// must change hands.
pub fn description(last_event: Option<&str>) -> String {
    let why = gettext("The next decision is private. Hand the screen over, then click.");
    match last_event {
        Some(event) => format!("{event}\n\n{why}"),
        None => why,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_names_the_person() {
        assert_eq!(super::title("Ben"), "Pass to Ben");
        assert_eq!(super::button_label("Ben"), "I Am Ben");
    }

    #[test]
    fn the_page_tells_what_just_happened_first() {
        let text = super::description(Some("Serbia loses 1"));
        assert!(text.starts_with("Serbia loses 1\n\n"), "{text}");
        assert!(text.ends_with("then click."));
    }
}
