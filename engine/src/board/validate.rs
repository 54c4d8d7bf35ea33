//! Cross-checking the raw records of a board file and building the validated [`Board`].
//!
//! Everything that needs more than one value is judged here: duplicate ids, what
//! territories, coasts and borders refer to, groups and seas nobody uses, the number
//! of empires and whether the map is connected. Geometry is delegated to `geometry`.

use std::collections::HashMap;
use std::collections::hash_map::Entry;

use super::geometry::{BoardSize, GeometryChecker};
use super::model::{
    Board, BoardMeta, Border, BorderKind, Group, GroupId, GroupKind, Point, Sea, SeaId, Territory,
    TerritoryId,
};
use super::problems::{Anchor, BoardProblem, IdKind, Section, Shape, TerritoryRef};
use super::raw::{At, RawBoard, RawBorder, RawTerritory, SUPPORTED_FORMAT};
use crate::diagnostics::{FileText, Hints, ProblemList};

/// How many cut-off territories a "not connected" message names before summing up.
const CUT_OFF_NAMED: usize = 10;

/// Checks everything that relates values to each other and, when no problem at all
/// was found (here or before), builds the board.
pub(crate) fn validate(raw: RawBoard, problems: &mut ProblemList<'_>) -> Option<Board> {
    let mut checker = Checker {
        problems,
        hints: Hints::new(),
    };
    let groups = checker.index_ids(IdKind::Group, raw.groups.iter().map(|g| g.id.as_ref()));
    let seas = checker.index_ids(IdKind::Sea, raw.seas.iter().map(|s| s.id.as_ref()));
    let territories = checker.index_ids(
        IdKind::Territory,
        raw.territories.iter().map(|t| t.id.as_ref()),
    );

    let size = raw.meta.as_ref().and_then(|meta| {
        Some(BoardSize {
            width: meta.width?,
            height: meta.height?,
        })
    });
    let mut geometry = GeometryChecker::new(size);
    let mut sea_outlines = Vec::with_capacity(raw.seas.len());
    for sea in &raw.seas {
        if let Some(label) = &sea.label {
            geometry.anchor(Anchor::SeaLabel, label, checker.problems);
        }
        sea_outlines.push(geometry.shape(Shape::Sea, &sea.outline, &sea.path, checker.problems));
    }

    let mut built_territories = Vec::with_capacity(raw.territories.len());
    let mut territory_groups = Vec::with_capacity(raw.territories.len());
    for territory in &raw.territories {
        let group = checker.territory_group(territory, &groups);
        territory_groups.push(group);
        built_territories.push(Territory {
            key: key_of(territory.id.as_ref()),
            name: territory.name.clone().unwrap_or_default(),
            // A territory without a valid group has been reported; the board will
            // not be built, so this placeholder is never seen.
            group: group.unwrap_or(GroupId(0)),
            seas: checker.territory_coasts(territory, &seas),
            land: Vec::new(),
            dotted: Vec::new(),
            card_symbol: territory.card_symbol,
            geometry: geometry.territory(territory, checker.problems),
        });
    }

    let borders = checker.borders(&raw.borders, &territories);
    for border in &borders {
        neighbours_by(&mut built_territories[border.a.index()], border.kind).push(border.b);
        neighbours_by(&mut built_territories[border.b.index()], border.kind).push(border.a);
    }
    for territory in &mut built_territories {
        territory.land.sort_unstable();
        territory.dotted.sort_unstable();
    }

    let built_groups = checker.groups(&raw, &groups, &territory_groups);
    let built_seas = checker.seas(&raw, &seas, &built_territories, sea_outlines);
    checker.connected(&raw.territories, &territories, &built_territories);

    let meta = raw.meta?;
    if !checker.problems.is_empty() {
        return None;
    }
    Some(Board {
        meta: BoardMeta {
            format: SUPPORTED_FORMAT,
            name: meta.name.unwrap_or_default(),
            description: meta.description.unwrap_or_default(),
            author: meta.author.unwrap_or_default(),
            licence: meta.licence.unwrap_or_default(),
        },
        width: meta.width?,
        height: meta.height?,
        all_independents_bonus: meta.all_independents_bonus,
        wraps_around: meta.wraps_around,
        territories: built_territories,
        groups: built_groups,
        seas: built_seas,
        borders,
    })
}

struct Checker<'p, 's> {
    problems: &'p mut ProblemList<'s>,
    hints: Hints,
}

impl Checker<'_, '_> {
    /// Maps each id to its index (file order), reporting duplicates. Malformed ids are
    /// indexed too, so that references to them are not reported a second time.
    fn index_ids<'r>(
        &mut self,
        kind: IdKind,
        ids: impl Iterator<Item = Option<&'r At<String>>>,
    ) -> IdIndex<'r> {
        let mut index = HashMap::new();
        for (number, id) in ids.enumerate() {
            let Some(id) = id else { continue };
            // The limits checked before reading keep every index within u16.
            let number = u16::try_from(number).unwrap_or(u16::MAX);
            match index.entry(id.value.as_str()) {
                Entry::Vacant(slot) => {
                    slot.insert((number, id.at));
                }
                Entry::Occupied(first) => {
                    let first_line = self.problems.line_of(first.get().1);
                    self.problems.at(
                        id.at,
                        BoardProblem::DuplicateId {
                            kind,
                            id: FileText::new(&id.value),
                            first_line,
                        },
                    );
                }
            }
        }
        index
    }

    fn territory_group(
        &mut self,
        territory: &RawTerritory,
        groups: &IdIndex<'_>,
    ) -> Option<GroupId> {
        let Some(group) = &territory.group else {
            // A `group` of the wrong type has been reported as such already.
            if !territory.group_written {
                let territory_ref = territory_ref(territory, self.problems);
                self.problems.at(
                    territory.header,
                    BoardProblem::NoGroup {
                        territory: territory_ref,
                    },
                );
            }
            return None;
        };
        if let Some((index, _)) = groups.get(group.value.as_str()) {
            return Some(GroupId(*index));
        }
        let territory_ref = territory_ref(territory, self.problems);
        let hint = self.hints.hint(&group.value, groups.keys().copied());
        self.problems.at(
            group.at,
            BoardProblem::UnknownGroup {
                territory: territory_ref,
                group: FileText::new(&group.value),
                hint,
            },
        );
        None
    }

    fn territory_coasts(&mut self, territory: &RawTerritory, seas: &IdIndex<'_>) -> Vec<SeaId> {
        let mut touched: Vec<SeaId> = Vec::new();
        for coast in &territory.coasts {
            let Some((index, _)) = seas.get(coast.value.as_str()) else {
                let hint = self.hints.hint(&coast.value, seas.keys().copied());
                self.problems.at(
                    coast.at,
                    BoardProblem::UnknownSea {
                        sea: FileText::new(&coast.value),
                        hint,
                    },
                );
                continue;
            };
            let sea = SeaId(*index);
            if touched.contains(&sea) {
                self.problems.at(
                    coast.at,
                    BoardProblem::SeaListedTwice {
                        sea: FileText::new(&coast.value),
                    },
                );
            } else {
                touched.push(sea);
            }
        }
        touched
    }

    /// Resolves the borders, reporting unknown ends, loops and repeats; the result is
    /// sorted with `a < b`.
    fn borders(&mut self, raw: &[RawBorder], territories: &IdIndex<'_>) -> Vec<Border> {
        // Where each unordered pair was first listed.
        let mut seen: HashMap<(u16, u16), usize> = HashMap::new();
        let mut borders = Vec::with_capacity(raw.len());
        for border in raw {
            let [a, b] = [&border.ends[0], &border.ends[1]].map(|end| {
                let found = territories.get(end.value.as_str()).map(|(index, _)| *index);
                (end, found)
            });
            let mut resolved = [0u16; 2];
            let mut all_known = true;
            for (slot, (end, found)) in resolved.iter_mut().zip([a, b]) {
                match found {
                    Some(index) => *slot = index,
                    None => {
                        all_known = false;
                        let hint = self.hints.hint(&end.value, territories.keys().copied());
                        self.problems.at(
                            end.at,
                            BoardProblem::UnknownBorderEnd {
                                territory: FileText::new(&end.value),
                                hint,
                            },
                        );
                    }
                }
            }
            if !all_known {
                continue;
            }
            if resolved[0] == resolved[1] {
                self.problems.at(
                    border.at,
                    BoardProblem::BorderToItself {
                        territory: FileText::new(&a.0.value),
                    },
                );
                continue;
            }
            let pair = (resolved[0].min(resolved[1]), resolved[0].max(resolved[1]));
            match seen.entry(pair) {
                Entry::Occupied(first) => {
                    let first_line = self.problems.line_of(*first.get());
                    self.problems.at(
                        border.at,
                        BoardProblem::BorderTwice {
                            a: FileText::new(&a.0.value),
                            b: FileText::new(&b.0.value),
                            first_line,
                        },
                    );
                }
                Entry::Vacant(slot) => {
                    slot.insert(border.at);
                    borders.push(Border {
                        a: TerritoryId(pair.0),
                        b: TerritoryId(pair.1),
                        kind: border.kind,
                    });
                }
            }
        }
        borders.sort_unstable_by_key(|border| (border.a, border.b));
        borders
    }

    /// Builds the groups, reporting empty ones and a board with fewer than 2 empires.
    fn groups(
        &mut self,
        raw: &RawBoard,
        index: &IdIndex<'_>,
        territory_groups: &[Option<GroupId>],
    ) -> Vec<Group> {
        let mut groups: Vec<Group> = raw
            .groups
            .iter()
            .map(|group| Group {
                key: key_of(group.id.as_ref()),
                name: group.name.clone().unwrap_or_default(),
                kind: group.kind,
                bonus: group.bonus,
                colour: group.colour,
                territories: Vec::new(),
            })
            .collect();
        for (territory, group) in territory_groups.iter().enumerate() {
            if let Some(group) = group {
                groups[group.index()]
                    .territories
                    .push(TerritoryId(territory as u16));
            }
        }
        for (number, (group, raw_group)) in groups.iter().zip(&raw.groups).enumerate() {
            if group.territories.is_empty() && is_indexed(index, raw_group.id.as_ref(), number) {
                let section = match group.kind {
                    GroupKind::Empire => Section::Empire,
                    GroupKind::Independent => Section::Region,
                };
                self.problems.at(
                    raw_group.header,
                    BoardProblem::EmptyGroup {
                        section,
                        id: FileText::new(&group.key),
                    },
                );
            }
        }
        let empires: Vec<_> = raw
            .groups
            .iter()
            .filter(|group| group.kind == GroupKind::Empire)
            .collect();
        if empires.len() < 2 {
            let at = empires
                .first()
                .map(|empire| empire.header)
                .or_else(|| raw.meta.as_ref().map(|meta| meta.header))
                .unwrap_or(0);
            self.problems.at(
                at,
                BoardProblem::TooFewEmpires {
                    found: empires.len(),
                },
            );
        }
        groups
    }

    /// Builds the seas (with the outlines checked by the caller), reporting those no
    /// territory touches.
    fn seas(
        &mut self,
        raw: &RawBoard,
        index: &IdIndex<'_>,
        territories: &[Territory],
        outlines: Vec<Vec<Vec<Point>>>,
    ) -> Vec<Sea> {
        let mut seas: Vec<Sea> = raw
            .seas
            .iter()
            .zip(outlines)
            .map(|(sea, outline)| Sea {
                key: key_of(sea.id.as_ref()),
                name: sea.name.clone().unwrap_or_default(),
                label: sea.label.as_ref().map(|label| label.value),
                label_angle: sea.label_angle.unwrap_or(0.0),
                coasts: Vec::new(),
                outline,
            })
            .collect();
        for (index, territory) in territories.iter().enumerate() {
            for sea in &territory.seas {
                seas[sea.index()].coasts.push(TerritoryId(index as u16));
            }
        }
        for (number, (sea, raw_sea)) in seas.iter().zip(&raw.seas).enumerate() {
            if sea.coasts.is_empty() && is_indexed(index, raw_sea.id.as_ref(), number) {
                self.problems.at(
                    raw_sea.header,
                    BoardProblem::UnusedSea {
                        sea: FileText::new(&sea.key),
                    },
                );
            }
        }
        seas
    }

    /// Reports the territories that land and dotted borders do not join to the first.
    fn connected(&mut self, raw: &[RawTerritory], index: &IdIndex<'_>, territories: &[Territory]) {
        if territories.is_empty() {
            self.problems.at(0, BoardProblem::NoTerritory);
            return;
        }
        let mut reached = vec![false; territories.len()];
        reached[0] = true;
        let mut to_visit = vec![0usize];
        while let Some(current) = to_visit.pop() {
            let territory = &territories[current];
            for next in territory.land.iter().chain(&territory.dotted) {
                if !reached[next.index()] {
                    reached[next.index()] = true;
                    to_visit.push(next.index());
                }
            }
        }
        // A duplicate or an id-less territory cannot be named in a border; it has
        // been reported already and would only add noise here.
        let cut_off: Vec<usize> = (0..territories.len())
            .filter(|&i| !reached[i] && is_indexed(index, raw[i].id.as_ref(), i))
            .collect();
        let Some(&first_cut_off) = cut_off.first() else {
            return;
        };
        let named = cut_off
            .iter()
            .take(CUT_OFF_NAMED)
            .map(|&i| territory_ref(&raw[i], self.problems))
            .collect();
        let from = territory_ref(&raw[0], self.problems);
        self.problems.at(
            raw[first_cut_off].header,
            BoardProblem::NotConnected {
                cut_off: named,
                more: cut_off.len().saturating_sub(CUT_OFF_NAMED),
                from,
            },
        );
    }
}

/// Ids mapped to their index (file order) and the offset where they were written.
type IdIndex<'r> = HashMap<&'r str, (u16, usize)>;

/// Whether the item at `number` is the one its id refers to (not a duplicate, not
/// missing its id), so that problems caused by a duplicate are not reported twice.
fn is_indexed(index: &IdIndex<'_>, id: Option<&At<String>>, number: usize) -> bool {
    id.and_then(|id| index.get(id.value.as_str()))
        .is_some_and(|(indexed, _)| usize::from(*indexed) == number)
}

/// The territory by its id, or by the line of its table when it has none.
fn territory_ref(territory: &RawTerritory, problems: &ProblemList<'_>) -> TerritoryRef {
    match &territory.id {
        Some(id) => TerritoryRef::Id(FileText::new(&id.value)),
        None => TerritoryRef::AtLine(problems.line_of(territory.header)),
    }
}

/// The neighbour list of `territory` for borders of `kind`.
fn neighbours_by(territory: &mut Territory, kind: BorderKind) -> &mut Vec<TerritoryId> {
    match kind {
        BorderKind::Land => &mut territory.land,
        BorderKind::Dotted => &mut territory.dotted,
    }
}

fn key_of(id: Option<&At<String>>) -> String {
    id.map(|id| id.value.clone()).unwrap_or_default()
}
