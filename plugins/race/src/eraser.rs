//! The Eraser lockset algorithm (Savage, Burrows, Nelson, Sobalvarro, Anderson, 1997),
//! applied to each execution path the search follows.

use std::collections::{BTreeSet, HashMap, HashSet};

use rpf_plugin_api::{
    code_location, flags, ConfigView, Event, EventKind, EventMask, HostRef, Listener, PathLocal,
};

use crate::access::{race_message, Access, Location};

/// The Eraser state of one location.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Phase {
    /// Accessed by one thread only so far (initialization needs no locks).
    Exclusive(u32),
    /// Read by several threads, written by at most the first: races are not reported
    /// (read-only sharing after initialization), but the lockset is refined.
    Shared(BTreeSet<u32>),
    /// Written after becoming shared: an empty lockset is a race.
    SharedModified(BTreeSet<u32>),
}

/// A location's phase and the last access of each thread (for the report).
#[derive(Debug, Clone)]
struct Info {
    phase: Phase,
    last: Vec<Access>,
}

/// The locations of each object (0 holds the static fields).
type Table = HashMap<u32, HashMap<Location, Info>>;

/// Eraser over the accesses of the current path.
pub struct Eraser {
    locations: PathLocal<Table>,
    reported: HashSet<Location>,
    include_system: bool,
}

impl Eraser {
    /// Moves `location` through the state machine for `access` with `locks` held; the
    /// message if the access is a race.
    fn access(
        &mut self,
        host: &HostRef<'_, '_>,
        location: Location,
        access: Access,
        locks: BTreeSet<u32>,
    ) -> Option<String> {
        let table = self
            .locations
            .get_mut()
            .entry(location.object())
            .or_default();
        let Some(info) = table.get_mut(&location) else {
            let phase = Phase::Exclusive(access.thread);
            table.insert(
                location,
                Info {
                    phase,
                    last: vec![access],
                },
            );
            return None;
        };
        let refine = |set: &BTreeSet<u32>| set.intersection(&locks).copied().collect();
        let phase = match &info.phase {
            Phase::Exclusive(t) if *t == access.thread => Phase::Exclusive(*t),
            Phase::Exclusive(_) if access.write => Phase::SharedModified(locks.clone()),
            Phase::Exclusive(_) => Phase::Shared(locks.clone()),
            Phase::Shared(set) if access.write => Phase::SharedModified(refine(set)),
            Phase::Shared(set) => Phase::Shared(refine(set)),
            Phase::SharedModified(set) => Phase::SharedModified(refine(set)),
        };
        info.phase = phase;
        let other = info
            .last
            .iter()
            .rev()
            .find(|a| a.thread != access.thread)
            .cloned();
        info.last.retain(|a| a.thread != access.thread);
        info.last.push(access.clone());
        let racy = matches!(&info.phase, Phase::SharedModified(set) if set.is_empty());
        if !racy || !self.reported.insert(location.clone()) {
            return None;
        }
        Some(match other {
            Some(previous) => format!(
                "{} (no lock protects it)",
                race_message(host, &location, &previous, &access)
            ),
            None => format!(
                "race on {}: {} with no lock held",
                location.describe(host),
                access.describe(host)
            ),
        })
    }
}

impl Listener for Eraser {
    fn new(config: &ConfigView) -> Result<Self, String> {
        Ok(Eraser {
            locations: PathLocal::new(HashMap::new()),
            reported: HashSet::new(),
            include_system: config.bool("eraser.include_system", false)?,
        })
    }

    fn subscriptions(&self) -> EventMask {
        EventMask::of(&[
            EventKind::FieldRead,
            EventKind::FieldWritten,
            EventKind::ArrayRead,
            EventKind::ArrayWritten,
            EventKind::ObjectCreated,
        ])
        .union(PathLocal::<()>::EVENTS)
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        self.locations.on_event(event);
        let location = match event.kind {
            EventKind::ObjectCreated => {
                // A new object may reuse the id of a collected one.
                self.locations.get_mut().remove(&event.object);
                return;
            }
            EventKind::FieldRead | EventKind::FieldWritten => {
                let object = if event.flags & flags::STATIC != 0 {
                    0
                } else {
                    event.object
                };
                Location::Field(object, event.text.to_string())
            }
            EventKind::ArrayRead | EventKind::ArrayWritten => {
                Location::Element(event.object, event.value)
            }
            _ => return,
        };
        if event.flags & flags::VOLATILE != 0
            || (event.flags & flags::SYSTEM != 0 && !self.include_system)
        {
            return;
        }
        let access = Access {
            thread: event.thread,
            write: matches!(
                event.kind,
                EventKind::FieldWritten | EventKind::ArrayWritten
            ),
            site: code_location(host, event.method, event.pc),
        };
        let locks: BTreeSet<u32> = host.locks_held(event.thread).into_iter().collect();
        if let Some(message) = self.access(host, location, access, locks) {
            host.report_violation("race".into(), message.as_str().into());
        }
    }
}
