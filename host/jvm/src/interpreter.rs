//! The bytecode interpreter loop.
//!
//! Two loops share the running frame. The inner one executes the instructions that touch
//! only the frame and the heap, with the instruction pointer, the stack pointer and the
//! instruction budget in registers and no calls out of the loop; it stops at anything else:
//! an instruction that can call, allocate, initialize classes, block or report to the machine,
//! or a fault (null, bounds, division by zero, ill-typed code). The outer one handles that
//! instruction with the operations of `operations`, `class_init` and `exceptions`, then
//! reloads whichever frame is now on top. The inner loop runs the code in register form
//! (`classfile::fuse`): frequent sequences as single instructions on locals.

use std::cell::{Cell, OnceCell};

use super::class::{
    empty_special_entries, is_receiver_key, ready_pure_op, resolved_field, Body, Class,
    SPECIAL_CALL, STATIC_CALL,
};
use super::machine::{Access, Machine, VmEvent, VmEventKind};
use super::pvec::PVec;
use super::state::{initialized, ClassState, InitState};
use super::thread::{Exec, Frame, FrameKind};
use super::value::{Ref, Value};

use crate::class::Resolved;
use crate::classfile::{BinOp, Code, Constant, Insn};
use crate::exceptions::frame_fits;
use crate::flow::Stop;
use crate::heap::{instance_footprint, Heap, Obj, ObjData};
use crate::loader::Classes;
use crate::vm::{Jvm, Vm, VmOptions};

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

/// `a op b` as the JVM computes it (operands of the wrong type read as zero, see
/// [`Value::as_int`]); `None` for an integer division or remainder by zero.
#[inline(always)]
fn apply(op: BinOp, a: Value, b: Value) -> Option<Value> {
    use BinOp::*;
    let int = |f: fn(i32, i32) -> i32| Value::Int(f(a.as_int(), b.as_int()));
    let long = |f: fn(i64, i64) -> i64| Value::Long(f(a.as_long(), b.as_long()));
    let shift = |f: fn(i64, u32) -> i64| Value::Long(f(a.as_long(), b.as_int() as u32 & 63));
    let float = |f: fn(f32, f32) -> f32| Value::Float(f(a.as_float(), b.as_float()));
    let double = |f: fn(f64, f64) -> f64| Value::Double(f(a.as_double(), b.as_double()));
    Some(match op {
        Iadd => int(i32::wrapping_add),
        Isub => int(i32::wrapping_sub),
        Imul => int(i32::wrapping_mul),
        Idiv | Irem if b.as_int() == 0 => return None,
        Idiv => int(i32::wrapping_div),
        Irem => int(i32::wrapping_rem),
        Iand => int(|a, b| a & b),
        Ior => int(|a, b| a | b),
        Ixor => int(|a, b| a ^ b),
        Ishl => int(|a, b| a.wrapping_shl(b as u32 & 31)),
        Ishr => int(|a, b| a >> (b & 31)),
        Iushr => int(|a, b| ((a as u32) >> (b & 31)) as i32),
        Ladd => long(i64::wrapping_add),
        Lsub => long(i64::wrapping_sub),
        Lmul => long(i64::wrapping_mul),
        Ldiv | Lrem if b.as_long() == 0 => return None,
        Ldiv => long(i64::wrapping_div),
        Lrem => long(i64::wrapping_rem),
        Land => long(|a, b| a & b),
        Lor => long(|a, b| a | b),
        Lxor => long(|a, b| a ^ b),
        Lshl => shift(i64::wrapping_shl),
        Lshr => shift(|a, s| a >> s),
        Lushr => shift(|a, s| ((a as u64) >> s) as i64),
        Fadd => float(|a, b| a + b),
        Fsub => float(|a, b| a - b),
        Fmul => float(|a, b| a * b),
        Fdiv => float(|a, b| a / b),
        Dadd => double(|a, b| a + b),
        Dsub => double(|a, b| a - b),
        Dmul => double(|a, b| a * b),
        Ddiv => double(|a, b| a / b),
        Lcmp => Value::Int(compare(a.as_long(), b.as_long(), 0)),
        Fcmpl => Value::Int(compare(a.as_float(), b.as_float(), -1)),
        Fcmpg => Value::Int(compare(a.as_float(), b.as_float(), 1)),
        Dcmpl => Value::Int(compare(a.as_double(), b.as_double(), -1)),
        Dcmpg => Value::Int(compare(a.as_double(), b.as_double(), 1)),
    })
}

/// The small constant `k` of a register form as the right operand of `op` (see
/// [`BinOp::long_right`]).
#[inline(always)]
fn constant(op: BinOp, k: i16) -> Value {
    if op.long_right() {
        Value::Long(i64::from(k))
    } else {
        Value::Int(i32::from(k))
    }
}

/// Why the inner loop stopped.
#[derive(Clone, Copy)]
enum Exit {
    /// The budget is used up; the instruction at `pc` has not started.
    Budget,
    /// The machine records every instruction: the next one has not started.
    Record,
    /// The instruction at `pc` (counted) needs the outer loop.
    Slow(Insn),
    /// The instruction at `pc` (counted) faults; the frame is as it was before it.
    Fault(Fault),
}

/// A fault of an instruction the inner loop executes.
#[derive(Clone, Copy)]
enum Fault {
    /// A register form that cannot complete as a whole (it divides by zero): the outer loop
    /// runs the first instruction of its sequence alone, and the rest after it.
    Unfused,
    /// The value stack needs more room before the instruction can push.
    Grow,
    /// Ill-typed code pops more than its frame holds (the stack height check counts slots,
    /// and a long popped as two ints is one entry).
    Underflow,
    /// Control ran off the end of the code.
    FellOff,
    /// `ret` of a local that holds no return address.
    BadRet,
    /// A null array or object.
    Null,
    /// Integer division or remainder by zero.
    DivideByZero,
    /// An array index out of bounds.
    Bounds { index: i32, len: usize },
}

impl Fault {
    /// The exception the fault throws (class and message); `None` for [`Fault::Grow`], which
    /// is not the program's.
    fn exception(self) -> Option<(&'static str, Option<String>)> {
        let verify = |what: &str| Some(("java/lang/VerifyError", Some(what.to_string())));
        match self {
            Fault::Grow | Fault::Unfused => None,
            Fault::Underflow => verify("operand stack underflow"),
            Fault::FellOff => verify("fell off the end of the code"),
            Fault::BadRet => verify("ret without a return address"),
            Fault::Null => Some(("java/lang/NullPointerException", None)),
            Fault::DivideByZero => Some((
                "java/lang/ArithmeticException",
                Some("/ by zero".to_string()),
            )),
            Fault::Bounds { index, len } => Some((
                "java/lang/ArrayIndexOutOfBoundsException",
                Some(format!("Index {index} out of bounds for length {len}")),
            )),
        }
    }
}

/// `xaload`: element `index` of `array`.
#[inline(always)]
fn load_element(heap: &Heap, array: Ref, index: i32) -> Result<Value, Fault> {
    let obj = heap.get(array).ok_or(Fault::Null)?;
    usize::try_from(index)
        .ok()
        .and_then(|i| obj.data.load(i))
        .ok_or(Fault::Bounds {
            index,
            len: obj.data.array_len().unwrap_or(0),
        })
}

/// `xastore` of `value` (already type-checked) into element `index` of `array`.
#[inline(always)]
fn store_element(heap: &mut Heap, array: Ref, index: i32, value: Value) -> Result<(), Fault> {
    let stored = match usize::try_from(index) {
        Ok(i) => heap.store_element(array, i, value),
        Err(_) => heap.get(array).map(|_| false),
    };
    match stored {
        None => Err(Fault::Null),
        Some(true) => Ok(()),
        Some(false) => Err(Fault::Bounds {
            index,
            len: heap
                .get(array)
                .and_then(|o| o.data.array_len())
                .unwrap_or(0),
        }),
    }
}

/// Field `index` (a resolved pool entry) of object `obj`; `None` if the entry is not resolved,
/// `obj` is null or has no such field. A function, not a closure, so that it is always
/// inlined: as an out-of-line closure it cost the field forms a third of their instructions.
#[inline(always)]
fn field<'h>(
    heap: &'h Heap,
    cache: &[OnceCell<Resolved>],
    index: u16,
    obj: Ref,
) -> Option<&'h Value> {
    let f = resolved_field(cache, index)?;
    heap.get(obj)?.fields().get(f.slot as usize)
}

/// [`field`] for writing.
#[inline(always)]
fn field_mut<'h>(
    heap: &'h mut Heap,
    cache: &[OnceCell<Resolved>],
    index: u16,
    obj: Ref,
) -> Option<&'h mut Value> {
    let f = resolved_field(cache, index)?;
    heap.get_mut(obj)?.fields_mut().get_mut(f.slot as usize)
}

/// [`load_element`] and [`store_element`] out of line, for the outer loop: their element code
/// inlined there as well made a search's interpreter loop larger and slower.
#[inline(never)]
fn load_element_outer(heap: &Heap, array: Ref, index: i32) -> Result<Value, Fault> {
    load_element(heap, array, index)
}

/// See [`load_element_outer`].
#[inline(never)]
fn store_element_outer(heap: &mut Heap, array: Ref, index: i32, value: Value) -> Result<(), Fault> {
    store_element(heap, array, index, value)
}

/// Whether `checkcast` of pool entry `index` (`cache`: the class's [`Class::cache`]) passes
/// `obj` without consulting the class hierarchy: null, or an instance of exactly the class
/// the entry resolved to (anything else is the outer loop's).
#[inline(always)]
fn passes_cast(heap: &Heap, cache: &[OnceCell<Resolved>], index: u16, obj: Ref) -> bool {
    obj.is_null()
        || matches!(cache.get(usize::from(index)).and_then(OnceCell::get),
            Some(&Resolved::Class(c)) if heap.get(obj).is_some_and(|o| o.class == c))
}

/// The running frame as [`execute`] sees it: small, as plain execution makes one at every
/// call and return (see [`enter_call`]).
#[derive(Clone, Copy)]
struct View<'a> {
    /// The instructions the frame runs: in register form ([`Code::run`]) in plain execution;
    /// as decoded for a machine that explores, which leaves the inner loop at nearly every
    /// field and array access, before most register forms complete (its instruction counts
    /// went up with them).
    run: &'a [Insn],
    code: &'a Code,
    /// The method's class: its constant pool, resolution cache and call-site caches (see
    /// [`ready_pure`](crate::class::ready_pure)).
    class: &'a Class,
    /// Where the frame's locals and operand stack begin in the value stack.
    locals: usize,
    stack_base: usize,
}

impl<'a> View<'a> {
    /// The view of a frame running `code` of a method of `class`; with `plain`, for plain
    /// execution (which runs the register form; a machine that explores, the decoded
    /// instructions).
    fn of(class: &'a Class, code: &'a Code, frame: &Frame, plain: bool) -> View<'a> {
        View {
            run: match plain {
                true => code.register_form(&class.pool),
                false => &code.insns,
            },
            code,
            class,
            locals: frame.locals as usize,
            stack_base: frame.stack_base as usize,
        }
    }

    /// What pool entry `index` of the frame's class resolved to, if it has been resolved.
    #[inline(always)]
    fn resolved(&self, index: u16) -> Option<&'a Resolved> {
        self.class
            .cache
            .get(usize::from(index))
            .and_then(OnceCell::get)
    }
}

/// What plain execution's operations between inner-loop runs (static field accesses, calls,
/// returns and allocations) reach besides the frame and the heap.
struct World<'b> {
    classes: &'b Classes,
    opts: &'b VmOptions,
    class_states: &'b PVec<ClassState>,
    exec: &'b mut Exec,
}

/// `getstatic` or `putstatic` (`insn`, of pool entry `index`) made between inner-loop runs in
/// plain execution (the value stack is the vector's), if the field is resolved and its class
/// initialized; `false` (nothing changed) leaves it to the outer loop, which resolves and
/// initializes.
#[inline(never)]
fn access_static(
    world: &mut World<'_>,
    heap: &mut Heap,
    view: &View<'_>,
    regs: &mut Regs,
    insn: Insn,
    index: u16,
) -> bool {
    let Some(f) = resolved_field(&view.class.cache, index) else {
        return false;
    };
    let Some(state) = world.class_states.get(f.class as usize) else {
        return false;
    };
    if !f.is_static || state.init != InitState::Done {
        return false;
    }
    // SAFETY: as in the outer loop's `sync!`.
    unsafe { world.exec.stack.set_len(regs.sp) };
    // Entries and fields are copied as the inner loop writes them (`Value::relay`; see
    // `Value::put`): read back whole, an entry the inner loop wrote would stall the copy.
    let stack = &mut world.exec.stack;
    match insn {
        Insn::GetStatic(_) => {
            let Some(field) = heap
                .get(state.statics)
                .and_then(|o| o.fields().get(f.slot as usize))
            else {
                return false;
            };
            stack.reserve(1);
            let len = stack.len();
            // SAFETY: a field is a valid value, and the entry at `len` is within the
            // capacity; it is written before the length covers it.
            unsafe {
                Value::relay(field, stack.as_mut_ptr().add(len));
                stack.set_len(len + 1);
            }
        }
        _ => {
            let Some(top) = stack.len().checked_sub(1).filter(|&t| t >= view.stack_base) else {
                return false;
            };
            let Some(slot) = heap
                .get_mut(state.statics)
                .and_then(|o| o.fields_mut().get_mut(f.slot as usize))
            else {
                return false;
            };
            // SAFETY: the entry at `top` is below the length, and the slot is writable.
            unsafe { Value::relay(stack.as_ptr().add(top), slot) };
            stack.truncate(top);
        }
    }
    regs.resume(regs.pc + 1, stack);
    true
}

/// What the inner loop keeps in registers: the instruction pointer, the value stack's buffer,
/// length and capacity, and what is left of the budget.
#[derive(Clone, Copy)]
struct Regs {
    pc: usize,
    base: *mut Value,
    sp: usize,
    cap: usize,
    left: u64,
}

impl Regs {
    /// Runs on at `pc` with the value stack `stack`, which code outside the inner loop changed.
    #[inline(always)]
    fn resume(&mut self, pc: usize, stack: &mut Vec<Value>) {
        self.pc = pc;
        self.base = stack.as_mut_ptr();
        self.sp = stack.len();
        self.cap = stack.capacity();
    }
}

/// The inner loop: executes the instructions of `view`'s frame that need only the frame and
/// the heap, until the budget is used up, an instruction needs more, or one faults (with `ONE`,
/// stops after one instruction). A function of its own, with no calls out of it, so that its
/// registers are its own.
///
/// The value stack is used through a raw pointer. Every entry below `sp` was written (values
/// are `Copy`); pushes check the capacity before the instruction changes anything, pops check
/// the frame's base, and locals are below the frame's base (the decoder checked every local
/// index against max_locals, and the frame reserved max_locals entries): the pointer never
/// leaves the buffer.
///
/// Plain execution calls it out of line, so that the loop gets registers of its own; a machine
/// that explores leaves the loop so often (every field and array access) that the call would
/// cost more than it saves, and gets it inline ([`execute_outlined`]).
///
/// With `quiet` (asked of a machine that explores, see [`Machine::quiet_library`]), the
/// frame's instance field and array element accesses need none of the machine's hooks: they
/// run here as in plain execution, but for stores of references (which publish objects).
#[inline(always)]
fn execute<'a, M: Machine, const ONE: bool>(
    view: &View<'a>,
    heap: &mut Heap,
    regs: &mut Regs,
    quiet: bool,
) -> Exit {
    let View {
        locals, stack_base, ..
    } = *view;
    let Regs {
        pc,
        base,
        sp,
        cap,
        mut left,
    } = *regs;
    // The loop addresses the stack by pointers (fewer registers than a buffer and indices):
    // `top` is one past the top entry, `bottom` the frame's first operand entry, `end` the
    // end of the buffer (these two as addresses, only compared), `frame` local 0.
    const W: usize = std::mem::size_of::<Value>();
    let mut top = base.wrapping_add(sp);
    let bottom = base.wrapping_add(stack_base) as usize;
    let end = base.wrapping_add(cap) as usize;
    let frame = base.wrapping_add(locals);
    // The number of entries on the frame's operand stack is at least `$n`.
    macro_rules! holds {
        ($n:expr) => {
            top as usize >= bottom + $n * W
        };
    }
    // There is room for `$n` more entries.
    macro_rules! fits {
        ($n:expr) => {
            end - top as usize >= $n * W
        };
    }
    if !M::EXPLORES && pc >= view.run.len() {
        return Exit::Fault(Fault::FellOff);
    }
    // The instruction pointer: the instruction the loop runs next, as an address (one register
    // for the dispatch, where an index also needs the code's base), and the code's start and
    // end (a machine that explores runs the decoded instructions, which have no end marker).
    let code = view.run;
    let start = code.as_ptr();
    let code_end = start.wrapping_add(code.len()) as usize;
    let mut ip = start.wrapping_add(pc);
    // Moves the instruction pointer `$n` instructions on, or to instruction `$target`.
    macro_rules! step {
        ($n:expr) => {
            ip = ip.wrapping_add($n)
        };
    }
    // A run of several instructions in plain execution: register forms run whole (`whole!`),
    // and the budget is charged per branch taken (`goto!`), not per instruction. A machine
    // that explores counts every instruction (its transitions end at exact counts), and so
    // does a run of one.
    let plain_run = !M::EXPLORES && !ONE;
    // Plain execution charges its budget here, once per branch taken, and once per run of the
    // loop (`run_plain`): every endless run passes one or the other, and the instructions in
    // between pay nothing (counting them took 7–19% of the numeric benchmarks' instructions).
    // The branch completes first: a form that changed something (`IincGoto`) must not run
    // again.
    macro_rules! goto {
        ($target:expr) => {{
            ip = start.wrapping_add($target as usize);
            if plain_run {
                match left.checked_sub(1) {
                    Some(rest) => left = rest,
                    None => break Exit::Budget,
                }
            }
        }};
    }
    // The index of the instruction at `ip`.
    macro_rules! index {
        () => {
            (ip as usize - start as usize) / std::mem::size_of::<Insn>()
        };
    }
    let mut first = true;
    // Inner-loop stack access; a fault leaves the loop with the instruction
    // counted.
    macro_rules! fail {
        ($f:expr) => {
            break Exit::Fault($f)
        };
    }
    // Room for `$n` more entries, checked before the instruction changes anything.
    macro_rules! room {
        ($n:expr) => {
            if !fits!($n) {
                fail!(Fault::Grow)
            }
        };
    }
    // The entry `$depth` below the top (0 = top), left in place.
    // At least `$n` entries in the frame's operand stack.
    macro_rules! need {
        ($n:expr) => {
            if !holds!($n) {
                fail!(Fault::Underflow)
            }
        };
    }
    macro_rules! peek {
        ($depth:expr) => {{
            need!($depth + 1);
            // SAFETY: bottom <= top - depth - 1 < top, an initialized entry.
            unsafe { *top.sub($depth + 1) }
        }};
    }
    macro_rules! pop {
        () => {{
            let v = peek!(0);
            // SAFETY: peek! proved the entry exists.
            top = unsafe { top.sub(1) };
            v
        }};
    }
    // Writes `$v` to the entry at `$p`: as `Value::put` in plain execution, whose long runs
    // of this loop stall when a copy reads an entry back in other widths than it was written
    // (see `Value::put` and `copy!`); as a plain write under a machine that explores, whose
    // short runs between scheduling points pay more for `put`'s extra instructions.
    macro_rules! write {
        ($p:expr, $v:expr) => {{
            let (p, v): (*mut Value, Value) = ($p, $v);
            // SAFETY: the caller checked the entry against the frame.
            unsafe {
                if M::EXPLORES {
                    p.write(v)
                } else {
                    v.put(p)
                }
            }
        }};
    }
    // After `room!`: writes the next entry.
    macro_rules! push {
        ($v:expr) => {{
            debug_assert!(fits!(1));
            // room! checked top < end (or the instruction popped first).
            write!(top, $v);
            top = unsafe { top.add(1) };
        }};
    }
    // Replaces the top entry (after a `peek!(0)` or pops).
    macro_rules! set_top {
        // A peek! or pop! of this instruction proved the entry exists.
        ($v:expr) => {
            write!(unsafe { top.sub(1) }, $v)
        };
    }
    // Local variable `$i`: the decoder checked every local index against
    // max_locals, and the frame reserved max_locals entries below `stack_base`.
    macro_rules! local {
        ($i:expr) => {{
            debug_assert!(locals + ($i as usize) < stack_base);
            // Within the buffer: locals + i < stack_base <= sp (used inside `unsafe`).
            frame.add($i as usize)
        }};
    }
    // Copies the entry at `$from` to `$to` (pointers to entries of the value stack or to
    // fields, checked by the caller): as `Value::relay` in plain execution, as one 16-byte copy under a
    // machine that explores (as `write!`).
    macro_rules! copy {
        ($from:expr, $to:expr) => {{
            let (from, to): (*const Value, *mut Value) = ($from, $to);
            // SAFETY: the caller checked both entries against the frame.
            unsafe {
                if M::EXPLORES {
                    to.write(from.read())
                } else {
                    Value::relay(from, to)
                }
            }
        }};
    }
    // Copies the entry `$from` places above the top entry to `$to` places above it (-1 is
    // the top entry, 0 the next free one; both checked by the caller).
    macro_rules! copy_entry {
        ($from:expr, $to:expr) => {{
            // SAFETY: the caller checked both entries against the frame.
            copy!(unsafe { top.offset($from) }, unsafe { top.offset($to) })
        }};
    }
    // The binary operation `$op` on the two top entries.
    macro_rules! bin {
        ($op:expr) => {{
            need!(2);
            // SAFETY: need! proved both entries exist.
            let (a, b) = unsafe { (*top.sub(2), *top.sub(1)) };
            match apply($op, a, b) {
                Some(v) => {
                    top = unsafe { top.sub(1) };
                    set_top!(v);
                    step!(1);
                }
                None => fail!(Fault::DivideByZero),
            }
        }};
    }
    // Pushes local `$i`.
    macro_rules! load {
        ($i:expr) => {{
            room!(1);
            // SAFETY: locals are initialized entries.
            copy!(unsafe { local!($i) }, top);
            top = unsafe { top.add(1) };
            step!(1);
        }};
    }
    // The value of local `$i`.
    macro_rules! value {
        ($i:expr) => {
            // SAFETY: locals are initialized entries.
            unsafe { *local!($i) }
        };
    }
    // Finishes a register form of `$n` instructions whose result is `$v`: `$put` puts the
    // result where the sequence leaves it. A division by zero leaves the first instruction of
    // the sequence to run alone.
    macro_rules! fused {
        ($n:expr, $v:expr, |$r:ident| $put:expr) => {{
            match $v {
                Some($r) => {
                    $put;
                    step!($n);
                }
                None => fail!(Fault::Unfused),
            }
        }};
    }
    // Stores `$v` in local `$i`.
    macro_rules! store {
        ($i:expr, $v:expr) => {
            // SAFETY: see local!.
            write!(unsafe { local!($i) }, $v)
        };
    }
    // Adds `$delta` to int local `$i`.
    macro_rules! iinc {
        ($i:expr, $delta:expr) => {{
            // SAFETY: see local!.
            let slot = unsafe { local!($i) };
            // SAFETY: locals are initialized entries.
            if let Value::Int(v) = unsafe { *slot } {
                write!(slot, Value::Int(v.wrapping_add(i32::from($delta))));
            }
        }};
    }
    // Whether a register form may run whole: in a plain run (otherwise its first instruction
    // runs alone, and the rest after it; a machine that explores runs the decoded
    // instructions and meets no forms). No budget test: see `goto!`.
    macro_rules! whole {
        () => {
            plain_run
        };
    }
    macro_rules! unary {
        ($as:ident, $ctor:ident, |$a:ident| $e:expr) => {{
            let $a = peek!(0).$as();
            set_top!(Value::$ctor($e));
            step!(1);
        }};
    }
    // Finishes a compare-and-branch form of `$n` instructions: compares `$x` with `$y` by
    // `$op`, pops the `$pops` entries the form read and branches as `$cond` says.
    macro_rules! compare_branch {
        ($n:expr, $pops:expr, $op:expr, $x:expr, $y:expr, $cond:expr, $target:expr) => {{
            let taken = apply($op, $x, $y).is_some_and(|v| $cond.test(v.as_int(), 0));
            // The caller's guard proved the entries exist.
            top = unsafe { top.sub($pops) };
            if taken {
                goto!($target)
            } else {
                step!($n)
            }
        }};
    }
    // `frem` and `drem` (out of `apply`: their library calls would make every register form
    // that calls `apply` save and restore the loop's registers).
    macro_rules! remainder {
        ($as:ident, $ctor:ident) => {{
            let b = pop!().$as();
            set_top!(Value::$ctor(peek!(0).$as() % b));
            step!(1);
        }};
    }
    macro_rules! constant {
        ($v:expr) => {{
            room!(1);
            push!($v);
            step!(1);
        }};
    }
    macro_rules! branch {
        ($taken:expr, $target:expr) => {
            if $taken {
                goto!($target)
            } else {
                step!(1)
            }
        };
    }

    // Pops an object and two values and stores their result `$op` in the object's field
    // `$index` (after a guard that proved the three entries exist).
    macro_rules! bin_put_field {
        ($op:expr, $index:expr) => {{
            // SAFETY: the guard proved the three entries exist.
            let (obj, x, y) = unsafe { ((*top.sub(3)).as_ref(), *top.sub(2), *top.sub(1)) };
            match (
                field_mut(heap, &view.class.cache, $index, obj),
                apply($op, x, y),
            ) {
                (Some(slot), Some(v)) => {
                    write!(slot, v);
                    top = unsafe { top.sub(3) };
                    step!(2);
                }
                _ => bin!($op),
            }
        }};
    }
    let exit = loop {
        // Counted per instruction unless this is a plain run (see `plain_run`).
        if !plain_run {
            // One subtraction and its borrow: the budget test costs two instructions.
            let Some(rest) = left.checked_sub(1) else {
                break Exit::Budget;
            };
            if ONE {
                if !first {
                    break Exit::Record;
                }
                first = false;
            }
            left = rest;
        }
        // The instruction is matched where it lies, not copied out: each arm then reads its
        // own operands. A copy had every operand field extracted into registers before the
        // jump, which pushed the instruction pointer out of its register (a tenth fewer
        // instructions).
        let at: &Insn = if M::EXPLORES {
            if ip as usize >= code_end {
                fail!(Fault::FellOff)
            }
            // SAFETY: `ip` lies within the code: jump targets are instructions (the decoder
            // checked them), and it was just compared with the end.
            unsafe { &*ip }
        } else {
            debug_assert!((ip as usize) < code_end);
            // SAFETY: ip starts within the code (checked on entry) and every instruction moves
            // it to at most the end marker after the last instruction (see `register_form`),
            // which does not move it: branch and switch targets are instructions (the decoder
            // checked them), a register form skips only its own sequence, and `ret` checks its
            // address.
            unsafe { &*ip }
        };
        match *at {
            Insn::Nop => step!(1),
            Insn::AconstNull => constant!(Value::NULL),
            Insn::Iconst(v) => constant!(Value::Int(v)),
            Insn::Lconst(v) => constant!(Value::Long(i64::from(v))),
            Insn::Fconst(v) => constant!(Value::Float(v)),
            Insn::Dconst(v) => constant!(Value::Double(f64::from(v))),
            Insn::Ldc(index) | Insn::Ldc2(index) => {
                // Numeric constants need no resolution, nor strings the same in every state.
                match view.class.pool.get(usize::from(index)) {
                    Some(&Constant::Int(v)) => constant!(Value::Int(v)),
                    Some(&Constant::Float(v)) => constant!(Value::Float(v)),
                    Some(&Constant::Long(v)) => constant!(Value::Long(v)),
                    Some(&Constant::Double(v)) => constant!(Value::Double(v)),
                    _ => match view.resolved(index) {
                        Some(&Resolved::String(r)) => constant!(Value::Ref(r)),
                        _ => break Exit::Slow(*at),
                    },
                }
            }
            Insn::Load(i) => load!(i),
            Insn::Store(i) => {
                need!(1);
                // SAFETY: need! proved the entry exists.
                top = unsafe { top.sub(1) };
                copy!(top, unsafe { local!(i) });
                step!(1);
            }
            Insn::ArrayLoad => {
                if M::EXPLORES && !quiet {
                    break Exit::Slow(*at);
                }
                let index = peek!(0).as_int();
                let array = peek!(1).as_ref();
                match load_element(heap, array, index) {
                    Ok(v) => {
                        top = unsafe { top.sub(1) };
                        set_top!(v);
                        step!(1);
                    }
                    Err(f) => fail!(f),
                }
            }
            Insn::ArrayStore => {
                if M::EXPLORES && !quiet {
                    break Exit::Slow(*at);
                }
                let value = peek!(0);
                let index = peek!(1).as_int();
                let array = peek!(2).as_ref();
                if matches!(value, Value::Ref(r) if !r.is_null()) {
                    // Needs the ArrayStoreException check.
                    break Exit::Slow(*at);
                }
                match store_element(heap, array, index, value) {
                    Ok(()) => {
                        top = unsafe { top.sub(3) };
                        step!(1);
                    }
                    Err(f) => fail!(f),
                }
            }
            Insn::Pop => {
                let _ = pop!();
                step!(1);
            }
            Insn::Pop2 => {
                if !pop!().is_wide() {
                    let _ = pop!();
                }
                step!(1);
            }
            Insn::Dup => {
                room!(1);
                need!(1);
                copy_entry!(-1, 0);
                top = unsafe { top.add(1) };
                step!(1);
            }
            Insn::DupX1 => {
                room!(1);
                need!(2);
                copy_entry!(-1, 0);
                copy_entry!(-2, -1);
                copy_entry!(0, -2);
                top = unsafe { top.add(1) };
                step!(1);
            }
            Insn::DupX2 => {
                room!(1);
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
                step!(1);
            }
            Insn::Dup2 => {
                room!(2);
                let v1 = peek!(0);
                if v1.is_wide() {
                    push!(v1);
                } else {
                    let v2 = peek!(1);
                    push!(v2);
                    push!(v1);
                }
                step!(1);
            }
            Insn::Dup2X1 => {
                room!(2);
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
                step!(1);
            }
            Insn::Dup2X2 => {
                room!(2);
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
                step!(1);
            }
            Insn::Swap => {
                let v1 = pop!();
                let v2 = pop!();
                push!(v1);
                push!(v2);
                step!(1);
            }
            Insn::Iadd => bin!(BinOp::Iadd),
            Insn::Isub => bin!(BinOp::Isub),
            Insn::Imul => bin!(BinOp::Imul),
            Insn::Idiv => bin!(BinOp::Idiv),
            Insn::Irem => bin!(BinOp::Irem),
            Insn::Ineg => unary!(as_int, Int, |a| a.wrapping_neg()),
            Insn::Ishl => bin!(BinOp::Ishl),
            Insn::Ishr => bin!(BinOp::Ishr),
            Insn::Iushr => bin!(BinOp::Iushr),
            Insn::Iand => bin!(BinOp::Iand),
            Insn::Ior => bin!(BinOp::Ior),
            Insn::Ixor => bin!(BinOp::Ixor),
            Insn::Ladd => bin!(BinOp::Ladd),
            Insn::Lsub => bin!(BinOp::Lsub),
            Insn::Lmul => bin!(BinOp::Lmul),
            Insn::Ldiv => bin!(BinOp::Ldiv),
            Insn::Lrem => bin!(BinOp::Lrem),
            Insn::Lneg => unary!(as_long, Long, |a| a.wrapping_neg()),
            Insn::Lshl => bin!(BinOp::Lshl),
            Insn::Lshr => bin!(BinOp::Lshr),
            Insn::Lushr => bin!(BinOp::Lushr),
            Insn::Land => bin!(BinOp::Land),
            Insn::Lor => bin!(BinOp::Lor),
            Insn::Lxor => bin!(BinOp::Lxor),
            Insn::Fadd => bin!(BinOp::Fadd),
            Insn::Fsub => bin!(BinOp::Fsub),
            Insn::Fmul => bin!(BinOp::Fmul),
            Insn::Fdiv => bin!(BinOp::Fdiv),
            Insn::Frem => remainder!(as_float, Float),
            Insn::Fneg => unary!(as_float, Float, |a| -a),
            Insn::Dadd => bin!(BinOp::Dadd),
            Insn::Dsub => bin!(BinOp::Dsub),
            Insn::Dmul => bin!(BinOp::Dmul),
            Insn::Ddiv => bin!(BinOp::Ddiv),
            Insn::Drem => remainder!(as_double, Double),
            Insn::Dneg => unary!(as_double, Double, |a| -a),
            Insn::Iinc(i, delta) => {
                iinc!(i, delta);
                step!(1);
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
            Insn::Lcmp => bin!(BinOp::Lcmp),
            Insn::Fcmpl => bin!(BinOp::Fcmpl),
            Insn::Fcmpg => bin!(BinOp::Fcmpg),
            Insn::Dcmpl => bin!(BinOp::Dcmpl),
            Insn::Dcmpg => bin!(BinOp::Dcmpg),
            Insn::If(cond, target) => {
                let a = pop!().as_int();
                branch!(cond.test(a, 0), target);
            }
            Insn::IfIcmp(cond, target) => {
                let b = pop!().as_int();
                let a = pop!().as_int();
                branch!(cond.test(a, b), target);
            }
            Insn::IfAcmpEq(target) => {
                let b = pop!().as_ref();
                let a = pop!().as_ref();
                branch!(a == b, target);
            }
            Insn::IfAcmpNe(target) => {
                let b = pop!().as_ref();
                let a = pop!().as_ref();
                branch!(a != b, target);
            }
            Insn::IfNull(target) => {
                let null = pop!().as_ref().is_null();
                branch!(null, target);
            }
            Insn::IfNonNull(target) => {
                let null = pop!().as_ref().is_null();
                branch!(!null, target);
            }
            Insn::Goto(target) => goto!(target),
            Insn::Jsr(target) => {
                room!(1);
                push!(Value::RetAddr(index!() as u32 + 1));
                goto!(target);
            }
            // SAFETY: locals are initialized entries.
            Insn::Ret(i) => match unsafe { *local!(i) } {
                // A return address of another method's code, passed in by ill-typed code,
                // could lie beyond this one's.
                Value::RetAddr(a) if (a as usize) <= view.code.insns.len() => goto!(a),
                _ => fail!(Fault::BadRet),
            },
            Insn::TableSwitch(s) | Insn::LookupSwitch(s) => {
                let key = pop!().as_int();
                goto!(view.code.switches[s as usize].target(key));
            }
            Insn::GetField(index) => {
                if M::EXPLORES && !quiet {
                    break Exit::Slow(*at);
                }
                let Some(f) = resolved_field(&view.class.cache, index) else {
                    break Exit::Slow(*at);
                };
                let obj = peek!(0).as_ref();
                let Some(o) = heap.get(obj) else {
                    break Exit::Slow(*at);
                };
                match o.fields().get(f.slot as usize) {
                    // A field is a valid value; peek! proved the top entry exists.
                    Some(field) => copy!(field, unsafe { top.sub(1) }),
                    None => set_top!(Value::Void),
                }
                step!(1);
            }
            // A call bound to a pure native of an initialized class, computed in place as
            // the outer loop's `call_pure` would (plain execution only, as there).
            Insn::InvokeStatic(index) if !M::EXPLORES => {
                let site = view.class.sites.get(usize::from(index)).map(Cell::get);
                match site.and_then(|[(key, _), _]| ready_pure_op(key)) {
                    Some(op) if holds!(op.args()) => {
                        // SAFETY: the guard proved the arguments exist.
                        let at = unsafe { top.sub(op.args()) };
                        let args = unsafe { std::slice::from_raw_parts(at, op.args()) };
                        let result = op.apply(args);
                        top = at;
                        push!(result);
                        step!(1);
                    }
                    _ => break Exit::Slow(*at),
                }
            }
            Insn::PutField(index) => {
                if M::EXPLORES && !quiet {
                    break Exit::Slow(*at);
                }
                let Some(f) = resolved_field(&view.class.cache, index) else {
                    break Exit::Slow(*at);
                };
                let obj = peek!(1).as_ref();
                if M::EXPLORES {
                    // A reference stored may publish an object, and the heap's graph hash
                    // follows every store (`write_field`).
                    let value = peek!(0);
                    if matches!(value, Value::Ref(r) if !r.is_null())
                        || !heap.write_field(obj, f.slot, value)
                    {
                        break Exit::Slow(*at);
                    }
                } else {
                    let Some(o) = heap.get_mut(obj) else {
                        break Exit::Slow(*at);
                    };
                    if let Some(slot) = o.fields_mut().get_mut(f.slot as usize) {
                        // peek! proved the top entry exists; the field is writable.
                        copy!(unsafe { top.sub(1) }, slot);
                    }
                }
                top = unsafe { top.sub(2) };
                step!(1);
            }
            Insn::BinLL(op, a, b) if whole!() && fits!(1) => {
                fused!(3, apply(op, value!(a), value!(b)), |v| push!(v))
            }
            Insn::BinLLStore(op, a, b, c) if whole!() => {
                fused!(4, apply(op, value!(a), value!(b)), |v| store!(c, v))
            }
            Insn::BinLK(op, a, k) if whole!() && fits!(1) => {
                fused!(3, apply(op, value!(a), constant(op, k)), |v| push!(v))
            }
            Insn::BinLKStore(op, a, k, c) if whole!() => {
                fused!(4, apply(op, value!(a), constant(op, k)), |v| store!(c, v))
            }
            // SAFETY (reading the top entries): each guard proves they exist.
            Insn::BinSL(op, b) if whole!() && holds!(1) => {
                let t = unsafe { *top.sub(1) };
                fused!(2, apply(op, t, value!(b)), |v| set_top!(v))
            }
            Insn::BinSLStore(op, b, c) if whole!() && holds!(1) => {
                let t = unsafe { *top.sub(1) };
                fused!(3, apply(op, t, value!(b)), |v| {
                    top = unsafe { top.sub(1) };
                    store!(c, v)
                })
            }
            Insn::BinSK(op, k) if whole!() && holds!(1) => {
                let t = unsafe { *top.sub(1) };
                fused!(2, apply(op, t, constant(op, k)), |v| set_top!(v))
            }
            Insn::BinStore(op, c) if whole!() && holds!(2) => {
                let (x, y) = unsafe { (*top.sub(2), *top.sub(1)) };
                fused!(2, apply(op, x, y), |v| {
                    top = unsafe { top.sub(2) };
                    store!(c, v)
                })
            }
            Insn::CmpIf(op, cond, target) if whole!() && holds!(2) => {
                let (x, y) = unsafe { (*top.sub(2), *top.sub(1)) };
                compare_branch!(2, 2, op, x, y, cond, target)
            }
            Insn::IfLL(cond, a, b, target) if whole!() => {
                let taken = cond.test(value!(a).as_int(), value!(b).as_int());
                if taken {
                    goto!(target)
                } else {
                    step!(3)
                }
            }
            Insn::IfLK(cond, a, k, target) if whole!() => {
                let taken = cond.test(value!(a).as_int(), i32::from(k));
                if taken {
                    goto!(target)
                } else {
                    step!(3)
                }
            }
            Insn::IfL(cond, a, target) if whole!() => {
                let taken = cond.test(value!(a).as_int(), 0);
                if taken {
                    goto!(target)
                } else {
                    step!(2)
                }
            }
            Insn::GetFieldL(a, index) if whole!() && fits!(1) => {
                match field(heap, &view.class.cache, index, value!(a).as_ref()) {
                    Some(field) => {
                        // SAFETY: top < end; a field is a valid value.
                        copy!(field, top);
                        top = unsafe { top.add(1) };
                        step!(2);
                    }
                    None => load!(a),
                }
            }
            Insn::BinLF(op, x, a, index) if whole!() && fits!(1) => {
                match field(heap, &view.class.cache, index, value!(a).as_ref()).copied() {
                    Some(y) => fused!(4, apply(op, value!(x), y), |v| push!(v)),
                    None => load!(x),
                }
            }
            Insn::ArrayLoadLL(a, i) if whole!() && fits!(1) => {
                match load_element(heap, value!(a).as_ref(), value!(i).as_int()) {
                    Ok(v) => {
                        push!(v);
                        step!(3);
                    }
                    Err(_) => load!(a),
                }
            }
            Insn::ArrayLoadLLStore(a, i, c) if whole!() => {
                match load_element(heap, value!(a).as_ref(), value!(i).as_int()) {
                    Ok(v) => {
                        store!(c, v);
                        step!(4);
                    }
                    Err(_) => load!(a),
                }
            }
            Insn::ArrayStoreLLL(a, i, v) if whole!() => {
                let v = value!(v);
                // A reference needs the outer loop's ArrayStoreException check.
                let stored = !matches!(v, Value::Ref(r) if !r.is_null())
                    && store_element(heap, value!(a).as_ref(), value!(i).as_int(), v).is_ok();
                if stored {
                    step!(4);
                } else {
                    load!(a)
                }
            }
            Insn::IincGoto(i, delta, target) if whole!() => {
                iinc!(i, delta);
                goto!(target);
            }
            Insn::GetFieldDupL(a, index) if whole!() && fits!(2) => {
                match field(heap, &view.class.cache, index, value!(a).as_ref()) {
                    Some(field) => {
                        // The receiver is copied as it lies (`push!` would rebuild it from
                        // its variant). SAFETY: fits!(2) left room for both; locals and
                        // fields are valid values.
                        copy!(unsafe { local!(a) }, top);
                        top = unsafe { top.add(1) };
                        copy!(field, top);
                        top = unsafe { top.add(1) };
                        step!(3);
                    }
                    None => load!(a),
                }
            }
            Insn::BinPutField(op, index) if whole!() && holds!(3) => bin_put_field!(op, index),
            Insn::DaddPutField(index) if whole!() && holds!(3) => {
                bin_put_field!(BinOp::Dadd, index)
            }
            Insn::DsubPutField(index) if whole!() && holds!(3) => {
                bin_put_field!(BinOp::Dsub, index)
            }
            Insn::DmulPutField(index) if whole!() && holds!(3) => {
                bin_put_field!(BinOp::Dmul, index)
            }
            Insn::BinSF(op, a, index) if whole!() && holds!(1) => {
                match field(heap, &view.class.cache, index, value!(a).as_ref()).copied() {
                    // SAFETY: the guard proved the top entry exists.
                    Some(y) => fused!(3, apply(op, unsafe { *top.sub(1) }, y), |v| set_top!(v)),
                    None => load!(a),
                }
            }
            Insn::ArrayMoveLL(a, i) if whole!() && holds!(2) => {
                // SAFETY: the guard proved both entries exist.
                let (to, at) = unsafe { ((*top.sub(2)).as_ref(), (*top.sub(1)).as_int()) };
                let moved = match load_element(heap, value!(a).as_ref(), value!(i).as_int()) {
                    // A reference needs the outer loop's ArrayStoreException check.
                    Ok(Value::Ref(r)) if !r.is_null() => false,
                    Ok(v) => store_element(heap, to, at, v).is_ok(),
                    Err(_) => false,
                };
                if moved {
                    top = unsafe { top.sub(2) };
                    step!(4);
                } else {
                    load!(a)
                }
            }
            Insn::ArrayMoveLLLL(b, j, a, i) if whole!() => {
                let moved = match load_element(heap, value!(a).as_ref(), value!(i).as_int()) {
                    // A reference needs the outer loop's ArrayStoreException check.
                    Ok(Value::Ref(r)) if !r.is_null() => false,
                    Ok(v) => store_element(heap, value!(b).as_ref(), value!(j).as_int(), v).is_ok(),
                    Err(_) => false,
                };
                if moved {
                    step!(6);
                } else {
                    load!(b)
                }
            }
            Insn::StoreK(c, k) if whole!() => {
                store!(c, Value::Int(k));
                step!(2);
            }
            // SAFETY (reading the top entry): each guard proves it exists.
            Insn::CmpLIf(op, b, cond, target) if whole!() && holds!(1) => {
                let t = unsafe { *top.sub(1) };
                compare_branch!(3, 1, op, t, value!(b), cond, target)
            }
            Insn::CmpKIf(op, k, cond, target) if whole!() && holds!(1) => {
                let t = unsafe { *top.sub(1) };
                compare_branch!(3, 1, op, t, constant(op, i16::from(k)), cond, target)
            }
            // Register forms that cannot run whole run their first instruction.
            Insn::BinLL(_, a, _)
            | Insn::BinLLStore(_, a, _, _)
            | Insn::BinLK(_, a, _)
            | Insn::BinLKStore(_, a, _, _)
            | Insn::BinSL(_, a)
            | Insn::BinSLStore(_, a, _)
            | Insn::IfL(_, a, _)
            | Insn::GetFieldL(a, _)
            | Insn::ArrayLoadLL(a, _)
            | Insn::ArrayLoadLLStore(a, _, _)
            | Insn::ArrayStoreLLL(a, _, _)
            | Insn::GetFieldDupL(a, _)
            | Insn::BinSF(_, a, _)
            | Insn::BinLF(_, a, _, _)
            | Insn::ArrayMoveLL(a, _) => load!(a),
            Insn::DaddPutField(_) => bin!(BinOp::Dadd),
            Insn::DsubPutField(_) => bin!(BinOp::Dsub),
            Insn::DmulPutField(_) => bin!(BinOp::Dmul),
            Insn::StoreK(_, k) => constant!(Value::Int(k)),
            Insn::IincGoto(i, delta, _) => {
                iinc!(i, delta);
                step!(1);
            }
            Insn::IfLL(_, a, _, _)
            | Insn::IfLK(_, a, _, _)
            | Insn::CmpLIf(_, a, _, _)
            | Insn::ArrayMoveLLLL(a, ..) => load!(a),
            Insn::CmpKIf(op, k, _, _) => constant!(constant(op, i16::from(k))),
            Insn::BinSK(op, k) => constant!(constant(op, k)),
            Insn::BinStore(op, _) | Insn::CmpIf(op, _, _) | Insn::BinPutField(op, _) => bin!(op),
            Insn::End => fail!(Fault::FellOff),
            Insn::ArrayLength => {
                let array = peek!(0).as_ref();
                match heap.get(array).and_then(|o| o.data.array_len()) {
                    Some(len) => {
                        set_top!(Value::Int(len as i32));
                        step!(1);
                    }
                    None => fail!(Fault::Null),
                }
            }
            Insn::CheckCast(index)
                if passes_cast(heap, &view.class.cache, index, peek!(0).as_ref()) =>
            {
                step!(1)
            }
            // Listed rather than `_`: a new instruction must be placed on purpose.
            Insn::CheckCast(_)
            | Insn::GetStatic(_)
            | Insn::PutStatic(_)
            | Insn::Return
            | Insn::ReturnValue
            | Insn::InvokeVirtual(_)
            | Insn::InvokeSpecial(_)
            | Insn::InvokeStatic(_)
            | Insn::InvokeInterface(_)
            | Insn::InvokeDynamic(_)
            | Insn::New(_)
            | Insn::NewArray(_)
            | Insn::ANewArray(_)
            | Insn::MultiANewArray(..)
            | Insn::Athrow
            | Insn::InstanceOf(_)
            | Insn::MonitorEnter
            | Insn::MonitorExit => break Exit::Slow(*at),
        }
    };
    *regs = Regs {
        pc: index!(),
        base,
        sp: (top as usize - base as usize) / W,
        cap,
        left,
    };
    exit
}

/// [`execute`] in a function of its own.
#[inline(never)]
fn execute_outlined<M: Machine>(view: &View<'_>, heap: &mut Heap, regs: &mut Regs) -> Exit {
    execute::<M, false>(view, heap, regs, false)
}

/// [`execute`] of a single instruction, in a function of its own (it is rarely needed).
#[inline(never)]
fn execute_single<M: Machine>(view: &View<'_>, heap: &mut Heap, regs: &mut Regs) -> Exit {
    execute::<M, true>(view, heap, regs, false)
}

/// An `invokespecial` (of pool entry `index`) of a method that does nothing
/// ([`empty_special`](crate::class::empty_special)) made between inner-loop runs in plain
/// execution: its arguments dropped, if the receiver is not null (`false`, nothing changed,
/// leaves it to the outer loop, which throws). Handled in the inner loop itself, it cost the
/// numeric programs 5–13% of their time through the loop's code layout.
fn drop_empty_call(view: &View<'_>, regs: &mut Regs, index: u16) -> bool {
    let site = view.class.sites.get(usize::from(index)).map(Cell::get);
    let Some(n) = site.and_then(|[(key, _), _]| empty_special_entries(key)) else {
        return false;
    };
    let Some(at) = regs.sp.checked_sub(n).filter(|&at| at >= view.stack_base) else {
        return false;
    };
    // SAFETY: the entry is below `sp`, written (see `execute`).
    if unsafe { *regs.base.add(at) }.as_ref().is_null() {
        return false;
    }
    regs.sp = at;
    regs.pc += 1;
    true
}

/// An invoke (`insn`) made between inner-loop runs in plain execution, where its call site's
/// cache ([`Site`](crate::class::Site)) selects a bytecode method that needs no more than a
/// frame (not synchronized; a static method's class initialized; the frame within the stack's
/// limits): the callee's frame pushed, as `Vm::call` pushes it, and `view` and `regs` moved to
/// it. `false` leaves the call to the outer loop, with nothing changed but perhaps the site's
/// cache, which then holds the selection the outer loop makes. Through the outer loop, a call
/// and its return cost about 450 machine instructions. Inlined into `run_plain`, as
/// [`leave_call`] is: out of line, the two cost about 75 more per call (SpectralNorm and
/// Dispatch ran 7–8% more instructions).
#[inline(always)]
fn enter_call<'w>(
    world: &mut World<'w>,
    heap: &Heap,
    view: &mut View<'w>,
    regs: &mut Regs,
    insn: Insn,
) -> bool {
    let (Insn::InvokeStatic(index)
    | Insn::InvokeSpecial(index)
    | Insn::InvokeVirtual(index)
    | Insn::InvokeInterface(index)) = insn
    else {
        return false;
    };
    let Some(site) = view.class.sites.get(usize::from(index)) else {
        return false;
    };
    let [(key, first), (second_key, second)] = site.get();
    let classes = world.classes;
    // The receiver (for a call with one), `entries` below the top.
    let receiver = |entries: usize| {
        let at = regs
            .sp
            .checked_sub(entries)
            .filter(|&at| at >= view.stack_base)?;
        // SAFETY: the entry is below `sp`, written (see `execute`).
        let r = unsafe { *regs.base.add(at) }.as_ref();
        (!r.is_null()).then_some(r)
    };
    let target = match insn {
        Insn::InvokeStatic(_) if key == STATIC_CALL => first,
        Insn::InvokeSpecial(_) if key == SPECIAL_CALL => first,
        Insn::InvokeVirtual(_) | Insn::InvokeInterface(_) if is_receiver_key(key) => {
            // Both entries' methods have the call's descriptor (see `Vm::op_invoke`).
            let entries = usize::from(classes.method(first).arg_entries);
            let Some(class) = receiver(entries).and_then(|r| heap.get(r)).map(|o| o.class) else {
                return false;
            };
            match class {
                c if c == key => first,
                c if c == second_key => second,
                c => {
                    // A receiver class the site has not seen lately (a megamorphic site's):
                    // selected as `Vm::op_invoke` selects it, and joins the site's classes.
                    let Some(&Resolved::Method(resolved)) = view.resolved(index) else {
                        return false;
                    };
                    let Some(selected) = classes.selected(c, resolved) else {
                        return false;
                    };
                    site.set([(c, selected), (key, first)]);
                    selected
                }
            }
        }
        _ => return false,
    };
    let m = classes.method(target);
    let Body::Code(code) = m.body() else {
        return false;
    };
    let ready = match insn {
        Insn::InvokeStatic(_) => initialized(world.class_states, m.class),
        Insn::InvokeSpecial(_) => receiver(usize::from(m.arg_entries)).is_some(),
        _ => true,
    };
    let exec = &mut *world.exec;
    // SAFETY: as in the outer loop's `sync!`.
    unsafe { exec.stack.set_len(regs.sp) };
    if !ready || m.is_synchronized() || !frame_fits(world.opts, exec, m, code) {
        return false;
    }
    let Some(caller) = exec.frames.last_mut() else {
        return false;
    };
    caller.pc = regs.pc as u32;
    exec.push_frame(
        m,
        code.max_locals,
        code.max_stack,
        FrameKind::Call,
        Ref::NULL,
    );
    let Some(frame) = exec.frames.last() else {
        return false;
    };
    *view = View::of(classes.get(m.class), code, frame, true);
    regs.resume(0, &mut exec.stack);
    true
}

/// A `return` (with `value`, one that returns a value) made between inner-loop runs in plain
/// execution, of a frame [`enter_call`] or `Vm::call` pushed for an ordinary call of a method
/// that holds no monitor: the frame popped, as `Vm::op_return` pops it, and `view` and `regs`
/// moved to the caller, after its invoke. `false` (nothing changed) leaves it to the outer
/// loop.
#[inline(always)]
fn leave_call<'w>(
    world: &mut World<'w>,
    view: &mut View<'w>,
    regs: &mut Regs,
    value: bool,
) -> bool {
    let exec = &mut *world.exec;
    let [.., caller, callee] = &exec.frames[..] else {
        return false;
    };
    if callee.kind != FrameKind::Call || !callee.lock.is_null() {
        return false;
    }
    let (caller, base) = (caller.clone(), callee.locals as usize);
    let m = world.classes.method(caller.method);
    let Body::Code(code) = m.body() else {
        return false;
    };
    // SAFETY: as in the outer loop's `sync!`.
    unsafe { exec.stack.set_len(regs.sp) };
    exec.frames.pop();
    match value {
        true => exec.collapse_to(base),
        false => exec.stack.truncate(base),
    }
    *view = View::of(world.classes.get(m.class), code, &caller, true);
    regs.resume(caller.pc as usize + 1, &mut exec.stack);
    true
}

/// A `new` (of pool entry `index`) made between inner-loop runs in plain execution, as
/// `Vm::op_new` makes it: the object allocated and pushed, if its class is resolved,
/// instantiable and initialized, and the heap has room for it without a collection. `false`
/// (nothing changed) leaves it to the outer loop.
fn new_object(
    world: &mut World<'_>,
    heap: &mut Heap,
    view: &View<'_>,
    regs: &mut Regs,
    index: u16,
) -> bool {
    let Some(&Resolved::Class(target)) = view.resolved(index) else {
        return false;
    };
    let class = world.classes.get(target);
    let defaults = &class.instance_defaults;
    let ready = class.is_instantiable()
        && initialized(world.class_states, target)
        && heap
            .bytes()
            .saturating_add(instance_footprint(defaults.len()))
            <= world.opts.heap_limit;
    if !ready {
        return false;
    }
    let r = heap.alloc(Obj::new(target, ObjData::Fields(Box::from(&defaults[..]))));
    let stack = &mut world.exec.stack;
    // SAFETY: as in the outer loop's `sync!`.
    unsafe { stack.set_len(regs.sp) };
    stack.push(Value::Ref(r));
    regs.resume(regs.pc + 1, stack);
    true
}

/// Plain execution's inner loop: [`execute`], with static field accesses of initialized
/// classes ([`access_static`]), calls and returns through call-site caches ([`enter_call`],
/// [`leave_call`]) and allocations ([`new_object`]) made between its runs, so that they cost
/// neither the outer loop nor the inner loop's registers. They report no events: plain
/// execution's machine ([`Plain`](crate::Plain)) wants none. With `true`, the loop ended in a
/// frame other than `view`'s (the outer loop takes up the new top frame and runs its
/// instruction again).
#[inline]
fn run_plain<'w, M: Machine>(
    view: &View<'w>,
    heap: &mut Heap,
    world: &mut World<'w>,
    regs: &mut Regs,
) -> (Exit, bool) {
    let mut view = *view;
    let mut moved = false;
    loop {
        // The run's charge to the budget (see `goto!` in `execute`).
        let Some(rest) = regs.left.checked_sub(1) else {
            return (Exit::Budget, moved);
        };
        regs.left = rest;
        let exit = execute_outlined::<M>(&view, heap, regs);
        let Exit::Slow(insn) = exit else {
            return (exit, moved);
        };
        // Whether the operation was made, and whether it moved to another frame.
        let made = match insn {
            Insn::InvokeSpecial(index) if drop_empty_call(&view, regs, index) => Some(false),
            Insn::InvokeStatic(_)
            | Insn::InvokeSpecial(_)
            | Insn::InvokeVirtual(_)
            | Insn::InvokeInterface(_) => {
                enter_call(world, heap, &mut view, regs, insn).then_some(true)
            }
            Insn::Return => leave_call(world, &mut view, regs, false).then_some(true),
            Insn::ReturnValue => leave_call(world, &mut view, regs, true).then_some(true),
            Insn::GetStatic(index) | Insn::PutStatic(index) => {
                access_static(world, heap, &view, regs, insn, index).then_some(false)
            }
            Insn::New(index) => new_object(world, heap, &view, regs, index).then_some(false),
            _ => None,
        };
        match made {
            Some(moves) => moved |= moves,
            None => return (exit, moved),
        }
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
    /// Executes the thread whose state is `exec` until it stops; `budget` counts down (each
    /// instruction under a machine that explores, each branch taken and run of the inner loop
    /// in plain execution) and ends the run at 0, or pauses it at
    /// [`Registers::checkpoint`](crate::vm::Registers::checkpoint).
    pub fn interpret(&mut self, exec: &mut Exec, budget: &mut u64) -> Stop {
        // The stepwise driver asks for exactly one instruction (which plain execution runs
        // alone: its register forms and budget count several as one).
        let one_step = self.regs.single_step;
        let floor = if one_step {
            budget.saturating_sub(1)
        } else {
            self.regs.checkpoint.min(*budget)
        };
        // The inner loop's registers. `left` counts the budget left before `floor` (in
        // instructions, or in plain execution branches and runs: see `goto!` in `execute`);
        // `*budget` is written back (as `floor + left`) wherever the loop hands over to code
        // that reads it.
        let mut r = Regs {
            pc: 0,
            base: std::ptr::null_mut(),
            sp: 0,
            cap: 0,
            left: *budget - floor,
        };
        'frame: loop {
            let Some(frame) = exec.frames.last() else {
                *budget = floor + r.left;
                return Stop::FramesEmpty;
            };
            let method = self.classes.method(frame.method).clone();
            let class = self.classes.get(method.class).clone();
            let Some(code) = method.code.as_ref() else {
                // Only bytecode methods get frames; anything else is a VM bug.
                tracing::error!(?method, "frame without code");
                *budget = floor + r.left;
                return Stop::FramesEmpty;
            };
            let locals = frame.locals as usize;
            let stack_base = frame.stack_base as usize;
            let method_id = frame.method;
            r.pc = frame.pc as usize;
            let in_system = class.system;
            let library_frame = M::EXPLORES && in_system;
            let recording = M::EXPLORES && M::recording(self);
            let array_events = M::EXPLORES
                && (M::wants(self, VmEventKind::ArrayRead)
                    || M::wants(self, VmEventKind::ArrayWritten));
            // Whether the next entry to the inner loop retries an instruction already
            // recorded (after making room on the stack).
            let mut retry = false;
            // Whether the next entry to the inner loop runs one instruction alone (the first
            // of a register form that could not complete as a whole).
            let mut single = false;

            let view = View::of(&class, code, frame, !M::EXPLORES);

            // The inner loop uses the value stack through a raw pointer (see [`execute`]);
            // `sync!` stores its length back into the vector before anything else looks at the
            // stack, and `reload!` picks the buffer up again after.
            macro_rules! reload {
                () => {{
                    r.resume(r.pc, &mut exec.stack);
                }};
            }
            reload!();
            debug_assert!(
                r.sp >= stack_base && usize::from(code.max_locals) == stack_base - locals
            );
            // Hands the stack back to the vector (its length becomes `sp`) and stores the
            // instruction pointer and the budget, for the code the outer loop calls.
            macro_rules! sync {
                () => {{
                    // SAFETY: entries below `sp` were all written (see `execute`), and sp <= cap.
                    unsafe { exec.stack.set_len(r.sp) };
                    if let Some(f) = exec.frames.last_mut() {
                        f.pc = r.pc as u32;
                    }
                    *budget = floor + r.left;
                }};
            }
            // After an operation that may have pushed, popped or unwound frames: stay in this
            // frame's loop if the same frame is still on top, else reload the new top frame.
            macro_rules! resume {
                () => {{
                    match exec.frames.last() {
                        Some(f) if f.method == method_id && f.locals as usize == locals => {
                            r.pc = f.pc as usize;
                            reload!();
                            continue;
                        }
                        _ => continue 'frame,
                    }
                }};
            }
            // Throws from the outer loop (after `sync!`).
            macro_rules! throw_vm {
                ($class:expr, $msg:expr) => {{
                    if let Err(stop) = self.throw_new(exec, $class, $msg) {
                        return stop;
                    }
                    resume!()
                }};
            }
            // Runs an operation from the outer loop (after `sync!`).
            macro_rules! complex {
                ($e:expr) => {{
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

            loop {
                if recording && !retry {
                    M::record(self, method_id, r.pc as u32);
                }
                retry = false;
                let quiet = library_frame && M::quiet_library(self);
                let jvm = &mut self.jvm;
                let heap = &mut jvm.state.heap;
                // Whether plain execution's loop moved to another frame (see `run_plain`).
                let mut moved = false;
                let exit = match (M::EXPLORES, recording) {
                    _ if !M::EXPLORES && (single || one_step) => {
                        single = false;
                        execute_single::<M>(&view, heap, &mut r)
                    }
                    (false, _) => {
                        let mut world = World {
                            classes: &jvm.classes,
                            opts: &jvm.opts,
                            class_states: &jvm.state.class_states,
                            exec: &mut *exec,
                        };
                        let exit;
                        (exit, moved) = run_plain::<M>(&view, heap, &mut world, &mut r);
                        exit
                    }
                    (true, false) => execute::<M, false>(&view, heap, &mut r, quiet),
                    (true, true) => execute::<M, true>(&view, heap, &mut r, quiet),
                };

                if let Exit::Record = exit {
                    continue;
                }
                // From here on the stack is the vector's, until `reload!`.
                sync!();
                if moved && !matches!(exit, Exit::Budget) {
                    // The new top frame's instruction runs again from its own loop.
                    continue 'frame;
                }
                // A fault of the current instruction: the exception it throws.
                macro_rules! fault {
                    ($f:expr) => {{
                        match $f.exception() {
                            Some((class, message)) => throw_vm!(class, message),
                            None => {
                                exec.stack.reserve(usize::from(code.max_stack).max(8));
                                reload!();
                                r.left += 1;
                                retry = true;
                                continue;
                            }
                        }
                    }};
                }
                let insn = match exit {
                    Exit::Record => continue,
                    Exit::Budget => return Stop::Budget,
                    Exit::Slow(insn) => insn,
                    Exit::Fault(Fault::Unfused) => {
                        reload!();
                        r.left += 1;
                        single = true;
                        continue;
                    }
                    Exit::Fault(f) => fault!(f),
                };

                // An array access event (to a machine that wants them).
                macro_rules! array_event {
                    ($event:ident, $array:expr, $index:expr) => {{
                        if array_events {
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
                                return Stop::Break;
                            }
                        }
                    }};
                }
                match insn {
                    Insn::Ldc(index) | Insn::Ldc2(index) => {
                        complex!(self.op_ldc(exec, &class, index))
                    }
                    Insn::ArrayLoad => {
                        let array = exec.peek(1).as_ref();
                        element_access!(array, false);
                        if M::EXPLORES {
                            M::read(self, array);
                        }
                        let index = exec.peek(0).as_int();
                        match load_element_outer(&self.state.heap, array, index) {
                            Ok(v) => {
                                exec.pop();
                                exec.pop();
                                exec.push(v);
                                array_event!(ArrayRead, array, index);
                                r.pc += 1;
                                reload!();
                            }
                            Err(f) => fault!(f),
                        }
                    }
                    Insn::ArrayStore => {
                        let array = exec.peek(2).as_ref();
                        element_access!(array, true);
                        let value = exec.peek(0);
                        let index = exec.peek(1).as_int();
                        if let Value::Ref(r) = value {
                            if !r.is_null() {
                                if let Err(message) = self.check_array_store(array, r) {
                                    throw_vm!("java/lang/ArrayStoreException", Some(message))
                                }
                            }
                        }
                        // What the store replaces, for a machine that tracks stores.
                        let old = match M::EXPLORES {
                            true => load_element_outer(&self.state.heap, array, index)
                                .unwrap_or_default(),
                            false => Value::Void,
                        };
                        match store_element_outer(&mut self.state.heap, array, index, value) {
                            Ok(()) => {
                                exec.stack.truncate(exec.stack.len().saturating_sub(3));
                                if M::EXPLORES {
                                    M::stored(self, array, old, value);
                                }
                                array_event!(ArrayWritten, array, index);
                                r.pc += 1;
                                reload!();
                            }
                            Err(f) => fault!(f),
                        }
                    }
                    Insn::Return => complex!(self.op_return(exec, false)),
                    Insn::ReturnValue => complex!(self.op_return(exec, true)),
                    Insn::GetField(index) => complex!(self.op_getfield(exec, &class, index)),
                    Insn::PutField(index) => complex!(self.op_putfield(exec, &class, index)),
                    Insn::GetStatic(index) => complex!(self.op_getstatic(exec, &class, index)),
                    Insn::PutStatic(index) => complex!(self.op_putstatic(exec, &class, index)),
                    Insn::InvokeVirtual(index) => complex!(self.op_invoke(
                        exec,
                        &class,
                        index,
                        super::operations::Kind::Virtual
                    )),
                    Insn::InvokeSpecial(index) => complex!(self.op_invoke(
                        exec,
                        &class,
                        index,
                        super::operations::Kind::Special
                    )),
                    Insn::InvokeStatic(index) => complex!(self.op_invoke(
                        exec,
                        &class,
                        index,
                        super::operations::Kind::Static
                    )),
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
                    Insn::Athrow => {
                        let ex = exec.peek(0).as_ref();
                        if ex.is_null() {
                            throw_vm!("java/lang/NullPointerException", None)
                        }
                        complex!(self.throw(exec, ex))
                    }
                    Insn::CheckCast(index) => {
                        let obj = exec.peek(0).as_ref();
                        complex!(self.op_checkcast(exec, &class, index, obj))
                    }
                    Insn::InstanceOf(index) => complex!(self.op_instanceof(exec, &class, index)),
                    Insn::MonitorEnter => complex!(self.op_monitorenter(exec, in_system)),
                    Insn::MonitorExit => complex!(self.op_monitorexit(exec)),
                    // Everything else is the inner loop's, which never hands it over.
                    _ => {
                        tracing::error!(?insn, "instruction left the inner loop");
                        throw_vm!("java/lang/InternalError", Some(format!("{insn:?}")))
                    }
                }
            }
        }
    }
}
