//! Random simulation until a start condition holds: each ChoiceGenerator of a state reached
//! before then has one choice picked at random (seeded, so runs repeat), and transitions
//! starting with another choice are pruned; once `choice.depth` is reached, a
//! `choice.calls` method is entered or all `choice.threads` run, new states are searched
//! fully.

use std::collections::HashMap;

use rpf_plugin_api::{Event, EventKind, HostRef};
use serde_json::{json, Value};

use crate::names::{running_threads, MethodFilter, Patterns};

/// When the full search starts.
pub struct StartCondition {
    /// `choice.depth`: the search depth at which it starts.
    pub depth: Option<u32>,
    /// `choice.calls`: application methods whose entry starts it.
    pub calls: MethodFilter,
    /// `choice.threads`: thread names that must all be running.
    pub threads: Patterns,
}

/// SplitMix64: a small, fixed generator, so that a seed picks the same choices everywhere.
struct Random(u64);

impl Random {
    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % n
    }
}

/// The random simulation's state.
pub struct Simulation {
    seed: i64,
    random: Random,
    start: StartCondition,
    /// What started the full search, once it has.
    started: Option<String>,
    /// The choice index picked for each generator of each state reached before the start
    /// (in the state's generator order), until the state is fully explored.
    picks: HashMap<i64, Vec<i64>>,
    /// The state whose generators are advancing and the next one's position: a transition
    /// advances each of its state's generators in order.
    cursor: (i64, usize),
    /// Choices picked at random.
    picked: u64,
}

impl Simulation {
    /// A simulation with `seed` until `start` holds.
    pub fn new(seed: i64, start: StartCondition) -> Self {
        Simulation {
            seed,
            random: Random(seed as u64),
            start,
            started: None,
            picks: HashMap::new(),
            cursor: (0, 0),
            picked: 0,
        }
    }

    /// Whether the simulation needs events of `kind` (those of an unset start condition are
    /// not).
    pub fn needs(&self, kind: EventKind) -> bool {
        match kind {
            EventKind::MethodEntered => !self.start.calls.is_empty(),
            EventKind::ThreadStarted => !self.start.threads.is_empty(),
            _ => true,
        }
    }

    /// Follows the search; `Some(reason)` when the transition starting now must be pruned.
    pub fn on_event(&mut self, host: &HostRef<'_, '_>, event: &Event<'_>) -> Option<String> {
        match event.kind {
            EventKind::StateAdvanced if self.started.is_none() => {
                let depth = host.search_depth();
                if self.start.depth.is_some_and(|d| depth >= d) {
                    self.started = Some(format!("depth {depth} reached"));
                }
            }
            EventKind::MethodEntered if self.started.is_none() => {
                if let Some(name) = self.start.calls.matching(host, event.method) {
                    self.started = Some(format!("{name} entered"));
                }
            }
            EventKind::ThreadStarted
                if self.started.is_none()
                    && self.start.threads.all_matched_by(&running_threads(host)) =>
            {
                self.started = Some("all choice.threads running".to_string());
            }
            EventKind::ChoiceSet if self.started.is_none() => {
                let choices = event.value.max(1) as u64;
                let pick = self.random.below(choices) as i64;
                self.picked += 1;
                self.picks.entry(event.other).or_default().push(pick);
            }
            EventKind::ChoiceAdvanced => return self.advanced(event.other, event.value),
            EventKind::StateProcessed => {
                self.picks.remove(&event.value);
            }
            _ => {}
        }
        None
    }

    /// Checks a generator of `state` advancing to `index` against the pick.
    fn advanced(&mut self, state: i64, index: i64) -> Option<String> {
        let picks = self.picks.get(&state)?;
        if self.cursor.0 != state || self.cursor.1 >= picks.len() {
            self.cursor = (state, 0);
        }
        let pick = picks[self.cursor.1];
        self.cursor.1 += 1;
        (index != pick).then(|| {
            format!(
                "random simulation (choice.seed={}) explored one choice of each generator \
                 before the search started",
                self.seed
            )
        })
    }

    /// The console report section.
    pub fn report(&self) -> String {
        let start = match &self.started {
            Some(why) => format!("full search started: {why}"),
            None => "the start condition never held: one random path".to_string(),
        };
        format!(
            "random simulation (seed {}): choices picked at random: {}; {start}\n",
            self.seed, self.picked
        )
    }

    /// The JSON report value.
    pub fn report_json(&self) -> Value {
        json!({
            "mode": "random",
            "seed": self.seed,
            "picked": self.picked,
            "started": self.started,
        })
    }
}
