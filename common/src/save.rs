//! The envelope of a save: what is read of it before anything else, to know which
//! engine reads the rest.
//!
//! A save is one JSON object. Saves of Château Noir say `"game": "chateau-noir"`;
//! Castle Risk and classic Risk saves carry no `game` string (their variant's
//! `ruleset` says which Risk they play), so every Risk save written before there were
//! two games keeps its meaning unchanged. The desktop app's earliest saves held the
//! Risk engine's save under a `game` *object*: those are Risk saves too.

use serde_json::Value;

use crate::GameId;
use crate::diagnostics::FileText;

/// Which engine reads a save.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SaveFamily {
    /// A Castle Risk or classic Risk save (no `game` string).
    Risk,
    /// A save naming its game.
    Named(GameId),
}

/// Why the envelope of a save cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    #[error("a save is a JSON object")]
    NotAnObject,
    #[error("the save is of an unknown game `{0}` (this version plays {known})", known = crate::game_id::known_ids())]
    UnknownGame(FileText),
}

/// Which engine reads `save` (parsed JSON), from its `game`.
///
/// ```
/// use castellan_common::GameId;
/// use castellan_common::save::{SaveFamily, family_of};
/// use serde_json::json;
///
/// assert_eq!(family_of(&json!({"format": 2, "seats": 3})), Ok(SaveFamily::Risk));
/// assert_eq!(
///     family_of(&json!({"format": 1, "game": "chateau-noir"})),
///     Ok(SaveFamily::Named(GameId::ChateauNoir))
/// );
/// assert!(family_of(&json!({"game": "chess"})).is_err());
/// ```
pub fn family_of(save: &Value) -> Result<SaveFamily, EnvelopeError> {
    let object = save.as_object().ok_or(EnvelopeError::NotAnObject)?;
    match object.get("game") {
        Some(Value::String(id)) => GameId::from_id(id)
            .map(SaveFamily::Named)
            .ok_or_else(|| EnvelopeError::UnknownGame(FileText::new(id))),
        // Absent, or the early app saves' nested engine save (an object): Risk. Any
        // other value is left to the Risk engine to refuse, as it always did.
        _ => Ok(SaveFamily::Risk),
    }
}

/// Like [`family_of`], from JSON text: only the envelope is looked at, so a save too
/// broken to parse is left to the Risk engine's reader and its messages (as before
/// there were two games).
pub fn family_of_text(json: &str) -> Result<SaveFamily, EnvelopeError> {
    #[derive(serde::Deserialize)]
    struct Envelope {
        #[serde(default)]
        game: Option<Value>,
    }
    match serde_json::from_str::<Envelope>(json) {
        Ok(Envelope {
            game: Some(Value::String(id)),
        }) => GameId::from_id(&id)
            .map(SaveFamily::Named)
            .ok_or_else(|| EnvelopeError::UnknownGame(FileText::new(&id))),
        _ => Ok(SaveFamily::Risk),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn early_app_saves_and_saves_without_a_game_are_risk() {
        assert_eq!(
            family_of(&json!({"seats": [], "game": {"format": 1}})),
            Ok(SaveFamily::Risk)
        );
        assert_eq!(family_of_text(r#"{"format":2}"#), Ok(SaveFamily::Risk));
        assert_eq!(family_of_text("not json"), Ok(SaveFamily::Risk));
        assert_eq!(
            family_of_text(r#"{"game":"chateau-noir","format":1}"#),
            Ok(SaveFamily::Named(GameId::ChateauNoir))
        );
        assert_eq!(family_of(&json!([1])), Err(EnvelopeError::NotAnObject));
    }

    #[test]
    fn an_unknown_game_is_named_escaped() {
        let error = family_of(&json!({"game": "go\u{1b}[2J"})).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the save is of an unknown game `go\\u001B[2J` (this version plays `castle-risk`, \
             `classic` or `chateau-noir`)"
        );
    }
}
