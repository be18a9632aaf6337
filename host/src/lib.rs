//! rpf ("Rust PathFinder"): a Java virtual machine written for model checking, in the tradition
//! of NASA's Java PathFinder.
//!
//! The crate is organized by concept: [`classfile`] parses and validates class files,
//! [`classpath`] finds class bytes (model classes, the JDK image, the user's class path),
//! [`vm`] is the interpreter with its heap, threads and natives, [`launch`] turns settings into
//! a running VM, and [`cli`] is the command line.

pub mod api_jar;
pub mod check;
pub mod classfile;
pub mod classpath;
pub mod cli;
pub mod launch;
pub mod plugins;
pub mod search;
pub mod vm;
pub mod word_hash;
