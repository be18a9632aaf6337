//! `rpf.StopWatchFuzzer`: explores both sides of branches on elapsed time.
//!
//! The checker's clock only moves when a timed wait times out, so `if (end - start > 1000)`
//! after some computation always sees 0. The fuzzer marks the values
//! `System.currentTimeMillis()` (and, unlike JPF's, `System.nanoTime()`) return to
//! application code with an attribute, keeps the mark on the results of `ladd` and `lsub`
//! (the host moves attributes through loads, stores, fields, arrays, calls and returns,
//! but not through arithmetic), and turns an `lcmp` of application code with a marked
//! operand into a choice over its three results, -1, 0 and 1.

use std::collections::{BTreeSet, HashMap};

use rpf_plugin_api::{
    code_location, ChoiceKind, ConfigView, Event, EventKind, EventMask, HostRef, JValue, Listener,
};

/// The attribute of clock readings and of values computed from them.
const MARK: i64 = 0x5354_4f50; // "STOP"

/// The id of the ChoiceGenerator over an `lcmp`'s result.
const CHOICE: &str = "LCMP_fuzzer";

/// The clock methods whose results are marked, as invocations name them.
const CLOCKS: &[&str] = &[
    "java.lang.System.currentTimeMillis()J",
    "java.lang.System.nanoTime()J",
];

/// What an instruction of application code means to the fuzzer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    /// A call of a clock method.
    Clock,
    /// `ladd` or `lsub`: the result of a marked operand is marked.
    Arithmetic,
    /// `lcmp`: fuzzed when an operand is marked.
    Compare,
}

/// The stop watch fuzzer.
pub struct StopWatchFuzzer {
    /// The instructions that matter in each method; `None` for the class library.
    methods: HashMap<u32, Option<HashMap<u32, Op>>>,
    /// The `ladd`/`lsub` about to execute with a marked operand (thread, method, pc).
    marked_arithmetic: Option<(u32, u32, u32)>,
    /// The `lcmp` instructions turned into choices, as code locations.
    fuzzed: BTreeSet<String>,
}

/// The instructions of `method` that matter; `None` if it belongs to the class library.
fn ops(host: &HostRef<'_, '_>, method: u32) -> Option<HashMap<u32, Op>> {
    let info = host.method_info(method).into_option()?;
    if info.system {
        return None;
    }
    let ops = (0..info.instructions)
        .filter_map(|pc| {
            let insn = host.instruction(method, pc).into_option()?;
            let op = match insn.mnemonic.as_str() {
                "ladd" | "lsub" => Op::Arithmetic,
                "lcmp" => Op::Compare,
                "invokestatic" if CLOCKS.contains(&insn.member.as_str()) => Op::Clock,
                _ => return None,
            };
            Some((pc, op))
        })
        .collect();
    Some(ops)
}

impl StopWatchFuzzer {
    /// Before an `lcmp`: at the start of the transition its choice opened, replaces the
    /// operands by two whose comparison is the chosen result; else, with a marked operand,
    /// registers the choice (the transition ends and `lcmp` runs again once per result).
    fn compare(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        // The host answers only while the re-executed instruction is the transition's
        // first, so the choice is consumed once; the operands pushed carry no mark.
        if let Some(JValue::Int(chosen)) = host
            .current_choice(CHOICE.into(), ChoiceKind::Int)
            .into_option()
        {
            host.pop();
            host.pop();
            host.push(JValue::Long(i64::from(chosen)));
            host.push(JValue::Long(0));
        } else if host.stack_attr(0) == MARK || host.stack_attr(1) == MARK {
            let values = [-1, 0, 1].map(JValue::Int).into_iter().collect();
            host.register_choice(CHOICE.into(), values);
            self.fuzzed
                .insert(code_location(host, event.method, event.pc));
        }
    }
}

impl Listener for StopWatchFuzzer {
    fn new(_config: &ConfigView) -> Result<Self, String> {
        Ok(StopWatchFuzzer {
            methods: HashMap::new(),
            marked_arithmetic: None,
            fuzzed: BTreeSet::new(),
        })
    }

    fn subscriptions(&self) -> EventMask {
        EventMask::of(&[
            EventKind::InstructionExecuting,
            EventKind::InstructionExecuted,
        ])
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        let op = self
            .methods
            .entry(event.method)
            .or_insert_with(|| ops(host, event.method))
            .as_ref()
            .and_then(|ops| ops.get(&event.pc).copied());
        let Some(op) = op else {
            return;
        };
        let site = (event.thread, event.method, event.pc);
        // `value` of an executed instruction is the next pc in the same frame.
        let completed = event.value == i64::from(event.pc) + 1;
        match (event.kind, op) {
            (EventKind::InstructionExecuting, Op::Compare) => self.compare(host, event),
            (EventKind::InstructionExecuting, Op::Arithmetic) => {
                let marked = host.stack_attr(0) == MARK || host.stack_attr(1) == MARK;
                self.marked_arithmetic = marked.then_some(site);
            }
            (EventKind::InstructionExecuted, _) => {
                // A marked `ladd`/`lsub` and a clock call leave a marked long on the stack.
                let marked = match op {
                    Op::Arithmetic => self.marked_arithmetic.take() == Some(site),
                    Op::Clock => matches!(host.stack_value(event.thread, 0), JValue::Long(_)),
                    Op::Compare => false,
                };
                if marked && completed {
                    host.set_stack_attr(0, MARK);
                }
            }
            _ => {}
        }
    }

    fn report(&mut self) -> Option<String> {
        let mut text = format!("lcmp sites fuzzed: {}", self.fuzzed.len());
        for site in &self.fuzzed {
            text.push_str(&format!("\n  {site}"));
        }
        Some(text)
    }

    fn report_json(&mut self) -> Option<String> {
        let json = serde_json::json!({
            "fuzzed_sites": self.fuzzed.len(),
            "sites": self.fuzzed,
        });
        Some(json.to_string())
    }
}
