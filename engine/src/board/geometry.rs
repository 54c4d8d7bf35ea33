//! Checking and building where things are drawn: anchors, outlines and paths.
//!
//! Anchors (centres, badges, labels, castles, sea labels) must lie on the board;
//! outline points may stray a little outside it, since a coast may run off the edge
//! of the drawing. Outlines are optional: without them the map draws from anchors.

use super::limits::{MAX_OUTLINE_POINTS, OUTLINE_MARGIN};
use super::model::{Point, TerritoryGeometry};
use super::path_data::parse_path_data;
use super::problems::{Anchor, BoardProblem, Shape};
use super::raw::{At, RawPath, RawTerritory};
use crate::diagnostics::ProblemList;

/// The drawing area, when `width` and `height` were usable.
#[derive(Copy, Clone, Debug)]
pub(crate) struct BoardSize {
    pub width: f64,
    pub height: f64,
}

/// Checks geometry against the board size (when known) and counts outline points
/// over the whole board.
#[derive(Debug)]
pub(crate) struct GeometryChecker {
    size: Option<BoardSize>,
    outline_points: usize,
    /// Set once the outline point limit is passed; later outlines are not read.
    over_budget: bool,
}

impl GeometryChecker {
    pub fn new(size: Option<BoardSize>) -> Self {
        Self {
            size,
            outline_points: 0,
            over_budget: false,
        }
    }

    /// Checks an anchor point.
    pub fn anchor(&self, anchor: Anchor, point: &At<Point>, problems: &mut ProblemList<'_>) {
        let p = point.value;
        if !is_finite(p) {
            problems.at(point.at, BoardProblem::AnchorNotFinite { anchor });
            return;
        }
        if let Some(size) = self.size
            && (!(0.0..=size.width).contains(&p.x) || !(0.0..=size.height).contains(&p.y))
        {
            problems.at(
                point.at,
                BoardProblem::AnchorOffBoard {
                    anchor,
                    x: p.x,
                    y: p.y,
                    width: size.width,
                    height: size.height,
                },
            );
        }
    }

    /// Checks and builds the geometry of one territory.
    pub fn territory(
        &mut self,
        raw: &RawTerritory,
        problems: &mut ProblemList<'_>,
    ) -> TerritoryGeometry {
        // Anchors left out default to the centre. A missing centre has been reported
        // already; the origin stands in for it, and the board is not built.
        let centre = raw.centre.as_ref().map_or(Point::default(), |c| c.value);
        let mut anchor = |which: Anchor, point: &Option<At<Point>>| match point {
            Some(point) => {
                self.anchor(which, point, problems);
                point.value
            }
            None => centre,
        };
        let centre = anchor(Anchor::Centre, &raw.centre);
        let badge = anchor(Anchor::Badge, &raw.badge);
        let label = anchor(Anchor::Label, &raw.label);
        let castle = anchor(Anchor::Castle, &raw.castle);
        let outline = self.shape(Shape::Territory, &raw.outline, &raw.path, problems);
        TerritoryGeometry {
            centre,
            badge,
            label,
            castle,
            outline,
        }
    }

    /// Checks and builds a shape given as `outline` or `path` (or neither: no rings).
    pub fn shape(
        &mut self,
        shape: Shape,
        outline: &Option<At<Vec<At<Point>>>>,
        path: &Option<RawPath>,
        problems: &mut ProblemList<'_>,
    ) -> Vec<Vec<Point>> {
        match (outline, path) {
            (Some(_), Some(path)) => {
                problems.at(path.at, BoardProblem::OutlineAndPath { shape });
                Vec::new()
            }
            (Some(outline), None) => self.outline(outline, problems),
            (None, Some(path)) => self.path(path, problems),
            (None, None) => Vec::new(),
        }
    }

    fn outline(
        &mut self,
        outline: &At<Vec<At<Point>>>,
        problems: &mut ProblemList<'_>,
    ) -> Vec<Vec<Point>> {
        if !self.spend(outline.value.len(), outline.at, problems) {
            return Vec::new();
        }
        if outline.value.len() < 3 {
            problems.at(
                outline.at,
                BoardProblem::OutlineTooShort {
                    points: outline.value.len(),
                },
            );
        }
        self.outline_points_on_board(&outline.value, problems);
        vec![outline.value.iter().map(|point| point.value).collect()]
    }

    fn path(&mut self, path: &RawPath, problems: &mut ProblemList<'_>) -> Vec<Vec<Point>> {
        let rings = match parse_path_data(&path.text) {
            Ok(rings) => rings,
            Err(error) => {
                problems.at(path.source_offset(error.offset), error.problem);
                return Vec::new();
            }
        };
        let total = rings.iter().map(|ring| ring.points.len()).sum();
        if !self.spend(total, path.at, problems) {
            return Vec::new();
        }
        for (number, ring) in rings.iter().enumerate() {
            if ring.points.len() < 3 {
                problems.at(
                    path.source_offset(ring.start),
                    BoardProblem::RingTooShort {
                        ring: number + 1,
                        points: ring.points.len(),
                    },
                );
            }
            let located: Vec<At<Point>> = ring
                .points
                .iter()
                .zip(&ring.offsets)
                .map(|(point, offset)| At {
                    at: path.source_offset(*offset),
                    value: *point,
                })
                .collect();
            self.outline_points_on_board(&located, problems);
        }
        rings.into_iter().map(|ring| ring.points).collect()
    }

    /// Reports the first outline point that is not finite or strays too far off the
    /// board, with a count of the others: one misplaced outline is one mistake, not
    /// hundreds.
    fn outline_points_on_board(&self, points: &[At<Point>], problems: &mut ProblemList<'_>) {
        let is_bad = |p: Point| match self.size {
            _ if !is_finite(p) => true,
            Some(size) => {
                let (dx, dy) = (size.width * OUTLINE_MARGIN, size.height * OUTLINE_MARGIN);
                !(-dx..=size.width + dx).contains(&p.x) || !(-dy..=size.height + dy).contains(&p.y)
            }
            None => false,
        };
        let mut bad = points.iter().filter(|point| is_bad(point.value));
        let Some(first) = bad.next() else {
            return;
        };
        let others = bad.count();
        let p = first.value;
        let problem = if is_finite(p) {
            BoardProblem::OutlineOffBoard {
                x: p.x,
                y: p.y,
                others,
            }
        } else {
            BoardProblem::OutlineNotFinite { others }
        };
        problems.at(first.at, problem);
    }

    /// Counts `points` against the board-wide limit; `false` once it is passed.
    fn spend(&mut self, points: usize, at: usize, problems: &mut ProblemList<'_>) -> bool {
        if self.over_budget {
            return false;
        }
        self.outline_points += points;
        if self.outline_points > MAX_OUTLINE_POINTS {
            self.over_budget = true;
            problems.at(at, BoardProblem::TooManyOutlinePoints);
            return false;
        }
        true
    }
}

fn is_finite(p: Point) -> bool {
    p.x.is_finite() && p.y.is_finite()
}
