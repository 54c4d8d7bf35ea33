//! What one protocol request costs when the engine plays the seats: the figures behind
//! `MAX_COMPUTER_ACTIONS` (issue 21).
//!
//! `cargo run --release -p castellan-engine --example computer_requests [STRENGTH]`
//! starts games whose every seat the engine plays (6 seats of `STRENGTH`, `normal` by
//! default, on the classic map and on the Castle Risk board) and sends `continue` until
//! each is over, printing for each game the requests it took, the slowest request and
//! the largest reply, and the actions in all.

use std::time::{Duration, Instant};

use castellan_engine::protocol::{MAX_COMPUTER_ACTIONS, Session};
use serde_json::{Value, json};

fn main() {
    let strength = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "normal".to_owned());
    let boards = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/boards");
    println!("at most {MAX_COMPUTER_ACTIONS} computer actions a request; {strength} seats");
    for (board, ruleset) in [("classic", "classic"), ("castle-risk", "castle-risk")] {
        for seed in 0..3u64 {
            let mut session = Session::new().with_boards_dir(boards);
            let computers: Vec<Value> = (0..6)
                .map(|seat| json!({ "seat": seat, "strength": strength }))
                .collect();
            let mut request = json!({
                "type": "start", "board": { "name": board }, "ruleset": ruleset,
                "seats": 6, "seed": seed, "computers": computers,
            });
            let (mut requests, mut actions, mut largest) = (0, 0, 0);
            let mut slowest = Duration::ZERO;
            loop {
                let started = Instant::now();
                let reply = session.handle_line(&request.to_string()).remove(0);
                slowest = slowest.max(started.elapsed());
                largest = largest.max(reply.to_string().len());
                requests += 1;
                actions += reply["computer_actions"].as_array().map_or(0, Vec::len);
                assert_ne!(reply["type"], "error", "{reply}");
                if reply["computers_paused"] != true {
                    break;
                }
                request = json!({ "type": "continue" });
            }
            println!(
                "{board}, seed {seed}: {actions} actions in {requests} requests; slowest \
                 {slowest:.2?}, largest reply {} KiB",
                largest / 1024
            );
        }
    }
}
