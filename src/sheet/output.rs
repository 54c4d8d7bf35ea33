//! Writing a laid-out sheet to files: PDF (every page in one file), PNG and SVG (one
//! file per page: `sheet.png`, then `sheet-2.png`, …), chosen by the file's extension.
//! Each file is drawn in memory first, so that a failure leaves no half-written file.

use std::fmt;
use std::path::{Path, PathBuf};

use super::draw::draw_page;
use super::layout::Sheet;
use super::style;

/// Resolution of PNG images, in pixels per inch: sharp when printed, small enough
/// to mail.
pub const PNG_DPI: f64 = 150.0;

/// A file format the sheet can be written in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    Pdf,
    Png,
    Svg,
}

impl Format {
    /// The format a file name asks for by its extension (any case), if one is known.
    pub fn of(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "pdf" => Some(Format::Pdf),
            "png" => Some(Format::Png),
            "svg" => Some(Format::Svg),
            _ => None,
        }
    }
}

/// Why a sheet could not be written.
#[derive(Debug)]
pub enum OutputError {
    /// Drawing failed (Cairo ran out of memory, or the like).
    Drawing(cairo::Error),
    /// Cairo could not make the image or stream.
    Stream(String),
    /// The file could not be written.
    Io(PathBuf, std::io::Error),
}

impl fmt::Display for OutputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputError::Drawing(error) => write!(f, "drawing failed: {error}"),
            OutputError::Stream(error) => write!(f, "{error}"),
            OutputError::Io(path, error) => write!(f, "{}: {error}", path.display()),
        }
    }
}

impl std::error::Error for OutputError {}

impl From<cairo::Error> for OutputError {
    fn from(error: cairo::Error) -> Self {
        OutputError::Drawing(error)
    }
}

/// Writes `sheet` to `path` in `format`; returns every file written, in page order.
pub fn write(sheet: &Sheet, format: Format, path: &Path) -> Result<Vec<PathBuf>, OutputError> {
    let title = document_title(sheet);
    write_pages(
        &Pages {
            paper: sheet.paper,
            count: sheet.pages.len(),
            title: &title,
            draw: &|cr, page| draw_page(cr, sheet, page),
        },
        format,
        path,
    )
}

/// Pages to write, whatever sheet they are of: their paper, how many, the
/// document's title, and how to draw each (from 0) in points from its top left.
pub struct Pages<'a> {
    pub paper: super::paper::Paper,
    pub count: usize,
    pub title: &'a str,
    pub draw: &'a dyn Fn(&cairo::Context, usize) -> Result<(), cairo::Error>,
}

/// Writes `pages` to `path` in `format`; returns every file written, in page order.
pub fn write_pages(
    pages: &Pages,
    format: Format,
    path: &Path,
) -> Result<Vec<PathBuf>, OutputError> {
    match format {
        Format::Pdf => {
            let bytes = pages_pdf(pages)?;
            write_file(path, &bytes)?;
            Ok(vec![path.to_owned()])
        }
        Format::Png | Format::Svg => {
            let mut written = Vec::new();
            for page in 0..pages.count {
                let bytes = if format == Format::Png {
                    pages_png(pages, page, PNG_DPI)?
                } else {
                    pages_svg(pages, page)?
                };
                let target = page_path(path, page);
                write_file(&target, &bytes)?;
                written.push(target);
            }
            Ok(written)
        }
    }
}

/// The file for page `page` (from 0): the path itself for the first, then the path
/// with `-2`, `-3`… before the extension.
pub fn page_path(path: &Path, page: usize) -> PathBuf {
    if page == 0 {
        return path.to_owned();
    }
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(extension) => format!("{stem}-{}.{}", page + 1, extension.to_string_lossy()),
        None => format!("{stem}-{}", page + 1),
    };
    path.with_file_name(name)
}

/// Writes the file whole, harming no other file (`safe_write`).
fn write_file(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    crate::safe_write::write_file(path, bytes)
        .map_err(|error| OutputError::Io(path.to_owned(), error))
}

/// "Castle Risk — Reference sheet": the PDF's title.
fn document_title(sheet: &Sheet) -> String {
    format!(
        "{} — {}",
        sheet.header.title.text(),
        sheet.header.subtitle.text()
    )
}

/// One page of `sheet` as a PNG image at `dpi` pixels per inch.
#[cfg(test)]
fn png_bytes(sheet: &Sheet, page: usize, dpi: f64) -> Result<Vec<u8>, OutputError> {
    pages_png(
        &Pages {
            paper: sheet.paper,
            count: sheet.pages.len(),
            title: "",
            draw: &|cr, page| draw_page(cr, sheet, page),
        },
        page,
        dpi,
    )
}

/// Every page as one PDF document.
pub fn pages_pdf(pages: &Pages) -> Result<Vec<u8>, OutputError> {
    let surface =
        cairo::PdfSurface::for_stream(pages.paper.width, pages.paper.height, Vec::<u8>::new())?;
    surface.set_metadata(cairo::PdfMetadata::Title, pages.title)?;
    surface.set_metadata(
        cairo::PdfMetadata::Creator,
        &format!("Castellan {}", crate::config::VERSION),
    )?;
    let cr = cairo::Context::new(&surface)?;
    for page in 0..pages.count {
        (pages.draw)(&cr, page)?;
        cr.show_page()?;
    }
    drop(cr);
    finish(surface.finish_output_stream())
}

/// One page as an SVG image.
fn pages_svg(pages: &Pages, page: usize) -> Result<Vec<u8>, OutputError> {
    let mut surface =
        cairo::SvgSurface::for_stream(pages.paper.width, pages.paper.height, Vec::<u8>::new())?;
    surface.set_document_unit(cairo::SvgUnit::Pt);
    let cr = cairo::Context::new(&surface)?;
    paint_paper(&cr)?;
    (pages.draw)(&cr, page)?;
    drop(cr);
    finish(surface.finish_output_stream())
}

/// One page as a PNG image at `dpi` pixels per inch.
pub fn pages_png(pages: &Pages, page: usize, dpi: f64) -> Result<Vec<u8>, OutputError> {
    let scale = dpi / 72.0;
    let pixels = |points: f64| (points * scale).round() as i32;
    let surface = cairo::ImageSurface::create(
        cairo::Format::Rgb24,
        pixels(pages.paper.width),
        pixels(pages.paper.height),
    )?;
    {
        let cr = cairo::Context::new(&surface)?;
        cr.scale(scale, scale);
        paint_paper(&cr)?;
        (pages.draw)(&cr, page)?;
    }
    let mut bytes = Vec::new();
    surface
        .write_to_png(&mut bytes)
        .map_err(|error| OutputError::Stream(error.to_string()))?;
    Ok(bytes)
}

fn paint_paper(cr: &cairo::Context) -> Result<(), cairo::Error> {
    style::PAPER.apply(cr);
    cr.paint()
}

/// The bytes a stream surface wrote, once it is finished.
fn finish(
    stream: Result<Box<dyn std::any::Any>, cairo::StreamWithError>,
) -> Result<Vec<u8>, OutputError> {
    let stream = stream.map_err(|error| OutputError::Stream(error.error.to_string()))?;
    stream
        .downcast::<Vec<u8>>()
        .map(|bytes| *bytes)
        .map_err(|_| OutputError::Stream("the stream was not the one given".to_owned()))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use castellan_engine::variant::Variant;

    use super::*;
    use crate::map::test_boards::shipped_castle_risk;
    use crate::sheet::{Paper, lay_out};

    #[test]
    fn the_format_comes_from_the_extension_in_any_case() {
        assert_eq!(Format::of(Path::new("a/sheet.pdf")), Some(Format::Pdf));
        assert_eq!(Format::of(Path::new("sheet.PNG")), Some(Format::Png));
        assert_eq!(Format::of(Path::new("sheet.Svg")), Some(Format::Svg));
        assert_eq!(Format::of(Path::new("sheet.ps")), None);
        assert_eq!(Format::of(Path::new("sheet")), None);
    }

    #[test]
    fn later_pages_get_their_number_before_the_extension() {
        assert_eq!(
            page_path(Path::new("/t/sheet.png"), 0),
            Path::new("/t/sheet.png")
        );
        assert_eq!(
            page_path(Path::new("/t/sheet.png"), 1),
            Path::new("/t/sheet-2.png")
        );
        assert_eq!(page_path(Path::new("sheet"), 2), Path::new("sheet-3"));
    }

    #[test]
    fn a_png_page_is_the_paper_at_150_pixels_per_inch() {
        let sheet = lay_out(
            Arc::new(shipped_castle_risk()),
            &Variant::rulebook(),
            Paper::LETTER,
        );
        let bytes = png_bytes(&sheet, 0, PNG_DPI).unwrap();
        let image = cairo::ImageSurface::create_from_png(&mut bytes.as_slice()).unwrap();
        assert_eq!((image.width(), image.height()), (1275, 1650));
    }
}
