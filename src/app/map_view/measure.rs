//! `CASTELLAN_MEASURE=1`: the figures issue 4 asks for, measured inside the app. It
//! prints how long after the process started the map drew its first frame, then, once
//! a game is on the map, the resident memory and the processor time spent, and quits.
//! `benches/startup.rs` runs the release build this way (with
//! `CASTELLAN_QUICK_START=1`) and reports the figures; `benches/open_save.rs` opens
//! saves of different lengths so.

use std::time::Duration;

use relm4::gtk::{gio::prelude::*, glib};

/// The environment variable that turns measuring on.
pub const VARIABLE: &str = "CASTELLAN_MEASURE";

/// What every line of figures starts with, for scripts to find.
pub const PREFIX: &str = "castellan-measure:";

/// How long the game is left to settle (side panels, log) before its memory is read.
const SETTLE: Duration = Duration::from_millis(500);

/// Linux reports process times in clock ticks of this many per second (`USER_HZ`,
/// fixed by the kernel's interface on every architecture Debian ships).
const TICKS_PER_SECOND: f64 = 100.0;

/// The state of a measurement.
#[derive(Debug, Default)]
pub struct Measure {
    first_frame_reported: bool,
    game_shown: bool,
    quitting: bool,
}

impl Measure {
    /// A measurement if `CASTELLAN_MEASURE` is set (to anything).
    pub fn from_env() -> Option<Self> {
        std::env::var_os(VARIABLE).map(|_| Self::default())
    }

    /// Called after every frame of the map: reports the first, and once a game has
    /// been drawn, reads the memory after a moment and quits.
    pub fn frame_drawn(&mut self) {
        if !self.first_frame_reported {
            self.first_frame_reported = true;
            match since_process_start() {
                Some(elapsed) => println!(
                    "{PREFIX} first-frame-ms {:.0}",
                    elapsed.as_secs_f64() * 1000.0
                ),
                None => println!("{PREFIX} first-frame-ms unknown"),
            }
        }
        if self.game_shown && !self.quitting {
            self.quitting = true;
            glib::timeout_add_local_once(SETTLE, || {
                let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
                // The total first; then how much of it is the program's own memory
                // rather than pages of shared libraries and fonts.
                for (field, figure) in [
                    ("VmRSS:", "game-rss-kib"),
                    ("RssAnon:", "game-rss-anon-kib"),
                ] {
                    match kib_field(&status, field) {
                        Some(kib) => println!("{PREFIX} {figure} {kib}"),
                        None => println!("{PREFIX} {figure} unknown"),
                    }
                }
                let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
                match process_cpu_ticks(&stat) {
                    Some(ticks) => println!(
                        "{PREFIX} cpu-ms {:.0}",
                        ticks as f64 * 1000.0 / TICKS_PER_SECOND
                    ),
                    None => println!("{PREFIX} cpu-ms unknown"),
                }
                relm4::main_application().quit();
            });
        }
    }

    /// Called when the map is given a game to show.
    pub fn game_shown(&mut self) {
        self.game_shown = true;
    }
}

/// How long ago this process started, from `/proc` (to the nearest clock tick).
fn since_process_start() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let uptime = std::fs::read_to_string("/proc/uptime").ok()?;
    let started_ticks = process_start_ticks(&stat)?;
    let now: f64 = uptime.split_whitespace().next()?.parse().ok()?;
    Duration::try_from_secs_f64(now - started_ticks as f64 / TICKS_PER_SECOND).ok()
}

/// The start time (field 22, in clock ticks since boot) of a `/proc/PID/stat` line.
/// The command name (field 2) may hold spaces and parentheses, so fields are counted
/// from the last `)`.
fn process_start_ticks(stat: &str) -> Option<u64> {
    let after_name = &stat[stat.rfind(')')? + 1..];
    // Field 3 is the first after the name, so field 22 is the 20th.
    after_name.split_whitespace().nth(19)?.parse().ok()
}

/// The processor time spent so far, user and system (fields 14 and 15, in clock
/// ticks), of a `/proc/PID/stat` line.
fn process_cpu_ticks(stat: &str) -> Option<u64> {
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some(user + system)
}

/// A field of `/proc/PID/status` given in kB, such as `VmRSS:`.
fn kib_field(status: &str, field: &str) -> Option<u64> {
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_time_is_read_past_a_name_with_spaces_and_parentheses() {
        let stat = "4242 (cas tel) lan) S 1 4242 4242 0 -1 4194560 1234 0 0 0 12 3 0 0 \
                    20 0 4 0 987654 123456789 2345";
        assert_eq!(process_start_ticks(stat), Some(987_654));
        assert_eq!(process_start_ticks("garbage"), None);
        // 12 ticks in user mode, 3 in the kernel.
        assert_eq!(process_cpu_ticks(stat), Some(15));
        assert_eq!(process_cpu_ticks("garbage"), None);
    }

    #[test]
    fn the_resident_size_is_read_from_the_status_file() {
        let status = "Name:\tcastellan\nVmPeak:\t  900000 kB\nVmRSS:\t   98765 kB\n";
        assert_eq!(kib_field(status, "VmRSS:"), Some(98_765));
        assert_eq!(kib_field(status, "RssAnon:"), None);
    }

    #[test]
    fn this_process_has_a_start_time_and_a_resident_size() {
        assert!(since_process_start().is_some());
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        assert!(kib_field(&status, "VmRSS:").is_some_and(|kib| kib > 0));
    }
}
