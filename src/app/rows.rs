//! Lists of the side panels and dialogs kept in line with their data in place: a row
//! whose key stays is updated (and only when its data changed), a row whose key went
//! is removed, a new one is inserted where it belongs. Nothing else is rebuilt, so
//! keyboard focus and scroll positions stay where they were.

use relm4::factory::{DynamicIndex, FactoryComponent, FactoryVecDeque};

/// A factory row showing one item of data, which its key names in its list.
pub trait Row: FactoryComponent<Index = DynamicIndex>
where
    Self::Init: PartialEq,
{
    /// What tells this item from the others of its list.
    type Key: PartialEq;

    fn key(data: &Self::Init) -> Self::Key;

    /// The data the row shows now.
    fn data(&self) -> &Self::Init;

    /// Shows new data of the same key.
    fn set_data(&mut self, data: Self::Init);
}

/// Brings `rows` in line with `wanted`, in its order.
pub fn keep_in_line<R>(rows: &mut FactoryVecDeque<R>, wanted: Vec<R::Init>)
where
    R: Row,
    R::Init: PartialEq,
{
    let mut rows = rows.guard();
    // Rows no longer wanted go first, from the back so that indices hold.
    for index in (0..rows.len()).rev() {
        let key = rows.get(index).map(|row| R::key(row.data()));
        if !wanted.iter().any(|data| Some(R::key(data)) == key) {
            rows.remove(index);
        }
    }
    for (index, data) in wanted.into_iter().enumerate() {
        let key = R::key(&data);
        let found =
            (index..rows.len()).find(|&i| rows.get(i).is_some_and(|r| R::key(r.data()) == key));
        match found {
            Some(at) => {
                if at != index {
                    rows.move_to(at, index);
                }
                // Only a row whose data changed is marked for its view to update.
                if rows.get(index).is_some_and(|row| row.data() != &data)
                    && let Some(row) = rows.get_mut(index)
                {
                    row.set_data(data);
                }
            }
            None => {
                rows.insert(index, data);
            }
        }
    }
}
