//! `rpf.DeadlockAnalyzer` (JPF's `DeadlockAnalyzer`): records the thread operations of the
//! current path — starts, lock acquisitions and releases, blocking, waits, notifications,
//! ends — and, when the search finds a deadlock, shows the operations that led to it. The
//! error trace says *where* the threads stopped; this table says in which order they took
//! and asked for the locks that now hold each other up.

use std::collections::BTreeSet;
use std::fmt::Write;

use rpf_plugin_api::{
    ConfigView, Event, EventKind, EventMask, HostRef, Listener, PathLocal, SystemMethods,
};
use serde_json::{json, Value};

use crate::findings::Findings;
use crate::history::Log;
use crate::site::{application_location, object_name};

/// What a thread did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Action {
    Start,
    Lock,
    Unlock,
    Block,
    Wait,
    Park,
    Notify,
    NotifyAll,
    Notified,
    Interrupted,
    End,
}

impl Action {
    fn text(self) -> &'static str {
        match self {
            Action::Start => "start",
            Action::Lock => "lock",
            Action::Unlock => "unlock",
            Action::Block => "blocked on",
            Action::Wait => "wait on",
            Action::Park => "park",
            Action::Notify => "notify",
            Action::NotifyAll => "notifyAll",
            Action::Notified => "notified on",
            Action::Interrupted => "interrupted",
            Action::End => "end",
        }
    }
}

/// One thread operation of the path.
#[derive(Debug, Clone)]
struct Op {
    thread: u32,
    action: Action,
    /// The object operated on (0: none).
    object: u32,
    /// The object as the report names it, fixed when the operation happened.
    object_name: String,
    /// Where the thread's application code was.
    location: String,
}

impl Op {
    fn text(&self) -> String {
        if self.object_name.is_empty() {
            self.action.text().to_string()
        } else {
            format!("{} {}", self.action.text(), self.object_name)
        }
    }
}

/// How the table is laid out (`deadlock.format`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    /// The operations of the deadlocked threads on the objects of the deadlock.
    Essential,
    /// Every operation, one column per thread.
    Column,
    /// Every operation, one line each.
    Raw,
}

/// The deadlock analyzer.
pub struct DeadlockAnalyzer {
    format: Format,
    max_history: usize,
    ops: PathLocal<Log<Op>>,
    system: SystemMethods,
    /// The `Object.wait` just called (thread, monitor): its `ThreadWaiting` is not a park.
    waits: Option<(u32, u32)>,
    /// One table per deadlock found (several with `search.multiple_errors`).
    found: Findings,
}

impl DeadlockAnalyzer {
    fn record(&mut self, host: &HostRef<'_, '_>, thread: u32, action: Action, object: u32) {
        let name = if object == 0 {
            String::new()
        } else {
            object_name(host, object)
        };
        self.record_named(host, thread, action, object, name);
    }

    fn record_named(
        &mut self,
        host: &HostRef<'_, '_>,
        thread: u32,
        action: Action,
        object: u32,
        object_name: String,
    ) {
        let location = application_location(&mut self.system, host, thread, 0);
        self.ops.get_mut().push(Op {
            thread,
            action,
            object,
            object_name,
            location,
        });
    }

    /// Whether a monitor operation of `thread` is the program's: a `synchronized` block or
    /// method of application code. The class library's own locks (a `PrintStream`'s, the
    /// `Thread` object's in `start` and `join`) would bury the program's.
    fn program_lock(&mut self, host: &HostRef<'_, '_>, thread: u32) -> bool {
        let Some(top) = host.frames(thread).first().copied() else {
            return false;
        };
        if self.system.is_system(host, top.method) {
            return false;
        }
        // A synchronized method's monitor is taken and released with the caller's frame on
        // top, at the call.
        let Some(insn) = host.instruction(top.method, top.pc).into_option() else {
            return true;
        };
        if !insn.mnemonic.starts_with("invoke") {
            return true;
        }
        let class = insn.member.split_once('(').map_or("", |(name, _)| name);
        let class = class.rsplit_once('.').map_or("", |(class, _)| class);
        match host.class_methods(class.into()).first() {
            Some(&method) => !self.system.is_system(host, method),
            None => true,
        }
    }

    /// The table for the deadlock the search just found.
    fn explain(&self, host: &HostRef<'_, '_>) -> (String, Value) {
        let ops = self.ops.get().entries();
        let stuck: BTreeSet<u32> = (0..host.thread_count())
            .filter(|&t| {
                let state = host.thread_state(t);
                state.starts_with("BLOCKED") || state.starts_with("WAITING")
            })
            .collect();
        // The objects the deadlock is made of: what the stuck threads hold, and what each
        // asked for last.
        let mut objects: BTreeSet<u32> = stuck
            .iter()
            .flat_map(|&t| host.locks_held(t).into_iter())
            .collect();
        for &t in &stuck {
            let waited = ops.iter().rev().find(|op| {
                op.thread == t && matches!(op.action, Action::Block | Action::Wait | Action::Park)
            });
            objects.extend(waited.map(|op| op.object).filter(|&o| o != 0));
        }
        let shown: Vec<&Op> = match self.format {
            Format::Essential => ops
                .iter()
                .filter(|op| {
                    stuck.contains(&op.thread)
                        && (objects.contains(&op.object)
                            || matches!(op.action, Action::Start | Action::Park))
                })
                .collect(),
            Format::Column | Format::Raw => ops.iter().collect(),
        };
        let skip = shown.len().saturating_sub(self.max_history);
        let shown = &shown[skip..];
        let name = |t: u32| host.thread_name(t).into_string();
        let mut text = String::new();
        let format = match self.format {
            Format::Essential => "essential",
            Format::Column => "column",
            Format::Raw => "raw",
        };
        let _ = writeln!(
            text,
            "thread operations before the deadlock (deadlock.format={format}{}):",
            if skip > 0 {
                format!(", last {} of {}", shown.len(), shown.len() + skip)
            } else {
                String::new()
            }
        );
        let deadlocked: Vec<String> = stuck.iter().map(|&t| name(t)).collect();
        let _ = writeln!(text, "  deadlocked threads: {}", deadlocked.join(", "));
        match self.format {
            Format::Column => {
                let threads: Vec<u32> = shown
                    .iter()
                    .map(|op| op.thread)
                    .collect::<BTreeSet<u32>>()
                    .into_iter()
                    .collect();
                let width = shown
                    .iter()
                    .map(|op| op.text().len())
                    .chain(threads.iter().map(|&t| name(t).len()))
                    .max()
                    .unwrap_or(0)
                    + 2;
                let mut header = String::from("  ");
                for &t in &threads {
                    let _ = write!(header, "{:<width$}", name(t));
                }
                let _ = writeln!(text, "{}", header.trim_end());
                for op in shown {
                    let column = threads.iter().position(|&t| t == op.thread).unwrap_or(0);
                    let row = format!("  {}{}", " ".repeat(column * width), op.text());
                    let _ = writeln!(
                        text,
                        "{:<w$}  {}",
                        row,
                        op.location,
                        w = 2 + threads.len() * width
                    );
                }
            }
            Format::Essential | Format::Raw => {
                let name_width = shown
                    .iter()
                    .map(|op| name(op.thread).len())
                    .max()
                    .unwrap_or(0);
                let op_width = shown.iter().map(|op| op.text().len()).max().unwrap_or(0);
                for op in shown {
                    let _ = writeln!(
                        text,
                        "  {:<name_width$}  {:<op_width$}  {}",
                        name(op.thread),
                        op.text(),
                        op.location
                    );
                }
            }
        }
        let json = json!({
            "deadlocked_threads": deadlocked,
            "format": format,
            "operations": shown.iter().map(|op| json!({
                "thread": name(op.thread),
                "operation": op.action.text(),
                "object": op.object_name,
                "location": op.location,
            })).collect::<Vec<Value>>(),
        });
        (text, json)
    }
}

impl Listener for DeadlockAnalyzer {
    fn new(config: &ConfigView) -> Result<Self, String> {
        let format = match config.get("deadlock.format").unwrap_or("essential") {
            "essential" => Format::Essential,
            "column" => Format::Column,
            "raw" => Format::Raw,
            other => {
                return Err(format!(
                    "deadlock.format: \"{other}\" is not one of essential, column, raw"
                ))
            }
        };
        let max_history = match config.int("deadlock.max_history")? {
            None => usize::MAX,
            Some(n) if n > 0 => usize::try_from(n).unwrap_or(usize::MAX),
            Some(n) => return Err(format!("deadlock.max_history: {n} is not a positive count")),
        };
        Ok(DeadlockAnalyzer {
            format,
            max_history,
            ops: PathLocal::new(Log::default()),
            system: SystemMethods::default(),
            waits: None,
            found: Findings::default(),
        })
    }

    fn subscriptions(&self) -> EventMask {
        PathLocal::<Log<Op>>::EVENTS.union(EventMask::of(&[
            EventKind::ThreadStarted,
            EventKind::ThreadBlocked,
            EventKind::ThreadWaiting,
            EventKind::ThreadNotified,
            EventKind::ThreadInterrupted,
            EventKind::ThreadTerminated,
            EventKind::ObjectLocked,
            EventKind::ObjectUnlocked,
            EventKind::ObjectWait,
            EventKind::ObjectNotify,
            EventKind::PropertyViolated,
        ]))
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        self.ops.on_event(event);
        let thread = event.thread;
        match event.kind {
            EventKind::ThreadStarted => {
                // The started thread is known by its name better than by its object.
                let name = format!("\"{}\"", host.thread_name(thread));
                self.record_named(
                    host,
                    host.current_thread(),
                    Action::Start,
                    event.object,
                    name,
                );
            }
            EventKind::ThreadTerminated => self.record(host, thread, Action::End, 0),
            EventKind::ThreadInterrupted => self.record(host, thread, Action::Interrupted, 0),
            EventKind::ThreadBlocked => self.record(host, thread, Action::Block, event.object),
            EventKind::ObjectWait => {
                self.waits = Some((thread, event.object));
                self.record(host, thread, Action::Wait, event.object);
            }
            // `Object.wait` is recorded as a wait; anything else that waits is a park.
            // (The guard consumes the pending wait either way.)
            EventKind::ThreadWaiting if self.waits.take() != Some((thread, event.object)) => {
                self.record(host, thread, Action::Park, event.object);
            }
            EventKind::ThreadNotified => self.record(host, thread, Action::Notified, event.object),
            // Re-entrant acquisitions and releases change nothing another thread can see.
            EventKind::ObjectLocked if event.value == 1 && self.program_lock(host, thread) => {
                self.record(host, thread, Action::Lock, event.object)
            }
            EventKind::ObjectUnlocked if event.value == 0 && self.program_lock(host, thread) => {
                self.record(host, thread, Action::Unlock, event.object)
            }
            EventKind::ObjectNotify => {
                let action = if event.value == 0 {
                    Action::Notify
                } else {
                    Action::NotifyAll
                };
                self.record(host, thread, action, event.object);
            }
            EventKind::PropertyViolated if event.text.starts_with("deadlock") => {
                let (text, json) = self.explain(host);
                self.found.push(text, json);
            }
            _ => {}
        }
    }

    fn report(&mut self) -> Option<String> {
        self.found.report()
    }

    fn report_json(&mut self) -> Option<String> {
        self.found.json("deadlocks")
    }
}
