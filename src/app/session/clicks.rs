//! The half-made decisions on the map: armies placed a step at a time (one, five or
//! all that are left) before they are confirmed, the territory chosen to attack, occupy, fortify or fill from; which
//! territories light up for the person to move, and what a click does. Every offer
//! comes from the engine's legal actions. The Admiral is chosen first: then the map
//! offers only its attacks by sea, and otherwise only the ordinary ones.

use castellan_engine::board::TerritoryId;
use castellan_engine::game::{Action, Choice, Placement, Route};

use super::Session;
use crate::map::TargetKind;

/// The armies to let aboard the Admiral's ships, as the side panel shows them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Aboard {
    pub armies: u32,
    /// The most that may sail (from the coast chosen, once one is).
    pub most: u32,
    pub from: Option<AboardFrom>,
}

/// The coast the Admiral sails from and what stays on it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct AboardFrom {
    pub coast: TerritoryId,
    /// Armies left on the coast once the ships sail.
    pub stay: u32,
    /// Whether the coast is a castle's.
    pub castle: bool,
}

/// How many armies a gesture places on a territory while placing.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlaceCount {
    /// One army (a click).
    One,
    /// Five armies (a shift-click), or what is left when fewer.
    Five,
    /// Every army left to place (a control-click).
    All,
}

/// A fortify chosen on the map but not yet sent: fortifying ends the turn and its
/// spoils may draw a card, so it cannot be taken back once made; until confirmed,
/// the count can change and Undo or Escape forgets it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct FortifyDraft {
    pub from: TerritoryId,
    pub to: TerritoryId,
    /// The armies to move, 1 to `max`.
    pub armies: u32,
    /// The most that may move (the engine's offer).
    pub max: u32,
}

/// What a click on the map did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Click {
    /// The click completes an action of the pending seat: apply it.
    Act(Action),
    /// The click changed a half-made decision (a placement, an attack's source).
    Changed,
    /// The click means nothing now.
    Ignored,
}

impl Session {
    /// Armies placed on the map so far and the armies to place, while placing.
    pub fn draft_progress(&self) -> Option<(u32, u32)> {
        let armies = self.human_choices().iter().find_map(|c| match c {
            Choice::PlaceArmies { armies, .. } => Some(*armies),
            _ => None,
        })?;
        Some((self.placed(), armies))
    }

    /// Whether the placement at hand is one of setup.
    fn setup_placing(&self) -> bool {
        matches!(
            self.game.pending().map(|p| p.decision),
            Some(castellan_engine::game::Decision::PlaceArmies {
                reason: castellan_engine::game::PlacementReason::Setup,
                ..
            })
        )
    }

    /// Armies placed on the map so far (in every step).
    fn placed(&self) -> u32 {
        self.draft.iter().map(|&(_, armies)| armies).sum()
    }

    /// Armies placed on `territory` so far, shown on the map before they are sent.
    pub fn drafted_on(&self, territory: TerritoryId) -> u32 {
        self.draft
            .iter()
            .filter(|&&(t, _)| t == territory)
            .map(|&(_, armies)| armies)
            .sum()
    }

    /// Places `count` armies on `territory` as one step, if the engine offers a
    /// placement there and armies are left; other decisions take it as a click.
    pub fn place(&mut self, territory: TerritoryId, count: PlaceCount) -> Click {
        let offered = self.human_choices().into_iter().find_map(|c| match c {
            Choice::PlaceArmies {
                armies,
                territories,
            } => Some((armies, territories)),
            _ => None,
        });
        let Some((armies, territories)) = offered else {
            return self.click(territory);
        };
        let left = armies.saturating_sub(self.placed());
        if !territories.contains(&territory) || left == 0 {
            return Click::Ignored;
        }
        // One army at a time (classic Risk's setup): a click places it at once, with
        // nothing to confirm; Shift and Control order more on the same territory for
        // the turns to come (5 in all, or every army left in hand).
        if armies == 1 && self.draft.is_empty() {
            if self.setup_placing() {
                let in_hand = self
                    .human_to_move()
                    .map_or(1, |seat| self.game.armies_to_place(seat));
                let ahead = match count {
                    PlaceCount::One => 0,
                    PlaceCount::Five => 4,
                    PlaceCount::All => in_hand.saturating_sub(1),
                };
                self.place_ahead(territory, ahead.min(in_hand.saturating_sub(1)));
            }
            return Click::Act(Action::PlaceArmies {
                placements: vec![Placement::new(territory, 1)],
            });
        }
        let step = match count {
            PlaceCount::One => 1,
            PlaceCount::Five => 5,
            PlaceCount::All => left,
        }
        .min(left);
        self.draft.push((territory, step));
        Click::Changed
    }

    /// Takes back one army placed on `territory` (from its latest step); returns
    /// whether there was one.
    pub fn take_back(&mut self, territory: TerritoryId) -> bool {
        let Some(index) = self.draft.iter().rposition(|&(t, _)| t == territory) else {
            return false;
        };
        self.draft[index].1 -= 1;
        if self.draft[index].1 == 0 {
            self.draft.remove(index);
        }
        true
    }

    /// The placement as an action, once every army is placed.
    pub fn confirm_placement(&self) -> Option<Action> {
        let (placed, armies) = self.draft_progress()?;
        if placed != armies || armies == 0 {
            return None;
        }
        let mut placements: Vec<Placement> = Vec::new();
        for &(territory, armies) in &self.draft {
            match placements.iter_mut().find(|p| p.territory == territory) {
                Some(p) => p.armies += armies,
                None => placements.push(Placement::new(territory, armies)),
            }
        }
        Some(Action::PlaceArmies { placements })
    }

    /// The action that closes the decision at hand without the map (ending the turn,
    /// stopping filling, skipping the fortify), if the person to move may take it.
    pub fn finish_action(&self) -> Option<Action> {
        self.human_choices().iter().find_map(|c| match c {
            Choice::EndTurn => Some(Action::EndTurn),
            Choice::StopFilling => Some(Action::StopFilling),
            Choice::SkipFortify => Some(Action::SkipFortify),
            _ => None,
        })
    }

    /// Takes back the last step of the placement (one army, five or all); returns
    /// whether there was one.
    pub fn undo_placement(&mut self) -> bool {
        self.draft.pop().is_some()
    }

    /// The fortify chosen on the map and not yet confirmed, while still offered.
    pub fn fortify_draft(&self) -> Option<FortifyDraft> {
        self.fortify.filter(|draft| {
            self.human_choices().iter().any(|c| match c {
                Choice::Fortify { routes } => routes
                    .iter()
                    .any(|r| r.from == draft.from && r.to == draft.to),
                _ => false,
            })
        })
    }

    /// Changes how many armies the fortify being made moves (kept within 1 and the
    /// most allowed).
    pub fn set_fortify_armies(&mut self, armies: u32) {
        if let Some(draft) = &mut self.fortify {
            draft.armies = armies.clamp(1, draft.max);
        }
    }

    /// The fortify being made, as an action to send.
    pub fn confirm_fortify(&self) -> Option<Action> {
        self.fortify_draft().map(|d| Action::Fortify {
            from: d.from,
            to: d.to,
            armies: d.armies,
        })
    }

    /// Forgets the fortify being made; returns whether there was one.
    pub fn clear_fortify(&mut self) -> bool {
        self.fortify.take().is_some()
    }

    /// Forgets the chosen source territory; returns whether one was chosen.
    pub fn clear_source(&mut self) -> bool {
        self.source.take().is_some()
    }

    /// The territory chosen to act from, shown selected on the map.
    pub fn source(&self) -> Option<TerritoryId> {
        self.source
    }

    fn human_choices(&self) -> Vec<Choice> {
        if self.human_to_move().is_none() {
            return Vec::new();
        }
        self.game.legal_actions().choices
    }

    /// Whether the engine offers the person to move an attack by sea now.
    pub fn admiral_offered(&self) -> bool {
        self.human_choices()
            .iter()
            .any(|c| matches!(c, Choice::AdmiralAttack { routes } if !routes.is_empty()))
    }

    /// Whether the Admiral is chosen (and still offered): the map lights and makes
    /// only its attacks by sea.
    pub fn admiral_chosen(&self) -> bool {
        self.admiral && self.admiral_offered()
    }

    /// With the Admiral chosen: the armies to let aboard, the most its routes allow
    /// (the engine's offer: from the coast chosen, once one is), and what stays on
    /// that coast. Unless the person says otherwise, everything that may go sails,
    /// but from a castle's coast only half: a castle is never emptied without the
    /// person choosing to (every survivor lands, none comes back).
    pub fn admiral_aboard(&self) -> Option<Aboard> {
        if !self.admiral_chosen() {
            return None;
        }
        let routes: Vec<Route> = self
            .human_choices()
            .into_iter()
            .filter_map(|c| match c {
                Choice::AdmiralAttack { routes } => Some(routes),
                _ => None,
            })
            .flatten()
            .collect();
        let from = self
            .source
            .filter(|&source| routes.iter().any(|r| r.from == source));
        let most = routes
            .iter()
            .filter(|r| from.is_none_or(|source| r.from == source))
            .map(|r| r.max_armies)
            .max()?;
        let castle = from.is_some_and(|source| self.game.castle_at(source).is_some());
        let default = if castle { most.div_ceil(2) } else { most };
        let armies = self.admiral_aboard.unwrap_or(default).clamp(1, most);
        Some(Aboard {
            armies,
            most,
            from: from.map(|source| AboardFrom {
                coast: source,
                stay: self.game.armies(source).saturating_sub(armies),
                castle,
            }),
        })
    }

    /// Lets at most `armies` aboard the Admiral's ships in the attack chosen next.
    pub fn set_admiral_aboard(&mut self, armies: u32) {
        self.admiral_aboard = Some(armies.max(1));
    }

    /// Chooses the Admiral, or puts it back when chosen; returns whether anything
    /// changed. The chosen source is forgotten: the two offer different ones.
    pub fn toggle_admiral(&mut self) -> bool {
        if !self.admiral_chosen() && !self.admiral_offered() {
            return false;
        }
        self.admiral = !self.admiral_chosen();
        self.source = None;
        true
    }

    /// Escape on the map: forgets the chosen source first, then the Admiral; returns
    /// whether there was one.
    pub fn cancel(&mut self) -> bool {
        if self.clear_fortify() | self.clear_source() {
            return true;
        }
        std::mem::take(&mut self.admiral)
    }

    /// The choices the map offers: with the Admiral chosen its attacks by sea and no
    /// other move from a territory; without it, everything but those.
    fn map_choices(&self) -> Vec<Choice> {
        let admiral = self.admiral_chosen();
        let mut choices = self.human_choices();
        choices.retain(|c| match c {
            Choice::AdmiralAttack { .. } => admiral,
            Choice::Attack { .. } | Choice::Occupy { .. } | Choice::Fortify { .. } => !admiral,
            _ => true,
        });
        choices
    }

    /// Routes from the chosen source, with how each is reached.
    fn routes_from(&self, choices: &[Choice], from: TerritoryId) -> Vec<(Choice, TerritoryId)> {
        let mut routes = Vec::new();
        for choice in choices {
            let list = match choice {
                Choice::Attack { routes }
                | Choice::AdmiralAttack { routes }
                | Choice::Occupy { routes }
                | Choice::Fortify { routes } => routes,
                _ => continue,
            };
            for route in list.iter().filter(|r| r.from == from) {
                routes.push((choice.clone(), route.to));
            }
        }
        routes
    }

    /// Territories a move may start from now.
    fn sources(choices: &[Choice]) -> Vec<TerritoryId> {
        let mut sources: Vec<TerritoryId> = choices
            .iter()
            .flat_map(|choice| match choice {
                Choice::Attack { routes }
                | Choice::AdmiralAttack { routes }
                | Choice::Occupy { routes }
                | Choice::Fortify { routes } => routes.iter().map(|r| r.from).collect(),
                Choice::FillVacated { sources, .. } => sources.clone(),
                _ => Vec::new(),
            })
            .collect();
        sources.sort();
        sources.dedup();
        sources
    }

    /// Which territories light up, and why: where the pending person may click.
    pub fn targets(&self) -> Vec<(TerritoryId, TargetKind)> {
        let choices = self.map_choices();
        let mut targets = Vec::new();
        for choice in &choices {
            match choice {
                Choice::PlaceCastle { territories }
                | Choice::Claim { territories }
                | Choice::HideArmies { territories }
                | Choice::FillVacated { territories, .. } => {
                    targets.extend(territories.iter().map(|&t| (t, TargetKind::Adjacent)));
                }
                Choice::PlaceArmies { territories, .. } => {
                    targets.extend(territories.iter().map(|&t| (t, TargetKind::Adjacent)));
                }
                _ => {}
            }
        }
        let filling = choices
            .iter()
            .any(|c| matches!(c, Choice::FillVacated { .. }));
        if filling {
            return targets;
        }
        match self.source {
            Some(from) => {
                let routes = self.routes_from(&choices, from);
                targets.extend(routes.into_iter().map(|(choice, to)| {
                    let kind = match choice {
                        Choice::AdmiralAttack { .. } => TargetKind::AcrossSea,
                        _ => TargetKind::Adjacent,
                    };
                    (to, kind)
                }));
            }
            None => targets.extend(
                Self::sources(&choices)
                    .into_iter()
                    .map(|t| (t, TargetKind::Adjacent)),
            ),
        }
        targets
    }

    /// What a click on `territory` does for the person to move.
    pub fn click(&mut self, territory: TerritoryId) -> Click {
        let choices = self.map_choices();
        for choice in &choices {
            let action = match choice {
                Choice::PlaceCastle { territories } if territories.contains(&territory) => {
                    Action::PlaceCastle { territory }
                }
                Choice::Claim { territories } if territories.contains(&territory) => {
                    Action::Claim { territory }
                }
                Choice::HideArmies { territories } if territories.contains(&territory) => {
                    Action::HideArmies { territory }
                }
                Choice::PlaceArmies { territories, .. } if territories.contains(&territory) => {
                    return self.place(territory, PlaceCount::One);
                }
                Choice::FillVacated {
                    territories,
                    sources,
                } => {
                    if sources.contains(&territory) {
                        self.source = Some(territory);
                        return Click::Changed;
                    }
                    if !territories.contains(&territory) {
                        continue;
                    }
                    // Without a chosen source, the army comes from the largest stack.
                    let from = self
                        .source
                        .filter(|s| sources.contains(s))
                        .or_else(|| sources.iter().copied().max_by_key(|&s| self.game.armies(s)));
                    match from {
                        Some(from) => Action::FillVacated { territory, from },
                        None => continue,
                    }
                }
                _ => continue,
            };
            return Click::Act(action);
        }
        self.click_route(&choices, territory)
    }

    /// Choosing a source, then a target of an attack, occupation or fortification.
    fn click_route(&mut self, choices: &[Choice], territory: TerritoryId) -> Click {
        if let Some(from) = self.source {
            if from == territory {
                self.source = None;
                return Click::Changed;
            }
            let routes = self.routes_from(choices, from);
            if let Some((choice, to)) = routes.into_iter().find(|(_, to)| *to == territory) {
                let max = |routes: &[Route]| {
                    routes
                        .iter()
                        .find(|r| r.from == from && r.to == to)
                        .map_or(1, |r| r.max_armies)
                };
                return Click::Act(match choice {
                    Choice::Attack { .. } => Action::Attack { from, to },
                    // The panels offer other counts; a click sends everything that may
                    // go, or for the Admiral at most what the person lets aboard.
                    Choice::AdmiralAttack { routes } => Action::AdmiralAttack {
                        from,
                        to,
                        armies: max(&routes).min(
                            self.admiral_aboard()
                                .map_or(u32::MAX, |aboard| aboard.armies),
                        ),
                    },
                    Choice::Occupy { routes } => Action::Occupy {
                        from,
                        to,
                        armies: max(&routes),
                    },
                    // Not sent yet: the person chooses how many, then confirms.
                    Choice::Fortify { routes } => {
                        let most = max(&routes);
                        self.fortify = Some(FortifyDraft {
                            from,
                            to,
                            armies: most,
                            max: most,
                        });
                        return Click::Changed;
                    }
                    _ => return Click::Ignored,
                });
            }
        }
        if Self::sources(choices).contains(&territory) {
            if self.source != Some(territory) {
                // Another coast: what sails is chosen for it anew.
                self.admiral_aboard = None;
            }
            self.source = Some(territory);
            return Click::Changed;
        }
        Click::Ignored
    }
}
