//! What the battle panel shows, worked out from its state: the sides as Pango markup,
//! the notes under them, the odds sentence (small battles at once, large ones off the
//! main loop), which controls are enabled, and how a new snapshot changes the
//! choices made.

use std::sync::Arc;

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Action, AttackEnd, Seat};
use gettextrs::{gettext, ngettext};
use relm4::gtk;
use relm4::prelude::*;

use super::dice_choice::DiceChoiceInput;
use super::{BattlePanel, BattlePanelOutput, OddsShown, OddsWorked};
use crate::app::decisions::{
    AttackOffer, BattleStage, Committing, DefendOffer, OddsKey, Sides, hold_text, odds_text,
};
use crate::app::table::TableSnapshot;
use crate::text::{fill, translated};

/// Battles of fewer pairs of armies than this have their odds worked out at once: the
/// engine's benchmark (`cargo bench -p castellan-engine -- odds`) puts 100 v 100
/// (10,000 pairs) at about 0.12 ms, so the largest of these take about half a
/// millisecond. Larger battles are worked out off the main loop.
const ODDS_AT_ONCE: u64 = 40_000;

impl BattlePanel {
    pub(super) fn idle(&self) -> bool {
        matches!(self.stage, BattleStage::Idle)
    }

    pub(super) fn sides(&self) -> Option<&Sides> {
        sides_of(&self.stage)
    }

    pub(super) fn allows(&self, action: &Action) -> bool {
        self.table
            .as_ref()
            .is_some_and(|table| table.legal.allows(action))
    }

    /// Sends `action` if `legal` allows it; a stale click sends nothing.
    pub(super) fn act(&self, sender: &ComponentSender<Self>, action: Action) {
        if self.allows(&action) {
            let _ = sender.output(BattlePanelOutput::Act(action));
        }
    }

    /// The roll the attacker's controls stand for.
    pub(super) fn roll(&self) -> Action {
        Action::Roll {
            dice: self.dice,
            general: self.general,
        }
    }

    /// Brings both rows of dice toggles in line with the dice chosen and the numbers
    /// the engine allows each side now (none to the side not deciding).
    pub(super) fn show_dice(&self) {
        let (attack, defend) = match &self.stage {
            BattleStage::Attack(offer) => (Some(offer.min_dice..=offer.max_dice), None),
            BattleStage::Defend(offer) => (None, Some(1..=offer.max_dice)),
            _ => (None, None),
        };
        for (row, allowed) in [(&self.attack_dice, attack), (&self.defend_dice, defend)] {
            row.emit(DiceChoiceInput::Show {
                chosen: self.dice,
                allowed,
            });
        }
    }

    /// The defence a standing order makes now: the most dice the engine allows, and
    /// the Marshall if ticked.
    pub(super) fn most_dice_defence(&self) -> Action {
        let dice = match &self.stage {
            BattleStage::Defend(offer) => offer.max_dice,
            _ => 0,
        };
        Action::Defend {
            dice,
            marshall: self.marshall,
        }
    }

    /// What "Most Dice to the End" will do, with the Marshall ticked or not.
    pub(super) fn defend_to_the_end_tip(&self) -> String {
        if self.marshall {
            gettext(
                "Commit the Marshall, then defend with the most dice at every roll of this attack without being asked again",
            )
        } else {
            gettext(
                "Defend with the most dice at every roll of this attack without being asked again",
            )
        }
    }

    /// Whether the game has Castle Risk's cards (Generals, Marshalls): classic Risk
    /// has none, and the panel shows no control for them.
    pub(super) fn has_castle_risk_cards(&self) -> bool {
        self.table.as_ref().is_none_or(|table| {
            table.view.ruleset == castellan_engine::variant::Ruleset::CastleRisk
        })
    }

    pub(super) fn general_available(&self) -> bool {
        matches!(&self.stage, BattleStage::Attack(offer) if offer.general_available)
    }

    pub(super) fn marshall_available(&self) -> bool {
        matches!(&self.stage, BattleStage::Defend(offer) if offer.marshall_available)
    }

    /// The armies the defender's hidden armies would bring here, if it may reveal them.
    pub(super) fn reveal(&self) -> Option<u32> {
        match &self.stage {
            BattleStage::Defend(offer) => offer.reveal,
            _ => None,
        }
    }

    pub(super) fn reveal_label(&self) -> String {
        match self.reveal() {
            Some(armies) => fill(&gettext("Reveal Hidden Armies (+{n})"), &[("n", &armies)]),
            None => gettext("Reveal Hidden Armies"),
        }
    }

    pub(super) fn move_in_range(&self) -> (f64, f64) {
        match self.stage {
            BattleStage::MoveIn { min, max, .. } => (f64::from(min), f64::from(max)),
            _ => (1.0, 1.0),
        }
    }

    /// The armies the Minimum, Half and All buttons choose: Half is half the armies
    /// in the territory they come from (rounded up), within what may move in.
    pub(super) fn move_in_presets(&self) -> Option<[u32; 3]> {
        match self.stage {
            BattleStage::MoveIn { from, min, max, .. } => {
                let half = self.armies_in(from).div_ceil(2).clamp(min, max);
                Some([min, half, max])
            }
            _ => None,
        }
    }

    /// The armies standing on `territory` in the snapshot shown.
    fn armies_in(&self, territory: TerritoryId) -> u32 {
        self.table
            .as_ref()
            .and_then(|table| table.view.territories.get(territory.index()))
            .map_or(0, |t| t.armies)
    }

    /// What Half moves, in words for its tooltip.
    pub(super) fn half_tip(&self) -> String {
        match self.stage {
            BattleStage::MoveIn { from, .. } => fill(
                &ngettext(
                    "Half of the {n} army in {territory}",
                    "Half of the {n} armies in {territory}",
                    self.armies_in(from),
                ),
                &[
                    ("n", &self.armies_in(from)),
                    ("territory", &self.territory_name(from)),
                ],
            ),
            _ => String::new(),
        }
    }

    /// What the move-in leaves behind: "3 stay in Paris (castle)".
    pub(super) fn move_in_leaves(&self) -> String {
        let (BattleStage::MoveIn { from, .. }, Some(table)) = (&self.stage, &self.table) else {
            return String::new();
        };
        let Some(territory) = table.view.territories.get(from.index()) else {
            return String::new();
        };
        let left = territory.armies.saturating_sub(self.move_in);
        let template = if territory.castle.is_some() {
            ngettext(
                "{n} stays in {territory}, guarding the castle",
                "{n} stay in {territory}, guarding the castle",
                left,
            )
        } else {
            ngettext("{n} stays in {territory}", "{n} stay in {territory}", left)
        };
        fill(
            &template,
            &[("n", &left), ("territory", &self.territory_name(*from))],
        )
    }

    pub(super) fn territory_name(&self, territory: TerritoryId) -> String {
        self.table.as_ref().map_or_else(String::new, |table| {
            translated(table.board.territory(territory).name.as_str())
        })
    }

    pub(super) fn move_in_label(&self) -> String {
        match self.stage {
            BattleStage::MoveIn { from, .. } => fill(
                &gettext("Armies to move in from {territory}"),
                &[("territory", &self.territory_name(from))],
            ),
            _ => String::new(),
        }
    }

    /// The attacker's side, as Pango markup: "■ Anna: Paris, 5 can fight".
    pub(super) fn attacker_markup(&self) -> String {
        let Some(table) = &self.table else {
            return String::new();
        };
        if let BattleStage::MoveIn { to, .. } = self.stage {
            return glib_escape(&fill(
                &gettext("{territory} is taken!"),
                &[("territory", &self.territory_name(to))],
            ));
        }
        let Some(sides) = self.sides() else {
            return String::new();
        };
        let territory = glib_escape(&self.territory_name(sides.from));
        let seat = seat_markup(table, sides.attacker);
        match sides.ship {
            Some(aboard) => fill(
                &gettext("{seat}: {n} aboard the ship off {territory}"),
                &[("seat", &seat), ("n", &aboard), ("territory", &territory)],
            ),
            None => fill(
                &gettext("{seat}: {territory}, {n} can fight"),
                &[
                    ("seat", &seat),
                    ("territory", &territory),
                    ("n", &sides.attackers),
                ],
            ),
        }
    }

    /// The defender's side, as Pango markup: "■ Ben: London, 3 defending".
    pub(super) fn defender_markup(&self) -> String {
        let (Some(table), Some(sides)) = (&self.table, self.sides()) else {
            return String::new();
        };
        fill(
            &gettext("{seat}: {territory}, {n} defending"),
            &[
                ("seat", &seat_markup(table, sides.defender)),
                ("territory", &glib_escape(&self.territory_name(sides.to))),
                ("n", &sides.defenders),
            ],
        )
    }

    pub(super) fn notes(&self) -> String {
        match &self.stage {
            BattleStage::Attack(offer) => attack_notes(offer),
            BattleStage::Defend(offer) => defend_notes(offer),
            _ => String::new(),
        }
    }

    /// How an attack ended, for the attacker's tally: "Prussia took Poland: lost 4,
    /// killed 7" or "The attack on Poland failed: lost 6, killed 2".
    pub(super) fn outcome_text(
        &self,
        to: TerritoryId,
        attacker: Seat,
        reason: AttackEnd,
    ) -> String {
        let seat = self
            .table
            .as_ref()
            .and_then(|table| table.seat_names.get(attacker.index()).cloned())
            .unwrap_or_else(|| attacker.to_string());
        let (lost, killed) = self.tally;
        let template = match reason {
            AttackEnd::Captured => gettext("{seat} took {territory}: lost {lost}, killed {killed}"),
            AttackEnd::Stopped => {
                gettext("{seat} called off the attack on {territory}: lost {lost}, killed {killed}")
            }
            AttackEnd::OutOfArmies | AttackEnd::ShipLost => {
                gettext("The attack on {territory} failed: lost {lost}, killed {killed}")
            }
        };
        fill(
            &template,
            &[
                ("seat", &seat),
                ("territory", &self.territory_name(to)),
                ("lost", &lost),
                ("killed", &killed),
            ],
        )
    }

    /// The sentence under the dice: the chance to take the territory (or, for the
    /// defender, to hold it).
    pub(super) fn odds_line(&self) -> String {
        match (&self.stage, self.odds) {
            (_, OddsShown::Nothing) | (BattleStage::Idle | BattleStage::MoveIn { .. }, _) => {
                String::new()
            }
            (_, OddsShown::Working) => gettext("Working out the odds…"),
            (BattleStage::Attack(_), OddsShown::Known(p)) => odds_text(p),
            (BattleStage::Defend(_), OddsShown::Known(p)) => hold_text(p.map(|p| 1.0 - p)),
        }
    }

    /// The battle whose odds the panel shows now.
    pub(super) fn odds_key(&self) -> Option<OddsKey> {
        match &self.stage {
            BattleStage::Attack(offer) => Some(offer.sides.odds_key(Committing {
                general: self.general,
                marshall: false,
            })),
            // The Marshall ticked counts from this roll on (ruling 13).
            BattleStage::Defend(offer) => Some(offer.sides.odds_key(Committing {
                general: false,
                marshall: self.marshall,
            })),
            _ => None,
        }
    }

    /// Brings the odds in line with the battle shown: small battles at once, large
    /// ones off the main loop, one at a time.
    pub(super) fn want_odds(&mut self, sender: &ComponentSender<Self>) {
        let key = self.odds_key();
        if key != self.odds_for {
            self.odds_for = key;
            self.odds = match key {
                None => OddsShown::Nothing,
                Some(key) if key.pairs() < ODDS_AT_ONCE => OddsShown::Known(key.probability()),
                Some(_) => OddsShown::Working,
            };
        }
        if self.odds == OddsShown::Working
            && self.odds_working.is_none()
            && let Some(key) = self.odds_for
        {
            self.odds_working = Some(key);
            sender.spawn_oneshot_command(move || OddsWorked {
                key,
                probability: key.probability(),
            });
        }
    }

    /// Whether the tray shows dice.
    #[cfg(test)]
    pub fn shows_dice(&self) -> bool {
        self.dice_view.has_dice()
    }

    /// The colours the tray's dice have.
    #[cfg(test)]
    pub fn dice_colours(&self) -> (u32, u32) {
        self.dice_view.colours()
    }

    /// Whether the attack shown has had a roll yet.
    #[cfg(test)]
    pub fn rolled_in_this_attack(&self) -> bool {
        self.losses.is_some()
    }

    /// Forgets everything of the last game: its battle, dice, tally and summary.
    pub(super) fn reset(&mut self) {
        self.table = None;
        self.stage = BattleStage::Idle;
        self.attack = None;
        self.losses = None;
        self.rolled_by = None;
        self.tally = (0, 0);
        self.outcome = None;
        self.dice_view.clear();
        self.general = false;
        self.marshall = false;
        self.move_in = 0;
    }

    /// Takes a new snapshot: the stage, and choices kept where they still fit.
    pub(super) fn show(&mut self, table: Arc<TableSnapshot>) {
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
            &BattleStage::MoveIn { from, min, max, .. } => {
                // A choice made for this move-in stays; a new one starts from what
                // keeps a castle guarded (the fewest) or else from everything.
                if !same_kind || !(min..=max).contains(&self.move_in) {
                    self.move_in = default_move_in(&table, from, min, max);
                }
            }
        }
        let attack = sides_of(&stage).map(|s| s.number);
        if attack.is_some() && attack != self.attack {
            // A new attack starts clean: no dice, losses or summary of the last.
            self.attack = attack;
            self.losses = None;
            self.outcome = None;
            self.dice_view.clear();
            self.general = false;
            self.marshall = false;
        }
        if let Some(sides) = sides_of(&stage) {
            self.dice_view.set_colours(
                colour_of(&table, sides.attacker),
                colour_of(&table, sides.defender),
            );
        }
        self.stage = stage;
        self.table = Some(table);
    }
}

/// The armies a move-in starts from: the fewest when the attack came from a castle's
/// territory (a castle is never emptied without the person choosing to), else all.
pub(super) fn default_move_in(table: &TableSnapshot, from: TerritoryId, min: u32, max: u32) -> u32 {
    let castle = table
        .view
        .territories
        .get(from.index())
        .is_some_and(|t| t.castle.is_some());
    if castle { min } else { max }
}

pub(super) fn sides_of(stage: &BattleStage) -> Option<&Sides> {
    match stage {
        BattleStage::Attack(AttackOffer { sides, .. })
        | BattleStage::Defend(DefendOffer { sides, .. }) => Some(sides),
        _ => None,
    }
}

/// The notes under the sides for the attacker: castle limit, cards committed.
pub(super) fn attack_notes(offer: &AttackOffer) -> String {
    let mut notes = Vec::new();
    if let Some(limit) = offer.sides.castle_limit {
        notes.push(fill(
            &ngettext(
                "Castle: {n} die at most",
                "Castle: {n} dice at most",
                u32::from(limit),
            ),
            &[("n", &limit)],
        ));
    }
    notes.extend(committed_notes(&offer.sides));
    notes.join(" · ")
}

/// The notes under the sides for the defender.
pub(super) fn defend_notes(offer: &DefendOffer) -> String {
    let mut notes = vec![fill(
        &ngettext(
            "The attacker rolls {n} die",
            "The attacker rolls {n} dice",
            u32::from(offer.attacker_dice),
        ),
        &[("n", &offer.attacker_dice)],
    )];
    notes.extend(committed_notes(&offer.sides));
    if offer.reveal == Some(0) {
        notes.push(gettext(
            "Your hidden armies here are worth nothing until a Reinforcement card is played",
        ));
    }
    notes.join(" · ")
}

pub(super) fn committed_notes(sides: &Sides) -> Vec<String> {
    let mut notes = Vec::new();
    if sides.general_committed {
        notes.push(gettext("General committed"));
    }
    if sides.marshall_committed {
        notes.push(gettext("Marshall committed"));
    }
    notes
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

pub(super) fn glib_escape(text: &str) -> String {
    gtk::glib::markup_escape_text(text).to_string()
}
