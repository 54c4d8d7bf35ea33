//! Build-time configuration: meson passes these through the environment; plain cargo
//! builds fall back to values that work from the source tree.

/// The application id, also the name of the desktop file and icons.
pub const APP_ID: &str = match option_env!("APP_ID") {
    Some(id) => id,
    None => "io.github.castellan.Castellan",
};

/// The gettext domain.
pub const GETTEXT_PACKAGE: &str = match option_env!("GETTEXT_PACKAGE") {
    Some(p) => p,
    None => "castellan",
};

/// Where compiled translations are: installed by meson, or compiled by `build.rs` into
/// cargo's build directory, so that uninstalled builds and the tests can show them.
pub const LOCALEDIR: &str = match option_env!("LOCALEDIR") {
    Some(d) => d,
    None => env!("CASTELLAN_BUILD_LOCALEDIR"),
};

/// Where the boards and variants are installed; a cargo build reads them from the source tree.
pub const PKGDATADIR: &str = match option_env!("PKGDATADIR") {
    Some(d) => d,
    None => concat!(env!("CARGO_MANIFEST_DIR"), "/data"),
};

/// The version shown in About and `--version`.
pub const VERSION: &str = match option_env!("VERSION") {
    Some(v) => v,
    None => env!("CARGO_PKG_VERSION"),
};

/// The board the game ships and plays by default, relative to [`PKGDATADIR`].
pub const SHIPPED_BOARD: &str = "boards/castle-risk.toml";
