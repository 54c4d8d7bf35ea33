//! Tournaments between strengths at Château Noir: how the players sit (two players
//! each commanding a team's two armies, four seats in two teams, or armies alone),
//! the seats rotated over the armies and teams so that no player keeps a corner or
//! the first move, each game's seed, one game played and timed, and the standings
//! with their 95 % intervals.
//!
//! Every game depends only on the tournament's seed and its number, so games can be
//! played in any order on any number of threads with the same results (all but the
//! timings, which are the processor time of the thread that played: what one core
//! spends, whatever else the machine runs). Games come in blocks of one seed, one
//! game per rotation, so that every player meets the same first army drawn from every
//! seat.
//!
//! ```
//! use std::sync::Arc;
//! use castellan_chateau::board::Board;
//! use castellan_chateau::bot::Strength;
//! use castellan_chateau::bot::tournament::{Layout, Tournament, standings};
//! use castellan_chateau::variant::Variant;
//!
//! let board = Arc::new(Board::reconstructed());
//! let variant = Variant { round_cap: Some(3), ..Variant::default() };
//! let tournament = Tournament::new(board, variant, Layout::TwoPlayers,
//!     vec![Strength::Normal, Strength::Easy], 7).unwrap();
//! let games: Vec<_> = (0..2).map(|i| tournament.play(i)).collect();
//! let table = standings(&tournament, &games);
//! assert_eq!(table.len(), 2);
//! assert_eq!(games[0].seats, [0, 1]);
//! assert_eq!(games[1].seats, [1, 0]);
//! ```

use std::sync::Arc;

use castellan_common::rng::{derive_seed, seeded};
use serde::Serialize;

use super::stats::{percentile, thread_cpu_seconds, wilson};
use super::{Cancel, Player, Strength, Thinking};
use crate::board::{ArmyId, Board};
use crate::game::{EndReason, Game, Outcome, Table};
use crate::variant::Variant;

/// Actions after which a game counts as unfinished (no game between the strengths
/// comes near it: the round cap ends them first).
pub const MAX_ACTIONS: usize = 200_000;

/// The rounds after which a tournament's game is decided on scores when its variant
/// sets no cap (ruling 25 has no end but 27 points or a Château noir).
pub const DEFAULT_ROUND_CAP: u32 = 400;

/// How the players of a tournament sit.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// Two players, each commanding one team's two armies (ruling 23).
    TwoPlayers,
    /// Four seats in two teams: each player is a team of two seats of its strength.
    Teams,
    /// Each player one army alone: four in the four corners, or two or three with
    /// corners left empty.
    Alone,
}

impl Layout {
    pub const ALL: [Layout; 3] = [Layout::TwoPlayers, Layout::Teams, Layout::Alone];

    /// Its id on the command line: `two-players`, `teams`, `alone`.
    pub fn id(self) -> &'static str {
        match self {
            Layout::TwoPlayers => "two-players",
            Layout::Teams => "teams",
            Layout::Alone => "alone",
        }
    }

    /// The layout of an id.
    pub fn from_id(id: &str) -> Option<Layout> {
        Layout::ALL.into_iter().find(|l| l.id() == id)
    }

    /// How many players it takes: (fewest, most).
    pub fn players(self) -> (usize, usize) {
        match self {
            Layout::TwoPlayers | Layout::Teams => (2, 2),
            Layout::Alone => (2, 4),
        }
    }
}

/// Why a tournament cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    #[error("{layout} takes {min} to {max} players, not {given}")]
    Players {
        layout: &'static str,
        min: usize,
        max: usize,
        given: usize,
    },
    #[error("{0}")]
    Table(#[from] crate::game::TableError),
}

/// A tournament: a board, rules, a layout, the players (by strength) and a seed.
#[derive(Clone, Debug)]
pub struct Tournament {
    pub board: Arc<Board>,
    pub variant: Variant,
    pub layout: Layout,
    pub players: Vec<Strength>,
    pub seed: u64,
    /// Scales the Expert's work budget (1: its full strength).
    pub effort: f64,
    /// Whether the players rotate over the seats in blocks of games sharing a seed
    /// (the default); the balance lab, whose seats all play alike, turns it off so
    /// that every game is an independent sample.
    pub rotate: bool,
    /// Stops the games in progress between two actions when raised (their results
    /// are then partial: the caller discards them).
    pub cancel: Cancel,
}

/// How one game went.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    pub number: u64,
    /// `seats[s]`: the player (index into [`Tournament::players`]) at seat `s`.
    pub seats: Vec<usize>,
    /// The armies each seat commanded.
    pub armies: Vec<Vec<ArmyId>>,
    /// The winning player; `None` for a draw or an unfinished game.
    pub winner: Option<usize>,
    /// The armies of the winning side.
    pub winning_armies: Vec<ArmyId>,
    /// How the match ended (`None`: unfinished).
    pub reason: Option<EndReason>,
    /// The army that moved first in the first partie.
    pub first: ArmyId,
    pub turns: u32,
    pub parties: u32,
    /// Seconds each decision took, per player (the thread's processor time:
    /// [`thread_cpu_seconds`]).
    pub decision_seconds: Vec<Vec<f32>>,
    /// Seconds each of a player's whole turns took, per player.
    pub turn_seconds: Vec<Vec<f32>>,
}

impl Tournament {
    /// A tournament of `players` sitting as `layout` says, seeded by `seed`. Without a
    /// round cap in the variant, games are decided on scores after
    /// [`DEFAULT_ROUND_CAP`] rounds.
    pub fn new(
        board: Arc<Board>,
        variant: Variant,
        layout: Layout,
        players: Vec<Strength>,
        seed: u64,
    ) -> Result<Self, TournamentError> {
        let (min, max) = layout.players();
        if !(min..=max).contains(&players.len()) {
            return Err(TournamentError::Players {
                layout: layout.id(),
                min,
                max,
                given: players.len(),
            });
        }
        let mut variant = variant;
        if variant.round_cap.is_none() {
            variant.round_cap = Some(DEFAULT_ROUND_CAP);
        }
        let tournament = Self {
            board,
            variant,
            layout,
            players,
            seed,
            effort: 1.0,
            rotate: true,
            cancel: Cancel::new(),
        };
        tournament.table().check(&tournament.board)?;
        Ok(tournament)
    }

    /// The table of every game: who commands which armies, teams or not.
    pub fn table(&self) -> Table {
        match self.layout {
            Layout::TwoPlayers => Table::two_players(&self.board),
            Layout::Teams => Table::four_in_teams(),
            Layout::Alone => match self.players.len() {
                2 => Table::single_armies(&[ArmyId(0), ArmyId(2)]),
                3 => Table::single_armies(&[ArmyId(0), ArmyId(1), ArmyId(2)]),
                _ => Table::four_alone(),
            },
        }
    }

    /// Games in a block sharing one seed: one per rotation.
    fn block(&self) -> u64 {
        if self.rotate {
            self.players.len() as u64
        } else {
            1
        }
    }

    /// Who sits where in game `number`: `seats[s]` is the player at seat `s`. Teams:
    /// seats 0 and 2 are one team, 1 and 3 the other.
    pub fn seating(&self, number: u64) -> Vec<usize> {
        let n = self.players.len();
        let shift = if self.rotate {
            (number % n as u64) as usize
        } else {
            0
        };
        match self.layout {
            Layout::Teams => (0..4).map(|seat| (seat % 2 + shift) % 2).collect(),
            _ => (0..n).map(|seat| (seat + shift) % n).collect(),
        }
    }

    /// The seed of game `number` (shared by its block).
    pub fn game_seed(&self, number: u64) -> u64 {
        derive_seed(self.seed, number / self.block())
    }

    /// Plays game `number` to its end.
    pub fn play(&self, number: u64) -> GameResult {
        let table = self.table();
        let seats = self.seating(number);
        let mut game = Game::new(
            self.board.clone(),
            self.variant.clone(),
            table.clone(),
            self.game_seed(number),
        )
        .expect("a tournament's table was checked");
        let first = game.mover();
        let thinking = Thinking {
            effort: self.effort,
            time_cap: None,
            cancel: self.cancel.clone(),
        };
        let mut players: Vec<Player> = seats
            .iter()
            .map(|&p| Player::new(self.players[p], thinking.clone()))
            .collect();
        let mut rng = seeded(derive_seed(self.seed ^ 0x5eed, number));
        let n = self.players.len();
        let mut decision_seconds = vec![Vec::new(); n];
        let mut turn_seconds = vec![Vec::new(); n];
        // The turn being timed: (its number in the match, its player, seconds so far).
        let mut clock: Option<(u32, usize, f32)> = None;
        let mut actions = 0;
        while actions < MAX_ACTIONS && !self.cancel.is_cancelled() {
            let Some(seat) = game.pending_seat() else {
                break;
            };
            let player = seats[seat.index()];
            let turn = game.turns();
            let started = thread_cpu_seconds();
            let Some((seat, action)) = players[seat.index()].choose(&game, &mut rng) else {
                break;
            };
            let took = (thread_cpu_seconds() - started) as f32;
            decision_seconds[player].push(took);
            match &mut clock {
                Some((number, who, total)) if *number == turn && *who == player => {
                    *total += took;
                }
                _ => {
                    if let Some((_, who, total)) = clock.take() {
                        turn_seconds[who].push(total);
                    }
                    clock = Some((turn, player, took));
                }
            }
            game.apply(seat, action)
                .expect("every strength plays only legal actions");
            actions += 1;
        }
        if let Some((_, who, total)) = clock {
            turn_seconds[who].push(total);
        }
        let (winner, winning_armies, reason) = match game.outcome() {
            Some(Outcome::Won { side, reason }) => {
                let armies = game.sides().armies(*side);
                let seat = crate::board::armies_of(armies)
                    .find_map(|army| table.seat_of(army))
                    .expect("a winning side is seated");
                (
                    Some(seats[seat.index()]),
                    crate::board::armies_of(armies).collect(),
                    Some(*reason),
                )
            }
            Some(Outcome::Drawn { reason }) => (None, Vec::new(), Some(*reason)),
            None => (None, Vec::new(), None),
        };
        GameResult {
            number,
            armies: table.seats.clone(),
            seats,
            winner,
            winning_armies,
            reason,
            first,
            turns: game.turns(),
            parties: game.partie(),
            decision_seconds,
            turn_seconds,
        }
    }
}

/// Plays games `0..games` on `threads` threads (0: one per core): `play(number)`
/// plays one, `done` is handed each result as it finishes. Once `cancel` is raised no
/// game starts.
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
        Err(_) => play_all(),
    }
}

/// One player's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    pub player: usize,
    pub strength: Strength,
    pub games: u64,
    pub wins: u64,
    pub draws: u64,
    pub win_rate: f64,
    /// The win rate's 95 % interval (Wilson).
    pub interval: (f64, f64),
    /// Mean turns of the games it played.
    pub mean_turns: f64,
    /// Its decisions' processor time (seconds), median and 95th percentile.
    pub decision_p50: f64,
    pub decision_p95: f64,
    /// Its whole turns' processor time (seconds), median and 95th percentile.
    pub turn_p50: f64,
    pub turn_p95: f64,
}

/// The standings after `games`, one row per player in order.
pub fn standings(tournament: &Tournament, games: &[GameResult]) -> Vec<Standing> {
    (0..tournament.players.len())
        .map(|player| {
            let played = games.len() as u64;
            let wins = games.iter().filter(|g| g.winner == Some(player)).count() as u64;
            let draws = games
                .iter()
                .filter(|g| g.winner.is_none() && g.reason.is_some())
                .count() as u64;
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
                draws,
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
                turn_p95: percentile(&mut turns, 0.95),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tournament(layout: Layout, players: Vec<Strength>) -> Tournament {
        let board = Arc::new(Board::reconstructed());
        Tournament::new(board, Variant::default(), layout, players, 3).unwrap()
    }

    #[test]
    fn every_player_takes_every_seat_in_a_block() {
        let t = tournament(
            Layout::Alone,
            vec![
                Strength::Expert,
                Strength::Normal,
                Strength::Normal,
                Strength::Normal,
            ],
        );
        let mut seen = [[false; 4]; 4];
        for number in 4..8 {
            assert_eq!(t.game_seed(number), t.game_seed(4));
            for (seat, &player) in t.seating(number).iter().enumerate() {
                seen[player][seat] = true;
            }
        }
        assert!(seen.iter().flatten().all(|&s| s));
        assert_ne!(t.game_seed(3), t.game_seed(4));
    }

    #[test]
    fn teams_sit_diagonally_and_swap_sides() {
        let t = tournament(Layout::Teams, vec![Strength::Expert, Strength::Normal]);
        assert_eq!(t.seating(0), [0, 1, 0, 1]);
        assert_eq!(t.seating(1), [1, 0, 1, 0]);
        assert!(t.table().teams);
    }

    #[test]
    fn a_layout_refuses_the_wrong_number_of_players() {
        let board = Arc::new(Board::reconstructed());
        let error = Tournament::new(
            board,
            Variant::default(),
            Layout::TwoPlayers,
            vec![Strength::Easy; 3],
            1,
        )
        .unwrap_err();
        assert!(error.to_string().contains("two-players"), "{error}");
    }
}
