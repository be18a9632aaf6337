//! Human-readable descriptions of threads and objects, for reports and deadlock messages.

use crate::thread::Status;
use crate::value::Ref;
use crate::vm::Jvm;

impl Jvm {
    /// One line per live thread of the program (not the JDK's own daemons) saying what it
    /// waits for (deadlock reports).
    pub fn describe_blocked_threads(&self) -> String {
        let mut lines = Vec::new();
        for (i, t) in self.state.threads.iter().enumerate() {
            // The JDK's own daemons wait for work forever by design.
            let jdk_daemon = i > 0 && i < self.boot_threads && t.daemon;
            if !t.is_alive() || jdk_daemon {
                continue;
            }
            let name = self.thread_name(i);
            let what = match t.status {
                Status::Blocked(obj) => format!("blocked on {}", self.describe_object(obj)),
                Status::Waiting(obj) => format!("waiting on {}", self.describe_object(obj)),
                Status::Parked => "parked".to_string(),
                Status::ClassInit(c) => format!(
                    "waiting for initialization of {}",
                    self.classes.get(c).java_name()
                ),
                other => format!("{other:?}"),
            };
            lines.push(format!("  thread \"{name}\": {what}"));
        }
        lines.join("\n")
    }

    /// The name of thread `t` as its Thread object says.
    pub fn thread_name(&self, t: usize) -> String {
        let obj = self.state.threads[t].obj;
        let name = self.field_by_name(obj, "name").as_ref();
        self.string_value(name).unwrap_or_else(|| format!("#{t}"))
    }

    /// `java.lang.Object@12` style description of an object.
    pub fn describe_object(&self, r: Ref) -> String {
        match self.class_of(r) {
            Some(c) => format!("{}@{}", self.classes.get(c).java_name(), r.0),
            None => "null".to_string(),
        }
    }
}
