//! The Château Noir table's words: army and side names in the reader's language, the
//! log's sentence for each event (every scoring moment with its points), and the
//! sentences of the side panel (scores with a debt, occupation timers, sieges).

use castellan_chateau::Square;
use castellan_chateau::board::{ArmyId, Board, UnitKind};
use castellan_chateau::game::{EndReason, Event, Game, PieceKind, Seat, SideId};
use gettextrs::{gettext, ngettext};

use crate::text::{fill, translated};

/// An army's name: "Red".
pub fn army(board: &Board, army: ArmyId) -> String {
    if board.army_ids().any(|a| a == army) {
        translated(&board.army(army).name)
    } else {
        army.to_string()
    }
}

/// A side's name: its armies' names joined, "Red and Yellow" or "Blue".
pub fn side(game: &Game, side: SideId) -> String {
    let board = game.board();
    let names: Vec<String> = castellan_chateau::board::armies_of(game.sides().armies(side))
        .map(|a| army(board, a))
        .collect();
    match names.as_slice() {
        [one] => one.clone(),
        [first, second] => fill(
            &gettext("{first} and {second}"),
            &[("first", first), ("second", second)],
        ),
        _ => names.join(", "),
    }
}

/// "+3 points" or "−1 point".
pub fn points(points: i32) -> String {
    let count = points.unsigned_abs();
    let sign = if points < 0 { "−" } else { "+" };
    format!(
        "{sign}{}",
        fill(
            &ngettext("{n} point", "{n} points", count),
            &[("n", &count)]
        )
    )
}

/// A kind of unit, as the lit squares' tooltips name it.
pub fn unit_kind(kind: UnitKind) -> String {
    match kind {
        UnitKind::Step => gettext("step"),
        UnitKind::TowerJump => gettext("jump over a tower"),
        UnitKind::WallJump => gettext("jump over a wall"),
        UnitKind::TowerDiagonal => gettext("diagonal from or onto a tower"),
        UnitKind::GateDiagonal => gettext("diagonal through a gate"),
        UnitKind::CaptainDiagonal => gettext("captain’s diagonal"),
        UnitKind::TwinJump => gettext("jump from a tower over its twin"),
        UnitKind::CaptainJump => gettext("captain’s diagonal jump over a tower"),
    }
}

fn piece(kind: PieceKind) -> String {
    match kind {
        PieceKind::Soldier => gettext("soldier"),
        PieceKind::Captain => gettext("captain"),
    }
}

/// Why a partie or the match ended.
pub fn end_reason(reason: EndReason) -> String {
    match reason {
        EndReason::Points => gettext("27 points reached"),
        EndReason::ChateauNoir => gettext("a Château noir"),
        EndReason::HighestScore => gettext("the highest score"),
        EndReason::RoundCap => gettext("the last round played"),
        EndReason::Agreement => gettext("agreed by every player"),
    }
}

/// The log's sentence for `event`, with the points of a scoring moment; `None` for
/// what the log does not tell (each pick and unit: the board shows them).
pub fn event(game: &Game, event: &Event) -> Option<String> {
    let board = game.board();
    let a = |id: ArmyId| army(board, id);
    let text = match event {
        Event::PartieBegan { partie, first } => fill(
            &gettext("Partie {n} begins: {army} plays first."),
            &[("n", partie), ("army", &a(*first))],
        ),
        Event::Captured {
            square,
            army: taken,
            piece: kind,
            by,
            points: p,
            siege,
            ..
        } => {
            let template = if *siege {
                gettext("{by} takes the besieged {army} {piece} on {square}: {points}.")
            } else {
                gettext("{by} takes the {army} {piece} on {square}: {points}.")
            };
            fill(
                &template,
                &[
                    ("by", &a(*by)),
                    ("army", &a(*taken)),
                    ("piece", &piece(*kind)),
                    ("square", square),
                    ("points", &points(*p)),
                ],
            )
        }
        Event::CaptainLost {
            army: lost,
            points: p,
            ..
        } => fill(
            &gettext("{army} lost its captain: {points}."),
            &[("army", &a(*lost)), ("points", &points(*p))],
        ),
        Event::Occupation {
            army: by,
            territory,
            points: p,
            ..
        } => fill(
            &gettext("{army} leaves {territory}’s territory after a full round: {points}."),
            &[
                ("army", &a(*by)),
                ("territory", &a(*territory)),
                ("points", &points(*p)),
            ],
        ),
        // Every army leaves its own corner early, before it may score (ruling 17):
        // said each time, it would bury the log. The panel shows where each army
        // stands along its table.
        Event::OccupationOutOfOrder {
            army: by,
            territory,
        } if by == territory => return None,
        Event::OccupationOutOfOrder {
            army: by,
            territory,
        } => fill(
            &gettext("{army} left {territory}’s territory out of its table’s order: no point."),
            &[("army", &a(*by)), ("territory", &a(*territory))],
        ),
        Event::Simultanee {
            army: by,
            points: p,
            ..
        } => fill(
            &gettext("Simultanée! {army} left all four territories in one turn: {points}."),
            &[("army", &a(*by)), ("points", &points(*p))],
        ),
        Event::Chateau {
            army: blocked,
            by,
            points: p,
            ..
        } => fill(
            &gettext("Château! {army} is blocked by {by} and captured whole: {points}."),
            &[
                ("army", &a(*blocked)),
                ("by", &a(*by)),
                ("points", &points(*p)),
            ],
        ),
        Event::Stranded { army: blocked, .. } => fill(
            &gettext("{army} cannot spend its units: it leaves this partie, no points."),
            &[("army", &a(*blocked))],
        ),
        Event::ArmyTaken {
            army: taken,
            by,
            points: p,
            ..
        } => fill(
            &gettext("{by} takes every piece of {army}: {points}."),
            &[
                ("by", &a(*by)),
                ("army", &a(*taken)),
                ("points", &points(*p)),
            ],
        ),
        Event::Besieged {
            army: besieged,
            squares,
            turns,
        } => {
            let pieces = fill(
                &ngettext(
                    "{count} {army} piece besieged",
                    "{count} {army} pieces besieged",
                    squares.len() as u32,
                ),
                &[("count", &squares.len()), ("army", &a(*besieged))],
            );
            let turns = fill(
                &ngettext("{n} turn in a row", "{n} turns in a row", u32::from(*turns)),
                &[("n", turns)],
            );
            fill(
                &gettext("Siege: {pieces} ({turns})."),
                &[("pieces", &pieces), ("turns", &turns)],
            )
        }
        Event::AllianceDeclared { giver, receiver } => fill(
            &gettext(
                "Alliance: {giver} gives its turns to {receiver}, who moves both with 12 units.",
            ),
            &[("giver", &a(*giver)), ("receiver", &a(*receiver))],
        ),
        Event::AllianceEnded { giver, receiver } => fill(
            &gettext("The alliance of {giver} and {receiver} ends."),
            &[("giver", &a(*giver)), ("receiver", &a(*receiver))],
        ),
        Event::ChateauNoir { by, .. } => fill(
            &gettext(
                "Château noir! {army} blocked two opposing armies at once and wins the match.",
            ),
            &[("army", &a(*by))],
        ),
        Event::PartieEnded { partie, .. } => fill(
            &gettext("Partie {n} is over; the scores are kept."),
            &[("n", partie)],
        ),
        Event::MatchWon {
            side: won, reason, ..
        } => fill(
            // A team is two armies: "Red and Yellow win".
            &ngettext(
                "{side} wins the match ({reason}).",
                "{side} win the match ({reason}).",
                game.sides().armies(*won).count_ones(),
            ),
            &[
                ("side", &side(game, *won)),
                ("reason", &end_reason(*reason)),
            ],
        ),
        Event::Drawn { reason } => fill(
            &gettext("The match is drawn ({reason})."),
            &[("reason", &end_reason(*reason))],
        ),
        Event::ClockPenalty {
            army: late,
            points: p,
            ..
        } => fill(
            &gettext("{army} ran over its time: {points}."),
            &[("army", &a(*late)), ("points", &points(*p))],
        ),
        Event::DrawOffered { .. } => gettext("A draw is offered."),
        Event::DrawAccepted { .. } => gettext("The draw offer is accepted."),
        Event::DrawDeclined { .. } => gettext("The draw offer is declined."),
        Event::TurnBegan { .. }
        | Event::Picked { .. }
        | Event::Moved { .. }
        | Event::Released { .. }
        | Event::TurnEnded { .. } => return None,
    };
    Some(text)
}

/// "1 piece", "9 pieces".
/// The pieces moved in the turn under way, from the events told: each piece's first
/// and last square, once it is put down. The log sums the turn up in one line when
/// it ends ("Yellow moves H8 → J5, I8 → I6.").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnMoves {
    picked: Option<Square>,
    moves: Vec<(Square, Square)>,
}

impl TurnMoves {
    /// The moves of a turn taken back to these (after an undo).
    pub fn with(moves: Vec<(Square, Square)>) -> Self {
        Self {
            picked: None,
            moves,
        }
    }

    /// Follows `event`; at the end of a turn, the line summing it up (`None` for a
    /// turn without a move, or for any other event).
    pub fn see(&mut self, board: &Board, event: &Event) -> Option<String> {
        match event {
            Event::Picked { square } => self.picked = Some(*square),
            Event::Released { square, units } => {
                if let Some(from) = self.picked.take()
                    && *units > 0
                {
                    self.moves.push((from, *square));
                }
            }
            Event::TurnEnded { army: moved, .. } => {
                self.picked = None;
                let moves = std::mem::take(&mut self.moves);
                if moves.is_empty() {
                    return None;
                }
                let paths: Vec<String> = moves
                    .iter()
                    .map(|(from, to)| format!("{from} → {to}"))
                    .collect();
                return Some(fill(
                    &gettext("{army} moves {moves}."),
                    &[("army", &army(board, *moved)), ("moves", &paths.join(", "))],
                ));
            }
            Event::PartieBegan { .. } => *self = Self::default(),
            _ => {}
        }
        None
    }
}

/// A draw's offer or answer, naming the seat by `name`; `None` for other events.
pub fn draw_moment(event: &Event, name: impl Fn(Seat) -> String) -> Option<String> {
    let (text, seat) = match event {
        Event::DrawOffered { seat } => (gettext("{name} offers a draw."), seat),
        Event::DrawAccepted { seat } => (gettext("{name} accepts the draw."), seat),
        Event::DrawDeclined { seat } => (gettext("{name} declines the draw: play goes on."), seat),
        _ => return None,
    };
    Some(fill(&text, &[("name", &name(*seat))]))
}

pub fn pieces(count: u32) -> String {
    fill(
        &ngettext("{n} piece", "{n} pieces", count),
        &[("n", &count)],
    )
}

/// A side's score as the panel shows it: "12 points", or "0 points (owes 3)".
pub fn score(shown: i32, debt: i32) -> String {
    let base = fill(
        &ngettext("{n} point", "{n} points", shown.unsigned_abs()),
        &[("n", &shown)],
    );
    if debt > 0 {
        fill(
            &gettext("{score} (owes {debt})"),
            &[("score", &base), ("debt", &debt)],
        )
    } else {
        base
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use castellan_chateau::board::Board;
    use castellan_chateau::game::{Game, SideId, Table};
    use castellan_chateau::variant::Variant;

    use super::*;

    #[test]
    fn every_scoring_moment_is_told_with_its_points() {
        let board = Arc::new(Board::reconstructed());
        let game = Game::new(board, Variant::default(), Table::four_in_teams(), 1).unwrap();
        let (red, blue, side) = (ArmyId(0), ArmyId(1), SideId(0));
        let square = "E5".parse().unwrap();
        let scoring = [
            Event::Captured {
                square,
                army: blue,
                piece: PieceKind::Captain,
                by: red,
                side,
                points: 3,
                siege: false,
            },
            Event::CaptainLost {
                army: blue,
                side,
                points: -3,
            },
            Event::Occupation {
                army: red,
                territory: blue,
                side,
                points: 2,
            },
            Event::Simultanee {
                army: red,
                side,
                points: 7,
            },
            Event::Chateau {
                army: blue,
                by: red,
                side,
                points: 14,
                squares: vec![square],
            },
            Event::ArmyTaken {
                army: blue,
                by: red,
                side,
                points: 2,
            },
            Event::ClockPenalty {
                army: red,
                side,
                points: -1,
            },
        ];
        for happened in &scoring {
            let (_, points) = happened.points().unwrap();
            let told = event(&game, happened).expect("told");
            let expected = if points.abs() == 1 {
                format!("{}1 point", if points < 0 { "−" } else { "+" })
            } else {
                format!(
                    "{}{} points",
                    if points < 0 { "−" } else { "+" },
                    points.abs()
                )
            };
            assert!(told.contains(&expected), "{told} says {expected}");
        }
        // A unit of movement is shown on the board, not told.
        let moved = Event::Moved {
            from: square,
            to: "E6".parse().unwrap(),
            kind: UnitKind::Step,
        };
        assert_eq!(event(&game, &moved), None);
        assert_eq!(score(0, 4), "0 points (owes 4)");
    }
}

#[cfg(test)]
mod summary_tests {
    use super::*;
    use castellan_chateau::game::Seat;

    #[test]
    fn a_turn_is_summed_up_by_its_pieces_put_down_after_moving() {
        let board = Board::reconstructed();
        let army = board.army_ids().next().unwrap();
        let square = |name: &str| name.parse::<Square>().unwrap();
        let mut moves = TurnMoves::default();
        let events = [
            Event::TurnBegan {
                army,
                seat: Seat(0),
                factor: 6,
                round: 1,
            },
            Event::Picked {
                square: square("H8"),
            },
            Event::Released {
                square: square("H8"),
                units: 0,
            },
            Event::Picked {
                square: square("I8"),
            },
            Event::Released {
                square: square("I6"),
                units: 2,
            },
            Event::Picked {
                square: square("H9"),
            },
            Event::Released {
                square: square("J5"),
                units: 4,
            },
        ];
        for event in &events {
            assert_eq!(moves.see(&board, event), None);
        }
        let line = moves
            .see(&board, &Event::TurnEnded { army, units: 6 })
            .unwrap();
        assert!(line.ends_with(" moves I8 → I6, H9 → J5."), "{line}");
        // The next turn starts afresh.
        assert_eq!(
            moves.see(&board, &Event::TurnEnded { army, units: 0 }),
            None
        );
    }

    #[test]
    fn rulings_17_leaving_ones_own_corner_early_is_not_told_but_another_out_of_order_is() {
        let board = std::sync::Arc::new(Board::reconstructed());
        let mut armies = board.army_ids();
        let (red, blue) = (armies.next().unwrap(), armies.next().unwrap());
        let game = castellan_chateau::game::Game::new(
            std::sync::Arc::clone(&board),
            castellan_chateau::variant::Variant::default(),
            castellan_chateau::game::Table::four_alone(),
            1,
        )
        .unwrap();
        let own = Event::OccupationOutOfOrder {
            army: red,
            territory: red,
        };
        assert_eq!(event(&game, &own), None);
        let other = Event::OccupationOutOfOrder {
            army: red,
            territory: blue,
        };
        assert!(event(&game, &other).unwrap().contains("no point"));
    }
}
