"""Maps of the whole world: Miller's projection with east and west edges on one
meridian, landmasses cut among territories, the water cut into seas along dividers,
and dotted lines drawn the short way round, across the edge when that is shorter.

The World Powers generator does the same with its own copy of these steps; a new
map of the whole world builds on this module, with its seeds, island owners and
sea dividers as data (see `generate_classic_board.py`).
"""

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import shapely
from shapely import affinity
from shapely.geometry import LineString, MultiLineString, Polygon, box
from shapely.ops import nearest_points, unary_union

from .checks import Map, nearest_line
from .cutting import (
    MapError,
    Meanders,
    polygons,
    seed_points,
    simplified_on_grid,
    voronoi_partition,
)
from .projection import Frame, Lens, with_lenses

# (longitude, latitude) in degrees, longitudes counted eastwards from the edge meridian
# (so past 180 beyond the date line).
Place = tuple[float, float]


@dataclass(frozen=True)
class WorldProjection:
    """Miller's cylindrical projection between two edges on one meridian, stretched
    north-south by `stretch` (so that the board suits a game window better than a
    2:1 strip would) and magnified by `lenses` where territories are small."""

    edge_meridian: float
    north_edge: float
    south_edge: float
    stretch: float
    lenses: tuple[Lens, ...] = ()
    width: int = 1000

    def _miller(self, lon: float, lat: float) -> tuple[float, float]:
        y = 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * math.radians(lat)))
        return math.radians(lon), self.stretch * y

    def frame(self) -> Frame:
        """The projection fitted to the board: the edge meridian at both edges."""
        scale = self.width / (2 * math.pi)
        left = self._miller(self.edge_meridian, 0.0)[0]
        top = self._miller(0.0, self.north_edge)[1]
        return Frame(with_lenses(self._miller, list(self.lenses)), left, top, scale, scale)

    def size(self) -> tuple[int, int]:
        """The board's width and height in board units."""
        top, bottom = (self._miller(0.0, lat)[1] for lat in (self.north_edge, self.south_edge))
        return self.width, round((top - bottom) * self.width / (2 * math.pi))


@dataclass(frozen=True)
class Land:
    """How the world's land becomes territories.

    `landmasses` are (exterior, holes) rings of places by name, as in
    `world_coastlines.py`; `island_owners` gives some of them whole to one territory;
    every other landmass is cut among the territories whose first seed lies on it.
    `straits` are channels (a line of places and a width in board units) cut through
    straits too narrow to see.
    """

    landmasses: dict
    island_owners: dict[str, str]
    seeds: dict[str, list[Place]]
    straits: dict[str, tuple[list[Place], float]] = field(default_factory=dict)
    meanders: Meanders = field(default_factory=Meanders)
    simplify_tolerance: float = 1.2
    grid: float = 0.1


def _landmass(project: Frame, land: Land, name: str, board_box: Polygon):
    exterior, holes = land.landmasses[name]
    shape = Polygon(
        project.polygon(exterior).exterior, [project.polygon(h).exterior for h in holes]
    )
    channels = unary_union(
        [
            LineString([project(*p) for p in line]).buffer(width / 2)
            for line, width in land.straits.values()
        ]
    )
    return shape.buffer(0).difference(channels).intersection(board_box)


def cut_land(project: Frame, land: Land, territories: list[str], size: tuple[int, int]) -> dict:
    """Each territory's land, as one (multi)polygon on the board's grid."""
    board_box = box(0, 0, *size)
    shapes: dict[str, list[Polygon]] = {t: [] for t in territories}
    for name in land.landmasses:
        mass = _landmass(project, land, name, board_box)
        if name in land.island_owners:
            shapes[land.island_owners[name]] += polygons(mass)
            continue
        owners = [
            t for t, seeds in land.seeds.items() if mass.contains(shapely.Point(project(*seeds[0])))
        ]
        if not owners:
            raise MapError(f"no territory has its first seed on {name}")
        seeds = seed_points(project, owners, land.seeds, {}, 0.0)
        for piece in polygons(mass):
            parts = voronoi_partition(piece, seeds, size)
            parts = {t: p for t, p in parts.items() if not p.is_empty}
            for owner, shape in without_strays(land.meanders.redraw(piece, parts)).items():
                shapes[owner].append(shape)
    return simplified_on_grid(shapes, land.simplify_tolerance, land.grid)


def without_strays(parts: dict) -> dict:
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


@dataclass(frozen=True)
class Water:
    """How the water becomes seas: cut along `dividers` (lines of places across open
    water), each piece going to the sea with a place in it (`waters`). Pieces smaller
    than `max_sliver_area` with no place go to the sea they share most shore with."""

    dividers: dict[str, list[Place]]
    waters: dict[str, list[Place]]
    max_sliver_area: float = 20.0
    grid: float = 0.1


def cut_water(project: Frame, water_rules: Water, territories: dict, seas: list[str], size) -> dict:
    """Each sea's water, as one (multi)polygon on the board's grid."""
    board_box = box(0, 0, *size)
    water = board_box.difference(unary_union(list(territories.values())))
    lines = [water.boundary]
    for name, points in water_rules.dividers.items():
        divider = LineString([project(*p) for p in points])
        if divider.intersection(water).is_empty:
            raise MapError(f"the sea divider {name} crosses no water")
        lines.append(divider)
    faces = [
        f
        for f in shapely.polygonize(list(shapely.node(unary_union(lines)).geoms)).geoms
        if water.contains(f.representative_point())
    ]
    owned: dict[str, list[Polygon]] = {sea: [] for sea in seas}
    slivers = []
    for face in faces:
        owners = [
            sea
            for sea, places in water_rules.waters.items()
            if any(face.contains(shapely.Point(project(*p))) for p in places)
        ]
        if not owners and face.area < water_rules.max_sliver_area:
            slivers.append(face)
            continue
        if len(owners) != 1:
            c = face.representative_point()
            raise MapError(
                f"the water at ({c.x:.0f}, {c.y:.0f}), area {face.area:.1f}, belongs to "
                f"{len(owners)} seas ({', '.join(owners) or 'none'}): place it in the waters"
            )
        owned[owners[0]].append(face)
    for sliver in slivers:
        sea = max(owned, key=lambda s: sliver.boundary.intersection(unary_union(owned[s])).length)
        owned[sea].append(sliver)
    empty = [sea for sea, faces in owned.items() if not faces]
    if empty:
        raise MapError(f"no water for {', '.join(empty)}")
    return {
        sea: shapely.set_precision(unary_union(faces), water_rules.grid)
        for sea, faces in owned.items()
    }


def wrapping_line(size: tuple[int, int]) -> Callable[[Map, str, str], object]:
    """The dotted line between two territories on a board of `size` whose east and
    west edges wrap: the shortest line across the water, going off one edge and back
    in at the other when that is shorter (then it is two pieces)."""
    width = size[0]
    board_box = box(0, 0, *size)

    def line(board_map: Map, a: str, b: str):
        best = nearest_line(board_map, a, b)
        shape_a, shape_b = board_map.territories[a], board_map.territories[b]
        for shift in (-width, width):
            pa, pb = nearest_points(shape_a, affinity.translate(shape_b, shift))
            across = LineString([pa, pb])
            if across.length < best.length:
                back = affinity.translate(across, -shift)
                best = MultiLineString(
                    [
                        piece
                        for part in (across, back)
                        for piece in _lines(part.intersection(board_box))
                    ]
                )
        return best

    return line


def _lines(geometry) -> list[LineString]:
    return [g for g in getattr(geometry, "geoms", [geometry]) if isinstance(g, LineString)]
