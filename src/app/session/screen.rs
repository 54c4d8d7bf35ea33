//! What the screen shows and to whom: the person it is in front of (people sharing
//! the screen pass it before a private decision, as the engine says which are), and
//! what the map and the side panels show from there.

use std::sync::Arc;

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Decision, LegalActions, Seat};

use super::Session;
use crate::app::table::TableSnapshot;
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

    /// The screen is now in front of `seat`.
    pub fn show_to(&mut self, seat: Seat) {
        self.shown_to = Some(seat);
    }

    /// What the pending person may do (nothing while a computer is to move).
    fn legal_for_viewer(&self) -> LegalActions {
        match self.human_to_move() {
            Some(_) => self.game.legal_actions(),
            None => LegalActions::default(),
        }
    }

    /// What the side panels show.
    pub fn snapshot(&self) -> TableSnapshot {
        TableSnapshot {
            board: Arc::clone(self.board()),
            view: self.game.view_for(self.viewer()),
            legal: self.legal_for_viewer(),
            seat_names: self.names(),
            seat_colours: self.colours(),
            // Classic Risk has no hidden armies, whatever the variant's switch says.
            hidden_armies_in_play: self.game.variant().hidden_armies
                && self.game.ruleset() == castellan_engine::variant::Ruleset::CastleRisk,
            castle_dice_limit: self.game.variant().castle_dice_limit,
        }
    }

    /// What the map shows on every territory: owners as palette colours, armies (with
    /// the armies being placed), castles with their banners.
    pub fn territory_states(&self) -> Vec<TerritoryState> {
        let game = &self.game;
        game.board()
            .territory_ids()
            .map(|id| {
                let drafted = self.draft.iter().filter(|&&t| t == id).count() as u32;
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
    pub fn battle(&self) -> Option<(TerritoryId, TerritoryId)> {
        if let Some(Decision::MoveIn { from, to, .. }) = self.game.pending().map(|p| p.decision) {
            return Some((from, to));
        }
        self.game.attack_in_progress().map(|a| (a.from, a.to))
    }
}
