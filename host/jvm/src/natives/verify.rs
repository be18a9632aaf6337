//! The Verify API (`gov.nasa.jpf.vm.Verify`), SV-COMP's `Verifier`, and optionally
//! `java.util.Random` as sources of data choices.
//!
//! Each choice native has a top half (register a ChoiceGenerator, end the transition) and a
//! bottom half (re-executed first in the next transition: return the chosen value). Outside
//! the model checker (`rpf run`) a choice returns its first value.

use crate::flow::{NativeExit, Unsupported};
use crate::heap::ObjData;
use crate::machine::{Choice, Machine};
use crate::natives::registry::NativeRegistry;
use crate::natives::support::{jbool, throw, Args};
use crate::thread::Exec;
use crate::value::Value;
use crate::vm::Jvm;
use crate::vm::Vm;

const V: &str = "gov/nasa/jpf/vm/Verify";
const S: &str = "org/sosy_lab/sv_benchmarks/Verifier";

/// Top or bottom half of a choice among `choices`, identified by `id`.
fn choose<M: Machine>(
    vm: &mut Vm<M>,
    id: &str,
    choices: Vec<Choice>,
) -> Result<Choice, NativeExit> {
    if let Some(c) = M::chosen(vm, id) {
        return Ok(c);
    }
    if choices.is_empty() {
        return throw(
            "java/lang/IllegalArgumentException",
            format!("{id}: no choices"),
        );
    }
    M::choose(vm, id, choices)
}

fn int_value(c: Choice) -> Value {
    match c {
        Choice::Int(v) => Value::Int(v),
        Choice::Bool(b) => jbool(b),
        Choice::Long(v) => Value::Int(v as i32),
        Choice::Double(v) => Value::Int(v as i32),
        Choice::Thread(t) => Value::Int(t as i32),
    }
}

fn range(min: i32, max: i32) -> Result<Vec<Choice>, NativeExit> {
    if min > max {
        return throw(
            "java/lang/IllegalArgumentException",
            format!("empty range [{min}, {max}]"),
        );
    }
    if i64::from(max) - i64::from(min) > 10_000_000 {
        return throw(
            "java/lang/IllegalArgumentException",
            format!("range [{min}, {max}] is too large to enumerate"),
        );
    }
    Ok((min..=max).map(Choice::Int).collect())
}

fn booleans(false_first: bool) -> Vec<Choice> {
    if false_first {
        vec![Choice::Bool(false), Choice::Bool(true)]
    } else {
        vec![Choice::Bool(true), Choice::Bool(false)]
    }
}

fn array_choices(vm: &Jvm, array: crate::value::Ref) -> Result<Vec<Choice>, NativeExit> {
    match vm.state.heap.get(array).map(|o| &o.data) {
        Some(ObjData::Ints(a)) => Ok(a.iter().map(|&v| Choice::Int(v)).collect()),
        Some(ObjData::Longs(a)) => Ok(a.iter().map(|&v| Choice::Long(v)).collect()),
        Some(ObjData::Doubles(a)) => Ok(a.iter().map(|&v| Choice::Double(v)).collect()),
        _ => super::support::npe(),
    }
}

fn heuristic<M: Machine>(
    vm: &mut Vm<M>,
    name_ref: crate::value::Ref,
    what: &str,
) -> Result<Choice, NativeExit> {
    let name = super::support::string_arg(vm, name_ref)?;
    let id = format!("{what}({name})");
    if let Some(c) = M::chosen(vm, &id) {
        return Ok(c);
    }
    match M::named_choices(vm, &name) {
        Some(Ok(c)) => choose(vm, &id, c),
        Some(Err(message)) => Err(NativeExit::Unsupported(Unsupported::Setting(message))),
        None => Err(NativeExit::Unsupported(Unsupported::Setting(format!(
            "Verify.{what}(\"{name}\") needs a heuristic ChoiceGenerator: configure {name}.class (for example {name}.class=gov.nasa.jpf.vm.choice.IntIntervalGenerator with {name}.min/{name}.max, or gov.nasa.jpf.vm.choice.DoubleChoiceFromSet with {name}.values)"
        )))),
    }
}

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    r.add(V, "getInt", "(II)I", |vm, _, a| {
        let choices = range(a.int(0), a.int(1))?;
        Ok(int_value(choose(vm, "verifyGetInt", choices)?))
    });
    r.add(V, "random", "(I)I", |vm, _, a| {
        let choices = range(0, a.int(0))?;
        Ok(int_value(choose(vm, "verifyRandom", choices)?))
    });
    r.add(V, "getBoolean", "()Z", |vm, _, _| {
        Ok(int_value(choose(vm, "verifyGetBoolean", booleans(true))?))
    });
    r.add(V, "getBoolean", "(Z)Z", |vm, _, a| {
        Ok(int_value(choose(
            vm,
            "verifyGetBoolean",
            booleans(a.bool(0)),
        )?))
    });
    r.add(V, "randomBool", "()Z", |vm, _, _| {
        Ok(int_value(choose(vm, "verifyRandomBool", booleans(true))?))
    });
    r.add(V, "getIntFromList", "([I)I", |vm, _, a| {
        let choices = array_choices(vm, a.obj(0))?;
        Ok(int_value(choose(vm, "verifyGetIntFromList", choices)?))
    });
    r.add(V, "getLongFromList", "([J)J", |vm, _, a| {
        let choices = array_choices(vm, a.obj(0))?;
        match choose(vm, "verifyGetLongFromList", choices)? {
            Choice::Long(v) => Ok(Value::Long(v)),
            other => Ok(Value::Long(int_value(other).as_int().into())),
        }
    });
    r.add(V, "getDoubleFromList", "([D)D", |vm, _, a| {
        let choices = array_choices(vm, a.obj(0))?;
        match choose(vm, "verifyGetDoubleFromList", choices)? {
            Choice::Double(v) => Ok(Value::Double(v)),
            other => Ok(Value::Double(int_value(other).as_int().into())),
        }
    });
    r.add(V, "getInt", "(Ljava/lang/String;)I", |vm, _, a| {
        let c = heuristic(vm, a.obj(0), "getInt")?;
        Ok(int_value(c))
    });
    r.add(
        V,
        "getDouble",
        "(Ljava/lang/String;)D",
        |vm, _, a| match heuristic(vm, a.obj(0), "getDouble")? {
            Choice::Double(v) => Ok(Value::Double(v)),
            other => Ok(Value::Double(int_value(other).as_int().into())),
        },
    );
    r.add(V, "ignoreIf", "(Z)V", |_, _, a| {
        if a.bool(0) && M::EXPLORES {
            return Err(NativeExit::Prune);
        }
        Ok(Value::Void)
    });
    r.add(V, "beginAtomic", "()V", |vm, _, _| {
        // Other threads may run before a section starts, as before any instruction (a
        // section right after `Thread.start` would otherwise keep the new thread out).
        if M::EXPLORES && vm.state.atomic_depth == 0 && M::scheduling_point(vm, "beginAtomic") {
            return Err(NativeExit::Choice);
        }
        vm.state.atomic_depth += 1;
        Ok(Value::Void)
    });
    r.add(V, "endAtomic", "()V", |vm, _, _| {
        vm.state.atomic_depth = vm.state.atomic_depth.saturating_sub(1);
        Ok(Value::Void)
    });
    r.add(V, "breakTransition", "(Ljava/lang/String;)V", |vm, _, _| {
        if M::EXPLORES && M::scheduling_point(vm, "breakTransition") {
            return Err(NativeExit::Choice);
        }
        Ok(Value::Void)
    });
    r.add(V, "isRunningInJPF", "()Z", |_, _, _| Ok(jbool(true)));

    r.add(S, "assume", "(Z)V", |_, _, a| {
        if !a.bool(0) {
            if M::EXPLORES {
                return Err(NativeExit::Prune);
            }
            return Err(NativeExit::Unsupported(Unsupported::Feature(
                "Verifier.assume(false) outside the model checker".into(),
            )));
        }
        Ok(Value::Void)
    });
    r.add(S, "nondetBoolean", "()Z", |vm, _, _| {
        Ok(int_value(choose(vm, "nondetBoolean", booleans(true))?))
    });
    for (name, desc) in [
        ("nondetByte", "()B"),
        ("nondetChar", "()C"),
        ("nondetShort", "()S"),
        ("nondetInt", "()I"),
        ("nondetLong", "()J"),
        ("nondetFloat", "()F"),
        ("nondetDouble", "()D"),
        // nondetString() is Java code over nondetBoolean and nondetChar, bounded by this.
        ("stringBound", "()I"),
    ] {
        r.add(S, name, desc, |_, _: &mut Exec, _| {
            Err(NativeExit::Unsupported(Unsupported::Feature(
                "values of this type need symbolic execution: the symbolic plugin (rpf.Symbolic) executes every Verifier.nondet* input".into(),
            )))
        });
    }

    r.add("java/util/Random", "nextInt", "(I)I", |vm, _, a| {
        if !M::enumerate_random(vm) {
            return Err(NativeExit::Bytecode);
        }
        let bound = a.int(1);
        if bound <= 0 {
            return throw(
                "java/lang/IllegalArgumentException",
                "bound must be positive",
            );
        }
        let choices = range(0, bound - 1)?;
        Ok(int_value(choose(vm, "randomNextInt", choices)?))
    });
    r.add("java/util/Random", "nextBoolean", "()Z", |vm, _, _| {
        if !M::enumerate_random(vm) {
            return Err(NativeExit::Bytecode);
        }
        Ok(int_value(choose(vm, "randomNextBoolean", booleans(true))?))
    });
}
