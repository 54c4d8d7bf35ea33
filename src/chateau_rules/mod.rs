//! Château Noir's rules for people to read, shared by the reference sheet and the
//! help (F1): the move diagrams asked of the engine (`diagrams`) and drawn with Cairo
//! on any surface (`draw`), the rules in Castellan's own words (`wording`), the
//! options of a variant described (`options`), and the one-page sheet laid out,
//! drawn and written to PDF, PNG or SVG (`sheet`).

pub mod diagrams;
pub mod draw;
pub mod options;
pub mod sheet;
pub mod wording;
