//! One line in plain words per finding of a lab run ("Austrian Empire wins 9 % of the
//! games it is drawn in, fair share 25 %: significantly less"), and the lines of a
//! comparison between two runs.

use castellan_engine::balance::{Comparison, DeltaLine, Leaning, Report, Share};
use gettextrs::gettext;

use crate::numbers::{decimal, percent};
use crate::text::{fill, translated};

/// How a share compares with its fair value, in words.
fn judgement(share: &Share) -> String {
    match share.leaning() {
        Leaning::Above => gettext("significantly more"),
        Leaning::Below => gettext("significantly less"),
        Leaning::Fair => gettext("within chance"),
    }
}

/// The verdict on one empire, named `name` (already translated).
pub fn empire_line(name: &str, share: &Share) -> String {
    if share.games == 0 {
        return fill(
            &gettext("{empire} was never drawn in a won game"),
            &[("empire", &name)],
        );
    }
    if share.certain() && share.wins == share.games {
        return fill(
            &gettext(
                "{empire} wins every game it is drawn in ({games} games), fair share {fair}: certain",
            ),
            &[
                ("empire", &name),
                ("games", &share.games),
                ("fair", &percent(share.fair, 0)),
            ],
        );
    }
    fill(
        &gettext(
            "{empire} wins {rate} of the games it is drawn in, fair share {fair}: {judgement}",
        ),
        &[
            ("empire", &name),
            ("rate", &percent(share.rate, 1)),
            ("fair", &percent(share.fair, 0)),
            ("judgement", &judgement(share)),
        ],
    )
}

/// The verdict on the seat playing in `position` (0: first).
pub fn position_line(position: usize, share: &Share) -> String {
    fill(
        &gettext(
            "Player {position} in the order of play wins {rate} of the games, fair share {fair}: {judgement}",
        ),
        &[
            ("position", &(position + 1)),
            ("rate", &percent(share.rate, 1)),
            ("fair", &percent(share.fair, 0)),
            ("judgement", &judgement(share)),
        ],
    )
}

/// Every verdict of `report`: empires, positions, games without a winner, length.
pub fn lines(report: &Report) -> Vec<String> {
    let mut lines: Vec<String> = report
        .empires
        .iter()
        .map(|e| empire_line(&translated(&e.name), &e.share))
        .collect();
    lines.extend(
        report
            .positions
            .iter()
            .enumerate()
            .map(|(p, share)| position_line(p, share)),
    );
    lines.push(fill(
        &gettext("{rate} of the games end without a winner ({drawn} drawn, {stalled} stalled)"),
        &[
            ("rate", &percent(report.unfinished.rate, 1)),
            ("drawn", &report.drawn),
            ("stalled", &report.stalled),
        ],
    ));
    lines.push(fill(
        &gettext("Games last {mean} turns on average (median {median}; nine in ten within {p90})"),
        &[
            ("mean", &decimal(report.mean_turns, 1)),
            ("median", &report.median_turns),
            ("p90", &report.p90_turns),
        ],
    ));
    lines
}

fn delta_line(subject: &str, line: &DeltaLine) -> String {
    match (&line.a, &line.b, &line.difference) {
        (Some(a), Some(b), Some(difference)) => fill(
            &gettext(
                "{subject}: {a} against {b}, a difference of {difference} points ({low} to {high}): {judgement}",
            ),
            &[
                ("subject", &subject),
                ("a", &percent(a.rate, 1)),
                ("b", &percent(b.rate, 1)),
                ("difference", &signed(difference.value * 100.0)),
                ("low", &signed(difference.interval.0 * 100.0)),
                ("high", &signed(difference.interval.1 * 100.0)),
                (
                    "judgement",
                    &if difference.significant() {
                        gettext("significant")
                    } else {
                        gettext("within chance")
                    },
                ),
            ],
        ),
        (Some(a), None, _) => fill(
            &gettext("{subject}: {a} in the first run only"),
            &[("subject", &subject), ("a", &percent(a.rate, 1))],
        ),
        (None, Some(b), _) => fill(
            &gettext("{subject}: {b} in the second run only"),
            &[("subject", &subject), ("b", &percent(b.rate, 1))],
        ),
        _ => subject.to_owned(),
    }
}

/// A number with its sign always written, one decimal.
fn signed(value: f64) -> String {
    let text = decimal(value.abs(), 1);
    if value < -0.05 {
        format!("−{text}")
    } else if value > 0.05 {
        format!("+{text}")
    } else {
        text
    }
}

/// The lines of a comparison: every empire, position, the games without a winner and
/// the length, first run against second.
pub fn comparison_lines(comparison: &Comparison) -> Vec<String> {
    let mut lines: Vec<String> = comparison
        .empires
        .iter()
        .map(|line| delta_line(&translated(&line.name), line))
        .collect();
    for (p, line) in comparison.positions.iter().enumerate() {
        let subject = fill(
            &gettext("Player {position} in the order of play"),
            &[("position", &(p + 1))],
        );
        lines.push(delta_line(&subject, line));
    }
    lines.push(delta_line(
        &gettext("Games without a winner"),
        &comparison.unfinished,
    ));
    let turns = &comparison.turns;
    lines.push(fill(
        &gettext("Mean length: {a} turns against {b}, a difference of {difference} ({low} to {high}): {judgement}"),
        &[
            ("a", &decimal(comparison.a.mean_turns, 1)),
            ("b", &decimal(comparison.b.mean_turns, 1)),
            ("difference", &signed(turns.value)),
            ("low", &signed(turns.interval.0)),
            ("high", &signed(turns.interval.1)),
            (
                "judgement",
                &if turns.significant() {
                    gettext("significant")
                } else {
                    gettext("within chance")
                },
            ),
        ],
    ));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_say_which_way_and_whether_it_matters() {
        let low = Share::new(9, 100, 0.25);
        assert_eq!(
            empire_line("Austrian Empire", &low),
            "Austrian Empire wins 9.0 % of the games it is drawn in, fair share 25 %: significantly less"
        );
        let fair = Share::new(26, 100, 0.25);
        assert!(empire_line("France", &fair).ends_with("within chance"));
        let certain = Share::new(40, 40, 0.5);
        assert!(empire_line("Crown", &certain).ends_with("certain"));
        assert!(position_line(0, &Share::new(40, 100, 0.25)).starts_with("Player 1 "));
        assert_eq!(signed(-3.04), "−3.0");
        assert_eq!(signed(0.01), "0.0");
    }
}
