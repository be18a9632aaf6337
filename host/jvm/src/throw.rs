//! Throwing and unwinding: handler search, monitor release, failed class initialization,
//! VM-created exceptions, and stack overflow.

use super::class::ClassId;
use super::interp::Stop;
use super::invoke::Flow;
use super::machine::{Machine, VmEvent};
use super::thread::{Exec, FrameKind};
use super::value::{Ref, Value};
use super::Jvm;
use super::Vm;

/// Frames allowed beyond the limit while a StackOverflowError is being constructed.
const OVERFLOW_RESERVE: u32 = 64;

impl Jvm {
    fn is_error(&self, class: ClassId) -> bool {
        self.classes
            .lookup("java/lang/Error")
            .is_some_and(|e| self.classes.is_subclass(class, e))
    }

    /// The frame limit in effect (raised while a StackOverflowError is being built).
    pub(crate) fn depth_limit(&self, _exec: &Exec) -> u32 {
        if self.regs.overflow_reserve_active {
            self.opts.max_stack_depth + OVERFLOW_RESERVE
        } else {
            self.opts.max_stack_depth
        }
    }
}

impl<M: Machine> Vm<M> {
    /// Unwinds `exec` to the nearest handler of `ex`. When a VM-initiated call is unwound
    /// the exception is left in `Vm::upcall_exception` and the interpreter stops.
    pub(crate) fn throw(&mut self, exec: &mut Exec, ex: Ref) -> Flow {
        let ex_class = self.class_of(ex).unwrap_or(self.known.throwable);
        let thrown = VmEvent::ExceptionThrown {
            exception: ex,
            class: ex_class,
        };
        self.report_at(exec, thrown);
        loop {
            let Some(frame) = exec.frames.last().cloned() else {
                self.regs.upcall_exception = Some(ex);
                return Err(Stop::UpcallDone);
            };
            let method = self.classes.method(frame.method).clone();
            if let Some(code) = &method.code {
                for h in code.handlers.iter() {
                    if !(h.start <= frame.pc && frame.pc < h.end) {
                        continue;
                    }
                    let catches = h.catch_type == 0
                        || self
                            .classes
                            .resolve_class(method.class, h.catch_type)
                            .is_ok_and(|c| self.classes.is_assignable(ex_class, c));
                    if catches {
                        exec.stack.truncate(frame.stack_base as usize);
                        exec.push(Value::Ref(ex));
                        if let Some(top) = exec.frames.last_mut() {
                            top.pc = h.handler;
                        }
                        let handled = VmEvent::ExceptionHandled {
                            exception: ex,
                            class: ex_class,
                        };
                        self.report_at(exec, handled);
                        if exec.frames.len() as u32 + OVERFLOW_RESERVE < self.opts.max_stack_depth {
                            self.regs.overflow_reserve_active = false;
                        }
                        return Ok(());
                    }
                }
            }
            self.report_method(exec, false, frame.method);
            exec.frames.pop();
            exec.stack.truncate(frame.locals as usize);
            if !frame.lock.is_null() {
                self.exit_monitor(exec, frame.lock);
            }
            match frame.kind {
                FrameKind::Call => {}
                FrameKind::ClassInit(c) => {
                    self.finish_init(c, false);
                    if !self.is_error(ex_class) {
                        let helper = self.known_methods.init_error;
                        return self.push_helper(exec, helper, &[Value::Ref(ex)]);
                    }
                }
                FrameKind::Upcall => {
                    self.regs.upcall_exception = Some(ex);
                    return Err(Stop::UpcallDone);
                }
            }
        }
    }

    /// Calls a VMSupport helper as if from the current instruction (its exception unwinds
    /// from there).
    fn push_helper(
        &mut self,
        exec: &mut Exec,
        helper: super::class::MethodId,
        args: &[Value],
    ) -> Flow {
        exec.stack.extend_from_slice(args);
        self.call(exec, helper, FrameKind::Call)
    }

    /// Throws a new exception of class `class` (internal name) created by Java code, so that
    /// its constructor and `fillInStackTrace` run as for any exception.
    pub fn throw_new(&mut self, exec: &mut Exec, class: &str, message: Option<String>) -> Flow {
        tracing::trace!(class, ?message, "VM throws");
        let name = Value::Ref(self.new_string(class));
        let msg = match message {
            Some(m) => Value::Ref(self.new_string(&m)),
            None => Value::NULL,
        };
        let helper = self.known_methods.throw_new;
        self.push_helper(exec, helper, &[name, msg])
    }

    pub(crate) fn throw_stack_overflow(&mut self, exec: &mut Exec) -> Flow {
        if self.regs.overflow_reserve_active {
            // Even the reserve is exhausted: unwind with a pre-allocated error, as HotSpot does.
            let error = self.preallocated_overflow;
            return self.throw(exec, error);
        }
        self.regs.overflow_reserve_active = true;
        self.throw_new(exec, "java/lang/StackOverflowError", None)
    }
}
