"""Writes a generated map as a board file (format 1), laid out for people.

One table per group, sea and territory in the order of the board graph; outlines
wrapped a few points per line; every border once, in the `[borders]` table, with its
geographic note as a comment.
"""

from dataclasses import dataclass

from .model import BoardGraph

POINTS_PER_LINE = 6


@dataclass(frozen=True)
class Notes:
    """The comments that explain a board file to whoever opens it."""

    header: str
    empires: str
    regions: str
    seas: str


def _number(value: float) -> str:
    """One decimal at most: `12`, `12.5`; adding 0.0 turns a negative zero into 0."""
    return f"{round(value, 1) + 0.0:.1f}".removesuffix(".0")


def _point(point) -> str:
    x, y = point
    return f"[{_number(x)}, {_number(y)}]"


def _string(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"')
    return f'"{escaped}"'


def _ring(ring) -> list[tuple[float, float]]:
    """A ring's corners, without the closing repeat, clockwise on screen."""
    coords = list(ring.coords)[:-1]
    # Shapely's orientation test assumes y grows upwards; on the board y grows
    # downwards, so a ring that is counter-clockwise for shapely is clockwise on screen.
    if not ring.is_ccw:
        coords.reverse()
    return coords


def _outline(shape) -> list[str]:
    """`outline = [...]` for one polygon without holes, else `path` data."""
    polygons = sorted(getattr(shape, "geoms", [shape]), key=lambda p: -p.area)
    if len(polygons) == 1 and not polygons[0].interiors:
        points = _ring(polygons[0].exterior)
        lines = ["outline = ["]
        for i in range(0, len(points), POINTS_PER_LINE):
            chunk = ", ".join(_point(p) for p in points[i : i + POINTS_PER_LINE])
            lines.append(f"  {chunk},")
        lines.append("]")
        return lines
    # Several rings (a mainland and its islands, or a sea and the islands in it):
    # SVG-like path data, one line per few points, biggest ring first.
    lines = ['path = """']
    for polygon in polygons:
        for ring in (polygon.exterior, *polygon.interiors):
            points = _ring(ring)
            words = [f"M {_number(points[0][0])} {_number(points[0][1])}"]
            words += [f"L {_number(x)} {_number(y)}" for x, y in points[1:]]
            words[-1] += " Z"
            for i in range(0, len(words), POINTS_PER_LINE):
                lines.append("  " + " ".join(words[i : i + POINTS_PER_LINE]))
    lines.append('"""')
    return lines


def board_file(
    graph: BoardGraph,
    notes: Notes,
    shapes,
    anchors,
    sea_labels,
    size: tuple[int, int],
    sea_shapes=None,
    wraps_around: bool = False,
    sea_label_angles=None,
) -> str:
    """The whole board file, from each territory's (multi)polygon and anchors, the seas'
    label positions (and, if given, their water and the angles of their names), and
    the board's size."""
    width, height = size
    independents = sum(1 for t in graph.territories if t.group not in graph.empire_ids)
    out = [notes.header]
    out += [
        "[board]",
        "format = 1",
        f"name = {_string(graph.name)}",
        f"description = {_string(graph.description)}",
        f"author = {_string(graph.author)}",
        f"licence = {_string(graph.licence)}",
        f"width = {width}",
        f"height = {height}",
    ]
    if wraps_around:
        out += [
            "# The east and west edges are one meridian: dotted lines may cross it.",
            "wraps_around = true",
        ]
    if independents:
        out += [
            f"# Armies for holding all {independents} independent territories at once.",
            f"all_independents_bonus = {graph.all_independents_bonus}",
        ]
    out.append("")

    out.append(notes.empires)
    for group in graph.groups:
        if not group.is_empire:
            continue
        out += [
            "[[empire]]",
            f"id = {_string(group.id)}",
            f"name = {_string(group.name)}",
            f"bonus = {group.bonus}",
            f"colour = {_string(group.colour)}",
            "",
        ]
    if independents:
        out.append(notes.regions)
    for group in graph.groups:
        if group.is_empire:
            continue
        out += [
            "[[region]]",
            f"id = {_string(group.id)}",
            f"name = {_string(group.name)}",
            f"bonus = {group.bonus}",
            f"colour = {_string(group.colour)}",
            "",
        ]

    out.append(notes.seas)
    for sea in graph.seas:
        out += [
            "[[sea]]",
            f"id = {_string(sea.id)}",
            f"name = {_string(sea.name)}",
            f"label = {_point(sea_labels[sea.id])}",
        ]
        angle = (sea_label_angles or {}).get(sea.id, 0.0)
        if angle:
            out.append(f"label_angle = {_number(angle)}")
        if sea_shapes is not None:
            out += _outline(sea_shapes[sea.id])
        out.append("")

    empires = graph.empire_ids
    for territory in graph.territories:
        anchor = anchors[territory.id]
        coasts = ", ".join(_string(c) for c in territory.coasts)
        card = [f"card_symbol = {_string(territory.card_symbol)}"] if territory.card_symbol else []
        out += [
            "[[territory]]",
            f"id = {_string(territory.id)}",
            f"name = {_string(territory.name)}",
            f"group = {_string(territory.group)}",
            f"coasts = [{coasts}]",
            *card,
            f"centre = {_point(anchor.centre)}",
            f"badge = {_point(anchor.badge)}",
            f"label = {_point(anchor.label)}",
        ]
        if territory.group in empires:
            out.append(f"castle = {_point(anchor.castle)}")
        out += _outline(shapes[territory.id])
        out.append("")

    out += [
        "# Every border once. Land borders are shared frontiers; dotted lines cross the",
        "# water and join territories as if they touched, without the Admiral.",
        "[borders]",
    ]
    for key, dotted in (("land", False), ("dotted", True)):
        out.append(f"{key} = [")
        for border in graph.borders:
            if border.dotted != dotted:
                continue
            pair = f"  [{_string(border.a)}, {_string(border.b)}],"
            out.append(f"{pair:<39} # {border.note}" if border.note else pair)
        out.append("]")
    return "\n".join(out) + "\n"
