//! Precise, state-based race detection.

use std::collections::HashSet;

use rpf_plugin_api::{flags, ConfigView, Event, EventKind, EventMask, HostRef, Listener};

use crate::access::{initializing, next_access, race_message};

/// Checks every new state for two threads poised at conflicting accesses.
pub struct PreciseRaceDetector {
    include_system: bool,
    /// Pairs of code sites already reported (with `search.multiple_errors` the same race
    /// shows in many states).
    reported: HashSet<(String, String)>,
}

impl Listener for PreciseRaceDetector {
    fn new(config: &ConfigView) -> Result<Self, String> {
        Ok(PreciseRaceDetector {
            include_system: config.bool("race.include_system", false)?,
            reported: HashSet::new(),
        })
    }

    fn subscriptions(&self) -> EventMask {
        EventMask::of(&[EventKind::StateAdvanced])
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        let fresh = event.flags & flags::NEW_STATE != 0;
        let done = event.flags & (flags::END_STATE | flags::ERROR_STATE) != 0;
        if !fresh || done {
            return;
        }
        let threads = host.schedulable_threads();
        if threads.len() < 2 {
            return;
        }
        let poised: Vec<_> = threads
            .iter()
            .filter_map(|&t| next_access(host, t, self.include_system))
            .collect();
        for (i, (location, a)) in poised.iter().enumerate() {
            for (other, b) in &poised[i + 1..] {
                let sites = (a.site.clone(), b.site.clone());
                let conflict = location == other && (a.write || b.write);
                // A thread initializing the field's class makes the other's access wait
                // for the initialization to complete (JLS 12.4.2): ordered, not a race.
                let ordered = || initializing(host, location, a.thread, b.thread);
                if conflict && !ordered() && self.reported.insert(sites) {
                    let message = race_message(host, location, a, b);
                    host.report_violation("race".into(), message.as_str().into());
                    return;
                }
            }
        }
    }
}
