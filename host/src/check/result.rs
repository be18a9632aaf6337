//! What a check produced: the verdict, the errors found with their traces, and the counters
//! of the search, the VM and the plugins. `check` makes it; the reports and the command line
//! read it.

use rpf_search::Report;

use super::model::{JavaOp, ModelStats};
use super::trace::TraceStep;
use super::violation::JavaError;
use crate::launch::Target;
use crate::plugins::{PluginFailure, PluginReports};

/// The verdict of a check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The whole state space was explored and no property was violated.
    NoViolation,
    /// A property was violated.
    Violation,
    /// A limit, an interruption or an unsupported feature ended the search before it was
    /// complete; nothing was found.
    Incomplete,
}

/// An error with its trace.
#[derive(Debug, Clone)]
pub struct FoundError {
    /// The violation.
    pub error: JavaError,
    /// The transitions leading to it.
    pub trace: Vec<TraceStep>,
    /// Operation indices (saved for `--replay`).
    pub path: Vec<usize>,
}

/// Everything a check produced.
#[derive(Debug)]
pub struct CheckResult {
    /// The verdict.
    pub verdict: Verdict,
    /// Search statistics.
    pub report: Report<JavaOp, JavaError>,
    /// Errors with traces.
    pub errors: Vec<FoundError>,
    /// VM-side counters.
    pub stats: ModelStats,
    /// Bytecode instructions executed.
    pub instructions: u64,
    /// Objects allocated during the search.
    pub objects: u64,
    /// Classes loaded.
    pub classes: usize,
    /// The program.
    pub target: Target,
    /// What the program needed that rpf does not support (the search stopped there).
    pub unsupported: Option<String>,
    /// Who ended the search on request (`Verify.terminateSearch`), when the program did.
    pub ended_by: Option<&'static str>,
    /// Why plugins found the exploration not exhaustive (symbolic execution's concretized
    /// values, unknown solver answers): a search with no violation is then incomplete.
    pub cuts: Vec<String>,
    /// Searches restarted because a field assumed lock-protected was found unprotected.
    pub restarts: u32,
    /// Resident memory when the search began (after class loading and VM boot), so that
    /// memory growth can be attributed to stored states.
    pub baseline_memory: u64,
    /// What plugins added to the reports.
    pub plugin_reports: PluginReports,
    /// A plugin that failed during the run (the run then ends with exit status 4).
    pub plugin_failure: Option<PluginFailure>,
}

impl CheckResult {
    /// Memory growth during the search per new state: what storing a state costs (the
    /// visited set, saved snapshots on the stack or in the queue, and their heap copies).
    pub fn bytes_per_state(&self) -> u64 {
        self.report.peak_memory.saturating_sub(self.baseline_memory)
            / self.report.unique_states.max(1)
    }
}
