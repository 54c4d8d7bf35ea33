//! Seat views: everything one seat may know of a game, and nothing more (its own hand
//! and hidden armies, but only the size of others' hands and whether they still hold
//! hidden armies).

use crate::board::{GroupId, TerritoryId};
use serde::{Deserialize, Serialize};

use super::Game;
use super::attack::MAX_ATTACK_DICE;
use super::card::{Card, Hand};
use super::classic::{CardFace, Mission};
use super::pending::Pending;
use super::seat::Seat;
use super::state::{HiddenArmy, Phase, SpyStage, Step, Truce};
use crate::variant::Ruleset;

/// One territory as everyone sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerritoryView {
    pub owner: Option<Seat>,
    pub armies: u32,
    /// The seat whose castle stands here.
    pub castle: Option<Seat>,
}

/// One seat as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSummary {
    pub seat: Seat,
    pub eliminated: bool,
    pub castle: Option<TerritoryId>,
    /// Its own banner (the empire drawn at setup).
    pub empire: Option<GroupId>,
    /// Banners captured from others, flown on its castle.
    pub captured_banners: Vec<GroupId>,
    pub hand_size: usize,
    /// Hidden armies it could still bring out somewhere (where is secret).
    pub hidden_armies_left: usize,
    /// Starting armies still to place during setup.
    pub armies_to_place: u32,
    pub territories: usize,
    pub armies: u32,
    /// Classic Risk: the neutral army of a two-player game (it never plays).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub neutral: bool,
}

/// The attack in progress, as everyone sees it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackView {
    /// Counts attacks from 1 (since setup, or since the position the game was made
    /// from): two attacks never share a number, even on the same territories.
    pub number: u32,
    pub from: TerritoryId,
    pub to: TerritoryId,
    pub attacker: Seat,
    pub defender: Seat,
    /// Armies that can fight: those aboard the ship, or all but 1 of the attacking
    /// territory's.
    pub attackers: u32,
    /// Armies aboard the Admiral's ship (attack by sea).
    pub ship: Option<u32>,
    /// The most dice the defended territory's castle lets the attacker roll, when that
    /// is fewer than its armies would roll (ruling 15): why it rolls fewer.
    pub castle_limit: Option<u8>,
    /// The attacker has a General committed this turn.
    pub general: bool,
    /// The defender committed a Marshall to this attack.
    pub marshall: bool,
}

/// What `seat` may know of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Whose view this is.
    pub seat: Seat,
    /// Indexed by territory id.
    pub territories: Vec<TerritoryView>,
    /// Every seat, in seat order.
    pub seats: Vec<SeatSummary>,
    /// This seat's own cards.
    pub hand: Hand,
    /// This seat's own hidden-army slips.
    pub hidden_armies: Vec<HiddenArmy>,
    /// While this seat, as a spy, chooses a card to discard: the hand it saw.
    pub spied_hand: Option<(Seat, Hand)>,
    /// Reinforcement cards on the track, and the track's numbers.
    pub track: usize,
    pub track_values: Vec<u32>,
    /// Armies hidden armies would bring if revealed now.
    pub hidden_army_size: u32,
    pub draw_pile: usize,
    /// Face up, latest last.
    pub discards: Vec<Card>,
    pub truces: Vec<Truce>,
    /// Whose turn it is (`None` during setup and once won).
    pub turn_seat: Option<Seat>,
    pub turn_number: u32,
    pub pending: Option<Pending>,
    pub winner: Option<Seat>,
    /// The game ended in a draw (ruling 24); written only then.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawn: bool,
    /// The attack in progress, if any (battle panels show it and its odds).
    pub attack: Option<AttackView>,
    /// The turn's seat has a General committed for the rest of its turn: out of its
    /// hand, back at the turn's end unless lost (ruling 12). Shown between attacks
    /// too, so that every card can be accounted for.
    pub general_committed: bool,
    /// The variant's "lenient General" house rule, which the odds depend on.
    pub lenient_general: bool,
    /// The game played; written only for classic Risk (absent: Castle Risk).
    #[serde(default, skip_serializing_if = "Ruleset::is_castle_risk")]
    pub ruleset: Ruleset,
    /// Classic Risk: this seat's territory cards.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub territory_cards: Vec<CardFace>,
    /// Classic Risk: sets traded so far in the game.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub sets_traded: u32,
    /// Classic Risk: what the next set traded brings (absent with fixed values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_set_value: Option<u32>,
    /// Classic Risk: territory cards left in the draw pile.
    #[serde(default, skip_serializing_if = "is_zero_usize")]
    pub territory_card_pile: usize,
    /// Classic Risk with missions: this seat's secret mission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mission: Option<Mission>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

fn is_zero_usize(n: &usize) -> bool {
    *n == 0
}

impl SeatView {
    /// This view without its seat's secrets (its hand, its hidden-army slips, a hand
    /// it spied, its territory cards and secret mission): what anyone at the table may see, for a screen shared by people
    /// while it is in front of nobody in particular.
    pub fn without_secrets(mut self) -> SeatView {
        self.hand = Hand::default();
        self.hidden_armies.clear();
        self.spied_hand = None;
        self.territory_cards.clear();
        self.mission = None;
        self
    }

    /// Armies the next `cards` Reinforcement cards would bring: the next numbers of
    /// the track, nothing past its end (ruling 9; as [`Game::reinforcement_armies`]).
    pub fn reinforcement_armies(&self, cards: u8) -> u32 {
        super::cards::track_armies(&self.track_values, self.track, cards)
    }
}

impl Game {
    /// The attack in progress, from its start to its last roll (not while the armies
    /// move in after a capture); `None` between attacks.
    pub fn attack_in_progress(&self) -> Option<AttackView> {
        let Phase::Turn(turn) = &self.state.phase else {
            return None;
        };
        let Step::Attack(attack) = &turn.step else {
            return None;
        };
        let attackers = attack
            .ship
            .unwrap_or_else(|| self.armies(attack.from).saturating_sub(1));
        let (_, max_dice) = self.attacker_dice_range(attack);
        let by_armies = attackers.min(u32::from(MAX_ATTACK_DICE)) as u8;
        let castle = self.castle_at(attack.to).is_some();
        Some(AttackView {
            number: self.state.attacks,
            from: attack.from,
            to: attack.to,
            attacker: turn.seat,
            defender: attack.defender,
            attackers,
            ship: attack.ship,
            castle_limit: (castle && max_dice < by_armies).then_some(max_dice),
            general: turn.general,
            marshall: attack.marshall,
        })
    }

    /// Everything `seat` may know. `seat` must be one of the game's seats.
    pub fn view_for(&self, seat: Seat) -> SeatView {
        let mut territories: Vec<TerritoryView> = self
            .state
            .territories
            .iter()
            .map(|t| TerritoryView {
                owner: t.owner,
                armies: t.armies,
                castle: None,
            })
            .collect();
        let mut seats = Vec::with_capacity(self.seats());
        for (i, s) in self.state.seats.iter().enumerate() {
            let id = Seat(i as u8);
            if let Some(castle) = s.castle {
                territories[castle.index()].castle = Some(id);
            }
            let owned = self
                .state
                .territories
                .iter()
                .filter(|t| t.owner == Some(id));
            seats.push(SeatSummary {
                seat: id,
                eliminated: s.eliminated,
                castle: s.castle,
                empire: s.empire,
                captured_banners: s.captured_banners.clone(),
                hand_size: s.hand.len() + self.state.classic.hand(id).len(),
                hidden_armies_left: s.unrevealed_hidden(),
                armies_to_place: s.armies_to_place,
                territories: owned.clone().count(),
                armies: owned.map(|t| t.armies).sum(),
                neutral: s.neutral,
            });
        }
        let spied_hand = match self.state.phase {
            Phase::Turn(ref turn) if turn.seat == seat => match turn.spy {
                Some(SpyStage::Choose { target }) => Some((target, self.hand(target))),
                _ => None,
            },
            _ => None,
        };
        let own = &self.state.seats[seat.index()];
        SeatView {
            seat,
            territories,
            seats,
            hand: own.hand,
            hidden_armies: own.hidden.clone(),
            spied_hand,
            track: self.state.track,
            track_values: self.variant.reinforcement_track.clone(),
            hidden_army_size: self.hidden_army_size(),
            draw_pile: self.state.draw_pile.len(),
            discards: self.state.discards.clone(),
            truces: self.state.truces.clone(),
            turn_seat: self.turn_seat(),
            turn_number: self.state.turns,
            pending: self.pending(),
            winner: self.winner(),
            drawn: self.is_drawn(),
            attack: self.attack_in_progress(),
            general_committed: self.general_committed(),
            lenient_general: self.variant.lenient_general,
            ruleset: self.ruleset(),
            territory_cards: self
                .territory_cards(seat)
                .iter()
                .map(|&card| self.card_face(card))
                .collect(),
            sets_traded: self.sets_traded(),
            next_set_value: match self.ruleset() {
                Ruleset::Classic => self.next_set_value(),
                Ruleset::CastleRisk => None,
            },
            territory_card_pile: self.territory_card_pile(),
            mission: self.mission(seat).cloned(),
        }
    }
}
