//! The window's main menu and its actions (`win.new-game`, `win.save`, `win.roll`, …)
//! with their accelerators; each action only sends the window a message, the same
//! message as the button it stands for.

use gettextrs::gettext;
use relm4::actions::{RelmAction, RelmActionGroup};
use relm4::gtk::gio;
use relm4::gtk::prelude::*;
use relm4::prelude::*;

use super::battle_panel::BattlePanelInput;
use super::computer::GameSpeed;
use super::files::Preferences;
use super::shortcuts;
use super::window::{MainWindow, MainWindowInput};

relm4::new_action_group!(WindowActions, "win");
relm4::new_stateless_action!(NewGameAction, WindowActions, "new-game");
relm4::new_stateless_action!(OpenAction, WindowActions, "open");
relm4::new_stateless_action!(SaveAction, WindowActions, "save");
relm4::new_stateless_action!(SaveAsAction, WindowActions, "save-as");
relm4::new_stateless_action!(VariantEditorAction, WindowActions, "variant-editor");
relm4::new_stateless_action!(GameRulesAction, WindowActions, "game-rules");
relm4::new_stateless_action!(StatisticsAction, WindowActions, "statistics");
relm4::new_stateless_action!(ReplayAction, WindowActions, "replay");
relm4::new_stateless_action!(RulesAction, WindowActions, "rules");
relm4::new_stateless_action!(PrintReferenceAction, WindowActions, "print-reference");
relm4::new_stateless_action!(ExportReferenceAction, WindowActions, "export-reference");
relm4::new_stateless_action!(ShortcutsAction, WindowActions, "show-help-overlay");
relm4::new_stateless_action!(AboutAction, WindowActions, "about");
relm4::new_stateless_action!(QuitAction, WindowActions, "quit");
relm4::new_stateless_action!(RollAction, WindowActions, "roll");
relm4::new_stateless_action!(RollUntilAction, WindowActions, "roll-until-decided");
relm4::new_stateless_action!(StopAttackAction, WindowActions, "stop-attack");
relm4::new_stateless_action!(DefendAction, WindowActions, "defend");
relm4::new_stateless_action!(DefendToTheEndAction, WindowActions, "defend-to-the-end");
relm4::new_stateless_action!(NextTerritoryAction, WindowActions, "next-territory");
relm4::new_stateless_action!(ConfirmPlacementAction, WindowActions, "confirm-placement");
relm4::new_stateless_action!(UndoAction, WindowActions, "undo");
relm4::new_stateless_action!(EndTurnAction, WindowActions, "end-turn");
relm4::new_stateful_action!(GameSpeedAction, WindowActions, "game-speed", String, String);
relm4::new_stateful_action!(HintsAction, WindowActions, "hints", (), bool);
relm4::new_stateful_action!(TipsAction, WindowActions, "first-game-tips", (), bool);

/// The primary menu.
pub fn primary_menu() -> gio::Menu {
    let menu = gio::Menu::new();
    let game = gio::Menu::new();
    game.append(Some(&gettext("_New Game")), Some("win.new-game"));
    game.append(Some(&gettext("_Open…")), Some("win.open"));
    game.append(Some(&gettext("_Save")), Some("win.save"));
    game.append(Some(&gettext("Save _As…")), Some("win.save-as"));
    menu.append_section(None, &game);
    let story = gio::Menu::new();
    story.append(Some(&gettext("S_tatistics")), Some("win.statistics"));
    story.append(Some(&gettext("Re_play")), Some("win.replay"));
    menu.append_section(None, &story);
    let tools = gio::Menu::new();
    tools.append(
        Some(&gettext("_Rules of This Game")),
        Some("win.game-rules"),
    );
    tools.append(
        Some(&gettext("_Variant Editor")),
        Some("win.variant-editor"),
    );
    tools.append(
        Some(&gettext("_Print Reference Sheet…")),
        Some("win.print-reference"),
    );
    tools.append(
        Some(&gettext("_Export Reference Sheet as PDF…")),
        Some("win.export-reference"),
    );
    menu.append_section(None, &tools);
    let speed = gio::Menu::new();
    for (game_speed, label) in [
        (GameSpeed::Instant, gettext("_Instant")),
        (GameSpeed::Normal, gettext("_Normal Speed")),
        (GameSpeed::Slow, gettext("_Slow, to Watch")),
    ] {
        speed.append(
            Some(&label),
            Some(&format!("win.game-speed::{}", game_speed.id())),
        );
    }
    // A check item: what the Normal computer player would do, offered to people.
    speed.append(Some(&gettext("Show _Hints")), Some("win.hints"));
    menu.append_section(Some(&gettext("Computer Players")), &speed);
    let help = gio::Menu::new();
    help.append(Some(&gettext("_Rules")), Some("win.rules"));
    // A check item: how to make each decision, on the status line.
    help.append(
        Some(&gettext("Show _First-Game Tips")),
        Some("win.first-game-tips"),
    );
    help.append(
        Some(&gettext("_Keyboard Shortcuts")),
        Some("win.show-help-overlay"),
    );
    help.append(Some(&gettext("_About Castellan")), Some("win.about"));
    menu.append_section(None, &help);
    menu
}

/// The window's actions and their accelerators; the game-speed choice and the hints
/// and tips switches start as `preferences` say. Returns the tips switch, which the
/// window keeps in step when the tips go off otherwise (closed, or a game finished).
pub fn register_actions(
    window: &adw::ApplicationWindow,
    sender: &ComponentSender<MainWindow>,
    preferences: &Preferences,
) -> gio::SimpleAction {
    let speed = preferences.speed;
    let mut group = RelmActionGroup::<WindowActions>::new();
    macro_rules! add {
        ($action:ty, $message:expr) => {{
            let sender = sender.clone();
            let action: RelmAction<$action> =
                RelmAction::new_stateless(move |_| sender.input($message));
            group.add_action(action);
        }};
    }
    add!(NewGameAction, MainWindowInput::NewGame);
    add!(OpenAction, MainWindowInput::Open);
    add!(SaveAction, MainWindowInput::Save);
    add!(SaveAsAction, MainWindowInput::SaveAs);
    add!(ShortcutsAction, MainWindowInput::Shortcuts);
    add!(AboutAction, MainWindowInput::About);
    add!(QuitAction, MainWindowInput::Quit);
    add!(VariantEditorAction, MainWindowInput::VariantEditor);
    add!(GameRulesAction, MainWindowInput::GameRules);
    add!(StatisticsAction, MainWindowInput::Statistics);
    add!(ReplayAction, MainWindowInput::Replay);
    add!(RulesAction, MainWindowInput::Rules);
    add!(PrintReferenceAction, MainWindowInput::PrintReference);
    add!(ExportReferenceAction, MainWindowInput::ExportReference);
    // The moves of a turn count only while the game page is up: never behind the
    // page that passes the screen to another person.
    fn turn(message: MainWindowInput) -> MainWindowInput {
        MainWindowInput::OnGamePage(Box::new(message))
    }
    fn battle(message: BattlePanelInput) -> MainWindowInput {
        turn(MainWindowInput::Battle(message))
    }
    add!(RollAction, battle(BattlePanelInput::RollOnce));
    add!(RollUntilAction, battle(BattlePanelInput::RollUntilDecided));
    add!(StopAttackAction, battle(BattlePanelInput::Stop));
    add!(DefendAction, battle(BattlePanelInput::Defend));
    add!(
        DefendToTheEndAction,
        battle(BattlePanelInput::DefendToTheEnd)
    );
    add!(NextTerritoryAction, turn(MainWindowInput::NextTerritory));
    add!(
        ConfirmPlacementAction,
        turn(MainWindowInput::ConfirmPlacement)
    );
    add!(UndoAction, turn(MainWindowInput::Undo));
    add!(EndTurnAction, turn(MainWindowInput::Finish));
    {
        let sender = sender.clone();
        let action: RelmAction<GameSpeedAction> = RelmAction::new_stateful_with_target_value(
            &speed.id().to_owned(),
            move |_, state: &mut String, chosen: String| {
                if let Some(speed) = GameSpeed::from_id(&chosen) {
                    *state = chosen;
                    sender.input(MainWindowInput::SetSpeed(speed));
                }
            },
        );
        group.add_action(action);
    }
    {
        let sender = sender.clone();
        let action: RelmAction<HintsAction> =
            RelmAction::new_stateful(&preferences.hints, move |_, shown: &mut bool| {
                *shown = !*shown;
                sender.input(MainWindowInput::SetHints(*shown));
            });
        group.add_action(action);
    }
    let tips = {
        let sender = sender.clone();
        let action: RelmAction<TipsAction> =
            RelmAction::new_stateful(&preferences.first_game_tips, move |_, shown: &mut bool| {
                *shown = !*shown;
                sender.input(MainWindowInput::SetFirstGameTips(*shown));
            });
        let switch = action.gio_action().clone();
        group.add_action(action);
        switch
    };
    group.register_for_widget(window);
    let app = relm4::main_application();
    for (action, accels, _) in shortcuts::ACCELERATORS {
        app.set_accels_for_action(action, accels);
    }
    tips
}
