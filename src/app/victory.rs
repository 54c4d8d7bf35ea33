//! The victory page: who won (or that the game ended in a draw), how long it took,
//! the way to its statistics and its replay, and to play again.

use gettextrs::{gettext, ngettext};
use relm4::gtk::prelude::*;
use relm4::prelude::*;

use castellan_engine::game::QUIET_ROUNDS_FOR_A_DRAW;

use crate::text::fill;

/// "Victory for Anna!"
pub fn title(name: &str) -> String {
    fill(&gettext("Victory for {name}!"), &[("name", &name)])
}

/// "The last castle standing, after 12 turns."
pub fn description(turns: u32) -> String {
    fill(
        &ngettext(
            "The last castle standing, after {turns} turn.",
            "The last castle standing, after {turns} turns.",
            turns,
        ),
        &[("turns", &turns)],
    )
}

/// "The Game Is Drawn" (ruling 24).
pub fn draw_title() -> String {
    gettext("The Game Is Drawn")
}

/// "No territory was taken in the last 60 rounds, after 412 turns."
pub fn draw_description(rounds: u32, turns: u32) -> String {
    fill(
        // TRANSLATORS: {rounds} is at least 2; the turns are counted by the next string.
        &ngettext(
            "No territory was taken in the last {rounds} rounds, after {turns} turn.",
            "No territory was taken in the last {rounds} rounds, after {turns} turns.",
            turns,
        ),
        &[("rounds", &rounds), ("turns", &turns)],
    )
}

/// How the game ended: won by a seat (its name), or drawn (ruling 24).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub enum Ending {
    Won(String),
    #[default]
    Drawn,
}

/// The page's state: how the game ended and the turns played.
#[derive(Debug, Default)]
pub struct VictoryPage {
    ending: Ending,
    turns: u32,
}

impl VictoryPage {
    fn title(&self) -> String {
        match &self.ending {
            Ending::Won(winner) => title(winner),
            Ending::Drawn => draw_title(),
        }
    }

    fn description(&self) -> String {
        match &self.ending {
            Ending::Won(_) => description(self.turns),
            Ending::Drawn => draw_description(QUIET_ROUNDS_FOR_A_DRAW, self.turns),
        }
    }
}

#[derive(Debug)]
pub enum VictoryPageInput {
    Show { ending: Ending, turns: u32 },
    NewGame,
    ShowMap,
    Statistics,
    Replay,
}

/// What the page's buttons ask of the window.
#[derive(Debug)]
pub enum VictoryPageOutput {
    NewGame,
    ShowMap,
    Statistics,
    Replay,
}

#[relm4::component(pub)]
impl SimpleComponent for VictoryPage {
    type Init = ();
    type Input = VictoryPageInput;
    type Output = VictoryPageOutput;

    view! {
        adw::StatusPage {
            set_icon_name: Some("starred-symbolic"),
            #[watch]
            set_title: &model.title(),
            #[watch]
            set_description: Some(&model.description()),

            #[wrap(Some)]
            set_child = &gtk::Box {
                set_spacing: 12,
                set_halign: gtk::Align::Center,

                gtk::Button {
                    set_label: &gettext("New Game"),
                    add_css_class: "pill",
                    add_css_class: "suggested-action",
                    connect_clicked => VictoryPageInput::NewGame,
                },
                gtk::Button {
                    set_label: &gettext("Statistics"),
                    add_css_class: "pill",
                    connect_clicked => VictoryPageInput::Statistics,
                },
                gtk::Button {
                    set_label: &gettext("Replay"),
                    add_css_class: "pill",
                    connect_clicked => VictoryPageInput::Replay,
                },
                gtk::Button {
                    set_label: &gettext("Show Map"),
                    add_css_class: "pill",
                    connect_clicked => VictoryPageInput::ShowMap,
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = VictoryPage::default();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: VictoryPageInput, sender: ComponentSender<Self>) {
        match message {
            VictoryPageInput::Show { ending, turns } => {
                self.ending = ending;
                self.turns = turns;
            }
            VictoryPageInput::NewGame => {
                let _ = sender.output(VictoryPageOutput::NewGame);
            }
            VictoryPageInput::ShowMap => {
                let _ = sender.output(VictoryPageOutput::ShowMap);
            }
            VictoryPageInput::Statistics => {
                let _ = sender.output(VictoryPageOutput::Statistics);
            }
            VictoryPageInput::Replay => {
                let _ = sender.output(VictoryPageOutput::Replay);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_names_the_winner_and_counts_turns() {
        assert_eq!(super::title("Anna"), "Victory for Anna!");
        assert_eq!(
            super::description(12),
            "The last castle standing, after 12 turns."
        );
        assert_eq!(
            super::description(1),
            "The last castle standing, after 1 turn."
        );
    }

    #[test]
    fn a_drawn_game_says_so() {
        assert_eq!(super::draw_title(), "The Game Is Drawn");
        assert_eq!(
            super::draw_description(60, 412),
            "No territory was taken in the last 60 rounds, after 412 turns."
        );
    }
}
