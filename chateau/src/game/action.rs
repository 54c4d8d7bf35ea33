//! Actions: every decision a seat can send to a game, as plain messages. In JSON an
//! action is an object tagged by `"action"`: `{"action":"unit","to":"E9"}`.

use serde::{Deserialize, Serialize};

use crate::square::Square;

/// One decision of one seat. A turn is built unit by unit: `pick` a piece, move it
/// one `unit` at a time, `release` it, pick another…, then `end_turn` choosing the
/// captures; or a whole `path` for one piece at once.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Pick up the piece on `square` (one of the moving armies', not played yet). A
    /// piece in hand that has not moved is put back first.
    Pick { square: Square },
    /// Move the piece in hand one unit, to `to`.
    Unit { to: Square },
    /// Put the piece in hand down: it is played for this turn (XI.7). Putting down a
    /// piece that has not moved puts it back unplayed.
    Release {},
    /// Pick the piece on `from`, move it through every square of `to` in order (one
    /// unit each), and put it down: all or nothing.
    Path { from: Square, to: Vec<Square> },
    /// End the turn (putting down the piece in hand), taking the framed enemies on
    /// `captures` (capture is optional: any of the framed ones, or none).
    EndTurn {
        #[serde(default)]
        captures: Vec<Square>,
    },
    /// Give this turn, and the army's turns from now on, to the partner: a team
    /// alliance (ruling 24).
    DeclareAlliance {},
    /// Offer a draw to every other seat (ruling 43): the seat to play, at any point of
    /// its turn, once a turn.
    OfferDraw {},
    /// Answer the draw offered.
    AnswerDraw { accept: bool },
    /// The seat to play ran over the clock's time this turn (ruling 26, option).
    ClockOverrun {},
}

impl Action {
    /// The action's JSON tag, for messages: `"end_turn"`.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Pick { .. } => "pick",
            Self::Unit { .. } => "unit",
            Self::Release {} => "release",
            Self::Path { .. } => "path",
            Self::EndTurn { .. } => "end_turn",
            Self::DeclareAlliance {} => "declare_alliance",
            Self::OfferDraw {} => "offer_draw",
            Self::AnswerDraw { .. } => "answer_draw",
            Self::ClockOverrun {} => "clock_overrun",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_are_tagged_json() {
        let action: Action = serde_json::from_str(r#"{"action":"unit","to":"E9"}"#).unwrap();
        assert_eq!(
            action,
            Action::Unit {
                to: "E9".parse().unwrap()
            }
        );
        let end: Action = serde_json::from_str(r#"{"action":"end_turn"}"#).unwrap();
        assert_eq!(end, Action::EndTurn { captures: vec![] });
        assert!(serde_json::from_str::<Action>(r#"{"action":"release","x":1}"#).is_err());
        assert_eq!(
            serde_json::to_string(&Action::Release {}).unwrap(),
            r#"{"action":"release"}"#
        );
    }
}
