//! Hints for a person's decision: what the Normal computer player would do in their
//! place ([`normal_choice`], from that seat's own sight only), which decision a hint
//! belongs to and when it goes stale ([`Hints`]), and the hint in words
//! ([`describe`]). The choosing itself runs in the `computer` worker.

use castellan_engine::bot::{Cancel, SeatSight, Strength, Thinking};
use castellan_engine::game::{Action, Game, Seat};
use gettextrs::{gettext, ngettext};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::card_art::card_name;
use crate::messages::Names;
use crate::text::fill;

/// The generator a hint breaks the Normal player's ties with. Fixed rather than the
/// game's seed, which no seat may read: the same position always gets the same hint.
const HINT_SEED: u64 = 0x4849_4e54;

/// The action the Normal player would choose for `seat`'s pending decision, seeing
/// only what `seat` may see; `None` when the decision is not `seat`'s.
pub fn normal_choice(game: &Game, seat: Seat, cancel: &Cancel) -> Option<Action> {
    if game.pending_seat() != Some(seat) {
        return None;
    }
    let mut policy = Strength::Normal.policy_with(Thinking::cancelled_by(cancel.clone()));
    let sight = SeatSight::new(game, seat);
    let legal = game.legal_actions();
    let mut rng = ChaCha8Rng::seed_from_u64(HINT_SEED);
    Some(policy.choose(&sight, &legal, &mut rng))
}

/// One decision at the table: whose it is and how many moves the game had seen when
/// it came up. Any move makes a new one, so a hint never outlives its decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    pub seat: Seat,
    pub moves: usize,
}

impl Decision {
    /// The pending decision of `game`, if it is `seat`'s.
    pub fn of(game: &Game, seat: Seat) -> Option<Decision> {
        (game.pending_seat() == Some(seat)).then(|| Decision {
            seat,
            moves: game.history().len(),
        })
    }
}

/// A hint to ask the worker for.
#[derive(Debug)]
pub struct HintRequest {
    pub id: u64,
    pub seat: Seat,
    /// Raised when the decision changes before the answer comes.
    pub cancel: Cancel,
}

/// The hint setting and the hint of the decision in front of the person: asked once
/// per decision, dropped (and its thinking cancelled) when the decision changes or
/// the setting is switched off.
#[derive(Debug, Default)]
pub struct Hints {
    enabled: bool,
    /// The decision the hint asked or shown is for.
    decision: Option<Decision>,
    /// The hint being worked out, by number, and how to stop it.
    asked: Option<(u64, Cancel)>,
    shown: Option<Action>,
    last_id: u64,
}

impl Hints {
    pub fn new(enabled: bool) -> Self {
        Self {
            enabled,
            ..Self::default()
        }
    }

    pub fn enabled(&self) -> bool {
        self.enabled
    }

    /// Switches hints on or off; off drops the hint at once.
    pub fn set_enabled(&mut self, enabled: bool) {
        self.enabled = enabled;
        if !enabled {
            self.forget();
        }
    }

    /// Follows the decision in front of the person (`None` when there is none to
    /// hint at): a new decision drops the old hint and, with hints on, returns the
    /// request for its own.
    pub fn follow(&mut self, decision: Option<Decision>) -> Option<HintRequest> {
        let decision = decision.filter(|_| self.enabled);
        if decision == self.decision {
            return None;
        }
        self.forget();
        self.decision = decision;
        let seat = decision?.seat;
        self.last_id += 1;
        let cancel = Cancel::new();
        self.asked = Some((self.last_id, cancel.clone()));
        Some(HintRequest {
            id: self.last_id,
            seat,
            cancel,
        })
    }

    /// The worker's answer to hint `id`; an answer to any other (stale) request is
    /// dropped. Whether the hint shown changed.
    pub fn answered(&mut self, id: u64, action: Option<Action>) -> bool {
        if self.asked.as_ref().is_none_or(|(asked, _)| *asked != id) {
            return false;
        }
        self.asked = None;
        self.shown = action;
        true
    }

    /// The hint to show, if one is ready.
    pub fn shown(&self) -> Option<&Action> {
        self.shown.as_ref()
    }

    /// Whether a hint is being worked out.
    #[cfg(test)]
    pub fn pending(&self) -> bool {
        self.asked.is_some()
    }

    /// Drops the hint and stops the thinking for it (a new decision, a new table).
    pub fn forget(&mut self) {
        if let Some((_, cancel)) = self.asked.take() {
            cancel.cancel();
        }
        self.shown = None;
        self.decision = None;
    }
}

/// `action` as a suggestion to the person who would make it.
pub fn describe(action: &Action, names: &Names) -> String {
    let t = |id| names.territory(id);
    match action {
        Action::PlaceCastle { territory } => fill(
            &gettext("Put your castle on {territory}"),
            &[("territory", &t(*territory))],
        ),
        Action::Claim { territory } => fill(
            &gettext("Claim {territory}"),
            &[("territory", &t(*territory))],
        ),
        Action::PlaceArmies { placements } => {
            let parts: Vec<String> = placements
                .iter()
                .map(|p| {
                    fill(
                        &gettext("{armies} on {territory}"),
                        &[("armies", &p.armies), ("territory", &t(p.territory))],
                    )
                })
                .collect();
            fill(
                &gettext("Place {placements}"),
                &[("placements", &parts.join(", "))],
            )
        }
        Action::HideArmies { territory } => fill(
            &gettext("Hide your armies in {territory}"),
            &[("territory", &t(*territory))],
        ),
        Action::PlayReinforcements { cards } => fill(
            &ngettext(
                "Play {count} Reinforcement card",
                "Play {count} Reinforcement cards",
                u32::from(*cards),
            ),
            &[("count", cards)],
        ),
        Action::PlayDiplomat { target } => fill(
            &gettext("Make a truce with {seat} (Diplomat)"),
            &[("seat", &names.seat(*target))],
        ),
        Action::PlaySpy { target } => {
            fill(&gettext("Spy on {seat}"), &[("seat", &names.seat(*target))])
        }
        Action::RevealHiddenArmies { territory } => fill(
            &gettext("Bring out your hidden armies on {territory}"),
            &[("territory", &t(*territory))],
        ),
        Action::Attack { from, to } => fill(
            &gettext("Attack {to} from {from}"),
            &[("to", &t(*to)), ("from", &t(*from))],
        ),
        Action::AdmiralAttack { from, to, armies } => fill(
            &ngettext(
                "Sail {armies} army from {from} to attack {to} (Admiral)",
                "Sail {armies} armies from {from} to attack {to} (Admiral)",
                *armies,
            ),
            &[("armies", armies), ("from", &t(*from)), ("to", &t(*to))],
        ),
        Action::Occupy { from, to, armies } | Action::Fortify { from, to, armies } => fill(
            &ngettext(
                "Move {armies} army from {from} to {to}",
                "Move {armies} armies from {from} to {to}",
                *armies,
            ),
            &[("armies", armies), ("from", &t(*from)), ("to", &t(*to))],
        ),
        Action::EndTurn => gettext("End your turn"),
        Action::Roll { dice, general } => {
            let template = if *general {
                ngettext(
                    "Roll {dice} die with your General",
                    "Roll {dice} dice with your General",
                    u32::from(*dice),
                )
            } else {
                ngettext("Roll {dice} die", "Roll {dice} dice", u32::from(*dice))
            };
            fill(&template, &[("dice", dice)])
        }
        Action::StopAttack => gettext("Stop the attack"),
        Action::Defend { dice, marshall } => {
            let template = if *marshall {
                ngettext(
                    "Defend with {dice} die and your Marshall",
                    "Defend with {dice} dice and your Marshall",
                    u32::from(*dice),
                )
            } else {
                ngettext(
                    "Defend with {dice} die",
                    "Defend with {dice} dice",
                    u32::from(*dice),
                )
            };
            fill(&template, &[("dice", dice)])
        }
        Action::MoveIn { armies } => fill(
            &ngettext("Move {armies} army in", "Move {armies} armies in", *armies),
            &[("armies", armies)],
        ),
        Action::AnswerSpy { counter: true } => gettext("Answer with a Spy of your own"),
        Action::AnswerSpy { counter: false } => gettext("Let the Spy see your hand"),
        Action::SpyDiscard { card } => fill(
            &gettext("Make them discard their {card}"),
            &[("card", &card_name(*card))],
        ),
        Action::FillVacated { territory, from } => fill(
            &gettext("Put 1 army from {from} on {territory}"),
            &[("from", &t(*from)), ("territory", &t(*territory))],
        ),
        Action::StopFilling => gettext("Stop filling"),
        Action::SkipFortify => gettext("Skip fortifying"),
        Action::OfferCards { target, .. } => fill(
            &gettext("Offer cards to {seat}"),
            &[("seat", &names.seat(*target))],
        ),
        Action::AnswerOffer { accept: true } => gettext("Accept the offer"),
        Action::AnswerOffer { accept: false } => gettext("Refuse the offer"),
        Action::TradeCards { .. } => gettext("Trade in a set of territory cards"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::board::parse_board;
    use castellan_engine::variant::Variant;
    use std::sync::Arc;

    fn game(seed: u64) -> Game {
        let source = include_str!("../../data/boards/castle-risk.toml");
        let board = Arc::new(parse_board(source, "castle-risk.toml").unwrap());
        Game::new(board, Variant::rulebook(), 3, seed).unwrap()
    }

    /// Plays `game` on with the Normal player for `moves` moves.
    fn play(game: &mut Game, moves: usize) {
        for _ in 0..moves {
            let seat = game.pending_seat().unwrap();
            let action = normal_choice(game, seat, &Cancel::new()).unwrap();
            game.apply(seat, action).unwrap();
        }
    }

    #[test]
    fn the_hint_is_the_normal_players_action_for_the_seat_to_move() {
        let mut game = game(11);
        // Through the setup and into the turns, so that several kinds of decision
        // are hinted at.
        for _ in 0..80 {
            let seat = game.pending_seat().unwrap();
            let hint = normal_choice(&game, seat, &Cancel::new()).unwrap();
            let mut normal = Strength::Normal.policy();
            let mut rng = ChaCha8Rng::seed_from_u64(HINT_SEED);
            let expected = normal.choose(
                &SeatSight::new(&game, seat),
                &game.legal_actions(),
                &mut rng,
            );
            assert_eq!(hint, expected);
            assert!(game.legal_actions().allows(&hint), "{hint:?}");
            game.apply(seat, hint).unwrap();
        }
        // Nobody but the seat to move gets a hint.
        let seat = game.pending_seat().unwrap();
        let other = Seat((seat.0 + 1) % 3);
        assert_eq!(normal_choice(&game, other, &Cancel::new()), None);
    }

    #[test]
    fn no_hint_is_asked_while_hints_are_off() {
        let mut game = game(3);
        play(&mut game, 2);
        let decision = Decision::of(&game, game.pending_seat().unwrap());
        let mut hints = Hints::new(false);
        assert!(hints.follow(decision).is_none());
        assert!(hints.shown().is_none());
        // Switched on, the same decision gets its hint…
        hints.set_enabled(true);
        let request = hints.follow(decision).expect("a hint is asked");
        assert!(hints.answered(request.id, Some(Action::EndTurn)));
        assert_eq!(hints.shown(), Some(&Action::EndTurn));
        // …and switched off, it goes at once.
        hints.set_enabled(false);
        assert!(hints.shown().is_none());
    }

    #[test]
    fn a_stale_hint_is_dropped_when_the_decision_changes() {
        let mut game = game(5);
        play(&mut game, 3);
        let mut hints = Hints::new(true);
        let first = Decision::of(&game, game.pending_seat().unwrap());
        let asked = hints.follow(first).expect("a hint is asked");
        // The same decision is not asked twice.
        assert!(hints.follow(first).is_none());
        // A move is made before the answer comes: the thinking is cancelled, and its
        // answer, when it comes, is dropped.
        play(&mut game, 1);
        let second = Decision::of(&game, game.pending_seat().unwrap());
        assert_ne!(first, second);
        let again = hints
            .follow(second)
            .expect("the new decision's hint is asked");
        assert!(asked.cancel.is_cancelled());
        assert!(!hints.answered(asked.id, Some(Action::EndTurn)));
        assert!(hints.shown().is_none());
        // A hint shown goes with its decision too.
        assert!(hints.answered(again.id, Some(Action::StopFilling)));
        assert!(hints.shown().is_some());
        play(&mut game, 1);
        hints.follow(Decision::of(&game, game.pending_seat().unwrap()));
        assert!(hints.shown().is_none());
        // No decision in front of a person: no hint.
        assert!(hints.follow(None).is_none());
        assert!(!hints.pending());
    }

    #[test]
    fn every_hinted_setup_move_reads_as_a_sentence() {
        let mut game = game(7);
        let board = Arc::clone(game.board_arc());
        let names = Names::new(&board);
        for _ in 0..40 {
            let seat = game.pending_seat().unwrap();
            let action = normal_choice(&game, seat, &Cancel::new()).unwrap();
            let text = describe(&action, &names);
            assert!(!text.is_empty() && !text.contains('{'), "{text}");
            game.apply(seat, action).unwrap();
        }
    }
}
