"""Cutting landmasses into territories: Voronoi cells, meandering frontiers, and
outlines simplified together on the board's grid.

A territory is the union of the Voronoi cells of its seeds, clipped to its landmass.
The straight frontiers between cells are then bent by one smooth displacement field
(`Meanders`), so that they meander like real borders yet still meet where they met.
"""

import functools
import math
import random
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString, MultiPoint, MultiPolygon, Point, Polygon, box
from shapely.ops import unary_union

from .projection import Frame

# (owner, (x, y) on the board)
Seed = tuple[str, tuple[float, float]]


class MapError(Exception):
    """The map cannot be made at all; the message says why."""


def polygons(geometry) -> list[Polygon]:
    """The polygons of a (multi)polygon or collection, in order."""
    return [g for g in getattr(geometry, "geoms", [geometry]) if isinstance(g, Polygon)]


def one_piece(geometry, what: str) -> Polygon:
    """`geometry` as one polygon, or a `MapError` naming `what` and its pieces."""
    if isinstance(geometry, Polygon):
        return geometry
    sizes = ", ".join(f"{p.area:.1f}" for p in polygons(geometry))
    raise MapError(f"{what} is not one piece of land on the board (areas {sizes})")


def seed_points(
    project: Frame,
    territories: list[str],
    seeds: dict[str, list[tuple[float, float]]],
    junctions: dict[str, tuple[tuple[float, float], list[tuple[str, float]]]],
    junction_radius: float,
) -> list[Seed]:
    """The Voronoi seeds of `territories`, from (longitude, latitude) places.

    Besides each territory's own seeds, every junction adds one seed per territory
    around it, all on one small circle of `junction_radius` board units: their cells
    then meet at exactly the junction. A junction is (centre, [(territory, bearing in
    degrees on the board, 0 = east, 90 = south), ...]).
    """
    points = [(t, project(lon, lat)) for t in territories for lon, lat in seeds.get(t, [])]
    for centre, around in junctions.values():
        cx, cy = project(*centre)
        for territory, bearing in around:
            if territory in territories:
                angle = math.radians(bearing)
                point = (
                    cx + junction_radius * math.cos(angle),
                    cy + junction_radius * math.sin(angle),
                )
                points.append((territory, point))
    return points


def voronoi_partition(
    land: Polygon, seeds: list[Seed], board_size: tuple[float, float]
) -> dict[str, Polygon]:
    """Cuts `land` into the union of each owner's Voronoi cells."""
    width, height = board_size
    points = MultiPoint([point for _owner, point in seeds])
    frame = box(-2 * width, -2 * height, 3 * width, 3 * height)
    cells = shapely.voronoi_polygons(points, extend_to=frame, ordered=True)
    by_owner: dict[str, list[Polygon]] = {}
    for (owner, _point), cell in zip(seeds, cells.geoms, strict=True):
        by_owner.setdefault(owner, []).append(cell)
    return {owner: unary_union(cells).intersection(land) for owner, cells in by_owner.items()}


@dataclass(frozen=True)
class _Wave:
    amplitude: float
    kx: float
    ky: float
    phase: float

    def at(self, x: float, y: float) -> float:
        return self.amplitude * math.sin(self.kx * x + self.ky * y + self.phase)


@dataclass(frozen=True)
class Meanders:
    """The displacement field that bends frontiers: a sum of a few plane waves.

    A field this gentle moves neighbouring points alike, so frontiers that meet at a
    junction still meet there and none crosses another (the checks would tell). Near
    the coast the field fades out over `coast_fade`, so that frontiers still end where
    they met the sea. `waves` are (amplitude, shortest wavelength, longest wavelength)
    in board units; `seed` makes the field the same on every run.
    """

    waves: tuple[tuple[float, float, float], ...] = (
        (2.4, 35.0, 55.0),
        (1.0, 14.0, 18.0),
        (0.45, 6.0, 8.0),
    )
    coast_fade: float = 10.0
    step: float = 2.0
    seed: str = "castle-risk"

    def redraw(self, land: Polygon, parts: dict[str, Polygon]) -> dict[str, Polygon]:
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
                    bent = self._meander(piece, land.boundary)
                    lines.append(_reaching_past_coast(bent, land.boundary))
        noded = shapely.node(shapely.GeometryCollection(lines))
        faces = shapely.polygonize(list(noded.geoms)).geoms
        # Each face goes to the territory it overlaps most. A territory left with
        # several faces is reported by the checks, like any other wrong shape.
        owned: dict[str, list[Polygon]] = {}
        for face in faces:
            if not land.contains(face.representative_point()):
                continue  # a lake: a hole in the land, which the frontiers close
            owner = max(ids, key=lambda t: face.intersection(parts[t]).area)
            owned.setdefault(owner, []).append(face)
        missing = sorted(set(ids) - set(owned))
        if missing:
            raise MapError(f"meandering frontiers swallowed {', '.join(missing)}")
        return {owner: unary_union(faces) for owner, faces in owned.items()}

    def _meander(self, line: LineString, coast) -> LineString:
        """`line`, divided every `step` and moved by the displacement field."""
        along_x, along_y = _displacement_waves(self.waves, self.seed)
        length = line.length
        steps = max(1, int(length // self.step))
        # The line's own corners are kept exactly, not rebuilt from their distance
        # along it: frontiers that meet at a corner must move it to the very same place.
        stations = {round(line.project(Point(c)), 6): c for c in line.coords}
        for i in range(1, steps):
            t = length * i / steps
            stations.setdefault(round(t, 6), line.interpolate(t).coords[0])
        coords = []
        for _t, (x, y) in sorted(stations.items()):
            fade = min(1.0, coast.distance(Point(x, y)) / self.coast_fade)
            dx = sum(wave.at(x, y) for wave in along_x)
            dy = sum(wave.at(x, y) for wave in along_y)
            coords.append((x + fade * dx, y + fade * dy))
        return LineString(coords)


@functools.cache
def _displacement_waves(
    waves: tuple[tuple[float, float, float], ...], seed: str
) -> tuple[tuple[_Wave, ...], tuple[_Wave, ...]]:
    """The waves of the displacement field along x and along y (always the same)."""
    rng = random.Random(seed)
    axes = []
    for _axis in ("x", "y"):
        axis_waves = []
        for amplitude, shortest, longest in waves:
            wavenumber = math.tau / rng.uniform(shortest, longest)
            direction = rng.uniform(0, math.tau)
            phase = rng.uniform(0, math.tau)
            axis_waves.append(
                _Wave(
                    amplitude,
                    wavenumber * math.cos(direction),
                    wavenumber * math.sin(direction),
                    phase,
                )
            )
        axes.append(tuple(axis_waves))
    return axes[0], axes[1]


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


def simplified_on_grid(
    shapes: dict[str, list[Polygon]], tolerance: float, grid: float
) -> dict[str, Polygon | MultiPolygon]:
    """Each territory's pieces as one shape, simplified and snapped to `grid`.

    Simplifying the territories together keeps their shared frontiers shared, while it
    drops the points that neither the meanders nor the coasts need.
    """
    empty = [t for t, parts in shapes.items() if not parts]
    if empty:
        raise MapError(f"no land at all for {', '.join(empty)}")
    ids = list(shapes)
    simplified = shapely.coverage_simplify([unary_union(shapes[t]) for t in ids], tolerance)
    return {t: shapely.set_precision(s, grid) for t, s in zip(ids, simplified, strict=True)}
