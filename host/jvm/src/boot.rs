//! Starting the VM the way HotSpot does: core classes, the main thread and its thread
//! groups, `System.initPhase1`, then the program's `main` on the main thread.

use super::class::{ClassId, MethodId};
use super::loader::{Classes, LinkError};
use super::thread::{Exec, FrameKind, JThread, Phase, Status};
use super::value::{Ref, Value};
use crate::classpath::ClassPath;
use crate::flow::Stop;
use crate::machine::Machine;
use crate::natives::registry::NativeRegistry;
use crate::time::Clock;
use crate::vm::{Io, Jvm, Known, KnownMethods, Registers, Vm, VmOptions};

/// Why the VM could not start the program.
#[derive(Debug, Clone, thiserror::Error)]
pub enum BootError {
    /// The main class does not exist or cannot be loaded.
    #[error("could not find or load main class {name}\nCaused by: {cause}")]
    MainClass {
        /// The class as given (with dots).
        name: String,
        /// The linkage error.
        cause: String,
    },
    /// The main class has no `public static void main(String[])`.
    #[error("main method not found in class {0}, please define the main method as:\n   public static void main(String[] args)")]
    NoMain(String),
    /// The JDK's own startup code failed (a bug in rpf or an unsupported JDK).
    #[error("VM startup failed: {0}")]
    Startup(String),
}

fn startup(e: impl std::fmt::Display) -> BootError {
    BootError::Startup(e.to_string())
}

impl Jvm {
    fn slot_of(&self, class: ClassId, name: &str) -> Result<u32, BootError> {
        self.field_slot(class, name).ok_or_else(|| {
            startup(format!(
                "{}.{name} is missing",
                self.classes.get(class).name
            ))
        })
    }

    /// `java.lang.X: message` for a Throwable (diagnostics).
    pub fn describe_throwable(&self, ex: Ref) -> String {
        let class = self
            .class_of(ex)
            .map(|c| self.classes.get(c).java_name())
            .unwrap_or_else(|| "?".into());
        let message = self.field_by_name(ex, "detailMessage").as_ref();
        // As `getMessage` does: an NPE the VM raised says which action met the null.
        let message = self.string_value(message).or_else(|| {
            (class == "java.lang.NullPointerException")
                .then(|| crate::npe_messages::extended_message(self, ex))
                .flatten()
        });
        match message {
            Some(m) => format!("{class}: {m}"),
            None => class,
        }
    }
}

impl<M: Machine> Vm<M> {
    /// Creates a VM over `classpath`, driven by `machine`; call [`Vm::boot`] before running
    /// anything.
    pub fn new(
        classpath: ClassPath,
        opts: VmOptions,
        system_properties: Vec<(String, String)>,
        machine: M,
    ) -> Vm<M> {
        let (natives, index) = NativeRegistry::<M>::standard().split();
        let jvm = Jvm {
            classes: Classes::new(classpath, index),
            state: super::state::ProgramState::new(),
            known: Known::default(),
            known_methods: KnownMethods::default(),
            opts,
            io: Io::default(),
            instructions: 0,
            system_properties,
            unnamed_module: Ref::NULL,
            start_instant: std::time::Instant::now(),
            // Explored paths must see the same clock: time is then virtual.
            clock: if M::EXPLORES {
                Clock::Virtual
            } else {
                Clock::real()
            },
            vm_roots: Vec::new(),
            preallocated_overflow: Ref::NULL,
            real_files: Default::default(),
            adapters: Default::default(),
            attrs_active: false,
            boot_threads: 1,
            verify_globals: Default::default(),
            regs: Registers::default(),
            scratch: Vec::new(),
        };
        Vm {
            jvm,
            machine,
            natives,
        }
    }

    fn load_boot(&mut self, name: &str) -> Result<ClassId, BootError> {
        self.classes
            .load(name)
            .map_err(|e| startup(format!("{name}: {e}")))
    }

    fn method_of(&mut self, class: &str, name: &str, desc: &str) -> Result<MethodId, BootError> {
        let c = self.load_boot(class)?;
        self.classes
            .find_method(c, name, desc)
            .ok_or_else(|| startup(format!("{class}.{name}{desc} is missing")))
    }

    /// Loads the core classes, creates the main thread and runs `System.initPhase1`.
    pub fn boot(&mut self) -> Result<(), BootError> {
        let k = Known {
            object: self.load_boot("java/lang/Object")?,
            string: self.load_boot("java/lang/String")?,
            class: self.load_boot("java/lang/Class")?,
            thread: self.load_boot("java/lang/Thread")?,
            throwable: self.load_boot("java/lang/Throwable")?,
            byte_array: self.load_boot("[B")?,
            char_array: self.load_boot("[C")?,
            builder: self.load_boot("java/lang/AbstractStringBuilder")?,
            ..Known::default()
        };
        self.known = Known {
            string_value: self.slot_of(k.string, "value")?,
            string_coder: self.slot_of(k.string, "coder")?,
            string_hash: self.slot_of(k.string, "hash")?,
            string_hash_is_zero: self.slot_of(k.string, "hashIsZero")?,
            builder_value: self.slot_of(k.builder, "value")?,
            builder_coder: self.slot_of(k.builder, "coder")?,
            builder_count: self.slot_of(k.builder, "count")?,
            class_vm_id: self.slot_of(k.class, "classRedefinedCount")?,
            throwable_backtrace: self.slot_of(k.throwable, "backtrace")?,
            throwable_depth: self.slot_of(k.throwable, "depth")?,
            ..k
        };
        self.known_methods = KnownMethods {
            throw_new: self.method_of(
                "jdk/internal/rpf/VMSupport",
                "throwNew",
                "(Ljava/lang/String;Ljava/lang/String;)V",
            )?,
            init_error: self.method_of(
                "jdk/internal/rpf/VMSupport",
                "initError",
                "(Ljava/lang/Throwable;)V",
            )?,
            dispatch_uncaught: self.method_of(
                "java/lang/Thread",
                "dispatchUncaughtException",
                "(Ljava/lang/Throwable;)V",
            )?,
            thread_exit: self.method_of("java/lang/Thread", "exit", "()V")?,
            thread_run: self.method_of("java/lang/Thread", "run", "()V")?,
            shutdown: self.method_of("java/lang/Shutdown", "shutdown", "()V").ok(),
        };
        let support = self.load_boot("jdk/internal/rpf/VMSupport")?;
        self.mark_initialized(support);

        // The main thread record exists before its Thread object, as in HotSpot.
        let stack = self.opts.stack_size;
        self.state
            .threads
            .push(JThread::new(Ref::NULL, false, stack));
        self.state.threads[0].status = Status::Runnable;
        self.state.current = 0;

        // HotSpot patches UnsafeConstants after its (dummy) initializer has run, before any
        // other Java code reads them.
        let constants = self.load_boot("jdk/internal/misc/UnsafeConstants")?;
        self.initialize_now(constants)?;
        let statics = self.statics(constants);
        for (name, value) in [
            ("ADDRESS_SIZE0", Value::Int(8)),
            ("PAGE_SIZE", Value::Int(4096)),
            ("BIG_ENDIAN", Value::Int(0)),
            ("UNALIGNED_ACCESS", Value::Int(1)),
            ("DATA_CACHE_LINE_FLUSH_SIZE", Value::Int(0)),
        ] {
            if let Some(f) = self.classes.get(constants).field_named(name) {
                let slot = f.slot;
                self.set_field(statics, slot, value);
            }
        }
        let module_class = self.load_boot("java/lang/Module")?;
        self.initialize_now(module_class)?;
        self.unnamed_module = self.new_object(module_class);
        let module = self.unnamed_module;
        self.vm_roots.push(module);

        let group_class = self.load_boot("java/lang/ThreadGroup")?;
        self.initialize_now(group_class)?;
        let system_group = self.new_object(group_class);
        self.vm_roots.push(system_group);
        let ctor = self.method_of("java/lang/ThreadGroup", "<init>", "()V")?;
        self.call_now(ctor, &[Value::Ref(system_group)])?;

        let thread_class = self.known.thread;
        self.initialize_now(thread_class)?;
        let main_thread = self.new_object(thread_class);
        self.state.threads[0].obj = main_thread;
        self.set_field_by_name(main_thread, "priority", Value::Int(5));
        self.set_field_by_name(main_thread, "eetop", Value::Long(1));
        self.set_field_by_name(
            main_thread,
            "threadStatus",
            Value::Int(crate::natives::support::THREAD_RUNNABLE),
        );

        let main_group = self.new_object(group_class);
        let group_ctor = self.method_of(
            "java/lang/ThreadGroup",
            "<init>",
            "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V",
        )?;
        let main_name = self.new_string("main");
        self.call_now(
            group_ctor,
            &[
                Value::Ref(main_group),
                Value::Ref(system_group),
                Value::Ref(main_name),
            ],
        )?;
        let thread_ctor = self.method_of(
            "java/lang/Thread",
            "<init>",
            "(Ljava/lang/ThreadGroup;Ljava/lang/String;)V",
        )?;
        let main_name = self.new_string("main");
        self.call_now(
            thread_ctor,
            &[
                Value::Ref(main_thread),
                Value::Ref(main_group),
                Value::Ref(main_name),
            ],
        )?;

        // HotSpot initializes these before System.initPhase1; Method's superclass
        // AccessibleObject publishes the JavaLangReflectAccess that reflection needs.
        for name in [
            "java/lang/String",
            "java/lang/System",
            "java/lang/Class",
            "java/lang/reflect/Method",
        ] {
            let class = self.load_boot(name)?;
            self.initialize_now(class)?;
        }
        let phase1 = self.method_of("java/lang/System", "initPhase1", "()V")?;
        self.call_now(phase1, &[])?;

        let error = self.load_boot("java/lang/StackOverflowError")?;
        self.initialize_now(error)?;
        let make = self.method_of(
            "jdk/internal/rpf/VMSupport",
            "newStackOverflowError",
            "()Ljava/lang/StackOverflowError;",
        )?;
        self.preallocated_overflow = self.call_now(make, &[])?.as_ref();
        self.settle_system_threads();
        Ok(())
    }

    /// Lets threads the JDK started during startup (the Reference Handler) run until they
    /// block, so that the program's state space does not include their start-up.
    fn settle_system_threads(&mut self) {
        for t in 1..self.state.threads.len() {
            for _ in 0..16 {
                if !self.is_runnable(t) {
                    break;
                }
                if let Stop::UpcallDone | Stop::FramesEmpty = self.run_thread(t, &mut 1_000_000) {
                    self.upcall_finished(t);
                }
            }
        }
        self.boot_threads = self.state.threads.len();
        self.state.current = 0;
    }

    /// Runs the thread-0 interpreter until its stack is empty (boot-time only).
    fn run_boot_thread(&mut self) -> Result<(), BootError> {
        loop {
            let mut unlimited = u64::MAX;
            match self.run_thread(0, &mut unlimited) {
                Stop::FramesEmpty | Stop::UpcallDone => break,
                Stop::Budget | Stop::Yield | Stop::Break | Stop::Prune => continue,
                Stop::Blocked => return Err(startup("the main thread blocked during startup")),
                Stop::Halt(status) => {
                    return Err(startup(format!("System.exit({status}) during startup")))
                }
            }
        }
        if let Some(ex) = self.regs.upcall_exception.take() {
            return Err(startup(self.describe_throwable(ex)));
        }
        Ok(())
    }

    /// Initializes `class` right away on thread 0 (boot-time only).
    pub fn initialize_now(&mut self, class: ClassId) -> Result<(), BootError> {
        let mut exec = std::mem::take(&mut self.state.threads[0].exec);
        let result = self.ensure_initialized(&mut exec, class);
        self.state.threads[0].exec = exec;
        match result {
            Ok(true) => Ok(()),
            Ok(false) => self.run_boot_thread(),
            Err(stop) => Err(startup(format!(
                "initializing {} stopped: {stop:?}",
                self.classes.get(class).name
            ))),
        }
    }

    /// Calls a method right away on thread 0 and returns its result (boot-time only).
    pub fn call_now(&mut self, method: MethodId, args: &[Value]) -> Result<Value, BootError> {
        let mut exec = std::mem::take(&mut self.state.threads[0].exec);
        exec.stack.extend_from_slice(args);
        self.state.current = 0;
        let result = self.call(&mut exec, method, FrameKind::Upcall);
        self.state.threads[0].exec = exec;
        match result {
            Ok(()) => self.run_boot_thread()?,
            Err(Stop::UpcallDone) => {
                if let Some(ex) = self.regs.upcall_exception.take() {
                    return Err(startup(self.describe_throwable(ex)));
                }
            }
            Err(stop) => return Err(startup(format!("call stopped: {stop:?}"))),
        }
        Ok(std::mem::take(&mut self.regs.upcall_result))
    }

    /// Loads the main class and puts `main(args)` on the main thread, preceded by the main
    /// class's initialization.
    pub fn start_main(&mut self, main_class: &str, args: &[String]) -> Result<(), BootError> {
        let internal = main_class.replace('.', "/");
        let class = self
            .classes
            .load(&internal)
            .map_err(|e: LinkError| BootError::MainClass {
                name: main_class.to_string(),
                cause: if e.error_class == "java/lang/NoClassDefFoundError" && e.message == internal
                {
                    format!("java.lang.ClassNotFoundException: {main_class}")
                } else {
                    e.to_string()
                },
            })?;
        let main = self
            .classes
            .find_method(class, "main", "([Ljava/lang/String;)V")
            .filter(|&m| {
                let m = self.classes.method(m);
                m.is_static() && m.access & crate::classfile::access::PUBLIC != 0
            })
            .ok_or_else(|| BootError::NoMain(main_class.to_string()))?;
        let string_array = self.load_boot("[Ljava/lang/String;")?;
        let strings: Vec<Ref> = args.iter().map(|a| self.new_string(a)).collect();
        let array = self.new_array_of(string_array, &strings);
        let mut exec = Exec {
            stack_size: self.opts.stack_size,
            ..Exec::default()
        };
        self.state.current = 0;
        exec.push(Value::Ref(array));
        let pushed = self.call(&mut exec, main, FrameKind::Upcall);
        if pushed.is_ok() {
            // Initialization frames go above main's frame so they run first.
            let _ = self.ensure_initialized(&mut exec, class);
        }
        self.state.threads[0].exec = exec;
        self.state.threads[0].status = Status::Runnable;
        self.state.threads[0].phase = Phase::Entry;
        Ok(())
    }
}
