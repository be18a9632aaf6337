//! Properties: what the search checks in every state it reaches (JPF's
//! `gov.nasa.jpf.Property`), selected by `search.properties`. The built-in ones are no
//! uncaught exceptions and no deadlock; plugins add their own.

use super::machine::{Checker, JavaVm};
use super::model::{exception_frames, thread_snapshots, JavaError};
use super::scheduling::schedulable;
use super::transition::TransitionEnd;

/// A property of the states the search reaches.
pub trait Property {
    /// The name reports give (JPF's class name for the built-in properties).
    fn name(&self) -> &str;

    /// Whether threads' uncaught exceptions are this property's concern: a thread then stops
    /// where it died (its state kept for the report) instead of the exception going to the
    /// JDK's handler, and [`check`](Self::check) reports it.
    fn claims_uncaught(&self) -> bool {
        false
    }

    /// The violation in the state `vm` holds, reached by a transition that ended `end`.
    fn check(&mut self, vm: &mut JavaVm, end: &TransitionEnd) -> Option<JavaError>;
}

/// No thread dies of an exception no handler catches (JPF's
/// `NoUncaughtExceptionsProperty`; an `AssertionError` is reported as an assertion).
#[derive(Debug, Default)]
pub struct NoUncaughtExceptions;

impl Property for NoUncaughtExceptions {
    fn name(&self) -> &str {
        "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty"
    }

    fn claims_uncaught(&self) -> bool {
        true
    }

    fn check(&mut self, vm: &mut JavaVm, _end: &TransitionEnd) -> Option<JavaError> {
        let (thread, exception) = vm.machine.transition.died?;
        let class = vm
            .class_of(exception)
            .map(|c| vm.classes.get(c).java_name())
            .unwrap_or_default();
        let assertion = class == "java.lang.AssertionError";
        Some(JavaError {
            kind: if assertion { "assertion" } else { "exception" }.to_string(),
            property: self.name().to_string(),
            message: vm.describe_throwable(exception),
            exception_class: Some(class),
            thread,
            details: exception_frames(vm, exception),
            snapshot: thread_snapshots(vm),
        })
    }
}

/// Some thread can always run while a non-daemon thread has not finished (JPF's
/// `NotDeadlockedProperty`).
#[derive(Debug, Default)]
pub struct NotDeadlocked;

impl Property for NotDeadlocked {
    fn name(&self) -> &str {
        "gov.nasa.jpf.vm.NotDeadlockedProperty"
    }

    fn check(&mut self, vm: &mut JavaVm, end: &TransitionEnd) -> Option<JavaError> {
        let stuck = *end == TransitionEnd::Finished
            && vm.state.exit_status.is_none()
            && schedulable(&vm.jvm, vm.machine.policy.timeouts)
                .next()
                .is_none()
            && vm.state.threads.iter().any(|t| t.is_alive() && !t.daemon);
        stuck.then(|| JavaError {
            kind: "deadlock".to_string(),
            property: self.name().to_string(),
            message: "deadlock encountered: no thread can run".to_string(),
            exception_class: None,
            thread: vm.state.current as u32,
            details: vm
                .describe_blocked_threads()
                .lines()
                .map(|l| l.trim().to_string())
                .collect(),
            snapshot: thread_snapshots(vm),
        })
    }
}

/// A property component of a plugin (`rpf.ThreadLimit`, ...), the `index`-th the plugin
/// host created.
#[derive(Debug)]
pub struct PluginProperty {
    name: String,
    index: usize,
}

impl Property for PluginProperty {
    fn name(&self) -> &str {
        &self.name
    }

    fn check(&mut self, vm: &mut JavaVm, _end: &TransitionEnd) -> Option<JavaError> {
        let index = self.index;
        let found =
            Checker::with_plugins(vm, |plugins, view| plugins.check_property(view, index))??;
        Some(JavaError {
            kind: found.kind,
            property: found.component,
            message: found.message,
            exception_class: None,
            thread: vm.state.current as u32,
            details: Vec::new(),
            snapshot: thread_snapshots(vm),
        })
    }
}

/// The properties `search.properties` names: rpf's own (by JPF class name or short name)
/// and, in `plugins`, the names it leaves to plugin components.
#[derive(Default)]
pub struct Selection {
    /// The built-in properties selected.
    pub builtin: Vec<Box<dyn Property>>,
    /// Names of property components, for the plugin host.
    pub plugins: Vec<String>,
}

impl Selection {
    /// Reads `search.properties` (`names`): both built-in properties when it is empty,
    /// none for `none`.
    pub fn of(names: &[String]) -> Selection {
        let mut selection = Selection::default();
        if names.is_empty() {
            selection.builtin.push(Box::new(NoUncaughtExceptions));
            selection.builtin.push(Box::new(NotDeadlocked));
            return selection;
        }
        for name in names {
            match name.as_str() {
                "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty" | "uncaught" => {
                    selection.builtin.push(Box::new(NoUncaughtExceptions))
                }
                "gov.nasa.jpf.vm.NotDeadlockedProperty" | "deadlock" => {
                    selection.builtin.push(Box::new(NotDeadlocked))
                }
                "none" => {}
                other => selection.plugins.push(other.to_string()),
            }
        }
        selection
    }

    /// The property components the plugin host created, as properties (in its order).
    pub fn plugin_properties(names: Vec<String>) -> Vec<Box<dyn Property>> {
        names
            .into_iter()
            .enumerate()
            .map(|(index, name)| Box::new(PluginProperty { name, index }) as Box<dyn Property>)
            .collect()
    }
}
