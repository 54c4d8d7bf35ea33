//! The charts' theme from the desktop's style: dark charts on a dark desktop. The
//! charts themselves (`crate::charts`) know nothing of GTK.

use crate::charts::Theme;

/// The theme the desktop's style asks for now.
pub fn desktop_chart_theme() -> Theme {
    if adw::StyleManager::default().is_dark() {
        Theme::Dark
    } else {
        Theme::Light
    }
}
