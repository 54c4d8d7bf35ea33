//! The Château Noir conversation: at most one game, each request answered with one
//! reply, a refused request leaving the game as it was.

use std::sync::Arc;

use castellan_chateau::board::{ArmyId, Board};
use castellan_chateau::game::{Finder, Game, Seat, Table};
use castellan_chateau::save::SavedGame;
use castellan_common::protocol::{Refusal, error_reply, reply};
use castellan_common::rng::clock_seed;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::request::Request;
use super::sources::Places;

/// The game in play, the text of its board (which saves carry), and the `app` part of
/// the save it came from (kept for the next save).
struct Playing {
    game: Game,
    board_source: String,
    app: Option<Map<String, Value>>,
}

#[derive(Default)]
pub(crate) struct Session {
    pub places: Places,
    table: Option<Playing>,
    finder: Option<Finder>,
}

impl Session {
    pub fn game(&self) -> Option<&Game> {
        self.table.as_ref().map(|t| &t.game)
    }

    /// Answers one request (its `id` taken off), read on input line `line`.
    pub fn handle(&mut self, object: Map<String, Value>, id: &Value, line: usize) -> Value {
        let request = match Request::deserialize(Value::Object(object)) {
            Ok(request) => request,
            Err(error) => {
                let refusal = Refusal::new("bad_request", format!("bad request: {error}"));
                return error_reply(id, &refusal, line);
            }
        };
        self.answer(request, id)
            .unwrap_or_else(|refusal| error_reply(id, &refusal, line))
    }

    fn answer(&mut self, request: Request, id: &Value) -> Result<Value, Refusal> {
        match request {
            Request::Start {
                game: _,
                board,
                variant,
                seats,
                teams,
                seed,
            } => {
                let (board, source) = self.places.board(board.as_ref())?;
                let variant = self.places.variant(variant.as_ref())?;
                let table = table(&board, seats.as_deref(), teams)?;
                let seed = seed.unwrap_or_else(clock_seed);
                let game = Game::new(Arc::new(board), variant, table, seed)
                    .map_err(|e| Refusal::new(e.code(), e.to_string()))?;
                Ok(self.seat(game, source, None, id))
            }
            Request::StartFromPosition {
                game: _,
                board,
                variant,
                position,
                seats,
                teams,
            } => {
                let (board, source) = self.places.board(board.as_ref())?;
                let variant = self.places.variant(variant.as_ref())?;
                let table = match seats {
                    Some(seats) => Some(self::table(&board, Some(&seats), teams)?),
                    None => teams.map(|teams| {
                        let mut table = self::table(&board, None, Some(teams))
                            .expect("one seat an army fits its board");
                        table.teams = teams && !board.teams().is_empty();
                        table
                    }),
                };
                let (text, origin) = self.places.position(&position)?;
                let game = Game::from_position(Arc::new(board), variant, table, &text, &origin)
                    .map_err(|e| {
                        Refusal::new(e.code(), format!("the position is refused:\n{e}"))
                    })?;
                Ok(self.seat(game, source, None, id))
            }
            Request::Act { seat, action } => {
                let finder = self.finder.get_or_insert_with(Finder::new);
                let table = self.table.as_mut().ok_or_else(no_game)?;
                let mut events = Vec::new();
                table
                    .game
                    .apply_with(seat, action, finder, &mut events)
                    .map_err(|e| Refusal::new(e.code(), e.to_string()))?;
                let mut fields = standing(&table.game);
                fields["seat"] = json!(seat);
                fields["events"] = to_json(&events);
                Ok(reply("events", id, fields))
            }
            Request::Pending {} => Ok(reply("pending", id, standing(self.game_ref()?))),
            Request::Legal {} => {
                let finder = self.finder.get_or_insert_with(Finder::new);
                let game = &self.table.as_ref().ok_or_else(no_game)?.game;
                Ok(reply("legal", id, to_json(&game.legal_with(finder))))
            }
            Request::View { seat } => {
                let game = self.game_ref()?;
                if let Some(seat) = seat {
                    check_seat(game, seat)?;
                }
                Ok(reply("view", id, json!({ "view": game.view() })))
            }
            Request::Position {} => Ok(reply(
                "position",
                id,
                json!({ "position": self.game_ref()?.position_text() }),
            )),
            Request::Save {} => {
                let table = self.table.as_ref().ok_or_else(no_game)?;
                let mut save = table
                    .game
                    .save(&table.board_source)
                    .map_err(|e| Refusal::new("cannot_save", e.to_string()))?;
                save.app = table.app.clone();
                Ok(reply("save", id, json!({ "save": save })))
            }
            Request::Load { save, path } => {
                let save = match (save, path) {
                    (Some(save), None) => SavedGame::from_value(&save)
                        .map_err(|e| Refusal::new("invalid_save", e.to_string()))?,
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
                    .map_err(|e| Refusal::new("invalid_save", e.to_string()))?;
                Ok(self.seat(game, save.board_source, save.app, id))
            }
            Request::Suggest { .. } => {
                self.game_ref()?;
                Err(Refusal::new(
                    "no_suggestions",
                    "Château Noir has no computer players yet: `suggest` is not available for it",
                ))
            }
        }
    }

    fn game_ref(&self) -> Result<&Game, Refusal> {
        self.game().ok_or_else(no_game)
    }

    /// Makes `game` the session's game and describes it: the `started` reply.
    fn seat(
        &mut self,
        game: Game,
        board_source: String,
        app: Option<Map<String, Value>>,
        id: &Value,
    ) -> Value {
        let board = game.board();
        let mut fields = standing(&game);
        fields["game"] = json!("chateau-noir");
        fields["board"] = json!(board.meta.name);
        fields["reconstructed"] = json!(board.meta.reconstruction.is_some());
        fields["seed"] = json!(game.seed());
        fields["teams"] = json!(game.table().teams);
        fields["seats"] = game
            .table()
            .seats
            .iter()
            .map(|armies| {
                armies
                    .iter()
                    .map(|&a| Value::from(board.army(a).id.clone()))
                    .collect::<Value>()
            })
            .collect();
        fields["armies"] = board
            .army_ids()
            .map(|army| {
                let info = board.army(army);
                json!({
                    "army": army,
                    "id": info.id,
                    "name": info.name,
                    "letter": info.letter.to_string(),
                    "colour": info.colour,
                })
            })
            .collect();
        fields["sides"] = game
            .view()
            .sides
            .iter()
            .map(|side| json!({ "side": side.side, "id": side.id, "armies": side.armies, "seats": side.seats }))
            .collect();
        fields["actions"] = json!(game.history().len());
        fields["events"] = to_json(&game.opening_events());
        self.table = Some(Playing {
            game,
            board_source,
            app,
        });
        reply("started", id, fields)
    }
}

/// Where the game stands: the seat to decide and what it decides, the army to play,
/// and how the match ended once it has.
fn standing(game: &Game) -> Value {
    let decision = if game.is_over() {
        Value::Null
    } else if game.draw_offer().is_some() {
        json!("draw_answer")
    } else {
        json!("turn")
    };
    json!({
        "pending": game.pending_seat(),
        "decision": decision,
        "army": game.mover(),
        "outcome": game.outcome(),
    })
}

/// The engine's data always serialises (plain data, string keys).
fn to_json(value: &impl serde::Serialize) -> Value {
    serde_json::to_value(value).expect("engine data always serialises to JSON")
}

fn no_game() -> Refusal {
    Refusal::new(
        "no_game",
        "there is no game: send `start`, `start_from_position` or `load` first",
    )
}

fn check_seat(game: &Game, seat: Seat) -> Result<(), Refusal> {
    if seat.index() < game.table().seats.len() {
        Ok(())
    } else {
        Err(Refusal::new(
            "unknown_seat",
            format!(
                "there is no {seat} at this table (seats 0 to {})",
                game.table().seats.len() - 1
            ),
        ))
    }
}

/// The table a request names: armies by id for each seat (absent: one seat an army),
/// team play (absent: when the board has teams).
fn table(
    board: &Board,
    seats: Option<&[Vec<String>]>,
    teams: Option<bool>,
) -> Result<Table, Refusal> {
    let invalid = |message: String| Refusal::new("invalid_table", message);
    let seats = match seats {
        Some(seats) => seats
            .iter()
            .map(|armies| {
                armies
                    .iter()
                    .map(|id| {
                        board.army_by_id(id).ok_or_else(|| {
                            invalid(format!(
                                "there is no army `{}` on this board",
                                castellan_common::diagnostics::FileText::new(id)
                            ))
                        })
                    })
                    .collect::<Result<Vec<ArmyId>, Refusal>>()
            })
            .collect::<Result<Vec<_>, _>>()?,
        None => board.army_ids().map(|army| vec![army]).collect(),
    };
    let table = Table {
        seats,
        teams: teams.unwrap_or(!board.teams().is_empty()),
    };
    table
        .check(board)
        .map_err(|error| invalid(error.to_string()))?;
    Ok(table)
}
