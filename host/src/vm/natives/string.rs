//! String natives and intrinsics.

use super::{jbool, NativeRegistry};

/// Registers the natives of this module.
pub fn register(r: &mut NativeRegistry) {
    // rpf stores UTF16 string bytes little-endian.
    r.add("java/lang/StringUTF16", "isBigEndian", "()Z", |_, _, _| {
        Ok(jbool(false))
    });
}
