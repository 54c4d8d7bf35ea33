//! Why an action was refused ([`RuleError`]), why a game could not start
//! ([`NewGameError`]), and the decision a game awaits, in the reader's language.

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{
    Decision, Departure, DiplomatsOff, Hand, NewGameError, Pending, PlacementReason, Quantity,
    RuleError,
};
use gettextrs::{gettext, ngettext};

use super::files::variant_problem;
use super::names::{Names, card, seat_number};
use crate::text::fill;

/// Why an action was refused, as a sentence to follow a colon (see
/// [`super::sentence`] for one shown on its own).
pub fn rule_error(error: &RuleError, names: &Names) -> String {
    let t = |id: &TerritoryId| names.territory(*id);
    match error {
        RuleError::GameOver => gettext("the game is over"),
        RuleError::NotYourDecision { seat, pending } => fill(
            &gettext("it is {pending}'s decision, not {seat}'s"),
            &[
                ("pending", &names.seat(*pending)),
                ("seat", &names.seat(*seat)),
            ],
        ),
        RuleError::UnexpectedAction {
            action,
            awaited: None,
        } => fill(
            &gettext("`{action}` is not possible now: the game is over"),
            &[("action", action)],
        ),
        RuleError::UnexpectedAction {
            action,
            awaited: Some(awaited),
        } => fill(
            &gettext("`{action}` is not possible now: awaiting {pending}"),
            &[("action", action), ("pending", &pending(awaited, names))],
        ),
        RuleError::UnknownTerritory(number) => fill(
            &gettext("there is no territory #{number} on this board"),
            &[("number", number)],
        ),
        RuleError::UnknownSeat(seat) => fill(
            &gettext("there is no {seat} at this table"),
            &[("seat", &seat_number(*seat))],
        ),
        RuleError::SeatOut(seat) => fill(
            &gettext("{seat} is out of the game"),
            &[("seat", &names.seat(*seat))],
        ),
        RuleError::SelfTarget => gettext("you cannot target yourself"),
        RuleError::OutsideDrawnEmpire { territory, empire } => fill(
            &gettext("{territory} is not in the {empire}, the empire you drew"),
            &[
                ("territory", &t(territory)),
                ("empire", &names.group(*empire)),
            ],
        ),
        RuleError::AlreadyOccupied(territory) => fill(
            &gettext("{territory} is already occupied"),
            &[("territory", &t(territory))],
        ),
        RuleError::NotYours(territory) => fill(
            &gettext("{territory} is not yours"),
            &[("territory", &t(territory))],
        ),
        RuleError::PlacementTotal { placed, required } => fill(
            &gettext(
                "the placements add up to {placed} armies, but exactly {required} must be placed",
            ),
            &[("placed", placed), ("required", required)],
        ),
        RuleError::EmptyPlacement(territory) => fill(
            &gettext("a placement on {territory} puts no army"),
            &[("territory", &t(territory))],
        ),
        RuleError::HiddenUnderCastle(territory) => fill(
            &gettext("hidden armies cannot lie under a castle ({territory})"),
            &[("territory", &t(territory))],
        ),
        RuleError::NoHiddenArmiesInVariant => gettext("this variant plays without hidden armies"),
        RuleError::NoCard(held) => fill(&gettext("you hold no {card}"), &[("card", &card(*held))]),
        RuleError::TargetHasNoCard { seat, card: held } => fill(
            &gettext("{seat} holds no {card}"),
            &[("seat", &names.seat(*seat)), ("card", &card(*held))],
        ),
        RuleError::AfterFirstAttack(played) => fill(
            &gettext("{card} can only be played before the turn's first attack"),
            &[("card", &card(*played))],
        ),
        RuleError::NoReinforcementCards => gettext("play at least 1 Reinforcement card"),
        RuleError::TooManyReinforcements { asked, held, room } => fill(
            &gettext(
                "you hold {held} Reinforcements, and the track has room for {room}: {asked} cannot be played",
            ),
            &[("held", held), ("room", room), ("asked", asked)],
        ),
        RuleError::TrackFull => {
            gettext("the reinforcement track is full: no more Reinforcements can be played")
        }
        RuleError::DiplomatsNotUsed(DiplomatsOff::InVariant) => {
            gettext("Diplomats are not used in this variant")
        }
        RuleError::DiplomatsNotUsed(DiplomatsOff::TwoSeats) => {
            gettext("Diplomats are not used with two seats")
        }
        RuleError::TruceAlreadyMade(seat) => fill(
            &gettext("you already made a truce with {seat} this turn"),
            &[("seat", &names.seat(*seat))],
        ),
        RuleError::InTruce(seat) => fill(
            &gettext("you are in truce with {seat}: neither may attack the other"),
            &[("seat", &names.seat(*seat))],
        ),
        RuleError::GeneralAlreadyCommitted => gettext("a General is already committed"),
        RuleError::MarshallAlreadyCommitted => {
            gettext("a Marshall is already committed to this attack")
        }
        RuleError::NoHiddenArmiesThere(territory) => fill(
            &gettext("you have no hidden armies in {territory}"),
            &[("territory", &t(territory))],
        ),
        RuleError::RevealOnlyUnderAttack(territory) => fill(
            &gettext(
                "only {territory}'s hidden armies can come out now: it is the territory under attack",
            ),
            &[("territory", &t(territory))],
        ),
        RuleError::NotAdjacent { from, to } => fill(
            &gettext("{from} and {to} are not adjacent"),
            &[("from", &t(from)), ("to", &t(to))],
        ),
        RuleError::AttackOwnTerritory(territory) => fill(
            &gettext("{territory} is yours: attack an enemy territory"),
            &[("territory", &t(territory))],
        ),
        RuleError::AttackEmptyTerritory(territory) => fill(
            &gettext("{territory} is empty: take it by moving in, without a battle"),
            &[("territory", &t(territory))],
        ),
        RuleError::NotEmpty(territory) => fill(
            &gettext("{territory} is not empty: only an empty territory is taken without a battle"),
            &[("territory", &t(territory))],
        ),
        RuleError::TooFewArmies {
            territory,
            armies,
            needed_for,
        } => {
            let template = match needed_for {
                Departure::Attack => ngettext(
                    "{territory} has only {armies} army: an attack needs at least 2",
                    "{territory} has only {armies} armies: an attack needs at least 2",
                    *armies,
                ),
                Departure::Move => ngettext(
                    "{territory} has only {armies} army: moving needs at least 2, as 1 stays behind",
                    "{territory} has only {armies} armies: moving needs at least 2, as 1 stays behind",
                    *armies,
                ),
                Departure::Fortify => ngettext(
                    "{territory} has only {armies} army: fortifying needs at least 2, as 1 stays behind",
                    "{territory} has only {armies} armies: fortifying needs at least 2, as 1 stays behind",
                    *armies,
                ),
            };
            fill(
                &template,
                &[("territory", &t(territory)), ("armies", armies)],
            )
        }
        RuleError::NotCoastal(territory) => fill(
            &gettext("{territory} has no coast: the Admiral sails only between coasts"),
            &[("territory", &t(territory))],
        ),
        RuleError::NoSharedSea { from, to } => fill(
            &gettext("{from} and {to} share no sea: the Admiral sails only on one sea"),
            &[("from", &t(from)), ("to", &t(to))],
        ),
        RuleError::OutOfRange {
            what,
            asked,
            min,
            max,
        } => {
            let what = match what {
                Quantity::DieFace => gettext("a die face"),
                Quantity::AttackerDice => gettext("the attacker's dice"),
                Quantity::DefenderDice => gettext("the defender's dice"),
                Quantity::ArmiesAboard => gettext("the armies aboard"),
                Quantity::ArmiesMovedIn => gettext("the armies moved in"),
                Quantity::ArmiesMoved => gettext("the armies moved"),
            };
            fill(
                &gettext("{what} must be between {min} and {max} (not {asked})"),
                &[
                    ("what", &what),
                    ("min", min),
                    ("max", max),
                    ("asked", asked),
                ],
            )
        }
        RuleError::CannotStopAdmiral => gettext("an attack with the Admiral cannot be stopped"),
        RuleError::FixedDiceExhausted { needed, left } => fill(
            &gettext("the fixed dice ran out: {needed} faces needed, {left} left"),
            &[("needed", needed), ("left", left)],
        ),
        RuleError::NotVacated(territory) => fill(
            &gettext("{territory} is not a vacated territory waiting for an army"),
            &[("territory", &t(territory))],
        ),
        RuleError::CannotSpare(territory) => fill(
            &gettext("{territory} has only 1 army and must keep it"),
            &[("territory", &t(territory))],
        ),
        RuleError::AttackingArmiesFirst(territory) => fill(
            &gettext(
                "take armies from the attacking armies first: {territory} can still spare one",
            ),
            &[("territory", &t(territory))],
        ),
        RuleError::EmptyOffer => gettext("an offer gives or asks at least one card"),
        RuleError::OfferBeyondHand {
            card: offered_card,
            offered,
            held,
        } => fill(
            &gettext("you offer {offered} {card} but hold {held}"),
            &[
                ("offered", offered),
                ("card", &card(*offered_card)),
                ("held", held),
            ],
        ),
        RuleError::AlreadyOffered(seat) => fill(
            &gettext("you already made {seat} an offer this turn"),
            &[("seat", &names.seat(*seat))],
        ),
        RuleError::CannotMeetOffer {
            card: asked_card,
            asked,
            held,
        } => fill(
            &gettext("the offer asks {asked} {card} and you hold {held}: it can only be refused"),
            &[
                ("asked", asked),
                ("card", &card(*asked_card)),
                ("held", held),
            ],
        ),
        RuleError::TerritoryCardNotHeld(held) => fill(
            &gettext("you do not hold territory card {card}"),
            &[("card", &held.0)],
        ),
        RuleError::CardTwice(twice) => fill(
            &gettext("territory card {card} is named twice in the set"),
            &[("card", &twice.0)],
        ),
        RuleError::NotASet => {
            gettext("these cards are not a set: three alike, one of each, or two and a wild card")
        }
        RuleError::MustTrade { cards } => fill(
            &gettext("with {cards} cards in hand you must trade a set first"),
            &[("cards", cards)],
        ),
        RuleError::NotConnected { from, to } => fill(
            &gettext("no chain of your territories joins {from} to {to}"),
            &[("from", &t(from)), ("to", &t(to))],
        ),
    }
}

/// Why a game could not start.
pub fn new_game_error(error: &NewGameError) -> String {
    match error {
        NewGameError::SeatCount(seats) => fill(
            &gettext("Castle Risk is played by 2 to 6 seats, not {seats}"),
            &[("seats", seats)],
        ),
        NewGameError::TooFewEmpires { empires, seats } => fill(
            &gettext(
                "this board has {empires} empires but {seats} seats: every seat needs an empire for its castle",
            ),
            &[("empires", empires), ("seats", seats)],
        ),
        NewGameError::TooFewTerritories { territories, seats } => fill(
            &gettext(
                "this board has {territories} territories but {seats} seats: every seat needs a territory",
            ),
            &[("territories", territories), ("seats", seats)],
        ),
        NewGameError::Variant(problems) => {
            let mut text = gettext("the variant cannot be played:");
            for problem in problems {
                text.push('\n');
                text.push_str(&variant_problem(problem));
            }
            text
        }
    }
}

/// Cards as an offer names them: "1 × Spy, 2 × General", or "nothing".
fn cards_in_words(hand: &Hand) -> String {
    if hand.is_empty() {
        return gettext("nothing");
    }
    hand.kinds()
        .map(|kind| {
            fill(
                &gettext("{count} × {card}"),
                &[("count", &hand.count(kind)), ("card", &card(kind))],
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The decision a game awaits, and whose: "seat 1: defend London against 3 dice".
pub fn pending(pending: &Pending, names: &Names) -> String {
    let t = |id: &TerritoryId| names.territory(*id);
    let what = match &pending.decision {
        Decision::PlaceCastle { empire } => fill(
            &gettext("place the castle in the {empire}"),
            &[("empire", &names.group(*empire))],
        ),
        Decision::Claim => gettext("claim an unoccupied territory"),
        Decision::PlaceArmies { armies, reason } => {
            let template = match reason {
                PlacementReason::Setup => ngettext(
                    "place {armies} starting army",
                    "place {armies} starting armies",
                    *armies,
                ),
                PlacementReason::Reinforcements => ngettext(
                    "place {armies} reinforcement army",
                    "place {armies} reinforcement armies",
                    *armies,
                ),
                PlacementReason::Spoils => ngettext(
                    "place {armies} spoils army",
                    "place {armies} spoils armies",
                    *armies,
                ),
            };
            fill(&template, &[("armies", armies)])
        }
        Decision::HideArmies => gettext("choose where the hidden armies lie"),
        Decision::Play { attacked: false } => gettext("play cards, attack or end the turn"),
        Decision::Play { attacked: true } => gettext("attack or end the turn"),
        Decision::Roll {
            from,
            to,
            ship: Some(aboard),
            ..
        } => fill(
            &gettext("roll against {to} from the ship off {from} ({aboard} aboard)"),
            &[("to", &t(to)), ("from", &t(from)), ("aboard", aboard)],
        ),
        Decision::Roll { from, to, .. } => fill(
            &gettext("roll against {to} from {from}, or stop"),
            &[("to", &t(to)), ("from", &t(from))],
        ),
        Decision::Defend {
            territory,
            attacker_dice,
            ..
        } => fill(
            &ngettext(
                "defend {territory} against {dice} die",
                "defend {territory} against {dice} dice",
                u32::from(*attacker_dice),
            ),
            &[("territory", &t(territory)), ("dice", attacker_dice)],
        ),
        Decision::MoveIn { to, min, max, .. } => fill(
            &gettext("move {min} to {max} armies into {territory}"),
            &[("min", min), ("max", max), ("territory", &t(to))],
        ),
        Decision::AnswerSpy { spy } => fill(
            &gettext("answer {seat}'s Spy"),
            &[("seat", &names.seat(*spy))],
        ),
        Decision::SpyDiscard { target } => fill(
            &gettext("discard a card from {seat}'s hand"),
            &[("seat", &names.seat(*target))],
        ),
        Decision::FillVacated { territories, .. } => fill(
            &ngettext(
                "put 1 army on one of {count} vacated territory",
                "put 1 army on one of {count} vacated territories",
                u32::try_from(territories.len()).unwrap_or(u32::MAX),
            ),
            &[("count", &territories.len())],
        ),
        Decision::Fortify => gettext("fortify once, or skip"),
        Decision::TradeCards { armies } => fill(
            &ngettext(
                "trade a set of cards ({armies} new army so far)",
                "trade a set of cards ({armies} new armies so far)",
                *armies,
            ),
            &[("armies", armies)],
        ),
        Decision::AnswerOffer { from, give, ask } => fill(
            &gettext("accept or refuse {seat}'s offer of {give} for {ask}"),
            &[
                ("seat", &names.seat(*from)),
                ("give", &cards_in_words(give)),
                ("ask", &cards_in_words(ask)),
            ],
        ),
    };
    fill(
        &gettext("{seat}: {what}"),
        &[("seat", &names.seat(pending.seat)), ("what", &what)],
    )
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use castellan_engine::board::{Board, GroupId, parse_board};
    use castellan_engine::game::{Card, Game, Seat, TerritoryCard};
    use castellan_engine::variant::Variant;

    use super::*;

    fn board() -> Arc<Board> {
        Arc::new(
            parse_board(
                include_str!("../../data/boards/castle-risk.toml"),
                "castle-risk.toml",
            )
            .unwrap(),
        )
    }

    /// One of every rule error, with plural counts where English has them.
    fn every_rule_error(board: &Board) -> Vec<RuleError> {
        let london = board.territory_by_key("london").unwrap();
        let paris = board.territory_by_key("paris").unwrap();
        let game = Game::new(Arc::new(board.clone()), Variant::rulebook(), 3, 7).unwrap();
        let awaited = game.pending();
        vec![
            RuleError::GameOver,
            RuleError::NotYourDecision {
                seat: Seat(0),
                pending: Seat(1),
            },
            RuleError::UnexpectedAction {
                action: "attack",
                awaited: None,
            },
            RuleError::UnexpectedAction {
                action: "attack",
                awaited,
            },
            RuleError::UnknownTerritory(999),
            RuleError::UnknownSeat(Seat(7)),
            RuleError::SeatOut(Seat(2)),
            RuleError::SelfTarget,
            RuleError::OutsideDrawnEmpire {
                territory: london,
                empire: GroupId(1),
            },
            RuleError::AlreadyOccupied(london),
            RuleError::NotYours(london),
            RuleError::PlacementTotal {
                placed: 4,
                required: 5,
            },
            RuleError::EmptyPlacement(london),
            RuleError::HiddenUnderCastle(london),
            RuleError::NoHiddenArmiesInVariant,
            RuleError::NoCard(Card::Spy),
            RuleError::TargetHasNoCard {
                seat: Seat(1),
                card: Card::Marshall,
            },
            RuleError::AfterFirstAttack(Card::Diplomat),
            RuleError::NoReinforcementCards,
            RuleError::TooManyReinforcements {
                asked: 4,
                held: 3,
                room: 9,
            },
            RuleError::TrackFull,
            RuleError::DiplomatsNotUsed(DiplomatsOff::InVariant),
            RuleError::DiplomatsNotUsed(DiplomatsOff::TwoSeats),
            RuleError::TruceAlreadyMade(Seat(1)),
            RuleError::InTruce(Seat(2)),
            RuleError::GeneralAlreadyCommitted,
            RuleError::MarshallAlreadyCommitted,
            RuleError::NoHiddenArmiesThere(london),
            RuleError::RevealOnlyUnderAttack(paris),
            RuleError::NotAdjacent {
                from: london,
                to: paris,
            },
            RuleError::AttackOwnTerritory(london),
            RuleError::AttackEmptyTerritory(paris),
            RuleError::NotEmpty(paris),
            RuleError::TooFewArmies {
                territory: london,
                armies: 1,
                needed_for: Departure::Attack,
            },
            RuleError::TooFewArmies {
                territory: london,
                armies: 0,
                needed_for: Departure::Move,
            },
            RuleError::TooFewArmies {
                territory: london,
                armies: 1,
                needed_for: Departure::Fortify,
            },
            RuleError::NotCoastal(paris),
            RuleError::NoSharedSea {
                from: london,
                to: paris,
            },
            RuleError::OutOfRange {
                what: Quantity::DieFace,
                asked: 7,
                min: 1,
                max: 6,
            },
            RuleError::OutOfRange {
                what: Quantity::AttackerDice,
                asked: 4,
                min: 1,
                max: 3,
            },
            RuleError::OutOfRange {
                what: Quantity::DefenderDice,
                asked: 3,
                min: 1,
                max: 2,
            },
            RuleError::OutOfRange {
                what: Quantity::ArmiesAboard,
                asked: 9,
                min: 1,
                max: 4,
            },
            RuleError::OutOfRange {
                what: Quantity::ArmiesMovedIn,
                asked: 1,
                min: 2,
                max: 4,
            },
            RuleError::OutOfRange {
                what: Quantity::ArmiesMoved,
                asked: 0,
                min: 1,
                max: 4,
            },
            RuleError::CannotStopAdmiral,
            RuleError::FixedDiceExhausted { needed: 2, left: 1 },
            RuleError::NotVacated(london),
            RuleError::CannotSpare(london),
            RuleError::AttackingArmiesFirst(paris),
            RuleError::EmptyOffer,
            RuleError::OfferBeyondHand {
                card: Card::Spy,
                offered: 2,
                held: 1,
            },
            RuleError::AlreadyOffered(Seat(2)),
            RuleError::CannotMeetOffer {
                card: Card::Admiral,
                asked: 2,
                held: 0,
            },
            RuleError::TerritoryCardNotHeld(TerritoryCard(3)),
            RuleError::CardTwice(TerritoryCard(4)),
            RuleError::NotASet,
            RuleError::MustTrade { cards: 5 },
            RuleError::NotConnected {
                from: london,
                to: paris,
            },
        ]
    }

    #[test]
    fn untranslated_rule_errors_are_the_engines_english() {
        // The catalogue's English is the engine's, so that the protocol, the
        // terminal and the window say the same thing in English.
        let board = board();
        let names = Names::new(&board);
        for error in every_rule_error(&board) {
            assert_eq!(
                rule_error(&error, &names),
                error.in_english(&board).to_string(),
                "{error:?}"
            );
        }
    }

    #[test]
    fn seats_are_called_by_their_players_names() {
        let board = board();
        let players = ["Ada".to_owned(), "{seat}".to_owned()];
        let names = Names::new(&board).with_seats(&players);
        let error = RuleError::NotYourDecision {
            seat: Seat(0),
            pending: Seat(1),
        };
        // A player named "{seat}" is not taken for a placeholder.
        assert_eq!(
            rule_error(&error, &names),
            "it is {seat}'s decision, not Ada's"
        );
    }

    #[test]
    fn pending_decisions_read_as_the_engines() {
        let board = board();
        let game = Game::new(Arc::clone(&board), Variant::rulebook(), 3, 7).unwrap();
        let awaited = game.pending().unwrap();
        assert_eq!(
            pending(&awaited, &Names::new(&board)),
            awaited.describe(&board)
        );
    }

    #[test]
    fn an_offer_reads_as_the_engines() {
        let board = board();
        let cards = |list: &[Card]| list.iter().copied().collect::<Hand>();
        let awaited = Pending {
            seat: Seat(1),
            decision: Decision::AnswerOffer {
                from: Seat(0),
                give: cards(&[Card::Spy, Card::General, Card::General]),
                ask: cards(&[]),
            },
        };
        assert_eq!(
            pending(&awaited, &Names::new(&board)),
            awaited.describe(&board)
        );
    }

    #[test]
    fn new_game_errors_read_as_the_engines() {
        for error in [
            NewGameError::SeatCount(9),
            NewGameError::TooFewEmpires {
                empires: 4,
                seats: 5,
            },
            NewGameError::TooFewTerritories {
                territories: 2,
                seats: 3,
            },
            NewGameError::Variant(vec![
                castellan_engine::variant::VariantProblem::EmptyDeck,
                castellan_engine::variant::VariantProblem::CastleDiceLimit(5),
            ]),
        ] {
            assert_eq!(new_game_error(&error), error.to_string());
        }
    }
}
