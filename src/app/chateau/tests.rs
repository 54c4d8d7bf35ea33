//! The Château Noir table in the whole window: a match of computers walked to its end
//! with the board checked against the engine's view after every action, and a
//! person's turn played unit by unit by clicks on the board's squares and keys.

use std::time::{Duration, Instant};

use castellan_chateau::Square;
use castellan_chateau::bot::Strength;
use castellan_chateau::game::{Action, Legal, View};
use relm4::adw::prelude::*;
use relm4::prelude::*;

use super::board_area::BoardEvent;
use super::setup::ChateauSetup;
use super::{ChateauTable, ChateauTableInput, Shown};
use crate::app::computer::GameSpeed;
use crate::app::panel_testing::{named, settle};
use crate::app::window::{MainWindow, MainWindowInput, Page, Startup};
use crate::chateau_board::{BoardScene, Light};
use crate::map::ViewPoint;

/// A window at the Château Noir table seated so, at instant speed.
fn window_with(setup: ChateauSetup) -> Controller<MainWindow> {
    let window = window_starting(setup);
    settle();
    assert_eq!(window.model().page, Page::Chateau);
    window
}

/// A window asked to start a Château Noir match, at instant speed, before the main
/// loop has run it.
fn window_starting(setup: ChateauSetup) -> Controller<MainWindow> {
    let window = MainWindow::builder().launch(Startup::Dialog).detach();
    settle();
    window.emit(MainWindowInput::SetSpeed(GameSpeed::Instant));
    window.emit(MainWindowInput::StartChateau(Box::new(setup)));
    window
}

fn table(window: &Controller<MainWindow>) -> relm4::Sender<ChateauTableInput> {
    window
        .model()
        .chateau
        .as_ref()
        .expect("the table was made")
        .sender()
        .clone()
}

/// What the board shows against what the engine's view says and offers: every
/// square's piece, the mover and the units spent, each army's table and score, and
/// exactly the lit squares the engine offers a person (none during a computer's
/// turn).
fn assert_board_shows(scene: &BoardScene, view: &View, offered: Option<&Legal>) {
    for square in Square::all() {
        let engine = view
            .pieces
            .iter()
            .find(|p| p.square == square)
            .map(|p| (p.army, p.piece, view.turn.played.contains(&square)));
        let shown = scene.piece(square).map(|p| (p.army, p.kind, p.played));
        assert_eq!(shown, engine, "{square}");
    }
    if view.outcome.is_none() {
        assert_eq!(scene.mover(), Some(view.turn.army));
    }
    assert_eq!(scene.spent(), (view.turn.spent, view.turn.factor));
    assert_eq!(scene.hand(), view.turn.hand.as_ref().map(|h| h.square));
    for army in &view.armies {
        let frame = scene.army_frame(army.army).expect("every army framed");
        assert_eq!(frame.in_game, army.seat.is_some());
        assert_eq!(frame.next, army.table_next);
    }
    for side in &view.sides {
        let keeper = side.armies.iter().min().unwrap();
        let marks = scene.army_frame(*keeper).unwrap().score.expect("a scale");
        assert_eq!((marks.shown, marks.debt), (side.shown, side.debt));
    }
    let mut lit: Vec<(Square, Light)> = scene.lit();
    lit.sort_by_key(|(s, _)| s.index());
    let mut expected: Vec<Square> = match offered {
        Some(legal) => legal
            .pickable
            .iter()
            .filter(|&&s| Some(s) != legal.hand)
            .chain(legal.units.iter().map(|u| &u.to))
            .chain(&legal.captures)
            .copied()
            .collect(),
        None => Vec::new(),
    };
    expected.sort_by_key(|s| s.index());
    expected.dedup();
    let mut lit_squares: Vec<Square> = lit.iter().map(|(s, _)| *s).collect();
    lit_squares.dedup();
    assert_eq!(lit_squares, expected, "lit squares");
    if let Some(legal) = offered {
        for unit in &legal.units {
            assert!(
                lit.contains(&(unit.to, Light::Unit(*unit))),
                "{} lit with its kind of unit",
                unit.to
            );
        }
    }
}

/// Checks the board against the engine now.
fn check_board(window: &Controller<MainWindow>) {
    let model = window.model();
    let table = model.chateau.as_ref().unwrap().model();
    let session = table.session().expect("a match");
    let offered = session.person_to_move().map(|_| session.legal());
    assert_board_shows(&table.scene(), &session.game().view(), offered.as_ref());
}

fn history_len(window: &Controller<MainWindow>) -> usize {
    let model = window.model();
    let table = model.chateau.as_ref().unwrap().model();
    table.session().map_or(0, |s| s.game().history().len())
}

fn computers(count: usize, strength: Strength) -> ChateauSetup {
    let mut setup = ChateauSetup::new("A".into(), count, |i| format!("Computer {i}"));
    for seat in &mut setup.seats {
        seat.computer = true;
        seat.strength = strength;
    }
    setup.seed = Some(3);
    setup
}

#[gtk::test]
fn a_computer_match_is_walked_to_its_end_with_the_board_showing_the_engines_view() {
    // After every refresh of the board (each computer answer shown, at instant speed
    // a whole path at once), the board is checked against the engine.
    let checks = std::rc::Rc::new(std::cell::Cell::new(0u32));
    {
        let checks = std::rc::Rc::clone(&checks);
        super::OBSERVER.with_borrow_mut(|observer| {
            *observer = Some(Box::new(move |scene, session| {
                let offered = session.person_to_move().map(|_| session.legal());
                assert_board_shows(scene, &session.game().view(), offered.as_ref());
                checks.set(checks.get() + 1);
            }));
        });
    }
    let window = window_starting(computers(2, Strength::Easy));
    let over = || {
        window.model().chateau.as_ref().is_some_and(|table| {
            let table: std::cell::Ref<'_, ChateauTable> = table.model();
            table.shown() == Shown::MatchOver
        })
    };
    let deadline = Instant::now() + Duration::from_secs(300);
    while !over() {
        assert!(Instant::now() < deadline, "the match ended in time");
        settle();
    }
    super::OBSERVER.with_borrow_mut(|observer| *observer = None);
    check_board(&window);
    let model = window.model();
    let table = model.chateau.as_ref().unwrap().model();
    let game = table.session().unwrap().game();
    assert!(game.is_over());
    // Every turn at least: its pieces moved, and its end, were each shown.
    assert!(
        checks.get() > game.turns(),
        "{} checks, {} turns",
        checks.get(),
        game.turns()
    );
    // The victory page names the winner and the log tells how the match ended.
    let title = named(model.chateau.as_ref().unwrap().widget(), "chateau-victory")
        .downcast::<adw::StatusPage>()
        .unwrap()
        .title();
    assert!(!title.is_empty());
    let log = table.log_lines().join("\n");
    assert!(
        log.contains(" the match (") || log.contains("drawn"),
        "{log}"
    );
    // Every point scored was announced in the log with its points.
    let scoring_lines = table
        .log_lines()
        .iter()
        .filter(|l| l.contains(" point"))
        .count();
    let scored = game.view().sides.iter().any(|s| s.score != 0);
    assert!(!scored || scoring_lines > 0);
    let (scores, turns, end_view, history) = (
        game.scores().to_vec(),
        game.turns(),
        game.view(),
        game.history().len(),
    );
    drop(table);
    drop(model);
    the_matchs_story_is_told_as_the_engine_played_it(&window, &scores, turns, &end_view, history);
}

/// The story of the match just played at `window`'s table, from its victory page:
/// the statistics' figures end at the engine's scores, and the replay steps to the
/// engine's final view and back to the start.
fn the_matchs_story_is_told_as_the_engine_played_it(
    window: &Controller<MainWindow>,
    scores: &[i32],
    turns: u32,
    end_view: &View,
    history: usize,
) {
    let victory = model_widget(window);
    named(&victory, "chateau-statistics")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    let told = || {
        window
            .model()
            .chateau_statistics
            .as_ref()
            .is_some_and(|s| s.model().story().is_some())
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while !told() {
        assert!(
            Instant::now() < deadline,
            "the statistics were told in time"
        );
        settle();
    }
    {
        let model = window.model();
        let statistics = model.chateau_statistics.as_ref().unwrap();
        let page = statistics.model();
        let story = page.story().unwrap();
        // The chart's last point is the engine's scores, after the last turn.
        let last = story.points.last().unwrap();
        assert_eq!(last.scores, scores);
        assert_eq!(last.turn, turns);
        // Every side's moments add up to its score.
        for (side, tallies) in story.moments.iter().enumerate() {
            assert_eq!(tallies.iter().map(|t| t.points).sum::<i32>(), scores[side]);
        }
        let text = page.text();
        assert!(
            text.heading
                .starts_with("Château Noir: 4 armies, 2 teams, "),
            "{}",
            text.heading
        );
        assert!(text.heading.ends_with(&format!(" {turns} turns")));
        assert!(text.result.contains("won the match") || text.result.contains("drawn"));
        assert!(!named(statistics.widget(), "problem").is_visible());
        statistics.widget().close();
    }
    // The replay, from the menu's action as from the page: to the end and back.
    window.emit(MainWindowInput::Replay);
    let opened = || {
        window
            .model()
            .chateau_replay
            .as_ref()
            .is_some_and(|r| r.model().stepper().is_some())
    };
    while !opened() {
        assert!(Instant::now() < deadline, "the replay opened in time");
        settle();
    }
    let sender = window
        .model()
        .chateau_replay
        .as_ref()
        .unwrap()
        .sender()
        .clone();
    let replay = || std::cell::Ref::map(window.model(), |m| m.chateau_replay.as_ref().unwrap());
    let start_log = replay().model().log_text();
    assert_eq!(replay().model().stepper().unwrap().len(), history);
    super::replay::ChateauReplay::press(&sender, gtk::gdk::Key::End, false);
    settle();
    {
        let replay = replay();
        let page = replay.model();
        assert_eq!(page.stepper().unwrap().at(), history);
        assert_board_shows(&page.scene(), end_view, None);
        let log = page.log_text();
        assert!(log.starts_with(&start_log) && log.len() > start_log.len());
        // The same lines as the table's log of the match, in the same order.
        let model = window.model();
        let table = model.chateau.as_ref().unwrap().model();
        assert_eq!(log, table.log_lines().join("\n"));
        assert!(
            log.contains(" the match (") || log.contains("drawn"),
            "{log}"
        );
        assert!(!named(replay.widget(), "last").is_sensitive());
    }
    // The log shows the last line of the step, the match's end.
    {
        let log = named(replay().widget(), "replay-log")
            .parent()
            .and_then(|p| p.downcast::<gtk::ScrolledWindow>().ok())
            .expect("the replay's log scrolls");
        let adjustment = log.vadjustment();
        crate::app::panel_testing::settle_until(|| {
            crate::app::follow_end::shows_the_end(&adjustment)
        });
        assert!(adjustment.upper() > adjustment.page_size(), "a long log");
        assert!(
            crate::app::follow_end::shows_the_end(&adjustment),
            "the replay's log shows its end: {} + {} of {}",
            adjustment.value(),
            adjustment.page_size(),
            adjustment.upper()
        );
    }
    // A turn back, a unit on: the board still shows the engine's view of each.
    super::replay::ChateauReplay::press(&sender, gtk::gdk::Key::Left, false);
    super::replay::ChateauReplay::press(&sender, gtk::gdk::Key::Right, true);
    settle();
    {
        let replay = replay();
        let page = replay.model();
        let stepper = page.stepper().unwrap();
        assert!(stepper.at() < history);
        assert_board_shows(&page.scene(), stepper.view(), None);
    }
    super::replay::ChateauReplay::press(&sender, gtk::gdk::Key::Home, false);
    settle();
    let replay = replay();
    let page = replay.model();
    assert_eq!(page.stepper().unwrap().at(), 0);
    assert_eq!(page.log_text(), start_log);
    let start = {
        let model = window.model();
        let table = model.chateau.as_ref().unwrap().model();
        let mut saved = table.session().unwrap().saved().unwrap();
        saved.actions.clear();
        saved.replay().unwrap().view()
    };
    assert_board_shows(&page.scene(), &start, None);
    assert!(!named(replay.widget(), "first").is_sensitive());
    replay.widget().close();
}

/// The Château Noir table's widget.
fn model_widget(window: &Controller<MainWindow>) -> gtk::Box {
    window.model().chateau.as_ref().unwrap().widget().clone()
}

/// Clicks `square` as the board's gesture does: at its centre on screen, found by
/// the board's own hit-testing.
fn click(window: &Controller<MainWindow>, square: Square) {
    let point = {
        let model = window.model();
        let table = model.chateau.as_ref().unwrap().model();
        let scene = table.scene();
        let (x, y) = scene.geometry().centre(square);
        let point: ViewPoint = scene.camera().to_view(x, y);
        assert_eq!(scene.square_at(point), Some(square), "hit-testing");
        point
    };
    let square = {
        let model = window.model();
        let table = model.chateau.as_ref().unwrap().model();
        table.scene().square_at(point).unwrap()
    };
    table(window).emit(ChateauTableInput::Board(BoardEvent::Clicked(square)));
    settle();
}

fn legal_now(window: &Controller<MainWindow>) -> Legal {
    let model = window.model();
    let table = model.chateau.as_ref().unwrap().model();
    table.session().unwrap().legal()
}

fn label(window: &Controller<MainWindow>, name: &str) -> String {
    named(window.widget(), name)
        .downcast::<gtk::Label>()
        .unwrap()
        .text()
        .into()
}

fn button_sensitive(window: &Controller<MainWindow>, name: &str) -> bool {
    named(window.widget(), name).is_sensitive()
}

#[gtk::test]
fn a_person_plays_a_turn_unit_by_unit_by_clicks_and_keys() {
    let mut setup = computers(2, Strength::Easy);
    setup.seats[0].computer = false;
    setup.seats[0].name = "Ana".into();
    let window = window_with(setup);
    // The computer may begin: wait for the person's turn.
    let deadline = Instant::now() + Duration::from_secs(60);
    while window
        .model()
        .chateau
        .as_ref()
        .unwrap()
        .model()
        .session()
        .unwrap()
        .person_to_move()
        .is_none()
    {
        assert!(Instant::now() < deadline);
        settle();
    }
    settle();
    check_board(&window);
    assert!(label(&window, "chateau-turn").contains("Ana"));
    assert!(label(&window, "chateau-units").contains('6'));
    assert!(!button_sensitive(&window, "chateau-end-turn"));
    assert!(!button_sensitive(&window, "chateau-undo"));

    // Pick the first piece offered: its next squares are lit, with their kind.
    let piece = legal_now(&window).pickable[0];
    click(&window, piece);
    check_board(&window);
    let legal = legal_now(&window);
    assert_eq!(legal.hand, Some(piece));
    assert!(!legal.units.is_empty());
    // A square the engine does not offer changes nothing.
    let unoffered = Square::all()
        .find(|s| !legal.units.iter().any(|u| u.to == *s) && !legal.pickable.contains(s))
        .unwrap();
    let before = history_len(&window);
    click(&window, unoffered);
    assert_eq!(history_len(&window), before);

    // One unit, taken back with the button, then with the keyboard's Backspace.
    let to = legal.units[0].to;
    click(&window, to);
    check_board(&window);
    assert!(label(&window, "chateau-units").contains('5'));
    assert!(button_sensitive(&window, "chateau-undo"));
    table(&window).emit(ChateauTableInput::Undo);
    settle();
    check_board(&window);
    assert!(label(&window, "chateau-units").contains('6'));
    assert_eq!(legal_now(&window).hand, Some(piece));
    click(&window, to);
    table(&window).emit(ChateauTableInput::Board(BoardEvent::Key(
        gtk::gdk::Key::BackSpace,
        false,
    )));
    settle();
    assert!(label(&window, "chateau-units").contains('6'));
    // Escape puts the piece in hand back.
    table(&window).emit(ChateauTableInput::Board(BoardEvent::Key(
        gtk::gdk::Key::Escape,
        false,
    )));
    settle();
    assert_eq!(legal_now(&window).hand, None);

    // The whole turn by clicks: a lit unit while there is one, else put the piece
    // down (a click on it) and pick the next; the keyboard's cursor plays one unit.
    let mut keyed = false;
    while !legal_now(&window).can_end_turn {
        let legal = legal_now(&window);
        if let Some(unit) = legal.units.first() {
            if keyed {
                click(&window, unit.to);
            } else {
                // Tab to the lit squares, then Enter, as a keyboard player would.
                let sender = table(&window);
                let mut guard = 0;
                loop {
                    sender.emit(ChateauTableInput::Board(BoardEvent::Key(
                        gtk::gdk::Key::Tab,
                        false,
                    )));
                    settle();
                    let cursor = window
                        .model()
                        .chateau
                        .as_ref()
                        .unwrap()
                        .model()
                        .scene()
                        .cursor();
                    if legal.units.iter().any(|u| Some(u.to) == cursor) {
                        break;
                    }
                    guard += 1;
                    assert!(guard < 120, "Tab reaches every lit square");
                }
                sender.emit(ChateauTableInput::Board(BoardEvent::Key(
                    gtk::gdk::Key::Return,
                    false,
                )));
                settle();
                keyed = true;
            }
        } else if let Some(hand) = legal.hand
            && legal.can_release
        {
            click(&window, hand);
        } else {
            click(&window, legal.pickable[0]);
        }
        check_board(&window);
    }
    assert!(label(&window, "chateau-units").contains('0'));
    assert!(button_sensitive(&window, "chateau-end-turn"));
    // Framed enemies, if any, are lit to be chosen; take them all.
    let captures = legal_now(&window).captures;
    for &square in &captures {
        click(&window, square);
    }
    let chosen = window
        .model()
        .chateau
        .as_ref()
        .unwrap()
        .model()
        .session()
        .unwrap()
        .chosen()
        .to_vec();
    assert_eq!(chosen, captures);
    let ended = history_len(&window);
    table(&window).emit(ChateauTableInput::EndTurn);
    settle();
    let model = window.model();
    let table_model = model.chateau.as_ref().unwrap().model();
    let session = table_model.session().unwrap();
    assert!(matches!(
        session.game().history()[ended].1,
        Action::EndTurn { .. }
    ));
    if let Action::EndTurn { captures: taken } = &session.game().history()[ended].1 {
        assert_eq!(taken, &captures);
    }
}

#[gtk::test]
fn a_chateau_match_is_saved_and_opened_at_its_table() {
    let mut setup = computers(2, Strength::Easy);
    setup.seats[0].computer = false;
    let window = window_with(setup);
    settle();
    let folder = tempfile::tempdir().unwrap();
    let path = folder.path().join("match.json");
    window.emit(MainWindowInput::SaveTo(path.clone()));
    settle();
    let saved = std::fs::read_to_string(&path).expect("saved");
    assert!(saved.contains("chateau-noir"));
    let view = window
        .model()
        .chateau
        .as_ref()
        .unwrap()
        .model()
        .session()
        .unwrap()
        .game()
        .view();
    // A Risk game in between, then the save opens at the Château Noir table again.
    window.emit(MainWindowInput::OpenFile(path));
    settle();
    assert_eq!(window.model().page, Page::Chateau);
    let model = window.model();
    let table = model.chateau.as_ref().unwrap().model();
    let session = table.session().unwrap();
    assert_eq!(session.game().view().pieces, view.pieces);
    assert!(!session.unsaved());
    let (scores, actions) = (
        session.game().scores().to_vec(),
        session.game().history().len(),
    );
    drop(table);
    drop(model);
    // The match opened from its file tells its story in progress too.
    window.emit(MainWindowInput::Statistics);
    window.emit(MainWindowInput::Replay);
    let deadline = Instant::now() + Duration::from_secs(60);
    let ready = || {
        let model = window.model();
        model
            .chateau_statistics
            .as_ref()
            .is_some_and(|s| s.model().story().is_some())
            && model
                .chateau_replay
                .as_ref()
                .is_some_and(|r| r.model().stepper().is_some())
    };
    while !ready() {
        assert!(Instant::now() < deadline, "the story was told in time");
        settle();
    }
    let model = window.model();
    let statistics = model.chateau_statistics.as_ref().unwrap().model();
    assert_eq!(
        statistics.story().unwrap().points.last().unwrap().scores,
        scores
    );
    assert!(statistics.text().result.starts_with("The match goes on"));
    let replay = model.chateau_replay.as_ref().unwrap().model();
    assert_eq!(replay.stepper().unwrap().len(), actions);
}

/// Plays the turn on screen by clicks: the first lit unit while there is one, else
/// the piece put down and the next picked; then ends it.
fn play_a_turn_by_clicks(window: &Controller<MainWindow>) {
    while !legal_now(window).can_end_turn {
        let legal = legal_now(window);
        if let Some(unit) = legal.units.first() {
            click(window, unit.to);
        } else if let Some(hand) = legal.hand
            && legal.can_release
        {
            click(window, hand);
        } else {
            click(window, legal.pickable[0]);
        }
    }
    table(window).emit(ChateauTableInput::EndTurn);
    settle();
}

#[gtk::test]
fn people_at_one_screen_pass_it_with_the_pass_page() {
    let mut setup = computers(2, Strength::Easy);
    for (seat, name) in setup.seats.iter_mut().zip(["Ana", "Ben"]) {
        seat.computer = false;
        seat.name = name.into();
    }
    let window = window_with(setup);
    let first = label(&window, "chateau-turn");
    play_a_turn_by_clicks(&window);
    // The board waits behind the pass page for the next person, named.
    assert_eq!(window.model().page, Page::Privacy);
    let title = window.model().privacy.widget().title().to_string();
    let next = if first.contains("Ana") { "Ben" } else { "Ana" };
    assert!(title.contains(next), "{title}");
    // The page tells what the turn did, the moves first, and keeps no secret: a
    // Château Noir board has none.
    let told = window
        .model()
        .privacy
        .widget()
        .description()
        .map(|d| d.to_string())
        .unwrap_or_default();
    let moved = first.split(" to play").next().unwrap();
    assert!(
        told.contains(&format!("• {moved} moves ")) && told.contains(" → "),
        "{told}"
    );
    assert!(!told.contains("private"), "{told}");
    let log = {
        let model = window.model();
        model.chateau.as_ref().unwrap().model().log_lines().to_vec()
    };
    let summary = log
        .iter()
        .position(|l| l.starts_with(&format!("{moved} moves ")));
    assert!(summary.is_some(), "{log:?}");
    window.emit(MainWindowInput::PrivacyCleared);
    settle();
    assert_eq!(window.model().page, Page::Chateau);
    assert!(label(&window, "chateau-turn").contains(next));
    check_board(&window);
}

/// Sends `action` as the person would make it on the table: clicks on the board's
/// squares and the panel's buttons.
fn play_as_a_person(window: &Controller<MainWindow>, action: Action) {
    let sender = table(window);
    match action {
        Action::Pick { square } => click(window, square),
        Action::Unit { to } => click(window, to),
        Action::Release {} => sender.emit(ChateauTableInput::Release),
        Action::Path { from, to } => {
            click(window, from);
            for square in to {
                click(window, square);
            }
            sender.emit(ChateauTableInput::Release);
        }
        Action::EndTurn { captures } => {
            for square in captures {
                click(window, square);
            }
            sender.emit(ChateauTableInput::EndTurn);
        }
        Action::DeclareAlliance {} => sender.emit(ChateauTableInput::Alliance),
        Action::AnswerDraw { accept } => sender.emit(ChateauTableInput::AnswerDraw(accept)),
        other => panic!("a person does not {other:?} here"),
    }
    settle();
}

#[gtk::test]
fn a_partie_ends_and_the_next_is_offered_with_the_scores_kept() {
    // Two armies, each for itself: with these seeds the first partie ends before
    // either reaches 27.
    let mut setup = computers(2, Strength::Easy);
    setup.teams = false;
    setup.seats[0].computer = false;
    setup.seed = Some(1);
    let window = window_with(setup);
    // Shown, so that the keyboard's focus is real.
    window.widget().present();
    let mut person = castellan_chateau::bot::Player::new(
        Strength::Easy,
        castellan_chateau::bot::Thinking::default(),
    );
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    let shown = |window: &Controller<MainWindow>| {
        let model = window.model();
        let table: std::cell::Ref<'_, ChateauTable> = model.chateau.as_ref().unwrap().model();
        table.shown()
    };
    let deadline = Instant::now() + Duration::from_secs(300);
    while shown(&window) == Shown::Board {
        assert!(Instant::now() < deadline, "a partie ended in time");
        let chosen = {
            let model = window.model();
            let table = model.chateau.as_ref().unwrap().model();
            let session = table.session().unwrap();
            session
                .person_to_move()
                .and_then(|_| person.choose(session.game(), &mut rng))
        };
        match chosen {
            Some((_, action)) => play_as_a_person(&window, action),
            None => settle(),
        }
    }
    // These seeds play a first partie that ends before the match does.
    assert_eq!(shown(&window), Shown::PartieOver);
    // Its page takes the keyboard: Enter plays on.
    settle();
    assert!(
        named(window.widget(), "next-partie").is_focus(),
        "the next partie's button has the keyboard"
    );
    // The log shows its last line, the partie's end, though it is longer than its
    // view.
    let log = named(window.widget(), "chateau-log")
        .parent()
        .and_then(|p| p.downcast::<gtk::ScrolledWindow>().ok())
        .expect("the log scrolls");
    let adjustment = log.vadjustment();
    crate::app::panel_testing::settle_until(|| crate::app::follow_end::shows_the_end(&adjustment));
    assert!(
        adjustment.upper() > adjustment.page_size() * 2.0,
        "a log longer than its view"
    );
    assert!(
        crate::app::follow_end::shows_the_end(&adjustment),
        "the log shows its end: {} + {} of {}",
        adjustment.value(),
        adjustment.page_size(),
        adjustment.upper()
    );
    let (partie, scores) = {
        let model = window.model();
        let table = model.chateau.as_ref().unwrap().model();
        let game = table.session().unwrap().game();
        (game.partie(), game.scores().to_vec())
    };
    assert!(partie >= 2, "the next partie has begun behind the page");
    assert!(scores.iter().any(|&s| s != 0), "scores kept: {scores:?}");
    // Nothing is played while the page is up.
    let waiting = history_len(&window);
    settle();
    assert_eq!(history_len(&window), waiting);
    named(window.widget(), "next-partie")
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle();
    assert_eq!(shown(&window), Shown::Board);
    check_board(&window);
}

#[gtk::test]
fn a_path_is_dragged_square_by_square_and_put_down_where_it_ends() {
    let mut setup = computers(2, Strength::Easy);
    for seat in &mut setup.seats {
        seat.computer = false;
    }
    let window = window_with(setup);
    let sender = table(&window);
    // A piece with two units ahead: dragged over both, then let go.
    let (piece, first, second) = {
        let model = window.model();
        let table = model.chateau.as_ref().unwrap().model();
        let session = table.session().unwrap();
        let mut trial = session.clone();
        let seat = trial.person_to_move().unwrap();
        let legal = trial.legal();
        let piece = legal.pickable[0];
        trial.apply(seat, Action::Pick { square: piece }).unwrap();
        let first = trial.legal().units[0].to;
        trial.apply(seat, Action::Unit { to: first }).unwrap();
        let second = trial.legal().units[0].to;
        (piece, first, second)
    };
    sender.emit(ChateauTableInput::Board(BoardEvent::DraggedOver {
        from: piece,
        to: first,
    }));
    settle();
    assert_eq!(legal_now(&window).hand, Some(first));
    sender.emit(ChateauTableInput::Board(BoardEvent::DraggedOver {
        from: first,
        to: second,
    }));
    settle();
    assert_eq!(legal_now(&window).hand, Some(second));
    sender.emit(ChateauTableInput::Board(BoardEvent::DragEnded));
    settle();
    check_board(&window);
    let model = window.model();
    let table_model = model.chateau.as_ref().unwrap().model();
    let state = table_model.session().unwrap().game().state();
    assert!(state.hand().is_none(), "put down where the drag ended");
    assert_eq!(state.spent(), 2);
    assert!(castellan_chateau::square::contains(state.played(), second));
}

#[gtk::test]
fn f1_and_the_reference_sheet_at_the_chateau_table_are_chateau_noirs() {
    let window = window_with(computers(2, Strength::Easy));
    window.emit(MainWindowInput::Rules);
    settle();
    {
        let model = window.model();
        let help = model
            .chateau_rules
            .as_ref()
            .expect("F1 opened Château Noir's help");
        assert!(help.widget().is_visible());
        match model.printable() {
            Some(crate::app::printing::Printable::ChateauNoir { board, .. }) => {
                assert!(
                    board.meta.name.contains("Château Noir"),
                    "{}",
                    board.meta.name
                );
            }
            other => panic!("the sheet printed would be {other:?}"),
        }
    }
    // A Risk game after it: the sheet is Risk's again.
    let risk = crate::app::new_game::resolve(crate::app::session::GameSetup {
        seed: Some(3),
        ..crate::app::session::GameSetup::default_for(3, |i| format!("Seat {i}"))
    })
    .expect("the shipped board and the rulebook load");
    window.emit(MainWindowInput::StartGame(Box::new(risk)));
    settle();
    let printable = window.model().printable();
    assert!(
        matches!(printable, Some(crate::app::printing::Printable::Risk(_))),
        "{printable:?}, page {:?}",
        window.model().page
    );
}

fn widget_visible(window: &Controller<MainWindow>, name: &str) -> bool {
    // `get_visible`: the widget's own switch (`is_visible` also asks its ancestors).
    named(window.widget(), name).get_visible()
}

fn click_button(window: &Controller<MainWindow>, name: &str) {
    named(window.widget(), name)
        .downcast::<gtk::Button>()
        .unwrap()
        .emit_clicked();
    settle();
}

#[gtk::test]
fn rulings_43_a_person_offers_the_computer_a_draw_once_a_turn_and_hears_its_answer() {
    let mut setup = computers(2, Strength::Normal);
    setup.seats[0].computer = false;
    setup.seats[0].name = "Ana".into();
    let window = window_with(setup);
    // Wait for the person's turn (the computer may move first).
    let deadline = Instant::now() + Duration::from_secs(120);
    while !legal_now(&window).can_offer_draw {
        assert!(Instant::now() < deadline, "the person's turn came");
        settle();
    }
    assert!(widget_visible(&window, "chateau-offer-draw"));
    let before = history_len(&window);
    click_button(&window, "chateau-offer-draw");
    let deadline = Instant::now() + Duration::from_secs(120);
    while window
        .model()
        .chateau
        .as_ref()
        .unwrap()
        .model()
        .session()
        .unwrap()
        .game()
        .draw_offer()
        .is_some()
    {
        assert!(Instant::now() < deadline, "the computer answered");
        settle();
    }
    assert!(history_len(&window) >= before + 2, "an offer and an answer");
    let lines = {
        let model = window.model();
        model.chateau.as_ref().unwrap().model().log_lines().to_vec()
    };
    let offered = lines.iter().position(|l| l == "Ana offers a draw.");
    assert!(offered.is_some(), "{lines:?}");
    let answer = &lines[offered.unwrap() + 1];
    assert!(
        answer == "Computer 1 declines the draw: play goes on."
            || answer == "Computer 1 accepts the draw.",
        "{answer}"
    );
    let over = window.model().chateau.as_ref().unwrap().model().shown() == Shown::MatchOver;
    if !over {
        // Declined: the person plays on, and may not offer again this turn.
        assert!(label(&window, "chateau-turn").contains("Ana"));
        assert!(!legal_now(&window).can_offer_draw);
        assert!(!widget_visible(&window, "chateau-offer-draw"));
        check_board(&window);
    }
}

#[gtk::test]
fn rulings_43_people_at_one_screen_agree_a_draw_through_the_pass_page() {
    let mut setup = computers(2, Strength::Easy);
    for (seat, name) in setup.seats.iter_mut().zip(["Ana", "Ben"]) {
        seat.computer = false;
        seat.name = name.into();
    }
    let window = window_with(setup);
    let first = label(&window, "chateau-turn");
    let (offerer, answerer) = if first.contains("Ana") {
        ("Ana", "Ben")
    } else {
        ("Ben", "Ana")
    };
    click_button(&window, "chateau-offer-draw");
    // The screen goes to the other person, who is told of the offer.
    assert_eq!(window.model().page, Page::Privacy);
    let title = window.model().privacy.widget().title().to_string();
    assert!(title.contains(answerer), "{title}");
    window.emit(MainWindowInput::PrivacyCleared);
    settle();
    assert!(widget_visible(&window, "chateau-accept-draw"));
    assert!(
        label(&window, "chateau-status").contains(&format!("{offerer} offers a draw")),
        "{}",
        label(&window, "chateau-status")
    );
    assert!(!widget_visible(&window, "chateau-offer-draw"));
    click_button(&window, "chateau-accept-draw");
    let model = window.model();
    let table = model.chateau.as_ref().unwrap().model();
    assert_eq!(table.shown(), Shown::MatchOver);
    assert!(matches!(
        table.session().unwrap().game().outcome(),
        Some(castellan_chateau::game::Outcome::Drawn { .. })
    ));
    let victory = named(window.widget(), "chateau-victory")
        .downcast::<adw::StatusPage>()
        .unwrap();
    assert_eq!(victory.title(), "The Match Is Drawn");
    assert!(
        table
            .log_lines()
            .iter()
            .any(|l| l == &format!("{answerer} accepts the draw."))
    );
}
