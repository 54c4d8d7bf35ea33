//! The Expert's candidates: the few actions worth simulating at a decision, picked
//! with the exact odds so that hopeless attacks cost no simulations.

use crate::board::TerritoryId;
use crate::bot::SeatSight;
use crate::bot::chances::{Battle, win_probability};
use crate::game::{Action, Card, Choice, LegalActions, Placement, Route};

/// Land attacks simulated at most, the most promising first.
const LAND_ATTACKS: usize = 5;
/// Attacks by sea simulated at most.
const SEA_ATTACKS: usize = 2;
/// Attacks less likely than this to take their target are not tried (castles are
/// always tried: taking one wins a seat's banner, cards and hidden armies).
const HOPELESS: f64 = 0.2;

/// Candidates between attacks: the greedy choice, ending the turn, each card play and
/// reveal, and the most promising attacks.
pub fn turn(sight: &SeatSight<'_>, legal: &LegalActions, quick: &Action) -> Vec<Action> {
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
                    if let Some(worth) = attack_worth(sight, r) {
                        sea.push((
                            worth,
                            Action::AdmiralAttack {
                                from: r.from,
                                to: r.to,
                                armies: r.max_armies,
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
pub fn placements(
    sight: &SeatSight<'_>,
    armies: u32,
    territories: &[TerritoryId],
    quick: &Action,
) -> Vec<Action> {
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
    out
}

/// Setup claims and castle sites simulated at most.
const SETUP_CHOICES: usize = 6;

/// Candidates for the castle or a claim: the greedy choice and the territories next
/// to most of the seat's own, its castle's empire first.
pub fn setup(sight: &SeatSight<'_>, legal: &LegalActions, quick: &Action) -> Vec<Action> {
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
pub fn battle(legal: &LegalActions, quick: &Action) -> Vec<Action> {
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
