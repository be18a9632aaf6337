//! rpf's Java virtual machine: class files and the class path, the class registry, heap,
//! threads, monitors, the interpreter, natives and invokedynamic.
//!
//! The JVM knows nothing of what drives it: the interpreter and the natives are generic over
//! a [`Machine`] (see [`machine`]), which plain execution ([`Plain`], `rpf run`) and the model
//! checker implement. What belongs to a program's state is one type, [`state::ProgramState`].

pub mod assembler;
pub mod attributes;
pub mod boot;
pub mod class;
mod class_init;
pub mod classfile;
pub mod classpath;
pub mod describe;
mod events;
mod exceptions;
pub mod gc;
pub mod heap;
pub mod indy;
pub mod interpreter;
pub mod lifecycle;
pub mod loader;
pub mod machine;
pub mod monitor;
pub mod native_memory;
pub mod natives;
pub mod npe_messages;
pub mod operations;
pub mod plain;
pub mod pvec;
pub mod reflection;
pub mod resolve;
pub mod state;
mod stepwise;
pub mod strings;
pub mod thread;
pub mod value;
pub mod varhandle;

use std::collections::HashMap;
use std::rc::Rc;

use class::ClassId;
use heap::ObjData;
use loader::Classes;
use thread::JThread;
use value::{Ref, Value};

pub use interpreter::Stop;
pub use machine::Machine;
pub use operations::Flow;
pub use plain::Plain;

/// Tunables of the virtual machine; rpf's defaults for them live in the configuration's key
/// registry (`launch::vm_options`).
#[derive(Debug, Clone)]
pub struct VmOptions {
    /// `java -ea` for application classes.
    pub assertions: bool,
    /// Bytes of Java stack per thread: StackOverflowError when a new frame would not fit
    /// (what a frame takes is modelled in `throw.rs`).
    pub stack_size: u64,
    /// Frames per thread before StackOverflowError, if limited.
    pub max_stack_depth: Option<u64>,
    /// Instructions per scheduling slice in plain execution.
    pub time_slice: u64,
}

/// Initialization state of a class (JVMS §5.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InitState {
    /// Not yet initialized.
    Uninit,
    /// Being initialized by the given thread.
    InProgress(u32),
    /// Initialized.
    Done,
    /// Initialization failed; uses throw NoClassDefFoundError.
    Failed,
}

/// Per-class state that belongs to the program's state (restored on backtrack).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClassState {
    /// Initialization progress.
    pub init: InitState,
    /// Object holding the static fields (null until first needed).
    pub statics: Ref,
    /// The `java.lang.Class` object (null until first needed).
    pub mirror: Ref,
}

impl Default for ClassState {
    fn default() -> Self {
        ClassState {
            init: InitState::Uninit,
            statics: Ref::NULL,
            mirror: Ref::NULL,
        }
    }
}

/// Ids and field slots of classes the VM itself works with.
#[derive(Debug, Clone, Default)]
pub struct Known {
    /// java/lang/Object
    pub object: ClassId,
    /// java/lang/String
    pub string: ClassId,
    /// java/lang/Class
    pub class: ClassId,
    /// java/lang/Thread
    pub thread: ClassId,
    /// java/lang/Throwable
    pub throwable: ClassId,
    /// `[B`
    pub byte_array: ClassId,
    /// `[C`
    pub char_array: ClassId,
    /// String.value slot
    pub string_value: u32,
    /// String.coder slot
    pub string_coder: u32,
    /// Class.vmClass slot (rpf's model of java.lang.Class)
    pub class_vm_id: u32,
    /// Throwable.backtrace slot
    pub throwable_backtrace: u32,
    /// Throwable.depth slot
    pub throwable_depth: u32,
}

/// Methods the VM calls on its own.
#[derive(Debug, Clone, Default)]
pub struct KnownMethods {
    /// `VMSupport.throwNew(String, String)`: creates and throws VM exceptions.
    pub throw_new: class::MethodId,
    /// `VMSupport.initError(Throwable)`: wraps a static initializer's exception.
    pub init_error: class::MethodId,
    /// `Thread.dispatchUncaughtException(Throwable)`.
    pub dispatch_uncaught: class::MethodId,
    /// `Thread.exit()`.
    pub thread_exit: class::MethodId,
    /// `Thread.run()`.
    pub thread_run: class::MethodId,
    /// `Shutdown.shutdown()`, if the JDK has it.
    pub shutdown: Option<class::MethodId>,
}

/// Where program output goes; stdout is buffered and flushed before stderr writes so that
/// interleaving on a terminal stays readable.
pub struct Io {
    out: std::io::BufWriter<std::io::Stdout>,
    /// Bytes written to stdout (statistics).
    pub out_bytes: u64,
    /// Whether output is suppressed (model checking re-executes paths).
    pub quiet: bool,
    /// Files the program opened, by the descriptor number handed to Java.
    pub files: HashMap<i32, std::fs::File>,
    /// Next descriptor number for an opened file.
    pub next_fd: i32,
}

impl Default for Io {
    fn default() -> Self {
        Io {
            out: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout()),
            out_bytes: 0,
            quiet: false,
            files: HashMap::new(),
            next_fd: 3,
        }
    }
}

impl Io {
    /// Writes program bytes to file descriptor 1 or 2.
    pub fn write(&mut self, fd: i32, bytes: &[u8]) -> std::io::Result<()> {
        use std::io::Write;
        if self.quiet {
            return Ok(());
        }
        match fd {
            1 => {
                self.out_bytes += bytes.len() as u64;
                self.out.write_all(bytes)
            }
            2 => {
                self.out.flush()?;
                let mut err = std::io::stderr().lock();
                err.write_all(bytes)?;
                err.flush()
            }
            other => match self.files.get_mut(&other) {
                Some(f) => f.write_all(bytes),
                None => Err(std::io::Error::from(std::io::ErrorKind::InvalidInput)),
            },
        }
    }

    /// Flushes stdout.
    pub fn flush(&mut self) {
        use std::io::Write;
        let _ = self.out.flush();
    }
}

/// The JVM's data: the program's state, and the runtime around it. It knows nothing of
/// what drives it; [`Vm`] adds the driving [`Machine`].
pub struct Jvm {
    /// Loaded classes.
    pub classes: Classes,
    /// The program's state: what is saved, restored and fingerprinted.
    pub state: state::ProgramState,
    /// Core class ids and slots.
    pub known: Known,
    /// Methods the VM calls itself.
    pub known_methods: KnownMethods,
    /// Options.
    pub opts: VmOptions,
    /// Program output.
    pub io: Io,
    /// Instructions executed.
    pub instructions: u64,
    /// Initial system properties.
    pub system_properties: Vec<(String, String)>,
    /// The module every class reports (rpf runs without the module system).
    pub unnamed_module: Ref,
    /// When the VM started (for `nanoTime`).
    pub start_instant: std::time::Instant,
    /// Objects the VM keeps alive on its own (thread groups, ...).
    pub vm_roots: Vec<Ref>,
    /// Thrown when even the overflow reserve is exhausted.
    pub(crate) preallocated_overflow: Ref,
    /// Open directory streams of `opendir`, by handle.
    pub(crate) directories: HashMap<i64, Vec<Vec<u8>>>,
    /// Generated reflection adapters.
    pub(crate) adapters: reflection::Adapters,
    /// Whether any attribute was ever set (attributes then travel with values, which needs
    /// execution instruction by instruction).
    pub attrs_active: bool,
    /// Execution registers: they hold something only within a transition (see
    /// [`Vm::restore`]), so they are not part of the program state.
    pub regs: Registers,
    /// Reusable buffer for native arguments.
    pub(crate) scratch: Vec<Value>,
}

/// The JVM's execution registers (see [`Jvm::regs`]).
#[derive(Debug, Default)]
pub struct Registers {
    /// The value returned by the last VM-initiated call.
    pub upcall_result: Value,
    /// The exception that ended the last VM-initiated call, if any.
    pub upcall_exception: Option<Ref>,
    /// Whether a StackOverflowError is being constructed (frames beyond the limit allowed).
    pub(crate) overflow_reserve_active: bool,
    /// A native that is throwing: its frame goes on top of the next stack trace filled in.
    pub(crate) pending_native_frame: Option<class::MethodId>,
    /// The instruction budget the running thread's current run started with: the
    /// instruction executed with one less left is the run's first.
    pub run_budget: u64,
    /// Whether the instruction being executed is the first of its run (a native re-executed
    /// as a transition's first instruction takes the choice it registered before).
    pub first_step: bool,
    /// The interpreter returns after each instruction (set by the stepwise driver).
    pub(crate) single_step: bool,
    /// Objects allocated during the running operation, for [`VmEvent::ObjectCreated`].
    pub(crate) created: Vec<Ref>,
    /// Classes reported to the machine as loaded (see [`VmEvent::ClassLoaded`]).
    pub(crate) classes_announced: usize,
}

/// The virtual machine: the JVM, driven by machine `M` (plain execution or the model
/// checker, see [`machine`]).
pub struct Vm<M: Machine> {
    /// The JVM.
    pub jvm: Jvm,
    /// What drives it, with its own state.
    pub machine: M,
    /// Native method implementations, by [`natives::NativeId`].
    pub(crate) natives: Rc<[natives::NativeFn<M>]>,
}

impl<M: Machine> std::ops::Deref for Vm<M> {
    type Target = Jvm;

    #[inline(always)]
    fn deref(&self) -> &Jvm {
        &self.jvm
    }
}

impl<M: Machine> std::ops::DerefMut for Vm<M> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Jvm {
        &mut self.jvm
    }
}

impl Jvm {
    /// Notes that attribute `attr` was attached to a value: from now on the VM runs
    /// instruction by instruction so that attributes travel with values.
    pub fn activate_attributes(&mut self, attr: i64) {
        if attr != 0 {
            self.attrs_active = true;
        }
    }

    /// The state of class `id` (the default for a class no state was created for).
    #[inline]
    pub fn class_state_of(&self, id: ClassId) -> ClassState {
        self.state
            .class_states
            .get(id as usize)
            .copied()
            .unwrap_or_default()
    }

    /// The class a `java.lang.Class` object stands for.
    pub fn class_of_mirror(&self, mirror: Ref) -> Option<ClassId> {
        let obj = self.state.heap.get(mirror)?;
        if obj.class != self.known.class {
            return None;
        }
        match obj.fields().get(self.known.class_vm_id as usize) {
            Some(Value::Int(id)) if (*id as usize) < self.classes.len() => Some(*id as ClassId),
            _ => None,
        }
    }

    /// The class of the object `r`.
    #[inline]
    pub fn class_of(&self, r: Ref) -> Option<ClassId> {
        self.state.heap.get(r).map(|o| o.class)
    }

    /// Reads instance field `slot` of `r`.
    #[inline]
    pub fn field(&self, r: Ref, slot: u32) -> Value {
        self.state
            .heap
            .get(r)
            .and_then(|o| o.fields().get(slot as usize).copied())
            .unwrap_or_default()
    }

    /// Slot of an instance field found by name along the superclass chain.
    pub fn field_slot(&self, class: ClassId, name: &str) -> Option<u32> {
        let mut current = Some(class);
        while let Some(c) = current {
            let cls = self.classes.get(c);
            if let Some(f) = cls.field_named(name).filter(|f| !f.is_static()) {
                return Some(f.slot);
            }
            current = cls.super_class;
        }
        None
    }

    /// Reads a named instance field (slow; for natives that touch JDK objects rarely).
    pub fn field_by_name(&self, r: Ref, name: &str) -> Value {
        self.class_of(r)
            .and_then(|c| self.field_slot(c, name))
            .map(|slot| self.field(r, slot))
            .unwrap_or_default()
    }

    /// The number of the running thread.
    pub fn current_thread(&self) -> &JThread {
        &self.state.threads[self.state.current]
    }

    /// Whether `class` is `java.lang.Throwable` or a subclass.
    pub fn is_throwable(&self, class: ClassId) -> bool {
        self.classes.is_subclass(class, self.known.throwable)
    }

    /// `pkg.Class.method(File.java:12)` for a frame (traces and reports).
    pub fn frame_text(&self, method: class::MethodId, pc: u32) -> String {
        let m = self.classes.method(method);
        let c = self.classes.get(m.class);
        let line = m.code.as_ref().and_then(|code| code.line_at(pc));
        let place = match (&c.attrs.source_file, line) {
            _ if m.is_native() => "Native Method".to_string(),
            (Some(f), Some(l)) => format!("{f}:{l}"),
            (Some(f), None) => f.to_string(),
            (None, _) => "Unknown Source".to_string(),
        };
        format!("{}.{}({place})", c.java_name(), m.name)
    }

    /// The shared empty instance-defaults of a class (for fast allocation in the interpreter).
    pub(crate) fn defaults(&self, class: ClassId) -> Rc<[Value]> {
        self.classes.get(class).instance_defaults.clone()
    }
}

impl<M: Machine> Vm<M> {
    /// The state of class `id`, to change it (created on first use). Reading through
    /// [`class_state_of`](Jvm::class_state_of) instead leaves the table shared with saved
    /// states, and its identity tells fingerprints and footprints that nothing changed.
    #[inline]
    pub fn class_state(&mut self, id: ClassId) -> &mut ClassState {
        let i = id as usize;
        if i >= self.state.class_states.len() {
            self.state.class_states.resize(i + 1, ClassState::default());
        }
        self.state
            .class_states
            .get_mut(i)
            .expect("class state exists after resize")
    }

    /// The statics object of `id`, allocated (zeroed) on first use.
    pub fn statics(&mut self, id: ClassId) -> Ref {
        let existing = self.class_state_of(id).statics;
        if !existing.is_null() {
            return existing;
        }
        let defaults = self.classes.get(id).static_defaults.clone();
        let r = self.alloc(id, ObjData::Fields(defaults));
        self.class_state(id).statics = r;
        r
    }

    /// The `java.lang.Class` object of `id`.
    ///
    /// The VM's class id is kept in the mirror's `classRedefinedCount` field, which the JDK
    /// only compares for equality to validate its reflection cache (classes are never
    /// redefined under rpf).
    pub fn mirror(&mut self, id: ClassId) -> Ref {
        let existing = self.class_state_of(id).mirror;
        if !existing.is_null() {
            return existing;
        }
        let class_class = self.known.class;
        let mut fields = self.classes.get(class_class).instance_defaults.to_vec();
        if let Some(slot) = fields.get_mut(self.known.class_vm_id as usize) {
            *slot = Value::Int(id as i32);
        }
        let r = self.alloc(class_class, ObjData::Fields(fields.into()));
        self.class_state(id).mirror = r;
        let module = self.unnamed_module;
        self.set_field_by_name(r, "module", Value::Ref(module));
        if let class::ClassKind::Array { component, .. } = self.classes.get(id).kind {
            let component_mirror = self.mirror(component);
            self.set_field_by_name(r, "componentType", Value::Ref(component_mirror));
        }
        r
    }

    /// Stores a new object and returns its reference.
    #[inline]
    pub fn alloc(&mut self, class: ClassId, data: ObjData) -> Ref {
        let r = self.state.heap.alloc(heap::Obj::new(class, data));
        if M::wants(self, machine::VmEventKind::ObjectCreated) {
            // Reported when the allocating operation ends (see `report_deferred`), where the
            // allocating thread's frames are at hand.
            self.regs.created.push(r);
        }
        r
    }

    /// The identity hash of `r` (`Object.hashCode`), assigned on first request from the
    /// requesting thread's own counter, so that it does not depend on allocation order.
    pub fn identity_hash(&mut self, r: Ref) -> i32 {
        if let Some(h) = self.state.heap.get(r).and_then(|o| o.identity) {
            return h;
        }
        if self.state.heap.get(r).is_none() {
            return 0;
        }
        let t = self.state.current;
        let n = self
            .state
            .threads
            .get(t)
            .map(|th| th.hash_counter)
            .unwrap_or(0);
        if let Some(th) = self.state.threads.get_mut(t) {
            th.hash_counter += 1;
        }
        let mut x = ((t as u64) << 32 | u64::from(n)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^= x >> 29;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 32;
        let h = ((x as u32 & 0x7FFF_FFFF) | 1) as i32;
        self.state.heap.set_identity(r, h);
        h
    }

    /// Allocates a zeroed instance of `class` (no constructor runs).
    pub fn new_object(&mut self, class: ClassId) -> Ref {
        let fields: Box<[Value]> = self
            .classes
            .get(class)
            .instance_defaults
            .iter()
            .copied()
            .collect();
        self.alloc(class, ObjData::Fields(fields))
    }

    /// Allocates an array of the given array class.
    pub fn new_array(&mut self, array_class: ClassId, len: usize) -> Ref {
        let elem = match self.classes.get(array_class).kind {
            class::ClassKind::Array { elem, .. } => elem,
            _ => value::ElemKind::Ref,
        };
        self.alloc(array_class, ObjData::new_array(elem, len))
    }

    /// Allocates a reference array of the given array class holding `items`.
    pub fn new_array_of(&mut self, array_class: ClassId, items: &[Ref]) -> Ref {
        let array = self.new_array(array_class, items.len());
        for (i, &r) in items.iter().enumerate() {
            self.state.heap.store_element(array, i, Value::Ref(r));
        }
        array
    }

    /// Writes instance field `slot` of `r`.
    #[inline]
    pub fn set_field(&mut self, r: Ref, slot: u32, v: Value) {
        if M::EXPLORES {
            let old = self.field(r, slot);
            self.state.heap.write_field(r, slot, v);
            M::stored(self, r, old, v);
        } else {
            self.state.heap.write_field(r, slot, v);
        }
    }

    /// Writes a named instance field (slow path).
    pub fn set_field_by_name(&mut self, r: Ref, name: &str, v: Value) {
        if let Some(slot) = self.class_of(r).and_then(|c| self.field_slot(c, name)) {
            self.set_field(r, slot, v);
        }
    }

    /// Reads a static field by class and name (class must be initialized by the caller).
    pub fn static_by_name(&mut self, class: ClassId, name: &str) -> Value {
        let Some(slot) = self
            .classes
            .get(class)
            .field_named(name)
            .filter(|f| f.is_static())
            .map(|f| f.slot)
        else {
            return Value::Void;
        };
        let statics = self.statics(class);
        self.field(statics, slot)
    }

    /// Loads a class by internal name, for VM-internal use (startup and natives).
    pub fn load(&mut self, name: &str) -> Result<ClassId, loader::LinkError> {
        self.classes.load(name)
    }
}
