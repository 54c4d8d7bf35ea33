//! The card sidebar: the deciding seat's hand with a Play control per card, the
//! reinforcement track, hidden armies, truces, the other seats, and the Spy's
//! decisions. What may be played is read by `decisions::CardPlay`; the card pictures
//! and reminders are `card_art`'s.

use std::rc::Rc;

use castellan_engine::game::{Action, Card, Choice, Decision, Route, Seat};
use gettextrs::{gettext, ngettext};
use relm4::gtk::{self, prelude::*};
use relm4::prelude::*;

use super::battle_panel::seat_markup;
use super::card_art::{card_name, card_reminder, draw_card};
use super::decisions::{CardPlay, reinforcement_armies, reveal_offer, track_cells};
use super::table::TableSnapshot;

/// Size of a card picture, in pixels.
const CARD_WIDTH: i32 = 40;
const CARD_HEIGHT: i32 = 56;

/// The sidebar's state: the snapshot shown, and the box its sections are built in.
pub struct CardSidebar {
    table: Option<Rc<TableSnapshot>>,
    content: gtk::Box,
}

/// Messages to the sidebar.
pub enum CardSidebarInput {
    /// Shows the decision at hand.
    Show(Rc<TableSnapshot>),
    /// A control chose this action; sent on if `legal` allows it.
    Chosen(Action),
}

impl std::fmt::Debug for CardSidebarInput {
    // By hand, because the snapshot (a whole board and view) is not worth printing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CardSidebarInput::Show(_) => f.write_str("Show(…)"),
            CardSidebarInput::Chosen(action) => write!(f, "Chosen({action:?})"),
        }
    }
}

/// What the sidebar asks of the window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardSidebarOutput {
    /// An action of the pending seat, allowed by `legal` (an Admiral's attack by sea
    /// included, once route and armies are chosen).
    Act(Action),
}

impl SimpleComponent for CardSidebar {
    type Init = ();
    type Input = CardSidebarInput;
    type Output = CardSidebarOutput;
    type Root = gtk::ScrolledWindow;
    type Widgets = ();

    fn init_root() -> gtk::ScrolledWindow {
        gtk::ScrolledWindow::builder()
            .hscrollbar_policy(gtk::PolicyType::Never)
            .min_content_width(300)
            .build()
    }

    fn init(
        _: (),
        root: gtk::ScrolledWindow,
        _sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        let content = gtk::Box::builder()
            .orientation(gtk::Orientation::Vertical)
            .spacing(12)
            .margin_top(12)
            .margin_bottom(12)
            .margin_start(12)
            .margin_end(12)
            .build();
        content.append(&dim_label(&gettext("No game in progress")));
        root.set_child(Some(&content));
        ComponentParts {
            model: CardSidebar {
                table: None,
                content,
            },
            widgets: (),
        }
    }

    fn update(&mut self, message: CardSidebarInput, sender: ComponentSender<Self>) {
        match message {
            CardSidebarInput::Show(table) => {
                rebuild(&self.content, &table, &sender);
                self.table = Some(table);
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

/// Replaces the sections with those of `table`. The sidebar is small and changes
/// shape with every decision (cards come and go), so it is rebuilt rather than patched.
fn rebuild(content: &gtk::Box, table: &TableSnapshot, sender: &ComponentSender<CardSidebar>) {
    while let Some(child) = content.first_child() {
        content.remove(&child);
    }
    if let Some(spy) = spy_section(table, sender) {
        content.append(&spy);
    }
    content.append(&hand_section(table, sender));
    content.append(&track_section(table));
    if table.hidden_armies_in_play {
        content.append(&hidden_section(table, sender));
    }
    if !table.view.truces.is_empty() {
        content.append(&truces_section(table));
    }
    content.append(&seats_section(table));
}

/// The Spy's decisions: the target answers, or the spy picks a card to discard.
fn spy_section(table: &TableSnapshot, sender: &ComponentSender<CardSidebar>) -> Option<gtk::Box> {
    let view = &table.view;
    for choice in &table.legal.choices {
        match choice {
            Choice::AnswerSpy { counter } => {
                let section = section(&gettext("A Spy!"));
                let spy = match view.pending.as_ref().map(|p| &p.decision) {
                    Some(Decision::AnswerSpy { spy }) => *spy,
                    _ => Seat(0),
                };
                section.append(&markup_label(
                    &gettext("{seat} plays a Spy on you.")
                        .replace("{seat}", &seat_markup(table, spy)),
                ));
                let row = gtk::Box::new(gtk::Orientation::Horizontal, 6);
                let answer = chosen_button(
                    &gettext("Answer with a Spy"),
                    "answer-spy-counter",
                    Action::AnswerSpy { counter: true },
                    sender,
                );
                answer.set_sensitive(*counter);
                row.append(&answer);
                row.append(&chosen_button(
                    &gettext("Let Them See"),
                    "answer-spy-let",
                    Action::AnswerSpy { counter: false },
                    sender,
                ));
                section.append(&row);
                return Some(section);
            }
            Choice::SpyDiscard { cards } => {
                let Some((target, hand)) = view.spied_hand else {
                    continue;
                };
                let section = section(&gettext("Discard a Card"));
                section.append(&markup_label(
                    &gettext("The hand of {seat}:").replace("{seat}", &seat_markup(table, target)),
                ));
                for card in hand.kinds() {
                    let discard = chosen_button(
                        &gettext("Discard"),
                        &format!("discard-{}", card.index()),
                        Action::SpyDiscard { card },
                        sender,
                    );
                    discard.set_sensitive(cards.contains(&card));
                    section.append(&card_row(card, hand.count(card), discard.upcast()));
                }
                return Some(section);
            }
            _ => {}
        }
    }
    None
}

/// The hand, one row per kind of card, each with its Play control.
fn hand_section(table: &TableSnapshot, sender: &ComponentSender<CardSidebar>) -> gtk::Box {
    let view = &table.view;
    let section = section(&gettext("Cards"));
    section.append(&markup_label(&seat_markup(table, view.seat)));
    if view.hand.is_empty() {
        section.append(&dim_label(&gettext("No cards")));
    }
    for card in view.hand.kinds() {
        let play = play_control(card, CardPlay::for_card(card, &table.legal), table, sender);
        section.append(&card_row(card, view.hand.count(card), play));
    }
    section
}

/// A card: its picture, name (and count), reminder, and a control at the end.
fn card_row(card: Card, count: u8, control: gtk::Widget) -> gtk::Box {
    let row = gtk::Box::new(gtk::Orientation::Horizontal, 8);
    let picture = gtk::DrawingArea::builder()
        .content_width(CARD_WIDTH)
        .content_height(CARD_HEIGHT)
        .valign(gtk::Align::Start)
        .build();
    picture.set_draw_func(move |_, cr, width, height| {
        // A failed Cairo call only loses this frame; the next draw tries again.
        let _ = draw_card(cr, card, f64::from(width), f64::from(height));
    });
    row.append(&picture);
    let text = gtk::Box::new(gtk::Orientation::Vertical, 2);
    text.set_hexpand(true);
    let name = if count > 1 {
        gettext("{card} ×{count}")
            .replace("{card}", &card_name(card))
            .replace("{count}", &count.to_string())
    } else {
        card_name(card)
    };
    text.append(
        &gtk::Label::builder()
            .label(name)
            .xalign(0.0)
            .css_classes(["heading"])
            .build(),
    );
    text.append(
        &gtk::Label::builder()
            .label(card_reminder(card))
            .xalign(0.0)
            .wrap(true)
            .max_width_chars(28)
            .css_classes(["caption", "dim-label"])
            .build(),
    );
    control.set_valign(gtk::Align::Center);
    text.append(&control);
    row.append(&text);
    row
}

/// The control that plays a card, enabled exactly as `play` allows.
fn play_control(
    card: Card,
    play: CardPlay,
    table: &TableSnapshot,
    sender: &ComponentSender<CardSidebar>,
) -> gtk::Widget {
    match play {
        CardPlay::Reinforcements { max_cards } => reinforcements_control(max_cards, table, sender),
        CardPlay::Diplomat { targets } => {
            targets_control("play-diplomat", &targets, table, sender, |target| {
                Action::PlayDiplomat { target }
            })
        }
        CardPlay::Spy { targets } => {
            targets_control("play-spy", &targets, table, sender, |target| {
                Action::PlaySpy { target }
            })
        }
        CardPlay::Admiral { routes } => admiral_control(&routes, table, sender),
        CardPlay::InBattle => {
            let label = match card {
                Card::Marshall => gettext("Committed when you defend"),
                _ => gettext("Committed when you roll"),
            };
            dim_label(&label).upcast()
        }
        CardPlay::Unavailable => {
            let button = gtk::Button::with_label(&gettext("Play"));
            button.set_widget_name(&format!("play-{}", card_slug(card)));
            button.set_sensitive(false);
            button.set_halign(gtk::Align::Start);
            button.upcast()
        }
    }
}

/// How many Reinforcement cards, what they bring, and Play.
fn reinforcements_control(
    max_cards: u8,
    table: &TableSnapshot,
    sender: &ComponentSender<CardSidebar>,
) -> gtk::Widget {
    let row = gtk::Box::new(gtk::Orientation::Horizontal, 6);
    let cards = gtk::SpinButton::with_range(1.0, f64::from(max_cards), 1.0);
    cards.set_widget_name("reinforcement-cards");
    cards.set_value(f64::from(max_cards));
    let armies = gtk::Label::new(None);
    let view = table.view.clone();
    let describe = move |spin: &gtk::SpinButton| {
        let n = spin.value_as_int().clamp(1, 255) as u8;
        let armies = reinforcement_armies(&view, n);
        ngettext("+{armies} army", "+{armies} armies", armies)
            .replace("{armies}", &armies.to_string())
    };
    armies.set_label(&describe(&cards));
    let shown = armies.clone();
    cards.connect_value_changed(move |spin| shown.set_label(&describe(spin)));
    let play = gtk::Button::with_label(&gettext("Play"));
    play.set_widget_name("play-reinforcements");
    play.add_css_class("suggested-action");
    let s = sender.clone();
    let spin = cards.clone();
    play.connect_clicked(move |_| {
        let cards = spin.value_as_int().clamp(1, 255) as u8;
        s.input(CardSidebarInput::Chosen(Action::PlayReinforcements {
            cards,
        }));
    });
    row.append(&cards);
    row.append(&armies);
    row.append(&play);
    row.upcast()
}

/// "Play…" opening a list of the seats the card may target.
fn targets_control(
    name: &str,
    targets: &[Seat],
    table: &TableSnapshot,
    sender: &ComponentSender<CardSidebar>,
    action: fn(Seat) -> Action,
) -> gtk::Widget {
    let list = gtk::Box::new(gtk::Orientation::Vertical, 4);
    let popover = gtk::Popover::builder().child(&list).build();
    for &target in targets {
        let label = gtk::Label::builder()
            .label(seat_markup(table, target))
            .use_markup(true)
            .build();
        let button = gtk::Button::builder()
            .child(&label)
            .css_classes(["flat"])
            .build();
        button.set_widget_name(&format!("{name}-{}", target.0));
        let s = sender.clone();
        let p = popover.clone();
        button.connect_clicked(move |_| {
            p.popdown();
            s.input(CardSidebarInput::Chosen(action(target)));
        });
        list.append(&button);
    }
    let menu = gtk::MenuButton::builder()
        .label(gettext("Play…"))
        .popover(&popover)
        .halign(gtk::Align::Start)
        .build();
    menu.set_widget_name(name);
    menu.set_sensitive(!targets.is_empty());
    menu.upcast()
}

/// "Attack by Sea…" opening a choice of route and armies aboard.
fn admiral_control(
    routes: &[Route],
    table: &TableSnapshot,
    sender: &ComponentSender<CardSidebar>,
) -> gtk::Widget {
    let board = &table.board;
    let name = |t| gettext(board.territory(t).name.as_str());
    let labels: Vec<String> = routes
        .iter()
        .map(|r| {
            gettext("{from} → {to}")
                .replace("{from}", &name(r.from))
                .replace("{to}", &name(r.to))
        })
        .collect();
    let label_refs: Vec<&str> = labels.iter().map(String::as_str).collect();
    let route_list = gtk::DropDown::from_strings(&label_refs);
    route_list.set_widget_name("admiral-route");
    let armies = gtk::SpinButton::with_range(1.0, 1.0, 1.0);
    armies.set_widget_name("admiral-armies");
    let fit_armies = {
        let routes = routes.to_vec();
        let armies = armies.clone();
        move |list: &gtk::DropDown| {
            if let Some(route) = routes.get(list.selected() as usize) {
                let most = f64::from(route.max_armies.max(1));
                armies.set_range(1.0, most);
                armies.set_value(most);
            }
        }
    };
    fit_armies(&route_list);
    route_list.connect_selected_notify(fit_armies);

    let attack = gtk::Button::with_label(&gettext("Attack"));
    attack.set_widget_name("admiral-attack");
    attack.add_css_class("suggested-action");
    let popover_box = gtk::Box::new(gtk::Orientation::Vertical, 6);
    let popover = gtk::Popover::builder().child(&popover_box).build();
    {
        let routes = routes.to_vec();
        let list = route_list.clone();
        let armies = armies.clone();
        let s = sender.clone();
        let p = popover.clone();
        attack.connect_clicked(move |_| {
            if let Some(route) = routes.get(list.selected() as usize) {
                p.popdown();
                s.input(CardSidebarInput::Chosen(Action::AdmiralAttack {
                    from: route.from,
                    to: route.to,
                    armies: armies.value_as_int().max(1) as u32,
                }));
            }
        });
    }
    popover_box.append(&gtk::Label::new(Some(&gettext("Route"))));
    popover_box.append(&route_list);
    popover_box.append(&gtk::Label::new(Some(&gettext("Armies aboard"))));
    popover_box.append(&armies);
    popover_box.append(&attack);
    let menu = gtk::MenuButton::builder()
        .label(gettext("Attack by Sea…"))
        .popover(&popover)
        .halign(gtk::Align::Start)
        .build();
    menu.set_widget_name("play-admiral");
    menu.set_sensitive(!routes.is_empty());
    menu.upcast()
}

/// The reinforcement track, played numbers struck out and the next one marked.
fn track_section(table: &TableSnapshot) -> gtk::Box {
    let view = &table.view;
    let section = section(&gettext("Reinforcement Track"));
    let numbers: Vec<String> = track_cells(view)
        .iter()
        .map(|cell| {
            if cell.played {
                format!("<s><span alpha=\"50%\">{}</span></s>", cell.value)
            } else if cell.next {
                format!("<b><u>{}</u></b>", cell.value)
            } else {
                cell.value.to_string()
            }
        })
        .collect();
    let track = markup_label(&numbers.join("  "));
    track.set_widget_name("track");
    section.append(&track);
    let next = match view.track_values.get(view.track) {
        Some(value) => ngettext(
            "The next card brings {n} army",
            "The next card brings {n} armies",
            *value,
        )
        .replace("{n}", &value.to_string()),
        None => gettext("The track is full: Reinforcements bring nothing more"),
    };
    section.append(&dim_label(&next));
    section
}

/// The seat's hidden armies: how many, where, what they bring, and Reveal.
fn hidden_section(table: &TableSnapshot, sender: &ComponentSender<CardSidebar>) -> gtk::Box {
    let view = &table.view;
    let section = section(&gettext("Hidden Armies"));
    let left: Vec<_> = view.hidden_armies.iter().filter(|h| !h.revealed).collect();
    if left.is_empty() {
        let setting_up = view.turn_seat.is_none() && view.winner.is_none();
        section.append(&dim_label(&if setting_up {
            gettext("Their territory is chosen in secret at the end of setup")
        } else {
            gettext("None left")
        }));
        return section;
    }
    let board = &table.board;
    let places: Vec<String> = left
        .iter()
        .map(|h| gettext(board.territory(h.territory).name.as_str()))
        .collect();
    section.append(&dim_label(
        &gettext("In {places}; worth {n} armies now")
            .replace("{places}", &places.join(", "))
            .replace("{n}", &view.hidden_army_size.to_string()),
    ));
    if let Some((territories, armies)) = reveal_offer(&table.legal) {
        for territory in territories {
            let label = gettext("Reveal in {territory} (+{n})")
                .replace(
                    "{territory}",
                    &gettext(board.territory(territory).name.as_str()),
                )
                .replace("{n}", &armies.to_string());
            let button = chosen_button(
                &label,
                &format!("reveal-{}", territory.index()),
                Action::RevealHiddenArmies { territory },
                sender,
            );
            button.set_halign(gtk::Align::Start);
            section.append(&button);
        }
    }
    section
}

/// The truces in force.
fn truces_section(table: &TableSnapshot) -> gtk::Box {
    let section = section(&gettext("Truces"));
    for truce in &table.view.truces {
        section.append(&markup_label(
            &gettext("{a} and {b}")
                .replace("{a}", &seat_markup(table, truce.seat))
                .replace("{b}", &seat_markup(table, truce.target)),
        ));
    }
    section
}

/// The other seats: hand sizes and banners.
fn seats_section(table: &TableSnapshot) -> gtk::Box {
    let view = &table.view;
    let board = &table.board;
    let section = section(&gettext("Players"));
    for summary in view.seats.iter().filter(|s| s.seat != view.seat) {
        let mut facts = Vec::new();
        if summary.eliminated {
            facts.push(gettext("out of the game"));
        } else {
            let cards = summary.hand_size;
            facts.push(
                ngettext("{n} card", "{n} cards", cards as u32).replace("{n}", &cards.to_string()),
            );
        }
        if let Some(empire) = summary.empire {
            facts.push(
                gettext("banner: {empire}")
                    .replace("{empire}", &gettext(board.group(empire).name.as_str())),
            );
        }
        if !summary.captured_banners.is_empty() {
            let names: Vec<String> = summary
                .captured_banners
                .iter()
                .map(|&g| gettext(board.group(g).name.as_str()))
                .collect();
            facts.push(gettext("captured: {banners}").replace("{banners}", &names.join(", ")));
        }
        let label = markup_label(&format!(
            "{}\n<small>{}</small>",
            seat_markup(table, summary.seat),
            gtk::glib::markup_escape_text(&facts.join(" · "))
        ));
        label.set_widget_name(&format!("seat-{}", summary.seat.0));
        section.append(&label);
    }
    section
}

/// A titled section.
fn section(title: &str) -> gtk::Box {
    let section = gtk::Box::new(gtk::Orientation::Vertical, 6);
    section.append(
        &gtk::Label::builder()
            .label(title)
            .xalign(0.0)
            .css_classes(["title-4"])
            .build(),
    );
    section
}

fn markup_label(markup: &str) -> gtk::Label {
    gtk::Label::builder()
        .label(markup)
        .use_markup(true)
        .xalign(0.0)
        .wrap(true)
        .build()
}

fn dim_label(text: &str) -> gtk::Label {
    gtk::Label::builder()
        .label(text)
        .xalign(0.0)
        .wrap(true)
        .css_classes(["dim-label"])
        .build()
}

/// A button that chooses `action`.
fn chosen_button(
    label: &str,
    name: &str,
    action: Action,
    sender: &ComponentSender<CardSidebar>,
) -> gtk::Button {
    let button = gtk::Button::with_label(label);
    button.set_widget_name(name);
    let s = sender.clone();
    button.connect_clicked(move |_| s.input(CardSidebarInput::Chosen(action.clone())));
    button
}

/// The card's name in widget names ("play-diplomat").
fn card_slug(card: Card) -> &'static str {
    match card {
        Card::Reinforcements => "reinforcements",
        Card::Diplomat => "diplomat",
        Card::Spy => "spy",
        Card::General => "general",
        Card::Marshall => "marshall",
        Card::Admiral => "admiral",
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use super::*;
    use crate::app::decisions::CardPlay;
    use crate::app::panel_testing::{game_until, named, pending_matches, settle, snapshot};

    fn launch() -> (Controller<CardSidebar>, Rc<RefCell<Vec<CardSidebarOutput>>>) {
        let outputs = Rc::new(RefCell::new(Vec::new()));
        let sent = Rc::clone(&outputs);
        let controller = CardSidebar::builder()
            .launch(())
            .connect_receiver(move |_, output| sent.borrow_mut().push(output));
        (controller, outputs)
    }

    #[gtk::test]
    fn reinforcements_play_with_the_legal_count_and_show_their_armies() {
        let game = game_until(2, |g| {
            g.legal_actions()
                .choices
                .iter()
                .any(|c| matches!(c, Choice::PlayReinforcements { .. }))
        });
        let table = Rc::new(snapshot(&game));
        let CardPlay::Reinforcements { max_cards } =
            CardPlay::for_card(Card::Reinforcements, &table.legal)
        else {
            unreachable!()
        };
        let (sidebar, outputs) = launch();
        sidebar.emit(CardSidebarInput::Show(Rc::clone(&table)));
        settle();
        let root = sidebar.widget();
        let spin = named(root, "reinforcement-cards")
            .downcast::<gtk::SpinButton>()
            .unwrap();
        assert_eq!(spin.range(), (1.0, f64::from(max_cards)));
        assert!(named(root, "play-reinforcements").is_sensitive());
        named(root, "play-reinforcements")
            .downcast::<gtk::Button>()
            .unwrap()
            .emit_clicked();
        settle();
        assert_eq!(
            *outputs.borrow(),
            [CardSidebarOutput::Act(Action::PlayReinforcements {
                cards: max_cards
            })]
        );
        // Every other seat is listed.
        for seat in game.seat_ids().filter(|&s| Some(s) != table.legal.seat) {
            named(root, &format!("seat-{}", seat.0));
        }
        // The track strikes out exactly the played numbers.
        let track = named(root, "track").downcast::<gtk::Label>().unwrap();
        assert_eq!(track.label().matches("<s>").count(), table.view.track);
    }

    #[gtk::test]
    fn cards_are_not_playable_during_anothers_decision() {
        // While a defender decides, no card of its hand can be played from here.
        let game = game_until(5, |g| {
            pending_matches(g, |d| {
                matches!(d, castellan_engine::game::Decision::Defend { .. })
            }) && g.hand(g.pending_seat().unwrap()).has(Card::Reinforcements)
        });
        let table = Rc::new(snapshot(&game));
        let (sidebar, outputs) = launch();
        sidebar.emit(CardSidebarInput::Show(Rc::clone(&table)));
        settle();
        let play = named(sidebar.widget(), "play-reinforcements");
        assert!(!play.is_sensitive());
        // A forged choice is refused: the sidebar sends only what `legal` allows.
        sidebar.emit(CardSidebarInput::Chosen(Action::PlayReinforcements {
            cards: 1,
        }));
        settle();
        assert!(outputs.borrow().is_empty());
    }

    #[gtk::test]
    fn the_spy_discards_only_from_the_legal_cards() {
        let game = game_until(9, |g| {
            g.legal_actions()
                .choices
                .iter()
                .any(|c| matches!(c, Choice::SpyDiscard { .. }))
        });
        let table = Rc::new(snapshot(&game));
        let Some(Choice::SpyDiscard { cards }) = table.legal.choices.first().cloned() else {
            unreachable!()
        };
        let (sidebar, outputs) = launch();
        sidebar.emit(CardSidebarInput::Show(Rc::clone(&table)));
        settle();
        for card in &cards {
            assert!(named(sidebar.widget(), &format!("discard-{}", card.index())).is_sensitive());
        }
        named(sidebar.widget(), &format!("discard-{}", cards[0].index()))
            .downcast::<gtk::Button>()
            .unwrap()
            .emit_clicked();
        settle();
        assert_eq!(
            *outputs.borrow(),
            [CardSidebarOutput::Act(Action::SpyDiscard {
                card: cards[0]
            })]
        );
    }
}
