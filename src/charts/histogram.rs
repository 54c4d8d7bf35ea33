//! The histogram of game lengths: games by turns, as a share of all games so that two
//! runs of different sizes compare, with the share of games without a winner noted.

use gettextrs::gettext;

use super::bars::legend;
use super::labels::{Anchor, Labels, Rect};
use super::theme::Palette;
use super::{Figures, tick_step};
use crate::numbers::percent;
use crate::text::fill;

pub(super) fn lengths(
    cr: &cairo::Context,
    labels: &mut Labels<'_>,
    figures: Figures<'_>,
    area: Rect,
    size: f64,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let reports = figures.reports();
    let colours = [palette.first, palette.second];
    let lowest = reports
        .iter()
        .filter_map(|r| r.turns.first().map(|&(t, _)| t))
        .min();
    let highest = reports
        .iter()
        .filter_map(|r| r.turns.last().map(|&(t, _)| t))
        .max();
    let (Some(lowest), Some(highest)) = (lowest, highest) else {
        return Ok(());
    };
    let header = size * 1.8;
    let axis = size * 3.0;
    let widest_y = labels.measure(&percent(1.0, 0), size * 0.85).0 + size * 0.5;
    let x0 = area.x + widest_y;
    let x1 = area.x + area.width;
    let top = area.y + header;
    let bottom = (area.y + area.height - axis).max(top + 1.0);
    let plot_width = (x1 - x0).max(1.0);

    // Bins of whole turns, at least 4 pixels a bar.
    let span = u64::from(highest - lowest) + 1;
    let most_bins = ((plot_width / 4.0).floor() as u64).max(1);
    let width = span.div_ceil(most_bins).max(1);
    let bins = span.div_ceil(width) as usize;
    let shares: Vec<Vec<f64>> = reports
        .iter()
        .map(|report| {
            let mut counts = vec![0u64; bins];
            for &(turns, games) in &report.turns {
                counts[(u64::from(turns - lowest) / width) as usize] += games;
            }
            counts
                .iter()
                .map(|&c| c as f64 / report.games.max(1) as f64)
                .collect()
        })
        .collect();
    let top_share = shares.iter().flatten().copied().fold(0.0, f64::max);
    let max = (top_share * 1.1).clamp(0.01, 1.0);
    let y = |share: f64| bottom - (share / max).clamp(0.0, 1.0) * (bottom - top);
    let bin_width = plot_width / bins as f64;
    let x_of = |turns: f64| x0 + (turns - f64::from(lowest)) / width as f64 * bin_width;

    // Horizontal grid with the shares.
    let step = tick_step(
        max,
        (((bottom - top) / (size * 2.5)).floor() as usize).clamp(1, 6),
    );
    let mut value = 0.0;
    cr.set_line_width(1.0);
    while value <= max + 1e-9 {
        palette.grid.apply(cr);
        cr.move_to(x0, y(value).round() + 0.5);
        cr.line_to(x1, y(value).round() + 0.5);
        cr.stroke()?;
        labels.place(
            &percent(value, if step < 0.01 { 1 } else { 0 }),
            x0 - size * 0.3,
            y(value),
            Anchor::Right,
            size * 0.85,
            false,
            None,
            palette.muted,
        );
        value += step;
    }

    // The bars, side by side when two runs share a bin.
    for (run, run_shares) in shares.iter().enumerate() {
        colours[run].apply(cr);
        let slot = bin_width / reports.len() as f64;
        for (bin, &share) in run_shares.iter().enumerate() {
            if share <= 0.0 {
                continue;
            }
            let left = x0 + bin as f64 * bin_width + run as f64 * slot;
            let gap = if slot > 3.0 { 1.0 } else { 0.0 };
            cr.rectangle(left, y(share), slot - gap, bottom - y(share));
            cr.fill()?;
        }
    }

    // Turn numbers under the bars, as many as fit.
    let widest = labels.measure(&highest.to_string(), size * 0.85).0;
    let every = ((widest * 2.0 / bin_width).ceil() as u64).max(1) * width;
    let mut turns = u64::from(lowest).div_ceil(every) * every;
    while turns <= u64::from(highest) {
        let centre = x_of(turns as f64) + bin_width / (2.0 * width as f64);
        labels.place(
            &turns.to_string(),
            centre,
            bottom + size * 0.3,
            Anchor::Top,
            size * 0.85,
            false,
            None,
            palette.muted,
        );
        turns += every;
    }
    labels.place(
        &gettext("turns (share of all games)"),
        x0 + plot_width / 2.0,
        bottom + size * 1.6,
        Anchor::Top,
        size * 0.85,
        false,
        Some(area.width),
        palette.muted,
    );
    let note = reports
        .iter()
        .map(|r| percent(r.unfinished.rate, 1))
        .collect::<Vec<_>>()
        .join(" / ");
    labels.place(
        &fill(&gettext("without a winner: {share}"), &[("share", &note)]),
        x0,
        area.y,
        Anchor::TopLeft,
        size * 0.85,
        false,
        None,
        palette.text,
    );
    if reports.len() > 1 {
        legend(
            cr,
            labels,
            &[
                (gettext("first run"), Some(palette.first)),
                (gettext("second run"), Some(palette.second)),
            ],
            area,
            size,
            palette,
        )?;
    }
    Ok(())
}
