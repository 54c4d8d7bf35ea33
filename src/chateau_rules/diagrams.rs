//! The move diagrams of Château Noir as data, asked of the engine itself: for each
//! kind of unit, a piece is set alone on a square of the board where that kind has
//! the most use, and the engine's own move generator ([`Finder::next_units`], what the
//! table lights) says which squares it reaches with one unit and by which kind. The
//! drawings (`draw`) only show these answers, so they cannot disagree with the game.

use castellan_chateau::board::{ArmyId, Board, Move, SquareKind, UnitKind};
use castellan_chateau::game::{Finder, Pieces, State};
use castellan_chateau::square::{SIDE, Square};
use castellan_chateau::variant::Variant;

/// Every kind of unit, in the order the rules explain them (soldiers', then the
/// captain's own).
pub const KINDS: [UnitKind; 8] = [
    UnitKind::Step,
    UnitKind::TowerJump,
    UnitKind::WallJump,
    UnitKind::TowerDiagonal,
    UnitKind::GateDiagonal,
    UnitKind::TwinJump,
    UnitKind::CaptainDiagonal,
    UnitKind::CaptainJump,
];

/// How many squares a diagram shows across and up.
pub const WINDOW: u8 = 5;

/// One diagram: a piece alone on a part of the board and the first units it may make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagram {
    /// The kind of unit the diagram is about.
    pub kind: UnitKind,
    /// Where the piece stands, and whether it is a captain.
    pub piece: Square,
    pub captain: bool,
    /// The squares shown: columns `left..left + WINDOW`, rows `bottom..bottom +
    /// WINDOW` (from 0).
    pub left: u8,
    pub bottom: u8,
    /// Every first unit the engine offers the piece there, of every kind.
    pub units: Vec<Move>,
}

impl Diagram {
    /// The squares the piece reaches with a unit of the diagram's kind.
    pub fn lit(&self) -> impl Iterator<Item = Square> + '_ {
        self.units
            .iter()
            .filter(|m| m.kind == self.kind)
            .map(|m| m.to)
    }

    /// The squares it reaches with a unit of another kind.
    pub fn others(&self) -> impl Iterator<Item = Square> + '_ {
        self.units
            .iter()
            .filter(|m| m.kind != self.kind)
            .map(|m| m.to)
    }

    /// Whether `square` is shown.
    pub fn shows(&self, square: Square) -> bool {
        (self.left..self.left + WINDOW).contains(&square.column())
            && (self.bottom..self.bottom + WINDOW).contains(&square.row())
    }

    /// The square shown at `column`, `row` of the window (from its bottom left).
    pub fn square_at(&self, column: u8, row: u8) -> Option<Square> {
        Square::at(self.left + column, self.bottom + row)
    }
}

/// Whether units of `kind` are made by captains only.
pub fn captains_only(kind: UnitKind) -> bool {
    matches!(kind, UnitKind::CaptainDiagonal | UnitKind::CaptainJump)
}

/// The first units the engine offers a piece standing alone on `square` of `board`
/// at the start of a turn played with `variant`: the squares the table would light.
pub fn first_units(board: &Board, variant: &Variant, square: Square, captain: bool) -> Vec<Move> {
    let army = ArmyId(0);
    let mut pieces = Pieces::default();
    pieces.put(army, square, captain);
    let mut state = State::new(
        pieces,
        army,
        army.bit(),
        castellan_chateau::game::FACTOR,
        variant.turn_rules(),
    );
    if !state.pick(square) {
        return Vec::new();
    }
    let mut units = Vec::new();
    Finder::new().next_units(board, &state, &mut units);
    units
}

/// A diagram for each kind of unit the board has a use for, in [`KINDS`] order.
pub fn diagrams(board: &Board, variant: &Variant) -> Vec<Diagram> {
    KINDS
        .iter()
        .filter_map(|&kind| diagram(board, variant, kind))
        .collect()
}

/// The diagram of `kind`: the square where a piece has the most units of that kind
/// and the fewest of others, nearest the middle; none if no square has one.
pub fn diagram(board: &Board, variant: &Variant, kind: UnitKind) -> Option<Diagram> {
    let captain = captains_only(kind);
    let (_, piece, units) = Square::all()
        .filter(|&square| !matches!(board.kind(square), SquareKind::Territory(_)))
        .filter_map(|square| {
            let units = first_units(board, variant, square, captain);
            let featured = units.iter().filter(|m| m.kind == kind).count() as i32;
            if featured == 0 {
                return None;
            }
            let others = units.len() as i32 - featured;
            // Twice the distance from the board's middle, in squares.
            let off_centre = (2 * i32::from(square.column()) - 9).abs()
                + (2 * i32::from(square.row()) - 9).abs();
            let score = featured * 40 - others * 12 - off_centre;
            Some((score, square, units))
        })
        // The first best square: the lowest, then the leftmost, for a fixed choice.
        .fold(
            None,
            |best: Option<(i32, Square, Vec<Move>)>, candidate| match best {
                Some(best) if best.0 >= candidate.0 => Some(best),
                _ => Some(candidate),
            },
        )?;
    let start = |at: u8| at.saturating_sub(WINDOW / 2).min(SIDE - WINDOW);
    Some(Diagram {
        kind,
        piece,
        captain,
        left: start(piece.column()),
        bottom: start(piece.row()),
        units,
    })
}

#[cfg(test)]
mod tests {
    use castellan_chateau::game::{Action, Game, Table};

    use super::*;

    #[test]
    fn the_reconstructed_board_has_a_diagram_for_every_kind_of_unit() {
        let board = Board::reconstructed();
        let all = diagrams(&board, &Variant::default());
        assert_eq!(
            all.iter().map(|d| d.kind).collect::<Vec<_>>(),
            KINDS.to_vec()
        );
        for diagram in &all {
            assert!(diagram.lit().count() > 0, "{diagram:?}");
            // What is lit is on the diagram, with the piece.
            assert!(diagram.shows(diagram.piece));
            assert!(
                diagram.lit().all(|square| diagram.shows(square)),
                "{diagram:?}"
            );
            assert_eq!(diagram.captain, captains_only(diagram.kind));
        }
    }

    #[test]
    fn a_diagrams_lit_squares_are_what_the_game_offers_a_piece_there() {
        // Ruling 1–10: the same answers from a whole game set up with the piece alone.
        let board = std::sync::Arc::new(Board::reconstructed());
        for diagram in diagrams(&board, &Variant::default()) {
            let letter = board.army(ArmyId(0)).letter;
            let mut rows = Vec::new();
            for row in (0..SIDE).rev() {
                let mut line = String::new();
                for column in 0..SIDE {
                    let square = Square::at(column, row).unwrap();
                    let symbol = if square == diagram.piece {
                        if diagram.captain {
                            letter.to_ascii_uppercase()
                        } else {
                            letter
                        }
                    } else if square == "J10".parse().unwrap() && diagram.piece.index() != 99 {
                        // A lone enemy in a far corner, so that the game has two sides.
                        board.army(ArmyId(2)).letter
                    } else {
                        match board.kind(square) {
                            SquareKind::White => '.',
                            SquareKind::Black => '#',
                            SquareKind::Tower => 'X',
                            SquareKind::Territory(_) => ':',
                        }
                    };
                    line.push(symbol);
                    line.push(' ');
                }
                rows.push(line);
            }
            let position = format!(
                "game = \"chateau-noir\"\nseats = [[\"{}\"], [\"{}\"]]\nteams = false\nto_play = \"{}\"\ndiagram = \"\"\"\n{}\n\"\"\"\n",
                board.army(ArmyId(0)).id,
                board.army(ArmyId(2)).id,
                board.army(ArmyId(0)).id,
                rows.join("\n"),
            );
            let table = Table::single_armies(&[ArmyId(0), ArmyId(2)]);
            let mut game = Game::from_position(
                board.clone(),
                Variant::default(),
                Some(table),
                &position,
                "diagram",
            )
            .unwrap_or_else(|e| panic!("{e}\n{position}"));
            let seat = game.pending_seat().unwrap();
            game.apply(
                seat,
                Action::Pick {
                    square: diagram.piece,
                },
            )
            .unwrap();
            let mut offered: Vec<(Square, UnitKind)> =
                game.legal().units.iter().map(|u| (u.to, u.kind)).collect();
            let mut drawn: Vec<(Square, UnitKind)> =
                diagram.units.iter().map(|m| (m.to, m.kind)).collect();
            offered.sort_by_key(|(s, _)| s.index());
            drawn.sort_by_key(|(s, _)| s.index());
            assert_eq!(drawn, offered, "{:?}", diagram.kind);
        }
    }

    #[test]
    fn a_soldier_never_gets_the_captains_units() {
        let board = Board::reconstructed();
        for square in Square::all() {
            let units = first_units(&board, &Variant::default(), square, false);
            assert!(units.iter().all(|m| !captains_only(m.kind)), "{square}");
        }
    }
}
