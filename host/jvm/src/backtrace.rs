//! A Throwable's backtrace: the frames `fillInStackTrace` records, read back for stack
//! traces, helpful NullPointerException messages and error reports. The one place that
//! knows its encoding.
//!
//! It is a `long[]` of `(method key, pc)` pairs, innermost frame first. Methods are named by
//! key, not id: the backtrace is program state, and ids follow the order classes were loaded
//! in, which differs between VMs.

use crate::class::MethodId;
use crate::heap::ObjData;
use crate::value::Ref;
use crate::vm::Jvm;

/// The backtrace of frames `(method, pc)`, innermost first.
pub fn encode(vm: &Jvm, frames: &[(MethodId, u32)]) -> ObjData {
    let encoded: Vec<i64> = frames
        .iter()
        .flat_map(|&(m, pc)| [vm.classes.method(m).key as i64, i64::from(pc)])
        .collect();
    ObjData::Longs(encoded.into())
}

/// The frames `(method, pc)` recorded in `throwable`'s backtrace, innermost first.
pub fn frames(vm: &Jvm, throwable: Ref) -> Vec<(MethodId, u32)> {
    let bt = vm.field(throwable, vm.known.throwable_backtrace).as_ref();
    match vm.state.heap.get(bt).map(|o| &o.data) {
        Some(ObjData::Longs(l)) => l
            .chunks_exact(2)
            .filter_map(|f| Some((vm.classes.method_by_key(f[0] as u64)?, f[1] as u32)))
            .collect(),
        _ => Vec::new(),
    }
}
