//! The rules in the app (F1): the rulebook's rules as Castellan plays them with the
//! variant in play, in the reader's language. No prose of its own: the reference
//! sheet's words (`crate::sheet::wording`) for the rules, every option of the variant
//! as `castellan variant show` lists it (marked where it differs from the rulebook),
//! and links to the numbered rulings behind each part, of the variant's own ruleset,
//! which open in the window itself (`docs/rulings.md`, built in: nothing to install
//! and no browser needed).

use std::sync::Arc;

use adw::prelude::*;
use castellan_engine::board::Board;
use castellan_engine::variant::{Ruleset, Variant};
use gettextrs::{gettext, pgettext};
use relm4::gtk::glib;
use relm4::prelude::*;

use crate::sheet::{Block, SheetContent, document};
use crate::text::fill;
use crate::variant_options::{OptionGroup, options};

/// The rulings, as `docs/rulings.md` writes them.
const RULINGS: &str = include_str!("../../docs/rulings.md");

/// The scheme of the links to rulings inside the window: `ruling:6-8,21`.
const RULING_LINK: &str = "ruling:";

/// One line of the rules, in Pango markup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    Title(String),
    Heading(String),
    Text(String),
    /// Secondary text: a note, a link to the rulings.
    Note(String),
}

/// Rulings by number: single ones and ranges.
pub(crate) type Numbers = &'static [(u32, u32)];

/// The rulings behind each part of the reference sheet of `ruleset`, by the part's
/// title.
fn rulings_of(ruleset: Ruleset, section_title: &str) -> Option<Numbers> {
    let parts: Vec<(String, Numbers)> = match ruleset {
        Ruleset::CastleRisk => vec![
            (pgettext("reference sheet", "Spoils"), &[(18, 20)]),
            (
                pgettext("reference sheet", "Reinforcement track"),
                &[(9, 9)],
            ),
            (
                pgettext("reference sheet", "Setting up"),
                &[(1, 5), (22, 22)],
            ),
            (
                pgettext("reference sheet", "Your turn, in order"),
                &[(6, 8), (21, 21), (24, 24)],
            ),
            (pgettext("reference sheet", "Battles"), &[(15, 19)]),
            (pgettext("reference sheet", "Cards"), &[(9, 14), (25, 25)]),
        ],
        Ruleset::Classic => vec![
            (pgettext("reference sheet", "Setting up"), &[(27, 28)]),
            (pgettext("reference sheet", "New armies"), &[(29, 29)]),
            (
                pgettext("reference sheet", "Your turn, in order"),
                &[(24, 24), (34, 34), (40, 40)],
            ),
            (pgettext("reference sheet", "Card sets"), &[(30, 35)]),
            (pgettext("reference sheet", "Victory"), &[(36, 39)]),
            (pgettext("reference sheet", "Battles"), &[(15, 16)]),
        ],
    };
    parts
        .into_iter()
        .find(|(title, _)| title == section_title)
        .map(|(_, numbers)| numbers)
}

/// Rulings as people read them: "6–8, 21, 24".
pub(crate) fn numbers_text(numbers: Numbers) -> String {
    numbers
        .iter()
        .map(|&(first, last)| {
            if first == last {
                first.to_string()
            } else {
                format!("{first}–{last}")
            }
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The link to `numbers` inside the window: "ruling:6-8,21,24".
pub(crate) fn numbers_link(numbers: Numbers) -> String {
    let list: Vec<String> = numbers
        .iter()
        .map(|&(first, last)| format!("{first}-{last}"))
        .collect();
    format!("{RULING_LINK}{}", list.join(","))
}

/// The rulings a link names, in order; `None` for a link of another kind.
pub(crate) fn linked_numbers(uri: &str) -> Option<Vec<u32>> {
    let list = uri.strip_prefix(RULING_LINK)?;
    let mut numbers = Vec::new();
    for part in list.split(',') {
        let (first, last) = part.split_once('-').unwrap_or((part, part));
        let (first, last): (u32, u32) = (first.trim().parse().ok()?, last.trim().parse().ok()?);
        // A link names a few rulings; a hostile or broken one names none.
        if last < first || last - first > 100 {
            return None;
        }
        numbers.extend(first..=last);
    }
    Some(numbers)
}

/// A ruling of `docs/rulings.md`: its number and its words (its tests left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ruling {
    pub number: u32,
    pub text: String,
}

/// Every numbered ruling of `docs/rulings.md`.
#[cfg(test)]
pub fn rulings() -> Vec<Ruling> {
    rulings_in(RULINGS)
}

/// Every numbered ruling of a rulings document (`docs/rulings.md`, or Château Noir's
/// `docs/chateau-noir-rulings.md`, written the same way), in order: a line "N. …" at
/// the left margin and the indented lines under it, up to a blank line or a heading.
pub(crate) fn rulings_in(document: &str) -> Vec<Ruling> {
    let mut rulings: Vec<Ruling> = Vec::new();
    let mut open = false;
    for line in document.lines() {
        let numbered = line
            .split_once(". ")
            .and_then(|(number, rest)| Some((number.parse::<u32>().ok()?, rest)));
        if let Some((number, rest)) = numbered {
            rulings.push(Ruling {
                number,
                text: rest.trim().to_owned(),
            });
            open = true;
        } else if open && line.starts_with(' ') && !line.trim().is_empty() {
            if let Some(last) = rulings.last_mut() {
                last.text.push(' ');
                last.text.push_str(line.trim());
            }
        } else {
            open = false;
        }
    }
    for ruling in &mut rulings {
        // The tests that hold the engine to it are for its developers.
        if let Some(at) = ruling.text.find(" Tests: ") {
            ruling.text.truncate(at);
        }
    }
    rulings
}

/// A ruling's words in Pango markup, after its number: its Markdown's bold and code
/// kept, everything else escaped.
fn ruling_markup(ruling: &Ruling) -> String {
    let mut markup = format!("<b>{}.</b> ", ruling.number);
    let (mut bold, mut code) = (false, false);
    let mut plain = String::new();
    let mut chars = ruling.text.chars().peekable();
    while let Some(c) = chars.next() {
        let tag = match c {
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
                bold = !bold;
                if bold { "<b>" } else { "</b>" }
            }
            '`' => {
                code = !code;
                if code { "<tt>" } else { "</tt>" }
            }
            _ => {
                plain.push(c);
                continue;
            }
        };
        markup.push_str(&escape(&std::mem::take(&mut plain)));
        markup.push_str(tag);
    }
    markup.push_str(&escape(&plain));
    if code {
        markup.push_str("</tt>");
    }
    if bold {
        markup.push_str("</b>");
    }
    markup
}

/// The rulings `numbers` in Pango markup, one a paragraph.
pub fn rulings_markup(numbers: &[u32]) -> Vec<String> {
    rulings_markup_of(RULINGS, numbers)
}

/// The rulings `numbers` of a rulings document in Pango markup, one a paragraph.
pub(crate) fn rulings_markup_of(document: &str, numbers: &[u32]) -> Vec<String> {
    let all = rulings_in(document);
    numbers
        .iter()
        .filter_map(|n| all.iter().find(|r| r.number == *n))
        .map(ruling_markup)
        .collect()
}

pub(crate) fn escape(text: &str) -> String {
    relm4::gtk::glib::markup_escape_text(text).to_string()
}

/// The rules of `variant` on `board`, line by line.
pub fn lines(board: Arc<Board>, variant: &Variant) -> Vec<Line> {
    let ruleset = variant.ruleset;
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
        if let Some(numbers) = rulings_of(ruleset, &section.title) {
            lines.push(Line::Note(format!(
                "<a href=\"{}\">{}</a>",
                escape(&numbers_link(numbers)),
                escape(&fill(
                    &gettext("How Castellan reads these rules: rulings {numbers}"),
                    &[("numbers", &numbers_text(numbers))],
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

/// The rules window's state: the lines shown, and the rulings opened from them.
pub struct RulesHelp {
    window: adw::Window,
    lines: Vec<Line>,
    /// Where the lines go; rebuilt when other rules are shown.
    page: gtk::Box,
    /// The rulings a link opened, shown in place of the rules until Back.
    rulings: Vec<u32>,
    rulings_page: gtk::Box,
}

#[derive(Debug)]
pub enum RulesHelpInput {
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

                adw::HeaderBar {
                    pack_start = &gtk::Button {
                        set_widget_name: "back-to-rules",
                        set_icon_name: "go-previous-symbolic",
                        set_tooltip_text: Some(&gettext("Back to the Rules")),
                        #[watch]
                        set_visible: !model.rulings.is_empty(),
                        connect_clicked => RulesHelpInput::Back,
                    },
                },

                gtk::Stack {
                    #[watch]
                    set_visible_child_name: if model.rulings.is_empty() { "rules" } else { "rulings" },

                    add_named[Some("rules")] = &gtk::ScrolledWindow {
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
                    add_named[Some("rulings")] = &gtk::ScrolledWindow {
                        set_vexpand: true,
                        set_hscrollbar_policy: gtk::PolicyType::Never,

                        adw::Clamp {
                            set_maximum_size: 720,

                            #[local_ref]
                            rulings_page -> gtk::Box {
                                set_widget_name: "rulings",
                                set_orientation: gtk::Orientation::Vertical,
                                set_spacing: 12,
                                set_margin_all: 18,
                            },
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
            rulings: Vec::new(),
            rulings_page: gtk::Box::new(gtk::Orientation::Vertical, 0),
        };
        let page = &model.page.clone();
        let rulings_page = &model.rulings_page.clone();
        let widgets = view_output!();
        ComponentParts { model, widgets }
    }

    fn update(&mut self, message: RulesHelpInput, sender: ComponentSender<Self>) {
        match message {
            RulesHelpInput::Show { board, variant } => {
                let lines = lines(board, &variant);
                if lines != self.lines {
                    self.lines = lines;
                    self.rebuild(&sender);
                }
                self.rulings.clear();
                self.window.present();
            }
            RulesHelpInput::ShowRulings(numbers) => {
                self.show_rulings(&numbers);
                self.rulings = numbers;
            }
            RulesHelpInput::Back => self.rulings.clear(),
        }
    }
}

impl RulesHelp {
    /// A label per line: read-only text that only changes with the rules shown. A
    /// link to rulings opens them here.
    fn rebuild(&self, sender: &ComponentSender<Self>) {
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
            let label = text_label(markup, top);
            if let Some(class) = class {
                label.add_css_class(class);
            }
            let sender = sender.clone();
            label.connect_activate_link(move |_, uri| match linked_numbers(uri) {
                Some(numbers) => {
                    sender.input(RulesHelpInput::ShowRulings(numbers));
                    glib::Propagation::Stop
                }
                None => glib::Propagation::Proceed,
            });
            self.page.append(&label);
        }
    }

    /// Shows the rulings `numbers`, as `docs/rulings.md` words them.
    fn show_rulings(&self, numbers: &[u32]) {
        show_rulings_on(
            &self.rulings_page,
            &gettext(
                "Where the rule texts disagree or are silent, Castellan follows these rulings (docs/rulings.md, in English).",
            ),
            &rulings_markup(numbers),
        );
    }
}

/// Fills `page` with rulings (in Pango markup) under the rulings' title and `note`,
/// which says where they come from: the rules windows of every game show them so.
pub(crate) fn show_rulings_on(page: &gtk::Box, note: &str, rulings: &[String]) {
    while let Some(child) = page.first_child() {
        page.remove(&child);
    }
    let title = text_label(&escape(&gettext("How Castellan Reads the Rules")), 0);
    title.add_css_class("title-2");
    page.append(&title);
    let note = text_label(&escape(note), 0);
    note.add_css_class("dim-label");
    page.append(&note);
    for ruling in rulings {
        page.append(&text_label(ruling, 0));
    }
}

/// A label of wrapped read-only text in Pango markup.
pub(crate) fn text_label(markup: &str, top: i32) -> gtk::Label {
    gtk::Label::builder()
        .use_markup(true)
        .label(markup)
        .wrap(true)
        .wrap_mode(gtk::pango::WrapMode::WordChar)
        .xalign(0.0)
        .margin_top(top)
        .build()
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

    #[test]
    fn classic_rules_link_classic_rulings_inside_the_window() {
        let classic = library::load_board(&library::shipped_folder("boards").join("classic.toml"))
            .unwrap()
            .board;
        let shown = text(&lines(classic, &Variant::classic()));
        let links = shown.matches("How Castellan reads these rules").count();
        assert_eq!(links, 6, "a part of the classic sheet was renamed: {shown}");
        assert!(shown.contains("rulings 27–28"), "{shown}");
        assert!(shown.contains("href=\"ruling:27-28\""), "{shown}");
        // Castle Risk's turn (6–8) is no classic ruling; no link leaves the window.
        assert!(!shown.contains("rulings 6–8"), "{shown}");
        assert!(!shown.contains("https:"), "{shown}");
        // The neutral as the rules text reads it, when the option says so.
        let board = library::load_board(&library::shipped_folder("boards").join("classic.toml"))
            .unwrap()
            .board;
        let mut one = Variant::classic();
        one.classic.neutral_in_one_territory = true;
        let shown = text(&lines(board, &one));
        assert!(shown.contains("holds one territory"), "{shown}");
        assert!(shown.contains("Neutral in One Territory: <b>"), "{shown}");
    }

    #[test]
    fn links_name_the_rulings_and_nothing_else() {
        assert_eq!(linked_numbers("ruling:6-8,21-21"), Some(vec![6, 7, 8, 21]));
        assert_eq!(linked_numbers("ruling:27-28"), Some(vec![27, 28]));
        assert_eq!(linked_numbers("ruling:8-6"), None);
        assert_eq!(linked_numbers("ruling:1-4000000000"), None);
        assert_eq!(linked_numbers("ruling:x"), None);
        assert_eq!(linked_numbers("https://example.org/"), None);
    }

    #[test]
    fn every_ruling_of_the_document_is_read_with_its_words_and_no_tests() {
        let all = rulings();
        let numbers: Vec<u32> = all.iter().map(|r| r.number).collect();
        assert_eq!(numbers, (1..=numbers.len() as u32).collect::<Vec<_>>());
        assert!(all.len() >= 41, "{} rulings", all.len());
        assert!(
            all.iter()
                .all(|r| !r.text.contains("Tests:") && !r.text.is_empty())
        );
        // Ruling 4 over its two lines, as the hidden-armies tip says it.
        let four = &all[3].text;
        assert!(
            four.contains("own or not") && four.contains("default on"),
            "{four}"
        );
        let markup = rulings_markup(&[27]);
        assert!(
            markup[0].starts_with("<b>27.</b> <b>The neutral army.</b>"),
            "{}",
            markup[0]
        );
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
        // A link to rulings opens them in the window itself, and Back returns.
        let link = {
            let mut child = help.model().page.first_child();
            let mut found = None;
            while let Some(widget) = child {
                let label = widget.clone().downcast::<gtk::Label>().unwrap();
                if label.label().contains("href=\"ruling:") {
                    found = Some(label);
                    break;
                }
                child = widget.next_sibling();
            }
            found.expect("a link to rulings")
        };
        let uri = "ruling:15-16";
        let handled: bool = link.emit_by_name("activate-link", &[&uri]);
        assert!(handled, "the window opens the link itself");
        settle();
        let rulings = help.model().rulings_page.clone();
        let mut shown = Vec::new();
        let mut child = rulings.first_child();
        while let Some(widget) = child {
            shown.push(
                widget
                    .clone()
                    .downcast::<gtk::Label>()
                    .unwrap()
                    .text()
                    .to_string(),
            );
            child = widget.next_sibling();
        }
        assert!(shown.iter().any(|t| t.starts_with("15. ")), "{shown:?}");
        assert!(shown.iter().any(|t| t.starts_with("16. ")), "{shown:?}");
        help.emit(RulesHelpInput::Back);
        settle();
        assert!(help.model().rulings.is_empty());
        help.widget().close();
    }
}
