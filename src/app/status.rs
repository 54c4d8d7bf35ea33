//! The status line: the decision the game awaits, in plain words for the person (or
//! computer) it awaits, and what to do on the map.

use castellan_engine::board::{Board, TerritoryId};
use castellan_engine::game::{Decision, Pending, PlacementReason, Seat};
use gettextrs::{gettext, ngettext};

use super::decisions::percent;
use super::session::{CastleDanger, FortifyDraft, Refusal, Session};
use crate::messages::{self, Names};
use crate::text::{fill, translated};

/// The status line of `session`'s game, `placed` armies of the placement at hand
/// being on the map already.
pub fn for_session(session: &Session, placed: u32) -> String {
    let game = session.game();
    let pending = game.pending();
    let names = session.names();
    let armies_in_hand = match &pending {
        Some(Pending {
            seat,
            decision:
                Decision::PlaceArmies {
                    reason: PlacementReason::Setup,
                    ..
                },
        }) => game.armies_to_place(*seat),
        _ => 0,
    };
    if game.is_drawn() {
        return super::victory::draw_title();
    }
    let cx = StatusContext {
        board: game.board(),
        names: &names,
        computer: pending
            .as_ref()
            .is_some_and(|p| session.seats()[p.seat.index()].computer),
        armies_in_hand,
        placed,
        source: session.source(),
        fortify: session.fortify_draft(),
        attack: game
            .attack_in_progress()
            .map(|a| (a.attacker, a.from, a.to)),
    };
    let winner = game
        .winner()
        .map(|w| session.seats()[w.index()].name.clone());
    status_line(pending.as_ref(), winner, &cx)
}

/// Why a click on the map did nothing, for the status line: a click is never ignored
/// without a word.
pub fn refusal(refusal: &Refusal, session: &Session) -> String {
    let board = session.game().board();
    let seats = session.names();
    let name =
        |seat: castellan_engine::game::Seat| seats.get(seat.index()).cloned().unwrap_or_default();
    let text = match refusal {
        Refusal::Rule(error) => {
            let names = Names::new(session.board()).with_seats(&seats);
            messages::rule_error(error, &names)
        }
        Refusal::NoEnemyNext(from) => fill(
            &gettext("no attack from {territory}: every territory next to it is yours"),
            &[("territory", &territory(board, *from))],
        ),
        Refusal::TrucesOnly { from, seats } => fill(
            &gettext(
                "no attack from {territory}: its only enemies, {seats}, are in truce with you until their next turn ends",
            ),
            &[
                ("territory", &territory(board, *from)),
                (
                    "seats",
                    &seats
                        .iter()
                        .map(|&s| name(s))
                        .collect::<Vec<_>>()
                        .join(", "),
                ),
            ],
        ),
        Refusal::NoOwnNext(from) => fill(
            &gettext("nothing to fortify from {territory}: no territory of yours is next to it"),
            &[("territory", &territory(board, *from))],
        ),
        Refusal::AllPlaced => {
            gettext("every army is placed: confirm, or right-click a territory to take one back")
        }
        Refusal::InThePanels => gettext("this decision is made in the side panel, not on the map"),
        Refusal::NotYourMove(seat) => fill(
            &gettext("it is {seat}'s move: wait for yours"),
            &[("seat", &name(*seat))],
        ),
        Refusal::GameOver => gettext("the game is over"),
    };
    messages::sentence(&text)
}

/// The warning that a placement about to be confirmed leaves the person's castle in
/// danger, with its chance of holding, and how to place anyway.
pub fn castle_danger(danger: &CastleDanger, session: &Session) -> String {
    let board = session.game().board();
    let seats = session.names();
    fill(
        &ngettext(
            "Careful: your castle in {castle} holds only {holds} of the time against {enemy}'s {n} army in {from}. Confirm again to place anyway; a castle taken puts you out of the game.",
            "Careful: your castle in {castle} holds only {holds} of the time against {enemy}'s {n} armies in {from}. Confirm again to place anyway; a castle taken puts you out of the game.",
            danger.attackers,
        ),
        &[
            ("castle", &territory(board, danger.castle)),
            ("holds", &percent(danger.holds)),
            (
                "enemy",
                &seats.get(danger.enemy.index()).cloned().unwrap_or_default(),
            ),
            ("n", &danger.attackers),
            ("from", &territory(board, danger.from)),
        ],
    )
}

/// What the status line needs besides the decision.
pub struct StatusContext<'a> {
    pub board: &'a Board,
    /// Seat names, indexed by seat.
    pub names: &'a [String],
    /// Whether the seat to move is played by the computer.
    pub computer: bool,
    /// Starting armies the seat still has in hand, placing included (setup only).
    pub armies_in_hand: u32,
    /// Armies already put on the map for the placement at hand.
    pub placed: u32,
    /// The territory chosen to move from, if any.
    pub source: Option<TerritoryId>,
    /// The fortify chosen on the map and not yet confirmed, if any.
    pub fortify: Option<FortifyDraft>,
    /// The attack in progress: the attacker, from and to.
    pub attack: Option<(Seat, TerritoryId, TerritoryId)>,
}

fn territory(board: &Board, id: TerritoryId) -> String {
    translated(board.territory(id).name.as_str())
}

/// One sentence for the status line, or the winner's when the game is over.
pub fn status_line(
    pending: Option<&Pending>,
    winner: Option<String>,
    cx: &StatusContext,
) -> String {
    let Some(pending) = pending else {
        return match winner {
            Some(name) => fill(&gettext("{name} won the game"), &[("name", &name)]),
            None => gettext("The game is over"),
        };
    };
    let name = cx
        .names
        .get(pending.seat.index())
        .cloned()
        .unwrap_or_default();
    // A computer's defence is part of the attacker's turn: the line follows the
    // attack being played, not the defender's thoughts.
    if let (true, Decision::Defend { .. }, Some((attacker, from, to))) =
        (cx.computer, &pending.decision, cx.attack)
    {
        let seat_name = |seat: Seat| cx.names.get(seat.index()).cloned().unwrap_or_default();
        return fill(
            &gettext("Attack on {to} ({defender}) from {from} by {attacker}"),
            &[
                ("attacker", &seat_name(attacker)),
                ("defender", &name),
                ("to", &territory(cx.board, to)),
                ("from", &territory(cx.board, from)),
            ],
        );
    }
    let what = if cx.computer {
        gettext("thinking…")
    } else {
        human_request(&pending.decision, cx)
    };
    // TRANSLATORS: a seat's name, then what it is asked to do.
    fill(
        &gettext("{name}: {what}"),
        &[("name", &name), ("what", &what)],
    )
}

fn human_request(decision: &Decision, cx: &StatusContext) -> String {
    let board = cx.board;
    match decision {
        Decision::PlaceCastle { empire } => fill(
            &gettext("place your castle in {empire} — click one of its territories"),
            &[("empire", &translated(board.group(*empire).name.as_str()))],
        ),
        Decision::Claim => gettext("claim an unoccupied territory — click one"),
        Decision::PlaceArmies { armies, reason } => {
            let left = armies.saturating_sub(cx.placed);
            match reason {
                // A single army: a click places it, with nothing to confirm.
                _ if *armies == 1 && cx.armies_in_hand <= 1 => {
                    gettext("1 army to place — click a territory of yours")
                }
                // One at a time (classic Risk): a click places it.
                PlacementReason::Setup if *armies == 1 => {
                    let left = cx.armies_in_hand;
                    fill(
                        &ngettext(
                            "{left} army left to place, one at a time — click a territory of yours (Shift-click: 5 there, Ctrl-click: all there)",
                            "{left} armies left to place, one at a time — click a territory of yours (Shift-click: 5 there, Ctrl-click: all there)",
                            left,
                        ),
                        &[("left", &left)],
                    )
                }
                PlacementReason::Setup if cx.armies_in_hand > *armies => fill(
                    &ngettext(
                        "{left} army left to place, {at} at a time — click your territories, then Confirm",
                        "{left} armies left to place, {at} at a time — click your territories, then Confirm",
                        cx.armies_in_hand.saturating_sub(cx.placed),
                    ),
                    &[
                        (
                            "left",
                            &cx.armies_in_hand.saturating_sub(cx.placed).to_string(),
                        ),
                        ("at", &armies),
                    ],
                ),
                _ => fill(
                    &ngettext(
                        "{left} army left to place — click your territories, then Confirm",
                        "{left} armies left to place — click your territories, then Confirm",
                        left,
                    ),
                    &[("left", &left)],
                ),
            }
        }
        Decision::HideArmies => {
            gettext("click where your hidden armies lie — nobody else will see it")
        }
        Decision::Play { .. } => match cx.source {
            Some(from) => fill(
                &translated(
                    "attack from {from} — click a lit territory, or click {from} again to choose another",
                ),
                &[("from", &territory(board, from))],
            ),
            None => gettext("click a territory to attack from, play cards, or end your turn"),
        },
        Decision::Roll { from, to, .. } => fill(
            &gettext("attacking {to} from {from} — roll or stop"),
            &[
                ("to", &territory(board, *to)),
                ("from", &territory(board, *from)),
            ],
        ),
        Decision::Defend {
            territory: id,
            attacker_dice,
            ..
        } => fill(
            &ngettext(
                "defend {territory} against {dice} die",
                "defend {territory} against {dice} dice",
                u32::from(*attacker_dice),
            ),
            &[
                ("territory", &territory(board, *id)),
                ("dice", &attacker_dice),
            ],
        ),
        Decision::MoveIn { to, min, max, .. } => fill(
            &gettext("move {min} to {max} armies into {territory}"),
            &[
                ("min", &min),
                ("max", &max),
                ("territory", &territory(board, *to)),
            ],
        ),
        Decision::AnswerSpy { spy } => fill(
            &gettext("{spy} plays a Spy on you — answer it"),
            &[("spy", &cx.names.get(spy.index()).map_or("", String::as_str))],
        ),
        Decision::SpyDiscard { target } => fill(
            &gettext("discard one card from {target}'s hand"),
            &[(
                "target",
                &cx.names.get(target.index()).map_or("", String::as_str),
            )],
        ),
        Decision::FillVacated { victor: true, .. } => {
            gettext("click a vacated territory to fill it with 1 army, or stop filling")
        }
        Decision::FillVacated { .. } => gettext("click a vacated territory to fill it with 1 army"),
        Decision::Fortify => match cx.fortify {
            Some(draft) => fill(
                &ngettext(
                    "fortify: move {armies} army from {from} to {to} — confirm, or Undo to choose again",
                    "fortify: move {armies} armies from {from} to {to} — confirm, or Undo to choose again",
                    draft.armies,
                ),
                &[
                    ("armies", &draft.armies),
                    ("from", &territory(cx.board, draft.from)),
                    ("to", &territory(cx.board, draft.to)),
                ],
            ),
            None => gettext("fortify once — click a territory, then a neighbour — or skip"),
        },
        Decision::AnswerOffer { from, .. } => fill(
            &gettext("{seat} offers you cards — accept or refuse in the side panel"),
            &[(
                "seat",
                &cx.names.get(from.index()).map_or("", String::as_str),
            )],
        ),
        Decision::TradeCards { .. } => {
            gettext("your hand is full: trade a set of territory cards in the side panel")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use castellan_engine::board::load_board_file;
    use std::path::Path;

    fn board() -> Board {
        load_board_file(&Path::new(env!("CARGO_MANIFEST_DIR")).join("data/boards/castle-risk.toml"))
            .unwrap()
    }

    fn names() -> Vec<String> {
        vec!["Anna".into(), "Ben".into()]
    }

    fn line(
        board: &Board,
        decision: Decision,
        seat: u8,
        armies_in_hand: u32,
        placed: u32,
    ) -> String {
        let names = names();
        let cx = StatusContext {
            board,
            names: &names,
            computer: false,
            armies_in_hand,
            placed,
            source: None,
            fortify: None,
            attack: None,
        };
        status_line(
            Some(&Pending {
                seat: Seat(seat),
                decision,
            }),
            None,
            &cx,
        )
    }

    #[test]
    fn castle_placement_names_the_seat_and_the_empire() {
        let board = board();
        let empire = board.territory(TerritoryId(0)).group;
        let text = line(&board, Decision::PlaceCastle { empire }, 0, 0, 0);
        assert!(text.starts_with("Anna: place your castle in "), "{text}");
        assert!(text.contains(board.group(empire).name.as_str()), "{text}");
    }

    #[test]
    fn setup_placement_counts_what_is_left_and_how_many_at_a_time() {
        let board = board();
        let decision = Decision::PlaceArmies {
            armies: 5,
            reason: PlacementReason::Setup,
        };
        assert_eq!(
            line(&board, decision.clone(), 1, 9, 2)
                .split(" —")
                .next()
                .unwrap(),
            "Ben: 7 armies left to place, 5 at a time"
        );
        let spoils = Decision::PlaceArmies {
            armies: 2,
            reason: PlacementReason::Spoils,
        };
        assert!(line(&board, spoils, 1, 0, 0).starts_with("Ben: 2 armies left to place"));
        // One army alone: a click places it.
        let one = Decision::PlaceArmies {
            armies: 1,
            reason: PlacementReason::Spoils,
        };
        assert_eq!(
            line(&board, one, 1, 0, 0),
            "Ben: 1 army to place — click a territory of yours"
        );
        // One army at a time, more to come (classic setup).
        let classic = Decision::PlaceArmies {
            armies: 1,
            reason: PlacementReason::Setup,
        };
        assert!(
            line(&board, classic, 1, 12, 0)
                .starts_with("Ben: 12 armies left to place, one at a time"),
        );
    }

    #[test]
    fn a_computer_seat_is_thinking_and_a_won_game_names_the_winner() {
        let board = board();
        let names = names();
        let cx = StatusContext {
            board: &board,
            names: &names,
            computer: true,
            armies_in_hand: 0,
            placed: 0,
            source: None,
            fortify: None,
            attack: None,
        };
        let pending = Pending {
            seat: Seat(1),
            decision: Decision::Claim,
        };
        assert_eq!(status_line(Some(&pending), None, &cx), "Ben: thinking…");
        assert_eq!(
            status_line(None, Some("Anna".into()), &cx),
            "Anna won the game"
        );
    }

    #[test]
    fn a_computers_defence_is_told_as_the_attack_under_way() {
        let board = board();
        let names = vec!["Ben".to_owned(), "Carol".to_owned()];
        let london = board.territory_by_key("london").unwrap();
        let paris = board.territory_by_key("paris").unwrap();
        let cx = StatusContext {
            board: &board,
            names: &names,
            computer: true,
            armies_in_hand: 0,
            placed: 0,
            source: None,
            fortify: None,
            attack: Some((Seat(0), paris, london)),
        };
        let defence = Pending {
            seat: Seat(1),
            decision: Decision::Defend {
                territory: london,
                attacker_dice: 3,
                max_dice: 2,
            },
        };
        // Not "Carol: thinking…" while Ben's attack goes on.
        assert_eq!(
            status_line(Some(&defence), None, &cx),
            "Attack on London (Carol) from Paris by Ben"
        );
    }

    #[test]
    fn defence_names_the_territory_and_the_dice() {
        let board = board();
        let london = board.territory_by_key("london").unwrap();
        let text = line(
            &board,
            Decision::Defend {
                territory: london,
                attacker_dice: 3,
                max_dice: 2,
            },
            0,
            0,
            0,
        );
        assert_eq!(text, "Anna: defend London against 3 dice");
    }
}
