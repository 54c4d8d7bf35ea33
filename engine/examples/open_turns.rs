//! Finds the turns a player ended with its castle (classic: its last continent) open
//! when it could have closed it, and prints each such turn's events, and the turns
//! that made a stall while far ahead, and the games drawn or left unfinished, for
//! tuning:
//! `cargo run --release -p castellan-engine --example open_turns -- BOARD PLAYERS
//! GAMES [SEED] [RULESET] [PLAYER]` (the player's index in PLAYERS, 0 by default).

use std::sync::Arc;

use castellan_engine::board::parse_board;
use castellan_engine::bot::Contender;
use castellan_engine::bot::tournament::Tournament;
use castellan_engine::bot::watch::{DOMINANT_STALL_TURNS, Watcher};
use castellan_engine::game::{Card, Event, EventKind, Game, Seat};
use castellan_engine::variant::{Ruleset, Variant};
use rayon::prelude::*;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let source = std::fs::read_to_string(&args[1]).expect("board");
    let board = Arc::new(parse_board(&source, &args[1]).expect("board parses"));
    let players: Vec<Contender> = args[2].split(',').map(|p| p.parse().unwrap()).collect();
    let games: u64 = args[3].parse().unwrap();
    let seed: u64 = args.get(4).map_or(1, |s| s.parse().unwrap());
    let ruleset = args.get(5).map_or(Ruleset::CastleRisk, |id| {
        Ruleset::from_id(id).expect("a ruleset id")
    });
    let player: usize = args.get(6).map_or(0, |p| p.parse().unwrap());
    let t = Tournament::new(board, Variant::standard(ruleset), players, seed);
    let reports: Vec<String> = (0..games)
        .into_par_iter()
        .map(|number| {
            let seat = t.seating(number).iter().position(|&p| p == player).unwrap();
            let mut watcher = Watcher::new(t.players.len() + 1);
            let mut turn_events: Vec<String> = Vec::new();
            let mut report = String::new();
            let mut mine = false;
            let result = t.play_observed(number, &mut |game: &Game, events: &[Event]| {
                let before = watcher.clone().finish()[seat].clone();
                watcher.observe(game, events);
                let after = watcher.clone().finish()[seat].clone();
                if after.longest_dominant_quiet >= DOMINANT_STALL_TURNS
                    && before.longest_dominant_quiet < DOMINANT_STALL_TURNS
                {
                    report.push_str(&format!(
                        "== game {number} seat {seat} turn {}: {DOMINANT_STALL_TURNS} turns without a capture while far ahead\n",
                        game.turn_number()
                    ));
                }
                for event in events {
                    if let EventKind::TurnStarted { seat: s, .. } = event.kind {
                        mine = s.index() == seat;
                        if mine {
                            turn_events.clear();
                        }
                    }
                    if mine && !matches!(event.kind, EventKind::DiceRolled { .. }) {
                        turn_events.push(format!("{:?}", event.kind));
                    }
                }
                if after.preventable_open_ends > before.preventable_open_ends {
                    report.push_str(&format!(
                        "== game {number} seat {seat} turn {}\n{}\n{}{}\n",
                        game.turn_number(),
                        turn_events.join("\n"),
                        continents(game, seat),
                        castle_threats(game, seat),
                    ));
                }
            });
            if result.drawn {
                report.push_str(&format!(
                    "== game {number} seat {seat}: drawn after {} turns\n",
                    result.turns
                ));
            }
            if result.winner.is_none() && !result.drawn {
                report.push_str(&format!(
                    "== game {number} seat {seat}: unfinished after {} actions\n",
                    result.actions
                ));
            }
            report
        })
        .collect();
    let keys: Vec<String> = t
        .board
        .territory_ids()
        .map(|id| format!("{}={}", id.index(), t.board.territory(id).key))
        .collect();
    println!("{}", keys.join(" "));
    for r in reports.iter().filter(|r| !r.is_empty()) {
        println!("{r}");
    }
}

/// The seat's whole groups: each territory's armies and the largest rival army next
/// to it.
fn continents(game: &Game, seat: usize) -> String {
    let board = game.board();
    let mut out = String::new();
    for g in board.group_ids() {
        let group = board.group(g);
        let whole = !group.territories.is_empty()
            && group
                .territories
                .iter()
                .all(|&t| game.owner(t).map(|o| o.index()) == Some(seat));
        if !whole {
            continue;
        }
        out.push_str(&format!("{}:", group.key));
        for &t in &group.territories {
            let threat = board
                .neighbours(t)
                .filter(|&n| {
                    game.owner(n)
                        .is_some_and(|o| o.index() != seat && !game.is_neutral(o))
                })
                .map(|n| game.armies(n))
                .max()
                .unwrap_or(0);
            out.push_str(&format!(
                " {}={} (vs {threat})",
                board.territory(t).key,
                game.armies(t)
            ));
        }
        out.push('\n');
    }
    out
}

/// The seat's castle, its armies, and each rival army that could reach it: its land
/// neighbours, and coasts on a shared sea (marked by whether the rival holds an
/// Admiral), with the rival's General.
fn castle_threats(game: &Game, seat: usize) -> String {
    let me = Seat(seat as u8);
    let Some(castle) = game.castle(me) else {
        return String::new();
    };
    let board = game.board();
    let mut out = format!(
        "castle {}={}:",
        board.territory(castle).key,
        game.armies(castle)
    );
    let cards = |o: Seat| {
        let hand = game.hand(o);
        format!(
            "{}{}{}",
            if hand.has(Card::General) { "G" } else { "" },
            if hand.has(Card::Admiral) { "A" } else { "" },
            hand.len()
        )
    };
    // Land neighbours, then (marked `~`) coasts on a shared sea with more than 5.
    let seas = &board.territory(castle).seas;
    for n in board.territory_ids() {
        let by_land = board.neighbours(castle).any(|m| m == n);
        let by_sea = !by_land && board.territory(n).seas.iter().any(|s| seas.contains(s));
        let Some(o) = game.owner(n).filter(|&o| o != me) else {
            continue;
        };
        if by_land || (by_sea && game.armies(n) > 5) {
            out.push_str(&format!(
                " {}{}={}(s{} {})",
                if by_sea { "~" } else { "" },
                board.territory(n).key,
                game.armies(n),
                o.index(),
                cards(o)
            ));
        }
    }
    out.push('\n');
    out
}
