//! The cards as people see them: translated names, one-line reminders of what each
//! does, and a small Cairo-drawn picture per kind. The hand itself is in `sidebar`.

use castellan_engine::game::Card;
use gettextrs::gettext;
use relm4::gtk::cairo;

/// The card's name, translated.
pub fn card_name(card: Card) -> String {
    match card {
        Card::Reinforcements => {
            // TRANSLATORS: card name.
            gettext("Reinforcements")
        }
        Card::Diplomat => {
            // TRANSLATORS: card name.
            gettext("Diplomat")
        }
        Card::Spy => {
            // TRANSLATORS: card name.
            gettext("Spy")
        }
        Card::General => {
            // TRANSLATORS: card name.
            gettext("General")
        }
        Card::Marshall => {
            // TRANSLATORS: card name (the rulebook's spelling).
            gettext("Marshall")
        }
        Card::Admiral => {
            // TRANSLATORS: card name.
            gettext("Admiral")
        }
    }
}

/// One line reminding what the card does, from the rulebook.
pub fn card_reminder(card: Card) -> String {
    match card {
        Card::Reinforcements => {
            gettext("Armies before your first attack, worth the next numbers of the track")
        }
        Card::Diplomat => gettext("A truce with one player until the end of their next turn"),
        Card::Spy => gettext("See a hand and discard one of its cards, or stop a Spy"),
        Card::General => gettext("+1 to your highest die when you attack; commit it before a roll"),
        Card::Marshall => gettext("+1 to your highest die when you defend"),
        Card::Admiral => gettext("Attack by sea, from your coast to another on the same sea"),
    }
}

/// The background tint of a card, as RGB in 0…1: warm for the cards of attack, cool
/// for those of defence and intrigue, so that a hand reads at a glance.
fn card_tint(card: Card) -> (f64, f64, f64) {
    match card {
        Card::Reinforcements => (0.86, 0.80, 0.62),
        Card::Diplomat => (0.78, 0.86, 0.74),
        Card::Spy => (0.76, 0.76, 0.84),
        Card::General => (0.90, 0.74, 0.66),
        Card::Marshall => (0.70, 0.80, 0.90),
        Card::Admiral => (0.68, 0.84, 0.86),
    }
}

/// Draws the card's picture filling `width` × `height` from the origin: a rounded card
/// face in the card's tint with a dark emblem (pawns, a scroll, an eye, a star, a
/// shield, a ship).
pub fn draw_card(
    cr: &cairo::Context,
    card: Card,
    width: f64,
    height: f64,
) -> Result<(), cairo::Error> {
    let (r, g, b) = card_tint(card);
    rounded_rectangle(
        cr,
        1.0,
        1.0,
        width - 2.0,
        height - 2.0,
        width.min(height) * 0.12,
    );
    cr.set_source_rgb(r, g, b);
    cr.fill_preserve()?;
    cr.set_source_rgb(0.25, 0.22, 0.18);
    cr.set_line_width(1.5);
    cr.stroke()?;

    // The emblem lives in a square in the middle of the card.
    let size = width.min(height) * 0.7;
    let (cx, cy) = (width / 2.0, height / 2.0);
    cr.save()?;
    cr.translate(cx - size / 2.0, cy - size / 2.0);
    cr.scale(size, size);
    cr.set_source_rgb(0.22, 0.18, 0.14);
    cr.set_line_width(0.07);
    cr.set_line_cap(cairo::LineCap::Round);
    cr.set_line_join(cairo::LineJoin::Round);
    match card {
        Card::Reinforcements => draw_pawns(cr)?,
        Card::Diplomat => draw_scroll(cr)?,
        Card::Spy => draw_eye(cr)?,
        Card::General => draw_star(cr)?,
        Card::Marshall => draw_shield(cr)?,
        Card::Admiral => draw_ship(cr)?,
    }
    cr.restore()
}

/// A rounded rectangle path.
fn rounded_rectangle(cr: &cairo::Context, x: f64, y: f64, w: f64, h: f64, radius: f64) {
    use std::f64::consts::{FRAC_PI_2, PI};
    cr.new_sub_path();
    cr.arc(x + w - radius, y + radius, radius, -FRAC_PI_2, 0.0);
    cr.arc(x + w - radius, y + h - radius, radius, 0.0, FRAC_PI_2);
    cr.arc(x + radius, y + h - radius, radius, FRAC_PI_2, PI);
    cr.arc(x + radius, y + radius, radius, PI, 3.0 * FRAC_PI_2);
    cr.close_path();
}

// The emblems below draw in a unit square (0…1 both ways), already scaled.

/// Three pawns: armies arriving.
fn draw_pawns(cr: &cairo::Context) -> Result<(), cairo::Error> {
    for (x, y) in [(0.25, 0.55), (0.75, 0.55), (0.5, 0.40)] {
        cr.arc(x, y - 0.18, 0.09, 0.0, std::f64::consts::TAU);
        cr.fill()?;
        cr.move_to(x - 0.13, y + 0.25);
        cr.line_to(x - 0.05, y - 0.08);
        cr.line_to(x + 0.05, y - 0.08);
        cr.line_to(x + 0.13, y + 0.25);
        cr.close_path();
        cr.fill()?;
    }
    Ok(())
}

/// A rolled treaty with a seal.
fn draw_scroll(cr: &cairo::Context) -> Result<(), cairo::Error> {
    cr.rectangle(0.2, 0.2, 0.6, 0.6);
    cr.stroke()?;
    for y in [0.2, 0.8] {
        cr.arc(0.2, y, 0.06, 0.0, std::f64::consts::TAU);
        cr.arc(0.8, y, 0.06, 0.0, std::f64::consts::TAU);
        cr.fill()?;
    }
    for y in [0.35, 0.47, 0.59] {
        cr.move_to(0.3, y);
        cr.line_to(0.7, y);
    }
    cr.stroke()?;
    cr.set_source_rgb(0.65, 0.12, 0.10);
    cr.arc(0.62, 0.7, 0.08, 0.0, std::f64::consts::TAU);
    cr.fill()
}

/// An open eye.
fn draw_eye(cr: &cairo::Context) -> Result<(), cairo::Error> {
    cr.move_to(0.05, 0.5);
    cr.curve_to(0.3, 0.15, 0.7, 0.15, 0.95, 0.5);
    cr.curve_to(0.7, 0.85, 0.3, 0.85, 0.05, 0.5);
    cr.close_path();
    cr.stroke()?;
    cr.arc(0.5, 0.5, 0.15, 0.0, std::f64::consts::TAU);
    cr.fill()
}

/// A five-pointed star.
fn draw_star(cr: &cairo::Context) -> Result<(), cairo::Error> {
    use std::f64::consts::{FRAC_PI_2, PI};
    for point in 0..10 {
        let radius = if point % 2 == 0 { 0.45 } else { 0.19 };
        let angle = -FRAC_PI_2 + f64::from(point) * PI / 5.0;
        let (x, y) = (0.5 + radius * angle.cos(), 0.52 + radius * angle.sin());
        if point == 0 {
            cr.move_to(x, y);
        } else {
            cr.line_to(x, y);
        }
    }
    cr.close_path();
    cr.fill()
}

/// A shield with a cross.
fn draw_shield(cr: &cairo::Context) -> Result<(), cairo::Error> {
    cr.move_to(0.15, 0.1);
    cr.line_to(0.85, 0.1);
    cr.line_to(0.85, 0.45);
    cr.curve_to(0.85, 0.75, 0.6, 0.85, 0.5, 0.95);
    cr.curve_to(0.4, 0.85, 0.15, 0.75, 0.15, 0.45);
    cr.close_path();
    cr.stroke()?;
    cr.move_to(0.5, 0.22);
    cr.line_to(0.5, 0.78);
    cr.move_to(0.28, 0.42);
    cr.line_to(0.72, 0.42);
    cr.stroke()
}

/// A sailing ship on a wave.
fn draw_ship(cr: &cairo::Context) -> Result<(), cairo::Error> {
    cr.move_to(0.1, 0.62);
    cr.line_to(0.9, 0.62);
    cr.line_to(0.75, 0.8);
    cr.line_to(0.25, 0.8);
    cr.close_path();
    cr.fill()?;
    cr.move_to(0.5, 0.62);
    cr.line_to(0.5, 0.1);
    cr.stroke()?;
    cr.move_to(0.53, 0.14);
    cr.line_to(0.82, 0.52);
    cr.line_to(0.53, 0.52);
    cr.close_path();
    cr.fill()?;
    cr.move_to(0.05, 0.92);
    cr.curve_to(0.25, 0.84, 0.35, 1.0, 0.5, 0.92);
    cr.curve_to(0.65, 0.84, 0.75, 1.0, 0.95, 0.92);
    cr.stroke()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The picture of a card, as the bytes of a 40 × 56 image.
    fn picture(card: Card) -> Vec<u8> {
        let mut surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 40, 56).unwrap();
        {
            let cr = cairo::Context::new(&surface).unwrap();
            draw_card(&cr, card, 40.0, 56.0).unwrap();
        }
        surface.flush();
        surface.data().unwrap().to_vec()
    }

    #[test]
    fn every_card_has_a_name_and_a_reminder() {
        for card in Card::ALL {
            assert_eq!(card_name(card), card.name(), "untranslated name of {card}");
            let reminder = card_reminder(card);
            assert!(!reminder.is_empty() && !reminder.contains('\n'));
        }
        assert!(card_reminder(Card::General).contains("+1"));
    }

    #[test]
    fn every_card_draws_its_own_picture() {
        let pictures: Vec<Vec<u8>> = Card::ALL.into_iter().map(picture).collect();
        for (i, a) in pictures.iter().enumerate() {
            // Something was drawn: not one flat colour.
            let first = &a[..4];
            assert!(a.chunks_exact(4).any(|pixel| pixel != first));
            for b in &pictures[i + 1..] {
                assert_ne!(a, b, "two cards share a picture");
            }
        }
    }
}
