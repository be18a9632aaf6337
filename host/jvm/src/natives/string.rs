//! String natives and intrinsics.

use crate::machine::Machine;
use crate::natives::registry::NativeRegistry;
use crate::natives::support::jbool;

/// Registers the natives of this module.
pub fn register<M: Machine>(r: &mut NativeRegistry<M>) {
    // rpf stores UTF16 string bytes little-endian.
    r.add("java/lang/StringUTF16", "isBigEndian", "()Z", |_, _, _| {
        Ok(jbool(false))
    });
}
