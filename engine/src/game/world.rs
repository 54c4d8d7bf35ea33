//! Imagined worlds: a copy of a game as one seat might picture it, for computer players
//! that look ahead. Everything the seat cannot know (other hands, other seats' hidden
//! slips, the draw pile's order, the seed and the dice to come) is thrown away and drawn
//! afresh from what it can know; nothing secret survives into the copy. In classic Risk
//! the same goes for the territory cards of other hands and the pile, and for other
//! seats' missions.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use super::Game;
use super::card::{Card, Hand};
use super::classic::{Mission, TerritoryCard, fallback_mission, mission_deck};
use super::rng::{Chance, Dice};
use super::seat::Seat;
use super::state::{HiddenArmy, Phase, SpyStage, Step};
use crate::board::TerritoryId;

/// Of another seat's unrevealed slips, the share imagined under its own land (the
/// rest anywhere a slip may lie): a slip hidden under someone else's territory is of
/// no use until it is taken, so players mostly hide under their own.
const SLIP_UNDER_OWN_LAND: f64 = 0.75;

impl Game {
    /// A world `seat` could not tell from this one, drawn with `rng`: the public board,
    /// cards on the table and `seat`'s own hand and slips as they are; the other hands
    /// dealt at random (with their sizes) from the cards `seat` has not seen, the rest
    /// shuffled into the draw pile; other seats' unrevealed slips put where they might
    /// lie; a new seed and random dice. The copy keeps no history and records none.
    ///
    /// Two games that differ only in what `seat` cannot see give the same world for the
    /// same `rng` state: the secrets are overwritten, never read.
    pub(crate) fn imagined_by(&self, seat: Seat, rng: &mut dyn Rng) -> Game {
        let mut world = Game {
            board: self.board.clone(),
            reach: self.reach.clone(),
            variant: self.variant.clone(),
            seed: rng.random(),
            state: self.state.clone(),
            chance: Chance::new(0, Dice::Random),
            history: Vec::new(),
            opening: Vec::new(),
            start: None,
            fixed_dice: None,
            dice_changed_mid_game: true,
            recording: false,
            history_incomplete: true,
            take_backs: Vec::new(),
        };
        world.chance = Chance::new(rng.random(), Dice::Random);
        world.deal_unseen_cards(seat, rng);
        world.scatter_unseen_slips(seat, rng);
        world.deal_unseen_territory_cards(seat, rng);
        world.deal_unseen_missions(seat, rng);
        world
    }

    /// Replaces the generator behind the dice, shuffles and draws to come with one
    /// seeded by `seed`, and the dice with random ones: for look-ahead copies of a game
    /// (a search gives every candidate it compares the same dice). The game can no
    /// longer be saved, as its seed no longer replays it.
    pub fn reseed_chance(&mut self, seed: u64) {
        self.chance = Chance::new(seed, Dice::Random);
        self.dice_changed_mid_game = true;
        self.history_incomplete = true;
        self.take_backs.clear();
    }

    /// Deals the cards `seat` has not seen: into the hands it cannot see (their sizes
    /// kept) and the draw pile (its length kept).
    fn deal_unseen_cards(&mut self, seat: Seat, rng: &mut dyn Rng) {
        // A hand seen with a Spy, while its card is being chosen, stays as seen.
        let spied = match &self.state.phase {
            Phase::Turn(turn) if turn.seat == seat => match turn.spy {
                Some(SpyStage::Choose { target }) => Some(target),
                _ => None,
            },
            _ => None,
        };
        let hidden_hand = |s: usize| s != seat.index() && Some(Seat(s as u8)) != spied;
        let mut unseen = self.unseen_cards(seat, spied);
        let wanted: usize = self.state.draw_pile.len()
            + (0..self.seats())
                .filter(|&s| hidden_hand(s))
                .map(|s| self.state.seats[s].hand.len())
                .sum::<usize>();
        // Only a described position with a deck of its own could make these differ:
        // the world is then as close as the counts allow.
        while unseen.len() < wanted {
            unseen.push(Card::Reinforcements);
        }
        unseen.shuffle(rng);
        unseen.truncate(wanted);
        for s in (0..self.seats()).filter(|&s| hidden_hand(s)) {
            let size = self.state.seats[s].hand.len();
            let hand: Hand = unseen.drain(unseen.len() - size..).collect();
            self.state.seats[s].hand = hand;
        }
        self.state.draw_pile = unseen;
    }

    /// Classic Risk: deals the territory cards `seat` has not seen (every card but its
    /// own hand and the traded sets waiting to be reshuffled) into the other hands,
    /// their sizes kept, and the draw pile, its length kept.
    fn deal_unseen_territory_cards(&mut self, seat: Seat, rng: &mut dyn Rng) {
        let classic = &mut self.state.classic;
        let sizes: Vec<usize> = classic.hands.iter().map(Vec::len).collect();
        let mut unseen: Vec<TerritoryCard> = std::mem::take(&mut classic.draw_pile);
        for (s, hand) in classic.hands.iter_mut().enumerate() {
            if s != seat.index() {
                unseen.append(hand);
            }
        }
        if unseen.is_empty() {
            return;
        }
        unseen.shuffle(rng);
        for (s, &size) in sizes.iter().enumerate() {
            if s != seat.index() {
                let mut hand: Vec<TerritoryCard> = unseen.split_off(unseen.len() - size);
                hand.sort();
                classic.hands[s] = hand;
            }
        }
        classic.draw_pile = unseen;
    }

    /// Classic Risk with missions: every other seat's mission drawn afresh from the
    /// mission cards `seat` cannot account for (all but its own), with the rule for a
    /// seat that draws its own destruction.
    fn deal_unseen_missions(&mut self, seat: Seat, rng: &mut dyn Rng) {
        if self.state.classic.missions.iter().all(Option::is_none) {
            return;
        }
        let players: Vec<Seat> = self.seat_ids().filter(|&s| !self.is_neutral(s)).collect();
        let own = self.mission(seat).cloned();
        let mut deck = mission_deck(&self.board, &players);
        if let Some(i) = own.and_then(|own| deck.iter().position(|m| *m == own)) {
            deck.remove(i);
        }
        deck.shuffle(rng);
        for &other in players.iter().filter(|&&s| s != seat) {
            if self.state.classic.missions[other.index()].is_none() {
                continue;
            }
            let mut mission = deck.pop().unwrap_or_else(|| fallback_mission(&self.board));
            if mission == (Mission::Eliminate { seat: other }) {
                mission = fallback_mission(&self.board);
            }
            self.state.classic.missions[other.index()] = Some(mission);
        }
    }

    /// The deck less every card `seat` can account for: its own hand, the hand it is
    /// spying on, the discards, the track, the Diplomats of truces and the cards
    /// committed to the turn or the battle.
    fn unseen_cards(&self, seat: Seat, spied: Option<Seat>) -> Vec<Card> {
        let deck = &self.variant.deck;
        let mut counts: [i64; 6] = [
            deck.reinforcements.into(),
            deck.diplomats.into(),
            deck.spies.into(),
            deck.generals.into(),
            deck.marshalls.into(),
            deck.admirals.into(),
        ];
        let mut seen = |card: Card, n: i64| counts[card.index()] -= n;
        for known in std::iter::once(seat).chain(spied) {
            for card in self.state.seats[known.index()].hand.cards() {
                seen(card, 1);
            }
        }
        for &card in &self.state.discards {
            seen(card, 1);
        }
        seen(Card::Reinforcements, self.state.track as i64);
        seen(Card::Diplomat, self.state.truces.len() as i64);
        if let Phase::Turn(turn) = &self.state.phase {
            seen(Card::General, i64::from(turn.general));
            if let Step::Attack(attack) = &turn.step {
                seen(Card::Marshall, i64::from(attack.marshall));
                seen(Card::Admiral, i64::from(attack.ship.is_some()));
            }
        }
        Card::ALL
            .into_iter()
            .flat_map(|card| std::iter::repeat_n(card, counts[card.index()].max(0) as usize))
            .collect()
    }

    /// Puts every other seat's unrevealed slips where they might lie: mostly under its
    /// own land, else anywhere without a castle. How many each holds is public.
    fn scatter_unseen_slips(&mut self, seat: Seat, rng: &mut dyn Rng) {
        let spots: Vec<TerritoryId> = self
            .board
            .territory_ids()
            .filter(|&t| self.castle_at(t).is_none())
            .collect();
        if spots.is_empty() {
            return;
        }
        for s in (0..self.seats()).filter(|&s| s != seat.index()) {
            let owner = Seat(s as u8);
            let own: Vec<TerritoryId> = spots
                .iter()
                .copied()
                .filter(|&t| self.owner(t) == Some(owner))
                .collect();
            let slips = std::mem::take(&mut self.state.seats[s].hidden);
            let mut imagined = Vec::with_capacity(slips.len());
            for slip in slips {
                if slip.revealed {
                    imagined.push(slip);
                    continue;
                }
                let pool = if !own.is_empty() && rng.random_bool(SLIP_UNDER_OWN_LAND) {
                    &own
                } else {
                    &spots
                };
                imagined.push(HiddenArmy {
                    territory: pool[rng.random_range(0..pool.len())],
                    revealed: false,
                });
            }
            self.state.seats[s].hidden = imagined;
        }
    }
}
