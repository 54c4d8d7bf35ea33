//! Small boards built in code for the map's tests: the model is plain data, so tests need
//! neither the board loader nor a data file.

use std::path::Path;

use castellan_engine::board::{
    Board, BoardMeta, Border, BorderKind, Group, GroupId, GroupKind, Point, Rgb, Sea, SeaId,
    Territory, TerritoryGeometry, TerritoryId, load_board_file,
};

/// The board the game ships, from `data/boards/castle-risk.toml`.
pub fn shipped_castle_risk() -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/castle-risk.toml");
    load_board_file(&path).unwrap_or_else(|error| panic!("{error}"))
}

/// One territory as a test writes it.
pub struct Spec {
    pub key: &'static str,
    pub group: u16,
    pub centre: Point,
    pub seas: &'static [u16],
    pub outline: Vec<Vec<Point>>,
}

/// Builds a validated-looking board: neighbour lists, group members, coasts and the
/// border list are all derived from `territories` and `borders`, as the loader would.
pub fn build(
    size: (f64, f64),
    groups: &[(&str, GroupKind, Option<Rgb>)],
    seas: &[(&str, Option<Point>)],
    territories: Vec<Spec>,
    borders: &[(&str, &str, BorderKind)],
) -> Board {
    let id_of = |key: &str| {
        TerritoryId(
            territories
                .iter()
                .position(|t| t.key == key)
                .unwrap_or_else(|| panic!("no territory {key}")) as u16,
        )
    };
    let mut built: Vec<Territory> = territories
        .iter()
        .map(|spec| Territory {
            key: spec.key.to_owned(),
            name: title_case(spec.key),
            group: GroupId(spec.group),
            seas: spec.seas.iter().map(|&s| SeaId(s)).collect(),
            land: Vec::new(),
            dotted: Vec::new(),
            card_symbol: None,
            geometry: TerritoryGeometry {
                centre: spec.centre,
                badge: spec.centre,
                label: spec.centre,
                castle: spec.centre,
                outline: spec.outline.clone(),
            },
        })
        .collect();
    let mut border_list = Vec::new();
    for &(a, b, kind) in borders {
        let (a, b) = (id_of(a), id_of(b));
        let (a, b) = (a.min(b), a.max(b));
        border_list.push(Border { a, b, kind });
        for (from, to) in [(a, b), (b, a)] {
            let territory = &mut built[from.index()];
            match kind {
                BorderKind::Land => territory.land.push(to),
                BorderKind::Dotted => territory.dotted.push(to),
            }
        }
    }
    for territory in &mut built {
        territory.land.sort();
        territory.dotted.sort();
    }
    border_list.sort_by_key(|b| (b.a, b.b));
    let groups = groups
        .iter()
        .enumerate()
        .map(|(index, &(key, kind, colour))| Group {
            key: key.to_owned(),
            name: title_case(key),
            kind,
            bonus: 2,
            colour,
            territories: built
                .iter()
                .enumerate()
                .filter(|(_, t)| t.group.index() == index)
                .map(|(i, _)| TerritoryId(i as u16))
                .collect(),
        })
        .collect();
    let seas = seas
        .iter()
        .enumerate()
        .map(|(index, &(key, label))| Sea {
            key: key.to_owned(),
            name: title_case(key),
            label,
            label_angle: 0.0,
            coasts: built
                .iter()
                .enumerate()
                .filter(|(_, t)| t.seas.iter().any(|s| s.index() == index))
                .map(|(i, _)| TerritoryId(i as u16))
                .collect(),
            outline: Vec::new(),
        })
        .collect();
    Board {
        meta: BoardMeta {
            format: 1,
            name: "Test board".to_owned(),
            ..BoardMeta::default()
        },
        width: size.0,
        height: size.1,
        all_independents_bonus: 6,
        wraps_around: false,
        territories: built,
        groups,
        seas,
        borders: border_list,
    }
}

fn title_case(key: &str) -> String {
    key.split('_')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn rectangle(x0: f64, y0: f64, x1: f64, y1: f64) -> Vec<Point> {
    vec![
        Point::new(x0, y0),
        Point::new(x1, y0),
        Point::new(x1, y1),
        Point::new(x0, y1),
    ]
}

/// Three 100 × 100 squares in a row on a 300 × 100 board. West and Middle form the
/// empire "red", East is the independent region "isle". East's west side is split at
/// y = 50 where Middle's east side is one edge. West and East are joined by a strait.
pub fn three_squares_with_outlines() -> Board {
    let mut east = rectangle(200.0, 0.0, 300.0, 100.0);
    east.push(Point::new(200.0, 50.0));
    build(
        (300.0, 100.0),
        &[
            (
                "red",
                GroupKind::Empire,
                Some(Rgb {
                    r: 200,
                    g: 80,
                    b: 80,
                }),
            ),
            ("isle", GroupKind::Independent, None),
        ],
        &[("main", Some(Point::new(150.0, 95.0)))],
        vec![
            Spec {
                key: "west",
                group: 0,
                centre: Point::new(50.0, 50.0),
                seas: &[0],
                outline: vec![rectangle(0.0, 0.0, 100.0, 100.0)],
            },
            Spec {
                key: "middle",
                group: 0,
                centre: Point::new(150.0, 50.0),
                seas: &[],
                outline: vec![rectangle(100.0, 0.0, 200.0, 100.0)],
            },
            Spec {
                key: "east",
                group: 1,
                centre: Point::new(250.0, 50.0),
                seas: &[0],
                outline: vec![east],
            },
        ],
        &[
            ("west", "middle", BorderKind::Land),
            ("middle", "east", BorderKind::Land),
            ("west", "east", BorderKind::Dotted),
        ],
    )
}

/// The 44 territories of the reference Castle Risk board (`castle-board.md`) with their
/// centres, groups, coasts and 85 borders, but no outlines.
pub fn castle_risk_centres_only() -> Board {
    castle_risk(|_| Vec::new())
}

/// The reference board with a round 64-point outline around every centre: the same
/// drawing work as a detailed map, for timing.
pub fn castle_risk_with_round_outlines() -> Board {
    castle_risk(|centre| {
        let ring = (0..64)
            .map(|i| {
                let angle = f64::from(i) * std::f64::consts::TAU / 64.0;
                Point::new(centre.x + 24.0 * angle.cos(), centre.y + 24.0 * angle.sin())
            })
            .collect();
        vec![ring]
    })
}

fn castle_risk(outline_around: impl Fn(Point) -> Vec<Vec<Point>>) -> Board {
    let groups = [
        ("british", GroupKind::Empire),
        ("french", GroupKind::Empire),
        ("german", GroupKind::Empire),
        ("austrian", GroupKind::Empire),
        ("russian", GroupKind::Empire),
        ("ottoman", GroupKind::Empire),
        ("italy", GroupKind::Independent),
        ("spain", GroupKind::Independent),
        ("scandinavia", GroupKind::Independent),
    ]
    .map(|(key, kind)| (key, kind, None));
    let territories = CASTLE_RISK_TERRITORIES
        .iter()
        .map(|&(key, group, x, y, seas)| Spec {
            key,
            group,
            centre: Point::new(x, y),
            seas,
            outline: outline_around(Point::new(x, y)),
        })
        .collect();
    let borders: Vec<(&str, &str, BorderKind)> = CASTLE_RISK_BORDERS
        .iter()
        .map(|&(a, b, dotted)| {
            let kind = if dotted {
                BorderKind::Dotted
            } else {
                BorderKind::Land
            };
            (a, b, kind)
        })
        .collect();
    build(
        (1000.0, 800.0),
        &groups,
        &[
            ("main", Some(Point::new(120.0, 180.0))),
            ("black", Some(Point::new(760.0, 580.0))),
        ],
        territories,
        &borders,
    )
}

/// Key, group index, centre and seas (0 main, 1 black), from `castle-board.md`.
const CASTLE_RISK_TERRITORIES: [(&str, u16, f64, f64, &[u16]); 44] = [
    ("london", 0, 193.0, 417.0, &[0]),
    ("wales", 0, 133.0, 404.0, &[0]),
    ("ireland", 0, 55.0, 383.0, &[0]),
    ("yorkshire", 0, 171.0, 365.0, &[0]),
    ("scotland", 0, 124.0, 305.0, &[0]),
    ("paris", 1, 233.0, 476.0, &[0]),
    ("gascony", 1, 200.0, 571.0, &[0]),
    ("netherlands", 1, 291.0, 419.0, &[0]),
    ("brittany", 1, 153.0, 502.0, &[0]),
    ("marseille", 1, 284.0, 588.0, &[0]),
    ("burgundy", 1, 298.0, 512.0, &[]),
    ("prussia", 2, 575.0, 352.0, &[0]),
    ("berlin", 2, 444.0, 389.0, &[0]),
    ("saxony", 2, 385.0, 402.0, &[0]),
    ("rhine", 2, 335.0, 441.0, &[]),
    ("bavaria", 2, 389.0, 484.0, &[]),
    ("trieste", 3, 473.0, 562.0, &[0]),
    ("galicia", 3, 618.0, 463.0, &[]),
    ("vienna", 3, 458.0, 506.0, &[]),
    ("bohemia", 3, 476.0, 458.0, &[]),
    ("hungary", 3, 556.0, 519.0, &[]),
    ("saint_petersburg", 4, 782.0, 242.0, &[0]),
    ("moscow", 4, 900.0, 329.0, &[]),
    ("livonia", 4, 645.0, 311.0, &[0]),
    ("smolensk", 4, 736.0, 376.0, &[]),
    ("ukraine", 4, 791.0, 484.0, &[1]),
    ("poland", 4, 580.0, 425.0, &[]),
    ("turkey", 5, 736.0, 662.0, &[0, 1]),
    ("montenegro", 5, 549.0, 621.0, &[0]),
    ("serbia", 5, 582.0, 584.0, &[]),
    ("romania", 5, 669.0, 554.0, &[1]),
    ("bulgaria", 5, 662.0, 612.0, &[1]),
    ("greece", 5, 600.0, 679.0, &[0]),
    ("switzerland", 6, 349.0, 523.0, &[]),
    ("venice", 6, 393.0, 556.0, &[0]),
    ("rome", 6, 429.0, 614.0, &[0]),
    ("naples", 6, 484.0, 666.0, &[0]),
    ("barcelona", 7, 211.0, 640.0, &[0]),
    ("madrid", 7, 127.0, 664.0, &[0]),
    ("portugal", 7, 51.0, 675.0, &[0]),
    ("sweden", 8, 482.0, 221.0, &[0]),
    ("norway", 8, 364.0, 210.0, &[0]),
    ("denmark", 8, 369.0, 324.0, &[0]),
    ("finland", 8, 673.0, 169.0, &[0]),
];

/// The 85 borders of `castle-board.md`; `true` marks a dotted line.
const CASTLE_RISK_BORDERS: [(&str, &str, bool); 85] = [
    ("scotland", "yorkshire", false),
    ("yorkshire", "london", false),
    ("yorkshire", "wales", false),
    ("wales", "london", false),
    ("ireland", "scotland", true),
    ("ireland", "wales", true),
    ("scotland", "norway", true),
    ("london", "paris", true),
    ("brittany", "paris", false),
    ("brittany", "gascony", false),
    ("paris", "netherlands", false),
    ("paris", "burgundy", false),
    ("paris", "gascony", false),
    ("netherlands", "burgundy", false),
    ("burgundy", "marseille", false),
    ("burgundy", "gascony", false),
    ("gascony", "marseille", false),
    ("gascony", "barcelona", false),
    ("marseille", "barcelona", false),
    ("marseille", "venice", false),
    ("burgundy", "switzerland", false),
    ("netherlands", "rhine", false),
    ("burgundy", "rhine", false),
    ("burgundy", "bavaria", false),
    ("portugal", "madrid", false),
    ("madrid", "barcelona", false),
    ("switzerland", "venice", false),
    ("venice", "rome", false),
    ("rome", "naples", false),
    ("norway", "sweden", false),
    ("sweden", "finland", false),
    ("denmark", "sweden", true),
    ("denmark", "norway", true),
    ("rhine", "saxony", false),
    ("rhine", "bavaria", false),
    ("saxony", "bavaria", false),
    ("saxony", "berlin", false),
    ("berlin", "prussia", false),
    ("saxony", "denmark", false),
    ("bavaria", "switzerland", false),
    ("saxony", "bohemia", false),
    ("bavaria", "bohemia", false),
    ("bavaria", "vienna", false),
    ("prussia", "poland", false),
    ("prussia", "livonia", false),
    ("berlin", "poland", false),
    ("bohemia", "vienna", false),
    ("bohemia", "hungary", false),
    ("bohemia", "galicia", false),
    ("vienna", "hungary", false),
    ("vienna", "trieste", false),
    ("hungary", "trieste", false),
    ("hungary", "galicia", false),
    ("trieste", "venice", false),
    ("vienna", "venice", false),
    ("vienna", "switzerland", false),
    ("trieste", "naples", true),
    ("hungary", "serbia", false),
    ("hungary", "romania", false),
    ("galicia", "romania", false),
    ("trieste", "montenegro", false),
    ("galicia", "poland", false),
    ("galicia", "ukraine", false),
    ("saint_petersburg", "livonia", false),
    ("saint_petersburg", "moscow", false),
    ("saint_petersburg", "smolensk", false),
    ("livonia", "smolensk", false),
    ("livonia", "poland", false),
    ("smolensk", "moscow", false),
    ("smolensk", "poland", false),
    ("smolensk", "ukraine", false),
    ("moscow", "ukraine", false),
    ("poland", "ukraine", false),
    ("saint_petersburg", "finland", false),
    ("ukraine", "romania", false),
    ("montenegro", "serbia", false),
    ("montenegro", "greece", false),
    ("serbia", "romania", false),
    ("serbia", "bulgaria", false),
    ("serbia", "greece", false),
    ("romania", "bulgaria", false),
    ("bulgaria", "greece", false),
    ("bulgaria", "turkey", false),
    ("greece", "turkey", false),
    ("naples", "greece", true),
];
