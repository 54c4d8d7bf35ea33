//! `castellan replay` for a Château Noir save: replays it with the Château Noir
//! engine, checking every action, and prints each turn's moves (every piece's path,
//! the captures and every scoring moment with its points), then the final position,
//! the scores and how the match stands.

use std::fmt::Write as _;
use std::io::{self, Write};

use castellan_chateau::board::{ArmyId, Board, armies_of};
use castellan_chateau::game::{EndReason, Event, Game, Outcome, PieceKind, SideId};
use castellan_chateau::position::diagram;
use castellan_chateau::save::SavedGame;
use castellan_chateau::square::Square;
use gettextrs::{gettext, ngettext};

use crate::messages::chateau::{army_name, replay_error, seat_name};
use crate::numbers::integer;
use crate::text::fill;

/// One turn as it was played: who, and what happened, in order.
pub struct Turn {
    army: ArmyId,
    round: u32,
    /// Each piece moved: its squares, from where it was picked to where it was put.
    paths: Vec<Vec<Square>>,
    /// Everything else worth a line: captures, points, alliances, the end.
    moments: Vec<Event>,
}

/// The turns of a replayed save, and the game at its end; or why it does not replay,
/// in words.
pub fn replay(saved: &SavedGame) -> Result<(Vec<Turn>, Vec<Event>, Game), String> {
    let in_words = |error| {
        let board =
            castellan_chateau::board::parse_board(&saved.board_source, &saved.board_name).ok();
        replay_error(&error, board.as_ref())
    };
    // A game taken up from a position may be in the middle of a turn: the turn it
    // starts in has no beginning among the events.
    let start = SavedGame {
        actions: Vec::new(),
        ..saved.clone()
    }
    .replay()
    .map_err(in_words)?;
    let mut turns = vec![Turn {
        army: start.mover(),
        round: start.round(),
        paths: Vec::new(),
        moments: Vec::new(),
    }];
    // What happened before the first turn began.
    let mut outside: Vec<Event> = start.opening_events().to_vec();
    let game = saved
        .replay_with(|_, events| {
            for event in events {
                record(&mut turns, &mut outside, event);
            }
        })
        .map_err(in_words)?;
    if turns.len() > 1 && turns[0].paths.is_empty() && turns[0].moments.is_empty() {
        // The game started at a turn's beginning: the first turn is the next one.
        turns.remove(0);
    }
    Ok((turns, outside, game))
}

/// Files one event under the turn it belongs to.
fn record(turns: &mut Vec<Turn>, outside: &mut Vec<Event>, event: &Event) {
    match event {
        Event::TurnBegan { army, round, .. } => turns.push(Turn {
            army: *army,
            round: *round,
            paths: Vec::new(),
            moments: Vec::new(),
        }),
        Event::Picked { square } => {
            if let Some(turn) = turns.last_mut() {
                turn.paths.push(vec![*square]);
            }
        }
        Event::Moved { to, .. } => {
            if let Some(path) = turns.last_mut().and_then(|turn| turn.paths.last_mut()) {
                path.push(*to);
            }
        }
        Event::Released { units: 0, .. } => {
            // Put back unplayed: not a move.
            if let Some(turn) = turns.last_mut() {
                turn.paths.pop();
            }
        }
        Event::Released { .. }
        | Event::TurnEnded { .. }
        | Event::DrawOffered { .. }
        | Event::DrawDeclined { .. } => {}
        other => match turns.last_mut() {
            Some(turn) => turn.moments.push(other.clone()),
            None => outside.push(other.clone()),
        },
    }
}

/// Prints the turns, the final position and the standing.
pub fn write(
    out: &mut impl Write,
    saved: &SavedGame,
    turns: &[Turn],
    outside: &[Event],
    game: &Game,
) -> io::Result<()> {
    let board = game.board();
    let actions = saved.actions.len();
    let seats = game.table().seats.len();
    let heading = fill(
        &ngettext(
            "{board}: {seats} seats, seed {seed}, {count} action replayed",
            "{board}: {seats} seats, seed {seed}, {count} actions replayed",
            u32::try_from(actions).unwrap_or(u32::MAX),
        ),
        &[
            ("board", &crate::text::translated(&board.meta.name)),
            ("seats", &seats),
            ("seed", &game.seed()),
            ("count", &actions),
        ],
    );
    writeln!(out, "{heading}")?;
    for event in outside
        .iter()
        .filter(|e| !matches!(e, Event::MatchWon { .. }))
    {
        if let Some(line) = moment(board, game, event) {
            writeln!(out, "  {line}")?;
        }
    }
    for turn in turns {
        writeln!(out, "{}", turn_line(board, game, turn))?;
        for event in &turn.moments {
            if let Some(line) = moment(board, game, event) {
                writeln!(out, "  {line}")?;
            }
        }
    }
    writeln!(out, "{}", gettext("Final position:"))?;
    write!(out, "{}", diagram(board, game.state().pieces()))?;
    writeln!(out, "{}", scores_line(board, game))?;
    writeln!(out, "{}", standing(board, game))
}

/// "Round 3, Red (seat 0): B3–B4–B5, C2–D2".
fn turn_line(board: &Board, game: &Game, turn: &Turn) -> String {
    let seat = game
        .table()
        .seat_of(turn.army)
        .map(seat_name)
        .unwrap_or_default();
    let paths: Vec<String> = turn
        .paths
        .iter()
        .map(|path| {
            path.iter()
                .map(Square::to_string)
                .collect::<Vec<_>>()
                .join("–")
        })
        .collect();
    let moves = if paths.is_empty() {
        gettext("no move")
    } else {
        paths.join(", ")
    };
    fill(
        &gettext("Round {round}, {army} ({seat}): {moves}"),
        &[
            ("round", &turn.round),
            ("army", &army_name(Some(board), turn.army)),
            ("seat", &seat),
            ("moves", &moves),
        ],
    )
}

/// A side by its armies' names: "Red and Yellow".
fn side_name(board: &Board, game: &Game, side: SideId) -> String {
    let names: Vec<String> = armies_of(game.sides().armies(side))
        .map(|army| army_name(Some(board), army))
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => fill(
            &gettext("{armies} and {last}"),
            &[("armies", &rest.join(", ")), ("last", last)],
        ),
        _ => names.concat(),
    }
}

/// "+3 points", "−1 point".
fn points_text(points: i32) -> String {
    let template = if points < 0 {
        ngettext("−{points} point", "−{points} points", points.unsigned_abs())
    } else {
        ngettext("+{points} point", "+{points} points", points.unsigned_abs())
    };
    fill(&template, &[("points", &points.unsigned_abs())])
}

/// A moment of the game in words, with its points; `None` for what needs no line.
pub fn moment(board: &Board, game: &Game, event: &Event) -> Option<String> {
    let army = |army: &ArmyId| army_name(Some(board), *army);
    let side = |side: &SideId| side_name(board, game, *side);
    Some(match event {
        Event::PartieBegan { partie, first } => fill(
            &gettext("Partie {partie} begins; {army} plays first."),
            &[("partie", partie), ("army", &army(first))],
        ),
        Event::Captured {
            square,
            army: taken,
            piece,
            by,
            points,
            siege,
            ..
        } => {
            let template = match (piece, siege) {
                (PieceKind::Soldier, false) => {
                    gettext("{by} captures {army}'s soldier on {square}: {points}")
                }
                (PieceKind::Captain, false) => {
                    gettext("{by} captures {army}'s captain on {square}: {points}")
                }
                (PieceKind::Soldier, true) => {
                    gettext("{by} takes {army}'s besieged soldier on {square}: {points}")
                }
                (PieceKind::Captain, true) => {
                    gettext("{by} takes {army}'s besieged captain on {square}: {points}")
                }
            };
            fill(
                &template,
                &[
                    ("by", &army(by)),
                    ("army", &army(taken)),
                    ("square", square),
                    ("points", &points_text(*points)),
                ],
            )
        }
        Event::CaptainLost {
            army: lost, points, ..
        } => fill(
            &gettext("{army} lost its captain: {points}"),
            &[("army", &army(lost)), ("points", &points_text(*points))],
        ),
        Event::Occupation {
            army: occupier,
            territory,
            points,
            ..
        } => fill(
            &gettext("{army} leaves the {territory} territory, held a full round: {points}"),
            &[
                ("army", &army(occupier)),
                ("territory", &army(territory)),
                ("points", &points_text(*points)),
            ],
        ),
        // Leaving one's own corner before the others is how every game begins.
        Event::OccupationOutOfOrder {
            army: occupier,
            territory,
        } if occupier == territory => {
            return None;
        }
        Event::OccupationOutOfOrder {
            army: occupier,
            territory,
        } => fill(
            &gettext("{army} leaves the {territory} territory out of its table's order: no point"),
            &[("army", &army(occupier)), ("territory", &army(territory))],
        ),
        Event::Simultanee {
            army: occupier,
            points,
            ..
        } => fill(
            &gettext("Simultanée! {army} leaves all four territories in order: {points}"),
            &[("army", &army(occupier)), ("points", &points_text(*points))],
        ),
        Event::Chateau {
            army: blocked,
            by,
            points,
            ..
        } => fill(
            &gettext("Château! {army} is blocked by {by} and captured whole: {points}"),
            &[
                ("army", &army(blocked)),
                ("by", &army(by)),
                ("points", &points_text(*points)),
            ],
        ),
        Event::Stranded { army: stuck, .. } => fill(
            &gettext("{army} cannot spend its units and leaves the partie (no points)"),
            &[("army", &army(stuck))],
        ),
        Event::ArmyTaken {
            army: taken,
            by,
            points,
            ..
        } => fill(
            &gettext("{by} has taken every piece of {army}: {points}"),
            &[
                ("by", &army(by)),
                ("army", &army(taken)),
                ("points", &points_text(*points)),
            ],
        ),
        Event::Besieged {
            army: besieged,
            squares,
            turns,
        } => fill(
            &ngettext(
                "{army} is besieged on {squares} ({turns} turn)",
                "{army} is besieged on {squares} ({turns} turns)",
                u32::from(*turns),
            ),
            &[
                ("army", &army(besieged)),
                ("squares", &square_list(squares)),
                ("turns", turns),
            ],
        ),
        Event::AllianceDeclared { giver, receiver } => fill(
            &gettext("{giver} gives its turns to {receiver}: an alliance, twelve units a turn"),
            &[("giver", &army(giver)), ("receiver", &army(receiver))],
        ),
        Event::AllianceEnded { giver, receiver } => fill(
            &gettext("The alliance of {giver} and {receiver} ends"),
            &[("giver", &army(giver)), ("receiver", &army(receiver))],
        ),
        Event::ChateauNoir { by, .. } => fill(
            &gettext("Château noir! {army} blocks two armies at once and wins the match"),
            &[("army", &army(by))],
        ),
        Event::PartieEnded { partie, .. } => {
            fill(&gettext("Partie {partie} ends."), &[("partie", partie)])
        }
        Event::MatchWon { side: winner, .. } => fill(
            &gettext("{side} win the match."),
            &[("side", &side(winner))],
        ),
        Event::Drawn { .. } => gettext("The match is drawn."),
        Event::DrawAccepted { seat } => fill(
            &gettext("{seat} accepts the draw."),
            &[("seat", &seat_name(*seat))],
        ),
        Event::ClockPenalty {
            army: late, points, ..
        } => fill(
            &gettext("{army} ran over the clock: {points}"),
            &[("army", &army(late)), ("points", &points_text(*points))],
        ),
        _ => return None,
    })
}

fn square_list(squares: &[Square]) -> String {
    let mut text = String::new();
    for (index, square) in squares.iter().enumerate() {
        if index > 0 {
            text.push_str(", ");
        }
        let _ = write!(text, "{square}");
    }
    text
}

/// "Scores: Red and Yellow 5, Blue and Green −2".
fn scores_line(board: &Board, game: &Game) -> String {
    let scores: Vec<String> = game
        .sides()
        .ids()
        .map(|side| {
            fill(
                &gettext("{side} {score}"),
                &[
                    ("side", &side_name(board, game, side)),
                    ("score", &integer(game.score(side))),
                ],
            )
        })
        .collect();
    fill(
        &gettext("Scores: {scores}"),
        &[("scores", &scores.join(", "))],
    )
}

/// Who won and why, or who is to play.
fn standing(board: &Board, game: &Game) -> String {
    match game.outcome() {
        Some(Outcome::Won { side, reason }) => {
            let template = match reason {
                EndReason::Points => gettext("Winner: {side}, on points (27 or more)"),
                EndReason::ChateauNoir => gettext("Winner: {side}, by a Château noir"),
                EndReason::HighestScore | EndReason::RoundCap => {
                    gettext("Winner: {side}, with the highest score")
                }
                EndReason::Agreement => gettext("Winner: {side}"),
            };
            fill(&template, &[("side", &side_name(board, game, *side))])
        }
        Some(Outcome::Drawn { .. }) => gettext("Drawn."),
        None => match game.pending_seat() {
            Some(seat) => fill(
                &gettext("No winner yet; {army} ({seat}) to play, partie {partie}, round {round}"),
                &[
                    ("army", &army_name(Some(board), game.mover())),
                    ("seat", &seat_name(seat)),
                    ("partie", &game.partie()),
                    ("round", &game.round()),
                ],
            ),
            None => gettext("No winner yet."),
        },
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use castellan_chateau::board::Board;
    use castellan_chateau::game::Table;
    use castellan_chateau::random::RandomPlayer;
    use castellan_chateau::variant::Variant;
    use rand::SeedableRng;

    use super::*;

    /// A save of a random game of `actions` actions.
    fn random_save(actions: usize, seed: u64) -> (SavedGame, Game) {
        let board = Arc::new(Board::reconstructed());
        let mut game = Game::new(board, Variant::default(), Table::four_in_teams(), seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        RandomPlayer::new().play(&mut game, &mut rng, actions);
        let saved = game.save(Board::reconstructed_text()).unwrap();
        (saved, game)
    }

    #[test]
    fn a_replayed_save_prints_every_move_of_every_turn() {
        let (saved, played) = random_save(120, 5);
        let (turns, outside, game) = replay(&saved).unwrap();
        assert_eq!(game.state().piece_hash(), played.state().piece_hash());
        let mut out = Vec::new();
        write(&mut out, &saved, &turns, &outside, &game).unwrap();
        let text = String::from_utf8(out).unwrap();
        // Every unit of movement the game made is on a turn's line.
        let mut units = 0;
        saved
            .replay_with(|_, events| {
                units += events
                    .iter()
                    .filter(|e| matches!(e, Event::Moved { .. }))
                    .count();
            })
            .unwrap();
        let dashes: usize = text
            .lines()
            .filter(|line| line.starts_with("Round "))
            .map(|line| line.matches('–').count())
            .sum();
        assert_eq!(dashes, units, "{text}");
        assert!(text.starts_with("Château Noir: 4 seats, seed 5, 120 actions replayed\n"));
        assert!(text.contains(", Red (seat 0): "), "{text}");
        assert!(text.contains("Final position:\n     A B C D E F G H I J\n"));
        assert!(text.contains("Scores: Red and Yellow "), "{text}");
    }

    #[test]
    fn a_save_that_does_not_replay_names_the_action_and_why() {
        let (mut saved, _) = random_save(10, 9);
        let seat = saved.actions[0].0;
        saved.actions.insert(
            1,
            (
                seat,
                castellan_chateau::game::Action::Unit {
                    to: "J10".parse().unwrap(),
                },
            ),
        );
        let Err(error) = replay(&saved) else {
            panic!("a unit to J10 replayed");
        };
        assert!(
            error.starts_with(&format!(
                "action 1 (seat {}: unit) does not replay: ",
                seat.0
            )),
            "{error}"
        );
    }
}
