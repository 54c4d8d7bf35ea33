//! A random-but-legal player: every choice drawn uniformly among what the engine
//! offers, captures all taken. Tests play thousands of games with it, and simulations
//! measure the engine's speed (`cargo bench -p castellan-chateau`).

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};

use crate::board::{Board, Move};
use crate::game::{Action, Event, Finder, Game, Seat, capturable};
use crate::square::{Square, squares_of};

/// How a game played by random players ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Played {
    /// The match ended after this many actions.
    Over { actions: usize },
    /// The action limit came first.
    Unfinished,
}

/// The player. Keep one and reuse it: it owns its memory.
///
/// ```
/// use std::sync::Arc;
/// use castellan_chateau::board::Board;
/// use castellan_chateau::game::{Game, Table};
/// use castellan_chateau::random::{Played, RandomPlayer};
/// use castellan_chateau::variant::Variant;
/// use rand::SeedableRng;
///
/// let board = Arc::new(Board::reconstructed());
/// let variant = Variant { round_cap: Some(5), ..Variant::default() };
/// let mut game = Game::new(board, variant, Table::four_in_teams(), 9).unwrap();
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
/// let played = RandomPlayer::new().play(&mut game, &mut rng, 100_000);
/// assert!(matches!(played, Played::Over { .. }));
/// assert!(game.is_over());
/// ```
pub struct RandomPlayer {
    finder: Finder,
    units: Vec<Move>,
    /// How often it declares an alliance when it may (0 to 1).
    pub alliance_chance: f64,
}

impl Default for RandomPlayer {
    fn default() -> Self {
        Self::new()
    }
}

impl RandomPlayer {
    pub fn new() -> Self {
        Self {
            finder: Finder::new(),
            units: Vec::new(),
            alliance_chance: 0.5,
        }
    }

    /// The finder it searches with (shared with [`Game::apply_with`] by callers that
    /// apply its actions).
    pub fn finder(&mut self) -> &mut Finder {
        &mut self.finder
    }

    /// The next action of the seat to decide, one unit at a time; `None` once the
    /// match is over. A draw offered is declined. Each choice is uniform among what
    /// the engine would list: candidates are tried in a random order and the first
    /// the engine accepts is taken, which spares listing them all.
    pub fn choose(&mut self, game: &Game, rng: &mut impl Rng) -> Option<(Seat, Action)> {
        let seat = game.pending_seat()?;
        if game.draw_offer().is_some() {
            return Some((seat, Action::AnswerDraw { accept: false }));
        }
        let board: &Board = game.board();
        let state = game.state();
        if state.spent() == 0
            && state.hand().is_none()
            && self.alliance_chance > 0.0
            && game.legal_alliance()
            && rng.random_bool(self.alliance_chance)
        {
            return Some((seat, Action::DeclareAlliance {}));
        }
        if state.left() == 0 || (state.is_complete() && rng.random_bool(0.2)) {
            return Some((seat, end_turn(game)));
        }
        match state.hand() {
            Some(hand) => {
                self.units.clear();
                state.units_into(board, &mut self.units);
                // Candidates: each unit, and (as the last index) putting the piece down.
                let mut order: Vec<usize> = (0..=self.units.len()).collect();
                order.shuffle(rng);
                for index in order {
                    if let Some(m) = self.units.get(index) {
                        let mut next = *state;
                        next.apply_unit(m.to);
                        if self.finder.can_finish(board, &next) {
                            return Some((seat, Action::Unit { to: m.to }));
                        }
                    } else if hand.units() == 0 || self.finder.can_release(board, state) {
                        return Some((seat, Action::Release {}));
                    }
                }
                Some((seat, end_turn(game)))
            }
            None => {
                let mut pieces: Vec<Square> = squares_of(state.unplayed()).collect();
                pieces.shuffle(rng);
                for square in pieces {
                    let mut picked = *state;
                    if picked.pick(square) && self.finder.can_finish(board, &picked) {
                        return Some((seat, Action::Pick { square }));
                    }
                }
                Some((seat, end_turn(game)))
            }
        }
    }

    /// Plays the match with random choices for every seat, for at most `max_actions`
    /// accepted actions. Rather than asking the engine for every legal action, it
    /// offers candidates in a random order until the engine accepts one: the same
    /// uniform choice among the legal ones, at a fraction of the cost (a refused
    /// candidate changes nothing).
    pub fn play(&mut self, game: &mut Game, rng: &mut impl Rng, max_actions: usize) -> Played {
        let mut events: Vec<Event> = Vec::new();
        let mut choices: Vec<Choice> = Vec::new();
        for actions in 0..max_actions {
            let Some(seat) = game.pending_seat() else {
                return Played::Over { actions };
            };
            let last = self.choices(game, rng, &mut choices);
            let mut accepted = false;
            // Random ones first, in a random order (drawn one at a time: the first is
            // usually accepted), then `last`, if any.
            while !choices.is_empty() || last.is_some() {
                let choice = if choices.is_empty() {
                    match last {
                        Some(choice) if !accepted => choice,
                        _ => break,
                    }
                } else {
                    choices.swap_remove(rng.random_range(0..choices.len()))
                };
                let action = match choice {
                    Choice::Pick(square) => Action::Pick { square },
                    Choice::Unit(to) => Action::Unit { to },
                    Choice::Release => Action::Release {},
                    Choice::End => end_turn(game),
                    Choice::Alliance => Action::DeclareAlliance {},
                    Choice::Decline => Action::AnswerDraw { accept: false },
                };
                events.clear();
                if game
                    .apply_with(seat, action, &mut self.finder, &mut events)
                    .is_ok()
                {
                    accepted = true;
                    break;
                }
                if choices.is_empty() && Some(choice) == last {
                    break;
                }
            }
            choices.clear();
            if !accepted {
                // The engine always has a legal action while the match goes on; should
                // it ever not, stop rather than loop.
                return Played::Unfinished;
            }
        }
        if game.is_over() {
            Played::Over {
                actions: max_actions,
            }
        } else {
            Played::Unfinished
        }
    }

    /// The choices to try in a random order (into `out`), and the one to try after
    /// them.
    fn choices(
        &mut self,
        game: &Game,
        rng: &mut impl Rng,
        out: &mut Vec<Choice>,
    ) -> Option<Choice> {
        out.clear();
        if game.draw_offer().is_some() {
            return Some(Choice::Decline);
        }
        let state = game.state();
        if state.spent() == 0
            && state.hand().is_none()
            && self.alliance_chance > 0.0
            && game.legal_alliance()
            && rng.random_bool(self.alliance_chance)
        {
            return Some(Choice::Alliance);
        }
        if state.left() == 0 || (state.is_complete() && rng.random_bool(0.2)) {
            return Some(Choice::End);
        }
        match state.hand() {
            Some(_) => {
                self.units.clear();
                state.units_into(game.board(), &mut self.units);
                out.extend(self.units.iter().map(|m| Choice::Unit(m.to)));
                out.push(Choice::Release);
            }
            None => out.extend(squares_of(state.unplayed()).map(Choice::Pick)),
        }
        state.is_complete().then_some(Choice::End)
    }
}

/// One thing the random player may do.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Choice {
    Pick(Square),
    Unit(Square),
    Release,
    End,
    Alliance,
    Decline,
}

/// Ends the turn taking every enemy that may be taken.
fn end_turn(game: &Game) -> Action {
    let state = game.state();
    let mut released = *state;
    released.release();
    let captures = capturable(
        released.pieces(),
        state.mover(),
        state.controlled(),
        game.sides(),
        game.safety(),
        game.variant().diagonal_capture,
    );
    Action::EndTurn {
        captures: squares_of(captures).collect(),
    }
}

impl Game {
    /// Whether the army to play may declare an alliance now (ruling 24).
    pub fn legal_alliance(&self) -> bool {
        self.state().spent() == 0 && self.alliance_refusal().is_none()
    }
}
