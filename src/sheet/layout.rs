//! Puts the worded sheet on pages. Every block becomes a piece measured with Pango at
//! its column's width; sections flow down the columns (two on a portrait page, three
//! on a landscape one), a heading never ends a column, a section that asks for a new
//! column gets one, leftover height is spread between sections, and a second page
//! opens only when the first is full. Measuring is done once, in points, with
//! unhinted metrics, so that every surface draws the same lines.

use std::sync::Arc;

use castellan_engine::board::Board;
use pango::prelude::*;

use super::paper::Paper;
use super::style;
use super::wording::{Block, Document};

/// The sheet laid out: what goes where on each page.
pub struct Sheet {
    pub paper: Paper,
    /// The board the small map shows.
    pub board: Arc<Board>,
    pub header: Header,
    /// The small print, and the page numbers' text style.
    pub footer: pango::Layout,
    pub pages: Vec<Page>,
    /// The Pango context every layout was made with; the page numbers need it too.
    pub(super) pango: pango::Context,
}

/// The title band at the top of every page.
pub struct Header {
    pub title: pango::Layout,
    pub subtitle: pango::Layout,
    pub variant: pango::Layout,
    /// The variant's name goes under the title when both do not fit on one line.
    pub variant_below: bool,
    /// Where the double rule under the title lies, from the header's top.
    pub rule_y: f64,
    /// What the variant changes, in a band under the rule.
    pub changes: pango::Layout,
    /// The whole header's height, band included.
    pub height: f64,
}

/// Space between the double rule and the band of changes, and inside the band.
pub const BAND_GAP: f64 = 6.0;
pub const BAND_PADDING: f64 = 4.0;

/// One page's pieces, with their places.
#[derive(Default)]
pub struct Page {
    pub pieces: Vec<Placed>,
}

/// A piece at its place: `x`, `y` its top left corner on the page, in points.
pub struct Placed {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub piece: Piece,
}

/// A measured block, ready to draw.
pub enum Piece {
    Heading {
        title: pango::Layout,
        note: Option<pango::Layout>,
    },
    Text(pango::Layout),
    Bullet(pango::Layout),
    Bonus {
        group: Option<usize>,
        hatched: bool,
        name: pango::Layout,
        details: Option<pango::Layout>,
        bonus: pango::Layout,
    },
    Step {
        number: pango::Layout,
        text: pango::Layout,
    },
    Track {
        numbers: Vec<pango::Layout>,
        per_row: usize,
        cell_width: f64,
    },
    Card {
        name: pango::Layout,
        when: pango::Layout,
        /// "When" goes under the name when they do not fit on one line.
        when_below: bool,
        what: pango::Layout,
    },
    Map {
        /// The map's own size, centred in the column.
        width: f64,
        height: f64,
        key: pango::Layout,
    },
}

/// Space between a card's title band and its text, and padding inside the band.
pub const CARD_BAND_PADDING: f64 = 2.0;
/// Space between the small map and its key.
pub const MAP_KEY_GAP: f64 = 3.0;
/// The most of a column's height the small map may take.
const MAP_SHARE_OF_COLUMN: f64 = 0.45;
/// Sizes of the small map, as shares of the column's width: the first that keeps the
/// sheet on one page, else the first.
const MAP_SCALES: [f64; 5] = [1.0, 0.9, 0.8, 0.7, 0.6];

impl Sheet {
    /// Lays `document` out on `paper`, showing `board` on the small map.
    pub fn new(document: &Document, board: Arc<Board>, paper: Paper) -> Self {
        let pango = pango_context();
        let text_width = paper.width - 2.0 * style::MARGIN;
        let header = Header::new(&pango, document, text_width);
        let footer = text(
            &pango,
            &escape(&document.footer),
            &style::small_font(),
            Some(text_width * 0.8),
        );

        let columns_per_page = if paper.is_landscape() { 3 } else { 2 };
        let column_width =
            (text_width - (columns_per_page - 1) as f64 * style::GUTTER) / columns_per_page as f64;
        let top = style::MARGIN + header.height + style::HEADER_GAP;
        let column_height = paper.height - style::MARGIN - style::FOOTER_HEIGHT - top;
        let board_aspect = board.height / board.width.max(1.0);

        // The small map is the one piece that can give way: it shrinks, step by step,
        // when that keeps the sheet on one page.
        let lay_sections = |map_scale: f64, keep_sections_whole: bool, optional: bool| {
            let sections: Vec<Vec<Piece>> = document
                .sections
                .iter()
                .filter(|section| optional || !section.optional)
                .map(|section| {
                    let mut pieces = vec![Piece::heading(
                        &pango,
                        &section.title,
                        section.note.as_deref(),
                        column_width,
                    )];
                    pieces.extend(section.blocks.iter().map(|block| {
                        Piece::new(
                            &pango,
                            block,
                            column_width,
                            board_aspect,
                            map_scale,
                            column_height * MAP_SHARE_OF_COLUMN,
                        )
                    }));
                    pieces
                })
                .collect();
            flow(
                sections,
                column_height,
                columns_per_page,
                keep_sections_whole,
            )
        };
        // In order of preference: one page with every section whole and the map at
        // its full size; one page without the optional sections, whole, shrinking the
        // map if need be; the same with sections split between columns; and last, as
        // many pages as it takes.
        let one_page = |columns: &Vec<Column>| columns.len() <= columns_per_page;
        let full_size = MAP_SCALES[0];
        let flowed = lay_sections(full_size, true, true)
            .filter(one_page)
            .or_else(|| {
                [true, false]
                    .iter()
                    .flat_map(|&whole| MAP_SCALES.iter().map(move |&scale| (scale, whole)))
                    .filter_map(|(scale, whole)| lay_sections(scale, whole, false))
                    .find(one_page)
            })
            .or_else(|| lay_sections(full_size, false, false))
            .unwrap_or_default();

        let mut pages: Vec<Page> = Vec::new();
        for (index, column) in flowed.into_iter().enumerate() {
            let (page, slot) = (index / columns_per_page, index % columns_per_page);
            if pages.len() <= page {
                pages.resize_with(page + 1, Page::default);
            }
            let x = style::MARGIN + slot as f64 * (column_width + style::GUTTER);
            for (y, piece) in column {
                pages[page].pieces.push(Placed {
                    x,
                    y: top + y,
                    width: column_width,
                    piece,
                });
            }
        }
        if pages.is_empty() {
            pages.push(Page::default());
        }
        Sheet {
            paper,
            board,
            header,
            footer,
            pages,
            pango,
        }
    }

    /// A layout of `text` in the footer's style, for the page numbers.
    pub fn small_text(&self, text: &str) -> pango::Layout {
        self::text(&self.pango, &escape(text), &style::small_font(), None)
    }
}

/// A column of pieces, each with its top relative to the column's top.
type Column = Vec<(f64, Piece)>;

/// Flows sections into columns of `height`, `per_page` to a page. With
/// `keep_sections_whole`, whole sections fill one page with the columns balanced (the
/// shortest column height that holds them), or there is no flow (`None`); without,
/// pieces flow one by one, a heading moving on with the piece after it, onto as many
/// pages as they need. Then each column's spare height is spread between its
/// sections, up to a limit.
fn flow(
    sections: Vec<Vec<Piece>>,
    height: f64,
    per_page: usize,
    keep_sections_whole: bool,
) -> Option<Vec<Column>> {
    let heights: Vec<f64> = sections
        .iter()
        .map(|pieces| stacked_height(pieces))
        .collect();
    let mut columns: Vec<Column> = vec![Vec::new()];
    // Per column: where each section after the first starts (index into the column).
    let mut section_starts: Vec<Vec<usize>> = vec![Vec::new()];
    let mut used = 0.0;
    let balanced = if keep_sections_whole {
        Some(balanced_column_height(&heights, height, per_page)?)
    } else {
        None
    };
    for (pieces, section_height) in sections.into_iter().zip(heights) {
        if let Some(limit) = balanced
            && used > 0.0
            && used + style::SECTION_GAP + section_height > limit
        {
            columns.push(Vec::new());
            section_starts.push(Vec::new());
            used = 0.0;
        }
        let piece_heights: Vec<f64> = pieces.iter().map(Piece::height).collect();
        for (index, piece) in pieces.into_iter().enumerate() {
            let gap = |used: f64| gap_before(index, used);
            // A heading is kept with what follows it.
            let mut needed = piece_heights[index];
            if index == 0
                && let Some(next) = piece_heights.get(1)
            {
                needed += style::HEADING_GAP + next;
            }
            if balanced.is_none() && used > 0.0 && used + gap(used) + needed > height {
                columns.push(Vec::new());
                section_starts.push(Vec::new());
                used = 0.0;
            }
            let top = used + gap(used);
            let column = columns.last_mut().expect("there is always a column");
            if index == 0 && top > 0.0 {
                section_starts
                    .last_mut()
                    .expect("one list per column")
                    .push(column.len());
            }
            column.push((top, piece));
            used = top + piece_heights[index];
        }
    }

    // Spread what is left of each column between its sections.
    for (column, starts) in columns.iter_mut().zip(&section_starts) {
        let bottom = column
            .last()
            .map_or(0.0, |(top, piece)| top + piece.height());
        if starts.is_empty() {
            continue;
        }
        let extra = ((height - bottom) / starts.len() as f64)
            .clamp(0.0, style::SECTION_GAP_MAX - style::SECTION_GAP);
        for (rank, &start) in starts.iter().enumerate() {
            let end = starts.get(rank + 1).copied().unwrap_or(column.len());
            for (top, _) in &mut column[start..end] {
                *top += extra * (rank + 1) as f64;
            }
        }
    }
    columns.retain(|column| !column.is_empty());
    Some(columns)
}

/// Space above the piece at `index` of its section when the column is filled to `used`.
fn gap_before(index: usize, used: f64) -> f64 {
    match index {
        _ if used == 0.0 => 0.0,
        0 => style::SECTION_GAP,
        1 => style::HEADING_GAP,
        _ => style::BLOCK_GAP,
    }
}

/// The height of a section's pieces stacked in one column.
fn stacked_height(pieces: &[Piece]) -> f64 {
    pieces.iter().enumerate().fold(0.0, |used, (index, piece)| {
        used + gap_before(index, used) + piece.height()
    })
}

/// The smallest column height that holds whole sections of these `heights`, in
/// order, in at most `columns` columns no taller than `limit`; `None` if none does.
fn balanced_column_height(heights: &[f64], limit: f64, columns: usize) -> Option<f64> {
    let columns_needed = |target: f64| {
        let mut count = 1;
        let mut used = 0.0;
        for &height in heights {
            if height > target {
                return usize::MAX;
            }
            let needed = if used > 0.0 {
                style::SECTION_GAP + height
            } else {
                height
            };
            if used + needed > target {
                count += 1;
                used = height;
            } else {
                used += needed;
            }
        }
        count
    };
    if columns_needed(limit) > columns {
        return None;
    }
    // Bisection: the answer lies between the tallest section and the limit.
    let (mut low, mut high) = (heights.iter().copied().fold(0.0, f64::max), limit);
    for _ in 0..40 {
        let middle = (low + high) / 2.0;
        if columns_needed(middle) <= columns {
            high = middle;
        } else {
            low = middle;
        }
    }
    Some(high)
}

impl Header {
    fn new(pango: &pango::Context, document: &Document, width: f64) -> Self {
        let title = text(pango, &escape(&document.title), &style::title_font(), None);
        let subtitle = text(
            pango,
            &escape(&document.subtitle),
            &style::subtitle_font(),
            None,
        );
        let variant = text(
            pango,
            &escape(&document.variant),
            &style::variant_font(),
            Some(width),
        );
        let changes = text(
            pango,
            &document.changes,
            &style::body_font(),
            Some(width - 2.0 * BAND_PADDING),
        );
        let title_line = size(&title).0 + 10.0 + size(&subtitle).0;
        let variant_below = title_line + 16.0 + size(&variant).0 > width;
        let rule_y = size(&title).1
            + if variant_below {
                size(&variant).1 + 2.0
            } else {
                0.0
            }
            + 4.0;
        let height = rule_y + BAND_GAP + size(&changes).1 + 2.0 * BAND_PADDING;
        Header {
            title,
            subtitle,
            variant,
            variant_below,
            rule_y,
            changes,
            height,
        }
    }
}

impl Piece {
    fn heading(pango: &pango::Context, title: &str, note: Option<&str>, width: f64) -> Self {
        let title = text(pango, &escape(title), &style::heading_font(), Some(width));
        let note = note.map(|note| text(pango, &escape(note), &style::note_font(), Some(width)));
        Piece::Heading { title, note }
    }

    fn new(
        pango: &pango::Context,
        block: &Block,
        width: f64,
        board_aspect: f64,
        map_scale: f64,
        map_max_height: f64,
    ) -> Self {
        match block {
            Block::Text(markup) => {
                Piece::Text(text(pango, markup, &style::body_font(), Some(width)))
            }
            Block::Bullet(markup) => Piece::Bullet(text(
                pango,
                markup,
                &style::body_font(),
                Some(width - style::HANGING),
            )),
            Block::Bonus {
                group,
                hatched,
                name,
                details,
                bonus,
            } => {
                let indent = style::SWATCH + 5.0;
                let text_width = width - indent - style::BONUS_WIDTH;
                Piece::Bonus {
                    group: *group,
                    hatched: *hatched,
                    name: text(pango, name, &style::name_font(), Some(text_width)),
                    details: (!details.is_empty())
                        .then(|| text(pango, details, &style::details_font(), Some(text_width))),
                    bonus: text(pango, bonus, &style::bonus_font(), None),
                }
            }
            Block::Step {
                number,
                text: markup,
            } => Piece::Step {
                number: text(
                    pango,
                    &number.to_string(),
                    &style::font("Sans Bold", 7.0),
                    None,
                ),
                text: text(
                    pango,
                    markup,
                    &style::body_font(),
                    Some(width - style::HANGING),
                ),
            },
            Block::Track(numbers) => {
                let fits = (width / style::TRACK_MIN_WIDTH).floor().max(1.0) as usize;
                let per_row = numbers.len().clamp(1, fits);
                let cell_width = (width / per_row as f64).min(style::TRACK_MAX_WIDTH);
                Piece::Track {
                    numbers: numbers
                        .iter()
                        .map(|n| text(pango, &n.to_string(), &style::track_font(), None))
                        .collect(),
                    per_row,
                    cell_width,
                }
            }
            Block::Card {
                name,
                count,
                when,
                what,
            } => {
                let inner = width - 2.0 * CARD_BAND_PADDING;
                let name = text(
                    pango,
                    &format!("<b>{name}</b>  {count}"),
                    &style::name_font(),
                    Some(inner),
                );
                let when = text(
                    pango,
                    &format!("<i>{when}</i>"),
                    &style::body_font(),
                    Some(inner),
                );
                let when_below = size(&name).0 + 12.0 + size(&when).0 > inner;
                Piece::Card {
                    name,
                    when,
                    when_below,
                    what: text(pango, what, &style::body_font(), Some(inner)),
                }
            }
            Block::Map { key } => {
                let (mut map_width, mut map_height) =
                    (width * map_scale, width * map_scale * board_aspect);
                if map_height > map_max_height {
                    map_width *= map_max_height / map_height;
                    map_height = map_max_height;
                }
                Piece::Map {
                    width: map_width,
                    height: map_height,
                    key: text(
                        pango,
                        &format!("<i>{key}</i>"),
                        &style::details_font(),
                        Some(width),
                    ),
                }
            }
        }
    }

    /// The height the piece takes in its column, in points.
    pub fn height(&self) -> f64 {
        match self {
            Piece::Heading { title, note } => {
                size(title).1 + note.as_ref().map_or(0.0, |note| size(note).1) + 2.0
            }
            Piece::Text(layout) | Piece::Bullet(layout) => size(layout).1,
            Piece::Bonus {
                name,
                details,
                bonus,
                ..
            } => {
                let words = size(name).1 + details.as_ref().map_or(0.0, |d| size(d).1);
                words.max(size(bonus).1) + 3.0
            }
            Piece::Step { text, .. } => size(text).1,
            Piece::Track {
                numbers, per_row, ..
            } => numbers.len().div_ceil(*per_row).max(1) as f64 * style::TRACK_HEIGHT,
            Piece::Card {
                name,
                when,
                when_below,
                what,
            } => {
                let band = size(name).1 + if *when_below { size(when).1 } else { 0.0 };
                band + 2.0 * CARD_BAND_PADDING + 1.5 + size(what).1
            }
            Piece::Map { height, key, .. } => height + MAP_KEY_GAP + size(key).1,
        }
    }
}

/// A Pango context measuring in points, without hinting: line breaks are then the
/// same on paper, in a PDF and in an image at any resolution.
fn pango_context() -> pango::Context {
    let context = pangocairo::FontMap::default().create_context();
    pangocairo::functions::context_set_resolution(&context, 72.0);
    if let Ok(options) = cairo::FontOptions::new() {
        let mut options = options;
        options.set_hint_metrics(cairo::HintMetrics::Off);
        options.set_hint_style(cairo::HintStyle::None);
        pangocairo::functions::context_set_font_options(&context, Some(&options));
    }
    context.set_round_glyph_positions(false);
    context
}

/// A layout of `markup` in `font`, wrapped at `width` points when given.
fn text(
    pango: &pango::Context,
    markup: &str,
    font: &pango::FontDescription,
    width: Option<f64>,
) -> pango::Layout {
    let layout = pango::Layout::new(pango);
    layout.set_font_description(Some(font));
    layout.set_markup(markup);
    if let Some(width) = width {
        layout.set_width((width * f64::from(pango::SCALE)) as i32);
        layout.set_wrap(pango::WrapMode::WordChar);
    }
    layout
}

/// A layout's logical width and height, in points.
pub fn size(layout: &pango::Layout) -> (f64, f64) {
    let (width, height) = layout.size();
    (
        f64::from(width) / f64::from(pango::SCALE),
        f64::from(height) / f64::from(pango::SCALE),
    )
}

fn escape(text: &str) -> String {
    pango::glib::markup_escape_text(text).to_string()
}
