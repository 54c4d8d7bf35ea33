//! A Château Noir match in charts: every side's score over the turns (lines in its
//! armies' colours, below zero in debt) and the pieces each army took, coloured by the
//! army they were taken from (bars). The figures are `crate::chateau_story`'s.

use castellan_chateau::board::ArmyId;
use gettextrs::{gettext, ngettext};

use super::bars::{self, Bar, Row, Spec};
use super::framed;
use super::labels::Rect;
use super::lines::{self, Lines, Series};
use super::theme::{Colour, Theme};
use crate::chateau_board::BoardPalette;
use crate::chateau_story::ChateauStory;
use crate::text::fill;

/// One chart of a Château Noir match.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ChateauChart {
    Scores,
    Captures,
}

impl ChateauChart {
    pub const ALL: [ChateauChart; 2] = [ChateauChart::Scores, ChateauChart::Captures];

    pub fn title(self) -> String {
        match self {
            ChateauChart::Scores => gettext("Scores over the turns"),
            ChateauChart::Captures => gettext("Pieces taken, by the army taken from"),
        }
    }
}

/// A match's figures and how its sides and armies are named (in the reader's
/// language): sides by side number, armies by their index on the board.
#[derive(Copy, Clone, Debug)]
pub struct ChateauFigures<'a> {
    pub story: &'a ChateauStory,
    pub side_names: &'a [String],
    pub army_names: &'a [String],
}

impl ChateauFigures<'_> {
    /// An army's colour as its pieces wear it on the board, light or dark.
    fn colour(&self, army: ArmyId, theme: Theme) -> Colour {
        let palette = BoardPalette::new(self.story.board(), theme == Theme::Dark, false);
        let colour = palette.army(army);
        Colour(colour.r, colour.g, colour.b)
    }

    fn army_name(&self, army: ArmyId) -> String {
        self.army_names
            .get(army.index())
            .cloned()
            .unwrap_or_else(|| army.to_string())
    }

    fn scores(&self, theme: Theme) -> Lines {
        let story = self.story;
        Lines {
            xs: story.points.iter().map(|p| f64::from(p.turn)).collect(),
            caption: gettext("turn"),
            series: story
                .sides
                .iter()
                .enumerate()
                .map(|(side, armies)| Series {
                    name: self.side_names.get(side).cloned().unwrap_or_default(),
                    // A team's line wears its first army's colour.
                    colour: armies
                        .first()
                        .map_or(Colour(0.5, 0.5, 0.5), |&a| self.colour(a, theme)),
                    values: story
                        .points
                        .iter()
                        .map(|p| p.scores.get(side).map_or(f64::NAN, |&s| f64::from(s)))
                        .collect(),
                })
                .collect(),
        }
    }

    fn captures(&self, theme: Theme) -> Spec {
        let story = self.story;
        let rows = story
            .armies
            .iter()
            .map(|&by| {
                let taken = &story.taken[by.index()];
                let captains: u32 = story.captains_taken[by.index()].iter().sum();
                let pieces: u32 = taken.iter().sum();
                let text = if captains > 0 {
                    fill(
                        &ngettext(
                            "{pieces} ({captains} captain)",
                            "{pieces} ({captains} captains)",
                            captains,
                        ),
                        &[("pieces", &pieces), ("captains", &captains)],
                    )
                } else {
                    pieces.to_string()
                };
                Row {
                    label: self.army_name(by),
                    bars: vec![Bar {
                        segments: story
                            .armies
                            .iter()
                            .filter(|a| taken[a.index()] > 0)
                            .map(|&a| (f64::from(taken[a.index()]), self.colour(a, theme)))
                            .collect(),
                        interval: None,
                        text,
                        sublabel: None,
                    }],
                }
            })
            .collect();
        Spec {
            rows,
            percent: false,
            fair: None,
            caption: gettext("pieces taken"),
            legend: story
                .armies
                .iter()
                .map(|&a| {
                    (
                        fill(&gettext("from {army}"), &[("army", &self.army_name(a))]),
                        Some(self.colour(a, theme)),
                    )
                })
                .collect(),
            paired: false,
        }
    }
}

/// Draws `chart` of `figures` on `cr` in the rectangle from the origin to `width` ×
/// `height`; returns the box of every label drawn.
pub fn draw(
    cr: &cairo::Context,
    chart: ChateauChart,
    figures: ChateauFigures<'_>,
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
            ChateauChart::Scores => {
                let lines = figures.scores(theme);
                lines::draw(cr, labels, &lines, area, size, palette)
            }
            ChateauChart::Captures => {
                let spec = figures.captures(theme);
                bars::draw(cr, labels, &spec, area, size, palette)
            }
        },
    )
}
