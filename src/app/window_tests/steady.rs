//! Issue 20, "the table holds still": the window played through a whole stretch of
//! game, checking that what people aim at stays where it was (the side panels' width,
//! the map's area, the action buttons), that nothing stale stays on screen, and that
//! every ignored click says why.

use std::time::{Duration, Instant};

use castellan_engine::game::Decision;
use relm4::adw::prelude::*;
use relm4::prelude::*;

use super::super::computer::{Computers, GameSpeed};
use super::super::panel_testing::{named, settle};
use super::super::window::{MainWindow, MainWindowInput, Page, Startup};
use super::{two_people_and_a_computer, wait_for_the_computer};

/// Lets the window lay out and draw what changed (a presented window does so on
/// its frame clock).
fn lay_out() {
    let end = Instant::now() + Duration::from_millis(60);
    while Instant::now() < end {
        settle();
    }
}

/// A place in the window: x, y, width and height in whole pixels.
type Place = (i32, i32, i32, i32);

/// Where `widget` lies in `window`.
fn bounds_in(widget: &impl IsA<gtk::Widget>, window: &Controller<MainWindow>) -> Place {
    let rect = widget
        .compute_bounds(window.widget())
        .expect("the widget is in the window");
    (
        rect.x().round() as i32,
        rect.y().round() as i32,
        rect.width().round() as i32,
        rect.height().round() as i32,
    )
}

/// A presented window at its default size with a game of two people and a computer
/// playing at once.
fn presented_game() -> Controller<MainWindow> {
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    window.widget().present();
    window.emit(MainWindowInput::SetSpeed(GameSpeed::Instant));
    lay_out();
    window
}

#[gtk::test]
fn the_side_panels_and_the_map_keep_their_size_through_the_decisions_of_a_game() {
    let window = presented_game();
    let side = named(window.widget(), "side-panels");
    let map = window.model().map.as_ref().unwrap().widget().clone();
    let undo = named(window.widget(), "undo");
    let slot = named(window.widget(), "primary-slot");
    let mut chooser = Computers::new(3, 8);
    let mut seen: Vec<(&'static str, i32, Place)> = Vec::new();
    let mut buttons: Vec<(&'static str, Place, Place)> = Vec::new();
    let roll = named(window.widget(), "roll-once");
    let mut rolls: Vec<Place> = Vec::new();
    let mut kinds = std::collections::BTreeSet::new();
    for _ in 0..600 {
        wait_for_the_computer(&window);
        if window.model().page == Page::Privacy {
            window.emit(MainWindowInput::PrivacyCleared);
            lay_out();
            continue;
        }
        let Some((decision, action)) = ({
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            session.human_to_move().map(|_| {
                let game = session.game();
                (
                    game.pending().unwrap().decision,
                    chooser.choose(game).unwrap(),
                )
            })
        }) else {
            if window
                .model()
                .session
                .as_ref()
                .unwrap()
                .game()
                .winner()
                .is_some()
            {
                break;
            }
            continue;
        };
        lay_out();
        let kind = match decision {
            Decision::Defend { .. } => "defend",
            Decision::Roll { .. } => "roll",
            Decision::MoveIn { .. } => "move in",
            Decision::PlaceArmies { .. } => "place",
            Decision::Play { .. } => "play",
            _ => "other",
        };
        kinds.insert(kind);
        seen.push((kind, side.width(), bounds_in(&map, &window)));
        assert!(undo.is_visible() && slot.is_visible(), "{kind}");
        buttons.push((kind, bounds_in(&undo, &window), bounds_in(&slot, &window)));
        if kind == "roll" {
            rolls.push(bounds_in(&roll, &window));
        }
        window.emit(MainWindowInput::Act(action));
        settle();
        if ["defend", "move in", "roll", "place", "play"]
            .iter()
            .all(|kind| kinds.contains(kind))
            && rolls.len() >= 4
        {
            break;
        }
    }
    assert!(
        kinds.contains("defend") && kinds.contains("move in"),
        "a defence and a move-in came: {kinds:?}"
    );
    let (_, side_width, map_area) = seen[0];
    assert_eq!(side_width, super::super::window::SIDEBAR_WIDTH);
    let moved: Vec<_> = seen
        .iter()
        .filter(|(_, side, map)| *side != side_width || *map != map_area)
        .collect();
    assert!(
        moved.is_empty(),
        "the side panels ({side_width} px) or the map ({map_area:?}) changed: {moved:?}"
    );
    // Undo and the button that goes on (End Turn, Confirm, …) never move: a click
    // meant for one never lands on the other.
    let (_, undo_at, slot_at) = buttons[0];
    let moved: Vec<_> = buttons
        .iter()
        .filter(|(_, undo, slot)| *undo != undo_at || *slot != slot_at)
        .collect();
    assert!(
        moved.is_empty(),
        "Undo ({undo_at:?}) or the last slot ({slot_at:?}) moved: {moved:?}"
    );
    // Roll stays where it was from one roll to the next, dice shown or not yet.
    assert!(rolls.len() >= 2, "{} rolls", rolls.len());
    assert!(
        rolls.iter().all(|r| *r == rolls[0]),
        "Roll moved: {rolls:?}"
    );
}

#[gtk::test]
fn computer_turns_are_summed_up_one_at_a_time_and_their_attacks_told_as_such() {
    let setup = super::GameSetup {
        seats: vec![
            super::seat("Anna", 0, true),
            super::seat("Ben", 1, true),
            super::seat("Cleo", 2, true),
        ],
        seed: Some(5),
        ..super::GameSetup::default_for(2, |_| String::new())
    };
    let game = super::super::new_game::resolve(setup).unwrap();
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(game)))
        .detach();
    window.widget().present();
    window.emit(MainWindowInput::SetSpeed(GameSpeed::Instant));
    lay_out();
    let toast = named(window.widget(), "toast");
    let bar = named(window.widget(), "action-bar");
    let map = window.model().map.as_ref().unwrap().widget().clone();
    // The toast lies over the map: its whole place ends above the action bar.
    let over = toast.parent().expect("the toast is over something");
    assert!(map.is_ancestor(&over), "the toast is laid over the map");
    let (_, over_y, _, over_height) = bounds_in(&over, &window);
    let (_, bar_y, ..) = bounds_in(&bar, &window);
    assert!(
        over_y + over_height <= bar_y,
        "the toast ends above the bar"
    );
    // At Instant speed turns end faster than anyone reads: one summary at a time.
    let mut turns = 0;
    let deadline = Instant::now() + Duration::from_secs(20);
    while turns < 6 && Instant::now() < deadline {
        settle();
        let model = window.model();
        assert!(model.toasts.live() <= 1, "{} toasts", model.toasts.live());
        let game = model.session.as_ref().unwrap().game();
        turns = game.turn_number();
        // A defence is the attacker's turn going on: never "thinking…" of the defender.
        if let Some(Decision::Defend { .. }) = game.pending().map(|p| p.decision) {
            let status = super::label_text(&window, "status");
            assert!(status.starts_with("Attack on "), "{status}");
        }
    }
    assert!(turns >= 6, "the computers played on");
}

/// Whether the log's view shows its last line.
fn log_at_the_end(window: &Controller<MainWindow>) -> bool {
    let log = window.model().log.widget().clone();
    let adjustment = log.vadjustment();
    adjustment.value() + adjustment.page_size() >= adjustment.upper() - 1.0
}

#[gtk::test]
fn the_log_follows_the_newest_line_through_a_game_unless_scrolled_back() {
    let window = presented_game();
    let mut chooser = Computers::new(3, 8);
    let mut checked = 0;
    for _ in 0..400 {
        wait_for_the_computer(&window);
        if window.model().page == Page::Privacy {
            window.emit(MainWindowInput::PrivacyCleared);
            lay_out();
            continue;
        }
        let Some(action) = ({
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            session
                .human_to_move()
                .map(|_| chooser.choose(session.game()).unwrap())
        }) else {
            continue;
        };
        lay_out();
        if !log_at_the_end(&window) {
            // Rows are measured a frame or two after they come.
            lay_out();
            lay_out();
        }
        let adjustment = window.model().log.widget().vadjustment();
        assert!(
            log_at_the_end(&window),
            "the log stopped following after {checked} decisions: {} + {} of {}, following {}",
            adjustment.value(),
            adjustment.page_size(),
            adjustment.upper(),
            window.model().log.model().following()
        );
        checked += 1;
        window.emit(MainWindowInput::Act(action));
        settle();
        if checked >= 120 {
            break;
        }
    }
    assert!(checked >= 120, "{checked} decisions");
    // Scrolled back by the reader, it stays where they put it.
    let log = window.model().log.widget().clone();
    let adjustment = log.vadjustment();
    window.model().log.model().reader_scrolls_to(&log, 0.0);
    let before = window.model().log.model().text().lines().count();
    for _ in 0..200 {
        wait_for_the_computer(&window);
        if window.model().page == Page::Privacy {
            window.emit(MainWindowInput::PrivacyCleared);
        }
        let action = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            session
                .human_to_move()
                .map(|_| chooser.choose(session.game()).unwrap())
        };
        if let Some(action) = action {
            window.emit(MainWindowInput::Act(action));
        }
        lay_out();
        if window.model().log.model().text().lines().count() > before + 5 {
            break;
        }
    }
    assert!(window.model().log.model().text().lines().count() > before);
    assert_eq!(adjustment.value(), 0.0, "the reader's place is kept");
}

/// Whether the widget named `name` shows, itself and every parent.
fn showing(window: &Controller<MainWindow>, name: &str) -> bool {
    super::shown_in_tree(&named(window.widget(), name))
}

#[gtk::test]
fn a_new_attack_and_a_new_game_start_with_a_clean_battle_panel() {
    let window = presented_game();
    let mut chooser = Computers::new(3, 8);
    let mut summary_seen = false;
    let mut clean_battles = 0;
    for _ in 0..1_500 {
        wait_for_the_computer(&window);
        if window.model().page == Page::Privacy {
            window.emit(MainWindowInput::PrivacyCleared);
            settle();
            continue;
        }
        let outcome = showing(&window, "outcome");
        summary_seen |= outcome;
        let Some((decision, action)) = ({
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            session.human_to_move().map(|_| {
                let game = session.game();
                (
                    game.pending().unwrap().decision,
                    chooser.choose(game).unwrap(),
                )
            })
        }) else {
            continue;
        };
        // The first roll of an attack, or a defence against its first roll: nothing
        // of the last attack is left in the panel.
        let first_roll = !window.model().battle.model().rolled_in_this_attack();
        if first_roll && matches!(decision, Decision::Roll { .. } | Decision::Defend { .. }) {
            assert!(!outcome, "the last attack's summary over a new one");
            assert!(
                !window.model().battle.model().shows_dice(),
                "the last attack's dice"
            );
            clean_battles += 1;
        }
        window.emit(MainWindowInput::Act(action));
        settle();
        if summary_seen && clean_battles >= 3 && outcome {
            break;
        }
    }
    assert!(
        summary_seen && clean_battles >= 3,
        "{summary_seen} {clean_battles}"
    );
    // A new game, classic after Castle Risk: nothing of the last game's battles.
    let setup = super::GameSetup {
        seats: vec![super::seat("Anna", 0, false), super::seat("Ben", 1, true)],
        seed: Some(2),
        variant: Some(super::super::library::shipped_folder("variants").join("classic.toml")),
        board: Some(super::super::library::shipped_folder("boards").join("classic.toml")),
        ..super::GameSetup::default_for(2, |_| String::new())
    };
    let game = super::super::new_game::resolve(setup).unwrap();
    window.emit(MainWindowInput::StartGame(Box::new(game)));
    lay_out();
    assert!(
        !showing(&window, "outcome"),
        "the last game's battle summary"
    );
    assert!(
        !window.model().battle.model().shows_dice(),
        "the last game's dice"
    );
}

#[gtk::test]
fn the_hand_off_page_tells_every_turn_since_the_person_last_had_the_screen() {
    use castellan_engine::game::EventKind;
    let window = presented_game();
    let mut chooser = Computers::new(3, 8);
    let mut pages_with_turns = 0;
    for _ in 0..1_500 {
        wait_for_the_computer(&window);
        if window.model().page == Page::Privacy {
            let (names, turns_played) = {
                let model = window.model();
                let session = model.session.as_ref().unwrap();
                let seat = session.pass_to().unwrap();
                let (_, news) = session.news_for(seat);
                let turns: Vec<_> = news
                    .iter()
                    .filter_map(|e| match e.event.kind {
                        // A turn that began and went on: something to tell of it.
                        EventKind::TurnStarted { seat: by, .. } if by != seat => Some(by),
                        _ => None,
                    })
                    .collect();
                (session.names(), turns)
            };
            let page = window
                .model()
                .privacy
                .widget()
                .description()
                .unwrap_or_default();
            for by in &turns_played {
                let line = format!("• {}: ", names[by.index()]);
                assert!(page.contains(&line), "no {line:?} on the page:\n{page}");
            }
            if !turns_played.is_empty() {
                pages_with_turns += 1;
            }
            window.emit(MainWindowInput::PrivacyCleared);
            settle();
            if pages_with_turns >= 3 {
                break;
            }
            continue;
        }
        let action = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            session
                .human_to_move()
                .map(|_| chooser.choose(session.game()).unwrap())
        };
        if let Some(action) = action {
            window.emit(MainWindowInput::Act(action));
            settle();
        }
    }
    assert!(
        pages_with_turns >= 3,
        "{pages_with_turns} pages told of turns"
    );
}

#[gtk::test]
fn every_ignored_click_says_why_on_the_status_line() {
    use super::super::map_view::ClickKind;
    let window = presented_game();
    let mut chooser = Computers::new(3, 8);
    let (mut hidden, mut others) = (false, false);
    for _ in 0..1_500 {
        wait_for_the_computer(&window);
        if window.model().page == Page::Privacy {
            window.emit(MainWindowInput::PrivacyCleared);
            settle();
            continue;
        }
        let Some((seat, decision, action)) = ({
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            session.human_to_move().map(|seat| {
                let game = session.game();
                (
                    seat,
                    game.pending().unwrap().decision,
                    chooser.choose(game).unwrap(),
                )
            })
        }) else {
            continue;
        };
        let (castle, someone_elses) = {
            let model = window.model();
            let game = model.session.as_ref().unwrap().game();
            let other = game
                .board()
                .territory_ids()
                .find(|&t| game.owner(t).is_some_and(|o| o != seat));
            (game.castle(seat), other)
        };
        match decision {
            // Hidden armies never lie under a castle: the click says so.
            Decision::HideArmies if !hidden => {
                window.emit(MainWindowInput::MapClicked(
                    castle.unwrap(),
                    ClickKind::Plain,
                ));
                settle();
                let status = super::label_text(&window, "status");
                assert!(status.contains("cannot lie under a castle"), "{status}");
                hidden = true;
            }
            // Someone else's territory is no place to attack from.
            Decision::Play { .. } if !others => {
                let before = super::label_text(&window, "status");
                window.emit(MainWindowInput::MapClicked(
                    someone_elses.unwrap(),
                    ClickKind::Plain,
                ));
                settle();
                let status = super::label_text(&window, "status");
                assert_ne!(status, before);
                assert!(status.contains("is not yours"), "{status}");
                others = true;
            }
            _ => {}
        }
        if hidden && others {
            break;
        }
        window.emit(MainWindowInput::Act(action));
        settle();
    }
    assert!(hidden && others, "{hidden} {others}");
}

/// The question asked over `window` before a game in progress is dropped, if one is
/// showing; closed when found, so that the next check starts afresh.
fn question_asked(window: &Controller<MainWindow>) -> bool {
    let main: gtk::Window = window.widget().clone().upcast();
    let asked = gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<adw::MessageDialog>().ok())
        .filter(|d| d.is_visible() && d.transient_for().as_ref() == Some(&main))
        .inspect(|d| d.close())
        .count();
    settle();
    asked > 0
}

/// Presses Ctrl+N (its action) and says what came: the new-game dialog at once, or
/// the question about the game in progress. Both are closed again.
fn new_game_pressed(window: &Controller<MainWindow>) -> (bool, bool) {
    let dialog = window.model().new_game.widget().clone();
    dialog.set_visible(false);
    WidgetExt::activate_action(window.widget(), "win.new-game", None).unwrap();
    settle();
    let opened = dialog.is_visible();
    dialog.set_visible(false);
    (opened, question_asked(window))
}

#[gtk::test]
fn new_game_is_offered_in_every_state_of_the_window() {
    // Before any game.
    let window = MainWindow::builder().launch(Startup::Dialog).detach();
    settle();
    assert_eq!(new_game_pressed(&window), (true, false), "before any game");
    // A game of two people and a computer: while the computer thinks, while a person
    // places armies, on the page between people: the game in progress is asked about.
    window.emit(MainWindowInput::StartGame(Box::new(
        two_people_and_a_computer(),
    )));
    settle();
    let mut chooser = Computers::new(3, 8);
    let (mut thinking, mut placing, mut between) = (false, false, false);
    for _ in 0..2_000 {
        settle();
        let (page, computer, decision) = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            (
                model.page,
                session.computer_to_move().is_some(),
                session.game().pending().map(|p| p.decision),
            )
        };
        let state = if page == Page::Privacy {
            &mut between
        } else if computer {
            &mut thinking
        } else if matches!(decision, Some(Decision::PlaceArmies { .. })) {
            &mut placing
        } else {
            &mut false
        };
        if !*state && window.model().session.as_ref().unwrap().unsaved() {
            assert_eq!(
                new_game_pressed(&window),
                (false, true),
                "{page:?} {decision:?}"
            );
            *state = true;
        }
        if page == Page::Privacy {
            window.emit(MainWindowInput::PrivacyCleared);
            continue;
        }
        if computer {
            wait_for_the_computer(&window);
            continue;
        }
        let action = chooser.choose(window.model().session.as_ref().unwrap().game());
        window.emit(MainWindowInput::Act(action.unwrap()));
        if thinking && placing && between {
            break;
        }
    }
    assert!(
        thinking && placing && between,
        "{thinking} {placing} {between}"
    );
    // A game that has ended is no game in progress: no question.
    let (actions, _) = super::golden_actions_and_first_elimination();
    let last = actions.len() - 1;
    window.emit(MainWindowInput::OpenFile(super::golden_game_cut(
        last + 1,
        "won-new",
    )));
    settle();
    assert_eq!(window.model().page, Page::Victory);
    assert_eq!(new_game_pressed(&window), (true, false), "after a win");
}

#[gtk::test]
fn opening_asks_about_the_game_in_progress_only_once_a_file_is_chosen() {
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    settle();
    let mut chooser = Computers::new(3, 8);
    super::play_until(&window, &mut chooser, |d| {
        matches!(d, Decision::Play { .. })
    });
    assert!(window.model().session.as_ref().unwrap().unsaved());
    // Ctrl+O: the file chooser first, no question yet.
    WidgetExt::activate_action(window.widget(), "win.open", None).unwrap();
    settle();
    assert!(window.model().choosing_a_file(), "the file chooser is open");
    assert!(!question_asked(&window), "asked before a file was chosen");
    // A file chosen: now the game in progress is asked about, and stays meanwhile.
    let (actions, _) = super::golden_actions_and_first_elimination();
    let won = super::golden_game_cut(actions.len(), "won-open");
    window.emit(MainWindowInput::OpenChosen(won.clone()));
    settle();
    assert!(
        question_asked(&window),
        "the game in progress is asked about"
    );
    assert_eq!(window.model().session.as_ref().unwrap().path(), None);
    // An ended game is not asked about: another file opens at once.
    window.emit(MainWindowInput::OpenFile(won.clone()));
    settle();
    assert_eq!(window.model().page, Page::Victory);
    let almost = super::golden_game_cut(actions.len() - 1, "almost-open");
    window.emit(MainWindowInput::OpenChosen(almost.clone()));
    settle();
    assert!(
        !question_asked(&window),
        "asked about a game that has ended"
    );
    assert_eq!(
        window.model().session.as_ref().unwrap().path(),
        Some(&almost)
    );
}

#[gtk::test]
fn a_placement_leaving_the_castle_in_danger_is_said_once_before_it_is_made() {
    use super::super::map_view::ClickKind;
    let session = super::super::session::tests::placing_beside(1, 10);
    let wales = session.board().territory_by_key("wales").unwrap();
    let path = std::env::temp_dir().join(format!("castle-danger-{}.castellan", std::process::id()));
    std::fs::write(&path, super::super::files::game_json(&session).unwrap()).unwrap();
    let window = MainWindow::builder()
        .launch(Startup::Open(path.clone()))
        .detach();
    settle();
    let _ = std::fs::remove_file(&path);
    let moves = |window: &Controller<MainWindow>| {
        window
            .model()
            .session
            .as_ref()
            .unwrap()
            .game()
            .history()
            .len()
    };
    let before = moves(&window);
    window.emit(MainWindowInput::MapClicked(wales, ClickKind::Control));
    window.emit(MainWindowInput::ConfirmPlacement);
    settle();
    let status = super::label_text(&window, "status");
    assert!(
        status.starts_with("Careful: your castle in London holds only ")
            && status.contains("Paris. Confirm again to place anyway;"),
        "{status}"
    );
    assert_eq!(moves(&window), before, "not placed yet");
    // Said once: Confirm again places.
    window.emit(MainWindowInput::ConfirmPlacement);
    settle();
    assert_eq!(moves(&window), before + 1);
}

/// A classic game on the Classic World Map: Anna, a person, against two computers.
fn classic_game() -> Controller<MainWindow> {
    let folder = super::super::library::shipped_folder;
    let setup = super::GameSetup {
        seats: vec![
            super::seat("Anna", 0, false),
            super::seat("Ben", 1, true),
            super::seat("Cleo", 2, true),
        ],
        seed: Some(6),
        variant: Some(folder("variants").join("classic.toml")),
        board: Some(folder("boards").join("classic.toml")),
        ..super::GameSetup::default_for(2, |_| String::new())
    };
    let game = super::super::new_game::resolve(setup).unwrap();
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(game)))
        .detach();
    window.emit(MainWindowInput::SetSpeed(GameSpeed::Instant));
    settle();
    window
}

#[gtk::test]
fn classic_setup_takes_two_inputs_and_its_battles_show_no_castle_risk_card() {
    use super::super::map_view::ClickKind;
    let window = classic_game();
    let mut inputs = 0;
    let hand_over = named(window.widget(), "claim-for-me")
        .downcast::<gtk::Button>()
        .unwrap();
    for _ in 0..500 {
        wait_for_the_computer(&window);
        let (setup_done, decision, mine) = {
            let model = window.model();
            let session = model.session.as_ref().unwrap();
            let mine = session.targets().first().map(|&(t, _)| t);
            (
                session.game().setup_done(),
                session
                    .human_to_move()
                    .and_then(|_| session.game().pending().map(|p| p.decision)),
                mine,
            )
        };
        if setup_done {
            break;
        }
        match decision {
            Some(Decision::Claim) => {
                assert_eq!(hand_over.label().unwrap(), "Claim for Me");
                hand_over.emit_clicked();
                inputs += 1;
            }
            Some(Decision::PlaceArmies { .. }) => {
                assert_eq!(hand_over.label().unwrap(), "Place for Me");
                // Every starting army left on one territory: one Ctrl-click.
                window.emit(MainWindowInput::MapClicked(
                    mine.unwrap(),
                    ClickKind::Control,
                ));
                inputs += 1;
            }
            Some(other) => panic!("a person decided {other:?} in setup"),
            None => {}
        }
        settle();
    }
    assert!(window.model().session.as_ref().unwrap().game().setup_done());
    assert_eq!(
        inputs, 2,
        "Claim for Me, then one Ctrl-click for every army"
    );
    // Classic Risk has no Generals or Marshalls: the battle panel shows none.
    let mut chooser = Computers::new(3, 6);
    let decision = super::play_until(&window, &mut chooser, |d| {
        matches!(d, Decision::Roll { .. } | Decision::Defend { .. })
    });
    let battle = window.model().battle.widget().clone();
    assert!(battle.get_visible(), "{decision:?}");
    assert!(!named(&battle, "general").get_visible());
    assert!(!named(&battle, "marshall").get_visible());
}

#[gtk::test]
fn a_file_of_random_bytes_is_said_to_be_no_castellan_save() {
    let path = std::env::temp_dir().join(format!("noise-{}.castellan", std::process::id()));
    std::fs::write(&path, [0x89, 0x50, 0xff, 0x00, 0x13, 0x37]).unwrap();
    let window = MainWindow::builder()
        .launch(Startup::Game(Box::new(two_people_and_a_computer())))
        .detach();
    settle();
    window.emit(MainWindowInput::OpenFile(path.clone()));
    settle();
    let _ = std::fs::remove_file(&path);
    let main: gtk::Window = window.widget().clone().upcast();
    let dialog = gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<adw::MessageDialog>().ok())
        .find(|d| d.is_visible() && d.transient_for().as_ref() == Some(&main))
        .expect("the failure is said");
    assert_eq!(
        dialog.heading().as_deref(),
        Some("This Is Not a Castellan Save")
    );
    let body = dialog.body();
    assert!(body.contains("is not a game saved by Castellan"), "{body}");
    assert!(
        !body.contains("UTF-8"),
        "the detail is below, not in the words: {body}"
    );
    let detail = named(&dialog, "error-detail")
        .downcast::<gtk::Label>()
        .unwrap()
        .text();
    assert!(detail.contains("not UTF-8"), "{detail}");
    dialog.close();
    // The game in progress stays.
    assert!(window.model().session.as_ref().unwrap().path().is_none());
}
