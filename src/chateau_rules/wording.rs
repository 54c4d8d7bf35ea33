//! Château Noir's rules in Castellan's own words, as Castellan plays them with a board
//! and a variant: the turn, each kind of unit (with its diagram), capture, scoring as
//! a table, winning, and each army's colour table. Plain translated text, no markup
//! and no drawing: the sheet lays it out on paper, the help in a window. The numbers
//! come from the engine's constants and the variant, never typed here.

use castellan_chateau::board::{ArmyId, Board, UnitKind};
use castellan_chateau::game::{
    ALLIANCE_FACTOR, CAPTAIN_POINTS, CHATEAU_POINTS, FACTOR, OWN_TERRITORY_POINTS, SIEGE_TURNS,
    SIMULTANEE_POINTS, SOLDIER_POINTS, TERRITORY_POINTS, WHOLE_ARMY_POINTS, WINNING_SCORE,
};
use castellan_chateau::variant::{Revisits, UnitRule, Variant};
use gettextrs::{gettext, pgettext};

use super::diagrams::{Diagram, diagrams};
use super::options::changed_options;
use crate::numbers::integer;
use crate::text::{fill, translated};

/// Everything the sheet and the help say, for one board and variant.
pub struct Rules {
    /// "Château Noir".
    pub title: String,
    /// The board's name, translated.
    pub board: String,
    /// The board's note that it is a reconstruction, if it is one.
    pub reconstruction: Option<String>,
    /// "As Castellan reads the booklet", or the variant's name.
    pub variant: String,
    /// What the variant changes, one "option: value" each.
    pub changes: Vec<String>,
    pub turn: Section,
    /// One entry per kind of unit the board has a use for.
    pub moves: Vec<MoveKind>,
    /// What is said under the moves (series of jumps).
    pub moves_note: String,
    pub capture: Section,
    pub scoring: ScoreTable,
    pub winning: Section,
    pub colour_tables: ColourTables,
}

/// A titled list of sentences.
pub struct Section {
    pub title: String,
    pub lines: Vec<String>,
}

/// A kind of unit: its name, what it does, and its diagram.
pub struct MoveKind {
    pub kind: UnitKind,
    pub name: String,
    pub text: String,
    pub diagram: Diagram,
}

/// Scoring as a table of moments and their points.
pub struct ScoreTable {
    pub title: String,
    /// The column headings.
    pub moment: String,
    pub points: String,
    pub rows: Vec<(String, String)>,
}

/// The order in which each army must occupy the territories.
pub struct ColourTables {
    pub title: String,
    pub note: String,
    /// Each army and the territories in its order (its own last).
    pub rows: Vec<(ArmyId, Vec<ArmyId>)>,
}

/// The name of a kind of unit.
pub fn kind_name(kind: UnitKind) -> String {
    match kind {
        UnitKind::Step => pgettext("Château Noir move", "Step"),
        UnitKind::TowerJump => pgettext("Château Noir move", "Tower jump"),
        UnitKind::WallJump => pgettext("Château Noir move", "Wall jump"),
        UnitKind::TowerDiagonal => pgettext("Château Noir move", "Tower diagonal"),
        UnitKind::GateDiagonal => pgettext("Château Noir move", "Gate diagonal"),
        UnitKind::TwinJump => pgettext("Château Noir move", "Twin jump"),
        UnitKind::CaptainDiagonal => pgettext("Château Noir move", "Captain’s diagonal"),
        UnitKind::CaptainJump => pgettext("Château Noir move", "Captain’s jump"),
    }
}

/// What a kind of unit does, in a sentence.
pub fn kind_text(kind: UnitKind) -> String {
    match kind {
        UnitKind::Step => gettext("One square forward, back or sideways, onto any free square."),
        UnitKind::TowerJump => gettext(
            "From a white or black square, over a tower (taken or not) onto the free white square beyond.",
        ),
        UnitKind::WallJump => gettext(
            "From a white or black square, over a plain black square (taken or not) onto the free white square beyond.",
        ),
        UnitKind::TowerDiagonal => gettext("One square diagonally, from a tower or onto a tower."),
        UnitKind::GateDiagonal => gettext(
            "Diagonally between two white squares that meet at a corner between two towers.",
        ),
        UnitKind::TwinJump => gettext(
            "From a tower over the tower beside it onto the free white square beyond; never back onto a tower.",
        ),
        UnitKind::CaptainDiagonal => {
            gettext("The captain alone: one square diagonally, onto any free square.")
        }
        UnitKind::CaptainJump => gettext(
            "The captain alone: diagonally over a tower (taken or not) onto any free square.",
        ),
    }
}

/// An army's name, translated.
pub fn army_name(board: &Board, army: ArmyId) -> String {
    translated(&board.army(army).name)
}

/// The rules of `variant` on `board`, in the current language.
pub fn rules(board: &Board, variant: &Variant) -> Rules {
    let variant_line = if variant.name.is_empty() {
        gettext("As Castellan reads the booklet")
    } else {
        fill(
            &gettext("Variant: {name}"),
            &[("name", &translated(&variant.name))],
        )
    };
    let changes = changed_options(variant)
        .into_iter()
        .map(|option| {
            fill(
                &gettext("{option}: {value}"),
                &[
                    ("option", &option.title()),
                    ("value", &option.describe(variant)),
                ],
            )
        })
        .collect();
    let moves = diagrams(board, variant)
        .into_iter()
        .map(|diagram| MoveKind {
            kind: diagram.kind,
            name: kind_name(diagram.kind),
            text: kind_text(diagram.kind),
            diagram,
        })
        .collect();
    Rules {
        title: gettext("Château Noir"),
        board: translated(&board.meta.name),
        reconstruction: board.meta.reconstruction.as_deref().map(translated),
        variant: variant_line,
        changes,
        turn: turn(variant),
        moves,
        moves_note: gettext(
            "Jumps may follow one another, each straight and landing on a free white square. No piece passes over or stops on another except by jumping a black square or a tower. The dot with a ring is where the unit leads; small circles are where other kinds lead.",
        ),
        capture: capture(variant),
        scoring: scoring(variant),
        winning: winning(variant),
        colour_tables: colour_tables(board),
    }
}

fn turn(variant: &Variant) -> Section {
    let mut lines = vec![fill(
        &gettext(
            "Your army has {units} units of movement a turn, shared among its pieces as you like ({alliance} under an alliance, for both armies).",
        ),
        &[("units", &FACTOR), ("alliance", &ALLIANCE_FACTOR)],
    )];
    lines.push(match variant.units {
        UnitRule::All => gettext(
            "Every unit must be spent. Castellan lights only the units after which the turn can still be finished.",
        ),
        UnitRule::UpTo => gettext("You may end the turn before every unit is spent, after one at least."),
    });
    lines.push(gettext(
        "Pick up a piece, move it one unit at a time, and put it down: a piece put down has played and does not move again this turn.",
    ));
    lines.push(match variant.revisits {
        Revisits::PerPiece => gettext(
            "In a turn a piece never comes back to a square it stood on, towers excepted, nor uses the same passage twice.",
        ),
        Revisits::PerPlayer => gettext(
            "In a turn no square your pieces stood on, towers excepted, and no passage they used may be used again by any of them.",
        ),
    });
    Section {
        title: gettext("Your Turn"),
        lines,
    }
}

fn capture(variant: &Variant) -> Section {
    let lines = vec![
        if variant.diagonal_capture {
            gettext(
                "An enemy piece between two pieces of your side on a row, a column or a diagonal is framed. Two enemies side by side are not.",
            )
        } else {
            gettext(
                "An enemy piece between two pieces of your side on a row or a column is framed. Two enemies side by side are not.",
            )
        },
        gettext(
            "At the end of your turn you may take any enemy framed by two pieces of your side, one of them your own: frames made and broken during the turn do not count.",
        ),
        gettext(
            "A piece that moved itself between two enemies is safe until the army that could take it has played.",
        ),
        gettext(
            "In teams, a partner’s piece frames with yours; you never move a partner’s pieces, unless under an alliance.",
        ),
    ];
    Section {
        title: gettext("Capture"),
        lines,
    }
}

fn scoring(variant: &Variant) -> ScoreTable {
    let mut rows = vec![
        (gettext("A soldier taken"), integer(SOLDIER_POINTS)),
        (
            gettext("A captain taken (its side loses as much, into debt if need be)"),
            integer(CAPTAIN_POINTS),
        ),
        (
            gettext("A territory left after holding it a full round, in your colour table’s order"),
            integer(TERRITORY_POINTS),
        ),
        (
            gettext("Your own territory, last in the order"),
            integer(OWN_TERRITORY_POINTS),
        ),
        (
            gettext("Simultanée: all four held a full round and left in order in one turn"),
            integer(SIMULTANEE_POINTS),
        ),
        (
            gettext("Château: an enemy army that cannot spend its units is taken whole"),
            fill(
                &gettext("pieces + {points}"),
                &[("points", &CHATEAU_POINTS)],
            ),
        ),
        (
            gettext("Every piece of an army taken"),
            fill(&gettext("+{points}"), &[("points", &WHOLE_ARMY_POINTS)]),
        ),
        (
            fill(
                &gettext(
                    "Siege: a group that cannot move, hemmed in by enemies only, {rounds} rounds running, goes to the enemy army with most pieces beside it",
                ),
                &[("rounds", &(SIEGE_TURNS - 1))],
            ),
            gettext("pieces"),
        ),
    ];
    if variant.clock_minutes.is_some() {
        rows.push((gettext("A turn over the clock"), integer(-1)));
    }
    ScoreTable {
        title: gettext("Scoring"),
        moment: gettext("When"),
        points: gettext("Points"),
        rows,
    }
}

fn winning(variant: &Variant) -> Section {
    let mut lines = Vec::new();
    if variant.single_partie {
        lines.push(gettext(
            "One partie: it ends when one side is left on the board, and the highest score wins.",
        ));
    } else {
        lines.push(fill(
            &gettext(
                "The first side to {points} points wins the match. A partie ends when one side is left; the next begins with every piece back and the scores kept.",
            ),
            &[("points", &WINNING_SCORE)],
        ));
    }
    lines.push(gettext(
        "Château noir: block two enemy armies at the end of the same turn and your side wins at once.",
    ));
    lines.push(fill(
        &gettext(
            "Alliance: an army left with its captain, or its captain and one soldier, the captain next to a partner’s soldier, may give its turns to the partner, who moves both armies with {units} units.",
        ),
        &[("units", &ALLIANCE_FACTOR)],
    ));
    Section {
        title: gettext("Winning"),
        lines,
    }
}

fn colour_tables(board: &Board) -> ColourTables {
    ColourTables {
        title: gettext("Colour Tables"),
        note: gettext(
            "The order in which each army scores for the territories it occupies, its own last.",
        ),
        rows: board
            .army_ids()
            .map(|army| (army, board.army(army).table.clone()))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rules_follow_the_variant_and_name_every_kind_of_unit() {
        let board = Board::reconstructed();
        let plain = rules(&board, &Variant::default());
        assert_eq!(plain.moves.len(), 8);
        assert!(plain.changes.is_empty());
        assert_eq!(plain.variant, "As Castellan reads the booklet");
        assert!(plain.reconstruction.is_some());
        assert!(plain.turn.lines[1].starts_with("Every unit must be spent"));
        assert!(plain.winning.lines[0].contains("27 points"));
        assert_eq!(plain.colour_tables.rows.len(), 4);
        // Red's table: Blue, Yellow, Green, its own last (the board file's).
        assert_eq!(
            plain.colour_tables.rows[0].1,
            vec![ArmyId(1), ArmyId(2), ArmyId(3), ArmyId(0)]
        );
        let house = Variant {
            name: "House".into(),
            units: UnitRule::UpTo,
            diagonal_capture: true,
            clock_minutes: Some(3),
            ..Variant::default()
        };
        let house_rules = rules(&board, &house);
        assert_eq!(house_rules.variant, "Variant: House");
        assert_eq!(house_rules.changes.len(), 3);
        assert!(house_rules.turn.lines[1].starts_with("You may end the turn"));
        assert!(house_rules.capture.lines[0].contains("a diagonal"));
        assert_eq!(house_rules.scoring.rows.len(), plain.scoring.rows.len() + 1);
    }
}
