//! What `gov.nasa.jpf.vm.Verify`'s counters, keyed values, bit sets and heuristic value
//! hold: values every path of a search shares, kept outside the program state so that
//! backtracking keeps them, as in JPF (each search worker has its own).

use std::collections::HashMap;

/// The values (read and written by the `Verify` natives).
#[derive(Debug, Default)]
pub struct VerifyGlobals {
    pub(crate) counters: HashMap<i32, i32>,
    pub(crate) values: HashMap<String, i32>,
    pub(crate) bits: HashMap<(i32, i32), bool>,
    pub(crate) heuristic: i32,
}
