//! Château Noir's reference sheet: one page with the title, the move kinds drawn
//! from the engine (`diagrams`, `draw`), the turn, capture and winning in words,
//! scoring as a table and each army's colour table, in the current language. It needs
//! no display: `castellan sheet` and the window's Print go through [`lay_out`] and
//! [`ChateauSheet::draw_page`]. The type shrinks, in steps, until everything fits one
//! page; a test checks that it does in every language on A4 and Letter.

use std::sync::Arc;

use castellan_chateau::board::{ArmyId, Board};
use castellan_chateau::variant::Variant;
use gettextrs::gettext;
use pango::prelude::*;

use super::draw::{DiagramColours, army_colour, draw_diagram};
use super::wording::{Rules, army_name, rules};
use crate::map::palette::Colour;
use crate::sheet::style::{self, ACCENT, INK, MARGIN, MUTED, RULE, TINT};
use crate::sheet::{Pages, Paper};
use crate::text::fill;

/// The smallest the type may shrink to, as a share of its natural size.
const SMALLEST_SCALE: f64 = 0.7;
/// Columns of move diagrams.
const MOVE_COLUMNS: usize = 4;
/// Space between the diagrams' columns, and between the two columns below.
const CELL_GAP: f64 = 12.0;
/// Width kept for the points in the scoring table.
const POINTS_WIDTH: f64 = 62.0;

/// The sheet of one board and variant, ready to draw.
pub struct ChateauSheet {
    pub paper: Paper,
    board: Arc<Board>,
    rules: Rules,
    /// The share of their natural size the type and diagrams are drawn at.
    scale: f64,
    /// Where the drawing ends, in points from the page's top, at that scale.
    bottom: f64,
}

/// Lays the sheet of `variant` on `board` out on `paper`, at the largest size that
/// fits one page.
pub fn lay_out(board: Arc<Board>, variant: &Variant, paper: Paper) -> ChateauSheet {
    let rules = rules(&board, variant);
    let mut sheet = ChateauSheet {
        paper,
        board,
        rules,
        scale: 1.0,
        bottom: 0.0,
    };
    loop {
        sheet.bottom = sheet.measure();
        if sheet.fits() || sheet.scale <= SMALLEST_SCALE {
            return sheet;
        }
        sheet.scale = (sheet.scale - 0.05).max(SMALLEST_SCALE);
    }
}

impl ChateauSheet {
    /// Whether everything is on the page, above the footer.
    pub fn fits(&self) -> bool {
        self.bottom <= self.paper.height - MARGIN - style::FOOTER_HEIGHT
    }

    /// The share of its natural size the sheet is drawn at.
    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// The title of the document: "Château Noir — reference sheet".
    pub fn title(&self) -> String {
        fill(
            &gettext("{board} — reference sheet"),
            &[("board", &self.rules.title)],
        )
    }

    /// Every text drawn on the sheet, in order, for tests and searching.
    pub fn texts(&self) -> Vec<String> {
        let mut texts = Vec::new();
        let surface = cairo::RecordingSurface::create(cairo::Content::ColorAlpha, None)
            .expect("a recording surface");
        let cr = cairo::Context::new(&surface).expect("a context");
        let _ = self.render(&cr, &mut texts);
        texts
    }

    /// Draws the page (there is one), in points from its top left corner.
    pub fn draw_page(&self, cr: &cairo::Context) -> Result<(), cairo::Error> {
        self.render(cr, &mut Vec::new()).map(|_| ())
    }

    /// The pages, for `sheet::write_pages`.
    pub fn pages<'a>(
        &'a self,
        title: &'a str,
        draw: &'a dyn Fn(&cairo::Context, usize) -> Result<(), cairo::Error>,
    ) -> Pages<'a> {
        Pages {
            paper: self.paper,
            count: 1,
            title,
            draw,
        }
    }

    fn measure(&self) -> f64 {
        let surface = cairo::RecordingSurface::create(cairo::Content::ColorAlpha, None)
            .expect("a recording surface");
        let cr = cairo::Context::new(&surface).expect("a context");
        self.render(&cr, &mut Vec::new()).unwrap_or(f64::INFINITY)
    }

    /// Draws everything; returns where the drawing ends, and lists each text drawn.
    fn render(&self, cr: &cairo::Context, texts: &mut Vec<String>) -> Result<f64, cairo::Error> {
        let mut pen = Pen {
            cr,
            pango: pango_context(),
            scale: self.scale,
            texts,
        };
        let rules = &self.rules;
        let width = self.paper.width - 2.0 * MARGIN;
        let x = MARGIN;
        let mut y = MARGIN;

        // The title band.
        let title = pen.layout(&rules.title, &format!("{SERIF} Bold"), 22.0, None);
        let subtitle = pen.layout(
            &gettext("Reference sheet"),
            &format!("{SERIF} Italic"),
            14.0,
            None,
        );
        pen.show(&title, x, y, INK);
        let (subtitle_width, _) = size(&subtitle);
        let baseline_gap = baseline(&title) - baseline(&subtitle);
        pen.show(
            &subtitle,
            x + width - subtitle_width,
            y + baseline_gap,
            MUTED,
        );
        y += size(&title).1 + 2.0;
        // The board's name, when it is not the game's.
        let line = if rules.board == rules.title {
            rules.variant.clone()
        } else {
            fill(
                &gettext("{board} · {variant}"),
                &[("board", &rules.board), ("variant", &rules.variant)],
            )
        };
        let variant = pen.layout(&line, &format!("{SANS} Bold"), 9.5, Some(width));
        pen.show(&variant, x, y, INK);
        y += size(&variant).1 + 4.0;
        double_rule(cr, x, y, width)?;
        y += 6.0;
        if let Some(note) = &rules.reconstruction {
            let note = fill(&gettext("Reconstructed board: {note}"), &[("note", note)]);
            let note = pen.layout(&note, &format!("{SANS} Italic"), 7.5, Some(width));
            pen.show(&note, x, y, MUTED);
            y += size(&note).1 + 4.0;
        }
        if !rules.changes.is_empty() {
            let changes = fill(
                &gettext("This variant changes: {changes}"),
                &[("changes", &rules.changes.join("; "))],
            );
            let band = pen.layout(&changes, SANS, 8.0, Some(width - 8.0));
            let height = size(&band).1 + 6.0;
            TINT.apply(cr);
            cr.rectangle(x, y, width, height);
            cr.fill()?;
            pen.show(&band, x + 4.0, y + 3.0, INK);
            y += height + 4.0;
        }

        // The moves, four to a row.
        y = pen.heading(&gettext("The Moves"), x, y + 4.0, width)?;
        let cell = (width - CELL_GAP * (MOVE_COLUMNS as f64 - 1.0)) / MOVE_COLUMNS as f64;
        let diagram_size = (cell * 0.8).min(110.0 * self.scale);
        for row in rules.moves.chunks(MOVE_COLUMNS) {
            let mut row_bottom = y;
            for (column, kind) in row.iter().enumerate() {
                let cx = x + column as f64 * (cell + CELL_GAP);
                let dx = cx + (cell - diagram_size) / 2.0;
                draw_diagram(
                    cr,
                    &self.board,
                    &kind.diagram,
                    ArmyId(0),
                    &DiagramColours::PAPER,
                    (dx, y, diagram_size),
                )?;
                let mut ty = y + diagram_size + 3.0;
                let name = pen.layout(&kind.name, &format!("{SANS} Bold"), 8.5, Some(cell));
                name.set_alignment(pango::Alignment::Center);
                pen.show(&name, cx, ty, ACCENT);
                ty += size(&name).1 + 1.0;
                let text = pen.layout(&kind.text, SANS, 7.0, Some(cell));
                text.set_alignment(pango::Alignment::Center);
                pen.show(&text, cx, ty, INK);
                row_bottom = row_bottom.max(ty + size(&text).1);
            }
            y = row_bottom + 8.0;
        }
        let note = pen.layout(
            &rules.moves_note,
            &format!("{SANS} Italic"),
            7.0,
            Some(width),
        );
        pen.show(&note, x, y, MUTED);
        y += size(&note).1 + 6.0;

        // Two columns: the turn, capture and winning; scoring and colour tables.
        let column = (width - style::GUTTER) / 2.0;
        let mut left = y;
        for section in [&rules.turn, &rules.capture, &rules.winning] {
            left = pen.heading(&section.title, x, left, column)?;
            for line in &section.lines {
                left = pen.bullet(line, x, left, column) + style::BLOCK_GAP;
            }
            left += style::SECTION_GAP;
        }
        let rx = x + column + style::GUTTER;
        let mut right = pen.heading(&rules.scoring.title, rx, y, column)?;
        right = pen.score_row(
            (&rules.scoring.moment, &rules.scoring.points),
            rx,
            right,
            column,
            true,
        )?;
        for (moment, points) in &rules.scoring.rows {
            right = pen.score_row((moment, points), rx, right, column, false)?;
        }
        right += style::SECTION_GAP;
        right = pen.heading(&rules.colour_tables.title, rx, right, column)?;
        let note = pen.layout(&rules.colour_tables.note, SANS, 7.0, Some(column));
        pen.show(&note, rx, right, MUTED);
        right += size(&note).1 + 4.0;
        for (army, order) in &rules.colour_tables.rows {
            right = pen.colour_table(&self.board, *army, order, rx, right, column)? + 3.0;
        }
        let bottom = left.max(right);

        // The footer.
        let footer = fill(
            &gettext(
                "Castellan {version}: the diagrams are drawn from the game’s own rules engine.",
            ),
            &[("version", &crate::config::VERSION)],
        );
        let footer = pen.layout(&footer, SANS, 6.5, Some(width));
        pen.show(
            &footer,
            x,
            self.paper.height - MARGIN - size(&footer).1,
            MUTED,
        );
        Ok(bottom)
    }
}

const SANS: &str = "Sans";
const SERIF: &str = "Serif";

/// What draws text: the context, the Pango context measuring in points, the scale,
/// and the list of texts drawn.
struct Pen<'a> {
    cr: &'a cairo::Context,
    pango: pango::Context,
    scale: f64,
    texts: &'a mut Vec<String>,
}

impl Pen<'_> {
    /// A layout of plain `text` in `family` at `points` (scaled), wrapped at `width`.
    fn layout(&self, text: &str, family: &str, points: f64, width: Option<f64>) -> pango::Layout {
        let layout = pango::Layout::new(&self.pango);
        layout.set_font_description(Some(&style::font(family, points * self.scale)));
        layout.set_text(text);
        if let Some(width) = width {
            layout.set_width((width * f64::from(pango::SCALE)) as i32);
            layout.set_wrap(pango::WrapMode::WordChar);
        }
        layout
    }

    /// Shows a layout with its top left corner at `(x, y)`, and notes its text.
    fn show(&mut self, layout: &pango::Layout, x: f64, y: f64, colour: Colour) {
        colour.apply(self.cr);
        self.cr.move_to(x, y);
        pangocairo::functions::show_layout(self.cr, layout);
        self.texts.push(layout.text().to_string());
    }

    /// A section heading with a rule under it; returns where what follows starts.
    fn heading(&mut self, title: &str, x: f64, y: f64, width: f64) -> Result<f64, cairo::Error> {
        let layout = self.layout(title, &format!("{SERIF} Bold"), 12.0, Some(width));
        self.show(&layout, x, y, ACCENT);
        let y = y + size(&layout).1 + 1.5;
        RULE.apply(self.cr);
        self.cr.set_line_width(0.6);
        self.cr.move_to(x, y);
        self.cr.line_to(x + width, y);
        self.cr.stroke()?;
        Ok(y + style::HEADING_GAP)
    }

    /// A bulleted sentence; returns its bottom.
    fn bullet(&mut self, text: &str, x: f64, y: f64, width: f64) -> f64 {
        let indent = style::HANGING * self.scale.max(0.8);
        let bullet = self.layout("•", SANS, 8.0, None);
        self.show(&bullet, x + 3.0, y, ACCENT);
        let layout = self.layout(text, SANS, 8.0, Some(width - indent));
        self.show(&layout, x + indent, y, INK);
        y + size(&layout).1
    }

    /// A row of the scoring table (its heading row in bold, on a tint); returns its
    /// bottom.
    fn score_row(
        &mut self,
        (moment, points): (&str, &str),
        x: f64,
        y: f64,
        width: f64,
        heading: bool,
    ) -> Result<f64, cairo::Error> {
        let family = if heading {
            format!("{SANS} Bold")
        } else {
            SANS.to_owned()
        };
        let points_width = POINTS_WIDTH * self.scale;
        let moment = self.layout(moment, &family, 7.5, Some(width - points_width - 6.0));
        let points = self.layout(points, &format!("{SANS} Bold"), 8.0, Some(points_width));
        points.set_alignment(pango::Alignment::Right);
        let height = size(&moment).1.max(size(&points).1) + 4.0;
        if heading {
            TINT.apply(self.cr);
            self.cr.rectangle(x, y, width, height);
            self.cr.fill()?;
        }
        self.show(&moment, x + 2.0, y + 2.0, INK);
        self.show(
            &points,
            x + width - points_width - 2.0,
            y + 2.0,
            if heading { INK } else { ACCENT },
        );
        let bottom = y + height;
        RULE.apply(self.cr);
        self.cr.set_line_width(0.3);
        self.cr.move_to(x, bottom);
        self.cr.line_to(x + width, bottom);
        self.cr.stroke()?;
        Ok(bottom)
    }

    /// An army's colour table: its swatch and name, then each territory in order,
    /// each with its swatch and number. Returns its bottom.
    fn colour_table(
        &mut self,
        board: &Board,
        army: ArmyId,
        order: &[ArmyId],
        x: f64,
        y: f64,
        width: f64,
    ) -> Result<f64, cairo::Error> {
        let name = self.layout(&army_name(board, army), &format!("{SANS} Bold"), 8.0, None);
        let line_height = size(&name).1;
        let swatch = line_height * 0.7;
        let name_width = width * 0.22;
        self.swatch(board, army, x, y + (line_height - swatch) / 2.0, swatch)?;
        self.show(&name, x + swatch + 3.0, y, INK);
        let mut tx = x + name_width;
        let mut ty = y;
        for (index, territory) in order.iter().enumerate() {
            let label = fill(
                &gettext("{number}. {army}"),
                &[
                    ("number", &(index + 1)),
                    ("army", &army_name(board, *territory)),
                ],
            );
            let label = self.layout(&label, SANS, 8.0, None);
            let step = swatch + 3.0 + size(&label).0 + 8.0;
            if tx + step > x + width && tx > x + name_width {
                tx = x + name_width;
                ty += line_height;
            }
            self.swatch(
                board,
                *territory,
                tx,
                ty + (line_height - swatch) / 2.0,
                swatch,
            )?;
            self.show(&label, tx + swatch + 3.0, ty, INK);
            tx += step;
        }
        Ok(ty + line_height)
    }

    /// A small square in an army's colour, outlined.
    fn swatch(
        &self,
        board: &Board,
        army: ArmyId,
        x: f64,
        y: f64,
        side: f64,
    ) -> Result<(), cairo::Error> {
        army_colour(board, army).apply(self.cr);
        self.cr.rectangle(x, y, side, side);
        self.cr.fill_preserve()?;
        INK.apply(self.cr);
        self.cr.set_line_width(0.5);
        self.cr.stroke()
    }
}

/// Two thin rules under the title.
fn double_rule(cr: &cairo::Context, x: f64, y: f64, width: f64) -> Result<(), cairo::Error> {
    INK.apply(cr);
    cr.set_line_width(0.8);
    cr.move_to(x, y);
    cr.line_to(x + width, y);
    cr.move_to(x, y + 2.0);
    cr.line_to(x + width, y + 2.0);
    cr.stroke()
}

/// A layout's size in points.
fn size(layout: &pango::Layout) -> (f64, f64) {
    let (width, height) = layout.size();
    (
        f64::from(width) / f64::from(pango::SCALE),
        f64::from(height) / f64::from(pango::SCALE),
    )
}

/// Where a layout's first baseline lies, from its top.
fn baseline(layout: &pango::Layout) -> f64 {
    f64::from(layout.baseline()) / f64::from(pango::SCALE)
}

/// A Pango context measuring in points, without hinting: every surface then breaks
/// lines in the same places.
fn pango_context() -> pango::Context {
    let context = pangocairo::FontMap::default().create_context();
    pangocairo::functions::context_set_resolution(&context, 72.0);
    if let Ok(mut options) = cairo::FontOptions::new() {
        options.set_hint_metrics(cairo::HintMetrics::Off);
        options.set_hint_style(cairo::HintStyle::None);
        pangocairo::functions::context_set_font_options(&context, Some(&options));
    }
    context.set_round_glyph_positions(false);
    context
}

/// Writes the sheet to `path` in `format`; returns the files written.
pub fn write(
    sheet: &ChateauSheet,
    format: crate::sheet::Format,
    path: &std::path::Path,
) -> Result<Vec<std::path::PathBuf>, crate::sheet::OutputError> {
    let title = sheet.title();
    let draw = |cr: &cairo::Context, _page: usize| sheet.draw_page(cr);
    crate::sheet::write_pages(&sheet.pages(&title, &draw), format, path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chateau_rules::wording::kind_name;

    #[test]
    fn the_sheet_is_one_page_with_the_moves_scoring_and_colour_tables() {
        let board = Arc::new(Board::reconstructed());
        for paper in [Paper::A4, Paper::LETTER] {
            let sheet = lay_out(Arc::clone(&board), &Variant::default(), paper);
            assert!(
                sheet.fits(),
                "the sheet overflows at scale {}",
                sheet.scale()
            );
            let texts = sheet.texts();
            for moves in &sheet.rules.moves {
                assert!(texts.contains(&kind_name(moves.kind)), "{texts:?}");
            }
            for (moment, _) in &sheet.rules.scoring.rows {
                assert!(texts.contains(moment), "{moment}");
            }
            assert!(texts.contains(&"Scoring".to_owned()));
            assert!(texts.contains(&"Colour Tables".to_owned()));
            assert!(texts.iter().any(|t| t == "1. Blue"), "{texts:?}");
        }
    }

    #[test]
    fn a_variant_with_every_option_changed_still_fits() {
        let board = Arc::new(Board::reconstructed());
        let mut variant = Variant {
            name: "Every option".into(),
            ..Variant::default()
        };
        for option in crate::chateau_rules::options::options() {
            let value = match option.kind {
                crate::chateau_rules::options::OptionKind::Switch => {
                    crate::chateau_rules::options::OptionValue::Switch(true)
                }
                crate::chateau_rules::options::OptionKind::OptionalNumber { min, .. } => {
                    crate::chateau_rules::options::OptionValue::OptionalNumber(Some(min + 2))
                }
            };
            option.set(&mut variant, value);
        }
        let sheet = lay_out(board, &variant, Paper::LETTER);
        assert!(sheet.fits(), "scale {}", sheet.scale());
        assert!(
            sheet
                .texts()
                .iter()
                .any(|t| t.starts_with("This variant changes: ")),
            "the changes are on the sheet"
        );
    }
}
