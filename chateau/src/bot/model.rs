//! The computer players' model of a match: a [`Position`] (the pieces, the turn in
//! progress, the scores, the occupation timers, the safe pieces and the alliances)
//! that is `Copy`, and the end of a turn played on it as the engine plays it
//! (captures, occupation, the Château and the Château noir, the end of a partie, the
//! next army to move).
//!
//! It sees only what a player sees ([`Position::of_game`] reads the public state of a
//! [`Game`]) and never draws a random number: where the engine would draw the first
//! army of the next partie, the model stops ([`Ending::PartieOver`]), so that a
//! search never peeks at the game's generator. Sieges (ruling 22) take three rounds to
//! strike and are left out of the look-ahead; the root position still carries the
//! engine's counters.

use std::sync::Arc;

use crate::board::{ArmyId, Board, MAX_ARMIES, armies_of};
use crate::game::{
    ALLIANCE_FACTOR, Alliance, FACTOR, Finder, Game, Occupation, PieceKind, Pieces, Safety, SideId,
    Sides, State, TurnRules, WINNING_SCORE, capturable, framing_armies, occupation_events,
    territories_held,
};
use crate::square::{Bits, Square, squares_of};

use super::paths::PiecePath;
use super::tables::Tables;

/// Points for a soldier and a captain taken (ruling 16).
pub const SOLDIER_POINTS: i32 = 1;
pub const CAPTAIN_POINTS: i32 = 3;
/// Points the Château adds (ruling 19), and taking a whole army (ruling 21).
pub const CHATEAU_POINTS: i32 = 5;
pub const WHOLE_ARMY_POINTS: i32 = 2;

/// Safety records a position keeps (more are dropped, oldest first: a search can only
/// under-estimate what it may take).
const MAX_SAFE: usize = 12;
/// Territory exits a turn records.
const MAX_EXITS: usize = 8;

/// What does not change during a match: the board, the sides, the rules the turn
/// follows, and the per-board tables.
#[derive(Clone, Debug)]
pub struct Context {
    pub board: Arc<Board>,
    pub sides: Sides,
    /// The armies in the game (a set).
    pub armies: u8,
    pub rules: TurnRules,
    pub diagonals: bool,
    pub single_partie: bool,
    pub tables: Arc<Tables>,
}

impl Context {
    /// The context of `game`.
    pub fn of_game(game: &Game) -> Self {
        let diagonals = game.variant().diagonal_capture;
        Self {
            board: game.board().clone(),
            sides: *game.sides(),
            armies: game.table().armies(),
            rules: game.variant().turn_rules(),
            diagonals,
            single_partie: game.variant().single_partie,
            tables: Arc::new(Tables::new(game.board(), diagonals)),
        }
    }

    /// Whether two armies play on one side.
    #[inline]
    pub fn friends(&self, a: ArmyId, b: ArmyId) -> bool {
        self.sides.friends(a) & b.bit() != 0
    }
}

/// How the look-ahead of a match stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Play goes on.
    Playing,
    /// The partie ended (one side or none left); the next would start from the set-up
    /// with a first army drawn at random, which the model does not draw.
    PartieOver,
    /// The match is won by a side.
    Won(SideId),
    /// The match is drawn (a single partie with equal scores).
    Drawn,
}

/// A position of the match as a player sees it.
#[derive(Copy, Clone, Debug)]
pub struct Position {
    pub state: State,
    /// Signed scores by side.
    pub scores: [i32; MAX_ARMIES],
    pub occupation: [Occupation; MAX_ARMIES],
    /// The territories the moving armies held when the turn began.
    pub ripe: [u8; MAX_ARMIES],
    exits: [(ArmyId, ArmyId); MAX_EXITS],
    n_exits: u8,
    safe: [Safety; MAX_SAFE],
    n_safe: u8,
    alliances: [Alliance; 2],
    n_alliances: u8,
    pub ending: Ending,
    /// Turns played since the root.
    pub depth: u8,
}

/// What one turn scored, by side (for the searches' bookkeeping and tests).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnScore {
    /// Pieces taken by framing.
    pub captured: u32,
    /// Armies taken by a Château.
    pub chateaux: u32,
}

impl Position {
    /// The position of `game` as its seats see it.
    pub fn of_game(game: &Game) -> Self {
        let mut position = Self {
            state: *game.state(),
            scores: [0; MAX_ARMIES],
            occupation: *game.occupation(),
            ripe: *game.ripe(),
            exits: [(ArmyId(0), ArmyId(0)); MAX_EXITS],
            n_exits: 0,
            safe: [Safety {
                square: Square::from_index(0).expect("A1"),
                army: ArmyId(0),
                against: 0,
            }; MAX_SAFE],
            n_safe: 0,
            alliances: [Alliance {
                giver: ArmyId(0),
                receiver: ArmyId(0),
            }; 2],
            n_alliances: 0,
            ending: Ending::Playing,
            depth: 0,
        };
        for (i, &score) in game.scores().iter().enumerate().take(MAX_ARMIES) {
            position.scores[i] = score;
        }
        for &exit in game.exits() {
            position.push_exit(exit);
        }
        for &record in game.safety() {
            position.push_safe(record);
        }
        for &alliance in game.alliances().iter().take(2) {
            position.alliances[position.n_alliances as usize] = alliance;
            position.n_alliances += 1;
        }
        if let Some(outcome) = game.outcome() {
            position.ending = match outcome {
                crate::game::Outcome::Won { side, .. } => Ending::Won(*side),
                crate::game::Outcome::Drawn { .. } => Ending::Drawn,
            };
        }
        position
    }

    /// The army to move.
    #[inline]
    pub fn mover(&self) -> ArmyId {
        self.state.mover()
    }

    /// The territories left so far this turn, in order.
    pub fn exits(&self) -> &[(ArmyId, ArmyId)] {
        &self.exits[..self.n_exits as usize]
    }

    fn push_exit(&mut self, exit: (ArmyId, ArmyId)) {
        if self.exits().contains(&exit) || self.n_exits as usize == MAX_EXITS {
            return;
        }
        self.exits[self.n_exits as usize] = exit;
        self.n_exits += 1;
    }

    /// The safe pieces.
    pub fn safety(&self) -> &[Safety] {
        &self.safe[..self.n_safe as usize]
    }

    fn push_safe(&mut self, record: Safety) {
        if self.n_safe as usize == MAX_SAFE {
            self.safe.copy_within(1.., 0);
            self.n_safe -= 1;
        }
        self.safe[self.n_safe as usize] = record;
        self.n_safe += 1;
    }

    /// The alliances in force.
    pub fn alliances(&self) -> &[Alliance] {
        &self.alliances[..self.n_alliances as usize]
    }

    /// Whether `army` gave its turns to a partner.
    pub fn is_giver(&self, army: ArmyId) -> bool {
        self.alliances().iter().any(|a| a.giver == army)
    }

    /// The armies moved on `army`'s turns.
    pub fn controlled_by(&self, army: ArmyId) -> u8 {
        self.alliances()
            .iter()
            .filter(|a| a.receiver == army)
            .fold(army.bit(), |set, a| set | a.giver.bit())
    }

    /// The units of `army`'s turns.
    pub fn factor_of(&self, army: ArmyId) -> u8 {
        if self.alliances().iter().any(|a| a.receiver == army) {
            ALLIANCE_FACTOR
        } else {
            FACTOR
        }
    }

    /// Whether the match or the partie is over.
    pub fn is_over(&self) -> bool {
        self.ending != Ending::Playing
    }

    /// Moves one piece along `path` and puts it down, recording the territories it
    /// left. The path must be legal from here (it comes from [`super::paths`]).
    pub fn play_path(&mut self, board: &Board, path: &PiecePath) {
        let army = self
            .state
            .pieces()
            .army_at(path.from)
            .expect("a path starts on a piece");
        let continuing = self
            .state
            .hand()
            .is_some_and(|h| h.units() > 0 && h.at() == path.from);
        if !continuing {
            let picked = self.state.pick(path.from);
            debug_assert!(picked, "the path's piece can be picked");
        }
        let mut at = path.from;
        for &to in path.squares() {
            if let Some(t) = board.territory_at(at)
                && board.territory_at(to) != Some(t)
            {
                self.push_exit((army, t));
            }
            self.state.apply_unit(to);
            at = to;
        }
        self.state.release();
    }

    /// The enemies the mover may take now (the turn complete).
    pub fn capturable(&self, ctx: &Context) -> Bits {
        let mut released = self.state;
        released.release();
        capturable(
            released.pieces(),
            self.state.mover(),
            self.state.controlled(),
            &ctx.sides,
            self.safety(),
            ctx.diagonals,
        )
    }

    /// Ends the turn taking `captures` (enemies the mover may take), as the engine
    /// does, and begins the next army's turn. Returns what the turn took.
    pub fn end_turn(&mut self, ctx: &Context, finder: &mut Finder, captures: Bits) -> TurnScore {
        let mut score = TurnScore::default();
        self.state.release();
        let mover = self.state.mover();
        let controlled = self.state.controlled();
        let moved_pieces = self.moved_squares();
        for square in squares_of(captures) {
            self.take(ctx, square, mover);
            score.captured += 1;
        }
        for army in armies_of(controlled) {
            let side = ctx.sides.side_of(army);
            let exits: Vec<ArmyId> = self
                .exits()
                .iter()
                .filter(|(a, _)| *a == army)
                .map(|&(_, t)| t)
                .collect();
            if exits.is_empty() {
                continue;
            }
            let mut next = self.occupation[army.index()].next;
            for event in occupation_events(
                &ctx.board,
                army,
                side,
                self.ripe[army.index()],
                &exits,
                &mut next,
            ) {
                if let Some((side, points)) = event.points() {
                    self.scores[side.index()] += points;
                }
            }
            self.occupation[army.index()].next = next;
        }
        self.update_held(ctx, controlled);
        self.update_safety(ctx, controlled, moved_pieces);
        self.depth = self.depth.saturating_add(1);
        score.chateaux = self.chateau(ctx, finder, mover);
        if self.is_over() {
            return score;
        }
        if self.check_winning_score(ctx) || self.check_partie_end(ctx) {
            return score;
        }
        self.begin_next(ctx, finder, mover);
        score
    }

    /// Squares where the pieces released this turn stand (the trail's ends are not
    /// kept by the state: the pieces played are).
    fn moved_squares(&self) -> Bits {
        self.state.played()
    }

    fn take(&mut self, ctx: &Context, square: Square, by: ArmyId) {
        let Some((army, kind)) = self.state.pieces().at(square) else {
            return;
        };
        let side = ctx.sides.side_of(by).index();
        self.remove(square);
        match kind {
            PieceKind::Soldier => self.scores[side] += SOLDIER_POINTS,
            PieceKind::Captain => {
                self.scores[side] += CAPTAIN_POINTS;
                self.captain_lost(ctx, army);
            }
        }
        if self.state.pieces().count(army) == 0 {
            self.scores[side] += WHOLE_ARMY_POINTS;
        }
    }

    fn remove(&mut self, square: Square) {
        self.state.remove_piece(square);
    }

    fn captain_lost(&mut self, ctx: &Context, army: ArmyId) {
        self.scores[ctx.sides.side_of(army).index()] -= CAPTAIN_POINTS;
        if let Some(i) = self.alliances().iter().position(|a| a.giver == army) {
            self.remove_alliance(i);
        }
    }

    fn remove_alliance(&mut self, i: usize) {
        let n = self.n_alliances as usize;
        self.alliances.copy_within(i + 1..n, i);
        self.n_alliances -= 1;
    }

    fn update_held(&mut self, ctx: &Context, movers: u8) {
        let pieces = *self.state.pieces();
        for army in ctx.board.army_ids() {
            let present = territories_held(&ctx.board, pieces.of(army));
            let occupation = &mut self.occupation[army.index()];
            if movers & army.bit() != 0 {
                occupation.held = present;
            } else {
                occupation.held &= present;
            }
        }
    }

    /// VI.5b: the movers' earlier safety runs out against them; a piece that moved
    /// and now stands between two enemies is safe from them until they have played.
    fn update_safety(&mut self, ctx: &Context, movers: u8, moved: Bits) {
        let pieces = *self.state.pieces();
        let mut kept = 0;
        for i in 0..self.n_safe as usize {
            let mut record = self.safe[i];
            record.against &= !movers;
            let stays = record.against != 0
                && pieces.army_at(record.square) == Some(record.army)
                && moved & record.square.bit() == 0;
            if stays {
                self.safe[kept] = record;
                kept += 1;
            }
        }
        self.n_safe = kept as u8;
        for square in squares_of(moved) {
            let Some(army) = pieces.army_at(square) else {
                continue;
            };
            let against = framing_armies(&pieces, square, army, &ctx.sides, ctx.diagonals);
            if against != 0 {
                self.push_safe(Safety {
                    square,
                    army,
                    against,
                });
            }
        }
        // As the engine keeps them: by square, one a square.
        let n = self.n_safe as usize;
        self.safe[..n].sort_by_key(|s| s.square);
        let mut kept = 0;
        for i in 0..n {
            if kept == 0 || self.safe[kept - 1].square != self.safe[i].square {
                self.safe[kept] = self.safe[i];
                kept += 1;
            }
        }
        self.n_safe = kept as u8;
    }

    /// The Château after `mover`'s turn (ruling 19, 20). Returns the armies taken.
    fn chateau(&mut self, ctx: &Context, finder: &mut Finder, mover: ArmyId) -> u32 {
        let pieces = *self.state.pieces();
        let mut taken = 0;
        let side = ctx.sides.side_of(mover).index();
        for enemy in armies_of(ctx.sides.enemies(mover)) {
            if self.is_giver(enemy) {
                continue;
            }
            let group = self.controlled_by(enemy);
            if pieces.of_set(group) == 0 {
                continue;
            }
            let factor = self.factor_of(enemy);
            if finder.can_finish(
                &ctx.board,
                &State::new(pieces, enemy, group, factor, ctx.rules),
            ) {
                continue;
            }
            let mut freed = pieces;
            for square in squares_of(pieces.of_set(ctx.sides.enemies(enemy))) {
                freed.remove(square);
            }
            let by_own_side = !finder.can_finish(
                &ctx.board,
                &State::new(freed, enemy, group, factor, ctx.rules),
            );
            for army in armies_of(group) {
                let army_pieces = pieces.of(army);
                if army_pieces == 0 {
                    continue;
                }
                for square in squares_of(army_pieces) {
                    self.remove(square);
                }
                if by_own_side {
                    continue;
                }
                taken += 1;
                let captains = (army_pieces & pieces.captains()).count_ones() as i32;
                let soldiers = army_pieces.count_ones() as i32 - captains;
                self.scores[side] += soldiers * SOLDIER_POINTS
                    + captains * CAPTAIN_POINTS
                    + CHATEAU_POINTS
                    + WHOLE_ARMY_POINTS;
                if captains > 0 {
                    self.captain_lost(ctx, army);
                }
            }
            let mut i = 0;
            while i < self.n_alliances as usize {
                if self.alliances[i].receiver == enemy {
                    self.remove_alliance(i);
                } else {
                    i += 1;
                }
            }
        }
        if taken >= 2 {
            self.ending = Ending::Won(SideId(side as u8));
        }
        taken
    }

    fn check_winning_score(&mut self, ctx: &Context) -> bool {
        let n = ctx.sides.count();
        let best = (0..n).max_by_key(|&i| self.scores[i]);
        match best {
            Some(i) if self.scores[i] >= WINNING_SCORE => {
                self.ending = Ending::Won(SideId(i as u8));
                true
            }
            _ => false,
        }
    }

    fn check_partie_end(&mut self, ctx: &Context) -> bool {
        let pieces = self.state.pieces();
        let left = ctx
            .sides
            .ids()
            .filter(|&side| pieces.of_set(ctx.sides.armies(side)) != 0)
            .count();
        if left >= 2 {
            return false;
        }
        self.ending = if ctx.single_partie {
            let n = ctx.sides.count();
            let best = self.scores[..n].iter().copied().max().unwrap_or(0);
            let leaders: Vec<usize> = (0..n).filter(|&i| self.scores[i] == best).collect();
            match leaders[..] {
                [leader] => Ending::Won(SideId(leader as u8)),
                _ => Ending::Drawn,
            }
        } else {
            Ending::PartieOver
        };
        true
    }

    /// The next army to move after `army`: in play order, skipping armies without
    /// pieces and givers.
    pub fn next_army(&self, ctx: &Context, army: ArmyId) -> ArmyId {
        let count = ctx.board.armies().len() as u8;
        let pieces = self.state.pieces();
        for step in 1..=count {
            let candidate = ArmyId((army.0 + step) % count);
            if ctx.armies & candidate.bit() == 0
                || self.is_giver(candidate)
                || pieces.of_set(self.controlled_by(candidate)) == 0
            {
                continue;
            }
            return candidate;
        }
        army
    }

    /// Begins the next army's turn after `army`'s (an army that cannot move is
    /// stranded, as at the engine's turn start).
    fn begin_next(&mut self, ctx: &Context, finder: &mut Finder, army: ArmyId) {
        let mut army = army;
        for _ in 0..MAX_ARMIES {
            army = self.next_army(ctx, army);
            let controlled = self.controlled_by(army);
            let factor = self.factor_of(army);
            self.state = State::new(*self.state.pieces(), army, controlled, factor, ctx.rules);
            if self.state.pieces().of_set(controlled) != 0
                && finder.can_finish(&ctx.board, &self.state)
            {
                break;
            }
            for square in squares_of(self.state.pieces().of_set(controlled)) {
                self.remove(square);
            }
            let mut i = 0;
            while i < self.n_alliances as usize {
                let a = self.alliances[i];
                if a.receiver == army || a.giver == army {
                    self.remove_alliance(i);
                } else {
                    i += 1;
                }
            }
            if self.check_partie_end(ctx) {
                return;
            }
        }
        for a in ctx.board.army_ids() {
            self.ripe[a.index()] = if self.state.controlled() & a.bit() != 0 {
                self.occupation[a.index()].held
            } else {
                0
            };
        }
        self.n_exits = 0;
    }

    /// Declares an alliance for the mover (ruling 24), as the engine does: its turn
    /// goes to the partner whose soldier stands next to its captain.
    pub fn declare_alliance(&mut self, ctx: &Context, finder: &mut Finder) {
        let giver = self.mover();
        let pieces = *self.state.pieces();
        let Some(captain) = pieces.captain(giver) else {
            return;
        };
        let partner = armies_of(ctx.sides.friends(giver) & !giver.bit()).find(|&partner| {
            squares_of(pieces.of(partner) & !pieces.captains()).any(|s| {
                (i16::from(s.column()) - i16::from(captain.column())).abs() <= 1
                    && (i16::from(s.row()) - i16::from(captain.row())).abs() <= 1
            })
        });
        let Some(receiver) = partner else { return };
        if self.n_alliances as usize == self.alliances.len() {
            return;
        }
        self.alliances[self.n_alliances as usize] = Alliance { giver, receiver };
        self.n_alliances += 1;
        self.occupation[giver.index()].held = territories_held(&ctx.board, pieces.of(giver));
        self.depth = self.depth.saturating_add(1);
        self.begin_next(ctx, finder, giver);
    }

    /// A hash of everything that decides the rest of the match from here (pieces,
    /// the army to move and the turn's progress, scores, timers, safe pieces,
    /// alliances): positions reached by different turns in different orders share it.
    pub fn key(&self) -> u64 {
        let mut h = self.state.turn_hash() ^ mix(u64::from(self.state.mover().0) + 1);
        for (i, &s) in self.scores.iter().enumerate() {
            h ^= mix(((i as u64) << 32) ^ (s as u32 as u64) ^ 0x5c0e);
        }
        for (i, o) in self.occupation.iter().enumerate() {
            h ^= mix(((i as u64) << 40) ^ (u64::from(o.held) << 8) ^ u64::from(o.next) ^ 0x0cc);
        }
        for (i, &r) in self.ripe.iter().enumerate() {
            h ^= mix(((i as u64) << 48) ^ u64::from(r) ^ 0x21fe);
        }
        for record in self.safety() {
            h ^= mix((record.square.index() as u64) << 16
                ^ u64::from(record.against) << 8
                ^ u64::from(record.army.0)
                ^ 0x5afe_0000);
        }
        for a in self.alliances() {
            h ^= mix(u64::from(a.giver.0) << 4 ^ u64::from(a.receiver.0) ^ 0xa111_0000);
        }
        h
    }
}

/// SplitMix64's finaliser.
#[inline]
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The pieces of `pieces` of a set of armies that can take one unit now.
pub fn mobile(ctx: &Context, pieces: &Pieces, armies: u8) -> Bits {
    let free = !pieces.occupied();
    squares_of(pieces.of_set(armies))
        .filter(|&s| {
            let captain = pieces.captains() & s.bit() != 0;
            ctx.board.moves().reach(s, captain) & free != 0
        })
        .fold(0, |bits, s| bits | s.bit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Action, Event, Table};
    use crate::random::RandomPlayer;
    use crate::variant::Variant;
    use rand::SeedableRng;

    /// The model's end of a turn agrees with the engine's on everything a search
    /// looks at, through random games of every table (sieges aside: the model leaves
    /// them to the engine, and the next partie, whose first army the engine draws).
    #[test]
    fn the_model_ends_turns_as_the_engine_does() {
        let board = Arc::new(Board::reconstructed());
        let tables = [
            Table::two_players(&board),
            Table::four_in_teams(),
            Table::four_alone(),
            Table::three_players(&board),
            Table::single_armies(&[ArmyId(1), ArmyId(3)]),
        ];
        let mut compared = 0;
        for (t, table) in tables.iter().enumerate() {
            for seed in 0..4u64 {
                let variant = Variant {
                    round_cap: Some(60),
                    diagonal_capture: seed % 2 == 1,
                    ..Variant::default()
                };
                let mut game = Game::new(board.clone(), variant, table.clone(), seed).unwrap();
                let ctx = Context::of_game(&game);
                let mut player = RandomPlayer::new();
                player.alliance_chance = 0.9;
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed + 100 * t as u64);
                let mut finder = Finder::new();
                while let Some((seat, action)) = player.choose(&game, &mut rng) {
                    let before = Position::of_game(&game);
                    let events = game.apply(seat, action.clone()).unwrap();
                    let expected = match &action {
                        Action::EndTurn { captures } => {
                            let mut model = before;
                            let taken = captures.iter().fold(0, |b: Bits, s| b | s.bit());
                            model.end_turn(&ctx, &mut finder, taken);
                            model
                        }
                        Action::DeclareAlliance {} => {
                            let mut model = before;
                            model.declare_alliance(&ctx, &mut finder);
                            model
                        }
                        _ => continue,
                    };
                    let skip = events.iter().any(|e| {
                        matches!(
                            e,
                            Event::Besieged { .. }
                                | Event::PartieEnded { .. }
                                | Event::Drawn { .. }
                        )
                    }) || matches!(
                        game.outcome(),
                        Some(crate::game::Outcome::Won {
                            reason: crate::game::EndReason::RoundCap,
                            ..
                        })
                    );
                    if skip {
                        continue;
                    }
                    let actual = Position::of_game(&game);
                    let context = format!("table {t}, seed {seed}, turn {}", game.turns());
                    assert_eq!(expected.state.pieces(), actual.state.pieces(), "{context}");
                    assert_eq!(expected.scores, actual.scores, "{context}");
                    assert_eq!(expected.ending, actual.ending, "{context}");
                    if actual.ending == Ending::Playing {
                        assert_eq!(expected.state, actual.state, "{context}");
                        assert_eq!(expected.occupation, actual.occupation, "{context}");
                        assert_eq!(expected.ripe, actual.ripe, "{context}");
                        assert_eq!(expected.safety(), actual.safety(), "{context}");
                        assert_eq!(expected.alliances(), actual.alliances(), "{context}");
                        assert_eq!(expected.key(), actual.key(), "{context}");
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared > 1000, "{compared} turns compared");
    }
}
