//! How long the map takes to draw on a 1920 × 1080 image, on the shipped board in the
//! middle of a game: the marks' layout, each layer, and the frames the widget draws
//! most — a hover and a pan — at scale factors 1 and 2 (HiDPI). A frame is drawn on an
//! image that keeps the previous frame, as a compositor's buffer does, so that only
//! what changed is painted: the old and new highlight for a hover; for a pan, the whole
//! view, from the base image shifted and the strips it leaves uncovered. Targets
//! (issue 12): a hover under 2 ms and a pan under 16 ms at scale 2.
//!
//! `cargo bench --bench map_frame` (a release build). The machine may be busy, so each
//! figure is the fastest and the median of many runs, never a mean.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use castellan_engine::board::{TerritoryId, load_board_file};

use castellan::map::draw::{draw_overlay, draw_pieces_layer, draw_static_layer, layout_marks};
use castellan::map::scene::{Castle, TerritoryState};
use castellan::map::{LayerCache, MapScene, Palette, TargetKind, ViewPoint};

const RUNS: usize = 41;

/// The fastest and the median of `RUNS` runs of `f`.
fn time(mut f: impl FnMut()) -> (Duration, Duration) {
    let mut runs: Vec<Duration> = (0..RUNS)
        .map(|_| {
            let started = Instant::now();
            f();
            started.elapsed()
        })
        .collect();
    runs.sort();
    (runs[0], runs[RUNS / 2])
}

fn report(what: &str, (fastest, median): (Duration, Duration)) {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{what:<52} fastest {:7.2} ms   median {:7.2} ms",
        ms(fastest),
        ms(median)
    );
}

/// The shipped board at `width` × `height` with every territory held by one of five
/// seats, castles with banners, an attack being chosen from London.
fn mid_game(width: f64, height: f64, scale_factor: f64) -> MapScene {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/castle-risk.toml");
    let board = Arc::new(load_board_file(&path).unwrap_or_else(|e| panic!("{e}")));
    let mut scene = MapScene::new(Arc::clone(&board));
    scene.camera_mut().resize(width, height);
    scene.camera_mut().set_scale_factor(scale_factor);
    for (i, id) in board.territory_ids().enumerate() {
        scene.set_territory(
            id,
            TerritoryState {
                owner: Some((i % 5) as u8),
                armies: 1 + (i * 7 % 23) as u32,
                castle: (board.is_in_empire(id) && i % 7 == 0).then_some(Castle { banners: 2 }),
            },
        );
    }
    let london = board.territory_by_key("london").expect("London");
    scene.set_selected(Some(london));
    scene.set_targets(board.neighbours(london).map(|n| (n, TargetKind::Adjacent)));
    scene
}

fn bench_at(width: f64, height: f64, scale_factor: f64) {
    println!("{width} × {height} logical pixels, scale factor {scale_factor}:");
    let mut scene = mid_game(width, height, scale_factor);
    let palette = Palette::new(false, false);
    let (device_width, device_height) = scene.camera().device_size();
    let surface =
        cairo::ImageSurface::create(cairo::Format::ARgb32, device_width, device_height).unwrap();
    surface.set_device_scale(scale_factor, scale_factor);
    let cr = cairo::Context::new(&surface).unwrap();
    let pango = pangocairo::functions::create_context(&cr);

    let layout = layout_marks(&pango, &scene);
    report(
        "layout of badges, castles and names",
        time(|| {
            layout_marks(&pango, &scene);
        }),
    );
    report(
        "static layer (after ownership or zoom changes)",
        time(|| {
            draw_static_layer(&cr, &scene, &palette, &layout).unwrap();
        }),
    );
    report(
        "pieces: targets, selection, badges, castles",
        time(|| {
            draw_pieces_layer(&cr, &scene, &palette, &layout).unwrap();
        }),
    );
    scene.set_hovered(scene.board().territory_by_key("paris"));
    report(
        "overlay alone: hover, its pieces, arrow",
        time(|| {
            draw_overlay(&cr, &scene, &palette, &layout).unwrap();
        }),
    );

    let mut cache = LayerCache::new();
    cache.draw_changes(&cr, &scene, &palette).unwrap();
    let territories: Vec<TerritoryId> = scene.board().territory_ids().collect();
    let mut frame = 0;
    report(
        "hover frame (old and new highlight repainted)",
        time(|| {
            // Each frame hovers another territory, as moving the pointer does.
            frame += 1;
            scene.set_hovered(Some(territories[frame % territories.len()]));
            cache.draw_changes(&cr, &scene, &palette).unwrap();
        }),
    );
    assert_eq!(
        cache.static_renders(),
        (1, 0),
        "a hover redrew the static layer"
    );
    assert_eq!(cache.pieces_renders(), (1, 0), "a hover redrew the pieces");

    // Dragging a zoomed map steadily, 8 pixels a frame: a new base is drawn (the old
    // one shifted) once the strips uncovered are 64 pixels wide, every 9th frame.
    scene
        .camera_mut()
        .zoom_about(ViewPoint::new(width / 2.0, height / 2.0), 2.0);
    cache.draw_changes(&cr, &scene, &palette).unwrap();
    let renders_before_pan = cache.pieces_renders().0;
    let mut frame = 0;
    report(
        "pan frame (base painted shifted, strips drawn)",
        time(|| {
            frame += 1;
            let before = scene.camera().offset();
            scene.camera_mut().pan_by(-8.0, 0.0);
            assert_ne!(scene.camera().offset(), before, "the pan reached the edge");
            cache.draw_changes(&cr, &scene, &palette).unwrap();
        }),
    );
    assert_eq!(
        cache.pieces_renders(),
        (renders_before_pan, RUNS as u64 / 9),
        "a pan redrew the whole base, or shifted it more or less often"
    );
    println!();
}

fn main() {
    // `cargo bench` passes `--bench`; there is nothing to filter.
    bench_at(1920.0, 1080.0, 1.0);
    bench_at(1920.0, 1080.0, 2.0);
}
