//! The balance lab for Château Noir: one strength at every seat, many games, and what
//! they say about the board: each corner's (army's) win rate, the advantage of the
//! army that moves first (drawn at random by the game, IV.2), the win rate by place
//! in the play order, how the matches ended and how long they took. Every game has a
//! seed of its own (no rotation: the seats all play alike), so the games are
//! independent samples and the intervals mean what they say.
//!
//! ```
//! use std::sync::Arc;
//! use castellan_chateau::board::Board;
//! use castellan_chateau::bot::Strength;
//! use castellan_chateau::bot::balance::Lab;
//! use castellan_chateau::bot::tournament::Layout;
//! use castellan_chateau::variant::Variant;
//!
//! let board = Arc::new(Board::reconstructed());
//! let variant = Variant { round_cap: Some(2), ..Variant::default() };
//! let lab = Lab::new(board, variant, Layout::Alone, 4, Strength::Easy, 1).unwrap();
//! let report = lab.run(4, 1, &|_| {});
//! assert_eq!(report.games, 4);
//! assert_eq!(report.armies.len(), 4);
//! ```

use std::sync::{Arc, Mutex};

use serde::Serialize;

use super::stats::wilson;
use super::tournament::{GameResult, Layout, Tournament, TournamentError, play_games};
use super::{Cancel, Strength};
use crate::board::{ArmyId, Board};
use crate::game::EndReason;
use crate::variant::Variant;

/// A win rate out of some games, with its 95 % interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Rate {
    pub wins: u64,
    pub games: u64,
    pub rate: f64,
    pub interval: (f64, f64),
}

impl Rate {
    fn new(wins: u64, games: u64) -> Self {
        Self {
            wins,
            games,
            rate: if games == 0 {
                0.0
            } else {
                wins as f64 / games as f64
            },
            interval: wilson(wins, games),
        }
    }
}

/// One army's (one corner's) results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ArmyRate {
    pub army: ArmyId,
    /// Its id in the board file: `red`.
    pub id: String,
    pub name: String,
    /// How often its side won.
    pub wins: Rate,
}

/// What the lab found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub games: u64,
    /// Sides at each game: the fair share of a win is one over this.
    pub sides: usize,
    pub armies: Vec<ArmyRate>,
    /// How often the side of the army that moved first won.
    pub first: Rate,
    /// How often the side of the army at each place in the play order (the first
    /// army first) won.
    pub by_place: Vec<Rate>,
    pub draws: u64,
    pub unfinished: u64,
    pub mean_turns: f64,
    pub mean_parties: f64,
    /// How the matches ended, as (reason, games).
    pub endings: Vec<(EndReason, u64)>,
}

/// A balance lab: a tournament of one strength without rotation.
pub struct Lab {
    tournament: Tournament,
}

impl Lab {
    /// A lab of `seats` players of `strength` seated as `layout` (for teams and two
    /// players, `seats` is ignored: they take 2 players).
    pub fn new(
        board: Arc<Board>,
        variant: Variant,
        layout: Layout,
        seats: usize,
        strength: Strength,
        seed: u64,
    ) -> Result<Self, TournamentError> {
        let players = match layout {
            Layout::Alone => seats,
            _ => 2,
        };
        let mut tournament =
            Tournament::new(board, variant, layout, vec![strength; players], seed)?;
        tournament.rotate = false;
        tournament.effort = 0.25;
        Ok(Self { tournament })
    }

    /// Sets the Expert's effort (see [`Tournament::effort`]).
    pub fn with_effort(mut self, effort: f64) -> Self {
        self.tournament.effort = effort;
        self
    }

    /// The flag that stops its games.
    pub fn cancel(&self) -> Cancel {
        self.tournament.cancel.clone()
    }

    /// The board played.
    pub fn board(&self) -> &Board {
        &self.tournament.board
    }

    /// Plays `games` games on `threads` threads (0: every core), calling `done` with
    /// each game's number as it finishes.
    pub fn run(&self, games: u64, threads: usize, done: &(dyn Fn(u64) + Sync)) -> Report {
        let results = Mutex::new(Vec::new());
        let cancel = self.tournament.cancel.clone();
        play_games(
            games,
            threads,
            &cancel,
            &|number| self.tournament.play(number),
            &|result: GameResult| {
                done(result.number);
                results
                    .lock()
                    .unwrap_or_else(|poison| poison.into_inner())
                    .push(result);
            },
        );
        let mut results = results
            .into_inner()
            .unwrap_or_else(|poison| poison.into_inner());
        results.sort_by_key(|r| r.number);
        self.report(&results)
    }

    fn report(&self, results: &[GameResult]) -> Report {
        let board = &self.tournament.board;
        let table = self.tournament.table();
        let in_game = table.armies();
        let sides = crate::game::Sides::new(board, &table);
        let games = results.len() as u64;
        let won = |r: &GameResult, army: ArmyId| r.winning_armies.contains(&army);
        let armies = crate::board::armies_of(in_game)
            .map(|army| ArmyRate {
                army,
                id: board.army(army).id.clone(),
                name: board.army(army).name.clone(),
                wins: Rate::new(
                    results.iter().filter(|r| won(r, army)).count() as u64,
                    games,
                ),
            })
            .collect();
        let first = Rate::new(
            results.iter().filter(|r| won(r, r.first)).count() as u64,
            games,
        );
        // The armies in play order from the first.
        let count = board.armies().len() as u8;
        let places = in_game.count_ones() as usize;
        let by_place = (0..places)
            .map(|place| {
                let wins = results
                    .iter()
                    .filter(|r| {
                        let order: Vec<ArmyId> = (0..count)
                            .map(|step| ArmyId((r.first.0 + step) % count))
                            .filter(|a| in_game & a.bit() != 0)
                            .collect();
                        order.get(place).is_some_and(|&a| won(r, a))
                    })
                    .count() as u64;
                Rate::new(wins, games)
            })
            .collect();
        let mut endings: Vec<(EndReason, u64)> = Vec::new();
        for r in results {
            if let Some(reason) = r.reason {
                match endings.iter_mut().find(|(e, _)| *e == reason) {
                    Some((_, n)) => *n += 1,
                    None => endings.push((reason, 1)),
                }
            }
        }
        let mean = |f: &dyn Fn(&GameResult) -> f64| {
            if results.is_empty() {
                0.0
            } else {
                results.iter().map(f).sum::<f64>() / results.len() as f64
            }
        };
        Report {
            games,
            sides: sides.count(),
            armies,
            first,
            by_place,
            draws: results
                .iter()
                .filter(|r| r.winner.is_none() && r.reason.is_some())
                .count() as u64,
            unfinished: results.iter().filter(|r| r.reason.is_none()).count() as u64,
            mean_turns: mean(&|r| f64::from(r.turns)),
            mean_parties: mean(&|r| f64::from(r.parties)),
            endings,
        }
    }
}
