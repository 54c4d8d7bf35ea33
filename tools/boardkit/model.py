"""The board as the rules see it: groups, seas, territories and borders.

Each generator describes its board with these records in a `*_graph.py` module; the
checks, the board file writer and the preview read them from a `BoardGraph`.
"""

from dataclasses import dataclass


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
    """A territory, with the seas its coast touches (none when landlocked) and, on a
    board with a classic deck, the symbol on its card (one of `CARD_SYMBOLS`)."""

    id: str
    name: str
    group: str
    coasts: tuple[str, ...]
    card_symbol: str | None = None


@dataclass(frozen=True)
class Border:
    """Two territories that touch: by land, or by a dotted line across water."""

    a: str
    b: str
    dotted: bool
    note: str = ""


LAND, DOTTED = False, True

# The symbols of a classic territory card, as the board file writes them.
CARD_SYMBOLS = ("infantry", "cavalry", "artillery")


@dataclass(frozen=True)
class BoardGraph:
    """A whole board: what it is called and how its territories connect."""

    name: str
    description: str
    author: str
    licence: str
    all_independents_bonus: int
    groups: list[Group]
    seas: list[Sea]
    territories: list[Territory]
    borders: list[Border]

    def group_of(self, territory_id: str) -> Group:
        """The group a territory belongs to."""
        group_id = next(t.group for t in self.territories if t.id == territory_id)
        return next(g for g in self.groups if g.id == group_id)

    @property
    def empire_ids(self) -> set[str]:
        return {g.id for g in self.groups if g.is_empire}
