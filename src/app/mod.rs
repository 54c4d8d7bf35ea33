//! The GTK application: window, components and their messages.

use relm4::gtk::prelude::*;
use relm4::prelude::*;

use crate::config::APP_ID;
use gettextrs::gettext;

struct MainWindow;

#[relm4::component]
impl SimpleComponent for MainWindow {
    type Init = ();
    type Input = ();
    type Output = ();

    view! {
        adw::ApplicationWindow {
            set_title: Some(&gettext("Castellan")),
            set_default_width: 1200,
            set_default_height: 900,
        }
    }

    fn init(_: (), root: Self::Root, _sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = MainWindow;
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }
}

/// Runs the desktop application until its last window closes.
pub fn run() {
    let app = RelmApp::new(APP_ID).with_args(Vec::new());
    app.run::<MainWindow>(());
}
