//! The shipped classic world map against the classic game: its territories,
//! continents, bonuses, borders and card symbols, and what Castle Risk rules need of
//! it (empires and seas).

use castellan_engine::board::{Board, BorderKind, CardSymbol, GroupKind, load_board_file};
use std::collections::BTreeSet;
use std::path::Path;

fn classic() -> Board {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/boards/classic.toml");
    load_board_file(&path).unwrap_or_else(|e| panic!("the shipped board must load:\n{e}"))
}

/// Every territory with its neighbours, as the classic board shows them; written out
/// here on its own, so that the board file is checked against a second statement of
/// the graph rather than against the script that wrote it.
const NEIGHBOURS: &[(&str, &[&str])] = &[
    ("alaska", &["northwest_territory", "alberta", "kamchatka"]),
    (
        "northwest_territory",
        &["alaska", "alberta", "ontario", "greenland"],
    ),
    (
        "greenland",
        &["northwest_territory", "ontario", "quebec", "iceland"],
    ),
    (
        "alberta",
        &[
            "alaska",
            "northwest_territory",
            "ontario",
            "western_united_states",
        ],
    ),
    (
        "ontario",
        &[
            "northwest_territory",
            "alberta",
            "greenland",
            "quebec",
            "western_united_states",
            "eastern_united_states",
        ],
    ),
    ("quebec", &["ontario", "greenland", "eastern_united_states"]),
    (
        "western_united_states",
        &[
            "alberta",
            "ontario",
            "eastern_united_states",
            "central_america",
        ],
    ),
    (
        "eastern_united_states",
        &[
            "ontario",
            "quebec",
            "western_united_states",
            "central_america",
        ],
    ),
    (
        "central_america",
        &[
            "western_united_states",
            "eastern_united_states",
            "venezuela",
        ],
    ),
    ("venezuela", &["central_america", "peru", "brazil"]),
    ("peru", &["venezuela", "brazil", "argentina"]),
    (
        "brazil",
        &["venezuela", "peru", "argentina", "north_africa"],
    ),
    ("argentina", &["peru", "brazil"]),
    ("iceland", &["greenland", "great_britain", "scandinavia"]),
    (
        "scandinavia",
        &["iceland", "great_britain", "northern_europe", "ukraine"],
    ),
    (
        "great_britain",
        &[
            "iceland",
            "scandinavia",
            "northern_europe",
            "western_europe",
        ],
    ),
    (
        "northern_europe",
        &[
            "great_britain",
            "scandinavia",
            "western_europe",
            "southern_europe",
            "ukraine",
        ],
    ),
    (
        "western_europe",
        &[
            "great_britain",
            "northern_europe",
            "southern_europe",
            "north_africa",
        ],
    ),
    (
        "southern_europe",
        &[
            "northern_europe",
            "western_europe",
            "ukraine",
            "north_africa",
            "egypt",
            "middle_east",
        ],
    ),
    (
        "ukraine",
        &[
            "scandinavia",
            "northern_europe",
            "southern_europe",
            "ural",
            "afghanistan",
            "middle_east",
        ],
    ),
    (
        "north_africa",
        &[
            "brazil",
            "western_europe",
            "southern_europe",
            "egypt",
            "east_africa",
            "congo",
        ],
    ),
    (
        "egypt",
        &[
            "southern_europe",
            "north_africa",
            "east_africa",
            "middle_east",
        ],
    ),
    (
        "east_africa",
        &[
            "north_africa",
            "egypt",
            "congo",
            "south_africa",
            "madagascar",
            "middle_east",
        ],
    ),
    ("congo", &["north_africa", "east_africa", "south_africa"]),
    ("south_africa", &["congo", "east_africa", "madagascar"]),
    ("madagascar", &["east_africa", "south_africa"]),
    ("ural", &["ukraine", "siberia", "afghanistan", "china"]),
    (
        "siberia",
        &["ural", "yakutsk", "irkutsk", "mongolia", "china"],
    ),
    ("yakutsk", &["siberia", "irkutsk", "kamchatka"]),
    (
        "kamchatka",
        &["alaska", "yakutsk", "irkutsk", "mongolia", "japan"],
    ),
    ("irkutsk", &["siberia", "yakutsk", "kamchatka", "mongolia"]),
    (
        "mongolia",
        &["siberia", "irkutsk", "kamchatka", "japan", "china"],
    ),
    ("japan", &["kamchatka", "mongolia"]),
    (
        "afghanistan",
        &["ukraine", "ural", "china", "india", "middle_east"],
    ),
    (
        "china",
        &[
            "ural",
            "siberia",
            "mongolia",
            "afghanistan",
            "india",
            "siam",
        ],
    ),
    (
        "middle_east",
        &[
            "southern_europe",
            "ukraine",
            "egypt",
            "east_africa",
            "afghanistan",
            "india",
        ],
    ),
    ("india", &["middle_east", "afghanistan", "china", "siam"]),
    ("siam", &["india", "china", "indonesia"]),
    ("indonesia", &["siam", "new_guinea", "western_australia"]),
    (
        "new_guinea",
        &["indonesia", "western_australia", "eastern_australia"],
    ),
    (
        "western_australia",
        &["indonesia", "new_guinea", "eastern_australia"],
    ),
    ("eastern_australia", &["new_guinea", "western_australia"]),
];

fn border(board: &Board, a: &str, b: &str) -> Option<BorderKind> {
    let id = |key: &str| {
        board
            .territory_by_key(key)
            .unwrap_or_else(|| panic!("no {key}"))
    };
    board.border_between(id(a), id(b))
}

#[test]
fn has_42_territories_and_the_83_classic_borders_of_which_26_dotted() {
    let board = classic();
    assert_eq!(board.meta.name, "Classic World Map");
    assert_eq!(board.meta.licence, "CC0-1.0");
    assert_eq!(board.territories.len(), 42);
    assert_eq!(board.borders.len(), 83);
    let dotted = board
        .borders
        .iter()
        .filter(|b| b.kind == BorderKind::Dotted)
        .count();
    assert_eq!(dotted, 26);
}

#[test]
fn every_territory_has_exactly_its_classic_neighbours() {
    let board = classic();
    assert_eq!(NEIGHBOURS.len(), 42);
    let mut listed = 0;
    for &(key, expected) in NEIGHBOURS {
        let id = board
            .territory_by_key(key)
            .unwrap_or_else(|| panic!("no {key}"));
        let actual: BTreeSet<&str> = board
            .neighbours(id)
            .map(|n| board.territory(n).key.as_str())
            .collect();
        let expected: BTreeSet<&str> = expected.iter().copied().collect();
        assert_eq!(actual, expected, "{key}");
        listed += expected.len();
    }
    // Each border was listed from both ends.
    assert_eq!(listed, 2 * 83);
}

#[test]
fn the_classic_crossings_join_the_continents() {
    let board = classic();
    for (a, b) in [
        ("alaska", "kamchatka"),
        ("greenland", "iceland"),
        ("brazil", "north_africa"),
        ("east_africa", "middle_east"),
        ("siam", "indonesia"),
        ("western_europe", "north_africa"),
        ("southern_europe", "egypt"),
    ] {
        assert_eq!(border(&board, a, b), Some(BorderKind::Dotted), "{a}–{b}");
    }
    assert_eq!(
        border(&board, "central_america", "venezuela"),
        Some(BorderKind::Land)
    );
    assert_eq!(
        border(&board, "egypt", "middle_east"),
        Some(BorderKind::Land)
    );
    assert_eq!(border(&board, "ukraine", "ural"), Some(BorderKind::Land));
    // Near misses that the classic board does not join.
    assert_eq!(border(&board, "egypt", "congo"), None);
    assert_eq!(border(&board, "ural", "mongolia"), None);
    assert_eq!(border(&board, "iceland", "northern_europe"), None);
    assert_eq!(border(&board, "alberta", "eastern_united_states"), None);
}

#[test]
fn six_continents_are_empires_with_the_classic_bonuses() {
    let board = classic();
    let continents: Vec<(&str, usize, u32)> = board
        .groups
        .iter()
        .map(|g| {
            assert_eq!(g.kind, GroupKind::Empire, "{}", g.key);
            (g.key.as_str(), g.territories.len(), g.bonus)
        })
        .collect();
    assert_eq!(
        continents,
        [
            ("north_america", 9, 5),
            ("south_america", 4, 2),
            ("europe", 7, 5),
            ("africa", 6, 3),
            ("asia", 12, 7),
            ("australia", 4, 2),
        ]
    );
    assert_eq!(board.independent_territory_count(), 0);
    assert_eq!(board.all_independents_bonus, 0);
}

#[test]
fn every_territory_has_a_card_symbol_fourteen_of_each() {
    let board = classic();
    for symbol in CardSymbol::ALL {
        let count = board
            .territories
            .iter()
            .filter(|t| t.card_symbol == Some(symbol))
            .count();
        assert_eq!(count, 14, "{symbol:?}");
    }
    let symbol = |key: &str| {
        board
            .territory(board.territory_by_key(key).unwrap())
            .card_symbol
    };
    assert_eq!(symbol("alaska"), Some(CardSymbol::Artillery));
    assert_eq!(symbol("greenland"), Some(CardSymbol::Cavalry));
    assert_eq!(symbol("great_britain"), Some(CardSymbol::Infantry));
    assert_eq!(symbol("kamchatka"), Some(CardSymbol::Artillery));
    assert_eq!(symbol("madagascar"), Some(CardSymbol::Cavalry));
}

#[test]
fn the_world_wraps_and_its_seas_carry_the_admiral_across_the_oceans() {
    let board = classic();
    assert!(board.wraps_around);
    assert_eq!(board.seas.len(), 7);
    assert!(
        board
            .seas
            .iter()
            .all(|s| !s.outline.is_empty() && s.label.is_some())
    );
    assert!(
        board
            .territories
            .iter()
            .all(|t| !t.geometry.outline.is_empty())
    );
    let id = |key: &str| board.territory_by_key(key).unwrap();
    // Across the Pacific, the Atlantic and the Indian Ocean without a dotted line.
    assert!(board.share_a_sea(id("japan"), id("peru")));
    assert!(board.share_a_sea(id("quebec"), id("great_britain")));
    assert!(board.share_a_sea(id("india"), id("madagascar")));
    // Irkutsk is landlocked in the classic game and here too.
    assert!(board.territory(id("irkutsk")).seas.is_empty());
}
