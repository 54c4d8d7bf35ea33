//! Playing a game out: ask the pending seat's policy, apply its action, until the game
//! is over (won or drawn) or an action budget is spent, so that no policy can make it
//! loop forever.

use rand::Rng;

use super::{Policy, SeatSight};
use crate::game::{Action, Game, LegalActions, RuleError, Seat};

/// How [`play_to_end`] stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game was won after `actions` actions (counted from the call).
    Won { winner: Seat, actions: usize },
    /// The game ended in a draw after `actions` actions (ruling 24).
    Drawn { actions: usize },
    /// The budget of actions ran out first: the game is still in progress.
    Stalled { actions: usize },
    /// A policy chose an action the game refused (a bug in that policy); the game is
    /// left as it was before that action.
    Refused {
        seat: Seat,
        action: Action,
        error: RuleError,
        actions: usize,
    },
}

/// Plays `game` until it is over, asking `policies[seat]` for each of that seat's
/// decisions, and applying at most `max_actions` actions. `policies` needs one policy
/// per seat of the game.
pub fn play_to_end(
    game: &mut Game,
    policies: &mut [Box<dyn Policy>],
    rng: &mut dyn Rng,
    max_actions: usize,
) -> Outcome {
    assert_eq!(
        policies.len(),
        game.seats(),
        "play_to_end needs one policy per seat"
    );
    // One list of events and one of legal actions, reused at every decision.
    let mut events = Vec::new();
    let mut legal = LegalActions::default();
    for actions in 0..max_actions {
        let Some(seat) = game.pending_seat() else {
            return over(game, actions);
        };
        game.legal_actions_into(&mut legal);
        let action = policies[seat.index()].choose(&SeatSight::new(game, seat), &legal, rng);
        events.clear();
        if let Err(error) = game.apply_into(seat, action.clone(), &mut events) {
            return Outcome::Refused {
                seat,
                action,
                error,
                actions,
            };
        }
    }
    match game.pending_seat() {
        None => over(game, max_actions),
        Some(_) => Outcome::Stalled {
            actions: max_actions,
        },
    }
}

/// How a game with no decision pending ended.
fn over(game: &Game, actions: usize) -> Outcome {
    match game.winner() {
        Some(winner) => Outcome::Won { winner, actions },
        None => Outcome::Drawn { actions },
    }
}
