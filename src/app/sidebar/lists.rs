//! The sidebar's other lists, one factory row each: the cards of a hand a spy saw,
//! the numbers of the reinforcement track, where hidden armies may come out, the
//! truces, and the other seats.

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Action, Card, Seat};
use gettextrs::gettext;
use relm4::factory::{DynamicIndex, FactoryComponent, FactorySender};
use relm4::gtk::{self, prelude::*};

use super::{CARD_HEIGHT, CARD_WIDTH, ChosenAction, card_title};
use crate::app::card_art::{card_reminder, draw_card};
use crate::app::decisions::TrackCell;
use crate::app::rows::Row;

/// A card of the hand a spy saw.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SpiedCard {
    pub(super) card: Card,
    pub(super) count: u8,
    /// The rules let the spy discard it.
    pub(super) discardable: bool,
}

#[derive(Debug)]
pub(super) struct SpiedCardRow {
    data: SpiedCard,
}

#[relm4::factory(pub(super))]
impl FactoryComponent for SpiedCardRow {
    type Init = SpiedCard;
    type Input = ();
    type Output = ChosenAction;
    type CommandOutput = ();
    type ParentWidget = gtk::Box;

    view! {
        gtk::Box {
            set_spacing: 8,

            gtk::DrawingArea {
                set_content_width: CARD_WIDTH,
                set_content_height: CARD_HEIGHT,
                set_valign: gtk::Align::Start,
                set_draw_func[card = self.data.card] => move |_, cr, width, height| {
                    // A failed Cairo call only loses this frame; the next draw tries again.
                    let _ = draw_card(cr, card, f64::from(width), f64::from(height));
                },
            },

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,
                set_spacing: 2,
                set_hexpand: true,

                gtk::Label {
                    set_xalign: 0.0,
                    add_css_class: "heading",
                    #[watch]
                    set_label: &card_title(self.data.card, self.data.count),
                },
                gtk::Label {
                    set_label: &card_reminder(self.data.card),
                    set_xalign: 0.0,
                    set_wrap: true,
                    set_max_width_chars: 28,
                    add_css_class: "caption",
                    add_css_class: "dim-label",
                },
                gtk::Button {
                    set_label: &gettext("Discard"),
                    set_widget_name: &format!("discard-{}", self.data.card.index()),
                    set_halign: gtk::Align::Start,
                    #[watch]
                    set_sensitive: self.data.discardable,
                    connect_clicked[sender, card = self.data.card] => move |_| {
                        let _ = sender.output(ChosenAction(Action::SpyDiscard { card }));
                    },
                },
            },
        }
    }

    fn init_model(data: SpiedCard, _index: &DynamicIndex, _sender: FactorySender<Self>) -> Self {
        SpiedCardRow { data }
    }
}

impl Row for SpiedCardRow {
    type Key = Card;

    fn key(data: &SpiedCard) -> Card {
        data.card
    }

    fn data(&self) -> &SpiedCard {
        &self.data
    }

    fn set_data(&mut self, data: SpiedCard) {
        self.data = data;
    }
}

// ------------------------------------------------------------------------ The track

/// A number of the reinforcement track, by its place on the track.
#[derive(Debug)]
pub(super) struct TrackNumber {
    data: (usize, TrackCell),
}

impl TrackNumber {
    /// The number as Pango markup: struck out once played, underlined when next.
    fn markup(&self) -> String {
        let cell = self.data.1;
        if cell.played {
            format!("<s><span alpha=\"50%\">{}</span></s>", cell.value)
        } else if cell.next {
            format!("<b><u>{}</u></b>", cell.value)
        } else {
            cell.value.to_string()
        }
    }
}

#[relm4::factory(pub(super))]
impl FactoryComponent for TrackNumber {
    type Init = (usize, TrackCell);
    type Input = ();
    type Output = ();
    type CommandOutput = ();
    type ParentWidget = gtk::Box;

    view! {
        gtk::Label {
            set_use_markup: true,
            #[watch]
            set_label: &self.markup(),
        }
    }

    fn init_model(data: Self::Init, _index: &DynamicIndex, _sender: FactorySender<Self>) -> Self {
        TrackNumber { data }
    }
}

impl Row for TrackNumber {
    type Key = usize;

    fn key(data: &Self::Init) -> usize {
        data.0
    }

    fn data(&self) -> &Self::Init {
        &self.data
    }

    fn set_data(&mut self, data: Self::Init) {
        self.data = data;
    }
}

// ------------------------------------------------------------------- Hidden armies

/// Where the seat may bring its hidden armies out now.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct RevealData {
    pub(super) territory: TerritoryId,
    pub(super) label: String,
}

#[derive(Debug)]
pub(super) struct RevealButton {
    data: RevealData,
}

#[relm4::factory(pub(super))]
impl FactoryComponent for RevealButton {
    type Init = RevealData;
    type Input = ();
    type Output = ChosenAction;
    type CommandOutput = ();
    type ParentWidget = gtk::Box;

    view! {
        gtk::Button {
            set_halign: gtk::Align::Start,
            set_widget_name: &format!("reveal-{}", self.data.territory.index()),
            #[watch]
            set_label: &self.data.label,
            connect_clicked[sender, territory = self.data.territory] => move |_| {
                let _ = sender.output(ChosenAction(Action::RevealHiddenArmies { territory }));
            },
        }
    }

    fn init_model(data: RevealData, _index: &DynamicIndex, _sender: FactorySender<Self>) -> Self {
        RevealButton { data }
    }
}

impl Row for RevealButton {
    type Key = TerritoryId;

    fn key(data: &RevealData) -> TerritoryId {
        data.territory
    }

    fn data(&self) -> &RevealData {
        &self.data
    }

    fn set_data(&mut self, data: RevealData) {
        self.data = data;
    }
}

// -------------------------------------------------------------- Truces and players

/// A truce in force, and its words.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TruceData {
    pub(super) seats: (Seat, Seat),
    pub(super) markup: String,
}

#[derive(Debug)]
pub(super) struct TruceLine {
    data: TruceData,
}

#[relm4::factory(pub(super))]
impl FactoryComponent for TruceLine {
    type Init = TruceData;
    type Input = ();
    type Output = ();
    type CommandOutput = ();
    type ParentWidget = gtk::Box;

    view! {
        gtk::Label {
            set_xalign: 0.0,
            set_wrap: true,
            set_use_markup: true,
            #[watch]
            set_label: &self.data.markup,
        }
    }

    fn init_model(data: TruceData, _index: &DynamicIndex, _sender: FactorySender<Self>) -> Self {
        TruceLine { data }
    }
}

impl Row for TruceLine {
    type Key = (Seat, Seat);

    fn key(data: &TruceData) -> (Seat, Seat) {
        data.seats
    }

    fn data(&self) -> &TruceData {
        &self.data
    }

    fn set_data(&mut self, data: TruceData) {
        self.data = data;
    }
}

/// Another seat, and what everyone knows of it.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PlayerData {
    pub(super) seat: Seat,
    pub(super) markup: String,
}

#[derive(Debug)]
pub(super) struct PlayerLine {
    data: PlayerData,
}

#[relm4::factory(pub(super))]
impl FactoryComponent for PlayerLine {
    type Init = PlayerData;
    type Input = ();
    type Output = ();
    type CommandOutput = ();
    type ParentWidget = gtk::Box;

    view! {
        gtk::Label {
            set_xalign: 0.0,
            set_wrap: true,
            set_use_markup: true,
            set_widget_name: &format!("seat-{}", self.data.seat.0),
            #[watch]
            set_label: &self.data.markup,
        }
    }

    fn init_model(data: PlayerData, _index: &DynamicIndex, _sender: FactorySender<Self>) -> Self {
        PlayerLine { data }
    }
}

impl Row for PlayerLine {
    type Key = Seat;

    fn key(data: &PlayerData) -> Seat {
        data.seat
    }

    fn data(&self) -> &PlayerData {
        &self.data
    }

    fn set_data(&mut self, data: PlayerData) {
        self.data = data;
    }
}
