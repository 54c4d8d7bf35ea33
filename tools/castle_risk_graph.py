"""The Castle Risk board as the rules see it: groups, seas, territories and borders.

Transcribed from the reconstruction in `castle-board.md` (the project's shared
reference): 44 territories, 6 empires, 3 independent regions, 2 seas and 85 borders
(77 land, 8 dotted). Territories and borders keep the reference's order. The notes
on borders are short reminders of the geography behind each one; they become
comments in the generated board file.
"""

from dataclasses import dataclass

BOARD_NAME = "Castle Risk"
BOARD_DESCRIPTION = (
    "Nineteenth-century Europe as on the Parker Brothers board of 1986: six empires, each "
    "with a castle to defend, and the independent lands of Italy, Spain and Scandinavia. "
    "The original board data is not published, so this is a reconstruction from the "
    "rules and from geography, on a map drawn afresh."
)
BOARD_AUTHOR = "Castellan contributors"
BOARD_LICENCE = "CC0-1.0"
ALL_INDEPENDENTS_BONUS = 6


@dataclass(frozen=True)
class Group:
    """An empire (castles allowed) or an independent region."""

    id: str
    name: str
    is_empire: bool
    bonus: int
    colour: str


@dataclass(frozen=True)
class Sea:
    """A body of water; the Admiral sails only between coasts of the same sea."""

    id: str
    name: str


@dataclass(frozen=True)
class Territory:
    """A territory, with the seas its coast touches (none when landlocked)."""

    id: str
    name: str
    group: str
    coasts: tuple[str, ...]


@dataclass(frozen=True)
class Border:
    """Two territories that touch: by land, or by a dotted line across water."""

    a: str
    b: str
    dotted: bool
    note: str = ""


# Empire tints follow the Okabe-Ito palette (vermillion, blue, yellow, bluish green,
# reddish purple, orange), softened for large areas: its hues stay apart for the
# common forms of colour blindness. The independents share pale, unsaturated tints so
# that they read as neutral ground.
GROUPS = [
    Group("british", "British Empire", True, 4, "#cf6a45"),
    Group("french", "French Empire", True, 4, "#4f86c0"),
    Group("german", "German Empire", True, 4, "#ead85e"),
    Group("austrian", "Austrian Empire", True, 4, "#3fa386"),
    Group("russian", "Russian Empire", True, 4, "#b97aa3"),
    Group("ottoman", "Ottoman Empire", True, 4, "#d98a2b"),
    Group("italy", "Italy", False, 2, "#e6ddca"),
    Group("spain", "Spain", False, 2, "#ddd2bd"),
    Group("scandinavia", "Scandinavia", False, 2, "#d6dbd8"),
]

SEAS = [
    Sea("main", "Atlantic, Baltic and Mediterranean"),
    Sea("black", "Black Sea"),
]

TERRITORIES = [
    Territory("london", "London", "british", ("main",)),
    Territory("wales", "Wales", "british", ("main",)),
    Territory("ireland", "Ireland", "british", ("main",)),
    Territory("yorkshire", "Yorkshire", "british", ("main",)),
    Territory("scotland", "Scotland", "british", ("main",)),
    Territory("paris", "Paris", "french", ("main",)),
    Territory("gascony", "Gascony", "french", ("main",)),
    Territory("netherlands", "Netherlands", "french", ("main",)),
    Territory("brittany", "Brittany", "french", ("main",)),
    Territory("marseille", "Marseille", "french", ("main",)),
    Territory("burgundy", "Burgundy", "french", ()),
    Territory("prussia", "Prussia", "german", ("main",)),
    Territory("berlin", "Berlin", "german", ("main",)),
    Territory("saxony", "Saxony", "german", ("main",)),
    Territory("rhine", "Rhine", "german", ()),
    Territory("bavaria", "Bavaria", "german", ()),
    Territory("trieste", "Trieste", "austrian", ("main",)),
    Territory("galicia", "Galicia", "austrian", ()),
    Territory("vienna", "Vienna", "austrian", ()),
    Territory("bohemia", "Bohemia", "austrian", ()),
    Territory("hungary", "Hungary", "austrian", ()),
    Territory("saint_petersburg", "Saint Petersburg", "russian", ("main",)),
    Territory("moscow", "Moscow", "russian", ()),
    Territory("livonia", "Livonia", "russian", ("main",)),
    Territory("smolensk", "Smolensk", "russian", ()),
    Territory("ukraine", "Ukraine", "russian", ("black",)),
    Territory("poland", "Poland", "russian", ()),
    Territory("turkey", "Turkey", "ottoman", ("main", "black")),
    Territory("montenegro", "Montenegro", "ottoman", ("main",)),
    Territory("serbia", "Serbia", "ottoman", ()),
    Territory("romania", "Romania", "ottoman", ("black",)),
    Territory("bulgaria", "Bulgaria", "ottoman", ("black",)),
    Territory("greece", "Greece", "ottoman", ("main",)),
    Territory("switzerland", "Switzerland", "italy", ()),
    Territory("venice", "Venice", "italy", ("main",)),
    Territory("rome", "Rome", "italy", ("main",)),
    Territory("naples", "Naples", "italy", ("main",)),
    Territory("barcelona", "Barcelona", "spain", ("main",)),
    Territory("madrid", "Madrid", "spain", ("main",)),
    Territory("portugal", "Portugal", "spain", ("main",)),
    Territory("sweden", "Sweden", "scandinavia", ("main",)),
    Territory("norway", "Norway", "scandinavia", ("main",)),
    Territory("denmark", "Denmark", "scandinavia", ("main",)),
    Territory("finland", "Finland", "scandinavia", ("main",)),
]

LAND, DOTTED = False, True

BORDERS = [
    Border("scotland", "yorkshire", LAND, "Anglo-Scottish border"),
    Border("yorkshire", "london", LAND, "Northern England - South-East"),
    Border("yorkshire", "wales", LAND, "Northern England - Welsh Marches"),
    Border("wales", "london", LAND, "Welsh Marches - South-East"),
    Border("ireland", "scotland", DOTTED, "North Channel"),
    Border("ireland", "wales", DOTTED, "Irish Sea"),
    Border("scotland", "norway", DOTTED, "North Sea; the only British-Norwegian link"),
    Border("london", "paris", DOTTED, "Strait of Dover"),
    Border("brittany", "paris", LAND, "Normandy"),
    Border("brittany", "gascony", LAND, "Loire, Poitou"),
    Border("paris", "netherlands", LAND, "Picardy, Artois - Belgium"),
    Border("paris", "burgundy", LAND, "Champagne"),
    Border("paris", "gascony", LAND, "Loire - Aquitaine"),
    Border("netherlands", "burgundy", LAND, "Luxembourg - Lorraine"),
    Border("burgundy", "marseille", LAND, "Rhone valley"),
    Border("burgundy", "gascony", LAND, "Massif Central"),
    Border("gascony", "marseille", LAND, "Languedoc"),
    Border("gascony", "barcelona", LAND, "Pyrenees; France reaches Spain only through Barcelona"),
    Border("marseille", "barcelona", LAND, "Roussillon - Catalonia"),
    Border("marseille", "venice", LAND, "Nice - Piedmont"),
    Border("burgundy", "switzerland", LAND, "Jura, Geneva"),
    Border("netherlands", "rhine", LAND, "Low Countries - Rhineland"),
    Border("burgundy", "rhine", LAND, "Lorraine - Palatinate"),
    Border("burgundy", "bavaria", LAND, "Alsace - Baden, across the Rhine"),
    Border("portugal", "madrid", LAND),
    Border("madrid", "barcelona", LAND),
    Border("switzerland", "venice", LAND),
    Border("venice", "rome", LAND),
    Border("rome", "naples", LAND),
    Border("norway", "sweden", LAND),
    Border("sweden", "finland", LAND, "Tornio, at the head of the Gulf of Bothnia"),
    Border("denmark", "sweden", DOTTED, "Oresund; named in the rules"),
    Border("denmark", "norway", DOTTED, "Skagerrak"),
    Border("rhine", "saxony", LAND),
    Border("rhine", "bavaria", LAND),
    Border("saxony", "bavaria", LAND, "Thuringia - Franconia"),
    Border("saxony", "berlin", LAND),
    Border("berlin", "prussia", LAND, "Pomerania - West Prussia"),
    Border("saxony", "denmark", LAND, "Holstein - Schleswig"),
    Border("bavaria", "switzerland", LAND, "Lake Constance"),
    Border("saxony", "bohemia", LAND, "Ore Mountains"),
    Border("bavaria", "bohemia", LAND, "Bohemian Forest"),
    Border("bavaria", "vienna", LAND, "Upper Austria, Salzburg, Tyrol"),
    Border("prussia", "poland", LAND),
    Border("prussia", "livonia", LAND, "East Prussia - Lithuania"),
    Border("berlin", "poland", LAND, "Posen"),
    Border("bohemia", "vienna", LAND),
    Border("bohemia", "hungary", LAND, "Moravia - Upper Hungary"),
    Border("bohemia", "galicia", LAND, "Austrian Silesia"),
    Border("vienna", "hungary", LAND),
    Border("vienna", "trieste", LAND, "Styria, Carinthia - Carniola"),
    Border("hungary", "trieste", LAND, "Croatia"),
    Border("hungary", "galicia", LAND, "Carpathians"),
    Border("trieste", "venice", LAND, "Isonzo"),
    Border("vienna", "venice", LAND, "South Tyrol - Lombardy-Venetia"),
    Border("vienna", "switzerland", LAND, "Vorarlberg"),
    Border("trieste", "naples", DOTTED, "Adriatic crossing"),
    Border("hungary", "serbia", LAND, "Danube, Sava"),
    Border("hungary", "romania", LAND, "Transylvanian Alps"),
    Border("galicia", "romania", LAND, "Bukovina - Moldavia"),
    Border("trieste", "montenegro", LAND, "Dalmatia - Herzegovina"),
    Border("galicia", "poland", LAND),
    Border("galicia", "ukraine", LAND, "Podolia, Volhynia"),
    Border("saint_petersburg", "livonia", LAND),
    Border("saint_petersburg", "moscow", LAND),
    Border("saint_petersburg", "smolensk", LAND, "Pskov - Vitebsk"),
    Border("livonia", "smolensk", LAND),
    Border("livonia", "poland", LAND, "Lithuania - Congress Poland"),
    Border("smolensk", "moscow", LAND),
    Border("smolensk", "poland", LAND),
    Border("smolensk", "ukraine", LAND),
    Border("moscow", "ukraine", LAND),
    Border("poland", "ukraine", LAND),
    Border("saint_petersburg", "finland", LAND, "Karelian Isthmus"),
    Border("ukraine", "romania", LAND, "Prut, Bessarabia; the only Russian-Ottoman frontier"),
    Border("montenegro", "serbia", LAND),
    Border("montenegro", "greece", LAND, "Albania - Epirus"),
    Border("serbia", "romania", LAND, "Danube"),
    Border("serbia", "bulgaria", LAND),
    Border("serbia", "greece", LAND, "Macedonia"),
    Border("romania", "bulgaria", LAND, "Danube"),
    Border("bulgaria", "greece", LAND, "Rhodope Mountains"),
    Border("bulgaria", "turkey", LAND),
    Border("greece", "turkey", LAND, "Thrace"),
    Border("naples", "greece", DOTTED, "Strait of Otranto"),
]
