//! The Château Noir conversation: at most one game, each request answered with one
//! reply, a refused request leaving the game as it was.

use std::sync::Arc;

use castellan_chateau::board::{ArmyId, Board};
use castellan_chateau::bot::{Player, Strength, Thinking};
use castellan_chateau::game::{Action, Event, Finder, Game, Seat, Table};
use castellan_chateau::save::SavedGame;
use castellan_common::protocol::{Refusal, error_reply, reply};
use castellan_common::rng::{GameRng, clock_seed, derive_seed, seeded};
use castellan_engine::protocol::MAX_COMPUTER_ACTIONS;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::request::{ComputerSeat, Request};
use super::sources::Places;

/// The game in play, the text of its board (which saves carry), the `app` part of
/// the save it came from (kept for the next save), and the seats the engine plays.
struct Playing {
    game: Game,
    board_source: String,
    app: Option<Map<String, Value>>,
    /// The computer player of each seat the engine plays (`None` for the others).
    computers: Vec<Option<(Strength, Player)>>,
    /// The computer players' generator, seeded from the game's seed.
    rng: GameRng,
}

/// What the computer seats did in answer to one request.
#[derive(Default)]
struct ComputerPlay {
    actions: Vec<(Seat, Action)>,
    events: Vec<Event>,
    /// They stopped at the limit with one of them still to decide.
    paused: bool,
}

impl Playing {
    /// Lets the computer seats play while one of them is to decide, for at most
    /// [`MAX_COMPUTER_ACTIONS`] actions (the same bound as Risk's).
    fn play_computers(&mut self, finder: &mut Finder) -> ComputerPlay {
        self.play_computers_up_to(MAX_COMPUTER_ACTIONS, finder)
    }

    fn play_computers_up_to(&mut self, most: usize, finder: &mut Finder) -> ComputerPlay {
        let mut play = ComputerPlay::default();
        while let Some(seat) = self.computer_to_decide() {
            if play.actions.len() == most {
                play.paused = true;
                break;
            }
            let Some(Some((_, player))) = self.computers.get_mut(seat.index()) else {
                break;
            };
            let Some((chosen, action)) = player.choose(&self.game, &mut self.rng) else {
                break;
            };
            // A computer player only chooses what the engine allows; should one ever
            // be refused, the seat is left to the client rather than looping.
            if chosen != seat
                || self
                    .game
                    .apply_with(seat, action.clone(), finder, &mut play.events)
                    .is_err()
            {
                break;
            }
            play.actions.push((seat, action));
        }
        play
    }

    fn computer_to_decide(&self) -> Option<Seat> {
        let seat = self.game.pending_seat()?;
        matches!(self.computers.get(seat.index()), Some(Some(_))).then_some(seat)
    }

    fn has_computers(&self) -> bool {
        self.computers.iter().any(Option::is_some)
    }

    /// The reply's account of the computer seats' play, written only at a table with
    /// computer seats so that other replies stay as they were.
    fn describe(&self, play: &ComputerPlay, fields: &mut Value) {
        if self.has_computers() {
            fields["computer_actions"] = play
                .actions
                .iter()
                .map(|(seat, action)| json!({ "seat": seat, "action": action }))
                .collect();
            if play.paused {
                fields["computers_paused"] = json!(true);
            }
        }
    }
}

/// Mixed into the game's seed for the computer players' generator.
const COMPUTER_SEED: u64 = 0xc0_4b07;

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
                computers,
            } => {
                let (board, source) = self.places.board(board.as_ref())?;
                let variant = self.places.variant(variant.as_ref())?;
                let table = table(&board, seats.as_deref(), teams)?;
                let seed = seed.unwrap_or_else(clock_seed);
                let game = Game::new(Arc::new(board), variant, table, seed)
                    .map_err(|e| Refusal::new(e.code(), e.to_string()))?;
                let computers = computer_players(&game, &computers)?;
                Ok(self.seat(game, source, None, computers, id))
            }
            Request::StartFromPosition {
                game: _,
                board,
                variant,
                position,
                seats,
                teams,
                computers,
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
                let computers = computer_players(&game, &computers)?;
                Ok(self.seat(game, source, None, computers, id))
            }
            Request::Act { seat, action } => {
                let finder = self.finder.get_or_insert_with(Finder::new);
                let table = self.table.as_mut().ok_or_else(no_game)?;
                let mut events = Vec::new();
                table
                    .game
                    .apply_with(seat, action, finder, &mut events)
                    .map_err(|e| Refusal::new(e.code(), e.to_string()))?;
                let play = table.play_computers(finder);
                events.extend_from_slice(&play.events);
                let mut fields = standing(&table.game);
                fields["seat"] = json!(seat);
                fields["events"] = to_json(&events);
                table.describe(&play, &mut fields);
                Ok(reply("events", id, fields))
            }
            Request::Continue {} => {
                let finder = self.finder.get_or_insert_with(Finder::new);
                let table = self.table.as_mut().ok_or_else(no_game)?;
                let play = table.play_computers(finder);
                let mut fields = standing(&table.game);
                fields["events"] = to_json(&play.events);
                fields["computer_actions"] = play
                    .actions
                    .iter()
                    .map(|(seat, action)| json!({ "seat": seat, "action": action }))
                    .collect();
                if play.paused {
                    fields["computers_paused"] = json!(true);
                }
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
            Request::Load {
                save,
                path,
                computers,
            } => {
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
                let computers = computer_players(&game, &computers)?;
                Ok(self.seat(game, save.board_source, save.app, computers, id))
            }
            Request::Suggest { strength, seed } => {
                let game = self.game_ref()?;
                let seed = seed.unwrap_or_else(|| suggestion_seed(game));
                // A fresh player plans the whole turn and gives its first action; the
                // same game and seed give the same answer.
                let mut player = Player::new(strength, Thinking::default());
                let (seat, action) = player.choose(game, &mut seeded(seed)).ok_or_else(|| {
                    Refusal::new("game_over", "the game is over: there is nothing to suggest")
                })?;
                Ok(reply(
                    "suggestion",
                    id,
                    json!({ "seat": seat, "strength": strength, "action": action }),
                ))
            }
        }
    }

    fn game_ref(&self) -> Result<&Game, Refusal> {
        self.game().ok_or_else(no_game)
    }

    /// Makes `game` the session's game, lets its computer seats play until someone
    /// else is to decide, and describes it: the `started` reply.
    fn seat(
        &mut self,
        game: Game,
        board_source: String,
        app: Option<Map<String, Value>>,
        computers: Vec<Option<(Strength, Player)>>,
        id: &Value,
    ) -> Value {
        let rng = seeded(game.seed() ^ COMPUTER_SEED);
        let mut table = Playing {
            game,
            board_source,
            app,
            computers,
            rng,
        };
        let play = table.play_computers(self.finder.get_or_insert_with(Finder::new));
        let game = &table.game;
        let board = game.board();
        let mut fields = standing(game);
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
        let mut events = game.opening_events().to_vec();
        events.extend_from_slice(&play.events);
        fields["events"] = to_json(&events);
        if table.has_computers() {
            fields["computers"] = table
                .computers
                .iter()
                .enumerate()
                .filter_map(|(seat, c)| {
                    c.as_ref()
                        .map(|(strength, _)| json!({ "seat": seat, "strength": strength }))
                })
                .collect();
        }
        table.describe(&play, &mut fields);
        self.table = Some(table);
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

/// The computer players a request names, one slot per seat; a seat named twice or
/// not at the table is refused. Their thinking is counted in work, never in time, so
/// that the same requests always get the same game.
fn computer_players(
    game: &Game,
    named: &[ComputerSeat],
) -> Result<Vec<Option<(Strength, Player)>>, Refusal> {
    let mut players: Vec<Option<(Strength, Player)>> =
        (0..game.table().seats.len()).map(|_| None).collect();
    for computer in named {
        check_seat(game, computer.seat)?;
        let slot = &mut players[computer.seat.index()];
        if slot.is_some() {
            return Err(Refusal::new(
                "bad_request",
                format!("{} is named twice in `computers`", computer.seat),
            ));
        }
        *slot = Some((
            computer.strength,
            Player::new(computer.strength, Thinking::default()),
        ));
    }
    Ok(players)
}

/// The seed of a `suggest` that names none: the game's seed and the actions played,
/// so that asking again gets the same answer.
fn suggestion_seed(game: &Game) -> u64 {
    derive_seed(game.seed(), game.history().len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn computers_only(seed: u64) -> Playing {
        let board = Arc::new(Board::reconstructed());
        let table = table(&board, None, Some(false)).unwrap();
        let game = Game::new(board, Default::default(), table, seed).unwrap();
        let named: Vec<ComputerSeat> = (0..4)
            .map(|seat| ComputerSeat {
                seat: Seat(seat),
                strength: Strength::Easy,
            })
            .collect();
        Playing {
            computers: computer_players(&game, &named).unwrap(),
            rng: seeded(game.seed() ^ COMPUTER_SEED),
            game,
            board_source: String::new(),
            app: None,
        }
    }

    #[test]
    fn computers_pause_at_the_limit_and_play_on_to_the_same_game() {
        let mut finder = Finder::new();
        let mut whole = computers_only(7);
        let all = whole.play_computers(&mut finder);
        assert!(!all.paused && whole.game.is_over());
        let mut paused = computers_only(7);
        let mut actions = Vec::new();
        loop {
            let play = paused.play_computers_up_to(10, &mut finder);
            actions.extend(play.actions.iter().cloned());
            if !play.paused {
                break;
            }
            assert_eq!(play.actions.len(), 10);
            assert!(paused.computer_to_decide().is_some());
        }
        assert_eq!(actions, all.actions);
        assert_eq!(paused.game.history(), whole.game.history());
    }
}
