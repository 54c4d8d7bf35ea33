//! The classic Risk secret mission in the sidebar: what the seat shown must do to
//! win, in words naming the board's continents and the seats by their shown names.
//! The view carries a mission only while the screen's secrets are its holder's.

use castellan_engine::game::Mission;
use gettextrs::{gettext, ngettext};

use crate::app::table::TableSnapshot;
use crate::text::{fill, translated};

/// "A", "A and B", "A, B and C".
fn listed(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => fill(
            &gettext("{list} and {last}"),
            &[("list", &rest.join(", ")), ("last", last)],
        ),
    }
}

/// The seat shown's mission in a sentence, when it has one on screen.
pub fn mission_text(table: &TableSnapshot) -> Option<String> {
    let mission = table.view.mission.as_ref()?;
    Some(match mission {
        Mission::Continents {
            continents,
            plus_one,
        } => {
            let names: Vec<String> = continents
                .iter()
                .filter(|&&id| id.index() < table.board.groups.len())
                .map(|&id| translated(table.board.group(id).name.as_str()))
                .collect();
            let template = if *plus_one {
                gettext("Hold all of {continents}, and all of one more continent of your choice.")
            } else {
                gettext("Hold all of {continents}.")
            };
            fill(&template, &[("continents", &listed(&names))])
        }
        Mission::Territories { count } => fill(
            &ngettext("Hold {n} territory.", "Hold {n} territories.", *count),
            &[("n", count)],
        ),
        Mission::TerritoriesWithArmies { count, armies } => fill(
            &ngettext(
                "Hold {n} territory with at least {armies} armies on it.",
                "Hold {n} territories with at least {armies} armies on each.",
                *count,
            ),
            &[("n", count), ("armies", armies)],
        ),
        Mission::Eliminate { seat } => {
            let name = table
                .seat_names
                .get(seat.index())
                .cloned()
                .unwrap_or_default();
            fill(
                &gettext(
                    "Eliminate {seat}: take their last territory yourself. If someone else does, your mission changes.",
                ),
                &[("seat", &name)],
            )
        }
    })
}
