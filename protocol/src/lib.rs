//! Castellan's JSON-lines protocol for every game it plays (`castellan protocol`,
//! `docs/protocol.md`): one [`Session`] that hands each request to the engine of its
//! game. Castle Risk and classic Risk go to the Risk engine's own session, exactly as
//! before there were two games (every Risk conversation gets the same replies,
//! byte for byte); Château Noir goes to this crate's `chateau` session.
//!
//! How a request finds its engine: `start` and `start_from_position` by their `"game"`
//! (absent: Castle Risk, as always); `load` by the save's `game`; `odds` and `quit`
//! always to the Risk session (which keeps the conversation's end); anything else to
//! the game in play. Lines that cannot be read at all are answered as the Risk session
//! always answered them, and every error names the input line, counted over the whole
//! conversation.

mod chateau;

use std::path::PathBuf;

use castellan_common::GameId;
use castellan_common::protocol::{LineSession, MAX_LINE_BYTES, Refusal, error_reply};
use castellan_common::save::{SaveFamily, family_of, family_of_text};
use serde_json::{Map, Value};

pub use castellan_common::protocol::serve;

/// Which engine holds the game in play.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Active {
    Risk,
    Chateau,
}

/// Where a request goes.
enum Route {
    /// To the Risk session, as this text.
    Risk(String),
    /// To the Château Noir session, parsed (its `id` taken off).
    Chateau(Map<String, Value>, Value),
    /// Refused here.
    Refused(Value, Refusal),
}

/// One protocol conversation, for every game. Feed it each input line with
/// [`Session::handle_line`] (or serve it with [`serve`]) and write out what it
/// returns.
///
/// ```
/// use castellan_protocol::Session;
///
/// let mut session = Session::new();
/// let started = session.handle_line(r#"{"type":"start","game":"chateau-noir","seed":1}"#);
/// assert_eq!(started[0]["type"], "started");
/// assert_eq!(started[0]["game"], "chateau-noir");
/// let legal = session.handle_line(r#"{"type":"legal"}"#);
/// assert!(!legal[0]["pickable"].as_array().unwrap().is_empty());
/// // Castle Risk as ever.
/// let odds = session.handle_line(r#"{"type":"odds","attackers":3,"defenders":2}"#);
/// assert_eq!(odds[0]["type"], "odds");
/// ```
pub struct Session {
    risk: castellan_engine::protocol::Session,
    chateau: chateau::Session,
    active: Active,
    lines: usize,
    base: Option<PathBuf>,
}

impl Default for Session {
    fn default() -> Self {
        Self::new()
    }
}

impl Session {
    /// A session knowing no shipped boards, reading relative paths from the process's
    /// directory.
    pub fn new() -> Self {
        Self {
            risk: castellan_engine::protocol::Session::new(),
            chateau: chateau::Session::default(),
            active: Active::Risk,
            lines: 0,
            base: None,
        }
    }

    /// Shipped boards are looked for in `dir` (`{"name":"castle-risk"}` reads
    /// `dir/castle-risk.toml`, `{"name":"chateau-noir"}` `dir/chateau-noir.toml`).
    pub fn with_boards_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        let dir = dir.into();
        self.risk = self.risk.with_boards_dir(dir.clone());
        self.chateau.places.boards = Some(dir);
        self
    }

    /// Relative paths in requests are taken from `dir`.
    pub fn with_base_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        let dir = dir.into();
        self.risk = self.risk.with_base_dir(dir.clone());
        self.chateau.places.base = Some(dir.clone());
        self.base = Some(dir);
        self
    }

    /// Whether the client said `quit`.
    pub fn is_finished(&self) -> bool {
        self.risk.is_finished()
    }

    /// The Castle Risk game in play, if that is the game in play.
    pub fn risk_game(&self) -> Option<&castellan_engine::game::Game> {
        (self.active == Active::Risk)
            .then(|| self.risk.game())
            .flatten()
    }

    /// The Château Noir game in play, if that is the game in play.
    pub fn chateau_game(&self) -> Option<&castellan_chateau::game::Game> {
        (self.active == Active::Chateau)
            .then(|| self.chateau.game())
            .flatten()
    }

    /// Input lines handled so far.
    pub fn lines_read(&self) -> usize {
        self.lines
    }

    /// Handles one input line (without its line break) and returns the replies to
    /// write: none for a blank line, otherwise exactly one.
    pub fn handle_line(&mut self, line: &str) -> Vec<Value> {
        self.lines += 1;
        match self.route(line) {
            Route::Risk(text) => {
                let replies = self.risk.handle_line(&text);
                if self.risk.game().is_some()
                    && replies.first().is_some_and(|r| r["type"] == "started")
                {
                    self.active = Active::Risk;
                }
                self.numbered(replies)
            }
            Route::Chateau(object, id) => {
                let reply = self.chateau.handle(object, &id, self.lines);
                if reply["type"] == "started" {
                    self.active = Active::Chateau;
                }
                vec![reply]
            }
            Route::Refused(id, refusal) => vec![error_reply(&id, &refusal, self.lines)],
        }
    }

    /// The Risk session counts only the lines it sees: its errors name the line
    /// counted over the whole conversation.
    fn numbered(&self, mut replies: Vec<Value>) -> Vec<Value> {
        for reply in &mut replies {
            if reply["type"] == "error" && reply.get("line").is_some() {
                reply["line"] = Value::from(self.lines);
            }
        }
        replies
    }

    /// Which engine answers `line`.
    fn route(&self, line: &str) -> Route {
        let to_risk = || Route::Risk(line.to_owned());
        if self.risk.is_finished() || line.len() > MAX_LINE_BYTES || line.trim().is_empty() {
            return to_risk();
        }
        let Ok(Value::Object(mut object)) = serde_json::from_str::<Value>(line) else {
            return to_risk();
        };
        let kind = object
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_owned();
        match kind.as_str() {
            "start" | "start_from_position" => {
                let Some(game) = object.get("game") else {
                    return to_risk();
                };
                let id = object.get("id").cloned().unwrap_or(Value::Null);
                let Some(game) = game.as_str().and_then(GameId::from_id) else {
                    return Route::Refused(
                        id,
                        Refusal::new(
                            "unknown_game",
                            format!(
                                "`game` is {}, or absent for Castle Risk",
                                castellan_common::game_id::known_ids()
                            ),
                        ),
                    );
                };
                if game == GameId::ChateauNoir {
                    let id = object.remove("id").unwrap_or(Value::Null);
                    return Route::Chateau(object, id);
                }
                // A Risk game: its `game` is the ruleset of a `start`.
                object.remove("game");
                if kind == "start" {
                    let ruleset = Value::from(game.id());
                    match object.get("ruleset") {
                        Some(given) if *given != ruleset => {
                            return Route::Refused(
                                id,
                                Refusal::new(
                                    "bad_request",
                                    "`game` and `ruleset` name different games",
                                ),
                            );
                        }
                        _ => {
                            object.insert("ruleset".to_owned(), ruleset);
                        }
                    }
                }
                Route::Risk(Value::Object(object).to_string())
            }
            "load" => match self.save_family(&object) {
                Some(SaveFamily::Named(GameId::ChateauNoir)) => {
                    let id = object.remove("id").unwrap_or(Value::Null);
                    Route::Chateau(object, id)
                }
                _ => to_risk(),
            },
            "odds" | "quit" => to_risk(),
            _ if self.active == Active::Chateau => {
                let id = object.remove("id").unwrap_or(Value::Null);
                Route::Chateau(object, id)
            }
            _ => to_risk(),
        }
    }

    /// The game a `load` request's save is of, when it can be told (otherwise the
    /// Risk session reads it, and says what is wrong as it always did).
    fn save_family(&self, request: &Map<String, Value>) -> Option<SaveFamily> {
        if let Some(save) = request.get("save") {
            return family_of(save).ok();
        }
        let path = request.get("path")?.as_str()?;
        let path = match &self.base {
            Some(base) => base.join(path),
            None => PathBuf::from(path),
        };
        let text = castellan_common::diagnostics::read_text_file::<
            castellan_common::diagnostics::BaseProblem,
        >(&path, castellan_chateau::save::MAX_SAVE_BYTES)
        .ok()?;
        family_of_text(&text).ok()
    }
}

impl LineSession for Session {
    fn handle_line(&mut self, line: &str) -> Vec<Value> {
        Session::handle_line(self, line)
    }

    fn reject_line(&mut self, message: &str) -> Value {
        self.lines += 1;
        let mut reply = self.risk.reject_line(message);
        reply["line"] = Value::from(self.lines);
        reply
    }

    fn reject_long_line(&mut self) -> Value {
        self.lines += 1;
        let mut reply = self.risk.reject_long_line();
        reply["line"] = Value::from(self.lines);
        reply
    }

    fn is_finished(&self) -> bool {
        Session::is_finished(self)
    }
}
