//! The whole window in one process: a game started as the new-game dialog starts it,
//! played through the window's own messages (what its buttons and the map send) by
//! people and a computer seat, up to a capture, checking on the way what the widgets
//! show: the privacy page between people, the status line, the battle panel, the log.

use std::time::{Duration, Instant};

use castellan_engine::game::{Action, Decision};
use relm4::adw::prelude::*;
use relm4::prelude::*;

use super::computer::{Computers, GameSpeed};
use super::first_game_tips::TipKind;
use super::map_view::ClickKind;
use super::new_game::{self, NewGame};
use super::panel_testing::{named, settle};
use super::session::{GameSetup, SeatSettings, Session};
use super::window::{MainWindow, MainWindowInput, Page, Startup};

fn seat(name: &str, colour: u8, computer: bool) -> SeatSettings {
    SeatSettings {
        name: name.to_owned(),
        colour,
        computer,
        strength: castellan_engine::bot::Strength::Normal,
    }
}

fn two_people_and_a_computer() -> NewGame {
    two_people_and_a_computer_seeded(8)
}

fn two_people_and_a_computer_seeded(seed: u64) -> NewGame {
    let setup = GameSetup {
        seats: vec![
            seat("Anna", 0, false),
            seat("Ben", 1, false),
            seat("Cleo", 2, true),
        ],
        seed: Some(seed),
        ..GameSetup::default_for(2, |_| String::new())
    };
    new_game::resolve(setup).expect("the shipped board and the rulebook load")
}

fn label_text(window: &Controller<MainWindow>, name: &str) -> String {
    named(window.widget(), name)
        .downcast::<gtk::Label>()
        .expect("a label")
        .text()
        .into()
}

fn log_text(window: &Controller<MainWindow>) -> String {
    window.model().log.model().text()
}

/// Lets the computer seat's move (made on another thread, after a pause) arrive.
fn wait_for_the_computer(window: &Controller<MainWindow>) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while window.model().thought.is_some() && Instant::now() < deadline {
        settle();
        std::thread::sleep(Duration::from_millis(20));
    }
    settle();
}

#[gtk::test]
fn a_game_is_played_in_the_window_through_its_messages_up_to_a_capture() {
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    settle();
    assert!(window.model().session.is_some(), "the game started");
    assert!(
        log_text(&window).contains("rolled highest"),
        "{}",
        log_text(&window)
    );
    // The people's decisions are chosen as the computer would choose them, and sent
    // as the window's own messages.
    let mut chooser = Computers::new(3, 8);
    let (mut privacy_pages, mut battles_shown) = (0, 0);
    for _ in 0..3_000 {
        wait_for_the_computer(&window);
        if log_text(&window).contains(" took ") {
            break;
        }
        let page = window.model().page;
        if page == Page::Privacy {
            privacy_pages += 1;
            let session = window.model();
            let seat = session.session.as_ref().unwrap().pass_to().unwrap();
            let name = session.session.as_ref().unwrap().seats()[seat.index()]
                .name
                .clone();
            drop(session);
            let title = window.model().privacy.widget().title();
            assert!(title.contains(&name), "{title}");
            window.emit(MainWindowInput::PrivacyCleared);
            continue;
        }
        assert_eq!(page, Page::Game);
        let (action, decision, person) = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            let Some(person) = session.human_to_move() else {
                continue;
            };
            let name = session.seats()[person.index()].name.clone();
            let status = label_text(&window, "status");
            assert!(
                status.starts_with(&name),
                "the status line names who is to move: {status}"
            );
            let decision = session.game().pending().unwrap().decision;
            (chooser.choose(session.game()).unwrap(), decision, name)
        };
        match (decision, action) {
            (Decision::Roll { .. }, Action::Roll { dice, general }) => {
                battles_shown += 1;
                let battle = window.model().battle.widget().clone();
                assert!(battle.is_visible(), "the battle panel shows the attack");
                let roll = named(&battle, "roll-until");
                assert!(roll.is_sensitive(), "{person} may roll");
                window.emit(MainWindowInput::RollUntilDecided { dice, general });
            }
            (Decision::MoveIn { min, max, .. }, action) => {
                let battle = window.model().battle.widget().clone();
                let spin = named(&battle, "move-in")
                    .downcast::<gtk::SpinButton>()
                    .unwrap();
                assert!(spin.is_visible());
                assert_eq!(spin.range(), (f64::from(min), f64::from(max)));
                window.emit(MainWindowInput::Act(action));
            }
            (_, action) => window.emit(MainWindowInput::Act(action)),
        }
    }
    let log = log_text(&window);
    assert!(
        log.contains(" took "),
        "no capture after many moves:\n{log}"
    );
    assert!(
        privacy_pages > 0,
        "the screen was passed between the two people"
    );
    assert!(battles_shown > 0 || log.contains("Cleo"), "{log}");
    assert!(
        window.model().session.as_ref().unwrap().unsaved(),
        "a game under way asks before it is closed"
    );
}

#[gtk::test]
fn a_refused_computer_move_is_shown_and_a_stale_answer_dropped() {
    let setup = GameSetup {
        seats: vec![seat("Cleo", 0, true), seat("Dana", 1, true)],
        seed: Some(3),
        ..GameSetup::default_for(2, |_| String::new())
    };
    let game = new_game::resolve(setup).unwrap();
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(game)))
        .detach();
    settle();
    let id = window.model().thought.expect("a computer seat thinks");
    let (seat, moves) = {
        let model = window.model();
        let session = model.session.as_ref().unwrap();
        (session.computer_to_move(), session.game().history().len())
    };
    let moves_now = |window: &Controller<MainWindow>| {
        window
            .model()
            .session
            .as_ref()
            .unwrap()
            .game()
            .history()
            .len()
    };
    // An answer to another thought (an old game's) is dropped.
    window.emit(MainWindowInput::ComputerChose {
        id: id + 1,
        seat,
        action: Some(Action::EndTurn),
    });
    settle();
    assert_eq!(window.model().thought, Some(id));
    assert_eq!(moves_now(&window), moves);
    // A move the rules refuse stops the computer and says why, instead of a stall.
    window.emit(MainWindowInput::ComputerChose {
        id,
        seat,
        action: Some(Action::EndTurn),
    });
    settle();
    let status = label_text(&window, "status");
    assert!(status.starts_with("Cleo cannot move: "), "{status}");
    assert_eq!(window.model().thought, None, "it does not ask again");
    assert_eq!(moves_now(&window), moves);
}

/// Writes pictures of one person's whole first turn and its setup to
/// `$CASTELLAN_TURN_SHOTS` (a directory), for people to compare before and after a
/// change: claiming, placing, a card to play, an attack in the battle panel and its
/// roll. `cargo test -- --ignored a_whole_turn_in_pictures` under Xvfb.
#[gtk::test]
#[ignore = "writes pictures for people to look at"]
fn a_whole_turn_in_pictures() {
    use super::panel_testing::save_window_png;
    use castellan_engine::game::Choice;
    let Some(dir) = std::env::var_os("CASTELLAN_TURN_SHOTS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let setup = GameSetup {
        seats: vec![
            seat("Anna", 0, false),
            seat("Ben", 1, true),
            seat("Cleo", 2, true),
        ],
        seed: Some(21),
        ..GameSetup::default_for(2, |_| String::new())
    };
    let game = new_game::resolve(setup).unwrap();
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(game)))
        .detach();
    window.widget().present();
    let pause = |window: &Controller<MainWindow>| {
        let end = Instant::now() + Duration::from_millis(900);
        while Instant::now() < end {
            settle();
        }
        let _ = window;
    };
    let shoot = |window: &Controller<MainWindow>, name: &str| {
        pause(window);
        save_window_png(window.widget(), &dir.join(format!("{name}.png")));
    };
    let mut chooser = Computers::new(3, 21);
    let mut taken: Vec<&str> = Vec::new();
    for _ in 0..3_000 {
        wait_for_the_computer(&window);
        if taken.len() == 5 {
            break;
        }
        let (action, decision, legal) = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            if session.human_to_move().is_none() {
                continue;
            }
            let game = session.game();
            (
                chooser.choose(game).unwrap(),
                game.pending().unwrap().decision,
                game.legal_actions(),
            )
        };
        match (&decision, &action) {
            (Decision::Claim, Action::Claim { territory }) if !taken.contains(&"1-claim") => {
                shoot(&window, "1-claim");
                taken.push("1-claim");
                window.emit(MainWindowInput::MapClicked(*territory, ClickKind::Plain));
                continue;
            }
            (Decision::PlaceArmies { .. }, Action::PlaceArmies { placements })
                if !taken.contains(&"2-place") =>
            {
                // Two armies on the map, the rest still to place.
                let first = placements[0].territory;
                window.emit(MainWindowInput::MapClicked(first, ClickKind::Plain));
                window.emit(MainWindowInput::MapClicked(first, ClickKind::Plain));
                shoot(&window, "2-place");
                taken.push("2-place");
                window.emit(MainWindowInput::Undo);
                window.emit(MainWindowInput::Undo);
            }
            (Decision::Play { .. }, _)
                if !taken.contains(&"3-card")
                    && legal.choices.iter().any(|c| {
                        matches!(
                            c,
                            Choice::PlayReinforcements { .. }
                                | Choice::PlayDiplomat { .. }
                                | Choice::PlaySpy { .. }
                        )
                    }) =>
            {
                shoot(&window, "3-card");
                taken.push("3-card");
            }
            (Decision::Roll { .. }, Action::Roll { dice, general })
                if !taken.contains(&"4-attack") =>
            {
                shoot(&window, "4-attack");
                taken.push("4-attack");
                window.emit(MainWindowInput::Act(Action::Roll {
                    dice: *dice,
                    general: *general,
                }));
                shoot(&window, "5-roll");
                taken.push("5-roll");
                continue;
            }
            _ => {}
        }
        window.emit(MainWindowInput::Act(action));
    }
    assert_eq!(taken.len(), 5, "every moment came: {taken:?}");
}

/// Drives the game through the window's messages for at most `moves` rounds: the
/// privacy page is cleared, computer seats play, and for each person's decision
/// `next` gives the action to send, or `None` to stop there. Returns whether it
/// stopped.
fn play_people(
    window: &Controller<MainWindow>,
    moves: usize,
    mut next: impl FnMut(&Session) -> Option<Action>,
) -> bool {
    for _ in 0..moves {
        wait_for_the_computer(window);
        if window.model().page == Page::Privacy {
            window.emit(MainWindowInput::PrivacyCleared);
            settle();
            continue;
        }
        let action = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            if session.human_to_move().is_none() {
                continue;
            }
            match next(session) {
                Some(action) => action,
                None => return true,
            }
        };
        window.emit(MainWindowInput::Act(action));
        settle();
    }
    false
}

/// Plays the game through the window's messages, people as the computer would
/// (playing a Reinforcement card whenever they may), until `stop` says a person's
/// decision is at hand.
fn play_until(
    window: &Controller<MainWindow>,
    chooser: &mut Computers,
    stop: impl Fn(&Decision) -> bool,
) -> Decision {
    let mut reached = None;
    play_people(window, 3_000, |session| {
        let decision = session.game().pending().unwrap().decision;
        if stop(&decision) {
            reached = Some(decision);
            return None;
        }
        let reinforce = Action::PlayReinforcements { cards: 1 };
        Some(if session.game().legal_actions().allows(&reinforce) {
            reinforce
        } else {
            chooser.choose(session.game()).unwrap()
        })
    });
    reached.expect("the wanted decision never came to a person")
}

#[gtk::test]
fn twenty_armies_go_on_three_territories_in_five_clicks() {
    // A Reinforcement card worth 20 (the rulebook's track starts at 3): the first
    // one a person plays gives the placement wanted.
    let mut game = two_people_and_a_computer();
    game.variant.reinforcement_track = (20..32).collect();
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(game)))
        .detach();
    settle();
    let mut chooser = Computers::new(3, 8);
    let decision = play_until(
        &window,
        &mut chooser,
        |d| matches!(d, Decision::PlaceArmies { armies, .. } if *armies >= 20),
    );
    let Decision::PlaceArmies { armies, .. } = decision else {
        unreachable!()
    };
    let (seat, territories, before) = {
        let model = window.model();
        let session = model.session.as_ref().unwrap();
        let targets: Vec<_> = session.targets().into_iter().map(|(t, _)| t).collect();
        let states = session.territory_states();
        let before: Vec<u32> = targets.iter().map(|t| states[t.index()].armies).collect();
        (session.human_to_move().unwrap(), targets, before)
    };
    assert!(territories.len() >= 3, "three territories to place on");
    let (a, b, c) = (territories[0], territories[1], territories[2]);
    // Every click a person makes, counted: +5, +5, +5, all the rest, confirm.
    let mut clicks = 0;
    for (territory, kind) in [
        (a, ClickKind::Shift),
        (a, ClickKind::Shift),
        (b, ClickKind::Shift),
        (c, ClickKind::Control),
    ] {
        window.emit(MainWindowInput::MapClicked(territory, kind));
        clicks += 1;
        settle();
    }
    let confirm = named(window.widget(), "confirm-placement")
        .downcast::<gtk::Button>()
        .unwrap();
    assert!(
        confirm.is_sensitive(),
        "every army is placed: {}",
        confirm.label().unwrap()
    );
    confirm.emit_clicked();
    clicks += 1;
    settle();
    assert!(clicks <= 6);
    let model = window.model();
    let session = model.session.as_ref().unwrap();
    let game = session.game();
    assert_eq!(game.armies(a), before[0] + 10);
    assert_eq!(game.armies(b), before[1] + 5);
    assert_eq!(game.armies(c), before[2] + armies - 15);
    assert!(
        game.pending_seat() != Some(seat)
            || !matches!(
                game.pending().unwrap().decision,
                Decision::PlaceArmies { .. }
            ),
        "the placement was made"
    );
}

/// What of a seat's secrets the window's widgets hold: the hand's rows, a spied
/// hand's rows, hidden armies' Reveal buttons and the territories of their slips,
/// the Marshall's switch.
/// Whether `widget` and all its parents are set visible.
fn shown_in_tree(widget: &gtk::Widget) -> bool {
    let mut at = Some(widget.clone());
    while let Some(widget) = at {
        if !widget.get_visible() {
            return false;
        }
        at = widget.parent();
    }
    true
}

fn secrets_on_screen(window: &Controller<MainWindow>) -> Vec<String> {
    let root = window.widget();
    let mut found = Vec::new();
    for name in ["hand", "spied-hand", "reveals"] {
        if named(root, name).first_child().is_some() {
            found.push(format!("rows in {name}"));
        }
    }
    // Not `is_visible`: the window of these tests is never mapped, so nothing in it
    // is; a widget counts as shown when it and every parent up to the window would
    // be, the game page behind the pass page included.
    if shown_in_tree(&named(root, "marshall")) {
        found.push("the Marshall's switch".to_owned());
    }
    let hidden = label_text(window, "hidden-armies");
    let model = window.model();
    let game = model.session.as_ref().unwrap().game();
    for seat in game.seat_ids() {
        for slip in game.view_for(seat).hidden_armies {
            let place = game.board().territory(slip.territory).name.as_str();
            if hidden.contains(place) {
                found.push(format!("a hidden army in {place}: {hidden}"));
            }
        }
    }
    found
}

/// Plays a game of two people and a computer through the window until the screen
/// has changed hands for every reason (a new turn, a defence, an answer to a Spy,
/// filling vacated lands), checking at every step that nobody's secrets are in the
/// widget tree while the privacy page waits or the computer plays.
#[gtk::test]
fn no_secret_is_on_screen_between_people_or_while_the_computer_plays() {
    let window = MainWindow::builder()
        // A seed whose game reaches every kind of hand-off within a few turns.
        .launch(Startup::Game(Box::new(two_people_and_a_computer_seeded(
            14,
        ))))
        .detach();
    settle();
    let mut chooser = Computers::new(3, 8);
    let mut hand_offs = std::collections::BTreeSet::new();
    let (mut checked, mut hands_seen) = (0, 0);
    let wanted = ["defence", "filling", "spy answer", "turn"];
    for _ in 0..100_000 {
        settle();
        if window.model().thought.is_some() {
            // The computer is thinking: checked several times during each of its
            // first moves, made at the normal pace; then it plays at once.
            let secrets = secrets_on_screen(&window);
            assert!(secrets.is_empty(), "while the computer plays: {secrets:?}");
            checked += 1;
            if checked == 300 {
                window.emit(MainWindowInput::SetSpeed(GameSpeed::Instant));
            }
            continue;
        }
        if hand_offs.len() == wanted.len() {
            break;
        }
        let (page, pending, computer) = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            if session.game().winner().is_some() {
                break;
            }
            (
                model.page,
                session.game().pending().unwrap().decision,
                session.computer_to_move().is_some(),
            )
        };
        if page == Page::Privacy || computer {
            let secrets = secrets_on_screen(&window);
            assert!(secrets.is_empty(), "{pending:?}: {secrets:?}");
            checked += 1;
        }
        if page == Page::Privacy {
            if matches!(pending, Decision::Defend { .. }) {
                let told = window
                    .model()
                    .privacy
                    .widget()
                    .description()
                    .unwrap_or_default();
                assert!(
                    told.contains("attacked you"),
                    "the defender is told: {told}"
                );
            }
            hand_offs.extend(match pending {
                Decision::Defend { .. } => Some("defence"),
                Decision::AnswerSpy { .. } => Some("spy answer"),
                Decision::FillVacated { .. } => Some("filling"),
                Decision::Play { .. } | Decision::PlaceArmies { .. } => Some("turn"),
                // Back to the attacker after a defence, the spy's discard, …
                _ => None,
            });
            window.emit(MainWindowInput::PrivacyCleared);
            settle();
            continue;
        }
        if computer {
            continue;
        }
        let action = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            if !session
                .game()
                .hand(session.human_to_move().unwrap())
                .is_empty()
            {
                // The person who took the screen sees their own cards.
                hands_seen += usize::from(named(window.widget(), "hand").first_child().is_some());
            }
            chooser.choose(session.game()).unwrap()
        };
        window.emit(MainWindowInput::Act(action));
        settle();
    }
    for reason in wanted {
        assert!(
            hand_offs.contains(reason),
            "no hand-off for {reason}: {hand_offs:?}"
        );
    }
    assert!(
        checked > 300 && hands_seen > 0,
        "{checked} checks, {hands_seen} hands seen"
    );
}

#[gtk::test]
fn a_defender_orders_the_most_dice_for_the_rest_of_the_attack() {
    // Without the quick-defence preference, every defence would wait for the person.
    let mut game = two_people_and_a_computer();
    game.setup.quick_defence = false;
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(game)))
        .detach();
    settle();
    let mut chooser = Computers::new(3, 8);
    play_until(&window, &mut chooser, |d| {
        matches!(d, Decision::Defend { .. })
    });
    settle();
    let (defender, attack, before, most) = {
        let model = window.model();
        let session = model.session.as_ref().unwrap();
        let game = session.game();
        let most = game.legal_actions().choices.iter().find_map(|c| match *c {
            castellan_engine::game::Choice::Defend { max_dice, .. } => Some(max_dice),
            _ => None,
        });
        (
            session.human_to_move().unwrap(),
            game.attack_in_progress().unwrap().number,
            game.history().len(),
            most.unwrap(),
        )
    };
    if let Some(path) = std::env::var_os("CASTELLAN_DEFENCE_SHOT") {
        window.widget().present();
        let end = Instant::now() + Duration::from_millis(900);
        while Instant::now() < end {
            settle();
        }
        super::panel_testing::save_window_png(window.widget(), path.as_ref());
    }
    let button = named(window.model().battle.widget(), "defend-to-the-end")
        .downcast::<gtk::Button>()
        .unwrap();
    // The panel's own flags: the window is not on screen in this test.
    assert!(
        window.model().battle.widget().get_visible(),
        "the panel shows"
    );
    assert!(button.get_visible() && button.is_sensitive());
    button.emit_clicked();
    settle();
    {
        let model = window.model();
        let session = model.session.as_ref().unwrap();
        let (seat, action) = session.game().history()[before].clone();
        assert_eq!(seat, defender);
        // The Marshall box was left unticked: the most dice, no Marshall.
        assert_eq!(
            action,
            Action::Defend {
                dice: most,
                marshall: false
            }
        );
    }
    // The attack rolls on to its end without the defender being asked again.
    let mut defences = 0;
    for _ in 0..3_000 {
        wait_for_the_computer(&window);
        if window.model().page == Page::Privacy {
            window.emit(MainWindowInput::PrivacyCleared);
            settle();
            continue;
        }
        let action = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            let game = session.game();
            if game.attack_in_progress().map(|a| a.number) != Some(attack) {
                defences = game.history()[before..]
                    .iter()
                    .filter(|(seat, a)| *seat == defender && matches!(a, Action::Defend { .. }))
                    .count();
                break;
            }
            let Some(person) = session.human_to_move() else {
                continue;
            };
            assert_ne!(person, defender, "the defender was asked again");
            chooser.choose(game).unwrap()
        };
        window.emit(MainWindowInput::Act(action));
        settle();
    }
    assert!(defences >= 1, "the attack ended");
}

#[gtk::test]
fn every_turn_action_has_an_accelerator_listed_in_the_shortcuts_window() {
    use super::shortcuts::{self, ACCELERATORS};
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    settle();
    let app = relm4::main_application();
    let listing = shortcuts::window();
    let rows = shortcuts::rows(&listing);
    if let Some(path) = std::env::var_os("CASTELLAN_SHORTCUTS_SHOT") {
        listing.present();
        let end = Instant::now() + Duration::from_millis(900);
        while Instant::now() < end {
            settle();
        }
        super::panel_testing::save_window_png(&listing, path.as_ref());
    }
    for (action, accels, _) in ACCELERATORS {
        // Compared as keys, not spellings: GTK writes "<Shift><Control>s" back.
        let set: Vec<_> = app
            .accels_for_action(action)
            .iter()
            .map(gtk::accelerator_parse)
            .collect();
        let wanted: Vec<_> = accels.iter().map(|a| gtk::accelerator_parse(*a)).collect();
        assert!(wanted.iter().all(Option::is_some), "{action}: {accels:?}");
        assert_eq!(set, wanted, "{action}");
        let title = shortcuts::title(action);
        assert!(
            rows.iter().any(|(a, t, _)| a == accels[0] && *t == title),
            "{action} is not listed: {rows:?}"
        );
    }
    for action in [
        "roll",
        "roll-until-decided",
        "stop-attack",
        "end-turn",
        "next-territory",
        "confirm-placement",
        "undo",
    ] {
        assert!(
            ACCELERATORS
                .iter()
                .any(|(a, _, _)| a.strip_prefix("win.") == Some(action)),
            "{action} has no shortcut"
        );
    }
    // The mouse gestures for placing, beside the keys.
    for (gesture, what) in [
        ("Click a territory", "Place one army"),
        ("Shift + click", "Place five armies"),
        ("Ctrl + click", "Place all the armies left"),
        ("Right-click a territory", "Take one army back"),
    ] {
        assert!(
            rows.iter()
                .any(|(a, t, s)| a.is_empty() && t == gesture && s == what),
            "{gesture} is not listed: {rows:?}"
        );
    }
    drop(window);
}

/// The number of armies the person has placed on the map and not confirmed yet.
fn placed(window: &Controller<MainWindow>) -> u32 {
    let model = window.model();
    let session = model.session.as_ref().unwrap();
    session.draft_progress().map_or(0, |(placed, _)| placed)
}

#[gtk::test]
fn the_turn_shortcuts_do_what_their_buttons_do() {
    let mut game = two_people_and_a_computer();
    game.variant.reinforcement_track = (20..32).collect();
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(game)))
        .detach();
    settle();
    let press = |action: &str| {
        WidgetExt::activate_action(window.widget(), action, None).unwrap();
        settle();
    };
    let mut chooser = Computers::new(3, 8);
    play_until(
        &window,
        &mut chooser,
        |d| matches!(d, Decision::PlaceArmies { armies, .. } if *armies >= 20),
    );
    settle();
    // Next territory, then Enter on it: one army there, as a click places.
    press("win.next-territory");
    let (first, focused) = {
        let model = window.model();
        let session = model.session.as_ref().unwrap();
        let first = session.targets()[0].0;
        let map = model.map.as_ref().unwrap();
        (first, map.model().focused())
    };
    assert_eq!(
        focused,
        Some(first),
        "the focus went to the first lit territory"
    );
    window
        .model()
        .map
        .as_ref()
        .unwrap()
        .emit(super::map_view::MapViewInput::Activate);
    settle();
    assert_eq!(placed(&window), 1);
    press("win.undo");
    assert_eq!(placed(&window), 0, "Undo took the army back");
    window.emit(MainWindowInput::MapClicked(first, ClickKind::Control));
    settle();
    let before = window
        .model()
        .session
        .as_ref()
        .unwrap()
        .game()
        .history()
        .len();
    press("win.confirm-placement");
    {
        let model = window.model();
        let game = model.session.as_ref().unwrap().game();
        assert_eq!(game.history().len(), before + 1);
        assert!(matches!(
            game.history()[before].1,
            Action::PlaceArmies { .. }
        ));
    }
    // Roll: the dice the panel's toggles show, as the Roll button sends them.
    play_until(&window, &mut chooser, |d| {
        matches!(d, Decision::Roll { .. })
    });
    settle();
    let battle = window.model().battle.widget().clone();
    let chosen = (1..=3u8)
        .find(|n| {
            named(&battle, &format!("attack-dice-{n}"))
                .downcast::<gtk::ToggleButton>()
                .unwrap()
                .is_active()
        })
        .expect("a number of dice is chosen");
    let before = window
        .model()
        .session
        .as_ref()
        .unwrap()
        .game()
        .history()
        .len();
    press("win.roll");
    {
        let model = window.model();
        let game = model.session.as_ref().unwrap().game();
        assert!(
            matches!(
                game.history().get(before),
                Some((_, Action::Roll { dice, .. })) if *dice == chosen
            ),
            "{:?}",
            game.history().get(before)
        );
    }
    // End turn, where the status line's button would end it.
    play_until(&window, &mut chooser, |d| {
        matches!(d, Decision::Play { .. })
    });
    settle();
    let (before, finish) = {
        let model = window.model();
        let session = model.session.as_ref().unwrap();
        (session.game().history().len(), session.finish_action())
    };
    assert_eq!(finish, Some(Action::EndTurn));
    press("win.end-turn");
    {
        let model = window.model();
        let game = model.session.as_ref().unwrap().game();
        assert!(matches!(
            game.history().get(before),
            Some((_, Action::EndTurn))
        ));
    }
}

/// Lets the hint being worked out arrive.
fn wait_for_the_hint(window: &Controller<MainWindow>) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while window.model().hints.pending() && Instant::now() < deadline {
        settle();
        std::thread::sleep(Duration::from_millis(10));
    }
    settle();
}

/// Clears the privacy page and lets the computer play until a person is to move.
fn until_a_person_decides(window: &Controller<MainWindow>) {
    for _ in 0..200 {
        wait_for_the_computer(window);
        if window.model().page == Page::Privacy {
            window.emit(MainWindowInput::PrivacyCleared);
            settle();
            continue;
        }
        let model = window.model();
        if model.session.as_ref().unwrap().human_to_move().is_some() {
            return;
        }
    }
    panic!("no person came to decide");
}

#[gtk::test]
fn a_hint_shows_what_normal_would_do_and_is_taken_with_one_click() {
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    settle();
    until_a_person_decides(&window);
    let hint_row = named(window.widget(), "hint");
    // Off by default: nothing is asked or shown.
    assert!(!window.model().hints.enabled());
    assert!(!window.model().hints.pending());
    assert!(!hint_row.get_visible());
    window.emit(MainWindowInput::SetHints(true));
    wait_for_the_hint(&window);
    let (hint, expected) = {
        let model = window.model();
        let session = model.session.as_ref().unwrap();
        let seat = session.human_to_move().unwrap();
        let expected =
            super::hint::normal_choice(session.game(), seat, &castellan_engine::bot::Cancel::new());
        (model.hints.shown().cloned(), expected)
    };
    assert!(hint.is_some(), "the hint came");
    assert_eq!(hint, expected);
    // The window is never presented in tests: the row's own visibility is what counts.
    assert!(hint_row.get_visible());
    assert!(label_text(&window, "hint-text").starts_with("Hint: "));
    // One click plays it; the next decision gets its own hint, never the old one.
    let moves = window
        .model()
        .session
        .as_ref()
        .unwrap()
        .game()
        .history()
        .len();
    named(window.widget(), "take-hint")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle();
    {
        let model = window.model();
        let game = model.session.as_ref().unwrap().game();
        assert_eq!(game.history().len(), moves + 1);
        assert_eq!(game.history().last().map(|(_, a)| a), hint.as_ref());
    }
    until_a_person_decides(&window);
    wait_for_the_hint(&window);
    assert!(window.model().hints.shown().is_some());
    // Switched off, the hint goes at once.
    window.emit(MainWindowInput::SetHints(false));
    settle();
    assert!(window.model().hints.shown().is_none());
    assert!(!hint_row.get_visible());
}

/// The smallest size the window can take, across and down.
fn minimum_size(widget: &impl IsA<gtk::Widget>) -> (i32, i32) {
    let (width, ..) = widget.measure(gtk::Orientation::Horizontal, -1);
    let (height, ..) = widget.measure(gtk::Orientation::Vertical, width.max(800));
    (width, height)
}

#[gtk::test]
fn the_window_fits_800_by_600_and_folds_its_side_panels_there() {
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    settle();
    window.emit(MainWindowInput::WindowWidth(800));
    settle();
    let flap = named(window.widget(), "side-panels")
        .parent()
        .and_then(|p| p.ancestor(adw::Flap::static_type()))
        .and_downcast::<adw::Flap>()
        .expect("the side panels sit in a flap");
    let button = named(window.widget(), "show-sidebar")
        .downcast::<gtk::ToggleButton>()
        .unwrap();
    until_a_person_decides(&window);
    assert!(flap.is_folded() || flap.fold_policy() == adw::FlapFoldPolicy::Always);
    assert!(!flap.reveals_flap(), "folded panels start hidden");
    assert!(button.get_visible(), "the header offers to show them");
    button.set_active(true);
    settle();
    assert!(window.model().sidebar_open && flap.reveals_flap());
    button.set_active(false);
    settle();
    assert!(!flap.reveals_flap());
    // Fits during the setup and in a battle, the tallest the panels get.
    let (width, height) = minimum_size(window.widget());
    assert!(width <= 800 && height <= 600, "setup: {width}×{height}");
    let mut chooser = Computers::new(3, 8);
    play_until(&window, &mut chooser, |d| {
        matches!(d, Decision::Roll { .. })
    });
    assert!(
        flap.reveals_flap(),
        "the dice are rolled in the panels: shown"
    );
    let (width, height) = minimum_size(window.widget());
    assert!(width <= 800 && height <= 600, "battle: {width}×{height}");
    // Wide again, the panels sit beside the map and the button goes.
    window.emit(MainWindowInput::WindowWidth(1400));
    settle();
    assert_eq!(flap.fold_policy(), adw::FlapFoldPolicy::Never);
    assert!(flap.reveals_flap());
    assert!(!button.get_visible());
}

/// The visible window other than `main`, once a message opened it.
fn other_window(main: &Controller<MainWindow>) -> gtk::Window {
    gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Window>().ok())
        .find(|w| w.is_visible() && w != main.widget().upcast_ref::<gtk::Window>())
        .expect("a second window opened")
}

#[gtk::test]
#[ignore = "writes pictures for people to look at"]
fn the_window_at_800_by_600_and_1400_by_1000_in_pictures() {
    let folder = std::env::temp_dir().join("castellan-sizes");
    std::fs::create_dir_all(&folder).unwrap();
    for (width, height, panels) in [(800, 600, false), (800, 600, true), (1400, 1000, false)] {
        let window = MainWindow::builder()
            .launch(Startup::Game(Box::new(two_people_and_a_computer())))
            .detach();
        window.widget().set_default_size(width, height);
        window.widget().present();
        settle();
        until_a_person_decides(&window);
        window.emit(MainWindowInput::SetHints(true));
        wait_for_the_hint(&window);
        if panels {
            window.emit(MainWindowInput::ShowSidebar(true));
        }
        for _ in 0..10 {
            settle();
            std::thread::sleep(Duration::from_millis(20));
        }
        let shown = (window.widget().width(), window.widget().height());
        super::panel_testing::save_window_png(
            window.widget(),
            &folder.join(format!("window-{width}x{height}-{panels}.png")),
        );
        assert!(shown.0 <= width && shown.1 <= height, "{shown:?}");
        if width == 800 && !panels {
            for (message, name) in [
                (MainWindowInput::NewGame, "new-game"),
                (MainWindowInput::VariantEditor, "variant-editor"),
            ] {
                window.emit(message);
                settle();
                settle();
                let other = other_window(&window);
                other.set_default_size(width, height);
                other.present();
                for _ in 0..10 {
                    settle();
                    std::thread::sleep(Duration::from_millis(20));
                }
                let size = (other.width(), other.height());
                super::panel_testing::save_window_png(
                    &other,
                    &folder.join(format!("{name}-{width}x{height}.png")),
                );
                other.set_visible(false);
                settle();
                assert!(size.0 <= width && size.1 <= height, "{name}: {size:?}");
            }
        }
        window.widget().set_visible(false);
        settle();
    }
}

/// The rules a new-game dialog offers, by their labels.
fn rules_offered(dialog: &gtk::Window) -> Vec<String> {
    let list = named(dialog, "rules").downcast::<gtk::DropDown>().unwrap();
    let model = list.model().unwrap().downcast::<gtk::StringList>().unwrap();
    (0..model.n_items())
        .filter_map(|i| model.string(i).map(String::from))
        .collect()
}

#[gtk::test]
fn rules_saved_in_the_editor_are_listed_by_the_new_game_dialog_at_once() {
    let window = MainWindow::builder().launch(Startup::Dialog).detach();
    settle();
    let dialog = other_window(&window);
    let mut variant = castellan_engine::variant::Variant::rulebook();
    variant.name = "Saturday Night".into();
    variant.spoils.per_region_bonus = true;
    let path = super::library::personal_variant_path(&variant.name).unwrap();
    let _ = std::fs::remove_file(&path);
    assert!(
        !rules_offered(&dialog)
            .iter()
            .any(|r| r.starts_with("Saturday Night"))
    );
    window.emit(MainWindowInput::EditVariantForNewGame(variant, None));
    settle();
    let editor = gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<gtk::Window>().ok())
        .find(|w| {
            w.is_visible() && super::panel_testing::find_named(w.upcast_ref(), "use").is_some()
        })
        .expect("the editor opened");
    named(&editor, "save")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle();
    assert!(path.is_file(), "saved into the person's variants folder");
    let offered = rules_offered(&dialog);
    assert!(
        offered.iter().any(|r| r.starts_with("Saturday Night")),
        "the dialog lists it as saved: {offered:?}"
    );
    std::fs::remove_file(&path).unwrap();
}

#[gtk::test]
fn claim_for_me_hands_a_persons_claims_to_the_computer() {
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    settle();
    let mut chooser = Computers::new(3, 8);
    play_until(&window, &mut chooser, |d| matches!(d, Decision::Claim));
    settle();
    let claimer = window
        .model()
        .session
        .as_ref()
        .unwrap()
        .human_to_move()
        .unwrap();
    let button = named(window.widget(), "claim-for-me")
        .downcast::<gtk::Button>()
        .unwrap();
    assert!(button.get_visible(), "offered while claiming");
    button.emit_clicked();
    settle();
    // From now on every claim of that seat is the computer's; the other person
    // still claims in person.
    for _ in 0..3_000 {
        wait_for_the_computer(&window);
        if window.model().page == Page::Privacy {
            window.emit(MainWindowInput::PrivacyCleared);
            settle();
            continue;
        }
        let action = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            let claiming = matches!(
                session.game().pending().map(|p| p.decision),
                Some(Decision::Claim)
            );
            if !claiming {
                break;
            }
            let Some(person) = session.human_to_move() else {
                continue;
            };
            assert_ne!(person, claimer, "the claims were handed over");
            chooser.choose(session.game()).unwrap()
        };
        window.emit(MainWindowInput::Act(action));
        settle();
    }
    let model = window.model();
    let game = model.session.as_ref().unwrap().game();
    assert!(!matches!(
        game.pending().map(|p| p.decision),
        Some(Decision::Claim)
    ));
    let claimed = game
        .history()
        .iter()
        .filter(|(seat, action)| *seat == claimer && matches!(action, Action::Claim { .. }))
        .count();
    assert!(claimed > 5, "{claimed} claims");
    // Once the claims are over the button offers the placements, if anything.
    assert!(
        !button.get_visible() || button.label().as_deref() == Some("Place for Me"),
        "no Claim for Me once the claims are over"
    );
}

/// Whether the sidebar's secret mission is on screen, and what it says.
fn mission_on_screen(window: &Controller<MainWindow>) -> Option<String> {
    // `get_visible`: the window of these tests is never shown, so nothing in it
    // `is_visible`.
    named(window.widget(), "mission")
        .get_visible()
        .then(|| label_text(window, "mission-text"))
}

/// A classic game with secret missions between two people and a computer: each
/// person sees their own mission once they hold the screen, and nobody's while the
/// pass page waits or the computer plays.
#[gtk::test]
fn a_seat_sees_its_own_secret_mission_and_nobody_elses() {
    use castellan_engine::game::Mission;
    let mut game = new_game::resolve(GameSetup {
        board: Some(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/classic.toml"),
        ),
        ..two_people_and_a_computer_seeded(3).setup
    })
    .expect("the classic board loads");
    game.variant = castellan_engine::variant::Variant::classic();
    game.variant.classic.missions = true;
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(game)))
        .detach();
    settle();
    window.emit(MainWindowInput::SetSpeed(GameSpeed::Instant));
    let mut chooser = Computers::new(3, 8);
    let (mut hidden_checked, mut holders) = (0, std::collections::BTreeSet::new());
    for _ in 0..2_000 {
        settle();
        if window.model().thought.is_some() {
            assert_eq!(mission_on_screen(&window), None, "while the computer plays");
            continue;
        }
        if holders.len() == 2 && hidden_checked >= 2 {
            break;
        }
        let (page, person, shown_to, expected) = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            let game = session.game();
            assert!(game.winner().is_none(), "the game ended before every check");
            let shown_to = session.secrets_shown_to();
            // Words the seat's own mission must show: a number, a seat, a continent.
            let expected = shown_to.map(|seat| match game.mission(seat).expect("dealt") {
                Mission::Territories { count } | Mission::TerritoriesWithArmies { count, .. } => {
                    count.to_string()
                }
                Mission::Eliminate { seat } => session.names()[seat.index()].clone(),
                Mission::Continents { continents, .. } => {
                    game.board().group(continents[0]).name.clone()
                }
            });
            (model.page, session.human_to_move(), shown_to, expected)
        };
        match shown_to {
            None => {
                assert_eq!(
                    mission_on_screen(&window),
                    None,
                    "before the screen is taken"
                );
            }
            Some(seat) => {
                let shown = mission_on_screen(&window).expect("the person's mission is shown");
                let expected = expected.unwrap();
                assert!(shown.contains(&expected), "{shown:?} names {expected:?}");
                holders.insert(seat);
            }
        }
        if page == Page::Privacy {
            hidden_checked += 1;
            window.emit(MainWindowInput::PrivacyCleared);
            continue;
        }
        if person.is_none() {
            continue;
        }
        let action = chooser
            .choose(window.model().session.as_ref().unwrap().game())
            .unwrap();
        window.emit(MainWindowInput::Act(action));
    }
    assert_eq!(holders.len(), 2, "both people saw their mission");
    assert!(hidden_checked >= 2, "{hidden_checked} pass pages checked");
}

/// The territories the window's map lights now, in board order.
fn lit_on_the_map(
    window: &Controller<MainWindow>,
) -> Vec<(castellan_engine::board::TerritoryId, crate::map::TargetKind)> {
    window.model().map.as_ref().unwrap().model().lit()
}

/// Plays people as the computer would until one of them may attack by land and by
/// sea; returns whether that came.
fn play_until_the_admiral(window: &Controller<MainWindow>, chooser: &mut Computers) -> bool {
    use castellan_engine::game::Choice;
    play_people(window, 20_000, |session| {
        let legal = session.game().legal_actions();
        let offers = |sea: bool| {
            legal.choices.iter().any(|c| match c {
                Choice::AdmiralAttack { routes } => sea && !routes.is_empty(),
                Choice::Attack { routes } => !sea && !routes.is_empty(),
                _ => false,
            })
        };
        if offers(true) && offers(false) && session.source().is_none() {
            return None;
        }
        Some(chooser.choose(session.game()).unwrap())
    })
}

/// An attack by sea on the world board, whose seas have shapes, written to
/// `$CASTELLAN_TURN_SHOTS/admiral-attack.png` for people to look at.
#[gtk::test]
#[ignore = "writes a picture for people to look at"]
fn an_attack_by_sea_in_a_picture() {
    use castellan_engine::game::Choice;
    let Some(dir) = std::env::var_os("CASTELLAN_TURN_SHOTS") else {
        return;
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let board = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/world.toml");
    let setup = GameSetup {
        seats: vec![
            seat("Anna", 0, false),
            seat("Ben", 1, false),
            seat("Cleo", 2, true),
        ],
        seed: Some(8),
        board: Some(board),
        ..GameSetup::default_for(2, |_| String::new())
    };
    let game = new_game::resolve(setup).unwrap();
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(game)))
        .detach();
    window.widget().present();
    let mut chooser = Computers::new(3, 8);
    assert!(play_until_the_admiral(&window, &mut chooser));
    named(window.widget(), "choose-admiral")
        .downcast::<gtk::ToggleButton>()
        .unwrap()
        .set_active(true);
    settle();
    let route = {
        let model = window.model();
        let legal = model.session.as_ref().unwrap().game().legal_actions();
        legal
            .choices
            .into_iter()
            .find_map(|c| match c {
                // The longest way that stays within the board (not round its edge).
                Choice::AdmiralAttack { routes } => routes
                    .into_iter()
                    .filter(|r| {
                        let board = model.session.as_ref().unwrap().board();
                        let dx = board.territory(r.from).geometry.badge.x
                            - board.territory(r.to).geometry.badge.x;
                        dx.abs() < board.width / 2.0
                    })
                    .max_by(|a, b| {
                        let board = model.session.as_ref().unwrap().board();
                        let far = |r: &castellan_engine::game::Route| {
                            let (p, q) = (
                                board.territory(r.from).geometry.badge,
                                board.territory(r.to).geometry.badge,
                            );
                            (p.x - q.x).hypot(p.y - q.y)
                        };
                        far(a).total_cmp(&far(b))
                    }),
                _ => None,
            })
            .unwrap()
    };
    window.emit(MainWindowInput::MapClicked(route.from, ClickKind::Plain));
    settle();
    super::panel_testing::save_window_png(window.widget(), &dir.join("admiral-chosen.png"));
    window.emit(MainWindowInput::MapClicked(route.to, ClickKind::Plain));
    let end = Instant::now() + Duration::from_millis(900);
    while Instant::now() < end {
        settle();
    }
    super::panel_testing::save_window_png(window.widget(), &dir.join("admiral-attack.png"));
}

#[gtk::test]
fn the_admirals_toggle_switches_what_the_map_lights() {
    use crate::map::TargetKind;
    use castellan_engine::game::Choice;
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    let mut chooser = Computers::new(3, 8);
    assert!(
        play_until_the_admiral(&window, &mut chooser),
        "no person was ever offered the Admiral"
    );
    settle();
    let toggle = named(window.widget(), "choose-admiral")
        .downcast::<gtk::ToggleButton>()
        .expect("the Admiral's row has a toggle");
    assert!(
        toggle.is_sensitive() && !toggle.is_active(),
        "sensitive {} active {} page {:?} secrets {:?}",
        toggle.is_sensitive(),
        toggle.is_active(),
        window.model().page,
        window.model().session.as_ref().unwrap().snapshot().withheld,
    );
    let ordinary = lit_on_the_map(&window);
    assert!(!ordinary.is_empty());

    // Chosen: the map lights the sources of the Admiral's routes, and nothing else.
    toggle.set_active(true);
    settle();
    let (sea_sources, first) = {
        let model = window.model();
        let session = model.session.as_ref().unwrap();
        assert!(session.admiral_chosen());
        let routes: Vec<_> = session
            .game()
            .legal_actions()
            .choices
            .into_iter()
            .find_map(|c| match c {
                Choice::AdmiralAttack { routes } => Some(routes),
                _ => None,
            })
            .unwrap();
        let mut sources: Vec<_> = routes
            .iter()
            .map(|r| (r.from, TargetKind::Adjacent))
            .collect();
        sources.sort_by_key(|&(t, _)| t);
        sources.dedup();
        (sources, routes[0])
    };
    assert_eq!(lit_on_the_map(&window), sea_sources);
    assert_eq!(
        label_text(&window, "admiral-stays"),
        "Click the coast of yours to sail from"
    );
    let aboard_row = |window: &Controller<MainWindow>| {
        named(window.widget(), "admiral-aboard")
            .parent()
            .unwrap()
            .get_visible()
    };
    assert!(!aboard_row(&window), "no count before the coast is chosen");
    // A coast chosen: only the coasts across the sea light up, as such; the panel
    // says how many sail and what stays behind.
    window.emit(MainWindowInput::MapClicked(first.from, ClickKind::Plain));
    settle();
    let lit = lit_on_the_map(&window);
    assert!(lit.contains(&(first.to, TargetKind::AcrossSea)), "{lit:?}");
    assert!(lit.iter().all(|&(_, kind)| kind == TargetKind::AcrossSea));
    let (aboard, stay) = {
        let model = window.model();
        let session = model.session.as_ref().unwrap();
        let aboard = session.admiral_aboard().unwrap();
        (aboard.armies, aboard.from.unwrap().stay)
    };
    let spin = named(window.widget(), "admiral-aboard")
        .downcast::<gtk::SpinButton>()
        .unwrap();
    assert!(aboard_row(&window));
    assert_eq!(spin.value_as_int() as u32, aboard);
    let stays = label_text(&window, "admiral-stays");
    assert!(stays.starts_with(&format!("{stay} stay")), "{stays}");

    // Escape forgets the coast, then the Admiral: the toggle follows.
    window.emit(MainWindowInput::MapEscape);
    settle();
    assert_eq!(lit_on_the_map(&window), sea_sources);
    assert!(toggle.is_active());
    window.emit(MainWindowInput::MapEscape);
    settle();
    assert!(!toggle.is_active());
    assert_eq!(lit_on_the_map(&window), ordinary);

    // Chosen and put back with the toggle itself.
    toggle.set_active(true);
    settle();
    assert_eq!(lit_on_the_map(&window), sea_sources);
    toggle.set_active(false);
    settle();
    assert_eq!(lit_on_the_map(&window), ordinary);
}

/// Castle placing, claiming and setup placements are public, and in hot-seat they are
/// made without passing the screen: while nobody holds a secret the side panel shows
/// the public "No cards" and the hidden armies' public line, not "hidden until the
/// next person takes the screen", which comes only once the person waiting for the
/// screen holds cards.
#[gtk::test]
fn the_side_panel_says_hidden_only_when_a_secret_is_kept_from_the_screen() {
    const HIDDEN: &str = "Hidden until the next person takes the screen";
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    window.emit(MainWindowInput::SetSpeed(GameSpeed::Instant));
    settle();
    let mut chooser = Computers::new(3, 8);
    let (mut public_steps, mut withheld) = (0, false);
    for _ in 0..20_000 {
        settle();
        if window.model().thought.is_some() {
            continue;
        }
        let (page, pending, seat, holds_cards, shown) = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            let game = session.game();
            assert!(game.winner().is_none(), "the game ended first");
            let viewer = session.viewer();
            (
                model.page,
                game.pending().unwrap().decision,
                session.human_to_move(),
                !game.hand(viewer).is_empty(),
                session.secrets_shown_to() == Some(viewer),
            )
        };
        let no_cards = label_text(&window, "no-cards");
        let hidden_armies = label_text(&window, "hidden-armies");
        if seat.is_some() && !pending.is_private() {
            // A person claims or places in public, the screen never passed to them.
            assert!(!shown, "{pending:?}: the screen was not passed");
            if !holds_cards {
                assert_eq!(no_cards, "No cards", "{pending:?}");
            }
            assert_ne!(hidden_armies, HIDDEN, "{pending:?}");
            public_steps += 1;
        }
        if page == Page::Privacy {
            if holds_cards {
                // The next person's cards are kept from the screen, and it says so.
                assert_eq!(no_cards, HIDDEN, "{pending:?}");
                withheld = true;
                break;
            }
            window.emit(MainWindowInput::PrivacyCleared);
            continue;
        }
        if seat.is_none() {
            continue;
        }
        let action = chooser
            .choose(window.model().session.as_ref().unwrap().game())
            .unwrap();
        window.emit(MainWindowInput::Act(action));
    }
    assert!(public_steps > 10, "{public_steps} public steps seen");
    assert!(withheld, "no person with cards ever waited for the screen");
}

#[gtk::test]
fn a_move_in_is_taken_back_with_its_log_line_and_no_roll_is() {
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    settle();
    let mut chooser = Computers::new(3, 8);
    let decision = play_until(
        &window,
        &mut chooser,
        |d| matches!(d, Decision::MoveIn { min, max, .. } if max > min),
    );
    let Decision::MoveIn { max, .. } = decision else {
        unreachable!()
    };
    let undo_shown = |window: &Controller<MainWindow>| {
        let button = named(window.widget(), "undo");
        button.get_visible() && button.is_sensitive()
    };
    assert!(!undo_shown(&window), "the capture came of a roll");
    let history = |window: &Controller<MainWindow>| {
        window
            .model()
            .session
            .as_ref()
            .unwrap()
            .game()
            .history()
            .len()
    };
    let (log_before, history_before) = (log_text(&window), history(&window));
    window.emit(MainWindowInput::Act(Action::MoveIn { armies: max }));
    settle();
    assert!(undo_shown(&window), "the move-in may be taken back");
    assert_ne!(log_text(&window), log_before, "the log told the move");
    WidgetExt::activate_action(window.widget(), "win.undo", None).unwrap();
    settle();
    assert_eq!(history(&window), history_before, "the game is as before");
    assert_eq!(log_text(&window), log_before, "and so is its log");
    assert!(matches!(
        window
            .model()
            .session
            .as_ref()
            .unwrap()
            .game()
            .pending()
            .map(|p| p.decision),
        Some(Decision::MoveIn { .. })
    ));
    assert!(!undo_shown(&window), "nothing before the roll comes back");
    // Undo again does nothing.
    WidgetExt::activate_action(window.widget(), "win.undo", None).unwrap();
    settle();
    assert_eq!(history(&window), history_before);
}

#[gtk::test]
fn the_side_panels_keep_their_width_when_a_hand_of_cards_shows() {
    // A card row expands to the panel's width; that must not make the panels
    // expand, or the flap takes half the window from the map (seen by hand).
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    settle();
    let mut chooser = Computers::new(3, 8);
    let shown = play_people(&window, 3_000, |session| {
        let game = session.game();
        let holds = matches!(game.pending().unwrap().decision, Decision::Play { .. })
            && game
                .legal_actions()
                .allows(&Action::PlayReinforcements { cards: 1 });
        (!holds).then(|| chooser.choose(game).unwrap())
    });
    assert!(shown, "a person held Reinforcements");
    let side = named(window.widget(), "side-panels");
    let hand = named(window.widget(), "hand");
    assert!(hand.compute_expand(gtk::Orientation::Horizontal));
    assert!(!side.compute_expand(gtk::Orientation::Horizontal));
    let (_, natural, _, _) = side.measure(gtk::Orientation::Horizontal, -1);
    assert!(natural < 400, "the side panels ask for {natural} px");
}

#[gtk::test]
fn a_reopened_save_tells_its_past_to_the_log_only() {
    // Opening a save used to hand its whole history to the battle panel, which then
    // showed a stale summary of the last battle, with its territory name missing.
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    settle();
    let mut chooser = Computers::new(3, 8);
    play_until(
        &window,
        &mut chooser,
        |d| matches!(d, Decision::MoveIn { min, max, .. } if max > min),
    );
    let path = std::env::temp_dir().join(format!("reopened-{}.castellan", std::process::id()));
    window.emit(MainWindowInput::SaveTo(path.clone()));
    settle();
    let log = log_text(&window);
    let reopened = MainWindow::builder()
        .launch(Startup::Open(path.clone()))
        .detach();
    settle();
    let _ = std::fs::remove_file(&path);
    assert_eq!(log_text(&reopened), log, "the log tells the whole past");
    let outcome = named(reopened.widget(), "outcome");
    assert!(
        !outcome.get_visible() || !shown_in_tree(&outcome),
        "no battle summary from the past: {:?}",
        outcome.downcast::<gtk::Label>().map(|l| l.text())
    );
}

/// The tip on screen (the bar's own state, and its label when shown).
fn tip_on_screen(window: &Controller<MainWindow>) -> Option<TipKind> {
    let shown = window.model().tips.model().shown();
    assert_eq!(
        named(window.widget(), "tip").get_visible(),
        window.model().tips.model().keeps_place(),
        "the bar shows when it has a tip, and keeps its place while tips are on"
    );
    assert_eq!(
        label_text(window, "tip-text"),
        shown.map(TipKind::text).unwrap_or_default()
    );
    shown
}

#[gtk::test]
fn the_first_games_tips_follow_a_persons_decisions_and_close_for_good() {
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    settle();
    assert!(
        window.model().first_game_tips,
        "on before any game is finished"
    );
    let mut chooser = Computers::new(3, 8);
    play_until(&window, &mut chooser, |d| {
        matches!(d, Decision::PlaceArmies { .. })
    });
    assert_eq!(tip_on_screen(&window), Some(TipKind::Placement));
    assert!(label_text(&window, "tip-text").contains("Ctrl+Enter"));
    // The computer's decisions and the page between people get no tip; a person's
    // decision gets the tip of its kind.
    let (mut kinds, mut computer_seen) = (std::collections::BTreeSet::new(), false);
    for _ in 0..400 {
        settle();
        if window.model().thought.is_some() {
            assert_eq!(tip_on_screen(&window), None, "while the computer decides");
            computer_seen = true;
            wait_for_the_computer(&window);
            continue;
        }
        if window.model().page == Page::Privacy {
            assert_eq!(tip_on_screen(&window), None, "behind the privacy page");
            window.emit(MainWindowInput::PrivacyCleared);
            continue;
        }
        let decision = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            let Some(seat) = session.human_to_move() else {
                continue;
            };
            let pending = session.game().pending().unwrap();
            assert_eq!(pending.seat, seat);
            pending.decision
        };
        let kind = TipKind::of(&decision);
        assert_eq!(tip_on_screen(&window), Some(kind), "{decision:?}");
        kinds.insert(format!("{kind:?}"));
        let action = {
            let model = window.model();
            chooser
                .choose(model.session.as_ref().unwrap().game())
                .unwrap()
        };
        if kinds.len() >= 3 && computer_seen {
            break;
        }
        window.emit(MainWindowInput::Act(action));
    }
    assert!(
        kinds.len() >= 3 && computer_seen,
        "{kinds:?}, {computer_seen}"
    );
    // The close button switches the tips off, and the menu's check with them.
    until_a_person_decides(&window);
    assert!(tip_on_screen(&window).is_some());
    named(window.widget(), "close-tip")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle();
    assert!(!window.model().first_game_tips);
    assert_eq!(tip_on_screen(&window), None);
    WidgetExt::activate_action(window.widget(), "win.first-game-tips", None).unwrap();
    settle();
    assert!(
        window.model().first_game_tips,
        "the menu's check, put off by the close button, switches them on again"
    );
    assert!(tip_on_screen(&window).is_some());
}

/// The golden four-seat game of the engine's tests, cut after `actions` actions and
/// seated by four people (defending in person, so that its actions replay one by
/// one in the window), written to a file of its own.
fn golden_game_cut(actions: usize, name: &str) -> std::path::PathBuf {
    let mut save: serde_json::Value = serde_json::from_str(include_str!(
        "../../../engine/tests/golden/four-seats.save.json"
    ))
    .unwrap();
    save["actions"].as_array_mut().unwrap().truncate(actions);
    let seats: Vec<SeatSettings> = ["Anna", "Béla", "Chloé", "Dmitri"]
        .iter()
        .enumerate()
        .map(|(i, name)| seat(name, i as u8, false))
        .collect();
    save["app"] = serde_json::json!({ "seats": seats, "quick_defence": false });
    let dir = std::env::temp_dir().join(format!("castellan-golden-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.castellan"));
    std::fs::write(&path, save.to_string()).unwrap();
    path
}

/// The golden game's actions, and the index of the first that puts a seat out.
fn golden_actions_and_first_elimination() -> (Vec<(castellan_engine::game::Seat, Action)>, usize) {
    let saved = castellan_engine::game::SavedGame::from_json(include_str!(
        "../../../engine/tests/golden/four-seats.save.json"
    ))
    .unwrap();
    let (mut index, mut first) = (0, None);
    saved
        .replay_with(|_, events| {
            if first.is_none()
                && events.iter().any(|e| {
                    matches!(
                        e.kind,
                        castellan_engine::game::EventKind::SeatEliminated { .. }
                    )
                })
            {
                first = Some(index);
            }
            index += 1;
        })
        .unwrap();
    (
        saved.actions,
        first.expect("the golden game has eliminations"),
    )
}

/// Plays `action` in the window as its person, taking the screen first if asked.
fn act_in_person(window: &Controller<MainWindow>, action: Action) {
    settle();
    if window.model().page == Page::Privacy {
        window.emit(MainWindowInput::PrivacyCleared);
        settle();
    }
    window.emit(MainWindowInput::Act(action));
    settle();
}

#[gtk::test]
fn an_elimination_is_announced_over_the_map_until_dismissed_and_never_on_reopening() {
    let (actions, first) = golden_actions_and_first_elimination();
    let window = MainWindow::builder()
        .launch(Startup::Open(golden_game_cut(first, "before")))
        .detach();
    settle();
    let banner = named(window.widget(), "elimination-banner")
        .downcast::<gtk::Revealer>()
        .unwrap();
    assert!(window.model().eliminations.model().shown().is_empty());
    act_in_person(&window, actions[first].1.clone());
    let shown = window.model().eliminations.model().shown().to_vec();
    assert_eq!(shown.len(), 1, "{shown:?}");
    assert!(
        shown[0].text.contains(": out of the game — "),
        "{}",
        shown[0].text
    );
    assert!(banner.reveals_child());
    assert!(label_text(&window, "elimination-text").contains(&shown[0].text));
    // Over the map: the banner and the map share an overlay on the game page.
    let overlay = banner.parent().unwrap().downcast::<gtk::Overlay>().unwrap();
    assert!(
        overlay
            .child()
            .is_some_and(|map_holder| map_holder.first_child().is_some())
    );
    named(window.widget(), "dismiss-elimination")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle();
    assert!(window.model().eliminations.model().shown().is_empty());
    assert!(!banner.reveals_child());

    // Announced again, it stays while the turn goes on and goes when a person's
    // next turn begins.
    window.emit(MainWindowInput::OpenFile(golden_game_cut(first, "again")));
    settle();
    act_in_person(&window, actions[first].1.clone());
    let turn = |window: &Controller<MainWindow>| {
        window
            .model()
            .session
            .as_ref()
            .unwrap()
            .game()
            .turn_number()
    };
    let start = turn(&window);
    let mut next = first + 1;
    while turn(&window) == start {
        assert!(!window.model().eliminations.model().shown().is_empty());
        act_in_person(&window, actions[next].1.clone());
        next += 1;
    }
    assert!(window.model().eliminations.model().shown().is_empty());

    // Reopened after it, the elimination is in the log and announced nowhere.
    window.emit(MainWindowInput::OpenFile(golden_game_cut(
        first + 1,
        "after",
    )));
    settle();
    assert!(window.model().eliminations.model().shown().is_empty());
    assert!(!banner.reveals_child());
    assert!(log_text(&window).contains("Out of the game: "));
}

#[gtk::test]
fn finishing_a_game_ends_the_first_games_tips() {
    let (actions, _) = golden_actions_and_first_elimination();
    let last = actions.len() - 1;
    let window = MainWindow::builder()
        .launch(Startup::Open(golden_game_cut(last, "almost-won")))
        .detach();
    settle();
    assert!(window.model().first_game_tips);
    act_in_person(&window, actions[last].1.clone());
    assert_eq!(window.model().page, Page::Victory);
    assert!(
        window.model().toasts.closed() && window.model().toasts.live() == 0,
        "no toast after the game ended"
    );
    assert!(!window.model().first_game_tips, "off once a game is won");
    assert_eq!(tip_on_screen(&window), None);
    // A finished game reopened is not finished again: switched back on, tips stay.
    window.emit(MainWindowInput::SetFirstGameTips(true));
    window.emit(MainWindowInput::OpenFile(golden_game_cut(last + 1, "won")));
    settle();
    assert_eq!(window.model().page, Page::Victory);
    assert!(window.model().first_game_tips);
}

#[gtk::test]
fn the_first_start_plays_the_person_against_the_computer_without_a_pass_page() {
    // Issue 26: with no remembered setup, the dialog's Start gives one person against
    // computer seats of Normal strength on Castle Risk by the rulebook, and the
    // person's first decision is on screen at once.
    let window = MainWindow::builder().launch(Startup::Dialog).detach();
    settle();
    let dialog = window.model().new_game.widget().clone();
    assert!(
        dialog.is_visible(),
        "a first start opens the new-game dialog"
    );
    // At a glance: the person's row and the computers' rows say who plays them.
    let kind = |seat: usize| {
        named(&dialog, &format!("seat-kind-{seat}"))
            .downcast::<gtk::Image>()
            .unwrap()
            .icon_name()
            .map(String::from)
    };
    assert_eq!(kind(0).as_deref(), Some(super::new_game::PERSON_ICON));
    assert_eq!(kind(1).as_deref(), Some(super::new_game::COMPUTER_ICON));
    let computer_pressed = |seat: usize| {
        named(&dialog, &format!("seat-computer-{seat}"))
            .downcast::<gtk::ToggleButton>()
            .unwrap()
            .is_active()
    };
    assert!(!computer_pressed(0) && computer_pressed(1));
    named(&dialog, "start")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle();
    let model = window.model();
    let session = model.session.as_ref().expect("Start started a game");
    let people: Vec<_> = session.seats().iter().filter(|s| !s.computer).collect();
    assert_eq!(people.len(), 1, "one person");
    assert!(session.seats().len() >= 2);
    assert!(
        session
            .seats()
            .iter()
            .filter(|s| s.computer)
            .all(|s| s.strength == castellan_engine::bot::Strength::Normal)
    );
    assert_eq!(
        session.board().territories.len(),
        44,
        "the Castle Risk board"
    );
    assert!(session.game().variant().plays_as_rulebook());
    let person = people[0].name.clone();
    drop(model);
    // The computers place their castles first when one of them starts the setup;
    // the screen never waits to be passed.
    for _ in 0..50 {
        assert_eq!(
            window.model().page,
            Page::Game,
            "no pass page for one person"
        );
        if window
            .model()
            .session
            .as_ref()
            .unwrap()
            .human_to_move()
            .is_some()
        {
            break;
        }
        wait_for_the_computer(&window);
    }
    let status = label_text(&window, "status");
    assert!(
        status.starts_with(&format!("{person}: place your castle")),
        "{status}"
    );
    assert!(!dialog.is_visible());
}

mod steady;
