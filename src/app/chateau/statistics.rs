//! The statistics page of a Château Noir match, finished or in progress, in a window
//! of its own: how the match stands or ended, the scores over the turns and the
//! pieces each army took (`crate::charts::chateau`, light or dark with the desktop),
//! every side's scoring moments with their points, and each partie's result. The
//! figures are `crate::chateau_story`'s, counted from the engine's events while the
//! save replays off the main loop; this page only words and draws them.

use std::cell::RefCell;
use std::rc::Rc;

use adw::prelude::*;
use castellan_chateau::game::{Outcome, SideId};
use gettextrs::{gettext, ngettext};
use relm4::prelude::*;

use super::session::ChateauRecord;
use super::words;
use crate::app::chart_theme::{desktop_chart_theme, follow_the_desktop_style};
use crate::charts::chateau::{self, ChateauChart, ChateauFigures};
use crate::chateau_story::{ChateauStory, MomentKind, Tally};
use crate::messages;
use crate::messages::chateau::replay_error;
use crate::numbers::{integer, signed_integer};
use crate::text::fill;

/// The page's words, apart from its charts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StoryText {
    /// "Château Noir: 4 armies, 2 teams, 37 turns".
    pub heading: String,
    /// How the match ended, or that it goes on.
    pub result: String,
    /// The moments' table: its column headings, then a row per side (its name, a
    /// cell per column, its score).
    pub columns: Vec<String>,
    pub rows: Vec<(String, Vec<String>, String)>,
    /// A line per partie.
    pub parties: Vec<String>,
}

/// The moments always given a column (the others only when some side had one).
const ALWAYS: [MomentKind; 6] = [
    MomentKind::Capture,
    MomentKind::Occupation,
    MomentKind::Simultanee,
    MomentKind::Chateau,
    MomentKind::ChateauNoir,
    MomentKind::SiegeCapture,
];

/// A column's heading.
fn moment_heading(kind: MomentKind) -> String {
    match kind {
        MomentKind::Capture => gettext("Captures"),
        MomentKind::SiegeCapture => gettext("Sieges"),
        MomentKind::CaptainLost => gettext("Captains lost"),
        MomentKind::Occupation => gettext("Occupations"),
        MomentKind::Simultanee => gettext("Simultanées"),
        MomentKind::Chateau => gettext("Châteaux"),
        MomentKind::ArmyTaken => gettext("Armies taken"),
        MomentKind::ChateauNoir => gettext("Château noir"),
        MomentKind::ClockPenalty => gettext("Clock penalties"),
    }
}

/// "3 (+4)": how many, and their points; a Château noir scores none, it wins.
fn cell(kind: MomentKind, tally: Tally) -> String {
    if tally.count == 0 {
        return "—".to_owned();
    }
    if kind == MomentKind::ChateauNoir {
        return tally.count.to_string();
    }
    fill(
        &gettext("{count} ({points})"),
        &[
            ("count", &tally.count),
            ("points", &signed_integer(tally.points)),
        ],
    )
}

/// A side's name with who plays it: "Red and Yellow (Ana)".
fn side_name(story: &ChateauStory, side: SideId, seat_names: &[String]) -> String {
    let armies = words::side(&story.game, side);
    let mut seats: Vec<String> = story
        .game
        .seats_of(side)
        .into_iter()
        .filter_map(|seat| seat_names.get(seat.index()).cloned())
        .collect();
    seats.dedup();
    if seats.is_empty() {
        armies
    } else {
        fill(
            &gettext("{armies} ({seats})"),
            &[("armies", &armies), ("seats", &seats.join(", "))],
        )
    }
}

/// "Red and Yellow 12, Blue and Green 9".
fn scores_line(story: &ChateauStory, scores: &[i32]) -> String {
    scores
        .iter()
        .enumerate()
        .map(|(side, score)| {
            fill(
                &gettext("{side} {score}"),
                &[
                    ("side", &words::side(&story.game, SideId(side as u8))),
                    ("score", &integer(*score)),
                ],
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// "Partie 1, turns 1–120".
fn partie_span(partie: u32, first: u32, last: u32) -> String {
    if last <= first {
        fill(
            &gettext("Partie {partie}, turn {first}"),
            &[("partie", &partie), ("first", &first)],
        )
    } else {
        fill(
            &gettext("Partie {partie}, turns {first}–{last}"),
            &[("partie", &partie), ("first", &first), ("last", &last)],
        )
    }
}

impl StoryText {
    /// The page's words for `story`, its seats named `seat_names`.
    pub fn new(story: &ChateauStory, seat_names: &[String]) -> StoryText {
        let armies = story.armies.len();
        let heading = if story.teams {
            fill(
                &ngettext(
                    "Château Noir: {armies} armies, {teams} teams, {count} turn",
                    "Château Noir: {armies} armies, {teams} teams, {count} turns",
                    story.turns,
                ),
                &[
                    ("armies", &armies),
                    ("teams", &story.sides.len()),
                    ("count", &story.turns),
                ],
            )
        } else {
            fill(
                &ngettext(
                    "Château Noir: {armies} armies each for itself, {count} turn",
                    "Château Noir: {armies} armies each for itself, {count} turns",
                    story.turns,
                ),
                &[("armies", &armies), ("count", &story.turns)],
            )
        };
        let result = match story.outcome() {
            Some(&Outcome::Won { side, reason }) => fill(
                &gettext("{side} won the match: {reason}."),
                &[
                    ("side", &words::side(&story.game, side)),
                    ("reason", &words::end_reason(reason)),
                ],
            ),
            Some(&Outcome::Drawn { reason }) => fill(
                &gettext("The match was drawn: {reason}."),
                &[("reason", &words::end_reason(reason))],
            ),
            None => fill(
                &gettext("The match goes on: these are the figures after turn {turn}."),
                &[("turn", &story.turns)],
            ),
        };
        let kinds: Vec<MomentKind> = MomentKind::ALL
            .into_iter()
            .filter(|kind| {
                ALWAYS.contains(kind)
                    || story
                        .moments
                        .iter()
                        .any(|tallies| tallies[*kind as usize].count > 0)
            })
            .collect();
        let scores = story.game.scores();
        let rows = story
            .moments
            .iter()
            .enumerate()
            .map(|(side, tallies)| {
                (
                    side_name(story, SideId(side as u8), seat_names),
                    kinds
                        .iter()
                        .map(|&kind| cell(kind, tallies[kind as usize]))
                        .collect(),
                    integer(scores.get(side).copied().unwrap_or(0)),
                )
            })
            .collect();
        let mut parties: Vec<String> = story
            .parties
            .iter()
            .map(|partie| {
                let left: Vec<String> = partie
                    .left
                    .iter()
                    .map(|&side| words::side(&story.game, side))
                    .collect();
                let left = if left.is_empty() {
                    gettext("no side left on the board")
                } else {
                    fill(
                        &gettext("{sides} left on the board"),
                        &[("sides", &left.join(", "))],
                    )
                };
                fill(
                    &gettext("{partie}: {scores}; {left}."),
                    &[
                        (
                            "partie",
                            &partie_span(partie.partie, partie.turns.0, partie.turns.1),
                        ),
                        ("scores", &scores_line(story, &partie.scores)),
                        ("left", &left),
                    ],
                )
            })
            .collect();
        // The partie in play, or the one the match ended in, if it did not end
        // itself.
        let last_ended = story.parties.last().map(|p| p.partie);
        if last_ended != Some(story.game.partie()) {
            let span = partie_span(story.game.partie(), story.current_partie_began, story.turns);
            let template = if story.over() {
                gettext("{partie}: {scores} when the match ended.")
            } else {
                gettext("{partie}: {scores} so far.")
            };
            parties.push(fill(
                &template,
                &[("partie", &span), ("scores", &scores_line(story, scores))],
            ));
        }
        StoryText {
            heading,
            result,
            columns: kinds.into_iter().map(moment_heading).collect(),
            rows,
            parties,
        }
    }
}

/// What the charts draw: the story and its names.
struct Shown {
    story: ChateauStory,
    side_names: Vec<String>,
    army_names: Vec<String>,
}

impl Shown {
    fn figures(&self) -> ChateauFigures<'_> {
        ChateauFigures {
            story: &self.story,
            side_names: &self.side_names,
            army_names: &self.army_names,
        }
    }
}

pub struct ChateauStatistics {
    window: adw::Window,
    shown: Rc<RefCell<Option<Shown>>>,
    charts: Vec<gtk::DrawingArea>,
    /// The moments' table, filled when a story is told.
    moments: gtk::Grid,
    text: StoryText,
    /// Why the story could not be told.
    problem: Option<String>,
    /// Telling the story of this match (the count of matches shown): a slower,
    /// older answer is dropped.
    telling: u64,
}

#[derive(Debug)]
pub enum ChateauStatisticsInput {
    /// Tell the story of this match and present the window.
    Show(Box<ChateauRecord>),
}

#[derive(Debug)]
pub struct Told {
    telling: u64,
    record: Box<ChateauRecord>,
    story: Result<Box<ChateauStory>, String>,
}

#[relm4::component(pub)]
impl Component for ChateauStatistics {
    type Init = ();
    type Input = ChateauStatisticsInput;
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
                            set_widget_name: "result",
                            add_css_class: "title-3",
                            set_wrap: true,
                            set_xalign: 0.0,
                            #[watch]
                            set_label: &model.text.result,
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
                            set_label: &gettext("Scoring Moments"),
                        },
                        #[local_ref]
                        moments_grid -> gtk::Grid {
                            set_widget_name: "moments",
                            set_row_spacing: 6,
                            set_column_spacing: 18,
                        },
                        gtk::Label {
                            add_css_class: "heading",
                            set_xalign: 0.0,
                            set_label: &gettext("Parties"),
                        },
                        gtk::Label {
                            set_widget_name: "parties",
                            set_wrap: true,
                            set_xalign: 0.0,
                            #[watch]
                            set_label: &model.text.parties.join("\n"),
                        },
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, _sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let shown: Rc<RefCell<Option<Shown>>> = Rc::new(RefCell::new(None));
        let charts: Vec<gtk::DrawingArea> = ChateauChart::ALL
            .into_iter()
            .map(|chart| {
                let area = gtk::DrawingArea::new();
                area.set_content_width(420);
                area.set_content_height(300);
                area.set_hexpand(true);
                let shown = shown.clone();
                area.set_draw_func(move |_, cr, width, height| {
                    if let Some(shown) = shown.borrow().as_ref() {
                        // A chart that cannot be drawn (Cairo out of memory) stays blank.
                        let _ = chateau::draw(
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
        let model = ChateauStatistics {
            window: root.clone(),
            shown,
            charts,
            moments: gtk::Grid::new(),
            text: StoryText::default(),
            problem: None,
            telling: 0,
        };
        let chart_grid = gtk::FlowBox::new();
        for chart in &model.charts {
            chart_grid.insert(chart, -1);
        }
        let chart_grid = &chart_grid;
        let moments_grid = &model.moments.clone();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(
        &mut self,
        message: ChateauStatisticsInput,
        sender: ComponentSender<Self>,
        _: &Self::Root,
    ) {
        match message {
            ChateauStatisticsInput::Show(record) => {
                self.telling += 1;
                let telling = self.telling;
                self.problem = None;
                self.window.present();
                sender.spawn_oneshot_command(move || {
                    let story = ChateauStory::tell(&record.saved)
                        .map(Box::new)
                        .map_err(|error| {
                            let board = castellan_chateau::board::parse_board(
                                &record.saved.board_source,
                                &record.saved.board_name,
                            )
                            .ok();
                            replay_error(&error, board.as_ref())
                        });
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
            Ok(story) => {
                self.text = StoryText::new(&story, &told.record.seat_names);
                let board = story.board().clone();
                *self.shown.borrow_mut() = Some(Shown {
                    side_names: (0..story.sides.len())
                        .map(|side| words::side(&story.game, SideId(side as u8)))
                        .collect(),
                    army_names: board.army_ids().map(|a| words::army(&board, a)).collect(),
                    story: *story,
                });
            }
            Err(reason) => {
                self.text = StoryText::default();
                self.shown.borrow_mut().take();
                self.problem = Some(messages::sentence(&reason));
            }
        }
        self.fill_moments();
        for chart in &self.charts {
            chart.queue_draw();
        }
    }
}

impl ChateauStatistics {
    /// The moments' table from the page's words: a heading row, then a row a side.
    fn fill_moments(&self) {
        while let Some(child) = self.moments.first_child() {
            self.moments.remove(&child);
        }
        if self.text.rows.is_empty() {
            return;
        }
        let label = |text: &str, heading: bool, start: bool| {
            let label = gtk::Label::new(Some(text));
            label.set_xalign(if start { 0.0 } else { 1.0 });
            if heading {
                label.add_css_class("heading");
            } else if !start {
                label.add_css_class("numeric");
            }
            label
        };
        let columns = self.text.columns.len() as i32;
        self.moments
            .attach(&label(&gettext("Side"), true, true), 0, 0, 1, 1);
        for (i, heading) in self.text.columns.iter().enumerate() {
            self.moments
                .attach(&label(heading, true, false), i as i32 + 1, 0, 1, 1);
        }
        self.moments
            .attach(&label(&gettext("Score"), true, false), columns + 1, 0, 1, 1);
        for (row, (side, cells, score)) in self.text.rows.iter().enumerate() {
            let row = row as i32 + 1;
            self.moments.attach(&label(side, false, true), 0, row, 1, 1);
            for (i, cell) in cells.iter().enumerate() {
                self.moments
                    .attach(&label(cell, false, false), i as i32 + 1, row, 1, 1);
            }
            self.moments
                .attach(&label(score, false, false), columns + 1, row, 1, 1);
        }
    }

    /// The story shown, if one is (for tests).
    #[cfg(test)]
    pub fn story(&self) -> Option<std::cell::Ref<'_, ChateauStory>> {
        std::cell::Ref::filter_map(self.shown.borrow(), |shown| {
            shown.as_ref().map(|s| &s.story)
        })
        .ok()
    }

    /// The page's words (for tests).
    #[cfg(test)]
    pub fn text(&self) -> &StoryText {
        &self.text
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use castellan_chateau::board::{ArmyId, Board};
    use castellan_chateau::game::{Game, Table};
    use castellan_chateau::random::{Played, RandomPlayer};
    use castellan_chateau::save::SavedGame;
    use castellan_chateau::variant::Variant;
    use rand::SeedableRng;

    /// A save of a match of random moves, played to its end (as the library's
    /// `chateau_story` tests make them).
    pub(in crate::app::chateau) fn random_match(table: Table, seed: u64) -> (SavedGame, Game) {
        let board = std::sync::Arc::new(Board::reconstructed());
        let variant = Variant {
            round_cap: Some(400),
            ..Variant::default()
        };
        let mut game = Game::new(board, variant, table, seed).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let played = RandomPlayer::new().play(&mut game, &mut rng, 100_000);
        assert!(matches!(played, Played::Over { .. }));
        (game.save(Board::reconstructed_text()).unwrap(), game)
    }

    #[test]
    fn the_words_come_from_the_matchs_figures() {
        let (saved, game) = random_match(Table::four_in_teams(), 2);
        let story = ChateauStory::tell(&saved).unwrap();
        let names: Vec<String> = ["Ana", "Bo", "Cy", "Di"].map(String::from).to_vec();
        let text = StoryText::new(&story, &names);
        assert_eq!(
            text.heading,
            format!("Château Noir: 4 armies, 2 teams, {} turns", game.turns())
        );
        let Some(Outcome::Won { side, .. }) = game.outcome() else {
            panic!("won");
        };
        let winner = words::side(&game, *side);
        assert!(
            text.result
                .starts_with(&format!("{winner} won the match: ")),
            "{}",
            text.result
        );
        // A row a side, ending with the engine's score, its armies and seats named.
        assert_eq!(text.rows.len(), 2);
        for (side, (name, cells, score)) in text.rows.iter().enumerate() {
            assert_eq!(score, &integer(game.scores()[side]));
            assert_eq!(cells.len(), text.columns.len());
            assert!(name.contains('('), "{name}");
        }
        assert!(text.columns.contains(&"Occupations".to_owned()));
        // The captures' cell counts the side's captures and their points.
        let captures = text.columns.iter().position(|c| c == "Captures").unwrap();
        let tally = story.moments[0][MomentKind::Capture as usize];
        assert_eq!(
            text.rows[0].1[captures],
            if tally.count == 0 {
                "—".to_owned()
            } else {
                format!("{} (+{})", tally.count, tally.points)
            }
        );
        // The one partie, ended with the match.
        assert_eq!(text.parties.len(), 1);
        assert!(
            text.parties[0].starts_with(&format!("Partie 1, turns 1–{}: ", game.turns())),
            "{:?}",
            text.parties
        );
        assert!(text.parties[0].ends_with("when the match ended."));
    }

    #[test]
    fn a_match_of_armies_alone_and_in_progress_says_so() {
        let (mut saved, _) = random_match(Table::single_armies(&[ArmyId(0), ArmyId(2)]), 52);
        let ended = ChateauStory::tell(&saved).unwrap();
        let text = StoryText::new(&ended, &[]);
        assert!(
            text.heading
                .starts_with("Château Noir: 2 armies each for itself, "),
            "{}",
            text.heading
        );
        // This match's first partie ended with one army on the board.
        assert!(
            text.parties[0].ends_with(" left on the board."),
            "{:?}",
            text.parties
        );
        saved.actions.truncate(40);
        let story = ChateauStory::tell(&saved).unwrap();
        let text = StoryText::new(&story, &[]);
        assert!(
            text.result.starts_with("The match goes on"),
            "{}",
            text.result
        );
        assert!(text.parties[0].ends_with("so far."), "{:?}", text.parties);
        // Without seats' names, a side is named by its armies alone.
        assert!(!text.rows[0].0.contains('('));
    }
}
