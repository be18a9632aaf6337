//! Throwing and unwinding: handler search, monitor release, failed class initialization,
//! VM-created exceptions, and stack overflow.

use super::allocation::OUT_OF_MEMORY_ERROR;
use super::class::{ClassId, Method};
use super::machine::{Machine, VmEvent};
use super::thread::{Exec, FrameKind};
use super::value::{Ref, Value};
use crate::classfile::Code;
use crate::flow::Flow;
use crate::flow::Stop;
use crate::vm::Jvm;
use crate::vm::Vm;
use crate::vm::VmOptions;

/// What a frame takes of its thread's `VmOptions::stack_size` besides its slots, in bytes.
///
/// The model is HotSpot's: a frame is a fixed part (return address, saved registers, method
/// and constant pool pointers) plus one 8-byte word per local variable slot and operand
/// stack entry. A HotSpot interpreter frame's fixed part is 88 bytes (`java -Xint` with
/// its default 1 MiB stack reaches 10,730 frames of a method without locals, 4,215 of one
/// with 17 locals); compiled frames are smaller (`java` reaches 17,000–23,600 frames of small
/// methods once the JIT has compiled the recursion). 48 bytes puts rpf between the two for
/// every shape measured, and the limit is deterministic, which the JIT's is not.
const FRAME_BYTES: u64 = 48;

/// Bytes of a local variable slot or operand stack entry.
const SLOT_BYTES: u64 = 8;

/// What a thread's frames take of its stack.
#[derive(Debug, Clone, Copy)]
struct StackUse {
    bytes: u64,
    frames: u64,
}

impl StackUse {
    /// No stack at all.
    const NONE: StackUse = StackUse {
        bytes: 0,
        frames: 0,
    };

    /// `frames` frames holding `slots` local variable slots and operand stack entries.
    fn of(frames: usize, slots: usize) -> StackUse {
        StackUse {
            bytes: FRAME_BYTES * frames as u64 + SLOT_BYTES * slots as u64,
            frames: frames as u64,
        }
    }

    fn plus(self, other: StackUse) -> StackUse {
        StackUse {
            bytes: self.bytes.saturating_add(other.bytes),
            frames: self.frames.saturating_add(other.frames),
        }
    }
}

/// Stack allowed beyond the limits while a StackOverflowError is being constructed (HotSpot
/// keeps guard zones for the same purpose).
const OVERFLOW_RESERVE: StackUse = StackUse {
    bytes: 16 << 10,
    frames: 64,
};

/// What a thread's stack takes with a new frame of `code` for `method`, whose arguments are
/// on top of `exec`'s operand stack. Callers' frames count the operand stack entries they
/// hold, the new frame its whole `max_stack`, as HotSpot's interpreter checks at method entry.
fn frame_use(exec: &Exec, method: &Method, code: &Code) -> StackUse {
    let slots = (exec.stack.len() + usize::from(code.max_locals) + usize::from(code.max_stack))
        .saturating_sub(usize::from(method.arg_entries));
    StackUse::of(exec.frames.len() + 1, slots)
}

/// Whether the stack of the thread whose frames are `exec`, using `used`, is within its
/// size and `vm.max_stack_depth`, both raised by `reserve`.
#[inline]
fn stack_fits(opts: &VmOptions, exec: &Exec, used: StackUse, reserve: StackUse) -> bool {
    used.bytes <= exec.stack_size.saturating_add(reserve.bytes)
        && opts
            .max_stack_depth
            .is_none_or(|depth| used.frames <= depth.saturating_add(reserve.frames))
}

/// Whether a new frame of `code` for `method` fits within the limits without the reserve:
/// what plain execution's calls between inner-loop runs ask, leaving the rest to
/// [`Jvm::frame_overflows`].
#[inline]
pub(crate) fn frame_fits(opts: &VmOptions, exec: &Exec, method: &Method, code: &Code) -> bool {
    stack_fits(opts, exec, frame_use(exec, method, code), StackUse::NONE)
}

impl Jvm {
    fn is_error(&self, class: ClassId) -> bool {
        self.classes
            .lookup("java/lang/Error")
            .is_some_and(|e| self.classes.is_subclass(class, e))
    }
}

impl<M: Machine> Vm<M> {
    /// Unwinds `exec` to the nearest handler of `ex`. When a VM-initiated call is unwound
    /// the exception is left in `Vm::upcall_exception` and the interpreter stops.
    pub(crate) fn throw(&mut self, exec: &mut Exec, ex: Ref) -> Flow {
        self.regs.building_out_of_memory = false;
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
                        let here = StackUse::of(exec.frames.len(), exec.stack.len());
                        if stack_fits(
                            &self.opts,
                            exec,
                            here.plus(OVERFLOW_RESERVE),
                            StackUse::NONE,
                        ) {
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
                FrameKind::Call | FrameKind::Discard | FrameKind::Interposed => {}
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
        if class == OUT_OF_MEMORY_ERROR {
            // The heap may be full: the error is built beyond its limit, and thrown (which
            // ends that) before the program allocates again.
            self.regs.building_out_of_memory = true;
        }
        let name = Value::Ref(self.new_string(class));
        let msg = match message {
            Some(m) => Value::Ref(self.new_string(&m)),
            None => Value::NULL,
        };
        let helper = self.known_methods.throw_new;
        self.push_helper(exec, helper, &[name, msg])
    }

    /// Whether a new frame of `code` for `method`, whose arguments are on top of `exec`'s
    /// operand stack, would overflow the thread's stack ([`frame_use`]). The reserve is looked
    /// at only beyond the plain limits: every call asks, and almost all are far from them.
    #[inline]
    pub(crate) fn frame_overflows(&self, exec: &Exec, method: &Method, code: &Code) -> bool {
        let with_frame = frame_use(exec, method, code);
        let fits = stack_fits(&self.opts, exec, with_frame, StackUse::NONE)
            || (self.regs.overflow_reserve_active
                && stack_fits(&self.opts, exec, with_frame, OVERFLOW_RESERVE));
        !fits
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
