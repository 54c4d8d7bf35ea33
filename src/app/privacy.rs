//! The hot-seat privacy page: "Pass to Anna" covers the board's secrets (a hand, a
//! hidden-army choice, a defence) until that person clicks, and tells them what
//! happened since they last had the screen: every other seat's turn summed up, then
//! what was done to them.

use castellan_engine::game::{EventKind, Seat};
use gettextrs::{gettext, ngettext};
use relm4::gtk::prelude::*;
use relm4::prelude::*;

use crate::app::log::LogNames;
use crate::app::session::TableEvent;
use crate::app::turn_summary;
use crate::text::{fill, translated};

/// The title of the page for the person who must take the screen.
pub fn title(name: &str) -> String {
    fill(&gettext("Pass to {name}"), &[("name", &name)])
}

/// The button's label: the person confirms it is them.
pub fn button_label(name: &str) -> String {
    fill(&gettext("I Am {name}"), &[("name", &name)])
}

/// What the page says: what just happened on the table (public, so that the person
/// handing over the screen still sees the result of their move), what happened to
/// the next person since they last looked (`news`), then why the screen must change
/// hands.
pub fn description(last_event: Option<&str>, news: &[String], private: bool) -> String {
    let why = if private {
        gettext("The next decision is private. Hand the screen over, then click.")
    } else {
        gettext("Hand the screen over, then click.")
    };
    let mut parts: Vec<String> = last_event.map(str::to_owned).into_iter().collect();
    if !news.is_empty() {
        let lines: Vec<String> = news.iter().map(|line| format!("• {line}")).collect();
        parts.push(format!(
            "{}\n{}",
            gettext("Since you last had the screen:"),
            lines.join("\n")
        ));
    }
    parts.push(why);
    parts.join("\n\n")
}

/// The news that `seat` is out of the game, knocked out by `by`: on the privacy page
/// and in the window's banner.
pub fn elimination(names: &LogNames, seat: Seat, by: Seat) -> String {
    let name = |s: Seat| names.seats.get(s.index()).cloned().unwrap_or_default();
    fill(
        &gettext("{by} eliminated {seat}"),
        &[("seat", &name(seat)), ("by", &name(by))],
    )
}

/// The most turns the page sums up one by one; older ones are counted.
const MOST_TURNS: usize = 8;

/// What happened since `seat`'s person last had the screen, from `events` (the
/// public events since then), a sentence each: every turn played meanwhile summed
/// up, seat by seat ("Cleo: 2 attacks, took Poland"; `turn_seat` is whose turn was
/// under way when the events begin, if one was), then what was done to `seat`.
pub fn news(
    names: &LogNames,
    seat: Seat,
    turn_seat: Option<Seat>,
    events: &[TableEvent],
) -> Vec<String> {
    let mut lines = turns_since(names, seat, turn_seat, events);
    lines.extend(done_to(names, seat, events));
    lines
}

/// Each turn of another seat among `events` summed up, the one under way at their
/// start (of `turn_seat`) first; setup has no turns to sum up.
fn turns_since(
    names: &LogNames,
    seat: Seat,
    turn_seat: Option<Seat>,
    events: &[TableEvent],
) -> Vec<String> {
    let mut turns: Vec<(Seat, Vec<TableEvent>)> = Vec::new();
    let mut current = turn_seat.map(|s| (s, Vec::new()));
    for event in events {
        match event.event.kind {
            EventKind::TurnStarted { seat: next, .. } => {
                turns.extend(current.take());
                current = Some((next, Vec::new()));
            }
            _ => {
                if let Some((_, turn)) = &mut current {
                    turn.push(event.clone());
                }
            }
        }
    }
    turns.extend(current.filter(|(_, turn)| !turn.is_empty()));
    // The person played their own turns.
    turns.retain(|(by, _)| *by != seat);
    let older = turns.len().saturating_sub(MOST_TURNS);
    let mut lines = Vec::new();
    if older > 0 {
        lines.push(fill(
            &ngettext(
                "{n} earlier turn (in the log)",
                "{n} earlier turns (in the log)",
                older as u32,
            ),
            &[("n", &older)],
        ));
    }
    lines.extend(
        turns[older..]
            .iter()
            .map(|(by, turn)| turn_summary::summary(names, *by, turn)),
    );
    lines
}

/// What was done to `seat` in `events`: the attacks on it and by whom, the armies
/// and territories it lost, the cards a Spy made it discard, and who is out of the
/// game.
fn done_to(names: &LogNames, seat: Seat, events: &[TableEvent]) -> Vec<String> {
    let seat_name = |s: Seat| names.seats.get(s.index()).cloned().unwrap_or_default();
    let (mut attacks, mut attackers, mut lost) = (0u32, Vec::new(), 0u32);
    let (mut taken, mut discarded, mut out) = (Vec::new(), Vec::new(), Vec::new());
    for event in events {
        match &event.event.kind {
            EventKind::AttackStarted {
                seat: by, defender, ..
            } if *defender == seat => {
                attacks += 1;
                let name = seat_name(*by);
                if !attackers.contains(&name) {
                    attackers.push(name);
                }
            }
            EventKind::ArmiesLost {
                seat: loser,
                armies,
                ..
            } if *loser == seat => lost += armies,
            EventKind::TerritoryTaken {
                territory,
                from: Some(from),
                ..
            } if *from == seat => {
                taken.push(translated(names.board.territory(*territory).name.as_str()));
            }
            EventKind::CardDiscardedBySpy {
                seat: spy,
                target,
                card,
            } if *target == seat => discarded.push(fill(
                &gettext("{seat}'s Spy made you discard your {card}"),
                &[("seat", &seat_name(*spy)), ("card", &gettext(card.name()))],
            )),
            EventKind::SeatEliminated { seat: gone, by } => {
                out.push(elimination(names, *gone, *by));
            }
            _ => {}
        }
    }
    let mut lines = Vec::new();
    if attacks > 0 {
        lines.push(fill(
            &ngettext(
                "{by} attacked you once",
                "{by} attacked you {n} times",
                attacks,
            ),
            &[("by", &attackers.join(", ")), ("n", &attacks)],
        ));
    }
    if lost > 0 {
        lines.push(fill(
            &ngettext("You lost {n} army", "You lost {n} armies", lost),
            &[("n", &lost)],
        ));
    }
    if !taken.is_empty() {
        lines.push(fill(
            &gettext("Taken from you: {territories}"),
            &[("territories", &taken.join(", "))],
        ));
    }
    lines.extend(discarded);
    lines.extend(out);
    lines
}

/// The page's state: whom it waits for, and the table's last news.
#[derive(Debug, Default)]
pub struct PrivacyPage {
    name: String,
    last_event: Option<String>,
    /// What happened to that person since they last had the screen.
    news: Vec<String>,
    /// Whether the next decision hides something from the others (a Risk hand);
    /// else the page only hands the screen over.
    private: bool,
}

#[derive(Debug)]
pub enum PrivacyPageInput {
    /// Wait for `name`, repeating `last_event` (the log's last sentence) and
    /// telling them `news` (see [`news`]).
    Show {
        name: String,
        last_event: Option<String>,
        news: Vec<String>,
        private: bool,
    },
    Clicked,
}

/// The named person took the screen.
#[derive(Debug)]
pub struct ScreenTaken;

#[relm4::component(pub)]
impl SimpleComponent for PrivacyPage {
    type Init = ();
    type Input = PrivacyPageInput;
    type Output = ScreenTaken;

    view! {
        adw::StatusPage {
            set_icon_name: Some("system-users-symbolic"),
            #[watch]
            set_title: &title(&model.name),
            #[watch]
            set_description: Some(&description(model.last_event.as_deref(), &model.news, model.private)),

            #[wrap(Some)]
            set_child = &gtk::Button {
                set_halign: gtk::Align::Center,
                add_css_class: "pill",
                add_css_class: "suggested-action",
                #[watch]
                set_label: &button_label(&model.name),
                connect_clicked => PrivacyPageInput::Clicked,
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = PrivacyPage::default();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: PrivacyPageInput, sender: ComponentSender<Self>) {
        match message {
            PrivacyPageInput::Show {
                name,
                last_event,
                news,
                private,
            } => {
                self.name = name;
                self.last_event = last_event;
                self.news = news;
                self.private = private;
            }
            PrivacyPageInput::Clicked => {
                let _ = sender.output(ScreenTaken);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_names_the_person() {
        assert_eq!(super::title("Ben"), "Pass to Ben");
        assert_eq!(super::button_label("Ben"), "I Am Ben");
    }

    #[test]
    fn the_page_tells_what_just_happened_first() {
        let text = super::description(Some("Serbia loses 1"), &[], true);
        assert!(text.starts_with("Serbia loses 1\n\n"), "{text}");
        assert!(text.ends_with("then click."));
        let news = ["You lost 2 armies".to_owned()];
        let text = super::description(None, &news, true);
        assert!(
            text.starts_with("Since you last had the screen:\n• You lost 2 armies\n\n"),
            "{text}"
        );
    }

    #[test]
    fn the_news_tells_a_person_what_others_did_to_them_and_nothing_else() {
        use crate::app::log::LogNames;
        use crate::app::session::TableEvent;
        use castellan_engine::board::load_board_file;
        use castellan_engine::game::{Audience, Card, Event, EventKind, Seat};
        use std::sync::Arc;

        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/castle-risk.toml");
        let board = Arc::new(load_board_file(&path).unwrap());
        let names = LogNames {
            board: Arc::clone(&board),
            seats: vec!["Anna".into(), "Ben".into(), "Cleo".into()],
        };
        let paris = board.territory_by_key("paris").unwrap();
        let london = board.territory_by_key("london").unwrap();
        let public = |kind| TableEvent {
            event: Event {
                audience: Audience::Everyone,
                kind,
            },
            armies: 0,
        };
        let attack = |by: u8, defender: u8| {
            public(EventKind::AttackStarted {
                seat: Seat(by),
                from: paris,
                to: london,
                defender: Seat(defender),
                ship: None,
            })
        };
        let lost = |seat: u8, armies| {
            public(EventKind::ArmiesLost {
                seat: Seat(seat),
                territory: london,
                armies,
                aboard: false,
            })
        };
        let events = vec![
            attack(2, 1),
            lost(1, 2),
            lost(2, 1),
            attack(2, 1),
            lost(1, 1),
            public(EventKind::TerritoryTaken {
                seat: Seat(2),
                territory: london,
                from: Some(Seat(1)),
            }),
            // Cleo's attack on Anna is not Ben's news.
            attack(2, 0),
            lost(0, 3),
            public(EventKind::CardDiscardedBySpy {
                seat: Seat(0),
                target: Seat(1),
                card: Card::Marshall,
            }),
            public(EventKind::SeatEliminated {
                seat: Seat(0),
                by: Seat(2),
            }),
        ];
        assert_eq!(
            super::news(&names, Seat(1), None, &events),
            vec![
                "Cleo attacked you 2 times",
                "You lost 3 armies",
                "Taken from you: London",
                "Anna's Spy made you discard your Marshall",
                "Cleo eliminated Anna",
            ]
        );
        assert_eq!(
            super::news(&names, Seat(2), None, &events),
            vec!["You lost 1 army", "Cleo eliminated Anna"]
        );
        assert!(super::news(&names, Seat(1), None, &[]).is_empty());
    }

    #[test]
    fn the_page_sums_up_every_turn_since_the_person_last_had_the_screen() {
        use crate::app::log::LogNames;
        use crate::app::session::TableEvent;
        use castellan_engine::board::load_board_file;
        use castellan_engine::game::{Audience, Event, EventKind, Seat};
        use std::sync::Arc;

        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/castle-risk.toml");
        let board = Arc::new(load_board_file(&path).unwrap());
        let names = LogNames {
            board: Arc::clone(&board),
            seats: vec!["Anna".into(), "Ben".into(), "Cleo".into()],
        };
        let paris = board.territory_by_key("paris").unwrap();
        let london = board.territory_by_key("london").unwrap();
        let public = |kind| TableEvent {
            event: Event {
                audience: Audience::Everyone,
                kind,
            },
            armies: 0,
        };
        let attack = |by: u8, defender: u8| {
            public(EventKind::AttackStarted {
                seat: Seat(by),
                from: paris,
                to: london,
                defender: Seat(defender),
                ship: None,
            })
        };
        let turn = |seat: u8, turn| {
            public(EventKind::TurnStarted {
                seat: Seat(seat),
                turn,
            })
        };
        let took = |seat: u8| {
            public(EventKind::TerritoryTaken {
                seat: Seat(seat),
                territory: london,
                from: Some(Seat(0)),
            })
        };
        // Ben's turn was under way when Anna left the screen; then Cleo's, and Anna's
        // own, which she played; then Ben's again, just begun: nothing to tell yet.
        let events = vec![
            attack(1, 2),
            turn(2, 4),
            attack(2, 0),
            took(2),
            turn(0, 4),
            attack(0, 1),
            turn(1, 5),
        ];
        assert_eq!(
            super::news(&names, Seat(0), Some(Seat(1)), &events),
            vec![
                "Ben: 1 attack, nothing taken",
                "Cleo: 1 attack, took London",
                "Cleo attacked you once",
                "Taken from you: London",
            ]
        );
        // A long absence (11 turns played, the 12th just begun): the oldest turns
        // are counted, the last ones told.
        let many: Vec<TableEvent> = (0..12).map(|t| turn(1 + t % 2, t as u32)).collect();
        let lines = super::news(&names, Seat(0), None, &many);
        assert_eq!(lines.len(), 1 + super::MOST_TURNS, "{lines:?}");
        assert_eq!(lines[0], "3 earlier turns (in the log)");
    }
}
