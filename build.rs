//! Compiles the translations for builds that meson does not install.
//!
//! Meson installs the message catalogues and passes their directory as `LOCALEDIR`;
//! a plain `cargo build`, `cargo run` or `cargo test` has no installed catalogue, so
//! without this nothing could be seen in French before installing. Every language of
//! `po/LINGUAS` is compiled with `msgfmt` into
//! `$OUT_DIR/locale/<lang>/LC_MESSAGES/<domain>.mo`, and that directory reaches
//! `src/config.rs` as `CASTELLAN_BUILD_LOCALEDIR`; the list of languages reaches
//! `src/i18n.rs` as `CASTELLAN_LANGUAGES`.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=po/LINGUAS");
    println!("cargo:rerun-if-env-changed=GETTEXT_PACKAGE");
    let domain = env::var("GETTEXT_PACKAGE").unwrap_or_else(|_| "castellan".to_owned());
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let locale_dir = out_dir.join("locale");

    let linguas = fs::read_to_string("po/LINGUAS").unwrap_or_else(|error| {
        panic!("cannot read po/LINGUAS, the list of translations: {error}")
    });
    let languages: Vec<&str> = languages(&linguas).collect();
    for &language in &languages {
        let po = Path::new("po").join(format!("{language}.po"));
        println!("cargo:rerun-if-changed={}", po.display());
        let target = locale_dir.join(language).join("LC_MESSAGES");
        fs::create_dir_all(&target)
            .unwrap_or_else(|error| panic!("cannot create {}: {error}", target.display()));
        compile(&po, &target.join(format!("{domain}.mo")));
    }
    println!(
        "cargo:rustc-env=CASTELLAN_BUILD_LOCALEDIR={}",
        locale_dir.display()
    );
    // The languages `--lang` offers besides English, which needs no catalogue.
    println!(
        "cargo:rustc-env=CASTELLAN_LANGUAGES={}",
        languages.join(" ")
    );
}

/// The language codes of a LINGUAS file: whitespace-separated, `#` starts a comment.
fn languages(linguas: &str) -> impl Iterator<Item = &str> {
    linguas
        .lines()
        .map(|line| line.split('#').next().unwrap_or(""))
        .flat_map(str::split_whitespace)
}

/// Runs `msgfmt --check` on one catalogue; a missing tool or a broken catalogue stops
/// the build with a message saying what to do.
fn compile(po: &Path, mo: &Path) {
    let status = Command::new("msgfmt")
        .arg("--check")
        .arg("--output-file")
        .arg(mo)
        .arg(po)
        .status()
        .unwrap_or_else(|error| {
            panic!(
                "cannot run msgfmt to compile {} ({error}): install GNU gettext \
                 (`make deps` does, or `apt-get install gettext`)",
                po.display()
            )
        });
    assert!(
        status.success(),
        "msgfmt rejected {} (see its messages above)",
        po.display()
    );
}
