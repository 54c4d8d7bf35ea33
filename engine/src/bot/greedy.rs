//! The greedy policy: one cheap look at the board per decision, no look-ahead. It
//! guards a threatened castle, masses armies where an attack pays, attacks when the
//! armies favour it (castles only at two to one), plays its cards when they help, and
//! grows bolder as a game drags on, so that games between greedy seats end.

use rand::{Rng, RngExt};

use super::{Policy, SeatSight};
use crate::board::TerritoryId;
use crate::game::{
    Action, Card, Choice, Decision, LegalActions, Placement, Route, Seat, TerritoryCard,
};

/// Armies a castle keeps above the enemy armies that could attack it.
const CASTLE_MARGIN: u32 = 2;
/// Hidden armies worth bringing out without waiting for a larger track number.
const REVEAL_AT: u32 = 6;
/// Rounds (turns per seat in play) after which even odds are attacked.
const BOLD_AFTER_ROUNDS: u32 = 25;
/// Rounds after which any attack is made, so that no game between greedy seats stalls.
const RECKLESS_AFTER_ROUNDS: u32 = 50;
/// A seat's own decisions in one turn after which it only looks for a way out of it.
const DECISIONS_PER_TURN: u32 = 2_000;
/// Worth of an attack that would take a castle (eliminating its owner).
const CASTLE_WORTH: i64 = 40;
/// Worth of an attack that would complete an own empire or region.
const GROUP_WORTH: i64 = 8;
/// Classic Risk: a rival holding this many territories or fewer, with cards, is
/// worth hunting down for them.
const KILL_AT_TERRITORIES: usize = 4;
/// Cards a Spy discards first: the most dangerous in another seat's hand.
const DISCARD_ORDER: [Card; 6] = [
    Card::Reinforcements,
    Card::Marshall,
    Card::General,
    Card::Admiral,
    Card::Diplomat,
    Card::Spy,
];

/// Plays the obvious move every time, in microseconds: the Normal strength, and with
/// [`GreedyPolicy::easy`] the Easy one. Deterministic: it draws on the generator only
/// to break ties between equally good territories at setup.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GreedyPolicy {
    /// The turn its decisions are being counted for, and how many it made in it.
    turn: u32,
    decisions: u32,
    /// Classic Risk: its territories at its first decision of the turn (a turn that
    /// took one earns a card).
    territories_at_start: usize,
    style: Style,
}

/// What sets the Easy player apart from the Normal one: a beginner's habits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Style {
    /// Guards its castle against attacks from the sea (Admirals) too.
    sea_aware: bool,
    /// Armies its castle keeps above the threat it sees.
    castle_margin: u32,
    /// Plays Spies and Diplomats, commits Marshalls, waits for hidden armies to grow.
    card_tricks: bool,
    /// Attacks only at the Normal player's odds (else whenever it has more armies).
    cautious: bool,
    /// Masses its armies where the best attack is (else spreads them at random over
    /// its territories next to an enemy).
    focused: bool,
    /// Moves every army it may into each territory it takes, rolling on.
    sweeping: bool,
    /// Classic Risk: hunts rivals down for their cards, breaks their continents and
    /// takes a territory every turn for the card.
    classic_sense: bool,
}

impl Default for Style {
    fn default() -> Self {
        Self {
            sea_aware: true,
            castle_margin: CASTLE_MARGIN,
            card_tricks: true,
            cautious: true,
            focused: true,
            sweeping: false,
            classic_sense: true,
        }
    }
}

impl GreedyPolicy {
    /// A greedy player: the Normal strength.
    pub fn new() -> Self {
        Self::default()
    }

    /// A beginner (the Easy strength): the greedy player's habits without its care. It
    /// guards its castle only against the land next to it and with no margin, plays no
    /// Spies, Diplomats or Marshalls, brings hidden armies out as soon as they are
    /// worth anything, attacks whenever it has more armies, and spreads its armies
    /// at random along its front instead of massing them.
    pub fn easy() -> Self {
        Self {
            style: Style {
                sea_aware: false,
                castle_margin: 0,
                card_tricks: false,
                cautious: false,
                focused: false,
                sweeping: false,
                classic_sense: false,
            },
            ..Self::default()
        }
    }

    /// The sweeper: the greedy player massing everything on one army that attacks
    /// whatever it outnumbers and moves everything on, the way aggressive people
    /// play. Not a strength: the Expert imagines some of its rivals playing so, so
    /// that it does not count on rivals as careful as the greedy player.
    pub fn sweeper() -> Self {
        Self {
            style: Style {
                cautious: false,
                sweeping: true,
                ..Style::default()
            },
            ..Self::default()
        }
    }
}

impl Policy for GreedyPolicy {
    fn choose(&mut self, sight: &SeatSight<'_>, legal: &LegalActions, rng: &mut dyn Rng) -> Action {
        if sight.turn_number() != self.turn {
            self.turn = sight.turn_number();
            self.decisions = 0;
            self.territories_at_start = own_territories(sight);
        }
        self.decisions += 1;
        if self.decisions > DECISIONS_PER_TURN
            && let Some(way_out) = way_out(legal)
        {
            return way_out;
        }
        let Some(choice) = legal.choices.first() else {
            panic!("a policy is only asked while a decision is pending");
        };
        let eye = Eye {
            sight,
            style: self.style,
            captured: sight.is_classic() && own_territories(sight) > self.territories_at_start,
        };
        match choice {
            Choice::PlaceCastle { territories } => Action::PlaceCastle {
                territory: eye.best(territories, rng, |t| eye.castle_site(t)),
            },
            Choice::Claim { territories } => {
                let held = eye.held_in_groups();
                Action::Claim {
                    territory: eye.best(territories, rng, |t| eye.claim_worth(t, &held)),
                }
            }
            Choice::HideArmies { territories } => Action::HideArmies {
                territory: eye.best(territories, rng, |t| eye.hiding_place(t)),
            },
            Choice::PlaceArmies {
                armies,
                territories,
            } => Action::PlaceArmies {
                placements: eye.placements(*armies, territories, rng),
            },
            Choice::FillVacated {
                territories,
                sources,
            } => eye.fill(territories, sources),
            Choice::Defend { max_dice, marshall } => eye.defend(legal, *max_dice, *marshall),
            Choice::Roll {
                max_dice, general, ..
            } => eye.roll(*max_dice, *general),
            Choice::MoveIn { min, max } => eye.move_in(*min, *max),
            Choice::AnswerSpy { counter } => Action::AnswerSpy {
                counter: *counter && self.style.card_tricks,
            },
            Choice::SpyDiscard { cards } => Action::SpyDiscard {
                card: DISCARD_ORDER
                    .into_iter()
                    .find(|c| cards.contains(c))
                    .unwrap_or(cards[0]),
            },
            Choice::Fortify { routes } => eye.fortify(routes),
            Choice::TradeCards { sets } => eye.trade(sets),
            &Choice::AnswerOffer { accept } => match sight.pending().map(|p| p.decision) {
                Some(Decision::AnswerOffer { give, ask, .. }) => {
                    super::trade::answer_offer(&give, &ask, accept)
                }
                _ => Action::AnswerOffer { accept: false },
            },
            _ => eye.play(legal),
        }
    }
}

/// The closing action of whatever is going on, when one is allowed.
fn way_out(legal: &LegalActions) -> Option<Action> {
    legal.choices.iter().find_map(|choice| match choice {
        Choice::EndTurn => Some(Action::EndTurn),
        Choice::StopAttack => Some(Action::StopAttack),
        Choice::SkipFortify => Some(Action::SkipFortify),
        Choice::StopFilling => Some(Action::StopFilling),
        _ => None,
    })
}

/// Territories `sight`'s seat holds.
fn own_territories(sight: &SeatSight<'_>) -> usize {
    sight
        .territories()
        .iter()
        .filter(|t| t.owner == Some(sight.seat()))
        .count()
}

/// The greedy judgements about one position, seen by one seat.
struct Eye<'s, 'a> {
    sight: &'s SeatSight<'a>,
    style: Style,
    /// Classic Risk: whether it took a territory this turn.
    captured: bool,
}

impl<'a> Eye<'_, 'a> {
    fn me(&self) -> Seat {
        self.sight.seat()
    }

    /// Classic Risk: trades as soon as it may (armies now beat armies later), the
    /// set keeping wild cards if it can, and naming first a card whose territory it
    /// holds, for the extra armies there.
    fn trade(&self, sets: &[[TerritoryCard; 3]]) -> Action {
        let held = |c: &TerritoryCard| {
            self.sight
                .card_territory(*c)
                .is_some_and(|t| self.sight.is_mine(t))
        };
        let wilds = |set: &[TerritoryCard; 3]| {
            set.iter()
                .filter(|&&c| self.sight.card_territory(c).is_none())
                .count()
        };
        let best = sets
            .iter()
            .min_by_key(|set| (wilds(set), !set.iter().any(held)))
            .copied()
            .expect("a trade is offered only with a set");
        let mut cards = best;
        if let Some(i) = cards.iter().position(held) {
            cards.swap(0, i);
        }
        Action::TradeCards { cards }
    }

    fn neighbours(&self, t: TerritoryId) -> impl Iterator<Item = TerritoryId> + 'a {
        self.sight.neighbours(t).iter().copied()
    }

    /// Whether `t` is held by a seat other than this one.
    fn is_enemy(&self, t: TerritoryId) -> bool {
        matches!(self.sight.owner(t), Some(o) if o != self.me())
    }

    /// Enemy armies next to `t` that could attack it (each territory keeps 1 back).
    fn pressure(&self, t: TerritoryId) -> u32 {
        self.neighbours(t)
            .filter(|&n| self.is_enemy(n))
            .map(|n| self.sight.armies(n).saturating_sub(1))
            .sum()
    }

    /// What could fall on the castle at `t`: the enemy armies next to it, or the
    /// largest enemy army that could sail to it with an Admiral, whichever is more.
    fn castle_threat(&self, t: TerritoryId) -> u32 {
        let board = self.sight.board();
        let by_sea = if !self.style.sea_aware || board.territory(t).seas.is_empty() {
            0
        } else {
            board
                .territory_ids()
                .filter(|&n| self.is_enemy(n) && self.sight.share_a_sea(t, n))
                .map(|n| self.sight.armies(n).saturating_sub(1))
                .max()
                .unwrap_or(0)
        };
        self.pressure(t).max(by_sea)
    }

    fn own_neighbours(&self, t: TerritoryId) -> i64 {
        self.neighbours(t)
            .filter(|&n| self.sight.is_mine(n))
            .count() as i64
    }

    fn enemy_neighbours(&self, t: TerritoryId) -> i64 {
        self.neighbours(t).filter(|&n| self.is_enemy(n)).count() as i64
    }

    fn next_to_my_castle(&self, t: TerritoryId) -> bool {
        self.sight
            .castle(self.me())
            .is_some_and(|c| self.sight.board().are_adjacent(c, t))
    }

    /// The territory of `candidates` with the highest `worth`; ties are broken at
    /// random so that equal choices do not always fall on the lowest id.
    fn best(
        &self,
        candidates: &[TerritoryId],
        rng: &mut dyn Rng,
        worth: impl Fn(TerritoryId) -> i64,
    ) -> TerritoryId {
        let mut best = candidates[0];
        let mut best_worth = i64::MIN;
        let mut ties = 0u32;
        for &t in candidates {
            let w = worth(t);
            if w > best_worth {
                (best, best_worth, ties) = (t, w, 1);
            } else if w == best_worth {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = t;
                }
            }
        }
        best
    }

    // --- Setup ---

    /// A castle is best deep inside its empire, off the coasts and away from others.
    fn castle_site(&self, t: TerritoryId) -> i64 {
        let board = self.sight.board();
        let group = board.territory(t).group;
        let mut worth = 0;
        for n in self.neighbours(t) {
            worth += if board.territory(n).group == group {
                1
            } else {
                -3
            };
            if self.sight.castle_at(n).is_some() {
                worth -= 4;
            }
        }
        if !board.territory(t).seas.is_empty() {
            worth -= 2;
        }
        worth
    }

    /// Claims go to the own empire first, then next to own armies, in groups already
    /// partly held.
    /// `held_in_group[g]`: territories of group `g` this seat holds.
    fn claim_worth(&self, t: TerritoryId, held_in_group: &[i64]) -> i64 {
        let board = self.sight.board();
        let group = board.territory(t).group;
        let castle = self.sight.castle(self.me());
        let own_empire = castle.is_some_and(|c| board.territory(c).group == group);
        let mut worth = 6 * i64::from(own_empire) + held_in_group[group.index()];
        // Counted rather than tested: who holds each neighbour cannot be foreseen,
        // and claims weigh every free territory of the board.
        for n in self.neighbours(t) {
            let owner = self.sight.owner(n);
            let mine = owner == Some(self.me());
            worth += 2 * i64::from(mine) - i64::from(owner.is_some() && !mine)
                + 3 * i64::from(Some(n) == castle);
        }
        worth
    }

    /// Territories held by this seat in each group, indexed by group id.
    fn held_in_groups(&self) -> Vec<i64> {
        let board = self.sight.board();
        let mut held = vec![0; board.groups.len()];
        for t in board.territory_ids().filter(|&t| self.sight.is_mine(t)) {
            held[board.territory(t).group.index()] += 1;
        }
        held
    }

    /// Hidden armies are best under an own territory behind the castle's lines.
    fn hiding_place(&self, t: TerritoryId) -> i64 {
        5 * i64::from(self.sight.is_mine(t))
            + 3 * i64::from(self.next_to_my_castle(t))
            + self.own_neighbours(t)
            - self.enemy_neighbours(t)
    }

    // --- Placing armies ---

    /// The castle first, up to the enemy armies that could reach it and a margin; everything
    /// else on the territory best placed to attack.
    fn placements(
        &self,
        armies: u32,
        territories: &[TerritoryId],
        rng: &mut dyn Rng,
    ) -> Vec<Placement> {
        let mut placements: Vec<Placement> = Vec::with_capacity(2);
        let mut left = armies;
        if let Some(castle) = self.sight.castle(self.me())
            && territories.contains(&castle)
        {
            let wanted = self.castle_threat(castle) + self.style.castle_margin;
            let topping = wanted.saturating_sub(self.sight.armies(castle)).min(left);
            if topping > 0 {
                placements.push(Placement::new(castle, topping));
                left -= topping;
            }
        }
        while left > 0 {
            // Classic Risk's starting armies go along the whole front: one stack
            // placed before the others have placed theirs is only a target.
            let spread = self.sight.is_classic() && !self.sight.setup_done();
            let (staging, part) = if self.style.focused && !spread {
                (self.staging_territory(territories), left)
            } else {
                (self.any_front(territories, rng), left.div_ceil(2))
            };
            match placements.iter_mut().find(|p| p.territory == staging) {
                Some(p) => p.armies += part,
                None => placements.push(Placement::new(staging, part)),
            }
            left -= part;
        }
        placements
    }

    /// One of `territories` next to an enemy, at random (any of them when none is).
    fn any_front(&self, territories: &[TerritoryId], rng: &mut dyn Rng) -> TerritoryId {
        let front: Vec<TerritoryId> = territories
            .iter()
            .copied()
            .filter(|&t| self.enemy_neighbours(t) > 0)
            .collect();
        let pool = if front.is_empty() {
            territories
        } else {
            &front
        };
        pool[rng.random_range(0..pool.len())]
    }

    /// The own territory from which the best attack could be made: the most armies
    /// against the weakest, most valuable neighbour. With no enemy in reach, the
    /// castle (or the first territory).
    fn staging_territory(&self, territories: &[TerritoryId]) -> TerritoryId {
        let mut best: Option<(i64, TerritoryId)> = None;
        for &t in territories {
            let own = i64::from(self.sight.armies(t));
            for n in self.neighbours(t).filter(|&n| self.is_enemy(n)) {
                let score = self.target_worth(n) + own - i64::from(self.sight.armies(n));
                if best.is_none_or(|(b, _)| score > b) {
                    best = Some((score, t));
                }
            }
        }
        best.map(|(_, t)| t).unwrap_or_else(|| {
            self.sight
                .castle(self.me())
                .filter(|c| territories.contains(c))
                .unwrap_or(territories[0])
        })
    }

    /// What taking the enemy territory `t` would bring beyond the territory itself.
    fn target_worth(&self, t: TerritoryId) -> i64 {
        if self.sight.castle_at(t).is_some() {
            return CASTLE_WORTH;
        }
        let board = self.sight.board();
        let completes_group = board
            .group(board.territory(t).group)
            .territories
            .iter()
            .all(|&g| g == t || self.sight.is_mine(g));
        let mut worth = if completes_group { GROUP_WORTH } else { 0 };
        if self.sight.is_classic() && self.style.classic_sense {
            let owner = self.sight.owner(t);
            // A rival down to a few territories with cards: taking its last land
            // takes its cards.
            if let Some(o) = owner.filter(|&o| !self.sight.is_neutral(o)) {
                let held = self
                    .sight
                    .territories()
                    .iter()
                    .filter(|s| s.owner == Some(o))
                    .count();
                if held <= KILL_AT_TERRITORIES && self.sight.territory_card_count(o) > 0 {
                    worth += CASTLE_WORTH;
                }
            }
            // A rival's whole continent: taking one territory stops its bonus.
            let group = board.group(board.territory(t).group);
            if group
                .territories
                .iter()
                .all(|&g| self.sight.owner(g) == owner)
            {
                worth += GROUP_WORTH;
            }
        }
        worth
    }

    // --- The turn ---

    /// Between attacks: cards first, then hidden armies, empty land, the best attack
    /// that pays, and the end of the turn.
    fn play(&self, legal: &LegalActions) -> Action {
        let rounds = self.rounds();
        let mut end_turn = None;
        let mut best_attack: Option<(i64, Action, Seat)> = None;
        let mut consider = |score: i64, action: Action, defender: Seat| {
            if best_attack.as_ref().is_none_or(|(b, _, _)| score > *b) {
                best_attack = Some((score, action, defender));
            }
        };
        for choice in &legal.choices {
            match choice {
                Choice::Attack { routes } => {
                    for r in routes {
                        if let Some(score) = self.attack_score(r, false, rounds) {
                            let action = Action::Attack {
                                from: r.from,
                                to: r.to,
                            };
                            consider(score, action, self.defender(r));
                        }
                    }
                }
                Choice::AdmiralAttack { routes } => {
                    for r in routes {
                        if let Some(score) = self.attack_score(r, true, rounds) {
                            let action = Action::AdmiralAttack {
                                from: r.from,
                                to: r.to,
                                armies: r.max_armies,
                            };
                            consider(score, action, self.defender(r));
                        }
                    }
                }
                Choice::EndTurn => end_turn = Some(Action::EndTurn),
                _ => {}
            }
        }
        let aim = best_attack.as_ref().map(|(_, _, defender)| *defender);
        for choice in &legal.choices {
            // Once a game drags on, truces only prolong it: Diplomats stay in hand.
            // A beginner plays no tricks at all.
            let trick = matches!(choice, Choice::PlayDiplomat { .. } | Choice::PlaySpy { .. });
            if (matches!(choice, Choice::PlayDiplomat { .. }) && rounds >= BOLD_AFTER_ROUNDS)
                || (trick && !self.style.card_tricks)
            {
                continue;
            }
            if let Some(action) = self.card_or_reveal(choice, aim) {
                return action;
            }
        }
        for choice in &legal.choices {
            if let Choice::Occupy { routes } = choice
                && let Some(action) = self.occupy(routes)
            {
                return action;
            }
        }
        if best_attack.is_none()
            && self.sight.is_classic()
            && self.style.classic_sense
            && !self.captured
        {
            // Classic Risk: no turn without its card while an attack has the armies.
            best_attack = legal
                .choices
                .iter()
                .flat_map(|c| match c {
                    Choice::Attack { routes } => routes.as_slice(),
                    _ => &[],
                })
                .filter(|r| r.max_armies > self.sight.armies(r.to))
                .max_by_key(|r| {
                    (
                        i64::from(r.max_armies) - i64::from(self.sight.armies(r.to)),
                        std::cmp::Reverse((r.from, r.to)),
                    )
                })
                .map(|r| {
                    (
                        0,
                        Action::Attack {
                            from: r.from,
                            to: r.to,
                        },
                        self.defender(r),
                    )
                });
        }
        best_attack
            .map(|(_, action, _)| action)
            .or(end_turn)
            .or_else(|| way_out(legal))
            .unwrap_or_else(|| panic!("no way to go on from {:?}", legal.choices))
    }

    fn defender(&self, route: &Route) -> Seat {
        self.sight
            .owner(route.to)
            .expect("an attack route ends on an enemy")
    }

    /// Reinforcements at once, a Diplomat on the strongest neighbour (not the one
    /// about to be attacked), a Spy when several are held, hidden armies when large or
    /// needed.
    fn card_or_reveal(&self, choice: &Choice, aim: Option<Seat>) -> Option<Action> {
        match choice {
            Choice::PlayReinforcements { max_cards } => {
                Some(Action::PlayReinforcements { cards: *max_cards })
            }
            Choice::PlayDiplomat { targets } => self
                .strongest_neighbour(targets, aim)
                .map(|target| Action::PlayDiplomat { target }),
            Choice::PlaySpy { targets } if self.sight.hand().count(Card::Spy) >= 2 => targets
                .iter()
                .copied()
                .max_by_key(|&s| (self.sight.hand_size(s), std::cmp::Reverse(s)))
                .map(|target| Action::PlaySpy { target }),
            Choice::RevealHiddenArmies {
                territories,
                armies,
            } if *armies > 0 => territories
                .iter()
                .copied()
                .find(|&t| {
                    !self.style.card_tricks
                        || *armies >= REVEAL_AT
                        || self.sight.track_full()
                        || self.pressure(t) >= self.sight.armies(t)
                })
                .map(|territory| Action::RevealHiddenArmies { territory }),
            _ => None,
        }
    }

    /// The seat among `targets` with the most armies next to this seat's territories.
    fn strongest_neighbour(&self, targets: &[Seat], aim: Option<Seat>) -> Option<Seat> {
        let board = self.sight.board();
        let mut menace = vec![0u32; self.sight.seats()];
        for t in board.territory_ids().filter(|&t| self.sight.is_mine(t)) {
            for n in self.neighbours(t) {
                if let Some(o) = self.sight.owner(n).filter(|&o| o != self.me()) {
                    menace[o.index()] += self.sight.armies(n);
                }
            }
        }
        targets
            .iter()
            .copied()
            .filter(|&s| Some(s) != aim && menace[s.index()] > 0)
            .max_by_key(|&s| (menace[s.index()], std::cmp::Reverse(s)))
    }

    /// How keen an attack on `route` is, or `None` when the armies do not favour it.
    /// By sea the ship cannot turn back, so it needs a wider margin.
    fn attack_score(&self, route: &Route, by_sea: bool, rounds: u32) -> Option<i64> {
        let attackers = route.max_armies;
        let defenders = self.sight.armies(route.to);
        // Most routes (by sea above all) fail on the armies alone: the castle is only
        // looked up for those that need it.
        let favourable = if rounds >= RECKLESS_AFTER_ROUNDS {
            true
        } else if rounds >= BOLD_AFTER_ROUNDS {
            attackers >= defenders
        } else if !self.style.cautious || self.sight.is_classic() {
            // Classic Risk has no castle to keep: outnumbering is enough.
            attackers > defenders
        } else if by_sea {
            attackers > 2 * defenders + 1
        } else if self.sight.castle_at(route.to).is_some() {
            attackers >= 2 * defenders && attackers >= 2
        } else {
            attackers > defenders && 2 * attackers >= 3 * defenders
        };
        favourable.then(|| {
            self.target_worth(route.to) + i64::from(attackers)
                - i64::from(defenders)
                - 3 * i64::from(by_sea)
        })
    }

    /// Rounds played: turns begun per seat still in play.
    fn rounds(&self) -> u32 {
        let in_play = self
            .sight
            .seat_ids()
            .filter(|&s| !self.sight.is_eliminated(s))
            .count() as u32;
        self.sight.turn_number() / in_play.max(1)
    }

    /// Empty land is free: take it from the strongest neighbour, keeping armies home
    /// where enemies are near.
    fn occupy(&self, routes: &[Route]) -> Option<Action> {
        let r = routes
            .iter()
            .max_by_key(|r| (r.max_armies, std::cmp::Reverse(r.from)))?;
        let armies = if self.pressure(r.from) > 0 {
            1
        } else {
            (r.max_armies / 2).max(1)
        };
        Some(Action::Occupy {
            from: r.from,
            to: r.to,
            armies,
        })
    }

    /// During an attack: roll the most dice (with a General when one may be
    /// committed) while the attackers at least match the defenders; else stop.
    fn roll(&self, max_dice: u8, general: bool) -> Action {
        let roll = Action::Roll {
            dice: max_dice,
            general,
        };
        let Some(Decision::Roll { from, to, ship, .. }) = self.sight.pending().map(|p| p.decision)
        else {
            return roll;
        };
        let spare = self.sight.armies(from).saturating_sub(1);
        if ship.is_some()
            || spare >= self.sight.armies(to)
            || self.rounds() >= RECKLESS_AFTER_ROUNDS
        {
            roll
        } else {
            Action::StopAttack
        }
    }

    /// Defending: hidden armies out first if there are any to bring, then the most
    /// dice, with a Marshall when the castle itself is attacked.
    fn defend(&self, legal: &LegalActions, max_dice: u8, marshall: bool) -> Action {
        for choice in &legal.choices {
            if let Choice::RevealHiddenArmies {
                territories,
                armies,
            } = choice
                && *armies > 0
            {
                return Action::RevealHiddenArmies {
                    territory: territories[0],
                };
            }
        }
        let attacked = match self.sight.pending().map(|p| p.decision) {
            Some(Decision::Defend { territory, .. }) => Some(territory),
            _ => None,
        };
        let castle_attacked = attacked.is_some() && attacked == self.sight.castle(self.me());
        Action::Defend {
            dice: max_dice,
            marshall: marshall && castle_attacked && self.style.card_tricks,
        }
    }

    /// After a capture: everything moves on when the old territory is safe; the least
    /// when the new one is; a castle keeps its guard.
    fn move_in(&self, min: u32, max: u32) -> Action {
        let armies = match self.sight.pending().map(|p| p.decision) {
            Some(Decision::MoveIn { from, to, .. }) => {
                let behind = self.pressure(from);
                if self.sight.castle(self.me()) == Some(from) {
                    let keep = self.castle_threat(from) + self.style.castle_margin;
                    self.sight.armies(from).saturating_sub(keep).clamp(min, max)
                } else if behind == 0 || self.style.sweeping {
                    max
                } else if self.pressure(to) == 0 {
                    min
                } else {
                    min + (max - min) / 2
                }
            }
            _ => min,
        };
        Action::MoveIn { armies }
    }

    /// A vacated territory next to own land, filled from the largest army.
    fn fill(&self, territories: &[TerritoryId], sources: &[TerritoryId]) -> Action {
        let territory = territories
            .iter()
            .copied()
            .max_by_key(|&t| (self.own_neighbours(t), std::cmp::Reverse(t)))
            .expect("a vacated territory to fill");
        let from = sources
            .iter()
            .copied()
            .max_by_key(|&t| (self.sight.armies(t), std::cmp::Reverse(t)))
            .expect("a territory to fill from");
        Action::FillVacated { territory, from }
    }

    /// Classic fortify: the largest army far from any enemy moves to the front.
    fn fortify(&self, routes: &[Route]) -> Action {
        routes
            .iter()
            .filter(|r| self.pressure(r.from) == 0 && self.pressure(r.to) > 0)
            .max_by_key(|r| (r.max_armies, std::cmp::Reverse((r.from, r.to))))
            .map_or(Action::SkipFortify, |r| Action::Fortify {
                from: r.from,
                to: r.to,
                armies: r.max_armies,
            })
    }
}
