//! Room on a territory's land for its marks: the land cut into a grid of cells, those
//! free of other marks counted in a summed-area table, so that whether a box is free
//! is four lookups. The layout (`layout.rs`) asks it where a name, or a badge and its
//! name together, can go when there is no room beside the badge.

use castellan_engine::board::{Point, TerritoryId};

use super::layout::Rect;
use super::scene::MapScene;

/// A territory's grid has about this many cells at most, however far the map is
/// zoomed in: cells grow rather than multiply.
const MOST_CELLS: f64 = 40_000.0;

/// Which cells of a territory's land are free, in pixels from the board's origin.
pub struct Room {
    left: f64,
    top: f64,
    /// The side of a cell, in pixels.
    cell: f64,
    columns: usize,
    rows: usize,
    /// `sums[r * (columns + 1) + c]`: how many free cells lie above and left of
    /// cell (c, r), exclusive.
    sums: Vec<u32>,
}

impl Room {
    /// The land of territory `id` at `scale` pixels per board unit, less every cell a
    /// box of `occupied` touches. `None` for a territory drawn as a disc.
    pub fn new(scene: &MapScene, id: TerritoryId, scale: f64, occupied: &[Rect]) -> Option<Self> {
        let bounds = scene.geometry().bounds(id)?;
        let (left, top) = (bounds.min.x * scale, bounds.min.y * scale);
        let (width, height) = (
            (bounds.max.x - bounds.min.x) * scale,
            (bounds.max.y - bounds.min.y) * scale,
        );
        // Cells of a quarter pixel at least: in a narrow strip of land a name fits by
        // a pixel, and a cell is land only if all of it is.
        let cell = (width * height / MOST_CELLS).sqrt().max(0.25);
        let columns = (width / cell).ceil().max(1.0) as usize;
        let rows = (height / cell).ceil().max(1.0) as usize;
        let mut free = vec![false; columns * rows];
        let rings = &scene.board().territory(id).geometry.outline;
        // A cell is land when it lies wholly inside the outline along its top, middle
        // and bottom lines (even-odd, as the map fills them), so that a box of land
        // cells is land, give or take an edge slipping between the lines.
        let mut crossings = Vec::new();
        let mut inside_along = |y: f64, columns_inside: &mut Vec<bool>| {
            crossings.clear();
            let y = y / scale;
            for ring in rings {
                for (a, b) in ring
                    .iter()
                    .zip(ring.iter().cycle().skip(1))
                    .take(ring.len())
                {
                    if (a.y > y) != (b.y > y) {
                        crossings.push((a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)) * scale);
                    }
                }
            }
            crossings.sort_by(f64::total_cmp);
            columns_inside.iter_mut().for_each(|c| *c = false);
            for span in crossings.chunks_exact(2) {
                // The columns whose both sides lie within the span.
                let first = ((span[0] - left) / cell).ceil().max(0.0) as usize;
                let end = (((span[1] - left) / cell).floor().max(0.0) as usize).min(columns);
                for inside in columns_inside.iter_mut().take(end).skip(first) {
                    *inside = true;
                }
            }
        };
        let mut along = vec![false; columns];
        for row in 0..rows {
            let mut land = vec![true; columns];
            for share in [0.0, 0.5, 1.0] {
                inside_along(top + (row as f64 + share) * cell, &mut along);
                land.iter_mut().zip(&along).for_each(|(l, a)| *l &= *a);
            }
            free[row * columns..(row + 1) * columns].copy_from_slice(&land);
        }
        let mut room = Self {
            left,
            top,
            cell,
            columns,
            rows,
            sums: Vec::new(),
        };
        for rect in occupied {
            if let Some((c0, r0, c1, r1)) = room.cells(rect, true) {
                for row in r0..r1 {
                    free[row * columns + c0..row * columns + c1].fill(false);
                }
            }
        }
        let stride = columns + 1;
        room.sums = vec![0; stride * (rows + 1)];
        for row in 0..rows {
            let mut in_row = 0;
            for column in 0..columns {
                in_row += u32::from(free[row * columns + column]);
                room.sums[(row + 1) * stride + column + 1] =
                    room.sums[row * stride + column + 1] + in_row;
            }
        }
        Some(room)
    }

    /// The cells a rectangle touches, as column and row ranges `(c0, r0, c1, r1)`
    /// (ends exclusive): clipped to the grid when `clip`, else `None` if it leaves it.
    fn cells(&self, rect: &Rect, clip: bool) -> Option<(usize, usize, usize, usize)> {
        let c0 = ((rect.left - self.left) / self.cell).floor();
        let r0 = ((rect.top - self.top) / self.cell).floor();
        let c1 = ((rect.right - self.left) / self.cell).ceil();
        let r1 = ((rect.bottom - self.top) / self.cell).ceil();
        let (columns, rows) = (self.columns as f64, self.rows as f64);
        if !clip && (c0 < 0.0 || r0 < 0.0 || c1 > columns || r1 > rows) {
            return None;
        }
        let (c0, c1) = (c0.clamp(0.0, columns), c1.clamp(0.0, columns));
        let (r0, r1) = (r0.clamp(0.0, rows), r1.clamp(0.0, rows));
        (c0 < c1 && r0 < r1).then_some((c0 as usize, r0 as usize, c1 as usize, r1 as usize))
    }

    /// Whether every cell the rectangle touches is free land.
    pub fn is_free(&self, rect: &Rect) -> bool {
        let Some((c0, r0, c1, r1)) = self.cells(rect, false) else {
            return false;
        };
        let stride = self.columns + 1;
        let sum = |c: usize, r: usize| i64::from(self.sums[r * stride + c]);
        let free = sum(c1, r1) - sum(c0, r1) - sum(c1, r0) + sum(c0, r0);
        free == ((c1 - c0) * (r1 - r0)) as i64
    }

    /// The centres, on a grid of `step` pixels, of every free box of this size.
    pub fn free_places(&self, width: f64, height: f64, step: (f64, f64)) -> Vec<Point> {
        let (step_x, step_y) = (step.0.max(self.cell), step.1.max(self.cell));
        let right = self.left + self.columns as f64 * self.cell;
        let bottom = self.top + self.rows as f64 * self.cell;
        let mut places = Vec::new();
        let mut y = self.top + height / 2.0;
        while y + height / 2.0 <= bottom {
            let mut x = self.left + width / 2.0;
            while x + width / 2.0 <= right {
                if self.is_free(&Rect::around((x, y), width / 2.0, height / 2.0)) {
                    places.push(Point::new(x, y));
                }
                x += step_x;
            }
            y += step_y;
        }
        places
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::map::test_boards;

    #[test]
    fn a_box_on_the_land_is_free_unless_a_mark_is_there() {
        let board = Arc::new(test_boards::three_squares_with_outlines());
        let scene = MapScene::new(Arc::clone(&board));
        // The middle square runs from 100 to 200 board units; at scale 2, 200 to 400.
        let middle = board.territory_by_key("middle").unwrap();
        let mark = Rect::around((300.0, 100.0), 10.0, 10.0);
        let room = Room::new(&scene, middle, 2.0, &[mark]).unwrap();
        assert!(room.is_free(&Rect::around((250.0, 50.0), 20.0, 10.0)));
        assert!(!room.is_free(&mark), "the mark is there");
        assert!(
            !room.is_free(&Rect::around((395.0, 50.0), 20.0, 10.0)),
            "over the edge"
        );
        let places = room.free_places(40.0, 20.0, (5.0, 5.0));
        assert!(!places.is_empty());
        for p in places {
            let place = Rect::around((p.x, p.y), 20.0, 10.0);
            assert_eq!(place.overlap(&mark), 0.0, "{p:?}");
            assert!(place.left >= 200.0 && place.right <= 400.0, "{p:?}");
        }
    }
}
