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

from .anchors import AnchorRules, check_anchors, place_anchors, place_anchors_apart
from .checks import Map, Tolerances, check_board, nearest_line
from .cutting import MapError, Seed
from .model import BoardGraph
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
            board_map,
            anchors,
            recipe.sea_labels,
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
            recipe.sea_labels,
            recipe.size,
            board_map.seas if recipe.write_sea_shapes else None,
            recipe.wraps_around,
        )
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text, encoding="utf-8")
        print(f"wrote {args.output}")
    return 0
