//! Throwing and unwinding: handler search, monitor release, failed class initialization,
//! VM-created exceptions, and stack overflow.

use super::class::ClassId;
use super::interp::Stop;
use super::invoke::Flow;
use super::thread::{Exec, FrameKind};
use super::value::{Ref, Value};
use super::Vm;
use rpf_plugin_api::{Event, EventKind};

/// Frames allowed beyond the limit while a StackOverflowError is being constructed.
const OVERFLOW_RESERVE: u32 = 64;

impl Vm {
    /// Unwinds `exec` to the nearest handler of `ex`. When a VM-initiated call is unwound
    /// the exception is left in `Vm::upcall_exception` and the interpreter stops.
    pub(crate) fn throw(&mut self, exec: &mut Exec, ex: Ref) -> Flow {
        let ex_class = self.class_of(ex).unwrap_or(self.known.throwable);
        self.fire_exception(exec, EventKind::ExceptionThrown, ex, ex_class);
        loop {
            let Some(frame) = exec.frames.last().cloned() else {
                self.upcall_exception = Some(ex);
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
                        self.fire_exception(exec, EventKind::ExceptionHandled, ex, ex_class);
                        if exec.frames.len() as u32 + OVERFLOW_RESERVE < self.opts.max_stack_depth {
                            self.overflow_reserve_active = false;
                        }
                        return Ok(());
                    }
                }
            }
            self.fire_method(exec, EventKind::MethodExited, frame.method);
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
                    self.upcall_exception = Some(ex);
                    return Err(Stop::UpcallDone);
                }
            }
        }
    }

    /// Fires an exception event (`ExceptionThrown` at the throwing instruction,
    /// `ExceptionHandled` at the handler).
    fn fire_exception(&mut self, exec: &Exec, kind: EventKind, ex: Ref, class: ClassId) {
        if self.wants(kind) {
            let name = self.classes.get(class).java_name();
            let event = Event {
                object: ex.0,
                text: abi_stable::std_types::RStr::from_str(&name),
                ..Event::new(kind, self.state.current as u32)
            };
            self.fire_at(exec, event);
        }
    }

    fn is_error(&self, class: ClassId) -> bool {
        self.classes
            .lookup("java/lang/Error")
            .is_some_and(|e| self.classes.is_subclass(class, e))
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
    pub(crate) fn throw_new(
        &mut self,
        exec: &mut Exec,
        class: &str,
        message: Option<String>,
    ) -> Flow {
        tracing::trace!(class, ?message, "VM throws");
        let name = Value::Ref(self.new_string(class));
        let msg = match message {
            Some(m) => Value::Ref(self.new_string(&m)),
            None => Value::NULL,
        };
        let helper = self.known_methods.throw_new;
        self.push_helper(exec, helper, &[name, msg])
    }

    /// The frame limit in effect (raised while a StackOverflowError is being built).
    pub(crate) fn depth_limit(&self, _exec: &Exec) -> u32 {
        if self.overflow_reserve_active {
            self.opts.max_stack_depth + OVERFLOW_RESERVE
        } else {
            self.opts.max_stack_depth
        }
    }

    pub(crate) fn throw_stack_overflow(&mut self, exec: &mut Exec) -> Flow {
        if self.overflow_reserve_active {
            // Even the reserve is exhausted: unwind with a pre-allocated error, as HotSpot does.
            let error = self.preallocated_overflow;
            return self.throw(exec, error);
        }
        self.overflow_reserve_active = true;
        self.throw_new(exec, "java/lang/StackOverflowError", None)
    }
}
