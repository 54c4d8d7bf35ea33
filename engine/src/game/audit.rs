//! Whole-state consistency checks: what must hold between any two actions, whatever
//! was played, in either ruleset. The rules keep them by construction; [`Game::audit`]
//! lets tests and fuzzers (which feed games every kind of input) make sure they did.

use super::Game;
use super::card::Card;
use super::classic::TerritoryCard;
use super::state::{Phase, Step};
use crate::variant::Ruleset;

impl Game {
    /// Checks the game's state for consistency and says what is wrong, if anything:
    ///
    /// - a territory with an owner has armies (the one being moved into excepted), one
    ///   without has none, and the board holds at most
    ///   [`crate::game::MAX_ARMIES_ON_BOARD`] armies (ruling 26);
    /// - every card of the deck is somewhere, once: hands, draw pile, discards, track,
    ///   truces, or committed to the battle;
    /// - each seat in play has one castle, on its own territory, once setup has placed
    ///   them; a seat out of the game has none; two castles never share a territory;
    /// - a won game has one seat in play, a drawn game several (in classic Risk, the
    ///   neutral still on the board counts); a game in progress awaits a seat in play,
    ///   with at least one legal action.
    ///
    /// Classic Risk games have neither castles nor the Castle Risk deck: every territory
    /// card is somewhere, once (hands, draw pile, traded sets); a seat out of the game,
    /// or the neutral, holds no card; a seat out holds no territory; the neutral never
    /// decides; a game won without missions is won by holding every territory.
    pub fn audit(&self) -> Result<(), String> {
        let state = &self.state;
        let moving_into = match &state.phase {
            Phase::Turn(turn) => match &turn.step {
                Step::MoveIn(m) => Some(m.to),
                _ => None,
            },
            _ => None,
        };
        let mut on_board = 0u64;
        for (i, t) in state.territories.iter().enumerate() {
            on_board += u64::from(t.armies);
            match t.owner {
                None if t.armies > 0 => return Err(format!("territory {i}: armies, no owner")),
                Some(owner) if owner.index() >= self.seats() => {
                    return Err(format!("territory {i}: held by {owner}, not at the table"));
                }
                Some(_) if t.armies == 0 && moving_into.map(|m| m.index()) != Some(i) => {
                    return Err(format!("territory {i}: held by no army"));
                }
                _ => {}
            }
        }
        if on_board > u64::from(super::MAX_ARMIES_ON_BOARD) {
            return Err(format!("{on_board} armies on the board, past the limit"));
        }

        if self.variant.ruleset == Ruleset::Classic {
            self.audit_classic()?;
        } else {
            self.audit_castles_and_cards()?;
        }
        self.audit_pending()
    }

    /// Castle Risk: the deck's cards, the track, the castles and the truces.
    fn audit_castles_and_cards(&self) -> Result<(), String> {
        let state = &self.state;
        let census = self.card_census();
        let deck = &self.variant.deck;
        let in_deck = [
            deck.reinforcements,
            deck.diplomats,
            deck.spies,
            deck.generals,
            deck.marshalls,
            deck.admirals,
        ];
        for card in Card::ALL {
            let (found, expected) = (census[card.index()], u64::from(in_deck[card.index()]));
            if found != expected {
                return Err(format!("{found} {card} cards, the deck has {expected}"));
            }
        }
        if state.track > self.variant.reinforcement_track.len() {
            return Err(format!("{} cards on a shorter track", state.track));
        }

        let castles_placed = !matches!(
            &state.phase,
            Phase::Setup(setup) if matches!(setup.step, super::state::SetupStep::Castle { .. })
        );
        for (i, seat) in state.seats.iter().enumerate() {
            match seat.castle {
                Some(castle) if seat.eliminated => {
                    return Err(format!("seat {i} is out but has a castle on {}", castle.0));
                }
                Some(castle) => {
                    if state.territories[castle.index()].owner.map(|s| s.index()) != Some(i) {
                        return Err(format!("seat {i}'s castle stands on another's land"));
                    }
                    let shared = state.seats.iter().filter(|s| s.castle == Some(castle));
                    if shared.count() > 1 {
                        return Err(format!("two castles on territory {}", castle.0));
                    }
                }
                None if !seat.eliminated && castles_placed => {
                    return Err(format!("seat {i} is in play without a castle"));
                }
                None => {}
            }
        }
        for truce in &state.truces {
            if truce.seat == truce.target
                || [truce.seat, truce.target]
                    .iter()
                    .any(|s| s.index() >= self.seats() || self.is_eliminated(*s))
            {
                return Err(format!("a truce of {} on {}", truce.seat, truce.target));
            }
        }
        if matches!(state.phase, Phase::Won(_)) && self.seats_in_play() != 1 {
            return Err("won with several seats in play".to_owned());
        }
        Ok(())
    }

    /// Classic Risk: the territory cards, and who may hold what.
    fn audit_classic(&self) -> Result<(), String> {
        let state = &self.state;
        let deck = self.board.territories.len() + self.variant.classic.wild_cards as usize;
        let mut seen = vec![0u32; deck];
        let classic = &state.classic;
        let everywhere = classic
            .hands
            .iter()
            .flatten()
            .chain(&classic.draw_pile)
            .chain(&classic.discards);
        for &TerritoryCard(card) in everywhere {
            match seen.get_mut(usize::from(card)) {
                Some(times) => *times += 1,
                None => return Err(format!("territory card {card} is not of the deck")),
            }
        }
        if let Some(card) = seen.iter().position(|&times| times != 1) {
            return Err(format!("territory card {card} is in {} places", seen[card]));
        }
        for seat in self.seat_ids() {
            let out = self.is_eliminated(seat);
            if (out || self.is_neutral(seat)) && !self.territory_cards(seat).is_empty() {
                return Err(format!("{seat}, out or neutral, holds territory cards"));
            }
            if out && state.territories.iter().any(|t| t.owner == Some(seat)) {
                return Err(format!("{seat} is out but holds territories"));
            }
        }
        if !state.truces.is_empty() || state.track > 0 {
            return Err("Castle Risk cards in a classic game".to_owned());
        }
        if let Phase::Won(winner) = state.phase
            && !self.variant.classic.missions
            && state.territories.iter().any(|t| t.owner != Some(winner))
        {
            return Err(format!("{winner} won without the world"));
        }
        if let Some(seat) = self.pending_seat()
            && self.is_neutral(seat)
        {
            return Err("the neutral is to decide".to_owned());
        }
        Ok(())
    }

    /// Whoever the game awaits can act.
    fn audit_pending(&self) -> Result<(), String> {
        // Two sides are left in a drawn game: two seats in play, or in classic Risk a
        // seat and the neutral, still holding ground (the neutral never attacks, and
        // the last seat may not either).
        let neutral_holds = self.seat_ids().any(|seat| {
            self.is_neutral(seat) && self.state.territories.iter().any(|t| t.owner == Some(seat))
        });
        let sides = self.seats_in_play() + usize::from(neutral_holds);
        match (&self.state.phase, self.pending_seat()) {
            (Phase::Drawn, _) if sides < 2 => Err("drawn with one side left".to_owned()),
            (Phase::Won(_) | Phase::Drawn, _) => Ok(()),
            (_, None) => Err("in progress but nobody's decision".to_owned()),
            (Phase::Turn(_), Some(seat)) if self.is_eliminated(seat) => {
                Err(format!("awaiting {seat}, who is out"))
            }
            (_, Some(_)) if self.legal_actions().is_empty() => {
                Err(format!("nothing legal for {:?}", self.pending()))
            }
            _ => Ok(()),
        }
    }

    /// Counts every card wherever it is, kind by kind.
    pub(crate) fn card_census(&self) -> [u64; 6] {
        let state = &self.state;
        let mut counts = [0u64; 6];
        for s in &state.seats {
            for card in Card::ALL {
                counts[card.index()] += u64::from(s.hand.count(card));
            }
        }
        for &c in state.draw_pile.iter().chain(&state.discards) {
            counts[c.index()] += 1;
        }
        counts[Card::Reinforcements.index()] += state.track as u64;
        counts[Card::Diplomat.index()] += state.truces.len() as u64;
        if let Phase::Turn(turn) = &state.phase {
            counts[Card::General.index()] += u64::from(turn.general);
            if let Step::Attack(a) = &turn.step {
                counts[Card::Marshall.index()] += u64::from(a.marshall);
                counts[Card::Admiral.index()] += u64::from(a.ship.is_some());
            }
        }
        counts
    }
}
