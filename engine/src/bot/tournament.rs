//! Tournaments between strengths: which seat each player takes in each game (rotated,
//! so that seat order and the empires drawn are balanced), each game's seeds, one game
//! played and timed, and the standings with their confidence intervals.
//!
//! Every game depends only on the tournament's seed and its own number, so games can
//! be played in any order, on any number of threads, and give the same results (all
//! but the timings). `castellan tournament` plays them on every core.
//!
//! ```
//! use std::sync::Arc;
//! use castellan_engine::board::parse_board;
//! use castellan_engine::bot::Strength;
//! use castellan_engine::bot::tournament::{Tournament, standings};
//! use castellan_engine::variant::Variant;
//!
//! let source = include_str!("../../../data/boards/castle-risk.toml");
//! let board = Arc::new(parse_board(source, "castle-risk.toml").unwrap());
//! let tournament = Tournament::new(board, Variant::rulebook(), vec![Strength::Normal, Strength::Easy], 7);
//! let games: Vec<_> = (0..4).map(|i| tournament.play(i)).collect();
//! let table = standings(&tournament, &games);
//! assert_eq!(table.len(), 2);
//! assert_eq!(table.iter().map(|s| s.wins).sum::<u64>() + games.iter().filter(|g| g.winner.is_none()).count() as u64, 4);
//! ```

use std::sync::Arc;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{Cancel, Policy, SeatSight, Strength, Thinking};
use crate::board::Board;
use crate::game::{Event, Game, LegalActions, Seat};
use crate::variant::Variant;

/// Actions after which a game counts as unfinished (no game between the strengths
/// comes near it).
pub const MAX_ACTIONS: usize = 50_000;

/// A tournament: a board, rules, the players (one per seat, by strength) and a seed.
#[derive(Clone, Debug)]
pub struct Tournament {
    pub board: Arc<Board>,
    pub variant: Variant,
    pub players: Vec<Strength>,
    pub seed: u64,
    /// Scales the Expert's thinking (1 by default).
    pub effort: f64,
    /// Whether the players rotate through the seats in blocks of games sharing one
    /// seed (the default, to compare players). The balance lab, whose seats all play
    /// alike, turns it off: every game then has its own seed, so that no two games
    /// repeat each other's dice and the games are independent samples.
    pub rotate: bool,
    /// Stops the games in progress between two actions when raised (their results
    /// are then partial: the caller discards them) and the Expert's thinking at once.
    pub cancel: Cancel,
}

/// How one game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// The game's number in the tournament.
    pub number: u64,
    /// `seats[s]`: the player (index into [`Tournament::players`]) at seat `s`.
    pub seats: Vec<usize>,
    /// The winning player; `None` if the game did not finish.
    pub winner: Option<usize>,
    /// Turns played.
    pub turns: u32,
    /// Actions played.
    pub actions: usize,
    /// Seconds each decision took, per player.
    pub decision_seconds: Vec<Vec<f32>>,
    /// Seconds each of a player's own turns took (its decisions in it), per player.
    pub turn_seconds: Vec<Vec<f32>>,
}

impl Tournament {
    /// A tournament of `players` (2 to 6), seeded by `seed`.
    pub fn new(board: Arc<Board>, variant: Variant, players: Vec<Strength>, seed: u64) -> Self {
        Self {
            board,
            variant,
            players,
            seed,
            effort: 1.0,
            rotate: true,
            cancel: Cancel::new(),
        }
    }

    /// Who sits where in game `number`: the players rotated by the game's number, so
    /// that each takes every seat equally often. Games come in blocks of as many games
    /// as players sharing one game seed, so that each player also meets every seat's
    /// empire draw and dice.
    pub fn seating(&self, number: u64) -> Vec<usize> {
        let n = self.players.len();
        if !self.rotate {
            return (0..n).collect();
        }
        let shift = (number % n as u64) as usize;
        (0..n).map(|seat| (seat + shift) % n).collect()
    }

    /// The seed of game `number` (shared by its block of rotations).
    pub fn game_seed(&self, number: u64) -> u64 {
        let block = if self.rotate {
            self.players.len() as u64
        } else {
            1
        };
        mix(self.seed, number / block)
    }

    /// Plays game `number` to its end.
    pub fn play(&self, number: u64) -> GameResult {
        self.play_observed(number, &mut |_, _| {})
    }

    /// Plays game `number` to its end, showing `observe` the game's opening events and
    /// then the events of every action (all of them, private ones included), each
    /// time with the game as it stands after them.
    pub fn play_observed(
        &self,
        number: u64,
        observe: &mut dyn FnMut(&Game, &[Event]),
    ) -> GameResult {
        let n = self.players.len();
        let seats = self.seating(number);
        let mut game = Game::new(
            self.board.clone(),
            self.variant.clone(),
            n,
            self.game_seed(number),
        )
        .expect("a tournament's table starts a game");
        game.set_recording(false);
        observe(&game, game.opening_events());
        let thinking = Thinking {
            effort: self.effort,
            time_cap: None,
            cancel: self.cancel.clone(),
        };
        let mut policies: Vec<Box<dyn Policy + Send>> = seats
            .iter()
            .map(|&p| self.players[p].policy_with(thinking.clone()))
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(mix(self.seed ^ 0x5eed, number));
        let mut decision_seconds = vec![Vec::new(); n];
        let mut turn_seconds = vec![Vec::new(); n];
        let mut turn_clock: Option<(Seat, u32, f32)> = None;
        let mut legal = LegalActions::default();
        let mut events = Vec::new();
        let mut actions = 0;
        while actions < MAX_ACTIONS && !self.cancel.is_cancelled() {
            let Some(seat) = game.pending_seat() else {
                break;
            };
            game.legal_actions_into(&mut legal);
            let started = Instant::now();
            let action =
                policies[seat.index()].choose(&SeatSight::new(&game, seat), &legal, &mut rng);
            let took = started.elapsed().as_secs_f32();
            let player = seats[seat.index()];
            decision_seconds[player].push(took);
            let turn = (game.turn_seat(), game.turn_number());
            match (&mut turn_clock, turn) {
                (Some((s, number, total)), (Some(t), now)) if *s == t && *number == now => {
                    // Only the turn's own seat's decisions count towards its turn.
                    *total += if t == seat { took } else { 0.0 };
                }
                (_, (Some(t), now)) => {
                    if let Some((s, _, total)) = turn_clock.take() {
                        turn_seconds[seats[s.index()]].push(total);
                    }
                    turn_clock = Some((t, now, if t == seat { took } else { 0.0 }));
                }
                _ => {}
            }
            events.clear();
            game.apply_into(seat, action, &mut events)
                .expect("every strength plays only legal actions");
            observe(&game, &events);
            actions += 1;
        }
        if let Some((s, _, total)) = turn_clock {
            turn_seconds[seats[s.index()]].push(total);
        }
        GameResult {
            number,
            winner: game.winner().map(|w| seats[w.index()]),
            seats,
            turns: game.turn_number(),
            actions,
            decision_seconds,
            turn_seconds,
        }
    }
}

/// One player's results.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub player: usize,
    pub strength: Strength,
    pub games: u64,
    pub wins: u64,
    /// Wins over games.
    pub win_rate: f64,
    /// The 95 % confidence interval of the win rate (Wilson score interval).
    pub interval: (f64, f64),
    /// Mean turns of the games it played.
    pub mean_turns: f64,
    /// Median and 95th percentile of its decisions' time, in seconds.
    pub decision_p50: f64,
    pub decision_p95: f64,
    /// Median time of its own whole turns, in seconds.
    pub turn_p50: f64,
}

/// The standings of `tournament` after `games`, one row per player in order.
pub fn standings(tournament: &Tournament, games: &[GameResult]) -> Vec<Standing> {
    (0..tournament.players.len())
        .map(|player| {
            let played = games.len() as u64;
            let wins = games.iter().filter(|g| g.winner == Some(player)).count() as u64;
            let mut decisions: Vec<f32> = games
                .iter()
                .flat_map(|g| g.decision_seconds[player].iter().copied())
                .collect();
            let mut turns: Vec<f32> = games
                .iter()
                .flat_map(|g| g.turn_seconds[player].iter().copied())
                .collect();
            let mean_turns = if games.is_empty() {
                0.0
            } else {
                games.iter().map(|g| f64::from(g.turns)).sum::<f64>() / games.len() as f64
            };
            Standing {
                player,
                strength: tournament.players[player],
                games: played,
                wins,
                win_rate: if played == 0 {
                    0.0
                } else {
                    wins as f64 / played as f64
                },
                interval: wilson(wins, played),
                mean_turns,
                decision_p50: percentile(&mut decisions, 0.5),
                decision_p95: percentile(&mut decisions, 0.95),
                turn_p50: percentile(&mut turns, 0.5),
            }
        })
        .collect()
}

/// The Wilson score interval at 95 % for `wins` out of `games`.
pub fn wilson(wins: u64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = games as f64;
    let p = wins as f64 / n;
    let centre = p + z * z / (2.0 * n);
    let spread = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denominator = 1.0 + z * z / n;
    (
        ((centre - spread) / denominator).max(0.0),
        ((centre + spread) / denominator).min(1.0),
    )
}

fn percentile(values: &mut [f32], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values.sort_by(f32::total_cmp);
    let at = ((values.len() - 1) as f64 * q).round() as usize;
    f64::from(values[at])
}

/// A seed for stream `n` of `seed` (SplitMix64's finaliser: nearby inputs give
/// unrelated outputs).
fn mix(seed: u64, n: u64) -> u64 {
    let mut z = seed ^ n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_rate() {
        let (low, high) = wilson(50, 100);
        assert!((low - 0.4038).abs() < 1e-3 && (high - 0.5962).abs() < 1e-3);
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        let (low, high) = wilson(0, 10);
        assert_eq!(low, 0.0);
        assert!(high > 0.2 && high < 0.35);
    }

    #[test]
    fn every_player_takes_every_seat_in_a_block() {
        let source = include_str!("../../../data/boards/castle-risk.toml");
        let board = Arc::new(crate::board::parse_board(source, "castle-risk.toml").unwrap());
        let t = Tournament::new(
            board,
            Variant::rulebook(),
            vec![Strength::Expert, Strength::Normal, Strength::Normal],
            1,
        );
        let mut seen = [[false; 3]; 3];
        for number in 3..6 {
            assert_eq!(t.game_seed(number), t.game_seed(3));
            for (seat, &player) in t.seating(number).iter().enumerate() {
                seen[player][seat] = true;
            }
        }
        assert!(seen.iter().flatten().all(|&s| s));
        assert_ne!(t.game_seed(2), t.game_seed(3));
    }
}
