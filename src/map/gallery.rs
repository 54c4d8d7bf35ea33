//! Pictures of the shipped board at each stage of a game (castle placement, by mouse
//! and by keyboard, claiming, a full board, an attack, the Admiral's reach and its arrow by sea on
//! the world board), in every style and at the two window
//! sizes that matter, written as PNG files for people to look at. The scenes are plain
//! data built here, so the pictures are the same on every run.

use std::path::Path;
use std::sync::Arc;

use castellan_engine::board::{Board, TerritoryId};

use super::draw::draw_map;
use super::palette::Palette;
use super::scene::{AttackArrow, Castle, MapScene, TargetKind, TerritoryState};
use super::test_boards;

/// A stage of the game as the map shows it.
pub struct Stage {
    pub name: &'static str,
    pub scene: MapScene,
}

/// Map sizes in logical pixels: the default 1200 × 900 window, and the window
/// maximised on a 1920 × 1080 screen.
pub const SIZES: [(&str, f64, f64); 2] = [("850x780", 850.0, 780.0), ("1600x990", 1600.0, 990.0)];

/// Every style, named for file names.
pub fn styles() -> [(&'static str, Palette); 4] {
    [
        ("light", Palette::new(false, false)),
        ("dark", Palette::new(true, false)),
        ("light-hc", Palette::new(false, true)),
        ("dark-hc", Palette::new(true, true)),
    ]
}

fn id(board: &Board, key: &str) -> TerritoryId {
    board
        .territory_by_key(key)
        .unwrap_or_else(|| panic!("no territory {key}"))
}

fn owned(owner: u8, armies: u32, castle: Option<u32>) -> TerritoryState {
    TerritoryState {
        owner: Some(owner),
        armies,
        castle: castle.map(|banners| Castle { banners }),
    }
}

/// Castles of three seats as the lead saw them clash with empire tints: vermilion in
/// Vienna, blue in Bulgaria, green in Brittany.
fn with_three_castles(scene: &mut MapScene) {
    let board = scene.board_arc().clone();
    for (key, seat) in [("vienna", 0), ("bulgaria", 1), ("brittany", 2)] {
        scene.set_territory(id(&board, key), owned(seat, 1, Some(1)));
    }
}

/// A deterministic spread of owners and armies over the whole board.
fn full_board(scene: &mut MapScene, seats: u8) {
    let board = scene.board_arc().clone();
    for (i, t) in board.territory_ids().enumerate() {
        let owner = ((i * 7 + i / 5) % usize::from(seats)) as u8;
        let armies = 1 + ((i * 13) % 24) as u32;
        scene.set_territory(t, owned(owner, armies, None));
    }
    let castles = [
        ("vienna", 0, 1),
        ("bulgaria", 1, 2),
        ("brittany", 2, 1),
        ("berlin", 3, 1),
        ("moscow", 4, 3),
        ("london", 5, 1),
    ];
    for (key, seat, banners) in castles.into_iter().filter(|c| c.1 < seats) {
        let at = id(&board, key);
        let armies = scene.territory(at).armies;
        scene.set_territory(at, owned(seat, armies, Some(banners)));
    }
}

/// The stages pictured, each at a given map size.
pub fn stages(width: f64, height: f64) -> Vec<Stage> {
    let board = Arc::new(test_boards::shipped_castle_risk());
    let fresh = || {
        let mut scene = MapScene::new(Arc::clone(&board));
        scene.camera_mut().resize(width, height);
        scene
    };

    let mut castles = fresh();
    with_three_castles(&mut castles);
    castles.set_targets(
        board
            .territory_ids()
            .filter(|&t| board.territory(t).group == board.territory(id(&board, "vienna")).group)
            .filter(|&t| t != id(&board, "vienna"))
            .map(|t| (t, TargetKind::Adjacent)),
    );
    castles.set_hovered(Some(id(&board, "hungary")));

    // A keyboard player choosing where to build: the focus ring on Bohemia.
    let mut keyboard = fresh();
    with_three_castles(&mut keyboard);
    keyboard.set_targets(
        castles
            .board()
            .territory_ids()
            .filter_map(|t| castles.target(t).map(|k| (t, k))),
    );
    keyboard.set_focused(Some(id(&board, "bohemia")));

    let mut claiming = fresh();
    with_three_castles(&mut claiming);
    for (i, t) in board.territory_ids().enumerate() {
        if claiming.territory(t).owner.is_none() && i % 3 == 0 {
            claiming.set_territory(t, owned((i % 3 + i / 3 % 3) as u8 % 3, 1, None));
        }
    }
    let unowned: Vec<TerritoryId> = board
        .territory_ids()
        .filter(|&t| claiming.territory(t).owner.is_none())
        .collect();
    claiming.set_targets(unowned.into_iter().map(|t| (t, TargetKind::Adjacent)));

    let mut full = fresh();
    full_board(&mut full, 4);

    let mut six = fresh();
    full_board(&mut six, 6);

    let mut attack = fresh();
    full_board(&mut attack, 4);
    let (berlin, poland) = (id(&board, "berlin"), id(&board, "poland"));
    attack.set_territory(berlin, owned(3, 14, Some(1)));
    attack.set_territory(poland, owned(1, 5, None));
    attack.set_selected(Some(berlin));
    attack.set_targets(
        board
            .neighbours(berlin)
            .filter(|&n| n != id(&board, "saxony"))
            .map(|n| (n, TargetKind::Adjacent)),
    );
    attack.set_hovered(Some(poland));
    attack.set_arrow(Some(AttackArrow {
        from: berlin,
        to: poland,
        by_sea: false,
    }));

    let mut admiral = fresh();
    full_board(&mut admiral, 4);
    let london = id(&board, "london");
    admiral.set_selected(Some(london));
    let land: Vec<TerritoryId> = board.neighbours(london).collect();
    admiral.set_targets(
        board
            .territory_ids()
            .filter(|&t| t != london && board.share_a_sea(london, t))
            .map(|t| {
                let kind = if land.contains(&t) {
                    TargetKind::Adjacent
                } else {
                    TargetKind::AcrossSea
                };
                (t, kind)
            }),
    );

    vec![
        Stage {
            name: "castles",
            scene: castles,
        },
        Stage {
            name: "keyboard",
            scene: keyboard,
        },
        Stage {
            name: "claiming",
            scene: claiming,
        },
        Stage {
            name: "full",
            scene: full,
        },
        Stage {
            name: "six-seats",
            scene: six,
        },
        Stage {
            name: "attack",
            scene: attack,
        },
        Stage {
            name: "admiral",
            scene: admiral,
        },
        Stage {
            name: "admiral-by-sea",
            scene: by_sea(width, height, "iberia", "egypt"),
        },
        Stage {
            name: "admiral-by-ocean",
            scene: by_sea(width, height, "eastern_states", "british_isles"),
        },
    ]
}

/// An attack by sea on the world board, whose seas have shapes: the arrow goes
/// through the water.
fn by_sea(width: f64, height: f64, from: &str, to: &str) -> MapScene {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/world.toml");
    let board =
        Arc::new(castellan_engine::board::load_board_file(&path).unwrap_or_else(|e| panic!("{e}")));
    let mut scene = MapScene::new(Arc::clone(&board));
    scene.camera_mut().resize(width, height);
    for (i, t) in board.territory_ids().enumerate() {
        scene.set_territory(t, owned((i % 3) as u8, 1 + (i % 9) as u32, None));
    }
    let (from, to) = (id(&board, from), id(&board, to));
    scene.set_selected(Some(from));
    scene.set_targets([(to, TargetKind::AcrossSea)]);
    scene.set_arrow(Some(AttackArrow {
        from,
        to,
        by_sea: true,
    }));
    scene
}

/// Draws a scene into a PNG file of its camera's size.
pub fn write_png(scene: &MapScene, palette: &Palette, path: &Path) {
    let (width, height) = scene.camera().device_size();
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, width, height).unwrap();
    let cr = cairo::Context::new(&surface).unwrap();
    draw_map(&cr, scene, palette).unwrap();
    drop(cr);
    let mut file = std::fs::File::create(path).unwrap();
    surface.write_to_png(&mut file).unwrap();
}

/// Writes every stage, style and size to `$CASTELLAN_MAP_SHOTS` (a directory):
/// `CASTELLAN_MAP_SHOTS=/tmp/shots cargo test -- --ignored map_gallery`. Set
/// `CASTELLAN_MAP_SHOTS_ONLY` to a part of the file name to write fewer.
#[test]
#[ignore = "writes pictures for people to look at"]
fn map_gallery() {
    let Some(dir) = std::env::var_os("CASTELLAN_MAP_SHOTS") else {
        return;
    };
    let only = std::env::var("CASTELLAN_MAP_SHOTS_ONLY").unwrap_or_default();
    let dir = Path::new(&dir);
    std::fs::create_dir_all(dir).unwrap();
    for (size, width, height) in SIZES {
        for stage in stages(width, height) {
            for (style, palette) in styles() {
                let name = format!("map-{}-{style}-{size}.png", stage.name);
                if name.contains(&only) {
                    write_png(&stage.scene, &palette, &dir.join(name));
                }
            }
        }
    }
}
