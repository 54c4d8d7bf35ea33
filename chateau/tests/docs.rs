//! The examples of the Château Noir documents are real: the position of
//! `docs/chateau-noir-position-format.md` loads and is written back as it reads.

use std::sync::Arc;

use castellan_chateau::board::Board;
use castellan_chateau::game::Game;
use castellan_chateau::variant::Variant;

const POSITION_DOC: &str = include_str!("../../docs/chateau-noir-position-format.md");

/// The first ```toml block of a document.
fn first_toml_block(doc: &str) -> String {
    let start = doc.find("```toml\n").expect("a toml block") + "```toml\n".len();
    let end = start + doc[start..].find("```").expect("the block's end");
    doc[start..end].to_owned()
}

#[test]
fn the_documented_position_loads_and_reads_back() {
    let text = first_toml_block(POSITION_DOC);
    let board = Arc::new(Board::reconstructed());
    let game = Game::from_position(board.clone(), Variant::default(), None, &text, "doc")
        .unwrap_or_else(|e| panic!("the documented position loads:\n{e}"));
    assert_eq!(
        game.state().factor(),
        12,
        "Red moves both armies of the alliance"
    );
    assert_eq!(game.state().spent(), 2);
    assert_eq!(game.sieges().len(), 1);
    assert_eq!(game.safety().len(), 1);
    let view = game.view();
    assert_eq!((view.sides[0].score, view.sides[1].score), (3, -2));
    let again = Game::from_position(
        board,
        Variant::default(),
        None,
        &game.position_text(),
        "again",
    )
    .unwrap();
    assert_eq!(again.position_text(), game.position_text());
}
