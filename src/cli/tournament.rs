//! `castellan tournament`: computer strengths and sparring partners play each other
//! on every core, seats rotated, and each player's win rate (with its 95 % confidence
//! interval), game length and thinking time are printed, then how it stalled (turns
//! without a capture, games drawn, cards held) and how often it left its castle (or
//! last continent) open, or all of it written as JSON.

use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use castellan_engine::bot::tournament::{GameResult, Standing, Tournament, play_games, standings};
use castellan_engine::bot::{Cancel, Contender};
use clap::Args;
use gettextrs::gettext;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;

use super::chateau_games::{self, ChateauOptions};
use super::games_args::{BoardAndRules, effort};
use crate::numbers::{decimal, percent};
use crate::text::fill;

/// The tournament to play.
#[derive(Debug, Args)]
pub struct TournamentArgs {
    #[command(flatten)]
    files: BoardAndRules,
    #[arg(
        long,
        value_name = "LIST",
        required = true,
        value_delimiter = ',',
        help = gettext("One player per seat, 2 to 6 of easy, normal, expert and the sparring partners castle-hunter, continent, card-farmer and turtle: expert,continent,continent")
    )]
    players: Vec<Contender>,
    #[arg(
        long,
        value_name = "N",
        default_value_t = 100,
        value_parser = clap::value_parser!(u64).range(1..=10_000_000),
        help = gettext("Games to play")
    )]
    games: u64,
    #[arg(
        long,
        value_name = "S",
        default_value_t = 1,
        help = gettext("Seed of the whole tournament: the same seed plays the same games")
    )]
    seed: u64,
    #[arg(
        long,
        value_name = "X",
        default_value_t = 1.0,
        value_parser = effort,
        help = gettext("Scales the Expert's thinking (0.1 to 10; 1 is its tuned budget)")
    )]
    effort: f64,
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u16).range(1..),
        help = gettext("Threads to play on (default: one per core)")
    )]
    threads: Option<u16>,
    #[arg(
        long,
        help = gettext("Write the results as JSON")
    )]
    json: bool,
    #[command(flatten)]
    chateau: ChateauOptions,
}

/// Plays the games and prints the standings.
pub fn run(args: TournamentArgs) -> ExitCode {
    match play(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("castellan tournament: {message}");
            ExitCode::FAILURE
        }
    }
}

fn play(args: &TournamentArgs) -> Result<(), String> {
    if args.chateau.wanted(&args.files) {
        // Château Noir has the three strengths only: the sparring partners play Risk.
        let strengths = args
            .players
            .iter()
            .map(|player| match player {
                Contender::Strength(strength) => Ok(*strength),
                Contender::Sparring(_) => Err(fill(
                    &gettext(
                        "“{player}” plays Risk only: Château Noir’s players are easy, normal and expert",
                    ),
                    &[("player", &player.id())],
                )),
            })
            .collect::<Result<Vec<_>, _>>()?;
        return chateau_games::tournament(&chateau_games::TournamentRequest {
            files: &args.files,
            options: &args.chateau,
            players: &strengths,
            games: args.games,
            seed: args.seed,
            effort: args.effort,
            threads: args.threads.map_or(0, usize::from),
            json: args.json,
        });
    }
    if !(2..=6).contains(&args.players.len()) {
        return Err(fill(
            &gettext("{count} players given: a game takes 2 to 6"),
            &[("count", &args.players.len())],
        ));
    }
    let board_path = args.files.board_path();
    let (board, variant) = args.files.load()?;
    let empires = board
        .groups
        .iter()
        .filter(|g| g.kind == castellan_engine::board::GroupKind::Empire)
        .count();
    if empires < args.players.len() {
        return Err(fill(
            &gettext("{board}: {empires} empires, too few for {count} players"),
            &[
                ("board", &board_path.display()),
                ("empires", &empires),
                ("count", &args.players.len()),
            ],
        ));
    }
    let mut tournament = Tournament::new(Arc::new(board), variant, args.players.clone(), args.seed);
    tournament.effort = args.effort;

    let bar = if std::io::stderr().is_terminal() && !args.json {
        ProgressBar::with_draw_target(Some(args.games), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {msg} ({eta})") {
        bar.set_style(style);
    }
    bar.set_message(gettext("games"));
    let started = Instant::now();
    let finished = Mutex::new(Vec::new());
    play_games(
        args.games,
        args.threads.map_or(0, usize::from),
        &Cancel::new(),
        &|number| tournament.play(number),
        &|result| {
            finished
                .lock()
                .unwrap_or_else(|poison| poison.into_inner())
                .push(result);
            bar.inc(1);
        },
    );
    let mut games: Vec<GameResult> = finished
        .into_inner()
        .unwrap_or_else(|poison| poison.into_inner());
    games.sort_by_key(|game| game.number);
    bar.finish_and_clear();
    let elapsed = started.elapsed().as_secs_f64();
    let table = standings(&tournament, &games);
    let unfinished = games
        .iter()
        .filter(|g| g.winner.is_none() && !g.drawn)
        .count();
    if args.json {
        println!("{}", as_json(args, &table, unfinished, elapsed));
    } else {
        print_table(args, &board_path, &table, unfinished, elapsed);
    }
    Ok(())
}

fn as_json(args: &TournamentArgs, table: &[Standing], unfinished: usize, elapsed: f64) -> String {
    let players: Vec<_> = table
        .iter()
        .map(|s| {
            json!({
                "player": s.player,
                "id": s.contender,
                "games": s.games,
                "wins": s.wins,
                "win_rate": s.win_rate,
                "interval": [s.interval.0, s.interval.1],
                "mean_turns": s.mean_turns,
                "decision_seconds": { "p50": s.decision_p50, "p95": s.decision_p95 },
                "turn_seconds": { "p50": s.turn_p50, "p95": s.turn_p95 },
                "drawn": s.drawn,
                "turns": s.turns,
                "quiet_turn_share": s.quiet_share,
                "longest_quiet_run": s.longest_quiet,
                "mean_longest_quiet_run": s.mean_longest_quiet,
                "dominant_stalls": s.dominant_stalls,
                "longest_dominant_quiet_run": s.longest_dominant_quiet,
                "mean_cards_at_end_of_turn": s.mean_cards_at_end,
                "most_cards_at_end_of_turn": s.most_cards,
                "open_turn_ends": s.open_ends,
                "preventable_open_turn_ends": s.preventable_open_ends,
            })
        })
        .collect();
    json!({
        "games": args.games,
        "seed": args.seed,
        "effort": args.effort,
        "unfinished": unfinished,
        "drawn": table.first().map_or(0, |s| s.drawn),
        "seconds": elapsed,
        "players": players,
    })
    .to_string()
}

fn print_table(
    args: &TournamentArgs,
    board: &std::path::Path,
    table: &[Standing],
    unfinished: usize,
    elapsed: f64,
) {
    println!(
        "{}",
        fill(
            &gettext("{board}: {games} games, seed {seed}, {seconds} s"),
            &[
                ("board", &board.display()),
                ("games", &args.games),
                ("seed", &args.seed),
                ("seconds", &decimal(elapsed, 1)),
            ],
        )
    );
    let headings = [
        gettext("Player"),
        gettext("Wins"),
        gettext("Win rate"),
        // xgettext:no-c-format
        gettext("95 % interval"),
        gettext("Mean turns"),
        gettext("Decision p50"),
        gettext("Decision p95"),
        gettext("Turn p50"),
        gettext("Turn p95"),
    ];
    let rows: Vec<Vec<String>> = table
        .iter()
        .map(|s| {
            vec![
                format!("{} {}", s.player + 1, s.contender.id()),
                format!("{}/{}", s.wins, s.games),
                percent(s.win_rate, 1),
                format!(
                    "{} – {}",
                    percent(s.interval.0, 1),
                    percent(s.interval.1, 1)
                ),
                decimal(s.mean_turns, 1),
                milliseconds(s.decision_p50),
                milliseconds(s.decision_p95),
                milliseconds(s.turn_p50),
                milliseconds(s.turn_p95),
            ]
        })
        .collect();
    print_columns(&headings, &rows);
    println!();
    let headings = [
        gettext("Player"),
        gettext("Turns without a capture"),
        gettext("Longest run"),
        gettext("Stalls while far ahead"),
        gettext("Cards at turn end"),
        gettext("Open at turn end"),
    ];
    let rows: Vec<Vec<String>> = table
        .iter()
        .map(|s| {
            vec![
                format!("{} {}", s.player + 1, s.contender.id()),
                percent(s.quiet_share, 1),
                fill(
                    &gettext("{longest} (mean {mean})"),
                    &[
                        ("longest", &s.longest_quiet),
                        ("mean", &decimal(s.mean_longest_quiet, 1)),
                    ],
                ),
                fill(
                    &gettext("{games} (longest {turns})"),
                    &[
                        ("games", &s.dominant_stalls),
                        ("turns", &s.longest_dominant_quiet),
                    ],
                ),
                fill(
                    &gettext("{mean} (most {most})"),
                    &[
                        ("mean", &decimal(s.mean_cards_at_end, 1)),
                        ("most", &s.most_cards),
                    ],
                ),
                fill(
                    &gettext("{open} ({preventable} preventable)"),
                    &[
                        ("open", &s.open_ends),
                        ("preventable", &s.preventable_open_ends),
                    ],
                ),
            ]
        })
        .collect();
    print_columns(&headings, &rows);
    let drawn = table.first().map_or(0, |s| s.drawn);
    if drawn > 0 {
        println!(
            "{}",
            fill(
                &gettext("{count} games were drawn (60 rounds without a capture)"),
                &[("count", &drawn)]
            )
        );
    }
    if unfinished > 0 {
        println!(
            "{}",
            fill(
                &gettext("{count} games did not finish"),
                &[("count", &unfinished)]
            )
        );
    }
}

/// Rows under their headings, each column as wide as its widest cell.
pub(super) fn print_columns(headings: &[String], rows: &[Vec<String>]) {
    let widths: Vec<usize> = (0..headings.len())
        .map(|i| {
            rows.iter()
                .map(|r| r[i].chars().count())
                .chain([headings[i].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |cells: &[String]| {
        cells
            .iter()
            .zip(&widths)
            .map(|(cell, &width)| format!("{cell:<width$}"))
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_owned()
    };
    println!("{}", line(headings));
    for row in rows {
        println!("{}", line(row));
    }
}

pub(super) fn milliseconds(seconds: f64) -> String {
    fill(
        &gettext("{value} ms"),
        &[("value", &decimal(seconds * 1e3, 2))],
    )
}
