//! Plugin data that follows the search's backtracking.

use std::collections::HashMap;

use crate::event::{flags, Event, EventKind, EventMask};

/// A value that belongs to the current execution path: a copy is kept for every state the
/// search may return to, and restored when it does. Analyses that follow one execution
/// (lock sets, lock trees) keep their data in a `PathLocal` and pass it the
/// [`PathLocal::EVENTS`] they subscribe to.
#[derive(Debug, Clone, Default)]
pub struct PathLocal<T: Clone> {
    current: T,
    saved: HashMap<i64, T>,
}

impl<T: Clone> PathLocal<T> {
    /// The state events [`PathLocal::on_event`] needs.
    pub const EVENTS: EventMask = EventMask::of(&[
        EventKind::SearchStarted,
        EventKind::StateAdvanced,
        EventKind::StateRestored,
        EventKind::StateProcessed,
    ]);

    /// Starts with `initial` as the data of the initial state.
    pub fn new(initial: T) -> Self {
        PathLocal {
            current: initial,
            saved: HashMap::new(),
        }
    }

    /// The data of the current path.
    pub fn get(&self) -> &T {
        &self.current
    }

    /// The data of the current path, to update.
    pub fn get_mut(&mut self) -> &mut T {
        &mut self.current
    }

    /// Follows the search: saves a copy at every new state that has successors, restores
    /// it when the VM returns to that state, and forgets it once the state is fully
    /// explored.
    pub fn on_event(&mut self, event: &Event<'_>) {
        match event.kind {
            EventKind::SearchStarted => {
                self.saved.insert(event.value, self.current.clone());
            }
            EventKind::StateAdvanced
                if event.flags & flags::NEW_STATE != 0
                    && event.flags & (flags::END_STATE | flags::ERROR_STATE) == 0 =>
            {
                self.saved.insert(event.value, self.current.clone());
            }
            EventKind::StateRestored => {
                if let Some(saved) = self.saved.get(&event.value) {
                    self.current = saved.clone();
                }
            }
            EventKind::StateProcessed => {
                self.saved.remove(&event.value);
            }
            _ => {}
        }
    }
}

/// Small consecutive numbers for state ids (which are fingerprint bits): the first state
/// seen is 0, the next new one 1, and so on — for readable graphs and logs.
#[derive(Debug, Clone, Default)]
pub struct StateNumbers(HashMap<i64, usize>);

impl StateNumbers {
    /// The number of state `id`, given on first sight.
    pub fn number(&mut self, id: i64) -> usize {
        let next = self.0.len();
        *self.0.entry(id).or_insert(next)
    }

    /// How many states were numbered.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether no state was numbered.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(kind: EventKind, id: i64, flags: u32) -> Event<'static> {
        Event {
            value: id,
            flags,
            ..Event::new(kind, 0)
        }
    }

    #[test]
    fn data_follows_backtracking() {
        let mut p = PathLocal::new(vec![0]);
        p.on_event(&state(EventKind::SearchStarted, 0, 0));
        // (the initial state's id is the SearchStarted event's value, here 0)
        p.get_mut().push(1);
        p.on_event(&state(EventKind::StateAdvanced, 1, flags::NEW_STATE));
        p.get_mut().push(2);
        p.on_event(&state(
            EventKind::StateAdvanced,
            2,
            flags::NEW_STATE | flags::END_STATE,
        ));
        p.on_event(&state(EventKind::StateRestored, 1, 0));
        assert_eq!(p.get(), &vec![0, 1]);
        p.on_event(&state(EventKind::StateRestored, 0, 0));
        assert_eq!(p.get(), &vec![0]);
        p.on_event(&state(EventKind::StateProcessed, 1, 0));
        p.on_event(&state(EventKind::StateRestored, 1, 0));
        assert_eq!(p.get(), &vec![0], "a processed state's copy is gone");
    }
}
