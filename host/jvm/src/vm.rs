//! The virtual machine: the JVM's data ([`Jvm`]: the program state and the runtime around
//! it) and the [`Vm`] that adds what drives it. Everything the VM does is implemented over
//! these two types in the modules above this one.

use std::collections::HashMap;
use std::rc::Rc;

use crate::class::{ClassId, MethodId};
use crate::flow::NativeResult;
use crate::fs::real::RealFiles;
use crate::fs::{FileSystem, FsMode};
use crate::loader::Classes;
use crate::state::{ClassState, ProgramState};
use crate::thread::{Exec, JThread};
use crate::time::Clock;
use crate::value::{Ref, Value};

/// Tunables of the virtual machine; rpf's defaults for them live in the configuration's key
/// registry (`launch::vm_options`).
#[derive(Debug, Clone)]
pub struct VmOptions {
    /// `java -ea` for application classes.
    pub assertions: bool,
    /// Bytes of Java stack per thread: StackOverflowError when a new frame would not fit
    /// (what a frame takes is modelled in `exceptions.rs`).
    pub stack_size: u64,
    /// Frames per thread before StackOverflowError, if limited.
    pub max_stack_depth: Option<u64>,
    /// Steps per scheduling slice in plain execution: branches taken, and calls and other
    /// operations between runs of the interpreter's inner loop (see `interpreter::execute`).
    pub time_slice: u64,
    /// Bytes the Java heap may hold (see [`Heap::bytes`](crate::heap::Heap::bytes)):
    /// `OutOfMemoryError` beyond them.
    pub heap_limit: u64,
    /// Where file operations go: the real file system, or the program state's sandbox.
    pub fs: FsMode,
    /// Whether intrinsics replace JDK bytecode (see `natives::string`; `vm.intrinsics`).
    pub intrinsics: bool,
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
    /// String.hash slot (the cached hash code)
    pub string_hash: u32,
    /// String.hashIsZero slot
    pub string_hash_is_zero: u32,
    /// java/lang/AbstractStringBuilder
    pub builder: ClassId,
    /// AbstractStringBuilder.value slot
    pub builder_value: u32,
    /// AbstractStringBuilder.coder slot
    pub builder_coder: u32,
    /// AbstractStringBuilder.count slot
    pub builder_count: u32,
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
    pub throw_new: MethodId,
    /// `VMSupport.initError(Throwable)`: wraps a static initializer's exception.
    pub init_error: MethodId,
    /// `Thread.dispatchUncaughtException(Throwable)`.
    pub dispatch_uncaught: MethodId,
    /// `Thread.exit()`.
    pub thread_exit: MethodId,
    /// `Thread.run()`.
    pub thread_run: MethodId,
    /// `Shutdown.shutdown()`, if the JDK has it.
    pub shutdown: Option<MethodId>,
}

/// Where program output goes; stdout is buffered and flushed before stderr writes so that
/// interleaving on a terminal stays readable.
pub struct Io {
    out: std::io::BufWriter<std::io::Stdout>,
    /// Bytes written to stdout (statistics).
    pub out_bytes: u64,
    /// Whether output is suppressed (model checking re-executes paths).
    pub quiet: bool,
}

impl Default for Io {
    fn default() -> Self {
        Io {
            out: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout()),
            out_bytes: 0,
            quiet: false,
        }
    }
}

impl Io {
    /// Writes program bytes to file descriptor 1 or 2 (others are files: see
    /// [`Jvm::files`]).
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
            _ => Err(std::io::Error::from(std::io::ErrorKind::InvalidInput)),
        }
    }

    /// All of standard input, read to its end on first use (a read error ends it there).
    /// Where a machine explores, every path reads the same input from its start: it is read
    /// once for the process, whose VMs (search workers, a search started over) all share it.
    pub fn input(&self) -> &'static [u8] {
        static INPUT: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
        INPUT.get_or_init(|| {
            use std::io::Read;
            let mut all = Vec::new();
            if let Err(e) = std::io::stdin().lock().read_to_end(&mut all) {
                let read = all.len();
                tracing::warn!("standard input ends at a read error after {read} bytes: {e}");
            }
            all
        })
    }

    /// Flushes stdout.
    pub fn flush(&mut self) {
        use std::io::Write;
        let _ = self.out.flush();
    }
}

/// The JVM's data: the program's state, and the runtime around it. It knows nothing of
/// what drives it; [`Vm`] adds the driving [`Machine`](crate::machine::Machine).
pub struct Jvm {
    /// Loaded classes.
    pub classes: Classes,
    /// The program's state: what is saved, restored and fingerprinted.
    pub state: ProgramState,
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
    /// When the VM started (the real clock's zero).
    pub start_instant: std::time::Instant,
    /// Where the program's clock comes from.
    pub clock: Clock,
    /// Objects the VM keeps alive on its own (thread groups, ...).
    pub vm_roots: Vec<Ref>,
    /// Thrown when even the overflow reserve is exhausted.
    pub(crate) preallocated_overflow: Ref,
    /// The program's open files on the real file system (outside the program state: with
    /// `vm.fs=real` a search does not take back what it did to them).
    pub(crate) real_files: RealFiles,
    /// Generated reflection adapters, by target method and whether it is a constructor.
    pub(crate) adapters: HashMap<(MethodId, bool), MethodId, rustc_hash::FxBuildHasher>,
    /// Whether any attribute was ever set (attributes then travel with values, which needs
    /// execution instruction by instruction).
    pub attrs_active: bool,
    /// Threads `0..boot_threads` exist when the program starts: main and the JDK's own
    /// daemons (the Reference Handler), which no deadlock of the program involves.
    pub boot_threads: usize,
    /// `Verify`'s counters and values, which all paths share (outside the program state, so
    /// backtracking keeps them, as in JPF).
    pub(crate) verify_globals: crate::verify_globals::VerifyGlobals,
    /// Execution registers: they hold something only within a transition (see
    /// [`Jvm::restore`]), so they are not part of the program state.
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
    /// Whether an OutOfMemoryError is being constructed (allocations beyond the heap limit
    /// allowed: HotSpot preallocates its OutOfMemoryErrors).
    pub(crate) building_out_of_memory: bool,
    /// A native that is throwing: its frame goes on top of the next stack trace filled in.
    pub(crate) pending_native_frame: Option<MethodId>,
    /// The instruction budget the running thread's current run started with: the
    /// instruction executed with one less left is the run's first.
    pub run_budget: u64,
    /// The budget at which the running thread pauses (returning [`Stop::Budget`](crate::flow::Stop::Budget) with
    /// budget left), so that a driver can look at the clock during a long run; 0 (plain
    /// execution) pauses only when the budget is used up.
    pub checkpoint: u64,
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
/// checker, see [`machine`](crate::machine)).
pub struct Vm<M> {
    /// The JVM.
    pub jvm: Jvm,
    /// What drives it, with its own state.
    pub machine: M,
    /// Native method implementations, by [`NativeId`](crate::linkage::NativeId).
    pub(crate) natives: Rc<[NativeFn<M>]>,
}

impl<M> std::ops::Deref for Vm<M> {
    type Target = Jvm;

    #[inline(always)]
    fn deref(&self) -> &Jvm {
        &self.jvm
    }
}

impl<M> std::ops::DerefMut for Vm<M> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut Jvm {
        &mut self.jvm
    }
}

impl Jvm {
    /// The file system the program's file operations go to (`VmOptions::fs`); the sandbox
    /// dates the changes that follow by the program's clock.
    pub fn files(&mut self) -> &mut dyn FileSystem {
        match self.opts.fs {
            FsMode::Real => &mut self.real_files,
            FsMode::Sandbox => {
                let now = self.now_epoch_ms();
                self.state.files.set_time(now);
                &mut self.state.files
            }
        }
    }

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
    pub fn frame_text(&self, method: MethodId, pc: u32) -> String {
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

impl Jvm {
    /// Saves the program state (all threads parked).
    pub fn save(&self) -> ProgramState {
        self.state.clone()
    }

    /// Returns the program to a saved state (an assignment, field by field so that thread
    /// versions only the VM held are kept for reuse), and clears the execution registers,
    /// which hold nothing between transitions.
    pub fn restore(&mut self, saved: &ProgramState) {
        // Field by field (reusing buffers), and exhaustively: a field added to the state and
        // not restored here is a compile error rather than a value leaking across paths.
        let ProgramState {
            heap,
            class_states,
            threads,
            monitors,
            strings,
            native_memory,
            current,
            exit_status,
            atomic_depth,
            clock_ns,
            heap_attrs,
            files,
            path_attr,
            pinned,
            input_read,
        } = saved;
        let state = &mut self.state;
        state.heap.clone_from(heap);
        state.class_states.clone_from(class_states);
        state.threads.restore(threads);
        state.monitors.clone_from(monitors);
        state.strings.clone_from(strings);
        state.native_memory.clone_from(native_memory);
        state.current = *current;
        state.exit_status = *exit_status;
        state.atomic_depth = *atomic_depth;
        state.clock_ns = *clock_ns;
        state.heap_attrs.clone_from(heap_attrs);
        state.files.clone_from(files);
        state.path_attr = *path_attr;
        state.pinned.clone_from(pinned);
        state.input_read = *input_read;
        self.regs.upcall_exception = None;
        self.regs.pending_native_frame = None;
        self.regs.overflow_reserve_active = false;
        self.regs.created.clear();
    }
}

/// A native method implementation.
pub type NativeFn<M> = fn(&mut Vm<M>, &mut Exec, &[Value]) -> NativeResult;
