//! Best-first search over Java states (JPF's `search.heuristic.*`): the heuristics that
//! look inside a program's state. Those that rank states by depth alone
//! (`BFSHeuristic`, `HeuristicSearch`) are the search engine's
//! ([`rpf_search::heuristic`]).

use rpf_jvm::thread::Status;
use rpf_search::Heuristic;

use super::model::JavaState;

/// States with more blocked threads first (JPF's `MostBlocked`): deadlocks come sooner.
#[derive(Debug, Default, Clone, Copy)]
pub struct MostBlocked;

impl Heuristic<JavaState> for MostBlocked {
    /// Best-first search ranks only states it kept, which are saved.
    fn priority(&self, state: &JavaState, _depth: usize) -> i64 {
        let blocked = state
            .saved()
            .program
            .threads
            .iter()
            .filter(|t| t.is_alive() && t.status != Status::Runnable)
            .count();
        -(blocked as i64)
    }

    fn name(&self) -> &str {
        "MostBlocked"
    }
}
