//! Where each territory's marks go at one scale: its army badge, its castle if one
//! stands there, and its name, placed so that no mark covers another. The board's anchor points are wishes:
//! the badge stays on its anchor, the castle goes beside the badge on the anchor's side
//! if there is room, and the name goes to the clearest spot near the badge, inside the
//! territory when it fits. Pure geometry: `draw.rs` measures the names and sizes the
//! marks, then draws them where this puts them.

use castellan_engine::board::{Point, TerritoryId};

use super::geometry::nearest_distances;
use super::scene::MapScene;

/// Sizes of the marks in pixels at one scale.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct MarkSizes {
    pub badge_radius: f64,
    /// Half the width of the widest badge laid out for (a two-digit count, rims included).
    pub badge_half_width: f64,
    /// Half the height of a badge, rims included.
    pub badge_half_height: f64,
    pub castle_width: f64,
    /// Space kept clear between two marks.
    pub gap: f64,
}

/// An axis-aligned rectangle in pixels.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rect {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

impl Rect {
    /// The rectangle centred on `centre` with these half sizes.
    pub fn around(centre: (f64, f64), half_width: f64, half_height: f64) -> Self {
        Self {
            left: centre.0 - half_width,
            top: centre.1 - half_height,
            right: centre.0 + half_width,
            bottom: centre.1 + half_height,
        }
    }

    pub fn width(&self) -> f64 {
        self.right - self.left
    }

    pub fn height(&self) -> f64 {
        self.bottom - self.top
    }

    fn centre(&self) -> (f64, f64) {
        (
            (self.left + self.right) / 2.0,
            (self.top + self.bottom) / 2.0,
        )
    }

    /// The area the two rectangles share (0 when apart or only touching).
    pub fn overlap(&self, other: &Rect) -> f64 {
        let width = self.right.min(other.right) - self.left.max(other.left);
        let height = self.bottom.min(other.bottom) - self.top.max(other.top);
        width.max(0.0) * height.max(0.0)
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, other: &Rect) -> Rect {
        Rect {
            left: self.left.min(other.left),
            top: self.top.min(other.top),
            right: self.right.max(other.right),
            bottom: self.bottom.max(other.bottom),
        }
    }

    fn grown(&self, by: f64) -> Rect {
        Rect {
            left: self.left - by,
            top: self.top - by,
            right: self.right + by,
            bottom: self.bottom + by,
        }
    }

    /// The area of `self` outside `bounds`.
    fn area_outside(&self, bounds: &Rect) -> f64 {
        self.width() * self.height() - self.overlap(bounds)
    }
}

/// Where a name's ink lies around the point its line box is centred on, in pixels, as
/// `Label::ink_offsets` measures it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct InkBox {
    pub left: f64,
    pub top: f64,
    pub right: f64,
    pub bottom: f64,
}

impl InkBox {
    fn at(&self, centre: (f64, f64)) -> Rect {
        Rect {
            left: centre.0 + self.left,
            top: centre.1 + self.top,
            right: centre.0 + self.right,
            bottom: centre.1 + self.bottom,
        }
    }
}

/// The box a castle glyph of this width covers above the middle of its wall's base
/// (`CastleGlyph` draws the flag's tip 1.35 widths above the base), with its outline.
pub fn castle_box(base: (f64, f64), width: f64) -> Rect {
    let stroke = (width * 0.06).max(1.0) / 2.0;
    Rect {
        left: base.0 - width / 2.0 - stroke,
        top: base.1 - width * 1.35 - stroke,
        right: base.0 + width / 2.0 + stroke,
        bottom: base.1 + stroke,
    }
}

/// Where one territory's marks go, in board units.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Marks {
    /// The centre of the army badge.
    pub badge: Point,
    /// The middle of the castle's base, where a castle stands.
    pub castle: Option<Point>,
    /// The point the name's line box is centred on.
    pub name: Point,
}

/// The marks of every territory at one scale.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkLayout {
    scale: f64,
    sizes: MarkSizes,
    names: Vec<InkBox>,
    marks: Vec<Marks>,
}

// Costs of a candidate place for a mark, in one unit: a mark that covers another by any
// amount costs more than every other fault together, since avoiding that is what the
// layout is for; leaving the board (clipped when it is fitted) is nearly as bad; then
// lying over a neighbour (which confuses whose name it is) or over the sea (which does
// not, much), as shares of the mark's area; then the candidate's own rank, in the order
// a cartographer would try them.

/// For any covering at all, plus this much for each share of the mark's area covered.
const COVER_COST: f64 = 1000.0;
/// For each share of the mark's area off the board.
const OFF_BOARD_COST: f64 = 500.0;
/// For each share of the mark's area over a neighbouring territory, or over the sea.
const OVER_NEIGHBOUR_COST: f64 = 16.0;
const OVER_SEA_COST: f64 = 6.0;

impl MarkLayout {
    /// Places the marks of `scene`'s board at its camera's scale, with a castle where
    /// the scene has one (castles are few, and built early). `names` gives the ink
    /// of every territory's name (in id order); `obstacles` are other things drawn on the
    /// map that names must avoid (sea names), in pixels from the board's origin.
    pub fn new(scene: &MapScene, sizes: MarkSizes, names: Vec<InkBox>, obstacles: &[Rect]) -> Self {
        let board = scene.board();
        let scale = scene.camera().scale();
        let count = board.territories.len();
        assert_eq!(names.len(), count, "one name per territory");
        let to_pixels = |p: Point| (p.x * scale, p.y * scale);
        let bounds = Rect {
            left: 0.0,
            top: 0.0,
            right: board.width * scale,
            bottom: board.height * scale,
        };
        let badges: Vec<(f64, f64)> = board
            .territories
            .iter()
            .map(|t| to_pixels(t.geometry.badge))
            .collect();
        let badge_boxes: Vec<Rect> = badges
            .iter()
            .map(|&b| Rect::around(b, sizes.badge_half_width, sizes.badge_half_height))
            .collect();
        let placer = Placer {
            scene,
            scale,
            bounds,
            badge_boxes: &badge_boxes,
            obstacles,
            gap: sizes.gap,
        };

        // The most crowded territories choose first, while there is most room.
        let anchors: Vec<Point> = board.territories.iter().map(|t| t.geometry.badge).collect();
        let crowding = nearest_distances(&anchors);
        let mut order: Vec<usize> = (0..count).collect();
        order.sort_by(|&a, &b| crowding[a].total_cmp(&crowding[b]));

        let mut castles: Vec<Option<Rect>> = vec![None; count];
        for &i in &order {
            let id = TerritoryId(i as u16);
            if scene.territory(id).castle.is_none() {
                continue;
            }
            let wanted = to_pixels(board.territory(id).geometry.castle);
            let placed: Vec<Rect> = castles.iter().flatten().copied().collect();
            let candidates = castle_candidates(badges[i], wanted, &sizes);
            castles[i] = Some(placer.best(id, candidates, &placed, &[]));
        }

        let mut name_boxes: Vec<Option<Rect>> = vec![None; count];
        // A second round lets the first names placed move aside for the later ones.
        for _round in 0..2 {
            for &i in &order {
                let id = TerritoryId(i as u16);
                let cluster = castles[i].map_or(badge_boxes[i], |c| c.union(&badge_boxes[i]));
                let wanted = to_pixels(board.territory(id).geometry.label);
                let candidates = name_candidates(cluster, badges[i], wanted, names[i], &sizes);
                let castles: Vec<Rect> = castles.iter().flatten().copied().collect();
                let names: Vec<Rect> = name_boxes
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .filter_map(|(_, b)| *b)
                    .collect();
                name_boxes[i] = Some(placer.best(id, candidates, &castles, &names));
            }
        }

        let to_board = |(x, y): (f64, f64)| Point::new(x / scale, y / scale);
        let marks = (0..count)
            .map(|i| {
                let name = name_boxes[i].expect("every name is placed");
                let ink = names[i];
                Marks {
                    badge: board.territories[i].geometry.badge,
                    castle: castles[i].map(|c| {
                        let stroke = castle_box((0.0, 0.0), sizes.castle_width).bottom;
                        to_board(((c.left + c.right) / 2.0, c.bottom - stroke))
                    }),
                    name: to_board((name.left - ink.left, name.top - ink.top)),
                }
            })
            .collect();
        Self {
            scale,
            sizes,
            names,
            marks,
        }
    }

    /// The scale, in pixels per board unit, the marks were placed for.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    pub fn sizes(&self) -> &MarkSizes {
        &self.sizes
    }

    /// Where a territory's marks go.
    pub fn marks(&self, id: TerritoryId) -> &Marks {
        &self.marks[id.index()]
    }

    /// The boxes a territory's marks cover, in pixels from the board's origin: badge,
    /// castle (where one stands) and name.
    pub fn boxes(&self, id: TerritoryId) -> (Rect, Option<Rect>, Rect) {
        let marks = self.marks(id);
        let s = self.scale;
        let badge = Rect::around(
            (marks.badge.x * s, marks.badge.y * s),
            self.sizes.badge_half_width,
            self.sizes.badge_half_height,
        );
        let castle = marks
            .castle
            .map(|c| castle_box((c.x * s, c.y * s), self.sizes.castle_width));
        let name = self.names[id.index()].at((marks.name.x * s, marks.name.y * s));
        (badge, castle, name)
    }
}

/// Where a castle may go, each with the cost of its rank: the board's castle point when
/// it lies away from the badge, then left of the badge (read before the count), standing
/// on the badge's line so that the pair reads as one; then right, then raised or
/// lowered, then above or below.
fn castle_candidates(badge: (f64, f64), wanted: (f64, f64), sizes: &MarkSizes) -> Vec<(Rect, f64)> {
    // How far the glyph's outline reaches past its nominal size.
    let stroke = castle_box((0.0, 0.0), sizes.castle_width).bottom;
    let beside = sizes.badge_half_width + sizes.gap + sizes.castle_width / 2.0 + stroke + 0.5;
    let base_y = badge.1 + sizes.badge_half_height;
    let mut candidates = Vec::new();
    if (wanted.0 - badge.0).hypot(wanted.1 - badge.1) > 2.0 * sizes.badge_radius {
        candidates.push((wanted, 0.0));
    }
    candidates.push(((badge.0 - beside, base_y), 0.5));
    candidates.push(((badge.0 + beside, base_y), 2.0));
    for lift in [sizes.badge_radius, -sizes.badge_radius] {
        candidates.push(((badge.0 - beside, base_y + lift), 4.0));
        candidates.push(((badge.0 + beside, base_y + lift), 5.0));
    }
    let above = badge.1 - sizes.badge_half_height - sizes.gap - stroke - 0.5;
    let below =
        badge.1 + sizes.badge_half_height + sizes.gap + sizes.castle_width * 1.35 + stroke + 0.5;
    candidates.push(((badge.0, above), 8.0));
    candidates.push(((badge.0, below), 9.0));
    candidates
        .into_iter()
        .map(|(base, rank)| (castle_box(base, sizes.castle_width), rank))
        .collect()
}

/// Where a name may go around the badge and its castle, each with the cost of its rank:
/// the board's label point when it lies away from the badge, then centred above, then
/// below, then shifted sideways, then beside; then the same a ring further out.
fn name_candidates(
    cluster: Rect,
    badge: (f64, f64),
    wanted: (f64, f64),
    ink: InkBox,
    sizes: &MarkSizes,
) -> Vec<(Rect, f64)> {
    let name = ink.at((0.0, 0.0));
    let (width, height) = (name.width(), name.height());
    let gap = sizes.gap;
    let mut centres = Vec::new();
    if (wanted.0 - badge.0).hypot(wanted.1 - badge.1) > 2.0 * sizes.badge_radius {
        centres.push((wanted, 0.0));
    }
    let (cx, cy) = cluster.centre();
    for ring in 0..3 {
        let out = f64::from(ring) * height * 0.8;
        let further = 3.0 * f64::from(ring);
        let above = cluster.top - gap - out - height / 2.0;
        let below = cluster.bottom + gap + out + height / 2.0;
        let left = cluster.left - gap - out - width / 2.0;
        let right = cluster.right + gap + out + width / 2.0;
        for (y, rank) in [(above, 0.5), (below, 2.5)] {
            for (shift, shifted) in [
                (0.0, 0.0),
                (-0.25, 1.0),
                (0.25, 1.0),
                (-0.5, 2.0),
                (0.5, 2.0),
            ] {
                centres.push(((cx + shift * width, y), rank + shifted + further));
            }
        }
        for x in [left, right] {
            for y in [
                cy,
                cluster.top + height / 2.0,
                cluster.bottom - height / 2.0,
            ] {
                centres.push(((x, y), 4.0 + further));
            }
        }
        for (x, y) in [(left, above), (right, above), (left, below), (right, below)] {
            centres.push(((x + (cx - x) * 0.3, y), 4.0 + further));
        }
    }
    centres
        .into_iter()
        .map(|(centre, rank)| (Rect::around(centre, width / 2.0, height / 2.0), rank))
        .collect()
}

/// Scores candidate boxes for one territory's mark against what is already placed.
struct Placer<'a> {
    scene: &'a MapScene,
    scale: f64,
    bounds: Rect,
    badge_boxes: &'a [Rect],
    obstacles: &'a [Rect],
    gap: f64,
}

impl Placer<'_> {
    /// The candidate (a box and the cost of its rank) that covers no other mark, stays
    /// on the board and on its territory, and ranks best. Names keep further apart than
    /// other marks, so that two names in a row or a column do not read as one.
    fn best(
        &self,
        id: TerritoryId,
        candidates: Vec<(Rect, f64)>,
        placed: &[Rect],
        names: &[Rect],
    ) -> Rect {
        let mut best: Option<(f64, Rect)> = None;
        for (rect, rank) in candidates {
            let area = rect.width() * rect.height();
            let keep_clear = rect.grown(self.gap / 2.0);
            let word_space = Rect {
                left: rect.left - rect.height(),
                right: rect.right + rect.height(),
                top: rect.top - rect.height() * 0.8,
                bottom: rect.bottom + rect.height() * 0.8,
            };
            let covered: f64 = self
                .badge_boxes
                .iter()
                .chain(placed)
                .chain(self.obstacles)
                .map(|other| keep_clear.overlap(&other.grown(self.gap / 2.0)))
                .chain(names.iter().map(|name| word_space.overlap(name)))
                .sum();
            let mut cost = rank + OFF_BOARD_COST * rect.area_outside(&self.bounds) / area;
            if covered > 0.0 {
                cost += COVER_COST * (1.0 + covered / area);
            }
            if best.as_ref().is_some_and(|(b, _)| cost >= *b) {
                continue;
            }
            cost += self.off_territory_cost(id, &rect);
            if best.as_ref().is_none_or(|(b, _)| cost < *b) {
                best = Some((cost, rect));
            }
        }
        best.expect("at least one candidate").1
    }

    /// What a box loses by lying over the sea or another territory, sampled on a grid.
    fn off_territory_cost(&self, id: TerritoryId, rect: &Rect) -> f64 {
        const STEPS: usize = 4;
        let share = 1.0 / ((STEPS + 1) * (STEPS + 1)) as f64;
        let mut cost = 0.0;
        for i in 0..=STEPS {
            for j in 0..=STEPS {
                let x = rect.left + rect.width() * i as f64 / STEPS as f64;
                let y = rect.top + rect.height() * j as f64 / STEPS as f64;
                let point = Point::new(x / self.scale, y / self.scale);
                cost += match self.scene.territory_at_board(point) {
                    Some(found) if found == id => 0.0,
                    Some(_) => OVER_NEIGHBOUR_COST * share,
                    None => OVER_SEA_COST * share,
                };
            }
        }
        cost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangles_overlap_only_where_they_share_area() {
        let a = Rect::around((0.0, 0.0), 2.0, 1.0);
        let b = Rect::around((3.0, 0.0), 2.0, 1.0);
        assert_eq!(a.overlap(&b), 2.0);
        let c = Rect::around((4.0, 0.0), 2.0, 1.0);
        assert_eq!(a.overlap(&c), 0.0);
        assert_eq!(a.area_outside(&b), 6.0);
    }
}
