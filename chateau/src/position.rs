//! Positions described as text: a TOML file whose `diagram` draws the board as the
//! shared reading does (rows 10 to 1, a character a square: an army's letter for its
//! soldiers, in capitals for its captain; `.`, `#`, `X` and `:` for empty white,
//! black, tower and coloured squares), with the scores, occupation timers, sieges,
//! safe pieces, alliances and the turn in progress beside it
//! (`docs/chateau-noir-position-format.md`). Tests, the perft and the protocol's
//! `start_from_position` read it; [`Game::position_text`] writes it.

use std::fmt::{self, Write as _};
use std::sync::Arc;

use castellan_common::diagnostics::{BaseProblem, FileText, Hints, parse_toml};
use toml::de::{DeTable, DeValue};

use crate::board::{ArmyId, Board, SquareKind, armies_of};
use crate::diagnostics::{FileError, ProblemKind, ProblemList};
use crate::game::{
    ALLIANCE_FACTOR, Alliance, FACTOR, Finder, Game, NewGameError, Occupation, Pieces, Safety,
    Siege, State, Table, territories_held,
};
use crate::square::{Bits, SIDE, Square, squares_of};
use crate::toml_read::TableReader;
use crate::variant::Variant;

/// The largest position file read, in bytes.
pub const MAX_POSITION_BYTES: usize = 64 * 1024;

/// A mistake only a position file can make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionProblem {
    /// The diagram must have ten rows of squares (10 to 1).
    DiagramRows {
        found: usize,
    },
    /// A row must have ten squares.
    DiagramRow {
        row: u8,
        found: usize,
    },
    /// A character that is no piece and no empty square.
    UnknownSymbol {
        symbol: FileText,
    },
    /// An empty square drawn as another kind than the board's.
    WrongEmptySquare {
        square: Square,
        shown: char,
        kind: &'static str,
    },
    /// More pieces than an army has.
    TooManyPieces {
        army: FileText,
        found: u32,
    },
    TwoCaptains {
        army: FileText,
    },
    /// Pieces of an army that nobody commands.
    ArmyNotInGame {
        army: FileText,
    },
    UnknownArmy {
        id: FileText,
        hint: Option<FileText>,
    },
    UnknownSide {
        id: FileText,
        hint: Option<FileText>,
    },
    NotASquare {
        text: FileText,
    },
    /// `to_play` cannot play: why.
    CannotPlay {
        army: FileText,
        why: &'static str,
    },
    /// The turn in progress is impossible: why.
    BadTurn {
        why: String,
    },
    /// A siege record does not fit the pieces: why.
    BadSiege {
        why: &'static str,
    },
    BadAlliance {
        why: &'static str,
    },
    /// Fewer than two sides have pieces: the partie would be over.
    PartieOver,
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::DiagramRows { found } => write!(
                f,
                "the diagram must have 10 rows of squares (10 at the top to 1), not {found}"
            ),
            Self::DiagramRow { row, found } => {
                write!(
                    f,
                    "row {row} of the diagram must have 10 squares, not {found}"
                )
            }
            Self::UnknownSymbol { symbol } => write!(
                f,
                "`{symbol}` is no piece and no empty square: write an army's letter (a capital \
                 for its captain), or `.`, `#`, `X`, `:` for an empty white, black, tower or \
                 coloured square"
            ),
            Self::WrongEmptySquare {
                square,
                shown,
                kind,
            } => write!(
                f,
                "{square} is drawn `{shown}` but is a {kind} square on this board"
            ),
            Self::TooManyPieces { army, found } => {
                write!(f, "`{army}` has {found} pieces: an army has at most 9")
            }
            Self::TwoCaptains { army } => write!(f, "`{army}` has more than one captain"),
            Self::ArmyNotInGame { army } => {
                write!(f, "`{army}` has pieces but nobody commands it in this game")
            }
            Self::UnknownArmy { id, hint } => write!(
                f,
                "there is no army `{id}`{}",
                castellan_common::diagnostics::Hint(hint)
            ),
            Self::UnknownSide { id, hint } => write!(
                f,
                "there is no side `{id}` in this game{}",
                castellan_common::diagnostics::Hint(hint)
            ),
            Self::NotASquare { text } => {
                write!(f, "`{text}` is not a square of the board (A1 to J10)")
            }
            Self::CannotPlay { army, why } => write!(f, "`{army}` cannot play: {why}"),
            Self::BadTurn { why } => write!(f, "the turn in progress is impossible: {why}"),
            Self::BadSiege { why } => write!(f, "the siege is impossible: {why}"),
            Self::BadAlliance { why } => write!(f, "the alliance is impossible: {why}"),
            Self::PartieOver => {
                f.write_str("fewer than two sides have pieces: the partie would be over")
            }
        }
    }
}

/// Why a game could not start from a position.
#[derive(Debug, thiserror::Error)]
pub enum PositionError {
    #[error("{0}")]
    NewGame(#[from] NewGameError),
    #[error("{0}")]
    File(#[from] FileError),
}

impl PositionError {
    /// The stable code of the protocol's refusal.
    pub fn code(&self) -> &'static str {
        match self {
            Self::NewGame(error) => error.code(),
            Self::File(_) => "invalid_position",
        }
    }
}

const KEYS: &[&str] = &[
    "game",
    "seed",
    "seats",
    "teams",
    "to_play",
    "first",
    "partie",
    "round",
    "turns",
    "diagram",
    "scores",
    "occupation",
    "turn",
    "siege",
    "safe",
    "alliance",
];
const OCCUPATION_KEYS: &[&str] = &["held", "next"];
const TURN_KEYS: &[&str] = &["spent", "played", "hand", "exits"];
const SIEGE_KEYS: &[&str] = &["army", "squares", "turns"];
const SAFE_KEYS: &[&str] = &["square", "against"];
const ALLIANCE_KEYS: &[&str] = &["giver", "receiver"];

/// The table a position file names (`seats`, `teams`), if it names one.
pub fn table_of_position(board: &Board, source: &str) -> Option<Table> {
    let document = DeTable::parse(source).ok()?;
    let document = document.get_ref();
    let DeValue::Array(seats) = document.get("seats")?.get_ref() else {
        return None;
    };
    let mut table = Table {
        seats: Vec::new(),
        teams: true,
    };
    for seat in seats.iter() {
        let DeValue::Array(armies) = seat.get_ref() else {
            return None;
        };
        let mut ids = Vec::new();
        for army in armies.iter() {
            let DeValue::String(id) = army.get_ref() else {
                return None;
            };
            ids.push(board.army_by_id(id)?);
        }
        table.seats.push(ids);
    }
    if let Some(teams) = document.get("teams") {
        let DeValue::Boolean(teams) = teams.get_ref() else {
            return None;
        };
        table.teams = *teams;
    }
    Some(table)
}

impl Game {
    /// A game from a described position. `table` says who commands which army; when
    /// `None`, the position's own `seats` and `teams` (or four seats in teams).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use castellan_chateau::board::Board;
    /// use castellan_chateau::game::Game;
    /// use castellan_chateau::variant::Variant;
    ///
    /// let board = Arc::new(Board::reconstructed());
    /// let start = Game::new(board.clone(), Variant::default(),
    ///     castellan_chateau::game::Table::four_in_teams(), 3).unwrap();
    /// let text = start.position_text();
    /// let again = Game::from_position(board, Variant::default(), None, &text, "p.toml").unwrap();
    /// assert_eq!(again.position_text(), text);
    /// ```
    pub fn from_position(
        board: Arc<Board>,
        variant: Variant,
        table: Option<Table>,
        source: &str,
        origin: &str,
    ) -> Result<Game, PositionError> {
        let table = table
            .or_else(|| table_of_position(&board, source))
            .unwrap_or_else(Table::four_in_teams);
        let mut game = Game::new(board, variant, table, 0)?;
        game.history.clear();
        if source.len() > MAX_POSITION_BYTES {
            let mut problems = ProblemList::new("");
            problems.at(
                0,
                BaseProblem::FileTooLarge {
                    bytes: source.len() as u64,
                    max_bytes: MAX_POSITION_BYTES,
                },
            );
            return Err(into_error(problems, origin).into());
        }
        let mut problems = ProblemList::new(source);
        let Some(document) = parse_toml(source, &mut problems) else {
            return Err(into_error(problems, origin).into());
        };
        let read = Reader {
            source,
            problems: &mut problems,
            hints: Hints::new(),
            game: &mut game,
        }
        .read(document.get_ref());
        if read.is_none() || !problems.is_empty() {
            return Err(into_error(problems, origin).into());
        }
        game.start = Some(Arc::from(source));
        game.opening.clear();
        Ok(game)
    }

    /// The game's position as text, readable by [`Game::from_position`]: the diagram,
    /// the scores, timers, sieges, safe pieces, alliances and the turn in progress.
    pub fn position_text(&self) -> String {
        let board = &self.board;
        let id = |army: ArmyId| board.army(army).id.clone();
        let list = |armies: u8| {
            armies_of(armies)
                .map(|a| format!("\"{}\"", id(a)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let squares = |bits: Bits| {
            squares_of(bits)
                .map(|s| format!("\"{s}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut text =
            String::from("# A Château Noir position (docs/chateau-noir-position-format.md).\n");
        text.push_str("game = \"chateau-noir\"\n");
        let _ = writeln!(text, "seed = {}", self.seed);
        let seats: Vec<String> = self
            .table
            .seats
            .iter()
            .map(|armies| {
                format!(
                    "[{}]",
                    armies
                        .iter()
                        .map(|&a| format!("\"{}\"", id(a)))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
            .collect();
        let _ = writeln!(text, "seats = [{}]", seats.join(", "));
        let _ = writeln!(text, "teams = {}", self.table.teams);
        let _ = writeln!(text, "to_play = \"{}\"", id(self.state.mover()));
        let _ = writeln!(text, "first = \"{}\"", id(self.first));
        let _ = writeln!(text, "partie = {}", self.partie);
        let _ = writeln!(text, "round = {}", self.round);
        let _ = writeln!(text, "turns = {}", self.turns);
        text.push_str("diagram = \"\"\"\n");
        text.push_str(&diagram(board, self.state.pieces()));
        text.push_str("\"\"\"\n");
        text.push_str("\n[scores]\n");
        let view = self.view();
        for side in &view.sides {
            let _ = writeln!(text, "{} = {}", side.id, side.score);
        }
        for army in armies_of(self.table.armies()) {
            let occupation = self.occupation[army.index()];
            let table = &board.army(army).table;
            let next = table[occupation.next as usize % table.len()];
            let _ = write!(
                text,
                "\n[occupation.{}]\nheld = [{}]\nnext = \"{}\"\n",
                id(army),
                list(occupation.held),
                id(next)
            );
        }
        let state = &self.state;
        if state.spent() > 0 || state.hand().is_some() {
            text.push_str("\n[turn]\n");
            let _ = writeln!(text, "spent = {}", state.spent());
            let _ = writeln!(text, "played = [{}]", squares(state.played()));
            if let Some(hand) = state.hand() {
                let path: Vec<String> = hand.path().iter().map(|s| format!("\"{s}\"")).collect();
                let _ = writeln!(text, "hand = [{}]", path.join(", "));
            }
            let exits: Vec<String> = self
                .exits
                .iter()
                .map(|&(a, t)| format!("[\"{}\", \"{}\"]", id(a), id(t)))
                .collect();
            let _ = writeln!(text, "exits = [{}]", exits.join(", "));
        }
        for siege in &self.sieges {
            let bits = siege.squares.iter().fold(0, |b: Bits, s| b | s.bit());
            let _ = write!(
                text,
                "\n[[siege]]\narmy = \"{}\"\nsquares = [{}]\nturns = {}\n",
                id(siege.army),
                squares(bits),
                siege.turns
            );
        }
        for safety in &self.safe {
            let _ = write!(
                text,
                "\n[[safe]]\nsquare = \"{}\"\nagainst = [{}]\n",
                safety.square,
                list(safety.against)
            );
        }
        for alliance in &self.alliances {
            let _ = write!(
                text,
                "\n[[alliance]]\ngiver = \"{}\"\nreceiver = \"{}\"\n",
                id(alliance.giver),
                id(alliance.receiver)
            );
        }
        text
    }
}

/// The pieces drawn as a diagram, with the column letters and row numbers.
pub fn diagram(board: &Board, pieces: &Pieces) -> String {
    let mut text = String::from("     A B C D E F G H I J\n");
    for row in (0..SIDE).rev() {
        let _ = write!(text, "  {:>2}", row + 1);
        for column in 0..SIDE {
            let square = Square::at(column, row).expect("on the board");
            let symbol = match pieces.at(square) {
                Some((army, kind)) => {
                    let letter = board.army(army).letter;
                    if kind == crate::game::PieceKind::Captain {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    }
                }
                None => empty_symbol(board.kind(square)),
            };
            text.push(' ');
            text.push(symbol);
        }
        text.push('\n');
    }
    text
}

fn empty_symbol(kind: SquareKind) -> char {
    match kind {
        SquareKind::White => '.',
        SquareKind::Black => '#',
        SquareKind::Tower => 'X',
        SquareKind::Territory(_) => ':',
    }
}

fn kind_name(kind: SquareKind) -> &'static str {
    match kind {
        SquareKind::White => "white",
        SquareKind::Black => "black",
        SquareKind::Tower => "tower",
        SquareKind::Territory(_) => "coloured",
    }
}

fn into_error(problems: ProblemList<'_>, origin: &str) -> FileError {
    problems.into_error_or(origin, || ProblemKind::MissingKey {
        section: "the position",
        key: "diagram",
    })
}

/// Where the text of a multi-line string starts in the source, when the source
/// writes it verbatim.
fn multiline_start(source: &str, at: usize, text: &str) -> Option<usize> {
    let rest = source.get(at..)?;
    let open = if rest.starts_with("\"\"\"") || rest.starts_with("'''") {
        3
    } else if rest.starts_with('"') || rest.starts_with('\'') {
        1
    } else {
        return None;
    };
    let mut start = at + open;
    if open == 3 {
        if source[start..].starts_with("\r\n") {
            start += 2;
        } else if source[start..].starts_with('\n') {
            start += 1;
        }
    }
    (source.get(start..start + text.len())? == text).then_some(start)
}

struct Reader<'s, 'p, 'g> {
    source: &'s str,
    problems: &'p mut ProblemList<'s>,
    hints: Hints,
    game: &'g mut Game,
}

impl Reader<'_, '_, '_> {
    fn army(&mut self, id: &str, at: usize) -> Option<ArmyId> {
        let board = self.game.board.clone();
        match board.army_by_id(id) {
            Some(army) => Some(army),
            None => {
                let hint = self
                    .hints
                    .hint(id, board.armies().iter().map(|a| a.id.as_str()));
                self.problems.at(
                    at,
                    PositionProblem::UnknownArmy {
                        id: FileText::new(id),
                        hint,
                    },
                );
                None
            }
        }
    }

    fn square(&mut self, text: &str, at: usize) -> Option<Square> {
        match text.parse() {
            Ok(square) => Some(square),
            Err(_) => {
                self.problems.at(
                    at,
                    PositionProblem::NotASquare {
                        text: FileText::new(text),
                    },
                );
                None
            }
        }
    }

    fn read(mut self, document: &DeTable<'_>) -> Option<()> {
        let board = self.game.board.clone();
        let mut top = TableReader::new(document, 0, "the position", self.problems);
        top.check_keys(KEYS, &mut self.hints);
        match top.string("game", false) {
            Some((game, _)) if game == "chateau-noir" => {}
            other => {
                let (found, at) = match other {
                    Some((game, at)) => (Some(FileText::new(&game)), at),
                    None => (None, 0),
                };
                top.problems.at(
                    at,
                    ProblemKind::NotThisGame {
                        what: "position",
                        key: "game",
                        found,
                    },
                );
            }
        }
        let seed = top
            .integer("seed", false, 0, i64::MAX)
            .map(|(s, _)| s as u64);
        let to_play = top.string("to_play", true);
        let first = top.string("first", false);
        let partie = top
            .integer("partie", false, 1, 1_000_000)
            .map(|(n, _)| n as u32);
        let round = top
            .integer("round", false, 1, 10_000_000)
            .map(|(n, _)| n as u32);
        let turns = top
            .integer("turns", false, 0, 100_000_000)
            .map(|(n, _)| n as u32);
        let diagram = top.string("diagram", true);
        let diagram_at = top.value("diagram").map(|v| v.span().start);
        let scores = top.table("scores");
        let occupation = top.table("occupation");
        let turn = top.table("turn");
        let sieges = top.array("siege", false, "an array of tables ([[siege]])");
        let safe = top.array("safe", false, "an array of tables ([[safe]])");
        let alliances = top.array("alliance", false, "an array of tables ([[alliance]])");

        if let Some(seed) = seed {
            self.game.seed = seed;
            self.game.rng = castellan_common::rng::seeded(seed);
        }
        let (text, at) = diagram?;
        let start = multiline_start(self.source, diagram_at.unwrap_or(at), &text);
        let pieces = self.read_diagram(&text, at, start)?;
        let to_play = to_play.and_then(|(id, at)| self.army(&id, at).map(|a| (a, at)));
        let first = first.and_then(|(id, at)| self.army(&id, at));

        // The alliances first: they decide what the army to play moves.
        let mut alliance_list = Vec::new();
        for item in alliances.unwrap_or_default() {
            let DeValue::Table(table) = item.get_ref() else {
                continue;
            };
            let at = item.span().start;
            let mut reader = TableReader::new(table, at, "[[alliance]]", self.problems);
            reader.check_keys(ALLIANCE_KEYS, &mut self.hints);
            let giver = reader.string("giver", true);
            let receiver = reader.string("receiver", true);
            let (Some((giver, giver_at)), Some((receiver, receiver_at))) = (giver, receiver) else {
                continue;
            };
            let (Some(giver), Some(receiver)) = (
                self.army(&giver, giver_at),
                self.army(&receiver, receiver_at),
            ) else {
                continue;
            };
            let sides = self.game.sides;
            let in_game = self.game.table.armies();
            let why = if !self.game.table.teams {
                Some("alliances are made in team play")
            } else if in_game & giver.bit() == 0 || in_game & receiver.bit() == 0 {
                Some("both armies must be in the game")
            } else if giver == receiver || sides.side_of(giver) != sides.side_of(receiver) {
                Some("the giver and the receiver are partners")
            } else if pieces.captain(giver).is_none() {
                Some("the giver's alliance ends with its captain, and it has none")
            } else if alliance_list.iter().any(|a: &Alliance| {
                [a.giver, a.receiver]
                    .iter()
                    .any(|x| *x == giver || *x == receiver)
            }) {
                Some("an army is in one alliance at most")
            } else {
                None
            };
            match why {
                Some(why) => self.problems.at(at, PositionProblem::BadAlliance { why }),
                None => alliance_list.push(Alliance { giver, receiver }),
            }
        }
        self.game.alliances = alliance_list;

        // Scores, by side.
        let view_sides = self.game.view().sides;
        if let Some((table, at)) = scores {
            let reader = TableReader::new(table, at, "[scores]", self.problems);
            let known: Vec<&str> = view_sides.iter().map(|s| s.id.as_str()).collect();
            for (key, value) in table.iter() {
                let name: &str = key.get_ref().as_ref();
                let Some(side) = view_sides.iter().find(|s| s.id == name) else {
                    let hint = self.hints.hint(name, known.iter().copied());
                    reader.problems.at(
                        key.span().start,
                        PositionProblem::UnknownSide {
                            id: FileText::new(name),
                            hint,
                        },
                    );
                    continue;
                };
                let side = side.side;
                let score = match value.get_ref() {
                    DeValue::Integer(n) => i64::from_str_radix(n.as_str(), n.radix())
                        .ok()
                        .filter(|n| (-1000..=1000).contains(n)),
                    _ => None,
                };
                match score {
                    Some(score) => self.game.scores[side.index()] = score as i32,
                    None => reader.problems.at(
                        value.span().start,
                        ProblemKind::OutOfRange {
                            key: "scores",
                            min: -1000,
                            max: 1000,
                            found: FileText::new(
                                &format!("{:?}", value.get_ref())
                                    .chars()
                                    .take(20)
                                    .collect::<String>(),
                            ),
                        },
                    ),
                }
            }
        }

        // Occupation, by army: by default its own territory held, its table's first next.
        for army in board.army_ids() {
            self.game.occupation[army.index()] = Occupation {
                held: territories_held(&board, pieces.of(army)) & army.bit(),
                next: 0,
            };
        }
        if let Some((table, _)) = occupation {
            for (key, value) in table.iter() {
                let name: &str = key.get_ref().as_ref();
                let Some(army) = self.army(name, key.span().start) else {
                    continue;
                };
                let DeValue::Table(entry) = value.get_ref() else {
                    self.problems.at(
                        value.span().start,
                        ProblemKind::WrongType {
                            key: "occupation",
                            expected: "a table",
                            found: castellan_common::diagnostics::ValueType::of(value.get_ref()),
                        },
                    );
                    continue;
                };
                let mut reader =
                    TableReader::new(entry, value.span().start, "[occupation]", self.problems);
                reader.check_keys(OCCUPATION_KEYS, &mut self.hints);
                let held = reader.strings("held", false);
                let next = reader.string("next", false);
                let mut set = 0;
                for (id, at) in held.unwrap_or_default() {
                    if let Some(territory) = self.army(&id, at) {
                        set |= territory.bit();
                    }
                }
                self.game.occupation[army.index()].held =
                    set & territories_held(&board, pieces.of(army));
                if let Some((id, at)) = next
                    && let Some(territory) = self.army(&id, at)
                {
                    let table = &board.army(army).table;
                    let index = table.iter().position(|&t| t == territory).unwrap_or(0);
                    self.game.occupation[army.index()].next = index as u8;
                }
            }
        }

        // Sieges and safe pieces.
        let mut siege_list = Vec::new();
        for item in sieges.unwrap_or_default() {
            let DeValue::Table(table) = item.get_ref() else {
                continue;
            };
            let at = item.span().start;
            let mut reader = TableReader::new(table, at, "[[siege]]", self.problems);
            reader.check_keys(SIEGE_KEYS, &mut self.hints);
            let army = reader.string("army", true);
            let squares = reader.strings("squares", true);
            let turns = reader.integer("turns", true, 1, 3);
            let (Some((army, army_at)), Some(squares), Some((turns, _))) = (army, squares, turns)
            else {
                continue;
            };
            let Some(army) = self.army(&army, army_at) else {
                continue;
            };
            let mut list: Vec<Square> = squares
                .iter()
                .filter_map(|(text, at)| self.square(text, *at))
                .collect();
            list.sort();
            list.dedup();
            if list.is_empty() || list.iter().any(|&s| pieces.army_at(s) != Some(army)) {
                self.problems.at(
                    at,
                    PositionProblem::BadSiege {
                        why: "its squares must hold the army's pieces",
                    },
                );
                continue;
            }
            siege_list.push(Siege {
                army,
                squares: list,
                turns: turns as u8,
            });
        }
        self.game.sieges = siege_list;
        let mut safe_list = Vec::new();
        for item in safe.unwrap_or_default() {
            let DeValue::Table(table) = item.get_ref() else {
                continue;
            };
            let at = item.span().start;
            let mut reader = TableReader::new(table, at, "[[safe]]", self.problems);
            reader.check_keys(SAFE_KEYS, &mut self.hints);
            let square = reader.string("square", true);
            let against = reader.strings("against", true);
            let (Some((square, square_at)), Some(against)) = (square, against) else {
                continue;
            };
            let Some(square) = self.square(&square, square_at) else {
                continue;
            };
            let Some(army) = pieces.army_at(square) else {
                self.problems.at(
                    square_at,
                    PositionProblem::BadTurn {
                        why: format!("{square} is safe but holds no piece"),
                    },
                );
                continue;
            };
            let mut set = 0;
            for (id, at) in against {
                if let Some(enemy) = self.army(&id, at) {
                    set |= enemy.bit();
                }
            }
            safe_list.push(Safety {
                square,
                army,
                against: set,
            });
        }
        self.game.safe = safe_list;

        // The army to play, and its turn.
        let (army, army_at) = to_play?;
        let shown = FileText::new(&board.army(army).id);
        let controlled = self.game.controlled_by(army);
        let why = if self.game.table.armies() & army.bit() == 0 {
            Some("nobody commands it in this game")
        } else if self.game.alliances.iter().any(|a| a.giver == army) {
            Some("it gave its turns to its partner")
        } else if pieces.of_set(controlled) == 0 {
            Some("it has no pieces")
        } else {
            None
        };
        if let Some(why) = why {
            self.problems
                .at(army_at, PositionProblem::CannotPlay { army: shown, why });
            return None;
        }
        let sides_left = self
            .game
            .sides
            .ids()
            .filter(|&s| pieces.of_set(self.game.sides.armies(s)) != 0)
            .count();
        if sides_left < 2 {
            self.problems
                .at(diagram_at.unwrap_or(0), PositionProblem::PartieOver);
            return None;
        }
        let factor = if self.game.alliances.iter().any(|a| a.receiver == army) {
            ALLIANCE_FACTOR
        } else {
            FACTOR
        };
        self.game.first = first.unwrap_or(army);
        self.game.partie = partie.unwrap_or(1);
        self.game.round = round.unwrap_or(1);
        self.game.turns = turns.unwrap_or(0);
        self.game.outcome = None;
        self.game.draw = None;
        self.game.exits.clear();
        self.game.moved.clear();
        let mut state = State::new(
            pieces,
            army,
            controlled,
            factor,
            self.game.variant.turn_rules(),
        );
        if let Some((table, at)) = turn {
            state = self.read_turn(table, at, state)?;
        }
        let mut finder = Finder::new();
        if !finder.can_finish(&board, &state) {
            self.problems.at(
                army_at,
                PositionProblem::CannotPlay {
                    army: shown,
                    why: "it cannot complete its turn's units",
                },
            );
            return None;
        }
        self.game.state = state;
        for a in board.army_ids() {
            self.game.ripe[a.index()] = if controlled & a.bit() != 0 {
                self.game.occupation[a.index()].held
            } else {
                0
            };
        }
        Some(())
    }

    /// The pieces of the diagram, every row and square checked.
    fn read_diagram(&mut self, text: &str, at: usize, start: Option<usize>) -> Option<Pieces> {
        let board = self.game.board.clone();
        let mut rows: Vec<Vec<(char, usize)>> = Vec::new();
        let mut row_at = Vec::new();
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            let line_at = start.map_or(at, |s| s + offset);
            offset += line.len();
            let mut cells: Vec<(char, usize)> = line
                .char_indices()
                .filter(|(_, c)| !c.is_whitespace())
                .map(|(i, c)| (c, start.map_or(at, |s| s + offset - line.len() + i)))
                .collect();
            if cells.is_empty() {
                continue;
            }
            // The column letters' line.
            let letters: String = cells.iter().map(|(c, _)| *c).collect();
            if letters == "ABCDEFGHIJ" {
                continue;
            }
            // A row number in front.
            let digits = cells.iter().take_while(|(c, _)| c.is_ascii_digit()).count();
            if digits > 0 && digits <= 2 && cells.len() > 10 {
                cells.drain(..digits);
            }
            rows.push(cells);
            row_at.push(line_at);
        }
        if rows.len() != usize::from(SIDE) {
            self.problems
                .at(at, PositionProblem::DiagramRows { found: rows.len() });
            return None;
        }
        let mut pieces = Pieces::default();
        let mut fine = true;
        for (i, cells) in rows.iter().enumerate() {
            let row = SIDE - 1 - i as u8;
            if cells.len() != usize::from(SIDE) {
                self.problems.at(
                    row_at[i],
                    PositionProblem::DiagramRow {
                        row: row + 1,
                        found: cells.len(),
                    },
                );
                fine = false;
                continue;
            }
            for (column, &(symbol, cell_at)) in cells.iter().enumerate() {
                let square = Square::at(column as u8, row).expect("ten by ten");
                let kind = board.kind(square);
                if matches!(symbol, '.' | '#' | 'X' | ':') {
                    if symbol != empty_symbol(kind) {
                        self.problems.at(
                            cell_at,
                            PositionProblem::WrongEmptySquare {
                                square,
                                shown: symbol,
                                kind: kind_name(kind),
                            },
                        );
                        fine = false;
                    }
                    continue;
                }
                let army = board
                    .armies()
                    .iter()
                    .position(|a| a.letter == symbol.to_ascii_lowercase());
                match army {
                    Some(index) => {
                        pieces.put(ArmyId(index as u8), square, symbol.is_ascii_uppercase())
                    }
                    None => {
                        let mut buffer = [0; 4];
                        self.problems.at(
                            cell_at,
                            PositionProblem::UnknownSymbol {
                                symbol: FileText::new(symbol.encode_utf8(&mut buffer)),
                            },
                        );
                        fine = false;
                    }
                }
            }
        }
        for army in board.army_ids() {
            let shown = FileText::new(&board.army(army).id);
            let count = pieces.count(army);
            if count > 9 {
                self.problems.at(
                    at,
                    PositionProblem::TooManyPieces {
                        army: shown.clone(),
                        found: count,
                    },
                );
                fine = false;
            }
            if (pieces.of(army) & pieces.captains()).count_ones() > 1 {
                self.problems.at(
                    at,
                    PositionProblem::TwoCaptains {
                        army: shown.clone(),
                    },
                );
                fine = false;
            }
            if count > 0 && self.game.table.armies() & army.bit() == 0 {
                self.problems
                    .at(at, PositionProblem::ArmyNotInGame { army: shown });
                fine = false;
            }
        }
        fine.then_some(pieces)
    }

    /// The turn in progress: units spent, pieces released, the piece in hand's path.
    fn read_turn(&mut self, table: &DeTable<'_>, at: usize, mut state: State) -> Option<State> {
        let board = self.game.board.clone();
        let mut reader = TableReader::new(table, at, "[turn]", self.problems);
        reader.check_keys(TURN_KEYS, &mut self.hints);
        let spent = reader.integer("spent", true, 0, 12).map(|(n, _)| n as u8);
        let played = reader.strings("played", false).unwrap_or_default();
        let hand = reader.strings("hand", false);
        let exits = reader.array("exits", false, "an array of [army, territory] pairs");
        let spent = spent?;
        let bad = |reader: &mut Self, why: String| {
            reader.problems.at(at, PositionProblem::BadTurn { why });
        };
        let mut played_bits = 0;
        for (text, text_at) in played {
            let square = self.square(&text, text_at)?;
            if state.pieces().of_set(state.controlled()) & square.bit() == 0 {
                bad(
                    self,
                    format!("{square} is played but holds no piece of the armies to move"),
                );
                return None;
            }
            played_bits |= square.bit();
        }
        let path: Vec<Square> = match hand {
            Some(path) => {
                let mut squares = Vec::new();
                for (text, text_at) in path {
                    squares.push(self.square(&text, text_at)?);
                }
                squares
            }
            None => Vec::new(),
        };
        let hand_units = path.len().saturating_sub(1) as u8;
        if spent > state.factor() || hand_units > spent {
            bad(
                self,
                format!(
                    "{spent} units spent of {}, {hand_units} by the piece in hand",
                    state.factor()
                ),
            );
            return None;
        }
        if (played_bits != 0) != (spent > hand_units) {
            bad(
                self,
                "units spent before the piece in hand need played pieces, and played pieces units"
                    .to_owned(),
            );
            return None;
        }
        state.set_progress(played_bits, spent - hand_units);
        if let Some((&first, _)) = path.split_first() {
            let last = *path.last().expect("not empty");
            let mut pieces = *state.pieces();
            let Some((army, kind)) = pieces.at(last) else {
                bad(self, format!("the piece in hand is not on {last}"));
                return None;
            };
            if first != last {
                if pieces.army_at(first).is_some() {
                    bad(
                        self,
                        format!("the piece in hand's start {first} is occupied"),
                    );
                    return None;
                }
                pieces.remove(last);
                pieces.put(army, first, kind == crate::game::PieceKind::Captain);
            }
            let mut rebuilt = State::new(
                pieces,
                state.mover(),
                state.controlled(),
                state.factor(),
                state.rules(),
            );
            rebuilt.set_progress(played_bits, spent - hand_units);
            if !rebuilt.pick(first) {
                bad(self, format!("the piece on {first} may not be picked"));
                return None;
            }
            for &to in &path[1..] {
                if rebuilt.unit_kind(&board, to).is_none() {
                    bad(
                        self,
                        format!("the piece in hand cannot reach {to} by its path"),
                    );
                    return None;
                }
                rebuilt.apply_unit(to);
            }
            state = rebuilt;
        }
        for item in exits.unwrap_or_default() {
            let DeValue::Array(pair) = item.get_ref() else {
                bad(self, "exits are [army, territory] pairs".to_owned());
                return None;
            };
            let ids: Vec<&str> = pair
                .iter()
                .filter_map(|v| match v.get_ref() {
                    DeValue::String(s) => Some(s.as_ref()),
                    _ => None,
                })
                .collect();
            let [army, territory] = ids[..] else {
                bad(self, "exits are [army, territory] pairs".to_owned());
                return None;
            };
            let at = item.span().start;
            let (Some(army), Some(territory)) = (self.army(army, at), self.army(territory, at))
            else {
                return None;
            };
            self.game.exits.push((army, territory));
        }
        Some(state)
    }
}
