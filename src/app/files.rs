//! Choosing save files with the desktop's own file chooser (`gtk::FileChooserNative`),
//! and reading and writing them.

use std::path::{Path, PathBuf};

use gettextrs::gettext;
use relm4::gtk::{gio, prelude::*};

/// The extension of Castellan saves.
pub const EXTENSION: &str = "castellan";

fn filter() -> gtk::FileFilter {
    let filter = gtk::FileFilter::new();
    filter.set_name(Some(&gettext("Castellan Games")));
    filter.add_pattern(&format!("*.{EXTENSION}"));
    filter.add_pattern("*.json");
    filter
}

/// Asks for a save to open, or where to save (`save`); calls `chosen` with the path
/// if the person chose one. The returned chooser must be kept alive until it answers.
pub fn choose(
    parent: &impl IsA<gtk::Window>,
    save: bool,
    suggested: Option<&Path>,
    chosen: impl Fn(PathBuf) + 'static,
) -> gtk::FileChooserNative {
    let (title, action, accept) = if save {
        (
            gettext("Save Game"),
            gtk::FileChooserAction::Save,
            gettext("_Save"),
        )
    } else {
        (
            gettext("Open Game"),
            gtk::FileChooserAction::Open,
            gettext("_Open"),
        )
    };
    let chooser = gtk::FileChooserNative::new(
        Some(&title),
        Some(parent),
        action,
        Some(&accept),
        Some(&gettext("_Cancel")),
    );
    chooser.set_modal(true);
    chooser.add_filter(&filter());
    if save {
        match suggested {
            Some(path) => {
                let _ = chooser.set_file(&gio::File::for_path(path));
            }
            None => chooser.set_current_name(&format!("{}.{EXTENSION}", gettext("Game"))),
        }
    }
    chooser.connect_response(move |chooser, response| {
        if response == gtk::ResponseType::Accept
            && let Some(path) = chooser.file().and_then(|f| f.path())
        {
            chosen(with_extension(path, save));
        }
    });
    chooser.show();
    chooser
}

/// A save path gets the Castellan extension when it has none.
pub fn with_extension(path: PathBuf, save: bool) -> PathBuf {
    if save && path.extension().is_none() {
        path.with_extension(EXTENSION)
    } else {
        path
    }
}

/// Writes a file whole or not at all: to a neighbour first, then renamed over.
pub fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let partial = path.with_extension("partial");
    std::fs::write(&partial, text)?;
    std::fs::rename(&partial, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_get_the_extension_only_when_they_have_none() {
        assert_eq!(
            with_extension(PathBuf::from("/tmp/war"), true),
            PathBuf::from("/tmp/war.castellan")
        );
        assert_eq!(
            with_extension(PathBuf::from("/tmp/war.json"), true),
            PathBuf::from("/tmp/war.json")
        );
        assert_eq!(
            with_extension(PathBuf::from("/tmp/war"), false),
            PathBuf::from("/tmp/war")
        );
    }

    #[test]
    fn writing_replaces_the_whole_file() {
        let path =
            std::env::temp_dir().join(format!("castellan-write-{}.castellan", std::process::id()));
        write_atomically(&path, "first, longer text").unwrap();
        write_atomically(&path, "second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        std::fs::remove_file(&path).unwrap();
    }
}
