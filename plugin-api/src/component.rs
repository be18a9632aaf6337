//! Components: the plain Rust traits plugin authors implement, their FFI-safe forms, and
//! the descriptors a library's root module lists.
// abi_stable 0.11's `#[sabi_trait]` expands to impls inside a generated const.
#![allow(non_local_definitions)]

use std::panic::{catch_unwind, AssertUnwindSafe};

use abi_stable::sabi_trait;
use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::sabi_types::RMut;
use abi_stable::std_types::{RBox, ROption, RResult, RStr, RString, RVec};
use abi_stable::StableAbi;

use crate::config::ConfigView;
use crate::event::{Event, EventMask};
use crate::host::{FrameInfo, HostRef, Host_TO, InsnInfo};
use crate::value::JValue;

/// What a component is.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ComponentKind {
    /// Observes VM and search events (`listener=...`).
    Listener,
    /// Supplies the values of a named heuristic data choice (`<name>.class=...`).
    ChoiceFactory,
    /// Decides which accesses are scheduling points (`vm.scheduler_factory.class=...`).
    Scheduler,
    /// Overrides the execution of chosen instructions (`vm.insn_factory.class=...`).
    BytecodeFactory,
    /// Checks a property after every transition (`search.properties=...`).
    Property,
}

impl ComponentKind {
    /// The kind's name in listings.
    pub fn label(self) -> &'static str {
        match self {
            ComponentKind::Listener => "listener",
            ComponentKind::ChoiceFactory => "choice-generator",
            ComponentKind::Scheduler => "scheduler",
            ComponentKind::BytecodeFactory => "bytecode-factory",
            ComponentKind::Property => "property",
        }
    }
}

/// How the message of a panic caught inside a plugin starts (errors a component returns
/// on purpose never do), so that the host can tell bugs from refusals.
pub const PANIC_PREFIX: &str = "panicked: ";

/// A plugin-side failure: the component's error message, or a caught panic's message.
fn guard<T>(f: impl FnOnce() -> T) -> RResult<T, RString> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => RResult::ROk(v),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic payload".to_string());
            RResult::RErr(format!("{PANIC_PREFIX}{message}").into())
        }
    }
}

// ---------------------------------------------------------------------------------------
// Listener

/// A listener: subscribes to events and sees them as they happen.
pub trait Listener: 'static {
    /// Creates the listener from the run's configuration.
    fn new(config: &ConfigView) -> Result<Self, String>
    where
        Self: Sized;
    /// The events this listener wants; others are never delivered (and cost nothing).
    fn subscriptions(&self) -> EventMask;
    /// Handles one subscribed event.
    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>);
    /// A section for the end-of-run console report (tables, summaries).
    fn report(&mut self) -> Option<String> {
        None
    }
    /// A JSON value for the JSON report's `plugins` object, as JSON text.
    fn report_json(&mut self) -> Option<String> {
        None
    }
}

/// The FFI-safe form of [`Listener`]; every call returns the plugin's panic as an error.
#[sabi_trait]
pub trait ListenerFfi {
    /// See [`Listener::subscriptions`].
    fn subscriptions(&self) -> RResult<EventMask, RString>;
    /// See [`Listener::on_event`].
    fn on_event(
        &mut self,
        host: Host_TO<'_, RMut<'_, ()>>,
        event: &Event<'_>,
    ) -> RResult<(), RString>;
    /// See [`Listener::report`].
    fn report(&mut self) -> RResult<ROption<RString>, RString>;
    /// See [`Listener::report_json`].
    #[sabi(last_prefix_field)]
    fn report_json(&mut self) -> RResult<ROption<RString>, RString>;
}

/// An owned listener trait object.
pub type ListenerBox = ListenerFfi_TO<'static, RBox<()>>;

struct ListenerAdapter<L>(L);

impl<L: Listener> ListenerFfi for ListenerAdapter<L> {
    fn subscriptions(&self) -> RResult<EventMask, RString> {
        guard(|| self.0.subscriptions())
    }

    fn on_event(
        &mut self,
        mut host: Host_TO<'_, RMut<'_, ()>>,
        event: &Event<'_>,
    ) -> RResult<(), RString> {
        guard(|| self.0.on_event(&mut host, event))
    }

    fn report(&mut self) -> RResult<ROption<RString>, RString> {
        guard(|| self.0.report().map(RString::from).into())
    }

    fn report_json(&mut self) -> RResult<ROption<RString>, RString> {
        guard(|| self.0.report_json().map(RString::from).into())
    }
}

// ---------------------------------------------------------------------------------------
// ChoiceGenerator factory

/// A heuristic ChoiceGenerator factory: the values a named data choice
/// (`Verify.getDouble("velocity")` with `velocity.class=...`) ranges over.
pub trait ChoiceFactory: 'static {
    /// Creates the factory; `config.name` is the choice's name, its settings are under
    /// `<name>.*`.
    fn new(config: &ConfigView) -> Result<Self, String>
    where
        Self: Sized;
    /// The values of one choice, in exploration order.
    fn values(&mut self, host: &mut HostRef<'_, '_>) -> Vec<JValue>;
}

/// The FFI-safe form of [`ChoiceFactory`].
#[sabi_trait]
pub trait ChoiceFactoryFfi {
    /// See [`ChoiceFactory::values`].
    #[sabi(last_prefix_field)]
    fn values(&mut self, host: Host_TO<'_, RMut<'_, ()>>) -> RResult<RVec<JValue>, RString>;
}

/// An owned ChoiceGenerator factory trait object.
pub type ChoiceFactoryBox = ChoiceFactoryFfi_TO<'static, RBox<()>>;

struct ChoiceFactoryAdapter<F>(F);

impl<F: ChoiceFactory> ChoiceFactoryFfi for ChoiceFactoryAdapter<F> {
    fn values(&mut self, mut host: Host_TO<'_, RMut<'_, ()>>) -> RResult<RVec<JValue>, RString> {
        guard(|| self.0.values(&mut host).into())
    }
}

// ---------------------------------------------------------------------------------------
// Scheduler factory

/// What kind of access a scheduler is asked about.
#[repr(u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub enum AccessKind {
    /// `getfield`.
    FieldRead,
    /// `putfield`.
    FieldWrite,
    /// `getstatic`.
    StaticRead,
    /// `putstatic`.
    StaticWrite,
    /// An array element load.
    ArrayRead,
    /// An array element store.
    ArrayWrite,
    /// Taking a monitor (`monitorenter` or a `synchronized` method), not re-entrant.
    MonitorEnter,
}

/// An access the scheduler is asked about.
#[repr(C)]
#[derive(StableAbi, Debug, Clone, Copy)]
pub struct Access {
    /// The accessing thread.
    pub thread: u32,
    /// The object accessed (instance, statics object, array or monitor).
    pub object: u32,
    /// What the access is.
    pub kind: AccessKind,
    /// Whether the accessing code belongs to the Java class library.
    pub system: bool,
    /// Whether the object is reachable from more than one thread.
    pub shared: bool,
    /// Whether the built-in policy (on-the-fly partial order reduction) breaks here.
    pub default: bool,
}

/// A scheduling policy: which field, array and monitor accesses end a transition (a thread
/// choice is only created where another thread could run).
pub trait Scheduler: 'static {
    /// Creates the scheduler.
    fn new(config: &ConfigView) -> Result<Self, String>
    where
        Self: Sized;
    /// Whether `access` is a scheduling point (`access.default` is the built-in answer).
    fn is_scheduling_point(&mut self, host: &mut HostRef<'_, '_>, access: &Access) -> bool;
}

/// The FFI-safe form of [`Scheduler`].
#[sabi_trait]
pub trait SchedulerFfi {
    /// See [`Scheduler::is_scheduling_point`].
    #[sabi(last_prefix_field)]
    fn is_scheduling_point(
        &mut self,
        host: Host_TO<'_, RMut<'_, ()>>,
        access: &Access,
    ) -> RResult<bool, RString>;
}

/// An owned scheduler trait object.
pub type SchedulerBox = SchedulerFfi_TO<'static, RBox<()>>;

struct SchedulerAdapter<S>(S);

impl<S: Scheduler> SchedulerFfi for SchedulerAdapter<S> {
    fn is_scheduling_point(
        &mut self,
        mut host: Host_TO<'_, RMut<'_, ()>>,
        access: &Access,
    ) -> RResult<bool, RString> {
        guard(|| self.0.is_scheduling_point(&mut host, access))
    }
}

// ---------------------------------------------------------------------------------------
// Bytecode factory

/// What the host does with an instruction after a bytecode factory looked at it.
#[repr(C, u8)]
#[derive(StableAbi, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Execution {
    /// Execute it normally.
    Default,
    /// The factory executed it (through the host's operand and local accessors): continue
    /// with the next instruction.
    Next,
    /// The factory executed it: continue at this instruction index.
    Jump(u32),
    /// End the transition before the instruction; it executes again (and the factory is
    /// asked again) at the start of the next transition, after the search has picked a
    /// value of each ChoiceGenerator the factory registered (top half / bottom half).
    Reexecute,
}

/// Overrides chosen instructions — the hook symbolic execution needs: the factory sees the
/// operand stack, locals and attributes, may replace the instruction's effect, and may
/// register ChoiceGenerators.
pub trait BytecodeFactory: 'static {
    /// Creates the factory.
    fn new(config: &ConfigView) -> Result<Self, String>
    where
        Self: Sized;
    /// JVMS mnemonics of the instructions to intercept (`iadd`, `if_icmpge`, ...).
    fn instructions(&self) -> Vec<String>;
    /// Called before each intercepted instruction of the running thread.
    fn execute(&mut self, host: &mut HostRef<'_, '_>, at: &FrameInfo, insn: &InsnInfo)
        -> Execution;
    /// The events the factory hears as well, as a listener would (none by default).
    fn subscriptions(&self) -> EventMask {
        EventMask::NONE
    }
    /// Handles one subscribed event.
    fn on_event(&mut self, _host: &mut HostRef<'_, '_>, _event: &Event<'_>) {}
    /// Lines the error report shows about the path to a violation (symbolic execution: the
    /// concrete inputs that lead there); called when a violation is found.
    fn describe_path(&mut self, _host: &mut HostRef<'_, '_>) -> Vec<String> {
        Vec::new()
    }
    /// Settings (`key=value`) under which the violation just found must recur when the
    /// program runs without the factory's abstraction (symbolic execution: its inputs as
    /// concrete values); the host re-checks the program with them and reports the violation
    /// as confirmed or not. Empty: nothing to confirm.
    fn confirmation(&mut self, _host: &mut HostRef<'_, '_>) -> Vec<String> {
        Vec::new()
    }
    /// A section for the end-of-run console report.
    fn report(&mut self) -> Option<String> {
        None
    }
    /// A JSON value for the JSON report's `plugins` object, as JSON text.
    fn report_json(&mut self) -> Option<String> {
        None
    }
}

/// The FFI-safe form of [`BytecodeFactory`].
#[sabi_trait]
pub trait BytecodeFactoryFfi {
    /// See [`BytecodeFactory::instructions`].
    fn instructions(&self) -> RResult<RVec<RString>, RString>;
    /// See [`BytecodeFactory::execute`].
    fn execute(
        &mut self,
        host: Host_TO<'_, RMut<'_, ()>>,
        at: &FrameInfo,
        insn: &InsnInfo,
    ) -> RResult<Execution, RString>;
    /// See [`BytecodeFactory::subscriptions`].
    fn subscriptions(&self) -> RResult<EventMask, RString>;
    /// See [`BytecodeFactory::on_event`].
    fn on_event(
        &mut self,
        host: Host_TO<'_, RMut<'_, ()>>,
        event: &Event<'_>,
    ) -> RResult<(), RString>;
    /// See [`BytecodeFactory::describe_path`].
    fn describe_path(&mut self, host: Host_TO<'_, RMut<'_, ()>>)
        -> RResult<RVec<RString>, RString>;
    /// See [`BytecodeFactory::confirmation`].
    fn confirmation(&mut self, host: Host_TO<'_, RMut<'_, ()>>) -> RResult<RVec<RString>, RString>;
    /// See [`BytecodeFactory::report`].
    fn report(&mut self) -> RResult<ROption<RString>, RString>;
    /// See [`BytecodeFactory::report_json`].
    #[sabi(last_prefix_field)]
    fn report_json(&mut self) -> RResult<ROption<RString>, RString>;
}

/// An owned bytecode factory trait object.
pub type BytecodeFactoryBox = BytecodeFactoryFfi_TO<'static, RBox<()>>;

struct BytecodeFactoryAdapter<B>(B);

impl<B: BytecodeFactory> BytecodeFactoryFfi for BytecodeFactoryAdapter<B> {
    fn instructions(&self) -> RResult<RVec<RString>, RString> {
        guard(|| {
            self.0
                .instructions()
                .into_iter()
                .map(RString::from)
                .collect()
        })
    }

    fn execute(
        &mut self,
        mut host: Host_TO<'_, RMut<'_, ()>>,
        at: &FrameInfo,
        insn: &InsnInfo,
    ) -> RResult<Execution, RString> {
        guard(|| self.0.execute(&mut host, at, insn))
    }

    fn subscriptions(&self) -> RResult<EventMask, RString> {
        guard(|| self.0.subscriptions())
    }

    fn on_event(
        &mut self,
        mut host: Host_TO<'_, RMut<'_, ()>>,
        event: &Event<'_>,
    ) -> RResult<(), RString> {
        guard(|| self.0.on_event(&mut host, event))
    }

    fn describe_path(
        &mut self,
        mut host: Host_TO<'_, RMut<'_, ()>>,
    ) -> RResult<RVec<RString>, RString> {
        guard(|| {
            self.0
                .describe_path(&mut host)
                .into_iter()
                .map(RString::from)
                .collect()
        })
    }

    fn confirmation(
        &mut self,
        mut host: Host_TO<'_, RMut<'_, ()>>,
    ) -> RResult<RVec<RString>, RString> {
        guard(|| {
            self.0
                .confirmation(&mut host)
                .into_iter()
                .map(RString::from)
                .collect()
        })
    }

    fn report(&mut self) -> RResult<ROption<RString>, RString> {
        guard(|| self.0.report().map(RString::from).into())
    }

    fn report_json(&mut self) -> RResult<ROption<RString>, RString> {
        guard(|| self.0.report_json().map(RString::from).into())
    }
}

// ---------------------------------------------------------------------------------------
// Property

/// A property checked after every transition.
pub trait Property: 'static {
    /// Creates the property.
    fn new(config: &ConfigView) -> Result<Self, String>
    where
        Self: Sized;
    /// `Some(message)` if the current state violates the property.
    fn check(&mut self, host: &mut HostRef<'_, '_>) -> Option<String>;
}

/// The FFI-safe form of [`Property`].
#[sabi_trait]
pub trait PropertyFfi {
    /// See [`Property::check`].
    #[sabi(last_prefix_field)]
    fn check(&mut self, host: Host_TO<'_, RMut<'_, ()>>) -> RResult<ROption<RString>, RString>;
}

/// An owned property trait object.
pub type PropertyBox = PropertyFfi_TO<'static, RBox<()>>;

struct PropertyAdapter<P>(P);

impl<P: Property> PropertyFfi for PropertyAdapter<P> {
    fn check(&mut self, mut host: Host_TO<'_, RMut<'_, ()>>) -> RResult<ROption<RString>, RString> {
        guard(|| self.0.check(&mut host).map(RString::from).into())
    }
}

// ---------------------------------------------------------------------------------------
// Descriptors

/// A created component.
#[repr(C, u8)]
#[derive(StableAbi)]
pub enum Component {
    /// A listener.
    Listener(ListenerBox),
    /// A ChoiceGenerator factory.
    ChoiceFactory(ChoiceFactoryBox),
    /// A scheduler.
    Scheduler(SchedulerBox),
    /// A bytecode factory.
    BytecodeFactory(BytecodeFactoryBox),
    /// A property.
    Property(PropertyBox),
}

/// One component a library provides.
#[repr(C)]
#[derive(StableAbi, Clone)]
pub struct ComponentDesc {
    /// What it is.
    pub kind: ComponentKind,
    /// Its name in configuration files (`rpf.PreciseRaceDetector`).
    pub name: RStr<'static>,
    /// Other names it answers to (JPF class names such as
    /// `gov.nasa.jpf.listener.PreciseRaceDetector`).
    pub aliases: RVec<RStr<'static>>,
    /// One line on what it does, for `rpf plugins`.
    pub description: RStr<'static>,
    /// Creates an instance; `Err` carries the reason (bad configuration, or a panic).
    pub create: extern "C" fn(&ConfigView) -> RResult<Component, RString>,
}

fn descriptor(
    kind: ComponentKind,
    name: &'static str,
    aliases: &[&'static str],
    description: &'static str,
    create: extern "C" fn(&ConfigView) -> RResult<Component, RString>,
) -> ComponentDesc {
    ComponentDesc {
        kind,
        name: RStr::from_str(name),
        aliases: aliases.iter().map(|a| RStr::from_str(a)).collect(),
        description: RStr::from_str(description),
        create,
    }
}

/// Runs a component constructor on the plugin side, turning errors and panics into `RErr`.
fn construct<T>(
    config: &ConfigView,
    new: impl FnOnce(&ConfigView) -> Result<T, String>,
    wrap: impl FnOnce(T) -> Component,
) -> RResult<Component, RString> {
    match guard(|| new(config)) {
        RResult::ROk(Ok(value)) => RResult::ROk(wrap(value)),
        RResult::ROk(Err(message)) => RResult::RErr(message.into()),
        RResult::RErr(panic) => RResult::RErr(panic),
    }
}

extern "C" fn create_listener<L: Listener>(config: &ConfigView) -> RResult<Component, RString> {
    construct(config, L::new, |l| {
        Component::Listener(ListenerFfi_TO::from_value(ListenerAdapter(l), TD_Opaque))
    })
}

extern "C" fn create_choice_factory<F: ChoiceFactory>(
    config: &ConfigView,
) -> RResult<Component, RString> {
    construct(config, F::new, |f| {
        Component::ChoiceFactory(ChoiceFactoryFfi_TO::from_value(
            ChoiceFactoryAdapter(f),
            TD_Opaque,
        ))
    })
}

extern "C" fn create_scheduler<S: Scheduler>(config: &ConfigView) -> RResult<Component, RString> {
    construct(config, S::new, |s| {
        Component::Scheduler(SchedulerFfi_TO::from_value(SchedulerAdapter(s), TD_Opaque))
    })
}

extern "C" fn create_bytecode_factory<B: BytecodeFactory>(
    config: &ConfigView,
) -> RResult<Component, RString> {
    construct(config, B::new, |b| {
        Component::BytecodeFactory(BytecodeFactoryFfi_TO::from_value(
            BytecodeFactoryAdapter(b),
            TD_Opaque,
        ))
    })
}

extern "C" fn create_property<P: Property>(config: &ConfigView) -> RResult<Component, RString> {
    construct(config, P::new, |p| {
        Component::Property(PropertyFfi_TO::from_value(PropertyAdapter(p), TD_Opaque))
    })
}

/// Describes a [`Listener`] component.
pub fn listener<L: Listener>(
    name: &'static str,
    aliases: &[&'static str],
    description: &'static str,
) -> ComponentDesc {
    descriptor(
        ComponentKind::Listener,
        name,
        aliases,
        description,
        create_listener::<L>,
    )
}

/// Describes a [`ChoiceFactory`] component.
pub fn choice_factory<F: ChoiceFactory>(
    name: &'static str,
    aliases: &[&'static str],
    description: &'static str,
) -> ComponentDesc {
    descriptor(
        ComponentKind::ChoiceFactory,
        name,
        aliases,
        description,
        create_choice_factory::<F>,
    )
}

/// Describes a [`Scheduler`] component.
pub fn scheduler<S: Scheduler>(
    name: &'static str,
    aliases: &[&'static str],
    description: &'static str,
) -> ComponentDesc {
    descriptor(
        ComponentKind::Scheduler,
        name,
        aliases,
        description,
        create_scheduler::<S>,
    )
}

/// Describes a [`BytecodeFactory`] component.
pub fn bytecode_factory<B: BytecodeFactory>(
    name: &'static str,
    aliases: &[&'static str],
    description: &'static str,
) -> ComponentDesc {
    descriptor(
        ComponentKind::BytecodeFactory,
        name,
        aliases,
        description,
        create_bytecode_factory::<B>,
    )
}

/// Describes a [`Property`] component.
pub fn property<P: Property>(
    name: &'static str,
    aliases: &[&'static str],
    description: &'static str,
) -> ComponentDesc {
    descriptor(
        ComponentKind::Property,
        name,
        aliases,
        description,
        create_property::<P>,
    )
}
