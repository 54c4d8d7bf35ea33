"""Where each territory's army badge, name and castle are drawn, and their checks.

The badge (and centre) go to the pole of inaccessibility of the territory's largest
piece of land; the name above it (below when there is more room), the castle beside it.
"""

import math
from dataclasses import dataclass

from shapely.geometry import Point, Polygon, box
from shapely.ops import polylabel, unary_union

from .cutting import polygons
from .model import BoardGraph

# Coordinates are written with one decimal: fine enough for narrow straits, coarse
# enough to keep the file readable. Every check runs on the rounded shapes.
GRID = 0.1


@dataclass(frozen=True)
class Anchors:
    """Where a territory's things are drawn, in board units."""

    centre: tuple[float, float]
    badge: tuple[float, float]
    label: tuple[float, float]
    castle: tuple[float, float]


# The anchors are placed for a name about LABEL_HEIGHT tall and LABEL_CHAR_WIDTH per
# letter, above the army badge, and a castle CASTLE_SIZE across, beside the badge.
LABEL_RISE = (11.0, 22.0)
LABEL_SHIFT = 15.0
LABEL_HEIGHT = 11.0
LABEL_CHAR_WIDTH = 6.0
CASTLE_SIDE = (15.0, 26.0)
CASTLE_DROP = (-4.0, 10.0)
CASTLE_SIZE = 10.0
# The army badge is drawn about this big (its radius).
BADGE_RADIUS = 9.0
# The army badge sits at least this far inside its territory.
MIN_BADGE_DEPTH = 8.0


def _steps(low: float, high: float) -> list[float]:
    """`low` to `high` inclusive, by whole units."""
    return [low + i for i in range(round(high - low) + 1)]


def _main_polygon(shape) -> Polygon:
    return max(polygons(shape), key=lambda p: p.area)


def _label_box(centre: tuple[float, float], name: str, text_scale: float = 1.0) -> Polygon:
    half_width = LABEL_CHAR_WIDTH * text_scale * len(name) / 2 + 2
    half_height = LABEL_HEIGHT * text_scale / 2
    x, y = centre
    return box(x - half_width, y - half_height, x + half_width, y + half_height)


def _castle_box(centre: tuple[float, float]) -> Polygon:
    x, y = centre
    half = CASTLE_SIZE / 2
    return box(x - half, y - half, x + half, y + half)


def _place_label(
    polygon: Polygon,
    badge: tuple[float, float],
    name: str,
    text_scale: float = 1.0,
    keep_clear=None,
) -> tuple[float, float]:
    """The spot above (or else below) the badge where most of the name lies on land,
    and none of it on `keep_clear` (other names and badges), if given."""
    bx, by = badge
    best, best_score = (bx, by - LABEL_RISE[0]), -math.inf
    for direction in (-1, 1):
        for rise in _steps(*LABEL_RISE):
            for dx in _steps(-LABEL_SHIFT, LABEL_SHIFT):
                centre = (bx + dx, by + direction * rise)
                label = _label_box(centre, name, text_scale)
                on_land = label.intersection(polygon).area / label.area
                if keep_clear is not None:
                    on_land -= 3 * label.intersection(keep_clear).area / label.area
                point = Point(centre)
                depth = polygon.exterior.distance(point) if polygon.contains(point) else 0.0
                # The name wholly on land first, then above the badge, then close to it.
                score = (
                    100 * on_land
                    + min(depth, 8.0)
                    + (5.0 if direction < 0 else 0.0)
                    - 0.2 * abs(dx)
                    - 0.2 * rise
                )
                if score > best_score:
                    best, best_score = centre, score
    return best


def _place_castle(
    polygon: Polygon, badge: tuple[float, float], label: Polygon
) -> tuple[float, float]:
    """The spot beside the badge, clear of the name, deepest inside the territory."""
    bx, by = badge
    best, best_score = badge, -math.inf
    # Where no spot holds the whole castle, the one with most of it on land.
    fallback, fallback_score = badge, -math.inf
    for side in (-1, 1):
        for dx in _steps(*CASTLE_SIDE):
            for dy in _steps(*CASTLE_DROP):
                centre = (bx + side * dx, by + dy)
                castle = _castle_box(centre)
                if castle.intersects(label):
                    continue
                if not polygon.contains(castle):
                    on_land = castle.intersection(polygon).area - 0.01 * dx
                    if on_land > fallback_score:
                        fallback, fallback_score = centre, on_land
                    continue
                score = polygon.exterior.distance(Point(centre)) - 0.1 * dx
                if score > best_score:
                    best, best_score = centre, score
    return best if best_score > -math.inf else fallback


def on_grid(point: tuple[float, float]) -> tuple[float, float]:
    """`point` rounded to the board file's grid."""
    return tuple(round(round(v / GRID) * GRID, 1) for v in point)


def place_anchors(shape, name: str) -> Anchors:
    """The badge (and centre) at the pole of inaccessibility, the name above it, the
    castle beside it, all on the territory's largest piece of land."""
    polygon = _main_polygon(shape)
    pole = polylabel(polygon, tolerance=0.5)
    badge = (pole.x, pole.y)
    label = _place_label(polygon, badge, name)
    castle = _place_castle(polygon, badge, _label_box(label, name))
    return Anchors(on_grid(badge), on_grid(badge), on_grid(label), on_grid(castle))


def place_anchors_apart(shapes: dict, names: dict[str, str], text_scale: float) -> dict:
    """Anchors for every territory, each name kept clear of the badges and of the names
    placed before it: for a crowded map whose names are large beside its territories
    (`text_scale` times those `place_anchors` assumes)."""
    polygons_by_id = {t: _main_polygon(shape) for t, shape in shapes.items()}
    badges = {}
    for territory, polygon in polygons_by_id.items():
        pole = polylabel(polygon, tolerance=0.5)
        badges[territory] = (pole.x, pole.y)
    badge_radius = BADGE_RADIUS * text_scale
    taken = [Point(b).buffer(badge_radius) for b in badges.values()]
    anchors = {}
    for territory, polygon in polygons_by_id.items():
        badge, name = badges[territory], names[territory]
        label = _place_label(polygon, badge, name, text_scale, unary_union(taken))
        label_box = _label_box(label, name, text_scale)
        taken.append(label_box)
        castle = _place_castle(polygon, badge, label_box)
        anchors[territory] = Anchors(*(on_grid(p) for p in (badge, badge, label, castle)))
    return anchors


@dataclass(frozen=True)
class AnchorRules:
    """How strictly anchors must sit inside their territory. A map of the whole world
    has islands narrower than a badge: there the badge may come closer to the coast,
    and the name and the castle may overhang the water (the app moves names clear)."""

    min_badge_depth: float = MIN_BADGE_DEPTH
    label_inside: bool = True
    # When set, names are placed clear of one another and of the badges, drawn this
    # many times larger than the defaults assume (see `place_anchors_apart`).
    text_scale: float | None = None
    castle_inside: bool = True


def check_anchors(
    graph: BoardGraph,
    territories: dict,
    anchors: dict[str, Anchors],
    rules: AnchorRules | None = None,
) -> list[str]:
    """Anchors that do not sit well inside their territory."""
    rules = rules or AnchorRules()
    problems = []
    if rules.text_scale is not None:
        boxes = {
            t.id: _label_box(anchors[t.id].label, t.name, rules.text_scale)
            for t in graph.territories
        }
        ids = list(boxes)
        for i, a in enumerate(ids):
            for b in ids[i + 1 :]:
                if boxes[a].intersection(boxes[b]).area > 1.0:
                    problems.append(f"the names of {a} and {b} overlap")
    empires = graph.empire_ids
    for territory in graph.territories:
        polygon = _main_polygon(territories[territory.id])
        anchor = anchors[territory.id]
        badge = Point(anchor.badge)
        depth = polygon.exterior.distance(badge)
        if not polygon.contains(badge) or depth < rules.min_badge_depth:
            problems.append(f"{territory.id}: the badge is only {depth:.1f} inside the outline")
        if rules.label_inside and not polygon.contains(Point(anchor.label)):
            problems.append(f"{territory.id}: the label lies outside the outline")
        castle_fits = not rules.castle_inside or polygon.contains(_castle_box(anchor.castle))
        if territory.group in empires and (anchor.castle == anchor.badge or not castle_fits):
            problems.append(f"{territory.id}: no room for the castle beside the badge")
    return problems
