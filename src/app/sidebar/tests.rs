//! The sidebar's tests: what it offers follows the legal actions, and only they are sent.

use std::cell::RefCell;
use std::rc::Rc;

use super::*;
use crate::app::decisions::CardPlay;
use crate::app::panel_testing::{
    game_until, named, pending_matches, settle, settle_until, snapshot,
};

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
    let table = Arc::new(snapshot(&game));
    let CardPlay::Reinforcements { max_cards } =
        CardPlay::for_card(Card::Reinforcements, &table.legal)
    else {
        unreachable!()
    };
    let (sidebar, outputs) = launch();
    sidebar.emit(CardSidebarInput::Show(Arc::clone(&table)));
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
    settle_until(|| !outputs.borrow().is_empty());
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
    let track = named(root, "track");
    let mut struck = 0;
    let mut number = track.first_child();
    while let Some(label) = number {
        let label = label.downcast::<gtk::Label>().expect("a number");
        struck += label.label().matches("<s>").count();
        number = label.next_sibling();
    }
    assert_eq!(struck, table.view.track);
}

#[gtk::test]
fn cards_are_not_playable_during_anothers_decision() {
    // While a defender decides, no card of its hand can be played from here.
    let game = game_until(5, |g| {
        pending_matches(g, |d| {
            matches!(d, castellan_engine::game::Decision::Defend { .. })
        }) && g.hand(g.pending_seat().unwrap()).has(Card::Reinforcements)
    });
    let table = Arc::new(snapshot(&game));
    let (sidebar, outputs) = launch();
    sidebar.emit(CardSidebarInput::Show(Arc::clone(&table)));
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
    let table = Arc::new(snapshot(&game));
    let Some(Choice::SpyDiscard { cards }) = table.legal.choices.first().cloned() else {
        unreachable!()
    };
    let (sidebar, outputs) = launch();
    sidebar.emit(CardSidebarInput::Show(Arc::clone(&table)));
    settle();
    for card in &cards {
        assert!(named(sidebar.widget(), &format!("discard-{}", card.index())).is_sensitive());
    }
    named(sidebar.widget(), &format!("discard-{}", cards[0].index()))
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle_until(|| !outputs.borrow().is_empty());
    assert_eq!(
        *outputs.borrow(),
        [CardSidebarOutput::Act(Action::SpyDiscard {
            card: cards[0]
        })]
    );
}

#[gtk::test]
fn an_offer_of_cards_is_made_from_the_legal_choice_ruling_25() {
    let game = game_until(3, |g| {
        g.legal_actions().choices.iter().any(
            |c| matches!(c, Choice::OfferCards { targets, cards } if !targets.is_empty() && !cards.is_empty()),
        )
    });
    let table = Arc::new(snapshot(&game));
    let Some((targets, cards)) = table.legal.choices.iter().find_map(|c| match c {
        Choice::OfferCards { targets, cards } => Some((targets.clone(), *cards)),
        _ => None,
    }) else {
        unreachable!()
    };
    let (sidebar, outputs) = launch();
    sidebar.emit(CardSidebarInput::Show(Arc::clone(&table)));
    settle();
    let root = sidebar.widget();
    let expander = named(root, "offer-cards")
        .downcast::<gtk::Expander>()
        .unwrap();
    assert!(expander.is_visible());
    // Folded until wanted: the hand stays the sidebar's first concern.
    assert!(!expander.is_expanded());
    expander.set_expanded(true);
    settle();
    let send = named(root, "offer-send");
    // Nothing for nothing is no offer.
    assert!(!send.is_sensitive());
    let card = cards.kinds().next().unwrap();
    let give = named(root, &format!("offer-give-{}", card.index()))
        .downcast::<gtk::SpinButton>()
        .unwrap();
    // At most the cards held of that kind may be given.
    assert_eq!(give.range(), (0.0, f64::from(cards.count(card))));
    give.set_value(1.0);
    settle();
    assert!(send.is_sensitive());
    send.downcast::<gtk::Button>().unwrap().emit_clicked();
    settle_until(|| !outputs.borrow().is_empty());
    let mut given = Hand::new();
    given.add(card);
    assert_eq!(
        *outputs.borrow(),
        [CardSidebarOutput::Act(Action::OfferCards {
            target: targets[0],
            give: given,
            ask: Hand::new(),
        })]
    );
    // Sent, the offer starts again from nothing.
    settle();
    assert_eq!(give.value(), 0.0);
}

#[gtk::test]
fn no_offer_can_be_made_during_an_attack() {
    let game = game_until(5, |g| {
        pending_matches(g, |d| {
            matches!(d, castellan_engine::game::Decision::Defend { .. })
        })
    });
    let (sidebar, _outputs) = launch();
    sidebar.emit(CardSidebarInput::Show(Arc::new(snapshot(&game))));
    settle();
    assert!(!named(sidebar.widget(), "offer-cards").is_visible());
}

#[gtk::test]
fn hidden_armies_worth_nothing_are_not_offered_to_be_wasted() {
    let offered = |g: &castellan_engine::game::Game| {
        crate::app::decisions::reveal_offer(&g.legal_actions()).map(|(_, armies)| armies)
    };
    // Before any Reinforcement card is played they bring nothing (ruling 22).
    let game = game_until(2, |g| offered(g) == Some(0));
    let (sidebar, _) = launch();
    sidebar.emit(CardSidebarInput::Show(Arc::new(snapshot(&game))));
    settle();
    let root = sidebar.widget();
    assert!(!named(root, "reveals").is_visible(), "no Reveal (+0)");
    let text = named(root, "hidden-armies")
        .downcast::<gtk::Label>()
        .unwrap()
        .text();
    assert!(
        text.contains("worth nothing until a Reinforcement card is played"),
        "{text}"
    );
    // Worth something, they are offered with what they bring.
    let game = game_until(2, |g| offered(g).is_some_and(|armies| armies > 0));
    sidebar.emit(CardSidebarInput::Show(Arc::new(snapshot(&game))));
    settle();
    assert!(named(root, "reveals").is_visible());
    let armies = offered(&game).unwrap();
    let button = named(root, "reveals")
        .first_child()
        .unwrap()
        .downcast::<gtk::Button>()
        .unwrap();
    assert!(button.label().unwrap().ends_with(&format!("(+{armies})")));
}
