//! The board scene: plain data saying what the Château Noir board shows — the
//! pieces, which are lit and why (a piece to pick, a square the piece in hand may
//! reach and by which kind of unit, a framed enemy to take), the piece in hand and its
//! path, the pieces already played, sieges, each army's score scale and colour
//! table, the keyboard cursor, the hovered square, announcements and a piece in
//! motion — with hit-testing and the cursor's moves. It is filled from the engine's
//! [`View`] and [`Legal`] and decides nothing: only what the engine offers is lit.
//! Drawing it is `draw.rs`'s job.

use std::sync::Arc;

use castellan_chateau::Square;
use castellan_chateau::board::{ArmyId, Board, UnitKind};
use castellan_chateau::game::{Legal, LegalUnit, PieceKind, View};
use castellan_chateau::square::SQUARES;

use super::camera::Camera;
use super::geometry::{Geometry, Window};
use crate::map::ViewPoint;
use crate::map::scene::Direction;

/// How a unit is marked on its square: five marks for the eight kinds of unit, as
/// players tell them apart (the tooltip and the rules name the exact kind).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum UnitMark {
    /// One square orthogonally: a filled dot.
    Step,
    /// Over a tower or a wall, straight: a ring.
    Jump,
    /// A diagonal step (from or onto a tower, through a gate, a captain's): a
    /// filled diamond.
    Diagonal,
    /// From a tower over its twin: a double ring.
    TwinJump,
    /// The captain's diagonal jump over a tower: a hollow diamond.
    CaptainJump,
}

impl UnitMark {
    pub const ALL: [UnitMark; 5] = [
        UnitMark::Step,
        UnitMark::Jump,
        UnitMark::Diagonal,
        UnitMark::TwinJump,
        UnitMark::CaptainJump,
    ];

    pub fn of(kind: UnitKind) -> UnitMark {
        match kind {
            UnitKind::Step => UnitMark::Step,
            UnitKind::TowerJump | UnitKind::WallJump => UnitMark::Jump,
            UnitKind::TowerDiagonal | UnitKind::GateDiagonal | UnitKind::CaptainDiagonal => {
                UnitMark::Diagonal
            }
            UnitKind::TwinJump => UnitMark::TwinJump,
            UnitKind::CaptainJump => UnitMark::CaptainJump,
        }
    }
}

/// Why a square is lit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Light {
    /// Its piece may be picked up.
    Pick,
    /// The piece in hand may move there next, by this unit.
    Unit(LegalUnit),
    /// Its enemy piece is framed and may be taken at the end of the turn; `chosen`
    /// when the player has chosen to take it.
    Capture { chosen: bool },
}

/// A piece on the board, with what the turn has done to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub army: ArmyId,
    pub kind: PieceKind,
    /// Released this turn: it may not move again.
    pub played: bool,
    /// Safe for now from some armies (it moved itself between two enemies).
    pub safe: bool,
}

/// The score a strip of the frame shows: a side's, on the scale of its first army.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ScoreMarks {
    /// The score shown (0 while in debt).
    pub shown: i32,
    /// Points owed.
    pub debt: i32,
}

impl ScoreMarks {
    /// Where the three markers stand on the scale of ten cells (1-based, 0 off the
    /// scale): the first goes up to 10, then the second up to 9, then the third up
    /// to 8, for 27 in all (10 + 9 + 8).
    pub fn markers(&self) -> [u8; 3] {
        let score = self.shown.clamp(0, 27) as u8;
        [
            score.min(10),
            score.saturating_sub(10).min(9),
            score.saturating_sub(19).min(8),
        ]
    }
}

/// What the frame shows of one army: its colour table and where it stands on it,
/// and the score of its side if its scale keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArmyFrame {
    pub in_game: bool,
    /// The territories to occupy, in order, its own last.
    pub table: Vec<ArmyId>,
    /// Index in `table` of the territory to leave next.
    pub next: u8,
    /// Territories held since the end of its last turn (a set of armies).
    pub held: u8,
    /// Territories whose leaving can score this turn (a set of armies).
    pub ripe: u8,
    /// The side's score, on the scale of the side's first army.
    pub score: Option<ScoreMarks>,
    /// The army whose scale keeps this army's side's score, when another's does.
    pub partner: Option<ArmyId>,
}

/// Something that happened, written on the board for a while: a capture, an
/// occupation, a Château…
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Announcement {
    pub id: u64,
    /// What happened, in words.
    pub text: String,
    /// The square it happened at; in the middle of the board when `None`.
    pub at: Option<Square>,
    /// The army that scored, whose colour and emblem the card wears.
    pub army: Option<ArmyId>,
}

/// A piece moving one unit, drawn part of the way.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Motion {
    pub from: Square,
    pub to: Square,
    pub kind: UnitKind,
    /// How far along, from 0 to 1.
    pub progress: f64,
}

impl Motion {
    /// Where the moving piece is, in board units, and how high it is lifted (a jump
    /// rises over the square it clears).
    pub fn position(&self, geometry: &Geometry) -> ((f64, f64), f64) {
        let (a, b) = (geometry.centre(self.from), geometry.centre(self.to));
        let t = self.progress.clamp(0.0, 1.0);
        // Ease in and out: a piece is lifted and set down.
        let eased = t * t * (3.0 - 2.0 * t);
        let lift = if self.kind.is_jump() {
            0.6 * (std::f64::consts::PI * t).sin()
        } else {
            0.12 * (std::f64::consts::PI * t).sin()
        };
        ((a.0 + (b.0 - a.0) * eased, a.1 + (b.1 - a.1) * eased), lift)
    }
}

/// Everything the board draws, as plain data.
#[derive(Clone, Debug)]
pub struct BoardScene {
    board: Arc<Board>,
    geometry: Geometry,
    camera: Camera,
    pieces: Vec<Option<Piece>>,
    pickable: Vec<Square>,
    /// The piece in hand and the squares it stood on this turn, its start first.
    hand: Option<Square>,
    path: Vec<Square>,
    units: Vec<LegalUnit>,
    captures: Vec<Square>,
    chosen: Vec<Square>,
    sieges: Vec<(ArmyId, Vec<Square>, u8)>,
    armies: Vec<ArmyFrame>,
    mover: Option<ArmyId>,
    /// Units spent and the turn's factor.
    spent: (u8, u8),
    cursor: Option<Square>,
    hovered: Option<Square>,
    announcements: Vec<Announcement>,
    next_announcement: u64,
    motion: Option<Motion>,
}

impl BoardScene {
    /// A scene of `board`, whole and framed, with its starting pieces and nothing lit.
    pub fn new(board: Arc<Board>) -> Self {
        Self::with_window(board, Window::Framed)
    }

    /// A scene of a part of `board` (the rules' diagrams), or of the whole.
    pub fn with_window(board: Arc<Board>, window: Window) -> Self {
        let geometry = Geometry::new(&board, window);
        let (width, height) = geometry.size();
        let mut pieces = vec![None; SQUARES];
        for (army, square, captain) in board.start() {
            pieces[square.index()] = Some(Piece {
                army,
                kind: if captain {
                    PieceKind::Captain
                } else {
                    PieceKind::Soldier
                },
                played: false,
                safe: false,
            });
        }
        let armies = board
            .armies()
            .iter()
            .map(|army| ArmyFrame {
                in_game: true,
                table: army.table.clone(),
                next: 0,
                held: 0,
                ripe: 0,
                score: None,
                partner: None,
            })
            .collect();
        Self {
            camera: Camera::new(width, height),
            geometry,
            board,
            pieces,
            pickable: Vec::new(),
            hand: None,
            path: Vec::new(),
            units: Vec::new(),
            captures: Vec::new(),
            chosen: Vec::new(),
            sieges: Vec::new(),
            armies,
            mover: None,
            spent: (0, 0),
            cursor: None,
            hovered: None,
            announcements: Vec::new(),
            next_announcement: 1,
            motion: None,
        }
    }

    /// Shows a moment of the game: the engine's view of it, what the seat to decide
    /// may do, and the framed enemies the player chose to take so far (any not
    /// offered are dropped). Returns whether anything shown changed.
    pub fn show(&mut self, view: &View, legal: &Legal, chosen: &[Square]) -> bool {
        let before = self.shown_state();
        let mut pieces = vec![None; SQUARES];
        for piece in &view.pieces {
            pieces[piece.square.index()] = Some(Piece {
                army: piece.army,
                kind: piece.piece,
                played: view.turn.played.contains(&piece.square),
                safe: view.safe.iter().any(|s| s.square == piece.square),
            });
        }
        self.pieces = pieces;
        self.pickable = legal.pickable.clone();
        self.hand = view.turn.hand.as_ref().map(|h| h.square);
        self.path = view
            .turn
            .hand
            .as_ref()
            .map(|h| h.path.clone())
            .unwrap_or_default();
        self.units = legal.units.clone();
        self.captures = legal.captures.clone();
        self.chosen = chosen
            .iter()
            .copied()
            .filter(|s| self.captures.contains(s))
            .collect();
        self.sieges = view
            .sieges
            .iter()
            .map(|s| (s.army, s.squares.clone(), s.turns))
            .collect();
        self.mover = view.outcome.is_none().then_some(view.turn.army);
        self.spent = (view.turn.spent, view.turn.factor);
        for army in &view.armies {
            let Some(frame) = self.armies.get_mut(army.army.index()) else {
                continue;
            };
            let set = |armies: &[ArmyId]| armies.iter().fold(0u8, |set, a| set | a.bit());
            frame.in_game = army.seat.is_some();
            frame.table = army.table.clone();
            frame.next = army.table_next;
            frame.held = set(&army.held);
            frame.ripe = set(&army.ripe);
            frame.score = None;
            frame.partner = None;
        }
        for side in &view.sides {
            let Some(&keeper) = side.armies.iter().min() else {
                continue;
            };
            for &army in &side.armies {
                let Some(frame) = self.armies.get_mut(army.index()) else {
                    continue;
                };
                if army == keeper {
                    frame.score = Some(ScoreMarks {
                        shown: side.shown,
                        debt: side.debt,
                    });
                } else {
                    frame.partner = Some(keeper);
                }
            }
        }
        // A cursor left on a square that no longer means anything stays where it is:
        // the keyboard player keeps their place.
        before != self.shown_state()
    }

    /// What `show` sets, to tell whether it changed anything.
    fn shown_state(&self) -> impl PartialEq + use<> {
        (
            self.pieces.clone(),
            self.pickable.clone(),
            self.hand,
            self.path.clone(),
            self.units.clone(),
            self.captures.clone(),
            self.chosen.clone(),
            self.sieges.clone(),
            self.armies.clone(),
            self.mover,
            self.spent,
        )
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn board_arc(&self) -> &Arc<Board> {
        &self.board
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    pub fn camera(&self) -> &Camera {
        &self.camera
    }

    pub fn camera_mut(&mut self) -> &mut Camera {
        &mut self.camera
    }

    /// The piece on `square`, if any.
    pub fn piece(&self, square: Square) -> Option<Piece> {
        self.pieces[square.index()]
    }

    /// The piece in hand's square.
    pub fn hand(&self) -> Option<Square> {
        self.hand
    }

    /// The squares the piece in hand stood on this turn, its start first.
    pub fn path(&self) -> &[Square] {
        &self.path
    }

    /// The next units of the piece in hand.
    pub fn units(&self) -> &[LegalUnit] {
        &self.units
    }

    /// The pieces that may be picked.
    pub fn pickable(&self) -> &[Square] {
        &self.pickable
    }

    /// The framed enemies that may be taken.
    pub fn captures(&self) -> &[Square] {
        &self.captures
    }

    pub fn chosen(&self) -> &[Square] {
        &self.chosen
    }

    pub fn sieges(&self) -> &[(ArmyId, Vec<Square>, u8)] {
        &self.sieges
    }

    /// What the frame shows of `army`.
    pub fn army_frame(&self, army: ArmyId) -> Option<&ArmyFrame> {
        self.armies.get(army.index())
    }

    /// The army whose turn it is (none once the match is over).
    pub fn mover(&self) -> Option<ArmyId> {
        self.mover
    }

    /// Units spent this turn, and the turn's factor.
    pub fn spent(&self) -> (u8, u8) {
        self.spent
    }

    /// Why `square` is lit, if it is. A square that is both a unit's landing and a
    /// piece to pick cannot be: landings are free squares.
    pub fn light(&self, square: Square) -> Option<Light> {
        if let Some(unit) = self.units.iter().find(|u| u.to == square) {
            return Some(Light::Unit(*unit));
        }
        if self.captures.contains(&square) {
            return Some(Light::Capture {
                chosen: self.chosen.contains(&square),
            });
        }
        if self.pickable.contains(&square) && self.hand != Some(square) {
            return Some(Light::Pick);
        }
        None
    }

    /// Every lit square with why, A1 first.
    pub fn lit(&self) -> Vec<(Square, Light)> {
        Square::all()
            .filter_map(|s| Some((s, self.light(s)?)))
            .collect()
    }

    /// The square under a widget point.
    pub fn square_at(&self, point: ViewPoint) -> Option<Square> {
        let (x, y) = self.camera.to_units(point);
        self.geometry.square_at(x, y)
    }

    /// The square under a widget point if the point is well inside it (within
    /// `share` of its middle): a path dragged across a corner enters neither
    /// neighbour by accident.
    pub fn square_near_middle(&self, point: ViewPoint, share: f64) -> Option<Square> {
        let (x, y) = self.camera.to_units(point);
        let square = self.geometry.square_at(x, y)?;
        let (cx, cy) = self.geometry.centre(square);
        let reach = share / 2.0;
        ((x - cx).abs() <= reach && (y - cy).abs() <= reach).then_some(square)
    }

    pub fn cursor(&self) -> Option<Square> {
        self.cursor
    }

    /// Puts the keyboard cursor on a square (or takes it away); whether it moved.
    pub fn set_cursor(&mut self, square: Option<Square>) -> bool {
        let square = square.filter(|&s| self.geometry.shows(s));
        let changed = self.cursor != square;
        self.cursor = square;
        changed
    }

    /// Moves the cursor one square in `direction` (on the screen), staying on the
    /// board; with no cursor yet, puts it where play is: the piece in hand, else the
    /// first lit square, else the middle. Returns whether it moved.
    pub fn move_cursor(&mut self, direction: Option<Direction>) -> bool {
        let next = match (self.cursor, direction) {
            (Some(from), Some(direction)) => {
                let (dc, dr) = match direction {
                    Direction::Left => (-1, 0),
                    Direction::Right => (1, 0),
                    Direction::Up => (0, 1),
                    Direction::Down => (0, -1),
                };
                from.offset(dc, dr).filter(|&s| self.geometry.shows(s))
            }
            (Some(from), None) => Some(from),
            (None, _) => Some(self.home()),
        };
        match next {
            Some(square) => self.set_cursor(Some(square)),
            None => false,
        }
    }

    /// Where the cursor starts: the piece in hand, a lit square, or the middle.
    fn home(&self) -> Square {
        self.hand
            .or_else(|| self.lit().first().map(|&(s, _)| s))
            .or_else(|| {
                self.geometry
                    .squares()
                    .nth(self.geometry.squares().count() / 2)
            })
            .unwrap_or(Square::at(4, 4).expect("E5"))
    }

    /// Moves the cursor to the next lit square after it (in board order, round the
    /// board), for Tab-like hopping. Returns whether it moved.
    pub fn cursor_to_next_lit(&mut self) -> bool {
        let lit: Vec<Square> = self.lit().into_iter().map(|(s, _)| s).collect();
        let next = match self.cursor {
            Some(at) => lit.iter().find(|s| **s > at).or(lit.first()).copied(),
            None => lit.first().copied(),
        };
        next.is_some_and(|s| self.set_cursor(Some(s)))
    }

    pub fn hovered(&self) -> Option<Square> {
        self.hovered
    }

    /// Whether the hover changed.
    pub fn set_hovered(&mut self, square: Option<Square>) -> bool {
        let changed = self.hovered != square;
        self.hovered = square;
        changed
    }

    /// The unit previewed: the one whose landing is under the pointer, else under
    /// the cursor.
    pub fn previewed_unit(&self) -> Option<LegalUnit> {
        [self.hovered, self.cursor]
            .into_iter()
            .flatten()
            .find_map(|s| self.units.iter().find(|u| u.to == s).copied())
    }

    pub fn announcements(&self) -> &[Announcement] {
        &self.announcements
    }

    /// Writes something on the board until [`BoardScene::withdraw`] is called with
    /// the id returned. At most a few stay: the oldest goes first.
    pub fn announce(&mut self, text: String, at: Option<Square>, army: Option<ArmyId>) -> u64 {
        const MAX_SHOWN: usize = 4;
        let id = self.next_announcement;
        self.next_announcement += 1;
        if self.announcements.len() >= MAX_SHOWN {
            self.announcements.remove(0);
        }
        self.announcements.push(Announcement { id, text, at, army });
        id
    }

    /// Takes an announcement away; whether it was there.
    pub fn withdraw(&mut self, id: u64) -> bool {
        let before = self.announcements.len();
        self.announcements.retain(|a| a.id != id);
        before != self.announcements.len()
    }

    pub fn motion(&self) -> Option<Motion> {
        self.motion
    }

    pub fn set_motion(&mut self, motion: Option<Motion>) {
        self.motion = motion;
    }
}

#[cfg(test)]
mod tests {
    use castellan_chateau::game::{Action, Game, Table};
    use castellan_chateau::variant::Variant;

    use super::*;

    fn game() -> Game {
        let board = Arc::new(Board::reconstructed());
        Game::new(board, Variant::default(), Table::four_in_teams(), 5).unwrap()
    }

    fn scene_of(game: &Game) -> BoardScene {
        let mut scene = BoardScene::new(Arc::clone(game.board()));
        scene.show(&game.view(), &game.legal(), &[]);
        scene
    }

    fn square(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn only_what_the_engine_offers_is_lit() {
        let mut game = game();
        let scene = scene_of(&game);
        let legal = game.legal();
        let lit: Vec<Square> = scene.lit().into_iter().map(|(s, _)| s).collect();
        let mut pickable = legal.pickable.clone();
        pickable.sort();
        assert_eq!(lit, pickable);
        assert!(scene.lit().iter().all(|(_, l)| *l == Light::Pick));
        // With a piece in hand, its next units are lit with their kinds, and the
        // piece in hand itself is not lit to pick.
        let seat = game.pending_seat().unwrap();
        let picked = legal.pickable[0];
        game.apply(seat, Action::Pick { square: picked }).unwrap();
        let scene = scene_of(&game);
        let legal = game.legal();
        for unit in &legal.units {
            assert_eq!(scene.light(unit.to), Some(Light::Unit(*unit)));
        }
        assert_eq!(scene.light(picked), None);
        assert_eq!(scene.hand(), Some(picked));
        let units = scene
            .lit()
            .iter()
            .filter(|(_, l)| matches!(l, Light::Unit(_)))
            .count();
        assert_eq!(units, legal.units.len());
    }

    #[test]
    fn the_view_is_shown_piece_for_piece() {
        let game = game();
        let scene = scene_of(&game);
        let view = game.view();
        for square in Square::all() {
            let shown = scene.piece(square).map(|p| (p.army, p.kind));
            let engine = view
                .pieces
                .iter()
                .find(|p| p.square == square)
                .map(|p| (p.army, p.piece));
            assert_eq!(shown, engine, "{square}");
        }
        assert_eq!(scene.mover(), Some(view.turn.army));
        assert_eq!(scene.spent(), (0, 6));
    }

    #[test]
    fn a_team_keeps_its_score_on_its_first_armys_scale() {
        let game = game();
        let scene = scene_of(&game);
        let board = game.board();
        let red = board.army_by_id("red").unwrap();
        let yellow = board.army_by_id("yellow").unwrap();
        assert!(scene.army_frame(red).unwrap().score.is_some());
        assert_eq!(scene.army_frame(yellow).unwrap().score, None);
        assert_eq!(scene.army_frame(yellow).unwrap().partner, Some(red));
        let table = &scene.army_frame(red).unwrap().table;
        assert_eq!(table, &board.army(red).table);
    }

    #[test]
    fn score_markers_climb_ten_nine_and_eight() {
        let at = |shown| ScoreMarks { shown, debt: 0 }.markers();
        assert_eq!(at(0), [0, 0, 0]);
        assert_eq!(at(7), [7, 0, 0]);
        assert_eq!(at(10), [10, 0, 0]);
        assert_eq!(at(11), [10, 1, 0]);
        assert_eq!(at(19), [10, 9, 0]);
        assert_eq!(at(26), [10, 9, 7]);
        assert_eq!(at(27), [10, 9, 8]);
        assert_eq!(at(40), [10, 9, 8]);
        assert_eq!(at(-3), [0, 0, 0]);
    }

    #[test]
    fn chosen_captures_not_offered_are_dropped() {
        let game = game();
        let mut scene = BoardScene::new(Arc::clone(game.board()));
        scene.show(&game.view(), &game.legal(), &[square("E5")]);
        assert!(scene.chosen().is_empty());
    }

    #[test]
    fn the_cursor_starts_where_play_is_and_stays_on_the_board() {
        let game = game();
        let mut scene = scene_of(&game);
        assert!(scene.move_cursor(Some(Direction::Left)));
        let first_lit = scene.lit()[0].0;
        assert_eq!(scene.cursor(), Some(first_lit));
        // Walk to the left edge and beyond: it stops there.
        for _ in 0..12 {
            scene.move_cursor(Some(Direction::Left));
        }
        assert_eq!(scene.cursor().unwrap().column(), 0);
        assert!(!scene.move_cursor(Some(Direction::Left)));
        // Up is towards row 10.
        let before = scene.cursor().unwrap();
        if before.row() < 9 {
            scene.move_cursor(Some(Direction::Up));
            assert_eq!(scene.cursor().unwrap().row(), before.row() + 1);
        }
        // Hopping from lit square to lit square goes round.
        let lit: Vec<Square> = scene.lit().into_iter().map(|(s, _)| s).collect();
        scene.set_cursor(lit.last().copied());
        assert!(scene.cursor_to_next_lit());
        assert_eq!(scene.cursor(), Some(lit[0]));
    }

    #[test]
    fn a_point_is_on_the_square_drawn_under_it() {
        let game = game();
        let mut scene = scene_of(&game);
        scene.camera_mut().resize(640.0, 480.0);
        for name in ["A1", "E5", "J10", "C7"] {
            let (x, y) = scene.geometry().centre(square(name));
            let point = scene.camera().to_view(x, y);
            assert_eq!(scene.square_at(point), Some(square(name)));
            assert_eq!(scene.square_near_middle(point, 0.7), Some(square(name)));
            // Near a corner of the square: on it, but not near its middle.
            let corner = scene.camera().to_view(x - 0.45, y - 0.45);
            assert_eq!(scene.square_at(corner), Some(square(name)));
            assert_eq!(scene.square_near_middle(corner, 0.7), None);
        }
        assert_eq!(scene.square_at(ViewPoint::new(2.0, 2.0)), None);
    }

    #[test]
    fn announcements_come_and_go_the_oldest_first() {
        let mut scene = BoardScene::new(Arc::new(Board::reconstructed()));
        let ids: Vec<u64> = (0..6)
            .map(|i| scene.announce(format!("{i}"), None, None))
            .collect();
        let shown: Vec<&str> = scene
            .announcements()
            .iter()
            .map(|a| a.text.as_str())
            .collect();
        assert_eq!(shown, ["2", "3", "4", "5"]);
        assert!(scene.withdraw(ids[3]));
        assert!(!scene.withdraw(ids[3]));
        assert_eq!(scene.announcements().len(), 3);
    }

    #[test]
    fn a_jump_rises_over_the_square_it_clears() {
        let board = Board::reconstructed();
        let geometry = Geometry::new(&board, Window::Framed);
        let motion = |kind, progress| Motion {
            from: square("E9"),
            to: square("E7"),
            kind,
            progress,
        };
        let ((_, y0), lift0) = motion(UnitKind::TowerJump, 0.0).position(&geometry);
        let ((_, y1), lift1) = motion(UnitKind::TowerJump, 0.5).position(&geometry);
        let ((_, y2), _) = motion(UnitKind::TowerJump, 1.0).position(&geometry);
        assert_eq!(lift0, 0.0);
        assert!(lift1 > 0.5);
        assert_eq!(
            (y0, y2),
            (
                geometry.centre(square("E9")).1,
                geometry.centre(square("E7")).1
            )
        );
        assert!((y1 - geometry.centre(square("E8")).1).abs() < 1e-9);
        let (_, step_lift) = motion(UnitKind::Step, 0.5).position(&geometry);
        assert!(step_lift < lift1);
    }

    #[test]
    fn every_kind_of_unit_has_a_mark() {
        use UnitKind::*;
        let kinds = [
            Step,
            TowerJump,
            WallJump,
            TowerDiagonal,
            GateDiagonal,
            TwinJump,
            CaptainDiagonal,
            CaptainJump,
        ];
        let marks: std::collections::HashSet<UnitMark> =
            kinds.into_iter().map(UnitMark::of).collect();
        assert_eq!(marks.len(), UnitMark::ALL.len());
    }
}
