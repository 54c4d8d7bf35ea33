//! `castellan odds`: the exact odds of one attack, from `castellan_engine::odds`.

use std::io::{self, Write};
use std::process::ExitCode;

use castellan_engine::odds::{Odds, OddsOptions, odds};
use clap::Args;
use gettextrs::gettext;

use crate::numbers::decimal;
use crate::text::fill;

/// The attack to compute.
#[derive(Debug, Args)]
pub struct OddsArgs {
    #[arg(
        value_name = "ATTACKERS",
        help = gettext("Attacking armies, not counting the one that stays behind")
    )]
    attackers: u32,
    #[arg(
        value_name = "DEFENDERS",
        help = gettext("Defending armies")
    )]
    defenders: u32,
    #[arg(
        long,
        help = gettext("The defended territory holds a castle: the attacker rolls at most 2 dice")
    )]
    castle: bool,
    #[arg(
        long,
        value_name = "DICE",
        value_parser = clap::value_parser!(u8).range(1..=3),
        help = gettext("A castle, against which the variant lets the attacker roll at most this many dice")
    )]
    castle_dice: Option<u8>,
    #[arg(
        long,
        help = gettext("The attacker commits a General: +1 to the high die")
    )]
    general: bool,
    #[arg(
        long,
        help = gettext("The defender commits a Marshall: +1 to the high die")
    )]
    marshall: bool,
    #[arg(
        long,
        help = gettext("The attack comes by sea with the Admiral and is fought to the end")
    )]
    admiral: bool,
    #[arg(
        long,
        requires = "general",
        help = gettext("House rule: the General is lost only to a higher defending die")
    )]
    lenient_general: bool,
    #[arg(
        long,
        value_name = "ARMIES",
        conflicts_with = "admiral",
        help = gettext("Stop attacking once down to this many armies")
    )]
    stop_at: Option<u32>,
}

impl OddsArgs {
    fn options(&self) -> OddsOptions {
        OddsOptions {
            castle: self.castle || self.castle_dice.is_some(),
            castle_dice_limit: self.castle_dice,
            general: self.general,
            marshall: self.marshall,
            lenient_general: self.lenient_general,
            admiral: self.admiral,
            stop_at: self.stop_at,
        }
    }
}

/// Prints the odds, or why they cannot be computed.
pub fn run(args: OddsArgs) -> ExitCode {
    match odds(args.attackers, args.defenders, args.options()) {
        Ok(result) => match write_odds(&mut io::stdout().lock(), &result) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        },
        Err(error) => {
            eprintln!("castellan odds: {error}");
            ExitCode::FAILURE
        }
    }
}

/// One line per figure: the outcome probabilities, the expected survivors, and the
/// fate of the cards and of the stopping rule when they were asked for.
fn write_odds(out: &mut impl Write, result: &Odds) -> io::Result<()> {
    let options = result.options();
    let mut line = |template: String, value: String| -> io::Result<()> {
        writeln!(out, "{}", fill(&template, &[("value", &value)]))
    };
    line(
        gettext("Attacker takes the territory: {value}"),
        percent(result.attacker_win_probability()),
    )?;
    line(
        gettext("Defender holds: {value}"),
        percent(result.defender_hold_probability()),
    )?;
    if options.stop_at.is_some_and(|armies| armies > 0) && !options.admiral {
        line(
            gettext("Attacker stops: {value}"),
            percent(result.stop_probability()),
        )?;
    }
    line(
        gettext("Attacking armies left, on average: {value}"),
        decimal(result.expected_attacker_survivors(), 2),
    )?;
    line(
        gettext("Defending armies left, on average: {value}"),
        decimal(result.expected_defender_survivors(), 2),
    )?;
    if options.general {
        line(
            gettext("General lost: {value}"),
            percent(result.general_loss_probability()),
        )?;
    }
    if options.marshall {
        line(
            gettext("Marshall lost: {value}"),
            percent(result.marshall_loss_probability()),
        )?;
    }
    Ok(())
}

/// A probability as a percentage with two decimals.
fn percent(probability: f64) -> String {
    crate::numbers::percent(probability, 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn printed(attackers: u32, defenders: u32, options: OddsOptions) -> String {
        let result = odds(attackers, defenders, options).expect("odds within limits");
        let mut out = Vec::new();
        write_odds(&mut out, &result).expect("writing to memory");
        String::from_utf8(out).expect("UTF-8 output")
    }

    #[test]
    fn plain_attack_prints_outcomes_and_survivors_only() {
        let text = printed(10, 10, OddsOptions::default());
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 4, "{text}");
        assert_eq!(lines[0], "Attacker takes the territory: 56.76 %");
        assert_eq!(lines[1], "Defender holds: 43.24 %");
        assert!(lines[2].starts_with("Attacking armies left, on average: "));
        assert!(!text.contains("General"));
    }

    #[test]
    fn committed_cards_and_stopping_add_their_lines() {
        let options = OddsOptions {
            general: true,
            marshall: true,
            stop_at: Some(3),
            ..OddsOptions::default()
        };
        let text = printed(10, 10, options);
        assert!(text.contains("\nAttacker stops: "), "{text}");
        assert!(text.contains("\nGeneral lost: "), "{text}");
        assert!(text.contains("\nMarshall lost: "), "{text}");
    }

    #[test]
    fn percentages_have_two_decimals() {
        assert_eq!(percent(0.5), "50.00 %");
        assert_eq!(percent(1.0 / 3.0), "33.33 %");
    }
}
