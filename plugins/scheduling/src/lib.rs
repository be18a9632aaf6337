//! Scheduler factories: policies deciding which accesses end a transition.
//!
//! `rpf.AlwaysBreakScheduler` makes every field and array access of application code a
//! scheduling point, shared or not, which explores more interleavings than the built-in
//! on-the-fly partial order reduction but must reach the same verdicts; comparing the two
//! checks both the reduction and the scheduler hook.

use rpf_plugin_api::{scheduler, Access, AccessKind, ConfigView, HostRef, Scheduler};

/// Breaks at every application field and array access.
struct AlwaysBreak;

impl Scheduler for AlwaysBreak {
    fn new(_config: &ConfigView) -> Result<Self, String> {
        Ok(AlwaysBreak)
    }

    fn is_scheduling_point(&mut self, _host: &mut HostRef<'_, '_>, access: &Access) -> bool {
        match access.kind {
            AccessKind::MonitorEnter => access.default,
            _ => access.default || !access.system,
        }
    }
}

rpf_plugin_api::export_plugin!(
    "rpf-plugin-scheduling",
    [scheduler::<AlwaysBreak>(
        "rpf.AlwaysBreakScheduler",
        &["gov.nasa.jpf.vm.AlwaysBreakSchedulerFactory"],
        "every field and array access of application code is a scheduling point",
    ),]
);
