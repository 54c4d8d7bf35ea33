//! The story of a Château Noir match in figures, without a window: every side's score
//! after each turn, who took whose pieces, the scoring moments each side had
//! (occupations, simultanées, Châteaux, Château noir, sieges…) with their points, and
//! how each partie ended. Everything is counted from the engine's own events while the
//! save is replayed action by action: no rule is decided here, so the figures always
//! add up to the engine's scores.

use std::sync::Arc;

use castellan_chateau::board::{ArmyId, Board, armies_of};
use castellan_chateau::game::{Event, Game, Outcome, PieceKind, SideId};
use castellan_chateau::save::{ReplayError, SavedGame};

/// The kinds of scoring moment a side is credited with, in the order the page lists
/// them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum MomentKind {
    /// A piece framed and taken at a turn's end (ruling 13).
    Capture,
    /// A besieged piece taken (ruling 22).
    SiegeCapture,
    /// The side's own captain lost (ruling 16): points off.
    CaptainLost,
    /// A territory left in the colour table's order (ruling 17).
    Occupation,
    /// All four territories left in order in one turn (ruling 18).
    Simultanee,
    /// An army taken whole for being blocked (ruling 19).
    Chateau,
    /// Every piece of an army taken (ruling 21).
    ArmyTaken,
    /// Two opposing armies blocked at once: the match (ruling 20).
    ChateauNoir,
    /// A clock overrun (ruling 26): points off.
    ClockPenalty,
}

impl MomentKind {
    pub const ALL: [MomentKind; 9] = [
        MomentKind::Capture,
        MomentKind::SiegeCapture,
        MomentKind::CaptainLost,
        MomentKind::Occupation,
        MomentKind::Simultanee,
        MomentKind::Chateau,
        MomentKind::ArmyTaken,
        MomentKind::ChateauNoir,
        MomentKind::ClockPenalty,
    ];

    fn index(self) -> usize {
        self as usize
    }

    /// The kind of moment `event` is, and the side it counts for.
    pub fn of(event: &Event) -> Option<(MomentKind, SideId)> {
        let kind = match event {
            Event::Captured { siege: false, .. } => MomentKind::Capture,
            Event::Captured { siege: true, .. } => MomentKind::SiegeCapture,
            Event::CaptainLost { .. } => MomentKind::CaptainLost,
            Event::Occupation { .. } => MomentKind::Occupation,
            Event::Simultanee { .. } => MomentKind::Simultanee,
            Event::Chateau { .. } => MomentKind::Chateau,
            Event::ArmyTaken { .. } => MomentKind::ArmyTaken,
            Event::ChateauNoir { side, .. } => return Some((MomentKind::ChateauNoir, *side)),
            Event::ClockPenalty { .. } => MomentKind::ClockPenalty,
            _ => return None,
        };
        event.points().map(|(side, _)| (kind, side))
    }
}

/// How many moments of one kind a side had, and the points they gave (or took).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub count: u32,
    pub points: i32,
}

/// Every side's score after a number of turns of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScorePoint {
    pub turn: u32,
    /// By side; negative in debt (ruling 16).
    pub scores: Vec<i32>,
}

/// How a partie ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartieResult {
    pub partie: u32,
    /// The turns of the match it was played in, first and last.
    pub turns: (u32, u32),
    /// The sides' scores when it ended (kept into the next partie).
    pub scores: Vec<i32>,
    /// The sides still on the board at its end.
    pub left: Vec<SideId>,
}

/// The figures of a match, from its start to where it stands.
#[derive(Clone, Debug)]
pub struct ChateauStory {
    /// The game as it stands at the end of the replay (for its names and scores).
    pub game: Game,
    /// The armies in the game, in board order.
    pub armies: Vec<ArmyId>,
    /// The sides, each with its armies.
    pub sides: Vec<Vec<ArmyId>>,
    /// Team play (ruling 14).
    pub teams: bool,
    pub turns: u32,
    /// The scores from the start, then after each turn; the last point is the
    /// game's scores now.
    pub points: Vec<ScorePoint>,
    /// `moments[side][kind]`.
    pub moments: Vec<[Tally; MomentKind::ALL.len()]>,
    /// `taken[by][army]`: pieces of `army` taken by `by` (framed, besieged, or in a
    /// Château), by army index on the board.
    pub taken: Vec<Vec<u32>>,
    /// `captains[by][army]`: of those, captains.
    pub captains_taken: Vec<Vec<u32>>,
    /// The parties that ended, in order.
    pub parties: Vec<PartieResult>,
    /// The first turn of the partie in play (or that ended the match).
    pub current_partie_began: u32,
    /// The army last taken in a Château this turn and by whom: its captain's loss
    /// follows.
    chateau: Option<(ArmyId, ArmyId)>,
}

impl ChateauStory {
    /// Replays `saved` through the engine, checking every action, and counts its
    /// events.
    pub fn tell(saved: &SavedGame) -> Result<ChateauStory, ReplayError> {
        let start = SavedGame {
            actions: Vec::new(),
            ..saved.clone()
        }
        .replay()?;
        let mut story = ChateauStory::starting(&start);
        for event in start.opening_events() {
            story.count(event);
        }
        let mut partie_began = story.current_partie_began;
        let game = saved.replay_with(|game, events| {
            for event in events {
                story.count(event);
                if let Event::PartieEnded { partie, sides } = event {
                    story.parties.push(PartieResult {
                        partie: *partie,
                        turns: (partie_began, game.turns().max(partie_began)),
                        scores: game.scores().to_vec(),
                        left: sides.clone(),
                    });
                    partie_began = game.turns() + 1;
                }
            }
            if story.points.last().is_some_and(|p| p.turn != game.turns()) {
                story.points.push(ScorePoint {
                    turn: game.turns(),
                    scores: game.scores().to_vec(),
                });
            }
        })?;
        // The last point is where the game stands, whether or not a turn just ended.
        let now = ScorePoint {
            turn: game.turns(),
            scores: game.scores().to_vec(),
        };
        let several = story.points.len() > 1;
        match story.points.last_mut() {
            Some(last) if last.turn == now.turn && several => *last = now,
            _ => story.points.push(now),
        }
        story.turns = game.turns();
        story.current_partie_began = partie_began;
        story.game = game;
        Ok(story)
    }

    fn starting(start: &Game) -> ChateauStory {
        let board = start.board();
        let in_game = start.table().armies();
        let armies: Vec<ArmyId> = board
            .army_ids()
            .filter(|a| in_game & a.bit() != 0)
            .collect();
        let sides: Vec<Vec<ArmyId>> = (0..start.sides().count())
            .map(|i| armies_of(start.sides().armies(SideId(i as u8))).collect())
            .collect();
        let count = board.armies().len();
        ChateauStory {
            game: start.clone(),
            armies,
            teams: start.table().teams,
            turns: start.turns(),
            points: vec![ScorePoint {
                turn: start.turns(),
                scores: start.scores().to_vec(),
            }],
            moments: vec![[Tally::default(); MomentKind::ALL.len()]; sides.len()],
            sides,
            taken: vec![vec![0; count]; count],
            captains_taken: vec![vec![0; count]; count],
            parties: Vec::new(),
            current_partie_began: start.turns() + 1,
            chateau: None,
        }
    }

    fn count(&mut self, event: &Event) {
        if let Some((kind, side)) = MomentKind::of(event)
            && let Some(tallies) = self.moments.get_mut(side.index())
        {
            let tally = &mut tallies[kind.index()];
            tally.count += 1;
            tally.points += event.points().map_or(0, |(_, points)| points);
        }
        match event {
            Event::TurnBegan { .. } => self.chateau = None,
            Event::Captured {
                army, piece, by, ..
            } => self.take(*by, *army, 1, u32::from(*piece == PieceKind::Captain)),
            Event::Chateau {
                army, by, squares, ..
            } => {
                self.take(*by, *army, squares.len() as u32, 0);
                self.chateau = Some((*army, *by));
            }
            // A Château takes the army's captain with it: the engine tells that
            // loss just after, as a captain lost.
            Event::CaptainLost { army, .. } => {
                if let Some((taken, by)) = self.chateau
                    && taken == *army
                {
                    self.take(by, *army, 0, 1);
                }
            }
            _ => {}
        }
    }

    fn take(&mut self, by: ArmyId, army: ArmyId, pieces: u32, captains: u32) {
        if let Some(cell) = self
            .taken
            .get_mut(by.index())
            .and_then(|row| row.get_mut(army.index()))
        {
            *cell += pieces;
        }
        if let Some(cell) = self
            .captains_taken
            .get_mut(by.index())
            .and_then(|row| row.get_mut(army.index()))
        {
            *cell += captains;
        }
    }

    /// The side an army plays for.
    pub fn side_of(&self, army: ArmyId) -> Option<SideId> {
        self.sides
            .iter()
            .position(|armies| armies.contains(&army))
            .map(|i| SideId(i as u8))
    }

    /// Whether the match is over (won or drawn).
    pub fn over(&self) -> bool {
        self.game.is_over()
    }

    /// How the match ended, if it did.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.game.outcome()
    }

    /// The board the match is played on.
    pub fn board(&self) -> &Arc<Board> {
        self.game.board()
    }

    /// Pieces `by` took, from every army.
    pub fn taken_by(&self, by: ArmyId) -> u32 {
        self.taken.get(by.index()).map_or(0, |row| row.iter().sum())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use castellan_chateau::board::Board;
    use castellan_chateau::game::Table;
    use castellan_chateau::random::{Played, RandomPlayer};
    use castellan_chateau::variant::Variant;
    use rand::SeedableRng;

    use super::*;

    /// A save of a match of random moves, played to its end.
    pub(crate) fn random_match(table: Table, seed: u64) -> (SavedGame, Game) {
        let board = Arc::new(Board::reconstructed());
        let variant = Variant {
            round_cap: Some(400),
            ..Variant::default()
        };
        let mut game = Game::new(board, variant, table, seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let played = RandomPlayer::new().play(&mut game, &mut rng, 100_000);
        assert!(matches!(played, Played::Over { .. }));
        (game.save(Board::reconstructed_text()).unwrap(), game)
    }

    #[test]
    fn the_figures_add_up_to_the_engines_scores() {
        for seed in [1, 2, 3] {
            let (saved, played) = random_match(Table::four_in_teams(), seed);
            let story = ChateauStory::tell(&saved).unwrap();
            assert_eq!(story.game.scores(), played.scores());
            assert_eq!(story.turns, played.turns());
            assert!(story.over());
            // The chart ends at the engine's scores, after the last turn, and the
            // turns only go forwards.
            let last = story.points.last().unwrap();
            assert_eq!(last.scores, played.scores());
            assert_eq!(last.turn, played.turns());
            assert_eq!(story.points[0].turn, 0);
            assert!(story.points.windows(2).all(|w| w[0].turn < w[1].turn));
            // Every point a side has comes from one of its moments.
            for (side, tallies) in story.moments.iter().enumerate() {
                let sum: i32 = tallies.iter().map(|t| t.points).sum();
                assert_eq!(sum, played.scores()[side], "side {side}");
            }
            // Each piece taken is one the engine said was captured or taken in a
            // Château, and by that army.
            let mut captured = vec![vec![0u32; 4]; 4];
            saved
                .replay_with(|_, events| {
                    for event in events {
                        match event {
                            Event::Captured { army, by, .. } => {
                                captured[by.index()][army.index()] += 1;
                            }
                            Event::Chateau {
                                army, by, squares, ..
                            } => captured[by.index()][army.index()] += squares.len() as u32,
                            _ => {}
                        }
                    }
                })
                .unwrap();
            assert_eq!(story.taken, captured);
            assert_eq!(story.sides.len(), 2);
            assert!(story.teams);
        }
    }

    #[test]
    fn a_partie_that_ended_is_told_with_its_turns_and_scores() {
        // Two armies alone: with this seed the first partie ends with one army left.
        let (saved, played) = random_match(Table::single_armies(&[ArmyId(0), ArmyId(2)]), 52);
        let story = ChateauStory::tell(&saved).unwrap();
        let [first] = story.parties.as_slice() else {
            panic!("{:?}", story.parties);
        };
        assert_eq!(first.partie, 1);
        assert_eq!(first.turns.0, 1);
        assert_eq!(first.left.len(), 1);
        assert!(first.turns.1 <= played.turns());
        // The scores it ended with are on the chart, at its last turn.
        let at_end = story
            .points
            .iter()
            .find(|p| p.turn == first.turns.1)
            .unwrap();
        assert_eq!(at_end.scores, first.scores);
        assert!(!story.teams);
        assert_eq!(story.sides, vec![vec![ArmyId(0)], vec![ArmyId(2)]]);
    }

    #[test]
    fn a_match_in_progress_is_told_up_to_where_it_stands() {
        let (mut saved, _) = random_match(Table::four_in_teams(), 4);
        saved.actions.truncate(saved.actions.len() / 2);
        let game = saved.replay().unwrap();
        let story = ChateauStory::tell(&saved).unwrap();
        assert!(!story.over());
        assert_eq!(story.points.last().unwrap().scores, game.scores());
        assert_eq!(story.turns, game.turns());
        // A save that does not replay is refused, not told.
        // (A unit before any piece is picked.)
        let (seat, _) = saved.actions[0].clone();
        saved.actions.insert(
            0,
            (
                seat,
                castellan_chateau::game::Action::Unit {
                    to: castellan_chateau::Square::at(0, 0).unwrap(),
                },
            ),
        );
        assert!(ChateauStory::tell(&saved).is_err());
    }
}
