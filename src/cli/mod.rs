//! Command-line subcommands that need no display.
