//! Castellan's entry point: the command line, or the desktop game when given no command.

mod app;
mod cli;
mod i18n;

// The library's modules, under the same names as if they were the program's own.
use castellan::{
    charts, chateau_board, chateau_rules, chateau_story, config, lab, map, messages, numbers,
    safe_write, sheet, text, variant_options,
};

use std::process::ExitCode;

fn main() -> ExitCode {
    // Before anything can print, help text included, and before any thread starts.
    i18n::init(cli::requested_language(std::env::args_os()).as_deref());
    let cli = cli::parse();
    match cli.command {
        // The GUI never sees these arguments: `app::run` hands GTK an empty list, so
        // GTK's own option parser cannot reject what clap accepted.
        None => {
            // relm4 would panic without a display; say why instead, as the commands do.
            if let Err(error) = relm4::gtk::init() {
                eprintln!(
                    "castellan: {}",
                    text::fill(
                        &gettextrs::gettext("cannot open the game window: {reason}"),
                        &[("reason", &error.message)],
                    )
                );
                return ExitCode::FAILURE;
            }
            app::run(cli.save);
            ExitCode::SUCCESS
        }
        Some(command) => cli::run(command),
    }
}
