//! `rpf.ObjectTracker` (JPF's `ObjectTracker`): logs what happens to chosen objects along
//! the path — creation, calls on them, field reads and writes, release by the garbage
//! collector — and shows that log when a property is violated: the life of the objects an
//! error report names.
//!
//! Objects are chosen by class (`ot.include`, `ot.exclude`) or by id (`ot.refs`: rpf's
//! object ids, as its reports and `rpf.ExecTracker` print them; JPF's reference numbers
//! mean nothing to rpf).

use std::collections::BTreeSet;

use std::fmt::Write;

use rpf_plugin_api::{
    any_matches, code_location, java_type, parameter_types, ConfigView, Event, EventKind,
    EventMask, HostRef, JValue, Listener, PathLocal, SystemMethods,
};
use serde_json::json;

use crate::findings::Findings;
use crate::history::Log;
use crate::site::{application_location, object_name};

/// What the path did to the tracked objects, and which they are.
#[derive(Debug, Clone, Default)]
struct Tracked {
    objects: BTreeSet<u32>,
    log: Log<String>,
}

/// The object tracker.
pub struct ObjectTracker {
    include: Vec<String>,
    exclude: Vec<String>,
    refs: BTreeSet<u32>,
    log_calls: bool,
    log_fields: bool,
    tracked: PathLocal<Tracked>,
    system: SystemMethods,
    /// The log at each violation.
    found: Findings,
}

/// A number as JPF's keys write them: decimal or `0x` hexadecimal.
fn parse_ref(text: &str) -> Result<u32, String> {
    let text = text.trim();
    let parsed = match text.strip_prefix("0x").or_else(|| text.strip_prefix("0X")) {
        Some(hex) => u32::from_str_radix(hex, 16),
        None => text.parse(),
    };
    parsed.map_err(|_| format!("ot.refs: \"{text}\" is not an object id"))
}

impl ObjectTracker {
    /// Whether a new object of `class` (or with id `object`) is to be tracked.
    fn chosen(&self, object: u32, class: &str) -> bool {
        self.refs.contains(&object)
            || (any_matches(&self.include, class) && !any_matches(&self.exclude, class))
    }

    fn log(&mut self, host: &HostRef<'_, '_>, thread: u32, what: String) {
        let at = application_location(&mut self.system, host, thread, 0);
        let line = format!("{:<10} {what}  at {at}", host.thread_name(thread));
        self.tracked.get_mut().log.push(line);
    }

    fn is_tracked(&self, object: u32) -> bool {
        object != 0 && self.tracked.get().objects.contains(&object)
    }
}

impl Listener for ObjectTracker {
    fn new(config: &ConfigView) -> Result<Self, String> {
        let refs = config
            .list("ot.refs")
            .iter()
            .map(|r| parse_ref(r))
            .collect::<Result<BTreeSet<u32>, String>>()?;
        let exclude = if config.get("ot.exclude").is_some() {
            config.list("ot.exclude")
        } else {
            // As in JPF: nothing is tracked unless included by name or id.
            vec!["*".to_string()]
        };
        let include = config.list("ot.include");
        // An include list narrows JPF's default exclusion of everything.
        let exclude = if !include.is_empty() && config.get("ot.exclude").is_none() {
            Vec::new()
        } else {
            exclude
        };
        Ok(ObjectTracker {
            include,
            exclude,
            refs,
            log_calls: config.bool("ot.log_calls", true)?,
            log_fields: config.bool("ot.log_fields", true)?,
            tracked: PathLocal::new(Tracked::default()),
            system: SystemMethods::default(),
            found: Findings::default(),
        })
    }

    fn subscriptions(&self) -> EventMask {
        let mut kinds = vec![
            EventKind::ObjectCreated,
            EventKind::ObjectReleased,
            EventKind::PropertyViolated,
        ];
        if self.log_calls {
            kinds.push(EventKind::MethodEntered);
        }
        if self.log_fields {
            kinds.extend([EventKind::FieldRead, EventKind::FieldWritten]);
        }
        PathLocal::<Tracked>::EVENTS.union(EventMask::of(&kinds))
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        self.tracked.on_event(event);
        let thread = event.thread;
        match event.kind {
            EventKind::ObjectCreated if self.chosen(event.object, event.text.as_str()) => {
                self.tracked.get_mut().objects.insert(event.object);
                let name = object_name(host, event.object);
                self.log(host, thread, format!("new {name}"));
            }
            EventKind::ObjectReleased if self.is_tracked(event.object) => {
                self.tracked.get_mut().objects.remove(&event.object);
                let line = format!("{:<10} released #{}", "(gc)", event.object);
                self.tracked.get_mut().log.push(line);
            }
            EventKind::MethodEntered => {
                let Some(info) = host.method_info(event.method).into_option() else {
                    return;
                };
                if info.is_static {
                    return;
                }
                let JValue::Ref(this) = host.local(thread, 0, 0) else {
                    return;
                };
                if self.is_tracked(this) {
                    let params: Vec<String> = parameter_types(&info.descriptor)
                        .iter()
                        .map(|p| java_type(p))
                        .collect();
                    let mut what = format!(
                        "call {}.{}({})",
                        object_name(host, this),
                        info.name,
                        params.join(", ")
                    );
                    if host.class_name(this) != info.class {
                        let _ = write!(what, " of {}", info.class);
                    }
                    // The call's site: the caller's frame, below the one just entered.
                    let at = application_location(&mut self.system, host, thread, 1);
                    let line = format!("{:<10} {what}  at {at}", host.thread_name(thread));
                    self.tracked.get_mut().log.push(line);
                }
            }
            EventKind::FieldRead | EventKind::FieldWritten if self.is_tracked(event.object) => {
                let field = event.text.rsplit('.').next().unwrap_or("");
                let verb = if event.kind == EventKind::FieldRead {
                    "get"
                } else {
                    "put"
                };
                let what = format!("{verb} {}.{field}", object_name(host, event.object));
                // The field event's location is the accessing instruction itself.
                let at = if event.method == u32::MAX {
                    application_location(&mut self.system, host, thread, 0)
                } else {
                    code_location(host, event.method, event.pc)
                };
                let line = format!("{:<10} {what}  at {at}", host.thread_name(thread));
                self.tracked.get_mut().log.push(line);
            }
            EventKind::PropertyViolated => {
                let violation = event.text.as_str();
                let log = self.tracked.get().log.entries();
                let mut text = format!("tracked objects before \"{violation}\":\n");
                if log.is_empty() {
                    text.push_str("  (no tracked object was created on this path)\n");
                }
                for line in &log {
                    text.push_str("  ");
                    text.push_str(line);
                    text.push('\n');
                }
                self.found
                    .push(text, json!({ "violation": violation, "log": log }));
            }
            _ => {}
        }
    }

    fn report(&mut self) -> Option<String> {
        self.found.report()
    }

    fn report_json(&mut self) -> Option<String> {
        self.found.json("violations")
    }
}

#[cfg(test)]
mod tests {
    use super::parse_ref;

    #[test]
    fn refs_are_decimal_or_hexadecimal() {
        assert_eq!(parse_ref("0x160"), Ok(0x160));
        assert_eq!(parse_ref(" 42 "), Ok(42));
        assert!(parse_ref("x").is_err());
    }
}
