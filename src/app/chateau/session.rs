//! A Château Noir match at this table, without GTK (tested on its own): the engine's
//! game, who sits where, the captures the person chose at the end of a turn, what a
//! click on a square means (only what the engine's [`Legal`] offers), taking back the
//! person's last unit or piece (by replaying the match without it: the engine keeps
//! no undo of its own), and saves.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use castellan_chateau::Square;
use castellan_chateau::board::Board;
use castellan_chateau::game::{Action, Event, Game, Legal, RuleError, Seat};
use castellan_chateau::save::{ReplayError, SavedGame};
use castellan_chateau::variant::Variant;
use castellan_common::diagnostics::escaped;
use gettextrs::gettext;
use serde::{Deserialize, Serialize};

use super::setup::{ChateauSeat, ChateauSetup};
use crate::app::new_game::seats::{default_name, fit_name};
use crate::text::fill;

/// What the app keeps in a save's `app` part: the seats.
#[derive(Serialize, Deserialize)]
struct AppPart {
    seats: Vec<ChateauSeat>,
}

/// Why a match could not start or be opened, in English (the window words it).
#[derive(Debug, thiserror::Error)]
pub enum ChateauError {
    #[error("{0}")]
    NewGame(#[from] castellan_chateau::game::NewGameError),
    #[error("{0}")]
    Replay(#[from] ReplayError),
    #[error("{0}")]
    Save(#[from] castellan_chateau::save::SaveError),
    #[error("the save's seats do not read: {0}")]
    Seats(String),
}

/// A match to tell the story of: its save, and the names of its seats.
#[derive(Clone, Debug)]
pub struct ChateauRecord {
    pub saved: SavedGame,
    pub seat_names: Vec<String>,
}

/// The match at the table.
#[derive(Clone, Debug)]
pub struct ChateauSession {
    game: Game,
    /// The game as it began, which undo replays from.
    start: Game,
    board_source: String,
    seats: Vec<ChateauSeat>,
    /// Framed enemies the person chose to take when the turn ends.
    chosen: Vec<Square>,
    path: Option<PathBuf>,
    unsaved: bool,
}

/// What a click on a square does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// An action to send to the engine.
    Act(Action),
    /// A framed enemy chosen or unchosen for capture.
    ToggledCapture,
    /// Nothing offered there.
    Nothing,
}

impl ChateauSession {
    /// A new match on the reconstructed board.
    pub fn new(setup: &ChateauSetup, seed: u64) -> Result<Self, ChateauError> {
        let source = Board::reconstructed_text().to_owned();
        let board = Arc::new(Board::reconstructed());
        let table = setup.table(&board);
        let game = Game::new(board, Variant::default(), table, seed)?;
        Ok(Self::resume(
            game.clone(),
            game,
            source,
            setup.seats.clone(),
            None,
        ))
    }

    fn resume(
        game: Game,
        start: Game,
        board_source: String,
        seats: Vec<ChateauSeat>,
        path: Option<PathBuf>,
    ) -> Self {
        Self {
            game,
            start,
            board_source,
            seats,
            chosen: Vec::new(),
            unsaved: path.is_none(),
            path,
        }
    }

    /// Whether `json` is a Château Noir save (and not a Castle Risk one).
    pub fn is_chateau_save(json: &str) -> bool {
        serde_json::from_str::<serde_json::Value>(json)
            .is_ok_and(|v| v.get("game").and_then(|g| g.as_str()) == Some("chateau-noir"))
    }

    /// A match from a save's JSON, replayed action by action (each checked), and the
    /// events of the replay for the log.
    pub fn from_save(
        json: &str,
        path: Option<PathBuf>,
    ) -> Result<(Self, Vec<Event>), ChateauError> {
        let saved = SavedGame::from_json(json)?;
        let mut events = Vec::new();
        let game = saved.replay_with(|_, happened| events.extend_from_slice(happened))?;
        let seats = match &saved.app {
            Some(app) => {
                serde_json::from_value::<AppPart>(serde_json::Value::Object(app.clone()))
                    .map_err(|e| ChateauError::Seats(e.to_string()))?
                    .seats
            }
            None => Vec::new(),
        };
        // The names come from a file: no control characters, and no more of them
        // than a seat's name may have.
        let mut seats: Vec<ChateauSeat> = seats
            .into_iter()
            .take(game.table().seats.len())
            .enumerate()
            .map(|(index, seat)| ChateauSeat {
                name: fit_name(&seat.name).unwrap_or_else(|| default_name(index)),
                ..seat
            })
            .collect();
        while seats.len() < game.table().seats.len() {
            seats.push(ChateauSeat {
                name: default_name(seats.len()),
                computer: false,
                strength: castellan_chateau::bot::Strength::Normal,
            });
        }
        let start = SavedGame {
            actions: Vec::new(),
            ..saved.clone()
        }
        .replay()?;
        let mut opening = start.opening_events().to_vec();
        opening.extend(events);
        Ok((
            Self::resume(game, start, saved.board_source, seats, path),
            opening,
        ))
    }

    /// The match as a save, seats kept in its `app` part.
    pub fn saved(&self) -> Result<SavedGame, ChateauError> {
        let mut saved = self.game.save(&self.board_source)?;
        let part = AppPart {
            seats: self.seats.clone(),
        };
        saved.app = serde_json::to_value(part)
            .ok()
            .and_then(|v| v.as_object().cloned());
        Ok(saved)
    }

    /// The save's JSON, seats kept in its `app` part.
    pub fn to_json(&self) -> Result<String, ChateauError> {
        Ok(self.saved()?.to_json())
    }

    /// The match to tell the story of (its statistics and its replay).
    pub fn record(&self) -> Result<ChateauRecord, ChateauError> {
        Ok(ChateauRecord {
            saved: self.saved()?,
            seat_names: self.seats.iter().map(|s| s.name.clone()).collect(),
        })
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn board(&self) -> &Arc<Board> {
        self.game.board()
    }

    pub fn seats(&self) -> &[ChateauSeat] {
        &self.seats
    }

    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    pub fn mark_saved(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.unsaved = false;
    }

    pub fn chosen(&self) -> &[Square] {
        &self.chosen
    }

    /// What the seat to decide may do.
    pub fn legal(&self) -> Legal {
        self.game.legal()
    }

    /// The seat to decide, if a person plays it.
    pub fn person_to_move(&self) -> Option<Seat> {
        self.game
            .pending_seat()
            .filter(|seat| self.seats.get(seat.index()).is_some_and(|s| !s.computer))
    }

    /// The seat to decide, if the computer plays it.
    pub fn computer_to_move(&self) -> Option<Seat> {
        self.game
            .pending_seat()
            .filter(|seat| self.seats.get(seat.index()).is_none_or(|s| s.computer))
    }

    /// Whether more than one person sits at this screen (hot-seat: the screen is
    /// passed between them).
    pub fn people(&self) -> usize {
        self.seats.iter().filter(|s| !s.computer).count()
    }

    /// What a person's click on `square` means now, as the engine offers it: a lit
    /// next square moves the piece in hand there; the piece in hand, once moved, is
    /// released; a pickable piece is picked; a framed enemy is chosen or unchosen.
    pub fn click(&mut self, square: Square) -> Click {
        let legal = self.legal();
        if legal.seat.is_none() || self.person_to_move().is_none() {
            return Click::Nothing;
        }
        if legal.units.iter().any(|u| u.to == square) {
            return Click::Act(Action::Unit { to: square });
        }
        if legal.hand == Some(square) && legal.can_release {
            return Click::Act(Action::Release {});
        }
        if legal.pickable.contains(&square) && legal.hand != Some(square) {
            return Click::Act(Action::Pick { square });
        }
        if legal.captures.contains(&square) {
            if let Some(at) = self.chosen.iter().position(|&s| s == square) {
                self.chosen.remove(at);
            } else {
                self.chosen.push(square);
            }
            return Click::ToggledCapture;
        }
        Click::Nothing
    }

    /// The end of the turn, taking the chosen framed enemies still offered.
    pub fn end_turn_action(&self) -> Action {
        let offered = self.legal().captures;
        Action::EndTurn {
            captures: self
                .chosen
                .iter()
                .copied()
                .filter(|s| offered.contains(s))
                .collect(),
        }
    }

    /// Applies `action` for `seat`; a refused action changes nothing.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        let ends_turn = matches!(action, Action::EndTurn { .. } | Action::DeclareAlliance {});
        let events = self.game.apply(seat, action)?;
        if ends_turn {
            self.chosen.clear();
        }
        self.unsaved = true;
        Ok(events)
    }

    /// How many of the last actions belong to the turn in progress and may be taken
    /// back by the person playing it (units, picks, releases: never what another
    /// seat did, nor an earlier turn).
    fn takeable(&self) -> usize {
        let Some(seat) = self.person_to_move() else {
            return 0;
        };
        self.game
            .history()
            .iter()
            .rev()
            .take_while(|(by, action)| {
                *by == seat
                    && matches!(
                        action,
                        Action::Pick { .. }
                            | Action::Unit { .. }
                            | Action::Release {}
                            | Action::Path { .. }
                    )
            })
            .count()
    }

    /// Whether the last unit (or pick, or release) of this turn may be taken back.
    pub fn may_undo(&self) -> bool {
        self.takeable() > 0
    }

    /// Whether a piece is in hand and may be put back where it started.
    pub fn may_undo_piece(&self) -> bool {
        self.game.state().hand().is_some() && self.takeable() > 0
    }

    /// Takes back the person's last action of this turn.
    pub fn undo(&mut self) -> bool {
        if self.takeable() == 0 {
            return false;
        }
        self.replay_without(1)
    }

    /// Takes back the piece in hand: every unit since it was picked, and the pick.
    pub fn undo_piece(&mut self) -> bool {
        if self.game.state().hand().is_none() {
            return false;
        }
        let takeable = self.takeable();
        let history = self.game.history();
        let back = history
            .iter()
            .rev()
            .take(takeable)
            .position(|(_, action)| matches!(action, Action::Pick { .. }))
            .map(|at| at + 1);
        match back {
            Some(count) => self.replay_without(count),
            None => false,
        }
    }

    /// The pieces put down so far in the turn under way, each as its first and last
    /// square (the piece in hand is not put down yet).
    pub fn moves_this_turn(&self) -> Vec<(Square, Square)> {
        let history = self.game.history();
        let begun = history
            .iter()
            .rposition(|(_, action)| matches!(action, Action::EndTurn { .. }))
            .map_or(0, |at| at + 1);
        let mut moves = Vec::new();
        // The piece in hand: where it was picked, where it is, whether it moved.
        let mut hand: Option<(Square, Square, bool)> = None;
        for (_, action) in &history[begun..] {
            match action {
                Action::Pick { square } => hand = Some((*square, *square, false)),
                Action::Unit { to } => {
                    if let Some((_, end, moved)) = &mut hand {
                        *end = *to;
                        *moved = true;
                    }
                }
                Action::Release {} => {
                    if let Some((from, to, true)) = hand.take() {
                        moves.push((from, to));
                    }
                }
                Action::Path { from, to } => {
                    if let Some(&last) = to.last() {
                        moves.push((*from, last));
                    }
                }
                _ => {}
            }
        }
        moves
    }

    /// Rebuilds the game from its start without its last `count` actions.
    fn replay_without(&mut self, count: usize) -> bool {
        let history = self.game.history().to_vec();
        let keep = history.len().saturating_sub(count);
        let mut game = self.start.clone();
        for (seat, action) in &history[..keep] {
            if game.apply(*seat, action.clone()).is_err() {
                return false;
            }
        }
        self.game = game;
        self.unsaved = true;
        true
    }
}

impl ChateauError {
    /// Why the match could not start or open, in the reader's language.
    pub fn in_words(&self) -> String {
        match self {
            ChateauError::NewGame(error) => crate::messages::chateau::new_game_error(error),
            ChateauError::Replay(error) => crate::messages::chateau::replay_error(error, None),
            ChateauError::Save(error) => crate::messages::chateau::save_error(error),
            ChateauError::Seats(detail) => fill(
                &gettext("the save's seats do not read: {detail}"),
                &[("detail", &escaped(detail))],
            ),
        }
    }
}

/// A seat's number and name, "Ana" (or "Seat 2" when the table has none).
pub fn seat_name(session: &ChateauSession, seat: Seat) -> String {
    session
        .seats()
        .get(seat.index())
        .map(|s| s.name.clone())
        .unwrap_or_else(|| format!("{}", seat.0 + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_chateau::game::Decision;

    fn people(count: usize) -> ChateauSession {
        let mut setup = ChateauSetup::new("Ana".into(), count, |i| format!("P{i}"));
        for seat in &mut setup.seats {
            seat.computer = false;
        }
        ChateauSession::new(&setup, 11).unwrap()
    }

    #[test]
    fn clicks_follow_only_what_the_engine_offers() {
        let mut session = people(2);
        let legal = session.legal();
        assert_eq!(legal.decision, Decision::Turn);
        // A square the engine does not offer does nothing.
        let empty = Square::all()
            .find(|s| {
                !legal.pickable.contains(s) && session.game().state().pieces().at(*s).is_none()
            })
            .unwrap();
        assert_eq!(session.click(empty), Click::Nothing);
        let piece = legal.pickable[0];
        let Click::Act(pick) = session.click(piece) else {
            panic!("a pickable piece is picked");
        };
        let seat = session.person_to_move().unwrap();
        session.apply(seat, pick).unwrap();
        let unit = session.legal().units[0];
        assert_eq!(
            session.click(unit.to),
            Click::Act(Action::Unit { to: unit.to })
        );
    }

    #[test]
    fn undo_takes_back_a_unit_and_a_whole_piece_and_nothing_of_the_last_turn() {
        let mut session = people(2);
        let seat = session.person_to_move().unwrap();
        assert!(!session.may_undo());
        let before = session.game().state().piece_hash();
        let piece = session.legal().pickable[0];
        session.apply(seat, Action::Pick { square: piece }).unwrap();
        for _ in 0..2 {
            let to = session.legal().units[0].to;
            session.apply(seat, Action::Unit { to }).unwrap();
        }
        let after_two = session.game().state().piece_hash();
        assert!(session.undo());
        assert_ne!(session.game().state().piece_hash(), after_two);
        assert_eq!(session.game().state().hand().unwrap().units(), 1);
        assert!(session.undo_piece());
        assert!(session.game().state().hand().is_none());
        assert_eq!(session.game().state().piece_hash(), before);
        assert!(!session.may_undo());
    }

    #[test]
    fn a_save_opens_as_the_same_match_with_its_seats() {
        let mut session = people(2);
        let seat = session.person_to_move().unwrap();
        let piece = session.legal().pickable[0];
        session.apply(seat, Action::Pick { square: piece }).unwrap();
        let json = session.to_json().unwrap();
        assert!(ChateauSession::is_chateau_save(&json));
        let (opened, events) = ChateauSession::from_save(&json, None).unwrap();
        assert_eq!(opened.game().view(), session.game().view());
        assert_eq!(opened.seats(), session.seats());
        assert!(events.iter().any(|e| matches!(e, Event::Picked { .. })));
        assert!(ChateauSession::from_save("{\"format\":1}", None).is_err());
    }

    #[test]
    fn a_saves_seat_names_are_shown_without_control_characters_or_megabytes() {
        let session = people(2);
        let mut json: serde_json::Value =
            serde_json::from_str(&session.to_json().unwrap()).unwrap();
        json["app"]["seats"][0]["name"] = "\u{1b}[31mAna\n".into();
        json["app"]["seats"][1]["name"] = "B".repeat(100_000).into();
        let (opened, _) = ChateauSession::from_save(&json.to_string(), None).unwrap();
        assert_eq!(opened.seats()[0].name, "[31mAna");
        assert_eq!(
            opened.seats()[1].name.chars().count(),
            crate::app::new_game::seats::MOST_NAME_CHARS
        );
        json["app"]["seats"][0]["name"] = "\u{7}\t ".into();
        let (opened, _) = ChateauSession::from_save(&json.to_string(), None).unwrap();
        assert_eq!(opened.seats()[0].name, "Player 1");
    }

    #[test]
    fn a_refused_save_says_which_action_does_not_replay_in_words() {
        let mut session = people(2);
        let seat = session.person_to_move().unwrap();
        let piece = session.legal().pickable[0];
        session.apply(seat, Action::Pick { square: piece }).unwrap();
        let mut json: serde_json::Value =
            serde_json::from_str(&session.to_json().unwrap()).unwrap();
        // The same seat picks a square with no piece of its own.
        let empty = Square::all()
            .find(|s| session.game().state().pieces().at(*s).is_none())
            .unwrap();
        json["actions"]
            .as_array_mut()
            .unwrap()
            .push(serde_json::json!([seat.0, {"action": "pick", "square": empty.to_string()}]));
        let error = ChateauSession::from_save(&json.to_string(), None).unwrap_err();
        let words = error.in_words();
        assert!(words.contains("action 1 (seat 1: pick)"), "{words}");
        assert!(words.contains("holds no piece"), "{words}");
        assert!(words.contains("pick"), "{words}");
    }

    #[test]
    fn the_turns_moves_forget_a_piece_taken_back() {
        let mut session = people(2);
        let seat = session.person_to_move().unwrap();
        let piece = session.legal().pickable[0];
        session.apply(seat, Action::Pick { square: piece }).unwrap();
        let to = session.legal().units[0].to;
        session.apply(seat, Action::Unit { to }).unwrap();
        session.apply(seat, Action::Release {}).unwrap();
        assert_eq!(session.moves_this_turn(), vec![(piece, to)]);
        // Taking back the release puts the piece in hand again: not put down yet.
        assert!(session.undo());
        assert!(session.moves_this_turn().is_empty());
        assert!(session.undo_piece());
        assert!(session.moves_this_turn().is_empty());
    }
}
