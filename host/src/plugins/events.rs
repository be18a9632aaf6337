//! The VM's side of event delivery: cheap subscription tests at event points, and the
//! slow path that hands an event to the listeners.

use rpf_plugin_api::{flags, Event, EventKind};

use super::host_view::Frames;
use crate::vm::resolve::FieldRef;
use crate::vm::thread::Exec;
use crate::vm::value::Ref;
use crate::vm::Vm;

impl Vm {
    /// Whether some listener subscribed to `kind` (one bit test; event points call this
    /// before building an event).
    #[inline(always)]
    pub fn wants(&self, kind: EventKind) -> bool {
        self.event_mask & kind.bit() != 0
    }

    /// Delivers an event to the subscribed listeners. Requests to break the transition
    /// made outside instruction-level stepping take effect after the current instruction.
    #[cold]
    #[inline(never)]
    pub fn fire(&mut self, frames: Frames<'_>, event: Event<'_>) {
        let Some(mut plugins) = self.plugins.take() else {
            return;
        };
        self.announce_classes(&mut plugins);
        plugins.deliver(self, frames, &event);
        if plugins.shared.requests.break_transition && !self.single_step {
            plugins.shared.requests.break_transition = false;
            self.break_requested = true;
        }
        self.plugins = Some(plugins);
    }

    /// Fires `kind` about `object` in the running thread, whose frames are `exec`.
    #[inline]
    pub fn fire_object(&mut self, exec: Option<&Exec>, kind: EventKind, object: Ref, value: i64) {
        if self.wants(kind) {
            let frames = exec.map_or(Frames::Parked, Frames::Shared);
            let event = Event {
                object: object.0,
                value,
                ..Event::new(kind, self.state.current as u32)
            };
            self.fire(frames, event);
        }
    }

    /// Fires a thread event about thread `t` (started, notified, interrupted, terminated).
    #[inline]
    pub fn fire_thread(&mut self, kind: EventKind, t: usize) {
        if self.wants(kind) {
            let object = self.state.threads.get(t).map_or(0, |th| th.obj.0);
            let event = Event {
                object,
                ..Event::new(kind, t as u32)
            };
            self.fire(Frames::Parked, event);
        }
    }

    /// Fires a method event for the top frame of `exec`.
    #[inline]
    pub fn fire_method(&mut self, exec: &Exec, kind: EventKind, method: u32) {
        if self.wants(kind) {
            let pc = exec.top().map_or(0, |f| f.pc);
            let event = Event {
                method,
                pc,
                ..Event::new(kind, self.state.current as u32)
            };
            self.fire(Frames::Shared(exec), event);
        }
    }

    /// Fires `event` located at the running thread's current instruction (its frames
    /// `exec`, synced).
    pub(crate) fn fire_at(&mut self, exec: &Exec, event: Event<'_>) {
        let (method, pc) = exec.top().map_or((u32::MAX, 0), |f| (f.method, f.pc));
        self.fire(
            Frames::Shared(exec),
            Event {
                method,
                pc,
                ..event
            },
        );
    }

    /// Fires a field access event for the running thread (`holder` is the instance or the
    /// statics object).
    #[inline]
    pub(crate) fn fire_field(
        &mut self,
        exec: &Exec,
        kind: EventKind,
        holder: Ref,
        field: &FieldRef,
        system: bool,
    ) {
        if !self.wants(kind) {
            return;
        }
        let name = self.field_name(field);
        let event = Event {
            object: holder.0,
            value: i64::from(field.slot),
            flags: flags::when(field.volatile, flags::VOLATILE)
                | flags::when(field.is_static, flags::STATIC)
                | flags::when(system, flags::SYSTEM),
            text: abi_stable::std_types::RStr::from_str(&name),
            ..Event::new(kind, self.state.current as u32)
        };
        self.fire_at(exec, event);
    }

    /// `pkg.Class.field` of a resolved field.
    #[cold]
    fn field_name(&self, field: &FieldRef) -> String {
        let declaring = self.classes.get(field.class);
        declaring
            .fields
            .iter()
            .find(|d| d.slot == field.slot && d.is_static() == field.is_static)
            .map(|d| format!("{}.{}", declaring.java_name(), d.name))
            .unwrap_or_default()
    }

    /// After garbage collection freed `dead`: their attributes go, listeners hear of them.
    pub(crate) fn released(&mut self, dead: &[Ref]) {
        if !self.state.heap_attrs.is_empty() {
            let heap = &self.state.heap;
            self.state.heap_attrs.retain_live(|r| heap.get(r).is_some());
        }
        if self.wants(EventKind::ObjectReleased) {
            for &r in dead {
                self.fire_object(None, EventKind::ObjectReleased, r, 0);
            }
        }
    }

    /// Announces classes loaded since the last announcement to `ClassLoaded` listeners.
    pub(crate) fn announce_classes(&mut self, plugins: &mut super::Plugins) {
        let loaded = self.classes.len();
        if !plugins.wants(EventKind::ClassLoaded) {
            self.classes_announced = loaded;
            return;
        }
        while self.classes_announced < loaded {
            let id = self.classes_announced as u32;
            self.classes_announced += 1;
            let name = self.classes.get(id).java_name();
            let event = Event {
                value: i64::from(id),
                text: abi_stable::std_types::RStr::from_str(&name),
                ..Event::new(EventKind::ClassLoaded, self.state.current as u32)
            };
            plugins.deliver(self, Frames::Parked, &event);
        }
    }
}
