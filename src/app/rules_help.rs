//! The rules in the app (F1): the rulebook's rules as Castellan plays them with the
//! variant in play, in the reader's language. No prose of its own: the reference
//! sheet's words (`crate::sheet::wording`) for the rules, every option of the variant
//! as `castellan variant show` lists it (marked where it differs from the rulebook),
//! and links to the numbered rulings behind each part.

use std::sync::Arc;

use adw::prelude::*;
use castellan_engine::board::Board;
use castellan_engine::variant::Variant;
use gettextrs::{gettext, pgettext};
use relm4::prelude::*;

use crate::sheet::{Block, SheetContent, document};
use crate::text::fill;
use crate::variant_options::{OptionGroup, options};

/// Where the rulings are published, each part of them by its heading's anchor.
const RULINGS_URL: &str = "https://github.com/castellan/castellan/blob/main/docs/rulings.md";

/// One line of the rules, in Pango markup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Title(String),
    Heading(String),
    Text(String),
    /// Secondary text: a note, a link to the rulings.
    Note(String),
}

/// The rulings behind each part of the reference sheet, by the part's title, and the
/// anchor of their part of `docs/rulings.md`.
fn rulings_of(section_title: &str) -> Option<(&'static str, &'static str)> {
    let parts: [(String, &str, &str); 6] = [
        (
            pgettext("reference sheet", "Spoils"),
            "18–20",
            "castles-elimination-victory",
        ),
        (
            pgettext("reference sheet", "Reinforcement track"),
            "9",
            "cards",
        ),
        (
            pgettext("reference sheet", "Setting up"),
            "1–5, 22",
            "setup",
        ),
        (
            pgettext("reference sheet", "Your turn, in order"),
            "6–8, 21, 24",
            "the-turn",
        ),
        (pgettext("reference sheet", "Battles"), "15–19", "battles"),
        (pgettext("reference sheet", "Cards"), "9–14, 25", "cards"),
    ];
    parts
        .into_iter()
        .find(|(title, _, _)| title == section_title)
        .map(|(_, numbers, anchor)| (numbers, anchor))
}

fn escape(text: &str) -> String {
    relm4::gtk::glib::markup_escape_text(text).to_string()
}

/// The rules of `variant` on `board`, line by line.
pub fn lines(board: Arc<Board>, variant: &Variant) -> Vec<Line> {
    let document = document(&SheetContent::new(board, variant));
    let mut lines = vec![
        Line::Title(escape(&document.title)),
        Line::Text(format!("<b>{}</b>", escape(&document.variant))),
    ];
    if !document.changes.is_empty() {
        lines.push(Line::Text(document.changes.clone()));
    }
    for section in &document.sections {
        let blocks: Vec<String> = section.blocks.iter().filter_map(block_text).collect();
        if blocks.is_empty() {
            continue;
        }
        lines.push(Line::Heading(escape(&section.title)));
        if let Some(note) = &section.note {
            lines.push(Line::Note(note.clone()));
        }
        lines.extend(blocks.into_iter().map(Line::Text));
        if let Some((numbers, anchor)) = rulings_of(&section.title) {
            lines.push(Line::Note(format!(
                "<a href=\"{}\">{}</a>",
                escape(&format!("{RULINGS_URL}#{anchor}")),
                escape(&fill(
                    &gettext("How Castellan reads these rules: rulings {numbers}"),
                    &[("numbers", &numbers)],
                )),
            )));
        }
    }
    // Every option, as `castellan variant show` lists them.
    lines.push(Line::Heading(escape(&gettext("Every Rule of This Game"))));
    for group in OptionGroup::ALL {
        lines.push(Line::Text(format!("<b>{}</b>", escape(&group.title()))));
        for option in options().iter().filter(|o| o.group == group) {
            let value = option.get(variant).describe();
            let line = if option.differs(variant) {
                let rulebook = fill(
                    &gettext("(rulebook: {value})"),
                    &[("value", &option.rulebook_value().describe())],
                );
                format!(
                    "• {}: <b>{}</b> {}",
                    escape(&option.title()),
                    escape(&value),
                    escape(&rulebook)
                )
            } else {
                format!("• {}: {}", escape(&option.title()), escape(&value))
            };
            lines.push(Line::Text(line));
        }
    }
    lines
}

/// A block of the sheet as a line of text; the small map has none.
fn block_text(block: &Block) -> Option<String> {
    Some(match block {
        Block::Text(text) => text.clone(),
        Block::Bullet(text) => format!("• {text}"),
        Block::Bonus {
            name,
            details,
            bonus,
            ..
        } => {
            let mut line = format!("<b>{name}</b>");
            if !bonus.is_empty() {
                line.push_str(&format!(" {bonus}"));
            }
            if !details.is_empty() {
                line.push_str(&format!("\n<small>{details}</small>"));
            }
            line
        }
        Block::Step { number, text } => format!("{number}. {text}"),
        Block::Track(numbers) => numbers
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" · "),
        Block::Card {
            name,
            count,
            when,
            what,
        } => format!("<b>{name}</b> ({count}) — <i>{when}</i>\n{what}"),
        Block::Map { .. } => return None,
    })
}

/// The rules window's state: the lines shown.
pub struct RulesHelp {
    window: adw::Window,
    lines: Vec<Line>,
    /// Where the lines go; rebuilt when other rules are shown.
    page: gtk::Box,
}

#[derive(Debug)]
pub enum RulesHelpInput {
    /// Show the rules of `variant` on `board` and present the window.
    Show {
        board: Arc<Board>,
        variant: Box<Variant>,
    },
}

#[relm4::component(pub)]
impl SimpleComponent for RulesHelp {
    type Init = ();
    type Input = RulesHelpInput;
    type Output = ();

    view! {
        #[root]
        window = adw::Window {
            set_title: Some(&gettext("Rules")),
            set_default_width: 640,
            set_default_height: 720,
            set_hide_on_close: true,

            gtk::Box {
                set_orientation: gtk::Orientation::Vertical,

                adw::HeaderBar {},

                gtk::ScrolledWindow {
                    set_vexpand: true,
                    set_hscrollbar_policy: gtk::PolicyType::Never,

                    adw::Clamp {
                        set_maximum_size: 720,

                        #[local_ref]
                        page -> gtk::Box {
                            set_orientation: gtk::Orientation::Vertical,
                            set_spacing: 6,
                            set_margin_all: 18,
                        },
                    },
                },
            },
        }
    }

    fn init(_: (), root: Self::Root, _sender: ComponentSender<Self>) -> ComponentParts<Self> {
        let model = RulesHelp {
            window: root.clone(),
            lines: Vec::new(),
            page: gtk::Box::new(gtk::Orientation::Vertical, 0),
        };
        let page = &model.page.clone();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: RulesHelpInput, _sender: ComponentSender<Self>) {
        match message {
            RulesHelpInput::Show { board, variant } => {
                let lines = lines(board, &variant);
                if lines != self.lines {
                    self.lines = lines;
                    self.rebuild();
                }
                self.window.present();
            }
        }
    }
}

impl RulesHelp {
    /// A label per line: read-only text that only changes with the rules shown.
    fn rebuild(&self) {
        while let Some(child) = self.page.first_child() {
            self.page.remove(&child);
        }
        for line in &self.lines {
            let (markup, class, top) = match line {
                Line::Title(t) => (t, Some("title-1"), 0),
                Line::Heading(t) => (t, Some("title-3"), 12),
                Line::Text(t) => (t, None, 0),
                Line::Note(t) => (t, Some("dim-label"), 0),
            };
            let label = gtk::Label::builder()
                .use_markup(true)
                .label(markup.as_str())
                .wrap(true)
                .wrap_mode(gtk::pango::WrapMode::WordChar)
                .xalign(0.0)
                .margin_top(top)
                .build();
            if let Some(class) = class {
                label.add_css_class(class);
            }
            self.page.append(&label);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::library;
    use crate::app::panel_testing::settle;

    fn board() -> Arc<Board> {
        library::load_board(&library::default_board_path())
            .unwrap()
            .board
    }

    fn text(lines: &[Line]) -> String {
        lines
            .iter()
            .map(|line| match line {
                Line::Title(t) | Line::Heading(t) | Line::Text(t) | Line::Note(t) => t.as_str(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_rules_follow_the_variant_in_play() {
        let rulebook = lines(board(), &Variant::rulebook());
        let shown = text(&rulebook);
        assert!(shown.contains("Castle Risk"));
        assert!(
            !shown.contains("(rulebook: "),
            "the rulebook differs from nothing"
        );
        // Every option of the variant is listed, and every part with rulings links them.
        for option in options() {
            assert!(
                shown.contains(&escape(&option.title())),
                "{}",
                option.title()
            );
        }
        assert!(shown.contains("rulings 15–19"));
        let mut house = Variant::rulebook();
        let option = options()
            .iter()
            .find(|o| {
                matches!(
                    o.get(&house),
                    crate::variant_options::OptionValue::Switch(_)
                )
            })
            .unwrap();
        let crate::variant_options::OptionValue::Switch(on) = option.get(&house) else {
            unreachable!()
        };
        option.set(&mut house, crate::variant_options::OptionValue::Switch(!on));
        let changed = text(&lines(board(), &house));
        assert!(changed.contains("(rulebook: "), "{changed}");
        assert_ne!(changed, shown);
    }

    #[test]
    fn every_part_named_for_rulings_is_on_the_sheet() {
        let shown = text(&lines(board(), &Variant::rulebook()));
        let links = shown.matches("How Castellan reads these rules").count();
        assert_eq!(links, 6, "a part of the sheet was renamed: {shown}");
    }

    #[gtk::test]
    fn the_window_shows_the_rules() {
        let help = RulesHelp::builder().launch(()).detach();
        help.emit(RulesHelpInput::Show {
            board: board(),
            variant: Box::new(Variant::rulebook()),
        });
        settle();
        let mut labels = 0;
        let mut child = help.model().page.first_child();
        while let Some(widget) = child {
            labels += 1;
            child = widget.next_sibling();
        }
        assert_eq!(labels, help.model().lines.len());
        assert!(labels > 30);
        help.widget().close();
    }
}
