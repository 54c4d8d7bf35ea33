//! One rule option's row in the variant editor: its title, explanation and the
//! rulebook's value, why its value makes no sense (if it does not), whether it differs
//! from the rulebook with a way back, and its control (a switch, a number, the board's
//! value or a number, or the reinforcement track). The row tells the editor each edit;
//! the editor owns the variant and keeps the rows in line with it.

use adw::prelude::*;
use gettextrs::gettext;
use relm4::factory::{DynamicIndex, FactoryComponent, FactorySender};
use relm4::gtk::{self, glib};

use crate::app::rows::Row;
use crate::text::fill;
use crate::variant_options::{OptionKind, OptionValue, VariantOption, options, track_text};

/// One option as its row shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct OptionShown {
    /// Which option: its place in `variant_options::options()`.
    pub index: usize,
    pub value: OptionValue,
    /// Why the value makes no sense, if it does not, as sentences.
    pub reasons: Vec<String>,
    /// The value is not the rulebook's.
    pub differs: bool,
    pub editable: bool,
    /// Counts the times values were put in from outside the rows (a file opened, a
    /// reset): a track being typed is shown again only then.
    pub filled: u64,
}

/// What a person did to an option.
#[derive(Debug)]
pub enum OptionEdit {
    Value(OptionValue),
    /// The track as typed, a list of numbers or not.
    Track(String),
}

#[derive(Debug)]
pub enum OptionRowOutput {
    Edited { index: usize, edit: OptionEdit },
    Reset(usize),
}

#[derive(Debug)]
pub enum OptionRowInput {
    Switch(bool),
    Number(u32),
    /// Whether the board's value is used rather than a number.
    BoardValue(bool),
    Track(String),
    Reset,
}

/// The row's state: what it shows, the number its spin button keeps while the
/// board's value is used, and whether the track's text is to be shown again.
#[derive(Debug)]
pub struct OptionRow {
    data: OptionShown,
    number: u32,
    refill: bool,
}

impl OptionRow {
    fn option(&self) -> &'static VariantOption {
        &options()[self.data.index]
    }

    fn is(&self, kind: fn(&OptionKind) -> bool) -> bool {
        kind(&self.option().kind)
    }

    /// The widget name of the control, for the kind of control this option has.
    fn control_name(&self, kind: fn(&OptionKind) -> bool) -> String {
        if self.is(kind) {
            format!("{}:control", self.option().path)
        } else {
            String::new()
        }
    }

    fn range(&self) -> (f64, f64) {
        match self.option().kind {
            OptionKind::Number { min, max } | OptionKind::BoardNumber { min, max } => {
                (f64::from(min), f64::from(max))
            }
            _ => (0.0, 0.0),
        }
    }

    /// The explanation, the rulebook's value, and what is wrong, as Pango markup.
    fn subtitle(&self) -> String {
        let option = self.option();
        let rulebook = fill(
            &gettext("Rulebook: {value}"),
            &[("value", &option.rulebook_value().describe())],
        );
        let mut subtitle = format!(
            "{}\n{}",
            glib::markup_escape_text(&option.explanation()),
            glib::markup_escape_text(&rulebook)
        );
        for reason in &self.data.reasons {
            subtitle.push_str(&format!("\n<b>{}</b>", glib::markup_escape_text(reason)));
        }
        subtitle
    }

    fn switch(&self) -> bool {
        matches!(self.data.value, OptionValue::Switch(true))
    }

    fn board_value(&self) -> bool {
        matches!(self.data.value, OptionValue::BoardNumber(None))
    }

    fn track(&self) -> String {
        match &self.data.value {
            OptionValue::Track(numbers) => track_text(numbers),
            _ => String::new(),
        }
    }

    /// The number shown: the option's, or the one kept while the board's is used.
    fn shown_number(&self) -> u32 {
        match self.data.value {
            OptionValue::Number(n) | OptionValue::BoardNumber(Some(n)) => n,
            _ => self.number,
        }
    }
}

#[relm4::factory(pub)]
impl FactoryComponent for OptionRow {
    type Init = OptionShown;
    type Input = OptionRowInput;
    type Output = OptionRowOutput;
    type CommandOutput = ();
    type ParentWidget = adw::PreferencesGroup;

    view! {
        adw::ActionRow {
            set_title: &self.option().title(),
            set_subtitle_lines: 0,
            // Names let tests (and accessibility tools' users) find each option's widgets.
            set_widget_name: self.option().path,
            set_activatable_widget: if self.is(|k| matches!(k, OptionKind::Switch)) { Some(&switch) } else { None },
            #[watch]
            set_subtitle: &self.subtitle(),

            add_prefix = &gtk::Image {
                set_icon_name: Some("dialog-warning-symbolic"),
                add_css_class: "error",
                set_widget_name: &format!("{}:warning", self.option().path),
                #[watch]
                set_visible: !self.data.reasons.is_empty(),
            },
            add_suffix = &gtk::Label {
                set_label: &gettext("Changed"),
                add_css_class: "caption-heading",
                add_css_class: "accent",
                set_valign: gtk::Align::Center,
                set_widget_name: &format!("{}:changed", self.option().path),
                #[watch]
                set_visible: self.data.differs,
            },
            add_suffix = &gtk::Button {
                set_icon_name: "edit-undo-symbolic",
                set_valign: gtk::Align::Center,
                add_css_class: "flat",
                set_tooltip_text: Some(&gettext("Back to the rulebook’s value")),
                set_widget_name: &format!("{}:reset", self.option().path),
                #[watch]
                set_visible: self.data.differs && self.data.editable,
                connect_clicked => OptionRowInput::Reset,
            },
            #[name = "switch"]
            add_suffix = &gtk::Switch {
                set_valign: gtk::Align::Center,
                set_visible: self.is(|k| matches!(k, OptionKind::Switch)),
                set_widget_name: &self.control_name(|k| matches!(k, OptionKind::Switch)),
                #[watch]
                set_sensitive: self.data.editable,
                #[watch]
                #[block_signal(switched)]
                set_active: self.switch(),
                connect_active_notify[sender] => move |switch| {
                    sender.input(OptionRowInput::Switch(switch.is_active()));
                } @switched,
            },
            add_suffix = &gtk::CheckButton {
                set_label: Some(&gettext("Board’s value")),
                set_valign: gtk::Align::Center,
                set_visible: self.is(|k| matches!(k, OptionKind::BoardNumber { .. })),
                set_widget_name: &if self.is(|k| matches!(k, OptionKind::BoardNumber { .. })) {
                    format!("{}:board", self.option().path)
                } else {
                    String::new()
                },
                #[watch]
                set_sensitive: self.data.editable,
                #[watch]
                #[block_signal(board_toggled)]
                set_active: self.board_value(),
                connect_toggled[sender] => move |check| {
                    sender.input(OptionRowInput::BoardValue(check.is_active()));
                } @board_toggled,
            },
            add_suffix = &gtk::SpinButton {
                set_valign: gtk::Align::Center,
                set_numeric: true,
                set_increments: (1.0, 1.0),
                set_range: (self.range().0, self.range().1),
                set_widget_name: &self.control_name(|k| {
                    matches!(k, OptionKind::Number { .. } | OptionKind::BoardNumber { .. })
                }),
                // The board's value is not known here: no number rather than a wrong one.
                #[watch]
                set_visible: self.is(|k| matches!(k, OptionKind::Number { .. }))
                    || (self.is(|k| matches!(k, OptionKind::BoardNumber { .. })) && !self.board_value()),
                #[watch]
                set_sensitive: self.data.editable,
                #[watch]
                #[block_signal(number_changed)]
                set_value: f64::from(self.shown_number()),
                connect_value_changed[sender] => move |spin| {
                    sender.input(OptionRowInput::Number(spin.value_as_int().max(0) as u32));
                } @number_changed,
            },
            add_suffix = &gtk::Entry {
                set_valign: gtk::Align::Center,
                set_width_chars: 28,
                set_visible: self.is(|k| matches!(k, OptionKind::Track)),
                set_widget_name: &self.control_name(|k| matches!(k, OptionKind::Track)),
                #[watch]
                set_editable: self.data.editable,
                #[track(self.refill)]
                #[block_signal(track_changed)]
                set_text: &self.track(),
                connect_changed[sender] => move |entry| {
                    sender.input(OptionRowInput::Track(entry.text().to_string()));
                } @track_changed,
            },
        }
    }

    fn init_model(data: OptionShown, _index: &DynamicIndex, _sender: FactorySender<Self>) -> Self {
        let number = match (&data.value, options()[data.index].kind) {
            (OptionValue::Number(n) | OptionValue::BoardNumber(Some(n)), _) => *n,
            (_, OptionKind::Number { min, .. } | OptionKind::BoardNumber { min, .. }) => min,
            _ => 0,
        };
        OptionRow {
            data,
            number,
            refill: true,
        }
    }

    fn update(&mut self, message: OptionRowInput, sender: FactorySender<Self>) {
        // What the person types stays as typed: the track is not set back.
        self.refill = false;
        let index = self.data.index;
        let edit = match message {
            OptionRowInput::Reset => {
                let _ = sender.output(OptionRowOutput::Reset(index));
                return;
            }
            OptionRowInput::Switch(on) => OptionEdit::Value(OptionValue::Switch(on)),
            OptionRowInput::Number(n) => {
                self.number = n;
                match self.option().kind {
                    OptionKind::BoardNumber { .. } => {
                        OptionEdit::Value(OptionValue::BoardNumber(Some(n)))
                    }
                    _ => OptionEdit::Value(OptionValue::Number(n)),
                }
            }
            OptionRowInput::BoardValue(board) => {
                OptionEdit::Value(OptionValue::BoardNumber((!board).then_some(self.number)))
            }
            OptionRowInput::Track(text) => OptionEdit::Track(text),
        };
        if !self.data.editable {
            return;
        }
        let _ = sender.output(OptionRowOutput::Edited { index, edit });
    }
}

impl Row for OptionRow {
    type Key = usize;

    fn key(data: &OptionShown) -> usize {
        data.index
    }

    fn data(&self) -> &OptionShown {
        &self.data
    }

    fn set_data(&mut self, data: OptionShown) {
        self.refill = data.filled != self.data.filled;
        if let OptionValue::Number(n) | OptionValue::BoardNumber(Some(n)) = data.value {
            self.number = n;
        }
        self.data = data;
    }
}
