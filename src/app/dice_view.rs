//! The dice of the last roll: Cairo-drawn faces that tumble for a moment, then settle
//! on the faces rolled, with the dice that lost their comparison faded and ringed in
//! red (their faces still readable) and a General's or Marshall's +1 on the high die.
//! The battle panel owns one and feeds it rolls; the comparison itself is the engine's.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use relm4::gtk::{self, cairo, glib, prelude::*};

/// How long the dice tumble before they settle.
const TUMBLE: Duration = Duration::from_millis(400);

/// How often a tumbling die shows a new face.
const FRAME: Duration = Duration::from_millis(40);

/// Size of a die and the gap between dice, in pixels.
const DIE: f64 = 34.0;
const GAP: f64 = 8.0;

/// What the dice show.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DiceState {
    /// Faces rolled, highest first.
    pub attacker: Vec<u8>,
    pub defender: Vec<u8>,
    /// For each compared pair (highest against highest, …): whether the attacker won it.
    pub attacker_won: Vec<bool>,
    /// While tumbling: the frame number, which picks the faces shown instead.
    pub tumbling: Option<u32>,
    /// Die colours (0xRRGGBB) of the two sides.
    pub attacker_colour: u32,
    pub defender_colour: u32,
    /// A General's +1 on the attacker's high die, a Marshall's on the defender's.
    pub attacker_bonus: bool,
    pub defender_bonus: bool,
}

impl DiceState {
    /// The dice of a roll. The faces may come in any order; `attacker_losses` says how
    /// the comparisons went (a General or Marshall can turn the top one), so the
    /// crossed-out dice always agree with the engine's count.
    pub fn rolled(attacker: &[u8], defender: &[u8], attacker_losses: u8) -> DiceState {
        let mut attacker = attacker.to_vec();
        let mut defender = defender.to_vec();
        attacker.sort_unstable_by(|a, b| b.cmp(a));
        defender.sort_unstable_by(|a, b| b.cmp(a));
        let mut attacker_won: Vec<bool> =
            attacker.iter().zip(&defender).map(|(a, d)| a > d).collect();
        // Only the high dice carry modifiers: if the plain comparison disagrees with the
        // engine's losses, the top pair is the one that turned.
        let plain_losses = attacker_won.iter().filter(|&&won| !won).count();
        if plain_losses != usize::from(attacker_losses)
            && let Some(top) = attacker_won.first_mut()
        {
            *top = !*top;
        }
        DiceState {
            attacker,
            defender,
            attacker_won,
            ..DiceState::default()
        }
    }

    /// The face to draw for a die: the real one, or a changing one while tumbling.
    fn face(&self, side: usize, index: usize, real: u8) -> u8 {
        match self.tumbling {
            // A cheap scramble of frame, side and die: varied enough to look random.
            Some(frame) => {
                let mix = frame
                    .wrapping_mul(2_654_435_761)
                    .wrapping_add((side as u32 * 7 + index as u32) * 40_503);
                (mix >> 13) as u8 % 6 + 1
            }
            None => real,
        }
    }
}

/// A widget showing the dice of the last roll.
pub struct DiceView {
    area: gtk::DrawingArea,
    state: Rc<RefCell<DiceState>>,
    /// The running tumble, stopped when a new roll comes.
    animation: Rc<RefCell<Option<glib::SourceId>>>,
}

impl DiceView {
    /// An empty dice tray.
    pub fn new() -> Self {
        let area = gtk::DrawingArea::builder()
            .content_width((DIE * 3.0 + GAP * 4.0) as i32)
            .content_height((DIE * 2.0 + GAP * 3.0) as i32)
            .halign(gtk::Align::Center)
            .build();
        let state = Rc::new(RefCell::new(DiceState::default()));
        let shared = Rc::clone(&state);
        area.set_draw_func(move |_, cr, _width, _height| {
            // A failed Cairo call only loses this frame; the next draw tries again.
            let _ = draw_dice(cr, &shared.borrow());
        });
        DiceView {
            area,
            state,
            animation: Rc::new(RefCell::new(None)),
        }
    }

    /// The widget to put in a panel.
    pub fn widget(&self) -> &gtk::DrawingArea {
        &self.area
    }

    /// Shows a roll: the dice tumble, then settle (at once when the desktop asks for
    /// no animations).
    pub fn show_roll(&self, mut dice: DiceState) {
        if let Some(running) = self.animation.borrow_mut().take() {
            running.remove();
        }
        let animate = gtk::Settings::default().is_none_or(|s| s.is_gtk_enable_animations());
        dice.tumbling = animate.then_some(0);
        *self.state.borrow_mut() = dice;
        self.area.queue_draw();
        if !animate {
            return;
        }
        let frames = (TUMBLE.as_millis() / FRAME.as_millis()) as u32;
        let state = Rc::clone(&self.state);
        let area = self.area.clone();
        let animation = Rc::clone(&self.animation);
        let source = glib::timeout_add_local(FRAME, move || {
            let mut state = state.borrow_mut();
            let frame = state.tumbling.map_or(frames, |f| f + 1);
            state.tumbling = (frame < frames).then_some(frame);
            area.queue_draw();
            if state.tumbling.is_some() {
                glib::ControlFlow::Continue
            } else {
                animation.borrow_mut().take();
                glib::ControlFlow::Break
            }
        });
        *self.animation.borrow_mut() = Some(source);
    }

    /// Sets the colours of the two sides' dice.
    pub fn set_colours(&self, attacker: u32, defender: u32) {
        let mut state = self.state.borrow_mut();
        if (state.attacker_colour, state.defender_colour) != (attacker, defender) {
            state.attacker_colour = attacker;
            state.defender_colour = defender;
            self.area.queue_draw();
        }
    }

    /// Empties the tray (a new battle).
    pub fn clear(&self) {
        let mut state = self.state.borrow_mut();
        state.attacker.clear();
        state.defender.clear();
        state.attacker_won.clear();
        self.area.queue_draw();
    }

    /// Whether a roll is shown.
    pub fn has_dice(&self) -> bool {
        !self.state.borrow().attacker.is_empty()
    }

    /// Whether the dice are still tumbling.
    #[cfg(test)]
    pub fn is_tumbling(&self) -> bool {
        self.state.borrow().tumbling.is_some()
    }

    /// The dice's colours, attacker's and defender's.
    #[cfg(test)]
    pub fn colours(&self) -> (u32, u32) {
        let state = self.state.borrow();
        (state.attacker_colour, state.defender_colour)
    }
}

impl Drop for DiceView {
    fn drop(&mut self) {
        if let Some(running) = self.animation.borrow_mut().take() {
            running.remove();
        }
    }
}

/// Draws the attacker's dice on the top row and the defender's below, highest first,
/// so that the dice compared stand one above the other.
pub fn draw_dice(cr: &cairo::Context, dice: &DiceState) -> Result<(), cairo::Error> {
    let rows = [
        (&dice.attacker, dice.attacker_colour),
        (&dice.defender, dice.defender_colour),
    ];
    let bonuses = [dice.attacker_bonus, dice.defender_bonus];
    for (side, (faces, colour)) in rows.into_iter().enumerate() {
        let y = GAP + side as f64 * (DIE + GAP);
        for (index, &real) in faces.iter().enumerate() {
            let x = GAP + index as f64 * (DIE + GAP);
            draw_die(cr, x, y, DIE, dice.face(side, index, real), colour)?;
            let settled = dice.tumbling.is_none();
            let lost = settled
                && dice
                    .attacker_won
                    .get(index)
                    .is_some_and(|&attacker_won| attacker_won == (side == 1));
            if lost {
                draw_lost(cr, x, y, DIE)?;
            }
            if settled && index == 0 && bonuses[side] {
                draw_plus_one(cr, x, y, DIE)?;
            }
        }
    }
    Ok(())
}

/// One die: a rounded square in the side's colour with white or black pips, whichever
/// reads better on it.
fn draw_die(
    cr: &cairo::Context,
    x: f64,
    y: f64,
    size: f64,
    face: u8,
    colour: u32,
) -> Result<(), cairo::Error> {
    use std::f64::consts::{FRAC_PI_2, PI, TAU};
    let (r, g, b) = rgb(colour);
    let radius = size * 0.18;
    cr.new_sub_path();
    cr.arc(x + size - radius, y + radius, radius, -FRAC_PI_2, 0.0);
    cr.arc(x + size - radius, y + size - radius, radius, 0.0, FRAC_PI_2);
    cr.arc(x + radius, y + size - radius, radius, FRAC_PI_2, PI);
    cr.arc(x + radius, y + radius, radius, PI, 3.0 * FRAC_PI_2);
    cr.close_path();
    cr.set_source_rgb(r, g, b);
    cr.fill_preserve()?;
    cr.set_source_rgba(0.0, 0.0, 0.0, 0.5);
    cr.set_line_width(1.0);
    cr.stroke()?;

    let luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let pip = if luminance > 0.55 { 0.1 } else { 0.97 };
    cr.set_source_rgb(pip, pip, pip);
    for (px, py) in pips(face) {
        cr.arc(
            x + size * (0.5 + px * 0.27),
            y + size * (0.5 + py * 0.27),
            size * 0.09,
            0.0,
            TAU,
        );
        cr.fill()?;
    }
    Ok(())
}

/// A die that lost its comparison: faded under a grey veil and ringed in red, its
/// pips left clear (a cross over them hid the face that lost).
fn draw_lost(cr: &cairo::Context, x: f64, y: f64, size: f64) -> Result<(), cairo::Error> {
    cr.set_source_rgba(0.5, 0.5, 0.5, 0.45);
    cr.rectangle(x, y, size, size);
    cr.fill()?;
    cr.set_source_rgba(0.85, 0.1, 0.1, 0.95);
    cr.set_line_width(3.0);
    cr.rectangle(x - 1.5, y - 1.5, size + 3.0, size + 3.0);
    cr.stroke()
}

/// A "+1" badge on the high die's corner: the General's or Marshall's bonus.
fn draw_plus_one(cr: &cairo::Context, x: f64, y: f64, size: f64) -> Result<(), cairo::Error> {
    use std::f64::consts::TAU;
    let radius = size * 0.3;
    // On the corner, but inside the tray: the top row sits `GAP` below its edge.
    let (cx, cy) = (x + size, y + radius - GAP + 1.0);
    cr.arc(cx, cy, radius, 0.0, TAU);
    cr.set_source_rgb(0.95, 0.75, 0.1);
    cr.fill_preserve()?;
    cr.set_source_rgb(0.2, 0.15, 0.0);
    cr.set_line_width(1.0);
    cr.stroke()?;
    cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
    cr.set_font_size(radius * 1.1);
    let extents = cr.text_extents("+1")?;
    cr.move_to(
        cx - extents.width() / 2.0 - extents.x_bearing(),
        cy - extents.height() / 2.0 - extents.y_bearing(),
    );
    cr.show_text("+1")
}

/// Pip positions of a face, in −1…1 both ways.
fn pips(face: u8) -> &'static [(f64, f64)] {
    match face {
        1 => &[(0.0, 0.0)],
        2 => &[(-1.0, -1.0), (1.0, 1.0)],
        3 => &[(-1.0, -1.0), (0.0, 0.0), (1.0, 1.0)],
        4 => &[(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)],
        5 => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (0.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
        _ => &[
            (-1.0, -1.0),
            (1.0, -1.0),
            (-1.0, 0.0),
            (1.0, 0.0),
            (-1.0, 1.0),
            (1.0, 1.0),
        ],
    }
}

/// 0xRRGGBB as Cairo's 0…1 channels.
pub fn rgb(colour: u32) -> (f64, f64, f64) {
    let channel = |shift: u32| f64::from((colour >> shift) & 0xff) / 255.0;
    (channel(16), channel(8), channel(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_are_sorted_and_crossed_as_the_engine_counted() {
        let dice = DiceState::rolled(&[2, 6, 4], &[3, 5], 0);
        assert_eq!(dice.attacker, [6, 4, 2]);
        assert_eq!(dice.defender, [5, 3]);
        assert_eq!(dice.attacker_won, [true, true]);
        // Ties go to the defender.
        let tie = DiceState::rolled(&[4, 1], &[4, 1], 2);
        assert_eq!(tie.attacker_won, [false, false]);
    }

    #[test]
    fn a_modifier_turns_the_top_comparison() {
        // 5 against 5 is the defender's, but with a General the attacker lost nothing.
        let general = DiceState::rolled(&[5, 3], &[5, 2], 0);
        assert_eq!(general.attacker_won, [true, true]);
        // 6 against 5 is the attacker's, but a Marshall made it a tie.
        let marshall = DiceState::rolled(&[6], &[5], 1);
        assert_eq!(marshall.attacker_won, [false]);
    }

    #[test]
    fn tumbling_shows_real_dice_faces_and_settles_on_the_roll() {
        let mut dice = DiceState::rolled(&[6, 1], &[3], 0);
        dice.tumbling = Some(3);
        let shown: Vec<u8> = (0..20)
            .map(|frame| {
                dice.tumbling = Some(frame);
                dice.face(0, 0, 6)
            })
            .collect();
        assert!(shown.iter().all(|f| (1..=6).contains(f)));
        assert!(shown.windows(2).any(|w| w[0] != w[1]), "the faces change");
        dice.tumbling = None;
        assert_eq!(dice.face(0, 1, 1), 1);
    }

    #[test]
    fn dice_draw_in_the_side_colours() {
        let mut dice = DiceState::rolled(&[6, 5, 4], &[1, 1], 0);
        dice.attacker_colour = 0xc01c28;
        dice.defender_colour = 0x1c71d8;
        let mut surface = cairo::ImageSurface::create(cairo::Format::Rgb24, 140, 90).unwrap();
        {
            let cr = cairo::Context::new(&surface).unwrap();
            draw_dice(&cr, &dice).unwrap();
        }
        surface.flush();
        let stride = surface.stride() as usize;
        let data = surface.data().unwrap();
        // Near the top-left corner of the first die of each row (BGRx in memory).
        let pixel = |x: usize, y: usize| {
            let at = y * stride + x * 4;
            (data[at + 2], data[at + 1], data[at])
        };
        assert_eq!(pixel(10, 25), (0xc0, 0x1c, 0x28));
        // The defender's dice lost: faded towards grey, still blue rather than red.
        let (r, g, b) = pixel(10, 25 + 42);
        assert_ne!((r, g, b), (0x1c, 0x71, 0xd8));
        assert!(b > r && r > 0x1c, "faded blue: {r:x} {g:x} {b:x}");
        // Ringed in red just outside the die.
        assert!(pixel(7, 25 + 42).0 > 0xc0);
    }

    #[test]
    fn the_bonus_shows_on_the_high_die_once_settled() {
        let draw = |dice: &DiceState| {
            let mut surface = cairo::ImageSurface::create(cairo::Format::Rgb24, 140, 90).unwrap();
            {
                let cr = cairo::Context::new(&surface).unwrap();
                draw_dice(&cr, dice).unwrap();
            }
            surface.flush();
            let stride = surface.stride() as usize;
            let data = surface.data().unwrap();
            // Inside the badge, under its text, on the high die's top-right corner.
            let at = (GAP as usize + 11) * stride + (GAP + DIE) as usize * 4;
            (data[at + 2], data[at + 1], data[at])
        };
        let mut dice = DiceState::rolled(&[6, 5], &[4, 1], 0);
        dice.attacker_colour = 0x1c71d8;
        let plain = draw(&dice);
        dice.attacker_bonus = true;
        let yellow = draw(&dice);
        assert_ne!(plain, yellow);
        assert!(
            yellow.0 > 0xd0 && yellow.2 < 0x40,
            "a yellow badge: {yellow:x?}"
        );
        dice.tumbling = Some(2);
        assert_ne!(draw(&dice), yellow, "no badge while tumbling");
    }

    #[test]
    fn colours_split_into_channels() {
        assert_eq!(rgb(0xff0000), (1.0, 0.0, 0.0));
        assert_eq!(rgb(0x0000ff), (0.0, 0.0, 1.0));
    }
}
