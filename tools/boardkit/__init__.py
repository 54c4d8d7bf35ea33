"""Shared machinery of the board generators in `tools/`.

- `model`: the board as the rules see it (groups, seas, territories, borders);
- `projection`: map projections, lenses and the frame that fits a map to the board;
- `cutting`: landmasses cut into territories by Voronoi cells, meandering frontiers,
  simplification on the board's grid;
- `checks`: the map against the border graph, coasts and dotted lines;
- `anchors`: where badges, names and castles go, and their checks;
- `toml_writer`: the board file (format 1), laid out for people;
- `world`: maps of the whole world (a wrapping projection, land and seas cut from
  coastlines, dotted lines across the edge);
- `preview`: a PNG of the map (the only module that needs Pillow);
- `cli`: the command line every generator shares.
"""
