//! Operand stack height verification by data flow over the decoded instructions.
//!
//! Heights are counted in JVMS slots and checked against `max_stack`, with agreement required
//! where control flow merges. This is not a type checker, but it guarantees that a frame can
//! neither pop below its base nor grow beyond what was reserved for it.

use super::bytecode::{Code, Insn};
use super::constant::Constant;
use super::descriptor::{parse_field, parse_method};

/// Checks every reachable instruction's stack height.
pub fn check(code: &Code, pool: &[Constant]) -> Result<(), String> {
    let n = code.insns.len();
    let mut height: Vec<Option<u16>> = vec![None; n];
    let mut work = vec![0u32];
    height[0] = Some(0);
    while let Some(i) = work.pop() {
        let index = i as usize;
        let Some(h) = height[index] else { continue };
        let insn = code.insns[index];
        let (pop, push) = effect(insn, code.opcodes[index], pool);
        if pop > h {
            return Err(format!(
                "operand stack underflow at byte {}",
                code.offsets[index]
            ));
        }
        let after = h - pop + push;
        if after > code.max_stack {
            return Err(format!(
                "operand stack exceeds max_stack {} at byte {}",
                code.max_stack, code.offsets[index]
            ));
        }
        let mut flow = |target: u32, height_there: u16| -> Result<(), String> {
            let slot = height
                .get_mut(target as usize)
                .ok_or_else(|| "control falls off the end of the code".to_string())?;
            match *slot {
                None => {
                    *slot = Some(height_there);
                    work.push(target);
                    Ok(())
                }
                Some(existing) if existing == height_there => Ok(()),
                Some(existing) => Err(format!(
                    "inconsistent stack height {existing} vs {height_there} at byte {}",
                    code.offsets.get(target as usize).copied().unwrap_or(0)
                )),
            }
        };
        for handler in code.handlers.iter() {
            if handler.start <= i && i < handler.end {
                flow(handler.handler, 1)?;
            }
        }
        match insn {
            Insn::Goto(t) => flow(t, after)?,
            Insn::Jsr(t) => {
                flow(t, after)?;
                flow(i + 1, h)?;
            }
            Insn::If(_, t)
            | Insn::IfIcmp(_, t)
            | Insn::IfAcmpEq(t)
            | Insn::IfAcmpNe(t)
            | Insn::IfNull(t)
            | Insn::IfNonNull(t) => {
                flow(t, after)?;
                flow(i + 1, after)?;
            }
            Insn::TableSwitch(s) | Insn::LookupSwitch(s) => {
                for target in switch_targets(code, s) {
                    flow(target, after)?;
                }
            }
            Insn::Return | Insn::ReturnValue | Insn::Athrow | Insn::Ret(_) => {}
            _ => flow(i + 1, after)?,
        }
    }
    Ok(())
}

/// All targets of a switch instruction, default first.
pub fn switch_targets(code: &Code, index: u32) -> Vec<u32> {
    use super::bytecode::Switch;
    match &code.switches[index as usize] {
        Switch::Table {
            default, targets, ..
        } => std::iter::once(*default)
            .chain(targets.iter().copied())
            .collect(),
        Switch::Lookup { default, pairs } => std::iter::once(*default)
            .chain(pairs.iter().map(|(_, t)| *t))
            .collect(),
    }
}

fn field_slots(pool: &[Constant], index: u16) -> u16 {
    match pool.get(usize::from(index)) {
        Some(Constant::FieldRef(m)) => parse_field(&m.desc).map(|t| t.slots()).unwrap_or(1),
        _ => 1,
    }
}

fn method_shape(pool: &[Constant], index: u16) -> (u16, u16) {
    let desc = match pool.get(usize::from(index)) {
        Some(Constant::MethodRef(m)) => &m.desc,
        Some(Constant::InvokeDynamic { desc, .. }) => desc,
        _ => return (0, 0),
    };
    parse_method(desc)
        .map(|d| (d.param_slots(), d.ret.map(|r| r.slots()).unwrap_or(0)))
        .unwrap_or((0, 0))
}

fn constant_slots(pool: &[Constant], index: u16) -> u16 {
    match pool.get(usize::from(index)) {
        Some(Constant::Long(_) | Constant::Double(_)) => 2,
        Some(Constant::Dynamic { desc, .. }) if matches!(&**desc, "J" | "D") => 2,
        _ => 1,
    }
}

/// Whether a load/store/array/return opcode moves a long or double.
pub fn wide_value(opcode: u8) -> bool {
    matches!(
        opcode,
        0x16 | 0x18 | 0x1e..=0x21 | 0x26..=0x29 | 0x37 | 0x39 | 0x3f..=0x42 | 0x47..=0x4a
            | 0x2f | 0x31 | 0x50 | 0x52 | 0xad | 0xaf
    )
}

/// `(slots popped, slots pushed)`; `opcode` tells the width of merged load/store variants.
pub fn effect(insn: Insn, opcode: u8, pool: &[Constant]) -> (u16, u16) {
    let width = if wide_value(opcode) { 2 } else { 1 };
    use Insn::*;
    match insn {
        Nop | Goto(_) | Return | Iinc(..) | Ret(_) => (0, 0),
        AconstNull | Iconst(_) | Fconst(_) | Jsr(_) => (0, 1),
        Lconst(_) | Dconst(_) => (0, 2),
        Ldc(i) | Ldc2(i) => (0, constant_slots(pool, i)),
        Load(_) => (0, width),
        Store(_) => (width, 0),
        ArrayLoad => (2, width),
        ArrayStore => (2 + width, 0),
        ReturnValue => (width, 0),
        Pop => (1, 0),
        Pop2 => (2, 0),
        Dup => (1, 2),
        DupX1 => (2, 3),
        DupX2 => (3, 4),
        Dup2 => (2, 4),
        Dup2X1 => (3, 5),
        Dup2X2 => (4, 6),
        Swap => (2, 2),
        Iadd | Isub | Imul | Idiv | Irem | Ishl | Ishr | Iushr | Iand | Ior | Ixor | Fadd
        | Fsub | Fmul | Fdiv | Frem | Fcmpl | Fcmpg => (2, 1),
        Ladd | Lsub | Lmul | Ldiv | Lrem | Land | Lor | Lxor | Dadd | Dsub | Dmul | Ddiv | Drem => {
            (4, 2)
        }
        Lshl | Lshr | Lushr => (3, 2),
        Ineg | Fneg | I2f | F2i | I2b | I2c | I2s => (1, 1),
        Lneg | Dneg | L2d | D2l => (2, 2),
        I2l | I2d | F2l | F2d => (1, 2),
        L2i | L2f | D2i | D2f => (2, 1),
        Lcmp | Dcmpl | Dcmpg => (4, 1),
        If(..) | IfNull(_) | IfNonNull(_) | TableSwitch(_) | LookupSwitch(_) => (1, 0),
        IfIcmp(..) | IfAcmpEq(_) | IfAcmpNe(_) => (2, 0),
        Athrow | MonitorEnter | MonitorExit => (1, 0),
        GetStatic(i) => (0, field_slots(pool, i)),
        PutStatic(i) => (field_slots(pool, i), 0),
        GetField(i) => (1, field_slots(pool, i)),
        PutField(i) => (1 + field_slots(pool, i), 0),
        InvokeVirtual(i) | InvokeSpecial(i) | InvokeInterface(i) => {
            let (args, ret) = method_shape(pool, i);
            (args + 1, ret)
        }
        InvokeStatic(i) | InvokeDynamic(i) => method_shape(pool, i),
        New(_) => (0, 1),
        NewArray(_) | ANewArray(_) | ArrayLength | CheckCast(_) | InstanceOf(_) => (1, 1),
        MultiANewArray(_, dims) => (u16::from(dims), 1),
    }
}
