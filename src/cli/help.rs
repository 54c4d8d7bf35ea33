//! Translates the words clap writes on its own (headings, the `--help` and `--version`
//! flags); the subcommand modules translate their own help through derive attributes.
//!
//! clap's error messages ("unexpected argument", …) stay in English: clap offers no
//! way to replace them.

use clap::{Arg, ArgAction, Command};
use gettextrs::gettext;

/// Applies the translated headings and flags to `command` and all its subcommands.
pub fn localize(command: Command) -> Command {
    let usage_style = *command.get_styles().get_usage();
    let usage_heading = format!(
        "{}{}{:#}",
        usage_style.render(),
        // Translators: the heading before the command line's synopsis in --help.
        gettext("Usage:"),
        usage_style.render()
    );
    // clap's default template with the heading translated.
    let template = format!(
        "{{before-help}}{{about-with-newline}}\n{usage_heading} {{usage}}\n\n{{all-args}}{{after-help}}"
    );
    let has_version = command.get_version().is_some();

    let mut command = command
        .help_template(template)
        .disable_help_subcommand(true)
        .disable_help_flag(true)
        .arg(
            Arg::new("help")
                .short('h')
                .long("help")
                .action(ArgAction::Help)
                .help(gettext("Print help")),
        )
        // Translators: the heading of the list of subcommands in --help.
        .subcommand_help_heading(gettext("Commands"));
    if has_version {
        command = command.disable_version_flag(true).arg(
            Arg::new("version")
                .short('V')
                .long("version")
                .action(ArgAction::Version)
                .help(gettext("Print version")),
        );
    }

    // Translators: the headings of the lists of positional arguments and of options in --help.
    let arguments = gettext("Arguments");
    let options = gettext("Options");
    command
        .mut_args(|arg| {
            let heading = if arg.is_positional() {
                &arguments
            } else {
                &options
            };
            arg.help_heading(heading.clone())
        })
        .mut_subcommands(localize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn every_command_keeps_working_help_and_version_flags() {
        let command = localize(crate::cli::Cli::command());
        command.clone().debug_assert();
        let help = command
            .clone()
            .try_get_matches_from(["castellan", "--help"])
            .expect_err("--help stops parsing");
        assert_eq!(help.kind(), clap::error::ErrorKind::DisplayHelp);
        let version = command
            .clone()
            .try_get_matches_from(["castellan", "-V"])
            .expect_err("-V stops parsing");
        assert_eq!(version.kind(), clap::error::ErrorKind::DisplayVersion);
        let sub_help = command
            .try_get_matches_from(["castellan", "board", "check", "-h"])
            .expect_err("-h stops parsing");
        assert_eq!(sub_help.kind(), clap::error::ErrorKind::DisplayHelp);
    }

    #[test]
    fn help_lists_arguments_and_options_under_their_headings() {
        let mut command = localize(crate::cli::Cli::command());
        command.build();
        let odds = command
            .find_subcommand_mut("odds")
            .expect("odds is a subcommand");
        let help = odds.render_help().to_string();
        let arguments = help.find("Arguments:").expect("an Arguments heading");
        let options = help.find("Options:").expect("an Options heading");
        assert!(arguments < options, "{help}");
        assert!(help.starts_with("Compute the exact odds"), "{help}");
        assert!(help.contains("Usage: castellan odds"), "{help}");
    }
}
