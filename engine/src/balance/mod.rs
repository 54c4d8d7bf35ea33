//! The balance lab: plays a board and variant many times with computer players of one
//! strength at every seat, on every core, and says what it finds: which empires and
//! which places in the order of play win more or less than their fair share (with
//! 95 % intervals and a test), how long games last and how often they stall, where
//! armies come from and how the cards are used; and two runs compared.
//!
//! The games are the tournament's ([`crate::bot::tournament`]), played by its runner
//! on every core, with the players not rotated so that every game has a seed of its
//! own. A run depends only on its seed:
//! each game's figures are whole numbers added into a [`Tally`], so the totals are the
//! same on one thread or many.
//!
//! ```
//! use std::sync::Arc;
//! use castellan_engine::balance::{Lab, Report};
//! use castellan_engine::board::parse_board;
//! use castellan_engine::bot::{Cancel, Strength};
//! use castellan_engine::variant::Variant;
//!
//! let source = include_str!("../../../data/boards/castle-risk.toml");
//! let board = Arc::new(parse_board(source, "castle-risk.toml").unwrap());
//! let lab = Lab::new(board.clone(), Variant::rulebook(), 4, Strength::Normal, 7).unwrap();
//! let tally = lab.run(40, 1, &Cancel::new(), &|_| {});
//! assert_eq!(tally.games, 40);
//! let report = Report::new(&tally, &board);
//! assert_eq!(report.positions.len(), 4);
//! assert_eq!(report.positions.iter().map(|p| p.wins).sum::<u64>(), report.won);
//! ```

mod compare;
mod record;
mod report;
pub mod stats;
mod tally;

use std::sync::{Arc, Mutex};

use crate::board::Board;
use crate::bot::tournament::{Tournament, play_games};
use crate::bot::{Cancel, Strength};
use crate::game::{Game, NewGameError};
use crate::variant::Variant;

pub use compare::{Comparison, DeltaLine};
pub use record::{ArmySources, CardUse, Ending, GameRecord, MAX_SEATS};
pub use report::{EmpireLine, Leaning, Report, Share, Source, SourceLine};
pub use tally::Tally;

/// The most games one run plays.
pub const MAX_GAMES: u64 = 10_000_000;

/// The Expert's thinking in the lab, against its budget at the table: a quarter, so
/// that a hundred four-seat Expert games take well under two minutes on two cores
/// (`docs/balance.md` has the figures). The Easy and Normal players do not search.
pub const LAB_EXPERT_EFFORT: f64 = 0.25;

/// A lab: what to play, and the seed of the whole run.
#[derive(Clone, Debug)]
pub struct Lab {
    tournament: Tournament,
}

impl Lab {
    /// A lab playing `board` under `variant` with `seats` players of `strength`, from
    /// `seed`; refused when no game can start with them.
    pub fn new(
        board: Arc<Board>,
        variant: Variant,
        seats: usize,
        strength: Strength,
        seed: u64,
    ) -> Result<Self, NewGameError> {
        Game::new(board.clone(), variant.clone(), seats, seed)?;
        let mut tournament = Tournament::new(board, variant, vec![strength.into(); seats], seed);
        tournament.rotate = false;
        tournament.effort = LAB_EXPERT_EFFORT;
        Ok(Self { tournament })
    }

    /// Scales the Expert's thinking (1 is its budget at the table; the lab starts at
    /// [`LAB_EXPERT_EFFORT`]).
    pub fn with_effort(mut self, effort: f64) -> Self {
        self.tournament.effort = effort;
        self
    }

    pub fn board(&self) -> &Arc<Board> {
        &self.tournament.board
    }

    pub fn seats(&self) -> usize {
        self.tournament.players.len()
    }

    /// An empty tally for this lab's games.
    pub fn tally(&self) -> Tally {
        Tally::new(self.seats(), self.tournament.board.groups.len())
    }

    /// Plays game `number` of the run and records it.
    pub fn play(&self, number: u64) -> GameRecord {
        play(&self.tournament, number)
    }

    /// Plays games `0..games` on `threads` threads (0: one per core) and adds them
    /// up. After each game, `progress` is shown the totals so far (under a lock:
    /// it must be quick). When `cancel` is raised, the games in progress stop at
    /// their next action and are left out; the call returns once no game is being
    /// played, with the games finished before.
    pub fn run(
        &self,
        games: u64,
        threads: usize,
        cancel: &Cancel,
        progress: &(dyn Fn(&Tally) + Sync),
    ) -> Tally {
        let mut tournament = self.tournament.clone();
        tournament.cancel = cancel.clone();
        let totals = Mutex::new(self.tally());
        play_games(
            games.min(MAX_GAMES),
            threads,
            cancel,
            &|number| play(&tournament, number),
            &|record| {
                // A game cut short by the cancel is partial: left out.
                if cancel.is_cancelled() {
                    return;
                }
                let mut totals = totals.lock().unwrap_or_else(|poison| poison.into_inner());
                totals.add(&record);
                progress(&totals);
            },
        );
        totals
            .into_inner()
            .unwrap_or_else(|poison| poison.into_inner())
    }
}

fn play(tournament: &Tournament, number: u64) -> GameRecord {
    let mut record = GameRecord::new(tournament.players.len(), tournament.board.groups.len());
    tournament.play_observed(number, &mut |game, events| record.observe(game, events));
    record
}
