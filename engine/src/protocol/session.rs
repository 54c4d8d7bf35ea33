//! The session: one client's conversation, a line in and replies out, holding at most
//! one game at a time. Nothing a client sends can end it but `quit`: a bad line gets an
//! error reply and the game stays as it was.

use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::Deserialize;
use serde_json::{Value, json};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::bot::{Policy, SeatSight, Strength};
use crate::game::{Action, Dice, Event, Game, LegalActions, SavedGame, Seat};
use crate::odds::{OddsOptions, odds};
use crate::variant::Ruleset;

use super::refusal::{Refusal, with_limits};
use super::reply::{self, reply, to_json};
use super::request::{ComputerSeat, Request};
use super::sources::{LoadedBoard, Places};

/// Actions the computer seats take, at most, in answer to one request (`start`,
/// `start_from_position`, `act` or `continue`): a turn or two of every computer seat,
/// a few seconds of the Expert's thinking and replies of some 120 KiB at most
/// (`examples/computer_requests.rs` measures them), so that every request is answered
/// soon and no reply grows without end. Where they stop, the reply says
/// `"computers_paused": true` and `continue` lets them play on.
pub const MAX_COMPUTER_ACTIONS: usize = 500;

/// The computer player of each seat the engine plays (`None` for the others).
type Computers = Vec<Option<(Strength, Box<dyn Policy + Send>)>>;

/// The longest request line read (16 MiB), the same for every game's protocol.
pub use castellan_common::protocol::MAX_LINE_BYTES;

/// The game being played, the text of its board (which saves carry), the seats the
/// engine plays, and the `app` part of the save it was loaded from, kept for the next
/// save.
struct Table {
    game: Game,
    board_source: String,
    app: Option<serde_json::Map<String, Value>>,
    /// The computer player of each seat the engine plays.
    computers: Computers,
    /// The computer players' generator, seeded from the game's seed.
    rng: ChaCha8Rng,
}

/// What the computer seats did in answer to one request.
#[derive(Default)]
struct ComputerPlay {
    /// The actions they took, in order.
    actions: Vec<(Seat, Action)>,
    /// The events these caused.
    events: Vec<Event>,
    /// They stopped after [`MAX_COMPUTER_ACTIONS`] with one of them still to decide.
    paused: bool,
}

impl Table {
    /// Lets the computer seats play while one of them is to decide, for at most
    /// [`MAX_COMPUTER_ACTIONS`] actions.
    fn play_computers(&mut self) -> ComputerPlay {
        let mut play = ComputerPlay::default();
        let mut legal = LegalActions::default();
        while let Some(seat) = self.computer_to_decide() {
            if play.actions.len() == MAX_COMPUTER_ACTIONS {
                play.paused = true;
                break;
            }
            let Some(Some((_, player))) = self.computers.get_mut(seat.index()) else {
                break;
            };
            self.game.legal_actions_into(&mut legal);
            let action = player.choose(&SeatSight::new(&self.game, seat), &legal, &mut self.rng);
            if self
                .game
                .apply_into(seat, action.clone(), &mut play.events)
                .is_err()
            {
                // A computer player only chooses listed actions; should one ever be
                // refused, the seat is left for the client rather than looping.
                break;
            }
            play.actions.push((seat, action));
        }
        play
    }

    /// The computer seat whose decision the game awaits, if it is one.
    fn computer_to_decide(&self) -> Option<Seat> {
        let seat = self.game.pending_seat()?;
        matches!(self.computers.get(seat.index()), Some(Some(_))).then_some(seat)
    }

    fn has_computers(&self) -> bool {
        self.computers.iter().any(Option::is_some)
    }

    /// The reply's account of what the computer seats did: their actions (as `seat`
    /// may see them) and, when they stopped at the limit, `computers_paused`. Written
    /// only at a table with computer seats, so that other replies stay as they were.
    fn describe_computer_play(&self, play: &ComputerPlay, seat: Option<Seat>, fields: &mut Value) {
        if self.has_computers() {
            fields["computer_actions"] = reply::actions(&play.actions, seat);
            if play.paused {
                fields["computers_paused"] = Value::from(true);
            }
        }
    }
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
        if line.len() > MAX_LINE_BYTES {
            return vec![self.error(&Value::Null, &too_long())];
        }
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
                let refusal = Refusal::unreadable_request(&error);
                return vec![self.error(&id, &refusal)];
            }
        };
        let answer = self.handle(request, &id);
        vec![answer.unwrap_or_else(|refusal| self.error(&id, &refusal))]
    }

    /// Counts a line that could not even be read (not UTF-8, say) and returns the
    /// error reply for it, with the code `unreadable_line`. A line longer than
    /// [`MAX_LINE_BYTES`] is [`Session::reject_long_line`]'s.
    pub fn reject_line(&mut self, message: &str) -> Value {
        self.lines += 1;
        self.error(&Value::Null, &Refusal::new("unreadable_line", message))
    }

    /// Counts a line longer than [`MAX_LINE_BYTES`], which a reader stopped reading,
    /// and returns the error reply for it, with the code `line_too_long`.
    pub fn reject_long_line(&mut self) -> Value {
        self.lines += 1;
        self.error(&Value::Null, &too_long())
    }

    fn error(&self, id: &Value, refusal: &Refusal) -> Value {
        reply::error(id, refusal, self.lines)
    }

    fn handle(&mut self, request: Request, id: &Value) -> Result<Value, Refusal> {
        match request {
            Request::Start {
                board,
                variant,
                ruleset,
                seats,
                seed,
                dice,
                computers,
            } => {
                let LoadedBoard { board, source } = self.places.board(&board)?;
                let mut variant = self.places.variant(variant.as_ref())?;
                if let Some(ruleset) = ruleset {
                    variant.ruleset = ruleset;
                }
                let seed = seed.unwrap_or_else(clock_seed);
                let mut game = Game::new(board, variant, seats, seed)?;
                if let Some(faces) = dice {
                    game.set_dice(Dice::Fixed(faces))
                        .map_err(|error| Refusal::rule(&error, game.board()))?;
                }
                let computers = computer_players(&game, &computers)?;
                Ok(self.seat_table(game, source, computers, id))
            }
            Request::StartFromPosition {
                board,
                variant,
                position,
                dice,
                computers,
            } => {
                let LoadedBoard { board, source } = self.places.board(&board)?;
                let variant = self.places.variant(variant.as_ref())?;
                let position = self.places.position(&position)?;
                let dice = dice.map_or(Dice::Random, Dice::Fixed);
                let game =
                    Game::from_position(board, variant, &position, dice).map_err(|error| {
                        Refusal::position(format!("the position is refused:\n{error}"))
                    })?;
                let computers = computer_players(&game, &computers)?;
                Ok(self.seat_table(game, source, computers, id))
            }
            Request::Act {
                seat,
                action,
                events_for,
            } => {
                let table = self.table_mut()?;
                if let Some(viewer) = events_for {
                    check_seat(&table.game, viewer)?;
                }
                let mut events = table
                    .game
                    .apply(seat, action)
                    .map_err(|error| Refusal::rule(&error, table.game.board()))?;
                let play = table.play_computers();
                events.extend_from_slice(&play.events);
                let mut fields = reply::standing(&table.game);
                fields["seat"] = to_json(&seat);
                fields["events"] = Value::from(reply::events(&events, events_for));
                table.describe_computer_play(&play, events_for, &mut fields);
                Ok(reply("events", id, fields))
            }
            Request::Continue { events_for } => {
                let table = self.table_mut()?;
                if let Some(viewer) = events_for {
                    check_seat(&table.game, viewer)?;
                }
                let play = table.play_computers();
                let mut fields = reply::standing(&table.game);
                fields["events"] = Value::from(reply::events(&play.events, events_for));
                fields["computer_actions"] = reply::actions(&play.actions, events_for);
                if play.paused {
                    fields["computers_paused"] = Value::from(true);
                }
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
                let mut save = table.game.save(&table.board_source)?;
                save.app = table.app.clone();
                Ok(reply("save", id, json!({ "save": save })))
            }
            Request::Load { save, path } => {
                let save = match (save, path) {
                    (Some(save), None) => SavedGame::from_value(&save)
                        .map_err(|error| Refusal::new("invalid_save", with_limits(&error)))?,
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
                let computers = (0..game.seats()).map(|_| None).collect();
                let answer = self.seat_table(game, save.board_source, computers, id);
                if let Some(table) = &mut self.table {
                    table.app = save.app;
                }
                Ok(answer)
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
            Request::Suggest { strength, seed } => {
                let game = &self.table()?.game;
                let seat = game.pending_seat().ok_or_else(|| {
                    Refusal::new("game_over", "the game is over: there is nothing to suggest")
                })?;
                let seed = seed.unwrap_or_else(|| suggestion_seed(game));
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let action = strength.policy().choose(
                    &SeatSight::new(game, seat),
                    &game.legal_actions(),
                    &mut rng,
                );
                Ok(reply(
                    "suggestion",
                    id,
                    json!({ "seat": seat, "strength": strength, "action": action }),
                ))
            }
            Request::Quit {} => {
                self.finished = true;
                Ok(reply("bye", id, json!({})))
            }
        }
    }

    /// Makes `game` the session's game, lets its computer seats play until someone
    /// else is to decide, and describes it: the `started` reply.
    fn seat_table(
        &mut self,
        game: Game,
        board_source: String,
        computers: Computers,
        id: &Value,
    ) -> Value {
        let rng = ChaCha8Rng::seed_from_u64(game.seed() ^ COMPUTER_SEED);
        let mut table = Table {
            game,
            board_source,
            app: None,
            computers,
            rng,
        };
        let play = table.play_computers();
        let game = &table.game;
        let board = game.board();
        let mut fields = reply::standing(game);
        fields["board"] = Value::from(board.meta.name.clone());
        fields["seats"] = Value::from(game.seats());
        fields["seed"] = Value::from(game.seed());
        // Written for classic Risk only, so that Castle Risk replies stay as they were.
        if game.ruleset() != Ruleset::CastleRisk {
            fields["ruleset"] = Value::from(game.ruleset().id());
            if let Some(neutral) = game.seat_ids().find(|&s| game.is_neutral(s)) {
                fields["neutral"] = Value::from(neutral.0);
            }
        }
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
        let mut events = game.opening_events().to_vec();
        events.extend_from_slice(&play.events);
        fields["events"] = Value::from(reply::events(&events, None));
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
        table.describe_computer_play(&play, None, &mut fields);
        self.table = Some(table);
        reply("started", id, fields)
    }

    fn table(&self) -> Result<&Table, Refusal> {
        self.table.as_ref().ok_or_else(no_game)
    }

    fn table_mut(&mut self) -> Result<&mut Table, Refusal> {
        self.table.as_mut().ok_or_else(no_game)
    }
}

/// Why a line longer than [`MAX_LINE_BYTES`] is not read.
fn too_long() -> Refusal {
    Refusal::new(
        "line_too_long",
        format!(
            "the line is longer than the {} MiB a request may have: load a large save by its \
             `path`",
            MAX_LINE_BYTES / (1024 * 1024)
        ),
    )
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

/// Mixed into a game's seed for its computer players' generator.
const COMPUTER_SEED: u64 = 0xc0_4b07;

/// The computer players a request names, one slot per seat; a seat named twice, not
/// at the table, or the neutral army of a classic game is refused.
fn computer_players(game: &Game, named: &[ComputerSeat]) -> Result<Computers, Refusal> {
    let mut players: Computers = (0..game.seats()).map(|_| None).collect();
    for computer in named {
        check_seat(game, computer.seat)?;
        if game.is_neutral(computer.seat) {
            // Accepting it would suggest that the computer plays the neutral; nothing
            // does: it holds ground and defends, its dice rolled for it.
            return Err(Refusal::new(
                "neutral_seat",
                format!(
                    "{} is the neutral army of this classic game: it never decides (another \
                     seat rolls its defence, ruling 27), so no computer plays it",
                    computer.seat
                ),
            ));
        }
        let slot = &mut players[computer.seat.index()];
        if slot.is_some() {
            return Err(Refusal::new(
                "bad_request",
                format!("{} is named twice in `computers`", computer.seat),
            ));
        }
        *slot = Some((computer.strength, computer.strength.policy()));
    }
    Ok(players)
}

/// The seed of a `suggest` that names none: the game's seed and the actions played,
/// so that asking again gets the same answer.
fn suggestion_seed(game: &Game) -> u64 {
    game.seed() ^ (game.history().len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A seed for a game whose client named none; the `started` reply gives it, so the
/// game can still be replayed.
fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |elapsed| elapsed.as_nanos() as u64)
}
