//! The sheet's typography, colours and spacing, in one place. Lengths are in points
//! (1/72 inch), the unit of every surface the sheet is drawn on.
//!
//! Everything must read when printed in black and white: text is near black, greys
//! are dark enough for cheap printers, and colour only ever repeats what words say.

use crate::map::palette::Colour;

/// Generic families, so that each system picks its own well-hinted faces.
const SANS: &str = "Sans";
const SERIF: &str = "Serif";

/// A Pango font description for a family, style words and a size in points.
pub fn font(family_and_style: &str, points: f64) -> pango::FontDescription {
    let mut font = pango::FontDescription::from_string(family_and_style);
    font.set_size((points * f64::from(pango::SCALE)).round() as i32);
    font
}

pub fn title_font() -> pango::FontDescription {
    font(&format!("{SERIF} Bold"), 22.0)
}

pub fn subtitle_font() -> pango::FontDescription {
    font(&format!("{SERIF} Italic"), 14.0)
}

pub fn variant_font() -> pango::FontDescription {
    font(&format!("{SANS} Bold"), 9.5)
}

pub fn heading_font() -> pango::FontDescription {
    font(&format!("{SERIF} Bold"), 12.0)
}

pub fn note_font() -> pango::FontDescription {
    font(&format!("{SANS} Italic"), 7.5)
}

pub fn body_font() -> pango::FontDescription {
    font(SANS, 8.0)
}

pub fn name_font() -> pango::FontDescription {
    font(&format!("{SANS} Bold"), 8.5)
}

pub fn details_font() -> pango::FontDescription {
    font(SANS, 7.0)
}

pub fn bonus_font() -> pango::FontDescription {
    font(&format!("{SANS} Bold"), 12.0)
}

pub fn track_font() -> pango::FontDescription {
    font(&format!("{SANS} Bold"), 10.0)
}

pub fn small_font() -> pango::FontDescription {
    font(SANS, 6.5)
}

/// Text.
pub const INK: Colour = Colour::hex(0x1d1a16);
/// Secondary text (territory lists, notes, the footer).
pub const MUTED: Colour = Colour::hex(0x4a443c);
/// Rules under headings and between lines.
pub const RULE: Colour = Colour::hex(0x8a8276);
/// Headings and the step numbers: a dark red that prints as near black.
pub const ACCENT: Colour = Colour::hex(0x7a2418);
/// Light fill behind the track's numbers and the card names.
pub const TINT: Colour = Colour::hex(0xefe9dd);
/// The paper.
pub const PAPER: Colour = Colour::hex(0xffffff);

/// Space between the page's edge and anything drawn: wider than any printer's
/// unprintable border.
pub const MARGIN: f64 = 34.0;
/// Space between columns.
pub const GUTTER: f64 = 20.0;
/// Below the header, before the columns.
pub const HEADER_GAP: f64 = 12.0;
/// Above each section heading (not at the top of a column).
pub const SECTION_GAP: f64 = 10.0;
/// The most the gaps between sections grow to fill a column's height.
pub const SECTION_GAP_MAX: f64 = 24.0;
/// Below a heading's rule.
pub const HEADING_GAP: f64 = 4.0;
/// Between blocks of a section.
pub const BLOCK_GAP: f64 = 3.5;
/// Indent of text after a bullet or a step number.
pub const HANGING: f64 = 14.0;
/// Side of the group colour swatches, and where the text after them starts.
pub const SWATCH: f64 = 8.0;
pub const SWATCH_INDENT: f64 = SWATCH + 5.0;
/// Width kept for bonus figures at the right of spoils lines.
pub const BONUS_WIDTH: f64 = 30.0;
/// Height of the track's boxes; their width shrinks to fit the column.
pub const TRACK_HEIGHT: f64 = 20.0;
pub const TRACK_MAX_WIDTH: f64 = 26.0;
pub const TRACK_MIN_WIDTH: f64 = 17.0;
/// Height kept at the foot of each page for the footer.
pub const FOOTER_HEIGHT: f64 = 18.0;
