//! What the tests that run the `castellan` binary from the terminal share: running it
//! as users do (in the C locale, from the top of the source tree), reading what it
//! printed, and a scratch folder for each test's files.

#![allow(dead_code, reason = "each test file uses its own part")]

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs `castellan` with `args` from the top of the source tree, in the C locale so
/// that messages are the untranslated English ones unless `--lang` asks otherwise.
pub fn castellan(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_castellan"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("LC_ALL", "C")
        .env_remove("LANGUAGE")
        .output()
        .expect("the castellan binary runs")
}

/// Bytes the program wrote, as text.
pub fn text_of(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

pub fn stdout(output: &Output) -> String {
    text_of(&output.stdout)
}

pub fn stderr(output: &Output) -> String {
    text_of(&output.stderr)
}

/// A folder of its own for one test's files, removed when the test ends.
pub struct Scratch(pub PathBuf);

impl Scratch {
    /// A folder named after the test file, the process and `test`, so that tests
    /// running at the same time never share one.
    pub fn new(test: &str) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "castellan-{}-{}-{test}",
            env!("CARGO_CRATE_NAME"),
            std::process::id()
        ));
        fs::create_dir_all(&dir).expect("creating a scratch directory");
        Self(dir)
    }

    /// The path of `name` in the folder, as the command line takes it.
    pub fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().expect("a UTF-8 path").to_owned()
    }

    /// Writes `text` to `name` in the folder and returns its path.
    pub fn write(&self, name: &str, text: &str) -> String {
        let path = self.path(name);
        fs::write(&path, text).expect("writing a scratch file");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}
