//! `castellan variant …`: working with variant files from the terminal. `check` loads
//! each file with the engine's loader and prints a summary of a good variant or every
//! problem of a bad one; `show` prints every rule of a variant with its value, marking
//! the ones that differ from the rulebook.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use castellan_engine::variant::{Variant, load_variant_file};
use clap::{Args, Subcommand};
use gettextrs::{gettext, ngettext};

use super::check::{check_files, exit_code};
use crate::messages;
use crate::text::{fill, translated};
use crate::variant_options::{OptionGroup, options};

/// What to do with variant files.
#[derive(Debug, Args)]
pub struct VariantArgs {
    #[command(subcommand)]
    command: VariantCommand,
}

#[derive(Debug, Subcommand)]
enum VariantCommand {
    #[command(
        about = gettext("Check variant files: a summary of each good one, every problem of each bad one"),
        long_about = None
    )]
    Check {
        #[arg(
            required = true,
            value_name = "FILE",
            help = gettext("Variant files (TOML) to check")
        )]
        files: Vec<PathBuf>,
    },
    #[command(
        about = gettext("Print every rule of a variant, marking those that differ from the rulebook"),
        long_about = None
    )]
    Show {
        #[arg(
            value_name = "FILE",
            help = gettext("A variant file (TOML)")
        )]
        file: PathBuf,
    },
}

/// Runs a `variant` subcommand: success only when every file is a good variant.
pub fn run(args: VariantArgs) -> ExitCode {
    let (mut out, mut errors) = (io::stdout().lock(), io::stderr().lock());
    exit_code(match args.command {
        VariantCommand::Check { files } => {
            check_files(&files, load_variant_file, summary, &mut out, &mut errors)
        }
        VariantCommand::Show { file } => match load_variant_file(&file) {
            Ok(variant) => show(&variant, &mut out).map(|()| true),
            Err(error) => writeln!(errors, "{}", messages::file_error(&error)).map(|()| false),
        },
    })
}

/// One line describing a good variant, e.g. `house.toml: “Common house rules”, 1 rule
/// differs from the rulebook`, then a line for each warning (a variant whose games
/// are likely to stall, `Variant::warnings`).
fn summary(file: &Path, variant: &Variant) -> String {
    let changed = variant.differences_from_rulebook().len();
    let rules = match changed {
        0 => gettext("the rules of the rulebook"),
        n => fill(
            &ngettext(
                "{n} rule differs from the rulebook",
                "{n} rules differ from the rulebook",
                n as u32,
            ),
            &[("n", &n)],
        ),
    };
    let name = if variant.name.is_empty() {
        gettext("unnamed")
    } else {
        fill(
            &gettext("“{name}”"),
            &[("name", &translated(&variant.name))],
        )
    };
    let mut line = format!("{}: {name}, {rules}", file.display());
    for warning in variant.warnings() {
        let warning = fill(
            &gettext("warning: {what}"),
            &[("what", &messages::variant_warning(&warning))],
        );
        line.push_str(&format!("\n{}: {warning}", file.display()));
    }
    line
}

/// Every rule, group by group, as `  title  value`, with `*` and the rulebook's value
/// on the lines that differ.
fn show(variant: &Variant, out: &mut impl Write) -> io::Result<()> {
    // A shipped preset's name and description are translated like board names.
    let name = if variant.name.is_empty() {
        gettext("Unnamed variant")
    } else {
        translated(&variant.name)
    };
    writeln!(out, "{name}")?;
    if !variant.description.is_empty() {
        writeln!(out, "{}", translated(&variant.description))?;
    }
    let width = options()
        .iter()
        .map(|o| o.title().chars().count())
        .max()
        .unwrap_or(0);
    let mut changed = 0;
    for group in OptionGroup::ALL {
        writeln!(out, "\n{}", group.title())?;
        for option in options().iter().filter(|o| o.group == group) {
            let title = option.title();
            let padding = " ".repeat(width - title.chars().count());
            let value = option.get(variant).describe();
            if option.differs(variant) {
                changed += 1;
                let rulebook = fill(
                    &gettext("(rulebook: {value})"),
                    &[("value", &option.rulebook_value().describe())],
                );
                writeln!(out, "* {title}{padding}  {value}  {rulebook}")?;
            } else {
                writeln!(out, "  {title}{padding}  {value}")?;
            }
        }
    }
    let note = match changed {
        0 => gettext("These are the rules of the rulebook."),
        n => fill(
            &ngettext(
                "* {n} rule differs from the rulebook.",
                "* {n} rules differ from the rulebook.",
                n as u32,
            ),
            &[("n", &n)],
        ),
    };
    writeln!(out, "\n{note}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(variant: &Variant) -> String {
        let mut out = Vec::new();
        show(variant, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn show_marks_exactly_the_rules_that_differ() {
        let mut variant = Variant::rulebook();
        variant.name = "Mine".into();
        variant.lenient_general = true;
        variant.spoils.banner_bonus = 10;
        let text = shown(&variant);
        let marked: Vec<&str> = text.lines().filter(|l| l.starts_with("* ")).collect();
        assert_eq!(marked.len(), 3, "{text}");
        assert!(marked[0].contains("Lenient General") && marked[0].contains("(rulebook: off)"));
        assert!(marked[1].contains("Armies per Captured Banner") && marked[1].contains("10"));
        assert!(
            text.ends_with("* 2 rules differ from the rulebook.\n"),
            "{text}"
        );
        assert!(text.starts_with("Mine\n"));
        // Every option is listed, changed or not.
        let listed = text
            .lines()
            .filter(|l| l.starts_with("  ") || l.starts_with("* "));
        assert_eq!(listed.count(), options().len() + 1);
    }

    #[test]
    fn the_rulebook_shows_no_mark() {
        let text = shown(&Variant::rulebook());
        assert!(!text.lines().any(|l| l.starts_with("* ")), "{text}");
        assert!(text.contains("the board’s value"));
    }
}
