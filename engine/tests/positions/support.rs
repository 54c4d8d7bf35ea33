//! Helpers shared by the engine's rule, scenario and save tests: the boards, games
//! from positions with fixed dice, and terse ways to act and look.

#![allow(dead_code)]

use std::sync::Arc;

use castellan_engine::board::{Board, TerritoryId, parse_board};
use castellan_engine::game::{
    Action, Dice, Event, EventKind, Game, Placement, Position, RuleError, Seat,
};
use castellan_engine::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The board's text of the small test board.
pub const TINY_SOURCE: &str = include_str!("tiny-board.toml");
/// The text of the Castle Risk board shipped with the game.
pub const CASTLE_SOURCE: &str = include_str!("../../../data/boards/castle-risk.toml");

pub fn tiny_board() -> Arc<Board> {
    Arc::new(parse_board(TINY_SOURCE, "tiny-board.toml").expect("the tiny board loads"))
}

pub fn castle_board() -> Arc<Board> {
    Arc::new(parse_board(CASTLE_SOURCE, "castle-risk.toml").expect("the Castle Risk board loads"))
}

/// A game on the tiny board from a TOML position, with these die faces.
pub fn tiny_game(position: &str, variant: Variant, dice: &[u8]) -> Game {
    let position = Position::from_toml(position).unwrap_or_else(|e| panic!("position TOML: {e}"));
    Game::from_position(tiny_board(), variant, &position, Dice::Fixed(dice.to_vec()))
        .unwrap_or_else(|e| panic!("position refused:\n{e}"))
}

/// The id of a territory key.
pub fn id(game: &Game, key: &str) -> TerritoryId {
    game.board()
        .territory_by_key(key)
        .unwrap_or_else(|| panic!("no territory {key}"))
}

/// Applies an action that must be accepted.
pub fn play(game: &mut Game, seat: u8, action: Action) -> Vec<Event> {
    let description = format!("{action:?}");
    game.apply(Seat(seat), action)
        .unwrap_or_else(|e| panic!("{description} by seat {seat} refused: {e}"))
}

/// Applies an action that must be refused, checks that nothing changed, and returns
/// the error.
pub fn refused(game: &mut Game, seat: u8, action: Action) -> RuleError {
    let before = game.clone();
    let description = format!("{action:?}");
    let error = game
        .apply(Seat(seat), action)
        .expect_err(&format!("{description} by seat {seat} was accepted"));
    assert_eq!(*game, before, "a refused action changed the game");
    error
}

/// The id of a territory key of the tiny board.
pub fn t(key: &str) -> TerritoryId {
    static TINY: std::sync::OnceLock<Arc<Board>> = std::sync::OnceLock::new();
    TINY.get_or_init(tiny_board)
        .territory_by_key(key)
        .unwrap_or_else(|| panic!("no territory {key}"))
}

/// An attack between two territories of the tiny board.
pub fn attack(from: &str, to: &str) -> Action {
    Action::Attack {
        from: t(from),
        to: t(to),
    }
}

/// Placements on territories of the tiny board.
pub fn place(placements: &[(&str, u32)]) -> Action {
    Action::PlaceArmies {
        placements: placements
            .iter()
            .map(|&(key, n)| Placement::new(t(key), n))
            .collect(),
    }
}

pub fn armies(game: &Game, key: &str) -> u32 {
    game.armies(id(game, key))
}

pub fn owner(game: &Game, key: &str) -> Option<Seat> {
    game.owner(id(game, key))
}

/// The event kinds, in order.
pub fn kinds(events: &[Event]) -> Vec<&EventKind> {
    events.iter().map(|e| &e.kind).collect()
}

pub fn has_event(events: &[Event], pred: impl Fn(&EventKind) -> bool) -> bool {
    events.iter().any(|e| pred(&e.kind))
}

/// One roll: the attacker rolls `attack_dice`, the defender `defence_dice`.
pub fn roll(
    game: &mut Game,
    attacker: u8,
    defender: u8,
    attack_dice: u8,
    defence_dice: u8,
) -> Vec<Event> {
    let mut events = play(
        game,
        attacker,
        Action::Roll {
            dice: attack_dice,
            general: false,
        },
    );
    events.extend(play(
        game,
        defender,
        Action::Defend {
            dice: defence_dice,
            marshall: false,
        },
    ));
    events
}

/// A game on the tiny board from a position value, with these die faces.
pub fn game_at(position: &Position, variant: Variant, dice: &[u8]) -> Game {
    Game::from_position(tiny_board(), variant, position, Dice::Fixed(dice.to_vec()))
        .unwrap_or_else(|e| panic!("position refused:\n{e}"))
}

/// Sets a territory of a position.
pub fn set(position: &mut Position, key: &str, owner: u8, armies: u32) {
    position.territories.insert(
        key.to_owned(),
        castellan_engine::game::TerritoryPosition {
            owner: Some(Seat(owner)),
            armies,
        },
    );
}

/// Ends `seat`'s turn: no fortifying, spoils all on its castle.
pub fn end_turn(game: &mut Game, seat: u8) -> Vec<Event> {
    use castellan_engine::game::Decision;
    let mut events = play(game, seat, Action::EndTurn);
    if let Some(p) = game.pending()
        && p.seat == Seat(seat)
        && matches!(p.decision, Decision::Fortify)
    {
        events.extend(play(game, seat, Action::SkipFortify));
    }
    if let Some(p) = game.pending()
        && p.seat == Seat(seat)
        && let Decision::PlaceArmies { armies, .. } = p.decision
    {
        let castle = game
            .castle(Seat(seat))
            .expect("a seat in play has a castle");
        events.extend(play(
            game,
            seat,
            Action::PlaceArmies {
                placements: vec![Placement::new(castle, armies)],
            },
        ));
    }
    events
}

/// Plays legal actions chosen at random (from `seed`) while `keep_going` says so, the
/// game awaits a decision, and fewer than `limit` actions were played.
pub fn play_at_random(
    game: &mut Game,
    seed: u64,
    limit: usize,
    keep_going: impl Fn(&Game) -> bool,
) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..limit {
        let Some(seat) = game.pending_seat().filter(|_| keep_going(game)) else {
            return;
        };
        let action = game
            .legal_actions()
            .sample(&mut rng)
            .expect("a legal action while pending");
        play(game, seat.0, action);
    }
}

/// Plays the rest of the setup at random.
pub fn finish_setup(game: &mut Game, seed: u64) {
    play_at_random(game, seed, usize::MAX, |g| !g.setup_done());
    assert!(game.setup_done(), "setup ended");
}
