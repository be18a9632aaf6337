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
use crate::value::{Ref, Value};
use crate::vm::Jvm;
use crate::vm::Vm;

const V: &str = "gov/nasa/jpf/vm/Verify";
const S: &str = "org/sosy_lab/sv_benchmarks/Verifier";

/// The value `Verify.getValue` gives for a key never put (`Verify.NO_VALUE`).
const NO_VALUE: i32 = -1;

/// Java's `String.valueOf` of a string argument: its text, or `null`.
fn text_or_null(vm: &Jvm, s: Ref) -> Result<String, NativeExit> {
    if s.is_null() {
        Ok("null".into())
    } else {
        super::support::string_arg(vm, s)
    }
}

/// Writes `text` to rpf's standard output, as the program's own output shows.
fn print(vm: &mut Jvm, text: &str) -> Result<Value, NativeExit> {
    // A closed stdout is the reader's choice, as for the program's own output.
    let _ = vm.io.write(1, text.as_bytes());
    Ok(Value::Void)
}

/// Whether the caller of the method that called `Verify.isCalledFromClass` runs code of
/// class `name` (internal name) or a subclass; false for a class not loaded.
fn called_from(vm: &Jvm, exec: &Exec, name: &str) -> bool {
    let Some(target) = vm.classes.lookup(name) else {
        return false;
    };
    let frames = &exec.frames;
    let Some(caller) = frames.len().checked_sub(2).map(|i| &frames[i]) else {
        return false;
    };
    let class = vm.classes.method(caller.method).class;
    vm.classes.is_assignable(class, target)
}

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
        Some(ObjData::Floats(a)) => Ok(a.iter().map(|&v| Choice::Double(v.into())).collect()),
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
    // The methods with no counterpart in rpf: each stops the check as unsupported, with the
    // method's name (added by the VM) and why.
    macro_rules! unsupported {
        ($($name:literal $desc:literal $why:expr;)*) => {
            $(r.add(V, $name, $desc, |_, _, _| {
                Err(NativeExit::Unsupported(Unsupported::Feature($why.into())))
            });)*
        };
    }
    const ATTRIBUTES: &str =
        "rpf's value attributes belong to plugins (bytecode factories), not to the program";
    const SHAREDNESS: &str =
        "rpf's partial order reduction decides sharedness itself, out of the program's sight";
    const SERIALIZATION: &str = "rpf does not support Java serialization";
    unsupported! {
        "getObject" "(Ljava/lang/String;)Ljava/lang/Object;" "rpf has no reference ChoiceGenerators";
        "createFromJSON" "(Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Object;"
            "rpf does not build objects from JSON";
        "printPathOutput" "(Ljava/lang/String;)V"
            "rpf keeps no per-path output; the program's output shows as it runs (vm.output)";
        "storeTrace" "(Ljava/lang/String;Ljava/lang/String;)V"
            "rpf saves the trace of the first error (report.trace.file), not one the program asks for";
        "addComment" "(Ljava/lang/String;)V" "rpf's traces hold no comments";
        "isShared" "(Ljava/lang/Object;)Z" SHAREDNESS;
        "setShared" "(Ljava/lang/Object;Z)V" SHAREDNESS;
        "freezeSharedness" "(Ljava/lang/Object;Z)V" SHAREDNESS;
        "setFieldAttribute" "(Ljava/lang/Object;Ljava/lang/String;I)V" ATTRIBUTES;
        "getFieldAttribute" "(Ljava/lang/Object;Ljava/lang/String;)I" ATTRIBUTES;
        "addFieldAttribute" "(Ljava/lang/Object;Ljava/lang/String;I)V" ATTRIBUTES;
        "getFieldAttributes" "(Ljava/lang/Object;Ljava/lang/String;)[I" ATTRIBUTES;
        "setLocalAttribute" "(Ljava/lang/String;I)V" ATTRIBUTES;
        "getLocalAttribute" "(Ljava/lang/String;)I" ATTRIBUTES;
        "addLocalAttribute" "(Ljava/lang/String;I)V" ATTRIBUTES;
        "getLocalAttributes" "(Ljava/lang/String;)[I" ATTRIBUTES;
        "setElementAttribute" "(Ljava/lang/Object;II)V" ATTRIBUTES;
        "getElementAttribute" "(Ljava/lang/Object;I)I" ATTRIBUTES;
        "addElementAttribute" "(Ljava/lang/Object;II)V" ATTRIBUTES;
        "getElementAttributes" "(Ljava/lang/Object;I)[I" ATTRIBUTES;
        "setObjectAttribute" "(Ljava/lang/Object;I)V" ATTRIBUTES;
        "getObjectAttribute" "(Ljava/lang/Object;)I" ATTRIBUTES;
        "addObjectAttribute" "(Ljava/lang/Object;I)V" ATTRIBUTES;
        "getObjectAttributes" "(Ljava/lang/Object;)[I" ATTRIBUTES;
        "setProperties" "([Ljava/lang/String;)V"
            "rpf reads its configuration before the program starts";
        "getProperty" "(Ljava/lang/String;)Ljava/lang/String;"
            "the program cannot read rpf's configuration";
        "writeObjectToFile" "(Ljava/lang/Object;Ljava/lang/String;)V" SERIALIZATION;
        "readObjectFromFile" "(Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Object;" SERIALIZATION;
    }
    r.add(V, "getFloatFromList", "([F)F", |vm, _, a| {
        let choices = array_choices(vm, a.obj(0))?;
        match choose(vm, "verifyGetFloatFromList", choices)? {
            Choice::Double(v) => Ok(Value::Float(v as f32)),
            other => Ok(Value::Float(int_value(other).as_int() as f32)),
        }
    });
    r.add(
        V,
        "breakTransition",
        "(Ljava/lang/String;II)I",
        |vm, _, a| {
            let choices = range(a.int(1), a.int(2))?;
            Ok(int_value(choose(vm, "verifyBreakTransition", choices)?))
        },
    );
    r.add(V, "terminateSearch", "()V", |vm, _, _| {
        M::terminate_search(vm);
        Ok(Value::Void)
    });
    r.add(V, "vmIsMatchingStates", "()Z", |_, _, _| {
        Ok(jbool(M::EXPLORES))
    });
    r.add(V, "getCounter", "(I)I", |vm, _, a| {
        let counters = &vm.verify_globals.counters;
        Ok(Value::Int(counters.get(&a.int(0)).copied().unwrap_or(0)))
    });
    r.add(V, "setCounter", "(II)V", |vm, _, a| {
        vm.verify_globals.counters.insert(a.int(0), a.int(1));
        Ok(Value::Void)
    });
    r.add(V, "incrementCounter", "(I)I", |vm, _, a| {
        let counter = vm.verify_globals.counters.entry(a.int(0)).or_insert(0);
        *counter = counter.wrapping_add(1);
        Ok(Value::Int(*counter))
    });
    r.add(V, "putValue", "(Ljava/lang/String;I)V", |vm, _, a| {
        let key = super::support::string_arg(vm, a.obj(0))?;
        vm.verify_globals.values.insert(key, a.int(1));
        Ok(Value::Void)
    });
    r.add(V, "getValue", "(Ljava/lang/String;)I", |vm, _, a| {
        let key = super::support::string_arg(vm, a.obj(0))?;
        let values = &vm.verify_globals.values;
        Ok(Value::Int(values.get(&key).copied().unwrap_or(NO_VALUE)))
    });
    r.add(V, "setBitInBitSet", "(IIZ)V", |vm, _, a| {
        if a.int(1) < 0 {
            return throw(
                "java/lang/IndexOutOfBoundsException",
                format!("bit {} < 0", a.int(1)),
            );
        }
        vm.verify_globals
            .bits
            .insert((a.int(0), a.int(1)), a.bool(2));
        Ok(Value::Void)
    });
    r.add(V, "getBitInBitSet", "(II)Z", |vm, _, a| {
        if a.int(1) < 0 {
            return throw(
                "java/lang/IndexOutOfBoundsException",
                format!("bit {} < 0", a.int(1)),
            );
        }
        let bits = &vm.verify_globals.bits;
        Ok(jbool(
            bits.get(&(a.int(0), a.int(1))).copied().unwrap_or(false),
        ))
    });
    r.add(V, "setHeuristicSearchValue", "(I)V", |vm, _, a| {
        vm.verify_globals.heuristic = a.int(0);
        Ok(Value::Void)
    });
    r.add(V, "getHeuristicSearchValue", "()I", |vm, _, _| {
        Ok(Value::Int(vm.verify_globals.heuristic))
    });
    r.add(V, "print", "(Ljava/lang/String;)V", |vm, _, a| {
        let text = text_or_null(vm, a.obj(0))?;
        print(vm, &text)
    });
    r.add(V, "println", "(Ljava/lang/String;)V", |vm, _, a| {
        let text = text_or_null(vm, a.obj(0))? + "\n";
        print(vm, &text)
    });
    r.add(
        V,
        "log",
        "(Ljava/lang/String;ILjava/lang/String;)V",
        |vm, _, a| {
            let logger = text_or_null(vm, a.obj(0))?;
            let message = text_or_null(vm, a.obj(2))?;
            match a.int(1) {
                i32::MIN..=1 => tracing::error!(logger, "{message}"),
                2 => tracing::warn!(logger, "{message}"),
                3 => tracing::info!(logger, "{message}"),
                4 => tracing::debug!(logger, "{message}"),
                _ => tracing::trace!(logger, "{message}"),
            }
            Ok(Value::Void)
        },
    );
    r.add(
        V,
        "isCalledFromClass",
        "(Ljava/lang/String;)Z",
        |vm, exec, a| {
            let name = super::support::string_arg(vm, a.obj(0))?.replace('.', "/");
            Ok(jbool(called_from(vm, exec, &name)))
        },
    );

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

#[cfg(test)]
mod tests {
    use crate::classfile::ClassFile;
    use crate::classpath::ClassPath;

    /// Every public static method of jpf-core's `gov.nasa.jpf.vm.Verify` (name and
    /// descriptor): a program compiled against JPF's jar finds each one in rpf.
    const JPF_VERIFY: &[&str] = &[
        "addComment(Ljava/lang/String;)V",
        "addElementAttribute(Ljava/lang/Object;II)V",
        "addFieldAttribute(Ljava/lang/Object;Ljava/lang/String;I)V",
        "addLocalAttribute(Ljava/lang/String;I)V",
        "addObjectAttribute(Ljava/lang/Object;I)V",
        "assertTrue(Ljava/lang/String;Z)V",
        "assertTrue(Z)V",
        "atLabel(I)V",
        "atLabel(Ljava/lang/String;)V",
        "beginAtomic()V",
        "boring(Z)V",
        "breakTransition(Ljava/lang/String;)V",
        "breakTransition(Ljava/lang/String;II)I",
        "busyWait(J)V",
        "createFromJSON(Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Object;",
        "currentTimeMillis()J",
        "endAtomic()V",
        "freezeSharedness(Ljava/lang/Object;Z)V",
        "getBitFlip(BI)B",
        "getBitFlip(CI)C",
        "getBitFlip(II)I",
        "getBitFlip(JI)J",
        "getBitFlip(JII)J",
        "getBitFlip(SI)S",
        "getBitInBitSet(II)Z",
        "getBoolean()Z",
        "getBoolean(Z)Z",
        "getCounter(I)I",
        "getDouble(Ljava/lang/String;)D",
        "getDoubleFromList([D)D",
        "getElementAttribute(Ljava/lang/Object;I)I",
        "getElementAttributes(Ljava/lang/Object;I)[I",
        "getFieldAttribute(Ljava/lang/Object;Ljava/lang/String;)I",
        "getFieldAttributes(Ljava/lang/Object;Ljava/lang/String;)[I",
        "getFloatFromList([F)F",
        "getHeuristicSearchValue()I",
        "getInt(II)I",
        "getInt(Ljava/lang/String;)I",
        "getIntFromList([I)I",
        "getLocalAttribute(Ljava/lang/String;)I",
        "getLocalAttributes(Ljava/lang/String;)[I",
        "getLongFromList([J)J",
        "getObject(Ljava/lang/String;)Ljava/lang/Object;",
        "getObjectAttribute(Ljava/lang/Object;)I",
        "getObjectAttributes(Ljava/lang/Object;)[I",
        "getProperty(Ljava/lang/String;)Ljava/lang/String;",
        "getValue(Ljava/lang/String;)I",
        "ignoreIf(Z)V",
        "incrementCounter(I)I",
        "instrumentPoint(Ljava/lang/String;)V",
        "instrumentPointDeep(Ljava/lang/String;)V",
        "instrumentPointDeepRecur(Ljava/lang/String;I)V",
        "interesting(Z)V",
        "isCalledFromClass(Ljava/lang/String;)Z",
        "isRunningInJPF()Z",
        "isShared(Ljava/lang/Object;)Z",
        "isTraceReplay()Z",
        "log(Ljava/lang/String;ILjava/lang/String;)V",
        "log(Ljava/lang/String;ILjava/lang/String;Ljava/lang/String;)V",
        "log(Ljava/lang/String;ILjava/lang/String;[Ljava/lang/Object;)V",
        "print(Ljava/lang/String;)V",
        "print(Ljava/lang/String;I)V",
        "print(Ljava/lang/String;Z)V",
        "print([Ljava/lang/String;)V",
        "printPathOutput(Ljava/lang/String;)V",
        "printPathOutput(ZLjava/lang/String;)V",
        "println()V",
        "println(Ljava/lang/String;)V",
        "putValue(Ljava/lang/String;I)V",
        "random(I)I",
        "randomBool()Z",
        "randomObject(Ljava/lang/String;)Ljava/lang/Object;",
        "readObjectFromFile(Ljava/lang/Class;Ljava/lang/String;)Ljava/lang/Object;",
        "resetCounter(I)V",
        "resetHeuristicSearchValue()V",
        "setBitInBitSet(IIZ)V",
        "setCounter(II)V",
        "setElementAttribute(Ljava/lang/Object;II)V",
        "setFieldAttribute(Ljava/lang/Object;Ljava/lang/String;I)V",
        "setHeuristicSearchValue(I)V",
        "setLocalAttribute(Ljava/lang/String;I)V",
        "setObjectAttribute(Ljava/lang/Object;I)V",
        "setPeerClass(Ljava/lang/Class;)V",
        "setProperties([Ljava/lang/String;)V",
        "setShared(Ljava/lang/Object;Z)V",
        "storeTrace(Ljava/lang/String;Ljava/lang/String;)V",
        "storeTraceAndTerminate(Ljava/lang/String;Ljava/lang/String;)V",
        "storeTraceAndTerminateIf(ZLjava/lang/String;Ljava/lang/String;)V",
        "storeTraceIf(ZLjava/lang/String;Ljava/lang/String;)V",
        "terminateSearch()V",
        "threadPrint(Ljava/lang/String;)V",
        "threadPrintln(Ljava/lang/String;)V",
        "vmIsMatchingStates()Z",
        "writeObjectToFile(Ljava/lang/Object;Ljava/lang/String;)V",
    ];

    #[test]
    fn the_model_declares_every_method_of_jpfs_verify() {
        let bytes = ClassPath::model(super::V).expect("the Verify model");
        let class = ClassFile::parse(bytes).expect("parses");
        const PUBLIC_STATIC: u16 = 0x0001 | 0x0008;
        let mut declared: Vec<String> = class
            .methods
            .iter()
            .filter(|m| m.access & PUBLIC_STATIC == PUBLIC_STATIC)
            .map(|m| format!("{}{}", m.name, m.desc))
            .collect();
        declared.sort();
        assert_eq!(declared, JPF_VERIFY);
    }
}
