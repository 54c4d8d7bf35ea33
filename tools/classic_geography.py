"""Hand-placed geography of the classic world map: who owns each island, and the
Voronoi seeds that cut the continents into the 42 classic territories.

The water, its division into seas, the straits widened so that they show, and the
seas' labels are World Powers' (`world_geography.py`): both maps are drawn on the same
coastlines, so they have the same seas.

Everything is in degrees: longitude east, counted from the board's edge meridian
(169 W) eastwards, so Chukotka's longitudes run past 180 (190 is 170 W); latitude
north. The coastlines themselves are in `world_coastlines.py`.
"""

from world_geography import SEA_DIVIDERS, SEA_LABELS, SEA_WATERS, STRAITS

__all__ = ["ISLAND_OWNERS", "SEA_DIVIDERS", "SEA_LABELS", "SEA_WATERS", "SEEDS", "STRAITS"]

# Landmasses that go whole to one territory (every other landmass is cut among the
# territories whose seeds lie on it).
ISLAND_OWNERS = {
    # The Arctic islands go to the Northwest Territory, except Baffin Island, whose
    # coast faces Greenland across Baffin Bay: it is Ontario's, which makes the
    # classic crossing from Ontario to Greenland a crossing of open water.
    "victoria": "northwest_territory",
    "banks": "northwest_territory",
    "devon": "northwest_territory",
    "ellesmere": "northwest_territory",
    "baffin": "ontario",
    "greenland": "greenland",
    "newfoundland": "quebec",
    "cuba": "central_america",
    "hispaniola": "central_america",
    "jamaica": "central_america",
    "puerto_rico": "central_america",
    "tierra_del_fuego": "argentina",
    "iceland": "iceland",
    "great_britain": "great_britain",
    "ireland": "great_britain",
    "svalbard": "scandinavia",
    "sicily": "southern_europe",
    "sardinia": "southern_europe",
    "crete": "southern_europe",
    "novaya_zemlya": "ural",
    "cyprus": "middle_east",
    "madagascar": "madagascar",
    "sri_lanka": "india",
    "taiwan": "china",
    "hainan": "china",
    "honshu": "japan",
    "hokkaido": "japan",
    "kyushu_shikoku": "japan",
    "sumatra": "indonesia",
    "java": "indonesia",
    "borneo": "indonesia",
    "sulawesi": "indonesia",
    "timor": "indonesia",
    "luzon": "indonesia",
    "mindanao": "indonesia",
    "new_guinea": "new_guinea",
    "tasmania": "eastern_australia",
    "new_zealand_north": "eastern_australia",
    "new_zealand_south": "eastern_australia",
}

# Voronoi seeds: each territory is the union of the cells of its seeds, clipped to its
# landmass. The first seed is the territory's heartland (it says which landmass the
# territory is cut from).
# fmt: off
SEEDS = {
    # North America
    "alaska": [(-152.0, 64.0), (-160.0, 61.0), (-146.0, 66.0), (-156.0, 69.0),
        (-147.0, 61.5)],
    "northwest_territory": [(-120.0, 65.0), (-110.0, 64.0), (-130.0, 65.0), (-100.0, 66.0),
        (-137.0, 67.0), (-115.0, 68.0)],
    "alberta": [(-115.0, 55.0), (-122.0, 54.0), (-107.0, 53.0), (-127.0, 57.0),
        (-131.0, 58.5), (-112.0, 50.0)],
    "ontario": [(-88.0, 51.0), (-95.0, 53.0), (-84.0, 47.0), (-93.0, 59.0), (-88.0, 64.0),
        (-85.0, 68.0), (-79.0, 52.0)],
    "quebec": [(-72.0, 50.0), (-63.0, 54.0), (-66.0, 47.0), (-74.0, 46.0), (-72.0, 56.0),
        (-75.0, 59.0)],
    "western_united_states": [(-113.0, 41.0), (-120.0, 38.0), (-108.0, 35.0), (-110.0, 46.0),
        (-118.0, 45.0), (-101.0, 47.0), (-103.0, 32.0)],
    "eastern_united_states": [(-87.0, 37.0), (-78.0, 40.0), (-92.0, 43.0), (-95.0, 33.0),
        (-82.0, 30.0), (-97.0, 28.5), (-71.0, 43.5)],
    "central_america": [(-102.0, 23.0), (-90.0, 16.0), (-84.0, 11.0), (-108.0, 28.0),
        (-98.0, 19.0)],
    # South America
    "venezuela": [(-66.0, 7.0), (-73.0, 5.0), (-58.0, 4.0), (-75.0, 1.0)],
    "peru": [(-75.0, -10.0), (-66.0, -16.0), (-70.0, -21.0), (-78.0, -2.0)],
    "brazil": [(-50.0, -10.0), (-62.0, -5.0), (-45.0, -20.0), (-53.0, -25.0), (-41.0, -8.0),
        (-57.0, -14.0)],
    "argentina": [(-65.0, -35.0), (-68.0, -45.0), (-60.0, -29.0), (-71.0, -30.0)],
    # Europe
    "scandinavia": [(15.0, 62.0), (9.0, 60.0), (18.0, 66.0), (26.0, 64.0), (25.0, 68.5),
        (14.0, 57.0)],
    "northern_europe": [(11.0, 51.0), (9.2, 56.0), (19.0, 52.0), (15.0, 50.5), (6.0, 52.0),
        (13.5, 53.5)],
    "western_europe": [(2.0, 47.0), (0.0, 45.0), (5.0, 50.0), (4.5, 44.0), (-2.0, 48.0),
        (-4.0, 40.0), (-8.0, 40.0), (0.0, 41.5), (-5.0, 37.5)],
    "southern_europe": [(12.5, 43.0), (10.0, 45.5), (15.5, 41.0), (16.5, 39.0), (21.0, 43.5),
        (25.0, 42.5), (22.0, 39.5), (25.0, 45.5), (18.0, 44.0), (14.5, 47.5), (19.0, 47.5)],
    "ukraine": [(38.0, 55.0), (31.0, 50.0), (45.0, 61.0), (50.0, 55.0), (28.0, 55.0),
        (35.0, 65.0), (40.0, 48.0), (52.0, 64.0), (46.0, 46.0), (33.0, 62.0)],
    # Africa
    "north_africa": [(-5.0, 32.0), (3.0, 30.0), (10.0, 31.0), (-12.0, 24.0), (-5.0, 13.0),
        (5.0, 10.0), (-11.0, 10.0), (10.0, 17.0), (-2.0, 19.0), (17.0, 15.0), (12.0, 24.0)],
    "egypt": [(30.0, 26.0), (23.0, 26.0), (31.0, 20.0), (25.0, 31.0)],
    "east_africa": [(40.0, 8.0), (45.0, 5.0), (37.0, 0.0), (35.0, -6.0), (33.0, 7.0), (48.0, 8.5),
        (43.5, 10.5), (39.0, 13.5), (30.0, 13.0), (24.5, 12.0)],
    "congo": [(21.0, 0.0), (16.0, -9.0), (25.0, -5.0), (20.0, 6.0), (13.0, 2.0)],
    "south_africa": [(25.0, -25.0), (30.0, -17.0), (36.0, -16.0), (18.0, -22.0),
        (21.0, -31.0), (30.0, -28.0), (26.0, -13.0)],
    # Asia
    "ural": [(62.0, 60.0), (66.0, 66.0), (69.0, 57.0), (72.0, 53.0), (78.0, 49.5),
        (62.0, 55.0), (61.0, 68.5), (73.0, 70.0)],
    "siberia": [(88.0, 60.0), (85.0, 67.0), (97.0, 70.0), (87.0, 55.0), (87.0, 51.0),
        (98.0, 60.0), (80.0, 62.0)],
    "yakutsk": [(125.0, 63.0), (115.0, 63.0), (130.0, 70.0), (140.0, 66.0), (120.0, 68.0),
        (110.0, 68.0)],
    "kamchatka": [(160.0, 57.0), (170.0, 66.0), (182.0, 66.0), (152.0, 62.0), (178.0, 70.0),
        (145.0, 60.5), (139.0, 57.0), (136.0, 54.0)],
    "irkutsk": [(105.0, 56.0), (113.0, 55.0), (120.0, 55.0), (128.0, 56.0)],
    "mongolia": [(103.0, 47.0), (110.0, 45.0), (95.0, 47.5), (118.0, 47.0), (126.0, 46.0),
        (132.0, 45.0), (134.0, 50.0)],
    "afghanistan": [(66.0, 34.0), (60.0, 40.0), (64.0, 42.0), (55.0, 45.0), (70.0, 45.0),
        (75.0, 41.5), (62.0, 47.0)],
    "china": [(106.0, 33.0), (115.0, 27.0), (88.0, 32.0), (86.5, 46.0), (84.0, 41.0),
        (127.0, 38.0), (116.0, 38.0), (110.0, 22.5), (95.0, 37.0), (78.0, 37.0)],
    "middle_east": [(33.0, 39.0), (39.0, 39.5), (44.0, 40.0), (28.5, 39.5), (45.0, 24.0),
        (38.0, 31.0), (44.0, 32.5), (50.0, 21.0), (48.0, 29.0), (54.0, 32.0), (58.0, 29.0),
        (48.5, 35.0), (56.0, 27.0), (48.0, 39.0), (58.0, 35.0)],
    "india": [(78.0, 22.0), (77.5, 13.0), (71.0, 27.0), (87.0, 25.0), (74.0, 32.0),
        (67.0, 27.0)],
    "siam": [(101.0, 17.0), (106.0, 13.0), (101.0, 5.0), (96.0, 21.0), (105.0, 20.0)],
    # Australia
    "western_australia": [(121.0, -26.0), (127.0, -20.0), (117.0, -31.0), (124.0, -17.0),
        (132.0, -14.0), (130.0, -25.0)],
    "eastern_australia": [(145.0, -25.0), (141.0, -18.0), (147.0, -33.0), (138.0, -30.0),
        (144.0, -14.0), (137.0, -22.0)],
}
# fmt: on
