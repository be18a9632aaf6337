//! Properties: what the search checks in every state it reaches (JPF's
//! `gov.nasa.jpf.Property`), selected by `search.properties`. The built-in ones are no
//! uncaught exceptions and no deadlock; plugins add their own.

use super::checker::{Checker, JavaVm};
use super::scheduling::schedulable;
use super::transition::TransitionEnd;
use super::violation::{exception_frames, thread_snapshots, JavaError};

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
            inputs: Vec::new(),
            confirm_with: Vec::new(),
            confirmed: None,
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
            inputs: Vec::new(),
            confirm_with: Vec::new(),
            confirmed: None,
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
            inputs: Vec::new(),
            confirm_with: Vec::new(),
            confirmed: None,
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

#[cfg(test)]
mod tests {
    use rpf_jvm::value::{Ref, Value};
    use rpf_jvm::Machine;

    use super::{NoUncaughtExceptions, NotDeadlocked, Property, Selection};
    use crate::check::checker::Checker;
    use crate::check::testing::{World, NODE};
    use crate::check::transition::{self, TransitionEnd};
    use crate::check::violation::JavaError;

    const UNCAUGHT: &str = "gov.nasa.jpf.vm.NoUncaughtExceptionsProperty";
    const DEADLOCK: &str = "gov.nasa.jpf.vm.NotDeadlockedProperty";

    /// What `NotDeadlocked` finds after a transition that left no choices.
    fn deadlock(w: &mut World) -> Option<JavaError> {
        NotDeadlocked.check(&mut w.vm, &TransitionEnd::Finished)
    }

    /// What `NoUncaughtExceptions` finds after a transition in which a thread died.
    fn uncaught(w: &mut World) -> Option<JavaError> {
        NoUncaughtExceptions.check(&mut w.vm, &TransitionEnd::Died)
    }

    /// A `class` throwable with detail message `message` (no constructor runs).
    fn throwable(w: &mut World, class: &str, message: &str) -> Ref {
        let ex = w.object(class);
        let text = w.vm.new_string(message);
        w.set(ex, "detailMessage", text);
        ex
    }

    #[test]
    fn threads_blocked_on_each_others_locks_are_deadlocked() {
        let mut w = World::boot();
        let t = w.thread();
        let (a, b) = (w.object(NODE), w.object(NODE));
        w.lock(0, a);
        w.lock(t, b);
        w.block(0, b);
        assert!(deadlock(&mut w).is_none(), "the other thread can run");
        w.block(t, a);
        let error = deadlock(&mut w).expect("a deadlock");
        assert_eq!(error.kind, "deadlock");
        assert_eq!(error.property, DEADLOCK);
        let blocked = error.details.iter().filter(|l| l.contains("blocked on"));
        assert_eq!(blocked.count(), 2, "{:?}", error.details);

        // Only a transition that ended with nothing left to run counts.
        let choices = TransitionEnd::Choices(Default::default());
        assert!(NotDeadlocked.check(&mut w.vm, &choices).is_none());
        w.vm.state.exit_status = Some(0);
        assert!(deadlock(&mut w).is_none(), "System.exit ended the program");
    }

    #[test]
    fn a_waiting_thread_is_deadlocked_unless_it_is_a_daemon() {
        let mut w = World::boot();
        let lock = w.object(NODE);
        let daemon = w.daemon();
        w.wait(daemon, lock);
        w.terminate(0);
        assert!(deadlock(&mut w).is_none(), "a daemon alone waits");
        let t = w.thread();
        w.wait(t, lock);
        let error = deadlock(&mut w).expect("a deadlock");
        let waiting = error.details.iter().filter(|l| l.contains("waiting on"));
        assert_eq!(waiting.count(), 2, "{:?}", error.details);
    }

    #[test]
    fn no_deadlock_when_every_thread_has_ended() {
        let mut w = World::boot();
        let t = w.thread();
        assert!(deadlock(&mut w).is_none(), "both can run");
        w.terminate(0);
        w.terminate(t);
        assert!(deadlock(&mut w).is_none());
    }

    #[test]
    fn the_exception_a_thread_died_of_is_reported() {
        let mut w = World::boot();
        let t = w.thread();
        assert!(uncaught(&mut w).is_none(), "nobody died");

        let ex = throwable(&mut w, "java/lang/IllegalStateException", "boom");
        assert!(
            !Checker::uncaught(&mut w.vm, t as usize, ex),
            "no property claims it"
        );
        w.vm.machine.claims_uncaught = NoUncaughtExceptions.claims_uncaught();
        assert!(Checker::uncaught(&mut w.vm, t as usize, ex));
        let error = uncaught(&mut w).expect("reported");
        assert_eq!(error.kind, "exception");
        assert_eq!(error.property, UNCAUGHT);
        assert_eq!(error.thread, t);
        let class = error.exception_class.as_deref();
        assert_eq!(class, Some("java.lang.IllegalStateException"));
        assert_eq!(error.message, "java.lang.IllegalStateException: boom");
    }

    #[test]
    fn an_assertion_error_is_reported_as_an_assertion() {
        let mut w = World::boot();
        let ex = throwable(&mut w, "java/lang/AssertionError", "lost update");
        w.vm.machine.transition.died = Some((0, ex));
        let error = uncaught(&mut w).expect("reported");
        assert_eq!(error.kind, "assertion");
        let class = error.exception_class.as_deref();
        assert_eq!(class, Some("java.lang.AssertionError"));
        assert_eq!(error.message, "java.lang.AssertionError: lost update");
        assert!(!NotDeadlocked.claims_uncaught());
    }

    #[test]
    fn a_thread_that_throws_dies_where_it_threw() {
        let mut w = World::boot();
        w.vm.machine.claims_uncaught = true;
        let t = w.thread();
        let objects = w.class("java/util/Objects");
        let desc = "(Ljava/lang/Object;)Ljava/lang/Object;";
        let require = w.vm.classes.find_method(objects, "requireNonNull", desc);
        let require = require.expect("Objects.requireNonNull(Object)");
        w.vm.start_upcall(t as usize, require, &[Value::NULL]);
        assert_eq!(transition::run(&mut w.vm, t, []), TransitionEnd::Died);
        let error = uncaught(&mut w).expect("reported");
        assert_eq!(error.thread, t);
        let class = error.exception_class.as_deref();
        assert_eq!(class, Some("java.lang.NullPointerException"));
        let top = error
            .details
            .first()
            .map(String::as_str)
            .unwrap_or_default();
        assert!(
            top.starts_with("at java.util.Objects.requireNonNull("),
            "{top}"
        );
    }

    fn strings(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| n.to_string()).collect()
    }

    /// The names of the built-in properties, and the plugin names, that `search.properties`
    /// set to `names` selects.
    fn select(names: &[&str]) -> (Vec<String>, Vec<String>) {
        let selection = Selection::of(&strings(names));
        let builtin = selection.builtin.iter().map(|p| p.name().to_string());
        (builtin.collect(), selection.plugins)
    }

    #[test]
    fn search_properties_names_jpf_classes_short_names_none_or_plugins() {
        let both = strings(&[UNCAUGHT, DEADLOCK]);
        let nothing = strings(&[]);
        assert_eq!(select(&[]), (both.clone(), nothing.clone()), "unset");
        assert_eq!(select(&[UNCAUGHT, DEADLOCK]), (both, nothing.clone()));
        assert_eq!(
            select(&["deadlock"]),
            (strings(&[DEADLOCK]), nothing.clone())
        );
        assert_eq!(
            select(&["uncaught"]),
            (strings(&[UNCAUGHT]), nothing.clone())
        );
        assert_eq!(select(&["none"]), (nothing.clone(), nothing));
        assert_eq!(
            select(&["uncaught", "rpf.ThreadLimit"]),
            (strings(&[UNCAUGHT]), strings(&["rpf.ThreadLimit"]))
        );
        let plugins = Selection::plugin_properties(strings(&["a", "b"]));
        let names: Vec<&str> = plugins.iter().map(|p| p.name()).collect();
        assert_eq!(names, ["a", "b"]);
    }
}
