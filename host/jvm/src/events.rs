//! Reporting [`VmEvent`]s to the machine: a subscription test at every event point (free
//! for a machine that wants nothing), and events about objects and classes created inside
//! an operation delivered when the operation ends, with the running thread's frames.

use super::class::MethodId;
use super::machine::{Frames, Machine, VmEvent, VmEventKind};
use super::thread::Exec;
use super::value::Ref;
use crate::class::FieldRef;
use crate::vm::{Jvm, Vm};

impl Jvm {
    /// Whether objects were allocated or classes loaded that the machine has not heard of.
    #[inline]
    pub fn has_deferred_events(&self) -> bool {
        !self.regs.created.is_empty() || self.regs.classes_announced < self.classes.len()
    }
}

impl<M: Machine> Vm<M> {
    /// Reports `event` if the machine wants events of its kind.
    #[inline]
    pub fn report(&mut self, frames: Frames<'_>, event: VmEvent<'_>) {
        if M::wants(self, event.kind()) {
            M::event(self, frames, event);
        }
    }

    /// Reports `event`, which happened at the running thread's current instruction (its
    /// frames `exec`, synced).
    #[inline]
    pub fn report_at(&mut self, exec: &Exec, event: VmEvent<'_>) {
        self.report(Frames::Shared(exec), event);
    }

    /// Reports an event about thread `thread` (started, notified, interrupted, terminated).
    #[inline]
    pub fn report_thread(&mut self, event: VmEvent<'_>) {
        self.report(Frames::Parked, event);
    }

    /// Reports entering or leaving `method` (the running thread's frames `exec`).
    #[inline]
    pub(crate) fn report_method(&mut self, exec: &Exec, entered: bool, method: MethodId) {
        let event = if entered {
            VmEvent::MethodEntered { method }
        } else {
            VmEvent::MethodExited { method }
        };
        self.report(Frames::Shared(exec), event);
    }

    /// Reports a field access of the running thread (`holder`: the instance or statics).
    #[inline]
    pub(crate) fn report_field(
        &mut self,
        exec: &Exec,
        write: bool,
        holder: Ref,
        field: &FieldRef,
        system: bool,
    ) {
        let event = if write {
            VmEvent::FieldWritten {
                holder,
                field,
                system,
            }
        } else {
            VmEvent::FieldRead {
                holder,
                field,
                system,
            }
        };
        self.report(Frames::Shared(exec), event);
    }

    /// Reports every class loaded so far as loaded (a machine that starts listening after
    /// the VM booted).
    pub fn report_loaded_classes(&mut self) {
        self.regs.classes_announced = 0;
        self.report_deferred_now(Frames::Parked);
    }

    /// Reports the objects allocated and the classes loaded by the operation that just
    /// ended, with the frames `exec` of the thread that ran it.
    #[inline]
    pub(crate) fn report_deferred(&mut self, exec: &Exec) {
        if self.has_deferred_events() {
            self.report_deferred_now(Frames::Shared(exec));
        }
    }

    /// `report_deferred` where something is to be reported (also
    /// called by drivers at the end of a transition, with the frames wherever they are).
    #[cold]
    #[inline(never)]
    pub fn report_deferred_now(&mut self, mut frames: Frames<'_>) {
        let loaded = self.classes.len();
        if M::wants(self, VmEventKind::ClassLoaded) {
            while self.regs.classes_announced < loaded {
                let class = self.regs.classes_announced as u32;
                self.regs.classes_announced += 1;
                M::event(self, frames.reborrow(), VmEvent::ClassLoaded { class });
            }
        }
        self.regs.classes_announced = loaded;
        for object in std::mem::take(&mut self.regs.created) {
            M::event(self, frames.reborrow(), VmEvent::ObjectCreated { object });
        }
    }
}
