//! Tournaments between strengths and sparring partners ([`Contender`]s): which seat
//! each player takes in each game (rotated, so that seat order and the empires drawn
//! are balanced), each game's seeds, one game played, timed and watched (stalls, cards
//! held, castles left open: `watch`), and the standings with their confidence
//! intervals.
//!
//! Every game depends only on the tournament's seed and its own number, so games can
//! be played in any order, on any number of threads, and give the same results (all
//! but the timings). `castellan tournament` plays them on every core.
//!
//! ```
//! use std::sync::Arc;
//! use castellan_engine::board::parse_board;
//! use castellan_engine::bot::{Contender, Sparring, Strength};
//! use castellan_engine::bot::tournament::{Tournament, standings};
//! use castellan_engine::variant::Variant;
//!
//! let source = include_str!("../../../data/boards/castle-risk.toml");
//! let board = Arc::new(parse_board(source, "castle-risk.toml").unwrap());
//! let players = vec![Contender::from(Strength::Normal), Contender::from(Sparring::Turtle)];
//! let tournament = Tournament::new(board, Variant::rulebook(), players, 7);
//! let games: Vec<_> = (0..4).map(|i| tournament.play(i)).collect();
//! let table = standings(&tournament, &games);
//! assert_eq!(table.len(), 2);
//! assert_eq!(table.iter().map(|s| s.wins).sum::<u64>() + games.iter().filter(|g| g.winner.is_none()).count() as u64, 4);
//! ```

use std::sync::Arc;
use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::watch::{DOMINANT_STALL_TURNS, SeatWatch, Watcher};
use super::{Cancel, Contender, Policy, SeatSight, Thinking};
use crate::board::Board;
use crate::game::{Event, Game, LegalActions, Seat};
use crate::variant::Variant;

/// Actions after which a game counts as unfinished (no game between the strengths
/// comes near it).
pub const MAX_ACTIONS: usize = 50_000;

/// A tournament: a board, rules, the players (one per seat) and a seed.
#[derive(Clone, Debug)]
pub struct Tournament {
    pub board: Arc<Board>,
    pub variant: Variant,
    pub players: Vec<Contender>,
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
    /// The winning player; `None` if the game was drawn or did not finish.
    pub winner: Option<usize>,
    /// Whether the game ended in a draw (ruling 24).
    pub drawn: bool,
    /// Turns played.
    pub turns: u32,
    /// Actions played.
    pub actions: usize,
    /// Seconds each decision took, per player.
    pub decision_seconds: Vec<Vec<f32>>,
    /// Seconds each of a player's own turns took (its decisions in it), per player.
    pub turn_seconds: Vec<Vec<f32>>,
    /// What was watched of each player's play (stalls, cards, open castles).
    pub watch: Vec<SeatWatch>,
}

impl Tournament {
    /// A tournament of `players` (2 to 6), seeded by `seed`.
    pub fn new(board: Arc<Board>, variant: Variant, players: Vec<Contender>, seed: u64) -> Self {
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
        let mut watcher = Watcher::new(self.players.len() + 1);
        let mut result = self.play_inner(number, &mut |game, events| {
            watcher.observe(game, events);
            observe(game, events);
        });
        let by_seat = watcher.finish();
        result.watch = (0..self.players.len())
            .map(|player| {
                let seat = result
                    .seats
                    .iter()
                    .position(|&p| p == player)
                    .expect("every player has a seat");
                by_seat[seat].clone()
            })
            .collect();
        result
    }

    fn play_inner(&self, number: u64, observe: &mut dyn FnMut(&Game, &[Event])) -> GameResult {
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
            drawn: game.is_drawn(),
            seats,
            turns: game.turn_number(),
            actions,
            decision_seconds,
            turn_seconds,
            watch: Vec::new(),
        }
    }
}

/// Plays games `0..games` of a tournament (or a lab) on `threads` threads (0: one per
/// core): `play(number)` plays one, `done` is handed each result as it finishes, in
/// whatever order threads finish them. Once `cancel` is raised no game starts; the
/// call returns when no game is being played. Results depend only on the game's
/// number, so callers that add them up or sort them get the same on any thread count.
pub fn play_games<R: Send>(
    games: u64,
    threads: usize,
    cancel: &Cancel,
    play: &(dyn Fn(u64) -> R + Sync),
    done: &(dyn Fn(R) + Sync),
) {
    use rayon::prelude::*;
    let play_all = || {
        (0..games).into_par_iter().for_each(|number| {
            if !cancel.is_cancelled() {
                done(play(number));
            }
        });
    };
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(play_all),
        // No pool of our own (the system refused threads): rayon's global one.
        Err(_) => play_all(),
    }
}

/// One player's results.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    pub player: usize,
    pub contender: Contender,
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
    /// Median and 95th percentile of its own whole turns' time, in seconds.
    pub turn_p50: f64,
    pub turn_p95: f64,
    /// Games drawn (ruling 24) among those it played.
    pub drawn: u64,
    /// Its turns, and the share of them in which it took no territory.
    pub turns: u64,
    pub quiet_share: f64,
    /// The longest run of its turns without a capture, in any game, and the mean
    /// over games of each game's longest.
    pub longest_quiet: u32,
    pub mean_longest_quiet: f64,
    /// Games in which it went [`DOMINANT_STALL_TURNS`] turns or more in a row without
    /// a capture while holding twice the armies of every other seat, and the longest
    /// such run.
    pub dominant_stalls: u64,
    pub longest_dominant_quiet: u32,
    /// Cards held at the end of its turns: the mean, and the most.
    pub mean_cards_at_end: f64,
    pub most_cards: u32,
    /// Turns it ended with its castle (classic: its last continent) open to an
    /// attack at 60 % or more, and of those the ones a placement or fortifying move
    /// of that turn could have closed.
    pub open_ends: u64,
    pub preventable_open_ends: u64,
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
            let mut turns_taken: Vec<f32> = games
                .iter()
                .flat_map(|g| g.turn_seconds[player].iter().copied())
                .collect();
            let mean_turns = if games.is_empty() {
                0.0
            } else {
                games.iter().map(|g| f64::from(g.turns)).sum::<f64>() / games.len() as f64
            };
            let watched: Vec<&SeatWatch> = games.iter().map(|g| &g.watch[player]).collect();
            let turns: u64 = watched.iter().map(|w| u64::from(w.turns)).sum();
            let ratio = |part: f64, whole: f64| if whole > 0.0 { part / whole } else { 0.0 };
            Standing {
                player,
                contender: tournament.players[player],
                games: played,
                wins,
                win_rate: ratio(wins as f64, played as f64),
                interval: wilson(wins, played),
                mean_turns,
                decision_p50: percentile(&mut decisions, 0.5),
                decision_p95: percentile(&mut decisions, 0.95),
                turn_p50: percentile(&mut turns_taken, 0.5),
                turn_p95: percentile(&mut turns_taken, 0.95),
                drawn: games.iter().filter(|g| g.drawn).count() as u64,
                turns,
                quiet_share: ratio(
                    watched.iter().map(|w| f64::from(w.quiet_turns)).sum(),
                    turns as f64,
                ),
                longest_quiet: watched.iter().map(|w| w.longest_quiet).max().unwrap_or(0),
                mean_longest_quiet: ratio(
                    watched.iter().map(|w| f64::from(w.longest_quiet)).sum(),
                    watched.len() as f64,
                ),
                dominant_stalls: watched
                    .iter()
                    .filter(|w| w.longest_dominant_quiet >= DOMINANT_STALL_TURNS)
                    .count() as u64,
                longest_dominant_quiet: watched
                    .iter()
                    .map(|w| w.longest_dominant_quiet)
                    .max()
                    .unwrap_or(0),
                mean_cards_at_end: ratio(
                    watched.iter().map(|w| w.cards_at_end as f64).sum(),
                    turns as f64,
                ),
                most_cards: watched.iter().map(|w| w.most_cards).max().unwrap_or(0),
                open_ends: watched.iter().map(|w| u64::from(w.open_ends)).sum(),
                preventable_open_ends: watched
                    .iter()
                    .map(|w| u64::from(w.preventable_open_ends))
                    .sum(),
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
            vec![
                crate::bot::Strength::Expert.into(),
                crate::bot::Strength::Normal.into(),
                crate::bot::Strength::Normal.into(),
            ],
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
