//! [`View`]: everything a front end shows of a game, as plain data (and JSON for the
//! protocol): the pieces, each army and side with its score (and debt), occupation
//! timers and colour-table marker, the sieges, safe pieces and alliances, whose turn
//! it is with the units left, the pieces already played and the piece in hand with
//! its path. Nothing is hidden in this game: every seat sees the same view.

use serde::{Deserialize, Serialize};

use super::capture::Safety;
use super::siege::Siege;
use super::state::PieceKind;
use super::table::{Seat, SideId};
use super::{Alliance, DrawOffer, Game, Outcome};
use crate::board::{ArmyId, armies_of};
use crate::square::{Square, squares_of};

/// One piece on the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceView {
    pub square: Square,
    pub army: ArmyId,
    pub piece: PieceKind,
}

/// One army.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArmyView {
    pub army: ArmyId,
    pub id: String,
    pub name: String,
    pub side: Option<SideId>,
    /// The seat commanding it (`None`: not in the game, its corner empty).
    pub seat: Option<Seat>,
    pub pieces: u32,
    pub captain: Option<Square>,
    /// Its colour table (territories by army), and the index of the next one to leave.
    pub table: Vec<ArmyId>,
    pub table_next: u8,
    /// Territories it has held since the end of its last turn (leaving one can score
    /// at its next turn).
    pub held: Vec<ArmyId>,
    /// Territories whose leaving can score this turn (the moving armies only).
    pub ripe: Vec<ArmyId>,
}

/// One side that scores.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideView {
    pub side: SideId,
    /// The team's id in team play, the army's otherwise.
    pub id: String,
    pub armies: Vec<ArmyId>,
    pub seats: Vec<Seat>,
    /// The score kept, negative in debt (ruling 16).
    pub score: i32,
    /// The score shown: 0 while in debt.
    pub shown: i32,
    /// Points owed (0 when not in debt).
    pub debt: i32,
}

/// The piece in hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandView {
    pub square: Square,
    pub army: ArmyId,
    pub piece: PieceKind,
    /// The squares it stood on this turn, its start first.
    pub path: Vec<Square>,
    pub units: u8,
}

/// The turn in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnView {
    pub army: ArmyId,
    pub seat: Option<Seat>,
    /// Armies moved this turn (the army's own, and its partner's under an alliance).
    pub armies: Vec<ArmyId>,
    pub factor: u8,
    pub spent: u8,
    pub left: u8,
    /// Pieces released this turn (they may not move again).
    pub played: Vec<Square>,
    pub hand: Option<HandView>,
    /// Territories first left this turn, in order: `[army, territory]`.
    pub exits: Vec<(ArmyId, ArmyId)>,
    pub partie: u32,
    pub round: u32,
    pub number: u32,
}

/// Everything a front end shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    pub pieces: Vec<PieceView>,
    pub armies: Vec<ArmyView>,
    pub sides: Vec<SideView>,
    pub turn: TurnView,
    pub sieges: Vec<Siege>,
    pub safe: Vec<Safety>,
    pub alliances: Vec<Alliance>,
    pub draw_offer: Option<DrawOffer>,
    pub outcome: Option<Outcome>,
}

impl Game {
    /// What a front end shows (the same for every seat).
    pub fn view(&self) -> View {
        let board = &self.board;
        let state = &self.state;
        let pieces = state.pieces();
        let in_game = self.table.armies();
        let side_id = |side: SideId| {
            let armies = self.sides.armies(side);
            match board.team_of(armies_of(armies).next().unwrap_or(ArmyId(0))) {
                Some(team) if self.table.teams => board.teams()[team].id.clone(),
                _ => armies_of(armies)
                    .map(|a| board.army(a).id.clone())
                    .collect::<Vec<_>>()
                    .join("+"),
            }
        };
        View {
            pieces: squares_of(pieces.occupied())
                .filter_map(|square| {
                    pieces.at(square).map(|(army, piece)| PieceView {
                        square,
                        army,
                        piece,
                    })
                })
                .collect(),
            armies: board
                .army_ids()
                .map(|army| {
                    let playing = in_game & army.bit() != 0;
                    let occupation = self.occupation[army.index()];
                    ArmyView {
                        army,
                        id: board.army(army).id.clone(),
                        name: board.army(army).name.clone(),
                        side: playing.then(|| self.sides.side_of(army)),
                        seat: self.table.seat_of(army),
                        pieces: pieces.count(army),
                        captain: pieces.captain(army),
                        table: board.army(army).table.clone(),
                        table_next: occupation.next,
                        held: armies_of(occupation.held).collect(),
                        ripe: armies_of(self.ripe[army.index()]).collect(),
                    }
                })
                .collect(),
            sides: self
                .sides
                .ids()
                .map(|side| {
                    let score = self.scores[side.index()];
                    SideView {
                        side,
                        id: side_id(side),
                        armies: armies_of(self.sides.armies(side)).collect(),
                        seats: self.seats_of(side),
                        score,
                        shown: score.max(0),
                        debt: (-score).max(0),
                    }
                })
                .collect(),
            turn: TurnView {
                army: state.mover(),
                seat: self.table.seat_of(state.mover()),
                armies: armies_of(state.controlled()).collect(),
                factor: state.factor(),
                spent: state.spent(),
                left: state.left(),
                played: squares_of(state.played()).collect(),
                hand: state.hand().map(|hand| HandView {
                    square: hand.at(),
                    army: hand.army(),
                    piece: if hand.is_captain() {
                        PieceKind::Captain
                    } else {
                        PieceKind::Soldier
                    },
                    path: hand.path().to_vec(),
                    units: hand.units(),
                }),
                exits: self.exits.clone(),
                partie: self.partie,
                round: self.round,
                number: self.turns + 1,
            },
            sieges: self.sieges.clone(),
            safe: self.safe.clone(),
            alliances: self.alliances.clone(),
            draw_offer: self.draw.clone(),
            outcome: self.outcome.clone(),
        }
    }
}
