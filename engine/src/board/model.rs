//! The validated board: territories, groups, seas and borders as the rules see them.
//!
//! A [`Board`] only ever exists after every check of `board::load` has passed, so the
//! rest of the engine can index it without fear: every id is in range, every border is
//! symmetric, every territory is in exactly one group and the map is connected.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Index of a territory in [`Board::territories`]; stable for a given board file.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TerritoryId(pub u16);

/// Index of a group (empire or independent region) in [`Board::groups`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct GroupId(pub u16);

/// Index of a sea in [`Board::seas`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeaId(pub u16);

impl TerritoryId {
    /// The index into [`Board::territories`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl GroupId {
    /// The index into [`Board::groups`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl SeaId {
    /// The index into [`Board::seas`].
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// A point in board units (x grows eastwards, y southwards).
#[derive(Copy, Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Self {
        Self { x, y }
    }
}

/// Whether a group may hold a castle (an empire) or not (an independent region).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GroupKind {
    /// Castles stand here; holding it whole earns the empire's spoils bonus.
    Empire,
    /// No castle; counts towards the "all independents" bonus, and towards the
    /// per-region bonus of the house rule.
    Independent,
}

/// How two territories touch.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BorderKind {
    /// A shared land frontier.
    Land,
    /// A dotted line across water: adjacent for attacks, no Admiral needed.
    Dotted,
}

/// The symbol on a territory's card in the classic deck, where 14 cards bear each.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardSymbol {
    Infantry,
    Cavalry,
    Artillery,
}

impl CardSymbol {
    /// Every symbol, in the order the classic rules name them.
    pub const ALL: [CardSymbol; 3] = [Self::Infantry, Self::Cavalry, Self::Artillery];

    /// The word board files write for it (`"infantry"`).
    pub fn key(self) -> &'static str {
        match self {
            Self::Infantry => "infantry",
            Self::Cavalry => "cavalry",
            Self::Artillery => "artillery",
        }
    }

    /// The symbol a board file's word names, if any.
    pub fn from_key(key: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|symbol| symbol.key() == key)
    }
}

/// An sRGB colour given by the board designer for drawing (`"#rrggbb"` in files).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rgb {
    pub r: u8,
    pub g: u8,
    pub b: u8,
}

/// Descriptive data about a board file.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct BoardMeta {
    /// Version of the board file format the file was written for.
    pub format: u32,
    pub name: String,
    pub description: String,
    pub author: String,
    pub licence: String,
}

/// An empire or an independent region.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Group {
    /// Stable identifier used in files and saves (`"british"`).
    pub key: String,
    /// Display name (`"British Empire"`).
    pub name: String,
    pub kind: GroupKind,
    /// Armies earned at the end of a turn for holding the whole group. For an empire
    /// this is its spoils bonus; for an independent region it is the bonus of the
    /// "armies per independent region" house rule.
    pub bonus: u32,
    /// Tint for drawing, when the designer chose one.
    pub colour: Option<Rgb>,
    /// Territories of the group, in file order.
    pub territories: Vec<TerritoryId>,
}

/// A body of water. The Admiral sails only between coasts of the same sea.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Sea {
    pub key: String,
    pub name: String,
    /// Where to print the sea's name, if the designer said.
    pub label: Option<Point>,
    /// How far the name is turned, in degrees clockwise (-90 to 90): a long narrow
    /// sea's name runs along it. 0 unless the file says.
    #[serde(default)]
    pub label_angle: f64,
    /// Territories whose coast touches this sea, in file order.
    pub coasts: Vec<TerritoryId>,
    /// The sea's water as closed rings, for tinting it; empty when the file gives none.
    #[serde(default)]
    pub outline: Vec<Vec<Point>>,
}

/// Where to draw a territory. Outlines are optional: without them the map is drawn
/// from the anchor points alone.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
pub struct TerritoryGeometry {
    /// The territory's centre; the default for every other anchor.
    pub centre: Point,
    /// Where the army badge goes.
    pub badge: Point,
    /// Where the name goes.
    pub label: Point,
    /// Where a castle is drawn.
    pub castle: Point,
    /// Closed rings (each of at least 3 points); empty when the file gives no outline.
    /// Several rings draw a territory made of islands.
    pub outline: Vec<Vec<Point>>,
}

/// One territory of the board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Territory {
    /// Stable identifier used in files, saves and the protocol (`"london"`).
    pub key: String,
    /// Display name (`"London"`).
    pub name: String,
    pub group: GroupId,
    /// Seas its coast touches; empty when landlocked.
    pub seas: Vec<SeaId>,
    /// Territories sharing a land border, sorted by id.
    pub land: Vec<TerritoryId>,
    /// Territories joined by a dotted line, sorted by id.
    pub dotted: Vec<TerritoryId>,
    /// The symbol on the territory's card, on boards made for a classic deck; `None`
    /// when the board file does not say (the key is optional).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card_symbol: Option<CardSymbol>,
    pub geometry: TerritoryGeometry,
}

/// One border, listed once (`a < b`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Border {
    pub a: TerritoryId,
    pub b: TerritoryId,
    pub kind: BorderKind,
}

/// A complete, validated board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Board {
    pub meta: BoardMeta,
    /// Width and height of the drawing area, in board units.
    pub width: f64,
    pub height: f64,
    /// Armies for holding every independent territory at once (rulebook: 6).
    pub all_independents_bonus: u32,
    /// Whether the east and west edges of the drawing are one and the same meridian,
    /// as on a map of the whole world: a dotted line may cross them.
    #[serde(default)]
    pub wraps_around: bool,
    pub territories: Vec<Territory>,
    pub groups: Vec<Group>,
    pub seas: Vec<Sea>,
    /// Every border once, sorted.
    pub borders: Vec<Border>,
}

impl Board {
    /// The territory with this id. Ids come from this board, so this never fails for them.
    pub fn territory(&self, id: TerritoryId) -> &Territory {
        &self.territories[id.index()]
    }

    pub fn group(&self, id: GroupId) -> &Group {
        &self.groups[id.index()]
    }

    pub fn sea(&self, id: SeaId) -> &Sea {
        &self.seas[id.index()]
    }

    /// Every territory id, in file order.
    pub fn territory_ids(&self) -> impl ExactSizeIterator<Item = TerritoryId> + '_ {
        (0..self.territories.len()).map(|i| TerritoryId(i as u16))
    }

    /// Every group id, in file order.
    pub fn group_ids(&self) -> impl ExactSizeIterator<Item = GroupId> + '_ {
        (0..self.groups.len()).map(|i| GroupId(i as u16))
    }

    /// Looks a territory up by its stable key.
    pub fn territory_by_key(&self, key: &str) -> Option<TerritoryId> {
        self.territories
            .iter()
            .position(|t| t.key == key)
            .map(|i| TerritoryId(i as u16))
    }

    /// Looks a group up by its stable key.
    pub fn group_by_key(&self, key: &str) -> Option<GroupId> {
        self.groups
            .iter()
            .position(|g| g.key == key)
            .map(|i| GroupId(i as u16))
    }

    /// Looks a sea up by its stable key.
    pub fn sea_by_key(&self, key: &str) -> Option<SeaId> {
        self.seas
            .iter()
            .position(|s| s.key == key)
            .map(|i| SeaId(i as u16))
    }

    /// How `a` and `b` touch, if they do (land border or dotted line).
    pub fn border_between(&self, a: TerritoryId, b: TerritoryId) -> Option<BorderKind> {
        let t = self.territory(a);
        if t.land.binary_search(&b).is_ok() {
            Some(BorderKind::Land)
        } else if t.dotted.binary_search(&b).is_ok() {
            Some(BorderKind::Dotted)
        } else {
            None
        }
    }

    /// Whether an army may attack from `a` to `b` by land or dotted line.
    pub fn are_adjacent(&self, a: TerritoryId, b: TerritoryId) -> bool {
        self.border_between(a, b).is_some()
    }

    /// Land and dotted neighbours of `id`, land first.
    pub fn neighbours(&self, id: TerritoryId) -> impl Iterator<Item = TerritoryId> + '_ {
        let t = self.territory(id);
        t.land.iter().chain(t.dotted.iter()).copied()
    }

    /// Whether the Admiral may sail from `a` to `b`: both coasts touch a common sea.
    pub fn share_a_sea(&self, a: TerritoryId, b: TerritoryId) -> bool {
        // Ids, not the territories, are compared: comparing whole territories (names,
        // outlines) made this a hot spot of computer players.
        let (ta, tb) = (self.territory(a), self.territory(b));
        a != b && ta.seas.iter().any(|s| tb.seas.contains(s))
    }

    /// Whether the territory's group is an empire (castles allowed).
    pub fn is_in_empire(&self, id: TerritoryId) -> bool {
        self.group(self.territory(id).group).kind == GroupKind::Empire
    }

    /// Number of empires: the castle sites, one per seat at most.
    pub fn empire_count(&self) -> usize {
        self.groups
            .iter()
            .filter(|g| g.kind == GroupKind::Empire)
            .count()
    }

    /// Number of independent territories on the board.
    pub fn independent_territory_count(&self) -> usize {
        self.groups
            .iter()
            .filter(|g| g.kind == GroupKind::Independent)
            .map(|g| g.territories.len())
            .sum()
    }
}

impl fmt::Display for TerritoryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "territory #{}", self.0)
    }
}
