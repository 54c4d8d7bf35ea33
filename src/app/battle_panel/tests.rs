//! The battle panel's tests: its controls follow the decision at hand, and it sends
//! only what the legal actions allow.

use std::cell::RefCell;
use std::rc::Rc;

use castellan_engine::game::{AttackEnd, Decision, Seat};

use crate::app::decisions::Committing;

use super::*;
use crate::app::panel_testing::{
    game_until, named, pending_matches, save_window_png, settle, snapshot,
};

/// A launched panel and the outputs it sent.
fn launch() -> (Controller<BattlePanel>, Rc<RefCell<Vec<BattlePanelOutput>>>) {
    let outputs = Rc::new(RefCell::new(Vec::new()));
    let sent = Rc::clone(&outputs);
    let controller = BattlePanel::builder()
        .launch(())
        .connect_receiver(move |_, output| sent.borrow_mut().push(output));
    (controller, outputs)
}

fn sensitive(root: &gtk::Box, name: &str) -> bool {
    named(root, name).is_sensitive()
}

#[gtk::test]
fn attacker_controls_follow_the_roll_decision() {
    let game = game_until(3, |g| {
        pending_matches(g, |d| matches!(d, Decision::Roll { .. }))
    });
    let table = Arc::new(snapshot(&game));
    let Some(castellan_engine::game::Choice::Roll {
        min_dice,
        max_dice,
        general,
    }) = table.legal.choices.first().cloned()
    else {
        panic!("a roll is offered first");
    };
    let (panel, outputs) = launch();
    panel.emit(BattlePanelInput::Show(Arc::clone(&table)));
    settle();
    let root = panel.widget();
    assert!(named(root, "roll-once").is_visible());
    assert!(!named(root, "defend").is_mapped());
    for dice in 1..=3u8 {
        let name = format!("attack-dice-{dice}");
        assert_eq!(
            sensitive(root, &name),
            (min_dice..=max_dice).contains(&dice),
            "{name}"
        );
        let toggle = named(root, &name).downcast::<gtk::ToggleButton>().unwrap();
        assert_eq!(toggle.is_active(), dice == max_dice, "most dice by default");
    }
    assert_eq!(sensitive(root, "general"), general);
    assert_eq!(
        sensitive(root, "stop"),
        table.legal.allows(&Action::StopAttack)
    );
    assert!(sensitive(root, "roll-once") && sensitive(root, "roll-until"));

    named(root, "roll-once")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    named(root, "roll-until")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle();
    assert_eq!(
        *outputs.borrow(),
        [
            BattlePanelOutput::Act(Action::Roll {
                dice: max_dice,
                general: false
            }),
            BattlePanelOutput::RollUntilDecided {
                dice: max_dice,
                general: false
            }
        ]
    );
}

#[gtk::test]
fn defender_controls_follow_the_defend_decision() {
    let game = game_until(5, |g| {
        pending_matches(g, |d| matches!(d, Decision::Defend { .. }))
    });
    let table = Arc::new(snapshot(&game));
    let (panel, outputs) = launch();
    panel.emit(BattlePanelInput::Show(Arc::clone(&table)));
    settle();
    let root = panel.widget();
    let BattleStage::Defend(offer) = BattleStage::from_snapshot(&table) else {
        unreachable!()
    };
    assert!(named(root, "defend").is_visible());
    assert!(!named(root, "roll-once").is_mapped());
    assert_eq!(sensitive(root, "defend-dice-2"), offer.max_dice >= 2);
    assert_eq!(sensitive(root, "marshall"), offer.marshall_available);
    assert_eq!(named(root, "reveal").is_visible(), offer.reveal.is_some());
    named(root, "defend")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle();
    let expected = Action::Defend {
        dice: offer.max_dice,
        marshall: false,
    };
    assert!(table.legal.allows(&expected));
    assert_eq!(*outputs.borrow(), [BattlePanelOutput::Act(expected)]);
}

#[gtk::test]
fn move_in_offers_the_legal_range() {
    let game = game_until(11, |g| {
        pending_matches(g, |d| matches!(d, Decision::MoveIn { .. }))
    });
    let table = Arc::new(snapshot(&game));
    let Some(Decision::MoveIn { min, max, .. }) = game.pending().map(|p| p.decision) else {
        unreachable!()
    };
    let (panel, outputs) = launch();
    panel.emit(BattlePanelInput::Show(table));
    panel.emit(BattlePanelInput::ShowRoll {
        attacker: vec![6, 5],
        defender: vec![2],
        attacker_losses: 0,
        defender_losses: 1,
        general: false,
        marshall: false,
        seat: Seat(0),
        colours: (0xc01c28, 0x1c71d8),
    });
    settle();
    assert!(panel.widget().is_visible());
    assert!(
        named(panel.widget(), "dice").is_visible(),
        "the roll that took the territory stays in view"
    );
    let spin = named(panel.widget(), "move-in")
        .downcast::<gtk::SpinButton>()
        .unwrap();
    assert_eq!(spin.range(), (f64::from(min), f64::from(max)));
    let Some(Decision::MoveIn { from, .. }) = game.pending().map(|p| p.decision) else {
        unreachable!()
    };
    let castle = game.castle_at(from).is_some();
    assert_eq!(spin.value_as_int() as u32, if castle { min } else { max });
    // Half is half: of the armies in the territory they come from (14 there: 7).
    let half = game.armies(from).div_ceil(2).clamp(min, max);
    let tip = named(panel.widget(), "move-in-half")
        .tooltip_text()
        .unwrap();
    assert_eq!(
        tip,
        format!(
            "Half of the {} armies in {}",
            game.armies(from),
            game.board().territory(from).name
        )
    );
    for (button, armies) in [
        ("move-in-min", min),
        ("move-in-half", half),
        ("move-in-all", max),
    ] {
        named(panel.widget(), button)
            .downcast::<gtk::Button>()
            .unwrap()
            .emit_clicked();
        settle();
        assert_eq!(spin.value_as_int() as u32, armies, "{button}");
    }
    named(panel.widget(), "confirm-move-in")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle();
    assert_eq!(
        *outputs.borrow(),
        [BattlePanelOutput::Act(Action::MoveIn { armies: max })]
    );
}

#[gtk::test]
fn the_panel_shows_only_while_there_is_a_battle() {
    let game = game_until(2, |g| {
        pending_matches(g, |d| matches!(d, Decision::Play { .. }))
    });
    let (panel, _) = launch();
    panel.emit(BattlePanelInput::Show(Arc::new(snapshot(&game))));
    settle();
    assert!(
        !panel.widget().is_visible(),
        "no battle: the cards get the room"
    );
}

#[gtk::test]
fn a_roll_tumbles_then_settles_and_says_who_lost() {
    let game = game_until(3, |g| {
        pending_matches(g, |d| matches!(d, Decision::Roll { .. }))
    });
    let (panel, _) = launch();
    panel.emit(BattlePanelInput::Show(Arc::new(snapshot(&game))));
    panel.emit(BattlePanelInput::ShowRoll {
        attacker: vec![6, 2],
        defender: vec![5],
        attacker_losses: 0,
        defender_losses: 1,
        general: false,
        marshall: false,
        seat: Seat(0),
        colours: (0xc01c28, 0x1c71d8),
    });
    settle();
    assert!(panel.model().dice_view.is_tumbling());
    // Let the main loop run the tumble's frames for longer than it lasts.
    let end = std::time::Instant::now() + Duration::from_millis(700);
    while std::time::Instant::now() < end {
        settle();
    }
    assert!(!panel.model().dice_view.is_tumbling());
    assert_eq!(panel.model().losses, Some((0, 1)));
}

/// Writes pictures of the panels to `$CASTELLAN_PANEL_SHOTS` (a directory), for
/// people to look at: `cargo test -- --ignored panel_screenshots` under Xvfb.
#[gtk::test]
fn the_odds_of_large_armies_are_worked_out_off_the_main_loop() {
    let game = game_until(3, |g| {
        pending_matches(g, |d| matches!(d, Decision::Roll { .. }))
    });
    let mut table = snapshot(&game);
    // A thousand armies a side: a million pairs, far beyond what is worked out at once.
    let attack = table.view.attack.as_mut().expect("an attack");
    attack.attackers = 1_000;
    let to = attack.to;
    table.view.territories[to.index()].armies = 1_000;
    let (panel, _) = launch();
    panel.emit(BattlePanelInput::Show(Arc::new(table)));
    settle();
    // The panel answered at once, with the odds still being worked out.
    assert_eq!(panel.model().odds_line(), "Working out the odds…");
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while panel.model().odds == OddsShown::Working && std::time::Instant::now() < deadline {
        settle();
    }
    let line = panel.model().odds_line();
    assert!(line.starts_with("Chance to take it: "), "{line}");
}

#[gtk::test]
#[ignore = "writes pictures for people to look at"]
fn panel_screenshots() {
    use crate::app::sidebar::{CardSidebar, CardSidebarInput};
    let Some(dir) = std::env::var_os("CASTELLAN_PANEL_SHOTS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    type Wanted = fn(&Decision) -> bool;
    let shots: [(&str, u64, Wanted); 3] = [
        ("attack", 3, |d| matches!(d, Decision::Roll { .. })),
        ("defend", 5, |d| matches!(d, Decision::Defend { .. })),
        ("move-in", 11, |d| matches!(d, Decision::MoveIn { .. })),
    ];
    for (name, seed, wanted) in shots {
        let game = game_until(seed, |g| pending_matches(g, wanted));
        let table = Arc::new(snapshot(&game));
        let (panel, _) = launch();
        let sidebar = CardSidebar::builder().launch(()).detach();
        panel.emit(BattlePanelInput::Show(Arc::clone(&table)));
        sidebar.emit(CardSidebarInput::Show(Arc::clone(&table)));
        if name == "attack" {
            panel.emit(BattlePanelInput::ShowRoll {
                attacker: vec![6, 3, 2],
                defender: vec![4, 3],
                attacker_losses: 1,
                defender_losses: 1,
                general: true,
                marshall: false,
                seat: Seat(0),
                colours: (0xc01c28, 0x1c71d8),
            });
            let to = table.view.attack.map(|a| a.to).unwrap();
            panel.emit(BattlePanelInput::AttackEnded {
                to,
                reason: AttackEnd::OutOfArmies,
            });
        }
        let layout = gtk::Box::new(gtk::Orientation::Horizontal, 0);
        layout.append(sidebar.widget());
        layout.append(&gtk::Separator::new(gtk::Orientation::Vertical));
        layout.append(panel.widget());
        sidebar.widget().set_size_request(340, 700);
        panel.widget().set_size_request(360, -1);
        let window = gtk::Window::builder()
            .child(&layout)
            .default_width(720)
            .default_height(700)
            .build();
        window.present();
        // Past the dice's tumble.
        let end = std::time::Instant::now() + Duration::from_millis(700);
        while std::time::Instant::now() < end {
            settle();
        }
        save_window_png(&window, &dir.join(format!("panels-{name}.png")));
        window.destroy();
    }
}

#[gtk::test]
fn ticking_the_marshall_changes_the_odds() {
    let game = game_until(7, |g| {
        g.legal_actions().choices.iter().any(|c| {
            matches!(
                c,
                castellan_engine::game::Choice::Defend { marshall: true, .. }
            )
        })
    });
    let (panel, _) = launch();
    panel.emit(BattlePanelInput::Show(Arc::new(snapshot(&game))));
    settle();
    let without = panel.model().odds_line();
    assert!(!panel.model().odds_for.unwrap().options.marshall);
    panel.emit(BattlePanelInput::SetMarshall(true));
    settle();
    assert!(panel.model().odds_for.unwrap().options.marshall);
    let BattleStage::Defend(offer) = &panel.model().stage else {
        panic!("a defence is shown");
    };
    let plain = offer.sides.odds_key(Committing::NOTHING).probability();
    let marshall = offer.sides.odds_key(Committing::MARSHALL).probability();
    assert!(marshall < plain, "{marshall:?} < {plain:?}");
    assert_ne!(panel.model().odds_line(), without);
}

#[gtk::test]
fn the_end_of_an_attack_is_summed_up_until_dismissed() {
    let game = game_until(3, |g| {
        pending_matches(g, |d| matches!(d, Decision::Roll { .. }))
    });
    let table = Arc::new(snapshot(&game));
    let Some(Decision::Roll { to, .. }) = game.pending().map(|p| p.decision.clone()) else {
        panic!("a roll is pending");
    };
    let (panel, _) = launch();
    panel.emit(BattlePanelInput::Show(table));
    for (attacker_losses, defender_losses) in [(2, 0), (1, 1), (0, 2)] {
        panel.emit(BattlePanelInput::ShowRoll {
            attacker: vec![6, 5, 1],
            defender: vec![4, 3],
            attacker_losses,
            defender_losses,
            general: true,
            marshall: false,
            seat: Seat(0),
            colours: (0xc01c28, 0x1c71d8),
        });
    }
    panel.emit(BattlePanelInput::AttackEnded {
        to,
        reason: AttackEnd::Captured,
    });
    settle();
    let outcome = named(panel.widget(), "outcome");
    let territory = panel.model().territory_name(to);
    assert_eq!(
        outcome.downcast_ref::<gtk::Label>().unwrap().label(),
        format!("Player 1 took {territory}: lost 3, killed 3")
    );
    assert!(outcome.is_visible() && panel.widget().is_visible());
    // A failed attack next: its own tally, not the last one's.
    panel.emit(BattlePanelInput::ShowRoll {
        attacker: vec![2],
        defender: vec![4, 3],
        attacker_losses: 1,
        defender_losses: 0,
        general: false,
        marshall: true,
        seat: Seat(0),
        colours: (0xc01c28, 0x1c71d8),
    });
    panel.emit(BattlePanelInput::AttackEnded {
        to,
        reason: AttackEnd::OutOfArmies,
    });
    settle();
    assert_eq!(
        outcome.downcast_ref::<gtk::Label>().unwrap().label(),
        format!("The attack on {territory} failed: lost 1, killed 0")
    );
    named(panel.widget(), "dismiss-outcome")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle();
    assert!(panel.model().outcome.is_none());
    assert!(!outcome.is_visible());
}

#[gtk::test]
fn a_castle_is_never_emptied_by_default() {
    let game = game_until(11, |g| {
        pending_matches(g, |d| matches!(d, Decision::MoveIn { .. }))
    });
    let Some(Decision::MoveIn { from, .. }) = game.pending().map(|p| p.decision) else {
        unreachable!()
    };
    // The same move-in, as if the attack had come from its mover's castle.
    let mut table = snapshot(&game);
    let mover = table.view.territories[from.index()].owner;
    table.view.territories[from.index()].castle = mover;
    let (panel, _) = launch();
    panel.emit(BattlePanelInput::Show(Arc::new(table)));
    settle();
    let BattleStage::MoveIn { min, max, .. } = panel.model().stage else {
        panic!("a move-in is shown");
    };
    assert!(min < max, "a choice to make: {min}..{max}");
    assert_eq!(
        panel.model().move_in,
        min,
        "the fewest, to guard the castle"
    );
    let leaves = named(panel.widget(), "move-in-leaves")
        .downcast::<gtk::Label>()
        .unwrap()
        .label();
    let behind = game.armies(from) - min;
    assert!(leaves.starts_with(&format!("{behind} stay")), "{leaves}");
    assert!(leaves.contains("castle"), "{leaves}");
}

#[gtk::test]
fn the_dice_have_their_sides_colours_whoever_the_panel_shows() {
    // A computer's battle, or one a person defends without being asked: the panel has
    // no side of its own to take colours from, and the dice were drawn black.
    let (panel, _) = launch();
    panel.emit(BattlePanelInput::ShowRoll {
        attacker: vec![6, 4, 1],
        defender: vec![3],
        attacker_losses: 0,
        defender_losses: 1,
        general: false,
        marshall: false,
        seat: Seat(2),
        colours: (0x2ec27e, 0xe5a50a),
    });
    settle();
    assert!(panel.model().shows_dice());
    assert_eq!(panel.model().dice_colours(), (0x2ec27e, 0xe5a50a));
}
