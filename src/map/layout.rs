//! Where each territory's marks go at one scale: its army badge, its castle if one
//! stands there, and its name, placed so that no mark covers another. The board's anchor points are wishes:
//! the badge stays on its anchor, the castle goes beside the badge on the anchor's side
//! if there is room, and the name goes to the clearest spot near the badge, inside the
//! territory when it fits. Pure geometry: `draw.rs` measures the names and sizes the
//! marks, then draws them where this puts them.

use castellan_engine::board::{Point, TerritoryId};

use super::geometry::{Bounds, BoxAgainst, nearest_distances};
use super::room::Room;
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

impl MarkSizes {
    /// The box a badge centred on `centre` covers.
    fn badge_box(&self, centre: (f64, f64)) -> Rect {
        Rect::around(centre, self.badge_half_width, self.badge_half_height)
    }
}

/// A name's place found anywhere on the land, with where its badge and castle go.
struct LandPlace {
    badge: (f64, f64),
    castle: Option<Rect>,
    name: PlacedName,
}

/// Where a name was placed, in which form, and at what cost.
#[derive(Copy, Clone, Debug)]
struct PlacedName {
    cost: f64,
    rect: Rect,
    form: NameForm,
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

    pub fn grown(&self, by: f64) -> Rect {
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

/// How a name is set: on one line or broken at the space nearest its middle, at the
/// map's size for names or smaller, as small places are on an atlas.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct NameSet {
    pub broken: bool,
    pub small: bool,
}

impl NameSet {
    /// Added to the rank of a place for a name set so: one line reads better than two,
    /// and the map's size better than a smaller one, where either fits as well.
    fn rank(self) -> f64 {
        let broken = if self.broken { 1.5 } else { 0.0 };
        let small = if self.small { 3.0 } else { 0.0 };
        broken + small
    }
}

/// One way of setting a name, and where its ink lies so set.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct NameForm {
    pub set: NameSet,
    pub ink: InkBox,
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
    /// How the name is set.
    pub name_set: NameSet,
}

/// The marks of every territory at one scale.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkLayout {
    scale: f64,
    sizes: MarkSizes,
    names: Vec<InkBox>,
    marks: Vec<Marks>,
    /// Per sea: whether its name is printed.
    seas_named: Vec<bool>,
}

// Costs of a candidate place for a mark, in one unit: a mark that covers another by any
// amount costs more than every other fault together, since avoiding that is what the
// layout is for; leaving the board (clipped when it is fitted) is nearly as bad; then
// lying over a neighbour, which confuses whose name it is ("Switzerland" on Venice);
// then leaving the territory's land at all, for the sea, which misleads nobody but
// still reads less well than a name on its land; then the candidate's own rank, in the
// order a cartographer would try them.

/// For any covering at all, plus this much for each share of the mark's area covered.
const COVER_COST: f64 = 1000.0;
/// For each share of the mark's area off the board.
const OFF_BOARD_COST: f64 = 500.0;
/// For lying over another territory's land at all, plus this much for each share of
/// the mark's area over it.
const OVER_NEIGHBOUR_COST: f64 = 300.0;
/// For not lying wholly on the territory's own land: more than the rank of any place
/// on it, so that a name goes anywhere on its land before it goes to sea.
const OFF_LAND_COST: f64 = 20.0;
/// For each share of the mark's area over the sea.
const OVER_SEA_COST: f64 = 6.0;

/// What moving a badge off its anchor costs, per badge radius of distance: little,
/// since a badge is moved only when its name finds no room beside it.
const MOVE_COST: f64 = 0.5;

/// How many places a moving badge tries, nearest its anchor first.
const MOST_BADGE_PLACES: usize = 40;

/// How many of the places the grid finds for a name are checked exactly, cheapest
/// first, before the search gives up.
const MOST_CHECKED: usize = 200;

impl MarkLayout {
    /// Places the marks of `scene`'s board at its camera's scale, with a castle where
    /// the scene has one (castles are few, and built early). `names` gives the ways
    /// every territory's name may be set (in id order), the first of them the usual
    /// one; `sea_names` are where each sea's name is printed (`None` where it is not),
    /// which names must avoid, in pixels from the board's origin.
    pub fn new(
        scene: &MapScene,
        sizes: MarkSizes,
        names: Vec<Vec<NameForm>>,
        sea_names: &[Option<Rect>],
    ) -> Self {
        let obstacles: Vec<Rect> = sea_names.iter().flatten().copied().collect();
        let obstacles = obstacles.as_slice();
        let board = scene.board();
        let scale = scene.camera().scale();
        let count = board.territories.len();
        assert_eq!(names.len(), count, "one name per territory");
        assert!(
            names.iter().all(|forms| !forms.is_empty()),
            "a name has a form"
        );
        let to_pixels = |p: Point| (p.x * scale, p.y * scale);
        let mut badges: Vec<(f64, f64)> = board
            .territories
            .iter()
            .map(|t| to_pixels(t.geometry.badge))
            .collect();
        let mut placer = Placer {
            scene,
            scale,
            bounds: Rect {
                left: 0.0,
                top: 0.0,
                right: board.width * scale,
                bottom: board.height * scale,
            },
            badge_boxes: badges.iter().map(|&b| sizes.badge_box(b)).collect(),
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
            if scene.territory(id).castle.is_some() {
                let others: Vec<Rect> = castles.iter().flatten().copied().collect();
                castles[i] = Some(placer.castle(id, badges[i], &sizes, &others).1);
            }
        }

        let mut placed: Vec<Option<PlacedName>> = vec![None; count];
        // A second round lets the first names placed move aside for the later ones.
        for _round in 0..2 {
            for &i in &order {
                let id = TerritoryId(i as u16);
                let other_castles: Vec<Rect> = (0..count)
                    .filter(|&j| j != i)
                    .filter_map(|j| castles[j])
                    .collect();
                let other_names: Vec<Rect> = (0..count)
                    .filter(|&j| j != i)
                    .filter_map(|j| placed[j].map(|p| p.rect))
                    .collect();
                let all_castles: Vec<Rect> = castles.iter().flatten().copied().collect();
                let mut best = placer.name(
                    id,
                    badges[i],
                    castles[i],
                    &names[i],
                    &sizes,
                    &all_castles,
                    &other_names,
                );
                // No room for the name beside the badge: anywhere on the land, and if
                // need be with the badge (and its castle) moved to make room.
                if best.cost >= OFF_LAND_COST
                    && let Some(found) = placer.name_on_land(
                        id,
                        badges[i],
                        castles[i].is_some(),
                        &names[i],
                        &sizes,
                        &other_castles,
                        &other_names,
                    )
                {
                    badges[i] = found.badge;
                    placer.badge_boxes[i] = sizes.badge_box(found.badge);
                    castles[i] = found.castle;
                    best = found.name;
                }
                placed[i] = Some(best);
            }
        }

        let to_board = |(x, y): (f64, f64)| Point::new(x / scale, y / scale);
        let placed: Vec<PlacedName> = placed
            .into_iter()
            .map(|p| p.expect("every name is placed"))
            .collect();
        let marks = (0..count)
            .map(|i| {
                let PlacedName { rect, form, .. } = placed[i];
                let ink = form.ink;
                Marks {
                    badge: to_board(badges[i]),
                    castle: castles[i].map(|c| {
                        let stroke = castle_box((0.0, 0.0), sizes.castle_width).bottom;
                        to_board(((c.left + c.right) / 2.0, c.bottom - stroke))
                    }),
                    name: to_board((rect.left - ink.left, rect.top - ink.top)),
                    name_set: form.set,
                }
            })
            .collect();
        Self {
            scale,
            sizes,
            names: placed.iter().map(|p| p.form.ink).collect(),
            marks,
            seas_named: sea_names.iter().map(Option::is_some).collect(),
        }
    }

    /// The scale, in pixels per board unit, the marks were placed for.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    pub fn sizes(&self) -> &MarkSizes {
        &self.sizes
    }

    /// Whether the name of the sea at this index is printed: only where it lies on
    /// water.
    pub fn sea_name_shown(&self, index: usize) -> bool {
        self.seas_named.get(index).copied().unwrap_or(false)
    }

    /// Where a territory's marks go.
    pub fn marks(&self, id: TerritoryId) -> &Marks {
        &self.marks[id.index()]
    }

    /// The territory whose mark (name, badge or castle) lies at `point`, in pixels
    /// from the board's origin: a name printed over the sea or a neighbour's land is
    /// part of its territory for the pointer, as it is for the eye. Where marks
    /// overlap, the one drawn last.
    pub fn territory_marked_at(&self, point: (f64, f64)) -> Option<TerritoryId> {
        let (x, y) = point;
        let inside = |r: &Rect| r.left <= x && x <= r.right && r.top <= y && y <= r.bottom;
        (0..self.marks.len())
            .rev()
            .map(|i| TerritoryId(i as u16))
            .find(|&id| {
                let (badge, castle, name) = self.boxes(id);
                inside(&name) || inside(&badge) || castle.as_ref().is_some_and(inside)
            })
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
    /// Every territory's badge, where it stands so far.
    badge_boxes: Vec<Rect>,
    obstacles: &'a [Rect],
    gap: f64,
}

impl Placer<'_> {
    /// The best place for a territory's castle beside its badge, with its cost.
    fn castle(
        &self,
        id: TerritoryId,
        badge: (f64, f64),
        sizes: &MarkSizes,
        others: &[Rect],
    ) -> (f64, Rect) {
        let wanted = self.scene.board().territory(id).geometry.castle;
        let wanted = (wanted.x * self.scale, wanted.y * self.scale);
        self.best(id, castle_candidates(badge, wanted, sizes), others, &[])
    }

    /// The best place for a territory's name, in either of its forms, around its badge
    /// and castle.
    #[allow(clippy::too_many_arguments)]
    fn name(
        &self,
        id: TerritoryId,
        badge: (f64, f64),
        castle: Option<Rect>,
        forms: &[NameForm],
        sizes: &MarkSizes,
        castles: &[Rect],
        names: &[Rect],
    ) -> PlacedName {
        let badge_box = sizes.badge_box(badge);
        let cluster = castle.map_or(badge_box, |c| c.union(&badge_box));
        let wanted = self.scene.board().territory(id).geometry.label;
        let wanted = (wanted.x * self.scale, wanted.y * self.scale);
        let mut best: Option<PlacedName> = None;
        for &form in forms {
            let candidates = name_candidates(cluster, badge, wanted, form.ink, sizes)
                .into_iter()
                .map(|(r, rank)| (r, rank + form.set.rank()))
                .collect();
            let (cost, rect) = self.best(id, candidates, castles, names);
            if best.is_none_or(|b| cost < b.cost) {
                best = Some(PlacedName { cost, rect, form });
            }
        }
        best.expect("a name has a form")
    }

    /// The candidate (a box and the cost of its rank) that covers no other mark, stays
    /// on the board and on its territory, and ranks best, with its cost. Names keep
    /// further apart than other marks, so that two names in a row or a column do not
    /// read as one.
    fn best(
        &self,
        id: TerritoryId,
        candidates: Vec<(Rect, f64)>,
        placed: &[Rect],
        names: &[Rect],
    ) -> (f64, Rect) {
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
        best.expect("at least one candidate")
    }

    /// A place anywhere on a territory's land for its name, clear of every other mark,
    /// with its badge kept where it is if there is room, else moved as little as will
    /// do (its castle, if `with_castle`, beside it): the places are found on a grid of
    /// the land's free cells ([`Room`]), cheapest first, and the first that the exact
    /// costs find wholly on the land and covering nothing is taken.
    #[allow(clippy::too_many_arguments)]
    fn name_on_land(
        &mut self,
        id: TerritoryId,
        anchor: (f64, f64),
        with_castle: bool,
        forms: &[NameForm],
        sizes: &MarkSizes,
        castles: &[Rect],
        names: &[Rect],
    ) -> Option<LandPlace> {
        let own = id.index();
        let gap = self.gap;
        let marks: Vec<Rect> = self
            .badge_boxes
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != own)
            .map(|(_, b)| *b)
            .chain(castles.iter().copied())
            .chain(self.obstacles.iter().copied())
            .map(|r| r.grown(gap))
            .collect();
        let mut occupied = marks.clone();
        occupied.extend(names.iter().map(|r| r.grown(gap)));
        let room = Room::new(self.scene, id, self.scale, &occupied)?;

        // Where the badge may stand: where it is, then free places nearest it.
        let mut badges = vec![(anchor, 0.0)];
        let step = (sizes.badge_radius / 4.0).max(1.0);
        let (half_width, half_height) = (sizes.badge_half_width, sizes.badge_half_height);
        let mut moves: Vec<((f64, f64), f64)> = room
            .free_places(2.0 * half_width, 2.0 * half_height, (step, step))
            .into_iter()
            .map(|p| {
                let distance = (p.x - anchor.0).hypot(p.y - anchor.1);
                ((p.x, p.y), MOVE_COST * distance / sizes.badge_radius)
            })
            .collect();
        moves.sort_by(|a, b| a.1.total_cmp(&b.1));
        badges.extend(moves.into_iter().take(MOST_BADGE_PLACES));

        // Where each form of the name finds room, names kept a word's space apart.
        let forms: Vec<(NameForm, Vec<Point>)> = forms
            .iter()
            .filter_map(|&form| {
                let name = form.ink.at((0.0, 0.0));
                let (width, height) = (name.width(), name.height());
                let mut occupied = marks.clone();
                occupied.extend(names.iter().map(|r| Rect {
                    left: r.left - height,
                    top: r.top - 0.8 * height,
                    right: r.right + height,
                    bottom: r.bottom + 0.8 * height,
                }));
                let room = Room::new(self.scene, id, self.scale, &occupied)?;
                let places = room.free_places(
                    width,
                    height,
                    ((width / 8.0).max(1.0), (height / 3.0).max(1.0)),
                );
                Some((form, places))
            })
            .collect();

        let mut options: Vec<(f64, usize, Option<Rect>, Rect, usize)> = Vec::new();
        for (b, &(badge, move_cost)) in badges.iter().enumerate() {
            let badge_box = sizes.badge_box(badge);
            let castle = match with_castle {
                false => None,
                true => {
                    let wanted = (anchor.0, anchor.1);
                    let castle = castle_candidates(badge, wanted, sizes)
                        .into_iter()
                        .map(|(c, _)| c)
                        .find(|c| room.is_free(c) && c.grown(gap).overlap(&badge_box) == 0.0);
                    match castle {
                        Some(castle) => Some(castle),
                        None => continue,
                    }
                }
            };
            let own_marks = castle.map_or(badge_box, |c| c.union(&badge_box)).grown(gap);
            for (f, (form, places)) in forms.iter().enumerate() {
                let name = form.ink.at((0.0, 0.0));
                let (width, height) = (name.width(), name.height());
                for p in places {
                    let rect = Rect::around((p.x, p.y), width / 2.0, height / 2.0);
                    if rect.overlap(&own_marks) > 0.0 {
                        continue;
                    }
                    let distance = (p.x - badge.0).hypot(p.y - badge.1) / height;
                    let rank = move_cost + form.set.rank() + 2.0 + 0.25 * distance;
                    options.push((rank, b, castle, rect, f));
                }
            }
        }
        options.sort_by(|a, b| a.0.total_cmp(&b.0));

        let kept = self.badge_boxes[own];
        let mut found = None;
        for &(rank, b, castle, rect, f) in options.iter().take(MOST_CHECKED) {
            let badge = badges[b].0;
            self.badge_boxes[own] = sizes.badge_box(badge);
            let clean = |cost: f64| cost < OFF_LAND_COST;
            if !self.on_land(id, &sizes.badge_box(badge)) {
                continue;
            }
            let mut all_castles = castles.to_vec();
            if let Some(castle) = castle {
                if !clean(self.best(id, vec![(castle, 0.0)], castles, names).0) {
                    continue;
                }
                all_castles.push(castle);
            }
            let (cost, rect) = self.best(id, vec![(rect, rank)], &all_castles, names);
            if clean(cost) {
                found = Some(LandPlace {
                    badge,
                    castle,
                    name: PlacedName {
                        cost,
                        rect,
                        form: forms[f].0,
                    },
                });
                break;
            }
        }
        self.badge_boxes[own] = kept;
        found
    }

    /// Whether a box (in pixels) lies wholly on a territory's land.
    fn on_land(&self, id: TerritoryId, rect: &Rect) -> bool {
        let area = Bounds {
            min: Point::new(rect.left / self.scale, rect.top / self.scale),
            max: Point::new(rect.right / self.scale, rect.bottom / self.scale),
        };
        self.scene
            .geometry()
            .box_against(self.scene.board(), id, &area)
            == BoxAgainst::Inside
    }

    /// What a box loses by not lying wholly on its territory's land: by lying over
    /// another territory (found exactly), and by the shares of it over other land and
    /// over the sea (sampled on a grid).
    fn off_territory_cost(&self, id: TerritoryId, rect: &Rect) -> f64 {
        const STEPS: usize = 4;
        let board = self.scene.board();
        let geometry = self.scene.geometry();
        let area = Bounds {
            min: Point::new(rect.left / self.scale, rect.top / self.scale),
            max: Point::new(rect.right / self.scale, rect.bottom / self.scale),
        };
        if geometry.box_against(board, id, &area) == BoxAgainst::Inside {
            return 0.0;
        }
        let others: Vec<TerritoryId> = board
            .territory_ids()
            .filter(|&other| {
                other != id && geometry.box_against(board, other, &area) != BoxAgainst::Apart
            })
            .collect();
        let on_land = |land: TerritoryId, p: Point| {
            if geometry.has_outline(land) {
                geometry.outline_contains(board, land, p)
            } else {
                let centre = board.territory(land).geometry.centre;
                (p.x - centre.x).hypot(p.y - centre.y) <= geometry.disc_radius(land)
            }
        };
        let share = 1.0 / ((STEPS + 1) * (STEPS + 1)) as f64;
        let (mut over_others, mut over_sea) = (0.0, 0.0);
        for i in 0..=STEPS {
            for j in 0..=STEPS {
                let x = area.min.x + (area.max.x - area.min.x) * i as f64 / STEPS as f64;
                let y = area.min.y + (area.max.y - area.min.y) * j as f64 / STEPS as f64;
                let point = Point::new(x, y);
                if on_land(id, point) {
                    continue;
                } else if others.iter().any(|&other| on_land(other, point)) {
                    over_others += share;
                } else {
                    over_sea += share;
                }
            }
        }
        let mut cost = OFF_LAND_COST + OVER_SEA_COST * over_sea;
        if !others.is_empty() {
            cost += OVER_NEIGHBOUR_COST * (1.0 + over_others);
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
