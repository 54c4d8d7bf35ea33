//! `castellan replay SAVE --story`: the story of a saved game in the terminal (luck
//! against the exact odds, battles, turning points, and territories, armies and cards
//! over the turns), as text in the reader's language or as JSON. A game that is not
//! over keeps its secrets: only what every player may know is told.

use std::io::{self, Write};

use castellan_engine::diagnostics::escaped;
use castellan_engine::game::{Game, SavedGame, Seat};
use castellan_engine::story::{Chronicle, Disclosure};
use gettextrs::{gettext, ngettext, pgettext};
use serde_json::json;

use crate::messages::{Names, battles_line, luck_sentences, turning_point};
use crate::numbers::decimal;
use crate::text::{fill, translated};

/// The longest seat name printed, in characters: names come from the file.
const MAX_NAME: usize = 40;
/// Rows of the table of turns, at most (the last turn always among them).
const TABLE_ROWS: usize = 12;

/// The chronicle of `saved` (already replayed into `game`) with everything shown if the
/// game is over, only what is public otherwise.
pub fn chronicle(saved: &SavedGame, game: &Game) -> Result<Chronicle, String> {
    let disclosure = if game.is_over() {
        Disclosure::Everything
    } else {
        Disclosure::Public
    };
    Chronicle::from_save(saved, disclosure).map_err(|error| error.to_string())
}

/// The players' names a desktop save keeps in its `app` part, escaped and shortened
/// (text from a file is not trusted); empty where there is none.
pub fn seat_names(saved: &SavedGame) -> Vec<String> {
    let Some(seats) = saved
        .app
        .as_ref()
        .and_then(|app| app.get("seats"))
        .and_then(|seats| seats.as_array())
    else {
        return Vec::new();
    };
    seats
        .iter()
        .take(saved.seats)
        .map(|seat| {
            let name = seat.get("name").and_then(|n| n.as_str()).unwrap_or("");
            escaped(&name.chars().take(MAX_NAME).collect::<String>())
        })
        .collect()
}

/// The story as JSON: the chronicle, with the seats' names and the luck in armies.
pub fn write_json(out: &mut impl Write, story: &Chronicle, names: &Names) -> io::Result<()> {
    let seats: Vec<_> = (0..story.seats)
        .map(|i| {
            let seat = Seat(i as u8);
            json!({
                "seat": i,
                "name": names.seat(seat),
                "armies_better_than_expected": story.luck[i].armies_ahead(),
                "expected_losses": story.luck[i].expected_losses_armies(),
                "expected_kills": story.luck[i].expected_kills_armies(),
            })
        })
        .collect();
    let value = json!({ "seats": seats, "chronicle": story });
    serde_json::to_writer_pretty(&mut *out, &value)?;
    writeln!(out)
}

/// The story as text.
pub fn write_text(
    out: &mut impl Write,
    story: &Chronicle,
    game: &Game,
    names: &Names,
) -> io::Result<()> {
    let heading = fill(
        &ngettext(
            "{board}: {seats} seats, {count} turn",
            "{board}: {seats} seats, {count} turns",
            story.turns,
        ),
        &[
            ("board", &translated(&game.board().meta.name)),
            ("seats", &story.seats),
            ("count", &story.turns),
        ],
    );
    writeln!(out, "{heading}")?;
    if !story.over {
        writeln!(
            out,
            "{}",
            gettext("The game is not over: what players keep secret is not shown.")
        )?;
    }
    write_luck(out, story, names)?;
    write_battles(out, story, names)?;
    write_turning_points(out, story, names)?;
    write_turns(out, story, names)
}

fn write_luck(out: &mut impl Write, story: &Chronicle, names: &Names) -> io::Result<()> {
    writeln!(out, "{}", gettext("Luck against the exact odds:"))?;
    for line in luck_sentences(story, names) {
        writeln!(out, "  {line}")?;
    }
    for (i, luck) in story.luck.iter().enumerate() {
        if luck.rolls == 0 {
            continue;
        }
        let line = fill(
            &gettext(
                "{seat}: lost {lost} (expected {expected_lost}), killed {killed} (expected {expected_killed})",
            ),
            &[
                ("seat", &names.seat(Seat(i as u8))),
                ("lost", &luck.losses),
                ("expected_lost", &decimal(luck.expected_losses_armies(), 1)),
                ("killed", &luck.kills),
                ("expected_killed", &decimal(luck.expected_kills_armies(), 1)),
            ],
        );
        writeln!(out, "    {line}")?;
    }
    Ok(())
}

fn write_battles(out: &mut impl Write, story: &Chronicle, names: &Names) -> io::Result<()> {
    writeln!(out, "{}", gettext("Battles:"))?;
    for (i, battles) in story.battles.iter().enumerate() {
        writeln!(out, "  {}", battles_line(Seat(i as u8), battles, names))?;
    }
    Ok(())
}

fn write_turning_points(out: &mut impl Write, story: &Chronicle, names: &Names) -> io::Result<()> {
    if story.turning_points.is_empty() {
        return Ok(());
    }
    writeln!(out, "{}", gettext("Turning points:"))?;
    for point in &story.turning_points {
        writeln!(out, "  {}", turning_point(point, names))?;
    }
    Ok(())
}

/// Territories, armies (hidden ones after a +) and cards of every seat as about
/// [`TABLE_ROWS`] turns spread over the game began, and at the end.
fn write_turns(out: &mut impl Write, story: &Chronicle, names: &Names) -> io::Result<()> {
    if story.points.is_empty() {
        return Ok(());
    }
    writeln!(
        out,
        "{}",
        gettext("Territories / armies (+hidden) / cards as each turn began:")
    )?;
    let seats: Vec<String> = (0..story.seats)
        .map(|i| names.seat(Seat(i as u8)))
        .collect();
    let width = seats
        .iter()
        .map(|s| s.chars().count())
        .max()
        .unwrap_or(0)
        .max(12);
    let turn = pgettext("story table", "turn");
    let turn_width = turn.chars().count().max(4);
    write!(out, "  {turn:>turn_width$}")?;
    for name in &seats {
        write!(out, "  {name:>width$}")?;
    }
    writeln!(out)?;
    let last = story.points.len() - 1;
    let every = story.points.len().div_ceil(TABLE_ROWS).max(1);
    for (i, point) in story.points.iter().enumerate() {
        if i % every != 0 && i != last {
            continue;
        }
        let label = if i == last {
            pgettext("story table", "end")
        } else {
            point.turn.to_string()
        };
        write!(out, "  {label:>turn_width$}")?;
        for seat in &point.seats {
            let hidden = if seat.hidden_armies > 0 {
                format!("+{}", seat.hidden_armies)
            } else {
                String::new()
            };
            let cell = format!(
                "{}/{}{hidden}/{}",
                seat.territories, seat.armies, seat.cards
            );
            write!(out, "  {cell:>width$}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
