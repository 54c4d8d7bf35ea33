//! Screenshots for the README and the metainfo, made from described positions by the
//! window itself (`make screenshot`): a game in progress, an attack in the battle
//! panel, the variant editor and a finished run of the balance lab, each in the light
//! and the dark style. A test that is
//! ignored unless asked for by name, so that `make test` never depends on it; it
//! writes into the folder `CASTELLAN_SCREENSHOTS` names.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use castellan_engine::game::{Decision, EventKind, Game};
use relm4::adw;
use relm4::gtk::prelude::*;
use relm4::prelude::*;

use super::balance_lab::{BalanceLab, BalanceLabInput};
use super::computer::Computers;
use super::files;
use super::library;
use super::new_game;
use super::panel_testing::{save_window_png, settle};
use super::session::{GameSetup, SeatSettings, Session};
use super::window::{MainWindow, MainWindowInput, Page, Startup};

/// A position to show: a seeded game of three people played by the computer players
/// until `stop` says so.
struct Described {
    /// The screenshot's file name, without the style and the extension.
    name: &'static str,
    seed: u64,
    stop: fn(&Game, &[EventKind]) -> bool,
}

const POSITIONS: [Described; 2] = [
    // Mid-game: every castle standing, empires forming, the next seat about to play.
    Described {
        name: "game",
        seed: 8,
        stop: |game, _| {
            game.turn_number() >= 7
                && game.seats_in_play() == 3
                && matches!(
                    game.pending().map(|p| p.decision),
                    Some(Decision::Play { attacked: false })
                )
        },
    },
    // An attack under way, just after a roll: the battle panel with its odds.
    Described {
        name: "battle",
        seed: 8,
        stop: |game, last| {
            game.turn_number() >= 6
                && matches!(
                    game.pending().map(|p| p.decision),
                    Some(Decision::Roll { .. })
                )
                && last
                    .iter()
                    .any(|e| matches!(e, EventKind::DiceRolled { .. }))
        },
    },
];

fn person(name: &str, colour: u8) -> SeatSettings {
    SeatSettings {
        name: name.to_owned(),
        colour,
        computer: false,
        strength: castellan_engine::bot::Strength::Normal,
    }
}

/// The save of a described position, written into `folder`.
fn save_of(described: &Described, folder: &Path) -> PathBuf {
    let setup = GameSetup {
        seats: vec![person("Anna", 0), person("Béla", 1), person("Chloé", 2)],
        seed: Some(described.seed),
        ..GameSetup::default_for(3, |_| String::new())
    };
    let new_game = new_game::resolve(setup.clone()).expect("the shipped board loads");
    let mut session = Session::new(new_game.board, new_game.variant, &setup, described.seed)
        .expect("the table is valid");
    let mut computers = Computers::new(3, described.seed);
    let mut last = Vec::new();
    for _ in 0..20_000 {
        if (described.stop)(session.game(), &last) {
            // The window's title shows the file's name.
            let folder = folder.join(format!(
                "castellan-{}-{}",
                described.name,
                std::process::id()
            ));
            std::fs::create_dir_all(&folder).expect("a scratch folder");
            let path = folder.join("Evening game.castellan");
            std::fs::write(&path, files::game_json(&session).expect("the game saves"))
                .expect("the save is written");
            return path;
        }
        let seat = session.game().pending_seat().expect("the game goes on");
        let action = computers.choose(session.game()).expect("a move");
        last = session
            .apply(seat, action)
            .expect("the computer plays legal moves")
            .into_iter()
            .map(|e| e.kind)
            .collect();
    }
    panic!("the position {} never came", described.name);
}

/// The folder to write into, from `CASTELLAN_SCREENSHOTS`.
fn folder() -> PathBuf {
    let folder = std::env::var_os("CASTELLAN_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("castellan-screenshots"));
    std::fs::create_dir_all(&folder).expect("the screenshot folder can be made");
    folder
}

/// Opens `save` in a fresh window, passes the privacy page, and captures it.
fn capture_game(save: &Path, out: &Path) -> Controller<MainWindow> {
    let window = MainWindow::builder()
        .launch(Startup::Open(save.to_owned()))
        .detach();
    window.widget().set_default_size(1200, 800);
    window.widget().present();
    // The save opens, then the page asking for the next person: pass it.
    for _ in 0..50 {
        settle();
        let page = window.model().page;
        if page == Page::Privacy {
            window.emit(MainWindowInput::PrivacyCleared);
        } else if page == Page::Game && window.model().session.is_some() {
            break;
        }
    }
    settle();
    assert!(
        window.model().page == Page::Game,
        "{} opened",
        save.display()
    );
    let deadline = Instant::now() + Duration::from_secs(3);
    while transition_running(window.widget().upcast_ref()) && Instant::now() < deadline {
        settle();
    }
    save_window_png(window.widget(), out);
    window
}

/// Whether a stack under `root` is still fading from one page to another: a capture
/// then would show both.
fn transition_running(root: &gtk::Widget) -> bool {
    if root
        .downcast_ref::<gtk::Stack>()
        .is_some_and(|stack| stack.is_transition_running())
    {
        return true;
    }
    let mut child = root.first_child();
    while let Some(widget) = child {
        if transition_running(&widget) {
            return true;
        }
        child = widget.next_sibling();
    }
    false
}

/// The balance lab's run to show: the shipped house rules played by four Normal
/// seats on the default board. Few games, so that `make screenshot` stays quick, but
/// enough for every chart to have something to draw; the lab's fixed seed makes the
/// figures, and so the picture, the same each time.
const LAB_VARIANT: &str = "house-rules.toml";
const LAB_GAMES: u64 = 500;
const LAB_SEATS: usize = 4;

/// The balance lab with its run finished, ready to be captured in either style (its
/// charts redraw when the style changes).
fn finished_lab() -> Controller<BalanceLab> {
    let entry = library::variants()
        .into_iter()
        .find(|entry| entry.path.file_name().is_some_and(|n| n == LAB_VARIANT))
        .expect("the house rules are shipped");
    let name = entry.name();
    let variant = entry.loaded.expect("the shipped house rules load");
    let lab = BalanceLab::builder().launch(()).detach();
    lab.emit(BalanceLabInput::Open {
        variant: Box::new(variant),
        name,
        board: Some(library::default_board_path()),
        seats: Some(LAB_SEATS),
    });
    lab.emit(BalanceLabInput::GamesChanged(LAB_GAMES as f64));
    lab.emit(BalanceLabInput::Run);
    settle();
    let deadline = Instant::now() + Duration::from_secs(600);
    while lab.model().progress().0 && Instant::now() < deadline {
        settle();
    }
    assert_eq!(
        lab.model().progress(),
        (false, LAB_GAMES),
        "the lab's run finished"
    );
    lab
}

#[gtk::test]
#[ignore = "makes the screenshots: run by `make screenshot`"]
fn make_screenshots() {
    let folder = folder();
    let saves: Vec<(&str, PathBuf)> = POSITIONS
        .iter()
        .map(|d| (d.name, save_of(d, &std::env::temp_dir())))
        .collect();
    let lab = finished_lab();
    let styles = adw::StyleManager::default();
    for (style, scheme) in [
        ("light", adw::ColorScheme::ForceLight),
        ("dark", adw::ColorScheme::ForceDark),
    ] {
        styles.set_color_scheme(scheme);
        for (name, save) in &saves {
            let window = capture_game(save, &folder.join(format!("{name}-{style}.png")));
            if *name == "game" {
                window.emit(MainWindowInput::VariantEditor);
                settle();
                settle();
                let editor = gtk::Window::list_toplevels()
                    .into_iter()
                    .filter_map(|w| w.downcast::<gtk::Window>().ok())
                    .find(|w| w.is_visible() && w != window.widget().upcast_ref::<gtk::Window>())
                    .expect("the variant editor opened");
                editor.present();
                settle();
                save_window_png(&editor, &folder.join(format!("editor-{style}.png")));
                editor.close();
            }
            window.widget().set_visible(false);
            settle();
        }
        lab.widget().present();
        settle();
        settle();
        save_window_png(lab.widget(), &folder.join(format!("lab-{style}.png")));
        lab.widget().set_visible(false);
        settle();
    }
    for (_, save) in saves {
        let _ = std::fs::remove_file(&save);
        let _ = save.parent().map(std::fs::remove_dir);
    }
}

/// A Château Noir match of a person against the computer, played by the Normal
/// players for some rounds, saved at the start of the person's turn.
fn chateau_save(folder: &Path) -> PathBuf {
    use super::chateau::session::ChateauSession;
    use super::chateau::setup::ChateauSetup;
    use castellan_chateau::bot::{Player, Strength, Thinking};
    use rand::SeedableRng;

    let setup = ChateauSetup::new("Anna".into(), 2, |_| "Béla".into());
    let mut session = ChateauSession::new(&setup, 21).expect("the table is valid");
    let mut players = [
        Player::new(Strength::Normal, Thinking::default()),
        Player::new(Strength::Normal, Thinking::default()),
    ];
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    for _ in 0..5_000 {
        let game = session.game();
        let at_start = game.state().spent() == 0 && game.state().hand().is_none();
        if game.turns() >= 14 && at_start && session.person_to_move().is_some() {
            let folder = folder.join(format!("castellan-chateau-{}", std::process::id()));
            std::fs::create_dir_all(&folder).expect("a scratch folder");
            let path = folder.join("Evening match.castellan");
            std::fs::write(&path, session.to_json().expect("the match saves"))
                .expect("the save is written");
            return path;
        }
        let seat = game.pending_seat().expect("the match goes on");
        let (seat, action) = players[seat.index()]
            .choose(game, &mut rng)
            .expect("a move");
        session
            .apply(seat, action)
            .expect("the players play legal moves");
    }
    panic!("the Château Noir position never came");
}

#[gtk::test]
#[ignore = "makes the screenshots: run by `make screenshot`"]
fn make_chateau_screenshots() {
    use super::chateau::ChateauTableInput;
    use super::chateau::board_area::BoardEvent;

    let folder = folder();
    let save = chateau_save(&std::env::temp_dir());
    let styles = adw::StyleManager::default();
    for (style, scheme) in [
        ("light", adw::ColorScheme::ForceLight),
        ("dark", adw::ColorScheme::ForceDark),
    ] {
        styles.set_color_scheme(scheme);
        let window = MainWindow::builder()
            .launch(Startup::Open(save.clone()))
            .detach();
        window.widget().set_default_size(1200, 800);
        window.widget().present();
        settle();
        settle();
        assert_eq!(window.model().page, Page::Chateau, "the match opened");
        // A piece in hand: its next squares lit, each with its kind of unit.
        let (table, piece) = {
            let model = window.model();
            let table = model.chateau.as_ref().expect("the table");
            let legal = table.model().session().expect("the match").legal();
            (
                table.sender().clone(),
                legal.pickable[legal.pickable.len() / 2],
            )
        };
        table.emit(ChateauTableInput::Board(BoardEvent::Clicked(piece)));
        settle();
        settle();
        save_window_png(
            window.widget(),
            &folder.join(format!("chateau-{style}.png")),
        );
        window.widget().set_visible(false);
        settle();
    }
    let _ = std::fs::remove_file(&save);
    let _ = save.parent().map(std::fs::remove_dir);
}
