//! Writing a file whole or not at all, and harming no other file: every file Castellan
//! writes (saves, `last-game.toml`, variants from the editor, exported sheets) goes
//! through [`write_file`].
//!
//! The text goes to a temporary file of a unique name in the target's own folder
//! (another file there, `game.partial` say, is never touched), is flushed to the disk,
//! takes the permissions of the file it replaces, and is then renamed over the target
//! in one step: a crash or a full disk leaves either the old file or the new one, and
//! the temporary is removed on any failure. A target that is a symbolic link stays one:
//! the file it points to is replaced.

use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Links followed before giving up (as the kernel does, `ELOOP`).
const MAX_LINKS: usize = 40;

/// Writes `bytes` to `path` safely (see the module's documentation).
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let target = follow_links(path)?;
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    let mut temporary = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".tmp")
        // A new file gets what any new file gets (the umask applies), not 0600.
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(folder)?;
    temporary.write_all(bytes)?;
    if let Ok(existing) = fs::metadata(&target) {
        let mode = existing.permissions().mode() & 0o7777;
        temporary
            .as_file()
            .set_permissions(fs::Permissions::from_mode(mode))?;
    }
    temporary.as_file().sync_all()?;
    // Dropping the temporary (on any error above or here) removes it.
    temporary.persist(&target).map_err(|error| error.error)?;
    // The rename itself is made durable with the folder; a failure here loses
    // nothing that is not already on the disk.
    if let Ok(folder) = fs::File::open(folder) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// The file `path` names once every symbolic link is followed (the path itself when
/// it is not a link, or does not exist yet).
fn follow_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) if link.is_relative() => parent.join(link),
                    _ => link,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::InvalidInput,
        "too many levels of symbolic links",
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn folder() -> tempfile::TempDir {
        tempfile::tempdir().expect("a temporary folder")
    }

    /// The names in `dir`, sorted.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_nothing_is_left_beside_it() {
        let dir = folder();
        let path = dir.path().join("game.castellan");
        write_file(&path, b"first, longer text").unwrap();
        write_file(&path, b"second").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second");
        assert_eq!(names(dir.path()), ["game.castellan"]);
    }

    #[test]
    fn another_file_of_a_similar_name_is_left_alone() {
        let dir = folder();
        let partial = dir.path().join("game.partial");
        fs::write(&partial, "someone else's").unwrap();
        write_file(&dir.path().join("game.castellan"), b"save").unwrap();
        assert_eq!(fs::read_to_string(&partial).unwrap(), "someone else's");
        assert_eq!(names(dir.path()), ["game.castellan", "game.partial"]);
    }

    #[test]
    fn a_symbolic_link_stays_a_link_to_the_new_text() {
        let dir = folder();
        let real = dir.path().join("saves").join("real.castellan");
        fs::create_dir(real.parent().unwrap()).unwrap();
        fs::write(&real, "old").unwrap();
        let link = dir.path().join("link.castellan");
        symlink("saves/real.castellan", &link).unwrap();
        write_file(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        assert_eq!(names(&dir.path().join("saves")), ["real.castellan"]);
    }

    #[test]
    fn the_replaced_files_permissions_are_kept() {
        let dir = folder();
        let path = dir.path().join("shared.castellan");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write_file(&path, b"new").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
    }

    #[test]
    fn a_new_file_is_readable_by_others_as_the_umask_allows() {
        let dir = folder();
        let path = dir.path().join("new.toml");
        write_file(&path, b"x").unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        // Not the 0600 of a temporary file: what a plain new file would get.
        let plain = dir.path().join("plain");
        fs::write(&plain, "x").unwrap();
        let expected = fs::metadata(&plain).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, expected);
    }

    #[test]
    fn a_failed_write_leaves_the_old_file_and_no_temporary() {
        let dir = folder();
        let path = dir.path().join("game.castellan");
        fs::write(&path, "old").unwrap();
        // A folder cannot be renamed over: the last step fails.
        let blocked = dir.path().join("blocked");
        fs::create_dir(&blocked).unwrap();
        fs::write(blocked.join("inside"), "x").unwrap();
        assert!(write_file(&blocked, b"new").is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(names(dir.path()), ["blocked", "game.castellan"]);
        // A missing folder fails at once, creating nothing.
        assert!(write_file(&dir.path().join("no/such/file"), b"x").is_err());
        assert_eq!(names(dir.path()), ["blocked", "game.castellan"]);
    }

    #[test]
    fn a_loop_of_links_is_refused() {
        let dir = folder();
        let (a, b) = (dir.path().join("a"), dir.path().join("b"));
        symlink(&b, &a).unwrap();
        symlink(&a, &b).unwrap();
        assert!(write_file(&a, b"x").is_err());
        assert_eq!(names(dir.path()), ["a", "b"]);
    }
}
