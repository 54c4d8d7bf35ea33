//! The computer players (issue 24): every strength plays only legal actions and
//! finishes its games, the same seed plays the same game, the strengths are ordered
//! by a small tournament, and Normal and Expert find the turn that wins a Château,
//! the one that saves an army from a Château, and the frame with a partner's piece
//! that takes a captain.
//!
//! More games: `CASTELLAN_BOT_GAMES=200 cargo test --release -p castellan-chateau
//! --test bots`.

use std::sync::Arc;

use castellan_chateau::Square;
use castellan_chateau::board::{ArmyId, Board};
use castellan_chateau::bot::tournament::{Layout, Tournament};
use castellan_chateau::bot::{Cancel, Player, Strength, Thinking};
use castellan_chateau::game::{Action, Event, Game, Outcome, PieceKind, Table};
use castellan_chateau::variant::Variant;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn board() -> Arc<Board> {
    Arc::new(Board::reconstructed())
}

/// Games to play in the long tests (a few by default, to stay fast in debug builds).
fn games(default: u64) -> u64 {
    std::env::var("CASTELLAN_BOT_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// An Expert thinking little (the tests check what it does, not how well).
fn light() -> Thinking {
    Thinking {
        effort: 0.02,
        ..Thinking::default()
    }
}

/// Plays `game` to its end with one player per seat, checking that every action is
/// accepted; returns the actions played.
fn play_out(game: &mut Game, players: &mut [Player], seed: u64) -> Vec<Action> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut played = Vec::new();
    for _ in 0..100_000 {
        let Some(seat) = game.pending_seat() else {
            return played;
        };
        let (chosen, action) = players[seat.index()]
            .choose(game, &mut rng)
            .expect("a player answers while the match goes on");
        assert_eq!(chosen, seat, "a player answers for the seat asked");
        let before = game.clone();
        if let Err(error) = game.apply(chosen, action.clone()) {
            panic!(
                "{} played an illegal {action:?}: {error}\n{}",
                players[seat.index()].strength(),
                before.position_text()
            );
        }
        played.push(action);
    }
    panic!("the game did not end");
}

fn capped(rounds: u32) -> Variant {
    Variant {
        round_cap: Some(rounds),
        ..Variant::default()
    }
}

#[test]
fn every_strength_plays_only_legal_actions_and_finishes_its_games() {
    let board = board();
    let tables = [
        Table::two_players(&board),
        Table::four_in_teams(),
        Table::four_alone(),
        Table::single_armies(&[ArmyId(0), ArmyId(2)]),
        Table::three_players(&board),
    ];
    let n = games(1);
    for (t, table) in tables.iter().enumerate() {
        for g in 0..n {
            let seed = 1000 + 10 * t as u64 + g;
            let mut game = Game::new(board.clone(), capped(12), table.clone(), seed).unwrap();
            let mut players: Vec<Player> = (0..table.seats.len())
                .map(|s| Player::new(Strength::ALL[(s + g as usize) % 3], light()))
                .collect();
            play_out(&mut game, &mut players, seed);
            assert!(game.is_over(), "table {t}, game {g}");
        }
    }
}

#[test]
fn a_match_to_twenty_seven_is_played_to_its_end() {
    let board = board();
    for seed in 0..games(1) {
        let mut game = Game::new(
            board.clone(),
            Variant::default(),
            Table::two_players(&board),
            seed,
        )
        .unwrap();
        let mut players = vec![
            Player::new(Strength::Normal, light()),
            Player::new(Strength::Easy, light()),
        ];
        play_out(&mut game, &mut players, seed);
        assert!(
            matches!(game.outcome(), Some(Outcome::Won { .. })),
            "{:?}",
            game.outcome()
        );
    }
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let board = board();
    let play = || {
        let mut game = Game::new(board.clone(), capped(6), Table::four_in_teams(), 77).unwrap();
        let mut players: Vec<Player> = Strength::ALL
            .iter()
            .chain(&[Strength::Easy])
            .map(|&s| Player::new(s, light()))
            .collect();
        let actions = play_out(&mut game, &mut players, 5);
        (actions, game.scores().to_vec())
    };
    assert_eq!(play(), play());
}

#[test]
fn a_cancelled_expert_answers_at_once_with_a_legal_action() {
    let board = board();
    let mut game = Game::new(
        board.clone(),
        Variant::default(),
        Table::two_players(&board),
        3,
    )
    .unwrap();
    let cancel = Cancel::new();
    cancel.cancel();
    let mut expert = Player::new(
        Strength::Expert,
        Thinking {
            effort: 100.0,
            time_cap: None,
            cancel,
        },
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let (seat, action) = expert.choose(&game, &mut rng).unwrap();
    game.apply(seat, action).unwrap();
    assert_eq!(expert.thought.depth, 1);
}

/// Players never peek at the game's generator (it draws the next partie's first army):
/// two games that look alike but whose generators differ get the same turns.
#[test]
fn the_games_generator_does_not_change_a_players_turns() {
    let board = board();
    let start = |seed| {
        Game::new(
            board.clone(),
            Variant::default(),
            Table::four_in_teams(),
            seed,
        )
        .unwrap()
    };
    let first = start(1);
    let twin = (2..200)
        .map(start)
        .find(|g| g.mover() == first.mover())
        .expect("another seed draws the same first army");
    assert_ne!(first.seed(), twin.seed());
    let turns = |mut game: Game| {
        let mut players: Vec<Player> = [Strength::Easy, Strength::Normal, Strength::Expert]
            .into_iter()
            .chain([Strength::Normal])
            .map(|s| Player::new(s, light()))
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut actions = Vec::new();
        while game.turns() < 8 {
            let seat = game.pending_seat().unwrap();
            let (seat, action) = players[seat.index()].choose(&game, &mut rng).unwrap();
            game.apply(seat, action.clone()).unwrap();
            actions.push(action);
        }
        actions
    };
    assert_eq!(turns(first), turns(twin));
}

/// A window thinks on a worker thread: a player and a copy of the game move there, the
/// window keeps the cancel flag, and the player comes back with its answer.
#[test]
fn a_player_thinks_on_another_thread_and_is_cancelled_from_this_one() {
    let board = board();
    let game = Game::new(
        board.clone(),
        Variant::default(),
        Table::two_players(&board),
        8,
    )
    .unwrap();
    let cancel = Cancel::new();
    let expert = Player::new(
        Strength::Expert,
        Thinking {
            effort: 100.0,
            time_cap: None,
            cancel: cancel.clone(),
        },
    );
    let copy = game.clone();
    let worker = std::thread::spawn(move || {
        let mut expert = expert;
        let answer = expert.choose(&copy, &mut ChaCha8Rng::seed_from_u64(2));
        (expert, answer)
    });
    cancel.cancel();
    let (expert, answer) = worker.join().unwrap();
    let (seat, action) = answer.unwrap();
    let mut game = game;
    game.apply(seat, action).unwrap();
    assert_eq!(expert.strength(), Strength::Expert);
}

#[test]
fn a_small_tournament_orders_the_strengths() {
    let board = board();
    let variant = capped(60);
    let play = |players: Vec<Strength>, games: u64| {
        let mut t = Tournament::new(
            board.clone(),
            variant.clone(),
            Layout::TwoPlayers,
            players,
            11,
        )
        .unwrap();
        t.effort = 0.1;
        (0..games)
            .map(|n| t.play(n).winner)
            .filter(|&w| w == Some(0))
            .count() as u64
    };
    // Each player wins at least two games in three.
    let n = games(12);
    let normal_over_easy = play(vec![Strength::Normal, Strength::Easy], n);
    assert!(
        normal_over_easy * 3 >= n * 2,
        "Normal won {normal_over_easy} of {n} against Easy"
    );
    let expert_over_normal = play(vec![Strength::Expert, Strength::Normal], n);
    assert!(
        expert_over_normal * 3 >= n * 2,
        "Expert won {expert_over_normal} of {n} against Normal"
    );
}

// --- Tactics ---

const SEATS: &str = "seats = [[\"red\", \"yellow\"], [\"blue\", \"green\"]]\nteams = true\n";

fn position(diagram: &str, extra: &str) -> Game {
    let text = format!(
        "game = \"chateau-noir\"\n{SEATS}to_play = \"red\"\ndiagram = \"\"\"\n{diagram}\"\"\"\n{extra}"
    );
    Game::from_position(board(), Variant::default(), None, &text, "tactic.toml")
        .unwrap_or_else(|error| panic!("{error}"))
}

/// Plays the turn `strength` chooses for the army to move, returning its events.
fn play_turn(game: &mut Game, strength: Strength) -> Vec<Event> {
    let mover = game.mover();
    let mut player = Player::new(
        strength,
        Thinking {
            effort: 0.1,
            ..Thinking::default()
        },
    );
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut events = Vec::new();
    while game.mover() == mover && !game.is_over() {
        let (seat, action) = player.choose(game, &mut rng).unwrap();
        let ended = matches!(action, Action::EndTurn { .. } | Action::DeclareAlliance {});
        events.extend(game.apply(seat, action).unwrap());
        if ended {
            break;
        }
    }
    events
}

/// Blue's captain sits in its corner with one way out (B9): Red closes it and takes
/// Blue whole.
const CHATEAU: &str = "\
     A B C D E F G H I J
  10 B r : . . . . y y y
   9 r : : r . . . y Y y
   8 : : : # # # . : : :
   7 . . . X . . X # . .
   6 . . # . X X . # . .
   5 . . # . X X . # . .
   4 . . # X . . X . . .
   3 : : : . # # # : g g
   2 : R r . . . . : G g
   1 : r r . . . . : g g
";

#[test]
fn normal_and_expert_win_a_chateau_in_one_turn() {
    for strength in [Strength::Normal, Strength::Expert] {
        let mut game = position(CHATEAU, "");
        let events = play_turn(&mut game, strength);
        assert!(
            events.iter().any(|e| matches!(
                e,
                Event::Chateau {
                    army: ArmyId(1),
                    ..
                }
            )),
            "{strength} missed the Château: {events:?}\n{}",
            game.position_text()
        );
    }
}

/// Red's captain, alone, stands in a pocket of its corner whose only way out is C3;
/// Blue could fill C3 next and block it (a Château). Red must get out.
const POCKET: &str = "\
     A B C D E F G H I J
  10 : : : . . . . y y y
   9 : : b . . . . y Y y
   8 : B : # # # . : : :
   7 . . . X . . X # . .
   6 . . # . X X . # . .
   5 . . # . X X . # . .
   4 . . # X . b X . . .
   3 b b : . # # # : g g
   2 : : b . . . . : G g
   1 R : b . . . . : g g
";

#[test]
fn normal_and_expert_save_an_army_from_a_chateau() {
    let pocket = sq("A1").bit() | sq("A2").bit() | sq("B1").bit() | sq("B2").bit() | sq("C3").bit();
    for strength in [Strength::Normal, Strength::Expert] {
        let mut game = position(POCKET, "");
        play_turn(&mut game, strength);
        let captain = game
            .state()
            .pieces()
            .captain(ArmyId(0))
            .expect("Red keeps its captain");
        assert!(
            pocket & captain.bit() == 0,
            "{strength} left its captain in the pocket, on {captain}\n{}",
            game.position_text()
        );
    }
}

/// Blue's captain on E2 stands next to a Yellow soldier (D2, Red's partner): a Red
/// soldier brought to F2 frames it.
const PARTNER_FRAME: &str = "\
     A B C D E F G H I J
  10 b b : . . . . y y y
   9 : b : . . . . y Y y
   8 : : : # # # . : : :
   7 . . . X . . X # . .
   6 . . # . X X . # . R
   5 . . # . X X . # . r
   4 . . # X . r X . r .
   3 : : : . # # # : g g
   2 : : : y B . . : G g
   1 : : : . . . . : g g
";

#[test]
fn normal_and_expert_take_a_captain_with_the_partners_piece() {
    for strength in [Strength::Normal, Strength::Expert] {
        let mut game = position(PARTNER_FRAME, "");
        assert_eq!(
            game.state().pieces().at(sq("E2")),
            Some((ArmyId(1), PieceKind::Captain))
        );
        let events = play_turn(&mut game, strength);
        assert!(
            events.iter().any(|e| matches!(
                e,
                Event::Captured {
                    piece: PieceKind::Captain,
                    army: ArmyId(1),
                    ..
                }
            )),
            "{strength} did not take the captain: {events:?}\n{}",
            game.position_text()
        );
    }
}

/// A turn begun by someone else (a person, or a program through the protocol) is
/// carried on: from positions reached by random units, picks and releases, every
/// strength finishes the turn with legal actions.
#[test]
fn every_strength_finishes_a_turn_begun_by_someone_else() {
    use castellan_chateau::random::RandomPlayer;
    use rand::RngExt;
    let board = board();
    let mut random = RandomPlayer::new();
    random.alliance_chance = 0.0;
    for seed in 0..games(12) {
        let mut game = Game::new(
            board.clone(),
            Variant::default(),
            Table::four_in_teams(),
            seed,
        )
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // Some whole turns, then part of one.
        let turns = rng.random_range(0..30);
        let mut steps = 0;
        // Up to a turn whose units are all spent, with only its end to play.
        let target = 1 + (seed % 6) as u8;
        while game.turns() < turns || game.state().spent() < target {
            let (seat, action) = random.choose(&game, &mut rng).unwrap();
            if game.turns() >= turns && matches!(action, Action::EndTurn { .. }) {
                break;
            }
            game.apply(seat, action).unwrap();
            steps += 1;
            assert!(steps < 100_000);
        }
        // Sometimes with the last piece still in hand, sometimes put down.
        if seed % 2 == 1 && game.legal().can_release {
            let seat = game.pending_seat().unwrap();
            game.apply(seat, Action::Release {}).unwrap();
        }
        let strength = Strength::ALL[seed as usize % 3];
        let mover = game.mover();
        let before = game.position_text();
        let mut player = Player::new(strength, light());
        while game.mover() == mover && !game.is_over() {
            let Some((seat, action)) = player.choose(&game, &mut rng) else {
                panic!(
                    "{strength} found no action from\n{before}\nnow\n{}",
                    game.position_text()
                );
            };
            let ended = matches!(action, Action::EndTurn { .. });
            if let Err(error) = game.apply(seat, action.clone()) {
                panic!("{strength}: {action:?} refused: {error}\nfrom\n{before}");
            }
            if ended {
                break;
            }
        }
    }
}

/// The side's scores written into the opening position.
fn scored_opening(red_yellow: i32, green_blue: i32) -> Game {
    let opening = "\
     A B C D E F G H I J
  10 b b b . . . . y y y
   9 b B b . . . . y Y y
   8 b b b # # # . y y y
   7 . . . X . . X # . .
   6 . . # . X X . # . .
   5 . . # . X X . # . .
   4 . . # X . . X . . .
   3 r r r . # # # g g g
   2 r R r . . . . g G g
   1 r r r . . . . g g g
";
    position(
        opening,
        &format!("\n[scores]\nred-yellow = {red_yellow}\ngreen-blue = {green_blue}\n"),
    )
}

#[test]
fn a_draw_is_taken_when_losing_and_refused_when_winning() {
    for strength in Strength::ALL {
        for (red_yellow, green_blue, expected) in [(24, 3, true), (3, 24, false)] {
            // Red's seat offers a draw as its turn begins; Blue's seat answers.
            let mut game = scored_opening(red_yellow, green_blue);
            game.apply(castellan_chateau::game::Seat(0), Action::OfferDraw {})
                .unwrap();
            let mut player = Player::new(strength, light());
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            let (seat, action) = player.choose(&game, &mut rng).unwrap();
            assert_eq!(seat.0, 1);
            assert_eq!(
                action,
                Action::AnswerDraw { accept: expected },
                "{strength} at {green_blue} against {red_yellow}"
            );
        }
    }
}

/// Red is down to its captain, in its corner beside two Yellow soldiers: alone it
/// must walk six units into the open every turn; given to Yellow, it can stay home.
const LONE_CAPTAIN: &str = "\
     A B C D E F G H I J
  10 b b b . . . . y y y
   9 b B b . . . . y Y y
   8 b b b # # # . : y :
   7 . . . X . . X # . .
   6 . . # . X X . # . .
   5 . . # . X X . # . .
   4 . . # X . . X . . .
   3 : : : . # # # g g g
   2 y y : . . . . g G g
   1 R : : . . . . g g g
";

/// Red has its captain and a soldier, the captain beside a Yellow soldier (an
/// alliance may be declared), and the soldier can frame Blue's captain with that
/// Yellow soldier: declaring would give Blue the move and the captain its escape.
const CAPTAIN_TO_TAKE: &str = "\
     A B C D E F G H I J
  10 b b : . . . . y y y
   9 : b : . . . . y Y y
   8 : : : # # # . : : :
   7 . . . X . . X # . .
   6 . . # . X X . # . .
   5 . . # . X X . # . .
   4 . . # X . r X . . .
   3 : : : . # # # g g g
   2 : : : y B . . g G g
   1 : : R . . . . g g g
";

/// A game of four seats in teams from `diagram`, Red to play.
fn four_seats(diagram: &str) -> Game {
    let text = format!(
        "game = \"chateau-noir\"\nseats = [[\"red\"], [\"blue\"], [\"yellow\"], [\"green\"]]\nteams = true\nto_play = \"red\"\ndiagram = \"\"\"\n{diagram}\"\"\"\n"
    );
    Game::from_position(board(), Variant::default(), None, &text, "four.toml")
        .unwrap_or_else(|error| panic!("{error}"))
}

#[test]
fn normal_and_expert_know_when_an_alliance_pays() {
    for strength in [Strength::Normal, Strength::Expert] {
        let game = four_seats(LONE_CAPTAIN);
        assert!(game.legal().can_declare_alliance);
        let mut player = Player::new(strength, light());
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (_, action) = player.choose(&game, &mut rng).unwrap();
        assert_eq!(action, Action::DeclareAlliance {}, "{strength}");

        let mut game = four_seats(CAPTAIN_TO_TAKE);
        assert!(game.legal().can_declare_alliance);
        let events = play_turn(&mut game, strength);
        assert!(
            events.iter().any(|e| matches!(
                e,
                Event::Captured {
                    piece: PieceKind::Captain,
                    ..
                }
            )),
            "{strength}: {events:?}"
        );
    }
}
