//! The map's colours for the light, dark and high-contrast styles: seat colours (an
//! Okabe–Ito based set that stays distinct for colour-blind players), group tints, sea,
//! borders, text and highlights; and a style for paper. Which style applies is the
//! app's business.

use castellan_engine::board::{Group, GroupKind, Rgb};

/// Seats the palette has distinct colours for; more seats reuse them in turn.
pub const SEAT_COLOURS: usize = 6;

/// An sRGB colour with alpha, each channel in `0.0..=1.0`, as Cairo takes it.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Colour {
    pub r: f64,
    pub g: f64,
    pub b: f64,
    pub a: f64,
}

impl Colour {
    /// An opaque colour from `0xRRGGBB`.
    pub const fn hex(rgb: u32) -> Self {
        Self {
            r: ((rgb >> 16) & 0xff) as f64 / 255.0,
            g: ((rgb >> 8) & 0xff) as f64 / 255.0,
            b: (rgb & 0xff) as f64 / 255.0,
            a: 1.0,
        }
    }

    /// An opaque colour from a board file's tint.
    pub fn from_rgb(rgb: Rgb) -> Self {
        Self {
            r: f64::from(rgb.r) / 255.0,
            g: f64::from(rgb.g) / 255.0,
            b: f64::from(rgb.b) / 255.0,
            a: 1.0,
        }
    }

    /// The same colour with another opacity.
    pub const fn with_alpha(self, a: f64) -> Self {
        Self { a, ..self }
    }

    /// `self` moved towards `other` by `share` (0 keeps `self`, 1 gives `other`).
    pub fn mix(self, other: Colour, share: f64) -> Self {
        let lerp = |a: f64, b: f64| a + (b - a) * share;
        Self {
            r: lerp(self.r, other.r),
            g: lerp(self.g, other.g),
            b: lerp(self.b, other.b),
            a: lerp(self.a, other.a),
        }
    }

    /// WCAG relative luminance (alpha ignored).
    pub fn luminance(self) -> f64 {
        let linear = |c: f64| {
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(self.r) + 0.7152 * linear(self.g) + 0.0722 * linear(self.b)
    }

    /// WCAG contrast ratio between two opaque colours (1 to 21).
    pub fn contrast(self, other: Colour) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// Sets this colour as the Cairo source.
    pub fn apply(self, cr: &cairo::Context) {
        cr.set_source_rgba(self.r, self.g, self.b, self.a);
    }
}

/// Okabe & Ito's colour-blind-safe set without its sky blue (too close to the sea) and
/// black (the ink): vermilion, blue, bluish green, yellow, reddish purple, orange, as
/// `0xRRGGBB`. The new-game dialog offers exactly these, and no two seats share one.
pub const SEAT_RGB: [u32; SEAT_COLOURS] =
    [0xd55e00, 0x0072b2, 0x009e73, 0xf0e442, 0xcc79a7, 0xe69f00];

const SEATS: [Colour; SEAT_COLOURS] = [
    Colour::hex(SEAT_RGB[0]),
    Colour::hex(SEAT_RGB[1]),
    Colour::hex(SEAT_RGB[2]),
    Colour::hex(SEAT_RGB[3]),
    Colour::hex(SEAT_RGB[4]),
    Colour::hex(SEAT_RGB[5]),
];

/// Tints for groups whose board file gives no colour, in group order: muted enough to
/// stay apart from the seat colours, which mark owned territories.
const FALLBACK_GROUP_TINTS: [Colour; 9] = [
    Colour::hex(0xc98b7f),
    Colour::hex(0x8fa5c9),
    Colour::hex(0xa9a593),
    Colour::hex(0xd3b574),
    Colour::hex(0x9dbb88),
    Colour::hex(0xbf9bc4),
    Colour::hex(0x8cbfb9),
    Colour::hex(0xd0a38a),
    Colour::hex(0xb4b07c),
];

/// Every colour and stroke width the map uses, for one style.
#[derive(Clone, Debug, PartialEq)]
pub struct Palette {
    pub dark: bool,
    pub high_contrast: bool,
    /// Open water, and the letterbox around the board.
    pub sea: Colour,
    /// A band of lighter water along every coast.
    pub shallows: Colour,
    /// Deeper water: one of the tints that tell a board's seas apart.
    pub sea_deep: Colour,
    /// Sea names.
    pub sea_text: Colour,
    /// The "paper" that group tints and seat colours are softened towards.
    pub land: Colour,
    /// Thin lines between territories, and coasts.
    pub border: Colour,
    pub border_width: f64,
    /// Thick lines where empires and regions meet.
    pub frontier: Colour,
    pub frontier_width: f64,
    /// Dotted lines across water.
    pub strait: Colour,
    /// Diagonal hatching on independent territories.
    pub hatch: Colour,
    /// Territory names, and the halo behind them.
    pub text: Colour,
    pub text_halo: Colour,
    pub hover: Colour,
    pub hover_outline: Colour,
    /// Selection: a dark outer and a light inner ring, visible on any fill.
    pub selection_outer: Colour,
    pub selection_inner: Colour,
    pub target_adjacent: Colour,
    pub target_across_sea: Colour,
    /// The light wash over a highlighted target.
    pub target_wash: Colour,
    /// The ring round army badges, castle walls and the arrow's edge.
    pub ink: Colour,
    pub castle_stone: Colour,
    /// How much a seat colour is softened towards [`Palette::land`] to fill a territory.
    seat_fill_softening: f64,
}

impl Palette {
    /// The palette for a style: light or dark, normal or high contrast.
    pub fn new(dark: bool, high_contrast: bool) -> Self {
        let normal = if dark { Self::dark() } else { Self::light() };
        if high_contrast {
            normal.with_high_contrast()
        } else {
            normal
        }
    }

    /// For paper (the reference sheet): pale water and white land, so that the group
    /// tints show and toner is spared, with black frontiers and darker hatching that
    /// survive printing in grey.
    pub fn print() -> Self {
        let ink = Colour::hex(0x1d1a16);
        Self {
            sea: Colour::hex(0xdce8ef),
            shallows: Colour::hex(0xedf3f6),
            sea_text: Colour::hex(0x3f5a6c),
            land: Colour::hex(0xffffff),
            border: Colour::hex(0x4a4238).with_alpha(0.8),
            frontier: ink,
            strait: ink,
            hatch: ink.with_alpha(0.45),
            text: ink,
            text_halo: Colour::hex(0xffffff).with_alpha(0.9),
            ink,
            ..Self::light()
        }
    }

    fn light() -> Self {
        Self {
            dark: false,
            high_contrast: false,
            sea: Colour::hex(0xa9c9dc),
            shallows: Colour::hex(0xc6dde9),
            sea_deep: Colour::hex(0x7ea8c4),
            sea_text: Colour::hex(0x3f6680),
            land: Colour::hex(0xf2ead6),
            border: Colour::hex(0x5c5243).with_alpha(0.75),
            border_width: 1.0,
            frontier: Colour::hex(0x3a3024),
            frontier_width: 3.0,
            strait: Colour::hex(0x2f4f66),
            hatch: Colour::hex(0x3a3024).with_alpha(0.22),
            text: Colour::hex(0x231d14),
            text_halo: Colour::hex(0xf7f2e6).with_alpha(0.85),
            hover: Colour::hex(0xffffff).with_alpha(0.18),
            hover_outline: Colour::hex(0x231d14),
            selection_outer: Colour::hex(0x1a1a1a),
            selection_inner: Colour::hex(0xffffff),
            target_adjacent: Colour::hex(0x1a1a1a),
            target_across_sea: Colour::hex(0x0b4f7a),
            target_wash: Colour::hex(0xffffff).with_alpha(0.2),
            ink: Colour::hex(0x231d14),
            castle_stone: Colour::hex(0xd9d2c3),
            seat_fill_softening: 0.3,
        }
    }

    fn dark() -> Self {
        Self {
            dark: true,
            high_contrast: false,
            sea: Colour::hex(0x1b2a36),
            shallows: Colour::hex(0x243a4a),
            sea_deep: Colour::hex(0x0f1b25),
            sea_text: Colour::hex(0x8fb3cc),
            land: Colour::hex(0x3b3832),
            border: Colour::hex(0x0d0c0a).with_alpha(0.8),
            border_width: 1.0,
            frontier: Colour::hex(0x0b0a08),
            frontier_width: 3.0,
            strait: Colour::hex(0xa9c6da),
            hatch: Colour::hex(0xf2ead6).with_alpha(0.18),
            text: Colour::hex(0xf5f0e4),
            text_halo: Colour::hex(0x15130f).with_alpha(0.8),
            hover: Colour::hex(0xffffff).with_alpha(0.15),
            hover_outline: Colour::hex(0xf5f0e4),
            selection_outer: Colour::hex(0x000000),
            selection_inner: Colour::hex(0xffffff),
            target_adjacent: Colour::hex(0xf5f0e4),
            target_across_sea: Colour::hex(0x7fd0ff),
            target_wash: Colour::hex(0xffffff).with_alpha(0.12),
            ink: Colour::hex(0x0d0c0a),
            castle_stone: Colour::hex(0xb9b2a4),
            seat_fill_softening: 0.32,
        }
    }

    /// Stronger borders and text, opaque halos, owner colours hardly softened.
    fn with_high_contrast(self) -> Self {
        let (ink, paper) = if self.dark {
            (Colour::hex(0xffffff), Colour::hex(0x000000))
        } else {
            (Colour::hex(0x000000), Colour::hex(0xffffff))
        };
        Self {
            high_contrast: true,
            sea: if self.dark {
                Colour::hex(0x0a1a2a)
            } else {
                Colour::hex(0xcfe6f7)
            },
            shallows: if self.dark {
                Colour::hex(0x12314a)
            } else {
                Colour::hex(0xe8f4fc)
            },
            sea_deep: if self.dark {
                Colour::hex(0x05101c)
            } else {
                Colour::hex(0xa9d2ee)
            },
            sea_text: ink,
            border: ink,
            border_width: 1.5,
            frontier: ink,
            frontier_width: 4.0,
            strait: ink,
            hatch: ink.with_alpha(0.4),
            text: ink,
            text_halo: paper,
            hover: paper.with_alpha(0.45),
            hover_outline: ink,
            target_adjacent: ink,
            target_across_sea: if self.dark {
                Colour::hex(0x7fd0ff)
            } else {
                Colour::hex(0x003a60)
            },
            seat_fill_softening: 0.15,
            ..self
        }
    }

    /// The water of a board's sea, by its index: four tints of the sea colour in turn,
    /// so that seas next to each other (consecutive in a board file, usually) differ.
    pub fn sea_tint(&self, index: usize) -> Colour {
        match index % 4 {
            0 => self.sea,
            1 => self.sea.mix(self.sea_deep, 0.35),
            2 => self.sea.mix(self.shallows, 0.45),
            _ => self.sea.mix(self.sea_deep, 0.65),
        }
    }

    /// A seat's own colour, as on its army badges.
    pub fn seat(&self, seat: u8) -> Colour {
        SEATS[usize::from(seat) % SEAT_COLOURS]
    }

    /// How a territory held by `seat` is filled: the seat colour, a little softened
    /// so that names stay readable on it.
    pub fn seat_fill(&self, seat: u8) -> Colour {
        self.seat(seat).mix(self.land, self.seat_fill_softening)
    }

    /// Black or white, whichever reads better on the seat's colour.
    pub fn seat_text(&self, seat: u8) -> Colour {
        readable_on(self.seat(seat))
    }

    /// How an unowned territory of a group is filled: the board's tint for the group
    /// (or a built-in one), softened; independents are paler still, and hatched.
    pub fn group_fill(&self, index: usize, group: &Group) -> Colour {
        let tint = group
            .colour
            .map(Colour::from_rgb)
            .unwrap_or_else(|| FALLBACK_GROUP_TINTS[index % FALLBACK_GROUP_TINTS.len()]);
        let softening = match (group.kind, self.dark) {
            (GroupKind::Empire, false) => 0.35,
            (GroupKind::Independent, false) => 0.6,
            (GroupKind::Empire, true) => 0.55,
            (GroupKind::Independent, true) => 0.72,
        };
        tint.mix(self.land, softening)
    }
}

/// Black or white text, whichever has the higher contrast on `background`.
pub fn readable_on(background: Colour) -> Colour {
    let (black, white) = (Colour::hex(0x000000), Colour::hex(0xffffff));
    if background.contrast(black) >= background.contrast(white) {
        black
    } else {
        white
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// CIELAB of a colour as seen with a colour-vision deficiency, simulated with the
    /// Machado, Oliveira & Fernandes (2009) matrices at full severity.
    fn lab_as_seen(colour: Colour, deficiency: [[f64; 3]; 3]) -> [f64; 3] {
        let linear = |c: f64| {
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let rgb = [linear(colour.r), linear(colour.g), linear(colour.b)];
        let seen: Vec<f64> = deficiency
            .iter()
            .map(|row| (row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2]).clamp(0.0, 1.0))
            .collect();
        let x = 0.4124 * seen[0] + 0.3576 * seen[1] + 0.1805 * seen[2];
        let y = 0.2126 * seen[0] + 0.7152 * seen[1] + 0.0722 * seen[2];
        let z = 0.0193 * seen[0] + 0.1192 * seen[1] + 0.9505 * seen[2];
        let f = |t: f64| {
            if t > 0.008856 {
                t.cbrt()
            } else {
                7.787 * t + 16.0 / 116.0
            }
        };
        let (fx, fy, fz) = (f(x / 0.95047), f(y), f(z / 1.08883));
        [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
    }

    const NORMAL: [[f64; 3]; 3] = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    const PROTANOPIA: [[f64; 3]; 3] = [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ];
    const DEUTERANOPIA: [[f64; 3]; 3] = [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ];
    const TRITANOPIA: [[f64; 3]; 3] = [
        [1.255528, -0.076749, -0.178779],
        [-0.078411, 0.930809, 0.147602],
        [0.004733, 0.691367, 0.303900],
    ];

    fn smallest_difference(colours: &[Colour]) -> f64 {
        let mut smallest = f64::INFINITY;
        for vision in [NORMAL, PROTANOPIA, DEUTERANOPIA, TRITANOPIA] {
            let labs: Vec<[f64; 3]> = colours.iter().map(|&c| lab_as_seen(c, vision)).collect();
            for (i, a) in labs.iter().enumerate() {
                for b in &labs[i + 1..] {
                    let delta =
                        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2))
                            .sqrt();
                    smallest = smallest.min(delta);
                }
            }
        }
        smallest
    }

    fn every_style() -> [Palette; 4] {
        [
            Palette::new(false, false),
            Palette::new(true, false),
            Palette::new(false, true),
            Palette::new(true, true),
        ]
    }

    #[test]
    fn seat_colours_stay_apart_for_colour_blind_players() {
        // ΔE 15 is far beyond "just noticeable" (about 2.3).
        assert!(smallest_difference(&SEATS) > 15.0);
    }

    #[test]
    fn seat_fills_stay_apart_from_each_other_and_from_the_sea() {
        for palette in every_style() {
            let mut colours: Vec<Colour> = (0..SEAT_COLOURS as u8)
                .map(|s| palette.seat_fill(s))
                .collect();
            colours.push(palette.sea);
            assert!(smallest_difference(&colours) > 10.0, "{palette:?}");
        }
    }

    #[test]
    fn badge_text_is_readable_on_every_seat_colour() {
        let palette = Palette::new(false, false);
        for seat in 0..SEAT_COLOURS as u8 {
            let contrast = palette.seat(seat).contrast(palette.seat_text(seat));
            assert!(contrast >= 4.5, "seat {seat}: {contrast}");
        }
    }

    #[test]
    fn names_are_readable_on_their_halo_in_every_style() {
        for palette in every_style() {
            let halo = palette.text_halo.with_alpha(1.0);
            assert!(palette.text.contrast(halo) >= 7.0, "{palette:?}");
        }
    }

    #[test]
    fn seats_beyond_the_sixth_reuse_the_colours() {
        let palette = Palette::new(false, false);
        assert_eq!(palette.seat(6), palette.seat(0));
        assert_ne!(palette.seat(1), palette.seat(0));
    }

    #[test]
    fn independents_are_paler_than_empires_of_the_same_tint() {
        let palette = Palette::new(false, false);
        let tint = Some(Rgb {
            r: 200,
            g: 80,
            b: 80,
        });
        let group = |kind| Group {
            key: "g".into(),
            name: "G".into(),
            kind,
            bonus: 0,
            colour: tint,
            territories: Vec::new(),
        };
        let empire = palette.group_fill(0, &group(GroupKind::Empire));
        let independent = palette.group_fill(0, &group(GroupKind::Independent));
        assert!(independent.luminance() > empire.luminance());
        assert!(empire.contrast(independent) > 1.1);
    }

    #[test]
    fn the_print_style_keeps_group_tints_apart_from_the_water() {
        let palette = Palette::print();
        let board = crate::map::test_boards::shipped_castle_risk();
        for (index, group) in board.groups.iter().enumerate() {
            let fill = palette.group_fill(index, group);
            assert!(fill.contrast(palette.frontier) >= 7.0, "{}", group.key);
            assert_ne!(fill, palette.sea, "{}", group.key);
        }
        assert!(palette.text.contrast(palette.text_halo.with_alpha(1.0)) >= 7.0);
    }

    #[test]
    fn high_contrast_borders_are_wider_and_opaque() {
        let normal = Palette::new(false, false);
        let high = Palette::new(false, true);
        assert!(high.frontier_width > normal.frontier_width);
        assert!(high.border_width > normal.border_width);
        assert_eq!(high.border.a, 1.0);
        assert!(high.frontier_width > high.border_width);
        assert!(normal.frontier_width > normal.border_width);
    }
}
