//! The questions a computer seat answers besides its turn: a draw offered (accepted
//! when it is losing, or when the match has stalled and it is not winning), offering
//! one itself (a stalled match it is not winning), and whether a team alliance pays
//! (ruling 24: its best turn against its partner's twelve-unit turn).

use crate::game::{Game, Seat};

use super::model::{Context, Position};
use super::player::side_of_seat;
use super::turn::{TurnSearch, Width};

/// Turns without any score moving after which a match counts as stalled.
pub const STALL_TURNS: u32 = 200;

/// Below this value (in points) a seat counts itself as losing and takes a draw.
const LOSING: f32 = -4.0;
/// Above this value it counts itself as winning and plays on, even in a stalled match.
const WINNING: f32 = 1.0;

/// How the match stands for `seat`'s side, in points (its evaluation of the position).
pub fn standing(ctx: &Context, game: &Game, seat: Seat, search: &mut TurnSearch) -> f32 {
    let Some(side) = side_of_seat(game, seat) else {
        return 0.0;
    };
    let position = Position::of_game(game);
    search.eval.value(ctx, &position, side)
}

/// Whether `seat` accepts the draw offered.
pub fn accept(
    ctx: &Context,
    game: &Game,
    seat: Seat,
    search: &mut TurnSearch,
    stalled: bool,
) -> bool {
    let value = standing(ctx, game, seat, search);
    value <= LOSING || (stalled && value <= WINNING)
}

/// Whether the army to move gains by giving its turns to its partner now (the
/// alliance must be legal). Declaring ends its turn without a move, and the next army
/// plays at once; so the position after the declaration is weighed against the
/// position after the army's own best turn, the same army to move in both.
pub fn alliance_pays(ctx: &Context, game: &Game, search: &mut TurnSearch) -> bool {
    let root = Position::of_game(game);
    let side = ctx.sides.side_of(root.mover());
    let alone = search
        .search(ctx, &root, side, Width::NORMAL)
        .first()
        .map_or(f32::NEG_INFINITY, |c| c.value);
    let mut allied = root;
    allied.declare_alliance(ctx, &mut search.finder);
    search.eval.value(ctx, &allied, side) >= alone
}
