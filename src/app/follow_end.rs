//! A scrolled log that follows its newest line: until the reader scrolls back, and
//! again once they scroll to the end. Only the reader's own input (the wheel or
//! touchpad, the scroll bar, keys) stops it: the view also moves as lines are
//! measured, laid out, hidden behind another page and shown again, and none of that
//! is the reader leaving the end. Both game logs, Risk's list and Château Noir's
//! text, scroll with it.

use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use relm4::gtk;
use relm4::gtk::prelude::*;

/// How long after the reader's last input a move of the view is still theirs (a
/// touchpad's scroll glides on after the fingers leave it).
const READER_GLIDE: Duration = Duration::from_millis(1500);

/// Whether a scrolled window follows its end, and until when a move of it is the
/// reader's.
#[derive(Clone, Debug)]
pub struct EndFollower {
    following: Rc<Cell<bool>>,
    reader_until: Rc<Cell<Option<Instant>>>,
}

impl EndFollower {
    /// Makes `root` follow its end from now on.
    pub fn attach(root: &gtk::ScrolledWindow) -> Self {
        let follower = Self {
            following: Rc::new(Cell::new(true)),
            reader_until: Rc::new(Cell::new(None)),
        };
        let reading = {
            let reader_until = Rc::clone(&follower.reader_until);
            move || reader_until.set(Some(Instant::now() + READER_GLIDE))
        };
        let wheel = gtk::EventControllerScroll::new(gtk::EventControllerScrollFlags::VERTICAL);
        wheel.set_propagation_phase(gtk::PropagationPhase::Capture);
        {
            let reading = reading.clone();
            wheel.connect_scroll(move |_, _, _| {
                reading();
                gtk::glib::Propagation::Proceed
            });
        }
        {
            let reading = reading.clone();
            wheel.connect_decelerate(move |_, _, _| reading());
        }
        root.add_controller(wheel);
        let bar = gtk::GestureClick::new();
        bar.set_propagation_phase(gtk::PropagationPhase::Capture);
        {
            let reading = reading.clone();
            bar.connect_pressed(move |_, _, _, _| reading());
        }
        root.vscrollbar().add_controller(bar);
        let drag = gtk::GestureDrag::new();
        drag.set_propagation_phase(gtk::PropagationPhase::Capture);
        {
            let reading = reading.clone();
            drag.connect_drag_update(move |_, _, _| reading());
        }
        root.vscrollbar().add_controller(drag);
        let keys = gtk::EventControllerKey::new();
        keys.set_propagation_phase(gtk::PropagationPhase::Capture);
        keys.connect_key_pressed(move |_, _, _, _| {
            reading();
            gtk::glib::Propagation::Proceed
        });
        root.add_controller(keys);
        {
            let following = Rc::clone(&follower.following);
            let reader_until = Rc::clone(&follower.reader_until);
            root.vadjustment().connect_value_changed(move |adjustment| {
                if shows_the_end(adjustment) {
                    following.set(true);
                } else if reader_until
                    .get()
                    .is_some_and(|until| Instant::now() < until)
                {
                    following.set(false);
                }
            });
        }
        {
            // Lines added, rows measured, the page shown again: the end moved, and a
            // following view goes with it once laid out (the view keeps its place
            // while it is).
            let following = Rc::clone(&follower.following);
            root.vadjustment().connect_changed(move |adjustment| {
                if following.get() && !shows_the_end(adjustment) {
                    let adjustment = adjustment.clone();
                    let following = Rc::clone(&following);
                    gtk::glib::idle_add_local_once(move || {
                        if following.get() {
                            adjustment.set_value(adjustment.upper() - adjustment.page_size());
                        }
                    });
                }
            });
        }
        follower
    }

    /// Follows the end again whatever the reader did (a new game).
    pub fn follow(&self) {
        self.following.set(true);
        self.reader_until.set(None);
    }

    #[cfg(test)]
    pub fn following(&self) -> bool {
        self.following.get()
    }

    /// The reader scrolls `view` to `value` (for tests: their input is what stops the
    /// view from following).
    #[cfg(test)]
    pub fn reader_scrolls_to(&self, view: &gtk::ScrolledWindow, value: f64) {
        self.reader_until.set(Some(Instant::now() + READER_GLIDE));
        view.vadjustment().set_value(value);
    }
}

/// Whether `adjustment` shows the end of what it scrolls (or it all fits).
pub fn shows_the_end(adjustment: &gtk::Adjustment) -> bool {
    adjustment.value() + adjustment.page_size() >= adjustment.upper() - 1.0
}
