//! Counts every event kind, to see what the VM and the search are doing (and how much a
//! listener subscribed to a kind would be called).

use std::fmt::Write;

use rpf_plugin_api::{ConfigView, Event, EventKind, EventMask, HostRef, Listener};

/// Counts of each event kind.
pub struct EventCounter {
    counts: Vec<u64>,
    mask: EventMask,
}

impl EventCounter {
    fn nonzero(&self) -> impl Iterator<Item = (EventKind, u64)> + '_ {
        EventKind::ALL
            .iter()
            .map(|&k| (k, self.counts[k as usize]))
            .filter(|(_, n)| *n > 0)
    }
}

impl Listener for EventCounter {
    fn new(config: &ConfigView) -> Result<Self, String> {
        // Instruction events make the VM step instruction by instruction; they are counted
        // only on request.
        let instructions = config.bool("events.instructions", false)?;
        let stepping = EventMask::of(&[
            EventKind::InstructionExecuting,
            EventKind::InstructionExecuted,
        ]);
        let mask = if instructions {
            EventMask::all()
        } else {
            EventMask(EventMask::all().0 & !stepping.0)
        };
        Ok(EventCounter {
            counts: vec![0; EventKind::ALL.len()],
            mask,
        })
    }

    fn subscriptions(&self) -> EventMask {
        self.mask
    }

    fn on_event(&mut self, _host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        self.counts[event.kind as usize] += 1;
    }

    fn report(&mut self) -> Option<String> {
        let mut out = String::new();
        for (kind, n) in self.nonzero() {
            let _ = writeln!(out, "{:<22} {n}", format!("{kind:?}"));
        }
        Some(out)
    }

    fn report_json(&mut self) -> Option<String> {
        let map: serde_json::Map<String, serde_json::Value> = self
            .nonzero()
            .map(|(k, n)| (format!("{k:?}"), n.into()))
            .collect();
        Some(serde_json::Value::Object(map).to_string())
    }
}
