//! The hot-seat privacy page: "Pass to Anna" covers the board's secrets (a hand, a
//! hidden-army choice, a defence) until that person clicks.

use gettextrs::gettext;
use relm4::gtk::prelude::*;
use relm4::prelude::*;

use crate::text::fill;

/// The title of the page for the person who must take the screen.
pub fn title(name: &str) -> String {
    fill(&gettext("Pass to {name}"), &[("name", &name)])
}

/// The button's label: the person confirms it is them.
pub fn button_label(name: &str) -> String {
    fill(&gettext("I Am {name}"), &[("name", &name)])
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

/// The page's state: whom it waits for, and the table's last news.
#[derive(Debug, Default)]
pub struct PrivacyPage {
    name: String,
    last_event: Option<String>,
}

#[derive(Debug)]
pub enum PrivacyPageInput {
    /// Wait for `name`, repeating `last_event` (the log's last sentence).
    Show {
        name: String,
        last_event: Option<String>,
    },
    Clicked,
}

/// The named person took the screen.
#[derive(Debug)]
pub struct ScreenTaken;

#[relm4::component(pub)]
impl SimpleComponent for PrivacyPage {
    type Init = ();
    type Input = PrivacyPageInput;
    type Output = ScreenTaken;

    view! {
        adw::StatusPage {
            set_icon_name: Some("system-users-symbolic"),
            #[watch]
            set_title: &title(&model.name),
            #[watch]
            set_description: Some(&description(model.last_event.as_deref())),

            #[wrap(Some)]
            set_child = &gtk::Button {
                set_halign: gtk::Align::Center,
                add_css_class: "pill",
                add_css_class: "suggested-action",
                #[watch]
                set_label: &button_label(&model.name),
                connect_clicked => PrivacyPageInput::Clicked,
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = PrivacyPage::default();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: PrivacyPageInput, sender: ComponentSender<Self>) {
        match message {
            PrivacyPageInput::Show { name, last_event } => {
                self.name = name;
                self.last_event = last_event;
            }
            PrivacyPageInput::Clicked => {
                let _ = sender.output(ScreenTaken);
            }
        }
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
