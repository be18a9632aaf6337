//! Heuristics that order best-first search ([`Strategy::BestFirst`](crate::Strategy::BestFirst)).
//!
//! A heuristic is an object of the search, not of the model: the same model can be searched
//! in different orders, and a heuristic that needs to look inside states is written for the
//! model's state type (`impl Heuristic<MyState> for MyHeuristic`). Closures
//! `Fn(&S, usize) -> i64` are heuristics too.

/// Orders the states of a best-first search: lower priorities are expanded first, states of
/// equal priority in the order they were reached.
///
/// Heuristics are shared by the workers of a search and must not depend on the order in
/// which they are asked, so `priority` takes `&self`.
pub trait Heuristic<S> {
    /// The priority of `state`, reached at `depth` (the number of operations from its
    /// initial state).
    fn priority(&self, state: &S, depth: usize) -> i64;

    /// The heuristic's name in reports (by default its type's).
    fn name(&self) -> &str {
        std::any::type_name::<Self>()
    }
}

impl<S, F: Fn(&S, usize) -> i64> Heuristic<S> for F {
    fn priority(&self, state: &S, depth: usize) -> i64 {
        self(state, depth)
    }
}

/// Shallow states first, which makes best-first search breadth-first (JPF's
/// `BFSHeuristic`).
#[derive(Debug, Default, Clone, Copy)]
pub struct BreadthFirst;

impl<S> Heuristic<S> for BreadthFirst {
    fn priority(&self, _state: &S, depth: usize) -> i64 {
        depth as i64
    }

    fn name(&self) -> &str {
        "BreadthFirst"
    }
}

/// Deep states first (JPF's `DFSHeuristic`): like depth-first search, but a state's
/// successors are all generated before the deepest of them is expanded.
#[derive(Debug, Default, Clone, Copy)]
pub struct DepthFirst;

impl<S> Heuristic<S> for DepthFirst {
    fn priority(&self, _state: &S, depth: usize) -> i64 {
        -(depth as i64)
    }

    fn name(&self) -> &str {
        "DepthFirst"
    }
}
