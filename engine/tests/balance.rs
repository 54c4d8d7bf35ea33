//! The balance lab: its statistics against known values, a rigged board whose winner
//! is certain, runs that do not depend on the number of threads, comparisons, and
//! cancellation.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use castellan_engine::balance::stats::{score_test, wilson};
use castellan_engine::balance::{Comparison, Lab, Leaning, Report};
use castellan_engine::board::{Board, parse_board};
use castellan_engine::bot::{Cancel, Strength};
use castellan_engine::variant::Variant;

fn castle_risk() -> Arc<Board> {
    let source = include_str!("../../data/boards/castle-risk.toml");
    Arc::new(parse_board(source, "castle-risk.toml").unwrap())
}

fn rigged() -> Arc<Board> {
    let source = include_str!("balance/rigged.toml");
    Arc::new(parse_board(source, "rigged.toml").unwrap())
}

#[test]
fn wilson_intervals_match_published_values() {
    // Newcombe (1998), "Two-sided confidence intervals for the single proportion",
    // table I, method 3 (score interval without continuity correction).
    for (wins, games, low, high) in [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ] {
        let (l, h) = wilson(wins, games);
        assert!(
            (l - low).abs() < 5e-5 && (h - high).abs() < 5e-5,
            "{wins}/{games}: {l} – {h}, expected {low} – {high}"
        );
    }
    // 50 heads in 100 fair tosses is no evidence of bias; 65 is (p ≈ 0.0027).
    assert!((score_test(50, 100, 0.5) - 1.0).abs() < 1e-12);
    assert!((score_test(65, 100, 0.5) - 0.002_700).abs() < 1e-5);
}

#[test]
fn a_rigged_board_reports_its_certain_winner() {
    let board = rigged();
    let lab = Lab::new(board.clone(), Variant::rulebook(), 2, Strength::Normal, 3).unwrap();
    let tally = lab.run(300, 2, &Cancel::new(), &|_| {});
    let report = Report::new(&tally, &board);
    assert_eq!(report.games, 300);
    assert_eq!(report.won, 300, "every game of the rigged board is won");
    let crown = &report.empires[0];
    assert_eq!(crown.key, "crown");
    assert_eq!(crown.share.wins, crown.share.games);
    assert_eq!(crown.share.games, 300);
    assert!(crown.share.certain());
    assert_eq!(crown.share.leaning(), Leaning::Above);
    assert!(crown.share.interval.0 > 0.98);
    let wastes = &report.empires[1];
    assert_eq!(wastes.share.wins, 0);
    assert_eq!(wastes.share.leaning(), Leaning::Below);
    // The crown's bonus is most of the armies that came into play.
    // The Crown's seat collects its bonus at the end of its first turn, and wins in the
    // next: its spoils are at least the bonus in every game, the Wastes' nothing.
    assert!(report.sources[0].per_game >= 500.0);
    assert_eq!(report.sources[1].per_game, 0.0);
    // Who plays first does not matter here.
    assert!(
        report
            .positions
            .iter()
            .all(|p| p.leaning() == Leaning::Fair)
    );
}

#[test]
fn a_run_is_the_same_on_one_thread_or_two() {
    let board = castle_risk();
    let lab = Lab::new(board, Variant::rulebook(), 4, Strength::Normal, 11).unwrap();
    let one = lab.run(300, 1, &Cancel::new(), &|_| {});
    let two = lab.run(300, 2, &Cancel::new(), &|_| {});
    assert_eq!(one, two);
    assert_eq!(one.games, 300);
    // The games are not copies of each other: lengths vary, and several positions win.
    assert!(one.turns.len() > 5);
    assert!(one.position_wins.iter().filter(|&&w| w > 0).count() >= 3);
    let other = Lab::new(castle_risk(), Variant::rulebook(), 4, Strength::Normal, 12)
        .unwrap()
        .run(300, 2, &Cancel::new(), &|_| {});
    assert_ne!(one, other, "another seed plays other games");
}

#[test]
fn progress_sees_every_game_and_the_final_totals() {
    let lab = Lab::new(castle_risk(), Variant::rulebook(), 3, Strength::Easy, 5).unwrap();
    let calls = AtomicU64::new(0);
    let last = AtomicU64::new(0);
    let tally = lab.run(50, 2, &Cancel::new(), &|t| {
        calls.fetch_add(1, Ordering::SeqCst);
        last.fetch_max(t.games, Ordering::SeqCst);
    });
    assert_eq!(calls.load(Ordering::SeqCst), 50);
    assert_eq!(last.load(Ordering::SeqCst), 50);
    assert_eq!(tally.won + tally.drawn + tally.stalled, 50);
}

#[test]
fn comparing_a_board_with_the_rigged_one() {
    let board = rigged();
    let a = Lab::new(board.clone(), Variant::rulebook(), 2, Strength::Normal, 1).unwrap();
    let same = Report::new(&a.run(100, 2, &Cancel::new(), &|_| {}), &board);
    let again = Report::new(&a.run(100, 1, &Cancel::new(), &|_| {}), &board);
    let comparison = Comparison::new(same.clone(), again);
    for line in &comparison.empires {
        let difference = line.difference.expect("both runs have both empires");
        assert_eq!(difference.value, 0.0);
        assert!(!difference.significant());
    }
    // The Crown against the Castle Risk board: no empire in common, each line one-sided.
    let other = castle_risk();
    let b = Lab::new(other.clone(), Variant::rulebook(), 2, Strength::Normal, 1).unwrap();
    let theirs = Report::new(&b.run(100, 2, &Cancel::new(), &|_| {}), &other);
    let comparison = Comparison::new(same, theirs);
    assert_eq!(comparison.empires.len(), 2 + 6);
    assert!(comparison.empires.iter().all(|l| l.difference.is_none()));
    // Rigged games are short: the difference in length is significant.
    assert!(comparison.turns.value < 0.0 && comparison.turns.significant());
}

#[test]
fn cancelling_stops_every_game_and_leaves_nothing_running() {
    let lab = Lab::new(castle_risk(), Variant::rulebook(), 4, Strength::Expert, 2).unwrap();
    let cancel = Cancel::new();
    let after = Arc::new(AtomicU64::new(0));
    let returned = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let worker = {
        let cancel = cancel.clone();
        let after = after.clone();
        let returned = returned.clone();
        std::thread::spawn(move || {
            let tally = lab.run(100_000, 2, &cancel, &|_| {
                if returned.load(Ordering::SeqCst) {
                    after.fetch_add(1, Ordering::SeqCst);
                }
            });
            returned.store(true, Ordering::SeqCst);
            tally
        })
    };
    std::thread::sleep(Duration::from_millis(300));
    cancel.cancel();
    let tally = worker.join().unwrap();
    assert!(tally.games < 100_000);
    // Nothing reports after the run returned: no game goes on in the background.
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(after.load(Ordering::SeqCst), 0);
}
