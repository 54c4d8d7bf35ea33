//! The game log on screen: a list of the public events told so far (`log` words
//! them), new lines added at the end in place, the view following them while the
//! reader is at the bottom. The list only words the lines it shows, so that a game of
//! a hundred thousand moves opens as fast as the engine replays it.

use std::cell::Cell;
use std::rc::Rc;

use relm4::gtk::{self, prelude::*};
use relm4::prelude::*;
use relm4::typed_view::list::{RelmListItem, TypedListView};

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

/// The log's state: its lines, and the names of the game they belong to.
pub struct GameLog {
    lines: TypedListView<LogLine, gtk::NoSelection>,
    names: Option<Rc<LogNames>>,
}

#[derive(Debug)]
pub enum GameLogInput {
    /// A new game: an empty log, told with these names.
    Start(LogNamesInput),
    /// Events that happened since, in order; those the log tells are added.
    Append(Vec<TableEvent>),
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
        ComponentParts {
            model: GameLog { lines, names: None },
            widgets: (),
        }
    }

    fn update(&mut self, message: GameLogInput, _sender: ComponentSender<Self>) {
        match message {
            GameLogInput::Start(LogNamesInput(names)) => {
                self.lines.clear();
                self.names = Some(Rc::new(names));
            }
            GameLogInput::Append(events) => {
                let Some(names) = &self.names else {
                    return;
                };
                let following = self.at_the_end();
                self.lines.extend_from_iter(
                    events
                        .into_iter()
                        .filter(|e| tells(&e.event.kind))
                        .map(|event| LogLine {
                            event,
                            names: Rc::clone(names),
                        }),
                );
                // The newest line comes into view while the reader is at the end; a
                // reader who scrolled back stays where they are.
                if following && !self.lines.is_empty() {
                    scroll_to_end_once_laid_out(&self.lines.view, self.lines.len() - 1);
                }
            }
        }
    }
}

impl GameLog {
    /// Whether the reader sees the end of the log (or it all fits).
    fn at_the_end(&self) -> bool {
        self.lines.view.vadjustment().is_none_or(|adjustment| {
            adjustment.value() + adjustment.page_size() >= adjustment.upper() - 1.0
        })
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

/// Scrolls `view` to line `last` once the list has been laid out with it: a list
/// only knows where a line is after a frame has measured it (GTK 4.8 has no
/// `scroll_to` of its own, so this uses the list's `list.scroll-to-item` action).
fn scroll_to_end_once_laid_out(view: &gtk::ListView, last: u32) {
    // Tick callbacks run before a frame's layout: the second tick follows the layout
    // of the first frame.
    let ticks = Cell::new(0);
    view.add_tick_callback(move |view, _| {
        ticks.set(ticks.get() + 1);
        if ticks.get() < 2 {
            return gtk::glib::ControlFlow::Continue;
        }
        let _ = view.activate_action("list.scroll-to-item", Some(&last.to_variant()));
        gtk::glib::ControlFlow::Break
    });
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
        adjustment.set_value(0.0);
        log.emit(GameLogInput::Append((311..=320).map(turn).collect()));
        let end = std::time::Instant::now() + std::time::Duration::from_millis(300);
        while std::time::Instant::now() < end {
            settle();
        }
        assert_eq!(adjustment.value(), 0.0);
        assert!(log.model().text().ends_with("Turn 320: Anna"));
    }
}
