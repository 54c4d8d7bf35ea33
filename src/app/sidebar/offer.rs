//! Making an offer of cards to another seat (ruling 25): whom to, how many of each card
//! to give and to ask, and the offer sent as one `OfferCards` action. Who may be offered
//! what comes from the engine's legal actions; the engine refuses anything else.

use std::sync::Arc;

use castellan_engine::game::{Action, Card, Choice, Hand, Seat};
use gettextrs::gettext;
use relm4::factory::{DynamicIndex, FactoryComponent, FactorySender, FactoryVecDeque};
use relm4::gtk::{self, prelude::*};
use relm4::prelude::*;

use super::{ChosenAction, hand_list};
use crate::app::battle_panel::seat_markup;
use crate::app::card_art::card_name;
use crate::app::rows::{Row, keep_in_line};
use crate::app::table::TableSnapshot;
use crate::text::fill;

/// One kind of card in the offer: how many may be given (the cards held) and asked
/// (the other seat's hand size: what it holds is secret), and how many are.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct OfferLine {
    card: Card,
    give_max: u8,
    ask_max: u8,
    give: u8,
    ask: u8,
}

/// A change of one count, from a row to the offer.
#[derive(Debug)]
pub(super) struct CountChanged {
    card: Card,
    give: Option<u8>,
    ask: Option<u8>,
}

#[derive(Debug)]
pub(super) struct OfferLineRow {
    data: OfferLine,
}

#[relm4::factory(pub(super))]
impl FactoryComponent for OfferLineRow {
    type Init = OfferLine;
    type Input = ();
    type Output = CountChanged;
    type CommandOutput = ();
    type ParentWidget = gtk::Box;

    view! {
        gtk::Box {
            set_spacing: 6,

            gtk::Label {
                set_label: &card_name(self.data.card),
                set_xalign: 0.0,
                set_hexpand: true,
            },
            gtk::SpinButton {
                set_widget_name: &format!("offer-give-{}", self.data.card.index()),
                set_tooltip_text: Some(&gettext("Cards of this kind you give")),
                set_increments: (1.0, 1.0),
                set_numeric: true,
                #[watch]
                set_range: (0.0, f64::from(self.data.give_max)),
                #[watch]
                set_sensitive: self.data.give_max > 0,
                #[watch]
                #[block_signal(give_changed)]
                set_value: f64::from(self.data.give),
                connect_value_changed[sender, card = self.data.card] => move |spin| {
                    let give = u8::try_from(spin.value_as_int()).unwrap_or(0);
                    let _ = sender.output(CountChanged { card, give: Some(give), ask: None });
                } @give_changed,
            },
            gtk::SpinButton {
                set_widget_name: &format!("offer-ask-{}", self.data.card.index()),
                set_tooltip_text: Some(&gettext("Cards of this kind you ask for")),
                set_increments: (1.0, 1.0),
                set_numeric: true,
                #[watch]
                set_range: (0.0, f64::from(self.data.ask_max)),
                #[watch]
                set_sensitive: self.data.ask_max > 0,
                #[watch]
                #[block_signal(ask_changed)]
                set_value: f64::from(self.data.ask),
                connect_value_changed[sender, card = self.data.card] => move |spin| {
                    let ask = u8::try_from(spin.value_as_int()).unwrap_or(0);
                    let _ = sender.output(CountChanged { card, give: None, ask: Some(ask) });
                } @ask_changed,
            },
        }
    }

    fn init_model(data: Self::Init, _index: &DynamicIndex, _sender: FactorySender<Self>) -> Self {
        OfferLineRow { data }
    }
}

impl Row for OfferLineRow {
    type Key = Card;

    fn key(data: &OfferLine) -> Card {
        data.card
    }

    fn data(&self) -> &OfferLine {
        &self.data
    }

    fn set_data(&mut self, data: OfferLine) {
        self.data = data;
    }
}

/// The offer being made: the seats that may be offered cards now, the one chosen, and
/// the counts given and asked, kind by kind.
pub(super) struct OfferMaker {
    table: Option<Arc<TableSnapshot>>,
    /// From the engine's `OfferCards` choice; empty when no offer may be made.
    targets: Vec<Seat>,
    /// The cards that may be given.
    cards: Hand,
    target: usize,
    give: [u8; Card::ALL.len()],
    ask: [u8; Card::ALL.len()],
    /// The names in the seat list, rebuilt only when the seats offered change.
    target_names: gtk::StringList,
    lines: FactoryVecDeque<OfferLineRow>,
}

pub(super) enum OfferInput {
    Show(Arc<TableSnapshot>),
    Target(u32),
    Count(CountChanged),
    Send,
}

impl std::fmt::Debug for OfferInput {
    // By hand, because the snapshot (a whole board and view) is not worth printing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OfferInput::Show(_) => f.write_str("Show(…)"),
            OfferInput::Target(index) => write!(f, "Target({index})"),
            OfferInput::Count(change) => write!(f, "Count({change:?})"),
            OfferInput::Send => f.write_str("Send"),
        }
    }
}

#[relm4::component(pub(super))]
impl SimpleComponent for OfferMaker {
    type Init = ();
    type Input = OfferInput;
    type Output = ChosenAction;

    view! {
        gtk::Expander {
            set_label: Some(&gettext("Offer Cards to a Player")),
            set_widget_name: "offer-cards",
            #[watch]
            set_visible: !model.targets.is_empty(),

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,
                set_spacing: 6,
                set_margin_top: 6,

                gtk::Label {
                    set_label: &gettext("Cards change hands openly when the other player accepts."),
                    set_xalign: 0.0,
                    set_wrap: true,
                    add_css_class: "caption",
                    add_css_class: "dim-label",
                },
                gtk::DropDown {
                    set_widget_name: "offer-target",
                    set_model: Some(&model.target_names),
                    #[watch]
                    #[block_signal(target_chosen)]
                    set_selected: u32::try_from(model.target).unwrap_or(0),
                    connect_selected_notify[sender] => move |list| {
                        sender.input(OfferInput::Target(list.selected()));
                    } @target_chosen,
                },
                gtk::Box {
                    set_spacing: 6,
                    gtk::Label { set_hexpand: true },
                    gtk::Label {
                        set_label: &gettext("Give"),
                        set_width_chars: 8,
                        add_css_class: "caption-heading",
                    },
                    gtk::Label {
                        set_label: &gettext("Ask"),
                        set_width_chars: 8,
                        add_css_class: "caption-heading",
                    },
                },
                #[local_ref]
                lines_box -> gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 4,
                },
                gtk::Label {
                    set_xalign: 0.0,
                    set_wrap: true,
                    set_use_markup: true,
                    #[watch]
                    set_label: &model.summary(),
                },
                gtk::Button {
                    set_label: &gettext("Make the Offer"),
                    set_widget_name: "offer-send",
                    set_halign: gtk::Align::Start,
                    #[watch]
                    set_sensitive: model.action().is_some(),
                    connect_clicked => OfferInput::Send,
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = OfferMaker {
            table: None,
            targets: Vec::new(),
            cards: Hand::new(),
            target: 0,
            give: [0; Card::ALL.len()],
            ask: [0; Card::ALL.len()],
            target_names: gtk::StringList::new(&[]),
            lines: FactoryVecDeque::builder()
                .launch(gtk::Box::default())
                .forward(sender.input_sender(), OfferInput::Count),
        };
        let lines_box = model.lines.widget();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: OfferInput, sender: ComponentSender<Self>) {
        match message {
            OfferInput::Show(table) => self.show(table),
            OfferInput::Target(index) => {
                let index = index as usize;
                if index < self.targets.len() && index != self.target {
                    self.target = index;
                    // What may be asked depends on the seat asked.
                    self.clamp_and_refresh();
                }
            }
            OfferInput::Count(change) => {
                let at = change.card.index();
                if let Some(give) = change.give {
                    self.give[at] = give;
                }
                if let Some(ask) = change.ask {
                    self.ask[at] = ask;
                }
                self.clamp_and_refresh();
            }
            OfferInput::Send => {
                if let Some(action) = self.action() {
                    self.give = [0; Card::ALL.len()];
                    self.ask = [0; Card::ALL.len()];
                    self.clamp_and_refresh();
                    let _ = sender.output(ChosenAction(action));
                }
            }
        }
    }
}

impl OfferMaker {
    fn show(&mut self, table: Arc<TableSnapshot>) {
        let (targets, cards) = table
            .legal
            .choices
            .iter()
            .find_map(|choice| match choice {
                Choice::OfferCards { targets, cards } => Some((targets.clone(), *cards)),
                _ => None,
            })
            .unwrap_or_default();
        if targets != self.targets {
            let chosen = self.targets.get(self.target).copied();
            let names: Vec<String> = targets
                .iter()
                .map(|&seat| seat_name(&table, seat))
                .collect();
            self.target_names.splice(
                0,
                self.target_names.n_items(),
                &names.iter().map(String::as_str).collect::<Vec<_>>(),
            );
            self.target = chosen
                .and_then(|seat| targets.iter().position(|&s| s == seat))
                .unwrap_or(0);
            self.targets = targets;
        }
        self.cards = cards;
        self.table = Some(table);
        self.clamp_and_refresh();
    }

    /// The hand size of the seat chosen: the most cards that can be asked of it.
    fn target_hand_size(&self) -> u8 {
        let (Some(table), Some(seat)) = (&self.table, self.targets.get(self.target)) else {
            return 0;
        };
        table.view.seats.get(seat.index()).map_or(0, |summary| {
            u8::try_from(summary.hand_size).unwrap_or(u8::MAX)
        })
    }

    /// Keeps every count within what may be given or asked now, and the rows in line.
    fn clamp_and_refresh(&mut self) {
        let ask_max = self.target_hand_size();
        let lines = Card::ALL
            .iter()
            .map(|&card| {
                let at = card.index();
                let give_max = self.cards.count(card);
                self.give[at] = self.give[at].min(give_max);
                self.ask[at] = self.ask[at].min(ask_max);
                OfferLine {
                    card,
                    give_max,
                    ask_max,
                    give: self.give[at],
                    ask: self.ask[at],
                }
            })
            .collect();
        keep_in_line(&mut self.lines, lines);
    }

    fn hands(&self) -> (Hand, Hand) {
        let mut give = Hand::new();
        let mut ask = Hand::new();
        for card in Card::ALL {
            for _ in 0..self.give[card.index()] {
                give.add(card);
            }
            for _ in 0..self.ask[card.index()] {
                ask.add(card);
            }
        }
        (give, ask)
    }

    /// The offer as chosen, if the engine would take it now.
    fn action(&self) -> Option<Action> {
        let table = self.table.as_ref()?;
        let target = *self.targets.get(self.target)?;
        let (give, ask) = self.hands();
        let action = Action::OfferCards { target, give, ask };
        table.legal.allows(&action).then_some(action)
    }

    fn summary(&self) -> String {
        let (Some(table), Some(&target)) = (&self.table, self.targets.get(self.target)) else {
            return String::new();
        };
        let (give, ask) = self.hands();
        if give.is_empty() && ask.is_empty() {
            return gettext("Choose the cards to give, to ask for, or both.");
        }
        fill(
            &gettext("{seat} is offered {give} for {ask}."),
            &[
                ("seat", &seat_markup(table, target)),
                ("give", &gtk::glib::markup_escape_text(&hand_list(&give))),
                ("ask", &gtk::glib::markup_escape_text(&hand_list(&ask))),
            ],
        )
    }
}

fn seat_name(table: &TableSnapshot, seat: Seat) -> String {
    table
        .seat_names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string())
}
