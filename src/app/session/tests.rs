//! The session's tests: setups, map clicks, quick defence, privacy.

use std::sync::Arc;

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Action, Choice, Decision, EventKind, Placement, Route, RuleError};
use castellan_engine::variant::Variant;

use super::*;
use crate::app::library::{default_board_path, load_board};
use crate::map::TargetKind;
use crate::map::scene::Castle;

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
                strength: castellan_engine::bot::Strength::Normal,
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
            placements: vec![Placement::new(first, armies)]
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
    let Some(Decision::Roll { min_dice, .. }) = session.game().pending().map(|p| p.decision) else {
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
        s.unread
            .iter()
            .any(|e| matches!(e.event.kind, EventKind::TerritoryTaken { .. }))
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

#[test]
fn between_people_no_secret_shows_until_its_person_takes_the_screen() {
    let mut session = session(&[false, false, true]);
    let mut chooser = crate::app::computer::Computers::new(3, 5);
    let (mut checked, mut defences) = (0, 0);
    for _ in 0..2_000 {
        let secrets = session.secrets_shown_to();
        let snapshot = session.snapshot();
        let secretless = snapshot.view.hand.is_empty()
            && snapshot.view.hidden_armies.is_empty()
            && snapshot.view.spied_hand.is_none();
        if session.pass_to().is_some() || session.computer_to_move().is_some() {
            assert_eq!(secrets, None);
            assert!(secretless, "a secret shows to nobody in particular");
            checked += 1;
        }
        if let Some(seat) = session.pass_to() {
            if let Some(Decision::Defend { .. }) = session.game().pending().map(|p| p.decision) {
                // The defender's news holds the attack on them, until they look.
                assert!(session.news_for(seat).1.iter().any(|e| matches!(
                    e.event.kind,
                    EventKind::AttackStarted { defender, .. } if defender == seat
                )));
                defences += 1;
            }
            session.show_to(seat);
            assert!(session.news_for(seat).1.is_empty());
            assert_eq!(session.secrets_shown_to(), Some(seat));
            assert_eq!(session.snapshot().view.hand, session.game().hand(seat));
        }
        let Some(seat) = session.game().pending_seat() else {
            break;
        };
        let action = chooser.choose(session.game()).unwrap();
        session.apply(seat, action).unwrap();
    }
    assert!(checked > 10 && defences > 0, "{checked} {defences}");
    // One person among computers keeps their hand in view all along.
    let alone = self::session(&[true, false, true]);
    assert_eq!(alone.secrets_shown_to(), Some(Seat(1)));
}

#[test]
fn an_offer_of_cards_waits_for_a_person_and_a_computer_answers_it() {
    let mut session = session(&[false, false, false]);
    click_through_setup(&mut session);
    let seat = session.human_to_move().unwrap();
    let card = session.game().hand(seat).cards().next().unwrap();
    let target = Seat((seat.0 + 1) % 3);
    let offer = Action::OfferCards {
        target,
        give: [card].into_iter().collect(),
        ask: castellan_engine::game::Hand::new(),
    };
    session.apply(seat, offer).unwrap();
    // A person: asked in the side panel once the screen is theirs (before, the
    // panel offers nothing: what it allows would tell their cards), with both
    // answers possible.
    assert_eq!(session.human_to_move(), Some(target));
    assert_eq!(session.pass_to(), Some(target));
    assert!(session.snapshot().legal.is_empty());
    assert!(session.snapshot().view.hand.is_empty());
    session.show_to(target);
    assert!(!session.snapshot().view.hand.is_empty());
    let legal = session.snapshot().legal;
    assert!(legal.allows(&Action::AnswerOffer { accept: true }));
    assert!(legal.allows(&Action::AnswerOffer { accept: false }));
    // A computer: its policy answers (a gift is accepted).
    let answer = crate::app::computer::Computers::new(3, 1)
        .choose(session.game())
        .unwrap();
    assert_eq!(answer, Action::AnswerOffer { accept: true });
    session.apply(target, answer).unwrap();
    assert_eq!(session.human_to_move(), Some(seat), "the turn goes on");
    assert!(
        session
            .take_events()
            .iter()
            .any(|e| matches!(e.event.kind, EventKind::OfferAccepted { .. }))
    );
}

#[test]
fn placing_by_fives_and_all_and_taking_back_follow_the_offer() {
    let mut session = session(&[false, false]);
    while session.draft_progress().is_none() {
        let seat = session.human_to_move().unwrap();
        let (first, _) = session.targets()[0];
        let Click::Act(action) = session.click(first) else {
            panic!("castles and claims are one click");
        };
        session.apply(seat, action).unwrap();
    }
    // Setup placements are five at a time (ruling 2).
    let (_, armies) = session.draft_progress().unwrap();
    assert!(armies > 1, "{armies} armies to place");
    let targets: Vec<_> = session.targets().into_iter().map(|(t, _)| t).collect();
    let (a, b) = (targets[0], targets[1]);
    assert_eq!(session.place(a, PlaceCount::One), Click::Changed);
    // Five, or what is left when fewer.
    assert_eq!(session.place(b, PlaceCount::Five), Click::Changed);
    assert_eq!(session.drafted_on(b), (armies - 1).min(5));
    assert_eq!(session.draft_progress(), Some((armies, armies)));
    assert_eq!(session.place(a, PlaceCount::One), Click::Ignored);
    let Some(Action::PlaceArmies { placements }) = session.confirm_placement() else {
        panic!("a whole placement");
    };
    assert_eq!(placements.iter().map(|p| p.armies).sum::<u32>(), armies);
    // Right-click takes back one from that territory only.
    assert!(session.take_back(a));
    assert_eq!(session.drafted_on(a), 0);
    assert!(!session.take_back(a), "nothing left on a");
    // Undo takes back the whole last step.
    assert!(session.undo_placement());
    assert_eq!(session.draft_progress(), Some((0, armies)));
    // All here: every army left.
    assert_eq!(session.place(a, PlaceCount::All), Click::Changed);
    assert_eq!(session.drafted_on(a), armies);
    assert!(session.undo_placement());
    // A territory the engine does not offer takes nothing.
    let elsewhere = session
        .game()
        .board()
        .territory_ids()
        .find(|t| !targets.contains(t))
        .unwrap();
    assert_eq!(session.place(elsewhere, PlaceCount::All), Click::Ignored);
    assert_eq!(session.draft_progress(), Some((0, armies)));
}

/// The number of the attack in progress.
fn attack_number(session: &Session) -> Option<u32> {
    session.game().attack_in_progress().map(|a| a.number)
}

/// Rolls the attack in progress on with the fewest dice until it ends, checking that
/// after each roll the game answers `defender` with the most dice the engine offers
/// and no Marshall; returns how many defences it made.
fn roll_on_under_the_order(session: &mut Session, attack: u32, defender: Seat) -> usize {
    let mut made = 0;
    while attack_number(session) == Some(attack) {
        let pending = session.game().pending().unwrap();
        let Decision::Roll { min_dice, .. } = pending.decision else {
            panic!("{:?} under a standing defence", pending.decision);
        };
        let roll = Action::Roll {
            dice: min_dice,
            general: false,
        };
        // The roll alone, so that the defence it calls for can be looked at.
        session.game.apply(pending.seat, roll).unwrap();
        let (max_dice, _) = session.defence_offered().unwrap();
        let defence = Action::Defend {
            dice: max_dice,
            marshall: false,
        };
        assert_eq!(
            session.defence_left_to_the_game(),
            Some((defender, defence.clone()))
        );
        session.apply(defender, defence).unwrap();
        made += 1;
    }
    made
}

#[test]
fn a_standing_defence_rolls_the_most_dice_for_the_rest_of_the_attack() {
    // Without the quick-defence preference every defence would wait for the defender;
    // the standing order answers them all, with the engine's most dice.
    let (mut with_marshall, mut long_attacks) = (0, 0);
    for seed in 1..=30 {
        let (mut session, pending) = one_roll_between_people(false, seed);
        let Some(Decision::Defend { .. }) = pending else {
            panic!("seed {seed}: without the preference the defender is asked");
        };
        let defender = session.game().pending_seat().unwrap();
        let attack = attack_number(&session).unwrap();
        let offered = session.defence_offered().unwrap();
        // A refusal changes nothing: the attacker cannot order the defence, and a
        // Marshall not held cannot be committed.
        let before = session.game().history().len();
        let attacker = session.game().attack_in_progress().unwrap().attacker;
        assert!(session.defend_for_the_attack(attacker, false).is_err());
        if !offered.1 {
            assert!(session.defend_for_the_attack(defender, true).is_err());
        }
        assert_eq!(session.game().history().len(), before, "seed {seed}");
        assert!(session.standing_order_for(defender).is_none());

        let marshall = offered.1;
        session.defend_for_the_attack(defender, marshall).unwrap();
        let (_, first) = session.game().history()[before].clone();
        assert_eq!(
            first,
            Action::Defend {
                dice: offered.0,
                marshall
            },
            "seed {seed}"
        );
        if marshall {
            with_marshall += 1;
            if let Some(attack) = session.game().attack_in_progress() {
                assert!(
                    attack.marshall,
                    "seed {seed}: the Marshall stands committed"
                );
            }
        }
        if attack_number(&session) != Some(attack) {
            continue;
        }
        assert!(session.standing_order_for(defender).is_some());
        if roll_on_under_the_order(&mut session, attack, defender) > 0 {
            long_attacks += 1;
        }
        // The order ends with its attack: the next attack asks again.
        assert!(
            session.standing_order_for(defender).is_none(),
            "seed {seed}"
        );
    }
    assert!(long_attacks > 0, "some attack went on under the order");
    assert!(
        (1..30).contains(&with_marshall),
        "orders with and without a Marshall: {with_marshall}"
    );
}

#[test]
fn a_person_hands_their_claims_to_the_computer_and_keeps_the_rest() {
    let mut session = session(&[false, false]);
    let mut chooser = crate::app::computer::Computers::for_table(
        session.seats(),
        3,
        &castellan_engine::bot::Cancel::new(),
    );
    // Castles first: no claim to hand over yet.
    let first = session.human_to_move().unwrap();
    assert_eq!(session.may_hand_over_claims(), None);
    assert!(!session.hand_over_claims(first));
    while !matches!(
        session.game().pending().map(|p| p.decision),
        Some(Decision::Claim)
    ) {
        let seat = session.human_to_move().unwrap();
        let (target, _) = session.targets()[0];
        let Click::Act(action) = session.click(target) else {
            panic!("a castle is placed with one click")
        };
        session.apply(seat, action).unwrap();
    }
    let claimer = session.human_to_move().unwrap();
    let other = Seat(1 - claimer.0);
    // Only the person to claim may hand their claims over.
    assert!(!session.hand_over_claims(other));
    assert!(session.hand_over_claims(claimer));
    let mut claims_by_the_computer = 0;
    while matches!(
        session.game().pending().map(|p| p.decision),
        Some(Decision::Claim)
    ) {
        if let Some(seat) = session.computer_to_move() {
            assert_eq!(seat, claimer, "only the handed-over seat is played");
            let action = chooser.choose(session.game()).unwrap();
            assert!(matches!(action, Action::Claim { .. }));
            session.apply(seat, action).unwrap();
            claims_by_the_computer += 1;
        } else {
            // The other person still claims for themselves.
            let seat = session.human_to_move().unwrap();
            assert_eq!(seat, other);
            let (target, _) = session.targets()[0];
            let Click::Act(action) = session.click(target) else {
                panic!("a claim is one click")
            };
            session.apply(seat, action).unwrap();
        }
    }
    assert!(claims_by_the_computer > 5);
    // Past the claims, every decision of that seat is the person's again.
    assert_eq!(session.computer_to_move(), None);
    while !session.game().setup_done() && session.human_to_move() != Some(claimer) {
        let seat = session.human_to_move().unwrap();
        if let Some(action) = session.confirm_placement() {
            session.apply(seat, action).unwrap();
            continue;
        }
        let (target, _) = session.targets()[0];
        if let Click::Act(action) = session.click(target) {
            session.apply(seat, action).unwrap();
        }
    }
    assert_eq!(session.computer_to_move(), None);
}

/// The routes of the first choice `pick` finds among the legal actions.
fn routes_of(session: &Session, pick: fn(&Choice) -> Option<&Vec<Route>>) -> Vec<Route> {
    let legal = session.game().legal_actions();
    legal
        .choices
        .iter()
        .find_map(pick)
        .cloned()
        .unwrap_or_default()
}

fn admiral_routes(c: &Choice) -> Option<&Vec<Route>> {
    match c {
        Choice::AdmiralAttack { routes } => Some(routes),
        _ => None,
    }
}

fn attack_routes(c: &Choice) -> Option<&Vec<Route>> {
    match c {
        Choice::Attack { routes } => Some(routes),
        _ => None,
    }
}

/// Lit territories, sorted, each with its kind.
fn lit(session: &Session) -> Vec<(TerritoryId, TargetKind)> {
    let mut lit = session.targets();
    lit.sort_by_key(|&(t, kind)| (t, kind == TargetKind::AcrossSea));
    lit
}

#[test]
fn the_admirals_routes_light_up_only_once_the_admiral_is_chosen() {
    let mut session = session(&[false, false]);
    play_until(&mut session, |s| {
        s.game().setup_done()
            && !routes_of(s, admiral_routes).is_empty()
            && !routes_of(s, attack_routes).is_empty()
    });
    let (by_sea, by_land) = (
        routes_of(&session, admiral_routes),
        routes_of(&session, attack_routes),
    );
    let sources = |routes: &[Route]| {
        let mut from: Vec<_> = routes.iter().map(|r| r.from).collect();
        from.sort();
        from.dedup();
        from.into_iter()
            .map(|t| (t, TargetKind::Adjacent))
            .collect::<Vec<_>>()
    };
    let targets_from = |routes: &[Route], from, kind| {
        let mut to: Vec<_> = routes
            .iter()
            .filter(|r| r.from == from)
            .map(|r| (r.to, kind))
            .collect();
        to.sort_by_key(|&(t, _)| t);
        to
    };

    // Without the Admiral: the ordinary attacks' sources, then their targets only.
    assert!(!session.admiral_chosen());
    assert_eq!(lit(&session), sources(&by_land));
    let from = by_land[0].from;
    assert_eq!(session.click(from), Click::Changed);
    assert_eq!(
        lit(&session),
        targets_from(&by_land, from, TargetKind::Adjacent)
    );

    // With it: the sea routes' sources, then their targets across the sea, and a
    // click attacks by sea with every army that may sail (half from a castle).
    assert!(session.toggle_admiral());
    assert!(session.admiral_chosen());
    assert_eq!(
        session.source(),
        None,
        "choosing the Admiral forgets the source"
    );
    assert_eq!(lit(&session), sources(&by_sea));
    let route = by_sea[0];
    assert_eq!(session.click(route.from), Click::Changed);
    assert_eq!(
        lit(&session),
        targets_from(&by_sea, route.from, TargetKind::AcrossSea)
    );
    let sailing = if session.game().castle_at(route.from).is_some() {
        route.max_armies.div_ceil(2)
    } else {
        route.max_armies
    };
    assert_eq!(
        session.click(route.to),
        Click::Act(Action::AdmiralAttack {
            from: route.from,
            to: route.to,
            armies: sailing,
        })
    );

    // Escape forgets the source, then the Admiral; choosing it again puts it back.
    assert!(session.cancel());
    assert!(session.admiral_chosen());
    assert!(session.cancel());
    assert!(!session.admiral_chosen());
    assert!(!session.cancel());
    assert_eq!(lit(&session), sources(&by_land));
    assert!(session.toggle_admiral());
    assert!(session.toggle_admiral());
    assert!(!session.admiral_chosen());
    assert_eq!(lit(&session), sources(&by_land));
}

#[test]
fn the_admiral_sails_at_most_the_armies_let_aboard() {
    let mut session = session(&[false, false]);
    play_until(&mut session, |s| {
        s.game().setup_done()
            && routes_of(s, admiral_routes)
                .iter()
                .any(|r| r.max_armies > 1)
    });
    let route = *routes_of(&session, admiral_routes)
        .iter()
        .find(|r| r.max_armies > 1)
        .unwrap();
    assert_eq!(
        session.admiral_aboard(),
        None,
        "only with the Admiral chosen"
    );
    assert!(session.toggle_admiral());
    let aboard = session.admiral_aboard().unwrap();
    assert!(aboard.most >= route.max_armies);
    assert_eq!(aboard.from, None, "no coast chosen yet");
    // The coast chosen: what may sail from it, and what stays there.
    assert_eq!(session.click(route.from), Click::Changed);
    let aboard = session.admiral_aboard().unwrap();
    let from = aboard.from.expect("the coast chosen");
    assert_eq!(from.coast, route.from);
    assert_eq!(aboard.most, route.max_armies);
    let castle = session.game().castle_at(route.from).is_some();
    assert_eq!(from.castle, castle);
    // Everything that may go, but only half from a castle's coast.
    let default = if castle {
        route.max_armies.div_ceil(2)
    } else {
        route.max_armies
    };
    assert_eq!(aboard.armies, default);
    assert_eq!(from.stay, session.game().armies(route.from) - default);
    session.set_admiral_aboard(1);
    let aboard = session.admiral_aboard().unwrap();
    assert_eq!(aboard.armies, 1);
    assert_eq!(
        aboard.from.unwrap().stay,
        session.game().armies(route.from) - 1
    );
    let Click::Act(action) = session.click(route.to) else {
        panic!("a target across the sea attacks")
    };
    assert_eq!(
        action,
        Action::AdmiralAttack {
            from: route.from,
            to: route.to,
            armies: 1
        }
    );
    assert!(session.game().legal_actions().allows(&action));
}

#[test]
fn undo_takes_back_a_move_in_and_a_confirmed_placement_but_never_a_roll() {
    let mut session = session(&[false, false, false]);
    // The first move-in with a choice of armies, played by the policy for everyone.
    play_until(&mut session, |s| {
        assert!(!s.game().is_over(), "a move-in with a choice came");
        matches!(
            s.game().pending().map(|p| p.decision),
            Some(Decision::MoveIn { .. })
        )
    });
    assert!(!session.may_undo(), "the capture came of a roll");
    assert_eq!(session.undo(), None);
    let before = session.game().clone();
    let Some(Decision::MoveIn { max, .. }) = session.game().pending().map(|p| p.decision) else {
        unreachable!()
    };
    let seat = session.human_to_move().unwrap();
    session.apply(seat, Action::MoveIn { armies: max }).unwrap();
    assert!(session.may_undo());
    let undone = session.undo().expect("the move-in is taken back");
    let Undone::Decision { action, events } = undone else {
        panic!("{undone:?}")
    };
    assert_eq!(action, Action::MoveIn { armies: max });
    assert!(
        events
            .iter()
            .any(|e| matches!(e.event.kind, EventKind::ArmiesMoved { .. })),
        "the log learns which lines to drop: {events:?}"
    );
    assert!(
        session.game() == &before,
        "the game is as before the move-in"
    );
    assert!(
        !session.may_undo(),
        "not past the roll that took the territory"
    );
    assert!(session.unsaved());

    // A confirmed placement that leaves the person deciding (Reinforcements played
    // in their turn) comes back as the half-made placement, whose steps Undo then
    // takes back one by one. Spoils placed at the end of a turn pass the turn on and
    // cannot be taken back.
    let mut seen = false;
    for _ in 0..200 {
        play_until(&mut session, |s| {
            s.game().setup_done()
                && matches!(
                    s.game().pending().map(|p| p.decision),
                    Some(Decision::PlaceArmies { .. })
                )
        });
        let seat = session.human_to_move().unwrap();
        let targets: Vec<_> = session.targets().into_iter().map(|(t, _)| t).collect();
        session.place(targets[0], PlaceCount::All);
        let placement = session.confirm_placement().unwrap();
        session.apply(seat, placement.clone()).unwrap();
        if session.game().pending_seat() != Some(seat) {
            assert!(!session.may_undo(), "the turn passed on");
            continue;
        }
        assert!(matches!(
            session.undo(),
            Some(Undone::Decision { action, .. }) if action == placement
        ));
        assert_eq!(session.confirm_placement(), Some(placement));
        assert_eq!(session.undo(), Some(Undone::PlacementStep));
        assert_eq!(session.draft_progress().map(|(placed, _)| placed), Some(0));
        seen = true;
        break;
    }
    assert!(seen, "a placement within a turn was taken back");
}

#[test]
fn a_fortify_waits_for_its_count_and_undo_forgets_it() {
    let mut variant = Variant::rulebook();
    variant.classic_fortify = true;
    let mut session = Session::new(board(), variant, &setup(&[false, false]), 0).unwrap();
    // A fortify route with armies enough to choose a count.
    let roomy_route = |s: &Session| {
        s.game()
            .legal_actions()
            .choices
            .iter()
            .find_map(|c| match c {
                Choice::Fortify { routes } => routes.iter().find(|r| r.max_armies >= 3).copied(),
                _ => None,
            })
    };
    play_until(&mut session, |s| {
        assert!(!s.game().is_over(), "a fortify came");
        roomy_route(s).is_some()
    });
    let route = roomy_route(&session).unwrap();
    assert_eq!(session.click(route.from), Click::Changed);
    assert_eq!(
        session.click(route.to),
        Click::Changed,
        "nothing is sent yet"
    );
    let draft = session.fortify_draft().expect("the fortify waits");
    assert_eq!(
        (draft.armies, draft.max),
        (route.max_armies, route.max_armies)
    );
    session.set_fortify_armies(2);
    session.set_fortify_armies(0);
    assert_eq!(
        session.fortify_draft().unwrap().armies,
        1,
        "at least one moves"
    );
    session.set_fortify_armies(2);
    assert!(session.may_undo());
    assert_eq!(session.undo(), Some(Undone::FortifyDraft));
    assert_eq!(session.fortify_draft(), None);
    assert_eq!(
        session.source(),
        Some(route.from),
        "a step back: the source stays"
    );
    // The neighbour chosen again, the fortify is confirmed with the count asked.
    session.click(route.to);
    session.set_fortify_armies(2);
    let action = session.confirm_fortify().unwrap();
    assert_eq!(
        action,
        Action::Fortify {
            from: route.from,
            to: route.to,
            armies: 2
        }
    );
    assert!(session.game().legal_actions().allows(&action));
    let seat = session.human_to_move().unwrap();
    session.apply(seat, action).unwrap();
    assert_eq!(session.fortify_draft(), None);
}

/// A session of Anna (a person), Ben and Cleo at a described position on the Castle
/// Risk board: Anna's turn, between attacks. Anna's castle is in London, Ben's in
/// Moscow, Cleo's in Vienna; `anna` and `cleo` list more of their territories.
fn described(anna: &[&str], cleo: &[&str], truce_with_cleo: bool) -> Session {
    let mut territories = String::new();
    for (owner, keys) in [(0, anna), (1, &["moscow"][..]), (2, cleo)] {
        for key in keys {
            territories.push_str(&format!("{key} = {{ owner = {owner}, armies = 4 }}\n"));
        }
    }
    let truces = if truce_with_cleo {
        "truces = [{ seat = 2, target = 0 }]\n"
    } else {
        ""
    };
    let source = format!(
        "seed = 3\n{truces}[territories]\n{territories}\n\
         [[seats]]\ncastle = \"london\"\n[[seats]]\ncastle = \"moscow\"\n\
         [[seats]]\ncastle = \"vienna\"\n[turn]\nseat = 0\nstep = \"play\"\n"
    );
    let position = castellan_engine::game::Position::from_toml(&source).unwrap();
    let loaded = board();
    let game = castellan_engine::game::Game::from_position(
        Arc::clone(&loaded.board),
        Variant::rulebook(),
        &position,
        castellan_engine::game::Dice::Random,
    )
    .unwrap();
    let seats = setup(&[false, true, true]).seats;
    Session::resume(game, loaded.source, seats, true, None, Vec::new()).unwrap()
}

#[test]
fn a_click_that_does_nothing_has_the_engines_reason() {
    let t = |key: &str| board().board.territory_by_key(key).unwrap();
    // London is surrounded by Anna's own territories: nothing to attack from there.
    let mut session = described(
        &["london", "wales", "yorkshire", "paris"],
        &["vienna"],
        false,
    );
    assert_eq!(session.click(t("london")), Click::Ignored);
    assert_eq!(
        session.why_not(t("london")),
        Refusal::NoEnemyNext(t("london"))
    );
    // Someone else's territory.
    assert_eq!(session.click(t("moscow")), Click::Ignored);
    assert_eq!(
        session.why_not(t("moscow")),
        Refusal::Rule(RuleError::NotYours(t("moscow")))
    );
    // Its only enemy is in truce with Anna.
    let mut session = described(
        &["london", "wales", "yorkshire"],
        &["vienna", "paris"],
        true,
    );
    assert_eq!(session.click(t("london")), Click::Ignored);
    assert_eq!(
        session.why_not(t("london")),
        Refusal::TrucesOnly {
            from: t("london"),
            seats: vec![Seat(2)]
        }
    );
    // The dice are rolled in the side panel, not on the map.
    let mut session = described(&["london", "wales"], &["vienna", "paris"], false);
    let attack = Action::Attack {
        from: t("london"),
        to: t("paris"),
    };
    session.apply(Seat(0), attack).unwrap();
    assert_eq!(session.click(t("wales")), Click::Ignored);
    assert_eq!(session.why_not(t("wales")), Refusal::InThePanels);
}

#[test]
fn hidden_armies_under_ones_own_castle_are_refused_with_the_reason() {
    let mut session = session(&[false, false]);
    while !matches!(
        session.game().pending().map(|p| p.decision),
        Some(Decision::HideArmies)
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
    let seat = session.human_to_move().unwrap();
    let castle = session.game().castle(seat).unwrap();
    assert!(
        session.targets().iter().all(|(t, _)| *t != castle),
        "a castle is not lit"
    );
    assert_eq!(session.click(castle), Click::Ignored);
    assert_eq!(
        session.why_not(castle),
        Refusal::Rule(RuleError::HiddenUnderCastle(castle))
    );
    // Any territory without a castle is lit, another's included (ruling 4).
    let others = session
        .targets()
        .iter()
        .filter(|(t, _)| session.game().owner(*t) != Some(seat))
        .count();
    assert!(others > 0, "another's territory is lit too");
}

/// Anna's castle in London with `london` armies, Wales hers with 3, Cleo's Paris
/// with `paris` armies next to it; Anna holds a Reinforcement card and plays it, so
/// that she has 3 armies to place.
pub(crate) fn placing_beside(london: u32, paris: u32) -> Session {
    let source = format!(
        "seed = 3\n[territories]\nlondon = {{ owner = 0, armies = {london} }}\n\
         wales = {{ owner = 0, armies = 3 }}\nmoscow = {{ owner = 1, armies = 4 }}\n\
         vienna = {{ owner = 2, armies = 4 }}\nparis = {{ owner = 2, armies = {paris} }}\n\
         [[seats]]\ncastle = \"london\"\nhand = [\"reinforcements\"]\n[[seats]]\n\
         castle = \"moscow\"\n[[seats]]\ncastle = \"vienna\"\n[turn]\nseat = 0\nstep = \"play\"\n"
    );
    let position = castellan_engine::game::Position::from_toml(&source).unwrap();
    let loaded = board();
    let game = castellan_engine::game::Game::from_position(
        Arc::clone(&loaded.board),
        Variant::rulebook(),
        &position,
        castellan_engine::game::Dice::Random,
    )
    .unwrap();
    let seats = setup(&[false, true, true]).seats;
    let mut session = Session::resume(game, loaded.source, seats, true, None, Vec::new()).unwrap();
    session
        .apply(Seat(0), Action::PlayReinforcements { cards: 1 })
        .unwrap();
    session
}

#[test]
fn a_placement_leaving_the_castle_at_dangerous_odds_is_said_with_its_chance() {
    let t = |key: &str| board().board.territory_by_key(key).unwrap();
    // Every army on Wales: London keeps 1 against Cleo's 9 in Paris.
    let mut session = placing_beside(1, 10);
    assert_eq!(
        session.castle_danger_after_placement(),
        None,
        "nothing placed yet"
    );
    session.place(t("wales"), PlaceCount::All);
    let danger = session
        .castle_danger_after_placement()
        .expect("London is in danger");
    assert_eq!(
        (
            danger.castle,
            danger.defenders,
            danger.enemy,
            danger.from,
            danger.attackers
        ),
        (t("london"), 1, Seat(2), t("paris"), 9)
    );
    let expected = castellan_engine::odds::odds(
        9,
        1,
        castellan_engine::odds::OddsOptions {
            castle: true,
            castle_dice_limit: Some(2),
            ..Default::default()
        },
    )
    .unwrap()
    .attacker_win_probability();
    assert!((danger.holds - (1.0 - expected)).abs() < 1e-12);
    assert!(danger.holds < 0.5);
    // The armies on London instead: 4 against 1 (Paris keeps 1 back of its 2).
    let mut session = placing_beside(1, 2);
    session.place(t("london"), PlaceCount::All);
    assert_eq!(session.castle_danger_after_placement(), None);
}

/// A classic game on the Classic World Map: a person (seat 0) and two computers.
fn classic_session() -> Session {
    let board =
        load_board(&crate::app::library::shipped_folder("boards").join("classic.toml")).unwrap();
    Session::new(board, Variant::classic(), &setup(&[false, true, true]), 0).unwrap()
}

/// Plays the computer seats of `session` (and nothing else) until a person is to move
/// or the setup is done.
fn computers_play(session: &mut Session, computers: &mut crate::app::computer::Computers) {
    while let Some(seat) = session.computer_to_move() {
        if session.game().setup_done() {
            return;
        }
        let action = computers.choose(session.game()).unwrap();
        session.apply(seat, action).unwrap();
    }
}

#[test]
fn classic_setup_places_an_army_a_click_and_more_ahead_or_for_me() {
    let mut session = classic_session();
    let mut computers = crate::app::computer::Computers::new(3, 4);
    // Claims handed over: "Claim for Me".
    computers_play(&mut session, &mut computers);
    assert_eq!(session.may_hand_over(), Some((Seat(0), HandOver::Claims)));
    assert!(session.hand_over(Seat(0), HandOver::Claims));
    while !matches!(
        session.game().pending().map(|p| (p.seat, p.decision)),
        Some((Seat(0), Decision::PlaceArmies { .. }))
    ) {
        let seat = session.game().pending_seat().unwrap();
        let action = computers.choose(session.game()).unwrap();
        session.apply(seat, action).unwrap();
    }
    assert_eq!(
        session.may_hand_over(),
        Some((Seat(0), HandOver::Placements))
    );
    let mine = session
        .targets()
        .first()
        .map(|&(t, _)| t)
        .expect("a territory of the person's");
    // One click, one army, nothing to confirm.
    let before = session.game().armies(mine);
    let Click::Act(action) = session.click(mine) else {
        panic!("a click places the army at once");
    };
    session.apply(Seat(0), action).unwrap();
    assert_eq!(session.game().armies(mine), before + 1);
    // Shift-click: this one and 4 more on the same territory as the turns come, with
    // no more input from the person.
    computers_play(&mut session, &mut computers);
    let Click::Act(action) = session.place(mine, PlaceCount::Five) else {
        panic!("a Shift-click places at once");
    };
    session.apply(Seat(0), action).unwrap();
    // The computers play their turns; the person's four come between theirs.
    computers_play(&mut session, &mut computers);
    assert_eq!(session.game().armies(mine), before + 6);
    // "Place for Me": the computer places the rest.
    assert!(session.hand_over(Seat(0), HandOver::Placements));
    assert_eq!(session.human_to_move(), None);
    assert_eq!(session.computer_to_move(), Some(Seat(0)));
    computers_play(&mut session, &mut computers);
    assert!(
        session.game().setup_done(),
        "every army placed without the person"
    );
}

#[test]
fn a_persons_news_begin_in_the_turn_under_way_when_they_gave_up_the_screen() {
    // Anna and Ben share the screen; Anna plays, then hands over to Ben, whose turn
    // it then is: what Ben does is Anna's news, from the start of his turn.
    let source = "seed = 3\n[territories]\nlondon = { owner = 0, armies = 9 }\n\
                  wales = { owner = 1, armies = 2 }\nparis = { owner = 1, armies = 9 }\n\
                  [[seats]]\ncastle = \"london\"\n[[seats]]\ncastle = \"paris\"\n\
                  [turn]\nseat = 0\nstep = \"play\"\n";
    let position = castellan_engine::game::Position::from_toml(source).unwrap();
    let loaded = board();
    let game = castellan_engine::game::Game::from_position(
        Arc::clone(&loaded.board),
        Variant::rulebook(),
        &position,
        castellan_engine::game::Dice::Random,
    )
    .unwrap();
    let seats = setup(&[false, false]).seats;
    let mut session = Session::resume(game, loaded.source, seats, true, None, Vec::new()).unwrap();
    session.show_to(Seat(0));
    session.apply(Seat(0), Action::EndTurn).unwrap();
    // Ben's turn has begun; the screen goes to him at his first private decision.
    while session.pass_to() != Some(Seat(1)) {
        let seat = session.human_to_move().unwrap();
        let action = crate::app::computer::Computers::new(2, 1)
            .choose(session.game())
            .unwrap();
        session.apply(seat, action).unwrap();
    }
    session.show_to(Seat(1));
    let t = |key: &str| session.board().territory_by_key(key).unwrap();
    let (wales, london) = (t("wales"), t("london"));
    session
        .apply(
            Seat(1),
            Action::Attack {
                from: wales,
                to: london,
            },
        )
        .unwrap();
    let (turn, news) = session.news_for(Seat(0));
    assert_eq!(turn, Some(Seat(1)), "the news begin in Ben's turn");
    let names = crate::app::log::LogNames {
        board: Arc::clone(session.board()),
        seats: session.names(),
    };
    let lines = crate::app::privacy::news(&names, Seat(0), turn, news);
    assert!(
        lines.iter().any(|l| l.starts_with("P1: 1 attack")),
        "{lines:?}"
    );
}
