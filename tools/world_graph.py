"""The World Powers board as the rules see it: groups, seas, territories and borders.

An original division of the world for Castellan: 42 territories, of which 37 lie in
six continents that are empires (a castle may stand in each) and 5 in two small
independent regions, the Middle East and the North Atlantic, which sit where the
continents meet. Seven seas: the Admiral sails only within one of them, and the
Pacific runs off the board's east edge and back in at the west. The notes on borders
become comments in the generated board file.
"""

from boardkit.model import DOTTED, LAND, BoardGraph, Border, Group, Sea, Territory

DESCRIPTION = (
    "The whole world in 42 territories: six continents to hold, each with room for a "
    "castle, and between them the independent Middle East and North Atlantic. Seven "
    "seas for the Admiral, and the Pacific joins the map's two edges."
)

# Continent tints follow the Okabe-Ito palette as on the Castle Risk board (its hues
# stay apart for the common forms of colour blindness), softened for large areas; the
# independents are pale and unsaturated, neutral ground.
GROUPS = [
    Group("north_america", "North America", True, 5, "#d98a2b"),
    Group("south_america", "South America", True, 2, "#cf6a45"),
    Group("europe", "Europe", True, 5, "#4f86c0"),
    Group("africa", "Africa", True, 3, "#ead85e"),
    Group("asia", "Asia", True, 7, "#3fa386"),
    Group("oceania", "Oceania", True, 2, "#b97aa3"),
    Group("middle_east", "Middle East", False, 2, "#e6ddca"),
    Group("north_atlantic", "North Atlantic", False, 1, "#d6dbd8"),
]

SEAS = [
    Sea("arctic", "Arctic Ocean"),
    Sea("north_atlantic", "North Atlantic"),
    Sea("south_atlantic", "South Atlantic"),
    Sea("mediterranean", "Mediterranean"),
    Sea("indian", "Indian Ocean"),
    Sea("pacific", "Pacific Ocean"),
    Sea("caspian", "Caspian Sea"),
]

ARC, NAT, SAT, MED, IND, PAC, CAS = SEAS_IDS = (
    "arctic",
    "north_atlantic",
    "south_atlantic",
    "mediterranean",
    "indian",
    "pacific",
    "caspian",
)

TERRITORIES = [
    # North America
    Territory("alaska", "Alaska", "north_america", (ARC, PAC)),
    Territory("yukon", "Yukon", "north_america", (ARC, PAC)),
    Territory("hudson_bay", "Hudson Bay", "north_america", (ARC, NAT)),
    Territory("saint_lawrence", "Saint Lawrence", "north_america", (NAT,)),
    Territory("western_states", "Western States", "north_america", (PAC,)),
    Territory("eastern_states", "Eastern States", "north_america", (NAT,)),
    Territory("central_america", "Central America", "north_america", (NAT, PAC)),
    # South America
    Territory("new_granada", "New Granada", "south_america", (NAT, PAC)),
    Territory("peru", "Peru", "south_america", (PAC,)),
    Territory("brazil", "Brazil", "south_america", (NAT, SAT)),
    Territory("patagonia", "Patagonia", "south_america", (SAT, PAC)),
    # Europe
    Territory("british_isles", "British Isles", "europe", (NAT,)),
    Territory("scandinavia", "Scandinavia", "europe", (ARC, NAT)),
    Territory("iberia", "Iberia", "europe", (NAT, MED)),
    Territory("france", "France", "europe", (NAT, MED)),
    Territory("italy", "Italy", "europe", (MED,)),
    Territory("central_europe", "Central Europe", "europe", (NAT, MED)),
    Territory("balkans", "Balkans", "europe", (MED,)),
    Territory("russia", "Russia", "europe", (ARC, NAT, MED, CAS)),
    # Africa
    Territory("maghreb", "Maghreb", "africa", (NAT, MED)),
    Territory("egypt", "Egypt", "africa", (MED, IND)),
    Territory("west_africa", "West Africa", "africa", (NAT, SAT)),
    Territory("congo", "Congo", "africa", (SAT,)),
    Territory("east_africa", "East Africa", "africa", (IND,)),
    Territory("southern_africa", "Southern Africa", "africa", (SAT, IND)),
    # Asia
    Territory("siberia", "Siberia", "asia", (ARC,)),
    Territory("yakutia", "Yakutia", "asia", (ARC, PAC)),
    Territory("kamchatka", "Kamchatka", "asia", (ARC, PAC)),
    Territory("turkestan", "Turkestan", "asia", (CAS,)),
    Territory("china", "China", "asia", (PAC,)),
    Territory("india", "India", "asia", (IND,)),
    Territory("indochina", "Indochina", "asia", (IND, PAC)),
    Territory("japan", "Japan", "asia", (PAC,)),
    # Oceania
    Territory("east_indies", "East Indies", "oceania", (IND, PAC)),
    Territory("new_guinea", "New Guinea", "oceania", (PAC,)),
    Territory("australia", "Australia", "oceania", (IND, PAC)),
    Territory("new_zealand", "New Zealand", "oceania", (PAC,)),
    # The independents
    Territory("anatolia", "Anatolia", "middle_east", (MED, CAS)),
    Territory("arabia", "Arabia", "middle_east", (MED, IND)),
    Territory("persia", "Persia", "middle_east", (IND, CAS)),
    Territory("greenland", "Greenland", "north_atlantic", (ARC, NAT)),
    Territory("iceland", "Iceland", "north_atlantic", (ARC, NAT)),
]

BORDERS = [
    # North America
    Border("alaska", "yukon", LAND),
    Border("yukon", "hudson_bay", LAND),
    Border("yukon", "western_states", LAND),
    Border("hudson_bay", "saint_lawrence", LAND),
    Border("hudson_bay", "western_states", LAND),
    Border("hudson_bay", "eastern_states", LAND),
    Border("saint_lawrence", "eastern_states", LAND),
    Border("western_states", "eastern_states", LAND),
    Border("western_states", "central_america", LAND),
    Border("eastern_states", "central_america", LAND),
    # South America
    Border("central_america", "new_granada", LAND, "Isthmus of Panama"),
    Border("new_granada", "peru", LAND),
    Border("new_granada", "brazil", LAND),
    Border("peru", "brazil", LAND),
    Border("peru", "patagonia", LAND),
    Border("brazil", "patagonia", LAND),
    # Europe
    Border("iberia", "france", LAND, "Pyrenees"),
    Border("france", "italy", LAND, "Alps"),
    Border("france", "central_europe", LAND, "Rhine"),
    Border("italy", "central_europe", LAND, "Brenner"),
    Border("central_europe", "russia", LAND),
    Border("central_europe", "balkans", LAND, "Danube"),
    Border("balkans", "russia", LAND, "Bessarabia"),
    Border("scandinavia", "russia", LAND, "Karelia"),
    # Africa
    Border("maghreb", "egypt", LAND),
    Border("maghreb", "west_africa", LAND, "Sahara"),
    Border("egypt", "west_africa", LAND),
    Border("egypt", "congo", LAND),
    Border("egypt", "east_africa", LAND),
    Border("west_africa", "congo", LAND),
    Border("congo", "east_africa", LAND),
    Border("congo", "southern_africa", LAND),
    Border("east_africa", "southern_africa", LAND),
    # Asia
    Border("siberia", "yakutia", LAND),
    Border("siberia", "turkestan", LAND),
    Border("siberia", "china", LAND),
    Border("yakutia", "kamchatka", LAND),
    Border("yakutia", "china", LAND, "Amur"),
    Border("turkestan", "china", LAND),
    Border("china", "india", LAND, "Himalaya"),
    Border("china", "indochina", LAND),
    Border("india", "indochina", LAND),
    # Where the continents meet
    Border("russia", "siberia", LAND, "Urals"),
    Border("russia", "turkestan", LAND),
    Border("russia", "anatolia", LAND, "Caucasus"),
    Border("egypt", "arabia", LAND, "Sinai"),
    Border("anatolia", "arabia", LAND),
    Border("anatolia", "persia", LAND),
    Border("arabia", "persia", LAND, "Mesopotamia"),
    Border("persia", "turkestan", LAND),
    Border("persia", "india", LAND, "Indus"),
    Border("persia", "china", LAND, "Wakhan corridor"),
    # Across the water
    Border("alaska", "kamchatka", DOTTED, "Bering Strait, across the map's edge"),
    Border("greenland", "hudson_bay", DOTTED, "Baffin Bay"),
    Border("greenland", "saint_lawrence", DOTTED, "Labrador Sea"),
    Border("greenland", "iceland", DOTTED, "Denmark Strait"),
    Border("iceland", "british_isles", DOTTED),
    Border("iceland", "scandinavia", DOTTED, "Norwegian Sea"),
    Border("british_isles", "france", DOTTED, "the Channel"),
    Border("central_europe", "scandinavia", DOTTED, "the Sound"),
    Border("balkans", "anatolia", DOTTED, "the Bosporus"),
    Border("iberia", "maghreb", DOTTED, "Strait of Gibraltar"),
    Border("italy", "maghreb", DOTTED, "Strait of Sicily"),
    Border("brazil", "west_africa", DOTTED, "the Atlantic narrows"),
    Border("arabia", "east_africa", DOTTED, "Bab-el-Mandeb"),
    Border("indochina", "east_indies", DOTTED, "Strait of Malacca"),
    Border("east_indies", "new_guinea", DOTTED),
    Border("east_indies", "australia", DOTTED, "Timor Sea"),
    Border("new_guinea", "australia", DOTTED, "Torres Strait"),
    Border("australia", "new_zealand", DOTTED, "Tasman Sea"),
    Border("japan", "china", DOTTED, "Korea Strait"),
    Border("japan", "kamchatka", DOTTED, "La Perouse Strait"),
]

GRAPH = BoardGraph(
    name="World Powers",
    description=DESCRIPTION,
    author="Castellan contributors",
    licence="CC0-1.0",
    all_independents_bonus=3,
    groups=GROUPS,
    seas=SEAS,
    territories=TERRITORIES,
    borders=BORDERS,
)
