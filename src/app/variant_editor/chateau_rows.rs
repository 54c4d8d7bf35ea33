//! The variant editor's rows for a Château Noir variant: one row per option of
//! `chateau_rules::options` (a switch, or a switch and a number for the clock and the
//! round limit), each with its explanation and, when it differs from the reading,
//! the reading's value. The editor owns the variant; [`ChateauRows::show`] brings the
//! rows in line with it (their signals blocked meanwhile), and an edit is sent as
//! [`VariantEditorInput::ChateauEdited`].

use adw::prelude::*;
use castellan_chateau::variant::Variant as ChateauVariant;
use gettextrs::gettext;
use relm4::gtk::glib;

use super::VariantEditorInput;
use crate::chateau_rules::options::{OptionKind, OptionValue, options};
use crate::text::fill;

/// The rows, in the order of the options.
pub struct ChateauRows {
    pub group: adw::PreferencesGroup,
    rows: Vec<Row>,
}

/// One option's row and its controls, with the handlers to block while the editor
/// shows a value.
struct Row {
    row: adw::ActionRow,
    switch: gtk::Switch,
    switch_handler: glib::SignalHandlerId,
    number: Option<(gtk::SpinButton, glib::SignalHandlerId)>,
}

/// The value the controls of option `index` show.
fn value_of(index: usize, switch: &gtk::Switch, number: Option<&gtk::SpinButton>) -> OptionValue {
    match options()[index].kind {
        OptionKind::Switch => OptionValue::Switch(switch.is_active()),
        OptionKind::OptionalNumber { .. } => OptionValue::OptionalNumber(
            switch
                .is_active()
                .then(|| number.map_or(1, |spin| spin.value_as_int().max(1) as u32)),
        ),
    }
}

impl ChateauRows {
    /// Builds the rows; edits go to `sender`.
    pub fn new(sender: &relm4::Sender<VariantEditorInput>) -> Self {
        let group = adw::PreferencesGroup::builder()
            .title(gettext("Château Noir"))
            .description(gettext(
                "The options of Castellan’s reading of the booklet; each one says how it reads it.",
            ))
            .build();
        group.set_widget_name("chateau-options");
        let mut rows = Vec::new();
        for (index, option) in options().iter().enumerate() {
            let row = adw::ActionRow::builder().title(option.title()).build();
            row.set_widget_name(&format!("{}:row", option.key));
            let switch = gtk::Switch::builder().valign(gtk::Align::Center).build();
            switch.set_widget_name(&format!("{}:control", option.key));
            let number = match option.kind {
                OptionKind::Switch => None,
                OptionKind::OptionalNumber { min, max } => {
                    let spin = gtk::SpinButton::with_range(f64::from(min), f64::from(max), 1.0);
                    spin.set_valign(gtk::Align::Center);
                    spin.set_widget_name(&format!("{}:number", option.key));
                    row.add_suffix(&spin);
                    Some(spin)
                }
            };
            row.add_suffix(&switch);
            row.set_activatable_widget(Some(&switch));
            let switch_handler = {
                let sender = sender.clone();
                let number = number.clone();
                switch.connect_active_notify(move |switch| {
                    let value = value_of(index, switch, number.as_ref());
                    sender.emit(VariantEditorInput::ChateauEdited(index, value));
                })
            };
            let number = number.map(|spin| {
                let sender = sender.clone();
                let switch = switch.clone();
                let handler = spin.connect_value_changed(move |spin| {
                    let value = value_of(index, &switch, Some(spin));
                    sender.emit(VariantEditorInput::ChateauEdited(index, value));
                });
                (spin, handler)
            });
            group.add(&row);
            rows.push(Row {
                row,
                switch,
                switch_handler,
                number,
            });
        }
        Self { group, rows }
    }

    /// Shows `variant`'s values (or hides the rows when there is none: the rules are
    /// for a Risk game).
    pub fn show(&self, variant: Option<&ChateauVariant>, editable: bool) {
        self.group.set_visible(variant.is_some());
        let Some(variant) = variant else { return };
        for (option, row) in options().iter().zip(&self.rows) {
            let value = option.get(variant);
            row.switch.block_signal(&row.switch_handler);
            if let Some((spin, handler)) = &row.number {
                spin.block_signal(handler);
            }
            match value {
                OptionValue::Switch(on) => row.switch.set_active(on),
                OptionValue::OptionalNumber(number) => {
                    row.switch.set_active(number.is_some());
                    if let Some((spin, _)) = &row.number {
                        if let Some(number) = number {
                            spin.set_value(f64::from(number));
                        }
                        spin.set_sensitive(editable && number.is_some());
                    }
                }
            }
            row.switch.unblock_signal(&row.switch_handler);
            if let Some((spin, handler)) = &row.number {
                spin.unblock_signal(handler);
            }
            row.switch.set_sensitive(editable);
            let subtitle = if option.differs(variant) {
                fill(
                    &gettext("{explanation} As read: {value}."),
                    &[
                        ("explanation", &option.explanation()),
                        ("value", &option.as_read()),
                    ],
                )
            } else {
                option.explanation()
            };
            row.row.set_subtitle(&glib::markup_escape_text(&subtitle));
        }
    }
}
