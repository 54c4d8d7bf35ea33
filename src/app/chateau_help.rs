//! Château Noir's rules in the app (F1): the rules as Castellan plays them with the
//! board and variant in play, in the reader's language: the same words as the
//! reference sheet (`chateau_rules::wording`), each kind of unit with its diagram
//! drawn by `chateau_rules::draw` from the engine's own move generator, scoring as a
//! table, the colour tables, and every option of the variant with its value, marked
//! where it differs from the reading.
//!
//! Each part links the numbered rulings behind it (`docs/chateau-noir-rulings.md`,
//! built in), which open in the window itself, as the Risk rules' do.
//!
//! The table opens it with [`ChateauRulesHelpInput::Show`] on a
//! [`ChateauRulesHelp`] component it keeps (as the Risk table keeps `RulesHelp`).

use std::sync::Arc;

use adw::prelude::*;
use castellan_chateau::board::{ArmyId, Board};
use castellan_chateau::variant::Variant;
use gettextrs::gettext;
use relm4::gtk::glib;
use relm4::prelude::*;

use crate::app::rules_help::{
    Numbers, escape, linked_numbers, numbers_link, numbers_text, rulings_markup_of,
    show_rulings_on, text_label,
};

use crate::chateau_rules::diagrams::Diagram;
use crate::chateau_rules::draw::{DiagramColours, army_colour, draw_diagram};
use crate::chateau_rules::options::options;
use crate::chateau_rules::wording::{Rules, Section, army_name, rules};
use crate::text::fill;

/// Château Noir's rulings, as `docs/chateau-noir-rulings.md` writes them.
const RULINGS: &str = include_str!("../../docs/chateau-noir-rulings.md");

/// The rulings behind each part of the rules.
mod behind {
    use super::Numbers;

    pub const TURN: Numbers = &[(8, 9), (11, 11), (29, 30), (47, 47)];
    pub const MOVES: Numbers = &[(1, 7), (10, 10), (28, 28)];
    pub const CAPTURE: Numbers = &[(12, 15), (38, 38), (48, 49)];
    pub const SCORING: Numbers = &[(16, 19), (21, 22), (34, 37), (39, 39)];
    pub const WINNING: Numbers = &[(20, 20), (24, 25), (33, 33), (40, 43)];
    pub const COLOUR_TABLES: Numbers = &[(17, 17), (36, 36)];
    pub const BOARD: Numbers = &[(27, 27)];
}

/// How many points wide a diagram is drawn.
const DIAGRAM_SIZE: i32 = 120;

/// The window's state: what it shows, and the box it is built in.
pub struct ChateauRulesHelp {
    window: adw::Window,
    /// The board and variant shown, to rebuild only when they change.
    shown: Option<(Arc<Board>, Variant)>,
    page: gtk::Box,
    /// The rulings a link opened, shown in place of the rules until Back.
    rulings: Vec<u32>,
    rulings_page: gtk::Box,
}

#[derive(Debug)]
pub enum ChateauRulesHelpInput {
    /// Show the rules of `variant` on `board` and present the window.
    Show {
        board: Arc<Board>,
        variant: Box<Variant>,
    },
    /// Show these rulings (a link of the rules was followed).
    ShowRulings(Vec<u32>),
    /// Back from the rulings to the rules.
    Back,
}

#[relm4::component(pub)]
impl SimpleComponent for ChateauRulesHelp {
    type Init = ();
    type Input = ChateauRulesHelpInput;
    type Output = ();

    view! {
        #[root]
        window = adw::Window {
            set_title: Some(&gettext("Château Noir Rules")),
            set_default_width: 680,
            set_default_height: 760,
            set_hide_on_close: true,

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,

                adw::HeaderBar {
                    pack_start = &gtk::Button {
                        set_widget_name: "back-to-rules",
                        set_icon_name: "go-previous-symbolic",
                        set_tooltip_text: Some(&gettext("Back to the Rules")),
                        #[watch]
                        set_visible: !model.rulings.is_empty(),
                        connect_clicked => ChateauRulesHelpInput::Back,
                    },
                },

                gtk::Stack {
                    add_named[Some("rules")] = &gtk::ScrolledWindow {
                        set_vexpand: true,
                        set_hscrollbar_policy: gtk::PolicyType::Never,

                        adw::Clamp {
                            set_maximum_size: 760,

                            #[local_ref]
                            page -> gtk::Box {
                                set_widget_name: "chateau-rules",
                                set_orientation: gtk::Orientation::Vertical,
                                set_spacing: 6,
                                set_margin_all: 18,
                            },
                        },
                    },
                    add_named[Some("rulings")] = &gtk::ScrolledWindow {
                        set_vexpand: true,
                        set_hscrollbar_policy: gtk::PolicyType::Never,

                        adw::Clamp {
                            set_maximum_size: 760,

                            #[local_ref]
                            rulings_page -> gtk::Box {
                                set_widget_name: "chateau-rulings",
                                set_orientation: gtk::Orientation::Vertical,
                                set_spacing: 12,
                                set_margin_all: 18,
                            },
                        },
                    },

                    // After the pages, which must exist to be shown.
                    #[watch]
                    set_visible_child_name: if model.rulings.is_empty() { "rules" } else { "rulings" },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, _sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = ChateauRulesHelp {
            window: root.clone(),
            shown: None,
            page: gtk::Box::new(gtk::Orientation::Vertical, 0),
            rulings: Vec::new(),
            rulings_page: gtk::Box::new(gtk::Orientation::Vertical, 0),
        };
        let page = &model.page.clone();
        let rulings_page = &model.rulings_page.clone();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: ChateauRulesHelpInput, sender: ComponentSender<Self>) {
        match message {
            ChateauRulesHelpInput::Show { board, variant } => {
                let same = self
                    .shown
                    .as_ref()
                    .is_some_and(|(b, v)| **b == *board && *v == *variant);
                if !same {
                    rebuild(&self.page, &board, &variant, &sender);
                    self.shown = Some((board, *variant));
                }
                self.rulings.clear();
                self.window.present();
            }
            ChateauRulesHelpInput::ShowRulings(numbers) => {
                show_rulings(&self.rulings_page, &numbers);
                self.rulings = numbers;
            }
            ChateauRulesHelpInput::Back => self.rulings.clear(),
        }
    }
}

/// Fills `page` with the rules of `variant` on `board`; its links to rulings go to
/// `sender`.
fn rebuild(
    page: &gtk::Box,
    board: &Arc<Board>,
    variant: &Variant,
    sender: &ComponentSender<ChateauRulesHelp>,
) {
    // A followed link keeps the focus in its label: let it go before the label does.
    if let Some(root) = page.root() {
        gtk::prelude::RootExt::set_focus(&root, None::<&gtk::Widget>);
    }
    while let Some(child) = page.first_child() {
        page.remove(&child);
    }
    let rules = rules(board, variant);
    let title = text_label(&escape(&rules.title), 0);
    title.add_css_class("title-1");
    page.append(&title);
    let line = if rules.board == rules.title {
        rules.variant.clone()
    } else {
        fill(
            &gettext("{board} · {variant}"),
            &[("board", &rules.board), ("variant", &rules.variant)],
        )
    };
    page.append(&text_label(&format!("<b>{}</b>", escape(&line)), 0));
    if let Some(note) = &rules.reconstruction {
        let note = text_label(
            &escape(&fill(
                &gettext("Reconstructed board: {note}"),
                &[("note", note)],
            )),
            0,
        );
        note.add_css_class("dim-label");
        page.append(&note);
        page.append(&rulings_link(behind::BOARD, sender));
    }
    for change in &rules.changes {
        page.append(&text_label(&format!("• <b>{}</b>", escape(change)), 0));
    }

    section(page, &rules.turn);
    page.append(&rulings_link(behind::TURN, sender));
    moves(page, board, &rules);
    page.append(&rulings_link(behind::MOVES, sender));
    section(page, &rules.capture);
    page.append(&rulings_link(behind::CAPTURE, sender));
    scoring(page, &rules);
    page.append(&rulings_link(behind::SCORING, sender));
    section(page, &rules.winning);
    page.append(&rulings_link(behind::WINNING, sender));
    colour_tables(page, board, &rules);
    page.append(&rulings_link(behind::COLOUR_TABLES, sender));
    every_option(page, variant);
}

/// A heading and its sentences.
fn section(page: &gtk::Box, section: &Section) {
    page.append(&heading(&section.title));
    for line in &section.lines {
        page.append(&text_label(&format!("• {}", escape(line)), 0));
    }
}

/// Each kind of unit with its diagram, in a flowing grid.
fn moves(page: &gtk::Box, board: &Arc<Board>, rules: &Rules) {
    page.append(&heading(&gettext("The Moves")));
    let grid = gtk::FlowBox::builder()
        .selection_mode(gtk::SelectionMode::None)
        .homogeneous(true)
        .min_children_per_line(2)
        .max_children_per_line(4)
        .column_spacing(12)
        .row_spacing(12)
        .build();
    grid.set_widget_name("chateau-moves");
    for kind in &rules.moves {
        let card = gtk::Box::new(gtk::Orientation::Vertical, 4);
        card.append(&diagram_area(board, &kind.diagram));
        let name = text_label(&format!("<b>{}</b>", escape(&kind.name)), 0);
        name.set_xalign(0.5);
        name.set_justify(gtk::Justification::Center);
        card.append(&name);
        let text = text_label(&escape(&kind.text), 0);
        text.set_xalign(0.5);
        text.set_justify(gtk::Justification::Center);
        text.add_css_class("caption");
        card.append(&text);
        grid.insert(&card, -1);
    }
    page.append(&grid);
    let note = text_label(&escape(&rules.moves_note), 0);
    note.add_css_class("dim-label");
    page.append(&note);
}

/// A drawing area showing one diagram, in the window's light or dark style.
pub fn diagram_area(board: &Arc<Board>, diagram: &Diagram) -> gtk::DrawingArea {
    let area = gtk::DrawingArea::builder()
        .content_width(DIAGRAM_SIZE)
        .content_height(DIAGRAM_SIZE)
        .halign(gtk::Align::Center)
        .build();
    area.set_widget_name("chateau-diagram");
    let board = Arc::clone(board);
    let diagram = diagram.clone();
    area.set_draw_func(move |_, cr, width, height| {
        let colours = if adw::StyleManager::default().is_dark() {
            DiagramColours::DARK
        } else {
            DiagramColours::PAPER
        };
        let side = f64::from(width.min(height));
        let x = (f64::from(width) - side) / 2.0;
        if let Err(error) = draw_diagram(cr, &board, &diagram, ArmyId(0), &colours, (x, 0.0, side))
        {
            eprintln!("castellan: drawing a move diagram failed: {error}");
        }
    });
    area
}

/// Scoring as a two-column grid.
fn scoring(page: &gtk::Box, rules: &Rules) {
    let table = &rules.scoring;
    page.append(&heading(&table.title));
    let grid = gtk::Grid::builder()
        .column_spacing(18)
        .row_spacing(4)
        .build();
    grid.set_widget_name("chateau-scoring");
    let moment = text_label(&format!("<b>{}</b>", escape(&table.moment)), 0);
    let points = text_label(&format!("<b>{}</b>", escape(&table.points)), 0);
    points.set_xalign(1.0);
    grid.attach(&moment, 0, 0, 1, 1);
    grid.attach(&points, 1, 0, 1, 1);
    for (row, (moment, points)) in table.rows.iter().enumerate() {
        let row = i32::try_from(row + 1).unwrap_or(i32::MAX);
        let moment = text_label(&escape(moment), 0);
        moment.set_hexpand(true);
        let points = text_label(&format!("<b>{}</b>", escape(points)), 0);
        points.set_xalign(1.0);
        grid.attach(&moment, 0, row, 1, 1);
        grid.attach(&points, 1, row, 1, 1);
    }
    page.append(&grid);
}

/// Each army's colour table, its colours shown as squares beside the names.
fn colour_tables(page: &gtk::Box, board: &Board, rules: &Rules) {
    let tables = &rules.colour_tables;
    page.append(&heading(&tables.title));
    page.append(&text_label(&escape(&tables.note), 0));
    let swatch = |army: ArmyId| {
        let colour = army_colour(board, army);
        format!(
            "<span foreground=\"#{:02x}{:02x}{:02x}\">■</span>",
            (colour.r * 255.0).round() as u8,
            (colour.g * 255.0).round() as u8,
            (colour.b * 255.0).round() as u8
        )
    };
    for (army, order) in &tables.rows {
        let steps: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(index, territory)| {
                format!(
                    "{} {}",
                    swatch(*territory),
                    escape(&fill(
                        &gettext("{number}. {army}"),
                        &[
                            ("number", &(index + 1)),
                            ("army", &army_name(board, *territory))
                        ],
                    ))
                )
            })
            .collect();
        page.append(&text_label(
            &format!(
                "{} <b>{}</b>: {}",
                swatch(*army),
                escape(&army_name(board, *army)),
                steps.join("  ")
            ),
            0,
        ));
    }
}

/// Every option of the variant, with its value, and the reading's where it differs.
fn every_option(page: &gtk::Box, variant: &Variant) {
    page.append(&heading(&gettext("Every Option of This Game")));
    for option in options() {
        let value = option.describe(variant);
        let line = if option.differs(variant) {
            format!(
                "• {}: <b>{}</b> {}",
                escape(&option.title()),
                escape(&value),
                escape(&fill(
                    &gettext("(as read: {value})"),
                    &[("value", &option.as_read())],
                ))
            )
        } else {
            format!("• {}: {}", escape(&option.title()), escape(&value))
        };
        page.append(&text_label(&line, 0));
        let explanation = text_label(
            &format!("<small>{}</small>", escape(&option.explanation())),
            0,
        );
        explanation.add_css_class("dim-label");
        explanation.set_margin_start(14);
        page.append(&explanation);
    }
}

/// "How Castellan reads these rules: rulings 12–15, 38", a link that opens them here.
fn rulings_link(numbers: Numbers, sender: &ComponentSender<ChateauRulesHelp>) -> gtk::Label {
    let link = text_label(
        &format!(
            "<a href=\"{}\">{}</a>",
            escape(&numbers_link(numbers)),
            escape(&fill(
                &gettext("How Castellan reads these rules: rulings {numbers}"),
                &[("numbers", &numbers_text(numbers))],
            )),
        ),
        0,
    );
    link.add_css_class("dim-label");
    let sender = sender.clone();
    link.connect_activate_link(move |_, uri| match linked_numbers(uri) {
        Some(numbers) => {
            sender.input(ChateauRulesHelpInput::ShowRulings(numbers));
            glib::Propagation::Stop
        }
        None => glib::Propagation::Proceed,
    });
    link
}

/// Fills `page` with the rulings `numbers`, as `docs/chateau-noir-rulings.md` words
/// them.
fn show_rulings(page: &gtk::Box, numbers: &[u32]) {
    show_rulings_on(
        page,
        &gettext(
            "Where the booklet is silent or its pages are lost, Castellan follows these rulings (docs/chateau-noir-rulings.md, in English).",
        ),
        &rulings_markup_of(RULINGS, numbers),
    );
}

fn heading(title: &str) -> gtk::Label {
    let heading = text_label(&escape(title), 12);
    heading.add_css_class("title-3");
    heading
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::panel_testing::settle;

    /// The text of every label under `widget`, in order.
    fn texts(widget: &gtk::Widget) -> Vec<String> {
        let mut found = Vec::new();
        if let Some(label) = widget.downcast_ref::<gtk::Label>() {
            found.push(label.text().to_string());
        }
        let mut child = widget.first_child();
        while let Some(next) = child {
            found.extend(texts(&next));
            child = next.next_sibling();
        }
        found
    }

    fn collect_labels(widget: &gtk::Widget, found: &mut Vec<gtk::Label>) {
        if let Some(label) = widget.downcast_ref::<gtk::Label>() {
            found.push(label.clone());
        }
        let mut child = widget.first_child();
        while let Some(next) = child {
            collect_labels(&next, found);
            child = next.next_sibling();
        }
    }

    fn count_named(widget: &gtk::Widget, name: &str) -> usize {
        let mut count = usize::from(widget.widget_name() == name);
        let mut child = widget.first_child();
        while let Some(next) = child {
            count += count_named(&next, name);
            child = next.next_sibling();
        }
        count
    }

    #[test]
    fn every_ruling_linked_is_in_the_rulings_document() {
        let all = crate::app::rules_help::rulings_in(RULINGS);
        for numbers in [
            behind::TURN,
            behind::MOVES,
            behind::CAPTURE,
            behind::SCORING,
            behind::WINNING,
            behind::COLOUR_TABLES,
            behind::BOARD,
        ] {
            for &(first, last) in numbers {
                for number in first..=last {
                    assert!(all.iter().any(|r| r.number == number), "ruling {number}");
                }
            }
        }
        // Ruling 17 is occupation, as the colour tables' link says.
        assert!(all[16].text.starts_with("Occupation"), "{}", all[16].text);
    }

    #[gtk::test]
    fn the_help_shows_every_move_drawn_scoring_and_every_option_of_the_variant() {
        let help = ChateauRulesHelp::builder().launch(()).detach();
        let board = Arc::new(Board::reconstructed());
        let variant = Variant {
            diagonal_capture: true,
            ..Variant::default()
        };
        help.emit(ChateauRulesHelpInput::Show {
            board: Arc::clone(&board),
            variant: Box::new(variant.clone()),
        });
        settle();
        let page: gtk::Widget = help.model().page.clone().upcast();
        assert_eq!(count_named(&page, "chateau-diagram"), 8);
        let shown = texts(&page);
        let plain = rules(&board, &variant);
        for kind in &plain.moves {
            assert!(shown.contains(&kind.name), "{shown:?}");
        }
        for (moment, _) in &plain.scoring.rows {
            assert!(shown.contains(moment), "{moment}");
        }
        for option in options() {
            assert!(
                shown
                    .iter()
                    .any(|t| t.starts_with(&format!("• {}: ", option.title()))),
                "{} missing",
                option.title()
            );
        }
        // The option in play otherwise than the reading says so.
        assert!(
            shown.contains(&"• Capture on diagonals: on (as read: off)".to_owned()),
            "{shown:?}"
        );
        // A link to rulings opens them in the window itself, and Back returns.
        let link = {
            let mut labels = Vec::new();
            collect_labels(&page, &mut labels);
            labels
                .into_iter()
                .find(|label| label.label().contains("href=\"ruling:12-15"))
                .expect("the capture's rulings are linked")
        };
        let handled: bool = link.emit_by_name("activate-link", &[&"ruling:12-15,38-38"]);
        assert!(handled, "the window opens the link itself");
        settle();
        let rulings = texts(&help.model().rulings_page.clone().upcast());
        assert!(
            rulings.iter().any(|t| t.starts_with("12. An enemy piece")),
            "{rulings:?}"
        );
        assert!(
            rulings.iter().any(|t| t.starts_with("38. Safety")),
            "{rulings:?}"
        );
        assert!(rulings.iter().all(|t| !t.contains("Tests:")), "{rulings:?}");
        help.emit(ChateauRulesHelpInput::Back);
        settle();
        assert!(help.model().rulings.is_empty());
        // Another variant rebuilds it.
        help.emit(ChateauRulesHelpInput::Show {
            board,
            variant: Box::new(Variant::default()),
        });
        settle();
        let shown = texts(&help.model().page.clone().upcast());
        assert!(shown.contains(&"• Capture on diagonals: off".to_owned()));
        help.widget().close();
    }
}
