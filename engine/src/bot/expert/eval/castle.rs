//! The Expert's judgement of a Castle Risk position: each seat's chance of winning,
//! from a few features of its standing (armies, income, cards, hidden armies, how safe
//! its castle is and how close it is to taking another) weighed by a softmax. `tune_eval` (an
//! example of this crate) fits the weights to the winners of self-play games; its fit
//! predicts winners better but played worse in tournaments than the weights below,
//! which the tournaments kept (see the weights' comment).
//!
use crate::bot::SeatSight;
use crate::bot::chances::{Battle, win_probability};
use crate::bot::expert::reading::threats;
use crate::game::{Card, Game, Seat};

/// Features per seat.
pub const FEATURES: usize = 8;

/// The weights, in the order of [`features`]'s entries. Kept by self-play tournaments
/// (`castellan tournament`, Expert against three Normal, 400 games): these won 82 %,
/// the maximum-likelihood fit of `tune_eval` (2,000 games, a quarter of the seats
/// Experts) 74 %, as it weighs castle danger five times less.
pub const WEIGHTS: [f64; FEATURES] = [1.6, 1.2, 0.35, 0.25, 0.3, -2.5, 1.0, 0.1];

/// Names of the features, for the tuner's report.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "armies/20",
    "income/8",
    "cards/4",
    "reinforcements in hand (armies/10)",
    "hidden armies (armies/10)",
    "castle danger",
    "castle reach",
    "territories/10",
];

/// Each seat's chance of winning `game`, indexed by seat (0 for seats out, 1 for the
/// winner).
pub fn win_chances(game: &Game) -> Vec<f64> {
    win_chances_with(game, &WEIGHTS)
}

/// [`win_chances`] with other weights (for tuning).
pub fn win_chances_with(game: &Game, weights: &[f64; FEATURES]) -> Vec<f64> {
    let seats = game.seats();
    if let Some(winner) = game.winner() {
        return (0..seats)
            .map(|s| f64::from(u8::from(s == winner.index())))
            .collect();
    }
    let table = features(game);
    let scores: Vec<Option<f64>> = table
        .iter()
        .map(|f| {
            f.as_ref()
                .map(|f| f.iter().zip(weights).map(|(x, w)| x * w).sum())
        })
        .collect();
    let top = scores
        .iter()
        .flatten()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let exp: Vec<f64> = scores
        .iter()
        .map(|s| s.map_or(0.0, |s| (s - top).exp()))
        .collect();
    let total: f64 = exp.iter().sum();
    exp.iter().map(|e| e / total).collect()
}

/// The features of every seat (`None` for seats out).
pub fn features(game: &Game) -> Vec<Option<[f64; FEATURES]>> {
    let seats = game.seats();
    let mut armies = vec![0u32; seats];
    let mut territories = vec![0u32; seats];
    for t in game.territories() {
        if let Some(owner) = t.owner {
            armies[owner.index()] += t.armies;
            territories[owner.index()] += 1;
        }
    }
    let next_track = next_track_value(game);
    let hidden_worth = f64::from(game.hidden_army_size().max(next_track));
    let mut reach = vec![0.0f64; seats];
    let mut danger = vec![0.0f64; seats];
    for target in game.seat_ids().filter(|&s| !game.is_eliminated(s)) {
        let Some(castle) = game.castle(target) else {
            continue;
        };
        let defenders = game.armies(castle);
        for attacker in game.seat_ids() {
            if attacker == target || game.is_eliminated(attacker) || game.in_truce(attacker, target)
            {
                continue;
            }
            let p = castle_attack_chance(game, attacker, castle, defenders);
            reach[attacker.index()] = reach[attacker.index()].max(p);
        }
        // The danger counts every way in: all of a rival's armies next to it, a
        // landing, or a neighbour taken first.
        let threat = threats(&SeatSight::new(game, target), target)[castle.index()];
        let battle = Battle {
            castle: true,
            ..Battle::default()
        };
        danger[target.index()] = win_probability(threat, defenders, battle);
    }
    game.seat_ids()
        .map(|seat| {
            if game.is_eliminated(seat) {
                return None;
            }
            let s = seat.index();
            let hand = game.hand(seat);
            let reinforcements = f64::from(hand.count(Card::Reinforcements));
            let slips = game.hidden_armies_left(seat) as f64;
            Some([
                f64::from(armies[s]) / 20.0,
                f64::from(game.spoils_for(seat).total) / 8.0,
                hand.len() as f64 / 4.0,
                reinforcements * f64::from(next_track) / 10.0,
                slips * hidden_worth / 10.0,
                danger[s],
                reach[s],
                f64::from(territories[s]) / 10.0,
            ])
        })
        .collect()
}

/// The number of the next Reinforcement card on the track (0 once it is full).
fn next_track_value(game: &Game) -> u32 {
    game.variant()
        .reinforcement_track
        .get(game.track())
        .copied()
        .unwrap_or(0)
}

/// The chance that `attacker` takes the castle on `castle` in one attack: from its
/// largest neighbouring army, or by sea with an Admiral it holds.
fn castle_attack_chance(
    game: &Game,
    attacker: Seat,
    castle: crate::board::TerritoryId,
    defenders: u32,
) -> f64 {
    let reach = game.reach();
    let by_land = reach
        .neighbours(castle)
        .iter()
        .filter(|&&n| game.owner(n) == Some(attacker))
        .map(|&n| game.armies(n).saturating_sub(1))
        .max()
        .unwrap_or(0);
    let by_sea = if game.hand(attacker).has(Card::Admiral) {
        reach
            .coasts()
            .iter()
            .filter(|&&n| game.owner(n) == Some(attacker) && reach.share_a_sea(n, castle))
            .map(|&n| game.armies(n).saturating_sub(1))
            .max()
            .unwrap_or(0)
    } else {
        0
    };
    let general = game.hand(attacker).has(Card::General);
    let battle = Battle {
        castle: true,
        general,
        marshall: false,
    };
    win_probability(by_land.max(by_sea), defenders, battle)
}
