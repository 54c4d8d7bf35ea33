//! Draws one page of a laid-out [`Sheet`] with Cairo, in points from the page's top
//! left corner: the one drawing function behind the PDF, PNG and SVG files, the
//! printer and the print preview. The page's white is the surface's business.

use std::f64::consts::TAU;
use std::sync::Arc;

use castellan_engine::board::Board;

use super::layout::{
    BAND_GAP, BAND_PADDING, CARD_BAND_PADDING, CARD_TEXT_GAP, MAP_KEY_GAP, Piece, Placed, Sheet,
    card_band_height, size,
};
use super::style;
use crate::map::draw::draw_overview;
use crate::map::palette::Colour;
use crate::map::{MapScene, Palette};

/// The small map is drawn as if on a screen this many pixels wide, then scaled down
/// to its place: the map's lines and lettering keep their proportions to each other.
const MAP_VIRTUAL_WIDTH: f64 = 1000.0;

/// Draws page `page` (from 0) of `sheet`.
pub fn draw_page(cr: &cairo::Context, sheet: &Sheet, page: usize) -> Result<(), cairo::Error> {
    let Some(content) = sheet.pages.get(page) else {
        return Ok(());
    };
    cr.save()?;
    draw_header(cr, sheet)?;
    draw_footer(cr, sheet, page)?;
    let palette = Palette::print();
    for placed in &content.pieces {
        draw_piece(cr, placed, &sheet.board, &palette)?;
    }
    cr.restore()
}

/// Shows a layout with its top left corner at `(x, y)` in `colour`.
fn show(cr: &cairo::Context, layout: &pango::Layout, x: f64, y: f64, colour: Colour) {
    colour.apply(cr);
    cr.move_to(x, y);
    pangocairo::functions::show_layout(cr, layout);
}

/// Where the first line of a layout has its baseline, from the layout's top.
fn baseline(layout: &pango::Layout) -> f64 {
    f64::from(layout.baseline()) / f64::from(pango::SCALE)
}

/// A horizontal line across `width` at `y`.
fn rule(
    cr: &cairo::Context,
    x: f64,
    y: f64,
    width: f64,
    line: f64,
    colour: Colour,
) -> Result<(), cairo::Error> {
    colour.apply(cr);
    cr.set_line_width(line);
    cr.move_to(x, y);
    cr.line_to(x + width, y);
    cr.stroke()
}

fn draw_header(cr: &cairo::Context, sheet: &Sheet) -> Result<(), cairo::Error> {
    let header = &sheet.header;
    let (left, top) = (style::MARGIN, style::MARGIN);
    let width = sheet.paper.width - 2.0 * style::MARGIN;
    show(cr, &header.title, left, top, style::INK);
    // The subtitle and the variant sit on the title's baseline.
    let title_baseline = top + baseline(&header.title);
    let subtitle_x = left + size(&header.title).0 + 10.0;
    show(
        cr,
        &header.subtitle,
        subtitle_x,
        title_baseline - baseline(&header.subtitle),
        style::MUTED,
    );
    let variant_width = size(&header.variant).0;
    if header.variant_below {
        show(
            cr,
            &header.variant,
            left,
            top + size(&header.title).1 + 2.0,
            style::ACCENT,
        );
    } else {
        show(
            cr,
            &header.variant,
            left + width - variant_width,
            title_baseline - baseline(&header.variant),
            style::ACCENT,
        );
    }
    let under = top + header.rule_y;
    rule(cr, left, under, width, 1.2, style::INK)?;
    rule(cr, left, under + 2.2, width, 0.4, style::INK)?;
    let band_top = under + BAND_GAP;
    cr.rectangle(left, band_top, width, top + header.height - band_top);
    style::TINT.apply(cr);
    cr.fill()?;
    show(
        cr,
        &header.changes,
        left + BAND_PADDING,
        band_top + BAND_PADDING,
        style::INK,
    );
    Ok(())
}

fn draw_footer(cr: &cairo::Context, sheet: &Sheet, page: usize) -> Result<(), cairo::Error> {
    let width = sheet.paper.width - 2.0 * style::MARGIN;
    let y = sheet.paper.height - style::MARGIN - size(&sheet.footer).1;
    rule(cr, style::MARGIN, y - 3.0, width, 0.4, style::RULE)?;
    show(cr, &sheet.footer, style::MARGIN, y, style::MUTED);
    if sheet.pages.len() > 1 {
        let number = sheet.small_text(&format!("{} / {}", page + 1, sheet.pages.len()));
        show(
            cr,
            &number,
            style::MARGIN + width - size(&number).0,
            y,
            style::MUTED,
        );
    }
    Ok(())
}

fn draw_piece(
    cr: &cairo::Context,
    placed: &Placed,
    board: &Arc<Board>,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let Placed { x, y, width, piece } = placed;
    let (x, y, width) = (*x, *y, *width);
    match piece {
        Piece::Heading { title, note } => {
            show(cr, title, x, y, style::ACCENT);
            let mut bottom = y + size(title).1;
            if let Some(note) = note {
                show(cr, note, x, bottom - 1.0, style::MUTED);
                bottom += size(note).1;
            }
            rule(cr, x, bottom + 0.5, width, 0.6, style::RULE)
        }
        Piece::Text(layout) => {
            show(cr, layout, x, y, style::INK);
            Ok(())
        }
        Piece::Bullet(layout) => {
            style::ACCENT.apply(cr);
            let middle = y + baseline(layout) - 2.6;
            cr.arc(x + 4.0, middle, 1.6, 0.0, TAU);
            cr.fill()?;
            show(cr, layout, x + style::HANGING, y, style::INK);
            Ok(())
        }
        Piece::Bonus {
            group,
            hatched,
            name,
            details,
            bonus,
        } => {
            let text_x = x + style::SWATCH_INDENT;
            if let Some(index) = group {
                let swatch_y = y + baseline(name) - style::SWATCH + 0.5;
                draw_swatch(cr, x, swatch_y, board, *index, *hatched, palette)?;
            }
            show(cr, name, text_x, y, style::INK);
            if let Some(details) = details {
                show(cr, details, text_x, y + size(name).1, style::MUTED);
            }
            // The figure's baseline on the name's.
            let (bonus_width, _) = size(bonus);
            show(
                cr,
                bonus,
                x + width - bonus_width,
                y + baseline(name) - baseline(bonus),
                style::INK,
            );
            let bottom = y + piece.height() - 0.5;
            rule(cr, text_x, bottom, x + width - text_x, 0.3, style::RULE)
        }
        Piece::Step { number, text } => {
            let centre_y = y + baseline(text) - 2.8;
            let radius = 5.2;
            style::ACCENT.apply(cr);
            cr.arc(x + radius, centre_y, radius, 0.0, TAU);
            cr.fill()?;
            let (w, h) = size(number);
            show(
                cr,
                number,
                x + radius - w / 2.0,
                centre_y - h / 2.0,
                style::PAPER,
            );
            show(cr, text, x + style::HANGING, y, style::INK);
            Ok(())
        }
        Piece::Track {
            numbers,
            per_row,
            cell_width,
        } => {
            cr.set_line_width(0.6);
            for (index, number) in numbers.iter().enumerate() {
                let (row, slot) = (index / per_row, index % per_row);
                let left = x + slot as f64 * cell_width;
                let top = y + row as f64 * style::TRACK_HEIGHT;
                cr.rectangle(left, top, *cell_width, style::TRACK_HEIGHT - 3.0);
                style::TINT.apply(cr);
                cr.fill_preserve()?;
                style::RULE.apply(cr);
                cr.stroke()?;
                let (w, h) = size(number);
                show(
                    cr,
                    number,
                    left + (cell_width - w) / 2.0,
                    top + (style::TRACK_HEIGHT - 3.0 - h) / 2.0,
                    style::INK,
                );
            }
            Ok(())
        }
        Piece::Card {
            name,
            when,
            when_below,
            what,
        } => {
            let band = card_band_height(name, when, *when_below);
            cr.rectangle(x, y, width, band);
            style::TINT.apply(cr);
            cr.fill()?;
            style::ACCENT.apply(cr);
            cr.rectangle(x, y, 2.0, band);
            cr.fill()?;
            let inner_x = x + CARD_BAND_PADDING + 2.0;
            let top = y + CARD_BAND_PADDING;
            show(cr, name, inner_x, top, style::INK);
            if *when_below {
                show(cr, when, inner_x, top + size(name).1, style::MUTED);
            } else {
                show(
                    cr,
                    when,
                    x + width - CARD_BAND_PADDING - size(when).0,
                    top + baseline(name) - baseline(when),
                    style::MUTED,
                );
            }
            show(cr, what, inner_x, y + band + CARD_TEXT_GAP, style::INK);
            Ok(())
        }
        Piece::Map {
            width: map_width,
            height: map_height,
            scale,
            key,
        } => {
            let (map_width, map_height) = (map_width * scale, map_height * scale);
            let left = x + (width - map_width) / 2.0;
            draw_small_map(cr, board, palette, left, y, map_width, map_height)?;
            show(cr, key, x, y + map_height + MAP_KEY_GAP, style::MUTED);
            Ok(())
        }
    }
}

/// A square of a group's tint as the small map fills it (hatched for independents),
/// so that each spoils line can be matched with the map.
fn draw_swatch(
    cr: &cairo::Context,
    x: f64,
    y: f64,
    board: &Board,
    index: usize,
    hatched: bool,
    palette: &Palette,
) -> Result<(), cairo::Error> {
    let Some(group) = board.groups.get(index) else {
        return Ok(());
    };
    cr.save()?;
    cr.rectangle(x, y, style::SWATCH, style::SWATCH);
    palette.group_fill(index, group).apply(cr);
    cr.fill_preserve()?;
    if hatched {
        cr.clip_preserve();
        palette.hatch.apply(cr);
        cr.set_line_width(0.4);
        let mut offset = -style::SWATCH;
        while offset < style::SWATCH {
            cr.move_to(x + offset, y + style::SWATCH);
            cr.line_to(x + offset + style::SWATCH, y);
            offset += 2.0;
        }
        cr.stroke()?;
        cr.reset_clip();
        cr.rectangle(x, y, style::SWATCH, style::SWATCH);
    }
    palette.frontier.apply(cr);
    cr.set_line_width(0.6);
    cr.stroke()?;
    cr.restore()
}

/// The board at a glance in the box `(x, y, width, height)`, framed.
fn draw_small_map(
    cr: &cairo::Context,
    board: &Arc<Board>,
    palette: &Palette,
    x: f64,
    y: f64,
    width: f64,
    height: f64,
) -> Result<(), cairo::Error> {
    let mut scene = MapScene::new(Arc::clone(board));
    let virtual_height = MAP_VIRTUAL_WIDTH * height / width;
    scene.camera_mut().resize(MAP_VIRTUAL_WIDTH, virtual_height);
    cr.save()?;
    cr.rectangle(x, y, width, height);
    cr.clip();
    cr.translate(x, y);
    let scale = width / MAP_VIRTUAL_WIDTH;
    cr.scale(scale, scale);
    draw_overview(cr, &scene, palette)?;
    cr.restore()?;
    cr.rectangle(x, y, width, height);
    style::INK.apply(cr);
    cr.set_line_width(0.6);
    cr.stroke()
}
