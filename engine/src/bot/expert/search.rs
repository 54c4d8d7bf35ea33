//! The Expert's search: candidates tried in worlds drawn from the seat's sight, each
//! played out to the start of the seat's next turn by greedy players and judged by the
//! evaluation; successive halving spends the simulations on the best half, then the
//! best half of that, and so on.

use std::time::{Duration, Instant};

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::eval::win_chances;
use crate::bot::{Cancel, GreedyPolicy, Policy, SeatSight};
use crate::game::{Action, Game, LegalActions, Seat};

/// Actions a simulated round may take before it is judged where it stands (a round of
/// greedy turns takes a few dozen).
const ROLLOUT_ACTIONS: usize = 2_000;

/// What a search may spend.
pub struct Limits<'c> {
    pub simulations: u32,
    pub started: Instant,
    pub time_cap: Option<Duration>,
    pub cancel: &'c Cancel,
}

impl Limits<'_> {
    fn stop(&self) -> bool {
        self.cancel.is_cancelled()
            || self
                .time_cap
                .is_some_and(|cap| self.started.elapsed() >= cap)
    }
}

/// What a search found.
pub struct Found {
    /// The index of the best candidate (`None` when stopped before any was judged).
    pub best: Option<usize>,
    pub simulations: u32,
}

/// The candidate with the best mean evaluation after successive halving.
pub fn best(
    sight: &SeatSight<'_>,
    candidates: &[Action],
    limits: &Limits<'_>,
    rng: &mut dyn Rng,
) -> Found {
    let me = sight.seat();
    let start_turn = sight.turn_number();
    let k = candidates.len();
    let rounds = usize::BITS - (k - 1).leading_zeros();
    let mut totals = vec![0.0f64; k];
    let mut counts = vec![0u32; k];
    let mut active: Vec<usize> = (0..k).collect();
    let mut spent = 0u32;
    let mut legal = LegalActions::default();
    let mut stopped = false;
    for round in 0..rounds {
        let worlds = (limits.simulations / (active.len() as u32 * rounds)).max(1);
        for _ in 0..worlds {
            if limits.stop() {
                stopped = true;
                break;
            }
            let world = sight.sample_world(rng);
            let dice: u64 = rng.random();
            for &c in &active {
                let mut game = world.clone();
                let value = simulate(&mut game, me, start_turn, &candidates[c], dice, &mut legal);
                totals[c] += value;
                counts[c] += 1;
                spent += 1;
            }
        }
        if stopped {
            break;
        }
        if round + 1 < rounds {
            let mean = |c: usize| totals[c] / f64::from(counts[c].max(1));
            active.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)).then(a.cmp(&b)));
            active.truncate(active.len().div_ceil(2));
        }
    }
    let best = active
        .iter()
        .copied()
        .filter(|&c| counts[c] > 0)
        .max_by(|&a, &b| {
            let (ma, mb) = (
                totals[a] / f64::from(counts[a]),
                totals[b] / f64::from(counts[b]),
            );
            ma.total_cmp(&mb).then(b.cmp(&a))
        });
    Found {
        best,
        simulations: spent,
    }
}

/// Plays `candidate` in `game`, then greedy players to the start of `me`'s next turn,
/// and says how likely `me` then is to win.
fn simulate(
    game: &mut Game,
    me: Seat,
    start_turn: u32,
    candidate: &Action,
    dice: u64,
    legal: &mut LegalActions,
) -> f64 {
    let mut events = Vec::new();
    if game.apply_into(me, candidate.clone(), &mut events).is_err() {
        // Cannot happen for a listed action; judged the worst if it ever did.
        return -1.0;
    }
    game.reseed_chance(dice);
    let mut players: Vec<GreedyPolicy> = (0..game.seats()).map(|_| GreedyPolicy::new()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(dice);
    for _ in 0..ROLLOUT_ACTIONS {
        let Some(seat) = game.pending_seat() else {
            break;
        };
        if game.turn_seat() == Some(me) && game.turn_number() > start_turn {
            break;
        }
        game.legal_actions_into(legal);
        let action = players[seat.index()].choose(&SeatSight::new(game, seat), legal, &mut rng);
        events.clear();
        if game.apply_into(seat, action, &mut events).is_err() {
            break;
        }
    }
    win_chances(game)[me.index()]
}
