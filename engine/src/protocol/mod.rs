//! The JSON-lines protocol: how bots, test harnesses and other front ends drive games
//! without the GUI, one JSON object per line each way (`castellan protocol`, described
//! in `docs/protocol.md`).
//!
//! A [`Session`] takes each input line and returns the replies to write; it holds at
//! most one game. Requests are tagged by `"type"` (`start`, `start_from_position`,
//! `act`, `continue`, `pending`, `legal`, `view`, `save`, `load`, `odds`, `suggest`, `quit`) and may carry an
//! `"id"` that the reply echoes. A line that cannot be understood or carried out gets an
//! `error` reply naming the line, and the session (and its game) go on unchanged.
//!
//! The shape of requests lives in `request`, reading boards, variants, positions and
//! saves in `sources`, the replies in `reply`, why a request is refused (a stable code
//! and an English message) in `refusal`, and the conversation in `session`.

mod refusal;
mod reply;
mod request;
mod session;
mod sources;

pub use request::{BoardSource, ComputerSeat, PositionSource, Request, VariantSource};
pub use session::{MAX_COMPUTER_ACTIONS, MAX_LINE_BYTES, Session};
