//! The variant editor's tests: rows follow the rules, senseless values are refused in
//! their rows, rules are saved naming only what differs.

use std::cell::RefCell;
use std::rc::Rc;

use super::*;
use crate::app::panel_testing::{named, save_window_png, settle};

struct Editor {
    controller: Controller<VariantEditor>,
    outputs: Rc<RefCell<Vec<VariantEditorOutput>>>,
}

impl Editor {
    fn open(variant: Variant, path: Option<PathBuf>, mode: EditorMode) -> Self {
        let outputs = Rc::new(RefCell::new(Vec::new()));
        let sent = Rc::clone(&outputs);
        let controller = VariantEditor::builder()
            .launch(())
            .connect_receiver(move |_, output| sent.borrow_mut().push(output));
        controller.emit(VariantEditorInput::Open {
            variant,
            path,
            mode,
        });
        settle();
        Self {
            controller,
            outputs,
        }
    }

    fn widget<W: IsA<gtk::Widget>>(&self, name: &str) -> W {
        named(self.controller.widget(), name)
            .downcast()
            .unwrap_or_else(|w| panic!("{name} is a {}", w.type_()))
    }

    fn visible(&self, name: &str) -> bool {
        self.widget::<gtk::Widget>(name).is_visible()
    }

    fn set_number(&self, path: &str, value: u32) {
        self.widget::<gtk::SpinButton>(&format!("{path}:control"))
            .set_value(f64::from(value));
        settle();
    }

    fn status(&self) -> String {
        self.widget::<gtk::Label>("status").text().into()
    }

    fn variant(&self) -> Variant {
        self.controller.model().variant.clone()
    }
}

fn for_new_game() -> EditorMode {
    EditorMode::Edit { for_new_game: true }
}

#[test]
fn problems_read_as_sentences() {
    assert_eq!(sentence("the deck is empty"), "The deck is empty");
    assert_eq!(sentence(""), "");
}

#[gtk::test]
fn a_changed_rule_is_marked_and_can_go_back_to_the_rulebook() {
    let editor = Editor::open(Variant::rulebook(), None, for_new_game());
    assert!(!editor.visible("lenient_general:changed"));
    editor
        .widget::<gtk::Switch>("lenient_general:control")
        .set_active(true);
    settle();
    assert!(editor.variant().lenient_general);
    assert!(editor.visible("lenient_general:changed"));
    assert!(editor.visible("lenient_general:reset"));
    assert_eq!(editor.status(), "1 rule differs from the rulebook.");
    editor
        .widget::<gtk::Button>("lenient_general:reset")
        .emit_clicked();
    settle();
    assert!(!editor.variant().lenient_general);
    assert!(
        !editor
            .widget::<gtk::Switch>("lenient_general:control")
            .is_active()
    );
    assert!(!editor.visible("lenient_general:changed"));
}

#[gtk::test]
fn values_that_make_no_sense_are_refused_in_their_rows() {
    let editor = Editor::open(Variant::rulebook(), None, for_new_game());
    // More Reinforcement cards than track numbers: both rows say why.
    editor.set_number("deck.reinforcements", 14);
    assert!(editor.visible("deck.reinforcements:warning"));
    assert!(editor.visible("reinforcement_track:warning"));
    assert!(!editor.visible("deck.spies:warning"));
    assert!(
        editor.status().starts_with("1 value makes no sense"),
        "{}",
        editor.status()
    );
    assert!(!editor.widget::<gtk::Button>("use").is_sensitive());
    assert!(!editor.widget::<gtk::Button>("save").is_sensitive());
    let subtitle = editor
        .widget::<adw::ActionRow>("deck.reinforcements")
        .subtitle()
        .unwrap_or_default();
    assert!(subtitle.contains("every card needs a number"), "{subtitle}");

    // A track that is not numbers is refused with the word at fault.
    let track = editor.widget::<gtk::Entry>("reinforcement_track:control");
    track.set_text("3, 4, five");
    settle();
    let subtitle = editor
        .widget::<adw::ActionRow>("reinforcement_track")
        .subtitle()
        .unwrap_or_default();
    assert!(
        subtitle.contains("“five” is not a whole number"),
        "{subtitle}"
    );
    track.set_text("1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14");
    settle();
    assert!(!editor.visible("reinforcement_track:warning"));
    assert!(!editor.visible("deck.reinforcements:warning"));
    assert!(editor.widget::<gtk::Button>("use").is_sensitive());

    // No card at all: every deck row says so.
    for kind in [
        "reinforcements",
        "diplomats",
        "spies",
        "generals",
        "marshalls",
        "admirals",
    ] {
        editor.set_number(&format!("deck.{kind}"), 0);
    }
    assert!(editor.visible("deck.admirals:warning"));
    assert!(editor.visible("deck.spies:warning"));
}

#[gtk::test]
fn rules_are_saved_naming_only_what_differs_and_used_for_the_new_game() {
    let dir = std::env::temp_dir().join(format!("castellan-editor-{}", std::process::id()));
    let path = dir.join("mine.toml");
    let editor = Editor::open(Variant::rulebook(), None, for_new_game());
    editor
        .widget::<gtk::Switch>("spoils.per_region_bonus:control")
        .set_active(true);
    editor
        .widget::<gtk::CheckButton>("spoils.region_bonus:board")
        .set_active(false);
    settle();
    editor.set_number("spoils.region_bonus", 3);
    editor
        .controller
        .emit(VariantEditorInput::SaveTo(path.clone()));
    settle();
    let saved = load_variant_file(&path).unwrap();
    assert!(saved.spoils.per_region_bonus);
    assert_eq!(saved.spoils.region_bonus, Some(3));
    assert_eq!(saved.differences_from_rulebook().len(), 2);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains("banner_bonus"), "{text}");
    assert!(
        !editor.widget::<gtk::Button>("save").is_sensitive(),
        "nothing left to save"
    );

    editor.widget::<gtk::Button>("use").emit_clicked();
    settle();
    let outputs = editor.outputs.borrow();
    let [
        VariantEditorOutput::Saved,
        VariantEditorOutput::UseForNewGame(variant, used_path),
    ] = &outputs[..]
    else {
        panic!("{outputs:?}");
    };
    assert_eq!(variant, &saved);
    assert_eq!(used_path.as_deref(), Some(path.as_path()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[gtk::test]
fn a_shipped_preset_is_a_starting_point_without_its_name() {
    let editor = Editor::open(Variant::rulebook(), None, for_new_game());
    let preset = shipped_folder("variants").join("house-rules.toml");
    editor.controller.emit(VariantEditorInput::Load(preset));
    settle();
    let variant = editor.variant();
    assert!(
        variant.spoils.per_region_bonus,
        "the preset's rules came in"
    );
    assert_eq!(variant.name, "", "but not its name");
    assert_eq!(editor.controller.model().path, None, "nor its file");
    assert!(editor.widget::<gtk::Button>("save").is_sensitive());
}

#[gtk::test]
fn a_running_games_rules_are_shown_read_only() {
    let mut variant = Variant::rulebook();
    variant.castle_dice_limit = 3;
    let editor = Editor::open(variant, None, EditorMode::ReadOnly);
    let spin = editor.widget::<gtk::SpinButton>("castle_dice_limit:control");
    assert!(!spin.is_sensitive());
    assert_eq!(spin.value_as_int(), 3);
    assert!(editor.visible("castle_dice_limit:changed"));
    assert!(!editor.visible("castle_dice_limit:reset"));
    assert!(!editor.visible("save"));
    assert!(!editor.visible("use"));
    assert!(
        editor.status().contains("cannot change"),
        "{}",
        editor.status()
    );
}

#[gtk::test]
fn rules_edited_on_disk_come_in_unless_there_are_edits_here() {
    let dir = std::env::temp_dir().join(format!("castellan-reload-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("house.toml");
    std::fs::write(&path, "name = \"House\"\nlenient_general = true\n").unwrap();
    let variant = load_variant_file(&path).unwrap();
    let editor = Editor::open(variant, Some(path.clone()), for_new_game());
    let wait_until = |done: &dyn Fn() -> bool| {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while !done() && std::time::Instant::now() < deadline {
            settle();
        }
    };
    // Untouched here: the file's new rules come in.
    std::fs::write(&path, "name = \"House\"\ncastle_dice_limit = 3\n").unwrap();
    wait_until(&|| editor.variant().castle_dice_limit == 3);
    assert_eq!(editor.variant().castle_dice_limit, 3);
    assert!(!editor.variant().lenient_general);
    assert_eq!(
        editor
            .widget::<gtk::SpinButton>("castle_dice_limit:control")
            .value_as_int(),
        3
    );

    // With edits here, they are kept and the change is announced instead.
    editor.set_number("deck.spies", 9);
    std::fs::write(&path, "name = \"House\"\ncastle_dice_limit = 1\n").unwrap();
    wait_until(&|| editor.status().contains("changed on disk"));
    assert!(
        editor.status().contains("changed on disk"),
        "{}",
        editor.status()
    );
    assert_eq!(editor.variant().deck.spies, 9);
    assert_eq!(editor.variant().castle_dice_limit, 3);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// With `CASTELLAN_PANEL_SHOTS=DIR`, saves the editor, whole, as people see it:
/// rules changed, and one value that makes no sense.
#[gtk::test]
fn editor_screenshot() {
    let Some(dir) = std::env::var_os("CASTELLAN_PANEL_SHOTS") else {
        return;
    };
    let mut variant = Variant::rulebook();
    variant.name = "Quick and bloody".into();
    variant.description = "Fewer armies, a lenient General, richer spoils.".into();
    variant.starting_armies.four = 20;
    variant.lenient_general = true;
    variant.spoils.per_region_bonus = true;
    variant.deck.reinforcements = 14;
    let editor = Editor::open(variant, None, for_new_game());
    let window = editor.controller.widget();
    window.set_default_size(720, 3000);
    window.present();
    settle();
    save_window_png(
        window,
        &std::path::Path::new(&dir).join("variant-editor.png"),
    );
}

#[gtk::test]
fn new_rules_are_saved_by_their_title_without_replacing_others_unasked() {
    let mut variant = Variant::rulebook();
    variant.name = "Quick/Bloody: Tuesday".into();
    variant.castle_dice_limit = 3;
    let path = library::personal_variant_path(&variant.name).unwrap();
    assert_eq!(path.file_name().unwrap(), "quick-bloody-tuesday.toml");
    let _ = std::fs::remove_file(&path);
    let editor = Editor::open(variant.clone(), None, for_new_game());
    // The name alone differs from nothing saved: Save writes into the person's folder.
    editor.widget::<gtk::Button>("save").emit_clicked();
    settle();
    assert_eq!(load_variant_file(&path).unwrap(), variant);
    assert_eq!(
        editor.controller.model().path.as_deref(),
        Some(path.as_path())
    );
    assert!(matches!(
        editor.outputs.borrow().last(),
        Some(VariantEditorOutput::Saved)
    ));
    assert!(
        library::variants().iter().any(|v| v.path == path),
        "the library lists it"
    );
    // Other rules with the same title do not replace the file unasked.
    let mut other = variant.clone();
    other.castle_dice_limit = 2;
    let second = Editor::open(other.clone(), None, for_new_game());
    second.widget::<gtk::Button>("save").emit_clicked();
    settle();
    assert_eq!(load_variant_file(&path).unwrap(), variant, "kept");
    assert_eq!(second.controller.model().path, None);
    let asking = gtk::Window::list_toplevels()
        .into_iter()
        .filter_map(|w| w.downcast::<adw::MessageDialog>().ok())
        .find(|d| d.is_visible())
        .expect("the editor asks before replacing");
    assert!(
        asking
            .heading()
            .unwrap()
            .contains("quick-bloody-tuesday.toml")
    );
    asking.response("replace");
    settle();
    assert_eq!(
        load_variant_file(&path).unwrap(),
        other,
        "replaced when asked"
    );
    std::fs::remove_file(&path).unwrap();
}

#[gtk::test]
fn test_these_rules_opens_the_lab_on_the_rules_being_edited() {
    let editor = Editor::open(Variant::rulebook(), None, for_new_game());
    editor.set_number("castle_dice_limit", 3);
    editor.widget::<gtk::Button>("test-rules").emit_clicked();
    settle();
    let model = editor.controller.model();
    let lab = model.lab.as_ref().expect("the lab was made");
    assert!(lab.widget().is_visible());
    assert_eq!(lab.model().variant().castle_dice_limit, 3);
    lab.widget().close();
    drop(model);
    settle();
    // Senseless rules cannot be tested.
    editor.set_number("deck.reinforcements", 14);
    assert!(!editor.widget::<gtk::Button>("test-rules").is_sensitive());
}

#[gtk::test]
fn the_game_of_the_rules_is_chosen_and_shows_its_own_options() {
    let editor = Editor::open(Variant::rulebook(), None, for_new_game());
    let classic_group = || {
        let row = editor.widget::<gtk::Widget>("classic.trade_values:control");
        // The options' group: walk up until the preferences group.
        let mut at = row.parent();
        while let Some(widget) = at {
            if widget.is::<adw::PreferencesGroup>() {
                return widget.get_visible();
            }
            at = widget.parent();
        }
        panic!("no group holds the classic options")
    };
    assert!(!classic_group(), "Castle Risk rules hide classic options");
    editor.widget::<gtk::DropDown>("ruleset").set_selected(1);
    settle();
    assert_eq!(editor.variant().ruleset, Ruleset::Classic);
    assert!(classic_group());
    // Reset goes back to the standard rules of the game chosen, not Castle Risk's.
    editor.controller.emit(VariantEditorInput::ResetAll);
    settle();
    assert_eq!(editor.variant().ruleset, Ruleset::Classic);
    assert_eq!(
        editor.widget::<gtk::DropDown>("ruleset").selected(),
        1,
        "the row follows the rules"
    );
}

#[gtk::test]
fn chateau_noir_rules_show_their_options_and_round_trip_through_a_file() {
    let editor = Editor::open(
        Variant::rulebook(),
        None,
        EditorMode::Edit { for_new_game: true },
    );
    assert!(!editor.visible("chateau-options"));
    // Choosing the game shows its options in place of Risk's.
    editor.widget::<gtk::DropDown>("ruleset").set_selected(2);
    settle();
    assert!(editor.visible("chateau-options"));
    assert!(
        editor
            .controller
            .model()
            .groups
            .iter()
            .all(|rows| !rows.widget().is_visible())
    );
    assert_eq!(
        editor.status(),
        "These are the rules as Castellan reads the booklet of Château Noir."
    );
    assert!(!editor.widget::<gtk::Button>("test-rules").is_sensitive());
    editor
        .widget::<gtk::Switch>("diagonal_capture:control")
        .set_active(true);
    editor
        .widget::<gtk::Switch>("clock_minutes:control")
        .set_active(true);
    settle();
    editor
        .widget::<gtk::SpinButton>("clock_minutes:number")
        .set_value(5.0);
    settle();
    let edited = editor.controller.model().chateau_rules().unwrap();
    assert!(edited.diagonal_capture);
    assert_eq!(edited.clock_minutes, Some(5));
    assert_eq!(
        editor.status(),
        "2 rules differ from Castellan’s reading of the booklet."
    );
    // Saved, the file names the game and what differs, and reads back the same…
    let path =
        std::env::temp_dir().join(format!("castellan-cn-editor-{}.toml", std::process::id()));
    editor
        .controller
        .emit(VariantEditorInput::SaveTo(path.clone()));
    settle();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("ruleset = \"chateau-noir\"\n"), "{text}");
    assert_eq!(ChateauVariant::load_file(&path).unwrap(), edited);
    assert!(!editor.controller.model().unsaved());
    // …and opened in another editor, its rows show it.
    let other = Editor::open(
        Variant::rulebook(),
        None,
        EditorMode::Edit {
            for_new_game: false,
        },
    );
    other
        .controller
        .emit(VariantEditorInput::Load(path.clone()));
    settle();
    let _ = std::fs::remove_file(&path);
    assert_eq!(other.controller.model().chateau_rules(), Some(edited));
    assert!(
        other
            .widget::<gtk::Switch>("diagonal_capture:control")
            .is_active()
    );
    assert!(!other.widget::<gtk::Switch>("revisits:control").is_active());
    assert_eq!(
        other
            .widget::<gtk::SpinButton>("clock_minutes:number")
            .value_as_int(),
        5
    );
    assert_eq!(other.widget::<gtk::DropDown>("ruleset").selected(), 2);
    other.controller.emit(VariantEditorInput::ResetAll);
    settle();
    assert!(
        !other
            .widget::<gtk::Switch>("diagonal_capture:control")
            .is_active()
    );
    editor.controller.widget().close();
    other.controller.widget().close();
}
