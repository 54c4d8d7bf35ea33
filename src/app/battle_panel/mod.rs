//! The battle panel: the two sides of the attack in progress, the dice of the last
//! roll, the exact chance to win, and the attacker's, defender's or mover's controls.
//! What is offered is read by `decisions::BattleStage`; the dice are `dice_view`'s.

use std::cell::Cell;
use std::rc::Rc;
#[cfg(test)]
use std::time::Duration;

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Action, Seat};
use gettextrs::{gettext, ngettext};
use relm4::gtk::{self, prelude::*};
use relm4::prelude::*;

use super::decisions::{
    AttackOffer, BattleStage, DefendOffer, Sides, hold_text, losses_text, odds_text,
};
use super::dice_view::{DiceState, DiceView};
use super::table::TableSnapshot;

/// The most dice anyone rolls (the attacker; the defender rolls 2 at most).
const MOST_DICE: u8 = 3;

/// The battle panel's state.
pub struct BattlePanel {
    table: Option<Rc<TableSnapshot>>,
    stage: BattleStage,
    /// Dice chosen for the next roll or defence.
    dice: u8,
    /// Commit a General with the next roll.
    general: bool,
    /// Commit a Marshall with this defence.
    marshall: bool,
    /// Armies to move in after a capture.
    move_in: u32,
    /// The battle the dice belong to, to clear them when another begins.
    battle: Option<(TerritoryId, TerritoryId)>,
    /// Who lost what in the last roll.
    losses: Option<(u8, u8)>,
    dice_view: DiceView,
}

/// Messages to the battle panel.
pub enum BattlePanelInput {
    /// Shows the decision at hand.
    Show(Rc<TableSnapshot>),
    /// Shows the faces of the last roll and who lost what.
    ShowRoll {
        attacker: Vec<u8>,
        defender: Vec<u8>,
        attacker_losses: u8,
        defender_losses: u8,
    },
    ChooseDice(u8),
    SetGeneral(bool),
    SetMarshall(bool),
    SetMoveIn(u32),
    RollOnce,
    RollUntilDecided,
    Stop,
    Defend,
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
            } => write!(
                f,
                "ShowRoll({attacker:?} vs {defender:?}, -{attacker_losses}/-{defender_losses})"
            ),
            BattlePanelInput::ChooseDice(n) => write!(f, "ChooseDice({n})"),
            BattlePanelInput::SetGeneral(on) => write!(f, "SetGeneral({on})"),
            BattlePanelInput::SetMarshall(on) => write!(f, "SetMarshall({on})"),
            BattlePanelInput::SetMoveIn(n) => write!(f, "SetMoveIn({n})"),
            BattlePanelInput::RollOnce => f.write_str("RollOnce"),
            BattlePanelInput::RollUntilDecided => f.write_str("RollUntilDecided"),
            BattlePanelInput::Stop => f.write_str("Stop"),
            BattlePanelInput::Defend => f.write_str("Defend"),
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
}

/// The panel's widgets, updated from the model after each message.
pub struct BattlePanelWidgets {
    root: gtk::Box,
    syncing: Rc<Cell<bool>>,
    dice: gtk::DrawingArea,
    idle: gtk::Label,
    battle: gtk::Box,
    attacker: gtk::Label,
    defender: gtk::Label,
    notes: gtk::Label,
    losses: gtk::Label,
    odds: gtk::Label,
    attack_controls: gtk::Box,
    attack_dice: Vec<gtk::ToggleButton>,
    general: gtk::CheckButton,
    roll_once: gtk::Button,
    roll_until: gtk::Button,
    stop: gtk::Button,
    defend_controls: gtk::Box,
    defend_dice: Vec<gtk::ToggleButton>,
    marshall: gtk::CheckButton,
    defend: gtk::Button,
    reveal: gtk::Button,
    move_in_controls: gtk::Box,
    move_in_label: gtk::Label,
    move_in: gtk::SpinButton,
    confirm_move_in: gtk::Button,
}

impl SimpleComponent for BattlePanel {
    type Init = ();
    type Input = BattlePanelInput;
    type Output = BattlePanelOutput;
    type Root = gtk::Box;
    type Widgets = BattlePanelWidgets;

    fn init_root() -> gtk::Box {
        gtk::Box::builder()
            .orientation(gtk::Orientation::Vertical)
            .spacing(8)
            .margin_top(12)
            .margin_bottom(12)
            .margin_start(12)
            .margin_end(12)
            .css_classes(["battle-panel"])
            .build()
    }

    fn init(_: (), root: gtk::Box, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = BattlePanel {
            table: None,
            stage: BattleStage::Idle,
            dice: MOST_DICE,
            general: false,
            marshall: false,
            move_in: 0,
            battle: None,
            losses: None,
            dice_view: DiceView::new(),
        };

        // Set while the widgets are brought in line with the model, so that the
        // changes made then are not taken for the player's and sent back as messages.
        let syncing = Rc::new(Cell::new(false));
        let title = gtk::Label::builder()
            .label(gettext("Battle"))
            .css_classes(["heading"])
            .xalign(0.0)
            .build();
        root.append(&title);
        let idle = gtk::Label::builder()
            .label(gettext("No battle in progress"))
            .css_classes(["dim-label"])
            .xalign(0.0)
            .wrap(true)
            .build();
        root.append(&idle);

        let battle = gtk::Box::new(gtk::Orientation::Vertical, 6);
        let side_label = || {
            gtk::Label::builder()
                .xalign(0.0)
                .wrap(true)
                .use_markup(true)
                .build()
        };
        let attacker = side_label();
        let defender = side_label();
        let notes = gtk::Label::builder()
            .xalign(0.0)
            .wrap(true)
            .css_classes(["caption"])
            .build();
        battle.append(&attacker);
        battle.append(&defender);
        battle.append(&notes);
        root.append(&battle);

        model.dice_view.widget().set_widget_name("dice");
        root.append(model.dice_view.widget());
        let losses = gtk::Label::builder().xalign(0.5).wrap(true).build();
        let odds = gtk::Label::builder()
            .xalign(0.0)
            .wrap(true)
            .css_classes(["numeric"])
            .build();
        root.append(&losses);
        root.append(&odds);

        // The attacker: dice, General, and the three ways on.
        let attack_controls = gtk::Box::new(gtk::Orientation::Vertical, 6);
        let attack_dice = dice_buttons(MOST_DICE, &sender, &syncing, "attack-dice");
        attack_controls.append(&labelled_row(
            &gettext("Dice"),
            attack_dice.iter().cloned().map(gtk::Widget::from),
        ));
        let general =
            gtk::CheckButton::with_label(&gettext("Commit a General (+1 to the high die)"));
        general.set_widget_name("general");
        let (s, quiet) = (sender.clone(), Rc::clone(&syncing));
        general.connect_toggled(move |b| {
            if !quiet.get() {
                s.input(BattlePanelInput::SetGeneral(b.is_active()));
            }
        });
        attack_controls.append(&general);
        let roll_once = action_button(&gettext("Roll"), "roll-once", true);
        let roll_until = action_button(&gettext("Roll Until Decided"), "roll-until", false);
        let stop = action_button(&gettext("Stop"), "stop", false);
        connect(&roll_once, &sender, || BattlePanelInput::RollOnce);
        connect(&roll_until, &sender, || BattlePanelInput::RollUntilDecided);
        connect(&stop, &sender, || BattlePanelInput::Stop);
        let buttons = gtk::Box::new(gtk::Orientation::Horizontal, 6);
        buttons.append(&roll_once);
        buttons.append(&roll_until);
        buttons.append(&stop);
        attack_controls.append(&buttons);
        root.append(&attack_controls);

        // The defender: dice, Marshall, hidden armies.
        let defend_controls = gtk::Box::new(gtk::Orientation::Vertical, 6);
        let defend_dice = dice_buttons(2, &sender, &syncing, "defend-dice");
        defend_controls.append(&labelled_row(
            &gettext("Dice"),
            defend_dice.iter().cloned().map(gtk::Widget::from),
        ));
        let marshall =
            gtk::CheckButton::with_label(&gettext("Commit a Marshall (+1 to the high die)"));
        marshall.set_widget_name("marshall");
        let (s, quiet) = (sender.clone(), Rc::clone(&syncing));
        marshall.connect_toggled(move |b| {
            if !quiet.get() {
                s.input(BattlePanelInput::SetMarshall(b.is_active()));
            }
        });
        defend_controls.append(&marshall);
        let defend = action_button(&gettext("Defend"), "defend", true);
        let reveal = action_button(&gettext("Reveal Hidden Armies"), "reveal", false);
        connect(&defend, &sender, || BattlePanelInput::Defend);
        connect(&reveal, &sender, || BattlePanelInput::RevealHiddenArmies);
        let buttons = gtk::Box::new(gtk::Orientation::Horizontal, 6);
        buttons.append(&defend);
        buttons.append(&reveal);
        defend_controls.append(&buttons);
        root.append(&defend_controls);

        // After a capture: how many move in.
        let move_in_controls = gtk::Box::new(gtk::Orientation::Vertical, 6);
        let move_in_label = gtk::Label::builder().xalign(0.0).wrap(true).build();
        let move_in = gtk::SpinButton::with_range(1.0, 1.0, 1.0);
        move_in.set_widget_name("move-in");
        let (s, quiet) = (sender.clone(), Rc::clone(&syncing));
        move_in.connect_value_changed(move |spin| {
            if !quiet.get() {
                s.input(BattlePanelInput::SetMoveIn(
                    spin.value_as_int().max(0) as u32
                ));
            }
        });
        let confirm_move_in = action_button(&gettext("Move In"), "confirm-move-in", true);
        connect(&confirm_move_in, &sender, || {
            BattlePanelInput::ConfirmMoveIn
        });
        move_in_controls.append(&move_in_label);
        let row = gtk::Box::new(gtk::Orientation::Horizontal, 6);
        row.append(&move_in);
        row.append(&confirm_move_in);
        move_in_controls.append(&row);
        root.append(&move_in_controls);

        let widgets = BattlePanelWidgets {
            root: root.clone(),
            syncing,
            dice: model.dice_view.widget().clone(),
            idle,
            battle,
            attacker,
            defender,
            notes,
            losses,
            odds,
            attack_controls,
            attack_dice,
            general,
            roll_once,
            roll_until,
            stop,
            defend_controls,
            defend_dice,
            marshall,
            defend,
            reveal,
            move_in_controls,
            move_in_label,
            move_in,
            confirm_move_in,
        };
        let mut parts = ComponentParts { model, widgets };
        SimpleComponent::update_view(&parts.model, &mut parts.widgets, sender);
        parts
    }

    fn update(&mut self, message: BattlePanelInput, sender: ComponentSender<Self>) {
        match message {
            BattlePanelInput::Show(table) => self.show(table),
            BattlePanelInput::ShowRoll {
                attacker,
                defender,
                attacker_losses,
                defender_losses,
            } => {
                let mut dice = DiceState::rolled(&attacker, &defender, attacker_losses);
                if let Some(table) = &self.table
                    && let Some(sides) = self.sides()
                {
                    dice.attacker_colour = colour_of(table, sides.attacker);
                    dice.defender_colour = colour_of(table, sides.defender);
                }
                self.dice_view.show_roll(dice);
                self.losses = Some((attacker_losses, defender_losses));
            }
            BattlePanelInput::ChooseDice(dice) => self.dice = dice,
            BattlePanelInput::SetGeneral(on) => self.general = on,
            BattlePanelInput::SetMarshall(on) => self.marshall = on,
            BattlePanelInput::SetMoveIn(armies) => self.move_in = armies,
            BattlePanelInput::RollOnce => self.act(
                &sender,
                Action::Roll {
                    dice: self.dice,
                    general: self.general,
                },
            ),
            BattlePanelInput::RollUntilDecided => {
                let roll = Action::Roll {
                    dice: self.dice,
                    general: self.general,
                };
                if self.allows(&roll) {
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
    }

    fn update_view(&self, widgets: &mut BattlePanelWidgets, _sender: ComponentSender<Self>) {
        widgets.syncing.set(true);
        self.sync_widgets(widgets);
        // An empty label still takes the box's spacing: hide it instead.
        widgets.odds.set_visible(!widgets.odds.label().is_empty());
        widgets.syncing.set(false);
    }
}

impl BattlePanel {
    /// Brings every widget in line with the model.
    fn sync_widgets(&self, widgets: &BattlePanelWidgets) {
        let idle = matches!(self.stage, BattleStage::Idle);
        // The panel takes room from the cards only while there is a battle to show.
        widgets.root.set_visible(!idle);
        widgets.idle.set_visible(idle);
        widgets.battle.set_visible(!idle);
        widgets
            .attack_controls
            .set_visible(matches!(self.stage, BattleStage::Attack(_)));
        widgets
            .defend_controls
            .set_visible(matches!(self.stage, BattleStage::Defend(_)));
        widgets
            .move_in_controls
            .set_visible(matches!(self.stage, BattleStage::MoveIn { .. }));
        // The tray shows the last roll (none at the start of a battle), also the one
        // that took the territory while the armies move in.
        widgets.dice.set_visible(self.dice_view.has_dice());
        let losses = self
            .losses
            .map_or(String::new(), |(a, d)| losses_text(a, d));
        widgets.losses.set_visible(!losses.is_empty());
        widgets.losses.set_label(&losses);

        let Some(table) = &self.table else {
            widgets.odds.set_label("");
            return;
        };
        match &self.stage {
            BattleStage::Idle => widgets.odds.set_label(""),
            BattleStage::Attack(offer) => {
                self.show_sides(widgets, table, &offer.sides);
                widgets.notes.set_label(&attack_notes(offer));
                let p = offer.sides.attacker_win_probability(self.general);
                widgets.odds.set_label(&odds_text(p));
                set_dice_buttons(
                    &widgets.attack_dice,
                    offer.min_dice,
                    offer.max_dice,
                    self.dice,
                );
                set_check(&widgets.general, offer.general_available, self.general);
                let roll = Action::Roll {
                    dice: self.dice,
                    general: self.general,
                };
                widgets.roll_once.set_sensitive(self.allows(&roll));
                widgets.roll_until.set_sensitive(self.allows(&roll));
                widgets.stop.set_sensitive(offer.can_stop);
            }
            BattleStage::Defend(offer) => {
                self.show_sides(widgets, table, &offer.sides);
                widgets.notes.set_label(&defend_notes(offer));
                let p = offer.sides.attacker_win_probability(false);
                widgets.odds.set_label(&hold_text(p.map(|p| 1.0 - p)));
                set_dice_buttons(&widgets.defend_dice, 1, offer.max_dice, self.dice);
                set_check(&widgets.marshall, offer.marshall_available, self.marshall);
                widgets.defend.set_sensitive(self.allows(&Action::Defend {
                    dice: self.dice,
                    marshall: self.marshall,
                }));
                widgets.reveal.set_visible(offer.reveal.is_some());
                if let Some(armies) = offer.reveal {
                    widgets.reveal.set_label(
                        &gettext("Reveal Hidden Armies (+{n})").replace("{n}", &armies.to_string()),
                    );
                }
                widgets.reveal.set_sensitive(offer.reveal.is_some());
            }
            BattleStage::MoveIn { from, to, min, max } => {
                let board = &table.board;
                let name = |t: TerritoryId| gettext(board.territory(t).name.as_str());
                widgets.attacker.set_label(
                    &gettext("{territory} is taken!").replace("{territory}", &name(*to)),
                );
                widgets.defender.set_label("");
                widgets.notes.set_label("");
                widgets.odds.set_label("");
                widgets.move_in_label.set_label(
                    &gettext("Armies to move in from {territory}")
                        .replace("{territory}", &name(*from)),
                );
                let (lower, upper) = (f64::from(*min), f64::from(*max));
                let adjustment = widgets.move_in.adjustment();
                if (adjustment.lower(), adjustment.upper()) != (lower, upper) {
                    widgets.move_in.set_range(lower, upper);
                }
                if widgets.move_in.value_as_int() as u32 != self.move_in {
                    widgets.move_in.set_value(f64::from(self.move_in));
                }
                widgets
                    .confirm_move_in
                    .set_sensitive(self.allows(&Action::MoveIn {
                        armies: self.move_in,
                    }));
            }
        }
    }

    /// Takes a new snapshot: the stage, and choices kept where they still fit.
    fn show(&mut self, table: Rc<TableSnapshot>) {
        let stage = BattleStage::from_snapshot(&table);
        let same_kind = std::mem::discriminant(&stage) == std::mem::discriminant(&self.stage);
        match &stage {
            BattleStage::Idle => {}
            BattleStage::Attack(offer) => {
                // "Always roll most dice" unless the player chose fewer in this attack.
                if !same_kind || !(offer.min_dice..=offer.max_dice).contains(&self.dice) {
                    self.dice = offer.max_dice;
                }
                self.general &= offer.general_available;
            }
            BattleStage::Defend(offer) => {
                if !same_kind || !(1..=offer.max_dice).contains(&self.dice) {
                    self.dice = offer.max_dice;
                }
                self.marshall &= offer.marshall_available;
            }
            BattleStage::MoveIn { max, .. } => self.move_in = *max,
        }
        let battle = self.sides_of(&stage).map(|s| (s.from, s.to));
        if battle.is_some() && battle != self.battle {
            self.battle = battle;
            self.losses = None;
            self.dice_view.clear();
            self.general = false;
            self.marshall = false;
        }
        if let Some(sides) = self.sides_of(&stage) {
            self.dice_view.set_colours(
                colour_of(&table, sides.attacker),
                colour_of(&table, sides.defender),
            );
        }
        self.stage = stage;
        self.table = Some(table);
    }

    fn sides_of<'a>(&self, stage: &'a BattleStage) -> Option<&'a Sides> {
        match stage {
            BattleStage::Attack(AttackOffer { sides, .. })
            | BattleStage::Defend(DefendOffer { sides, .. }) => Some(sides),
            _ => None,
        }
    }

    fn sides(&self) -> Option<&Sides> {
        self.sides_of(&self.stage)
    }

    fn allows(&self, action: &Action) -> bool {
        self.table
            .as_ref()
            .is_some_and(|table| table.legal.allows(action))
    }

    /// Sends `action` if `legal` allows it; a stale click sends nothing.
    fn act(&self, sender: &ComponentSender<Self>, action: Action) {
        if self.allows(&action) {
            let _ = sender.output(BattlePanelOutput::Act(action));
        }
    }

    fn show_sides(&self, widgets: &BattlePanelWidgets, table: &TableSnapshot, sides: &Sides) {
        let board = &table.board;
        let name = |t: TerritoryId| glib_escape(&gettext(board.territory(t).name.as_str()));
        let attacking = match sides.ship {
            Some(aboard) => gettext("{seat}: {n} aboard the ship off {territory}")
                .replace("{n}", &aboard.to_string()),
            None => gettext("{seat}: {territory}, {n} can fight")
                .replace("{n}", &sides.attackers.to_string()),
        };
        widgets.attacker.set_markup(
            &attacking
                .replace("{seat}", &seat_markup(table, sides.attacker))
                .replace("{territory}", &name(sides.from)),
        );
        widgets.defender.set_markup(
            &gettext("{seat}: {territory}, {n} defending")
                .replace("{seat}", &seat_markup(table, sides.defender))
                .replace("{territory}", &name(sides.to))
                .replace("{n}", &sides.defenders.to_string()),
        );
    }
}

/// The notes under the sides for the attacker: castle limit, cards committed.
fn attack_notes(offer: &AttackOffer) -> String {
    let mut notes = Vec::new();
    if let Some(limit) = offer.castle_limit() {
        notes.push(
            ngettext(
                "Castle: {n} die at most",
                "Castle: {n} dice at most",
                u32::from(limit),
            )
            .replace("{n}", &limit.to_string()),
        );
    }
    notes.extend(committed_notes(&offer.sides));
    notes.join(" · ")
}

/// The notes under the sides for the defender.
fn defend_notes(offer: &DefendOffer) -> String {
    let mut notes = vec![
        ngettext(
            "The attacker rolls {n} die",
            "The attacker rolls {n} dice",
            u32::from(offer.attacker_dice),
        )
        .replace("{n}", &offer.attacker_dice.to_string()),
    ];
    notes.extend(committed_notes(&offer.sides));
    notes.join(" · ")
}

fn committed_notes(sides: &Sides) -> Vec<String> {
    let mut notes = Vec::new();
    if sides.general_committed {
        notes.push(gettext("General committed"));
    }
    if sides.marshall_committed {
        notes.push(gettext("Marshall committed"));
    }
    notes
}

/// Toggle buttons "1", "2", … that choose how many dice, one active at a time.
fn dice_buttons(
    count: u8,
    sender: &ComponentSender<BattlePanel>,
    syncing: &Rc<Cell<bool>>,
    name: &str,
) -> Vec<gtk::ToggleButton> {
    let mut buttons: Vec<gtk::ToggleButton> = Vec::new();
    for dice in 1..=count {
        let button = gtk::ToggleButton::with_label(&dice.to_string());
        button.set_widget_name(&format!("{name}-{dice}"));
        if let Some(first) = buttons.first() {
            button.set_group(Some(first));
        }
        let (s, quiet) = (sender.clone(), Rc::clone(syncing));
        button.connect_toggled(move |b| {
            if b.is_active() && !quiet.get() {
                s.input(BattlePanelInput::ChooseDice(dice));
            }
        });
        buttons.push(button);
    }
    buttons
}

/// A row with a label and widgets after it, linked like a segmented control.
fn labelled_row(label: &str, widgets: impl Iterator<Item = gtk::Widget>) -> gtk::Box {
    let row = gtk::Box::new(gtk::Orientation::Horizontal, 6);
    row.append(&gtk::Label::new(Some(label)));
    let linked = gtk::Box::builder()
        .orientation(gtk::Orientation::Horizontal)
        .css_classes(["linked"])
        .build();
    for widget in widgets {
        linked.append(&widget);
    }
    row.append(&linked);
    row
}

fn action_button(label: &str, name: &str, suggested: bool) -> gtk::Button {
    let button = gtk::Button::with_label(label);
    button.set_widget_name(name);
    if suggested {
        button.add_css_class("suggested-action");
    }
    button
}

fn connect(
    button: &gtk::Button,
    sender: &ComponentSender<BattlePanel>,
    message: impl Fn() -> BattlePanelInput + 'static,
) {
    let sender = sender.clone();
    button.connect_clicked(move |_| sender.input(message()));
}

/// Dice buttons: sensitive within `min..=max`, the chosen one active.
fn set_dice_buttons(buttons: &[gtk::ToggleButton], min: u8, max: u8, chosen: u8) {
    for (button, dice) in buttons.iter().zip(1u8..) {
        button.set_sensitive((min..=max).contains(&dice));
        if button.is_active() != (dice == chosen) {
            button.set_active(dice == chosen);
        }
    }
}

fn set_check(check: &gtk::CheckButton, available: bool, on: bool) {
    check.set_sensitive(available);
    if check.is_active() != on {
        check.set_active(on);
    }
}

/// A seat's name after a square of its colour, as Pango markup.
pub fn seat_markup(table: &TableSnapshot, seat: Seat) -> String {
    let name = table
        .seat_names
        .get(seat.index())
        .cloned()
        .unwrap_or_else(|| seat.to_string());
    format!(
        "<span foreground=\"#{:06x}\">■</span> <b>{}</b>",
        colour_of(table, seat),
        glib_escape(&name)
    )
}

/// A seat's colour, grey when the snapshot has none for it.
pub fn colour_of(table: &TableSnapshot, seat: Seat) -> u32 {
    table
        .seat_colours
        .get(seat.index())
        .copied()
        .unwrap_or(0x777777)
}

fn glib_escape(text: &str) -> String {
    gtk::glib::markup_escape_text(text).to_string()
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;

    use castellan_engine::game::Decision;

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
        let table = Rc::new(snapshot(&game));
        let Some(castellan_engine::game::Choice::Roll {
            min_dice,
            max_dice,
            general,
        }) = table.legal.choices.first().cloned()
        else {
            panic!("a roll is offered first");
        };
        let (panel, outputs) = launch();
        panel.emit(BattlePanelInput::Show(Rc::clone(&table)));
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
        let table = Rc::new(snapshot(&game));
        let (panel, outputs) = launch();
        panel.emit(BattlePanelInput::Show(Rc::clone(&table)));
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
        let table = Rc::new(snapshot(&game));
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
        assert_eq!(spin.value_as_int() as u32, max);
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
        panel.emit(BattlePanelInput::Show(Rc::new(snapshot(&game))));
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
        panel.emit(BattlePanelInput::Show(Rc::new(snapshot(&game))));
        panel.emit(BattlePanelInput::ShowRoll {
            attacker: vec![6, 2],
            defender: vec![5],
            attacker_losses: 0,
            defender_losses: 1,
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
            let table = Rc::new(snapshot(&game));
            let (panel, _) = launch();
            let sidebar = CardSidebar::builder().launch(()).detach();
            panel.emit(BattlePanelInput::Show(Rc::clone(&table)));
            sidebar.emit(CardSidebarInput::Show(Rc::clone(&table)));
            if name == "attack" {
                panel.emit(BattlePanelInput::ShowRoll {
                    attacker: vec![6, 3, 2],
                    defender: vec![4, 3],
                    attacker_losses: 1,
                    defender_losses: 1,
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
}
