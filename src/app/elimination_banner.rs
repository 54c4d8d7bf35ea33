//! Eliminations announced over the map: a banner at the top of the map with a line
//! per seat put out of the game (a dot of its colour, who put it out and how), which
//! stays until dismissed or until a person's next turn begins, so that someone who
//! looked away while it happened still reads it.

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{EventKind, Seat};
use gettextrs::gettext;
use relm4::gtk::glib;
use relm4::gtk::prelude::*;
use relm4::prelude::*;

use super::log::LogNames;
use super::session::TableEvent;
use crate::text::{fill, translated};

/// One elimination: the sentence, and the eliminated seat's colour (`0xRRGGBB`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Elimination {
    pub text: String,
    pub colour: u32,
}

/// The eliminations among `events` (one refresh's public events, in order), in
/// words: a castle that fell is named when the same events tell it (Castle Risk puts
/// a seat out when its castle falls, classic Risk when its last territory does).
pub fn eliminations(names: &LogNames, colours: &[u32], events: &[TableEvent]) -> Vec<Elimination> {
    let name = |s: Seat| names.seats.get(s.index()).cloned().unwrap_or_default();
    let mut castles: Vec<(Seat, TerritoryId)> = Vec::new();
    let mut out = Vec::new();
    for event in events {
        match event.event.kind {
            EventKind::CastleTaken {
                territory, owner, ..
            } => castles.push((owner, territory)),
            EventKind::SeatEliminated { seat, by } => {
                let castle = castles.iter().find(|(owner, _)| *owner == seat);
                let text = match castle {
                    Some(&(_, territory)) => fill(
                        &gettext("{seat}: out of the game — {by} took the castle in {territory}"),
                        &[
                            ("seat", &name(seat)),
                            ("by", &name(by)),
                            (
                                "territory",
                                &translated(names.board.territory(territory).name.as_str()),
                            ),
                        ],
                    ),
                    None => fill(
                        &gettext("{seat}: out of the game — {by} took the last territory"),
                        &[("seat", &name(seat)), ("by", &name(by))],
                    ),
                };
                out.push(Elimination {
                    text,
                    colour: colours.get(seat.index()).copied().unwrap_or(0x808080),
                });
            }
            _ => {}
        }
    }
    out
}

/// The eliminations announced and not yet dismissed.
#[derive(Debug, Default)]
pub struct EliminationBanner {
    shown: Vec<Elimination>,
}

impl EliminationBanner {
    #[cfg(test)]
    pub fn shown(&self) -> &[Elimination] {
        &self.shown
    }

    /// The lines as Pango markup: a dot of the seat's colour before each sentence.
    fn markup(&self) -> String {
        self.shown
            .iter()
            .map(|e| {
                format!(
                    "<span foreground=\"#{:06x}\" size=\"x-large\">●</span> {}",
                    e.colour & 0xff_ffff,
                    glib::markup_escape_text(&e.text)
                )
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[derive(Debug)]
pub enum EliminationBannerInput {
    /// More eliminations, below those still shown.
    Announce(Vec<Elimination>),
    /// The × button, a person's next turn or a new game at the table: the banner goes.
    Dismiss,
}

#[relm4::component(pub)]
impl SimpleComponent for EliminationBanner {
    type Init = ();
    type Input = EliminationBannerInput;
    type Output = ();

    view! {
        gtk::Revealer {
            set_widget_name: "elimination-banner",
            set_valign: gtk::Align::Start,
            set_halign: gtk::Align::Center,
            set_margin_top: 12,
            set_margin_start: 12,
            set_margin_end: 12,
            set_transition_type: gtk::RevealerTransitionType::SlideDown,
            #[watch]
            set_reveal_child: !model.shown.is_empty(),

            gtk::Box {
                set_spacing: 12,
                add_css_class: "app-notification",

                gtk::Label {
                    set_widget_name: "elimination-text",
                    set_wrap: true,
                    set_xalign: 0.0,
                    set_max_width_chars: 60,
                    #[watch]
                    set_markup: &model.markup(),
                },
                gtk::Button {
                    set_widget_name: "dismiss-elimination",
                    set_icon_name: "window-close-symbolic",
                    add_css_class: "flat",
                    add_css_class: "circular",
                    set_valign: gtk::Align::Center,
                    set_tooltip_text: Some(&gettext("Dismiss")),
                    connect_clicked => EliminationBannerInput::Dismiss,
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = EliminationBanner::default();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: EliminationBannerInput, _sender: ComponentSender<Self>) {
        match message {
            EliminationBannerInput::Announce(more) => self.shown.extend(more),
            EliminationBannerInput::Dismiss => self.shown.clear(),
        }
    }
}
