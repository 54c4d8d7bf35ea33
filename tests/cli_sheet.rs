//! `castellan sheet`, run as users run it: the reference sheet written as PDF, PNG and
//! SVG for the rulebook and a house-rule variant, on A4 and Letter, in English and
//! French, read back with poppler's `pdfinfo` and `pdftotext`; and bad input refused
//! with the file named.

mod common;

use std::fs;
use std::path::Path;
use std::process::Command;

use common::{Scratch, castellan, text_of};

/// Writes the sheet with `args` (plus `-o path`) and insists that it worked.
fn sheet(args: &[&str], path: &str) -> String {
    let mut all = vec!["sheet"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["-o", path]);
    let output = castellan(&all);
    assert!(
        output.status.success(),
        "castellan {all:?}: {}",
        text_of(&output.stderr)
    );
    text_of(&output.stdout)
}

/// `pdfinfo`'s page count and page size line ("595.276 x 841.89 pts (A4)").
fn pdf_info(path: &str) -> (usize, String) {
    let output = Command::new("pdfinfo")
        .arg(path)
        .output()
        .expect("pdfinfo runs (poppler-utils; `make deps` installs it)");
    assert!(output.status.success(), "{}", text_of(&output.stderr));
    let info = text_of(&output.stdout);
    let field = |name: &str| {
        info.lines()
            .find_map(|line| line.strip_prefix(name))
            .map(str::trim)
            .unwrap_or_else(|| panic!("no {name} in {info}"))
            .to_owned()
    };
    let pages = field("Pages:").parse().expect("a page count");
    (pages, field("Page size:"))
}

/// The PDF's text with its layout kept, so that a bonus stays on its group's line.
fn pdf_text(path: &str) -> String {
    let output = Command::new("pdftotext")
        .args(["-layout", path, "-"])
        .output()
        .expect("pdftotext runs (poppler-utils)");
    assert!(output.status.success(), "{}", text_of(&output.stderr));
    text_of(&output.stdout)
}

/// The line of `text` holding `needle`.
fn line_with<'a>(text: &'a str, needle: &str) -> &'a str {
    text.lines()
        .find(|line| line.contains(needle))
        .unwrap_or_else(|| panic!("no line with {needle:?} in\n{text}"))
}

const EMPIRES: [&str; 6] = [
    "British Empire",
    "French Empire",
    "German Empire",
    "Austrian Empire",
    "Russian Empire",
    "Ottoman Empire",
];

const CARDS: [&str; 6] = [
    "Reinforcements ×12",
    "Diplomat ×7",
    "Spy ×7",
    "General ×8",
    "Marshall ×8",
    "Admiral ×6",
];

#[test]
fn the_rulebook_sheet_is_one_a4_page_with_every_empire_its_bonus_and_every_card() {
    let scratch = Scratch::new("rulebook");
    let pdf = scratch.path("rulebook.pdf");
    let said = sheet(&["--paper", "a4"], &pdf);
    assert_eq!(said, format!("{pdf}: 1 page, A4\n"));
    assert_eq!(pdf_info(&pdf), (1, "595.276 x 841.89 pts (A4)".to_owned()));
    let text = pdf_text(&pdf);
    for empire in EMPIRES {
        assert!(line_with(&text, empire).contains("+4"), "{empire}:\n{text}");
    }
    // pdftotext may widen the space between a card's name and its count.
    let squeezed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for card in CARDS {
        assert!(squeezed.contains(card), "{card}:\n{text}");
    }
    assert!(line_with(&text, "All 11 independents at once").contains("+6"));
    assert!(line_with(&text, "Each captured banner").contains("+8"));
    assert!(!text.contains("region held whole"));
    assert!(text.contains("The rulebook of 1986"));
    assert!(text.contains("against a castle, 2 dice at most"), "{text}");
}

#[test]
fn a_house_rule_variant_changes_the_independents_line_and_names_itself() {
    let scratch = Scratch::new("house");
    let pdf = scratch.path("house.pdf");
    sheet(
        &[
            "--variant",
            "data/variants/house-rules.toml",
            "--paper",
            "a4",
        ],
        &pdf,
    );
    assert_eq!(pdf_info(&pdf).0, 1);
    let text = pdf_text(&pdf);
    assert!(text.contains("Variant: Common house rules"), "{text}");
    assert!(line_with(&text, "Each independent region held whole").contains("+2"));
    assert!(!text.contains("independents at once"), "{text}");
    for empire in EMPIRES {
        assert!(line_with(&text, empire).contains("+4"), "{empire}");
    }
    let squeezed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for card in CARDS {
        assert!(squeezed.contains(card), "{card}");
    }
    assert!(
        squeezed.contains(
            "Rules that differ from the rulebook: Two Armies per Independent Region: on (rulebook: off)"
        ),
        "{text}"
    );
}

#[test]
fn letter_paper_and_a_variants_values_reach_the_sheet() {
    let scratch = Scratch::new("letter");
    let variant = scratch.path("bigger.toml");
    fs::write(
        &variant,
        "name = \"Bigger spoils\"\ncastle_dice_limit = 3\n[spoils]\nempire_bonus = 5\nbanner_bonus = 10\n[deck]\nspies = 9\n",
    )
    .unwrap();
    let pdf = scratch.path("letter.pdf");
    sheet(&["--variant", &variant, "--paper", "letter"], &pdf);
    assert_eq!(pdf_info(&pdf), (1, "612 x 792 pts (letter)".to_owned()));
    let text = pdf_text(&pdf);
    for empire in EMPIRES {
        assert!(line_with(&text, empire).contains("+5"), "{empire}:\n{text}");
    }
    assert!(line_with(&text, "Each captured banner").contains("+10"));
    assert!(text.contains("Variant: Bigger spoils"));
    assert!(text.contains("50 in the deck"), "{text}");
    assert!(text.contains("against a castle, 3 dice at most"), "{text}");
}

/// The width and height a PNG file's header gives.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = fs::read(path).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "{}", path.display());
    let number = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (number(16), number(20))
}

#[test]
fn png_and_svg_are_chosen_by_the_extension() {
    let scratch = Scratch::new("images");
    let png = scratch.path("sheet.png");
    assert_eq!(
        sheet(&["--paper", "letter"], &png),
        format!("{png}: 1 page, Letter\n")
    );
    // 150 pixels per inch on 8.5 × 11 inches.
    assert_eq!(png_size(Path::new(&png)), (1275, 1650));
    let svg = scratch.path("sheet.SVG");
    sheet(&["--paper", "a4"], &svg);
    let text = fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<?xml"), "{}", &text[..80]);
    assert!(text.contains("<svg"));
    assert!(text.contains("width=\"595.275591pt\""), "{}", &text[..400]);
}

#[test]
fn french_is_asked_for_with_lang_even_in_the_c_locale() {
    let scratch = Scratch::new("french");
    let pdf = scratch.path("fr.pdf");
    let said = sheet(&["--lang", "fr", "--paper", "a4"], &pdf);
    assert_eq!(said, format!("{pdf}\u{a0}: 1 page, A4\n"));
    let text = pdf_text(&pdf);
    for french in [
        "Aide-mémoire",
        "Nouvelles troupes",
        "Empire britannique",
        "Les 11 territoires indépendants à la fois",
        "Renforts",
        "Maréchal",
        "Votre tour, dans l’ordre",
    ] {
        assert!(text.contains(french), "{french}:\n{text}");
    }
    assert!(line_with(&text, "Empire britannique").contains("+4"));
    assert!(!text.contains("Spoils"));
}

#[test]
fn a_french_locale_the_system_lacks_still_gives_french() {
    // This machine has no fr_FR locale: start-up falls back to C.UTF-8 with LANGUAGE.
    let scratch = Scratch::new("locale");
    let pdf = scratch.path("fr.pdf");
    let output = Command::new(env!("CARGO_BIN_EXE_castellan"))
        .args(["sheet", "--paper", "a4", "-o", &pdf])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANGUAGE")
        .env("LANG", "fr_FR.UTF-8")
        .output()
        .expect("the castellan binary runs");
    assert!(output.status.success(), "{}", text_of(&output.stderr));
    assert!(pdf_text(&pdf).contains("Nouvelles troupes"));
}

#[test]
fn bad_files_are_named_and_nothing_is_written() {
    let scratch = Scratch::new("bad");
    let out = scratch.path("never.pdf");

    let board = scratch.path("broken-board.toml");
    fs::write(
        &board,
        "[board]\nformat = 1\nname = \"Nowhere\"\nwidth = 100\n",
    )
    .unwrap();
    let output = castellan(&["sheet", "--board", &board, "-o", &out]);
    assert_eq!(output.status.code(), Some(1));
    let errors = text_of(&output.stderr);
    assert!(errors.starts_with(&format!("{board}:")), "{errors}");

    let variant = scratch.path("broken-variant.toml");
    fs::write(&variant, "\ncastle_dice_limit = 9\n").unwrap();
    let output = castellan(&["sheet", "--variant", &variant, "-o", &out]);
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(
        text_of(&output.stderr),
        format!("{variant}:2:1: `castle_dice_limit` = 9 must be 1, 2 or 3\n")
    );

    let missing = scratch.path("missing.toml");
    let output = castellan(&["sheet", "--variant", &missing, "-o", &out]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text_of(&output.stderr).contains(&missing));

    let output = castellan(&["sheet", "-o", &scratch.path("sheet.docx")]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text_of(&output.stderr).contains("sheet.docx: cannot tell the format"));

    let output = castellan(&["sheet", "-o", "/nonexistent-castellan-dir/sheet.pdf"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text_of(&output.stderr).starts_with("/nonexistent-castellan-dir/sheet.pdf: "));

    assert!(!Path::new(&out).exists());
    assert_eq!(
        fs::read_dir(&scratch.0).unwrap().count(),
        2,
        "only the two bad files"
    );
}

#[test]
fn an_unknown_language_or_paper_is_a_usage_error() {
    let output = castellan(&["sheet", "--lang", "tlh", "-o", "x.pdf"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text_of(&output.stderr).contains("tlh"));
    let output = castellan(&["sheet", "--paper", "a3", "-o", "x.pdf"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(text_of(&output.stderr).contains("a3"));
}

/// The classic preset on the classic map, in `lang`, as PDF text with runs of spaces
/// squeezed (pdftotext's columns).
fn classic_sheet(scratch: &Scratch, lang: &str, variant: &str) -> String {
    let pdf = scratch.path(&format!("classic-{lang}.pdf"));
    let said = sheet(
        &[
            "--lang",
            lang,
            "--board",
            "data/boards/classic.toml",
            "--variant",
            variant,
            "--paper",
            "a4",
        ],
        &pdf,
    );
    assert!(said.contains("1 page, A4"), "{said}");
    assert_eq!(pdf_info(&pdf).0, 1);
    pdf_text(&pdf)
}

#[test]
fn a_classic_variant_prints_the_classic_sheet_in_english_and_french() {
    let scratch = Scratch::new("classic-sheet");
    let text = classic_sheet(&scratch, "en", "data/variants/classic.toml");
    for (continent, bonus) in [
        ("North America", "+5"),
        ("South America", "+2"),
        ("Europe", "+5"),
        ("Africa", "+3"),
        ("Asia", "+7"),
        ("Australia", "+2"),
    ] {
        assert!(
            line_with(&text, continent).contains(bonus),
            "{continent}:\n{text}"
        );
    }
    let squeezed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for said in [
        "4 6 8 10 12 15",
        "then each set 5 armies more",
        "1 Reinforcements: trade sets",
        "2 Attack if you wish",
        "3 Fortify if you wish",
        "a card per territory and 2 wild cards",
        "you hold puts 2 armies",
        "Hold every territory.",
        "2 → 40 · 3 → 35",
    ] {
        assert!(squeezed.contains(said), "{said}:\n{text}");
    }
    // Nothing of Castle Risk's sheet.
    for castle in ["Spoils", "Reinforcement track", "Marshall", "castle"] {
        assert!(!text.contains(castle), "{castle}:\n{text}");
    }

    let text = classic_sheet(&scratch, "fr", "data/variants/classic.toml");
    let squeezed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for french in [
        "Nouvelles armées",
        "Séries de cartes",
        "Tenez tous les territoires.",
        "Renforts : échangez",
        "Fortifiez si vous le voulez",
    ] {
        assert!(squeezed.contains(french), "{french}:\n{text}");
    }
    assert!(line_with(&text, "Asie").contains("+7"), "{text}");
}

#[test]
fn a_fixed_trade_table_and_missions_reach_the_classic_sheet() {
    let scratch = Scratch::new("classic-fixed");
    let variant = scratch.path("fixed.toml");
    fs::write(
        &variant,
        "name = \"Fixed\"\nruleset = \"classic\"\n[classic]\nfixed_trade = true\nfixed_mixed = 11\nmissions = true\nfortify_path = true\n",
    )
    .unwrap();
    let text = classic_sheet(&scratch, "en", &variant);
    assert!(line_with(&text, "Three infantry").contains("+4"), "{text}");
    assert!(line_with(&text, "Three artillery").contains("+8"), "{text}");
    assert!(line_with(&text, "One of each").contains("+11"), "{text}");
    assert!(!text.contains("then each set"), "{text}");
    let squeezed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(squeezed.contains("Complete the secret mission"), "{text}");
    assert!(squeezed.contains("through your own territories"), "{text}");
}

#[test]
fn the_chateau_noir_sheet_is_one_page_with_the_moves_scoring_and_tables_in_both_languages() {
    let scratch = Scratch::new("chateau-noir");
    let pdf = scratch.path("cn.pdf");
    // The board file says which game it is.
    let said = sheet(
        &[
            "--board",
            "data/boards/chateau-noir.toml",
            "--paper",
            "letter",
        ],
        &pdf,
    );
    assert_eq!(said, format!("{pdf}: 1 page, Letter\n"));
    assert_eq!(pdf_info(&pdf), (1, "612 x 792 pts (letter)".to_owned()));
    let text = pdf_text(&pdf);
    for words in [
        "The Moves",
        "Tower jump",
        "Twin jump",
        "Captain’s jump",
        "Scoring",
        "Simultanée",
        "Colour Tables",
        "1. Blue",
    ] {
        assert!(text.contains(words), "{words} missing from:\n{text}");
    }
    let french = scratch.path("cn-fr.pdf");
    sheet(
        &["--lang", "fr", "--game", "chateau-noir", "--paper", "a4"],
        &french,
    );
    assert_eq!(pdf_info(&french).0, 1);
    let text = pdf_text(&french);
    for words in ["Saut de tour", "Points", "Simultanée", "1. Bleu"] {
        assert!(text.contains(words), "{words} missing from:\n{text}");
    }
    // A broken Château Noir board is refused, located.
    let broken = scratch.write(
        "broken.toml",
        "[board]\ngame = \"chateau-noir\"\nformat = 1\nname = \"x\"\nsquares = []\n",
    );
    let output = castellan(&["sheet", "--board", &broken, "-o", &scratch.path("x.pdf")]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text_of(&output.stderr).contains("broken.toml:5:11: `squares` must have 10 rows"),
        "{}",
        text_of(&output.stderr)
    );
}
