//! Debugging aid: plays one tournament game and prints every action of turns that
//! run long. `cargo run --release -p castellan-engine --example trace -- BOARD
//! PLAYERS NUMBER [RULESET] [FROM_TURN] [SEED]` (the seed as given to `arena`, 1 by
//! default).

use std::sync::Arc;

use castellan_engine::board::parse_board;
use castellan_engine::bot::Contender;
use castellan_engine::bot::tournament::Tournament;
use castellan_engine::game::EventKind;
use castellan_engine::variant::{Ruleset, Variant};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let source = std::fs::read_to_string(&args[1]).expect("board");
    let board = Arc::new(parse_board(&source, &args[1]).expect("board parses"));
    let players: Vec<Contender> = args[2].split(',').map(|p| p.parse().unwrap()).collect();
    let number: u64 = args[3].parse().unwrap();
    let ruleset = args.get(4).map_or(Ruleset::CastleRisk, |id| {
        Ruleset::from_id(id).expect("a ruleset id")
    });
    let from_turn: u32 = args.get(5).map_or(0, |s| s.parse().unwrap());
    let seed: u64 = args.get(6).map_or(1, |s| s.parse().unwrap());
    let t = Tournament::new(board.clone(), Variant::standard(ruleset), players, seed);
    let mut count = 0usize;
    let result = t.play_observed(number, &mut |game, events| {
        count += 1;
        if game.turn_number() < from_turn || count > 400_000 {
            return;
        }
        for e in events {
            let line = match &e.kind {
                EventKind::TurnStarted { seat, turn } => {
                    let armies: Vec<u32> = game
                        .seat_ids()
                        .map(|s| {
                            game.territories()
                                .iter()
                                .filter(|t| t.owner == Some(s))
                                .map(|t| t.armies)
                                .sum()
                        })
                        .collect();
                    let lands: Vec<usize> = game
                        .seat_ids()
                        .map(|s| {
                            game.territories()
                                .iter()
                                .filter(|t| t.owner == Some(s))
                                .count()
                        })
                        .collect();
                    let map: String = if std::env::var("TRACE_MAP").is_ok() {
                        game.board()
                            .territory_ids()
                            .map(|t| {
                                format!(
                                    "{}:{}{}",
                                    game.board().territory(t).key,
                                    game.owner(t).map_or(9, |o| o.index()),
                                    game.armies(t)
                                )
                            })
                            .collect::<Vec<_>>()
                            .join(" ")
                    } else {
                        String::new()
                    };
                    format!(
                        "{map}\n--- turn {turn} {seat}: armies {armies:?} lands {lands:?} castles {:?}",
                        game.seat_ids()
                            .map(|s| game
                                .castle(s)
                                .map(|c| (board.territory(c).key.clone(), game.armies(c))))
                            .collect::<Vec<_>>()
                    )
                }
                EventKind::AttackStarted { from, to, ship, .. } => format!(
                    "  attack {}({}) -> {}({}) ship {ship:?}",
                    board.territory(*from).key,
                    game.armies(*from),
                    board.territory(*to).key,
                    game.armies(*to)
                ),
                EventKind::AttackEnded { reason, to, .. } => {
                    format!(
                        "  ended {reason:?} at {} ({})",
                        board.territory(*to).key,
                        game.armies(*to)
                    )
                }
                EventKind::ArmiesPlaced {
                    seat,
                    placements,
                    reason,
                } => format!(
                    "  {seat} places {reason:?}: {}",
                    placements
                        .iter()
                        .map(|p| format!("{}+{}", board.territory(p.territory).key, p.armies))
                        .collect::<Vec<_>>()
                        .join(" ")
                ),
                EventKind::ArmiesMoved {
                    from,
                    to,
                    armies,
                    reason,
                    ..
                } => format!(
                    "  move {reason:?} {} -> {} {armies}",
                    board.territory(*from).key,
                    board.territory(*to).key
                ),
                EventKind::DiceRolled {
                    attack,
                    defence,
                    general,
                    attacker_losses,
                    defender_losses,
                    ..
                } => format!(
                    "    dice {attack:?} v {defence:?}{} -{attacker_losses}/-{defender_losses}",
                    if *general { " G" } else { "" }
                ),
                EventKind::ReinforcementsPlayed { .. } => format!("  {:?}", e.kind),
                EventKind::CastleTaken { .. }
                | EventKind::SeatEliminated { .. }
                | EventKind::GameWon { .. }
                | EventKind::GameDrawn { .. } => format!("  {:?}", e.kind),
                _ => continue,
            };
            println!("{line}");
        }
    });
    println!(
        "winner {:?} turns {} actions {}",
        result.winner, result.turns, result.actions
    );
}
