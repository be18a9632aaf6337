//! `rpf.TraceStorer`: keeps the choices of the current path and writes them to a trace file
//! when a property is violated, at `trace.depth`, when a `trace.store_calls` method is
//! entered or a `trace.store_threads` thread starts.

use std::fmt::Write as _;
use std::path::PathBuf;

use rpf_plugin_api::{
    flags, ConfigView, Event, EventKind, EventMask, HostRef, Listener, PathLocal,
};
use serde_json::json;

use crate::names::{MethodFilter, Patterns};
use crate::trace::{self, Step};

/// A trace file written, for the report.
struct Written {
    file: String,
    reason: String,
    transitions: usize,
    /// Why writing failed, if it did.
    error: Option<String>,
}

/// The trace storer.
pub struct TraceStorer {
    path: PathLocal<Vec<Step>>,
    /// Whether the running transition's `StateAdvanced` was heard: a violation found by the
    /// transition itself arrives before it (its choices are not on the path yet), one a
    /// listener reports while handling it after.
    advanced: bool,
    depth: Option<usize>,
    calls: MethodFilter,
    threads: Patterns,
    file: PathBuf,
    multiple: bool,
    terminate: bool,
    verbose: bool,
    /// Whether `trace.terminate` has ended the search (later triggers are ignored).
    ended: bool,
    written: Vec<Written>,
}

impl TraceStorer {
    /// The current path including the running transition.
    fn current_path(&self, host: &HostRef<'_, '_>) -> Vec<Step> {
        let mut path = self.path.get().clone();
        if !self.advanced {
            path.push(current_step(host));
        }
        path
    }

    /// Writes `path` to the next trace file.
    fn store(&mut self, path: &[Step], reason: String) {
        let file = if self.multiple {
            let mut name = self.file.clone().into_os_string();
            name.push(format!(".{}", self.written.len() + 1));
            PathBuf::from(name)
        } else {
            self.file.clone()
        };
        let text = trace::render(path, self.verbose.then_some(reason.as_str()));
        let error = std::fs::write(&file, text).err().map(|e| e.to_string());
        self.written.push(Written {
            file: file.display().to_string(),
            reason,
            transitions: path.len(),
            error,
        });
    }

    /// Stores the path for a search condition (depth, call, thread) and ends the search if
    /// `trace.terminate` says so.
    fn store_for_condition(&mut self, host: &mut HostRef<'_, '_>, reason: String) {
        if self.ended {
            return;
        }
        let path = self.current_path(host);
        self.store(&path, reason);
        if self.terminate {
            self.ended = true;
            host.end_search();
        }
    }
}

/// The step of the running (or just finished) transition.
fn current_step(host: &HostRef<'_, '_>) -> Step {
    Step {
        choices: host.transition_choices().into_string(),
        thread: host.thread_name(host.current_thread()).into_string(),
    }
}

impl Listener for TraceStorer {
    fn new(config: &ConfigView) -> Result<Self, String> {
        if config.bool("trace.store_constraint", false)? {
            return Err(
                "trace.store_constraint=true is not supported: rpf delivers no event \
                        when a search constraint cuts a path"
                    .to_string(),
            );
        }
        let depth = match config.int("trace.depth")? {
            None => None,
            Some(d) if d >= 1 => Some(d as usize),
            Some(d) => {
                return Err(format!(
                    "trace.depth: expected a depth of at least 1, got {d}"
                ))
            }
        };
        let file = PathBuf::from(config.get("trace.file").map_or("trace", str::trim));
        if file.as_os_str().is_empty() {
            return Err("trace.file: expected a file name, got an empty value".to_string());
        }
        let dir = file.parent().filter(|d| !d.as_os_str().is_empty());
        if let Some(dir) = dir.filter(|d| !d.is_dir()) {
            return Err(format!(
                "trace.file: directory {} does not exist",
                dir.display()
            ));
        }
        Ok(TraceStorer {
            path: PathLocal::new(Vec::new()),
            advanced: false,
            depth,
            calls: MethodFilter::new(Patterns::new(config.list("trace.store_calls"))),
            threads: Patterns::new(config.list("trace.store_threads")),
            file,
            multiple: config.bool("trace.multiple", false)?,
            terminate: config.bool("trace.terminate", false)?,
            verbose: config.bool("trace.verbose", false)?,
            ended: false,
            written: Vec::new(),
        })
    }

    fn subscriptions(&self) -> EventMask {
        let mut mask = PathLocal::<Vec<Step>>::EVENTS.union(EventMask::of(&[
            EventKind::ChoiceAdvanced,
            EventKind::PropertyViolated,
        ]));
        if !self.calls.is_empty() {
            mask = mask.union(EventMask::of(&[EventKind::MethodEntered]));
        }
        if !self.threads.is_empty() {
            mask = mask.union(EventMask::of(&[EventKind::ThreadStarted]));
        }
        mask
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        match event.kind {
            // Every transition starts by advancing its state's generators.
            EventKind::ChoiceAdvanced => self.advanced = false,
            EventKind::StateAdvanced => {
                // Pushed before the path-local copy of the new state is saved.
                self.path.get_mut().push(current_step(host));
                self.advanced = true;
                let depth = self.path.get().len();
                // An error state's path is stored by its violation.
                if self.depth == Some(depth) && event.flags & flags::ERROR_STATE == 0 {
                    self.store_for_condition(host, format!("depth {depth} reached"));
                }
            }
            EventKind::PropertyViolated => {
                let path = self.current_path(host);
                self.store(&path, format!("property violated: {}", event.text));
            }
            EventKind::MethodEntered => {
                if let Some(name) = self.calls.matching(host, event.method) {
                    let reason = format!("{name} entered");
                    self.store_for_condition(host, reason);
                }
            }
            EventKind::ThreadStarted => {
                let name = host.thread_name(event.thread).into_string();
                if self.threads.matches(&name) {
                    self.store_for_condition(host, format!("thread {name} started"));
                }
            }
            _ => {}
        }
        self.path.on_event(event);
    }

    fn report(&mut self) -> Option<String> {
        let mut out = format!("trace files written: {}\n", self.written.len());
        for w in &self.written {
            let _ = match &w.error {
                None => writeln!(
                    out,
                    "  {} ({}, {} transitions)",
                    w.file, w.reason, w.transitions
                ),
                Some(e) => writeln!(out, "  {} NOT WRITTEN ({}): {e}", w.file, w.reason),
            };
        }
        Some(out)
    }

    fn report_json(&mut self) -> Option<String> {
        let files: Vec<_> = self
            .written
            .iter()
            .map(|w| {
                json!({
                    "file": w.file,
                    "reason": w.reason,
                    "transitions": w.transitions,
                    "error": w.error,
                })
            })
            .collect();
        Some(json!({ "files": files }).to_string())
    }
}
