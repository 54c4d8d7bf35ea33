#!/usr/bin/env python3
"""Generates `data/boards/world.toml`: the World Powers board, a map of the whole world.

The map is made as the Castle Risk one is (see `tools/README.md`), with the shared
machinery of `boardkit`:

1. the coastlines of `world_coastlines.py` are projected onto the 1000-unit-wide board
   with a Miller cylindrical projection, stretched a little north-south and magnified
   around Europe, where territories are small and many. The board's west and east
   edges are both the meridian of 169 W, in the Bering Strait, so the board file says
   `wraps_around = true` and the Alaska-Kamchatka line is drawn across that edge;
2. the continents are cut into territories by the Voronoi cells of the seeds in
   `world_geography.py`, with meandering frontiers; islands go whole to their owner;
3. the water is cut into the seven seas along the dividers of `world_geography.py`,
   and each sea's water is written to the board file, so that the map can tint each
   sea and players see where one sea ends and the next begins;
4. everything is checked against the border graph of `world_graph.py`.

See `tools/README.md` for the set-up and `--help` for the options.
"""

import math
import sys
from pathlib import Path

import shapely
from shapely import affinity
from shapely.geometry import LineString, MultiLineString, Polygon, box
from shapely.ops import unary_union

import world_coastlines as coasts
import world_geography as geo
from boardkit import cli
from boardkit.anchors import AnchorRules, on_grid
from boardkit.checks import Map, Tolerances, nearest_line
from boardkit.cutting import (
    MapError,
    Meanders,
    polygons,
    seed_points,
    simplified_on_grid,
    voronoi_partition,
)
from boardkit.projection import Frame, with_lenses
from boardkit.seas import SeaLook
from boardkit.toml_writer import Notes
from world_graph import GRAPH

BOARD_WIDTH = 1000
EDGE_MERIDIAN = -169.0
# The latitudes at the top and bottom edges: the top cuts through Ellesmere Island and
# northern Greenland, the bottom runs just below Cape Horn.
NORTH_EDGE = 81.0
SOUTH_EDGE = -57.0
# Miller's projection is stretched north-south by this much, so that the board suits a
# game window better than a 2:1 strip would (and the tropics have room for names).
NORTH_SOUTH_STRETCH = 1.45
LENSES = [
    # ((longitude, latitude), strength, radius in radians of the projection)
    ((13.0, 46.0), 1.0, 0.42),
    ((-86.0, 14.0), 0.6, 0.12),
]

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = REPO_ROOT / "data" / "boards" / "world.toml"

GRID = 0.1
SIMPLIFY_TOLERANCE = 1.2
MEANDERS = Meanders(seed="world-powers")
TOLERANCES = Tolerances(min_frontier=3.5, max_dotted_line=120.0, own_pieces_may_touch=True)
# The app draws names and badges no smaller than about 10 and 8.5 pixels, and a
# 1000-unit-wide board gets about 800 pixels in a default window: names take 1.35
# times the room the anchor placement assumes, and are kept apart.
ANCHOR_RULES = AnchorRules(
    min_badge_depth=4.0, label_inside=False, castle_inside=False, text_scale=1.35
)
# Seas are tinted within about a fifth of an ocean's width of their coasts. Their
# names are 13 to 14 pixels of serif italic in a default window (about 0.83 pixels
# a unit): a line 17 units high and 9.5 units a letter on average, with a margin.
SEA_LOOK = SeaLook(reach=45.0, rounding=8.0, name_height=21.0, name_letter_width=10.0)
# Water cut off by a divider and smaller than this goes to its neighbouring sea.
MAX_SLIVER_AREA = 20.0

NOTES = Notes(
    header="""\
# World Powers: an original world map for Castellan.
#
# 42 territories. 37 lie in six continents, which are the empires of this board: a
# castle may stand in any of them, and holding one whole earns its bonus at the end of a
# turn. The bonuses follow size and exposure: Asia (8 territories, entered by 7
# borders from four sides) earns 7; Europe (8 territories, 8 borders) and North
# America (7 territories, 4 borders) earn 5; Africa (6 territories, 5 borders) earns
# 3; South America (4 territories, 2 borders) and Oceania (4 territories, 1 border)
# earn 2. With 2 to 6 players each castle sits in its own continent, so a
# player's first goal is often the continent around their castle.
#
# The other 5 territories are independent, in two small regions that sit where the
# continents meet: the Middle East (Anatolia, Arabia, Persia), the crossroads of
# Europe, Africa and Asia, and the North Atlantic (Greenland, Iceland), the bridge
# between North America and Europe. No castle stands there. Holding all five earns 3
# armies; under the "armies per independent region" house rule, the Middle East earns
# 2 and the North Atlantic 1 instead.
#
# Seven seas: the Admiral sails only between coasts of the same sea, and a territory
# may lie on several. The Mediterranean takes in the Black Sea. The Pacific runs off
# the east edge of the board and back in at the west edge (`wraps_around`), and the
# dotted line from Alaska to Kamchatka crosses that edge at the Bering Strait.
#
# Generated by tools/generate_world_board.py from tools/world_coastlines.py (Natural
# Earth, public domain), tools/world_geography.py and tools/world_graph.py. Edit those
# and run the script again (see tools/README.md) rather than editing the outlines
# here: the script checks that every visible frontier is a land border and back, and
# that the coasts match the seas.
""",
    empires="# The six continents: a castle may stand in each; holding one whole earns its bonus.",
    regions="# The independent regions (no castles); their bonus is for the house rule.",
    seas="# The Admiral sails between coasts of the same sea. Each sea's outline is its water,\n"
    "# which the map tints so that the seas can be told apart.",
)


# --- Projection -----------------------------------------------------------------------


def _miller(lon: float, lat: float) -> tuple[float, float]:
    """Miller's cylindrical projection (radians), stretched north-south."""
    y = 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * math.radians(lat)))
    return math.radians(lon), NORTH_SOUTH_STRETCH * y


PROJECT = with_lenses(_miller, LENSES)


def fitted_projection() -> Frame:
    """The edge meridian at both edges, the north and south edges at their latitudes."""
    left = _miller(EDGE_MERIDIAN, 0.0)[0]
    scale = BOARD_WIDTH / (2 * math.pi)
    return Frame(PROJECT, left, _miller(0.0, NORTH_EDGE)[1], scale, scale)


def board_height() -> int:
    top, bottom = (_miller(0.0, lat)[1] for lat in (NORTH_EDGE, SOUTH_EDGE))
    return round((top - bottom) * BOARD_WIDTH / (2 * math.pi))


BOARD_SIZE = (BOARD_WIDTH, board_height())
BOARD_BOX = box(0, 0, *BOARD_SIZE)


# --- Cutting the land and the water ---------------------------------------------------


def _landmass(project: Frame, name: str):
    exterior, holes = coasts.LANDMASSES[name]
    shape = Polygon(
        project.polygon(exterior).exterior,
        [_lake(project, project.polygon(h)).exterior for h in holes],
    )
    channels = unary_union(
        [
            LineString([project(*p) for p in line]).buffer(width / 2)
            for line, width in geo.STRAITS.values()
        ]
    )
    return shape.buffer(0).difference(channels).intersection(BOARD_BOX)


def _lake(project: Frame, lake: Polygon) -> Polygon:
    """A lake (a hole in a landmass), or the oval `STYLISED_LAKES` draws in its place."""
    for place, middle, width, length in geo.STYLISED_LAKES.values():
        if lake.contains(shapely.Point(project(*place))):
            x, y = project(*middle)
            circle = shapely.Point(x, y).buffer(1.0, quad_segs=32)
            return affinity.scale(circle, width / 2, length / 2)
    return lake


def _seeds(project: Frame, territories: list[str]):
    return seed_points(project, territories, geo.SEEDS, {}, 0.0)


def _cut_territories(project: Frame) -> dict:
    shapes: dict[str, list[Polygon]] = {t.id: [] for t in GRAPH.territories}
    for name in coasts.LANDMASSES:
        land = _landmass(project, name)
        if name in geo.ISLAND_OWNERS:
            shapes[geo.ISLAND_OWNERS[name]] += polygons(land)
            continue
        owners = [
            t for t, seeds in geo.SEEDS.items() if land.contains(shapely.Point(project(*seeds[0])))
        ]
        if not owners:
            raise MapError(f"no territory has its first seed on {name}")
        for piece in polygons(land):
            parts = voronoi_partition(piece, _seeds(project, owners), BOARD_SIZE)
            parts = {t: p for t, p in parts.items() if not p.is_empty}
            for owner, shape in _without_slivers(MEANDERS.redraw(piece, parts)).items():
                shapes[owner].append(shape)
    return simplified_on_grid(shapes, SIMPLIFY_TOLERANCE, GRID)


def _without_slivers(parts: dict) -> dict:
    """The territories of one landmass, each keeping only its largest piece: the
    smaller pieces that a Voronoi cell takes across a gulf or a strait go to the
    neighbour they share most frontier with."""
    kept = {t: max(polygons(shape), key=lambda p: p.area) for t, shape in parts.items()}
    strays = [
        (territory, piece)
        for territory, shape in parts.items()
        for piece in polygons(shape)
        if not piece.equals(kept[territory])
    ]
    for territory, piece in sorted(strays, key=lambda stray: -stray[1].area):
        shared = {t: piece.boundary.intersection(kept[t].boundary).length for t in kept}
        neighbour = max(shared, key=shared.get)
        if shared[neighbour] <= 0:
            c = piece.representative_point()
            raise MapError(
                f"{territory} has a piece of land of area {piece.area:.0f} at "
                f"({c.x:.0f}, {c.y:.0f}) that touches no other territory: move or add seeds"
            )
        kept[neighbour] = unary_union([kept[neighbour], piece])
    return kept


def _cut_seas(project: Frame, territories: dict) -> dict:
    """The water, cut along the dividers and gathered into seas."""
    water = BOARD_BOX.difference(unary_union(list(territories.values())))
    lines = [water.boundary]
    for name, points in geo.SEA_DIVIDERS.items():
        divider = LineString([project(*p) for p in points])
        if divider.intersection(water).is_empty:
            raise MapError(f"the sea divider {name} crosses no water")
        lines.append(divider)
    faces = [
        f
        for f in shapely.polygonize(list(shapely.node(unary_union(lines)).geoms)).geoms
        if water.contains(f.representative_point())
    ]
    owned: dict[str, list[Polygon]] = {sea.id: [] for sea in GRAPH.seas}
    slivers = []
    for face in faces:
        seas = [
            sea
            for sea, places in geo.SEA_WATERS.items()
            if any(face.contains(shapely.Point(project(*p))) for p in places)
        ]
        if not seas and face.area < MAX_SLIVER_AREA:
            slivers.append(face)
            continue
        if len(seas) != 1:
            c = face.representative_point()
            raise MapError(
                f"the water at ({c.x:.0f}, {c.y:.0f}), area {face.area:.1f}, belongs to "
                f"{len(seas)} seas ({', '.join(seas) or 'none'}): place it in SEA_WATERS"
            )
        owned[seas[0]].append(face)
    # Slivers of water cut off by a divider go to the sea they share most shore with.
    for sliver in slivers:
        sea = max(owned, key=lambda s: sliver.boundary.intersection(unary_union(owned[s])).length)
        owned[sea].append(sliver)
    empty = [sea for sea, faces in owned.items() if not faces]
    if empty:
        raise MapError(f"no water for {', '.join(empty)}")
    return {sea: shapely.set_precision(unary_union(faces), GRID) for sea, faces in owned.items()}


def build_map(project: Frame) -> Map:
    """Projects the coastlines, cuts the land into the 42 territories and the water
    into the seven seas."""
    territories = _cut_territories(project)
    return Map(territories=territories, seas=_cut_seas(project, territories))


def wrapping_line(board_map: Map, a: str, b: str):
    """The shortest line across the water between `a` and `b`, going off one edge of
    the board and back in at the other when that is shorter: then it is two pieces."""
    direct = nearest_line(board_map, a, b)
    shape_a, shape_b = board_map.territories[a], board_map.territories[b]
    best = direct
    for shift in (-BOARD_WIDTH, BOARD_WIDTH):
        moved = affinity.translate(shape_b, shift)
        pa, pb = shapely.ops.nearest_points(shape_a, moved)
        line = LineString([pa, pb])
        if line.length < best.length:
            back = affinity.translate(line, -shift)
            best = MultiLineString(
                [
                    piece
                    for part in (line, back)
                    for piece in polygons_of_lines(part.intersection(BOARD_BOX))
                ]
            )
    return best


def polygons_of_lines(geometry) -> list[LineString]:
    return [g for g in getattr(geometry, "geoms", [geometry]) if isinstance(g, LineString)]


def expected_pieces() -> dict[str, int]:
    pieces = {t: 1 for t in geo.SEEDS}
    for owner in geo.ISLAND_OWNERS.values():
        pieces[owner] = pieces.get(owner, 0) + 1
    return pieces


def recipe() -> cli.Recipe:
    project = fitted_projection()
    return cli.Recipe(
        graph=GRAPH,
        notes=NOTES,
        size=BOARD_SIZE,
        default_output=DEFAULT_OUTPUT,
        build=lambda: build_map(project),
        sea_labels={sea: on_grid(project(*where)) for sea, where in geo.SEA_LABELS.items()},
        seeds=lambda: _seeds(project, list(geo.SEEDS)),
        expected_pieces=expected_pieces(),
        tolerances=TOLERANCES,
        anchor_rules=ANCHOR_RULES,
        dotted_line=wrapping_line,
        sea_look=SEA_LOOK,
        sea_label_angles=geo.SEA_LABEL_ANGLES,
        wraps_around=True,
        sea_tints={
            "arctic": (196, 216, 230),
            "north_atlantic": (170, 199, 222),
            "south_atlantic": (160, 190, 216),
            "mediterranean": (182, 210, 226),
            "indian": (166, 196, 214),
            "pacific": (156, 188, 214),
            "caspian": (180, 206, 222),
        },
    )


if __name__ == "__main__":
    sys.exit(cli.main(recipe(), sys.argv[1:], __doc__.splitlines()[0]))
