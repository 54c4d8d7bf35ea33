//! Computer seats: each plays by the engine's [`GreedyPolicy`], seeing the game only
//! through its own [`SeatSight`], with one seeded generator for the table's ties.

use castellan_engine::bot::{GreedyPolicy, Policy, SeatSight};
use castellan_engine::game::{Action, Game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The computer players of one game (a policy per seat; people's go unused).
pub struct Computers {
    policies: Vec<GreedyPolicy>,
    rng: ChaCha8Rng,
}

impl Computers {
    /// Players for a table of `seats`, breaking ties with a generator seeded by `seed`.
    pub fn new(seats: usize, seed: u64) -> Self {
        Self {
            policies: vec![GreedyPolicy::new(); seats],
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The pending seat's action as its policy chooses it; `None` once the game is won.
    pub fn choose(&mut self, game: &Game) -> Option<Action> {
        let seat = game.pending_seat()?;
        let legal = game.legal_actions();
        let sight = SeatSight::new(game, seat);
        let policy = self.policies.get_mut(seat.index())?;
        Some(policy.choose(&sight, &legal, &mut self.rng))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::board::parse_board;
    use castellan_engine::variant::Variant;
    use std::sync::Arc;

    #[test]
    fn the_computers_choose_legal_actions_until_someone_wins() {
        let source = include_str!("../../data/boards/castle-risk.toml");
        let board = Arc::new(parse_board(source, "castle-risk.toml").unwrap());
        let mut game = Game::new(board, Variant::rulebook(), 3, 4).unwrap();
        let mut computers = Computers::new(3, 9);
        for _ in 0..100_000 {
            let Some(action) = computers.choose(&game) else {
                break;
            };
            let seat = game.pending_seat().unwrap();
            assert!(game.legal_actions().allows(&action), "{action:?}");
            game.apply(seat, action).unwrap();
        }
        assert!(game.winner().is_some());
    }
}
