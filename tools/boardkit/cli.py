"""The command line every board generator shares: make the map, check it, write the
board file and, if asked, a preview.

A generator describes its board as a `Recipe` and calls `main`; see `tools/README.md`
for the options.
"""

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from .anchors import AnchorRules, check_anchors, on_grid, place_anchors, place_anchors_apart
from .checks import Map, Tolerances, check_board, nearest_line
from .cutting import MapError, Seed
from .model import BoardGraph
from .seas import SeaLook, check_seas, drawn_seas, land_of, place_name
from .toml_writer import Notes, board_file


@dataclass(frozen=True)
class Recipe:
    """Everything a generator knows about its board, for `main`."""

    graph: BoardGraph
    notes: Notes
    size: tuple[int, int]
    default_output: Path
    # Makes the map (raising `MapError` when it cannot be made at all).
    build: Callable[[], Map]
    # Where each sea's name goes, in board units.
    sea_labels: dict[str, tuple[float, float]]
    # Every Voronoi seed with its owner, for --show-seeds.
    seeds: Callable[[], list[Seed]]
    # How many pieces of land each territory has, when more than one.
    expected_pieces: dict[str, int] = field(default_factory=dict)
    tolerances: Tolerances = field(default_factory=Tolerances)
    anchor_rules: AnchorRules = field(default_factory=AnchorRules)
    # Pairs of seas whose waters must not meet.
    apart: tuple[tuple[str, str], ...] = ()
    dotted_line: Callable[[Map, str, str], object] = nearest_line
    # Whether the board file gives each sea's water as an outline.
    write_sea_shapes: bool = False
    # When given, the board file gives each sea's water as the map draws it (see
    # `seas.py`), and each sea's name is moved onto it.
    sea_look: SeaLook | None = None
    # Angles (degrees clockwise) of the names of long narrow seas.
    sea_label_angles: dict[str, float] = field(default_factory=dict)
    wraps_around: bool = False
    # Preview colours of each sea's water; None paints all water alike.
    sea_tints: dict[str, tuple[int, int, int]] | None = None


def _crop_box(text: str) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in text.split(","))
    return x0, y0, x1, y1


def _segments(geometry) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The straight pieces of a dotted line, each as its two ends."""
    return [
        (tuple(line.coords[0]), tuple(line.coords[-1]))
        for line in getattr(geometry, "geoms", [geometry])
    ]


def main(recipe: Recipe, argv: list[str], description: str) -> int:
    """Makes and checks the map; writes the board file (and a preview) if asked."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument(
        "--output", type=Path, default=recipe.default_output, help="board file to write"
    )
    parser.add_argument("--preview", type=Path, help="also draw the map into this PNG file")
    parser.add_argument("--crop", type=_crop_box, help="preview only x0,y0,x1,y1, at double scale")
    parser.add_argument("--show-seeds", action="store_true", help="mark the seeds on the preview")
    parser.add_argument("--check-only", action="store_true", help="check, but write no board")
    args = parser.parse_args(argv)

    graph = recipe.graph
    try:
        board_map = recipe.build()
    except MapError as error:
        print(f"cannot make the map: {error}", file=sys.stderr)
        return 1
    names = {t.id: t.name for t in graph.territories}
    if recipe.anchor_rules.text_scale is None:
        anchors = {t: place_anchors(shape, names[t]) for t, shape in board_map.territories.items()}
    else:
        anchors = place_anchors_apart(board_map.territories, names, recipe.anchor_rules.text_scale)
    problems = check_board(
        graph,
        board_map,
        recipe.expected_pieces,
        recipe.tolerances,
        recipe.apart,
        recipe.dotted_line,
    )
    problems += check_anchors(graph, board_map.territories, anchors, recipe.anchor_rules)

    # The seas as drawn, with their names on them; the checks above ran on all the water.
    sea_labels, drawn, sea_angles = recipe.sea_labels, board_map, {}
    if recipe.sea_look is not None:
        look, angles = recipe.sea_look, recipe.sea_label_angles
        seas = drawn_seas(board_map.seas, land_of(board_map.territories), look)
        sea_names = {sea.id: sea.name for sea in graph.seas}
        placed = {
            sea: place_name(board_map.seas[sea], sea_names[sea], wish, look, angles.get(sea))
            for sea, wish in recipe.sea_labels.items()
        }
        sea_labels = {sea: on_grid(point) for sea, (point, _, _) in placed.items()}
        angles = {sea: angle for sea, (_, angle, _) in placed.items() if angle}
        too_long = {sea: smaller for sea, (_, _, smaller) in placed.items() if smaller > 1.0}
        for sea, smaller in too_long.items():
            print(f"the name of the {sea} sea fits on its water only {smaller} times smaller")
        problems += check_seas(board_map.seas, seas, sea_names, sea_labels, angles, look, too_long)
        problems += [
            f"the name of the {sea} sea does not fit on its water at any size: move its label"
            for sea, smaller in too_long.items()
            if smaller == float("inf")
        ]
        drawn = Map(territories=board_map.territories, seas=seas)
        sea_angles = angles

    if args.preview:
        from . import preview  # Pillow is only needed for the preview.

        lines = {
            (b.a, b.b): _segments(recipe.dotted_line(board_map, b.a, b.b))
            for b in graph.borders
            if b.dotted
        }
        seeds = recipe.seeds() if args.show_seeds else None
        preview.render(
            graph,
            drawn,
            anchors,
            sea_labels,
            lines,
            recipe.size,
            args.preview,
            seeds,
            args.crop,
            recipe.sea_tints,
        )
        print(f"drew {args.preview}")

    if problems:
        print(f"{len(problems)} problem(s), nothing written:", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    print("all checks passed")
    if not args.check_only:
        text = board_file(
            graph,
            recipe.notes,
            board_map.territories,
            anchors,
            sea_labels,
            recipe.size,
            drawn.seas if recipe.write_sea_shapes or recipe.sea_look is not None else None,
            recipe.wraps_around,
            sea_angles,
        )
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}")
    return 0
