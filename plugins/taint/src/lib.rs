//! `rpf.TaintTracker`: a bytecode factory that tracks values from *source* methods to
//! *sink* methods with attributes.
//!
//! The value a source returns (`taint.sources`, `pkg.Class.method` names) gets an
//! attribute; the host moves attributes with values through locals, fields, arrays, calls
//! and returns; this factory overrides integer and long arithmetic so that results of
//! tainted operands stay tainted; and a call of a sink (`taint.sinks`) with a tainted
//! argument is a violation of kind `taint`. It shows the bytecode-factory hook symbolic
//! execution builds on: intercepted instructions, operands with their attributes, and
//! replaced execution.

use rpf_plugin_api::{
    bytecode_factory, code_location, parameter_types, BytecodeFactory, ConfigView, Execution,
    FrameInfo, HostRef, InsnInfo, JValue,
};

/// Binary arithmetic the factory executes itself (division is left to the VM, which
/// throws on zero divisors).
const ARITHMETIC: &[&str] = &[
    "iadd", "isub", "imul", "iand", "ior", "ixor", "ladd", "lsub", "lmul", "land", "lor", "lxor",
];

/// Value-returning instructions (sources taint what they return).
const RETURNS: &[&str] = &["ireturn", "lreturn", "freturn", "dreturn", "areturn"];

/// Call instructions (sinks are checked before the call).
const CALLS: &[&str] = &[
    "invokevirtual",
    "invokespecial",
    "invokestatic",
    "invokeinterface",
];

struct TaintTracker {
    sources: Vec<String>,
    sinks: Vec<String>,
}

/// The attribute of values derived from source `i` (bit per source, up to 62).
fn source_bit(i: usize) -> i64 {
    1 << i.min(62)
}

/// Applies a binary operation with Java semantics.
fn compute(op: &str, a: JValue, b: JValue) -> Option<JValue> {
    Some(match (a, b) {
        (JValue::Int(x), JValue::Int(y)) => JValue::Int(match op {
            "iadd" => x.wrapping_add(y),
            "isub" => x.wrapping_sub(y),
            "imul" => x.wrapping_mul(y),
            "iand" => x & y,
            "ior" => x | y,
            _ => x ^ y,
        }),
        (JValue::Long(x), JValue::Long(y)) => JValue::Long(match op {
            "ladd" => x.wrapping_add(y),
            "lsub" => x.wrapping_sub(y),
            "lmul" => x.wrapping_mul(y),
            "land" => x & y,
            "lor" => x | y,
            _ => x ^ y,
        }),
        _ => return None,
    })
}

impl TaintTracker {
    /// Names of the sources whose bits are in `attr`.
    fn origins(&self, attr: i64) -> String {
        self.sources
            .iter()
            .enumerate()
            .filter(|(i, _)| attr & source_bit(*i) != 0)
            .map(|(_, s)| s.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn check_sink(&self, host: &mut HostRef<'_, '_>, at: &FrameInfo, insn: &InsnInfo) {
        let member = insn.member.as_str();
        let Some(sink) = self.sinks.iter().find(|s| {
            member
                .strip_prefix(s.as_str())
                .is_some_and(|r| r.starts_with('('))
        }) else {
            return;
        };
        let n = parameter_types(member).len();
        for from_top in 0..n {
            let attr = host.stack_attr(from_top as u32);
            if attr != 0 {
                let message = format!(
                    "tainted value from {} reaches {sink} (argument {}) at {}",
                    self.origins(attr),
                    n - from_top,
                    code_location(host, at.method, at.pc)
                );
                host.report_violation("taint".into(), message.as_str().into());
                return;
            }
        }
    }
}

impl BytecodeFactory for TaintTracker {
    fn new(config: &ConfigView) -> Result<Self, String> {
        let sources = config.list("taint.sources");
        let sinks = config.list("taint.sinks");
        if sources.is_empty() || sinks.is_empty() {
            return Err(
                "taint.sources and taint.sinks must name methods (pkg.Class.method)".into(),
            );
        }
        Ok(TaintTracker { sources, sinks })
    }

    fn instructions(&self) -> Vec<String> {
        ARITHMETIC
            .iter()
            .chain(RETURNS)
            .chain(CALLS)
            .map(|s| s.to_string())
            .collect()
    }

    fn execute(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        insn: &InsnInfo,
    ) -> Execution {
        let m = insn.mnemonic.as_str();
        if RETURNS.contains(&m) {
            if let Some(info) = host.method_info(at.method).into_option() {
                let name = format!("{}.{}", info.class, info.name);
                if let Some(i) = self.sources.iter().position(|s| *s == name) {
                    let attr = host.stack_attr(0) | source_bit(i);
                    host.set_stack_attr(0, attr);
                }
            }
            return Execution::Default;
        }
        if CALLS.contains(&m) {
            self.check_sink(host, at, insn);
            return Execution::Default;
        }
        let attr = host.stack_attr(0) | host.stack_attr(1);
        if attr == 0 {
            return Execution::Default;
        }
        let b = host.pop();
        let a = host.pop();
        match compute(m, a, b) {
            Some(result) => {
                host.push(result);
                host.set_stack_attr(0, attr);
                Execution::Next
            }
            None => {
                host.push(a);
                host.push(b);
                Execution::Default
            }
        }
    }
}

rpf_plugin_api::export_plugin!("rpf-plugin-taint", [
    bytecode_factory::<TaintTracker>(
        "rpf.TaintTracker",
        &[],
        "tracks values of taint.sources methods to taint.sinks methods through attributes (kind taint)",
    ),
]);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_follows_java() {
        assert_eq!(
            compute("iadd", JValue::Int(i32::MAX), JValue::Int(1)),
            Some(JValue::Int(i32::MIN))
        );
        assert_eq!(
            compute("lxor", JValue::Long(6), JValue::Long(3)),
            Some(JValue::Long(5))
        );
        assert_eq!(compute("iadd", JValue::Int(1), JValue::Long(1)), None);
    }
}
