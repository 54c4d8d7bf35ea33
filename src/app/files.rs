//! Choosing files with the desktop's own file chooser (`gtk::FileChooserNative`):
//! saved games, board files and variant files. (Writing them is
//! `castellan::safe_write`.)

use std::path::{Path, PathBuf};

use gettextrs::gettext;
use relm4::gtk::{gio, prelude::*};

/// The extension of Castellan saves.
pub const EXTENSION: &str = "castellan";

/// What kind of file is chosen: it decides the titles, the filter and the extension.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FileKind {
    Game,
    Board,
    Variant,
}

impl FileKind {
    fn filter(self) -> gtk::FileFilter {
        let filter = gtk::FileFilter::new();
        match self {
            FileKind::Game => {
                filter.set_name(Some(&gettext("Castellan Games")));
                filter.add_pattern(&format!("*.{EXTENSION}"));
                filter.add_pattern("*.json");
            }
            FileKind::Board => {
                filter.set_name(Some(&gettext("Board Files")));
                filter.add_pattern("*.toml");
            }
            FileKind::Variant => {
                filter.set_name(Some(&gettext("Variant Files")));
                filter.add_pattern("*.toml");
            }
        }
        filter
    }

    fn extension(self) -> &'static str {
        match self {
            FileKind::Game => EXTENSION,
            FileKind::Board | FileKind::Variant => "toml",
        }
    }

    /// The window title and accept button of the chooser.
    fn texts(self, save: bool) -> (String, String) {
        let title = match (self, save) {
            (FileKind::Game, true) => gettext("Save Game"),
            (FileKind::Game, false) => gettext("Open Game"),
            (FileKind::Board, _) => gettext("Open Board File"),
            (FileKind::Variant, true) => gettext("Save Variant"),
            (FileKind::Variant, false) => gettext("Open Variant File"),
        };
        let accept = if save {
            gettext("_Save")
        } else {
            gettext("_Open")
        };
        (title, accept)
    }

    /// The name offered for a new file.
    fn new_name(self) -> String {
        match self {
            FileKind::Game => gettext("Game"),
            FileKind::Board => gettext("Board"),
            FileKind::Variant => gettext("Variant"),
        }
    }
}

/// Asks for a file of `kind` to open, or where to save one (`save`); calls `chosen`
/// with the path if the person chose one (with the kind's extension added to a saved
/// name that has none). `folder` is where the chooser starts when nothing is
/// suggested. The returned chooser must be kept alive until it answers.
pub fn choose(
    parent: &impl IsA<gtk::Window>,
    kind: FileKind,
    save: bool,
    suggested: Option<&Path>,
    folder: Option<&Path>,
    chosen: impl Fn(PathBuf) + 'static,
) -> gtk::FileChooserNative {
    let (title, accept) = kind.texts(save);
    let action = if save {
        gtk::FileChooserAction::Save
    } else {
        gtk::FileChooserAction::Open
    };
    let chooser = gtk::FileChooserNative::new(
        Some(&title),
        Some(parent),
        action,
        Some(&accept),
        Some(&gettext("_Cancel")),
    );
    chooser.set_modal(true);
    chooser.add_filter(&kind.filter());
    match suggested {
        Some(path) if save => {
            let _ = chooser.set_file(&gio::File::for_path(path));
        }
        _ => {
            if let Some(folder) = folder {
                // The folder may not exist yet (a person's own variants before the
                // first is saved); the chooser then starts where it likes.
                if std::fs::create_dir_all(folder).is_ok() {
                    let _ = chooser.set_current_folder(Some(&gio::File::for_path(folder)));
                }
            }
            if save {
                chooser.set_current_name(&format!("{}.{}", kind.new_name(), kind.extension()));
            }
        }
    }
    chooser.connect_response(move |chooser, response| {
        if response == gtk::ResponseType::Accept
            && let Some(path) = chooser.file().and_then(|f| f.path())
        {
            chosen(if save {
                with_extension(path, kind.extension())
            } else {
                path
            });
        }
    });
    chooser.show();
    chooser
}

/// A saved file's path gets `extension` when it has none.
pub fn with_extension(path: PathBuf, extension: &str) -> PathBuf {
    if path.extension().is_none() {
        path.with_extension(extension)
    } else {
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_get_the_extension_only_when_they_have_none() {
        assert_eq!(
            with_extension(PathBuf::from("/tmp/war"), EXTENSION),
            PathBuf::from("/tmp/war.castellan")
        );
        assert_eq!(
            with_extension(PathBuf::from("/tmp/war.json"), EXTENSION),
            PathBuf::from("/tmp/war.json")
        );
        assert_eq!(
            with_extension(PathBuf::from("/tmp/mine"), "toml"),
            PathBuf::from("/tmp/mine.toml")
        );
    }
}
