//! Line charts: one or more series over a shared horizontal axis (a game's turns),
//! each in its own colour and dash so that lines of the same colour stay apart, with
//! round whole ticks on both axes (what they count is counted whole) and a legend.
//! Labels go through `labels`, so none overlap.

use super::bars::legend;
use super::labels::{Anchor, Labels, Rect};
use super::theme::{Colour, Palette};
use super::tick_step;
use crate::numbers::decimal;

/// One line: a name for the legend, a colour, and a value at each point of the axis.
#[derive(Clone, Debug)]
pub struct Series {
    pub name: String,
    pub colour: Colour,
    pub values: Vec<f64>,
}

/// What a line chart shows: the positions of its points along the axis (increasing),
/// what the axis counts, and the series (each as long as `xs`).
#[derive(Clone, Debug)]
pub struct Lines {
    pub xs: Vec<f64>,
    pub caption: String,
    pub series: Vec<Series>,
}

/// Dashes that tell apart series whose colours are alike (more seats than colours).
const DASHES: [&[f64]; 3] = [&[], &[6.0, 3.0], &[2.0, 2.5]];

/// A tick step for things counted whole (turns, pieces, points): at least 1, and 5
/// rather than 2.5.
pub(super) fn whole(step: f64) -> f64 {
    let step = step.max(1.0);
    if step.fract().abs() > 1e-9 {
        step * 2.0
    } else {
        step
    }
}

/// Draws `lines` in `area`, the legend along its top.
pub(super) fn draw(
    cr: &cairo::Context,
    labels: &mut Labels<'_>,
    lines: &Lines,
    area: Rect,
    size: f64,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let entries: Vec<(String, Option<Colour>)> = lines
        .series
        .iter()
        .map(|s| (s.name.clone(), Some(s.colour)))
        .collect();
    legend(cr, labels, &entries, area, size, palette)?;
    let Some((&first, &last)) = lines.xs.first().zip(lines.xs.last()) else {
        return Ok(());
    };
    let x_span = (last - first).max(1.0);
    let values = || {
        lines
            .series
            .iter()
            .flat_map(|s| s.values.iter().copied())
            .filter(|v| v.is_finite())
    };
    let top_value = values().fold(0.0, f64::max);
    // Values below zero (a score in debt) take the axis down with them.
    let bottom_value = values().fold(0.0, f64::min);
    let max = (top_value * 1.05).max(1.0);
    let min = bottom_value * 1.05;
    let span = max - min;
    let tick = size * 0.85;
    let value_width = labels
        .measure(&decimal(max, 0), tick)
        .0
        .max(labels.measure(&decimal(min, 0), tick).0)
        + size * 0.6;
    let plot = Rect {
        x: area.x + value_width,
        y: area.y + size * 1.8,
        width: (area.width - value_width - size * 0.5).max(1.0),
        height: (area.height - size * 1.8 - size * 3.0).max(1.0),
    };
    let x = |value: f64| plot.x + ((value - first) / x_span).clamp(0.0, 1.0) * plot.width;
    let y = |value: f64| plot.y + plot.height * (1.0 - ((value - min) / span).clamp(0.0, 1.0));

    // Horizontal grid lines with their values, then the turns along the bottom.
    cr.set_line_width(1.0);
    let rows = ((plot.height / (tick * 2.5)).floor() as usize).clamp(1, 6);
    let step = whole(tick_step(span, rows));
    let lowest = (min / step).ceil();
    let mut row = 0.0;
    // Counted in steps from the lowest, so that the line at zero is zero, not −0.
    while (lowest + row) * step <= max + 1e-9 {
        let value = (lowest + row) * step + 0.0;
        row += 1.0;
        palette.grid.apply(cr);
        cr.move_to(plot.x, y(value).round() + 0.5);
        cr.line_to(plot.x + plot.width, y(value).round() + 0.5);
        cr.stroke()?;
        labels.place(
            &decimal(value, 0),
            plot.x - size * 0.3,
            y(value),
            Anchor::Right,
            tick,
            false,
            None,
            palette.muted,
        );
    }
    let widest = labels.measure(&decimal(last, 0), tick).0;
    let columns = ((plot.width / (widest * 2.5 + 1.0)).floor() as usize).clamp(1, 10);
    let step = whole(tick_step(x_span, columns));
    let mut value = (first / step).ceil() * step;
    while value <= last + 1e-9 {
        labels.place(
            &decimal(value, 0),
            x(value),
            plot.y + plot.height + size * 0.3,
            Anchor::Top,
            tick,
            false,
            None,
            palette.muted,
        );
        value += step;
    }
    labels.place(
        &lines.caption,
        plot.x + plot.width / 2.0,
        plot.y + plot.height + size * 1.6,
        Anchor::Top,
        tick,
        false,
        Some(area.width),
        palette.muted,
    );

    // The lines, thick enough to follow at any size.
    cr.set_line_width((size * 0.18).clamp(1.2, 3.0));
    cr.set_line_join(cairo::LineJoin::Round);
    for (i, series) in lines.series.iter().enumerate() {
        series.colour.apply(cr);
        cr.set_dash(DASHES[(i / 6) % DASHES.len()], 0.0);
        let mut points = lines
            .xs
            .iter()
            .zip(&series.values)
            .filter(|(_, v)| v.is_finite());
        if let Some((&px, &pv)) = points.next() {
            cr.move_to(x(px), y(pv));
            for (&px, &pv) in points {
                cr.line_to(x(px), y(pv));
            }
            cr.stroke()?;
        }
    }
    cr.set_dash(&[], 0.0);
    Ok(())
}
