//! A row of linked toggles "1", "2", "3" choosing how many dice to roll: one for the
//! attacker (up to three) and one for the defender (up to two), built the same way.
//! The battle panel owns the number chosen and what the engine allows; the row only
//! shows them and says when the person picks another number.

use std::ops::RangeInclusive;

use relm4::gtk::{self, glib, prelude::*};
use relm4::prelude::*;

/// Which side the row chooses for: it names its toggles "attack-dice-2", ….
#[derive(Copy, Clone, Debug)]
pub struct DiceChoiceInit {
    pub side: &'static str,
    /// The most dice the side may ever roll: the number of toggles.
    pub most: u8,
}

/// What the row shows.
#[derive(Debug)]
pub enum DiceChoiceInput {
    /// The number chosen, and the numbers allowed now (none while the side has
    /// nothing to decide).
    Show {
        chosen: u8,
        allowed: Option<RangeInclusive<u8>>,
    },
    /// The person pressed the toggle for this number.
    Picked(u8),
}

/// The number the person picked.
#[derive(Debug)]
pub struct DiceChosen(pub u8);

pub struct DiceChoice {
    chosen: u8,
    allowed: Option<RangeInclusive<u8>>,
}

pub struct DiceChoiceWidgets {
    /// The toggles for 1, 2, … dice, with their handlers, blocked while the row
    /// follows the panel so that showing a choice never sends it back.
    toggles: Vec<(gtk::ToggleButton, glib::SignalHandlerId)>,
}

impl SimpleComponent for DiceChoice {
    type Init = DiceChoiceInit;
    type Input = DiceChoiceInput;
    type Output = DiceChosen;
    type Root = gtk::Box;
    type Widgets = DiceChoiceWidgets;

    fn init_root() -> gtk::Box {
        let row = gtk::Box::new(gtk::Orientation::Horizontal, 0);
        row.add_css_class("linked");
        row
    }

    fn init(
        init: DiceChoiceInit,
        row: gtk::Box,
        sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        let mut toggles: Vec<(gtk::ToggleButton, glib::SignalHandlerId)> = Vec::new();
        for dice in 1..=init.most {
            let toggle = gtk::ToggleButton::with_label(&dice.to_string());
            toggle.set_widget_name(&format!("{}-dice-{dice}", init.side));
            // One group: pressing a number releases the others.
            if let Some((first, _)) = toggles.first() {
                toggle.set_group(Some(first));
            }
            let sender = sender.clone();
            let handler = toggle.connect_toggled(move |toggle| {
                if toggle.is_active() {
                    sender.input(DiceChoiceInput::Picked(dice));
                }
            });
            row.append(&toggle);
            toggles.push((toggle, handler));
        }
        let model = DiceChoice {
            chosen: init.most,
            allowed: None,
        };
        let widgets = DiceChoiceWidgets { toggles };
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: DiceChoiceInput, sender: ComponentSender<Self>) {
        match message {
            DiceChoiceInput::Show { chosen, allowed } => {
                self.chosen = chosen;
                self.allowed = allowed;
            }
            DiceChoiceInput::Picked(dice) => {
                // The panel decides; the row shows its answer at the next Show.
                let _ = sender.output(DiceChosen(dice));
            }
        }
    }

    fn update_view(&self, widgets: &mut DiceChoiceWidgets, _: ComponentSender<Self>) {
        for (dice, (toggle, handler)) in (1..).zip(&widgets.toggles) {
            toggle.set_sensitive(self.allowed.as_ref().is_some_and(|a| a.contains(&dice)));
            toggle.block_signal(handler);
            toggle.set_active(self.chosen == dice);
            toggle.unblock_signal(handler);
        }
    }
}
