//! Why a save could not be opened ([`ReplayError`]) or written ([`SaveError`]), and
//! what is wrong with a described position ([`PositionProblem`]), in the reader's
//! language. Names and keys from the save are shown escaped: a save is a file anyone
//! may send.

use castellan_engine::board::Board;
use castellan_engine::diagnostics::{ReadError, escaped};
use castellan_engine::game::{
    MAX_SAVE_BYTES, PositionProblem, ReplayError, SAVE_FORMAT, SaveError,
};
use gettextrs::gettext;

use super::files::{file_error, io_error, problem, variant_problem};
use super::names::{Names, card, seat_number};
use super::rules::{new_game_error, rule_error};
use crate::text::fill;

/// Why a save does not open. `board` is the save's board when it loads (so that a
/// refused action names its territories); `seats` the players' names, if known.
pub fn replay_error(error: &ReplayError, board: Option<&Board>, seats: &[String]) -> String {
    match error {
        ReplayError::Json(detail) => fill(
            &gettext("not a save file: {detail}"),
            &[("detail", &escaped(&detail.to_string()))],
        ),
        ReplayError::Read(error) => fill(
            &gettext("the save cannot be read: {reason}"),
            &[("reason", &read_error(error))],
        ),
        ReplayError::TooLarge => fill(
            &gettext("the save is larger than the {size} MiB a save may have"),
            &[("size", &(MAX_SAVE_BYTES / (1024 * 1024)))],
        ),
        ReplayError::NoFormat => gettext("not a save file: it says no format"),
        ReplayError::NewerFormat(format) => fill(
            &gettext(
                "the save was made by a newer Castellan, format {format} (this version reads formats 1 to {supported})",
            ),
            &[("format", format), ("supported", &SAVE_FORMAT)],
        ),
        ReplayError::Format(format) => fill(
            &gettext(
                "save format {format} is not supported (this version reads formats 1 to {supported})",
            ),
            &[("format", format), ("supported", &SAVE_FORMAT)],
        ),
        ReplayError::Board(error) => fill(
            &gettext("the saved board does not load:\n{problems}"),
            &[("problems", &file_error(error))],
        ),
        ReplayError::BoardName { saved, loaded } => fill(
            &gettext("the save names the board “{saved}” but its board text is “{loaded}”"),
            &[("saved", &escaped(saved)), ("loaded", &escaped(loaded))],
        ),
        ReplayError::NewGame(error) => fill(
            &gettext("the saved game cannot start: {reason}"),
            &[("reason", &new_game_error(error))],
        ),
        ReplayError::Position(error) => {
            let names = Names::without_board().with_seats(seats);
            let problems: Vec<String> = error
                .problems
                .iter()
                .map(|problem| position_problem(problem, &names))
                .collect();
            fill(
                &gettext("the saved position is wrong:\n{problems}"),
                &[("problems", &problems.join("\n"))],
            )
        }
        ReplayError::SeatCount { saved, position } => fill(
            &gettext("the save has {saved} seats but its position has {position}"),
            &[("saved", saved), ("position", position)],
        ),
        ReplayError::Action {
            index,
            seat,
            action,
            reason,
        } => {
            let names = board.map_or_else(Names::without_board, Names::new);
            let names = names.with_seats(seats);
            fill(
                &gettext("action {index} ({seat}: {action}) does not replay: {reason}"),
                &[
                    ("index", index),
                    ("seat", &names.seat(*seat)),
                    ("action", action),
                    ("reason", &rule_error(reason, &names)),
                ],
            )
        }
    }
}

/// Why a file could not be read at all.
fn read_error(error: &ReadError) -> String {
    match error {
        ReadError::Io(error) => io_error(error),
        ReadError::TooLarge(bytes) => fill(
            &gettext("the file is too large to be read ({bytes} bytes or more)"),
            &[("bytes", bytes)],
        ),
        ReadError::NotUtf8(at) => format!("{}:{}: {}", at.line, at.column, problem(&at.kind)),
    }
}

/// Why a game could not be saved.
pub fn save_error(error: &SaveError) -> String {
    match error {
        SaveError::Board(error) => fill(
            &gettext("the board text given does not load: {problems}"),
            &[("problems", &file_error(error))],
        ),
        SaveError::BoardMismatch => {
            gettext("the board text given is not the board this game is played on")
        }
        SaveError::DiceChangedMidGame => gettext(
            "the dice were replaced by fixed faces during the game: a save could not replay it",
        ),
        SaveError::NotRecorded => {
            gettext("the game was played without recording its actions: it cannot be saved")
        }
    }
}

/// One thing wrong with a described position; territories, empires and banners are
/// named by the keys the position uses.
pub fn position_problem(problem: &PositionProblem, names: &Names) -> String {
    let seat = |seat| names.seat(seat);
    match problem {
        PositionProblem::SeatCount(seats) => fill(
            &gettext("a position needs 2 to 6 seats, not {seats}"),
            &[("seats", seats)],
        ),
        PositionProblem::TooFewInPlay => {
            gettext("fewer than 2 seats have a castle: the game would be over")
        }
        PositionProblem::UnknownTerritory(key) => fill(
            &gettext("there is no territory `{key}` on this board"),
            &[("key", &escaped(key))],
        ),
        PositionProblem::UnknownEmpire(key) => fill(
            &gettext("there is no empire `{key}` on this board"),
            &[("key", &escaped(key))],
        ),
        PositionProblem::UnknownSeat(unknown) => fill(
            &gettext("there is no {seat} in this position"),
            &[("seat", &seat_number(*unknown))],
        ),
        PositionProblem::OwnedWithoutArmies(key) => fill(
            &gettext("territory `{key}` has an owner but no army"),
            &[("key", &escaped(key))],
        ),
        PositionProblem::ArmiesWithoutOwner(key) => fill(
            &gettext("territory `{key}` has armies but no owner"),
            &[("key", &escaped(key))],
        ),
        PositionProblem::CastleOutsideEmpire {
            seat: owner,
            territory,
        } => fill(
            &gettext(
                "{seat}'s castle on `{territory}` is outside an empire: castles stand only in empires",
            ),
            &[("seat", &seat(*owner)), ("territory", &escaped(territory))],
        ),
        PositionProblem::CastleNotHeld {
            seat: owner,
            territory,
        } => fill(
            &gettext("{seat}'s castle on `{territory}` stands on a territory it does not hold"),
            &[("seat", &seat(*owner)), ("territory", &escaped(territory))],
        ),
        PositionProblem::TwoCastlesInEmpire {
            first,
            second,
            empire,
        } => fill(
            &gettext("{first} and {second} both have a castle in the `{empire}` empire"),
            &[
                ("first", &seat(*first)),
                ("second", &seat(*second)),
                ("empire", &escaped(empire)),
            ],
        ),
        PositionProblem::BannerStillFlying {
            seat: captor,
            banner,
        } => fill(
            &gettext(
                "{seat} captured the `{banner}` banner, but that empire's castle still stands",
            ),
            &[("seat", &seat(*captor)), ("banner", &escaped(banner))],
        ),
        PositionProblem::BannerTwice(banner) => fill(
            &gettext("the `{banner}` banner is captured twice"),
            &[("banner", &escaped(banner))],
        ),
        PositionProblem::OutSeatHolds { seat: out, what } => {
            let held = match *what {
                "territories" => gettext("territories"),
                "cards" => gettext("cards"),
                "banners" => gettext("banners"),
                "hidden armies" => gettext("hidden armies"),
                other => other.to_owned(),
            };
            fill(
                &gettext("{seat} is out of the game (no castle) but still has {what}"),
                &[("seat", &seat(*out)), ("what", &held)],
            )
        }
        PositionProblem::HiddenUnderCastle {
            seat: hider,
            territory,
        } => fill(
            &gettext("{seat} hides armies under a castle (`{territory}`)"),
            &[("seat", &seat(*hider)), ("territory", &escaped(territory))],
        ),
        PositionProblem::HiddenArmiesOff(hider) => fill(
            &gettext("this variant plays without hidden armies, but {seat} has some"),
            &[("seat", &seat(*hider))],
        ),
        PositionProblem::CardCount {
            card: kind,
            deck,
            found,
        } => fill(
            &gettext(
                "the {card} cards do not add up: the deck has {deck}, the position has {found}",
            ),
            &[("card", &card(*kind)), ("deck", deck), ("found", found)],
        ),
        PositionProblem::TrackTooLong { track, max } => fill(
            &gettext("the track holds {track} Reinforcement cards but has only {max} numbers"),
            &[("track", track), ("max", max)],
        ),
        PositionProblem::TruceWithSelf(bound) => fill(
            &gettext("a truce cannot bind {seat} to itself"),
            &[("seat", &seat(*bound))],
        ),
        PositionProblem::TruceWithOutSeat(out) => fill(
            &gettext("a truce involves {seat}, who is out of the game"),
            &[("seat", &seat(*out))],
        ),
        PositionProblem::TruceTwice {
            seat: maker,
            target,
        } => fill(
            &gettext("the truce of {seat} on {target} is listed twice"),
            &[("seat", &seat(*maker)), ("target", &seat(*target))],
        ),
        PositionProblem::TurnOfOutSeat(out) => fill(
            &gettext("it cannot be {seat}'s turn: it is out of the game"),
            &[("seat", &seat(*out))],
        ),
        PositionProblem::GeneralBeforeAttack => {
            gettext("a General can only be committed after the turn's first attack")
        }
        PositionProblem::DieFace(face) => fill(
            &gettext("a fixed die face must be 1 to 6, not {face}"),
            &[("face", face)],
        ),
        PositionProblem::TooManyArmies { armies, max } => fill(
            &gettext("the board holds {armies} armies in all, more than the {max} it may hold"),
            &[("armies", armies), ("max", max)],
        ),
        PositionProblem::OfferedToSelf(offerer) => fill(
            &gettext("{seat} cannot have been offered cards by itself"),
            &[("seat", &seat(*offerer))],
        ),
        PositionProblem::Variant(problem) => fill(
            &gettext("the variant cannot be played: {problem}"),
            &[("problem", &variant_problem(problem))],
        ),
        PositionProblem::ClassicMissions => gettext(
            "positions do not describe secret missions: a game with missions starts from its setup",
        ),
        PositionProblem::NotInClassic(what) => {
            let part = match *what {
                "castles" => gettext("castles"),
                "Castle Risk cards" => gettext("Castle Risk cards"),
                "banners" => gettext("banners"),
                "hidden armies" => gettext("hidden armies"),
                "Reinforcement track" => gettext("Reinforcement track"),
                "truces" => gettext("truces"),
                "Generals" => gettext("Generals"),
                other => other.to_owned(),
            };
            fill(
                &gettext("classic Risk has no {what}, but the position gives some"),
                &[("what", &part)],
            )
        }
        PositionProblem::NotInCastleRisk { seat: holder, what } => {
            let part = match *what {
                "territory cards" => gettext("territory cards"),
                "a neutral army" => gettext("a neutral army"),
                other => other.to_owned(),
            };
            fill(
                &gettext("{seat} has {what}, which Castle Risk does not have"),
                &[("seat", &seat(*holder)), ("what", &part)],
            )
        }
        PositionProblem::TerritoryCardTwice(key) => fill(
            &gettext("the territory card `{key}` is held twice"),
            &[("key", &escaped(key))],
        ),
        PositionProblem::TooManyWildCards { found, deck } => fill(
            &gettext("{found} wild cards are held, but the deck has {deck}"),
            &[("found", found), ("deck", deck)],
        ),
    }
}

#[cfg(test)]
mod tests {
    use castellan_engine::game::{Card, Seat};

    use super::*;

    #[test]
    fn untranslated_position_problems_are_the_engines_english() {
        let names = Names::without_board();
        for problem in [
            PositionProblem::SeatCount(7),
            PositionProblem::TooFewInPlay,
            PositionProblem::UnknownTerritory("nowhere".into()),
            PositionProblem::UnknownEmpire("nowhere".into()),
            PositionProblem::UnknownSeat(Seat(4)),
            PositionProblem::OwnedWithoutArmies("a".into()),
            PositionProblem::ArmiesWithoutOwner("a".into()),
            PositionProblem::CastleOutsideEmpire {
                seat: Seat(1),
                territory: "a".into(),
            },
            PositionProblem::CastleNotHeld {
                seat: Seat(1),
                territory: "a".into(),
            },
            PositionProblem::TwoCastlesInEmpire {
                first: Seat(0),
                second: Seat(1),
                empire: "north".into(),
            },
            PositionProblem::BannerStillFlying {
                seat: Seat(0),
                banner: "north".into(),
            },
            PositionProblem::BannerTwice("north".into()),
            PositionProblem::OutSeatHolds {
                seat: Seat(2),
                what: "cards",
            },
            PositionProblem::HiddenUnderCastle {
                seat: Seat(2),
                territory: "a".into(),
            },
            PositionProblem::HiddenArmiesOff(Seat(1)),
            PositionProblem::CardCount {
                card: Card::General,
                deck: 8,
                found: 10,
            },
            PositionProblem::TrackTooLong { track: 13, max: 12 },
            PositionProblem::TruceWithSelf(Seat(0)),
            PositionProblem::TruceWithOutSeat(Seat(2)),
            PositionProblem::TruceTwice {
                seat: Seat(0),
                target: Seat(1),
            },
            PositionProblem::TurnOfOutSeat(Seat(2)),
            PositionProblem::GeneralBeforeAttack,
            PositionProblem::DieFace(9),
            PositionProblem::TooManyArmies {
                armies: 4_294_967_296,
                max: 1_000_000_000,
            },
            PositionProblem::OfferedToSelf(Seat(0)),
            PositionProblem::ClassicMissions,
            PositionProblem::NotInClassic("castles"),
            PositionProblem::NotInClassic("truces"),
            PositionProblem::NotInCastleRisk {
                seat: Seat(1),
                what: "territory cards",
            },
            PositionProblem::TerritoryCardTwice("alaska".into()),
            PositionProblem::TooManyWildCards { found: 3, deck: 2 },
            PositionProblem::Variant(castellan_engine::variant::VariantProblem::EmptyDeck),
        ] {
            assert_eq!(
                position_problem(&problem, &names),
                problem.to_string(),
                "{problem:?}"
            );
        }
    }

    #[test]
    fn save_errors_read_as_the_engines() {
        for error in [
            SaveError::BoardMismatch,
            SaveError::DiceChangedMidGame,
            SaveError::NotRecorded,
        ] {
            assert_eq!(save_error(&error), error.to_string());
        }
        let error = ReplayError::BoardName {
            saved: "Castle\u{1b}[2JRisk".into(),
            loaded: "Castle Risk".into(),
        };
        let shown = replay_error(&error, None, &[]);
        assert!(!shown.contains('\u{1b}'), "{shown:?}");
        assert_eq!(
            shown,
            "the save names the board “Castle\\u001B[2JRisk” but its board text is “Castle Risk”"
        );
        for error in [
            ReplayError::TooLarge,
            ReplayError::NoFormat,
            ReplayError::NewerFormat(3),
            ReplayError::Format(0),
        ] {
            assert_eq!(replay_error(&error, None, &[]), error.to_string());
        }
    }
}
