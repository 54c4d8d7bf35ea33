//! The charts made of horizontal bars: win rates by empire and by position (with their
//! intervals and the fair share), army sources, and card use (stacked by position).

use castellan_engine::balance::{CardUse, Leaning, Share, Source};
use castellan_engine::game::Card;
use gettextrs::gettext;

use super::labels::{Anchor, Labels, Rect};
use super::theme::{Colour, Palette};
use super::{Figures, tick_decimals, tick_step};
use crate::numbers::{decimal, percent};
use crate::sheet::card_name;
use crate::text::{fill, translated};

/// One bar: a value, or segments stacked end to end, with an optional interval.
pub(super) struct Bar {
    pub segments: Vec<(f64, Colour)>,
    pub interval: Option<(f64, f64)>,
    /// The figure written after the bar.
    pub text: String,
    /// A word before the bar (what it measures), when rows hold several.
    pub sublabel: Option<String>,
}

impl Bar {
    fn value(&self) -> f64 {
        self.segments.iter().map(|(v, _)| v).sum()
    }
}

pub(super) struct Row {
    pub label: String,
    pub bars: Vec<Bar>,
}

pub(super) struct Spec {
    pub rows: Vec<Row>,
    /// Values are shares (the axis in percent) or plain numbers.
    pub percent: bool,
    pub fair: Option<f64>,
    pub caption: String,
    /// Legend entries, a swatch for those with a colour.
    pub legend: Vec<(String, Option<Colour>)>,
    /// Bars come in pairs (the two runs of a comparison) whose figures are written
    /// together, "13.3 / 13.6", beside the pair: room for one line, not two.
    pub paired: bool,
}

fn share_bar(share: Option<Share>, colour: Colour) -> Bar {
    match share {
        Some(s) if s.games > 0 => Bar {
            segments: vec![(s.rate, colour)],
            interval: Some(s.interval),
            text: percent(s.rate, 1),
            sublabel: None,
        },
        _ => Bar {
            segments: Vec::new(),
            interval: None,
            text: "—".to_owned(),
            sublabel: None,
        },
    }
}

fn leaning_colour(share: &Share, palette: &Palette) -> Colour {
    match share.leaning() {
        Leaning::Above => palette.above,
        Leaning::Below => palette.below,
        Leaning::Fair => palette.neutral,
    }
}

fn share_legend(figures: Figures<'_>, palette: &Palette) -> Vec<(String, Option<Colour>)> {
    match figures {
        Figures::One(_) => vec![
            (gettext("more than fair"), Some(palette.above)),
            (gettext("less"), Some(palette.below)),
            (gettext("within chance"), Some(palette.neutral)),
        ],
        Figures::Two(_) => run_legend(palette),
    }
}

fn run_legend(palette: &Palette) -> Vec<(String, Option<Colour>)> {
    vec![
        (gettext("first run"), Some(palette.first)),
        (gettext("second run"), Some(palette.second)),
    ]
}

fn fair_of(figures: Figures<'_>) -> Option<f64> {
    figures
        .reports()
        .first()
        .map(|r| 1.0 / r.seats.max(1) as f64)
}

pub(super) fn empires(
    cr: &cairo::Context,
    labels: &mut Labels<'_>,
    figures: Figures<'_>,
    area: Rect,
    size: f64,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let rows: Vec<Row> = match figures {
        Figures::One(report) => report
            .empires
            .iter()
            .map(|e| Row {
                label: translated(&e.name),
                bars: vec![share_bar(Some(e.share), leaning_colour(&e.share, palette))],
            })
            .collect(),
        Figures::Two(comparison) => comparison
            .empires
            .iter()
            .map(|line| Row {
                label: translated(&line.name),
                bars: vec![
                    share_bar(line.a, palette.first),
                    share_bar(line.b, palette.second),
                ],
            })
            .collect(),
    };
    if rows.is_empty() {
        labels.place(
            &gettext("No empire is drawn under these rules (or no game is won yet)."),
            area.x,
            area.y + size,
            Anchor::TopLeft,
            size,
            false,
            Some(area.width),
            palette.muted,
        );
        return Ok(());
    }
    let spec = Spec {
        rows,
        percent: true,
        fair: fair_of(figures),
        caption: gettext("share of the won games in which the empire was drawn"),
        legend: share_legend(figures, palette),
        paired: false,
    };
    draw(cr, labels, &spec, area, size, palette)
}

/// "Player 2": the seat in position `position` (from 0) of the order of play.
pub fn player(position: usize) -> String {
    fill(
        &gettext("Player {position}"),
        &[("position", &(position + 1))],
    )
}

pub(super) fn positions(
    cr: &cairo::Context,
    labels: &mut Labels<'_>,
    figures: Figures<'_>,
    area: Rect,
    size: f64,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let rows = match figures {
        Figures::One(report) => report
            .positions
            .iter()
            .enumerate()
            .map(|(p, share)| Row {
                label: player(p),
                bars: vec![share_bar(Some(*share), leaning_colour(share, palette))],
            })
            .collect(),
        Figures::Two(comparison) => comparison
            .positions
            .iter()
            .enumerate()
            .map(|(p, line)| Row {
                label: player(p),
                bars: vec![
                    share_bar(line.a, palette.first),
                    share_bar(line.b, palette.second),
                ],
            })
            .collect(),
    };
    let spec = Spec {
        rows,
        percent: true,
        fair: fair_of(figures),
        caption: gettext("share of the won games"),
        legend: share_legend(figures, palette),
        paired: false,
    };
    draw(cr, labels, &spec, area, size, palette)
}

/// The name of a source of armies.
pub fn source_name(source: &Source) -> String {
    match source {
        Source::Empire { name, .. } => translated(name),
        Source::Independents => gettext("Independent regions"),
        Source::Banners => gettext("Captured banners"),
        Source::Reinforcements => gettext("Reinforcement cards"),
        Source::Hidden => gettext("Hidden armies"),
    }
}

pub(super) fn sources(
    cr: &cairo::Context,
    labels: &mut Labels<'_>,
    figures: Figures<'_>,
    area: Rect,
    size: f64,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let reports = figures.reports();
    let colours = [palette.first, palette.second];
    // Every source of either run, the first run's order first.
    let mut all: Vec<&Source> = Vec::new();
    for report in &reports {
        for line in &report.sources {
            if !all.contains(&&line.source) {
                all.push(&line.source);
            }
        }
    }
    let rows = all
        .into_iter()
        .map(|source| Row {
            label: source_name(source),
            bars: reports
                .iter()
                .zip(colours)
                .map(
                    |(report, colour)| match report.sources.iter().find(|l| &l.source == source) {
                        Some(line) => Bar {
                            segments: vec![(line.per_game, colour)],
                            interval: None,
                            text: decimal(line.per_game, 1),
                            sublabel: None,
                        },
                        None => Bar {
                            segments: Vec::new(),
                            interval: None,
                            text: "—".to_owned(),
                            sublabel: None,
                        },
                    },
                )
                .collect(),
        })
        .collect();
    let spec = Spec {
        rows,
        percent: false,
        fair: None,
        caption: gettext("armies per game"),
        legend: if reports.len() > 1 {
            run_legend(palette)
        } else {
            Vec::new()
        },
        paired: reports.len() > 1,
    };
    draw(cr, labels, &spec, area, size, palette)
}

/// Picks one count out of a card's use.
type Measure = fn(&CardUse) -> u64;

pub(super) fn cards(
    cr: &cairo::Context,
    labels: &mut Labels<'_>,
    figures: Figures<'_>,
    area: Rect,
    size: f64,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let reports = figures.reports();
    let two = reports.len() > 1;
    let measures: [(String, Measure); 3] = [
        (gettext("played"), |u| u.played),
        (gettext("won"), |u| u.won),
        (gettext("lost"), |u| u.lost),
    ];
    let rows = Card::ALL
        .into_iter()
        .map(|card| {
            let mut bars = Vec::new();
            for (word, measure) in &measures {
                for (run, report) in reports.iter().enumerate() {
                    let per_game = |count: u64| count as f64 / report.games.max(1) as f64;
                    let by_position = &report.cards[card.index()];
                    let segments: Vec<(f64, Colour)> = if two {
                        let total: u64 = by_position.iter().map(measure).sum();
                        vec![(per_game(total), [palette.first, palette.second][run])]
                    } else {
                        by_position
                            .iter()
                            .enumerate()
                            .map(|(p, used)| (per_game(measure(used)), palette.positions[p % 6]))
                            .collect()
                    };
                    let total: f64 = segments.iter().map(|(v, _)| v).sum();
                    bars.push(Bar {
                        segments,
                        interval: None,
                        text: decimal(total, 2),
                        sublabel: (run == 0).then(|| word.clone()),
                    });
                }
            }
            Row {
                label: card_name(card),
                bars,
            }
        })
        .collect();
    let legend = if two {
        run_legend(palette)
    } else {
        let seats = reports.first().map_or(0, |r| r.seats);
        let mut legend = vec![(gettext("Order of play:"), None)];
        legend.extend((0..seats).map(|p| ((p + 1).to_string(), Some(palette.positions[p % 6]))));
        legend
    };
    let spec = Spec {
        rows,
        percent: false,
        fair: None,
        caption: gettext("cards per game"),
        legend,
        paired: two,
    };
    draw(cr, labels, &spec, area, size, palette)
}

/// Lays out and draws `spec` in `area`.
pub(super) fn draw(
    cr: &cairo::Context,
    labels: &mut Labels<'_>,
    spec: &Spec,
    area: Rect,
    size: f64,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    if spec.rows.is_empty() {
        return Ok(());
    }
    // Two lines above the plot: the legend, then the fair share's label.
    let header = if spec.fair.is_some() && !spec.legend.is_empty() {
        size * 3.2
    } else {
        size * 1.8
    };
    let axis = size * 3.0;
    let plot_top = area.y + header;
    let plot_bottom = (area.y + area.height - axis).max(plot_top + 1.0);
    let label_width = spec
        .rows
        .iter()
        .map(|r| labels.measure(&r.label, size).0)
        .fold(0.0, f64::max)
        .min(area.width * 0.3)
        + size * 0.5;
    let sublabel_width = spec
        .rows
        .iter()
        .flat_map(|r| r.bars.iter().filter_map(|b| b.sublabel.as_ref()))
        .map(|s| labels.measure(s, size * 0.85).0 + size * 0.5)
        .fold(0.0, f64::max)
        .min(area.width * 0.15);
    let value_width = spec
        .rows
        .iter()
        .flat_map(|r| {
            let texts: Vec<String> = if spec.paired {
                r.bars
                    .chunks(2)
                    .map(|pair| {
                        pair.iter()
                            .map(|b| b.text.as_str())
                            .collect::<Vec<_>>()
                            .join(" / ")
                    })
                    .collect()
            } else {
                r.bars.iter().map(|b| b.text.clone()).collect()
            };
            texts
        })
        .map(|text| labels.measure(&text, size * 0.9).0)
        .fold(0.0, f64::max)
        .min(area.width * 0.2)
        + size * 0.6;
    let x0 = area.x + label_width + sublabel_width;
    let x1 = (area.x + area.width - value_width).max(x0 + 1.0);
    let plot_width = x1 - x0;
    let top_value = spec
        .rows
        .iter()
        .flat_map(|r| r.bars.iter())
        .map(|b| {
            b.interval
                .map_or(b.value(), |(_, high)| high.max(b.value()))
        })
        .chain(spec.fair)
        .fold(0.0, f64::max);
    let max = if spec.percent {
        (top_value * 1.1).clamp(0.05, 1.0)
    } else if top_value > 0.0 {
        top_value * 1.1
    } else {
        // Nothing to show (rules without these sources): an axis from 0 to 1.
        1.0
    };
    let x = |value: f64| x0 + (value / max).clamp(0.0, 1.0) * plot_width;
    let tick_text = |value: f64, step: f64| {
        if spec.percent {
            percent(value, if step < 0.01 { 1 } else { 0 })
        } else {
            decimal(value, tick_decimals(step).max(usize::from(step < 1.0)))
        }
    };

    // The grid and the axis.
    let widest_tick = labels.measure(&tick_text(max, 0.001), size * 0.85).0;
    let ticks = ((plot_width / (widest_tick * 2.0 + 1.0)).floor() as usize).clamp(1, 8);
    let step = tick_step(max, ticks);
    cr.set_line_width(1.0);
    let mut value = 0.0;
    while value <= max + 1e-9 {
        palette.grid.apply(cr);
        cr.move_to(x(value).round() + 0.5, plot_top);
        cr.line_to(x(value).round() + 0.5, plot_bottom);
        cr.stroke()?;
        labels.place(
            &tick_text(value, step),
            x(value),
            plot_bottom + size * 0.3,
            Anchor::Top,
            size * 0.85,
            false,
            None,
            palette.muted,
        );
        value += step;
    }
    labels.place(
        &spec.caption,
        x0 + plot_width / 2.0,
        plot_bottom + size * 1.6,
        Anchor::Top,
        size * 0.85,
        false,
        Some(area.width),
        palette.muted,
    );

    // The fair share, its line first so that the bars' whiskers stay readable on it.
    if let Some(fair) = spec.fair {
        palette.ink.apply(cr);
        cr.set_dash(&[4.0, 3.0], 0.0);
        cr.move_to(x(fair), plot_top - size * 0.2);
        cr.line_to(x(fair), plot_bottom);
        cr.stroke()?;
        cr.set_dash(&[], 0.0);
        labels.place(
            &fill(
                &gettext("fair share {share}"),
                &[("share", &percent(fair, 0))],
            ),
            x(fair),
            plot_top - size * 1.5,
            Anchor::Top,
            size * 0.85,
            false,
            None,
            palette.text,
        );
    }
    legend(cr, labels, &spec.legend, area, size, palette)?;

    // The rows.
    let row_height = (plot_bottom - plot_top) / spec.rows.len() as f64;
    for (i, row) in spec.rows.iter().enumerate() {
        let top = plot_top + i as f64 * row_height;
        labels.place(
            &row.label,
            x0 - sublabel_width - size * 0.4,
            top + row_height / 2.0,
            Anchor::Right,
            size.min(row_height * 0.8),
            false,
            Some(label_width - size * 0.4),
            palette.text,
        );
        let band = row_height * 0.76 / row.bars.len().max(1) as f64;
        for (j, bar) in row.bars.iter().enumerate() {
            let bar_top = top + row_height * 0.12 + j as f64 * band;
            let thickness = (band * 0.86).max(0.5);
            let middle = bar_top + thickness / 2.0;
            let mut start = 0.0;
            for &(value, colour) in &bar.segments {
                colour.apply(cr);
                cr.rectangle(x(start), bar_top, x(start + value) - x(start), thickness);
                cr.fill()?;
                start += value;
            }
            if let Some((low, high)) = bar.interval {
                palette.ink.apply(cr);
                cr.set_line_width(1.5);
                let cap = (thickness * 0.35).min(size * 0.5);
                cr.move_to(x(low), middle);
                cr.line_to(x(high), middle);
                for end in [low, high] {
                    cr.move_to(x(end), middle - cap);
                    cr.line_to(x(end), middle + cap);
                }
                cr.stroke()?;
                cr.set_line_width(1.0);
            }
            if let Some(word) = &bar.sublabel {
                labels.place(
                    word,
                    x0 - size * 0.3,
                    middle,
                    Anchor::Right,
                    (size * 0.85).min(band * 0.85),
                    false,
                    Some(sublabel_width),
                    palette.muted,
                );
            }
            let (text, centre, room) = match (spec.paired, j % 2, row.bars.get(j + 1)) {
                (false, ..) => (bar.text.clone(), middle, band),
                (true, 0, Some(next)) => (
                    format!("{} / {}", bar.text, next.text),
                    middle + band / 2.0,
                    band * 2.0,
                ),
                (true, 0, None) => (bar.text.clone(), middle, band),
                // The second of a pair: written with the first.
                (true, ..) => continue,
            };
            labels.place(
                &text,
                x1 + size * 0.3,
                centre,
                Anchor::Left,
                (size * 0.9).min(room * 0.85),
                false,
                None,
                palette.text,
            );
        }
    }
    Ok(())
}

/// The legend along the top right of `area`, a swatch before each entry that has a
/// colour; entries that do not fit are left out.
pub(super) fn legend(
    cr: &cairo::Context,
    labels: &mut Labels<'_>,
    entries: &[(String, Option<Colour>)],
    area: Rect,
    size: f64,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let text = size * 0.85;
    let swatch = text * 0.9;
    let gap = size * 0.4;
    let widths: Vec<f64> = entries
        .iter()
        .map(|(t, c)| labels.measure(t, text).0 + if c.is_some() { swatch + gap } else { 0.0 })
        .collect();
    let total: f64 = widths.iter().sum::<f64>() + gap * 2.0 * entries.len() as f64;
    let mut left = area.x + area.width - total;
    let middle = area.y + size * 0.6;
    for ((label, colour), width) in entries.iter().zip(widths) {
        let text_x = if colour.is_some() {
            left + swatch + gap
        } else {
            left
        };
        let square = Rect {
            x: left,
            y: middle - swatch / 2.0,
            width: swatch,
            height: swatch,
        };
        // The swatch is kept clear first, so that an entry is drawn whole or not at all.
        let room = colour.is_none() || labels.reserve(square);
        if room
            && labels.place(
                label,
                text_x,
                middle,
                Anchor::Left,
                text,
                false,
                None,
                palette.muted,
            )
            && let Some(colour) = colour
        {
            colour.apply(cr);
            cr.rectangle(square.x, square.y, square.width, square.height);
            cr.fill()?;
        }
        left += width + gap * 2.0;
    }
    Ok(())
}
