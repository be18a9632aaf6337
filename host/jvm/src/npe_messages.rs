//! Helpful NullPointerException messages (JEP 358), computed from the faulting bytecode the
//! way HotSpot does: the failed action ("Cannot invoke ...") and, by simulating which
//! instruction produced each operand stack slot, where the null came from ("because ...").

use super::class::Method;
use super::value::Ref;
use crate::backtrace;
use crate::classfile::opcodes::{self, Effect, Flow};
use crate::classfile::{descriptor, Code, Constant, FieldType, Insn, MemberRef};
use crate::vm::Jvm;

/// Producer of each operand stack slot (JVMS slots, bottom first); `None` = unknown.
type Stack = Vec<Option<u32>>;

/// The message HotSpot would give an NPE raised implicitly by the VM, or `None` for NPEs
/// created explicitly by Java code.
pub fn extended_message(vm: &Jvm, npe: Ref) -> Option<String> {
    let (mid, pc) = backtrace::frames(vm, npe).first().copied()?;
    let method = vm.classes.method(mid).clone();
    if method.native.is_some() {
        return None;
    }
    let code = method.code.as_ref()?;
    let pool = &vm.classes.get(method.class).pool;
    let insn = *code.insns.get(pc as usize)?;
    let opcode = code.opcodes[pc as usize];
    let (action, depth) = action(insn, opcode, pool)?;
    let stacks = simulate(code, pool);
    let stack = stacks.get(pc as usize)?.as_ref();
    let cause = stack
        .and_then(|s| s.len().checked_sub(1 + depth).and_then(|i| s[i]))
        .and_then(|producer| describe(vm, &method, code, &stacks, producer, 0));
    Some(match cause {
        Some(Description::ReturnValue(m)) => {
            format!("{action} because the return value of \"{m}\" is null")
        }
        Some(Description::Expr(e)) => format!("{action} because \"{e}\" is null"),
        None => action,
    })
}

/// HotSpot shortens exactly these two class names.
fn class_text(name: &str) -> String {
    match name {
        "java/lang/Object" => "Object".to_string(),
        "java/lang/String" => "String".to_string(),
        other => other.replace('/', "."),
    }
}

fn type_text(t: &FieldType) -> String {
    match t {
        FieldType::Object(n) => class_text(n),
        FieldType::Array(n) => {
            let dims = n.bytes().take_while(|&b| b == b'[').count();
            let inner = descriptor::parse_field(&n[dims..])
                .map(|t| type_text(&t))
                .unwrap_or_default();
            format!("{inner}{}", "[]".repeat(dims))
        }
        p => p.primitive_name().unwrap_or("?").to_string(),
    }
}

fn method_text(m: &MemberRef) -> String {
    let params = descriptor::parse_method(&m.desc)
        .map(|d| {
            d.params
                .iter()
                .map(type_text)
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default();
    format!("{}.{}({params})", class_text(&m.class), m.name)
}

fn member(pool: &[Constant], index: u16) -> Option<&MemberRef> {
    match pool.get(usize::from(index))? {
        Constant::FieldRef(m) | Constant::MethodRef(m) => Some(m),
        _ => None,
    }
}

fn array_kind(opcode: u8) -> &'static str {
    match opcode {
        0x2e | 0x4f => "int",
        0x2f | 0x50 => "long",
        0x30 | 0x51 => "float",
        0x31 | 0x52 => "double",
        0x32 | 0x53 => "object",
        0x33 | 0x54 => "byte/boolean",
        0x34 | 0x55 => "char",
        _ => "short",
    }
}

/// The failed action and the depth (in slots from the top) of the null operand.
fn action(insn: Insn, opcode: u8, pool: &[Constant]) -> Option<(String, usize)> {
    let action = match insn {
        Insn::ArrayLoad => format!("Cannot load from {} array", array_kind(opcode)),
        Insn::ArrayStore => format!("Cannot store to {} array", array_kind(opcode)),
        Insn::ArrayLength => "Cannot read the array length".to_string(),
        Insn::Athrow => "Cannot throw exception".to_string(),
        Insn::MonitorEnter => "Cannot enter synchronized block".to_string(),
        Insn::MonitorExit => "Cannot exit synchronized block".to_string(),
        Insn::GetField(i) => format!("Cannot read field \"{}\"", member(pool, i)?.name),
        Insn::PutField(i) => format!("Cannot assign field \"{}\"", member(pool, i)?.name),
        Insn::InvokeVirtual(i) | Insn::InvokeInterface(i) | Insn::InvokeSpecial(i) => {
            let m = member(pool, i)?;
            if &*m.name == "<init>" {
                return None;
            }
            format!("Cannot invoke \"{}\"", method_text(m))
        }
        _ => return None,
    };
    // The null operand is the deepest one popped: the array, object or receiver.
    let (popped, _) = opcodes::info(opcode)?.slot_effect(insn, pool);
    Some((action, usize::from(popped).checked_sub(1)?))
}

/// Where a null came from.
enum Description {
    /// An expression such as `<local1>.next[2]`.
    Expr(String),
    /// The result of calling a method.
    ReturnValue(String),
}

fn local_text(method: &Method, code: &Code, slot: u16, at: u32) -> String {
    if let Some(name) = code.local_name(slot, at) {
        return name.to_string();
    }
    if !method.is_static() && slot == 0 {
        return "this".to_string();
    }
    let mut next = u16::from(!method.is_static());
    for (i, p) in method.params.iter().enumerate() {
        if next == slot {
            return format!("<parameter{}>", i + 1);
        }
        next += p.slots();
    }
    format!("<local{slot}>")
}

fn describe(
    vm: &Jvm,
    method: &Method,
    code: &Code,
    stacks: &[Option<Stack>],
    at: u32,
    depth: usize,
) -> Option<Description> {
    if depth > 4 {
        return Some(Description::Expr("...".to_string()));
    }
    let pool = &vm.classes.get(method.class).pool;
    let operand = |d: usize| -> Option<u32> {
        let s = stacks.get(at as usize)?.as_ref()?;
        *s.get(s.len().checked_sub(1 + d)?)?
    };
    let expr = |d: usize| -> Option<String> {
        match describe(vm, method, code, stacks, operand(d)?, depth + 1)? {
            Description::Expr(e) => Some(e),
            Description::ReturnValue(m) => Some(m),
        }
    };
    Some(match code.insns.get(at as usize)? {
        Insn::AconstNull => Description::Expr("null".to_string()),
        Insn::Load(slot) => Description::Expr(local_text(method, code, *slot, at)),
        Insn::GetStatic(i) => {
            let m = member(pool, *i)?;
            Description::Expr(format!("{}.{}", class_text(&m.class), m.name))
        }
        Insn::GetField(i) => {
            let m = member(pool, *i)?;
            Description::Expr(format!("{}.{}", expr(0)?, m.name))
        }
        Insn::ArrayLoad => {
            let index = match code.insns.get(operand(0)? as usize)? {
                Insn::Iconst(v) => v.to_string(),
                Insn::Load(slot) => local_text(method, code, *slot, operand(0)?),
                _ => "...".to_string(),
            };
            Description::Expr(format!("{}[{index}]", expr(1)?))
        }
        Insn::InvokeVirtual(i)
        | Insn::InvokeInterface(i)
        | Insn::InvokeSpecial(i)
        | Insn::InvokeStatic(i) => Description::ReturnValue(method_text(member(pool, *i)?)),
        Insn::CheckCast(_) => describe(vm, method, code, stacks, operand(0)?, depth)?,
        _ => return None,
    })
}

/// Simulates the operand stack of every instruction, recording which instruction pushed each
/// slot; disagreeing producers at merge points become unknown.
fn simulate(code: &Code, pool: &[Constant]) -> Vec<Option<Stack>> {
    let n = code.insns.len();
    let mut states: Vec<Option<Stack>> = vec![None; n];
    let mut work = vec![0u32];
    states[0] = Some(Vec::new());
    let merge =
        |states: &mut Vec<Option<Stack>>, work: &mut Vec<u32>, target: u32, stack: &Stack| {
            let Some(slot) = states.get_mut(target as usize) else {
                return;
            };
            match slot {
                None => {
                    *slot = Some(stack.clone());
                    work.push(target);
                }
                Some(existing) => {
                    let mut changed = false;
                    for (e, s) in existing.iter_mut().zip(stack) {
                        if *e != *s && e.is_some() {
                            *e = None;
                            changed = true;
                        }
                    }
                    if changed {
                        work.push(target);
                    }
                }
            }
        };
    let mut steps = 0usize;
    while let Some(i) = work.pop() {
        steps += 1;
        if steps > 50 * n + 1000 {
            break;
        }
        let Some(mut stack) = states[i as usize].clone() else {
            continue;
        };
        for h in code.handlers.iter() {
            if h.start <= i && i < h.end {
                merge(&mut states, &mut work, h.handler, &vec![None]);
            }
        }
        let insn = code.insns[i as usize];
        let Some(info) = opcodes::info(code.opcodes[i as usize]) else {
            continue;
        };
        let len = stack.len();
        match info.effect {
            Effect::Shuffle { slots, order } => {
                let take = usize::from(slots);
                if stack.len() >= take {
                    let top: Vec<Option<u32>> = stack.split_off(stack.len() - take);
                    stack.extend(order.iter().map(|&k| top[usize::from(k)]));
                }
            }
            _ => {
                let (pop, push) = info.slot_effect(insn, pool);
                stack.truncate(len.saturating_sub(usize::from(pop)));
                stack.extend(std::iter::repeat_n(Some(i), usize::from(push)));
            }
        }
        // Subroutines are not followed.
        if info.flow != Flow::Subroutine {
            for t in code.jump_targets(i) {
                merge(&mut states, &mut work, t, &stack);
            }
        }
        if matches!(info.flow, Flow::Next | Flow::Branch) {
            merge(&mut states, &mut work, i + 1, &stack);
        }
    }
    states
}
