//! Observers hear a search's [`Event`]s as they happen (listeners, progress reporting).

use crate::Report;

/// Search events for observers (listeners, progress reporting).
#[derive(Debug, Clone, Copy)]
pub enum Event {
    /// The search is starting.
    Started,
    /// A transition produced a state; `new` if it was not seen before, `end` if it has no
    /// operations.
    Advanced {
        /// Depth of the state.
        depth: usize,
        /// Whether the state is new.
        new: bool,
        /// Whether it is an end state.
        end: bool,
        /// Whether the transition violated a property.
        error: bool,
    },
    /// Every successor of a state has been explored.
    Processed {
        /// Depth of the state.
        depth: usize,
    },
    /// The search returned from a fully explored state.
    Backtracked {
        /// Depth returned to.
        depth: usize,
    },
    /// An error was found.
    ErrorFound,
    /// The search is over.
    Finished,
}

/// Receives search events; may ask the search to stop.
pub trait Observer {
    /// Called for every event, with the statistics so far.
    fn event<Op, E>(&mut self, _event: Event, _stats: &Report<Op, E>) {}

    /// Polled between transitions; `true` ends the search with
    /// [`StopReason::Requested`](crate::StopReason::Requested).
    fn should_stop(&mut self) -> bool {
        false
    }
}

/// An observer that does nothing.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoObserver;

impl Observer for NoObserver {}
