//! Operand stack height verification by data flow over the decoded instructions.
//!
//! Heights are counted in JVMS slots and checked against `max_stack`, with agreement required
//! where control flow merges. This is not a type checker, but it guarantees that a frame can
//! neither pop below its base nor grow beyond what was reserved for it. Stack effects and
//! control flow come from the instruction table ([`super::opcodes`]).

use super::bytecode::Code;
use super::constant::Constant;
use super::opcodes::{self, Flow};

/// Checks every reachable instruction's stack height.
pub fn check(code: &Code, pool: &[Constant]) -> Result<(), String> {
    let n = code.insns.len();
    let mut height: Vec<Option<u16>> = vec![None; n];
    let mut work = vec![0u32];
    height[0] = Some(0);
    while let Some(i) = work.pop() {
        let index = i as usize;
        let Some(h) = height[index] else { continue };
        let info = opcodes::info(code.opcodes[index])
            .ok_or_else(|| format!("unknown opcode at byte {}", code.offsets[index]))?;
        let (pop, push) = info.slot_effect(code.insns[index], pool);
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
        for target in code.jump_targets(i) {
            flow(target, after)?;
        }
        match info.flow {
            Flow::Next | Flow::Branch => flow(i + 1, after)?,
            // The subroutine's `ret` comes back without the return address.
            Flow::Subroutine => flow(i + 1, h)?,
            Flow::Jump | Flow::End => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classfile::bytecode::{Cond, Handler, Insn};
    use crate::classfile::constant::MemberRef;

    /// Code of `(mnemonic, decoded instruction)` pairs with `max_stack`.
    fn code(max_stack: u16, insns: &[(&str, Insn)], handlers: &[Handler]) -> Code {
        let n = insns.len();
        Code {
            max_stack,
            max_locals: 4,
            insns: insns.iter().map(|(_, i)| *i).collect(),
            run: Default::default(),
            offsets: (0..n as u32).collect(),
            opcodes: insns
                .iter()
                .map(|(m, _)| opcodes::opcode(m).unwrap())
                .collect(),
            switches: Box::new([]),
            handlers: handlers.into(),
            lines: Box::new([]),
            local_names: Box::new([]),
        }
    }

    fn pool() -> Vec<Constant> {
        vec![
            Constant::Unusable,
            Constant::MethodRef(MemberRef {
                class: "C".into(),
                name: "m".into(),
                desc: "(JI)D".into(),
                interface: false,
            }),
        ]
    }

    fn check_code(max_stack: u16, insns: &[(&str, Insn)]) -> Result<(), String> {
        check(&code(max_stack, insns, &[]), &pool())
    }

    #[test]
    fn accepts_heights_in_slots() {
        let call = [
            ("lconst_1", Insn::Lconst(1)),
            ("iconst_2", Insn::Iconst(2)),
            ("invokestatic", Insn::InvokeStatic(1)),
            ("dup2", Insn::Dup2),
            ("pop2", Insn::Pop2),
            ("dreturn", Insn::ReturnValue),
        ];
        assert_eq!(check_code(4, &call), Ok(()));
        assert!(check_code(3, &call)
            .unwrap_err()
            .contains("exceeds max_stack 3"));
        let subroutine = [
            ("jsr", Insn::Jsr(2)),
            ("return", Insn::Return),
            ("astore_0", Insn::Store(0)),
            ("ret", Insn::Ret(0)),
        ];
        assert_eq!(check_code(1, &subroutine), Ok(()));
    }

    #[test]
    fn rejects_underflow_overflow_and_disagreement() {
        let underflow = check_code(2, &[("iconst_1", Insn::Iconst(1)), ("iadd", Insn::Iadd)]);
        assert_eq!(
            underflow,
            Err("operand stack underflow at byte 1".to_string())
        );
        // A long takes two slots.
        let wide = check_code(
            1,
            &[
                ("lconst_0", Insn::Lconst(0)),
                ("lreturn", Insn::ReturnValue),
            ],
        );
        assert_eq!(
            wide,
            Err("operand stack exceeds max_stack 1 at byte 0".to_string())
        );
        let call = check_code(
            3,
            &[
                ("iconst_1", Insn::Iconst(1)),
                ("iconst_2", Insn::Iconst(2)),
                ("invokestatic", Insn::InvokeStatic(1)),
                ("return", Insn::Return),
            ],
        );
        assert_eq!(call, Err("operand stack underflow at byte 2".to_string()));
        let merge = check_code(
            2,
            &[
                ("iconst_0", Insn::Iconst(0)),
                ("iconst_0", Insn::Iconst(0)),
                ("ifeq", Insn::If(Cond::Eq, 4)),
                ("iconst_0", Insn::Iconst(0)),
                ("return", Insn::Return),
            ],
        );
        assert_eq!(
            merge,
            Err("inconsistent stack height 1 vs 2 at byte 4".to_string())
        );
        let end = check_code(1, &[("iconst_0", Insn::Iconst(0))]);
        assert_eq!(
            end,
            Err("control falls off the end of the code".to_string())
        );
        // A handler starts with the exception on the stack.
        let handler = [Handler {
            start: 0,
            end: 1,
            handler: 2,
            catch_type: 0,
        }];
        let caught = |pop: (&'static str, Insn)| {
            let insns = [
                ("nop", Insn::Nop),
                ("return", Insn::Return),
                pop,
                ("athrow", Insn::Athrow),
            ];
            check(&code(2, &insns, &handler), &pool())
        };
        assert_eq!(caught(("dup", Insn::Dup)), Ok(()));
        assert_eq!(
            caught(("pop2", Insn::Pop2)),
            Err("operand stack underflow at byte 2".to_string())
        );
    }
}
