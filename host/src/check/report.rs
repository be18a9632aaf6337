//! The console report, modelled on JPF's, and the machine-readable JSON report.

use std::fmt::Write;

use serde_json::{json, Value};

use super::model::JavaState;
use super::result::{CheckResult, FoundError, Verdict};
use crate::launch::Target;
use rpf_search::{StopReason, Strategy};

const RULE: &str = "====================================================== ";
const THIN: &str = "------------------------------------------------------ ";

/// Why the search ended, including the cuts (depth limit, dropped states) that make a search
/// that otherwise ran to its end incomplete.
pub(crate) fn stop_text(r: &CheckResult) -> String {
    let rep = &r.report;
    let mut text = match &r.unsupported {
        Some(what) => format!("unsupported: {what}"),
        None => match (rep.stop, r.ended_by) {
            (StopReason::Requested, Some(who)) => format!("search ended by {who}"),
            (stop, _) => stop_reason_text(stop).to_string(),
        },
    };
    if rep.truncated {
        text.push_str(", but search.depth_limit cut off paths");
    }
    for cut in &r.cuts {
        let _ = write!(text, ", but {cut}");
    }
    if rep.dropped > 0 {
        let _ = write!(
            text,
            ", but search.queue_limit dropped {} states",
            rep.dropped
        );
    }
    text
}

fn stop_reason_text(stop: StopReason) -> &'static str {
    match stop {
        StopReason::Complete => "search complete",
        StopReason::MaxErrors => "error limit reached",
        StopReason::MaxStates => "state limit reached (search.max_states)",
        StopReason::TimeLimit => "time limit reached (search.time_limit)",
        StopReason::MemoryLimit => "memory limit reached (search.memory_limit)",
        StopReason::Requested => "search ended on request",
        StopReason::PathEnd => "path followed to its end",
        StopReason::Interrupted => "interrupted",
    }
}

fn error_section(out: &mut String, n: usize, e: &FoundError) {
    let _ = writeln!(out, "{RULE}error {n}");
    let _ = writeln!(out, "{}", e.error.property);
    let _ = writeln!(out, "{}", e.error.message);
    for d in &e.error.details {
        let _ = writeln!(out, "\t{d}");
    }
    if !e.error.inputs.is_empty() {
        let _ = writeln!(out, "inputs:");
        for i in &e.error.inputs {
            let _ = writeln!(out, "\t{i}");
        }
    }
    match e.error.confirmed {
        Some(true) => {
            let _ = writeln!(
                out,
                "confirmed: the violation recurs when the program runs on these inputs"
            );
        }
        Some(false) => {
            let _ = writeln!(
                out,
                "UNCONFIRMED: the violation did not recur when the program ran on these inputs"
            );
        }
        None => {}
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{RULE}trace #{n}");
    for (i, step) in e.trace.iter().enumerate() {
        let _ = writeln!(
            out,
            "{THIN}transition #{i} thread: {} \"{}\"",
            step.thread, step.thread_name
        );
        let _ = writeln!(out, "      [{}]", step.choices.join(", "));
        for line in &step.lines {
            match &line.source {
                Some(src) => {
                    let _ = writeln!(out, "  {:<28} {src}", format!("{}:", line.location));
                }
                None => {
                    let _ = writeln!(out, "  {}", line.location);
                }
            }
        }
    }
    let _ = writeln!(out);
    let _ = writeln!(out, "{RULE}snapshot #{n}");
    for t in &e.error.snapshot {
        let _ = writeln!(out, "thread {} \"{}\" {}", t.id, t.name, t.status);
        if t.frames.is_empty() {
            let _ = writeln!(out, "  (no frames)");
        }
        for f in &t.frames {
            let _ = writeln!(out, "\t{f}");
        }
        let _ = writeln!(out);
    }
}

/// The head of the human-readable report, shown before the program runs (its output then
/// follows, as in JPF).
pub fn header(target: &Target, strategy: &Strategy<JavaState>) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "rpf {} - Rust PathFinder", env!("CARGO_PKG_VERSION"));
    let _ = writeln!(out, "{RULE}system under test");
    let _ = writeln!(out, "{}.main({})", target.main_class, target.args.join(","));
    let _ = writeln!(out, "{RULE}search: {strategy:?}");
    out
}

/// The rest of the human-readable report, after the search.
pub fn console(r: &CheckResult) -> String {
    let mut out = String::new();
    for (i, e) in r.errors.iter().enumerate() {
        error_section(&mut out, i + 1, e);
    }
    for (name, text) in &r.plugin_reports.text {
        let _ = writeln!(out, "{RULE}{name}");
        let _ = write!(out, "{text}");
        if !text.ends_with('\n') {
            let _ = writeln!(out);
        }
    }
    let _ = writeln!(out, "{RULE}results");
    if let Some(f) = &r.plugin_failure {
        let _ = writeln!(out, "internal error: {f}");
    }
    if r.errors.is_empty() {
        let _ = writeln!(
            out,
            "{}",
            match r.verdict {
                Verdict::NoViolation => "no errors detected".to_string(),
                _ => format!(
                    "no errors detected, but the search is incomplete: {}",
                    stop_text(r)
                ),
            }
        );
    }
    for (i, e) in r.errors.iter().enumerate() {
        let _ = writeln!(
            out,
            "error #{}: {} \"{}\"",
            i + 1,
            e.error.property,
            e.error.message
        );
    }
    let rep = &r.report;
    let _ = writeln!(out, "{RULE}statistics");
    let secs = rep.duration.as_secs_f64();
    let _ = writeln!(out, "elapsed time:       {:.3}s", secs);
    let _ = writeln!(
        out,
        "states:             new={},visited={},backtracked={},end={}",
        rep.unique_states, rep.revisited, rep.backtracked, rep.end_states
    );
    let _ = writeln!(
        out,
        "search:             maxDepth={},meanDepth={:.1},transitions={},pruned={},dropped={}",
        rep.max_depth, rep.mean_depth, rep.transitions, rep.pruned, rep.dropped
    );
    let _ = writeln!(
        out,
        "choice generators:  thread={},data={}",
        r.stats.thread_cgs, r.stats.data_cgs
    );
    let _ = writeln!(
        out,
        "heap:               new={},released={},maxLive={},gcCycles={}",
        r.objects, r.stats.released, r.stats.max_live, r.stats.gc_cycles
    );
    let _ = writeln!(out, "instructions:       {}", r.instructions);
    if r.restarts > 0 {
        let _ = writeln!(
            out,
            "restarts:           {} (a field found not lock-protected, or a thread's liveness observed)",
            r.restarts
        );
    }
    let _ = writeln!(
        out,
        "speed:              {:.0} states/s",
        rep.unique_states as f64 / secs.max(1e-9)
    );
    let _ = writeln!(
        out,
        "max memory:         {}MB ({} bytes/state)",
        rep.peak_memory >> 20,
        r.bytes_per_state()
    );
    let _ = writeln!(out, "loaded code:        classes={}", r.classes);
    let _ = writeln!(out, "{RULE}search finished: {}", stop_text(r));
    out
}

fn error_json(e: &FoundError) -> Value {
    json!({
        "kind": e.error.kind,
        "property": e.error.property,
        "message": e.error.message,
        "exception_class": e.error.exception_class,
        "thread": e.error.thread,
        "details": e.error.details,
        "inputs": e.error.inputs,
        "confirmed": e.error.confirmed,
        "trace": e.trace,
        "path": e.path,
        "snapshot": e.error.snapshot.iter().map(|t| json!({
            "id": t.id, "name": t.name, "status": t.status, "frames": t.frames,
        })).collect::<Vec<_>>(),
    })
}

/// The JSON report (`report.json.file`).
pub fn json(r: &CheckResult) -> Value {
    let rep = &r.report;
    json!({
        "rpf_version": env!("CARGO_PKG_VERSION"),
        "target": r.target.main_class,
        "args": r.target.args,
        "result": match r.verdict {
            Verdict::NoViolation => "no_violation",
            Verdict::Violation => "violation",
            Verdict::Incomplete => "incomplete",
        },
        "stop_reason": stop_text(r),
        "errors": r.errors.iter().map(error_json).collect::<Vec<_>>(),
        "plugins": r.plugin_reports.json.iter().cloned().collect::<serde_json::Map<_, _>>(),
        "plugin_failure": r.plugin_failure.as_ref().map(|f| json!({
            "component": f.component,
            "library": f.library.display().to_string(),
            "message": f.message,
        })),
        "statistics": {
            "states_new": rep.unique_states,
            "states_visited": rep.revisited,
            "states_backtracked": rep.backtracked,
            "states_end": rep.end_states,
            "transitions": rep.transitions,
            "max_depth": rep.max_depth,
            "mean_depth": rep.mean_depth,
            "pruned": rep.pruned,
            "dropped": rep.dropped,
            "truncated": rep.truncated,
            "thread_choice_generators": r.stats.thread_cgs,
            "data_choice_generators": r.stats.data_cgs,
            "heap_objects_new": r.objects,
            "classes_loaded": r.classes,
            "heap_objects_released": r.stats.released,
            "instructions": r.instructions,
            "restarts": r.restarts,
            "elapsed_ms": rep.duration.as_millis() as u64,
            "peak_memory_bytes": rep.peak_memory,
            "bytes_per_state": r.bytes_per_state(),
            "states_per_second": rep.unique_states as f64 / rep.duration.as_secs_f64().max(1e-9),
        },
    })
}
