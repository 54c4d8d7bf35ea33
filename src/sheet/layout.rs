//! Puts the worded sheet on pages. Every block becomes a piece measured with Pango at
//! its column's width; sections flow down the columns (two on a portrait page, three
//! on a landscape one), a heading never ends a column, a section that asks for a new
//! column gets one, leftover height is spread between sections, and a second page
//! opens only when the first is full. Measuring is done once, in points, with
//! unhinted metrics, so that every surface draws the same lines.

use std::sync::Arc;

use castellan_engine::board::Board;
use pango::prelude::*;

use super::flow;
use super::paper::Paper;
use super::style;
use super::wording::{Block, Document, escape};

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
        /// The map's natural size (the column's width, or less for a tall board) …
        width: f64,
        height: f64,
        /// … and the share of it the sheet has room for; centred in the column.
        scale: f64,
        key: pango::Layout,
    },
}

/// Padding inside a card's title band, and the space between the band and its text.
pub const CARD_BAND_PADDING: f64 = 2.0;
pub const CARD_TEXT_GAP: f64 = 1.5;
/// Space between the small map and its key.
pub const MAP_KEY_GAP: f64 = 3.0;
/// The most of a column's height the small map may take.
const MAP_SHARE_OF_COLUMN: f64 = 0.45;
/// Sizes of the small map, largest first, as shares of its natural size.
const MAP_SCALES: [f64; 5] = [1.0, 0.9, 0.8, 0.7, 0.6];
/// How many of those sizes the map may shrink through to make room for the optional
/// sections: below them, a larger map is worth more.
const OPTIONAL_MAP_SCALES: usize = 3;

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

        let mut sections: Vec<Vec<Option<Piece>>> = document
            .sections
            .iter()
            .map(|section| {
                let mut pieces = vec![Some(Piece::heading(
                    &pango,
                    &section.title,
                    section.note.as_deref(),
                    column_width,
                ))];
                pieces.extend(section.blocks.iter().map(|block| {
                    Some(Piece::new(
                        &pango,
                        block,
                        column_width,
                        board_aspect,
                        column_height * MAP_SHARE_OF_COLUMN,
                    ))
                }));
                pieces
            })
            .collect();
        let (order, map_scale, plan) =
            arrange(document, &sections, column_height, columns_per_page);

        let mut pages: Vec<Page> = Vec::new();
        for (index, column) in plan.into_iter().enumerate() {
            let (page, slot) = (index / columns_per_page, index % columns_per_page);
            if pages.len() <= page {
                pages.resize_with(page + 1, Page::default);
            }
            let x = style::MARGIN + slot as f64 * (column_width + style::GUTTER);
            for flow::Slot {
                section,
                piece,
                top: y,
            } in column
            {
                let Some(mut piece) = sections[section][piece].take() else {
                    continue;
                };
                piece.set_map_scale(map_scale);
                pages[page].pieces.push(Placed {
                    x,
                    y: top + y,
                    width: column_width,
                    piece,
                });
            }
        }
        debug_assert!(
            order
                .iter()
                .all(|&section| sections[section].iter().all(Option::is_none))
        );
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

/// Chooses the sections, their order, the small map's size and the columns, in this
/// order of preference: every section whole on one page, the map shrinking a little
/// if need be; the required sections whole on one page, with the map as large as any
/// order of sections allows (the document's order first); the same with sections
/// split between columns; and last, as many pages as it takes.
fn arrange(
    document: &Document,
    sections: &[Vec<Option<Piece>>],
    column_height: f64,
    per_page: usize,
) -> (Vec<usize>, f64, Vec<flow::ColumnPlan>) {
    let heights = |scale: f64| -> Vec<Vec<f64>> {
        sections
            .iter()
            .map(|pieces| {
                pieces
                    .iter()
                    .flatten()
                    .map(|piece| piece.height_with_map_at(scale))
                    .collect()
            })
            .collect()
    };
    let every: Vec<usize> = (0..sections.len()).collect();
    let required: Vec<usize> = every
        .iter()
        .copied()
        .filter(|&index| !document.sections[index].optional)
        .collect();
    let map_section = sections.iter().position(|pieces| {
        pieces
            .iter()
            .flatten()
            .any(|piece| matches!(piece, Piece::Map { .. }))
    });
    let full = MAP_SCALES[0];
    let one_page = |order: &[usize], scale: f64, whole: bool| {
        flow::plan(&heights(scale), order, column_height, per_page, whole)
            .filter(|plan| plan.len() <= per_page)
            .map(|plan| (order.to_vec(), scale, plan))
    };
    let whole_on_one_page = |sections: &[usize], scales: &[f64]| {
        let orders = flow::orders_moving(sections, map_section);
        scales
            .iter()
            .find_map(|&scale| orders.iter().find_map(|order| one_page(order, scale, true)))
    };
    whole_on_one_page(&every, &MAP_SCALES[..OPTIONAL_MAP_SCALES])
        .or_else(|| whole_on_one_page(&required, &MAP_SCALES))
        .or_else(|| {
            MAP_SCALES
                .iter()
                .find_map(|&scale| one_page(&required, scale, false))
        })
        .unwrap_or_else(|| {
            let plan = flow::plan(&heights(full), &required, column_height, per_page, false)
                .unwrap_or_default();
            (required, full, plan)
        })
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
                let indent = style::SWATCH_INDENT;
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
                let (mut map_width, mut map_height) = (width, width * board_aspect);
                if map_height > map_max_height {
                    map_width *= map_max_height / map_height;
                    map_height = map_max_height;
                }
                Piece::Map {
                    width: map_width,
                    height: map_height,
                    scale: 1.0,
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
            Piece::Map { scale, .. } => self.height_with_map_at(*scale),
            _ => self.height_with_map_at(1.0),
        }
    }

    /// Sets the small map's size, as a share of its natural size; other pieces have
    /// one size only.
    fn set_map_scale(&mut self, share: f64) {
        if let Piece::Map { scale, .. } = self {
            *scale = share;
        }
    }

    /// The height the piece would take with the small map at `map_scale` of its
    /// natural size.
    fn height_with_map_at(&self, map_scale: f64) -> f64 {
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
            } => card_band_height(name, when, *when_below) + CARD_TEXT_GAP + size(what).1,
            Piece::Map { height, key, .. } => height * map_scale + MAP_KEY_GAP + size(key).1,
        }
    }
}

/// The height of a card's title band: its name, and "when" if that goes below it.
pub fn card_band_height(name: &pango::Layout, when: &pango::Layout, when_below: bool) -> f64 {
    let when = if when_below { size(when).1 } else { 0.0 };
    size(name).1 + when + 2.0 * CARD_BAND_PADDING
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::test_boards::shipped_castle_risk;
    use crate::sheet::wording::{Block, Document, Section};

    /// A document of `sections` sections of six long rules each.
    fn long_document(sections: usize) -> Document {
        let rule = "A rule long enough to wrap onto a second line of its column, as the \
                    battle rules do, so that the sections take real room."
            .to_owned();
        Document {
            title: "Castle Risk".into(),
            subtitle: "Reference sheet".into(),
            variant: "House rules".into(),
            changes: "Nothing".into(),
            footer: "Castellan".into(),
            sections: (0..sections)
                .map(|index| Section {
                    title: format!("Section {index}"),
                    note: None,
                    blocks: vec![Block::Bullet(rule.clone()); 6],
                    optional: false,
                })
                .collect(),
        }
    }

    #[test]
    fn a_sheet_that_does_not_fit_one_page_goes_on_to_a_second() {
        let board = Arc::new(shipped_castle_risk());
        let short = Sheet::new(&long_document(4), Arc::clone(&board), Paper::A4);
        assert_eq!(short.pages.len(), 1);
        let long = Sheet::new(&long_document(10), board, Paper::A4);
        assert_eq!(long.pages.len(), 2);
        // Nothing runs below the columns, on either page.
        let bottom = Paper::A4.height - style::MARGIN - style::FOOTER_HEIGHT;
        for page in &long.pages {
            for placed in &page.pieces {
                assert!(placed.y + placed.piece.height() <= bottom + 0.01);
            }
        }
    }

    #[test]
    fn a_landscape_page_has_three_columns() {
        let board = Arc::new(shipped_castle_risk());
        let landscape = Paper {
            width: Paper::A4.height,
            height: Paper::A4.width,
        };
        let sheet = Sheet::new(&long_document(6), board, landscape);
        let mut lefts: Vec<i64> = sheet.pages[0]
            .pieces
            .iter()
            .map(|placed| placed.x.round() as i64)
            .collect();
        lefts.dedup();
        lefts.sort_unstable();
        lefts.dedup();
        assert_eq!(lefts.len(), 3, "{lefts:?}");
    }
}
