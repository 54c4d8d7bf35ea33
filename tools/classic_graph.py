"""The classic world map as the rules see it: continents, seas, territories with the
symbols of their cards, and borders.

The 42 territories, six continents and 83 borders of the classic game of world
conquest, with its continent bonuses (5, 2, 5, 3, 7, 2). The continents are the
empires of this board, so that Castle Risk rules play on it too: each of 2 to 6 seats
can put its castle in a continent of its own. The seas are not part of the classic
game; they are there for Castle Risk's Admiral, the same seven as on World Powers.

The card symbols are those of the classic deck, 14 of each (see `tools/README.md` for
where they come from). The notes on borders become comments in the board file.
"""

from boardkit.model import DOTTED, LAND, BoardGraph, Border, Group, Sea, Territory

DESCRIPTION = (
    "The classic map of world conquest: 42 territories in six continents, with the "
    "crossings everyone remembers, from Alaska to Kamchatka and from Brazil to North "
    "Africa. Each territory carries the symbol of its card: infantry, cavalry or "
    "artillery."
)

# Tints as on World Powers (the Okabe-Ito hues, softened for large areas), which
# follow the classic board's colours: North America yellow, South America red,
# Europe blue, Africa ochre, Asia green, Australia purple.
GROUPS = [
    Group("north_america", "North America", True, 5, "#d98a2b"),
    Group("south_america", "South America", True, 2, "#cf6a45"),
    Group("europe", "Europe", True, 5, "#4f86c0"),
    Group("africa", "Africa", True, 3, "#ead85e"),
    Group("asia", "Asia", True, 7, "#3fa386"),
    Group("australia", "Australia", True, 2, "#b97aa3"),
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

ARC, NAT, SAT, MED, IND, PAC, CAS = (sea.id for sea in SEAS)
INF, CAV, ART = "infantry", "cavalry", "artillery"

TERRITORIES = [
    # North America
    Territory("alaska", "Alaska", "north_america", (ARC, PAC), ART),
    Territory("northwest_territory", "Northwest Territory", "north_america", (ARC,), CAV),
    Territory("greenland", "Greenland", "north_america", (ARC, NAT), CAV),
    Territory("alberta", "Alberta", "north_america", (PAC,), ART),
    Territory("ontario", "Ontario", "north_america", (ARC, NAT), ART),
    Territory("quebec", "Quebec", "north_america", (NAT,), ART),
    Territory("western_united_states", "Western United States", "north_america", (PAC,), ART),
    Territory("eastern_united_states", "Eastern United States", "north_america", (NAT,), ART),
    Territory("central_america", "Central America", "north_america", (NAT, PAC), INF),
    # South America
    Territory("venezuela", "Venezuela", "south_america", (NAT, PAC), CAV),
    Territory("peru", "Peru", "south_america", (PAC,), CAV),
    Territory("brazil", "Brazil", "south_america", (NAT, SAT), INF),
    Territory("argentina", "Argentina", "south_america", (SAT, PAC), INF),
    # Europe
    Territory("iceland", "Iceland", "europe", (ARC, NAT), CAV),
    Territory("scandinavia", "Scandinavia", "europe", (ARC, NAT), INF),
    Territory("great_britain", "Great Britain", "europe", (NAT,), INF),
    Territory("northern_europe", "Northern Europe", "europe", (NAT,), CAV),
    Territory("western_europe", "Western Europe", "europe", (NAT, MED), INF),
    Territory("southern_europe", "Southern Europe", "europe", (MED,), INF),
    Territory("ukraine", "Ukraine", "europe", (ARC, NAT, MED, CAS), INF),
    # Africa
    Territory("north_africa", "North Africa", "africa", (NAT, SAT, MED), INF),
    Territory("egypt", "Egypt", "africa", (MED, IND), CAV),
    Territory("east_africa", "East Africa", "africa", (IND,), INF),
    Territory("congo", "Congo", "africa", (SAT,), ART),
    Territory("south_africa", "South Africa", "africa", (SAT, IND), ART),
    Territory("madagascar", "Madagascar", "africa", (IND,), CAV),
    # Asia
    Territory("ural", "Ural", "asia", (ARC,), INF),
    Territory("siberia", "Siberia", "asia", (ARC,), INF),
    Territory("yakutsk", "Yakutsk", "asia", (ARC,), ART),
    Territory("kamchatka", "Kamchatka", "asia", (ARC, PAC), ART),
    Territory("irkutsk", "Irkutsk", "asia", (), ART),
    Territory("mongolia", "Mongolia", "asia", (PAC,), CAV),
    Territory("japan", "Japan", "asia", (PAC,), CAV),
    Territory("afghanistan", "Afghanistan", "asia", (CAS,), INF),
    Territory("china", "China", "asia", (PAC,), ART),
    Territory("middle_east", "Middle East", "asia", (MED, IND, CAS), ART),
    Territory("india", "India", "asia", (IND,), CAV),
    Territory("siam", "Siam", "asia", (IND, PAC), CAV),
    # Australia
    Territory("indonesia", "Indonesia", "australia", (IND, PAC), INF),
    Territory("new_guinea", "New Guinea", "australia", (PAC,), CAV),
    Territory("western_australia", "Western Australia", "australia", (IND, PAC), ART),
    Territory("eastern_australia", "Eastern Australia", "australia", (IND, PAC), CAV),
]

BORDERS = [
    # North America
    Border("alaska", "northwest_territory", LAND),
    Border("alaska", "alberta", LAND),
    Border("northwest_territory", "alberta", LAND),
    Border("northwest_territory", "ontario", LAND),
    Border("northwest_territory", "greenland", DOTTED, "Nares Strait"),
    Border("alberta", "ontario", LAND),
    Border("alberta", "western_united_states", LAND),
    Border("ontario", "quebec", LAND),
    Border("ontario", "greenland", DOTTED, "Baffin Bay"),
    Border("ontario", "western_united_states", LAND),
    Border("ontario", "eastern_united_states", LAND, "the Great Lakes"),
    Border("quebec", "greenland", DOTTED, "Labrador Sea"),
    Border("quebec", "eastern_united_states", LAND),
    Border("western_united_states", "eastern_united_states", LAND),
    Border("western_united_states", "central_america", LAND, "Rio Grande"),
    Border("eastern_united_states", "central_america", LAND),
    # South America
    Border("central_america", "venezuela", LAND, "Isthmus of Panama"),
    Border("venezuela", "peru", LAND),
    Border("venezuela", "brazil", LAND),
    Border("peru", "brazil", LAND),
    Border("peru", "argentina", LAND),
    Border("brazil", "argentina", LAND),
    # Europe
    Border("iceland", "great_britain", DOTTED),
    Border("iceland", "scandinavia", DOTTED, "Norwegian Sea"),
    Border("great_britain", "scandinavia", DOTTED, "North Sea"),
    Border("great_britain", "northern_europe", DOTTED, "North Sea"),
    Border("great_britain", "western_europe", DOTTED, "the Channel"),
    Border("scandinavia", "northern_europe", DOTTED, "the Sound"),
    Border("scandinavia", "ukraine", LAND, "Karelia"),
    Border("northern_europe", "western_europe", LAND, "Rhine"),
    Border("northern_europe", "southern_europe", LAND, "Alps"),
    Border("northern_europe", "ukraine", LAND),
    Border("western_europe", "southern_europe", LAND),
    Border("southern_europe", "ukraine", LAND),
    # Africa
    Border("north_africa", "egypt", LAND),
    Border("north_africa", "east_africa", LAND),
    Border("north_africa", "congo", LAND),
    Border("egypt", "east_africa", LAND),
    Border("east_africa", "congo", LAND),
    Border("east_africa", "south_africa", LAND),
    Border("east_africa", "madagascar", DOTTED, "Mozambique Channel"),
    Border("congo", "south_africa", LAND),
    Border("south_africa", "madagascar", DOTTED, "Mozambique Channel"),
    # Asia
    Border("ural", "siberia", LAND),
    Border("ural", "afghanistan", LAND),
    Border("ural", "china", LAND),
    Border("siberia", "yakutsk", LAND),
    Border("siberia", "irkutsk", LAND),
    Border("siberia", "mongolia", LAND),
    Border("siberia", "china", LAND, "Altai"),
    Border("yakutsk", "irkutsk", LAND),
    Border("yakutsk", "kamchatka", LAND),
    Border("irkutsk", "kamchatka", LAND),
    Border("irkutsk", "mongolia", LAND),
    Border("kamchatka", "mongolia", LAND),
    Border("kamchatka", "japan", DOTTED, "La Perouse Strait"),
    Border("mongolia", "japan", DOTTED, "Sea of Japan"),
    Border("mongolia", "china", LAND, "the Great Wall"),
    Border("afghanistan", "china", LAND),
    Border("afghanistan", "india", LAND, "Khyber Pass"),
    Border("afghanistan", "middle_east", LAND),
    Border("china", "india", LAND, "Himalaya"),
    Border("china", "siam", LAND),
    Border("india", "siam", LAND),
    Border("india", "middle_east", LAND),
    # Australia
    Border("indonesia", "new_guinea", DOTTED),
    Border("indonesia", "western_australia", DOTTED, "Timor Sea"),
    Border("new_guinea", "western_australia", DOTTED, "Arafura Sea"),
    Border("new_guinea", "eastern_australia", DOTTED, "Torres Strait"),
    Border("western_australia", "eastern_australia", LAND),
    # Between the continents
    Border("alaska", "kamchatka", DOTTED, "Bering Strait, across the map's edge"),
    Border("greenland", "iceland", DOTTED, "Denmark Strait"),
    Border("brazil", "north_africa", DOTTED, "the Atlantic narrows"),
    Border("western_europe", "north_africa", DOTTED, "Strait of Gibraltar"),
    Border("southern_europe", "north_africa", DOTTED, "Strait of Sicily"),
    Border("southern_europe", "egypt", DOTTED, "the Eastern Mediterranean"),
    Border("southern_europe", "middle_east", DOTTED, "the Bosporus"),
    Border("ukraine", "ural", LAND, "Urals"),
    Border("ukraine", "afghanistan", LAND),
    Border("ukraine", "middle_east", LAND, "Caucasus"),
    Border("egypt", "middle_east", LAND, "Sinai"),
    Border("east_africa", "middle_east", DOTTED, "Bab-el-Mandeb"),
    Border("siam", "indonesia", DOTTED, "Strait of Malacca"),
]

GRAPH = BoardGraph(
    name="Classic World Map",
    description=DESCRIPTION,
    author="Castellan contributors",
    licence="CC0-1.0",
    all_independents_bonus=0,
    groups=GROUPS,
    seas=SEAS,
    territories=TERRITORIES,
    borders=BORDERS,
)
