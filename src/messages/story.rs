//! The story of a game in words, for the terminal's `replay --story` and the window's
//! statistics page alike: luck against the exact odds ("Bob was the luckiest: 14
//! armies better than expected"), battles, and each turning point.

use castellan_engine::game::Seat;
use castellan_engine::story::{Battles, Chronicle, TurningPoint};
use gettextrs::{gettext, ngettext};

use super::Names;
use crate::text::fill;

/// The luckiest seat's sentence, then the unluckiest's when another seat; a sentence
/// saying no dice were rolled when none were.
pub fn luck_sentences(story: &Chronicle, names: &Names) -> Vec<String> {
    let Some((luckiest, ahead)) = story.luckiest() else {
        return vec![gettext("No dice were rolled.")];
    };
    let mut lines = vec![fill(
        &gettext("{seat} was the luckiest: {better}."),
        &[
            ("seat", &names.seat(luckiest)),
            ("better", &against_odds(ahead)),
        ],
    )];
    if let Some((unluckiest, behind)) = story.unluckiest()
        && unluckiest != luckiest
    {
        lines.push(fill(
            &gettext("{seat} was the unluckiest: {better}."),
            &[
                ("seat", &names.seat(unluckiest)),
                ("better", &against_odds(behind)),
            ],
        ));
    }
    lines
}

/// "14 armies better than expected", "2 armies worse…", or "as expected".
pub fn against_odds(ahead: f64) -> String {
    let armies = ahead.abs().round();
    // Beyond any game's armies only with a broken save: said as the largest count.
    let count = if armies < f64::from(u32::MAX) {
        armies as u32
    } else {
        u32::MAX
    };
    if count == 0 {
        gettext("as expected")
    } else if ahead > 0.0 {
        fill(
            &ngettext(
                "{count} army better than expected",
                "{count} armies better than expected",
                count,
            ),
            &[("count", &count)],
        )
    } else {
        fill(
            &ngettext(
                "{count} army worse than expected",
                "{count} armies worse than expected",
                count,
            ),
            &[("count", &count)],
        )
    }
}

/// "Anna: 10 attacks, 9 won; 11 defences, 1 held".
pub fn battles_line(seat: Seat, battles: &Battles, names: &Names) -> String {
    let attacks = fill(
        &ngettext(
            "{count} attack, {won} won",
            "{count} attacks, {won} won",
            battles.attacks,
        ),
        &[("count", &battles.attacks), ("won", &battles.captures)],
    );
    let defences = fill(
        &ngettext(
            "{count} defence, {held} held",
            "{count} defences, {held} held",
            battles.defences,
        ),
        &[("count", &battles.defences), ("held", &battles.held)],
    );
    fill(
        &gettext("{seat}: {attacks}; {defences}"),
        &[
            ("seat", &names.seat(seat)),
            ("attacks", &attacks),
            ("defences", &defences),
        ],
    )
}

/// "turn 12: Anna took the castle of Bob in Venice".
pub fn turning_point(point: &TurningPoint, names: &Names) -> String {
    let what = match *point {
        TurningPoint::CastleTaken {
            seat,
            territory,
            owner,
            ..
        } => fill(
            &gettext("{seat} took the castle of {owner} in {territory}"),
            &[
                ("seat", &names.seat(seat)),
                ("owner", &names.seat(owner)),
                ("territory", &names.territory(territory)),
            ],
        ),
        TurningPoint::Eliminated { seat, by, .. } => fill(
            &gettext("{seat} is out of the game, put out by {by}"),
            &[("seat", &names.seat(seat)), ("by", &names.seat(by))],
        ),
        TurningPoint::Won { seat, .. } => fill(
            &gettext("{seat} won the game"),
            &[("seat", &names.seat(seat))],
        ),
        TurningPoint::Drawn { rounds, .. } => fill(
            &ngettext(
                "drawn: nothing taken for {rounds} round",
                "drawn: nothing taken for {rounds} rounds",
                rounds,
            ),
            &[("rounds", &rounds)],
        ),
    };
    fill(
        &gettext("turn {turn}: {what}"),
        &[("turn", &point.turn()), ("what", &what)],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luck_is_said_in_whole_armies() {
        assert_eq!(against_odds(14.2), "14 armies better than expected");
        assert_eq!(against_odds(-1.4), "1 army worse than expected");
        assert_eq!(against_odds(0.3), "as expected");
        assert_eq!(
            against_odds(f64::INFINITY),
            "4294967295 armies better than expected"
        );
    }
}
