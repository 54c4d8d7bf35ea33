//! The charts' colours, light and dark: the Okabe–Ito palette (told apart by people
//! with any common colour blindness) on a plain ground, with text and grid lines
//! contrasting with the ground.

/// A colour, 0 to 1 per channel.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Colour(pub f64, pub f64, pub f64);

impl Colour {
    const fn hex(rgb: u32) -> Self {
        Colour(
            ((rgb >> 16) & 0xff) as f64 / 255.0,
            ((rgb >> 8) & 0xff) as f64 / 255.0,
            (rgb & 0xff) as f64 / 255.0,
        )
    }

    pub fn apply(self, cr: &cairo::Context) {
        cr.set_source_rgb(self.0, self.1, self.2);
    }
}

/// Light or dark charts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

/// Every colour a chart uses.
#[derive(Copy, Clone, Debug)]
pub struct Palette {
    pub ground: Colour,
    pub text: Colour,
    /// Secondary text: axis labels, captions.
    pub muted: Colour,
    pub grid: Colour,
    /// Bars of a share significantly above its fair value, below it, or neither.
    pub above: Colour,
    pub below: Colour,
    pub neutral: Colour,
    /// The two runs of a comparison.
    pub first: Colour,
    pub second: Colour,
    /// The confidence intervals' whiskers and the fair share's line.
    pub ink: Colour,
    /// One colour per position in the order of play.
    pub positions: [Colour; 6],
}

const OKABE_ITO: [Colour; 6] = [
    Colour::hex(0x0072b2),
    Colour::hex(0xe69f00),
    Colour::hex(0x009e73),
    Colour::hex(0xcc79a7),
    Colour::hex(0x56b4e9),
    Colour::hex(0xd55e00),
];

impl Theme {
    pub fn palette(self) -> Palette {
        match self {
            Theme::Light => Palette {
                ground: Colour::hex(0xffffff),
                text: Colour::hex(0x241f31),
                muted: Colour::hex(0x5e5c64),
                grid: Colour::hex(0xdeddda),
                above: Colour::hex(0x0072b2),
                below: Colour::hex(0xd55e00),
                neutral: Colour::hex(0x9a9996),
                first: Colour::hex(0x0072b2),
                second: Colour::hex(0xe69f00),
                ink: Colour::hex(0x241f31),
                positions: OKABE_ITO,
            },
            Theme::Dark => Palette {
                ground: Colour::hex(0x242424),
                text: Colour::hex(0xffffff),
                muted: Colour::hex(0xc0bfbc),
                grid: Colour::hex(0x4a4a4a),
                above: Colour::hex(0x56b4e9),
                below: Colour::hex(0xe69f00),
                neutral: Colour::hex(0x77767b),
                first: Colour::hex(0x56b4e9),
                second: Colour::hex(0xe69f00),
                ink: Colour::hex(0xf6f5f4),
                positions: [
                    Colour::hex(0x56b4e9),
                    Colour::hex(0xe69f00),
                    Colour::hex(0x009e73),
                    Colour::hex(0xcc79a7),
                    Colour::hex(0xf0e442),
                    Colour::hex(0xd55e00),
                ],
            },
        }
    }
}
