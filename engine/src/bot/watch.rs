//! What a tournament watches in each game besides its winner: how each seat stalls
//! (turns without a capture, and those while it is far the strongest), the cards it
//! holds at the end of its turns, and the turns it ends with its castle (or, in
//! classic Risk, its last continent) open to an attack that would take it at 60 % or
//! better when armies it placed elsewhere that turn, or its fortifying move, could
//! have closed it. Armies count only towards territories they could have been placed
//! on (held when they were placed; in classic Risk, of a continent already whole), a
//! territory of the continent gives only what it does not need itself, and one
//! fortifying move fills one territory.
//!
//! The watcher reads the whole game (it judges, it does not play): the threat to a
//! castle counts an Admiral or a General only in a hand that holds one.

use serde::{Deserialize, Serialize};

use super::chances::{Battle, win_probability};
use crate::board::TerritoryId;
use crate::game::{Card, Event, EventKind, Game, PlacementReason, Seat};
use crate::variant::Ruleset;

/// The chance of a fall at which a castle or a last continent counts as open.
pub const OPEN_AT: f64 = 0.6;
/// Own turns in a row without a capture, while far the strongest, that count as a
/// stall of a won position.
pub const DOMINANT_STALL_TURNS: u32 = 10;

/// One seat's figures over one game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SeatWatch {
    /// Its turns that ended (a turn that won the game does not end).
    pub turns: u32,
    /// Of those, the turns in which it took no territory in an attack.
    pub quiet_turns: u32,
    /// The longest run of its turns in a row without a capture.
    pub longest_quiet: u32,
    /// The longest run of its turns in a row without a capture, each ending with it
    /// holding at least twice the armies of every other seat.
    pub longest_dominant_quiet: u32,
    /// Cards in hand at the end of its turns, added up (divide by `turns`).
    pub cards_at_end: u64,
    /// The most cards it held at the end of a turn.
    pub most_cards: u32,
    /// Turns it ended with its castle (classic: its last continent) open at
    /// [`OPEN_AT`] or more.
    pub open_ends: u32,
    /// Of those, the turns in which a placement or fortifying move it had could
    /// have closed it.
    pub preventable_open_ends: u32,
}

/// Watches one game, event by event.
#[derive(Clone, Debug)]
pub struct Watcher {
    seats: Vec<SeatWatch>,
    /// The seat whose turn is under way, whether it took something yet, and the
    /// armies it placed (off the castle, or off the continent's threatened border)
    /// and the territories it placed them on.
    current: Option<Seat>,
    captured: bool,
    placed: Vec<(TerritoryId, u32)>,
    /// Territories the seat held when it placed armies this turn (by territory
    /// index): only those could have had them.
    held_at_placement: Vec<bool>,
    fortified: bool,
    quiet_run: Vec<u32>,
    dominant_run: Vec<u32>,
}

impl Watcher {
    pub fn new(seats: usize) -> Self {
        Self {
            seats: vec![SeatWatch::default(); seats],
            current: None,
            captured: false,
            placed: Vec::new(),
            held_at_placement: Vec::new(),
            fortified: false,
            quiet_run: vec![0; seats],
            dominant_run: vec![0; seats],
        }
    }

    /// Takes in the events of one action, with the game as it stands after them.
    pub fn observe(&mut self, game: &Game, events: &[Event]) {
        for event in events {
            match &event.kind {
                EventKind::TurnStarted { seat, .. } => {
                    self.current = Some(*seat);
                    self.captured = false;
                    self.placed.clear();
                    self.held_at_placement.clear();
                    self.fortified = false;
                }
                EventKind::TerritoryTaken { seat, .. } if Some(*seat) == self.current => {
                    self.captured = true;
                }
                EventKind::ArmiesPlaced {
                    seat,
                    placements,
                    reason: PlacementReason::Reinforcements | PlacementReason::Spoils,
                } if Some(*seat) == self.current => {
                    self.placed
                        .extend(placements.iter().map(|p| (p.territory, p.armies)));
                    // A placement changes no owner: what is held now was held then.
                    let held = game.territories().iter().map(|t| t.owner == Some(*seat));
                    if self.held_at_placement.is_empty() {
                        self.held_at_placement = held.collect();
                    } else {
                        for (was, now) in self.held_at_placement.iter_mut().zip(held) {
                            *was |= now;
                        }
                    }
                }
                EventKind::ArmiesMoved {
                    reason: crate::game::MoveReason::Fortify,
                    ..
                } => self.fortified = true,
                EventKind::TurnEnded { seat } => self.turn_ended(game, *seat),
                _ => {}
            }
        }
    }

    /// Each seat's figures.
    pub fn finish(self) -> Vec<SeatWatch> {
        self.seats
    }

    fn turn_ended(&mut self, game: &Game, seat: Seat) {
        let s = seat.index();
        let captured = self.captured;
        let cards = match game.ruleset() {
            Ruleset::Classic => game.territory_cards(seat).len(),
            Ruleset::CastleRisk => game.hand(seat).len(),
        } as u32;
        let dominant = dominant(game, seat);
        let (open, preventable) = self.openness(game, seat);
        let watch = &mut self.seats[s];
        watch.turns += 1;
        watch.cards_at_end += u64::from(cards);
        watch.most_cards = watch.most_cards.max(cards);
        if captured {
            self.quiet_run[s] = 0;
            self.dominant_run[s] = 0;
        } else {
            watch.quiet_turns += 1;
            self.quiet_run[s] += 1;
            self.dominant_run[s] = if dominant {
                self.dominant_run[s] + 1
            } else {
                0
            };
        }
        watch.longest_quiet = watch.longest_quiet.max(self.quiet_run[s]);
        watch.longest_dominant_quiet = watch.longest_dominant_quiet.max(self.dominant_run[s]);
        watch.open_ends += u32::from(open);
        watch.preventable_open_ends += u32::from(preventable);
        self.current = None;
    }

    /// Whether `seat` ends its turn open, and whether that was preventable.
    fn openness(&self, game: &Game, seat: Seat) -> (bool, bool) {
        match game.ruleset() {
            Ruleset::CastleRisk => {
                let Some(castle) = game.castle(seat) else {
                    return (false, false);
                };
                let chance = |defenders: u32| castle_fall_chance(game, seat, castle, defenders);
                if chance(game.armies(castle)) < OPEN_AT {
                    return (false, false);
                }
                let elsewhere: u32 = self
                    .placed
                    .iter()
                    .filter(|(t, _)| *t != castle)
                    .map(|&(_, a)| a)
                    .sum();
                let fortify = if game.variant().classic_fortify && !self.fortified {
                    best_fortify_into(game, seat, &[castle], castle, &|n| {
                        game.armies(n).saturating_sub(1)
                    })
                } else {
                    0
                };
                (
                    true,
                    chance(game.armies(castle) + elsewhere + fortify) < OPEN_AT,
                )
            }
            Ruleset::Classic => self.continent_openness(game, seat),
        }
    }

    /// Classic Risk: a seat holding exactly one continent whole ends its turn open
    /// when a rival would take one of its territories at [`OPEN_AT`] or more; that was
    /// preventable when the armies it placed outside the threatened territories, and
    /// its fortifying move, would have made up what each of them lacks: placed armies
    /// only when the continent was already whole as they were placed (else they went
    /// to taking it), and only on a territory it held then; the fortifying move into
    /// one territory.
    fn continent_openness(&self, game: &Game, seat: Seat) -> (bool, bool) {
        let board = game.board();
        let held: Vec<_> = board
            .group_ids()
            .filter(|&g| {
                let group = board.group(g);
                !group.territories.is_empty()
                    && group
                        .territories
                        .iter()
                        .all(|&t| game.owner(t) == Some(seat))
            })
            .collect();
        let [continent] = held[..] else {
            return (false, false);
        };
        let threat = |t: TerritoryId| {
            game.reach()
                .neighbours(t)
                .iter()
                .filter(|&&n| {
                    game.owner(n).is_some_and(|o| {
                        o != seat && !game.is_neutral(o) && !game.in_truce(o, seat)
                    })
                })
                .map(|&n| game.armies(n).saturating_sub(1))
                .max()
                .unwrap_or(0)
        };
        let chance = |t: TerritoryId, defenders: u32| {
            win_probability(threat(t), defenders, Battle::default())
        };
        let open: Vec<TerritoryId> = board
            .group(continent)
            .territories
            .iter()
            .copied()
            .filter(|&t| chance(t, game.armies(t)) >= OPEN_AT)
            .collect();
        if open.is_empty() {
            return (false, false);
        }
        // The fewest defenders that keep `t` out of reach of a blow at [`OPEN_AT`].
        let needed = |t: TerritoryId| {
            let mut d = 1;
            while chance(t, d) >= OPEN_AT {
                d += 1;
            }
            d
        };
        let lacking: Vec<u32> = open
            .iter()
            .map(|&t| needed(t).saturating_sub(game.armies(t)))
            .collect();
        let placeable = |t: TerritoryId| {
            self.held_at_placement
                .get(t.index())
                .copied()
                .unwrap_or(false)
        };
        // Armies placed before the continent was whole went to taking it: guarding
        // it instead would have meant not holding it at all.
        let whole_when_placed = board
            .group(continent)
            .territories
            .iter()
            .all(|&t| placeable(t));
        // Armies placed on another territory of the continent could have gone to an
        // open one only as far as they are more than that territory needs itself:
        // moving them would have opened it instead.
        let continent_territories = &board.group(continent).territories;
        let surplus = |t: TerritoryId| game.armies(t).saturating_sub(needed(t));
        // A fortifying move from the continent leaves its source what it needs.
        let can_give = |n: TerritoryId| {
            if continent_territories.contains(&n) {
                surplus(n)
            } else {
                game.armies(n).saturating_sub(1)
            }
        };
        let elsewhere: u32 = if whole_when_placed {
            let mut by_territory: Vec<(TerritoryId, u32)> = Vec::new();
            for &(t, a) in self.placed.iter().filter(|(t, _)| !open.contains(t)) {
                match by_territory.iter_mut().find(|(u, _)| *u == t) {
                    Some((_, total)) => *total += a,
                    None => by_territory.push((t, a)),
                }
            }
            by_territory
                .into_iter()
                .map(|(t, a)| {
                    if continent_territories.contains(&t) {
                        a.min(surplus(t))
                    } else {
                        a
                    }
                })
                .sum()
        } else {
            0
        };
        // The fortifying move fills at most one territory (or none): every other open
        // territory needs placed armies, which it could only have had if it was held
        // when they were placed.
        let closable = |filled: Option<usize>| {
            let mut needed = 0;
            for (i, &t) in open.iter().enumerate() {
                let mut lack = lacking[i];
                if filled == Some(i) {
                    let fortify = if self.fortified {
                        0
                    } else {
                        best_fortify_into(game, seat, &open, t, &can_give)
                    };
                    lack = lack.saturating_sub(fortify);
                }
                if lack > 0 && !placeable(t) {
                    return false;
                }
                needed += lack;
            }
            needed <= elsewhere
        };
        let preventable = closable(None) || (0..open.len()).any(|i| closable(Some(i)));
        (true, preventable)
    }
}

/// Whether `seat` holds at least twice the armies of every other seat in play.
fn dominant(game: &Game, seat: Seat) -> bool {
    let mut armies = vec![0u64; game.seats()];
    for t in game.territories() {
        if let Some(o) = t.owner {
            armies[o.index()] += u64::from(t.armies);
        }
    }
    let mine = armies[seat.index()];
    game.seat_ids()
        .filter(|&s| s != seat && !game.is_eliminated(s))
        .all(|s| mine >= 2 * armies[s.index()])
}

/// The chance that the strongest rival takes `seat`'s castle on `castle`, held by
/// `defenders`, in one attack: from its largest neighbouring army, or by sea when it
/// holds an Admiral, with a General if it holds one.
fn castle_fall_chance(game: &Game, seat: Seat, castle: TerritoryId, defenders: u32) -> f64 {
    let reach = game.reach();
    let mut worst: f64 = 0.0;
    for rival in game.seat_ids() {
        if rival == seat || game.is_eliminated(rival) || game.in_truce(rival, seat) {
            continue;
        }
        let hand = game.hand(rival);
        let by_land = reach
            .neighbours(castle)
            .iter()
            .filter(|&&n| game.owner(n) == Some(rival))
            .map(|&n| game.armies(n).saturating_sub(1))
            .max()
            .unwrap_or(0);
        let by_sea = if hand.has(Card::Admiral) {
            reach
                .coasts()
                .iter()
                .filter(|&&n| game.owner(n) == Some(rival) && reach.share_a_sea(n, castle))
                .map(|&n| game.armies(n).saturating_sub(1))
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        let battle = Battle {
            castle: true,
            general: hand.has(Card::General),
            marshall: false,
        };
        worst = worst.max(win_probability(by_land.max(by_sea), defenders, battle));
    }
    worst
}

/// The most armies one fortifying move could bring into `target` from an own
/// neighbour outside `targets`.
fn best_fortify_into(
    game: &Game,
    seat: Seat,
    targets: &[TerritoryId],
    target: TerritoryId,
    can_give: &dyn Fn(TerritoryId) -> u32,
) -> u32 {
    game.reach()
        .neighbours(target)
        .iter()
        .filter(|n| game.owner(**n) == Some(seat) && !targets.contains(n))
        .map(|&n| can_give(n))
        .max()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::board::parse_board;
    use crate::game::{Dice, Position};
    use crate::variant::Variant;

    /// Seat 0 holds Australia whole, Indonesia with 1 army next to seat 1's 8 in Siam,
    /// New Guinea with 11 behind it; seat 1 holds the rest but Argentina (seat 2's).
    fn open_australia() -> Game {
        classic_game(|key| match key {
            "indonesia" => (0, 1),
            "new_guinea" => (0, 11),
            "western_australia" | "eastern_australia" => (0, 2),
            "siam" => (1, 8),
            "argentina" => (2, 3),
            _ => (1, 1),
        })
    }

    /// A three-seat classic game on the world map in seat 0's turn, each territory's
    /// owner and armies given by `holding` from its key.
    fn classic_game(holding: impl Fn(&str) -> (u8, u32)) -> Game {
        let source = include_str!("../../../data/boards/classic.toml");
        let board = Arc::new(parse_board(source, "classic.toml").unwrap());
        let mut text = String::from("seed = 7\n[territories]\n");
        for t in &board.territories {
            let (owner, armies) = holding(&t.key);
            text.push_str(&format!(
                "{} = {{ owner = {owner}, armies = {armies} }}\n",
                t.key
            ));
        }
        text.push_str(
            "[[seats]]\n[[seats]]\n[[seats]]\n[turn]\nseat = 0\nstep = \"play\"\nnumber = 10\n",
        );
        let position = Position::from_toml(&text).unwrap();
        Game::from_position(board, Variant::classic(), &position, Dice::Random).unwrap()
    }

    /// A watcher of seat 0's turn that placed 10 armies on New Guinea, holding
    /// Indonesia then or not, and that made its fortifying move (elsewhere).
    fn watcher(game: &Game, held_indonesia: bool) -> Watcher {
        let mut watcher = Watcher::new(3);
        watcher.current = Some(Seat(0));
        let new_guinea = game.board().territory_by_key("new_guinea").unwrap();
        let indonesia = game.board().territory_by_key("indonesia").unwrap();
        watcher.placed = vec![(new_guinea, 10)];
        watcher.held_at_placement = game
            .territories()
            .iter()
            .enumerate()
            .map(|(i, t)| t.owner == Some(Seat(0)) && (held_indonesia || i != indonesia.index()))
            .collect();
        watcher.fortified = true;
        watcher
    }

    #[test]
    fn an_open_border_held_when_armies_went_elsewhere_was_preventable() {
        let game = open_australia();
        assert_eq!(
            watcher(&game, true).continent_openness(&game, Seat(0)),
            (true, true)
        );
    }

    #[test]
    fn an_open_border_taken_after_the_placement_was_not_preventable_by_it() {
        let game = open_australia();
        assert_eq!(
            watcher(&game, false).continent_openness(&game, Seat(0)),
            (true, false)
        );
    }

    /// Seat 0 holds South America whole: Venezuela's 1 army faces seat 1's 8 in
    /// Central America, Brazil's 11 (10 of them placed this turn) seat 1's 12 in North
    /// Africa.
    fn two_borders_of_south_america() -> (Game, Watcher) {
        let game = classic_game(|key| match key {
            "venezuela" => (0, 1),
            "brazil" => (0, 11),
            "peru" | "argentina" => (0, 1),
            "central_america" => (1, 8),
            "north_africa" => (1, 12),
            "egypt" => (2, 3),
            _ => (1, 1),
        });
        let mut watcher = Watcher::new(3);
        watcher.current = Some(Seat(0));
        watcher.placed = vec![(game.board().territory_by_key("brazil").unwrap(), 10)];
        watcher.held_at_placement = game
            .territories()
            .iter()
            .map(|t| t.owner == Some(Seat(0)))
            .collect();
        watcher.fortified = true;
        (game, watcher)
    }

    #[test]
    fn armies_another_border_needs_could_not_have_closed_this_one() {
        let (game, watcher) = two_borders_of_south_america();
        // Venezuela is open; Brazil is not, but only thanks to the armies placed on
        // it: moving them would have opened Brazil instead.
        assert_eq!(watcher.continent_openness(&game, Seat(0)), (true, false));
    }

    #[test]
    fn one_fortifying_move_closes_one_border() {
        // Unfortified, New Guinea's 10 spare armies can close Indonesia alone.
        let game = open_australia();
        let mut w = watcher(&game, false);
        w.fortified = false;
        assert_eq!(w.continent_openness(&game, Seat(0)), (true, true));
    }
}
