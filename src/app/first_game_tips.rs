//! The first game's tips: one line on the status line saying how a person makes the
//! kind of decision in front of them with the mouse and keys Castellan offers (never
//! what to decide: that is the hints' business, and no rule is read here), with a
//! close button that switches the tips off.

use castellan_engine::game::Decision;
use gettextrs::gettext;
use relm4::gtk::prelude::*;
use relm4::prelude::*;

/// The kinds of decision a tip is written for: the decision's kind only, none of its
/// parameters, so that a tip tells nothing private.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum TipKind {
    Castle,
    Claim,
    Placement,
    /// Setup placements of one army at a time (classic Risk).
    PlacementOneByOne,
    HiddenArmies,
    /// One's own turn: attack, occupy, play cards or end it.
    Turn,
    Roll,
    Defence,
    MoveIn,
    SpyAnswer,
    SpyDiscard,
    FillVacated,
    Fortify,
    Offer,
    TradeCards,
}

impl TipKind {
    /// The tip for `decision`.
    pub fn of(decision: &Decision) -> TipKind {
        match decision {
            Decision::PlaceCastle { .. } => TipKind::Castle,
            Decision::Claim => TipKind::Claim,
            Decision::PlaceArmies {
                armies: 1,
                reason: castellan_engine::game::PlacementReason::Setup,
            } => TipKind::PlacementOneByOne,
            Decision::PlaceArmies { .. } => TipKind::Placement,
            Decision::HideArmies => TipKind::HiddenArmies,
            Decision::Play { .. } => TipKind::Turn,
            Decision::Roll { .. } => TipKind::Roll,
            Decision::Defend { .. } => TipKind::Defence,
            Decision::MoveIn { .. } => TipKind::MoveIn,
            Decision::AnswerSpy { .. } => TipKind::SpyAnswer,
            Decision::SpyDiscard { .. } => TipKind::SpyDiscard,
            Decision::FillVacated { .. } => TipKind::FillVacated,
            Decision::Fortify => TipKind::Fortify,
            Decision::AnswerOffer { .. } => TipKind::Offer,
            Decision::TradeCards { .. } => TipKind::TradeCards,
        }
    }

    /// The tip in words: the gestures and keys for this kind of decision (those of
    /// the map's clicks, the panels' buttons and the window's accelerators).
    pub fn text(self) -> String {
        match self {
            TipKind::Castle => gettext("Click a lit territory to put your castle there"),
            TipKind::Claim => {
                gettext("Click a lit territory to claim it, or let Claim for Me do the rest")
            }
            TipKind::Placement => gettext(
                "Click: +1, Shift-click: +5, Ctrl-click: all; right-click or Ctrl+Z takes back; Ctrl+Enter confirms",
            ),
            TipKind::PlacementOneByOne => gettext(
                "Click: 1 army there; Shift-click: 5 there as your turns come; Ctrl-click: all of them there",
            ),
            TipKind::HiddenArmies => gettext(
                "Click any lit territory, yours or not (never a castle's): your hidden armies wait there, unseen",
            ),
            TipKind::Turn => gettext(
                "Click your territory, then the one to attack; N: next territory, E: end the turn, F1: the rules",
            ),
            TipKind::Roll => {
                gettext("Choose the dice, then R to roll, Shift+R to roll until decided, S to stop")
            }
            TipKind::Defence => {
                gettext("Choose the dice, then D to defend, Shift+D for the most dice to the end")
            }
            TipKind::MoveIn => {
                gettext("Choose how many armies move in (Minimum, Half, All), then Move In")
            }
            TipKind::SpyAnswer => {
                gettext("In the side panel: answer with a Spy of yours, or let them see")
            }
            TipKind::SpyDiscard => gettext("In the side panel: click the card they must discard"),
            TipKind::FillVacated => gettext(
                "Click a lit empty territory to fill it; click one of yours first to choose where from",
            ),
            TipKind::Fortify => {
                gettext("Click your territory, then one of yours to move armies to; E skips")
            }
            TipKind::Offer => gettext("In the side panel: accept or refuse the offer"),
            TipKind::TradeCards => gettext("In the side panel: choose a set of cards to trade"),
        }
    }
}

/// The tip shown, if any: the window says which, and only for a person's decision
/// while tips are on; and whether the bar keeps its place without a tip (while tips
/// are on and a game is played), so that the map above it never changes size.
#[derive(Debug, Default)]
pub struct TipBar {
    tip: Option<TipKind>,
    keeps_place: bool,
}

impl TipBar {
    #[cfg(test)]
    pub fn shown(&self) -> Option<TipKind> {
        self.tip
    }

    #[cfg(test)]
    pub fn keeps_place(&self) -> bool {
        self.keeps_place || self.tip.is_some()
    }
}

#[derive(Debug)]
pub enum TipBarInput {
    /// The tip to show, if any, and whether the bar keeps its place without one.
    Show {
        tip: Option<TipKind>,
        keeps_place: bool,
    },
    Close,
}

/// The person closed the tip: tips off.
#[derive(Debug)]
pub struct TurnTipsOff;

#[relm4::component(pub)]
impl SimpleComponent for TipBar {
    type Init = ();
    type Input = TipBarInput;
    type Output = TurnTipsOff;

    view! {
        gtk::Box {
            set_widget_name: "tip",
            set_spacing: 6,
            set_margin_start: 6,
            set_margin_end: 6,
            set_margin_top: 6,
            #[watch]
            set_visible: model.tip.is_some() || model.keeps_place,

            gtk::Image {
                set_icon_name: Some("dialog-information-symbolic"),
                add_css_class: "dim-label",
            },
            gtk::Label {
                set_widget_name: "tip-text",
                set_hexpand: true,
                set_xalign: 0.0,
                // One line, two at most in a narrow window rather than pushing it
                // wider; the whole tip is in the tooltip.
                set_wrap: true,
                set_lines: 2,
                set_ellipsize: gtk::pango::EllipsizeMode::End,
                add_css_class: "dim-label",
                #[watch]
                set_label: &model.tip.map(TipKind::text).unwrap_or_default(),
                #[watch]
                set_tooltip_text: model.tip.map(TipKind::text).as_deref(),
            },
            gtk::Button {
                set_widget_name: "close-tip",
                set_icon_name: "window-close-symbolic",
                add_css_class: "flat",
                add_css_class: "circular",
                set_valign: gtk::Align::Center,
                set_tooltip_text: Some(&gettext("Turn Off First-Game Tips")),
                connect_clicked => TipBarInput::Close,
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = TipBar::default();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: TipBarInput, sender: ComponentSender<Self>) {
        match message {
            TipBarInput::Show { tip, keeps_place } => {
                self.tip = tip;
                self.keeps_place = keeps_place;
            }
            TipBarInput::Close => {
                self.tip = None;
                self.keeps_place = false;
                let _ = sender.output(TurnTipsOff);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_decision_has_a_tip_of_its_own_on_one_line() {
        let kinds = [
            TipKind::Castle,
            TipKind::Claim,
            TipKind::Placement,
            TipKind::PlacementOneByOne,
            TipKind::HiddenArmies,
            TipKind::Turn,
            TipKind::Roll,
            TipKind::Defence,
            TipKind::MoveIn,
            TipKind::SpyAnswer,
            TipKind::SpyDiscard,
            TipKind::FillVacated,
            TipKind::Fortify,
            TipKind::Offer,
            TipKind::TradeCards,
        ];
        let texts: std::collections::BTreeSet<String> = kinds.iter().map(|k| k.text()).collect();
        assert_eq!(texts.len(), kinds.len(), "a tip each");
        for text in &texts {
            assert!(
                !text.contains('\n') && text.chars().count() <= 110,
                "{text}"
            );
        }
        assert_eq!(TipKind::of(&Decision::Claim), TipKind::Claim);
        // Ruling 4: hidden armies lie on any territory without a castle, own or not,
        // as the map lights them.
        let hidden = TipKind::HiddenArmies.text();
        assert!(
            hidden.contains("yours or not") && hidden.contains("castle"),
            "{hidden}"
        );
        assert_eq!(TipKind::of(&Decision::Fortify), TipKind::Fortify);
    }
}
