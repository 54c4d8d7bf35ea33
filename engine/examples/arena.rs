//! Quick tournaments for tuning: `cargo run --release -p castellan-engine --example
//! arena -- BOARD PLAYERS GAMES [SEED] [EFFORT] [RULESET]` (players as
//! `expert,normal` or any tournament player id; the ruleset `castle-risk` or
//! `classic`). Prints each player's standing, its stalls and its open castles.

use std::sync::Arc;

use castellan_engine::board::parse_board;
use castellan_engine::bot::Contender;
use castellan_engine::bot::tournament::{Tournament, standings};
use castellan_engine::variant::{Ruleset, Variant};
use rayon::prelude::*;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let source = std::fs::read_to_string(&args[1]).expect("board");
    let board = Arc::new(parse_board(&source, &args[1]).expect("board parses"));
    let players: Vec<Contender> = args[2].split(',').map(|p| p.parse().unwrap()).collect();
    let games: u64 = args[3].parse().unwrap();
    let seed: u64 = args.get(4).map_or(1, |s| s.parse().unwrap());
    let ruleset = args.get(6).map_or(Ruleset::CastleRisk, |id| {
        Ruleset::from_id(id).expect("a ruleset id")
    });
    let mut t = Tournament::new(board, Variant::standard(ruleset), players, seed);
    if let Some(e) = args.get(5) {
        t.effort = e.parse().unwrap();
    }
    let started = std::time::Instant::now();
    let results: Vec<_> = (0..games).into_par_iter().map(|i| t.play(i)).collect();
    for s in standings(&t, &results) {
        println!(
            "{} {:>13}: {:>4}/{} = {:.3} [{:.3}, {:.3}]  turns {:.1}  p50 {:.4}s p95 {:.4}s turn {:.3}/{:.3}s  \
             quiet {:.2} longest {} (mean {:.1}) dom-stalls {} (longest {})  cards {:.1} max {}  open {} preventable {}",
            s.player,
            s.contender.id(),
            s.wins,
            s.games,
            s.win_rate,
            s.interval.0,
            s.interval.1,
            s.mean_turns,
            s.decision_p50,
            s.decision_p95,
            s.turn_p50,
            s.turn_p95,
            s.quiet_share,
            s.longest_quiet,
            s.mean_longest_quiet,
            s.dominant_stalls,
            s.longest_dominant_quiet,
            s.mean_cards_at_end,
            s.most_cards,
            s.open_ends,
            s.preventable_open_ends,
        );
    }
    let unfinished = results.iter().filter(|g| g.winner.is_none()).count();
    let drawn = results.iter().filter(|g| g.drawn).count();
    println!(
        "unfinished {unfinished} (drawn {drawn}), {:.1}s",
        started.elapsed().as_secs_f64()
    );
}
