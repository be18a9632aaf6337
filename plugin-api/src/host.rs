//! What plugins may ask of and do to the host: read the VM's state, attach attributes to
//! values, change the running frame (bytecode factories), and act on the search.
// abi_stable 0.11's `#[sabi_trait]` expands to impls inside a generated const.
#![allow(non_local_definitions)]

use abi_stable::sabi_trait;
use abi_stable::sabi_types::RMut;
use abi_stable::std_types::{ROption, RStr, RString, RVec};
use abi_stable::StableAbi;

use crate::value::{ChoiceKind, JValue};

/// One stack frame, innermost first in [`Host::frames`].
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub struct FrameInfo {
    /// The method (host method id; see [`Host::method_info`]).
    pub method: u32,
    /// The current instruction index.
    pub pc: u32,
    /// The source line of `pc`, or -1.
    pub line: i32,
    /// Local variable slots of the frame.
    pub locals: u32,
    /// Entries on the frame's operand stack (a `long` or `double` is one entry).
    pub stack_depth: u32,
}

/// Static facts about one instruction.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub struct InsnInfo {
    /// The JVMS mnemonic (`getfield`, `iadd`, `if_icmplt`, `invokevirtual`).
    pub mnemonic: RStr<'static>,
    /// The JVMS opcode.
    pub opcode: u8,
    /// The instruction with its operands as text.
    pub text: RString,
    /// The source line, or -1.
    pub line: i32,
    /// Jump targets (instruction indices) of branches, `goto`s and switches; empty for
    /// other instructions. Conditional branches fall through to `pc + 1` otherwise.
    pub targets: RVec<u32>,
    /// The member an instruction refers to: `pkg.Class.field` for field instructions (the
    /// declaring class, as resolution finds it once the class the constant pool names is
    /// loaded; else that class),
    /// `pkg.Class.method(descriptor)` for invocations as the constant pool names them,
    /// `name(descriptor)` of the call site for `invokedynamic`; empty otherwise.
    pub member: RString,
    /// For field instructions: whether the field is `volatile`.
    pub volatile: bool,
    /// For field instructions: whether the field is static.
    pub is_static: bool,
    /// Numeric operands: `[slot, increment]` for `iinc`; `[dimensions]` for
    /// `multianewarray`; `[default, key, target, key,
    /// target, ...]` (keys ascending) for `tableswitch` and `lookupswitch`; empty otherwise.
    pub operands: RVec<i64>,
}

/// Facts about a method.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub struct MethodInfo {
    /// `pkg.Class` of the declaring class.
    pub class: RString,
    /// The method's name (`<init>` for constructors).
    pub name: RString,
    /// The JVMS descriptor (`(I)V`).
    pub descriptor: RString,
    /// Number of bytecode instructions (0 for native and abstract methods).
    pub instructions: u32,
    /// Distinct source lines of the code, ascending (empty without line numbers).
    pub lines: RVec<u32>,
    /// The source file name (`Main.java`), empty if unknown.
    pub source_file: RString,
    /// Whether the class belongs to the Java class library (or rpf's models).
    pub system: bool,
    /// Whether the method is `synchronized`.
    pub synchronized: bool,
    /// Whether the method is static.
    pub is_static: bool,
    /// Whether the VM implements the method itself: a native, or an intrinsic that replaces
    /// its bytecode (`Math.sqrt`); it sees concrete values only.
    pub native: bool,
}

/// Facts about a field.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub struct FieldInfo {
    /// `pkg.Class` of the declaring class.
    pub class: RString,
    /// The field's name.
    pub name: RString,
    /// The JVMS descriptor (`I`, `Ljava/lang/String;`).
    pub descriptor: RString,
    /// Whether the field is static.
    pub is_static: bool,
    /// Whether the field is `volatile`.
    pub volatile: bool,
    /// Whether the field is `final`.
    pub is_final: bool,
}

/// Whether a class can be instantiated now ([`Host::prepare_class`]).
#[repr(C, u8)]
#[derive(StableAbi, Debug, Clone, PartialEq, Eq)]
pub enum ClassReady {
    /// Loaded and initialized: [`Host::new_object`] creates instances.
    Ready,
    /// Not initialized yet: its initialization has begun on the running thread, so the
    /// factory returns [`crate::Execution::Reexecute`] and asks again.
    Initializing,
    /// The class cannot be instantiated (not found, abstract, an interface or an array).
    Failed(RString),
}

/// The host interface handed to plugins with every call. Reads never change the VM; the
/// search actions take effect when the call returns.
///
/// Object ids are stable within one state; the search may renumber objects between paths,
/// so plugins that keep data across backtracking key it by the state ids of the state
/// events. Attributes are opaque `i64` values (0 means none) that travel with the values
/// they are attached to — through loads, stores, `dup`s, field and array accesses, call
/// arguments and return values — and are saved and restored with the states; instructions
/// that compute new values (arithmetic, conversions) produce values without attributes
/// unless a bytecode factory propagates them.
#[sabi_trait]
pub trait Host {
    // ---- threads and frames

    /// Number of threads ever started (ids `0..thread_count`).
    fn thread_count(&self) -> u32;
    /// The thread that is running (or ran last).
    fn current_thread(&self) -> u32;
    /// A thread's name.
    fn thread_name(&self, thread: u32) -> RString;
    /// A thread's state (`NEW`, `RUNNABLE`, `BLOCKED(..)`, `WAITING(..)`, `TERMINATED`, ...).
    fn thread_state(&self, thread: u32) -> RString;
    /// Whether a thread is a daemon (the JDK's own helper threads are).
    fn is_daemon(&self, thread: u32) -> bool;
    /// The threads that could be scheduled now, ascending.
    fn schedulable_threads(&self) -> RVec<u32>;
    /// A thread's frames, innermost first.
    fn frames(&self, thread: u32) -> RVec<FrameInfo>;
    /// A local variable slot of a thread's frame (`frame` 0 is the innermost).
    fn local(&self, thread: u32, frame: u32, slot: u32) -> JValue;
    /// An operand stack entry of a thread's innermost frame (`from_top` 0 is the top).
    fn stack_value(&self, thread: u32, from_top: u32) -> JValue;
    /// The monitors a thread holds (object ids, ascending).
    fn locks_held(&self, thread: u32) -> RVec<u32>;
    /// The thread owning an object's monitor, or -1.
    fn lock_owner(&self, object: u32) -> i32;

    // ---- code

    /// Facts about a method, `None` for an unknown id.
    fn method_info(&self, method: u32) -> ROption<MethodInfo>;
    /// Facts about the instruction at `pc` of `method`.
    fn instruction(&self, method: u32, pc: u32) -> ROption<InsnInfo>;
    /// The methods of a loaded class (`pkg.Class`), in declaration order.
    fn class_methods(&self, class: RStr<'_>) -> RVec<u32>;
    /// The fields of a loaded class and its superclasses (the class's own first).
    fn class_fields(&self, class: RStr<'_>) -> RVec<FieldInfo>;

    // ---- heap

    /// The class name of an object (`int[]`, `java.lang.String`); empty if it is not live.
    fn class_name(&self, object: u32) -> RString;
    /// An instance field by name (the most derived declaration wins).
    fn field(&self, object: u32, name: RStr<'_>) -> ROption<JValue>;
    /// The object holding a loaded class's static fields, if it has been created.
    fn statics_object(&self, class: RStr<'_>) -> ROption<u32>;
    /// A static field of a loaded class by name.
    fn static_field(&self, class: RStr<'_>, name: RStr<'_>) -> ROption<JValue>;
    /// An array's length.
    fn array_length(&self, object: u32) -> ROption<u32>;
    /// An array element.
    fn array_element(&self, object: u32, index: u32) -> ROption<JValue>;
    /// The text of a `java.lang.String` object.
    fn string_value(&self, object: u32) -> ROption<RString>;
    /// Whether any field or element of an object carries an attribute.
    fn has_attributes(&self, object: u32) -> bool;
    /// Whether an object is an instance of a loaded class or interface (`pkg.Class`).
    fn instance_of(&self, object: u32, class: RStr<'_>) -> bool;

    // ---- attributes (0 = none)

    /// The attribute of an operand stack entry of the running thread's innermost frame.
    fn stack_attr(&self, from_top: u32) -> i64;
    /// Attaches an attribute to an operand stack entry of the running thread.
    fn set_stack_attr(&mut self, from_top: u32, attr: i64);
    /// The attribute of a local variable of the running thread's innermost frame.
    fn local_attr(&self, slot: u32) -> i64;
    /// Attaches an attribute to a local variable of the running thread's innermost frame.
    fn set_local_attr(&mut self, slot: u32, attr: i64);
    /// The attribute of a field (`name` as in [`Host::field`]) of an object or statics
    /// object.
    fn field_attr(&self, object: u32, name: RStr<'_>) -> i64;
    /// Attaches an attribute to a field of an object or statics object.
    fn set_field_attr(&mut self, object: u32, name: RStr<'_>, attr: i64);
    /// The attribute of an array element.
    fn element_attr(&self, array: u32, index: u32) -> i64;
    /// Attaches an attribute to an array element.
    fn set_element_attr(&mut self, array: u32, index: u32, attr: i64);
    /// The attribute of the current path (0 at the start): saved and restored with the
    /// states and part of their fingerprint, so two states match only if their path
    /// attributes are equal. Symbolic execution keeps its path condition here.
    fn path_attr(&self) -> i64;
    /// Sets the attribute of the current path.
    fn set_path_attr(&mut self, attr: i64);

    // ---- the running frame (instruction events and bytecode factories only)

    /// Pops the running thread's top operand (`Void` if not allowed here or empty).
    fn pop(&mut self) -> JValue;
    /// Pushes an operand on the running thread's stack (ignored if not allowed here).
    fn push(&mut self, value: JValue);
    /// Sets a local variable of the running thread's innermost frame.
    fn set_local(&mut self, slot: u32, value: JValue);
    /// Loads a class (`pkg.Class`) and begins its initialization if it has not run.
    fn prepare_class(&mut self, class: RStr<'_>) -> ClassReady;
    /// Creates a zeroed instance of a [`ClassReady::Ready`] class without running a
    /// constructor (the plugin sets up what one would), kept alive for the rest of the path
    /// even where the program no longer reaches it (symbolic execution's lazily initialized
    /// inputs).
    fn new_object(&mut self, class: RStr<'_>) -> ROption<u32>;
    /// Writes an instance field (`name` as in [`Host::field`]); `false` if there is none.
    fn set_field(&mut self, object: u32, name: RStr<'_>, value: JValue) -> bool;
    /// Calls `method` before the current instruction, with its arguments (receiver first)
    /// taken from the top of the operand stack; the factory then returns
    /// [`crate::Execution::Reexecute`]. When the call returns, its result is on the
    /// operand stack and the instruction runs again. `false` if the call could not begin.
    fn invoke(&mut self, method: u32) -> bool;

    // ---- choices

    /// Registers a data ChoiceGenerator with id `id` over `values` (all of one kind:
    /// `Int`, `Long` or `Double`). Called by a bytecode factory (then return
    /// [`crate::Execution::Reexecute`]) or in an `InstructionExecuting` event, the
    /// instruction re-executes in the next transition, where [`Host::current_choice`]
    /// returns the value chosen; several registrations cascade.
    fn register_choice(&mut self, id: RStr<'_>, values: RVec<JValue>);
    /// The value a transition started with for the generator `id` of `kind`, while its
    /// first instruction re-executes.
    fn current_choice(&self, id: RStr<'_>, kind: ChoiceKind) -> ROption<JValue>;

    // ---- the search

    /// The choices the current (or last) transition started with, as `id=value` separated
    /// by `, ` (`schedule=thread 1, verifyGetInt=3`): what a `StateAdvanced` state was
    /// reached by.
    fn transition_choices(&self) -> RString;
    /// The current search depth.
    fn search_depth(&self) -> u32;
    /// A configuration value of the run (`None` if unset).
    fn config(&self, key: RStr<'_>) -> ROption<RString>;
    /// Prunes the current path: the state being entered is not explored further.
    fn ignore_state(&mut self);
    /// Ends the current transition (a scheduling point) after the current instruction
    /// (before it, when requested in an `InstructionExecuting` event).
    fn break_transition(&mut self);
    /// Reports a property violation of `kind` (`race`, `lock_order`, ...) with a message;
    /// the search treats it like a built-in property's violation of the current path.
    fn report_violation(&mut self, kind: RStr<'_>, message: RStr<'_>);
    /// Declares the exploration not exhaustive (a concretization that dropped paths, an
    /// unknown solver answer): a search that finds no violation then ends `incomplete`
    /// (exit 3) with this reason instead of claiming there is none.
    fn incomplete(&mut self, reason: RStr<'_>);
    /// Ends the search after the current transition.
    #[sabi(last_prefix_field)]
    fn end_search(&mut self);

    // ---- code, continued (added after the prefix: older plugins never call them)

    /// The source name of local variable `slot` of `method` at instruction `pc`, from the
    /// class file's LocalVariableTable (`None` without `-g`, or where the slot has no name
    /// at `pc`).
    fn local_name(&self, method: u32, pc: u32, slot: u32) -> ROption<RString>;
}

/// How plugins receive the host: a borrowed FFI-safe trait object.
pub type HostRef<'a, 'b> = Host_TO<'a, RMut<'b, ()>>;

/// `pkg.Class.method(File.java:12)` for a code location, for plugins' messages.
pub fn code_location(host: &HostRef<'_, '_>, method: u32, pc: u32) -> String {
    let Some(m) = host.method_info(method).into_option() else {
        return "?".to_string();
    };
    let line = host
        .instruction(method, pc)
        .into_option()
        .map_or(-1, |i| i.line);
    let file = if m.source_file.is_empty() {
        "Unknown Source"
    } else {
        m.source_file.as_str()
    };
    if line >= 0 {
        format!("{}.{}({file}:{line})", m.class, m.name)
    } else {
        format!("{}.{}({file})", m.class, m.name)
    }
}
