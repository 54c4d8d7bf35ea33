//! The reference sheet players keep at the table, for the board and variant in use:
//! spoils, the reinforcement track, the turn, the cards, the battle rules, a small map
//! and the house rules. It needs no display: the command line, the print operation and
//! the PDF export all go through [`lay_out`] and [`draw_page`].
//!
//! - `content`: what the sheet says, as plain data from a board and a variant.
//! - `wording`: the same in translated words, as typed blocks.
//! - `layout`: the blocks measured with Pango and put on pages; `flow`: where they go,
//!   from their heights alone.
//! - `draw`: one page drawn with Cairo, on any surface.
//! - `style`: fonts, colours and spacing; `paper`: page sizes.
//! - `output`: PDF, PNG and SVG files.

mod content;
mod draw;
mod flow;
mod layout;
mod output;
mod paper;
pub(crate) mod style;
mod wording;

use std::sync::Arc;

use castellan_engine::board::Board;
use castellan_engine::variant::Variant;

pub use content::SheetContent;
pub use draw::draw_page;
pub use layout::Sheet;
pub use output::{Format, OutputError, PNG_DPI, Pages, pages_pdf, pages_png, write, write_pages};
pub use paper::Paper;
pub use wording::{Block, Document, Section, card_name, document};

/// The sheet of `board` played with `variant`, laid out on `paper` in the current
/// language.
pub fn lay_out(board: Arc<Board>, variant: &Variant, paper: Paper) -> Sheet {
    let content = SheetContent::new(Arc::clone(&board), variant);
    Sheet::new(&wording::document(&content), board, paper)
}
