//! The Expert's judgement of a classic Risk position. Each seat's strength is counted
//! in armies: those on the board; the income of its turns (territories ÷ 3 and whole
//! continents) over the next few turns, less what the continents it holds are likely
//! to lose to the largest army next to their borders; its cards at what the next set
//! brings; and the continents it has half taken. A seat's chance of winning is its
//! strength squared over everyone's (a contest: the strongest wins most, the weak are
//! not written off). The neutral of a two-player game never wins and is left out.

use crate::bot::chances::{Battle, win_probability};
use crate::game::Game;

/// Turns of income a seat is credited with.
const INCOME_TURNS: f64 = 3.0;
/// How much a continent half taken is worth, per army of its bonus, at full share.
const PROGRESS: f64 = 1.5;
/// A set's value used when the variant's sets have fixed values.
const FIXED_SET_VALUE: f64 = 8.0;
/// What a card is worth, as a share of a third of the next set.
const CARD_SHARE: f64 = 0.9;
/// The contest's exponent: chances go with strength to this power.
const CONTEST: f64 = 2.0;

/// Each seat's chance of winning a classic game in progress, by seat.
pub fn win_chances(game: &Game) -> Vec<f64> {
    let strengths = strengths(game);
    let powered: Vec<f64> = strengths
        .iter()
        .map(|s| s.map_or(0.0, |s| s.max(0.5).powf(CONTEST)))
        .collect();
    let total: f64 = powered.iter().sum();
    if total <= 0.0 {
        return vec![0.0; game.seats()];
    }
    powered.iter().map(|p| p / total).collect()
}

/// Each seat's strength in armies (`None` for seats out and the neutral).
pub fn strengths(game: &Game) -> Vec<Option<f64>> {
    let board = game.board();
    let reach = game.reach();
    let seats = game.seats();
    let mut armies = vec![0u32; seats];
    for t in game.territories() {
        if let Some(o) = t.owner {
            armies[o.index()] += t.armies;
        }
    }
    // The largest army of another (playing) seat next to each territory.
    let threat: Vec<u32> = board
        .territory_ids()
        .map(|t| {
            let owner = game.owner(t);
            reach
                .neighbours(t)
                .iter()
                .filter(|&&n| {
                    game.owner(n)
                        .is_some_and(|o| Some(o) != owner && !game.is_neutral(o))
                })
                .map(|&n| game.armies(n).saturating_sub(1))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let set_value = game.next_set_value().map_or(FIXED_SET_VALUE, f64::from);
    let mut progress = vec![0.0f64; seats];
    let mut exposure = vec![0.0f64; seats];
    for g in board.group_ids() {
        let group = board.group(g);
        if group.territories.is_empty() || group.bonus == 0 {
            continue;
        }
        let size = group.territories.len() as f64;
        let mut held = vec![0usize; seats];
        for &t in &group.territories {
            if let Some(o) = game.owner(t) {
                held[o.index()] += 1;
            }
        }
        for seat in 0..seats {
            if held[seat] == group.territories.len() {
                // Held whole: its bonus is at stake at its weakest border.
                let open = group
                    .territories
                    .iter()
                    .map(|&t| win_probability(threat[t.index()], game.armies(t), Battle::default()))
                    .fold(0.0, f64::max);
                exposure[seat] += f64::from(group.bonus) * INCOME_TURNS * open;
            } else if held[seat] > 0 {
                let share = held[seat] as f64 / size;
                progress[seat] += f64::from(group.bonus) * PROGRESS * share * share;
            }
        }
    }
    game.seat_ids()
        .map(|seat| {
            if game.is_eliminated(seat) || game.is_neutral(seat) {
                return None;
            }
            let s = seat.index();
            let (from_land, from_continents) = game.classic_new_armies(seat);
            let income = f64::from(from_land + from_continents);
            let cards = game.territory_cards(seat).len() as f64;
            Some(
                f64::from(armies[s])
                    + INCOME_TURNS * income
                    + cards * CARD_SHARE * set_value / 3.0
                    + progress[s]
                    - exposure[s],
            )
        })
        .collect()
}
