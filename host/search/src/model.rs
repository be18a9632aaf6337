//! What a client supplies: the [`Model`] of the system to explore.

/// A state's operations (or their order): most states have a few, which then need no
/// allocation of their own.
pub type Ops<Op> = smallvec::SmallVec<[Op; 8]>;

/// A system to explore: its initial states, the operations applicable in a state, and what
/// applying one does (PSPP's `init` and `mutate`).
///
/// For every operation it tries, the engine calls [`apply`] on a state it holds, [`hash`] on
/// the result to match it against the states seen before and, for a new state,
/// [`operations`], then [`keep`] if it will expand the state. Every method but
/// `initial_states`, `operations` and `apply` has a default, so a minimal model is three
/// functions.
///
/// [`apply`]: Model::apply
/// [`hash`]: Model::hash
/// [`operations`]: Model::operations
/// [`keep`]: Model::keep
pub trait Model {
    /// A state; cloning should be cheap (share structure), since the engine clones the
    /// states it will come back to.
    type State: Clone;
    /// An operation (a choice) that leads from one state to the next; error paths are
    /// lists of them.
    type Op: Clone + std::fmt::Debug;
    /// What a violated property reports.
    type Error: Clone + std::fmt::Debug;

    /// The states exploration starts from (their index in this list starts every error
    /// path, see [`ErrorPath::initial`](crate::ErrorPath::initial)).
    fn initial_states(&mut self) -> Vec<Self::State>;

    /// The operations applicable in `state`; none means `state` is an end state. Must be
    /// deterministic: error paths are replayed by operation index.
    fn operations(&mut self, state: &Self::State) -> Ops<Self::Op>;

    /// Applies `op` to (a copy of) `state` and checks the result. Must be deterministic, so
    /// that an error path replays to the same error.
    fn apply(&mut self, state: &Self::State, op: &Self::Op) -> Outcome<Self::State, Self::Error>;

    /// A hash identifying `state` for matching: states with equal hashes are explored once.
    /// `None`, the default, disables matching for it (the search then terminates only on
    /// acyclic state spaces or within limits).
    fn hash(&mut self, _state: &Self::State) -> Option<u128> {
        None
    }

    /// The engine will come back to `state` (it is new and will be expanded, now or from
    /// its queue). Called right after [`apply`](Self::apply) produced it, while the model
    /// still holds it, so a model can save only the states it will need again.
    fn keep(&mut self, _state: &Self::State) {}

    /// Approximate memory in use by the model, for the memory limit and statistics.
    fn memory_bytes(&self) -> u64 {
        0
    }

    /// Whether the search should look at its time and memory limits now rather than at
    /// its next periodic look (every 256 operations): a model that watches the clock during
    /// long operations cut the last one short because a limit may have been reached.
    fn limits_due(&mut self) -> bool {
        false
    }

    /// `true` ends the search with [`StopReason::Requested`](crate::StopReason::Requested)
    /// (the model cannot go on).
    fn should_stop(&self) -> bool {
        false
    }

    /// Hears every search event, with the state it concerns (the state reached for
    /// `Advanced`, the state returned to for `Backtracked`, the finished one for
    /// `Processed`); lets a model drive its own listeners. A violation the model finds while
    /// handling an `Advanced` event is returned and charged to the path of the state
    /// reached, one found at `Finished` is reported without a path; what is returned after
    /// other events is dropped, so a model reports what it finds then at the next
    /// `Advanced` or at `Finished`.
    fn notify(
        &mut self,
        _event: crate::Event,
        _state: Option<&Self::State>,
    ) -> Option<Self::Error> {
        None
    }

    /// Whether the state reached last is not to be explored further, as the model's
    /// observers asked while hearing its `Advanced` event (JPF's `ignoreState` from a
    /// listener's `stateAdvanced`); asked once after every `Advanced` event, so that a
    /// request never outlives the state it was made for. The state stays visited.
    fn take_ignore(&mut self) -> bool {
        false
    }

    /// Sleep sets (depth-first search): the *actor* (a number, such as a thread) whose step
    /// `op` takes from `state`, if the model can tell whether such steps commute
    /// ([`commute`](Self::commute)). `None`, the default, keeps `op` out of sleep sets, as
    /// do actors from 32 on (a sleep set is a 32-bit mask).
    fn actor(&self, _state: &Self::State, _op: &Self::Op) -> Option<u32> {
        None
    }

    /// Whether the step that reached `earlier` commutes with the step that just reached
    /// `later` (the model holds `later`): both steps were taken from the same state, or
    /// `earlier`'s from an ancestor of that state with every step in between commuting with
    /// it too. Commuting steps of different actors lead to the same state in either order
    /// and neither changes what the other does, so after exploring below `earlier`, the
    /// search need not take `earlier`'s actor's step below `later`.
    fn commute(&self, _earlier: &Self::State, _later: &Self::State) -> bool {
        false
    }
}

/// The result of applying an operation.
#[derive(Debug, Clone)]
pub enum Outcome<S, E> {
    /// A successor state.
    Next(S),
    /// The operation leads to a property violation (the state is not explored further).
    Error(S, E),
    /// The path is cut off here (e.g. an assumption failed); not an error.
    Pruned,
}
