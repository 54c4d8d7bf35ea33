//! The statistics page: the story of a finished (or saved) game in a window of its
//! own: luck in plain words ("Bob was the luckiest: 14 armies better than expected"),
//! the battles each seat fought and won, charts of territories, armies and cards over
//! the turns (`crate::charts::story`, light or dark with the desktop), and the turning
//! points. The story is told off the main loop: a long game replays in a command.

use std::cell::RefCell;
use std::rc::Rc;

use adw::prelude::*;
use castellan_engine::game::Seat;
use castellan_engine::story::Chronicle;
use gettextrs::{gettext, ngettext};
use relm4::prelude::*;

use super::game_record::GameRecord;
use crate::app::chart_theme::{desktop_chart_theme, follow_the_desktop_style};
use crate::charts::story::{self, StoryChart, StoryFigures};
use crate::messages::{self, battles_line, luck_sentences, turning_point};
use crate::text::{fill, translated};

/// The words of the page, apart from its charts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoryText {
    /// "Castle Risk: 4 seats, 18 turns".
    pub heading: String,
    /// That secrets are kept, for a game in progress.
    pub note: Option<String>,
    pub luck: Vec<String>,
    pub battles: Vec<String>,
    pub turning_points: Vec<String>,
}

impl StoryText {
    /// The page's words for `chronicle`, the story of `record`.
    pub fn new(chronicle: &Chronicle, record: &GameRecord) -> StoryText {
        let names = record.messages_names();
        StoryText {
            heading: fill(
                &ngettext(
                    "{board}: {seats} seats, {count} turn",
                    "{board}: {seats} seats, {count} turns",
                    chronicle.turns,
                ),
                &[
                    ("board", &translated(&record.board.meta.name)),
                    ("seats", &chronicle.seats),
                    ("count", &chronicle.turns),
                ],
            ),
            note: (!chronicle.over)
                .then(|| gettext("The game is not over: what players keep secret is not shown.")),
            luck: luck_sentences(chronicle, &names),
            battles: chronicle
                .battles
                .iter()
                .enumerate()
                .map(|(i, b)| battles_line(Seat(i as u8), b, &names))
                .collect(),
            turning_points: chronicle
                .turning_points
                .iter()
                .map(|p| messages::sentence(&turning_point(p, &names)))
                .collect(),
        }
    }
}

/// What the charts draw: the story and its seats.
struct Shown {
    chronicle: Chronicle,
    names: Vec<String>,
    colours: Vec<u8>,
}

impl Shown {
    fn figures(&self) -> StoryFigures<'_> {
        StoryFigures {
            chronicle: &self.chronicle,
            names: &self.names,
            colours: &self.colours,
        }
    }
}

pub struct Statistics {
    window: adw::Window,
    shown: Rc<RefCell<Option<Shown>>>,
    charts: Vec<gtk::DrawingArea>,
    text: StoryText,
    /// Why the story could not be told.
    problem: Option<String>,
    /// Telling the story of this game (the count of games shown): a slower, older
    /// answer is dropped.
    telling: u64,
}

#[derive(Debug)]
pub enum StatisticsInput {
    /// Tell the story of this game and present the window.
    Show(Box<GameRecord>),
}

#[derive(Debug)]
pub struct Told {
    telling: u64,
    record: Box<GameRecord>,
    story: Result<Box<Chronicle>, String>,
}

/// Lines as one label's text, or nothing.
fn lines(lines: &[String]) -> String {
    lines.join("\n")
}

#[relm4::component(pub)]
impl Component for Statistics {
    type Init = ();
    type Input = StatisticsInput;
    type Output = ();
    type CommandOutput = Told;

    view! {
        #[root]
        window = adw::Window {
            set_title: Some(&gettext("Statistics")),
            set_default_width: 980,
            set_default_height: 760,
            set_hide_on_close: true,

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,

                adw::HeaderBar {
                    #[wrap(Some)]
                    set_title_widget = &adw::WindowTitle {
                        set_title: &gettext("Statistics"),
                        #[watch]
                        set_subtitle: &model.text.heading,
                    },
                },

                gtk::ScrolledWindow {
                    set_vexpand: true,
                    set_hscrollbar_policy: gtk::PolicyType::Never,

                    gtk::Box {
                        set_orientation: gtk::Orientation::Vertical,
                        set_spacing: 12,
                        set_margin_all: 18,

                        gtk::Label {
                            set_widget_name: "problem",
                            add_css_class: "error",
                            set_wrap: true,
                            set_xalign: 0.0,
                            #[watch]
                            set_label: model.problem.as_deref().unwrap_or_default(),
                            #[watch]
                            set_visible: model.problem.is_some(),
                        },
                        gtk::Label {
                            set_widget_name: "note",
                            add_css_class: "dim-label",
                            set_wrap: true,
                            set_xalign: 0.0,
                            #[watch]
                            set_label: model.text.note.as_deref().unwrap_or_default(),
                            #[watch]
                            set_visible: model.text.note.is_some(),
                        },
                        gtk::Label {
                            set_widget_name: "luck",
                            add_css_class: "title-3",
                            set_wrap: true,
                            set_xalign: 0.0,
                            #[watch]
                            set_label: &lines(&model.text.luck),
                        },
                        #[local_ref]
                        chart_grid -> gtk::FlowBox {
                            set_selection_mode: gtk::SelectionMode::None,
                            set_homogeneous: true,
                            set_min_children_per_line: 1,
                            set_max_children_per_line: 2,
                            set_row_spacing: 12,
                            set_column_spacing: 12,
                        },
                        gtk::Label {
                            add_css_class: "heading",
                            set_xalign: 0.0,
                            set_label: &gettext("Battles"),
                        },
                        gtk::Label {
                            set_widget_name: "battles",
                            set_wrap: true,
                            set_xalign: 0.0,
                            #[watch]
                            set_label: &lines(&model.text.battles),
                        },
                        gtk::Label {
                            add_css_class: "heading",
                            set_xalign: 0.0,
                            set_label: &gettext("Turning Points"),
                            #[watch]
                            set_visible: !model.text.turning_points.is_empty(),
                        },
                        gtk::Label {
                            set_widget_name: "turning-points",
                            set_wrap: true,
                            set_xalign: 0.0,
                            #[watch]
                            set_label: &lines(&model.text.turning_points),
                        },
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, _sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let shown: Rc<RefCell<Option<Shown>>> = Rc::new(RefCell::new(None));
        let charts: Vec<gtk::DrawingArea> = StoryChart::ALL
            .into_iter()
            .map(|chart| {
                let area = gtk::DrawingArea::new();
                area.set_content_width(420);
                area.set_content_height(280);
                area.set_hexpand(true);
                let shown = shown.clone();
                area.set_draw_func(move |_, cr, width, height| {
                    if let Some(shown) = shown.borrow().as_ref() {
                        // A chart that cannot be drawn (Cairo out of memory) stays blank.
                        let _ = story::draw(
                            cr,
                            chart,
                            shown.figures(),
                            f64::from(width),
                            f64::from(height),
                            desktop_chart_theme(),
                        );
                    }
                });
                area
            })
            .collect();
        follow_the_desktop_style(&root, &charts);
        let model = Statistics {
            window: root.clone(),
            shown,
            charts,
            text: StoryText::default(),
            problem: None,
            telling: 0,
        };
        let chart_grid = gtk::FlowBox::new();
        for chart in &model.charts {
            chart_grid.insert(chart, -1);
        }
        let chart_grid = &chart_grid;
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: StatisticsInput, sender: ComponentSender<Self>, _: &Self::Root) {
        match message {
            StatisticsInput::Show(record) => {
                self.telling += 1;
                let telling = self.telling;
                self.problem = None;
                self.window.present();
                sender.spawn_oneshot_command(move || {
                    let story = Chronicle::from_save(&record.saved, record.disclosure())
                        .map(Box::new)
                        .map_err(|error| error.to_string());
                    Told {
                        telling,
                        record,
                        story,
                    }
                });
            }
        }
    }

    fn update_cmd(&mut self, told: Told, _sender: ComponentSender<Self>, _: &Self::Root) {
        if told.telling != self.telling {
            return;
        }
        match told.story {
            Ok(chronicle) => {
                self.text = StoryText::new(&chronicle, &told.record);
                *self.shown.borrow_mut() = Some(Shown {
                    chronicle: *chronicle,
                    names: told.record.names,
                    colours: told.record.colours,
                });
            }
            Err(reason) => {
                self.text = StoryText::default();
                self.shown.borrow_mut().take();
                self.problem = Some(messages::sentence(&reason));
            }
        }
        for chart in &self.charts {
            chart.queue_draw();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::game_record::tests::finished;
    use crate::app::panel_testing::{named, settle_until};

    #[test]
    fn the_words_come_from_a_finished_games_story() {
        let record = finished();
        let chronicle = Chronicle::from_save(&record.saved, record.disclosure()).unwrap();
        let text = StoryText::new(&chronicle, &record);
        assert!(
            text.heading.starts_with("Castle Risk: 4 seats, "),
            "{}",
            text.heading
        );
        assert_eq!(text.note, None);
        let (luckiest, _) = chronicle.luckiest().unwrap();
        let name = &record.names[luckiest.index()];
        assert!(
            text.luck[0].starts_with(&format!("{name} was the luckiest: ")),
            "{:?}",
            text.luck
        );
        assert_eq!(text.battles.len(), 4);
        assert!(text.battles[0].starts_with("Anna: "));
        // The last turning point is the win, named by the winner's name.
        let winner = &record.names[chronicle.winner.unwrap().index()];
        assert!(
            text.turning_points
                .last()
                .unwrap()
                .contains(&format!("{winner} won the game")),
            "{:?}",
            text.turning_points
        );
    }

    #[gtk::test]
    fn the_page_builds_and_draws_from_a_finished_game() {
        let statistics = Statistics::builder().launch(()).detach();
        statistics.emit(StatisticsInput::Show(Box::new(finished())));
        settle_until(|| statistics.model().shown.borrow().is_some());
        let window = statistics.widget();
        let luck = named(window, "luck").downcast::<gtk::Label>().unwrap();
        assert!(
            luck.label().contains("was the luckiest"),
            "{}",
            luck.label()
        );
        let points = named(window, "turning-points")
            .downcast::<gtk::Label>()
            .unwrap();
        assert!(
            points.label().contains("took the castle of"),
            "{}",
            points.label()
        );
        assert!(!named(window, "problem").is_visible());
        window.close();
    }

    #[gtk::test]
    fn a_broken_story_is_said_not_drawn() {
        let statistics = Statistics::builder().launch(()).detach();
        let mut record = finished();
        // The game says it is over but the save stops early: nothing secret is told.
        record.saved.actions.truncate(10);
        statistics.emit(StatisticsInput::Show(Box::new(record)));
        settle_until(|| statistics.model().problem.is_some());
        let problem = named(statistics.widget(), "problem")
            .downcast::<gtk::Label>()
            .unwrap();
        assert!(problem.is_visible());
        assert!(statistics.model().shown.borrow().is_none());
        statistics.widget().close();
    }
}
