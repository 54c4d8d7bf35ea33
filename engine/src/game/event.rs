//! Events: what happened after each action, each addressed to its audience so that
//! views, logs and animations show each seat only what it may know.

use crate::board::{GroupId, TerritoryId};
use serde::{Deserialize, Serialize};

use super::action::Placement;
use super::card::{Card, Hand};
use super::classic::{Mission, TerritoryCard};
use super::seat::Seat;

/// Who may see an event.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    /// Every seat and every spectator.
    Everyone,
    /// Only this seat (its own card draws, its hidden-army choice, a spied hand).
    Seat(Seat),
    /// Everyone except this seat, which gets a fuller private event instead.
    AllBut(Seat),
}

/// One thing that happened, with its audience.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub audience: Audience,
    pub kind: EventKind,
}

impl Event {
    pub(crate) fn public(kind: EventKind) -> Self {
        Self {
            audience: Audience::Everyone,
            kind,
        }
    }

    pub(crate) fn private(seat: Seat, kind: EventKind) -> Self {
        Self {
            audience: Audience::Seat(seat),
            kind,
        }
    }

    pub(crate) fn all_but(seat: Seat, kind: EventKind) -> Self {
        Self {
            audience: Audience::AllBut(seat),
            kind,
        }
    }

    /// Whether `seat` may see this event.
    pub fn visible_to(&self, seat: Seat) -> bool {
        match self.audience {
            Audience::Everyone => true,
            Audience::Seat(s) => s == seat,
            Audience::AllBut(s) => s != seat,
        }
    }

    /// Whether a spectator (no seat) may see this event.
    pub fn is_public(&self) -> bool {
        !matches!(self.audience, Audience::Seat(_))
    }
}

/// Why armies were put on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlacementReason {
    /// Starting armies, during setup.
    Setup,
    /// Armies of Reinforcement cards, before the turn's first attack.
    Reinforcements,
    /// Spoils, at the end of the turn.
    Spoils,
}

/// Why armies moved between territories.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveReason {
    /// Into a captured territory.
    MoveIn,
    /// Off the Admiral's ship after a won attack by sea.
    Landing,
    /// Onto a vacated territory after a castle fell.
    Fill,
    /// Into an empty territory, without a battle.
    Occupy,
    /// Classic fortify (variant).
    Fortify,
}

/// Why an attack ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AttackEnd {
    /// The territory was captured.
    Captured,
    /// The attacker stopped.
    Stopped,
    /// The attacking territory is down to 1 army.
    OutOfArmies,
    /// Every army on the Admiral's ship was lost.
    ShipLost,
}

/// What a seat's spoils were made of (ruling 20).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpoilsBreakdown {
    /// Wholly held empires and what each gave.
    pub empires: Vec<(GroupId, u32)>,
    /// Wholly held independent regions and what each gave (per-region house rule).
    pub regions: Vec<(GroupId, u32)>,
    /// The all-independents bonus, when earned.
    pub all_independents: u32,
    /// Captured banners on the seat's castle, and what they gave.
    pub banners: u32,
    pub banner_armies: u32,
    /// Everything added up.
    pub total: u32,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum EventKind {
    // --- Setup ---
    /// The high roller: this seat places its castle first and starts each setup round.
    SetupStarts { seat: Seat },
    /// A seat drew this empire's banner; its castle goes in that empire.
    EmpireDrawn { seat: Seat, empire: GroupId },
    /// A castle and its first army were placed.
    CastlePlaced { seat: Seat, territory: TerritoryId },
    /// 1 army was put on an unoccupied territory.
    TerritoryClaimed { seat: Seat, territory: TerritoryId },
    /// Armies were put on own territories.
    ArmiesPlaced {
        seat: Seat,
        placements: Vec<Placement>,
        reason: PlacementReason,
    },
    /// A seat hid its armies; `territory` is only given to that seat.
    ArmiesHidden {
        seat: Seat,
        territory: Option<TerritoryId>,
    },
    /// The first player of the game, chosen at random.
    FirstPlayer { seat: Seat },

    // --- Turns and cards ---
    /// A seat's turn began (`turn` counts turns from 1).
    TurnStarted { seat: Seat, turn: u32 },
    /// A seat drew a card; `card` is only given to that seat.
    CardDrawn { seat: Seat, card: Option<Card> },
    /// A Diplomat drawn where Diplomats are not used: discarded face up, to be replaced.
    DiplomatReplaced { seat: Seat },
    /// The discard pile was shuffled into a new draw pile.
    DeckReshuffled { cards: u32 },
    /// Reinforcement cards went on the track (`first_slot` is 0-based), worth `armies`.
    ReinforcementsPlayed {
        seat: Seat,
        cards: u8,
        first_slot: u16,
        armies: u32,
    },
    /// A Diplomat: neither may attack the other until the target's next turn has ended.
    TruceMade { seat: Seat, target: Seat },
    /// The truce is over; its Diplomat is discarded.
    TruceEnded { seat: Seat, target: Seat },
    /// A Spy was played on `target`, who may answer with a Spy.
    SpyPlayed { seat: Seat, target: Seat },
    /// The target answered with a Spy: both are discarded, nothing is seen.
    SpyCountered { seat: Seat, target: Seat },
    /// The hand the spy saw (only to the spy).
    HandSeen {
        seat: Seat,
        target: Seat,
        hand: Hand,
    },
    /// The spy discarded this card from the target's hand, face up.
    CardDiscardedBySpy {
        seat: Seat,
        target: Seat,
        card: Card,
    },
    /// Diplomats out of use (two seats left): those held leave the hands at the end of
    /// the turn, each replaced by a card drawn.
    DiplomatsDiscarded { seat: Seat, count: u8 },
    /// Hidden armies came out on an own territory.
    HiddenArmiesRevealed {
        seat: Seat,
        territory: TerritoryId,
        armies: u32,
    },

    // --- Attacks ---
    /// An attack began, by land or (with `ship`) by sea.
    AttackStarted {
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
        defender: Seat,
        /// Armies aboard the Admiral's ship, for an attack by sea.
        ship: Option<u32>,
    },
    /// The attacker committed a General for the rest of the turn.
    GeneralCommitted { seat: Seat },
    /// The defender committed a Marshall for the rest of the attack.
    MarshallCommitted { seat: Seat },
    /// One battle: the faces rolled (in the order rolled), whether a General and
    /// a Marshall were committed, and the armies each side lost.
    DiceRolled {
        attacker: Seat,
        defender: Seat,
        attack: Vec<u8>,
        defence: Vec<u8>,
        general: bool,
        marshall: bool,
        attacker_losses: u8,
        defender_losses: u8,
    },
    /// Armies removed after a roll: from `territory`, or from the Admiral's ship off
    /// `territory` when `aboard`.
    ArmiesLost {
        seat: Seat,
        territory: TerritoryId,
        armies: u32,
        aboard: bool,
    },
    /// A committed card lost per the dice: discarded.
    CardLost { seat: Seat, card: Card },
    /// A committed card that survived went back to its owner's hand.
    CardReturned { seat: Seat, card: Card },
    /// The attack is over.
    AttackEnded {
        from: TerritoryId,
        to: TerritoryId,
        reason: AttackEnd,
    },
    /// A territory changed hands by conquest (its armies move in next).
    TerritoryTaken {
        seat: Seat,
        territory: TerritoryId,
        from: Option<Seat>,
    },
    /// Armies moved; the destination is the mover's afterwards.
    ArmiesMoved {
        seat: Seat,
        from: TerritoryId,
        to: TerritoryId,
        armies: u32,
        reason: MoveReason,
    },

    // --- Castles ---
    /// A castle fell: its owner is out of the game.
    CastleTaken {
        seat: Seat,
        territory: TerritoryId,
        owner: Seat,
    },
    /// Every banner on the fallen castle went to the victor's castle.
    BannersMoved {
        from: Seat,
        to: Seat,
        banners: Vec<GroupId>,
    },
    /// A seat is out of the game.
    SeatEliminated { seat: Seat, by: Seat },
    /// The victor took the loser's cards; `hand` is only given to the victor.
    CardsTaken {
        seat: Seat,
        from: Seat,
        count: u32,
        hand: Option<Hand>,
    },
    /// The victor took the loser's unrevealed hidden armies.
    HiddenArmiesTaken { seat: Seat, from: Seat, count: u32 },
    /// These territories were left vacated by the loser: to be filled.
    TerritoriesVacated { territories: Vec<TerritoryId> },
    /// Nobody would or could fill these; they stay empty.
    TerritoriesLeftEmpty { territories: Vec<TerritoryId> },

    // --- End of turn ---
    /// The spoils a seat collects at the end of its turn.
    Spoils {
        seat: Seat,
        breakdown: SpoilsBreakdown,
    },
    /// A seat's turn is over.
    TurnEnded { seat: Seat },
    /// The last castle standing: the game is won.
    GameWon { seat: Seat },
    /// No territory was taken in an attack for `rounds` full rounds: the game ends in
    /// a draw (ruling 24).
    GameDrawn { rounds: u32 },

    // --- Card trading (ruling 25) ---
    /// `seat` offers `give` to `target`, asking `ask` in return.
    CardsOffered {
        seat: Seat,
        target: Seat,
        give: Hand,
        ask: Hand,
    },
    /// `target` accepted: `give` went from `seat` to `target`, `ask` the other way.
    OfferAccepted {
        seat: Seat,
        target: Seat,
        give: Hand,
        ask: Hand,
    },
    /// `target` refused `seat`'s offer; no card moved.
    OfferRefused { seat: Seat, target: Seat },

    // --- The limit on armies (ruling 26) ---
    /// These armies were not placed: the board would have held more than
    /// [`crate::game::MAX_ARMIES_ON_BOARD`].
    ArmiesForfeited { seat: Seat, armies: u32 },

    // --- Classic Risk ---
    /// The turn's new armies: `territories` for the territories held (at least the
    /// minimum), `continents` for the whole continents.
    NewArmies {
        seat: Seat,
        territories: u32,
        continents: u32,
    },
    /// `seat` traded these cards (shown to all) for `armies` new armies, the `set`-th
    /// set traded in the game; `bonus` armies went at once onto `bonus_territory`.
    SetTraded {
        seat: Seat,
        cards: [TerritoryCard; 3],
        set: u32,
        armies: u32,
        bonus_territory: Option<TerritoryId>,
        bonus: u32,
    },
    /// `seat` drew a territory card (which one: only for itself).
    TerritoryCardDrawn {
        seat: Seat,
        card: Option<TerritoryCard>,
    },
    /// The traded sets were shuffled into a new draw pile of `cards` cards.
    TerritoryCardsReshuffled { cards: u32 },
    /// `seat` took `count` territory cards from `from`, whom it eliminated (which:
    /// only for itself).
    TerritoryCardsTaken {
        seat: Seat,
        from: Seat,
        count: u32,
        cards: Option<Vec<TerritoryCard>>,
    },
    /// `seat` took so many cards that it trades at once (classic Risk).
    MustTradeDown { seat: Seat, cards: u32 },
    /// A secret mission dealt (what it says: only for its holder).
    MissionDealt {
        seat: Seat,
        mission: Option<Mission>,
    },
    /// A mission's target was eliminated by someone else: the mission is now
    /// `mission` (only for its holder).
    MissionChanged {
        seat: Seat,
        mission: Option<Mission>,
    },
    /// `seat` completed its secret mission, shown to all.
    MissionCompleted { seat: Seat, mission: Mission },
}
