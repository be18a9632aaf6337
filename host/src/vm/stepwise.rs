//! Instruction-by-instruction execution for plugins that need to see (or replace) single
//! instructions: `InstructionExecuting`/`InstructionExecuted` listeners, bytecode
//! factories, and attributes. The fast interpreter runs one instruction per call here, so
//! a run without such plugins pays nothing for them.

use rpf_plugin_api::{Event, EventKind, Execution, FrameInfo};

use super::attrs::{Before, Plan};
use super::interp::Stop;
use super::thread::Exec;
use super::Vm;
use crate::classfile::Insn;
use crate::plugins::host_view::Frames;

/// Where the running thread is about to execute.
#[derive(Debug, Clone, Copy)]
struct Site {
    method: u32,
    pc: u32,
    depth: usize,
    len: usize,
}

impl Vm {
    /// Like [`Vm::interpret`], stopping around every instruction for the plugins.
    pub(crate) fn interpret_stepwise(&mut self, exec: &mut Exec, budget: &mut u64) -> Stop {
        loop {
            if *budget == 0 {
                return Stop::Budget;
            }
            let Some(frame) = exec.top() else {
                return Stop::FramesEmpty;
            };
            let site = Site {
                method: frame.method,
                pc: frame.pc,
                depth: exec.frames.len(),
                len: exec.stack.len(),
            };
            let Some((insn, opcode, class)) = self.insn_at(site.method, site.pc) else {
                // A frame without code: let the interpreter report it.
                return self.interpret(exec, budget);
            };
            if let Some(stop) = self.let_factory_execute(exec, site, opcode, budget) {
                return stop;
            }
            if exec.top().map(|f| (f.method, f.pc)) != Some((site.method, site.pc)) {
                // The factory executed the instruction itself.
                if self.wants(EventKind::InstructionExecuted) {
                    let next = exec.top().map_or(-1, |f| i64::from(f.pc));
                    self.fire_instruction(exec, EventKind::InstructionExecuted, site, next);
                }
                continue;
            }
            if self.wants(EventKind::InstructionExecuting) {
                self.fire_instruction(exec, EventKind::InstructionExecuting, site, 0);
                if self.take_break_request() || self.has_pending_choices() {
                    return Stop::Break;
                }
            }
            let plan = self
                .attrs_active
                .then(|| Plan::of(insn, opcode, exec, class));
            self.single_step = true;
            let stop = self.interpret(exec, budget);
            self.single_step = false;
            let top = exec.top().map(|f| (f.method, f.pc));
            let stayed = exec.frames.len() == site.depth && top == Some((site.method, site.pc));
            // An instruction that completes moves on (only `goto` to itself stays put); one
            // that stays broke off, blocked, or waits for a class initialization.
            let executed = !stayed || matches!(insn, Insn::Goto(t) if t == site.pc);
            if let Some(plan) = plan {
                let before = Before {
                    depth: site.depth,
                    len: site.len,
                    pc: site.pc,
                };
                self.apply_attr_plan(exec, plan, before, executed);
            }
            if executed && self.wants(EventKind::InstructionExecuted) {
                let next = match top {
                    Some((m, pc)) if m == site.method && exec.frames.len() == site.depth => {
                        i64::from(pc)
                    }
                    _ => -1,
                };
                self.fire_instruction(exec, EventKind::InstructionExecuted, site, next);
            }
            if stop != Stop::Budget || *budget == 0 {
                return stop;
            }
            if self.take_break_request() {
                return Stop::Break;
            }
        }
    }

    /// The instruction, its opcode and its method's class at `pc` of `method`.
    fn insn_at(&self, method: u32, pc: u32) -> Option<(Insn, u8, u32)> {
        let m = self.classes.method(method);
        let code = m.code.as_ref()?;
        let i = pc as usize;
        Some((*code.insns.get(i)?, *code.opcodes.get(i)?, m.class))
    }

    /// Offers the instruction at `site` to the bytecode factory; `Some` if the stepwise
    /// loop must stop (the factory asked to re-execute, or failed).
    fn let_factory_execute(
        &mut self,
        exec: &mut Exec,
        site: Site,
        opcode: u8,
        budget: &mut u64,
    ) -> Option<Stop> {
        let mut plugins = self.plugins.take()?;
        if !plugins.intercepts(opcode) {
            self.plugins = Some(plugins);
            return None;
        }
        let at = FrameInfo {
            method: site.method,
            pc: site.pc,
            line: crate::plugins::host_view::line(self, site.method, site.pc),
            locals: exec.top().map_or(0, |f| f.stack_base - f.locals),
            stack_depth: (site.len as u32).saturating_sub(exec.top().map_or(0, |f| f.stack_base)),
        };
        let insn = crate::plugins::host_view::insn_info(self, site.method, site.pc);
        self.first_step = self.first_step_of(*budget);
        let outcome = match insn {
            Some(insn) => plugins.execute(self, exec, &at, &insn),
            None => Execution::Default,
        };
        let failed = plugins.shared.failure.is_some();
        self.plugins = Some(plugins);
        let advance = |exec: &mut Exec, pc: u32| {
            if let Some(f) = exec.top_mut() {
                f.pc = pc;
            }
        };
        match outcome {
            _ if failed => Some(Stop::Break),
            Execution::Default => None,
            Execution::Next => {
                *budget -= 1;
                advance(exec, site.pc + 1);
                None
            }
            Execution::Jump(target) => {
                *budget -= 1;
                advance(exec, target);
                None
            }
            Execution::Reexecute => Some(Stop::Break),
        }
    }

    /// Whether an instruction started with `budget` left is its transition's first.
    fn first_step_of(&self, budget: u64) -> bool {
        self.explore
            .as_ref()
            .is_some_and(|e| budget == e.start_budget)
    }

    fn fire_instruction(&mut self, exec: &mut Exec, kind: EventKind, site: Site, next: i64) {
        let event = Event {
            method: site.method,
            pc: site.pc,
            value: next,
            ..Event::new(kind, self.current as u32)
        };
        self.fire(Frames::Mutable(exec), event);
    }

    /// Takes a plugin's request to end the transition.
    fn take_break_request(&mut self) -> bool {
        self.plugins.as_mut().is_some_and(|p| {
            let requested = p.shared.requests.break_transition;
            p.shared.requests.break_transition = false;
            requested
        })
    }

    /// Whether choice generators were registered in this transition.
    fn has_pending_choices(&self) -> bool {
        self.explore.as_ref().is_some_and(|e| !e.pending.is_empty())
    }
}
