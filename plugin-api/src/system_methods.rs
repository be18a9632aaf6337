//! Which methods belong to the Java class library, cached: listeners that leave the JDK's
//! own code out ask at nearly every event.

use std::collections::HashMap;

use crate::host::HostRef;

/// Whether methods belong to the class library (or rpf's models), by host method id.
#[derive(Debug, Default)]
pub struct SystemMethods(HashMap<u32, bool>);

impl SystemMethods {
    /// Whether `method` belongs to the class library (unknown methods count as such).
    pub fn is_system(&mut self, host: &HostRef<'_, '_>, method: u32) -> bool {
        *self.0.entry(method).or_insert_with(|| {
            host.method_info(method)
                .into_option()
                .is_none_or(|m| m.system)
        })
    }
}
