//! Helpful NullPointerException messages (JEP 358), computed from the faulting bytecode.

use super::value::Ref;
use super::Vm;

/// The message HotSpot would give an NPE raised implicitly by the VM, or `None` for NPEs
/// created explicitly by Java code.
pub fn extended_message(_vm: &Vm, _npe: Ref) -> Option<String> {
    None
}
