//! `StackWalker`: the natives of `java.lang.StackStreamFactory` that hand the JDK's stack
//! walk batches of the calling thread's frames, and `StackTraceElement`s for `StackFrame`s.
//!
//! The JDK drives the walk: `callStackWalk` fills the first batch and calls back into the
//! walker's `doStackWalk`, which consumes frames and asks `fetchStackFrames` for the next
//! batches. Where the walk has got to is kept in the walker's own `anchor` field, which the
//! JDK passes to every `fetchStackFrames` (and reads again before each): the walk's progress
//! is program state, saved and restored with the rest, should the walk reach a scheduling
//! point.

use super::lang::fill_element;
use super::registry::NativeRegistry;
use super::support::{string_arg, Args};
use super::varhandle::{fill_method_member, invoke_kind};
use crate::class::{ClassId, MethodId};
use crate::flow::{NativeExit, NativeResult, Unsupported};
use crate::machine::Machine;
use crate::thread::Exec;
use crate::value::{Ref, Value};
use crate::vm::Vm;

const FACTORY: &str = "java/lang/StackStreamFactory";
const WALKER: &str = "java/lang/StackStreamFactory$AbstractStackWalker";

/// Mode bits of JDK 17's `StackStreamFactory` (rpf runs JDK 17's class library, so
/// `checkStackWalkModes` answers that they match).
const FILL_CLASS_REFS_ONLY: i64 = 0x2;
const SHOW_HIDDEN_FRAMES: i64 = 0x20;
const FILL_LIVE_STACK_FRAMES: i64 = 0x100;

/// Marks an anchor as one of rpf's (the low 32 bits: the index of the next frame to hand out,
/// plus one; zero when the walk reached the bottom).
const ANCHOR_TAG: i64 = 0x5250_4657 << 32;

/// Registers the stack walk natives.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    r.add(FACTORY, "checkStackWalkModes", "()Z", |_, _, _| {
        Ok(Value::Int(1))
    });
    r.add(
        WALKER,
        "callStackWalk",
        "(JIII[Ljava/lang/Object;)Ljava/lang/Object;",
        call_stack_walk,
    );
    r.add(
        WALKER,
        "fetchStackFrames",
        "(JJII[Ljava/lang/Object;)I",
        fetch_stack_frames,
    );
    r.add(
        "java/lang/StackTraceElement",
        "initStackTraceElement",
        "(Ljava/lang/StackTraceElement;Ljava/lang/StackFrameInfo;)V",
        |vm, _, a| {
            let (element, info) = (a.obj(0), a.obj(1));
            let member = vm.field_by_name(info, "memberName").as_ref();
            let Some(method) = member_method(vm, member) else {
                return Err(NativeExit::ThrowNew(
                    "java/lang/InternalError",
                    Some("StackFrameInfo without a method".to_string()),
                ));
            };
            let bci = vm.field_by_name(info, "bci").as_int();
            let pc = vm
                .classes
                .method(method)
                .code
                .as_ref()
                .and_then(|c| {
                    c.offsets
                        .iter()
                        .position(|&o| i64::from(o) == i64::from(bci))
                })
                .unwrap_or(0);
            fill_element(vm, element, method, pc as u32);
            Ok(Value::Void)
        },
    );
}

/// `callStackWalk(mode, skipFrames, batchSize, startIndex, frames)`: skips the walker's own
/// frames and `skipFrames` more, fills the first batch and continues in the walker's
/// `doStackWalk`, whose result becomes this call's.
fn call_stack_walk<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let (walker, mode, skip, batch, start, frames) =
        (a.obj(0), a.long(1), a.int(2), a.int(3), a.int(4), a.obj(5));
    if mode & FILL_LIVE_STACK_FRAMES != 0 {
        return Err(NativeExit::Unsupported(Unsupported::Feature(
            "StackWalker's live stack frames (locals and operands)".to_string(),
        )));
    }
    let Some(walker_class) = vm.classes.lookup(WALKER) else {
        return Err(internal("no AbstractStackWalker"));
    };
    let mut next = exec.frames.len();
    while next > 0 && is_walk_machinery(vm, exec.frames[next - 1].method, walker_class) {
        next -= 1;
    }
    for _ in 0..skip.max(0) {
        match visible_below(vm, exec, next, mode) {
            Some(i) => next = i,
            None => {
                next = 0;
                break;
            }
        }
    }
    let (end, next) = fill(vm, exec, mode, next, batch, start, frames)?;
    let Some(do_walk) =
        vm.classes
            .find_method(walker_class, "doStackWalk", "(JIIII)Ljava/lang/Object;")
    else {
        return Err(internal("no doStackWalk"));
    };
    // `doStackWalk`'s result is this call's.
    Err(NativeExit::Call(
        do_walk,
        vec![
            Value::Ref(walker),
            Value::Long(anchor(next)),
            Value::Int(skip),
            Value::Int(batch),
            Value::Int(start),
            Value::Int(end),
        ],
    ))
}

/// `fetchStackFrames(mode, anchor, batchSize, startIndex, frames)`: the next batch, from
/// where the anchor says the walk got to; the end index of what was filled.
fn fetch_stack_frames<M: Machine>(vm: &mut Vm<M>, exec: &mut Exec, a: &[Value]) -> NativeResult {
    let (walker, mode, anchor_value, batch, start, frames) =
        (a.obj(0), a.long(1), a.long(2), a.int(3), a.int(4), a.obj(5));
    if anchor_value & !0xFFFF_FFFF != ANCHOR_TAG
        || (anchor_value & 0xFFFF_FFFF) as usize > exec.frames.len()
    {
        return Err(NativeExit::ThrowNew(
            "java/lang/InternalError",
            Some(format!(
                "doStackWalk: corrupted buffers or anchor {anchor_value:#x}"
            )),
        ));
    }
    let next = (anchor_value & 0xFFFF_FFFF) as usize;
    let (end, next) = fill(vm, exec, mode, next, batch, start, frames)?;
    vm.set_field_by_name(walker, "anchor", Value::Long(anchor(next)));
    Ok(Value::Int(end))
}

fn anchor(next: usize) -> i64 {
    ANCHOR_TAG | next as i64
}

fn internal(what: &str) -> NativeExit {
    NativeExit::ThrowNew("java/lang/InternalError", Some(what.to_string()))
}

/// Fills `frames[start..]` with up to `batch` frames below frame index `next` (exclusive);
/// the end index filled and the new `next`.
fn fill<M: Machine>(
    vm: &mut Vm<M>,
    exec: &Exec,
    mode: i64,
    mut next: usize,
    batch: i32,
    start: i32,
    frames: Ref,
) -> Result<(i32, usize), NativeExit> {
    let Some(capacity) = vm.state.heap.get(frames).and_then(|o| o.data.array_len()) else {
        return Err(NativeExit::ThrowNew("java/lang/NullPointerException", None));
    };
    let mut end = start.max(0) as usize;
    let limit = capacity.min(end + batch.max(0) as usize);
    while end < limit {
        let Some(i) = visible_below(vm, exec, next, mode) else {
            next = 0;
            break;
        };
        let f = &exec.frames[i];
        store_frame(vm, frames, end, f.method, f.pc, mode)?;
        next = i;
        end += 1;
    }
    Ok((end as i32, next))
}

/// The index of the first frame below `next` a walk in `mode` shows.
fn visible_below<M: Machine>(vm: &Vm<M>, exec: &Exec, next: usize, mode: i64) -> Option<usize> {
    (0..next)
        .rev()
        .find(|&i| mode & SHOW_HIDDEN_FRAMES != 0 || !is_hidden(vm, exec.frames[i].method))
}

/// Frames HotSpot hides from stack walks: those of hidden classes, where rpf's generated
/// classes (lambda proxies, reflection adapters, string concatenation) count as hidden.
fn is_hidden<M: Machine>(vm: &Vm<M>, method: MethodId) -> bool {
    vm.classes.get(vm.classes.method(method).class).is_hidden()
}

/// The walk's own frames, which every walk starts below: `StackWalker`'s and those of the
/// walker classes.
fn is_walk_machinery<M: Machine>(vm: &Vm<M>, method: MethodId, walker: ClassId) -> bool {
    let class = vm.classes.method(method).class;
    if &*vm.classes.get(class).name == "java/lang/StackWalker" {
        return true;
    }
    let mut c = Some(class);
    while let Some(id) = c {
        if id == walker {
            return true;
        }
        c = vm.classes.get(id).super_class;
    }
    false
}

/// Element `index` of a walk's buffer: the class (class-only modes) or the `StackFrameInfo`
/// the JDK allocated there, given its method and bytecode index.
fn store_frame<M: Machine>(
    vm: &mut Vm<M>,
    frames: Ref,
    index: usize,
    method: MethodId,
    pc: u32,
    mode: i64,
) -> Result<(), NativeExit> {
    let m = vm.classes.method(method).clone();
    if mode & FILL_CLASS_REFS_ONLY != 0 {
        let mirror = vm.mirror(m.class);
        vm.state
            .heap
            .store_element(frames, index, Value::Ref(mirror));
        return Ok(());
    }
    let info = vm
        .state
        .heap
        .get(frames)
        .and_then(|o| o.data.load(index))
        .map(|v| v.as_ref())
        .filter(|r| !r.is_null())
        .ok_or_else(|| internal("StackFrameInfo buffer not allocated"))?;
    let member = vm.field_by_name(info, "memberName").as_ref();
    let interface = vm.classes.get(m.class).is_interface();
    let ref_kind = invoke_kind(i32::from(m.access), &*m.name == "<init>", interface);
    fill_method_member(
        vm,
        member,
        m.class,
        (&m.name, &m.desc),
        i32::from(m.access),
        ref_kind,
    );
    let bci = m
        .code
        .as_ref()
        .and_then(|c| c.offsets.get(pc as usize).copied())
        .unwrap_or(0);
    vm.set_field_by_name(info, "bci", Value::Int(bci as i32));
    Ok(())
}

/// The method a `StackFrameInfo`'s MemberName names.
fn member_method<M: Machine>(vm: &mut Vm<M>, member: Ref) -> Option<MethodId> {
    let mirror = vm.field_by_name(member, "clazz").as_ref();
    let class = vm.class_of_mirror(mirror)?;
    let name = string_arg(vm, vm.field_by_name(member, "name").as_ref()).ok()?;
    let desc = string_arg(vm, vm.field_by_name(member, "type").as_ref()).ok()?;
    vm.classes.find_method(class, &name, &desc)
}
