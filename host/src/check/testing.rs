//! A small builder for the checker's unit tests: a VM booted from the installed JDK whose
//! heap, threads and monitors a test lays out by hand, then fingerprints, records a
//! footprint of, or asks the checker about.
//!
//! After boot the VM has the main thread (0, runnable, no frames) and the JDK's Reference
//! Handler (1, a parked daemon); the fingerprint baseline is sealed there, so what a test
//! builds is young, and the checker explores (its hooks act as during a search).

use rpf_jvm::class::ClassId;
use rpf_jvm::heap::ObjData;
use rpf_jvm::state::Monitor;
use rpf_jvm::state::ProgramState;
use rpf_jvm::thread::{JThread, Status, WaitState};
use rpf_jvm::value::{Ref, Value};
use rpf_jvm::Machine;

use super::checker::{Checker, JavaVm};
use super::footprint::Footprint;
use super::policy::Policy;
use super::sharing::Sharing;
use crate::launch::{self, Target};

/// A class whose instances have reference fields `item`, `next` and `prev`.
pub(crate) const NODE: &str = "java/util/LinkedList$Node";

/// What the builder stores: a reference, an int or any value.
pub(crate) trait IntoValue {
    fn value(self) -> Value;
}

impl IntoValue for Value {
    fn value(self) -> Value {
        self
    }
}

impl IntoValue for Ref {
    fn value(self) -> Value {
        Value::Ref(self)
    }
}

impl IntoValue for i32 {
    fn value(self) -> Value {
        Value::Int(self)
    }
}

/// A booted VM under the checker (see the module documentation).
pub(crate) struct World {
    pub vm: JavaVm,
}

/// A state to come back to: the program's, and what the checker knew of its sharing.
pub(crate) type Snapshot = (ProgramState, Sharing);

impl World {
    /// Boots a VM from the installed JDK under the default policy (partial order reduction
    /// on, the class library atomic), seals the fingerprint baseline and starts exploring.
    pub fn boot() -> World {
        let config = rpf_config::ConfigBuilder::new()
            .build()
            .expect("an empty configuration");
        let target = Target {
            main_class: "Test".to_string(),
            args: Vec::new(),
            classpath: Vec::new(),
        };
        let checker = Checker::new(Policy::default(), 1_000_000);
        let vm = launch::boot(&config, &target, checker).expect("boot a VM from the JDK");
        let mut world = World { vm };
        world.seal();
        world.vm.machine.exploring = true;
        world
    }

    /// Makes the heap as it is the baseline of fingerprints, as the search does before it
    /// starts (the objects become preexisting) and after its first transition (the objects
    /// that transition allocated become sealed).
    pub fn seal(&mut self) {
        let JavaVm { jvm, machine, .. } = &mut self.vm;
        machine.fingerprinter.seal(jvm, &mut machine.sharing);
    }

    /// The fingerprint of the state the VM holds (which also finds what is shared).
    pub fn fingerprint(&mut self) -> u128 {
        let JavaVm { jvm, machine, .. } = &mut self.vm;
        machine.fingerprinter.fingerprint(jvm, &mut machine.sharing)
    }

    /// Whether `r` is shared, as the checker knows it (the last fingerprint found it
    /// reachable from more than one thread, or it was published since).
    pub fn shared(&self, r: Ref) -> bool {
        self.vm.machine.sharing.is_shared(r)
    }

    /// The state as it is now.
    pub fn save(&self) -> Snapshot {
        (self.vm.save(), self.vm.machine.sharing.clone())
    }

    /// Returns to `snapshot`.
    pub fn restore(&mut self, snapshot: &Snapshot) {
        self.vm.restore(&snapshot.0);
        self.vm.machine.sharing.clone_from(&snapshot.1);
    }

    /// Loads class `name` (internal form).
    pub fn class(&mut self, name: &str) -> ClassId {
        self.vm
            .load(name)
            .unwrap_or_else(|e| panic!("load {name}: {e}"))
    }

    /// A new instance of `class` with zeroed fields (no constructor runs).
    pub fn object(&mut self, class: &str) -> Ref {
        let class = self.class(class);
        self.vm.new_object(class)
    }

    /// A new `Object[]` holding `items`.
    pub fn array(&mut self, items: &[Ref]) -> Ref {
        let class = self.class("[Ljava/lang/Object;");
        self.vm.new_array_of(class, items)
    }

    /// A new `int[]` holding `values`.
    pub fn ints(&mut self, values: &[i32]) -> Ref {
        let class = self.class("[I");
        self.vm.alloc(class, ObjData::Ints(values.into()))
    }

    /// Sets instance field `field` of `obj`, as `putfield` does.
    pub fn set(&mut self, obj: Ref, field: &str, value: impl IntoValue) {
        let slot = self.slot(obj, field);
        self.vm.set_field(obj, slot, value.value());
    }

    /// The slot of instance field `field` of `obj`.
    pub fn slot(&self, obj: Ref, field: &str) -> u32 {
        let class = self.vm.class_of(obj).expect("a live object");
        self.vm.field_slot(class, field).expect("an instance field")
    }

    /// Sets element `i` of array `array`, as an array store instruction does.
    pub fn set_element(&mut self, array: Ref, i: usize, value: impl IntoValue) {
        let value = value.value();
        let old = self
            .vm
            .state
            .heap
            .get(array)
            .and_then(|a| a.data.load(i))
            .expect("an element");
        self.vm.state.heap.store_element(array, i, value);
        Checker::stored(&mut self.vm, array, old, value);
    }

    /// Reads a field or element of `obj` in the running thread (the checker hears of it as
    /// it hears of a `getfield`).
    pub fn read(&mut self, obj: Ref) {
        Checker::read(&mut self.vm, obj);
    }

    /// Sets static field `field` of class `class`.
    pub fn set_static(&mut self, class: &str, field: &str, value: impl IntoValue) {
        let class = self.class(class);
        let field = self.vm.classes.get(class).field_named(field);
        let slot = field.expect("a static field").slot;
        let statics = self.vm.statics(class);
        self.vm.set_field(statics, slot, value.value());
    }

    /// Adds a runnable thread (with a `Thread` object of its own) and returns its number.
    pub fn thread(&mut self) -> u32 {
        self.add_thread(false)
    }

    /// Adds a runnable daemon thread and returns its number.
    pub fn daemon(&mut self) -> u32 {
        self.add_thread(true)
    }

    fn add_thread(&mut self, daemon: bool) -> u32 {
        let obj = self.object("java/lang/Thread");
        let mut thread = JThread::new(obj, daemon, self.vm.opts.stack_size);
        thread.status = Status::Runnable;
        self.vm.state.threads.push(thread);
        self.vm.state.threads.len() as u32 - 1
    }

    /// Pushes `value` onto thread `t`'s operand stack.
    pub fn push(&mut self, t: u32, value: impl IntoValue) {
        self.thread_mut(t).exec.push(value.value());
    }

    /// Pushes `obj` onto the operand stacks of all of `threads`.
    pub fn hold(&mut self, threads: &[u32], obj: Ref) {
        for &t in threads {
            self.push(t, obj);
        }
    }

    /// Gives thread `t` the monitor of `obj` (entered once).
    pub fn lock(&mut self, t: u32, obj: Ref) {
        let monitor = Monitor { owner: t, count: 1 };
        self.vm.state.monitors.insert(obj, monitor);
    }

    /// Blocks thread `t` on the monitor of `obj`.
    pub fn block(&mut self, t: u32, obj: Ref) {
        self.thread_mut(t).status = Status::Blocked(obj);
    }

    /// Makes thread `t` wait (untimed) on the monitor of `obj`.
    pub fn wait(&mut self, t: u32, obj: Ref) {
        let thread = self.thread_mut(t);
        thread.status = Status::Waiting(obj);
        thread.wait = Some(WaitState {
            monitor: obj,
            count: 1,
            woken: false,
        });
    }

    /// Ends thread `t`.
    pub fn terminate(&mut self, t: u32) {
        self.thread_mut(t).status = Status::Terminated;
    }

    /// Thread `t`, for changing it.
    pub fn thread_mut(&mut self, t: u32) -> &mut JThread {
        let thread = self.vm.state.threads.get_mut(t as usize);
        thread.expect("an existing thread")
    }

    /// The footprint of a transition of thread `t` that does `run` (from the state the VM
    /// holds, which it changes).
    pub fn transition(&mut self, t: u32, run: impl FnOnce(&mut World)) -> Footprint {
        let vm = &mut self.vm;
        vm.state.current = t as usize;
        vm.regs.first_step = false;
        let recorder = vm.machine.footprint.get_or_insert_with(Box::default);
        recorder.begin(&vm.jvm, t);
        run(self);
        let vm = &mut self.vm;
        let recorder = vm.machine.footprint.as_deref_mut();
        recorder.expect("recording").end(&vm.jvm)
    }
}
