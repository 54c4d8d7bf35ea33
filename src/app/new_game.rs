//! The new-game dialog: 2–6 seats with names, colours (the map palette's
//! colour-blind-safe set, never two alike) and person or computer, and an optional
//! seed. It remembers the last setup in `$XDG_CONFIG_HOME/castellan/last-game.toml`.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use gettextrs::gettext;
use relm4::gtk::{glib, prelude::*};
use relm4::prelude::*;

use crate::app::session::{GameSetup, SeatSettings};
use crate::map::palette::{SEAT_COLOURS, SEAT_RGB};

/// Where the last setup is remembered.
pub fn last_setup_path() -> PathBuf {
    glib::user_config_dir()
        .join("castellan")
        .join("last-game.toml")
}

/// The setup remembered at `path`, if it is there and makes sense.
pub fn load_setup(path: &Path) -> Option<GameSetup> {
    let text = std::fs::read_to_string(path).ok()?;
    let setup: GameSetup = toml::from_str(&text).ok()?;
    setup.problem().is_none().then_some(setup)
}

/// Remembers a setup at `path`, creating its folder.
pub fn store_setup(path: &Path, setup: &GameSetup) -> std::io::Result<()> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)?;
    }
    let text = toml::to_string(setup).map_err(std::io::Error::other)?;
    std::fs::write(path, text)
}

/// A fresh setup: you against one computer.
pub fn default_setup() -> GameSetup {
    GameSetup::default_for(2, default_name)
}

/// "Player 3" for the third seat.
fn default_name(index: usize) -> String {
    gettext("Player {n}").replace("{n}", &(index + 1).to_string())
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

/// One seat's row of widgets.
struct SeatRow {
    row: gtk::Box,
    name: gtk::Entry,
    colour: gtk::DropDown,
    computer: gtk::CheckButton,
}

/// The dialog.
pub struct NewGameDialog {
    rows: Vec<SeatRow>,
    count: gtk::SpinButton,
    seed: gtk::Entry,
    problem: gtk::Label,
    start: gtk::Button,
    /// Colours as chosen, all six rows, kept apart as the drop-downs change.
    colours: Rc<RefCell<Vec<u8>>>,
}

#[derive(Debug)]
pub enum NewGameInput {
    /// Fill in from a setup and show the dialog.
    Open(GameSetup),
    CountChanged,
    ColourChosen {
        seat: usize,
        colour: u8,
    },
    Changed,
    Start,
    Cancel,
}

#[derive(Debug)]
pub enum NewGameOutput {
    Start(GameSetup),
}

impl NewGameDialog {
    fn setup(&self) -> Result<GameSetup, String> {
        let count = self.count.value_as_int() as usize;
        let colours = self.colours.borrow();
        let seats = self.rows[..count]
            .iter()
            .enumerate()
            .map(|(i, row)| SeatSettings {
                name: row.name.text().trim().to_owned(),
                colour: colours[i],
                computer: row.computer.is_active(),
            })
            .collect();
        let seed_text = self.seed.text();
        let seed = match seed_text.trim() {
            "" => None,
            text => Some(
                text.parse::<u64>()
                    .map_err(|_| gettext("The seed must be a whole number, or empty"))?,
            ),
        };
        let setup = GameSetup { seats, seed };
        match setup.problem() {
            Some(problem) => Err(problem.to_string()),
            None => Ok(setup),
        }
    }

    fn refresh(&self) {
        let count = self.count.value_as_int() as usize;
        let colours = self.colours.borrow().clone();
        for (i, row) in self.rows.iter().enumerate() {
            row.row.set_visible(i < count);
            if row.colour.selected() != u32::from(colours[i]) {
                row.colour.set_selected(u32::from(colours[i]));
            }
        }
        let result = self.setup();
        self.start.set_sensitive(result.is_ok());
        self.problem.set_text(result.err().as_deref().unwrap_or(""));
    }
}

#[relm4::component(pub)]
impl SimpleComponent for NewGameDialog {
    type Init = ();
    type Input = NewGameInput;
    type Output = NewGameOutput;

    view! {
        adw::Window {
            set_title: Some(&gettext("New Game")),
            set_modal: true,
            set_hide_on_close: true,
            set_default_width: 480,

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,

                adw::HeaderBar {
                    set_show_end_title_buttons: false,
                    pack_start = &gtk::Button {
                        set_label: &gettext("Cancel"),
                        connect_clicked => NewGameInput::Cancel,
                    },
                    #[local_ref]
                    pack_end = start -> gtk::Button {
                        set_label: &gettext("Start"),
                        add_css_class: "suggested-action",
                        connect_clicked => NewGameInput::Start,
                    },
                },

                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 12,
                    set_margin_all: 18,

                    gtk::Box {
                        set_spacing: 12,
                        gtk::Label {
                            set_label: &gettext("Seats"),
                            set_hexpand: true,
                            set_xalign: 0.0,
                        },
                        #[local_ref]
                        count -> gtk::SpinButton {
                            connect_value_changed => NewGameInput::CountChanged,
                        },
                    },

                    #[local_ref]
                    seat_list -> gtk::Box {
                        set_orientation: gtk::Orientation::Vertical,
                        set_spacing: 6,
                    },

                    gtk::Box {
                        set_spacing: 12,
                        gtk::Label {
                            set_label: &gettext("Seed (optional)"),
                            set_hexpand: true,
                            set_xalign: 0.0,
                        },
                        #[local_ref]
                        seed -> gtk::Entry {
                            set_placeholder_text: Some(&gettext("Random")),
                            connect_changed => NewGameInput::Changed,
                        },
                    },

                    #[local_ref]
                    problem -> gtk::Label {
                        add_css_class: "error",
                        set_wrap: true,
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let start = gtk::Button::new();
        let count = gtk::SpinButton::with_range(2.0, SEAT_COLOURS as f64, 1.0);
        let seed = gtk::Entry::new();
        let problem = gtk::Label::new(None);
        let seat_list = gtk::Box::new(gtk::Orientation::Vertical, 6);
        let names = colour_names();
        let colour_labels: Vec<&str> = names.iter().map(String::as_str).collect();
        let rows: Vec<SeatRow> = (0..SEAT_COLOURS)
            .map(|i| {
                let row = gtk::Box::new(gtk::Orientation::Horizontal, 6);
                let name = gtk::Entry::new();
                name.set_hexpand(true);
                let colour = gtk::DropDown::from_strings(&colour_labels);
                let computer = gtk::CheckButton::with_label(&gettext("Computer"));
                let swatch = gtk::DrawingArea::new();
                swatch.set_content_width(16);
                swatch.set_content_height(16);
                swatch.set_valign(gtk::Align::Center);
                row.append(&swatch);
                row.append(&name);
                row.append(&colour);
                row.append(&computer);
                {
                    let sender = sender.clone();
                    name.connect_changed(move |_| sender.input(NewGameInput::Changed));
                }
                {
                    let sender = sender.clone();
                    computer.connect_toggled(move |_| sender.input(NewGameInput::Changed));
                }
                {
                    let sender = sender.clone();
                    let swatch = swatch.clone();
                    colour.connect_selected_notify(move |dropdown| {
                        swatch.queue_draw();
                        sender.input(NewGameInput::ColourChosen {
                            seat: i,
                            colour: dropdown.selected() as u8,
                        });
                    });
                }
                let dropdown = colour.clone();
                swatch.set_draw_func(move |_, cr, w, h| {
                    let rgb = SEAT_RGB[(dropdown.selected() as usize).min(SEAT_COLOURS - 1)];
                    cr.set_source_rgb(
                        f64::from((rgb >> 16) & 0xff) / 255.0,
                        f64::from((rgb >> 8) & 0xff) / 255.0,
                        f64::from(rgb & 0xff) / 255.0,
                    );
                    cr.arc(
                        f64::from(w) / 2.0,
                        f64::from(h) / 2.0,
                        f64::from(w.min(h)) / 2.0,
                        0.0,
                        std::f64::consts::TAU,
                    );
                    let _ = cr.fill();
                });
                seat_list.append(&row);
                SeatRow {
                    row,
                    name,
                    colour,
                    computer,
                }
            })
            .collect();
        let model = NewGameDialog {
            rows,
            count: count.clone(),
            seed: seed.clone(),
            problem: problem.clone(),
            start: start.clone(),
            colours: Rc::new(RefCell::new((0..SEAT_COLOURS as u8).collect())),
        };
        let (start, count, seed, problem, seat_list) =
            (&start, &count, &seed, &problem, &seat_list);
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: NewGameInput, sender: ComponentSender<Self>) {
        match message {
            NewGameInput::Open(setup) => {
                let mut colours: Vec<u8> = (0..SEAT_COLOURS as u8).collect();
                for (i, row) in self.rows.iter().enumerate() {
                    let seat = setup.seats.get(i);
                    row.name
                        .set_text(&seat.map_or_else(|| default_name(i), |s| s.name.clone()));
                    row.computer.set_active(seat.map_or(i > 0, |s| s.computer));
                    if let Some(seat) = seat {
                        colours[i] = seat.colour;
                    }
                }
                free_colours_for_new_seats(&mut colours, SEAT_COLOURS);
                *self.colours.borrow_mut() = colours;
                self.count.set_value(setup.seats.len() as f64);
                self.seed
                    .set_text(&setup.seed.map(|s| s.to_string()).unwrap_or_default());
                self.refresh();
            }
            NewGameInput::CountChanged | NewGameInput::Changed => self.refresh(),
            NewGameInput::ColourChosen { seat, colour } => {
                let count = self.count.value_as_int() as usize;
                let current = self.colours.borrow()[seat];
                if current != colour {
                    choose_colour(
                        &mut self.colours.borrow_mut(),
                        count.max(seat + 1),
                        seat,
                        colour,
                    );
                    self.refresh();
                }
            }
            NewGameInput::Start => {
                if let Ok(setup) = self.setup() {
                    sender.output(NewGameOutput::Start(setup)).ok();
                }
            }
            NewGameInput::Cancel => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choosing_a_taken_colour_swaps_it_with_its_seat() {
        let mut colours = vec![0, 1, 2, 3, 4, 5];
        choose_colour(&mut colours, 3, 0, 2);
        assert_eq!(&colours[..3], &[2, 1, 0]);
        // A colour only a hidden seat has is simply taken.
        choose_colour(&mut colours, 3, 1, 5);
        assert_eq!(&colours[..3], &[2, 5, 0]);
    }

    #[test]
    fn new_seats_get_colours_nobody_uses() {
        let mut colours = vec![2, 5, 0, 0, 5, 2];
        free_colours_for_new_seats(&mut colours, 6);
        let mut sorted = colours.clone();
        sorted.sort();
        assert_eq!(sorted, vec![0, 1, 2, 3, 4, 5]);
        assert_eq!(&colours[..3], &[2, 5, 0]);
    }

    #[test]
    fn the_last_setup_is_stored_and_loaded_and_a_bad_one_ignored() {
        let dir = std::env::temp_dir().join(format!("castellan-setup-{}", std::process::id()));
        let path = dir.join("castellan").join("last-game.toml");
        let mut setup = GameSetup::default_for(3, |i| format!("S{i}"));
        setup.seed = Some(99);
        store_setup(&path, &setup).unwrap();
        assert_eq!(load_setup(&path), Some(setup.clone()));
        setup.seats[1].colour = setup.seats[0].colour;
        store_setup(&path, &setup).unwrap();
        assert_eq!(
            load_setup(&path),
            None,
            "two seats alike are not offered again"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
