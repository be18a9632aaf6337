//! What the program's time is: where its clock comes from ([`Clock`]) and which timed waits a
//! driver lets end ([`Timeouts`]). The behaviour (reading the clock, deadlines, timeouts) is
//! in [`crate::clock`], above the VM that holds these.

use std::time::{SystemTime, UNIX_EPOCH};

/// Where the program's clock comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// Real time, plus the time skipped while every thread waited.
    Real {
        /// `currentTimeMillis` when the program's clock read 0.
        epoch_ms: i64,
    },
    /// Virtual time: only ended timed waits move it.
    Virtual,
}

/// `currentTimeMillis` when virtual time starts: 2025-01-01T00:00:00Z, the same on every
/// run, so that traces replay.
pub const VIRTUAL_EPOCH_MS: i64 = 1_735_689_600_000;

impl Clock {
    /// The real clock, starting now.
    pub fn real() -> Clock {
        let epoch_ms = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64);
        Clock::Real { epoch_ms }
    }
}

/// Which timed waits (sleeps, timed `wait`, `join` and `park`) may end by timeout, under a
/// driver that explores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// Whether timed waits end by timeout at all (otherwise they wait like untimed ones).
    pub enabled: bool,
    /// How long (ns) a thread that can run may go without running: a timed wait may end
    /// while others can run only if its deadline is at most this far past the moment the
    /// earliest of them became able to run. 0: only when no thread can run; `u64::MAX`:
    /// whenever the wait is chosen.
    pub delay: u64,
}

impl Default for Timeouts {
    fn default() -> Timeouts {
        Timeouts {
            enabled: true,
            delay: 1_000_000_000,
        }
    }
}
