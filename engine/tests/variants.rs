//! The variants shipped in `data/variants/`, their documentation, and games played with
//! them on the Castle Risk board.

mod positions {
    pub mod support;
}

use std::path::{Path, PathBuf};

use castellan_engine::game::{Dice, Game, Position, Seat};
use castellan_engine::variant::{Variant, load_variant_file};
use positions::support::castle_board;

fn shipped(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data/variants")
        .join(name)
}

fn shipped_variant(name: &str) -> Variant {
    load_variant_file(&shipped(name)).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_shipped_variant_loads_and_has_a_name_and_description() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../data/variants");
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let variant = load_variant_file(&path).unwrap_or_else(|e| panic!("{e}"));
            assert!(!variant.name.is_empty(), "{} has no name", path.display());
            assert!(!variant.description.is_empty(), "{}", path.display());
            count += 1;
        }
    }
    assert!(count >= 2, "the rulebook and the common house rules ship");
}

#[test]
fn the_rulebook_preset_changes_nothing() {
    let variant = shipped_variant("rulebook.toml");
    assert!(variant.plays_as_rulebook());
    assert_eq!(variant.name, "Rulebook (1986)");
}

#[test]
fn the_house_rules_preset_only_scores_regions_separately() {
    let variant = shipped_variant("house-rules.toml");
    let differences: Vec<String> = variant
        .differences_from_rulebook()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        differences,
        ["spoils.per_region_bonus = true (rulebook: false)"]
    );
}

#[test]
fn the_format_documentation_covers_every_option() {
    let doc = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/variant-format.md"),
    )
    .unwrap();
    for option in Variant::option_paths() {
        assert!(
            doc.contains(&format!("`{option}`")),
            "docs/variant-format.md does not describe `{option}`"
        );
    }
}

/// A two-seat position on the Castle Risk board, seat 0 to play, where seat 0 holds
/// the territories `mine` (and its castle, Vienna) and seat 1 everything else.
fn castle_risk_position(mine: &[&str]) -> Position {
    let board = castle_board();
    let mut territories = String::new();
    for id in board.territory_ids() {
        let key = &board.territory(id).key;
        let owner = u8::from(!(mine.contains(&key.as_str()) || key == "vienna"));
        territories.push_str(&format!("{key} = {{ owner = {owner}, armies = 2 }}\n"));
    }
    Position::from_toml(&format!(
        "seed = 3\n[territories]\n{territories}\n\
         [[seats]]\ncastle = \"vienna\"\nhand = []\n\n\
         [[seats]]\ncastle = \"moscow\"\nhand = []\n\n\
         [turn]\nseat = 0\nstep = \"play\"\nnumber = 4\n"
    ))
    .unwrap_or_else(|e| panic!("{e}"))
}

fn spoils_with(variant: Variant, mine: &[&str]) -> castellan_engine::game::SpoilsBreakdown {
    let game = Game::from_position(
        castle_board(),
        variant,
        &castle_risk_position(mine),
        Dice::Fixed(Vec::new()),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    game.spoils_for(Seat(0))
}

const ITALY: [&str; 4] = ["switzerland", "venice", "rome", "naples"];
const SPAIN: [&str; 3] = ["barcelona", "madrid", "portugal"];
const SCANDINAVIA: [&str; 4] = ["sweden", "norway", "denmark", "finland"];

#[test]
fn spoils_two_per_region_house_rule_on_the_castle_risk_board() {
    // Ruling 20, option: with the common house rules, Italy and Spain held whole give
    // 2 each; the rulebook gives nothing for them short of all eleven independents.
    let mine: Vec<&str> = ITALY.iter().chain(&SPAIN).copied().collect();
    let house = spoils_with(shipped_variant("house-rules.toml"), &mine);
    assert_eq!(
        house.regions.iter().map(|&(_, n)| n).collect::<Vec<_>>(),
        [2, 2]
    );
    assert_eq!((house.all_independents, house.total), (0, 4));
    let rulebook = spoils_with(Variant::rulebook(), &mine);
    assert!(rulebook.regions.is_empty());
    assert_eq!(rulebook.total, 0);

    // All eleven: the house rule's three regions replace the rulebook's 6.
    let all: Vec<&str> = mine.iter().chain(&SCANDINAVIA).copied().collect();
    let house = spoils_with(shipped_variant("house-rules.toml"), &all);
    assert_eq!((house.regions.len(), house.all_independents), (3, 0));
    assert_eq!(house.total, 6);
    let rulebook = spoils_with(Variant::rulebook(), &all);
    assert_eq!((rulebook.all_independents, rulebook.total), (6, 6));
}
