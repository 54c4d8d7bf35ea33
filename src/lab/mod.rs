//! The balance lab's words and files, shared by `castellan balance` and the lab
//! window: the plain-words verdict of each finding (`verdicts`) and the raw figures as
//! CSV and JSON (`export`). The figures themselves come from the engine's
//! [`castellan_engine::balance`].

pub mod export;
pub mod verdicts;
