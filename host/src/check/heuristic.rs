//! Priorities of best-first search over Java states (JPF's `search.heuristic.*`).

use rpf_jvm::state::ProgramState;
use rpf_jvm::thread::Status;

/// Orders the states of a best-first search: lower priorities are explored first.
pub trait Heuristic {
    /// The priority of `state`, reached at `depth`.
    fn priority(&self, state: &ProgramState, depth: usize) -> i64;
}

/// Shallow states first (JPF's `BFSHeuristic`).
#[derive(Debug, Default, Clone, Copy)]
pub struct BreadthFirst;

impl Heuristic for BreadthFirst {
    fn priority(&self, _state: &ProgramState, depth: usize) -> i64 {
        depth as i64
    }
}

/// States with more blocked threads first (JPF's `MostBlocked`): deadlocks come sooner.
#[derive(Debug, Default, Clone, Copy)]
pub struct MostBlocked;

impl Heuristic for MostBlocked {
    fn priority(&self, state: &ProgramState, _depth: usize) -> i64 {
        let blocked = state
            .threads
            .iter()
            .filter(|t| t.is_alive() && t.status != Status::Runnable)
            .count();
        -(blocked as i64)
    }
}

/// The heuristic a configuration names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HeuristicName {
    /// [`BreadthFirst`].
    #[default]
    BreadthFirst,
    /// [`MostBlocked`].
    MostBlocked,
}

impl HeuristicName {
    /// The heuristic object.
    pub fn build(self) -> Box<dyn Heuristic> {
        match self {
            HeuristicName::BreadthFirst => Box::new(BreadthFirst),
            HeuristicName::MostBlocked => Box::new(MostBlocked),
        }
    }
}
