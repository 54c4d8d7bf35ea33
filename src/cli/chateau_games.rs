//! `castellan tournament` and `castellan balance` on a Château Noir board: the options
//! only this game has (`--game`, `--layout`), how a command knows it is asked for
//! Château Noir (the option, or a board or variant file that says so), and the two
//! commands' Château Noir runs, played by the `castellan-chateau` crate's tournament
//! and lab on every core.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use castellan_chateau::board::{Board, load_board_file};
use castellan_chateau::bot::balance::{Lab, Rate, Report};
use castellan_chateau::bot::tournament::{
    GameResult, Layout, Standing, Tournament, play_games, standings,
};
use castellan_chateau::bot::{Cancel, Strength};
use castellan_chateau::game::EndReason;
use castellan_chateau::variant::Variant;
use castellan_common::GameId;
use castellan_engine::board::MAX_SOURCE_BYTES;
use castellan_engine::diagnostics::read_text_file;
use clap::Args;
use clap::builder::PossibleValuesParser;
use gettextrs::gettext;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::json;

use super::games_args::BoardAndRules;
use super::tournament::{milliseconds, print_columns};
use crate::messages;
use crate::numbers::{decimal, percent};
use crate::text::fill;

/// The options of the commands that play many games which only Château Noir has.
#[derive(Debug, Args)]
pub struct ChateauOptions {
    #[arg(
        long,
        value_name = "GAME",
        value_parser = PossibleValuesParser::new(GameId::ALL.map(GameId::id)),
        help = gettext("The game: a Château Noir board or variant file chooses chateau-noir by itself")
    )]
    game: Option<String>,
    #[arg(
        long,
        value_name = "LAYOUT",
        value_parser = PossibleValuesParser::new(Layout::ALL.map(Layout::id)),
        help = gettext("Château Noir: how the players sit: two-players (each commands a team's two armies), teams (four seats in two teams) or alone (an army each)")
    )]
    layout: Option<String>,
}

impl ChateauOptions {
    /// Whether the command is asked for Château Noir: by `--game`, or by a board or
    /// variant file that names the game.
    pub fn wanted(&self, files: &BoardAndRules) -> bool {
        match self.game.as_deref().and_then(GameId::from_id) {
            Some(game) => game == GameId::ChateauNoir,
            None => {
                files.board.as_deref().is_some_and(board_is_chateau)
                    || files.variant.as_deref().is_some_and(variant_is_chateau)
            }
        }
    }

    /// The layout asked for, or `default`.
    fn layout(&self, default: Layout) -> Layout {
        self.layout
            .as_deref()
            .and_then(Layout::from_id)
            .unwrap_or(default)
    }
}

/// A file's TOML table, if it reads as one (a file that does not is left to the
/// Risk reader, which says why).
fn toml_of(path: &Path) -> Option<toml::Table> {
    read_text_file(path, MAX_SOURCE_BYTES)
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
}

fn board_is_chateau(path: &Path) -> bool {
    toml_of(path).is_some_and(|table| {
        table
            .get("board")
            .and_then(|board| board.get("game"))
            .and_then(|game| game.as_str())
            == Some(GameId::ChateauNoir.id())
    })
}

fn variant_is_chateau(path: &Path) -> bool {
    toml_of(path).is_some_and(|table| {
        table.get("ruleset").and_then(|r| r.as_str()) == Some(GameId::ChateauNoir.id())
    })
}

/// The board (the reconstructed one by default) and the rules (the reading's by
/// default).
fn load(files: &BoardAndRules) -> Result<(Board, Variant), String> {
    let board = match &files.board {
        Some(path) => load_board_file(path)
            .map(|(checked, _)| checked.board)
            .map_err(|error| error.to_string())?,
        None => Board::reconstructed(),
    };
    let variant = match &files.variant {
        Some(path) => Variant::load_file(path).map_err(|error| error.to_string())?,
        None => Variant::default(),
    };
    Ok((board, variant))
}

/// The board's name for headings.
fn board_name(files: &BoardAndRules) -> String {
    files.board.as_ref().map_or_else(
        || gettext("the reconstructed Château Noir board"),
        |path| path.display().to_string(),
    )
}

/// The Château Noir strength of the same id as a Risk one (the command line reads
/// strengths once, for both games).
fn strength(risk: castellan_engine::bot::Strength) -> Strength {
    risk.id().parse().unwrap_or(Strength::Normal)
}

fn progress(total: u64, shown: bool) -> ProgressBar {
    let bar = if shown && std::io::stderr().is_terminal() {
        ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} {msg} ({eta})") {
        bar.set_style(style);
    }
    bar.set_message(gettext("games"));
    bar
}

/// What `castellan tournament` was asked, as Château Noir needs it.
pub struct TournamentRequest<'a> {
    pub files: &'a BoardAndRules,
    pub options: &'a ChateauOptions,
    pub players: &'a [castellan_engine::bot::Strength],
    pub games: u64,
    pub seed: u64,
    pub effort: f64,
    pub threads: usize,
    pub json: bool,
}

/// Plays a Château Noir tournament and prints its standings.
pub fn tournament(request: &TournamentRequest<'_>) -> Result<(), String> {
    let (board, variant) = load(request.files)?;
    let layout = request.options.layout(Layout::TwoPlayers);
    let players: Vec<Strength> = request.players.iter().map(|&s| strength(s)).collect();
    let mut tournament = Tournament::new(Arc::new(board), variant, layout, players, request.seed)
        .map_err(|error| error.to_string())?;
    tournament.effort = request.effort;
    let bar = progress(request.games, !request.json);
    let started = Instant::now();
    let finished = Mutex::new(Vec::new());
    play_games(
        request.games,
        request.threads,
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
    let unfinished = games.iter().filter(|g| g.reason.is_none()).count();
    if request.json {
        let players: Vec<_> = table
            .iter()
            .map(|s| {
                json!({
                    "player": s.player,
                    "strength": s.strength,
                    "games": s.games,
                    "wins": s.wins,
                    "draws": s.draws,
                    "win_rate": s.win_rate,
                    "interval": [s.interval.0, s.interval.1],
                    "mean_turns": s.mean_turns,
                    "decision_seconds": { "p50": s.decision_p50, "p95": s.decision_p95 },
                    "turn_seconds": { "p50": s.turn_p50, "p95": s.turn_p95 },
                })
            })
            .collect();
        println!(
            "{}",
            json!({
                "game": GameId::ChateauNoir,
                "layout": layout,
                "games": request.games,
                "seed": request.seed,
                "effort": request.effort,
                "unfinished": unfinished,
                "endings": endings(&games),
                "seconds": elapsed,
                "players": players,
            })
        );
    } else {
        print_standings(request, layout, &table, unfinished, elapsed);
    }
    Ok(())
}

/// How many games ended each way.
fn endings(games: &[GameResult]) -> Vec<(EndReason, u64)> {
    let mut counts: Vec<(EndReason, u64)> = Vec::new();
    for reason in games.iter().filter_map(|g| g.reason) {
        match counts.iter_mut().find(|(r, _)| *r == reason) {
            Some((_, n)) => *n += 1,
            None => counts.push((reason, 1)),
        }
    }
    counts
}

fn layout_name(layout: Layout) -> String {
    match layout {
        Layout::TwoPlayers => gettext("two players, each commanding a team"),
        Layout::Teams => gettext("four seats in two teams"),
        Layout::Alone => gettext("each army alone"),
    }
}

fn print_standings(
    request: &TournamentRequest<'_>,
    layout: Layout,
    table: &[Standing],
    unfinished: usize,
    elapsed: f64,
) {
    println!(
        "{}",
        fill(
            &gettext(
                "{board} ({layout}): {games} games, seed {seed}, effort {effort}, {seconds} s"
            ),
            &[
                ("board", &board_name(request.files)),
                ("layout", &layout_name(layout)),
                ("games", &request.games),
                ("seed", &request.seed),
                ("effort", &decimal(request.effort, 2)),
                ("seconds", &decimal(elapsed, 1)),
            ],
        )
    );
    let headings = [
        gettext("Player"),
        gettext("Wins"),
        gettext("Draws"),
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
                format!("{} {}", s.player + 1, s.strength.id()),
                format!("{}/{}", s.wins, s.games),
                s.draws.to_string(),
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
    println!(
        "{}",
        gettext("Times are processor time on one core, whatever else the machine runs.")
    );
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

/// What `castellan balance` was asked, as Château Noir needs it.
pub struct BalanceRequest<'a> {
    pub files: &'a BoardAndRules,
    pub options: &'a ChateauOptions,
    pub seats: u8,
    pub strength: castellan_engine::bot::Strength,
    pub games: u64,
    pub seed: u64,
    pub effort: f64,
    pub threads: usize,
    pub json: bool,
}

/// Plays the Château Noir balance lab and prints its findings.
pub fn balance(request: &BalanceRequest<'_>) -> Result<(), String> {
    let (board, variant) = load(request.files)?;
    let layout = request.options.layout(Layout::Alone);
    let seats = usize::from(request.seats);
    if layout == Layout::Alone && !(2..=4).contains(&seats) {
        return Err(fill(
            &gettext("{count} seats: Château Noir takes 2 to 4 armies alone"),
            &[("count", &seats)],
        ));
    }
    let lab = Lab::new(
        Arc::new(board),
        variant,
        layout,
        seats,
        strength(request.strength),
        request.seed,
    )
    .map_err(|error| error.to_string())?
    .with_effort(request.effort);
    let bar = progress(request.games, !request.json);
    let started = Instant::now();
    let report = lab.run(request.games, request.threads, &|_| bar.inc(1));
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let text = if request.json {
        json!({
            "game": GameId::ChateauNoir,
            "board": board_name(request.files),
            "variant": request.files.variant.as_ref().map(|p| p.display().to_string()),
            "layout": layout,
            "strength": request.strength,
            "seed": request.seed,
            "effort": request.effort,
            "seconds": seconds,
            "report": report,
        })
        .to_string()
            + "\n"
    } else {
        balance_words(request, layout, &report, seconds)
    };
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(error) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(messages::io_error(&error))
        }
        _ => Ok(()),
    }
}

fn rate(rate: &Rate) -> String {
    fill(
        // xgettext:no-c-format
        &gettext("{rate} (95 % interval {low} – {high})"),
        &[
            ("rate", &percent(rate.rate, 1)),
            ("low", &percent(rate.interval.0, 1)),
            ("high", &percent(rate.interval.1, 1)),
        ],
    )
}

fn balance_words(
    request: &BalanceRequest<'_>,
    layout: Layout,
    report: &Report,
    seconds: f64,
) -> String {
    let mut lines = vec![fill(
        &gettext("{board} ({layout}): {games} games of {strength} seats, seed {seed}, {seconds} s"),
        &[
            ("board", &board_name(request.files)),
            ("layout", &layout_name(layout)),
            ("games", &report.games),
            ("strength", &request.strength.id()),
            ("seed", &request.seed),
            ("seconds", &decimal(seconds, 1)),
        ],
    )];
    let fair = 1.0 / report.sides.max(1) as f64;
    lines.push(fill(
        &gettext("The army that moves first: its side wins {rate}; a fair share is {fair}."),
        &[("rate", &rate(&report.first)), ("fair", &percent(fair, 1))],
    ));
    for (place, r) in report.by_place.iter().enumerate() {
        lines.push(fill(
            &gettext("Moving {place} in the play order: wins {rate}"),
            &[("place", &(place + 1)), ("rate", &rate(r))],
        ));
    }
    for army in &report.armies {
        lines.push(fill(
            &gettext("{army}'s corner: wins {rate}"),
            &[("army", &army.name), ("rate", &rate(&army.wins))],
        ));
    }
    lines.push(fill(
        &gettext("Draws: {draws}; unfinished: {unfinished}; mean length {turns} turns over {parties} parties."),
        &[
            ("draws", &report.draws),
            ("unfinished", &report.unfinished),
            ("turns", &decimal(report.mean_turns, 1)),
            ("parties", &decimal(report.mean_parties, 2)),
        ],
    ));
    let endings: Vec<String> = report
        .endings
        .iter()
        .map(|(reason, n)| format!("{} {n}", ending_name(*reason)))
        .collect();
    lines.push(fill(
        &gettext("Ended by: {endings}."),
        &[("endings", &endings.join(", "))],
    ));
    lines.join("\n") + "\n"
}

fn ending_name(reason: EndReason) -> String {
    match reason {
        EndReason::Points => gettext("27 points"),
        EndReason::ChateauNoir => gettext("Château noir"),
        EndReason::HighestScore => gettext("highest score"),
        EndReason::RoundCap => gettext("round cap"),
        EndReason::Agreement => gettext("agreement"),
    }
}
