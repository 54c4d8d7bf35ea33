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
    /// The keyboard focus ring, in the desktop's accent blue, on a halo.
    pub focus: Colour,
    pub target_adjacent: Colour,
    pub target_across_sea: Colour,
    /// Laid over the land that is not a target while there are targets, so that the
    /// targets stand out by lightness, whatever their colours.
    pub veil: Colour,
    /// Whether targets reached by land are outlined as well (high contrast), rather
    /// than shown by the veil over the rest alone.
    pub outline_targets: bool,
    /// The attack arrow: a body that reads on every seat colour, edged with a halo.
    pub arrow_body: Colour,
    pub arrow_edge: Colour,
    /// The ring round army badges and castle walls.
    pub ink: Colour,
    pub castle_stone: Colour,
    /// How much a seat colour is softened towards [`Palette::land`] to fill a territory:
    /// little, so that strong colour always means "owned".
    seat_fill_softening: f64,
    /// Share of an empire's tint in the fill of its unowned territories: small, so that
    /// unowned land reads as tinted parchment, never as a seat's colour.
    unowned_empire_tint: f64,
    /// The same for independent regions, whose board tints are already pale.
    unowned_independent_tint: f64,
    /// Share of the group's tint in the band along the edges of an owned territory,
    /// which keeps the empires readable once every territory has an owner.
    owned_band_tint: f64,
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
            focus: Colour::hex(0x1c71d8),
            target_adjacent: Colour::hex(0x1a1a1a),
            target_across_sea: Colour::hex(0x0b4f7a),
            veil: Colour::hex(0x4a463f).with_alpha(0.28),
            outline_targets: false,
            arrow_body: Colour::hex(0x231d14),
            arrow_edge: Colour::hex(0xf7f2e6),
            ink: Colour::hex(0x231d14),
            castle_stone: Colour::hex(0xd9d2c3),
            seat_fill_softening: 0.1,
            unowned_empire_tint: 0.26,
            unowned_independent_tint: 0.25,
            owned_band_tint: 0.75,
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
            land: Colour::hex(0x33302b),
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
            focus: Colour::hex(0x78aeed),
            target_adjacent: Colour::hex(0xf5f0e4),
            target_across_sea: Colour::hex(0x7fd0ff),
            veil: Colour::hex(0x000000).with_alpha(0.3),
            outline_targets: false,
            arrow_body: Colour::hex(0xf5f0e4),
            arrow_edge: Colour::hex(0x0d0c0a),
            ink: Colour::hex(0x0d0c0a),
            castle_stone: Colour::hex(0xb9b2a4),
            seat_fill_softening: 0.1,
            unowned_empire_tint: 0.3,
            unowned_independent_tint: 0.25,
            owned_band_tint: 0.6,
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
            veil: Colour::hex(0x000000).with_alpha(if self.dark { 0.35 } else { 0.2 }),
            outline_targets: true,
            arrow_body: ink,
            arrow_edge: paper,
            target_across_sea: if self.dark {
                Colour::hex(0x7fd0ff)
            } else {
                Colour::hex(0x003a60)
            },
            land: paper,
            seat_fill_softening: 0.0,
            unowned_empire_tint: 0.22,
            unowned_independent_tint: 0.15,
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

    /// How a territory held by `seat` is filled: the seat colour, hardly softened.
    pub fn seat_fill(&self, seat: u8) -> Colour {
        self.seat(seat).mix(self.land, self.seat_fill_softening)
    }

    /// Black or white, whichever reads better on the seat's colour.
    pub fn seat_text(&self, seat: u8) -> Colour {
        readable_on(self.seat(seat))
    }

    /// A group's own tint: the board's colour for it, or a built-in one.
    pub fn group_tint(&self, index: usize, group: &Group) -> Colour {
        group
            .colour
            .map(Colour::from_rgb)
            .unwrap_or_else(|| FALLBACK_GROUP_TINTS[index % FALLBACK_GROUP_TINTS.len()])
    }

    /// How an unowned territory of a group is filled: parchment with a little of the
    /// group's tint (independents are hatched as well).
    pub fn group_fill(&self, index: usize, group: &Group) -> Colour {
        let share = match group.kind {
            GroupKind::Empire => self.unowned_empire_tint,
            GroupKind::Independent => self.unowned_independent_tint,
        };
        self.land.mix(self.group_tint(index, group), share)
    }

    /// The band along the edges of an owned territory, in its group's tint.
    pub fn group_band(&self, index: usize, group: &Group) -> Colour {
        self.land
            .mix(self.group_tint(index, group), self.owned_band_tint)
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

    fn style_name(palette: &Palette) -> String {
        format!(
            "{}{}",
            if palette.dark { "dark" } else { "light" },
            if palette.high_contrast {
                ", high contrast"
            } else {
                ""
            }
        )
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
    fn badge_text_is_readable_on_every_seat_colour_in_every_style() {
        for palette in every_style() {
            for seat in 0..SEAT_COLOURS as u8 {
                let contrast = palette.seat(seat).contrast(palette.seat_text(seat));
                assert!(contrast >= 4.5, "seat {seat}: {contrast}");
            }
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

    fn group(kind: GroupKind, colour: Option<Rgb>) -> Group {
        Group {
            key: "g".into(),
            name: "G".into(),
            kind,
            bonus: 0,
            colour,
            territories: Vec::new(),
        }
    }

    /// Every unowned fill a board can give: the shipped board's groups, and every
    /// built-in tint as an empire and as an independent region.
    fn every_unowned_fill(palette: &Palette) -> Vec<Colour> {
        let board = crate::map::test_boards::shipped_castle_risk();
        let mut fills: Vec<Colour> = board
            .groups
            .iter()
            .enumerate()
            .map(|(i, g)| palette.group_fill(i, g))
            .collect();
        for i in 0..FALLBACK_GROUP_TINTS.len() {
            for kind in [GroupKind::Empire, GroupKind::Independent] {
                fills.push(palette.group_fill(i, &group(kind, None)));
            }
        }
        fills
    }

    /// CIELAB chroma: how far from grey a colour is.
    fn chroma(colour: Colour) -> f64 {
        let [_, a, b] = lab_as_seen(colour, NORMAL);
        a.hypot(b)
    }

    /// The smallest colour difference between a colour of `a` and one of `b`, as seen
    /// with each kind of colour vision.
    fn smallest_difference_between(a: &[Colour], b: &[Colour], vision: [[f64; 3]; 3]) -> f64 {
        let mut smallest = f64::INFINITY;
        for &x in a {
            for &y in b {
                let (p, q) = (lab_as_seen(x, vision), lab_as_seen(y, vision));
                let delta =
                    ((p[0] - q[0]).powi(2) + (p[1] - q[1]).powi(2) + (p[2] - q[2]).powi(2)).sqrt();
                smallest = smallest.min(delta);
            }
        }
        smallest
    }

    #[test]
    fn unowned_land_is_never_mistaken_for_an_owned_territory() {
        // Before, a vermilion seat's Vienna looked like British land, a blue seat's
        // Bulgaria like French land.
        for palette in every_style() {
            let unowned = every_unowned_fill(&palette);
            let owned: Vec<Colour> = (0..SEAT_COLOURS as u8)
                .map(|s| palette.seat_fill(s))
                .collect();
            // Strong colour means owned: every seat fill is more colourful than any
            // unowned land.
            let most_colourful_unowned = unowned.iter().map(|&c| chroma(c)).fold(0.0, f64::max);
            let least_colourful_owned = owned.iter().map(|&c| chroma(c)).fold(f64::MAX, f64::min);
            let style = style_name(&palette);
            assert!(
                least_colourful_owned > most_colourful_unowned + 8.0,
                "{style}: chroma {least_colourful_owned} vs {most_colourful_unowned}"
            );
            let normal = smallest_difference_between(&unowned, &owned, NORMAL);
            assert!(normal > 25.0, "{style}: ΔE {normal}");
            for vision in [PROTANOPIA, DEUTERANOPIA, TRITANOPIA] {
                let seen = smallest_difference_between(&unowned, &owned, vision);
                assert!(seen > 7.0, "{style}: ΔE {seen}");
            }
        }
    }

    #[test]
    fn independents_show_less_tint_than_empires_of_the_same_tint() {
        let tint = Some(Rgb {
            r: 200,
            g: 80,
            b: 80,
        });
        for palette in every_style() {
            let empire = palette.group_fill(0, &group(GroupKind::Empire, tint));
            let independent = palette.group_fill(0, &group(GroupKind::Independent, tint));
            assert!(
                chroma(independent) < chroma(empire),
                "{}",
                style_name(&palette)
            );
        }
    }

    #[test]
    fn the_band_of_an_owned_territory_shows_its_groups_tint() {
        // The band is nearer the group's own tint than the unowned fill is.
        for palette in every_style() {
            let board = crate::map::test_boards::shipped_castle_risk();
            for (i, g) in board.groups.iter().enumerate() {
                let tint = palette.group_tint(i, g);
                let band = palette.group_band(i, g);
                let fill = palette.group_fill(i, g);
                let distance = |c: Colour| smallest_difference_between(&[c], &[tint], NORMAL);
                assert!(
                    distance(band) < distance(fill),
                    "{}: {}",
                    g.key,
                    style_name(&palette)
                );
            }
        }
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
