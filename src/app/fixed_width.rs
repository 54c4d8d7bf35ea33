//! A column of one fixed width: a container of one child that asks for exactly its
//! width across, whatever the child would like, so that the side panels never widen
//! when a long row appears (the map beside them would shrink and shift under the
//! pointer). The child gets that width and lays out within it: its labels wrap and
//! its rows of buttons flow onto the next line. Only a child that cannot be narrower
//! than the column makes it wider, which the window's tests forbid.

use relm4::gtk::{self, glib, prelude::*, subclass::prelude::*};

mod imp {
    use std::cell::Cell;

    use super::*;

    #[derive(Default)]
    pub struct FixedWidth {
        pub width: Cell<i32>,
    }

    #[glib::object_subclass]
    impl ObjectSubclass for FixedWidth {
        const NAME: &'static str = "CastellanFixedWidth";
        type Type = super::FixedWidth;
        type ParentType = gtk::Widget;
    }

    impl ObjectImpl for FixedWidth {
        fn dispose(&self) {
            while let Some(child) = self.obj().first_child() {
                child.unparent();
            }
        }
    }

    impl WidgetImpl for FixedWidth {
        fn request_mode(&self) -> gtk::SizeRequestMode {
            gtk::SizeRequestMode::HeightForWidth
        }

        fn measure(&self, orientation: gtk::Orientation, for_size: i32) -> (i32, i32, i32, i32) {
            let Some(child) = self.obj().first_child().filter(|c| c.should_layout()) else {
                return (0, 0, -1, -1);
            };
            let (child_min_width, ..) = child.measure(gtk::Orientation::Horizontal, -1);
            let width = self.width.get().max(child_min_width);
            match orientation {
                gtk::Orientation::Horizontal => (width, width, -1, -1),
                _ => {
                    let across = if for_size < 0 { width } else { for_size };
                    let (min, natural, ..) = child.measure(gtk::Orientation::Vertical, across);
                    (min, natural, -1, -1)
                }
            }
        }

        fn size_allocate(&self, width: i32, height: i32, baseline: i32) {
            if let Some(child) = self.obj().first_child().filter(|c| c.should_layout()) {
                child.allocate(width, height, baseline, None);
            }
        }
    }
}

glib::wrapper! {
    /// A container whose one child is laid out in a column of a fixed width.
    pub struct FixedWidth(ObjectSubclass<imp::FixedWidth>)
        @extends gtk::Widget,
        @implements gtk::Buildable, gtk::ConstraintTarget;
}

impl Default for FixedWidth {
    fn default() -> Self {
        glib::Object::new()
    }
}

impl FixedWidth {
    /// A column `width` pixels wide holding `child`.
    #[cfg(test)]
    pub fn new(width: i32, child: &impl IsA<gtk::Widget>) -> Self {
        let column = Self::default();
        column.set_width(width);
        column.set_child(Some(child));
        column
    }

    /// How wide the column is, in pixels.
    pub fn set_width(&self, width: i32) {
        self.imp().width.set(width);
        self.queue_resize();
    }

    /// Puts `child` in the column, in place of the one there.
    pub fn set_child(&self, child: Option<&impl IsA<gtk::Widget>>) {
        while let Some(old) = self.first_child() {
            old.unparent();
        }
        if let Some(child) = child {
            child.set_parent(self);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[gtk::test]
    fn the_column_asks_for_its_width_whatever_its_child_would_like() {
        let label = gtk::Label::builder()
            .label("A very long line of text that would like to be far wider than the column is")
            .wrap(true)
            .build();
        let column = FixedWidth::new(200, &label);
        let (min, natural, ..) = column.measure(gtk::Orientation::Horizontal, -1);
        assert_eq!((min, natural), (200, 200));
        // The text wraps within it: taller than one line.
        let (one_line, ..) = gtk::Label::new(Some("A")).measure(gtk::Orientation::Vertical, -1);
        let (height, ..) = column.measure(gtk::Orientation::Vertical, 200);
        assert!(height > one_line, "{height} ≤ {one_line}");
        // A child that cannot be narrower makes the column wider.
        let wide = gtk::Button::with_label("A button whose label never wraps, however narrow");
        let (wide_min, ..) = wide.measure(gtk::Orientation::Horizontal, -1);
        let column = FixedWidth::new(10, &wide);
        let (min, ..) = column.measure(gtk::Orientation::Horizontal, -1);
        assert_eq!(min, wide_min);
    }
}
