//! `castellan replay SAVE`: replays a saved game with the engine, checking every
//! action, and prints where it ended: each territory, each seat, and the winner; or,
//! with `--story`, the story of the game (`story`). A Château Noir save (its
//! `"game"` says so) is replayed by that engine and printed turn by turn
//! (`chateau_replay`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use castellan_engine::board::parse_board;
use castellan_engine::diagnostics::escaped;
use castellan_engine::game::{Game, QUIET_ROUNDS_FOR_A_DRAW, SavedGame};
use clap::Args;
use gettextrs::{gettext, ngettext};

use castellan_common::GameId;
use castellan_common::diagnostics::{BaseProblem, read_text_file};
use castellan_common::game_id::known_ids;
use castellan_common::save::{EnvelopeError, SaveFamily, family_of_text};

use super::{chateau_replay, story};
use crate::messages;
use crate::text::fill;

/// The save to replay.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[arg(
        value_name = "SAVE",
        help = gettext("A saved game (JSON)")
    )]
    save: PathBuf,
    #[arg(
        long,
        help = gettext("Tell the story of the game: luck, battles, turning points, turns")
    )]
    story: bool,
    #[arg(
        long,
        requires = "story",
        help = gettext("Write the story as JSON")
    )]
    json: bool,
}

/// Prints the final position, or why the save does not replay (then fails).
pub fn run(args: ReplayArgs) -> ExitCode {
    let shown = escaped(&args.save.display().to_string());
    match saved_family(&args.save) {
        Ok(SaveFamily::Named(GameId::ChateauNoir)) => return replay_chateau_noir(&args, &shown),
        Ok(_) => {}
        Err(error) => {
            eprintln!("castellan replay: {shown}: {error}");
            return ExitCode::FAILURE;
        }
    }
    let game = replay(&args.save);
    match game {
        Ok((saved, game)) if args.story => match tell_story(&args, &saved, &game) {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("castellan replay: {shown}: {error}");
                ExitCode::FAILURE
            }
        },
        Ok((_, game)) => match write_final_position(&mut io::stdout().lock(), &game) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::FAILURE,
        },
        Err(error) => {
            eprintln!("castellan replay: {shown}: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Which engine reads the save, from its envelope. A file that cannot be read or
/// parsed is left to the Risk engine's reader and its messages, as before there were
/// two games.
fn saved_family(path: &Path) -> Result<SaveFamily, String> {
    match read_text_file::<BaseProblem>(path, castellan_chateau::save::MAX_SAVE_BYTES) {
        Ok(text) => family_of_text(&text).map_err(|error| match error {
            EnvelopeError::UnknownGame(game) => fill(
                &gettext("the save is of an unknown game `{game}` (this version plays {known})"),
                &[("game", &game), ("known", &known_ids())],
            ),
            EnvelopeError::NotAnObject => gettext("a save is a JSON object"),
        }),
        Err(_) => Ok(SaveFamily::Risk),
    }
}

/// Replays a Château Noir save and prints its turns; `--story` is for Risk games.
fn replay_chateau_noir(args: &ReplayArgs, shown: &str) -> ExitCode {
    if args.story {
        eprintln!(
            "castellan replay: {shown}: {}",
            gettext("the story of a game is told for Risk games only")
        );
        return ExitCode::FAILURE;
    }
    let replayed = castellan_chateau::save::SavedGame::read_file(&args.save)
        .map_err(|error| crate::messages::chateau::replay_error(&error, None))
        .and_then(|saved| chateau_replay::replay(&saved).map(|replayed| (saved, replayed)));
    match replayed {
        Ok((saved, (turns, outside, game))) => {
            match chateau_replay::write(&mut io::stdout().lock(), &saved, &turns, &outside, &game) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Err(error) => {
            eprintln!("castellan replay: {shown}: {error}");
            ExitCode::FAILURE
        }
    }
}

/// Reads a save file (with the engine's size limit) and replays it, or says why it
/// does not replay, naming the territories of its board when the board loads.
fn replay(path: &Path) -> Result<(SavedGame, Game), String> {
    let saved =
        SavedGame::read_file(path).map_err(|error| messages::replay_error(&error, None, &[]))?;
    let game = saved.replay().map_err(|error| {
        let board = parse_board(&saved.board_source, &saved.board_name).ok();
        messages::replay_error(&error, board.as_ref(), &[])
    })?;
    Ok((saved, game))
}

/// Prints the story of the replayed game, as text or JSON.
fn tell_story(args: &ReplayArgs, saved: &SavedGame, game: &Game) -> Result<(), String> {
    let chronicle = story::chronicle(saved, game)?;
    let seats = story::seat_names(saved);
    let names = messages::Names::new(game.board()).with_seats(&seats);
    let mut out = io::stdout().lock();
    let written = if args.json {
        story::write_json(&mut out, &chronicle, &names)
    } else {
        story::write_text(&mut out, &chronicle, game, &names)
    };
    written.map_err(|error| error.to_string())
}

/// The board and how far the game went, every territory (owner, armies, castle),
/// every seat (cards, banners, whether it is out), and the winner or the pending
/// decision (or the draw).
fn write_final_position(out: &mut impl Write, game: &Game) -> io::Result<()> {
    let board = game.board();
    let actions = game.history().len();
    let heading = fill(
        &ngettext(
            "{board}: {seats} seats, seed {seed}, {count} action replayed",
            "{board}: {seats} seats, seed {seed}, {count} actions replayed",
            u32::try_from(actions).unwrap_or(u32::MAX),
        ),
        &[
            ("board", &board.meta.name),
            ("seats", &game.seats()),
            ("seed", &game.seed()),
            ("count", &actions),
        ],
    );
    writeln!(out, "{heading}")?;
    writeln!(out, "{}", gettext("Territories:"))?;
    for id in board.territory_ids() {
        let territory = board.territory(id);
        let holding = match game.owner(id) {
            Some(owner) => fill(
                &ngettext(
                    "seat {seat}, {armies} army",
                    "seat {seat}, {armies} armies",
                    game.armies(id),
                ),
                &[("seat", &owner.0), ("armies", &game.armies(id))],
            ),
            None => gettext("empty"),
        };
        let castle = match game.castle_at(id) {
            Some(seat) => fill(&gettext(", castle of seat {seat}"), &[("seat", &seat.0)]),
            None => String::new(),
        };
        writeln!(
            out,
            "  {} ({}): {holding}{castle}",
            territory.key, territory.name
        )?;
    }
    writeln!(out, "{}", gettext("Seats:"))?;
    for seat in game.seat_ids() {
        let cards = game.hand(seat).len();
        let cards = fill(
            &ngettext("{count} card", "{count} cards", cards as u32),
            &[("count", &cards)],
        );
        // A fallen castle's banners, its own included, fly on the victor's castle.
        let flown = (!game.is_eliminated(seat))
            .then(|| game.empire(seat))
            .flatten();
        let banners: Vec<String> = flown
            .into_iter()
            .chain(game.captured_banners(seat).iter().copied())
            .map(|group| board.group(group).name.clone())
            .collect();
        let banners = if banners.is_empty() {
            gettext("no banner")
        } else {
            fill(
                &gettext("banners: {list}"),
                &[("list", &banners.join(", "))],
            )
        };
        let status = if game.is_eliminated(seat) {
            gettext("eliminated")
        } else {
            gettext("in play")
        };
        writeln!(out, "  seat {}: {cards}; {banners}; {status}", seat.0)?;
    }
    match (game.winner(), game.pending()) {
        (Some(winner), _) => writeln!(
            out,
            "{}",
            fill(&gettext("Winner: seat {seat}"), &[("seat", &winner.0)])
        ),
        (None, Some(pending)) => writeln!(
            out,
            "{}",
            fill(
                &gettext("No winner yet; awaiting {decision}"),
                &[("decision", &pending.describe(board))]
            )
        ),
        (None, None) if game.is_drawn() => writeln!(
            out,
            "{}",
            fill(
                &gettext("Drawn: no territory was taken in {rounds} rounds"),
                &[("rounds", &QUIET_ROUNDS_FOR_A_DRAW)]
            )
        ),
        (None, None) => Ok(()),
    }
}
