//! Replies: the JSON objects the session writes back, each tagged by `"type"` and
//! echoing the request's `"id"` (`null` when it gave none).

use serde_json::{Value, json};

use crate::game::{Action, Event, Game, Seat};
use crate::odds::Odds;

use super::refusal::Refusal;

/// A reply of this type, echoing `id`, with `fields` (an object) added: the shape
/// every game's protocol shares.
pub(crate) fn reply(kind: &str, id: &Value, fields: Value) -> Value {
    castellan_common::protocol::reply(kind, id, fields)
}

/// The error reply: what went wrong with the request on input line `line`, as a
/// stable code and an English message (the shape every game's protocol shares).
pub(crate) fn error(id: &Value, refusal: &Refusal, line: usize) -> Value {
    let shared = castellan_common::protocol::Refusal::new(refusal.code, refusal.message.clone());
    castellan_common::protocol::error_reply(id, &shared, line)
}

/// Events as JSON objects tagged by `"event"`. For one seat: only those it may see,
/// as they are. For everyone: all of them, each with its `"audience"`.
pub(crate) fn events(events: &[Event], for_seat: Option<Seat>) -> Vec<Value> {
    events
        .iter()
        .filter(|event| for_seat.is_none_or(|seat| event.visible_to(seat)))
        .map(|event| {
            let mut value = to_json(&event.kind);
            if for_seat.is_none()
                && let Value::Object(object) = &mut value
            {
                object.insert("audience".to_owned(), to_json(&event.audience));
            }
            value
        })
        .collect()
}

/// Actions the computer seats took, in order: `[{"seat": 1, "action": {…}}, …]`.
/// For one seat, where another hid its armies is left out (`"territory": null`).
pub(crate) fn actions(actions: &[(Seat, Action)], for_seat: Option<Seat>) -> Value {
    actions
        .iter()
        .map(|(seat, action)| {
            let mut action = to_json(action);
            if matches!(for_seat, Some(viewer) if viewer != *seat)
                && action["action"] == "hide_armies"
            {
                action["territory"] = Value::Null;
            }
            json!({ "seat": seat, "action": action })
        })
        .collect()
}

/// Where the game stands: the pending decision (and a sentence saying it), the
/// winner, and `"drawn": true` once the game ended in a draw (ruling 24).
pub(crate) fn standing(game: &Game) -> Value {
    let pending = game.pending();
    let mut standing = json!({
        "description": pending.as_ref().map(|p| p.describe(game.board())),
        "pending": pending,
        "winner": game.winner(),
    });
    if game.is_drawn() {
        standing["drawn"] = Value::from(true);
    }
    standing
}

/// The figures of an attack's odds; those about cards or stopping only when asked for.
pub(crate) fn odds(odds: &Odds) -> Value {
    let options = odds.options();
    let mut fields = json!({
        "attacker_wins": odds.attacker_win_probability(),
        "defender_holds": odds.defender_hold_probability(),
        "attackers_left": odds.expected_attacker_survivors(),
        "defenders_left": odds.expected_defender_survivors(),
    });
    let extra = [
        (
            options.stop_at.is_some_and(|armies| armies > 0) && !options.admiral,
            "attacker_stops",
            odds.stop_probability(),
        ),
        (
            options.general,
            "general_lost",
            odds.general_loss_probability(),
        ),
        (
            options.marshall,
            "marshall_lost",
            odds.marshall_loss_probability(),
        ),
    ];
    if let Value::Object(object) = &mut fields {
        for (asked, name, value) in extra {
            if asked {
                object.insert(name.to_owned(), Value::from(value));
            }
        }
    }
    fields
}

/// The engine's types always serialise (plain data, string keys).
pub(crate) fn to_json(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).expect("engine data always serialises to JSON")
}
