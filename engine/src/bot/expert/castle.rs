//! The Expert at Castle Risk: the few actions worth simulating at each decision, picked
//! with the exact odds so that hopeless attacks cost no simulations, and what it never
//! does whatever the simulations say (the rails).
//!
//! Castle Risk turns on single blows (a castle taken ends a seat and brings its cards,
//! hidden armies and banner), so its decisions are searched one by one, each candidate
//! followed by the greedy player's play: between attacks (which attack, which card,
//! when to stop), where armies go, the castle and claims at setup, and within battles.
//! The rails: its castle keeps the armies its threat calls for (counting every way in:
//! all of a rival's neighbouring armies, a landing, a neighbour taken first) when
//! armies are placed, moved in, sailed away (the greedy answer's ship too), rolled in
//! an attack from it or spread over vacated land, and is never left open to a
//! General (every hand may hold one when it attacks); it does not
//! sit on more than two Reinforcement cards; and a seat far ahead does not end a turn
//! without attacking while an attack has a fair chance (35 %, counting every own
//! territory around the target), nor does a game standing still while one is more
//! likely than not to succeed. Placements also weigh
//! every rival castle by the cheapest way to it, so that a won game is finished.

use super::reading::{OPEN_AT, Reading};

use crate::board::TerritoryId;
use crate::bot::SeatSight;
use crate::bot::chances::{Battle, win_probability};
use crate::game::{Action, Card, Choice, LegalActions, Placement, Route};

/// The chance of losing its castle the rails accept when armies leave it.
pub const CASTLE_RISK: f64 = 0.35;
/// Reinforcement cards it may keep in hand: armies in hand defend nothing, and fall
/// to whoever takes the castle.
const MOST_REINFORCEMENTS_HELD: u8 = 2;
/// Rounds without a capture after which the game counts as standing still.
const STILL_ROUNDS: u32 = 3;

/// Land attacks simulated at most, the most promising first.
const LAND_ATTACKS: usize = 5;
/// Attacks by sea simulated at most.
const SEA_ATTACKS: usize = 2;
/// Attacks less likely than this to take their target are not tried (castles are
/// always tried: taking one wins a seat's banner, cards and hidden armies).
const HOPELESS: f64 = 0.2;

/// Candidates between attacks: the greedy choice, ending the turn, each card play and
/// reveal, and the most promising attacks.
pub fn turn_candidates(
    reading: &Reading<'_, '_>,
    legal: &LegalActions,
    quick: &Action,
) -> Vec<Action> {
    let sight = reading.sight;
    let mut out = vec![quick.clone()];
    let push = |action: Action, out: &mut Vec<Action>| {
        if !out.contains(&action) {
            out.push(action);
        }
    };
    let mut land: Vec<(f64, Action)> = Vec::new();
    let mut sea: Vec<(f64, Action)> = Vec::new();
    for choice in &legal.choices {
        match choice {
            Choice::EndTurn => push(Action::EndTurn, &mut out),
            Choice::PlayReinforcements { max_cards } => {
                push(Action::PlayReinforcements { cards: *max_cards }, &mut out);
                if *max_cards > 1 {
                    push(Action::PlayReinforcements { cards: 1 }, &mut out);
                }
            }
            Choice::PlayDiplomat { targets } => {
                for &target in targets {
                    push(Action::PlayDiplomat { target }, &mut out);
                }
            }
            Choice::PlaySpy { targets } => {
                for &target in targets.iter().filter(|&&t| sight.hand_size(t) > 0) {
                    push(Action::PlaySpy { target }, &mut out);
                }
            }
            Choice::RevealHiddenArmies {
                territories,
                armies,
            } if *armies > 0 => {
                for &territory in territories {
                    push(Action::RevealHiddenArmies { territory }, &mut out);
                }
            }
            Choice::Attack { routes } => {
                for r in routes {
                    if let Some(worth) = attack_worth(sight, r) {
                        land.push((
                            worth,
                            Action::Attack {
                                from: r.from,
                                to: r.to,
                            },
                        ));
                    }
                }
            }
            Choice::AdmiralAttack { routes } => {
                for r in routes {
                    // The ship never takes the castle's guard.
                    let aboard = if Some(r.from) == sight.castle(sight.seat()) {
                        reading.spare(r.from, CASTLE_RISK).min(r.max_armies)
                    } else {
                        r.max_armies
                    };
                    let route = Route {
                        max_armies: aboard,
                        ..*r
                    };
                    if aboard > 0
                        && let Some(worth) = attack_worth(sight, &route)
                    {
                        sea.push((
                            worth,
                            Action::AdmiralAttack {
                                from: r.from,
                                to: r.to,
                                armies: aboard,
                            },
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    for (list, keep) in [(&mut land, LAND_ATTACKS), (&mut sea, SEA_ATTACKS)] {
        list.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (_, action) in list.drain(..).take(keep) {
            push(action, &mut out);
        }
    }
    out
}

/// How promising an attack is: its chance of taking the target, more for a castle or
/// a group it completes; `None` when hopeless.
fn attack_worth(sight: &SeatSight<'_>, route: &Route) -> Option<f64> {
    let castle = sight.castle_at(route.to).is_some();
    let battle = Battle {
        castle,
        general: sight.general_committed() || sight.hand().has(Card::General),
        marshall: false,
    };
    let p = win_probability(route.max_armies, sight.armies(route.to), battle);
    if p < HOPELESS && !(castle && p > 0.02) {
        return None;
    }
    let board = sight.board();
    let group = board.territory(route.to).group;
    let completes = board
        .group(group)
        .territories
        .iter()
        .all(|&t| t == route.to || sight.is_mine(t));
    Some(p * (1.0 + 3.0 * f64::from(u8::from(castle)) + f64::from(u8::from(completes))))
}

/// Candidates for placing `armies` on own `territories`: the greedy split, all on the
/// castle, all on the best place to attack a castle or a weak neighbour from, and
/// halves of those.
pub fn placement_candidates(
    reading: &Reading<'_, '_>,
    armies: u32,
    territories: &[TerritoryId],
    quick: &Action,
) -> Vec<Action> {
    let sight = reading.sight;
    let mut out = vec![quick.clone()];
    let mut spots: Vec<TerritoryId> = Vec::new();
    let me = sight.seat();
    if let Some(castle) = sight.castle(me).filter(|c| territories.contains(c)) {
        spots.push(castle);
    }
    // The own territory next to the weakest enemy castle, and the one next to the
    // weakest enemy territory.
    let mut best_castle: Option<(u32, TerritoryId)> = None;
    let mut best_any: Option<(i64, TerritoryId)> = None;
    for &t in territories {
        for &n in sight.neighbours(t) {
            let Some(owner) = sight.owner(n).filter(|&o| o != me) else {
                continue;
            };
            if sight.in_truce(me, owner) {
                continue;
            }
            let gap = i64::from(sight.armies(t)) - i64::from(sight.armies(n));
            if sight.castle_at(n).is_some() {
                let need = sight.armies(n) * 2;
                let lacking = need.saturating_sub(sight.armies(t));
                if best_castle.is_none_or(|(b, _)| lacking < b) {
                    best_castle = Some((lacking, t));
                }
            }
            if best_any.is_none_or(|(b, _)| gap > b) {
                best_any = Some((gap, t));
            }
        }
    }
    spots.extend(best_castle.map(|(_, t)| t));
    spots.extend(best_any.map(|(_, t)| t));
    if reading.dominant()
        && let Some(t) = siege_spot(reading, territories)
        && !spots.contains(&t)
    {
        spots.push(t);
    }
    // Where the cheapest ways to rival castles begin: a castle out of reach now is
    // taken by armies gathered on the way to it.
    let paths = reading.paths();
    let mut ways: Vec<(u32, TerritoryId)> = reading
        .rivals()
        .filter_map(|s| sight.castle(s))
        .filter_map(|c| paths[c.index()].as_ref())
        .map(|p| (p.cost, p.from))
        .filter(|(_, from)| territories.contains(from))
        .collect();
    ways.sort();
    for (_, from) in ways.into_iter().take(2) {
        if !spots.contains(&from) {
            spots.push(from);
        }
    }
    let mut push = |placements: Vec<Placement>| {
        let action = Action::PlaceArmies { placements };
        if !out.contains(&action) {
            out.push(action);
        }
    };
    for (i, &a) in spots.iter().enumerate() {
        push(vec![Placement::new(a, armies)]);
        for &b in &spots[i + 1..] {
            if a != b && armies >= 2 {
                push(vec![
                    Placement::new(a, armies / 2),
                    Placement::new(b, armies - armies / 2),
                ]);
            }
        }
    }
    // The castle topped up to its guard, the rest on each spot.
    if let Some(castle) = sight.castle(me).filter(|c| territories.contains(c)) {
        for risk in [0.15, CASTLE_RISK] {
            let guard = reading
                .guard(castle, risk)
                .saturating_sub(sight.armies(castle))
                .min(armies);
            for &spot in spots.iter().filter(|&&t| t != castle) {
                let mut placements = vec![Placement::new(castle, guard)];
                if armies > guard {
                    placements.push(Placement::new(spot, armies - guard));
                }
                placements.retain(|p| p.armies > 0);
                push(placements);
            }
        }
    }
    press_when_dominant(reading, close_the_castle(reading, out))
}

/// The odds a seat far ahead attacks at rather than end its turn without a capture.
/// Under even odds: a last castle that grows every turn is never beaten by waiting
/// for better ones. Followed to 30 turns, a seat on 43 territories placed its spoils
/// next to the last rival castle, whose odds never came back above one half, until
/// the game was cut off unfinished; a failed blow costs the castle too, and the seat
/// far ahead rebuilds faster.
const DOMINANT_PRESS: f64 = 0.35;

/// The armies the seat can throw at enemy territory `target` from all its own land
/// neighbours, one attack after another: each keeps one army behind, the castle its
/// guard. Far ahead, a last castle is besieged from every side: one neighbour alone
/// rarely has the odds against a castle that grows every turn, the ring does (issue
/// 22: a seat holding 43 of 44 territories stacked one neighbour for 12 turns).
fn besiegers(reading: &Reading<'_, '_>, target: TerritoryId) -> u32 {
    let castle = reading.castle();
    reading
        .sight
        .neighbours(target)
        .iter()
        .filter(|&&n| reading.sight.is_mine(n))
        .map(|&n| {
            if Some(n) == castle {
                reading.spare(n, CASTLE_RISK)
            } else {
                reading.armies(n).saturating_sub(1)
            }
        })
        .sum()
}

/// The chance that the ring of own territories around enemy `target`, with `extra`
/// armies more, takes it.
fn siege_odds(reading: &Reading<'_, '_>, target: TerritoryId, extra: u32) -> f64 {
    reading.odds(
        besiegers(reading, target) + extra,
        reading.armies(target),
        reading.is_castle(target),
    )
}

/// Whether own territory `t`, with `extra` armies more, may join the siege of an
/// enemy neighbour (outside a truce) at [`DOMINANT_PRESS`] or better.
fn attacks_well_from(reading: &Reading<'_, '_>, t: TerritoryId, extra: u32) -> bool {
    reading
        .sight
        .neighbours(t)
        .iter()
        .any(|&n| reading.is_target(n) && siege_odds(reading, n, extra) > DOMINANT_PRESS)
}

/// The best odds of a siege that placing `action` gives (0 for other actions).
fn siege_after(reading: &Reading<'_, '_>, action: &Action) -> f64 {
    let Action::PlaceArmies { placements } = action else {
        return 0.0;
    };
    let mut best: f64 = 0.0;
    for p in placements {
        for &n in reading.sight.neighbours(p.territory) {
            if !reading.is_target(n) {
                continue;
            }
            // Every placement next to the same target joins its siege.
            let extra: u32 = placements
                .iter()
                .filter(|q| reading.sight.neighbours(q.territory).contains(&n))
                .map(|q| q.armies)
                .sum();
            best = best.max(siege_odds(reading, n, extra));
        }
    }
    best
}

/// Whether `action` (a placement) lets some own territory other than the castle
/// attack well.
fn opens_an_attack(reading: &Reading<'_, '_>, action: &Action) -> bool {
    let Action::PlaceArmies { placements } = action else {
        return false;
    };
    placements
        .iter()
        .filter(|p| Some(p.territory) != reading.castle())
        .any(|p| attacks_well_from(reading, p.territory, p.armies))
}

/// The rail on placements far ahead (twice every rival's armies): when a placement
/// would leave no attack more likely than not to win, the turn stalls, and a seat
/// that placed its armies on its castle turn after turn once won nothing for ten
/// turns while far ahead (issue 22). When some candidates open an attack, only they
/// are weighed; the castle rail has already kept the castle closed.
fn press_when_dominant(reading: &Reading<'_, '_>, candidates: Vec<Action>) -> Vec<Action> {
    if !reading.dominant() || candidates.len() < 2 {
        return candidates;
    }
    let sight = reading.sight;
    let me = sight.seat();
    let already = sight
        .board()
        .territory_ids()
        .filter(|&t| sight.owner(t) == Some(me) && Some(t) != reading.castle())
        .any(|t| attacks_well_from(reading, t, 0));
    if already {
        return candidates;
    }
    let pressing: Vec<Action> = candidates
        .iter()
        .filter(|a| opens_an_attack(reading, a))
        .cloned()
        .collect();
    if !pressing.is_empty() {
        return pressing;
    }
    // Nothing opens one this turn: the placements that bring the nearest siege
    // closest, so that the armies gathered turn after turn open it.
    let best = candidates
        .iter()
        .map(|a| siege_after(reading, a))
        .fold(0.0, f64::max);
    candidates
        .into_iter()
        .filter(|a| siege_after(reading, a) >= best)
        .collect()
}

/// Far ahead: the own territory (not the castle) to gather a siege on, next to the
/// enemy territory whose siege has the best odds, the neighbour with the most armies.
fn siege_spot(reading: &Reading<'_, '_>, territories: &[TerritoryId]) -> Option<TerritoryId> {
    let sight = reading.sight;
    let castle = reading.castle();
    let gatherers = |n: TerritoryId| {
        sight
            .neighbours(n)
            .iter()
            .copied()
            .filter(move |&t| Some(t) != castle && territories.contains(&t))
    };
    let target = sight
        .board()
        .territory_ids()
        .filter(|&n| reading.is_target(n) && gatherers(n).next().is_some())
        .max_by(|&a, &b| {
            siege_odds(reading, a, 0)
                .total_cmp(&siege_odds(reading, b, 0))
                .then(b.cmp(&a))
        })?;
    gatherers(target).max_by_key(|&t| (reading.armies(t), std::cmp::Reverse(t)))
}

/// An attack from the castle rolls no more dice than the castle can lose and stay
/// closed, and stops when it can lose none: each roll costs the attacker at most a
/// die's worth, and a castle bled by its own attack was left open. Above that the
/// search decides: held to the castle's guard, attacks from it stopped so early
/// that the Expert won fewer games.
fn rolls_from_the_castle(
    reading: &Reading<'_, '_>,
    min_dice: u8,
    candidates: Vec<Action>,
) -> Vec<Action> {
    if reading.castle().is_none() {
        return candidates;
    }
    let spare = u8::try_from(reading.castle_spare()).unwrap_or(u8::MAX);
    if spare < min_dice.max(1) && candidates.contains(&Action::StopAttack) {
        return vec![Action::StopAttack];
    }
    let mut out: Vec<Action> = Vec::with_capacity(candidates.len());
    for action in candidates {
        let a = match action {
            Action::Roll { dice, general } => Action::Roll {
                dice: dice.min(spare).max(min_dice).max(1),
                general,
            },
            other => other,
        };
        if !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

/// Setup claims and castle sites simulated at most.
const SETUP_CHOICES: usize = 6;

/// Candidates for the castle or a claim: the greedy choice and the territories next
/// to most of the seat's own, its castle's empire first.
pub fn setup_candidates(
    sight: &SeatSight<'_>,
    legal: &LegalActions,
    quick: &Action,
) -> Vec<Action> {
    let (territories, castle) = match legal.choices.first() {
        Some(Choice::PlaceCastle { territories }) => (territories, true),
        Some(Choice::Claim { territories }) => (territories, false),
        _ => return vec![quick.clone()],
    };
    let board = sight.board();
    let me = sight.seat();
    let home = sight.castle(me).map(|c| board.territory(c).group);
    let mut ranked: Vec<(i64, TerritoryId)> = territories
        .iter()
        .map(|&t| {
            let own = sight
                .neighbours(t)
                .iter()
                .filter(|&&n| sight.is_mine(n))
                .count() as i64;
            let enemy_castle = sight
                .neighbours(t)
                .iter()
                .any(|&n| sight.castle_at(n).is_some_and(|s| s != me));
            let at_home = home == Some(board.territory(t).group);
            (
                own * 2 + 3 * i64::from(at_home) + 2 * i64::from(enemy_castle),
                t,
            )
        })
        .collect();
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut out = vec![quick.clone()];
    for (_, t) in ranked {
        if out.len() >= SETUP_CHOICES {
            break;
        }
        let action = if castle {
            Action::PlaceCastle { territory: t }
        } else {
            Action::Claim { territory: t }
        };
        if !out.contains(&action) {
            out.push(action);
        }
    }
    out
}

/// Candidates within a battle or a spy's visit: the greedy choice and its few
/// alternatives (roll on with or without a General, or stop; defend with or without a
/// Marshall, or bring hidden armies out; move in the least, half or the most; counter
/// a Spy or not; each kind of card to discard).
pub fn battle_candidates(legal: &LegalActions, quick: &Action) -> Vec<Action> {
    let mut out = vec![quick.clone()];
    let mut push = |action: Action| {
        if !out.contains(&action) {
            out.push(action);
        }
    };
    for choice in &legal.choices {
        match choice {
            Choice::Roll {
                max_dice, general, ..
            } => {
                push(Action::Roll {
                    dice: *max_dice,
                    general: false,
                });
                if *general {
                    push(Action::Roll {
                        dice: *max_dice,
                        general: true,
                    });
                }
            }
            Choice::StopAttack => push(Action::StopAttack),
            Choice::Defend { max_dice, marshall } => {
                push(Action::Defend {
                    dice: *max_dice,
                    marshall: false,
                });
                if *marshall {
                    push(Action::Defend {
                        dice: *max_dice,
                        marshall: true,
                    });
                }
            }
            Choice::RevealHiddenArmies {
                territories,
                armies,
            } if *armies > 0 => {
                for &territory in territories {
                    push(Action::RevealHiddenArmies { territory });
                }
            }
            Choice::MoveIn { min, max } => {
                for armies in [*min, min + (max - min) / 2, *max] {
                    push(Action::MoveIn { armies });
                }
            }
            Choice::AnswerSpy { counter } => {
                push(Action::AnswerSpy { counter: false });
                if *counter {
                    push(Action::AnswerSpy { counter: true });
                }
            }
            Choice::SpyDiscard { cards } => {
                for &card in cards {
                    push(Action::SpyDiscard { card });
                }
            }
            _ => {}
        }
    }
    out
}

/// The castle's chance of falling after `action` (a placement) is made, as an open
/// castle is judged (a General in any hand that may hold one).
fn open_after(reading: &Reading<'_, '_>, action: &Action) -> f64 {
    let Some(castle) = reading.castle() else {
        return 0.0;
    };
    let added: u32 = match action {
        Action::PlaceArmies { placements } => placements
            .iter()
            .filter(|p| p.territory == castle)
            .map(|p| p.armies)
            .sum(),
        _ => 0,
    };
    reading.castle_open_chance(reading.armies(castle) + added)
}

/// The rail on placements: when some leave the castle closed (below [`OPEN_AT`]), the
/// ones that leave it open are not weighed.
fn close_the_castle(reading: &Reading<'_, '_>, candidates: Vec<Action>) -> Vec<Action> {
    if !candidates.iter().any(|a| open_after(reading, a) >= OPEN_AT) {
        return candidates;
    }
    let closed: Vec<Action> = candidates
        .iter()
        .filter(|a| open_after(reading, a) < OPEN_AT)
        .cloned()
        .collect();
    if closed.is_empty() {
        // Nothing closes it: the most armies on the castle is the least open.
        let best = candidates
            .iter()
            .min_by(|a, b| open_after(reading, a).total_cmp(&open_after(reading, b)))
            .cloned();
        return best.into_iter().collect();
    }
    closed
}

/// The rails between attacks: Reinforcements beyond [`MOST_REINFORCEMENTS_HELD`]
/// are played before anything else, and a seat far ahead (an attack at
/// [`DOMINANT_PRESS`]), or a game standing still (an attack more likely than not to
/// succeed), does not end a turn without a capture while it has one; far ahead with
/// none, it plays the Reinforcements it may rather than end the turn.
pub fn turn_rails(
    reading: &Reading<'_, '_>,
    legal: &LegalActions,
    captured: bool,
    stopped: &[(TerritoryId, TerritoryId)],
    mut candidates: Vec<Action>,
) -> Vec<Action> {
    // An attack stopped this turn is not started again: it would stop at once, and
    // the turn would never end.
    candidates
        .retain(|a| !matches!(a, Action::Attack { from, to } if stopped.contains(&(*from, *to))));
    let mut candidates = castle_stays_closed(reading, candidates);
    if candidates.is_empty() {
        candidates.push(Action::EndTurn);
    }
    let held = reading.sight.hand().count(Card::Reinforcements);
    let may_play = legal.choices.iter().find_map(|c| match c {
        Choice::PlayReinforcements { max_cards } => Some(*max_cards),
        _ => None,
    });
    if let Some(max_cards) = may_play
        && held > MOST_REINFORCEMENTS_HELD
    {
        let at_least = (held - MOST_REINFORCEMENTS_HELD).min(max_cards);
        candidates
            .retain(|a| matches!(a, Action::PlayReinforcements { cards } if *cards >= at_least));
        if candidates.is_empty() {
            candidates.push(Action::PlayReinforcements { cards: max_cards });
        }
        return candidates;
    }
    // Far ahead, a truce only stops one's own attacks: a seat that played its
    // Diplomats on both rivals there had nothing left to attack (issue 22).
    if reading.dominant()
        && candidates
            .iter()
            .any(|a| !matches!(a, Action::PlayDiplomat { .. }))
    {
        candidates.retain(|a| !matches!(a, Action::PlayDiplomat { .. }));
    }
    let rounds_still = reading.sight.quiet_turns() / reading.sight.seats_in_play().max(1) as u32;
    if !captured && (reading.dominant() || rounds_still >= STILL_ROUNDS) {
        let press_at = if reading.dominant() {
            DOMINANT_PRESS
        } else {
            0.5
        };
        let castle = reading.castle();
        let good = legal
            .choices
            .iter()
            .flat_map(|c| match c {
                Choice::Attack { routes } => routes.as_slice(),
                _ => &[],
            })
            .filter(|r| !stopped.contains(&(r.from, r.to)))
            .map(|r| {
                let armies = if Some(r.from) == castle {
                    reading.spare(r.from, CASTLE_RISK)
                } else {
                    r.max_armies
                };
                // Far ahead, the whole ring around the target counts: the
                // attack from its largest neighbour opens the siege.
                let odds = if reading.dominant() {
                    siege_odds(reading, r.to, 0)
                } else {
                    reading.odds(armies, reading.armies(r.to), reading.is_castle(r.to))
                };
                (r, odds, armies)
            })
            .filter(|(_, p, armies)| *p > press_at && *armies > 0)
            .max_by(|a, b| a.1.total_cmp(&b.1).then(a.2.cmp(&b.2)))
            .map(|(r, _, _)| Action::Attack {
                from: r.from,
                to: r.to,
            });
        if let Some(attack) = good {
            candidates.retain(|a| *a != Action::EndTurn);
            if !candidates.contains(&attack) {
                candidates.push(attack);
            }
        } else if reading.dominant()
            && let Some(max_cards) = may_play
        {
            // Far ahead with nothing to attack with, Reinforcements placed next to
            // a target open an attack; a seat that ended its turn holding them
            // stalled, its armies all on a castle with no rival next to it.
            candidates.retain(|a| *a != Action::EndTurn);
            let play = Action::PlayReinforcements { cards: max_cards };
            if !candidates.contains(&play) {
                candidates.push(play);
            }
        }
    }
    candidates
}

/// The rail on attacks from the castle (the greedy answer's among them): a ship
/// leaves the castle at least what keeps it closed, and no attack starts from a
/// castle that cannot lose an army and stay closed. A castle that sailed all its
/// armies to a raid fell the next turn (issue 22); held to the castle's guard, the
/// greedy answer's raids were cut so short that the Expert won fewer games.
fn castle_stays_closed(reading: &Reading<'_, '_>, candidates: Vec<Action>) -> Vec<Action> {
    let Some(castle) = reading.castle() else {
        return candidates;
    };
    let spare = reading.castle_spare();
    let at_its_floor = spare == 0;
    let mut out: Vec<Action> = Vec::with_capacity(candidates.len());
    for action in candidates {
        let kept = match action {
            Action::AdmiralAttack { from, to, armies } if from == castle => {
                (spare > 0).then_some(Action::AdmiralAttack {
                    from,
                    to,
                    armies: armies.min(spare),
                })
            }
            Action::Attack { from, .. } if from == castle && at_its_floor => None,
            other => Some(other),
        };
        if let Some(a) = kept
            && !out.contains(&a)
        {
            out.push(a);
        }
    }
    out
}

/// The rails within battles: far ahead, a siege with a fair chance is fought on
/// while the attack's own armies last (stopping a blow the turn's rail forced
/// stalled the game); moving in leaves the castle its guard.
pub fn battle_rails(reading: &Reading<'_, '_>, mut candidates: Vec<Action>) -> Vec<Action> {
    if let Some(crate::game::Decision::Roll { from, to, .. }) =
        reading.sight.pending().map(|p| p.decision.clone())
        && reading.dominant()
        && Some(from) != reading.castle()
        && siege_odds(reading, to, 0) > DOMINANT_PRESS
        && candidates.iter().any(|a| *a != Action::StopAttack)
    {
        candidates.retain(|a| *a != Action::StopAttack);
    }
    let Some(castle) = reading.castle() else {
        return candidates;
    };
    let from = match reading.sight.pending().map(|p| p.decision) {
        Some(crate::game::Decision::MoveIn { from, .. }) => from,
        Some(crate::game::Decision::Roll {
            from,
            ship: None,
            min_dice,
            ..
        }) if from == castle => {
            return rolls_from_the_castle(reading, min_dice, candidates);
        }
        _ => return candidates,
    };
    if from != castle {
        return candidates;
    }
    let keep = reading.castle_keep(CASTLE_RISK);
    let armies = reading.armies(castle);
    let (safe, unsafe_): (Vec<Action>, Vec<Action>) = candidates.into_iter().partition(
        |a| matches!(a, Action::MoveIn { armies: n } if armies.saturating_sub(*n) >= keep),
    );
    if safe.is_empty() {
        // The least that must move in.
        unsafe_
            .into_iter()
            .min_by_key(|a| match a {
                Action::MoveIn { armies } => *armies,
                _ => u32::MAX,
            })
            .into_iter()
            .collect()
    } else {
        safe
    }
}
