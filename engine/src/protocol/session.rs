//! The session: one client's conversation, a line in and replies out, holding at most
//! one game at a time. Nothing a client sends can end it but `quit`: a bad line gets an
//! error reply and the game stays as it was.

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Deserialize;
use serde_json::{Value, json};

use crate::game::{Dice, Game, Seat};
use crate::odds::{OddsOptions, odds};

use super::refusal::Refusal;
use super::reply::{self, reply, to_json};
use super::request::Request;
use super::sources::{LoadedBoard, Places};

/// The game being played and the text of its board (which saves carry).
struct Table {
    game: Game,
    board_source: String,
}

/// One protocol conversation. Feed it each input line with [`Session::handle_line`] and
/// write out what it returns; stop once [`Session::is_finished`].
///
/// ```
/// use castellan_engine::protocol::Session;
///
/// let mut session = Session::new();
/// let replies = session.handle_line(r#"{"type":"odds","id":1,"attackers":3,"defenders":2}"#);
/// assert_eq!(replies[0]["type"], "odds");
/// assert_eq!(replies[0]["id"], 1);
/// let replies = session.handle_line("{oops");
/// assert_eq!(replies[0]["type"], "error");
/// assert_eq!(replies[0]["line"], 2);
/// ```
#[derive(Default)]
pub struct Session {
    places: Places,
    table: Option<Table>,
    /// Input lines seen so far (the current one included while it is handled).
    lines: usize,
    finished: bool,
}

impl Session {
    /// A session knowing no shipped boards, reading relative paths from the process's
    /// directory.
    pub fn new() -> Self {
        Self::default()
    }

    /// Shipped boards are looked for in `dir`: `{"name":"castle-risk"}` reads
    /// `dir/castle-risk.toml`.
    pub fn with_boards_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.places.boards = Some(dir.into());
        self
    }

    /// Relative paths in requests are taken from `dir`.
    pub fn with_base_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.places.base = Some(dir.into());
        self
    }

    /// Whether the client said `quit`.
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The game in play, if one was started or loaded.
    pub fn game(&self) -> Option<&Game> {
        self.table.as_ref().map(|table| &table.game)
    }

    /// Input lines handled so far.
    pub fn lines_read(&self) -> usize {
        self.lines
    }

    /// Handles one input line (without its line break) and returns the replies to
    /// write, one per output line: none for a blank line, otherwise exactly one.
    pub fn handle_line(&mut self, line: &str) -> Vec<Value> {
        self.lines += 1;
        if line.trim().is_empty() {
            return Vec::new();
        }
        let mut object = match serde_json::from_str::<Value>(line) {
            Ok(Value::Object(object)) => object,
            Ok(_) => {
                let refusal = Refusal::new("not_an_object", "a request is a JSON object");
                return vec![self.error(&Value::Null, &refusal)];
            }
            Err(error) => {
                let refusal = Refusal::new("not_json", format!("not JSON: {error}"));
                return vec![self.error(&Value::Null, &refusal)];
            }
        };
        let id = object.remove("id").unwrap_or(Value::Null);
        if self.finished {
            let refusal = Refusal::new("session_over", "the session is over (quit was received)");
            return vec![self.error(&id, &refusal)];
        }
        let request = match Request::deserialize(Value::Object(object)) {
            Ok(request) => request,
            Err(error) => {
                let refusal = Refusal::new("bad_request", format!("bad request: {error}"));
                return vec![self.error(&id, &refusal)];
            }
        };
        let answer = self.handle(request, &id);
        vec![answer.unwrap_or_else(|refusal| self.error(&id, &refusal))]
    }

    /// Counts a line that could not even be read (not UTF-8, say) and returns the
    /// error reply for it, with the code `unreadable_line`.
    pub fn reject_line(&mut self, message: &str) -> Value {
        self.lines += 1;
        self.error(&Value::Null, &Refusal::new("unreadable_line", message))
    }

    fn error(&self, id: &Value, refusal: &Refusal) -> Value {
        reply::error(id, refusal, self.lines)
    }

    fn handle(&mut self, request: Request, id: &Value) -> Result<Value, Refusal> {
        match request {
            Request::Start {
                board,
                variant,
                seats,
                seed,
                dice,
            } => {
                let LoadedBoard { board, source } = self.places.board(&board)?;
                let variant = self.places.variant(variant.as_ref())?;
                let seed = seed.unwrap_or_else(clock_seed);
                let mut game = Game::new(board, variant, seats, seed)?;
                if let Some(faces) = dice {
                    game.set_dice(Dice::Fixed(faces))
                        .map_err(|error| Refusal::rule(&error, game.board()))?;
                }
                Ok(self.seat_table(game, source, id))
            }
            Request::StartFromPosition {
                board,
                variant,
                position,
                dice,
            } => {
                let LoadedBoard { board, source } = self.places.board(&board)?;
                let variant = self.places.variant(variant.as_ref())?;
                let position = self.places.position(&position)?;
                let dice = dice.map_or(Dice::Random, Dice::Fixed);
                let game =
                    Game::from_position(board, variant, &position, dice).map_err(|error| {
                        Refusal::position(format!("the position is refused:\n{error}"))
                    })?;
                Ok(self.seat_table(game, source, id))
            }
            Request::Act {
                seat,
                action,
                events_for,
            } => {
                let game = &mut self.table_mut()?.game;
                if let Some(viewer) = events_for {
                    check_seat(game, viewer)?;
                }
                let events = game
                    .apply(seat, action)
                    .map_err(|error| Refusal::rule(&error, game.board()))?;
                let mut fields = reply::standing(game);
                fields["seat"] = to_json(&seat);
                fields["events"] = Value::from(reply::events(&events, events_for));
                Ok(reply("events", id, fields))
            }
            Request::Pending {} => Ok(reply("pending", id, reply::standing(&self.table()?.game))),
            Request::Legal {} => Ok(reply(
                "legal",
                id,
                to_json(&self.table()?.game.legal_actions()),
            )),
            Request::View { seat } => {
                let game = &self.table()?.game;
                check_seat(game, seat)?;
                Ok(reply("view", id, json!({ "view": game.view_for(seat) })))
            }
            Request::Save {} => {
                let table = self.table()?;
                let save = table.game.save(&table.board_source)?;
                Ok(reply("save", id, json!({ "save": save })))
            }
            Request::Load { save, path } => {
                let save = match (save, path) {
                    (Some(save), None) => *save,
                    (None, Some(path)) => self.places.save(&path)?,
                    _ => {
                        return Err(Refusal::new(
                            "bad_request",
                            "load takes either `save` or `path`",
                        ));
                    }
                };
                let game = save
                    .replay()
                    .map_err(|error| Refusal::replay(&error, &save))?;
                Ok(self.seat_table(game, save.board_source, id))
            }
            Request::Odds {
                attackers,
                defenders,
                castle,
                castle_dice_limit,
                general,
                marshall,
                lenient_general,
                admiral,
                stop_at,
            } => {
                let options = OddsOptions {
                    castle,
                    castle_dice_limit,
                    general,
                    marshall,
                    lenient_general,
                    admiral,
                    stop_at,
                };
                let odds = odds(attackers, defenders, options)?;
                Ok(reply("odds", id, reply::odds(&odds)))
            }
            Request::Quit {} => {
                self.finished = true;
                Ok(reply("bye", id, json!({})))
            }
        }
    }

    /// Makes `game` the session's game and describes it: the `started` reply.
    fn seat_table(&mut self, game: Game, board_source: String, id: &Value) -> Value {
        let board = game.board();
        let mut fields = reply::standing(&game);
        fields["board"] = Value::from(board.meta.name.clone());
        fields["seats"] = Value::from(game.seats());
        fields["seed"] = Value::from(game.seed());
        fields["territories"] = board
            .territories
            .iter()
            .map(|territory| Value::from(territory.key.clone()))
            .collect();
        fields["groups"] = board
            .groups
            .iter()
            .map(|group| Value::from(group.key.clone()))
            .collect();
        fields["actions"] = Value::from(game.history().len());
        fields["events"] = Value::from(reply::events(game.opening_events(), None));
        self.table = Some(Table { game, board_source });
        reply("started", id, fields)
    }

    fn table(&self) -> Result<&Table, Refusal> {
        self.table.as_ref().ok_or_else(no_game)
    }

    fn table_mut(&mut self) -> Result<&mut Table, Refusal> {
        self.table.as_mut().ok_or_else(no_game)
    }
}

fn no_game() -> Refusal {
    Refusal::new(
        "no_game",
        "there is no game: send `start`, `start_from_position` or `load` first",
    )
}

/// Refuses a seat that is not at this game's table (the game's accessors would panic).
fn check_seat(game: &Game, seat: Seat) -> Result<(), Refusal> {
    if seat.index() < game.seats() {
        Ok(())
    } else {
        Err(Refusal::new(
            "unknown_seat",
            format!(
                "there is no {seat} at this table (seats 0 to {})",
                game.seats() - 1
            ),
        ))
    }
}

/// A seed for a game whose client named none; the `started` reply gives it, so the
/// game can still be replayed.
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64)
}
