//! The property campaign: whole games on the Castle Risk board, 2 to 6 seats, random
//! and greedy computer players mixed, rulebook and house-rule variants, checked after
//! every single action:
//!
//! - an owned territory holds at least 1 army (the captured one awaiting its armies
//!   excepted), and a territory is empty only if it was never claimed or was vacated
//!   by an elimination and left unfilled (ruling 19);
//! - every card of the variant's deck is somewhere: hands, draw pile, discards, track,
//!   truces, or committed to the battle (General, Marshall, Admiral);
//! - the Reinforcement track never shrinks;
//! - every seat in play has exactly one castle, on its own territory; an eliminated
//!   seat has none;
//! - armies change only as the events say (placements, reveals, losses, moves,
//!   vacated territories): a shadow board rebuilt from the events alone matches;
//! - the listed legal actions are accepted, junk and near-miss actions are accepted
//!   exactly when listed, and a refused action (wrong seat, malformed, out of range)
//!   leaves the game `==` to what it was;
//! - an accepted action always changes the game: no decision that changes nothing is
//!   asked twice in a row, so no game can loop.
//!
//! `cargo test` plays a few hundred games; an optimised build
//! (`cargo test --release -p castellan-engine --test property`) plays 5,000, in
//! seconds. `CASTELLAN_PROPTEST_GAMES` sets another number, and
//! `CASTELLAN_PROPTEST_ACTIONS` lets games with random seats run longer than their
//! default 2,500 actions.
//! A failure names its game number; `CASTELLAN_PROPTEST_FIRST=<n>` starts the campaign
//! there to replay it at once.

use std::sync::{Arc, OnceLock};

use castellan_engine::board::{Board, TerritoryId, parse_board};
use castellan_engine::bot::{GreedyPolicy, Policy, RandomPolicy, SeatSight};
use castellan_engine::game::{
    Action, Card, Choice, Decision, Event, EventKind, Game, Hand, MoveReason, Placement, Seat,
    TerritoryState,
};
use castellan_engine::variant::Variant;
use proptest::prelude::*;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games played when `CASTELLAN_PROPTEST_GAMES` is not set: a few hundred in the
/// everyday (unoptimised) test build, thousands in an optimised one.
const DEFAULT_GAMES: u64 = if cfg!(debug_assertions) { 240 } else { 5_000 };
/// Actions after which a game with a random seat is left unfinished (random seats
/// may dither for very long), unless `CASTELLAN_PROPTEST_ACTIONS` says otherwise.
const DEFAULT_ACTION_CAP: u64 = 2_500;
/// Games of greedy seats only must end within this many actions.
const GREEDY_ACTION_CAP: usize = 20_000;
/// Refused actions are also applied (and the game compared) every this many actions:
/// cloning a game to compare costs more than checking.
const APPLY_REFUSED_EVERY: usize = 7;

fn castle_board() -> Arc<Board> {
    static BOARD: OnceLock<Arc<Board>> = OnceLock::new();
    BOARD
        .get_or_init(|| {
            let source = include_str!("../../data/boards/castle-risk.toml");
            Arc::new(parse_board(source, "castle-risk.toml").expect("the board loads"))
        })
        .clone()
}

fn env_number(name: &str) -> Option<u64> {
    let value = std::env::var(name).ok()?;
    Some(
        value
            .parse()
            .unwrap_or_else(|_| panic!("{name}={value} is not a number")),
    )
}

// --- One game of the campaign ---

/// Who sits where and by which rules, all drawn from the game's number.
#[derive(Debug)]
struct Table {
    number: u64,
    seats: usize,
    /// `true`: a random seat; `false`: a greedy one.
    random_seats: Vec<bool>,
    variant: Variant,
}

impl Table {
    fn for_game(number: u64) -> Table {
        let mut rng = ChaCha8Rng::seed_from_u64(number ^ 0xca57_e11a);
        let seats = rng.random_range(2..=6);
        // A third all greedy (they must finish), a sixth all random, the rest mixed.
        let random_seats = match number % 6 {
            0 | 3 => vec![false; seats],
            1 => vec![true; seats],
            _ => (0..seats).map(|_| rng.random_bool(0.5)).collect(),
        };
        Table {
            number,
            seats,
            random_seats,
            variant: variant_for(&mut rng),
        }
    }

    fn all_greedy(&self) -> bool {
        self.random_seats.iter().all(|r| !r)
    }
}

/// The rulebook half the time; otherwise options toggled and numbers changed at random
/// (always a playable variant).
fn variant_for(rng: &mut ChaCha8Rng) -> Variant {
    let mut v = Variant::rulebook();
    if rng.random_bool(0.5) {
        return v;
    }
    v.classic_fortify = rng.random_bool(0.5);
    v.lenient_general = rng.random_bool(0.5);
    v.hidden_armies = rng.random_bool(0.7);
    v.diplomats_in_play = rng.random_bool(0.7);
    v.spoils.per_region_bonus = rng.random_bool(0.5);
    v.hidden_army_minimum = rng.random_range(0..=5);
    v.castle_dice_limit = rng.random_range(1..=3);
    v.armies_per_setup_placement = rng.random_range(1..=7);
    if rng.random_bool(0.3) {
        v.spoils.banner_bonus = rng.random_range(0..=12);
        v.spoils.empire_bonus = Some(rng.random_range(0..=8));
        v.spoils.all_independents_bonus = Some(rng.random_range(0..=10));
    }
    if rng.random_bool(0.3) {
        // Odd decks: few or many of a kind, some kinds missing.
        let d = &mut v.deck;
        d.reinforcements = rng.random_range(0..=15);
        d.diplomats = rng.random_range(0..=9);
        d.spies = rng.random_range(0..=9);
        d.generals = rng.random_range(0..=10);
        d.marshalls = rng.random_range(0..=10);
        d.admirals = rng.random_range(0..=10);
        if d.total() == 0 {
            d.spies = 1;
        }
        let length = (d.reinforcements as usize).max(rng.random_range(0..=16));
        v.reinforcement_track = (0..length).map(|_| rng.random_range(1..=15)).collect();
    }
    if rng.random_bool(0.2) {
        // Few starting armies: with many seats some territories stay unclaimed.
        let s = &mut v.starting_armies;
        s.two = rng.random_range(4..=40);
        s.three = rng.random_range(4..=35);
        s.four = rng.random_range(4..=30);
        s.five = rng.random_range(4..=25);
        s.six = rng.random_range(4..=20);
    }
    assert!(v.validate().is_empty(), "{:?}", v.validate());
    v
}

/// What the campaign knows from the events alone, to hold the game to them.
struct Ledger {
    /// Every territory as the events left it.
    shadow: Vec<TerritoryState>,
    /// Cards committed to the battle and out of every hand: General, Marshall, Admiral.
    general: u32,
    marshall: u32,
    admiral: u32,
    track: usize,
    deck: [u32; 6],
}

impl Ledger {
    fn new(game: &Game) -> Ledger {
        let d = &game.variant().deck;
        let mut ledger = Ledger {
            shadow: vec![TerritoryState::default(); game.board().territories.len()],
            general: 0,
            marshall: 0,
            admiral: 0,
            track: 0,
            deck: [
                d.reinforcements,
                d.diplomats,
                d.spies,
                d.generals,
                d.marshalls,
                d.admirals,
            ],
        };
        for event in game.opening_events() {
            ledger.record(event);
        }
        ledger
    }

    /// Applies one event's effect on armies and committed cards.
    fn record(&mut self, event: &Event) {
        let take = |count: &mut u32, what: &str| {
            *count = count
                .checked_sub(1)
                .unwrap_or_else(|| panic!("{what} returned or lost, never committed: {event:?}"));
        };
        match &event.kind {
            &EventKind::CastlePlaced { seat, territory }
            | &EventKind::TerritoryClaimed { seat, territory } => {
                let t = &mut self.shadow[territory.index()];
                assert_eq!(
                    *t,
                    TerritoryState::default(),
                    "{event:?} on a held territory"
                );
                *t = TerritoryState {
                    owner: Some(seat),
                    armies: 1,
                };
            }
            EventKind::ArmiesPlaced {
                seat, placements, ..
            } => {
                for p in placements {
                    let t = &mut self.shadow[p.territory.index()];
                    assert_eq!(t.owner, Some(*seat), "{event:?} on another's territory");
                    t.armies += p.armies;
                }
            }
            &EventKind::HiddenArmiesRevealed {
                territory, armies, ..
            } => self.shadow[territory.index()].armies += armies,
            &EventKind::AttackStarted {
                from,
                ship: Some(aboard),
                ..
            } => {
                self.shadow[from.index()].armies -= aboard;
                self.admiral += 1;
            }
            &EventKind::ArmiesLost {
                territory,
                armies,
                aboard: false,
                ..
            } => self.shadow[territory.index()].armies -= armies,
            &EventKind::TerritoryTaken {
                seat, territory, ..
            } => {
                let t = &mut self.shadow[territory.index()];
                assert_eq!(t.armies, 0, "{event:?}: taken with armies left");
                t.owner = Some(seat);
            }
            &EventKind::ArmiesMoved {
                seat,
                from,
                to,
                armies,
                reason,
            } => {
                if reason != MoveReason::Landing {
                    self.shadow[from.index()].armies -= armies;
                }
                let t = &mut self.shadow[to.index()];
                t.owner = Some(seat);
                t.armies += armies;
            }
            EventKind::TerritoriesVacated { territories } => {
                for t in territories {
                    self.shadow[t.index()] = TerritoryState::default();
                }
            }
            EventKind::GeneralCommitted { .. } => self.general += 1,
            EventKind::MarshallCommitted { .. } => self.marshall += 1,
            EventKind::CardLost { card, .. } | EventKind::CardReturned { card, .. } => match card {
                Card::General => take(&mut self.general, "a General"),
                Card::Marshall => take(&mut self.marshall, "a Marshall"),
                Card::Admiral => take(&mut self.admiral, "an Admiral"),
                other => panic!("{other} cannot be committed: {event:?}"),
            },
            _ => {}
        }
    }

    /// Every invariant, after `action`.
    fn check(&mut self, game: &Game, action: &Action) {
        let why = || format!("after {action:?} (turn {})", game.turn_number());

        // Armies: exactly as the events said.
        assert_eq!(game.territories(), &self.shadow[..], "armies {}", why());
        let moving_into = match game.pending().map(|p| p.decision) {
            Some(Decision::MoveIn { to, .. }) => Some(to),
            _ => None,
        };
        for (i, t) in game.territories().iter().enumerate() {
            match t.owner {
                None => assert_eq!(t.armies, 0, "territory {i} has armies, no owner {}", why()),
                Some(_) if moving_into == Some(TerritoryId(i as u16)) => {}
                Some(_) => assert!(t.armies >= 1, "territory {i} held by 0 armies {}", why()),
            }
        }

        // Cards: all accounted for, kind by kind.
        let mut outside_pile = [0u64; 6];
        for seat in game.seat_ids() {
            for card in Card::ALL {
                outside_pile[card.index()] += u64::from(game.hand(seat).count(card));
            }
        }
        for card in game.discards() {
            outside_pile[card.index()] += 1;
        }
        outside_pile[Card::Reinforcements.index()] += game.track() as u64;
        outside_pile[Card::Diplomat.index()] += game.truces().len() as u64;
        outside_pile[Card::General.index()] += u64::from(self.general);
        outside_pile[Card::Marshall.index()] += u64::from(self.marshall);
        outside_pile[Card::Admiral.index()] += u64::from(self.admiral);
        for card in Card::ALL {
            assert!(
                outside_pile[card.index()] <= u64::from(self.deck[card.index()]),
                "more {card} cards than the deck has {}",
                why()
            );
        }
        let deck: u64 = self.deck.iter().map(|&n| u64::from(n)).sum();
        assert_eq!(
            outside_pile.iter().sum::<u64>() + game.draw_pile_len() as u64,
            deck,
            "cards lost or made {}",
            why()
        );
        assert!(self.general <= 1 && self.marshall <= 1 && self.admiral <= 1);

        // The track only grows.
        assert!(game.track() >= self.track, "the track shrank {}", why());
        self.track = game.track();

        // Castles: one per seat in play, on its own land; none for the eliminated.
        let setup_castles_done = game.setup_done()
            || !matches!(
                game.pending().map(|p| p.decision),
                Some(Decision::PlaceCastle { .. })
            );
        for seat in game.seat_ids() {
            match game.castle(seat) {
                Some(castle) => {
                    assert!(!game.is_eliminated(seat), "{seat} out with a castle");
                    assert_eq!(game.owner(castle), Some(seat), "{seat}'s castle {}", why());
                    assert_eq!(game.castle_at(castle), Some(seat), "two castles on one");
                }
                None => assert!(
                    game.is_eliminated(seat) || !setup_castles_done,
                    "{seat} in play without a castle {}",
                    why()
                ),
            }
        }
        if let Some(winner) = game.winner() {
            assert_eq!(game.seats_in_play(), 1);
            assert!(game.castle(winner).is_some());
        }
        if game.is_drawn() {
            assert!(game.seats_in_play() >= 2 && game.pending().is_none());
        }
        // Ruling 26: the board never holds more than its limit.
        let on_board: u64 = game.territories().iter().map(|t| u64::from(t.armies)).sum();
        assert!(on_board <= u64::from(castellan_engine::game::MAX_ARMIES_ON_BOARD));
    }
}

/// An action of any kind, with territories, seats and numbers anywhere near (and
/// beyond) the board's and the rules' ranges.
fn junk_action(rng: &mut ChaCha8Rng, territories: u16, seats: u8) -> Action {
    let t = |rng: &mut ChaCha8Rng| TerritoryId(rng.random_range(0..territories + 3));
    let s = |rng: &mut ChaCha8Rng| Seat(rng.random_range(0..seats + 2));
    let n = |rng: &mut ChaCha8Rng| match rng.random_range(0..10) {
        0 => u32::MAX,
        1 => 0,
        _ => rng.random_range(1..12),
    };
    let hand = |rng: &mut ChaCha8Rng| -> Hand {
        (0..rng.random_range(0..4))
            .map(|_| Card::ALL[rng.random_range(0..6)])
            .collect()
    };
    match rng.random_range(0..24) {
        0 => Action::PlaceCastle { territory: t(rng) },
        1 => Action::Claim { territory: t(rng) },
        2 => Action::PlaceArmies {
            placements: (0..rng.random_range(0..4))
                .map(|_| Placement::new(t(rng), n(rng)))
                .collect(),
        },
        3 => Action::HideArmies { territory: t(rng) },
        4 => Action::PlayReinforcements {
            cards: n(rng) as u8,
        },
        5 => Action::PlayDiplomat { target: s(rng) },
        6 => Action::PlaySpy { target: s(rng) },
        7 => Action::RevealHiddenArmies { territory: t(rng) },
        8 => Action::Attack {
            from: t(rng),
            to: t(rng),
        },
        9 => Action::AdmiralAttack {
            from: t(rng),
            to: t(rng),
            armies: n(rng),
        },
        10 => Action::Occupy {
            from: t(rng),
            to: t(rng),
            armies: n(rng),
        },
        11 => Action::EndTurn,
        12 => Action::Roll {
            dice: rng.random_range(0..6),
            general: rng.random_bool(0.5),
        },
        13 => Action::StopAttack,
        14 => Action::Defend {
            dice: rng.random_range(0..5),
            marshall: rng.random_bool(0.5),
        },
        15 => Action::MoveIn { armies: n(rng) },
        16 => Action::AnswerSpy {
            counter: rng.random_bool(0.5),
        },
        17 => Action::SpyDiscard {
            card: Card::ALL[rng.random_range(0..6)],
        },
        18 => Action::FillVacated {
            territory: t(rng),
            from: t(rng),
        },
        19 => Action::StopFilling,
        20 => Action::Fortify {
            from: t(rng),
            to: t(rng),
            armies: n(rng),
        },
        21 => Action::OfferCards {
            target: s(rng),
            give: hand(rng),
            ask: hand(rng),
        },
        22 => Action::AnswerOffer {
            accept: rng.random_bool(0.5),
        },
        _ => Action::SkipFortify,
    }
}

/// A legal action nudged: one number or territory moved by one, or a card flag
/// flipped. Sometimes still legal, often not: the edges of every range.
fn near_miss(rng: &mut ChaCha8Rng, action: &Action) -> Action {
    let nudge = |n: u32, rng: &mut ChaCha8Rng| {
        if rng.random_bool(0.5) {
            n.wrapping_add(1)
        } else {
            n.wrapping_sub(1)
        }
    };
    let shift = |t: TerritoryId, rng: &mut ChaCha8Rng| TerritoryId(nudge(t.0.into(), rng) as u16);
    let mut a = action.clone();
    match &mut a {
        Action::PlaceCastle { territory }
        | Action::Claim { territory }
        | Action::HideArmies { territory }
        | Action::RevealHiddenArmies { territory } => *territory = shift(*territory, rng),
        Action::PlaceArmies { placements } => match placements.first_mut() {
            Some(p) if rng.random_bool(0.5) => p.armies = nudge(p.armies, rng),
            Some(p) => p.territory = shift(p.territory, rng),
            None => {}
        },
        Action::PlayReinforcements { cards } => *cards = nudge((*cards).into(), rng) as u8,
        Action::PlayDiplomat { target } | Action::PlaySpy { target } => {
            *target = Seat(nudge(target.0.into(), rng) as u8)
        }
        Action::Attack { to, .. } | Action::FillVacated { territory: to, .. } => {
            *to = shift(*to, rng)
        }
        Action::AdmiralAttack { armies, .. }
        | Action::Occupy { armies, .. }
        | Action::Fortify { armies, .. }
        | Action::MoveIn { armies } => *armies = nudge(*armies, rng),
        Action::Roll { dice, general } => {
            if rng.random_bool(0.5) {
                *dice = nudge((*dice).into(), rng) as u8
            } else {
                *general = !*general
            }
        }
        Action::Defend { dice, marshall } => {
            if rng.random_bool(0.5) {
                *dice = nudge((*dice).into(), rng) as u8
            } else {
                *marshall = !*marshall
            }
        }
        Action::AnswerSpy { counter } | Action::AnswerOffer { accept: counter } => {
            *counter = !*counter
        }
        Action::OfferCards { target, give, ask } => match rng.random_range(0..3) {
            0 => *target = Seat(nudge(target.0.into(), rng) as u8),
            1 => give.add(Card::ALL[rng.random_range(0..6)]),
            _ => {
                // One card fewer each way: sometimes nothing at all is left.
                let first = |hand: &Hand| hand.kinds().next();
                if let Some(card) = first(give) {
                    give.remove(card);
                }
                if let Some(card) = first(ask) {
                    ask.remove(card);
                }
            }
        },
        Action::SpyDiscard { card } => *card = Card::ALL[rng.random_range(0..6)],
        Action::EndTurn | Action::StopAttack | Action::StopFilling | Action::SkipFortify => {}
        // Classic Risk's only action: never listed in a Castle Risk game.
        Action::TradeCards { cards } => cards[0].0 = nudge(cards[0].0.into(), rng) as u16,
    }
    a
}

/// Checks that listed and accepted agree on `action`, and, when `apply` is set and
/// it is refused, that applying it fails and changes nothing.
fn probe(game: &mut Game, seat: Seat, action: Action, listed: bool, apply: bool) {
    let verdict = game.check(seat, &action);
    assert_eq!(
        listed,
        verdict.is_ok(),
        "{seat} {action:?}: listed {listed}, check says {verdict:?}, awaiting {:?}",
        game.pending()
    );
    if apply && verdict.is_err() {
        let before = game.clone();
        let error = game.apply(seat, action).expect_err("check refused it");
        assert_eq!(Err(error), verdict, "check and apply disagree");
        assert!(*game == before, "a refused action changed the game");
    }
}

/// Whether the game finished.
fn play_checked_game(table: &Table) -> bool {
    let board = castle_board();
    let mut game = Game::new(
        board.clone(),
        table.variant.clone(),
        table.seats,
        table.number,
    )
    .expect("a campaign game starts");
    let mut policies: Vec<Box<dyn Policy>> = table
        .random_seats
        .iter()
        .map(|&random| -> Box<dyn Policy> {
            if random {
                Box::new(RandomPolicy)
            } else {
                Box::new(GreedyPolicy::new())
            }
        })
        .collect();
    let mut choices_rng = ChaCha8Rng::seed_from_u64(table.number);
    let mut probe_rng = ChaCha8Rng::seed_from_u64(!table.number);
    let territories = board.territories.len() as u16;
    let mut ledger = Ledger::new(&game);
    let mut events = Vec::new();

    let cap = if table.all_greedy() {
        GREEDY_ACTION_CAP
    } else {
        env_number("CASTELLAN_PROPTEST_ACTIONS").unwrap_or(DEFAULT_ACTION_CAP) as usize
    };
    for step in 0..cap {
        let Some(seat) = game.pending_seat() else {
            // Greedy seats play real games: they end in a victory, never a draw.
            assert!(
                game.winner().is_some() || !table.all_greedy(),
                "greedy seats drew: {table:?}"
            );
            return true;
        };
        let legal = game.legal_actions();
        assert_eq!(legal.seat, Some(seat));
        assert!(!legal.is_empty(), "nothing legal at {:?}", game.pending());
        let apply_refused = step % APPLY_REFUSED_EVERY == 0;

        // A sample of the listed actions is accepted.
        for _ in 0..2 {
            let sampled = legal.sample(&mut probe_rng).expect("not empty");
            assert!(legal.allows(&sampled), "sampled {sampled:?} not listed");
            probe(&mut game, seat, sampled.clone(), true, false);
            let nudged = near_miss(&mut probe_rng, &sampled);
            let listed = legal.allows(&nudged);
            probe(&mut game, seat, nudged, listed, apply_refused);
        }
        // Junk: accepted exactly when listed; refused without a trace.
        for _ in 0..2 {
            let junk = junk_action(&mut probe_rng, territories, table.seats as u8);
            let listed = legal.allows(&junk);
            probe(&mut game, seat, junk, listed, apply_refused);
        }

        let sight = SeatSight::new(&game, seat);
        let action = policies[seat.index()].choose(&sight, &legal, &mut choices_rng);
        assert!(legal.allows(&action), "{seat} chose unlisted {action:?}");
        // The right action from the wrong seat is refused, changing nothing.
        for other in (0..table.seats as u8).map(Seat).filter(|&s| s != seat) {
            probe(&mut game, other, action.clone(), false, apply_refused);
        }

        events.clear();
        let before = game.unrecorded_copy();
        game.apply_into(seat, action.clone(), &mut events)
            .unwrap_or_else(|e| panic!("listed {action:?} refused: {e}"));
        // No decision that changes nothing is asked twice in a row: the game cannot loop.
        assert!(
            !game.is_unchanged_from(&before),
            "{seat} {action:?} changed nothing: {:?} is asked again ({table:?})",
            game.pending()
        );
        for event in &events {
            ledger.record(event);
        }
        ledger.check(&game, &action);
    }
    assert!(
        !table.all_greedy(),
        "greedy seats did not finish in {cap} actions: {table:?}"
    );
    game.is_over()
}

/// Plays the campaign's games `first..first + count`, reporting progress.
fn campaign(first: u64, count: u64, select: impl Fn(&Table) -> bool) -> (u64, u64) {
    let (mut played, mut finished) = (0, 0);
    for number in first..first + count {
        let table = Table::for_game(number);
        if !select(&table) {
            continue;
        }
        played += 1;
        let done = std::panic::catch_unwind(|| play_checked_game(&table)).unwrap_or_else(|e| {
            eprintln!("campaign game {number} failed: {table:?}");
            std::panic::resume_unwind(e)
        });
        finished += u64::from(done);
    }
    (played, finished)
}

fn campaign_bounds() -> (u64, u64) {
    let first = env_number("CASTELLAN_PROPTEST_FIRST").unwrap_or(0);
    let count = env_number("CASTELLAN_PROPTEST_GAMES").unwrap_or(DEFAULT_GAMES);
    (first, count)
}

/// Games with greedy seats only (a third of the campaign): all must be won.
#[test]
fn greedy_games_keep_every_invariant_and_finish() {
    let (first, count) = campaign_bounds();
    let (played, finished) = campaign(first, count, Table::all_greedy);
    eprintln!("greedy campaign: {finished} of {played} games over");
    assert_eq!(played, finished);
    assert!(played > 0 || count < 6);
}

/// Games with random seats: they need not finish, but most with a greedy seat do.
#[test]
fn mixed_and_random_games_keep_every_invariant() {
    let (first, count) = campaign_bounds();
    let (played, finished) = campaign(first, count, |t| !t.all_greedy());
    eprintln!("mixed and random campaign: {finished} of {played} games over");
    assert!(
        played == 0 || finished * 4 >= played,
        "only {finished} of {played} finished"
    );
}

// --- Arbitrary actions against games in every phase ---

/// Games stopped at many points of their course: setup, turns, attacks, spies.
fn snapshots() -> &'static [Game] {
    static SNAPSHOTS: OnceLock<Vec<Game>> = OnceLock::new();
    SNAPSHOTS.get_or_init(|| {
        let mut out = Vec::new();
        for (number, seats) in [(1u64, 2usize), (2, 4), (3, 6)] {
            let mut variant = Variant::rulebook();
            variant.classic_fortify = number == 2;
            let mut game = Game::new(castle_board(), variant, seats, number).unwrap();
            let mut rng = ChaCha8Rng::seed_from_u64(number);
            let mut policy = GreedyPolicy::new();
            let mut step = 0;
            while let Some(seat) = game.pending_seat() {
                let legal = game.legal_actions();
                // Half random actions reach odd corners (spies, fortifying, sea).
                let action = if rng.random_bool(0.5) {
                    legal.sample(&mut rng).unwrap()
                } else {
                    policy.choose(&SeatSight::new(&game, seat), &legal, &mut rng)
                };
                game.apply(seat, action).unwrap();
                step += 1;
                if step % 97 == 0 {
                    out.push(game.clone());
                }
                if step > 6_000 {
                    break;
                }
            }
            out.push(game);
        }
        out
    })
}

fn hand() -> impl Strategy<Value = Hand> {
    prop::collection::vec(0usize..6, 0..4)
        .prop_map(|cards| cards.into_iter().map(|i| Card::ALL[i]).collect())
}

fn any_action() -> impl Strategy<Value = Action> {
    let t = || (0u16..50).prop_map(TerritoryId);
    let n = || prop_oneof![Just(0u32), Just(u32::MAX), 1u32..40];
    prop_oneof![
        t().prop_map(|territory| Action::PlaceCastle { territory }),
        t().prop_map(|territory| Action::Claim { territory }),
        prop::collection::vec((t(), n()), 0..4).prop_map(|ps| Action::PlaceArmies {
            placements: ps.into_iter().map(|(t, a)| Placement::new(t, a)).collect()
        }),
        any::<u8>().prop_map(|cards| Action::PlayReinforcements { cards }),
        (0u8..8).prop_map(|s| Action::PlayDiplomat { target: Seat(s) }),
        (0u8..8).prop_map(|s| Action::PlaySpy { target: Seat(s) }),
        t().prop_map(|territory| Action::RevealHiddenArmies { territory }),
        (t(), t()).prop_map(|(from, to)| Action::Attack { from, to }),
        (t(), t(), n()).prop_map(|(from, to, armies)| Action::AdmiralAttack { from, to, armies }),
        (t(), t(), n()).prop_map(|(from, to, armies)| Action::Occupy { from, to, armies }),
        Just(Action::EndTurn),
        (0u8..6, any::<bool>()).prop_map(|(dice, general)| Action::Roll { dice, general }),
        Just(Action::StopAttack),
        (0u8..4, any::<bool>()).prop_map(|(dice, marshall)| Action::Defend { dice, marshall }),
        n().prop_map(|armies| Action::MoveIn { armies }),
        any::<bool>().prop_map(|counter| Action::AnswerSpy { counter }),
        (0usize..6).prop_map(|i| Action::SpyDiscard { card: Card::ALL[i] }),
        (t(), t()).prop_map(|(territory, from)| Action::FillVacated { territory, from }),
        Just(Action::StopFilling),
        (t(), t(), n()).prop_map(|(from, to, armies)| Action::Fortify { from, to, armies }),
        Just(Action::SkipFortify),
        (0u8..8, hand(), hand()).prop_map(|(s, give, ask)| Action::OfferCards {
            target: Seat(s),
            give,
            ask
        }),
        any::<bool>().prop_map(|accept| Action::AnswerOffer { accept }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, failure_persistence: None, ..ProptestConfig::default() })]

    /// Any action from any seat, in any phase: accepted exactly when listed, and when
    /// refused the game is untouched.
    #[test]
    fn arbitrary_actions_are_accepted_exactly_when_listed(
        which in any::<prop::sample::Index>(),
        seat in 0u8..7,
        action in any_action(),
    ) {
        let games = snapshots();
        let mut game = games[which.index(games.len())].clone();
        let seat = Seat(seat);
        let legal = game.legal_actions();
        let listed = legal.seat == Some(seat) && legal.allows(&action);
        let verdict = game.check(seat, &action);
        prop_assert_eq!(listed, verdict.is_ok(), "{:?} by {}: {:?}", action, seat, verdict);
        let before = game.clone();
        let applied = game.apply(seat, action);
        prop_assert_eq!(applied.is_ok(), listed);
        if !listed {
            prop_assert!(game == before, "a refused action changed the game");
        }
    }
}

/// A random generator as a trait object still drives both policies the same way
/// twice: the campaign's replays depend on it.
#[test]
fn policies_are_deterministic_given_their_generator() {
    let table = Table::for_game(4);
    let run = || {
        let mut game = Game::new(castle_board(), Variant::rulebook(), 3, 99).unwrap();
        let mut policies: Vec<Box<dyn Policy>> = vec![
            Box::new(GreedyPolicy::new()),
            Box::new(RandomPolicy),
            Box::new(GreedyPolicy::new()),
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(table.number);
        let rng: &mut dyn Rng = &mut rng;
        for _ in 0..3_000 {
            let Some(seat) = game.pending_seat() else {
                break;
            };
            let legal = game.legal_actions();
            let action = policies[seat.index()].choose(&SeatSight::new(&game, seat), &legal, rng);
            game.apply(seat, action).unwrap();
        }
        game
    };
    let (a, b) = (run(), run());
    assert!(a.history().len() > 100);
    assert_eq!(a, b);
}

/// The greedy policy's choices in the cases the desktop relies on.
#[test]
fn greedy_policy_defends_with_most_dice_and_ends_its_turns() {
    let mut game = Game::new(castle_board(), Variant::rulebook(), 4, 8).unwrap();
    let mut policy = GreedyPolicy::new();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let (mut defences, mut turns_ended) = (0, 0);
    while let Some(seat) = game.pending_seat() {
        let legal = game.legal_actions();
        let action = policy.choose(&SeatSight::new(&game, seat), &legal, &mut rng);
        for choice in &legal.choices {
            if let (Choice::Defend { max_dice, .. }, Action::Defend { dice, .. }) =
                (choice, &action)
            {
                assert_eq!(dice, max_dice, "greedy defends with the most dice");
                defences += 1;
            }
        }
        for event in game.apply(seat, action).unwrap() {
            turns_ended += u32::from(matches!(event.kind, EventKind::TurnEnded { .. }));
        }
    }
    assert!(
        defences > 10 && turns_ended > 4,
        "{defences} defences, {turns_ended} turns"
    );
}
