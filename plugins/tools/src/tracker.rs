//! Prints the search's transitions and the instructions they execute, for learning how the
//! checker explores a program and for debugging.

use std::io::Write;

use rpf_plugin_api::{
    code_location, flags, ConfigView, Event, EventKind, EventMask, HostRef, Listener, StateNumbers,
    SystemMethods,
};

/// The execution tracker.
pub struct ExecTracker {
    print_insn: bool,
    show_system: bool,
    /// Whether each method belongs to the class library.
    system: SystemMethods,
    /// Readable numbers for state ids.
    numbers: StateNumbers,
}

/// Writes one line to stdout (the tracker's whole purpose is printing).
fn line(text: std::fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    let _ = out.write_fmt(text);
    let _ = out.write_all(b"\n");
}

impl Listener for ExecTracker {
    fn new(config: &ConfigView) -> Result<Self, String> {
        Ok(ExecTracker {
            print_insn: config.bool("et.print_insn", true)?,
            show_system: config.bool("et.show_system", false)?,
            system: SystemMethods::default(),
            numbers: StateNumbers::default(),
        })
    }

    fn subscriptions(&self) -> EventMask {
        let search = EventMask::of(&[
            EventKind::SearchStarted,
            EventKind::StateAdvanced,
            EventKind::StateBacktracked,
            EventKind::StateRestored,
            EventKind::PropertyViolated,
        ]);
        if self.print_insn {
            search.union(EventMask::of(&[EventKind::InstructionExecuted]))
        } else {
            search
        }
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        let depth = host.search_depth();
        match event.kind {
            EventKind::SearchStarted => {
                self.numbers.number(event.value);
            }
            EventKind::StateAdvanced => {
                let what = if event.flags & flags::ERROR_STATE != 0 {
                    "error"
                } else if event.flags & flags::NEW_STATE == 0 {
                    "visited"
                } else if event.flags & flags::END_STATE != 0 {
                    "new end"
                } else {
                    "new"
                };
                let (to, from) = (
                    self.numbers.number(event.value),
                    self.numbers.number(event.other),
                );
                line(format_args!(
                    "----------------------------------- [{depth}] forward: {to} {what} (from {from}; {})",
                    host.transition_choices()
                ));
            }
            EventKind::StateBacktracked => line(format_args!(
                "----------------------------------- [{depth}] backtrack: {}",
                self.numbers.number(event.value)
            )),
            EventKind::StateRestored => line(format_args!(
                "----------------------------------- [{depth}] restore: {}",
                self.numbers.number(event.value)
            )),
            EventKind::PropertyViolated => line(format_args!(
                "----------------------------------- [{depth}] property violated: {}",
                event.text
            )),
            EventKind::InstructionExecuted => {
                if !self.show_system && self.system.is_system(host, event.method) {
                    return;
                }
                let text = host
                    .instruction(event.method, event.pc)
                    .into_option()
                    .map(|i| {
                        if i.member.is_empty() {
                            i.mnemonic.to_string()
                        } else {
                            format!("{} {}", i.mnemonic, i.member)
                        }
                    })
                    .unwrap_or_default();
                line(format_args!(
                    "  [{}] {:<40} {text}",
                    event.thread,
                    code_location(host, event.method, event.pc)
                ));
            }
            _ => {}
        }
    }
}
