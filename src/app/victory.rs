//! The victory page: who won, how long it took, and a way to play again.

use gettextrs::{gettext, ngettext};
use relm4::gtk::prelude::*;
use relm4::prelude::*;

use crate::text::fill;

/// "Anna Wins!"
pub fn title(name: &str) -> String {
    fill(&gettext("{name} Wins!"), &[("name", &name)])
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

/// The page's state: the winner and the turns played.
#[derive(Debug, Default)]
pub struct VictoryPage {
    winner: String,
    turns: u32,
}

#[derive(Debug)]
pub enum VictoryPageInput {
    Show { winner: String, turns: u32 },
    NewGame,
    ShowMap,
}

/// What the page's buttons ask of the window.
#[derive(Debug)]
pub enum VictoryPageOutput {
    NewGame,
    ShowMap,
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
            set_title: &title(&model.winner),
            #[watch]
            set_description: Some(&description(model.turns)),

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
            VictoryPageInput::Show { winner, turns } => {
                self.winner = winner;
                self.turns = turns;
            }
            VictoryPageInput::NewGame => {
                let _ = sender.output(VictoryPageOutput::NewGame);
            }
            VictoryPageInput::ShowMap => {
                let _ = sender.output(VictoryPageOutput::ShowMap);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_names_the_winner_and_counts_turns() {
        assert_eq!(super::title("Anna"), "Anna Wins!");
        assert_eq!(
            super::description(12),
            "The last castle standing, after 12 turns."
        );
        assert_eq!(
            super::description(1),
            "The last castle standing, after 1 turn."
        );
    }
}
