//! Running one transition: a thread runs, starting with the choices its state's
//! generators offer, until the next scheduling point, data choice, block or end.

use std::rc::Rc;

use rpf_jvm::machine::{Choice, Frames};
use rpf_jvm::thread::Status;
use rpf_jvm::Stop;

use super::checker::{Checker, JavaVm};
use super::choice::{ChoiceGenerator, ChoiceGenerators};
use super::scheduling::{schedulable, schedule_point, split_before_end};
use super::watch;

/// How a transition ended.
#[derive(Debug, Clone, PartialEq)]
pub enum TransitionEnd {
    /// Choices were registered; the state has successors.
    Choices(ChoiceGenerators),
    /// No thread can run on: the program ended (`System.exit`, or no non-daemon thread is
    /// alive and the shutdown hooks have run; daemon threads are abandoned), or the rest are
    /// blocked (which properties judge).
    Finished,
    /// A thread died of an exception a property claimed (see
    /// [`super::property::Property::claims_uncaught`]).
    Died,
    /// `Verify.ignoreIf(true)` or `assume(false)`, or the program needs something rpf
    /// cannot provide: the path is not followed further.
    Ignored,
}

/// Runs one transition of thread `thread`, starting with `choices`.
pub fn run(
    vm: &mut JavaVm,
    thread: u32,
    choices: impl IntoIterator<Item = (Rc<str>, Choice)>,
) -> TransitionEnd {
    let budget_limit = vm.machine.max_transition;
    let record = &mut vm.machine.transition;
    record.pending.clear();
    record.current.clear();
    record.current.extend(choices);
    record.died = None;
    vm.jvm.regs.run_budget = budget_limit;
    let t = thread as usize;
    if let Some(rec) = vm.machine.footprint.as_deref_mut() {
        rec.begin(&vm.jvm, thread);
    }
    Checker::refresh_quiet_library(vm);
    vm.time_out(t);
    let mut budget = budget_limit;
    let watching = vm.machine.watch.active();
    let end = loop {
        if watching {
            vm.jvm.regs.checkpoint = budget.saturating_sub(watch::INTERVAL);
        }
        let stop = vm.run_thread(t, &mut budget);
        if vm.machine.transition.died.is_some() {
            break Some(TransitionEnd::Died);
        }
        match stop {
            Stop::Prune => break Some(TransitionEnd::Ignored),
            Stop::Break => break None,
            Stop::Halt(_) => break Some(TransitionEnd::Finished),
            Stop::UpcallDone | Stop::FramesEmpty => {
                let split = split_before_end(vm, t);
                vm.upcall_finished(t);
                if vm.machine.transition.died.is_some() {
                    break Some(TransitionEnd::Died);
                }
                let status = vm.state.threads[t].status;
                if matches!(status, Status::Terminated | Status::Blocked(_))
                    || split && schedule_point(vm, "thread end")
                {
                    break None;
                }
            }
            // A checkpoint: a limit reached ends the transition as the budget would.
            Stop::Budget if budget > 0 => {
                if vm.machine.watch.poll() {
                    break None;
                }
            }
            Stop::Blocked | Stop::Yield | Stop::Budget => break None,
        }
    };
    vm.jvm.regs.checkpoint = 0;
    if vm.has_deferred_events() {
        // Objects and classes the last operation created are reported before the state.
        vm.report_deferred_now(Frames::Parked);
    }
    // The thread had the processor until now (see `Timeouts`).
    let now = vm.now_ns();
    if vm.state.threads[t].ready_since != now {
        vm.state.threads[t].ready_since = now;
    }
    end.unwrap_or_else(|| end_of_transition(vm, thread))
}

/// After a transition of `thread` that stopped without ending the path: the pending
/// choices, or a thread choice, or the end.
fn end_of_transition(vm: &mut JavaVm, thread: u32) -> TransitionEnd {
    let pending = std::mem::take(&mut vm.machine.transition.pending);
    if !pending.is_empty() {
        return TransitionEnd::Choices(pending);
    }
    if vm.program_end().is_some() {
        return TransitionEnd::Finished;
    }
    let timeouts = vm.machine.policy.timeouts;
    // Inside an atomic section (`Verify.beginAtomic`) only a limit can have ended the
    // transition (`vm.max_transition`): the thread goes on, as the section promises.
    let cg = if vm.state.atomic_depth > 0 && schedulable(&vm.jvm, timeouts).any(|s| s == thread) {
        ChoiceGenerator::threads("schedule", [thread])
    } else {
        ChoiceGenerator::threads("schedule", schedulable(&vm.jvm, timeouts))
    };
    if cg.choices.is_empty() {
        TransitionEnd::Finished
    } else {
        TransitionEnd::Choices(smallvec::smallvec![cg])
    }
}
