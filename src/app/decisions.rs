//! What the side panels offer, read from a [`TableSnapshot`]: which card may be played
//! and how, the reinforcement track, and the stage of the battle with its exact odds.
//! Plain data, tested without a display; `sidebar` and `battle_panel` only show it.
//!
//! Nothing here decides a rule: every offer comes from `legal`, every number from the
//! view (or, for odds, from `castellan_engine::odds`).

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Card, Choice, Decision, LegalActions, Route, Seat, SeatView};
use castellan_engine::odds::{OddsOptions, odds};
use gettextrs::gettext;

use super::table::TableSnapshot;
use crate::text::fill;

/// How a card of the hand may be played now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardPlay {
    /// 1 to `max_cards` Reinforcement cards at once.
    Reinforcements { max_cards: u8 },
    /// A Diplomat on one of these seats.
    Diplomat { targets: Vec<Seat> },
    /// A Spy on one of these seats.
    Spy { targets: Vec<Seat> },
    /// An attack by sea on one of these routes.
    Admiral { routes: Vec<Route> },
    /// Generals and Marshalls are committed in the battle panel, not played here.
    InBattle,
    /// Not now.
    Unavailable,
}

impl CardPlay {
    /// How `card` may be played, according to `legal` (the engine says which choice
    /// plays it, and which cards are committed in battle instead).
    pub fn for_card(card: Card, legal: &LegalActions) -> CardPlay {
        match legal.card_play(card) {
            Some(Choice::PlayReinforcements { max_cards }) => CardPlay::Reinforcements {
                max_cards: *max_cards,
            },
            Some(Choice::PlayDiplomat { targets }) => CardPlay::Diplomat {
                targets: targets.clone(),
            },
            Some(Choice::PlaySpy { targets }) => CardPlay::Spy {
                targets: targets.clone(),
            },
            Some(Choice::AdmiralAttack { routes }) => CardPlay::Admiral {
                routes: routes.clone(),
            },
            _ if card.is_committed_in_battle() => CardPlay::InBattle,
            _ => CardPlay::Unavailable,
        }
    }
}

/// One number of the reinforcement track.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TrackCell {
    pub value: u32,
    /// A card was played on it already.
    pub played: bool,
    /// The next card played goes here.
    pub next: bool,
}

/// The reinforcement track as the board prints it, with the played cards marked.
pub fn track_cells(view: &SeatView) -> Vec<TrackCell> {
    view.track_values
        .iter()
        .enumerate()
        .map(|(i, &value)| TrackCell {
            value,
            played: i < view.track,
            next: i == view.track,
        })
        .collect()
}

/// The territories where the seat may reveal its hidden armies now, and what they
/// would bring; `None` when it may not.
pub fn reveal_offer(legal: &LegalActions) -> Option<(Vec<TerritoryId>, u32)> {
    legal.choices.iter().find_map(|choice| match choice {
        Choice::RevealHiddenArmies {
            territories,
            armies,
        } => Some((territories.clone(), *armies)),
        _ => None,
    })
}

/// Where the game stands in a battle, for the battle panel.
#[derive(Clone, Debug, PartialEq)]
pub enum BattleStage {
    /// No battle decision for the seat shown.
    Idle,
    /// The attacker chooses its dice and rolls, or stops.
    Attack(AttackOffer),
    /// The defender answers the attacker's dice.
    Defend(DefendOffer),
    /// After a capture: how many armies move in.
    MoveIn {
        from: TerritoryId,
        to: TerritoryId,
        min: u32,
        max: u32,
    },
}

/// The two sides of a battle as the board shows them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sides {
    /// The engine's number of the attack, which tells one attack from the next.
    pub number: u32,
    pub from: TerritoryId,
    pub to: TerritoryId,
    pub attacker: Seat,
    pub defender: Seat,
    /// Armies that can fight: those aboard the ship, or all but 1 of the attacking
    /// territory.
    pub attackers: u32,
    pub defenders: u32,
    /// The defended territory holds a castle.
    pub castle: bool,
    /// The castle's limit on the attacker's dice, when it is what holds them down.
    pub castle_limit: Option<u8>,
    /// The variant's most dice against a castle.
    pub castle_dice_limit: u8,
    /// Armies aboard the Admiral's ship, for an attack by sea.
    pub ship: Option<u32>,
    pub general_committed: bool,
    pub marshall_committed: bool,
    /// The variant's lenient General, which the odds depend on.
    pub lenient_general: bool,
}

impl Sides {
    /// The odds options for this battle, with a General or a Marshall about to be
    /// committed or not.
    pub fn odds_options(&self, committing: Committing) -> OddsOptions {
        OddsOptions {
            castle: self.castle,
            castle_dice_limit: Some(self.castle_dice_limit),
            general: self.general_committed || committing.general,
            marshall: self.marshall_committed || committing.marshall,
            lenient_general: self.lenient_general,
            admiral: self.ship.is_some(),
            stop_at: None,
        }
    }

    /// The battle whose odds are shown, with what is about to be committed.
    pub fn odds_key(&self, committing: Committing) -> OddsKey {
        OddsKey {
            attackers: self.attackers,
            defenders: self.defenders,
            options: self.odds_options(committing),
        }
    }

    /// The exact probability that the attacker takes the territory, fighting to the end
    /// with the most dice; `None` if the armies are beyond what odds are computed for.
    #[cfg(test)]
    pub fn attacker_win_probability(&self, committing: Committing) -> Option<f64> {
        self.odds_key(committing).probability()
    }
}

/// The cards a side is about to commit with its next roll, which the odds follow.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Committing {
    /// The attacker's General.
    pub general: bool,
    /// The defender's Marshall.
    pub marshall: bool,
}

#[cfg(test)]
impl Committing {
    pub const NOTHING: Committing = Committing {
        general: false,
        marshall: false,
    };
    pub const GENERAL: Committing = Committing {
        general: true,
        marshall: false,
    };
    pub const MARSHALL: Committing = Committing {
        general: false,
        marshall: true,
    };
}

/// A battle as the odds see it: what they are worked out from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct OddsKey {
    pub attackers: u32,
    pub defenders: u32,
    pub options: OddsOptions,
}

impl OddsKey {
    /// The exact probability that the attacker takes the territory; `None` beyond the
    /// armies odds are computed for. Its work grows with [`OddsKey::pairs`].
    pub fn probability(&self) -> Option<f64> {
        odds(self.attackers, self.defenders, self.options)
            .ok()
            .map(|odds| odds.attacker_win_probability())
    }

    /// How much work the odds are: the pairs of armies on each side.
    pub fn pairs(&self) -> u64 {
        u64::from(self.attackers) * u64::from(self.defenders)
    }
}

/// What the attacker may do before a roll.
#[derive(Clone, Debug, PartialEq)]
pub struct AttackOffer {
    pub sides: Sides,
    pub min_dice: u8,
    pub max_dice: u8,
    /// A General may be committed with this roll.
    pub general_available: bool,
    /// The attack may be ended (not at sea).
    pub can_stop: bool,
}

/// What the defender may do against a roll.
#[derive(Clone, Debug, PartialEq)]
pub struct DefendOffer {
    pub sides: Sides,
    pub attacker_dice: u8,
    pub max_dice: u8,
    pub marshall_available: bool,
    /// The defender may bring out hidden armies here first; they would bring this many.
    pub reveal: Option<u32>,
}

impl BattleStage {
    /// The battle stage of the snapshot's deciding seat.
    pub fn from_snapshot(table: &TableSnapshot) -> BattleStage {
        let view = &table.view;
        let pending = view.pending.as_ref().map(|p| &p.decision);
        if let Some(&Decision::MoveIn { from, to, .. }) = pending {
            // The range comes from `legal`, the territories from the decision.
            let offered = table.legal.choices.iter().find_map(|choice| match *choice {
                Choice::MoveIn { min, max } => Some((min, max)),
                _ => None,
            });
            if let Some((min, max)) = offered {
                return BattleStage::MoveIn { from, to, min, max };
            }
        }
        let Some(sides) = sides(view, table.castle_dice_limit) else {
            return BattleStage::Idle;
        };
        for choice in &table.legal.choices {
            match *choice {
                Choice::Roll {
                    min_dice,
                    max_dice,
                    general,
                } => {
                    return BattleStage::Attack(AttackOffer {
                        sides,
                        min_dice,
                        max_dice,
                        general_available: general,
                        can_stop: table
                            .legal
                            .allows(&castellan_engine::game::Action::StopAttack),
                    });
                }
                Choice::Defend { max_dice, marshall } => {
                    let attacker_dice = match pending {
                        Some(&Decision::Defend { attacker_dice, .. }) => attacker_dice,
                        _ => 0,
                    };
                    let reveal = reveal_offer(&table.legal)
                        .filter(|(territories, _)| territories.contains(&sides.to))
                        .map(|(_, armies)| armies);
                    return BattleStage::Defend(DefendOffer {
                        sides,
                        attacker_dice,
                        max_dice,
                        marshall_available: marshall,
                        reveal,
                    });
                }
                _ => {}
            }
        }
        BattleStage::Idle
    }
}

/// The attack in progress as the panel shows it, from the view and the variant's
/// limit on dice against a castle.
fn sides(view: &SeatView, castle_dice_limit: u8) -> Option<Sides> {
    let attack = view.attack?;
    let to = view.territories.get(attack.to.index())?;
    Some(Sides {
        number: attack.number,
        from: attack.from,
        to: attack.to,
        attacker: attack.attacker,
        defender: attack.defender,
        attackers: attack.attackers,
        defenders: to.armies,
        castle: to.castle.is_some(),
        castle_limit: attack.castle_limit,
        castle_dice_limit,
        ship: attack.ship,
        general_committed: attack.general,
        marshall_committed: attack.marshall,
        lenient_general: view.lenient_general,
    })
}

/// A probability as people read it: "62.4 %", "< 0.1 %" or "> 99.9 %" rather than a
/// misleading 0 or 100 for what can still happen.
pub fn percent(probability: f64) -> String {
    use crate::numbers::{decimal, with_percent_sign};
    if probability <= 0.0 {
        with_percent_sign("0")
    } else if probability < 0.001 {
        with_percent_sign(&format!("< {}", decimal(0.1, 1)))
    } else if probability >= 1.0 {
        with_percent_sign("100")
    } else if probability > 0.999 {
        with_percent_sign(&format!("> {}", decimal(99.9, 1)))
    } else {
        crate::numbers::percent(probability, 1)
    }
}

/// The sentence under the dice: the attacker's chance to take the territory.
pub fn odds_text(probability: Option<f64>) -> String {
    match probability {
        Some(p) => fill(
            &gettext("Chance to take it: {percent}"),
            &[("percent", &percent(p))],
        ),
        None => gettext("Too many armies to compute the odds"),
    }
}

/// The sentence for the defender: its chance to hold the territory.
pub fn hold_text(probability: Option<f64>) -> String {
    match probability {
        Some(p) => fill(
            &gettext("Chance to hold it: {percent}"),
            &[("percent", &percent(p))],
        ),
        None => gettext("Too many armies to compute the odds"),
    }
}

/// The sentence after a roll: who lost what.
pub fn losses_text(attacker_losses: u8, defender_losses: u8) -> String {
    match (attacker_losses, defender_losses) {
        (0, 0) => gettext("Nobody loses an army"),
        (a, 0) => fill(&gettext("The attacker loses {n}"), &[("n", &a)]),
        (0, d) => fill(&gettext("The defender loses {n}"), &[("n", &d)]),
        (a, d) => fill(
            &gettext("The attacker loses {a}, the defender {d}"),
            &[("a", &a), ("d", &d)],
        ),
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use castellan_engine::board::{Board, load_board_file};
    use castellan_engine::game::{Action, Game};
    use castellan_engine::variant::Variant;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::path::Path;
    use std::sync::Arc;

    /// The shipped board.
    pub(crate) fn shipped_board() -> Arc<Board> {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/castle-risk.toml");
        Arc::new(load_board_file(&path).expect("the shipped board loads"))
    }

    /// A snapshot of the pending seat's table.
    pub(crate) fn snapshot(game: &Game) -> TableSnapshot {
        let seat = game.pending_seat().expect("a decision is pending");
        TableSnapshot {
            board: Arc::clone(game.board_arc()),
            view: game.view_for(seat),
            withheld: crate::app::table::Withheld::default(),
            legal: game.legal_actions(),
            seat_names: game
                .seat_ids()
                .map(|s| format!("Player {}", s.0 + 1))
                .collect(),
            seat_colours: vec![0xc01c28, 0x1c71d8, 0x2ec27e, 0xe5a50a, 0x813d9c, 0x865e3c]
                [..game.seats()]
                .to_vec(),
            hidden_armies_in_play: game.variant().hidden_armies,
            castle_dice_limit: game.variant().castle_dice_limit,
            admiral_chosen: false,
            admiral_aboard: None,
        }
    }

    /// A game on the shipped board played at random until `stop` says so.
    pub(crate) fn game_until(seed: u64, stop: impl Fn(&Game) -> bool) -> Game {
        let mut game = Game::new(shipped_board(), Variant::rulebook(), 3, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..20_000 {
            if stop(&game) {
                return game;
            }
            let seat = game.pending_seat().expect("the game goes on");
            let action = game.legal_actions().sample(&mut rng).unwrap();
            game.apply(seat, action).unwrap();
        }
        panic!("the wanted position never came");
    }

    fn pending_is(game: &Game, wanted: fn(&Decision) -> bool) -> bool {
        game.pending().is_some_and(|p| wanted(&p.decision))
    }

    #[test]
    fn card_plays_follow_legal_actions_only() {
        let legal = LegalActions {
            seat: Some(Seat(0)),
            choices: vec![
                Choice::PlayReinforcements { max_cards: 2 },
                Choice::PlaySpy {
                    targets: vec![Seat(1), Seat(2)],
                },
                Choice::EndTurn,
            ],
        };
        assert_eq!(
            CardPlay::for_card(Card::Reinforcements, &legal),
            CardPlay::Reinforcements { max_cards: 2 }
        );
        assert_eq!(
            CardPlay::for_card(Card::Spy, &legal),
            CardPlay::Spy {
                targets: vec![Seat(1), Seat(2)]
            }
        );
        assert_eq!(
            CardPlay::for_card(Card::Diplomat, &legal),
            CardPlay::Unavailable
        );
        assert_eq!(
            CardPlay::for_card(Card::General, &legal),
            CardPlay::InBattle
        );
        assert_eq!(
            CardPlay::for_card(Card::Admiral, &legal),
            CardPlay::Unavailable
        );
    }

    #[test]
    fn track_marks_played_cards_and_the_next_value() {
        let mut view = snapshot(&game_until(1, |_| true)).view;
        view.track = 2;
        let cells = track_cells(&view);
        assert_eq!(cells.len(), view.track_values.len());
        assert_eq!(cells.first().map(|c| c.value), Some(3));
        assert!(cells[0].played && cells[1].played && !cells[2].played);
        assert_eq!(cells.iter().filter(|c| c.next).count(), 1);
        assert!(cells[2].next);
        // The next two cards are worth the third and fourth numbers: 5 + 6.
        assert_eq!(view.reinforcement_armies(2), 11);
        view.track = view.track_values.len() - 1;
        assert_eq!(view.reinforcement_armies(3), 14);
    }

    #[test]
    fn percentages_never_round_to_certainty() {
        assert_eq!(percent(0.0), "0 %");
        assert_eq!(percent(0.00001), "< 0.1 %");
        assert_eq!(percent(0.62449), "62.4 %");
        assert_eq!(percent(0.99999), "> 99.9 %");
        assert_eq!(percent(1.0), "100 %");
        assert_eq!(odds_text(Some(0.5)), "Chance to take it: 50.0 %");
        assert_eq!(losses_text(1, 1), "The attacker loses 1, the defender 1");
        assert_eq!(losses_text(0, 2), "The defender loses 2");
    }

    #[test]
    fn a_roll_decision_becomes_an_attack_offer_with_exact_odds() {
        let game = game_until(3, |g| pending_is(g, |d| matches!(d, Decision::Roll { .. })));
        let table = snapshot(&game);
        let BattleStage::Attack(offer) = BattleStage::from_snapshot(&table) else {
            panic!("not an attack offer");
        };
        let Some(Decision::Roll {
            from,
            to,
            min_dice,
            max_dice,
            ..
        }) = game.pending().map(|p| p.decision)
        else {
            unreachable!()
        };
        assert_eq!((offer.sides.from, offer.sides.to), (from, to));
        assert_eq!((offer.min_dice, offer.max_dice), (min_dice, max_dice));
        assert_eq!(offer.sides.defenders, game.armies(to));
        assert_eq!(
            offer.sides.attackers,
            offer.sides.ship.unwrap_or(game.armies(from) - 1)
        );
        assert_eq!(offer.can_stop, table.legal.allows(&Action::StopAttack));
        let expected = odds(
            offer.sides.attackers,
            offer.sides.defenders,
            offer.sides.odds_options(Committing::NOTHING),
        )
        .unwrap()
        .attacker_win_probability();
        assert_eq!(
            offer.sides.attacker_win_probability(Committing::NOTHING),
            Some(expected)
        );
        // A General can only help.
        assert!(
            offer
                .sides
                .attacker_win_probability(Committing::GENERAL)
                .unwrap()
                >= expected
        );
    }

    #[test]
    fn a_defend_decision_becomes_a_defend_offer() {
        let game = game_until(5, |g| {
            pending_is(g, |d| matches!(d, Decision::Defend { .. }))
        });
        let table = snapshot(&game);
        let BattleStage::Defend(offer) = BattleStage::from_snapshot(&table) else {
            panic!("not a defend offer");
        };
        let Some(Decision::Defend {
            territory,
            attacker_dice,
            max_dice,
        }) = game.pending().map(|p| p.decision)
        else {
            unreachable!()
        };
        assert_eq!(offer.sides.to, territory);
        assert_eq!(offer.attacker_dice, attacker_dice);
        assert_eq!(offer.max_dice, max_dice);
        assert_eq!(offer.sides.defender, table.view.seat);
    }

    #[test]
    fn outside_battles_the_panel_is_idle() {
        let game = game_until(7, |g| pending_is(g, |d| matches!(d, Decision::Play { .. })));
        assert_eq!(
            BattleStage::from_snapshot(&snapshot(&game)),
            BattleStage::Idle
        );
    }
}
