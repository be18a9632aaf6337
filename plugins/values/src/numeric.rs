//! `rpf.NumericValueChecker`: values stored into the fields and local variables that
//! `range.fields` and `range.vars` name must lie within their ranges and be finite, and
//! with `range.check_nan` every floating-point store of application code must be finite.
//!
//! Fields are checked before `putfield`/`putstatic` (the value is the operand stack top),
//! locals after their store instruction (the local then holds the value). Which
//! instructions of a method are checked, and the names of the locals they store, are
//! worked out once per method so that instruction events stay cheap.

use std::collections::HashMap;

use rpf_plugin_api::{
    code_location, ConfigView, Event, EventKind, EventMask, HostRef, InsnInfo, JValue, Listener,
};

use crate::spec::{java_parameters, non_finite, show, Specs};

/// A checked store instruction of application code.
enum Site {
    /// `putfield`/`putstatic`: which field it writes is looked up when it runs (the
    /// declaring class is only known once the reference is resolved).
    Field,
    /// A store into a local variable.
    Local {
        slot: u32,
        /// `pkg.Class.method(types):name` for messages (`#slot` for unnamed locals).
        what: String,
        /// The `range.vars` entry naming the variable (else only finiteness is checked).
        spec: Option<usize>,
    },
}

/// The numeric value checker.
pub struct NumericValueChecker {
    specs: Specs,
    /// Checked stores of each method by instruction index; `None` for the class library.
    methods: HashMap<u32, Option<HashMap<u32, Site>>>,
}

/// The local variable slot an `xstore` or `iinc` instruction writes (reference stores are
/// not numeric).
fn stored_slot(insn: &InsnInfo) -> Option<u32> {
    let mnemonic = insn.mnemonic.as_str();
    if mnemonic == "iinc" {
        return insn.operands.first().and_then(|&s| u32::try_from(s).ok());
    }
    let (kind, rest) = mnemonic.split_at_checked(1)?;
    if !matches!(kind, "i" | "l" | "f" | "d") {
        return None;
    }
    match rest.strip_prefix("store")? {
        "" => insn.text.split_whitespace().nth(1)?.parse().ok(),
        short => short.strip_prefix('_')?.parse().ok(),
    }
}

/// The checked stores of `method`; `None` if it belongs to the class library.
fn sites(host: &HostRef<'_, '_>, specs: &Specs, method: u32) -> Option<HashMap<u32, Site>> {
    let info = host.method_info(method).into_option()?;
    if info.system {
        return None;
    }
    let parameters = java_parameters(&info.descriptor).join(",");
    let label = format!("{}.{}({parameters})", info.class, info.name);
    let vars: Vec<usize> = (0..specs.vars.len())
        .filter(|&i| specs.vars[i].applies_to(&info.class, &info.name, &parameters))
        .collect();
    let fields = !specs.fields.is_empty() || specs.check_nan;
    let mut sites = HashMap::new();
    for pc in 0..info.instructions {
        let Some(insn) = host.instruction(method, pc).into_option() else {
            continue;
        };
        if matches!(insn.mnemonic.as_str(), "putfield" | "putstatic") {
            if fields {
                sites.insert(pc, Site::Field);
            }
            continue;
        }
        let Some(slot) = stored_slot(&insn) else {
            continue;
        };
        // A variable's scope usually begins after its first store.
        let name = host
            .local_name(method, pc + 1, slot)
            .into_option()
            .or_else(|| host.local_name(method, pc, slot).into_option());
        let spec = name.as_ref().and_then(|n| {
            vars.iter()
                .copied()
                .find(|&i| specs.vars[i].name == n.as_str())
        });
        let floating = insn.mnemonic.starts_with(['f', 'd']);
        if spec.is_some() || (floating && specs.check_nan) {
            let what = match name {
                Some(n) => format!("{label}:{n}"),
                None => format!("{label}:#{slot}"),
            };
            sites.insert(pc, Site::Local { slot, what, spec });
        }
    }
    Some(sites)
}

impl NumericValueChecker {
    /// What is wrong with storing `value` into field `member` (`pkg.Class.field`).
    fn field_problem(&self, member: &str, value: JValue) -> Option<String> {
        let mut named = self
            .specs
            .fields
            .iter()
            .filter(|f| f.matches(member))
            .peekable();
        if named.peek().is_none() {
            return if self.specs.check_nan {
                non_finite(value)
            } else {
                None
            };
        }
        named.find_map(|f| f.range.violation(value))
    }
}

impl Listener for NumericValueChecker {
    fn new(config: &ConfigView) -> Result<Self, String> {
        Ok(NumericValueChecker {
            specs: Specs::from_config(config)?,
            methods: HashMap::new(),
        })
    }

    fn subscriptions(&self) -> EventMask {
        let mut kinds = Vec::new();
        if !self.specs.fields.is_empty() || self.specs.check_nan {
            kinds.push(EventKind::InstructionExecuting);
        }
        if !self.specs.vars.is_empty() || self.specs.check_nan {
            kinds.push(EventKind::InstructionExecuted);
        }
        EventMask::of(&kinds)
    }

    fn on_event(&mut self, host: &mut HostRef<'_, '_>, event: &Event<'_>) {
        let sites = self
            .methods
            .entry(event.method)
            .or_insert_with(|| sites(host, &self.specs, event.method));
        let Some(site) = sites.as_ref().and_then(|s| s.get(&event.pc)) else {
            return;
        };
        let (what, value, problem) = match (event.kind, site) {
            (EventKind::InstructionExecuting, Site::Field) => {
                let Some(insn) = host.instruction(event.method, event.pc).into_option() else {
                    return;
                };
                let value = host.stack_value(event.thread, 0);
                let problem = self.field_problem(&insn.member, value);
                (insn.member.into_string(), value, problem)
            }
            // `value` is -1 if the store did not complete in this frame.
            (EventKind::InstructionExecuted, Site::Local { slot, what, spec })
                if event.value >= 0 =>
            {
                let value = host.local(event.thread, 0, *slot);
                let problem = match spec {
                    Some(i) => self.specs.vars[*i].range.violation(value),
                    None => non_finite(value),
                };
                (what.clone(), value, problem)
            }
            _ => return,
        };
        if let Some(problem) = problem {
            let message = format!(
                "{what} = {} {problem} at {}",
                show(value),
                code_location(host, event.method, event.pc)
            );
            host.report_violation("numeric_range".into(), message.as_str().into());
            // The error state is the one the store leads to, not the end of a long
            // transition that runs on.
            host.break_transition();
        }
    }
}
