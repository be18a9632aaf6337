//! The bytecode interpreter loop.
//!
//! Simple instructions execute inline on the running frame; instructions that can call,
//! allocate, initialize classes, block or throw hand over to the operations in `operations`,
//! `class_init` and `exceptions`, after which the loop reloads whichever frame is now on top.

use super::machine::{Access, Machine, VmEvent, VmEventKind};
use super::thread::Exec;
use super::value::{Ref, Value};
use crate::classfile::Insn;
use crate::flow::Stop;
use crate::vm::{Jvm, Vm};

/// Java's `fcmpl`/`fcmpg` family: -1, 0, 1, with `nan` for unordered.
#[inline(always)]
fn compare<T: PartialOrd>(a: T, b: T, nan: i32) -> i32 {
    match a.partial_cmp(&b) {
        Some(std::cmp::Ordering::Less) => -1,
        Some(std::cmp::Ordering::Equal) => 0,
        Some(std::cmp::Ordering::Greater) => 1,
        None => nan,
    }
}

impl Jvm {
    /// ArrayStoreException check for storing `value` into `array` (JVMS aastore).
    fn check_array_store(&self, array: Ref, value: Ref) -> Result<(), String> {
        let (Some(ac), Some(vc)) = (self.class_of(array), self.class_of(value)) else {
            return Ok(());
        };
        if let super::class::ClassKind::Array { component, .. } = self.classes.get(ac).kind {
            if !self.classes.is_assignable(vc, component) {
                return Err(self.classes.get(vc).java_name());
            }
        }
        Ok(())
    }
}

impl<M: Machine> Vm<M> {
    /// Executes the thread whose state is `exec` until it stops; `budget` counts instructions
    /// down and ends the run at 0, or pauses it at [`Registers::checkpoint`](crate::vm::Registers::checkpoint).
    pub fn interpret(&mut self, exec: &mut Exec, budget: &mut u64) -> Stop {
        // The stepwise driver asks for exactly one instruction.
        let floor = if self.regs.single_step {
            budget.saturating_sub(1)
        } else {
            self.regs.checkpoint.min(*budget)
        };
        'frame: loop {
            let Some(frame) = exec.frames.last() else {
                return Stop::FramesEmpty;
            };
            let method = self.classes.method(frame.method).clone();
            let class = self.classes.get(method.class).clone();
            let Some(code) = method.code.as_ref() else {
                // Only bytecode methods get frames; anything else is a VM bug.
                tracing::error!(?method, "frame without code");
                return Stop::FramesEmpty;
            };
            let insns: &[Insn] = &code.insns;
            let locals = frame.locals as usize;
            let method_id = frame.method;
            let mut pc = frame.pc as usize;
            let in_system = class.system;
            let recording = M::EXPLORES && M::recording(self);
            let array_events = M::EXPLORES
                && (M::wants(self, VmEventKind::ArrayRead)
                    || M::wants(self, VmEventKind::ArrayWritten));

            macro_rules! sync {
                () => {
                    if let Some(f) = exec.frames.last_mut() {
                        f.pc = pc as u32;
                    }
                };
            }
            macro_rules! pop {
                () => {
                    exec.stack.pop().unwrap_or_default()
                };
            }
            macro_rules! push {
                ($v:expr) => {
                    exec.stack.push($v)
                };
            }
            macro_rules! int_op {
                (|$a:ident, $b:ident| $e:expr) => {{
                    let $b = pop!().as_int();
                    let $a = pop!().as_int();
                    push!(Value::Int($e));
                    pc += 1;
                }};
            }
            macro_rules! long_op {
                (|$a:ident, $b:ident| $e:expr) => {{
                    let $b = pop!().as_long();
                    let $a = pop!().as_long();
                    push!(Value::Long($e));
                    pc += 1;
                }};
            }
            macro_rules! float_op {
                (|$a:ident, $b:ident| $e:expr) => {{
                    let $b = pop!().as_float();
                    let $a = pop!().as_float();
                    push!(Value::Float($e));
                    pc += 1;
                }};
            }
            macro_rules! double_op {
                (|$a:ident, $b:ident| $e:expr) => {{
                    let $b = pop!().as_double();
                    let $a = pop!().as_double();
                    push!(Value::Double($e));
                    pc += 1;
                }};
            }
            macro_rules! unary {
                ($as:ident, $ctor:ident, |$a:ident| $e:expr) => {{
                    let $a = pop!().$as();
                    push!(Value::$ctor($e));
                    pc += 1;
                }};
            }
            // After an operation that may have pushed, popped or unwound frames: stay in this
            // loop if the same frame is still on top, else reload the new top frame.
            macro_rules! resume {
                () => {{
                    match exec.frames.last() {
                        Some(f) if f.method == method_id && f.locals as usize == locals => {
                            pc = f.pc as usize;
                            continue;
                        }
                        _ => continue 'frame,
                    }
                }};
            }
            macro_rules! throw_vm {
                ($class:expr, $msg:expr) => {{
                    sync!();
                    if let Err(stop) = self.throw_new(exec, $class, $msg) {
                        return stop;
                    }
                    resume!()
                }};
            }
            macro_rules! complex {
                ($e:expr) => {{
                    sync!();
                    if M::EXPLORES {
                        self.regs.first_step = *budget + 1 == self.regs.run_budget;
                    }
                    if let Err(stop) = $e {
                        return stop;
                    }
                    if M::EXPLORES {
                        self.report_deferred(exec);
                        if M::break_requested(self) {
                            return Stop::Break;
                        }
                    }
                    resume!()
                }};
            }
            // An array access event (to a machine that wants them).
            macro_rules! array_event {
                ($event:ident, $array:expr, $index:expr) => {{
                    if array_events {
                        sync!();
                        self.report_at(
                            exec,
                            VmEvent::$event {
                                array: $array,
                                index: $index,
                                system: in_system,
                            },
                        );
                    }
                }};
            }
            // An array element access the machine may end the transition before.
            macro_rules! element_access {
                ($array:expr, $write:expr) => {{
                    if M::EXPLORES {
                        self.regs.first_step = *budget + 1 == self.regs.run_budget;
                        let access = Access {
                            object: $array,
                            field: None,
                            is_static: false,
                            is_final: false,
                            in_system,
                            write: $write,
                        };
                        if M::before_access(self, &access) {
                            sync!();
                            return Stop::Break;
                        }
                    }
                }};
            }

            loop {
                if *budget == floor {
                    sync!();
                    return Stop::Budget;
                }
                *budget -= 1;
                if recording {
                    M::record(self, method_id, pc as u32);
                }
                let Some(&insn) = insns.get(pc) else {
                    // Validated code cannot run off its end; treat it as a VerifyError.
                    throw_vm!(
                        "java/lang/VerifyError",
                        Some("fell off the end of the code".into())
                    );
                };
                match insn {
                    Insn::Nop => pc += 1,
                    Insn::AconstNull => {
                        push!(Value::NULL);
                        pc += 1;
                    }
                    Insn::Iconst(v) => {
                        push!(Value::Int(v));
                        pc += 1;
                    }
                    Insn::Lconst(v) => {
                        push!(Value::Long(v));
                        pc += 1;
                    }
                    Insn::Fconst(v) => {
                        push!(Value::Float(v));
                        pc += 1;
                    }
                    Insn::Dconst(v) => {
                        push!(Value::Double(v));
                        pc += 1;
                    }
                    Insn::Ldc(index) | Insn::Ldc2(index) => {
                        complex!(self.op_ldc(exec, &class, index))
                    }
                    Insn::Load(i) => {
                        let v = exec
                            .stack
                            .get(locals + i as usize)
                            .copied()
                            .unwrap_or_default();
                        push!(v);
                        pc += 1;
                    }
                    Insn::Store(i) => {
                        let v = pop!();
                        if let Some(slot) = exec.stack.get_mut(locals + i as usize) {
                            *slot = v;
                        }
                        pc += 1;
                    }
                    Insn::ArrayLoad => {
                        element_access!(exec.peek(1).as_ref(), false);
                        if M::EXPLORES {
                            M::read(self, exec.peek(1).as_ref());
                        }
                        let index = pop!().as_int();
                        let array = pop!().as_ref();
                        match self.state.heap.get(array) {
                            None => {
                                push!(Value::Ref(array));
                                push!(Value::Int(index));
                                throw_vm!("java/lang/NullPointerException", None)
                            }
                            Some(obj) => {
                                match usize::try_from(index).ok().and_then(|i| obj.data.load(i)) {
                                    Some(v) => {
                                        push!(v);
                                        array_event!(ArrayRead, array, index);
                                        pc += 1;
                                    }
                                    None => {
                                        let len = obj.data.array_len().unwrap_or(0);
                                        throw_vm!(
                                            "java/lang/ArrayIndexOutOfBoundsException",
                                            Some(format!(
                                                "Index {index} out of bounds for length {len}"
                                            ))
                                        )
                                    }
                                }
                            }
                        }
                    }
                    Insn::ArrayStore => {
                        element_access!(exec.peek(2).as_ref(), true);
                        let value = pop!();
                        let index = pop!().as_int();
                        let array = pop!().as_ref();
                        if let Value::Ref(r) = value {
                            if !r.is_null() {
                                if let Err(message) = self.check_array_store(array, r) {
                                    throw_vm!("java/lang/ArrayStoreException", Some(message))
                                }
                            }
                        }
                        // What the store replaces, for a machine that tracks stores.
                        let old = match M::EXPLORES {
                            true => usize::try_from(index)
                                .ok()
                                .and_then(|i| self.state.heap.get(array)?.data.load(i))
                                .unwrap_or_default(),
                            false => Value::Void,
                        };
                        let stored = match usize::try_from(index) {
                            Ok(i) => self.state.heap.store_element(array, i, value),
                            Err(_) => self.state.heap.get(array).map(|_| false),
                        };
                        match stored {
                            None => {
                                push!(Value::Ref(array));
                                push!(Value::Int(index));
                                push!(value);
                                throw_vm!("java/lang/NullPointerException", None)
                            }
                            Some(ok) => {
                                if ok {
                                    if M::EXPLORES {
                                        M::stored(self, array, old, value);
                                    }
                                    array_event!(ArrayWritten, array, index);
                                    pc += 1;
                                } else {
                                    let len = self
                                        .state
                                        .heap
                                        .get(array)
                                        .and_then(|o| o.data.array_len())
                                        .unwrap_or(0);
                                    throw_vm!(
                                        "java/lang/ArrayIndexOutOfBoundsException",
                                        Some(format!(
                                            "Index {index} out of bounds for length {len}"
                                        ))
                                    )
                                }
                            }
                        }
                    }
                    Insn::Pop => {
                        pop!();
                        pc += 1;
                    }
                    Insn::Pop2 => {
                        if !pop!().is_wide() {
                            pop!();
                        }
                        pc += 1;
                    }
                    Insn::Dup => {
                        let v = exec.peek(0);
                        push!(v);
                        pc += 1;
                    }
                    Insn::DupX1 => {
                        let v1 = pop!();
                        let v2 = pop!();
                        push!(v1);
                        push!(v2);
                        push!(v1);
                        pc += 1;
                    }
                    Insn::DupX2 => {
                        let v1 = pop!();
                        let v2 = pop!();
                        if v2.is_wide() {
                            push!(v1);
                            push!(v2);
                            push!(v1);
                        } else {
                            let v3 = pop!();
                            push!(v1);
                            push!(v3);
                            push!(v2);
                            push!(v1);
                        }
                        pc += 1;
                    }
                    Insn::Dup2 => {
                        let v1 = exec.peek(0);
                        if v1.is_wide() {
                            push!(v1);
                        } else {
                            let v2 = exec.peek(1);
                            push!(v2);
                            push!(v1);
                        }
                        pc += 1;
                    }
                    Insn::Dup2X1 => {
                        let v1 = pop!();
                        if v1.is_wide() {
                            let v2 = pop!();
                            push!(v1);
                            push!(v2);
                            push!(v1);
                        } else {
                            let v2 = pop!();
                            let v3 = pop!();
                            push!(v2);
                            push!(v1);
                            push!(v3);
                            push!(v2);
                            push!(v1);
                        }
                        pc += 1;
                    }
                    Insn::Dup2X2 => {
                        let v1 = pop!();
                        if v1.is_wide() {
                            let v2 = pop!();
                            if v2.is_wide() {
                                push!(v1);
                                push!(v2);
                                push!(v1);
                            } else {
                                let v3 = pop!();
                                push!(v1);
                                push!(v3);
                                push!(v2);
                                push!(v1);
                            }
                        } else {
                            let v2 = pop!();
                            let v3 = pop!();
                            if v3.is_wide() {
                                push!(v2);
                                push!(v1);
                                push!(v3);
                                push!(v2);
                                push!(v1);
                            } else {
                                let v4 = pop!();
                                push!(v2);
                                push!(v1);
                                push!(v4);
                                push!(v3);
                                push!(v2);
                                push!(v1);
                            }
                        }
                        pc += 1;
                    }
                    Insn::Swap => {
                        let v1 = pop!();
                        let v2 = pop!();
                        push!(v1);
                        push!(v2);
                        pc += 1;
                    }
                    Insn::Iadd => int_op!(|a, b| a.wrapping_add(b)),
                    Insn::Isub => int_op!(|a, b| a.wrapping_sub(b)),
                    Insn::Imul => int_op!(|a, b| a.wrapping_mul(b)),
                    Insn::Idiv | Insn::Irem => {
                        let b = exec.peek(0).as_int();
                        if b == 0 {
                            throw_vm!("java/lang/ArithmeticException", Some("/ by zero".into()))
                        }
                        if insn == Insn::Idiv {
                            int_op!(|a, b| a.wrapping_div(b))
                        } else {
                            int_op!(|a, b| a.wrapping_rem(b))
                        }
                    }
                    Insn::Ineg => unary!(as_int, Int, |a| a.wrapping_neg()),
                    Insn::Ishl => int_op!(|a, b| a.wrapping_shl(b as u32 & 31)),
                    Insn::Ishr => int_op!(|a, b| a >> (b & 31)),
                    Insn::Iushr => int_op!(|a, b| ((a as u32) >> (b & 31)) as i32),
                    Insn::Iand => int_op!(|a, b| a & b),
                    Insn::Ior => int_op!(|a, b| a | b),
                    Insn::Ixor => int_op!(|a, b| a ^ b),
                    Insn::Ladd => long_op!(|a, b| a.wrapping_add(b)),
                    Insn::Lsub => long_op!(|a, b| a.wrapping_sub(b)),
                    Insn::Lmul => long_op!(|a, b| a.wrapping_mul(b)),
                    Insn::Ldiv | Insn::Lrem => {
                        let b = exec.peek(0).as_long();
                        if b == 0 {
                            throw_vm!("java/lang/ArithmeticException", Some("/ by zero".into()))
                        }
                        if insn == Insn::Ldiv {
                            long_op!(|a, b| a.wrapping_div(b))
                        } else {
                            long_op!(|a, b| a.wrapping_rem(b))
                        }
                    }
                    Insn::Lneg => unary!(as_long, Long, |a| a.wrapping_neg()),
                    Insn::Lshl | Insn::Lshr | Insn::Lushr => {
                        let s = pop!().as_int() as u32 & 63;
                        let a = pop!().as_long();
                        push!(Value::Long(match insn {
                            Insn::Lshl => a.wrapping_shl(s),
                            Insn::Lshr => a >> s,
                            _ => ((a as u64) >> s) as i64,
                        }));
                        pc += 1;
                    }
                    Insn::Land => long_op!(|a, b| a & b),
                    Insn::Lor => long_op!(|a, b| a | b),
                    Insn::Lxor => long_op!(|a, b| a ^ b),
                    Insn::Fadd => float_op!(|a, b| a + b),
                    Insn::Fsub => float_op!(|a, b| a - b),
                    Insn::Fmul => float_op!(|a, b| a * b),
                    Insn::Fdiv => float_op!(|a, b| a / b),
                    Insn::Frem => float_op!(|a, b| a % b),
                    Insn::Fneg => unary!(as_float, Float, |a| -a),
                    Insn::Dadd => double_op!(|a, b| a + b),
                    Insn::Dsub => double_op!(|a, b| a - b),
                    Insn::Dmul => double_op!(|a, b| a * b),
                    Insn::Ddiv => double_op!(|a, b| a / b),
                    Insn::Drem => double_op!(|a, b| a % b),
                    Insn::Dneg => unary!(as_double, Double, |a| -a),
                    Insn::Iinc(i, delta) => {
                        if let Some(Value::Int(v)) = exec.stack.get_mut(locals + i as usize) {
                            *v = v.wrapping_add(i32::from(delta));
                        }
                        pc += 1;
                    }
                    Insn::I2l => unary!(as_int, Long, |a| i64::from(a)),
                    Insn::I2f => unary!(as_int, Float, |a| a as f32),
                    Insn::I2d => unary!(as_int, Double, |a| f64::from(a)),
                    Insn::L2i => unary!(as_long, Int, |a| a as i32),
                    Insn::L2f => unary!(as_long, Float, |a| a as f32),
                    Insn::L2d => unary!(as_long, Double, |a| a as f64),
                    Insn::F2i => unary!(as_float, Int, |a| a as i32),
                    Insn::F2l => unary!(as_float, Long, |a| a as i64),
                    Insn::F2d => unary!(as_float, Double, |a| f64::from(a)),
                    Insn::D2i => unary!(as_double, Int, |a| a as i32),
                    Insn::D2l => unary!(as_double, Long, |a| a as i64),
                    Insn::D2f => unary!(as_double, Float, |a| a as f32),
                    Insn::I2b => unary!(as_int, Int, |a| i32::from(a as i8)),
                    Insn::I2c => unary!(as_int, Int, |a| i32::from(a as u16)),
                    Insn::I2s => unary!(as_int, Int, |a| i32::from(a as i16)),
                    Insn::Lcmp => {
                        let b = pop!().as_long();
                        let a = pop!().as_long();
                        push!(Value::Int(compare(a, b, 0)));
                        pc += 1;
                    }
                    Insn::Fcmpl | Insn::Fcmpg => {
                        let b = pop!().as_float();
                        let a = pop!().as_float();
                        push!(Value::Int(compare(
                            a,
                            b,
                            if insn == Insn::Fcmpl { -1 } else { 1 }
                        )));
                        pc += 1;
                    }
                    Insn::Dcmpl | Insn::Dcmpg => {
                        let b = pop!().as_double();
                        let a = pop!().as_double();
                        push!(Value::Int(compare(
                            a,
                            b,
                            if insn == Insn::Dcmpl { -1 } else { 1 }
                        )));
                        pc += 1;
                    }
                    Insn::If(cond, target) => {
                        let a = pop!().as_int();
                        pc = if cond.test(a, 0) {
                            target as usize
                        } else {
                            pc + 1
                        };
                    }
                    Insn::IfIcmp(cond, target) => {
                        let b = pop!().as_int();
                        let a = pop!().as_int();
                        pc = if cond.test(a, b) {
                            target as usize
                        } else {
                            pc + 1
                        };
                    }
                    Insn::IfAcmpEq(target) | Insn::IfAcmpNe(target) => {
                        let b = pop!().as_ref();
                        let a = pop!().as_ref();
                        let eq = a == b;
                        let jump = if matches!(insn, Insn::IfAcmpEq(_)) {
                            eq
                        } else {
                            !eq
                        };
                        pc = if jump { target as usize } else { pc + 1 };
                    }
                    Insn::IfNull(target) | Insn::IfNonNull(target) => {
                        let null = pop!().as_ref().is_null();
                        let jump = if matches!(insn, Insn::IfNull(_)) {
                            null
                        } else {
                            !null
                        };
                        pc = if jump { target as usize } else { pc + 1 };
                    }
                    Insn::Goto(target) => pc = target as usize,
                    Insn::Jsr(target) => {
                        push!(Value::RetAddr(pc as u32 + 1));
                        pc = target as usize;
                    }
                    Insn::Ret(i) => match exec.stack.get(locals + i as usize) {
                        Some(Value::RetAddr(a)) => pc = *a as usize,
                        _ => throw_vm!(
                            "java/lang/VerifyError",
                            Some("ret without a return address".into())
                        ),
                    },
                    Insn::TableSwitch(s) | Insn::LookupSwitch(s) => {
                        let key = pop!().as_int();
                        pc = code.switches[s as usize].target(key) as usize;
                    }
                    Insn::Return => {
                        complex!(self.op_return(exec, None))
                    }
                    Insn::ReturnValue => {
                        let v = pop!();
                        complex!(self.op_return(exec, Some(v)))
                    }
                    Insn::GetField(index) => {
                        if M::EXPLORES {
                            complex!(self.op_getfield(exec, &class, index))
                        }
                        if let Some(crate::class::Resolved::Field(f)) =
                            class.cache.get(index as usize).and_then(|c| c.get())
                        {
                            let obj = exec.peek(0).as_ref();
                            if let Some(o) = self.state.heap.get(obj) {
                                let v =
                                    o.fields().get(f.slot as usize).copied().unwrap_or_default();
                                exec.stack.pop();
                                push!(v);
                                pc += 1;
                                continue;
                            }
                        }
                        complex!(self.op_getfield(exec, &class, index))
                    }
                    Insn::PutField(index) => {
                        if M::EXPLORES {
                            complex!(self.op_putfield(exec, &class, index))
                        }
                        if let Some(crate::class::Resolved::Field(f)) =
                            class.cache.get(index as usize).and_then(|c| c.get())
                        {
                            let obj = exec.peek(1).as_ref();
                            if let Some(o) = self.state.heap.get_mut(obj) {
                                let v = exec.stack.pop().unwrap_or_default();
                                exec.stack.pop();
                                if let Some(slot) = o.fields_mut().get_mut(f.slot as usize) {
                                    *slot = v;
                                }
                                pc += 1;
                                continue;
                            }
                        }
                        complex!(self.op_putfield(exec, &class, index))
                    }
                    Insn::GetStatic(index) => complex!(self.op_getstatic(exec, &class, index)),
                    Insn::PutStatic(index) => complex!(self.op_putstatic(exec, &class, index)),
                    Insn::InvokeVirtual(index) => {
                        complex!(self.op_invoke(
                            exec,
                            &class,
                            index,
                            super::operations::Kind::Virtual
                        ))
                    }
                    Insn::InvokeSpecial(index) => {
                        complex!(self.op_invoke(
                            exec,
                            &class,
                            index,
                            super::operations::Kind::Special
                        ))
                    }
                    Insn::InvokeStatic(index) => {
                        complex!(self.op_invoke(
                            exec,
                            &class,
                            index,
                            super::operations::Kind::Static
                        ))
                    }
                    Insn::InvokeInterface(index) => complex!(self.op_invoke(
                        exec,
                        &class,
                        index,
                        super::operations::Kind::Interface
                    )),
                    Insn::InvokeDynamic(index) => {
                        complex!(self.op_invokedynamic(exec, &class, index))
                    }
                    Insn::New(index) => complex!(self.op_new(exec, &class, index)),
                    Insn::NewArray(atype) => complex!(self.op_newarray(exec, atype)),
                    Insn::ANewArray(index) => complex!(self.op_anewarray(exec, &class, index)),
                    Insn::MultiANewArray(index, dims) => {
                        complex!(self.op_multianewarray(exec, &class, index, dims))
                    }
                    Insn::ArrayLength => {
                        let array = pop!().as_ref();
                        match self.state.heap.get(array).and_then(|o| o.data.array_len()) {
                            Some(len) => {
                                push!(Value::Int(len as i32));
                                pc += 1;
                            }
                            None => {
                                push!(Value::Ref(array));
                                throw_vm!("java/lang/NullPointerException", None)
                            }
                        }
                    }
                    Insn::Athrow => {
                        let ex = exec.peek(0).as_ref();
                        if ex.is_null() {
                            throw_vm!("java/lang/NullPointerException", None)
                        }
                        complex!(self.throw(exec, ex))
                    }
                    Insn::CheckCast(index) => {
                        let obj = exec.peek(0).as_ref();
                        if obj.is_null() {
                            pc += 1;
                            continue;
                        }
                        complex!(self.op_checkcast(exec, &class, index, obj))
                    }
                    Insn::InstanceOf(index) => complex!(self.op_instanceof(exec, &class, index)),
                    Insn::MonitorEnter => complex!(self.op_monitorenter(exec, in_system)),
                    Insn::MonitorExit => complex!(self.op_monitorexit(exec)),
                }
            }
        }
    }
}
