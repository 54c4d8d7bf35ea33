//! A random-but-legal player: every choice drawn uniformly among what the engine
//! offers, captures all taken. Tests play thousands of games with it, and simulations
//! measure the engine's speed (`cargo bench -p castellan-chateau`).

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
    /// match is over. A draw offered is declined.
    pub fn choose(&mut self, game: &Game, rng: &mut impl Rng) -> Option<(Seat, Action)> {
        let seat = game.pending_seat()?;
        if game.draw_offer().is_some() {
            return Some((seat, Action::AnswerDraw { accept: false }));
        }
        let board: &Board = game.board();
        let state = game.state();
        if state.spent() == 0
            && state.hand().is_none()
            && game.legal_alliance()
            && rng.random_bool(self.alliance_chance)
        {
            return Some((seat, Action::DeclareAlliance {}));
        }
        if state.left() == 0 || (state.is_complete() && rng.random_bool(0.2)) {
            return Some((seat, end_turn(game)));
        }
        match state.hand() {
            Some(_) => {
                self.units.clear();
                self.finder.next_units(board, state, &mut self.units);
                let release = self.finder.can_release(board, state);
                let choices = self.units.len() + usize::from(release);
                if choices == 0 {
                    // Picked and unable to move: put it back, pick another.
                    return Some((seat, Action::Release {}));
                }
                let pick = rng.random_range(0..choices);
                Some((
                    seat,
                    match self.units.get(pick) {
                        Some(m) => Action::Unit { to: m.to },
                        None => Action::Release {},
                    },
                ))
            }
            None => {
                let pickable: Vec<Square> =
                    squares_of(self.finder.pickable(board, state)).collect();
                if pickable.is_empty() {
                    return Some((seat, end_turn(game)));
                }
                let square = pickable[rng.random_range(0..pickable.len())];
                Some((seat, Action::Pick { square }))
            }
        }
    }

    /// Plays the match with random choices for every seat, for at most `max_actions`
    /// actions.
    pub fn play(&mut self, game: &mut Game, rng: &mut impl Rng, max_actions: usize) -> Played {
        let mut events: Vec<Event> = Vec::new();
        for actions in 0..max_actions {
            let Some((seat, action)) = self.choose(game, rng) else {
                return Played::Over { actions };
            };
            events.clear();
            if game
                .apply_with(seat, action, &mut self.finder, &mut events)
                .is_err()
            {
                // A listed action is always accepted; should one ever be refused, stop
                // rather than loop.
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
