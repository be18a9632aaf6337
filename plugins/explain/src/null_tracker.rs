//! `rpf.NullTracker` (JPF's `NullTracker`): when a `NullPointerException` is raised, says
//! where the `null` came from — a `null` constant in some method, a field or array element
//! never assigned, or a native method's result. The exception names the dereference; the
//! origin is usually elsewhere (the `return null` of a lookup, a field a constructor
//! forgot).
//!
//! Every `null` is marked where it appears with an attribute naming its origin; attributes
//! travel with the value through locals, fields, arrays, arguments and returns, so at the
//! dereference the mark still says where the value was born.

use std::collections::HashMap;

use rpf_plugin_api::{
    code_location, java_type, parameter_types, ConfigView, Event, EventKind, EventMask, HostRef,
    JValue, Listener,
};
use serde_json::{json, Value};

use crate::findings::Findings;

/// The high bits that mark an attribute as this listener's (the low bits index
/// [`NullTracker::origins`]); other plugins' attributes are left alone.
const MARK: i64 = 0x4e75_6c6c << 32;
const MARK_MASK: i64 = !0xffff_ffff;

/// How a `null` came into being.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Origin {
    /// `aconst_null` at this location.
    Constant(String),
    /// A field read that found the default `null` (field, where read).
    UnsetField(String, String),
    /// An array element read that found the default `null` (where read).
    UnsetElement(String),
    /// The result of a native method or intrinsic (method, where called).
    Native(String, String),
    /// Returned by a method (method, where it returned to) after coming from the origin
    /// with this index.
    Returned(String, String, usize),
}

impl Origin {
    fn text(&self) -> String {
        match self {
            Origin::Constant(at) => format!("the constant null at {at}"),
            Origin::UnsetField(field, at) => {
                format!("field {field}, never assigned (default null), read at {at}")
            }
            Origin::UnsetElement(at) => {
                format!("an array element never assigned (default null), read at {at}")
            }
            Origin::Native(method, at) => format!("returned by native {method}, called at {at}"),
            Origin::Returned(method, to, _) => format!("returned by {method} to {to}"),
        }
    }
}

/// Where an instruction may produce a `null` of its own making.
#[derive(Debug, Clone)]
enum Produces {
    /// `aconst_null`.
    Constant,
    /// A field read (`pkg.Class.field`): the field may never have been assigned.
    FieldRead(String),
    /// A reference array element read: the element may never have been assigned.
    ElementRead,
    /// A call of a method returning a reference (`pkg.Class.method(desc)`).
    ReferenceCall(String),
    /// `areturn`: a `null` leaves a method.
    Return,
    /// No `null` of its own.
    Nothing,
}

/// What an instruction means to the tracker (cached per location).
#[derive(Debug, Clone)]
struct Insn {
    produces: Produces,
    /// The reference it uses (operand stack entries below the top) and how, if using
    /// `null` there raises a `NullPointerException`.
    uses: Option<(u32, String)>,
}

/// `Class.method(int, String)` for a member as instructions name it.
fn readable_call(member: &str) -> String {
    let (name, _) = member.split_once('(').unwrap_or((member, ""));
    let mut parts = name.rsplitn(3, '.');
    let method = parts.next().unwrap_or(name);
    let class = parts.next().unwrap_or("");
    let params: Vec<String> = parameter_types(member)
        .iter()
        .map(|p| {
            let t = java_type(p);
            t.rsplit('.').next().unwrap_or(&t).to_string()
        })
        .collect();
    format!("{class}.{method}({})", params.join(", "))
}

fn classify(mnemonic: &str, member: &str) -> Insn {
    let produces = match mnemonic {
        "aconst_null" => Produces::Constant,
        "areturn" => Produces::Return,
        "getfield" | "getstatic" => Produces::FieldRead(member.to_string()),
        "aaload" => Produces::ElementRead,
        m if m.starts_with("invoke") && returns_reference(member) => {
            Produces::ReferenceCall(member.to_string())
        }
        _ => Produces::Nothing,
    };
    let uses = |depth: u32, what: String| Some((depth, what));
    let uses = match mnemonic {
        "getfield" => uses(0, format!("reading field {member}")),
        "putfield" => uses(1, format!("writing field {member}")),
        "arraylength" => uses(0, "taking the length of an array".into()),
        "athrow" => uses(0, "throwing".into()),
        "monitorenter" => uses(0, "synchronizing".into()),
        "iaload" | "laload" | "faload" | "daload" | "aaload" | "baload" | "caload" | "saload" => {
            uses(1, "loading from an array".into())
        }
        "iastore" | "lastore" | "fastore" | "dastore" | "aastore" | "bastore" | "castore"
        | "sastore" => uses(2, "storing into an array".into()),
        "invokevirtual" | "invokeinterface" | "invokespecial" => uses(
            parameter_types(member).len() as u32,
            format!("calling {}", readable_call(member)),
        ),
        _ => None,
    };
    Insn { produces, uses }
}

/// Whether a call returns a reference.
fn returns_reference(member: &str) -> bool {
    member
        .rsplit_once(')')
        .is_some_and(|(_, r)| r.starts_with('L') || r.starts_with('['))
}

/// The tracker.
pub struct NullTracker {
    insns: HashMap<(u32, u32), Insn>,
    origins: Vec<Origin>,
    numbers: HashMap<Origin, i64>,
    /// The dereference of `null` about to happen: (thread, method, pc, what, origin
    /// attribute). Its exception is the next `NullPointerException` the thread throws.
    pending: Option<(u32, u32, u32, String, i64)>,
    /// The explanation of the last `NullPointerException` raised.
    explained: Option<(String, Value)>,
    /// One explanation per violation.
    found: Findings,
}

impl NullTracker {
    fn insn(&mut self, host: &HostRef<'_, '_>, method: u32, pc: u32) -> &Insn {
        self.insns.entry((method, pc)).or_insert_with(|| {
            host.instruction(method, pc).into_option().map_or(
                Insn {
                    produces: Produces::Nothing,
                    uses: None,
                },
                |insn| classify(insn.mnemonic.as_str(), insn.member.as_str()),
            )
        })
    }

    /// The attribute naming `origin`.
    fn mark(&mut self, origin: Origin) -> i64 {
        if let Some(&n) = self.numbers.get(&origin) {
            return n;
        }
        let n = MARK | self.origins.len() as i64;
        self.origins.push(origin.clone());
        self.numbers.insert(origin, n);
        n
    }

    /// Marks a `null` the instruction just pushed that carries no mark yet.
    fn mark_result(
        &mut self,
        host: &mut HostRef<'_, '_>,
        thread: u32,
        origin: impl FnOnce() -> Origin,
    ) {
        if host.stack_value(thread, 0) == JValue::Null && host.stack_attr(0) == 0 {
            let mark = self.mark(origin());
            host.set_stack_attr(0, mark);
        }
    }

    /// Notes a dereference of `null` about to happen. It is kept until the exception it
    /// raises is thrown: building that exception runs code of its own.
    fn executing(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        let Some((depth, what)) = self.insn(host, event.method, event.pc).uses.clone() else {
            return;
        };
        if host.stack_value(event.thread, depth) == JValue::Null {
            let attr = host.stack_attr(depth);
            self.pending = Some((event.thread, event.method, event.pc, what, attr));
        }
    }

    fn executed(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        let at = || code_location(host, event.method, event.pc);
        match self.insn(host, event.method, event.pc).produces.clone() {
            Produces::Constant => {
                let origin = Origin::Constant(at());
                self.mark_result(host, event.thread, || origin);
            }
            Produces::FieldRead(field) => {
                let origin = Origin::UnsetField(field, at());
                self.mark_result(host, event.thread, || origin);
            }
            Produces::ElementRead => {
                let origin = Origin::UnsetElement(at());
                self.mark_result(host, event.thread, || origin);
            }
            // A call into bytecode changes the frame (`value` -1); one that stays put ran
            // natively, and its `null` has no origin of its own.
            Produces::ReferenceCall(member) if event.value >= 0 => {
                let origin = Origin::Native(readable_call(&member), at());
                self.mark_result(host, event.thread, || origin);
            }
            Produces::Return => self.returned(host, event),
            _ => {}
        }
    }

    /// Follows a marked `null` out of the method that returned it, where the program's code
    /// is on either side: the chain of returns says how the value reached its use.
    fn returned(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        let Some(caller) = host.frames(event.thread).first().copied() else {
            return;
        };
        let attr = host.stack_attr(0);
        if host.stack_value(event.thread, 0) != JValue::Null || attr & MARK_MASK != MARK {
            return;
        }
        let system = |m: u32| host.method_info(m).into_option().is_none_or(|i| i.system);
        if system(event.method) && system(caller.method) {
            return;
        }
        let Some(info) = host.method_info(event.method).into_option() else {
            return;
        };
        let method = readable_call(&format!("{}.{}{}", info.class, info.name, info.descriptor));
        let to = code_location(host, caller.method, caller.pc);
        let mark = self.mark(Origin::Returned(method, to, (attr & !MARK_MASK) as usize));
        host.set_stack_attr(0, mark);
    }

    /// How the `null` marked `attr` came to be, oldest step first.
    fn history(&self, attr: i64) -> Vec<String> {
        let mut steps = Vec::new();
        let mut at = (attr & MARK_MASK == MARK).then_some((attr & !MARK_MASK) as usize);
        while let Some(origin) = at.and_then(|i| self.origins.get(i)) {
            steps.push(origin.text());
            at = match origin {
                Origin::Returned(_, _, from) => Some(*from),
                _ => None,
            };
        }
        steps.reverse();
        steps
    }

    fn thrown(&mut self, host: &HostRef<'_, '_>, event: &Event<'_>) {
        if event.text.as_str() != "java.lang.NullPointerException" {
            return;
        }
        self.explained = match self.pending.take() {
            Some((thread, method, pc, what, attr)) if thread == event.thread => {
                let at = code_location(host, method, pc);
                let history = self.history(attr);
                let mut text = format!("NullPointerException at {at}:\n  {what} on null\n");
                if history.is_empty() {
                    text.push_str("  where the null came from is not known (no code the tracker saw made it)\n");
                } else {
                    text.push_str("  the null came from:\n");
                    for step in &history {
                        text.push_str("    ");
                        text.push_str(step);
                        text.push('\n');
                    }
                }
                let json = json!({ "at": at, "use": what, "origin": history });
                Some((text, json))
            }
            _ => None,
        };
    }
}

impl Listener for NullTracker {
    fn new(_config: &ConfigView) -> Result<Self, String> {
        Ok(NullTracker {
            insns: HashMap::new(),
            origins: Vec::new(),
            numbers: HashMap::new(),
            pending: None,
            explained: None,
            found: Findings::default(),
        })
    }

    fn subscriptions(&self) -> EventMask {
        EventMask::of(&[
            EventKind::InstructionExecuting,
            EventKind::InstructionExecuted,
            EventKind::ExceptionThrown,
            EventKind::PropertyViolated,
        ])
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        match event.kind {
            EventKind::InstructionExecuting => self.executing(host, event),
            EventKind::InstructionExecuted => self.executed(host, event),
            EventKind::ExceptionThrown => self.thrown(host, event),
            EventKind::PropertyViolated if event.text.contains("NullPointerException") => {
                if let Some((text, json)) = self.explained.take() {
                    self.found.push(text, json);
                }
            }
            _ => {}
        }
    }

    fn report(&mut self) -> Option<String> {
        self.found.report()
    }

    fn report_json(&mut self) -> Option<String> {
        self.found.json("null_pointer_exceptions")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_read_as_java_writes_them() {
        assert_eq!(
            readable_call("a.Robot.processSequence(Ljava/lang/String;I)V"),
            "Robot.processSequence(String, int)"
        );
        assert!(returns_reference("a.B.get(I)Ljava/lang/Object;"));
        assert!(returns_reference("a.B.all()[I"));
        assert!(!returns_reference("a.B.size()I"));
    }
}
