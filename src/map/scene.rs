//! The map scene: plain data saying what the map shows — the board, the camera, each
//! territory's owner, armies and castle, hover, selection, keyboard focus, highlighted
//! targets and an attack arrow — with hit-testing and moving the focus by arrow keys.
//! Drawing it is `draw.rs`'s job.

use std::sync::Arc;

use castellan_engine::board::{Board, Point, TerritoryId};

use super::camera::{Camera, ViewPoint};
use super::geometry::BoardGeometry;

/// A castle standing on a territory.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Castle {
    /// Empire banners flying on it: its own plus every banner it has won.
    pub banners: u32,
}

/// What the map shows on one territory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TerritoryState {
    /// The seat (player index) holding it, if anyone does.
    pub owner: Option<u8>,
    /// Armies standing on it; no badge is drawn for an empty, unowned territory.
    pub armies: u32,
    pub castle: Option<Castle>,
}

/// Why a territory is highlighted as a possible target.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TargetKind {
    /// Reached over a land border or a dotted line.
    Adjacent,
    /// Reached across the sea by the Admiral.
    AcrossSea,
}

/// A direction of the arrow keys, on the screen (y grows downwards).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Direction {
    Left,
    Right,
    Up,
    Down,
}

impl Direction {
    fn vector(self) -> (f64, f64) {
        match self {
            Direction::Left => (-1.0, 0.0),
            Direction::Right => (1.0, 0.0),
            Direction::Up => (0.0, -1.0),
            Direction::Down => (0.0, 1.0),
        }
    }
}

/// An attack about to happen, drawn as an arrow between the two badges.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AttackArrow {
    pub from: TerritoryId,
    pub to: TerritoryId,
    /// The Admiral's attack: the arrow goes by the sea the two coasts share.
    pub by_sea: bool,
}

/// What the pieces layer shows (territories' states, targets, selection), to tell
/// whether a drawing of it is still up to date.
#[derive(Clone, Debug, PartialEq)]
pub struct PiecesState {
    territories: Vec<TerritoryState>,
    targets: Vec<Option<TargetKind>>,
    selected: Option<TerritoryId>,
}

/// Everything the map draws, as plain data.
#[derive(Clone, Debug)]
pub struct MapScene {
    board: Arc<Board>,
    geometry: Arc<BoardGeometry>,
    camera: Camera,
    territories: Vec<TerritoryState>,
    hovered: Option<TerritoryId>,
    selected: Option<TerritoryId>,
    /// The territory the keyboard is on, drawn with a focus ring.
    focused: Option<TerritoryId>,
    /// Per territory, whether and why it is a highlighted target.
    targets: Vec<Option<TargetKind>>,
    arrow: Option<AttackArrow>,
}

impl MapScene {
    /// A scene of `board` with nobody owning anything and the whole board in view.
    pub fn new(board: Arc<Board>) -> Self {
        let geometry = Arc::new(BoardGeometry::new(&board));
        let count = board.territories.len();
        Self {
            camera: Camera::new(board.width, board.height),
            board,
            geometry,
            territories: vec![TerritoryState::default(); count],
            hovered: None,
            selected: None,
            focused: None,
            targets: vec![None; count],
            arrow: None,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The shared board itself, for identifying it (caches key on it).
    pub fn board_arc(&self) -> &Arc<Board> {
        &self.board
    }

    /// Geometry derived from the board (frontiers, disc radii, outline bounds).
    pub fn geometry(&self) -> &BoardGeometry {
        &self.geometry
    }

    pub fn camera(&self) -> &Camera {
        &self.camera
    }

    pub fn camera_mut(&mut self) -> &mut Camera {
        &mut self.camera
    }

    /// What the map shows on this territory.
    pub fn territory(&self, id: TerritoryId) -> &TerritoryState {
        &self.territories[id.index()]
    }

    /// Sets what the map shows on a territory (owner, armies, castle).
    pub fn set_territory(&mut self, id: TerritoryId, state: TerritoryState) {
        self.territories[id.index()] = state;
    }

    /// The owner of every territory, in id order: what decides the fills.
    pub fn owners(&self) -> impl ExactSizeIterator<Item = Option<u8>> + '_ {
        self.territories.iter().map(|t| t.owner)
    }

    /// Which territories have a castle, in id order: with the camera, what decides
    /// where marks go.
    pub fn castle_sites(&self) -> Vec<bool> {
        self.territories
            .iter()
            .map(|t| t.castle.is_some())
            .collect()
    }

    /// What the pieces layer (targets, selection, badges, castles) depends on.
    pub fn pieces_state(&self) -> PiecesState {
        PiecesState {
            territories: self.territories.clone(),
            targets: self.targets.clone(),
            selected: self.selected,
        }
    }

    pub fn hovered(&self) -> Option<TerritoryId> {
        self.hovered
    }

    /// Sets the hovered territory; returns whether that changed anything.
    pub fn set_hovered(&mut self, id: Option<TerritoryId>) -> bool {
        std::mem::replace(&mut self.hovered, id) != id
    }

    pub fn selected(&self) -> Option<TerritoryId> {
        self.selected
    }

    /// Sets the selected territory; returns whether that changed anything.
    pub fn set_selected(&mut self, id: Option<TerritoryId>) -> bool {
        std::mem::replace(&mut self.selected, id) != id
    }

    pub fn focused(&self) -> Option<TerritoryId> {
        self.focused
    }

    /// Puts the keyboard focus on a territory; returns whether that changed anything.
    pub fn set_focused(&mut self, id: Option<TerritoryId>) -> bool {
        std::mem::replace(&mut self.focused, id) != id
    }

    /// The territory the keyboard reaches from `from` in `direction`: among those whose
    /// badge lies within 60° of that direction, the nearest, counting a sideways step
    /// as longer than a straight one. `None` when nothing lies that way.
    pub fn neighbour_towards(
        &self,
        from: TerritoryId,
        direction: Direction,
    ) -> Option<TerritoryId> {
        let (dx, dy) = direction.vector();
        let origin = self.board.territory(from).geometry.badge;
        self.board
            .territory_ids()
            .filter(|&id| id != from)
            .filter_map(|id| {
                let badge = self.board.territory(id).geometry.badge;
                let (x, y) = (badge.x - origin.x, badge.y - origin.y);
                let along = x * dx + y * dy;
                let across = (x * dy - y * dx).abs();
                // Within 60° either side: tan 60° ≈ 1.73.
                (along > 0.0 && across <= along * 1.73).then_some((id, along + 2.0 * across))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(id, _)| id)
    }

    /// Whether and why a territory is highlighted as a target.
    pub fn target(&self, id: TerritoryId) -> Option<TargetKind> {
        self.targets[id.index()]
    }

    /// The next lit target after `after` in the board's order, going round; the first
    /// one when `after` is `None` or not lit. `None` when nothing is lit.
    pub fn next_target(&self, after: Option<TerritoryId>) -> Option<TerritoryId> {
        let lit = |i: &usize| self.targets[*i].is_some();
        let start = after.map_or(0, |id| id.index() + 1);
        let count = self.targets.len();
        (start..count)
            .chain(0..start.min(count))
            .find(lit)
            .map(|i| self.board.territory_ids().nth(i))?
    }

    /// Replaces the highlighted targets. A territory listed twice keeps its last kind.
    pub fn set_targets(&mut self, targets: impl IntoIterator<Item = (TerritoryId, TargetKind)>) {
        self.targets.fill(None);
        for (id, kind) in targets {
            self.targets[id.index()] = Some(kind);
        }
    }

    pub fn arrow(&self) -> Option<AttackArrow> {
        self.arrow
    }

    pub fn set_arrow(&mut self, arrow: Option<AttackArrow>) {
        self.arrow = arrow;
    }

    /// The territory under a widget point, if any.
    pub fn territory_at(&self, point: ViewPoint) -> Option<TerritoryId> {
        self.territory_at_board(self.camera.to_board(point))
    }

    /// The territory under a board point. Outlines are tested first (the last one
    /// drawn wins where sloppy outlines overlap); a territory without an outline is
    /// found by the nearest centre within its disc.
    pub fn territory_at_board(&self, p: Point) -> Option<TerritoryId> {
        let board = &*self.board;
        let by_outline = (0..board.territories.len())
            .rev()
            .map(|i| TerritoryId(i as u16))
            .find(|&id| self.geometry.outline_contains(board, id, p));
        by_outline.or_else(|| {
            board
                .territory_ids()
                .filter(|&id| !self.geometry.has_outline(id))
                .map(|id| {
                    let centre = board.territory(id).geometry.centre;
                    (id, (centre.x - p.x).hypot(centre.y - p.y))
                })
                .filter(|&(id, distance)| distance <= self.geometry.disc_radius(id))
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(id, _)| id)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::test_boards;

    fn scene_of(board: Board) -> MapScene {
        let mut scene = MapScene::new(Arc::new(board));
        scene.camera_mut().resize(1200.0, 900.0);
        scene
    }

    #[test]
    fn hit_testing_finds_london_at_londons_centre_without_outlines() {
        let scene = scene_of(test_boards::castle_risk_centres_only());
        let london = scene.board().territory_by_key("london").unwrap();
        let centre = scene.board().territory(london).geometry.centre;
        assert_eq!(
            scene.territory_at(scene.camera().to_view(centre)),
            Some(london)
        );
    }

    #[test]
    fn hit_testing_without_outlines_takes_the_nearest_centre_within_its_disc() {
        let scene = scene_of(test_boards::castle_risk_centres_only());
        let board = scene.board();
        let london = board.territory_by_key("london").unwrap();
        let wales = board.territory_by_key("wales").unwrap();
        let (l, w) = (
            board.territory(london).geometry.centre,
            board.territory(wales).geometry.centre,
        );
        // A third of the way from London to Wales is nearer London.
        let nearer_london = Point::new(l.x + (w.x - l.x) / 3.0, l.y + (w.y - l.y) / 3.0);
        assert_eq!(scene.territory_at_board(nearer_london), Some(london));
        // Far out in the North Sea there is nothing.
        assert_eq!(scene.territory_at_board(Point::new(250.0, 250.0)), None);
    }

    #[test]
    fn hit_testing_uses_outlines_when_there_are_some() {
        let scene = scene_of(test_boards::three_squares_with_outlines());
        let board = scene.board();
        let middle = board.territory_by_key("middle").unwrap();
        let east = board.territory_by_key("east").unwrap();
        // Far from Middle's centre but inside its square.
        assert_eq!(
            scene.territory_at_board(Point::new(198.0, 2.0)),
            Some(middle)
        );
        assert_eq!(
            scene.territory_at_board(Point::new(202.0, 98.0)),
            Some(east)
        );
        assert_eq!(scene.territory_at_board(Point::new(310.0, 50.0)), None);
    }

    #[test]
    fn hit_testing_finds_london_at_londons_centre_with_outlines() {
        let scene = scene_of(test_boards::castle_risk_with_round_outlines());
        let london = scene.board().territory_by_key("london").unwrap();
        let centre = scene.board().territory(london).geometry.centre;
        let view = scene.camera().to_view(centre);
        assert_eq!(scene.territory_at(view), Some(london));
    }

    #[test]
    fn every_territory_of_the_shipped_board_is_found_at_its_badge() {
        let scene = scene_of(test_boards::shipped_castle_risk());
        let board = scene.board();
        assert!(
            board
                .territories
                .iter()
                .all(|t| !t.geometry.outline.is_empty())
        );
        for id in board.territory_ids() {
            let badge = board.territory(id).geometry.badge;
            assert_eq!(
                scene.territory_at(scene.camera().to_view(badge)),
                Some(id),
                "{}",
                board.territory(id).key
            );
        }
    }

    #[test]
    fn hovering_and_selecting_report_whether_anything_changed() {
        let mut scene = scene_of(test_boards::three_squares_with_outlines());
        let west = TerritoryId(0);
        assert!(scene.set_hovered(Some(west)));
        assert!(!scene.set_hovered(Some(west)));
        assert!(scene.set_hovered(None));
        assert!(scene.set_selected(Some(west)));
        assert!(!scene.set_selected(Some(west)));
        assert_eq!(scene.selected(), Some(west));
    }

    #[test]
    fn setting_targets_replaces_the_previous_ones() {
        let mut scene = scene_of(test_boards::three_squares_with_outlines());
        let (west, middle, east) = (TerritoryId(0), TerritoryId(1), TerritoryId(2));
        scene.set_targets([(west, TargetKind::Adjacent), (east, TargetKind::AcrossSea)]);
        assert_eq!(scene.target(east), Some(TargetKind::AcrossSea));
        scene.set_targets([(middle, TargetKind::Adjacent)]);
        assert_eq!(scene.target(west), None);
        assert_eq!(scene.target(east), None);
        assert_eq!(scene.target(middle), Some(TargetKind::Adjacent));
    }

    #[test]
    fn arrow_keys_walk_from_london_to_its_neighbours_on_the_screen() {
        let scene = scene_of(test_boards::shipped_castle_risk());
        let board = scene.board();
        let key = |id: Option<TerritoryId>| id.map(|id| board.territory(id).key.as_str());
        let london = board.territory_by_key("london").unwrap();
        // Wales lies west of London, Yorkshire north, Paris south.
        assert_eq!(
            key(scene.neighbour_towards(london, Direction::Left)),
            Some("wales")
        );
        assert_eq!(
            key(scene.neighbour_towards(london, Direction::Up)),
            Some("yorkshire")
        );
        assert_eq!(
            key(scene.neighbour_towards(london, Direction::Down)),
            Some("paris")
        );
        // Nothing lies east of Saint Petersburg on the board.
        let north_east = board.territory_by_key("saint_petersburg").unwrap();
        assert_eq!(scene.neighbour_towards(north_east, Direction::Right), None);
    }

    #[test]
    fn every_territory_of_the_shipped_board_can_be_reached_by_arrow_keys() {
        let scene = scene_of(test_boards::shipped_castle_risk());
        let board = scene.board();
        let start = board.territory_by_key("london").unwrap();
        let mut reached = vec![start];
        let mut next = vec![start];
        while let Some(from) = next.pop() {
            for direction in [
                Direction::Left,
                Direction::Right,
                Direction::Up,
                Direction::Down,
            ] {
                if let Some(to) = scene.neighbour_towards(from, direction)
                    && !reached.contains(&to)
                {
                    reached.push(to);
                    next.push(to);
                }
            }
        }
        let missing: Vec<&str> = board
            .territory_ids()
            .filter(|id| !reached.contains(id))
            .map(|id| board.territory(id).key.as_str())
            .collect();
        assert!(missing.is_empty(), "unreachable: {missing:?}");
    }
}
