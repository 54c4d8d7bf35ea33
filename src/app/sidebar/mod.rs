//! The card sidebar: the deciding seat's hand with a Play control per card, the
//! reinforcement track, hidden armies, truces, the other seats, the Spy's decisions,
//! and offers of cards to make (`offer`) or answer. What may be played is read by
//! `decisions::CardPlay`; the card pictures and reminders are `card_art`'s. Every list
//! is a factory kept in line in place (`rows`): a computer's move updates the rows
//! that changed, nothing more.

use std::sync::Arc;

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Action, Card, Choice, Decision, Hand, Seat};
use gettextrs::{gettext, ngettext};
use relm4::factory::FactoryVecDeque;
use relm4::gtk::{self, prelude::*};
use relm4::prelude::*;

mod hand;
mod lists;
mod mission;
mod offer;
mod territory_cards;

use hand::{CardRow, CardRowData, HandOutput, PlayShown};
use lists::{
    PlayerData, PlayerLine, RevealButton, RevealData, SpiedCard, SpiedCardRow, TrackNumber,
    TruceData, TruceLine,
};
use offer::{OfferInput, OfferMaker};

use super::battle_panel::seat_markup;
use super::card_art::card_name;
use super::decisions::{reveal_offer, track_cells};
use super::rows::keep_in_line;
use super::table::TableSnapshot;
use crate::text::{fill, translated};

/// Size of a card picture, in pixels.
const CARD_WIDTH: i32 = 40;
const CARD_HEIGHT: i32 = 56;

/// What the Spy asks of the seat shown, if anything.
#[derive(Clone, Debug, PartialEq)]
enum SpyShown {
    Nothing,
    /// A Spy was played on this seat (by the seat in markup); `counter`: it holds a
    /// Spy to answer with.
    Answer {
        spy: String,
        counter: bool,
    },
    /// This seat, as the spy, discards a card from the hand of the seat in markup.
    Discard {
        target: String,
    },
}

/// An offer of cards to the seat shown (ruling 25): its words in markup, and whether
/// accepting it is allowed (the engine says so; refusing always is).
#[derive(Clone, Debug, PartialEq)]
struct OfferShown {
    markup: String,
    accept: bool,
}

/// The sidebar's state: the snapshot shown, and its lists.
pub struct CardSidebar {
    table: Option<Arc<TableSnapshot>>,
    spy: SpyShown,
    offer: Option<OfferShown>,
    hand: FactoryVecDeque<CardRow>,
    spied: FactoryVecDeque<SpiedCardRow>,
    track: FactoryVecDeque<TrackNumber>,
    reveals: FactoryVecDeque<RevealButton>,
    truces: FactoryVecDeque<TruceLine>,
    players: FactoryVecDeque<PlayerLine>,
    /// Making an offer of cards to another seat, between attacks.
    offer_maker: Controller<OfferMaker>,
}

/// Messages to the sidebar.
pub enum CardSidebarInput {
    /// Shows the decision at hand.
    Show(Arc<TableSnapshot>),
    /// A control chose this action; sent on if `legal` allows it.
    Chosen(Action),
    /// Classic Risk: trade the set the Trade button offers.
    TradeSet,
    /// The Admiral's row chose it or put it back.
    ToggleAdmiral,
    /// The Admiral's row: the most armies to let aboard.
    Aboard(u32),
}

impl std::fmt::Debug for CardSidebarInput {
    // By hand, because the snapshot (a whole board and view) is not worth printing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CardSidebarInput::Show(_) => f.write_str("Show(…)"),
            CardSidebarInput::Chosen(action) => write!(f, "Chosen({action:?})"),
            CardSidebarInput::TradeSet => f.write_str("TradeSet"),
            CardSidebarInput::ToggleAdmiral => f.write_str("ToggleAdmiral"),
            CardSidebarInput::Aboard(armies) => write!(f, "Aboard({armies})"),
        }
    }
}

/// What the sidebar asks of the window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardSidebarOutput {
    /// An action of the pending seat, allowed by `legal`.
    Act(Action),
    /// The Admiral is chosen or put back: the map offers its routes, or the others.
    ToggleAdmiral,
    /// The most armies to let aboard the Admiral's ships.
    Aboard(u32),
}

#[relm4::component(pub)]
impl SimpleComponent for CardSidebar {
    type Init = ();
    type Input = CardSidebarInput;
    type Output = CardSidebarOutput;

    view! {
        #[root]
        gtk::ScrolledWindow {
            set_hscrollbar_policy: gtk::PolicyType::Never,
            set_min_content_width: 300,

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,
                set_spacing: 12,
                set_margin_all: 12,

                gtk::Label {
                    set_label: &gettext("No game in progress"),
                    set_xalign: 0.0,
                    set_wrap: true,
                    add_css_class: "dim-label",
                    #[watch]
                    set_visible: model.table.is_none(),
                },

                // The Spy's decisions: the target answers, or the spy discards.
                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 6,
                    #[watch]
                    set_visible: matches!(model.spy, SpyShown::Answer { .. }),

                    gtk::Label {
                        set_label: &gettext("A Spy!"),
                        set_xalign: 0.0,
                        add_css_class: "title-4",
                    },
                    gtk::Label {
                        set_xalign: 0.0,
                        set_wrap: true,
                        set_use_markup: true,
                        #[watch]
                        set_label: &model.spy_played_markup(),
                    },
                    gtk::Box {
                        set_spacing: 6,
                        gtk::Button {
                            set_label: &gettext("Answer with a Spy"),
                            set_widget_name: "answer-spy-counter",
                            #[watch]
                            set_sensitive: matches!(model.spy, SpyShown::Answer { counter: true, .. }),
                            connect_clicked => CardSidebarInput::Chosen(Action::AnswerSpy { counter: true }),
                        },
                        gtk::Button {
                            set_label: &gettext("Let Them See"),
                            set_widget_name: "answer-spy-let",
                            connect_clicked => CardSidebarInput::Chosen(Action::AnswerSpy { counter: false }),
                        },
                    },
                },
                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 6,
                    #[watch]
                    set_visible: matches!(model.spy, SpyShown::Discard { .. }),

                    gtk::Label {
                        set_label: &gettext("Discard a Card"),
                        set_xalign: 0.0,
                        add_css_class: "title-4",
                    },
                    gtk::Label {
                        set_xalign: 0.0,
                        set_wrap: true,
                        set_use_markup: true,
                        #[watch]
                        set_label: &model.spied_hand_markup(),
                    },
                    #[local_ref]
                    spied_box -> gtk::Box {
                        set_widget_name: "spied-hand",
                        set_orientation: gtk::Orientation::Vertical,
                        set_spacing: 6,
                    },
                },

                // An offer of cards to answer (ruling 25); making one is `offer`'s.
                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 6,
                    #[watch]
                    set_visible: model.offer.is_some(),

                    gtk::Label {
                        set_label: &gettext("An Offer"),
                        set_xalign: 0.0,
                        add_css_class: "title-4",
                    },
                    gtk::Label {
                        set_xalign: 0.0,
                        set_wrap: true,
                        set_use_markup: true,
                        #[watch]
                        set_label: model.offer.as_ref().map_or("", |o| o.markup.as_str()),
                    },
                    gtk::Box {
                        set_spacing: 6,
                        gtk::Button {
                            set_label: &gettext("Accept"),
                            set_widget_name: "answer-offer-accept",
                            #[watch]
                            set_sensitive: model.offer.as_ref().is_some_and(|o| o.accept),
                            connect_clicked => CardSidebarInput::Chosen(Action::AnswerOffer { accept: true }),
                        },
                        gtk::Button {
                            set_label: &gettext("Refuse"),
                            set_widget_name: "answer-offer-refuse",
                            connect_clicked => CardSidebarInput::Chosen(Action::AnswerOffer { accept: false }),
                        },
                    },
                },

                // Classic Risk: the territory cards, the next set's value, Trade.
                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 6,
                    #[watch]
                    set_visible: model.table.as_deref().is_some_and(territory_cards::is_classic),

                    gtk::Label {
                        set_label: &gettext("Territory Cards"),
                        set_xalign: 0.0,
                        add_css_class: "title-4",
                    },
                    gtk::Label {
                        set_xalign: 0.0,
                        set_wrap: true,
                        set_widget_name: "territory-cards",
                        #[watch]
                        set_label: &model.table.as_deref().map_or_else(String::new, territory_cards::cards_text),
                    },
                    gtk::Label {
                        set_xalign: 0.0,
                        set_wrap: true,
                        add_css_class: "dim-label",
                        #[watch]
                        set_label: &model.table.as_deref().map_or_else(String::new, territory_cards::next_set_text),
                    },
                    gtk::Button {
                        set_label: &gettext("Trade a Set"),
                        set_widget_name: "trade-set",
                        set_halign: gtk::Align::Start,
                        #[watch]
                        set_sensitive: model.table.as_deref().and_then(territory_cards::offered_set).is_some(),
                        connect_clicked => CardSidebarInput::TradeSet,
                    },
                },

                // Classic Risk with missions: the seat's own, private like its cards.
                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 6,
                    set_widget_name: "mission",
                    #[watch]
                    set_visible: model.table.as_deref().and_then(mission::mission_text).is_some(),

                    gtk::Label {
                        set_label: &gettext("Secret Mission"),
                        set_xalign: 0.0,
                        add_css_class: "title-4",
                    },
                    gtk::Label {
                        set_xalign: 0.0,
                        set_wrap: true,
                        set_widget_name: "mission-text",
                        #[watch]
                        set_label: &model.table.as_deref().and_then(mission::mission_text).unwrap_or_default(),
                    },
                },

                // The hand, one row per kind of card, each with its Play control.
                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 6,
                    #[watch]
                    set_visible: model.shows_castle_risk(),

                    gtk::Label {
                        set_label: &gettext("Cards"),
                        set_xalign: 0.0,
                        add_css_class: "title-4",
                    },
                    gtk::Label {
                        set_xalign: 0.0,
                        set_wrap: true,
                        set_use_markup: true,
                        #[watch]
                        set_label: &model.holder_markup(),
                        #[watch]
                        set_visible: model.whole_hand_shown(),
                    },
                    gtk::Label {
                        set_widget_name: "no-cards",
                        #[watch]
                        set_label: &model.no_cards_text(),
                        set_xalign: 0.0,
                        set_wrap: true,
                        add_css_class: "dim-label",
                        #[watch]
                        set_visible: model.hand.is_empty(),
                    },
                    #[local_ref]
                    hand_box -> gtk::Box {
                        set_widget_name: "hand",
                        set_orientation: gtk::Orientation::Vertical,
                        set_spacing: 6,
                        // An empty box would still take the section's spacing.
                        #[watch]
                        set_visible: !model.hand.is_empty(),
                    },
                },

                #[local_ref]
                offer_maker_widget -> gtk::Expander {},

                // The reinforcement track, played numbers struck out, the next marked.
                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 6,
                    #[watch]
                    set_visible: model.shows_castle_risk(),

                    gtk::Label {
                        set_label: &gettext("Reinforcement Track"),
                        set_xalign: 0.0,
                        add_css_class: "title-4",
                    },
                    #[local_ref]
                    track_box -> gtk::Box {
                        set_widget_name: "track",
                        set_spacing: 8,
                    },
                    gtk::Label {
                        set_xalign: 0.0,
                        set_wrap: true,
                        add_css_class: "dim-label",
                        #[watch]
                        set_label: &model.next_card_text(),
                    },
                },

                // The seat's hidden armies: how many, where, what they bring, Reveal.
                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 6,
                    #[watch]
                    set_visible: model.table.as_ref().is_some_and(|t| t.hidden_armies_in_play),

                    gtk::Label {
                        set_label: &gettext("Hidden Armies"),
                        set_xalign: 0.0,
                        add_css_class: "title-4",
                    },
                    gtk::Label {
                        set_xalign: 0.0,
                        set_wrap: true,
                        add_css_class: "dim-label",
                        set_widget_name: "hidden-armies",
                        #[watch]
                        set_label: &model.hidden_text(),
                    },
                    #[local_ref]
                    reveals_box -> gtk::Box {
                        set_widget_name: "reveals",
                        set_orientation: gtk::Orientation::Vertical,
                        set_spacing: 6,
                        // An empty box would still take the section's spacing.
                        #[watch]
                        set_visible: !model.reveals.is_empty(),
                    },
                },

                // The truces in force.
                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 6,
                    #[watch]
                    set_visible: !model.truces.is_empty(),

                    gtk::Label {
                        set_label: &gettext("Truces"),
                        set_xalign: 0.0,
                        add_css_class: "title-4",
                    },
                    #[local_ref]
                    truces_box -> gtk::Box {
                        set_orientation: gtk::Orientation::Vertical,
                        set_spacing: 6,
                    },
                },

                // The other seats: hand sizes and banners.
                gtk::Box {
                    set_orientation: gtk::Orientation::Vertical,
                    set_spacing: 6,
                    #[watch]
                    set_visible: model.table.is_some(),

                    gtk::Label {
                        set_label: &gettext("Players"),
                        set_xalign: 0.0,
                        add_css_class: "title-4",
                    },
                    #[local_ref]
                    players_box -> gtk::Box {
                        set_orientation: gtk::Orientation::Vertical,
                        set_spacing: 6,
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let chosen = |ChosenAction(action)| CardSidebarInput::Chosen(action);
        let model = CardSidebar {
            table: None,
            spy: SpyShown::Nothing,
            offer: None,
            hand: FactoryVecDeque::builder()
                .launch(gtk::Box::default())
                .forward(sender.input_sender(), |output| match output {
                    HandOutput::Chosen(ChosenAction(action)) => CardSidebarInput::Chosen(action),
                    HandOutput::ToggleAdmiral => CardSidebarInput::ToggleAdmiral,
                    HandOutput::Aboard(armies) => CardSidebarInput::Aboard(armies),
                }),
            spied: FactoryVecDeque::builder()
                .launch(gtk::Box::default())
                .forward(sender.input_sender(), chosen),
            track: FactoryVecDeque::builder()
                .launch(gtk::Box::default())
                .detach(),
            reveals: FactoryVecDeque::builder()
                .launch(gtk::Box::default())
                .forward(sender.input_sender(), chosen),
            truces: FactoryVecDeque::builder()
                .launch(gtk::Box::default())
                .detach(),
            players: FactoryVecDeque::builder()
                .launch(gtk::Box::default())
                .detach(),
            offer_maker: OfferMaker::builder()
                .launch(())
                .forward(sender.input_sender(), chosen),
        };
        let offer_maker_widget = model.offer_maker.widget();
        let hand_box = model.hand.widget();
        let spied_box = model.spied.widget();
        let track_box = model.track.widget();
        let reveals_box = model.reveals.widget();
        let truces_box = model.truces.widget();
        let players_box = model.players.widget();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: CardSidebarInput, sender: ComponentSender<Self>) {
        match message {
            CardSidebarInput::Show(table) => self.show(table),
            CardSidebarInput::TradeSet => {
                if let Some(cards) = self.table.as_deref().and_then(territory_cards::offered_set) {
                    sender.input(CardSidebarInput::Chosen(Action::TradeCards { cards }));
                }
            }
            CardSidebarInput::ToggleAdmiral => {
                let _ = sender.output(CardSidebarOutput::ToggleAdmiral);
            }
            CardSidebarInput::Aboard(armies) => {
                let _ = sender.output(CardSidebarOutput::Aboard(armies));
            }
            CardSidebarInput::Chosen(action) => {
                if self
                    .table
                    .as_ref()
                    .is_some_and(|table| table.legal.allows(&action))
                {
                    let _ = sender.output(CardSidebarOutput::Act(action));
                }
            }
        }
    }
}

impl CardSidebar {
    /// Takes a new snapshot: every list is brought in line with it in place.
    fn show(&mut self, table: Arc<TableSnapshot>) {
        self.spy = spy_shown(&table);
        self.offer = offer_shown(&table);
        self.offer_maker.emit(OfferInput::Show(Arc::clone(&table)));
        let spied = match (&self.spy, table.view.spied_hand) {
            (SpyShown::Discard { .. }, Some((_, hand))) => {
                let cards = table.legal.choices.iter().find_map(|c| match c {
                    Choice::SpyDiscard { cards } => Some(cards.clone()),
                    _ => None,
                });
                hand.kinds()
                    .map(|card| SpiedCard {
                        card,
                        count: hand.count(card),
                        discardable: cards.as_ref().is_some_and(|c| c.contains(&card)),
                    })
                    .collect()
            }
            _ => Vec::new(),
        };
        keep_in_line(&mut self.spied, spied);
        let view = &table.view;
        let hand = view
            .hand
            .kinds()
            .map(|card| CardRowData {
                card,
                count: view.hand.count(card),
                play: PlayShown::new(card, &table),
                chosen: card == Card::Admiral && table.admiral_chosen,
                aboard: table
                    .admiral_aboard
                    .filter(|a| card == Card::Admiral && a.from.is_some())
                    .map(|a| (a.armies, a.most)),
                aboard_note: table
                    .admiral_aboard
                    .filter(|_| card == Card::Admiral)
                    .map_or_else(String::new, |a| aboard_note(&table, a)),
            })
            .collect();
        keep_in_line(&mut self.hand, hand);
        keep_in_line(
            &mut self.track,
            track_cells(view).into_iter().enumerate().collect(),
        );
        // Hidden armies worth nothing yet are not offered to be wasted: the text
        // above says what they are worth and when that changes.
        let reveals = match reveal_offer(&table.legal).filter(|(_, armies)| *armies > 0) {
            Some((territories, armies)) => territories
                .into_iter()
                .map(|territory| RevealData {
                    territory,
                    label: fill(
                        &gettext("Reveal in {territory} (+{n})"),
                        &[
                            ("territory", &territory_name(&table, territory)),
                            ("n", &armies),
                        ],
                    ),
                })
                .collect(),
            None => Vec::new(),
        };
        keep_in_line(&mut self.reveals, reveals);
        let truces = view
            .truces
            .iter()
            .map(|truce| TruceData {
                seats: (truce.seat, truce.target),
                markup: fill(
                    &gettext("{a} and {b}"),
                    &[
                        ("a", &seat_markup(&table, truce.seat)),
                        ("b", &seat_markup(&table, truce.target)),
                    ],
                ),
            })
            .collect();
        keep_in_line(&mut self.truces, truces);
        keep_in_line(&mut self.players, players(&table));
        self.table = Some(table);
    }

    /// Whether a Castle Risk game is shown (its hand of six kinds, its track).
    fn shows_castle_risk(&self) -> bool {
        self.table
            .as_deref()
            .is_some_and(|t| !territory_cards::is_classic(t))
    }

    fn holder_markup(&self) -> String {
        self.table
            .as_ref()
            .map_or_else(String::new, |t| seat_markup(t, t.view.seat))
    }

    fn spy_played_markup(&self) -> String {
        match &self.spy {
            SpyShown::Answer { spy, .. } => {
                fill(&gettext("{seat} plays a Spy on you."), &[("seat", spy)])
            }
            _ => String::new(),
        }
    }

    fn spied_hand_markup(&self) -> String {
        match &self.spy {
            SpyShown::Discard { target } => {
                fill(&gettext("The hand of {seat}:"), &[("seat", target)])
            }
            _ => String::new(),
        }
    }

    fn next_card_text(&self) -> String {
        let Some(table) = &self.table else {
            return String::new();
        };
        match table.view.track_values.get(table.view.track) {
            Some(value) => fill(
                &ngettext(
                    "The next card brings {n} army",
                    "The next card brings {n} armies",
                    *value,
                ),
                &[("n", value)],
            ),
            None => gettext("The track is full: Reinforcements bring nothing more"),
        }
    }

    /// Whether the hand shown is the seat's whole hand: its secrets are on screen, or
    /// it holds no card to keep from it.
    fn whole_hand_shown(&self) -> bool {
        self.table.as_ref().is_some_and(|t| !t.withheld.hand)
    }

    /// Under an empty hand: "No cards", or, when the seat holds cards the screen may
    /// not show yet, why they are not there.
    fn no_cards_text(&self) -> String {
        if self.table.as_ref().is_some_and(|t| t.withheld.hand) {
            gettext("Hidden until the next person takes the screen")
        } else {
            gettext("No cards")
        }
    }

    fn hidden_text(&self) -> String {
        let Some(table) = &self.table else {
            return String::new();
        };
        if table.withheld.hidden_armies {
            return gettext("Hidden until the next person takes the screen");
        }
        let view = &table.view;
        let left: Vec<_> = view.hidden_armies.iter().filter(|h| !h.revealed).collect();
        if left.is_empty() {
            let setting_up = view.turn_seat.is_none() && view.winner.is_none();
            return if setting_up {
                gettext("Their territory is chosen in secret at the end of setup")
            } else {
                gettext("None left")
            };
        }
        let places: Vec<String> = left
            .iter()
            .map(|h| territory_name(table, h.territory))
            .collect();
        if view.hidden_army_size == 0 {
            // Ruling 22: they bring the last Reinforcement card's number on the track.
            return fill(
                &gettext(
                    "In {places}; worth nothing until a Reinforcement card is played, then the last card's number",
                ),
                &[("places", &places.join(", "))],
            );
        }
        fill(
            &ngettext(
                "In {places}; worth {n} army now",
                "In {places}; worth {n} armies now",
                view.hidden_army_size,
            ),
            &[
                ("places", &places.join(", ")),
                ("n", &view.hidden_army_size),
            ],
        )
    }
}

/// What stays behind when the Admiral sails, as the move-in says it; before a coast is
/// chosen, to choose one.
fn aboard_note(table: &TableSnapshot, aboard: crate::app::session::Aboard) -> String {
    let Some(from) = aboard.from else {
        return gettext("Click the coast of yours to sail from");
    };
    let template = if from.castle {
        ngettext(
            "{n} stays in {territory}, guarding the castle; every army aboard that survives lands",
            "{n} stay in {territory}, guarding the castle; every army aboard that survives lands",
            from.stay,
        )
    } else {
        ngettext(
            "{n} stays in {territory}; every army aboard that survives lands",
            "{n} stay in {territory}; every army aboard that survives lands",
            from.stay,
        )
    };
    fill(
        &template,
        &[
            ("n", &from.stay),
            ("territory", &territory_name(table, from.coast)),
        ],
    )
}

/// The offer of cards the seat shown is asked to answer, if any.
fn offer_shown(table: &TableSnapshot) -> Option<OfferShown> {
    let accept = table.legal.choices.iter().find_map(|choice| match choice {
        Choice::AnswerOffer { accept } => Some(*accept),
        _ => None,
    })?;
    let Some(Decision::AnswerOffer { from, give, ask }) =
        table.view.pending.as_ref().map(|p| &p.decision)
    else {
        return None;
    };
    let markup = fill(
        &gettext("{seat} offers you {give} for {ask}."),
        &[
            ("seat", &seat_markup(table, *from)),
            ("give", &gtk::glib::markup_escape_text(&hand_list(give))),
            ("ask", &gtk::glib::markup_escape_text(&hand_list(ask))),
        ],
    );
    Some(OfferShown { markup, accept })
}

/// The cards of a hand in words ("Spy, Marshall ×2"), or "nothing".
fn hand_list(hand: &Hand) -> String {
    if hand.is_empty() {
        return gettext("nothing");
    }
    hand.kinds()
        .map(|card| card_title(card, hand.count(card)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What the Spy asks of the seat shown.
fn spy_shown(table: &TableSnapshot) -> SpyShown {
    for choice in &table.legal.choices {
        match choice {
            Choice::AnswerSpy { counter } => {
                let spy = match table.view.pending.as_ref().map(|p| &p.decision) {
                    Some(Decision::AnswerSpy { spy }) => *spy,
                    _ => Seat(0),
                };
                return SpyShown::Answer {
                    spy: seat_markup(table, spy),
                    counter: *counter,
                };
            }
            Choice::SpyDiscard { .. } => {
                if let Some((target, _)) = table.view.spied_hand {
                    return SpyShown::Discard {
                        target: seat_markup(table, target),
                    };
                }
            }
            _ => {}
        }
    }
    SpyShown::Nothing
}

/// The other seats, each with its hand size and banners.
fn players(table: &TableSnapshot) -> Vec<PlayerData> {
    let view = &table.view;
    let board = &table.board;
    // Everyone at the table, the seat whose turn it is marked: a list of the others
    // only left a two-person game showing one player.
    view.seats
        .iter()
        .map(|summary| {
            let mut facts = Vec::new();
            if view.turn_seat == Some(summary.seat) {
                facts.push(gettext("their turn"));
            }
            if summary.eliminated {
                facts.push(gettext("out of the game"));
            } else {
                let cards = summary.hand_size;
                facts.push(fill(
                    &ngettext("{n} card", "{n} cards", cards as u32),
                    &[("n", &cards)],
                ));
            }
            if let Some(empire) = summary.empire {
                facts.push(fill(
                    &gettext("banner: {empire}"),
                    &[("empire", &translated(board.group(empire).name.as_str()))],
                ));
            }
            if !summary.captured_banners.is_empty() {
                let names: Vec<String> = summary
                    .captured_banners
                    .iter()
                    .map(|&g| translated(board.group(g).name.as_str()))
                    .collect();
                facts.push(fill(
                    &gettext("captured: {banners}"),
                    &[("banners", &names.join(", "))],
                ));
            }
            PlayerData {
                seat: summary.seat,
                markup: format!(
                    "{}\n<small>{}</small>",
                    seat_markup(table, summary.seat),
                    gtk::glib::markup_escape_text(&facts.join(" · "))
                ),
            }
        })
        .collect()
}

fn territory_name(table: &TableSnapshot, territory: TerritoryId) -> String {
    translated(table.board.territory(territory).name.as_str())
}

/// What a row's control chose; the sidebar sends it on if `legal` allows it.
#[derive(Debug)]
pub struct ChosenAction(Action);

/// A card's name, with how many when more than one.
fn card_title(card: Card, count: u8) -> String {
    if count > 1 {
        fill(
            &gettext("{card} ×{count}"),
            &[("card", &card_name(card)), ("count", &count)],
        )
    } else {
        card_name(card)
    }
}

#[cfg(test)]
mod tests;
