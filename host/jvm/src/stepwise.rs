//! Instruction-by-instruction execution, for machines that need to see or replace single
//! instructions (instruction events, bytecode factories) and for attributes, which travel
//! with values one instruction at a time. The fast interpreter runs one instruction per
//! call here, so a run that needs none of this pays nothing for it.

use super::attributes::{Before, Plan};
use super::machine::{Frames, Instead, Machine, Site, VmEvent};
use super::thread::Exec;
use crate::classfile::Insn;
use crate::flow::Stop;
use crate::vm::{Jvm, Vm};

impl Jvm {
    /// The instruction, its opcode and its method's class at `pc` of `method`.
    fn insn_at(&self, method: u32, pc: u32) -> Option<(Insn, u8, u32)> {
        let m = self.classes.method(method);
        let code = m.code.as_ref()?;
        let i = pc as usize;
        Some((*code.insns.get(i)?, *code.opcodes.get(i)?, m.class))
    }
}

impl<M: Machine> Vm<M> {
    /// Like [`Vm::interpret`], stopping around every instruction: the machine may execute
    /// it instead ([`Machine::instead_of`]), hears instruction events, and attributes move
    /// with the values the instruction moves.
    pub(crate) fn interpret_stepwise(&mut self, exec: &mut Exec, budget: &mut u64) -> Stop {
        loop {
            if *budget <= self.regs.checkpoint {
                return Stop::Budget;
            }
            let Some(frame) = exec.top() else {
                return Stop::FramesEmpty;
            };
            let (method, pc) = (frame.method, frame.pc);
            let (depth, len) = (exec.frames.len(), exec.stack.len());
            let Some((insn, opcode, class)) = self.insn_at(method, pc) else {
                // A frame without code: let the interpreter report it.
                return self.interpret(exec, budget);
            };
            self.regs.first_step = *budget == self.regs.run_budget;
            let site = Site { method, pc, opcode };
            let moved_to = match M::instead_of(self, exec, &site) {
                Instead::Nothing => None,
                Instead::Next => Some(pc + 1),
                Instead::Jump(target) => Some(target),
                Instead::Reexecute => return Stop::Break,
            };
            if let Some(next) = moved_to {
                // The machine executed the instruction itself.
                *budget -= 1;
                if let Some(f) = exec.top_mut() {
                    f.pc = next;
                }
                let event = VmEvent::InstructionExecuted {
                    method,
                    pc,
                    next: Some(next),
                };
                self.report(Frames::Mutable(exec), event);
                continue;
            }
            let executing = VmEvent::InstructionExecuting { method, pc };
            if M::wants(self, executing.kind()) {
                M::event(self, Frames::Mutable(exec), executing);
                if M::break_requested(self) {
                    return Stop::Break;
                }
            }
            let plan = self
                .attrs_active
                .then(|| Plan::of(insn, opcode, exec, class));
            self.regs.single_step = true;
            let stop = self.interpret(exec, budget);
            self.regs.single_step = false;
            let top = exec.top().map(|f| (f.method, f.pc));
            let stayed = exec.frames.len() == depth && top == Some((method, pc));
            // An instruction that completes moves on (only `goto` to itself stays put); one
            // that stays broke off, blocked, or waits for a class initialization.
            let executed = !stayed || matches!(insn, Insn::Goto(t) if t == pc);
            if let Some(plan) = plan {
                let before = Before { depth, len, pc };
                self.apply_attr_plan(exec, plan, before, executed);
            }
            if executed {
                let next = match top {
                    Some((m, next)) if m == method && exec.frames.len() == depth => Some(next),
                    _ => None,
                };
                let event = VmEvent::InstructionExecuted { method, pc, next };
                self.report(Frames::Mutable(exec), event);
            }
            if stop != Stop::Budget || *budget <= self.regs.checkpoint {
                return stop;
            }
            if M::break_requested(self) {
                return Stop::Break;
            }
        }
    }
}
