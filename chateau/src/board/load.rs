//! Loading a board from TOML: the shape of the document (keys, types), then every
//! cross-check (letters, territories, starts, colour tables, teams), every problem
//! reported at its own line and column, then the warnings (symmetry, starts outside
//! their territory), which do not stop the board from loading.

use std::path::Path;

use castellan_common::diagnostics::{
    BaseProblem, FileText, Hints, ReadError, TextKind, check_text, parse_toml, read_text_file,
};
use toml::de::{DeTable, DeValue};

use super::problems::{BoardError, BoardProblem};
use super::symmetry::first_asymmetry;
use super::{Army, ArmyId, Board, BoardMeta, MAX_ARMIES, Rgb, SOLDIERS, SquareKind, Team};
use crate::diagnostics::{Problem, ProblemKind, ProblemList};
use crate::square::{Bits, SIDE, SQUARES, Square};
use crate::toml_read::{TableReader, string_start};

/// The board file format this version reads.
pub const BOARD_FORMAT: u32 = 1;

/// The largest board file read, in bytes (a real one is about 3 KiB).
pub const MAX_BOARD_BYTES: usize = 64 * 1024;

/// Longest id, in characters.
const MAX_ID_CHARS: usize = 32;

const TOP_KEYS: &[&str] = &["board", "army", "team"];
const BOARD_KEYS: &[&str] = &[
    "game",
    "format",
    "name",
    "description",
    "author",
    "licence",
    "reconstruction",
    "squares",
];
const ARMY_KEYS: &[&str] = &[
    "id", "name", "letter", "colour", "captain", "soldiers", "table",
];
const TEAM_KEYS: &[&str] = &["id", "name", "armies"];

/// A board that loaded, and the warnings about it (each at its line and column).
#[derive(Clone, Debug)]
pub struct CheckedBoard {
    pub board: Board,
    pub warnings: Vec<Problem>,
}

/// Parses and checks a board; warnings are dropped (see [`check_board`]).
///
/// ```
/// use castellan_chateau::board::parse_board;
///
/// let error = parse_board("[board]\ngame = \"chateau-noir\"\nformat = 2\n", "new.toml")
///     .unwrap_err();
/// assert!(error.to_string().contains(
///     "new.toml:3:10: unsupported board format 2: this version of Castellan reads format 1"
/// ));
/// ```
pub fn parse_board(source: &str, origin: &str) -> Result<Board, BoardError> {
    check_board(source, origin).map(|checked| checked.board)
}

/// Parses and checks a board, returning it with its warnings. Every problem is
/// reported at once, sorted by position; only a TOML syntax error or an absurd size
/// stops the checks early.
pub fn check_board(source: &str, origin: &str) -> Result<CheckedBoard, BoardError> {
    if source.len() > MAX_BOARD_BYTES {
        let mut problems = ProblemList::new("");
        problems.at(
            0,
            BaseProblem::FileTooLarge {
                bytes: source.len() as u64,
                max_bytes: MAX_BOARD_BYTES,
            },
        );
        return Err(into_error(problems, origin));
    }
    let mut problems = ProblemList::new(source);
    let Some(document) = parse_toml(source, &mut problems) else {
        return Err(into_error(problems, origin));
    };
    let mut reader = Loader {
        source,
        problems: &mut problems,
        hints: Hints::new(),
        warnings: Vec::new(),
    };
    let board = reader.read(document.get_ref());
    let warnings = std::mem::take(&mut reader.warnings);
    match board {
        Some(board) if problems.is_empty() => {
            let mut list = ProblemList::new(source);
            for (at, warning) in warnings {
                list.at(at, warning);
            }
            Ok(CheckedBoard {
                board,
                warnings: list.into_sorted(),
            })
        }
        _ => Err(into_error(problems, origin)),
    }
}

/// Reads and checks a board file (at most [`MAX_BOARD_BYTES`]); also returns its text,
/// which saves carry.
pub fn load_board_file(path: &Path) -> Result<(CheckedBoard, String), BoardError> {
    let origin = path.display().to_string();
    match read_text_file::<ProblemKind>(path, MAX_BOARD_BYTES) {
        Ok(source) => check_board(&source, &origin).map(|board| (board, source)),
        Err(ReadError::Io(error)) => Err(BoardError::Io { origin, error }),
        Err(ReadError::NotUtf8(problem)) => Err(BoardError::Invalid {
            origin,
            problems: vec![problem],
        }),
        Err(ReadError::TooLarge(bytes)) => {
            let mut problems = ProblemList::new("");
            problems.at(
                0,
                BaseProblem::FileTooLarge {
                    bytes,
                    max_bytes: MAX_BOARD_BYTES,
                },
            );
            Err(into_error(problems, &origin))
        }
    }
}

fn into_error(problems: ProblemList<'_>, origin: &str) -> BoardError {
    problems.into_error_or(origin, || ProblemKind::MissingKey {
        section: "the file",
        key: "board",
    })
}

/// One `[[army]]` as read, before cross-checks.
struct RawArmy {
    at: usize,
    id: Option<(String, usize)>,
    name: Option<String>,
    letter: Option<(char, usize)>,
    colour: Option<Rgb>,
    captain: Option<(Square, usize)>,
    soldiers: Vec<(Square, usize)>,
    soldiers_at: Option<usize>,
    table: Vec<(String, usize)>,
    table_at: Option<usize>,
}

/// One cell of `squares`: its symbol and where it is written.
type Cell = (char, usize);

/// One row of `squares` as written: its text, where the string is, and where its text
/// starts when written verbatim.
type Row = (String, usize, Option<usize>);

struct Loader<'s, 'p> {
    source: &'s str,
    problems: &'p mut ProblemList<'s>,
    hints: Hints,
    warnings: Vec<(usize, BoardProblem)>,
}

impl<'s> Loader<'s, '_> {
    fn read(&mut self, document: &DeTable<'_>) -> Option<Board> {
        let mut top = TableReader::new(document, 0, "the file", self.problems);
        top.check_keys(TOP_KEYS, &mut self.hints);
        let Some((board_table, board_at)) = top.table("board") else {
            if document.get("board").is_none() {
                top.missing("board");
            }
            return None;
        };
        let (meta, rows) = self.read_meta(board_table, board_at)?;
        let armies = self.read_armies(document);
        let teams = self.read_teams(document, &armies);
        let cells = self.read_rows(&rows)?;
        self.build(meta, cells, armies, teams)
    }

    fn read_meta(&mut self, table: &DeTable<'_>, at: usize) -> Option<(BoardMeta, Vec<Row>)> {
        let source = self.source;
        let mut board = TableReader::new(table, at, "[board]", self.problems);
        board.check_keys(BOARD_KEYS, &mut self.hints);
        match board.string("game", false) {
            Some((game, _)) if game == "chateau-noir" => {}
            Some((game, game_at)) => board.problems.at(
                game_at,
                ProblemKind::NotThisGame {
                    what: "board",
                    key: "game",
                    found: Some(FileText::new(&game)),
                },
            ),
            None => board.problems.at(
                at,
                ProblemKind::NotThisGame {
                    what: "board",
                    key: "game",
                    found: None,
                },
            ),
        }
        if let Some(value) = board.value("format") {
            match value.get_ref() {
                DeValue::Integer(n) => {
                    let found = i64::from_str_radix(n.as_str(), n.radix()).unwrap_or(-1);
                    if found != i64::from(BOARD_FORMAT) {
                        board.problems.at(
                            value.span().start,
                            ProblemKind::UnsupportedFormat {
                                what: "board",
                                found,
                                supported: BOARD_FORMAT,
                            },
                        );
                    }
                }
                _ => {
                    board.integer("format", true, 1, 1);
                }
            }
        } else {
            board.missing("format");
        }
        let mut meta = BoardMeta::default();
        for (key, kind, required) in [
            ("name", TextKind::Name, true),
            ("description", TextKind::Description, false),
            ("author", TextKind::Name, false),
            ("licence", TextKind::Name, false),
            ("reconstruction", TextKind::Description, false),
        ] {
            let Some((text, text_at)) = board.string(key, required) else {
                continue;
            };
            if let Err(problem) = check_text(&text, kind) {
                board
                    .problems
                    .at(text_at, BaseProblem::Text { key, problem });
                continue;
            }
            match key {
                "name" => meta.name = text,
                "description" => meta.description = text,
                "author" => meta.author = text,
                "licence" => meta.licence = text,
                _ => meta.reconstruction = Some(text),
            }
        }
        let rows = board.array("squares", true, "an array of 10 strings (rows 10 to 1)")?;
        let mut strings = Vec::new();
        for row in rows {
            match row.get_ref() {
                DeValue::String(text) => {
                    let start = string_start(source, row.span().start, text);
                    strings.push((text.to_string(), row.span().start, start));
                }
                other => board.problems.at(
                    row.span().start,
                    ProblemKind::WrongType {
                        key: "squares",
                        expected: "an array of 10 strings (rows 10 to 1)",
                        found: castellan_common::diagnostics::ValueType::of(other),
                    },
                ),
            }
        }
        if rows.len() != usize::from(SIDE) {
            board.problems.at(
                board.value("squares").map_or(at, |v| v.span().start),
                BoardProblem::RowCount { found: rows.len() },
            );
            return None;
        }
        if strings.len() != rows.len() {
            return None;
        }
        Some((meta, strings))
    }

    /// The cells of each row, top row first, each with where it is written.
    fn read_rows(&mut self, rows: &[Row]) -> Option<Vec<Cell>> {
        let mut cells = Vec::with_capacity(SQUARES);
        let mut fine = true;
        for (i, (text, at, start)) in rows.iter().enumerate() {
            let row_cells: Vec<Cell> = text
                .char_indices()
                .filter(|(_, c)| *c != ' ')
                .map(|(offset, c)| (c, start.map_or(*at, |start| start + offset)))
                .collect();
            if row_cells.len() != usize::from(SIDE) {
                self.problems.at(
                    *at,
                    BoardProblem::RowLength {
                        row: SIDE - i as u8,
                        found: row_cells.len(),
                    },
                );
                fine = false;
            }
            cells.extend(row_cells);
        }
        fine.then_some(cells)
    }

    fn read_armies(&mut self, document: &DeTable<'_>) -> Vec<RawArmy> {
        let mut armies = Vec::new();
        let Some(value) = document.get("army") else {
            self.problems.at(0, BoardProblem::ArmyCount { found: 0 });
            return armies;
        };
        let DeValue::Array(items) = value.get_ref() else {
            self.problems.at(
                value.span().start,
                ProblemKind::WrongType {
                    key: "army",
                    expected: "an array of tables ([[army]])",
                    found: castellan_common::diagnostics::ValueType::of(value.get_ref()),
                },
            );
            return armies;
        };
        for item in items.iter() {
            let at = item.span().start;
            let DeValue::Table(table) = item.get_ref() else {
                self.problems.at(
                    at,
                    ProblemKind::WrongType {
                        key: "army",
                        expected: "a table ([[army]])",
                        found: castellan_common::diagnostics::ValueType::of(item.get_ref()),
                    },
                );
                continue;
            };
            armies.push(self.read_army(table, at));
        }
        if !(2..=MAX_ARMIES).contains(&armies.len()) {
            self.problems.at(
                value.span().start,
                BoardProblem::ArmyCount {
                    found: armies.len(),
                },
            );
        }
        armies
    }

    fn read_army(&mut self, table: &DeTable<'_>, at: usize) -> RawArmy {
        let mut army = TableReader::new(table, at, "[[army]]", self.problems);
        army.check_keys(ARMY_KEYS, &mut self.hints);
        let id = army.string("id", true);
        if let Some((id, id_at)) = &id
            && !is_id(id)
        {
            army.problems.at(
                *id_at,
                BoardProblem::BadId {
                    id: FileText::new(id),
                },
            );
        }
        let name = army.string("name", true).and_then(|(name, name_at)| {
            check_text(&name, TextKind::Name)
                .map_err(|problem| {
                    army.problems.at(
                        name_at,
                        BaseProblem::Text {
                            key: "name",
                            problem,
                        },
                    );
                })
                .ok()
                .map(|()| name)
        });
        let letter = army.string("letter", true).and_then(|(letter, letter_at)| {
            let mut chars = letter.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_lowercase() && c != 'x' => Some((c, letter_at)),
                _ => {
                    army.problems.at(
                        letter_at,
                        BoardProblem::BadLetter {
                            letter: FileText::new(&letter),
                        },
                    );
                    None
                }
            }
        });
        let colour = army
            .string("colour", false)
            .and_then(|(colour, colour_at)| {
                let parsed = parse_colour(&colour);
                if parsed.is_none() {
                    army.problems.at(
                        colour_at,
                        BoardProblem::BadColour {
                            colour: FileText::new(&colour),
                        },
                    );
                }
                parsed
            });
        let captain = army.string("captain", true).and_then(|(text, text_at)| {
            square(army.problems, &text, text_at).map(|s| (s, text_at))
        });
        let soldiers_at = army.value("soldiers").map(|v| v.span().start);
        let soldiers = army
            .strings("soldiers", true)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|(text, text_at)| {
                square(army.problems, &text, text_at).map(|s| (s, text_at))
            })
            .collect();
        let table_at = army.value("table").map(|v| v.span().start);
        let colour_table = army.strings("table", true).unwrap_or_default();
        RawArmy {
            at,
            id,
            name,
            letter,
            colour,
            captain,
            soldiers,
            soldiers_at,
            table: colour_table,
            table_at,
        }
    }

    fn read_teams(&mut self, document: &DeTable<'_>, armies: &[RawArmy]) -> Vec<Team> {
        let mut teams: Vec<Team> = Vec::new();
        let Some(value) = document.get("team") else {
            return teams;
        };
        let DeValue::Array(items) = value.get_ref() else {
            self.problems.at(
                value.span().start,
                ProblemKind::WrongType {
                    key: "team",
                    expected: "an array of tables ([[team]])",
                    found: castellan_common::diagnostics::ValueType::of(value.get_ref()),
                },
            );
            return teams;
        };
        let ids: Vec<&str> = armies
            .iter()
            .filter_map(|a| a.id.as_ref().map(|(id, _)| id.as_str()))
            .collect();
        let mut in_team: Vec<&str> = Vec::new();
        for item in items.iter() {
            let at = item.span().start;
            let DeValue::Table(table) = item.get_ref() else {
                self.problems.at(
                    at,
                    ProblemKind::WrongType {
                        key: "team",
                        expected: "a table ([[team]])",
                        found: castellan_common::diagnostics::ValueType::of(item.get_ref()),
                    },
                );
                continue;
            };
            let mut team = TableReader::new(table, at, "[[team]]", self.problems);
            team.check_keys(TEAM_KEYS, &mut self.hints);
            let id = team.string("id", true);
            let name = team.string("name", true);
            let members = team.strings("armies", true);
            let (Some((id, id_at)), Some((name, name_at)), Some(members)) = (id, name, members)
            else {
                continue;
            };
            if !is_id(&id) {
                team.problems.at(
                    id_at,
                    BoardProblem::BadId {
                        id: FileText::new(&id),
                    },
                );
            } else if teams.iter().any(|t| t.id == id) {
                team.problems.at(
                    id_at,
                    BoardProblem::DuplicateTeam {
                        id: FileText::new(&id),
                    },
                );
            }
            if let Err(problem) = check_text(&name, TextKind::Name) {
                team.problems.at(
                    name_at,
                    BaseProblem::Text {
                        key: "name",
                        problem,
                    },
                );
            }
            if members.is_empty() {
                team.problems.at(at, BoardProblem::EmptyTeam);
            }
            let mut team_armies = Vec::new();
            for (member, member_at) in members {
                match ids.iter().position(|id| *id == member) {
                    Some(index) => {
                        if in_team.contains(&ids[index]) {
                            team.problems.at(
                                member_at,
                                BoardProblem::ArmyInTwoTeams {
                                    army: FileText::new(&member),
                                },
                            );
                        } else {
                            in_team.push(ids[index]);
                            team_armies.push(ArmyId(index as u8));
                        }
                    }
                    None => {
                        let hint = self.hints.hint(&member, ids.iter().copied());
                        team.problems.at(
                            member_at,
                            BoardProblem::UnknownArmy {
                                id: FileText::new(&member),
                                hint,
                            },
                        );
                    }
                }
            }
            teams.push(Team {
                id,
                name,
                armies: team_armies,
            });
        }
        teams
    }

    /// Cross-checks everything and builds the board.
    fn build(
        &mut self,
        meta: BoardMeta,
        cells: Vec<Cell>,
        raw: Vec<RawArmy>,
        teams: Vec<Team>,
    ) -> Option<Board> {
        // Army ids and letters.
        let mut ids: Vec<String> = Vec::new();
        let mut letters: Vec<char> = Vec::new();
        for army in &raw {
            if let Some((id, at)) = &army.id {
                if ids.contains(id) {
                    self.problems.at(
                        *at,
                        BoardProblem::DuplicateArmy {
                            id: FileText::new(id),
                        },
                    );
                }
                ids.push(id.clone());
            }
            if let Some((letter, at)) = army.letter {
                if letters.contains(&letter) {
                    self.problems
                        .at(at, BoardProblem::DuplicateLetter { letter });
                }
                letters.push(letter);
            }
        }
        // The squares, top row first in `cells`.
        let mut kinds = [SquareKind::White; SQUARES];
        let mut cell_at = [0usize; SQUARES];
        for (i, &(symbol, at)) in cells.iter().enumerate() {
            let row = SIDE - 1 - (i / usize::from(SIDE)) as u8;
            let column = (i % usize::from(SIDE)) as u8;
            let square = Square::at(column, row).expect("ten by ten");
            cell_at[square.index()] = at;
            kinds[square.index()] = match symbol {
                '.' => SquareKind::White,
                '#' => SquareKind::Black,
                'X' => SquareKind::Tower,
                letter => match raw
                    .iter()
                    .position(|a| a.letter.map(|(l, _)| l) == Some(letter))
                {
                    Some(index) => SquareKind::Territory(ArmyId(index as u8)),
                    None => {
                        let mut buffer = [0; 4];
                        self.problems.at(
                            at,
                            BoardProblem::UnknownSquareKind {
                                symbol: FileText::new(letter.encode_utf8(&mut buffer)),
                            },
                        );
                        SquareKind::White
                    }
                },
            };
        }
        let mut armies = Vec::new();
        let mut starts: Bits = 0;
        for (index, army) in raw.iter().enumerate() {
            let id = ArmyId(index as u8);
            let shown = FileText::new(army.id.as_ref().map_or("?", |(id, _)| id.as_str()));
            let territory = Square::all()
                .filter(|s| kinds[s.index()] == SquareKind::Territory(id))
                .fold(0, |bits: Bits, s| bits | s.bit());
            if army.letter.is_some() && !is_three_by_three(territory) {
                self.problems.at(
                    army.letter.map_or(army.at, |(_, at)| at),
                    BoardProblem::TerritoryNotThreeByThree {
                        army: shown.clone(),
                        squares: territory.count_ones() as usize,
                    },
                );
            }
            if army.soldiers.len() != SOLDIERS && army.soldiers_at.is_some() {
                self.problems.at(
                    army.soldiers_at.unwrap_or(army.at),
                    BoardProblem::SoldierCount {
                        army: shown.clone(),
                        found: army.soldiers.len(),
                    },
                );
            }
            for &(square, at) in army.captain.iter().chain(&army.soldiers) {
                match kinds[square.index()] {
                    SquareKind::Black | SquareKind::Tower => {
                        self.problems.at(at, BoardProblem::StartOnCastle { square });
                    }
                    SquareKind::Territory(owner) if owner == id => {}
                    _ => self.warnings.push((
                        at,
                        BoardProblem::StartOutsideTerritory {
                            army: shown.clone(),
                            square,
                        },
                    )),
                }
                if starts & square.bit() != 0 {
                    self.problems.at(at, BoardProblem::SharedStart { square });
                }
                starts |= square.bit();
            }
            let table = self.check_table(army, &ids, &shown);
            let (Some((army_id, _)), Some(name), Some((letter, _)), Some((captain, _))) =
                (&army.id, &army.name, army.letter, army.captain)
            else {
                continue;
            };
            armies.push(Army {
                id: army_id.clone(),
                name: name.clone(),
                letter,
                colour: army.colour,
                territory,
                captain,
                soldiers: army.soldiers.iter().map(|&(s, _)| s).collect(),
                table,
            });
        }
        if !self.problems.is_empty() || armies.len() != raw.len() {
            return None;
        }
        let board = Board::new(meta, kinds, armies, teams);
        if let Some((square, turned)) = first_asymmetry(&board) {
            self.warnings.push((
                cell_at[square.index()],
                BoardProblem::NotSymmetric { square, turned },
            ));
        }
        Some(board)
    }

    /// The colour table of `army`: every army once, its own last.
    fn check_table(&mut self, army: &RawArmy, ids: &[String], shown: &FileText) -> Vec<ArmyId> {
        let mut table = Vec::new();
        for (entry, at) in &army.table {
            match ids.iter().position(|id| id == entry) {
                Some(index) => {
                    let id = ArmyId(index as u8);
                    if table.contains(&id) {
                        self.problems.at(
                            *at,
                            BoardProblem::TableRepeats {
                                army: shown.clone(),
                                repeated: FileText::new(entry),
                            },
                        );
                    } else {
                        table.push(id);
                    }
                }
                None => {
                    let hint = self.hints.hint(entry, ids.iter().map(String::as_str));
                    self.problems.at(
                        *at,
                        BoardProblem::UnknownArmy {
                            id: FileText::new(entry),
                            hint,
                        },
                    );
                }
            }
        }
        let table_at = army.table_at.unwrap_or(army.at);
        if army.table_at.is_some() {
            for (index, id) in ids.iter().enumerate() {
                if !table.contains(&ArmyId(index as u8)) {
                    self.problems.at(
                        table_at,
                        BoardProblem::TableMissing {
                            army: shown.clone(),
                            missing: FileText::new(id),
                        },
                    );
                }
            }
            let own = army.id.as_ref().map(|(id, _)| id.as_str());
            let last = army.table.last().map(|(entry, _)| entry.as_str());
            if own.is_some() && last.is_some() && own != last {
                self.problems.at(
                    table_at,
                    BoardProblem::TableOwnNotLast {
                        army: shown.clone(),
                    },
                );
            }
        }
        table
    }
}

/// The square written `text`, or a problem.
fn square(problems: &mut ProblemList<'_>, text: &str, at: usize) -> Option<Square> {
    match text.parse() {
        Ok(square) => Some(square),
        Err(_) => {
            problems.at(
                at,
                BoardProblem::NotASquare {
                    text: FileText::new(text),
                },
            );
            None
        }
    }
}

/// Ids: `[a-z0-9_-]+`, at most [`MAX_ID_CHARS`] characters.
pub(crate) fn is_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID_CHARS
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
}

/// Whether `bits` is exactly a 3×3 block of squares.
fn is_three_by_three(bits: Bits) -> bool {
    if bits.count_ones() != 9 {
        return false;
    }
    let first = Square::from_index(bits.trailing_zeros() as usize).expect("a square");
    let block = (0..3)
        .flat_map(|dr| (0..3).map(move |dc| (dc, dr)))
        .try_fold(0, |block: Bits, (dc, dr)| {
            first.offset(dc, dr).map(|s| block | s.bit())
        });
    block == Some(bits)
}

fn parse_colour(text: &str) -> Option<Rgb> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    Some(Rgb(channel(0)?, channel(2)?, channel(4)?))
}
