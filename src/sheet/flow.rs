//! Where a sheet's pieces go, worked out from their heights alone: sections stacked
//! down columns, whole and balanced when they fit on one page that way, else piece by
//! piece with each heading kept with what follows it; then the spare height of each
//! column spread between its sections. `layout` measures the pieces and puts them
//! where the plan says.

use super::style;

/// A piece's place: the section it belongs to, its index there, and its top in its
/// column, in points from the column's top.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Slot {
    pub section: usize,
    pub piece: usize,
    pub top: f64,
}

/// The slots of one column, top to bottom.
pub type ColumnPlan = Vec<Slot>;

/// Space above the piece at `index` of its section when its column is filled to `used`.
fn gap_before(index: usize, used: f64) -> f64 {
    match index {
        _ if used == 0.0 => 0.0,
        0 => style::SECTION_GAP,
        1 => style::HEADING_GAP,
        _ => style::BLOCK_GAP,
    }
}

/// The height of a section's pieces stacked in one column.
pub fn stacked_height(pieces: &[f64]) -> f64 {
    pieces
        .iter()
        .enumerate()
        .fold(0.0, |used, (index, height)| {
            used + gap_before(index, used) + height
        })
}

/// Plans columns of `height` for the sections in `order` (indices into `sections`,
/// each the heights of its pieces, the heading first). With `whole`, every section
/// stays in one column and the columns are balanced, or there is no plan (`None`)
/// when that does not fit on one page of `per_page` columns; without, pieces flow one
/// by one onto as many columns as they need.
pub fn plan(
    sections: &[Vec<f64>],
    order: &[usize],
    height: f64,
    per_page: usize,
    whole: bool,
) -> Option<Vec<ColumnPlan>> {
    let limit = if whole {
        let heights: Vec<f64> = order
            .iter()
            .map(|&section| stacked_height(&sections[section]))
            .collect();
        Some(balanced_column_height(&heights, height, per_page)?)
    } else {
        None
    };
    let mut columns: Vec<ColumnPlan> = vec![Vec::new()];
    let mut used = 0.0;
    for &section in order {
        let pieces = &sections[section];
        if let Some(limit) = limit
            && used > 0.0
            && used + style::SECTION_GAP + stacked_height(pieces) > limit
        {
            columns.push(Vec::new());
            used = 0.0;
        }
        for (index, &piece_height) in pieces.iter().enumerate() {
            // A heading moves on with the piece after it.
            let mut needed = piece_height;
            if index == 0
                && let Some(next) = pieces.get(1)
            {
                needed += style::HEADING_GAP + next;
            }
            if limit.is_none() && used > 0.0 && used + gap_before(index, used) + needed > height {
                columns.push(Vec::new());
                used = 0.0;
            }
            let top = used + gap_before(index, used);
            columns
                .last_mut()
                .expect("there is always a column")
                .push(Slot {
                    section,
                    piece: index,
                    top,
                });
            used = top + piece_height;
        }
    }
    columns.retain(|column| !column.is_empty());
    for column in &mut columns {
        spread(column, sections, height);
    }
    Some(columns)
}

/// Moves the sections of a column apart to use its spare height, each gap growing by
/// the same amount up to [`style::SECTION_GAP_MAX`].
fn spread(column: &mut ColumnPlan, sections: &[Vec<f64>], height: f64) {
    let bottom = column
        .last()
        .map_or(0.0, |slot| slot.top + sections[slot.section][slot.piece]);
    // Sections starting below the column's top, by the index of their first slot.
    let starts: Vec<usize> = (1..column.len())
        .filter(|&index| column[index].piece == 0)
        .collect();
    if starts.is_empty() {
        return;
    }
    let extra = ((height - bottom) / starts.len() as f64)
        .clamp(0.0, style::SECTION_GAP_MAX - style::SECTION_GAP);
    for (rank, &start) in starts.iter().enumerate() {
        let end = starts.get(rank + 1).copied().unwrap_or(column.len());
        for slot in &mut column[start..end] {
            slot.top += extra * (rank + 1) as f64;
        }
    }
}

/// The smallest column height that holds whole sections of these `heights`, in
/// order, in at most `columns` columns no taller than `limit`; `None` if none does.
fn balanced_column_height(heights: &[f64], limit: f64, columns: usize) -> Option<f64> {
    let columns_needed = |target: f64| {
        let mut count = 1;
        let mut used = 0.0;
        for &height in heights {
            if height > target {
                return usize::MAX;
            }
            let needed = if used > 0.0 {
                style::SECTION_GAP + height
            } else {
                height
            };
            if used + needed > target {
                count += 1;
                used = height;
            } else {
                used += needed;
            }
        }
        count
    };
    if columns_needed(limit) > columns {
        return None;
    }
    // Bisection: the answer lies between the tallest section and the limit.
    let (mut low, mut high) = (heights.iter().copied().fold(0.0, f64::max), limit);
    for _ in 0..40 {
        let middle = (low + high) / 2.0;
        if columns_needed(middle) <= columns {
            high = middle;
        } else {
            low = middle;
        }
    }
    Some(high)
}

/// `order`, then `order` with the section `movable` moved to each other place.
pub fn orders_moving(order: &[usize], movable: Option<usize>) -> Vec<Vec<usize>> {
    let mut orders = vec![order.to_vec()];
    let Some(from) = movable.and_then(|section| order.iter().position(|&s| s == section)) else {
        return orders;
    };
    for to in 0..order.len() {
        if to != from {
            let mut moved = order.to_vec();
            let section = moved.remove(from);
            moved.insert(to, section);
            orders.push(moved);
        }
    }
    orders
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sections_of(plan: &[ColumnPlan]) -> Vec<Vec<usize>> {
        plan.iter()
            .map(|column| {
                let mut sections: Vec<usize> = column.iter().map(|slot| slot.section).collect();
                sections.dedup();
                sections
            })
            .collect()
    }

    #[test]
    fn whole_sections_fill_balanced_columns() {
        // Heading and two pieces each: 10 + 4 + 40 + 3.5 + 40 = 97.5 a section.
        let sections = vec![vec![10.0, 40.0, 40.0]; 4];
        let plan = plan(&sections, &[0, 1, 2, 3], 1000.0, 2, true).unwrap();
        assert_eq!(sections_of(&plan), [vec![0, 1], vec![2, 3]]);
        // The second section starts after the first and a section gap, plus its share
        // of the column's spare height.
        let second = plan[0].iter().find(|slot| slot.section == 1).unwrap();
        assert_eq!(second.top, 97.5 + style::SECTION_GAP_MAX);
    }

    #[test]
    fn whole_sections_that_cannot_fit_one_page_have_no_plan() {
        let sections = vec![vec![10.0, 300.0]; 5];
        assert!(plan(&sections, &[0, 1, 2, 3, 4], 700.0, 2, true).is_none());
        // Piece by piece they take as many columns as they need.
        let plan = plan(&sections, &[0, 1, 2, 3, 4], 700.0, 2, false).unwrap();
        assert_eq!(plan.len(), 3);
    }

    #[test]
    fn a_heading_never_ends_a_column() {
        let sections = vec![vec![10.0, 80.0], vec![10.0, 50.0, 20.0]];
        let plan = plan(&sections, &[0, 1], 110.0, 2, false).unwrap();
        // The second heading would fit under the first section, its first piece not.
        assert_eq!(plan[0].len(), 2);
        assert_eq!(
            plan[1][0],
            Slot {
                section: 1,
                piece: 0,
                top: 0.0
            }
        );
        assert_eq!(plan[1][1].top, 10.0 + style::HEADING_GAP);
    }

    #[test]
    fn the_movable_section_is_tried_at_every_place() {
        let orders = orders_moving(&[0, 1, 2], Some(2));
        assert_eq!(orders, [vec![0, 1, 2], vec![2, 0, 1], vec![0, 2, 1]]);
        assert_eq!(orders_moving(&[0, 1], None), [vec![0, 1]]);
    }
}
