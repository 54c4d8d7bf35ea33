//! The hand in the sidebar: a row per kind of card with its picture, reminder and
//! the control that plays it (how many Reinforcements, a Diplomat's or a Spy's
//! target, the toggle that chooses the Admiral before its route is picked on the
//! map), enabled exactly as the engine's legal actions say.

use castellan_engine::game::{Action, Card, Seat};
use gettextrs::{gettext, ngettext};
use relm4::RelmWidgetExt;
use relm4::factory::{DynamicIndex, FactoryComponent, FactorySender};
use relm4::gtk::{self, prelude::*};

use super::{CARD_HEIGHT, CARD_WIDTH, ChosenAction, card_title};
use crate::app::battle_panel::seat_markup;
use crate::app::card_art::{card_reminder, draw_card};
use crate::app::decisions::CardPlay;
use crate::app::rows::Row;
use crate::app::table::TableSnapshot;
use crate::text::fill;

/// How a card of the hand may be played, with what its control shows.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum PlayShown {
    /// 1 to `max_cards` cards; `armies[n - 1]` is what `n` cards bring.
    Reinforcements {
        max_cards: u8,
        armies: Vec<u32>,
    },
    /// A Diplomat or a Spy on one of these seats (with their names as markup).
    Targets(Vec<(Seat, String)>),
    /// An attack by sea on some route (chosen on the map).
    Admiral,
    /// Committed in a battle, not played here.
    InBattle,
    Unavailable,
}

impl PlayShown {
    pub(super) fn new(card: Card, table: &TableSnapshot) -> PlayShown {
        match CardPlay::for_card(card, &table.legal) {
            CardPlay::Reinforcements { max_cards } => PlayShown::Reinforcements {
                max_cards,
                armies: (1..=max_cards)
                    .map(|n| table.view.reinforcement_armies(n))
                    .collect(),
            },
            CardPlay::Diplomat { targets } | CardPlay::Spy { targets } => PlayShown::Targets(
                targets
                    .into_iter()
                    .map(|seat| (seat, seat_markup(table, seat)))
                    .collect(),
            ),
            CardPlay::Admiral { routes } if !routes.is_empty() => PlayShown::Admiral,
            CardPlay::Admiral { .. } => PlayShown::Unavailable,
            CardPlay::InBattle => PlayShown::InBattle,
            CardPlay::Unavailable => PlayShown::Unavailable,
        }
    }
}

/// One kind of card in the hand.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct CardRowData {
    pub(super) card: Card,
    pub(super) count: u8,
    pub(super) play: PlayShown,
    /// The Admiral is chosen (only ever on the Admiral's row).
    pub(super) chosen: bool,
    /// With the Admiral chosen and its coast: the armies let aboard, and the most
    /// allowed.
    pub(super) aboard: Option<(u32, u32)>,
    /// With the Admiral chosen: what stays on its coast, or to choose the coast.
    pub(super) aboard_note: String,
}

/// What a row of the hand asks of the sidebar.
#[derive(Debug)]
pub(super) enum HandOutput {
    /// A card played.
    Chosen(ChosenAction),
    /// The Admiral chosen, or put back.
    ToggleAdmiral,
    /// The most armies to let aboard the Admiral's ships.
    Aboard(u32),
}

/// A row of the hand: the card, and the choices made in its control.
#[derive(Debug)]
pub(super) struct CardRow {
    data: CardRowData,
    /// Reinforcement cards to play.
    cards: u8,
}

#[derive(Debug)]
pub(super) enum CardRowInput {
    SetCards(u8),
    PlayReinforcements,
    PlayOn(Seat),
    ToggleAdmiral,
    Aboard(u32),
}

impl CardRow {
    /// The choices of a control, back to their defaults: every Reinforcement card
    /// allowed.
    fn reset_choices(&mut self) {
        self.cards = match self.data.play {
            PlayShown::Reinforcements { max_cards, .. } => max_cards,
            _ => 1,
        };
    }

    fn reinforcement_text(&self) -> String {
        let PlayShown::Reinforcements { armies, .. } = &self.data.play else {
            return String::new();
        };
        let armies = armies
            .get(usize::from(self.cards.max(1)) - 1)
            .copied()
            .unwrap_or(0);
        fill(
            &ngettext("+{armies} army", "+{armies} armies", armies),
            &[("armies", &armies)],
        )
    }

    fn max_cards(&self) -> f64 {
        match self.data.play {
            PlayShown::Reinforcements { max_cards, .. } => f64::from(max_cards.max(1)),
            _ => 1.0,
        }
    }

    /// The label of a card's menu: what opens, or a plain "Play" when it may not.
    fn menu_label(&self) -> String {
        match &self.data.play {
            PlayShown::Targets(_) => gettext("Play…"),
            _ => gettext("Play"),
        }
    }

    /// Fills `list` with a button per seat a Diplomat or Spy may be played on, unless
    /// it shows them already.
    fn show_targets(&self, list: &gtk::Box, popover: &gtk::Popover, sender: &FactorySender<Self>) {
        let slug = self.data.card.id();
        let wanted: Vec<(String, &String)> = match &self.data.play {
            PlayShown::Targets(targets) => targets
                .iter()
                .map(|(seat, markup)| (format!("play-{slug}-{}", seat.0), markup))
                .collect(),
            _ => Vec::new(),
        };
        let mut shown = Vec::new();
        let mut child = list.first_child();
        while let Some(widget) = child {
            shown.push(widget.widget_name().to_string());
            child = widget.next_sibling();
        }
        if shown.iter().eq(wanted.iter().map(|(name, _)| name)) {
            return;
        }
        while let Some(widget) = list.first_child() {
            list.remove(&widget);
        }
        let targets = match &self.data.play {
            PlayShown::Targets(targets) => targets.as_slice(),
            _ => &[],
        };
        for ((name, markup), (seat, _)) in wanted.into_iter().zip(targets) {
            let label = gtk::Label::builder().label(markup).use_markup(true).build();
            let button = gtk::Button::builder()
                .child(&label)
                .css_classes(["flat"])
                .build();
            button.set_widget_name(&name);
            let (sender, popover, seat) = (sender.clone(), popover.clone(), *seat);
            button.connect_clicked(move |_| {
                popover.popdown();
                sender.input(CardRowInput::PlayOn(seat));
            });
            list.append(&button);
        }
    }
}

#[relm4::factory(pub(super))]
impl FactoryComponent for CardRow {
    type Init = CardRowData;
    type Input = CardRowInput;
    type Output = HandOutput;
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

                // General and Marshall: committed in the battle panel.
                gtk::Label {
                    set_xalign: 0.0,
                    set_wrap: true,
                    add_css_class: "dim-label",
                    set_label: &if self.data.card == Card::Marshall {
                        gettext("Committed when you defend")
                    } else {
                        gettext("Committed when you roll")
                    },
                    set_visible: self.data.card.is_committed_in_battle(),
                },

                // Reinforcements: how many, what they bring, and Play.
                gtk::Box {
                    set_spacing: 6,
                    set_valign: gtk::Align::Center,
                    set_visible: self.data.card == Card::Reinforcements,

                    gtk::SpinButton {
                        set_widget_name: "reinforcement-cards",
                        set_increments: (1.0, 1.0),
                        #[watch]
                        set_visible: matches!(self.data.play, PlayShown::Reinforcements { .. }),
                        #[watch]
                        #[block_signal(cards_changed)]
                        set_range: (1.0, self.max_cards()),
                        #[watch]
                        #[block_signal(cards_changed)]
                        set_value: f64::from(self.cards),
                        connect_value_changed[sender] => move |spin| {
                            sender.input(CardRowInput::SetCards(spin.value_as_int().clamp(1, 255) as u8));
                        } @cards_changed,
                    },
                    gtk::Label {
                        #[watch]
                        set_visible: matches!(self.data.play, PlayShown::Reinforcements { .. }),
                        #[watch]
                        set_label: &self.reinforcement_text(),
                    },
                    gtk::Button {
                        set_label: &gettext("Play"),
                        set_widget_name: "play-reinforcements",
                        set_halign: gtk::Align::Start,
                        #[watch]
                        set_class_active: (
                            "suggested-action",
                            matches!(self.data.play, PlayShown::Reinforcements { .. }),
                        ),
                        #[watch]
                        set_sensitive: matches!(self.data.play, PlayShown::Reinforcements { .. }),
                        connect_clicked => CardRowInput::PlayReinforcements,
                    },
                },

                // Diplomat and Spy: a menu of targets.
                gtk::MenuButton {
                    set_widget_name: &format!("play-{}", self.data.card.id()),
                    set_halign: gtk::Align::Start,
                    set_valign: gtk::Align::Center,
                    set_visible: matches!(self.data.card, Card::Diplomat | Card::Spy),
                    #[watch]
                    set_label: &self.menu_label(),
                    #[watch]
                    set_sensitive: matches!(&self.data.play, PlayShown::Targets(targets) if !targets.is_empty()),

                    #[wrap(Some)]
                    set_popover: popover = &gtk::Popover {
                        #[name = "targets"]
                        gtk::Box {
                            set_orientation: gtk::Orientation::Vertical,
                            set_spacing: 4,
                        },
                    },
                },

                // The Admiral: chosen here, its route then picked on the map (a coast
                // of yours, then one across the sea); choosing it again puts it back.
                gtk::ToggleButton {
                    set_widget_name: &format!("choose-{}", self.data.card.id()),
                    set_halign: gtk::Align::Start,
                    set_valign: gtk::Align::Center,
                    set_visible: self.data.card == Card::Admiral,
                    set_label: &gettext("Attack by Sea"),
                    set_tooltip_text: Some(&gettext(
                        "Choose the Admiral: the map then lights your coasts, and the coasts across the sea they may attack (Escape puts it back)",
                    )),
                    #[watch]
                    set_sensitive: self.data.play == PlayShown::Admiral,
                    #[watch]
                    #[block_signal(admiral_toggled)]
                    set_active: self.data.chosen,
                    connect_toggled[sender] => move |_| {
                        sender.input(CardRowInput::ToggleAdmiral);
                    } @admiral_toggled,
                },
                gtk::Label {
                    set_widget_name: &format!("{}-stays", self.data.card.id()),
                    set_xalign: 0.0,
                    set_wrap: true,
                    add_css_class: "caption",
                    #[watch]
                    set_label: &self.data.aboard_note,
                    #[watch]
                    set_visible: !self.data.aboard_note.is_empty(),
                },
                gtk::Box {
                    set_spacing: 6,
                    #[watch]
                    set_visible: self.data.aboard.is_some(),
                    gtk::Label {
                        set_label: &gettext("At most aboard"),
                    },
                    gtk::SpinButton {
                        set_widget_name: &format!("{}-aboard", self.data.card.id()),
                        set_increments: (1.0, 5.0),
                        set_numeric: true,
                        set_tooltip_text: Some(&gettext("The most armies that sail: a route takes fewer if fewer may go")),
                        #[watch]
                        set_range: (1.0, f64::from(self.data.aboard.map_or(1, |(_, most)| most.max(1)))),
                        #[watch]
                        #[block_signal(aboard_changed)]
                        set_value: f64::from(self.data.aboard.map_or(1, |(armies, _)| armies)),
                        connect_value_changed[sender] => move |spin| {
                            let armies = u32::try_from(spin.value_as_int()).unwrap_or(1);
                            sender.input(CardRowInput::Aboard(armies));
                        } @aboard_changed,
                    },
                },
            },
        }
    }

    fn pre_view() {
        self.show_targets(&widgets.targets, &widgets.popover, &sender);
    }

    fn init_model(data: CardRowData, _index: &DynamicIndex, _sender: FactorySender<Self>) -> Self {
        let mut row = CardRow { data, cards: 1 };
        row.reset_choices();
        row
    }

    fn update(&mut self, message: CardRowInput, sender: FactorySender<Self>) {
        let action = match message {
            CardRowInput::SetCards(cards) => {
                self.cards = cards;
                None
            }
            CardRowInput::PlayReinforcements => {
                Some(Action::PlayReinforcements { cards: self.cards })
            }
            CardRowInput::PlayOn(target) => match self.data.card {
                Card::Diplomat => Some(Action::PlayDiplomat { target }),
                Card::Spy => Some(Action::PlaySpy { target }),
                _ => None,
            },
            CardRowInput::ToggleAdmiral => {
                let _ = sender.output(HandOutput::ToggleAdmiral);
                None
            }
            CardRowInput::Aboard(armies) => {
                let _ = sender.output(HandOutput::Aboard(armies));
                None
            }
        };
        if let Some(action) = action {
            let _ = sender.output(HandOutput::Chosen(ChosenAction(action)));
        }
    }
}

impl Row for CardRow {
    type Key = Card;

    fn key(data: &CardRowData) -> Card {
        data.card
    }

    fn data(&self) -> &CardRowData {
        &self.data
    }

    fn set_data(&mut self, data: CardRowData) {
        let play_changed = data.play != self.data.play;
        self.data = data;
        if play_changed {
            self.reset_choices();
        }
    }
}
