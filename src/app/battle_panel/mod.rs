//! The battle panel: the two sides of the attack in progress, the dice of the last
//! roll, the exact chance to win, and the attacker's, defender's or mover's controls.
//! What is offered is read by `decisions::BattleStage`; the dice are `dice_view`'s,
//! the toggles choosing how many to roll `dice_choice`'s.
//! Odds of large armies are worked out off the main loop (`odds_work`).

use std::sync::Arc;
#[cfg(test)]
use std::time::Duration;

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Action, AttackEnd, MAX_ATTACK_DICE, MAX_DEFENCE_DICE, Seat};
use gettextrs::gettext;
use relm4::gtk::{self, prelude::*};
use relm4::prelude::*;

mod dice_choice;
mod shown;

pub use shown::seat_markup;

use super::decisions::{BattleStage, OddsKey, losses_text};
use super::dice_view::{DiceState, DiceView};
use super::table::TableSnapshot;
use dice_choice::{DiceChoice, DiceChoiceInit, DiceChosen};

/// The odds shown under the dice.
#[derive(Copy, Clone, Debug, PartialEq)]
enum OddsShown {
    /// No battle, or nothing to say.
    Nothing,
    /// Being worked out off the main loop.
    Working,
    /// The attacker's chance to take the territory; `None` beyond what odds are
    /// computed for.
    Known(Option<f64>),
}

/// The battle panel's state.
pub struct BattlePanel {
    table: Option<Arc<TableSnapshot>>,
    stage: BattleStage,
    /// Dice chosen for the next roll or defence.
    dice: u8,
    /// Commit a General with the next roll.
    general: bool,
    /// Commit a Marshall with this defence.
    marshall: bool,
    /// Armies to move in after a capture.
    move_in: u32,
    /// The attack (by the engine's number) the dice belong to, to clear them when
    /// another begins.
    attack: Option<u32>,
    /// Who lost what in the last roll.
    losses: Option<(u8, u8)>,
    /// Who rolled since the last attack ended, and the armies they lost and killed:
    /// kept from roll to roll rather than read off snapshots, which a batch of
    /// events (a "Roll Until Decided", a computer's turn) goes past.
    rolled_by: Option<Seat>,
    tally: (u32, u32),
    /// How the last attack ended, shown until dismissed (or the next one ends).
    outcome: Option<String>,
    dice_view: DiceView,
    /// The attacker's and the defender's rows of dice toggles, following `dice`.
    attack_dice: Controller<DiceChoice>,
    defend_dice: Controller<DiceChoice>,
    /// The battle whose odds are wanted, and what is known of them.
    odds_for: Option<OddsKey>,
    odds: OddsShown,
    /// The odds being worked out off the main loop, if any (one at a time: a battle
    /// that changed meanwhile is worked out next, the stale answer dropped).
    odds_working: Option<OddsKey>,
}

/// Messages to the battle panel.
pub enum BattlePanelInput {
    /// Shows the decision at hand.
    Show(Arc<TableSnapshot>),
    /// Shows the faces of the last roll and who lost what.
    ShowRoll {
        attacker: Vec<u8>,
        defender: Vec<u8>,
        attacker_losses: u8,
        defender_losses: u8,
        /// A General's or Marshall's +1 was on the high die.
        general: bool,
        marshall: bool,
        /// The attacker who rolled.
        seat: Seat,
        /// The attacker's and the defender's colours (0xRRGGBB), for their dice:
        /// every roll has them, whoever the panel shows (a computer's battle too).
        colours: (u32, u32),
    },
    /// The attack on `to` ended: the panel sums it up until dismissed.
    AttackEnded {
        to: TerritoryId,
        reason: AttackEnd,
    },
    DismissOutcome,
    /// A new game sits down: nothing of the last game's battles stays.
    Reset,
    ChooseDice(u8),
    SetGeneral(bool),
    SetMarshall(bool),
    SetMoveIn(u32),
    /// Minimum (0), Half (1) or All (2) of the armies that may move in.
    MoveInPreset(usize),
    RollOnce,
    RollUntilDecided,
    Stop,
    Defend,
    /// Defend with the most dice at every roll left in this attack.
    DefendToTheEnd,
    RevealHiddenArmies,
    ConfirmMoveIn,
}

impl std::fmt::Debug for BattlePanelInput {
    // By hand, because the snapshot (a whole board and view) is not worth printing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BattlePanelInput::Show(_) => f.write_str("Show(…)"),
            BattlePanelInput::ShowRoll {
                attacker,
                defender,
                attacker_losses,
                defender_losses,
                general,
                marshall,
                ..
            } => write!(
                f,
                "ShowRoll({attacker:?} vs {defender:?}, -{attacker_losses}/-{defender_losses}, \
                 general {general}, marshall {marshall})"
            ),
            BattlePanelInput::AttackEnded { to, reason, .. } => {
                write!(f, "AttackEnded({to:?}, {reason:?})")
            }
            BattlePanelInput::DismissOutcome => f.write_str("DismissOutcome"),
            BattlePanelInput::Reset => f.write_str("Reset"),
            BattlePanelInput::ChooseDice(n) => write!(f, "ChooseDice({n})"),
            BattlePanelInput::SetGeneral(on) => write!(f, "SetGeneral({on})"),
            BattlePanelInput::SetMarshall(on) => write!(f, "SetMarshall({on})"),
            BattlePanelInput::SetMoveIn(n) => write!(f, "SetMoveIn({n})"),
            BattlePanelInput::MoveInPreset(n) => write!(f, "MoveInPreset({n})"),
            BattlePanelInput::RollOnce => f.write_str("RollOnce"),
            BattlePanelInput::RollUntilDecided => f.write_str("RollUntilDecided"),
            BattlePanelInput::Stop => f.write_str("Stop"),
            BattlePanelInput::Defend => f.write_str("Defend"),
            BattlePanelInput::DefendToTheEnd => f.write_str("DefendToTheEnd"),
            BattlePanelInput::RevealHiddenArmies => f.write_str("RevealHiddenArmies"),
            BattlePanelInput::ConfirmMoveIn => f.write_str("ConfirmMoveIn"),
        }
    }
}

/// What the battle panel asks of the window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BattlePanelOutput {
    /// An action of the pending seat, allowed by `legal`.
    Act(Action),
    /// Roll again and again with these dice (answering the defender's decisions by
    /// "always roll most dice") until the attack ends or a person must decide.
    RollUntilDecided { dice: u8, general: bool },
    /// Defend with the most dice now and at every later roll of this attack without
    /// asking, committing the Marshall now if `marshall`.
    DefendForTheAttack { marshall: bool },
}

/// Odds worked out off the main loop, for the battle `key`.
#[derive(Debug)]
pub struct OddsWorked {
    key: OddsKey,
    probability: Option<f64>,
}

#[relm4::component(pub)]
impl Component for BattlePanel {
    type Init = ();
    type Input = BattlePanelInput;
    type Output = BattlePanelOutput;
    type CommandOutput = OddsWorked;

    view! {
        #[root]
        gtk::Box {
            set_orientation: gtk::Orientation::Vertical,
            set_spacing: 8,
            set_margin_all: 12,
            add_css_class: "battle-panel",
            // The panel takes room from the cards only while there is a battle (or
            // the end of one) to show.
            #[watch]
            set_visible: !model.idle() || model.outcome.is_some(),

            gtk::Label {
                set_label: &gettext("Battle"),
                add_css_class: "heading",
                set_xalign: 0.0,
            },
            // How the last attack ended, until the reader dismisses it.
            gtk::Box {
                set_spacing: 6,
                add_css_class: "card",
                #[watch]
                set_visible: model.outcome.is_some(),

                gtk::Label {
                    set_widget_name: "outcome",
                    set_hexpand: true,
                    set_xalign: 0.0,
                    set_wrap: true,
                    set_margin_all: 6,
                    add_css_class: "heading",
                    #[watch]
                    set_label: model.outcome.as_deref().unwrap_or_default(),
                },
                gtk::Button {
                    set_widget_name: "dismiss-outcome",
                    set_icon_name: "window-close-symbolic",
                    set_valign: gtk::Align::Center,
                    set_tooltip_text: Some(&gettext("Dismiss")),
                    add_css_class: "flat",
                    add_css_class: "circular",
                    connect_clicked => BattlePanelInput::DismissOutcome,
                },
            },

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,
                set_spacing: 6,
                #[watch]
                set_visible: !model.idle(),

                gtk::Label {
                    set_xalign: 0.0,
                    set_wrap: true,
                    #[watch]
                    set_markup: &model.attacker_markup(),
                },
                gtk::Label {
                    set_xalign: 0.0,
                    set_wrap: true,
                    #[watch]
                    set_markup: &model.defender_markup(),
                },
                gtk::Label {
                    set_xalign: 0.0,
                    set_wrap: true,
                    add_css_class: "caption",
                    #[watch]
                    set_label: &model.notes(),
                },
            },

            // The tray shows the last roll, also the one that took the territory while
            // the armies move in. Through a battle it keeps its place, empty before the
            // first roll, so that the buttons below never move between rolls.
            #[local_ref]
            dice_area -> gtk::DrawingArea {
                set_widget_name: "dice",
                #[watch]
                set_visible: !model.idle() || model.dice_view.has_dice(),
            },
            gtk::Label {
                set_widget_name: "losses",
                set_xalign: 0.5,
                set_wrap: true,
                #[watch]
                set_label: &model.losses.map_or(String::new(), |(a, d)| losses_text(a, d)),
                #[watch]
                set_visible: !model.idle() || model.losses.is_some(),
            },
            gtk::Label {
                set_xalign: 0.0,
                set_wrap: true,
                add_css_class: "numeric",
                #[watch]
                set_label: &model.odds_line(),
                // An empty label still takes the box's spacing: hide it instead.
                #[watch]
                set_visible: !model.odds_line().is_empty(),
            },

            // The attacker: dice, General, and the three ways on.
            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,
                set_spacing: 6,
                #[watch]
                set_visible: matches!(model.stage, BattleStage::Attack(_)),

                gtk::Box {
                    set_spacing: 6,
                    gtk::Label {
                        set_label: &gettext("Dice"),
                    },
                    #[local_ref]
                    attack_dice_row -> gtk::Box {},
                },
                gtk::CheckButton {
                    set_widget_name: "general",
                    #[wrap(Some)]
                    set_child = &gtk::Label {
                        set_label: &gettext("Commit a General (+1 to the high die)"),
                        set_wrap: true,
                        set_xalign: 0.0,
                    },
                    // Classic Risk has no Generals.
                    #[watch]
                    set_visible: model.has_castle_risk_cards(),
                    #[watch]
                    set_sensitive: model.general_available(),
                    #[watch]
                    #[block_signal(general_toggled)]
                    set_active: model.general,
                    connect_toggled[sender] => move |b| {
                        sender.input(BattlePanelInput::SetGeneral(b.is_active()));
                    } @general_toggled,
                },
                #[name = "attack_buttons"]
                gtk::FlowBox {
                    set_selection_mode: gtk::SelectionMode::None,
                    set_column_spacing: 6,
                    set_row_spacing: 6,
                    set_max_children_per_line: 3,

                    gtk::Button {
                        set_label: &gettext("Roll"),
                        set_widget_name: "roll-once",
                        add_css_class: "suggested-action",
                        #[watch]
                        set_sensitive: model.allows(&model.roll()),
                        connect_clicked => BattlePanelInput::RollOnce,
                    },
                    gtk::Button {
                        set_label: &gettext("Roll Until Decided"),
                        set_widget_name: "roll-until",
                        #[watch]
                        set_sensitive: model.allows(&model.roll()),
                        connect_clicked => BattlePanelInput::RollUntilDecided,
                    },
                    gtk::Button {
                        set_label: &gettext("Stop"),
                        set_widget_name: "stop",
                        #[watch]
                        set_sensitive: model.allows(&Action::StopAttack),
                        connect_clicked => BattlePanelInput::Stop,
                    },
                },
            },

            // The defender: dice, Marshall, hidden armies.
            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,
                set_spacing: 6,
                #[watch]
                set_visible: matches!(model.stage, BattleStage::Defend(_)),

                gtk::Box {
                    set_spacing: 6,
                    gtk::Label {
                        set_label: &gettext("Dice"),
                    },
                    #[local_ref]
                    defend_dice_row -> gtk::Box {},
                },
                gtk::CheckButton {
                    set_widget_name: "marshall",
                    #[wrap(Some)]
                    set_child = &gtk::Label {
                        set_label: &gettext("Commit a Marshall (+1 to the high die)"),
                        set_wrap: true,
                        set_xalign: 0.0,
                    },
                    // Classic Risk has no Marshalls.
                    #[watch]
                    set_visible: model.has_castle_risk_cards(),
                    #[watch]
                    set_sensitive: model.marshall_available(),
                    #[watch]
                    #[block_signal(marshall_toggled)]
                    set_active: model.marshall,
                    connect_toggled[sender] => move |b| {
                        sender.input(BattlePanelInput::SetMarshall(b.is_active()));
                    } @marshall_toggled,
                },
                #[name = "defend_buttons"]
                gtk::FlowBox {
                    set_selection_mode: gtk::SelectionMode::None,
                    set_column_spacing: 6,
                    set_row_spacing: 6,
                    set_max_children_per_line: 2,

                    gtk::Button {
                        set_label: &gettext("Defend"),
                        set_widget_name: "defend",
                        add_css_class: "suggested-action",
                        #[watch]
                        set_sensitive: model.allows(&Action::Defend {
                            dice: model.dice,
                            marshall: model.marshall,
                        }),
                        connect_clicked => BattlePanelInput::Defend,
                    },
                    gtk::Button {
                        set_label: &gettext("Most Dice to the End"),
                        set_widget_name: "defend-to-the-end",
                        #[watch]
                        set_tooltip_text: Some(&model.defend_to_the_end_tip()),
                        #[watch]
                        set_sensitive: model.allows(&model.most_dice_defence()),
                        connect_clicked => BattlePanelInput::DefendToTheEnd,
                    },
                },
                // Hidden armies worth something here: a row of their own.
                gtk::Button {
                    set_widget_name: "reveal",
                    set_halign: gtk::Align::Start,
                    #[watch]
                    set_label: &model.reveal_label(),
                    #[watch]
                    set_visible: model.reveal().is_some_and(|armies| armies > 0),
                    connect_clicked => BattlePanelInput::RevealHiddenArmies,
                },
            },

            // After a capture: how many move in.
            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,
                set_spacing: 6,
                #[watch]
                set_visible: matches!(model.stage, BattleStage::MoveIn { .. }),

                gtk::Label {
                    set_xalign: 0.0,
                    set_wrap: true,
                    #[watch]
                    set_label: &model.move_in_label(),
                },
                #[name = "move_in_row"]
                gtk::FlowBox {
                    set_selection_mode: gtk::SelectionMode::None,
                    set_column_spacing: 6,
                    set_row_spacing: 6,
                    set_max_children_per_line: 2,

                    gtk::SpinButton {
                        set_widget_name: "move-in",
                        set_increments: (1.0, 1.0),
                        #[watch]
                        #[block_signal(move_in_changed)]
                        set_range: (model.move_in_range().0, model.move_in_range().1),
                        #[watch]
                        #[block_signal(move_in_changed)]
                        set_value: f64::from(model.move_in),
                        connect_value_changed[sender] => move |spin| {
                            sender.input(BattlePanelInput::SetMoveIn(
                                spin.value_as_int().max(0) as u32,
                            ));
                        } @move_in_changed,
                    },
                    gtk::Box {
                        add_css_class: "linked",
                        gtk::Button {
                            set_label: &gettext("Minimum"),
                            set_widget_name: "move-in-min",
                            connect_clicked[sender] => move |_| {
                                sender.input(BattlePanelInput::MoveInPreset(0));
                            },
                        },
                        gtk::Button {
                            set_label: &gettext("Half"),
                            set_widget_name: "move-in-half",
                            #[watch]
                            set_tooltip_text: Some(&model.half_tip()),
                            connect_clicked[sender] => move |_| {
                                sender.input(BattlePanelInput::MoveInPreset(1));
                            },
                        },
                        gtk::Button {
                            set_label: &gettext("All"),
                            set_widget_name: "move-in-all",
                            connect_clicked[sender] => move |_| {
                                sender.input(BattlePanelInput::MoveInPreset(2));
                            },
                        },
                    },
                },
                gtk::Label {
                    set_widget_name: "move-in-leaves",
                    set_xalign: 0.0,
                    set_wrap: true,
                    add_css_class: "caption",
                    #[watch]
                    set_label: &model.move_in_leaves(),
                },
                gtk::Box {
                    set_spacing: 6,
                    gtk::Button {
                        set_label: &gettext("Move In"),
                        set_widget_name: "confirm-move-in",
                        add_css_class: "suggested-action",
                        #[watch]
                        set_sensitive: model.allows(&Action::MoveIn {
                            armies: model.move_in,
                        }),
                        connect_clicked => BattlePanelInput::ConfirmMoveIn,
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = BattlePanel {
            table: None,
            stage: BattleStage::Idle,
            dice: MAX_ATTACK_DICE,
            general: false,
            marshall: false,
            move_in: 0,
            attack: None,
            losses: None,
            rolled_by: None,
            tally: (0, 0),
            outcome: None,
            dice_view: DiceView::new(),
            attack_dice: dice_row("attack", MAX_ATTACK_DICE, &sender),
            defend_dice: dice_row("defend", MAX_DEFENCE_DICE, &sender),
            odds_for: None,
            odds: OddsShown::Nothing,
            odds_working: None,
        };
        let dice_area = &model.dice_view.widget().clone();
        let attack_dice_row = &model.attack_dice.widget().clone();
        let defend_dice_row = &model.defend_dice.widget().clone();
        model.show_dice();
        let widgets = view_output!();
        for row in [
            &widgets.attack_buttons,
            &widgets.defend_buttons,
            &widgets.move_in_row,
        ] {
            flow_of_buttons(row);
        }
        ComponentParts { model, widgets }
    }

    // The dice rows follow the model as the view does.
    fn post_view() {
        model.show_dice();
    }

    fn update(&mut self, message: BattlePanelInput, sender: ComponentSender<Self>, _: &Self::Root) {
        match message {
            BattlePanelInput::Show(table) => self.show(table),
            BattlePanelInput::ShowRoll {
                attacker,
                defender,
                attacker_losses,
                defender_losses,
                general,
                marshall,
                seat,
                colours,
            } => {
                self.rolled_by = Some(seat);
                let mut dice = DiceState::rolled(&attacker, &defender, attacker_losses);
                dice.attacker_bonus = general;
                dice.defender_bonus = marshall;
                (dice.attacker_colour, dice.defender_colour) = colours;
                self.dice_view.show_roll(dice);
                self.losses = Some((attacker_losses, defender_losses));
                self.tally.0 += u32::from(attacker_losses);
                self.tally.1 += u32::from(defender_losses);
            }
            BattlePanelInput::AttackEnded { to, reason } => {
                // An attack called off before any roll has nothing to sum up.
                if let Some(attacker) = self.rolled_by.take() {
                    self.outcome = Some(self.outcome_text(to, attacker, reason));
                }
                self.tally = (0, 0);
            }
            BattlePanelInput::DismissOutcome => self.outcome = None,
            BattlePanelInput::Reset => self.reset(),
            BattlePanelInput::ChooseDice(dice) => self.dice = dice,
            BattlePanelInput::SetGeneral(on) => self.general = on,
            BattlePanelInput::SetMarshall(on) => self.marshall = on,
            BattlePanelInput::SetMoveIn(armies) => self.move_in = armies,
            BattlePanelInput::MoveInPreset(which) => {
                if let Some(armies) = self.move_in_presets().and_then(|p| p.get(which).copied()) {
                    self.move_in = armies;
                }
            }
            BattlePanelInput::RollOnce => self.act(&sender, self.roll()),
            BattlePanelInput::RollUntilDecided => {
                if self.allows(&self.roll()) {
                    let _ = sender.output(BattlePanelOutput::RollUntilDecided {
                        dice: self.dice,
                        general: self.general,
                    });
                }
            }
            BattlePanelInput::Stop => self.act(&sender, Action::StopAttack),
            BattlePanelInput::Defend => self.act(
                &sender,
                Action::Defend {
                    dice: self.dice,
                    marshall: self.marshall,
                },
            ),
            BattlePanelInput::DefendToTheEnd => {
                if self.allows(&self.most_dice_defence()) {
                    let _ = sender.output(BattlePanelOutput::DefendForTheAttack {
                        marshall: self.marshall,
                    });
                }
            }
            BattlePanelInput::RevealHiddenArmies => {
                if let BattleStage::Defend(offer) = &self.stage {
                    let territory = offer.sides.to;
                    self.act(&sender, Action::RevealHiddenArmies { territory });
                }
            }
            BattlePanelInput::ConfirmMoveIn => self.act(
                &sender,
                Action::MoveIn {
                    armies: self.move_in,
                },
            ),
        }
        self.want_odds(&sender);
    }

    fn update_cmd(&mut self, worked: OddsWorked, sender: ComponentSender<Self>, _: &Self::Root) {
        self.odds_working = None;
        if self.odds_for == Some(worked.key) {
            self.odds = OddsShown::Known(worked.probability);
        }
        // The battle changed while these were worked out: on to the odds wanted now.
        self.want_odds(&sender);
    }
}

/// A row of buttons that wraps onto the next line rather than widen the panel: the
/// row's cells are only places, so the keyboard goes straight to the buttons.
fn flow_of_buttons(row: &gtk::FlowBox) {
    let mut child = row.first_child();
    while let Some(cell) = child {
        cell.set_focusable(false);
        child = cell.next_sibling();
    }
}

/// A row of dice toggles for `side`, its choices sent to the panel.
fn dice_row(
    side: &'static str,
    most: u8,
    sender: &ComponentSender<BattlePanel>,
) -> Controller<DiceChoice> {
    DiceChoice::builder()
        .launch(DiceChoiceInit { side, most })
        .forward(sender.input_sender(), |DiceChosen(dice)| {
            BattlePanelInput::ChooseDice(dice)
        })
}

#[cfg(test)]
mod tests;
