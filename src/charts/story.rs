//! The story of a game in charts: every seat's territories, armies and cards over the
//! turns (lines in the seats' map colours), the battles each fought and won, and its
//! losses and kills against what the exact odds expected (bars).

use castellan_engine::story::Chronicle;
use gettextrs::gettext;

use super::bars::{self, Bar, Row, Spec};
use super::framed;
use super::labels::Rect;
use super::lines::{self, Lines, Series};
use super::theme::{Colour, Theme};
use crate::numbers::decimal;
use crate::text::fill;

/// One chart of the story.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StoryChart {
    Territories,
    Armies,
    Cards,
    Battles,
    Luck,
}

impl StoryChart {
    pub const ALL: [StoryChart; 5] = [
        StoryChart::Territories,
        StoryChart::Armies,
        StoryChart::Cards,
        StoryChart::Battles,
        StoryChart::Luck,
    ];

    pub fn title(self) -> String {
        match self {
            StoryChart::Territories => gettext("Territories held"),
            StoryChart::Armies => gettext("Armies on the board"),
            StoryChart::Cards => gettext("Cards in hand"),
            StoryChart::Battles => gettext("Battles fought and won"),
            StoryChart::Luck => gettext("Armies lost and killed, against the odds"),
        }
    }
}

/// A game's story and how its seats are shown: names and map colours (the palette's
/// seat index), both indexed by seat.
#[derive(Copy, Clone, Debug)]
pub struct StoryFigures<'a> {
    pub chronicle: &'a Chronicle,
    pub names: &'a [String],
    pub colours: &'a [u8],
}

impl StoryFigures<'_> {
    fn name(&self, seat: usize) -> String {
        self.names
            .get(seat)
            .cloned()
            .unwrap_or_else(|| fill(&gettext("Player {position}"), &[("position", &(seat + 1))]))
    }

    /// The seat's colour on the map, in the charts' light or dark style.
    fn colour(&self, seat: usize, theme: Theme) -> Colour {
        let index = self.colours.get(seat).copied().unwrap_or(seat as u8);
        let map = crate::map::palette::Palette::new(theme == Theme::Dark, false).seat(index);
        Colour(map.r, map.g, map.b)
    }

    /// Where each point of the chronicle goes along the turns: the turn it began, and
    /// the end just after the last turn.
    fn turns(&self) -> Vec<f64> {
        let points = &self.chronicle.points;
        points
            .iter()
            .enumerate()
            .map(|(i, point)| {
                let at_end = i + 1 == points.len() && i > 0;
                let turn = f64::from(point.turn);
                if at_end && points[i - 1].turn == point.turn {
                    turn + 1.0
                } else {
                    turn
                }
            })
            .collect()
    }

    fn lines(&self, theme: Theme, value: fn(&castellan_engine::story::SeatPoint) -> u32) -> Lines {
        Lines {
            xs: self.turns(),
            caption: gettext("turn"),
            series: (0..self.chronicle.seats)
                .map(|seat| Series {
                    name: self.name(seat),
                    colour: self.colour(seat, theme),
                    values: self
                        .chronicle
                        .points
                        .iter()
                        .map(|p| p.seats.get(seat).map_or(f64::NAN, |s| f64::from(value(s))))
                        .collect(),
                })
                .collect(),
        }
    }
}

/// Draws `chart` of `figures` on `cr` in the rectangle from the origin to `width` ×
/// `height`; returns the box of every label drawn.
pub fn draw(
    cr: &cairo::Context,
    chart: StoryChart,
    figures: StoryFigures<'_>,
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
            StoryChart::Territories => {
                let lines = figures.lines(theme, |s| s.territories);
                lines::draw(cr, labels, &lines, area, size, palette)
            }
            StoryChart::Armies => {
                let lines = figures.lines(theme, |s| s.armies);
                lines::draw(cr, labels, &lines, area, size, palette)
            }
            StoryChart::Cards => {
                let lines = figures.lines(theme, |s| s.cards);
                lines::draw(cr, labels, &lines, area, size, palette)
            }
            StoryChart::Battles => {
                let spec = battles(figures, palette);
                bars::draw(cr, labels, &spec, area, size, palette)
            }
            StoryChart::Luck => {
                let spec = luck(figures, palette);
                bars::draw(cr, labels, &spec, area, size, palette)
            }
        },
    )
}

/// "7 of 12": won of fought.
fn of(part: u32, whole: u32) -> String {
    fill(
        &gettext("{part} of {whole}"),
        &[("part", &part), ("whole", &whole)],
    )
}

fn battles(figures: StoryFigures<'_>, palette: &super::Palette) -> Spec {
    let won = palette.above;
    let lost = palette.neutral;
    let rows = figures
        .chronicle
        .battles
        .iter()
        .enumerate()
        .map(|(seat, b)| Row {
            label: figures.name(seat),
            bars: vec![
                Bar {
                    segments: vec![
                        (f64::from(b.captures), won),
                        (f64::from(b.attacks.saturating_sub(b.captures)), lost),
                    ],
                    interval: None,
                    text: of(b.captures, b.attacks),
                    sublabel: Some(gettext("attacks")),
                },
                Bar {
                    segments: vec![
                        (f64::from(b.held), won),
                        (f64::from(b.defences.saturating_sub(b.held)), lost),
                    ],
                    interval: None,
                    text: of(b.held, b.defences),
                    sublabel: Some(gettext("defences")),
                },
            ],
        })
        .collect();
    Spec {
        rows,
        percent: false,
        fair: None,
        caption: gettext("battles"),
        legend: vec![
            (gettext("won or held"), Some(won)),
            (gettext("lost"), Some(lost)),
        ],
    }
}

fn luck(figures: StoryFigures<'_>, palette: &super::Palette) -> Spec {
    let rows = figures
        .chronicle
        .luck
        .iter()
        .enumerate()
        .map(|(seat, luck)| {
            // The bar is what happened, the mark across it what the odds expected.
            let bar = |actual: u64, expected: f64, colour: Colour, word: String| Bar {
                segments: vec![(actual as f64, colour)],
                interval: Some((expected, expected)),
                text: fill(
                    &gettext("{actual} ({expected})"),
                    &[("actual", &actual), ("expected", &decimal(expected, 1))],
                ),
                sublabel: Some(word),
            };
            Row {
                label: figures.name(seat),
                bars: vec![
                    bar(
                        luck.losses,
                        luck.expected_losses_armies(),
                        palette.below,
                        gettext("lost"),
                    ),
                    bar(
                        luck.kills,
                        luck.expected_kills_armies(),
                        palette.above,
                        gettext("killed"),
                    ),
                ],
            }
        })
        .collect();
    Spec {
        rows,
        percent: false,
        fair: None,
        caption: gettext("armies (expected from the exact odds)"),
        legend: vec![(gettext("expected from the exact odds"), Some(palette.ink))],
    }
}
