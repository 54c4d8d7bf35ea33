//! The shipped World Powers board against the facts its header and
//! `tools/world_graph.py` document.

use castellan_engine::board::{Board, BorderKind, GroupKind, load_board_file};
use std::collections::{BTreeSet, VecDeque};
use std::path::Path;

fn world() -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/boards/world.toml");
    load_board_file(&path).unwrap_or_else(|e| panic!("the shipped board must load:\n{e}"))
}

fn keys(board: &Board, ids: &[castellan_engine::board::TerritoryId]) -> BTreeSet<String> {
    ids.iter()
        .map(|&t| board.territory(t).key.clone())
        .collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

#[test]
fn has_42_territories_72_borders_of_which_20_dotted() {
    let board = world();
    assert_eq!(board.meta.name, "World Powers");
    assert_eq!(board.meta.licence, "CC0-1.0");
    assert_eq!(board.territories.len(), 42);
    assert_eq!(board.borders.len(), 72);
    let dotted = board
        .borders
        .iter()
        .filter(|b| b.kind == BorderKind::Dotted)
        .count();
    assert_eq!(dotted, 20);
}

#[test]
fn six_continents_are_empires_with_bonuses_by_size_and_exposure() {
    let board = world();
    let continent = |key: &str| {
        let group = board.group(board.group_by_key(key).expect(key));
        assert_eq!(group.kind, GroupKind::Empire, "{key}");
        (group.territories.len(), group.bonus)
    };
    assert_eq!(continent("north_america"), (7, 5));
    assert_eq!(continent("south_america"), (4, 2));
    assert_eq!(continent("europe"), (8, 5));
    assert_eq!(continent("africa"), (6, 3));
    assert_eq!(continent("asia"), (8, 7));
    assert_eq!(continent("oceania"), (4, 2));
    let empires = board
        .groups
        .iter()
        .filter(|g| g.kind == GroupKind::Empire)
        .count();
    assert_eq!(empires, 6);
    let asia = board.group(board.group_by_key("asia").unwrap());
    assert_eq!(
        keys(&board, &asia.territories),
        set(&[
            "siberia",
            "yakutia",
            "kamchatka",
            "turkestan",
            "china",
            "india",
            "indochina",
            "japan"
        ])
    );
}

#[test]
fn two_small_independent_regions_sit_where_the_continents_meet() {
    let board = world();
    let region = |key: &str| {
        let group = board.group(board.group_by_key(key).expect(key));
        assert_eq!(group.kind, GroupKind::Independent, "{key}");
        (keys(&board, &group.territories), group.bonus)
    };
    assert_eq!(
        region("middle_east"),
        (set(&["anatolia", "arabia", "persia"]), 2)
    );
    assert_eq!(
        region("north_atlantic"),
        (set(&["greenland", "iceland"]), 1)
    );
    assert_eq!(board.independent_territory_count(), 5);
    assert_eq!(board.all_independents_bonus, 3);
    // The Middle East touches three continents, the North Atlantic two.
    let continents_around = |key: &str| -> BTreeSet<String> {
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
    assert_eq!(
        continents_around("middle_east"),
        set(&["europe", "africa", "asia"])
    );
    assert_eq!(
        continents_around("north_atlantic"),
        set(&["north_america", "europe"])
    );
}

#[test]
fn seven_seas_each_with_its_coasts_and_its_water() {
    let board = world();
    let coasts = |key: &str| {
        let sea = board.sea(board.sea_by_key(key).expect(key));
        assert!(!sea.outline.is_empty(), "{key} has no water to tint");
        keys(&board, &sea.coasts)
    };
    assert_eq!(board.seas.len(), 7);
    assert_eq!(
        coasts("caspian"),
        set(&["russia", "turkestan", "anatolia", "persia"])
    );
    assert_eq!(
        coasts("south_atlantic"),
        set(&[
            "brazil",
            "patagonia",
            "west_africa",
            "congo",
            "southern_africa"
        ])
    );
    assert_eq!(
        coasts("mediterranean"),
        set(&[
            "iberia",
            "france",
            "italy",
            "central_europe",
            "balkans",
            "russia",
            "maghreb",
            "egypt",
            "anatolia",
            "arabia"
        ])
    );
    assert_eq!(coasts("pacific").len(), 16);
    assert_eq!(coasts("arctic").len(), 10);
    assert_eq!(coasts("north_atlantic").len(), 16);
    assert_eq!(coasts("indian").len(), 9);
    // A territory may lie on several seas; the Admiral sails within one only.
    let t = |k: &str| board.territory_by_key(k).unwrap();
    assert_eq!(board.territory(t("russia")).seas.len(), 4);
    assert!(board.share_a_sea(t("japan"), t("western_states")));
    assert!(!board.share_a_sea(t("western_states"), t("eastern_states")));
    assert!(
        board.share_a_sea(t("persia"), t("egypt")),
        "the Red Sea is Indian Ocean"
    );
    assert_eq!(board.territory(t("siberia")).seas.len(), 1);
}

#[test]
fn alaska_and_kamchatka_are_joined_across_the_east_west_edge() {
    let board = world();
    assert!(board.wraps_around);
    let alaska = board.territory_by_key("alaska").unwrap();
    let kamchatka = board.territory_by_key("kamchatka").unwrap();
    assert_eq!(
        board.border_between(alaska, kamchatka),
        Some(BorderKind::Dotted)
    );
    let x = |t| board.territory(t).geometry.badge.x;
    assert!(x(alaska) < board.width * 0.2, "Alaska is at the west edge");
    assert!(
        x(kamchatka) > board.width * 0.8,
        "Kamchatka is at the east edge"
    );
}

#[test]
fn every_territory_can_be_reached_from_every_other_without_the_admiral() {
    let board = world();
    let mut seen = vec![false; board.territories.len()];
    let mut queue = VecDeque::from([board.territory_ids().next().unwrap()]);
    seen[0] = true;
    while let Some(t) = queue.pop_front() {
        for n in board.neighbours(t) {
            if !seen[n.index()] {
                seen[n.index()] = true;
                queue.push_back(n);
            }
        }
    }
    assert!(seen.iter().all(|&s| s));
    // Oceania has one way in by land or dotted line, South America two.
    let ways_in = |key: &str| {
        let gid = board.group_by_key(key).unwrap();
        board
            .borders
            .iter()
            .filter(|b| (board.territory(b.a).group == gid) != (board.territory(b.b).group == gid))
            .count()
    };
    assert_eq!(ways_in("oceania"), 1);
    assert_eq!(ways_in("south_america"), 2);
    assert_eq!(ways_in("asia"), 7);
}

#[test]
fn every_territory_has_an_outline_and_anchors_inside_the_board() {
    let board = world();
    for t in &board.territories {
        assert!(!t.geometry.outline.is_empty(), "{} has no outline", t.key);
        for p in [t.geometry.centre, t.geometry.badge, t.geometry.label] {
            assert!(p.x >= 0.0 && p.x <= board.width && p.y >= 0.0 && p.y <= board.height);
        }
    }
}
