//! The lab's running totals: every figure of every game played so far, added up.
//!
//! Totals are whole numbers only, so adding games in any order (as threads finish
//! them) gives the very same tally: a run is reproducible from its seed whatever the
//! number of threads.

use std::collections::BTreeMap;

use super::record::{ArmySources, CardUse, Ending, GameRecord, MAX_SEATS};
use crate::game::Card;

/// Totals over the games played so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Seats at each game.
    pub seats: usize,
    /// Games played to their end (won, drawn or stalled).
    pub games: u64,
    pub won: u64,
    pub drawn: u64,
    pub stalled: u64,
    /// Won games in which the empire (by [`crate::board::GroupId`] index) was drawn.
    pub empire_games: Vec<u64>,
    /// Won games whose winner had drawn the empire.
    pub empire_wins: Vec<u64>,
    /// Won games won by the seat in each position of the order of play (0: first).
    pub position_wins: [u64; MAX_SEATS],
    /// Games by their length in turns.
    pub turns: BTreeMap<u32, u64>,
    /// Armies by their source, over all games.
    pub armies: ArmySources,
    /// `cards[card.index()][position]`: use of each card by position of play.
    pub cards: [[CardUse; MAX_SEATS]; 6],
}

impl Tally {
    /// No games yet, for `seats` seats on a board of `groups` groups.
    pub fn new(seats: usize, groups: usize) -> Self {
        Self {
            seats,
            games: 0,
            won: 0,
            drawn: 0,
            stalled: 0,
            empire_games: vec![0; groups],
            empire_wins: vec![0; groups],
            position_wins: [0; MAX_SEATS],
            turns: BTreeMap::new(),
            armies: ArmySources {
                empire_spoils: vec![0; groups],
                ..ArmySources::default()
            },
            cards: [[CardUse::default(); MAX_SEATS]; 6],
        }
    }

    /// Adds one game.
    pub fn add(&mut self, game: &GameRecord) {
        self.games += 1;
        *self.turns.entry(game.turns).or_default() += 1;
        self.armies.add(&game.armies);
        match game.ending {
            Ending::Won(winner) => {
                self.won += 1;
                for (seat, empire) in game.empires.iter().enumerate() {
                    let Some(empire) = empire else { continue };
                    if let Some(count) = self.empire_games.get_mut(empire.index()) {
                        *count += 1;
                        if seat == winner.index() {
                            self.empire_wins[empire.index()] += 1;
                        }
                    }
                }
                if let Some(position) = game.position(winner) {
                    self.position_wins[position] += 1;
                }
            }
            Ending::Drawn => self.drawn += 1,
            Ending::Stalled => self.stalled += 1,
        }
        for card in Card::ALL {
            for seat in 0..game.empires.len().min(MAX_SEATS) {
                let position = game.position(crate::game::Seat(seat as u8)).unwrap_or(seat);
                let used = game.cards[card.index()][seat];
                let total = &mut self.cards[card.index()][position];
                total.played += used.played;
                total.won += used.won;
                total.lost += used.lost;
            }
        }
    }

    /// Mean turns per game.
    pub fn mean_turns(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        let sum: f64 = self
            .turns
            .iter()
            .map(|(&turns, &count)| f64::from(turns) * count as f64)
            .sum();
        sum / self.games as f64
    }

    /// The variance of turns per game (of the sample).
    pub fn turns_variance(&self) -> f64 {
        if self.games < 2 {
            return 0.0;
        }
        let mean = self.mean_turns();
        let squares: f64 = self
            .turns
            .iter()
            .map(|(&turns, &count)| (f64::from(turns) - mean).powi(2) * count as f64)
            .sum();
        squares / (self.games - 1) as f64
    }

    /// The length in turns that a share `q` (0 to 1) of games do not exceed.
    pub fn turns_quantile(&self, q: f64) -> u32 {
        let target = ((self.games as f64) * q.clamp(0.0, 1.0)).ceil().max(1.0) as u64;
        let mut seen = 0;
        for (&turns, &count) in &self.turns {
            seen += count;
            if seen >= target {
                return turns;
            }
        }
        0
    }
}
