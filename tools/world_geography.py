"""Hand-placed geography of the World Powers map: who owns each island, the Voronoi
seeds that cut the continents into territories, where one sea ends and the next
begins, and where the seas' names go.

Everything is in degrees: longitude east, counted from the board's edge meridian
(169 W) eastwards, so Chukotka's longitudes run past 180 (190 is 170 W); latitude
north. The coastlines themselves are in `world_coastlines.py`.
"""

# Landmasses that go whole to one territory (every other landmass is cut among the
# territories whose seeds lie on it).
ISLAND_OWNERS = {
    "great_britain": "british_isles",
    "ireland": "british_isles",
    "iceland": "iceland",
    "svalbard": "scandinavia",
    "novaya_zemlya": "russia",
    "greenland": "greenland",
    "baffin": "hudson_bay",
    "ellesmere": "hudson_bay",
    "devon": "hudson_bay",
    "victoria": "hudson_bay",
    "banks": "hudson_bay",
    "newfoundland": "saint_lawrence",
    "cuba": "central_america",
    "hispaniola": "central_america",
    "jamaica": "central_america",
    "puerto_rico": "central_america",
    "tierra_del_fuego": "patagonia",
    "sicily": "italy",
    "sardinia": "italy",
    "crete": "balkans",
    "cyprus": "anatolia",
    "madagascar": "southern_africa",
    "sri_lanka": "india",
    "taiwan": "china",
    "hainan": "china",
    "honshu": "japan",
    "hokkaido": "japan",
    "kyushu_shikoku": "japan",
    "sumatra": "east_indies",
    "java": "east_indies",
    "borneo": "east_indies",
    "sulawesi": "east_indies",
    "luzon": "east_indies",
    "mindanao": "east_indies",
    "timor": "east_indies",
    "new_guinea": "new_guinea",
    "australia": "australia",
    "tasmania": "australia",
    "new_zealand_north": "new_zealand",
    "new_zealand_south": "new_zealand",
}

# Voronoi seeds: each territory is the union of the cells of its seeds, clipped to its
# landmass. The first seed is the territory's heartland.
# fmt: off
SEEDS = {
    # North America
    "alaska": [(-152.0, 64.0), (-160.0, 61.0), (-146.0, 66.0), (-156.0, 69.0), (-147.0, 61.5)],
    "yukon": [(-128.0, 64.0), (-124.0, 57.0), (-118.0, 67.0), (-112.0, 62.0), (-135.0, 62.0),
        (-120.0, 52.0), (-114.0, 56.0)],
    "hudson_bay": [(-97.0, 62.0), (-100.0, 57.0), (-88.0, 54.0), (-90.0, 66.0), (-84.0, 69.0),
        (-103.0, 66.0), (-93.0, 52.0)],
    "saint_lawrence": [(-72.0, 50.0), (-63.0, 54.0), (-66.0, 47.0), (-80.0, 46.5), (-74.0, 46.0),
        (-72.0, 56.0)],
    "western_states": [(-113.0, 41.0), (-120.0, 38.0), (-108.0, 35.0), (-110.0, 46.0),
        (-103.0, 43.0), (-118.0, 45.0)],
    "eastern_states": [(-87.0, 37.0), (-78.0, 40.0), (-92.0, 42.0), (-95.0, 33.0), (-82.0, 30.0),
        (-84.0, 43.0)],
    "central_america": [(-102.0, 23.0), (-90.0, 16.0), (-84.0, 11.0), (-108.0, 28.0),
        (-98.0, 19.0)],
    # South America
    "new_granada": [(-73.0, 5.0), (-65.0, 7.0), (-78.0, -1.0), (-57.0, 4.0)],
    "peru": [(-75.0, -10.0), (-66.0, -16.0), (-70.0, -21.0)],
    "brazil": [(-50.0, -10.0), (-62.0, -5.0), (-45.0, -20.0), (-53.0, -25.0), (-41.0, -8.0),
        (-57.0, -14.0)],
    "patagonia": [(-65.0, -35.0), (-68.0, -45.0), (-60.0, -29.0), (-71.0, -30.0)],
    # Europe
    "scandinavia": [(15.0, 62.0), (9.0, 60.0), (18.0, 66.0), (26.0, 64.0), (25.0, 68.5),
        (14.0, 57.0)],
    "iberia": [(-4.0, 40.0), (-8.0, 40.0), (0.0, 41.5), (-5.0, 37.5)],
    "france": [(2.0, 47.0), (0.0, 45.0), (5.0, 50.5), (4.5, 44.0), (-2.0, 48.0)],
    "italy": [(12.5, 43.0), (10.0, 45.0), (15.5, 41.0), (16.5, 39.0)],
    "central_europe": [(11.0, 51.0), (9.2, 56.0), (19.0, 52.0), (15.0, 48.0), (19.0, 47.5), (8.5, 51.0),
        (15.5, 50.0), (14.5, 45.9)],
    "balkans": [(21.0, 43.5), (25.0, 42.5), (22.0, 39.5), (25.0, 45.5), (18.0, 44.0)],
    "russia": [(38.0, 55.0), (31.0, 50.0), (45.0, 61.0), (50.0, 55.0), (28.0, 55.0), (35.0, 65.0),
        (40.0, 48.0), (55.0, 65.0), (45.0, 47.0)],
    # Africa
    "maghreb": [(-5.0, 32.0), (3.0, 30.0), (10.0, 31.0), (-12.0, 24.0), (15.0, 28.0)],
    "egypt": [(30.0, 26.0), (22.0, 25.0), (30.0, 16.0), (34.0, 20.0)],
    "west_africa": [(-5.0, 13.0), (5.0, 10.0), (-11.0, 10.0), (10.0, 17.0), (-2.0, 19.0),
        (17.0, 14.0)],
    "congo": [(21.0, 0.0), (16.0, -9.0), (25.0, -5.0), (20.0, 6.0), (13.0, 2.0)],
    "east_africa": [(40.0, 8.0), (45.0, 5.0), (37.0, 0.0), (35.0, -6.0), (33.0, 7.0), (48.0, 8.5),
        (43.5, 10.5), (39.0, 13.5)],
    "southern_africa": [(25.0, -25.0), (30.0, -17.0), (36.0, -16.0), (18.0, -22.0),
        (21.0, -31.0), (30.0, -28.0)],
    # The Middle East
    "anatolia": [(33.0, 39.0), (39.0, 39.5), (44.0, 41.0), (28.5, 39.5)],
    "arabia": [(45.0, 24.0), (38.0, 31.0), (44.0, 32.5), (50.0, 21.0), (48.0, 29.0)],
    "persia": [(54.0, 32.0), (60.0, 29.0), (65.0, 33.0), (48.5, 35.0), (66.0, 27.0),
        (69.5, 35.5)],
    # Asia
    "siberia": [(75.0, 60.0), (90.0, 60.0), (70.0, 67.0), (97.0, 70.0), (85.0, 54.0),
        (100.0, 57.0)],
    "yakutia": [(125.0, 63.0), (113.0, 59.0), (130.0, 70.0), (140.0, 65.0), (118.0, 54.0),
        (135.0, 55.0)],
    "kamchatka": [(160.0, 57.0), (170.0, 66.0), (182.0, 66.0), (152.0, 62.0), (178.0, 70.0),
        (145.0, 60.5)],
    "turkestan": [(67.0, 46.0), (76.0, 47.0), (60.0, 40.0), (72.0, 40.0), (55.0, 45.0)],
    "china": [(106.0, 33.0), (115.0, 27.0), (88.0, 32.0), (85.0, 42.0), (103.0, 45.0),
        (125.0, 44.0), (127.0, 38.0), (116.0, 38.0), (113.0, 46.0), (95.0, 37.0),
        (77.0, 36.0), (110.0, 22.5)],
    "india": [(78.0, 22.0), (77.5, 13.0), (71.0, 27.0), (87.0, 25.0), (73.0, 33.0)],
    "indochina": [(101.0, 17.0), (106.0, 13.0), (101.0, 5.0), (96.0, 21.0), (105.0, 20.0)],
}
# fmt: on

# Where one sea ends and the next begins, each as a line of (longitude, latitude)
# points running from land (or off the board) across the water to land.
SEA_DIVIDERS = {
    # Arctic and Pacific, on both sides of the board's edge (the Bering Strait).
    "bering_west": [(-163.0, 66.2), (-170.0, 66.2)],
    "bering_east": [(188.0, 66.2), (192.0, 66.2)],
    # Arctic and Atlantic: the Davis Strait, Fury and Hecla, Greenland-Iceland-Norway.
    "davis": [(-66.0, 67.0), (-50.0, 67.0)],
    "fury_and_hecla": [(-86.0, 69.6), (-82.0, 70.6)],
    "denmark_strait": [(-26.0, 70.0), (-16.0, 65.5)],
    "norwegian_sea": [(-15.0, 65.0), (9.0, 62.0)],
    # Atlantic and Mediterranean.
    "gibraltar": [(-5.6, 33.0), (-5.6, 39.0)],
    # North and South Atlantic: from Cape Sao Roque to Cape Palmas.
    "equator": [(-41.0, -6.0), (-6.0, 7.0)],
    # Atlantic and Indian: south from Cape Agulhas.
    "agulhas": [(20.0, -33.0), (20.0, -70.0)],
    # Atlantic and Pacific: south from Cape Horn, and the Strait of Magellan.
    "horn": [(-67.5, -54.0), (-67.5, -70.0)],
    "magellan": [(-70.0, -51.0), (-70.0, -55.0)],
    # Indian and Pacific: Singapore, the Sunda Strait, Java to Timor to Australia,
    # Bass Strait and south of Tasmania.
    "singapore": [(104.0, 2.5), (103.5, -1.0)],
    "sunda": [(105.5, -4.5), (106.5, -7.0)],
    "java_timor": [(114.0, -8.0), (124.5, -9.5)],
    "timor_australia": [(124.5, -9.5), (126.5, -15.0)],
    "bass": [(146.5, -38.0), (146.5, -42.0)],
    "tasmania_south": [(146.8, -43.0), (146.8, -70.0)],
}

# A place in each sea's water: each piece of water between the dividers goes to the
# sea with a place in it.
# fmt: off
SEA_WATERS = {
    "arctic": [(0.0, 80.0), (-140.0, 72.0), (-80.0, 75.5), (-120.0, 76.0), (-70.0, 73.0),
        (45.0, 70.0), (150.0, 75.0), (-85.0, 73.0)],
    "north_atlantic": [(-40.0, 40.0), (-85.0, 60.0), (-90.0, 25.0), (-75.0, 15.0), (4.0, 56.0),
        (19.0, 57.0), (-80.0, 66.0)],
    "south_atlantic": [(-20.0, -30.0), (2.0, 0.0)],
    "mediterranean": [(18.0, 34.0), (34.0, 43.0)],
    "indian": [(75.0, -20.0), (38.0, 20.0), (52.0, 27.0), (88.0, 15.0), (98.0, 8.0),
        (120.0, -30.0)],
    "pacific": [(-140.0, 20.0), (170.0, 20.0), (115.0, 13.0), (135.0, -15.0), (150.0, 50.0),
        (140.0, 40.0), (-160.0, 58.0), (185.0, 60.0), (120.0, -5.0)],
    "caspian": [(50.5, 42.0)],
}
# fmt: on

# Where the seas' names are printed: in open water, clear of every coast.
SEA_LABELS = {
    "arctic": (82.0, 77.5),
    "north_atlantic": (-42.0, 34.0),
    "south_atlantic": (-18.0, -25.0),
    "mediterranean": (18.0, 34.3),
    "indian": (75.0, -18.0),
    "pacific": (-138.0, 12.0),
    "caspian": (50.7, 41.0),
}

# Lakes drawn as ovals a little larger than they are, each by a place in it, the
# middle of the oval, and its width and length in board units: the Caspian, a sea of
# the game, is otherwise too narrow to be seen as one, or to hold its name when the
# map is zoomed in.
STYLISED_LAKES = {
    "caspian": ((50.5, 42.0), (51.0, 45.2), 22.0, 84.0),
}

# Names that run along a long narrow sea rather than across it: degrees clockwise.
SEA_LABEL_ANGLES: dict[str, float] = {"caspian": -90.0}

# Straits too narrow to see at this scale, widened by cutting a channel of the given
# width (board units) along the line through them: the water between the lands must
# show, and a dotted line must cross at least 3 units of it.
STRAITS = {
    "gibraltar": ([(-7.0, 35.95), (-4.0, 35.95)], 4.0),
    "bab_el_mandeb": ([(42.3, 14.0), (44.5, 11.6)], 4.0),
    "dover": ([(0.5, 50.4), (2.5, 51.6)], 4.0),
    "bosporus": ([(25.5, 39.8), (26.7, 40.4), (29.0, 41.1), (29.5, 41.5)], 3.5),
    "malacca": ([(99.0, 4.5), (102.5, 1.8), (104.5, 1.1)], 3.5),
}
