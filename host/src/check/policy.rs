//! What decides scheduling points: the settings of the built-in partial order reduction
//! (JPF's `vm.por.*`), and whether a scheduler plugin has the last word. Plain settings,
//! read by `settings` and kept in the [`Checker`](super::checker::Checker) for
//! `scheduling` to consult.

use rpf_jvm::time::Timeouts;

/// The built-in scheduling policy's settings (JPF's `vm.por.*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Policy {
    /// Break only at accesses to objects reachable from more than one thread (`vm.por`).
    /// Without it every field and array access is a scheduling point.
    pub por: bool,
    /// Code of the Java class library runs atomically unless it blocks, and calls into it
    /// from application code are scheduling points when they involve shared objects
    /// (`vm.por.system_atomic`).
    pub system_atomic: bool,
    /// Which timed waits, sleeps and timed parks may end by timeout (`vm.timeouts`,
    /// `vm.timeouts.delay`).
    pub timeouts: Timeouts,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            por: true,
            system_atomic: true,
            timeouts: Timeouts::default(),
        }
    }
}

/// Who decides which accesses are scheduling points (JPF's Scheduler).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Scheduler {
    /// The built-in partial order reduction ([`Policy`]).
    #[default]
    Por,
    /// The run's scheduler plugin, told the built-in answer as its default.
    Plugin,
}
