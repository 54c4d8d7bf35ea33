//! Geometry derived once per board: outline bounds and point-in-outline tests, the
//! frontier edges where territories of different groups meet, and the disc radii used
//! when a board comes without outlines, and where a group's name goes on an overview.
//! The scene (`scene.rs`) owns one per board.

use std::sync::OnceLock;

use castellan_engine::board::{Board, GroupId, Point, SeaId, TerritoryId};

use super::sea_route::{self, Water};

/// Share of the distance to the nearest other centre that a territory's disc may cover
/// when the board has no outlines; under a half, so neighbouring discs never touch.
const DISC_SHARE_OF_NEAREST: f64 = 0.42;

/// A straight piece of line in board units.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Segment {
    pub from: Point,
    pub to: Point,
}

impl Segment {
    fn length(&self) -> f64 {
        (self.to.x - self.from.x).hypot(self.to.y - self.from.y)
    }
}

/// An axis-aligned rectangle in board units.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Bounds {
    pub min: Point,
    pub max: Point,
}

impl Bounds {
    /// The smallest rectangle holding every point, or `None` when there are none.
    pub fn around<'a>(points: impl IntoIterator<Item = &'a Point>) -> Option<Self> {
        let mut points = points.into_iter();
        let first = *points.next()?;
        Some(points.fold(
            Bounds {
                min: first,
                max: first,
            },
            |b, p| Bounds {
                min: Point::new(b.min.x.min(p.x), b.min.y.min(p.y)),
                max: Point::new(b.max.x.max(p.x), b.max.y.max(p.y)),
            },
        ))
    }

    /// Whether `p` lies inside or on the rectangle.
    pub fn contains(&self, p: Point) -> bool {
        (self.min.x..=self.max.x).contains(&p.x) && (self.min.y..=self.max.y).contains(&p.y)
    }

    pub fn overlaps(&self, other: &Bounds, tolerance: f64) -> bool {
        self.min.x <= other.max.x + tolerance
            && other.min.x <= self.max.x + tolerance
            && self.min.y <= other.max.y + tolerance
            && other.min.y <= self.max.y + tolerance
    }
}

/// Drawing and hit-testing geometry that depends only on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardGeometry {
    /// Per territory: the bounds of its outline, `None` when it has none.
    bounds: Vec<Option<Bounds>>,
    /// Per territory: the radius of the disc that stands for it without an outline.
    disc_radius: Vec<f64>,
    /// Outline edges shared by two territories of different groups.
    frontiers: Vec<Segment>,
    /// Per sea: its open water, sampled the first time an arrow crosses it.
    waters: Vec<OnceLock<Option<Water>>>,
}

impl BoardGeometry {
    /// Computes everything for `board`; the cost is paid once, when a scene is made.
    pub fn new(board: &Board) -> Self {
        let bounds: Vec<Option<Bounds>> = board
            .territories
            .iter()
            .map(|t| Bounds::around(t.geometry.outline.iter().flatten()))
            .collect();
        let frontiers = find_frontiers(board, &bounds);
        let disc_radius = disc_radii(board);
        Self {
            bounds,
            disc_radius,
            frontiers,
            waters: board.seas.iter().map(|_| OnceLock::new()).collect(),
        }
    }

    /// The bounds of a territory's outline, if it has one.
    pub fn bounds(&self, id: TerritoryId) -> Option<Bounds> {
        self.bounds[id.index()]
    }

    /// Whether the territory is drawn from an outline (else as a disc at its centre).
    pub fn has_outline(&self, id: TerritoryId) -> bool {
        self.bounds[id.index()].is_some()
    }

    /// Radius, in board units, of the disc drawn for a territory without an outline.
    pub fn disc_radius(&self, id: TerritoryId) -> f64 {
        self.disc_radius[id.index()]
    }

    /// The water point an arrow by sea from `a` on `from`'s coast to `b` on `to`'s
    /// passes through, in the sea they share with a shape (the one making the shorter
    /// way); `None` when no sea they share has one.
    pub fn sea_waypoint(
        &self,
        board: &Board,
        from: TerritoryId,
        to: TerritoryId,
        ends: (Point, Point),
    ) -> Option<Point> {
        let water = |sea: SeaId| {
            self.waters
                .get(sea.index())?
                .get_or_init(|| Water::of(&board.sea(sea).outline))
                .as_ref()
        };
        sea_route::waypoints(board, from, to, ends, water).map(|(_, through)| through)
    }

    /// Outline edges where territories of different groups meet: the empire frontiers.
    pub fn frontiers(&self) -> &[Segment] {
        &self.frontiers
    }

    /// Whether `p` is inside the territory's outline (even-odd over all its rings, so a
    /// ring inside another is a hole). Always false for a territory without an outline.
    pub fn outline_contains(&self, board: &Board, id: TerritoryId, p: Point) -> bool {
        match self.bounds(id) {
            Some(bounds) if bounds.contains(p) => {
                rings_contain(&board.territory(id).geometry.outline, p)
            }
            _ => false,
        }
    }

    /// Where a box (in board units) lies against a territory's land: wholly on it, on
    /// part of it, or apart from it. A territory without an outline is its disc.
    pub fn box_against(&self, board: &Board, id: TerritoryId, b: &Bounds) -> BoxAgainst {
        let territory = &board.territory(id).geometry;
        let Some(bounds) = self.bounds(id) else {
            let (c, r) = (territory.centre, self.disc_radius(id));
            let nearest = Point::new(c.x.clamp(b.min.x, b.max.x), c.y.clamp(b.min.y, b.max.y));
            let farthest = Point::new(
                if c.x - b.min.x > b.max.x - c.x {
                    b.min.x
                } else {
                    b.max.x
                },
                if c.y - b.min.y > b.max.y - c.y {
                    b.min.y
                } else {
                    b.max.y
                },
            );
            let distance = |p: Point| (p.x - c.x).hypot(p.y - c.y);
            return if distance(farthest) <= r {
                BoxAgainst::Inside
            } else if distance(nearest) < r {
                BoxAgainst::Overlaps
            } else {
                BoxAgainst::Apart
            };
        };
        if !bounds.overlaps(b, 0.0) {
            return BoxAgainst::Apart;
        }
        let rings = &territory.outline;
        let crossed = rings
            .iter()
            .flat_map(|ring| ring_edges(ring))
            .any(|(p, q)| segment_meets_box(p, q, b));
        let middle = Point::new((b.min.x + b.max.x) / 2.0, (b.min.y + b.max.y) / 2.0);
        if !crossed {
            // No edge enters the box: it is all on one side of every ring.
            return if rings_contain(rings, middle) {
                BoxAgainst::Inside
            } else if rings.iter().flatten().any(|&p| b.contains(p)) {
                // The whole territory lies inside the box.
                BoxAgainst::Overlaps
            } else {
                BoxAgainst::Apart
            };
        }
        BoxAgainst::Overlaps
    }

    /// Whether a convex quadrilateral (its corners in order round it, in board units)
    /// covers any of a territory's land, or touches it: for a name turned at an angle.
    /// A territory without an outline is judged by the quadrilateral's bounds.
    pub fn quad_meets(&self, board: &Board, id: TerritoryId, corners: &[Point; 4]) -> bool {
        let Some(around) = Bounds::around(corners) else {
            return false;
        };
        let Some(bounds) = self.bounds(id) else {
            return self.box_against(board, id, &around) != BoxAgainst::Apart;
        };
        if !bounds.overlaps(&around, 0.0) {
            return false;
        }
        let rings = &board.territory(id).geometry.outline;
        let sides = (0..4).map(|i| (corners[i], corners[(i + 1) % 4]));
        let middle = Point::new(
            corners.iter().map(|p| p.x).sum::<f64>() / 4.0,
            corners.iter().map(|p| p.y).sum::<f64>() / 4.0,
        );
        sides.clone().any(|(a, b)| {
            rings
                .iter()
                .flat_map(|ring| ring_edges(ring))
                .any(|(p, q)| segments_meet(a, b, p, q))
        }) || rings_contain(rings, middle)
            || rings.iter().flatten().any(|&p| {
                // Inside a convex quadrilateral: on the same side of every side.
                let turns: Vec<f64> = sides.clone().map(|(a, b)| cross(a, b, p)).collect();
                turns.iter().all(|&t| t >= 0.0) || turns.iter().all(|&t| t <= 0.0)
            })
    }

    /// Where a group's name goes on an overview of the board: the middle of the group
    /// (its territories' centres, weighted by the area of their outlines) when that is
    /// on the group's land, else the centre of its territory nearest that middle.
    /// `None` for a group without territories.
    pub fn group_anchor(&self, board: &Board, group: GroupId) -> Option<Point> {
        let members = &board.group(group).territories;
        let weighted: Vec<(Point, f64)> = members
            .iter()
            .map(|&id| {
                let geometry = &board.territory(id).geometry;
                let area: f64 = geometry.outline.iter().map(|ring| ring_area(ring)).sum();
                (geometry.centre, if area > 0.0 { area } else { 1.0 })
            })
            .collect();
        let total: f64 = weighted.iter().map(|(_, weight)| weight).sum();
        if weighted.is_empty() || total <= 0.0 {
            return None;
        }
        let middle = Point::new(
            weighted.iter().map(|(p, w)| p.x * w).sum::<f64>() / total,
            weighted.iter().map(|(p, w)| p.y * w).sum::<f64>() / total,
        );
        if members
            .iter()
            .any(|&id| self.outline_contains(board, id, middle))
        {
            return Some(middle);
        }
        weighted.iter().map(|&(centre, _)| centre).min_by(|a, b| {
            let distance = |p: &Point| (p.x - middle.x).hypot(p.y - middle.y);
            distance(a).total_cmp(&distance(b))
        })
    }
}

/// Where a box lies against a territory's land: see [`BoardGeometry::box_against`].
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BoxAgainst {
    /// Wholly on the land.
    Inside,
    /// Partly on it (or touching its edge).
    Overlaps,
    /// Off it.
    Apart,
}

/// Which way `p` lies from the line `a`→`b`: the cross product's sign.
fn cross(a: Point, b: Point, p: Point) -> f64 {
    (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)
}

/// Whether segments `a`–`b` and `p`–`q` meet (touching counts).
fn segments_meet(a: Point, b: Point, p: Point, q: Point) -> bool {
    let (d1, d2) = (cross(p, q, a), cross(p, q, b));
    let (d3, d4) = (cross(a, b, p), cross(a, b, q));
    let within = |u: Point, v: Point, w: Point| {
        w.x >= u.x.min(v.x) && w.x <= u.x.max(v.x) && w.y >= u.y.min(v.y) && w.y <= u.y.max(v.y)
    };
    ((d1 > 0.0) != (d2 > 0.0) && (d3 > 0.0) != (d4 > 0.0) && d1 != 0.0 && d2 != 0.0)
        || (d1 == 0.0 && within(p, q, a))
        || (d2 == 0.0 && within(p, q, b))
        || (d3 == 0.0 && within(a, b, p))
        || (d4 == 0.0 && within(a, b, q))
}

/// Whether the segment from `a` to `b` meets the box (Liang–Barsky: the part of the
/// segment between the box's slabs on both axes is not empty).
fn segment_meets_box(a: Point, b: Point, bounds: &Bounds) -> bool {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let (mut enter, mut leave) = (0.0_f64, 1.0_f64);
    for (towards, room) in [
        (-dx, a.x - bounds.min.x),
        (dx, bounds.max.x - a.x),
        (-dy, a.y - bounds.min.y),
        (dy, bounds.max.y - a.y),
    ] {
        if towards == 0.0 {
            if room < 0.0 {
                return false;
            }
        } else {
            let t = room / towards;
            if towards < 0.0 {
                enter = enter.max(t);
            } else {
                leave = leave.min(t);
            }
            if enter > leave {
                return false;
            }
        }
    }
    true
}

/// The area a ring encloses (the shoelace formula), whichever way it turns.
fn ring_area(ring: &[Point]) -> f64 {
    ring_edges(ring)
        .map(|(a, b)| a.x * b.y - b.x * a.y)
        .sum::<f64>()
        .abs()
        / 2.0
}

/// Even-odd point-in-polygon over several rings. A ring may or may not repeat its first
/// point at the end: the closing edge is always added, and a zero-length edge never counts.
pub fn rings_contain(rings: &[Vec<Point>], p: Point) -> bool {
    let mut inside = false;
    for ring in rings {
        for (a, b) in ring_edges(ring) {
            // Half-open in y so that a vertex exactly at p.y is counted once.
            if (a.y > p.y) != (b.y > p.y) {
                let crossing_x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
                if p.x < crossing_x {
                    inside = !inside;
                }
            }
        }
    }
    inside
}

/// Every edge of a ring, including the one that closes it.
fn ring_edges(ring: &[Point]) -> impl Iterator<Item = (Point, Point)> + '_ {
    ring.iter()
        .copied()
        .zip(ring.iter().copied().cycle().skip(1))
        .take(ring.len())
}

/// Finds the stretches of outline that two territories of different groups have in
/// common. Board designers rarely split shared borders at identical vertices (one
/// side may be a single long edge where the other has two), so this matches collinear
/// overlapping edges rather than equal vertex pairs.
fn find_frontiers(board: &Board, bounds: &[Option<Bounds>]) -> Vec<Segment> {
    let tolerance = board.width.max(board.height) * 5e-4;
    let mut frontiers = Vec::new();
    for (i, a) in board.territories.iter().enumerate() {
        let Some(bounds_a) = bounds[i] else { continue };
        for (j, b) in board.territories.iter().enumerate().skip(i + 1) {
            let Some(bounds_b) = bounds[j] else { continue };
            if a.group == b.group || !bounds_a.overlaps(&bounds_b, tolerance) {
                continue;
            }
            for ring_a in &a.geometry.outline {
                for (pa, qa) in ring_edges(ring_a) {
                    let edge_a = Segment { from: pa, to: qa };
                    for ring_b in &b.geometry.outline {
                        for (pb, qb) in ring_edges(ring_b) {
                            let edge_b = Segment { from: pb, to: qb };
                            if let Some(shared) = shared_part(edge_a, edge_b, tolerance) {
                                frontiers.push(shared);
                            }
                        }
                    }
                }
            }
        }
    }
    frontiers
}

/// The part of `a` that `b` runs along (both ends of `b` within `tolerance` of `a`'s
/// line, and the overlap longer than `tolerance`).
fn shared_part(a: Segment, b: Segment, tolerance: f64) -> Option<Segment> {
    let length = a.length();
    if length <= tolerance || b.length() <= tolerance {
        return None;
    }
    let (ux, uy) = ((a.to.x - a.from.x) / length, (a.to.y - a.from.y) / length);
    let across = |p: Point| ((p.x - a.from.x) * uy - (p.y - a.from.y) * ux).abs();
    if across(b.from) > tolerance || across(b.to) > tolerance {
        return None;
    }
    let along = |p: Point| (p.x - a.from.x) * ux + (p.y - a.from.y) * uy;
    let (t0, t1) = (along(b.from), along(b.to));
    let start = t0.min(t1).max(0.0);
    let end = t0.max(t1).min(length);
    (end - start > tolerance).then(|| Segment {
        from: Point::new(a.from.x + ux * start, a.from.y + uy * start),
        to: Point::new(a.from.x + ux * end, a.from.y + uy * end),
    })
}

/// For each point, how far the nearest other point is (infinite when it is alone).
pub fn nearest_distances(points: &[Point]) -> Vec<f64> {
    points
        .iter()
        .enumerate()
        .map(|(i, p)| {
            points
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, o)| (o.x - p.x).hypot(o.y - p.y))
                .fold(f64::INFINITY, f64::min)
        })
        .collect()
}

/// Disc radii for drawing territories without outlines: most discs share one size (a
/// share of the median nearest-centre distance) and only crowded ones shrink, so that
/// discs never overlap and the map does not look uneven.
fn disc_radii(board: &Board) -> Vec<f64> {
    let centres: Vec<Point> = board
        .territories
        .iter()
        .map(|t| t.geometry.centre)
        .collect();
    let nearest = nearest_distances(&centres);
    let mut finite: Vec<f64> = nearest.iter().copied().filter(|d| d.is_finite()).collect();
    finite.sort_by(f64::total_cmp);
    let typical = finite
        .get(finite.len() / 2)
        .copied()
        // A lone territory: a disc about a tenth of the board's shorter side.
        .unwrap_or(board.width.min(board.height) * 0.25);
    nearest
        .iter()
        .map(|&d| DISC_SHARE_OF_NEAREST * d.min(typical))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::test_boards;

    #[test]
    fn every_group_name_of_the_shipped_board_sits_on_its_own_land() {
        let board = test_boards::shipped_castle_risk();
        let geometry = BoardGeometry::new(&board);
        for group in board.group_ids() {
            let anchor = geometry.group_anchor(&board, group).expect("an anchor");
            let members = &board.group(group).territories;
            assert!(
                members
                    .iter()
                    .any(|&id| geometry.outline_contains(&board, id, anchor)),
                "{} at {anchor:?}",
                board.group(group).key
            );
        }
    }

    #[test]
    fn a_box_is_inside_a_territory_only_if_no_edge_of_it_crosses_the_box() {
        let board = test_boards::three_squares_with_outlines();
        let geometry = BoardGeometry::new(&board);
        let middle = board.territory_by_key("middle").unwrap();
        let outline = &board.territory(middle).geometry.outline;
        let all: Vec<Point> = outline.iter().flatten().copied().collect();
        let b = Bounds::around(&all).unwrap();
        let (cx, cy) = ((b.min.x + b.max.x) / 2.0, (b.min.y + b.max.y) / 2.0);
        let box_at = |x0: f64, y0: f64, x1: f64, y1: f64| Bounds {
            min: Point::new(x0, y0),
            max: Point::new(x1, y1),
        };
        let against = |area: Bounds| geometry.box_against(&board, middle, &area);
        assert_eq!(
            against(box_at(cx - 5.0, cy - 5.0, cx + 5.0, cy + 5.0)),
            BoxAgainst::Inside
        );
        // Reaching over the edge, and wholly beyond it.
        let width = b.max.x - b.min.x;
        assert_eq!(
            against(box_at(cx, cy - 5.0, cx + width, cy + 5.0)),
            BoxAgainst::Overlaps
        );
        assert_eq!(
            against(box_at(b.max.x + 1.0, cy - 5.0, b.max.x + 9.0, cy + 5.0)),
            BoxAgainst::Apart
        );
        // A box holding the whole territory overlaps it without any corner on it.
        assert_eq!(
            against(box_at(
                b.min.x - 1.0,
                b.min.y - 1.0,
                b.max.x + 1.0,
                b.max.y + 1.0
            )),
            BoxAgainst::Overlaps
        );
    }

    #[test]
    fn a_turned_box_meets_a_territory_only_where_it_reaches_it() {
        let board = test_boards::three_squares_with_outlines();
        let geometry = BoardGeometry::new(&board);
        let middle = board.territory_by_key("middle").unwrap();
        // The middle square runs from 100 to 200; a diamond inside it, one poking
        // over its right edge, and one beyond it.
        let diamond = |cx: f64, r: f64| {
            [
                Point::new(cx, 50.0 - r),
                Point::new(cx + r, 50.0),
                Point::new(cx, 50.0 + r),
                Point::new(cx - r, 50.0),
            ]
        };
        assert!(geometry.quad_meets(&board, middle, &diamond(150.0, 20.0)));
        assert!(geometry.quad_meets(&board, middle, &diamond(210.0, 20.0)));
        assert!(!geometry.quad_meets(&board, middle, &diamond(240.0, 20.0)));
        // A diamond holding the whole square meets it without an edge crossing.
        assert!(geometry.quad_meets(&board, middle, &diamond(150.0, 200.0)));
    }

    #[test]
    fn a_ring_has_the_same_area_either_way_round() {
        let square = [
            Point::new(0.0, 0.0),
            Point::new(4.0, 0.0),
            Point::new(4.0, 3.0),
            Point::new(0.0, 3.0),
        ];
        let reversed: Vec<Point> = square.iter().rev().copied().collect();
        assert_eq!(ring_area(&square), 12.0);
        assert_eq!(ring_area(&reversed), 12.0);
    }

    #[test]
    fn a_point_inside_a_square_is_inside_and_outside_is_outside() {
        let square = vec![vec![
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
            Point::new(10.0, 10.0),
            Point::new(0.0, 10.0),
        ]];
        assert!(rings_contain(&square, Point::new(5.0, 5.0)));
        assert!(!rings_contain(&square, Point::new(15.0, 5.0)));
        assert!(!rings_contain(&square, Point::new(5.0, -0.1)));
    }

    #[test]
    fn a_ring_inside_another_is_a_hole_under_even_odd() {
        let square_with_hole = vec![
            vec![
                Point::new(0.0, 0.0),
                Point::new(10.0, 0.0),
                Point::new(10.0, 10.0),
                Point::new(0.0, 10.0),
            ],
            vec![
                Point::new(4.0, 4.0),
                Point::new(6.0, 4.0),
                Point::new(6.0, 6.0),
                Point::new(4.0, 6.0),
            ],
        ];
        assert!(!rings_contain(&square_with_hole, Point::new(5.0, 5.0)));
        assert!(rings_contain(&square_with_hole, Point::new(2.0, 5.0)));
    }

    #[test]
    fn a_ring_repeating_its_first_point_gives_the_same_answer() {
        let closed = vec![vec![
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
            Point::new(0.0, 10.0),
            Point::new(0.0, 0.0),
        ]];
        assert!(rings_contain(&closed, Point::new(2.0, 2.0)));
        assert!(!rings_contain(&closed, Point::new(8.0, 8.0)));
    }

    #[test]
    fn frontiers_follow_only_borders_between_different_groups() {
        let board = test_boards::three_squares_with_outlines();
        let geometry = BoardGeometry::new(&board);
        // West and Middle share the line x = 100 but are in the same group; Middle and
        // East share x = 200 and are not. East's side of that border is split into two
        // edges where Middle has one, and both halves must be found.
        let frontier_length: f64 = geometry.frontiers().iter().map(Segment::length).sum();
        assert!((frontier_length - 100.0).abs() < 1e-6, "{frontier_length}");
        assert!(
            geometry
                .frontiers()
                .iter()
                .all(|s| (s.from.x - 200.0).abs() < 1e-6 && (s.to.x - 200.0).abs() < 1e-6)
        );
    }

    #[test]
    fn discs_of_a_board_without_outlines_never_overlap() {
        let board = test_boards::castle_risk_centres_only();
        let geometry = BoardGeometry::new(&board);
        for a in board.territory_ids() {
            assert!(!geometry.has_outline(a));
            assert!(geometry.disc_radius(a) > 5.0);
            for b in board.territory_ids().filter(|&b| b > a) {
                let (ca, cb) = (
                    board.territory(a).geometry.centre,
                    board.territory(b).geometry.centre,
                );
                let gap = (ca.x - cb.x).hypot(ca.y - cb.y);
                assert!(geometry.disc_radius(a) + geometry.disc_radius(b) < gap);
            }
        }
    }
}
