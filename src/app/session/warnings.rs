//! Where the rules bite a newcomer, said before it happens: a placement about to be
//! confirmed that leaves the person's castle at dangerous odds (a castle taken
//! eliminates its owner, ruling 18), with the exact chance of holding it against the
//! strongest enemy army next to it. The odds are the engine's; the warning decides
//! nothing, it only asks the person to confirm once more.

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Action, Seat};
use castellan_engine::odds::{OddsOptions, odds};

use super::Session;

/// Below this chance of holding, a castle is in danger.
pub const DANGEROUS_HOLD: f64 = 0.5;

/// A castle in danger once the placement on the map is made.
#[derive(Clone, Debug, PartialEq)]
pub struct CastleDanger {
    pub castle: TerritoryId,
    /// Its armies after the placement.
    pub defenders: u32,
    /// The strongest enemy army next to it: whose, where, and how many could attack.
    pub enemy: Seat,
    pub from: TerritoryId,
    pub attackers: u32,
    /// The castle's chance of holding against that attack fought to the end.
    pub holds: f64,
}

impl Session {
    /// The danger the person's castle would be in once the placement on the map is
    /// confirmed, if its chance of holding against the strongest enemy army next to
    /// it is under [`DANGEROUS_HOLD`].
    pub fn castle_danger_after_placement(&self) -> Option<CastleDanger> {
        let seat = self.human_to_move()?;
        let Action::PlaceArmies { .. } = self.confirm_placement()? else {
            return None;
        };
        let game = &self.game;
        let castle = game.castle(seat)?;
        let defenders = game.armies(castle) + self.drafted_on(castle);
        let options = OddsOptions {
            castle: true,
            castle_dice_limit: Some(game.variant().castle_dice_limit),
            ..OddsOptions::default()
        };
        game.board()
            .neighbours(castle)
            .filter_map(|from| {
                let enemy = game.owner(from).filter(|&owner| owner != seat)?;
                let attackers = game.armies(from).checked_sub(1).filter(|&a| a > 0)?;
                let taken = odds(attackers, defenders, options)
                    .ok()?
                    .attacker_win_probability();
                Some(CastleDanger {
                    castle,
                    defenders,
                    enemy,
                    from,
                    attackers,
                    holds: 1.0 - taken,
                })
            })
            .min_by(|a, b| a.holds.total_cmp(&b.holds))
            .filter(|danger| danger.holds < DANGEROUS_HOLD)
    }
}
