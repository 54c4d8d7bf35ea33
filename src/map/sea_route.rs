//! The Admiral's way across a sea: the open water of a sea's shape, sampled once, and
//! the point of it an arrow from one coast to another passes through, so that the
//! arrow goes by sea instead of straight across the land between.

use castellan_engine::board::{Board, Point, SeaId, TerritoryId};

use super::geometry::{Bounds, rings_contain};

/// Grid cells along the longer side of a sea's shape.
const CELLS: f64 = 48.0;

/// How many rings of cells next to the shore are dropped, when some water is left:
/// an arrow through open water does not graze the coast.
const SHORE_CELLS: usize = 2;

/// Where along a curve it is checked for water: its ends cross the coasts' own land.
const SAMPLES: [f64; 7] = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8];

/// A sea's water on a grid over its shape, and the points of its open water.
#[derive(Clone, Debug, PartialEq)]
pub struct Water {
    origin: Point,
    step: f64,
    columns: usize,
    rows: usize,
    /// Per cell, row by row: whether its centre is in the sea.
    wet: Vec<bool>,
    /// Centres of the cells away from the shore.
    open: Vec<Point>,
}

impl Water {
    /// The open water of a sea drawn as `rings` (even-odd); `None` without a shape or
    /// when no grid point falls in it.
    pub fn of(rings: &[Vec<Point>]) -> Option<Water> {
        let bounds = Bounds::around(rings.iter().flatten())?;
        let (width, height) = (bounds.max.x - bounds.min.x, bounds.max.y - bounds.min.y);
        let step = width.max(height) / CELLS;
        if !step.is_finite() || step <= 0.0 {
            return None;
        }
        let columns = (width / step).ceil() as usize + 1;
        let rows = (height / step).ceil() as usize + 1;
        let centre = |column: usize, row: usize| {
            Point::new(
                bounds.min.x + (column as f64 + 0.5) * step,
                bounds.min.y + (row as f64 + 0.5) * step,
            )
        };
        let wet: Vec<bool> = (0..rows)
            .flat_map(|row| (0..columns).map(move |column| (column, row)))
            .map(|(column, row)| rings_contain(rings, centre(column, row)))
            .collect();
        let mut open = wet.clone();
        for _ in 0..SHORE_CELLS {
            let inland = erode(&open, columns, rows);
            if !inland.iter().any(|&w| w) {
                break;
            }
            open = inland;
        }
        let open: Vec<Point> = open
            .iter()
            .enumerate()
            .filter(|&(_, &w)| w)
            .map(|(i, _)| centre(i % columns, i / columns))
            .collect();
        (!open.is_empty()).then_some(Water {
            origin: bounds.min,
            step,
            columns,
            rows,
            wet,
            open,
        })
    }

    /// Whether `p` falls in a cell of the sea.
    fn is_wet(&self, p: Point) -> bool {
        let column = ((p.x - self.origin.x) / self.step).floor();
        let row = ((p.y - self.origin.y) / self.step).floor();
        column >= 0.0
            && row >= 0.0
            && (column as usize) < self.columns
            && (row as usize) < self.rows
            && self.wet[row as usize * self.columns + column as usize]
    }

    /// The open water point a curve from `a` to `b` passes through: the one that keeps
    /// most of the curve on the sea, and of those the shortest way.
    pub fn waypoint(&self, a: Point, b: Point) -> Point {
        let distance = |p: Point, q: Point| (p.x - q.x).hypot(p.y - q.y);
        let cost = |m: Point| {
            let control = control_through(a, m, b);
            let dry = SAMPLES
                .iter()
                .filter(|&&t| !self.is_wet(curve_at(a, control, b, t)))
                .count();
            (dry, distance(a, m) + distance(m, b))
        };
        self.open
            .iter()
            .map(|&m| (m, cost(m)))
            .min_by(|(_, x), (_, y)| x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)))
            .map_or(a, |(m, _)| m)
    }
}

/// Water cells whose eight neighbours are water too (cells off the grid are land).
fn erode(wet: &[bool], columns: usize, rows: usize) -> Vec<bool> {
    let at = |column: isize, row: isize| {
        column >= 0
            && row >= 0
            && (column as usize) < columns
            && (row as usize) < rows
            && wet[row as usize * columns + column as usize]
    };
    (0..rows * columns)
        .map(|i| {
            let (column, row) = ((i % columns) as isize, (i / columns) as isize);
            (-1..=1).all(|dy| (-1..=1).all(|dx| at(column + dx, row + dy)))
        })
        .collect()
}

/// The control point of a quadratic curve from `a` to `b` whose middle is `through`.
pub fn control_through(a: Point, through: Point, b: Point) -> Point {
    Point::new(
        2.0 * through.x - (a.x + b.x) / 2.0,
        2.0 * through.y - (a.y + b.y) / 2.0,
    )
}

/// The point halfway along the quadratic curve from `a` to `b` pulled by `control`.
pub fn curve_middle(a: Point, control: Point, b: Point) -> Point {
    curve_at(a, control, b, 0.5)
}

/// The point at `t` (0 to 1) along the quadratic curve from `a` to `b`.
fn curve_at(a: Point, control: Point, b: Point, t: f64) -> Point {
    let (u, v, w) = ((1.0 - t) * (1.0 - t), 2.0 * t * (1.0 - t), t * t);
    Point::new(
        u * a.x + v * control.x + w * b.x,
        u * a.y + v * control.y + w * b.y,
    )
}

/// The seas two coasts share, each with the water point an arrow from `a` to `b` passes
/// through, shortest first; `water` gives a sea's open water, if it has a shape.
pub fn waypoints<'w>(
    board: &Board,
    from: TerritoryId,
    to: TerritoryId,
    (a, b): (Point, Point),
    water: impl Fn(SeaId) -> Option<&'w Water>,
) -> Option<(SeaId, Point)> {
    let theirs = &board.territory(to).seas;
    let distance = |p: Point, q: Point| (p.x - q.x).hypot(p.y - q.y);
    board
        .territory(from)
        .seas
        .iter()
        .filter(|sea| theirs.contains(sea))
        .filter_map(|&sea| Some((sea, water(sea)?.waypoint(a, b))))
        .min_by(|&(_, m), &(_, n)| {
            (distance(a, m) + distance(m, b)).total_cmp(&(distance(a, n) + distance(n, b)))
        })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use castellan_engine::board::load_board_file;

    use super::*;

    fn shipped(name: &str) -> Board {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data/boards")
            .join(name);
        load_board_file(&path).unwrap_or_else(|error| panic!("{error}"))
    }

    /// On every shipped board whose seas have shapes, the arrow between any two coasts
    /// of a shaped sea bends through that sea: its middle is on the water.
    #[test]
    fn the_sea_arrow_passes_through_the_water_on_the_shipped_boards() {
        for name in ["world.toml", "classic.toml"] {
            let board = shipped(name);
            let waters: Vec<Option<Water>> = board
                .seas
                .iter()
                .map(|sea| Water::of(&sea.outline))
                .collect();
            let shaped = waters.iter().filter(|w| w.is_some()).count();
            assert!(shaped >= 2, "{name}: {shaped} seas with a shape");
            let mut checked = 0;
            for (index, sea) in board.seas.iter().enumerate() {
                if waters[index].is_none() {
                    continue;
                }
                for &from in &sea.coasts {
                    for &to in sea.coasts.iter().filter(|&&to| to != from) {
                        let (a, b) = (
                            board.territory(from).geometry.badge,
                            board.territory(to).geometry.badge,
                        );
                        if board.wraps_around && (b.x - a.x).abs() > board.width / 2.0 {
                            continue; // drawn across the board's edge instead
                        }
                        let (chosen, through) =
                            waypoints(&board, from, to, (a, b), |s| waters[s.index()].as_ref())
                                .expect("two coasts of a shaped sea have a way by it");
                        let middle = curve_middle(a, control_through(a, through, b), b);
                        let rings = &board.sea(chosen).outline;
                        assert!(
                            rings_contain(rings, middle),
                            "{name}: {} → {} passes {middle:?}, off {}",
                            board.territory(from).key,
                            board.territory(to).key,
                            board.sea(chosen).key
                        );
                        checked += 1;
                    }
                }
            }
            assert!(checked > 20, "{name}: only {checked} routes checked");
        }
    }

    #[test]
    fn a_way_across_a_bay_bends_into_it_rather_than_over_the_cape() {
        // A U-shaped bay open to the north: from its west shore to its east shore the
        // straight line crosses water, so the way stays close to that line; from the
        // tips of the cape south of it, the way goes round by the bay's water.
        let bay = vec![vec![
            Point::new(0.0, 0.0),
            Point::new(100.0, 0.0),
            Point::new(100.0, 100.0),
            Point::new(0.0, 100.0),
        ]];
        let water = Water::of(&bay).unwrap();
        let through = water.waypoint(Point::new(-10.0, 50.0), Point::new(110.0, 50.0));
        assert!((through.y - 50.0).abs() < 5.0, "{through:?}");
        assert!(rings_contain(&bay, through));
        // Away from the shore: the cells next to it are left out.
        let corner = water.waypoint(Point::new(-50.0, -50.0), Point::new(-50.0, -50.0));
        assert!(corner.x > 4.0 && corner.y > 4.0, "{corner:?}");
        let a = Point::new(50.0, 150.0);
        let b = Point::new(60.0, 150.0);
        let through = water.waypoint(a, b);
        let middle = curve_middle(a, control_through(a, through, b), b);
        assert!((middle.x - through.x).abs() < 1e-9 && (middle.y - through.y).abs() < 1e-9);
        assert!(Water::of(&[]).is_none());
    }
}
