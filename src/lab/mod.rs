//! The balance lab's words and files, shared by `castellan balance` and the lab
//! window: the plain-words verdict of each finding (`verdicts`), the raw figures as
//! CSV and JSON (`export`), and the strengths' names. The figures themselves come from
//! the engine's [`castellan_engine::balance`].

pub mod export;
pub mod verdicts;

use castellan_engine::bot::Strength;
use gettextrs::pgettext;

/// The name of a strength, as people read it.
pub fn strength_name(strength: Strength) -> String {
    match strength {
        Strength::Easy => pgettext("strength", "Easy"),
        Strength::Normal => pgettext("strength", "Normal"),
        Strength::Expert => pgettext("strength", "Expert"),
    }
}
