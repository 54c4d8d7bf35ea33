//! Writing a file whole or not at all, and harming no other file: every file Castellan
//! writes (saves, `last-game.toml`, variants from the editor, exported sheets) goes
//! through [`write_file`].
//!
//! The text goes to a temporary file of a unique name in the target's own folder
//! (`.NAME.XXXXXX.tmp`, hidden; another file there, `game.partial` say, is never
//! touched), is flushed to the disk, takes the permissions of the file it replaces, and
//! is then renamed over the target in one step: a crash or a full disk leaves either
//! the old file or the new one, and the temporary is removed on any failure. A target
//! that is a symbolic link stays one: the file it points to is replaced.
//!
//! Only a write that is killed outright leaves its temporary behind. The next write in
//! the same folder removes such leftovers: plain files named exactly as this module
//! names its temporaries, owned by the same user, and untouched for an hour (a write
//! takes a moment, so an older one is no other write in progress).

use std::fmt;
use std::fs;
use std::io::{self, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Links followed before giving up (as the kernel does, `ELOOP`).
const MAX_LINKS: usize = 40;

/// Random characters in a temporary's name.
const RANDOM_CHARACTERS: usize = 6;

/// A temporary this long untouched belongs to no write in progress: a killed write
/// left it.
const STALE_AFTER: Duration = Duration::from_secs(60 * 60);

/// Why a file could not be written: the folder it goes in does not exist. Named after
/// the target, never the temporary file that was to be made beside it.
#[derive(Debug)]
pub struct MissingFolder {
    /// The file that was to be written.
    pub target: PathBuf,
    /// Its folder, which does not exist.
    pub folder: PathBuf,
}

impl MissingFolder {
    /// The target's name in its folder (the folder is named beside it).
    pub fn file_name(&self) -> String {
        self.target.file_name().map_or_else(
            || self.target.display().to_string(),
            |name| name.to_string_lossy().into_owned(),
        )
    }
}

impl fmt::Display for MissingFolder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot write {}: the folder {} does not exist",
            self.file_name(),
            self.folder.display()
        )
    }
}

impl std::error::Error for MissingFolder {}

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
    if let Err(error) = fs::metadata(folder)
        && error.kind() == io::ErrorKind::NotFound
    {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            MissingFolder {
                target: target.clone(),
                folder: folder.to_owned(),
            },
        ));
    }
    let mut prefix = std::ffi::OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    let mut temporary = tempfile::Builder::new()
        .prefix(&prefix)
        .suffix(".tmp")
        .rand_bytes(RANDOM_CHARACTERS)
        // A new file gets what any new file gets (the umask applies), not 0600.
        .permissions(fs::Permissions::from_mode(0o666))
        .tempfile_in(folder)
        .map_err(|error| naming_the_target(error, &target))?;
    if let Ok(ours) = temporary.as_file().metadata() {
        remove_stale_temporaries(folder, ours.uid());
    }
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

/// The error of making the temporary, about the target: the reader never heard of
/// the temporary's name, which the error gives.
fn naming_the_target(error: io::Error, target: &Path) -> io::Error {
    let reason = error.to_string();
    let reason = reason.split(" at path ").next().unwrap_or(&reason);
    io::Error::new(
        error.kind(),
        format!("cannot write {}: {reason}", target.display()),
    )
}

/// Whether `name` is one that [`write_file`] gives its temporaries:
/// `.NAME.XXXXXX.tmp`, with 6 random letters or digits.
fn is_temporary_name(name: &str) -> bool {
    let Some(inner) = name
        .strip_prefix('.')
        .and_then(|rest| rest.strip_suffix(".tmp"))
    else {
        return false;
    };
    match inner.rsplit_once('.') {
        Some((target, random)) => {
            !target.is_empty()
                && random.len() == RANDOM_CHARACTERS
                && random.bytes().all(|b| b.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// Removes, from `folder`, the temporaries of writes killed before they finished:
/// plain files (not links, not folders) named as [`write_file`] names its
/// temporaries, owned by `owner`, unmodified for [`STALE_AFTER`]. Best effort: a
/// write never fails for want of tidying.
fn remove_stale_temporaries(folder: &Path, owner: u32) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    let now = SystemTime::now();
    for entry in entries.flatten() {
        let name = entry.file_name();
        if !name.to_str().is_some_and(is_temporary_name) {
            continue;
        }
        // `DirEntry::metadata` does not follow a link.
        let Ok(meta) = entry.metadata() else {
            continue;
        };
        let stale = meta
            .modified()
            .ok()
            .and_then(|modified| now.duration_since(modified).ok())
            .is_some_and(|age| age > STALE_AFTER);
        if meta.file_type().is_file() && meta.uid() == owner && stale {
            let _ = fs::remove_file(entry.path());
        }
    }
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

    /// The error names the file asked for and its missing folder, never the hidden
    /// temporary that was to be made beside it.
    #[test]
    fn a_missing_folder_is_named_with_the_target() {
        let dir = folder();
        let target = dir.path().join("no").join("game.castellan");
        let error = write_file(&target, b"x").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        let text = error.to_string();
        assert_eq!(
            text,
            format!(
                "cannot write game.castellan: the folder {} does not exist",
                dir.path().join("no").display()
            )
        );
        let missing = error
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<MissingFolder>())
            .expect("a missing folder says so");
        assert_eq!(missing.folder, dir.path().join("no"));
    }

    #[test]
    fn other_failures_to_make_the_temporary_name_the_target_too() {
        let dir = folder();
        let locked = dir.path().join("locked");
        fs::create_dir(&locked).unwrap();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o500)).unwrap();
        let target = locked.join("game.castellan");
        let result = write_file(&target, b"x");
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o700)).unwrap();
        // Running as root, the folder is writable anyway.
        if let Err(error) = result {
            let text = error.to_string();
            assert!(text.contains(&target.display().to_string()), "{text}");
            assert!(!text.contains("/.game.castellan."), "{text}");
        }
    }

    /// Puts a file named `name` in `dir`, last modified `age` ago.
    fn leftover(dir: &Path, name: &str, age: Duration) -> PathBuf {
        let path = dir.join(name);
        let file = fs::File::create(&path).unwrap();
        file.set_modified(SystemTime::now() - age).unwrap();
        path
    }

    /// A write killed before its rename leaves its temporary: the next write in the
    /// folder removes it, and only it: not a fresh one (another write may be under
    /// way), not a file of another pattern, not a link or a folder of that name.
    #[test]
    fn stale_temporaries_of_killed_writes_are_removed_by_the_next_write() {
        let dir = folder();
        let day = Duration::from_secs(24 * 60 * 60);
        let stale = [
            leftover(dir.path(), ".game.castellan.Ab3xZ9.tmp", day),
            leftover(dir.path(), ".last-game.toml.000000.tmp", 2 * STALE_AFTER),
        ];
        let kept = [
            leftover(dir.path(), ".game.castellan.Qw12er.tmp", Duration::ZERO),
            leftover(dir.path(), ".game.castellan.abc.tmp", day),
            leftover(dir.path(), ".game.castellan.Ab3xZ9.tmp.bak", day),
            leftover(dir.path(), "game.castellan.Ab3xZ9.tmp", day),
            leftover(dir.path(), "..Ab3xZ9.tmp", day),
            leftover(dir.path(), ".notes.ab-3_9.tmp", day),
        ];
        let folder_named_alike = dir.path().join(".old.castellan.Zz9Zz9.tmp");
        fs::create_dir(&folder_named_alike).unwrap();
        let target = leftover(dir.path(), "target", day);
        let link_named_alike = dir.path().join(".link.castellan.Yy8Yy8.tmp");
        symlink(&target, &link_named_alike).unwrap();
        let elsewhere = dir.path().join("elsewhere");
        fs::create_dir(&elsewhere).unwrap();
        let other_folder = leftover(&elsewhere, ".game.castellan.Ab3xZ9.tmp", day);

        write_file(&dir.path().join("game.castellan"), b"save").unwrap();
        for path in &stale {
            assert!(!path.exists(), "{} left", path.display());
        }
        for path in kept
            .iter()
            .chain([&folder_named_alike, &target, &other_folder])
        {
            assert!(path.exists(), "{} removed", path.display());
        }
        assert!(fs::symlink_metadata(&link_named_alike).is_ok());
        assert_eq!(
            fs::read_to_string(dir.path().join("game.castellan")).unwrap(),
            "save"
        );
    }

    #[test]
    fn temporaries_are_named_as_the_cleaning_expects() {
        assert!(is_temporary_name(".game.castellan.Ab3xZ9.tmp"));
        assert!(is_temporary_name(".a.b.c.123456.tmp"));
        assert!(!is_temporary_name(".game.castellan.Ab3xZ.tmp"));
        assert!(!is_temporary_name("..Ab3xZ9.tmp"));
        assert!(!is_temporary_name(".Ab3xZ9.tmp"));
        assert!(!is_temporary_name("game.Ab3xZ9.tmp"));
        // What a write makes is what the cleaning recognises.
        let dir = folder();
        let made = tempfile::Builder::new()
            .prefix(".game.castellan.")
            .suffix(".tmp")
            .rand_bytes(RANDOM_CHARACTERS)
            .tempfile_in(dir.path())
            .unwrap();
        let name = made.path().file_name().unwrap().to_str().unwrap();
        assert!(is_temporary_name(name), "{name}");
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
