//! The shipped Castle Risk board against the documented facts of the reference
//! (`shared/reference/castle-board.md` and the encyclopedia's table of empires).

use castellan_engine::board::{Board, BorderKind, GroupKind, load_board_file};
use std::collections::BTreeSet;
use std::path::Path;

fn castle_risk() -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/boards/castle-risk.toml");
    load_board_file(&path).unwrap_or_else(|e| panic!("the shipped board must load:\n{e}"))
}

fn group_territories(board: &Board, key: &str) -> Vec<String> {
    let group = board.group(board.group_by_key(key).expect(key));
    group
        .territories
        .iter()
        .map(|&t| board.territory(t).key.clone())
        .collect()
}

#[test]
fn has_44_territories_in_6_empires_and_3_regions() {
    let board = castle_risk();
    assert_eq!(board.territories.len(), 44);
    let empires = board
        .groups
        .iter()
        .filter(|g| g.kind == GroupKind::Empire)
        .count();
    let regions = board
        .groups
        .iter()
        .filter(|g| g.kind == GroupKind::Independent)
        .count();
    assert_eq!((empires, regions), (6, 3));
    assert_eq!(board.independent_territory_count(), 11);
    assert_eq!(board.all_independents_bonus, 6);
    for g in &board.groups {
        let expected = match g.kind {
            GroupKind::Empire => 4,
            GroupKind::Independent => 2,
        };
        assert_eq!(g.bonus, expected, "bonus of {}", g.key);
    }
}

#[test]
fn groups_hold_the_rulebook_territories() {
    let board = castle_risk();
    let expect = |key: &str, members: &[&str]| {
        let mut got = group_territories(&board, key);
        got.sort();
        let mut want: Vec<String> = members.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(got, want, "territories of {key}");
    };
    expect(
        "british",
        &["london", "wales", "ireland", "yorkshire", "scotland"],
    );
    expect(
        "french",
        &[
            "paris",
            "gascony",
            "netherlands",
            "brittany",
            "marseille",
            "burgundy",
        ],
    );
    expect(
        "german",
        &["prussia", "berlin", "saxony", "rhine", "bavaria"],
    );
    expect(
        "austrian",
        &["trieste", "galicia", "vienna", "bohemia", "hungary"],
    );
    expect(
        "russian",
        &[
            "saint_petersburg",
            "moscow",
            "livonia",
            "smolensk",
            "ukraine",
            "poland",
        ],
    );
    expect(
        "ottoman",
        &[
            "turkey",
            "montenegro",
            "serbia",
            "romania",
            "bulgaria",
            "greece",
        ],
    );
    expect("italy", &["switzerland", "venice", "rome", "naples"]);
    expect("spain", &["barcelona", "madrid", "portugal"]);
    expect("scandinavia", &["sweden", "norway", "denmark", "finland"]);
}

#[test]
fn has_85_borders_of_which_8_dotted() {
    let board = castle_risk();
    assert_eq!(board.borders.len(), 85);
    let dotted: BTreeSet<(String, String)> = board
        .borders
        .iter()
        .filter(|b| b.kind == BorderKind::Dotted)
        .map(|b| {
            let (a, c) = (&board.territory(b.a).key, &board.territory(b.b).key);
            if a < c {
                (a.clone(), c.clone())
            } else {
                (c.clone(), a.clone())
            }
        })
        .collect();
    let want: BTreeSet<(String, String)> = [
        ("ireland", "scotland"),
        ("ireland", "wales"),
        ("norway", "scotland"),
        ("london", "paris"),
        ("denmark", "sweden"),
        ("denmark", "norway"),
        ("naples", "trieste"),
        ("greece", "naples"),
    ]
    .iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(dotted, want);
}

/// Sea ports per empire, from the encyclopedia's table: Austrian 1, British 5, French 5,
/// German 3, Ottoman 3 (+3 on the Black Sea, Turkey on both), Russian 2 (+1, Ukraine).
#[test]
fn sea_ports_and_landlocked_territories_per_empire_match_the_reference() {
    let board = castle_risk();
    let main = board.sea_by_key("main").expect("sea main");
    let black = board.sea_by_key("black").expect("sea black");
    let count = |key: &str| {
        let ts: Vec<_> = board
            .group(board.group_by_key(key).unwrap())
            .territories
            .clone();
        let on = |sea| {
            ts.iter()
                .filter(|&&t| board.territory(t).seas.contains(&sea))
                .count()
        };
        let landlocked = ts
            .iter()
            .filter(|&&t| board.territory(t).seas.is_empty())
            .count();
        (on(main), on(black), landlocked)
    };
    assert_eq!(count("austrian"), (1, 0, 4));
    assert_eq!(count("british"), (5, 0, 0));
    assert_eq!(count("french"), (5, 0, 1));
    assert_eq!(count("german"), (3, 0, 2));
    assert_eq!(count("ottoman"), (3, 3, 1));
    assert_eq!(count("russian"), (2, 1, 3));
    let turkey = board.territory_by_key("turkey").unwrap();
    assert_eq!(
        board.territory(turkey).seas.len(),
        2,
        "Turkey lies on both seas"
    );
}

#[test]
fn black_sea_is_a_sea_of_its_own_ruling_14() {
    let board = castle_risk();
    let t = |k: &str| board.territory_by_key(k).unwrap();
    assert!(board.share_a_sea(t("romania"), t("ukraine")));
    assert!(board.share_a_sea(t("turkey"), t("bulgaria")));
    assert!(board.share_a_sea(t("turkey"), t("greece")));
    assert!(!board.share_a_sea(t("romania"), t("greece")));
    assert!(!board.share_a_sea(t("ukraine"), t("london")));
    assert!(
        !board.share_a_sea(t("vienna"), t("trieste")),
        "Vienna is landlocked"
    );
}

/// Neighbouring empires and independents per empire, from the encyclopedia's table.
#[test]
fn neighbouring_groups_match_the_reference() {
    let board = castle_risk();
    let neighbours_of = |key: &str| -> BTreeSet<String> {
        let gid = board.group_by_key(key).unwrap();
        board
            .group(gid)
            .territories
            .iter()
            .flat_map(|&t| board.neighbours(t))
            .map(|n| board.territory(n).group)
            .filter(|&g| g != gid)
            .map(|g| board.group(g).key.clone())
            .collect()
    };
    let set = |keys: &[&str]| keys.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    assert_eq!(
        neighbours_of("austrian"),
        set(&["german", "ottoman", "russian", "italy"])
    );
    assert_eq!(neighbours_of("british"), set(&["french", "scandinavia"]));
    assert_eq!(
        neighbours_of("french"),
        set(&["british", "german", "italy", "spain"])
    );
    assert_eq!(
        neighbours_of("german"),
        set(&["austrian", "french", "russian", "italy", "scandinavia"])
    );
    assert_eq!(
        neighbours_of("ottoman"),
        set(&["austrian", "russian", "italy"])
    );
    assert_eq!(
        neighbours_of("russian"),
        set(&["austrian", "german", "ottoman", "scandinavia"])
    );
}

#[test]
fn every_territory_has_an_outline_and_anchors_inside_the_board() {
    let board = castle_risk();
    for t in &board.territories {
        assert!(!t.geometry.outline.is_empty(), "{} has no outline", t.key);
        for p in [t.geometry.centre, t.geometry.badge, t.geometry.label] {
            assert!(p.x >= 0.0 && p.x <= board.width && p.y >= 0.0 && p.y <= board.height);
        }
    }
}
