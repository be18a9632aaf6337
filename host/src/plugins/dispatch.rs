//! The components of one run: creating them from the configuration, and calling them.
//!
//! Every call goes through one function, which builds the host view, turns a plugin's
//! error or caught panic into a [`PluginFailure`] (the run then ends with exit status 4 and
//! the report written), and disables the failed component.

use std::collections::HashMap;
use std::path::PathBuf;
use std::rc::Rc;

use abi_stable::sabi_trait::TD_Opaque;
use abi_stable::std_types::{ROption, RResult, RString};
use rpf_config::{keys, Config, ConfigError};
use rpf_plugin_api::{
    Access, BytecodeFactoryBox, ChoiceFactoryBox, Component, ComponentDesc, ComponentKind,
    ConfigView, Event, EventKind, EventMask, Execution, FrameInfo, HostRef, Host_TO, ListenerBox,
    PropertyBox, SchedulerBox,
};

use rpf_jvm::machine::{Choice, Instead, Site};

use super::catalog::Catalog;
use super::error::PluginError;
use super::host_view::{Effect, HostContext, Reported, Requests, VmView};

/// A plugin that failed (returned an error or panicked) during the run.
#[derive(Debug, Clone)]
pub struct PluginFailure {
    /// The component.
    pub component: String,
    /// Its library.
    pub library: PathBuf,
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for PluginFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "plugin {} ({}) failed: {}",
            self.component,
            self.library.display(),
            self.message
        )
    }
}

/// A created component with where it came from.
struct Active<T> {
    name: Rc<str>,
    library: PathBuf,
    object: T,
    /// Set after the component failed; it is not called again.
    failed: bool,
}

/// A listener and the events it wants.
struct Subscribed {
    active: Active<ListenerBox>,
    mask: EventMask,
    /// Whether it registered a choice or ended a transition: the paths the search took
    /// depend on it, so replaying one needs it.
    steers: bool,
}

/// The bytecode factory, the opcodes it intercepts and the events it hears.
struct InsnFactory {
    active: Active<BytecodeFactoryBox>,
    intercept: [bool; 256],
    mask: EventMask,
}

/// Keys whose `.class` values name something other than a heuristic ChoiceGenerator.
const NOT_CHOICE_NAMES: &[&str] = &["search"];

/// The components of a run, created from the configuration.
pub struct Plugins {
    listeners: Vec<Subscribed>,
    scheduler: Option<Active<SchedulerBox>>,
    insn_factory: Option<InsnFactory>,
    choice_factories: HashMap<String, Active<ChoiceFactoryBox>>,
    properties: Vec<Active<PropertyBox>>,
    /// The union of the listeners' subscriptions.
    pub mask: EventMask,
    /// What every component call shares.
    pub shared: Shared,
}

/// What every component call shares: where requests go, the first failure, the search
/// depth and the configuration.
pub struct Shared {
    /// What plugins asked for since the host last looked.
    pub requests: Requests,
    /// The first plugin failure; the run ends with exit status 4 after it.
    pub failure: Option<PluginFailure>,
    config: ConfigView,
}

impl std::fmt::Debug for Plugins {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plugins")
            .field("listeners", &self.listener_names())
            .field("mask", &self.mask)
            .finish()
    }
}

/// A configuration view for a component configured under `name`.
fn config_view(config: &Config, name: &str) -> ConfigView {
    ConfigView::new(name, config.with_prefix(""))
}

/// Names used by `Verify.getInt(name)` / `getDouble(name)` that have a `<name>.class`.
fn choice_names(config: &Config) -> Vec<(String, String)> {
    let mut names: Vec<(String, String)> = config
        .keys()
        .filter_map(|k| {
            let name = k.strip_suffix(".class")?;
            let reserved = NOT_CHOICE_NAMES.contains(&name)
                || keys::RESERVED_PREFIXES.iter().any(|p| name.starts_with(p));
            let component = rpf_config::jpf::expand_class(config.get(k)?);
            (!reserved).then(|| (name.to_string(), component))
        })
        .collect();
    names.sort();
    names
}

/// A component the configuration asks for.
struct Requested {
    kind: ComponentKind,
    /// The component's name or alias.
    name: String,
    /// The name its settings hang off (`velocity` for `velocity.class`; else `name`).
    configured_as: String,
}

/// Whether the configuration names any plugin component (`properties`: the property
/// components among `search.properties`).
pub fn any_requested(config: &Config, properties: &[String]) -> Result<bool, ConfigError> {
    Ok(!requested_components(config, properties)?.is_empty())
}

/// Every component `config` names, listeners first (`properties`: the property components
/// the checker did not find among its own).
fn requested_components(
    config: &Config,
    properties: &[String],
) -> Result<Vec<Requested>, ConfigError> {
    let one = |kind, name: &str| Requested {
        kind,
        name: name.to_string(),
        configured_as: name.to_string(),
    };
    let listeners = [keys::LISTENER, keys::SEARCH_LISTENER];
    let mut all: Vec<Requested> = Vec::new();
    for key in listeners {
        all.extend(
            key.get(config)?
                .unwrap_or_default()
                .iter()
                .map(|n| one(ComponentKind::Listener, n)),
        );
    }
    all.extend(
        choice_names(config)
            .into_iter()
            .map(|(choice, name)| Requested {
                kind: ComponentKind::ChoiceFactory,
                name,
                configured_as: choice,
            }),
    );
    all.extend(properties.iter().map(|n| one(ComponentKind::Property, n)));
    for (key, kind) in [
        (keys::VM_SCHEDULER_FACTORY_CLASS, ComponentKind::Scheduler),
        (keys::VM_INSN_FACTORY_CLASS, ComponentKind::BytecodeFactory),
    ] {
        all.extend(key.get(config)?.map(|n| one(kind, &n)));
    }
    Ok(all)
}

/// Finds every requested component in `catalog`; all the missing ones are named together.
fn find_all(
    catalog: &mut Catalog,
    requested: Vec<Requested>,
) -> Result<Vec<(Requested, PathBuf, ComponentDesc)>, PluginError> {
    let mut found = Vec::new();
    let mut missing = Vec::new();
    for r in requested {
        match catalog.find(r.kind, &r.name)? {
            Some((library, desc)) => found.push((r, library, desc)),
            None => missing.push(format!("{} \"{}\"", r.kind.label(), r.name)),
        }
    }
    if missing.is_empty() {
        Ok(found)
    } else {
        Err(catalog.missing(missing))
    }
}

/// Whether plugins provide every component `config` names (`properties`: the property
/// components among `search.properties`), without creating any.
pub fn check_requested(config: &Config, properties: &[String]) -> Result<(), PluginError> {
    let requested = requested_components(config, properties)?;
    if requested.is_empty() {
        return Ok(());
    }
    let mut catalog = Catalog::new(keys::PLUGIN_PATH.get(config)?.unwrap_or_default());
    find_all(&mut catalog, requested).map(drop)
}

/// Creates one component found in `library`.
fn create(
    config: &Config,
    library: &std::path::Path,
    desc: &ComponentDesc,
    component: &str,
    view_name: &str,
) -> Result<Component, PluginError> {
    match (desc.create)(&config_view(config, view_name)) {
        RResult::ROk(c) => Ok(c),
        RResult::RErr(e) => Err(refused(component, library, e)),
    }
}

fn active<T>(name: &str, library: PathBuf, object: T) -> Active<T> {
    Active {
        name: Rc::from(name),
        library,
        object,
        failed: false,
    }
}

/// A configuration-time failure of a component: a refusal, or a caught panic.
fn refused(name: &str, library: &std::path::Path, e: RString) -> PluginError {
    let component = name.to_string();
    let library = library.to_path_buf();
    let reason = e.into_string();
    if reason.starts_with(rpf_plugin_api::PANIC_PREFIX) {
        PluginError::Panicked {
            component,
            library,
            message: reason,
        }
    } else {
        PluginError::Create {
            component,
            library,
            reason,
        }
    }
}

impl Shared {
    /// Calls a component with a host view; on failure records it and disables the
    /// component.
    fn call<T, R>(
        &mut self,
        component: &mut Active<T>,
        context: &mut HostContext<'_>,
        f: impl FnOnce(&mut T, HostRef<'_, '_>) -> RResult<R, RString>,
    ) -> Option<R> {
        if component.failed {
            return None;
        }
        let mut view = VmView {
            vm: context.jvm,
            frames: context.frames.reborrow(),
            requests: &mut self.requests,
            component: component.name.clone(),
            current_choices: context.current_choices,
            timeouts: context.timeouts,
            depth: context.depth,
            config: &self.config,
        };
        let host = Host_TO::from_ptr(&mut view, TD_Opaque);
        match f(&mut component.object, host) {
            RResult::ROk(r) => Some(r),
            RResult::RErr(message) => {
                component.failed = true;
                tracing::error!(component = %component.name, %message, "plugin failed");
                self.failure.get_or_insert_with(|| PluginFailure {
                    component: component.name.to_string(),
                    library: component.library.clone(),
                    message: message.into_string(),
                });
                self.requests.end_search = true;
                None
            }
        }
    }
}

impl Plugins {
    /// Creates the components `config` names (`listener`, `search.listener`,
    /// `vm.scheduler_factory.class`, `vm.insn_factory.class`, `<name>.class`, plugin
    /// properties in `search.properties`); `None` when it names none, so that runs without
    /// plugins load no libraries at all.
    pub fn from_config(
        config: &Config,
        properties: &[String],
    ) -> Result<Option<Plugins>, PluginError> {
        let requested = requested_components(config, properties)?;
        if requested.is_empty() {
            return Ok(None);
        }
        let mut catalog = Catalog::new(keys::PLUGIN_PATH.get(config)?.unwrap_or_default());
        let mut plugins = Plugins {
            listeners: Vec::new(),
            scheduler: None,
            insn_factory: None,
            choice_factories: HashMap::new(),
            properties: Vec::new(),
            mask: EventMask::NONE,
            shared: Shared {
                requests: Requests::default(),
                failure: None,
                config: config_view(config, ""),
            },
        };
        let found = find_all(&mut catalog, requested)?;
        for (r, library, desc) in found {
            let component = create(config, &library, &desc, &r.name, &r.configured_as)?;
            plugins.attach(r, library, component)?;
        }
        Ok(Some(plugins))
    }

    /// Adds a created component to the run.
    fn attach(
        &mut self,
        r: Requested,
        library: PathBuf,
        component: Component,
    ) -> Result<(), PluginError> {
        match component {
            Component::Listener(object) => {
                let mask = object
                    .subscriptions()
                    .into_result()
                    .map_err(|e| refused(&r.name, &library, e))?;
                self.mask = self.mask.union(mask);
                let active = active(&r.name, library, object);
                self.listeners.push(Subscribed {
                    active,
                    mask,
                    steers: false,
                });
            }
            Component::ChoiceFactory(object) => {
                let created = active(&r.name, library, object);
                self.choice_factories.insert(r.configured_as, created);
            }
            Component::Property(object) => self.properties.push(active(&r.name, library, object)),
            Component::Scheduler(object) => {
                self.scheduler = Some(active(&r.name, library, object));
            }
            Component::BytecodeFactory(object) => {
                let wanted = object
                    .instructions()
                    .into_result()
                    .map_err(|e| refused(&r.name, &library, e))?;
                let mut intercept = [false; 256];
                for m in wanted.iter() {
                    let op = rpf_jvm::classfile::opcodes::opcode(m.as_str()).ok_or_else(|| {
                        refused(
                            &r.name,
                            &library,
                            format!("unknown instruction \"{m}\"").into(),
                        )
                    })?;
                    intercept[usize::from(op)] = true;
                }
                let mask = object
                    .subscriptions()
                    .into_result()
                    .map_err(|e| refused(&r.name, &library, e))?;
                self.mask = self.mask.union(mask);
                let active = active(&r.name, library, object);
                self.insn_factory = Some(InsnFactory {
                    active,
                    intercept,
                    mask,
                });
            }
        }
        Ok(())
    }

    /// Names of the loaded listeners.
    pub fn listener_names(&self) -> Vec<String> {
        self.listeners
            .iter()
            .map(|s| s.active.name.to_string())
            .collect()
    }

    /// Whether a scheduler component decides scheduling points.
    pub fn has_scheduler(&self) -> bool {
        self.scheduler.is_some()
    }

    /// Whether a bytecode factory intercepts instructions.
    pub fn has_insn_factory(&self) -> bool {
        self.insn_factory.is_some()
    }

    /// Delivers `event` to every listener subscribed to its kind, then to the bytecode
    /// factory if it is.
    pub fn deliver(&mut self, mut context: HostContext<'_>, event: &Event<'_>) {
        for s in &mut self.listeners {
            if !s.mask.contains(event.kind) {
                continue;
            }
            let requests = &self.shared.requests;
            let before = (requests.choices.len(), requests.break_transition);
            self.shared.call(&mut s.active, &mut context, |l, host| {
                l.on_event(host, event)
            });
            let requests = &self.shared.requests;
            s.steers |= (requests.choices.len(), requests.break_transition) != before;
        }
        if let Some(f) = self.insn_factory.as_mut() {
            if f.mask.contains(event.kind) {
                self.shared.call(&mut f.active, &mut context, |b, host| {
                    b.on_event(host, event)
                });
            }
        }
    }

    /// Asks the scheduler component whether `access` is a scheduling point.
    pub fn is_scheduling_point(&mut self, mut context: HostContext<'_>, access: &Access) -> bool {
        let Some(active) = self.scheduler.as_mut() else {
            return access.default;
        };
        self.shared
            .call(active, &mut context, |s, host| {
                s.is_scheduling_point(host, access)
            })
            .unwrap_or(access.default)
    }

    /// Whether the bytecode factory intercepts `opcode`.
    #[inline]
    pub fn intercepts(&self, opcode: u8) -> bool {
        self.insn_factory
            .as_ref()
            .is_some_and(|f| !f.active.failed && f.intercept[usize::from(opcode)])
    }

    /// Lets the bytecode factory execute the instruction at `site` of the running thread
    /// (whose frames the context holds); a factory that fails ends the transition.
    pub fn execute(&mut self, mut context: HostContext<'_>, site: &Site) -> Instead {
        let Some(factory) = self.insn_factory.as_mut() else {
            return Instead::Nothing;
        };
        let Some(insn) = super::host_view::insn_info(context.jvm, site.method, site.pc) else {
            return Instead::Nothing;
        };
        let exec = context.frames.exec();
        let at = FrameInfo {
            method: site.method,
            pc: site.pc,
            line: super::host_view::line(context.jvm, site.method, site.pc),
            locals: exec
                .and_then(|e| e.top())
                .map_or(0, |f| f.stack_base - f.locals),
            stack_depth: exec.map_or(0, |e| {
                (e.stack.len() as u32).saturating_sub(e.top().map_or(0, |f| f.stack_base))
            }),
        };
        self.shared.requests.executing = true;
        let outcome = self
            .shared
            .call(&mut factory.active, &mut context, |b, host| {
                b.execute(host, &at, &insn)
            })
            .unwrap_or(Execution::Reexecute);
        self.shared.requests.executing = false;
        match outcome {
            Execution::Default => Instead::Nothing,
            Execution::Next => Instead::Next,
            Execution::Jump(target) => Instead::Jump(target),
            Execution::Reexecute => Instead::Reexecute,
        }
    }

    /// What the bytecode factory says about the current path for an error report, and the
    /// settings under which its violation must recur concretely.
    pub fn describe_path(&mut self, mut context: HostContext<'_>) -> (Vec<String>, Vec<String>) {
        let Some(factory) = self.insn_factory.as_mut() else {
            return Default::default();
        };
        let strings = |lines: Option<abi_stable::std_types::RVec<RString>>| -> Vec<String> {
            lines
                .map(|l| l.into_iter().map(RString::into_string).collect())
                .unwrap_or_default()
        };
        let lines = strings(
            self.shared
                .call(&mut factory.active, &mut context, |b, host| {
                    b.describe_path(host)
                }),
        );
        let confirm = strings(
            self.shared
                .call(&mut factory.active, &mut context, |b, host| {
                    b.confirmation(host)
                }),
        );
        (lines, confirm)
    }

    /// The values of the heuristic generator configured for `name`; `None` if there is
    /// none, `Some(Err)` if the factory offered no usable values.
    pub fn choice_values(
        &mut self,
        mut context: HostContext<'_>,
        name: &str,
    ) -> Option<Result<Vec<Choice>, String>> {
        let factory = self.choice_factories.get_mut(name)?;
        let component = factory.name.clone();
        let values = self
            .shared
            .call(factory, &mut context, |f, host| f.values(host))?;
        let choices: Vec<Choice> = values
            .into_iter()
            .filter_map(super::host_view::to_choice)
            .collect();
        Some(if choices.is_empty() {
            Err(format!("{component} (for \"{name}\") produced no values"))
        } else {
            Ok(choices)
        })
    }

    /// The names of the property components, in the order the configuration named them.
    pub fn property_names(&self) -> Vec<String> {
        self.properties.iter().map(|p| p.name.to_string()).collect()
    }

    /// Checks property component `index` on the current state: its violation, if any.
    pub fn check_property(
        &mut self,
        mut context: HostContext<'_>,
        index: usize,
    ) -> Option<Reported> {
        let p = self.properties.get_mut(index)?;
        let name = p.name.to_string();
        match self.shared.call(p, &mut context, |p, host| p.check(host)) {
            Some(ROption::RSome(message)) => Some(Reported {
                kind: "property".to_string(),
                message: message.into_string(),
                component: name,
            }),
            _ => None,
        }
    }

    /// Why plugins found the exploration not exhaustive.
    pub fn incomplete_reasons(&self) -> &[String] {
        &self.shared.requests.incomplete
    }

    /// Takes what plugins asked for about the path just taken: to ignore it, and the
    /// violations they reported.
    pub fn take_path_requests(&mut self) -> (bool, Vec<Reported>) {
        let requests = &mut self.shared.requests;
        (
            std::mem::take(&mut requests.ignore_state),
            std::mem::take(&mut requests.violations),
        )
    }

    /// Takes a request to prune the path made since the last transition ended (while the
    /// search announced the state it reached).
    pub fn take_ignore(&mut self) -> bool {
        std::mem::take(&mut self.shared.requests.ignore_state)
    }

    /// Takes the violations plugins reported.
    pub fn take_violations(&mut self) -> Vec<Reported> {
        std::mem::take(&mut self.shared.requests.violations)
    }

    /// Takes the data choices plugins registered since the last call.
    pub fn take_choices(&mut self) -> Vec<(String, Vec<Choice>)> {
        std::mem::take(&mut self.shared.requests.choices)
    }

    /// Takes what the bytecode factory did to the heap and frames during its last call.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.shared.requests.effects)
    }

    /// Takes a plugin's request to end the transition.
    pub fn take_break_request(&mut self) -> bool {
        std::mem::take(&mut self.shared.requests.break_transition)
    }

    /// Stops delivering events to listeners and the bytecode factory (error traces replay
    /// paths they heard), except to listeners that steered the search: without their
    /// choices and transition ends the replay would take another path.
    pub fn mute_listeners(&mut self) {
        self.mask = EventMask::NONE;
        for s in &mut self.listeners {
            if s.steers {
                self.mask = self.mask.union(s.mask);
            } else {
                s.mask = EventMask::NONE;
            }
        }
        if let Some(f) = self.insn_factory.as_mut() {
            f.mask = EventMask::NONE;
        }
    }

    /// Whether any listener wants `kind`.
    pub fn wants(&self, kind: EventKind) -> bool {
        self.mask.contains(kind)
    }

    /// Each listener's and the bytecode factory's end-of-run console section and JSON
    /// value, by component name.
    pub fn reports(&mut self) -> PluginReports {
        let mut reports = PluginReports::default();
        for s in &mut self.listeners {
            let a = &mut s.active;
            let sections = if a.failed {
                None
            } else {
                Some((a.object.report(), a.object.report_json()))
            };
            collect(&mut reports, &mut self.shared, a, sections);
        }
        if let Some(f) = self.insn_factory.as_mut() {
            let a = &mut f.active;
            let sections = if a.failed {
                None
            } else {
                Some((a.object.report(), a.object.report_json()))
            };
            collect(&mut reports, &mut self.shared, a, sections);
        }
        reports
    }
}

/// A console section and a JSON value from one component's report calls; a failed call
/// disables the component.
type Sections = (
    RResult<ROption<RString>, RString>,
    RResult<ROption<RString>, RString>,
);

/// Adds a component's report sections to `reports`, recording a failed call.
fn collect<T>(
    reports: &mut PluginReports,
    shared: &mut Shared,
    a: &mut Active<T>,
    sections: Option<Sections>,
) {
    let Some((text, json)) = sections else {
        return;
    };
    for r in [&text, &json] {
        if let RResult::RErr(e) = r {
            a.failed = true;
            shared.failure.get_or_insert_with(|| PluginFailure {
                component: a.name.to_string(),
                library: a.library.clone(),
                message: e.to_string(),
            });
        }
    }
    if let RResult::ROk(ROption::RSome(t)) = text {
        reports.text.push((a.name.to_string(), t.into_string()));
    }
    if let RResult::ROk(ROption::RSome(t)) = json {
        let value =
            serde_json::from_str(&t).unwrap_or_else(|_| serde_json::Value::String(t.into_string()));
        reports.json.push((a.name.to_string(), value));
    }
}

/// What plugins (listeners and the bytecode factory) add to the end-of-run reports.
#[derive(Debug, Default, Clone)]
pub struct PluginReports {
    /// Console sections: component name and text.
    pub text: Vec<(String, String)>,
    /// JSON values: component name and value.
    pub json: Vec<(String, serde_json::Value)>,
}
