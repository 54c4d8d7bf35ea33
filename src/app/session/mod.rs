//! The game being played at this table, without any GTK: the engine's [`Game`], who
//! sits in each seat (name, colour, person or computer), where it is saved and whether
//! it changed since, the event log, and the half-made map decisions (armies being
//! placed, an attack's source). It turns map clicks into actions and the game into
//! what the map and the side panels show.

use std::path::PathBuf;
use std::sync::Arc;

use castellan_engine::board::{Board, TerritoryId};
use castellan_engine::game::{
    Action, Choice, Decision, Event, EventKind, Game, LegalActions, NewGameError, PlacementReason,
    ReplayError, RuleError, SaveError, SavedGame, Seat,
};
use castellan_engine::variant::Variant;
use serde::{Deserialize, Serialize};

use crate::app::library::LoadedBoard;
use crate::app::table::TableSnapshot;
use crate::map::TargetKind;
use crate::map::palette::{SEAT_COLOURS, SEAT_RGB};
use crate::map::scene::{Castle, TerritoryState};

/// Who sits in one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatSettings {
    pub name: String,
    /// Index into the map palette's seat colours ([`SEAT_RGB`]).
    pub colour: u8,
    /// Played by the computer rather than a person at this screen.
    pub computer: bool,
}

/// Everything the new-game dialog asks for; also what `last-game.toml` remembers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    pub seats: Vec<SeatSettings>,
    /// A fixed seed replays the same dice and draws; `None` picks one at random.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The board file; `None` is the shipped Castle Risk board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<PathBuf>,
    /// The variant file; `None` is the rulebook (or a variant made in the editor and
    /// never saved, which is not remembered).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<PathBuf>,
    /// People defending always roll the most dice allowed, and are asked only when
    /// they could also commit a Marshall or bring out hidden armies (ruling 17).
    #[serde(default = "yes")]
    pub quick_defence: bool,
}

fn yes() -> bool {
    true
}

impl GameSetup {
    /// Two to six seats, each with a name and a palette colour, no two colours alike.
    pub fn problem(&self) -> Option<SetupProblem> {
        if !(2..=SEAT_COLOURS).contains(&self.seats.len()) {
            return Some(SetupProblem::SeatCount(self.seats.len()));
        }
        if self.seats.iter().any(|s| s.name.trim().is_empty()) {
            return Some(SetupProblem::EmptyName);
        }
        let mut seen = [false; SEAT_COLOURS];
        for seat in &self.seats {
            let colour = usize::from(seat.colour);
            if colour >= SEAT_COLOURS || std::mem::replace(&mut seen[colour], true) {
                return Some(SetupProblem::ColourTwice);
            }
        }
        None
    }

    /// `count` seats named by `name_of(index)`, each with its own colour; the first is
    /// a person, the others computers.
    pub fn default_for(count: usize, name_of: impl Fn(usize) -> String) -> Self {
        let seats = (0..count.clamp(2, SEAT_COLOURS))
            .map(|i| SeatSettings {
                name: name_of(i),
                colour: i as u8,
                computer: i > 0,
            })
            .collect();
        Self {
            seats,
            seed: None,
            board: None,
            variant: None,
            quick_defence: true,
        }
    }
}

/// Why a setup cannot start a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    #[error("a game needs 2 to 6 seats, not {0}")]
    SeatCount(usize),
    #[error("every seat needs a name")]
    EmptyName,
    #[error("two seats have the same colour")]
    ColourTwice,
}

/// Why a session could not start or open.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Setup(#[from] SetupProblem),
    #[error(transparent)]
    NewGame(#[from] NewGameError),
    #[error(transparent)]
    Replay(#[from] ReplayError),
    #[error("not a Castellan save: {0}")]
    Json(#[from] serde_json::Error),
    #[error("the save lists {settings} seats but its game has {game}")]
    SeatMismatch { settings: usize, game: usize },
}

/// A save file: the seats as set up at this table, and the engine's saved game. A bare
/// engine save (as `castellan` on the command line writes) opens too, with plain seat
/// names.
#[derive(Serialize, Deserialize)]
struct SessionFile {
    seats: Vec<SeatSettings>,
    /// See [`GameSetup::quick_defence`]; saves made before it existed had it on.
    #[serde(default = "yes")]
    quick_defence: bool,
    game: SavedGame,
}

/// An event as the log keeps it: with the armies on the attacking territory when an
/// attack starts ("Red's 6 armies in Paris attack London"), read from `game` just
/// after the event.
fn for_log(game: &Game, event: &Event) -> (Event, u32) {
    let armies = match event.kind {
        EventKind::AttackStarted { from, .. } => game.armies(from),
        _ => 0,
    };
    (event.clone(), armies)
}

/// What a click on the map did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// The click completes an action of the pending seat: apply it.
    Act(Action),
    /// The click changed a half-made decision (a placement, an attack's source).
    Changed,
    /// The click means nothing now.
    Ignored,
}

/// A game at this table.
pub struct Session {
    game: Game,
    /// The board file's text, which saves carry.
    board_source: String,
    seats: Vec<SeatSettings>,
    path: Option<PathBuf>,
    unsaved: bool,
    /// Every event so far, opening events first, each with the armies standing on
    /// the attacking territory as it happened (for the log's attack sentences).
    events: Vec<(Event, u32)>,
    /// Armies placed on the map but not yet confirmed, in click order.
    draft: Vec<TerritoryId>,
    /// The territory chosen to attack, occupy, fortify or fill from.
    source: Option<TerritoryId>,
    /// The human seat the screen was last shown to (privacy between people).
    shown_to: Option<Seat>,
    /// See [`GameSetup::quick_defence`].
    quick_defence: bool,
    /// The attack (counted from the game's start) in which the defender, asked in
    /// person, defended without its cards: it is not asked again in that attack.
    cards_declined_in: Option<usize>,
}

impl Session {
    /// A new game of `variant` on `board`, seated as `setup` says.
    pub fn new(
        board: LoadedBoard,
        variant: Variant,
        setup: &GameSetup,
        random_seed: u64,
    ) -> Result<Self, SessionError> {
        if let Some(problem) = setup.problem() {
            return Err(problem.into());
        }
        let seed = setup.seed.unwrap_or(random_seed);
        let game = Game::new(board.board, variant, setup.seats.len(), seed)?;
        let mut session = Self::around(game, board.source, setup.seats.clone(), None);
        session.quick_defence = setup.quick_defence;
        Ok(session)
    }

    /// Opens a save: a session file, or a bare engine save. The current session (if
    /// any) is untouched whatever happens: a new one is returned.
    pub fn open(json: &str, path: Option<PathBuf>) -> Result<Self, SessionError> {
        let (seats, quick_defence, saved) = match serde_json::from_str::<SessionFile>(json) {
            Ok(file) => (Some(file.seats), file.quick_defence, file.game),
            Err(_) => (None, true, SavedGame::from_json(json)?),
        };
        // The log of a reopened game is rebuilt from the events of its replay.
        let mut replayed = Vec::new();
        let game = saved.replay_with(|game, events| {
            replayed.extend(events.iter().map(|e| for_log(game, e)));
        })?;
        let seats = match seats {
            Some(seats) if seats.len() != game.seats() => {
                return Err(SessionError::SeatMismatch {
                    settings: seats.len(),
                    game: game.seats(),
                });
            }
            Some(seats) => seats,
            None => (0..game.seats())
                .map(|i| SeatSettings {
                    name: format!("Player {}", i + 1),
                    colour: (i % SEAT_COLOURS) as u8,
                    computer: false,
                })
                .collect(),
        };
        let setup = GameSetup {
            seats: seats.clone(),
            ..GameSetup::default_for(2, |_| String::new())
        };
        if let Some(problem) = setup.problem() {
            return Err(problem.into());
        }
        let mut session = Self::around(game, saved.board_source, seats, path);
        session.events.extend(replayed);
        session.quick_defence = quick_defence;
        Ok(session)
    }

    fn around(
        game: Game,
        board_source: String,
        seats: Vec<SeatSettings>,
        path: Option<PathBuf>,
    ) -> Self {
        Self {
            events: game
                .opening_events()
                .iter()
                .map(|e| (e.clone(), 0))
                .collect(),
            game,
            board_source,
            seats,
            path,
            unsaved: false,
            draft: Vec::new(),
            source: None,
            shown_to: None,
            quick_defence: true,
            cards_declined_in: None,
        }
    }

    /// The session as a save file's JSON.
    pub fn to_json(&self) -> Result<String, SaveError> {
        let file = SessionFile {
            seats: self.seats.clone(),
            quick_defence: self.quick_defence,
            game: self.game.save(&self.board_source)?,
        };
        Ok(serde_json::to_string_pretty(&file).expect("a save always serialises to JSON"))
    }

    /// Records that the session was written to `path`.
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.path = Some(path);
        self.unsaved = false;
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn board(&self) -> &Arc<Board> {
        self.game.board_arc()
    }

    pub fn seats(&self) -> &[SeatSettings] {
        &self.seats
    }

    /// Where the session was last saved or opened from.
    pub fn path(&self) -> Option<&PathBuf> {
        self.path.as_ref()
    }

    /// Whether anything happened since the last save (a new game counts once moved).
    pub fn unsaved(&self) -> bool {
        self.unsaved
    }

    /// Every event so far, in order, with the armies on the attacking territory for
    /// an attack's start.
    pub fn events(&self) -> &[(Event, u32)] {
        &self.events
    }

    /// Seat names, indexed by seat.
    pub fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// Seat colours as `0xRRGGBB`, indexed by seat.
    pub fn colours(&self) -> Vec<u32> {
        self.seats
            .iter()
            .map(|s| SEAT_RGB[usize::from(s.colour) % SEAT_COLOURS])
            .collect()
    }

    /// Applies an action of `seat`; on success clears the half-made decision and logs
    /// the events.
    /// With the quick-defence preference, a defence left with nothing to decide but
    /// the dice is answered at once with the most dice; its events are returned too.
    pub fn apply(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, RuleError> {
        let declines_cards = matches!(
            action,
            Action::Defend {
                marshall: false,
                ..
            }
        ) && self.defence_needs_a_person();
        let mut events = self.game.apply(seat, action)?;
        if declines_cards {
            self.cards_declined_in = Some(self.attacks_started());
        }
        while let Some((defender, defence)) = self.plain_defence() {
            events.extend(self.game.apply(defender, defence)?);
        }
        let game = &self.game;
        self.events.extend(events.iter().map(|e| for_log(game, e)));
        self.draft.clear();
        self.source = None;
        self.unsaved = true;
        Ok(events)
    }

    /// The defence to make for a person who leaves plain defences to the game: the
    /// most dice, when a defence is pending and it offers no card to play.
    fn plain_defence(&self) -> Option<(Seat, Action)> {
        let pending = self.game.pending()?;
        let Decision::Defend { max_dice, .. } = pending.decision else {
            return None;
        };
        let person = !self.seats[pending.seat.index()].computer;
        (self.quick_defence && person && !self.defender_must_be_asked()).then_some((
            pending.seat,
            Action::Defend {
                dice: max_dice,
                marshall: false,
            },
        ))
    }

    /// Whether the pending defence needs the defender in person: it offers cards, and
    /// the defender has not already defended without them in this attack.
    fn defender_must_be_asked(&self) -> bool {
        self.defence_needs_a_person() && self.cards_declined_in != Some(self.attacks_started())
    }

    /// How many attacks have started since the game began: the current attack's number.
    fn attacks_started(&self) -> usize {
        self.events
            .iter()
            .filter(|(e, _)| matches!(e.kind, EventKind::AttackStarted { .. }))
            .count()
    }

    /// Whether the pending defence offers more than dice: a Marshall to commit or
    /// hidden armies to bring out, which only the defender can decide.
    fn defence_needs_a_person(&self) -> bool {
        self.game.legal_actions().choices.iter().any(|c| {
            matches!(
                c,
                Choice::Defend { marshall: true, .. } | Choice::RevealHiddenArmies { .. }
            )
        })
    }

    /// Rolls `dice` dice (committing a General first if `general`) and keeps rolling
    /// the same attack: each defence is answered with the most dice (the "always roll
    /// most dice" preference) unless the defender is a person who could also commit a
    /// Marshall or bring out hidden armies, which needs them. Stops when the attack
    /// ends or a decision needs a person; returns every event.
    pub fn roll_until_decided(&mut self, dice: u8, general: bool) -> Result<Vec<Event>, RuleError> {
        let Some(attacker) = self.game.pending_seat() else {
            return Err(RuleError::GameOver);
        };
        let mut events = Vec::new();
        let mut general = general;
        // Every roll costs someone an army, so an attack ends within the armies on the
        // board; the bound only guards against a surprise.
        for _ in 0..10_000 {
            let Some(pending) = self.game.pending() else {
                break;
            };
            match pending.decision {
                Decision::Roll {
                    min_dice, max_dice, ..
                } if pending.seat == attacker => {
                    let roll = Action::Roll {
                        dice: dice.clamp(min_dice, max_dice),
                        general,
                    };
                    general = false;
                    events.extend(self.apply(attacker, roll)?);
                }
                Decision::Defend { max_dice, .. } => {
                    let defender = pending.seat;
                    let person = !self.seats[defender.index()].computer;
                    if person && self.defender_must_be_asked() {
                        break;
                    }
                    let defence = Action::Defend {
                        dice: max_dice,
                        marshall: false,
                    };
                    events.extend(self.apply(defender, defence)?);
                }
                _ => break,
            }
        }
        Ok(events)
    }

    /// The seat whose decision it is, if a person plays it.
    pub fn human_to_move(&self) -> Option<Seat> {
        self.game
            .pending_seat()
            .filter(|s| !self.seats[s.index()].computer)
    }

    /// The seat whose decision it is, if the computer plays it.
    pub fn computer_to_move(&self) -> Option<Seat> {
        self.game
            .pending_seat()
            .filter(|s| self.seats[s.index()].computer)
    }

    /// Whose eyes the screen is for: the person to move, else the last person shown
    /// the screen, else the first human seat (or seat 0 at a table of computers).
    pub fn viewer(&self) -> Seat {
        self.human_to_move()
            .or(self.shown_to)
            .or_else(|| {
                self.seats
                    .iter()
                    .position(|s| !s.computer)
                    .map(|i| Seat(i as u8))
            })
            .unwrap_or(Seat(0))
    }

    /// The person who must take the screen before it shows their secrets: set when a
    /// human seat other than the one last shown faces a private decision, and more
    /// than one person plays.
    pub fn pass_to(&self) -> Option<Seat> {
        let seat = self.human_to_move()?;
        let people = self.seats.iter().filter(|s| !s.computer).count();
        let private = !matches!(
            self.game.pending()?.decision,
            Decision::PlaceCastle { .. }
                | Decision::Claim
                | Decision::PlaceArmies {
                    reason: PlacementReason::Setup,
                    ..
                }
        );
        (people > 1 && private && self.shown_to != Some(seat)).then_some(seat)
    }

    /// The screen is now in front of `seat`.
    pub fn show_to(&mut self, seat: Seat) {
        self.shown_to = Some(seat);
    }

    /// What the pending person may do (nothing while a computer is to move).
    fn legal_for_viewer(&self) -> LegalActions {
        match self.human_to_move() {
            Some(_) => self.game.legal_actions(),
            None => LegalActions::default(),
        }
    }

    /// What the side panels show.
    pub fn snapshot(&self) -> TableSnapshot {
        TableSnapshot {
            board: Arc::clone(self.board()),
            view: self.game.view_for(self.viewer()),
            legal: self.legal_for_viewer(),
            seat_names: self.names(),
            seat_colours: self.colours(),
            hidden_armies_in_play: self.game.variant().hidden_armies,
            castle_dice_limit: self.game.variant().castle_dice_limit,
        }
    }

    /// What the map shows on every territory: owners as palette colours, armies (with
    /// the armies being placed), castles with their banners.
    pub fn territory_states(&self) -> Vec<TerritoryState> {
        let game = &self.game;
        game.board()
            .territory_ids()
            .map(|id| {
                let drafted = self.draft.iter().filter(|&&t| t == id).count() as u32;
                let castle = game.castle_at(id).map(|seat| Castle {
                    banners: 1 + game.captured_banners(seat).len() as u32,
                });
                TerritoryState {
                    owner: game.owner(id).map(|s| self.seats[s.index()].colour),
                    armies: game.armies(id) + drafted,
                    castle,
                }
            })
            .collect()
    }

    /// Armies placed on the map so far and the armies to place, while placing.
    pub fn draft_progress(&self) -> Option<(u32, u32)> {
        let armies = self.human_choices().iter().find_map(|c| match c {
            Choice::PlaceArmies { armies, .. } => Some(*armies),
            _ => None,
        })?;
        Some((self.draft.len() as u32, armies))
    }

    /// The placement as an action, once every army is placed.
    pub fn confirm_placement(&self) -> Option<Action> {
        let (placed, armies) = self.draft_progress()?;
        if placed != armies || armies == 0 {
            return None;
        }
        let mut placements: Vec<castellan_engine::game::Placement> = Vec::new();
        for &territory in &self.draft {
            match placements.iter_mut().find(|p| p.territory == territory) {
                Some(p) => p.armies += 1,
                None => placements.push(castellan_engine::game::Placement::new(territory, 1)),
            }
        }
        Some(Action::PlaceArmies { placements })
    }

    /// The action that closes the decision at hand without the map (ending the turn,
    /// stopping filling, skipping the fortify), if the person to move may take it.
    pub fn finish_action(&self) -> Option<Action> {
        self.human_choices().iter().find_map(|c| match c {
            Choice::EndTurn => Some(Action::EndTurn),
            Choice::StopFilling => Some(Action::StopFilling),
            Choice::SkipFortify => Some(Action::SkipFortify),
            _ => None,
        })
    }

    /// The attack in progress, from and to, for the map's arrow.
    pub fn battle(&self) -> Option<(TerritoryId, TerritoryId)> {
        match self.game.pending()?.decision {
            Decision::Roll { from, to, .. } | Decision::MoveIn { from, to, .. } => Some((from, to)),
            Decision::Defend { territory, .. } => {
                self.events.iter().rev().find_map(|(e, _)| match e.kind {
                    EventKind::AttackStarted { from, to, .. } if to == territory => {
                        Some((from, to))
                    }
                    _ => None,
                })
            }
            _ => None,
        }
    }

    /// Takes back the last army placed on the map; returns whether there was one.
    pub fn undo_placement(&mut self) -> bool {
        self.draft.pop().is_some()
    }

    /// Forgets the chosen source territory; returns whether one was chosen.
    pub fn clear_source(&mut self) -> bool {
        self.source.take().is_some()
    }

    /// The territory chosen to act from, shown selected on the map.
    pub fn source(&self) -> Option<TerritoryId> {
        self.source
    }

    fn human_choices(&self) -> Vec<Choice> {
        if self.human_to_move().is_none() {
            return Vec::new();
        }
        self.game.legal_actions().choices
    }

    /// Routes from the chosen source, with how each is reached.
    fn routes_from(&self, choices: &[Choice], from: TerritoryId) -> Vec<(Choice, TerritoryId)> {
        let mut routes = Vec::new();
        for choice in choices {
            let list = match choice {
                Choice::Attack { routes }
                | Choice::AdmiralAttack { routes }
                | Choice::Occupy { routes }
                | Choice::Fortify { routes } => routes,
                _ => continue,
            };
            for route in list.iter().filter(|r| r.from == from) {
                routes.push((choice.clone(), route.to));
            }
        }
        routes
    }

    /// Territories a move may start from now.
    fn sources(choices: &[Choice]) -> Vec<TerritoryId> {
        let mut sources: Vec<TerritoryId> = choices
            .iter()
            .flat_map(|choice| match choice {
                Choice::Attack { routes }
                | Choice::AdmiralAttack { routes }
                | Choice::Occupy { routes }
                | Choice::Fortify { routes } => routes.iter().map(|r| r.from).collect(),
                Choice::FillVacated { sources, .. } => sources.clone(),
                _ => Vec::new(),
            })
            .collect();
        sources.sort();
        sources.dedup();
        sources
    }

    /// Which territories light up, and why: where the pending person may click.
    pub fn targets(&self) -> Vec<(TerritoryId, TargetKind)> {
        let choices = self.human_choices();
        let mut targets = Vec::new();
        for choice in &choices {
            match choice {
                Choice::PlaceCastle { territories }
                | Choice::Claim { territories }
                | Choice::HideArmies { territories }
                | Choice::FillVacated { territories, .. } => {
                    targets.extend(territories.iter().map(|&t| (t, TargetKind::Adjacent)));
                }
                Choice::PlaceArmies { territories, .. } => {
                    targets.extend(territories.iter().map(|&t| (t, TargetKind::Adjacent)));
                }
                _ => {}
            }
        }
        let filling = choices
            .iter()
            .any(|c| matches!(c, Choice::FillVacated { .. }));
        if filling {
            return targets;
        }
        match self.source {
            Some(from) => {
                // Land routes win over the Admiral's where both reach a territory.
                let mut routes = self.routes_from(&choices, from);
                routes.sort_by_key(|(c, _)| !matches!(c, Choice::AdmiralAttack { .. }));
                targets.extend(routes.into_iter().map(|(choice, to)| {
                    let kind = match choice {
                        Choice::AdmiralAttack { .. } => TargetKind::AcrossSea,
                        _ => TargetKind::Adjacent,
                    };
                    (to, kind)
                }));
            }
            None => targets.extend(
                Self::sources(&choices)
                    .into_iter()
                    .map(|t| (t, TargetKind::Adjacent)),
            ),
        }
        targets
    }

    /// What a click on `territory` does for the person to move.
    pub fn click(&mut self, territory: TerritoryId) -> Click {
        let choices = self.human_choices();
        for choice in &choices {
            let action = match choice {
                Choice::PlaceCastle { territories } if territories.contains(&territory) => {
                    Action::PlaceCastle { territory }
                }
                Choice::Claim { territories } if territories.contains(&territory) => {
                    Action::Claim { territory }
                }
                Choice::HideArmies { territories } if territories.contains(&territory) => {
                    Action::HideArmies { territory }
                }
                Choice::PlaceArmies {
                    armies,
                    territories,
                } if territories.contains(&territory) => {
                    if self.draft.len() as u32 >= *armies {
                        return Click::Ignored;
                    }
                    self.draft.push(territory);
                    return Click::Changed;
                }
                Choice::FillVacated {
                    territories,
                    sources,
                } => {
                    if sources.contains(&territory) {
                        self.source = Some(territory);
                        return Click::Changed;
                    }
                    if !territories.contains(&territory) {
                        continue;
                    }
                    // Without a chosen source, the army comes from the largest stack.
                    let from = self
                        .source
                        .filter(|s| sources.contains(s))
                        .or_else(|| sources.iter().copied().max_by_key(|&s| self.game.armies(s)));
                    match from {
                        Some(from) => Action::FillVacated { territory, from },
                        None => continue,
                    }
                }
                _ => continue,
            };
            return Click::Act(action);
        }
        self.click_route(&choices, territory)
    }

    /// Choosing a source, then a target of an attack, occupation or fortification.
    fn click_route(&mut self, choices: &[Choice], territory: TerritoryId) -> Click {
        if let Some(from) = self.source {
            if from == territory {
                self.source = None;
                return Click::Changed;
            }
            let mut routes = self.routes_from(choices, from);
            routes.sort_by_key(|(c, _)| matches!(c, Choice::AdmiralAttack { .. }));
            if let Some((choice, to)) = routes.into_iter().find(|(_, to)| *to == territory) {
                let max = |routes: &[castellan_engine::game::Route]| {
                    routes
                        .iter()
                        .find(|r| r.from == from && r.to == to)
                        .map_or(1, |r| r.max_armies)
                };
                return Click::Act(match choice {
                    Choice::Attack { .. } => Action::Attack { from, to },
                    // The panels offer other counts; a click sends everything that may go.
                    Choice::AdmiralAttack { routes } => Action::AdmiralAttack {
                        from,
                        to,
                        armies: max(&routes),
                    },
                    Choice::Occupy { routes } => Action::Occupy {
                        from,
                        to,
                        armies: max(&routes),
                    },
                    Choice::Fortify { routes } => Action::Fortify {
                        from,
                        to,
                        armies: max(&routes),
                    },
                    _ => return Click::Ignored,
                });
            }
        }
        if Self::sources(choices).contains(&territory) {
            self.source = Some(territory);
            return Click::Changed;
        }
        Click::Ignored
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::library::{default_board_path, load_board};

    fn board() -> LoadedBoard {
        load_board(&default_board_path()).unwrap()
    }

    fn setup(computers: &[bool]) -> GameSetup {
        GameSetup {
            seats: computers
                .iter()
                .enumerate()
                .map(|(i, &computer)| SeatSettings {
                    name: format!("P{i}"),
                    colour: (5 - i) as u8,
                    computer,
                })
                .collect(),
            seed: Some(11),
            board: None,
            variant: None,
            quick_defence: true,
        }
    }

    fn session(computers: &[bool]) -> Session {
        Session::new(board(), Variant::rulebook(), &setup(computers), 0).unwrap()
    }

    /// Plays clicks on the first highlighted territory (and confirms placements) until
    /// setup is over.
    fn click_through_setup(session: &mut Session) {
        while !session.game().setup_done() {
            let seat = session.human_to_move().unwrap();
            if let Some(action) = session.confirm_placement() {
                session.apply(seat, action).unwrap();
                continue;
            }
            let (first, _) = session.targets()[0];
            match session.click(first) {
                Click::Act(action) => {
                    session.apply(seat, action).unwrap();
                }
                Click::Changed => {}
                Click::Ignored => panic!("a highlighted territory ignored a click"),
            }
        }
    }

    #[test]
    fn setups_need_distinct_colours_names_and_two_to_six_seats() {
        let mut s = setup(&[false, false]);
        assert_eq!(s.problem(), None);
        s.seats[1].colour = s.seats[0].colour;
        assert_eq!(s.problem(), Some(SetupProblem::ColourTwice));
        s.seats[1].colour = 0;
        s.seats[0].colour = 1;
        s.seats[1].name = "  ".into();
        assert_eq!(s.problem(), Some(SetupProblem::EmptyName));
        assert_eq!(setup(&[false]).problem(), Some(SetupProblem::SeatCount(1)));
        let d = GameSetup::default_for(6, |i| format!("S{i}"));
        assert_eq!(d.problem(), None);
        assert!(!d.seats[0].computer && d.seats[5].computer);
    }

    #[test]
    fn the_last_setup_round_trips_through_toml() {
        let s = setup(&[false, true, false]);
        let text = toml::to_string(&s).unwrap();
        assert_eq!(toml::from_str::<GameSetup>(&text).unwrap(), s);
    }

    #[test]
    fn castle_placement_lights_up_the_drawn_empire_and_a_click_places_it() {
        let mut session = session(&[false, false]);
        let Some(Decision::PlaceCastle { empire }) = session.game().pending().map(|p| p.decision)
        else {
            panic!("setup starts with a castle");
        };
        let targets = session.targets();
        assert!(!targets.is_empty());
        let board = Arc::clone(session.board());
        assert!(
            targets
                .iter()
                .all(|(t, _)| board.territory(*t).group == empire)
        );
        let outside = board
            .territory_ids()
            .find(|t| board.territory(*t).group != empire)
            .unwrap();
        assert_eq!(session.click(outside), Click::Ignored);
        let seat = session.human_to_move().unwrap();
        let Click::Act(action) = session.click(targets[0].0) else {
            panic!("a click on the empire places the castle");
        };
        assert_eq!(
            action,
            Action::PlaceCastle {
                territory: targets[0].0
            }
        );
        session.apply(seat, action).unwrap();
        assert!(session.unsaved());
        let state = &session.territory_states()[targets[0].0.index()];
        assert_eq!(state.owner, Some(session.seats()[seat.index()].colour));
        assert_eq!(state.castle, Some(Castle { banners: 1 }));
    }

    #[test]
    fn placing_armies_counts_clicks_and_undo_takes_the_last_back() {
        let mut session = session(&[false, false]);
        // Through castles and claims to the first placement of starting armies.
        while session.draft_progress().is_none() {
            let seat = session.human_to_move().unwrap();
            let (first, _) = session.targets()[0];
            let Click::Act(action) = session.click(first) else {
                panic!("castles and claims are one click");
            };
            session.apply(seat, action).unwrap();
        }
        let (placed, armies) = session.draft_progress().unwrap();
        assert_eq!(placed, 0);
        assert!(armies > 1);
        let (first, _) = session.targets()[0];
        let before = session.territory_states()[first.index()].armies;
        assert_eq!(session.click(first), Click::Changed);
        assert_eq!(session.territory_states()[first.index()].armies, before + 1);
        assert_eq!(session.confirm_placement(), None);
        assert!(session.undo_placement());
        assert!(!session.undo_placement());
        for _ in 0..armies {
            assert_eq!(session.click(first), Click::Changed);
        }
        assert_eq!(
            session.click(first),
            Click::Ignored,
            "no more than to place"
        );
        assert_eq!(
            session.confirm_placement(),
            Some(Action::PlaceArmies {
                placements: vec![castellan_engine::game::Placement::new(first, armies)]
            })
        );
    }

    #[test]
    fn an_attack_is_a_source_click_then_a_lit_neighbour_click() {
        let mut session = session(&[false, false]);
        click_through_setup(&mut session);
        // Hidden armies and the like are answered by the same clicks; on to the turn.
        while !matches!(
            session.game().pending().map(|p| p.decision),
            Some(Decision::Play { .. })
        ) {
            let seat = session.human_to_move().unwrap();
            if let Some(action) = session.confirm_placement() {
                session.apply(seat, action).unwrap();
                continue;
            }
            let (first, _) = session.targets()[0];
            if let Click::Act(action) = session.click(first) {
                session.apply(seat, action).unwrap();
            }
        }
        let legal = session.game().legal_actions();
        let route = legal
            .choices
            .iter()
            .find_map(|c| match c {
                Choice::Attack { routes } => routes.first().copied(),
                _ => None,
            })
            .expect("some attack is possible after setup");
        assert_eq!(session.click(route.from), Click::Changed);
        assert_eq!(session.source(), Some(route.from));
        assert!(
            session
                .targets()
                .contains(&(route.to, TargetKind::Adjacent))
        );
        assert_eq!(
            session.click(route.to),
            Click::Act(Action::Attack {
                from: route.from,
                to: route.to
            })
        );
        assert_eq!(session.finish_action(), Some(Action::EndTurn));
        // Clicking the source again forgets it.
        assert_eq!(session.click(route.from), Click::Changed);
        assert_eq!(session.source(), None);
    }

    /// Plays on with the computer policy for both seats until `stop` says so.
    fn play_until(session: &mut Session, stop: impl Fn(&Session) -> bool) {
        let mut computers = crate::app::computer::Computers::new(session.seats().len(), 3);
        for _ in 0..100_000 {
            if stop(session) {
                return;
            }
            let seat = session.game().pending_seat().expect("the game goes on");
            let action = computers.choose(session.game()).expect("a move");
            session.apply(seat, action).unwrap();
        }
        panic!("the condition never came");
    }

    /// Plays two people at random (with `quick_defence`) until an attacker is about to
    /// roll, then rolls once; returns the session and the defence it left pending.
    fn one_roll_between_people(quick_defence: bool, seed: u64) -> (Session, Option<Decision>) {
        let mut setup = setup(&[false, false]);
        setup.seed = Some(seed);
        setup.quick_defence = quick_defence;
        let mut session = Session::new(board(), Variant::rulebook(), &setup, 0).unwrap();
        play_until(&mut session, |s| {
            matches!(
                s.game().pending().map(|p| p.decision),
                Some(Decision::Roll { .. })
            )
        });
        let attacker = session.game().pending_seat().unwrap();
        let Some(Decision::Roll { min_dice, .. }) = session.game().pending().map(|p| p.decision)
        else {
            unreachable!()
        };
        let roll = Action::Roll {
            dice: min_dice,
            general: false,
        };
        session.apply(attacker, roll).unwrap();
        let pending = session.game().pending().map(|p| p.decision);
        (session, pending)
    }

    #[test]
    fn quick_defence_rolls_the_most_dice_and_asks_only_for_cards() {
        // Ruling 17: with the preference, a defence with nothing but dice to choose
        // is made at once with the most dice.
        let (mut asked_for_cards, mut asked_once) = (0, 0);
        for seed in 1..=20 {
            let (mut session, pending) = one_roll_between_people(true, seed);
            match pending {
                Some(Decision::Defend { max_dice, .. }) => {
                    assert!(session.defence_needs_a_person(), "seed {seed}");
                    asked_for_cards += 1;
                    // Declined once, the cards are not offered again in this attack.
                    let defender = session.game().pending_seat().unwrap();
                    let defence = Action::Defend {
                        dice: max_dice,
                        marshall: false,
                    };
                    session.apply(defender, defence).unwrap();
                    if let Some(Decision::Roll { min_dice, .. }) =
                        session.game().pending().map(|p| p.decision)
                    {
                        let attacker = session.game().pending_seat().unwrap();
                        let roll = Action::Roll {
                            dice: min_dice,
                            general: false,
                        };
                        session.apply(attacker, roll).unwrap();
                        let again = session.game().pending().map(|p| p.decision);
                        assert!(
                            !matches!(again, Some(Decision::Defend { .. })),
                            "seed {seed}: asked again in the same attack"
                        );
                        asked_once += 1;
                    }
                }
                _ => {
                    let (_, last) = session.game().history().last().unwrap();
                    assert!(
                        matches!(
                            last,
                            Action::Defend {
                                marshall: false,
                                ..
                            }
                        ),
                        "seed {seed}: the defence was made for the defender: {last:?}"
                    );
                }
            }
        }
        assert!(asked_for_cards < 20, "most defences need no person");
        assert!(asked_once > 0, "some attack went on after a declined card");
        // Without the preference, every defence waits for the defender.
        let (_, pending) = one_roll_between_people(false, 1);
        assert!(matches!(pending, Some(Decision::Defend { .. })));
    }

    #[test]
    fn rolling_until_decided_ends_the_attack_or_stops_for_a_person() {
        let mut session = session(&[false, false]);
        play_until(&mut session, |s| {
            matches!(
                s.game().pending().map(|p| p.decision),
                Some(Decision::Roll { .. })
            )
        });
        let Some(Decision::Roll { to, .. }) = session.game().pending().map(|p| p.decision) else {
            unreachable!()
        };
        let before = session.game().history().len();
        let events = session.roll_until_decided(3, false).unwrap();
        assert!(
            session.game().history().len() > before,
            "the attacker rolled"
        );
        let rolled = events
            .iter()
            .any(|e| matches!(e.kind, EventKind::DiceRolled { .. }));
        let ended = events
            .iter()
            .any(|e| matches!(e.kind, EventKind::AttackEnded { .. }));
        match session.game().pending().map(|p| p.decision) {
            // Still attacking: only because the defender must decide in person.
            Some(Decision::Defend { territory, .. }) => {
                assert_eq!(territory, to);
                assert!(!session.seats()[session.game().pending_seat().unwrap().index()].computer);
            }
            Some(Decision::Roll { .. }) => panic!("the window rolls on while nobody must decide"),
            _ => assert!(rolled && ended, "{events:?}"),
        }
    }

    #[test]
    fn the_computer_policy_plays_a_game_to_a_capture_and_a_winner() {
        let mut session = session(&[true, true]);
        play_until(&mut session, |s| {
            s.events().iter().any(|(e, _)| {
                matches!(
                    e.kind,
                    castellan_engine::game::EventKind::TerritoryTaken { .. }
                )
            })
        });
        play_until(&mut session, |s| s.game().winner().is_some());
    }

    #[test]
    fn computers_neither_get_legal_actions_nor_clicks() {
        let session = session(&[true, true]);
        assert_eq!(session.human_to_move(), None);
        assert!(session.computer_to_move().is_some());
        assert!(session.snapshot().legal.is_empty());
        assert!(session.targets().is_empty());
    }

    #[test]
    fn a_saved_session_reopens_with_its_seats_and_a_broken_one_is_refused() {
        let mut session = session(&[false, true]);
        let seat = session.human_to_move().unwrap_or(Seat(0));
        if session.human_to_move().is_some() {
            let (first, _) = session.targets()[0];
            let Click::Act(action) = session.click(first) else {
                panic!("a castle is one click");
            };
            session.apply(seat, action).unwrap();
        }
        let json = session.to_json().unwrap();
        let reopened = Session::open(&json, Some(PathBuf::from("x.castellan"))).unwrap();
        assert_eq!(reopened.seats(), session.seats());
        assert_eq!(reopened.game(), session.game());
        assert!(!reopened.unsaved());
        assert_eq!(
            reopened.events(),
            session.events(),
            "the log of a reopened game tells the whole game again"
        );
        let broken = json.replacen("\"seed\"", "\"sead\"", 1);
        assert!(Session::open(&broken, None).is_err());
        assert!(Session::open("{}", None).is_err());
    }

    #[test]
    fn a_bare_engine_save_opens_with_plain_names() {
        let session = session(&[false, false]);
        let json = session.game().save(&board().source).unwrap().to_json();
        let reopened = Session::open(&json, None).unwrap();
        assert_eq!(reopened.seats().len(), 2);
        assert_ne!(reopened.seats()[0].colour, reopened.seats()[1].colour);
    }

    #[test]
    fn pass_the_screen_only_between_people_for_private_decisions() {
        let mut session = session(&[false, false]);
        // Castles are placed in the open.
        assert_eq!(session.pass_to(), None);
        click_through_setup(&mut session);
        if let Some(seat) = session.pass_to() {
            session.show_to(seat);
            assert_eq!(session.pass_to(), None);
            assert_eq!(session.viewer(), seat);
        }
        let alone = self::session(&[false, true]);
        assert_eq!(alone.pass_to(), None);
    }
}
