//! The game log on screen: a list of the public events told so far (`log` words
//! them), new lines added at the end in place, the view following them unless the
//! reader scrolled back. The list only words the lines it shows, so that a game of
//! a hundred thousand moves opens as fast as the engine replays it.

use std::rc::Rc;

use relm4::gtk::{self, prelude::*};
use relm4::prelude::*;
use relm4::typed_view::list::{RelmListItem, TypedListView};

use super::follow_end::EndFollower;
use super::log::{LogNames, sentence, tells};
use super::session::TableEvent;

/// One line of the log: an event and the names to tell it with.
struct LogLine {
    event: TableEvent,
    names: Rc<LogNames>,
}

impl LogLine {
    fn text(&self) -> String {
        sentence(&self.names, &self.event.event.kind, self.event.armies).unwrap_or_default()
    }
}

impl RelmListItem for LogLine {
    type Root = gtk::Label;
    type Widgets = gtk::Label;

    fn setup(_item: &gtk::ListItem) -> (gtk::Label, gtk::Label) {
        let label = gtk::Label::builder()
            .xalign(0.0)
            .wrap(true)
            .wrap_mode(gtk::pango::WrapMode::WordChar)
            .margin_start(2)
            .margin_end(2)
            .build();
        (label.clone(), label)
    }

    fn bind(&mut self, label: &mut gtk::Label, _root: &mut gtk::Label) {
        label.set_label(&self.text());
    }
}

/// The log's state: its lines, the names of the game they belong to, and whether
/// the view follows the newest line.
pub struct GameLog {
    lines: TypedListView<LogLine, gtk::NoSelection>,
    names: Option<Rc<LogNames>>,
    /// Follows the newest line until the reader scrolls back (`follow_end`).
    follower: EndFollower,
}

#[derive(Debug)]
pub enum GameLogInput {
    /// A new game: an empty log, told with these names.
    Start(LogNamesInput),
    /// Events that happened since, in order; those the log tells are added.
    Append(Vec<TableEvent>),
    /// Keeps the first lines only (a replay stepping back, which follows its end
    /// itself).
    KeepFirst(usize),
    /// A decision was taken back: the lines its events had added, at the end of the
    /// log, go.
    TakenBack(Vec<TableEvent>),
}

/// The names of a new game's log (a wrapper, to be printed shortly in debug output).
pub struct LogNamesInput(pub LogNames);

impl std::fmt::Debug for LogNamesInput {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "LogNames({:?})", self.0.seats)
    }
}

impl SimpleComponent for GameLog {
    type Init = ();
    type Input = GameLogInput;
    type Output = ();
    type Root = gtk::ScrolledWindow;
    type Widgets = ();

    fn init_root() -> gtk::ScrolledWindow {
        gtk::ScrolledWindow::builder()
            .min_content_height(160)
            .hscrollbar_policy(gtk::PolicyType::Never)
            .build()
    }

    fn init(
        _: (),
        root: gtk::ScrolledWindow,
        _sender: ComponentSender<Self>,
    ) -> ComponentParts<Self> {
        let lines = TypedListView::<LogLine, gtk::NoSelection>::new();
        lines.view.set_widget_name("log");
        // As close as a text's lines: the list's rows would otherwise be padded.
        lines.view.add_css_class("game-log");
        static STYLE: std::sync::Once = std::sync::Once::new();
        STYLE.call_once(|| relm4::set_global_css(".game-log > row { padding: 0; min-height: 0; }"));
        root.set_child(Some(&lines.view));
        let follower = EndFollower::attach(&root);
        ComponentParts {
            model: GameLog {
                lines,
                names: None,
                follower,
            },
            widgets: (),
        }
    }

    fn update(&mut self, message: GameLogInput, _sender: ComponentSender<Self>) {
        match message {
            GameLogInput::Start(LogNamesInput(names)) => {
                self.lines.clear();
                self.names = Some(Rc::new(names));
                self.follower.follow();
            }
            GameLogInput::Append(events) => {
                let Some(names) = &self.names else {
                    return;
                };
                self.lines.extend_from_iter(
                    events
                        .into_iter()
                        .filter(|e| tells(&e.event.kind))
                        .map(|event| LogLine {
                            event,
                            names: Rc::clone(names),
                        }),
                );
                // The newest line comes into view as the list grows (the scroll
                // bar's end moves, see `init`), unless the reader scrolled back, who
                // stays where they are.
            }
            GameLogInput::KeepFirst(count) => {
                let count = u32::try_from(count).unwrap_or(u32::MAX);
                while self.lines.len() > count {
                    self.lines.remove(self.lines.len() - 1);
                }
            }
            GameLogInput::TakenBack(events) => {
                // Newest first, and only lines that are those events: the log never
                // loses a line of something else.
                for event in events.iter().rev().filter(|e| tells(&e.event.kind)) {
                    let last = self.lines.len().checked_sub(1);
                    let matches = last
                        .and_then(|i| self.lines.get(i))
                        .is_some_and(|line| line.borrow().event == *event);
                    match last {
                        Some(i) if matches => self.lines.remove(i),
                        _ => break,
                    }
                }
            }
        }
    }
}

impl GameLog {
    /// The reader scrolls the view to `value` (for tests: their input is what
    /// stops the view from following).
    #[cfg(test)]
    pub fn reader_scrolls_to(&self, view: &gtk::ScrolledWindow, value: f64) {
        self.follower.reader_scrolls_to(view, value);
    }

    /// Whether the view follows the newest line.
    #[cfg(test)]
    pub fn following(&self) -> bool {
        self.follower.following()
    }

    /// Every line of the log, as shown (for tests).
    #[cfg(test)]
    pub fn text(&self) -> String {
        (0..self.lines.len())
            .filter_map(|i| self.lines.get(i))
            .map(|line| line.borrow().text())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use castellan_engine::game::{Audience, Event, EventKind, Seat};

    use super::*;
    use crate::app::panel_testing::settle;

    fn turn(turn: u32) -> TableEvent {
        TableEvent {
            event: Event {
                audience: Audience::Everyone,
                kind: EventKind::TurnStarted {
                    seat: Seat(0),
                    turn,
                },
            },
            armies: 0,
        }
    }

    #[gtk::test]
    fn new_lines_come_at_the_end_and_stay_in_view() {
        let log = GameLog::builder().launch(()).detach();
        let board = crate::app::library::load_board(&crate::app::library::default_board_path())
            .unwrap()
            .board;
        let window = gtk::Window::builder()
            .child(log.widget())
            .default_width(300)
            .default_height(200)
            .build();
        window.present();
        log.emit(GameLogInput::Start(LogNamesInput(LogNames {
            board: Arc::clone(&board),
            seats: vec!["Anna".into()],
        })));
        log.emit(GameLogInput::Append((1..=300).map(turn).collect()));
        let end = std::time::Instant::now() + std::time::Duration::from_millis(500);
        while std::time::Instant::now() < end {
            settle();
        }
        assert!(log.model().text().ends_with("Turn 300: Anna"));
        let adjustment = log.widget().vadjustment();
        assert!(adjustment.value() + adjustment.page_size() >= adjustment.upper() - 1.0);
        // More lines follow the end too.
        log.emit(GameLogInput::Append((301..=310).map(turn).collect()));
        let end = std::time::Instant::now() + std::time::Duration::from_millis(300);
        while std::time::Instant::now() < end {
            settle();
        }
        assert!(adjustment.value() + adjustment.page_size() >= adjustment.upper() - 1.0);
        // A reader who scrolled back keeps their place.
        log.model().reader_scrolls_to(log.widget(), 0.0);
        log.emit(GameLogInput::Append((311..=320).map(turn).collect()));
        let end = std::time::Instant::now() + std::time::Duration::from_millis(300);
        while std::time::Instant::now() < end {
            settle();
        }
        assert_eq!(adjustment.value(), 0.0);
        assert!(log.model().text().ends_with("Turn 320: Anna"));
    }

    #[gtk::test]
    fn a_second_batch_before_the_scroll_keeps_following() {
        let log = GameLog::builder().launch(()).detach();
        let board = crate::app::library::load_board(&crate::app::library::default_board_path())
            .unwrap()
            .board;
        let window = gtk::Window::builder()
            .child(log.widget())
            .default_width(300)
            .default_height(200)
            .build();
        window.present();
        settle();
        log.emit(GameLogInput::Start(LogNamesInput(LogNames {
            board: Arc::clone(&board),
            seats: vec!["Anna".into()],
        })));
        log.emit(GameLogInput::Append((1..=300).map(turn).collect()));
        // Run the loop a step at a time until the lines are laid out (the view has
        // something to scroll) but the view has not scrolled to them yet: the
        // moment a computer's next batch of lines lands in a game.
        let adjustment = log.widget().vadjustment();
        let context = gtk::glib::MainContext::default();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while adjustment.upper() <= adjustment.page_size() + 1.0
            && std::time::Instant::now() < deadline
        {
            context.iteration(true);
        }
        assert_eq!(adjustment.value(), 0.0, "the scroll came before the test");
        log.emit(GameLogInput::Append((301..=310).map(turn).collect()));
        let end = std::time::Instant::now() + std::time::Duration::from_millis(500);
        while std::time::Instant::now() < end {
            settle();
        }
        assert!(log.model().text().ends_with("Turn 310: Anna"));
        assert!(
            adjustment.value() + adjustment.page_size() >= adjustment.upper() - 1.0,
            "the log stopped following: {} + {} < {}",
            adjustment.value(),
            adjustment.page_size(),
            adjustment.upper()
        );
        // And lines after that still follow.
        log.emit(GameLogInput::Append((311..=320).map(turn).collect()));
        let end = std::time::Instant::now() + std::time::Duration::from_millis(300);
        while std::time::Instant::now() < end {
            settle();
        }
        assert!(adjustment.value() + adjustment.page_size() >= adjustment.upper() - 1.0);
    }
}
