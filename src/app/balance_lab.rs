//! The balance lab window ("Test These Rules…"): plays the rules being edited (or the
//! board chosen for a new game) many times with computer players, on every core off
//! the main loop, with a progress bar, the time left and Cancel; shows the verdicts in
//! plain words and the charts as the totals grow, and exports the report as PDF or
//! PNG (drawn by the same code as the screen) and the raw figures as CSV. A second
//! variant or board can be played from the same seeds to compare.

use std::cell::RefCell;
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use adw::prelude::*;
use castellan_engine::balance::{Comparison, Lab, Report, Tally};
use castellan_engine::bot::{Cancel, Strength};
use castellan_engine::variant::Variant;
use gettextrs::gettext;
use relm4::gtk::glib;
use relm4::prelude::*;

use crate::app::chart_theme::{desktop_chart_theme, follow_the_desktop_style};
use crate::app::lab_run::{self, RunMessage};
use crate::app::library::{self, BoardEntry, Origin, VariantEntry};
use crate::charts::page::{PageText, write_page};
use crate::charts::{Chart, Figures, Theme};
use crate::lab::{export, strength_name, verdicts};
use crate::messages;
use crate::sheet::Format;
use crate::text::fill;

/// Games a run may play, and the number offered first.
pub const GAMES_RANGE: (u64, u64) = (100, 100_000);
pub const DEFAULT_GAMES: u64 = 2_000;

/// The seed of every run: the same settings give the same figures.
pub const LAB_SEED: u64 = 1;

/// What a run is compared with.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Against {
    Nothing,
    /// A variant of the library (index into `variants`), on the same board.
    Variant(usize),
    /// A board (index into `boards`), under the same rules.
    Board(usize),
}

/// The run in progress.
struct Running {
    run: u64,
    cancel: Cancel,
    started: Instant,
    total: u64,
}

/// What the charts show, shared with their drawing functions.
enum Shown {
    One(Box<Report>),
    Two(Box<Comparison>),
}

impl Shown {
    fn figures(&self) -> Figures<'_> {
        match self {
            Shown::One(report) => Figures::One(report),
            Shown::Two(comparison) => Figures::Two(comparison),
        }
    }
}

/// A file the report is exported as.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ExportKind {
    Pdf,
    Png,
    Csv,
}

impl ExportKind {
    fn extension(self) -> &'static str {
        match self {
            ExportKind::Pdf => "pdf",
            ExportKind::Png => "png",
            ExportKind::Csv => "csv",
        }
    }
}

pub struct BalanceLab {
    window: adw::Window,
    boards: Vec<BoardEntry>,
    board: usize,
    board_names: gtk::StringList,
    variants: Vec<VariantEntry>,
    variant: Variant,
    variant_name: String,
    /// The comparison list's items, in the drop-down's order, and the chosen one.
    against_items: Vec<Against>,
    against_names: gtk::StringList,
    against: usize,
    games: u64,
    seats: usize,
    strength: Strength,
    running: Option<Running>,
    next_run: u64,
    /// Games done in the run in progress (or the last), over all its labs.
    done: u64,
    /// The labs of the last run started, and their totals so far.
    labs: Vec<Lab>,
    tallies: Vec<Option<Tally>>,
    shown: Rc<RefCell<Option<Shown>>>,
    verdicts: String,
    problem: String,
    charts: Vec<gtk::DrawingArea>,
    chooser: Option<gtk::FileChooserNative>,
}

#[derive(Debug)]
pub enum BalanceLabInput {
    /// Show the lab for `variant` (called `name`), on `board` if one is given, with
    /// `seats` seats if given.
    Open {
        variant: Box<Variant>,
        name: String,
        board: Option<PathBuf>,
        seats: Option<usize>,
    },
    BoardChosen(u32),
    AgainstChosen(u32),
    GamesChanged(f64),
    SeatsChanged(f64),
    StrengthChosen(u32),
    Run,
    Cancel,
    Export(ExportKind),
    ExportTo(ExportKind, PathBuf),
    Close,
}

/// "1 min 05 s", "12 s".
fn duration_text(duration: Duration) -> String {
    let seconds = duration.as_secs();
    if seconds >= 60 {
        fill(
            &gettext("{minutes} min {seconds} s"),
            &[
                ("minutes", &(seconds / 60)),
                ("seconds", &format!("{:02}", seconds % 60)),
            ],
        )
    } else {
        fill(&gettext("{seconds} s"), &[("seconds", &seconds)])
    }
}

impl BalanceLab {
    /// The rules the lab plays.
    #[cfg(test)]
    pub(crate) fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The board's file and the seats the lab plays with.
    #[cfg(test)]
    pub(crate) fn table(&self) -> (Option<&std::path::Path>, usize) {
        (
            self.boards.get(self.board).map(|b| b.path.as_path()),
            self.seats,
        )
    }

    /// Whether a run is under way, and how many games the totals shown count.
    #[cfg(test)]
    pub(crate) fn progress(&self) -> (bool, u64) {
        (self.running.is_some(), self.done)
    }

    fn total(&self) -> u64 {
        self.games * self.labs.len().max(1) as u64
    }

    fn fraction(&self) -> f64 {
        if self.labs.is_empty() {
            0.0
        } else {
            (self.done as f64 / self.total() as f64).clamp(0.0, 1.0)
        }
    }

    fn progress_text(&self) -> String {
        match &self.running {
            Some(running) => {
                let done = fill(
                    &gettext("{done} of {total} games"),
                    &[("done", &self.done), ("total", &running.total)],
                );
                match lab_run::time_left(running.started.elapsed(), self.done, running.total) {
                    Some(left) => fill(
                        &gettext("{done}, about {left} left"),
                        &[("done", &done), ("left", &duration_text(left))],
                    ),
                    None => done,
                }
            }
            None if self.labs.is_empty() => gettext("Not run yet"),
            None if self.done < self.total() => fill(
                &gettext("Cancelled after {done} games"),
                &[("done", &self.done)],
            ),
            None => fill(&gettext("{done} games played"), &[("done", &self.done)]),
        }
    }

    fn heading(&self) -> String {
        let board = self
            .boards
            .get(self.board)
            .map(BoardEntry::name)
            .unwrap_or_default();
        fill(
            &gettext("{board}, {rules}: {games} games of {seats} {strength} seats"),
            &[
                ("board", &board),
                ("rules", &self.variant_name),
                ("games", &self.done),
                ("seats", &self.seats),
                ("strength", &strength_name(self.strength)),
            ],
        )
    }

    /// The lab for `board` (an index into `boards`) and `variant`, or why not.
    fn lab(&self, board: usize, variant: Variant) -> Result<Lab, String> {
        let entry = self
            .boards
            .get(board)
            .ok_or_else(|| gettext("Choose a board"))?;
        let loaded = entry.loaded.as_ref().map_err(Clone::clone)?;
        Lab::new(
            loaded.board.clone(),
            variant,
            self.seats,
            self.strength,
            LAB_SEED,
        )
        .map_err(|error| messages::new_game_error(&error))
    }

    fn labs(&self) -> Result<Vec<Lab>, String> {
        let mut labs = vec![self.lab(self.board, self.variant.clone())?];
        match self.against_items.get(self.against).copied() {
            None | Some(Against::Nothing) => {}
            Some(Against::Variant(index)) => {
                let other = self.variants[index].loaded.clone()?;
                labs.push(self.lab(self.board, other)?);
            }
            Some(Against::Board(index)) => labs.push(self.lab(index, self.variant.clone())?),
        }
        Ok(labs)
    }

    fn cancel(&mut self) {
        if let Some(running) = self.running.take() {
            running.cancel.cancel();
        }
    }

    fn start(&mut self, sender: &ComponentSender<Self>) {
        self.cancel();
        self.problem.clear();
        let labs = match self.labs() {
            Ok(labs) => labs,
            Err(problem) => {
                self.problem = problem;
                return;
            }
        };
        self.next_run += 1;
        let run = self.next_run;
        let cancel = Cancel::new();
        self.tallies = vec![None; labs.len()];
        self.labs = labs.clone();
        self.done = 0;
        self.running = Some(Running {
            run,
            cancel: cancel.clone(),
            started: Instant::now(),
            total: self.total(),
        });
        self.show();
        let games = self.games;
        sender.spawn_command(move |out| {
            lab_run::play(run, &labs, games, &cancel, &|message| {
                // The window may be gone: nobody then waits for the message.
                let _ = out.send(message);
            });
        });
    }

    /// Shows the totals so far: verdicts and charts.
    fn show(&mut self) {
        let reports: Vec<Option<Report>> = self
            .tallies
            .iter()
            .zip(&self.labs)
            .map(|(tally, lab)| tally.as_ref().map(|t| Report::new(t, lab.board())))
            .collect();
        let shown = match reports.as_slice() {
            [Some(a)] | [Some(a), None] => Some(Shown::One(Box::new(a.clone()))),
            [Some(a), Some(b)] => Some(Shown::Two(Box::new(Comparison::new(a.clone(), b.clone())))),
            _ => None,
        };
        self.verdicts = match &shown {
            Some(Shown::One(report)) => verdicts::lines(report).join("\n"),
            Some(Shown::Two(comparison)) => verdicts::comparison_lines(comparison).join("\n"),
            None => String::new(),
        };
        *self.shown.borrow_mut() = shown;
        for chart in &self.charts {
            chart.queue_draw();
        }
    }

    fn export(&mut self, kind: ExportKind, path: PathBuf) {
        let guard = self.shown.borrow();
        let Some(shown) = guard.as_ref() else {
            return;
        };
        let result = match kind {
            ExportKind::Csv => {
                let text = match shown {
                    Shown::One(report) => export::csv(report),
                    Shown::Two(comparison) => export::comparison_csv(comparison),
                };
                crate::safe_write::write_file(&path, text.as_bytes())
                    .map_err(|error| messages::io_error(&error))
            }
            ExportKind::Pdf | ExportKind::Png => {
                let lines: Vec<String> = self.verdicts.lines().map(str::to_owned).collect();
                let heading = self.heading();
                let text = PageText {
                    heading: &heading,
                    lines: &lines,
                };
                let (format, theme) = if kind == ExportKind::Pdf {
                    (Format::Pdf, Theme::Light)
                } else {
                    (Format::Png, desktop_chart_theme())
                };
                write_page(&path, format, shown.figures(), &text, theme)
                    .map_err(|error| error.to_string())
            }
        };
        drop(guard);
        if let Err(problem) = result {
            self.problem = fill(
                &gettext("{file}: {problem}"),
                &[("file", &path.display()), ("problem", &problem)],
            );
        }
    }

    fn choose_export(&mut self, kind: ExportKind, sender: &ComponentSender<Self>) {
        let chooser = gtk::FileChooserNative::new(
            Some(&gettext("Export the Report")),
            Some(&self.window),
            gtk::FileChooserAction::Save,
            Some(&gettext("_Export")),
            Some(&gettext("_Cancel")),
        );
        chooser.set_modal(true);
        chooser.set_current_name(&format!("{}.{}", gettext("balance"), kind.extension()));
        let sender = sender.clone();
        chooser.connect_response(move |chooser, response| {
            if response == gtk::ResponseType::Accept
                && let Some(path) = chooser.file().and_then(|f| f.path())
            {
                let path = crate::app::files::with_extension(path, kind.extension());
                sender.input(BalanceLabInput::ExportTo(kind, path));
            }
        });
        chooser.show();
        self.chooser = Some(chooser);
    }

    /// Puts `path` in the board list if it is not there, and returns its index.
    fn board_index(&mut self, path: PathBuf) -> usize {
        if let Some(index) = self.boards.iter().position(|b| b.path == path) {
            return index;
        }
        let entry = BoardEntry::load(path, Origin::Opened);
        self.board_names.append(&entry.name());
        self.against_names
            .append(&fill(&gettext("Board: {name}"), &[("name", &entry.name())]));
        self.against_items.push(Against::Board(self.boards.len()));
        self.boards.push(entry);
        self.boards.len() - 1
    }
}

#[relm4::component(pub)]
impl Component for BalanceLab {
    type Init = ();
    type Input = BalanceLabInput;
    type Output = ();
    type CommandOutput = RunMessage;

    view! {
        #[root]
        window = adw::Window {
            set_title: Some(&gettext("Balance Lab")),
            set_hide_on_close: true,
            set_default_width: 1040,
            set_default_height: 880,
            connect_close_request[sender] => move |_| {
                sender.input(BalanceLabInput::Close);
                glib::Propagation::Proceed
            },

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,

                adw::HeaderBar {
                    pack_end = &gtk::MenuButton {
                        set_label: &gettext("Export"),
                        #[watch]
                        set_sensitive: model.shown.borrow().is_some(),
                        #[wrap(Some)]
                        set_popover = &gtk::Popover {
                            gtk::Box {
                                set_orientation: gtk::Orientation::Vertical,
                                gtk::Button {
                                    set_label: &gettext("Report as PDF…"),
                                    add_css_class: "flat",
                                    connect_clicked => BalanceLabInput::Export(ExportKind::Pdf),
                                },
                                gtk::Button {
                                    set_label: &gettext("Report as PNG…"),
                                    add_css_class: "flat",
                                    connect_clicked => BalanceLabInput::Export(ExportKind::Png),
                                },
                                gtk::Button {
                                    set_label: &gettext("Figures as CSV…"),
                                    add_css_class: "flat",
                                    connect_clicked => BalanceLabInput::Export(ExportKind::Csv),
                                },
                            },
                        },
                    },
                },

                gtk::Grid {
                    set_margin_all: 12,
                    set_row_spacing: 6,
                    set_column_spacing: 12,

                    attach[0, 0, 1, 1] = &gtk::Label {
                        set_label: &gettext("Board"),
                        set_xalign: 0.0,
                    },
                    attach[1, 0, 1, 1]: board_list = &gtk::DropDown {
                        set_model: Some(&model.board_names),
                        #[watch]
                        #[block_signal(board_handler)]
                        set_selected: model.board as u32,
                        connect_selected_notify[sender] => move |list| {
                            sender.input(BalanceLabInput::BoardChosen(list.selected()));
                        } @board_handler,
                    },
                    attach[2, 0, 1, 1] = &gtk::Label {
                        set_label: &gettext("Rules"),
                        set_xalign: 0.0,
                    },
                    attach[3, 0, 1, 1] = &gtk::Label {
                        set_xalign: 0.0,
                        set_hexpand: true,
                        set_ellipsize: gtk::pango::EllipsizeMode::End,
                        #[watch]
                        set_label: &model.variant_name,
                    },
                    attach[4, 0, 1, 1] = &gtk::Label {
                        set_label: &gettext("Compare with"),
                        set_xalign: 0.0,
                    },
                    attach[5, 0, 1, 1]: against_list = &gtk::DropDown {
                        set_model: Some(&model.against_names),
                        #[watch]
                        #[block_signal(against_handler)]
                        set_selected: model.against as u32,
                        connect_selected_notify[sender] => move |list| {
                            sender.input(BalanceLabInput::AgainstChosen(list.selected()));
                        } @against_handler,
                    },

                    attach[0, 1, 1, 1] = &gtk::Label {
                        set_label: &gettext("Games"),
                        set_xalign: 0.0,
                    },
                    attach[1, 1, 1, 1] = &gtk::SpinButton {
                        set_range: (GAMES_RANGE.0 as f64, GAMES_RANGE.1 as f64),
                        set_increments: (100.0, 1000.0),
                        set_digits: 0,
                        #[watch]
                        #[block_signal(games_handler)]
                        set_value: model.games as f64,
                        connect_value_changed[sender] => move |spin| {
                            sender.input(BalanceLabInput::GamesChanged(spin.value()));
                        } @games_handler,
                    },
                    attach[2, 1, 1, 1] = &gtk::Label {
                        set_label: &gettext("Players"),
                        set_xalign: 0.0,
                    },
                    attach[3, 1, 1, 1] = &gtk::SpinButton {
                        set_range: (2.0, 6.0),
                        set_increments: (1.0, 1.0),
                        set_digits: 0,
                        set_halign: gtk::Align::Start,
                        #[watch]
                        #[block_signal(seats_handler)]
                        set_value: model.seats as f64,
                        connect_value_changed[sender] => move |spin| {
                            sender.input(BalanceLabInput::SeatsChanged(spin.value()));
                        } @seats_handler,
                    },
                    attach[4, 1, 1, 1] = &gtk::Label {
                        set_label: &gettext("Strength"),
                        set_xalign: 0.0,
                    },
                    attach[5, 1, 1, 1] = &gtk::DropDown {
                        set_model: Some(&gtk::StringList::new(
                            &Strength::ALL.map(strength_name).iter().map(String::as_str).collect::<Vec<_>>(),
                        )),
                        #[watch]
                        #[block_signal(strength_handler)]
                        set_selected: Strength::ALL.iter().position(|&s| s == model.strength).unwrap_or(1) as u32,
                        connect_selected_notify[sender] => move |list| {
                            sender.input(BalanceLabInput::StrengthChosen(list.selected()));
                        } @strength_handler,
                    },
                },

                gtk::Box {
                    set_spacing: 12,
                    set_margin_start: 12,
                    set_margin_end: 12,

                    gtk::ProgressBar {
                        set_hexpand: true,
                        set_valign: gtk::Align::Center,
                        set_show_text: true,
                        #[watch]
                        set_fraction: model.fraction(),
                        #[watch]
                        set_text: Some(&model.progress_text()),
                    },
                    gtk::Button {
                        set_widget_name: "run",
                        set_label: &gettext("Run"),
                        add_css_class: "suggested-action",
                        #[watch]
                        set_visible: model.running.is_none(),
                        connect_clicked => BalanceLabInput::Run,
                    },
                    gtk::Button {
                        set_widget_name: "cancel",
                        set_label: &gettext("Cancel"),
                        add_css_class: "destructive-action",
                        #[watch]
                        set_visible: model.running.is_some(),
                        connect_clicked => BalanceLabInput::Cancel,
                    },
                },

                gtk::Label {
                    set_margin_all: 12,
                    set_xalign: 0.0,
                    set_wrap: true,
                    add_css_class: "error",
                    #[watch]
                    set_label: &model.problem,
                    #[watch]
                    set_visible: !model.problem.is_empty(),
                },

                gtk::ScrolledWindow {
                    set_vexpand: true,
                    set_hscrollbar_policy: gtk::PolicyType::Never,

                    gtk::Box {
                        set_orientation: gtk::Orientation::Vertical,
                        set_spacing: 12,
                        set_margin_all: 12,

                        gtk::Label {
                            set_xalign: 0.0,
                            set_wrap: true,
                            set_selectable: true,
                            #[watch]
                            set_label: &model.verdicts,
                            #[watch]
                            set_visible: !model.verdicts.is_empty(),
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
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let boards = library::boards();
        let variants = library::variants();
        let board_names = gtk::StringList::new(&[]);
        for entry in &boards {
            board_names.append(&entry.name());
        }
        let mut against_items = vec![Against::Nothing];
        let against_names = gtk::StringList::new(&[&gettext("Nothing")]);
        for (index, entry) in variants.iter().enumerate() {
            against_items.push(Against::Variant(index));
            against_names.append(&fill(&gettext("Rules: {name}"), &[("name", &entry.name())]));
        }
        for (index, entry) in boards.iter().enumerate() {
            against_items.push(Against::Board(index));
            against_names.append(&fill(&gettext("Board: {name}"), &[("name", &entry.name())]));
        }
        let shown: Rc<RefCell<Option<Shown>>> = Rc::new(RefCell::new(None));
        let charts: Vec<gtk::DrawingArea> = Chart::ALL
            .into_iter()
            .map(|chart| {
                let area = gtk::DrawingArea::new();
                area.set_content_width(480);
                area.set_content_height(320);
                area.set_hexpand(true);
                let shown = shown.clone();
                area.set_draw_func(move |_, cr, width, height| {
                    if let Some(shown) = shown.borrow().as_ref() {
                        // A chart that cannot be drawn (Cairo out of memory) stays blank.
                        let _ = crate::charts::draw(
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
        let model = BalanceLab {
            window: root.clone(),
            board: boards
                .iter()
                .position(|b| b.path == library::default_board_path())
                .unwrap_or(0),
            boards,
            board_names,
            variants,
            variant: Variant::rulebook(),
            variant_name: gettext("The rulebook"),
            against_items,
            against_names,
            against: 0,
            games: DEFAULT_GAMES,
            seats: 4,
            strength: Strength::Normal,
            running: None,
            next_run: 0,
            done: 0,
            labs: Vec::new(),
            tallies: Vec::new(),
            shown,
            verdicts: String::new(),
            problem: String::new(),
            charts,
            chooser: None,
        };
        let chart_grid = gtk::FlowBox::new();
        for chart in &model.charts {
            chart_grid.insert(chart, -1);
        }
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: BalanceLabInput, sender: ComponentSender<Self>, _: &Self::Root) {
        match message {
            BalanceLabInput::Open {
                variant,
                name,
                board,
                seats,
            } => {
                if let Some(path) = board {
                    self.board = self.board_index(path);
                }
                if let Some(seats) = seats {
                    self.seats = seats.clamp(2, 6);
                }
                if *variant != self.variant {
                    self.cancel();
                }
                self.variant = *variant;
                self.variant_name = if name.is_empty() {
                    gettext("Rules being edited")
                } else {
                    name
                };
                self.problem.clear();
                self.window.present();
            }
            BalanceLabInput::BoardChosen(index) => {
                if (index as usize) < self.boards.len() {
                    self.board = index as usize;
                }
            }
            BalanceLabInput::AgainstChosen(index) => {
                if (index as usize) < self.against_items.len() {
                    self.against = index as usize;
                }
            }
            BalanceLabInput::GamesChanged(value) => {
                self.games = (value.round() as u64).clamp(GAMES_RANGE.0, GAMES_RANGE.1);
            }
            BalanceLabInput::SeatsChanged(value) => {
                self.seats = (value.round() as usize).clamp(2, 6);
            }
            BalanceLabInput::StrengthChosen(index) => {
                if let Some(&strength) = Strength::ALL.get(index as usize) {
                    self.strength = strength;
                }
            }
            BalanceLabInput::Run => self.start(&sender),
            BalanceLabInput::Cancel => self.cancel(),
            BalanceLabInput::Export(kind) => self.choose_export(kind, &sender),
            BalanceLabInput::ExportTo(kind, path) => self.export(kind, path),
            BalanceLabInput::Close => {
                self.cancel();
                self.window.set_visible(false);
            }
        }
    }

    fn update_cmd(&mut self, message: RunMessage, _: ComponentSender<Self>, _: &Self::Root) {
        let (run, part, tally, finished) = match message {
            RunMessage::Progress { run, part, tally } => (run, part, tally, false),
            RunMessage::Finished { run, part, tally } => (run, part, tally, true),
        };
        if self.running.as_ref().map(|r| r.run) != Some(run) || part >= self.tallies.len() {
            return;
        }
        self.tallies[part] = Some(tally);
        self.done = self.tallies.iter().flatten().map(|t| t.games).sum();
        if finished && part + 1 == self.labs.len() {
            self.running = None;
        }
        self.show();
    }

    fn shutdown(&mut self, _: &mut Self::Widgets, _: relm4::Sender<()>) {
        self.cancel();
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;
    use crate::app::panel_testing::{named, save_window_png, settle};

    fn open(games: u64, seats: usize) -> Controller<BalanceLab> {
        let lab = BalanceLab::builder().launch(()).detach();
        lab.emit(BalanceLabInput::Open {
            variant: Box::new(Variant::rulebook()),
            name: "Rulebook".into(),
            board: Some(library::default_board_path()),
            seats: Some(seats),
        });
        lab.emit(BalanceLabInput::GamesChanged(games as f64));
        settle();
        lab
    }

    fn wait_while_running(lab: &Controller<BalanceLab>, limit: Duration) {
        let deadline = Instant::now() + limit;
        while lab.model().running.is_some() && Instant::now() < deadline {
            settle();
        }
        settle();
    }

    fn visible(lab: &Controller<BalanceLab>, name: &str) -> bool {
        named(lab.widget(), name).is_visible()
    }

    #[gtk::test]
    fn a_run_shows_its_verdicts_and_charts_and_can_be_exported() {
        let lab = open(100, 3);
        assert_eq!(lab.model().seats, 3);
        assert!(visible(&lab, "run") && !visible(&lab, "cancel"));
        named(lab.widget(), "run")
            .downcast::<gtk::Button>()
            .unwrap()
            .emit_clicked();
        settle();
        assert!(!visible(&lab, "run") && visible(&lab, "cancel"));
        wait_while_running(&lab, Duration::from_secs(60));
        let model = lab.model();
        assert!(model.running.is_none(), "100 Normal games end in a minute");
        assert_eq!(model.done, 100);
        assert!(
            model.verdicts.contains("fair share 33 %"),
            "{}",
            model.verdicts
        );
        assert!(matches!(&*model.shown.borrow(), Some(Shown::One(r)) if r.games == 100));
        assert_eq!(model.progress_text(), "100 games played");
        drop(model);
        assert!(visible(&lab, "run"));

        let dir = tempfile::tempdir().unwrap();
        for kind in [ExportKind::Pdf, ExportKind::Png, ExportKind::Csv] {
            let path = dir.path().join(format!("lab.{}", kind.extension()));
            lab.emit(BalanceLabInput::ExportTo(kind, path.clone()));
            settle();
            let bytes = std::fs::read(&path).unwrap();
            assert!(bytes.len() > 100, "{}", path.display());
        }
        assert!(lab.model().problem.is_empty(), "{}", lab.model().problem);
        lab.widget().present();
        settle();
        if let Ok(folder) = std::env::var("CASTELLAN_SCREENSHOTS") {
            save_window_png(
                lab.widget(),
                &std::path::Path::new(&folder).join("balance-lab.png"),
            );
        }
    }

    #[gtk::test]
    fn a_comparison_plays_both_and_shows_the_differences() {
        let lab = open(100, 4);
        let variant = lab
            .model()
            .against_items
            .iter()
            .position(|a| matches!(a, Against::Variant(_)))
            .expect("the shipped variants are on offer");
        lab.emit(BalanceLabInput::AgainstChosen(variant as u32));
        lab.emit(BalanceLabInput::Run);
        settle();
        wait_while_running(&lab, Duration::from_secs(60));
        let model = lab.model();
        assert_eq!(model.done, 200);
        assert!(matches!(&*model.shown.borrow(), Some(Shown::Two(_))));
        assert!(
            model.verdicts.contains("a difference of"),
            "{}",
            model.verdicts
        );
    }

    #[gtk::test]
    fn cancel_stops_the_run_and_keeps_what_was_played() {
        let lab = open(100_000, 4);
        lab.emit(BalanceLabInput::Run);
        // Some partial totals arrive while it runs.
        let deadline = Instant::now() + Duration::from_secs(30);
        while lab.model().shown.borrow().is_none() && Instant::now() < deadline {
            settle();
        }
        assert!(lab.model().running.is_some());
        assert!(lab.model().shown.borrow().is_some(), "partial results show");
        named(lab.widget(), "cancel")
            .downcast::<gtk::Button>()
            .unwrap()
            .emit_clicked();
        settle();
        let model = lab.model();
        assert!(model.running.is_none());
        assert!(model.done > 0 && model.done < 100_000);
        assert!(
            model.progress_text().starts_with("Cancelled after"),
            "{}",
            model.progress_text()
        );
        let done = model.done;
        drop(model);
        // Nothing of the cancelled run comes in afterwards.
        std::thread::sleep(Duration::from_millis(300));
        settle();
        assert_eq!(lab.model().done, done);
    }

    #[gtk::test]
    fn rules_that_cannot_be_played_are_refused_with_the_reason() {
        let lab = open(100, 4);
        let mut variant = Variant::rulebook();
        variant.castle_dice_limit = 0;
        lab.emit(BalanceLabInput::Open {
            variant: Box::new(variant),
            name: "Broken".into(),
            board: None,
            seats: None,
        });
        lab.emit(BalanceLabInput::Run);
        settle();
        let model = lab.model();
        assert!(model.running.is_none());
        assert!(
            model.problem.contains("castle_dice_limit"),
            "{}",
            model.problem
        );
    }
}
