//! What the screen shows and to whom: the person it is in front of (people sharing
//! the screen pass it before a private decision, as the engine says which are), and
//! what the map and the side panels show from there.

use std::sync::Arc;

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Decision, LegalActions, Seat};

use super::{Session, TableEvent};
use crate::app::table::{TableSnapshot, Withheld};
use crate::map::AttackArrow;
use crate::map::scene::{Castle, TerritoryState};

impl Session {
    /// Whose eyes the screen is for: the person to move, else the last person shown
    /// the screen, else the first human seat (or seat 0 at a table of computers).
    pub fn viewer(&self) -> Seat {
        self.human_to_move()
            .or(self.shown_to)
            .or_else(|| {
                self.seats
                    .iter()
                    .position(|s| !s.computer)
                    .map(|i| Seat(i as u8))
            })
            .unwrap_or(Seat(0))
    }

    /// The person who must take the screen before it shows their secrets: set when a
    /// human seat other than the one last shown faces a private decision, and more
    /// than one person plays.
    pub fn pass_to(&self) -> Option<Seat> {
        let seat = self.human_to_move()?;
        let people = self.seats.iter().filter(|s| !s.computer).count();
        let private = self.game.pending()?.decision.is_private();
        (people > 1 && private && self.shown_to != Some(seat)).then_some(seat)
    }

    /// The screen is now in front of `seat`: their news is read. The person who had
    /// it until now has news from here on, beginning in the turn under way.
    pub fn show_to(&mut self, seat: Seat) {
        if let Some(before) = self.shown_to.filter(|&before| before != seat)
            && let Some(turn) = self.news_from_turn.get_mut(before.index())
        {
            *turn = self.game.turn_seat();
        }
        self.shown_to = Some(seat);
        if let Some(news) = self.news.get_mut(seat.index()) {
            news.clear();
        }
    }

    /// The public events since `seat`'s person last had the screen, oldest first,
    /// and whose turn was under way when they began (none in setup).
    pub fn news_for(&self, seat: Seat) -> (Option<Seat>, &[TableEvent]) {
        (
            self.news_from_turn.get(seat.index()).copied().flatten(),
            self.news.get(seat.index()).map_or(&[], Vec::as_slice),
        )
    }

    /// The seat whose secrets the screen may show now: the only person at a table
    /// of one person and computers; between people, the person to move once they
    /// took the screen (never while it waits to be passed or a computer plays).
    pub fn secrets_shown_to(&self) -> Option<Seat> {
        let mut people = self
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.computer)
            .map(|(i, _)| Seat(i as u8));
        let first = people.next()?;
        if people.next().is_none() {
            return Some(first);
        }
        self.human_to_move()
            .filter(|&seat| self.shown_to == Some(seat))
    }

    /// What the pending person may do: nothing while a computer is to move, nor
    /// while the screen waits for a person before a private decision (what it
    /// allows would tell their cards).
    fn legal_for_viewer(&self) -> LegalActions {
        let Some(seat) = self.human_to_move() else {
            return LegalActions::default();
        };
        let open = self
            .game
            .pending()
            .is_some_and(|p| !p.decision.is_private());
        if open || self.secrets_shown_to() == Some(seat) {
            self.game.legal_actions()
        } else {
            LegalActions::default()
        }
    }

    /// What the side panels show: the viewer's secrets only while the screen may
    /// show them (see [`Session::secrets_shown_to`]).
    pub fn snapshot(&self) -> TableSnapshot {
        let viewer = self.viewer();
        let view = self.game.view_for(viewer);
        let secrets_shown = self.secrets_shown_to() == Some(viewer);
        let (view, withheld) = if secrets_shown {
            (view, Withheld::default())
        } else {
            let withheld = Withheld::secrets_in(&view);
            (view.without_secrets(), withheld)
        };
        TableSnapshot {
            board: Arc::clone(self.board()),
            view,
            withheld,
            legal: self.legal_for_viewer(),
            seat_names: self.names(),
            seat_colours: self.colours(),
            // Classic Risk has no hidden armies, whatever the variant's switch says.
            hidden_armies_in_play: self.game.variant().hidden_armies
                && self.game.ruleset() == castellan_engine::variant::Ruleset::CastleRisk,
            castle_dice_limit: self.game.variant().castle_dice_limit,
            admiral_chosen: self.admiral_chosen(),
            admiral_aboard: self.admiral_aboard(),
        }
    }

    /// What the map shows on every territory: owners as palette colours, armies (with
    /// the armies being placed), castles with their banners.
    pub fn territory_states(&self) -> Vec<TerritoryState> {
        let game = &self.game;
        game.board()
            .territory_ids()
            .map(|id| {
                let drafted = self.drafted_on(id);
                let castle = game.castle_at(id).map(|seat| Castle {
                    banners: 1 + game.captured_banners(seat).len() as u32,
                });
                TerritoryState {
                    owner: game.owner(id).map(|s| self.seats[s.index()].colour),
                    armies: game.armies(id) + drafted,
                    castle,
                }
            })
            .collect()
    }

    /// The battle in progress, from and to, for the map's arrow: the engine's attack
    /// in progress, or the capture whose armies move in.
    /// The battle as the map's arrow: by sea when the Admiral's ship carries the
    /// attack, or when the armies moving in come from a coast that is no neighbour.
    pub fn battle_arrow(&self) -> Option<AttackArrow> {
        let (from, to) = self.battle()?;
        let by_sea = match self.game.attack_in_progress() {
            Some(attack) => attack.ship.is_some(),
            None => !self.game.board().neighbours(from).any(|t| t == to),
        };
        Some(AttackArrow { from, to, by_sea })
    }

    pub fn battle(&self) -> Option<(TerritoryId, TerritoryId)> {
        if let Some(Decision::MoveIn { from, to, .. }) = self.game.pending().map(|p| p.decision) {
            return Some((from, to));
        }
        self.game.attack_in_progress().map(|a| (a.from, a.to))
    }
}
