//! The charts' theme from the desktop's style: dark charts on a dark desktop, drawn
//! again when it changes. The charts themselves (`crate::charts`) know nothing of GTK.

use std::cell::RefCell;

use adw::prelude::*;
use relm4::gtk;

use crate::charts::Theme;

/// The theme the desktop's style asks for now.
pub fn desktop_chart_theme() -> Theme {
    if adw::StyleManager::default().is_dark() {
        Theme::Dark
    } else {
        Theme::Light
    }
}

/// Redraws `charts` whenever the desktop turns light or dark, for as long as `window`
/// lives.
pub fn follow_the_desktop_style(window: &adw::Window, charts: &[gtk::DrawingArea]) {
    let charts = charts.to_vec();
    let handler = adw::StyleManager::default().connect_dark_notify(move |_| {
        for chart in &charts {
            chart.queue_draw();
        }
    });
    let handler = RefCell::new(Some(handler));
    window.connect_destroy(move |_| {
        if let Some(handler) = handler.take() {
            adw::StyleManager::default().disconnect(handler);
        }
    });
}
