"""The seas as the map draws them, and where their names go.

The rules need each sea's whole water (which coasts lie on it); the map needs less. A
sea tinted to the board's edges and to the straight lines that divide the oceans
shows as a rectangle. Drawn, a sea is its water within reach of its coasts, with the
corners rounded where a divider cuts it: a band that follows the land, as an atlas
shades coastal waters, with plain ocean beyond. A sea that lies wholly within reach
(an inland sea) is drawn whole.

Each sea's name goes on its water (all of it, not only the band drawn), as near the
wished-for place as a box the size the app draws the name at (in a default window)
fits: an ocean's name may float in open water beyond its band, but never over land
or another sea. A long narrow sea may have its name turned to run along it.
"""

import math
from dataclasses import dataclass

import shapely
from shapely import affinity
from shapely.prepared import prep
from shapely.geometry import Point, Polygon, box
from shapely.ops import unary_union

from .cutting import polygons


@dataclass(frozen=True)
class SeaLook:
    """How the seas are drawn, in board units."""

    # How far from the land a sea's tint reaches.
    reach: float
    # The radius that rounds the corners of the tint where a divider or the board's
    # edge cuts it, and drops pieces of water narrower than twice it.
    rounding: float
    # The box a sea's name takes in a default window: the height of a line, and the
    # width of an average letter (the app draws them in a serif italic).
    name_height: float
    name_letter_width: float
    # The grid, in board units, that drawn shapes are rounded to.
    grid: float = 0.1


def drawn_seas(seas: dict, land, look: SeaLook) -> dict:
    """Each sea's water as the map draws it: within `look.reach` of `land`, rounded."""
    near_land = land.buffer(look.reach, quad_segs=8)
    drawn = {}
    for sea, water in seas.items():
        band = water.intersection(near_land)
        # An opening (shrink, then grow back) rounds the corners the cuts leave and
        # drops slivers; the shape never grows past the water it came from.
        rounded = band.buffer(-look.rounding, quad_segs=8).buffer(look.rounding, quad_segs=8)
        # A sea that all lies within reach keeps its shape exactly.
        if band.area > water.area - 1e-6:
            shape = water
        else:
            # Simplified, the curves cost a fraction of the points, and the coasts
            # (already simplified with the land) hardly change.
            shape = rounded.intersection(water).simplify(look.rounding / 16)
        drawn[sea] = shapely.set_precision(shape.buffer(0), look.grid)
    return drawn


def name_box(centre: tuple[float, float], name: str, look: SeaLook, angle: float = 0.0) -> Polygon:
    """The box a sea's name covers, centred on `centre`, turned `angle` degrees
    clockwise (board y runs down)."""
    half_width = look.name_letter_width * len(name) / 2
    half_height = look.name_height / 2
    x, y = centre
    upright = box(x - half_width, y - half_height, x + half_width, y + half_height)
    return affinity.rotate(upright, angle, origin=(x, y)) if angle else upright


def _fit(prepared, centre, name, look, angles):
    """The first of `angles` at which the name fits at `centre`, or None."""
    for a in angles:
        if prepared.contains(name_box(centre, name, look, a)):
            return a
    return None


def place_name(
    shape, name: str, wish: tuple[float, float], look: SeaLook, angle: float | None = None
) -> tuple[tuple[float, float], float, float]:
    """Where the sea's name fits on its water, at what angle, and how many times
    smaller than in a default window it must be to fit (1 when it fits as it is).

    At `wish` if it fits there, else at the nearest of a grid of points, by whole units
    spreading out from it. Level, unless `angle` is given: then turned by that much,
    give or take up to 30 degrees (within a quarter turn) to follow a sea that bends.
    Where the name fits nowhere, the place where it fits soonest as the map is zoomed
    in (the app's names stop growing past a certain zoom), or the wish."""
    prepared = prep(shape)
    angles = [0.0]
    if angle is not None:
        turns = (0, -10, 10, -20, 20, -30, 30)
        angles = [angle + t for t in turns if -90.0 <= angle + t <= 90.0]
    minx, miny, maxx, maxy = shape.bounds
    places = [
        (float(x), float(y))
        for x in range(math.floor(minx), math.ceil(maxx) + 1)
        for y in range(math.floor(miny), math.ceil(maxy) + 1)
    ]
    places.sort(key=lambda p: (p[0] - wish[0]) ** 2 + (p[1] - wish[1]) ** 2)
    places = [wish] + [p for p in places if prepared.contains(Point(p))]
    for smaller in (1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0):
        shrunk = SeaLook(
            look.reach, look.rounding, look.name_height / smaller, look.name_letter_width / smaller
        )
        for centre in places:
            found = _fit(prepared, centre, name, shrunk, angles)
            if found is not None:
                return centre, found, smaller
    return wish, angles[0], math.inf


def check_seas(
    seas: dict,
    drawn: dict,
    names: dict[str, str],
    labels: dict,
    angles: dict,
    look: SeaLook,
    too_long: dict[str, float],
) -> list[str]:
    """Drawn seas that stray from their water, and names that are not on it. A sea in
    `too_long` is allowed a name that fits only that many times smaller (the app
    prints it once the map is zoomed in enough)."""
    problems = []
    for sea, shape in drawn.items():
        if shape.is_empty:
            problems.append(f"the {sea} sea has no water near its coasts to draw")
        elif shape.difference(seas[sea].buffer(look.rounding / 16 + look.grid)).area > 1.0:
            problems.append(f"the {sea} sea is drawn beyond its water")
        smaller = too_long.get(sea, 1.0)
        shrunk = SeaLook(
            look.reach, look.rounding, look.name_height / smaller, look.name_letter_width / smaller
        )
        label = name_box(labels[sea], names[sea], shrunk, angles.get(sea, 0.0))
        outside = label.difference(seas[sea]).area
        if outside > 0.0:
            problems.append(
                f"the name of the {sea} sea is not all on its water ({outside:.1f} off it):"
                " move its label"
            )
    return problems


def land_of(territories: dict):
    """All the land of a map, in one shape."""
    return unary_union([p for shape in territories.values() for p in polygons(shape)])
