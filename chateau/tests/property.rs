//! Property tests over many seeded random games (2, 3 and 4 players, team and
//! individual play, every option): only the actions the engine lists are accepted,
//! junk is refused with nothing changed, the invariants hold after every action
//! (9 pieces an army less those lost, no two on a square, units spent within the
//! factor, scores equal to the sum of their events' points, the hash of the pieces
//! right), every game ends, and a save replays into the very same game.
//!
//! `make test` plays a short campaign; a long one:
//! `CASTELLAN_CHATEAU_GAMES=5000 cargo test --release -p castellan-chateau --test property`
//! (the number is the games of each test).

mod support;

use std::sync::Arc;

use castellan_chateau::board::{ArmyId, Board};
use castellan_chateau::game::{Action, Decision, Event, Finder, Game, Legal, Seat, Table};
use castellan_chateau::save::SavedGame;
use castellan_chateau::square::Square;
use castellan_chateau::variant::{Revisits, UnitRule, Variant};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games each test plays: `CASTELLAN_CHATEAU_GAMES`, or `short`.
fn games(short: u64) -> u64 {
    std::env::var("CASTELLAN_CHATEAU_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(short)
}

/// Far more actions than a capped game takes: reaching it means a game did not end.
const MAX_ACTIONS: usize = 200_000;

/// A table and variant for a game: every kind of table, and every option now and
/// then; some games stop at a round cap, the others play to their end.
fn setup(board: &Board, rng: &mut impl Rng) -> (Table, Variant) {
    let tables = [
        Table::four_in_teams(),
        Table::four_alone(),
        Table::two_players(board),
        Table::three_players(board),
        Table::single_armies(&[ArmyId(0), ArmyId(2)]),
        Table::single_armies(&[ArmyId(0), ArmyId(1), ArmyId(3)]),
    ];
    let table = tables.choose(rng).unwrap().clone();
    let mut variant = Variant::default();
    if rng.random_bool(0.2) {
        variant.revisits = Revisits::PerPlayer;
    }
    if rng.random_bool(0.2) {
        variant.units = UnitRule::UpTo;
    }
    variant.diagonal_capture = rng.random_bool(0.2);
    variant.single_partie = rng.random_bool(0.2);
    if rng.random_bool(0.2) {
        variant.clock_minutes = Some(3);
    }
    // Most games play to their natural end; the others stop at a round cap.
    if rng.random_bool(0.4) {
        variant.round_cap = Some(rng.random_range(4..=60));
    }
    (table, variant)
}

/// What the checks keep across a game: the points each side was given by events, and
/// the pieces each army lost in this partie.
#[derive(Default)]
struct Ledger {
    points: Vec<i32>,
    lost: [u32; 4],
}

impl Ledger {
    fn record(&mut self, events: &[Event]) {
        for event in events {
            if let Some((side, points)) = event.points() {
                if self.points.len() <= side.index() {
                    self.points.resize(side.index() + 1, 0);
                }
                self.points[side.index()] += points;
            }
            match event {
                Event::PartieBegan { .. } => self.lost = [0; 4],
                Event::Captured { army, .. } => self.lost[army.index()] += 1,
                Event::Chateau { army, squares, .. } | Event::Stranded { army, squares } => {
                    self.lost[army.index()] += squares.len() as u32
                }
                _ => {}
            }
        }
    }
}

/// Every invariant of a game.
fn check(game: &Game, ledger: &Ledger) {
    let state = game.state();
    let pieces = state.pieces();
    let board = game.board();
    let mut union = 0;
    for army in board.army_ids() {
        let own = pieces.of(army);
        assert_eq!(union & own, 0, "two pieces on one square");
        union |= own;
        let captains = (own & pieces.captains()).count_ones();
        assert!(captains <= 1, "{army} has {captains} captains");
        let expected = if game.table().armies() & army.bit() != 0 {
            9 - ledger.lost[army.index()]
        } else {
            0
        };
        assert_eq!(pieces.count(army), expected, "{army}'s pieces");
    }
    assert_eq!(union, pieces.occupied());
    assert_eq!(pieces.captains() & !union, 0);
    assert!(state.spent() <= state.factor());
    assert_eq!(state.played() & !pieces.of_set(state.controlled()), 0);
    assert_eq!(state.piece_hash(), pieces.zobrist());
    for side in game.sides().ids() {
        let summed = ledger.points.get(side.index()).copied().unwrap_or(0);
        assert_eq!(game.score(side), summed, "side {}'s score", side.0);
    }
}

/// A random action among those `legal` lists.
fn listed_action(legal: &Legal, rng: &mut impl Rng) -> Action {
    if legal.decision == Decision::DrawAnswer {
        return Action::AnswerDraw {
            accept: rng.random_bool(0.2),
        };
    }
    if legal.can_offer_draw && rng.random_bool(0.001) {
        return Action::OfferDraw {};
    }
    if legal.can_declare_alliance && rng.random_bool(0.4) {
        return Action::DeclareAlliance {};
    }
    if legal.can_report_overrun && rng.random_bool(0.001) {
        return Action::ClockOverrun {};
    }
    let end = |rng: &mut dyn rand::Rng| {
        let mut captures = legal.captures.clone();
        captures.retain(|_| rng.random_bool(0.8));
        Action::EndTurn { captures }
    };
    if legal.can_end_turn
        && (legal.units.is_empty() && legal.pickable.is_empty() || rng.random_bool(0.25))
    {
        return end(rng);
    }
    let mut options: Vec<Action> = legal
        .units
        .iter()
        .map(|u| Action::Unit { to: u.to })
        .collect();
    if legal.hand.is_none() || legal.units.is_empty() {
        options.extend(legal.pickable.iter().map(|&square| Action::Pick { square }));
    }
    if legal.can_release && (legal.units.is_empty() || rng.random_bool(0.15)) {
        options.push(Action::Release {});
    }
    match options.choose(rng) {
        Some(action) => action.clone(),
        None => end(rng),
    }
}

/// Plays one checked game to its end, calling `each` before every action.
fn play_checked(seed: u64, mut each: impl FnMut(&Game, &mut ChaCha8Rng)) -> Game {
    let board = Arc::new(Board::reconstructed());
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (table, variant) = setup(&board, &mut rng);
    let mut game = Game::new(board, variant, table, seed).unwrap();
    let mut ledger = Ledger::default();
    ledger.record(game.opening_events());
    check(&game, &ledger);
    let mut finder = Finder::new();
    for _ in 0..MAX_ACTIONS {
        if game.is_over() {
            return game;
        }
        each(&game, &mut rng);
        let legal = game.legal_with(&mut finder);
        let seat = legal.seat.expect("a seat decides until the end");
        let action = listed_action(&legal, &mut rng);
        let mut events = Vec::new();
        game.apply_with(seat, action.clone(), &mut finder, &mut events)
            .unwrap_or_else(|e| panic!("seed {seed}: the listed {action:?} is refused: {e}"));
        ledger.record(&events);
        check(&game, &ledger);
    }
    panic!(
        "seed {seed}: the game did not end in {MAX_ACTIONS} actions (turn {}, partie {})\n{}",
        game.turns(),
        game.partie(),
        game.position_text()
    );
}

/// The save of a game, written as JSON and read back.
fn save_round_trip(game: &Game) -> Game {
    let save = game
        .save(Board::reconstructed_text())
        .expect("the game saves");
    let json = save.to_json();
    SavedGame::from_json(&json)
        .expect("the save reads back")
        .replay()
        .expect("the save replays")
}

#[test]
fn random_games_end_and_keep_every_invariant() {
    for seed in 0..games(120) {
        let mut halfway: Option<Game> = None;
        let game = play_checked(seed, |game, rng| {
            if halfway.is_none() && rng.random_bool(0.01) {
                halfway = Some(game.clone());
            }
        });
        assert!(game.outcome().is_some(), "seed {seed}");
        assert_eq!(save_round_trip(&game), game, "seed {seed}: save → load");
        if let Some(halfway) = halfway {
            assert_eq!(
                save_round_trip(&halfway),
                halfway,
                "seed {seed}: a game in progress"
            );
        }
    }
}

/// Whether the engine lists `action` for `seat` now (a path: every step listed).
fn listed(game: &Game, seat: Seat, action: &Action, finder: &mut Finder) -> bool {
    let legal = game.legal_with(finder);
    if legal.seat != Some(seat) {
        return false;
    }
    match action {
        Action::AnswerDraw { .. } => legal.decision == Decision::DrawAnswer,
        _ if legal.decision != Decision::Turn => false,
        Action::Pick { square } => legal.pickable.contains(square),
        Action::Unit { to } => legal.units.iter().any(|u| u.to == *to),
        Action::Release {} => legal.hand.is_some() && legal.can_release,
        Action::EndTurn { captures } => {
            legal.can_end_turn
                && captures.iter().all(|c| legal.captures.contains(c))
                && captures
                    .iter()
                    .enumerate()
                    .all(|(i, c)| !captures[..i].contains(c))
        }
        Action::DeclareAlliance {} => legal.can_declare_alliance,
        Action::OfferDraw {} => legal.can_offer_draw,
        Action::ClockOverrun {} => legal.can_report_overrun,
        Action::Path { from, to } => {
            if to.is_empty() || !legal.pickable.contains(from) {
                return false;
            }
            let mut step = game.clone();
            step.apply_with(
                seat,
                Action::Pick { square: *from },
                finder,
                &mut Vec::new(),
            )
            .expect("a listed pick");
            for &square in to {
                let legal = step.legal_with(finder);
                if !legal.units.iter().any(|u| u.to == square) {
                    return false;
                }
                step.apply_with(seat, Action::Unit { to: square }, finder, &mut Vec::new())
                    .expect("a listed unit");
            }
            step.legal_with(finder).can_release
        }
    }
}

/// A random action, mostly nonsense, sometimes right.
fn junk(game: &Game, rng: &mut impl Rng) -> (Seat, Action) {
    let seats = game.table().seats.len() as u8;
    let seat = if rng.random_bool(0.7) {
        game.pending_seat().unwrap_or(Seat(0))
    } else {
        Seat(rng.random_range(0..=seats))
    };
    let square = |rng: &mut dyn rand::Rng| Square::from_index(rng.random_range(0..100)).unwrap();
    let near = |from: Square, rng: &mut dyn rand::Rng| {
        let (dc, dr) = [
            (0, 1),
            (1, 0),
            (0, -1),
            (-1, 0),
            (1, 1),
            (0, 2),
            (2, 0),
            (-1, -1),
        ]
        .choose(rng)
        .copied()
        .unwrap();
        from.offset(dc, dr).unwrap_or(from)
    };
    let hand = game.state().hand().map(|h| h.at());
    let action = match rng.random_range(0..10) {
        0 => Action::Pick {
            square: square(rng),
        },
        1 => {
            let mut pieces: Vec<Square> =
                castellan_chateau::squares_of(game.state().unplayed()).collect();
            pieces.shuffle(rng);
            Action::Pick {
                square: pieces.first().copied().unwrap_or(square(rng)),
            }
        }
        2 => Action::Unit {
            to: match hand {
                Some(at) => near(at, rng),
                None => square(rng),
            },
        },
        3 => Action::Release {},
        4 => {
            let mut pieces: Vec<Square> =
                castellan_chateau::squares_of(game.state().unplayed()).collect();
            pieces.shuffle(rng);
            let from = pieces.first().copied().unwrap_or(square(rng));
            let mut to = Vec::new();
            let mut at = from;
            for _ in 0..rng.random_range(0..7) {
                at = near(at, rng);
                to.push(at);
            }
            Action::Path { from, to }
        }
        5 => {
            let mut captures: Vec<Square> =
                (0..rng.random_range(0..3)).map(|_| square(rng)).collect();
            if rng.random_bool(0.5) {
                captures.clear();
            }
            Action::EndTurn { captures }
        }
        6 => Action::DeclareAlliance {},
        7 => Action::OfferDraw {},
        8 => Action::AnswerDraw {
            accept: rng.random_bool(0.5),
        },
        _ => Action::ClockOverrun {},
    };
    (seat, action)
}

#[test]
fn only_listed_actions_are_accepted_and_junk_changes_nothing() {
    let mut finder = Finder::new();
    let mut tried = 0;
    let mut accepted = 0;
    for seed in 0..games(30) {
        play_checked(1_000_000 + seed, |game, rng| {
            if !rng.random_bool(0.3) {
                return;
            }
            let (seat, action) = junk(game, rng);
            let expected = listed(game, seat, &action, &mut finder);
            let mut trial = game.clone();
            let result = trial.apply_with(seat, action.clone(), &mut finder, &mut Vec::new());
            tried += 1;
            match result {
                Ok(()) => {
                    accepted += 1;
                    assert!(
                        expected,
                        "seed {seed}: {seat} {action:?} is accepted but not listed"
                    );
                }
                Err(error) => {
                    assert!(
                        !expected,
                        "seed {seed}: {seat} {action:?} is listed but refused: {error}"
                    );
                    assert_eq!(
                        &trial, game,
                        "seed {seed}: a refused {action:?} changed the game"
                    );
                    assert!(!error.code().is_empty());
                }
            }
        });
    }
    assert!(tried > 500, "{tried} junk actions tried");
    assert!(accepted > 20, "some junk is right: {accepted} of {tried}");
}
