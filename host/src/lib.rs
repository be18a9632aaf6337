//! rpf ("Rust PathFinder"): an explicit-state model checker for Java bytecode, in the
//! tradition of NASA's Java PathFinder.
//!
//! The JVM is its own crate, [`rpf_jvm`], generic over the machine that drives it. This
//! crate drives it: [`check`] is the model checker (the Java program as a model for the
//! [`rpf_search`] engine, scheduling points and partial order reduction, footprints,
//! fingerprints, properties, error traces and reports), [`plugins`] the plugin host,
//! [`launch`] turns settings into a running VM, [`signals`] turns signals into a request to
//! stop, [`cli`] is the command line, and [`allocator`] the executable's memory allocator.

pub mod allocator;
pub mod api_jar;
pub mod check;
pub mod cli;
pub mod junit;
pub mod launch;
pub mod plugins;
pub mod signals;
