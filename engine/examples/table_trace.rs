//! Debugging aid for tables of several: how the first player fares in each game of a
//! tournament, seat by seat. `cargo run --release -p castellan-engine --example
//! table_trace -- BOARD PLAYERS GAMES [SEED] [RULESET] [every]`. For each game it
//! prints the first player's seat, the result, how many of its turns it began as the
//! weakest at the table (the fewest armies on the board, less three for each card held,
//! as players who prey on the weak count), the territories it took from and lost to
//! each seat, and who put whom out when; then, at its turns (every turn with `every`,
//! else every fourth), each seat's armies, income (land + continents) and cards.
//! Last, its wins by seat.

use std::sync::Arc;

use castellan_engine::board::parse_board;
use castellan_engine::bot::Contender;
use castellan_engine::bot::tournament::Tournament;
use castellan_engine::game::{EventKind, Game, Seat};
use castellan_engine::variant::{Ruleset, Variant};
use rayon::prelude::*;

fn armies(game: &Game, seat: Seat) -> u32 {
    game.territories()
        .iter()
        .filter(|t| t.owner == Some(seat))
        .map(|t| t.armies)
        .sum()
}

/// Counts one for `seat`, growing the count: a two-player classic game seats a
/// neutral beyond the players.
fn bump(counts: &mut Vec<u32>, seat: Seat) {
    if counts.len() <= seat.index() {
        counts.resize(seat.index() + 1, 0);
    }
    counts[seat.index()] += 1;
}

/// How weak `seat` looks to players who prey on the weak.
fn looks(game: &Game, seat: Seat) -> i64 {
    i64::from(armies(game, seat)) - 3 * game.territory_cards(seat).len() as i64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let source = std::fs::read_to_string(&args[1]).expect("board");
    let board = Arc::new(parse_board(&source, &args[1]).expect("board parses"));
    let players: Vec<Contender> = args[2].split(',').map(|p| p.parse().unwrap()).collect();
    let games: u64 = args[3].parse().unwrap();
    let seed: u64 = args.get(4).map_or(1, |s| s.parse().unwrap());
    let ruleset = args.get(5).map_or(Ruleset::Classic, |id| {
        Ruleset::from_id(id).expect("a ruleset id")
    });
    let every_turn = args.get(6).is_some_and(|a| a == "every");
    let seats = players.len();
    let t = Tournament::new(board, Variant::standard(ruleset), players, seed);
    let games: Vec<(usize, bool, String)> = (0..games)
        .into_par_iter()
        .map(|number| {
            let place = t.seating(number).iter().position(|&p| p == 0).unwrap();
            let me = Seat(place as u8);
            let mut took_from = vec![0u32; seats];
            let mut lost_to = vec![0u32; seats];
            let mut weakest = 0;
            let mut turns = 0;
            let mut outs = Vec::new();
            let mut trail = Vec::new();
            let result = t.play_observed(number, &mut |game, events| {
                for e in events {
                    match &e.kind {
                        EventKind::TurnStarted { seat, turn } if *seat == me => {
                            turns += 1;
                            let mine = looks(game, me);
                            if game
                                .seat_ids()
                                .filter(|&s| s != me && !game.is_eliminated(s))
                                .all(|s| looks(game, s) > mine)
                            {
                                weakest += 1;
                            }
                            if every_turn || turns % 4 == 1 {
                                let table: Vec<String> = game
                                    .seat_ids()
                                    .map(|s| {
                                        let (land, continents) = game.classic_new_armies(s);
                                        format!(
                                            "{}{}/{land}+{continents}c{}",
                                            if s == me { "*" } else { "" },
                                            armies(game, s),
                                            game.territory_cards(s).len()
                                        )
                                    })
                                    .collect();
                                trail.push(format!("t{turn}:[{}]", table.join(" ")));
                            }
                        }
                        EventKind::TerritoryTaken {
                            seat,
                            from: Some(from),
                            ..
                        } => {
                            if *from == me {
                                bump(&mut lost_to, *seat);
                            }
                            if *seat == me {
                                bump(&mut took_from, *from);
                            }
                        }
                        EventKind::SeatEliminated { seat, by } => {
                            outs.push(format!("{seat} out by {by} t{}", game.turn_number()));
                        }
                        _ => {}
                    }
                }
            });
            let won = result.winner == Some(0);
            let line = format!(
                "game {number} {me} {} turns {} weakest {weakest}/{turns} took {took_from:?} \
                 lost {lost_to:?} [{}]\n  {}\n",
                if won { "won " } else { "lost" },
                result.turns,
                outs.join("; "),
                trail.join(" ")
            );
            (place, won, line)
        })
        .collect();
    for (_, _, line) in &games {
        print!("{line}");
    }
    for place in 0..seats {
        let at: Vec<_> = games.iter().filter(|(p, _, _)| *p == place).collect();
        let won = at.iter().filter(|(_, w, _)| *w).count();
        println!("seat {place}: won {won}/{}", at.len());
    }
}
