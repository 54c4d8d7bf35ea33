//! What one seat may know of a game, read in place: the board, every territory's owner
//! and armies, castles, truces, the track, others' hand sizes, and its own cards and
//! hidden armies; in classic Risk, its own territory cards and mission and the size of
//! every hand. Bots see a game only through this window, without the copying a
//! [`SeatView`](crate::game::SeatView) costs.

use rand::Rng;

use crate::board::{Board, CardSymbol, GroupId, TerritoryId};
use crate::game::{
    Card, Decision, Game, Hand, HiddenArmy, Mission, Pending, Seat, SpoilsBreakdown, TerritoryCard,
    TerritoryState, Truce,
};
use crate::variant::{Ruleset, Variant};

/// One seat's window on a game. It offers only what that seat may know: the public
/// board and cards on the table, its own hand and hidden armies, and the hand it is
/// spying on while it chooses a card to discard.
#[derive(Copy, Clone, Debug)]
pub struct SeatSight<'a> {
    game: &'a Game,
    seat: Seat,
}

impl<'a> SeatSight<'a> {
    /// `seat`'s window on `game`. `seat` must be one of the game's seats.
    pub fn new(game: &'a Game, seat: Seat) -> Self {
        assert!(seat.index() < game.seats(), "{seat} is not at this table");
        Self { game, seat }
    }

    /// Whose window this is.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The board the game is played on.
    pub fn board(&self) -> &'a Board {
        self.game.board()
    }

    /// The land and dotted neighbours of a territory, land first (as
    /// [`Board::neighbours`], from a compact table).
    pub fn neighbours(&self, id: TerritoryId) -> &'a [TerritoryId] {
        self.game.reach().neighbours(id)
    }

    /// Whether the Admiral may sail between two territories (as
    /// [`Board::share_a_sea`], from a compact table).
    pub fn share_a_sea(&self, a: TerritoryId, b: TerritoryId) -> bool {
        self.game.reach().share_a_sea(a, b)
    }

    /// Number of seats at the table (eliminated ones included).
    pub fn seats(&self) -> usize {
        self.game.seats()
    }

    /// Every seat, in seat order.
    pub fn seat_ids(&self) -> impl ExactSizeIterator<Item = Seat> + 'a {
        self.game.seat_ids()
    }

    /// Who holds a territory (`None` when empty).
    pub fn owner(&self, id: TerritoryId) -> Option<Seat> {
        self.game.owner(id)
    }

    /// Armies on a territory.
    pub fn armies(&self, id: TerritoryId) -> u32 {
        self.game.armies(id)
    }

    /// Whether this seat holds the territory.
    pub fn is_mine(&self, id: TerritoryId) -> bool {
        self.game.owner(id) == Some(self.seat)
    }

    /// Where a seat's castle stands (`None` before setup places it, or after it fell).
    pub fn castle(&self, seat: Seat) -> Option<TerritoryId> {
        self.game.castle(seat)
    }

    /// The seat whose castle stands on this territory.
    pub fn castle_at(&self, id: TerritoryId) -> Option<Seat> {
        self.game.castle_at(id)
    }

    /// Whether a seat is out of the game.
    pub fn is_eliminated(&self, seat: Seat) -> bool {
        self.game.is_eliminated(seat)
    }

    /// Whether `a` and `b` are in truce.
    pub fn in_truce(&self, a: Seat, b: Seat) -> bool {
        self.game.in_truce(a, b)
    }

    /// How many cards a seat holds (everyone may count them).
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.game.hand(seat).len()
    }

    /// This seat's own cards.
    pub fn hand(&self) -> Hand {
        self.game.hand(self.seat)
    }

    /// This seat's own hidden-army slips.
    pub fn hidden_armies(&self) -> &'a [HiddenArmy] {
        self.game.hidden_armies(self.seat)
    }

    /// The hand this seat saw with a Spy, while it chooses the card to discard.
    pub fn spied_hand(&self) -> Option<(Seat, Hand)> {
        match self.game.pending()? {
            Pending {
                seat,
                decision: Decision::SpyDiscard { target },
            } if seat == self.seat => Some((target, self.game.hand(target))),
            _ => None,
        }
    }

    /// Reinforcement cards on the track.
    pub fn track(&self) -> usize {
        self.game.track()
    }

    /// Whether every number of the track is covered (hidden armies will not grow).
    pub fn track_full(&self) -> bool {
        self.game.track() >= self.game.variant().reinforcement_track.len()
    }

    /// Armies hidden armies would bring if revealed now.
    pub fn hidden_army_size(&self) -> u32 {
        self.game.hidden_army_size()
    }

    /// The castle-attack dice limit of the variant.
    pub fn castle_dice_limit(&self) -> u8 {
        self.game.variant().castle_dice_limit
    }

    /// Turns begun so far.
    pub fn turn_number(&self) -> u32 {
        self.game.turn_number()
    }

    /// The decision the game awaits (public: everyone sees whose move it is).
    pub fn pending(&self) -> Option<Pending> {
        self.game.pending()
    }

    /// Every territory's owner and armies, indexed by territory id.
    pub fn territories(&self) -> &'a [TerritoryState] {
        self.game.territories()
    }

    /// The rules of the game.
    pub fn variant(&self) -> &'a Variant {
        self.game.variant()
    }

    /// Seats still in the game.
    pub fn seats_in_play(&self) -> usize {
        self.game.seats_in_play()
    }

    /// Whose turn it is (`None` during setup and once won).
    pub fn turn_seat(&self) -> Option<Seat> {
        self.game.turn_seat()
    }

    /// Whether setup is over.
    pub fn setup_done(&self) -> bool {
        self.game.setup_done()
    }

    /// The empire a seat drew at setup (its own banner).
    pub fn empire(&self, seat: Seat) -> Option<GroupId> {
        self.game.empire(seat)
    }

    /// Banners a seat has captured (its own not included).
    pub fn captured_banners(&self, seat: Seat) -> &'a [GroupId] {
        self.game.captured_banners(seat)
    }

    /// Starting armies a seat still has to place during setup.
    pub fn armies_to_place(&self, seat: Seat) -> u32 {
        self.game.armies_to_place(seat)
    }

    /// What a seat would collect if its turn ended now (public arithmetic).
    pub fn spoils_for(&self, seat: Seat) -> SpoilsBreakdown {
        self.game.spoils_for(seat)
    }

    /// Armies the next `cards` Reinforcement cards played would bring.
    pub fn reinforcement_armies(&self, cards: u8) -> u32 {
        self.game.reinforcement_armies(cards)
    }

    /// Unrevealed hidden-army slips a seat holds (where they lie is secret).
    pub fn hidden_armies_left(&self, seat: Seat) -> usize {
        self.game.hidden_armies_left(seat)
    }

    /// The discard pile, face up, latest last.
    pub fn discards(&self) -> &'a [Card] {
        self.game.discards()
    }

    /// Cards left in the draw pile (their order is secret).
    pub fn draw_pile_len(&self) -> usize {
        self.game.draw_pile_len()
    }

    /// Truces in force.
    pub fn truces(&self) -> &'a [Truce] {
        self.game.truces()
    }

    /// Whether Diplomats can be played now.
    pub fn diplomats_in_use(&self) -> bool {
        self.game.diplomats_in_use()
    }

    /// Classic Risk: this seat's own territory cards.
    pub fn territory_cards(&self) -> &'a [TerritoryCard] {
        self.game.territory_cards(self.seat)
    }

    /// The territory on a classic card (`None`: a wild card).
    pub fn card_territory(&self, card: TerritoryCard) -> Option<TerritoryId> {
        self.game.card_territory(card)
    }

    /// The symbol on a classic card (`None`: a wild card).
    pub fn card_symbol(&self, card: TerritoryCard) -> Option<CardSymbol> {
        self.game.card_symbol(card)
    }

    /// The ruleset of the game.
    pub fn ruleset(&self) -> Ruleset {
        self.game.ruleset()
    }

    /// Whether the game is classic Risk.
    pub fn is_classic(&self) -> bool {
        self.game.ruleset() == Ruleset::Classic
    }

    /// Classic Risk: how many territory cards a seat holds (everyone may count them).
    pub fn territory_card_count(&self, seat: Seat) -> usize {
        self.game.territory_cards(seat).len()
    }

    /// Classic Risk: sets traded so far in the game.
    pub fn sets_traded(&self) -> u32 {
        self.game.sets_traded()
    }

    /// Classic Risk: what the next set traded brings (`None` with the fixed table).
    pub fn next_set_value(&self) -> Option<u32> {
        self.game.next_set_value()
    }

    /// Classic Risk: what these three cards bring if traded now (`None`: no set).
    pub fn set_value(&self, cards: &[TerritoryCard; 3]) -> Option<u32> {
        self.game
            .set_kind(cards)
            .map(|kind| self.game.set_value(kind))
    }

    /// Classic Risk: the sets this seat could trade from its hand.
    pub fn tradeable_sets(&self) -> Vec<[TerritoryCard; 3]> {
        self.game.tradeable_sets(self.seat)
    }

    /// Classic Risk: the new armies a seat's turn would bring now, from territories
    /// and from whole continents (public arithmetic).
    pub fn new_armies(&self, seat: Seat) -> (u32, u32) {
        self.game.classic_new_armies(seat)
    }

    /// Classic Risk: whether a seat is the neutral army of a two-player game.
    pub fn is_neutral(&self, seat: Seat) -> bool {
        self.game.is_neutral(seat)
    }

    /// Classic Risk with missions: this seat's own secret mission.
    pub fn mission(&self) -> Option<&'a Mission> {
        self.game.mission(self.seat)
    }

    /// Turns ended since a territory was last taken in an attack (ruling 24).
    pub fn quiet_turns(&self) -> u32 {
        self.game.quiet_turns()
    }

    /// Whether the turn's seat has a General committed for the rest of its turn.
    pub fn general_committed(&self) -> bool {
        self.game.general_committed()
    }

    /// Whether the defender committed a Marshall to the attack in progress.
    pub fn marshall_committed(&self) -> bool {
        self.game.marshall_committed()
    }

    /// A world this seat could not tell from the real one, drawn with `rng`, to look
    /// ahead in: what the seat sees is as it is; other hands, other seats' unrevealed
    /// slips, the draw pile's order, the seed and the dice to come are drawn afresh
    /// from what it can infer (unseen cards dealt at random with the hands' sizes,
    /// slips mostly under their holder's land). The world keeps no history.
    ///
    /// Nothing secret is read: two games differing only in what this seat cannot see
    /// give equal worlds for equal `rng` states.
    pub fn sample_world(&self, rng: &mut dyn Rng) -> Game {
        self.game.imagined_by(self.seat, rng)
    }
}
