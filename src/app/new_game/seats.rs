//! The seats of the new-game dialog: a row per seat with a swatch of its colour, its
//! name, its colour (the map palette's colour-blind-safe set), whether the computer
//! plays it and how well. A row tells the dialog each change; the dialog owns the
//! seats and keeps the rows in line with them.

use castellan_engine::bot::Strength;
use gettextrs::{gettext, pgettext};
use relm4::factory::{DynamicIndex, FactoryComponent, FactorySender};
use relm4::gtk::{self, prelude::*};

use crate::app::rows::Row;
use crate::app::session::SeatSettings;
use crate::map::palette::{SEAT_COLOURS, SEAT_RGB};
use crate::text::fill;

/// The icons of a person's seat and of a computer's.
pub const PERSON_ICON: &str = "avatar-default-symbolic";
pub const COMPUTER_ICON: &str = "computer-symbolic";

/// "Player 3" for the third seat.
pub fn default_name(index: usize) -> String {
    fill(&gettext("Player {n}"), &[("n", &(index + 1))])
}

/// The longest seat name taken from outside: the system's, a save's.
pub const MOST_NAME_CHARS: usize = 32;

/// The name of the person at the screen: the account's real name when the system
/// gives one, else "You".
pub fn person_name() -> String {
    let real = relm4::gtk::glib::real_name();
    let login = relm4::gtk::glib::user_name();
    name_from_system(&real.to_string_lossy(), &login.to_string_lossy())
        // TRANSLATORS: the name of the person's seat when the system gives no real
        // name; the log names seats as the subject of its sentences ("You took
        // Paris"), so choose a word that reads right there in your language.
        .unwrap_or_else(|| pgettext("seat name", "You"))
}

/// A real name `real` as the system gives it (GLib says "Unknown" when it has none,
/// and an account without one often repeats its login, `login`), made fit for a
/// seat: without control characters, trimmed, at most [`MOST_NAME_CHARS`]
/// characters. `None` when it is no real name.
pub fn name_from_system(real: &str, login: &str) -> Option<String> {
    fit_name(real).filter(|name| name != "Unknown" && name != login.trim())
}

/// A name from outside (the system, a save) made fit for a seat: without control
/// characters, at most [`MOST_NAME_CHARS`] characters, trimmed; `None` when nothing
/// is left.
pub fn fit_name(text: &str) -> Option<String> {
    let kept: String = text
        .chars()
        .filter(|c| !c.is_control())
        .take(MOST_NAME_CHARS)
        .collect();
    let kept = kept.trim();
    (!kept.is_empty()).then(|| kept.to_owned())
}

/// The names of the palette's seat colours, in [`SEAT_RGB`] order.
pub fn colour_names() -> [String; SEAT_COLOURS] {
    [
        gettext("Vermilion"),
        gettext("Blue"),
        gettext("Green"),
        gettext("Yellow"),
        gettext("Purple"),
        gettext("Orange"),
    ]
}

/// A strength's name, as the dialog lists it.
pub fn strength_name(strength: Strength) -> String {
    match strength {
        Strength::Easy => gettext("Easy"),
        Strength::Normal => gettext("Normal"),
        Strength::Expert => gettext("Expert"),
    }
}

/// Gives seat `seat` colour `colour` among the first `count` seats; a seat that had it
/// takes the chosen seat's old colour, so that no two stay alike.
pub fn choose_colour(colours: &mut [u8], count: usize, seat: usize, colour: u8) {
    let old = colours[seat];
    if let Some(other) = (0..count).find(|&i| i != seat && colours[i] == colour) {
        colours[other] = old;
    }
    colours[seat] = colour;
}

/// Gives every seat from `count` on a colour none of the first seats use, after the
/// seat count grew.
pub fn free_colours_for_new_seats(colours: &mut [u8], count: usize) {
    for seat in 1..count.min(colours.len()) {
        if colours[..seat].contains(&colours[seat]) {
            let free = (0..SEAT_COLOURS as u8)
                .find(|c| !colours[..seat].contains(c))
                .expect("six colours for at most six seats");
            colours[seat] = free;
        }
    }
}

/// A swatch of a palette colour, as Pango markup.
fn swatch(colour: u8) -> String {
    let rgb = SEAT_RGB[usize::from(colour).min(SEAT_COLOURS - 1)];
    format!("<span foreground=\"#{rgb:06x}\" size=\"large\">●</span>")
}

/// A seat's row: the seat's number and settings, and whether they came from the
/// dialog since the person last typed here (then the name is shown again).
#[derive(Debug)]
pub struct SeatRow {
    data: (usize, SeatSettings),
    refill: bool,
}

#[derive(Debug)]
pub enum SeatRowInput {
    Name(String),
    Colour(u32),
    Computer(bool),
    Strength(u32),
}

/// A change a person made to a seat.
#[derive(Debug)]
pub enum SeatChange {
    Name { seat: usize, name: String },
    Colour { seat: usize, colour: u8 },
    Computer { seat: usize, computer: bool },
    Strength { seat: usize, strength: Strength },
}

#[relm4::factory(pub)]
impl FactoryComponent for SeatRow {
    type Init = (usize, SeatSettings);
    type Input = SeatRowInput;
    type Output = SeatChange;
    type CommandOutput = ();
    type ParentWidget = gtk::Box;

    view! {
        gtk::Box {
            set_spacing: 6,

            gtk::Image {
                set_widget_name: &format!("seat-kind-{}", self.data.0),
                #[watch]
                set_icon_name: Some(if self.data.1.computer { COMPUTER_ICON } else { PERSON_ICON }),
                #[watch]
                set_tooltip_text: Some(&if self.data.1.computer {
                    gettext("Played by the computer")
                } else {
                    gettext("Played by a person")
                }),
            },
            gtk::Label {
                set_use_markup: true,
                set_valign: gtk::Align::Center,
                #[watch]
                set_label: &swatch(self.data.1.colour),
            },
            gtk::Entry {
                set_hexpand: true,
                set_widget_name: &format!("seat-name-{}", self.data.0),
                #[track(self.refill)]
                #[block_signal(name_changed)]
                set_text: &self.data.1.name,
                connect_changed[sender] => move |entry| {
                    sender.input(SeatRowInput::Name(entry.text().to_string()));
                } @name_changed,
            },
            gtk::DropDown {
                set_model: Some(&gtk::StringList::new(
                    &colour_names().iter().map(String::as_str).collect::<Vec<_>>(),
                )),
                // As wide for every colour name, so that the rows line up.
                set_width_request: 136,
                set_widget_name: &format!("seat-colour-{}", self.data.0),
                #[watch]
                #[block_signal(colour_chosen)]
                set_selected: u32::from(self.data.1.colour),
                connect_selected_notify[sender] => move |list| {
                    sender.input(SeatRowInput::Colour(list.selected()));
                } @colour_chosen,
            },
            // Who plays the seat, at a glance: a person or the computer.
            gtk::Box {
                add_css_class: "linked",
                set_valign: gtk::Align::Center,

                #[name = "person_button"]
                gtk::ToggleButton {
                    set_widget_name: &format!("seat-person-{}", self.data.0),
                    set_tooltip_text: Some(&gettext("A person at this screen plays the seat")),
                    gtk::Box {
                        set_spacing: 4,
                        gtk::Image {
                            set_icon_name: Some(PERSON_ICON),
                        },
                        gtk::Label {
                            set_label: &gettext("Person"),
                        },
                    },
                    #[watch]
                    #[block_signal(person_toggled)]
                    set_active: !self.data.1.computer,
                    connect_toggled[sender] => move |button| {
                        if button.is_active() {
                            sender.input(SeatRowInput::Computer(false));
                        }
                    } @person_toggled,
                },
                gtk::ToggleButton {
                    set_widget_name: &format!("seat-computer-{}", self.data.0),
                    set_group: Some(&person_button),
                    set_tooltip_text: Some(&gettext("The computer plays the seat")),
                    gtk::Box {
                        set_spacing: 4,
                        gtk::Image {
                            set_icon_name: Some(COMPUTER_ICON),
                        },
                        gtk::Label {
                            set_label: &gettext("Computer"),
                        },
                    },
                    #[watch]
                    #[block_signal(computer_toggled)]
                    set_active: self.data.1.computer,
                    connect_toggled[sender] => move |button| {
                        if button.is_active() {
                            sender.input(SeatRowInput::Computer(true));
                        }
                    } @computer_toggled,
                },
            },
            gtk::DropDown {
                set_model: Some(&gtk::StringList::new(
                    &Strength::ALL.map(strength_name).iter().map(String::as_str).collect::<Vec<_>>(),
                )),
                set_widget_name: &format!("seat-strength-{}", self.data.0),
                set_tooltip_text: Some(&gettext("How well the computer plays this seat")),
                #[watch]
                set_sensitive: self.data.1.computer,
                #[watch]
                #[block_signal(strength_chosen)]
                set_selected: Strength::ALL
                    .iter()
                    .position(|&s| s == self.data.1.strength)
                    .unwrap_or(1) as u32,
                connect_selected_notify[sender] => move |list| {
                    sender.input(SeatRowInput::Strength(list.selected()));
                } @strength_chosen,
            },
        }
    }

    fn init_model(data: Self::Init, _index: &DynamicIndex, _sender: FactorySender<Self>) -> Self {
        SeatRow { data, refill: true }
    }

    fn update(&mut self, message: SeatRowInput, sender: FactorySender<Self>) {
        // What the person types stays as typed: the name is not set back.
        self.refill = false;
        let seat = self.data.0;
        let change = match message {
            SeatRowInput::Name(name) => {
                self.data.1.name.clone_from(&name);
                SeatChange::Name { seat, name }
            }
            SeatRowInput::Colour(colour) => {
                let colour = colour.min(SEAT_COLOURS as u32 - 1) as u8;
                self.data.1.colour = colour;
                SeatChange::Colour { seat, colour }
            }
            SeatRowInput::Computer(computer) => {
                self.data.1.computer = computer;
                SeatChange::Computer { seat, computer }
            }
            SeatRowInput::Strength(index) => {
                let strength = Strength::ALL
                    .get(index as usize)
                    .copied()
                    .unwrap_or(Strength::Normal);
                self.data.1.strength = strength;
                SeatChange::Strength { seat, strength }
            }
        };
        let _ = sender.output(change);
    }
}

impl Row for SeatRow {
    type Key = usize;

    fn key(data: &(usize, SeatSettings)) -> usize {
        data.0
    }

    fn data(&self) -> &(usize, SeatSettings) {
        &self.data
    }

    fn set_data(&mut self, data: (usize, SeatSettings)) {
        self.refill = self.data.1.name != data.1.name;
        self.data = data;
    }
}
