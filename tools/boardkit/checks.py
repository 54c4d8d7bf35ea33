"""Checks of a generated map against its board graph.

The checks are the point of a generator: two territories that share a visible
frontier must be a land border, and every land border must be a visible frontier;
every coast must match the seas the territory declares; territories joined by a dotted
line must face each other across open water; every territory is one piece of land
plus its islands. Each problem comes back as a readable sentence.
"""

from collections.abc import Callable
from dataclasses import dataclass

import shapely
from shapely.geometry import LineString
from shapely.ops import nearest_points, unary_union

from .cutting import polygons
from .model import BoardGraph


@dataclass(frozen=True)
class Tolerances:
    """Lengths in board units that the map must respect.

    A land border must be at least `min_frontier` long, so that it is plain to see;
    territories that are not neighbours may touch at a point only (`point_contact`
    absorbs rounding). Likewise for coasts. A dotted line crosses open water at least
    `min_strait` wide and at most `max_dotted_line` long; separate landmasses keep at
    least `min_water_gap` between them.
    """

    min_frontier: float = 10.0
    min_coast: float = 6.0
    point_contact: float = 0.5
    min_strait: float = 3.0
    max_dotted_line: float = 180.0
    min_water_gap: float = 2.5
    # Whether two pieces of one territory (an island and its mainland) may come
    # closer than `min_water_gap`, as across a strait too narrow to widen.
    own_pieces_may_touch: bool = False


@dataclass
class Map:
    """A finished map in board units: a (multi)polygon per territory, and the water of
    each sea (a sea may be several pieces, e.g. an ocean cut by the board's edge)."""

    territories: dict
    seas: dict


def shared_length(a, b) -> float:
    """How long the boundaries of `a` and `b` run together."""
    if not a.envelope.buffer(1).intersects(b.envelope):
        return 0.0
    return a.boundary.intersection(b.boundary).length


def nearest_line(board_map: Map, a: str, b: str) -> LineString:
    """The shortest line across the water between territories `a` and `b`."""
    pa, pb = nearest_points(board_map.territories[a], board_map.territories[b])
    return LineString([pa, pb])


def check_board(
    graph: BoardGraph,
    board_map: Map,
    expected_pieces: dict[str, int],
    tolerances: Tolerances = Tolerances(),
    apart: tuple[tuple[str, str], ...] = (),
    dotted_line: Callable[[Map, str, str], object] = nearest_line,
) -> list[str]:
    """Every way the map disagrees with the border graph, as readable sentences.

    `expected_pieces` says how many pieces of land each territory has (1 plus its
    islands); `apart` names pairs of seas whose waters must not meet; `dotted_line`
    draws the line of a dotted border across the water (a line, or several pieces).
    """
    tol = tolerances
    problems = []
    shapes = board_map.territories
    ids = [t.id for t in graph.territories]
    land_borders = {frozenset((b.a, b.b)) for b in graph.borders if not b.dotted}

    for territory_id, shape in shapes.items():
        if not shape.is_valid:
            problems.append(f"{territory_id}: invalid outline ({shapely.is_valid_reason(shape)})")
        pieces = polygons(shape)
        expected = expected_pieces.get(territory_id, 1)
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
            shared = shared_length(shapes[a], shapes[b])
            if frozenset((a, b)) in land_borders:
                if shared < tol.min_frontier:
                    problems.append(
                        f"{a} - {b} is a land border, but their frontier is only "
                        f"{shared:.1f} long (needs {tol.min_frontier})"
                    )
            elif shared > tol.point_contact:
                problems.append(
                    f"{a} and {b} share a visible frontier ({shared:.1f} long), "
                    "but they are not a land border"
                )

    # Coasts: touching a sea <=> declaring it.
    for territory in graph.territories:
        for sea_id, sea in board_map.seas.items():
            shared = shared_length(shapes[territory.id], sea)
            if sea_id in territory.coasts and shared < tol.min_coast:
                problems.append(
                    f"{territory.id} declares a coast on the {sea_id} sea but has only "
                    f"{shared:.1f} of it"
                )
            if sea_id not in territory.coasts and shared > tol.point_contact:
                problems.append(
                    f"{territory.id} does not declare the {sea_id} sea but has {shared:.1f} "
                    "of coast on it"
                )
    for a, b in apart:
        if board_map.seas[a].distance(board_map.seas[b]) < tol.min_water_gap:
            problems.append(f"the {b} sea touches the {a} sea")

    # Dotted lines: across open water, over no land.
    water = unary_union(list(board_map.seas.values())).buffer(0.05)
    for border in graph.borders:
        if not border.dotted:
            continue
        pair = f"{border.a} - {border.b}"
        line = dotted_line(board_map, border.a, border.b)
        if line.length < tol.min_strait:
            problems.append(
                f"{pair} is a dotted line, but only {line.length:.1f} of water parts them"
            )
            continue
        if line.length > tol.max_dotted_line:
            problems.append(f"{pair}: the dotted line is {line.length:.0f} long")
        over_land = line.difference(water).length
        if over_land > tol.point_contact:
            problems.append(f"{pair}: the dotted line crosses {over_land:.1f} of land")

    # Islands stand clear of each other and of the mainland.
    landmasses = polygons(unary_union(list(shapes.values())))

    def owner_at(point) -> str | None:
        return next((t for t, shape in shapes.items() if shape.distance(point) < 0.05), None)

    for i, p in enumerate(landmasses):
        for q in landmasses[i + 1 :]:
            if p.distance(q) < tol.min_water_gap:
                near, far = nearest_points(p, q)
                if tol.own_pieces_may_touch and owner_at(near) == owner_at(far):
                    continue
                problems.append(
                    f"two landmasses come within {p.distance(q):.1f} of each other "
                    f"at ({near.x:.0f}, {near.y:.0f})"
                )
    return problems
