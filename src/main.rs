//! Castellan's entry point: the command line, or the desktop game when given no command.

mod app;
mod cli;
mod config;

use std::process::ExitCode;

use castellan::map;

use gettextrs::LocaleCategory;

fn main() -> ExitCode {
    // Before anything can print, help text included.
    init_translations();
    match cli::parse().command {
        // The GUI never sees these arguments: `app::run` hands GTK an empty list, so
        // GTK's own option parser cannot reject what clap accepted.
        None => {
            app::run();
            ExitCode::SUCCESS
        }
        Some(command) => cli::run(command),
    }
}

/// Selects the user's locale and Castellan's message catalogue.
// The one unsafe call of the program: C's setlocale, which every translated program
// must make.
#[allow(unsafe_code)]
fn init_translations() {
    // SAFETY: setlocale races with other threads reading the locale or the environment.
    // This runs first thing in `main`, while the process has no other thread.
    unsafe {
        gettextrs::setlocale(LocaleCategory::LcAll, "");
    }
    // A failure here only means untranslated messages, which is no reason not to play,
    // so the errors are deliberately dropped.
    let _ = gettextrs::bindtextdomain(config::GETTEXT_PACKAGE, config::LOCALEDIR);
    let _ = gettextrs::bind_textdomain_codeset(config::GETTEXT_PACKAGE, "UTF-8");
    let _ = gettextrs::textdomain(config::GETTEXT_PACKAGE);
}
