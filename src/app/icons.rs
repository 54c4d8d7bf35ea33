//! The app's icon for every window, from an uninstalled build too: when the icon theme
//! does not know the app's icon (it is installed by meson, not by cargo), the source
//! tree's icon folder joins the theme's search path, so that the About window and the
//! shortcuts window show the castle rather than the missing-icon placeholder.

use std::path::{Path, PathBuf};

use relm4::gtk::prelude::*;
use relm4::gtk::{self, gdk};

use crate::config::{APP_ID, PKGDATADIR};

/// The icon folder an uninstalled build reads (`data/icons`, holding `hicolor/…`):
/// beside the boards in [`PKGDATADIR`], which a cargo build points at `data/`.
fn uninstalled_icons() -> PathBuf {
    Path::new(PKGDATADIR).join("icons")
}

/// Registers the icon once GTK has started, when the application starts up.
pub fn register_at_startup() {
    relm4::main_application().connect_startup(|_| register());
}

/// Makes the app's icon known on the default display and the default of every window.
/// Needs GTK started (call it at the application's startup); does nothing without a
/// display.
pub fn register() {
    let Some(display) = gdk::Display::default() else {
        return;
    };
    let theme = gtk::IconTheme::for_display(&display);
    if !theme.has_icon(APP_ID) {
        let folder = uninstalled_icons();
        if folder.is_dir() {
            theme.add_search_path(folder);
        }
    }
    gtk::Window::set_default_icon_name(APP_ID);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[gtk::test]
    fn the_apps_icon_is_found_from_the_source_tree() {
        register();
        let display = gdk::Display::default().expect("tests run with a display");
        let theme = gtk::IconTheme::for_display(&display);
        assert!(
            theme.has_icon(APP_ID),
            "search path: {:?}",
            theme.search_path()
        );
        let icon = theme.lookup_icon(
            APP_ID,
            &[],
            128,
            1,
            gtk::TextDirection::Ltr,
            gtk::IconLookupFlags::empty(),
        );
        let file = icon.file().and_then(|f| f.path()).expect("an icon file");
        assert!(
            file.ends_with(format!("apps/{APP_ID}.svg")),
            "not the placeholder: {}",
            file.display()
        );
        assert_eq!(gtk::Window::default_icon_name().as_deref(), Some(APP_ID));
        // The symbolic variant, which GNOME Shell and the shortcuts use, too.
        assert!(theme.has_icon(&format!("{APP_ID}-symbolic")));
    }
}
