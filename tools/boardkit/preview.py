"""Draws a generated map into a PNG, to look at while drawing the map.

The picture shows what the reference sheet would: territories in their group's tint,
frontiers, heavier lines where groups meet, dotted lines across the water, names, army
badges and castles. It is drawn at twice the size and scaled down, for smooth lines.
Only this module needs Pillow.
"""

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont
from shapely.ops import unary_union

from .model import BoardGraph

SUPERSAMPLE = 2
SEA = (176, 203, 222)
COAST = (62, 84, 104)
FRONTIER = (92, 84, 74)
GROUP_EDGE = (40, 36, 32)
DOTTED = (30, 30, 30)
TEXT = (20, 20, 20)
SEA_TEXT = (40, 70, 100)
BADGE = (250, 250, 246)
SEED = (200, 0, 0)
FONT_DIR = "/usr/share/fonts/truetype/dejavu/"


def _font(name: str, size: int):
    for candidate in (name, FONT_DIR + name):
        try:
            return ImageFont.truetype(candidate, size * SUPERSAMPLE)
        except OSError:
            continue
    return ImageFont.load_default()


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))


def _px(coords) -> list[tuple[float, float]]:
    return [(x * SUPERSAMPLE, y * SUPERSAMPLE) for x, y in coords]


def _polygons(geometry):
    return list(getattr(geometry, "geoms", [geometry]))


def _disc(draw, centre, radius, **style) -> None:
    (x, y), r = _px([centre])[0], radius * SUPERSAMPLE
    draw.ellipse([x - r, y - r, x + r, y + r], **style)


def _dashed(draw, start, end, width, dash=5.0, gap=4.0) -> None:
    (x0, y0), (x1, y1) = start, end
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    t = 0.0
    while t < length:
        t1 = min(t + dash, length)
        a = (x0 + (x1 - x0) * t / length, y0 + (y1 - y0) * t / length)
        b = (x0 + (x1 - x0) * t1 / length, y0 + (y1 - y0) * t1 / length)
        draw.line(_px([a, b]), fill=DOTTED, width=width)
        t = t1 + gap


def render(
    graph: BoardGraph,
    board_map,
    anchors,
    sea_labels,
    dotted_lines,
    size,
    path: Path,
    seeds=None,
    crop=None,
    sea_tints=None,
):
    """Draws the map, `size` (width, height) board units, to `path`.

    `dotted_lines` maps each dotted border to its lines across the water, each given
    by its two ends (a line cut by the board's edge is two); `sea_tints`, when given,
    maps seas to the colour of their water;
    `seeds`, when given, are marked in red with their owner. With `crop` (x0, y0, x1, y1
    in board units) only that part is saved, at twice the scale, to look at a crowded
    corner closely.
    """
    width, height = size
    image = Image.new("RGB", (width * SUPERSAMPLE, height * SUPERSAMPLE), SEA)
    draw = ImageDraw.Draw(image)
    groups = {g.id: g for g in graph.groups}
    territories = {t.id: t for t in graph.territories}
    for sea_id, tint in (sea_tints or {}).items():
        for polygon in _polygons(board_map.seas[sea_id]):
            draw.polygon(_px(polygon.exterior.coords), fill=tint)
            for hole in polygon.interiors:
                draw.polygon(_px(hole.coords), fill=SEA)

    for territory_id, shape in board_map.territories.items():
        tint = _rgb(groups[territories[territory_id].group].colour)
        for polygon in _polygons(shape):
            draw.polygon(_px(polygon.exterior.coords), fill=tint)
    for shape in board_map.territories.values():
        for polygon in _polygons(shape):
            draw.line(_px(polygon.exterior.coords), fill=FRONTIER, width=2)
    for group in graph.groups:
        members = [board_map.territories[t.id] for t in graph.territories if t.group == group.id]
        for polygon in _polygons(unary_union(members)):
            draw.line(_px(polygon.exterior.coords), fill=GROUP_EDGE, width=4)
    for polygon in _polygons(unary_union(list(board_map.territories.values()))):
        for ring in (polygon.exterior, *polygon.interiors):
            draw.line(_px(ring.coords), fill=COAST, width=3)

    for lines in dotted_lines.values():
        for (x0, y0), (x1, y1) in lines:
            length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1e-9)
            ux, uy = (x1 - x0) / length, (y1 - y0) / length
            # The dashes run a little onto the land at both ends, as on a printed board.
            _dashed(draw, (x0 - 6 * ux, y0 - 6 * uy), (x1 + 6 * ux, y1 + 6 * uy), width=3)

    name_font, badge_font, sea_font = (
        _font("DejaVuSans.ttf", 10),
        _font("DejaVuSans.ttf", 8),
        _font("DejaVuSans-Oblique.ttf", 13),
    )
    for territory_id, anchor in anchors.items():
        territory = territories[territory_id]
        _disc(draw, anchor.badge, 7, fill=BADGE, outline=TEXT, width=2)
        draw.text(_px([anchor.badge])[0], "3", fill=TEXT, font=badge_font, anchor="mm")
        draw.text(
            _px([anchor.label])[0],
            territory.name,
            fill=TEXT,
            font=name_font,
            anchor="mm",
            stroke_width=2,
            stroke_fill=(255, 255, 255),
        )
        if groups[territory.group].is_empire:
            (cx, cy), s = _px([anchor.castle])[0], 4 * SUPERSAMPLE
            draw.rectangle([cx - s, cy - s, cx + s, cy + s], outline=TEXT, width=2)
            for dx in (-s, 0, s):
                draw.rectangle([cx + dx - 2, cy - s - 5, cx + dx + 2, cy - s], fill=TEXT)
    for sea in graph.seas:
        draw.text(_px([sea_labels[sea.id]])[0], sea.name, fill=SEA_TEXT, font=sea_font, anchor="mm")

    for owner, point in seeds or []:
        _disc(draw, point, 1.5, fill=SEED)
        x, y = _px([point])[0]
        draw.text((x + 4, y), owner[:3], fill=SEED, font=badge_font)

    if crop:
        image.crop(tuple(int(v * SUPERSAMPLE) for v in crop)).save(path)
    else:
        image.resize((width, height), Image.LANCZOS).save(path)
