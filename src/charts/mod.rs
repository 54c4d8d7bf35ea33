//! The charts, drawn with Cairo. The balance lab's: win rate by empire and by position in
//! the order of play (bars with their 95 % intervals and the fair share marked), game
//! length (a histogram), where armies come from, and the use of each card by
//! position; of one run, or two runs compared side by side. Light and dark; the same
//! code draws on screen, in PDF and in PNG (`page`).
//!
//! The story of a game (`story`) is told with the same bars and with line charts
//! (`lines`): territories, armies and cards over the turns, battles and luck; a
//! Château Noir match's (`chateau`) with scores over the turns and pieces taken.
//!
//! Every chart scales with its size, and its labels never overlap: each is placed only
//! where it fits (`labels`), so a small chart loses labels rather than mixes them.

mod bars;
pub mod chateau;
mod histogram;
mod labels;
mod lines;
pub mod page;
pub mod story;
mod theme;

use castellan_engine::balance::{Comparison, Report};
use gettextrs::gettext;

pub use labels::Rect;
pub use theme::{Colour, Palette, Theme};

use labels::{Anchor, Labels};

/// One chart of the lab.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Chart {
    Empires,
    Positions,
    Lengths,
    Sources,
    Cards,
}

impl Chart {
    pub const ALL: [Chart; 5] = [
        Chart::Empires,
        Chart::Positions,
        Chart::Lengths,
        Chart::Sources,
        Chart::Cards,
    ];

    /// The chart's title.
    pub fn title(self) -> String {
        match self {
            Chart::Empires => gettext("Wins by empire drawn"),
            Chart::Positions => gettext("Wins by position in the order of play"),
            Chart::Lengths => gettext("Game length in turns"),
            Chart::Sources => gettext("Where armies come from, per game"),
            Chart::Cards => gettext("Cards played, won and lost, per game"),
        }
    }
}

/// What the charts show: one run, or two compared.
#[derive(Copy, Clone, Debug)]
pub enum Figures<'a> {
    One(&'a Report),
    Two(&'a Comparison),
}

impl Figures<'_> {
    /// The runs, first then second.
    pub fn reports(&self) -> Vec<&Report> {
        match self {
            Figures::One(report) => vec![report],
            Figures::Two(comparison) => vec![&comparison.a, &comparison.b],
        }
    }
}

/// The text size of a chart `width` × `height` big, in pixels.
fn text_size(width: f64, height: f64) -> f64 {
    (width.min(height * 1.6) * 0.028).clamp(7.0, 14.0)
}

/// Draws `chart` of `figures` on `cr` in the rectangle from the origin to `width` ×
/// `height`; returns the box of every label drawn.
pub fn draw(
    cr: &cairo::Context,
    chart: Chart,
    figures: Figures<'_>,
    width: f64,
    height: f64,
    theme: Theme,
) -> Result<Vec<Rect>, cairo::Error> {
    framed(
        cr,
        &chart.title(),
        width,
        height,
        theme,
        |labels, area, size, palette| match chart {
            Chart::Empires => bars::empires(cr, labels, figures, area, size, palette),
            Chart::Positions => bars::positions(cr, labels, figures, area, size, palette),
            Chart::Sources => bars::sources(cr, labels, figures, area, size, palette),
            Chart::Cards => bars::cards(cr, labels, figures, area, size, palette),
            Chart::Lengths => histogram::lengths(cr, labels, figures, area, size, palette),
        },
    )
}

/// Draws a chart's ground and `title` over the rectangle from the origin to `width` ×
/// `height`, then its body (`body`) in the area left below the title; returns the box
/// of every label drawn.
fn framed(
    cr: &cairo::Context,
    title: &str,
    width: f64,
    height: f64,
    theme: Theme,
    body: impl FnOnce(&mut Labels<'_>, Rect, f64, &Palette) -> Result<(), cairo::Error>,
) -> Result<Vec<Rect>, cairo::Error> {
    let palette = theme.palette();
    cr.save()?;
    palette.ground.apply(cr);
    cr.rectangle(0.0, 0.0, width, height);
    cr.fill()?;
    let bounds = Rect {
        x: 0.0,
        y: 0.0,
        width,
        height,
    };
    let mut labels = Labels::new(cr, bounds);
    let size = text_size(width, height);
    let margin = (size * 0.8).round();
    labels.place(
        title,
        margin,
        margin,
        Anchor::TopLeft,
        size * 1.2,
        true,
        Some(width - 2.0 * margin),
        palette.text,
    );
    let top = margin + size * 1.2 * 1.4 + size * 0.4;
    let area = Rect {
        x: margin,
        y: top,
        width: (width - 2.0 * margin).max(1.0),
        height: (height - top - margin).max(1.0),
    };
    body(&mut labels, area, size, &palette)?;
    cr.restore()?;
    Ok(labels.into_placed())
}

/// Decimals enough to write every multiple of `step` as it is: none for 5, one for
/// 2.5 (else its ticks would read 2, 5, 8), two for 0.25.
fn tick_decimals(step: f64) -> usize {
    let mut decimals = 0;
    let mut scaled = step;
    while decimals < 3 && (scaled - scaled.round()).abs() > 1e-9 * scaled.abs().max(1.0) {
        decimals += 1;
        scaled *= 10.0;
    }
    decimals
}

/// A round step for about `count` ticks from 0 to `max`.
fn tick_step(max: f64, count: usize) -> f64 {
    if max <= 0.0 || count == 0 {
        return 1.0;
    }
    let raw = max / count as f64;
    let magnitude = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * magnitude)
        .find(|&step| step >= raw)
        .unwrap_or(10.0 * magnitude)
}

#[cfg(test)]
mod tests;
