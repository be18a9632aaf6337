//! `rpf.Symbolic`: symbolic execution of integer and floating-point inputs (seed 002),
//! bit-precise on Z3.
//!
//! Inputs (`Verifier.nondetInt()` and its `byte`/`short`/`char`/`long`/`float`/`double`
//! siblings) are symbolic: the VM carries an arbitrary concrete value, and the value's
//! attribute names an expression over input variables. This bytecode factory executes every
//! instruction that computes with such a value: arithmetic builds expressions with Java's
//! semantics (two's complement wrap-around, truncating division, masked shift distances,
//! casts; IEEE 754 rounding, NaN and signed zeros, `fmod`, saturating casts), and a
//! branch, switch, zero test of a divisor or array index asks the solver which outcomes the
//! current path condition allows. One feasible outcome is simply taken; several become a
//! ChoiceGenerator, and each choice extends the path condition. The path condition is the
//! path attribute, so it is restored on backtracking and two states match only when their
//! path conditions are the same. Where a value must become concrete (a native method's
//! argument, an array length) it takes a solution of the path condition, which records the
//! equality; when that drops other solutions the run is declared incomplete.
//!
//! Methods named in `symbolic.method` (SPF's key) get symbolic `sym` parameters at each
//! call; every path through them is summarized (condition, solution, return value or
//! exception) in the report and, with `symbolic.tests.dir`, as JUnit 5 tests. With
//! `symbolic.lazy`, their reference inputs are built lazily (generalized symbolic execution).

mod boxes;
mod expr;
mod float;
mod fp;
mod ieee;
mod junit;
mod lazy;
mod library;
mod machine;
mod methods;
mod solver;
mod structure;

use rpf_plugin_api::{bytecode_factory, BytecodeFactory, ConfigView, Execution, FrameInfo};
use rpf_plugin_api::{Event, EventKind, EventMask, HostRef, InsnInfo};

pub use machine::Symbolic;

impl BytecodeFactory for Symbolic {
    fn new(config: &ConfigView) -> Result<Self, String> {
        Symbolic::configured(config)
    }

    fn instructions(&self) -> Vec<String> {
        // Field reads matter only to lazy initialization.
        let lazy: &[&str] = if self.lazy.is_some() {
            &["getfield"]
        } else {
            &[]
        };
        machine::INTERCEPTED
            .iter()
            .chain(float::INTERCEPTED)
            .chain(lazy)
            .map(|s| s.to_string())
            .collect()
    }

    fn execute(
        &mut self,
        host: &mut HostRef<'_, '_>,
        at: &FrameInfo,
        insn: &InsnInfo,
    ) -> Execution {
        // Floating-point instructions and lazy initialization's field reads have their own
        // modules; everything else is the machine's.
        if float::handles(insn.mnemonic.as_str()) {
            self.float_step(host, at, insn.mnemonic.as_str())
        } else if insn.mnemonic.as_str() == "getfield" {
            self.lazy_getfield(host, at, insn)
        } else {
            self.step(host, at, insn)
        }
    }

    fn subscriptions(&self) -> EventMask {
        // How analysed methods end by an exception.
        if self.methods.targets.is_empty() {
            EventMask::NONE
        } else {
            EventMask::of(&[EventKind::ExceptionThrown, EventKind::MethodExited])
        }
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        self.exited(host, event);
    }

    fn describe_path(&mut self, host: &mut HostRef<'_, '_>) -> Vec<String> {
        self.inputs(host)
    }

    fn confirmation(&mut self, _host: &mut HostRef<'_, '_>) -> Vec<String> {
        Symbolic::confirmation(self)
    }

    fn report(&mut self) -> Option<String> {
        Some(self.report_text())
    }

    fn report_json(&mut self) -> Option<String> {
        Some(self.report_value().to_string())
    }
}

rpf_plugin_api::export_plugin!(
    "rpf-plugin-symbolic",
    [bytecode_factory::<Symbolic>(
        "rpf.Symbolic",
        &["gov.nasa.jpf.symbc.SymbolicInstructionFactory"],
        "symbolic execution of Verifier.nondet* integer and floating-point inputs, bit-precise on Z3",
    ),]
);
