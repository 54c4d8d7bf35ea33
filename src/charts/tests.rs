//! The charts drawn on image surfaces at several sizes, light and dark, one run and
//! two: no label overlaps another or leaves the chart, and at a comfortable size every
//! label that matters is there.

use std::sync::Arc;

use castellan_engine::balance::{Comparison, Lab, Report};
use castellan_engine::board::parse_board;
use castellan_engine::bot::{Cancel, Strength};
use castellan_engine::variant::Variant;

use super::page::{PageText, page_bytes};
use super::*;
use crate::sheet::Format;

fn report(seed: u64, seats: usize) -> Report {
    let board = Arc::new(
        parse_board(
            include_str!("../../data/boards/castle-risk.toml"),
            "castle-risk.toml",
        )
        .unwrap(),
    );
    let lab = Lab::new(
        board.clone(),
        Variant::rulebook(),
        seats,
        Strength::Normal,
        seed,
    )
    .unwrap();
    Report::new(&lab.run(60, 1, &Cancel::new(), &|_| {}), &board)
}

fn render(
    chart: Chart,
    figures: Figures<'_>,
    width: i32,
    height: i32,
    theme: Theme,
) -> (Vec<Rect>, cairo::ImageSurface) {
    let surface = cairo::ImageSurface::create(cairo::Format::Rgb24, width, height).unwrap();
    let placed = {
        let cr = cairo::Context::new(&surface).unwrap();
        draw(
            &cr,
            chart,
            figures,
            f64::from(width),
            f64::from(height),
            theme,
        )
        .unwrap()
    };
    (placed, surface)
}

fn assert_clear(placed: &[Rect], width: i32, height: i32, what: &str) {
    for (i, a) in placed.iter().enumerate() {
        assert!(
            a.x >= -0.5
                && a.y >= -0.5
                && a.x + a.width <= f64::from(width) + 0.5
                && a.y + a.height <= f64::from(height) + 0.5,
            "{what}: label {a:?} leaves the chart"
        );
        for b in &placed[i + 1..] {
            assert!(!a.overlaps(b), "{what}: {a:?} overlaps {b:?}");
        }
    }
}

#[test]
fn charts_draw_at_every_size_without_overlapping_labels() {
    let one = report(1, 4);
    let comparison = Comparison::new(report(2, 4), report(3, 4));
    for figures in [Figures::One(&one), Figures::Two(&comparison)] {
        for (width, height) in [
            (160, 100),
            (320, 200),
            (480, 320),
            (800, 500),
            (1920, 1080),
            (300, 900),
        ] {
            for theme in [Theme::Light, Theme::Dark] {
                for chart in Chart::ALL {
                    let (placed, _) = render(chart, figures, width, height, theme);
                    let what = format!("{chart:?} {width}×{height} {theme:?}");
                    assert_clear(&placed, width, height, &what);
                    if width >= 480 {
                        assert!(!placed.is_empty(), "{what}: no label at all");
                    }
                }
            }
        }
    }
}

#[test]
fn a_comfortable_chart_shows_every_label_that_matters() {
    let one = report(4, 4);
    // Title, fair share, the legend's three entries and their swatches (6), six empires
    // with a figure each, three ticks and the caption: 24; the positions, 20.
    let (placed, _) = render(Chart::Empires, Figures::One(&one), 800, 500, Theme::Light);
    assert!(placed.len() >= 24, "{}", placed.len());
    let (placed, _) = render(Chart::Positions, Figures::One(&one), 800, 500, Theme::Light);
    assert!(placed.len() >= 20, "{}", placed.len());
    // Cards: six names, each with three measures and their figures.
    let (placed, _) = render(Chart::Cards, Figures::One(&one), 900, 700, Theme::Light);
    assert!(placed.len() >= 1 + 6 + 18 + 18, "{}", placed.len());
}

#[test]
fn light_and_dark_grounds_differ() {
    let one = report(5, 3);
    let ground = |theme| {
        let (_, mut surface) = render(Chart::Lengths, Figures::One(&one), 200, 120, theme);
        let data = surface.data().unwrap();
        (data[0], data[1], data[2])
    };
    assert_eq!(ground(Theme::Light), (255, 255, 255));
    assert_eq!(ground(Theme::Dark), (0x24, 0x24, 0x24));
}

#[test]
fn a_report_page_writes_as_pdf_png_and_svg() {
    let one = report(6, 4);
    let lines = crate::lab::verdicts::lines(&one);
    let text = PageText {
        heading: "Castle Risk, the rulebook: 60 games",
        lines: &lines,
    };
    let pdf = page_bytes(Format::Pdf, Figures::One(&one), &text, Theme::Light).unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    let png = page_bytes(Format::Png, Figures::One(&one), &text, Theme::Dark).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    let svg = page_bytes(Format::Svg, Figures::One(&one), &text, Theme::Light).unwrap();
    assert!(String::from_utf8_lossy(&svg).contains("<svg"));
}

/// With `CASTELLAN_SCREENSHOTS=DIR`, writes the report page light and dark as PNG for
/// people to look at.
#[test]
fn report_page_screenshots() {
    let Ok(folder) = std::env::var("CASTELLAN_SCREENSHOTS") else {
        return;
    };
    let comparison = Comparison::new(report(7, 4), report(8, 4));
    let lines = crate::lab::verdicts::comparison_lines(&comparison);
    let text = PageText {
        heading: "Castle Risk: 60 games against 60",
        lines: &lines,
    };
    for (theme, name) in [
        (Theme::Light, "balance-light.png"),
        (Theme::Dark, "balance-dark.png"),
    ] {
        let png = page_bytes(Format::Png, Figures::Two(&comparison), &text, theme).unwrap();
        std::fs::write(std::path::Path::new(&folder).join(name), png).unwrap();
    }
}

/// The story of a finished four-seat game (a golden game of the engine's tests).
fn finished_story() -> castellan_engine::story::Chronicle {
    let saved: castellan_engine::game::SavedGame = serde_json::from_str(include_str!(
        "../../engine/tests/golden/four-seats.save.json"
    ))
    .unwrap();
    castellan_engine::story::Chronicle::from_save(
        &saved,
        castellan_engine::story::Disclosure::Everything,
    )
    .unwrap()
}

#[test]
fn story_charts_draw_at_every_size_without_overlapping_labels() {
    use story::{StoryChart, StoryFigures};
    let chronicle = finished_story();
    assert!(chronicle.over && chronicle.points.len() > 10);
    let names: Vec<String> = ["Anna", "Bob", "Chloé", "A much longer name than most"]
        .map(String::from)
        .to_vec();
    let figures = StoryFigures {
        chronicle: &chronicle,
        names: &names,
        colours: &[0, 1, 2, 3],
    };
    for (width, height) in [(160, 100), (320, 200), (480, 320), (800, 500), (1920, 1080)] {
        for theme in [Theme::Light, Theme::Dark] {
            for chart in StoryChart::ALL {
                let surface =
                    cairo::ImageSurface::create(cairo::Format::Rgb24, width, height).unwrap();
                let cr = cairo::Context::new(&surface).unwrap();
                let placed = story::draw(
                    &cr,
                    chart,
                    figures,
                    f64::from(width),
                    f64::from(height),
                    theme,
                )
                .unwrap();
                let what = format!("{chart:?} {width}×{height} {theme:?}");
                assert_clear(&placed, width, height, &what);
                if width >= 480 {
                    // The title, every seat in the legend (a swatch and a name), and
                    // at least two ticks.
                    assert!(placed.len() >= 1 + 2 * 4 + 2, "{what}: {}", placed.len());
                }
            }
        }
    }
}

#[test]
fn story_lines_follow_the_seats() {
    use story::{StoryChart, StoryFigures};
    let chronicle = finished_story();
    let names: Vec<String> = (1..=4).map(|i| format!("P{i}")).collect();
    // The winner's colour is drawn somewhere on the territories' chart; a seat that
    // never existed is not.
    let winner = chronicle.winner.unwrap().index();
    let colours = [0u8, 1, 2, 3];
    let figures = StoryFigures {
        chronicle: &chronicle,
        names: &names,
        colours: &colours,
    };
    let mut surface = cairo::ImageSurface::create(cairo::Format::Rgb24, 800, 500).unwrap();
    {
        let cr = cairo::Context::new(&surface).unwrap();
        story::draw(
            &cr,
            StoryChart::Territories,
            figures,
            800.0,
            500.0,
            Theme::Light,
        )
        .unwrap();
    }
    let seat = crate::map::palette::Palette::new(false, false).seat(colours[winner]);
    let want = [
        (seat.b * 255.0).round() as u8,
        (seat.g * 255.0).round() as u8,
        (seat.r * 255.0).round() as u8,
    ];
    let stride = surface.stride() as usize;
    let data = surface.data().unwrap();
    // Below the legend: pixels of the line itself.
    let found = (120..480).any(|y| {
        (60..780).any(|x| {
            let p = y * stride + x * 4;
            data[p..p + 3] == want
        })
    });
    assert!(found, "the winner's line is not drawn");
}

/// A finished Château Noir match of random moves, four armies in two teams, with its
/// sides' and armies' names.
fn chateau_match() -> (crate::chateau_story::ChateauStory, Vec<String>, Vec<String>) {
    let (saved, _) = crate::chateau_story::tests::random_match(
        castellan_chateau::game::Table::four_in_teams(),
        2,
    );
    let story = crate::chateau_story::ChateauStory::tell(&saved).unwrap();
    let sides = vec!["Red and Yellow".into(), "A much longer team name".into()];
    let armies = ["Red", "Blue", "Yellow", "Green"]
        .map(String::from)
        .to_vec();
    (story, sides, armies)
}

#[test]
fn chateau_charts_draw_at_every_size_without_overlapping_labels() {
    use chateau::{ChateauChart, ChateauFigures};
    let (story, side_names, army_names) = chateau_match();
    assert!(story.over() && story.points.len() > 10);
    let figures = ChateauFigures {
        story: &story,
        side_names: &side_names,
        army_names: &army_names,
    };
    for (width, height) in [(160, 100), (320, 200), (480, 320), (800, 500), (1920, 1080)] {
        for theme in [Theme::Light, Theme::Dark] {
            for chart in ChateauChart::ALL {
                let surface =
                    cairo::ImageSurface::create(cairo::Format::Rgb24, width, height).unwrap();
                let cr = cairo::Context::new(&surface).unwrap();
                let placed = chateau::draw(
                    &cr,
                    chart,
                    figures,
                    f64::from(width),
                    f64::from(height),
                    theme,
                )
                .unwrap();
                let what = format!("{chart:?} {width}×{height} {theme:?}");
                assert_clear(&placed, width, height, &what);
                if width >= 480 {
                    // The title, the legend (a swatch and a name each), two ticks.
                    assert!(placed.len() >= 1 + 2 * 2 + 2, "{what}: {}", placed.len());
                }
            }
        }
    }
}

#[test]
fn a_score_in_debt_takes_the_axis_below_zero() {
    use lines::{Lines, Series};
    let lines = Lines {
        xs: vec![0.0, 1.0, 2.0],
        caption: "turn".into(),
        series: vec![Series {
            name: "Blue".into(),
            colour: Colour(0.0, 0.0, 1.0),
            values: vec![0.0, -6.0, 4.0],
        }],
    };
    let surface = cairo::ImageSurface::create(cairo::Format::Rgb24, 480, 320).unwrap();
    let cr = cairo::Context::new(&surface).unwrap();
    let placed = framed(
        &cr,
        "Scores",
        480.0,
        320.0,
        Theme::Light,
        |labels, area, size, palette| lines::draw(&cr, labels, &lines, area, size, palette),
    )
    .unwrap();
    assert_clear(&placed, 480, 320, "debt");
    drop(cr);
    // The line starts at zero and dips to −6 below it, inside the chart (with the
    // axis kept at zero, −6 would be drawn at zero).
    let mut surface = surface;
    let stride = surface.stride() as usize;
    let data = surface.data().unwrap();
    let blue = |x: usize, y: usize| data[y * stride + x * 4..y * stride + x * 4 + 3] == [255, 0, 0];
    // Below the legend's swatch.
    let below_legend = 70..320;
    let start_x = (0..480)
        .find(|&x| below_legend.clone().any(|y| blue(x, y)))
        .unwrap();
    let start_y = below_legend.clone().find(|&y| blue(start_x, y)).unwrap();
    let lowest = below_legend
        .clone()
        .filter(|&y| (0..480).any(|x| blue(x, y)))
        .max()
        .unwrap();
    assert!(lowest > start_y + 50, "zero at {start_y}, −6 at {lowest}");
    assert!(lowest < 300, "the lowest point stays inside the chart");
}

#[test]
fn ticks_are_written_as_they_are() {
    // A step of 2.5 pieces reads 2.5, 5, 7.5, not 2, 5, 8.
    assert_eq!(tick_decimals(2.5), 1);
    assert_eq!(tick_decimals(5.0), 0);
    assert_eq!(tick_decimals(0.25), 2);
    assert_eq!(tick_decimals(20.0), 0);
    assert_eq!(crate::numbers::decimal(7.5, tick_decimals(2.5)), "7.5");
}

#[test]
fn line_charts_count_in_whole_steps() {
    assert_eq!(lines::whole(2.5), 5.0);
    assert_eq!(lines::whole(0.5), 1.0);
    assert_eq!(lines::whole(25.0), 25.0);
    assert_eq!(lines::whole(2.0), 2.0);
}
