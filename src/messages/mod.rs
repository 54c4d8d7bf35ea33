//! Errors in the reader's language: every error the engine gives (an illegal action, a
//! board, variant or save that does not load, a game that cannot start) turned into
//! translated sentences, naming territories, empires and seas by their translated names
//! and seats by their players' names. The window and the command line both say errors
//! through here.
//!
//! The engine's errors are data (ids, numbers, keys, text from the file kept escaped);
//! each sentence is a gettext template filled by [`crate::text::fill`], so that a name
//! holding `{braces}` stays as it is. Untranslated, the sentences are the engine's
//! English ones.
//!
//! By concern: the names things are called by (`names`), the rules and starting a game
//! (`rules`), board and variant files (`files`), saves and positions (`saves`), the
//! story of a game (`story`), and the same for Château Noir (`chateau`).

pub mod chateau;
mod files;
mod names;
mod rules;
mod saves;
mod story;

pub use files::{file_error, io_error, problem, variant_problem, variant_warning};
pub use names::Names;
pub use rules::{new_game_error, pending, rule_error};
pub use saves::{position_problem, replay_error, save_error};
pub use story::{against_odds, battles_line, luck_sentences, turning_point};

/// `text` with its first letter capitalised, for a message shown on its own (a dialog's
/// body): errors are written to follow a colon.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_start_with_a_capital() {
        assert_eq!(sentence("le territoire Londres"), "Le territoire Londres");
        assert_eq!(sentence("`end_turn` is"), "`end_turn` is");
        assert_eq!(sentence("île"), "Île");
        assert_eq!(sentence(""), "");
    }
}
