#!/usr/bin/env python3
"""Generates `data/boards/castle-risk.toml`: the Castle Risk board on a map of Europe.

The map is made in four steps:

1. the hand-drawn coastlines of `castle_risk_geography.py` are projected onto the
   1000 x 800 board: a Lambert conformal conic projection, with two magnifying lenses
   (Central Europe and Great Britain, where the territories are crowded), stretched to
   fill the board;
2. each landmass is cut into territories: a territory is the union of the Voronoi cells
   of its seeds, clipped to its landmass; whole islands go to their owner;
3. the straight Voronoi frontiers are bent into meanders, and the outlines simplified
   together and rounded to one decimal;
4. the result is checked against the border graph of `castle_risk_graph.py`, then
   written out with anchors for each territory's army badge, name and castle.

The checks are the point of the script (see `check_board`): two territories that share a
visible frontier must be a land border, and every land border must be a visible
frontier; every coast must match the seas the territory declares; territories joined by
a dotted line must face each other across open water. Any failure stops the script
with the list of problems, and nothing is written.

See `tools/README.md` for the set-up and `--help` for the options.
"""

import argparse
import functools
import math
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import shapely
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.ops import nearest_points, polylabel, unary_union

import castle_risk_geography as geo
import castle_risk_graph as graph

BOARD_WIDTH = 1000
BOARD_HEIGHT = 800
BOARD_BOX = box(0, 0, BOARD_WIDTH, BOARD_HEIGHT)

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = REPO_ROOT / "data" / "boards" / "castle-risk.toml"

# Coordinates are written with one decimal: fine enough for narrow straits, coarse
# enough to keep the file readable. Every check runs on the rounded shapes.
GRID = 0.1

# How much detail the outlines keep (see `shapely.coverage_simplify`), in board units.
SIMPLIFY_TOLERANCE = 1.5

# Shared boundary lengths, in board units. A land border must be at least MIN_FRONTIER
# long, so that it is plain to see; territories that are not neighbours may touch at a
# point only (POINT_CONTACT absorbs rounding). Likewise for coasts.
MIN_FRONTIER = 10.0
MIN_COAST = 6.0
POINT_CONTACT = 0.5

# A dotted line crosses open water at least MIN_STRAIT wide and at most
# MAX_DOTTED_LINE long; separate landmasses keep at least MIN_WATER_GAP between them.
MIN_STRAIT = 3.0
MAX_DOTTED_LINE = 180.0
MIN_WATER_GAP = 2.5

# Radius of the circle of seeds that pins each junction of `geo.JUNCTIONS`.
JUNCTION_RADIUS = 6.0


class BoardError(Exception):
    """The map cannot be made at all; the message says why."""


# --- Projection -----------------------------------------------------------------------

EARTH_RADIUS_KM = 6371.0
# Lambert conformal conic, secant at 40 and 62 degrees north, centred on 15 degrees east.
LCC_CENTRAL_MERIDIAN = 15.0
LCC_ORIGIN_LATITUDE = 52.0
LCC_PARALLELS = (40.0, 62.0)
# Lenses: around each centre the scale grows by up to `strength`, fading out with a
# Gaussian of the given radius. The first gives Germany, Austria and the Alps room for
# their many small territories at the expense of Russia and the Arctic; the second does
# the same for the four territories of Great Britain.
LENSES = [
    # ((longitude, latitude), strength, radius in km)
    ((12.0, 49.5), 0.5, 1300.0),
    ((-4.5, 54.0), 0.3, 550.0),
]


def _lcc(lon: float, lat: float) -> tuple[float, float]:
    """Lambert conformal conic projection, in kilometres (y grows northwards)."""
    phi1, phi2 = (math.radians(p) for p in LCC_PARALLELS)

    def t(phi: float) -> float:
        return math.tan(math.pi / 4 + phi / 2)

    n = math.log(math.cos(phi1) / math.cos(phi2)) / math.log(t(phi2) / t(phi1))
    f = math.cos(phi1) * t(phi1) ** n / n

    def rho(lat_deg: float) -> float:
        return f / t(math.radians(lat_deg)) ** n

    theta = n * math.radians(lon - LCC_CENTRAL_MERIDIAN)
    x = rho(lat) * math.sin(theta)
    y = rho(LCC_ORIGIN_LATITUDE) - rho(lat) * math.cos(theta)
    return x * EARTH_RADIUS_KM, y * EARTH_RADIUS_KM


def _lensed(lon: float, lat: float) -> tuple[float, float]:
    x, y = _lcc(lon, lat)
    moved_x, moved_y = x, y
    for centre, strength, radius in LENSES:
        cx, cy = _lcc(*centre)
        dx, dy = x - cx, y - cy
        gain = strength * math.exp(-(dx * dx + dy * dy) / radius**2)
        moved_x, moved_y = moved_x + dx * gain, moved_y + dy * gain
    return moved_x, moved_y


@dataclass(frozen=True)
class Projection:
    """Maps (longitude, latitude) to board units."""

    left: float
    top: float
    scale_x: float
    scale_y: float

    @staticmethod
    def fitted() -> "Projection":
        """The projection that makes Europe fill the board.

        Landmarks fix the frame: Portugal and western Ireland near the left edge, the
        North Cape near the top, Cape Matapan and Sicily near the bottom, and Moscow
        far enough from the right edge for its territory, which runs off the board.
        The board is wider than Europe is tall, so x is stretched a little (by 1.27).
        """
        west = min(_lensed(*p)[0] for p in [(-9.5, 38.75), (-8.95, 37.05), (-10.3, 51.85)])
        north = _lensed(25.8, 71.15)[1]
        south = min(_lensed(*p)[1] for p in [(22.45, 36.4), (15.1, 36.65)])
        moscow = _lensed(37.6, 55.75)[0]
        scale_x = (885 - 14) / (moscow - west)
        scale_y = (782 - 12) / (north - south)
        return Projection(west - 14 / scale_x, north + 12 / scale_y, scale_x, scale_y)

    def __call__(self, lon: float, lat: float) -> tuple[float, float]:
        """The board point (x, y) of a place."""
        x, y = _lensed(lon, lat)
        return (x - self.left) * self.scale_x, (self.top - y) * self.scale_y

    def polygon(self, ring: list[tuple[float, float]]) -> Polygon:
        """A ring of (longitude, latitude) corners, as a polygon on the board."""
        return Polygon([self(lon, lat) for lon, lat in ring])


# --- Cutting the land into territories ------------------------------------------------


@dataclass
class Map:
    """The finished map in board units: a (multi)polygon per territory, and the seas."""

    territories: dict[str, Polygon | MultiPolygon]
    main_sea: Polygon
    black_sea: Polygon


def _polygons(geometry) -> list[Polygon]:
    return [g for g in getattr(geometry, "geoms", [geometry]) if isinstance(g, Polygon)]


def _one_piece(geometry, what: str) -> Polygon:
    if isinstance(geometry, Polygon):
        return geometry
    sizes = ", ".join(f"{p.area:.1f}" for p in _polygons(geometry))
    raise BoardError(f"{what} is not one piece of land on the board (areas {sizes})")


def seed_points(project: Projection, territories: list[str]) -> list[tuple[str, tuple]]:
    """The Voronoi seeds (owner, point on the board) of `territories`.

    Besides each territory's own seeds, every junction of `geo.JUNCTIONS` adds one seed
    per territory around it, all on one small circle: their cells then meet at exactly
    the junction.
    """
    seeds = [(t, project(lon, lat)) for t in territories for lon, lat in geo.SEEDS.get(t, [])]
    for centre, around in geo.JUNCTIONS.values():
        cx, cy = project(*centre)
        for territory, bearing in around:
            if territory in territories:
                angle = math.radians(bearing)
                point = (
                    cx + JUNCTION_RADIUS * math.cos(angle),
                    cy + JUNCTION_RADIUS * math.sin(angle),
                )
                seeds.append((territory, point))
    return seeds


def _voronoi_partition(land: Polygon, seeds: list[tuple[str, tuple]]) -> dict[str, Polygon]:
    """Cuts `land` into the union of each owner's Voronoi cells."""
    points = MultiPoint([point for _owner, point in seeds])
    frame = box(-2 * BOARD_WIDTH, -2 * BOARD_HEIGHT, 3 * BOARD_WIDTH, 3 * BOARD_HEIGHT)
    cells = shapely.voronoi_polygons(points, extend_to=frame, ordered=True)
    by_owner: dict[str, list[Polygon]] = {}
    for (owner, _point), cell in zip(seeds, cells.geoms, strict=True):
        by_owner.setdefault(owner, []).append(cell)
    return {owner: unary_union(cells).intersection(land) for owner, cells in by_owner.items()}


# Frontiers are drawn as meanders rather than the straight edges of Voronoi cells: every
# frontier point moves by one smooth displacement field, a sum of a few plane waves. A
# field this gentle moves neighbouring points alike, so frontiers that meet at a junction
# still meet there and none crosses another (the checks would tell). Near the coast the
# field fades out, so that frontiers still end where they met the sea.
MEANDER_WAVES = [
    # (amplitude, shortest wavelength, longest wavelength), in board units
    (2.4, 35.0, 55.0),
    (1.0, 14.0, 18.0),
    (0.45, 6.0, 8.0),
]
MEANDER_COAST_FADE = 10.0
MEANDER_STEP = 2.0
MEANDER_SEED = "castle-risk"


@dataclass(frozen=True)
class _Wave:
    amplitude: float
    kx: float
    ky: float
    phase: float

    def at(self, x: float, y: float) -> float:
        return self.amplitude * math.sin(self.kx * x + self.ky * y + self.phase)


@functools.cache
def _displacement_waves() -> tuple[tuple[_Wave, ...], tuple[_Wave, ...]]:
    """The waves of the displacement field along x and along y (always the same)."""
    rng = random.Random(MEANDER_SEED)
    axes = []
    for _axis in ("x", "y"):
        waves = []
        for amplitude, shortest, longest in MEANDER_WAVES:
            wavenumber = math.tau / rng.uniform(shortest, longest)
            direction = rng.uniform(0, math.tau)
            phase = rng.uniform(0, math.tau)
            waves.append(
                _Wave(
                    amplitude,
                    wavenumber * math.cos(direction),
                    wavenumber * math.sin(direction),
                    phase,
                )
            )
        axes.append(tuple(waves))
    return axes[0], axes[1]


def _meander(line: LineString, coast) -> LineString:
    """`line`, divided every MEANDER_STEP and moved by the displacement field."""
    along_x, along_y = _displacement_waves()
    length = line.length
    steps = max(1, int(length // MEANDER_STEP))
    # The line's own corners are kept exactly, not rebuilt from their distance along
    # it: frontiers that meet at a corner must move it to the very same place.
    stations = {round(line.project(Point(c)), 6): c for c in line.coords}
    for i in range(1, steps):
        t = length * i / steps
        stations.setdefault(round(t, 6), line.interpolate(t).coords[0])
    coords = []
    for _t, (x, y) in sorted(stations.items()):
        fade = min(1.0, coast.distance(Point(x, y)) / MEANDER_COAST_FADE)
        dx = sum(wave.at(x, y) for wave in along_x)
        dy = sum(wave.at(x, y) for wave in along_y)
        coords.append((x + fade * dx, y + fade * dy))
    return LineString(coords)


def _reaching_past_coast(line: LineString, coast) -> LineString:
    """`line`, pushed a hair past the coast at the ends that lie on it.

    A frontier ends on the coast at a point computed by clipping, which may fall a
    rounding error short of the coastline; crossing it makes sure that the two are
    noded together. The stub left outside the land closes no face and is dropped.
    """
    coords = list(line.coords)
    inside = (line.interpolate(0.5).coords[0], line.interpolate(line.length - 0.5).coords[0])
    for end, (ix, iy) in zip((0, -1), inside, strict=True):
        x, y = coords[end]
        if coast.distance(Point(x, y)) < 1e-6:
            length = math.hypot(x - ix, y - iy) or 1.0
            coords[end] = (x + (x - ix) / length * 0.05, y + (y - iy) / length * 0.05)
    return LineString(coords)


def _with_meanders(land: Polygon, parts: dict[str, Polygon]) -> dict[str, Polygon]:
    """The partition `parts` of `land`, redrawn with meandering frontiers."""
    ids = sorted(parts)
    lines = [land.boundary]
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            shared = parts[a].boundary.intersection(parts[b].boundary)
            segments = [
                g
                for g in getattr(shared, "geoms", [shared])
                if g.geom_type == "LineString" and not g.is_empty
            ]
            if not segments:
                continue
            merged = shapely.line_merge(shapely.MultiLineString(segments))
            for piece in getattr(merged, "geoms", [merged]):
                lines.append(_reaching_past_coast(_meander(piece, land.boundary), land.boundary))
    noded = shapely.node(shapely.GeometryCollection(lines))
    faces = shapely.polygonize(list(noded.geoms)).geoms
    # Each face goes to the territory it overlaps most. A territory left with several
    # faces is reported by `check_board`, like any other wrong shape.
    owned: dict[str, list[Polygon]] = {}
    for face in faces:
        owner = max(ids, key=lambda t: face.intersection(parts[t]).area)
        owned.setdefault(owner, []).append(face)
    missing = sorted(set(ids) - set(owned))
    if missing:
        raise BoardError(f"meandering frontiers swallowed {', '.join(missing)}")
    return {owner: unary_union(faces) for owner, faces in owned.items()}


def build_map(project: Projection) -> Map:
    """Projects the coastlines and cuts the land into the 44 territories."""
    black_sea = project.polygon(geo.BLACK_SEA)
    mainland = Polygon(project.polygon(geo.MAINLAND).exterior, holes=[black_sea.exterior])
    mainland = _one_piece(mainland.intersection(BOARD_BOX), "the continent")
    britain = _one_piece(project.polygon(geo.GREAT_BRITAIN).intersection(BOARD_BOX), "Britain")
    ireland = _one_piece(project.polygon(geo.IRELAND).intersection(BOARD_BOX), "Ireland")

    in_britain = list(geo.GREAT_BRITAIN_TERRITORIES)
    on_continent = [
        t.id for t in graph.TERRITORIES if t.id not in in_britain and t.id != geo.IRELAND_TERRITORY
    ]
    shapes: dict[str, list[Polygon]] = {t.id: [] for t in graph.TERRITORIES}
    for land, owners in ((britain, in_britain), (mainland, on_continent)):
        parts = _voronoi_partition(land, seed_points(project, owners))
        for owner, shape in _with_meanders(land, parts).items():
            shapes[owner].append(shape)
    shapes[geo.IRELAND_TERRITORY].append(ireland)
    for name, (ring, owner) in geo.ISLANDS.items():
        shapes[owner].append(_one_piece(project.polygon(ring).intersection(BOARD_BOX), name))

    empty = [t for t, parts in shapes.items() if not parts]
    if empty:
        raise BoardError(f"no land at all for {', '.join(empty)}")
    ids = list(shapes)
    # Simplifying the territories together keeps their shared frontiers shared, while it
    # drops the points that neither the meanders nor the coasts need.
    simplified = shapely.coverage_simplify(
        [unary_union(shapes[t]) for t in ids], SIMPLIFY_TOLERANCE
    )
    territories = {t: shapely.set_precision(s, GRID) for t, s in zip(ids, simplified, strict=True)}

    water = BOARD_BOX.difference(unary_union(list(territories.values())))
    in_black_sea = black_sea.intersection(BOARD_BOX).representative_point()
    bodies = _polygons(water)
    black = [b for b in bodies if b.contains(in_black_sea)]
    main = [b for b in bodies if not b.contains(in_black_sea)]
    if len(black) != 1 or len(main) != 1:
        areas = ", ".join(f"{b.area:.2f}" for b in main)
        raise BoardError(
            "the water must form exactly two seas, the main sea in one piece and the Black "
            f"Sea; besides the Black Sea there are {len(main)} bodies of water (areas {areas})"
        )
    return Map(territories=territories, main_sea=main[0], black_sea=black[0])


# --- Checks -------------------------------------------------------------------------


def _shared_length(a, b) -> float:
    """How long the boundaries of `a` and `b` run together."""
    if not a.envelope.buffer(1).intersects(b.envelope):
        return 0.0
    return a.boundary.intersection(b.boundary).length


def _island_count(territory_id: str) -> int:
    return sum(1 for _ring, owner in geo.ISLANDS.values() if owner == territory_id)


def dotted_line(board_map: Map, a: str, b: str) -> LineString:
    """The shortest line across the water between territories `a` and `b`."""
    pa, pb = nearest_points(board_map.territories[a], board_map.territories[b])
    return LineString([pa, pb])


def check_board(board_map: Map) -> list[str]:
    """Every way the map disagrees with the border graph, as readable sentences."""
    problems = []
    shapes = board_map.territories
    ids = [t.id for t in graph.TERRITORIES]
    land_borders = {frozenset((b.a, b.b)) for b in graph.BORDERS if not b.dotted}

    for territory_id, shape in shapes.items():
        if not shape.is_valid:
            problems.append(f"{territory_id}: invalid outline ({shapely.is_valid_reason(shape)})")
        pieces = _polygons(shape)
        expected = 1 + _island_count(territory_id)
        if len(pieces) != expected:
            where = ", ".join(
                f"{p.area:.0f} at ({p.centroid.x:.0f}, {p.centroid.y:.0f})" for p in pieces
            )
            problems.append(
                f"{territory_id}: {len(pieces)} pieces of land (areas {where}), expected {expected}"
            )
        if any(p.interiors for p in pieces):
            problems.append(f"{territory_id}: has a hole")

    # Frontiers: shared boundary length above a small threshold <=> land border.
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            overlap = shapes[a].intersection(shapes[b]).area
            if overlap > 0.01:
                problems.append(f"{a} and {b} overlap (area {overlap:.2f})")
            shared = _shared_length(shapes[a], shapes[b])
            if frozenset((a, b)) in land_borders:
                if shared < MIN_FRONTIER:
                    problems.append(
                        f"{a} - {b} is a land border, but their frontier is only "
                        f"{shared:.1f} long (needs {MIN_FRONTIER})"
                    )
            elif shared > POINT_CONTACT:
                problems.append(
                    f"{a} and {b} share a visible frontier ({shared:.1f} long), "
                    "but they are not a land border"
                )

    # Coasts: touching a sea <=> declaring it.
    seas = {"main": board_map.main_sea, "black": board_map.black_sea}
    for territory in graph.TERRITORIES:
        for sea_id, sea in seas.items():
            shared = _shared_length(shapes[territory.id], sea)
            if sea_id in territory.coasts and shared < MIN_COAST:
                problems.append(
                    f"{territory.id} declares a coast on the {sea_id} sea but has only "
                    f"{shared:.1f} of it"
                )
            if sea_id not in territory.coasts and shared > POINT_CONTACT:
                problems.append(
                    f"{territory.id} does not declare the {sea_id} sea but has {shared:.1f} "
                    "of coast on it"
                )
    if board_map.main_sea.distance(board_map.black_sea) < MIN_WATER_GAP:
        problems.append("the Black Sea touches the main sea")

    # Dotted lines: across open water, over no land.
    water = board_map.main_sea.union(board_map.black_sea).buffer(0.05)
    for border in graph.BORDERS:
        if not border.dotted:
            continue
        pair = f"{border.a} - {border.b}"
        gap = shapes[border.a].distance(shapes[border.b])
        if gap < MIN_STRAIT:
            problems.append(f"{pair} is a dotted line, but only {gap:.1f} of water parts them")
            continue
        line = dotted_line(board_map, border.a, border.b)
        if line.length > MAX_DOTTED_LINE:
            problems.append(f"{pair}: the dotted line is {line.length:.0f} long")
        over_land = line.difference(water).length
        if over_land > POINT_CONTACT:
            problems.append(f"{pair}: the dotted line crosses {over_land:.1f} of land")

    # Islands stand clear of each other and of the mainland.
    landmasses = _polygons(unary_union(list(shapes.values())))
    for i, p in enumerate(landmasses):
        for q in landmasses[i + 1 :]:
            if p.distance(q) < MIN_WATER_GAP:
                near = nearest_points(p, q)[0]
                problems.append(
                    f"two landmasses come within {p.distance(q):.1f} of each other "
                    f"at ({near.x:.0f}, {near.y:.0f})"
                )
    return problems


# --- Anchors ----------------------------------------------------------------------------


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
# The army badge sits at least this far inside its territory.
MIN_BADGE_DEPTH = 8.0


def _steps(low: float, high: float) -> list[float]:
    """`low` to `high` inclusive, by whole units."""
    return [low + i for i in range(round(high - low) + 1)]


def _main_polygon(shape) -> Polygon:
    return max(_polygons(shape), key=lambda p: p.area)


def _label_box(centre: tuple[float, float], name: str) -> Polygon:
    half_width = LABEL_CHAR_WIDTH * len(name) / 2 + 2
    x, y = centre
    return box(x - half_width, y - LABEL_HEIGHT / 2, x + half_width, y + LABEL_HEIGHT / 2)


def _castle_box(centre: tuple[float, float]) -> Polygon:
    x, y = centre
    half = CASTLE_SIZE / 2
    return box(x - half, y - half, x + half, y + half)


def _place_label(polygon: Polygon, badge: tuple[float, float], name: str) -> tuple[float, float]:
    """The spot above (or else below) the badge where most of the name lies on land."""
    bx, by = badge
    best, best_score = (bx, by - LABEL_RISE[0]), -math.inf
    for direction in (-1, 1):
        for rise in _steps(*LABEL_RISE):
            for dx in _steps(-LABEL_SHIFT, LABEL_SHIFT):
                centre = (bx + dx, by + direction * rise)
                label = _label_box(centre, name)
                on_land = label.intersection(polygon).area / label.area
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
    for side in (-1, 1):
        for dx in _steps(*CASTLE_SIDE):
            for dy in _steps(*CASTLE_DROP):
                centre = (bx + side * dx, by + dy)
                castle = _castle_box(centre)
                if castle.intersects(label) or not polygon.contains(castle):
                    continue
                score = polygon.exterior.distance(Point(centre)) - 0.1 * dx
                if score > best_score:
                    best, best_score = centre, score
    return best


def _on_grid(point: tuple[float, float]) -> tuple[float, float]:
    return tuple(round(round(v / GRID) * GRID, 1) for v in point)


def place_anchors(shape, name: str) -> Anchors:
    """The badge (and centre) at the pole of inaccessibility, the name above it, the
    castle beside it, all on the territory's largest piece of land."""
    polygon = _main_polygon(shape)
    pole = polylabel(polygon, tolerance=0.5)
    badge = (pole.x, pole.y)
    label = _place_label(polygon, badge, name)
    castle = _place_castle(polygon, badge, _label_box(label, name))
    return Anchors(_on_grid(badge), _on_grid(badge), _on_grid(label), _on_grid(castle))


def check_anchors(board_map: Map, anchors: dict[str, Anchors]) -> list[str]:
    """Anchors that do not sit well inside their territory."""
    problems = []
    empires = {g.id for g in graph.GROUPS if g.is_empire}
    for territory in graph.TERRITORIES:
        polygon = _main_polygon(board_map.territories[territory.id])
        anchor = anchors[territory.id]
        badge = Point(anchor.badge)
        depth = polygon.exterior.distance(badge)
        if not polygon.contains(badge) or depth < MIN_BADGE_DEPTH:
            problems.append(f"{territory.id}: the badge is only {depth:.1f} inside the outline")
        if not polygon.contains(Point(anchor.label)):
            problems.append(f"{territory.id}: the label lies outside the outline")
        if territory.group in empires and (
            anchor.castle == anchor.badge or not polygon.contains(_castle_box(anchor.castle))
        ):
            problems.append(f"{territory.id}: no room for the castle beside the badge")
    return problems


def sea_labels(project: Projection) -> dict[str, tuple[float, float]]:
    """Where each sea's name goes, in board units."""
    return {sea: _on_grid(project(*where)) for sea, where in geo.SEA_LABELS.items()}


# --- Command line -------------------------------------------------------------------


def _crop_box(text: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in text.split(","))
    return x0, y0, x1, y1


def main(argv: list[str]) -> int:
    """Makes and checks the map; writes the board file (and a preview) if asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="board file to write")
    parser.add_argument("--preview", type=Path, help="also draw the map into this PNG file")
    parser.add_argument("--crop", type=_crop_box, help="preview only x0,y0,x1,y1, at double scale")
    parser.add_argument("--show-seeds", action="store_true", help="mark the seeds on the preview")
    parser.add_argument("--check-only", action="store_true", help="check, but write no board")
    args = parser.parse_args(argv)

    project = Projection.fitted()
    try:
        board_map = build_map(project)
    except BoardError as error:
        print(f"cannot make the map: {error}", file=sys.stderr)
        return 1
    names = {t.id: t.name for t in graph.TERRITORIES}
    anchors = {t: place_anchors(shape, names[t]) for t, shape in board_map.territories.items()}
    problems = check_board(board_map) + check_anchors(board_map, anchors)

    if args.preview:
        import castle_risk_preview  # Pillow is only needed for the preview.

        lines = {
            (b.a, b.b): tuple(dotted_line(board_map, b.a, b.b).coords)
            for b in graph.BORDERS
            if b.dotted
        }
        seeds = None
        if args.show_seeds:
            seeds = seed_points(project, [t.id for t in graph.TERRITORIES])
        size = (BOARD_WIDTH, BOARD_HEIGHT)
        castle_risk_preview.render(
            board_map, anchors, sea_labels(project), lines, size, args.preview, seeds, args.crop
        )
        print(f"drew {args.preview}")

    if problems:
        print(f"{len(problems)} problem(s), nothing written:", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    print("all checks passed")
    if not args.check_only:
        import castle_risk_toml

        text = castle_risk_toml.board_file(
            board_map.territories, anchors, sea_labels(project), BOARD_WIDTH, BOARD_HEIGHT
        )
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
