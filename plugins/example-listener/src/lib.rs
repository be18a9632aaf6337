//! An example rpf listener: counts the instructions the search executes and the new states
//! it finds, and prints both when the search finishes. Start your own plugin from here.

use rpf_plugin_api::{flags, listener, ConfigView, Event, EventKind, EventMask, HostRef, Listener};

/// The listener's state. One instance is created per run, with the run's configuration.
struct Counter {
    /// Whether to count instructions (`example.instructions`, default true). Subscribing to
    /// instruction events makes the VM execute instruction by instruction, so a listener
    /// only interested in states should not.
    count_instructions: bool,
    instructions: u64,
    states: u64,
}

impl Listener for Counter {
    fn new(config: &ConfigView) -> Result<Self, String> {
        Ok(Counter {
            count_instructions: config.bool("example.instructions", true)?,
            instructions: 0,
            states: 0,
        })
    }

    /// Only these events are delivered; the others cost the VM nothing.
    fn subscriptions(&self) -> EventMask {
        let states = EventMask::of(&[EventKind::StateAdvanced, EventKind::SearchFinished]);
        if self.count_instructions {
            states.union(EventMask::of(&[EventKind::InstructionExecuted]))
        } else {
            states
        }
    }

    fn on_event(&mut self, _host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        match event.kind {
            EventKind::InstructionExecuted => self.instructions += 1,
            EventKind::StateAdvanced if event.flags & flags::NEW_STATE != 0 => self.states += 1,
            EventKind::SearchFinished => {
                // Printing is this listener's purpose; it goes to rpf's standard output.
                use std::io::Write;
                let _ = writeln!(
                    std::io::stdout(),
                    "example-listener: {} instructions, {} states",
                    self.instructions,
                    self.states
                );
            }
            _ => {}
        }
    }
}

// The library's root module: its name and the components it provides.
rpf_plugin_api::export_plugin!(
    "example-listener",
    [listener::<Counter>(
        "example.Counter",
        &[],
        "counts instructions and new states"
    ),]
);
