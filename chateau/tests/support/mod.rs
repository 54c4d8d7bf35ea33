//! What the engine's tests share: the board, squares by name, positions built from a
//! few pieces on the empty board, and helpers that play a turn.

// Each test file uses part of what is here.
#![allow(dead_code)]

use std::sync::Arc;

use castellan_chateau::board::{ArmyId, Board, UnitKind};
use castellan_chateau::game::{Action, Event, Finder, Game, Pieces, Seat, State, Table, TurnRules};
use castellan_chateau::square::Square;
use castellan_chateau::variant::Variant;

pub const RED: ArmyId = ArmyId(0);
pub const BLUE: ArmyId = ArmyId(1);
pub const YELLOW: ArmyId = ArmyId(2);
pub const GREEN: ArmyId = ArmyId(3);

/// The reconstructed board.
pub fn board() -> Arc<Board> {
    Arc::new(Board::reconstructed())
}

/// A square by name.
pub fn sq(name: &str) -> Square {
    name.parse()
        .unwrap_or_else(|_| panic!("{name} is a square"))
}

/// The names of squares.
pub fn names(squares: impl IntoIterator<Item = Square>) -> Vec<String> {
    let mut names: Vec<String> = squares.into_iter().map(|s| s.to_string()).collect();
    names.sort();
    names
}

/// The empty board as a position diagram, rows 10 to 1.
const EMPTY: [&str; 10] = [
    ": : : . . . . : : :",
    ": : : . . . . : : :",
    ": : : # # # . : : :",
    ". . . X . . X # . .",
    ". . # . X X . # . .",
    ". . # . X X . # . .",
    ". . # X . . X . . .",
    ": : : . # # # : : :",
    ": : : . . . . : : :",
    ": : : . . . . : : :",
];

/// A diagram with `pieces` (square, symbol: `r` a red soldier, `R` its captain…) on
/// the empty board.
pub fn diagram(pieces: &[(&str, char)]) -> String {
    let mut rows: Vec<Vec<char>> = EMPTY
        .iter()
        .map(|row| row.split(' ').map(|c| c.chars().next().unwrap()).collect())
        .collect();
    for &(name, symbol) in pieces {
        let square = sq(name);
        rows[9 - square.row() as usize][square.column() as usize] = symbol;
    }
    rows.iter()
        .map(|row| {
            let mut line: String = row.iter().map(|c| format!("{c} ")).collect();
            line.pop();
            line.push('\n');
            line
        })
        .collect()
}

/// A game from a position: `pieces` on the empty board, `to_play` to move, with
/// `extra` TOML (scores, occupation, sieges…) after the diagram.
pub fn game(
    pieces: &[(&str, char)],
    to_play: &str,
    table: Table,
    variant: Variant,
    extra: &str,
) -> Game {
    let text = position_text(pieces, to_play, extra);
    Game::from_position(board(), variant, Some(table), &text, "test position")
        .unwrap_or_else(|e| panic!("the test position loads:\n{e}\n{text}"))
}

/// The text of such a position.
pub fn position_text(pieces: &[(&str, char)], to_play: &str, extra: &str) -> String {
    format!(
        "game = \"chateau-noir\"\nto_play = \"{to_play}\"\ndiagram = \"\"\"\n{}\"\"\"\n{extra}\n",
        diagram(pieces)
    )
}

/// A search state with `pieces`, `mover` to move its own army with `factor` units.
pub fn state(pieces: &[(&str, char)], mover: ArmyId, factor: u8, rules: TurnRules) -> State {
    let board = board();
    let mut set = Pieces::default();
    for &(name, symbol) in pieces {
        let army = board
            .armies()
            .iter()
            .position(|a| a.letter == symbol.to_ascii_lowercase())
            .expect("an army's letter");
        set.put(ArmyId(army as u8), sq(name), symbol.is_ascii_uppercase());
    }
    State::new(set, mover, mover.bit(), factor, rules)
}

/// The default turn rules.
pub fn rules() -> TurnRules {
    Variant::default().turn_rules()
}

/// The units the movement rules allow the piece on `from` as its first unit, with
/// their kinds, by landing square's name (no question of finishing the turn).
pub fn first_units(state: &State, from: &str) -> Vec<(String, UnitKind)> {
    let board = board();
    let mut state = *state;
    assert!(state.pick(sq(from)), "{from} can be picked");
    let mut units = Vec::new();
    state.units_into(&board, &mut units);
    let mut named: Vec<(String, UnitKind)> = units
        .into_iter()
        .map(|m| (m.to.to_string(), m.kind))
        .collect();
    named.sort_by(|a, b| a.0.cmp(&b.0));
    named
}

/// Whether `path` (start first) is accepted by the movement rules alone, unit by unit.
pub fn path_allowed(state: &State, path: &[&str]) -> bool {
    let board = board();
    let mut state = *state;
    if !state.pick(sq(path[0])) {
        return false;
    }
    for &to in &path[1..] {
        if state.unit_kind(&board, sq(to)).is_none() {
            return false;
        }
        state.apply_unit(sq(to));
    }
    true
}

/// The seat to decide.
pub fn seat(game: &Game) -> Seat {
    game.pending_seat().expect("someone is to decide")
}

/// Plays `path` (start first) for the piece on its first square, as one action.
pub fn play_path(game: &mut Game, path: &[&str]) -> Vec<Event> {
    let seat = seat(game);
    let action = Action::Path {
        from: sq(path[0]),
        to: path[1..].iter().map(|s| sq(s)).collect(),
    };
    game.apply(seat, action.clone())
        .unwrap_or_else(|e| panic!("{action:?} is accepted: {e}\n{}", game.position_text()))
}

/// Spends the units left with the piece on `spare` (the first unit offered each
/// time), then releases it; returns where it ends.
pub fn spend_with(game: &mut Game, spare: &str) -> String {
    let seat = seat(game);
    if game.state().left() == 0 {
        return spare.to_owned();
    }
    game.apply(seat, Action::Pick { square: sq(spare) })
        .unwrap_or_else(|e| panic!("{spare} picked: {e}"));
    while game.state().left() > 0 {
        let to = game.legal().units[0].to;
        game.apply(seat, Action::Unit { to }).unwrap();
    }
    let at = game.state().hand().expect("in hand").at().to_string();
    game.apply(seat, Action::Release {}).unwrap();
    at
}

/// Ends the turn taking `captures`.
pub fn end_turn(game: &mut Game, captures: &[&str]) -> Vec<Event> {
    let seat = seat(game);
    game.apply(
        seat,
        Action::EndTurn {
            captures: captures.iter().map(|s| sq(s)).collect(),
        },
    )
    .unwrap_or_else(|e| panic!("the turn ends: {e}\n{}", game.position_text()))
}

/// Plays a whole turn with the first pickable piece and first units offered, no
/// captures.
pub fn pass_turn(game: &mut Game) -> Vec<Event> {
    let seat = seat(game);
    let mut finder = Finder::new();
    let mut events = Vec::new();
    while game.state().left() > 0 {
        let legal = game.legal_with(&mut finder);
        let action = if let Some(unit) = legal.units.first() {
            Action::Unit { to: unit.to }
        } else if legal.hand.is_some() && legal.can_release {
            Action::Release {}
        } else {
            Action::Pick {
                square: legal.pickable[0],
            }
        };
        events.extend(game.apply(seat, action).unwrap());
    }
    events.extend(
        game.apply(seat, Action::EndTurn { captures: vec![] })
            .unwrap(),
    );
    events
}

/// The points events gave each side, summed.
pub fn points(events: &[Event]) -> Vec<(u8, i32)> {
    let mut sums: Vec<(u8, i32)> = Vec::new();
    for (side, p) in events.iter().filter_map(Event::points) {
        match sums.iter_mut().find(|(s, _)| *s == side.0) {
            Some(entry) => entry.1 += p,
            None => sums.push((side.0, p)),
        }
    }
    sums.sort();
    sums
}
