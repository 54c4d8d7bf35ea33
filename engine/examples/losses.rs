//! Sorts a player's lost Castle Risk games by how they were lost, for tuning: `cargo
//! run --release -p castellan-engine --example losses -- BOARD PLAYERS GAMES [SEED]
//! [PLAYER]` (the player's index in PLAYERS, 0 by default). For each loss it prints
//! whether the castle fell (in which turn, with how many seats left, by land or sea,
//! with a General, and its armies when the taker's turn began) or the game was won
//! elsewhere; then the wins by place in the turn order, and how often a turn began
//! with a rival castle takeable at 50 % from one territory.

use std::collections::BTreeMap;
use std::sync::Arc;

use castellan_engine::board::{TerritoryId, parse_board};
use castellan_engine::bot::tournament::Tournament;
use castellan_engine::bot::{Battle, Contender, win_probability};
use castellan_engine::game::{Event, EventKind, Game, Seat};
use castellan_engine::variant::{Ruleset, Variant};
use rayon::prelude::*;

/// How one game went for the player.
#[derive(Default)]
struct Story {
    won: bool,
    /// The castle fell: turn, by land or sea, General, castle armies when the taker's
    /// turn began, the taker's attacking army at the start of the attack, seats in play.
    fell: Option<(u32, bool, bool, u32, u32, usize)>,
    /// Castles the player took.
    taken: u32,
    /// Castle armies at the end of each of its turns.
    garrison: Vec<u32>,
    /// Its place in the turn order (0 plays first).
    order: usize,
    /// Attacks and captures in its first turn.
    first_turn: (u32, u32),
    /// Turns that began with a rival castle takeable by land at 50 % or more, and
    /// those of them in which it attacked that castle.
    chances: (u32, u32),
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let source = std::fs::read_to_string(&args[1]).expect("board");
    let board = Arc::new(parse_board(&source, &args[1]).expect("board parses"));
    let players: Vec<Contender> = args[2].split(',').map(|p| p.parse().unwrap()).collect();
    let games: u64 = args[3].parse().unwrap();
    let seed: u64 = args.get(4).map_or(1, |s| s.parse().unwrap());
    let player: usize = args.get(5).map_or(0, |p| p.parse().unwrap());
    let t = Tournament::new(board, Variant::standard(Ruleset::CastleRisk), players, seed);
    let seats = t.players.len();
    let stories: Vec<(u64, Story)> = (0..games)
        .into_par_iter()
        .map(|number| {
            let seat = Seat(t.seating(number).iter().position(|&p| p == player).unwrap() as u8);
            let mut story = Story::default();
            let mut garrison_at_turn_start = 0;
            let mut attack_army = 0;
            let mut by_sea = false;
            let mut general = false;
            let mut chance_castle: Option<TerritoryId> = None;
            let result = t.play_observed(number, &mut |game: &Game, events: &[Event]| {
                for event in events {
                    match &event.kind {
                        EventKind::FirstPlayer { seat: first } => {
                            story.order =
                                (usize::from(seat.0) + seats - usize::from(first.0)) % seats;
                        }
                        EventKind::TerritoryTaken { seat: s, .. }
                            if *s == seat && story.garrison.is_empty() =>
                        {
                            story.first_turn.1 += 1;
                        }
                        EventKind::AttackStarted { seat: s, .. }
                            if *s == seat && story.garrison.is_empty() =>
                        {
                            story.first_turn.0 += 1;
                        }
                        EventKind::TurnStarted { seat: s, .. } if *s == seat => {
                            garrison_at_turn_start =
                                game.castle(seat).map_or(0, |c| game.armies(c));
                            general = false;
                            chance_castle = best_castle_chance(game, seat);
                            if chance_castle.is_some() {
                                story.chances.0 += 1;
                            }
                        }
                        EventKind::AttackStarted { seat: s, to, .. }
                            if *s == seat && Some(*to) == chance_castle =>
                        {
                            story.chances.1 += 1;
                            chance_castle = None;
                        }
                        EventKind::TurnStarted { .. } => {
                            garrison_at_turn_start =
                                game.castle(seat).map_or(0, |c| game.armies(c));
                            general = false;
                        }
                        EventKind::TurnEnded { seat: s } if *s == seat => {
                            if let Some(c) = game.castle(seat) {
                                story.garrison.push(game.armies(c));
                            }
                        }
                        EventKind::GeneralCommitted { .. } => general = true,
                        EventKind::AttackStarted {
                            from,
                            defender,
                            ship,
                            ..
                        } if *defender == seat => {
                            by_sea = ship.is_some();
                            attack_army = ship.unwrap_or_else(|| game.armies(*from));
                        }
                        EventKind::CastleTaken { seat: s, owner, .. } => {
                            if *owner == seat {
                                story.fell = Some((
                                    game.turn_number(),
                                    by_sea,
                                    general,
                                    garrison_at_turn_start,
                                    attack_army,
                                    game.seats_in_play() + 1,
                                ));
                            } else if *s == seat {
                                story.taken += 1;
                            }
                        }
                        _ => {}
                    }
                }
            });
            story.won = result.winner == Some(player);
            (number, story)
        })
        .collect();
    let (c, t): (u32, u32) = stories
        .iter()
        .filter(|(_, s)| !s.won)
        .fold((0, 0), |a, (_, s)| (a.0 + s.chances.0, a.1 + s.chances.1));
    println!("losses: {c} turns began with a castle at 50 %+, attacked in {t}");
    let (c, t): (u32, u32) = stories
        .iter()
        .filter(|(_, s)| s.won)
        .fold((0, 0), |a, (_, s)| (a.0 + s.chances.0, a.1 + s.chances.1));
    println!("wins: {c} turns began with a castle at 50 %+, attacked in {t}");
    let mut kinds: BTreeMap<String, u32> = BTreeMap::new();
    for (number, s) in &stories {
        if s.first_turn.1 == 0 {
            println!(
                "game {number}: order {} first turn {:?} won {}",
                s.order, s.first_turn, s.won
            );
        }
        if s.won {
            continue;
        }
        let kind = match s.fell {
            Some((turn, sea, general, garrison, army, in_play)) => {
                let low = s.garrison.iter().rev().take(3).copied().collect::<Vec<_>>();
                println!(
                    "game {number}: castle fell turn {turn} ({} seats) {} {} garrison {garrison} vs {army}; took {} castles; last garrisons {low:?}",
                    in_play,
                    if sea { "by sea" } else { "by land" },
                    if general { "with General" } else { "" },
                    s.taken
                );
                format!(
                    "fell {}, {} seats",
                    if sea { "by sea" } else { "by land" },
                    in_play
                )
            }
            None => {
                println!("game {number}: survived, lost; took {} castles", s.taken);
                "survived".to_string()
            }
        };
        *kinds.entry(kind).or_default() += 1;
    }
    for order in 0..seats {
        let of: Vec<_> = stories.iter().filter(|(_, s)| s.order == order).collect();
        let won = of.iter().filter(|(_, s)| s.won).count();
        let quiet = of.iter().filter(|(_, s)| s.first_turn.1 == 0).count();
        let quiet_won = of
            .iter()
            .filter(|(_, s)| s.first_turn.1 == 0 && s.won)
            .count();
        println!(
            "order {order}: won {won}/{}; first turn without a capture {quiet} (won {quiet_won})",
            of.len()
        );
    }
    let wins = stories.iter().filter(|(_, s)| s.won).count();
    println!("wins {wins}/{}", stories.len());
    for (k, n) in kinds {
        println!("{k}: {n}");
    }
}

/// The rival castle the seat could take by land at 50 % or more from one territory.
fn best_castle_chance(game: &Game, seat: Seat) -> Option<TerritoryId> {
    let board = game.board();
    let general = game.hand(seat).has(castellan_engine::game::Card::General);
    game.seat_ids()
        .filter(|&s| s != seat)
        .filter_map(|s| game.castle(s))
        .find(|&c| {
            board.neighbours(c).any(|n| {
                game.owner(n) == Some(seat)
                    && win_probability(
                        game.armies(n).saturating_sub(1),
                        game.armies(c),
                        Battle {
                            castle: true,
                            general,
                            marshall: false,
                        },
                    ) >= 0.5
            })
        })
}
