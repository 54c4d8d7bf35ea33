//! Classic Risk, rule by rule (`risk-classic-regles-fr.md`, rulings 27–41 of
//! `docs/rulings.md`). Classic games cannot start from a described position, so most
//! tests play games of computer players on the classic world map and check each
//! rule wherever it comes up, asserting that it came up at all.

use std::sync::{Arc, OnceLock};

use castellan_engine::board::{Board, CardSymbol, TerritoryId, parse_board};
use castellan_engine::bot::{GreedyPolicy, Policy, RandomPolicy, SeatSight};
use castellan_engine::game::{
    Action, Choice, Decision, Event, EventKind, Game, Mission, Placement, RuleError, SavedGame,
    Seat, SetKind, TerritoryCard,
};
use castellan_engine::variant::{ClassicRules, Ruleset, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn classic_board() -> Arc<Board> {
    static BOARD: OnceLock<Arc<Board>> = OnceLock::new();
    BOARD
        .get_or_init(|| {
            let source = include_str!("../../data/boards/classic.toml");
            Arc::new(parse_board(source, "classic.toml").unwrap())
        })
        .clone()
}

fn castle_board() -> Arc<Board> {
    let source = include_str!("../../data/boards/castle-risk.toml");
    Arc::new(parse_board(source, "castle-risk.toml").unwrap())
}

fn t(key: &str) -> TerritoryId {
    classic_board().territory_by_key(key).unwrap()
}

/// What `scan` shows the test after each action.
struct Step<'a> {
    before: &'a Game,
    seat: Seat,
    action: &'a Action,
    after: &'a Game,
    events: &'a [Event],
}

/// Plays games of greedy (and, on odd seeds, random) seats on the classic map with
/// `variant`, calling `look` after every action; returns how many times `look`
/// returned true (the situation it checks came up).
fn scan(variant: &Variant, seats: usize, games: u64, mut look: impl FnMut(&Step) -> bool) -> u32 {
    let mut seen = 0;
    for seed in 0..games {
        let mut game = Game::new(classic_board(), variant.clone(), seats, seed).unwrap();
        let mut policies: Vec<Box<dyn Policy>> = (0..game.seats())
            .map(|i| -> Box<dyn Policy> {
                if seed % 2 == 1 && i == 0 {
                    Box::new(RandomPolicy)
                } else {
                    Box::new(GreedyPolicy::new())
                }
            })
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..30_000 {
            let Some(seat) = game.pending_seat() else {
                break;
            };
            let legal = game.legal_actions();
            let action =
                policies[seat.index()].choose(&SeatSight::new(&game, seat), &legal, &mut rng);
            let before = game.clone();
            let events = game.apply(seat, action.clone()).unwrap();
            let step = Step {
                before: &before,
                seat,
                action: &action,
                after: &game,
                events: &events,
            };
            if look(&step) {
                seen += 1;
            }
        }
    }
    seen
}

fn cards_of(game: &Game, symbol: Option<CardSymbol>) -> Vec<TerritoryCard> {
    (0..44)
        .map(TerritoryCard)
        .filter(|&c| game.card_symbol(c) == symbol)
        .collect()
}

// --- Rulesets in files ---

#[test]
fn files_without_a_ruleset_are_castle_risk() {
    let v = Variant::from_toml("lenient_general = true\n").unwrap();
    assert_eq!(v.ruleset, Ruleset::CastleRisk);
    let today = include_str!("saves/house-rules-before-rulesets.toml");
    let v = Variant::from_toml(today).unwrap();
    assert_eq!(v.ruleset, Ruleset::CastleRisk);
    assert!(!v.to_toml().contains("ruleset"), "{}", v.to_toml());
    let refused = Variant::from_toml("ruleset = \"chess\"\n").unwrap_err();
    assert!(refused.to_string().contains("chess"), "{refused}");
}

#[test]
fn a_classic_variant_names_its_ruleset_and_only_the_options_it_changes() {
    let mut v = Variant::classic();
    assert!(
        v.plays_as_rulebook(),
        "classic by the text has no difference"
    );
    assert_eq!(
        v.to_toml().lines().filter(|l| !l.starts_with('#')).count(),
        1
    );
    v.classic.fortify_path = true;
    let text = v.to_toml();
    assert!(text.contains("ruleset = \"classic\""), "{text}");
    assert!(text.contains("fortify_path = true"), "{text}");
    assert!(!text.contains("trade_values"), "{text}");
    assert_eq!(Variant::from_toml(&text).unwrap(), v);
    let diffs = v.differences_from_rulebook();
    assert_eq!(diffs.len(), 1, "{diffs:?}");
    assert_eq!(diffs[0].option, "classic.fortify_path");
    let mut bad = Variant::classic();
    bad.classic.must_trade_at = 3;
    assert!(!bad.validate().is_empty());
}

/// The fixture was written by Castellan before rulesets existed (format 2): it loads
/// as Castle Risk and replays to the very position that version showed.
#[test]
fn todays_saves_still_load_and_replay_identically() {
    let save = include_str!("saves/castle-format-2.castellan");
    let recorded: serde_json::Value =
        serde_json::from_str(include_str!("saves/castle-format-2.views.json")).unwrap();
    let game = SavedGame::load(save).unwrap();
    assert_eq!(game.ruleset(), Ruleset::CastleRisk);
    assert_eq!(
        serde_json::to_value(game.pending()).unwrap(),
        recorded["pending"]
    );
    assert_eq!(
        serde_json::to_value(game.legal_actions()).unwrap(),
        recorded["legal"]
    );
    for seat in game.seat_ids() {
        assert_eq!(
            serde_json::to_value(game.view_for(seat)).unwrap(),
            recorded["views"][seat.index()],
            "{seat}'s view"
        );
    }
    // And written again, the save is the same text.
    let board = include_str!("../../data/boards/castle-risk.toml");
    assert_eq!(game.save(board).unwrap().to_json(), save);
}

#[test]
fn a_classic_game_saves_its_ruleset_and_replays() {
    let mut game = Game::new(classic_board(), Variant::classic(), 2, 5).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..400 {
        let seat = game.pending_seat().unwrap();
        let action = game.legal_actions().sample(&mut rng).unwrap();
        game.apply(seat, action).unwrap();
    }
    let save = game
        .save(include_str!("../../data/boards/classic.toml"))
        .unwrap();
    assert_eq!(save.seats, 2, "the neutral is not a seat at the table");
    let json = save.to_json();
    assert!(json.contains("\"ruleset\": \"classic\""));
    assert_eq!(SavedGame::load(&json).unwrap(), game);
}

// --- Setup (rulings 27, 28) ---

#[test]
fn starting_armies_follow_the_number_of_players() {
    for (seats, armies) in [(3, 35), (4, 30), (5, 25), (6, 20)] {
        let game = Game::new(classic_board(), Variant::classic(), seats, 1).unwrap();
        assert_eq!(game.seats(), seats);
        for seat in game.seat_ids() {
            assert_eq!(game.armies_to_place(seat), armies);
        }
    }
    let game = Game::new(classic_board(), Variant::classic(), 2, 1).unwrap();
    assert_eq!(game.seats(), 3);
    assert_eq!(game.players(), 2);
    assert!(game.is_neutral(Seat(2)));
    for seat in game.seat_ids() {
        assert_eq!(game.armies_to_place(seat), 40);
    }
}

#[test]
fn claiming_and_placing_go_one_army_at_a_time() {
    let mut game = Game::new(classic_board(), Variant::classic(), 4, 3).unwrap();
    let first = game.pending_seat().unwrap();
    let mut claims = 0;
    while let Some(Decision::Claim) = game.pending().map(|p| p.decision) {
        let seat = game.pending_seat().unwrap();
        let free = game
            .board()
            .territory_ids()
            .find(|&t| game.owner(t).is_none())
            .unwrap();
        let taken = game
            .board()
            .territory_ids()
            .find(|&t| game.owner(t).is_some());
        if let Some(taken) = taken {
            assert_eq!(
                game.apply(seat, Action::Claim { territory: taken }),
                Err(RuleError::AlreadyOccupied(taken))
            );
        }
        game.apply(seat, Action::Claim { territory: free }).unwrap();
        assert_eq!(game.armies(free), 1);
        claims += 1;
    }
    assert_eq!(claims, 42, "every territory claimed, one army each");
    let seat = game.pending_seat().unwrap();
    assert_eq!(
        game.pending().unwrap().decision,
        Decision::PlaceArmies {
            armies: 1,
            reason: castellan_engine::game::PlacementReason::Setup
        }
    );
    let own = game
        .board()
        .territory_ids()
        .find(|&t| game.owner(t) == Some(seat))
        .unwrap();
    let two = Action::PlaceArmies {
        placements: vec![Placement::new(own, 2)],
    };
    assert!(matches!(
        game.apply(seat, two),
        Err(RuleError::PlacementTotal { .. })
    ));
    // Placing goes on one army at a time until every army is down.
    while !game.setup_done() {
        let seat = game.pending_seat().unwrap();
        let own = game
            .board()
            .territory_ids()
            .find(|&t| game.owner(t) == Some(seat))
            .unwrap();
        game.apply(
            seat,
            Action::PlaceArmies {
                placements: vec![Placement::new(own, 1)],
            },
        )
        .unwrap();
    }
    let total: u32 = game.territories().iter().map(|t| t.armies).sum();
    assert_eq!(total, 4 * 30);
    assert_eq!(
        game.turn_seat(),
        Some(first),
        "who placed first plays first"
    );
}

#[test]
fn the_seat_that_placed_first_plays_first() {
    let seen = scan(&Variant::classic(), 3, 3, |s| {
        let started = s.events.iter().find_map(|e| match e.kind {
            EventKind::FirstPlayer { seat } => Some(seat),
            _ => None,
        });
        let Some(first) = started else { return false };
        let setup_starter = s.after.opening_events().iter().find_map(|e| match e.kind {
            EventKind::SetupStarts { seat } => Some(seat),
            _ => None,
        });
        assert_eq!(Some(first), setup_starter);
        assert_eq!(s.after.turn_seat(), Some(first));
        true
    });
    assert_eq!(seen, 3);
}

#[test]
fn the_neutral_army_holds_ground_and_never_plays() {
    let mut checked_setup = false;
    let seen = scan(&Variant::classic(), 2, 2, |s| {
        assert!(!s.after.is_neutral(s.seat), "the neutral decided");
        if let Some(turn) = s.after.turn_seat() {
            assert!(!s.after.is_neutral(turn));
        }
        if !checked_setup && s.after.setup_done() {
            checked_setup = true;
            let neutral: u32 = s
                .after
                .territories()
                .iter()
                .filter(|t| t.owner == Some(Seat(2)))
                .map(|t| t.armies)
                .sum();
            assert_eq!(neutral, 40, "the neutral's 40 armies are all down");
        }
        matches!(s.action, Action::Roll { .. })
            && s.before.territory(attack_target(s.before)).owner == Some(Seat(2))
    });
    assert!(checked_setup && seen > 0);
}

fn attack_target(game: &Game) -> TerritoryId {
    match game.pending().map(|p| p.decision) {
        Some(Decision::Roll { to, .. }) => to,
        _ => TerritoryId(0),
    }
}

#[test]
fn the_other_player_rolls_the_neutrals_defence() {
    let seen = scan(&Variant::classic(), 2, 3, |s| {
        let Some(Decision::Defend { territory, .. }) = s.after.pending().map(|p| p.decision) else {
            return false;
        };
        if s.after.owner(territory) != Some(Seat(2)) {
            return false;
        }
        let attacker = s.after.turn_seat().unwrap();
        assert_eq!(s.after.pending_seat(), Some(Seat(1 - attacker.0)));
        true
    });
    assert!(seen > 0);
}

#[test]
fn with_no_one_left_to_roll_for_it_the_neutral_defends_with_most_dice() {
    let seen = scan(&Variant::classic(), 2, 6, |s| {
        if !matches!(s.action, Action::Roll { .. }) {
            return false;
        }
        let Some(rolled) = s.events.iter().find_map(|e| match &e.kind {
            EventKind::DiceRolled {
                defender, defence, ..
            } if *defender == Seat(2) => Some(defence.len()),
            _ => None,
        }) else {
            return false;
        };
        let to = attack_target(s.before);
        assert_eq!(rolled, s.before.armies(to).min(2) as usize);
        true
    });
    assert!(seen > 0, "some game went on against the neutral alone");
}

// --- New armies (ruling 29) ---

#[test]
fn new_armies_are_territories_over_three_at_least_three_and_whole_continents() {
    let board = classic_board();
    let seen = scan(&Variant::classic(), 3, 2, |s| {
        s.events.iter().any(|e| {
            let EventKind::NewArmies {
                seat,
                territories,
                continents,
            } = e.kind
            else {
                return false;
            };
            let held = s
                .after
                .territories()
                .iter()
                .filter(|t| t.owner == Some(seat));
            assert_eq!(territories, (held.count() as u32 / 3).max(3));
            let bonus: u32 = board
                .groups
                .iter()
                .filter(|g| {
                    g.territories
                        .iter()
                        .all(|&t| s.after.owner(t) == Some(seat))
                })
                .map(|g| g.bonus)
                .sum();
            assert_eq!(continents, bonus);
            true
        })
    });
    assert!(seen > 20);
}

// --- Cards (rulings 30–35) ---

#[test]
fn the_deck_is_a_card_per_territory_and_two_wild_cards() {
    let game = Game::new(classic_board(), Variant::classic(), 3, 1).unwrap();
    assert_eq!(game.territory_card_pile(), 44);
    for symbol in CardSymbol::ALL {
        assert_eq!(cards_of(&game, Some(symbol)).len(), 14, "{symbol:?}");
    }
    assert_eq!(
        cards_of(&game, None),
        [TerritoryCard(42), TerritoryCard(43)]
    );
    // On a board without symbols, they come in turn by the territory's number.
    let castle = Game::new(castle_board(), Variant::classic(), 3, 1).unwrap();
    for i in 0..6u16 {
        assert_eq!(
            castle.card_symbol(TerritoryCard(i)),
            Some(CardSymbol::ALL[usize::from(i) % 3])
        );
    }
}

#[test]
fn sets_are_three_alike_one_of_each_or_two_and_a_wild() {
    let game = Game::new(classic_board(), Variant::classic(), 3, 1).unwrap();
    let inf = cards_of(&game, Some(CardSymbol::Infantry));
    let cav = cards_of(&game, Some(CardSymbol::Cavalry));
    let art = cards_of(&game, Some(CardSymbol::Artillery));
    let wild = cards_of(&game, None);
    assert_eq!(
        game.set_kind(&[inf[0], inf[1], inf[2]]),
        Some(SetKind::ThreeAlike(CardSymbol::Infantry))
    );
    assert_eq!(
        game.set_kind(&[inf[0], cav[0], art[0]]),
        Some(SetKind::Mixed)
    );
    assert_eq!(
        game.set_kind(&[inf[0], inf[1], wild[0]]),
        Some(SetKind::Mixed)
    );
    assert_eq!(
        game.set_kind(&[inf[0], cav[1], wild[0]]),
        Some(SetKind::Mixed)
    );
    assert_eq!(
        game.set_kind(&[art[0], wild[0], wild[1]]),
        Some(SetKind::Mixed)
    );
    assert_eq!(game.set_kind(&[inf[0], inf[1], cav[0]]), None);
}

#[test]
fn set_values_escalate_4_6_8_10_12_15_then_by_five() {
    let rules = ClassicRules::default();
    let values: Vec<u32> = (0..8).map(|n| rules.escalating_value(n)).collect();
    assert_eq!(values, [4, 6, 8, 10, 12, 15, 20, 25]);
    let mut traded = 0;
    let seen = scan(&Variant::classic(), 4, 4, |s| {
        s.events.iter().any(|e| match e.kind {
            EventKind::SetTraded { set, armies, .. } => {
                assert_eq!(armies, rules.escalating_value(set - 1));
                assert_eq!(s.after.sets_traded(), set);
                traded = traded.max(set);
                true
            }
            _ => false,
        })
    });
    assert!(
        seen > 5 && traded >= 4,
        "{seen} trades, up to the {traded}th"
    );
}

#[test]
fn the_fixed_table_gives_each_kind_of_set_its_value() {
    let mut variant = Variant::classic();
    variant.classic.fixed_trade = true;
    let game = Game::new(classic_board(), variant.clone(), 3, 1).unwrap();
    assert_eq!(game.set_value(SetKind::ThreeAlike(CardSymbol::Infantry)), 4);
    assert_eq!(game.set_value(SetKind::ThreeAlike(CardSymbol::Cavalry)), 6);
    assert_eq!(
        game.set_value(SetKind::ThreeAlike(CardSymbol::Artillery)),
        8
    );
    assert_eq!(game.set_value(SetKind::Mixed), 10);
    assert_eq!(game.next_set_value(), None);
    let seen = scan(&variant, 3, 2, |s| {
        s.events.iter().any(|e| match e.kind {
            EventKind::SetTraded { cards, armies, .. } => {
                let kind = s.before.set_kind(&cards).unwrap();
                assert_eq!(armies, s.before.set_value(kind));
                true
            }
            _ => false,
        })
    });
    assert!(seen > 0);
}

#[test]
fn a_traded_card_of_a_held_territory_puts_two_armies_on_it() {
    let seen = scan(&Variant::classic(), 3, 4, |s| {
        s.events.iter().any(|e| match e.kind {
            EventKind::SetTraded {
                seat,
                cards,
                bonus_territory: Some(territory),
                bonus,
                ..
            } => {
                assert_eq!(bonus, 2);
                assert_eq!(s.after.armies(territory), s.before.armies(territory) + 2);
                let first_held = cards
                    .iter()
                    .filter_map(|&c| s.before.card_territory(c))
                    .find(|&t| s.before.owner(t) == Some(seat));
                assert_eq!(first_held, Some(territory));
                true
            }
            EventKind::SetTraded {
                seat,
                cards,
                bonus_territory: None,
                ..
            } => {
                assert!(
                    cards
                        .iter()
                        .filter_map(|&c| s.before.card_territory(c))
                        .all(|t| s.before.owner(t) != Some(seat))
                );
                false
            }
            _ => false,
        })
    });
    assert!(seen > 0);
}

#[test]
fn a_card_is_earned_only_by_a_turn_that_took_a_territory() {
    let (mut took, mut drew) = (false, false);
    let (mut with_card, mut without) = (0, 0);
    scan(&Variant::classic(), 3, 3, |s| {
        for e in s.events {
            match e.kind {
                EventKind::TurnStarted { .. } => (took, drew) = (false, false),
                EventKind::TerritoryTaken { .. } => took = true,
                EventKind::TerritoryCardDrawn { card: Some(_), .. } => {
                    assert!(took && !drew, "a card without a capture, or two");
                    drew = true;
                }
                EventKind::TurnEnded { .. } if took => {
                    assert!(drew, "a turn that took a territory earned no card");
                    with_card += 1;
                }
                EventKind::TurnEnded { .. } => without += 1,
                _ => {}
            }
        }
        false
    });
    assert!(with_card > 10 && without > 10, "{with_card} / {without}");
}

#[test]
fn a_hand_of_five_must_trade_first() {
    let seen = scan(&Variant::classic(), 3, 6, |s| {
        let Some(Decision::TradeCards { .. }) = s.after.pending().map(|p| p.decision) else {
            return false;
        };
        let seat = s.after.pending_seat().unwrap();
        let cards = s.after.territory_cards(seat).len();
        // Five or more; or the second set of a hand of six or more (ruling 34).
        assert!(cards >= 5 || !s.after.tradeable_sets(seat).is_empty());
        let own = s
            .after
            .board()
            .territory_ids()
            .find(|&t| s.after.owner(t) == Some(seat))
            .unwrap();
        let place = Action::PlaceArmies {
            placements: vec![Placement::new(own, 1)],
        };
        assert_eq!(
            s.after.check(seat, &place),
            Err(RuleError::MustTrade { cards })
        );
        assert!(!s.after.legal_actions().allows(&place));
        cards >= 5
    });
    assert!(seen > 0);
}

#[test]
fn cards_that_are_not_a_set_or_not_held_are_refused() {
    let mut not_a_set = 0;
    let seen = scan(&Variant::classic(), 3, 3, |s| {
        let Some(seat) = s.after.pending_seat() else {
            return false;
        };
        let legal = s.after.legal_actions();
        let Some(set) = s.after.tradeable_sets(seat).first().copied() else {
            return false;
        };
        if !legal.allows(&Action::TradeCards { cards: set }) {
            return false;
        }
        let trade = |cards| s.after.check(seat, &Action::TradeCards { cards });
        assert_eq!(
            trade([set[0], set[0], set[1]]),
            Err(RuleError::CardTwice(set[0]))
        );
        let hand = s.after.territory_cards(seat).to_vec();
        let missing = (0..44)
            .map(TerritoryCard)
            .find(|c| !hand.contains(c))
            .unwrap();
        assert_eq!(
            trade([set[0], set[1], missing]),
            Err(RuleError::TerritoryCardNotHeld(missing))
        );
        for i in 0..hand.len() {
            for j in i + 1..hand.len() {
                for k in j + 1..hand.len() {
                    let three = [hand[i], hand[j], hand[k]];
                    if s.after.set_kind(&three).is_none() {
                        assert_eq!(trade(three), Err(RuleError::NotASet));
                        not_a_set += 1;
                    }
                }
            }
        }
        true
    });
    assert!(seen > 0 && not_a_set > 0);
}

#[test]
fn an_eliminated_seats_cards_go_to_its_victor_who_trades_down_above_six() {
    let mut taken = 0;
    let mut traded_down = 0;
    scan(&Variant::classic(), 5, 10, |s| {
        for e in s.events {
            if let EventKind::TerritoryCardsTaken {
                seat, from, count, ..
            } = e.kind
            {
                taken += 1;
                assert!(s.after.territory_cards(from).is_empty());
                assert!(s.after.is_eliminated(from));
                assert_eq!(
                    s.after.territory_cards(seat).len(),
                    s.before.territory_cards(seat).len() + count as usize - 3 * traded_in(s.events)
                );
            }
            if let EventKind::MustTradeDown { seat, cards } = e.kind {
                traded_down += 1;
                assert!(cards > 6);
                assert_eq!(
                    s.after.pending().map(|p| p.decision),
                    Some(Decision::TradeCards { armies: 0 })
                );
                assert_eq!(s.after.pending_seat(), Some(seat));
            }
        }
        // Trading down goes on until fewer than 5 are left; then attacks go on.
        if let Some(Decision::Play { .. }) = s.after.pending().map(|p| p.decision)
            && matches!(
                s.action,
                Action::TradeCards { .. } | Action::PlaceArmies { .. }
            )
            && s.before.pending().map(|p| p.decision) == Some(Decision::TradeCards { armies: 0 })
        {
            assert!(s.after.territory_cards(s.seat).len() < 5);
        }
        false
    });
    assert!(taken > 0, "no elimination took cards");
    assert!(traded_down > 0, "no victor had to trade down");
}

/// Ruling 35: trading down follows an elimination only, once per elimination. A
/// `trade_down_above` below `must_trade_at` − 1 once passed the checks and then, after
/// an ordinary capture, asked for a trade from a hand without a set and for 0 armies
/// to be placed, again and again: such values are now refused, and whatever the
/// value, an ordinary capture never leads to trading down.
#[test]
fn trading_down_follows_an_elimination_only() {
    let mut traded_down = 0;
    for above in 0..=6 {
        let mut variant = Variant::classic();
        variant.classic.trade_down_above = above;
        if let Err(error) = Game::new(classic_board(), variant.clone(), 3, 0) {
            assert!(above < 4, "{above} refused: {error}");
            assert!(error.to_string().contains("trade_down_above"), "{error}");
            continue;
        }
        // Eliminations by the turn's seat not yet followed by trading down.
        let mut eliminations = 0;
        traded_down += scan(&variant, 3 + above as usize % 3, 4, |s| {
            let mut trading_down = false;
            for e in s.events {
                match e.kind {
                    EventKind::TurnStarted { .. } => eliminations = 0,
                    // The victor is the turn's seat (the defender's answer may be the
                    // action that eliminated it).
                    EventKind::SeatEliminated { by, .. } => {
                        assert_eq!(Some(by), s.before.turn_seat());
                        eliminations += 1;
                    }
                    EventKind::MustTradeDown { seat, cards } => {
                        assert!(
                            eliminations > 0,
                            "{seat} trades down with {cards} cards after an ordinary capture \
                             (trade_down_above = {above})"
                        );
                        assert!(cards > above);
                        eliminations -= 1;
                        trading_down = true;
                    }
                    _ => {}
                }
            }
            // What trading down asks can always be done.
            if let Some(Decision::TradeCards { .. }) = s.after.pending().map(|p| p.decision) {
                let seat = s.after.pending_seat().unwrap();
                assert!(!s.after.tradeable_sets(seat).is_empty());
            }
            trading_down
        });
    }
    assert!(traded_down > 0, "no victor traded down");
}

fn traded_in(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::SetTraded { .. }))
        .count()
}

#[test]
fn traded_sets_are_shuffled_back_when_the_pile_runs_out() {
    let seen = scan(&Variant::classic(), 6, 6, |s| {
        s.events.iter().any(|e| match e.kind {
            EventKind::TerritoryCardsReshuffled { cards } => {
                assert!(s.before.territory_card_pile() == 0);
                assert_eq!(s.after.territory_card_pile(), cards as usize - 1);
                true
            }
            _ => false,
        })
    });
    assert!(seen > 0);
}

// --- Fortifying (ruling 40) ---

#[test]
fn fortifying_is_one_move_to_a_neighbour_leaving_one_behind() {
    let seen = scan(&Variant::classic(), 3, 2, |s| {
        let Action::Fortify { from, to, armies } = *s.action else {
            return false;
        };
        assert!(s.before.board().are_adjacent(from, to));
        assert!(armies < s.before.armies(from));
        assert_ne!(
            s.after.pending().map(|p| p.decision),
            Some(Decision::Fortify),
            "only one move"
        );
        // A move to a territory that is not a neighbour is refused.
        let far = s.before.board().territory_ids().find(|&t| {
            s.before.owner(t) == Some(s.seat)
                && !s.before.board().are_adjacent(from, t)
                && t != from
        });
        if let Some(far) = far {
            assert_eq!(
                s.before.check(
                    s.seat,
                    &Action::Fortify {
                        from,
                        to: far,
                        armies: 1
                    }
                ),
                Err(RuleError::NotAdjacent { from, to: far })
            );
        }
        true
    });
    assert!(seen > 0);
}

#[test]
fn with_the_path_option_armies_move_along_a_chain_of_own_territories() {
    let mut variant = Variant::classic();
    variant.classic.fortify_path = true;
    let seen = scan(&variant, 3, 3, |s| {
        let Action::Fortify { from, to, .. } = *s.action else {
            return false;
        };
        !s.before.board().are_adjacent(from, to)
    });
    assert!(seen > 0, "no move went beyond a neighbour");
}

// --- Victory and missions (rulings 36–39, 41) ---

#[test]
fn holding_every_territory_wins() {
    let seen = scan(&Variant::classic(), 3, 4, |s| {
        let Some(winner) = s.after.winner() else {
            return false;
        };
        assert!(
            s.after
                .territories()
                .iter()
                .all(|t| t.owner == Some(winner))
        );
        assert!(
            s.events
                .iter()
                .any(|e| e.kind == EventKind::GameWon { seat: winner })
        );
        true
    });
    assert!(seen >= 3, "{seen} of 4 games won");
}

#[test]
fn missions_are_dealt_secretly_one_to_each_player() {
    let mut variant = Variant::classic();
    variant.classic.missions = true;
    let game = Game::new(classic_board(), variant, 4, 8).unwrap();
    for seat in game.seat_ids() {
        let mission = game.mission(seat).expect("a mission each");
        assert_ne!(*mission, Mission::Eliminate { seat }, "never one's own");
        assert_eq!(game.view_for(seat).mission.as_ref(), Some(mission));
        // A screen shown to nobody in particular keeps the mission (and cards) hidden.
        let public = game.view_for(seat).without_secrets();
        assert_eq!(public.mission, None);
        assert!(public.territory_cards.is_empty());
        let other = Seat((seat.0 + 1) % 4);
        assert_ne!(game.view_for(other).mission.as_ref(), None);
        for e in game.opening_events() {
            if let EventKind::MissionDealt { seat: s, mission } = &e.kind
                && *s == seat
            {
                assert_eq!(e.visible_to(seat), mission.is_some());
            }
        }
    }
}

#[test]
fn a_player_completing_its_mission_in_its_turn_wins() {
    let mut variant = Variant::classic();
    variant.classic.missions = true;
    let seen = scan(&variant, 4, 6, |s| {
        let Some(winner) = s.after.winner() else {
            return false;
        };
        let completed = s.events.iter().find_map(|e| match &e.kind {
            EventKind::MissionCompleted { seat, mission } => Some((*seat, mission.clone())),
            _ => None,
        });
        let Some((seat, mission)) = completed else {
            return false;
        };
        assert_eq!(seat, winner);
        assert_eq!(s.before.turn_seat(), Some(winner), "in its own turn");
        assert_eq!(s.before.mission(winner), Some(&mission));
        match mission {
            Mission::Territories { count } => assert!(
                s.after
                    .territories()
                    .iter()
                    .filter(|t| t.owner == Some(winner))
                    .count()
                    >= count as usize
            ),
            Mission::Eliminate { seat } => assert!(s.after.is_eliminated(seat)),
            _ => {}
        }
        true
    });
    assert!(seen >= 3, "{seen} of 6 games won by a mission");
}

#[test]
fn a_mission_whose_target_falls_to_another_becomes_twenty_four_territories() {
    let mut variant = Variant::classic();
    variant.classic.missions = true;
    let seen = scan(&variant, 6, 12, |s| {
        s.events.iter().any(|e| match &e.kind {
            EventKind::MissionChanged {
                seat,
                mission: Some(mission),
            } => {
                assert_eq!(*mission, Mission::Territories { count: 24 });
                let Some(Mission::Eliminate { seat: target }) = s.before.mission(*seat) else {
                    panic!("only elimination missions change")
                };
                assert!(s.after.is_eliminated(*target));
                assert_ne!(s.after.turn_seat(), Some(*seat));
                true
            }
            _ => false,
        })
    });
    assert!(seen > 0);
}

#[test]
fn classic_games_start_from_a_described_position() {
    use castellan_engine::game::{Dice, Position, PositionProblem};
    // Every territory is someone's: South America whole to seat 1, the rest split.
    let mut text = String::from("seed = 4\n[territories]\n");
    for (i, territory) in classic_board().territories.iter().enumerate() {
        let owner = match territory.key.as_str() {
            "venezuela" | "peru" | "brazil" | "argentina" => 1,
            _ => i % 3,
        };
        text.push_str(&format!(
            "{} = {{ owner = {owner}, armies = 2 }}\n",
            territory.key
        ));
    }
    text.push_str(
        "[[seats]]\nterritory_cards = [\"alaska\", \"peru\", \"wild\", \"ural\", \"siam\"]\n\
         [[seats]]\nterritory_cards = [\"brazil\"]\n[[seats]]\n\
         [cards]\nsets_traded = 3\n[turn]\nseat = 0\nstep = \"start\"\nnumber = 7\n",
    );
    let position = Position::from_toml(&text).unwrap();
    let game =
        Game::from_position(classic_board(), Variant::classic(), &position, Dice::Random).unwrap();
    // Five cards at the start of the turn: a set must be traded first (ruling 34),
    // worth the fourth set's 10 armies.
    assert_eq!(game.territory_cards(Seat(0)).len(), 5);
    assert_eq!(game.territory_cards(Seat(1)).len(), 1);
    assert_eq!(game.sets_traded(), 3);
    assert_eq!(game.next_set_value(), Some(10));
    assert!(matches!(
        game.pending().unwrap().decision,
        Decision::TradeCards { .. }
    ));
    assert_eq!(game.turn_number(), 7);
    // The rest of the deck is the draw pile.
    let held: usize = game.seat_ids().map(|s| game.territory_cards(s).len()).sum();
    assert_eq!(held + game.territory_card_pile(), 44);
    // Between attacks, a classic game describes itself and comes back the same.
    let mut playing = game.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut policy = GreedyPolicy::new();
    while !matches!(playing.pending().unwrap().decision, Decision::Play { .. }) {
        let legal = playing.legal_actions();
        let action = policy.choose(&SeatSight::new(&playing, Seat(0)), &legal, &mut rng);
        playing.apply(Seat(0), action).unwrap();
    }
    let described = playing.to_position().expect("between attacks");
    assert_eq!(described.cards.sets_traded, 4);
    assert_eq!(described.seats[1].territory_cards, ["brazil"]);
    let again = Game::from_position(
        classic_board(),
        Variant::classic(),
        &described,
        Dice::Random,
    )
    .unwrap();
    assert_eq!(again.territories(), playing.territories());
    assert_eq!(
        again.territory_cards(Seat(0)),
        playing.territory_cards(Seat(0))
    );
    assert_eq!(again.to_position(), Some(described));
    // Castle Risk's parts, missions, twice-held cards and too many wild cards are
    // refused with the reason; territory cards are refused in Castle Risk.
    let bad = text
        .replace(
            "territory_cards = [\"brazil\"]",
            "territory_cards = [\"alaska\", \"wild\", \"wild\"]\ncastle = \"peru\"",
        )
        .replace("sets_traded = 3", "sets_traded = 3\ntrack = 2");
    let refused = Game::from_position(
        classic_board(),
        Variant::classic(),
        &Position::from_toml(&bad).unwrap(),
        Dice::Random,
    )
    .unwrap_err();
    for problem in [
        PositionProblem::NotInClassic("castles"),
        PositionProblem::NotInClassic("Reinforcement track"),
        PositionProblem::TerritoryCardTwice("alaska".into()),
        PositionProblem::TooManyWildCards { found: 3, deck: 2 },
    ] {
        assert!(
            refused.problems.contains(&problem),
            "{problem:?} in {refused}"
        );
    }
    let mut missions = Variant::classic();
    missions.classic.missions = true;
    let refused =
        Game::from_position(classic_board(), missions, &position, Dice::Random).unwrap_err();
    assert!(refused.problems.contains(&PositionProblem::ClassicMissions));
    let refused = Game::from_position(
        classic_board(),
        Variant::rulebook(),
        &position,
        Dice::Random,
    )
    .unwrap_err();
    assert!(
        refused
            .problems
            .contains(&PositionProblem::NotInCastleRisk {
                seat: Seat(0),
                what: "territory cards",
            })
    );
    let _ = t("alaska");
}

#[test]
fn as_an_option_the_neutral_holds_one_territory_with_all_its_armies() {
    // Ruling 27, option: "a neutral territory with 40 more armies", as the rules text
    // reads, rather than a neutral spread like a player's.
    let mut variant = Variant::classic();
    variant.classic.neutral_in_one_territory = true;
    let mut checked_setup = 0;
    let games = 4;
    scan(&variant, 2, games, |s| {
        assert!(!s.after.is_neutral(s.seat), "the neutral decided");
        if s.after.setup_done() && !s.before.setup_done() {
            checked_setup += 1;
            let held: Vec<_> = s
                .after
                .territories()
                .iter()
                .filter(|t| t.owner == Some(Seat(2)))
                .collect();
            assert_eq!(held.len(), 1, "one neutral territory");
            assert_eq!(held[0].armies, 40, "with all 40 of its armies");
            // The players hold every other territory, with their own 40 each.
            let players: u32 = s
                .after
                .territories()
                .iter()
                .filter(|t| t.owner != Some(Seat(2)))
                .map(|t| t.armies)
                .sum();
            assert_eq!(players, 80);
        }
        false
    });
    assert_eq!(checked_setup, games, "every game's setup was checked");
    // Saved and replayed, a game with the option is the same game.
    let mut game = Game::new(classic_board(), variant, 2, 9).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut greedy = GreedyPolicy::new();
    while !game.setup_done() {
        let seat = game.pending_seat().unwrap();
        let action = greedy.choose(
            &SeatSight::new(&game, seat),
            &game.legal_actions(),
            &mut rng,
        );
        game.apply(seat, action).unwrap();
    }
    // Its defence is still the other player's to roll: greedy seats rarely throw
    // armies at a wall of 40, so the first seat able to attack it does.
    let mut attacked = game.clone();
    let neutral_territory = attacked
        .territories()
        .iter()
        .position(|t| t.owner == Some(Seat(2)))
        .map(|i| TerritoryId(i as u16))
        .unwrap();
    for _ in 0..10_000 {
        let seat = attacked.pending_seat().unwrap();
        let legal = attacked.legal_actions();
        let route = legal.choices.iter().find_map(|c| match c {
            Choice::Attack { routes } => routes.iter().find(|r| r.to == neutral_territory),
            _ => None,
        });
        if let Some(route) = route {
            let (from, to) = (route.from, route.to);
            attacked.apply(seat, Action::Attack { from, to }).unwrap();
            let dice = match attacked.legal_actions().choices.first() {
                Some(&Choice::Roll { max_dice, .. }) => max_dice,
                other => panic!("a roll after the attack, not {other:?}"),
            };
            attacked
                .apply(
                    seat,
                    Action::Roll {
                        dice,
                        general: false,
                    },
                )
                .unwrap();
            let pending = attacked.pending().unwrap();
            assert_eq!(pending.seat, Seat(1 - seat.0), "the other player defends");
            assert!(matches!(
                pending.decision,
                Decision::Defend { territory, .. } if territory == neutral_territory
            ));
            break;
        }
        let action = greedy.choose(&SeatSight::new(&attacked, seat), &legal, &mut rng);
        attacked.apply(seat, action).unwrap();
        assert!(
            !attacked.is_over(),
            "no seat could reach the neutral territory"
        );
    }
    let saved = game
        .save(include_str!("../../data/boards/classic.toml"))
        .unwrap();
    let text = saved.to_json();
    assert!(text.contains("neutral_in_one_territory"), "{text}");
    let replayed = SavedGame::from_json(&text).unwrap().replay().unwrap();
    assert_eq!(replayed.territories(), game.territories());
}
