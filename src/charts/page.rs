//! A whole lab report on one page: a heading, the verdicts in plain words and every
//! chart, drawn by the same code as the window's charts; written as PDF (A4, to
//! print), PNG or SVG, each drawn in memory first so that a failure leaves no
//! half-written file.

use std::path::Path;

use super::labels::{Anchor, Labels, Rect};
use super::theme::Theme;
use super::{Chart, Figures, draw};
use crate::sheet::{Format, OutputError};

/// An A4 page, portrait, in points.
pub const A4: (f64, f64) = (595.0, 842.0);

/// The size of a PNG page, in pixels: A4 at 150 pixels per inch.
pub const PNG_SIZE: (f64, f64) = (1240.0, 1754.0);

/// What a page says above its charts.
pub struct PageText<'a> {
    pub heading: &'a str,
    pub lines: &'a [String],
}

/// Draws the page, `width` × `height`, on `cr`.
pub fn draw_page(
    cr: &cairo::Context,
    figures: Figures<'_>,
    text: &PageText<'_>,
    width: f64,
    height: f64,
    theme: Theme,
) -> Result<(), cairo::Error> {
    let palette = theme.palette();
    palette.ground.apply(cr);
    cr.rectangle(0.0, 0.0, width, height);
    cr.fill()?;
    let margin = width * 0.05;
    let size = (width / 60.0).clamp(6.0, 20.0);
    let bounds = Rect {
        x: 0.0,
        y: 0.0,
        width,
        height,
    };
    let mut labels = Labels::new(cr, bounds);
    let line = size * 1.35;
    let mut y = margin;
    labels.place(
        text.heading,
        margin,
        y,
        Anchor::TopLeft,
        size * 1.1,
        true,
        Some(width - 2.0 * margin),
        palette.text,
    );
    y += line * 1.5;
    for verdict in text.lines {
        labels.place(
            verdict,
            margin,
            y,
            Anchor::TopLeft,
            size * 0.85,
            false,
            Some(width - 2.0 * margin),
            palette.text,
        );
        y += line * 0.95;
    }
    y += line * 0.5;
    // The charts, two a row, in what is left.
    let columns = 2;
    let rows = Chart::ALL.len().div_ceil(columns);
    let cell_width = (width - 2.0 * margin) / columns as f64;
    let cell_height = ((height - margin - y) / rows as f64).max(1.0);
    for (i, chart) in Chart::ALL.into_iter().enumerate() {
        cr.save()?;
        cr.translate(
            margin + (i % columns) as f64 * cell_width,
            y + (i / columns) as f64 * cell_height,
        );
        draw(
            cr,
            chart,
            figures,
            cell_width - size * 0.5,
            cell_height - size * 0.5,
            theme,
        )?;
        cr.restore()?;
    }
    Ok(())
}

fn finish(
    stream: Result<Box<dyn std::any::Any>, cairo::StreamWithError>,
) -> Result<Vec<u8>, OutputError> {
    let stream = stream.map_err(|error| OutputError::Stream(error.error.to_string()))?;
    stream
        .downcast::<Vec<u8>>()
        .map(|bytes| *bytes)
        .map_err(|_| OutputError::Stream("the stream was not the one given".to_owned()))
}

/// The page in `format`: PDF and SVG on A4, PNG at [`PNG_SIZE`]; printed pages
/// (PDF) are always light.
pub fn page_bytes(
    format: Format,
    figures: Figures<'_>,
    text: &PageText<'_>,
    theme: Theme,
) -> Result<Vec<u8>, OutputError> {
    let (width, height) = A4;
    match format {
        Format::Pdf => {
            let surface = cairo::PdfSurface::for_stream(width, height, Vec::<u8>::new())?;
            surface.set_metadata(cairo::PdfMetadata::Title, text.heading)?;
            surface.set_metadata(
                cairo::PdfMetadata::Creator,
                &format!("Castellan {}", crate::config::VERSION),
            )?;
            let cr = cairo::Context::new(&surface)?;
            draw_page(&cr, figures, text, width, height, Theme::Light)?;
            cr.show_page()?;
            drop(cr);
            finish(surface.finish_output_stream())
        }
        Format::Svg => {
            let mut surface = cairo::SvgSurface::for_stream(width, height, Vec::<u8>::new())?;
            surface.set_document_unit(cairo::SvgUnit::Pt);
            let cr = cairo::Context::new(&surface)?;
            draw_page(&cr, figures, text, width, height, theme)?;
            drop(cr);
            finish(surface.finish_output_stream())
        }
        Format::Png => {
            let (w, h) = PNG_SIZE;
            let surface = cairo::ImageSurface::create(cairo::Format::Rgb24, w as i32, h as i32)?;
            {
                let cr = cairo::Context::new(&surface)?;
                draw_page(&cr, figures, text, w, h, theme)?;
            }
            let mut bytes = Vec::new();
            surface
                .write_to_png(&mut bytes)
                .map_err(|error| OutputError::Stream(error.to_string()))?;
            Ok(bytes)
        }
    }
}

/// Writes the page to `path`, in the format its extension names, harming no other
/// file.
pub fn write_page(
    path: &Path,
    format: Format,
    figures: Figures<'_>,
    text: &PageText<'_>,
    theme: Theme,
) -> Result<(), OutputError> {
    let bytes = page_bytes(format, figures, text, theme)?;
    crate::safe_write::write_file(path, &bytes)
        .map_err(|error| OutputError::Io(path.to_owned(), error))
}
