//! The seats of a Château Noir game in the new-game dialog: a row per seat with its
//! name, whether a person or the computer plays it and how well, and which armies it
//! commands (the groups the engine's tables allow for this many seats, teams or
//! alone). A row tells the dialog each change; the dialog owns the setup.

use castellan_chateau::bot::Strength;
use gettextrs::gettext;
use relm4::factory::{DynamicIndex, FactoryComponent, FactorySender};
use relm4::gtk::{self, prelude::*};

use super::seats::{COMPUTER_ICON, PERSON_ICON};
use crate::app::chateau::setup::ChateauSeat;

/// A strength's name, as the dialog lists it.
pub fn strength_name(strength: Strength) -> String {
    match strength {
        Strength::Easy => gettext("Easy"),
        Strength::Normal => gettext("Normal"),
        Strength::Expert => gettext("Expert"),
    }
}

/// What a row starts with.
#[derive(Debug)]
pub struct ChateauSeatInit {
    pub index: usize,
    pub seat: ChateauSeat,
    /// The groups of armies on offer, named ("Red and Yellow").
    pub groups: Vec<String>,
    pub group: usize,
}

#[derive(Debug)]
pub struct ChateauSeatRow {
    init: ChateauSeatInit,
}

#[derive(Debug)]
pub enum ChateauSeatRowInput {
    Name(String),
    Computer(bool),
    Strength(u32),
    Group(u32),
}

/// A change a person made to a seat.
#[derive(Debug)]
pub enum ChateauSeatChange {
    Name(usize, String),
    Computer(usize, bool),
    Strength(usize, Strength),
    Group(usize, usize),
}

#[relm4::factory(pub)]
impl FactoryComponent for ChateauSeatRow {
    type Init = ChateauSeatInit;
    type Input = ChateauSeatRowInput;
    type Output = ChateauSeatChange;
    type CommandOutput = ();
    type ParentWidget = gtk::Box;

    view! {
        gtk::Box {
            set_spacing: 6,

            gtk::Image {
                #[watch]
                set_icon_name: Some(if self.init.seat.computer { COMPUTER_ICON } else { PERSON_ICON }),
            },
            gtk::Entry {
                set_hexpand: true,
                set_widget_name: &format!("chateau-seat-name-{}", self.init.index),
                set_text: &self.init.seat.name,
                connect_changed[sender] => move |entry| {
                    sender.input(ChateauSeatRowInput::Name(entry.text().to_string()));
                },
            },
            gtk::DropDown {
                set_widget_name: &format!("chateau-seat-armies-{}", self.init.index),
                set_tooltip_text: Some(&gettext("The armies this seat commands")),
                set_model: Some(&gtk::StringList::new(
                    &self.init.groups.iter().map(String::as_str).collect::<Vec<_>>(),
                )),
                set_selected: self.init.group as u32,
                connect_selected_notify[sender] => move |list| {
                    sender.input(ChateauSeatRowInput::Group(list.selected()));
                },
            },
            // Who plays the seat, at a glance, as in a Risk game's rows.
            gtk::Box {
                add_css_class: "linked",
                set_valign: gtk::Align::Center,

                #[name = "person_button"]
                gtk::ToggleButton {
                    set_widget_name: &format!("chateau-seat-person-{}", self.init.index),
                    set_tooltip_text: Some(&gettext("A person at this screen plays the seat")),
                    set_active: !self.init.seat.computer,
                    gtk::Box {
                        set_spacing: 4,
                        gtk::Image {
                            set_icon_name: Some(PERSON_ICON),
                        },
                        gtk::Label {
                            set_label: &gettext("Person"),
                        },
                    },
                    connect_toggled[sender] => move |button| {
                        if button.is_active() {
                            sender.input(ChateauSeatRowInput::Computer(false));
                        }
                    },
                },
                gtk::ToggleButton {
                    set_widget_name: &format!("chateau-seat-computer-{}", self.init.index),
                    set_group: Some(&person_button),
                    set_tooltip_text: Some(&gettext("The computer plays the seat")),
                    set_active: self.init.seat.computer,
                    gtk::Box {
                        set_spacing: 4,
                        gtk::Image {
                            set_icon_name: Some(COMPUTER_ICON),
                        },
                        gtk::Label {
                            set_label: &gettext("Computer"),
                        },
                    },
                    connect_toggled[sender] => move |button| {
                        if button.is_active() {
                            sender.input(ChateauSeatRowInput::Computer(true));
                        }
                    },
                },
            },
            gtk::DropDown {
                set_widget_name: &format!("chateau-seat-strength-{}", self.init.index),
                set_tooltip_text: Some(&gettext("How well the computer plays")),
                set_model: Some(&gtk::StringList::new(
                    &Strength::ALL.map(strength_name).iter().map(String::as_str).collect::<Vec<_>>(),
                )),
                set_selected: Strength::ALL.iter().position(|&s| s == self.init.seat.strength).unwrap_or(1) as u32,
                #[watch]
                set_sensitive: self.init.seat.computer,
                connect_selected_notify[sender] => move |list| {
                    sender.input(ChateauSeatRowInput::Strength(list.selected()));
                },
            },
        }
    }

    fn init_model(init: Self::Init, _: &DynamicIndex, _: FactorySender<Self>) -> Self {
        Self { init }
    }

    fn update(&mut self, message: Self::Input, sender: FactorySender<Self>) {
        let index = self.init.index;
        let change = match message {
            ChateauSeatRowInput::Name(name) => {
                self.init.seat.name = name.clone();
                ChateauSeatChange::Name(index, name)
            }
            ChateauSeatRowInput::Computer(computer) => {
                self.init.seat.computer = computer;
                ChateauSeatChange::Computer(index, computer)
            }
            ChateauSeatRowInput::Strength(position) => {
                let strength = Strength::ALL
                    .get(position as usize)
                    .copied()
                    .unwrap_or(Strength::Normal);
                self.init.seat.strength = strength;
                ChateauSeatChange::Strength(index, strength)
            }
            ChateauSeatRowInput::Group(group) => ChateauSeatChange::Group(index, group as usize),
        };
        let _ = sender.output(change);
    }
}
