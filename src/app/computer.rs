//! Computer seats: the one place that builds a seat's policy ([`policy_for`]), the
//! players of one table ([`Computers`]: a policy per computer seat, one generator
//! seeded from the game for the table's ties, and the table's [`Cancel`] flag), and
//! the [`ComputerSeats`] worker that thinks on a thread of its own, so that the window
//! never waits for a move and drops a table's thinking at once. The same worker works
//! out hints for people's decisions (see `hint`).

use std::time::{Duration, Instant};

#[cfg(test)]
use castellan_engine::bot::GreedyPolicy;
use castellan_engine::bot::{Cancel, Policy, SeatSight, Strength, Thinking};
use castellan_engine::game::{Action, Game, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use relm4::{ComponentSender, Worker};
use serde::{Deserialize, Serialize};

use super::hint;
use super::session::SeatSettings;

/// How fast computer seats play: the game-speed preference.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameSpeed {
    /// Each move as soon as it is chosen.
    Instant,
    /// A short pause before each move, so that people can follow.
    #[default]
    Normal,
    /// A long pause, to watch the computer play.
    Slow,
}

impl GameSpeed {
    pub const ALL: [GameSpeed; 3] = [GameSpeed::Instant, GameSpeed::Normal, GameSpeed::Slow];

    /// How long a computer seat "thinks" at least before each move.
    pub fn pace(self) -> Duration {
        match self {
            GameSpeed::Instant => Duration::ZERO,
            GameSpeed::Normal => Duration::from_millis(250),
            GameSpeed::Slow => Duration::from_millis(1_200),
        }
    }

    /// The stable id the preferences file and the menu's action use.
    pub fn id(self) -> &'static str {
        match self {
            GameSpeed::Instant => "instant",
            GameSpeed::Normal => "normal",
            GameSpeed::Slow => "slow",
        }
    }

    pub fn from_id(id: &str) -> Option<GameSpeed> {
        GameSpeed::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// How often a pacing worker looks whether its thought was dropped.
const CANCEL_POLL: Duration = Duration::from_millis(10);

/// The policy `seat` plays by, if the computer plays it: the engine's player of the
/// seat's strength, thinking until `cancel` is raised.
pub fn policy_for(seat: &SeatSettings, cancel: &Cancel) -> Option<Box<dyn Policy + Send>> {
    seat.computer.then(|| {
        seat.strength
            .policy_with(Thinking::cancelled_by(cancel.clone()))
    })
}

/// The computer players of one game.
pub struct Computers {
    /// Indexed by seat; `None` for the people's seats.
    policies: Vec<Option<Box<dyn Policy + Send>>>,
    /// Plays what a person hands over (their claims, "Claim for Me"): the Normal
    /// player, seeing only that seat's sight like every policy.
    stand_in: Box<dyn Policy + Send>,
    rng: ChaCha8Rng,
    /// Raised when the table gets up (a new game, quitting): its thinking stops.
    cancel: Cancel,
}

impl Computers {
    /// The players of a table seated as `seats`, breaking ties with a generator seeded
    /// by `seed` (the game's, so that a replayed setup plays the same way), and
    /// stopped by `cancel`.
    pub fn for_table(seats: &[SeatSettings], seed: u64, cancel: &Cancel) -> Self {
        Self {
            policies: seats.iter().map(|seat| policy_for(seat, cancel)).collect(),
            stand_in: Strength::Normal.policy_with(Thinking::cancelled_by(cancel.clone())),
            rng: ChaCha8Rng::seed_from_u64(seed),
            cancel: cancel.clone(),
        }
    }

    /// Greedy players for all `seats` seats, people's included: what tests choose the
    /// people's moves with.
    #[cfg(test)]
    pub fn new(seats: usize, seed: u64) -> Self {
        Self {
            policies: (0..seats)
                .map(|_| Some(Box::new(GreedyPolicy::new()) as Box<dyn Policy + Send>))
                .collect(),
            stand_in: Box::new(GreedyPolicy::new()),
            rng: ChaCha8Rng::seed_from_u64(seed),
            cancel: Cancel::new(),
        }
    }

    /// The pending seat's action as its policy chooses it, or as the stand-in does for
    /// a person's seat (the window asks only for what a person handed over); `None`
    /// once the game is won.
    pub fn choose(&mut self, game: &Game) -> Option<Action> {
        let seat = game.pending_seat()?;
        let policy = match self.policies.get_mut(seat.index()) {
            Some(Some(policy)) => policy,
            _ => &mut self.stand_in,
        };
        let legal = game.legal_actions();
        let sight = SeatSight::new(game, seat);
        Some(policy.choose(&sight, &legal, &mut self.rng))
    }
}

/// The computer players of a Château Noir table: one engine player a computer seat
/// (each keeps its plan for the turn), a generator seeded from the game, and the
/// table's cancel flag.
pub struct ChateauComputers {
    players: Vec<Option<castellan_chateau::bot::Player>>,
    rng: ChaCha8Rng,
    cancel: castellan_chateau::bot::Cancel,
}

impl ChateauComputers {
    /// Players for the computer seats among `seats` (`Some(strength)` for each
    /// computer seat), seeded by `seed`, stopped by `cancel`.
    pub fn for_table(
        seats: &[Option<castellan_chateau::bot::Strength>],
        seed: u64,
        cancel: &castellan_chateau::bot::Cancel,
    ) -> Self {
        let thinking = castellan_chateau::bot::Thinking {
            cancel: cancel.clone(),
            ..castellan_chateau::bot::Thinking::default()
        };
        Self {
            players: seats
                .iter()
                .map(|strength| {
                    strength.map(|s| castellan_chateau::bot::Player::new(s, thinking.clone()))
                })
                .collect(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            cancel: cancel.clone(),
        }
    }

    /// The pending computer seat's next action; `None` when no computer is to decide.
    pub fn choose(
        &mut self,
        game: &castellan_chateau::game::Game,
    ) -> Option<(
        castellan_chateau::game::Seat,
        castellan_chateau::game::Action,
    )> {
        let seat = game.pending_seat()?;
        let player = self.players.get_mut(seat.index())?.as_mut()?;
        player.choose(game, &mut self.rng)
    }
}

/// The worker's state: the computer players of the table being played.
#[derive(Default)]
pub struct ComputerSeats {
    table: Option<Computers>,
    chateau: Option<ChateauComputers>,
}

/// Messages to the worker.
pub enum ComputerSeatsInput {
    /// A new table sits down: its players replace the last table's.
    Seat(Box<Computers>),
    /// Choose the move of the pending computer seat of `game`, and answer with `id`
    /// after `pace` at the soonest (see [`GameSpeed::pace`]), unless the table gets
    /// up first.
    Think {
        id: u64,
        game: Box<Game>,
        pace: Duration,
    },
    /// Work out hint `id`: what the Normal player would do for `seat`'s decision in
    /// `game`, seeing only what `seat` sees; dropped once `cancel` is raised.
    Hint {
        id: u64,
        game: Box<Game>,
        seat: Seat,
        cancel: Cancel,
    },
    /// A Château Noir table sits down: its computer seats' strengths (`None` for a
    /// person's seat), the game's seed and the table's cancel flag.
    SeatChateau {
        strengths: Vec<Option<castellan_chateau::bot::Strength>>,
        seed: u64,
        cancel: castellan_chateau::bot::Cancel,
    },
    /// Choose the next action of the pending computer seat of a Château Noir game,
    /// answered with `id` after `pace` at the soonest.
    ThinkChateau {
        id: u64,
        game: Box<castellan_chateau::game::Game>,
        pace: Duration,
    },
}

impl std::fmt::Debug for ComputerSeatsInput {
    // By hand: policies and games are not worth printing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ComputerSeatsInput::Seat(_) => f.write_str("Seat(…)"),
            ComputerSeatsInput::Think { id, .. } => write!(f, "Think({id})"),
            ComputerSeatsInput::Hint { id, .. } => write!(f, "Hint({id})"),
            ComputerSeatsInput::SeatChateau { .. } => f.write_str("SeatChateau(…)"),
            ComputerSeatsInput::ThinkChateau { id, .. } => write!(f, "ThinkChateau({id})"),
        }
    }
}

/// What the worker answers.
#[derive(Debug)]
pub enum ComputerSeatsOutput {
    /// The move of `seat` for thought `id`; `None` when its player had none to make.
    Chose {
        id: u64,
        seat: Option<Seat>,
        action: Option<Action>,
    },
    /// The hint for request `id`; `None` when the decision was not the seat's.
    Hinted { id: u64, action: Option<Action> },
    /// A Château Noir computer seat's action for thought `id`.
    ChateauChose {
        id: u64,
        seat: Option<castellan_chateau::game::Seat>,
        action: Option<castellan_chateau::game::Action>,
    },
}

impl Worker for ComputerSeats {
    type Init = ();
    type Input = ComputerSeatsInput;
    type Output = ComputerSeatsOutput;

    fn init(_: (), _sender: ComponentSender<Self>) -> Self {
        Self::default()
    }

    fn update(&mut self, message: ComputerSeatsInput, sender: ComponentSender<Self>) {
        match message {
            ComputerSeatsInput::Seat(table) => self.table = Some(*table),
            ComputerSeatsInput::Think { id, game, pace } => {
                let started = Instant::now();
                let Some(table) = self.table.as_mut() else {
                    return;
                };
                let cancel = table.cancel.clone();
                if cancel.is_cancelled() {
                    return;
                }
                let seat = game.pending_seat();
                let action = table.choose(&game);
                // The pace: people follow the moves; a dropped thought stops waiting.
                while let Some(left) = pace.checked_sub(started.elapsed())
                    && !left.is_zero()
                {
                    if cancel.is_cancelled() {
                        return;
                    }
                    std::thread::sleep(CANCEL_POLL.min(left));
                }
                if !cancel.is_cancelled() {
                    let _ = sender.output(ComputerSeatsOutput::Chose { id, seat, action });
                }
            }
            ComputerSeatsInput::SeatChateau {
                strengths,
                seed,
                cancel,
            } => {
                self.chateau = Some(ChateauComputers::for_table(&strengths, seed, &cancel));
            }
            ComputerSeatsInput::ThinkChateau { id, game, pace } => {
                let started = Instant::now();
                let Some(table) = self.chateau.as_mut() else {
                    return;
                };
                let cancel = table.cancel.clone();
                if cancel.is_cancelled() {
                    return;
                }
                let chosen = table.choose(&game);
                while let Some(left) = pace.checked_sub(started.elapsed())
                    && !left.is_zero()
                {
                    if cancel.is_cancelled() {
                        return;
                    }
                    std::thread::sleep(CANCEL_POLL.min(left));
                }
                if !cancel.is_cancelled() {
                    let _ = sender.output(ComputerSeatsOutput::ChateauChose {
                        id,
                        seat: chosen.as_ref().map(|(seat, _)| *seat),
                        action: chosen.map(|(_, action)| action),
                    });
                }
            }
            ComputerSeatsInput::Hint {
                id,
                game,
                seat,
                cancel,
            } => {
                if cancel.is_cancelled() {
                    return;
                }
                let action = hint::normal_choice(&game, seat, &cancel);
                if !cancel.is_cancelled() {
                    let _ = sender.output(ComputerSeatsOutput::Hinted { id, action });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::board::parse_board;
    use castellan_engine::bot::Strength;
    use castellan_engine::variant::Variant;
    use relm4::prelude::*;
    use std::sync::Arc;

    fn game(seed: u64) -> Game {
        let source = include_str!("../../data/boards/castle-risk.toml");
        let board = Arc::new(parse_board(source, "castle-risk.toml").unwrap());
        Game::new(board, Variant::rulebook(), 3, seed).unwrap()
    }

    #[test]
    fn the_computers_choose_legal_actions_until_someone_wins() {
        let mut game = game(4);
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

    #[test]
    fn only_computer_seats_get_a_policy() {
        let person = SeatSettings {
            name: "Anna".into(),
            colour: 0,
            computer: false,
            strength: Strength::Easy,
        };
        let computer = SeatSettings {
            computer: true,
            ..person.clone()
        };
        let cancel = Cancel::new();
        assert!(policy_for(&person, &cancel).is_none());
        assert!(policy_for(&computer, &cancel).is_some());
        // A person's seat is answered only by the stand-in, for what the person
        // handed over ("Claim for Me"): a legal move, as the Normal player would.
        let game = game(4);
        let seats = vec![person.clone(), person.clone(), person];
        let chosen = Computers::for_table(&seats, 1, &cancel)
            .choose(&game)
            .expect("the stand-in answers");
        assert!(game.legal_actions().allows(&chosen));
    }

    /// Answers of a worker for `game`'s table, with `drop_first` cancelled at once.
    fn think_twice(drop_first: bool) -> Vec<u64> {
        let (answers, received) = std::sync::mpsc::channel();
        let worker =
            ComputerSeats::builder()
                .detach_worker(())
                .connect_receiver(move |_, output| {
                    if let ComputerSeatsOutput::Chose { id, .. } = output {
                        let _ = answers.send(id);
                    }
                });
        let game = game(4);
        let seats: Vec<SeatSettings> = (0..3)
            .map(|i| SeatSettings {
                name: format!("C{i}"),
                colour: i,
                computer: true,
                strength: Strength::Normal,
            })
            .collect();
        // The first table's thought; a new table sits down before it is answered when
        // the first table gets up.
        let first = Cancel::new();
        worker.emit(ComputerSeatsInput::Seat(Box::new(Computers::for_table(
            &seats, 1, &first,
        ))));
        worker.emit(ComputerSeatsInput::Think {
            id: 1,
            game: Box::new(game.clone()),
            pace: GameSpeed::Normal.pace(),
        });
        if drop_first {
            first.cancel();
            worker.emit(ComputerSeatsInput::Seat(Box::new(Computers::for_table(
                &seats,
                1,
                &Cancel::new(),
            ))));
        }
        worker.emit(ComputerSeatsInput::Think {
            id: 2,
            game: Box::new(game),
            pace: GameSpeed::Normal.pace(),
        });
        // The answers come through the main loop.
        let context = relm4::gtk::glib::MainContext::default();
        let deadline = Instant::now() + Duration::from_secs(5);
        let mut ids = Vec::new();
        while ids.len() < 2 - usize::from(drop_first) && Instant::now() < deadline {
            context.iteration(false);
            ids.extend(received.try_iter());
            std::thread::sleep(Duration::from_millis(5));
        }
        ids
    }

    #[relm4::gtk::test]
    fn a_dropped_thought_sends_nothing_and_the_next_comes_at_once() {
        assert_eq!(think_twice(true), vec![2]);
        assert_eq!(think_twice(false), vec![1, 2]);
    }
}
