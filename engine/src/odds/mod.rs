//! Exact battle odds: what a single roll can do ([`roll_distribution`]) and how a whole
//! attack can end ([`odds`]), computed exactly rather than sampled.
//!
//! Both read the dice through [`crate::battle::resolve_roll`], so the odds the player is
//! shown and the battles the game fights can never disagree. The single-roll tables live
//! in `roll`; the dynamic programme over a whole attack lives in `attack`.
//!
//! ```
//! use castellan_engine::odds::{odds, OddsOptions};
//!
//! let plain = odds(10, 10, OddsOptions::default()).unwrap();
//! let castle = odds(10, 10, OddsOptions { castle: true, ..Default::default() }).unwrap();
//! assert!((plain.attacker_win_probability() - 0.5676).abs() < 1e-4);
//! assert!(castle.attacker_win_probability() < plain.attacker_win_probability());
//! ```

mod attack;
mod roll;

pub use attack::{EndState, Odds, OddsOptions, odds, odds_work};
pub use roll::{
    OutcomeCount, RollDistribution, attacker_dice, attacker_dice_at_most, defender_dice,
    roll_distribution,
};

use thiserror::Error;

/// The largest army, on either side, whose odds are computed.
pub const MAX_ARMIES: u32 = 100_000;

/// The most work one computation of odds may take: attacking armies × defending
/// armies × the states of the committed cards (1 without cards, 2 with a General or
/// a Marshall, 4 with both). At this size the exact odds take about a second (0.9 s
/// for 10,000 against 10,000 on a 2020 laptop core), so no request can keep a session
/// or a window waiting for minutes.
pub const MAX_WORK: u64 = 100_000_000;

/// Why odds could not be computed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Error)]
pub enum OddsError {
    /// More attacking armies than [`MAX_ARMIES`].
    #[error("{armies} attacking armies is more than the {limit} odds are computed for")]
    TooManyAttackers { armies: u32, limit: u32 },
    /// More defending armies than [`MAX_ARMIES`].
    #[error("{armies} defending armies is more than the {limit} odds are computed for")]
    TooManyDefenders { armies: u32, limit: u32 },
    /// A roll the rules do not allow: the attacker rolls 1 to 3 dice, the defender 1 or 2.
    #[error(
        "{attacker_dice} attacking and {defender_dice} defending dice is not a roll \
         (the attacker rolls 1 to 3 dice, the defender 1 or 2)"
    )]
    InvalidDice {
        attacker_dice: u8,
        defender_dice: u8,
    },
    /// A limit on the dice against a castle outside 1 to 3.
    #[error("the attacker may roll 1, 2 or 3 dice against a castle, not {0}")]
    CastleDiceLimit(u8),
    /// The battle is too large to be worked out quickly: see [`MAX_WORK`].
    #[error(
        "{attackers} against {defenders} armies would take too long: attackers × defenders \
         × {card_states} (the states of the committed cards) is {work}, more than the \
         {limit} odds are computed for"
    )]
    TooMuchWork {
        attackers: u32,
        defenders: u32,
        card_states: u64,
        work: u64,
        limit: u64,
    },
}
