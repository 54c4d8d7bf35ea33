//! The Château Noir part of the protocol: its requests (`request`), where boards,
//! variants, positions and saves come from (`sources`), and the conversation
//! (`session`). Replies share the Risk session's shapes: a `"type"`, the echoed `"id"`,
//! and errors with a stable `code`, an English `message` and the input `line`.

mod request;
mod session;
mod sources;

pub(crate) use session::Session;
