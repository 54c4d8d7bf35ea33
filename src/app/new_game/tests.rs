//! The new-game dialog's tests: colours, the rules' summary, and the dialog driven
//! through its widgets.

use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

use super::boards::board_caption;
use super::seats::{choose_colour, default_name, free_colours_for_new_seats};
use super::*;

#[test]
fn choosing_a_taken_colour_swaps_it_with_its_seat() {
    let mut colours = vec![0, 1, 2, 3, 4, 5];
    choose_colour(&mut colours, 3, 0, 2);
    assert_eq!(&colours[..3], &[2, 1, 0]);
    // A colour only a hidden seat has is simply taken.
    choose_colour(&mut colours, 3, 1, 5);
    assert_eq!(&colours[..3], &[2, 5, 0]);
}

#[test]
fn new_seats_get_colours_nobody_uses() {
    let mut colours = vec![2, 5, 0, 0, 5, 2];
    free_colours_for_new_seats(&mut colours, 6);
    let mut sorted = colours.clone();
    sorted.sort();
    assert_eq!(sorted, vec![0, 1, 2, 3, 4, 5]);
    assert_eq!(&colours[..3], &[2, 5, 0]);
}

#[test]
fn a_variant_is_summed_up_by_the_rules_it_changes() {
    assert_eq!(
        variant_changes(&Variant::rulebook()),
        "The rules of the 1986 rulebook, with nothing changed."
    );
    let mut variant = Variant::rulebook();
    variant.lenient_general = true;
    variant.spoils.per_region_bonus = true;
    assert_eq!(
        variant_changes(&variant),
        "Changes: Lenient General, Two Armies per Independent Region."
    );
}

struct Dialog {
    controller: Controller<NewGameDialog>,
    outputs: Rc<RefCell<Vec<NewGameOutput>>>,
}

impl Dialog {
    fn open(setup: GameSetup) -> Self {
        let outputs = Rc::new(RefCell::new(Vec::new()));
        let sent = Rc::clone(&outputs);
        let controller = NewGameDialog::builder()
            .launch(())
            .connect_receiver(move |_, output| sent.borrow_mut().push(output));
        controller.emit(NewGameInput::Open(setup));
        settle();
        Self {
            controller,
            outputs,
        }
    }

    fn widget<W: IsA<gtk::Widget>>(&self, name: &str) -> W {
        named(self.controller.widget(), name).downcast().unwrap()
    }

    fn rules_labels(&self) -> Vec<String> {
        let list = self.widget::<gtk::DropDown>("rules");
        let model = list.model().unwrap().downcast::<gtk::StringList>().unwrap();
        (0..model.n_items())
            .filter_map(|i| model.string(i).map(String::from))
            .collect()
    }

    fn start(&self) -> NewGame {
        self.widget::<gtk::Button>("start").emit_clicked();
        settle();
        match self.outputs.borrow_mut().pop() {
            Some(NewGameOutput::Start(game)) => *game,
            other => panic!("no game started: {other:?}"),
        }
    }
}

use crate::app::panel_testing::{named, settle, settle_until};

#[gtk::test]
fn the_dialog_offers_the_shipped_boards_and_rules_and_starts_with_them() {
    let dialog = Dialog::open(default_setup());
    let boards = dialog.widget::<gtk::FlowBox>("boards");
    assert!(
        boards.child_at_index(0).is_some(),
        "the shipped board is offered"
    );
    assert_eq!(boards.selected_children().len(), 1);
    let labels = dialog.rules_labels();
    assert_eq!(labels[0], "Rulebook (1986)");
    let house = labels
        .iter()
        .position(|l| l == "Common house rules")
        .unwrap();
    let game = dialog.start();
    assert!(game.variant.plays_as_rulebook());
    assert_eq!(game.board.board.territories.len(), 44);
    assert_eq!(
        game.setup.board, None,
        "the default board is not written down"
    );

    dialog
        .widget::<gtk::DropDown>("rules")
        .set_selected(house as u32);
    settle();
    let notes = dialog.widget::<gtk::Label>("rules-notes").text();
    assert!(
        notes.contains("Two Armies per Independent Region"),
        "{notes}"
    );
    let game = dialog.start();
    assert!(game.variant.spoils.per_region_bonus);
    assert!(game.setup.variant.unwrap().ends_with("house-rules.toml"));
}

#[gtk::test]
fn rules_made_in_the_editor_are_offered_unsaved_and_played() {
    let dialog = Dialog::open(default_setup());
    let mut variant = Variant::rulebook();
    variant.name = "Bloody".into();
    variant.castle_dice_limit = 3;
    dialog
        .controller
        .emit(NewGameInput::UseVariant(variant.clone(), None));
    settle();
    assert_eq!(
        dialog.rules_labels().last().map(String::as_str),
        Some("Bloody (not saved)")
    );
    let game = dialog.start();
    assert_eq!(game.variant, variant);
    assert_eq!(game.setup.variant, None, "unsaved rules are not remembered");
}

#[gtk::test]
fn a_board_opened_from_a_file_is_offered_and_limits_the_players() {
    let dialog = Dialog::open(GameSetup::default_for(5, default_name));
    assert!(
        dialog.widget::<gtk::Button>("start").is_sensitive(),
        "6 empires, 5 seats"
    );
    let tiny = Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/tests/positions/tiny-board.toml");
    dialog
        .controller
        .emit(NewGameInput::BoardFileChosen(tiny.clone()));
    settle();
    let boards = dialog.widget::<gtk::FlowBox>("boards");
    let selected = boards.selected_children();
    assert_eq!(selected.len(), 1);
    assert!(
        selected[0].index() > 0,
        "the opened board joins the list, chosen"
    );
    assert!(!dialog.widget::<gtk::Button>("start").is_sensitive());
    let problem = dialog.widget::<gtk::Label>("problem").text();
    assert_eq!(problem, "This board has 4 empires: at most 4 players");
    dialog.widget::<gtk::SpinButton>("seats").set_value(4.0);
    settle();
    let game = dialog.start();
    assert_eq!(game.setup.board, Some(tiny));
    assert_eq!(game.board.board.meta.name, "Tiny");
}

/// Every label's text under `widget`, depth first.
fn texts(widget: &gtk::Widget) -> Vec<String> {
    let mut found = Vec::new();
    if let Some(label) = widget.downcast_ref::<gtk::Label>() {
        found.push(label.text().to_string());
    }
    let mut child = widget.first_child();
    while let Some(c) = child {
        found.extend(texts(&c));
        child = c.next_sibling();
    }
    found
}

#[gtk::test]
fn a_board_file_edited_on_disk_is_read_again() {
    let dir = std::env::temp_dir().join(format!("castellan-watch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("draft.toml");
    let good = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("engine/tests/positions/tiny-board.toml"),
    )
    .unwrap();
    std::fs::write(&path, &good).unwrap();
    let dialog = Dialog::open(default_setup());
    dialog
        .controller
        .emit(NewGameInput::BoardFileChosen(path.clone()));
    settle();
    let boards = dialog.widget::<gtk::FlowBox>("boards");
    let last_tile = || {
        let mut index = 0;
        while boards.child_at_index(index + 1).is_some() {
            index += 1;
        }
        texts(boards.child_at_index(index).unwrap().upcast_ref())
    };
    assert!(
        last_tile().contains(&"Tiny".to_owned()),
        "{:?}",
        last_tile()
    );

    // The designer breaks the file in a text editor: the tile says so.
    std::fs::write(&path, good.replace("format = 1", "format = 7")).unwrap();
    settle_until(|| {
        last_tile()
            .iter()
            .any(|t| t.starts_with("Cannot be loaded"))
    });
    assert!(
        last_tile()
            .iter()
            .any(|t| t.starts_with("Cannot be loaded")),
        "{:?}",
        last_tile()
    );
    assert!(!dialog.widget::<gtk::Button>("start").is_sensitive());

    // And mends it: the board is back, still chosen.
    std::fs::write(&path, &good).unwrap();
    settle_until(|| last_tile().contains(&"Tiny".to_owned()));
    assert!(
        last_tile().contains(&"Tiny".to_owned()),
        "{:?}",
        last_tile()
    );
    assert!(dialog.widget::<gtk::Button>("start").is_sensitive());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn boards_are_captioned_by_their_size() {
    let board = library::load_board(&library::default_board_path()).unwrap();
    assert_eq!(board_caption(&board.board), "44 territories · 6 empires");
}

/// Writes a picture of the dialog to `$CASTELLAN_PANEL_SHOTS` (a directory), for people
/// to look at: `cargo test -- --ignored new_game_screenshot` under Xvfb.
#[gtk::test]
#[ignore = "writes a picture for people to look at"]
fn new_game_screenshot() {
    let Some(dir) = std::env::var_os("CASTELLAN_PANEL_SHOTS") else {
        return;
    };
    let dialog = Dialog::open(GameSetup::default_for(4, default_name));
    let window = dialog.controller.widget();
    window.present();
    let end = std::time::Instant::now() + std::time::Duration::from_millis(800);
    while std::time::Instant::now() < end {
        settle();
    }
    crate::app::panel_testing::save_window_png(
        window,
        &std::path::PathBuf::from(dir).join("new-game.png"),
    );
}

#[gtk::test]
fn test_these_rules_opens_the_lab_on_the_chosen_board_rules_and_seats() {
    let dialog = Dialog::open(default_setup());
    let house = dialog
        .rules_labels()
        .iter()
        .position(|l| l == "Common house rules")
        .unwrap();
    dialog
        .widget::<gtk::DropDown>("rules")
        .set_selected(house as u32);
    settle();
    dialog.widget::<gtk::Button>("test-rules").emit_clicked();
    settle();
    let model = dialog.controller.model();
    let lab = model.lab.as_ref().expect("the lab was made");
    assert!(lab.widget().is_visible());
    let lab_model = lab.model();
    assert!(lab_model.variant().spoils.per_region_bonus);
    let (board, seats) = lab_model.table();
    assert_eq!(board, model.board.as_deref());
    assert_eq!(seats, model.count);
    drop(lab_model);
    lab.widget().close();
}

#[gtk::test]
fn choosing_classic_rules_brings_the_classic_map() {
    let dialog = Dialog::open(default_setup());
    let labels = dialog.rules_labels();
    let classic = labels.iter().position(|l| l == "Classic Risk").unwrap();
    dialog
        .widget::<gtk::DropDown>("rules")
        .set_selected(classic as u32);
    settle();
    let game = dialog.start();
    assert_eq!(
        game.variant.ruleset,
        castellan_engine::variant::Ruleset::Classic
    );
    assert_eq!(game.board.board.territories.len(), 42, "the classic map");
    assert!(game.setup.board.unwrap().ends_with("classic.toml"));
}

#[gtk::test]
fn each_computer_seat_gets_the_strength_chosen_for_it() {
    use castellan_engine::bot::Strength;
    let mut setup = default_setup();
    setup.seats[1].strength = Strength::Easy;
    let dialog = Dialog::open(setup);
    // The remembered strength is shown; a person's seat has none to choose.
    let strength = dialog.widget::<gtk::DropDown>("seat-strength-1");
    assert_eq!(strength.selected(), 0);
    assert!(strength.is_sensitive());
    assert!(
        !dialog
            .widget::<gtk::DropDown>("seat-strength-0")
            .is_sensitive()
    );
    strength.set_selected(2);
    settle();
    let game = dialog.start();
    assert_eq!(game.setup.seats[1].strength, Strength::Expert);
}

#[gtk::test]
fn a_name_typed_faster_than_the_dialog_answers_stays_as_typed() {
    // Typing over a selected name sends two changes at once (the selection deleted,
    // then the letter): the dialog's answers to them must not write an older name back
    // into the entry, which moved the cursor to the start and typed "Anna" as "nnaA".
    let dialog = Dialog::open(default_setup());
    let entry = dialog.widget::<gtk::Entry>("seat-name-0");
    entry.grab_focus();
    entry.select_region(0, -1);
    entry.delete_selection();
    let mut at_end = 0;
    for letter in ["A", "n", "n", "a"] {
        entry.insert_text(letter, &mut at_end);
        entry.set_position(at_end);
    }
    settle();
    entry.insert_text("!", &mut entry.position());
    settle();
    assert_eq!(entry.text(), "Anna!");
    let game = dialog.start();
    assert_eq!(game.setup.seats[0].name, "Anna!");
}

#[test]
fn the_persons_name_comes_from_the_system_only_when_it_is_a_real_name() {
    use super::seats::name_from_system;
    assert_eq!(
        name_from_system("Anna Lind", "anna"),
        Some("Anna Lind".into())
    );
    assert_eq!(
        name_from_system("  Béla\u{7} ", "bela"),
        Some("Béla".into())
    );
    // GLib's word for no name, an empty one, or the login again: no real name.
    assert_eq!(name_from_system("Unknown", "anna"), None);
    assert_eq!(name_from_system(" ", "anna"), None);
    assert_eq!(name_from_system("root", "root"), None);
    let long = "x".repeat(200);
    assert_eq!(
        name_from_system(&long, "anna").map(|n| n.chars().count()),
        Some(32)
    );
}

#[gtk::test]
fn a_first_game_is_one_person_against_normal_computers_on_the_rulebook() {
    let setup = default_setup();
    assert!(!setup.seats[0].computer);
    assert!(setup.seats.len() >= 2);
    assert!(
        setup.seats[1..]
            .iter()
            .all(|s| s.computer && s.strength == castellan_engine::bot::Strength::Normal)
    );
    assert_eq!((setup.board.as_ref(), setup.variant.as_ref()), (None, None));
    let dialog = Dialog::open(setup);
    let game = dialog.start();
    assert_eq!(game.board.board.territories.len(), 44);
    assert!(game.variant.plays_as_rulebook());
    // Switching a seat to a person is one click on its Person button.
    dialog
        .widget::<gtk::ToggleButton>("seat-person-1")
        .set_active(true);
    settle();
    assert!(
        !dialog
            .widget::<gtk::ToggleButton>("seat-computer-1")
            .is_active()
    );
    let game = dialog.start();
    assert!(!game.setup.seats[1].computer);
}

#[gtk::test]
fn the_game_list_chooses_classic_risk_and_seats_chateau_noir() {
    let dialog = Dialog::open(default_setup());
    let games = dialog.widget::<gtk::DropDown>("game-choice");
    // Classic Risk: the classic rules, on the classic map.
    games.set_selected(1);
    settle();
    let game = dialog.start();
    assert_eq!(
        game.variant.ruleset,
        castellan_engine::variant::Ruleset::Classic
    );
    assert_eq!(games.selected(), 1);
    // Château Noir: three seats, each for itself; the second seat takes the first's
    // army, the computer plays it at Expert.
    games.set_selected(2);
    settle();
    assert!(!dialog.widget::<gtk::FlowBox>("boards").is_visible());
    dialog
        .widget::<gtk::SpinButton>("chateau-seats")
        .set_value(3.0);
    dialog
        .widget::<gtk::Switch>("chateau-teams")
        .set_active(false);
    settle();
    dialog
        .widget::<gtk::DropDown>("chateau-seat-armies-1")
        .set_selected(0);
    settle();
    dialog
        .widget::<gtk::DropDown>("chateau-seat-strength-2")
        .set_selected(2);
    settle();
    // The second seat is handed to a person by its toggle.
    dialog
        .widget::<gtk::ToggleButton>("chateau-seat-person-1")
        .set_active(true);
    settle();
    assert!(
        !dialog
            .widget::<gtk::ToggleButton>("chateau-seat-computer-1")
            .is_active()
    );
    dialog.widget::<gtk::Button>("start").emit_clicked();
    settle();
    let Some(NewGameOutput::StartChateau(setup)) = dialog.outputs.borrow_mut().pop() else {
        panic!("no Château Noir match started");
    };
    let board = castellan_chateau::board::Board::reconstructed();
    let table = setup.table(&board);
    assert_eq!(table.seats.len(), 3);
    assert!(!table.teams);
    assert!(table.check(&board).is_ok());
    let groups = crate::app::chateau::setup::army_groups(&board, 3, false);
    assert_eq!(
        table.seats[1], groups[0],
        "the second seat took the first army"
    );
    assert_eq!(table.seats[0], groups[1], "and the first seat its army");
    assert_eq!(
        setup.seats[2].strength,
        castellan_chateau::bot::Strength::Expert
    );
    assert!(setup.seats[2].computer && !setup.seats[0].computer);
    assert!(
        !setup.seats[1].computer,
        "the toggle made the second seat a person's"
    );
}
