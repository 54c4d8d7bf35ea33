//! The lab's findings from a tally: each empire's and each position's share of the
//! wins against its fair share (with the interval and the test), how often games
//! stall, how long they last, where armies come from and how cards are used.
//!
//! A win rate counts won games only: a drawn or stalled game has no winner to credit,
//! and is reported on its own line. So an empire drawn at a table of four has a fair
//! share of one in four, whatever the draws.

use serde::Serialize;

use super::record::{CardUse, MAX_SEATS};
use super::stats::{ALPHA, score_test, wilson};
use super::tally::Tally;
use crate::board::{Board, GroupId, GroupKind};

/// A share of games against its fair value.
#[derive(Copy, Clone, Debug, PartialEq, Serialize)]
pub struct Share {
    pub wins: u64,
    pub games: u64,
    /// `wins / games`, 0 without games.
    pub rate: f64,
    /// The 95 % Wilson interval of the rate.
    pub interval: (f64, f64),
    /// What the rate would be if nothing favoured anyone.
    pub fair: f64,
    /// The two-sided p-value of the score test of the rate against `fair`.
    pub p_value: f64,
}

/// Which way a share leans from its fair value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Leaning {
    /// Significantly more than fair.
    Above,
    /// Significantly less than fair.
    Below,
    /// Not significantly different (or too few games to tell).
    Fair,
}

impl Share {
    /// `wins` out of `games` against a fair rate `fair`.
    pub fn new(wins: u64, games: u64, fair: f64) -> Self {
        Self {
            wins,
            games,
            rate: if games == 0 {
                0.0
            } else {
                wins as f64 / games as f64
            },
            interval: wilson(wins, games),
            fair,
            p_value: score_test(wins, games, fair),
        }
    }

    /// Whether the rate differs from the fair share at the 5 % level.
    pub fn significant(&self) -> bool {
        self.games > 0 && self.p_value < ALPHA
    }

    pub fn leaning(&self) -> Leaning {
        match (self.significant(), self.rate > self.fair) {
            (false, _) => Leaning::Fair,
            (true, true) => Leaning::Above,
            (true, false) => Leaning::Below,
        }
    }

    /// Whether every game went one way (all won, or none).
    pub fn certain(&self) -> bool {
        self.games > 0 && (self.wins == self.games || self.wins == 0)
    }
}

/// One empire's line.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EmpireLine {
    pub empire: GroupId,
    /// The empire's key in the board file (`"austrian"`), to match boards up.
    pub key: String,
    /// Its name, as the board file writes it.
    pub name: String,
    /// Wins of the seat that drew it, out of the won games in which it was drawn.
    pub share: Share,
}

/// Where armies came from, as means per game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SourceLine {
    pub source: Source,
    pub per_game: f64,
}

/// A source of armies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// Spoils for holding this empire whole (its key and name).
    Empire { key: String, name: String },
    /// Spoils for independent regions.
    Independents,
    /// Spoils for captured banners.
    Banners,
    /// Reinforcement cards.
    Reinforcements,
    /// Hidden armies revealed.
    Hidden,
}

/// Everything the lab found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub seats: usize,
    pub games: u64,
    pub won: u64,
    pub drawn: u64,
    pub stalled: u64,
    /// Every empire of the board, in the board's order.
    pub empires: Vec<EmpireLine>,
    /// `positions[p]`: wins of the seat that played `p + 1`-th.
    pub positions: Vec<Share>,
    /// Games that ended without a winner (drawn or stalled), out of all; the fair
    /// value is 0, as every game should be won.
    pub unfinished: Share,
    pub mean_turns: f64,
    pub turns_variance: f64,
    pub median_turns: u32,
    /// The length nine games in ten do not exceed.
    pub p90_turns: u32,
    /// Games by length in turns, shortest first.
    pub turns: Vec<(u32, u64)>,
    pub sources: Vec<SourceLine>,
    /// `cards[card.index()][position]`, positions `0..seats`.
    pub cards: Vec<Vec<CardUse>>,
}

impl Report {
    /// The findings of `tally`, played on `board`.
    pub fn new(tally: &Tally, board: &Board) -> Self {
        let seats = tally.seats.clamp(1, MAX_SEATS);
        let fair = 1.0 / seats as f64;
        let per_game = |total: u64| {
            if tally.games == 0 {
                0.0
            } else {
                total as f64 / tally.games as f64
            }
        };
        let empire_ids: Vec<GroupId> = board
            .group_ids()
            .filter(|&g| board.group(g).kind == GroupKind::Empire)
            .collect();
        let empires = empire_ids
            .iter()
            .map(|&g| {
                let i = g.index();
                EmpireLine {
                    empire: g,
                    key: board.group(g).key.clone(),
                    name: board.group(g).name.clone(),
                    share: Share::new(
                        tally.empire_wins.get(i).copied().unwrap_or(0),
                        tally.empire_games.get(i).copied().unwrap_or(0),
                        fair,
                    ),
                }
            })
            .collect();
        let mut sources: Vec<SourceLine> = empire_ids
            .iter()
            .map(|&g| SourceLine {
                source: Source::Empire {
                    key: board.group(g).key.clone(),
                    name: board.group(g).name.clone(),
                },
                per_game: per_game(
                    tally
                        .armies
                        .empire_spoils
                        .get(g.index())
                        .copied()
                        .unwrap_or(0),
                ),
            })
            .collect();
        for (source, total) in [
            (Source::Independents, tally.armies.independents),
            (Source::Banners, tally.armies.banners),
            (Source::Reinforcements, tally.armies.reinforcements),
            (Source::Hidden, tally.armies.hidden),
        ] {
            sources.push(SourceLine {
                source,
                per_game: per_game(total),
            });
        }
        Report {
            seats,
            games: tally.games,
            won: tally.won,
            drawn: tally.drawn,
            stalled: tally.stalled,
            empires,
            positions: (0..seats)
                .map(|p| Share::new(tally.position_wins[p], tally.won, fair))
                .collect(),
            unfinished: Share::new(tally.drawn + tally.stalled, tally.games, 0.0),
            mean_turns: tally.mean_turns(),
            turns_variance: tally.turns_variance(),
            median_turns: tally.turns_quantile(0.5),
            p90_turns: tally.turns_quantile(0.9),
            turns: tally.turns.iter().map(|(&t, &c)| (t, c)).collect(),
            sources,
            cards: tally
                .cards
                .iter()
                .map(|by_position| by_position[..seats].to_vec())
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_certain_share_is_significant_and_certain() {
        let share = Share::new(200, 200, 0.25);
        assert!(share.certain());
        assert_eq!(share.leaning(), Leaning::Above);
        assert!(share.interval.0 > 0.98);
        let fair = Share::new(26, 100, 0.25);
        assert_eq!(fair.leaning(), Leaning::Fair);
        let none = Share::new(0, 0, 0.25);
        assert!(!none.significant() && !none.certain());
    }
}
