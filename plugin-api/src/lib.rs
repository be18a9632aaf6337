//! The stable ABI between the rpf host and its plugins.
//!
//! This crate is deliberately small until the plugin host lands: it fixes the ABI version
//! constant that both sides compare before anything else is exchanged.

/// Bumped whenever a change to this crate breaks binary compatibility with built plugins.
pub const ABI_VERSION: u32 = 1;
