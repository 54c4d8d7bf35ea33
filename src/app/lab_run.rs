//! A balance-lab run off the main loop: the labs of a run (one, or two to compare)
//! played one after the other on every core, with their totals sent back a few times a
//! second as they grow and once at the end, and the time left estimated from the pace
//! so far. The window keeps the [`Cancel`] flag: raising it stops every game at its
//! next action, and the run then ends without a last message.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use castellan_engine::balance::{Lab, Tally};
use castellan_engine::bot::Cancel;

/// How often partial totals are sent: often enough to look live, rarely enough that
/// copying the totals costs nothing.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(150);

/// A message from a run to the window.
#[derive(Debug)]
pub enum RunMessage {
    /// Totals so far of lab `part` (0, or 1 for the second of a comparison).
    Progress { run: u64, part: usize, tally: Tally },
    /// Lab `part` played all its games.
    Finished { run: u64, part: usize, tally: Tally },
}

/// Plays `games` games of each of `labs` in turn, telling `send` as it goes; returns
/// early, saying nothing more, once `cancel` is raised.
pub fn play(
    run: u64,
    labs: &[Lab],
    games: u64,
    cancel: &Cancel,
    send: &(dyn Fn(RunMessage) + Sync),
) {
    for (part, lab) in labs.iter().enumerate() {
        let last = Mutex::new(Instant::now());
        let tally = lab.run(games, 0, cancel, &|tally| {
            let Ok(mut last) = last.try_lock() else {
                return;
            };
            if last.elapsed() >= PROGRESS_EVERY {
                *last = Instant::now();
                send(RunMessage::Progress {
                    run,
                    part,
                    tally: tally.clone(),
                });
            }
        });
        if cancel.is_cancelled() {
            return;
        }
        send(RunMessage::Finished { run, part, tally });
    }
}

/// The time left when `done` of `total` games took `elapsed`, if it can be told yet.
pub fn time_left(elapsed: Duration, done: u64, total: u64) -> Option<Duration> {
    if done == 0 || done > total {
        return None;
    }
    Some(elapsed.mul_f64((total - done) as f64 / done as f64))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use castellan_engine::board::parse_board;
    use castellan_engine::bot::Strength;
    use castellan_engine::variant::Variant;

    use super::*;

    #[test]
    fn the_time_left_follows_the_pace() {
        assert_eq!(time_left(Duration::from_secs(10), 0, 100), None);
        assert_eq!(
            time_left(Duration::from_secs(10), 25, 100),
            Some(Duration::from_secs(30))
        );
        assert_eq!(
            time_left(Duration::from_secs(10), 100, 100),
            Some(Duration::ZERO)
        );
    }

    #[test]
    fn a_run_finishes_each_lab_and_a_cancelled_one_says_nothing() {
        let board = Arc::new(
            parse_board(
                include_str!("../../data/boards/castle-risk.toml"),
                "castle-risk.toml",
            )
            .unwrap(),
        );
        let lab = Lab::new(board, Variant::rulebook(), 3, Strength::Easy, 1).unwrap();
        let labs = [lab.clone(), lab];
        let messages = Mutex::new(Vec::new());
        play(7, &labs, 20, &Cancel::new(), &|m| {
            messages.lock().unwrap().push(m)
        });
        let finished: Vec<(u64, usize, u64)> = messages
            .into_inner()
            .unwrap()
            .into_iter()
            .filter_map(|m| match m {
                RunMessage::Finished { run, part, tally } => Some((run, part, tally.games)),
                RunMessage::Progress { .. } => None,
            })
            .collect();
        assert_eq!(finished, [(7, 0, 20), (7, 1, 20)]);

        let cancel = Cancel::new();
        cancel.cancel();
        let messages = Mutex::new(Vec::new());
        play(8, &labs, 20, &cancel, &|m| messages.lock().unwrap().push(m));
        assert!(messages.into_inner().unwrap().is_empty());
    }
}
